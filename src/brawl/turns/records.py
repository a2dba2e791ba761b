"""The turn requests every system shares: start and end combat, turns, rounds and actions.

Each record declares the choices of its rule once, for every turn system: the fields after its
own (``creature``, ``kind``) are options of one system or another. ``resolve`` runs the rule
under the system in play, passing on the options given (those not at their default), and
``verify`` makes the system's cheap checks (DS-SIDE-04, DS-SIDE-08, DS-SIDE-11, DS-TURN-01,
DS-END-01; the zone and initiative games' equivalents). An option the system in play does not
take is an :class:`~brawl.errors.ArgumentTypeError` naming it and the system
(:func:`~brawl.turns.base.check_options`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

import attrs

from brawl.checks import whole_number
from brawl.creature import DIRECTOR, HEROES
from brawl.dice import SAVE_DIE_SIDES
from brawl.errors import ArgumentTypeError, RulesError, shown
from brawl.fields import flag, ids, text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.recoveries import token_stamina_field
from brawl.rules.squads import check_squads
from brawl.state import Encounter
from brawl.turns.base import (
    call,
    check_options,
    close_combat,
    system_name,
    system_named,
    system_of,
    verify_no_combat,
)
from brawl.turns.drawsteel_flow import end_turn as end_drawsteel_turn
from brawl.turns.drawsteel_flow import start_turn as start_drawsteel_turn
from brawl.turns.drawsteel_turn import DrawSteelTurn

_T = TypeVar("_T")

MAX_SAVE_INDEX = 999
"""Largest condition index a saving throw may be given for (a sanity bound, not a rule)."""
AS_GIVEN = "brawl.as_given"
"""Field metadata: how an option's stored value is passed to the system (a mapping as a dict)."""


def creature_ids(value: Iterable[str]) -> tuple[str, ...]:
    """Field converter: creature ids as a tuple of strings (a bare string is refused)."""
    return ids(value, "ids")


def optional_ids(value: Iterable[str] | None) -> tuple[str, ...] | None:
    """Field converter: None, or creature ids as a tuple of strings."""
    return None if value is None else creature_ids(value)


def _keyed(
    value: object, expected: str, pair: str, convert: Callable[[str, object], _T]
) -> tuple[tuple[str, _T], ...]:
    """The (key, value) items of a mapping or of a sequence of pairs, each value converted; a
    value of another shape is an :class:`~brawl.errors.ArgumentTypeError` saying ``expected``."""
    items = value.items() if isinstance(value, Mapping) else value
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"{shown(value)}: {expected}", rule=())
    out: list[tuple[str, _T]] = []
    for item in items:
        if not isinstance(item, tuple | list) or len(item) != 2 or not isinstance(item[0], str):
            raise ArgumentTypeError(f"{shown(value)}: {shown(item)} is no {pair} pair", rule=())
        out.append((item[0], convert(item[0], item[1])))
    return tuple(out)


def _number(key: str, value: object) -> int:
    return whole_number(value, what=f"value of {key!r}", error=ArgumentTypeError)


def _numbers(key: str, value: object) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"numbers of {key!r} {shown(value)}: a list of whole numbers", rule=())
    return tuple(_number(key, n) for n in value)


def _names(key: str, value: object) -> tuple[str, ...]:
    return ids(value, f"keep of {key!r}")


def pairs(value: object) -> tuple[tuple[str, int], ...]:
    """Field converter: a mapping of creature id to a whole number, as (id, number) pairs."""
    return _keyed(value, "a mapping of creature id to a whole number", "(creature id, number)", _number)


def numbers_by_id(value: Mapping[str, int] | Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """Field converter: :func:`pairs`, typed for the callers of a verb (``{id: number}``)."""
    return pairs(value)


def optional_pairs(
    value: Mapping[str, int] | Iterable[tuple[str, int]] | None,
) -> tuple[tuple[str, int], ...] | None:
    """Field converter: None, or a mapping of creature id to a whole number as (id, number) pairs."""
    return None if value is None else pairs(value)


def number_lists(
    value: Mapping[str, Iterable[int]] | Iterable[tuple[str, Iterable[int]]],
) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Field converter: a mapping of id to whole numbers, as (id, numbers) pairs."""
    return _keyed(value, "a mapping of id to a list of whole numbers", "(id, numbers)", _numbers)


def kept(
    value: Mapping[str, Iterable[str]] | Iterable[tuple[str, Iterable[str]]],
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Field converter: a mapping of creature id to condition names, as (id, names) pairs."""
    return _keyed(value, "keep: a mapping of creature id to condition names", "(creature id, names)", _names)


def save_rolls(value: Mapping[int, int] | Iterable[int | None]) -> tuple[int | None, ...]:
    """Field converter: the caller's saving throws by condition index, ``{index: d10}`` or the d10s
    in index order, as a tuple by index (None: a condition with no die given, rolled by the RNG)."""
    if type(value) is tuple and not value:  # the usual case: no die given
        return value
    if isinstance(value, Mapping):
        by_index: dict[int, int] = {}
        for key, roll in value.items():
            index = whole_number(key, 0, MAX_SAVE_INDEX, what="saving throw index", rule="RB2-SAVE")
            by_index[index] = whole_number(roll, what=f"saving throw {index}", error=ArgumentTypeError)
        rolls: list[int | None] = [by_index.get(i) for i in range(max(by_index, default=-1) + 1)]
    elif isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"saving throws {shown(value)}: a mapping of condition index to a d10, or the d10s in order",
            rule=(),
        )
    else:
        rolls = [
            None if roll is None else whole_number(roll, what="saving throw", error=ArgumentTypeError)
            for roll in value
        ]
    while rolls and rolls[-1] is None:
        rolls.pop()
    return tuple(rolls)


def by_index(rolls: tuple[int | None, ...]) -> dict[int, int]:
    """The saving throws given, ``{condition index: d10}``, as the turn system takes them."""
    return {i: roll for i, roll in enumerate(rolls) if roll is not None}


def _as_dict(value: Sequence[tuple[Any, Any]] | None) -> dict[Any, Any] | None:
    return None if value is None else dict(value)


MAPPING: Mapping[str, Callable[[Any], Any]] = {AS_GIVEN: _as_dict}
"""Field metadata of an option stored as pairs and passed to the system as a dict."""
SAVES: Mapping[str, Callable[[Any], Any]] = {AS_GIVEN: by_index}
"""Field metadata of saving throws stored by index and passed to the system as ``{index: d10}``."""


@attrs.frozen(repr=False)
class Request(Action):
    """A request whose repr names only the fields that differ from their defaults."""

    base: ClassVar[bool] = True
    own: ClassVar[tuple[str, ...]] = ()
    """The fields of the rule itself, passed to the system by position; the others are options."""

    def __repr__(self) -> str:
        parts = []
        for f in attrs.fields(type(self)):
            value = getattr(self, f.name)
            if f.default is attrs.NOTHING or value != f.default:
                parts.append(f"{f.name}={value!r}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def options(self) -> dict[str, Any]:
        """The options given (the fields but :attr:`own` whose values differ from their defaults),
        as the turn system's methods take them."""
        given, defaults, fields = _options_of(type(self))
        values = given(self)
        if values == defaults:  # none given: the common case, in one comparison
            return {}
        found: dict[str, Any] = {}
        for (name, default, as_given), value in zip(fields, values, strict=True):
            if value != default:
                found[name] = value if as_given is None else as_given(value)
        return found


_Option = tuple[str, object, Callable[[Any], Any] | None]
_Options = tuple[Callable[[Any], tuple[Any, ...]], tuple[object, ...], tuple[_Option, ...]]
_OPTIONS: dict[type[Request], _Options] = {}


def _options_of(kind: type[Request]) -> _Options:
    """The option fields of a request class (name, default and how it is passed), a function
    reading their values as a tuple and their defaults as one (read once)."""
    found = _OPTIONS.get(kind)
    if found is None:
        fields = tuple(
            (f.name, f.default, f.metadata.get(AS_GIVEN))
            for f in attrs.fields(kind)
            if f.name not in kind.own
        )
        names = [name for name, _, _ in fields]
        given: Callable[[Any], tuple[Any, ...]] = (
            attrgetter(*names) if len(names) > 1 else lambda r: tuple(getattr(r, n) for n in names)
        )
        found = _OPTIONS[kind] = (given, tuple(default for _, default, _ in fields), fields)
    return found


def verified(action: Action, state: Encounter) -> bool:
    """Whether the request's cheap checks pass (``verify`` raises no :class:`RulesError`)."""
    try:
        action.verify(state)
    except RulesError:
        return False
    return True


@attrs.frozen(repr=False)
class StartCombat(Request):
    """Start combat under a turn system: its bookkeeping is set up and round 1 begins (DS-SIDE-04).

    ``system`` is "drawsteel" (the default), "drawsteel-agility" (the alternative order,
    DS-SIDE-14), "zone", "initiative", or a system object such as ``DrawSteel(agility_order=True)``
    (kept by the name it is registered under). Combat already running is refused (DS-END-01).
    The other fields are the systems' choices; one the chosen system does not take is an
    :class:`~brawl.errors.ArgumentTypeError` naming it, the system and the choices it takes.

    Draw Steel (:meth:`~brawl.turns.drawsteel.DrawSteel.start`): ``surprised``, ``first_side``,
    ``d10``, ``players_choice``, ``director_choice`` (DS-SIDE-05, DS-SIDE-06) and ``malice``, the
    Director's starting Malice (None: the heroes' average Victories, RB-MALICE-01), ``hero_tokens``,
    the party's pool (None: one per hero, RB-TOKEN-05); under the
    alternative order ``agility_tests`` and
    ``agility_rerolls`` (DS-SIDE-14, DS-SIDE-15). The zone game
    (:meth:`~brawl.zone.game.ZoneGame.start`): ``initiative``, ``opener``, ``factions``,
    ``speeds``, ``fearless`` and ``initiative_roll`` (Z-TURN-06, Z-TURN-07, Z-MORALE-03, R-Z-1).
    The initiative game (:meth:`~brawl.initiative.game.InitiativeGame.start`): ``stats``,
    ``rolls`` and ``tie_order`` (I-INIT-01..03, R-I-2).
    """

    own = ("system",)
    system: str = attrs.field(default="drawsteel", converter=system_name)
    surprised: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)
    first_side: str | None = attrs.field(default=None, validator=text(optional=True))
    d10: int | None = attrs.field(default=None, validator=whole(optional=True))
    players_choice: str = attrs.field(default=HEROES, validator=text())
    director_choice: str = attrs.field(default=DIRECTOR, validator=text())
    malice: int | None = attrs.field(default=None, validator=whole("RB6-MALICE", lo=0, optional=True))
    agility_tests: tuple[tuple[str, int], ...] = attrs.field(
        default=(), converter=numbers_by_id, metadata=MAPPING
    )
    agility_rerolls: tuple[tuple[str, tuple[int, ...]], ...] = attrs.field(
        default=(), converter=number_lists, metadata=MAPPING
    )
    initiative: str | None = attrs.field(default=None, validator=text(optional=True))
    opener: str | None = attrs.field(default=None, validator=text(optional=True))
    factions: tuple[str, ...] | None = attrs.field(default=None, converter=optional_ids)
    speeds: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=numbers_by_id, metadata=MAPPING)
    fearless: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)
    initiative_roll: int | None = attrs.field(default=None, validator=whole(optional=True))
    stats: tuple[tuple[str, int], ...] | None = attrs.field(
        default=None, converter=optional_pairs, metadata=MAPPING
    )
    rolls: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=numbers_by_id, metadata=MAPPING)
    tie_order: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)
    hero_tokens: int | None = attrs.field(default=None, validator=whole("RB-TOKEN-05", lo=0, optional=True))

    def verify(self, state: Encounter) -> None:
        system, options = system_named(self.system), self.options()
        check_options(system, "verify_start", options)
        verify_no_combat(state)
        check_squads(state)  # RB-SQUAD-01, RB-CAPT-02
        system.verify_start(state, **options)

    def resolve(self, state: Encounter) -> Outcome:
        system, options = system_named(self.system), self.options()
        check_options(system, "start", options)
        verify_no_combat(state)
        check_squads(state)
        return system.start(state, **options)


@attrs.frozen(repr=False)
class StartTurn(Request):
    """Start a creature's turn; :class:`~brawl.errors.TurnOrderError` if it may not act now
    (DS-SIDE-07..12, RB5-SOLO; Z-TURN-02; I-TURN-01).

    ``together``, ``reserve`` and ``sprint`` are the zone game's (Z-MOUNT-01, Z-TURN-09);
    ``pray``, Draw Steel's: a conduit prays before its Heroic Resource gain (RB-HR-10);
    ``token_stamina``, Draw Steel's: heroes that spend 2 hero tokens each as the turn begins,
    before the damage its start deals them (RB-TOKEN-03, R-HERO-11).
    """

    own = ("creature",)
    creature: str = attrs.field(validator=text())
    together: tuple[str, ...] | None = attrs.field(default=None, converter=optional_ids)
    reserve: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)
    sprint: bool = attrs.field(default=False, validator=flag())
    pray: bool = attrs.field(default=False, validator=flag("RB-HR-10"))
    token_stamina: tuple[str, ...] = token_stamina_field()

    def verify(self, state: Encounter) -> None:
        call(system_of(state), "verify_start_turn", state, self.creature, **self.options())

    def resolve(self, state: Encounter) -> Outcome:
        if self.together is None and not (self.reserve or self.sprint or self.pray or self.token_stamina):
            # no option given (options() is empty): none to check
            if type(state.turn) is DrawSteelTurn:  # what Draw Steel's start_turn runs, called at once
                return start_drawsteel_turn(state, self.creature, False, ())
            return system_of(state).start_turn(state, self.creature)
        out: Outcome = call(system_of(state), "start_turn", state, self.creature, **self.options())
        return out


@attrs.frozen(repr=False)
class EndTurn(Request):
    """End the current turn (DS-SIDE-08): under Draw Steel its end-of-turn effects end and a saving
    throw is made for each save-ends effect (RB2-EOT, RB2-SAVE).

    ``saving_throws={index: d10}`` are the caller's d10s for the creature's conditions by index
    (or the d10s in index order, None for one left to the RNG); ``named_saving_throws`` the same
    for its named conditions (R-ABIL-16). ``token_stamina``: heroes that spend 2 hero tokens each
    before the damage the turn's end deals them (RB-TOKEN-03, R-HERO-11). All are Draw Steel's.
    """

    saving_throws: tuple[int | None, ...] = attrs.field(default=(), converter=save_rolls, metadata=SAVES)
    named_saving_throws: tuple[int | None, ...] = attrs.field(
        default=(), converter=save_rolls, metadata=SAVES
    )
    token_stamina: tuple[str, ...] = token_stamina_field()

    def verify(self, state: Encounter) -> None:
        system = system_of(state)
        options = self.options()
        if options:  # none given: nothing to check
            check_options(system, "end_turn", options)
        if self.token_stamina:
            call(system, "verify_end_turn", state, token_stamina=self.token_stamina)
            return
        system.verify_end_turn(state)
        if self.saving_throws or self.named_saving_throws:
            for value in (*self.saving_throws, *self.named_saving_throws):
                if value is not None:
                    whole_number(value, 1, SAVE_DIE_SIDES, what="saving throw", rule="RB2-SAVE")

    def resolve(self, state: Encounter) -> Outcome:
        if not (self.saving_throws or self.named_saving_throws or self.token_stamina):
            # no option given (options() is empty): none to check
            t = state.turn
            if type(t) is DrawSteelTurn and t.current is not None:  # what Draw Steel's end_turn
                return end_drawsteel_turn(state, None, None, ())  # runs once verify_end_turn passes
            return system_of(state).end_turn(state)
        out: Outcome = call(system_of(state), "end_turn", state, **self.options())
        return out


@attrs.frozen(repr=False)
class EndRound(Request):
    """End the round when nobody is left to act, resolve the end-of-round effects and begin the
    next (DS-SIDE-11, R-TURN-4).

    Draw Steel: ``suffocation_rolls={id: d6}`` and ``breathes_water`` (DS-ENV-03, DS-ENV-04); the
    zone game: ``opener``, the faction that opens the next round (Z-TURN-06).
    """

    opener: str | None = attrs.field(default=None, validator=text(optional=True))
    suffocation_rolls: tuple[tuple[str, int], ...] = attrs.field(
        default=(), converter=numbers_by_id, metadata=MAPPING
    )
    breathes_water: tuple[str, ...] | None = attrs.field(default=None, converter=optional_ids)

    def verify(self, state: Encounter) -> None:
        call(system_of(state), "verify_end_round", state, **self.options())

    def resolve(self, state: Encounter) -> Outcome:
        if self.opener is None and not self.suffocation_rolls and self.breathes_water is None:
            return system_of(state).end_round(state)  # no option given (options() is empty)
        out: Outcome = call(system_of(state), "end_round", state, **self.options())
        return out


@attrs.frozen(repr=False)
class UseAction(Request):
    """Spend an action of this kind (DS-TURN-01..11; Z-TURN-09, Z-TURN-12; I-TURN-02..04).

    Draw Steel: main, maneuver, move, free maneuver, triggered, free triggered; the zone game:
    main, bonus; the initiative game: action, fast, move, free, hold. ``name`` labels it;
    ``slow``, ``held``, ``action``, ``trigger`` and ``fast`` are the initiative game's: the Fast
    Action takes only an action that says it is fast, ``fast=True`` (I-SLOW-01, I-HOLD-02,
    I-TURN-03). What is not available raises :class:`~brawl.errors.ActionUnavailableError`.
    """

    own = ("creature", "kind")
    creature: str = attrs.field(validator=text())
    kind: str = attrs.field(validator=text())
    name: str | None = attrs.field(default=None, validator=text(optional=True))
    slow: bool = attrs.field(default=False, validator=flag())
    held: str | None = attrs.field(default=None, validator=text(optional=True))
    action: str | None = attrs.field(default=None, validator=text(optional=True))
    trigger: str | None = attrs.field(default=None, validator=text(optional=True))
    fast: bool = attrs.field(default=False, validator=flag())

    def verify(self, state: Encounter) -> None:
        call(system_of(state), "verify_action", state, self.creature, self.kind, **self.options())

    def resolve(self, state: Encounter) -> Outcome:
        out: Outcome = call(system_of(state), "use_action", state, self.creature, self.kind, **self.options())
        return out


@attrs.frozen(repr=False)
class EndCombat(Request):
    """End combat: the system's end-of-combat effects, then the turn state is cleared (DS-END-01).

    Draw Steel: ``keep={id: [condition names]}`` keeps conditions a creature wants to keep; all
    others end except winded, unconscious and dying (DS-COND-15); temporary Stamina is lost
    unless its creature is listed in ``keep_temporary_stamina`` (DS-STAM-22).
    """

    keep: tuple[tuple[str, tuple[str, ...]], ...] = attrs.field(default=(), converter=kept, metadata=MAPPING)
    keep_temporary_stamina: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)

    def verify(self, state: Encounter) -> None:
        check_options(system_of(state), "end_combat", self.options())
        for cid, _ in self.keep:
            state.creature(cid)
        for cid in self.keep_temporary_stamina:
            state.creature(cid)

    def resolve(self, state: Encounter) -> Outcome:
        return close_combat(state, **self.options())


__all__ = ["EndCombat", "EndRound", "EndTurn", "StartCombat", "StartTurn", "UseAction"]
