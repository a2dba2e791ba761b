"""Builders of small zone-game fights for the tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import brawl
from brawl import Creature, Encounter, Terrain
from brawl.zone import with_world
from brawl.zone.model import Place, Zone, ZoneCharacter, ZoneMap, ZoneRulings, ZoneWorld
from brawl.zone.space import world_of

LINE = ("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")
"""Zones in a row: a - b - c - ... - j."""


def line_map(dark: Iterable[str] = (), cover: dict[str, int] | None = None, **kw: Any) -> ZoneMap:
    """Ten zones in a row."""
    shade = set(dark)
    covers = cover or {}
    zones = [
        Zone(z, (LINE[i + 1],) if i + 1 < len(LINE) else (), dark=z in shade, cover=covers.get(z, 0))
        for i, z in enumerate(LINE)
    ]
    return ZoneMap(zones, **kw)


def build(
    chars: Iterable[tuple[Any, ...]],
    *,
    zmap: ZoneMap | None = None,
    rulings: ZoneRulings | None = None,
    riding: dict[str, str] | None = None,
) -> Encounter:
    """An encounter: ``(id, faction, zone or place, sheet fields)`` for each character."""
    creatures = []
    places: dict[str, Place] = {}
    sheets: dict[str, ZoneCharacter] = {}
    rides = riding or {}
    for i, (cid, side, where, fields) in enumerate(chars):
        creatures.append(Creature(id=cid, side=side, pos=(i, 0, 0), riding=rides.get(cid)))
        places[cid] = where if isinstance(where, Place) else Place(where)
        sheets[cid] = ZoneCharacter(cid, **fields)
    enc = Encounter.create(Terrain.flat(30, 30), creatures)
    return with_world(enc, ZoneWorld(zmap or line_map(), places, sheets, rulings or ZoneRulings()))


def start(enc: Encounter, initiative: str, **kw: Any) -> Encounter:
    """The fight started under the zone game."""
    enc, _ = brawl.start_combat(enc, system="zone", initiative=initiative, **kw)
    return enc


def turn(enc: Encounter, who: str, **kw: Any) -> Encounter:
    """``who`` starts its turn."""
    enc, _ = brawl.start_turn(enc, who, **kw)
    return enc


def health(enc: Encounter, cid: str) -> int:
    """Health of ``cid``."""
    return world_of(enc).sheets[cid].health


def sheet(enc: Encounter, cid: str) -> ZoneCharacter:
    """The sheet of ``cid``."""
    return world_of(enc).sheets[cid]


def names(events: Iterable[object]) -> list[str]:
    """Class names of events."""
    return [type(e).__name__ for e in events]


def test_the_builders_make_a_line_of_zones() -> None:
    """The builders' map: ten zones in a row, each one zone from the next."""
    assert line_map().distances("a")["j"] == 9
    enc = build([("x", "p", "a", {}), ("y", "q", Place("b", "c"), {})])
    assert world_of(enc).place("y").touches() == {"b", "c"}
