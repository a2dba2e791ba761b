"""How a simulated fight ends: defeat, a stalemate with no path, the round cap (undecided); the
summary counts each ending and shows the undecided share; the bundled scenarios end decided."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import brawl
from brawl import Creature, Encounter, Pos, Terrain
from brawl.actions import EndRound
from brawl.geometry import distance
from brawl.policy import can_fight, greedy, threat
from brawl.scenario import bundled_zone_scenarios
from brawl.sim import (
    ALL_DOWN,
    DEFEATED,
    ROUND_CAP,
    STALEMATE,
    FightResult,
    Summary,
    _out_of_reach,
    play,
    simulate,
    stalemate,
)
from brawl.simcli import report
from brawl.terrain import Cell, Material

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


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


def plain_stalemate(state: Encounter) -> bool:
    """:func:`stalemate` the long way: the reach of every standing creature's attacks found first,
    then every pair of enemies measured against it, then where each side could ever go (the same
    :func:`_out_of_reach`)."""
    if brawl.zone.world(state) is not None:
        return False
    standing = [c for c in state.creature_list() if can_fight(c)]
    reach = max((threat(c) for c in standing), default=0)
    for i, c in enumerate(standing):
        for d in standing[i + 1 :]:
            if c.side != d.side and distance(c.pos, c.n, d.pos, d.n) <= reach:
                return False
    return _out_of_reach(state, standing, reach)


def _apart(gap: int) -> Encounter:
    """The abilities benchmark's two creatures whose attacks reach 10 squares (mara, the sniper),
    alone on its map, ``gap`` squares apart along a row."""
    state = brawl.load_scenario(BENCH / "four_vs_six_abilities.toml")
    keep = [state.creatures["mara"], state.creatures["sniper"]]
    a = attrs.evolve(keep[0], pos=Pos(2, 1, 0))
    b = attrs.evolve(keep[1], pos=Pos(2 + gap, 1, 0))
    return Encounter.create(state.terrain, [a, b], seed=1)


def test_a_stalemate_is_what_the_long_way_finds() -> None:
    """Whether a fight can still come to blows, asked with enemies a ranged Free Strike's 5 squares
    apart first, is what measuring every pair against the longest attack finds: after each round
    of fights, walled apart with and without a way through, and two creatures with ranged-10
    attacks 8, 10 and 12 squares apart on open ground (8: within their reach, not within 5)."""
    states = [walled(gap=False), walled(gap=True), _apart(8), _apart(10), _apart(12)]
    for name, seed in (("four_vs_six.toml", 1), ("four_vs_six_abilities.toml", 2)):
        start = brawl.load_scenario(BENCH / name).with_rng(brawl.Rng(seed))
        state = start
        for action in play(start, policy=greedy, max_rounds=4).actions:
            state = brawl.apply(state, action).state
            if isinstance(action, EndRound):
                states.append(state)
    found = [stalemate(s) for s in states]
    assert found == [plain_stalemate(s) for s in states]
    assert found[:5] == [True, False, False, False, False]  # 12 apart: each can walk within 10
    assert len(states) > 8


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
