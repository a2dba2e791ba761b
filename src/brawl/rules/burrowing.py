"""Targeting burrowing creatures: line of effect, cover and high ground (DS-MTYPE-06..08, DS-EDGE-04).

A creature is *burrowing* when it has burrow in its speed entry and at least one cell of its
space is ground it can burrow through (dirt, DS-MTYPE-02). It is *beneath the ground* when
every cell of its space is solid or solid ground closes over its top (:func:`beneath_the_ground`),
and *completely beneath the ground while burrowing* (:func:`completely_beneath`, the one
definition that line of effect, cover, high ground and forced movement all use: DS-MTYPE-07,
DS-MTYPE-08, DS-EDGE-04, DS-FORCE-21) when it is beneath the ground inside ground it burrows
through: a cell of its space is burrowable, or the ground closing over it is (the hole it is
digging). Under a roof of stone, which no burrower passes (DS-MTYPE-02), a creature stands in a
tunnel and is not burrowing.

Ruling R-BURROW-1: a burrowable square "touches the ground" when it is part of the ground's
surface, that is when the cell just above it is not solid; line of effect to such a square is
line of effect to it or to the open cell just above it. A burrower in the top layer of the
ground is then seen from the surface (with cover, DS-MTYPE-06) while, completely beneath the
ground, it sees nobody on the surface (DS-MTYPE-07): the text gives both.
"""

from __future__ import annotations

from brawl.creature import Creature, MovementType
from brawl.geometry import Pos, cube, distance
from brawl.state import Encounter
from brawl.terrain import Material

BURROWABLE = frozenset(m for m in Material if m.burrowable)
"""Ground a burrower moves through; more solid ground such as stone is not (DS-MTYPE-02)."""


def _sample(pos: Pos, n: int) -> list[Pos]:
    hi, mid = n - 1, n // 2
    return sorted(
        {
            Pos(pos.x + dx, pos.y + dy, pos.z + dz)
            for dx in (0, mid, hi)
            for dy in (0, mid, hi)
            for dz in (0, mid, hi)
        }
    )


def _geometric(state: Encounter, a: Creature, b: Creature) -> bool:
    """Line of effect through the terrain between sampled cells of the two spaces."""
    if distance(a.pos, a.n, b.pos, b.n) == 0:
        return True
    terrain = state.terrain
    targets = _sample(b.pos, b.n)
    return any(terrain.line_of_effect(p, q) for p in _sample(a.pos, a.n) for q in targets)


def is_burrowing(state: Encounter, creature: str) -> bool:
    """Whether a living creature with burrow in its speed occupies burrowable ground (DS-MTYPE-02)."""
    c = state.creature(creature)
    if c.dead or not c.has_movement(MovementType.BURROW):
        return False
    terrain = state.terrain
    return any(
        terrain.in_bounds(p) and terrain.cell(p).material in BURROWABLE and state.object_at(p) is None
        for p in cube(c.pos, c.n)
    )


def beneath_the_ground(state: Encounter, creature: str) -> bool:
    """Whether a creature is completely beneath the ground: inside it, or under solid ground (DS-MTYPE-07)."""
    c = state.creature(creature)
    terrain = state.terrain
    if all(terrain.cell(p).solid for p in cube(c.pos, c.n)):
        return True
    top = c.pos.z + c.n
    return all(
        terrain.cell(Pos(x, y, top)).solid
        for y in range(c.pos.y, c.pos.y + c.n)
        for x in range(c.pos.x, c.pos.x + c.n)
    )


def _under_burrowable_roof(state: Encounter, c: Creature) -> bool:
    """Every cell just above the top of its space is ground a burrower digs through (DS-MTYPE-02)."""
    top = c.pos.z + c.n
    terrain = state.terrain
    return all(
        terrain.in_bounds(p) and terrain.cell(p).material in BURROWABLE and state.object_at(p) is None
        for p in (
            Pos(x, y, top) for y in range(c.pos.y, c.pos.y + c.n) for x in range(c.pos.x, c.pos.x + c.n)
        )
    )


def completely_beneath(state: Encounter, creature: str) -> bool:
    """Whether a creature is completely beneath the ground while burrowing (DS-MTYPE-07, DS-FORCE-21).

    A living creature with burrow, beneath the ground, in ground it burrows through: a cell of its
    space is burrowable, or the ground closing over it is. A creature in an air tunnel roofed with
    stone is not burrowing: no burrower passes stone (DS-MTYPE-02).
    """
    c = state.creature(creature)
    if c.dead or not c.has_movement(MovementType.BURROW) or not beneath_the_ground(state, creature):
        return False
    return is_burrowing(state, creature) or _under_burrowable_roof(state, c)


def surface_squares(state: Encounter, creature: str) -> tuple[Pos, ...]:
    """A burrower's burrowable squares that touch the ground's surface (DS-MTYPE-06, R-BURROW-1)."""
    if not is_burrowing(state, creature):
        return ()
    c = state.creature(creature)
    terrain = state.terrain
    found = []
    for p in cube(c.pos, c.n):
        if not terrain.in_bounds(p) or terrain.cell(p).material not in BURROWABLE:
            continue
        above = Pos(p.x, p.y, p.z + 1)
        if terrain.in_bounds(above) and not terrain.is_solid(above):
            found.append(p)
    return tuple(sorted(found))


def _sees_surface_square(state: Encounter, viewer: Creature, squares: tuple[Pos, ...]) -> bool:
    terrain = state.terrain
    for q in squares:
        above = Pos(q.x, q.y, q.z + 1)
        for p in _sample(viewer.pos, viewer.n):
            if p in (q, above) or terrain.line_of_effect(p, q) or terrain.line_of_effect(p, above):
                return True
    return False


def _adjacent(a: Creature, b: Creature) -> bool:
    return distance(a.pos, a.n, b.pos, b.n) <= 1


def line_of_effect_to(state: Encounter, a: str, b: str) -> bool:
    """Whether creature ``a`` has line of effect to creature ``b``, burrowers included.

    Completely beneath the ground, ``a`` sees no creature on the surface (DS-MTYPE-07) but sees
    an adjacent burrower (DS-MTYPE-08). From the ground, ``a`` sees a burrower only through the
    burrowable squares of its space that touch the ground (DS-MTYPE-06, R-BURROW-1). Otherwise
    the terrain decides, as :func:`brawl.rules.edges.has_line_of_effect` does.
    """
    ca, cb = state.creature(a), state.creature(b)
    if a == b:
        return True
    if completely_beneath(state, a):
        if is_burrowing(state, b) and _adjacent(ca, cb):
            return True  # DS-MTYPE-08
        if not beneath_the_ground(state, b):
            return False  # DS-MTYPE-07: nobody on the surface
        return _geometric(state, ca, cb)
    if is_burrowing(state, b):
        squares = surface_squares(state, b)
        if squares:
            return _sees_surface_square(state, ca, squares)  # DS-MTYPE-06
        if completely_beneath(state, b):
            return False  # DS-MTYPE-06: no square of it touches the ground
    return _geometric(state, ca, cb)


def cover_rule(state: Encounter, target: str, attacker: str) -> str | None:
    """The rule that gives ``target`` cover from ``attacker`` because of burrowing, or None.

    Adjacent burrowers, one of them completely beneath the ground, have cover from each other
    (DS-MTYPE-08); a burrower seen from the ground has cover (DS-MTYPE-06).
    """
    t, a = state.creature(target), state.creature(attacker)
    if target == attacker or not is_burrowing(state, target) or t.dead:
        return None
    a_under, t_under = completely_beneath(state, attacker), completely_beneath(state, target)
    if (a_under or t_under) and is_burrowing(state, attacker) and _adjacent(a, t):
        return "DS-MTYPE-08"
    if a_under:
        return None
    if line_of_effect_to(state, attacker, target):
        return "DS-MTYPE-06"
    return None


def has_cover_from(state: Encounter, target: str, attacker: str) -> bool:
    """Whether ``target`` has cover from ``attacker`` because it burrows (DS-MTYPE-06, DS-MTYPE-08).

    Cover from walls and other solid objects is :func:`brawl.rules.cover.has_cover` (R-COVER-1),
    which counts this one too.
    """
    return cover_rule(state, target, attacker) is not None


def denies_high_ground(state: Encounter, target: str) -> bool:
    """No high ground against a creature completely beneath the ground while burrowing (DS-EDGE-04)."""
    return target in state.creatures and completely_beneath(state, target)


__all__ = [
    "BURROWABLE",
    "beneath_the_ground",
    "completely_beneath",
    "cover_rule",
    "denies_high_ground",
    "has_cover_from",
    "is_burrowing",
    "line_of_effect_to",
    "surface_squares",
]
