"""Reachable squares: the bit-set search against networkx's Dijkstra, and against the map's size.

Run ``python benchmarks/bench_reachable.py`` (add ``--quick`` for fewer repetitions). It prints
two markdown tables:

1. ``brawl.reachable`` (budget 5, 10, 30) against
   ``networkx.single_source_dijkstra_path_length(graph, source, cutoff=budget)`` on a 500 x 500
   map with 10% walls, 20% difficult terrain and 20 enemies near the mover. The graph is built
   once, before timing, with the same step costs (1, +1 into difficult terrain or an enemy's
   space, no cutting corners), and both answers are checked to be equal first.
   "search alone" times the bit-set search with the step rules already built, without the
   per-query look-ups of speed, conditions, riders and grabs.
2. The same budget-10 query on a 64 x 64 map and on a 1,000 x 1,000 map whose 64 x 64 corner
   around the mover is the same, so the answer is identical and only the map's size differs.

Each figure is the best of several runs of many calls (``timeit``), so other processes on the
machine disturb it as little as possible.
"""

from __future__ import annotations

import argparse
import random
import sys
import timeit

import networkx as nx

import brawl
from brawl import Cell, Creature, Encounter, Material, Pos, Terrain
from brawl.rules.reachable import movement_model, search

WALLS = 0.10
DIFFICULT = 0.20
ENEMIES = 20
BUDGETS = (5, 10, 30)
WALL = Cell(Material.STONE)
MUD = Cell(difficult=True)


def random_cells(width: int, depth: int, seed: int, *, x0: int = 0, y0: int = 0) -> dict[Pos, Cell]:
    """10% walls and 20% difficult terrain on a width x depth patch at (x0, y0)."""
    rng = random.Random(seed)
    cells: dict[Pos, Cell] = {}
    for y in range(depth):
        for x in range(width):
            r = rng.random()
            if r < WALLS:
                cells[Pos(x0 + x, y0 + y, 0)] = WALL
            elif r < WALLS + DIFFICULT:
                cells[Pos(x0 + x, y0 + y, 0)] = MUD
    return cells


def encounter(terrain: Terrain, centre: Pos, seed: int, *, spread: int = 12) -> Encounter:
    """The mover (speed 30) at ``centre`` on cleared ground and 20 enemies around it."""
    terrain = terrain.with_cell(centre, Cell())
    mover = Creature(id="mover", side="heroes", pos=centre, speed=max(BUDGETS))
    enc = Encounter.create(terrain, [mover])
    rng = random.Random(seed)
    placed = 0
    while placed < ENEMIES:
        p = Pos(centre.x + rng.randint(-spread, spread), centre.y + rng.randint(-spread, spread), 0)
        if enc.fits(p, 1) and not enc.occupants(p) and enc.is_supported(p, 1):
            enc = enc.with_creature(Creature(id=f"enemy{placed:02d}", side="director", pos=p))
            placed += 1
    return enc


def networkx_graph(enc: Encounter) -> nx.DiGraph:
    """Every square the mover can stand on, every legal king step, and its cost (R-MOVE-1)."""
    terrain = enc.terrain
    w, d = terrain.width, terrain.depth
    blocked = [[False] * w for _ in range(d)]
    extra = [[0] * w for _ in range(d)]
    for y in range(d):
        solid, difficult, _, _ = terrain.row_masks(0, y)
        for x in range(w):
            blocked[y][x] = bool((solid >> x) & 1)
            extra[y][x] = (difficult >> x) & 1
    for c in enc.enemies_of("mover"):
        extra[c.pos.y][c.pos.x] = 1
    edges = []
    dirs = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    for y in range(d):
        for x in range(w):
            if blocked[y][x]:
                continue
            for dx, dy in dirs:
                qx, qy = x + dx, y + dy
                if not (0 <= qx < w and 0 <= qy < d) or blocked[qy][qx]:
                    continue
                if dx and dy and (blocked[y][qx] or blocked[qy][x]):
                    continue  # DS-MOVE-08: no cutting corners
                edges.append(((x, y), (qx, qy), 1 + extra[qy][qx]))
    graph = nx.DiGraph()
    graph.add_weighted_edges_from(edges)
    return graph


def best(stmt: object, number: int, repeat: int) -> float:
    """Seconds per call: the best of ``repeat`` runs of ``number`` calls."""
    return min(timeit.repeat(stmt, number=number, repeat=repeat)) / number  # type: ignore[arg-type]


def check_same(enc: Encounter, graph: nx.DiGraph, budget: int) -> None:
    """The two searches agree on every square the mover can end on."""
    ours = brawl.reachable(enc, "mover", budget=budget).costs()
    theirs = nx.single_source_dijkstra_path_length(
        graph, (enc.creature("mover").pos.x, enc.creature("mover").pos.y), cutoff=budget
    )
    occupied = {(c.pos.x, c.pos.y) for c in enc.creature_list() if c.id != "mover"}
    expected = {Pos(x, y, 0): c for (x, y), c in theirs.items() if (x, y) not in occupied}
    if ours != expected:
        differ = len(set(ours.items()) ^ set(expected.items()))
        sys.exit(f"budget {budget}: brawl and networkx disagree on {differ} squares")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7

    size = 500
    centre = Pos(size // 2, size // 2, 0)
    terrain = Terrain.flat(size, size, height=4, below=1).with_cells(random_cells(size, size, seed=1))
    enc = encounter(terrain, centre, seed=2)
    print(f"building the networkx graph of the {size} x {size} map ...", file=sys.stderr)
    graph = networkx_graph(enc)
    source = (centre.x, centre.y)

    print(f"\n{size} x {size} map, {WALLS:.0%} walls, {DIFFICULT:.0%} difficult terrain, {ENEMIES} enemies\n")
    print("| budget | squares | `brawl.reachable` | search alone | networkx Dijkstra (cutoff) | speed-up |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    model = movement_model(enc, "mover", "advance")
    for budget in BUDGETS:
        check_same(enc, graph, budget)
        n = 2000 if budget < 30 else 400
        ours = best(lambda b=budget: brawl.reachable(enc, "mover", budget=b), n, repeat)
        n_nx = max(20, n // 20)
        theirs = best(
            lambda b=budget: nx.single_source_dijkstra_path_length(graph, source, cutoff=b), n_nx, repeat
        )
        alone = best(lambda b=budget: search(model, centre, b), n, repeat)
        squares = len(brawl.reachable(enc, "mover", budget=budget))
        print(
            f"| {budget} | {squares} | {ours * 1e6:.1f} µs | {alone * 1e6:.1f} µs | {theirs * 1e6:.1f} µs "
            f"| {theirs / ours:.1f}x |"
        )

    # the same neighbourhood on a small and on a huge map
    small_terrain = Terrain.flat(64, 64, height=4, below=1).with_cells(random_cells(64, 64, seed=3))
    small = encounter(small_terrain, Pos(32, 32, 0), seed=4, spread=8)
    offset = 468
    big_cells = random_cells(1000, 1000, seed=5)
    for p, cell in random_cells(64, 64, seed=3, x0=offset, y0=offset).items():
        big_cells[p] = cell
    for y in range(64):
        for x in range(64):
            p = Pos(offset + x, offset + y, 0)
            if Pos(x, y, 0) not in small_terrain.cells:
                big_cells.pop(p, None)
    big_terrain = Terrain.flat(1000, 1000, height=4, below=1).with_cells(big_cells)
    big = Encounter.create(
        big_terrain.with_cell((offset + 32, offset + 32, 0), Cell()),
        [
            Creature(id=c.id, side=c.side, speed=c.speed, pos=(c.pos.x + offset, c.pos.y + offset, 0))
            for c in small.creature_list()
        ],
    )
    small_answer = {(p.x, p.y): c for p, c in brawl.reachable(small, "mover", budget=10).costs().items()}
    big_answer = {
        (p.x - offset, p.y - offset): c for p, c in brawl.reachable(big, "mover", budget=10).costs().items()
    }
    if small_answer != big_answer:
        sys.exit("the 64 x 64 and 1,000 x 1,000 answers differ")
    t_small = best(lambda: brawl.reachable(small, "mover", budget=10), 2000, repeat)
    t_big = best(lambda: brawl.reachable(big, "mover", budget=10), 2000, repeat)
    print("\nThe same budget-10 query (same neighbourhood, same answer) on two map sizes\n")
    print("| map | squares | `brawl.reachable` | ratio |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| 64 x 64 | {len(small_answer)} | {t_small * 1e6:.1f} µs | 1.00x |")
    print(f"| 1,000 x 1,000 | {len(big_answer)} | {t_big * 1e6:.1f} µs | {t_big / t_small:.2f}x |")


if __name__ == "__main__":
    main()
