"""The deeds of a turn as records: moving with the turn's movement, and taking an action.

:class:`AdvanceTo` names a destination and builds its path only when applied; :class:`Advance`
takes a path; :class:`TakeAction` spends a part of the turn (main action, maneuver, move action,
free maneuver...) and applies the rule record it wraps. :func:`legal_moves` gives every square
the creature's movement reaches this turn, with its cost, without building a path.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from operator import itemgetter
from typing import Any

import attrs

from brawl.errors import (
    ActionUnavailableError,
    IllegalMoveError,
    InvalidArgumentError,
    RulesError,
    TurnOrderError,
)
from brawl.events.movement import Moved
from brawl.events.turns import make_action_used, make_movement_spent
from brawl.fields import as_path, ident, instance, text
from brawl.geometry import Pos, as_pos
from brawl.outcome import Outcome
from brawl.reach import Reachable
from brawl.requests import Action
from brawl.rules import conditions as cond_rules
from brawl.rules.main_actions import Charge, Defend
from brawl.rules.maneuvers import AidAttack, EscapeGrab, Grab, Knockback
from brawl.rules.movement import Disengage, Move, move_searched, walk_clear
from brawl.rules.prone import StandUp
from brawl.rules.reachable import reachable
from brawl.rules.recoveries import CatchBreath, Heal
from brawl.rules.riding import Ride, mount_to_ride
from brawl.rules.settle import settle
from brawl.rules.strikes import FreeStrike, strike_spent
from brawl.state import Encounter
from brawl.turns.base import system_of
from brawl.turns.drawsteel_turn import (
    DrawSteelTurn,
    action_refusal,
    action_spent,
    critical_hits,
    moment_passed,
    with_economy,
)
from brawl.turns.economy import (
    ActionKind,
    TurnEconomy,
    action_kind,
    converts,
    movement_spent,
    rule_ids,
    spend,
)
from brawl.turns.records import verified

__all__ = [
    "MAIN_ACTIONS",
    "MANEUVERS",
    "Advance",
    "AdvanceTo",
    "RideTo",
    "TakeAction",
    "acting_creature",
    "actor_of",
    "costed_requests",
    "legal_moves",
    "legal_now",
    "legal_reach",
    "may_act",
    "movement_left",
    "payable",
    "pays",
    "ride_destinations",
    "rule_name",
    "spend_for",
]


def movement_left(state: Encounter, creature: str) -> int:
    """Squares of movement the creature's move actions still grant this turn (DS-TURN-02, I-TURN-04)."""
    turn = state.turn
    economy = getattr(turn, "economy", None)
    if getattr(turn, "current", None) != creature or economy is None:
        return 0
    left: int = getattr(economy, "movement_left", 0)
    return left


def may_act(state: Encounter, creature: str, kind: str) -> bool:
    """Whether the turn system in play lets ``creature`` use ``kind`` of action now: what
    ``verify_action`` accepts. Under Draw Steel its refusal is asked for, so a "no" raises nothing
    (:func:`~brawl.turns.drawsteel_turn.action_refusal`, which ``verify_action`` raises)."""
    t = state.turn
    if type(t) is DrawSteelTurn:  # run by the Draw Steel system, registered first for it
        return action_refusal(state, t, creature, action_kind(kind)) is None
    try:
        system_of(state).verify_action(state, creature, kind)
    except RulesError:
        return False
    return True


def _budget(state: Encounter, creature: str) -> int | None:
    """The movement a move may use now: what is left, or (None) the speed a move action grants.

    Raises if no movement is left and the creature may not take a move action now.
    """
    left = movement_left(state, creature)
    if left > 0:
        return left
    system_of(state).verify_action(state, creature, "move")
    return None


_by_cost_then_square = itemgetter(1, 0)


def legal_moves(state: Encounter, creature: str) -> dict[Pos, int]:
    """Every square the creature's movement reaches this turn → its cost; no path is built.

    The movement left from its move actions, or, with none left, the speed a move action would
    grant (DS-ACT-01, DS-TURN-02). Empty if it can't move now (not its turn, no action left, dead).
    """
    reach = legal_reach(state, creature)
    return {} if reach is None else _destinations(reach)


def legal_reach(state: Encounter, creature: str) -> Reachable | None:
    """The search behind :func:`legal_moves`: the squares the creature's movement reaches this
    turn (its start included), or None if it can't move now."""
    left = movement_left(state, creature)
    if left == 0:
        if not may_act(state, creature, "move"):
            return None  # what _budget refuses, asked without raising
        if type(state.turn) is DrawSteelTurn:  # may_act asked action_refusal, which found nothing
            _MOVE_FREE[0] = (state, creature)
    try:
        return reachable(state, creature, budget=left or None)
    except (ActionUnavailableError, IllegalMoveError, TurnOrderError):
        return None


_MOVE_FREE: list[tuple[Encounter, str] | None] = [None]
"""The last state (kept: its id is not reused) and creature in which :func:`legal_reach` found
Draw Steel's ``action_refusal`` of the move action to be None: the state is immutable, so an
:class:`AdvanceTo` applied to that very state by that creature does not ask it again."""


def _destinations(reach: Reachable) -> dict[Pos, int]:
    """The squares a move may end on but its start → their costs, cheapest first, then by square."""
    costs = reach.costs()
    costs.pop(reach.origin, None)
    return dict(sorted(costs.items(), key=_by_cost_then_square))


def _advance(
    state: Encounter,
    creature: str,
    path: tuple[Pos, ...],
    costs: tuple[int, ...] | None = None,
    *,
    taken: Outcome | None = None,
) -> Outcome:
    """Advance along ``path``; ``costs``: its step costs, when a search of this move found it;
    ``taken``: the move action already taken from ``state``, when the caller took it."""
    system = system_of(state)
    if taken is None and movement_left(state, creature) == 0:
        taken = system.use_action(state, creature, "move")
    before = state if taken is None else taken.state
    budget = movement_left(before, creature)
    if costs is None:
        moved = Move(creature, path, budget=budget).resolve(before)
    else:
        moved = move_searched(before, creature, path, costs, budget=budget)
    events = moved.events if taken is None else taken.events + moved.events
    # what the move walked (less than the path when it stops short), never a second plan of it
    walked = 0
    for e in moved.events:
        if isinstance(e, Moved) and e.creature == creature:
            walked += e.spent
    spent = min(walked, budget)
    if not spent:
        return Outcome(moved.state, events)
    out = system.spend_movement(moved.state, creature, spent)
    return Outcome(out.state, events + out.events)


@attrs.frozen
class Advance(Action):
    """Move along ``path`` on its own turn, spending the turn's movement (DS-ACT-01, DS-TURN-02).

    If no movement is left, the move action is taken first (it grants the creature's speed);
    the path's cost is then spent from the movement left, so the movement can be split around
    the maneuver and the main action.
    """

    creature: str = attrs.field(validator=ident(("DS-ACT-01", "DS-TURN-02")))
    path: tuple[Pos, ...] = attrs.field(converter=as_path)

    @property
    def destination(self) -> Pos:
        """The square the path ends on."""
        return self.path[-1]

    def verify(self, state: Encounter) -> None:
        """Raise unless the path fits the movement left (or a move action's speed) (DS-ACT-01)."""
        Move(self.creature, self.path, budget=_budget(state, self.creature)).verify(state)

    def resolve(self, state: Encounter) -> Outcome:
        return _advance(state, self.creature, self.path)


@attrs.frozen
class AdvanceTo(Action):
    """Move to ``destination`` with the turn's movement, by a cheapest path (DS-ACT-01, DS-TURN-02).

    The destination must be reachable within the movement left (or, with none left, within the
    speed the move action grants, which is then taken). The path is found when it is applied.
    """

    creature: str = attrs.field(validator=ident(("DS-ACT-01", "DS-TURN-02")))
    destination: Pos = attrs.field(converter=as_pos)

    def verify(self, state: Encounter) -> None:
        reach = reachable(state, self.creature, budget=_budget(state, self.creature))
        if self.destination == state.creature(self.creature).pos or self.destination not in reach:
            raise IllegalMoveError(
                f"{self.creature} advances to {tuple(self.destination)}: not reachable with its movement",
                rule=("DS-ACT-01", "DS-TURN-02"),
            )
        turn = state.turn
        if turn is not None and not turn.provokes_opportunity_attacks:
            # a system with a rule of its own for walking away (the initiative game's I-DIS-01)
            # refuses here what it would refuse along the path taken; Draw Steel builds no path
            turn.verify_walk(state, self.creature, reach.route_to(self.destination)[0], shifting=False)

    def resolve(self, state: Encounter) -> Outcome:
        creature = self.creature
        t = state.turn
        on_move_action = type(t) is DrawSteelTurn and movement_left(state, creature) == 0
        taken: Outcome | None = None
        economy: TurnEconomy | None = None
        if on_move_action:
            assert isinstance(t, DrawSteelTurn)
            # what Draw Steel's use_action refuses, as its verify_action does (_budget), unless
            # legal_reach just found nothing to refuse in this very state (_MOVE_FREE)
            free = _MOVE_FREE[0]
            if free is None or free[0] is not state or free[1] != creature:
                found = action_refusal(state, t, creature, ActionKind.MOVE)
                if found is not None:
                    raise found.error(creature, ActionKind.MOVE)
            # the economy the move action leaves (its own turn's: the refusal asked it); one that
            # does not fit is refused by use_action here, before the search, as it always was
            economy = t.economy
            if economy is not None:
                economy = spend(economy, ActionKind.MOVE, cond_rules.speed(state, creature))
            if economy is None or not economy.fits():
                taken = system_of(state).use_action(state, creature, "move")
                on_move_action = False
            budget = None
        else:
            budget = _budget(state, creature)
        reach = reachable(state, creature, budget=budget)
        if self.destination == reach.origin:  # where the creature stands
            self.verify(state)  # raises with the reason
        try:
            # refuses a square the move may not end on; beside: an enemy within 1 of a square left
            path, costs, beside = reach.marked_route(self.destination)
        except IllegalMoveError:
            self.verify(state)  # raises with the reason
            raise
        if on_move_action:
            assert isinstance(t, DrawSteelTurn)
            assert economy is not None
            done = _on_move_action(state, creature, path, costs, t, economy, beside)
            if done is not None:
                return done
            taken = system_of(state).use_action(state, creature, "move")  # fits: nothing refused
        return _advance(state, creature, path, costs, taken=taken)


def _on_move_action(
    state: Encounter,
    creature: str,
    path: tuple[Pos, ...],
    costs: tuple[int, ...],
    t: DrawSteelTurn,
    economy: TurnEconomy,
    beside: bool | None = None,
) -> Outcome | None:
    """An advance along a searched path on the creature's Draw Steel turn with no movement left,
    its move action checked: what Draw Steel's ``use_action`` (the move action), the walk and its
    ``spend_movement`` give one after another (:func:`_advance`), with the bookkeeping and the
    encounter copied once, not once each (DS-TURN-01, DS-TURN-02, DS-ACT-01).

    The walk is made on ``state``, before the move action is recorded: a walk that only places
    the mover (its one event a :class:`Moved`, the bookkeeping it carries the same) reads of the
    turn only whether it provokes and the system's walking rule, the same for any bookkeeping of a
    Draw Steel turn. Any other walk (an opportunity attack provoked or forgone, damage, a fall)
    gives None: the long way. ``t``: the encounter's bookkeeping, ``economy``: the creature's
    economy once the move action is spent (:func:`~brawl.turns.economy.spend`), which fits;
    ``beside``: whether an enemy is within 1 of a square the path leaves, as the search on
    ``state`` that found it tells (None: not known)."""
    converted = converts(t.economy, ActionKind.MOVE)
    budget = economy.movement_left
    clear = walk_clear(state, creature, path, costs, budget=budget, beside=beside)
    if clear is None:
        moved = move_searched(state, creature, path, costs, budget=budget, clear=False)
        after = moved.state
        if len(moved.events) != 1 or after.turn is not t:
            return None
        walked = moved.events[0]
        if type(walked) is not Moved or walked.creature != creature:
            return None
    else:
        after, walked = clear  # a walk that only places the mover, its turn kept as it was
    used = make_action_used(
        creature=creature,
        kind="move",
        name=None,
        converted=converted,
        rules=rule_ids(ActionKind.MOVE, converted),
    )
    # the moment after a critical hit passes as the move action is taken (use_action); asked
    # again as the squares are spent (spend_movement), it finds nothing more
    t, lapsed = moment_passed(t)
    # 0 <= spent <= budget <= MAX_SPENT < MAX_MOVEMENT: spend_movement's checks pass
    spent = min(walked.spent, budget)
    if not spent:
        return Outcome(after.with_turn_built(with_economy(t, economy)), (*lapsed, used, walked))
    note = make_movement_spent(creature=creature, squares=spent, left=budget - spent, rules=("DS-TURN-02",))
    return Outcome(
        after.with_turn_built(with_economy(t, movement_spent(economy, spent))), (*lapsed, used, walked, note)
    )


@attrs.frozen
class RideTo(Action):
    """Ride: the mount carries the rider to ``destination`` by a cheapest path (DS-MOUNT-03).

    The destination must be within the mount's reach now; the path is found when it is applied.
    Taken as a move action: ``TakeAction("move", RideTo(rider, destination))``.
    """

    rider: str = attrs.field(validator=ident("DS-MOUNT-03"))
    destination: Pos = attrs.field(converter=as_pos)

    def _reach(self, state: Encounter) -> Reachable:
        mount = mount_to_ride(state, self.rider)
        reach = reachable(state, mount)
        if self.destination == state.creature(mount).pos or self.destination not in reach:
            raise IllegalMoveError(
                f"{self.rider} rides to {tuple(self.destination)}: not within its mount's reach",
                rule="DS-MOUNT-03",
            )
        return reach

    def verify(self, state: Encounter) -> None:
        self._reach(state)

    def resolve(self, state: Encounter) -> Outcome:
        path = self._reach(state).path_to(self.destination)
        return Ride(self.rider, path).resolve(state)


def ride_destinations(state: Encounter, rider: str) -> dict[Pos, int]:
    """Every square the rider's mount can carry it to now → its cost; empty if it may not use
    Ride now (not mounted, or rider or mount has ridden this round: :func:`mount_to_ride`)."""
    try:
        reach = reachable(state, mount_to_ride(state, rider))
    except (ActionUnavailableError, IllegalMoveError, TurnOrderError):
        return {}
    return _destinations(reach)


def acting_creature(action: Action) -> str:
    """The creature that acts in a rule record (its ``creature``, ``attacker``, ``healer``...)."""
    for name in ("creature", "attacker", "healer", "searcher", "rider", "helper"):
        value = getattr(action, name, None)
        if isinstance(value, str):
            return value
    raise InvalidArgumentError(f"take action {action!r}: it names no acting creature", rule=())


def actor_of(action: Action) -> str | None:
    """Who a request is about: the acting creature of a :class:`TakeAction`, else its ``creature``."""
    if isinstance(action, TakeAction):
        return acting_creature(action.action)
    creature = getattr(action, "creature", None)
    return creature if isinstance(creature, str) else None


@attrs.frozen
class TakeAction(Action):
    """Spend a part of the turn and do something with it: ``TakeAction("main", FreeStrike(...))``.

    The turn system checks the economy (DS-TURN-01..03); then the inner action is applied. A
    move action taken for a move of its own (Disengage) spends the speed it grants.
    """

    kind: str = attrs.field(validator=text("DS-TURN-01"))
    action: Action = attrs.field(validator=instance(Action, "a request record", "DS-TURN-01"))

    def _creature(self) -> str:
        return acting_creature(self.action)

    def verify(self, state: Encounter) -> None:
        creature = self._creature()
        system_of(state).verify_action(state, creature, self.kind)
        self.action.verify(state)

    def resolve(self, state: Encounter) -> Outcome:
        action = self.action
        if type(action) is FreeStrike and type(state.turn) is DrawSteelTurn:
            # Draw Steel's use_action, its bookkeeping not yet stored (its system runs this turn)
            t, used, built = action_spent(state, action.attacker, self.kind)
            if built:
                # the strike reads no bookkeeping: the spent action is stored with its first
                # change of the encounter (strike_spent), the events in the same order
                done = settle(strike_spent(state, action, t))
                return critical_hits(Outcome(done.state, used + done.events))
            out = Outcome(state.with_turn(t), used)  # use_action's checked bookkeeping
        else:
            creature = self._creature()
            out = system_of(state).use_action(state, creature, self.kind)
            if isinstance(action, Disengage | RideTo):
                granted = movement_left(out.state, creature) - movement_left(state, creature)
                if granted > 0:
                    out = out.then(system_of(out.state).spend_movement, creature, granted)
        # what comes before the rule's events (the action used, the movement spent) owes nothing
        # to the settle pass, so the rule's settled outcome is the whole one's (brawl.apply)
        done = settle(action.resolve(out.state))
        return critical_hits(Outcome(done.state, out.events + done.events))


MAIN_ACTIONS = (FreeStrike, Defend, Charge, Heal)
"""Actions taken as a main action (DS-ACT-17..22)."""
MANEUVERS = (Grab, EscapeGrab, Knockback, AidAttack, StandUp, CatchBreath)
"""Actions taken as a maneuver (DS-ACT-03..16)."""


def rule_name(kind: type[Action]) -> str:
    """The public rule a request class is the record of: ``FreeStrike`` -> ``free_strike``."""
    found = _RULE_NAMES.get(kind)
    if found is None:
        found = _RULE_NAMES[kind] = re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()
    return found


_RULE_NAMES: dict[type[Action], str] = {}


def costed_requests() -> dict[str, type[Action]]:
    """The request classes that spend a part of the turn, by the name of their public rule."""
    return {rule_name(k): k for k in Action.registry.values() if k.cost is not None}


def spend_for(
    state: Encounter,
    kind: type[Action],
    fields: Mapping[str, Any],
    name: str,
    run: Callable[[Encounter], Outcome],
) -> Outcome:
    """``run`` (the rule call) after spending what it costs its actor's turn (DS-TURN-01..03, R-TURN-9).

    ``kind`` is the request class and ``fields`` the call's arguments (or the record's fields).
    The turn system in play says what the cost takes (:meth:`~brawl.turns.base.TurnSystem.spends`):
    nothing outside combat, for a triggered call (``opportunity``) or one the table grants
    (``granted``); under Draw Steel a call its actor may not make off its own turn is refused
    (the other games spend nothing of another creature's turn). Movement takes the move action
    when none is left; a path costing more than is left is refused, and the movement the move
    actually spent (less when it pauses) is spent after it. Raises
    :class:`ActionUnavailableError` naming ``name`` when the cost can't be paid, and
    :class:`TurnOrderError` when the call is not one its actor may make off its own turn
    (DS-TURN-01, R-TURN-11). A critical hit among the rule's events keeps its extra main action
    for its creature (RB-CRIT-03, :func:`~brawl.turns.drawsteel_turn.critical_hits`).
    """

    def resolved(before: Encounter) -> Outcome:
        return critical_hits(run(before))

    out, taken, squares = _paid(state, kind, fields, name, None)
    if taken is None:
        return resolved(state)
    if taken != "movement":
        return out.then(resolved)
    creature = kind.actor_in(fields)
    system = system_of(state)
    out = out.then(resolved)
    moved = [e.spent for e in out.events if isinstance(e, Moved) and e.creature == creature]
    walked = sum(moved) if moved else squares
    return out.then(system.spend_movement, creature, walked) if walked else out


def _paid(
    state: Encounter,
    kind: type[Action],
    fields: Mapping[str, Any],
    name: str,
    request: Action | None,
) -> tuple[Outcome, str | None, int]:
    """What :func:`spend_for` takes before the rule runs, refusals raised: the outcome of taking
    the action it costs (a move action for movement when none is left), what the cost takes
    (None: nothing) and, for movement, the squares the request's path costs (0 else).

    ``request``: the record of ``fields``, when the caller has it."""
    nothing = Outcome(state, ())
    creature = kind.actor_in(fields)
    if (
        kind.cost is None
        or fields.get("granted") is True
        or fields.get("opportunity") is True
        or state.turn is None
        or not isinstance(creature, str)
    ):
        return nothing, None, 0
    cost = kind.cost_in(state, fields)
    system = system_of(state)
    try:
        taken = None if cost is None else system.spends(state, creature, cost)
    except (ActionUnavailableError, TurnOrderError) as e:
        raise type(e)(f"{name} by {creature}: {e.reason}", rule=e.rules) from None
    if taken is None:
        return nothing, None, 0
    out = nothing
    try:
        if taken != "movement":
            out = system.use_action(state, creature, taken)
            if cost == "move":
                granted = movement_left(out.state, creature) - movement_left(state, creature)
                if granted > 0:
                    out = out.then(system.spend_movement, creature, granted)
            return out, taken, 0
        if movement_left(state, creature) == 0:
            out = system.use_action(state, creature, "move")
        left = movement_left(out.state, creature)
        if request is None:
            request = kind(**{k: v for k, v in fields.items() if k != "state"})
        squares: int = getattr(request, "movement_cost")(out.state)  # noqa: B009
    except ActionUnavailableError as e:
        raise ActionUnavailableError(f"{name} by {creature}: {e.reason}", rule=e.rules) from None
    if squares > left:
        raise ActionUnavailableError(
            f"{name} by {creature}: the path costs {squares}, {left} movement is left this turn",
            rule=("DS-TURN-01", "DS-TURN-02", "I-TURN-04"),
        )
    return out, taken, squares


def legal_now(state: Encounter, action: Action) -> bool:
    """Whether ``action`` may be applied now: its own checks and, on its actor's own Draw Steel
    turn, the part of the turn it costs (DS-TURN-01..03); never a run of the rule."""
    return verified(action, state) and payable(state, action)


def pays(state: Encounter, creature: str, cost: str | None) -> bool | None:
    """Whether ``creature``'s turn may spend ``cost`` now for a call that costs it (DS-TURN-01..03):
    what :func:`payable` answers for a request of that cost made by ``creature``, none granted;
    None when only :func:`payable` tells (a turn system other than Draw Steel's, or movement)."""
    t = state.turn
    if t is None or cost is None:
        return True  # _paid takes nothing
    if type(t) is not DrawSteelTurn or cost == "movement":
        return None
    # Draw Steel's spends and use_action refuse exactly what action_refusal finds (spends asks
    # it off the creature's turn, use_action always); the speed a move action grants is then
    # spent whole, which nothing refuses
    return action_refusal(state, t, creature, action_kind(cost)) is None


def payable(state: Encounter, action: Action) -> bool:
    """Whether the part of the turn ``action`` costs may be spent now (DS-TURN-01..03), its own
    checks aside: :func:`legal_now` is :func:`~brawl.turns.records.verified` and this."""
    kind = type(action)
    try:
        # spend_for's checks alone: with nothing run, what follows them can't refuse (the
        # movement spent is what was found left, the move action's speed what it granted)
        _paid(state, kind, action.fields(), rule_name(kind), action)
    except RulesError:
        return False
    return True
