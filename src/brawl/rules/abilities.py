"""Using an ability: the checks, the one power roll for all targets, each tier's effects (R-ABIL-1..12).

:func:`use_ability` checks that the user may use the ability now (alive, able to take its kind of
action, paying its cost), that each target is one the ability allows, within its distance and in
line of effect, or places its area (:mod:`brawl.abilities.areas`). It then makes one power roll
for every target, with each target's own edges and banes, so targets can land on different tiers
(RB3-MULTI); the roller may take a lower tier (RB3-DOWNGRADE). Each tier's effects go through the
existing rules: :func:`~brawl.rules.damage.damage` (immunity, weakness),
:func:`~brawl.rules.forced.force_move` (slams, stability), :func:`~brawl.rules.conditions.add_condition`
(durations), with the potency checked first (RB2-POTENCY); text the engine cannot resolve is
reported (:class:`~brawl.events.abilities.EffectForTable`). Which action of the turn is spent is the
turn system's business; the request :class:`UseAbility` says which (its ``cost_in``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs
import immutables

from brawl.abilities.areas import Area, area_line_of_effect, occupants, place_area
from brawl.abilities.model import (
    Ability,
    ApplyCondition,
    Damage,
    Effect,
    Fall,
    ForcedMovement,
    GainResource,
    Healing,
    LoseRecoveries,
    NamedEffect,
    Shift,
    TextEffect,
)
from brawl.abilities.potency import check_potency
from brawl.checks import whole_number
from brawl.conditions import Duration
from brawl.creature import MAX_COUNT, Creature, MapObject
from brawl.dice import power_dice, roll_dice
from brawl.errors import ActionUnavailableError, ArgumentTypeError, InvalidArgumentError, RulesError
from brawl.events.abilities import (
    AbilityUsed,
    EffectForTable,
    PotencyChecked,
    ResourceGained,
    ResourceRefunded,
    ResourceSpent,
    TierReached,
)
from brawl.events.base import Note
from brawl.events.damage import RecoveriesLost
from brawl.events.dice import PowerRolled
from brawl.events.turns import MaliceGained
from brawl.fields import flag, ident, ids, position, positions, replaced, text
from brawl.geometry import Pos, distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import (
    add_condition,
    add_named_condition,
    can_take_main_actions,
    can_take_maneuvers,
    can_take_triggered_actions,
)
from brawl.rules.cover import creature_cover, line_of_effect, sees_space
from brawl.rules.damage import deal_damage
from brawl.rules.edges import Reason, bane, lowered_keywords, reasons
from brawl.rules.falling import Fall as FallRequest
from brawl.rules.falling import should_fall
from brawl.rules.forced import ForcedMove, force_move
from brawl.rules.movement import Shift as ShiftRequest
from brawl.rules.stamina import regain_stamina
from brawl.rules.stealth import verify_can_target
from brawl.rules.strikes import critical_hit, living, roll_against
from brawl.rules.teleport import Teleport
from brawl.state import Encounter

COSTS = {
    "main action": "main",
    "maneuver": "maneuver",
    "move action": "move",
    "free maneuver": "free maneuver",
    "triggered action": "triggered",
    "free triggered action": "free triggered",
}
"""What each action type spends: a part of its user's turn, or its one triggered action of the
round (DS-TURN-05; a free triggered action spends nothing, DS-TURN-06); a villain action spends
nothing (R-ABIL-1)."""
DURATIONS = {
    "end of turn": Duration.EOT,
    "save ends": Duration.SAVE_ENDS,
    "end of encounter": Duration.END_OF_ENCOUNTER,
    "": Duration.UNTIL_REMOVED,
}
"""The condition durations an ability prints, as the engine keeps them (RB2-EOT, RB2-SAVE, RB2-EOE,
R-ABIL-5)."""
RESOURCE_RULES = {"heroic": ("DS-SIDE-04", "R-ABIL-8"), "malice": ("RB6-MALICE", "R-ABIL-8")}
"""The rules behind each resource an ability may cost."""
MAX_TARGETS = 1_000
"""Most targets one use names."""


def _targets(value: Iterable[str]) -> tuple[str, ...]:
    items = ids(value, "targets", "R-ABIL-9")
    if len(set(items)) != len(items):
        raise InvalidArgumentError(f"targets {list(items)!r}: a target is named twice", rule="R-ABIL-9")
    if len(items) > MAX_TARGETS:
        raise InvalidArgumentError(f"targets: at most {MAX_TARGETS}", rule="R-ABIL-9")
    return items


def _optional_pos(value: Iterable[int] | None) -> Pos | None:
    return None if value is None else position(value, "position", "R-AREA-2")


def _wall(value: Iterable[Iterable[int]]) -> tuple[Pos, ...]:
    return positions(value, "wall", "R-AREA-4", limit=MAX_TARGETS)


def _tiers(value: Mapping[str, int] | None) -> immutables.Map[str, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"tiers {value!r}: a mapping of target id to tier", rule="RB3-DOWNGRADE")
    for k, v in value.items():
        if not isinstance(k, str) or isinstance(v, bool) or not isinstance(v, int):
            raise ArgumentTypeError(f"tiers {value!r}: target ids to tiers 1 to 3", rule="RB3-DOWNGRADE")
        if not 1 <= v <= 3:
            raise InvalidArgumentError(f"tiers {value!r}: tier {v} is not 1, 2 or 3", rule="RB3-DOWNGRADE")
    return immutables.Map(value)


def _paths(
    value: Mapping[str, Iterable[Iterable[int]]] | None, what: str, rule: str
) -> immutables.Map[str, tuple[Pos, ...]] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"{what}s {value!r}: a mapping of target id to a path", rule=rule)
    out: dict[str, tuple[Pos, ...]] = {}
    for k, v in value.items():
        if not isinstance(k, str):
            raise ArgumentTypeError(f"{what}s {value!r}: {k!r} is not a target id", rule=rule)
        out[k] = positions(v, f"{what} path", rule, limit=MAX_TARGETS)
    return immutables.Map(out)


def _slides(
    value: Mapping[str, Iterable[Iterable[int]]] | None,
) -> immutables.Map[str, tuple[Pos, ...]] | None:
    return _paths(value, "slide", "DS-FORCE-04")


def _shifts(
    value: Mapping[str, Iterable[Iterable[int]]] | None,
) -> immutables.Map[str, tuple[Pos, ...]] | None:
    return _paths(value, "shift", "DS-MOVE-09")


@attrs.frozen
class UseAbility(Action):
    """A use of an ability: :func:`use_ability` as a record (R-ABIL-1)."""

    cost: ClassVar[str | None] = "main"
    actor: ClassVar[str] = "user"

    user: str = attrs.field(validator=ident("R-ABIL-1"))
    """The creature using the ability."""
    ability: str = attrs.field(validator=text("R-ABIL-1"))
    """The ability's name on the user's block."""
    targets: tuple[str, ...] = attrs.field(default=(), converter=_targets)
    """The creatures and objects chosen, in the order they are resolved; an area's when empty."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The two d10 faces of the one power roll; None: drawn from the state's RNG."""
    origin: Pos | None = attrs.field(default=None, converter=_optional_pos)
    """Where a cube (its lowest corner) or a line (its first square) is placed (R-AREA-2, R-AREA-3)."""
    direction: Pos | None = attrs.field(default=None, converter=_optional_pos)
    """The way a line runs: (1, 0, 0), (0, 1, 0), (-1, 0, 0) or (0, -1, 0) (R-AREA-3)."""
    wall: tuple[Pos, ...] = attrs.field(default=(), converter=_wall)
    """The squares of a wall (R-AREA-4)."""
    tiers: immutables.Map[str, int] | None = attrs.field(default=None, converter=_tiers)
    """A lower tier the roller takes against a target (RB3-DOWNGRADE); a higher one is not taken."""
    damage_type: str | None = attrs.field(default=None, validator=text("R-ABIL-3", optional=True))
    """Which of several printed damage types is dealt (default: the first printed, R-ABIL-3)."""
    slides: immutables.Map[str, tuple[Pos, ...]] | None = attrs.field(default=None, converter=_slides)
    """The path of each target's slide (R-GEO-3); a target slid without one moves 0 squares."""
    extra: tuple[Reason, ...] = attrs.field(default=(), converter=reasons)
    """Edge and bane reasons the caller found, for every target."""
    knock_out: bool = attrs.field(default=False, validator=flag("DS-STAM-13"))
    """Knock out instead of killing a creature the damage would kill."""
    granted: bool = attrs.field(default=False, validator=flag("R-TURN-8"))
    """Used as an effect grants it (a heroic ability granted off-turn): no part of the turn is
    spent (R-TURN-8)."""
    shifts: immutables.Map[str, tuple[Pos, ...]] | None = attrs.field(
        default=None, kw_only=True, converter=_shifts
    )
    """By target id, the path of the shift that target's tier prints ("the target shifts up to 2
    squares", or the user's); a shift without one is left to the table (R-ABIL-14)."""

    @classmethod
    def cost_in(cls, state: Encounter, fields: Mapping[str, Any]) -> str | None:
        """What the ability's action type spends: a part of the turn, or the triggered action of
        the round (R-ABIL-1, DS-TURN-05)."""
        user, name = fields.get("user"), fields.get("ability")
        c = state.creatures.get(user) if isinstance(user, str) else None
        found = c.ability(name) if c is not None and isinstance(name, str) else None
        return COSTS.get(found.action_type) if found is not None else cls.cost

    def verify(self, state: Encounter) -> None:
        """Raise unless the ability may be used so now (:func:`verify_use_ability`)."""
        verify_use_ability(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Check, pay, roll and resolve every target's tier."""
        return _use(state, _plan(state, self), self)


@attrs.frozen
class _Plan:
    user: Creature
    ability: Ability
    targets: tuple[str, ...]
    area: Area | None


def _acting(state: Encounter, user: Creature, ability: Ability) -> None:
    kind = ability.action_type
    who = f"{ability.name} by {user.id!r}"
    if kind == "none":
        raise ActionUnavailableError(f"{who}: it is not used, it is always on (a trait)", rule="R-ABIL-1")
    if kind == "main action" and not can_take_main_actions(state, user.id):
        raise ActionUnavailableError(f"{who}: it can't take main actions", rule="DS-COND-04")
    if kind in ("maneuver", "free maneuver", "move action") and not can_take_maneuvers(state, user.id):
        raise ActionUnavailableError(f"{who}: it can't take maneuvers or move", rule="DS-COND-04")
    if kind in ("triggered action", "free triggered action") and not can_take_triggered_actions(
        state, user.id
    ):
        raise ActionUnavailableError(f"{who}: it can't take triggered actions", rule="DS-TURN-08")


def _check_cost(state: Encounter, user: Creature, ability: Ability) -> None:
    cost = ability.cost
    if cost is None:
        return
    have = _resource(state, user, cost.resource)
    if have is None:
        raise ActionUnavailableError(
            f"{ability.name} by {user.id!r}: costs {cost.amount} Malice, kept only in a Draw Steel combat",
            rule=RESOURCE_RULES["malice"],
        )
    if have < cost.amount:
        what = "Heroic Resource" if cost.resource == "heroic" else "Malice"
        raise ActionUnavailableError(
            f"{ability.name} by {user.id!r}: costs {cost.amount} {what}, {have} left",
            rule=RESOURCE_RULES[cost.resource],
        )


def _resource(state: Encounter, user: Creature, resource: str) -> int | None:
    if resource == "heroic":
        return user.heroic_resource
    malice = getattr(state.turn, "malice", None)
    return malice if isinstance(malice, int) else None


def _thing(state: Encounter, tid: str) -> Creature | MapObject:
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
    if d.kind == "self" or d.kind == "special":
        return None
    gap = distance(user.pos, user.n, target.pos, target.n)
    melee = d.value if d.kind in ("melee", "melee or ranged") else -1
    ranged = d.value if d.kind == "ranged" else d.within if d.kind == "melee or ranged" else -1
    if gap > max(melee, ranged):
        return f"{gap} squares away"
    if not _sees(state, user, target):
        return "no line of effect"
    return None


def _chosen(state: Encounter, request: UseAbility, user: Creature, ability: Ability) -> tuple[str, ...]:
    t = ability.target
    if ability.distance.kind == "self" or t.kind == "self":
        if request.targets not in ((), (user.id,)):
            raise ActionUnavailableError(
                f"{ability.name} by {user.id!r}: it targets its user only", rule="R-ABIL-9"
            )
        return (user.id,)
    if not request.targets and t.count is None:
        found = []
        for c in state.living():
            if _out_of_reach(state, user, ability, c) is None and allows(ability, user, c):
                found.append(c.id)
        return tuple(found)
    if not request.targets:
        raise ActionUnavailableError(f"{ability.name} by {user.id!r}: choose its target", rule="R-ABIL-9")
    if t.count is not None and len(request.targets) > t.count:
        raise ActionUnavailableError(
            f"{ability.name} by {user.id!r}: {len(request.targets)} targets, at most {t.count}",
            rule="R-ABIL-9",
        )
    for tid in request.targets:
        thing = _thing(state, tid)
        if not allows(ability, user, thing):
            raise ActionUnavailableError(
                f"{ability.name} by {user.id!r}: {tid!r} is not a target it allows ({t.kind})",
                rule="R-ABIL-9",
            )
        verify_can_target(state, user.id, tid)  # DS-COND-14, RB3-HIDE
        _in_reach(state, user, ability, thing)
    return request.targets


def _candidates(
    state: Encounter, request: UseAbility, user: Creature, ability: Ability
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
        if allows(ability, user, _thing(state, tid)) and area_line_of_effect(state, area, user.id, tid)
    ]
    return area, inside


def area_candidates(state: Encounter, request: UseAbility) -> tuple[str, ...]:
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
    state: Encounter, request: UseAbility, user: Creature, ability: Ability
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


def _plan(state: Encounter, request: UseAbility) -> _Plan:
    user = living(state, request.user, "ability")
    ability = user.ability(request.ability)
    if ability is None:
        names = ", ".join(a.name for a in user.abilities) or "none"
        raise ActionUnavailableError(
            f"ability {request.ability!r} by {user.id!r}: not on its block (it has: {names})", rule="R-ABIL-1"
        )
    _acting(state, user, ability)
    _check_cost(state, user, ability)
    if ability.distance.is_area:
        area, targets = _in_area(state, request, user, ability)
    else:
        if request.origin is not None or request.direction is not None or request.wall:
            raise InvalidArgumentError(
                f"{ability.name}: {ability.distance.printed()} is not an area; it takes no placement",
                rule="R-AREA-1",
            )
        area, targets = None, _chosen(state, request, user, ability)
    for key, what in ((request.tiers, "tiers"), (request.slides, "slides"), (request.shifts, "shifts")):
        for tid in key or ():
            if tid not in targets:
                raise InvalidArgumentError(f"{what}: {tid!r} is not a target of this use", rule="R-ABIL-9")
    if request.damage_type is not None:
        printed = {t for e in _all_effects(ability) if isinstance(e, Damage) for t in e.types}
        if request.damage_type not in printed:
            raise InvalidArgumentError(
                f"damage_type {request.damage_type!r}: {ability.name} prints {sorted(printed) or 'no type'}",
                rule="R-ABIL-3",
            )
    for tid, path in (request.slides or {}).items():
        _forced(ForcedMovement("slide", len(path)), user, ability, tid, area, request).verify(state)
    return _Plan(user, ability, targets, area)


def _all_effects(ability: Ability) -> tuple[Effect, ...]:
    pr = ability.power_roll
    return () if pr is None else tuple(e for tier in pr.tiers for e in tier.effects)


def verify_use_ability(state: Encounter, request: UseAbility) -> None:
    """Raise the :class:`~brawl.errors.RulesError` that forbids this use, by checks alone (R-ABIL-1..12).

    The user alive with the ability on its block, able to take the ability's kind of action
    (DS-COND-04, DS-TURN-08), paying its cost (DS-SIDE-04, RB6-MALICE); each target allowed,
    within distance and in line of effect, not hidden from a non-area ability (DS-COND-14), or the
    area placed in range with line of effect to its origin (R-AREA-1..5).
    """
    _plan(state, request)


def ability_targets(state: Encounter, request: UseAbility) -> tuple[str, ...]:
    """The targets this use would resolve, in order: those chosen, or those its area or reach
    finds (R-ABIL-9, R-AREA-5); raises like :func:`verify_use_ability`, whose checks it makes."""
    return _plan(state, request).targets


def can_use_ability(state: Encounter, request: UseAbility) -> bool:
    """Whether :func:`use_ability` accepts this request (the checks of :func:`verify_use_ability`)."""
    try:
        verify_use_ability(state, request)
    except RulesError:
        return False
    return True


def _characteristic(user: Creature, ability: Ability) -> tuple[int, str | None]:
    pr = ability.power_roll
    if pr is None:
        return 0, None
    if not pr.characteristics:
        return pr.bonus or 0, None
    best = max(pr.characteristics, key=lambda c: (user.characteristics.get(c), -pr.characteristics.index(c)))
    return user.characteristics.get(best), best


def _deals_damage(ability: Ability) -> bool:
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


def _forced(
    effect: ForcedMovement,
    user: Creature,
    ability: Ability,
    target: str,
    area: Area | None,
    request: UseAbility,
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


def _center(
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


def _pay(state: Encounter, user: Creature, ability: Ability) -> Outcome:
    cost = ability.cost
    if cost is None:
        return Outcome(state, ())
    if cost.resource == "heroic":
        left = user.heroic_resource - cost.amount
        state = state.with_creature(attrs.evolve(user, heroic_resource=left))
    else:
        left = (_resource(state, user, "malice") or 0) - cost.amount
        state = state.with_turn(attrs.evolve(state.turn, malice=left))  # type: ignore[misc]
    event = ResourceSpent(
        user=user.id,
        ability=ability.name,
        resource=cost.resource,
        amount=cost.amount,
        left=left,
        rules=RESOURCE_RULES[cost.resource],
    )
    return Outcome(state, (event,))


def _use(state: Encounter, plan: _Plan, request: UseAbility) -> Outcome:
    user, ability, area = plan.user, plan.ability, plan.area
    out = _pay(state, user, ability)
    rules = (
        ("R-ABIL-1", "R-ABIL-11")
        if area is None
        else ("R-ABIL-1", "R-ABIL-11", _AREA_RULE[area.shape], "R-AREA-5", "R-AREA-7")
    )
    out = out.add(
        AbilityUsed(
            user=user.id,
            ability=ability.name,
            action_type=ability.action_type,
            targets=plan.targets,
            area=None if area is None else area.shape,
            origin=None if area is None else area.origin,
            squares=() if area is None else area.squares,
            rules=rules,
        )
    )
    out = _table(out, user, ability, ability.effect_before, None)
    if ability.distance.kind == "special":
        out = _table(out, user, ability, f"distance: {ability.distance.printed()}", None)
    if ability.target.kind == "special":
        out = _table(out, user, ability, f"target: {ability.target.text or 'special'}", None)
    if ability.power_roll is not None and plan.targets:
        before = len(out.events)
        out = _roll_and_resolve(out, plan, request)
        out = _refund(out, plan, out.events[before:])
    return _table(out, user, ability, ability.effect_after, None)


def _only_potency(ability: Ability) -> bool:
    """Whether the ability does nothing but potency effects: no effect lines, nothing special."""
    return (
        not ability.effect_before.strip()
        and not ability.effect_after.strip()
        and ability.distance.kind != "special"
        and ability.target.kind != "special"
    )


def _refund(out: Outcome, plan: _Plan, events: Sequence[object]) -> Outcome:
    """Give the cost back when the ability did nothing but potency effects every target resisted.

    Each tier reached must hold only effects behind a potency, at least one potency must have been
    checked, and none applied (RB2-POTENCY, R-ABIL-8).
    """
    user, ability, cost = plan.user, plan.ability, plan.ability.cost
    pr = ability.power_roll
    if cost is None or pr is None or not _only_potency(ability):
        return out
    reached = [e.tier for e in events if isinstance(e, TierReached)]
    if any(x.potency is None for tier in reached for x in pr.tiers[tier - 1].effects):
        return out
    checks = [e for e in events if isinstance(e, PotencyChecked)]
    if not checks or any(c.applies for c in checks):
        return out
    state = out.state
    if cost.resource == "heroic":
        if user.id not in state.creatures:
            return out
        total = state.creature(user.id).heroic_resource + cost.amount
        state = state.update_creature(user.id, heroic_resource=total)
    else:
        total = (_resource(state, user, "malice") or 0) + cost.amount
        state = state.with_turn(attrs.evolve(state.turn, malice=total))  # type: ignore[misc]
    return out.add(
        ResourceRefunded(
            user=user.id,
            ability=ability.name,
            resource=cost.resource,
            amount=cost.amount,
            total=total,
            rules=("RB2-POTENCY", "R-ABIL-8"),
        ),
        state=state,
    )


_AREA_RULE = {
    "burst": "R-AREA-1",
    "aura": "R-AREA-1",
    "cube": "R-AREA-2",
    "line": "R-AREA-3",
    "wall": "R-AREA-4",
}


def _table(out: Outcome, user: Creature, ability: Ability, words: str, target: str | None) -> Outcome:
    if not words.strip():
        return out
    return out.add(
        EffectForTable(user=user.id, ability=ability.name, text=words, target=target, rules=("R-ABIL-4",))
    )


_ROLL_RULES = ("RB3-MULTI", "R-ABIL-2")
"""The rules an ability's power roll cites besides its own."""


def _roll_and_resolve(out: Outcome, plan: _Plan, request: UseAbility) -> Outcome:
    user, ability = plan.user, plan.ability
    pr = ability.power_roll
    assert pr is not None  # checked by the caller
    value, uses = _characteristic(user, ability)
    keywords = lowered_keywords(ability.keywords)
    damaging = _deals_damage(ability)
    faces: tuple[int, int] | None = request.dice
    source: str | None = None
    tiers: list[tuple[str, int]] = []
    if not (type(value) is int and -100 <= value <= 100):  # as the first roll would refuse it
        whole_number(value, -100, 100, what="characteristic", rule="RB4-CHARACTERISTICS")
    state, done = out.state, out.events
    for tid in plan.targets:
        roller = state.creature(user.id)
        t = state.creatures.get(tid)
        if t is None and tid not in state.objects:
            state.creature(tid)  # raises: no such creature
        extra = request.extra
        if damaging and "strike" not in keywords and t is not None:
            cover = creature_cover(state, t, roller)  # DS-EDGE-08: damage-dealing abilities, R-EDGE-2
            if cover is not None:
                extra = (*extra, bane(f"{tid} has cover from {user.id}", *cover))
        tier, state, events = roll_against(
            state, roller, tid, t, value, keywords, keywords, faces, ability.name, extra,
            _ROLL_RULES, True, uses,
        )  # fmt: skip
        rolled: PowerRolled = events[0]  # type: ignore[assignment]
        if faces is None:
            faces, source = rolled.dice, rolled.source
        elif source is not None:  # one power roll for every target (RB3-MULTI)
            events = (replaced(rolled, source=source), *events[1:])
        done += events
        tiers.append((tid, tier))
    out = Outcome(state, done)
    downgraded = False
    for tid, rolled_tier in tiers:
        wanted = (request.tiers or immutables.Map()).get(tid, rolled_tier)
        tier = min(wanted, rolled_tier)
        printed = pr.tiers[tier - 1]
        rules = (
            ("RB3-MULTI", "DS-TURN-13")
            if tier == rolled_tier
            else ("RB3-MULTI", "DS-TURN-13", "RB3-DOWNGRADE")
        )
        out = out.add(
            TierReached(
                user=user.id,
                ability=ability.name,
                target=tid,
                rolled=rolled_tier,
                tier=tier,
                text=printed.text,
                rules=rules,
            )
        )
        downgraded = downgraded or tier < rolled_tier
        for effect in printed.effects:
            out = _apply(out, plan, request, tid, effect)
    if ability.action_type == "main action" and faces is not None:  # not a maneuver's (RB-CRIT-04)
        crit = critical_hit(
            user.id, ability.name, sum(faces), downgraded=downgraded, off_turn=request.granted
        )
        if crit is not None:
            out = out.add(crit)
    return out


def _apply(out: Outcome, plan: _Plan, request: UseAbility, tid: str, effect: Effect) -> Outcome:
    user, ability = plan.user, plan.ability
    state = out.state
    if tid not in state.creatures and tid not in state.objects:
        return out.add(
            Note(text=f"{tid} is gone: {effect.printed()} has nothing to act on", rules=("R-ABIL-11",))
        )
    thing = _thing(state, tid)
    user_now = state.creatures.get(user.id, user)
    if effect.potency is not None:
        check = check_potency(effect.potency, user_now, thing, effect=effect.printed())
        out = out.add(check)
        if not check.applies:
            return out
    dead = isinstance(thing, Creature) and thing.dead
    if isinstance(effect, TextEffect):
        return _table(out, user, ability, effect.text, tid)
    if isinstance(effect, GainResource):
        return _gain(out, user_now, ability, tid, effect)
    if isinstance(effect, Shift):
        return _shift(out, user_now, ability, tid, effect, request)
    if isinstance(effect, ForcedMovement):
        if effect.vertical_potency is not None:  # vertical only if the target fails it (RB2-POTENCY)
            words = f"the {effect.kind} is vertical"
            check = check_potency(effect.vertical_potency, user_now, thing, effect=words)
            out = out.add(check)
            effect = attrs.evolve(effect, vertical=check.applies, vertical_potency=None)
        center = (
            _center(plan.area, request.origin, ability, user_now, effect, thing.pos.z)
            if effect.toward_center
            else None
        )
        if effect.toward_center and center is None:
            return out.add(
                Note(
                    text=f"{effect.printed()} on {tid}: not possible ({ability.distance.printed()} "
                    "has no center square)",
                    rules=("R-ABIL-10", "R-ABIL-15"),
                )
            )
        move = _forced(effect, user_now, ability, tid, plan.area, request)
        if center is not None:
            move = attrs.evolve(move, source=center)
        try:
            move.verify(state)
        except RulesError as exc:
            return out.add(
                Note(text=f"{effect.printed()} on {tid}: not possible ({exc})", rules=("R-ABIL-10",))
            )
        return out.then(force_move, move)
    if dead:
        return out.add(Note(text=f"{tid} is dead: {effect.printed()} has no effect", rules=("DS-STAM-09",)))
    if isinstance(effect, Damage):
        return out.then(
            deal_damage, tid, _amount(user_now, effect), _type(effect, request), source=user.id,
            knock_out=request.knock_out, rules=("R-ABIL-2",),
        )  # fmt: skip
    if isinstance(effect, NamedEffect):
        return _named(out, user_now, ability, tid, effect, thing)
    if isinstance(effect, Healing):
        return _heal(out, user_now, ability, tid, effect)
    if isinstance(effect, LoseRecoveries):
        return _lose_recoveries(out, ability, tid, effect)
    if isinstance(effect, Fall):
        return _fall(out, tid, effect, thing)
    return _condition(out, user_now, tid, effect, thing)


_LASTS = {
    "end of turn": ("until the end of its turn", "RB2-EOT"),
    "save ends": ("until it saves (6+ on a d10 at the end of its turn)", "RB2-SAVE"),
    "end of encounter": ("until the end of the encounter", "RB2-EOE"),
    "": ("until an effect ends it", "R-ABIL-5"),
}
"""How long a named effect lasts, in words, and the rule that ends it."""


def _named(
    out: Outcome, user: Creature, ability: Ability, tid: str, effect: NamedEffect, thing: Creature | MapObject
) -> Outcome:
    """A named lasting effect the nine conditions do not cover: shown to the table on its target
    with how it ends (R-ABIL-14, RB2-EOT, RB2-SAVE, RB2-EOE), and kept on a creature target as a
    named condition that ends by its duration, from the user (R-ABIL-16)."""
    lasts, rule = _LASTS[effect.duration]
    about, n = re.subn(r"^(?:the\s+)?target\b", tid, effect.name, flags=re.IGNORECASE)
    words = about if n else f"{tid} is {effect.name}"
    out = out.add(
        EffectForTable(
            user=user.id,
            ability=ability.name,
            text=f"{words} {lasts}" if effect.duration else words,
            target=tid,
            rules=("R-ABIL-4", "R-ABIL-14", rule),
        )
    )
    if isinstance(thing, MapObject):
        return out
    name = about if n else effect.name
    try:
        return out.then(
            add_named_condition, tid, name, DURATIONS[effect.duration], source=user.id, rules=(rule,)
        )
    except RulesError as exc:
        return out.add(Note(text=f"{effect.printed()} on {tid}: not kept ({exc})", rules=("R-ABIL-16",)))


def _heal(out: Outcome, user: Creature, ability: Ability, tid: str, effect: Healing) -> Outcome:
    """The target (or the user) regains Stamina, up to its maximum (R-STAM-5, R-ABIL-14)."""
    who = tid if effect.who == "target" else user.id
    c = out.state.creatures.get(who)
    if c is None or c.dead:
        return out.add(Note(text=f"{effect.printed()}: {who} is not a living creature", rules=("R-ABIL-14",)))
    return out.then(regain_stamina, who, effect.amount, reason=ability.name, rules=("R-ABIL-14",))


def _lose_recoveries(out: Outcome, ability: Ability, tid: str, effect: LoseRecoveries) -> Outcome:
    """The target loses Recoveries, dice rolled if printed, never below 0; a creature without
    Recoveries (a Director creature, DS-STAM-11) loses nothing (DS-STAM-01, R-ABIL-14)."""
    c = out.state.creatures.get(tid)
    if c is None or c.recoveries_max == 0:
        return out.add(
            Note(text=f"{effect.printed()}: {tid} has no Recoveries", rules=("R-ABIL-14", "DS-STAM-11"))
        )
    amount = effect.count
    if effect.sides:
        faces, out = roll_dice(
            out.state,
            effect.sides,
            effect.count,
            purpose="Recoveries lost",
            creature=tid,
            rules=("R-ABIL-14",),
        )
        amount = sum(faces)
    c = out.state.creature(tid)
    after = max(0, c.recoveries - amount)
    return out.add(
        RecoveriesLost(
            creature=tid,
            amount=amount,
            recoveries_before=c.recoveries,
            recoveries_after=after,
            reason=ability.name,
            rules=("DS-STAM-01", "R-ABIL-14"),
        ),
        state=out.state.update_creature(tid, recoveries=after),
    )


def _shift(
    out: Outcome, user: Creature, ability: Ability, tid: str, effect: Shift, request: UseAbility
) -> Outcome:
    """The mover shifts along the path the request gives for this target, up to the printed
    squares (DS-MOVE-09, DS-MOVE-10); without a path the shift is offered to the table (R-ABIL-14)."""
    mover = tid if effect.who == "target" else user.id
    c = out.state.creatures.get(mover)
    if c is None or c.dead:
        return out.add(Note(text=f"{mover} can't shift: it is not a living creature", rules=("R-ABIL-14",)))
    path = (request.shifts or immutables.Map()).get(tid)
    if path:
        squares = effect.distance if effect.distance is not None else len(path)
        try:
            if effect.teleport:  # the path's last square is where it teleports to
                teleporter = None if mover == user.id else user.id
                return out.then(Teleport(mover, path[-1], teleporter=teleporter, distance=squares).resolve)
            return out.then(ShiftRequest(mover, path, squares=squares, granted=True).resolve)
        except RulesError as exc:
            return out.add(
                Note(text=f"{effect.printed()} for {mover}: not possible ({exc})", rules=("R-ABIL-14",))
            )
    unit = "square" if effect.distance == 1 else "squares"
    where = f"up to {effect.distance} {unit}" if effect.distance is not None else f"into {effect.place}"
    return out.add(
        EffectForTable(
            user=user.id,
            ability=ability.name,
            text=f"{mover} may {'teleport' if effect.teleport else 'shift'} {where}",
            target=tid,
            rules=("R-ABIL-14", "DS-TELE-01")
            if effect.teleport
            else ("R-ABIL-14", "DS-MOVE-09", "DS-MOVE-10"),
        )
    )


def _fall(out: Outcome, tid: str, effect: Fall, thing: Creature | MapObject) -> Outcome:
    """The target falls if nothing holds it up where it is (DS-FALL-01, R-ABIL-14)."""
    if isinstance(thing, Creature) and should_fall(out.state, tid):
        return out.then(FallRequest(tid, rules=("R-ABIL-14",)).resolve)
    return out.add(
        Note(
            text=f"{effect.printed()}: nothing is below {tid} to fall into", rules=("R-ABIL-14", "DS-FALL-01")
        )
    )


def _gain(out: Outcome, user: Creature, ability: Ability, tid: str, effect: GainResource) -> Outcome:
    """Malice for the Director, or Heroic Resource for a hero (RB6-MALICE, R-ABIL-14)."""
    state = out.state
    if effect.resource == "malice":
        malice = _resource(state, user, "malice")
        if malice is None:
            return out.add(
                Note(text=f"{effect.printed()}: no Director's Malice is kept here", rules=("RB6-MALICE",))
            )
        total = min(MAX_COUNT, malice + effect.amount)
        return out.add(
            MaliceGained(
                amount=effect.amount, total=total, reason=ability.name, rules=("RB6-MALICE", "R-ABIL-14")
            ),
            state=state.with_turn(attrs.evolve(state.turn, malice=total)),  # type: ignore[misc]
        )
    who = tid if effect.who == "target" else user.id
    c = state.creatures.get(who)
    if c is None or not c.hero:
        return out.add(
            Note(text=f"{effect.printed()}: {who} is not a hero with a Heroic Resource", rules=("R-ABIL-14",))
        )
    total = min(MAX_COUNT, c.heroic_resource + effect.amount)
    return out.add(
        ResourceGained(creature=who, amount=effect.amount, total=total, rules=("R-ABIL-14",)),
        state=state.update_creature(who, heroic_resource=total),
    )


def _amount(user: Creature, effect: Damage) -> int:
    added = max((user.characteristics.get(c) for c in effect.characteristics), default=0)
    return max(0, effect.amount + added)


def _type(effect: Damage, request: UseAbility) -> str | None:
    if not effect.types:
        return None
    if request.damage_type in effect.types:
        return request.damage_type
    return effect.types[0]


def _condition(
    out: Outcome, user: Creature, tid: str, effect: ApplyCondition, thing: Creature | MapObject
) -> Outcome:
    if isinstance(thing, MapObject):
        return out.add(
            Note(text=f"{tid} is an object: {effect.printed()} does not apply", rules=("R-ABIL-7",))
        )
    try:
        return out.then(
            add_condition, tid, effect.condition, DURATIONS[effect.duration], source=user.id,
            can_stand=effect.can_stand,
            rules=("R-ABIL-5",) if effect.can_stand else ("R-ABIL-5", "RB1-PRONE"),
        )  # fmt: skip
    except RulesError as exc:
        return out.add(Note(text=f"{effect.printed()} on {tid}: not imposed ({exc})", rules=("R-ABIL-5",)))


def use_ability(
    state: Encounter,
    user: str,
    ability: str,
    *,
    targets: Iterable[str] = (),
    dice: tuple[int, int] | None = None,
    origin: Iterable[int] | None = None,
    direction: Iterable[int] | None = None,
    wall: Iterable[Iterable[int]] = (),
    tiers: Mapping[str, int] | None = None,
    damage_type: str | None = None,
    slides: Mapping[str, Iterable[Iterable[int]]] | None = None,
    extra: Sequence[Reason] = (),
    knock_out: bool = False,
    granted: bool = False,
    shifts: Mapping[str, Iterable[Iterable[int]]] | None = None,
) -> Outcome:
    """``user`` uses its ability named ``ability`` (R-ABIL-1..12, R-AREA-1..5).

    ``targets``: the creatures and objects chosen (an area finds its own when empty; choose among
    them when the ability allows fewer than are in it). ``dice``: the two d10 of the one power roll
    (RB3-MULTI). ``origin`` and ``direction`` place a cube or a line, ``wall`` lists a wall's
    squares. ``tiers`` takes a lower tier against a target (RB3-DOWNGRADE). ``damage_type`` picks
    among several printed types (R-ABIL-3); ``slides`` gives each slide's path (R-GEO-3).
    ``extra`` adds edge or bane reasons for every target; ``knock_out`` knocks out instead of
    killing (DS-STAM-13); ``granted``: used as an effect grants it, spending nothing of the turn
    (R-TURN-8); ``shifts`` gives, by target, the path of a shift its tier prints (R-ABIL-14).
    The request is :class:`UseAbility`; :func:`verify_use_ability` and
    :func:`can_use_ability` ask first.
    """
    request = UseAbility(
        user,
        ability,
        targets,
        dice,
        origin,
        direction,
        wall,
        tiers,
        damage_type,
        slides,
        extra,
        knock_out,
        granted,
        shifts=shifts,
    )
    return request.resolve(state)


__all__ = [
    "COSTS",
    "UseAbility",
    "ability_targets",
    "allows",
    "area_candidates",
    "can_use_ability",
    "use_ability",
    "verify_use_ability",
]
