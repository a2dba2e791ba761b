"""The bit-set search on one level, from the masks cut around a mover (R-MOVE-1, R-GEO-4, R-GEO-5).

One bit per cell of a (2B+1)² window: which cells are solid, difficult, damaging or liquid, which
hold a creature up, which are enemies' spaces (cut by :mod:`brawl.rules.step_windows`).
:func:`bitset_search` turns them into the masks of :func:`brawl.reach_flood.flood` with the
definitions of :class:`brawl.rules.steps.MoveModel`. The search over several levels,
:func:`~brawl.rules.step_masks3.bitset_search3`, is named here too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from brawl.creature import Creature
from brawl.geometry import HORIZONTAL_DIRECTIONS, Pos
from brawl.reach_backend import BitsetBackend
from brawl.reach_flood import (
    Step,
    StepClass,
    flood,
    flood_steps,
    foot,
    rect,
    strip,
)
from brawl.rules.step_masks3 import bitset_search3
from brawl.rules.step_windows import (
    Beside,
    corner_shifts,
    cut_tiles,
    fear,
    no_stop,
    no_stop_beside,
    no_stop_tiles,
    tile_plan,
    window_creatures,
    window_dig,
    window_terrain,
)
from brawl.rules.steps import SHIFT_MODES, MoveModel
from brawl.tiles import TILE, TILE_STRIDE


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
        plan, full = tile_plan(x0 - tx0 * TILE, y0 - ty0 * TILE, cw, ch)
        blk, dif, dmg, liq, sup = cut_tiles(terrain, ty0, tx0, plan, full, z, n)
    else:
        s = cw + 1 + grow  # a guard column, always clear in every position mask
        blk, dif, dmg, liq, sup = window_terrain(terrain, x0, y0, cw, ch, s, z, n)
    dig = 0
    if model.mode == "burrow":
        # a burrower passes through dirt (DS-MTYPE-02): only harder ground fills a cell for it
        blk, dig = window_dig(terrain, x0, y0, cw, ch, s, z, n)

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
    alone = False  # read from the side index: no creature on the levels above and below
    if tiled and len(ignore) == 1:  # only the mover itself, which is no enemy
        # the encounter keeps each side's cells per tile: cut the window from the same tiles
        side_tiles = state.side_tiles()
        get_side = side_tiles.get
        if n == 1 and not model.squeeze:
            # the mover's side too: where the move may end is read from them (no_stop_tiles)
            own = 0
            alone = True  # no creature on the levels above and below, in the window's tiles
            for ty, tx, shift_in, m, shift_out in plan:
                key_y, key_x = ty0 + ty, tx0 + tx
                for owner, mask in get_side((z, key_y, key_x), ()):
                    if owner != side:
                        ene |= ((mask >> shift_in) & m) << shift_out
                    else:
                        own |= ((mask >> shift_in) & m) << shift_out
                if alone and ((z - 1, key_y, key_x) in side_tiles or (z + 1, key_y, key_x) in side_tiles):
                    alone = False
            taken = ene | own
        else:
            for zz in range(z, top):
                for ty, tx, shift_in, m, shift_out in plan:
                    for owner, mask in get_side((zz, ty0 + ty, tx0 + tx), ()):
                        if owner != side:
                            ene |= ((mask >> shift_in) & m) << shift_out
        nearby: Iterable[Creature] = ()
    else:
        nearby = window_creatures(state, x0, y0, x1, y1, z, top)
    for other in nearby:
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
    beside = [Beside(model, other, x0, y0, z, cw, ch, s) for other, _ in companions] if companions else []
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
        closer = fear(model, window)
        fit = rect(s, 0, cw - 1, 0, ch - 1) & ~(foot(blk, n, s) if n > 1 else blk)
        steps: list[Step] = []
        for dx, dy, _ in HORIZONTAL_DIRECTIONS:
            allowed = standable & ~closer(dx, dy, 0)
            for at in corner_shifts(dx, dy, 0, s, ch * s):
                allowed &= fit << at if at >= 0 else fit >> -at
            if allowed:
                entered = strip(surcharge, n, s, dx, dy)  # the newly entered cells (R-MOVE-1)
                steps.append((dx + dy * s, allowed, allowed & ~entered))
        classes: list[StepClass] = [((), tuple(steps), (), swim)]
        layers, planes, visited = flood_steps(start, standable, classes, model.base, budget, ch * s, 1)
    stop_mask: Callable[[], int] | None = None
    if beside:
        stop_mask = functools.partial(no_stop_beside, model, beside, x0, y0, x1, y1, z, s)
    elif model.squeeze:
        pass
    elif taken is not None:
        stop_mask = functools.partial(no_stop_tiles, model, taken, x0, y0, x1, y1, z)
    else:
        stop_mask = functools.partial(no_stop, model, x0, y0, x1, y1, z, s)
    backend = BitsetBackend(layers, planes, visited, start, window, stop_mask)
    if n == 1 and model.fright is None and not beside:
        # its paths are rebuilt from the flood's own steps (R-GEO-4, R-MOVE-1)
        backend.walk = (blk, swim | surcharge, swim & surcharge, model.base)
        if taken is not None and alone:
            # the living enemies' cells, on its level the only ones (no one above or below): who
            # may be within 1 of a route's squares (DS-STRIKE-03, R-GEO-1)
            backend.marked = ene
    return backend


__all__ = ["bitset_search", "bitset_search3"]
