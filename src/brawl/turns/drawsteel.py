"""Draw Steel turn order: two sides alternating one creature or one Director group at a time.

Start of combat (DS-SIDE-05, DS-SIDE-06, R-TURN-2), alternation (DS-SIDE-07, DS-SIDE-08,
DS-SIDE-17, R-TURN-3), the rest acting back to back when a side runs out (DS-SIDE-10), the end
of the round (DS-SIDE-11, R-TURN-4), the first side first every round (DS-SIDE-12), solo
creatures' two turns (RB5-SOLO), the alternative order by Agility tests (DS-SIDE-14..16), and
the action economy of :mod:`brawl.turns.economy`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import attrs
import immutables

from brawl.conditions import ConditionName, Duration
from brawl.creature import DIRECTOR, HEROES, Creature
from brawl.errors import ActionUnavailableError, InvalidArgumentError, TurnOrderError
from brawl.events.base import DiceRolled, Event, Note
from brawl.events.turns import (
    ActionUsed,
    CombatStarted,
    FirstSideChosen,
    MovementSpent,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnLost,
    TurnOrderSet,
    TurnOrderSwapped,
    TurnStarted,
)
from brawl.outcome import Outcome
from brawl.rules import conditions as cond_rules
from brawl.rules import phases
from brawl.rules.falling import continue_fall
from brawl.state import Encounter, TurnState
from brawl.turns.base import check_ids, register_system, roll_die, system_of
from brawl.turns.economy import (
    ON_OWN_TURN,
    ActionKind,
    TurnEconomy,
    action_kind,
    check_economy,
    rule_ids,
    spend,
)
from brawl.turns.suffocation import suffocation

SIDES = (HEROES, DIRECTOR)  # DS-SIDE-01: exactly two sides
PLAYERS_CHOOSE_ON = 6  # DS-SIDE-06: on a d10 of 6 or higher the players choose who goes first
SOLO_TURNS_PER_ROUND = 2  # RB5-SOLO: two turns a round, never back to back
TURNS_PER_ROUND = 1  # DS-SIDE-09
AGILITY_TEST_DICE = 2  # RB3-EDGES: a test is a power roll, 2d10 + the characteristic
MAX_TIE_REROLLS = 50
"""Rerolls of tied Agility tests before the encounter order settles what is left (DS-SIDE-15)."""
MAX_MOVEMENT = 10**9
"""Largest number of squares accepted in one request."""

GROUP_PREFIX = "group:"
"""Slot key prefix of a Director group (R-TURN-3)."""


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


def slot_of(c: Creature) -> str:
    """A creature's slot in the alternation: its Director group, or itself (R-TURN-3, RB5-SOLO)."""
    if c.side == DIRECTOR and c.group and not c.solo:
        return GROUP_PREFIX + c.group
    return c.id


def allowance(c: Creature) -> int:
    """Turns a creature takes each round: two for a solo creature (RB5-SOLO), else one (DS-SIDE-09)."""
    return SOLO_TURNS_PER_ROUND if c.solo else TURNS_PER_ROUND


def _turn(state: Encounter) -> DrawSteelTurn:
    t = state.turn
    if not isinstance(t, DrawSteelTurn):
        system_of(state)
        raise TurnOrderError("this encounter does not run the Draw Steel turn system", rule="DS-SIDE-01")
    return t


def _remaining(state: Encounter, t: DrawSteelTurn) -> list[Creature]:
    return [c for c in state.living() if t.turns_taken.get(c.id, 0) < allowance(c)]


def _eligible(state: Encounter, t: DrawSteelTurn) -> list[Creature]:
    """Creatures that may start a turn now, before the side and slot filters."""
    if t.current is not None:
        return []
    return [c for c in _remaining(state, t) if c.id != t.last_actor]


def _side_to_act(t: DrawSteelTurn, by_side: Mapping[str, list[Creature]]) -> str | None:
    if t.last_side is None:
        order = t.sides
    else:
        other = t.sides[1] if t.last_side == t.sides[0] else t.sides[0]
        order = (other, t.last_side)  # DS-SIDE-08, then DS-SIDE-10
    for side in order:
        if by_side.get(side):
            return side
    return None


def _actors(state: Encounter, t: DrawSteelTurn) -> tuple[str | None, list[Creature]]:
    eligible = _eligible(state, t)
    if t.group is not None:
        members = [c for c in eligible if slot_of(c) == t.group]
        if members:
            return members[0].side, members
    by_side: dict[str, list[Creature]] = {}
    for c in eligible:
        by_side.setdefault(c.side, []).append(c)
    side = _side_to_act(t, by_side)
    if side is None:
        return None, []
    chosen = by_side[side]
    if t.ranking is not None:
        slots = {slot_of(c) for c in chosen}
        best = next((s for s in t.ranking if s in slots), None)
        if best is not None:
            chosen = [c for c in chosen if slot_of(c) == best]
    return side, chosen


class DrawSteel:
    """The Draw Steel turn system (the default)."""

    name = "drawsteel"
    state_type: type[TurnState] = DrawSteelTurn

    # start -------------------------------------------------------------------------------------
    def start(
        self,
        state: Encounter,
        *,
        surprised: Iterable[str] = (),
        first_side: str | None = None,
        d10: int | None = None,
        players_choice: str = HEROES,
        director_choice: str = DIRECTOR,
        alternative_order: bool = False,
        agility_tests: Mapping[str, int] | None = None,
        agility_rerolls: Mapping[str, Sequence[int]] | None = None,
        **unknown: Any,
    ) -> Outcome:
        """Start combat: surprise, the first side, round 1 (DS-SIDE-05, DS-SIDE-06, R-TURN-2).

        ``surprised``: creatures not ready (surprised until the end of round 1, DS-COND-01).
        ``first_side``: the side already settled by the table, skipping the roll. ``d10``: the
        caller's roll (else the RNG). ``players_choice`` / ``director_choice``: the side the
        players pick on 6+ / the Director picks otherwise. ``alternative_order``: order each
        side by Agility tests (``agility_tests={slot: total}``, slot = a creature id or a
        Director group name; missing totals rolled 2d10 + Agility) (DS-SIDE-14, DS-SIDE-15).
        """
        if unknown:
            raise InvalidArgumentError(
                f"start_combat: unknown options {sorted(unknown)} for the Draw Steel system", rule=()
            )
        for side, what in ((players_choice, "players_choice"), (director_choice, "director_choice")):
            if side not in SIDES:
                raise InvalidArgumentError(f"{what} {side!r}: not one of {SIDES}", rule="DS-SIDE-06")
        living = list(state.living())
        for c in living:
            if c.side not in SIDES:
                raise InvalidArgumentError(
                    f"creature {c.id!r} is on side {c.side!r}: Draw Steel has two sides, {SIDES}",
                    rule=("DS-SIDE-01", "DS-SIDE-02"),
                )
        sur = check_ids(state, surprised, "surprised")
        for cid in sur:
            if state.creature(cid).dead:
                raise InvalidArgumentError(f"surprised {cid!r}: the creature is dead", rule="DS-COND-01")
        sur_set = set(sur)
        wholly = {
            side
            for side in SIDES
            if any(c.side == side for c in living) and all(c.id in sur_set for c in living if c.side == side)
        }
        events: list[Event] = [
            CombatStarted(system=self.name, sides=SIDES, surprised=sur, rules=("DS-SIDE-01", "DS-SIDE-04"))
        ]
        first: str
        if first_side is not None:
            if first_side not in SIDES:
                raise InvalidArgumentError(
                    f"first_side {first_side!r}: not one of {SIDES}", rule="DS-SIDE-01"
                )
            if first_side in wholly and len(wholly) == 1:
                raise TurnOrderError(
                    f"first_side {first_side!r}: every creature on that side is surprised, "
                    "so the other side acts first",
                    rule="DS-SIDE-05",
                )
            first = first_side
            events.append(FirstSideChosen(side=first, chooser="caller", rules=("DS-SIDE-07", "R-TURN-2")))
        elif len(wholly) == 1:
            (asleep,) = wholly
            first = SIDES[1] if asleep == SIDES[0] else SIDES[0]
            events.append(FirstSideChosen(side=first, chooser="surprise", rules=("DS-SIDE-05",)))
        else:
            rules = ("DS-SIDE-06", "R-TURN-2") if wholly else ("DS-SIDE-06",)
            roll, state, die = roll_die(state, 10, d10, purpose="d10 for who goes first", rules=rules)
            events.append(die)
            if roll >= PLAYERS_CHOOSE_ON:
                first, chooser = players_choice, "players"
            else:
                first, chooser = director_choice, "director"
            events.append(FirstSideChosen(side=first, chooser=chooser, roll=roll, rules=rules))
        sides = (first, SIDES[1] if first == SIDES[0] else SIDES[0])
        ranking: tuple[str, ...] | None = None
        if alternative_order:
            ranking, state, order_events = _agility_order(state, living, agility_tests, agility_rerolls)
            events.extend(order_events)
        elif agility_tests or agility_rerolls:
            raise InvalidArgumentError(
                "agility_tests: given without alternative_order=True", rule="DS-SIDE-14"
            )
        out = Outcome(state, tuple(events))
        for cid in sur:
            out = out.then(cond_rules.add_condition, cid, ConditionName.SURPRISED, Duration.END_OF_ROUND)
        turn = DrawSteelTurn(sides=sides, ranking=ranking)
        return out.add(
            RoundStarted(round=1, first=first, rules=("DS-SIDE-07",)),
            state=out.state.with_turn(turn, round=1),
        )

    # queries -------------------------------------------------------------------------------------
    def next_actors(self, state: Encounter) -> dict[str, tuple[str, ...]]:
        """The side whose creature acts next and its creatures that may act, sorted by id."""
        side, members = _actors(state, _turn(state))
        if side is None:
            return {}
        return {side: tuple(sorted(c.id for c in members))}

    def verify_start_turn(self, state: Encounter, creature: str) -> None:
        """Raise :class:`TurnOrderError` if ``creature`` may not start a turn now."""
        t = _turn(state)
        c = state.creature(creature)
        if t.current is not None:
            raise TurnOrderError(
                f"start turn of {creature!r}: {t.current!r} is taking its turn", rule="DS-SIDE-08"
            )
        if c.dead:
            raise TurnOrderError(f"start turn of {creature!r}: the creature is dead", rule="DS-STAM-09")
        taken = t.turns_taken.get(creature, 0)
        if taken >= allowance(c):
            rule = "RB5-SOLO" if c.solo else "DS-SIDE-09"
            raise TurnOrderError(f"start turn of {creature!r}: it already acted this round", rule=rule)
        if creature == t.last_actor:
            raise TurnOrderError(
                f"start turn of {creature!r}: a solo creature's turns are never back to back", rule="RB5-SOLO"
            )
        side, members = _actors(state, t)
        if side is None:
            raise TurnOrderError(f"start turn of {creature!r}: the round is over; end it", rule="DS-SIDE-11")
        if any(m.id == creature for m in members):
            return
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
            f"start turn of {creature!r}: in the alternative order "
            f"{', '.join(m.id for m in members)} acts first",
            rule="DS-SIDE-14",
        )

    # turns ---------------------------------------------------------------------------------------
    def start_turn(self, state: Encounter, creature: str, **options: Any) -> Outcome:
        """Start a creature's turn and run the start-of-turn condition hook."""
        if options:
            raise InvalidArgumentError(f"start_turn: unknown options {sorted(options)}", rule=())
        self.verify_start_turn(state, creature)
        t = _turn(state)
        c = state.creature(creature)
        slot = slot_of(c)
        rules: tuple[str, ...]
        if t.turn_count == 0:
            rules = ("DS-SIDE-07",)
        elif t.group is not None and slot == t.group:
            rules = ("DS-SIDE-17", "R-TURN-3")
        elif t.last_side == c.side:
            rules = ("DS-SIDE-10",)
        elif t.last_side is None:
            rules = ("DS-SIDE-12",)
        else:
            rules = ("DS-SIDE-08",)
        if c.solo:
            rules = (*rules, "RB5-SOLO")
        if t.ranking is not None:
            rules = (*rules, "DS-SIDE-14")
        new = attrs.evolve(
            t,
            current=creature,
            economy=TurnEconomy(),
            group=slot if slot.startswith(GROUP_PREFIX) else None,
        )
        out = Outcome(
            state.with_turn(new),
            (TurnStarted(creature=creature, side=c.side, round=state.round, rules=rules),),
        )
        return out.then(phases.start_of_turn, creature)

    def end_turn(
        self, state: Encounter, *, saving_throws: dict[int, int] | None = None, **options: Any
    ) -> Outcome:
        """End the current turn: EoT effects end and save-ends saves are made (RB2-EOT, RB2-SAVE)."""
        if options:
            raise InvalidArgumentError(f"end_turn: unknown options {sorted(options)}", rule=())
        t = _turn(state)
        if t.current is None:
            raise TurnOrderError("end turn: no creature is taking a turn", rule="DS-SIDE-08")
        creature = t.current
        out = phases.end_of_turn(state, creature, saving_throws=saving_throws)
        taken = t.turns_taken.get(creature, 0) + 1
        c = out.state.creature(creature)
        new = attrs.evolve(
            t,
            turns_taken=t.turns_taken.set(creature, taken),
            current=None,
            economy=None,
            last_side=c.side,
            last_actor=creature,
            turn_count=t.turn_count + 1,
        )
        st = out.state.with_turn(new)
        if new.group is not None and not any(slot_of(m) == new.group for m in _remaining(st, new)):
            st = st.with_turn(attrs.evolve(new, group=None))
        return out.add(TurnEnded(creature=creature, round=state.round, rules=("DS-SIDE-08",)), state=st)

    def end_round(
        self,
        state: Encounter,
        *,
        suffocation_rolls: Mapping[str, int] | None = None,
        breathes_water: Collection[str] | None = None,
        **options: Any,
    ) -> Outcome:
        """End the round once everyone has acted; falling far, suffocation, surprise ends (R-TURN-4).

        ``suffocation_rolls={id: d6}``: the caller's rolls for creatures out of breath (else the
        RNG); ``breathes_water``: ids that need no air (default: none; every creature needs air).
        """
        if options:
            raise InvalidArgumentError(f"end_round: unknown options {sorted(options)}", rule=())
        t = _turn(state)
        if t.current is not None:
            raise TurnOrderError(f"end round: {t.current!r} is taking its turn", rule="DS-SIDE-11")
        side, members = _actors(state, t)
        if side is not None:
            raise TurnOrderError(
                f"end round {state.round}: {', '.join(sorted(m.id for m in members))} ({side}) "
                "have yet to act",
                rule="DS-SIDE-11",
            )
        events: list[Event] = []
        for c in _remaining(state, t):
            events.append(
                TurnLost(
                    creature=c.id,
                    round=state.round,
                    reason="a solo creature's turns are never back to back and no one else is left",
                    rules=("RB5-SOLO",),
                )
            )
        events.append(RoundEnded(round=state.round, rules=("DS-SIDE-11",)))
        out = Outcome(state, tuple(events))
        out = out.then(_end_of_round_effects, suffocation_rolls, breathes_water)
        nxt = attrs.evolve(
            t,
            turns_taken=immutables.Map(),
            group=None,
            last_side=None,
            last_actor=None,
            triggered_used=frozenset(),
        )
        rnd = state.round + 1
        return out.add(
            RoundStarted(round=rnd, first=t.sides[0], rules=("DS-SIDE-11", "DS-SIDE-12")),
            state=out.state.with_turn(nxt, round=rnd),
        )

    # the action economy ------------------------------------------------------------------------
    def verify_action(self, state: Encounter, creature: str, kind: str, **options: Any) -> None:
        """Raise if ``creature`` may not take ``kind`` now (DS-TURN-01..11, RB1-DAZED, DS-COND-02/04)."""
        self._check(state, creature, kind, options)

    def _check(
        self, state: Encounter, creature: str, kind: str, options: Mapping[str, Any]
    ) -> tuple[ActionKind, bool]:
        unknown = set(options) - {"name"}
        if unknown:
            raise InvalidArgumentError(f"use_action: unknown options {sorted(unknown)}", rule=())
        t = _turn(state)
        k = action_kind(kind)
        state.creature(creature)
        if k in ON_OWN_TURN and t.current != creature:
            rule = "DS-TURN-09" if k is ActionKind.FREE_MANEUVER else "DS-TURN-01"
            raise TurnOrderError(f"{creature} {k.value}: it is not {creature!r}'s turn", rule=rule)
        economy = t.economy if t.current == creature else None
        converted = check_economy(state, creature, k, economy, creature in t.triggered_used)
        return k, converted

    def use_action(self, state: Encounter, creature: str, kind: str, **options: Any) -> Outcome:
        """Spend an action; ``name`` labels it ("Grab", "Advance"). A move action grants speed squares."""
        k, converted = self._check(state, creature, kind, options)
        t = _turn(state)
        if k is ActionKind.TRIGGERED:
            t = attrs.evolve(t, triggered_used=t.triggered_used | {creature})
        elif t.economy is not None and t.current == creature:
            t = attrs.evolve(t, economy=spend(t.economy, k, cond_rules.speed(state, creature)))
        event = ActionUsed(
            creature=creature,
            kind=k.value,
            name=options.get("name"),
            converted=converted,
            rules=rule_ids(k, converted),
        )
        return Outcome(state.with_turn(t), (event,))

    def spend_movement(self, state: Encounter, creature: str, squares: int) -> Outcome:
        """Spend squares of this turn's move actions, before, between or after the others (DS-TURN-02)."""
        t = _turn(state)
        state.creature(creature)
        if t.current != creature or t.economy is None:
            raise TurnOrderError(f"{creature} moves: it is not {creature!r}'s turn", rule="DS-TURN-02")
        if isinstance(squares, bool) or not isinstance(squares, int) or not 1 <= squares <= MAX_MOVEMENT:
            raise InvalidArgumentError(
                f"{creature} moves {squares!r} squares: a whole number from 1 to {MAX_MOVEMENT}",
                rule="DS-ACT-01",
            )
        left = t.economy.movement_left
        if squares > left:
            raise ActionUnavailableError(
                f"{creature} moves {squares} squares: only {left} left from its move actions this turn",
                rule=("DS-TURN-02", "DS-ACT-01"),
            )
        eco = attrs.evolve(t.economy, movement_left=left - squares)
        return Outcome(
            state.with_turn(attrs.evolve(t, economy=eco)),
            (MovementSpent(creature=creature, squares=squares, left=left - squares, rules=("DS-TURN-02",)),),
        )

    def end_combat(
        self,
        state: Encounter,
        *,
        keep: Mapping[str, Iterable[str]] | None = None,
        keep_temporary_stamina: Iterable[str] = (),
    ) -> Outcome:
        """Effects end unless kept; winded, unconscious, dying remain (DS-COND-15, DS-STAM-22)."""
        kept: dict[str, frozenset[ConditionName]] = {}
        for cid, names in (keep or {}).items():
            state.creature(cid)
            try:
                kept[cid] = frozenset(ConditionName(n) for n in names)
            except (ValueError, TypeError):
                raise InvalidArgumentError(
                    f"keep {names!r} for {cid!r}: not condition names", rule="DS-COND-15"
                ) from None
        temp_kept = set(check_ids(state, keep_temporary_stamina, "keep_temporary_stamina"))
        out = Outcome(state, ())
        for c in state.creature_list():
            if c.dead:
                continue
            for cond in c.conditions:
                if cond.name is ConditionName.UNCONSCIOUS or cond.duration is Duration.WHILE_DYING:
                    continue
                if cond.name in kept.get(c.id, frozenset()):
                    continue
                out = out.then(
                    cond_rules.remove_condition,
                    c.id,
                    cond.name,
                    source=cond.source,
                    reason="end of combat",
                    rules=("DS-COND-15",),
                )
            if c.temporary_stamina and c.id not in temp_kept:
                now = out.state.creature(c.id)
                out = out.add(
                    Note(
                        text=f"{c.id} loses {now.temporary_stamina} temporary Stamina", rules=("DS-STAM-22",)
                    ),
                    state=out.state.update_creature(c.id, temporary_stamina=0),
                )
        return out


def _end_of_round_effects(
    state: Encounter, suffocation_rolls: Mapping[str, int] | None, breathes_water: Collection[str] | None
) -> Outcome:
    """Falling far, then suffocation, then surprise and other end-of-round conditions (R-TURN-4)."""
    out = Outcome(state, ())
    for cid in [c.id for c in state.living() if c.falling > 0]:
        if not out.state.creature(cid).dead:
            out = out.then(continue_fall, cid)
    out = out.then(suffocation, rolls=suffocation_rolls, breathes_water=breathes_water)
    return out.then(phases.end_of_round)


def _agility_order(
    state: Encounter,
    living: list[Creature],
    totals: Mapping[str, int] | None,
    rerolls: Mapping[str, Sequence[int]] | None,
) -> tuple[tuple[str, ...], Encounter, list[Event]]:
    """Agility tests per hero and per enemy group, highest first, ties rerolled (DS-SIDE-14, DS-SIDE-15)."""
    slots: dict[str, list[Creature]] = {}
    for c in living:
        slots.setdefault(slot_of(c), []).append(c)
    names = {s[len(GROUP_PREFIX) :] if s.startswith(GROUP_PREFIX) else s: s for s in slots}
    given: dict[str, int] = {}
    for key, value in (totals or {}).items():
        slot = key if key in slots else names.get(key)
        if slot is None:
            raise InvalidArgumentError(
                f"agility_tests: {key!r} is no hero, creature or group", rule="DS-SIDE-14"
            )
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 1000:
            raise InvalidArgumentError(f"agility_tests[{key!r}] {value!r}: a whole number", rule="DS-SIDE-14")
        given[slot] = value
    extra: dict[str, list[int]] = {}
    for key, values in (rerolls or {}).items():
        slot = key if key in slots else names.get(key)
        if slot is None or isinstance(values, (str, bytes)):
            raise InvalidArgumentError(
                f"agility_rerolls: {key!r} is no slot or not a sequence", rule="DS-SIDE-15"
            )
        try:
            extra[slot] = [int(v) for v in values]
        except (TypeError, ValueError):
            raise InvalidArgumentError(
                f"agility_rerolls[{key!r}]: whole numbers", rule="DS-SIDE-15"
            ) from None
    events: list[Event] = []

    def test(st: Encounter, slot: str, purpose: str) -> tuple[int, Encounter]:
        agility = max(c.characteristics.agility for c in slots[slot])
        faces, st = st.roll(10, AGILITY_TEST_DICE)
        events.append(
            DiceRolled(
                purpose=f"{purpose} ({slot}, Agility {agility:+d})",
                dice="2d10",
                values=faces,
                creature=slots[slot][0].id,
                rules=("DS-SIDE-14",),
            )
        )
        return sum(faces) + agility, st

    keys: dict[str, list[int]] = {}
    for slot in slots:
        if slot in given:
            keys[slot] = [given[slot]]
        else:
            total, state = test(state, slot, "Agility test")
            keys[slot] = [total]
    ranking: list[str] = []
    for side in SIDES:
        members = [s for s in slots if slots[s][0].side == side]
        for _ in range(MAX_TIE_REROLLS):
            seen: dict[tuple[int, ...], list[str]] = {}
            for s in members:
                seen.setdefault(tuple(keys[s]), []).append(s)
            tied = [s for group in seen.values() if len(group) > 1 for s in group]
            if not tied:
                break
            for s in tied:
                queue = extra.get(s)
                if queue:
                    keys[s].append(queue.pop(0))
                    events.append(Note(text=f"{s} rerolls the tie: {keys[s][-1]}", rules=("DS-SIDE-15",)))
                else:
                    total, state = test(state, s, "Agility reroll for a tie")
                    keys[s].append(total)
        position = {s: i for i, s in enumerate(slots)}
        members.sort(key=lambda s: ([-v for v in keys[s]], position[s]))
        ranking.extend(members)
        if members:
            events.append(
                TurnOrderSet(
                    side=side,
                    order=tuple(members),
                    totals=tuple(keys[s][0] for s in members),
                    rules=("DS-SIDE-14", "DS-SIDE-15"),
                )
            )
    return tuple(ranking), state, events


def swap_turn_order(state: Encounter, first: str, second: str) -> Outcome:
    """Two willing heroes swap places in the alternative order at the start of a round (DS-SIDE-16)."""
    t = _turn(state)
    a, b = state.creature(first), state.creature(second)
    if t.ranking is None:
        raise TurnOrderError(
            f"swap {first!r} and {second!r}: the alternative order is not in use", rule="DS-SIDE-16"
        )
    if t.turns_taken or t.current is not None:
        raise TurnOrderError(
            f"swap {first!r} and {second!r}: only at the start of a round, before anyone acts",
            rule="DS-SIDE-16",
        )
    if not (a.hero and b.hero) or a.side != HEROES or b.side != HEROES or first == second:
        raise InvalidArgumentError(f"swap {first!r} and {second!r}: two different heroes", rule="DS-SIDE-16")
    ranking = list(t.ranking)
    i, j = ranking.index(slot_of(a)), ranking.index(slot_of(b))
    ranking[i], ranking[j] = ranking[j], ranking[i]
    return Outcome(
        state.with_turn(attrs.evolve(t, ranking=tuple(ranking))),
        (TurnOrderSwapped(first=first, second=second, rules=("DS-SIDE-16",)),),
    )


DRAW_STEEL = register_system(DrawSteel())
"""The registered Draw Steel turn system."""
