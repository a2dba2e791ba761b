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

A burrowing target's cover (DS-MTYPE-06, DS-MTYPE-08) is found by
:func:`brawl.rules.burrowing.cover_rule`; :func:`cover_rules` gives both, the burrower's first.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import pairwise, product

from brawl.geometry import Pos
from brawl.rules.burrowing import cover_rule
from brawl.state import Encounter

CORNERS = 8
"""Lines drawn from an attacker's corner: one to each corner of the target's space."""
HALF = CORNERS // 2
"""Blocked lines that give cover: at least half the target's form (DS-EDGE-08)."""


def corners(pos: Pos, n: int) -> tuple[Pos, ...]:
    """The 8 corner points of an n-cube whose lowest cell is ``pos`` (points on the grid lattice)."""
    return tuple(Pos(pos.x + dx, pos.y + dy, pos.z + dz) for dx, dy, dz in product((0, n), repeat=3))


def _candidates(v: Fraction) -> tuple[int, ...]:
    """Indices of the cells whose closed extent along one axis holds the coordinate ``v``."""
    whole = v.numerator // v.denominator
    return (whole - 1, whole) if v.denominator == 1 else (whole,)


def _pieces(a: Pos, b: Pos) -> Iterator[tuple[Fraction, Fraction, Fraction]]:
    """Midpoints of the pieces of segment a-b between successive grid planes it crosses."""
    ts = {Fraction(0), Fraction(1)}
    for i in range(3):
        lo, hi = sorted((a[i], b[i]))
        if lo != hi:
            ts.update(Fraction(k - a[i], b[i] - a[i]) for k in range(lo + 1, hi))
    cuts = sorted(ts)
    for t0, t1 in pairwise(cuts):
        t = (t0 + t1) / 2
        yield tuple(a[i] + (b[i] - a[i]) * t for i in range(3))  # type: ignore[misc]


def line_blocked(state: Encounter, a: Pos, b: Pos, open_cells: frozenset[Pos] = frozenset()) -> bool:
    """Whether the straight segment between lattice points ``a`` and ``b`` runs through the inside
    of solid terrain or an object (R-COVER-1). A point is inside when every cell whose closed
    extent holds it is blocking; ``open_cells`` never block (the two creatures' own spaces)."""
    for x, y, z in _pieces(a, b):
        cells = [Pos(i, j, k) for i in _candidates(x) for j in _candidates(y) for k in _candidates(z)]
        if all(blocks(state, c, open_cells) for c in cells):
            return True
    return False


def blocks(state: Encounter, cell: Pos, open_cells: frozenset[Pos] = frozenset()) -> bool:
    """Whether a cell blocks a line for cover: solid terrain or an object on the map (R-COVER-1)."""
    return cell not in open_cells and state.terrain.in_bounds(cell) and state.is_blocked(cell)


def _space(pos: Pos, n: int) -> frozenset[Pos]:
    return frozenset(Pos(pos.x + i, pos.y + j, pos.z + k) for i, j, k in product(range(n), repeat=3))


def _anything_between(state: Encounter, a: Pos, an: int, t: Pos, tn: int, own: frozenset[Pos]) -> bool:
    """Whether any blocking cell lies in the box spanned by the two spaces: if none, no line is blocked."""
    ranges = [range(min(a[i], t[i]), max(a[i] + an, t[i] + tn)) for i in range(3)]
    return any(blocks(state, p, own) for p in (Pos(*c) for c in product(*ranges)))


def blocked_lines(state: Encounter, attacker: str, target: str) -> int | None:
    """Fewest blocked lines from a corner of the attacker's space to the target's 8 corners
    (R-COVER-1): 0 to 8; None when both are the same creature."""
    if attacker == target:
        return None
    a, t = state.creature(attacker), state.creature(target)
    own = _space(a.pos, a.n) | _space(t.pos, t.n)
    if not _anything_between(state, a.pos, a.n, t.pos, t.n, own):
        return 0
    ends = corners(t.pos, t.n)
    best = CORNERS
    for start in corners(a.pos, a.n):
        best = min(best, sum(line_blocked(state, start, end, own) for end in ends))
        if best == 0:
            break
    return best


def has_map_cover(state: Encounter, target: str, attacker: str) -> bool:
    """Whether walls, terrain or objects give ``target`` cover from ``attacker`` (DS-EDGE-08, R-COVER-1)."""
    found = blocked_lines(state, attacker, target)
    return found is not None and HALF <= found < CORNERS


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


__all__ = [
    "CORNERS",
    "HALF",
    "blocked_lines",
    "blocks",
    "corners",
    "cover_rules",
    "has_cover",
    "has_map_cover",
    "line_blocked",
]
