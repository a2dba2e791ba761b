"""The initiative game's turn system (I-TURN): d10 + a stat, highest first, fixed for the encounter.

Initiative is a d10 plus the character's stat ("adventure"), highest first (I-INIT-01,
I-INIT-02), ties broken by an explicit order, else the higher stat, else the order added (R-I-2,
I-INIT-03), the order fixed for the encounter (I-INIT-04). A turn holds one Action, one Fast
Action and one Move in any order, the Move split around them (I-TURN-01..05,
:mod:`brawl.initiative.activities`). An Action or a Fast Action (not both, never the Move) may be
held with a declared trigger and used once when it happens, until the start of the holder's next
turn (I-HOLD-01..04, R-I-1, R-I-3; :mod:`brawl.initiative.hold`). Free actions do not count
(I-FREE-01, I-FREE-02); slow actions are refused in danger (I-SLOW-01). Adjacent to an enemy, a
character moves away only by disengaging (I-DIS-01, I-DIS-02, I-AMB-04;
:mod:`brawl.initiative.move`).

The system's methods are the turn-system protocol every game shares
(:class:`~brawl.turns.base.TurnSystem`); starting combat is the record
:class:`StartInitiativeCombat`, and a hold asked through ``use_action(..., "hold", ...)`` is the
record :class:`~brawl.initiative.hold.HoldAction`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from brawl.checks import whole_number
from brawl.dice import roll_die
from brawl.errors import ActionUnavailableError, InvalidArgumentError, TurnOrderError, whose_turn
from brawl.events.base import Event
from brawl.events.turns import (
    ActionUsed,
    CombatStarted,
    MovementSpent,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnOrderSet,
    TurnStarted,
)
from brawl.fields import ids
from brawl.initiative.activities import verify_slot, verify_turn
from brawl.initiative.deeds import initiative_deeds
from brawl.initiative.events import HeldActionLost
from brawl.initiative.hold import HoldAction, UseHeldAction
from brawl.initiative.state import (
    INITIATIVE_DIE,
    MAX_MOVEMENT,
    MAX_STAT,
    OFFERED,
    InitiativeEconomy,
    InitiativeTurn,
    clear_triggers,
    next_actor,
    turn_of,
)
from brawl.initiative.triggers import report_held_trigger, verify_held_trigger
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter, TurnState
from brawl.turns.base import register_system, verify_no_combat
from brawl.turns.deeds import actor_of
from brawl.turns.records import EndRound, EndTurn, Request, StartTurn, UseAction, pairs, verified
from brawl.turns.triggers import register_triggers

__all__ = ["INITIATIVE", "INITIATIVE_COSTS", "InitiativeGame", "StartInitiativeCombat"]


INITIATIVE_COSTS: dict[str, str] = {
    "main": "action",
    "maneuver": "action",
    "move": "action",
    "movement": "movement",
    "free maneuver": "free",
}
"""What a rule call's cost takes in the initiative game: Disengage is an action there (I-DIS-01),
and the Move is movement alone (I-TURN-01..04, R-TURN-9)."""


@attrs.frozen
class InitiativeGame:
    """The initiative game's turn system (I-TURN)."""

    @property
    def name(self) -> str:
        """ "initiative"."""
        return "initiative"

    @property
    def state_type(self) -> type[TurnState]:
        """:class:`InitiativeTurn`."""
        return InitiativeTurn

    def verify_start(
        self,
        state: Encounter,
        *,
        stats: Mapping[str, int] | None = None,
        rolls: Mapping[str, int] | None = None,
        tie_order: Sequence[str] = (),
    ) -> None:
        """Raise if initiative may not be rolled with these choices: :class:`StartInitiativeCombat`."""
        _check_start(state, StartInitiativeCombat(stats, rolls or (), tie_order))

    def start(
        self,
        state: Encounter,
        *,
        stats: Mapping[str, int] | None = None,
        rolls: Mapping[str, int] | None = None,
        tie_order: Sequence[str] = (),
    ) -> Outcome:
        """Everyone rolls initiative, d10 + stat, highest first: :class:`StartInitiativeCombat`."""
        return _start(state, StartInitiativeCombat(stats, rolls or (), tie_order))

    def next_actors(self, state: Encounter) -> dict[str, tuple[str, ...]]:
        """The next character in initiative order, by its side."""
        t = turn_of(state)
        if t.current is not None:
            return {}
        nxt = next_actor(state, t)
        return {} if nxt is None else {state.creature(nxt).side: (nxt,)}

    def verify_start_turn(self, state: Encounter, creature: str) -> None:
        """Raise :class:`TurnOrderError` unless ``creature`` acts next in initiative order (I-INIT-02)."""
        t = turn_of(state)
        state.creature(creature)
        if t.current is not None:
            raise TurnOrderError(f"turn of {creature!r}: {t.current!r} is taking its turn", rule="I-INIT-02")
        if creature in t.acted:
            raise TurnOrderError(f"turn of {creature!r}: it already acted this round", rule="I-ENC-02")
        nxt = next_actor(state, t)
        if nxt is None:
            raise TurnOrderError(
                f"turn of {creature!r}: every character has acted; end the round", rule="I-INIT-04"
            )
        if nxt != creature:
            raise TurnOrderError(
                f"turn of {creature!r}: {nxt!r} acts next in initiative order", rule="I-INIT-02"
            )

    def start_turn(self, state: Encounter, creature: str) -> Outcome:
        """Start the next character's turn; its unused held action is wasted (I-HOLD-04, R-I-1)."""
        self.verify_start_turn(state, creature)
        c = state.creature(creature)
        t = clear_triggers(turn_of(state))
        events: list[Event] = []
        hold = t.holds.get(creature)
        if hold is not None:
            events.append(
                HeldActionLost(
                    creature=creature,
                    held=hold.held,
                    action=hold.action,
                    trigger=hold.trigger,
                    rules=("I-HOLD-04", "R-I-1"),
                )
            )
            t = attrs.evolve(t, holds=t.holds.delete(creature))
        rules = ("I-INIT-02", "I-INIT-04") if state.round > 1 and creature == t.order[0] else ("I-INIT-02",)
        events.insert(0, TurnStarted(creature=creature, side=c.side, round=state.round, rules=rules))
        t = attrs.evolve(t, current=creature, economy=InitiativeEconomy())
        return Outcome(state.with_turn(t), tuple(events))

    def verify_end_turn(self, state: Encounter) -> None:
        """Raise :class:`TurnOrderError` if no character is taking a turn (I-INIT-02)."""
        if turn_of(state).current is None:
            raise TurnOrderError("end turn: no character is taking a turn", rule="I-INIT-02")

    def end_turn(self, state: Encounter) -> Outcome:
        """End the current turn."""
        self.verify_end_turn(state)
        t = turn_of(state)
        assert t.current is not None
        who = t.current
        t = attrs.evolve(clear_triggers(t), acted=t.acted | {who}, current=None, economy=None)
        return Outcome(state.with_turn(t), (TurnEnded(creature=who, round=state.round, rules=("I-ENC-02",)),))

    def verify_end_round(self, state: Encounter) -> None:
        """Raise :class:`TurnOrderError` while a character is still to act (I-INIT-04)."""
        t = turn_of(state)
        if t.current is not None:
            raise TurnOrderError(f"end round: {t.current!r} is taking its turn", rule="I-INIT-04")
        nxt = next_actor(state, t)
        if nxt is not None:
            raise TurnOrderError(f"end round {state.round}: {nxt!r} has yet to act", rule="I-INIT-04")

    def end_round(self, state: Encounter) -> Outcome:
        """End the round once everyone acted; the next begins with the first again (I-INIT-04)."""
        self.verify_end_round(state)
        t = turn_of(state)
        rnd = state.round + 1
        t = attrs.evolve(clear_triggers(t), acted=frozenset())
        first = next_actor(state, t)
        events = (
            RoundEnded(round=state.round, rules=("I-INIT-04",)),
            RoundStarted(round=rnd, first=first, rules=("I-INIT-04", "I-INIT-05")),
        )
        return Outcome(state.with_turn(t, round=rnd), events)

    # actions -------------------------------------------------------------------------------------
    def verify_action(
        self,
        state: Encounter,
        creature: str,
        kind: str,
        *,
        name: str | None = None,
        slow: bool = False,
        held: str | None = None,
        action: str | None = None,
        trigger: str | None = None,
        fast: bool = False,
    ) -> None:
        """Raise unless ``kind`` is allowed now (I-TURN-01..03, I-FREE-01, I-SLOW-01, I-HOLD-01).

        ``fast``: the action says it is fast; only such an action goes in the Fast Action slot,
        used now or held (I-TURN-03). ``"hold"`` is the record
        :class:`~brawl.initiative.hold.HoldAction` with ``held``, ``action`` and ``trigger``.
        """
        economy = verify_turn(state, creature, kind, slow=slow)
        if kind == "hold":
            _hold(creature, held, action, trigger, fast).verify(state)
        elif economy is not None:
            verify_slot(economy, creature, kind, name=name, fast=fast)

    def use_action(
        self,
        state: Encounter,
        creature: str,
        kind: str,
        *,
        name: str | None = None,
        slow: bool = False,
        held: str | None = None,
        action: str | None = None,
        trigger: str | None = None,
        fast: bool = False,
    ) -> Outcome:
        """Use an Action, a Fast Action, the Move (grants its movement), a free action or a hold."""
        self.verify_action(
            state, creature, kind, name=name, slow=slow, held=held, action=action, trigger=trigger, fast=fast
        )
        if kind == "hold":
            return _hold(creature, held, action, trigger, fast).resolve(state)
        if kind == "free":
            used = ActionUsed(
                creature=creature, kind="free", name=name, counted=False, rules=("I-FREE-01", "I-FREE-02")
            )
            return Outcome(state, (used,))
        t = turn_of(state)
        eco = t.economy
        assert eco is not None
        rules: tuple[str, ...]
        if kind == "move":
            eco = attrs.evolve(eco, move=True, movement_left=state.creature(creature).speed)
            rules = ("I-TURN-01", "I-TURN-04")
        elif kind == "fast":
            eco = attrs.evolve(eco, fast=True)
            rules = ("I-TURN-01", "I-TURN-03")
        else:
            eco = attrs.evolve(eco, action=True)
            rules = ("I-TURN-01", "I-TURN-02")
        t = attrs.evolve(t, economy=eco)
        return Outcome(
            state.with_turn(t), (ActionUsed(creature=creature, kind=kind, name=name, rules=rules),)
        )

    def spends(self, state: Encounter, creature: str, cost: str) -> str | None:
        """On the character's own turn: a main action, maneuver or move action (Disengage, Ride)
        takes its Action, movement the Move's spaces, a free maneuver a free action (I-TURN-01..04,
        I-DIS-01, R-TURN-9)."""
        t = state.turn
        if not isinstance(t, InitiativeTurn) or t.current != creature or t.economy is None:
            return None
        return INITIATIVE_COSTS.get(cost)

    def spend_movement(self, state: Encounter, creature: str, squares: int) -> Outcome:
        """Move part of the Move's spaces, before, between or after the other activities (I-TURN-04)."""
        t = turn_of(state)
        state.creature(creature)
        if t.current != creature or t.economy is None:
            raise TurnOrderError(f"{creature} moves: {whose_turn(creature, t.current)}", rule="I-TURN-04")
        whole_number(squares, 1, MAX_MOVEMENT, what=f"{creature} moves spaces", rule="I-TURN-05")
        left = t.economy.movement_left
        if squares > left:
            raise ActionUnavailableError(
                f"{creature} moves {squares} spaces: {left} left of its movement this turn", rule="I-TURN-04"
            )
        t = attrs.evolve(t, economy=attrs.evolve(t.economy, movement_left=left - squares))
        return Outcome(
            state.with_turn(t),
            (
                MovementSpent(
                    creature=creature,
                    squares=squares,
                    left=left - squares,
                    unit="spaces",
                    rules=("I-TURN-04", "I-TURN-05"),
                ),
            ),
        )

    # what may be asked now ---------------------------------------------------------------------
    def legal_actions(self, state: Encounter, creature: str | None = None) -> list[Action]:
        """The requests open now, each verified, in a fixed order (I-INIT-02, I-TURN-01, I-HOLD-03).

        Out of combat: rolling initiative. Between turns: the next character's turn, or ending the
        round. During a turn: the character's moves and actions on the map
        (:func:`~brawl.initiative.deeds.initiative_deeds`), the Action, Fast Action and Move
        still unused, and ending the turn.
        At any time: each held action whose trigger was reported. With ``creature``, only its
        requests. Holding needs a declared action and trigger, so it is not listed.
        """
        found: list[Action]
        if state.turn is None:
            found = [StartInitiativeCombat()] if creature is None else []
        else:
            t = turn_of(state)
            if t.current is not None:
                found = initiative_deeds(state, t.current)
                found += [UseAction(t.current, kind, fast=kind == "fast") for kind in OFFERED]
                found.append(EndTurn())
            else:
                nxt = next_actor(state, t)
                found = [StartTurn(nxt)] if nxt is not None else [EndRound()]
            found += [UseHeldAction(cid) for cid in t.order if cid in t.holds and t.holds[cid].triggered]
            if creature is not None:
                found = [
                    a
                    for a in found
                    if actor_of(a) == creature or (isinstance(a, EndTurn) and creature == t.current)
                ]
        return [a for a in found if verified(a, state)]

    def end_combat(self, state: Encounter) -> Outcome:
        """Held actions end with the encounter (I-INIT-05)."""
        return Outcome(state, ())


def _hold(creature: str, held: str | None, action: str | None, trigger: str | None, fast: bool) -> HoldAction:
    """The record of a hold asked through ``use_action(..., "hold", ...)``: ``held`` defaults to
    the Action (I-HOLD-01); an action or trigger not given is not declared (I-HOLD-02)."""
    declared = ("" if action is None else action, "" if trigger is None else trigger)
    return HoldAction(creature, *declared, held=held or "action", fast=fast)


INITIATIVE = register_system(InitiativeGame())
"""The registered initiative game turn system."""
register_triggers(InitiativeTurn, verify_held_trigger, report_held_trigger)


# -- starting combat -----------------------------------------------------------------------------


def _optional_pairs(value: object) -> tuple[tuple[str, int], ...] | None:
    return None if value is None else pairs(value)


def _tie_order(value: object) -> tuple[str, ...]:
    return ids(value, "tie_order", "R-I-2")


@attrs.frozen(repr=False)
class StartInitiativeCombat(Request):
    """Everyone rolls initiative, d10 + stat, highest first (I-INIT-01..03, R-I-2).

    ``stats={id: adventure}`` must name every living character (None: every stat is 0);
    ``rolls={id: d10}`` are the caller's dice (else the RNG); ``tie_order`` lists ids in the
    order the narrator or players choose for ties (R-I-2). The same as
    ``start_combat(state, system="initiative", ...)``.
    """

    stats: tuple[tuple[str, int], ...] | None = attrs.field(default=None, converter=_optional_pairs)
    rolls: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=pairs)
    tie_order: tuple[str, ...] = attrs.field(default=(), converter=_tie_order)

    def verify(self, state: Encounter) -> None:
        verify_no_combat(state)
        _check_start(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        verify_no_combat(state)
        return _start(state, self)


def _check_start(state: Encounter, request: StartInitiativeCombat) -> None:
    """Raise if initiative may not be rolled with these choices (I-INIT-01, R-I-2)."""
    given = dict(request.stats or ())
    for cid, value in given.items():
        state.creature(cid)
        whole_number(value, -MAX_STAT, MAX_STAT, what=f"stats[{cid!r}]", rule="I-INIT-01")
    if request.stats is not None:
        missing = [c.id for c in state.living() if c.id not in given]
        if missing:
            raise InvalidArgumentError(f"stats: no value for {missing!r}", rule="I-INIT-01")
    for cid, value in request.rolls:
        state.creature(cid)
        whole_number(value, 1, INITIATIVE_DIE, what=f"initiative d10 of {cid!r}", rule="I-INIT-01")


def _start(state: Encounter, request: StartInitiativeCombat) -> Outcome:
    """Roll initiative for every living character and set the order (I-INIT-01..03, R-I-2)."""
    _check_start(state, request)
    living = list(state.living())
    given = dict(request.stats or ())
    roll_in = dict(request.rolls)
    tie_rank = {cid: i for i, cid in enumerate(request.tie_order)}
    events: list[Event] = [
        CombatStarted(
            system=INITIATIVE.name, sides=tuple(dict.fromkeys(c.side for c in living)), rules=("I-ENC-02",)
        )
    ]
    totals: dict[str, int] = {}
    for c in living:
        value, state, die = roll_die(
            state,
            INITIATIVE_DIE,
            roll_in.get(c.id),
            purpose="initiative d10",
            creature=c.id,
            rules=("I-INIT-01",),
        )
        events.append(die)
        totals[c.id] = value + given.get(c.id, 0)
    added = {cid: i for i, cid in enumerate(state.order)}
    big = len(tie_rank) + 1
    order = sorted(
        totals,
        key=lambda cid: (-totals[cid], tie_rank.get(cid, big), -given.get(cid, 0), added[cid]),
    )
    tied = len(set(totals.values())) < len(totals)
    rules = ("I-INIT-01", "I-INIT-02", "I-INIT-03", "R-I-2") if tied else ("I-INIT-01", "I-INIT-02")
    events.append(
        TurnOrderSet(side=None, order=tuple(order), totals=tuple(totals[c] for c in order), rules=rules)
    )
    turn = InitiativeTurn(order=tuple(order), totals=tuple(totals[c] for c in order))
    events.append(RoundStarted(round=1, first=order[0] if order else None, rules=("I-INIT-02",)))
    return Outcome(state.with_turn(turn, round=1), tuple(events))
