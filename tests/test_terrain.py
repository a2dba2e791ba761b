"""The map: cells, materials, support, drops, liquid, line of effect, persistent edits."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl.terrain
from brawl import Cell, DamageType, InvalidArgumentError, Material, Pos, Terrain, strategies
from brawl.geometry import cube
from brawl.terrain import MAX_EDGE, OBJECT_STAMINA_PER_SQUARE


def test_default_map_is_flat_open_ground_at_z_0() -> None:
    """DS-MOVE-14: creatures walk on solid horizontal ground; below z = 0 is ground, above is air."""
    t = Terrain.flat(10, 10)
    assert t.is_solid(Pos(3, 3, -1))
    assert not t.is_solid(Pos(3, 3, 0))
    assert t.supports(Pos(3, 3, 0))
    assert not t.supports(Pos(3, 3, 1))
    assert t.cell(Pos(3, 3, -1)).material is Material.DIRT


def test_object_stamina_per_square_by_material() -> None:
    """DS-OBJ-03: glass 1, wood 3, stone 6, metal 9 per square."""
    assert dict(OBJECT_STAMINA_PER_SQUARE) == {
        Material.GLASS: 1, Material.WOOD: 3, Material.STONE: 6, Material.METAL: 9,
    }  # fmt: skip


def test_walls_block_and_a_pit_drops() -> None:
    """R-GEO-5: a wall cell is solid; a pit is ground carved out below z = 0."""
    t = Terrain.flat(10, 10).with_cells(
        {
            Pos(2, 2, 0): Cell(Material.STONE),
            Pos(5, 5, -1): Cell(),
            Pos(5, 5, -2): Cell(),
            Pos(5, 5, -3): Cell(),
        }
    )
    assert t.is_solid(Pos(2, 2, 0))
    assert not t.is_clear(Pos(2, 2, 0))
    assert not t.supports(Pos(5, 5, 0))
    assert t.drop_below(Pos(5, 5, 0)) == 3
    assert t.below_cell(Pos(5, 5, 0)) == (Pos(5, 5, -4), Cell(Material.DIRT))


def test_a_ledge_and_a_bridge_over_a_road() -> None:
    """A raised ledge supports a creature at z = 2; a bridge at z = 3 leaves the road under it clear."""
    ledge = {Pos(x, 0, z): Cell(Material.STONE) for x in range(4) for z in range(2)}
    bridge = {Pos(x, 5, 3): Cell(Material.WOOD) for x in range(10)}
    t = Terrain.flat(10, 10).with_cells({**ledge, **bridge})
    assert t.supports(Pos(1, 0, 2))
    assert t.drop_below(Pos(1, 1, 2)) == 2
    assert t.supports(Pos(4, 5, 4))
    assert t.is_clear(Pos(4, 5, 0))
    assert t.supports(Pos(4, 5, 0))


def test_stairs_rise_one_level_a_square() -> None:
    """Stairs are solid steps one level higher each square; each step supports the next level."""
    steps = {Pos(x, 0, z): Cell(Material.STONE) for x in range(3) for z in range(x + 1)}
    t = Terrain.flat(6, 3).with_cells(steps)
    assert [t.supports(Pos(x, 0, x + 1)) for x in range(3)] == [True, True, True]


def test_water_depth_and_submersion() -> None:
    """DS-FALL-03, DS-ENV-01: liquid cells have a depth; a creature all inside liquid is submerged."""
    water = {Pos(x, y, z): Cell(liquid=True) for x in range(3) for y in range(3) for z in (-3, -2, -1)}
    t = Terrain.flat(5, 5).with_cells(water)
    assert t.liquid_depth(Pos(1, 1, -1)) == 3
    assert t.liquid_depth(Pos(1, 1, 0)) == 0
    assert t.is_submerged(Pos(0, 0, -3), 2)
    assert not t.is_submerged(Pos(0, 0, -1), 2)
    assert t.is_liquid(Pos(0, 0, -1), 2)
    assert not t.supports(Pos(1, 1, 0))


def test_difficult_and_damaging_terrain() -> None:
    """DS-MOVE-12, DS-MOVE-13: difficult terrain and damaging terrain with amount and type."""
    t = Terrain.flat(5, 5).with_cells(
        {Pos(1, 1, 0): Cell(difficult=True), Pos(2, 2, 0): Cell(damaging=3, damage_type="fire")}
    )
    assert t.is_difficult(Pos(1, 1, 0))
    assert t.is_difficult(Pos(0, 0, 0), 2)
    assert not t.is_difficult(Pos(3, 3, 0))
    assert t.is_damaging(Pos(2, 2, 0))
    assert t.cell(Pos(2, 2, 0)).damage_type is DamageType.FIRE
    assert t.cell(Pos(2, 2, 0)).damaging == 3


def test_line_of_effect_is_blocked_by_a_wall() -> None:
    """DS-TELE-03: line of effect needs no solid cell between the two cells."""
    t = Terrain.flat(10, 10).with_cells({Pos(5, y, 0): Cell(Material.STONE) for y in range(10)})
    assert not t.line_of_effect(Pos(2, 2, 0), Pos(8, 2, 0))
    assert t.line_of_effect(Pos(2, 2, 0), Pos(4, 7, 0))
    assert t.line_of_effect(Pos(2, 2, 2), Pos(8, 2, 2))


def test_off_map_cells_are_unbreakable() -> None:
    """DS-GRID-01: nothing exists off the map; edits there are refused."""
    t = Terrain.flat(4, 4)
    assert t.cell(Pos(9, 9, 0)).material is Material.UNBREAKABLE
    with pytest.raises(InvalidArgumentError, match="DS-GRID-01"):
        t.with_cell(Pos(4, 0, 0), Cell(Material.STONE))


def test_one_cell_edit_leaves_the_old_map_untouched() -> None:
    """A one-cell edit returns a new map and shares the rest; the old map is unchanged."""
    t = Terrain.flat(1000, 1000)
    t2 = t.with_cell(Pos(500, 500, 0), Cell(Material.STONE))
    assert not t.is_solid(Pos(500, 500, 0))
    assert t2.is_solid(Pos(500, 500, 0))
    assert len(t2.cells) == 1
    assert t2.with_cell(Pos(500, 500, 0), Cell()) == t


@pytest.mark.parametrize(
    ("width", "depth"), [(0, 5), (5, 0), (MAX_EDGE + 1, 5), (10**6, 10**6), (-1, 3), (True, 3), (2.5, 3)]
)
def test_impossible_or_huge_maps_are_refused(width: object, depth: object) -> None:
    """DS-GRID-01: a map is at least 1 square and at most MAX_EDGE squares a side."""
    with pytest.raises(InvalidArgumentError, match="DS-GRID-01"):
        Terrain.flat(width, depth)  # type: ignore[arg-type]


def test_solid_cells_cannot_be_liquid_or_difficult() -> None:
    """R-GEO-5: a solid cell is full; it has no liquid, difficult or damaging terrain."""
    with pytest.raises(InvalidArgumentError, match="R-GEO-5"):
        Cell(Material.STONE, liquid=True)
    with pytest.raises(InvalidArgumentError, match="DS-MOVE-13"):
        Cell(damaging=-1)


cells = st.builds(Cell, st.sampled_from(list(Material))) | st.builds(
    Cell, st.just(Material.AIR), st.booleans(), st.booleans(), st.integers(0, 5)
)


@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(-3, 3), cells), max_size=30))
def test_row_masks_agree_with_cells(edits: list[tuple[int, int, int, Cell]]) -> None:
    """The bit masks used by fast searches always agree with the cells."""
    t = Terrain.flat(10, 10, below=4, height=4)
    for x, y, z, c in edits:
        t = t.with_cell(Pos(x, y, z), c)
    rebuilt = Terrain(10, 10, height=4, below=4, cells=t.cells)
    for z in range(-4, 4):
        for y in range(10):
            masks = t.row_masks(z, y)
            assert masks == rebuilt.row_masks(z, y)
            for x in range(10):
                c = t.cell(Pos(x, y, z))
                assert bool(masks[0] >> x & 1) == c.solid
                assert bool(masks[1] >> x & 1) == c.difficult
                assert bool(masks[3] >> x & 1) == c.liquid


# --------------------------------------------------------------------------------------------
# dense maps: tiles of a palette and one code per cell, built whole or edited cell by cell

KINDS = [
    Cell(),
    Cell(Material.STONE),
    Cell(difficult=True),
    Cell(liquid=True),
    Cell(damaging=2),
    Cell(concealing=True),
]


@given(
    st.integers(1, 70),
    st.integers(1, 70),
    st.integers(0, 2**32),
    st.sampled_from([-1, 0, 1]),
)
def test_a_map_built_from_whole_levels_equals_the_same_cells_set_one_by_one(
    width: int, depth: int, seed: int, z: int
) -> None:
    """R-GEO-5: from_levels, the cells mapping and with_cells give equal maps, cells and masks."""
    rng = random.Random(seed)
    codes = bytes(rng.choice([0, 0, 0, 1, 2, 3, 4, 5]) for _ in range(width * depth))
    dense = Terrain.from_levels(width, depth, KINDS, {z: codes}, height=2, below=2)
    cells = {Pos(i % width, i // width, z): KINDS[c] for i, c in enumerate(codes)}
    one_by_one = Terrain.flat(width, depth, height=2, below=2).with_cells(cells)
    listed = Terrain(width, depth, height=2, below=2, cells=cells)
    assert dense == one_by_one == listed
    assert hash(dense) == hash(one_by_one)
    default = dense.default_cell(z)
    expected = {p: c for p, c in cells.items() if c != default}
    assert dict(dense.cells.items()) == expected
    assert len(dense.cells) == len(expected)
    assert bool(dense.cells) == bool(expected)
    for y in range(depth):
        assert dense.row_masks(z, y) == one_by_one.row_masks(z, y)
    for key in dense.stored_tiles():
        assert dense.tile_masks(*key) == one_by_one.tile_masks(*key)
    for p, c in cells.items():
        assert dense.cell(p) == c
    rebuilt = Terrain.from_tiles(width, depth, dense.tile_cells(), height=2, below=2)
    assert rebuilt == dense


def test_editing_a_dense_map_back_to_the_default_drops_the_tile() -> None:
    """Equal maps compare equal however they were built: a tile edited back to default is gone."""
    t = Terrain.from_levels(40, 40, [Cell(), Cell(Material.STONE)], {0: bytes([1]) * 1600})
    assert len(t.cells) == 1600
    assert len(t.tile_cells()) == 4
    cleared = t.with_cells({Pos(x, y, 0): Cell() for x in range(40) for y in range(40)})
    assert cleared == Terrain.flat(40, 40)
    assert not cleared.cells
    assert cleared.tile_levels() == frozenset()
    assert len(cleared.stored_tiles()) == 0


def test_a_tile_of_more_than_256_kinds_keeps_two_bytes_a_cell() -> None:
    """Damaging terrain of 300 strengths in one tile: the codes widen, the cells stay exact."""
    cells = {Pos(i % 32, i // 32, 0): Cell(damaging=i + 1) for i in range(300)}
    t = Terrain(40, 40, cells=cells)
    assert t.cell(Pos(299 % 32, 299 // 32, 0)).damaging == 300
    assert dict(t.cells.items()) == cells
    palette, codes = t.tile_cells()[(0, 0, 0)]
    assert len(palette) == 301
    assert len(codes) == 2048
    less = t.with_cells({p: Cell() for p in list(cells)[:100]})
    assert len(less.cells) == 200
    assert Terrain.from_tiles(40, 40, t.tile_cells()) == t


def test_bulk_constructors_refuse_bad_input() -> None:
    """DS-GRID-01: wrong lengths, codes past the palette and cells off the map are refused."""
    with pytest.raises(InvalidArgumentError, match="DS-GRID-01"):
        Terrain.from_levels(4, 4, [Cell()], {0: bytes(15)})
    with pytest.raises(InvalidArgumentError, match="palette"):
        Terrain.from_levels(4, 4, [Cell()], {0: bytes([1]) * 16})
    with pytest.raises(InvalidArgumentError, match="DS-GRID-01"):
        Terrain.from_levels(4, 4, [Cell()], {99: bytes(16)}, height=4)
    stone = (Cell(), Cell(Material.STONE))
    with pytest.raises(InvalidArgumentError, match="off the map"):
        Terrain.from_tiles(4, 4, {(0, 0, 0): (stone, bytes([0] * 4 + [1] + [0] * 1019))})
    with pytest.raises(InvalidArgumentError, match="DS-GRID-01"):
        Terrain.from_tiles(4, 4, {(0, 5, 0): (stone, bytes(1024))})


def test_a_map_past_its_size_limits_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """DS-GRID-01: more stored tiles or kinds of cell than a map may hold are refused, the limit named."""
    kinds = {Pos(i, 0, 0): Cell(damaging=i + 1) for i in range(40)}
    monkeypatch.setattr(brawl.terrain, "MAX_CELL_KINDS", 39)
    with pytest.raises(InvalidArgumentError, match="MAX_CELL_KINDS"):
        Terrain.flat(50, 50).with_cells(kinds)
    t = Terrain.flat(50, 50).with_cells(dict(list(kinds.items())[:39]))
    assert len(t.cell_kinds()) == 39
    assert len(t.with_cell((0, 0, 0), Cell()).cell_kinds()) == 38
    monkeypatch.setattr(brawl.terrain, "MAX_STORED_TILES", 3)
    wall = Cell(Material.STONE)
    with pytest.raises(InvalidArgumentError, match="MAX_STORED_TILES"):
        Terrain.flat(100, 100).with_cells({Pos(40 * i, 0, 0): wall for i in range(3)} | {Pos(0, 40, 0): wall})
    with pytest.raises(InvalidArgumentError, match="MAX_STORED_TILES"):
        Terrain.from_levels(100, 100, [Cell(), wall], {0: bytes([1]) * 10_000})
    with pytest.raises(InvalidArgumentError, match="DS-MOVE-13"):
        Cell(damaging=10**10)


def test_a_bulk_edit_equals_the_same_edits_made_a_few_at_a_time() -> None:
    """An edit of thousands of cells (masks cut again per tile) equals small edits (bit by bit)."""
    rng = random.Random(7)
    base = Terrain.from_levels(
        90, 70, KINDS, {z: bytes(rng.choice([0, 0, 1, 2, 3]) for _ in range(90 * 70)) for z in (-1, 0)}
    )
    edits = {
        Pos(rng.randrange(90), rng.randrange(70), rng.choice([-1, 0, 1])): rng.choice(KINDS)
        for _ in range(5000)
    }
    assert len(edits) > brawl.terrain.BULK_EDIT
    bulk = base.with_cells(edits)
    small = base
    items = list(edits.items())
    for i in range(0, len(items), 500):
        small = small.with_cells(dict(items[i : i + 500]))
    assert bulk == small
    for z in (-1, 0, 1):
        for y in range(70):
            assert bulk.row_masks(z, y) == small.row_masks(z, y)
    assert dict(bulk.stored_tiles()) == dict(small.stored_tiles())
    assert bulk.cell_kinds() == small.cell_kinds()


@given(
    strategies.terrains(),
    st.builds(Pos, st.integers(-2, 13), st.integers(-2, 13), st.integers(-3, 4)),
    st.integers(1, 3),
)
def test_is_clear_and_supports_read_every_cell_of_the_cube(terrain: Terrain, pos: Pos, n: int) -> None:
    """R-GEO-5, DS-MOVE-14: an n-cube is clear when each of its cells is on the map and not
    solid, and held up when a cell under its bottom layer is solid or the map ends under it;
    a size-1 cube, read from one row mask, agrees."""
    cells = list(cube(pos, n))
    assert terrain.is_clear(pos, n) == all(terrain.in_bounds(c) and not terrain.is_solid(c) for c in cells)
    if terrain.cube_in_bounds(pos, n):
        under = [Pos(x, y, pos.z - 1) for x in range(pos.x, pos.x + n) for y in range(pos.y, pos.y + n)]
        ends = pos.z - 1 < -terrain.below
        assert terrain.supports(pos, n) == (ends or any(terrain.is_solid(c) for c in under))
