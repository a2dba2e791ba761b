"""The zone game's queries: distance in zones, nearby, visible, barriers, size steps, saves.

Distance between two characters is the fewest zone borders between the zones they touch (a
character on a border touches both zones). Two characters are nearby when they touch a common
zone (R-Z-12). A character is visible unless every zone it touches is dark, no line of effect
joins the zones, or it is concealed from the viewer's faction (Z-ATK-05, Z-SNEAK-03).
"""

from __future__ import annotations

from typing import Any

import attrs

from brawl.dice import roll_die
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.base import Event
from brawl.geometry import Pos
from brawl.state import Encounter
from brawl.zone.events import ZoneSave
from brawl.zone.model import SIZE_LADDER, Place, ZoneCharacter, ZoneWorld, with_world
from brawl.zone.model import world as zone_world
from brawl.zone.turnstate import ZoneTurn

STATS = {"STR": "strength", "AGI": "agility", "WIT": "wits"}
"""The saves and the sheet fields they test."""


def world_of(state: Encounter, what: str = "the zone game") -> ZoneWorld:
    """The encounter's zone world, or :class:`InvalidArgumentError` naming ``what`` asked for it."""
    world = zone_world(state)
    if world is None:
        raise InvalidArgumentError(
            f"{what}: this encounter has no zone map (give it a ZoneWorld)", rule="Z-TURN-09"
        )
    return world


def sheet_of(state: Encounter, cid: str) -> ZoneCharacter:
    """The zone sheet of ``cid`` (the creature must exist and have one)."""
    state.creature(cid)
    sheet = world_of(state).sheets.get(cid)
    if sheet is None:
        raise InvalidArgumentError(f"{cid!r}: the character has no zone-game sheet", rule="Z-TURN-09")
    return sheet


def with_sheet(state: Encounter, sheet: ZoneCharacter) -> Encounter:
    """The encounter with one zone sheet replaced."""
    return with_world(state, world_of(state).with_sheet(sheet))


def update_sheet(state: Encounter, cid: str, **changes: Any) -> Encounter:
    """The encounter with fields of one sheet changed."""
    return with_sheet(state, attrs.evolve(sheet_of(state, cid), **changes))


def place_distance(world: ZoneWorld, a: Place, b: Place) -> int | None:
    """Zones between two places (0: they share a zone); None when no path joins them."""
    best: int | None = None
    for za in sorted(a.touches()):
        dist = world.map.distances(za)
        for zb in b.touches():
            d = dist.get(zb)
            if d is not None and (best is None or d < best):
                best = d
    return best


def distance(state: Encounter, a: str, b: str) -> int | None:
    """Distance in zones between two characters (None: no path)."""
    world = world_of(state)
    return place_distance(world, world.place(a), world.place(b))


def zone_distance(state: Encounter, cid: str, zid: str) -> int | None:
    """Distance in zones from a character to a zone."""
    world = world_of(state)
    return place_distance(world, world.place(cid), Place(zid))


def nearby(state: Encounter, a: str, b: str) -> bool:
    """Whether two characters are nearby: in, or on a border of, a common zone (R-Z-12)."""
    world = world_of(state)
    return bool(world.place(a).touches() & world.place(b).touches())


SIGHT_SAMPLES = 12
"""Cells of each zone tried when looking for a line of effect across a grid map."""


def _sample(cells: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    step = max(1, len(cells) // SIGHT_SAMPLES)
    return list(cells[::step])


def zones_see(state: Encounter, za: str, zb: str) -> bool:
    """Whether zone ``za`` has a line of effect to ``zb``: not a blind pair and, on a grid map, a
    straight line from some cell of one to some cell of the other that crosses no solid cell."""
    world = world_of(state)
    if za == zb:
        return True
    if (min(za, zb), max(za, zb)) in world.map.blind:
        return False
    ca, cb = world.map.zone(za).cells, world.map.zone(zb).cells
    if not ca or not cb:
        return True
    terrain = state.terrain
    return any(
        terrain.line_of_effect(Pos(x1, y1, 0), Pos(x2, y2, 0))
        for x1, y1 in _sample(ca)
        for x2, y2 in _sample(cb)
        if terrain.in_bounds(Pos(x1, y1, 0)) and terrain.in_bounds(Pos(x2, y2, 0))
    )


def line_of_effect(state: Encounter, a: Place, b: Place) -> bool:
    """Whether some zone ``a`` touches sees some zone ``b`` touches (:func:`zones_see`)."""
    return any(zones_see(state, za, zb) for za in a.touches() for zb in b.touches())


def concealed_from(state: Encounter, target: str, viewer: str) -> bool:
    """Whether ``target`` is concealed from ``viewer``: concealed and an enemy (Z-SNEAK)."""
    sheet = world_of(state).sheets.get(target)
    return bool(sheet and sheet.concealed and state.are_enemies(target, viewer))


def visible(state: Encounter, viewer: str, target: str) -> bool:
    """Whether ``viewer`` sees ``target``: not all in darkness, a line of effect, not concealed."""
    world = world_of(state)
    place = world.place(target)
    if all(world.map.zone(z).dark for z in place.touches()):
        return False
    if not line_of_effect(state, world.place(viewer), place):
        return False
    return not concealed_from(state, target, viewer)


def barrier_between(world: ZoneWorld, a: Place, b: Place) -> bool:
    """Whether a barrier stands between the two places (every pair of their zones, Z-COVER-02)."""
    pairs = [(za, zb) for za in a.touches() for zb in b.touches()]
    return all(za != zb and (min(za, zb), max(za, zb)) in world.map.barriers for za, zb in pairs)


def steps(attacker: ZoneCharacter, target: ZoneCharacter) -> int:
    """Size steps from the target up to the attacker: positive when the attacker is larger (Z-SIZE)."""
    return attacker.step - target.step


def massive(world: ZoneWorld, sheet: ZoneCharacter) -> bool:
    """Whether a character is massive (Z-SIZE-04, R-Z-9)."""
    return sheet.step >= SIZE_LADDER.index(world.rulings.massive_from)


def able(state: Encounter, cid: str) -> bool:
    """Alive, conscious and not grabbed: able to act or react (Z-NL-06, R-Z-7)."""
    c = state.creature(cid)
    sheet = sheet_of(state, cid)
    return not c.dead and not sheet.incapacitated and sheet.grabbed_by is None


def require_able(state: Encounter, cid: str, what: str) -> None:
    """Raise unless ``cid`` can act (alive, conscious, not grabbed)."""
    c = state.creature(cid)
    sheet = sheet_of(state, cid)
    if c.dead:
        raise ActionUnavailableError(f"{what} by {cid}: the character is dead", rule="Z-ATK-04")
    if sheet.incapacitated:
        raise ActionUnavailableError(f"{what} by {cid}: the character is incapacitated", rule="R-Z-7")
    if sheet.grabbed_by is not None:
        raise ActionUnavailableError(
            f"{what} by {cid}: grabbed by {sheet.grabbed_by}, it can only try to break free", rule="Z-NL-06"
        )


def galloping(state: Encounter, cid: str) -> bool:
    """Whether ``cid`` rides a mount that moved at full speed this turn (Z-MOUNT-02)."""
    c = state.creature(cid)
    turn = state.turn
    if c.riding is None or not isinstance(turn, ZoneTurn):
        return False
    eco = turn.economies.get(c.riding)
    return c.riding in turn.galloped or (eco is not None and eco.zones > eco.half)


def save(
    state: Encounter,
    cid: str,
    stat: str,
    roll: int | None,
    *,
    purpose: str,
    rules: tuple[str, ...],
    possible: bool = True,
) -> tuple[bool, Encounter, list[Event]]:
    """A save of ``cid``: a d20 (``roll`` or the RNG) that passes at most the score (R-Z-6).

    ``possible=False``: the save cannot be attempted (a smaller character against a larger one,
    Z-SIZE-06) and fails without a roll.
    """
    sheet = sheet_of(state, cid)
    score = getattr(sheet, STATS[stat])
    if not possible:
        return (
            False,
            state,
            [
                ZoneSave(
                    creature=cid,
                    stat=stat,
                    score=score,
                    roll=None,
                    passed=False,
                    purpose=purpose,
                    rules=rules,
                )
            ],
        )
    die = world_of(state).rulings.save_die
    value, state, event = roll_die(state, die, roll, purpose=f"{stat} save", creature=cid, rules=rules)
    passed = value <= score
    return (
        passed,
        state,
        [
            event,
            ZoneSave(
                creature=cid,
                stat=stat,
                score=score,
                roll=value,
                passed=passed,
                purpose=purpose,
                rules=(*rules, "R-Z-6"),
            ),
        ],
    )


__all__ = [
    "STATS",
    "able",
    "barrier_between",
    "concealed_from",
    "distance",
    "galloping",
    "line_of_effect",
    "massive",
    "nearby",
    "place_distance",
    "require_able",
    "save",
    "sheet_of",
    "steps",
    "update_sheet",
    "visible",
    "with_sheet",
    "world_of",
    "zone_distance",
    "zones_see",
]
