"""Concealment from the state: darkness and fog on the map, and invisible creatures (DS-EDGE-09, -10).

Ruling R-CONCEAL-1: a creature has concealment from every other creature when every cell of its
space is a concealing cell (:attr:`brawl.terrain.Cell.concealing`: darkness or fog), so that it
is fully obscured; partly inside, it is not. An invisible creature
(:attr:`brawl.creature.Creature.invisible`) always has concealment (DS-EDGE-10). The map does
not model who sees in the dark: darkness and fog obscure a creature from everyone, those inside
them too. Strikes against a creature with concealment take a bane (DS-EDGE-09); it can be struck
only while it is not hidden (DS-COND-14); finding a hidden invisible creature takes a bane
(DS-EDGE-10).
"""

from __future__ import annotations

from brawl.geometry import cube
from brawl.state import Encounter


def in_darkness(state: Encounter, creature: str) -> bool:
    """Whether every cell of the creature's space is darkness or fog (R-CONCEAL-1)."""
    c = state.creature(creature)
    terrain = state.terrain
    if not any(kind.concealing for kind in terrain.cell_kinds()):
        return False  # no darkness or fog anywhere: the defaults (ground, air) never conceal
    return all(terrain.in_bounds(p) and terrain.cell(p).concealing for p in cube(c.pos, c.n))


def concealment_rules(state: Encounter, target: str, viewer: str) -> tuple[str, ...] | None:
    """The rules that give ``target`` concealment from ``viewer``, or None (DS-EDGE-09, DS-EDGE-10)."""
    if target == viewer or target not in state.creatures:
        return None
    if state.creature(target).invisible:
        return ("DS-EDGE-09", "DS-EDGE-10")
    if in_darkness(state, target):
        return ("DS-EDGE-09", "R-CONCEAL-1")
    return None


def has_concealment(state: Encounter, target: str, viewer: str) -> bool:
    """Whether ``target`` has concealment from ``viewer`` (DS-EDGE-09, DS-EDGE-10, R-CONCEAL-1)."""
    return concealment_rules(state, target, viewer) is not None


__all__ = ["concealment_rules", "has_concealment", "in_darkness"]
