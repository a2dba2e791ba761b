"""How a map stores its cells: 32 x 32 tiles of a level, each a palette of kinds and a code per cell.

A tile's cells are a small palette (the level's default first) and one byte a cell (two past 256
kinds); the helpers here pack, read and canonicalize those codes, cut a tile's solid, difficult,
damaging and liquid bit masks, and :class:`TerrainCells` reads the tiles back as a mapping of
positions to cells. :class:`brawl.terrain.Terrain` holds the tiles.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator, Mapping, Sequence
from itertools import compress

import immutables

from brawl.cells import Cell
from brawl.geometry import Pos

Row = tuple[int, int]  # (z, y)


Tile = tuple[int, int, int]  # (z, y // TILE, x // TILE)


TileCells = tuple[tuple["Cell", ...], bytes]
"""A stored tile's cells: its palette (the level's default first) and one code per cell."""


TILE = 32
"""Edge of a square tile of cells whose masks :meth:`Terrain.tile_masks` keeps in one int each."""


TILE_STRIDE = TILE + 1
"""Bits per tile row: one guard bit after the TILE cells, always clear."""


TILE_CELLS = TILE * TILE
"""Cells of a tile; a tile's codes are one byte per cell, row by row (two bytes past 256 kinds)."""


_FULL_TILE = sum(((1 << TILE) - 1) << (r * TILE_STRIDE) for r in range(TILE))


_FEW_KINDS = 32


_BYTES = [bytes([k]) for k in range(256)]


def _tile_code_at(codes: bytes, i: int) -> int:
    if len(codes) == TILE_CELLS:
        return codes[i]
    return codes[2 * i] | (codes[2 * i + 1] << 8)


def _tile_codes(codes: bytes) -> Sequence[int]:
    """The codes of a tile as a sequence of ints, whatever their width."""
    if len(codes) == TILE_CELLS:
        return codes
    return memoryview(codes).cast("H") if sys.byteorder == "little" else _wide_big(codes)


def _wide_big(codes: bytes) -> list[int]:  # pragma: no cover - big-endian machines
    return [codes[2 * i] | (codes[2 * i + 1] << 8) for i in range(TILE_CELLS)]


def _pack_codes(codes: Sequence[int], kinds: int) -> bytes:
    """Codes as a tile stores them: one byte each below 256 kinds, else two (little-endian)."""
    if kinds <= 256:
        return bytes(codes)
    return b"".join(c.to_bytes(2, "little") for c in codes)


def _canonical(palette: Sequence[Cell], codes: bytes, default: Cell) -> TileCells | None:
    """The one form of a tile: the default cell first, the others in order of first appearance.

    None when every cell is the default. Equal tiles get equal palettes and codes, so equal maps
    compare equal however they were built or edited.
    """
    seq = _tile_codes(codes)
    # cells equal to the default (wherever they sit in the palette) become code 0
    defaults = [k for k, c in enumerate(palette) if c is default or c == default]
    if len(codes) == TILE_CELLS and len(palette) <= _FEW_KINDS:
        # where each code first appears: one memchr per code instead of a loop over the cells
        firsts = sorted((at, k) for k in range(len(palette)) if (at := codes.find(_BYTES[k])) >= 0)
        order = [k for _, k in firsts if k not in defaults]
    else:
        order = [k for k in dict.fromkeys(seq) if k not in defaults]
    if not order:
        return None
    new_palette = (default, *(palette[k] for k in order))
    if len(codes) == TILE_CELLS and len(palette) <= 256:
        if order == list(range(1, len(order) + 1)) and defaults == [0]:
            return new_palette, codes
        table = bytearray(256)
        for new, old in enumerate(order, 1):
            table[old] = new
        return new_palette, codes.translate(table)
    remap = dict.fromkeys(range(len(palette)), 0)
    for new, old in enumerate(order, 1):
        remap[old] = new
    return new_palette, _pack_codes([remap[c] for c in seq], len(new_palette))


def _flag_masks(palette: Sequence[Cell], codes: bytes) -> tuple[int, int, int, int]:
    """The solid, difficult, damaging and liquid masks of a tile (bit (y % TILE) * TILE_STRIDE + x % TILE)."""
    flags = [(c.solid, c.difficult, c.damaging > 0, c.liquid) for c in palette]
    out = [0, 0, 0, 0]
    if len(codes) != TILE_CELLS or len(palette) > 256:
        seq = _tile_codes(codes)
        for i, code in enumerate(seq):
            for f in range(4):
                if flags[code][f]:
                    out[f] |= 1 << ((i // TILE) * TILE_STRIDE + i % TILE)
        return out[0], out[1], out[2], out[3]
    for f in range(4):
        if not any(fl[f] for fl in flags):
            continue
        if all(fl[f] for fl in flags):
            out[f] = _FULL_TILE
            continue
        table = bytearray(b"0" * 256)
        for k, fl in enumerate(flags):
            if fl[f]:
                table[k] = 0x31
        digits = codes.translate(table)[::-1]  # the last cell first: int() reads the top bit first
        out[f] = int(b"0".join(digits[i : i + TILE] for i in range(0, TILE_CELLS, TILE)), 2)
    return out[0], out[1], out[2], out[3]


def _default_tile(z: int) -> tuple[int, int, int, int]:
    return (_FULL_TILE if z < 0 else 0, 0, 0, 0)


def _past(codes: bytes, kinds: int) -> bool:
    """Whether a tile's codes use a code of ``kinds`` or more."""
    if len(codes) == TILE_CELLS:
        return kinds < 256 and bool(codes.translate(None, bytes(range(kinds))))
    return max(_tile_codes(codes)) >= kinds


@functools.lru_cache(maxsize=1024)
def _off_map(cols: int, rows: int) -> tuple[int, ...]:
    """The cells of a tile past ``cols`` columns or ``rows`` rows (those of a tile at the map's edge)."""
    return tuple(i for i in range(TILE_CELLS) if i % TILE >= cols or i // TILE >= rows)


class TerrainCells(Mapping[Pos, Cell]):
    """The cells of a map that differ from the default, by position: a read-only view of its tiles."""

    __slots__ = ("_tiles",)

    def __init__(self, tiles: immutables.Map[Tile, TileCells]) -> None:
        self._tiles = tiles

    def __getitem__(self, pos: Pos) -> Cell:
        if not isinstance(pos, tuple) or len(pos) != 3:
            raise KeyError(pos)
        x, y, z = pos
        found = self._tiles.get((z, y // TILE, x // TILE))
        if found is None:
            raise KeyError(pos)
        code = _tile_code_at(found[1], (y % TILE) * TILE + x % TILE)
        if not code:
            raise KeyError(pos)
        return found[0][code]

    def __iter__(self) -> Iterator[Pos]:
        for (z, ty, tx), (_, codes) in self._tiles.items():
            x0, y0 = tx * TILE, ty * TILE
            for i in compress(range(TILE_CELLS), _tile_codes(codes)):
                yield Pos(x0 + i % TILE, y0 + i // TILE, z)

    def __len__(self) -> int:
        return sum(TILE_CELLS - list(_tile_codes(codes)).count(0) for _, codes in self._tiles.values())

    def __bool__(self) -> bool:
        return bool(self._tiles)

    def __repr__(self) -> str:
        return f"TerrainCells({len(self)} cells in {len(self._tiles)} tiles)"
