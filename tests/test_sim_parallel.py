"""Simulations in processes and on any executor give the summary of the serial run; the summary's shape."""

from __future__ import annotations

import json
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

import brawl
from brawl.sim import Counts, FightResult, Summary, play_batch, wilson
from brawl.simpool import default_start_method

SCENARIO = Path(__file__).resolve().parent.parent / "benchmarks" / "four_vs_six.toml"


def duel() -> brawl.Encounter:
    kira = brawl.Creature(
        id="kira", side="heroes", hero=True, stamina_max=20, pos=(1, 1),
        characteristics=brawl.Characteristics(might=2),
    )  # fmt: skip
    gob = brawl.Creature(id="gob", stamina_max=24, pos=(5, 4), characteristics=brawl.Characteristics(might=2))
    return brawl.Encounter.create(brawl.Terrain.flat(8, 8), [kira, gob], seed=4)


def test_a_process_pool_gives_the_serial_summary() -> None:
    """``workers=2``: the same fights, counted in seed order, whatever order the batches finish in."""
    start = duel()
    serial = brawl.simulate(start, runs=9, seed=3)
    seen: list[tuple[int, int]] = []
    pooled = brawl.simulate(
        start, runs=9, seed=3, workers=2, batch=2, progress=lambda d, n: seen.append((d, n))
    )
    assert pooled == serial
    assert pooled.to_dict() == serial.to_dict()
    assert [n for _, n in seen] == [9] * 5
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert seen[-1] == (9, 9)


def test_any_executor_is_taken_and_left_open() -> None:
    """``executor=``: a process pool of one's own, or threads: the same summary; the pool stays open."""
    start = duel()
    serial = brawl.simulate(start, runs=6, seed=10)
    context = multiprocessing.get_context(default_start_method())  # no fork of a threaded process
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        assert brawl.simulate(start, runs=6, seed=10, executor=pool) == serial
        assert pool.submit(sum, (1, 2)).result() == 3
    with ThreadPoolExecutor(max_workers=3) as threads:
        assert brawl.simulate(start, runs=6, seed=10, executor=threads, batch=1) == serial


def test_the_benchmark_scenario_in_processes() -> None:
    """The 4 against 6 hall: the pooled run is the serial one, fight by fight."""
    start = brawl.load_scenario(SCENARIO)
    serial = brawl.simulate(start, runs=4, seed=20)
    assert brawl.simulate(start, runs=4, seed=20, workers=2) == serial
    assert serial.runs == 4


def test_serial_progress_is_called_after_each_fight() -> None:
    seen: list[tuple[int, int]] = []
    brawl.simulate(duel(), runs=3, progress=lambda d, n: seen.append((d, n)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize(
    "bad", [{"workers": 0}, {"batch": 0}, {"workers": 2, "executor": ThreadPoolExecutor(max_workers=1)}]
)
def test_bad_pool_arguments_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(brawl.InvalidArgumentError):
        brawl.simulate(duel(), runs=2, **bad)  # type: ignore[arg-type]


def test_a_wrong_executor_or_progress_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="executor"):
        brawl.simulate(duel(), runs=2, executor="processes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="progress"):
        brawl.simulate(duel(), runs=2, progress=5)  # type: ignore[arg-type]


def test_the_summary_counts_the_fights() -> None:
    """``Summary.of`` counts results given in any order as if in seed order; rounds' histogram and median."""
    start = duel()
    results = [
        FightResult(2, "heroes", 3, ("kira",)),
        FightResult(0, "director", 5, ("gob",)),
        FightResult(1, None, 20, ("kira", "gob")),
        FightResult(3, "heroes", 4, ("kira",)),
    ]
    s = Summary.of(start, results)
    assert (s.runs, dict(s.wins), s.undecided) == (4, {"director": 1, "heroes": 2}, 1)
    assert s.rounds == ((3, 1), (4, 1), (5, 1), (20, 1))
    assert s.mean_rounds == 8.0
    assert s.median_rounds == 4.5
    assert s.survival == (("kira", 0.75), ("gob", 0.5))
    assert s.sides == ("heroes", "director")
    assert [w.side for w in s.win_rates()] == ["heroes", "director"]
    assert Summary.of(start, reversed(results)) == s


def test_the_summary_is_json_ready_and_immutable() -> None:
    """No persistent map leaks: ``wins`` is a read-only mapping; ``to_dict`` goes through ``json``."""
    s = brawl.simulate(duel(), runs=5, seed=1)
    assert isinstance(s.wins, Counts)
    assert s.wins == dict(s.wins)
    with pytest.raises(TypeError):
        s.wins["heroes"] = 1  # type: ignore[index]
    again = json.loads(json.dumps(s.to_dict()))
    assert again == s.to_dict()
    assert again["runs"] == 5
    assert sum(again["wins"].values()) + again["undecided"] == 5
    assert sum(again["rounds"]["histogram"].values()) == 5
    assert set(again["survival"]) == {"kira", "gob"}
    assert pickle.loads(pickle.dumps(s)) == s
    assert hash(pickle.loads(pickle.dumps(s))) == hash(s)


def test_wilson_intervals_match_published_values() -> None:
    """95% Wilson score intervals as tabulated (Newcombe 1998, Table I; and the usual worked cases)."""
    cases = {
        (0, 10): (0.0, 0.2775),
        (5, 10): (0.2366, 0.7634),
        (81, 263): (0.2553, 0.3662),
        (10, 10): (0.7225, 1.0),
    }
    for (k, n), (lo, hi) in cases.items():
        low, high = wilson(k, n)
        assert low == pytest.approx(lo, abs=5e-5)
        assert high == pytest.approx(hi, abs=5e-5)
    assert wilson(0, 0) == (0.0, 1.0)
    for n in range(1, 60):
        for k in range(n + 1):
            low, high = wilson(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0


def test_a_batch_is_the_serial_fights() -> None:
    """``play_batch`` (what a worker runs) keeps of each fight what the serial play gives."""
    start = duel()
    (r,) = play_batch(start, (7,))
    fight = brawl.play(start, seed=7, policy=brawl.sim.tactical)
    assert (r.seed, r.winner, r.rounds) == (7, fight.winner, fight.rounds)
    assert json.loads(json.dumps(r.to_dict())) == {
        "seed": 7,
        "winner": fight.winner,
        "rounds": fight.rounds,
        "standing": [c.id for c in fight.state.creature_list() if not c.dead and not c.has("unconscious")],
        "ending": fight.ending,
    }
