"""The queries that find the turn system in play and ask it.

The turn requests (:class:`~brawl.turns.records.StartCombat`, ``StartTurn``, ``EndTurn``,
``EndRound``, ``UseAction``, ``EndCombat``) find the system themselves: by name or system object
when combat starts ("drawsteel", "drawsteel-agility", "zone", "initiative",
``DrawSteel(agility_order=True)``), else from the type of ``Encounter.turn``; their verbs
(:func:`brawl.start_combat`...) are derived from them. Each system's choices are the explicit
keyword parameters of its methods: a choice the system in play does not take (another system's)
is a :class:`~brawl.errors.ArgumentTypeError` naming it, the system and the choices it takes
(:func:`~brawl.turns.base.check_options`).
"""

from __future__ import annotations

from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter
from brawl.turns.base import TurnSystem, chosen_system, register_system, system_of

__all__ = ["TurnSystem", "next_actors", "register_system", "spend_movement", "system_of", "turn_actions"]


def next_actors(state: Encounter) -> dict[str, tuple[str, ...]]:
    """Who may start a turn now: side → creature ids, sorted. Empty during a turn or a round's end.

    In the zone game the faction whose go it is appears even with no one left (it must pass).
    """
    return system_of(state).next_actors(state)


def spend_movement(state: Encounter, creature: str, squares: int) -> Outcome:
    """Spend part of the movement a move granted this turn (DS-TURN-02, I-TURN-04, Z-TURN-10)."""
    return system_of(state).spend_movement(state, creature, squares)


def turn_actions(
    state: Encounter, *, creature: str | None = None, system: str | TurnSystem = "drawsteel"
) -> list[Action]:
    """The turn requests the system in play offers now (out of combat: those of ``system``)."""
    chosen = chosen_system(system) if state.turn is None else system_of(state)
    return chosen.legal_actions(state, creature)
