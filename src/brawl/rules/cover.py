"""Cover from the map: walls, terrain and objects between an attacker and its target (DS-EDGE-08).

Ruling R-COVER-1: cover is measured with straight lines from one corner of the attacker's space
to the corners of the target's space (a size-1 creature has 8 corners; an n-cube has 8 as well,
its outer corners). A line is *blocked* when some part of it runs through the inside of solid
material: solid terrain or an object on the map (the space beyond the map's edge does not
count). A line that only grazes a face, an edge or a corner of solid material, or runs along the
seam between a solid cell and an open one, is not blocked; a line along the seam of two solid
cells is (it is inside the solid). The attacker's and the target's own cells never block. The
attacker picks its best corner, the one with the fewest blocked lines. The target has cover
when, from that corner, at least half of the lines (4 of 8) are blocked but not all of them:
with every line blocked from every corner there is no line of effect, which is more than cover.

Creatures never give cover: the text names solid objects, and creatures are not objects.

Line of effect lives here too, measured by the same lines: two spaces are in line of effect when
some line from a corner of one to a corner of the other is not blocked (:func:`sees_space`); two
spaces that touch always are (a corner they share is a line of no length, inside their own cells).
Between creatures, :func:`line_of_effect` adds the burrowing rules: completely beneath the ground
a creature sees nobody on the surface (DS-MTYPE-07) but sees an adjacent burrower (DS-MTYPE-08);
from the ground a burrower is seen only through its squares that touch the ground (DS-MTYPE-06,
R-BURROW-1). Every rule that asks for line of effect (strikes, flanking, abilities and their areas,
teleport, hiding and searching, ``brawl.line_of_effect_to``) calls these two.

A burrowing target's cover (DS-MTYPE-06, DS-MTYPE-08) is found by :func:`cover_rule`;
:func:`cover_rules` gives both, the burrower's first.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import pairwise, product
from math import lcm
from typing import Any

from brawl.creature import Creature, MovementType
from brawl.geometry import Pos, distance
from brawl.rules.burrowing import beneath_the_ground, completely_beneath, is_burrowing, surface_squares
from brawl.state import Encounter

_tuple_new = tuple.__new__

CORNERS = 8
"""Lines drawn from an attacker's corner: one to each corner of the target's space."""
HALF = CORNERS // 2
"""Blocked lines that give cover: at least half the target's form (DS-EDGE-08)."""


@lru_cache(maxsize=1 << 14)
def corners(pos: Pos, n: int) -> tuple[Pos, ...]:
    """The 8 corner points of an n-cube whose lowest cell is ``pos`` (points on the grid lattice)."""
    return tuple(Pos(pos.x + dx, pos.y + dy, pos.z + dz) for dx, dy, dz in product((0, n), repeat=3))


def _candidates(num: int, den: int) -> tuple[int, ...]:
    """Indices of the cells whose closed extent along one axis holds the coordinate ``num / den``."""
    whole, rest = divmod(num, den)
    return (whole - 1, whole) if rest == 0 else (whole,)


@lru_cache(maxsize=1 << 16)
def _line_cells(a: Pos, b: Pos) -> tuple[tuple[Pos, ...], ...]:
    """For each piece of segment a-b between successive grid planes it crosses, the cells whose
    closed extent holds the piece's midpoint (the piece is inside solid when all of them block).

    The pieces of a segment moved by a whole vector are its pieces moved by it: the offsets of
    the segment from the origin to ``b - a`` (:func:`_line_offsets`), moved to ``a``.
    """
    ax, ay, az = a
    new = _tuple_new
    return tuple(
        tuple(new(Pos, (ax + i, ay + j, az + k)) for i, j, k in piece)
        for piece in _line_offsets(b.x - ax, b.y - ay, b.z - az)
    )


@lru_cache(maxsize=1 << 14)
def _line_offsets(dx: int, dy: int, dz: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """:func:`_line_cells` of the segment from the origin to ``(dx, dy, dz)``.

    Exact integer arithmetic: with ``scale`` a common multiple of the non-zero extents of the
    segment along each axis, every crossing is at ``t = k / scale`` for a whole ``k``, and each
    midpoint's coordinates are whole multiples of ``1 / (2 * scale)``.
    """
    d = (dx, dy, dz)
    scale = 1
    for di in d:
        if di:
            scale = lcm(scale, abs(di))
    cuts = {0, scale}
    for i in range(3):
        if d[i]:
            lo, hi = sorted((0, d[i]))
            cuts.update(k * scale // d[i] for k in range(lo + 1, hi))
    den = 2 * scale
    found: list[tuple[tuple[int, int, int], ...]] = []
    for t0, t1 in pairwise(sorted(cuts)):
        mid = t0 + t1
        xs, ys, zs = (_candidates(d[i] * mid, den) for i in range(3))
        found.append(tuple((i, j, k) for i in xs for j in ys for k in zs))
    return tuple(found)


def line_blocked(state: Encounter, a: Pos, b: Pos, open_cells: frozenset[Pos] = frozenset()) -> bool:
    """Whether the straight segment between lattice points ``a`` and ``b`` runs through the inside
    of solid terrain or an object (R-COVER-1). A point is inside when every cell whose closed
    extent holds it is blocking; ``open_cells`` never block (the two creatures' own spaces)."""
    return any(all(blocks(state, c, open_cells) for c in cells) for cells in _line_cells(Pos(*a), Pos(*b)))


def _blocked_in(a: Pos, b: Pos, blocking: frozenset[Pos]) -> bool:
    """:func:`line_blocked` with the blocking cells near the segment already gathered: a piece of
    the line whose cells all block (one set operation a piece)."""
    return any(map(blocking.issuperset, _line_cells(a, b)))


def blocks(state: Encounter, cell: Pos, open_cells: frozenset[Pos] = frozenset()) -> bool:
    """Whether a cell blocks a line for cover: solid terrain or an object on the map (R-COVER-1)."""
    return cell not in open_cells and state.terrain.in_bounds(cell) and state.is_blocked(cell)


def _space(pos: Pos, n: int) -> frozenset[Pos]:
    if n == 1:
        return frozenset((pos,))
    return frozenset(Pos(pos.x + i, pos.y + j, pos.z + k) for i, j, k in product(range(n), repeat=3))


def _solid_in(
    state: Encounter, lo: tuple[int, ...], hi: tuple[int, ...], own: frozenset[Pos] = frozenset()
) -> set[Pos]:
    """The cells of the box ``lo`` .. ``hi`` (excluded) that block (:func:`blocks`), read from the
    map's row masks and the objects' cells."""
    terrain = state.terrain
    x0, y0, z0 = max(lo[0], 0), max(lo[1], 0), max(lo[2], -terrain.below)
    x1, y1, z1 = min(hi[0], terrain.width), min(hi[1], terrain.depth), min(hi[2], terrain.height)
    found: set[Pos] = set()
    if x0 >= x1:
        return found
    window = ((1 << (x1 - x0)) - 1) << x0
    for z in range(z0, z1):
        for y in range(y0, y1):
            bits = terrain.row_masks(z, y)[0] & window
            while bits:
                low = bits & -bits
                found.add(Pos(low.bit_length() - 1, y, z))
                bits ^= low
    if state.objects:
        found |= _object_cells_in(state, (x0, y0, z0), (x1, y1, z1))
    return found - own


def _open_box(state: Encounter, lo: tuple[int, ...], hi: tuple[int, ...]) -> bool:
    """Whether no cell of the box ``lo`` .. ``hi`` (excluded) blocks: ``not _solid_in(...)``,
    stopping at the first solid row."""
    terrain = state.terrain
    x0, y0, z0 = max(lo[0], 0), max(lo[1], 0), max(lo[2], -terrain.below)
    x1, y1, z1 = min(hi[0], terrain.width), min(hi[1], terrain.depth), min(hi[2], terrain.height)
    if x0 >= x1:
        return True
    window = ((1 << (x1 - x0)) - 1) << x0
    row_masks = terrain.row_masks
    for z in range(z0, z1):
        for y in range(y0, y1):
            if row_masks(z, y)[0] & window:
                return False
    return not (state.objects and _object_in(state, x0, y0, z0, x1, y1, z1))


def _object_in(state: Encounter, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int) -> bool:
    """Whether an object fills a cell of the box ``(x0, y0, z0)`` .. ``(x1, y1, z1)`` (excluded, on
    the map): :func:`_object_cells_in` is not empty. Each object's space is tested against the box,
    with no cell built; a box of far fewer cells than there are objects (a cell's look-up costs
    about as much as testing 8 objects) is looked up cell by cell instead."""
    if x0 >= x1 or y0 >= y1 or z0 >= z1:
        return False
    if (x1 - x0) * (y1 - y0) * (z1 - z0) * 8 <= len(state.objects):
        object_at = state.object_at
        return any(
            object_at(Pos(x, y, z)) is not None
            for z in range(z0, z1)
            for y in range(y0, y1)
            for x in range(x0, x1)
        )
    for o in state.objects.values():
        x, y, z = o.pos
        n = o.size
        if x < x1 and x + n > x0 and y < y1 and y + n > y0 and z < z1 and z + n > z0:
            return True
    return False


def clear_between(state: Encounter, a: Pos, b: Pos) -> bool:
    """Whether the box spanned by cells ``a`` and ``b`` (both on the map) holds no solid terrain
    and no object: then nothing stands between them, and every straight line from one to the
    other is open (each of its points lies in a cell of the box)."""
    lo = (min(a.x, b.x), min(a.y, b.y), min(a.z, b.z))
    hi = (max(a.x, b.x) + 1, max(a.y, b.y) + 1, max(a.z, b.z) + 1)
    return _open_box(state, lo, hi)


def _object_cells_in(state: Encounter, lo: tuple[int, int, int], hi: tuple[int, int, int]) -> set[Pos]:
    """The cells of the box ``lo`` .. ``hi`` (excluded, on the map) that an object fills: looked up
    cell by cell, or, when the box holds more cells than there are objects, gathered object by
    object from the parts of their spaces inside the box (the same cells)."""
    (x0, y0, z0), (x1, y1, z1) = lo, hi
    if (x1 - x0) * max(0, y1 - y0) * max(0, z1 - z0) <= len(state.objects):
        return {
            p
            for p in (Pos(x, y, z) for z in range(z0, z1) for y in range(y0, y1) for x in range(x0, x1))
            if state.object_at(p) is not None
        }
    found: set[Pos] = set()
    for o in state.objects.values():
        x, y, z = o.pos
        n = o.size
        if x >= x1 or x + n <= x0 or y >= y1 or y + n <= y0 or z >= z1 or z + n <= z0:
            continue  # nothing of it in the box
        found.update(
            Pos(i, j, k)
            for k in range(max(z, z0), min(z + n, z1))
            for j in range(max(y, y0), min(y + n, y1))
            for i in range(max(x, x0), min(x + n, x1))
        )
    return found


def _fewest_blocked(state: Encounter, attacker: str, target: str, enough: int) -> int:
    """The fewest blocked lines from a corner of the attacker's space to the target's corners, or
    any count below ``enough`` as soon as a corner has that few (the fewest is then below it too).
    """
    return _fewest(state, state.creature(attacker), state.creature(target), enough)


def _fewest(state: Encounter, a: Creature, t: Creature, enough: int) -> int:
    """:func:`_fewest_blocked` of the two creatures.

    A corner's count stops once it reaches the fewest found so far: it can't lower the fewest.
    """
    an, tn = a.size.squares, t.size.squares
    if an == 1 and tn == 1:
        (ax, ay, az), (tx, ty, tz) = a.pos, t.pos
        if abs(ax - tx) + abs(ay - ty) + abs(az - tz) <= 1:
            return 0  # one cell or two cells side by side: every line stays inside their own cells
    memo = solids_memo(state)
    key = (a.pos, an, t.pos, tn, enough)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _fewest_lines(state, a.pos, an, t.pos, tn, enough)
    return found


def _fewest_lines(state: Encounter, apos: Pos, an: int, tpos: Pos, tn: int, enough: int) -> int:
    """:func:`_fewest` of the two spaces, counted line by line on the bits of the solid cells
    around them (:func:`_solid_grid`, :func:`_line_masks`)."""
    grid = _solid_grid(state, apos, an, tpos, tn)
    if grid is None:
        return 0
    masks, x0, y0, z0, sx, sxy = grid
    ends = corners(tpos, tn)
    best = CORNERS
    for start in corners(apos, an):
        base = (start.x - x0) + sx * (start.y - y0) + sxy * (start.z - z0)
        count = 0
        for end in ends:
            low, pieces = _line_masks(end.x - start.x, end.y - start.y, end.z - start.z, sx, sxy)
            shift = base + low
            for kind, piece in pieces:
                if (masks[kind] >> shift) & piece:
                    count += 1  # the line runs through the inside of solid cells
                    break
            else:
                continue
            if count >= best:
                break
        best = min(best, count)
        if best < enough:
            break
    return best


def _open_line(state: Encounter, apos: Pos, an: int, tpos: Pos, tn: int) -> bool:
    """Whether some line from a corner of one space to a corner of the other is unblocked:
    :func:`_fewest_lines` below :data:`CORNERS`, found at the first open line."""
    grid = _solid_grid(state, apos, an, tpos, tn)
    if grid is None:
        return True
    masks, x0, y0, z0, sx, sxy = grid
    ends = corners(tpos, tn)
    for start in corners(apos, an):
        base = (start.x - x0) + sx * (start.y - y0) + sxy * (start.z - z0)
        for end in ends:
            low, pieces = _line_masks(end.x - start.x, end.y - start.y, end.z - start.z, sx, sxy)
            shift = base + low
            for kind, piece in pieces:
                if (masks[kind] >> shift) & piece:
                    break  # the line runs through the inside of solid cells
            else:
                return True
    return False


def _solid_grid(
    state: Encounter, a: Pos, an: int, t: Pos, tn: int
) -> tuple[tuple[int, ...], int, int, int, int, int] | None:
    """The blocking cells a line between the corners of the two spaces can touch, as bits; None
    when no line is blocked.

    None when nothing inside the box the two spaces span blocks (each point of a line has a cell
    of the box among those holding it; with only the spaces' own cells solid in it, the lines
    find no blocked piece either). Else the box grown by one cell on each side (every cell
    holding a point of such a line; the two spaces' own cells never block) as bit ``(x - x0) +
    sx * (y - y0) + sxy * (z - z0)`` of cell ``(x, y, z)``, with ``(x0, y0, z0)`` the grown box's
    lowest cell: the masks, by the set of axes ``kind`` (bit 1 x, 2 y, 4 z), of the cells ``c``
    such that ``c`` and its neighbours one cell up each of those axes all block; then ``x0``,
    ``y0``, ``z0``, ``sx`` and ``sxy``."""
    ax, ay, az = a
    tx, ty, tz = t
    lo = (ax if ax < tx else tx, ay if ay < ty else ty, az if az < tz else tz)
    hi = (
        ax + an if ax + an > tx + tn else tx + tn,
        ay + an if ay + an > ty + tn else ty + tn,
        az + an if az + an > tz + tn else tz + tn,
    )
    if _open_box(state, lo, hi):
        return None  # the usual case: open ground between the two, no need for their cells
    own = _space(a, an) | _space(t, tn)
    x0, y0, z0 = lo[0] - 1, lo[1] - 1, lo[2] - 1
    # strides rounded up to powers of 2: the lines' masks (_line_masks) are then shared by
    # boxes of all sizes up to them
    sx = 1 << (hi[0] - lo[0] + 1).bit_length()
    sxy = sx << (hi[1] - lo[1] + 1).bit_length()
    bits = _solid_bits(state, (x0, y0, z0), (hi[0] + 1, hi[1] + 1, hi[2] + 1), sx, sxy)
    for x, y, z in own:
        bits &= ~(1 << ((x - x0) + sx * (y - y0) + sxy * (z - z0)))
    bx = bits & (bits >> 1)
    by = bits & (bits >> sx)
    bxy = bx & (bx >> sx)
    masks = (
        bits,
        bx,
        by,
        bxy,
        bits & (bits >> sxy),
        bx & (bx >> sxy),
        by & (by >> sxy),
        bxy & (bxy >> sxy),
    )
    return masks, x0, y0, z0, sx, sxy


def _solid_bits(
    state: Encounter, lo: tuple[int, int, int], hi: tuple[int, int, int], sx: int, sxy: int
) -> int:
    """:func:`_solid_in` of the box ``lo`` .. ``hi`` (excluded) as bits: bit ``(x - lo[0]) + sx *
    (y - lo[1]) + sxy * (z - lo[2])`` for each blocking cell ``(x, y, z)``."""
    terrain = state.terrain
    gx, gy, gz = lo
    x0, y0, z0 = max(gx, 0), max(gy, 0), max(gz, -terrain.below)
    x1, y1, z1 = min(hi[0], terrain.width), min(hi[1], terrain.depth), min(hi[2], terrain.height)
    if x0 >= x1:
        return 0
    window = ((1 << (x1 - x0)) - 1) << x0
    row_masks = terrain.row_masks
    bits = 0
    for z in range(z0, z1):
        for y in range(y0, y1):
            row = row_masks(z, y)[0] & window
            if row:
                bits |= (row >> x0) << ((x0 - gx) + sx * (y - gy) + sxy * (z - gz))
    if state.objects:
        for x, y, z in _object_cells_in(state, (x0, y0, z0), (x1, y1, z1)):
            bits |= 1 << ((x - gx) + sx * (y - gy) + sxy * (z - gz))
    return bits


@lru_cache(maxsize=1 << 14)
def _line_pieces(dx: int, dy: int, dz: int) -> tuple[tuple[int, int, int, int], ...]:
    """The pieces of :func:`_line_offsets` each as the set of axes along which it has two cells
    (bit 1 x, 2 y, 4 z) and its lowest cell's offsets."""
    found = []
    for cells in _line_offsets(dx, dy, dz):
        xs = {c[0] for c in cells}
        ys = {c[1] for c in cells}
        zs = {c[2] for c in cells}
        kind = (len(xs) > 1) | (len(ys) > 1) << 1 | (len(zs) > 1) << 2
        found.append((kind, min(xs), min(ys), min(zs)))
    return tuple(found)


@lru_cache(maxsize=1 << 15)
def _line_masks(dx: int, dy: int, dz: int, sx: int, sxy: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The pieces of the segment from the origin to ``(dx, dy, dz)`` (:func:`_line_offsets`) on
    a grid of row stride ``sx`` and level stride ``sxy`` (:func:`_solid_grid`): each piece as its
    lowest cell and the set of axes along which it has two cells (on a grid plane, edge or
    point). The answer: the least bit offset of those lowest cells, and for each set of axes,
    the mask of the lowest cells of the pieces of that kind, shifted down by that offset. A piece
    is inside solid cells when its lowest cell's bit is set in the mask of its kind."""
    found = [(kind, x + sx * y + sxy * z) for kind, x, y, z in _line_pieces(dx, dy, dz)]
    low = min(offset for _, offset in found)
    masks = [0] * 8
    for kind, offset in found:
        masks[kind] |= 1 << (offset - low)
    return low, tuple((kind, mask) for kind, mask in enumerate(masks) if mask)


def sees_space(state: Encounter, a: Pos, an: int, b: Pos, bn: int) -> bool:
    """Whether the space of the n-cube at ``a`` (size ``an``) is in line of effect of the space at
    ``b`` (R-COVER-1): some straight line from a corner of one to a corner of the other is not
    blocked by solid terrain or an object, the cells of the two spaces never blocking. Spaces that
    touch always are (a shared corner is a line of no length); with nothing solid in the box the two
    spaces span, every line is open."""
    memo = solids_memo(state)
    key = (a, an, b, bn)
    found = memo.get(key)
    if found is None:
        found = memo[key] = distance(a, an, b, bn) <= 1 or _open_line(state, a, an, b, bn)
    return found


_SOLIDS_MEMO: list[tuple[object, object, dict[tuple[object, ...], Any]]] = [(None, None, {})]
"""The answers :func:`solids_memo` keeps: for one map and one set of objects, their answers."""
_SOLIDS_MEMO_LIMIT = 1 << 16
"""How many answers it keeps before it starts again."""


def solids_memo(state: Encounter) -> dict[tuple[object, ...], Any]:
    """The answers kept for the state's map and objects: the fewest blocked lines and whether two
    spaces see each other, which depend on nothing else than the solid cells (the map's and the
    objects') and the two spaces. Kept for the last map and objects asked about, by identity
    (both are immutable); a change of either, or too many answers, starts a new memo. The memo
    is replaced in one assignment, so a thread never reads another map's answers."""
    terrain, objects, answers = _SOLIDS_MEMO[0]
    if terrain is not state.terrain or objects is not state.objects or len(answers) > _SOLIDS_MEMO_LIMIT:
        answers = {}
        _SOLIDS_MEMO[0] = (state.terrain, state.objects, answers)
    return answers


def sees_squares(state: Encounter, a: Pos, an: int, squares: Iterable[Pos]) -> frozenset[Pos]:
    """The squares (size-1 spaces) that the space of the n-cube at ``a`` has line of effect to:
    :func:`sees_space` of each, for an area's hundreds of squares (R-AREA-7). The blocking cells
    of the whole region are gathered once, and a count of them summed over boxes answers at once
    the squares with nothing solid between them and the space. Its answers are :func:`sees_space`'s,
    square by square (tests/test_line_of_effect.py checks it on random maps)."""
    cells = list(squares)
    if not cells:
        return frozenset()
    lo = (
        min(min(p.x for p in cells), a.x) - 1,
        min(min(p.y for p in cells), a.y) - 1,
        min(min(p.z for p in cells), a.z) - 1,
    )
    hi = (
        max(max(p.x for p in cells) + 1, a.x + an) + 1,
        max(max(p.y for p in cells) + 1, a.y + an) + 1,
        max(max(p.z for p in cells) + 1, a.z + an) + 1,
    )
    blocking = frozenset(_solid_in(state, lo, hi, _space(a, an)))
    if not blocking:
        return frozenset(cells)
    count = _BoxCount(blocking, lo, hi)
    ax, ay, az = a
    starts = corners(a, an)
    found = []
    for p in cells:
        x, y, z = p
        own = p in blocking  # an object's square: its own cell never blocks
        box_lo = (min(ax, x), min(ay, y), min(az, z))
        box_hi = (max(ax + an, x + 1), max(ay + an, y + 1), max(az + an, z + 1))
        if count.within(box_lo, box_hi) == own or distance(a, an, p, 1) <= 1:
            found.append(p)  # nothing solid between them, or the spaces touch
            continue
        near = blocking - {p} if own else blocking
        ends = corners(p, 1)
        if any(not _blocked_in(start, end, near) for start in starts for end in ends):
            found.append(p)
    return frozenset(found)


class _BoxCount:
    """How many of a set of cells lie in a box, each box answered by a sum over the region."""

    def __init__(self, cells: frozenset[Pos], lo: tuple[int, int, int], hi: tuple[int, int, int]) -> None:
        self.lo = lo
        nx, ny, nz = hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1
        self.nx, self.nxy = nx, nx * ny
        sums = [0] * (nx * ny * nz)
        for c in cells:
            sums[(c.x - lo[0] + 1) + (c.y - lo[1] + 1) * nx + (c.z - lo[2] + 1) * nx * ny] += 1
        for step, size in ((1, nx), (nx, ny), (nx * ny, nz)):
            for i in range(len(sums)):
                if (i // step) % size:
                    sums[i] += sums[i - step]
        self.sums = sums

    def _at(self, x: int, y: int, z: int) -> int:
        """Cells with every coordinate below the given one (region coordinates from 0)."""
        return self.sums[x + y * self.nx + z * self.nxy]

    def within(self, lo: tuple[int, int, int], hi: tuple[int, int, int]) -> int:
        """Cells of the box ``lo`` .. ``hi`` (excluded), which lies inside the region."""
        x0, y0, z0 = lo[0] - self.lo[0], lo[1] - self.lo[1], lo[2] - self.lo[2]
        x1, y1, z1 = hi[0] - self.lo[0], hi[1] - self.lo[1], hi[2] - self.lo[2]
        at = self._at
        return (
            at(x1, y1, z1)
            - at(x0, y1, z1)
            - at(x1, y0, z1)
            - at(x1, y1, z0)
            + at(x0, y0, z1)
            + at(x0, y1, z0)
            + at(x1, y0, z0)
            - at(x0, y0, z0)
        )


def line_of_effect(state: Encounter, a: Creature, b: Creature) -> bool:
    """Whether creature ``a`` has line of effect to creature ``b`` (R-COVER-1, DS-MTYPE-06..08).

    A creature sees itself. Completely beneath the ground while burrowing, ``a`` sees no creature
    on the surface (DS-MTYPE-07) but sees an adjacent burrower (DS-MTYPE-08). From the ground,
    ``a`` sees a burrower only through the burrowable squares of its space that touch the ground,
    or the open squares just above them (DS-MTYPE-06, R-BURROW-1). Otherwise the corner lines
    decide (:func:`sees_space`).
    """
    if a.id == b.id:
        return True
    if MovementType.BURROW in a.movement and completely_beneath(state, a.id):
        if distance(a.pos, a.n, b.pos, b.n) <= 1 and is_burrowing(state, b.id):
            return True  # DS-MTYPE-08
        if not beneath_the_ground(state, b.id):
            return False  # DS-MTYPE-07: nobody on the surface
    elif MovementType.BURROW in b.movement and is_burrowing(state, b.id):
        squares = surface_squares(state, b.id)
        if squares:  # DS-MTYPE-06, R-BURROW-1
            here, n = a.pos, a.n
            return any(
                sees_space(state, here, n, q, 1) or sees_space(state, here, n, Pos(q.x, q.y, q.z + 1), 1)
                for q in squares
            )
        if completely_beneath(state, b.id):
            return False  # DS-MTYPE-06: no square of it touches the ground
    return sees_space(state, a.pos, a.n, b.pos, b.n)


def line_of_effect_to(state: Encounter, a: str, b: str) -> bool:
    """Whether creature ``a`` has line of effect to creature ``b``: :func:`line_of_effect` by id."""
    return line_of_effect(state, state.creature(a), state.creature(b))


def cover_rule(state: Encounter, target: str, attacker: str) -> str | None:
    """The rule that gives ``target`` cover from ``attacker`` because of burrowing, or None.

    Adjacent burrowers, one of them completely beneath the ground, have cover from each other
    (DS-MTYPE-08); a burrower seen from the ground has cover (DS-MTYPE-06).
    """
    t, a = state.creature(target), state.creature(attacker)
    if target == attacker or not is_burrowing(state, target) or t.dead:
        return None
    a_under, t_under = completely_beneath(state, attacker), completely_beneath(state, target)
    if (a_under or t_under) and is_burrowing(state, attacker) and distance(a.pos, a.n, t.pos, t.n) <= 1:
        return "DS-MTYPE-08"
    if a_under:
        return None
    if line_of_effect(state, a, t):
        return "DS-MTYPE-06"
    return None


def has_cover_from(state: Encounter, target: str, attacker: str) -> bool:
    """Whether ``target`` has cover from ``attacker`` because it burrows (DS-MTYPE-06, DS-MTYPE-08).

    Cover from walls and other solid objects is :func:`has_cover` (R-COVER-1), which counts this one too.
    """
    return cover_rule(state, target, attacker) is not None


def fewest_blocked(state: Encounter, a: Creature, t: Creature) -> int:
    """:func:`blocked_lines` of two creatures of the encounter, ``a`` attacking ``t`` (not itself)."""
    return _fewest(state, a, t, 1)


def blocked_lines(state: Encounter, attacker: str, target: str) -> int | None:
    """Fewest blocked lines from a corner of the attacker's space to the target's 8 corners
    (R-COVER-1): 0 to 8; None when both are the same creature."""
    if attacker == target:
        return None
    return _fewest_blocked(state, attacker, target, 1)


def has_map_cover(state: Encounter, target: str, attacker: str) -> bool:
    """Whether walls, terrain or objects give ``target`` cover from ``attacker`` (DS-EDGE-08, R-COVER-1)."""
    if attacker == target:
        return False
    return HALF <= _fewest_blocked(state, attacker, target, HALF) < CORNERS


def cover_rules(state: Encounter, target: str, attacker: str) -> tuple[str, ...] | None:
    """The rules that give ``target`` cover from ``attacker``, or None: a burrower's cover
    (DS-MTYPE-06, DS-MTYPE-08) or cover from the map (DS-EDGE-08, R-COVER-1)."""
    burrow = cover_rule(state, target, attacker)
    if burrow is not None:
        return (burrow, "DS-EDGE-08")
    if target in state.creatures and attacker in state.creatures and has_map_cover(state, target, attacker):
        return ("DS-EDGE-08", "R-COVER-1")
    return None


def has_cover(state: Encounter, target: str, attacker: str) -> bool:
    """Whether ``target`` has cover from ``attacker``, from burrowing or from the map (DS-EDGE-08)."""
    return cover_rules(state, target, attacker) is not None


def creature_cover(state: Encounter, t: Creature, a: Creature) -> tuple[str, ...] | None:
    """:func:`cover_rules` of two creatures of the encounter: the target ``t``, the attacker ``a``.

    Only a creature with burrow in its speed can burrow (:func:`brawl.rules.burrowing.is_burrowing`),
    so the burrower's cover is looked for only then.
    """
    if t.id == a.id:
        return None
    if MovementType.BURROW in t.movement:
        burrow = cover_rule(state, t.id, a.id)
        if burrow is not None:
            return (burrow, "DS-EDGE-08")
    if HALF <= _fewest(state, a, t, HALF) < CORNERS:
        return ("DS-EDGE-08", "R-COVER-1")
    return None


__all__ = [
    "CORNERS",
    "HALF",
    "blocked_lines",
    "blocks",
    "corners",
    "cover_rule",
    "cover_rules",
    "creature_cover",
    "fewest_blocked",
    "has_cover",
    "has_cover_from",
    "has_map_cover",
    "line_blocked",
    "line_of_effect",
    "line_of_effect_to",
    "sees_space",
    "sees_squares",
]
