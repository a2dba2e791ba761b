"""Checks of an encounter's creatures that the encounter shares with its changes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import immutables

from brawl.checks import whole_number
from brawl.conditions import ConditionName
from brawl.creature import Creature, MapObject, MovementType
from brawl.errors import ArgumentTypeError, StateError
from brawl.size import MAX_SIZE
from brawl.terrain import Terrain

MAX_ROUND = 1_000_000
"""The highest round number."""


def names(c: Creature, cid: str) -> bool:
    """Whether a creature's record names ``cid`` (rides it, grabbed by it, its effect, hidden from it)."""
    return (
        c.riding == cid
        or cid in c.hidden_from
        or any(e.source == cid for e in c.effects)
        or any(x.name is ConditionName.GRABBED and x.source == cid for x in c.conditions)
    )


def forget(c: Creature, cid: str) -> Creature:
    """The creature with every mention of ``cid`` (a removed creature) dropped."""
    return attrs.evolve(
        c,
        riding=None if c.riding == cid else c.riding,
        hidden_from=c.hidden_from - {cid},
        effects=tuple(e for e in c.effects if e.source != cid),
        conditions=tuple(
            x for x in c.conditions if not (x.name is ConditionName.GRABBED and x.source == cid)
        ),
    )


def burrowed(terrain: Terrain, c: Creature) -> bool:
    """A creature with burrow in its speed may be inside dirt, not harder ground (DS-MTYPE-02)."""
    if MovementType.BURROW not in c.movement:
        return False
    return all(not (m := terrain.cell(p).material).solid or m.burrowable for p in c.cells())


def edge(n: object) -> int:
    """The edge of a queried cube: a whole number from 1 to the largest size."""
    return whole_number(n, 1, MAX_SIZE, what="n", error=StateError)


MAX_CREATURES = 5_000
"""The most creatures an encounter holds; the loaders refuse more before building any record."""
MAX_OBJECTS = 5_000
"""The most objects an encounter holds; the loaders refuse more before building any record."""


def too_many(count: int, limit: int, what: str) -> str | None:
    """The message refusing ``count`` pieces above ``limit``, or None within it."""
    if count <= limit:
        return None
    name = "MAX_CREATURES" if what == "creatures" else "MAX_OBJECTS"
    return f"{count:,} {what}: an encounter holds at most {limit:,} ({name})"


def creature_map(value: Mapping[str, Creature] | Iterable[Creature]) -> immutables.Map[str, Creature]:
    if isinstance(value, immutables.Map):
        items_map: immutables.Map[str, Creature] = value
        refused = too_many(len(items_map), MAX_CREATURES, "creatures")
        if refused:
            raise StateError(refused)
        return items_map
    given: object = value  # a caller may pass anything
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise ArgumentTypeError(
            f"creatures {value!r:.60}: a sequence or mapping of Creatures is needed, "
            f"not {type(value).__name__}",
            rule=(),
        )
    items = list(value.values()) if isinstance(value, Mapping) else list(value)
    refused = too_many(len(items), MAX_CREATURES, "creatures")
    if refused:
        raise StateError(refused)
    out: dict[str, Creature] = {}
    for c in items:
        if not isinstance(c, Creature):
            raise StateError(f"creatures: {c!r} is not a Creature")
        if c.id in out:
            raise StateError(f"creatures: duplicate id {c.id!r}")
        out[c.id] = c
    return immutables.Map(out)


def object_map(value: Mapping[str, MapObject] | Iterable[MapObject]) -> immutables.Map[str, MapObject]:
    if isinstance(value, immutables.Map):
        objects_map: immutables.Map[str, MapObject] = value
        refused = too_many(len(objects_map), MAX_OBJECTS, "objects")
        if refused:
            raise StateError(refused)
        return objects_map
    given: object = value  # a caller may pass anything
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise ArgumentTypeError(
            f"objects {value!r:.60}: a sequence or mapping of MapObjects is needed, "
            f"not {type(value).__name__}",
            rule=(),
        )
    items = list(value.values()) if isinstance(value, Mapping) else list(value)
    refused = too_many(len(items), MAX_OBJECTS, "objects")
    if refused:
        raise StateError(refused)
    out: dict[str, MapObject] = {}
    for o in items:
        if not isinstance(o, MapObject):
            raise StateError(f"objects: {o!r} is not a MapObject")
        if o.id in out:
            raise StateError(f"objects: duplicate id {o.id!r}")
        out[o.id] = o
    return immutables.Map(out)


def order_ids(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"order {value!r}: a sequence of creature ids is needed", rule=())
    return tuple(value)


def check_round(value: object) -> None:
    whole_number(value, 0, MAX_ROUND, what="round", error=StateError)


def rides_map(value: Any) -> immutables.Map[str, str]:
    """The ``rides`` converter: rider id to mount id, both strings (DS-MOUNT-04)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"rides {value!r:.60}: a mapping of rider id to mount id is needed, not {type(value).__name__}",
            rule="DS-MOUNT-04",
        )
    pairs = value.items() if isinstance(value, Mapping) else value
    try:
        items = dict(pairs)
    except (TypeError, ValueError):
        raise ArgumentTypeError(
            f"rides {value!r:.60}: (rider id, mount id) pairs are needed", rule="DS-MOUNT-04"
        ) from None
    for rider, mount in items.items():
        if not isinstance(rider, str) or not isinstance(mount, str):
            raise StateError(f"rides {rider!r} -> {mount!r}: a rider id and a mount id are needed")
    return immutables.Map(items)
