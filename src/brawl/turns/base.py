"""The turn-system interface and the functions that dispatch to the system in play.

A turn system keeps its bookkeeping in a frozen :class:`~brawl.state.TurnState` subclass stored
in ``Encounter.turn``; the round number is ``Encounter.round``. The public functions here
(:func:`start_combat`, :func:`next_actors`, :func:`start_turn`, ...) find the system from the
type of ``Encounter.turn`` and call it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from brawl.errors import InvalidArgumentError, TurnOrderError
from brawl.events.base import DiceRolled
from brawl.outcome import Outcome
from brawl.state import Encounter, TurnState


@runtime_checkable
class TurnSystem(Protocol):
    """What a turn system provides. Each method is a pure rule over the encounter."""

    name: str
    """The name :func:`start_combat` accepts: "drawsteel", "zone", "initiative"."""
    state_type: type[TurnState]
    """The class of the bookkeeping it stores in ``Encounter.turn``."""

    def start(self, state: Encounter, **options: Any) -> Outcome:
        """Start combat: set up the bookkeeping, round 1."""
        ...

    def next_actors(self, state: Encounter) -> dict[str, tuple[str, ...]]:
        """Who may start a turn now, by side, each sorted."""
        ...

    def start_turn(self, state: Encounter, creature: str, **options: Any) -> Outcome:
        """Start a creature's turn."""
        ...

    def end_turn(self, state: Encounter, **options: Any) -> Outcome:
        """End the current turn."""
        ...

    def end_round(self, state: Encounter, **options: Any) -> Outcome:
        """End the round once nobody is left to act, and start the next."""
        ...

    def verify_action(self, state: Encounter, creature: str, kind: str, **options: Any) -> None:
        """Raise if the creature may not use this kind of action now."""
        ...

    def use_action(self, state: Encounter, creature: str, kind: str, **options: Any) -> Outcome:
        """Spend an action."""
        ...

    def spend_movement(self, state: Encounter, creature: str, squares: int) -> Outcome:
        """Spend part of the movement granted this turn."""
        ...

    def end_combat(self, state: Encounter) -> Outcome:
        """What the system ends when combat ends (the turn state is cleared by the caller)."""
        ...


_BY_NAME: dict[str, TurnSystem] = {}
_BY_STATE: dict[type[TurnState], TurnSystem] = {}


def register_system(system: TurnSystem) -> TurnSystem:
    """Make a turn system known by its name and by the class of its bookkeeping."""
    if not isinstance(system, TurnSystem):
        raise InvalidArgumentError(f"turn system {system!r}: lacks the TurnSystem methods", rule=())
    _BY_NAME[system.name] = system
    _BY_STATE[system.state_type] = system
    return system


def system_named(name: str) -> TurnSystem:
    """The registered turn system of this name."""
    _load_builtin()
    found = _BY_NAME.get(name) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(sorted(_BY_NAME))
        raise InvalidArgumentError(f"turn system {name!r}: not one of {known}", rule=())
    return found


def system_of(state: Encounter) -> TurnSystem:
    """The turn system running this encounter, or :class:`TurnOrderError` out of combat."""
    _load_builtin()
    turn = state.turn
    if turn is None:
        raise TurnOrderError("no combat is running: call start_combat first", rule="DS-SIDE-04")
    found = _BY_STATE.get(type(turn))
    if found is None:
        raise TurnOrderError(f"turn state {type(turn).__name__}: no turn system runs it", rule=())
    return found


def _load_builtin() -> None:
    if not _BY_NAME:
        import brawl.turns.drawsteel
        import brawl.turns.initiative
        import brawl.turns.zone  # noqa: F401  (each module registers its system)


def start_combat(state: Encounter, *, system: str | TurnSystem = "drawsteel", **options: Any) -> Outcome:
    """Start combat under a turn system ("drawsteel", "zone", "initiative" or a system object).

    The options are the system's own (surprise, first side, initiative, stats...); see each
    system's ``start``.
    """
    if state.turn is not None:
        raise TurnOrderError("start combat: combat is already running; end it first", rule="DS-END-01")
    chosen = register_system(system) if not isinstance(system, str) else system_named(system)
    return chosen.start(state, **options)


def next_actors(state: Encounter) -> dict[str, tuple[str, ...]]:
    """Who may start a turn now: side → creature ids, sorted. Empty during a turn or a round's end.

    In the zone game the faction whose go it is appears even with no one left (it must pass).
    """
    return system_of(state).next_actors(state)


def start_turn(state: Encounter, creature: str, **options: Any) -> Outcome:
    """Start a creature's turn; :class:`TurnOrderError` if it may not act now."""
    return system_of(state).start_turn(state, creature, **options)


def end_turn(state: Encounter, **options: Any) -> Outcome:
    """End the current turn (Draw Steel: ``saving_throws={index: d10}`` for save-ends effects)."""
    return system_of(state).end_turn(state, **options)


def end_round(state: Encounter, **options: Any) -> Outcome:
    """End the round when nobody is left to act, resolve end-of-round effects, begin the next."""
    return system_of(state).end_round(state, **options)


def can_start_turn(state: Encounter, creature: str, **options: Any) -> bool:
    """Whether :func:`start_turn` would accept this creature now."""
    from brawl.errors import RulesError

    try:
        start_turn(state, creature, **options)
    except RulesError:
        return False
    return True


def end_combat(state: Encounter, **options: Any) -> Outcome:
    """End combat: the system's end-of-combat effects, then the turn state is cleared (DS-END-01).

    Draw Steel: ``keep={id: [condition names]}`` keeps conditions a creature wants to keep;
    all others end except winded, unconscious and dying (DS-COND-15); temporary Stamina is
    lost unless listed in ``keep_temporary_stamina`` (DS-STAM-22).
    """
    from brawl.events.turns import CombatEnded

    out = system_of(state).end_combat(state, **options)
    return out.add(
        CombatEnded(round=state.round, rules=("DS-END-01",)), state=out.state.with_turn(None, round=0)
    )


def verify_action(state: Encounter, creature: str, kind: str, **options: Any) -> None:
    """Raise :class:`~brawl.errors.ActionUnavailableError` or :class:`TurnOrderError` if not allowed."""
    system_of(state).verify_action(state, creature, kind, **options)


def can_use_action(state: Encounter, creature: str, kind: str, **options: Any) -> bool:
    """Whether the creature may use this kind of action now."""
    from brawl.errors import RulesError

    try:
        verify_action(state, creature, kind, **options)
    except RulesError:
        return False
    return True


def use_action(state: Encounter, creature: str, kind: str, **options: Any) -> Outcome:
    """Spend an action of this kind: Draw Steel main, maneuver, move, free maneuver, triggered,
    free triggered; the zone game main, bonus; the initiative game action, fast, move, free, hold.
    """
    return system_of(state).use_action(state, creature, kind, **options)


def spend_movement(state: Encounter, creature: str, squares: int) -> Outcome:
    """Spend part of the movement a move granted this turn (DS-TURN-02, I-TURN-04, Z-TURN-10)."""
    return system_of(state).spend_movement(state, creature, squares)


def roll_die(
    state: Encounter,
    sides: int,
    given: int | None,
    *,
    purpose: str,
    creature: str | None = None,
    rules: Iterable[str] = (),
) -> tuple[int, Encounter, DiceRolled]:
    """One die: the caller's value (checked) or a draw from the state's RNG, with its event."""
    cited = tuple(rules)
    if given is not None and (
        isinstance(given, bool) or not isinstance(given, int) or not 1 <= given <= sides
    ):
        raise InvalidArgumentError(
            f"{purpose} {given!r}: a d{sides} shows a whole number from 1 to {sides}", rule=cited
        )
    roll_dice: Callable[..., tuple[tuple[int, ...], Outcome]] | None = getattr(
        _optional("brawl.dice"), "roll_dice", None
    )
    if roll_dice is not None:
        faces, out = roll_dice(
            state,
            sides,
            1,
            values=None if given is None else (given,),
            purpose=purpose,
            creature=creature,
            rules=cited,
        )
        first = out.events[0]
        assert isinstance(first, DiceRolled)
        return faces[0], out.state, first
    if given is None:
        values, state = state.roll(sides)
        value, source = values[0], "rng"
    else:
        value, source = given, "caller"
    event = DiceRolled(
        purpose=purpose, dice=f"d{sides}", values=(value,), source=source, creature=creature, rules=cited
    )
    return value, state, event


def _optional(module: str) -> ModuleType | None:
    """A module of the package that may not be there yet, or None."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def check_ids(state: Encounter, ids: Iterable[str], what: str) -> tuple[str, ...]:
    """The ids as a tuple, each checked to name a creature of the encounter."""
    if isinstance(ids, str):
        raise InvalidArgumentError(f"{what} {ids!r}: give a collection of creature ids", rule=())
    try:
        items = tuple(ids)
    except TypeError:
        raise InvalidArgumentError(f"{what} {ids!r}: give a collection of creature ids", rule=()) from None
    for cid in items:
        state.creature(cid)
    return tuple(dict.fromkeys(items))
