"""The field checks and the constants of the ability records (:mod:`brawl.abilities.model`,
:mod:`brawl.abilities.effects`): what each field of a record may hold.

A value of the wrong Python type raises :class:`~brawl.errors.ArgumentTypeError` (a
``TypeError``), a value the rules do not know raises :class:`~brawl.errors.StateError`; both name
the field.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import attrs

from brawl.checks import is_whole_number
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


__all__ = [
    "ACTION_TYPES",
    "AREA_KINDS",
    "CATEGORIES",
    "CHARACTERISTICS",
    "DISTANCE_KINDS",
    "DURATIONS",
    "DURATION_MARKS",
    "FORCED_KINDS",
    "GAINED",
    "INITIALS",
    "MAX_NUMBER",
    "MAX_TEXT",
    "NO_DURATION",
    "POTENCY_WORDS",
    "RESOURCES",
    "RESOURCE_WORDS",
    "TARGET_KINDS",
]
