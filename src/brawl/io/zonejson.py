"""The zone game's state in JSON: :class:`~brawl.zone.model.ZoneWorld` under the key ``"zone"``.

Its records are plain attrs classes, so brawl's converter saves and loads them field by field
once their annotations are resolved; :mod:`brawl.io.json` calls :func:`register_zone` when it builds
the converter, and :func:`zone_data` / :func:`zone_from_data` for the encounter's ``"zone"`` key.
"""

from __future__ import annotations

from typing import Any

import attrs
import cattrs

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


ZONE_TYPE = ZoneWorld | None
"""The type of the encounter's ``"zone"`` key."""


def register_zone() -> None:
    """Make the zone records ready for brawl's converter (their annotations resolved)."""
    for cls in RECORDS:
        attrs.resolve_types(cls)


def zone_data(conv: cattrs.Converter, world: ZoneWorld | None) -> dict[str, Any]:
    """``{"zone": ...}`` for an encounter with a zone world, else ``{}``."""
    return {} if world is None else {"zone": conv.unstructure(world, ZoneWorld)}


__all__ = ["RECORDS", "ZONE_TYPE", "register_zone", "zone_data"]
