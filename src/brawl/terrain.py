"""The map: bounds and cells of solid material, liquid, difficult and damaging terrain.

The default map is flat open ground at z = 0: cells with z < 0 are solid ground, cells with
z >= 0 are air. Only cells that differ from that default are stored, per 32 x 32 tile of a
level: a small palette of the tile's kinds of cell and one byte a cell (two past 256 kinds), in
a persistent map, so a dense map costs a few bytes a cell, :meth:`Terrain.from_levels` builds a
whole map in time linear in its cells, and a one-cell edit copies one tile, whatever the map's
size. For fast searches the map also keeps one Python int per (z, y) row as a bit mask for
solid, difficult, damaging and liquid cells (bit x set when cell x of that row has the
property), and the same masks for each stored tile, so a search window is cut from at most 4
tiles. The kinds of cell live in :mod:`brawl.cells`, the coding of a tile in :mod:`brawl.tiles`;
this module names them too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

import attrs
import immutables

from brawl.cells import AIR, GROUND, MAX_TERRAIN_DAMAGE, OBJECT_STAMINA_PER_SQUARE, Cell, Material
from brawl.checks import whole_number
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.geometry import Pos, as_pos, footprint
from brawl.tiles import (
    TILE,
    TILE_CELLS,
    TILE_STRIDE,
    Row,
    TerrainCells,
    Tile,
    TileCells,
    _canonical,
    _default_tile,
    _flag_masks,
    _off_map,
    _pack_codes,
    _past,
    _tile_code_at,
    _tile_codes,
)

MAX_EDGE = 10_000
"""Largest width or depth of a map, in squares; larger maps are refused."""
MAX_HEIGHT = 10_000
"""Largest number of z levels of a map; larger maps are refused."""
MAX_STORED_TILES = 16_384
"""Most 32 x 32 tiles a map may hold cells in (16.7 million cells: a dense 4,096 x 4,096 level)."""
MAX_CELL_KINDS = 4_095
"""Most kinds of cell (distinct :class:`Cell` values other than the default) a map may hold."""


def _from_x(row: int, x: int) -> int:
    """A row's bit mask from column ``x`` on; columns left of the map (x < 0) hold no terrain."""
    return row >> x if x >= 0 else row << -x


_SOLID_CELLS = {m: Cell(m) for m in Material if m.solid}


def _check_edge(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    limit = MAX_HEIGHT if attribute.name == "height" else MAX_EDGE
    whole_number(value, 1, limit, what=f"map {attribute.name}", rule="DS-GRID-01")


_ROW_BITS = (1 << TILE) - 1
BULK_EDIT = 2048
"""Edits of more cells than this cut the masks of the tiles they touch again, whole."""
_FEW_CHANGES = 8


@attrs.frozen(init=False)
class Terrain:
    """The map: x in ``[0, width)``, y in ``[0, depth)``, z in ``[-below, height)``.

    Build it with :meth:`flat`, from whole levels with :meth:`from_levels`, or from a mapping of
    cells (``Terrain(width, depth, cells={pos: cell})``); edit it with :meth:`with_cell` /
    :meth:`with_cells`. The cells that differ from the default are kept per TILE x TILE tile: a
    small palette of the tile's cells and one byte per cell, so a dense map costs a few bytes a
    cell and a one-cell edit copies one tile.
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
    _cells: immutables.Map[Tile, TileCells] = attrs.field(factory=immutables.Map, repr=False)
    _rows: immutables.Map[Row, tuple[int, int, int, int]] = attrs.field(
        factory=immutables.Map, repr=False, eq=False
    )
    _tiles: immutables.Map[Tile, tuple[int, int, int, int]] = attrs.field(
        factory=immutables.Map, repr=False, eq=False
    )
    _tile_levels: frozenset[int] = attrs.field(factory=frozenset, repr=False, eq=False)
    _kinds: immutables.Map[Cell, int] = attrs.field(factory=immutables.Map, repr=False, eq=False)
    _kind_set: frozenset[Cell] | None = attrs.field(default=None, init=False, repr=False, eq=False)
    """The keys of ``_kinds`` as a frozenset, made on first use (:meth:`cell_kinds`)."""

    def __init__(
        self,
        width: int,
        depth: int,
        height: int = 20,
        below: int = 10,
        ground: Material = Material.DIRT,
        cells: Mapping[Pos, Cell] | None = None,
    ) -> None:
        self.__attrs_init__(width, depth, height, below, ground)
        if not isinstance(self.ground, Material) or not self.ground.solid:
            raise InvalidArgumentError("map ground: the ground must be a solid material", rule="DS-MOVE-14")
        if cells is None:
            return
        if not isinstance(cells, Mapping):
            raise ArgumentTypeError(f"map cells {cells!r}: a mapping of Pos to Cell", rule=())
        for pos, cell in cells.items():
            if not isinstance(pos, Pos) or not isinstance(cell, Cell):
                raise ArgumentTypeError(f"map cell {pos!r}: {cell!r} is not a Cell at a Pos", rule=())
        if cells:
            built = self.with_cells(cells)
            for name in ("_cells", "_rows", "_tiles", "_tile_levels", "_kinds"):
                object.__setattr__(self, name, getattr(built, name))

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

    @classmethod
    def from_levels(
        cls,
        width: int,
        depth: int,
        palette: Sequence[Cell],
        levels: Mapping[int, bytes | bytearray | memoryview],
        *,
        height: int = 20,
        below: int = 10,
        ground: Material = Material.DIRT,
    ) -> Terrain:
        """A map built from whole levels at once, in time linear in the cells.

        ``levels[z]`` holds ``width * depth`` codes, one byte per cell row by row (cell (x, y) at
        ``y * width + x``); code k is ``palette[k]`` (at most 256 kinds). Levels not given are
        their default (ground below z = 0, air above).
        """
        out = cls(width, depth, height=height, below=below, ground=ground)
        kinds = list(palette)
        if not 1 <= len(kinds) <= 256 or not all(isinstance(c, Cell) for c in kinds):
            raise ArgumentTypeError("from_levels: palette is 1 to 256 Cells", rule=())
        tiles: dict[Tile, TileCells] = {}
        rows: dict[Row, tuple[int, int, int, int]] = {}
        for z, level in levels.items():
            out._check_in_bounds(Pos(0, 0, z))
            codes = bytes(level)
            if len(codes) != width * depth:
                raise InvalidArgumentError(
                    f"from_levels: level {z} has {len(codes):,} codes, not {width * depth:,}",
                    rule="DS-GRID-01",
                )
            if codes.translate(None, bytes(range(len(kinds)))):  # what is left is past the palette
                raise InvalidArgumentError(
                    f"from_levels: level {z} uses code {max(codes)} of a palette of {len(kinds)}", rule=()
                )
            default = out.default_cell(z)
            fill = next((k for k, c in enumerate(kinds) if c == default), None)
            if fill is None and len(kinds) == 256:
                raise InvalidArgumentError(
                    f"from_levels: a palette of 256 kinds must hold the default cell of level {z}", rule=()
                )
            pad_palette = kinds if fill is not None else [*kinds, default]
            pad = bytes([fill if fill is not None else len(kinds)])
            flags = [(c.solid, c.difficult, c.damaging > 0, c.liquid) for c in kinds]
            tables = []
            for f in range(4):
                table = bytearray(b"0" * 256)
                for k, fl in enumerate(flags):
                    if fl[f]:
                        table[k] = 0x31
                tables.append(bytes(table) if any(fl[f] for fl in flags) else None)
            for y in range(depth):
                line = codes[y * width : (y + 1) * width]
                if fill is not None and line.count(fill) == width:
                    continue
                masks = [0 if t is None else int(line.translate(t)[::-1], 2) for t in tables]
                rows[(z, y)] = (masks[0], masks[1], masks[2], masks[3])
            for ty in range(0, (depth + TILE - 1) // TILE):
                for tx in range(0, (width + TILE - 1) // TILE):
                    x0, y0 = tx * TILE, ty * TILE
                    cols = min(TILE, width - x0)
                    parts = []
                    for y in range(y0, y0 + TILE):
                        if y < depth:
                            start = y * width + x0
                            parts.append(codes[start : start + cols] + pad * (TILE - cols))
                        else:
                            parts.append(pad * TILE)
                    found = _canonical(pad_palette, b"".join(parts), default)
                    if found is not None:
                        tiles[(z, ty, tx)] = found
        return out._with_tiles(tiles, rows)

    @classmethod
    def from_tiles(
        cls,
        width: int,
        depth: int,
        tiles: Mapping[Tile, TileCells],
        *,
        height: int = 20,
        below: int = 10,
        ground: Material = Material.DIRT,
    ) -> Terrain:
        """A map from whole tiles, as :meth:`tile_cells` gives them (palette, one code per cell).

        Cells of a tile that lie off the map must be the level's default.
        """
        out = cls(width, depth, height=height, below=below, ground=ground)
        canon: dict[Tile, TileCells] = {}
        for key, (palette, codes) in tiles.items():
            z, ty, tx = key
            out._check_in_bounds(Pos(tx * TILE, ty * TILE, z))
            if len(codes) != (TILE_CELLS if len(palette) <= 256 else 2 * TILE_CELLS):
                raise InvalidArgumentError(f"tile {key}: {len(codes)} bytes of codes", rule=())
            if _past(codes, len(palette)):
                raise InvalidArgumentError(f"tile {key}: a code past its palette of {len(palette)}", rule=())
            default = out.default_cell(z)
            found = _canonical(tuple(palette), bytes(codes), default)
            if found is None:
                continue
            seq = _tile_codes(found[1])
            for i in _off_map(min(TILE, width - tx * TILE), min(TILE, depth - ty * TILE)):
                if seq[i]:
                    raise InvalidArgumentError(
                        f"tile {key}: cell {(tx * TILE + i % TILE, ty * TILE + i // TILE, z)} is off the map",
                        rule="DS-GRID-01",
                    )
            canon[key] = found
        return out._with_tiles(canon)

    def _with_tiles(
        self, tiles: Mapping[Tile, TileCells], rows: dict[Row, tuple[int, int, int, int]] | None = None
    ) -> Terrain:
        """This (empty) map with whole canonical tiles, their masks and rows (cut from them if not given)."""
        masks: dict[Tile, tuple[int, int, int, int]] = {}
        for key, (palette, codes) in tiles.items():
            masks[key] = _flag_masks(palette, codes)
        if rows is None:
            rows = self._rows_of(masks)
        out = object.__new__(Terrain)
        for field in ("width", "depth", "height", "below", "ground"):
            object.__setattr__(out, field, getattr(self, field))
        object.__setattr__(out, "_cells", immutables.Map(tiles))
        object.__setattr__(out, "_rows", immutables.Map(rows))
        object.__setattr__(out, "_tiles", immutables.Map(masks))
        object.__setattr__(out, "_tile_levels", frozenset(k[0] for k in masks))
        kinds: dict[Cell, int] = {}
        for palette, _ in tiles.values():
            for c in palette[1:]:
                kinds[c] = kinds.get(c, 0) + 1
        object.__setattr__(out, "_kinds", immutables.Map(kinds))
        object.__setattr__(out, "_kind_set", None)
        out._check_size()
        return out

    def _rows_of(
        self, masks: Mapping[Tile, tuple[int, int, int, int]]
    ) -> dict[Row, tuple[int, int, int, int]]:
        """The row masks of the rows that cross a stored tile, put together 32 bits at a time."""
        rows: dict[Row, tuple[int, int, int, int]] = {}
        for z, ty in {(z, ty) for z, ty, _ in masks}:
            rows.update(self._tile_row(z, ty, masks))
        return rows

    def _tile_row(
        self, z: int, ty: int, masks: Mapping[Tile, tuple[int, int, int, int]]
    ) -> Iterator[tuple[Row, tuple[int, int, int, int]]]:
        """The row masks of the TILE rows of tile row ``ty`` of level ``z``, from its tiles' masks."""
        default_tile = _default_tile(z)
        line = [masks.get((z, ty, tx), default_tile) for tx in range((self.width + TILE - 1) // TILE)]
        used = [any(m[f] for m in line) for f in range(4)]
        full = (1 << self.width) - 1
        for r in range(min(TILE, self.depth - ty * TILE)):
            shift = r * TILE_STRIDE
            row = [0, 0, 0, 0]
            for f in range(4):
                if used[f]:
                    chunks = b"".join([((m[f] >> shift) & _ROW_BITS).to_bytes(4, "little") for m in line])
                    row[f] = int.from_bytes(chunks, "little") & full
            yield (z, ty * TILE + r), (row[0], row[1], row[2], row[3])

    def with_cell(self, pos: Iterable[int], cell: Cell) -> Terrain:
        """This map with one cell replaced; costs one tile's copy, not a copy of the map."""
        return self.with_cells({as_pos(pos): cell})

    def with_cells(self, cells: Mapping[Pos, Cell]) -> Terrain:
        """This map with several cells replaced."""
        if not isinstance(cells, Mapping):
            raise ArgumentTypeError(f"with_cells: {cells!r} is not a mapping of positions to Cells", rule=())
        new_rows = self._rows.mutate()
        edits: dict[Tile, dict[int, Cell]] = {}
        # many cells at once: each tile's masks and rows are cut again from its codes at the end
        bulk = len(cells) > BULK_EDIT
        for raw, cell in cells.items():
            pos = as_pos(raw)
            if not isinstance(cell, Cell):
                raise ArgumentTypeError(f"with_cell {tuple(pos)}: {cell!r} is not a Cell", rule=())
            self._check_in_bounds(pos)
            if not bulk:
                key = (pos.z, pos.y)
                masks = list(new_rows.get(key, self._default_row(pos.z)))
                _set_bits(masks, pos.x, cell)
                new_rows[key] = (masks[0], masks[1], masks[2], masks[3])
            tkey = (pos.z, pos.y // TILE, pos.x // TILE)
            edits.setdefault(tkey, {})[(pos.y % TILE) * TILE + pos.x % TILE] = cell
        new_cells = self._cells.mutate()
        new_tiles = self._tiles.mutate()
        kinds: immutables.MapMutation[Cell, int] | None = None  # made on the first change of kinds
        for tkey, changes in edits.items():
            default = self.default_cell(tkey[0])
            old = self._cells.get(tkey)
            palette = list(old[0]) if old is not None else [default]
            index = {c: k for k, c in enumerate(palette)} if len(changes) > _FEW_CHANGES else None
            # one byte a code while they fit, a list of ints past 256 kinds
            seq: bytearray | list[int]
            if old is None:
                seq = bytearray(TILE_CELLS)
            elif len(old[1]) == TILE_CELLS:
                seq = bytearray(old[1])
            else:
                seq = list(_tile_codes(old[1]))
            tmasks = list(self._tiles.get(tkey, _default_tile(tkey[0])))
            for i, cell in changes.items():
                if index is not None:
                    code = index.get(cell, -1)
                else:  # a few cells: a look along the short palette (same objects match at once)
                    code = palette.index(cell) if cell in palette else -1
                if code < 0:
                    code = len(palette)
                    if index is not None:
                        index[cell] = code
                    palette.append(cell)
                    if code == 256 and isinstance(seq, bytearray):
                        seq = list(seq)
                seq[i] = code
                if not bulk:
                    _set_bits(tmasks, (i // TILE) * TILE_STRIDE + i % TILE, cell)
            codes = bytes(seq) if isinstance(seq, bytearray) else _pack_codes(seq, len(palette))
            found = _canonical(palette, codes, default)
            if bulk and found is not None:
                tmasks = list(_flag_masks(*found))
            if old is None or found is None or found[0] != old[0]:
                if kinds is None:
                    kinds = self._kinds.mutate()
                before = set(old[0][1:]) if old is not None else set()
                after = set(found[0][1:]) if found is not None else set()
                for c in after - before:
                    kinds[c] = kinds.get(c, 0) + 1
                for c in before - after:
                    left = kinds[c] - 1
                    if left:
                        kinds[c] = left
                    else:
                        del kinds[c]
            if found is None:
                new_cells.pop(tkey, None)
                new_tiles.pop(tkey, None)
            else:
                new_cells[tkey] = found
                new_tiles[tkey] = (tmasks[0], tmasks[1], tmasks[2], tmasks[3])
        tiles = new_tiles.finish()
        if bulk:
            for z, ty in {(z, ty) for z, ty, _ in edits}:
                default_row = self._default_row(z)
                for key, row in self._tile_row(z, ty, tiles):
                    if row == default_row:
                        new_rows.pop(key, None)
                    else:
                        new_rows[key] = row
        out = object.__new__(Terrain)
        for field in ("width", "depth", "height", "below", "ground"):
            object.__setattr__(out, field, getattr(self, field))
        object.__setattr__(out, "_cells", new_cells.finish())
        object.__setattr__(out, "_rows", new_rows.finish())
        object.__setattr__(out, "_tiles", tiles)
        levels = self._tile_levels
        if any(k[0] not in levels for k in edits) or len(tiles) < len(self._tiles):
            levels = frozenset(k[0] for k in tiles)
        object.__setattr__(out, "_tile_levels", levels)
        if kinds is None:
            object.__setattr__(out, "_kinds", self._kinds)
            object.__setattr__(out, "_kind_set", self._kind_set)
        else:
            object.__setattr__(out, "_kinds", kinds.finish())
            object.__setattr__(out, "_kind_set", None)
        out._check_size()
        return out

    def _check_size(self) -> None:
        """Refuse a map past :data:`MAX_STORED_TILES` tiles or :data:`MAX_CELL_KINDS` kinds of cell."""
        if len(self._cells) > MAX_STORED_TILES:
            raise InvalidArgumentError(
                f"map of {len(self._cells):,} stored 32 x 32 tiles: at most {MAX_STORED_TILES:,} "
                "(MAX_STORED_TILES)",
                rule="DS-GRID-01",
            )
        if len(self._kinds) > MAX_CELL_KINDS:
            raise InvalidArgumentError(
                f"map of {len(self._kinds):,} kinds of cell: at most {MAX_CELL_KINDS:,} (MAX_CELL_KINDS)",
                rule="DS-GRID-01",
            )

    def cell_kinds(self) -> frozenset[Cell]:
        """The kinds of cell the map holds besides the defaults (at most :data:`MAX_CELL_KINDS`)."""
        found = self._kind_set
        if found is None:  # made once per map: the map never changes
            found = frozenset(self._kinds)
            object.__setattr__(self, "_kind_set", found)
        return found

    # queries ------------------------------------------------------------------------------
    @property
    def cells(self) -> TerrainCells:
        """The cells that differ from the default (solid ground below z = 0, air above), by position."""
        return TerrainCells(self._cells)

    def tile_cells(self) -> immutables.Map[Tile, TileCells]:
        """The stored tiles by (z, y // TILE, x // TILE): the palette (the level's default first)
        and one code per cell, row by row (``(y % TILE) * TILE + x % TILE``)."""
        return self._cells

    def in_bounds(self, pos: Iterable[int]) -> bool:
        """Whether the cell lies on the map."""
        x, y, z = as_pos(pos)
        return 0 <= x < self.width and 0 <= y < self.depth and -self.below <= z < self.height

    def box(self) -> tuple[Pos, Pos]:
        """The map's lowest and highest cells: every cell on it lies between them, both included."""
        return Pos(0, 0, -self.below), Pos(self.width - 1, self.depth - 1, self.height - 1)

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
        return _SOLID_CELLS[self.ground] if z < 0 else AIR

    def cell(self, pos: Iterable[int]) -> Cell:
        """The cell at ``pos``; cells off the map count as unbreakable solid."""
        p = as_pos(pos)
        if not self.in_bounds(p):
            return _SOLID_CELLS[Material.UNBREAKABLE]
        x, y, z = p
        found = self._cells.get((z, y // TILE, x // TILE))
        if found is not None:
            code = _tile_code_at(found[1], (y % TILE) * TILE + x % TILE)
            if code:
                return found[0][code]
        return self.default_cell(z)

    def is_solid(self, pos: Iterable[int]) -> bool:
        """Whether the cell is filled with solid material (or off the map)."""
        return self.cell(pos).solid

    def is_clear(self, pos: Pos, n: int = 1) -> bool:
        """Whether an n-cube at ``pos`` is on the map and free of solid terrain (R-GEO-5)."""
        if not self.cube_in_bounds(pos, n):
            return False
        if n == 1:
            return not (self.row_masks(pos[2], pos[1])[0] >> pos[0]) & 1
        full = (1 << n) - 1
        for z in range(pos.z, pos.z + n):
            for y in range(pos.y, pos.y + n):
                if (self.row_masks(z, y)[0] >> pos.x) & full:
                    return False
        return True

    def supports(self, pos: Pos, n: int = 1) -> bool:
        """Whether solid terrain lies directly under any cell of the cube's bottom layer."""
        if pos.z - 1 < -self.below:
            return True
        if n == 1:
            return bool((self.row_masks(pos[2] - 1, pos[1])[0] >> pos[0]) & 1)
        full = (1 << n) - 1
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


def _set_bits(masks: list[int], x: int, cell: Cell) -> None:
    bit = 1 << x
    flags = (cell.solid, cell.difficult, cell.damaging > 0, cell.liquid)
    for i, on in enumerate(flags):
        masks[i] = masks[i] | bit if on else masks[i] & ~bit


__all__ = [
    "AIR",
    "BULK_EDIT",
    "GROUND",
    "MAX_CELL_KINDS",
    "MAX_EDGE",
    "MAX_HEIGHT",
    "MAX_STORED_TILES",
    "MAX_TERRAIN_DAMAGE",
    "OBJECT_STAMINA_PER_SQUARE",
    "TILE",
    "TILE_CELLS",
    "TILE_STRIDE",
    "Cell",
    "Material",
    "Row",
    "Terrain",
    "TerrainCells",
    "Tile",
    "TileCells",
]
