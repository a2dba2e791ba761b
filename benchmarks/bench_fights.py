"""Whole fights per second on the 4 heroes against 6 raiders hall, and where the time goes.

Run: ``python benchmarks/bench_fights.py`` (about a minute). Options: ``--fights N`` (default 20)
fights per measurement, ``--workers K`` (default 2) for the process pool, ``--before SRC`` (or
``--before LABEL=SRC``, repeated for several) to measure other copies of brawl's sources (for
instance an older checkout's ``src``) side by side in the same run, the first being the base of
the ratios, with ``--before-fights N`` fights each (the oldest sources are slow), ``--profile``
to print where a serial run spends its time.

Every measurement plays the same seeded fights of ``four_vs_six.toml`` (next to this script)
under the greedy policy: 4 heroes against 6 creatures of the Director in a 20 x 11 hall with
walls, pillars and rubble, with free strikes. Times are the best of ``--repeat`` runs of CPU time
(serial) or wall time (the pool), so a busy machine slows every column alike.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import brawl
from brawl.actions import StartCombat, apply, legal_actions
from brawl.sim import Options, Policy, greedy, standing_sides

SCENARIO = Path(__file__).resolve().parent / "four_vs_six.toml"
ABILITIES = Path(__file__).resolve().parent / "four_vs_six_abilities.toml"
TARGET = 100.0
"""Fights per second per core that the whole-fight benchmark aims at, on the machine where the
code before any speed work played 1.7 a second."""
TARGET_RATIO = 60.0
"""The same aim as a ratio, for any machine: fights per second against the code before any speed
work (``--before``), measured side by side in one run."""
TARGET_ABILITIES = 20.0
"""The same, for fights whose creatures use their stat blocks' abilities."""

BEFORE = """
import sys, time, brawl
enc = brawl.load_scenario(sys.argv[1])
runs, repeat = int(sys.argv[2]), int(sys.argv[3])
g = brawl.sim.greedy
brawl.simulate(enc, runs=1, policy=g)  # warm up
best = min(
    (lambda t: (brawl.simulate(enc, runs=runs, policy=g), time.process_time() - t)[1])(time.process_time())
    for _ in range(repeat)
)
print(runs / best)
"""


def full_list(state: brawl.Encounter, options: object) -> brawl.Action:
    """The greedy policy given the whole list of :func:`brawl.legal_actions`, as every policy was."""
    return greedy(state, legal_actions(state))


def fights_per_second(enc: brawl.Encounter, runs: int, repeat: int, policy: Policy = greedy) -> float:
    """Serial fights per CPU second, best of ``repeat``."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        brawl.simulate(enc, runs=runs, policy=policy)
        best = min(best, time.process_time() - t)
    return runs / best


def labelled(before: str) -> tuple[str, str]:
    """A ``--before`` argument as (label, sources): ``LABEL=SRC``, or ``SRC`` labelled by itself."""
    label, eq, src = before.partition("=")
    return (label, src) if eq else (f"before: {before}", before)


def side_by_side(
    enc: brawl.Encounter,
    scenario: Path,
    befores: list[tuple[str, str]],
    runs: int,
    before_runs: int,
    repeat: int,
) -> tuple[list[tuple[str, float]], float]:
    """The fights per CPU second of each of ``befores`` (label, sources) and of these sources, taken in
    turn ``repeat`` times (each in its own process for the others, this one in this process), best of
    each: a machine that slows down or speeds up during the run slows every column alike."""
    best: dict[str, float] = {}
    now = 0.0
    for _ in range(repeat):
        for label, src in befores:
            best[label] = max(best.get(label, 0.0), measure_before(src, before_runs, 1, scenario))
        now = max(now, fights_per_second(enc, runs, 1))
    return [(label, best[label]) for label, _ in befores], now


def wall_per_second(enc: brawl.Encounter, runs: int, repeat: int, workers: int | None) -> float:
    """Fights per wall-clock second, serial or in a pool of ``workers`` processes, best of ``repeat``."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        brawl.simulate(enc, runs=runs, workers=workers, policy=greedy)
        best = min(best, time.perf_counter() - t)
    return runs / best


def kind_of(action: brawl.Action) -> str:
    """The action's class, and the class of the request a ``TakeAction`` wraps."""
    name = type(action).__name__
    inner = getattr(action, "action", None)
    return f"{name}({type(inner).__name__})" if inner is not None else name


def split(enc: brawl.Encounter, runs: int) -> dict[str, float]:
    """CPU milliseconds per fight: choosing (the policy on lazy options) and applying, then, in a
    second pass over the same states, ``legal_actions`` (the whole list, for comparison)."""
    spent: dict[str, float] = defaultdict(float)
    states: list[brawl.Encounter] = []
    for seed in range(runs):
        state = apply(enc.with_rng(brawl.Rng(seed)), StartCombat(first_side="heroes")).state
        while len(standing_sides(state)) > 1 and state.round <= 20:
            states.append(state)
            t0 = time.process_time()
            action = greedy(state, Options(state))
            t1 = time.process_time()
            state = apply(state, action).state
            t2 = time.process_time()
            spent["policy"] += t1 - t0
            spent["apply"] += t2 - t1
            kind = kind_of(action)
            spent[f"n {kind}"] += 1
            spent[f"policy {kind}"] += t1 - t0
            spent[f"apply {kind}"] += t2 - t1
    t = time.process_time()
    for state in states:
        legal_actions(state)
    spent["legal_actions"] = time.process_time() - t
    out = {k: v / runs * 1000 for k, v in spent.items()}
    out["decisions"] = len(states) / runs
    out["legal_actions_us"] = spent["legal_actions"] / len(states) * 1e6
    return out


def reads_statblocks(src: str) -> bool:
    """Whether the sources ``src`` load the abilities scenario: they have stat blocks (older ones
    have none) and the checkout's shipped stat blocks lie beside them, where they look for them."""
    return (
        Path(src, "brawl", "statblocks").is_dir()
        and Path(src).resolve().parent.joinpath("examples", "statblocks").is_dir()
    )


def measure_before(src: str, runs: int, repeat: int, scenario: Path = SCENARIO) -> float:
    """Fights per CPU second of another copy of brawl's sources, in a subprocess."""
    env = dict(os.environ, PYTHONPATH=src)
    cmd = [sys.executable, "-c", BEFORE, str(scenario), str(runs), str(repeat)]
    found = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    return float(found.stdout.strip())


def profile(enc: brawl.Encounter, runs: int) -> None:
    """Where a serial run spends its time: own time by module, then the top functions."""
    brawl.simulate(enc, runs=1, policy=greedy)
    prof = cProfile.Profile()
    prof.enable()
    brawl.simulate(enc, runs=runs, policy=greedy)
    prof.disable()
    stats = pstats.Stats(prof)
    by_module: dict[str, float] = defaultdict(float)
    total = 0.0
    for (file, _, _), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        name = file.split("/src/brawl/")[-1] if "/src/brawl/" in file else "(python and libraries)"
        by_module[name] += own
        total += own
    print("\nOwn time by module (profiled serial run):\n")
    print("| module | share |\n| --- | ---: |")
    for name, own in sorted(by_module.items(), key=lambda kv: -kv[1])[:15]:
        print(f"| {name} | {own / total:.1%} |")
    print()
    stats.sort_stats("cumulative").print_stats(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--before",
        metavar="[LABEL=]SRC",
        action="append",
        default=[],
        help="another copy of brawl's src directory, in a checkout (repeatable; the first is the base "
        "of the ratios); the runs with abilities need its examples/statblocks beside it",
    )
    parser.add_argument(
        "--before-fights",
        type=int,
        default=None,
        help="fights per measurement of --before (default: --fights)",
    )
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    enc = brawl.load_scenario(SCENARIO)
    runs, repeat = args.fights, args.repeat
    brawl.simulate(enc, runs=2, policy=greedy)  # warm up
    befores = [labelled(b) for b in args.before]
    before_runs = args.before_fights or runs
    measured, lazy = side_by_side(enc, SCENARIO, befores, runs, before_runs, repeat)
    whole = fights_per_second(enc, runs, repeat, policy=full_list)
    many = max(4 * runs, 16 * args.workers)  # long enough that the pool's start-up is small
    serial_wall = wall_per_second(enc, many, repeat, None)
    pooled = wall_per_second(enc, many, repeat, args.workers)
    rows = [*measured, ("greedy on the whole legal_actions list", whole)]
    rows.append(("greedy on lazy options (default)", lazy))
    base = rows[0][1]
    print(f"Whole fights: {SCENARIO.name}, {runs} fights, best of {repeat} (CPU time)\n")
    print("| run | fights/s | ratio |\n| --- | ---: | ---: |")
    for name, rate in rows:
        print(f"| {name} | {rate:.2f} | {rate / base:.1f}x |")
    met = "met" if lazy >= TARGET else "not met"
    print(f"\nTarget: {TARGET:.0f} fights/s per core: {met} ({lazy:.1f}).")
    if befores:
        ratio = lazy / base
        met = "met" if ratio >= TARGET_RATIO else "not met"
        print(f"Target as a ratio: {TARGET_RATIO:.0f}x {rows[0][0]}: {met} ({ratio:.1f}x).")
    with_abilities = brawl.load_scenario(ABILITIES)
    brawl.simulate(with_abilities, runs=2, policy=greedy)
    with_blocks = [b for b in befores if reads_statblocks(b[1])]
    able, rate = side_by_side(with_abilities, ABILITIES, with_blocks, runs, runs, repeat)
    able.append(("greedy on lazy options (default)", rate))
    print(f"\nWith abilities: {ABILITIES.name}, {runs} fights, best of {repeat} (CPU time)\n")
    print("| run | fights/s | ratio |\n| --- | ---: | ---: |")
    for name, rate in able:
        print(f"| {name} | {rate:.2f} | {rate / able[0][1]:.1f}x |")
    rate = able[-1][1]
    met = "met" if rate >= TARGET_ABILITIES else "not met"
    print(f"\nTarget: {TARGET_ABILITIES:.0f} fights/s per core with abilities: {met} ({rate:.1f}).")
    print(f"\nScale: {many} fights, wall time (the pool's start-up included), best of {repeat}\n")
    print("| run | fights/s | ratio |\n| --- | ---: | ---: |")
    print(f"| serial | {serial_wall:.2f} | 1.0x |")
    print(f"| {args.workers} worker processes | {pooled:.2f} | {pooled / serial_wall:.1f}x |")
    parts = split(enc, min(runs, 10))
    print(f"\nPer fight ({parts['decisions']:.0f} decisions on average), CPU milliseconds:\n")
    print("| part | ms per fight |\n| --- | ---: |")
    print(f"| the policy choosing (lazy options) | {parts['policy']:.1f} |")
    print(f"| applying the chosen actions | {parts['apply']:.1f} |")
    print(f"| `legal_actions`, the whole list, on the same states | {parts['legal_actions']:.1f} |")
    print(f"\n`legal_actions`: {parts['legal_actions_us']:.0f} µs per call on average.")
    print("\nBy the kind of action chosen: per fight, and per decision (CPU µs):\n")
    print("| action | per fight | policy, µs | apply, µs | ms per fight |")
    print("| --- | ---: | ---: | ---: | ---: |")
    kinds = sorted(
        (k[2:] for k in parts if k.startswith("n ")),
        key=lambda k: -parts[f"apply {k}"] - parts[f"policy {k}"],
    )
    for k in kinds:
        n = parts[f"n {k}"] / 1000  # counted as "ms per fight" like the times: decisions per fight
        pol, app = parts[f"policy {k}"], parts[f"apply {k}"]
        print(f"| {k} | {n:.1f} | {pol / n * 1000:.0f} | {app / n * 1000:.0f} | {pol + app:.2f} |")
    if args.profile:
        profile(enc, runs)


if __name__ == "__main__":
    main()
