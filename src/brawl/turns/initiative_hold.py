"""The initiative game's held actions once declared: triggers reported, held actions used.

A triggering condition lets each holder waiting for it act at once (I-HOLD-03); the held action
is used out of sequence, once (R-I-1). The record :class:`~brawl.turns.triggers.ReportTrigger`
is shared with Draw Steel's triggers.
"""

from __future__ import annotations

import attrs

from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.base import Event
from brawl.events.turns import HeldActionTriggered, HeldActionUsed
from brawl.fields import text
from brawl.outcome import Outcome
from brawl.state import Encounter
from brawl.turns.initiative_state import Hold, turn_of
from brawl.turns.records import Request

__all__ = [
    "UseHeldAction",
    "report_trigger",
    "use_held_action",
    "verify_held_action",
    "verify_report_trigger",
]


def verify_report_trigger(state: Encounter, trigger: str) -> None:
    """Raise unless the initiative game runs and ``trigger`` is a declared condition's text (I-HOLD-02)."""
    turn_of(state)
    if not isinstance(trigger, str) or not trigger:
        raise InvalidArgumentError(f"trigger {trigger!r}: the declared condition", rule="I-HOLD-02")


def report_trigger(state: Encounter, trigger: str) -> Outcome:
    """A triggering condition happened: each holder waiting for it may act at once (I-HOLD-03)."""
    verify_report_trigger(state, trigger)
    t = turn_of(state)
    holds = t.holds
    events: list[Event] = []
    for cid in t.order:
        h = holds.get(cid)
        if h is not None and h.trigger == trigger and not h.triggered:
            holds = holds.set(cid, attrs.evolve(h, triggered=True))
            events.append(HeldActionTriggered(creature=cid, trigger=trigger, rules=("I-HOLD-03",)))
    return Outcome(state.with_turn(attrs.evolve(t, holds=holds)), tuple(events))


def verify_held_action(state: Encounter, creature: str, *, trigger: str | None = None) -> Hold:
    """Raise unless ``creature`` may use its held action now; return the hold (I-HOLD-03, R-I-1)."""
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
    if not h.triggered and trigger != h.trigger:
        raise ActionUnavailableError(
            f"{creature} uses its held {h.held}: its trigger {h.trigger!r} has not happened", rule="I-HOLD-03"
        )
    return h


def use_held_action(state: Encounter, creature: str, *, trigger: str | None = None) -> Outcome:
    """Use the held action at once, out of sequence, once (I-HOLD-03, R-I-1)."""
    h = verify_held_action(state, creature, trigger=trigger)
    t = turn_of(state)
    t = attrs.evolve(t, holds=t.holds.delete(creature))
    event = HeldActionUsed(
        creature=creature, held=h.held, action=h.action, trigger=h.trigger, rules=("I-HOLD-03", "R-I-1")
    )
    return Outcome(state.with_turn(t), (event,))


@attrs.frozen(repr=False)
class UseHeldAction(Request):
    """:func:`brawl.use_held_action` (I-HOLD-03, R-I-1)."""

    creature: str = attrs.field(validator=text())
    trigger: str | None = attrs.field(default=None, validator=text(optional=True))

    def verify(self, state: Encounter) -> None:
        verify_held_action(state, self.creature, trigger=self.trigger)

    def resolve(self, state: Encounter) -> Outcome:
        return use_held_action(state, self.creature, trigger=self.trigger)
