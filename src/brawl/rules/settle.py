"""The consequences that follow any rule: the ``settle`` pass run after every public rule.

A resolver changes what it was asked to change and nothing more: :func:`~brawl.rules.damage.deal_damage`
knocks a creature out, :func:`~brawl.rules.conditions.impose_condition` knocks it prone. What
follows from the new state, whichever rule made it, is settled here, once, after the rule:

- a bleeding creature that used a main action (a free strike, Charge, Defend), a triggered
  action (an opportunity attack) or made a power roll or test with Might or Agility loses
  1d6 + its level Stamina, once per action, the d6 drawn from the state's RNG (RB1-BLEEDING,
  R-STAM-6, R-STAM-9); a loss already in the outcome (a caller's
  :func:`~brawl.rules.stamina.bleeding_loss` with ``roll=``) counts, so nothing is rolled twice;
- a mount that dies, whatever killed it (damage, a fall, bleeding), throws its riders: each
  falls off and lands prone in the nearest unoccupied space (DS-MOUNT-09, R-MOUNT-4);
- a flyer without hover that is prone, grabbed, restrained, unconscious or at speed 0 in midair
  falls (DS-MTYPE-25; R-TURN-7 when it was knocked unconscious);
- a creature that moved into a lasting wall or aura with an effect on entering takes it, first
  (R-AREA-10: :func:`~brawl.rules.persistent.areas_entered`).

The public functions of :mod:`brawl` and :func:`brawl.apply` run this pass on their outcome, so a
caller never sees a state with a consequence left pending.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from brawl.conditions import ConditionName
from brawl.events.actions import Charged, EffectStarted, HealGiven, Struck
from brawl.events.base import DiceRolled, Event
from brawl.events.conditions import ConditionGained
from brawl.events.damage import Died, KnockedOut
from brawl.events.dice import PowerRolled
from brawl.outcome import Outcome
from brawl.rules.conditions import GROUNDING, falls_if_aloft
from brawl.rules.falling import Fall, should_fall
from brawl.rules.persistent import MOVEMENT_EVENTS, areas_entered
from brawl.rules.resources import TRIGGER_EVENTS, class_triggers
from brawl.rules.riders import mount_died, riders_of
from brawl.rules.stamina import BLEEDING_PURPOSE, bleeding_loss, bleeds

BLEEDING_CHARACTERISTICS = frozenset({"might", "agility"})  # RB1-BLEEDING


_OTHER, _DICE, _GAINED, _ROLLED, _STRUCK, _CHARGED, _STARTED, _HEALED, _KNOCKED, _DIED, _MOVED = range(11)
_WATCHED_KINDS: tuple[tuple[type[Event], int], ...] = (
    *((cls, _MOVED) for cls in MOVEMENT_EVENTS),
    (DiceRolled, _DICE),
    (ConditionGained, _GAINED),
    (PowerRolled, _ROLLED),
    (Struck, _STRUCK),
    (Charged, _CHARGED),
    (EffectStarted, _STARTED),
    (HealGiven, _HEALED),
    (KnockedOut, _KNOCKED),
    (Died, _DIED),
)
_KINDS: dict[type, int] = {}
"""What each class of event is to the settle pass (:func:`_kind_of`), looked up once per class."""
_QUIET: set[type] = set()
"""The classes of event seen so far that the settle pass does not watch (kind ``_OTHER``)."""
IDLE_EVENTS: set[type] = set()
"""The classes of ``_QUIET`` that no class trigger reads either (:data:`TRIGGER_EVENTS`): an
outcome of these alone is settled as it is."""


def _kind_of(cls: type) -> int:
    """The watched event class ``cls`` is (a subclass of), in the order the pass asks, or ``_OTHER``."""
    kind = next((k for base, k in _WATCHED_KINDS if issubclass(cls, base)), _OTHER)
    _KINDS[cls] = kind
    if kind == _OTHER:
        _QUIET.add(cls)
        if cls not in TRIGGER_EVENTS:
            IDLE_EVENTS.add(cls)
    return kind


_PLANS: dict[tuple[type, ...], tuple[tuple[int, int], ...]] = {}
"""What the pass reads of a sequence of events, by the classes of the events in order: the index
and kind of each watched one (:func:`_plan`), worked out once per sequence of classes."""
MAX_PLANS = 4_096
"""Sequences of classes whose plan is kept; past it, the plans are forgotten and made again."""


def _plan(classes: tuple[type, ...]) -> tuple[tuple[int, int], ...]:
    """The index and kind of each event of a watched class among ``classes``, in order, kept."""
    kinds = _KINDS
    found: list[tuple[int, int]] = []
    for i, cls in enumerate(classes):
        kind = kinds.get(cls)
        if kind is None:
            kind = _kind_of(cls)
        if kind != _OTHER:
            found.append((i, kind))
    if len(_PLANS) >= MAX_PLANS:
        _PLANS.clear()
    plan = _PLANS[classes] = tuple(found)
    return plan


def _scan(
    events: Sequence[Event],
    owed: dict[str, None],
    grounded: dict[str, None],
    moved: list[Event] | None = None,
    deaths: list[str] | None = None,
) -> bool:
    """One pass over ``events``: the creatures owed a bleeding loss go into ``owed`` (a trigger
    with no bleeding roll or new bleeding after it, once per action), those knocked out or given
    a grounding condition into ``grounded``, in order, the movement events into ``moved`` and
    the creatures that died into ``deaths`` if given; whether any creature died.

    Settling an outcome again (a public rule made of public rules, a replay) owes nothing more:
    a trigger is paid by the roll after it, and one made before the creature started bleeding
    owes nothing.
    """
    classes = tuple(map(type, events))
    plan = _PLANS.get(classes)
    return _read(events, _plan(classes) if plan is None else plan, owed, grounded, moved, deaths)


def _read(
    events: Sequence[Event],
    plan: tuple[tuple[int, int], ...],
    owed: dict[str, None],
    grounded: dict[str, None],
    moved: list[Event] | None,
    deaths: list[str] | None = None,
) -> bool:
    """:func:`_scan` of the events its ``plan`` names, each of the kind it says; the creatures
    that died into ``deaths`` if given, in order."""
    died = False
    for i, kind in plan:
        e: Any = events[i]  # of the class its kind was read from (_kind_of), named in each branch
        # the kinds asked most often first (power rolls, strikes, moves, deaths)
        if kind == _ROLLED:  # PowerRolled
            if e.uses in BLEEDING_CHARACTERISTICS and e.creature is not None:
                owed[e.creature] = None
        elif kind == _STRUCK:  # Struck
            owed[e.attacker] = None
        elif kind == _MOVED:  # a movement event
            if moved is not None:
                moved.append(e)
        elif kind == _DIED:  # Died
            died = True
            if deaths is not None:
                deaths.append(e.creature)
        elif kind == _GAINED:  # ConditionGained
            name = e.condition.name
            if name is ConditionName.BLEEDING:
                owed.pop(e.creature, None)
            elif name in GROUNDING:
                grounded[e.creature] = None
        elif kind == _DICE:  # DiceRolled
            if e.purpose == BLEEDING_PURPOSE and e.creature is not None:
                owed.pop(e.creature, None)
        elif kind == _KNOCKED:  # KnockedOut
            grounded[e.creature] = None
        elif kind == _CHARGED:  # Charged
            owed[e.creature] = None
        elif kind == _STARTED:  # EffectStarted
            if e.effect == "defending":
                owed[e.creature] = None
        else:  # HealGiven
            owed[e.healer] = None
    return died


def _dead_mounts(out: Outcome, deaths: list[str]) -> Outcome:
    """Riders thrown by every mount among ``deaths``, the creatures whose ``Died`` events ``out``
    holds, in order, and the deaths the throws add, read as they come (they follow all the
    others) (DS-MOUNT-09)."""
    k = 0
    while k < len(deaths):
        cid, state = deaths[k], out.state
        k += 1
        # only a creature some creature names as its mount can have riders (the state's index)
        if cid in state.creatures and state.riding_me(cid) and riders_of(state, cid):
            seen = len(out.events)
            out = out.then(mount_died, cid)
            if len(out.events) != seen:
                _scan(out.events[seen:], {}, {}, None, deaths)
    return out


def settle(out: Outcome) -> Outcome:
    """The outcome with the consequences of its new state resolved and their events appended,
    then the Heroic Resource the heroes' class triggers earn from all of it (RB-HR-09..17).

    Cost follows the change: the events are read once, by class, and only the creatures they
    name are looked at; the events a consequence adds (always after the others) are read once
    more.
    """
    events = out.events
    if IDLE_EVENTS.issuperset(map(type, events)):  # nothing either pass reads: both give ``out``
        return out
    classes = tuple(map(type, events))
    plan = _PLANS.get(classes)
    if plan is None:
        plan = _plan(classes)
    if plan:  # else no event the pass watches: nothing follows
        owed: dict[str, None] = {}
        grounded: dict[str, None] = {}
        moved: list[Event] = []
        deaths: list[str] = []
        _read(events, plan, owed, grounded, moved, deaths)
        if moved:  # entering a lasting wall or aura (R-AREA-10)
            out = areas_entered(out, moved)
            if len(out.events) != len(events):
                _scan(out.events[len(events) :], {}, grounded, None, deaths)
                events = out.events
        if owed or deaths or grounded:  # else nothing follows
            for cid in owed:
                c = out.state.creatures.get(cid)
                # else bleeding_loss changes nothing; a creature with no condition is not bleeding
                if c is not None and c.conditions and bleeds(c):
                    out = out.then(bleeding_loss, cid)
            if out.events is not events and len(out.events) != len(events):
                _scan(out.events[len(events) :], {}, grounded, None, deaths)
            if deaths:
                seen = len(out.events)
                out = _dead_mounts(out, deaths)
                if len(out.events) != seen:
                    _scan(out.events[seen:], {}, grounded)
            for cid in grounded:
                out = _fall(out, cid)
    # class_triggers asks first whether the combat has class triggers to pay: not called without
    if getattr(out.state.turn, "resource_triggers", None) is None:
        return out
    return class_triggers(out)


def _fall(out: Outcome, cid: str) -> Outcome:
    """``out`` with ``cid`` falling if it is grounded in midair (DS-MTYPE-25; R-TURN-7 when it
    was knocked unconscious)."""
    state = out.state
    if cid not in state.creatures or not falls_if_aloft(state, cid) or not should_fall(state, cid):
        return out
    knocked_out = state.creature(cid).has(ConditionName.UNCONSCIOUS)
    why = ("DS-MTYPE-25", "R-TURN-7") if knocked_out else ("DS-MTYPE-25",)
    return out.then(Fall(cid, rules=why).resolve)


__all__ = ["IDLE_EVENTS", "settle"]
