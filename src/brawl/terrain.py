"""The map: bounds and cells of solid material, liquid, difficult and damaging terrain.

The default map is flat open ground at z = 0: cells with z < 0 are solid ground, cells with
z >= 0 are air. Only cells that differ from that default are stored, in a persistent map, so a
one-cell edit costs about the same on a 10 x 10 or a 1,000 x 1,000 map. For fast searches the
map also keeps one Python int per (z, y) row as a bit mask for solid, difficult, damaging and
liquid cells (bit x set when cell x of that row has the property), and the same masks for each
32 x 32 tile of a level that holds a stored cell, so a search window is cut from at most 4 tiles.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import attrs
import immutables

from brawl.checks import whole_number
from brawl.damagetypes import DamageType, damage_type
from brawl.enums import ReprEnum
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.geometry import Pos, as_pos, footprint

MAX_EDGE = 10_000
"""Largest width or depth of a map, in squares; larger maps are refused."""
MAX_HEIGHT = 10_000
"""Largest number of z levels of a map; larger maps are refused."""


class Material(ReprEnum):
    """What a cell is made of. Everything but air is solid."""

    AIR = "air"
    DIRT = "dirt"
    STONE = "stone"
    WOOD = "wood"
    METAL = "metal"
    GLASS = "glass"
    UNBREAKABLE = "unbreakable"

    @property
    def solid(self) -> bool:
        """Whether the material fills the cell."""
        return self is not Material.AIR

    @property
    def burrowable(self) -> bool:
        """Whether a burrower can tunnel through it: dirt, not stone or anything harder (DS-MTYPE-02)."""
        return self is Material.DIRT


OBJECT_STAMINA_PER_SQUARE: Mapping[Material, int] = {  # DS-OBJ-03
    Material.GLASS: 1,
    Material.WOOD: 3,
    Material.STONE: 6,
    Material.METAL: 9,
}
"""Stamina of a size-1 object, or of each square of a larger one, by material (DS-OBJ-03)."""


def _from_x(row: int, x: int) -> int:
    """A row's bit mask from column ``x`` on; columns left of the map (x < 0) hold no terrain."""
    return row >> x if x >= 0 else row << -x


def _check_damaging(instance: Cell, attribute: attrs.Attribute[int], value: int) -> None:
    whole_number(value, 0, None, what="damaging terrain", rule="DS-MOVE-13")


@attrs.frozen
class Cell:
    """One cell of the map."""

    material: Material = Material.AIR
    """Solid material filling the cell, or air."""
    liquid: bool = False
    """Filled with liquid (water); a liquid cell is not solid."""
    difficult: bool = False
    """Difficult terrain: +1 to enter (DS-MOVE-12)."""
    damaging: int = attrs.field(default=0, validator=_check_damaging)
    """Damage dealt on entering, 0 for none (DS-MOVE-13)."""
    damage_type: DamageType | None = attrs.field(default=None, converter=damage_type)
    """Type of the damaging terrain's damage; None is untyped."""
    concealing: bool = False
    """Darkness or fog: a creature whose space lies wholly in such cells has concealment (DS-EDGE-09)."""

    def __attrs_post_init__(self) -> None:
        if self.material.solid and (self.liquid or self.difficult or self.damaging or self.concealing):
            raise InvalidArgumentError(
                f"cell of {self.material}: a solid cell cannot also be liquid, difficult, damaging "
                "or concealing",
                rule="R-GEO-5",
            )

    @property
    def solid(self) -> bool:
        """Whether nothing can stand inside this cell (R-GEO-5)."""
        return self.material.solid


AIR = Cell()
GROUND = Cell(Material.DIRT)


def _check_edge(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    limit = MAX_HEIGHT if attribute.name == "height" else MAX_EDGE
    whole_number(value, 1, limit, what=f"map {attribute.name}", rule="DS-GRID-01")


Row = tuple[int, int]  # (z, y)
Tile = tuple[int, int, int]  # (z, y // TILE, x // TILE)

TILE = 32
"""Edge of a square tile of cells whose masks :meth:`Terrain.tile_masks` keeps in one int each."""
TILE_STRIDE = TILE + 1
"""Bits per tile row: one guard bit after the TILE cells, always clear."""
_FULL_TILE = sum(((1 << TILE) - 1) << (r * TILE_STRIDE) for r in range(TILE))


@attrs.frozen
class Terrain:
    """The map: x in ``[0, width)``, y in ``[0, depth)``, z in ``[-below, height)``.

    Build it with :meth:`flat` and edit it with :meth:`with_cell` / :meth:`with_cells`.
    """

    width: int = attrs.field(validator=_check_edge)
    """Squares along x."""
    depth: int = attrs.field(validator=_check_edge)
    """Squares along y."""
    height: int = attrs.field(default=20, validator=_check_edge)
    """Levels of air above the ground (z from 0 to height - 1)."""
    below: int = attrs.field(default=10, validator=_check_edge)
    """Levels of ground below z = 0 that may be dug or carved (z from -below to -1)."""
    ground: Material = Material.DIRT
    """Material of the default ground below z = 0."""
    cells: immutables.Map[Pos, Cell] = attrs.field(factory=immutables.Map)
    """Cells that differ from the default (solid ground below z = 0, air above)."""
    _rows: immutables.Map[Row, tuple[int, int, int, int]] = attrs.field(init=False, repr=False, eq=False)
    _tiles: immutables.Map[Tile, tuple[int, int, int, int]] = attrs.field(init=False, repr=False, eq=False)
    _tile_levels: frozenset[int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.ground, Material) or not self.ground.solid:
            raise InvalidArgumentError("map ground: the ground must be a solid material", rule="DS-MOVE-14")
        if not isinstance(self.cells, immutables.Map):
            raise ArgumentTypeError(f"map cells {self.cells!r}: an immutables.Map of Pos to Cell", rule=())
        below, above = self.default_cell(-1), self.default_cell(0)
        defaults = []
        for pos, cell in self.cells.items():
            if not isinstance(pos, Pos) or not isinstance(cell, Cell):
                raise ArgumentTypeError(f"map cell {pos!r}: {cell!r} is not a Cell at a Pos", rule=())
            if cell == (below if pos.z < 0 else above):
                defaults.append(pos)
        if defaults:
            # a cell equal to the default is not stored: equal maps compare equal
            m = self.cells.mutate()
            for pos in defaults:
                del m[pos]
            object.__setattr__(self, "cells", m.finish())
        rows: dict[Row, list[int]] = {}
        tiles: dict[Tile, list[int]] = {}
        for pos, cell in self.cells.items():
            self._check_in_bounds(pos)
            key = (pos.z, pos.y)
            masks = rows.get(key)
            if masks is None:
                masks = rows[key] = list(self._default_row(pos.z))
            _set_bits(masks, pos.x, cell)
            tkey = (pos.z, pos.y // TILE, pos.x // TILE)
            masks = tiles.get(tkey)
            if masks is None:
                masks = tiles[tkey] = list(_default_tile(pos.z))
            _set_bits(masks, (pos.y % TILE) * TILE_STRIDE + pos.x % TILE, cell)
        object.__setattr__(self, "_rows", immutables.Map({k: tuple(v) for k, v in rows.items()}))
        object.__setattr__(self, "_tiles", immutables.Map({k: tuple(v) for k, v in tiles.items()}))
        object.__setattr__(self, "_tile_levels", frozenset(k[0] for k in tiles))

    def __repr__(self) -> str:
        """Short: the size, the levels, the ground and how many cells differ, never the cells."""
        changed = len(self.cells)
        return (
            f"<Terrain {self.width} x {self.depth}, z {-self.below}..{self.height - 1}, "
            f"{self.ground.value} ground, {changed} cell{'' if changed == 1 else 's'} changed>"
        )

    # construction -------------------------------------------------------------------------
    @classmethod
    def flat(
        cls, width: int, depth: int, *, height: int = 20, below: int = 10, ground: Material = Material.DIRT
    ) -> Terrain:
        """Flat open ground at z = 0, the default map."""
        return cls(width, depth, height=height, below=below, ground=ground)

    def with_cell(self, pos: Iterable[int], cell: Cell) -> Terrain:
        """This map with one cell replaced; costs O(log cells), not a copy of the map."""
        return self.with_cells({as_pos(pos): cell})

    def with_cells(self, cells: Mapping[Pos, Cell]) -> Terrain:
        """This map with several cells replaced."""
        new_cells = self.cells.mutate()
        new_rows = self._rows.mutate()
        tiles: dict[Tile, list[int]] = {}
        if not isinstance(cells, Mapping):
            raise ArgumentTypeError(f"with_cells: {cells!r} is not a mapping of positions to Cells", rule=())
        for raw, cell in cells.items():
            pos = as_pos(raw)
            if not isinstance(cell, Cell):
                raise ArgumentTypeError(f"with_cell {tuple(pos)}: {cell!r} is not a Cell", rule=())
            self._check_in_bounds(pos)
            if cell == self.default_cell(pos.z):
                new_cells.pop(pos, None)
            else:
                new_cells[pos] = cell
            key = (pos.z, pos.y)
            masks = list(new_rows.get(key, self._default_row(pos.z)))
            _set_bits(masks, pos.x, cell)
            new_rows[key] = (masks[0], masks[1], masks[2], masks[3])
            tkey = (pos.z, pos.y // TILE, pos.x // TILE)
            tile = tiles.get(tkey)
            if tile is None:
                tile = tiles[tkey] = list(self._tiles.get(tkey, _default_tile(pos.z)))
            _set_bits(tile, (pos.y % TILE) * TILE_STRIDE + pos.x % TILE, cell)
        new_tiles = self._tiles.mutate()
        for tkey, tmasks in tiles.items():
            new_tiles[tkey] = (tmasks[0], tmasks[1], tmasks[2], tmasks[3])
        levels = self._tile_levels
        if any(tkey[0] not in levels for tkey in tiles):
            levels = levels.union(tkey[0] for tkey in tiles)
        out = object.__new__(Terrain)
        for field in ("width", "depth", "height", "below", "ground"):
            object.__setattr__(out, field, getattr(self, field))
        object.__setattr__(out, "cells", new_cells.finish())
        object.__setattr__(out, "_rows", new_rows.finish())
        object.__setattr__(out, "_tiles", new_tiles.finish())
        object.__setattr__(out, "_tile_levels", levels)
        return out

    # queries ------------------------------------------------------------------------------
    def in_bounds(self, pos: Iterable[int]) -> bool:
        """Whether the cell lies on the map."""
        x, y, z = as_pos(pos)
        return 0 <= x < self.width and 0 <= y < self.depth and -self.below <= z < self.height

    def cube_in_bounds(self, pos: Pos, n: int) -> bool:
        """Whether every cell of an n-cube at ``pos`` lies on the map."""
        x, y, z = pos
        return (
            x >= 0
            and x + n <= self.width
            and y >= 0
            and y + n <= self.depth
            and -self.below <= z
            and z + n <= self.height
        )

    def default_cell(self, z: int) -> Cell:
        """The cell a level has where nothing was set: ground below z = 0, air above."""
        return Cell(self.ground) if z < 0 else AIR

    def cell(self, pos: Iterable[int]) -> Cell:
        """The cell at ``pos``; cells off the map count as unbreakable solid."""
        p = as_pos(pos)
        if not self.in_bounds(p):
            return Cell(Material.UNBREAKABLE)
        found = self.cells.get(p)
        return found if found is not None else self.default_cell(p.z)

    def is_solid(self, pos: Iterable[int]) -> bool:
        """Whether the cell is filled with solid material (or off the map)."""
        return self.cell(pos).solid

    def is_clear(self, pos: Pos, n: int = 1) -> bool:
        """Whether an n-cube at ``pos`` is on the map and free of solid terrain (R-GEO-5)."""
        if not self.cube_in_bounds(pos, n):
            return False
        full = (1 << n) - 1
        for z in range(pos.z, pos.z + n):
            for y in range(pos.y, pos.y + n):
                if (self.row_masks(z, y)[0] >> pos.x) & full:
                    return False
        return True

    def supports(self, pos: Pos, n: int = 1) -> bool:
        """Whether solid terrain lies directly under any cell of the cube's bottom layer."""
        full = (1 << n) - 1
        if pos.z - 1 < -self.below:
            return True
        return any((self.row_masks(pos.z - 1, y)[0] >> pos.x) & full for y in range(pos.y, pos.y + n))

    def drop_below(self, pos: Pos, n: int = 1) -> int:
        """How many levels an n-cube at ``pos`` would fall before it rests on solid terrain."""
        z = pos.z
        levels = 0
        while z - 1 >= -self.below and not self.supports(Pos(pos.x, pos.y, z), n):
            z -= 1
            levels += 1
        return levels

    def below_cell(self, pos: Pos) -> tuple[Pos, Cell]:
        """The first cell under ``pos`` that is not air, and where it is."""
        z = pos.z - 1
        while z >= -self.below:
            c = self.cell(Pos(pos.x, pos.y, z))
            if c != AIR:
                return Pos(pos.x, pos.y, z), c
            z -= 1
        return Pos(pos.x, pos.y, -self.below - 1), Cell(Material.UNBREAKABLE)

    def liquid_depth(self, pos: Pos) -> int:
        """Consecutive liquid cells from ``pos`` downward (0 if ``pos`` is not liquid)."""
        depth = 0
        z = pos.z
        while z >= -self.below and self.cell(Pos(pos.x, pos.y, z)).liquid:
            depth += 1
            z -= 1
        return depth

    def is_difficult(self, pos: Pos, n: int = 1) -> bool:
        """Whether any cell of the n-cube's footprint levels is difficult terrain (R-MOVE-1)."""
        return self._any_bit(pos, n, 1)

    def is_damaging(self, pos: Pos, n: int = 1) -> bool:
        """Whether any cell of the n-cube is damaging terrain (DS-MOVE-13)."""
        return self._any_bit(pos, n, 2)

    def is_liquid(self, pos: Pos, n: int = 1) -> bool:
        """Whether any cell of the n-cube is liquid."""
        return self._any_bit(pos, n, 3)

    def is_submerged(self, pos: Pos, n: int = 1) -> bool:
        """Whether every cell of the n-cube is liquid (fully submerged, DS-ENV-01)."""
        full = (1 << n) - 1
        for z in range(pos.z, pos.z + n):
            for y in range(pos.y, pos.y + n):
                if _from_x(self.row_masks(z, y)[3], pos.x) & full != full:
                    return False
        return True

    def row_masks(self, z: int, y: int) -> tuple[int, int, int, int]:
        """Bit masks of one row: (solid, difficult, damaging, liquid); bit x is cell x."""
        found = self._rows.get((z, y))
        return found if found is not None else self._default_row(z)

    def stored_rows(self) -> immutables.Map[Row, tuple[int, int, int, int]]:
        """The masks of the rows that differ from their level's default, by (z, y); for fast searches."""
        return self._rows

    def stored_tiles(self) -> immutables.Map[Tile, tuple[int, int, int, int]]:
        """The masks of the TILE x TILE tiles that hold a stored cell, by (z, y // TILE, x // TILE).

        Masks as in :meth:`row_masks`, cell (x, y) at bit ``(y % TILE) * TILE_STRIDE + x % TILE``;
        a tile not listed is its level's default (all solid below z = 0, all clear above).
        """
        return self._tiles

    def tile_levels(self) -> frozenset[int]:
        """The levels z that have a stored tile; every other level is all default (for fast searches)."""
        return self._tile_levels

    def tile_masks(self, z: int, ty: int, tx: int) -> tuple[int, int, int, int]:
        """Bit masks of one tile (see :meth:`stored_tiles`): (solid, difficult, damaging, liquid)."""
        found = self._tiles.get((z, ty, tx))
        return found if found is not None else _default_tile(z)

    def line_of_effect(self, a: Pos, b: Pos) -> bool:
        """Whether a straight line between the centres of two cells crosses no solid cell.

        The two end cells themselves are not tested. The line is sampled at four points per
        square of distance, which treats a line that only grazes an edge as unblocked.
        """
        a, b = as_pos(a), as_pos(b)
        steps = 4 * max(abs(b.x - a.x), abs(b.y - a.y), abs(b.z - a.z))
        for i in range(1, steps):
            t = i / steps
            cell = Pos(
                _floor(a.x + 0.5 + (b.x - a.x) * t),
                _floor(a.y + 0.5 + (b.y - a.y) * t),
                _floor(a.z + 0.5 + (b.z - a.z) * t),
            )
            if cell != a and cell != b and self.is_solid(cell):
                return False
        return True

    def footprint_cells(self, pos: Pos, n: int) -> Iterator[Cell]:
        """The cells under the bottom layer of an n-cube."""
        for p in footprint(Pos(pos.x, pos.y, pos.z - 1), n):
            yield self.cell(p)

    # internals ----------------------------------------------------------------------------
    def _default_row(self, z: int) -> tuple[int, int, int, int]:
        return ((1 << self.width) - 1 if z < 0 else 0, 0, 0, 0)

    def _any_bit(self, pos: Pos, n: int, index: int) -> bool:
        full = (1 << n) - 1
        for z in range(pos.z, pos.z + n):
            for y in range(pos.y, pos.y + n):
                if _from_x(self.row_masks(z, y)[index], pos.x) & full:
                    return True
        return False

    def _check_in_bounds(self, pos: Pos) -> None:
        if not self.in_bounds(pos):
            raise InvalidArgumentError(
                f"cell {tuple(pos)!r}: off the map (x 0..{self.width - 1}, y 0..{self.depth - 1}, "
                f"z {-self.below}..{self.height - 1})",
                rule="DS-GRID-01",
            )


def _floor(v: float) -> int:
    i = int(v)
    return i - 1 if v < i else i


def _default_tile(z: int) -> tuple[int, int, int, int]:
    return (_FULL_TILE if z < 0 else 0, 0, 0, 0)


def _set_bits(masks: list[int], x: int, cell: Cell) -> None:
    bit = 1 << x
    flags = (cell.solid, cell.difficult, cell.damaging > 0, cell.liquid)
    for i, on in enumerate(flags):
        masks[i] = masks[i] | bit if on else masks[i] & ~bit
