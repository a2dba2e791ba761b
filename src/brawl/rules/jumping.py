"""Jumping: the long jump as part of a move (DS-MTYPE-18..21, R-MOVE-6)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from brawl.creature import Creature
from brawl.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    RulesError,
)
from brawl.events.base import Event
from brawl.events.movement import (
    Jumped,
    OpportunityAttackForgone,
    OpportunityAttackProvoked,
)
from brawl.fields import choice, flag, ident, position, whole
from brawl.geometry import Pos, cell_distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.damage import deal_damage
from brawl.rules.movement import (
    opportunity_attackers,
    why_no_opportunity_attack,
)
from brawl.rules.placing import fall_if_unsupported, terrain_damage, try_place
from brawl.rules.reachable import companions, movement_model, movement_points
from brawl.rules.steps import MoveModel, budget_field
from brawl.state import Encounter

JUMP_MIN_LENGTH = 1  # DS-MTYPE-18: long jump up to Might or Agility, minimum 1 square
JUMP_HEIGHT = 1  # DS-MTYPE-18: the jump height is 1 square
JUMP_TEST_BONUS = {1: 0, 2: 1, 3: 2}  # DS-MTYPE-19: tier 1 +0, tier 2 +1, tier 3 +2 longer and higher


def _landing(value: Iterable[int]) -> Pos:
    """A ``landing`` field as a :class:`Pos`; errors name the field."""
    return position(value, "landing")


@attrs.frozen
class Jump(Action):
    """A long jump to ``landing`` as part of a move (DS-MTYPE-18..21, R-MOVE-6).

    Up to max(1, Might or Agility) squares (``characteristic``, default the higher), 1 high;
    ``tier`` of the optional test adds 1 or 2 to both (DS-MTYPE-19); never farther or higher
    than the effect's distance ``budget`` (DS-MTYPE-20). The jump spends movement like walking:
    1 per square, plus the landing square's surcharge only (R-MOVE-6); it crosses gaps and
    obstacles up to its height without falling. No jumping out of difficult or damaging terrain
    (DS-MTYPE-21), and a prone creature can't jump (RB1-PRONE). On the jumper's own Draw Steel
    turn the jump spends the turn's movement unless ``granted`` (DS-TURN-02, R-TURN-8).
    """

    cost: ClassVar[str | None] = "movement"

    creature: str = attrs.field(validator=ident("DS-MTYPE-18"))
    landing: Pos = attrs.field(converter=_landing)
    characteristic: str | None = attrs.field(
        default=None, validator=choice(("might", "agility"), "DS-MTYPE-18", optional=True)
    )
    tier: int | None = attrs.field(default=None, validator=whole("DS-MTYPE-19", lo=1, hi=3, optional=True))
    budget: int | None = attrs.field(default=None, validator=budget_field)
    ignore_speed: bool = attrs.field(default=False, validator=flag("DS-MOVE-07"))
    granted: bool = attrs.field(default=False, validator=flag("DS-TURN-02"))
    """A jump an effect grants: it spends nothing of the jumper's turn (R-TURN-8)."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the jump is allowed now (RB1-PRONE, DS-MTYPE-18..21, R-MOVE-6).

        Not prone, not out of difficult or damaging terrain; the landing within the jump's length
        and height, fitting and not in a creature's space, nothing in between higher than the jump
        clears, and the cost within the movement. Checks only: nothing moves.
        """
        _check(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Jump."""
        return _jump(state, self)

    def movement_cost(self, state: Encounter) -> int:
        """The movement the jump spends: 1 a square plus the landing's surcharge (R-MOVE-6)."""
        start = state.creature(self.creature).pos
        model = movement_model(state, self.creature, "advance")
        return cell_distance(start, self.landing) + model.cost(start, self.landing) - 1


@attrs.frozen
class JumpPlan:
    """What the checks of a :class:`Jump` found: the numbers the jump's event reports."""

    model: MoveModel
    chosen: str
    length: int
    max_length: int
    max_height: int
    cost: int
    points: int


def may_jump(state: Encounter, creature: str) -> bool:
    """Whether the checks of a :class:`Jump` that don't depend on its landing pass: the creature
    can move, is not prone (RB1-PRONE) and does not stand in difficult or damaging terrain
    (DS-MTYPE-21). When they fail, every landing is refused."""
    try:
        _check_jumper(state, creature, None)
    except RulesError:
        return False
    return True


def _check_jumper(state: Encounter, creature: str, landing: Pos | None) -> None:
    """Raise unless ``creature`` may jump at all (:func:`may_jump`); ``landing`` names the jump."""
    c = state.creature(creature)
    if movement_model(state, creature, "advance").prone:
        raise IllegalMoveError(f"jump {creature!r}: a prone creature can't jump", rule="RB1-PRONE")
    if state.terrain.is_difficult(c.pos, c.n) or state.terrain.is_damaging(c.pos, c.n):
        where = "" if landing is None else f" to {tuple(landing)}"
        raise IllegalMoveError(
            f"jump {creature!r}{where}: it can't jump out of difficult or damaging terrain",
            rule="DS-MTYPE-21",
        )


def _check(state: Encounter, request: Jump) -> JumpPlan:
    """Raise unless the jump is allowed now (:meth:`Jump.verify`); its numbers."""
    return _check_landing(state, _jumper(state, request), request.landing)


def open_landings(state: Encounter, creature: str, landings: Iterable[Pos]) -> list[Pos]:
    """The landings, in order, that ``Jump(creature, landing)`` may jump to now (its
    :meth:`Jump.verify` passes), the checks that don't depend on the landing made once."""
    landings = list(landings)
    if not landings:
        return []
    try:
        jumper = _jumper(state, Jump(creature, landings[0]))
    except RulesError:
        return []
    found = []
    for land in landings:
        try:
            _check_landing(state, jumper, land)
        except RulesError:
            continue
        found.append(land)
    return found


@attrs.frozen
class _Jumper:
    """The numbers of a jump that don't depend on its landing (:func:`_jumper`)."""

    creature: Creature
    model: MoveModel
    chosen: str
    max_length: int
    max_height: int
    points: int
    companions: tuple[Creature, ...]


def _jumper(state: Encounter, request: Jump) -> _Jumper:
    """The checks of :meth:`Jump.verify` that don't depend on the landing; their numbers."""
    creature = request.creature
    c = state.creature(creature)
    _check_jumper(state, creature, request.landing)
    characteristic, tier = request.characteristic, request.tier
    budget, ignore_speed = request.budget, request.ignore_speed
    model = movement_model(state, creature, "advance")
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
    riders, grabbed = companions(state, creature)
    carried = (*(state.creature(r) for r in riders), *grabbed)  # carried and dragged along
    return _Jumper(c, model, chosen, max_length, max_height, points, carried)


def _check_landing(state: Encounter, jumper: _Jumper, land: Pos) -> JumpPlan:
    """The checks of :meth:`Jump.verify` of the landing ``land``, the jumper's checked; its numbers."""
    c, model, max_length, max_height, points = (
        jumper.creature,
        jumper.model,
        jumper.max_length,
        jumper.max_height,
        jumper.points,
    )
    start = c.pos
    what = f"jump {c.id!r} to {tuple(land)}"
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
    for other in jumper.companions:
        if not state.fits(other.pos + (land - start), other.n):
            raise IllegalMoveError(
                f"{what}: {other.id!r} would land in a wall, an object or off the map", rule="R-GEO-5"
            )
    cost = cell_distance(start, land) + model.cost(start, land) - 1
    if cost > points:
        raise IllegalMoveError(
            f"{what}: costs {cost}, more than its {points} movement", rule=("DS-MOVE-07", "R-MOVE-6")
        )
    return JumpPlan(model, jumper.chosen, length, max_length, max_height, cost, points)


def _jump(state: Encounter, request: Jump) -> Outcome:
    plan = _check(state, request)
    creature, land, tier = request.creature, request.landing, request.tier
    c = state.creature(creature)
    model, start = plan.model, c.pos
    chosen, length, cost, points = plan.chosen, plan.length, plan.cost, plan.points
    max_length, max_height = plan.max_length, plan.max_height
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
    enc = try_place(state, creature, start, land, carried, final=True)
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
    hurt = terrain_damage(enc, model, start, land)
    if hurt is not None:
        out = out.then(
            deal_damage, creature, hurt[0], hurt[1], source="damaging terrain", rules=("DS-MOVE-13",)
        )
    if not out.state.creature(creature).dead and not model.held(land):
        out = fall_if_unsupported(out, creature)
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


__all__ = ["Jump", "JumpPlan", "may_jump", "open_landings"]
