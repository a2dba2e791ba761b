"""The ``[zones]`` table of a scenario file: the zone game's map, characters and rulings.

A zone map is drawn over the grid map, one letter per square naming the zone of that square
(``map``, the same rows as the level map; ``.`` or a space: no zone), or given as a plain graph
(``[[zones.zone]]`` entries with ``neighbours``). Squares of different zones that touch make
the zones neighbours. Each ``[[zones.characters]]`` row is a creature's sheet (STR, AGI, WIT,
health, weapons, armour, size...) and, optionally, its ``zone``; a creature without a row gets
the default sheet, and a creature without a zone stands in the zone of its square. See
``docs/zone.md`` for the whole format.
"""

from __future__ import annotations

from typing import Any

from brawl.errors import BrawlError
from brawl.io import scenariofields as fields
from brawl.io.json import structure
from brawl.io.scenariofields import Where
from brawl.state import Encounter
from brawl.zone.model import Place, Zone, ZoneCharacter, ZoneMap, ZoneRulings, ZoneWorld, with_world

ZONES_KEYS = ("map", "zone", "characters", "blind", "barriers", "rulings")
ZONE_KEYS = ("id", "mark", "name", "neighbours", "cover", "dark", "hazard")
CHARACTER_EXTRA = ("zone", "border")


def _pairs(raw: Any, field: str, where: Where) -> list[tuple[str, str]]:
    if not isinstance(raw, list):
        raise where.fail(f"expected an array of [zone, zone] pairs, got {fields.kind(raw)}", field)
    out: list[tuple[str, str]] = []
    for i, pair in enumerate(raw):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(z, str) for z in pair)):
            raise where.fail("expected a pair of zone ids", f"{field}[{i}]")
        out.append((pair[0], pair[1]))
    return out


def zones_table(raw: Any, enc: Encounter, where: Where) -> Encounter:
    """``enc`` with the zone world the ``[zones]`` table describes."""
    top = fields.table(raw, "zones", where, ZONES_KEYS)
    rows = top.get("zone", [])
    if not isinstance(rows, list):
        raise where.fail(
            f"expected an array of tables ([[zones.zone]]), got {fields.kind(rows)}", "zones.zone"
        )
    specs: dict[str, dict[str, Any]] = {}
    marks: dict[str, str] = {}
    for i, row in enumerate(rows):
        body = fields.table(row, f"zones.zone[{i}]", where, ZONE_KEYS)
        zid = fields.text(body.get("id", ""), f"zones.zone[{i}].id", where)
        if not zid or zid in specs:
            raise where.fail("each zone needs an id of its own", f"zones.zone[{i}].id")
        specs[zid] = {k: v for k, v in body.items() if k != "mark"}
        specs[zid]["neighbours"] = list(body.get("neighbours", []))
        if "mark" in body:
            mark = body["mark"]
            if not isinstance(mark, str) or len(mark) != 1 or mark in ". " or mark in marks:
                raise where.fail(
                    "a zone mark is one character of its own, not . or space", f"zones.zone[{i}].mark"
                )
            marks[mark] = zid
    cells: dict[str, list[tuple[int, int]]] = {z: [] for z in specs}
    if "map" in top:
        lines = fields.text(top["map"], "zones.map", where).split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        grid: dict[tuple[int, int], str] = {}
        for y, line in enumerate(lines):
            for x, ch in enumerate(line.rstrip("\r")):
                if ch in ". ":
                    continue
                if ch not in marks:
                    raise where.fail(f"row {y + 1}, column {x + 1}: {ch!r} marks no zone", "zones.map")
                grid[(x, y)] = marks[ch]
                cells[marks[ch]].append((x, y))
        for (x, y), zid in grid.items():
            for other in (grid.get((x + 1, y)), grid.get((x, y + 1))):
                if other is not None and other != zid and other not in specs[zid]["neighbours"]:
                    specs[zid]["neighbours"].append(other)
    try:
        zones = [
            structure(
                {**spec, "cells": [list(c) for c in cells[zid]]},
                Zone,
                prefix=f"zones.zone[{i}]",
                source=where.source,
            )
            for i, (zid, spec) in enumerate(specs.items())
        ]
        zmap = ZoneMap(
            zones,
            blind=_pairs(top.get("blind", []), "zones.blind", where),
            barriers=_pairs(top.get("barriers", []), "zones.barriers", where),
        )
    except BrawlError as exc:
        raise where.fail(str(exc), "zones") from None
    rulings = structure(top.get("rulings", {}), ZoneRulings, prefix="zones.rulings", source=where.source)
    return _characters(top.get("characters", []), enc, zmap, rulings, where)


def _characters(raw: Any, enc: Encounter, zmap: ZoneMap, rulings: ZoneRulings, where: Where) -> Encounter:
    if not isinstance(raw, list):
        raise where.fail(f"expected an array of tables, got {fields.kind(raw)}", "zones.characters")
    sheets: dict[str, ZoneCharacter] = {}
    places: dict[str, Place] = {}
    for i, row in enumerate(raw):
        field = f"zones.characters[{i}]"
        if not isinstance(row, dict):
            raise where.fail(f"expected a table, got {fields.kind(row)}", field)
        body = {k: v for k, v in row.items() if k not in CHARACTER_EXTRA}
        sheet: ZoneCharacter = structure(body, ZoneCharacter, prefix=field, source=where.source)
        if sheet.id not in enc.creatures:
            raise where.fail(f"{sheet.id!r} is no creature of the scenario", f"{field}.id")
        sheets[sheet.id] = sheet
        if "zone" in row:
            zone = fields.text(row["zone"], f"{field}.zone", where)
            border = row.get("border")
            if border is not None:
                border = fields.text(border, f"{field}.border", where)
            places[sheet.id] = Place(zone, border)
    for c in enc.creature_list():
        sheets.setdefault(c.id, ZoneCharacter(c.id))
        if c.id not in places:
            zid = zmap.zone_at(c.pos.x, c.pos.y)
            if zid is None:
                raise where.fail(f"creature {c.id!r} stands in no zone: give its zone", "zones.characters")
            places[c.id] = Place(zid)
    try:
        world = ZoneWorld(zmap, places, sheets, rulings)
        return with_world(enc, world)
    except BrawlError as exc:
        raise where.fail(str(exc), "zones") from None


def with_zone_table(data: dict[str, Any], enc: Encounter, where: Where) -> Encounter:
    """``enc`` with the scenario's ``[zones]`` table, if it has one."""
    if "zones" not in data:
        return enc
    return zones_table(data["zones"], enc, where)


def zone_cells(world: ZoneWorld) -> dict[tuple[int, int], str]:
    """Each square of the grid map that a zone covers, with the zone's id."""
    return {cell: z.id for z in world.map.zones for cell in z.cells}


__all__ = ["ZONES_KEYS", "with_zone_table", "zone_cells", "zones_table"]
