"""The bit-set search for burrowing and for movers of every size in 3-D, against the Dijkstra search.

Random small maps of several levels: stone and dirt ground (tunnels carved into it, dirt to burrow
through), walls and pillars to climb, water to swim, difficult and damaging terrain, objects, and
creatures of both sides and several sizes; movers of size 1 to 3 burrowing, flying, climbing and
swimming (and walking), sometimes frightened of a creature nearby. Every answer of the bit-set
search (the cost of every square and which squares the move may end on, in order) must equal the
general Dijkstra search's and the plain reference Dijkstra's of ``test_reachable`` (written from
the rules alone) (R-MOVE-1, R-MOVE-2, R-GEO-4, R-GEO-5, DS-MOVE-04, DS-MTYPE-02, DS-MTYPE-11,
DS-MTYPE-12, RB1-FRIGHTENED).
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl import Cell, Creature, Encounter, MapObject, Material, Pos, Terrain
from brawl.conditions import Condition, ConditionName
from brawl.rules.reachable import movement_model
from test_reachable import reference_costs

MODES_3D = ("burrow", "fly", "climb", "swim")
KINDS = (
    Cell(Material.STONE),
    Cell(Material.DIRT),
    Cell(Material.WOOD),
    Cell(difficult=True),
    Cell(liquid=True),
    Cell(liquid=True),
    Cell(damaging=2),
    Cell(),
    Cell(),
)


def scene(rng: random.Random) -> tuple[Encounter, str, bool]:
    """A random map, a mover on it and a mode; the third value asks for squeezing (DS-MOVE-05)."""
    w, d = rng.randint(4, 9), rng.randint(4, 9)
    ground = rng.choice([Material.DIRT, Material.DIRT, Material.STONE])
    terrain = Terrain.flat(w, d, height=4, below=3, ground=ground)
    cells: dict[Pos, Cell] = {}
    for _ in range(rng.randint(0, 45)):
        cells[Pos(rng.randrange(w), rng.randrange(d), rng.randint(-3, 3))] = rng.choice(KINDS)
    if rng.random() < 0.3:  # a pool of water, two levels deep
        px, py = rng.randrange(w), rng.randrange(d)
        for x, y, z in itertools.product(range(px, min(px + 3, w)), range(py, min(py + 3, d)), (-2, -1)):
            cells[Pos(x, y, z)] = Cell(liquid=True)
    if rng.random() < 0.3:  # a tower of stone to climb
        tx, ty = rng.randrange(w), rng.randrange(d)
        for z in range(0, rng.randint(1, 4)):
            cells[Pos(tx, ty, z)] = Cell(Material.STONE)
    if rng.random() < 0.3:  # a slab of dirt or stone in the air, to burrow through or climb under
        sx, sy, sz = rng.randrange(w), rng.randrange(d), rng.randint(1, 2)
        slab = rng.choice([Cell(Material.DIRT), Cell(Material.DIRT), Cell(Material.STONE)])
        for x, y in itertools.product(range(sx, min(sx + 4, w)), range(sy, min(sy + 4, d))):
            cells[Pos(x, y, sz)] = slab
    terrain = terrain.with_cells(cells)
    mode = rng.choice(MODES_3D + MODES_3D + ("advance", "shift", "crawl"))
    size = rng.choice(["1T", "1M", "1L", "2", "2", "3"])
    n = int(size) if size in ("2", "3") else 1
    # flying and burrowing need their movement type; climbing and swimming without it cost 1 more
    needed = mode in ("fly", "burrow") or (mode in MODES_3D and rng.random() < 0.5)
    moves = {"walk", mode if needed else "walk", *rng.sample(("fly", "burrow"), rng.randint(0, 2))}
    conditions = (
        [Condition(ConditionName.PRONE)] if mode in ("burrow", "crawl") and rng.random() < 0.3 else []
    )
    mover = Creature(
        id="mover",
        side="heroes",
        size=size,
        pos=(rng.randint(0, w - n), rng.randint(0, d - n), rng.choice([-2, -1, -1, 0, 0, 0, 1, 2])),
        speed=rng.randint(1, 6),
        movement=moves,
        conditions=conditions,
    )
    try:
        enc = Encounter.create(terrain, [mover])
    except brawl.StateError:  # inside stone or off the map: start on the ground instead
        mover = Creature(
            id="mover",
            side="heroes",
            size=size,
            pos=(mover.pos.x, mover.pos.y, 0),
            speed=mover.speed,
            movement=moves,
            conditions=conditions,
        )
        enc = Encounter.create(terrain.with_cells(dict.fromkeys(_cube(mover.pos, n), Cell())), [mover])
    for i in range(rng.randint(0, 6)):
        p = Pos(rng.randrange(w), rng.randrange(d), rng.randint(-2, 2))
        try:
            if rng.random() < 0.25:
                enc = enc.with_object(MapObject(id=f"o{i}", pos=p))
            else:
                side = rng.choice(["heroes", "director", "director"])
                other = rng.choice(["1T", "1M", "1L", "2", "3"])
                enc = enc.with_creature(Creature(id=f"c{i}", pos=p, size=other, side=side))
        except brawl.StateError:
            continue
    if rng.random() < 0.4:  # dragging a grabbed creature (RB1-GRABBED) or carrying a rider (DS-MOUNT-03)
        me = enc.creature("mover")
        for attempt in range(6):
            other = rng.choice(["1T", "1M", "1L", "2", "3"])
            if rng.random() < 0.5:
                m = 3 if other == "3" else 2 if other == "2" else 1
                p = Pos(
                    me.pos.x + rng.randint(-m, n),
                    me.pos.y + rng.randint(-m, n),
                    me.pos.z + rng.randint(-1, 1),
                )
                companion = Creature(
                    id=f"held{attempt}",
                    pos=p,
                    size=other,
                    side=rng.choice(["heroes", "director"]),
                    conditions=[Condition(ConditionName.GRABBED, source="mover")],
                )
            else:
                companion = Creature(id=f"rider{attempt}", pos=me.pos, size=other, riding="mover")
            try:
                enc = enc.with_creature(companion)
            except brawl.StateError:
                continue
            break
    if rng.random() < 0.3:  # frightened of a creature, which may stand on another level (RB1-FRIGHTENED)
        p = Pos(rng.randrange(w), rng.randrange(d), rng.randint(-2, 3))
        source = Creature(id="dread", pos=p, size=rng.choice(["1M", "2"]), side="director")
        try:
            enc = enc.with_creature(source)
        except brawl.StateError:
            pass
        else:
            fear = Condition(ConditionName.FRIGHTENED, source="dread")
            enc = enc.update_creature("mover", conditions=(*enc.creature("mover").conditions, fear))
    return enc, mode, rng.random() < 0.2


def _cube(pos: Pos, n: int) -> list[Pos]:
    return [Pos(pos.x + i, pos.y + j, pos.z + k) for i in range(n) for j in range(n) for k in range(n)]


def compare(enc: Encounter, mode: str, squeeze: bool) -> int | None:
    """Assert that the bit-set search equals both Dijkstra searches; the squares found, or None."""
    try:
        fast = brawl.reachable(enc, "mover", mode=mode, squeeze=squeeze, algorithm="bitset")  # type: ignore[arg-type]
    except brawl.IllegalMoveError:
        return None  # the mover can't move in this mode at all (DS-MTYPE-02, DS-MTYPE-24, RB1-PRONE)
    except brawl.InvalidArgumentError:
        # the only case left to the general search: a mover of size 2+ whose start is not open
        model = movement_model(enc, "mover", mode)
        assert model.n > 1
        assert not model.fits(enc.creature("mover").pos)
        return None
    assert fast.algorithm == "bitset"
    slow = brawl.reachable(enc, "mover", mode=mode, squeeze=squeeze, algorithm="dijkstra")  # type: ignore[arg-type]
    assert slow.algorithm == "dijkstra"
    costs = fast.costs()
    assert costs == slow.costs()
    assert list(fast.items()) == list(slow.items())
    assert len(fast) == len(slow)
    a, b = fast.columns(), slow.columns()
    assert [c.tolist() for c in a] == [c.tolist() for c in b]
    if not squeeze and not movement_model(enc, "mover", mode).companions:  # the reference knows none
        assert costs == reference_costs(enc, "mover", fast.budget, mode)
    # the squares passed through but not ended on (another creature's space) cost the same too
    mover = enc.creature("mover")
    for pos in itertools.islice(fast, 0, None, 5):
        assert pos in slow
        path = fast.path_to(pos)
        if path:
            assert brawl.path_cost(enc, "mover", path, mode=mode, squeeze=squeeze) == fast.cost(pos)  # type: ignore[arg-type]
    for p in _cube(mover.pos - (2, 2, 2), mover.n + 4):
        assert (p in fast) == (p in slow)
    return len(costs)


@given(st.randoms(use_true_random=False))
def test_bitset_search_equals_dijkstra_burrowing_flying_climbing_swimming_any_size(
    rng: random.Random,
) -> None:
    """R-MOVE-1, R-GEO-4, R-GEO-5, DS-MTYPE-02, DS-MTYPE-11, DS-MTYPE-12, DS-MOVE-04: the bit-set
    search of every mode and size gives the Dijkstra search's costs and ends."""
    enc, mode, squeeze = scene(rng)
    compare(enc, mode, squeeze)


def test_most_random_scenes_do_real_work() -> None:
    """The scenes above are not trivial: over 400 seeds, most searches reach several squares at
    several costs, in every mode and for sizes 2 and 3 too (the share is checked, so a scene
    generator that stops producing real searches fails here); a frightened mover often loses squares."""
    found: dict[tuple[str, bool], list[int]] = {}
    afraid = held_back = along = 0
    for seed in range(400):
        rng = random.Random(seed)
        enc, mode, squeeze = scene(rng)
        squares = compare(enc, mode, squeeze)
        if squares is None:
            continue
        mover = enc.creature("mover")
        along += bool(movement_model(enc, "mover", mode).companions)
        if mover.has(ConditionName.FRIGHTENED):
            afraid += 1
            calm = enc.update_creature(
                "mover", conditions=[c for c in mover.conditions if c.source != "dread"]
            )
            held_back += squares < len(brawl.reachable(calm, "mover", mode=mode, squeeze=squeeze))  # type: ignore[arg-type]
        group = "walk" if mode not in MODES_3D else mode
        found.setdefault((group, enc.creature("mover").n > 1), []).append(squares)
    for mode in (*MODES_3D, "walk"):
        for large in (False, True):
            runs = found.get((mode, large), [])
            real = [s for s in runs if s >= 4]
            assert len(runs) >= 10, (mode, large, len(runs))
            assert len(real) >= len(runs) // 2, (mode, large, len(real), len(runs))
    assert afraid >= 30
    assert along >= 60  # a rider or a grabbed creature moving along
    assert held_back >= afraid // 3, (held_back, afraid)  # the fear keeps the mover from some squares


@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_burrower_tunnels_through_dirt_around_a_stone_block(n: int) -> None:
    """DS-MTYPE-02, R-GEO-4: underground, a burrower of any size passes through dirt, not stone,
    and never cuts a stone corner; both searches agree, and the stone costs the long way round."""
    size = {1: "1M", 2: "2", 3: "3"}[n]
    stone = {Pos(x, y, z): Cell(Material.STONE) for x in (6, 7) for y in range(11) for z in range(-4, 0)}
    terrain = Terrain.flat(14, 14, height=2, below=4).with_cells(stone)
    mover = Creature(id="mover", size=size, pos=(2, 2, -4), speed=16, movement={"walk", "burrow"})
    enc = Encounter.create(terrain, [mover])
    fast = brawl.reachable(enc, "mover", mode="burrow")
    assert fast.algorithm == "bitset"
    slow = brawl.reachable(enc, "mover", mode="burrow", algorithm="dijkstra")
    assert fast.costs() == slow.costs()
    assert fast.cost((6 - n, 2, -4)) == 4 - n  # up to the stone
    assert (7 - n, 2, -4) not in fast
    assert fast.cost((8, 11, -4)) > 9  # round the end of the block, not straight through it
    assert all(not (p.x <= 7 and p.x + n - 1 >= 6 and p.y <= 10) for p in fast)


@pytest.mark.parametrize("mode", ["fly", "climb", "swim"])
def test_a_size_2_mover_in_3d_fits_where_its_cube_does(mode: str) -> None:
    """R-GEO-5, DS-MTYPE-11: a size-2 flyer, climber or swimmer passes a 2-square gap in a wall,
    not a 1-square one, and both searches agree on every cost."""
    wall = {Pos(5, y, z): Cell(Material.STONE) for y in range(10) for z in range(0, 6)}
    for y, z in itertools.product((2, 3), (1, 2)):
        del wall[Pos(5, y, z)]  # a 2 x 2 window
    del wall[Pos(5, 7, 1)]  # a 1 x 1 hole
    water = {Pos(x, y, z): Cell(liquid=True) for x in range(10) for y in range(10) for z in range(0, 4)}
    cells = {**water, **wall} if mode == "swim" else wall
    terrain = Terrain.flat(10, 10, height=6, below=1).with_cells(cells)
    mover = Creature(id="mover", size="2", pos=(1, 2, 1), speed=8, movement={"walk", mode})
    enc = Encounter.create(terrain, [mover])
    fast = brawl.reachable(enc, "mover", mode=mode)  # type: ignore[arg-type]
    assert fast.algorithm == "bitset"
    slow = brawl.reachable(enc, "mover", mode=mode, algorithm="dijkstra")  # type: ignore[arg-type]
    assert fast.costs() == slow.costs()
    assert list(fast.items()) == list(slow.items())
    assert Pos(6, 2, 1) in fast  # through the window
    assert all((p.y, p.z) == (2, 1) for p in fast if p.x in (4, 5))  # in the wall only at the window


@pytest.mark.parametrize("mode", ["swim", "climb"])
def test_a_large_swimmer_or_climber_high_above_the_ground(mode: str) -> None:
    """DS-MTYPE-11, DS-MOVE-14: a size-3 swimmer held by a sheet of water at its top level, or a
    climber beside the edge of a stone ceiling: the levels the search keeps are those whose cube,
    or the cells around it, reach the sheet; both searches agree."""
    sheet = Cell(liquid=True) if mode == "swim" else Cell(Material.STONE)
    top = 6 if mode == "swim" else 7
    cells = {Pos(x, y, top): sheet for x in range(9) for y in range(9) if mode == "swim" or x < 5}
    terrain = Terrain.flat(9, 9, height=10, below=1).with_cells(cells)
    start = (5, 3, 6)  # the search must keep the levels below: the cube still reaches the sheet
    mover = Creature(id="mover", size="3", pos=start, speed=4, movement={"walk"})
    enc = Encounter.create(terrain, [mover])
    fast = brawl.reachable(enc, "mover", mode=mode)  # type: ignore[arg-type]
    assert fast.algorithm == "bitset"
    slow = brawl.reachable(enc, "mover", mode=mode, algorithm="dijkstra")  # type: ignore[arg-type]
    assert fast.costs() == slow.costs()
    assert fast.costs() == reference_costs(enc, "mover", fast.budget, mode)
    assert {p.z for p in fast} == ({4, 5, 6} if mode == "swim" else {4, 5, 6, 7})


@pytest.mark.parametrize("case", ["dragging", "riding", "burrowing"])
def test_wide_windows_read_row_by_row_agree(case: str) -> None:
    """R-MOVE-1, DS-MTYPE-02, RB1-GRABBED, DS-MOUNT-03: a window wider than a tile (read row by
    row, with room in each row for a dragged creature's or rider's cube) gives the Dijkstra
    search's costs: walking with a size-3 creature in tow or under a rider, or burrowing through
    dirt with stone and hollows in it."""
    rng = random.Random(7)
    w = 70
    level = -1 if case == "burrowing" else 0
    kinds = [Cell(Material.STONE), Cell(difficult=True), Cell(), Cell(Material.DIRT)]
    cells = {Pos(rng.randrange(w), rng.randrange(w), level): rng.choice(kinds) for _ in range(500)}
    centre = Pos(22, 22, level)
    for p in _cube(centre - (3, 3, 0), 7):
        if p.z == level:
            cells[p] = Cell() if case != "burrowing" else Cell(Material.DIRT)
    terrain = Terrain.flat(w, w, height=4, below=2).with_cells(cells)
    moves = {"walk", "burrow"} if case == "burrowing" else {"walk"}
    size = "3" if case == "riding" else "1M"
    enc = Encounter.create(terrain, [Creature(id="mover", pos=centre, size=size, speed=30, movement=moves)])
    if case == "dragging":
        grab = Condition(ConditionName.GRABBED, source="mover")
        enc = enc.with_creature(Creature(id="held", pos=Pos(23, 22, level), size="3", conditions=[grab]))
    elif case == "riding":
        enc = enc.with_creature(Creature(id="rider", pos=centre, size="2", riding="mover"))
    mode = "burrow" if case == "burrowing" else "advance"
    fast = brawl.reachable(enc, "mover", mode=mode, budget=30, ignore_speed=True)  # type: ignore[arg-type]
    assert fast.algorithm == "bitset"
    slow = brawl.reachable(enc, "mover", mode=mode, budget=30, ignore_speed=True, algorithm="dijkstra")  # type: ignore[arg-type]
    assert fast.costs() == slow.costs()
    assert list(fast.items()) == list(slow.items())
    assert [c.tolist() for c in fast.columns()] == [c.tolist() for c in slow.columns()]
    assert len(fast) > 100
