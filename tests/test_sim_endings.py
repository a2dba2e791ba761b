"""How a simulated fight ends: defeat, a stalemate with no path, the round cap (undecided); the
summary counts each ending and shows the undecided share; the bundled scenarios end decided."""

from __future__ import annotations

import pytest

import brawl
from brawl import Creature, Encounter, Pos, Terrain
from brawl.scenario import bundled_zone_scenarios
from brawl.sim import (
    ALL_DOWN,
    DEFEATED,
    ROUND_CAP,
    STALEMATE,
    FightResult,
    Summary,
    play,
    simulate,
    stalemate,
)
from brawl.simcli import report
from brawl.terrain import Cell, Material


def walled(gap: int) -> Encounter:
    """Two creatures on a 24 x 3 map, a stone wall 7 squares thick across it (x = 9 to 15) with a
    passage at y = 1 when ``gap`` (else none): 20 squares apart, walking only. Through the wall the
    nearest squares are 8 apart, beyond a ranged Free Strike's 5."""
    wall = {
        Pos(x, y, z): Cell(Material.STONE)
        for x in range(9, 16)
        for y in range(3)
        for z in range(0, 4)
        if not (gap and y == 1)
    }
    t = Terrain.flat(24, 3, height=4, below=2).with_cells(wall)
    a = Creature(id="a", side="heroes", hero=True, stamina_max=20, pos=(1, 1))
    b = Creature(id="b", stamina_max=20, pos=(21, 1))
    return Encounter.create(t, [a, b], seed=2)


def test_a_fight_with_no_path_ends_in_a_stalemate() -> None:
    """Walled apart with no way round, the fight ends after its first round, undecided, saying
    why; with a passage through the wall the creatures meet and fight it out."""
    start = walled(gap=False)
    assert stalemate(start)
    for policy in ("greedy", "tactical"):
        fight = play(start, policy=brawl.policy.policy_named(policy), seed=1)
        assert (fight.winner, fight.ending, fight.rounds) == (None, STALEMATE, 1)
        assert fight.ending == "stalemate: no path"
    opened = walled(gap=True)
    assert not stalemate(opened)
    fight = play(opened, policy=brawl.policy.tactical, seed=1, max_rounds=30)
    assert fight.ending in (DEFEATED, ALL_DOWN)
    assert any(c.stamina < c.stamina_max for c in fight.state.creature_list())


def test_the_round_cap_leaves_the_fight_undecided() -> None:
    """A fight still on at the round cap (a safety bound) has no winner and says so."""
    fight = play(walled(gap=True), policy=brawl.policy.tactical, seed=1, max_rounds=1)
    assert (fight.winner, fight.ending) == (None, ROUND_CAP)


def test_the_summary_counts_the_endings_and_the_undecided_share() -> None:
    """Each ending counted; undecided = no winner (the cap and stalemates); the report's lines say both."""
    start = walled(gap=False)
    results = [
        FightResult(0, "heroes", 3, ("a",), DEFEATED),
        FightResult(1, None, 20, ("a", "b"), ROUND_CAP),
        FightResult(2, None, 1, ("a", "b"), STALEMATE),
        FightResult(3, "director", 4, ("b",)),
    ]
    s = Summary.of(start, results)
    assert dict(s.endings) == {DEFEATED: 2, STALEMATE: 1, ROUND_CAP: 1}
    assert (s.undecided, s.undecided_share) == (2, 0.5)
    assert s.to_dict()["endings"] == {DEFEATED: 2, STALEMATE: 1, ROUND_CAP: 1}
    assert s.to_dict()["undecided_share"] == 0.5
    text = report(s, "Walled")
    assert "  undecided   50.0%  2" in text
    assert "Endings: defeated 2, stalemate: no path 1, round cap 1" in text
    assert simulate(start, runs=2).endings == {STALEMATE: 2}


@pytest.mark.parametrize("name", [*brawl.bundled_scenarios(), *bundled_zone_scenarios()])
def test_every_bundled_scenario_ends_decided(name: str) -> None:
    """Under the default policy, at least 95% of the fights of each bundled scenario end decided
    before the round cap (here: 20 seeded fights, at most one undecided)."""
    summary = simulate(brawl.load_scenario(brawl.bundled_scenario(name)), runs=20)
    assert summary.undecided <= 1, summary.endings
    assert summary.endings.get(ROUND_CAP, 0) == 0
