"""The effects of an ability's tiers as frozen, JSON-ready records (RB3-TIERS, RB2-POTENCY).

Each tier of a power roll keeps the effects parsed from its printed text (:func:`brawl.parse_tier`):
damage, forced movement, conditions with a duration and an optional potency, named effects,
shifts, falls, Stamina, Recoveries and resources, lasting edges and banes, choices, alternatives
behind a potency and effects for one of the targets, and the text the engine cannot resolve,
which is kept and reported, never dropped (R-ABIL-4, R-ABIL-14, R-ABIL-17..19).
"""

from __future__ import annotations

import re
from typing import Any, TypeAlias, cast

import attrs

from brawl.abilities.fields import (
    CHARACTERISTICS,
    DURATION_MARKS,
    DURATIONS,
    FORCED_KINDS,
    GAINED,
    MAX_NUMBER,
    NO_DURATION,
    POTENCY_WORDS,
    RESOURCE_WORDS,
    _characteristic_names,
    _damage_types,
    _each,
    _flag,
    _instance_of,
    _name,
    _number,
    _one_of,
    _optional_number,
    _required_text,
    _text,
    _tuple_of,
)
from brawl.conditions import ConditionName
from brawl.errors import StateError


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
        cannot = re.match(r"can[’']?t\s", self.name, re.IGNORECASE)
        if self.duration:
            text = f"{'the target ' if cannot else ''}{self.name}{DURATION_MARKS[self.duration]}"
        else:
            text = f"the target {'' if cannot else 'is '}{self.name}"
        return _with_potency(self.potency, text)


SHIFTERS = ("target", "user")
"""Who a printed shift moves: the target, or the ability's user ("the goblin shifts")."""
SHIFT_DIRECTIONS = ("", "toward the target", "away from the target")
"""The ways a printed shift may be bound to go (R-ABIL-18)."""


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
    direction: str = attrs.field(default="", kw_only=True, validator=_one_of(SHIFT_DIRECTIONS))
    """``"toward the target"`` or ``"away from the target"`` when printed ("the goblin shifts up
    to 2 squares away from the target"): the shift must end nearer to (farther from) the target
    than it began (R-ABIL-18); ``""``: any way."""

    def __attrs_post_init__(self) -> None:
        if (self.distance is None) == (not self.place.strip()):
            raise StateError("Shift: a distance or a place, one of the two")
        if self.teleport and self.distance is None:
            raise StateError("Shift.teleport: a teleport prints its distance")
        if self.direction and (self.who != "user" or self.distance is None):
            raise StateError("Shift.direction: only the user's shift of a printed distance has one")
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
        way = f" {self.direction}" if self.direction else ""
        return _with_potency(self.potency, f"the {self.who} {verb} up to {self.distance} {squares}{way}")


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
class Drain:
    """ "The user regains Stamina equal to half the damage dealt": healing through damage, the
    damage this tier dealt its target, halved (rounded down) if printed so (R-ABIL-21); a Director
    creature regains one instance only, its first target's, never the total (RB-DSTAM-06)."""

    half: bool = attrs.field(default=False, validator=_instance_of(bool))
    """Half the damage dealt, rounded down, rather than all of it."""
    who: str = attrs.field(default="user", validator=_one_of(SHIFTERS))
    """``"user"`` (the creature named by its own name) or ``"target"``."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""

    def printed(self) -> str:
        """``the user regains Stamina equal to half the damage dealt``."""
        half = "half " if self.half else ""
        return _with_potency(self.potency, f"the {self.who} regains Stamina equal to {half}the damage dealt")


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


ROLL_SCOPES = ("next strike", "next power roll", "strikes", "power rolls", "escape grab")
"""Which rolls a lasting edge or bane falls on: the creature's next strike or next power roll (then
it ends), its strikes or power rolls while it lasts, or its Escape Grab maneuver (R-ABIL-17)."""
SCOPE_WORDS = {
    "next strike": "their next strike",
    "next power roll": "their next power roll",
    "strikes": "strikes",
    "power rolls": "power rolls",
    "escape grab": "the Escape Grab maneuver",
}
"""How each scope of :data:`ROLL_SCOPES` is printed."""


@attrs.frozen
class EdgeOrBane:
    """ "The target takes a bane on their next strike", "the goblin has a double edge on its next
    power roll", "takes a bane on power rolls (save ends)": an edge or bane that lasts on a
    creature until the roll it names, or for its duration (R-ABIL-17)."""

    kind: str = attrs.field(validator=_one_of(("edge", "bane")))
    """``"edge"`` or ``"bane"``."""
    on: str = attrs.field(validator=_one_of(ROLL_SCOPES))
    """The rolls it falls on: one of :data:`ROLL_SCOPES`."""
    double: bool = attrs.field(default=False, validator=_flag)
    """A double edge or double bane."""
    who: str = attrs.field(default="target", validator=_one_of(SHIFTERS))
    """``"target"`` or ``"user"`` (the user named by its own name)."""
    duration: str = attrs.field(default=NO_DURATION, validator=_one_of((*DURATIONS, NO_DURATION)))
    """How long it lasts; ``""``: until the roll it names (or, on strikes or power rolls, until
    removed)."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""

    @property
    def condition_name(self) -> str:
        """The name it is kept by on its creature: ``taking a bane on its next strike``,
        ``gaining a double edge on power rolls`` (R-ABIL-17)."""
        scope = SCOPE_WORDS[self.on].replace("their ", "its ")
        which = f"a double {self.kind}" if self.double else ("an edge" if self.kind == "edge" else "a bane")
        return f"{'gaining' if self.kind == 'edge' else 'taking'} {which} on {scope}"

    def printed(self) -> str:
        """``the target takes a bane on their next strike``, ``the user has a double edge on power
        rolls (save ends)``."""
        verb = "takes" if self.kind == "bane" else "gains"
        which = f"{'double ' if self.double else ''}{self.kind}"
        article = "an" if which == "edge" else "a"
        lasts = DURATION_MARKS[self.duration]
        text = f"the {self.who} {verb} {article} {which} on {SCOPE_WORDS[self.on]}{lasts}"
        return _with_potency(self.potency, text)


Simple: TypeAlias = (
    Damage
    | ForcedMovement
    | ApplyCondition
    | NamedEffect
    | Shift
    | Fall
    | GainResource
    | Healing
    | LoseRecoveries
    | EdgeOrBane
)
"""An effect a choice, an alternative or a one-target clause holds (R-ABIL-18..19)."""
SIMPLE_TYPES: tuple[type, ...] = (
    Damage, ForcedMovement, ApplyCondition, NamedEffect, Shift, Fall, GainResource, Healing, LoseRecoveries,
    EdgeOrBane,
)  # fmt: skip
"""The classes of :data:`Simple`."""


def _joined_printed(effects: tuple[Simple, ...]) -> str:
    return " and ".join(e.printed() for e in effects)


def _some_effects(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _each(SIMPLE_TYPES)(instance, attribute, value)
    if not value:
        raise StateError(f"{_name(instance, attribute)}: at least one effect is needed")
    if any(isinstance(e, ForcedMovement) and e.vertical_potency is not None for e in cast(tuple[Any], value)):
        raise StateError(
            f"{_name(instance, attribute)}: a forced movement vertical behind a potency stands alone"
        )


MAX_OPTIONS = 10
"""The most options a :class:`Choice` offers."""


def _options(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _each(tuple)(instance, attribute, value)
    options = cast(tuple[tuple[Any, ...], ...], value)
    if not 2 <= len(options) <= MAX_OPTIONS:
        raise StateError(
            f"{_name(instance, attribute)}: from 2 to {MAX_OPTIONS} options are needed, got {len(options)}"
        )
    for option in options:
        _some_effects(instance, attribute, option)


def _option_tuples(value: object) -> tuple[Any, ...]:
    """Options as tuples of effects, from lists or tuples."""
    outer = _tuple_of(value)
    return tuple(_tuple_of(o) for o in outer) if isinstance(outer, tuple) else outer


@attrs.frozen
class Choice:
    """ "Push 2 or prone", "pull 3 or push 3", "bleeding, dazed, or slowed (save ends)": one of the
    options, the user's choice (by default the first printed), each option's effects applied in
    order (R-ABIL-18)."""

    options: tuple[tuple[Simple, ...], ...] = attrs.field(converter=_option_tuples, validator=_options)
    """The options, in printed order, each one or more effects."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""

    def printed(self) -> str:
        """``push 2 or prone``, ``M < 1 slide 3 or prone``, ``bleeding, dazed, or slowed``."""
        options = [_joined_printed(o) for o in self.options]
        listed = " or ".join(options) if len(options) == 2 else f"{', '.join(options[:-1])}, or {options[-1]}"
        return _with_potency(self.potency, listed)


@attrs.frozen
class Instead:
    """ "Slowed (save ends) or M < 2 restrained (save ends)", "frightened (EoT); if the target has
    I < 2 they are instead frightened (save ends)": ``effects``, or against a target that fails
    ``potency`` ``instead`` in their place (RB2-POTENCY, R-ABIL-18)."""

    effects: tuple[Simple, ...] = attrs.field(converter=_tuple_of, validator=_some_effects)
    """What a target that resists the potency gets."""
    instead: tuple[Simple, ...] = attrs.field(converter=_tuple_of, validator=_some_effects)
    """What a target that fails it gets instead."""
    potency: Potency = attrs.field(validator=_instance_of(Potency))
    """The potency that picks ``instead``."""

    def printed(self) -> str:
        """``slowed (save ends) or M < 2 restrained (save ends)``."""
        return f"{_joined_printed(self.effects)} or {self.potency.printed()} {_joined_printed(self.instead)}"


@attrs.frozen
class OneTarget:
    """ "One target is grabbed", "the other target is pushed up to 2 squares", "if one target has
    M < 2 they are bleeding (save ends)": effects for one of the ability's targets only, the first
    such clause of a tier for the first target, the next for the next (R-ABIL-19)."""

    effects: tuple[Simple, ...] = attrs.field(converter=_tuple_of, validator=_some_effects)
    """The effects, each with its own potency if printed."""
    other: bool = attrs.field(default=False, validator=_flag)
    """Printed "the other target" rather than "one target"."""
    potency: Potency | None = attrs.field(default=None, validator=_instance_of(Potency, optional=True))
    """Applies only if the target fails this potency."""

    def printed(self) -> str:
        """``one target is grabbed``, ``the other target is M < 2 bleeding (save ends)``."""
        who = "the other target" if self.other else "one target"
        return _with_potency(self.potency, f"{who} is {_joined_printed(self.effects)}")


Effect: TypeAlias = Simple | TextEffect | Choice | Instead | OneTarget | Drain
"""One parsed effect of a tier."""
EFFECT_TYPES: tuple[type, ...] = (*SIMPLE_TYPES, TextEffect, Choice, Instead, OneTarget, Drain)
"""The classes of :data:`Effect`."""


__all__ = [
    "EFFECT_TYPES",
    "GAINERS",
    "MAX_OPTIONS",
    "ROLL_SCOPES",
    "SCOPE_WORDS",
    "SHIFTERS",
    "SHIFT_DIRECTIONS",
    "SIMPLE_TYPES",
    "ApplyCondition",
    "Choice",
    "Damage",
    "Drain",
    "EdgeOrBane",
    "Effect",
    "Fall",
    "ForcedMovement",
    "GainResource",
    "Healing",
    "Instead",
    "LoseRecoveries",
    "NamedEffect",
    "OneTarget",
    "Potency",
    "Shift",
    "Simple",
    "TextEffect",
]
