"""The masks of the bit-set search, cut from the map around a mover (R-MOVE-1, R-GEO-4, R-GEO-5).

One bit per cell of a (2B+1)² window: which cells are solid, difficult, damaging or liquid, which
hold a creature up, which are enemies' spaces. :func:`bitset_search` turns them into the masks
of :func:`brawl.reach.flood` with the definitions of :class:`brawl.rules.steps.MoveModel`.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable
from itertools import repeat
from typing import cast

from brawl.creature import Creature
from brawl.geometry import HORIZONTAL_DIRECTIONS, Pos
from brawl.reach import (
    BitsetBackend,
    Group,
    Step,
    StepClass,
    flood,
    flood_groups,
    flood_steps,
    foot,
    rect,
    shl,
    strip,
)
from brawl.rules.burrowing import BURROWABLE
from brawl.rules.steps import SHIFT_MODES, STOP_SIZE_GAP, MoveModel
from brawl.size import SUB_RANKS, Size
from brawl.state import Encounter
from brawl.terrain import TILE, TILE_CELLS, TILE_STRIDE, Terrain, TileCells


def _window_terrain(
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


def _all_near(state: Encounter, size: Size, most: int) -> bool:
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


def _window_creatures(
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
def _tile_plan(x0: int, y0: int, cw: int, ch: int) -> tuple[tuple[tuple[int, int, int, int, int], ...], int]:
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


def _window_tiles(
    terrain: Terrain, x0: int, y0: int, cw: int, ch: int, z: int, n: int
) -> tuple[int, int, int, int, int]:
    """Like :func:`_window_terrain` for a window of at most TILE x TILE cells, row stride TILE_STRIDE.

    The window overlaps at most 4 tiles: one look-up, shift and mask per tile and mask.
    """
    ty0, tx0 = y0 // TILE, x0 // TILE
    plan, full = _tile_plan(x0 - tx0 * TILE, y0 - ty0 * TILE, cw, ch)
    return _cut_tiles(terrain, ty0, tx0, plan, full, z, n)


def _cut_tiles(
    terrain: Terrain,
    ty0: int,
    tx0: int,
    plan: tuple[tuple[int, int, int, int, int], ...],
    full: int,
    z: int,
    n: int,
) -> tuple[int, int, int, int, int]:
    """:func:`_window_tiles` with the window's first tile (``ty0``, ``tx0``) and its
    :func:`_tile_plan` found."""
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


def _window_dig(
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
    if s == TILE_STRIDE:  # the rows line up: one shift and mask per tile, as in _window_tiles
        plan = _tile_plan(x0 - tx0 * TILE, y0 - ty0 * TILE, cw, ch)[0]
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
    """Like :func:`_tile_plan` for a window of row stride ``s``: one entry per tile row it covers."""
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


def bitset_search(model: MoveModel, origin: Pos, budget: int) -> BitsetBackend:
    """The bit-set search over the window around ``origin`` (one level, 8 directions, R-MOVE-1).

    The masks come from the same definitions as :meth:`MoveModel.check_step`: open cells
    (R-GEO-5, the corners of R-GEO-4; a burrower's open cells include dirt, DS-MTYPE-02), the
    positions the mover may occupy (held up, DS-MOVE-14, or dug into dirt; no swimming while
    prone, RB1-PRONE; no shifting into or within difficult or damaging terrain
    or an enemy's space, DS-MOVE-10), the step's base cost (DS-GRID-03, DS-MTYPE-22) and its
    surcharges (DS-MOVE-12, DS-MOVE-03, DS-MTYPE-12).
    """
    state = model.state
    terrain = state.terrain
    n = model.n
    ox, oy, z = origin
    # the cell grid: the cells of every position within B steps, clamped to the map. Corner
    # cells (R-GEO-4) lie inside the footprints of the two positions of a step, so no cell off
    # the map is ever needed once positions are kept on the map.
    width, depth = terrain.width, terrain.depth
    x0 = ox - budget if ox > budget else 0
    x1 = ox + budget + n - 1 if ox + budget + n < width else width - 1
    y0 = oy - budget if oy > budget else 0
    y1 = oy + budget + n - 1 if oy + budget + n < depth else depth - 1
    cw = x1 - x0 + 1
    ch = y1 - y0 + 1
    # a rider's or a dragged creature's cube lies beside the mover's: its cells reach past the
    # positions by its size less 1, which the row stride must leave room for
    companions = model.companions
    grow = max(other.n for other, _ in companions) - 1 if companions else 0
    tiled = cw + grow < TILE_STRIDE and ch <= TILE
    if tiled:
        # the window spans at most 2 x 2 of the map's tiles: cut it from them with their stride
        s = TILE_STRIDE
        ty0, tx0 = y0 // TILE, x0 // TILE
        plan, full = _tile_plan(x0 - tx0 * TILE, y0 - ty0 * TILE, cw, ch)
        blk, dif, dmg, liq, sup = _cut_tiles(terrain, ty0, tx0, plan, full, z, n)
    else:
        s = cw + 1 + grow  # a guard column, always clear in every position mask
        blk, dif, dmg, liq, sup = _window_terrain(terrain, x0, y0, cw, ch, s, z, n)
    dig = 0
    if model.mode == "burrow":
        # a burrower passes through dirt (DS-MTYPE-02): only harder ground fills a cell for it
        blk, dig = _window_dig(terrain, x0, y0, cw, ch, s, z, n)

    # objects: walls and crates fill cells (R-GEO-5) and hold creatures up
    objects = state.objects
    if objects:
        if len(objects) <= cw * ch:
            cells: Iterable[tuple[Pos, bool]] = ((c, True) for o in objects.values() for c in o.cells())
        else:
            cells = (
                (Pos(x, y, zz), state.object_at(Pos(x, y, zz)) is not None)
                for zz in range(z - 1, z + n)
                for y in range(y0, y1 + 1)
                for x in range(x0, x1 + 1)
            )
        for c, present in cells:
            if not present or not (x0 <= c.x <= x1 and y0 <= c.y <= y1):
                continue
            bit = 1 << ((c.y - y0) * s + (c.x - x0))
            if z <= c.z < z + n:
                blk |= bit
            elif c.z == z - 1:
                sup |= bit

    # creatures: enemies' spaces cost +1 (DS-MOVE-03); nobody stops in a space within 1 size (DS-MOVE-04)
    # (allies matter only to where the move may end: the result finds that on first use)
    ene = 0
    mover = model.creature
    side = mover.side
    ignore = model.ignore
    top = z + n
    base = y0 * s + x0
    taken: int | None = None  # the cells of every living creature in the window, if read
    if tiled and len(ignore) == 1:  # only the mover itself, which is no enemy
        # the encounter keeps each side's cells per tile: cut the window from the same tiles
        get_side = state.side_tiles().get
        if n == 1 and not model.squeeze:
            # the mover's side too: where the move may end is read from them (_no_stop_tiles)
            own = 0
            for ty, tx, shift_in, m, shift_out in plan:
                for owner, mask in get_side((z, ty0 + ty, tx0 + tx), ()):
                    if owner != side:
                        ene |= ((mask >> shift_in) & m) << shift_out
                    else:
                        own |= ((mask >> shift_in) & m) << shift_out
            taken = ene | own
        else:
            for zz in range(z, top):
                for ty, tx, shift_in, m, shift_out in plan:
                    for owner, mask in get_side((zz, ty0 + ty, tx0 + tx), ()):
                        if owner != side:
                            ene |= ((mask >> shift_in) & m) << shift_out
        window_creatures: Iterable[Creature] = ()
    else:
        window_creatures = _window_creatures(state, x0, y0, x1, y1, z, top)
    for other in window_creatures:
        if other.side == side:
            continue
        cx, cy, cz = other.pos
        if cx > x1 or cy > y1 or cz >= top:
            continue
        osize = other.size
        cn = osize.squares
        if cx + cn <= x0 or cy + cn <= y0 or z >= cz + cn or other.dead or other.id in ignore:
            continue
        if cn == 1:
            bits = 1 << (cy * s + cx - base)
        else:
            cx0, cy0 = max(cx, x0), max(cy, y0)
            bits = rect(s, cx0 - x0, min(cx + cn - 1, x1) - x0, cy0 - y0, min(cy + cn - 1, y1) - y0)
        ene |= bits

    # positions the mover may occupy, inside the (2B+1)^2 window
    if n == 1:
        liq_p = liq  # the cells are the positions: every mask already lies inside the window
        held = sup | liq | dig  # on the ground, in liquid or dug in (DS-MOVE-14, DS-MTYPE-02)
        standable = held ^ (held & blk)
    else:
        win = rect(
            s,
            max(ox - budget, 0) - x0,
            min(ox + budget, width - n) - x0,
            max(oy - budget, 0) - y0,
            min(oy + budget, depth - n) - y0,
        )
        liq_p = foot(liq, n, s)
        standable = win & ~foot(blk, n, s) & (foot(sup | dig, n, s) | liq_p)
    if model.prone:
        standable &= ~liq_p  # RB1-PRONE: a prone creature can't swim
    beside = [_Beside(model, other, x0, y0, z, cw, ch, s) for other, _ in companions] if companions else []
    for companion in beside:
        standable &= companion.fits  # DS-MOUNT-03, RB1-GRABBED: it moves along and must fit
    start = 1 << ((oy - y0) * s + (ox - x0))
    shifting = model.mode in SHIFT_MODES
    if shifting:
        forbidden = foot(dif | dmg | ene, n, s)
        if start & forbidden:
            standable = 0
        standable &= ~forbidden
    swim = liq_p if not model.swimmer else 0  # DS-MTYPE-12
    surcharge = (dif | ene) if not shifting else 0  # DS-MOVE-12, DS-MOVE-03
    # positions lie in the first (cw - n + 1) columns and rows of the cell grid
    window = (x0, y0, z, cw, ch, 1, s, ch * s)
    if model.fright is None:
        layers, planes, visited = flood(
            start, standable, swim, surcharge, model.base, blk, n, s, cw, ch, budget
        )
    else:
        # RB1-FRIGHTENED: whether a step brings the mover closer depends on its direction, so each
        # of the 8 steps gets its own mask: its open corners (R-GEO-4), minus where it comes closer
        closer = _fear(model, window)
        fit = rect(s, 0, cw - 1, 0, ch - 1) & ~(foot(blk, n, s) if n > 1 else blk)
        steps: list[Step] = []
        for dx, dy, _ in HORIZONTAL_DIRECTIONS:
            allowed = standable & ~closer(dx, dy, 0)
            for at in _corner_shifts(dx, dy, 0, s, ch * s):
                allowed &= fit << at if at >= 0 else fit >> -at
            if allowed:
                entered = strip(surcharge, n, s, dx, dy)  # the newly entered cells (R-MOVE-1)
                steps.append((dx + dy * s, allowed, allowed & ~entered))
        classes: list[StepClass] = [((), tuple(steps), (), swim)]
        layers, planes, visited = flood_steps(start, standable, classes, model.base, budget, ch * s, 1)
    no_stop: Callable[[], int] | None = None
    if beside:
        no_stop = functools.partial(_no_stop_beside, model, beside, x0, y0, x1, y1, z, s)
    elif model.squeeze:
        pass
    elif taken is not None:
        no_stop = functools.partial(_no_stop_tiles, model, taken, x0, y0, x1, y1, z)
    else:
        no_stop = functools.partial(_no_stop, model, x0, y0, x1, y1, z, s)
    backend = BitsetBackend(layers, planes, visited, start, window, no_stop)
    if n == 1 and model.fright is None and not beside:
        # its paths are rebuilt from the flood's own steps (R-GEO-4, R-MOVE-1)
        backend.walk = (blk, swim | surcharge, swim & surcharge, model.base)
    return backend


def _inside(model: MoveModel, other: Creature) -> bool:
    """Whether a rider's (or dragged creature's) cube lies inside the mover's, as a rider's usually
    does: it then fits wherever the mover does (R-GEO-5), unless the mover burrows through dirt."""
    if model.mode == "burrow":
        return False
    n, m = model.n, other.n
    return all(d >= 0 and d + m <= n for d in other.pos - model.creature.pos)


class _Beside:
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
        if _inside(model, other):
            self.fits = -1
            return
        X0, Y0, Z = self.x0, self.y0, self.z
        blocked = rect(s, 0, self.cols - 1, 0, self.rows - 1)  # off the map: nothing fits there
        xa, xb = max(X0, 0), min(X0 + self.cols - 1, terrain.width - 1)
        ya, yb = max(Y0, 0), min(Y0 + self.rows - 1, terrain.depth - 1)
        if xa <= xb and ya <= yb:
            if s == TILE_STRIDE:  # the mover's window is cut from the tiles: this one fits them too
                on_map = _window_tiles(terrain, xa, ya, xb - xa + 1, yb - ya + 1, Z, m)[0]
            else:
                on_map = _window_terrain(terrain, xa, ya, xb - xa + 1, yb - ya + 1, s, Z, m)[0]
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
        for near in _window_creatures(model.state, self.x0, self.y0, x1, y1, self.z, top):
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


def _no_stop_beside(
    model: MoveModel, beside: list[_Beside], x0: int, y0: int, x1: int, y1: int, z: int, s: int
) -> int:
    """The positions the mover can't stop on, or where a rider or dragged creature could not."""
    stay = 0 if model.squeeze else _no_stop(model, x0, y0, x1, y1, z, s)
    for companion in beside:
        stay |= companion.no_stop(model, s)
    return stay


def _cube_and(mask: int, n: int, s: int, plane: int) -> int:
    """Positions whose whole n-cube lies in ``mask`` (row stride ``s``, level stride ``plane``)."""
    for by in (1, s, plane):
        out = mask
        for i in range(1, n):
            out &= mask >> (i * by)
        mask = out
    return mask


def _cube_or(mask: int, lo: int, hi: int, strides: tuple[int, ...]) -> int:
    """Positions p with a set cell at p + (i * stride for each stride), each i from ``lo`` to ``hi``."""
    for by in strides:
        out = 0
        for i in range(lo, hi + 1):
            out |= shl(mask, -i * by)
        mask = out
    return mask


def bitset_search3(model: MoveModel, origin: Pos, budget: int) -> BitsetBackend:
    """The bit-set search of a flyer, swimmer or climber: 26 directions over every level, any size.

    The window is the levels, rows and columns of the positions within ``budget`` of ``origin``
    and of the cells of their cubes (one more cell around, for the surfaces a climber holds on
    to), each level followed by a guard row and each row by a guard column, so that no step's
    shift wraps. The masks follow :meth:`MoveModel.check_step`: the positions whose cube is open
    (R-GEO-5) and the corners of a step, the positions p + part for each proper part of the step
    (R-GEO-4); what holds the mover up (DS-MOVE-14: flying holds itself, swimming needs ground
    under the cube or liquid in it, climbing also a wall, ledge or object touching it); and the
    costs (DS-GRID-03; +1 when the cells a step newly enters hold difficult terrain or an
    enemy's space, DS-MOVE-12, DS-MOVE-03; +1 for a swimming or climbing step without that
    movement type, DS-MTYPE-12). An n-cube's masks are the cells' masks eroded or dilated by n.
    """
    state = model.state
    terrain = state.terrain
    mode = model.mode
    n = model.n
    ox, oy, oz = origin
    margin = 1 if mode == "climb" else 0
    px0, px1 = max(ox - budget, 0), min(ox + budget, terrain.width - n)
    py0, py1 = max(oy - budget, 0), min(oy + budget, terrain.depth - n)
    pz0, pz1 = max(oz - budget, -terrain.below), min(oz + budget, terrain.height - n)
    if mode != "fly":
        # a level of default cells over another is all air or all ground: nothing holds a swimmer
        # or a climber there, unless ground lies right below or a stored cell or object is near
        stored = terrain.tile_levels() | {c.z for o in state.objects.values() for c in o.cells()}
        near = range(-1, n + margin)  # the levels of the cube, the one below, the one above a climber

        def may_hold(z: int) -> bool:
            return z == oz or z == 0 or (z >= 0 and any(z + d in stored for d in near)) or z in stored

        held_levels = [z for z in range(pz0, pz1 + 1) if may_hold(z)]
        pz0, pz1 = held_levels[0], held_levels[-1]
    x0, x1 = max(px0 - margin, 0), min(px1 + n - 1 + margin, terrain.width - 1)
    y0, y1 = max(py0 - margin, 0), min(py1 + n - 1 + margin, terrain.depth - 1)
    z0, z1 = max(pz0 - margin, -terrain.below), min(pz1 + n - 1 + margin, terrain.height - 1)
    cw, ch, levels = x1 - x0 + 1, y1 - y0 + 1, z1 - z0 + 1
    # a rider's or dragged creature's cells reach past the positions by its size less 1: the rows
    # and levels leave room for them
    grow = max((other.n for other, _ in model.companions), default=1) - 1
    tiled = cw + grow < TILE_STRIDE and ch <= TILE  # each level cut from at most 2 x 2 tiles
    s = TILE_STRIDE if tiled else cw + 1 + grow
    plane = (ch + 1 + grow) * s
    blk = dif = liq = sup = 0
    for dz in range(levels):
        if tiled:
            b, d_, _, lq, sp = _window_tiles(terrain, x0, y0, cw, ch, z0 + dz, 1)
        else:
            b, d_, _, lq, sp = _window_terrain(terrain, x0, y0, cw, ch, s, z0 + dz, 1)
        shift = dz * plane
        blk |= b << shift
        dif |= d_ << shift
        liq |= lq << shift
        sup |= sp << shift
    for o in state.objects.values():
        for c in o.cells():
            if x0 <= c.x <= x1 and y0 <= c.y <= y1:
                bit = (c.y - y0) * s + (c.x - x0)
                if z0 <= c.z <= z1:
                    blk |= 1 << (bit + (c.z - z0) * plane)
                if z0 - 1 <= c.z < z1:
                    sup |= 1 << (bit + (c.z + 1 - z0) * plane)
    cells_row = rect(s, 0, cw - 1, 0, ch - 1)
    cells = 0
    pwin = 0
    prow = rect(s, px0 - x0, px1 - x0, py0 - y0, py1 - y0)
    for dz in range(levels):
        cells |= cells_row << (dz * plane)
        if pz0 <= z0 + dz <= pz1:
            pwin |= prow << (dz * plane)
    blk &= cells
    opened = cells & ~blk
    # the positions whose cube is open (R-GEO-5), in liquid (DS-MTYPE-11) and on the ground
    # (any cell under the cube's bottom layer); off the positions' window these hold no meaning
    # and are cut by ``pwin``
    fit = _cube_and(opened, n, s, plane) if n > 1 else opened
    liq_p = _cube_or(liq, 0, n - 1, (1, s, plane)) if n > 1 else liq
    sup_p = _cube_or(sup, 0, n - 1, (1, s)) if n > 1 else sup
    if mode == "fly":
        held = pwin
    elif mode == "swim":
        held = sup_p | liq_p
    else:  # climbing: also a wall, ledge or object touching the cube (the map's edge is none)
        held = sup_p | liq_p | _cube_or(blk, -1, n, (1, s, plane))
    standable = pwin & fit & held
    for other, _ in model.companions:  # DS-MOUNT-03, RB1-GRABBED: it moves along and must fit
        standable &= _fits3(model, other, (x0, y0, z0, cw, ch, levels, s, plane))

    # enemies' spaces cost +1 to enter (DS-MOVE-03), as difficult terrain does (DS-MOVE-12)
    ene = 0
    side = model.creature.side
    for other in _window_creatures(state, x0, y0, x1, y1, z0, z1 + 1):
        if other.side != side and not other.dead and other.id not in model.ignore:
            ene |= _space3(other, x0, y0, x1, y1, z0, z1, s, plane)
    surcharge = dif | ene
    swim = liq_p if not model.swimmer else 0  # DS-MTYPE-12
    # the faces of the cube a step enters: x, y and z, on the low and the high side
    faces: list[tuple[int, int]] = []
    if n > 1:
        for by, others in ((1, (s, plane)), (s, (1, plane)), (plane, (1, s))):
            across = _cube_or(surcharge, 0, n - 1, others)
            faces.append((across, across >> ((n - 1) * by)))

    # keep only the levels the mover may occupy (and its own): no step reaches the others, and
    # every corner of a step between two kept levels lies in them
    level_bits = (1 << plane) - 1
    used = [dz for dz in range(levels) if (standable >> (dz * plane)) & level_bits or z0 + dz == oz]
    lo, hi = used[0], used[-1]
    keep = (1 << ((hi - lo + 1) * plane)) - 1
    cut = lo * plane
    standable, fit, surcharge, swim, liq_p, sup_p = (
        (m >> cut) & keep for m in (standable, fit, surcharge, swim, liq_p, sup_p)
    )
    faces = [((low >> cut) & keep, (high >> cut) & keep) for low, high in faces]
    z0, levels = z0 + lo, hi - lo + 1

    shifted: dict[int, int] = {}  # the open positions moved by one unit step, shared by the corners

    def corner(dx: int, dy: int, dz: int) -> int | None:
        """Where a step d may arrive: every corner position p + part (p = q - d) is open (R-GEO-4)."""
        shifts = _corner_shifts(dx, dy, dz, s, plane)
        if not shifts:
            return None
        mask = -1
        for by in shifts:
            moved = shifted.get(by)
            if moved is None:
                moved = shifted[by] = fit << by if by >= 0 else fit >> -by
            mask &= moved
        return mask

    climbing = mode == "climb" and not model.climber
    dry = standable & ~liq_p
    start = 1 << ((oz - z0) * plane + (oy - y0) * s + (ox - x0))
    window = (x0, y0, z0, cw, ch, levels, s, plane)
    closer = None if model.fright is None else _fear(model, window)
    if n == 1:
        directions = [
            (dx, dy, dz, dx + dy * s + dz * plane)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            for dz in (-1, 0, 1)
            if (dx or dy or dz) and (levels > 1 or not dz)
        ]

        def arrive(dx: int, dy: int, dz: int) -> int | None:
            mask = corner(dx, dy, dz)
            if closer is None:
                return mask
            away = ~closer(dx, dy, dz)  # RB1-FRIGHTENED
            return away if mask is None else mask & away

        def group(dirs: list[tuple[int, int, int, int]], dear: int) -> Group:
            steps = tuple((by, arrive(dx, dy, dz)) for dx, dy, dz, by in dirs)
            e2 = standable & surcharge & dear
            e1 = standable & (surcharge | dear) & ~e2
            return steps, standable & ~(surcharge | dear), e1, e2

        if climbing:
            # a climbing step rises, sinks or ends unsupported (DS-MTYPE-11): +1 out of liquid
            groups = [
                group([d for d in directions if d[2] == 0], swim | (dry & ~sup_p)),
                group([d for d in directions if d[2] != 0], swim | dry),
            ]
        else:
            groups = [group(directions, swim)]
        layers, planes, visited = flood_groups(start, standable, groups, model.base, budget, levels * plane)
    else:
        # each step: where it may arrive (open corners, a position it may occupy) and where at no
        # surcharge (the faces of the cube it enters hold no difficult terrain or enemy)
        sides = [face for pair in faces for face in pair]
        by_dz: dict[int, list[Step]] = {-1: [], 0: [], 1: []}
        for d, by, corners, entered_faces in _step_plan(s, plane, levels > 1):
            allowed = standable if closer is None else standable & ~closer(*d)  # RB1-FRIGHTENED
            for at in corners:
                moved = shifted.get(at)
                if moved is None:
                    moved = shifted[at] = fit << at if at >= 0 else fit >> -at
                allowed &= moved
            if not allowed:
                continue  # a step that arrives nowhere (a swimmer rising out of shallow water)
            entered = 0
            for i in entered_faces:
                entered |= sides[i]
            by_dz[d[2]].append((by, allowed, allowed & ~entered))
        down, level, up = (tuple(by_dz[dz]) for dz in (-1, 0, 1))
        if climbing:
            # a climbing step rises, sinks or ends unsupported (DS-MTYPE-11): +1 out of liquid
            classes: list[StepClass] = [((), level, (), swim | (dry & ~sup_p)), (down, (), up, swim | dry)]
        else:
            classes = [(down, level, up, swim)]
        layers, planes, visited = flood_steps(start, standable, classes, model.base, budget, plane, levels)
    no_stop = None if model.squeeze and not model.companions else functools.partial(_no_stop3, model, window)
    return BitsetBackend(layers, planes, visited, start, window, no_stop)


def _ge(near: int, far: int, t: int, count: int) -> tuple[tuple[int, int], ...]:
    """The indices 0..count-1 whose gap (0 from ``near`` to ``far``, 1 more each step away) is at least t."""
    if t <= 0:
        return ((0, count - 1),)
    return ((0, min(near - t, count - 1)), (max(far + t, 0), count - 1))


def _le(near: int, far: int, t: int, count: int) -> tuple[tuple[int, int], ...]:
    """The indices 0..count-1 whose gap is at most t."""
    return ((max(near - t, 0), min(far + t, count - 1)),)


def _fear(
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


@functools.lru_cache(maxsize=256)
def _step_plan(
    s: int, plane: int, vertical: bool
) -> tuple[tuple[tuple[int, int, int], int, tuple[int, ...], tuple[int, ...]], ...]:
    """The steps of a 3-D window: (dx, dy, dz), the shift, the shifts of its corners (R-GEO-4) and
    the faces of the cube it enters (index 2a for the low side of axis a, 2a + 1 for the high side)."""
    plan = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for dz in (-1, 0, 1) if vertical else (0,):
                if dx or dy or dz:
                    entered = tuple(2 * a + (v > 0) for a, v in enumerate((dx, dy, dz)) if v)
                    by = dx + dy * s + dz * plane
                    plan.append(((dx, dy, dz), by, _corner_shifts(dx, dy, dz, s, plane), entered))
    return tuple(plan)


@functools.lru_cache(maxsize=1024)
def _corner_shifts(dx: int, dy: int, dz: int, s: int, plane: int) -> tuple[int, ...]:
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


def _space3(other: Creature, x0: int, y0: int, x1: int, y1: int, z0: int, z1: int, s: int, plane: int) -> int:
    """The bits of a creature's cells in a window of levels z0..z1 (0 if none lie in it)."""
    cx, cy, cz = other.pos
    cn = other.size.squares
    if cn == 1:
        if x0 <= cx <= x1 and y0 <= cy <= y1 and z0 <= cz <= z1:
            return 1 << ((cz - z0) * plane + (cy - y0) * s + cx - x0)
        return 0
    if cx > x1 or cy > y1 or cz > z1 or cx + cn <= x0 or cy + cn <= y0 or cz + cn <= z0:
        return 0
    face = rect(s, max(cx, x0) - x0, min(cx + cn - 1, x1) - x0, max(cy, y0) - y0, min(cy + cn - 1, y1) - y0)
    out = 0
    for z in range(max(cz, z0), min(cz + cn - 1, z1) + 1):
        out |= face << ((z - z0) * plane)
    return out


def _fits3(model: MoveModel, other: Creature, window: tuple[int, int, int, int, int, int, int, int]) -> int:
    """The positions of a 3-D window where a rider or dragged creature fits (R-GEO-5).

    Its cube lies at a fixed offset from the mover's: its window is the mover's moved by that
    offset and grown by its size less 1 (off the map nothing fits), and the positions are that
    window's open cells eroded by its size.
    """
    if _inside(model, other):
        return -1
    x0, y0, z0, cw, ch, levels, s, plane = window
    state = model.state
    terrain = state.terrain
    m = other.n
    dx, dy, dz = other.pos - model.creature.pos
    X0, Y0, Z0 = x0 + dx, y0 + dy, z0 + dz
    cols, rows, depth = cw + m - 1, ch + m - 1, levels + m - 1
    full = rect(s, 0, cols - 1, 0, rows - 1)
    xa, xb = max(X0, 0), min(X0 + cols - 1, terrain.width - 1)
    ya, yb = max(Y0, 0), min(Y0 + rows - 1, terrain.depth - 1)
    on_map = xa <= xb and ya <= yb
    region = rect(s, xa - X0, xb - X0, ya - Y0, yb - Y0) if on_map else 0
    place = (ya - Y0) * s + (xa - X0)
    blocked = 0
    for dz_ in range(depth):
        z = Z0 + dz_
        level = full
        if on_map and -terrain.below <= z < terrain.height:
            if s == TILE_STRIDE:
                cells = _window_tiles(terrain, xa, ya, xb - xa + 1, yb - ya + 1, z, 1)[0]
            else:
                cells = _window_terrain(terrain, xa, ya, xb - xa + 1, yb - ya + 1, s, z, 1)[0]
            level = (full & ~region) | (cells << place)
        blocked |= level << (dz_ * plane)
    for o in state.objects.values():
        for c in o.cells():
            if xa <= c.x <= xb and ya <= c.y <= yb and Z0 <= c.z < Z0 + depth:
                blocked |= 1 << ((c.z - Z0) * plane + (c.y - Y0) * s + (c.x - X0))
    return _cube_and(~blocked, m, s, plane) if m > 1 else ~blocked


def _taken3(
    model: MoveModel,
    who: Creature,
    window: tuple[int, int, int, int, int, int, int, int],
    cols: int,
    rows: int,
) -> int:
    """The positions of a 3-D window where ``who`` (the mover, or a rider or dragged creature at
    its offset) would end in the space of a creature within 1 size of its own (DS-MOVE-04)."""
    x0, y0, z0, _, _, levels, s, plane = window
    m = who.n
    dx, dy, dz = who.pos - model.creature.pos
    X0, Y0, Z0 = x0 + dx, y0 + dy, z0 + dz
    X1, Y1, Z1 = X0 + cols - 1, Y0 + rows - 1, Z0 + levels + m - 2  # the cells of the top cubes
    rank = who.size.rank
    stay = 0
    for other in _window_creatures(model.state, X0, Y0, X1, Y1, Z0, Z1 + 1):
        if other.dead or other.id in model.ignore or abs(other.size.rank - rank) >= STOP_SIZE_GAP:
            continue
        stay |= _space3(other, X0, Y0, X1, Y1, Z0, Z1, s, plane)
    if m > 1:  # a position is taken when the cube overlaps such a creature's space
        stay = _cube_or(stay, 0, m - 1, (1, s, plane))
    return stay & ((1 << (levels * plane)) - 1)


def _no_stop3(model: MoveModel, window: tuple[int, int, int, int, int, int, int, int]) -> int:
    """The positions of a 3-D window the mover can't stop on: a creature within 1 size is there,
    or there for a rider or dragged creature (DS-MOVE-04, DS-MOUNT-03, RB1-GRABBED)."""
    cw, ch = window[3], window[4]
    stay = 0 if model.squeeze else _taken3(model, model.creature, window, cw, ch)
    for other, _ in model.companions:
        stay |= _taken3(model, other, window, cw + other.n - 1, ch + other.n - 1)
    return stay


def _no_stop_tiles(model: MoveModel, taken: int, x0: int, y0: int, x1: int, y1: int, z: int) -> int:
    """:func:`_no_stop` of a size-1 mover in a window cut from the tiles (row stride TILE_STRIDE),
    ``taken`` the window's cells of every living creature, read from the encounter's side tiles.

    When every creature is within 1 size of the mover, no position a living creature covers is an
    end (DS-MOVE-04, R-SIZE-1): those are ``taken`` (the mover's own cell is its start, an end all
    the same). Otherwise :func:`_no_stop` visits the creatures.
    """
    if _all_near(model.state, model.creature.size, (x1 - x0 + 1) * (y1 - y0 + 1)):
        return taken
    return _no_stop(model, x0, y0, x1, y1, z, TILE_STRIDE)


def _no_stop(model: MoveModel, x0: int, y0: int, x1: int, y1: int, z: int, s: int) -> int:
    """The window positions the mover can't stop on: a creature within 1 size is there (DS-MOVE-04)."""
    rank = model.creature.size.rank
    ignore = model.ignore
    n = model.n
    top = z + n
    stay = 0
    near: dict[Size, bool] = {}  # whether a size is within 1 of the mover's, asked once per size
    for other in _window_creatures(model.state, x0, y0, x1, y1, z, top):
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


__all__ = ["bitset_search", "bitset_search3"]
