"""Conditions as data: their names, durations and sources (RB1-CONDITIONS, RB2-EOT, RB2-SAVE, RB2-EOE).

A named condition (:class:`NamedCondition`) is an effect the nine conditions do not cover
("burning", "hexed"): kept by name with its duration and source, it ends like a condition
and changes nothing else (R-ABIL-16).

This module holds the model only. What each condition does (speed, edges and banes, which
actions it forbids) and how durations run out are rules, in :mod:`brawl.rules.conditions`.
Dying and winded are not stored: they follow from Stamina (DS-STAM-04, DS-STAM-06).
"""

from __future__ import annotations

from typing import Any

import attrs

from brawl.checks import check_flag, check_text, whole_number
from brawl.enums import ReprEnum
from brawl.errors import StateError


class ConditionName(ReprEnum):
    """The nine conditions of Draw Steel plus the surprised and unconscious states."""

    BLEEDING = "bleeding"
    DAZED = "dazed"
    FRIGHTENED = "frightened"
    GRABBED = "grabbed"
    PRONE = "prone"
    RESTRAINED = "restrained"
    SLOWED = "slowed"
    TAUNTED = "taunted"
    WEAKENED = "weakened"
    SURPRISED = "surprised"  # DS-COND-01
    UNCONSCIOUS = "unconscious"  # DS-COND-04..07


NINE_CONDITIONS: frozenset[ConditionName] = frozenset(
    ConditionName(n)
    for n in (
        "bleeding",
        "dazed",
        "frightened",
        "grabbed",
        "prone",
        "restrained",
        "slowed",
        "taunted",
        "weakened",
    )
)
"""The nine conditions of the glossary (RB1-CONDITIONS)."""

ONE_SOURCE: frozenset[ConditionName] = frozenset({ConditionName.FRIGHTENED, ConditionName.TAUNTED})
"""Conditions that keep one source: a new source replaces the old (RB1-CONDITIONS)."""


class Duration(ReprEnum):
    """How long a condition lasts (RB2-EOT, RB2-SAVE, RB2-EOE)."""

    EOT = "eot"
    """Until the end of the affected creature's current or next turn ("(EoT)")."""
    SAVE_ENDS = "save_ends"
    """A saving throw at the end of each of the creature's turns ends it on 6+."""
    END_OF_ENCOUNTER = "end_of_encounter"
    """Until the encounter ends."""
    END_OF_ROUND = "end_of_round"
    """Until the end of the current combat round (surprise lasts to the end of round 1)."""
    WHILE_DYING = "while_dying"
    """The bleeding of a dying hero: cannot be removed until it stops dying (DS-STAM-07)."""
    UNTIL_REMOVED = "until_removed"
    """Until a rule or a caller removes it."""


KNOCKED_OUT = "knocked out"
"""Source of the unconscious condition of a creature knocked out instead of killed (DS-STAM-13)."""


def _check_threshold(_: object, __: attrs.Attribute[int], value: int) -> None:
    whole_number(value, 1, 11, what="save threshold", error=StateError)


def _condition_name(value: str) -> ConditionName:
    try:
        return ConditionName(value)
    except ValueError:
        raise StateError(
            f"condition {value!r}: not one of {', '.join(n.value for n in ConditionName)}"
        ) from None


def _duration(value: str) -> Duration:
    try:
        return Duration(value)
    except ValueError:
        raise StateError(f"duration {value!r}: not one of {', '.join(d.value for d in Duration)}") from None


def _check_source(_: object, __: attrs.Attribute[Any], value: str | None) -> None:
    if value is not None:
        check_text(value, "condition source")


def _check_flag(_: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    check_flag(value, attribute.name)


@attrs.frozen
class Condition:
    """One instance of a condition on a creature."""

    name: ConditionName = attrs.field(converter=_condition_name)
    """Which condition."""
    duration: Duration = attrs.field(default=Duration.UNTIL_REMOVED, converter=_duration)
    """How it ends."""
    source: str | None = attrs.field(default=None, validator=_check_source)
    """The creature id (or effect name) that imposed it; frightened and taunted need it."""
    save_threshold: int = attrs.field(default=6, validator=_check_threshold)
    """For save ends: the d10 result that ends it (6, or lower with some features)."""
    can_stand: bool = attrs.field(default=True, validator=_check_flag)
    """For prone: False when the effect says "prone and can't stand"."""
    voluntary: bool = attrs.field(default=False, validator=_check_flag)
    """For prone: dropped prone on purpose, so standing is a free maneuver (DS-MTYPE-23)."""


NAMED_DURATIONS: frozenset[Duration] = frozenset(
    {
        Duration.EOT,
        Duration.SAVE_ENDS,
        Duration.END_OF_ENCOUNTER,
        Duration.END_OF_ROUND,
        Duration.UNTIL_REMOVED,
    }
)
"""The durations a named condition may have: it ends with the same hooks as a condition (R-ABIL-16)."""


def _check_named(_: object, __: attrs.Attribute[str], value: str) -> None:
    check_text(value, "named condition")
    if value != " ".join(value.split()):
        raise StateError(f"named condition {value!r}: single-spaced words are needed")
    if value in {n.value for n in ConditionName}:
        raise StateError(f"named condition {value!r}: it is a condition; keep it as a Condition")


def _check_named_duration(_: object, __: attrs.Attribute[Duration], value: Duration) -> None:
    if value not in NAMED_DURATIONS:
        raise StateError(
            f"named condition duration {value.value!r}: one of {sorted(d.value for d in NAMED_DURATIONS)}"
        )


@attrs.frozen
class NamedCondition:
    """An effect the nine conditions do not cover ("burning", "hexed", "charmed"), kept on its
    creature by name (R-ABIL-16).

    It has no rule consequence of its own: it is shown with the creature's conditions, and it
    ends as a condition of the same duration does, at the end of the creature's turn (EoT,
    RB2-EOT), on a saving throw at the end of each of its turns (RB2-SAVE), with the round or
    the encounter (RB2-EOE), or when removed.
    """

    name: str = attrs.field(validator=_check_named)
    """Its printed name: ``burning``; never one of the conditions (:class:`ConditionName`)."""
    duration: Duration = attrs.field(
        default=Duration.UNTIL_REMOVED, converter=_duration, validator=_check_named_duration
    )
    """How it ends."""
    source: str | None = attrs.field(default=None, validator=_check_source)
    """The creature id (or effect name) that imposed it."""
    save_threshold: int = attrs.field(default=6, validator=_check_threshold)
    """For save ends: the d10 result that ends it (6, or lower with some features)."""


class EffectKind(ReprEnum):
    """Lasting effects of standard actions that are not conditions (DS-ACT-03, DS-ACT-19)."""

    AIDED = "aided"
    """Aid Attack: the next ability roll an ally of the source makes against this creature gains
    an edge, until the start of the source's next turn (DS-ACT-03)."""
    DEFENDING = "defending"
    """Defend: ability rolls against this creature have a double bane, and its tests to resist
    have a double edge, until the start of its next turn (DS-ACT-19, R-TURN-5)."""


@attrs.frozen
class Effect:
    """A lasting effect on a creature that ends at the start of its source's next turn."""

    kind: EffectKind = attrs.field(converter=EffectKind)
    """Which effect."""
    source: str = attrs.field(validator=_check_source)
    """The creature whose action made it; it ends at the start of that creature's next turn."""


MODIFIER_DURATIONS: frozenset[Duration] = frozenset(
    {Duration.EOT, Duration.END_OF_ROUND, Duration.END_OF_ENCOUNTER, Duration.UNTIL_REMOVED}
)
"""The durations a stability modifier may have: it ends with the same hooks as a condition."""


def _check_amount(_: object, __: attrs.Attribute[int], value: int) -> None:
    whole_number(value, None, None, what="stability modifier", error=StateError)
    if value == 0:
        raise StateError("stability modifier 0: a penalty (below 0) or a bonus (above 0) is needed")


def _check_modifier_duration(_: object, __: attrs.Attribute[Duration], value: Duration) -> None:
    if value not in MODIFIER_DURATIONS:
        raise StateError(
            f"stability modifier duration {value.value!r}: one of "
            f"{sorted(d.value for d in MODIFIER_DURATIONS)}"
        )


@attrs.frozen
class StabilityModifier:
    """A temporary penalty (negative) or bonus (positive) to a creature's stability (DS-FORCE-16..18).

    The creature's stability is its base plus every modifier, never below 0 (DS-FORCE-18).
    It ends like a condition of the same duration: at the end of the creature's turn (EoT), of
    the round, of the encounter, or when removed.
    """

    amount: int = attrs.field(validator=_check_amount)
    """Squares added to stability: -2 for a penalty of 2."""
    duration: Duration = attrs.field(
        default=Duration.UNTIL_REMOVED, converter=Duration, validator=_check_modifier_duration
    )
    """How it ends."""
    source: str | None = None
    """The creature id or effect name that imposed it."""
