"""The initiative game's held actions: holding the Action or the Fast Action, and using it.

A character may hold its Action or its Fast Action, never both and never the Move, declaring the
action and its trigger (I-HOLD-01, I-HOLD-02, R-I-3). When the trigger is reported
(:mod:`brawl.initiative.triggers`) the holder may use the held action at once, out of sequence,
once (I-HOLD-03, R-I-1); unused by the start of its next turn, it is wasted (I-HOLD-04).
"""

from __future__ import annotations

import attrs

from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.fields import flag, text
from brawl.initiative.activities import verify_slot, verify_turn
from brawl.initiative.events import HeldActionDeclared, HeldActionUsed
from brawl.initiative.state import HOLDABLE, Hold, InitiativeEconomy, turn_of
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter

__all__ = ["HoldAction", "UseHeldAction"]


@attrs.frozen
class HoldAction(Action):
    """Hold the Action or the Fast Action (not both) with an action and a trigger (I-HOLD-01, -02).

    ``held`` is ``"action"`` or ``"fast"``, never the Move (R-I-3); ``action`` and ``trigger``
    declare the specific action and its triggering condition (I-HOLD-02). The Fast Action holds
    only an action that says it is fast: ``fast=True`` (I-TURN-03).
    """

    creature: str = attrs.field(validator=text("I-HOLD-01"))
    action: str = attrs.field(validator=text("I-HOLD-02"))
    trigger: str = attrs.field(validator=text("I-HOLD-02"))
    held: str = attrs.field(default="action", validator=text(("I-HOLD-01", "R-I-3")))
    fast: bool = attrs.field(default=False, validator=flag("I-TURN-03"))

    def verify(self, state: Encounter) -> None:
        _check_hold(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        economy = _check_hold(state, self)
        t = turn_of(state)
        hold = Hold(held=self.held, action=self.action, trigger=self.trigger, round=state.round)
        economy = attrs.evolve(economy, held=self.held, **{self.held: True})
        t = attrs.evolve(t, economy=economy, holds=t.holds.set(self.creature, hold))
        event = HeldActionDeclared(
            creature=self.creature,
            held=self.held,
            action=self.action,
            trigger=self.trigger,
            rules=("I-HOLD-01", "I-HOLD-02", "R-I-3"),
        )
        return Outcome(state.with_turn(t), (event,))


def _check_hold(state: Encounter, request: HoldAction) -> InitiativeEconomy:
    """Raise unless the hold may be declared now; the economy of the holder's turn."""
    creature, held = request.creature, request.held
    economy = verify_turn(state, creature, "hold")
    assert economy is not None  # a hold is no free action
    if held not in HOLDABLE:
        raise ActionUnavailableError(
            f"{creature} holds {held!r}: only the Action or the Fast Action can be held",
            rule=("I-HOLD-01", "R-I-3"),
        )
    if economy.held is not None:
        raise ActionUnavailableError(
            f"{creature} holds its {held}: it already holds its {economy.held}; not both",
            rule=("I-HOLD-01", "R-I-3"),
        )
    for label, value in (("action", request.action), ("trigger", request.trigger)):
        if not value.strip():
            raise InvalidArgumentError(
                f"{creature} holds its {held}: declare the specific {label}", rule="I-HOLD-02"
            )
    verify_slot(economy, creature, held, fast=request.fast)
    return economy


@attrs.frozen
class UseHeldAction(Action):
    """Use the held action at once, out of sequence, once (I-HOLD-03, R-I-1).

    Its trigger must have been reported, or be named here as ``trigger``; a hold lasts until the
    start of the holder's next turn, across the round boundary (R-I-1).
    """

    creature: str = attrs.field(validator=text("I-HOLD-03"))
    trigger: str | None = attrs.field(default=None, validator=text("I-HOLD-03", optional=True))

    def verify(self, state: Encounter) -> None:
        _held(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        h = _held(state, self)
        t = turn_of(state)
        t = attrs.evolve(t, holds=t.holds.delete(self.creature))
        event = HeldActionUsed(
            creature=self.creature,
            held=h.held,
            action=h.action,
            trigger=h.trigger,
            rules=("I-HOLD-03", "R-I-1"),
        )
        return Outcome(state.with_turn(t), (event,))


def _held(state: Encounter, request: UseHeldAction) -> Hold:
    """Raise unless the holder may use its held action now; the hold (I-HOLD-03, R-I-1)."""
    creature = request.creature
    t = turn_of(state)
    c = state.creature(creature)
    h = t.holds.get(creature)
    if h is None:
        raise ActionUnavailableError(
            f"{creature} uses a held action: it holds none", rule=("I-HOLD-01", "R-I-1")
        )
    if c.dead:
        raise ActionUnavailableError(
            f"{creature} uses a held action: the character is dead", rule="I-HOLD-03"
        )
    if not h.triggered and request.trigger != h.trigger:
        raise ActionUnavailableError(
            f"{creature} uses its held {h.held}: its trigger {h.trigger!r} has not happened", rule="I-HOLD-03"
        )
    return h
