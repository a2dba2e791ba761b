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

from collections.abc import Iterator, Sequence
from itertools import compress
from operator import not_

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
_IDLE: set[type] = set()
"""The classes of ``_QUIET`` that no class trigger reads either (:data:`TRIGGER_EVENTS`): an
outcome of these alone is settled as it is."""


def _kind_of(cls: type) -> int:
    """The watched event class ``cls`` is (a subclass of), in the order the pass asks, or ``_OTHER``."""
    kind = next((k for base, k in _WATCHED_KINDS if issubclass(cls, base)), _OTHER)
    _KINDS[cls] = kind
    if kind == _OTHER:
        _QUIET.add(cls)
        if cls not in TRIGGER_EVENTS:
            _IDLE.add(cls)
    return kind


def _watched(events: Sequence[Event]) -> Iterator[Event]:
    """The events but those of a class known to be unwatched (``_QUIET``), in order, sifted
    without a step of Python per event left out."""
    return compress(events, map(not_, map(_QUIET.__contains__, map(type, events))))


def _scan(
    events: Sequence[Event],
    owed: dict[str, None],
    grounded: dict[str, None],
    moved: list[Event] | None = None,
) -> bool:
    """One pass over ``events``: the creatures owed a bleeding loss go into ``owed`` (a trigger
    with no bleeding roll or new bleeding after it, once per action), those knocked out or given
    a grounding condition into ``grounded``, in order, and the movement events into ``moved`` if given;
    whether any creature died.

    Settling an outcome again (a public rule made of public rules, a replay) owes nothing more:
    a trigger is paid by the roll after it, and one made before the creature started bleeding
    owes nothing.
    """
    died = False
    kinds = _KINDS
    for e in _watched(events):  # each branch's assert narrows ``e`` to the class its kind was read from
        kind = kinds.get(type(e))
        if kind is None:
            kind = _kind_of(type(e))
        if kind == _OTHER:
            continue
        # the kinds asked most often first (power rolls, strikes, moves, deaths)
        if kind == _ROLLED:
            assert isinstance(e, PowerRolled)
            if e.uses in BLEEDING_CHARACTERISTICS and e.creature is not None:
                owed[e.creature] = None
        elif kind == _STRUCK:
            assert isinstance(e, Struck)
            owed[e.attacker] = None
        elif kind == _MOVED:
            if moved is not None:
                moved.append(e)
        elif kind == _DIED:
            died = True
        elif kind == _GAINED:
            assert isinstance(e, ConditionGained)
            name = e.condition.name
            if name is ConditionName.BLEEDING:
                owed.pop(e.creature, None)
            elif name in GROUNDING:
                grounded[e.creature] = None
        elif kind == _DICE:
            assert isinstance(e, DiceRolled)
            if e.purpose == BLEEDING_PURPOSE and e.creature is not None:
                owed.pop(e.creature, None)
        elif kind == _KNOCKED:
            assert isinstance(e, KnockedOut)
            grounded[e.creature] = None
        elif kind == _CHARGED:
            assert isinstance(e, Charged)
            owed[e.creature] = None
        elif kind == _STARTED:
            assert isinstance(e, EffectStarted)
            if e.effect == "defending":
                owed[e.creature] = None
        else:
            assert isinstance(e, HealGiven)
            owed[e.healer] = None
    return died


def _dead_mounts(out: Outcome) -> Outcome:
    """Riders thrown by every mount a ``Died`` event names, new deaths included (DS-MOUNT-09)."""
    kinds = _KINDS
    i = 0
    while i < len(out.events):
        e = out.events[i]
        i += 1
        kind = kinds.get(type(e))
        if (kind if kind is not None else _kind_of(type(e))) != _DIED:
            continue
        assert isinstance(e, Died)
        cid, state = e.creature, out.state
        # only a creature some creature names as its mount can have riders (the state's index)
        if cid in state.creatures and state.riding_me(cid) and riders_of(state, cid):
            out = out.then(mount_died, cid)
    return out


def settle(out: Outcome) -> Outcome:
    """The outcome with the consequences of its new state resolved and their events appended,
    then the Heroic Resource the heroes' class triggers earn from all of it (RB-HR-09..17)."""
    if _IDLE.issuperset(map(type, out.events)):  # nothing either pass reads: both give ``out``
        return out
    return class_triggers(_consequences(out))


def _consequences(out: Outcome) -> Outcome:
    """The consequences of :func:`settle`.

    Cost follows the change: the events are read once, by class, and only the creatures they
    name are looked at; the events a consequence adds (always after the others) are read once
    more.
    """
    events = out.events
    if _QUIET.issuperset(map(type, events)):  # no event the pass watches: nothing follows
        return out
    owed: dict[str, None] = {}
    grounded: dict[str, None] = {}
    moved: list[Event] = []
    died = _scan(events, owed, grounded, moved)
    if moved:  # entering a lasting wall or aura (R-AREA-10)
        out = areas_entered(out, moved)
        if len(out.events) != len(events):
            died = _scan(out.events[len(events) :], {}, grounded) or died
            events = out.events
    if not (owed or died or grounded):
        return out
    for cid in owed:
        c = out.state.creatures.get(cid)
        if c is not None and bleeds(c):  # else bleeding_loss changes nothing
            out = out.then(bleeding_loss, cid)
    if len(out.events) != len(events):
        died = _scan(out.events[len(events) :], {}, grounded) or died
    if died:
        seen = len(out.events)
        out = _dead_mounts(out)
        if len(out.events) != seen:
            _scan(out.events[seen:], {}, grounded)
    for cid in grounded:
        state = out.state
        if cid not in state.creatures or not falls_if_aloft(state, cid) or not should_fall(state, cid):
            continue
        knocked_out = state.creature(cid).has(ConditionName.UNCONSCIOUS)
        why = ("DS-MTYPE-25", "R-TURN-7") if knocked_out else ("DS-MTYPE-25",)
        out = out.then(Fall(cid, rules=why).resolve)
    return out


__all__ = ["settle"]
