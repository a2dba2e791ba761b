"""Cells, spaces, Chebyshev distance, adjacency, unit directions and the corner test.

Rulings: R-GEO-1 (distance), R-GEO-4 (corners), R-GEO-5 (a creature's whole cube must fit).
A position is a 3-D integer cell ``(x, y, z)`` with z growing upward; a creature's position is
the lowest corner of its cube of ``n`` x ``n`` x ``n`` cells (DS-SIZE-02).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from brawl.checks import is_whole_number
from brawl.errors import ArgumentTypeError, InvalidArgumentError


class Pos(NamedTuple):
    """A cell of the grid: x east, y south, z up (R-GEO-1). Plain tuples are accepted too."""

    x: int
    y: int
    z: int = 0

    def __add__(self, other: tuple[int, ...]) -> Pos:  # type: ignore[override]  # adds vectors; tuple's concatenates
        if other.__class__ is Pos:  # whole numbers both: so is the sum, with no check
            return _tuple_new(Pos, (self[0] + other[0], self[1] + other[1], self[2] + other[2]))
        return Pos(self.x + other[0], self.y + other[1], self.z + other[2])

    def __sub__(self, other: tuple[int, ...]) -> Pos:
        if other.__class__ is Pos:  # whole numbers both: so is the difference, with no check
            return _tuple_new(Pos, (self[0] - other[0], self[1] - other[1], self[2] - other[2]))
        return Pos(self.x - other[0], self.y - other[1], self.z - other[2])

    def scaled(self, k: int) -> Pos:
        """This vector multiplied by ``k``."""
        return Pos(self.x * k, self.y * k, self.z * k)


_tuple_new = tuple.__new__


def _pos_new(cls: type[Pos], x: int, y: int, z: int = 0) -> Pos:
    """``Pos(x, y, z)``: whole-number coordinates only, else :class:`ArgumentTypeError` (R-GEO-1).

    The engine's own constructions pass plain ints, which the first test lets through at the cost
    of three class comparisons; anything else takes the full check.
    """
    if x.__class__ is not int or y.__class__ is not int or z.__class__ is not int:
        for name, value in (("x", x), ("y", y), ("z", z)):
            if not is_whole_number(value):
                raise ArgumentTypeError(
                    f"Pos({x!r:.20}, {y!r:.20}, {z!r:.20}): {name} {value!r:.20} is not a whole number "
                    f"({type(value).__name__})",
                    rule="R-GEO-1",
                )
    return _tuple_new(cls, (x, y, z))


Pos.__new__ = _pos_new  # type: ignore[method-assign,assignment]  # a NamedTuple's body may not define it


Vec = Pos
"""A step or direction vector; the same type as a position."""

HORIZONTAL_DIRECTIONS: tuple[Pos, ...] = tuple(
    Pos(dx, dy, 0) for dx, dy in itertools.product((-1, 0, 1), repeat=2) if (dx, dy) != (0, 0)
)
"""The 8 horizontal king steps (R-GEO-2)."""

SPATIAL_DIRECTIONS: tuple[Pos, ...] = tuple(
    Pos(dx, dy, dz) for dx, dy, dz in itertools.product((-1, 0, 1), repeat=3) if (dx, dy, dz) != (0, 0, 0)
)
"""The 26 unit steps in three dimensions, for vertical forced movement and flight (R-GEO-2)."""

UP = Pos(0, 0, 1)
DOWN = Pos(0, 0, -1)


def as_pos(value: Iterable[int] | Pos, *, what: str = "position") -> Pos:
    """Normalise ``(x, y)`` or ``(x, y, z)`` of ints to a :class:`Pos`, or raise (R-GEO-1).

    A value that is not a tuple or list of whole numbers (``None``, a string, float coordinates)
    raises :class:`~brawl.errors.ArgumentTypeError`; a wrong length, :class:`InvalidArgumentError`.
    """
    if isinstance(value, Pos):
        return value
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"{what} {value!r:.60}: expected 2 or 3 whole numbers, got {type(value).__name__}",
            rule="R-GEO-1",
        )
    items = tuple(value)
    for item in items:
        if not is_whole_number(item):
            raise ArgumentTypeError(
                f"{what} {value!r:.60}: coordinates are whole numbers, not {type(item).__name__}",
                rule="R-GEO-1",
            )
    if len(items) not in (2, 3):
        raise InvalidArgumentError(
            f"{what} {value!r:.60}: 2 or 3 coordinates are needed, not {len(items)}", rule="R-GEO-1"
        )
    return Pos(*items)


def as_direction(value: Iterable[int] | Pos, *, vertical: bool = True) -> Pos:
    """Normalise a unit direction: each component in -1..1, not all zero (R-GEO-2)."""
    d = as_pos(value, what="direction")
    if d == (0, 0, 0) or any(c not in (-1, 0, 1) for c in d):
        raise InvalidArgumentError(
            f"direction {tuple(d)!r}: each component must be -1, 0 or 1, not all 0", rule="R-GEO-2"
        )
    if not vertical and d.z != 0:
        raise InvalidArgumentError(
            f"direction {tuple(d)!r}: this movement is horizontal, z must be 0", rule="R-GEO-2"
        )
    return d


def cube(pos: Pos, n: int) -> Iterator[Pos]:
    """Every cell of the n x n x n cube whose lowest corner is ``pos`` (DS-SIZE-02)."""
    x0, y0, z0 = pos
    for z in range(z0, z0 + n):
        for y in range(y0, y0 + n):
            for x in range(x0, x0 + n):
                yield _tuple_new(Pos, (x, y, z))  # a range gives whole numbers: Pos checks nothing more


def footprint(pos: Pos, n: int) -> Iterator[Pos]:
    """The n x n cells of the bottom layer of the cube."""
    x0, y0, z0 = pos
    for y in range(y0, y0 + n):
        for x in range(x0, x0 + n):
            yield Pos(x, y, z0)


def distance(a: Pos, a_size: int, b: Pos, b_size: int = 1) -> int:
    """Chebyshev distance between two spaces: king steps between their nearest cells (R-GEO-1).

    Overlapping spaces are at distance 0, touching ones at 1.
    """
    ax, ay, az = a
    bx, by, bz = b
    if a_size == 1 and b_size == 1:  # two cells: the largest gap along an axis, either way
        return max(bx - ax, ax - bx, by - ay, ay - by, bz - az, az - bz)
    # each axis's gap is max(0, b_lo - a_hi, a_lo - b_hi), all three axes' taken at once
    da, db = a_size - 1, b_size - 1
    return max(0, bx - ax - da, ax - bx - db, by - ay - da, ay - by - db, bz - az - da, az - bz - db)


def cell_distance(a: Pos, b: Pos) -> int:
    """Chebyshev distance between two cells (R-GEO-1)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def adjacent(a: Pos, a_size: int, b: Pos, b_size: int = 1) -> bool:
    """Two spaces are adjacent when they touch without overlapping: distance exactly 1 (R-GEO-1)."""
    return distance(a, a_size, b, b_size) == 1


def overlaps(a: Pos, a_size: int, b: Pos, b_size: int) -> bool:
    """Whether two cubes share a cell."""
    return distance(a, a_size, b, b_size) == 0


def corner_cells(pos: Pos, n: int, step: Pos) -> frozenset[Pos]:
    """The cells a diagonal step of an n-cube passes the corner of (R-GEO-4).

    For each proper, non-empty subset of the changed coordinates, the cube shifted by the step
    restricted to that subset; cells of the start and end cubes are left out. A straight step
    (one changed coordinate) has no corner cells.
    """
    changed = [i for i in range(3) if step[i] != 0]
    if len(changed) < 2:
        return frozenset()
    start = set(cube(pos, n))
    end = set(cube(pos + step, n))
    cells: set[Pos] = set()
    for k in range(1, len(changed)):
        for subset in itertools.combinations(changed, k):
            partial = Pos(*(step[i] if i in subset else 0 for i in range(3)))
            cells.update(cube(pos + partial, n))
    return frozenset(cells - start - end)


def line(start: Pos, direction: Pos, length: int) -> list[Pos]:
    """The positions reached by ``length`` equal steps from ``start`` (R-GEO-2)."""
    return [start + direction.scaled(i) for i in range(1, length + 1)]
