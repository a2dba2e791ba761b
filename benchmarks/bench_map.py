"""Dense maps: building a random map from whole levels, its memory and build time per cell.

Run ``python benchmarks/bench_map.py`` (add ``--quick`` to stop at 2,000 x 2,000). It builds
random maps of 10% walls and 20% difficult terrain on level 0 with ``Terrain.from_levels`` (one
byte a cell, cut into 32 x 32 tiles of a palette and one code a cell), at 1,000 x 1,000,
2,000 x 2,000 and 4,000 x 4,000 cells, and prints a markdown table of the build time, the time
per cell (a linear build keeps it flat) and the memory the map holds (``tracemalloc``, in a
second build, as tracing slows the build). It checks first, on the 1,000 x 1,000 map, that the
map equals the same cells set one by one with ``with_cells`` and that every cell reads back;
that slower path is timed too, for comparison.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc

from brawl import Cell, Material, Pos, Terrain

WALLS = 0.10
DIFFICULT = 0.20
KINDS = [Cell(), Cell(Material.STONE), Cell(difficult=True)]


def random_level(width: int, depth: int, seed: int) -> bytes:
    """One code a cell: 1 (wall) for 10%, 2 (difficult) for 20%, 0 (open ground) for the rest."""
    table = bytes(1 if b < 256 * WALLS else 2 if b < 256 * (WALLS + DIFFICULT) else 0 for b in range(256))
    return random.Random(seed).randbytes(width * depth).translate(table)


def build(size: int, level: bytes) -> Terrain:
    return Terrain.from_levels(size, size, KINDS, {0: level}, height=4, below=1)


def timed(size: int, level: bytes) -> tuple[float, int]:
    """Seconds to build, and bytes the built map holds."""
    gc.collect()
    start = time.perf_counter()
    terrain = build(size, level)
    seconds = time.perf_counter() - start
    del terrain
    gc.collect()
    tracemalloc.start()
    terrain = build(size, level)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del terrain
    return seconds, held


def check(size: int, level: bytes) -> float:
    """The bulk map equals the cell-by-cell map; returns the seconds of the cell-by-cell build."""
    cells = {Pos(i % size, i // size, 0): KINDS[c] for i, c in enumerate(level) if c}
    start = time.perf_counter()
    slow = Terrain.flat(size, size, height=4, below=1).with_cells(cells)
    seconds = time.perf_counter() - start
    fast = build(size, level)
    if fast != slow or dict(fast.cells.items()) != cells:
        sys.exit("from_levels and with_cells disagree")
    for i in range(0, size * size, 997):
        if fast.cell(Pos(i % size, i // size, 0)) != KINDS[level[i]]:
            sys.exit(f"cell {i % size, i // size} reads back wrong")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="stop at 2,000 x 2,000")
    args = parser.parse_args()
    sizes = (1000, 2000) if args.quick else (1000, 2000, 4000)
    level = random_level(1000, 1000, seed=1)
    per_cell_slow = check(1000, level) / 1e6
    print(f"\nRandom maps, {WALLS:.0%} walls and {DIFFICULT:.0%} difficult terrain on one level\n")
    print("| map | cells | `Terrain.from_levels` | per cell | memory held | per cell |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for size in sizes:
        level = random_level(size, size, seed=size)
        seconds, held = timed(size, level)
        cells = size * size
        print(
            f"| {size:,} x {size:,} | {cells:,} | {seconds:.2f} s | {seconds / cells * 1e9:.0f} ns "
            f"| {held / 1e6:.0f} MB | {held / cells:.1f} B |"
        )
    print(f"\n`with_cells` from a dict of the 1,000 x 1,000 map's cells: {per_cell_slow * 1e9:.0f} ns a cell")


if __name__ == "__main__":
    main()
