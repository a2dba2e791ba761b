"""Reachable squares: the bit-set search against networkx's Dijkstra, a C reference and itself.

Run ``python benchmarks/bench_reachable.py`` (add ``--quick`` for fewer repetitions). It prints
markdown tables:

1. ``brawl.reachable`` (budget 5, 10, 30), lazy, decoded into a ``{square: cost}`` dict
   (``.costs()``) and decoded into columns of x, y, z and cost (``.columns()``), against
   ``networkx.single_source_dijkstra_path_length(graph, source, cutoff=budget)`` and against a C
   program (``benchmarks/c/reachable_ref.c``, compiled with ``cc -O2`` when a compiler is found;
   the column reads "(no C compiler)" otherwise) that runs the same bounded-cost search and
   decodes it into arrays of x, y and cost, on a 500 x 500 map with 10% walls, 20% difficult
   terrain and 20 enemies near the mover. brawl is timed first, before the networkx graph (about
   250,000 nodes and 2 million edges) is built, so that its objects do not slow brawl's
   timings; the graph has the same step costs (1, +1 into difficult terrain or an enemy's space,
   no cutting corners) and all the answers are checked to be equal before the table is printed.
   The C program runs in its own process. "search alone" times the bit-set search with the step
   rules already built, without the per-query look-ups; "dict alone" builds the same
   ``{Pos: cost}`` dict from a ready list of its ``Pos`` objects and one of its costs (the least
   any decoding into such a dict can cost).
2. No cliffs: budgets around and past 256 (once the bit-set limit), the 3-D modes (flying,
   climbing, swimming), burrowing and size-2 movers against walking, as time per reachable square.
3. ``path_to`` of the same square from a budget-10 and a budget-200 result.
4. The same budget-10 query on a 64 x 64 map and on a 1,000 x 1,000 map whose 64 x 64 corner
   around the mover is the same, so the answer is identical and only the map's size differs.

Each figure is the best of several runs of many calls (``timeit``; the first table takes the
best of 350 runs of about a millisecond each, brawl's and networkx's alike), so other processes
on the machine disturb it as little as possible.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path

import attrs
import networkx as nx

import brawl
from brawl import Cell, Creature, Encounter, Material, Pos, Terrain
from brawl.conditions import Condition, ConditionName
from brawl.geometry import HORIZONTAL_DIRECTIONS, distance
from brawl.rules.reachable import movement_model, search

C_SOURCE = Path(__file__).with_name("c") / "reachable_ref.c"

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


def c_reference(enc: Encounter) -> Callable[[int, int], float] | None:
    """Compile the C reference, or None without a compiler; its runs are checked against brawl's."""
    cc = shutil.which(os.environ.get("CC", "cc"))
    if cc is None:
        return None
    # removed when ``run`` (which holds it) is dropped, or at exit
    holder = tempfile.TemporaryDirectory(prefix="brawl-bench-")
    work = Path(holder.name)
    exe = work / "reachable_ref"
    built = subprocess.run([cc, "-O2", "-o", str(exe), str(C_SOURCE)], capture_output=True, text=True)
    if built.returncode:
        print(f"the C reference did not compile: {built.stderr}", file=sys.stderr)
        return None
    terrain = enc.terrain
    w, d = terrain.width, terrain.depth
    wall, extra, occupied = bytearray(w * d), bytearray(w * d), bytearray(w * d)
    for y in range(d):
        solid, difficult, _, _ = terrain.row_masks(0, y)
        for x in range(w):
            wall[y * w + x] = (solid >> x) & 1
            extra[y * w + x] = (difficult >> x) & 1
    for c in enc.enemies_of("mover"):
        extra[c.pos.y * w + c.pos.x] = 1
    for c in enc.creature_list():
        if c.id != "mover":
            occupied[c.pos.y * w + c.pos.x] = 1
    mapfile = work / "map.bin"
    mapfile.write_bytes(f"{w} {d}\n".encode() + bytes(wall) + bytes(extra) + bytes(occupied))
    origin = enc.creature("mover").pos

    def run(budget: int, repeat: int) -> float:
        assert holder  # the compiled program and its map live while ``run`` does
        args = [str(exe), str(mapfile), str(origin.x), str(origin.y), str(budget), str(repeat)]
        out = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split("\n")
        found = {}
        for line in out[1:]:
            if line:
                x, y, cost = map(int, line.split())
                found[Pos(x, y, 0)] = cost
        if found != brawl.reachable(enc, "mover", budget=budget).costs():
            sys.exit(f"budget {budget}: brawl and the C reference disagree")
        return float(out[0]) * 1e-9

    return run


def once(f: Callable[[], object], repeat: int) -> float:
    """Seconds of one call, the best of ``repeat``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)


def fresh(state: Encounter) -> Callable[[], Encounter]:
    """Two equal states, one after the other: :func:`brawl.reachable` keeps its last answer for
    the very same state, so a timed query alternates between them to search every time."""
    twins = [state, state.with_creature(state.creature("mover"))]

    def pick() -> Encounter:
        twins.reverse()
        return twins[0]

    return pick


def cliffs(enc: Encounter, repeat: int) -> None:
    """Budgets past the old bit-set limit, the 3-D modes, burrowing and size 2: time per reachable square."""
    mover = enc.creature("mover")
    fast = enc.with_creature(attrs.evolve(mover, speed=1000, movement=frozenset({"walk", "fly"})))
    print("\nNo cliffs: every budget and mode against walking, in time per reachable square\n")
    print("| query | algorithm | squares | time | per square | against walking |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    walk_rate: dict[int, float] = {}

    def row(label: str, state: Encounter, budget: int, mode: str, against: float | None) -> float:
        result = brawl.reachable(state, "mover", budget=budget, mode=mode)  # type: ignore[arg-type]
        squares = len(result)
        pick = fresh(state)

        def query() -> int:
            return len(brawl.reachable(pick(), "mover", budget=budget, mode=mode))  # type: ignore[arg-type]

        seconds = once(query, repeat)
        if seconds < 0.002:  # a short query: the best of runs of many calls, as the first table does
            seconds = best(query, max(1, int(0.01 / seconds)), repeat)
        rate = seconds / squares
        ratio = f"{rate / against:.2f}x" if against else "1.00x"
        print(
            f"| {label} | {result.algorithm} | {squares:,} | {seconds * 1e3:.2f} ms | {rate * 1e9:.0f} ns "
            f"| {ratio} |"
        )
        return rate

    for budget in (256, 257, 400, 1000):
        rate = row(f"walk, budget {budget}", fast, budget, "advance", walk_rate.get(256))
        walk_rate.setdefault(256, rate)
    # the 3-D modes of a size-1 mover at speed 8 against walking at about as many squares
    for mode, moves in (("fly", {"walk", "fly"}), ("climb", {"walk", "climb"}), ("swim", {"walk", "swim"})):
        state = enc.with_creature(attrs.evolve(mover, speed=8, movement=frozenset(moves)))
        squares = len(brawl.reachable(state, "mover", budget=8, mode=mode))  # type: ignore[arg-type]
        budget = min(range(2, 60), key=lambda b: abs(len(brawl.reachable(fast, "mover", budget=b)) - squares))
        walk = row(f"walk, budget {budget} (as many squares as {mode} 8)", fast, budget, "advance", None)
        row(f"{mode}, speed 8", state, 8, mode, walk)
    # burrowing (on the surface and in the dirt below it) and size-2 movers, at speed 8
    here = mover.pos
    big = next(
        Pos(here.x + dx, here.y + dy, 0)
        for dx in range(12)
        for dy in range(12)
        if enc.fits(Pos(here.x + dx, here.y + dy, 0), 2)
        and not enc.creatures_in(Pos(here.x + dx, here.y + dy, 0), 2, exclude=("mover",))
    )
    for label, mode, moves, size, pos in (
        ("burrow", "burrow", {"walk", "burrow"}, "1M", here),
        ("burrow in the dirt below", "burrow", {"walk", "burrow"}, "1M", here - (0, 0, 1)),
        ("size-2 walk", "advance", {"walk"}, "2", big),
        ("size-2 fly", "fly", {"walk", "fly"}, "2", big),
        ("size-2 climb", "climb", {"walk", "climb"}, "2", big),
        ("size-2 swim", "swim", {"walk", "swim"}, "2", big),
    ):
        state = enc.with_creature(attrs.evolve(mover, speed=8, movement=frozenset(moves), size=size, pos=pos))
        squares = len(brawl.reachable(state, "mover", budget=8, mode=mode))  # type: ignore[arg-type]
        budget = min(range(1, 60), key=lambda b: abs(len(brawl.reachable(fast, "mover", budget=b)) - squares))
        walk = row(f"walk, budget {budget} (as many squares as {label} 8)", fast, budget, "advance", None)
        row(f"{label}, speed 8", state, 8, mode, walk)
    # frightened of the nearest enemy (RB1-FRIGHTENED); dragging a grabbed creature (RB1-GRABBED) or
    # carrying a rider (DS-MOUNT-03), walking and flying
    dread = min(enc.enemies_of("mover"), key=lambda c: (distance(c.pos, 1, here, 1), c.id))
    afraid = (Condition(ConditionName.FRIGHTENED, source=dread.id),)
    side = next(
        p
        for p in (here + d for d in HORIZONTAL_DIRECTIONS)
        if enc.fits(p, 1) and enc.is_supported(p, 1) and not enc.occupants(p)
    )
    grabbed = Creature(id="held", pos=side, conditions=[Condition(ConditionName.GRABBED, source="mover")])
    for label, mode, moves, size, pos, conditions, extra in (
        ("frightened walk", "advance", {"walk"}, "1M", here, afraid, None),
        ("frightened fly", "fly", {"walk", "fly"}, "1M", here, afraid, None),
        ("dragging a grabbed creature", "advance", {"walk"}, "1M", here, (), grabbed),
        (
            "size-2 mount carrying a rider",
            "advance",
            {"walk"},
            "2",
            big,
            (),
            Creature(id="rider", pos=big, riding="mover"),
        ),
        (
            "size-2 mount flying with a rider",
            "fly",
            {"walk", "fly"},
            "2",
            big,
            (),
            Creature(id="rider", pos=big, riding="mover"),
        ),
    ):
        mount = attrs.evolve(
            mover, speed=8, movement=frozenset(moves), size=size, pos=pos, conditions=conditions
        )
        state = enc.with_creature(mount)
        if extra is not None:
            state = state.with_creature(extra)
        squares = len(brawl.reachable(state, "mover", budget=8, mode=mode))  # type: ignore[arg-type]
        budget = min(range(1, 60), key=lambda b: abs(len(brawl.reachable(fast, "mover", budget=b)) - squares))
        walk = row(f"walk, budget {budget} (as many squares as {label} 8)", fast, budget, "advance", None)
        row(f"{label}, speed 8", state, 8, mode, walk)


def paths(enc: Encounter, repeat: int) -> None:
    """path_to of one square from a small and from a large window: the same work."""
    fast = enc.with_creature(attrs.evolve(enc.creature("mover"), speed=1000))
    small = brawl.reachable(fast, "mover", budget=10)
    large = brawl.reachable(fast, "mover", budget=200)
    target = max(small.costs().items(), key=lambda pc: (pc[1], pc[0]))[0]
    if small.cost(target) != large.cost(target) or len(small.path_to(target)) != len(large.path_to(target)):
        sys.exit("path_to differs between the two windows")
    t_small = best(lambda: small.path_to(target), 200, repeat)
    t_large = best(lambda: large.path_to(target), 200, repeat)
    print(f"\n`path_to` of a square at cost {small.cost(target)} ({len(small.path_to(target))} steps)\n")
    print("| result | window | `path_to` | ratio |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| budget 10 | 21 x 21 | {t_small * 1e6:.1f} µs | 1.00x |")
    print(f"| budget 200 | 401 x 401 | {t_large * 1e6:.1f} µs | {t_large / t_small:.2f}x |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7

    size = 500
    centre = Pos(size // 2, size // 2, 0)
    terrain = Terrain.flat(size, size, height=4, below=1).with_cells(random_cells(size, size, seed=1))
    enc = encounter(terrain, centre, seed=2)
    model = movement_model(enc, "mover", "advance")
    # brawl first, in a process without the networkx graph: many short runs (best of 50 x
    # ``repeat`` runs of 20 or 4 calls, about a millisecond each), so on a busy machine the least
    # disturbed run counts
    runs = 50 * repeat
    ours: dict[int, tuple[float, float, float, float, float]] = {}
    for budget in BUDGETS:
        n = 20 if budget < 30 else 4
        answer = brawl.reachable(enc, "mover", budget=budget).costs()
        keys, values = list(answer), list(answer.values())
        pick = fresh(enc)  # each call a fresh search and a fresh decoding
        ours[budget] = (
            best(lambda b=budget, pick=pick: brawl.reachable(pick(), "mover", budget=b), n, runs),
            best(lambda b=budget: search(model, centre, b), n, runs),
            best(lambda b=budget, pick=pick: brawl.reachable(pick(), "mover", budget=b).costs(), n, runs),
            best(lambda b=budget, pick=pick: brawl.reachable(pick(), "mover", budget=b).columns(), n, runs),
            # the least a {Pos: cost} dict of these squares costs: made from ready Pos objects and ints
            best(lambda k=keys, v=values: dict(zip(k, v, strict=True)), n, runs),
        )
    print(f"building the networkx graph of the {size} x {size} map ...", file=sys.stderr)
    graph = networkx_graph(enc)
    source = (centre.x, centre.y)

    ref = c_reference(enc)
    print(f"\n{size} x {size} map, {WALLS:.0%} walls, {DIFFICULT:.0%} difficult terrain, {ENEMIES} enemies\n")
    print(
        "| budget | squares | `brawl.reachable` | search alone | decoded `.costs()` | dict alone "
        "| decoded `.columns()` "
        "| networkx Dijkstra (cutoff) | C search + decode | lazy vs networkx | decoded vs networkx "
        "| columns vs networkx | decoded / C | columns / C |"
    )
    print(
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    )
    for budget in BUDGETS:
        check_same(enc, graph, budget)
        result = brawl.reachable(enc, "mover", budget=budget)
        columns = result.columns()
        as_dict = {
            Pos(*xyz): c for *xyz, c in zip(columns.x, columns.y, columns.z, columns.cost, strict=True)
        }
        if as_dict != result.costs():
            sys.exit(f"budget {budget}: the columns and the dict disagree")
        lazy, alone, decoded, cols, floor = ours[budget]

        def dijkstra(b: int = budget) -> object:
            return nx.single_source_dijkstra_path_length(graph, source, cutoff=b)

        # networkx's runs as short as brawl's: about a millisecond, at least one call
        n_nx = max(1, round(0.001 / once(dijkstra, 3)))
        theirs = best(dijkstra, n_nx, runs)
        c_time = ref(budget, 20_000 if budget < 30 else 2_000) if ref else None
        c_cells = f"{c_time * 1e6:.2f} µs" if c_time else "(no C compiler)"
        c_ratios = f"{decoded / c_time:.1f}x | {cols / c_time:.1f}x" if c_time else "– | –"
        print(
            f"| {budget} | {len(result)} | {lazy * 1e6:.1f} µs | {alone * 1e6:.1f} µs "
            f"| {decoded * 1e6:.1f} µs | {floor * 1e6:.1f} µs | {cols * 1e6:.1f} µs | {theirs * 1e6:.1f} µs "
            f"| {c_cells} "
            f"| {theirs / lazy:.1f}x "
            f"| {theirs / decoded:.1f}x | {theirs / cols:.1f}x | {c_ratios} |"
        )

    cliffs(enc, repeat)
    paths(enc, repeat)

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
    small_pick, big_pick = fresh(small), fresh(big)
    t_small = best(lambda: brawl.reachable(small_pick(), "mover", budget=10), 2000, repeat)
    t_big = best(lambda: brawl.reachable(big_pick(), "mover", budget=10), 2000, repeat)
    print("\nThe same budget-10 query (same neighbourhood, same answer) on two map sizes\n")
    print("| map | squares | `brawl.reachable` | ratio |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| 64 x 64 | {len(small_answer)} | {t_small * 1e6:.1f} µs | 1.00x |")
    print(f"| 1,000 x 1,000 | {len(big_answer)} | {t_big * 1e6:.1f} µs | {t_big / t_small:.2f}x |")


if __name__ == "__main__":
    main()
