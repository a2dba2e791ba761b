"""Draw Steel turn order: two sides alternating one creature or one Director group at a time.

Start of combat (DS-SIDE-05, DS-SIDE-06, R-TURN-2), alternation (DS-SIDE-07, DS-SIDE-08,
DS-SIDE-17, R-TURN-3), the rest acting back to back when a side runs out (DS-SIDE-10), the end
of the round (DS-SIDE-11, R-TURN-4), the first side first every round (DS-SIDE-12), solo
creatures' two turns (RB5-SOLO), the alternative order by Agility tests as a variant of the
system (DS-SIDE-14..16), and the action economy of :mod:`brawl.turns.economy`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from operator import attrgetter

import attrs
import immutables

from brawl.checks import whole_number
from brawl.conditions import ConditionName, Duration
from brawl.creature import MAX_COUNT, Creature
from brawl.dice import roll_die
from brawl.errors import ActionUnavailableError, InvalidArgumentError, TurnOrderError, whose_turn
from brawl.events.base import Event, Note
from brawl.events.turns import (
    CombatStarted,
    FirstSideChosen,
    MaliceGained,
    RoundEnded,
    RoundStarted,
    TurnLost,
    make_movement_spent,
)
from brawl.fields import flag, replaced
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules import conditions as cond_rules
from brawl.rules import phases
from brawl.rules.falling import continue_fall
from brawl.rules.persistent import areas_at_encounter_end
from brawl.rules.recoveries import check_token_stamina
from brawl.rules.stability import end_stability_modifiers
from brawl.state import Encounter, TurnState
from brawl.statecheck import MAX_ROUND
from brawl.turns.ability_deeds import malice_deeds, triggered_deeds, villain_deeds
from brawl.turns.base import check_ids, register_system
from brawl.turns.drawsteel_deeds import deeds
from brawl.turns.drawsteel_flow import end_turn as turn_ended
from brawl.turns.drawsteel_flow import start_checks
from brawl.turns.drawsteel_flow import start_turn as turn_started
from brawl.turns.drawsteel_order import rank_by_agility, swap_turn_order
from brawl.turns.drawsteel_resources import (
    check_starting_malice,
    heroes_pools,
    lose_resources,
    malice_gained,
    round_malice,
    starting_malice,
    victories_to_resource,
)
from brawl.turns.drawsteel_turn import (
    SIDES,
    DrawSteelTurn,
    action_refusal,
    action_spent,
    actors,
    allowance,
    checked_action,
    copy_turn,
    moment_over,
    moment_passed,
    slot_of,
    with_economy,
)
from brawl.turns.drawsteel_turn import turn_of as _turn
from brawl.turns.economy import (
    OFF_TURN,
    ActionKind,
    action_kind,
    movement_spent,
)
from brawl.turns.hero_deeds import returns_to_life
from brawl.turns.records import EndRound, EndTurn, StartCombat, StartTurn, verified
from brawl.turns.suffocation import suffocation

PLAYERS_CHOOSE_ON = 6  # DS-SIDE-06: on a d10 of 6 or higher the players choose who goes first
FIRST_SIDE_DIE = 10  # DS-SIDE-06: a d10
MAX_MOVEMENT = 10**9
"""Largest number of squares accepted in one request."""
TRIGGERED_COSTS = frozenset({ActionKind.TRIGGERED.value, ActionKind.FREE_TRIGGERED.value})
"""Costs spent off the creature's own turn too: its triggered action of the round (DS-TURN-05)."""

__all__ = ["DRAW_STEEL", "DrawSteel", "DrawSteelTurn", "allowance", "slot_of", "swap_turn_order"]


_by_id = attrgetter("id")
_NO_TURNS: immutables.Map[str, int] = immutables.Map()
_NO_ONE: frozenset[str] = frozenset()


@attrs.frozen
class DrawSteel:
    """The Draw Steel turn system (the default); ``agility_order``: the alternative order (DS-SIDE-14)."""

    agility_order: bool = attrs.field(default=False, validator=flag())
    """Each side acts in order of Agility test totals instead of by free choice (DS-SIDE-14..16)."""

    @property
    def name(self) -> str:
        """ "drawsteel", or "drawsteel-agility" for the alternative order."""
        return "drawsteel-agility" if self.agility_order else "drawsteel"

    @property
    def state_type(self) -> type[TurnState]:
        """:class:`DrawSteelTurn`."""
        return DrawSteelTurn

    # start -------------------------------------------------------------------------------------
    def verify_start(
        self,
        state: Encounter,
        *,
        surprised: Iterable[str] = (),
        first_side: str | None = None,
        d10: int | None = None,
        players_choice: str = SIDES[0],
        director_choice: str = SIDES[1],
        agility_tests: Mapping[str, int] | None = None,
        agility_rerolls: Mapping[str, Sequence[int]] | None = None,
        malice: int = 0,
        hero_tokens: int | None = None,
    ) -> None:
        """Raise if combat may not start with these choices (DS-SIDE-01, DS-SIDE-05, DS-SIDE-06)."""
        self._surprise(
            state, surprised, first_side, d10, players_choice, director_choice, agility_tests, agility_rerolls
        )
        check_starting_malice(malice)

    def _surprise(
        self,
        state: Encounter,
        surprised: Iterable[str],
        first_side: str | None,
        d10: int | None,
        players_choice: str,
        director_choice: str,
        agility_tests: Mapping[str, int] | None,
        agility_rerolls: Mapping[str, Sequence[int]] | None,
    ) -> tuple[tuple[str, ...], set[str]]:
        """The surprised creatures and the sides wholly surprised, once the choices are checked."""
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
        if d10 is not None:
            whole_number(d10, 1, FIRST_SIDE_DIE, what="d10 for who goes first", rule="DS-SIDE-06")
        if not self.agility_order and (agility_tests or agility_rerolls):
            raise InvalidArgumentError(
                "agility_tests: given to a system without the alternative order", rule="DS-SIDE-14"
            )
        return sur, wholly

    def start(
        self,
        state: Encounter,
        *,
        surprised: Iterable[str] = (),
        first_side: str | None = None,
        d10: int | None = None,
        players_choice: str = SIDES[0],
        director_choice: str = SIDES[1],
        agility_tests: Mapping[str, int] | None = None,
        agility_rerolls: Mapping[str, Sequence[int]] | None = None,
        malice: int | None = None,
        hero_tokens: int | None = None,
    ) -> Outcome:
        """Start combat: surprise, the first side, round 1 (DS-SIDE-05, DS-SIDE-06, R-TURN-2).

        ``surprised``: creatures not ready (surprised until the end of round 1, DS-COND-01).
        ``first_side``: the side already settled by the table, skipping the roll. ``d10``: the
        caller's roll (else the RNG). ``players_choice`` / ``director_choice``: the side the
        players pick on 6+ / the Director picks otherwise. Under the alternative order
        (``agility_order``), ``agility_tests={slot: total}`` (slot = a creature id or a Director
        group name; missing totals rolled 2d10 + Agility) and ``agility_rerolls`` for ties
        (DS-SIDE-14, DS-SIDE-15). ``malice``: the Director's starting Malice; None: the living
        heroes' average Victories, rounded down (RB-MALICE-01, R-EV-2); the Director then gains its
        round 1 Malice (RB-MALICE-02). Each living hero gains its Victories in Heroic Resource
        (RB-HR-04). ``hero_tokens``: the party's pool (None: one per hero, RB-TOKEN-05).
        """
        sur, wholly = self._surprise(
            state, surprised, first_side, d10, players_choice, director_choice, agility_tests, agility_rerolls
        )
        if malice is None:
            malice = starting_malice(state)
        check_starting_malice(malice)
        living = list(state.living())
        events: list[Event] = [
            CombatStarted(system=self.name, sides=SIDES, surprised=sur, rules=("DS-SIDE-01", "DS-SIDE-04"))
        ]
        first: str
        if first_side is not None:
            first = first_side
            events.append(FirstSideChosen(side=first, chooser="caller", rules=("DS-SIDE-07", "R-TURN-2")))
        elif len(wholly) == 1:
            (asleep,) = wholly
            first = SIDES[1] if asleep == SIDES[0] else SIDES[0]
            events.append(FirstSideChosen(side=first, chooser="surprise", rules=("DS-SIDE-05",)))
        else:
            rules = ("DS-SIDE-06", "R-TURN-2") if wholly else ("DS-SIDE-06",)
            roll, state, die = roll_die(
                state, FIRST_SIDE_DIE, d10, purpose="d10 for who goes first", rules=rules
            )
            events.append(die)
            if roll >= PLAYERS_CHOOSE_ON:
                first, chooser = players_choice, "players"
            else:
                first, chooser = director_choice, "director"
            events.append(FirstSideChosen(side=first, chooser=chooser, roll=roll, rules=rules))
        sides = (first, SIDES[1] if first == SIDES[0] else SIDES[0])
        ranking: tuple[str, ...] | None = None
        if self.agility_order:
            ranking, state, order_events = rank_by_agility(state, living, agility_tests, agility_rerolls)
            events.extend(order_events)
        out = Outcome(state, tuple(events))
        for cid in sur:
            out = out.then(cond_rules.impose_condition, cid, ConditionName.SURPRISED, Duration.END_OF_ROUND)
        turn = heroes_pools(DrawSteelTurn(sides=sides, ranking=ranking, malice=malice), living, hero_tokens)
        if malice:
            out = out.add(
                MaliceGained(
                    amount=malice,
                    total=malice,
                    reason="start of combat",
                    rules=("RB6-MALICE", "RB-MALICE-01"),
                )
            )
        out = out.then(victories_to_resource)
        out = out.add(
            RoundStarted(round=1, first=first, rules=("DS-SIDE-07",)),
            state=out.state.with_turn(turn, round=1),
        )
        return out.then(round_malice)

    # what may be asked now ---------------------------------------------------------------------
    def legal_actions(self, state: Encounter, creature: str | None = None) -> list[Action]:
        """The turn requests open now, each verified, in a fixed order (DS-SIDE-04..12).

        Out of combat: starting it under this system with each present side first (heroes, then
        the Director). Between turns: starting the turn of each creature that may act, or ending
        the round, and the villain actions usable at the end of the turn that ended (RB-VILLAIN-04).
        During a turn: the creature's moves and standard actions
        (:func:`~brawl.turns.drawsteel_deeds.deeds`), then ending the turn. Off their turns, on
        anyone's turn or between turns: the main actions of each creature holding a critical
        hit's extra main action (RB-CRIT-03), and once a trigger is reported the triggered
        abilities answering it (:func:`~brawl.turns.ability_deeds.triggered_deeds`, the current
        creature's too; DS-TURN-05, R-TURN-12). With ``creature``, only that creature's requests.
        """
        found: list[Action]
        if state.turn is None:
            present = {c.side for c in state.living()}
            found = (
                []
                if creature is not None
                else [StartCombat(system=self.name, first_side=side) for side in SIDES if side in present]
            )
            return [a for a in found if verified(a, state)]
        t = _turn(state)
        off_turn = _off_turn(state, t, creature)
        if t.current is not None:
            if creature not in (None, t.current):
                return off_turn
            own = [*malice_deeds(state, t.current), *deeds(state, t.current)]  # RB-MALICE-04
            if t.reported is not None:  # on its own turn too (DS-TURN-05)
                own += triggered_deeds(state, t.current)
            return [*own, *off_turn, *(a for a in [EndTurn()] if verified(a, state))]
        side, members = actors(state, t)
        if side is not None:
            # the creatures that may start a turn are the ones verify_start_turn accepts:
            # alive, turns left, not the last actor, of the slot and side to act now
            starts = [StartTurn(c.id) for c in sorted(members, key=_by_id) if creature in (None, c.id)]
            return [*off_turn, *villain_deeds(state, creature), *starts]
        found = [] if creature is not None else [EndRound()]
        return [*off_turn, *villain_deeds(state, creature), *(a for a in found if verified(a, state))]

    # queries -------------------------------------------------------------------------------------
    def next_actors(self, state: Encounter) -> dict[str, tuple[str, ...]]:
        """The side whose creature acts next and its creatures that may act, sorted by id."""
        side, members = actors(state, _turn(state))
        if side is None:
            return {}
        return {side: tuple(sorted(c.id for c in members))}

    def verify_start_turn(
        self, state: Encounter, creature: str, *, pray: bool = False, token_stamina: tuple[str, ...] = ()
    ) -> None:
        """Raise :class:`TurnOrderError` if ``creature`` may not start a turn now; ``pray`` only
        for a conduit (RB-HR-10); ``token_stamina``, heroes who may spend 2 hero tokens in the turn
        it begins (RB-TOKEN-03)."""
        start_checks(state, creature, pray, token_stamina)

    # turns ---------------------------------------------------------------------------------------
    def start_turn(
        self, state: Encounter, creature: str, *, pray: bool = False, token_stamina: tuple[str, ...] = ()
    ) -> Outcome:
        """Start a creature's turn: a hero gains its Heroic Resource (R-ABIL-13, RB-HR-05; a
        conduit that prays first, RB-HR-10), then the start-of-turn condition hook. The heroes of
        ``token_stamina`` spend 2 hero tokens each as the turn begins, before the damage its start
        deals them (RB-TOKEN-03, R-HERO-11)."""
        return turn_started(state, creature, pray, token_stamina)

    def verify_end_turn(self, state: Encounter, *, token_stamina: tuple[str, ...] = ()) -> None:
        """Raise :class:`TurnOrderError` if no creature is taking a turn (DS-SIDE-08); the heroes
        of ``token_stamina`` must be able to spend 2 hero tokens each now (RB-TOKEN-03)."""
        if _turn(state).current is None:
            raise TurnOrderError("end turn: no creature is taking a turn", rule="DS-SIDE-08")
        if token_stamina:
            check_token_stamina(state, token_stamina)

    def end_turn(
        self,
        state: Encounter,
        *,
        saving_throws: Mapping[int, int] | None = None,
        named_saving_throws: Mapping[int, int] | None = None,
        token_stamina: tuple[str, ...] = (),
    ) -> Outcome:
        """End the current turn: EoT effects end and save-ends saves are made (RB2-EOT, RB2-SAVE);
        ``named_saving_throws`` are the d10s for its named conditions (R-ABIL-16). The heroes of
        ``token_stamina`` spend 2 hero tokens each before the damage its end deals them
        (RB-TOKEN-03, R-HERO-11)."""
        self.verify_end_turn(state, token_stamina=token_stamina)
        return turn_ended(state, saving_throws, named_saving_throws, token_stamina)

    def verify_end_round(
        self,
        state: Encounter,
        *,
        suffocation_rolls: Mapping[str, int] | None = None,
        breathes_water: Collection[str] | None = None,
    ) -> None:
        """Raise :class:`TurnOrderError` while a creature is still to act this round (DS-SIDE-11)."""
        t = _turn(state)
        if t.current is not None:
            raise TurnOrderError(f"end round: {t.current!r} is taking its turn", rule="DS-SIDE-11")
        side, members = actors(state, t)
        if side is not None:
            raise TurnOrderError(
                f"end round {state.round}: {', '.join(sorted(m.id for m in members))} ({side}) "
                "have yet to act",
                rule="DS-SIDE-11",
            )
        if suffocation_rolls:  # none given: no id to check
            check_ids(state, suffocation_rolls, "suffocation rolls")
        if breathes_water:
            check_ids(state, breathes_water, "breathes_water")

    def end_round(
        self,
        state: Encounter,
        *,
        suffocation_rolls: Mapping[str, int] | None = None,
        breathes_water: Collection[str] | None = None,
    ) -> Outcome:
        """End the round once everyone has acted; falling far, suffocation, surprise ends (R-TURN-4).

        ``suffocation_rolls={id: d6}``: the caller's rolls for creatures out of breath (else the
        RNG); ``breathes_water``: ids that need no air (default: none; every creature needs air).
        """
        self.verify_end_round(state, suffocation_rolls=suffocation_rolls, breathes_water=breathes_water)
        t = state.turn
        assert type(t) is DrawSteelTurn  # verify_end_round found Draw Steel's bookkeeping
        state, t, lapsed = moment_over(state, t)
        events: list[Event] = [*lapsed]
        # no one but the last actor (a solo creature's second turn) may be left once verified
        last = None if t.last_actor is None else state.creatures.get(t.last_actor)
        left = [] if last is None or last.dead or t.turns_taken.get(last.id, 0) >= allowance(last) else [last]
        for c in left:
            events.append(
                TurnLost(
                    creature=c.id,
                    round=state.round,
                    reason="a solo creature's turns are never back to back and no one else is left",
                    rules=("RB5-SOLO",),
                )
            )
        events.append(RoundEnded(round=state.round, rules=("DS-SIDE-11",)))
        if _quiet_round_end(state):  # _end_of_round_effects would change nothing
            after = state
        else:
            effects = _end_of_round_effects(state, suffocation_rolls, breathes_water)
            after = effects.state
            events += effects.events
        rnd = state.round + 1
        heroes = sum(1 for c in after.creatures.values() if c.hero and not c.dead)
        amount = heroes + rnd
        total = t.malice + amount
        draft = copy_turn(t)  # the bookkeeping has nothing to convert or validate (with_economy)
        draft.turns_taken = _NO_TURNS
        draft.squad_mains = draft.squad_maneuvers = draft.triggered_used = _NO_ONE
        draft.group = draft.last_side = draft.last_actor = None
        draft.resource_triggers = None if t.resource_triggers is None else _NO_ONE  # RB-HR-09..17
        draft.token_used = _NO_ONE  # one hero token benefit a turn (RB-TOKEN-09)
        draft.ability_users = _NO_ONE  # the heroes using abilities on one turn (RB-HR-17)
        draft.malice = total
        draft.__class__ = DrawSteelTurn
        nxt: DrawSteelTurn = draft
        # a new round's empty bookkeeping, one round and the malice gained: checked here
        st = after.with_turn_built(nxt, round=rnd) if rnd <= MAX_ROUND and total <= MAX_COUNT else None
        if st is None:  # what with_turn refuses, as the round and the malice are set one by one
            st = after.with_turn(replaced(nxt, malice=t.malice), round=rnd)
            st = st.with_turn(nxt)
        events.append(RoundStarted(round=rnd, first=t.sides[0], rules=("DS-SIDE-11", "DS-SIDE-12")))
        events.append(malice_gained(heroes, rnd, amount, total))
        return Outcome(st, tuple(events))

    # the action economy ------------------------------------------------------------------------
    def verify_action(self, state: Encounter, creature: str, kind: str, *, name: str | None = None) -> None:
        """Raise if ``creature`` may not take ``kind`` now (DS-TURN-01..11, RB1-DAZED, DS-COND-02/04)."""
        checked_action(state, creature, kind)

    def use_action(self, state: Encounter, creature: str, kind: str, *, name: str | None = None) -> Outcome:
        """Spend an action; ``name`` labels it ("Grab", "Advance"). A move action grants speed squares."""
        t, events, built = action_spent(state, creature, kind, name)
        return Outcome(state.with_turn_built(t) if built else state.with_turn(t), events)

    def spends(self, state: Encounter, creature: str, cost: str) -> str | None:
        """On the creature's own turn a call spends what it costs, as named (DS-TURN-01..03,
        DS-TURN-09); a triggered or free triggered one in any round of the combat, on anyone's
        turn or between turns (DS-TURN-05, DS-TURN-06); a main action off its turn the extra
        main action of a critical hit (RB-CRIT-03). Anything else off its own turn is refused,
        :class:`TurnOrderError` naming the rule (DS-TURN-01, R-TURN-11)."""
        t = state.turn
        if not isinstance(t, DrawSteelTurn):
            return None
        if cost in TRIGGERED_COSTS or (t.current == creature and t.economy is not None):
            return cost
        k = ActionKind.MOVE if cost == "movement" else action_kind(cost)
        found = action_refusal(state, t, creature, k)
        if found is not None:
            if found.error_type is TurnOrderError:  # not its turn: say what it may do (R-TURN-11)
                found = attrs.evolve(found, reason=f"{found.reason}; {OFF_TURN}")
            raise found.error(creature, k)
        return cost

    def spend_movement(self, state: Encounter, creature: str, squares: int) -> Outcome:
        """Spend squares of this turn's move actions, before, between or after the others (DS-TURN-02)."""
        t = _turn(state)
        state.creature(creature)
        if t.current != creature or t.economy is None:
            raise TurnOrderError(f"{creature} moves: {whose_turn(creature, t.current)}", rule="DS-TURN-02")
        whole_number(squares, 1, MAX_MOVEMENT, what=f"{creature} moves squares", rule="DS-ACT-01")
        left = t.economy.movement_left
        if squares > left:
            raise ActionUnavailableError(
                f"{creature} moves {squares} squares: only {left} left from its move actions this turn",
                rule=("DS-TURN-02", "DS-ACT-01"),
            )
        eco = movement_spent(t.economy, squares)
        t, lapsed = moment_passed(t)
        return Outcome(
            state.with_turn_built(with_economy(t, eco)),  # 0 <= left - squares < left, checked
            (
                *lapsed,
                make_movement_spent(
                    creature=creature, squares=squares, left=left - squares, rules=("DS-TURN-02",)
                ),
            ),
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
        kept_named: dict[str, frozenset[str]] = {}
        for cid, names in (keep or {}).items():
            own = {x.name for x in state.creature(cid).named_conditions}
            try:
                listed = tuple(names)
                kept[cid] = frozenset(ConditionName(n) for n in listed if n not in own)
            except (ValueError, TypeError):
                raise InvalidArgumentError(
                    f"keep {names!r} for {cid!r}: not condition names (nor named conditions it has)",
                    rule="DS-COND-15",
                ) from None
            kept_named[cid] = frozenset(n for n in listed if n in own)
        temp_kept = set(check_ids(state, keep_temporary_stamina, "keep_temporary_stamina"))
        out = Outcome(state, ())
        out = out.then(lose_resources)
        for c in state.creature_list():
            if c.dead:
                continue
            for cond in c.conditions:
                if cond.name is ConditionName.UNCONSCIOUS or cond.duration is Duration.WHILE_DYING:
                    continue
                if cond.name in kept.get(c.id, frozenset()):
                    continue
                out = out.then(
                    cond_rules.clear_condition,
                    c.id,
                    cond.name,
                    source=cond.source,
                    reason="end of combat",
                    rules=("DS-COND-15",),
                )
            if c.named_conditions:
                # a named condition ends like a condition, unless kept (DS-COND-15, R-ABIL-16)
                out = out.then(
                    cond_rules.end_named_where,
                    out.state.creature(c.id),
                    lambda x, cid=c.id: x.name not in kept_named.get(cid, frozenset()),
                    "end of combat",
                    ("DS-COND-15", "R-ABIL-16"),
                )
            if c.stability_modifiers:
                # timed stability modifiers end with the encounter (RB2-EOE, DS-FORCE-18)
                out = out.then(
                    end_stability_modifiers,
                    c.id,
                    cond_rules.ENDS_WITH_ENCOUNTER,
                    "end of combat",
                    ("RB2-EOE",),
                )
            if c.temporary_stamina and c.id not in temp_kept:
                now = out.state.creature(c.id)
                out = out.add(
                    Note(
                        text=f"{c.id} loses {now.temporary_stamina} temporary Stamina", rules=("DS-STAM-22",)
                    ),
                    state=out.state.update_creature(c.id, temporary_stamina=0),
                )
        return out.then(areas_at_encounter_end)  # every wall and aura ends (RB2-EOE, R-AREA-8)


def _off_turn(state: Encounter, t: DrawSteelTurn, creature: str | None) -> list[Action]:
    """What creatures not taking the turn may do now (``creature``'s alone if given): the main
    actions of a critical hit's extra main action (RB-CRIT-03), then the triggered abilities
    answering a reported trigger, the heroes' side first (DS-TURN-05, R-TURN-1, R-TURN-12); each
    checked."""
    found: list[Action] = []
    for cid in sorted(t.extra_main):
        if cid != t.current and creature in (None, cid):
            found += deeds(state, cid)
    if t.reported is not None:
        answering = [c for c in state.living() if c.id != t.current and creature in (None, c.id)]
        for c in sorted(answering, key=_heroes_first):
            found += triggered_deeds(state, c.id)
    found += returns_to_life(state, creature)  # a dead troubadour at 30 drama (RB-HR-17)
    return found


def _heroes_first(c: Creature) -> tuple[bool, str]:
    return c.side != SIDES[0], c.id


def _end_of_round_effects(
    state: Encounter, suffocation_rolls: Mapping[str, int] | None, breathes_water: Collection[str] | None
) -> Outcome:
    """Falling far, then suffocation, then surprise and other end-of-round conditions (R-TURN-4)."""
    if _quiet_round_end(state):
        return Outcome(state, ())
    out = Outcome(state, ())
    for cid in [c.id for c in state.living() if c.falling > 0]:
        if not out.state.creature(cid).dead:
            out = out.then(continue_fall, cid)
    out = out.then(suffocation, rolls=suffocation_rolls, breathes_water=breathes_water)
    return out.then(phases.end_of_round)


def _quiet_round_end(state: Encounter) -> bool:
    """Whether the end of the round changes nothing: no one falls or holds its breath, no map
    cell is liquid (no one is submerged), and no creature has a condition or a named condition
    lasting to the end of the round, a stability modifier or a lasting area (the caller's rolls
    and ids were checked already). Each is first asked of all the creatures at once, without a
    step of Python per creature; the creatures are looked at one by one only when one has some."""
    if any(kind.liquid for kind in state.terrain.cell_kinds()):
        return False
    found = state.creatures.values()
    if any(map(_stability_modifiers, found)) or any(map(_areas, found)):
        return False
    if (any(map(_falling, found)) or any(map(_breath_held, found))) and any(
        not c.dead and (c.falling > 0 or c.breath_held) for c in found
    ):
        return False
    if not (any(map(_conditions, found)) or any(map(_named_conditions, found))):
        return True
    ends = Duration.END_OF_ROUND
    return not any(x.duration is ends for c in found for x in c.conditions) and not any(
        x.duration is ends for c in found for x in c.named_conditions
    )


_stability_modifiers = attrgetter("stability_modifiers")
_areas = attrgetter("areas")
_falling = attrgetter("falling")
_breath_held = attrgetter("breath_held")
_conditions = attrgetter("conditions")
_named_conditions = attrgetter("named_conditions")


DRAW_STEEL = register_system(DrawSteel())
"""The registered Draw Steel turn system."""
DRAW_STEEL_AGILITY = register_system(DrawSteel(agility_order=True))
"""The registered Draw Steel variant with the alternative order by Agility tests (DS-SIDE-14)."""
