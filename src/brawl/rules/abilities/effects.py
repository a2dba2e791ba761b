"""The resolution of a use of an ability: the cost paid, the one power roll for every target and
each tier's effects through the rules that own them (R-ABIL-2..16, RB3-MULTI, RB3-DOWNGRADE,
RB2-POTENCY, RB-CRIT-01..05).

Damage goes through :func:`~brawl.rules.damage.deal_damage` (immunity, weakness), forced movement
through :func:`~brawl.rules.forced.force_move` (slams, stability), conditions through
:func:`~brawl.rules.conditions.impose_condition` (durations), each with its potency checked first
(RB2-POTENCY); text the engine cannot resolve is reported
(:class:`~brawl.events.abilities.EffectForTable`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

import attrs
import immutables

from brawl.abilities.model import (
    Ability,
    ApplyCondition,
    Choice,
    Damage,
    Drain,
    EdgeOrBane,
    Effect,
    Fall,
    ForcedMovement,
    GainResource,
    Healing,
    Instead,
    LoseRecoveries,
    NamedEffect,
    OneTarget,
    Shift,
    TextEffect,
)
from brawl.checks import whole_number
from brawl.creature import MAX_COUNT, Creature, MapObject
from brawl.dice import roll_dice
from brawl.errors import RulesError
from brawl.events.abilities import (
    AbilityUsed,
    EffectForTable,
    PotencyChecked,
    ResourceRefunded,
    ResourceSpent,
    TierReached,
)
from brawl.events.base import Note
from brawl.events.damage import Damaged, RecoveriesLost
from brawl.events.dice import PowerRolled
from brawl.events.heroes import SurgesSpent
from brawl.events.turns import MaliceGained
from brawl.fields import replaced
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.rules.abilities.request import DURATIONS, RESOURCE_RULES, AbilityRequest
from brawl.rules.abilities.targets import (
    Plan,
    deals_damage,
    forced_move_of,
    pull_center,
    resource_left,
    roll_characteristic,
    spend_entry,
    spend_resource,
    thing_of,
)
from brawl.rules.conditions import add_named_condition, impose_condition
from brawl.rules.cover import creature_cover
from brawl.rules.damage import damage_many, deal_damage
from brawl.rules.edges import bane, lowered_keywords
from brawl.rules.falling import Fall as FallRequest
from brawl.rules.falling import should_fall
from brawl.rules.forced import force_move, plan_force
from brawl.rules.lasting import end_used
from brawl.rules.malice import (
    is_malice_feature,
    pending_potency,
    pending_strike,
    record_feature,
    spend_boosts,
)
from brawl.rules.movement import Shift as ShiftRequest
from brawl.rules.potency import check_potency
from brawl.rules.resources import (
    gain_outside_combat,
    gain_resource,
    named,
    shadow_discount,
    use_without_spending,
    waived_outside_combat,
)
from brawl.rules.squads import squads_in_area, strike_damage
from brawl.rules.stamina import regained
from brawl.rules.strikes import critical_hit, roll_against
from brawl.rules.surges import gain_surges, surge_damage, surge_potency
from brawl.rules.teleport import Teleport
from brawl.rules.villain import VILLAIN_ACTION, record_villain_action
from brawl.state import Encounter


def _with_malice(state: Encounter, total: int) -> Encounter:
    """``state`` with the Director's Malice set to ``total`` (RB6-MALICE), in the bookkeeping of the
    turn system that keeps it (:func:`resource_left`)."""
    return state.with_turn(replaced(state.turn, malice=total))  # its class: a layer above


def _pay(state: Encounter, user: Creature, ability: Ability, spent: int = 0) -> Outcome:
    out = _pay_cost(state, user, ability)
    entry = spend_entry(user, ability, spent)
    if entry is None:
        return out
    resource = spend_resource(user, ability)  # a "Spend X" entry: more of the resource (RB-HR-03)
    now = out.state.creature(user.id)
    if resource == "heroic":
        left = now.heroic_resource - spent
        state = out.state.with_creature(replaced(now, heroic_resource=left))
    else:
        left = (resource_left(out.state, now, "malice") or 0) - spent
        state = _with_malice(out.state, left)
    rules = ("RB-HR-03", *RESOURCE_RULES[resource])
    return Outcome(
        state,
        (
            *out.events,
            ResourceSpent(
                user=user.id, ability=ability.name, resource=resource, amount=spent, left=left,
                named=named(now) if resource == "heroic" else "", rules=rules,
            ),
            EffectForTable(user=user.id, ability=ability.name, text=entry.printed(), rules=rules),
        ),
    )  # fmt: skip


def _pay_cost(state: Encounter, user: Creature, ability: Ability) -> Outcome:
    cost = ability.cost
    if cost is None:
        return Outcome(state, ())
    if waived_outside_combat(state, user, ability):
        return use_without_spending(state, user, ability)
    if cost.resource == "heroic":
        left = user.heroic_resource - cost.amount
        state = state.with_creature(replaced(user, heroic_resource=left))
    else:
        left = (resource_left(state, user, "malice") or 0) - cost.amount
        state = _with_malice(state, left)
    event = ResourceSpent(
        user=user.id,
        ability=ability.name,
        resource=cost.resource,
        amount=cost.amount,
        left=left,
        named=named(user) if cost.resource == "heroic" else "",
        rules=RESOURCE_RULES[cost.resource],
    )
    return Outcome(state, (event,))


def resolve_use(state: Encounter, plan: Plan, request: AbilityRequest) -> Outcome:
    user, ability, area = plan.user, plan.ability, plan.area
    out = _pay(state, user, ability, request.spend)
    if ability.action_type == VILLAIN_ACTION:
        out = out.then(record_villain_action, user.id, ability.name)
    elif is_malice_feature(ability):
        out = Outcome(record_feature(out.state, user.id), out.events)
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
        if any(type(e) is ResourceSpent for e in out.events[:before]):  # nothing to give back unpaid
            out = _refund(out, plan, out.events[before:])
            if not any(type(e) is ResourceRefunded for e in out.events[before:]):  # all given back
                out = shadow_discount(out, user.id, ability, out.events[before:])
        out = out.then(spend_boosts, user.id, ability)  # RB-MALICE-05, RB-MALICE-06
    return _table(out, user, ability, ability.effect_after, None)


def _only_potency(ability: Ability) -> bool:
    """Whether the ability does nothing but potency effects: no effect lines, nothing special."""
    return (
        not ability.effect_before.strip()
        and not ability.effect_after.strip()
        and ability.distance.kind != "special"
        and ability.target.kind != "special"
    )


def _refund(out: Outcome, plan: Plan, events: Sequence[object]) -> Outcome:
    """Give the cost back when the ability did nothing but potency effects every target resisted.

    Each tier reached must hold only effects behind a potency (not an alternative, whose first
    effects a resisting target gets), at least one potency must have been checked, and none
    applied (RB2-POTENCY, R-ABIL-8, R-ABIL-18).
    """
    user, ability, cost = plan.user, plan.ability, plan.ability.cost
    pr = ability.power_roll
    if cost is None or pr is None or not _only_potency(ability):
        return out
    reached = [e.tier for e in events if isinstance(e, TierReached)]
    if any(
        x.potency is None or isinstance(x, Instead) for tier in reached for x in pr.tiers[tier - 1].effects
    ):
        return out  # an alternative gives its first effects to a target that resists (R-ABIL-18)
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
        total = (resource_left(state, user, "malice") or 0) + cost.amount
        state = _with_malice(state, total)
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


def _roll_and_resolve(out: Outcome, plan: Plan, request: AbilityRequest) -> Outcome:
    user, ability = plan.user, plan.ability
    pr = ability.power_roll
    assert pr is not None  # checked by the caller
    value, uses = roll_characteristic(user, ability)
    keywords = lowered_keywords(ability.keywords)
    damaging = deals_damage(ability)
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
            _ROLL_RULES, True, uses, request.automatic_tier,
        )  # fmt: skip
        rolled = cast(PowerRolled, events[0])  # roll_against's first event is its roll
        if faces is None:
            faces, source = rolled.dice, rolled.source
        elif source is not None:  # one power roll for every target (RB3-MULTI)
            events = (replaced(rolled, source=source), *events[1:])
        done += events
        tiers.append((tid, tier))
    out = Outcome(state, done)
    out = out.then(end_used, user.id, "strike" in keywords)  # the next roll's edges, banes (R-ABIL-17)
    downgraded = False
    chosen_tiers = request.tiers or immutables.Map()
    together = (
        squads_in_area(out.state, [(tid, min(chosen_tiers.get(tid, r), r)) for tid, r in tiers])
        if plan.area is not None
        else {}
    )
    for tid, rolled_tier in tiers:
        wanted = chosen_tiers.get(tid, rolled_tier)
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
        ordinal = 0
        for effect in printed.effects:
            if isinstance(effect, OneTarget):  # the n-th such clause: the n-th target (R-ABIL-19)
                chosen = plan.targets[ordinal % len(plan.targets)]
                ordinal += 1
                if chosen != tid:
                    continue
            if tid in together and isinstance(effect, Damage) and effect.potency is None:
                out = _squad_damage(out, plan, request, together[tid], effect)  # RB-SQUAD-12
                continue
            out = _apply(out, plan, request, tid, effect)
    if ability.action_type == "main action" and faces is not None:  # not a maneuver's (RB-CRIT-04)
        crit = critical_hit(
            user.id, ability.name, sum(faces), downgraded=downgraded, off_turn=request.granted,
            automatic=request.automatic_tier is not None,
        )  # fmt: skip
        if crit is not None:
            out = out.add(crit)
    return out


def _squad_damage(
    out: Outcome, plan: Plan, request: AbilityRequest, group: tuple[str, ...], effect: Damage
) -> Outcome:
    """The area damage of one tier's ``effect`` to the minions of one squad in the area, dealt
    together when the first of them comes (``group``: the others come with nothing): the squad's
    immunity and weakness once, each minion at most its own Stamina (RB-SQUAD-10..12, R-SQUAD-2)."""
    state = out.state
    hit = [m for m in group if m in state.creatures and not state.creatures[m].dead]
    if not hit:
        return out
    user_now = state.creatures.get(plan.user.id, plan.user)
    amount = _amount(state, user_now, plan.ability, effect)
    return out.then(
        damage_many, hit, amount, _type(effect, request), source=plan.user.id, rules=("R-ABIL-2",), area=True
    )


def _apply(out: Outcome, plan: Plan, request: AbilityRequest, tid: str, effect: Effect) -> Outcome:
    user, ability = plan.user, plan.ability
    state = out.state
    if tid not in state.creatures and tid not in state.objects:
        return out.add(
            Note(text=f"{tid} is gone: {effect.printed()} has nothing to act on", rules=("R-ABIL-11",))
        )
    thing = thing_of(state, tid)
    user_now = state.creatures.get(user.id, user)
    if isinstance(effect, Instead):
        return _instead(out, plan, request, tid, effect, user_now, thing)
    raised = 0
    if effect.potency is not None or getattr(effect, "vertical_potency", None) is not None:
        out, raised = _potency_surges(out, user.id, request, tid)  # RB-SURGE-03
    if effect.potency is not None:
        potency = pending_potency(state, user_now, effect.potency)  # RB-MALICE-05
        check = check_potency(potency, user_now, thing, effect=effect.printed(), raised=raised)
        out = out.add(check)
        if not check.applies:
            return out
    dead = isinstance(thing, Creature) and thing.dead
    if isinstance(effect, TextEffect):
        return _table(out, user, ability, effect.text, tid)
    if isinstance(effect, Choice):
        return _choose(out, plan, request, tid, effect)
    if isinstance(effect, OneTarget):
        out = out.add(
            Note(text=f"{effect.printed()}: {tid}, by the order of the targets", rules=("R-ABIL-19",))
        )
        for inner in effect.effects:
            out = _apply(out, plan, request, tid, inner)
        return out
    if isinstance(effect, EdgeOrBane):
        return _edge_or_bane(out, user_now, tid, effect, thing)
    if isinstance(effect, GainResource):
        return _gain(out, user_now, ability, tid, effect)
    if isinstance(effect, Shift):
        return _shift(out, user_now, ability, tid, effect, request)
    if isinstance(effect, ForcedMovement):
        if effect.vertical_potency is not None:  # vertical only if the target fails it (RB2-POTENCY)
            words = f"the {effect.kind} is vertical"
            potency = pending_potency(state, user_now, effect.vertical_potency)  # RB-MALICE-05
            check = check_potency(potency, user_now, thing, effect=words, raised=raised)
            out = out.add(check)
            effect = attrs.evolve(effect, vertical=check.applies, vertical_potency=None)
        center = (
            pull_center(plan.area, request.origin, ability, user_now, effect, thing.pos.z)
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
        move = forced_move_of(effect, user_now, ability, tid, plan.area, request)
        if center is not None:
            move = attrs.evolve(move, source=center)
        # move.verify but for hero tokens, which a forced move of an effect never spends; checked
        # in the state it resolves in (surges spent on the potency above change it)
        try:
            checked = plan_force(out.state, move)
        except RulesError as exc:
            return out.add(
                Note(text=f"{effect.printed()} on {tid}: not possible ({exc})", rules=("R-ABIL-10",))
            )
        return out.then(force_move, move, checked=checked)
    if isinstance(effect, Drain):  # the user heals even when the damage killed its target
        return _drain(out, user_now, ability, tid, effect)
    if dead:
        return out.add(Note(text=f"{tid} is dead: {effect.printed()} has no effect", rules=("DS-STAM-09",)))
    if isinstance(effect, Damage):
        amount = _amount(state, user_now, ability, effect)
        amount += pending_strike(state, user.id, ability, tid == plan.targets[0])  # RB-MALICE-06
        if request.surges and request.surge_target in (None, tid) and not _spent(out, "damage", None):
            out, bonus = surge_damage(out, user.id, tid, request.surges)  # rolled damage (RB-SURGE-02)
            amount += bonus
        return out.then(
            deal_damage, tid, amount, _type(effect, request), source=user.id,
            knock_out=request.knock_out, rules=("R-ABIL-2",), area=plan.area is not None,
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


def _spent(out: Outcome, purpose: str, target: str | None) -> bool:
    """Whether this use already spent surges for ``purpose`` (on ``target``, if named)."""
    return any(
        type(e) is SurgesSpent and e.purpose == purpose and target in (None, e.target) for e in out.events
    )


def _potency_surges(out: Outcome, user: str, request: AbilityRequest, tid: str) -> tuple[Outcome, int]:
    """The raise of the potency against ``tid``: 1 if the request spends surges on it, paid the
    first time (RB-SURGE-03), else 0."""
    if tid not in request.potency_surges or user not in out.state.creatures:
        return out, 0
    if _spent(out, "potency", tid):
        return out, 1
    return surge_potency(out, user, tid), 1


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
    about, n = re.subn(r"^(?:the\s+)?target\b|\bthe\s+target\b", tid, effect.name, flags=re.IGNORECASE)
    if not n and re.match(r"can[’']?t\s", effect.name, re.IGNORECASE):  # "can't regain Stamina"
        about, n = f"{tid} {effect.name}", 1
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


def _choose(out: Outcome, plan: Plan, request: AbilityRequest, tid: str, effect: Choice) -> Outcome:
    """The option the user takes for this target (``choices``, by default the first printed),
    its effects applied in order (R-ABIL-18); an option the choice does not print is refused by
    the use's checks."""
    asked = (request.choices or immutables.Map()).get(tid, 0)
    index = asked if asked < len(effect.options) else 0  # another choice of the ability has more
    option = effect.options[index]
    words = " and ".join(e.printed() for e in option)
    unprinted = f"; option {asked} is not printed here, the first is taken" if index != asked else ""
    out = out.add(
        Note(
            text=f"{plan.user.id} chooses {words} for {tid} (of: {effect.printed()}){unprinted}",
            rules=("R-ABIL-18",),
        )
    )
    for inner in option:
        out = _apply(out, plan, request, tid, inner)
    return out


def _instead(
    out: Outcome,
    plan: Plan,
    request: AbilityRequest,
    tid: str,
    effect: Instead,
    user: Creature,
    thing: Creature | MapObject,
) -> Outcome:
    """The first effects, or the others in their place against a target that fails the potency
    (RB2-POTENCY, R-ABIL-18)."""
    check = check_potency(
        effect.potency, user, thing, effect=" and ".join(e.printed() for e in effect.instead)
    )
    out = out.add(check)
    for inner in effect.instead if check.applies else effect.effects:
        out = _apply(out, plan, request, tid, inner)
    return out


def _edge_or_bane(
    out: Outcome, user: Creature, tid: str, effect: EdgeOrBane, thing: Creature | MapObject
) -> Outcome:
    """A lasting edge or bane, kept on its creature by name with the user as its source, until the
    roll it names or for its duration (R-ABIL-17); the ability rolls of that creature count it."""
    who = tid if effect.who == "target" else user.id
    c = out.state.creatures.get(who)
    if c is None or c.dead or (who == tid and isinstance(thing, MapObject)):
        return out.add(Note(text=f"{effect.printed()}: {who} is not a living creature", rules=("R-ABIL-17",)))
    try:
        return out.then(
            add_named_condition, who, effect.condition_name, DURATIONS[effect.duration], source=user.id,
            rules=("R-ABIL-17",),
        )  # fmt: skip
    except RulesError as exc:
        return out.add(Note(text=f"{effect.printed()} on {who}: not kept ({exc})", rules=("R-ABIL-17",)))


def _heal(out: Outcome, user: Creature, ability: Ability, tid: str, effect: Healing) -> Outcome:
    """The target (or the user) regains Stamina, up to its maximum (R-STAM-5, R-ABIL-14). A
    Director creature regains Stamina only from the Director's own abilities or items: a hero's
    ability heals it nothing, which a note says (RB-DSTAM-05, R-DIR-11)."""
    who = tid if effect.who == "target" else user.id
    c = out.state.creatures.get(who)
    if c is None or c.dead:
        return out.add(Note(text=f"{effect.printed()}: {who} is not a living creature", rules=("R-ABIL-14",)))
    if user.hero and not c.hero and c.side != user.side:
        return out.add(
            Note(
                text=f"{effect.printed()}: {who} heals only by its own side's abilities or items",
                rules=("RB-DSTAM-05", "R-DIR-11"),
            )
        )
    return out.then(regained, who, effect.amount, reason=ability.name, rules=("R-ABIL-14",))


def _drain(out: Outcome, user: Creature, ability: Ability, tid: str, effect: Drain) -> Outcome:
    """Healing through damage: the user (or the target) regains the damage this tier dealt ``tid``
    after immunity and weakness, halved (rounded down) if printed so (R-ABIL-21, R-STAM-5). A
    Director creature's healing through damage to several targets restores one instance, never
    the total: each target adds only what its instance exceeds the largest one before it
    (RB-DSTAM-06)."""
    dealt = [e for e in out.events if isinstance(e, Damaged) and e.source == user.id]
    mine = [e.after_immunity for e in dealt if e.target == tid]
    if not mine:
        return out.add(Note(text=f"{effect.printed()}: no damage dealt to {tid}", rules=("R-ABIL-21",)))
    amount = mine[-1] // 2 if effect.half else mine[-1]
    rules: tuple[str, ...] = ("R-ABIL-21",)
    if not user.hero:
        before = [e.after_immunity for e in dealt if e.target != tid]
        best = max(before, default=0)
        amount = max(0, amount - (best // 2 if effect.half else best))
        rules = ("R-ABIL-21", "RB-DSTAM-06")
    who = tid if effect.who == "target" else user.id
    c = out.state.creatures.get(who)
    if amount == 0 or c is None or c.dead:
        return out.add(Note(text=f"{effect.printed()}: {who} regains nothing more", rules=rules))
    return out.then(regained, who, amount, reason=ability.name, rules=rules)


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
    out: Outcome, user: Creature, ability: Ability, tid: str, effect: Shift, request: AbilityRequest
) -> Outcome:
    """The mover shifts along the path the request gives for this target, up to the printed
    squares (DS-MOVE-09, DS-MOVE-10); without a path the shift is offered to the table (R-ABIL-14)."""
    mover = tid if effect.who == "target" else user.id
    c = out.state.creatures.get(mover)
    if c is None or c.dead:
        return out.add(Note(text=f"{mover} can't shift: it is not a living creature", rules=("R-ABIL-14",)))
    path = (request.shifts or immutables.Map()).get(tid)
    target = out.state.creatures.get(tid) or out.state.objects.get(tid)
    if path and effect.direction and target is not None:
        start, end = (distance(p, c.n, target.pos, target.n) for p in (c.pos, path[-1]))
        if (end >= start) if effect.direction.startswith("toward") else (end <= start):
            return out.add(
                Note(
                    text=f"{effect.printed()} for {mover}: not possible (the path ends {end} squares "
                    f"from {tid}, {start} before)",
                    rules=("R-ABIL-14", "R-ABIL-18"),
                )
            )
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
    if effect.direction:
        where = f"{where} {effect.direction.replace('the target', tid)}"
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
        malice = resource_left(state, user, "malice")
        if malice is None:
            return out.add(
                Note(text=f"{effect.printed()}: no Director's Malice is kept here", rules=("RB6-MALICE",))
            )
        total = min(MAX_COUNT, malice + effect.amount)
        return out.add(
            MaliceGained(
                amount=effect.amount, total=total, reason=ability.name, rules=("RB6-MALICE", "R-ABIL-14")
            ),
            state=_with_malice(state, total),
        )
    who = tid if effect.who == "target" else user.id
    c = state.creatures.get(who)
    if effect.resource == "surges":
        if c is None or c.dead:
            return out.add(
                Note(text=f"{effect.printed()}: {who} is not a living creature", rules=("RB-SURGE-01",))
            )
        return gain_surges(out, who, effect.amount, ("RB-SURGE-01", "R-ABIL-14"))
    if c is None or not c.hero:
        return out.add(
            Note(text=f"{effect.printed()}: {who} is not a hero with a Heroic Resource", rules=("R-ABIL-14",))
        )
    outside = gain_outside_combat(out, who)
    if outside is not None:
        return outside
    return gain_resource(out, who, effect.amount, ("R-ABIL-14",))


def _amount(state: Encounter, user: Creature, ability: Ability, effect: Damage) -> int:
    """The damage's number, its characteristic added, and a "With Captain" damage bonus if the
    ability is a strike (RB-CAPT-05)."""
    added = max((user.characteristics.get(c) for c in effect.characteristics), default=0)
    if user.with_captain is not None and "strike" in lowered_keywords(ability.keywords):
        added += strike_damage(state, user)
    return max(0, effect.amount + added)


def _type(effect: Damage, request: AbilityRequest) -> str | None:
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
            impose_condition, tid, effect.condition, DURATIONS[effect.duration], source=user.id,
            can_stand=effect.can_stand,
            rules=("R-ABIL-5",) if effect.can_stand else ("R-ABIL-5", "RB1-PRONE"),
        )  # fmt: skip
    except RulesError as exc:
        return out.add(Note(text=f"{effect.printed()} on {tid}: not imposed ({exc})", rules=("R-ABIL-5",)))


__all__ = ["resolve_use"]
