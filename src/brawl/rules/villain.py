"""Villain actions: a leader's or solo's three, each once an encounter, one a round among all
creatures, used at the end of another creature's turn (RB-VILLAIN-01..04).

A villain action is an ability of action type ``villain action``, used with
:class:`~brawl.rules.abilities.UseAbility`; its use checks :func:`check_villain_action` and records
itself with :func:`record_villain_action`, in the Director's book of the Draw Steel combat
(:class:`~brawl.rules.director.DirectorBook`). In a Draw Steel combat "the end of another
creature's turn" is the moment between turns after a turn has ended: no turn is running, and the
last turn of the round was not the user's own (R-DIR-1). Outside a Draw Steel combat there is no
encounter to count in, and nothing is checked.
"""

from __future__ import annotations

import attrs

from brawl.abilities.model import Ability
from brawl.creature import Creature
from brawl.errors import ActionUnavailableError, RulesError, TurnOrderError
from brawl.events.director import VillainActionUsed
from brawl.outcome import Outcome
from brawl.rules.director import book_of, with_book
from brawl.state import Encounter

__all__ = [
    "VILLAIN_ACTION",
    "VILLAIN_ACTIONS",
    "check_villain_action",
    "record_villain_action",
    "villain_moment_closed",
    "villain_refusal",
]

VILLAIN_ACTION = "villain action"
"""The action type of a villain action."""
VILLAIN_ACTIONS = 3
"""A leader or solo has exactly three villain actions (RB-VILLAIN-01)."""


def villain_refusal(state: Encounter, user: Creature, ability: Ability) -> RulesError | None:
    """Why ``user`` may not use its villain action ``ability`` now, or None if it may: used
    already this encounter (RB-VILLAIN-02), a villain action already used this round by any
    creature (RB-VILLAIN-03), or not the end of another creature's turn (RB-VILLAIN-04, R-DIR-1)."""
    book = book_of(state)
    if book is None:
        return None
    who = f"villain action {ability.name} by {user.id!r}"
    if ability.name in book.used(user.id):
        return ActionUnavailableError(f"{who}: already used this encounter", rule="RB-VILLAIN-02")
    if book.villain_round == state.round:
        return ActionUnavailableError(
            f"{who}: a villain action was already used in round {state.round}", rule="RB-VILLAIN-03"
        )
    current = getattr(state.turn, "current", None)
    last = getattr(state.turn, "last_actor", None)
    if current is not None:
        why = f"{current!r} is taking its turn"
    elif last is None:
        why = f"no turn has ended yet in round {state.round}"
    elif last == user.id:
        why = "the turn that just ended is its own"
    else:
        return None
    return TurnOrderError(
        f"{who}: used only at the end of another creature's turn; {why}", rule=("RB-VILLAIN-04", "R-DIR-1")
    )


def villain_moment_closed(state: Encounter) -> bool:
    """Whether no creature may use a villain action now, whatever it holds: one was used this
    round (RB-VILLAIN-03) or a creature is taking its turn (RB-VILLAIN-04); the round and the
    moment :func:`villain_refusal` asks about."""
    book = book_of(state)
    return book is not None and (
        book.villain_round == state.round or getattr(state.turn, "current", None) is not None
    )


def check_villain_action(state: Encounter, user: Creature, ability: Ability) -> None:
    """Raise what :func:`villain_refusal` finds."""
    found = villain_refusal(state, user, ability)
    if found is not None:
        raise found


def record_villain_action(state: Encounter, user: str, ability: str) -> Outcome:
    """The villain action noted as used, by ``user`` this encounter and by anyone this round
    (RB-VILLAIN-02, RB-VILLAIN-03), with its event; nothing outside a Draw Steel combat."""
    book = book_of(state)
    if book is None:
        return Outcome(state, ())
    used = book.villain_used.set(user, (*book.used(user), ability))
    new = attrs.evolve(book, villain_used=used, villain_round=state.round)
    event = VillainActionUsed(
        creature=user,
        ability=ability,
        round=state.round,
        after=getattr(state.turn, "last_actor", None),
        rules=("RB-VILLAIN-02", "RB-VILLAIN-03", "RB-VILLAIN-04"),
    )
    return Outcome(with_book(state, new), (event,))
