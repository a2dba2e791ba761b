"""Willing movement: move, Advance, shift, Disengage, Ride, jump, crawl, stand up, dig, Claw Dirt.

Every step follows :class:`brawl.search.MoveModel` (R-MOVE-1, R-GEO-4, R-GEO-5); a move gets
min(distance offered, current speed) movement points (R-MOVE-2, DS-MOVE-07). Leaving an adjacent
enemy without shifting reports an opportunity attack at that step (DS-STRIKE-03, R-MOVE-3);
entering damaging terrain deals its damage (DS-MOVE-13); stepping off a ledge ends the move with
a fall (DS-FALL-01). Which move action is spent belongs to the turn systems: these functions take
the movement granted as input.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from brawl.conditions import ConditionName, Duration
from brawl.creature import Creature, MovementType
from brawl.dice import tier_of
from brawl.errors import (
    ActionUnavailableError,
    IllegalMoveError,
    InvalidArgumentError,
    RulesError,
    StateError,
)
from brawl.events.base import Event
from brawl.events.movement import (
    ClimbedCreature,
    DroppedProne,
    Dug,
    FreeStrikeAllowed,
    Jumped,
    Moved,
    OpportunityAttackForgone,
    OpportunityAttackProvoked,
    PowerRollResolved,
    RideUsed,
    StoodUp,
)
from brawl.geometry import Pos, as_pos, cell_distance, cube, distance
from brawl.outcome import Outcome
from brawl.rules.burrowing import beneath_the_ground
from brawl.rules.conditions import (
    add_condition,
    can_shift,
    can_stand_up,
    can_take_free_maneuvers,
    can_take_maneuvers,
    can_take_triggered_actions,
    grabbing,
    remove_condition,
)
from brawl.rules.damage import damage
from brawl.rules.edges import edges_and_banes
from brawl.rules.falling import fall, should_fall
from brawl.rules.reachable import companions, current_speed, movement_model, movement_points
from brawl.rules.stealth import can_target
from brawl.rules.steps import (
    DISENGAGE_SQUARES,
    MAX_BUDGET,
    SHIFT_MODES,
    STOP_SIZE_GAP,
    WALK_MODES,
    Mode,
    MoveModel,
    Refusal,
    check_budget,
)
from brawl.state import Encounter
from brawl.terrain import Cell, Material

JUMP_MIN_LENGTH = 1  # DS-MTYPE-18: long jump up to Might or Agility, minimum 1 square
JUMP_HEIGHT = 1  # DS-MTYPE-18: the jump height is 1 square
JUMP_TEST_BONUS = {1: 0, 2: 1, 3: 2}  # DS-MTYPE-19: tier 1 +0, tier 2 +1, tier 3 +2 longer and higher
CLAW_DIRT_MIN_SPEED = 2  # DS-MTYPE-10: speed 2 or more
OPPORTUNITY_REACH = 1  # DS-STRIKE-03: an adjacent enemy; leaving means ending farther than 1
FREE_STRIKE_KEYWORDS = frozenset({"melee", "strike", "weapon"})  # DS-STRIKE-06: melee weapon free strike


def power_roll_tier(roll: object, *, rule: str) -> int:
    """Tier 1 (≤11), 2 (12-16) or 3 (17+) of a caller-supplied power roll total (DS-TURN-13)."""
    if isinstance(roll, bool) or not isinstance(roll, int) or not -100 <= roll <= 100:
        raise InvalidArgumentError(f"power roll {roll!r}: a whole number total of 2d10 + bonuses", rule=rule)
    return tier_of(roll)


def _fail(what: str, refusal: Refusal) -> IllegalMoveError:
    return IllegalMoveError(f"{what}: {refusal.reason}", rule=refusal.rules)


def _path(value: object) -> tuple[Pos, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidArgumentError(f"path {value!r}: a sequence of positions", rule="R-GEO-1")
    try:
        items = list(value)
    except TypeError:  # pragma: no cover - an iterable that fails while iterating
        raise InvalidArgumentError(f"path {value!r}: a sequence of positions", rule="R-GEO-1") from None
    if len(items) > 100_000:
        raise InvalidArgumentError(f"path of {len(items)} steps: at most 100,000", rule="DS-MOVE-07")
    return tuple(as_pos(p, what="path position") for p in items)


# --------------------------------------------------------------------------------------------
# opportunity attacks


def opportunity_attackers(
    state: Encounter, mover: Creature, p: Pos, q: Pos, ignore: frozenset[str]
) -> list[str]:
    """Enemies within reach of the mover at ``p`` that are farther than 1 from it at ``q`` (DS-STRIKE-03)."""
    n = mover.n
    out: list[str] = []
    for cid in sorted(state.creatures_in(p - (1, 1, 1), n + 2, exclude=ignore)):
        e = state.creatures[cid]
        if e.side == mover.side or e.dead:
            continue
        if distance(p, n, e.pos, e.n) <= OPPORTUNITY_REACH < distance(q, n, e.pos, e.n):
            out.append(cid)
    return out


def why_no_opportunity_attack(state: Encounter, enemy: str, mover: str) -> str | None:
    """Why ``enemy`` can't make an opportunity attack against ``mover``, or None (DS-STRIKE-04)."""
    if not can_take_triggered_actions(state, enemy):
        return f"{enemy} can't take triggered actions"
    if not can_target(state, enemy, mover):
        return f"{mover} is hidden from {enemy}"  # DS-COND-14: no strike against it
    found = edges_and_banes(state, enemy, mover, FREE_STRIKE_KEYWORDS, kind="ability")
    if found.net < 0:
        return f"{enemy} has a {found.verdict} on the free strike against {mover}"
    return None


# --------------------------------------------------------------------------------------------
# the move


@attrs.frozen
class _Plan:
    """A checked path: the step costs and where the walk must stop."""

    model: MoveModel
    points: int
    path: tuple[Pos, ...]
    costs: tuple[int, ...]


def _plan(
    state: Encounter,
    creature: str,
    path: Iterable[Iterable[int]],
    *,
    mode: str,
    budget: int | None,
    squeeze: bool,
    ignore_speed: bool,
    verb: str,
) -> _Plan:
    steps = _path(path)
    if not isinstance(squeeze, bool) or not isinstance(ignore_speed, bool):
        raise InvalidArgumentError("squeeze and ignore_speed: True or False", rule="DS-MOVE-05")
    model = movement_model(state, creature, mode, squeeze=squeeze)
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
    return _Plan(model, points, steps, tuple(costs))


def path_cost(
    state: Encounter,
    creature: str,
    path: Iterable[Iterable[int]],
    *,
    mode: Mode = "advance",
    squeeze: bool = False,
) -> int:
    """Movement a path costs, surcharges included, or IllegalMoveError for a step it can't take (R-MOVE-1)."""
    plan = _plan(
        state, creature, path, mode=mode, budget=MAX_BUDGET, squeeze=squeeze, ignore_speed=True, verb="path"
    )
    return sum(plan.costs)


def verify_move(
    state: Encounter,
    creature: str,
    path: Iterable[Iterable[int]],
    *,
    mode: Mode = "advance",
    budget: int | None = None,
    squeeze: bool = False,
    ignore_speed: bool = False,
) -> int:
    """Raise :class:`IllegalMoveError` if the move is illegal; return its cost (R-MOVE-1, DS-MOVE-07)."""
    plan = _plan(
        state,
        creature,
        path,
        mode=mode,
        budget=budget,
        squeeze=squeeze,
        ignore_speed=ignore_speed,
        verb=mode,
    )
    return sum(plan.costs)


def can_move(
    state: Encounter,
    creature: str,
    path: Iterable[Iterable[int]],
    *,
    mode: Mode = "advance",
    budget: int | None = None,
    squeeze: bool = False,
    ignore_speed: bool = False,
) -> bool:
    """Whether the move is legal (see :func:`verify_move`)."""
    try:
        verify_move(
            state, creature, path, mode=mode, budget=budget, squeeze=squeeze, ignore_speed=ignore_speed
        )
    except RulesError:
        return False
    return True


def _place(state: Encounter, movers: Sequence[tuple[str, Pos]], **extra: Any) -> Encounter:
    """Put several creatures at new positions; the first also gets ``extra`` fields.

    A group moved by one shift is placed front first (the creature farthest along the shift),
    so that no one lands on a space a member of the group has not left yet.
    """
    first = movers[0][0]
    last_error: StateError | None = None
    start = state.creature(first).pos
    delta = movers[0][1] - start

    def ahead(item: tuple[str, Pos]) -> int:
        p = state.creature(item[0]).pos
        return -(p.x * delta.x + p.y * delta.y + p.z * delta.z)

    front = tuple(sorted(movers, key=ahead))
    for order in (front, tuple(reversed(front)), tuple(movers)):
        try:
            enc = state
            for cid, pos in order:
                c = enc.creature(cid)
                if cid == first and extra:
                    enc = enc.with_creature(attrs.evolve(c, pos=pos, **extra))
                else:
                    enc = enc.with_creature(attrs.evolve(c, pos=pos))
            return enc
        except StateError as exc:
            last_error = exc
    assert last_error is not None
    raise last_error


def move(
    state: Encounter,
    creature: str,
    path: Iterable[Iterable[int]],
    *,
    mode: Mode = "advance",
    budget: int | None = None,
    squeeze: bool = False,
    ignore_speed: bool = False,
    willing: bool = True,
    stop_at_provocation: bool = False,
    resolved: Iterable[str] = (),
    test_passed: bool | None = None,
) -> Outcome:
    """Move a creature willingly along ``path`` (the positions entered, in order).

    ``budget`` is the distance the effect offers (None: its current speed); the move gets
    min(budget, current speed) movement points unless ``ignore_speed`` (DS-MOVE-07, R-MOVE-2).
    Leaving an adjacent enemy without shifting reports :class:`OpportunityAttackProvoked` at that
    step (R-MOVE-3); with ``stop_at_provocation`` the move pauses before that step and the event
    holds the rest of the path: resolve the strike, then call ``move`` again with that path,
    ``budget`` = the movement left and ``resolved`` = the enemies that already had their chance.
    ``test_passed=False`` is a failed Might test for a hard climb or swim: the move stops before
    the first climbing or swimming step and wastes no movement (DS-MTYPE-13). ``squeeze`` lets
    the move end in the space of a creature within 1 size (DS-MOVE-05).
    """
    if not isinstance(stop_at_provocation, bool) or not isinstance(willing, bool):
        raise InvalidArgumentError("stop_at_provocation and willing: True or False", rule="R-MOVE-3")
    if test_passed is not None and not isinstance(test_passed, bool):
        raise InvalidArgumentError(f"test_passed {test_passed!r}: True, False or None", rule="DS-MTYPE-13")
    if isinstance(resolved, str) or not isinstance(resolved, Iterable):
        raise InvalidArgumentError(f"resolved {resolved!r}: a list of creature ids", rule="R-MOVE-3")
    already = frozenset(str(r) for r in resolved)
    plan = _plan(
        state,
        creature,
        path,
        mode=mode,
        budget=budget,
        squeeze=squeeze,
        ignore_speed=ignore_speed,
        verb=mode,
    )
    return _walk(
        state,
        creature,
        plan,
        willing=willing,
        stop_at_provocation=stop_at_provocation,
        resolved=already,
        test_passed=test_passed,
        label=mode,
        rules=(),
    )


def _walk(
    state: Encounter,
    creature: str,
    plan: _Plan,
    *,
    willing: bool,
    stop_at_provocation: bool,
    resolved: frozenset[str],
    test_passed: bool | None,
    label: str,
    rules: tuple[str, ...],
) -> Outcome:
    model = plan.model
    c = model.creature
    start = c.pos
    riders, grabbed = companions(state, creature)
    carried = (*riders, *(g.id for g in grabbed))
    moving = frozenset({creature, *carried})
    shifting = model.mode in SHIFT_MODES
    provokes = willing and not shifting
    events: list[Event] = []
    enc = state
    p = start
    entered: list[Pos] = []
    spent_costs: list[int] = []
    stopped = ""
    remaining: tuple[Pos, ...] = ()
    left = plan.points
    for i, q in enumerate(plan.path):
        if test_passed is False and model.climbing_or_swimming(p, q):
            stopped = "failed the Might test to climb or swim: no movement wasted"
            remaining = plan.path[i:]
            break
        if provokes:
            attackers = opportunity_attackers(enc, enc.creature(creature), p, q, moving)
            provoked: list[str] = []
            for e in attackers:
                if i == 0 and e in resolved:
                    continue
                why = why_no_opportunity_attack(enc, e, creature)
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
        hurt = _terrain_damage(enc, model, p, q)
        if hurt is not None:
            enc = _try_place(enc, creature, start, q, carried)
            amount, kind = hurt
            out = damage(enc, creature, amount, kind, source="damaging terrain", rules=("DS-MOVE-13",))
            enc = out.state
            events.extend(out.events)
            if enc.creature(creature).dead:
                p = q
                stopped = "the mover died"
                remaining = plan.path[i + 1 :]
                break
        p = q
    # commit the end position: riders and dragged creatures keep their offset (DS-MOUNT-03, RB1-GRABBED)
    enc = _try_place(enc, creature, start, p, carried, final=True, squeeze=model.squeeze)
    moved = Moved(
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
    if p != start and not enc.creature(creature).dead and not model.held(p):
        out = _fall_if_unsupported(out, creature)
    return out


def _move_rules(model: MoveModel, shifting: bool) -> tuple[str, ...]:
    rules = ["DS-GRID-03", "DS-MOVE-07", "R-MOVE-1", "R-MOVE-2"]
    if shifting:
        rules += ["DS-MOVE-09", "DS-MOVE-10"]
    if model.prone:
        rules.append("DS-MTYPE-22")
    mode_rule = {
        "climb": "DS-MTYPE-11",
        "swim": "DS-MTYPE-11",
        "fly": "DS-MTYPE-24",
        "burrow": "DS-MTYPE-02",
        "advance": "DS-ACT-01",
        "disengage": "DS-ACT-02",
    }.get(model.mode)
    if mode_rule:
        rules.append(mode_rule)
    return tuple(rules)


def _try_place(
    state: Encounter,
    creature: str,
    start: Pos,
    pos: Pos,
    carried: Sequence[str],
    *,
    final: bool = False,
    squeeze: bool = False,
) -> Encounter:
    """Put the mover (and what it carries) at ``pos``; mid-move, a shared space keeps the old state."""
    c = state.creature(creature)
    delta = pos - c.pos
    extra: dict[str, Any] = {}
    if final:
        if c.riding is not None:
            mount = state.creatures.get(c.riding)
            if mount is None or not all(
                distance(cell, 1, mount.pos, mount.n) == 0 for cell in cube(pos, c.n)
            ):
                extra["riding"] = None  # stepped off its mount
        sharing = state.creatures_in(pos, c.n, exclude=(creature, *carried)) if squeeze else ()
        extra["squeezed"] = any(state.creatures[o].size.ranks_apart(c.size) < STOP_SIZE_GAP for o in sharing)
    if delta == (0, 0, 0) and not extra:
        return state
    movers = [(creature, pos), *((cid, state.creature(cid).pos + delta) for cid in carried)]
    try:
        return _place(state, movers, **extra)
    except StateError as exc:
        if not final:
            return state
        raise IllegalMoveError(
            f"move {creature!r} to {tuple(pos)}: {exc}", rule=("DS-MOVE-04", "R-GEO-5")
        ) from None


def _terrain_damage(state: Encounter, model: MoveModel, p: Pos, q: Pos) -> tuple[int, str | None] | None:
    best: tuple[int, str | None] | None = None
    terrain = state.terrain
    if not terrain.is_damaging(q, model.n):
        return None
    old = set(cube(p, model.n))
    for cell_pos in cube(q, model.n):
        if cell_pos in old:
            continue
        cell = terrain.cell(cell_pos)
        if cell.damaging and (best is None or cell.damaging > best[0]):
            best = (cell.damaging, cell.damage_type.value if cell.damage_type else None)
    return best


def _fall_if_unsupported(out: Outcome, creature: str) -> Outcome:
    if should_fall(out.state, creature):
        return out.then(fall, creature, rules=("DS-MOVE-14",))
    return out


# --------------------------------------------------------------------------------------------
# the move actions


def advance(state: Encounter, creature: str, path: Iterable[Iterable[int]], **kwargs: object) -> Outcome:
    """The Advance move action: move up to its speed (DS-ACT-01); a prone creature crawls (DS-MTYPE-22)."""
    return move(state, creature, path, mode="advance", **kwargs)  # type: ignore[arg-type]


def shift(
    state: Encounter,
    creature: str,
    path: Iterable[Iterable[int]],
    *,
    squares: int | None = None,
    as_move: bool = False,
    ignore_speed: bool = False,
    stop_at_provocation: bool = False,
) -> Outcome:
    """Shift up to ``squares`` (None: its speed): no opportunity attacks (DS-MOVE-09, DS-MOVE-10).

    ``as_move`` uses the allowance to move instead, the same number of squares (DS-MOVE-11),
    for instance to leave difficult terrain; that movement provokes as usual.
    """
    if not isinstance(as_move, bool):
        raise InvalidArgumentError(f"as_move {as_move!r}: True or False", rule="DS-MOVE-11")
    if squares is not None:
        check_budget(squares, what="shift squares")
    return move(
        state,
        creature,
        path,
        mode="advance" if as_move else "shift",
        budget=squares,
        ignore_speed=ignore_speed,
        stop_at_provocation=stop_at_provocation,
    )


def disengage(
    state: Encounter,
    creature: str,
    path: Iterable[Iterable[int]],
    *,
    squares: int = DISENGAGE_SQUARES,
    as_move: bool = False,
) -> Outcome:
    """The Disengage move action: shift 1 square, or ``squares`` where a feature allows (DS-ACT-02)."""
    check_budget(squares, what="disengage squares")
    if not isinstance(as_move, bool):
        raise InvalidArgumentError(f"as_move {as_move!r}: True or False", rule="DS-MOVE-11")
    return move(state, creature, path, mode="advance" if as_move else "disengage", budget=squares)


def ride(
    state: Encounter,
    rider: str,
    path: Iterable[Iterable[int]],
    *,
    disengage: bool = False,
    budget: int | None = None,
    rider_has_ridden: bool = False,
    mount_has_been_ridden: bool = False,
    stop_at_provocation: bool = False,
) -> Outcome:
    """The Ride move action: the mount moves up to its speed carrying the rider (DS-MOUNT-03).

    ``disengage`` makes the mount use Disengage instead (it shifts 1). Ride is once per round
    for the rider and once per round for the mount (DS-MOUNT-04, R-MOUNT-2): until the turn
    systems keep that count, the caller says whether either has ridden this round. The mount
    moves willingly, so it provokes opportunity attacks; the carried rider does not.
    """
    r = state.creature(rider)
    if r.riding is None or r.riding not in state.creatures:
        raise ActionUnavailableError(f"ride: {rider!r} is not mounted", rule="DS-MOUNT-03")
    mount = r.riding
    if rider_has_ridden:
        raise ActionUnavailableError(
            f"ride: {rider!r} has already used Ride this round", rule=("DS-MOUNT-04",)
        )
    if mount_has_been_ridden:
        raise ActionUnavailableError(
            f"ride: {mount!r} has already been ridden this round", rule=("DS-MOUNT-04", "R-MOUNT-2")
        )
    mode = "disengage" if disengage else "advance"
    plan = _plan(
        state,
        mount,
        path,
        mode=mode,
        budget=(DISENGAGE_SQUARES if budget is None else budget) if disengage else budget,
        squeeze=False,
        ignore_speed=False,
        verb="ride",
    )
    out = _walk(
        state,
        mount,
        plan,
        willing=True,
        stop_at_provocation=stop_at_provocation,
        resolved=frozenset(),
        test_passed=None,
        label="ride",
        rules=("DS-MOUNT-03",),
    )
    used = RideUsed(
        rider=rider, mount=mount, round=state.round, rules=("DS-MOUNT-03", "DS-MOUNT-04", "R-MOUNT-2")
    )
    return Outcome(out.state, (used, *out.events))


# --------------------------------------------------------------------------------------------
# jumping


def jump(
    state: Encounter,
    creature: str,
    landing: Iterable[int],
    *,
    characteristic: str | None = None,
    tier: int | None = None,
    budget: int | None = None,
    ignore_speed: bool = False,
) -> Outcome:
    """A long jump as part of a move (DS-MTYPE-18..21, R-MOVE-6).

    Up to max(1, Might or Agility) squares (``characteristic``, default the higher), 1 high;
    ``tier`` of the optional test adds 1 or 2 to both (DS-MTYPE-19); never farther or higher
    than the effect's distance ``budget`` (DS-MTYPE-20). The jump spends movement like walking:
    1 per square, plus the landing square's surcharge only (R-MOVE-6); it crosses gaps and
    obstacles up to its height without falling. No jumping out of difficult or damaging terrain
    (DS-MTYPE-21), and a prone creature can't jump (RB1-PRONE).
    """
    c = state.creature(creature)
    land = as_pos(landing, what="landing")
    model = movement_model(state, creature, "advance")
    if model.prone:
        raise IllegalMoveError(f"jump {creature!r}: a prone creature can't jump", rule="RB1-PRONE")
    if characteristic is None:
        score = max(c.characteristics.might, c.characteristics.agility)
        chosen = "might" if c.characteristics.might >= c.characteristics.agility else "agility"
    elif characteristic in ("might", "agility"):
        score = c.characteristics.get(characteristic)
        chosen = characteristic
    else:
        raise InvalidArgumentError(
            f"jump characteristic {characteristic!r}: might or agility", rule="DS-MTYPE-18"
        )
    if tier is not None and (isinstance(tier, bool) or tier not in JUMP_TEST_BONUS):
        raise InvalidArgumentError(f"jump test tier {tier!r}: 1, 2 or 3", rule="DS-MTYPE-19")
    bonus = JUMP_TEST_BONUS[tier] if tier is not None else 0
    points = movement_points(state, creature, budget, ignore_speed=ignore_speed)
    max_length = min(max(JUMP_MIN_LENGTH, score) + bonus, points)
    max_height = min(JUMP_HEIGHT + bonus, points)
    start = c.pos
    what = f"jump {creature!r} to {tuple(land)}"
    terrain = state.terrain
    if terrain.is_difficult(start, c.n) or terrain.is_damaging(start, c.n):
        raise IllegalMoveError(
            f"{what}: it can't jump out of difficult or damaging terrain", rule="DS-MTYPE-21"
        )
    length = max(abs(land.x - start.x), abs(land.y - start.y))
    rise = land.z - start.z
    if land == start:
        raise IllegalMoveError(f"{what}: the landing is where it stands", rule="DS-MTYPE-18")
    if length > max_length:
        raise IllegalMoveError(
            f"{what}: {length} squares, longer than its {max_length}-square jump",
            rule=("DS-MTYPE-18", "DS-MTYPE-20"),
        )
    if rise > max_height:
        raise IllegalMoveError(
            f"{what}: {rise} squares up, higher than its {max_height}-square jump",
            rule=("DS-MTYPE-18", "DS-MTYPE-20"),
        )
    if not state.fits(land, c.n):
        raise IllegalMoveError(f"{what}: the landing is a wall, an object or off the map", rule="R-GEO-5")
    for mid in _jump_line(start, land):
        if not any(state.fits(Pos(mid.x, mid.y, z), c.n) for z in range(start.z, start.z + max_height + 1)):
            raise IllegalMoveError(
                f"{what}: {tuple(mid)} is blocked higher than the jump clears",
                rule=("DS-MTYPE-18", "R-MOVE-6"),
            )
    if not model.can_end(land):
        raise IllegalMoveError(
            f"{what}: it can't land in the space of {model.blocker_at(land)!r}",
            rule=("DS-MOVE-04", "R-SIZE-1"),
        )
    cost = cell_distance(start, land) + model.cost(start, land) - 1
    if cost > points:
        raise IllegalMoveError(
            f"{what}: costs {cost}, more than its {points} movement", rule=("DS-MOVE-07", "R-MOVE-6")
        )
    events: list[Event] = []
    riders, grabbed = companions(state, creature)
    carried = (*riders, *(g.id for g in grabbed))
    moving = frozenset({creature, *carried})
    for e in opportunity_attackers(state, c, start, land, moving):
        why = why_no_opportunity_attack(state, e, creature)
        if why is None:
            events.append(
                OpportunityAttackProvoked(
                    creature=creature, enemy=e, at=start, to=land, rules=("DS-STRIKE-03", "R-MOVE-3")
                )
            )
        else:
            events.append(
                OpportunityAttackForgone(creature=creature, enemy=e, reason=why, rules=("DS-STRIKE-04",))
            )
    enc = _try_place(state, creature, start, land, carried, final=True)
    rules = ["DS-MTYPE-18", "DS-MTYPE-20", "R-MOVE-6"]
    if tier is not None:
        rules.insert(1, "DS-MTYPE-19")
    events.append(
        Jumped(
            creature=creature,
            start=start,
            landing=land,
            length=length,
            max_length=max_length,
            max_height=max_height,
            characteristic=chosen,
            tier=tier,
            cost=cost,
            movement_left=points - cost,
            rules=tuple(rules),
        )
    )
    out = Outcome(enc, tuple(events))
    hurt = _terrain_damage(enc, model, start, land)
    if hurt is not None:
        out = out.then(damage, creature, hurt[0], hurt[1], source="damaging terrain", rules=("DS-MOVE-13",))
    if not out.state.creature(creature).dead and not model.held(land):
        out = _fall_if_unsupported(out, creature)
    return out


def _jump_line(a: Pos, b: Pos) -> list[Pos]:
    """The squares a straight jump from ``a`` to ``b`` passes over, ends excluded."""
    steps = max(abs(b.x - a.x), abs(b.y - a.y))
    out: list[Pos] = []
    for i in range(1, steps):
        t = i / steps
        p = Pos(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t), a.z)
        if p not in out and p[:2] != a[:2] and p[:2] != b[:2]:
            out.append(p)
    return out


# --------------------------------------------------------------------------------------------
# prone: crawling, dropping prone and standing up


def fall_prone(state: Encounter, creature: str) -> Outcome:
    """Drop prone on purpose, as a free maneuver, to crawl (DS-MTYPE-23); a flyer without hover falls."""
    c = state.creature(creature)
    if c.dead:
        raise ActionUnavailableError(f"fall prone {creature!r}: it is dead", rule="DS-STAM-09")
    if c.has(ConditionName.PRONE):
        raise ActionUnavailableError(f"fall prone {creature!r}: it is already prone", rule="DS-MTYPE-23")
    if not can_take_free_maneuvers(state, creature):
        raise ActionUnavailableError(
            f"fall prone {creature!r}: it can't take free maneuvers now", rule=("DS-MTYPE-23", "RB1-DAZED")
        )
    out = add_condition(state, creature, ConditionName.PRONE, voluntary=True)
    out = Outcome(out.state, (*out.events, DroppedProne(creature=creature, rules=("DS-MTYPE-23",))))
    return _fall_if_unsupported(out, creature)


def stand_up(state: Encounter, creature: str, *, helper: str | None = None, willing: bool = True) -> Outcome:
    """The Stand Up maneuver: end prone, on itself or on a willing adjacent prone creature (DS-ACT-15).

    Standing from voluntary prone is a free maneuver (DS-MTYPE-23); a restrained creature can't
    use Stand Up (RB1-RESTRAINED), nor one knocked prone by an effect that says it can't stand.
    """
    c = state.creature(creature)
    prone = c.conditions_named(ConditionName.PRONE)
    if not prone:
        raise ActionUnavailableError(f"stand up {creature!r}: it is not prone", rule="DS-ACT-15")
    if not all(p.can_stand for p in prone):
        raise ActionUnavailableError(
            f"stand up {creature!r}: the effect that knocked it prone says it can't stand", rule="RB1-PRONE"
        )
    if c.has(ConditionName.UNCONSCIOUS):
        raise ActionUnavailableError(
            f"stand up {creature!r}: an unconscious creature is prone and can't stand", rule="DS-COND-05"
        )
    if helper is None:
        if not can_stand_up(state, creature):
            raise ActionUnavailableError(
                f"stand up {creature!r}: a restrained creature can't use Stand Up", rule="RB1-RESTRAINED"
            )
        free = all(p.voluntary for p in prone)
    else:
        h = state.creature(helper)
        if helper == creature:
            raise InvalidArgumentError(
                f"stand up {creature!r}: the helper is the creature itself", rule="DS-ACT-15"
            )
        if h.dead or not can_take_maneuvers(state, helper):
            raise ActionUnavailableError(
                f"stand up {creature!r}: {helper!r} can't take a maneuver", rule="DS-ACT-15"
            )
        if distance(h.pos, h.n, c.pos, c.n) != 1:
            raise ActionUnavailableError(
                f"stand up {creature!r}: {helper!r} is not adjacent to it", rule="DS-ACT-15"
            )
        if not willing:
            raise ActionUnavailableError(
                f"stand up {creature!r}: it is not willing to be lifted by {helper!r}", rule="DS-ACT-15"
            )
        free = False
    out = remove_condition(state, creature, ConditionName.PRONE, reason="stood up", rules=("DS-ACT-15",))
    rules = ("DS-ACT-15", "DS-MTYPE-23") if free else ("DS-ACT-15",)
    return out.add(StoodUp(creature=creature, helper=helper, free_maneuver=free, rules=rules))


# --------------------------------------------------------------------------------------------
# burrowing


def _burrowable(state: Encounter, cell: Pos) -> bool:
    return state.object_at(cell) is None and state.terrain.cell(cell).material is Material.DIRT


def _touches_dirt(state: Encounter, pos: Pos, n: int) -> bool:
    for cell in cube(pos, n):
        for d in ((0, 0, 0), (1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
            if _burrowable(state, cell + d):
                return True
    return False


def _open_or_dirt(state: Encounter, pos: Pos, n: int) -> bool:
    if not state.terrain.cube_in_bounds(pos, n):
        return False
    for cell in cube(pos, n):
        if state.object_at(cell) is not None:
            return False
        material = state.terrain.cell(cell).material
        if material is not Material.AIR and material is not Material.DIRT:
            return False
    return True


def dig(state: Encounter, creature: str, squares: int, *, down: bool = True) -> Outcome:
    """The Dig maneuver: a burrower moves straight down (or up) up to its size (DS-MTYPE-03, DS-MTYPE-04).

    It needs burrow in its speed, a speed at least its size and dirt it touches; it can't dig
    deeper while holding a grabbed creature that is not unconscious (DS-MTYPE-05).
    """
    c = state.creature(creature)
    what = f"dig {creature!r} {squares!r} squares {'down' if down else 'up'}"
    if not c.has_movement(MovementType.BURROW):
        raise ActionUnavailableError(f"{what}: no burrow in its speed entry", rule="DS-MTYPE-03")
    if isinstance(squares, bool) or not isinstance(squares, int) or not 1 <= squares <= c.size.value:
        raise InvalidArgumentError(f"{what}: from 1 to its size {c.size.value}", rule="DS-MTYPE-04")
    now = current_speed(state, creature)
    if now < c.size.value:
        raise ActionUnavailableError(
            f"{what}: its speed {now} is less than its size {c.size.value}", rule="DS-MTYPE-03"
        )
    if not _touches_dirt(state, c.pos, c.n):
        raise ActionUnavailableError(
            f"{what}: it touches no ground it can burrow through", rule="DS-MTYPE-03"
        )
    if down:
        for g in grabbing(state, creature):
            if not state.creature(g).has(ConditionName.UNCONSCIOUS):
                raise ActionUnavailableError(
                    f"{what}: it holds {g!r} grabbed and can't willingly move deeper", rule="DS-MTYPE-05"
                )
    step = Pos(0, 0, -1 if down else 1)
    end = c.pos
    for _ in range(squares):
        nxt = end + step
        if not _open_or_dirt(state, nxt, c.n):
            raise IllegalMoveError(
                f"{what}: {tuple(nxt)} is ground harder than dirt, an object or off the map",
                rule="DS-MTYPE-02",
            )
        end = nxt
    model = MoveModel(state, c, "burrow")
    if not model.can_end(end):
        raise IllegalMoveError(f"{what}: {model.blocker_at(end)!r} is there", rule="DS-MOVE-04")
    enc = _try_place(state, creature, c.pos, end, (), final=True)
    event = Dug(
        creature=creature,
        start=c.pos,
        end=end,
        squares=squares,
        max_squares=c.size.value,
        rules=("DS-MTYPE-03", "DS-MTYPE-04"),
    )
    return Outcome(enc, (event,))


def claw_dirt(
    state: Encounter,
    creature: str,
    destination: Iterable[int],
    *,
    roll: int,
    use_main_action: bool = False,
) -> Outcome:
    """Claw Dirt: a creature that can't burrow digs 1 square, power roll + Might as input (DS-MTYPE-10).

    ≤11: it moves and is slowed and weakened (EoT); 12-16: it is slowed (EoT) and moves only if
    it spends its main action this turn (``use_main_action``); 17+: it moves.
    """
    c = state.creature(creature)
    dest = as_pos(destination, what="destination")
    what = f"claw dirt {creature!r} to {tuple(dest)}"
    if c.has_movement(MovementType.BURROW):
        raise ActionUnavailableError(
            f"{what}: it can burrow; Claw Dirt is for creatures that can't", rule="DS-MTYPE-10"
        )
    now = current_speed(state, creature)
    if now < CLAW_DIRT_MIN_SPEED:
        raise ActionUnavailableError(f"{what}: its speed {now} is below 2", rule="DS-MTYPE-10")
    if cell_distance(c.pos, dest) != 1:
        raise IllegalMoveError(f"{what}: Claw Dirt moves exactly 1 square", rule="DS-MTYPE-10")
    if not _open_or_dirt(state, dest, c.n):
        raise IllegalMoveError(
            f"{what}: the square is ground harder than dirt, an object or off the map", rule="DS-MTYPE-10"
        )
    dirt = any(_burrowable(state, cell) for cell in (*cube(dest, c.n), *cube(c.pos, c.n)))
    if not dirt or not _touches_dirt(state, c.pos, c.n):
        raise IllegalMoveError(
            f"{what}: the move is not into, out of or through dirt it touches", rule="DS-MTYPE-10"
        )
    tier = power_roll_tier(roll, rule="DS-MTYPE-10")
    if isinstance(use_main_action, bool) is False:
        raise InvalidArgumentError(f"use_main_action {use_main_action!r}: True or False", rule="DS-MTYPE-10")
    moves = tier != 2 or use_main_action
    result = {
        1: "moves 1 square; slowed and weakened (EoT)",
        2: "slowed (EoT); " + ("moves 1 square with its main action" if use_main_action else "does not move"),
        3: "moves 1 square",
    }[tier]
    events: list[Event] = [
        PowerRollResolved(
            creature=creature,
            purpose="Claw Dirt (Might)",
            roll=roll,
            tier=tier,
            result=result,
            rules=("DS-MTYPE-10",),
        )
    ]
    enc = state
    if moves:
        model = MoveModel(state, c, "burrow")
        if not model.can_end(dest):
            raise IllegalMoveError(f"{what}: {model.blocker_at(dest)!r} is there", rule="DS-MOVE-04")
        # a creature that can't burrow can't stand inside dirt: the squares it claws open stay open
        dug = {cell: Cell() for cell in cube(dest, c.n) if _burrowable(state, cell)}
        enc = state.with_terrain(state.terrain.with_cells(dug)) if dug else state
        enc = _try_place(enc, creature, c.pos, dest, (), final=True)
        events.append(
            Moved(
                creature=creature,
                mode="claw dirt",
                start=c.pos,
                end=dest,
                path=(dest,),
                step_costs=(1,),
                budget=1,
                spent=1,
                rules=("DS-MTYPE-10",),
            )
        )
    out = Outcome(enc, tuple(events))
    if tier <= 2:
        out = out.then(add_condition, creature, ConditionName.SLOWED, Duration.EOT, source="Claw Dirt")
    if tier == 1:
        out = out.then(add_condition, creature, ConditionName.WEAKENED, Duration.EOT, source="Claw Dirt")
    return out


def pull_up(state: Encounter, helper: str, target: str, *, willing: bool = True) -> Outcome:
    """Maneuver: a creature on the ground pulls a willing adjacent burrower 1 square up (DS-MTYPE-09)."""
    h = state.creature(helper)
    t = state.creature(target)
    what = f"pull {target!r} up with {helper!r}"
    if helper == target:
        raise InvalidArgumentError(f"{what}: a creature can't pull itself up", rule="DS-MTYPE-09")
    if h.dead or beneath_the_ground(state, helper) or not state.is_supported(h.pos, h.n):
        raise ActionUnavailableError(f"{what}: {helper!r} is not standing on the ground", rule="DS-MTYPE-09")
    if not beneath_the_ground(state, target):
        raise ActionUnavailableError(f"{what}: {target!r} is not beneath the ground", rule="DS-MTYPE-09")
    if distance(h.pos, h.n, t.pos, t.n) != 1:
        raise ActionUnavailableError(f"{what}: the two are not adjacent", rule="DS-MTYPE-09")
    if not willing:
        raise ActionUnavailableError(f"{what}: {target!r} is not willing", rule="DS-MTYPE-09")
    end = Pos(t.pos.x, t.pos.y, t.pos.z + 1)
    if not _open_or_dirt(state, end, t.n):
        raise IllegalMoveError(
            f"{what}: {tuple(end)} is ground harder than dirt or an object", rule="DS-MTYPE-02"
        )
    enc = _try_place(state, target, t.pos, end, (), final=True)
    moved = Moved(
        creature=target,
        mode="pull up",
        start=t.pos,
        end=end,
        path=(end,),
        step_costs=(0,),
        rules=("DS-MTYPE-09",),
    )
    return Outcome(enc, (moved,))


# --------------------------------------------------------------------------------------------
# climbing other creatures


def climb_creature(
    state: Encounter,
    creature: str,
    target: str,
    *,
    willing: bool = False,
    roll: int | None = None,
    at: Iterable[int] | None = None,
) -> Outcome:
    """Climb onto a larger adjacent creature (DS-MTYPE-14, DS-MTYPE-15); the roll is an input.

    A willing creature is climbed without a test. Otherwise power roll + Might or Agility:
    ≤11 fail and the target may make a free strike; 12-16 fail; 17+ climb. A climber holds on
    like a rider (``riding`` names the creature it clings to), at ``at`` (default: the lowest
    corner of the target's space); it needs a space whose size-rank gap allows sharing or the
    hold (the engine's ruling on AMB-42).
    """
    c = state.creature(creature)
    t = state.creature(target)
    what = f"climb {target!r} with {creature!r}"
    if creature == target:
        raise InvalidArgumentError(f"{what}: a creature can't climb itself", rule="DS-MTYPE-14")
    if c.has(ConditionName.PRONE):
        raise IllegalMoveError(f"{what}: a prone creature can't climb", rule="RB1-PRONE")
    if not t.size > c.size:
        raise IllegalMoveError(
            f"{what}: {target!r} (size {t.size}) is not larger than {creature!r} (size {c.size})",
            rule=("DS-MTYPE-14", "R-SIZE-1"),
        )
    if distance(c.pos, c.n, t.pos, t.n) > 1:
        raise IllegalMoveError(f"{what}: {target!r} is not adjacent", rule="DS-MTYPE-14")
    spot = t.pos if at is None else as_pos(at, what="climbing position")
    if not all(distance(cell, 1, t.pos, t.n) == 0 for cell in cube(spot, c.n)):
        raise IllegalMoveError(f"{what}: {tuple(spot)} is not inside {target!r}'s space", rule="DS-MOUNT-02")
    events: list[Event] = []
    if not willing:
        if roll is None:
            raise InvalidArgumentError(
                f"{what}: an unwilling creature needs the power roll", rule="DS-MTYPE-15"
            )
        tier = power_roll_tier(roll, rule="DS-MTYPE-15")
        result = {1: "fails; the target may make a free strike", 2: "fails", 3: "climbs the creature"}[tier]
        events.append(
            PowerRollResolved(
                creature=creature,
                purpose=f"climb {target}",
                roll=roll,
                tier=tier,
                result=result,
                rules=("DS-MTYPE-15",),
            )
        )
        if tier == 1:
            events.append(FreeStrikeAllowed(creature=target, target=creature, rules=("DS-MTYPE-15",)))
        if tier < 3:
            return Outcome(state, tuple(events))
    try:
        enc = state.with_creature(attrs.evolve(c, pos=spot, riding=target))
    except StateError as exc:
        raise IllegalMoveError(f"{what}: {exc}", rule=("DS-MTYPE-14", "DS-MOVE-04")) from None
    events.append(ClimbedCreature(creature=creature, target=target, at=spot, rules=("DS-MTYPE-14",)))
    return Outcome(enc, tuple(events))


__all__ = [
    "WALK_MODES",
    "advance",
    "beneath_the_ground",
    "can_move",
    "claw_dirt",
    "climb_creature",
    "dig",
    "disengage",
    "fall_prone",
    "jump",
    "move",
    "path_cost",
    "power_roll_tier",
    "pull_up",
    "ride",
    "shift",
    "stand_up",
    "verify_move",
]
