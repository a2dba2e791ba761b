"""The map around a mover cut into a search window's bit masks (R-MOVE-1, R-GEO-4, R-GEO-5, DS-MOVE-04).

One bit per cell of the window: which cells are solid, difficult, damaging or liquid (from the
map's tiles), which may be dug, which hold other creatures' spaces and where the mover may not
stop beside or inside them, and where fear forbids a step. Both bit-set searches
(:mod:`brawl.rules.step_masks` on one level, :mod:`brawl.rules.step_masks3` over levels) cut
their windows with these.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable
from itertools import repeat
from typing import cast

from brawl.creature import Creature
from brawl.geometry import Pos
from brawl.reach_flood import (
    foot,
    rect,
)
from brawl.rules.burrowing import BURROWABLE
from brawl.rules.steps import STOP_SIZE_GAP, MoveModel
from brawl.size import SUB_RANKS, Size
from brawl.state import Encounter
from brawl.terrain import Terrain
from brawl.tiles import TILE, TILE_CELLS, TILE_STRIDE, TileCells


def window_terrain(
    terrain: Terrain, x0: int, y0: int, cw: int, ch: int, s: int, z: int, n: int
) -> tuple[int, int, int, int, int]:
    """Solid, difficult, damaging, liquid and supporting cells of the window, one bit per cell."""
    full_row = (1 << cw) - 1
    full = rect(s, 0, cw - 1, 0, ch - 1)
    if not (-terrain.below <= z and z + n <= terrain.height):
        return full, 0, 0, 0, 0
    if n == 1 and not terrain.tile_levels() & {z - 1, z}:
        # two default levels: all ground or all air, the ground solid and holding up what is on it
        return (full if z < 0 else 0), 0, 0, 0, (full if z <= 0 else 0)
    blk = dif = dmg = liq = sup = 0
    stored = terrain.stored_rows().get
    ys = range(y0, y0 + ch)
    shifts = range(0, ch * s, s)
    if n == 1:
        # one look-up per row (None where the row is its level's default); each row's cells
        # x0..x1 are cut with one AND where they lie, the window is built from its last row up
        # (shift, AND, OR per row) and shifted down by x0 once at the end
        cut = full_row << x0
        rows = list(map(stored, zip(repeat(z), ys)))
        rows.reverse()
        rare = False
        if all(rows):  # no row is its level's default
            for b, d_, g, lq in cast("list[tuple[int, int, int, int]]", rows):
                blk = (blk << s) | (b & cut)
                dif = (dif << s) | (d_ & cut)
                if g or lq:
                    rare = True
        elif not any(rows):  # every row is its level's default
            blk = full << x0 if z < 0 else 0
        else:
            default = (cut, 0, 0, 0) if z < 0 else (0, 0, 0, 0)  # the ground levels are solid by default
            for row in rows:
                b, d_, g, lq = default if row is None else row
                blk = (blk << s) | (b & cut)
                dif = (dif << s) | (d_ & cut)
                if g or lq:
                    rare = True
        blk >>= x0
        dif >>= x0
        if rare:
            for shift, row in zip(shifts, rows[::-1], strict=True):
                if row is not None:
                    dmg |= ((row[2] >> x0) & full_row) << shift
                    liq |= ((row[3] >> x0) & full_row) << shift
    else:
        ground_row = (1 << terrain.width) - 1
        levels = range(z, z + n)
        for shift, y in zip(shifts, ys, strict=True):
            b = d_ = g = lq = 0
            for zz in levels:
                row = stored((zz, y))
                if row is None:
                    if zz < 0:
                        b = ground_row
                    continue
                b |= row[0]
                d_ |= row[1]
                g |= row[2]
                lq |= row[3]
            if b:
                blk |= ((b >> x0) & full_row) << shift
            if d_:
                dif |= ((d_ >> x0) & full_row) << shift
            if g:
                dmg |= ((g >> x0) & full_row) << shift
            if lq:
                liq |= ((lq >> x0) & full_row) << shift
    below = z - 1
    if below < -terrain.below:
        return blk, dif, dmg, liq, full  # below the lowest level everything holds (Terrain.supports)
    under = list(map(stored, zip(repeat(below), ys)))
    if below < 0:
        # the ground levels are solid by default: only their stored rows can have holes
        holes = 0
        if any(under):
            for shift, row in zip(shifts, under, strict=True):
                if row is not None:
                    holes |= ((~row[0] >> x0) & full_row) << shift
        return blk, dif, dmg, liq, full & ~holes
    for shift, row in zip(shifts, under, strict=True):
        if row is not None and row[0]:
            sup |= ((row[0] >> x0) & full_row) << shift
    return blk, dif, dmg, liq, sup


_SUB = operator.attrgetter("size.sub")


_SQUARES = operator.attrgetter("size.squares")


_NEAR_SUBS = {
    sub: frozenset({"", *(other for other, r in SUB_RANKS.items() if abs(r - rank) < STOP_SIZE_GAP)})
    for sub, rank in SUB_RANKS.items()
}
"""For a mover of size 1 (by category): the categories of size 1 within 1 size of it, and "" (the
sizes 2 and up, each to look at)."""


def all_near(state: Encounter, size: Size, most: int) -> bool:
    """Whether every creature of ``state`` (at most ``most`` of them) is within 1 size of ``size``,
    a size 1, so none of them lets the mover end in its space (DS-MOVE-04, R-SIZE-1). Dead ones
    count too: the answer may be False when it need not be, never True when it is not."""
    creatures = state.creatures
    if len(creatures) > most:
        return False
    values = creatures.values()
    subs = set(map(_SUB, values))  # attribute reads in C: no Python call per creature
    if not subs <= _NEAR_SUBS[size.sub]:
        return False
    if "" in subs:  # sizes 2 and up
        rank = size.rank
        return all(abs(Size(sq).rank - rank) < STOP_SIZE_GAP for sq in set(map(_SQUARES, values)) if sq > 1)
    return True


def window_creatures(
    state: Encounter, x0: int, y0: int, x1: int, y1: int, z: int, top: int
) -> Iterable[Creature]:
    """The creatures that may have a cell in the window (a superset), the cheaper way to find them."""
    creatures = state.creatures
    if len(creatures) <= (x1 - x0 + 1) * (y1 - y0 + 1):
        return creatures.values()  # only OR-ed into masks: the order does not matter
    found: dict[str, None] = {}
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            for zz in range(z, top):
                for cid in state.occupants(Pos(x, y, zz)):
                    found[cid] = None
    return [creatures[cid] for cid in found]


def _space(other: Creature, x0: int, y0: int, x1: int, y1: int, z: int, top: int, s: int) -> int:
    """The window bits of a creature's cells on the levels z..top-1 (0 if none lie in the window)."""
    cx, cy, cz = other.pos
    cn = other.size.squares
    if cx > x1 or cy > y1 or cz >= top or cx + cn <= x0 or cy + cn <= y0 or z >= cz + cn:
        return 0
    cx0, cy0 = max(cx, x0), max(cy, y0)
    return rect(s, cx0 - x0, min(cx + cn - 1, x1) - x0, cy0 - y0, min(cy + cn - 1, y1) - y0)


@functools.lru_cache(maxsize=4096)
def tile_plan(x0: int, y0: int, cw: int, ch: int) -> tuple[tuple[tuple[int, int, int, int, int], ...], int]:
    """How a window at (x0, y0) (within its first tile) is cut from the tiles it overlaps.

    For each tile (dy, dx tiles from the first): the shift that brings the window's part of the
    tile to bit 0, the mask of that part and the shift that puts it in place; and the full window.
    """
    s = TILE_STRIDE
    x1, y1 = x0 + cw - 1, y0 + ch - 1
    plan = []
    for ty in range(y1 // TILE + 1):
        ya, yb = max(y0, ty * TILE), min(y1, ty * TILE + TILE - 1)
        for tx in range(x1 // TILE + 1):
            xa, xb = max(x0, tx * TILE), min(x1, tx * TILE + TILE - 1)
            shift_in = (ya - ty * TILE) * s + (xa - tx * TILE)
            plan.append((ty, tx, shift_in, rect(s, 0, xb - xa, 0, yb - ya), (ya - y0) * s + (xa - x0)))
    return tuple(plan), rect(s, 0, cw - 1, 0, ch - 1)


def window_tiles(
    terrain: Terrain, x0: int, y0: int, cw: int, ch: int, z: int, n: int
) -> tuple[int, int, int, int, int]:
    """Like :func:`window_terrain` for a window of at most TILE x TILE cells, row stride TILE_STRIDE.

    The window overlaps at most 4 tiles: one look-up, shift and mask per tile and mask.
    """
    ty0, tx0 = y0 // TILE, x0 // TILE
    plan, full = tile_plan(x0 - tx0 * TILE, y0 - ty0 * TILE, cw, ch)
    return cut_tiles(terrain, ty0, tx0, plan, full, z, n)


def cut_tiles(
    terrain: Terrain,
    ty0: int,
    tx0: int,
    plan: tuple[tuple[int, int, int, int, int], ...],
    full: int,
    z: int,
    n: int,
) -> tuple[int, int, int, int, int]:
    """:func:`window_tiles` with the window's first tile (``ty0``, ``tx0``) and its
    :func:`tile_plan` found."""
    if not (-terrain.below <= z and z + n <= terrain.height):
        return full, 0, 0, 0, 0
    get = terrain.stored_tiles().get
    levels = terrain.tile_levels()
    blk = dif = dmg = liq = 0
    for zz in range(z, z + n):
        if zz not in levels:  # all default: solid ground below z = 0, air above
            if zz < 0:
                blk = full
            continue
        for ty, tx, shift_in, m, shift_out in plan:
            tile = get((zz, ty0 + ty, tx0 + tx))
            if tile is None:
                if zz < 0:  # the ground levels are solid by default
                    blk |= m << shift_out
                continue
            b, d_, g, lq = tile
            if b:
                blk |= ((b >> shift_in) & m) << shift_out
            if d_:
                dif |= ((d_ >> shift_in) & m) << shift_out
            if g:
                dmg |= ((g >> shift_in) & m) << shift_out
            if lq:
                liq |= ((lq >> shift_in) & m) << shift_out
    below = z - 1
    if below < -terrain.below:
        return blk, dif, dmg, liq, full  # below the lowest level everything holds (Terrain.supports)
    if below not in levels:
        return blk, dif, dmg, liq, full if below < 0 else 0
    sup = 0
    for ty, tx, shift_in, m, shift_out in plan:
        tile = get((below, ty0 + ty, tx0 + tx))
        if tile is None:
            if below < 0:
                sup |= m << shift_out
        elif tile[0]:
            sup |= ((tile[0] >> shift_in) & m) << shift_out
    return blk, dif, dmg, liq, sup


_FULL_TILE = rect(TILE_STRIDE, 0, TILE - 1, 0, TILE - 1)


@functools.lru_cache(maxsize=1024)
def _dig_codes(palette: tuple[bool, ...], codes: bytes) -> int:
    """The cells of a tile whose code is flagged in ``palette``, laid out as Terrain.stored_tiles."""
    if len(codes) == TILE_CELLS:
        table = bytearray(b"0" * 256)
        for k, flagged in enumerate(palette):
            if flagged:
                table[k] = 0x31
        digits = codes.translate(table)[::-1]  # the last cell first: int() reads the top bit first
        return int(b"0".join(digits[i : i + TILE] for i in range(0, TILE_CELLS, TILE)), 2)
    out = 0  # two bytes a code (more than 256 kinds of cell in the tile)
    for i in range(TILE_CELLS):
        if palette[codes[2 * i] | (codes[2 * i + 1] << 8)]:
            out |= 1 << ((i // TILE) * TILE_STRIDE + i % TILE)
    return out


def _dig_tile(found: TileCells) -> int:
    """The cells of a stored tile that a burrower passes through (dirt, DS-MTYPE-02)."""
    palette = tuple(c.material in BURROWABLE for c in found[0])
    if not any(palette):
        return 0
    if all(palette):
        return _FULL_TILE
    return _dig_codes(palette, found[1])


def window_dig(
    terrain: Terrain, x0: int, y0: int, cw: int, ch: int, s: int, z: int, n: int
) -> tuple[int, int]:
    """The ground a burrower can't pass (solid, not dirt) and the dirt it can, in the window.

    A column (x, y) is set when any of the levels z..z+n-1 has such a cell there (row stride
    ``s``); levels off the map are all impassable (DS-MTYPE-02, R-GEO-5).
    """
    if not (-terrain.below <= z and z + n <= terrain.height):
        return rect(s, 0, cw - 1, 0, ch - 1), 0
    tiles = terrain.tile_cells().get
    masks = terrain.tile_masks
    ground = (0, _FULL_TILE) if terrain.ground in BURROWABLE else (_FULL_TILE, 0)
    ty0, tx0 = y0 // TILE, x0 // TILE
    if s == TILE_STRIDE:  # the rows line up: one shift and mask per tile, as in window_tiles
        plan = tile_plan(x0 - tx0 * TILE, y0 - ty0 * TILE, cw, ch)[0]
    else:
        plan = _row_plan(x0 - tx0 * TILE, y0 - ty0 * TILE, cw, ch, s)
    hard = dig = 0
    for zz in range(z, z + n):
        for ty, tx, shift_in, m, shift_out in plan:
            key = (zz, ty0 + ty, tx0 + tx)
            found = tiles(key)
            if found is None:
                if zz >= 0:
                    continue  # air
                h, d = ground
            else:
                d = _dig_tile(found)
                h = masks(*key)[0] & ~d
            if h:
                hard |= ((h >> shift_in) & m) << shift_out
            if d:
                dig |= ((d >> shift_in) & m) << shift_out
    return hard, dig


@functools.lru_cache(maxsize=256)
def _row_plan(x0: int, y0: int, cw: int, ch: int, s: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """Like :func:`tile_plan` for a window of row stride ``s``: one entry per tile row it covers."""
    x1, y1 = x0 + cw - 1, y0 + ch - 1
    plan = []
    for ty in range(y1 // TILE + 1):
        ya, yb = max(y0, ty * TILE), min(y1, ty * TILE + TILE - 1)
        for tx in range(x1 // TILE + 1):
            xa, xb = max(x0, tx * TILE), min(x1, tx * TILE + TILE - 1)
            row = (1 << (xb - xa + 1)) - 1
            for y in range(ya, yb + 1):
                shift_in = (y - ty * TILE) * TILE_STRIDE + (xa - tx * TILE)
                plan.append((ty, tx, shift_in, row, (y - y0) * s + (xa - x0)))
    return tuple(plan)


def inside(model: MoveModel, other: Creature) -> bool:
    """Whether a rider's (or dragged creature's) cube lies inside the mover's, as a rider's usually
    does: it then fits wherever the mover does (R-GEO-5), unless the mover burrows through dirt."""
    if model.mode == "burrow":
        return False
    n, m = model.n, other.n
    return all(d >= 0 and d + m <= n for d in other.pos - model.creature.pos)


class Beside:
    """A rider or dragged creature in a one-level window: where it fits as the mover moves, and
    where it can't end (R-GEO-5, DS-MOVE-04; DS-MOUNT-03, RB1-GRABBED).

    Its cube at a position q of the mover lies at q + (its position - the mover's), so its
    window is the mover's moved by that offset and grown by its size less 1; bit (c, r) of the
    window is its cell (X0 + c, Y0 + r), and a position's bit is its cube's lowest corner.
    """

    __slots__ = ("cols", "fits", "other", "rows", "x0", "y0", "z")

    def __init__(self, model: MoveModel, other: Creature, x0: int, y0: int, z: int, cw: int, ch: int, s: int):
        state = model.state
        terrain = state.terrain
        m = other.n
        dx, dy, dz = other.pos - model.creature.pos
        self.other = other
        self.x0, self.y0, self.z = x0 + dx, y0 + dy, z + dz
        self.cols, self.rows = cw + m - 1, ch + m - 1
        if inside(model, other):
            self.fits = -1
            return
        X0, Y0, Z = self.x0, self.y0, self.z
        blocked = rect(s, 0, self.cols - 1, 0, self.rows - 1)  # off the map: nothing fits there
        xa, xb = max(X0, 0), min(X0 + self.cols - 1, terrain.width - 1)
        ya, yb = max(Y0, 0), min(Y0 + self.rows - 1, terrain.depth - 1)
        if xa <= xb and ya <= yb:
            if s == TILE_STRIDE:  # the mover's window is cut from the tiles: this one fits them too
                on_map = window_tiles(terrain, xa, ya, xb - xa + 1, yb - ya + 1, Z, m)[0]
            else:
                on_map = window_terrain(terrain, xa, ya, xb - xa + 1, yb - ya + 1, s, Z, m)[0]
            region = rect(s, xa - X0, xb - X0, ya - Y0, yb - Y0)
            blocked = (blocked & ~region) | (on_map << ((ya - Y0) * s + (xa - X0)))
            for o in state.objects.values():
                for c in o.cells():
                    if Z <= c.z < Z + m and xa <= c.x <= xb and ya <= c.y <= yb:
                        blocked |= 1 << ((c.y - Y0) * s + (c.x - X0))
        self.fits = rect(s, 0, cw - 1, 0, ch - 1) & ~foot(blocked, m, s)

    def no_stop(self, model: MoveModel, s: int) -> int:
        """The positions where it would end in the space of a creature within 1 size of its own."""
        other = self.other
        m = other.n
        rank = other.size.rank
        x1, y1 = self.x0 + self.cols - 1, self.y0 + self.rows - 1
        stay = 0
        top = self.z + m
        for near in window_creatures(model.state, self.x0, self.y0, x1, y1, self.z, top):
            cx, cy, cz = near.pos
            if cx > x1 or cy > y1 or cz >= top or near.dead or near.id in model.ignore:
                continue
            size = near.size
            if abs(size.rank - rank) >= STOP_SIZE_GAP:
                continue
            if size.squares == 1:
                if cx >= self.x0 and cy >= self.y0 and cz >= self.z:
                    stay |= 1 << ((cy - self.y0) * s + cx - self.x0)
            else:
                stay |= _space(near, self.x0, self.y0, x1, y1, self.z, top, s)
        return foot(stay, m, s)


def no_stop_beside(
    model: MoveModel, beside: list[Beside], x0: int, y0: int, x1: int, y1: int, z: int, s: int
) -> int:
    """The positions the mover can't stop on, or where a rider or dragged creature could not."""
    stay = 0 if model.squeeze else no_stop(model, x0, y0, x1, y1, z, s)
    for companion in beside:
        stay |= companion.no_stop(model, s)
    return stay


def _ge(near: int, far: int, t: int, count: int) -> tuple[tuple[int, int], ...]:
    """The indices 0..count-1 whose gap (0 from ``near`` to ``far``, 1 more each step away) is at least t."""
    if t <= 0:
        return ((0, count - 1),)
    return ((0, min(near - t, count - 1)), (max(far + t, 0), count - 1))


def _le(near: int, far: int, t: int, count: int) -> tuple[tuple[int, int], ...]:
    """The indices 0..count-1 whose gap is at most t."""
    return ((max(near - t, 0), min(far + t, count - 1)),)


def fear(
    model: MoveModel, window: tuple[int, int, int, int, int, int, int, int]
) -> Callable[[int, int, int], int]:
    """The positions where a step (dx, dy, dz) arrives closer to the source of the mover's fear.

    RB1-FRIGHTENED: no willing step may bring the mover closer to its source. The distance
    (R-GEO-1) is the largest of the gaps along x, y and z between the two spaces; a step from p
    to q = p + d brings the mover closer exactly when, along an axis it moves on, the gap at p is
    1 more than at q (p lies beyond q, away from the source) and that gap at q is the largest of
    the three. So the masks are, per axis and sign, the band of positions where such a step
    shrinks the gap, and per axis the positions where its gap is the largest: x against y
    compared once per row of the window, each against z once per level.
    """
    x0, y0, z0, cw, ch, levels, s, plane = window
    src = model.fright
    assert src is not None
    n = model.n
    near = (src.pos.x - n + 1 - x0, src.pos.y - n + 1 - y0, src.pos.z - n + 1 - z0)
    far = (src.pos.x + src.n - 1 - x0, src.pos.y + src.n - 1 - y0, src.pos.z + src.n - 1 - z0)
    counts = (cw, ch, levels)
    col_rep = rect(s, 0, 0, 0, ch - 1)  # bit 0 of every row: a row's mask times it fills each row
    level_rep = sum(1 << (dz * plane) for dz in range(levels))
    level_full = rect(s, 0, cw - 1, 0, ch - 1)

    def gap(axis: int, v: int) -> int:
        return max(0, near[axis] - v, v - far[axis])

    def cols(spans: tuple[tuple[int, int], ...]) -> int:
        return sum(((1 << (hi - lo + 1)) - 1) << lo for lo, hi in spans if lo <= hi)

    def rows(spans: tuple[tuple[int, int], ...]) -> int:
        out = 0
        for lo, hi in spans:
            if lo <= hi:
                out |= rect(s, 0, cw - 1, lo, hi)
        return out

    x_ge_y = x_le_y = 0  # gap x >= gap y, gap x <= gap y
    for r in range(ch):
        gy = gap(1, r)
        x_ge_y |= cols(_ge(near[0], far[0], gy, cw)) << (r * s)
        x_le_y |= cols(_le(near[0], far[0], gy, cw)) << (r * s)
    x_ge_z = y_ge_z = z_top = 0
    for dz in range(levels):
        gz = gap(2, dz)
        shift = dz * plane
        x_ge_z |= (cols(_ge(near[0], far[0], gz, cw)) * col_rep) << shift
        y_ge_z |= rows(_ge(near[1], far[1], gz, ch)) << shift
        z_top |= (
            (cols(_le(near[0], far[0], gz, cw)) * col_rep) & rows(_le(near[1], far[1], gz, ch))
        ) << shift
    largest = (x_ge_y * level_rep & x_ge_z, x_le_y * level_rep & y_ge_z, z_top)
    found: dict[tuple[int, int], int] = {}

    def band(axis: int, v: int) -> int:
        """Where a step of sign v along the axis shrinks the gap: up to the near edge moving +1,
        from the far edge on moving -1 (the step's start lies 1 further out)."""
        mask = found.get((axis, v))
        if mask is None:
            count = counts[axis]
            lo, hi = (0, min(near[axis], count - 1)) if v > 0 else (max(far[axis], 0), count - 1)
            if lo > hi:
                mask = 0
            elif axis == 0:
                mask = cols(((lo, hi),)) * col_rep * level_rep
            elif axis == 1:
                mask = rows(((lo, hi),)) * level_rep
            else:
                mask = sum(level_full << (dz * plane) for dz in range(lo, hi + 1))
            mask &= largest[axis]
            found[(axis, v)] = mask
        return mask

    def closer(dx: int, dy: int, dz: int) -> int:
        out = 0
        for axis, v in enumerate((dx, dy, dz)):
            if v:
                out |= band(axis, v)
        return out

    return closer


@functools.lru_cache(maxsize=1024)
def corner_shifts(dx: int, dy: int, dz: int, s: int, plane: int) -> tuple[int, ...]:
    """The shifts that bring the open cells to the corners of a step (dx, dy, dz) (R-GEO-4).

    A corner is p + part for each proper, non-empty part of the step; seen from where the step
    arrives (q = p + d) it lies at q - (d - part).
    """
    changed = [(i, v) for i, v in enumerate((dx, dy, dz)) if v]
    out = []
    for size in range(1, len(changed)):
        for subset in itertools.combinations(changed, size):
            part = [0, 0, 0]
            for i, v in subset:
                part[i] = v
            out.append((dx - part[0]) + (dy - part[1]) * s + (dz - part[2]) * plane)
    return tuple(out)


def no_stop_tiles(model: MoveModel, taken: int, x0: int, y0: int, x1: int, y1: int, z: int) -> int:
    """:func:`no_stop` of a size-1 mover in a window cut from the tiles (row stride TILE_STRIDE),
    ``taken`` the window's cells of every living creature, read from the encounter's side tiles.

    When every creature is within 1 size of the mover, no position a living creature covers is an
    end (DS-MOVE-04, R-SIZE-1): those are ``taken`` (the mover's own cell is its start, an end all
    the same). Otherwise :func:`no_stop` visits the creatures.
    """
    if all_near(model.state, model.creature.size, (x1 - x0 + 1) * (y1 - y0 + 1)):
        return taken
    return no_stop(model, x0, y0, x1, y1, z, TILE_STRIDE)


def no_stop(model: MoveModel, x0: int, y0: int, x1: int, y1: int, z: int, s: int) -> int:
    """The window positions the mover can't stop on: a creature within 1 size is there (DS-MOVE-04)."""
    rank = model.creature.size.rank
    ignore = model.ignore
    n = model.n
    top = z + n
    stay = 0
    near: dict[Size, bool] = {}  # whether a size is within 1 of the mover's, asked once per size
    for other in window_creatures(model.state, x0, y0, x1, y1, z, top):
        osize = other.size
        within = near.get(osize)
        if within is None:
            within = near[osize] = abs(osize.rank - rank) < STOP_SIZE_GAP
        if not within or other.dead or other.id in ignore:
            continue
        if osize.squares == 1:
            cx, cy, cz = other.pos
            if x0 <= cx <= x1 and y0 <= cy <= y1 and z <= cz < top:
                stay |= 1 << ((cy - y0) * s + cx - x0)
        else:
            stay |= _space(other, x0, y0, x1, y1, z, top, s)
    return foot(stay, n, s)
