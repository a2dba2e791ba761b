"""The benchmark's fights are pinned: speeding the engine up must not change a single fight.

The figures below were computed from ``benchmarks/four_vs_six.toml`` (and, further down, from
scenarios with abilities) before any of the speed work: for each seed, a digest of the fight
:func:`brawl.play` plays under the greedy policy (``policy=greedy``) (each action's kind, actor, target,
destination or path, then each creature's Stamina, death and square at the end), the number of
actions, the winner and the rounds; and the summary of ``brawl.simulate(enc, runs=3)``. The
digest leaves out the records' other fields and their ``repr``, so a new optional field does not
change it; a change of the rules that changes these fights on purpose must recompute them
(``python tests/test_sim_pinned.py`` prints the current ones) and say so. Recomputed once so
far: for the extra main action a critical hit grants (RB-CRIT-03, R-TURN-10), which the greedy
policy takes; the fights without a critical hit are as before. Recomputed again for the
Director's resources the greedy policy now spends: a Malice feature at the start of each Director
creature's turn and villain actions on enemies between turns (RB-MALICE-04..06, RB-VILLAIN-04).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import brawl
from brawl.sim import greedy

SCENARIO = Path(__file__).resolve().parent.parent / "benchmarks" / "four_vs_six.toml"

PINNED = {
    0: ("8f6b42478be60c18e6fc4e8b2fbe9231", 181, "heroes", 8),
    1: ("a4af045207d824ecd7ca74b5386a5d9c", 169, "director", 7),
    2: ("94a94ab8c36ac5eeae314498df289a86", 155, "heroes", 6),
    3: ("89e651ba828a4012b951880be5caa21f", 199, None, 9),
    4: ("d0a43a8701dd552d677ebcae857b1532", 187, "heroes", 8),
    5: ("f5631c11592920e3c6041b0627142513", 198, "director", 8),
    6: ("6e30b87adf640bd385c53dc3ae12296d", 187, "heroes", 9),
    7: ("3375b6f04991bd82ac58c7f6c357ec8d", 198, "director", 8),
    8: ("4e02724993f7b8244d5ba10f72d4238e", 187, "director", 7),
    9: ("7fe8b085faf916e78fe15cfc528a5cc6", 166, "heroes", 7),
    10: ("da29750068b2c0098b14564f8cc3adfb", 185, "heroes", 9),
    11: ("3fe574a3c5f7deb769f99f1a92946ef7", 197, None, 8),
}
"""Seed -> (digest of the fight, its number of actions, the winner, the rounds completed)."""

FIELDS = ("kind", "creature", "attacker", "target", "destination", "path", "first_side", "ranged")
"""The fields of an action (or of the record a ``TakeAction`` wraps) that the digest reads."""


def action_key(action: brawl.Action) -> str:
    """One line for an action: its type, the wrapped record's type and the fields in FIELDS."""
    inner = getattr(action, "action", None)
    record = action if inner is None else inner
    parts = [type(action).__name__, type(record).__name__]
    for name in FIELDS:
        value = getattr(action if name == "kind" else record, name, None)
        if value is None:
            continue
        if name == "path":
            value = [tuple(int(c) for c in p) for p in value]
        elif name == "destination":
            value = tuple(int(c) for c in value)
        parts.append(f"{name}={value}")
    return " ".join(parts)


SURVIVAL_OF_3 = (
    ("kira", 0.0),
    ("talia", 2 / 3),
    ("mara", 0.0),
    ("oren", 2 / 3),
    ("raider-1", 0.0),
    ("raider-2", 0.0),
    ("raider-3", 1 / 3),
    ("raider-4", 1 / 3),
    ("brute", 0.0),
    ("archer", 0.0),
)


def fingerprint(fight: brawl.sim.Fight) -> tuple[str, int, str | None, int]:
    log = "\n".join(action_key(a) for a in fight.actions)
    end = ";".join(
        f"{c.id}:{c.stamina}:{int(c.dead)}:{tuple(int(v) for v in c.pos)}"
        for c in fight.state.creature_list()
    )
    digest = hashlib.sha256((log + "\n" + end).encode()).hexdigest()[:32]
    return digest, len(fight.actions), fight.winner, fight.rounds


@pytest.mark.parametrize("seed", [0, 3, 7, 11])
def test_the_benchmark_fights_are_the_same_as_before(seed: int) -> None:
    """Same seed, same fight: the whole action log is unchanged."""
    enc = brawl.load_scenario(SCENARIO)
    fight = brawl.play(enc.with_rng(brawl.Rng(seed)), policy=greedy)
    assert fingerprint(fight) == PINNED[seed]


def test_the_benchmark_summary_is_the_same_as_before() -> None:
    """``simulate(runs=3)`` of the greedy policy on the benchmark scenario: the summary computed
    before the speed work."""
    summary = brawl.simulate(brawl.load_scenario(SCENARIO), runs=3, policy="greedy")
    assert (summary.runs, dict(summary.wins), summary.undecided) == (3, {"heroes": 2, "director": 1}, 0)
    assert summary.mean_rounds == 21 / 3
    assert summary.survival == SURVIVAL_OF_3


ROOT = SCENARIO.parent.parent

PINNED_WITH_ABILITIES = {
    ("examples/scenarios/tavern.toml", 0): ("d2ac16376a5ad03261f634e31f4f4f09", 97, "director", 8),
    ("examples/scenarios/tavern.toml", 1): ("ba0ae3dc859b05a69b01a509ddebc511", 83, "director", 7),
    ("examples/scenarios/bridge.toml", 0): ("92763bab44798f740edbffab18b6edc0", 61, "director", 4),
    ("examples/scenarios/bridge.toml", 14): ("6e9934239219838594f4f0d7c8c32bde", 92, "director", 6),
    ("benchmarks/four_vs_six_abilities.toml", 0): ("0b73fb9bd580f86f1d785989c99ac883", 146, "heroes", 6),
    ("benchmarks/four_vs_six_abilities.toml", 1): ("8898c7fca00750e2024893cd3605bfec", 116, "heroes", 4),
}
"""Fights with abilities, creatures of several sizes and other maps, as they were before the
speed work: (scenario, seed) -> the same fingerprint. Bridge seed 14 has a creature end its move
in the space of a foe two sizes larger (DS-MOVE-04)."""


@pytest.mark.parametrize(("path", "seed"), sorted(PINNED_WITH_ABILITIES))
def test_fights_with_abilities_are_the_same_as_before(path: str, seed: int) -> None:
    """Same seed, same fight, in the scenarios whose creatures use their stat blocks' abilities."""
    enc = brawl.load_scenario(ROOT / path)
    fight = brawl.play(enc.with_rng(brawl.Rng(seed)), policy=greedy)
    assert fingerprint(fight) == PINNED_WITH_ABILITIES[(path, seed)]


if __name__ == "__main__":
    start = brawl.load_scenario(SCENARIO)
    for s in range(12):
        print(f"    {s}: {fingerprint(brawl.play(start.with_rng(brawl.Rng(s)), policy=greedy))!r},")
