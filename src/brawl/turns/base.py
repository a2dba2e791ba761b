"""The turn-system interface, the registry of systems and the helpers every system shares.

A turn system keeps its bookkeeping in a frozen :class:`~brawl.state.TurnState` subclass stored
in ``Encounter.turn``; the round number is ``Encounter.round``. The functions that dispatch to
the system in play live in :mod:`brawl.turns.dispatch`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from brawl.dice import roll_dice
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
    found = _BY_NAME.get(name) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(sorted(_BY_NAME))
        raise InvalidArgumentError(f"turn system {name!r}: not one of {known}", rule=())
    return found


def system_of(state: Encounter) -> TurnSystem:
    """The turn system running this encounter, or :class:`TurnOrderError` out of combat."""
    turn = state.turn
    if turn is None:
        raise TurnOrderError("no combat is running: call start_combat first", rule="DS-SIDE-04")
    found = _BY_STATE.get(type(turn))
    if found is None:
        raise TurnOrderError(f"turn state {type(turn).__name__}: no turn system runs it", rule=())
    return found


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
