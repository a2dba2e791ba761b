"""The turn requests every system shares: start and end combat, turns, rounds and actions.

Each record carries the choices of its rule; ``resolve`` runs it under the system in play and
``verify`` makes the system's cheap checks (DS-SIDE-04, DS-SIDE-08, DS-SIDE-11, DS-TURN-01,
DS-END-01; the zone and initiative games' equivalents).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import attrs

from brawl.checks import whole_number
from brawl.creature import DIRECTOR, HEROES
from brawl.errors import ArgumentTypeError, InvalidArgumentError, RulesError
from brawl.fields import flag, ids, text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter
from brawl.turns.base import call, check_options, chosen_system, close_combat, system_of, verify_no_combat

DRAW_STEEL_NAMES = ("drawsteel", "drawsteel-agility")
"""The systems that take Draw Steel's start-of-combat choices (DS-SIDE-05, DS-SIDE-06, DS-SIDE-14)."""
SAVE_DIE = 10  # RB2-SAVE: a saving throw is a d10


def creature_ids(value: Iterable[str]) -> tuple[str, ...]:
    """Field converter: creature ids as a tuple of strings (a bare string is refused)."""
    return ids(value, "ids")


def optional_ids(value: Iterable[str] | None) -> tuple[str, ...] | None:
    """Field converter: None, or creature ids as a tuple of strings."""
    return None if value is None else creature_ids(value)


def whole_numbers(value: object) -> tuple[int, ...]:
    """Field converter: whole numbers as a tuple."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"numbers {value!r}: a list of whole numbers", rule=())
    items = tuple(value)
    for item in items:
        whole_number(item, what=f"numbers {value!r}", error=ArgumentTypeError)
    return items


def pairs(value: object) -> tuple[tuple[str, int], ...]:
    """Field converter: a mapping of creature id to a whole number, as sorted (id, number) pairs."""
    items = value.items() if isinstance(value, Mapping) else value
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"{value!r}: a mapping of creature id to a whole number", rule=())
    out: list[tuple[str, int]] = []
    for item in items:
        if not isinstance(item, tuple | list) or len(item) != 2 or not isinstance(item[0], str):
            raise ArgumentTypeError(f"{value!r}: {item!r} is no (creature id, number) pair", rule=())
        out.append((item[0], whole_number(item[1], what=f"value of {item[0]!r}", error=ArgumentTypeError)))
    return tuple(out)


def kept(value: object) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Field converter: a mapping of creature id to condition names, as (id, names) pairs."""
    items = value.items() if isinstance(value, Mapping) else value
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"keep {value!r}: a mapping of creature id to condition names", rule=())
    out: list[tuple[str, tuple[str, ...]]] = []
    for item in items:
        if not isinstance(item, tuple | list) or len(item) != 2 or not isinstance(item[0], str):
            raise ArgumentTypeError(f"keep {value!r}: {item!r} is no (creature id, names) pair", rule=())
        out.append((item[0], creature_ids(item[1])))
    return tuple(out)


def given(**choices: Any) -> dict[str, Any]:
    """The choices actually made (not None, not False), to pass to the system in play."""
    return {k: v for k, v in choices.items() if v is not None and v is not False}


@attrs.frozen(repr=False)
class Request(Action):
    """A request whose repr names only the fields that differ from their defaults."""

    base: ClassVar[bool] = True

    def __repr__(self) -> str:
        parts = []
        for f in attrs.fields(type(self)):
            value = getattr(self, f.name)
            if f.default is attrs.NOTHING or value != f.default:
                parts.append(f"{f.name}={value!r}")
        return f"{type(self).__name__}({', '.join(parts)})"


def verified(action: Action, state: Encounter) -> bool:
    """Whether the request's cheap checks pass (``verify`` raises no :class:`RulesError`)."""
    try:
        action.verify(state)
    except RulesError:
        return False
    return True


@attrs.frozen(repr=False)
class StartCombat(Request):
    """:func:`brawl.start_combat` with Draw Steel's choices (DS-SIDE-05, DS-SIDE-06, DS-SIDE-14).

    ``system`` is a registered name: "drawsteel", "drawsteel-agility" (the alternative order),
    or another system started without choices ("zone", "initiative").
    """

    system: str = attrs.field(default="drawsteel", validator=text())
    surprised: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)
    first_side: str | None = attrs.field(default=None, validator=text(optional=True))
    d10: int | None = attrs.field(default=None, validator=whole(optional=True))
    players_choice: str = attrs.field(default=HEROES, validator=text())
    director_choice: str = attrs.field(default=DIRECTOR, validator=text())
    malice: int = attrs.field(default=0, validator=whole("RB6-MALICE", lo=0))
    """The Director's starting Malice, the heroes' average Victories (RB6-MALICE)."""

    def _choices(self) -> dict[str, Any]:
        if self.system in DRAW_STEEL_NAMES:
            return {
                "surprised": self.surprised,
                "first_side": self.first_side,
                "d10": self.d10,
                "players_choice": self.players_choice,
                "director_choice": self.director_choice,
                "malice": self.malice,
            }
        if self != StartCombat(self.system):
            raise InvalidArgumentError(
                f"start combat under {self.system!r}: the Draw Steel choices do not apply", rule=()
            )
        return {}

    def verify(self, state: Encounter) -> None:
        verify_no_combat(state)
        call(chosen_system(self.system), "verify_start", state, **self._choices())

    def resolve(self, state: Encounter) -> Outcome:
        verify_no_combat(state)
        return call(chosen_system(self.system), "start", state, **self._choices())  # type: ignore[no-any-return]


@attrs.frozen(repr=False)
class StartTurn(Request):
    """:func:`brawl.start_turn`; ``together``, ``reserve`` and ``sprint`` are the zone game's."""

    creature: str = attrs.field(validator=text())
    together: tuple[str, ...] | None = attrs.field(default=None, converter=optional_ids)
    reserve: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)
    sprint: bool = attrs.field(default=False, validator=flag())

    def _choices(self) -> dict[str, Any]:
        return given(together=self.together, reserve=self.reserve or None, sprint=self.sprint)

    def verify(self, state: Encounter) -> None:
        system, choices = system_of(state), self._choices()
        if choices:
            check_options(system, "verify_start_turn", choices)
        system.verify_start_turn(state, self.creature, **choices)

    def resolve(self, state: Encounter) -> Outcome:
        system, choices = system_of(state), self._choices()
        if choices:
            check_options(system, "start_turn", choices)
        return system.start_turn(state, self.creature, **choices)


@attrs.frozen(repr=False)
class EndTurn(Request):
    """:func:`brawl.end_turn`; ``saving_throws`` are the caller's d10s, in condition order (RB2-SAVE),
    ``named_saving_throws`` in named-condition order (R-ABIL-16)."""

    saving_throws: tuple[int, ...] = attrs.field(default=(), converter=whole_numbers)
    named_saving_throws: tuple[int, ...] = attrs.field(default=(), converter=whole_numbers)

    def _choices(self) -> dict[str, Any]:
        choices: dict[str, Any] = {}
        if self.saving_throws:
            choices["saving_throws"] = dict(enumerate(self.saving_throws))
        if self.named_saving_throws:
            choices["named_saving_throws"] = dict(enumerate(self.named_saving_throws))
        return choices

    def verify(self, state: Encounter) -> None:
        system = system_of(state)
        if self.saving_throws or self.named_saving_throws:
            check_options(system, "end_turn", self._choices())
        system.verify_end_turn(state)
        for value in (*self.saving_throws, *self.named_saving_throws):
            whole_number(value, 1, SAVE_DIE, what="saving throw", rule="RB2-SAVE")

    def resolve(self, state: Encounter) -> Outcome:
        system = system_of(state)
        if not (self.saving_throws or self.named_saving_throws):
            return system.end_turn(state)
        choices = self._choices()
        check_options(system, "end_turn", choices)
        return system.end_turn(state, **choices)


@attrs.frozen(repr=False)
class EndRound(Request):
    """:func:`brawl.end_round` (R-TURN-4); ``opener`` is the zone game's (Z-TURN-06).

    ``suffocation_rolls`` (id, d6) pairs and ``breathes_water`` are Draw Steel's (DS-ENV-03, -04).
    """

    opener: str | None = attrs.field(default=None, validator=text(optional=True))
    suffocation_rolls: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=pairs)
    breathes_water: tuple[str, ...] | None = attrs.field(default=None, converter=optional_ids)

    def _choices(self) -> dict[str, Any]:
        rolls = dict(self.suffocation_rolls) or None
        return given(opener=self.opener, suffocation_rolls=rolls, breathes_water=self.breathes_water)

    def verify(self, state: Encounter) -> None:
        system, choices = system_of(state), self._choices()
        if choices:
            check_options(system, "verify_end_round", choices)
        system.verify_end_round(state, **choices)

    def resolve(self, state: Encounter) -> Outcome:
        system, choices = system_of(state), self._choices()
        if choices:
            check_options(system, "end_round", choices)
        return system.end_round(state, **choices)


@attrs.frozen(repr=False)
class UseAction(Request):
    """:func:`brawl.use_action`: spend part of the turn (main, maneuver, move, ...).

    ``slow``, ``held``, ``action``, ``trigger`` and ``fast`` are the initiative game's (I-SLOW-01,
    I-HOLD-02, I-TURN-03).
    """

    creature: str = attrs.field(validator=text())
    kind: str = attrs.field(validator=text())
    name: str | None = attrs.field(default=None, validator=text(optional=True))
    slow: bool = attrs.field(default=False, validator=flag())
    held: str | None = attrs.field(default=None, validator=text(optional=True))
    action: str | None = attrs.field(default=None, validator=text(optional=True))
    trigger: str | None = attrs.field(default=None, validator=text(optional=True))
    fast: bool = attrs.field(default=False, validator=flag())

    def _choices(self) -> dict[str, Any]:
        choices = given(
            name=self.name, slow=self.slow, held=self.held, action=self.action, trigger=self.trigger
        )
        return choices | given(fast=self.fast)

    def verify(self, state: Encounter) -> None:
        system, choices = system_of(state), self._choices()
        if choices:
            check_options(system, "verify_action", choices)
        system.verify_action(state, self.creature, self.kind, **choices)

    def resolve(self, state: Encounter) -> Outcome:
        system, choices = system_of(state), self._choices()
        if choices:
            check_options(system, "use_action", choices)
        return system.use_action(state, self.creature, self.kind, **choices)


@attrs.frozen(repr=False)
class EndCombat(Request):
    """:func:`brawl.end_combat` (DS-END-01); kept conditions (DS-COND-15) and temporary Stamina
    (DS-STAM-22) are Draw Steel's: ``keep`` lists (id, condition names) pairs."""

    keep: tuple[tuple[str, tuple[str, ...]], ...] = attrs.field(default=(), converter=kept)
    keep_temporary_stamina: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)

    def _choices(self) -> dict[str, Any]:
        return given(keep=dict(self.keep) or None, keep_temporary_stamina=self.keep_temporary_stamina or None)

    def verify(self, state: Encounter) -> None:
        check_options(system_of(state), "end_combat", self._choices())
        for cid, _ in self.keep:
            state.creature(cid)
        for cid in self.keep_temporary_stamina:
            state.creature(cid)

    def resolve(self, state: Encounter) -> Outcome:
        return close_combat(state, **self._choices())


__all__ = ["EndCombat", "EndRound", "EndTurn", "StartCombat", "StartTurn", "UseAction"]
