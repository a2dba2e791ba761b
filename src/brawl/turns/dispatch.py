"""The functions that find the turn system in play and call it.

:func:`start_combat` chooses a system by name ("drawsteel", "zone", "initiative") or takes a
system object; the other functions find it from the type of ``Encounter.turn``.
"""

from __future__ import annotations

from typing import Any

# Importing the built-in systems registers them.
import brawl.turns.drawsteel
import brawl.turns.initiative
import brawl.turns.zone  # noqa: F401
from brawl.errors import RulesError, TurnOrderError
from brawl.events.turns import CombatEnded
from brawl.outcome import Outcome
from brawl.state import Encounter
from brawl.turns.base import TurnSystem, register_system, system_named, system_of

__all__ = [
    "TurnSystem",
    "can_start_turn",
    "can_use_action",
    "end_combat",
    "end_round",
    "end_turn",
    "next_actors",
    "register_system",
    "spend_movement",
    "start_combat",
    "start_turn",
    "system_of",
    "use_action",
    "verify_action",
]


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
    out = system_of(state).end_combat(state, **options)
    return out.add(
        CombatEnded(round=state.round, rules=("DS-END-01",)), state=out.state.with_turn(None, round=0)
    )


def verify_action(state: Encounter, creature: str, kind: str, **options: Any) -> None:
    """Raise :class:`~brawl.errors.ActionUnavailableError` or :class:`TurnOrderError` if not allowed."""
    system_of(state).verify_action(state, creature, kind, **options)


def can_use_action(state: Encounter, creature: str, kind: str, **options: Any) -> bool:
    """Whether the creature may use this kind of action now."""
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
