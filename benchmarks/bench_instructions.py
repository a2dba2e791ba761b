"""Instructions per fight and per reachable-squares query, counted by valgrind: figures no other
work on the machine disturbs.

Run ``python benchmarks/bench_instructions.py`` (needs ``valgrind`` on the PATH; a few minutes).
Options: ``--fights N`` (default 2) fights of ``--scenario`` (default ``four_vs_six.toml``, next
to this script) per count, ``--before SRC`` (or ``--before LABEL=SRC``, repeatable) to count
other copies of brawl's sources side by side, the first being the base of the ratios, and
``--queries`` to count one budget-10 query of ``bench_reachable.py``'s kind (lazy, decoded into
a dict and into columns) on a ``--size`` x ``--size`` map (default 120: the window, not the map,
sets the cost of a query).

Each figure is a program run under ``valgrind --tool=callgrind`` with the work counted N times,
less the same program with the work counted 0 times, divided by N: start-up, imports, loading
the scenario and a warm-up fight (or query) are in both runs and cancel out. Every run has
``PYTHONHASHSEED=0``, so that sets and dicts of strings are laid out alike in every run and a
count repeats to within a few thousand instructions. A fight is ``brawl.sim.play`` of seeds 1 to
N after a warm-up fight of seed 0.

Instructions are not time (a cache miss costs more than an instruction), but on a machine whose
speed moves by a third from one minute to the next, a change of a few per cent shows only here.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCENARIO = HERE / "four_vs_six.toml"
SRC = HERE.parent / "src"

FIGHTS = """
import sys
import brawl
from brawl.rng import Rng
from brawl.sim import greedy, play
enc = brawl.load_scenario(sys.argv[1])
play(enc.with_rng(Rng(0)), policy=greedy)  # warm-up: the caches every fight fills
for seed in range(1, int(sys.argv[2]) + 1):
    play(enc.with_rng(Rng(seed)), policy=greedy)
"""

QUERIES = """
import sys
sys.path.insert(0, sys.argv[1])
from bench_reachable import encounter, fresh, random_cells
import brawl
from brawl import Pos, Terrain
size, what, count = int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
terrain = Terrain.flat(size, size, height=4, below=1).with_cells(random_cells(size, size, seed=1))
pick = fresh(encounter(terrain, Pos(size // 2, size // 2, 0), seed=2))
def query():
    result = brawl.reachable(pick(), "mover", budget=10)
    if what == "costs":
        result.costs()
    elif what == "columns":
        result.columns()
for _ in range(50):  # warm-up: the decoding plans of the window
    query()
for _ in range(count):
    query()
"""

_COLLECTED = re.compile(r"Collected : (\d+)")


def callgrind(args: list[str], src: Path) -> tuple[int, str]:
    """The instructions valgrind counted for ``python args`` with brawl's sources ``src``, and
    what the program printed."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *args]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    found = _COLLECTED.search(run.stderr)
    if run.returncode or found is None:
        sys.exit(f"valgrind run failed ({' '.join(args[:1])}... with {src}):\n{run.stderr[-2000:]}")
    return int(found.group(1)), run.stdout


def collected(args: list[str], src: Path) -> int:
    """The instructions valgrind counted for ``python args`` with brawl's sources ``src``."""
    return callgrind(args, src)[0]


def per_unit(args: list[str], count: int, src: Path, at: int) -> float:
    """Instructions per unit of work: ``args`` with ``count`` at position ``at`` less with 0."""
    with_none = [*args[:at], "0", *args[at + 1 :]]
    with_some = [*args[:at], str(count), *args[at + 1 :]]
    return (collected(with_some, src) - collected(with_none, src)) / count


def labelled(before: str) -> tuple[str, Path]:
    """A ``--before`` argument as (label, sources): ``LABEL=SRC``, or ``SRC`` labelled by itself."""
    label, eq, src = before.partition("=")
    return (label, Path(src)) if eq else (f"before: {before}", Path(before))


def table(rows: list[tuple[str, float]], unit: str) -> None:
    """A markdown table of the counts (millions, or thousands below a million), with each row's
    ratio to the first."""
    base = rows[0][1]
    print(f"| sources | {unit} | ratio |\n| --- | ---: | ---: |")
    for label, count in rows:
        shown = f"{count / 1e6:,.2f}M" if base >= 1e6 else f"{count / 1e3:,.1f}k"
        print(f"| {label} | {shown} | {count / base:.3f}x |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=2)
    parser.add_argument("--scenario", type=Path, default=SCENARIO)
    parser.add_argument(
        "--before",
        metavar="[LABEL=]SRC",
        action="append",
        default=[],
        help="another copy of brawl's src directory (repeatable; the first is the base of the ratios)",
    )
    parser.add_argument("--queries", action="store_true", help="also count budget-10 reachable queries")
    parser.add_argument("--size", type=int, default=120, help="the map's side for --queries")
    parser.add_argument("--query-count", type=int, default=200, help="queries per count for --queries")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("bench_instructions.py needs valgrind on the PATH (for example: apt install valgrind)")
    if args.fights < 1 or args.query_count < 1 or args.size < 30:
        sys.exit("--fights and --query-count: at least 1; --size: at least 30")
    sources = [*(labelled(b) for b in args.before), ("this checkout", SRC)]
    print(f"Instructions per fight: {args.scenario.name}, seeds 1 to {args.fights}\n")
    fights = [
        (label, per_unit(["-c", FIGHTS, str(args.scenario), "0"], args.fights, src, 3))
        for label, src in sources
    ]
    table(fights, "per fight")
    if args.queries:
        for what in ("lazy", "costs", "columns"):
            print(f"\nInstructions per budget-10 query ({what}), {args.size} x {args.size} map\n")
            rows = [
                (
                    label,
                    per_unit(["-c", QUERIES, str(HERE), str(args.size), what, "0"], args.query_count, src, 5),
                )
                for label, src in sources
            ]
            table(rows, "per query")


if __name__ == "__main__":
    main()
