"""The ability model: an ability's printed block as frozen, JSON-ready records.

An :class:`Ability` keeps what its stat block prints: name, action type, keywords, distance,
target, trigger, cost, power roll and effects. Each tier of a power roll keeps its verbatim text
and the effects parsed from it (:func:`brawl.parse_tier`): damage, forced movement, conditions
with a duration and an optional potency, and the text the engine cannot resolve, which is kept
and reported, never dropped (RB3-TIERS, RB2-POTENCY).

Every field is checked when the record is built: a value of the wrong Python type raises
:class:`~brawl.errors.ArgumentTypeError` (a ``TypeError``), a value the rules do not know raises
:class:`~brawl.errors.StateError`; both name the field.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeAlias, cast

import attrs

from brawl.checks import is_whole_number
from brawl.conditions import ConditionName
from brawl.damagetypes import DamageType
from brawl.errors import ArgumentTypeError, StateError

CHARACTERISTICS = ("might", "agility", "reason", "intuition", "presence")
"""The five characteristics, in the order stat blocks print them (RB4-CHARACTERISTICS)."""
INITIALS = {name[0].upper(): name for name in CHARACTERISTICS}
"""A characteristic by its printed initial: ``M`` might, ``A`` agility, ``R``, ``I``, ``P``."""
POTENCY_WORDS = ("weak", "average", "strong")
"""A hero's printed potencies: highest characteristic - 2, - 1, + 0 (RB2-POTENCY)."""
FORCED_KINDS = ("push", "pull", "slide")
"""The three kinds of forced movement (DS-FORCE-01)."""
DURATIONS = ("end of turn", "save ends", "end of encounter")
"""How long a condition an ability applies lasts: (EoT), (save ends), end of encounter (RB2-EOT,
RB2-SAVE, RB2-EOE)."""
NO_DURATION = ""
"""A condition printed without a duration ("A < 2 prone", "grabbed"): it lasts until a rule ends
it (standing up, escaping the grab) (R-ABIL-5)."""
DURATION_MARKS = {"end of turn": " (EoT)", "save ends": " (save ends)", "end of encounter": " (EoE)", "": ""}
"""How each duration is printed after its condition."""
ACTION_TYPES = (
    "main action",
    "maneuver",
    "move action",
    "triggered action",
    "free triggered action",
    "free maneuver",
    "villain action",
    "none",
)
"""The action types an ability block names (DS-TURN-01..05)."""
CATEGORIES = ("signature", "heroic", "free strike", "villain", "trait")
"""The kinds of ability a stat block or hero sheet lists."""
DISTANCE_KINDS = (
    "melee",
    "ranged",
    "melee or ranged",
    "self",
    "aura",
    "burst",
    "cube",
    "line",
    "wall",
    "special",
)
"""The distances an ability block prints (R-AREA-1..6)."""
AREA_KINDS = ("aura", "burst", "cube", "line", "wall")
"""The distances that are areas: every target in the shape, not chosen one by one (R-AREA-1)."""
TARGET_KINDS = (
    "creature",
    "object",
    "creature or object",
    "enemy",
    "ally",
    "self",
    "self or ally",
    "each creature",
    "each enemy",
    "each ally",
    "special",
)
"""Who an ability may target."""
RESOURCES = ("heroic", "malice")
"""What an ability's cost spends: the hero's Heroic Resource or the Director's Malice."""
GAINED = (*RESOURCES, "surges")
"""What an ability's text may give: Heroic Resource, Malice or surges (RB-SURGE-01)."""
RESOURCE_WORDS = (
    "wrath", "piety", "essence", "ferocity", "discipline", "insight", "focus", "clarity", "drama", "rage",
)  # fmt: skip
"""The Heroic Resources' printed names (RB-HR-01; rage: the fury's older name)."""
MAX_TEXT = 4_000
"""The longest printed text a record keeps, in characters."""
MAX_NUMBER = 1_000
"""The largest number an ability prints (damage, distance, potency, cost)."""


# --- field checks -------------------------------------------------------------------------------
def _name(instance: object, attribute: attrs.Attribute[Any]) -> str:
    return f"{type(instance).__name__}.{attribute.name}"


def _text(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str):
        raise ArgumentTypeError(
            f"{_name(instance, attribute)} {value!r}: a string is needed, not {type(value).__name__}",
            rule=(),
        )
    if len(value) > MAX_TEXT:
        raise StateError(f"{_name(instance, attribute)}: at most {MAX_TEXT} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise StateError(f"{_name(instance, attribute)} {value!r}: holds a lone surrogate") from None


def _required_text(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _text(instance, attribute, value)
    if not str(value).strip():
        raise StateError(f"{_name(instance, attribute)} {value!r}: a non-empty text is needed")


def _number(lo: int, hi: int = MAX_NUMBER) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not is_whole_number(value):
            raise ArgumentTypeError(
                f"{_name(instance, attribute)} {value!r}: a whole number is needed, "
                f"not {type(value).__name__}",
                rule=(),
            )
        if not lo <= value <= hi:
            raise StateError(f"{_name(instance, attribute)} {value!r}: a whole number from {lo} to {hi}")

    return check


def _optional_number(lo: int, hi: int = MAX_NUMBER) -> Any:
    inner = _number(lo, hi)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            inner(instance, attribute, value)

    return check


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{_name(instance, attribute)} {value!r}: True or False is needed", rule=())


def _one_of(choices: Iterable[str], *, optional: bool = False) -> Any:
    allowed = tuple(choices)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if optional and value is None:
            return
        if not isinstance(value, str):
            raise ArgumentTypeError(
                f"{_name(instance, attribute)} {value!r}: a string is needed, not {type(value).__name__}",
                rule=(),
            )
        if value not in allowed:
            raise StateError(f"{_name(instance, attribute)} {value!r}: not one of {', '.join(allowed)}")

    return check


def _tuple_of(value: object) -> tuple[Any, ...]:
    """A tuple from a list or tuple (not from a string, which would split into letters)."""
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return value  # type: ignore[return-value]  # the validator refuses it by name


def _kinds(kind: type | tuple[type, ...]) -> str:
    return " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))


def _each(kind: type | tuple[type, ...], check: Any = None) -> Any:
    def validate(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, tuple):
            raise ArgumentTypeError(
                f"{_name(instance, attribute)} {value!r}: a tuple is needed, not {type(value).__name__}",
                rule=(),
            )
        for item in value:
            if not isinstance(item, kind):
                raise ArgumentTypeError(
                    f"{_name(instance, attribute)} item {item!r}: not a {_kinds(kind)}", rule=()
                )
            if check is not None:
                check(instance, attribute, item)

    return validate


def _characteristic_names(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _each(str, _one_of(CHARACTERISTICS))(instance, attribute, value)
    names = cast(tuple[str, ...], value)
    if len(set(names)) != len(names):
        raise StateError(f"{_name(instance, attribute)} {value!r}: a characteristic is named twice")


def _damage_types(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _each(str, _one_of(t.value for t in DamageType))(instance, attribute, value)


def _keywords(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _each(str, _required_text)(instance, attribute, value)


def _instance_of(kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if optional and value is None:
            return
        if not isinstance(value, kind):
            raise ArgumentTypeError(f"{_name(instance, attribute)} {value!r}: not a {_kinds(kind)}", rule=())

    return check


# --- potency and effects ------------------------------------------------------------------------
def _potency_value(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, str):
        if value not in POTENCY_WORDS:
            raise StateError(
                f"{_name(instance, attribute)} {value!r}: a number or one of {', '.join(POTENCY_WORDS)}"
            )
        return
    _number(-MAX_NUMBER)(instance, attribute, value)


@attrs.frozen
class Potency:
    """A potency: the effect applies only if the target's ``characteristic`` is less than ``value``.

    ``value`` is a number (monsters print numbers) or ``"weak"`` / ``"average"`` / ``"strong"``
    (heroes: their highest characteristic - 2 / - 1 / + 0) (RB2-POTENCY).
    """

    characteristic: str = attrs.field(validator=_one_of(CHARACTERISTICS))
    """Which characteristic of the target is checked."""
    value: int | str = attrs.field(validator=_potency_value)
    """The number the characteristic must be below, or weak / average / strong."""

    def printed(self) -> str:
        """The potency as a block prints it: ``M < 2``, ``A < average``."""
        return f"{self.characteristic[0].upper()} < {self.value}"


@attrs.frozen
class Damage:
    """Damage: ``amount`` plus the user's score in one of ``characteristics``, of ``types``.

    "6 + M fire damage" is ``Damage(6, ("might",), ("fire",))``; "2 + M or A damage" names two
    characteristics, of which the user adds the highest (R-ABIL-2).
    """

    amount: int = attrs.field(validator=_number(0))
    """The printed number."""
    characteristics: tuple[str, ...] = attrs.field(
        default=(), converter=_tuple_of, validator=_characteristic_names
    )
    """The characteristic(s) whose score is added; the highest of them if several."""
    types: tuple[str, ...] = attrs.field(default=(), converter=_tuple_of, validator=_damage_types)
    """Damage types; empty: untyped. Several: the user picks one (R-ABIL-3)."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """A potency this damage depends on, rarely printed."""

    def printed(self) -> str:
        """The damage as a block prints it: ``6 + M fire damage``."""
        added = " or ".join(c[0].upper() for c in self.characteristics)
        text = f"{self.amount}{f' + {added}' if added else ''}"
        kinds = " or ".join(self.types)
        return _with_potency(self.potency, f"{text}{f' {kinds}' if kinds else ''} damage")


@attrs.frozen
class ForcedMovement:
    """Push, pull or slide ``distance`` squares, ``vertical`` if printed so (DS-FORCE-01..10); or
    vertical only against a target that fails ``vertical_potency`` ("push 3; A < 0 forced movement
    is vertical", RB2-POTENCY)."""

    kind: str = attrs.field(validator=_one_of(FORCED_KINDS))
    """``"push"``, ``"pull"`` or ``"slide"``."""
    distance: int = attrs.field(validator=_number(0))
    """Squares (the most: the forcer may move fewer, DS-FORCE-05)."""
    vertical: bool = attrs.field(default=False, validator=_flag)
    """A vertical push, pull or slide (DS-FORCE-10)."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency (RB2-POTENCY)."""
    vertical_potency: Potency | None = attrs.field(
        default=None, kw_only=True, validator=_instance_of(Potency, optional=True)
    )
    """Vertical only against a target that fails this potency (not with ``vertical``)."""
    toward_center: bool = attrs.field(default=False, kw_only=True, validator=_flag)
    """A pull toward the center of the ability's area ("pull 3 toward the center of the cube"),
    not toward the user (R-ABIL-15)."""
    ignore_stability: bool = attrs.field(default=False, kw_only=True, validator=_flag)
    """"Push 10, ignoring stability": the target's stability takes nothing off (DS-FORCE-16)."""

    def __attrs_post_init__(self) -> None:
        if self.vertical and self.vertical_potency is not None:
            raise StateError("ForcedMovement: vertical, or vertical behind a potency, not both")
        if self.toward_center and self.kind != "pull":
            raise StateError(
                f"ForcedMovement.toward_center: only a pull goes toward the center, not a {self.kind}"
            )

    def printed(self) -> str:
        """The forced movement as a block prints it: ``vertical push 3``, ``push 3; A < 0 the push
        is vertical``."""
        center = " toward the center of the area" if self.toward_center else ""
        ignoring = ", ignoring stability" if self.ignore_stability else ""
        moved = _with_potency(
            self.potency,
            f"{'vertical ' if self.vertical else ''}{self.kind} {self.distance}{center}{ignoring}",
        )
        if self.vertical_potency is None:
            return moved
        return f"{moved}; {_with_potency(self.vertical_potency, f'the {self.kind} is vertical')}"


@attrs.frozen
class ApplyCondition:
    """A condition applied with a duration, often behind a potency (RB1-CONDITIONS, RB2-POTENCY)."""

    condition: str = attrs.field(validator=_one_of(c.value for c in ConditionName))
    """The condition's name (``"prone"``, ``"slowed"``...)."""
    duration: str = attrs.field(validator=_one_of((*DURATIONS, NO_DURATION)))
    """``"end of turn"`` (EoT), ``"save ends"``, ``"end of encounter"``, or ``""``: none printed."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""
    can_stand: bool = attrs.field(default=True, kw_only=True, validator=_flag)
    """False for "prone and can't stand": the target can't stand up while it lasts (RB1-PRONE)."""

    def __attrs_post_init__(self) -> None:
        if not self.can_stand and self.condition != "prone":
            raise StateError(
                f"ApplyCondition.can_stand False: only prone can forbid standing, not {self.condition!r}"
            )

    def printed(self) -> str:
        """The condition as a block prints it: ``A < 2 prone``, ``slowed (save ends)``,
        ``prone and can't stand (EoT)``."""
        name = self.condition if self.can_stand else "prone and can't stand"
        return _with_potency(self.potency, f"{name}{DURATION_MARKS[self.duration]}")


def _effect_name(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _required_text(instance, attribute, value)
    text = str(value)
    if ";" in text or text != " ".join(text.split()) or text.endswith(")"):
        raise StateError(
            f"{_name(instance, attribute)} {value!r}: one clause of single-spaced words, "
            "not ending in a bracket"
        )


@attrs.frozen
class NamedEffect:
    """A lasting effect the nine conditions do not cover ("burning (save ends)", "the target is
    charmed"): kept by its printed name with its duration, shown to the table (R-ABIL-14)."""

    name: str = attrs.field(validator=_effect_name)
    """Its printed words without "the target is" and the duration: ``burning``, ``hexed``."""
    duration: str = attrs.field(default=NO_DURATION, validator=_one_of((*DURATIONS, NO_DURATION)))
    """``"end of turn"`` (EoT), ``"save ends"``, ``"end of encounter"``, or ``""``: none printed."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""

    def printed(self) -> str:
        """As a block prints it: ``burning (save ends)``; ``the target is charmed`` without a duration."""
        text = (
            f"{self.name}{DURATION_MARKS[self.duration]}" if self.duration else f"the target is {self.name}"
        )
        return _with_potency(self.potency, text)


SHIFTERS = ("target", "user")
"""Who a printed shift moves: the target, or the ability's user ("the goblin shifts")."""


@attrs.frozen
class Shift:
    """ "The target shifts up to 2 squares", "the goblin can shift 3 squares", "the target can shift
    into the nearest unoccupied space outside the pit": a shift whose path the mover chooses
    (DS-MOVE-09, DS-MOVE-10, R-ABIL-14)."""

    distance: int | None = attrs.field(validator=_optional_number(1))
    """The most squares shifted; None: to ``place``."""
    who: str = attrs.field(default="target", validator=_one_of(SHIFTERS))
    """``"target"`` or ``"user"``."""
    place: str = attrs.field(default="", validator=_text)
    """Where it shifts to, when printed instead of a distance ("the nearest unoccupied space")."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""
    teleport: bool = attrs.field(default=False, kw_only=True, validator=_flag)
    """A teleport of up to ``distance`` squares instead ("the wraith can teleport up to 3 squares",
    DS-TELE-01..09)."""

    def __attrs_post_init__(self) -> None:
        if (self.distance is None) == (not self.place.strip()):
            raise StateError("Shift: a distance or a place, one of the two")
        if self.teleport and self.distance is None:
            raise StateError("Shift.teleport: a teleport prints its distance")
        if self.place and not self.place.lower().startswith(
            ("the nearest unoccupied space", "the nearest unoccupied square")
        ):
            raise StateError(f"Shift.place {self.place!r}: the nearest unoccupied space...")

    def printed(self) -> str:
        """``the target shifts up to 2 squares``, ``the target shifts into the nearest unoccupied space``."""
        if self.distance is None:
            return _with_potency(self.potency, f"the {self.who} shifts into {self.place}")
        squares = "square" if self.distance == 1 else "squares"
        verb = "teleports" if self.teleport else "shifts"
        return _with_potency(self.potency, f"the {self.who} {verb} up to {self.distance} {squares}")


@attrs.frozen
class Fall:
    """ "The target falls": it falls if nothing holds it up (DS-FALL-01, R-ABIL-14)."""

    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""

    def printed(self) -> str:
        """``the target falls``."""
        return _with_potency(self.potency, "the target falls")


@attrs.frozen
class Healing:
    """ "The target regains 6 Stamina": Stamina regained, up to its maximum (R-STAM-5, R-ABIL-14)."""

    amount: int = attrs.field(validator=_number(1))
    """The Stamina regained."""
    who: str = attrs.field(default="target", validator=_one_of(SHIFTERS))
    """``"target"`` or ``"user"`` (another creature named: the user)."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""

    def printed(self) -> str:
        """``the target regains 6 Stamina``."""
        return _with_potency(self.potency, f"the {self.who} regains {self.amount} Stamina")


@attrs.frozen
class LoseRecoveries:
    """ "The target loses 2 Recoveries", "the target loses 1d3 Recoveries": Recoveries taken away,
    a number or ``count`` dice of ``sides`` faces (DS-STAM-01, R-ABIL-14)."""

    count: int = attrs.field(validator=_number(1, 100))
    """The Recoveries lost, or the number of dice."""
    sides: int = attrs.field(default=0, validator=_number(0, 100))
    """0: ``count`` is the number lost; else the faces of the dice rolled."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""

    def __attrs_post_init__(self) -> None:
        if self.sides == 1:
            raise StateError("LoseRecoveries.sides 1: a die has at least 2 faces (0: no dice)")

    def printed(self) -> str:
        """``the target loses 1d3 Recoveries``, ``the target loses 1 Recovery``."""
        if self.sides:
            return _with_potency(self.potency, f"the target loses {self.count}d{self.sides} Recoveries")
        word = "Recovery" if self.count == 1 else "Recoveries"
        return _with_potency(self.potency, f"the target loses {self.count} {word}")


GAINERS = ("user", "target", "director")
"""Who a printed gain goes to: the user, the target, or the Director (Malice)."""


@attrs.frozen
class GainResource:
    """ "The Director gains 2 Malice", "the target gains 1 rage": a resource gained (R-ABIL-14)."""

    amount: int = attrs.field(validator=_number(1))
    """How much is gained."""
    resource: str = attrs.field(validator=_one_of(GAINED))
    """``"malice"`` (the Director's), ``"heroic"`` (a hero's Heroic Resource) or ``"surges"``
    (RB-SURGE-01)."""
    who: str = attrs.field(default="user", validator=_one_of(GAINERS))
    """``"user"``, ``"target"`` or ``"director"`` (Malice only)."""
    word: str = attrs.field(default="", validator=_text)
    """The resource's printed name (``rage``, ``focus``); empty: "Heroic Resource" or "Malice"."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""

    def __attrs_post_init__(self) -> None:
        if (self.who == "director") != (self.resource == "malice"):
            raise StateError(
                f"GainResource: the Director gains Malice, and only the Director "
                f"({self.who!r}, {self.resource!r})"
            )
        if self.word and self.word.lower() not in RESOURCE_WORDS:
            raise StateError(f"GainResource.word {self.word!r}: not one of {', '.join(RESOURCE_WORDS)}")

    def printed(self) -> str:
        """``the Director gains 2 Malice``, ``the target gains 1 rage``."""
        if self.resource == "malice":
            return _with_potency(self.potency, f"the Director gains {self.amount} Malice")
        what = "surges" if self.resource == "surges" else self.word or "Heroic Resource"
        return _with_potency(self.potency, f"the {self.who} gains {self.amount} {what}")


@attrs.frozen
class TextEffect:
    """Text the engine cannot resolve: kept, and reported as an event for the table to apply."""

    text: str = attrs.field(validator=_required_text)
    """The printed words."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """A potency printed before the words, checked and reported with them."""

    def printed(self) -> str:
        """The words, after their potency if any."""
        return _with_potency(self.potency, self.text)


def _with_potency(potency: Potency | None, text: str) -> str:
    return text if potency is None else f"{potency.printed()} {text}"


Effect: TypeAlias = (
    Damage
    | ForcedMovement
    | ApplyCondition
    | NamedEffect
    | Shift
    | Fall
    | GainResource
    | Healing
    | LoseRecoveries
    | TextEffect
)
"""One parsed effect of a tier."""
EFFECT_TYPES: tuple[type, ...] = (
    Damage, ForcedMovement, ApplyCondition, NamedEffect, Shift, Fall, GainResource, Healing, LoseRecoveries,
    TextEffect,
)  # fmt: skip
"""The classes of :data:`Effect`."""


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

    def __attrs_post_init__(self) -> None:
        if self.kind == "special" and not self.text.strip():
            raise StateError("Target.text: a special target needs its printed words")
        if self.kind.startswith("each ") and self.count is not None:
            raise StateError(f"Target.count {self.count}: {self.kind!r} is every one, count None")

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
        if self.count == 1:
            return f"One {self.kind}"
        return f"{_count_word(self.count).capitalize()} {_plural(self.kind)}"


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
    "ACTION_TYPES",
    "AREA_KINDS",
    "CATEGORIES",
    "CHARACTERISTICS",
    "COUNT_WORDS",
    "DISTANCE_KINDS",
    "DURATIONS",
    "DURATION_MARKS",
    "EFFECT_TYPES",
    "FORCED_KINDS",
    "GAINED",
    "GAINERS",
    "INITIALS",
    "NO_DURATION",
    "PLURALS",
    "POTENCY_WORDS",
    "RESOURCES",
    "RESOURCE_WORDS",
    "SHIFTERS",
    "TARGET_KINDS",
    "Ability",
    "ApplyCondition",
    "Cost",
    "Damage",
    "Distance",
    "Effect",
    "Fall",
    "ForcedMovement",
    "GainResource",
    "Healing",
    "LoseRecoveries",
    "NamedEffect",
    "Potency",
    "PowerRoll",
    "Shift",
    "Target",
    "TextEffect",
    "Tier",
]
