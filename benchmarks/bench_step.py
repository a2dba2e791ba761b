"""Instructions per agent step: ``brawl.legal_actions`` of a state, then ``brawl.apply`` of one of
its actions picked at random, counted by valgrind.

Run ``python benchmarks/bench_step.py`` (needs ``valgrind`` on the PATH; a minute or two per
source). Options: ``--steps N`` (default 200) steps of a random walk through ``--scenario``
(default ``four_vs_six.toml``, next to this script), ``--before SRC`` (or ``--before
LABEL=SRC``, repeatable) to count other copies of brawl's sources side by side, the first being
the base of the ratios, and ``--split`` to count ``apply`` alone too (the same walk with each
action applied a second time, less the walk), and so ``legal_actions`` as the rest of a step.

The walk: from the scenario with ``Rng(1)``, each step lists the legal actions and applies one
picked by ``random.Random(1)``; a fight that one side has won, or that passes 20 rounds, or
whose state lists nothing, starts again from the scenario with the next seed. A warm-up walk of
``--steps`` steps with seed 0 comes first (the caches every walk fills), and each count is a
program run under ``valgrind --tool=callgrind`` with the measured walk N steps long, less the
same program with a walk of 0 steps, divided by N. Every run has ``PYTHONHASHSEED=0``.

Each program prints a digest of its walk (each step's number of legal actions, the action
picked and the number of events it gave): every source must give the same walk, or the script
stops, naming the sources that differ. A faster source is only worth its figure if it lists the
same actions in the same order.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

from bench_instructions import callgrind, labelled

HERE = Path(__file__).resolve().parent
SCENARIO = HERE / "four_vs_six.toml"
SRC = HERE.parent / "src"

WALK = """
import hashlib
import random
import sys
import brawl
from brawl.rng import Rng
from brawl.sim import standing_sides

enc = brawl.load_scenario(sys.argv[1])
steps, twice = int(sys.argv[2]), sys.argv[3] == "twice"


def walk(seed, count, twice=False):
    digest = hashlib.sha256()
    pick = random.Random(seed)
    fight = seed * 1000
    state = enc.with_rng(Rng(fight))
    for _ in range(count):
        found = brawl.legal_actions(state)
        if not found or state.round > 20 or (state.turn is not None and len(standing_sides(state)) < 2):
            fight += 1
            state = enc.with_rng(Rng(fight))
            found = brawl.legal_actions(state)
        action = pick.choice(found)
        if twice:
            brawl.apply(state, action)
        state, events = brawl.apply(state, action)
        digest.update(f"{len(found)} {action!r} {len(events)};".encode())
    return digest.hexdigest()


walk(0, int(sys.argv[4]))  # warm-up: the caches every walk fills
print("digest", walk(1, steps, twice))
"""

_DIGEST = re.compile(r"digest (\w+)")


def counted(args: list[str], src: Path) -> tuple[int, str]:
    """The instructions valgrind counted for ``python args`` with brawl's sources ``src``, and the
    walk's digest the program printed."""
    count, printed = callgrind(args, src)
    digest = _DIGEST.search(printed)
    if digest is None:
        sys.exit(f"the walk printed no digest ({src}):\n{printed[-2000:]}")
    return count, digest.group(1)


def per_step(scenario: Path, steps: int, src: Path, *, twice: bool = False) -> tuple[float, str]:
    """Instructions per step of the walk with ``src`` (a walk of ``steps`` less one of none), and
    the digest of the measured walk."""
    args = ["-c", WALK, str(scenario)]
    mode = "twice" if twice else "once"
    some, digest = counted([*args, str(steps), mode, str(steps)], src)
    none, _ = counted([*args, "0", mode, str(steps)], src)
    return (some - none) / steps, digest


def table(rows: list[tuple[str, float]], unit: str) -> None:
    """A markdown table of the counts (thousands), with each row's ratio to the first."""
    base = rows[0][1]
    print(f"| sources | {unit} | ratio |\n| --- | ---: | ---: |")
    for label, count in rows:
        print(f"| {label} | {count / 1e3:,.0f}k | {count / base:.3f}x |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--scenario", type=Path, default=SCENARIO)
    parser.add_argument(
        "--before",
        metavar="[LABEL=]SRC",
        action="append",
        default=[],
        help="another copy of brawl's src directory (repeatable; the first is the base of the ratios)",
    )
    parser.add_argument("--split", action="store_true", help="also count legal_actions alone")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("bench_step.py needs valgrind on the PATH (for example: apt install valgrind)")
    if args.steps < 1:
        sys.exit("--steps: at least 1")
    sources = [*(labelled(b) for b in args.before), ("this checkout", SRC)]
    print(
        f"Instructions per step (legal_actions, then apply of a random one): {args.scenario.name}, "
        f"{args.steps} steps of a random walk\n"
    )
    steps: list[tuple[str, float]] = []
    digests: dict[str, list[str]] = {}
    lists: list[tuple[str, float]] = []
    applies: list[tuple[str, float]] = []
    for label, src in sources:
        count, digest = per_step(args.scenario, args.steps, src)
        steps.append((label, count))
        digests.setdefault(digest, []).append(label)
        if args.split:
            both, _ = per_step(args.scenario, args.steps, src, twice=True)
            applies.append((label, both - count))
            lists.append((label, count - (both - count)))
    if len(digests) > 1:
        groups = "; ".join(", ".join(labels) for labels in digests.values())
        sys.exit(f"the sources walk differently (same digest: {groups})")
    table(steps, "per step")
    if args.split:
        print("\nOf which legal_actions (a step less its apply)\n")
        table(lists, "per call")
        print("\nOf which apply (the same action applied a second time, less the walk)\n")
        table(applies, "per call")
    print(f"\nEvery source walked the same way (digest {next(iter(digests))[:16]}).")


if __name__ == "__main__":
    main()
