"""Draw Steel's turns starting and ending: who may start one, and the bookkeeping of both.

A turn starts when the creature may act now (DS-SIDE-07..12, DS-SIDE-14, DS-SIDE-17, RB5-SOLO,
RB-SUMMON-01): a hero gains its Heroic Resource (R-ABIL-13, RB-HR-05), then what ends or lands
at the start of a turn (:func:`~brawl.rules.phases.start_of_turn`). A turn ends with its
effects ending and its saves (:func:`~brawl.rules.phases.end_of_turn`), a solo's End Effect
(RB-SOLO-02), the turn counted (DS-SIDE-08, DS-SIDE-09) and its Malice boosts lapsing (R-DIR-3).

The bookkeeping of both is copied once and its changed fields written (:func:`~brawl.fields.copier`):
it has nothing to convert or validate, and every value is one checked here or derived from its
checked fields.
"""

from __future__ import annotations

from collections.abc import Mapping

from brawl.checks import MAX_TEXT
from brawl.creature import MAX_COUNT, Creature
from brawl.errors import TurnOrderError
from brawl.events.base import maker
from brawl.events.turns import TurnEnded, TurnStarted
from brawl.fields import replaced
from brawl.outcome import Outcome
from brawl.rules import phases
from brawl.rules.recoveries import check_token_stamina, spent_as_damage_comes
from brawl.rules.resources import check_prayer, gain_heroic_resource, strain
from brawl.rules.solos import end_effect
from brawl.state import Encounter
from brawl.turns.drawsteel_turn import (
    GROUP_PREFIX,
    SIDES,
    SOLO_TURNS_PER_ROUND,
    DrawSteelTurn,
    actors,
    allowance,
    copy_turn,
    moment_over,
    moment_passed,
    opening_economy,
    remaining,
    slot_of,
    summoned_first,
)
from brawl.turns.drawsteel_turn import turn_of as _turn
from brawl.turns.economy import FRESH

__all__ = ["end_turn", "start_checks", "start_turn"]

_NO_ONE: frozenset[str] = frozenset()


def start_checks(
    state: Encounter, creature: str, pray: bool, token_stamina: tuple[str, ...]
) -> tuple[DrawSteelTurn, Creature]:
    """Raise :class:`TurnOrderError` if ``creature`` may not start a turn now; ``pray`` only for a
    conduit (RB-HR-10); ``token_stamina``, heroes who may spend 2 hero tokens in the turn it
    begins (RB-TOKEN-03). The bookkeeping and the creature, looked up."""
    t = _turn(state)
    return t, _may_start(state, t, creature, pray, token_stamina)


def _may_start(
    state: Encounter, t: DrawSteelTurn, creature: str, pray: bool, token_stamina: tuple[str, ...]
) -> Creature:
    """:func:`start_checks` on the bookkeeping ``t`` of ``state``: the creature, looked up."""
    c = state.creatures.get(creature) if type(creature) is str else None
    if c is None:
        c = state.creature(creature)  # refused: no such creature
    if pray:
        check_prayer(c, pray)
    if token_stamina:  # checked as the turn begins: no hero has had a token's benefit in it
        check_token_stamina(state.with_turn(replaced(t, token_used=_NO_ONE)), token_stamina)
    if t.current is not None:
        raise TurnOrderError(
            f"start turn of {creature!r}: {t.current!r} is taking its turn", rule="DS-SIDE-08"
        )
    if c.dead:
        raise TurnOrderError(f"start turn of {creature!r}: the creature is dead", rule="DS-STAM-09")
    taken = t.turns_taken.get(creature, 0)
    if taken and taken >= allowance(c):  # no turn taken is under every allowance (one or two)
        rule = "RB5-SOLO" if c.solo else "DS-SIDE-09"
        raise TurnOrderError(f"start turn of {creature!r}: it already acted this round", rule=rule)
    last = t.last_actor
    if creature == last:
        raise TurnOrderError(
            f"start turn of {creature!r}: a solo creature's turns are never back to back", rule="RB5-SOLO"
        )
    # summoned_first answers False at once unless the last actor summoned some creature
    if last and t.director.summoned_by and summoned_first(state, t, creature):
        return c  # it acts right after its summoner (RB-SUMMON-01)
    # the creature may start a turn now (checked above): it is one of actors()'s members if its
    # group is acting, or, with no group acting and the free choice, if its side acts first
    if t.group is not None:
        if slot_of(c) == t.group:
            return c
    elif t.ranking is None:
        # the side that acts first if any of it may (DS-SIDE-08, DS-SIDE-10, DS-SIDE-12): the
        # first of _sides_in_order(t), inline
        side, sides = t.last_side, t.sides
        if c.side == (sides[0] if side is None else sides[1] if side == sides[0] else sides[0]):
            return c
    side, members = actors(state, t)
    if side is None:
        raise TurnOrderError(f"start turn of {creature!r}: the round is over; end it", rule="DS-SIDE-11")
    if any(m.id == creature for m in members):
        return c
    if t.group is not None and any(slot_of(m) == t.group for m in members):
        raise TurnOrderError(
            f"start turn of {creature!r}: the members of {t.group[len(GROUP_PREFIX) :]!r} act first, "
            "back to back",
            rule=("DS-SIDE-17", "R-TURN-3"),
        )
    if c.side != side:
        rule_id = "DS-SIDE-12" if t.last_side is None else "DS-SIDE-08"
        raise TurnOrderError(f"start turn of {creature!r}: it is the {side} side's turn", rule=rule_id)
    raise TurnOrderError(
        f"start turn of {creature!r}: in the alternative order {', '.join(m.id for m in members)} acts first",
        rule="DS-SIDE-14",
    )


_FIRST = ("DS-SIDE-07",)
_GROUP = ("DS-SIDE-17", "R-TURN-3")
_SAME_SIDE = ("DS-SIDE-10",)
_ROUND_START = ("DS-SIDE-12",)
_ALTERNATE = ("DS-SIDE-08",)


_TURN_STARTED = maker(TurnStarted)
_TURN_ENDED = maker(TurnEnded)


def start_turn(state: Encounter, creature: str, pray: bool, token_stamina: tuple[str, ...]) -> Outcome:
    """Start a creature's turn (:meth:`~brawl.turns.drawsteel.DrawSteel.start_turn`)."""
    t = state.turn
    assert type(t) is DrawSteelTurn  # the system running the state is Draw Steel
    c = _may_start(state, t, creature, pray, token_stamina)
    slot = slot_of(c)
    # the rules by which it starts its turn now (DS-SIDE-07..14, DS-SIDE-17, RB5-SOLO)
    rules: tuple[str, ...]
    if t.turn_count == 0:
        rules = _FIRST
    elif t.group is not None and slot == t.group:
        rules = _GROUP
    elif t.last_side == c.side:
        rules = _SAME_SIDE
    elif t.last_side is None:
        rules = _ROUND_START
    else:
        rules = _ALTERNATE
    if c.solo:
        rules = (*rules, "RB5-SOLO")
    if t.ranking is not None:
        rules = (*rules, "DS-SIDE-14")
    group = slot if slot.startswith(GROUP_PREFIX) else None
    if t.extra_main or t.reported is not None:  # else the moment has nothing to pass
        t, lapsed = moment_passed(t)
    else:
        lapsed = ()
    draft = copy_turn(t)
    draft.current = creature
    # opening_economy: nothing spent unless a minion gave a part of it to its squad
    draft.economy = opening_economy(t, creature) if t.squad_mains or t.squad_maneuvers else FRESH
    draft.group = group
    director = t.director
    if creature in director.summoned:  # it may summon again (RB-SUMMON-02); else the book is kept
        director = director.turn_started(creature)
    draft.director = director
    draft.token_used = _NO_ONE
    draft.ability_users = _NO_ONE  # the heroes using abilities this turn (RB-HR-17)
    draft.__class__ = DrawSteelTurn
    new: DrawSteelTurn = draft
    # the creature was just looked up; a group name is a creature's, checked, unless the
    # prefix makes it too long, which with_turn refuses
    begun = state.with_turn_built(new) if group is None or len(group) <= MAX_TEXT else state.with_turn(new)
    started = _TURN_STARTED(creature=creature, side=c.side, round=state.round, rules=rules)
    if token_stamina:
        out = spent_as_damage_comes(begun, token_stamina, lambda now: _begin(now, creature, pray))
        return Outcome(out.state, (*lapsed, started, *out.events))
    if c.hero:
        gained = gain_heroic_resource(begun, creature, pray=pray)
        begun, events = gained.state, (*lapsed, started, *gained.events)
    else:  # gain_heroic_resource gives a creature that is not a hero nothing
        events = (*lapsed, started) if lapsed else (started,)
    if phases.quiet_start(begun, creature):  # start_of_turn would change nothing
        return Outcome(begun, events)
    out = phases.start_of_turn(begun, creature)
    return Outcome(out.state, events + out.events)


def _begin(state: Encounter, creature: str, pray: bool) -> Outcome:
    """The start of ``creature``'s turn once its bookkeeping is set: its Heroic Resource, then
    the start-of-turn effects (R-ABIL-13, RB-HR-05, RB-HR-10)."""
    return gain_heroic_resource(state, creature, pray=pray).then(phases.start_of_turn, creature)


def _ending(
    state: Encounter,
    creature: str,
    saving_throws: Mapping[int, int] | None,
    named_saving_throws: Mapping[int, int] | None,
) -> Outcome:
    """The end of ``creature``'s turn: its effects end and its saves (RB2-EOT, RB2-SAVE), then a
    solo's End Effect, after the saves (RB-SOLO-02, R-DIR-5)."""
    out = phases.end_of_turn(
        state, creature, saving_throws=saving_throws, named_saving_throws=named_saving_throws
    )
    c = out.state.creatures.get(creature)
    if c is None or not c.end_effect:  # end_effect: nothing without the trait
        return out
    return out.then(end_effect, creature)


def end_turn(
    state: Encounter,
    saving_throws: Mapping[int, int] | None,
    named_saving_throws: Mapping[int, int] | None,
    token_stamina: tuple[str, ...],
) -> Outcome:
    """End the current turn (:meth:`~brawl.turns.drawsteel.DrawSteel.end_turn`); its checks made."""
    t = state.turn
    assert type(t) is DrawSteelTurn  # the system running the state is Draw Steel
    state, t, lapsed = moment_over(state, t)
    creature = t.current
    assert creature is not None
    if token_stamina:
        out = spent_as_damage_comes(
            state, token_stamina, lambda now: _ending(now, creature, saving_throws, named_saving_throws)
        )
        after, events = out.state, out.events
    elif saving_throws or named_saving_throws or not phases.quiet_end(state, creature):
        out = _ending(state, creature, saving_throws, named_saving_throws)
        after, events = out.state, out.events
    else:  # end_of_turn would change nothing; end_effect ends no condition of a creature with none
        after, events = state, ()
    c = after.creatures[creature]  # the current creature, named by checked bookkeeping
    if c.heroic_resource < 0:  # a talent's negative clarity (RB-HR-16)
        strained = strain(after, creature)
        after, events = strained.state, events + strained.events
        c = after.creatures[creature]
    taken = t.turns_taken.get(creature, 0) + 1
    director = t.director
    if director.brutal or director.malicious:  # else no boost waits to lapse
        director = director.without((creature,))  # its Malice boosts lapse (R-DIR-3)
    draft = copy_turn(t)
    draft.turns_taken = t.turns_taken.set(creature, taken)
    draft.current = None
    draft.economy = None
    draft.last_side = c.side
    draft.last_actor = creature
    draft.turn_count = t.turn_count + 1
    draft.director = director
    # the draft is read (its counts) before it is made a DrawSteelTurn, by remaining alone
    if t.group is not None and not any(slot_of(m) == t.group for m in remaining(after, draft)):
        draft.group = None  # the group's members have all acted (DS-SIDE-17)
    draft.__class__ = DrawSteelTurn
    new: DrawSteelTurn = draft
    # the current creature, its count raised by one, its side: checked here, with_turn otherwise
    fits = taken <= SOLO_TURNS_PER_ROUND and c.side in SIDES and new.turn_count <= MAX_COUNT
    st = after.with_turn_built(new) if fits else after.with_turn(new)
    ended = _TURN_ENDED(creature=creature, round=state.round, rules=_ENDED_RULES)
    return Outcome(st, (*lapsed, *events, ended) if lapsed or events else (ended,))


_ENDED_RULES = ("DS-SIDE-08",)
