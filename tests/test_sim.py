"""Simulation: seeded fights under a policy, and their summary."""

from collections import Counter

import attrs
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


def even_duel() -> brawl.Encounter:
    """The duel with a tougher goblin and a weaker Kira: each side wins some of the fights."""
    enc = duel()
    gob = attrs.evolve(
        enc.creature("gob"), stamina_max=30, stamina=30, characteristics=brawl.Characteristics(might=2)
    )
    kira = attrs.evolve(enc.creature("kira"), stamina_max=20, stamina=20)
    return enc.with_creatures([gob, kira])


def able(c: brawl.Creature) -> bool:
    return not c.dead and not c.has(brawl.ConditionName.UNCONSCIOUS)


def test_simulate_is_deterministic_and_adds_up() -> None:
    """The same seed gives the same summary, and it counts the outcomes of the single fights.

    Run ``i`` is the fight :func:`brawl.play` gives from the state with RNG seed ``seed + i``
    under simulate's default policy (tactical); the winners, rounds and survivors are counted here
    from those fights' final states.
    """
    start = even_duel()
    runs, seed = 8, 10
    a = brawl.simulate(start, runs=runs, seed=seed)
    assert a == brawl.simulate(start, runs=runs, seed=seed)
    wins: Counter[str] = Counter()
    alive: Counter[str] = Counter()
    undecided = rounds = 0
    finals = set()
    for i in range(runs):
        seeded = start.with_rng(brawl.Rng(seed + i))
        fight = brawl.play(seeded, policy=sim.tactical)
        end = fight.state
        assert brawl.replay(seeded, fight.actions).state == end
        finals.add(brawl.to_json(end))
        standing = {c.side for c in end.creature_list() if able(c)}
        if len(standing) == 1:
            (winner,) = standing
            wins[winner] += 1
            assert fight.winner == winner
        else:
            undecided += 1
            assert fight.winner is None
        rounds += completed_rounds(seeded, fight)
        alive.update(c.id for c in end.creature_list() if able(c))
    assert len(finals) > 1  # the seeds make the fights differ
    assert set(wins) == {"heroes", "director"}
    assert dict(a.wins) == dict(wins)
    assert a.undecided == undecided
    assert sum(a.wins.values()) + a.undecided == runs
    assert a.mean_rounds == rounds / runs
    assert a.survival == tuple((cid, alive[cid] / runs) for cid in ("kira", "gob"))
    assert f"{runs} fights" in a.explain()


def test_a_round_limit_leaves_fights_undecided() -> None:
    """Two creatures that cannot reach each other: no winner after the round limit."""
    walls = {brawl.Pos(4, y, z): brawl.Cell(brawl.Material.STONE) for y in range(8) for z in range(20)}
    enc = duel().with_terrain(brawl.Terrain.flat(8, 8).with_cells(walls))
    summary = sim.simulate(enc, runs=2, max_rounds=2)
    assert summary.undecided == 2
    assert summary.mean_rounds == 2  # round 3 has begun but nothing happened in it


def completed_rounds(start: brawl.Encounter, fight: sim.Fight) -> int:
    """Rounds a fight completed, counted from its replayed events: each RoundEnded, plus the
    deciding round when a side won with turns taken after the last RoundEnded."""
    events = brawl.replay(start, fight.actions).events
    ended = [i for i, e in enumerate(events) if type(e).__name__ == "RoundEnded"]
    last = ended[-1] if ended else -1
    turns_after = any(type(e).__name__ == "TurnStarted" for e in events[last + 1 :])
    return len(ended) + (1 if fight.winner is not None and turns_after else 0)


def test_rounds_played_are_rounds_completed() -> None:
    """A fight's ``rounds`` counts completed rounds (DS-SIDE-11): each ended round, plus the
    round the fight was decided in; the round just begun when the limit stops a fight is not."""
    start = even_duel()
    for i in range(6):
        seeded = start.with_rng(brawl.Rng(i))
        fight = sim.play(seeded, max_rounds=3)
        assert fight.rounds == completed_rounds(seeded, fight)
        assert 1 <= fight.rounds <= 3
        if fight.winner is None:
            assert fight.rounds == 3
            assert fight.state.round == 4


@pytest.mark.parametrize("bad", [{"runs": 0}, {"runs": 10**6}, {"seed": -1}, {"max_rounds": 0}])
def test_bad_simulation_arguments_are_refused(bad: dict[str, int]) -> None:
    """Runs, seeds and round limits are bounded."""
    with pytest.raises(brawl.InvalidArgumentError):
        sim.simulate(
            duel(), runs=bad.get("runs", 1), seed=bad.get("seed", 0), max_rounds=bad.get("max_rounds", 5)
        )
