"""The zone game's state in JSON: :class:`~brawl.zone.model.ZoneWorld` under the key ``"zone"``.

The encounter's JSON writes each registered game's state under the game's name
(:func:`~brawl.state.register_ruleset`), field by field, with brawl's converter. The zone
game's records are plain attrs classes; importing this module resolves their annotations, which
the converter reads, so a saved zone world loads as the records it was written from.
"""

from __future__ import annotations

import attrs

from brawl.zone.model import (
    Armour,
    Counter,
    Interrupted,
    PendingAttack,
    Place,
    Weapon,
    Zone,
    ZoneCharacter,
    ZoneMap,
    ZoneRulings,
    ZoneWorld,
)

RECORDS: tuple[type, ...] = (Weapon, Armour, ZoneCharacter, Zone, ZoneMap, Place, ZoneRulings, Counter)
RECORDS += (PendingAttack, Interrupted, ZoneWorld)
"""The records a saved zone world holds."""


def register_zone() -> None:
    """Make the zone records ready for brawl's converter (their annotations resolved)."""
    for cls in RECORDS:
        attrs.resolve_types(cls)


register_zone()

__all__ = ["RECORDS", "register_zone"]
