"""JSON save and load of a big encounter: a dense random map and 1,000 creatures.

Run ``python benchmarks/bench_json.py`` (add ``--quick`` for fewer repetitions). It builds a
1,000 x 1,000 map with 10% walls and 20% difficult terrain and 1,000 creatures, then times
``brawl.to_json`` and ``brawl.from_json`` (best of 3) in the packed layout of schema 2 and, in
the same run, in the cell-by-cell layout of schema 1 (what brawl wrote before, still read), and
prints the document sizes. Both documents are checked to load back equal to the state. A last
row saves and loads a 2,100 x 2,100 map, whose schema-1 document passed the old 50-million-
character limit.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import brawl
import brawl.io.json as brawl_json
from brawl import Creature, Encounter, Pos, Terrain
from brawl.io.jsontext import MAX_DOCUMENT

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_map import KINDS, random_level


def state(size: int, creatures: int, seed: int) -> Encounter:
    """A size x size random map and ``creatures`` creatures on open squares, in two sides."""
    level = random_level(size, size, seed)
    terrain = Terrain.from_levels(size, size, KINDS, {0: level}, height=4, below=1)
    rng = random.Random(seed)
    placed: list[Creature] = []
    taken: set[int] = set()
    while len(placed) < creatures:
        i = rng.randrange(size * size)
        if level[i] == 1 or i in taken:
            continue
        taken.add(i)
        side = "heroes" if len(placed) % 2 else "director"
        placed.append(Creature(id=f"c{len(placed):04d}", side=side, pos=Pos(i % size, i // size, 0)))
    return Encounter.create(terrain, placed)


def best(f: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times = []
    out = None
    for _ in range(repeat):
        start = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - start)
    return min(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one repetition, no 2,100 x 2,100 row")
    args = parser.parse_args()
    repeat = 1 if args.quick else 3
    enc = state(1000, 1000, seed=1)
    print("\n1,000 x 1,000 random map (10% walls, 20% difficult terrain), 1,000 creatures\n")
    print("| layout | `to_json` | `from_json` | document |")
    print("| --- | ---: | ---: | ---: |")
    rows = []
    for layout, pack_from in (
        ("schema 2, packed tiles", brawl_json.PACK_FROM),
        ("schema 1, cell by cell", 10**9),
    ):
        saved = brawl_json.PACK_FROM
        brawl_json.PACK_FROM = pack_from
        try:
            t_save, text = best(lambda: brawl.to_json(enc), repeat)
        finally:
            brawl_json.PACK_FROM = saved
        t_load, back = best(functools.partial(brawl.from_json, text), repeat)
        if back != enc:
            sys.exit(f"{layout}: the document does not load back equal")
        rows.append((layout, t_save, t_load, len(text)))
        print(f"| {layout} | {t_save:.2f} s | {t_load:.2f} s | {len(text) / 1e6:.1f} M characters |")
    if not args.quick:
        big = state(2100, 100, seed=2)
        t_save, text = best(lambda: brawl.to_json(big), 1)
        t_load, back = best(lambda: brawl.from_json(text), 1)
        if back != big:
            sys.exit("2,100 x 2,100: the document does not load back equal")
        print(
            f"\n2,100 x 2,100 random map, 100 creatures: `to_json` {t_save:.2f} s, "
            f"`from_json` {t_load:.2f} s, {len(text) / 1e6:.1f} M characters "
            f"(limit {MAX_DOCUMENT / 1e6:.0f} M)"
        )


if __name__ == "__main__":
    main()
