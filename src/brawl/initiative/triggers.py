"""The initiative game's answer to a reported trigger: the holders waiting for it may act now.

The shared record :class:`~brawl.turns.triggers.ReportTrigger` names what happened; under the
initiative game it is a held action's declared condition alone, with no creature or targets
(I-HOLD-02), and each holder waiting for it may use its held action at once, out of sequence
(I-HOLD-03, :class:`~brawl.initiative.hold.UseHeldAction`). The turn system registers these two
functions for its bookkeeping (:func:`~brawl.turns.triggers.register_triggers`).
"""

from __future__ import annotations

import attrs

from brawl.errors import InvalidArgumentError
from brawl.events.base import Event
from brawl.initiative.events import HeldActionTriggered
from brawl.initiative.state import turn_of
from brawl.outcome import Outcome
from brawl.state import Encounter
from brawl.turns.triggers import ReportTrigger

__all__ = ["report_held_trigger", "verify_held_trigger"]


def verify_held_trigger(state: Encounter, request: ReportTrigger) -> None:
    """Raise unless the initiative game runs and the report is a declared condition's text alone
    (I-HOLD-02)."""
    turn_of(state)
    trigger = request.trigger
    if request.creature is not None or request.targets:
        raise InvalidArgumentError(
            f"report trigger {trigger!r}: the initiative game's trigger is the declared condition "
            "alone, with no creature or targets",
            rule="I-HOLD-02",
        )
    if not trigger:
        raise InvalidArgumentError(f"trigger {trigger!r}: the declared condition", rule="I-HOLD-02")


def report_held_trigger(state: Encounter, request: ReportTrigger) -> Outcome:
    """The declared condition happened: each holder waiting for it may act at once (I-HOLD-03)."""
    verify_held_trigger(state, request)
    t = turn_of(state)
    holds = t.holds
    events: list[Event] = []
    for cid in t.order:
        h = holds.get(cid)
        if h is not None and h.trigger == request.trigger and not h.triggered:
            holds = holds.set(cid, attrs.evolve(h, triggered=True))
            events.append(HeldActionTriggered(creature=cid, trigger=request.trigger, rules=("I-HOLD-03",)))
    return Outcome(state.with_turn(attrs.evolve(t, holds=holds)), tuple(events))
