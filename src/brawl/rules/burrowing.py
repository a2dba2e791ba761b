"""Burrowing creatures: who burrows, who is beneath the ground, and high ground (DS-MTYPE-02..08, DS-EDGE-04).

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
ground, it sees nobody on the surface (DS-MTYPE-07): the text gives both. Line of effect and cover
to and from a burrower are :func:`brawl.rules.cover.line_of_effect` and
:func:`brawl.rules.cover.cover_rule`, with every other line of effect.
"""

from __future__ import annotations

from brawl.creature import Creature, MovementType
from brawl.geometry import Pos, cube
from brawl.state import Encounter
from brawl.terrain import Material

BURROWABLE = frozenset(m for m in Material if m.burrowable)
"""Ground a burrower moves through; more solid ground such as stone is not (DS-MTYPE-02)."""


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


def denies_high_ground(state: Encounter, target: str) -> bool:
    """No high ground against a creature completely beneath the ground while burrowing (DS-EDGE-04)."""
    return target in state.creatures and completely_beneath(state, target)


__all__ = [
    "BURROWABLE",
    "beneath_the_ground",
    "completely_beneath",
    "denies_high_ground",
    "is_burrowing",
    "surface_squares",
]
