"""The checks of a use of an ability: who may use it now, at what cost, on which targets or
where its area goes (R-ABIL-1, R-ABIL-8, R-ABIL-9, R-AREA-1..5, DS-COND-04, DS-COND-14).

:func:`plan_use` makes every check of :meth:`~brawl.rules.abilities.UseAbility.verify` and
returns what the resolution needs (:class:`Plan`); nothing is rolled, moved or spent.
"""

from __future__ import annotations

from typing import NamedTuple

import immutables

from brawl.abilities.model import (
    Ability,
    Choice,
    Cost,
    Damage,
    Effect,
    ForcedMovement,
    Instead,
    OneTarget,
    Spend,
)
from brawl.creature import Creature, MapObject, resource_floor
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.geometry import Pos, distance
from brawl.rules.abilities.request import RESOURCE_RULES, AbilityRequest
from brawl.rules.areas import Area, area_line_of_effect, occupants, place_area
from brawl.rules.conditions import can_take_main_actions, can_take_maneuvers, can_take_triggered_actions
from brawl.rules.cover import line_of_effect, sees_space
from brawl.rules.forced import ForcedMove
from brawl.rules.malice import check_malice_moment, is_malice_feature
from brawl.rules.resources import waived_outside_combat
from brawl.rules.squads import ranged_bonus
from brawl.rules.stealth import check_target
from brawl.rules.strikes import living
from brawl.rules.surges import check_surges
from brawl.rules.villain import VILLAIN_ACTION, check_villain_action
from brawl.state import Encounter


class Plan(NamedTuple):
    """What the checks of a use found: the user, the ability, the targets in order, the area
    (a named tuple: one is built for every use a listing checks)."""

    user: Creature
    ability: Ability
    targets: tuple[str, ...]
    area: Area | None


def _acting(state: Encounter, user: Creature, ability: Ability) -> None:
    kind = ability.action_type
    who = f"{ability.name} by {user.id!r}"
    if kind == "none" and is_malice_feature(ability):
        check_malice_moment(state, user.id, ability.name)  # a Malice feature (RB-MALICE-04)
    elif kind == "none":
        raise ActionUnavailableError(f"{who}: it is not used, it is always on (a trait)", rule="R-ABIL-1")
    if kind == "main action" and not can_take_main_actions(state, user.id):
        raise ActionUnavailableError(f"{who}: it can't take main actions", rule="DS-COND-04")
    if kind in ("maneuver", "free maneuver", "move action") and not can_take_maneuvers(state, user.id):
        raise ActionUnavailableError(f"{who}: it can't take maneuvers or move", rule="DS-COND-04")
    if kind in ("triggered action", "free triggered action") and not can_take_triggered_actions(
        state, user.id
    ):
        raise ActionUnavailableError(f"{who}: it can't take triggered actions", rule="DS-TURN-08")
    if kind == VILLAIN_ACTION:
        check_villain_action(state, user, ability)


def spend_entry(user: Creature, ability: Ability, spent: int) -> Spend | None:
    """The "Spend X" entry ``spent`` more of the resource buys, None for 0; raise if none does
    (RB-HR-03)."""
    if not spent:
        return None
    entry = next((e for e in ability.spend if e.allows(spent)), None)
    if entry is None:
        printed = "; ".join(e.printed() for e in ability.spend) or "none"
        raise InvalidArgumentError(
            f"{ability.name} by {user.id!r}: spend {spent} buys no entry (its entries: {printed})",
            rule="RB-HR-03",
        )
    return entry


def spend_resource(user: Creature, ability: Ability) -> str:
    """The resource a "Spend X" entry takes: the cost's, else a hero's Heroic Resource or the
    Director's Malice (RB-HR-03)."""
    if ability.cost is not None:
        return ability.cost.resource
    return "heroic" if user.hero else "malice"


def _check_cost(state: Encounter, user: Creature, ability: Ability, spent: int = 0) -> None:
    cost = ability.cost
    if spent and spend_entry(user, ability, spent) is not None:
        cost = Cost(spend_resource(user, ability), (cost.amount if cost is not None else 0) + spent)
    if cost is None or waived_outside_combat(state, user, ability):
        return
    have = resource_left(state, user, cost.resource)
    if have is None:
        raise ActionUnavailableError(
            f"{ability.name} by {user.id!r}: costs {cost.amount} Malice, kept only in a Draw Steel combat",
            rule=RESOURCE_RULES["malice"],
        )
    floor = resource_floor(user) if cost.resource == "heroic" else 0  # a talent's clarity (RB-HR-16)
    if have - cost.amount < floor:
        what = "Heroic Resource" if cost.resource == "heroic" else "Malice"
        raise ActionUnavailableError(
            f"{ability.name} by {user.id!r}: costs {cost.amount} {what}, {have} left",
            rule=RESOURCE_RULES[cost.resource],
        )


def resource_left(state: Encounter, user: Creature, resource: str) -> int | None:
    if resource == "heroic":
        return user.heroic_resource
    malice = getattr(state.turn, "malice", None)
    return malice if isinstance(malice, int) else None


def thing_of(state: Encounter, tid: str) -> Creature | MapObject:
    if tid in state.objects:
        return state.objects[tid]
    return state.creature(tid)


def allows(ability: Ability, user: Creature, target: Creature | MapObject) -> bool:
    """Whether the ability's target entry allows this creature or object (R-ABIL-9)."""
    kind = ability.target.kind
    if isinstance(target, MapObject):
        return kind in ("object", "creature or object", "special")
    if target.dead:
        return False
    own = target.id == user.id
    if kind in ("creature", "creature or object", "each creature"):
        return not own
    if kind in ("enemy", "each enemy"):
        return target.side != user.side
    if kind in ("ally", "each ally"):
        return target.side == user.side and not own
    if kind == "self":
        return own
    if kind == "self or ally":
        return target.side == user.side
    return kind == "special"


def _sees(state: Encounter, user: Creature, target: Creature | MapObject) -> bool:
    """Line of effect to a creature or an object (R-ABIL-9, R-COVER-1)."""
    if isinstance(target, Creature):
        return line_of_effect(state, user, target)
    return sees_space(state, user.pos, user.n, target.pos, target.n)


def _in_reach(state: Encounter, user: Creature, ability: Ability, target: Creature | MapObject) -> None:
    """Raise unless ``target`` is within the ability's distance and in line of effect (R-ABIL-9)."""
    why = _out_of_reach(state, user, ability, target)
    if why is not None:
        who = f"{ability.name} ({ability.distance.printed()}) by {user.id!r} on {target.id!r}"
        raise ActionUnavailableError(f"{who}: {why}", rule="R-ABIL-9")


def _out_of_reach(
    state: Encounter, user: Creature, ability: Ability, target: Creature | MapObject
) -> str | None:
    """Why :func:`_in_reach` refuses ``target`` (too far, or no line of effect), or None."""
    d = ability.distance
    kind = d.kind
    if kind == "self" or kind == "special":
        return None
    gap = distance(user.pos, user.n, target.pos, target.n)
    melee = d.value if kind == "melee" or kind == "melee or ranged" else -1
    ranged = d.value if kind == "ranged" else d.within if kind == "melee or ranged" else -1
    if ranged >= 0 and user.with_captain is not None:
        ranged += ranged_bonus(state, user)  # RB-CAPT-05
    if gap > (melee if melee > ranged else ranged):
        return f"{gap} squares away"
    if not (
        line_of_effect(state, user, target)
        if type(target) is Creature
        else _sees(state, user, target)  # _sees, its first case in place
    ):
        return "no line of effect"
    return None


def _chosen(state: Encounter, request: AbilityRequest, user: Creature, ability: Ability) -> tuple[str, ...]:
    t = ability.target
    targets = request.targets
    if ability.distance.kind == "self" or t.kind == "self":
        if targets not in ((), (user.id,)):
            raise ActionUnavailableError(
                f"{ability.name} by {user.id!r}: it targets its user only", rule="R-ABIL-9"
            )
        return (user.id,)
    count = t.count
    if not targets:
        if count is None:
            found = []
            for c in state.living():
                if _out_of_reach(state, user, ability, c) is None and allows(ability, user, c):
                    found.append(c.id)
            return tuple(found)
        raise ActionUnavailableError(f"{ability.name} by {user.id!r}: choose its target", rule="R-ABIL-9")
    if count is not None and len(targets) > count:
        raise ActionUnavailableError(
            f"{ability.name} by {user.id!r}: {len(targets)} targets, at most {count}", rule="R-ABIL-9"
        )
    uid, objects = user.id, state.objects
    for tid in targets:
        thing = objects[tid] if tid in objects else state.creature(tid)  # thing_of
        if not allows(ability, user, thing):
            raise ActionUnavailableError(
                f"{ability.name} by {uid!r}: {tid!r} is not a target it allows ({t.kind})", rule="R-ABIL-9"
            )
        check_target(state, uid, tid)  # DS-COND-14, RB3-HIDE
        if _out_of_reach(state, user, ability, thing) is not None:
            _in_reach(state, user, ability, thing)  # raises with the reason
    return targets


def _candidates(
    state: Encounter, request: AbilityRequest, user: Creature, ability: Ability
) -> tuple[Area, list[str]]:
    area = place_area(
        state,
        user.id,
        ability.distance,
        origin=request.origin,
        direction=request.direction,
        wall=request.wall,
    )
    inside = [
        tid
        for tid in occupants(state, area)
        if allows(ability, user, thing_of(state, tid)) and area_line_of_effect(state, area, user.id, tid)
    ]
    return area, inside


def area_candidates(state: Encounter, request: AbilityRequest) -> tuple[str, ...]:
    """Every target the request's area holds that its ability allows, with line of effect, in the
    order they would be resolved, however many the ability may affect (R-ABIL-9, R-AREA-5); raises
    if the area can't be placed so. Choose among them when the ability allows fewer."""
    user = living(state, request.user, "ability")
    ability = user.ability(request.ability)
    if ability is None or not ability.distance.is_area:
        raise InvalidArgumentError(
            f"ability {request.ability!r} of {user.id!r}: no area ability", rule="R-AREA-1"
        )
    return tuple(_candidates(state, request, user, ability)[1])


def _in_area(
    state: Encounter, request: AbilityRequest, user: Creature, ability: Ability
) -> tuple[Area, tuple[str, ...]]:
    area, inside = _candidates(state, request, user, ability)
    count = ability.target.count
    if not request.targets:
        if count is not None and len(inside) > count:
            raise ActionUnavailableError(
                f"{ability.name} by {user.id!r}: {len(inside)} targets in the area, choose at most {count}",
                rule=("R-ABIL-9", "R-AREA-5"),
            )
        return area, tuple(inside)
    for tid in request.targets:
        if tid not in inside:
            raise ActionUnavailableError(
                f"{ability.name} by {user.id!r}: {tid!r} is not a target in its area with line of effect",
                rule=("R-ABIL-9", "R-AREA-5"),
            )
    if count is not None and len(request.targets) > count:
        raise ActionUnavailableError(
            f"{ability.name} by {user.id!r}: {len(request.targets)} targets, at most {count}", rule="R-ABIL-9"
        )
    return area, request.targets


def plan_use(state: Encounter, request: AbilityRequest) -> Plan:
    """Every check of a use of an ability, and what they found (:class:`Plan`); raises the
    :class:`~brawl.errors.RulesError` of the first that fails.

    The plans found for the last state asked about are kept, by request record (both are
    immutable; the record itself, not an equal one, as hashing a record costs as much as a
    check): a listing that checks a use and a policy that weighs it plan it once. A refusal is
    not kept."""
    memo = _PLANS[0]
    before = memo[0]
    if before is not None:
        kept = memo[1].get(id(request))
        if kept is not None and kept[0] is request:
            if before is state:
                return kept[1]
            if _turn_alone(before, state) and _turn_blind(kept[1], request):
                return _kept(state, request, kept[1])  # the part of the turn it costs just spent
    return _kept(state, request, _plan_use(state, request))


def _turn_alone(before: Encounter, state: Encounter) -> bool:
    """Whether ``state`` is ``before`` but for its turn bookkeeping (both in combat), as taking
    an action leaves it: the same creatures, map, objects, order, round, dice and rides."""
    return (
        before.creatures is state.creatures
        and before.terrain is state.terrain
        and before.objects is state.objects
        and before.order is state.order
        and before.rides is state.rides
        and before.games is state.games
        and before.rng is state.rng
        and before.round == state.round
        and before.turn is not None
        and state.turn is not None
    )


_TURN_BLIND = frozenset({"main action", "maneuver", "move action", "free maneuver"})
"""The action types whose use's checks read nothing of the turn's bookkeeping (:func:`_turn_blind`)."""


def _turn_blind(plan: Plan, request: AbilityRequest) -> bool:
    """Whether the checks of ``request`` (planned as ``plan``) read nothing of the turn's
    bookkeeping, in combat: an action of the turn (main action, maneuver, move action, free
    maneuver: able to take it is the creature's conditions alone, DS-COND-04), costing nothing
    or Heroic Resource (the creature's; Malice is the turn's), spending nothing more and sliding
    no one (a slide's path is checked as the move it is). Its targets, area, reach and line of
    effect are the creatures', the map's and the objects'. So a plan found before the turn's part
    was spent holds after (:func:`plan_use`)."""
    ability = plan.ability
    cost = ability.cost
    return (
        ability.action_type in _TURN_BLIND
        and (cost is None or cost.resource == "heroic")
        and not request.spend
        and not request.slides
    )


def _kept(state: Encounter, request: AbilityRequest, plan: Plan) -> Plan:
    """``plan``, kept for ``request`` in ``state`` (with the record, so its id is not reused)."""
    memo = _PLANS[0]
    if memo[0] is not state:
        memo = _PLANS[0] = (state, {})
    if len(memo[1]) < _PLANS_KEPT:
        memo[1][id(request)] = (request, plan)
    return plan


_PLANS: list[tuple[Encounter | None, dict[int, tuple[AbilityRequest, Plan]]]] = [(None, {})]
"""The plans :func:`plan_use` found for the last state asked about, by the id of the request."""
_PLANS_KEPT = 512
"""Most plans kept for one state."""


def ready(state: Encounter, user: str, name: str, spend: int = 0) -> tuple[Creature, Ability]:
    """The checks of :func:`plan_use` that a use's targets and placement play no part in: the
    user alive with the ability ``name`` on its block, able to take its kind of action now,
    paying its cost and ``spend`` more (R-ABIL-1, R-ABIL-8, DS-COND-04); the user and the ability."""
    c = living(state, user, "ability")
    ability = c.ability(name)
    if ability is None:
        names = ", ".join(a.name for a in c.abilities) or "none"
        raise ActionUnavailableError(
            f"ability {name!r} by {c.id!r}: not on its block (it has: {names})", rule="R-ABIL-1"
        )
    able(state, c, ability, spend)
    return c, ability


def able(state: Encounter, user: Creature, ability: Ability, spend: int = 0) -> None:
    """:func:`ready`'s checks of ``user``, a living creature, and ``ability``, the first of its
    name on the user's block: able to take its kind of action now, paying its cost and ``spend``
    more (R-ABIL-1, R-ABIL-8, DS-COND-04)."""
    _acting(state, user, ability)
    _check_cost(state, user, ability, spend)


def aimed(state: Encounter, request: AbilityRequest, user: Creature, ability: Ability) -> Plan:
    """:func:`plan_use` of ``request`` when :func:`ready` gave ``user`` and ``ability`` for its
    user, ability and spend in ``state``: the checks of its targets, placement and choices, the
    plan kept as :func:`plan_use` keeps it (or the one it keeps)."""
    memo = _PLANS[0]
    if memo[0] is state:
        kept = memo[1].get(id(request))
        if kept is not None and kept[0] is request:
            return kept[1]
    else:
        memo = _PLANS[0] = (state, {})
    plan = _aimed(state, request, user, ability)
    if len(memo[1]) < _PLANS_KEPT:  # _kept, in place
        memo[1][id(request)] = (request, plan)
    return plan


def _plan_use(state: Encounter, request: AbilityRequest) -> Plan:
    return _aimed(state, request, *ready(state, request.user, request.ability, request.spend))


def _aimed(state: Encounter, request: AbilityRequest, user: Creature, ability: Ability) -> Plan:
    if ability.distance.is_area:
        area, targets = _in_area(state, request, user, ability)
    else:
        if request.origin is not None or request.direction is not None or request.wall:
            raise InvalidArgumentError(
                f"{ability.name}: {ability.distance.printed()} is not an area; it takes no placement",
                rule="R-AREA-1",
            )
        area, targets = None, _chosen(state, request, user, ability)
    if (
        request.tiers
        or request.slides
        or request.shifts
        or request.choices
        or request.damage_type is not None
        or request.surges
        or request.potency_surges
        or request.surge_target is not None
    ):
        _check_choices(state, request, user, ability, area, targets)
    return Plan(user, ability, targets, area)


def _check_choices(
    state: Encounter,
    request: AbilityRequest,
    user: Creature,
    ability: Ability,
    area: Area | None,
    targets: tuple[str, ...],
) -> None:
    """The checks of the choices a use makes besides its targets and placement: tiers, slides,
    shifts and options by target, the damage type, the surges (R-ABIL-3, R-ABIL-9, R-ABIL-18,
    RB-SURGE-02, RB-SURGE-03)."""
    if request.tiers or request.slides or request.shifts or request.choices:
        for key, what in (
            (request.tiers, "tiers"),
            (request.slides, "slides"),
            (request.shifts, "shifts"),
            (request.choices, "choices"),
        ):
            for tid in key or ():
                if tid not in targets:
                    raise InvalidArgumentError(
                        f"{what}: {tid!r} is not a target of this use", rule="R-ABIL-9"
                    )
    if request.damage_type is not None:
        printed = {t for e in _all_effects(ability) if isinstance(e, Damage) for t in e.types}
        if request.damage_type not in printed:
            raise InvalidArgumentError(
                f"damage_type {request.damage_type!r}: {ability.name} prints {sorted(printed) or 'no type'}",
                rule="R-ABIL-3",
            )
    if request.choices:
        most = max((len(e.options) for e in _all_effects(ability) if isinstance(e, Choice)), default=0)
        for tid, option in request.choices.items():
            if option >= most:
                raise InvalidArgumentError(
                    f"choices: option {option} for {tid!r}, but {ability.name} prints "
                    f"{f'at most {most} options' if most else 'no choice'}",
                    rule="R-ABIL-18",
                )
    for tid, path in request.slides.items() if request.slides else ():
        forced_move_of(ForcedMovement("slide", len(path)), user, ability, tid, area, request).verify(state)
    if request.surges or request.potency_surges or request.surge_target is not None:
        effects = _all_effects(ability)
        check_surges(
            user, targets, request.surges, request.surge_target, request.potency_surges,
            rolls_damage=any(isinstance(e, Damage) for e in effects),
            has_potency=any(getattr(e, "potency", None) is not None for e in effects),
        )  # fmt: skip


def _all_effects(ability: Ability) -> tuple[Effect, ...]:
    """Every effect of the ability's tiers, those a choice, an alternative or a one-target clause
    holds too."""
    pr = ability.power_roll
    return () if pr is None else tuple(x for tier in pr.tiers for e in tier.effects for x in _inner(e))


def _inner(effect: Effect) -> tuple[Effect, ...]:
    if isinstance(effect, Choice):
        return (effect, *(e for option in effect.options for e in option))
    if isinstance(effect, Instead):
        return (effect, *effect.effects, *effect.instead)
    if isinstance(effect, OneTarget):
        return (effect, *effect.effects)
    return (effect,)


def ability_targets(state: Encounter, request: AbilityRequest) -> tuple[str, ...]:
    """The targets this use would resolve, in order: those chosen, or those its area or reach
    finds (R-ABIL-9, R-AREA-5); raises like :meth:`~brawl.rules.abilities.UseAbility.verify`,
    whose checks it makes."""
    return plan_use(state, request).targets


def roll_characteristic(user: Creature, ability: Ability) -> tuple[int, str | None]:
    pr = ability.power_roll
    if pr is None:
        return 0, None
    if not pr.characteristics:
        return pr.bonus or 0, None
    best = max(pr.characteristics, key=lambda c: (user.characteristics.get(c), -pr.characteristics.index(c)))
    return user.characteristics.get(best), best


def deals_damage(ability: Ability) -> bool:
    found = _DEALS.get(id(ability))
    if found is not None and found[0] is ability:  # abilities never change: asked once each
        return found[1]
    deals = any(isinstance(e, Damage) for e in _all_effects(ability))
    if len(_DEALS) >= 1024:
        _DEALS.clear()
    _DEALS[id(ability)] = (ability, deals)
    return deals


_DEALS: dict[int, tuple[Ability, bool]] = {}
"""Whether an ability deals damage, by the ability (kept with it, so that its id is not reused)."""


def forced_move_of(
    effect: ForcedMovement,
    user: Creature,
    ability: Ability,
    target: str,
    area: Area | None,
    request: AbilityRequest,
) -> ForcedMove:
    source: str | Pos = user.id if area is None or area.origin is None else area.origin
    path = (request.slides or immutables.Map()).get(target)
    slide = effect.kind == "slide"
    return ForcedMove(
        kind=effect.kind,
        target=target,
        distance=effect.distance,
        source=None if slide else source,
        mover=user.id,
        vertical=effect.vertical,
        melee_weapon=ability.has_keyword("melee") and ability.has_keyword("weapon"),
        path=(path or ()) if slide else None,
        squares=0 if slide and not path else None,
        stability_used=0 if effect.ignore_stability else None,
    )


def pull_center(
    area: Area | None,
    corner: Pos | None,
    ability: Ability,
    user: Creature,
    effect: ForcedMovement,
    level: int,
) -> str | Pos | None:
    """The center of the ability's area a pull goes toward (R-ABIL-15): the user's space for a
    burst or an aura; for a cube of odd size placed by its lowest ``corner``, its middle column at
    the target's ``level`` (its middle square for a vertical pull); None for a cube of even size,
    a line, a wall or an ability with no area."""
    if area is None:
        return None
    if area.origin is None:
        return user.id
    size = ability.distance.size
    if area.shape != "cube" or corner is None or size % 2 == 0:
        return None
    half = (size - 1) // 2
    z = corner.z + half if effect.vertical else level
    return Pos(corner.x + half, corner.y + half, z)


__all__ = [
    "Plan",
    "ability_targets",
    "able",
    "aimed",
    "allows",
    "area_candidates",
    "deals_damage",
    "forced_move_of",
    "plan_use",
    "pull_center",
    "ready",
    "resource_left",
    "roll_characteristic",
    "thing_of",
]
