"""The bit-set search over several levels: flying, climbing, a cube of levels (R-MOVE-1, R-GEO-4, R-GEO-5).

The window is a cube of levels, each a plane of rows; :func:`bitset_search3` cuts its masks with
:mod:`brawl.rules.step_windows` and the definitions of :class:`brawl.rules.steps.MoveModel`, and
runs :func:`brawl.reach_flood.flood_steps` or :func:`~brawl.reach_flood.flood_groups` over them.
"""

from __future__ import annotations

import functools

from brawl.creature import Creature
from brawl.geometry import Pos
from brawl.reach_backend import BitsetBackend
from brawl.reach_flood import (
    Group,
    Step,
    StepClass,
    flood_groups,
    flood_steps,
    rect,
    shl,
)
from brawl.rules.step_windows import (
    corner_shifts,
    fear,
    inside,
    window_creatures,
    window_terrain,
    window_tiles,
)
from brawl.rules.steps import STOP_SIZE_GAP, MoveModel
from brawl.tiles import TILE, TILE_STRIDE


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
            b, d_, _, lq, sp = window_tiles(terrain, x0, y0, cw, ch, z0 + dz, 1)
        else:
            b, d_, _, lq, sp = window_terrain(terrain, x0, y0, cw, ch, s, z0 + dz, 1)
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
    for other in window_creatures(state, x0, y0, x1, y1, z0, z1 + 1):
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
        shifts = corner_shifts(dx, dy, dz, s, plane)
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
    closer = None if model.fright is None else fear(model, window)
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
                    plan.append(((dx, dy, dz), by, corner_shifts(dx, dy, dz, s, plane), entered))
    return tuple(plan)


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
    if inside(model, other):
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
                cells = window_tiles(terrain, xa, ya, xb - xa + 1, yb - ya + 1, z, 1)[0]
            else:
                cells = window_terrain(terrain, xa, ya, xb - xa + 1, yb - ya + 1, s, z, 1)[0]
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
    for other in window_creatures(model.state, X0, Y0, X1, Y1, Z0, Z1 + 1):
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
