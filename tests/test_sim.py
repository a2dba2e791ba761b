"""Simulation: seeded fights under a policy, and their summary."""

import pytest

import brawl
from brawl import sim


def duel() -> brawl.Encounter:
    kira = brawl.Creature(
        id="kira", side="heroes", hero=True, stamina_max=30, pos=(1, 1),
        characteristics=brawl.Characteristics(might=2),
    )  # fmt: skip
    gob = brawl.Creature(id="gob", stamina_max=10, pos=(5, 4))
    return brawl.Encounter.create(brawl.Terrain.flat(8, 8), [kira, gob], seed=4)


def test_a_fight_is_played_to_the_end_and_replays() -> None:
    """The greedy policy closes in and strikes until one side stands alone; the log replays."""
    start = duel()
    fight = sim.play(start)
    assert fight.winner in ("heroes", "director")
    assert sim.standing_sides(fight.state) == (fight.winner,)
    assert sim.replay_fight(start, fight).state == fight.state
    assert fight.rounds >= 1


def test_simulate_is_deterministic_and_adds_up() -> None:
    """The same seed gives the same summary; wins and undecided fights add up to the runs."""
    a = sim.simulate(duel(), runs=4, seed=10)
    b = sim.simulate(duel(), runs=4, seed=10)
    assert a == b
    assert sum(a.wins.values()) + a.undecided == 4
    assert [cid for cid, _ in a.survival] == ["kira", "gob"]
    assert all(0 <= share <= 1 for _, share in a.survival)
    assert "4 fights" in a.explain()


def test_a_round_limit_leaves_fights_undecided() -> None:
    """Two creatures that cannot reach each other: no winner after the round limit."""
    walls = {brawl.Pos(4, y, z): brawl.Cell(brawl.Material.STONE) for y in range(8) for z in range(20)}
    enc = duel().with_terrain(brawl.Terrain.flat(8, 8).with_cells(walls))
    summary = sim.simulate(enc, runs=2, max_rounds=2)
    assert summary.undecided == 2
    assert summary.mean_rounds == 3


@pytest.mark.parametrize("bad", [{"runs": 0}, {"runs": 10**6}, {"seed": -1}, {"max_rounds": 0}])
def test_bad_simulation_arguments_are_refused(bad: dict[str, int]) -> None:
    """Runs, seeds and round limits are bounded."""
    with pytest.raises(brawl.InvalidArgumentError):
        sim.simulate(
            duel(), runs=bad.get("runs", 1), seed=bad.get("seed", 0), max_rounds=bad.get("max_rounds", 5)
        )
