"""The bit-set flood of the reachable-squares engine: window masks as ints, steps as shifts.

:func:`flood` searches one level in 8 directions, :func:`flood_groups` and :func:`flood_steps` any
number of levels and directions; each returns the cost layers :class:`~brawl.reach_backend.BitsetBackend`
decodes. The helpers cut rectangles and footprints out of a window (:func:`rect`, :func:`foot`,
:func:`strip`). No rule lives here: :mod:`brawl.rules.step_masks` cuts the masks from the map.
"""

from __future__ import annotations

import functools

from brawl.geometry import HORIZONTAL_DIRECTIONS
from brawl.reach_backend import fold

FOLD_BITS = 1 << 16
"""Windows of more bits than this fold their cost layers into bit planes as the search goes."""


def shl(value: int, by: int) -> int:
    return value << by if by >= 0 else value >> -by


@functools.lru_cache(maxsize=64)
def rect(stride: int, c0: int, c1: int, r0: int, r1: int) -> int:
    """Bits of columns c0..c1 in rows r0..r1 of a flat grid."""
    row = ((1 << (c1 - c0 + 1)) - 1) << c0
    out = 0
    for r in range(r0, r1 + 1):
        out |= row << (r * stride)
    return out


def foot(mask: int, n: int, s: int) -> int:
    """Positions whose n x n footprint has a set cell (row stride ``s``)."""
    if n == 1 or not mask:
        return mask
    out = 0
    for j in range(n):
        for i in range(n):
            out |= mask >> (i + j * s)
    return out


def strip(mask: int, n: int, s: int, dx: int, dy: int) -> int:
    """Positions entered by a step (dx, dy) whose newly entered cells include a set cell."""
    if n == 1 or not mask:
        return mask
    out = 0
    if dx:
        a = n - 1 if dx > 0 else 0
        for j in range(n):
            out |= mask >> (a + j * s)
    if dy:
        b = n - 1 if dy > 0 else 0
        for i in range(n):
            out |= mask >> (i + b * s)
    return out


def flood(
    start: int,
    standable: int,
    swim: int,
    surcharge: int,
    base: int,
    blk: int,
    n: int,
    s: int,
    cw: int,
    ch: int,
    budget: int,
) -> tuple[list[int], list[int], int]:
    """The cost layers of a window search, its bit planes and the positions visited (one bit each).

    ``start`` is the origin's bit, ``standable`` the positions the mover may occupy, ``blk`` the
    cells that are not open (row stride ``s``, ``cw`` x ``ch`` cells, an n x n mover). A step
    costs ``base``, plus 1 into a position of ``swim`` and 1 more when its newly entered cells
    meet ``surcharge``. Layer k holds the positions first reached at cost k. A window of more
    than :data:`FOLD_BITS` bits keeps only the last few layers: the older ones are folded into
    the bit planes (see :func:`fold`) and left as 0, so memory follows the window, not the budget.
    """
    layers = [start]
    planes: list[int] = []
    folding = s * ch > FOLD_BITS
    look = base + 3  # the oldest layer a new one still reads is k - base - 2
    unvisited = first = standable & ~start
    # a step into a position of e0, e1, e2 costs base + 0, 1, 2: swimming without a swim speed
    # and entering difficult terrain or an enemy's space each add 1 (``surcharge``)
    ent = swim | surcharge
    e2 = swim & surcharge
    e0 = standable & ~ent
    e1 = standable & ent & ~e2
    a = s + 1
    b = s - 1
    if n == 1:
        # a diagonal step from p to p+(dx, dy) needs its corners p+(dx, 0) and p+(0, dy) open
        # (R-GEO-4): it is a horizontal step onto an open cell whose other corner is open, then a
        # vertical one, so the whole expansion of a layer f is
        #   r | lf | ((r & m_ru | lf & m_lu | f) << s) | ((r & m_rd | lf & m_ld | f) >> s)
        # with r = f << 1 and lf = f >> 1; the masks e0..e2 keep the positions the mover may occupy
        o = rect(s, 0, cw - 1, 0, ch - 1) & ~blk
        m_ru = o & (o >> b)
        m_lu = o & (o >> a)
        m_rd = o & (o << a)
        m_ld = o & (o << b)
        m_ne = m_nw = m_se = m_sw = 0
    elif not blk:
        m_ne = m_nw = m_se = m_sw = standable
    else:
        # the 4 diagonal steps (shift s+1, s-1, -(s-1), -(s+1)) and their n-cube corners (R-GEO-4)
        m_ne, m_nw, m_se, m_sw = (
            standable
            & ~(
                shl(blk, -((n - 1 if dx > 0 else 0) + (-1 if dy > 0 else n) * s))
                | shl(blk, -((-1 if dx > 0 else n) + (n - 1 if dy > 0 else 0) * s))
            )
            for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1))
        )
    longest = base + 2  # the dearest step: after that many empty layers nothing more is reached
    empty_run = 0
    if n == 1 and base == 1 and not e2:
        # the common case: steps cost 1 or 2, so the positions of layer k are the cheap ones next
        # to layer k-1 and the dear ones next to layer k-2 (kept from the last round in ``late``)
        f = start
        late = 0
        for _ in range(budget):
            if f:
                r = f << 1
                lf = f >> 1
                g = r | lf | (((r & m_ru) | (lf & m_lu) | f) << s) | (((r & m_rd) | (lf & m_ld) | f) >> s)
                new = ((g & e0) | late) & unvisited
                late = g & e1
            elif late:
                new = late & unvisited
                late = 0
            else:
                break
            layers.append(new)
            unvisited ^= new
            f = new
            if folding:
                k = len(layers) - 2
                if layers[k]:
                    fold(planes, k, layers[k])
                    layers[k] = 0
    elif n == 1 or not surcharge:
        # the surcharge does not depend on the direction: expand each layer once; a position is
        # first reached at cost k from the expansion of layer k - base - extra
        grown: list[int] = []
        for k in range(1, budget + 1):
            j = k - base
            if j < 0:
                layers.append(0)
                continue
            f = layers[j]
            if not f:
                g = 0
            elif n == 1:
                r = f << 1
                lf = f >> 1
                g = r | lf | (((r & m_ru) | (lf & m_lu) | f) << s) | (((r & m_rd) | (lf & m_ld) | f) >> s)
            elif not blk:
                h = f | (f << 1) | (f >> 1)
                g = h | (h << s) | (h >> s)
            else:
                g = (
                    (f << 1)
                    | (f >> 1)
                    | (f << s)
                    | (f >> s)
                    | ((f << a) & m_ne)
                    | ((f << b) & m_nw)
                    | ((f >> b) & m_se)
                    | ((f >> a) & m_sw)
                )
            grown.append(g)
            cand = g & e0
            if j >= 1 and e1:
                cand |= grown[j - 1] & e1
                if j >= 2 and e2:
                    cand |= grown[j - 2] & e2
            new = cand & unvisited
            layers.append(new)
            if folding and k >= look:
                old = k - look
                if layers[old]:
                    fold(planes, old, layers[old])
                    layers[old] = 0
                if old < len(grown):
                    grown[old] = 0
            if new:
                unvisited ^= new
                empty_run = 0
            else:
                empty_run += 1
                if empty_run >= longest:
                    break
    else:
        # a size-2+ mover: the newly entered cells depend on the direction (R-MOVE-1), so each of
        # the 8 steps has its own surcharge mask (:func:`flood_steps`)
        steps: list[Step] = []
        for dx, dy, _ in HORIZONTAL_DIRECTIONS:
            by = dx + dy * s
            allowed = standable if not (dx and dy) else {a: m_ne, b: m_nw, -b: m_se, -a: m_sw}[by]
            if allowed:
                steps.append((by, allowed, allowed & ~strip(surcharge, n, s, dx, dy)))
        return flood_steps(start, standable, [((), tuple(steps), (), swim)], base, budget, ch * s, 1)
    visited = start | (first ^ unvisited)
    return layers, planes, visited


Group = tuple[tuple[tuple[int, int | None], ...], int, int, int]
"""Steps that share their costs: ((shift, corner mask or None), ...) and the masks e0, e1, e2."""


def flood_groups(
    start: int, standable: int, groups: list[Group], base: int, budget: int, bits: int
) -> tuple[list[int], list[int], int]:
    """The cost layers, bit planes and visited positions of a search over groups of steps.

    For any number of levels and directions (26 for flying): each step is a shift of the layer,
    kept where its corner mask is set (R-GEO-4); a group's steps cost ``base`` plus 0, 1 or 2
    into the positions of its e0, e1 or e2 (all within ``standable``). ``bits`` is the window's
    size, to fold old layers into the planes as :func:`flood` does.
    """
    layers = [start]
    planes: list[int] = []
    folding = bits > FOLD_BITS
    look = base + 3
    unvisited = first = standable & ~start
    grown: list[list[int]] = [[] for _ in groups]
    longest = base + 2
    empty_run = 0
    for k in range(1, budget + 1):
        j = k - base
        if j < 0:
            layers.append(0)
            continue
        f = layers[j]
        cand = 0
        for (steps, e0, e1, e2), hist in zip(groups, grown, strict=True):
            g = 0
            if f:
                for by, corner in steps:
                    moved = f << by if by > 0 else f >> -by
                    g |= moved if corner is None else moved & corner
            hist.append(g)
            cand |= g & e0
            if j >= 1 and e1:
                cand |= hist[j - 1] & e1
                if j >= 2 and e2:
                    cand |= hist[j - 2] & e2
        new = cand & unvisited
        layers.append(new)
        if folding and k >= look:
            old = k - look
            if layers[old]:
                fold(planes, old, layers[old])
                layers[old] = 0
            for hist in grown:
                if old < len(hist):
                    hist[old] = 0
        if new:
            unvisited ^= new
            empty_run = 0
        else:
            empty_run += 1
            if empty_run >= longest:
                break
    return layers, planes, start | (first ^ unvisited)


Step = tuple[int, int, int]
"""One step of :func:`flood_steps`: its shift, where it may arrive, where it arrives at no surcharge."""


StepClass = tuple[tuple[Step, ...], tuple[Step, ...], tuple[Step, ...], int]
"""Steps that share their second surcharge: those that sink, stay level and rise, and the
positions where the surcharge applies."""


def flood_steps(
    start: int, standable: int, classes: list[StepClass], base: int, budget: int, plane: int, levels: int
) -> tuple[list[int], list[int], int]:
    """The cost layers, bit planes and visited positions of a search whose surcharge depends on the step.

    The window is ``levels`` levels of ``plane`` bits. A step (shift ``by``) costs ``base``, plus
    1 where it arrives outside its ``clear`` mask (for a larger mover, difficult terrain in the
    cells that step newly enters), plus 1 into the ``dear`` positions of its class (swimming or
    climbing without the movement type). It may arrive only where its ``allowed`` mask is set
    (the corners of R-GEO-4); ``clear`` lies within ``allowed``. Each layer is expanded once per
    class into the positions reached by any step (A) and by a step at no first surcharge (C);
    the positions first reached at cost k are then ``(C[k-b] | A[k-b-1]) & ~dear | (C[k-b-1] |
    A[k-b-2]) & dear``, b = ``base``. Only the positions above the lowest level sink and only
    those below the top level rise.
    """
    layers = [start]
    planes: list[int] = []
    folding = levels * plane > FOLD_BITS
    look = base + 3
    unvisited = first = standable & ~start
    masks = [(down, level, up, standable & ~dear, standable & dear) for down, level, up, dear in classes]
    reached: list[tuple[list[int], list[int]]] = [([], []) for _ in classes]
    upper = ((1 << (levels * plane)) - 1) & ~((1 << plane) - 1)  # every level but the lowest
    lower = (1 << ((levels - 1) * plane)) - 1  # every level but the top
    longest = base + 2
    empty_run = 0
    for k in range(1, budget + 1):
        j = k - base
        if j < 0:
            layers.append(0)
            continue
        f = layers[j]
        sinking = f & upper
        rising = f & lower
        cand = 0
        for (down, level, up, cheap, dear), (hist_a, hist_c) in zip(masks, reached, strict=True):
            any_step = no_extra = 0
            for g, steps in ((sinking, down), (f, level), (rising, up)):
                if g:
                    for by, allowed, clear in steps:
                        moved = g << by if by > 0 else g >> -by
                        any_step |= moved & allowed
                        no_extra |= moved & clear
            hist_a.append(any_step)
            hist_c.append(no_extra)
            if j >= 1:
                cand |= (no_extra | hist_a[j - 1]) & cheap
                if dear:
                    cand |= (hist_c[j - 1] | (hist_a[j - 2] if j >= 2 else 0)) & dear
            else:
                cand |= no_extra & cheap
        new = cand & unvisited
        layers.append(new)
        if folding and k >= look:
            old = k - look
            if layers[old]:
                fold(planes, old, layers[old])
                layers[old] = 0
            for hist_a, hist_c in reached:
                if old < len(hist_a):
                    hist_a[old] = hist_c[old] = 0
        if new:
            unvisited ^= new
            empty_run = 0
        else:
            empty_run += 1
            if empty_run >= longest:
                break
    return layers, planes, start | (first ^ unvisited)
