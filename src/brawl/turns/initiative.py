"""The initiative game's turns (I-TURN): d10 + a stat, highest first, fixed for the encounter.

Initiative is a d10 plus the character's stat ("adventure"), highest first (I-INIT-01,
I-INIT-02), ties broken by an explicit order, else the higher stat, else the order added (R-I-2,
I-INIT-03), the order fixed for the encounter (I-INIT-04). A turn holds one Action, one Fast
Action and one Move in any order, the Move split around them (I-TURN-01..05). An Action or a
Fast Action (not both, never the Move) may be held with a declared trigger and used once when it
happens, until the start of the holder's next turn (I-HOLD-01..04, R-I-1, R-I-3). Free actions
do not count (I-FREE-01, I-FREE-02); slow actions are refused in danger (I-SLOW-01). Adjacent to
an enemy, a character moves away only by disengaging (I-DIS-01, I-DIS-02, I-AMB-04;
:mod:`brawl.turns.initiative_move`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from brawl.checks import whole_number
from brawl.errors import (
    ActionUnavailableError,
    InvalidArgumentError,
    TurnOrderError,
    whose_turn,
)
from brawl.events.base import Event
from brawl.events.turns import (
    ActionUsed,
    CombatStarted,
    HeldActionDeclared,
    HeldActionLost,
    MovementSpent,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnOrderSet,
    TurnStarted,
)
from brawl.fields import flag, text
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter, TurnState
from brawl.turns.base import register_system, roll_die, verify_no_combat
from brawl.turns.deeds import actor_of
from brawl.turns.initiative_deeds import initiative_deeds
from brawl.turns.initiative_hold import (
    UseHeldAction,
    report_trigger,
    use_held_action,
    verify_held_action,
    verify_report_trigger,
)
from brawl.turns.initiative_move import can_initiative_move, verify_initiative_move
from brawl.turns.initiative_state import (
    HOLDABLE,
    INITIATIVE_DIE,
    KINDS,
    MAX_MOVEMENT,
    MAX_STAT,
    OFFERED,
    Hold,
    InitiativeEconomy,
    InitiativeTurn,
    clear_triggers,
    next_actor,
    turn_of,
)
from brawl.turns.records import (
    EndRound,
    EndTurn,
    Request,
    StartTurn,
    UseAction,
    creature_ids,
    pairs,
    verified,
)
from brawl.turns.triggers import ReportTrigger

__all__ = [
    "INITIATIVE",
    "Hold",
    "HoldAction",
    "InitiativeEconomy",
    "InitiativeGame",
    "InitiativeTurn",
    "ReportTrigger",
    "StartInitiativeCombat",
    "UseHeldAction",
    "can_initiative_move",
    "hold_action",
    "report_trigger",
    "use_held_action",
    "verify_held_action",
    "verify_initiative_move",
    "verify_report_trigger",
]


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
        """Raise if initiative may not be rolled with these choices (I-INIT-01, R-I-2)."""
        living = list(state.living())
        given = dict(stats or {})
        for cid, value in given.items():
            state.creature(cid)
            whole_number(value, -MAX_STAT, MAX_STAT, what=f"stats[{cid!r}]", rule="I-INIT-01")
        if stats is not None:
            missing = [c.id for c in living if c.id not in given]
            if missing:
                raise InvalidArgumentError(f"stats: no value for {missing!r}", rule="I-INIT-01")
        for cid, value in (rolls or {}).items():
            state.creature(cid)
            whole_number(value, 1, INITIATIVE_DIE, what=f"initiative d10 of {cid!r}", rule="I-INIT-01")
        if isinstance(tie_order, str):
            raise InvalidArgumentError(f"tie_order {tie_order!r}: a sequence of ids", rule="R-I-2")

    def start(
        self,
        state: Encounter,
        *,
        stats: Mapping[str, int] | None = None,
        rolls: Mapping[str, int] | None = None,
        tie_order: Sequence[str] = (),
    ) -> Outcome:
        """Everyone rolls initiative, d10 + stat, highest first (I-INIT-01..03, R-I-2).

        ``stats={id: adventure}`` must name every living character (None: every stat is 0);
        ``rolls={id: d10}`` are the caller's dice (else the RNG); ``tie_order`` lists ids in the
        order the narrator or players choose for ties (R-I-2).
        """
        self.verify_start(state, stats=stats, rolls=rolls, tie_order=tie_order)
        living = list(state.living())
        given = dict(stats or {})
        roll_in = dict(rolls or {})
        tie_rank = {cid: i for i, cid in enumerate(tie_order)}
        events: list[Event] = [
            CombatStarted(
                system=self.name, sides=tuple(dict.fromkeys(c.side for c in living)), rules=("I-ENC-02",)
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
        used now or held (I-TURN-03).
        """
        t = turn_of(state)
        c = state.creature(creature)
        if kind not in KINDS:
            raise InvalidArgumentError(f"action kind {kind!r}: not one of {KINDS}", rule="I-TURN-01")
        if c.dead:
            raise ActionUnavailableError(f"{creature} {kind}: the character is dead", rule="I-TURN-01")
        if slow:
            raise ActionUnavailableError(
                f"{creature} {kind}: slow actions cannot be taken in danger", rule="I-SLOW-01"
            )
        if kind == "free":
            return
        if t.current != creature or t.economy is None:
            raise TurnOrderError(f"{creature} {kind}: {whose_turn(creature, t.current)}", rule="I-TURN-01")
        eco = t.economy
        if kind == "hold":
            held = held or "action"
            if held not in HOLDABLE:
                raise ActionUnavailableError(
                    f"{creature} holds {held!r}: only the Action or the Fast Action can be held",
                    rule=("I-HOLD-01", "R-I-3"),
                )
            if eco.held is not None:
                raise ActionUnavailableError(
                    f"{creature} holds its {held}: it already holds its {eco.held}; not both",
                    rule=("I-HOLD-01", "R-I-3"),
                )
            for label, value in (("action", action), ("trigger", trigger)):
                if not isinstance(value, str) or not value.strip():
                    raise InvalidArgumentError(
                        f"{creature} holds its {held}: declare the specific {label}", rule="I-HOLD-02"
                    )
            kind = held
        if kind == "fast" and not fast:
            raise ActionUnavailableError(
                f"{creature} fast action{f' {name!r}' if name else ''}: only an action that says it is "
                "fast takes the Fast Action (say fast=True)",
                rule="I-TURN-03",
            )
        spent = {"action": eco.action, "fast": eco.fast, "move": eco.move}[kind]
        if spent:
            raise ActionUnavailableError(f"{creature} {kind}: already used this turn", rule="I-TURN-01")

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
        t = turn_of(state)
        if kind == "free":
            return Outcome(
                state,
                (
                    ActionUsed(
                        creature=creature,
                        kind="free",
                        name=name,
                        counted=False,
                        rules=("I-FREE-01", "I-FREE-02"),
                    ),
                ),
            )
        eco = t.economy
        assert eco is not None
        if kind == "hold":
            which = held or "action"
            hold = Hold(held=which, action=str(action), trigger=str(trigger), round=state.round)
            eco = attrs.evolve(eco, held=which, **{which: True})
            t = attrs.evolve(t, economy=eco, holds=t.holds.set(creature, hold))
            event: Event = HeldActionDeclared(
                creature=creature,
                held=which,
                action=hold.action,
                trigger=hold.trigger,
                rules=("I-HOLD-01", "I-HOLD-02", "R-I-3"),
            )
            return Outcome(state.with_turn(t), (event,))
        if kind == "move":
            speed = state.creature(creature).speed
            eco = attrs.evolve(eco, move=True, movement_left=speed)
            rules: tuple[str, ...] = ("I-TURN-01", "I-TURN-04")
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
        (:func:`~brawl.turns.initiative_deeds.initiative_deeds`), the Action, Fast Action and Move
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


def hold_action(
    state: Encounter, creature: str, *, held: str = "action", action: str, trigger: str, fast: bool = False
) -> Outcome:
    """Hold the Action or the Fast Action (not both) with an action and a trigger (I-HOLD-01, -02).

    The Fast Action holds only an action that says it is fast: ``fast=True`` (I-TURN-03).
    """
    return INITIATIVE.use_action(
        state, creature, "hold", held=held, action=action, trigger=trigger, fast=fast
    )


INITIATIVE = register_system(InitiativeGame())
"""The registered initiative game turn system."""


# -- requests ------------------------------------------------------------------------------------


def _optional_pairs(value: object) -> tuple[tuple[str, int], ...] | None:
    return None if value is None else pairs(value)


@attrs.frozen(repr=False)
class StartInitiativeCombat(Request):
    """:func:`brawl.start_combat` under the initiative game, with its choices (I-INIT-01..03, R-I-2)."""

    stats: tuple[tuple[str, int], ...] | None = attrs.field(default=None, converter=_optional_pairs)
    rolls: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=pairs)
    tie_order: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)

    def _choices(self) -> dict[str, Any]:
        stats = None if self.stats is None else dict(self.stats)
        return {"stats": stats, "rolls": dict(self.rolls), "tie_order": self.tie_order}

    def verify(self, state: Encounter) -> None:
        verify_no_combat(state)
        INITIATIVE.verify_start(state, **self._choices())

    def resolve(self, state: Encounter) -> Outcome:
        verify_no_combat(state)
        return INITIATIVE.start(state, **self._choices())


@attrs.frozen(repr=False)
class HoldAction(Request):
    """:func:`brawl.hold_action` (I-HOLD-01, I-HOLD-02, R-I-3)."""

    creature: str = attrs.field(validator=text())
    action: str = attrs.field(validator=text())
    trigger: str = attrs.field(validator=text())
    held: str = attrs.field(default="action", validator=text())
    fast: bool = attrs.field(default=False, validator=flag())

    def verify(self, state: Encounter) -> None:
        INITIATIVE.verify_action(
            state,
            self.creature,
            "hold",
            held=self.held,
            action=self.action,
            trigger=self.trigger,
            fast=self.fast,
        )

    def resolve(self, state: Encounter) -> Outcome:
        return hold_action(
            state, self.creature, held=self.held, action=self.action, trigger=self.trigger, fast=self.fast
        )
