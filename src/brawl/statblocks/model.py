"""Stat blocks: :class:`StatBlock` for Director creatures, :class:`HeroSheet` for heroes.

A stat block holds what the game prints for a creature: level, organization and
role, keywords, encounter value, Stamina, speed and movement, size, stability, free strike
damage, characteristics, immunities and weaknesses, traits, abilities and the "With Captain"
benefit of a minion. A hero sheet holds what a fight needs of a hero. Each builds the
:class:`~brawl.Creature` it describes with :meth:`StatBlock.creature`.

Every field is checked when the record is built: a value of the wrong Python type raises
:class:`~brawl.errors.ArgumentTypeError` (a ``TypeError``), a value out of range
:class:`~brawl.errors.StateError`; both name the field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import immutables

from brawl.abilities.model import Ability
from brawl.checks import check_text, whole_number
from brawl.creature import (
    DIRECTOR,
    HEROES,
    MAX_LEVEL,
    MAX_SPEED,
    MAX_STAMINA,
    CaptainBenefit,
    Characteristics,
    Creature,
    MovementType,
    as_immunities,
    as_movement,
    as_size,
    as_weaknesses,
    check_hero_class,
    gain_dice,
)
from brawl.damagetypes import Immunities, Weaknesses
from brawl.errors import ArgumentTypeError, StateError
from brawl.size import Size

ORGANIZATIONS = ("minion", "horde", "platoon", "elite", "leader", "solo", "retainer")
"""The organizations a monster's stat block names."""
ROLES = ("ambusher", "artillery", "brute", "controller", "defender", "harrier", "hexer", "mount", "support")
"""The combat roles a monster's stat block names."""
MAX_TEXT = 4_000
"""The longest text a stat block keeps in one field (a trait, the "With Captain" benefit)."""
MAX_EV = 10_000
"""The largest encounter value."""
MAX_RECOVERIES = 1_000
"""The most Recoveries a hero sheet may list."""


_END_EFFECT = re.compile(r"(?i)\btakes?\s+(\d{1,4})\s+damage\b")
"""The damage of an End Effect trait: "... can take 5 damage to end one effect ..."."""


_CAPTAIN_FORMS = (
    ("damage", re.compile(r"(?i)\+\s*(\d{1,3})\s+(?:damage\s+)?bonus\s+to\s+strikes\b")),
    ("damage", re.compile(r"(?i)\bstrike\s+damage\s*\+\s*(\d{1,3})")),
    ("speed", re.compile(r"(?i)\+\s*(\d{1,3})\s+bonus\s+to\s+speed\b")),
    ("speed", re.compile(r"(?i)\bspeed\s*\+\s*(\d{1,3})")),
    ("ranged_distance", re.compile(r"(?i)\+\s*(\d{1,3})\s+bonus\s+to\s+ranged\s+distance\b")),
    ("stamina", re.compile(r"(?i)\+\s*(\d{1,3})\s+bonus\s+to\s+stamina\b")),
)
"""The "With Captain" forms the stat blocks print, each a number (RB-CAPT-05)."""
_CAPTAIN_EDGE = re.compile(r"(?i)\b(?:gain|have|has)\s+(?:an?|a\s+double)\s+edge\s+on\s+strikes\b")


def captain_benefit(text: str) -> CaptainBenefit | None:
    """The "With Captain" words as a :class:`~brawl.creature.CaptainBenefit`: "+1 damage bonus to
    strikes", "Gain an edge on strikes", "+2 bonus to speed", "+5 bonus to ranged distance",
    "+2 bonus to Stamina" (and "Strike damage +1", "Speed +2"); None for words of no such form
    (RB-CAPT-05). A double edge counts as the edge."""
    found: dict[str, Any] = {}
    for name, pattern in _CAPTAIN_FORMS:
        match = pattern.search(text)
        if match and name not in found:
            found[name] = int(match.group(1))
    if _CAPTAIN_EDGE.search(text):
        found["edge"] = True
    benefit = CaptainBenefit(**found)
    return benefit if benefit else None


def _whole(lo: int, hi: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        whole_number(value, lo, hi, what=f"{type(instance).__name__}.{attribute.name}", error=StateError)

    return check


def _long_text(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    what = f"{type(instance).__name__}.{attribute.name}"
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{what} {value!r}: a string is needed, not {type(value).__name__}", rule=())
    if len(value) > MAX_TEXT:
        raise StateError(f"{what}: at most {MAX_TEXT} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise StateError(f"{what} {value!r}: holds a lone surrogate, which no file can hold") from None


def _name(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    check_text(value, f"{type(instance).__name__}.{attribute.name}")


def _short_text(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    check_text(value, f"{type(instance).__name__}.{attribute.name}", empty=True)


def _one_of(choices: tuple[str, ...]) -> Any:
    def check(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
        what = f"{type(instance).__name__}.{attribute.name}"
        check_text(value, what, empty=True)
        if value and value not in choices:
            raise StateError(f"{what} {value!r}: not one of {', '.join(choices)} (or empty)")

    return check


def _texts(value: object) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"keywords {value!r}: a sequence of strings is needed", rule=())
    items = tuple(value)
    for item in items:
        check_text(item, "keyword")
    return items


def _characteristics(value: Characteristics | Mapping[str, int]) -> Characteristics:
    if isinstance(value, Characteristics):
        return value
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"characteristics {value!r}: Characteristics or a mapping is needed", rule=())
    try:
        return Characteristics(**value)
    except TypeError as exc:
        raise StateError(f"characteristics {dict(value)!r}: {exc}") from None


def _records(cls: type[Any], what: str) -> Any:
    def convert(value: object) -> tuple[Any, ...]:
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise ArgumentTypeError(f"{what} {value!r}: a sequence of {cls.__name__} is needed", rule=())
        items = tuple(value)
        for item in items:
            if not isinstance(item, cls):
                raise ArgumentTypeError(f"{what}: {item!r} is not a {cls.__name__}", rule=())
        return items

    return convert


@attrs.frozen
class Trait:
    """A trait of a stat block: a name and the rule it prints (``Crafty``: "doesn't provoke...")."""

    name: str = attrs.field(validator=_name)
    """The trait's name."""
    text: str = attrs.field(default="", validator=_long_text)
    """What it does, as printed; the engine keeps it for the table."""


def _traits(value: object) -> tuple[Trait, ...]:
    items: tuple[Trait, ...] = _records(Trait, "traits")(value)
    return items


def _abilities(value: object) -> tuple[Ability, ...]:
    items: tuple[Ability, ...] = _records(Ability, "abilities")(value)
    return items


@attrs.frozen
class StatBlock:
    """A Director creature's stat block: everything but its place on a map.

    ``StatBlock(name="Goblin Sniper", stamina=8, ...).creature("goblin-1")`` is the creature.
    """

    name: str = attrs.field(validator=_name)
    """The creature's name, as printed; stat blocks are found by it (case and spaces aside)."""
    stamina: int = attrs.field(validator=_whole(1, MAX_STAMINA))
    """Stamina maximum; a minion's own Stamina, not its squad's."""
    level: int = attrs.field(default=1, validator=_whole(0, MAX_LEVEL))
    """Level; 0 for a noncombatant (its creature is level 1 for the engine, whose levels start at 1)."""
    organization: str = attrs.field(default="", validator=_one_of(ORGANIZATIONS))
    """Minion, horde, platoon, elite, leader, solo or retainer (empty if not given)."""
    role: str = attrs.field(default="", validator=_one_of(ROLES))
    """Ambusher, artillery, brute, controller, defender, harrier, hexer, mount or support (or empty)."""
    keywords: tuple[str, ...] = attrs.field(default=(), converter=_texts)
    """Keywords (ancestry and the like: Goblin, Humanoid), as printed."""
    ev: int = attrs.field(default=0, validator=_whole(0, MAX_EV))
    """Encounter value of ``ev_for`` creatures."""
    ev_for: int = attrs.field(default=1, validator=_whole(1, 100))
    """How many creatures the encounter value buys: 4 for "EV 3 for four minions"."""
    speed: int = attrs.field(default=5, validator=_whole(0, MAX_SPEED))
    """Speed in squares."""
    movement: frozenset[MovementType] = attrs.field(
        default=frozenset({MovementType.WALK}), converter=as_movement
    )
    """Movement types of the speed entry (DS-MTYPE-01)."""
    size: Size = attrs.field(default=Size(1, "M"), converter=as_size)
    """Size (DS-SIZE-01..08)."""
    stability: int = attrs.field(default=0, validator=_whole(0, MAX_SPEED))
    """Stability (DS-FORCE-16)."""
    free_strike: int = attrs.field(default=0, validator=_whole(0, MAX_STAMINA))
    """Free strike damage, dealt without a roll (RB6-FREE-STRIKE)."""
    characteristics: Characteristics = attrs.field(factory=Characteristics, converter=_characteristics)
    """Might, Agility, Reason, Intuition, Presence."""
    immunities: Immunities = attrs.field(factory=immutables.Map, converter=as_immunities)
    """Damage immunities by type, ``"damage"`` for all damage (DS-DMG-04, R-DMG-2)."""
    weaknesses: Weaknesses = attrs.field(factory=immutables.Map, converter=as_weaknesses)
    """Damage weaknesses by type (DS-DMG-08)."""
    traits: tuple[Trait, ...] = attrs.field(default=(), converter=_traits)
    """Traits, as printed."""
    abilities: tuple[Ability, ...] = attrs.field(default=(), converter=_abilities)
    """Abilities, in printed order."""
    with_captain: str = attrs.field(default="", validator=_long_text)
    """What a minion gains while its squad has a captain, as printed."""

    def __attrs_post_init__(self) -> None:
        _unique_abilities(self)

    @property
    def key(self) -> str:
        """The name a scenario uses to find it: lower case, spaces as ``-`` (``goblin-sniper``)."""
        return slug(self.name)

    @property
    def is_minion(self) -> bool:
        """A minion."""
        return self.organization == "minion"

    @property
    def is_solo(self) -> bool:
        """A solo creature: two turns a round (RB5-SOLO)."""
        return self.organization == "solo"

    @property
    def villain_actions(self) -> tuple[Ability, ...]:
        """Its villain actions, in printed order: a leader's or solo's three, each usable once an
        encounter, one a round among all creatures, at the end of another creature's turn
        (RB-VILLAIN-01..04). They stay among :attr:`abilities`, which the creature uses."""
        return tuple(a for a in self.abilities if a.action_type == "villain action")

    @property
    def end_effect(self) -> int | None:
        """The damage its End Effect trait takes to end an effect a save could end, at the end of
        each of its turns (RB-SOLO-02), read from the trait's words; None without the trait."""
        for trait in self.traits:
            name = trait.name.lower()
            if "end effect" in name or ("solo" in name and "monster" in name):  # "Solo Phantom Monster"
                found = _END_EFFECT.search(trait.text)
                if found:
                    return int(found.group(1))
        return None

    def creature(self, id: str, **fields: Any) -> Creature:
        """The creature this stat block describes, with ``id``; ``fields`` set or override any other."""
        base: dict[str, Any] = {
            "name": self.name,
            "side": DIRECTOR,
            "size": self.size,
            "speed": self.speed,
            "movement": self.movement,
            "stability": self.stability,
            "characteristics": self.characteristics,
            "stamina_max": self.stamina,
            "immunities": self.immunities,
            "weaknesses": self.weaknesses,
            "level": max(self.level, 1),
            "solo": self.is_solo,
            "abilities": self.abilities,
            "end_effect": self.end_effect or 0,  # RB-SOLO-02
            "free_strike": self.free_strike or None,  # RB-MFS-01; 0: not given
        }
        if self.is_minion:  # RB-SQUAD-01, RB-CAPT-05
            base["minion"] = True
            base["with_captain"] = captain_benefit(self.with_captain)
        return Creature(id=id, **{**base, **fields})


@attrs.frozen
class HeroSheet:
    """What a fight needs of a hero: level, characteristics, Stamina, Recoveries, speed, abilities.

    ``HeroSheet(name="Kira", stamina=30, recoveries=8).creature("kira")`` is the hero.
    """

    name: str = attrs.field(validator=_name)
    """The hero's name; hero sheets are found by it (case and spaces aside)."""
    stamina: int = attrs.field(validator=_whole(1, MAX_STAMINA))
    """Stamina maximum."""
    recoveries: int = attrs.field(default=0, validator=_whole(0, MAX_RECOVERIES))
    """Recoveries at full (DS-STAM-01)."""
    level: int = attrs.field(default=1, validator=_whole(1, MAX_LEVEL))
    """Level."""
    heroic_resource_name: str = attrs.field(default="", validator=_short_text)
    """The Heroic Resource's name (Wrath, Focus, Insight...)."""
    resource_gain: str = attrs.field(default="", validator=lambda _i, _a, v: gain_dice(v))
    """Heroic Resource gained at the start of each of its turns in combat: ``"2"``, ``"1d3"``
    (R-ABIL-13)."""
    hero_class: str = attrs.field(default="", validator=check_hero_class)
    """The class (``"censor"``...): its Heroic Resource and per-turn gain by level (RB-HR-01,
    RB-HR-05, RB-HR-06); ``resource_gain`` still wins."""
    keywords: tuple[str, ...] = attrs.field(default=(), converter=_texts)
    """Ancestry, class and the like, as printed."""
    speed: int = attrs.field(default=5, validator=_whole(0, MAX_SPEED))
    """Speed in squares."""
    movement: frozenset[MovementType] = attrs.field(
        default=frozenset({MovementType.WALK}), converter=as_movement
    )
    """Movement types of the speed entry (DS-MTYPE-01)."""
    size: Size = attrs.field(default=Size(1, "M"), converter=as_size)
    """Size."""
    stability: int = attrs.field(default=0, validator=_whole(0, MAX_SPEED))
    """Stability."""
    characteristics: Characteristics = attrs.field(factory=Characteristics, converter=_characteristics)
    """Might, Agility, Reason, Intuition, Presence."""
    immunities: Immunities = attrs.field(factory=immutables.Map, converter=as_immunities)
    """Damage immunities by type."""
    weaknesses: Weaknesses = attrs.field(factory=immutables.Map, converter=as_weaknesses)
    """Damage weaknesses by type."""
    traits: tuple[Trait, ...] = attrs.field(default=(), converter=_traits)
    """Features a fight may need, as printed."""
    abilities: tuple[Ability, ...] = attrs.field(default=(), converter=_abilities)
    """Abilities, in printed order."""
    null_field: int = attrs.field(default=1, validator=_whole(1, MAX_SPEED))
    """A null's Null Field: the radius of its aura (RB-HR-13, ruling R-HERO-8)."""

    def __attrs_post_init__(self) -> None:
        _unique_abilities(self)

    @property
    def key(self) -> str:
        """The name a scenario uses to find it: lower case, spaces as ``-``."""
        return slug(self.name)

    def creature(self, id: str, **fields: Any) -> Creature:
        """The hero this sheet describes, with ``id``; ``fields`` set or override any other."""
        base: dict[str, Any] = {
            "name": self.name,
            "side": HEROES,
            "hero": True,
            "size": self.size,
            "speed": self.speed,
            "movement": self.movement,
            "stability": self.stability,
            "characteristics": self.characteristics,
            "stamina_max": self.stamina,
            "recoveries": self.recoveries,
            "immunities": self.immunities,
            "weaknesses": self.weaknesses,
            "level": self.level,
            "abilities": self.abilities,
            "resource_gain": self.resource_gain,
            "hero_class": self.hero_class,
            "null_field": self.null_field,
        }
        return Creature(id=id, **{**base, **fields})


def _unique_abilities(block: StatBlock | HeroSheet) -> None:
    seen: set[str] = set()
    for ability in block.abilities:
        if ability.name in seen:
            raise StateError(
                f"{type(block).__name__} {block.name!r}: two abilities are named {ability.name!r}"
            )
        seen.add(ability.name)


def slug(name: str) -> str:
    """The key a stat block is found by: lower case, each run of other characters one ``-``.

    ``"Goblin Sniper"`` and ``"goblin-sniper"`` both give ``"goblin-sniper"``.
    """
    out = []
    dash = False
    for ch in name.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
            dash = False
        elif not dash:
            out.append("-")
            dash = True
    return "".join(out).strip("-")


AnyBlock = StatBlock | HeroSheet
"""A stat block or a hero sheet."""

__all__ = ["MAX_TEXT", "ORGANIZATIONS", "ROLES", "AnyBlock", "HeroSheet", "StatBlock", "Trait", "slug"]
