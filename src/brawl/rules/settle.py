"""The consequences that follow any rule: the ``settle`` pass run after every public rule.

A resolver changes what it was asked to change and nothing more: :func:`~brawl.rules.damage.damage`
knocks a creature out, :func:`~brawl.rules.conditions.add_condition` knocks it prone. What
follows from the new state, whichever rule made it, is settled here, once, after the rule:

- a bleeding creature that used a main action (a free strike, Charge, Defend), a triggered
  action (an opportunity attack) or made a power roll or test with Might or Agility loses
  1d6 + its level Stamina, once per action, the d6 drawn from the state's RNG (RB1-BLEEDING,
  R-STAM-6, R-STAM-9); a loss already in the outcome (a caller's
  :func:`~brawl.rules.stamina.bleeding_loss` with ``roll=``) counts, so nothing is rolled twice;
- a mount that dies, whatever killed it (damage, a fall, bleeding), throws its riders: each
  falls off and lands prone in the nearest unoccupied space (DS-MOUNT-09, R-MOUNT-4);
- a flyer without hover that is prone, grabbed, restrained, unconscious or at speed 0 in midair
  falls (DS-MTYPE-25; R-TURN-7 when it was knocked unconscious).

The public functions of :mod:`brawl` and :func:`brawl.apply` run this pass on their outcome, so a
caller never sees a state with a consequence left pending.
"""

from __future__ import annotations

from collections.abc import Iterable

from brawl.conditions import ConditionName
from brawl.events.actions import Charged, EffectStarted, HealGiven, Struck
from brawl.events.base import DiceRolled, Event
from brawl.events.conditions import ConditionGained
from brawl.events.damage import Died, KnockedOut
from brawl.events.dice import PowerRolled
from brawl.outcome import Outcome
from brawl.rules.conditions import GROUNDING, falls_if_aloft
from brawl.rules.falling import fall, should_fall
from brawl.rules.riders import mount_died, riders_of
from brawl.rules.stamina import BLEEDING_PURPOSE, bleeding_loss, bleeds

BLEEDING_CHARACTERISTICS = frozenset({"might", "agility"})  # RB1-BLEEDING


def _bleeding_trigger(e: Event) -> str | None:
    """The creature this event says used a main or triggered action or rolled Might or Agility."""
    if isinstance(e, PowerRolled):
        return e.creature if e.uses in BLEEDING_CHARACTERISTICS else None
    if isinstance(e, Struck):
        return e.attacker
    if isinstance(e, Charged) or (isinstance(e, EffectStarted) and e.effect == "defending"):
        return e.creature
    if isinstance(e, HealGiven):
        return e.healer
    return None


def _bleeders(events: Iterable[Event]) -> list[str]:
    """The creatures owed a bleeding loss: a trigger with no bleeding roll after it (once per action).

    Settling an outcome again (a public rule made of public rules, a replay) owes nothing more:
    a trigger is paid by the roll after it, and one made before the creature started bleeding
    owes nothing.
    """
    owed: dict[str, None] = {}
    for e in events:
        if isinstance(e, DiceRolled) and e.purpose == BLEEDING_PURPOSE and e.creature is not None:
            owed.pop(e.creature, None)
            continue
        if isinstance(e, ConditionGained) and e.condition.name is ConditionName.BLEEDING:
            owed.pop(e.creature, None)
            continue
        cid = _bleeding_trigger(e)
        if cid is not None:
            owed[cid] = None
    return list(owed)


def _grounded(events: Iterable[Event]) -> list[str]:
    """The creatures the events knocked out or gave a grounding condition, in order."""
    found: dict[str, None] = {}
    for e in events:
        if isinstance(e, KnockedOut) or (isinstance(e, ConditionGained) and e.condition.name in GROUNDING):
            found[e.creature] = None
    return list(found)


def _dead_mounts(out: Outcome) -> Outcome:
    """Riders thrown by every mount a ``Died`` event names, new deaths included (DS-MOUNT-09)."""
    i = 0
    while i < len(out.events):
        e = out.events[i]
        i += 1
        if isinstance(e, Died) and e.creature in out.state.creatures and riders_of(out.state, e.creature):
            out = out.then(mount_died, e.creature)
    return out


WATCHED = (
    DiceRolled,
    ConditionGained,
    PowerRolled,
    Struck,
    Charged,
    EffectStarted,
    HealGiven,
    KnockedOut,
    Died,
)
"""The events the settle pass reads; the others (damage dealt, a tier reached, ...) owe nothing."""


def _watched(events: Iterable[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, WATCHED)]


def settle(out: Outcome) -> Outcome:
    """The outcome with the consequences of its new state resolved and their events appended.

    Cost follows the change: only the events that can owe something, and the creatures they
    name, are looked at.
    """
    watched = _watched(out.events)
    if not watched:
        return out
    before = out.events
    for cid in _bleeders(watched):
        c = out.state.creatures.get(cid)
        if c is not None and bleeds(c):  # else bleeding_loss changes nothing
            out = out.then(bleeding_loss, cid)
    if out.events is not before:
        watched = _watched(out.events)
    if any(isinstance(e, Died) for e in watched):
        out = _dead_mounts(out)
        watched = _watched(out.events)
    for cid in _grounded(watched):
        state = out.state
        if cid not in state.creatures or not falls_if_aloft(state, cid) or not should_fall(state, cid):
            continue
        knocked_out = state.creature(cid).has(ConditionName.UNCONSCIOUS)
        out = out.then(fall, cid, rules=("DS-MTYPE-25", "R-TURN-7") if knocked_out else ("DS-MTYPE-25",))
    return out


__all__ = ["settle"]
