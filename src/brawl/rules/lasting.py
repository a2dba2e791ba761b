"""Lasting effects an ability leaves on a creature by name, read by the rules they change
(R-ABIL-17, R-ABIL-20).

A lasting edge or bane ("taking a bane on its next strike") is counted wherever edges and banes
are totalled (:func:`brawl.rules.edges.state_reasons`); one on the creature's next strike or next
power roll ends with the roll that counted it (:func:`end_used`).

An ability's "the target has damage weakness 2 (save ends)" or "fire weakness 4 (save ends)" is
kept on its target as a named condition (``gob has damage weakness 2``, ``fire weakness 4``) that
ends by its duration (R-ABIL-16). While it lasts, the damage rules count it as a weakness of the
creature's own (DS-DMG-08): "damage weakness" against all damage, a type's against that type
(R-DMG-2), the highest applicable weakness alone applying (DS-DMG-11).

A creature without named conditions is never looked at: the callers check
:attr:`~brawl.creature.Creature.named_conditions` first.
"""

from __future__ import annotations

import re

from brawl.creature import Creature
from brawl.damagetypes import DamageType
from brawl.outcome import Outcome
from brawl.rules.conditions import end_named_where
from brawl.rules.edges import is_used_by
from brawl.state import Encounter

_WEAKNESS = re.compile(
    r"(?:(?P<who>.+) has )?(?P<type>damage|"
    + "|".join(t.value for t in DamageType)
    + r") weakness (?P<n>\d{1,3})"
)
"""A lasting weakness's name, as the ability's resolution keeps it (R-ABIL-20)."""


def lasting_weaknesses(c: Creature, kind: DamageType | None) -> tuple[int, ...]:
    """The values of ``c``'s lasting weaknesses that apply to damage of ``kind`` (``None``:
    untyped): "damage weakness" to all damage, a type's to that type (R-ABIL-20, R-DMG-2)."""
    found: list[int] = []
    for x in c.named_conditions:
        m = _WEAKNESS.fullmatch(x.name)
        if m is None or (m["who"] is not None and m["who"] != c.id):
            continue
        if m["type"] == "damage" or (kind is not None and m["type"] == kind.value):
            found.append(int(m["n"]))
    return tuple(found)


def end_used(state: Encounter, creature: str, strike: bool) -> Outcome:
    """End the lasting edges and banes a power roll of ``creature`` (a strike if ``strike``)
    counted and used up: those on its next power roll, or its next strike (R-ABIL-17)."""
    c = state.creatures.get(creature)
    if c is None or not c.named_conditions:
        return Outcome(state, ())
    return end_named_where(state, c, lambda x: is_used_by(x.name, strike), "used", ("R-ABIL-17",))


__all__ = ["end_used", "lasting_weaknesses"]
