"""Walking moves: move, Advance, shift, Disengage, the path's cost and opportunity attacks.

Every step follows :class:`brawl.rules.steps.MoveModel` (R-MOVE-1, R-GEO-4, R-GEO-5); a move gets
min(distance offered, current speed) movement points (R-MOVE-2, DS-MOVE-07). Leaving an adjacent
enemy without shifting reports an opportunity attack at that step (DS-STRIKE-03, R-MOVE-3),
unless the turn system in play has its own rule for leaving enemies
(:attr:`~brawl.state.TurnState.provokes_opportunity_attacks`,
:meth:`~brawl.state.TurnState.verify_walk`: the initiative game refuses it, I-DIS-01);
entering damaging terrain deals its deal_damage (DS-MOVE-13); stepping off a ledge ends the move with
a fall (DS-FALL-01). Which move action is spent belongs to the turn systems: these functions take
the movement granted as input.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from operator import itemgetter
from typing import ClassVar, cast

import attrs

from brawl.creature import Creature
from brawl.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    StateError,
)
from brawl.events.base import Event
from brawl.events.movement import (
    Moved,
    OpportunityAttackForgone,
    OpportunityAttackProvoked,
    make_moved,
)
from brawl.fields import as_path, flag, ident, ids
from brawl.geometry import Pos, distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import (
    can_shift,
    can_take_triggered_actions,
)
from brawl.rules.damage import deal_damage
from brawl.rules.placing import fall_if_unsupported, moved_to, place_alone, terrain_damage, try_place
from brawl.rules.reachable import (
    companions,
    current_speed,
    movement_model,
    movement_points,
    searched_model,
    speed_points,
)
from brawl.rules.stealth import can_target
from brawl.rules.steps import (
    DISENGAGE_SQUARES,
    MAX_BUDGET,
    SHIFT_MODES,
    WALK_MODES,
    Mode,
    MoveModel,
    Refusal,
    budget_field,
    mode_field,
)
from brawl.rules.strikes import opportunity_bane
from brawl.state import Encounter
from brawl.terrain import Terrain

OPPORTUNITY_REACH = 1  # DS-STRIKE-03: an adjacent enemy; leaving means ending farther than 1
FREE_STRIKE_KEYWORDS = frozenset({"melee", "strike", "weapon"})  # DS-STRIKE-06: melee weapon free strike


_NO_COMPANIONS: tuple[tuple[str, ...], list[Creature]] = ((), [])
"""No rider and no grabbed creature (:func:`~brawl.rules.reachable.companions`); never changed."""


def _fail(what: str, refusal: Refusal) -> IllegalMoveError:
    return IllegalMoveError(f"{what}: {refusal.reason}", rule=refusal.rules)


# --------------------------------------------------------------------------------------------
# opportunity attacks


def opportunity_attackers(
    state: Encounter, mover: Creature, p: Pos, q: Pos, ignore: frozenset[str]
) -> list[str]:
    """Enemies within reach of the mover at ``p`` that are farther than 1 from it at ``q`` (DS-STRIKE-03).

    In order of id."""
    near = _enemies_near(state, mover, (p,), ignore)
    return _leaving(near, mover.n, p, q) if near else []


_first = itemgetter(0)
_second = itemgetter(1)


def _enemies_near(
    state: Encounter, mover: Creature, spots: tuple[Pos, ...], ignore: frozenset[str]
) -> list[tuple[str, Creature]] | None:
    """The living creatures of another side than the mover's, ``ignore`` left out, that may be
    within 1 of it with its lowest corner at one of ``spots``, in order of id: those with a cell
    in the columns around the spots (the distance then tells, height included). None when the
    columns around all the spots together are many more than around each one by one."""
    n = mover.n
    if len(spots) == 1:
        x, y, _ = spots[0]
        x0, y0, x1, y1 = x - 1, y - 1, x + n, y + n
    else:
        x0, y0 = min(map(_first, spots)) - 1, min(map(_second, spots)) - 1
        x1, y1 = max(map(_first, spots)) + n, max(map(_second, spots)) + n
        if (x1 - x0 + 1) * (y1 - y0 + 1) > len(spots) * (n + 2) * (n + 2):
            return None
    side = mover.side
    creatures = state.creatures
    if len(creatures) <= (x1 - x0 + 1) * (y1 - y0 + 1):
        # fewer creatures than columns: each one's columns are compared with the box instead
        # (what creatures_over finds: a living creature with a cell in them)
        found = []
        for cid, e in creatures.items():
            if e.side == side or e.dead or cid in ignore:
                continue
            ex, ey, _ = e.pos
            en = e.size.squares
            if ex <= x1 and ey <= y1 and ex + en > x0 and ey + en > y0:
                found.append((cid, e))
        found.sort(key=_first)
        return found
    near = state.creatures_over(x0, y0, x1, y1)
    if not near:
        return []
    out = []
    for cid in sorted(near):
        if cid in ignore:
            continue
        e = creatures[cid]
        if e.side != side and not e.dead:
            out.append((cid, e))
    return out


def _leaving(near: list[tuple[str, Creature]], n: int, p: Pos, q: Pos) -> list[str]:
    """The ids of ``near`` within 1 of an n-cube at ``p`` and farther than 1 at ``q`` (DS-STRIKE-03)."""
    return [
        cid for cid, e in near if distance(p, n, e.pos, e.n) <= OPPORTUNITY_REACH < distance(q, n, e.pos, e.n)
    ]


def why_no_opportunity_attack(state: Encounter, enemy: str, mover: str, at: Pos | None = None) -> str | None:
    """Why ``enemy`` can't make an opportunity attack against ``mover``, or None (DS-STRIKE-04).

    ``at``: the mover's square when it provokes, if the state still has it elsewhere (a move
    under way): cover, concealment and high ground are judged there."""
    m = state.creature(mover)
    if at is not None and at != m.pos:
        with contextlib.suppress(StateError):  # in an ally's space: judged where the state has it
            state = state.with_creature(moved_to(m, at) if type(at) is Pos else attrs.evolve(m, pos=at))
    if not can_take_triggered_actions(state, enemy):
        return f"{enemy} can't take triggered actions"
    if not can_target(state, enemy, mover):
        return f"{mover} is hidden from {enemy}"  # DS-COND-14: no strike against it
    return opportunity_bane(state, enemy, mover)  # DS-STRIKE-04: any net bane, with its reasons


# --------------------------------------------------------------------------------------------
# the move


def _resolved(value: Iterable[str]) -> tuple[str, ...]:
    """The enemies that already had their chance at a free strike, as a tuple (R-MOVE-3)."""
    return ids(value, "resolved", "R-MOVE-3")


@attrs.frozen
class MovePlan:
    """A checked path: the step costs and where the walk must stop."""

    model: MoveModel
    points: int
    path: tuple[Pos, ...]
    costs: tuple[int, ...]


def plan_move(
    state: Encounter,
    creature: str,
    path: Iterable[Iterable[int]],
    *,
    mode: str,
    budget: int | None,
    squeeze: bool,
    ignore_speed: bool,
    verb: str,
    searched: tuple[int, ...] | None = None,
) -> MovePlan:
    """The checked plan of a move along ``path``: each step's cost (R-MOVE-1), within its points.

    ``searched`` is the step costs of a path a reachable-squares search of the same move found
    (:meth:`~brawl.reach.Reachable.route_to`): the search took each step through the same
    :class:`~brawl.rules.steps.MoveModel` rules, so they are not checked a second time.
    """
    steps = as_path(path)
    if not isinstance(squeeze, bool) or not isinstance(ignore_speed, bool):
        raise InvalidArgumentError("squeeze and ignore_speed: True or False", rule="DS-MOVE-05")
    return _plan(state, creature, steps, mode, budget, squeeze, ignore_speed, verb, searched)


def _plan(
    state: Encounter,
    creature: str,
    steps: tuple[Pos, ...],
    mode: str,
    budget: int | None,
    squeeze: bool,
    ignore_speed: bool,
    verb: str,
    searched: tuple[int, ...] | None,
    found: tuple[tuple[str, ...], list[Creature]] | None = None,
    model: MoveModel | None = None,
    points: int | None = None,
) -> MovePlan:
    """:func:`plan_move` of a path already converted, its flags checked; ``found``: the mover's
    :func:`~brawl.rules.reachable.companions`, ``model``: its step rules in ``mode`` with
    ``squeeze`` and ``points``: its :func:`~brawl.rules.reachable.movement_points`, when the
    caller has them."""
    if model is None:
        model = movement_model(state, creature, mode, squeeze=squeeze, found=found)
    if points is None:
        points = movement_points(state, creature, budget, mode=mode, ignore_speed=ignore_speed)
    c = model.creature
    if mode in SHIFT_MODES and steps and not can_shift(state, creature):
        raise IllegalMoveError(
            f"{verb} {creature!r}: a slowed creature can't shift (it may move instead, DS-MOVE-11)",
            rule=("RB1-SLOWED", "DS-MOVE-11"),
        )
    if steps and points == 0:
        raise IllegalMoveError(
            f"{verb} {creature!r} to {tuple(steps[0])}: it has 0 movement "
            f"(speed {current_speed(state, creature)})",
            rule=("DS-MOVE-07", "R-MOVE-2"),
        )
    if searched is not None and len(searched) == len(steps) and sum(searched) <= points:
        return MovePlan(model, points, steps, searched)
    costs: list[int] = []
    total = 0
    p = c.pos
    for i, q in enumerate(steps):
        r = model.check_step(p, q, last=i == len(steps) - 1)
        if isinstance(r, Refusal):
            raise _fail(f"{verb} {creature!r}, step {i + 1} to {tuple(q)}", r)
        total += r
        if total > points:
            raise IllegalMoveError(
                f"{verb} {creature!r}: reaching {tuple(q)} costs {total}, more than its {points} movement",
                rule=("DS-MOVE-07", "R-MOVE-1", "R-MOVE-2"),
            )
        costs.append(r)
        p = q
    if steps and not model.can_end(p):
        blocker = model.blocker_at(p)
        if blocker is not None and not model.squeeze:
            reason = f"the space of {blocker!r}, whose size is within 1 of its own"
        else:
            reason = f"{model.companion_blocker_at(p)!r}, moving along, would end in another creature's space"
        raise IllegalMoveError(
            f"{verb} {creature!r}: can't stop at {tuple(p)}: {reason}", rule=("DS-MOVE-04", "R-SIZE-1")
        )
    return MovePlan(model, points, steps, tuple(costs))


def path_cost(
    state: Encounter,
    creature: str,
    path: Iterable[Iterable[int]],
    *,
    mode: Mode = "advance",
    squeeze: bool = False,
) -> int:
    """Movement a path costs, surcharges included, or IllegalMoveError for a step it can't take (R-MOVE-1)."""
    plan = plan_move(
        state, creature, path, mode=mode, budget=MAX_BUDGET, squeeze=squeeze, ignore_speed=True, verb="path"
    )
    return sum(plan.costs)


@attrs.frozen
class Move(Action):
    """Move a creature willingly along ``path`` (the positions entered, in order, R-MOVE-1).

    ``mode`` is how it moves (``"advance"``, ``"shift"``, ``"climb"``, ``"swim"``, ``"fly"``,
    ``"burrow"``...). ``budget`` is the distance the effect offers (None: its current speed);
    the move gets min(budget, current speed) movement points unless ``ignore_speed``
    (DS-MOVE-07, R-MOVE-2). Leaving an adjacent enemy without shifting reports
    :class:`~brawl.events.movement.OpportunityAttackProvoked` at that step (R-MOVE-3); with
    ``stop_at_provocation`` the move pauses before that step and the event holds the rest of
    the path: resolve the strike, then move again along that path, with ``budget`` = the
    movement left and ``resolved`` = the enemies that already had their chance.
    ``test_passed=False`` is a failed Might test for a hard climb or swim: the move stops before
    the first climbing or swimming step and wastes no movement (DS-MTYPE-13). ``squeeze`` lets
    the move end in the space of a creature within 1 size (DS-MOVE-05). On the creature's own
    Draw Steel turn the move spends the turn's movement; ``granted`` (movement an effect gives)
    spends nothing (DS-TURN-02, R-TURN-8).
    """

    cost: ClassVar[str | None] = "movement"

    creature: str = attrs.field(validator=ident("R-MOVE-1"))
    path: tuple[Pos, ...] = attrs.field(converter=as_path)
    mode: str = attrs.field(default="advance", validator=mode_field)
    budget: int | None = attrs.field(default=None, validator=budget_field)
    squeeze: bool = attrs.field(default=False, validator=flag("DS-MOVE-05"))
    ignore_speed: bool = attrs.field(default=False, validator=flag("DS-MOVE-05"))
    willing: bool = attrs.field(default=True, validator=flag("R-MOVE-3"))
    stop_at_provocation: bool = attrs.field(default=False, validator=flag("R-MOVE-3"))
    resolved: tuple[str, ...] = attrs.field(default=(), converter=_resolved)
    test_passed: bool | None = attrs.field(default=None, validator=flag("DS-MTYPE-13", optional=True))
    granted: bool = attrs.field(default=False, validator=flag("DS-TURN-01"))
    """Movement an effect grants: it spends nothing of the mover's turn (R-TURN-8)."""

    def verify(self, state: Encounter) -> None:
        """Raise :class:`IllegalMoveError` if the move is illegal (R-MOVE-1, DS-MOVE-07).

        Only the path is checked, and the turn system's own rule for walking away (I-DIS-01):
        nothing is resolved.
        """
        verify_searched(state, self, None)

    def resolve(self, state: Encounter) -> Outcome:
        """Make the move."""
        return _move(state, self)

    def movement_cost(self, state: Encounter) -> int:
        """The movement the path costs, surcharges included (R-MOVE-1)."""
        return path_cost(state, self.creature, self.path, mode=cast(Mode, self.mode), squeeze=self.squeeze)


def _plan_request(state: Encounter, request: Move, searched: tuple[int, ...] | None = None) -> MovePlan:
    return plan_move(
        state,
        request.creature,
        request.path,
        mode=request.mode,
        budget=request.budget,
        squeeze=request.squeeze,
        ignore_speed=request.ignore_speed,
        verb=request.mode,
        searched=searched,
    )


def verify_searched(state: Encounter, request: Move, searched: tuple[int, ...] | None) -> None:
    """:meth:`Move.verify`; ``searched``: the step costs of the request's path as a reachable
    squares search of the same move (mode, budget, squeeze) found them, whose steps are then not
    checked a second time (:func:`plan_move`), or None."""
    plan = _plan_request(state, request, searched)
    if request.willing and state.turn is not None:
        state.turn.verify_walk(state, request.creature, plan.path, shifting=request.mode in SHIFT_MODES)


def move_searched(
    state: Encounter,
    creature: str,
    path: tuple[Pos, ...],
    costs: tuple[int, ...],
    *,
    budget: int | None,
    clear: bool = True,
) -> Outcome:
    """A :class:`Move` with its defaults along a path a search found, with its step costs
    (:meth:`~brawl.reach.Reachable.route_to` of :func:`~brawl.rules.reachable.reachable` in the
    same mode and budget): the steps are not checked again (:func:`plan_move`), nor the path's
    positions and the budget, the search's own. ``clear`` False: :func:`walk_clear` was asked
    of the same walk and gave None, so it is not asked again."""
    model = searched_model(state, creature, "advance", False)
    points = None
    if model is None:
        found = companions(state, creature)
    else:
        # the search's own step rules, of a mover that carries and drags no one: its companions are
        # none; grabbing no one and with no condition, its speed is its own (RB1-GRABBED, RB1-SLOWED)
        found = _NO_COMPANIONS
        if not model.creature.conditions:
            points = speed_points(model.creature.speed, budget, "advance", False)
            done = _clear(state, model, path, costs, points, None) if clear else None
            if done is not None:
                return Outcome(done[0], (done[1],))
    plan = _plan(
        state, creature, path, "advance", budget, False, False, "advance", costs, found, model, points
    )
    return walk(
        state,
        creature,
        plan,
        willing=True,
        stop_at_provocation=False,
        resolved=frozenset(),
        test_passed=None,
        label="advance",
        rules=(),
        found=found,
    )


def walk_clear(
    state: Encounter,
    creature: str,
    path: tuple[Pos, ...],
    costs: tuple[int, ...],
    *,
    budget: int | None,
    beside: bool | None = None,
) -> tuple[Encounter, Moved] | None:
    """What :func:`move_searched` gives, as the encounter after and the one :class:`Moved`, when
    nothing happens on the way: a mover of the last search that carries and drags no one, with no
    condition, rides nothing and is not squeezed, walks on a map with no damaging terrain past no
    enemy and ends held up. None for any other walk: :func:`move_searched` takes it. ``beside``:
    whether a living enemy is within 1 of a square the path leaves, as the search on ``state``
    that found it tells (:meth:`~brawl.reach.Reachable.marked_route`), or None: looked for here."""
    model = searched_model(state, creature, "advance", False)
    if model is None or model.creature.conditions:
        return None
    # grabbing no one (searched_model) and with no condition: its speed is its own (RB1-GRABBED, RB1-SLOWED)
    points = speed_points(model.creature.speed, budget, "advance", False)
    return _clear(state, model, path, costs, points, beside)


def _clear(
    state: Encounter,
    model: MoveModel,
    path: tuple[Pos, ...],
    costs: tuple[int, ...],
    points: int,
    beside: bool | None,
) -> tuple[Encounter, Moved] | None:
    """:func:`walk_clear` of the search's step rules ``model`` (a mover alone, no condition) with
    its ``points``: :func:`_plan` then :func:`walk` of a searched path whose every step is taken
    as planned, each check they make asked in the same order. None: the long way."""
    c = model.creature
    if not path or c.riding is not None or c.squeezed or len(costs) != len(path):
        return None
    spent = sum(costs)
    if not 0 < spent <= points:  # _plan takes the searched costs as they are only within the points
        return None
    start = c.pos
    end = path[-1]
    turn = state.turn
    if type(end) is not Pos or end == start or (turn is not None and not turn.provokes_opportunity_attacks):
        return None
    if _damaging(state.terrain):
        return None  # DS-MOVE-13: each step looked at
    creature = c.id
    # no enemy near the squares it leaves: no step provokes (DS-STRIKE-03, R-MOVE-3)
    near = beside
    if near is None:
        near = _enemies_near(state, c, (start, *path[:-1]), frozenset((creature,))) != []
    if near:
        return None
    if turn is not None:
        turn.verify_walk(state, creature, path, shifting=False)  # its own rules (I-DIS-01)
    # try_place's final placement of a mover alone, riding nothing, not squeezed and not squeezing
    enc = place_alone(state, c, end)
    n = c.n
    if not enc.terrain.supports(end, n) and not model.held(end):
        return None  # it falls (DS-MOVE-14): the long way
    moved = make_moved(
        creature=creature,
        mode="advance",
        start=start,
        end=end,
        path=path,
        step_costs=costs,
        budget=points,
        spent=spent,
        movement_left=points - spent,
        carried=(),
        stopped="",
        remaining=(),
        rules=_move_rules(model, False),
    )
    return enc, moved


def _damaging(terrain: Terrain) -> bool:
    """Whether the map holds damaging terrain (DS-MOVE-13); kept for the last map asked."""
    last = _LAST_DAMAGING[0]
    if last is not None and last[0] is terrain:
        return last[1]
    found = any(kind.damaging for kind in terrain.cell_kinds())
    _LAST_DAMAGING[0] = (terrain, found)  # the map is kept: its id is not reused while it is here
    return found


_LAST_DAMAGING: list[tuple[Terrain, bool] | None] = [None]
"""The last map :func:`_damaging` was asked about, with its answer (a map never changes)."""


def _move(state: Encounter, request: Move, searched: tuple[int, ...] | None = None) -> Outcome:
    return walk(
        state,
        request.creature,
        _plan_request(state, request, searched),
        willing=request.willing,
        stop_at_provocation=request.stop_at_provocation,
        resolved=frozenset(request.resolved),
        test_passed=request.test_passed,
        label=request.mode,
        rules=(),
    )


def walk(
    state: Encounter,
    creature: str,
    plan: MovePlan,
    *,
    willing: bool,
    stop_at_provocation: bool,
    resolved: frozenset[str],
    test_passed: bool | None,
    label: str,
    rules: tuple[str, ...],
    found: tuple[tuple[str, ...], list[Creature]] | None = None,
) -> Outcome:
    """Walk a checked plan: opportunity attacks, damaging terrain, the mover placed at the end with
    what it carries, a fall if nothing holds it up. ``found``: the mover's
    :func:`~brawl.rules.reachable.companions` in ``state``, when the caller has them."""
    model = plan.model
    c = model.creature
    start = c.pos
    riders, grabbed = companions(state, creature) if found is None else found
    carried = (*riders, *(g.id for g in grabbed)) if grabbed else riders
    moving = frozenset({creature, *carried})
    shifting = model.mode in SHIFT_MODES
    turn = state.turn
    provokes = willing and not shifting and (turn is None or turn.provokes_opportunity_attacks)
    if willing and turn is not None:
        turn.verify_walk(state, creature, plan.path, shifting=shifting)  # its own rules (I-DIS-01)
    events: list[Event] = []
    enc = state
    p = start
    entered: list[Pos] = []
    spent_costs: list[int] = []
    stopped = ""
    remaining: tuple[Pos, ...] = ()
    left = plan.points
    n = c.n
    # damaging terrain is looked for on a map that has some (DS-MOVE-13)
    damaging = _damaging(state.terrain)
    # the enemies near the squares the mover leaves (its start and the path but its end), once:
    # no other creature moves during the walk
    near = _enemies_near(state, c, (start, *plan.path[:-1]), moving) if provokes and plan.path else []
    steps = plan.path
    if steps and not damaging and test_passed is not False and near == []:
        # no enemy near the path to provoke, no damaging terrain, no failed test: no step has
        # anything to report or to stop the walk, so each is taken as planned
        entered = list(steps)
        spent_costs = list(plan.costs)
        left -= sum(spent_costs)
        p = steps[-1]
        steps = ()
    for i, q in enumerate(steps):
        if test_passed is False and model.climbing_or_swimming(p, q):
            stopped = "failed the Might test to climb or swim: no movement wasted"
            remaining = plan.path[i:]
            break
        if provokes:
            if near is None:
                attackers = opportunity_attackers(enc, enc.creatures[creature], p, q, moving)
            else:
                attackers = _leaving(near, n, p, q) if near else []
            provoked: list[str] = []
            for e in attackers:
                if i == 0 and e in resolved:
                    continue
                why = why_no_opportunity_attack(enc, e, creature, p)
                if why is None:
                    provoked.append(e)
                else:
                    events.append(
                        OpportunityAttackForgone(
                            creature=creature, enemy=e, reason=why, rules=("DS-STRIKE-04", "DS-STRIKE-03")
                        )
                    )
            can_pause = stop_at_provocation and (i == 0 or model.can_end(p))
            for e in provoked:
                events.append(
                    OpportunityAttackProvoked(
                        creature=creature,
                        enemy=e,
                        at=p,
                        to=q,
                        remaining=plan.path[i:] if can_pause else (),
                        movement_left=left if can_pause else 0,
                        stopped=can_pause,
                        rules=("DS-STRIKE-03", "R-MOVE-3"),
                    )
                )
            if provoked and can_pause:
                stopped = "opportunity attack: " + ", ".join(provoked)
                remaining = plan.path[i:]
                break
        cost = plan.costs[i]
        left -= cost
        spent_costs.append(cost)
        entered.append(q)
        # damaging terrain among the newly entered cells (DS-MOVE-13)
        hurt = terrain_damage(enc, model, p, q) if damaging else None
        if hurt is not None:
            enc = try_place(enc, creature, start, q, carried)
            amount, kind = hurt
            out = deal_damage(enc, creature, amount, kind, source="damaging terrain", rules=("DS-MOVE-13",))
            enc = out.state
            events.extend(out.events)
            if enc.creature(creature).dead:
                p = q
                stopped = "the mover died"
                remaining = plan.path[i + 1 :]
                break
        p = q
    if stopped and not stopped.startswith("opportunity") and not enc.creature(creature).dead:
        # a move cut short stops on the last square it may end on (DS-MOVE-04, R-GEO-5)
        back = len(entered)
        while back and not model.can_end(entered[back - 1]):
            back -= 1
        if back < len(entered):
            left += sum(spent_costs[back:])
            remaining = (*entered[back:], *remaining)
            del entered[back:], spent_costs[back:]
            p = entered[-1] if entered else start
    # commit the end position: riders and dragged creatures keep their offset (DS-MOUNT-03, RB1-GRABBED)
    try:
        enc = try_place(enc, creature, start, p, carried, final=True, squeeze=model.squeeze)
    except IllegalMoveError:
        if not enc.creature(creature).dead:
            raise
        # its body lies where it died; what it carried stays where it last stood (RB1-GRABBED)
        enc = try_place(enc, creature, start, p, (), final=True, squeeze=model.squeeze)
        carried = ()
    moved = make_moved(
        creature=creature,
        mode=label,
        start=start,
        end=p,
        path=tuple(entered),
        step_costs=tuple(spent_costs),
        budget=plan.points,
        spent=sum(spent_costs),
        movement_left=left,
        carried=carried,
        stopped=stopped,
        remaining=remaining,
        rules=(*rules, *_move_rules(model, shifting)),
    )
    events.append(moved)
    out = Outcome(enc, tuple(events))
    # held up where solid ground supports it, without asking the model
    if (
        p != start
        and not enc.creature(creature).dead
        and not enc.terrain.supports(p, n)
        and not model.held(p)
    ):
        out = fall_if_unsupported(out, creature)
    return out


def _move_rules(model: MoveModel, shifting: bool) -> tuple[str, ...]:
    key = (model.mode, shifting, model.prone)
    found = _MOVE_RULES.get(key)
    if found is None:
        rules = ["DS-GRID-03", "DS-MOVE-07", "R-MOVE-1", "R-MOVE-2"]
        if shifting:
            rules += ["DS-MOVE-09", "DS-MOVE-10"]
        if model.prone:
            rules.append("DS-MTYPE-22")
        mode_rule = _MODE_RULES.get(model.mode)
        if mode_rule:
            rules.append(mode_rule)
        found = _MOVE_RULES[key] = tuple(rules)
    return found


_MODE_RULES = {
    "climb": "DS-MTYPE-11",
    "swim": "DS-MTYPE-11",
    "fly": "DS-MTYPE-24",
    "burrow": "DS-MTYPE-02",
    "advance": "DS-ACT-01",
    "disengage": "DS-ACT-02",
}
_MOVE_RULES: dict[tuple[str, bool, bool], tuple[str, ...]] = {}
"""The rules a move cites, by its mode, shifting or not and prone or not (:func:`_move_rules`)."""


# --------------------------------------------------------------------------------------------
# the move actions


@attrs.frozen
class Shift(Action):
    """Shift up to ``squares`` along ``path``: no opportunity attacks (DS-MOVE-09, DS-MOVE-10).

    ``squares`` None is its speed. ``as_move`` uses the allowance to move instead, the same
    number of squares (DS-MOVE-11), for instance to leave difficult terrain; that movement
    provokes as usual. On the creature's
    own Draw Steel turn the shift spends the turn's movement unless ``granted`` (DS-TURN-02).
    """

    cost: ClassVar[str | None] = "movement"

    creature: str = attrs.field(validator=ident("DS-MOVE-09"))
    path: tuple[Pos, ...] = attrs.field(converter=as_path)
    squares: int | None = attrs.field(default=None, validator=budget_field)
    as_move: bool = attrs.field(default=False, validator=flag("DS-MOVE-11"))
    ignore_speed: bool = attrs.field(default=False, validator=flag("DS-MOVE-05"))
    stop_at_provocation: bool = attrs.field(default=False, validator=flag("R-MOVE-3"))
    granted: bool = attrs.field(default=False, validator=flag("DS-TURN-01"))
    """Movement an effect grants: it spends nothing of the mover's turn (R-TURN-8)."""

    def move_request(self) -> Move:
        """The :class:`Move` this shift makes."""
        return Move(
            self.creature,
            self.path,
            mode="advance" if self.as_move else "shift",
            budget=self.squares,
            ignore_speed=self.ignore_speed,
            stop_at_provocation=self.stop_at_provocation,
        )

    def verify(self, state: Encounter) -> None:
        """Raise unless the shift is allowed now (the checks of its :meth:`move_request`)."""
        self.move_request().verify(state)

    def resolve(self, state: Encounter) -> Outcome:
        """Shift."""
        return _move(state, self.move_request())

    def movement_cost(self, state: Encounter) -> int:
        """The movement the shift's path costs (R-MOVE-1)."""
        return self.move_request().movement_cost(state)


@attrs.frozen
class Disengage(Action):
    """The Disengage move action: shift 1 square along ``path`` (DS-ACT-02).

    ``squares`` is the distance where a feature allows more; ``as_move`` moves that far instead
    (DS-MOVE-11).
    """

    cost: ClassVar[str | None] = "move"

    creature: str = attrs.field(validator=ident("DS-ACT-02"))
    path: tuple[Pos, ...] = attrs.field(converter=as_path)
    squares: int = attrs.field(default=DISENGAGE_SQUARES, validator=budget_field)
    as_move: bool = attrs.field(default=False, validator=flag("DS-MOVE-11"))
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-02"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def move_request(self) -> Move:
        """The :class:`Move` this Disengage makes."""
        mode = "advance" if self.as_move else "disengage"
        return Move(self.creature, self.path, mode=mode, budget=self.squares)

    def verify(self, state: Encounter) -> None:
        """Raise unless the Disengage is allowed now (the checks of its :meth:`move_request`)."""
        self.move_request().verify(state)

    def resolve(self, state: Encounter) -> Outcome:
        """Disengage."""
        return _move(state, self.move_request())


__all__ = [
    "FREE_STRIKE_KEYWORDS",
    "WALK_MODES",
    "Disengage",
    "Move",
    "MovePlan",
    "Shift",
    "move_searched",
    "opportunity_attackers",
    "path_cost",
    "plan_move",
    "verify_searched",
    "walk",
    "walk_clear",
    "why_no_opportunity_attack",
]
