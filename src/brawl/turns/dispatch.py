"""The functions that find the turn system in play and call it.

:func:`start_combat` chooses a system by name ("drawsteel", "drawsteel-agility", "zone",
"initiative") or takes a system object (``DrawSteel(agility_order=True)``); the other functions
find it from the type of ``Encounter.turn``. Each system's choices are explicit keyword
parameters: a choice the system in play does not take (another system's, or nobody's) is a
:class:`~brawl.errors.ArgumentTypeError` naming it, the system and the choices it takes
(:func:`~brawl.turns.base.check_options`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Literal, overload

from brawl.errors import RulesError
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter
from brawl.turns.base import (
    TurnSystem,
    call,
    check_options,
    chosen_system,
    close_combat,
    register_system,
    system_of,
    verify_no_combat,
)
from brawl.turns.drawsteel import DrawSteel
from brawl.turns.initiative import InitiativeGame
from brawl.turns.records import given
from brawl.turns.zone import ZoneGame

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
    "turn_actions",
    "use_action",
    "verify_action",
    "verify_start_turn",
]


@overload
def start_combat(
    state: Encounter,
    *,
    system: Literal["drawsteel", "drawsteel-agility"] | DrawSteel = ...,
    surprised: Iterable[str] = ...,
    first_side: str | None = ...,
    d10: int | None = ...,
    players_choice: str = ...,
    director_choice: str = ...,
    agility_tests: Mapping[str, int] | None = ...,
    agility_rerolls: Mapping[str, Sequence[int]] | None = ...,
    malice: int = ...,
) -> Outcome: ...


@overload
def start_combat(
    state: Encounter,
    *,
    system: Literal["zone"] | ZoneGame,
    initiative: str | None = ...,
    opener: str | None = ...,
    factions: Sequence[str] | None = ...,
    speeds: Mapping[str, int] | None = ...,
    fearless: Iterable[str] = ...,
    initiative_roll: int | None = ...,
) -> Outcome: ...


@overload
def start_combat(
    state: Encounter,
    *,
    system: Literal["initiative"] | InitiativeGame,
    stats: Mapping[str, int] | None = ...,
    rolls: Mapping[str, int] | None = ...,
    tie_order: Sequence[str] = ...,
) -> Outcome: ...


@overload
def start_combat(state: Encounter, *, system: str | TurnSystem) -> Outcome: ...


def start_combat(state: Encounter, *, system: str | TurnSystem = "drawsteel", **choices: Any) -> Outcome:
    """Start combat under a turn system ("drawsteel", "zone", "initiative" or a system object).

    The choices are the system's own keyword parameters (Draw Steel: surprise, first side, d10;
    the zone game: initiative, opener, factions...; the initiative game: stats, rolls); see each
    system's ``start``. A keyword the system does not take is an :class:`ArgumentTypeError`.
    """
    chosen = chosen_system(system)
    check_options(chosen, "start", choices)
    verify_no_combat(state)
    return chosen.start(state, **choices)


def next_actors(state: Encounter) -> dict[str, tuple[str, ...]]:
    """Who may start a turn now: side → creature ids, sorted. Empty during a turn or a round's end.

    In the zone game the faction whose go it is appears even with no one left (it must pass).
    """
    return system_of(state).next_actors(state)


def verify_start_turn(
    state: Encounter,
    creature: str,
    *,
    together: Iterable[str] | None = None,
    reserve: Iterable[str] = (),
    sprint: bool = False,
) -> None:
    """Raise :class:`~brawl.errors.TurnOrderError` if the creature may not start a turn now."""
    choices = given(together=together, reserve=reserve or None, sprint=sprint)
    call(system_of(state), "verify_start_turn", state, creature, **choices)


def start_turn(
    state: Encounter,
    creature: str,
    *,
    together: Iterable[str] | None = None,
    reserve: Iterable[str] = (),
    sprint: bool = False,
) -> Outcome:
    """Start a creature's turn; :class:`TurnOrderError` if it may not act now.

    ``together``, ``reserve`` and ``sprint`` are the zone game's (Z-MOUNT-01, Z-TURN-09).
    """
    choices = given(together=together, reserve=reserve or None, sprint=sprint)
    return call(system_of(state), "start_turn", state, creature, **choices)  # type: ignore[no-any-return]


def can_start_turn(
    state: Encounter,
    creature: str,
    *,
    together: Iterable[str] | None = None,
    reserve: Iterable[str] = (),
    sprint: bool = False,
) -> bool:
    """Whether :func:`start_turn` would accept this creature now (the system's own checks)."""
    try:
        verify_start_turn(state, creature, together=together, reserve=reserve, sprint=sprint)
    except RulesError:
        return False
    return True


def end_turn(
    state: Encounter,
    *,
    saving_throws: Mapping[int, int] | None = None,
    named_saving_throws: Mapping[int, int] | None = None,
) -> Outcome:
    """End the current turn (Draw Steel: ``saving_throws={index: d10}`` for save-ends effects,
    ``named_saving_throws`` the same for its named conditions, R-ABIL-16)."""
    choices = given(saving_throws=saving_throws, named_saving_throws=named_saving_throws)
    return call(system_of(state), "end_turn", state, **choices)  # type: ignore[no-any-return]


def end_round(
    state: Encounter,
    *,
    suffocation_rolls: Mapping[str, int] | None = None,
    breathes_water: Collection[str] | None = None,
    opener: str | None = None,
) -> Outcome:
    """End the round when nobody is left to act, resolve end-of-round effects, begin the next.

    Draw Steel: ``suffocation_rolls``, ``breathes_water`` (DS-ENV-03, DS-ENV-04); the zone game:
    ``opener`` (Z-TURN-06).
    """
    choices = given(suffocation_rolls=suffocation_rolls, breathes_water=breathes_water, opener=opener)
    return call(system_of(state), "end_round", state, **choices)  # type: ignore[no-any-return]


def end_combat(
    state: Encounter,
    *,
    keep: Mapping[str, Iterable[str]] | None = None,
    keep_temporary_stamina: Iterable[str] = (),
) -> Outcome:
    """End combat: the system's end-of-combat effects, then the turn state is cleared (DS-END-01).

    Draw Steel: ``keep={id: [condition names]}`` keeps conditions a creature wants to keep;
    all others end except winded, unconscious and dying (DS-COND-15); temporary Stamina is
    lost unless listed in ``keep_temporary_stamina`` (DS-STAM-22).
    """
    kept = keep_temporary_stamina or None
    return close_combat(state, **given(keep=keep, keep_temporary_stamina=kept))


def verify_action(
    state: Encounter,
    creature: str,
    kind: str,
    *,
    name: str | None = None,
    slow: bool = False,
    held: str | None = None,
    action: str | None = None,
    trigger: str | None = None,
    fast: bool = False,
) -> None:
    """Raise :class:`~brawl.errors.ActionUnavailableError` or :class:`TurnOrderError` if not allowed."""
    choices = given(name=name, slow=slow, held=held, action=action, trigger=trigger, fast=fast)
    call(system_of(state), "verify_action", state, creature, kind, **choices)


def can_use_action(
    state: Encounter,
    creature: str,
    kind: str,
    *,
    name: str | None = None,
    slow: bool = False,
    held: str | None = None,
    action: str | None = None,
    trigger: str | None = None,
    fast: bool = False,
) -> bool:
    """Whether the creature may use this kind of action now."""
    try:
        verify_action(
            state, creature, kind, name=name, slow=slow, held=held, action=action, trigger=trigger, fast=fast
        )
    except RulesError:
        return False
    return True


def use_action(
    state: Encounter,
    creature: str,
    kind: str,
    *,
    name: str | None = None,
    slow: bool = False,
    held: str | None = None,
    action: str | None = None,
    trigger: str | None = None,
    fast: bool = False,
) -> Outcome:
    """Spend an action of this kind: Draw Steel main, maneuver, move, free maneuver, triggered,
    free triggered; the zone game main, bonus; the initiative game action, fast, move, free, hold.

    ``name`` labels it; ``slow``, ``held``, ``action``, ``trigger`` and ``fast`` are the initiative
    game's: the Fast Action takes only an action that says it is fast, ``fast=True`` (I-TURN-03).
    """
    choices = given(name=name, slow=slow, held=held, action=action, trigger=trigger, fast=fast)
    return call(system_of(state), "use_action", state, creature, kind, **choices)  # type: ignore[no-any-return]


def spend_movement(state: Encounter, creature: str, squares: int) -> Outcome:
    """Spend part of the movement a move granted this turn (DS-TURN-02, I-TURN-04, Z-TURN-10)."""
    return system_of(state).spend_movement(state, creature, squares)


def turn_actions(
    state: Encounter, *, creature: str | None = None, system: str | TurnSystem = "drawsteel"
) -> list[Action]:
    """The turn requests the system in play offers now (out of combat: those of ``system``)."""
    chosen = chosen_system(system) if state.turn is None else system_of(state)
    return chosen.legal_actions(state, creature)
