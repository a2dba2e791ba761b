"""Draw Steel's turn bookkeeping and who may act next (DS-SIDE-01, DS-SIDE-07..12, DS-SIDE-17).

The sides alternate one creature or one Director group at a time (DS-SIDE-08, DS-SIDE-17,
R-TURN-3); when a side runs out the rest act back to back (DS-SIDE-10); solo creatures take two
turns a round, never back to back (RB5-SOLO); in the alternative order the best unacted Agility
total of the side acts next (DS-SIDE-14).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import filterfalse
from operator import attrgetter
from typing import Any

import attrs
import immutables

from brawl.checks import check_text
from brawl.creature import DIRECTOR, HEROES, Creature
from brawl.errors import ActionUnavailableError, StateError, TurnOrderError, whose_turn
from brawl.events.base import Event, Note
from brawl.events.turns import CriticalHit, make_action_used
from brawl.fields import copier, put, replaced
from brawl.outcome import Outcome
from brawl.rules.conditions import speed as speed_of
from brawl.rules.director import NO_BOOK, DirectorBook
from brawl.rules.monster_defend import defending_monster
from brawl.rules.squads import members
from brawl.state import Encounter, TurnState
from brawl.turns.base import system_of
from brawl.turns.economy import (
    FRESH,
    KIND_NAMES,
    ON_OWN_TURN,
    TRIGGERED_KINDS,
    ActionKind,
    Refusal,
    TurnEconomy,
    action_kind,
    converts,
    refusal,
    rule_ids,
    spend,
)

SIDES = (HEROES, DIRECTOR)  # DS-SIDE-01: exactly two sides
SOLO_TURNS_PER_ROUND = 2  # RB5-SOLO: two turns a round, never back to back
TURNS_PER_ROUND = 1  # DS-SIDE-09

GROUP_PREFIX = "group:"
"""Slot key prefix of a Director group (R-TURN-3)."""
SQUAD_SLOT = GROUP_PREFIX + "squad:"
"""Slot key prefix of a minion squad with its captain, a group of its own (RB-SQUAD-02, RB-CAPT-03)."""


@attrs.frozen
class Reported:
    """What just happened, reported so that triggered actions may answer it (DS-TURN-05, R-TURN-12)."""

    trigger: str
    """A kind of event (:data:`~brawl.turns.triggers.TRIGGER_KINDS`) or a triggered ability's own
    trigger text."""
    creature: str | None = None
    """The creature that did it (moved, targeted, dealt the damage), if named."""
    targets: tuple[str, ...] = ()
    """The creatures it was done to (moved adjacent to, targeted, damaged)."""
    answered: frozenset[str] = frozenset()
    """Creatures that already answered it with a triggered or free triggered action."""


@attrs.frozen
class DrawSteelTurn(TurnState):
    """Draw Steel bookkeeping: the sides, who acted this round, the current turn's economy."""

    sides: tuple[str, str] = SIDES
    """The side that goes first every round, then the other (DS-SIDE-12)."""
    turns_taken: immutables.Map[str, int] = attrs.field(factory=immutables.Map)
    """Turns each creature has taken this round (DS-SIDE-09; solos two, RB5-SOLO)."""
    current: str | None = None
    """The creature whose turn it is."""
    economy: TurnEconomy | None = None
    """What the current creature has spent this turn (DS-TURN-01..03)."""
    group: str | None = None
    """The Director group whose members are acting back to back (DS-SIDE-17, R-TURN-3)."""
    last_side: str | None = None
    """The side of the last turn this round (DS-SIDE-08)."""
    last_actor: str | None = None
    """The creature of the last turn this round (a solo never acts twice in a row, RB5-SOLO)."""
    triggered_used: frozenset[str] = frozenset()
    """Creatures that used their triggered action this round (DS-TURN-05)."""
    ranking: tuple[str, ...] | None = None
    """The alternative order: slot keys best first, both sides (DS-SIDE-14); None: free choice."""
    turn_count: int = 0
    """Turns taken in the whole combat."""
    malice: int = 0
    """The Director's Malice, spent by the abilities of Director creatures that cost it (RB6-MALICE)."""
    extra_main: frozenset[str] = frozenset()
    """Creatures holding a critical hit's extra main action, to take at once, on or off their
    turn (RB-CRIT-03); it lapses as soon as anything else is spent or a turn begins or ends
    (R-TURN-10)."""
    reported: Reported | None = None
    """What just happened, for the triggered actions answering it (DS-TURN-05, R-TURN-12); it
    passes with the extra main actions (:func:`moment_passed`)."""
    squad_mains: frozenset[str] = frozenset()
    """Minions whose main action this round went into their squad's signature attack on another
    minion's turn: their own turn starts with it spent (RB-SQUAD-15, RB-SQUAD-13)."""
    squad_maneuvers: frozenset[str] = frozenset()
    """Minions whose maneuver this round went into a maneuver their squad made together on another
    minion's turn: their own turn starts with it spent (RB-SQUAD-19)."""
    director: DirectorBook = NO_BOOK
    """What the Director's creatures used: villain actions (RB-VILLAIN-02, RB-VILLAIN-03), Malice
    features (RB-MALICE-04..07)."""
    resource_triggers: frozenset[str] | None = None
    """The class triggers of Heroic Resource already paid this round, as ``"hero:trigger"``: each
    pays the first time each round (RB-HR-09..17); emptied as a round begins. None: no hero of the
    combat had a class as it started, and no class trigger is looked for."""
    encounter_triggers: frozenset[str] = frozenset()
    """The class triggers that pay once an encounter (the fury's winded or dying, the troubadour's
    first winded hero, RB-HR-12, RB-HR-17), as ``"hero:trigger"``."""
    hero_tokens: int | None = None
    """The party's pool of hero tokens (RB-TOKEN-04); None: one per hero of the encounter, as a
    session starts, none spent yet (RB-TOKEN-05)."""
    token_used: frozenset[str] = frozenset()
    """Heroes that had a hero token's benefit this turn: one a turn (RB-TOKEN-09); emptied as a
    turn or a round begins."""
    ability_users: frozenset[str] = frozenset()
    """Heroes that used an ability (through ``use_ability`` or a strike) this turn, or since the
    last turn ended: three of them give a troubadour 2 drama, once an encounter (RB-HR-17,
    R-HERO-9); kept while a troubadour is in the fight, emptied as a turn or a round begins."""

    def check(self, encounter: Encounter) -> None:
        """Raise :class:`~brawl.errors.StateError` if this bookkeeping does not fit ``encounter``."""
        self._check(encounter, None)

    def check_change(self, old: TurnState | None, encounter: Encounter) -> None:
        """:meth:`check` of the fields that are not the very objects of ``old``'s (unchanged ones
        were checked when ``old`` was made, against the same creatures)."""
        self._check(encounter, old if type(old) is DrawSteelTurn else None)

    def _check(self, encounter: Encounter, old: DrawSteelTurn | None) -> None:
        # a field that is the very object of the old, checked bookkeeping's is not checked again
        if (old is None or self.sides is not old.sides) and (
            len(self.sides) != len(SIDES) or set(self.sides) != set(SIDES)
        ):
            raise StateError(f"turn sides {self.sides!r}: {SIDES[0]!r} and {SIDES[1]!r} once each")
        if old is None or self.turns_taken is not old.turns_taken:
            self.known(encounter, self.turns_taken.keys(), "turns_taken")
            for taken in self.turns_taken.values():
                self.count(taken, "turns_taken", SOLO_TURNS_PER_ROUND)
        if self.current is not None and (old is None or self.current is not old.current):
            self.known(encounter, (self.current,), "current")
        if self.last_actor is not None and (old is None or self.last_actor is not old.last_actor):
            self.known(encounter, (self.last_actor,), "last_actor")
        if old is None or self.triggered_used is not old.triggered_used:
            self.known(encounter, self.triggered_used, "triggered_used")
        if old is None or self.extra_main is not old.extra_main:
            self.known(encounter, self.extra_main, "extra_main")
        if old is None or self.squad_mains is not old.squad_mains:
            self.known(encounter, self.squad_mains, "squad_mains")
        if old is None or self.squad_maneuvers is not old.squad_maneuvers:
            self.known(encounter, self.squad_maneuvers, "squad_maneuvers")
        if self.reported is not None and (old is None or self.reported is not old.reported):
            r = self.reported
            check_text(r.trigger, "turn reported trigger")
            self.known(
                encounter, (*((r.creature,) if r.creature is not None else ()), *r.targets), "reported"
            )
            self.known(encounter, r.answered, "reported answered")
        if self.resource_triggers is not None and (
            old is None or self.resource_triggers is not old.resource_triggers
        ):
            for key in self.resource_triggers:
                check_text(key, "turn resource_triggers")
        if old is None or self.encounter_triggers is not old.encounter_triggers:
            for key in self.encounter_triggers:
                check_text(key, "turn encounter_triggers")
        if self.last_side is not None and self.last_side not in SIDES:
            raise StateError(f"turn last_side {self.last_side!r}: not a side")
        if self.group is not None and (old is None or self.group is not old.group):
            check_text(self.group, "turn group")
        if old is None or self.ranking is not old.ranking:
            for key in self.ranking or ():
                check_text(key, "turn ranking")
        if old is None or self.turn_count is not old.turn_count:
            self.count(self.turn_count, "turn_count")
        if self.hero_tokens is not None and (old is None or self.hero_tokens is not old.hero_tokens):
            self.count(self.hero_tokens, "hero_tokens")
        if old is None or self.token_used is not old.token_used:
            self.known(encounter, self.token_used, "token_used")
        if old is None or self.ability_users is not old.ability_users:
            self.known(encounter, self.ability_users, "ability_users")
        if old is None or self.malice is not old.malice:
            self.count(self.malice, "malice")
        if old is None or self.director is not old.director:
            self.director.check(encounter)
        if self.economy is None and self.current is not None:
            raise StateError(f"turn economy: none for the current turn of {self.current!r} (DS-TURN-01)")
        if self.economy is not None:
            if self.current is None:
                raise StateError("turn economy: kept with no current turn")
            if old is None or self.economy is not old.economy:
                self.economy.check()


copy_turn: Callable[[DrawSteelTurn], Any] = copier(DrawSteelTurn)
"""A draft of the bookkeeping (:func:`~brawl.fields.copier`): its changed fields are written,
then it is made a :class:`DrawSteelTurn`. The bookkeeping has no converter or validator (it is
checked as a whole), so :func:`~brawl.fields.replaced` would copy the other fields as they are."""


def with_economy(t: DrawSteelTurn, economy: TurnEconomy) -> DrawSteelTurn:
    """``replaced(t, economy=economy)``, the bookkeeping copied once (:data:`copy_turn`)."""
    draft = copy_turn(t)
    draft.economy = economy
    draft.__class__ = DrawSteelTurn
    new: DrawSteelTurn = draft
    return new


def moment_passed(
    t: DrawSteelTurn, keep: str | None = None, mates: frozenset[str] = frozenset()
) -> tuple[DrawSteelTurn, tuple[Note, ...]]:
    """The bookkeeping once the moment after a critical hit or a reported trigger has passed:
    every extra main action but ``keep``'s lapses, each with its note (RB-CRIT-03, R-TURN-10),
    and the trigger reported is gone (DS-TURN-05, R-TURN-12). ``t`` itself when nothing passes.
    ``mates``: the other minions of ``keep``'s squad, whose extra main actions from the squad's
    critical hit stay while ``keep`` takes its own (RB-SQUAD-18, ruling R-SQUAD-8)."""
    if not t.extra_main:  # no extra main action to lapse: the common case, asked once
        return (t if t.reported is None else put(t, reported=None)), ()
    if t.reported is not None:
        t = put(t, reported=None)
    kept = (mates | {keep}) if keep is not None else frozenset()
    lapsing = sorted(cid for cid in t.extra_main if cid not in kept)
    if not lapsing:
        return t, ()
    notes = tuple(
        Note(
            text=f"{cid}'s extra main action from its critical hit lapses: it was not taken at once",
            rules=("RB-CRIT-03", "R-TURN-10"),
        )
        for cid in lapsing
    )
    return put(t, extra_main=t.extra_main & kept), notes


def moment_over(state: Encounter, t: DrawSteelTurn) -> tuple[Encounter, DrawSteelTurn, tuple[Note, ...]]:
    """:func:`moment_passed` of ``state``'s bookkeeping ``t`` as a turn or the round ends: the
    bookkeeping after it, ``state`` with it stored when an extra main action lapsed, and the notes;
    asked only when something waits (an extra main action or a reported trigger)."""
    if not t.extra_main and t.reported is None:  # the moment has nothing to pass
        return state, t, ()
    t, lapsed = moment_passed(t)
    if lapsed:
        state = state.with_turn_built(t)  # fewer of the creatures checked before
    return state, t, lapsed


def critical_hits(out: Outcome) -> Outcome:
    """``out`` with the extra main action of each critical hit among its events kept for its
    creature, still in the encounter, while a Draw Steel combat runs (RB-CRIT-03, R-TURN-10)."""
    t = out.state.turn
    if type(t) is not DrawSteelTurn or CriticalHit not in map(type, out.events):  # no critical hit
        return out
    creatures = out.state.creatures
    found = {e.creature for e in out.events if type(e) is CriticalHit and e.creature in creatures}
    if not found or found <= t.extra_main:
        return out
    # creatures of the encounter, just looked up
    return attrs.evolve(out, state=out.state.with_turn_built(put(t, extra_main=t.extra_main | found)))


def opening_economy(t: DrawSteelTurn, creature: str) -> TurnEconomy:
    """The economy a creature's turn starts with: nothing spent, but the main action or maneuver
    a minion already gave to its squad's attack or maneuver this round (RB-SQUAD-15, RB-SQUAD-19)."""
    main, maneuver = creature in t.squad_mains, creature in t.squad_maneuvers
    return TurnEconomy(main=int(main), maneuvers=int(maneuver)) if main or maneuver else FRESH


def slot_of(c: Creature) -> str:
    """A creature's slot in the alternation: its Director group, or itself (R-TURN-3, RB5-SOLO).

    A minion squad with no group, and its captain, act together in a slot of their own
    (``group:squad:<name>``), one after another (RB-SQUAD-02, RB-CAPT-03)."""
    if c.side == DIRECTOR and not c.solo:
        if c.group:
            return GROUP_PREFIX + c.group
        squad = c.squad if c.minion else c.captain_of
        if squad is not None:
            return SQUAD_SLOT + squad
    return c.id


def allowance(c: Creature) -> int:
    """Turns a creature takes each round: two for a solo creature (RB5-SOLO), else one (DS-SIDE-09)."""
    return SOLO_TURNS_PER_ROUND if c.solo else TURNS_PER_ROUND


def turn_of(state: Encounter) -> DrawSteelTurn:
    """The Draw Steel bookkeeping, or :class:`TurnOrderError` under another system (DS-SIDE-01)."""
    t = state.turn
    if not isinstance(t, DrawSteelTurn):
        system_of(state)
        raise TurnOrderError("this encounter does not run the Draw Steel turn system", rule="DS-SIDE-01")
    return t


def action_refusal(state: Encounter, t: DrawSteelTurn, creature: str, kind: ActionKind) -> Refusal | None:
    """Why ``creature`` may not take ``kind`` now, or None if it may: a kind taken on its own turn
    only then (DS-TURN-01, DS-TURN-09), but a critical hit's extra main action at once, on or off
    its turn (RB-CRIT-03); then the economy (:func:`~brawl.turns.economy.refusal`); no main action
    for a monster that defended (RB-MDEF-02).
    ``t``: the encounter's bookkeeping. An unknown id raises."""
    c = state.creature(creature)
    extra = creature in t.extra_main
    if t.current != creature:
        if kind in ON_OWN_TURN and not (extra and kind is ActionKind.MAIN):
            rule = "DS-TURN-09" if kind is ActionKind.FREE_MANEUVER else "DS-TURN-01"
            return Refusal(whose_turn(creature, t.current), (rule,), TurnOrderError)
        found = refusal(state, c, kind, None, creature in t.triggered_used, extra)
    else:
        found = refusal(state, c, kind, t.economy, creature in t.triggered_used, extra)
    if found is None and kind is ActionKind.MAIN and c.effects and defending_monster(c):
        return Refusal(
            "it defended: a monster takes no other main action", ("RB-MDEF-02",), ActionUnavailableError
        )
    return found


def checked_action(state: Encounter, creature: str, kind: str) -> tuple[DrawSteelTurn, ActionKind, bool]:
    """Raise what :func:`action_refusal` finds for ``creature`` taking ``kind`` now; the
    bookkeeping, the kind, and whether it uses the main action (DS-TURN-03)."""
    t = state.turn
    if type(t) is not DrawSteelTurn:
        t = turn_of(state)  # raises: another system's turn, or none
    k = action_kind(kind)
    found = action_refusal(state, t, creature, k)
    if found is not None:
        raise found.error(creature, k)
    return t, k, converts(t.economy if t.current == creature else None, k)


def action_spent(
    state: Encounter, creature: str, kind: str, name: str | None = None
) -> tuple[DrawSteelTurn, tuple[Event, ...], bool]:
    """Draw Steel's ``use_action`` (an action spent; ``name`` labels it, a move action grants
    speed squares) as the bookkeeping and events, the encounter left as it is; whether the
    bookkeeping may be stored unchecked (:meth:`Encounter.with_turn_built`), else with
    :meth:`Encounter.with_turn`."""
    t, k, converted = checked_action(state, creature, kind)
    fits = True
    lapsed: tuple[Event, ...] = ()
    rules = rule_ids(k, converted)
    if k is ActionKind.MAIN and creature in t.extra_main:
        # the critical hit's extra main action, taken before the turn's own (RB-CRIT-03, R-TURN-10)
        c = state.creature(creature)  # a squad's minions take their extra ones in turn (R-SQUAD-8)
        mates = frozenset(m.id for m in members(state, c.squad)) if c.minion and c.squad else frozenset()
        t, lapsed = moment_passed(t, creature, mates)
        t = put(t, extra_main=t.extra_main - {creature})
        rules = ("RB-CRIT-03", "R-TURN-10")
    elif k in TRIGGERED_KINDS:
        if k is ActionKind.TRIGGERED:
            t = replaced(t, triggered_used=t.triggered_used | {creature})
        if t.reported is not None:  # it answered the trigger (R-TURN-12)
            t = put(t, reported=put(t.reported, answered=t.reported.answered | {creature}))
    else:
        if t.extra_main or t.reported is not None:  # else no moment passes (moment_passed)
            t, lapsed = moment_passed(t)
        if t.economy is not None and t.current == creature:
            speed = speed_of(state, creature) if k is ActionKind.MOVE else 0
            economy = spend(t.economy, k, speed)
            t = with_economy(t, economy)
            fits = economy.fits()
    event = make_action_used(
        creature=creature, kind=KIND_NAMES[k], name=name, converted=converted, rules=rules
    )
    # the creature just looked up; the economy's counts raised from checked ones, in range;
    # an extra main action lapsed or taken: fewer of the creatures checked before
    return t, (*lapsed, event), fits


def remaining(state: Encounter, t: DrawSteelTurn) -> list[Creature]:
    """Living creatures with turns left this round (DS-SIDE-09, RB5-SOLO)."""
    return _left(state, t, None)[1]


def _left(
    state: Encounter, t: DrawSteelTurn, last_actor: str | None, side: str | None = None
) -> tuple[list[Creature], list[Creature]]:
    """:func:`remaining` but ``last_actor``, in one pass (:func:`allowance` inline): those of
    ``side``, then the others, each in the encounter's order (with no side, all are the others)."""
    taken = t.turns_taken
    creatures = state.creatures
    ahead: list[Creature] = []
    behind: list[Creature] = []
    for cid in state.order:
        c = creatures[cid]
        if c.dead or cid == last_actor:
            continue
        if cid in taken and taken[cid] >= (SOLO_TURNS_PER_ROUND if c.solo else TURNS_PER_ROUND):
            continue  # its turns this round are taken
        (ahead if c.side == side else behind).append(c)
    return ahead, behind


def _eligible(state: Encounter, t: DrawSteelTurn) -> list[Creature]:
    """Creatures that may start a turn now, before the side and slot filters."""
    if t.current is not None:
        return []
    return _left(state, t, t.last_actor)[1]


def _sides_in_order(t: DrawSteelTurn) -> tuple[str, str]:
    """The side to act next if any of it may, then the other: the first side at the start of the
    round (DS-SIDE-12), else the side that did not take the last turn (DS-SIDE-08), then the side
    that did (DS-SIDE-10)."""
    sides, last = t.sides, t.last_side
    if last is None:
        return sides
    return (sides[1], last) if last == sides[0] else (sides[0], last)


def _side_to_act(t: DrawSteelTurn, by_side: Mapping[str, list[Creature]]) -> str | None:
    for side in _sides_in_order(t):
        if by_side.get(side):
            return side
    return None


def _summoner(t: DrawSteelTurn) -> str | None:
    """The last actor, when some creature was summoned and may wait to act after it, else None."""
    return t.last_actor if t.director.summoned_by and t.last_actor else None


def summoned_pending(t: DrawSteelTurn, eligible: list[Creature]) -> list[Creature]:
    """Of ``eligible``, the creatures the last actor summoned, who act right after it (RB-SUMMON-01)."""
    summoner = _summoner(t)
    by = t.director.summoned_by
    return [] if summoner is None else [c for c in eligible if by.get(c.id) == summoner]


def summoned_first(state: Encounter, t: DrawSteelTurn, creature: str) -> bool:
    """True if ``creature`` was summoned by the last actor and acts now (RB-SUMMON-01); raise
    :class:`TurnOrderError` if another creature so summoned must act first; False if none is."""
    if not t.director.summoned_by or not t.last_actor:  # _summoner(t) is None, asked in place
        return False  # none waits: the creatures left need not be looked for
    pending = summoned_pending(t, remaining(state, t))
    if not pending:
        return False
    if all(p.id != creature for p in pending):
        raise TurnOrderError(f"start turn of {creature!r}: {pending[0].id!r} acts first", rule="RB-SUMMON-01")
    return True


def actors(state: Encounter, t: DrawSteelTurn) -> tuple[str | None, list[Creature]]:
    """The side to act next and its creatures that may start a turn now (DS-SIDE-08..17); the
    creatures the last actor summoned first (RB-SUMMON-01).

    Found once for the last state asked about (a policy choosing the turn to start, then the
    check of its start, ask of the same state): the state and its bookkeeping are immutable, and
    each caller gets its own list."""
    memo = _ACTORS[0]
    if memo[0] is state and memo[1] is t:
        return memo[2], list(memo[3])
    side, members = _actors(state, t)
    _ACTORS[0] = (state, t, side, members)
    return side, list(members)


_ACTORS: list[tuple[Encounter | None, DrawSteelTurn | None, str | None, list[Creature]]] = [
    (None, None, None, [])
]
"""The last state and bookkeeping :func:`actors` was asked about, and its answer (the state kept,
so that its identity is not reused)."""


def first_to_start(state: Encounter, t: DrawSteelTurn) -> str | None:
    """The least id among the creatures that may start a turn now (:func:`actors`' members), or
    None when none may: every creature left has acted this round (DS-SIDE-11).

    With no turn running, no group acting, no summoned creature waiting and the free choice (no
    ranking), and every creature that took a turn this round done with its turns (none solo, no
    count of 0), the creatures left are those the turns taken do not name: they are walked by id,
    the side to act's first living one is the answer, the other side's first one if the side to
    act has none (DS-SIDE-08, DS-SIDE-10, DS-SIDE-12). Otherwise :func:`actors` is asked."""
    taken = t.turns_taken
    last = t.last_actor
    creatures = state.creatures
    if (
        t.current is not None
        or t.group is not None
        or t.ranking is not None
        or (last is not None and (t.director.summoned_by or last not in taken))
        or (taken and (0 in taken.values() or any(map(_SOLO, map(creatures.__getitem__, taken)))))
    ):
        _, members = actors(state, t)
        return min(map(_ID, members)) if members else None
    # every creature the turns taken name took its one turn (DS-SIDE-09): those left are the
    # others, the last actor not among them (it took a turn), so it is not asked of each
    order = state.order
    by_id = _BY_ID[0]
    if by_id[0] is not order:
        by_id = _BY_ID[0] = (order, sorted(order), {cid: i for i, cid in enumerate(order)})
    first, second = t.sides  # the side to act next, then the other (_sides_in_order):
    if t.last_side == first:  # DS-SIDE-12 at the round's start, DS-SIDE-08 after a turn
        first, second = second, first
    others: list[str] = []
    for cid in filterfalse(taken.__contains__, by_id[1]):
        c = creatures[cid]
        if c.dead:
            continue
        side = c.side
        if side == first:
            return cid
        if side == second:
            others.append(cid)
    # the side to act has no one left: the other side's creatures act back to back (DS-SIDE-10),
    # kept as actors() answers, in the encounter's order (the turn's start asks it)
    if not others:
        _ACTORS[0] = (state, t, None, [])
        return None
    in_order = sorted(others, key=by_id[2].__getitem__)
    _ACTORS[0] = (state, t, second, list(map(creatures.__getitem__, in_order)))
    return others[0]


_BY_ID: list[tuple[tuple[str, ...], list[str], dict[str, int]]] = [((), [], {})]
"""The last order :func:`first_to_start` walked, its ids sorted and each id's place (the order
kept, so that its identity is not reused)."""
_SOLO = attrgetter("solo")
_ID = attrgetter("id")


def _actors(state: Encounter, t: DrawSteelTurn) -> tuple[str | None, list[Creature]]:
    """:func:`actors`, worked out: with no summoned creature waiting and no group acting, in one
    pass over the creatures, the side to act's apart (:func:`_left`)."""
    if t.current is not None:
        return None, []
    if t.group is None and _summoner(t) is None:
        first, second = _sides_in_order(t)
        ahead, others = _left(state, t, t.last_actor, first)
        if ahead:
            side, chosen = first, ahead
        else:
            side, chosen = second, [c for c in others if c.side == second]
            if not chosen:
                return None, []
        return side, chosen if t.ranking is None else _best_slot(t.ranking, chosen)
    return _actors_general(state, t)


def _actors_general(state: Encounter, t: DrawSteelTurn) -> tuple[str | None, list[Creature]]:
    """:func:`actors`, every case: the creatures the last actor summoned, a group acting, the
    side to act (:func:`_side_to_act`) and the alternative order's best slot."""
    eligible = _eligible(state, t)
    if pending := summoned_pending(t, eligible):
        return pending[0].side, pending
    if t.group is not None:
        members = [c for c in eligible if slot_of(c) == t.group]
        if members:
            return members[0].side, members
    by_side: dict[str, list[Creature]] = {}
    for c in eligible:
        by_side.setdefault(c.side, []).append(c)
    to_act = _side_to_act(t, by_side)
    if to_act is None:
        return None, []
    found = by_side[to_act]
    return to_act, found if t.ranking is None else _best_slot(t.ranking, found)


def _best_slot(ranking: tuple[str, ...], chosen: list[Creature]) -> list[Creature]:
    """Of ``chosen``, those of the slot ``ranking`` puts first, or all with none ranked (DS-SIDE-14)."""
    slots = {slot_of(c) for c in chosen}
    best = next((s for s in ranking if s in slots), None)
    return chosen if best is None else [c for c in chosen if slot_of(c) == best]
