"""The columnar result of a reachable-squares search: x, y, z and cost of every square (R-MOVE-1, R-MOVE-2).

Checked against the plain Dijkstra reference of tests/test_reachable.py and against the dict
result, for small windows (decoded with bytes operations), windows past the window cache
(decoded row by row) and 3-D flying results over several levels.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import brawl
from brawl import Cell, Creature, Encounter, Material, Pos, Terrain, reach_backend
from brawl.reach import ReachableColumns
from test_reachable import reference_costs, scenes

CACHES = st.sampled_from([None, None, 0, 64])
"""The window cache's bound during a test: as it is, none (every window decoded row by row), tiny."""


def as_dict(columns: ReachableColumns) -> dict[Pos, int]:
    return {Pos(x, y, z): c for x, y, z, c in zip(columns.x, columns.y, columns.z, columns.cost, strict=True)}


def check_columns(result: brawl.Reachable, expected: dict[Pos, int]) -> ReachableColumns:
    """The columns hold the expected squares and costs, in z, y, x order, read-only."""
    columns = result.columns()
    assert isinstance(columns, ReachableColumns)
    for column in columns:
        assert isinstance(column, memoryview)
        assert column.readonly
        assert column.format == "i"
        assert column.itemsize == 4
        assert len(column) == len(expected)
    assert as_dict(columns) == expected
    keys = list(zip(columns.z.tolist(), columns.y.tolist(), columns.x.tolist(), strict=True))
    assert keys == sorted((p.z, p.y, p.x) for p in expected)  # sorted, so also no square twice
    return columns


def walled_field(seed: int, width: int, depth: int, enemies: int, allies: int) -> Encounter:
    """A map of random walls and difficult terrain, the mover near the middle, creatures of both sides."""
    rng = random.Random(seed)
    cells = {}
    for y in range(depth):
        for x in range(width):
            r = rng.random()
            if r < 0.12:
                cells[Pos(x, y, 0)] = Cell(Material.STONE)
            elif r < 0.3:
                cells[Pos(x, y, 0)] = Cell(difficult=True)
    centre = Pos(width // 2, depth // 2, 0)
    cells[centre] = Cell()
    terrain = Terrain.flat(width, depth, height=3, below=1).with_cells(cells)
    enc = Encounter.create(terrain, [Creature(id="mover", side="heroes", pos=centre, speed=99)])
    for i in range(enemies + allies):
        p = Pos(rng.randrange(width), rng.randrange(depth), 0)
        if enc.fits(p, 1) and not enc.occupants(p) and enc.is_supported(p, 1):
            side = "director" if i < enemies else "heroes"
            enc = enc.with_creature(Creature(id=f"c{i}", side=side, pos=p))
    return enc


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(3, 40),
    st.integers(3, 40),
    st.integers(0, 12),
    st.integers(0, 4),
    st.integers(0, 14),
    CACHES,
)
def test_columns_equal_the_reference_on_random_maps_and_budgets(
    seed: int, width: int, depth: int, enemies: int, allies: int, budget: int, cache: int | None
) -> None:
    """R-MOVE-1, R-MOVE-2, DS-MOVE-04: on random maps of walls, difficult terrain and creatures, the
    columns hold every square the mover may end on at its cheapest cost, in z, y, x order, whether
    the window is decoded with its cached plan or row by row past the cache."""
    enc = walled_field(seed, width, depth, enemies, allies)
    expected = reference_costs(enc, "mover", budget, "advance")
    with pytest.MonkeyPatch.context() as mp:
        if cache is not None:
            mp.setattr(reach_backend, "WINDOW_CACHE_BITS", cache)
        result = brawl.reachable(enc, "mover", budget=budget)
        assert result.algorithm == "bitset"
        check_columns(result, expected)
        assert result.costs() == expected


@settings(max_examples=80, deadline=None)
@given(scenes(), CACHES)
def test_columns_equal_the_reference_in_every_mode(scene: tuple[Encounter, str], cache: int | None) -> None:
    """R-MOVE-1, R-MOVE-2: every mode, size and search (bit-set in 2-D and 3-D, Dijkstra): the
    columns agree with the reference Dijkstra and with the dict result."""
    enc, mode = scene
    with pytest.MonkeyPatch.context() as mp:
        if cache is not None:
            mp.setattr(reach_backend, "WINDOW_CACHE_BITS", cache)
        try:
            result = brawl.reachable(enc, "mover", mode=mode)  # type: ignore[arg-type]
        except brawl.IllegalMoveError:
            assume(False)
            raise
        expected = reference_costs(enc, "mover", result.budget, mode)
        check_columns(result, expected)
        assert result.costs() == expected


@st.composite
def fliers(draw: st.DrawFn) -> Encounter:
    """A size-1 flier over pillars, water and walls on several levels, creatures around it."""
    w = draw(st.integers(4, 12))
    d = draw(st.integers(4, 12))
    kinds = [Cell(Material.STONE), Cell(difficult=True), Cell(liquid=True), Cell(), Cell(Material.WOOD)]
    cells = draw(
        st.dictionaries(
            st.tuples(st.integers(0, w - 1), st.integers(0, d - 1), st.integers(-1, 4)),
            st.sampled_from(kinds),
            max_size=40,
        )
    )
    terrain = Terrain.flat(w, d, height=6, below=2).with_cells({Pos(*k): v for k, v in cells.items()})
    start = Pos(draw(st.integers(0, w - 1)), draw(st.integers(0, d - 1)), draw(st.integers(0, 3)))
    mover = Creature(
        id="mover", side="heroes", pos=start, speed=draw(st.integers(1, 6)), movement={"walk", "fly"}
    )
    try:
        enc = Encounter.create(terrain, [mover])
    except brawl.StateError:
        assume(False)
        raise
    for i, (x, y, z, side) in enumerate(
        draw(
            st.lists(
                st.tuples(
                    st.integers(0, w - 1),
                    st.integers(0, d - 1),
                    st.integers(0, 3),
                    st.sampled_from(["heroes", "director"]),
                ),
                max_size=4,
            )
        )
    ):
        try:
            enc = enc.with_creature(Creature(id=f"c{i}", side=side, pos=(x, y, z), movement={"walk", "fly"}))
        except brawl.StateError:
            continue
    return enc


@settings(max_examples=60, deadline=None)
@given(fliers(), CACHES)
def test_flying_columns_span_several_levels_like_the_reference(enc: Encounter, cache: int | None) -> None:
    """R-MOVE-1, R-GEO-4: a flier's 3-D bit-set result decodes into columns of several levels that
    agree with the reference Dijkstra, with and without the window cache."""
    with pytest.MonkeyPatch.context() as mp:
        if cache is not None:
            mp.setattr(reach_backend, "WINDOW_CACHE_BITS", cache)
        result = brawl.reachable(enc, "mover", mode="fly")
        assert result.algorithm == "bitset"
        expected = reference_costs(enc, "mover", result.budget, "fly")
        check_columns(result, expected)


def test_a_flier_in_the_open_reaches_every_level_around_it() -> None:
    """R-MOVE-1: in open air a flier of speed 2 reaches the 5 x 5 x 5 cube around it at its
    Chebyshev distance, so the z column takes 5 values."""
    enc = Encounter.create(
        Terrain.flat(9, 9, height=8, below=1),
        [Creature(id="mover", pos=(4, 4, 3), speed=2, movement={"walk", "fly"})],
    )
    columns = check_columns(
        brawl.reachable(enc, "mover", mode="fly"),
        {
            Pos(x, y, z): max(abs(x - 4), abs(y - 4), abs(z - 3))
            for x in range(2, 7)
            for y in range(2, 7)
            for z in range(1, 6)
        },
    )
    assert sorted(set(columns.z.tolist())) == [1, 2, 3, 4, 5]


def test_columns_are_read_only_and_the_same_each_time() -> None:
    """The result is immutable: its columns can't be written, and asking again gives equal columns."""
    enc = walled_field(3, 20, 20, 4, 2)
    result = brawl.reachable(enc, "mover", budget=6)
    columns = result.columns()
    with pytest.raises(TypeError):
        columns.x[0] = 99
    with pytest.raises(TypeError):
        columns.cost[0] = 99
    assert [c.tolist() for c in result.columns()] == [c.tolist() for c in columns]
    assert [c.tolist() for c in brawl.reachable(enc, "mover", budget=6).columns()] == [
        c.tolist() for c in columns
    ]


def test_columns_of_a_window_past_the_cache_costs_past_127_and_far_coordinates() -> None:
    """R-MOVE-1: a window of more than WINDOW_CACHE_BITS bits, a serpentine corridor whose costs
    pass 255, and a window whose coordinates pass 255, decode like the Dijkstra search."""
    # a large open window (141 x 141 positions) far from the origin of a 700 x 700 map
    enc = Encounter.create(
        Terrain.flat(700, 700, height=2, below=1).with_cells(
            {Pos(610, 600 + k, 0): Cell(Material.STONE) for k in range(30)}
        ),
        [Creature(id="kira", pos=(600, 600, 0), speed=70)],
    )
    big = brawl.reachable(enc, "kira")
    assert big.algorithm == "bitset"
    assert isinstance(big._backend, reach_backend.BitsetBackend)
    assert big._backend._size() > reach_backend.WINDOW_CACHE_BITS
    columns = big.columns()
    assert len(columns.x) == len(big) > 19_000
    assert as_dict(columns) == big.costs()
    assert min(columns.x) == 530
    assert max(columns.x) == 670
    # a small window whose x and y need two bytes each
    near = brawl.reachable(enc, "kira", budget=12)
    expected = {
        Pos(x, y, 0): max(abs(x - 600), abs(y - 600))
        for x in range(588, 613)
        for y in range(588, 613)
        if max(abs(x - 600), abs(y - 600)) <= 12 and not (x == 610 and y >= 600)
    }
    # behind the wall the squares cost more: take them from the general search
    general = brawl.reachable(enc, "kira", budget=12, algorithm="dijkstra").costs()
    assert {p: c for p, c in general.items() if p.x < 610} == {p: c for p, c in expected.items() if p.x < 610}
    check_columns(near, general)
    # costs past 255 in a serpentine corridor
    walls = {
        Pos(x, y, 0): Cell(Material.STONE)
        for y in range(1, 40, 2)
        for x in range(40)
        if x != (39 if y % 4 == 1 else 0)
    }
    corridor = Encounter.create(
        Terrain.flat(40, 40, height=2, below=1).with_cells(walls),
        [Creature(id="kira", pos=(0, 0, 0), speed=1000)],
    )
    long = brawl.reachable(corridor, "kira", budget=1000)
    expected_long = brawl.reachable(corridor, "kira", budget=1000, algorithm="dijkstra").costs()
    assert max(expected_long.values()) > 255
    check_columns(long, expected_long)


@pytest.mark.parametrize("mode", ["advance", "fly"])
def test_columns_below_level_0(mode: str) -> None:
    """R-MOVE-1: in a pit dug below level 0, walking and flying results decode negative z like the
    reference (4-byte ints below 0)."""
    pit = {Pos(x, y, z): Cell() for x in range(1, 8) for y in range(1, 8) for z in (-1, -2)}
    enc = Encounter.create(
        Terrain.flat(9, 9, height=3, below=3).with_cells(pit),
        [Creature(id="mover", pos=(4, 4, -1), speed=3, movement={"walk", "fly"})],
    )
    result = brawl.reachable(enc, "mover", mode=mode)  # type: ignore[arg-type]
    assert result.algorithm == "bitset"
    columns = check_columns(result, reference_costs(enc, "mover", 3, mode))
    assert min(columns.z) == (-1 if mode == "advance" else -2)
