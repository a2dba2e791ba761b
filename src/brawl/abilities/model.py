"""The ability model: an ability's printed block as frozen, JSON-ready records.

An :class:`Ability` keeps what its stat block prints: name, action type, keywords, distance,
target, trigger, cost, power roll and effects. Each tier of a power roll keeps its verbatim text
and the effects parsed from it (:func:`brawl.parse_tier`), the records of
:mod:`brawl.abilities.effects`: damage, forced movement, conditions with a duration and an
optional potency, and the text the engine cannot resolve, which is kept and reported, never
dropped (RB3-TIERS, RB2-POTENCY). The constants and field checks are
:mod:`brawl.abilities.fields`; the names of both are here too.

Every field is checked when the record is built: a value of the wrong Python type raises
:class:`~brawl.errors.ArgumentTypeError` (a ``TypeError``), a value the rules do not know raises
:class:`~brawl.errors.StateError`; both name the field.
"""

from __future__ import annotations

from typing import Any

import attrs

from brawl.abilities.effects import EFFECT_TYPES as EFFECT_TYPES
from brawl.abilities.effects import GAINERS as GAINERS
from brawl.abilities.effects import MAX_OPTIONS as MAX_OPTIONS
from brawl.abilities.effects import ROLL_SCOPES as ROLL_SCOPES
from brawl.abilities.effects import SCOPE_WORDS as SCOPE_WORDS
from brawl.abilities.effects import SHIFT_DIRECTIONS as SHIFT_DIRECTIONS
from brawl.abilities.effects import SHIFTERS as SHIFTERS
from brawl.abilities.effects import SIMPLE_TYPES as SIMPLE_TYPES
from brawl.abilities.effects import ApplyCondition as ApplyCondition
from brawl.abilities.effects import Choice as Choice
from brawl.abilities.effects import Damage as Damage
from brawl.abilities.effects import Drain as Drain
from brawl.abilities.effects import EdgeOrBane as EdgeOrBane
from brawl.abilities.effects import Effect as Effect
from brawl.abilities.effects import Fall as Fall
from brawl.abilities.effects import ForcedMovement as ForcedMovement
from brawl.abilities.effects import GainResource as GainResource
from brawl.abilities.effects import Healing as Healing
from brawl.abilities.effects import Instead as Instead
from brawl.abilities.effects import LoseRecoveries as LoseRecoveries
from brawl.abilities.effects import NamedEffect as NamedEffect
from brawl.abilities.effects import OneTarget as OneTarget
from brawl.abilities.effects import Potency as Potency
from brawl.abilities.effects import Shift as Shift
from brawl.abilities.effects import Simple as Simple
from brawl.abilities.effects import TextEffect as TextEffect
from brawl.abilities.fields import ACTION_TYPES as ACTION_TYPES
from brawl.abilities.fields import AREA_KINDS as AREA_KINDS
from brawl.abilities.fields import CATEGORIES as CATEGORIES
from brawl.abilities.fields import CHARACTERISTICS as CHARACTERISTICS
from brawl.abilities.fields import DISTANCE_KINDS as DISTANCE_KINDS
from brawl.abilities.fields import DURATION_MARKS as DURATION_MARKS
from brawl.abilities.fields import DURATIONS as DURATIONS
from brawl.abilities.fields import FORCED_KINDS as FORCED_KINDS
from brawl.abilities.fields import GAINED as GAINED
from brawl.abilities.fields import INITIALS as INITIALS
from brawl.abilities.fields import MAX_NUMBER as MAX_NUMBER
from brawl.abilities.fields import MAX_TEXT as MAX_TEXT
from brawl.abilities.fields import NO_DURATION as NO_DURATION
from brawl.abilities.fields import POTENCY_WORDS as POTENCY_WORDS
from brawl.abilities.fields import RESOURCE_WORDS as RESOURCE_WORDS
from brawl.abilities.fields import RESOURCES as RESOURCES
from brawl.abilities.fields import TARGET_KINDS as TARGET_KINDS
from brawl.abilities.fields import (
    _characteristic_names,
    _each,
    _flag,
    _instance_of,
    _keywords,
    _name,
    _number,
    _one_of,
    _optional_number,
    _required_text,
    _text,
    _tuple_of,
)
from brawl.checks import is_whole_number
from brawl.errors import ArgumentTypeError, InvalidArgumentError, StateError


@attrs.frozen
class Tier:
    """One tier of a power roll: its verbatim text and the effects parsed from it (RB3-TIERS)."""

    text: str = attrs.field(validator=_text)
    """The printed text, kept whole."""
    effects: tuple[Effect, ...] = attrs.field(default=(), converter=_tuple_of, validator=_each(EFFECT_TYPES))
    """The effects, in printed order."""

    def printed(self) -> str:
        """The effects printed the usual way, ``; `` between them (what :func:`brawl.parse_tier` reads)."""
        return "; ".join(e.printed() for e in self.effects)

    @property
    def unresolved(self) -> tuple[TextEffect, ...]:
        """The text effects: what the engine leaves to the table (reported, never dropped)."""
        return tuple(e for e in self.effects if isinstance(e, TextEffect))


def _tiers(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _each(Tier)(instance, attribute, value)
    assert isinstance(value, tuple)  # _each refuses anything else
    if len(value) != 3:
        raise StateError(f"{_name(instance, attribute)}: exactly three tiers are needed, got {len(value)}")


@attrs.frozen
class PowerRoll:
    """A power roll: 2d10 + the highest of ``characteristics`` (or ``bonus``), three tiers (RB3-TIERS)."""

    characteristics: tuple[str, ...] = attrs.field(
        default=(), converter=_tuple_of, validator=_characteristic_names
    )
    """The characteristic(s) the roll adds; the user adds the highest of them."""
    bonus: int | None = attrs.field(default=None, validator=_optional_number(-MAX_NUMBER))
    """A flat number added instead (monster blocks print "Power Roll + 2")."""
    tiers: tuple[Tier, ...] = attrs.field(kw_only=True, converter=_tuple_of, validator=_tiers)
    """Exactly three: the outcomes for a total of 11 or lower, 12 to 16, 17 or higher (DS-TURN-13)."""


# --- distance, target, cost, ability -------------------------------------------------------------
@attrs.frozen
class Distance:
    """An ability's distance: melee, ranged, an area or self (R-AREA-1..6).

    ``value``: melee reach, ranged distance, aura or burst radius. ``size``: cube edge, line
    length, wall squares. ``width``: line width. ``within``: how far from the user a cube, line or
    wall may be placed, or the ranged distance of a "melee or ranged" ability. ``text``: a special
    distance's words.
    """

    kind: str = attrs.field(validator=_one_of(DISTANCE_KINDS))
    """One of :data:`DISTANCE_KINDS`."""
    value: int = attrs.field(default=0, validator=_number(0))
    """Melee reach, ranged distance, aura or burst radius."""
    size: int = attrs.field(default=0, validator=_number(0))
    """Cube edge, line length, wall squares."""
    width: int = attrs.field(default=0, validator=_number(0))
    """Line width."""
    within: int = attrs.field(default=0, validator=_number(0))
    """How far away a cube, line or wall may be placed; ranged distance of melee or ranged."""
    text: str = attrs.field(default="", validator=_text)
    """The printed words (always kept for a special distance)."""

    def __attrs_post_init__(self) -> None:
        if self.kind in ("cube", "line", "wall") and self.size < 1:
            raise StateError(f"Distance.size {self.size}: a {self.kind} needs a size of at least 1")
        if self.kind == "line" and self.width < 1:
            raise StateError(f"Distance.width {self.width}: a line needs a width of at least 1")
        if self.kind in ("melee", "melee or ranged") and self.value < 1:
            raise StateError(f"Distance.value {self.value}: a melee distance of at least 1 is needed")
        if self.kind == "burst" and self.value < 1:
            raise StateError(f"Distance.value {self.value}: a burst of at least 1 is needed")
        if self.kind == "special" and not self.text.strip():
            raise StateError("Distance.text: a special distance needs its printed words")

    @property
    def is_area(self) -> bool:
        """Whether this distance is an area (R-AREA-1)."""
        return self.kind in AREA_KINDS

    def printed(self) -> str:
        """The distance as a block prints it."""
        if self.text:
            return self.text
        if self.kind == "melee":
            return f"Melee {self.value}"
        if self.kind == "ranged":
            return f"Ranged {self.value}"
        if self.kind == "melee or ranged":
            return f"Melee {self.value} or ranged {self.within}"
        if self.kind == "self":
            return "Self"
        if self.kind in ("aura", "burst"):
            return f"{self.value} {self.kind}"
        if self.kind == "cube":
            return f"{self.size} cube within {self.within}"
        if self.kind == "line":
            return f"{self.size} x {self.width} line within {self.within}"
        return f"{self.size} wall within {self.within}"


@attrs.frozen
class Target:
    """Who an ability targets: ``count`` of ``kind``, or every one in the area (``count`` None)."""

    kind: str = attrs.field(validator=_one_of(TARGET_KINDS))
    """One of :data:`TARGET_KINDS`."""
    count: int | None = attrs.field(
        default=attrs.Factory(lambda self: None if self.kind.startswith("each ") else 1, takes_self=True),
        validator=_optional_number(1),
    )
    """How many may be chosen (default 1); None: every one in the area or in reach (the default
    for the "each" kinds)."""
    text: str = attrs.field(default="", validator=_text)
    """The printed words (always kept for a special target)."""
    per_minion: bool = attrs.field(default=False, kw_only=True, validator=_flag)
    """"One creature per minion": ``count`` for each minion of the squad attacking (:meth:`most`)."""

    def __attrs_post_init__(self) -> None:
        if self.kind == "special" and not self.text.strip():
            raise StateError("Target.text: a special target needs its printed words")
        if self.kind.startswith("each ") and self.count is not None:
            raise StateError(f"Target.count {self.count}: {self.kind!r} is every one, count None")
        if self.per_minion and (self.count is None or self.kind in ("self", "self or ally", "special")):
            raise StateError(f"Target.per_minion: {self.kind!r} is not a number of targets per minion")

    def most(self, minions: int = 1) -> int | None:
        """How many may be chosen when ``minions`` minions attack together: ``count`` times
        ``minions`` for a count per minion, ``count`` otherwise; None: every one."""
        if not is_whole_number(minions):
            raise ArgumentTypeError(
                f"Target.most(minions={minions!r}): a whole number is needed", rule="R-ABIL-9"
            )
        if not 1 <= minions <= MAX_NUMBER:
            raise InvalidArgumentError(
                f"Target.most(minions={minions}): from 1 to {MAX_NUMBER} minions", rule="R-ABIL-9"
            )
        if self.count is None or not self.per_minion:
            return self.count
        return self.count * minions

    def printed(self) -> str:
        """The target as a block prints it: ``One creature``, ``Two enemies``, ``Each enemy in the area``."""
        if self.text:
            return self.text
        if self.kind == "self":
            return "Self"
        if self.kind.startswith("each "):
            return f"{self.kind.capitalize()} in the area"
        if self.kind == "self or ally":
            return "Self or one ally" if self.count == 1 else f"Self or {_count_word(self.count)} allies"
        if self.count is None:
            return f"All {_plural(self.kind)}"
        each = " per minion" if self.per_minion else ""
        if self.count == 1:
            return f"One {self.kind}{each}"
        return f"{_count_word(self.count).capitalize()} {_plural(self.kind)}{each}"


COUNT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
"""How a block prints a number of targets."""
PLURALS = {"creature": "creatures", "object": "objects", "enemy": "enemies", "ally": "allies"}
"""The plural of each word a target prints."""


def _count_word(count: int | None) -> str:
    if count is not None and 1 <= count <= len(COUNT_WORDS):
        return COUNT_WORDS[count - 1]
    return str(count)


def _plural(kind: str) -> str:
    return " or ".join(PLURALS.get(word, word) for word in kind.split(" or "))


@attrs.frozen
class Cost:
    """An ability's cost: ``amount`` of the hero's Heroic Resource or the Director's Malice."""

    resource: str = attrs.field(validator=_one_of(RESOURCES))
    """``"heroic"`` or ``"malice"``."""
    amount: int = attrs.field(validator=_number(1))
    """How much is spent."""
    text: str = attrs.field(default="", validator=_text)
    """The printed words ("3 Focus")."""


@attrs.frozen
class Spend:
    """A "Spend 2 Focus: ..." entry: ``amount`` more of the cost's resource buys its effect;
    ``plus`` ("Spend 2+") lets it be paid in multiples of ``amount`` for a larger one (RB-HR-03).
    Its effect stays text for the table."""

    amount: int = attrs.field(validator=_number(1))
    """The resource it costs (each multiple, with ``plus``)."""
    text: str = attrs.field(validator=_required_text)
    """What it adds, as printed."""
    plus: bool = attrs.field(default=False, validator=_flag)
    """"Spend X+": payable in multiples of ``amount``."""

    def printed(self) -> str:
        """``Spend 2+: ...``."""
        return f"Spend {self.amount}{'+' if self.plus else ''}: {self.text}"

    def allows(self, spent: int) -> bool:
        """Whether ``spent`` more of the resource buys this entry: its amount, or a multiple of it
        with ``plus`` (RB-HR-03)."""
        return spent == self.amount or (self.plus and spent > 0 and spent % self.amount == 0)


@attrs.frozen
class Ability:
    """An ability as its block prints it; :func:`brawl.use_ability` uses it."""

    name: str = attrs.field(validator=_required_text)
    """The ability's name."""
    action_type: str = attrs.field(validator=_one_of(ACTION_TYPES))
    """What using it costs: one of :data:`ACTION_TYPES`."""
    category: str | None = attrs.field(default=None, validator=_one_of(CATEGORIES, optional=True))
    """Signature, heroic, free strike, villain, trait or None."""
    keywords: tuple[str, ...] = attrs.field(default=(), converter=_tuple_of, validator=_keywords)
    """Keywords (Melee, Ranged, Strike, Weapon, Magic, Area...), as printed."""
    distance: Distance = attrs.field(kw_only=True, validator=_instance_of(Distance))
    """Its distance."""
    target: Target = attrs.field(kw_only=True, validator=_instance_of(Target))
    """Its target."""
    trigger: str = attrs.field(default="", kw_only=True, validator=_text)
    """A triggered ability's trigger."""
    cost: Cost | None = attrs.field(default=None, kw_only=True, validator=_instance_of(Cost, optional=True))
    """Heroic Resource or Malice spent to use it."""
    power_roll: PowerRoll | None = attrs.field(
        default=None, kw_only=True, validator=_instance_of(PowerRoll, optional=True)
    )
    """Its power roll, if it has one."""
    effect_before: str = attrs.field(default="", kw_only=True, validator=_text)
    """An effect printed before the power roll."""
    effect_after: str = attrs.field(default="", kw_only=True, validator=_text)
    """An effect printed after the power roll (the "Effect:" line)."""
    spend: tuple[Spend, ...] = attrs.field(
        default=(), kw_only=True, converter=_tuple_of, validator=_each(Spend)
    )
    """Its "Spend X" entries: more of the resource for more effect (RB-HR-03)."""
    text: str = attrs.field(default="", kw_only=True, validator=_text)
    """Flavour or the whole printed block."""

    def has_keyword(self, keyword: str) -> bool:
        """Whether the ability has this keyword, case aside."""
        return keyword.casefold() in (k.casefold() for k in self.keywords)

    @property
    def is_strike(self) -> bool:
        """Whether it is a strike (the Strike keyword)."""
        return self.has_keyword("strike")


__all__ = [
    "COUNT_WORDS",
    "PLURALS",
    "Ability",
    "Cost",
    "Distance",
    "PowerRoll",
    "Spend",
    "Target",
    "Tier",
]
