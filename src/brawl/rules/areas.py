"""Area geometry: the squares of each area shape, who and what is in it, and line of effect.

Shapes (rulings R-AREA-1..5; distances are R-GEO-1's, king steps in three dimensions):

* **burst X** and **aura X**: every square within X of the user's space, the user's own space left
  out; line of effect runs from the user (R-AREA-1).
* **cube X within D**: an X-square cube placed by its lowest corner, its nearest square within D of
  the user; line of effect runs from the area's origin square, the cube's square nearest the user
  (R-AREA-2).
* **line A x B within D**: A squares long along a row or a column of the grid, B squares wide and
  B high, starting on a square within D of the user and outside its space; its width spreads to
  the side a quarter turn from its direction, from +x toward +y (a line running +x widens toward
  +y, one running +y toward -x); line of effect runs from its first square (R-AREA-3).
* **wall X within D**: X squares or fewer chosen one by one, each touching another by a face, one
  of them within D of the user; a wall shapes the map and targets nobody (R-AREA-4).

:func:`line_placements` and :func:`cube_placements` list the placements offered to a player or a
policy: bounded, on the user's level, in a stable order (R-AREA-6); any other placement in range
is still accepted by :func:`place_area`.

An area holds the squares of its shape that a creature could occupy and that it reaches (R-AREA-7):
on the map, not solid terrain (a square an object fills, or a burrower's square in the ground,
counts), and in line of effect from where it starts, the user's space for a burst or an aura, the
origin square for a cube or a line (:func:`brawl.rules.cover.sees_space`, R-COVER-1). A 1 burst on
flat ground holds the 17 squares around and above its user, not the shape's 26. A wall holds the
squares chosen. :attr:`Area.squares` lists them in a stable order: by z, then y, then x.

A creature or object is in an area when any square of its space is (R-AREA-5).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from brawl.abilities.model import AREA_KINDS, Distance
from brawl.creature import Creature, MapObject, MovementType
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.geometry import Pos, cube, distance
from brawl.rules.cover import line_of_effect, sees_space, sees_squares, solids_memo
from brawl.state import Encounter

BURROW = MovementType.BURROW

AXES = (Pos(1, 0, 0), Pos(0, 1, 0), Pos(-1, 0, 0), Pos(0, -1, 0))
"""The directions a line may run: along the grid's rows and columns (R-AREA-3)."""
FACES = (Pos(1, 0, 0), Pos(-1, 0, 0), Pos(0, 1, 0), Pos(0, -1, 0), Pos(0, 0, 1), Pos(0, 0, -1))
"""The six neighbours that share a face with a square (walls, R-AREA-4)."""


@attrs.frozen
class Area:
    """An area on the map: its shape, its squares and the square line of effect runs from."""

    shape: str
    """``"burst"``, ``"aura"``, ``"cube"``, ``"line"`` or ``"wall"``."""
    cells: frozenset[Pos]
    """The squares it holds: on the map, not solid, reached from where it starts (R-AREA-7)."""
    origin: Pos | None = None
    """The origin square (cube, line, wall); None: the user's space (burst, aura)."""

    @property
    def squares(self) -> tuple[Pos, ...]:
        """The squares it holds, by z, then y, then x (R-AREA-7)."""
        return in_order(self.cells)

    def contains(self, pos: Pos, n: int = 1) -> bool:
        """Whether any square of the n-cube at ``pos`` is in the area."""
        return any(p in self.cells for p in cube(pos, n))


def in_order(cells: Iterable[Pos]) -> tuple[Pos, ...]:
    """Squares sorted by z, then y, then x: the order an area's squares are reported in (R-AREA-7)."""
    return tuple(sorted(cells, key=lambda p: (p.z, p.y, p.x)))


def _on_map(state: Encounter, cells: Iterable[Pos]) -> frozenset[Pos]:
    return frozenset(p for p in cells if state.terrain.in_bounds(p))


def reached(state: Encounter, cells: Iterable[Pos], source: Pos, n: int) -> frozenset[Pos]:
    """The squares of ``cells`` an area holds (R-AREA-7): on the map, not solid terrain unless a
    creature occupies it (a burrower), and in line of effect from the n-cube at ``source``
    (:func:`brawl.rules.cover.sees_squares`, :func:`~brawl.rules.cover.sees_space` square by square)."""
    terrain = state.terrain
    held = {q for c in state.living() for q in cube(c.pos, c.n)}
    open_squares = [p for p in cells if terrain.is_clear(p) or (p in held and terrain.in_bounds(p))]
    return sees_squares(state, source, n, open_squares)


def burst_area(state: Encounter, pos: Pos, n: int, radius: int) -> frozenset[Pos]:
    """The squares a burst or aura of ``radius`` around the n-cube at ``pos`` holds:
    :func:`reached` of :func:`burst_cells` (R-AREA-1, R-AREA-7).

    The answer depends on the map, its objects and the creatures that stand in solid cells (a
    burrower's squares count), nothing else: it is kept in the memo of the state's map and objects
    (:func:`~brawl.rules.cover.solids_memo`), so the same burst around the same space is found
    once while they stand, however often a policy or a check asks."""
    terrain = state.terrain
    inside = [
        q
        for c in state.living()
        if BURROW in c.movement  # only a burrower stands in solid cells (R-GEO-5, DS-MTYPE-02)
        and distance(pos, n, c.pos, c.n) <= radius
        for q in cube(c.pos, c.n)
        if terrain.in_bounds(q) and not terrain.is_clear(q)
    ]
    key = ("burst", pos, n, radius, frozenset(inside))
    memo = solids_memo(state)
    found: frozenset[Pos] | None = memo.get(key)
    if found is None:
        found = reached(state, burst_cells(pos, n, radius, terrain.box()), pos, n)
        memo[key] = found
    return found


def burst_cells(pos: Pos, n: int, radius: int, box: tuple[Pos, Pos] | None = None) -> frozenset[Pos]:
    """Every square within ``radius`` of the n-cube at ``pos``, the cube itself left out (R-AREA-1);
    with ``box`` (its lowest and highest squares, as :meth:`brawl.Terrain.box` gives the map's),
    only those inside it."""
    own = set(cube(pos, n))
    lo_x, lo_y, lo_z = pos.x - radius, pos.y - radius, pos.z - radius
    hi_x, hi_y, hi_z = pos.x + n - 1 + radius, pos.y + n - 1 + radius, pos.z + n - 1 + radius
    if box is not None:
        (bx, by, bz), (tx, ty, tz) = box
        lo_x, lo_y, lo_z = max(lo_x, bx), max(lo_y, by), max(lo_z, bz)
        hi_x, hi_y, hi_z = min(hi_x, tx), min(hi_y, ty), min(hi_z, tz)
    return (
        frozenset(
            Pos(x, y, z)
            for z in range(lo_z, hi_z + 1)
            for y in range(lo_y, hi_y + 1)
            for x in range(lo_x, hi_x + 1)
        )
        - own
    )


def cube_cells(corner: Pos, size: int) -> frozenset[Pos]:
    """The squares of a ``size`` cube whose lowest corner is ``corner`` (R-AREA-2)."""
    return frozenset(cube(corner, size))


def line_cells(start: Pos, direction: Pos, length: int, width: int) -> frozenset[Pos]:
    """The squares of a line: ``length`` along ``direction`` from ``start``, ``width`` wide (a quarter
    turn from the direction, +x toward +y) and ``width`` high (R-AREA-3)."""
    if direction not in AXES:
        raise InvalidArgumentError(
            f"line direction {tuple(direction)}: one of {[tuple(a) for a in AXES]}", rule="R-AREA-3"
        )
    left = Pos(-direction.y, direction.x, 0)
    return frozenset(
        start + direction.scaled(i) + left.scaled(j) + Pos(0, 0, k)
        for i in range(length)
        for j in range(width)
        for k in range(width)
    )


def _connected(cells: frozenset[Pos]) -> bool:
    if not cells:
        return False
    first = min(cells)
    seen = {first}
    todo = [first]
    while todo:
        p = todo.pop()
        for f in FACES:
            q = p + f
            if q in cells and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(cells)


def _nearest(cells: Iterable[Pos], user: Creature) -> Pos:
    """The square nearest the user: by distance, then nearest its centre, then lowest (R-AREA-2)."""
    centre = [2 * user.pos[i] + user.n for i in range(3)]

    def key(p: Pos) -> tuple[int, int, Pos]:
        return (distance(user.pos, user.n, p, 1), sum((2 * p[i] + 1 - centre[i]) ** 2 for i in range(3)), p)

    return min(cells, key=key)


def _sees(state: Encounter, user: Creature, cell: Pos) -> bool:
    """Whether the user's space has line of effect to a square (R-COVER-1)."""
    return sees_space(state, user.pos, user.n, cell, 1)


def place_area(
    state: Encounter,
    user: str,
    dist: Distance,
    *,
    origin: Pos | None = None,
    direction: Pos | None = None,
    wall: Iterable[Pos] = (),
) -> Area:
    """The area of ``dist`` placed by ``user``, or the :class:`~brawl.errors.RulesError` that forbids
    the placement: out of range, without line of effect to its origin, an unknown direction, a wall
    that is not one piece (R-AREA-1..4)."""
    u = state.creature(user)
    shape = dist.kind
    if shape not in AREA_KINDS:
        raise InvalidArgumentError(f"distance {dist.printed()!r}: not an area", rule="R-AREA-1")
    if shape in ("burst", "aura"):
        if origin is not None or direction is not None or tuple(wall):
            raise InvalidArgumentError(
                f"{dist.printed()}: a {shape} is centred on its user; it takes no placement", rule="R-AREA-1"
            )
        return Area(shape, burst_area(state, u.pos, u.n, dist.value))
    rule = {"cube": "R-AREA-2", "line": "R-AREA-3", "wall": "R-AREA-4"}[shape]
    if shape == "wall":
        cells = frozenset(wall)
        if origin is not None or direction is not None:
            raise InvalidArgumentError(f"{dist.printed()}: a wall takes its squares only", rule=rule)
        if not cells or len(cells) > dist.size or not _connected(cells):
            raise ActionUnavailableError(
                f"{dist.printed()}: 1 to {dist.size} squares, each touching another, are needed", rule=rule
            )
        start = _nearest(cells, u)
    else:
        if origin is None:
            raise InvalidArgumentError(f"{dist.printed()}: place it (origin)", rule=rule)
        if shape == "cube":
            if direction is not None:
                raise InvalidArgumentError(f"{dist.printed()}: a cube takes no direction", rule=rule)
            cells = cube_cells(origin, dist.size)
            start = _nearest(cells, u)
        else:
            if direction is None:
                raise InvalidArgumentError(f"{dist.printed()}: give the line's direction", rule=rule)
            cells = line_cells(origin, direction, dist.size, dist.width)
            start = origin
            if distance(u.pos, u.n, origin, 1) == 0:
                raise ActionUnavailableError(
                    f"{dist.printed()}: it starts outside its user's space", rule=rule
                )
    gap = min(distance(u.pos, u.n, p, 1) for p in cells)
    if shape == "line":
        gap = distance(u.pos, u.n, start, 1)
    if gap > dist.within:
        raise ActionUnavailableError(
            f"{dist.printed()} by {user!r}: {gap} squares away, within {dist.within} needed", rule=rule
        )
    if not state.terrain.in_bounds(start):
        raise ActionUnavailableError(f"{dist.printed()}: its origin {tuple(start)} is off the map", rule=rule)
    if not _sees(state, u, start):
        raise ActionUnavailableError(
            f"{dist.printed()} by {user!r}: no line of effect to its origin {tuple(start)}",
            rule=(rule, "R-AREA-5"),
        )
    if shape == "wall":
        return Area(shape, _on_map(state, cells), start)
    return Area(shape, reached(state, cells, start, 1), start)


def occupants(state: Encounter, area: Area, *, exclude: Iterable[str] = ()) -> tuple[str, ...]:
    """The living creatures (in the encounter's order) and the objects (by id) with a square in the
    area (R-AREA-5); a wall holds nobody (R-AREA-4)."""
    if area.shape == "wall" or not area.cells:
        return ()
    skip = set(exclude)
    cells = area.cells
    found = [
        c.id
        for c in state.living()
        if c.id not in skip
        # Area.contains, inline: a creature of size 1 is its one cell
        and (c.pos in cells if c.size.squares == 1 else any(p in cells for p in cube(c.pos, c.n)))
    ]
    found += [
        oid for oid in sorted(state.objects) if area.contains(state.objects[oid].pos, state.objects[oid].n)
    ]
    return tuple(found)


def area_line_of_effect(state: Encounter, area: Area, user: str, target: str) -> bool:
    """Whether ``target`` is in line of effect of the area: from the user for a burst or aura, from
    the origin square otherwise (R-AREA-5), by the corner lines of R-COVER-1."""
    thing: Creature | MapObject = state.objects[target] if target in state.objects else state.creature(target)
    if area.origin is None:
        u = state.creature(user)
        if isinstance(thing, Creature):
            return line_of_effect(state, u, thing)
        return sees_space(state, u.pos, u.n, thing.pos, thing.n)
    return sees_space(state, area.origin, 1, thing.pos, thing.n)


def line_placements(state: Encounter, user: str, dist: Distance) -> list[tuple[Pos, Pos]]:
    """The lines offered (R-AREA-6): each start square within the distance, outside the user's space,
    on the levels of its space, open and on the map, with each of the four directions; stable order."""
    u = state.creature(user)
    out: list[tuple[Pos, Pos]] = []
    for p in sorted(burst_cells(u.pos, u.n, max(dist.within, 1)), key=lambda q: (q.z, q.y, q.x)):
        if (
            u.pos.z <= p.z < u.pos.z + u.n
            and distance(u.pos, u.n, p, 1) <= dist.within
            and state.terrain.in_bounds(p)
            and not state.terrain.is_solid(p)
        ):
            out.extend((p, d) for d in AXES)
    return out


def cube_placements(state: Encounter, user: str, dist: Distance) -> list[Pos]:
    """The cubes offered (R-AREA-6): each lowest corner level with the user's lowest square, the cube
    within the distance and its corner on the map; stable order."""
    u = state.creature(user)
    reach = dist.within + dist.size
    found = []
    for y in range(u.pos.y - reach, u.pos.y + u.n + reach):
        for x in range(u.pos.x - reach, u.pos.x + u.n + reach):
            c = Pos(x, y, u.pos.z)
            if distance(u.pos, u.n, c, dist.size) <= dist.within and state.terrain.in_bounds(c):
                found.append(c)
    return found


__all__ = [
    "AXES",
    "Area",
    "area_line_of_effect",
    "burst_area",
    "burst_cells",
    "cube_cells",
    "cube_placements",
    "in_order",
    "line_cells",
    "line_placements",
    "occupants",
    "place_area",
    "reached",
]
