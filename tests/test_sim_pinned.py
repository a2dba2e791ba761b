"""The benchmark's fights are pinned: speeding the engine up must not change a single fight.

The figures below were computed from ``benchmarks/four_vs_six.toml`` before any of the speed
work: for each seed, a digest of the action log of :func:`brawl.play` under the greedy policy
(SHA-256 of its ``repr``), its length, the winner and the rounds; and the summary of
``brawl.simulate(enc, runs=3)``. A change of the rules that changes these fights on purpose
must recompute them (``python tests/test_sim_pinned.py`` prints the current ones) and say so.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import brawl

SCENARIO = Path(__file__).resolve().parent.parent / "benchmarks" / "four_vs_six.toml"

PINNED = {
    0: ("26d17d69b85470da9282f72b269a9d9a5c1c685d225fe569cfb1c3a781133538", 170, "heroes", 8),
    1: ("607346b5ee13ca2f79666d2c91e658f94b685dcef11875b50170febdd3a2a8b8", 174, "heroes", 9),
    2: ("8ce67761daa03c18a4ffb814aa8081335693c457a6fd09c11963f31cc5e54860", 167, "heroes", 8),
    3: ("74907c1fdbcf67470d9ee89b92b713cef4853e6dea4c1c42ea178ca89067fc69", 192, "director", 9),
    4: ("81a9873c1d578adc1b7ec703a52eab02856e3659e9871ddf856d1aa8270562cf", 177, "heroes", 9),
    5: ("287a88e0c5921deee5820afeaf7ad0ad8ea7b4f38be8c00f3ed785e5c671f64c", 186, "director", 9),
    6: ("eff60cb93ebc261f5821a4ca05c539e36210c7b34e19bbe9a1e082dd4736f037", 154, "heroes", 7),
    7: ("cfd9aa826fa0e77b090e7671a1d066841eaf2de81134568422640e0838763fae", 185, "director", 8),
    8: ("06453b9eabf86b0a233947db5993e868814c7b40ab492b5c9f3dd49567185d15", 174, "director", 7),
    9: ("1b8034128c89b17ed7fb7c062ee3ed32ad59c7837d6b55c74b67f2df8ef3438e", 157, "heroes", 7),
    10: ("08bee3eee1abee2466d92a7bff1779a9948c2008561f95ca85a45cd8da6a04c4", 170, "heroes", 9),
    11: ("d92e3af0cffe500074ee052ca2e4c8965a96000f8c607bf5bf3325b63c3d366a", 183, None, 8),
}
"""Seed -> (digest of the action log, its length, the winner, the rounds completed)."""

SURVIVAL_OF_3 = (
    ("kira", 0.0),
    ("talia", 2 / 3),
    ("mara", 0.0),
    ("oren", 1.0),
    ("raider-1", 0.0),
    ("raider-2", 0.0),
    ("raider-3", 0.0),
    ("raider-4", 0.0),
    ("brute", 0.0),
    ("archer", 0.0),
)


def fingerprint(fight: brawl.sim.Fight) -> tuple[str, int, str | None, int]:
    digest = hashlib.sha256(repr(fight.actions).encode()).hexdigest()
    return digest, len(fight.actions), fight.winner, fight.rounds


@pytest.mark.parametrize("seed", [0, 3, 7, 11])
def test_the_benchmark_fights_are_the_same_as_before(seed: int) -> None:
    """Same seed, same fight: the whole action log is unchanged."""
    enc = brawl.load_scenario(SCENARIO)
    fight = brawl.play(enc.with_rng(brawl.Rng(seed)))
    assert fingerprint(fight) == PINNED[seed]


def test_the_benchmark_summary_is_the_same_as_before() -> None:
    """``simulate(runs=3)`` on the benchmark scenario: the summary computed before the speed work."""
    summary = brawl.simulate(brawl.load_scenario(SCENARIO), runs=3)
    assert (summary.runs, dict(summary.wins), summary.undecided) == (3, {"heroes": 3}, 0)
    assert summary.mean_rounds == 25 / 3
    assert summary.survival == SURVIVAL_OF_3


if __name__ == "__main__":
    start = brawl.load_scenario(SCENARIO)
    for s in range(12):
        print(f"    {s}: {fingerprint(brawl.play(start.with_rng(brawl.Rng(s))))!r},")
