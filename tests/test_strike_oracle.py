"""The free strike and an ability's power rolls against the general code they were made of.

A free strike now looks each creature up once and passes it on, builds its events once, counts
edges and banes straight from the reasons, draws its dice and builds the damaged creature
without checking again what the engine itself just worked out, and asks for cover, submersion
and concealment only where the map or the creatures can give them. The oracles below are the
earlier code of the strike's whole path (verify, edges and banes, Aid Attack, Defend, flanking,
the power roll, the damage and the Stamina it stores), kept here unchanged but for the names
and for the critical hit, now an event of its own after the roll's effects (RB-CRIT-01..05);
every event, every state and every refusal must be the same for every encounter Hypothesis
draws, and for the strikes and ability uses of seeded fights of the shipped scenarios.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import immutables
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import Cell, Encounter, Pos
from brawl.actions import StartCombat, apply
from brawl.checks import whole_number
from brawl.conditions import KNOCKED_OUT, Condition, ConditionName, Duration, Effect, EffectKind
from brawl.creature import Creature, MapObject, MovementType
from brawl.damagetypes import ALL, DamageType
from brawl.dice import (
    MAX_EDGES,
    NATURAL_TIER_3,
    POWER_DICE,
    POWER_DIE_SIDES,
    PowerRoll,
    PowerRollOutcome,
    _automatic,
    _check_int,
    _faces,
    _tier,
    net_edges,
)
from brawl.errors import ActionUnavailableError, ArgumentTypeError, BrawlError, InvalidArgumentError
from brawl.events.abilities import TierReached
from brawl.events.actions import Struck
from brawl.events.base import Event, Note
from brawl.events.damage import (
    BecameDying,
    BecameWinded,
    Damaged,
    Died,
    KnockedOut,
    NoLongerDying,
    NoLongerWinded,
)
from brawl.events.dice import PowerRolled
from brawl.events.turns import CriticalHit
from brawl.fields import replaced
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.rng import MAX_DRAWS, MAX_SIDES, Rng, _splitmix64
from brawl.rules.abilities import UseAbility
from brawl.rules.abilities import effects as abilities_module
from brawl.rules.abilities.targets import Plan, _in_reach, _sees, deals_damage, roll_characteristic
from brawl.rules.concealment import concealment_rules
from brawl.rules.conditions import (
    can_take_main_actions,
    can_take_triggered_actions,
    clear_condition,
    impose_condition,
    is_knocked_out,
    release_grabs,
    taunting,
)
from brawl.rules.cover import _object_cells_in, _object_in, cover_rules, creature_cover
from brawl.rules.damage import (
    Damage,
    DamageSteps,
    Modifier,
    _damage_object,
    _submerged,
    _verified,
    compute,
)
from brawl.rules.edges import (
    PHYSICAL,
    EdgesAndBanes,
    Reason,
    _lowered,
    _lowered_set,
    _names,
    bane,
    crosses_opposite_sides,
    edge,
    edges_and_banes,
    has_high_ground,
    has_line_of_effect,
)
from brawl.rules.settle import settle
from brawl.rules.stamina import DYING, _death, death_threshold, with_stamina, would_die
from brawl.rules.stealth import check_target
from brawl.rules.strikes import (
    MELEE_DISTANCE,
    MELEE_FREE_STRIKE_DAMAGE,
    MELEE_STRIKE,
    RANGED_DISTANCE,
    RANGED_FREE_STRIKE_DAMAGE,
    RANGED_STRIKE,
    FreeStrike,
    _strike_name,
    _use_aid,
    action_roll,
    is_flanking,
    living,
    strike_characteristic,
)
from brawl.sim import Options, greedy, standing_sides
from brawl.state import Encounter as State
from brawl.strategies import creatures, encounters

# -- the earlier, general code ------------------------------------------------------------------


def _sides_of(point: tuple[float, float], box: tuple[float, float, float, float]) -> set[str]:
    x, y = point
    x0, y0, x1, y1 = box
    eps = 1e-9
    sides = set()
    if abs(x - x0) < eps:
        sides.add("w")
    if abs(x - x1) < eps:
        sides.add("e")
    if abs(y - y0) < eps:
        sides.add("n")
    if abs(y - y1) < eps:
        sides.add("s")
    return sides


def old_crosses_opposite_sides(a: Creature, b: Creature, e: Creature) -> bool:
    ax, ay = a.pos.x + a.n / 2, a.pos.y + a.n / 2
    bx, by = b.pos.x + b.n / 2, b.pos.y + b.n / 2
    box = (float(e.pos.x), float(e.pos.y), float(e.pos.x + e.n), float(e.pos.y + e.n))
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - box[0]), (dx, box[2] - ax), (-dy, ay - box[1]), (dy, box[3] - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return False
    entry = (ax + dx * t0, ay + dy * t0)
    exit_ = (ax + dx * t1, ay + dy * t1)
    mid = ((entry[0] + exit_[0]) / 2, (entry[1] + exit_[1]) / 2)
    if not (box[0] < mid[0] < box[2] and box[1] < mid[1] < box[3]):
        return False
    s0, s1 = _sides_of(entry, box), _sides_of(exit_, box)
    opposite = {("w", "e"), ("e", "w"), ("n", "s"), ("s", "n")}
    return any((u, v) in opposite for u in s0 for v in s1)


def old_is_flanking(state: Encounter, attacker: str, enemy: str) -> str | None:
    a, e = state.creature(attacker), state.creature(enemy)
    if a.side == e.side or a.dead or e.dead:
        return None

    def adjacent(c: Creature) -> bool:
        return distance(c.pos, c.n, e.pos, e.n) == 1

    def able(c: Creature) -> bool:
        return can_take_triggered_actions(state, c.id) and has_line_of_effect(state, c.id, e.id)

    if not adjacent(a) or not able(a):
        return None
    for ally in state.allies_of(attacker):
        if adjacent(ally) and old_crosses_opposite_sides(a, ally, e) and able(ally):
            return ally.id
    return None


def old_effect_reasons(state: Encounter, roller: str, target: str, *, melee_strike: bool) -> list[Reason]:
    r, t = state.creature(roller), state.creature(target)
    found: list[Reason] = []
    for eff in t.effects:
        if eff.kind is EffectKind.AIDED and eff.source != roller:
            aider = state.creatures.get(eff.source)
            if aider is not None and aider.side == r.side:
                found.append(edge(f"{eff.source} aided the attack on {target}", "DS-ACT-03"))
                break
    if any(eff.kind is EffectKind.DEFENDING for eff in t.effects) and not taunting(state, target):
        found.append(bane(f"{target} is defending", "DS-ACT-19", double=True))
    if melee_strike:
        ally = old_is_flanking(state, roller, target)
        if ally is not None:
            found.append(edge(f"{roller} flanks {target} with {ally}", "DS-EDGE-05", "DS-EDGE-06"))
    return found


def old_edges_and_banes(
    state: Encounter,
    roller: str,
    target: str | None = None,
    ability_keywords: Iterable[str] = frozenset(),
    *,
    kind: str = "ability",
    characteristic: str | None = None,
    climbing: bool = False,
    extra: Sequence[Reason] = (),
    deals_damage: bool | None = None,
) -> EdgesAndBanes:
    if kind not in ("ability", "test"):
        raise InvalidArgumentError(f"roll kind {kind!r}: 'ability' or 'test'", rule="RB3-EDGES")
    try:
        if isinstance(ability_keywords, frozenset):
            keywords = _lowered_set(ability_keywords)
        else:
            keywords = _lowered(ability_keywords)
    except TypeError:
        raise ArgumentTypeError(
            f"ability keywords {ability_keywords!r}: an iterable of words", rule="RB3-EDGES"
        ) from None
    if not all(isinstance(r, Reason) for r in extra):
        raise ArgumentTypeError(f"extra reasons {extra!r}: each must be a Reason", rule="RB3-EDGES")
    r = state.creature(roller)
    t: Creature | None = None
    if target is not None:
        if target not in state.objects:
            t = state.creature(target)
        elif kind != "ability":
            raise InvalidArgumentError(
                f"test against object {target!r}: tests have no target", rule="RB3-EDGES"
            )
    ability = kind == "ability"
    if deals_damage is not None and not isinstance(deals_damage, bool):
        raise ArgumentTypeError(f"deals_damage {deals_damage!r}: True, False or None", rule="DS-EDGE-08")
    found: list[Reason] = []
    held = _names(r)
    if ConditionName.WEAKENED in held:
        found.append(bane(f"{roller} is weakened", "RB1-WEAKENED"))
    if ConditionName.RESTRAINED in held and (ability or (characteristic or "").lower() in PHYSICAL):
        found.append(bane(f"{roller} is restrained", "RB1-RESTRAINED"))
    if ability and "strike" in keywords and ConditionName.PRONE in held:
        found.append(bane(f"{roller} is prone and makes a strike", "RB1-PRONE"))
    if r.squeezed:
        found.append(bane(f"{roller} is squeezed into another creature's space", "DS-MOVE-06"))
    if state.terrain.is_submerged(r.pos, r.n) and not r.has_movement(MovementType.SWIM):
        found.append(bane(f"{roller} is fully submerged and can't swim at full speed", "DS-ENV-02"))
    if ability and ConditionName.FRIGHTENED in held:
        cond = r.conditions_named(ConditionName.FRIGHTENED)[0]
        if target is not None and cond.source == target:
            found.append(bane(f"{roller} is frightened of {target}", "RB1-FRIGHTENED"))
    if ability and ConditionName.TAUNTED in held:
        taunter = r.conditions_named(ConditionName.TAUNTED)[0].source
        if (
            taunter is not None
            and target != taunter
            and taunter in state.creatures
            and not state.creatures[taunter].dead
            and has_line_of_effect(state, roller, taunter)
        ):
            found.append(
                bane(f"{roller} is taunted by {taunter} and doesn't target it", "RB1-TAUNTED", double=True)
            )
    if ability and ConditionName.GRABBED in held:
        grabber = r.conditions_named(ConditionName.GRABBED)[0].source
        if target != grabber:
            found.append(bane(f"{roller} is grabbed and doesn't target its grabber", "RB1-GRABBED"))
    if ability and t is not None:
        on_target = _names(t)
        if ConditionName.PRONE in on_target and "melee" in keywords:
            found.append(edge(f"{t.id} is prone and the ability is melee", "RB1-PRONE"))
        if ConditionName.RESTRAINED in on_target:
            found.append(edge(f"{t.id} is restrained", "RB1-RESTRAINED"))
        if ConditionName.FRIGHTENED in on_target and any(
            x.source == roller for x in t.conditions_named(ConditionName.FRIGHTENED)
        ):
            found.append(edge(f"{t.id} is frightened of {roller}", "RB1-FRIGHTENED"))
        if ConditionName.SURPRISED in on_target:
            found.append(edge(f"{t.id} is surprised", "DS-COND-03"))
        if ConditionName.UNCONSCIOUS in on_target:
            found.append(edge(f"{t.id} is unconscious", "DS-COND-06", double=True))
        damaging = "strike" in keywords if deals_damage is None else deals_damage
        cover = cover_rules(state, t.id, roller) if damaging else None
        if cover is not None:
            how = "burrows and has" if cover[0].startswith("DS-MTYPE") else "has"
            found.append(bane(f"{t.id} {how} cover from {roller}", *cover))
        concealed = concealment_rules(state, t.id, roller) if "strike" in keywords else None
        if concealed is not None:
            how = "is invisible" if "DS-EDGE-10" in concealed else "is in darkness or fog"
            found.append(bane(f"{t.id} {how} and has concealment from {roller}", *concealed))
        if t.id in r.hidden_from:
            found.append(edge(f"{roller} is hidden from {t.id}", "RB3-HIDE"))
        if r.riding == t.id and "melee" in keywords:
            found.append(edge(f"{roller} climbs or rides {t.id} and the ability is melee", "DS-MOUNT-10"))
    if ability and target is not None and has_high_ground(state, roller, target, climbing=climbing):
        rules = ("DS-EDGE-01", "DS-EDGE-02", "DS-EDGE-03") if climbing else ("DS-EDGE-01", "DS-EDGE-02")
        found.append(edge(f"{roller} has high ground over {target}", *rules))
    found.extend(extra)
    return EdgesAndBanes(tuple(found))


def old_power_roll(
    state: Encounter,
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonus: int = 0,
    automatic_tier: int | Iterable[int] | None = None,
    dice: tuple[int, int] | None = None,
    creature: str | None = None,
    purpose: str = "power roll",
    rules: Sequence[str] = (),
    uses: str | None = None,
) -> PowerRollOutcome:
    _check_int(characteristic, "characteristic", -100, 100, "RB4-CHARACTERISTICS")
    _check_int(bonus, "bonus", -1000, 1000, "RB3-BONUS")
    net = net_edges(edges, banes)
    auto = _automatic(automatic_tier)
    faces, after, source = _faces(state, POWER_DIE_SIDES, POWER_DICE, dice, purpose, (*rules, "RB3-EDGES"))
    natural = faces[0] + faces[1]
    total = natural + characteristic + bonus
    if abs(net) == 1:
        total += 2 * net
    tier = _tier(total)
    if abs(net) == 2:
        tier = max(1, min(3, tier + net // 2))
    cited = [*rules, "DS-TURN-13", "RB3-EDGES"]
    if auto is not None:
        tier = auto
        cited.append("RB3-AUTOMATIC")
    if natural >= NATURAL_TIER_3:
        tier = 3
        cited.append("RB3-NATURAL")
        if auto is not None and auto != 3:
            cited.append("R-DICE-1")
    result = PowerRoll(
        dice=(faces[0], faces[1]),
        characteristic=characteristic,
        bonus=bonus,
        edges=min(edges, MAX_EDGES),
        banes=min(banes, MAX_EDGES),
        total=total,
        tier=tier,
        automatic_tier=auto,
    )
    event = PowerRolled(
        purpose=purpose,
        dice=result.dice,
        characteristic=characteristic,
        bonus=bonus,
        edges=result.edges,
        banes=result.banes,
        total=total,
        tier=tier,
        automatic_tier=auto,
        source=source,
        creature=creature,
        uses=uses,
        rules=tuple(dict.fromkeys(cited)),
    )
    return PowerRollOutcome(after, (event,), roll=result)


def old_action_roll(
    state: Encounter,
    roller: str,
    target: str | None,
    value: int,
    keywords: frozenset[str],
    dice: tuple[int, int] | None,
    purpose: str,
    extra: Sequence[Reason],
    rules: Sequence[str],
    *,
    effects: bool = True,
    uses: str | None = None,
) -> tuple[int, Outcome]:
    reasons = list(extra)
    if effects and target is not None and target in state.creatures:
        melee_strike = "melee" in keywords and "strike" in keywords
        reasons += old_effect_reasons(state, roller, target, melee_strike=melee_strike)
    eb = old_edges_and_banes(state, roller, target, keywords, extra=reasons)
    rolled = old_power_roll(
        state, value, edges=eb.edges, banes=eb.banes, dice=dice, creature=roller, purpose=purpose,
        rules=rules, uses=uses,
    )  # fmt: skip
    result, out = rolled.roll, Outcome(rolled.state, rolled.events)
    if effects and target is not None and target in state.creatures and state.creatures[target].effects:
        out = out.then(_use_aid, roller, target)
    return result.tier, out


def old_store_stamina(
    state: Encounter,
    old: Creature,
    new: Creature,
    events: Sequence[Event] = (),
    *,
    cause: str = "",
    death_rules: Sequence[str] = (),
) -> Outcome:
    out = Outcome(state.with_creature(new), tuple(events))
    if new.dead and not old.dead:
        if not cause:
            cause, rules = _death(new)
            death_rules = (*death_rules, *rules)
        out = out.add(Died(creature=new.id, cause=cause, rules=tuple(dict.fromkeys(death_rules))))
        return out.then(release_grabs, new.id, reason="its grabber died")
    if not old.is_winded and new.is_winded:
        out = out.add(BecameWinded(creature=new.id, rules=("DS-STAM-04", "R-STAM-1")))
    elif old.is_winded and not new.is_winded:
        out = out.add(NoLongerWinded(creature=new.id, rules=("DS-STAM-04", "R-STAM-1")))
    if not old.is_dying and new.is_dying:
        out = out.add(BecameDying(creature=new.id, rules=("DS-STAM-06", "R-STAM-1")))
        out = out.then(
            impose_condition, new.id, ConditionName.BLEEDING, Duration.WHILE_DYING, source=DYING,
            rules=("DS-STAM-07",),
        )  # fmt: skip
    elif old.is_dying and not new.is_dying:
        out = out.add(NoLongerDying(creature=new.id, rules=("DS-STAM-06", "DS-STAM-07")))
        out = out.then(
            clear_condition, new.id, ConditionName.BLEEDING, source=DYING, reason="no longer dying",
            rules=("DS-STAM-07",),
        )  # fmt: skip
    return out


def old_cited(
    rules: Sequence[str], steps: DamageSteps, absorbed: int, mods: Sequence[Modifier], *, submerged: bool
) -> tuple[str, ...]:
    cited = list(rules)
    if submerged:
        cited.append("DS-ENV-01")
    cited += ["DS-DMG-01", "DS-DMG-12"]
    if mods:
        cited.append("R-DMG-1")
    if steps.weakness:
        cited.append("DS-DMG-08")
    if steps.immunity:
        cited.append("DS-DMG-04" if steps.immunity != ALL else "DS-DMG-05")
    if steps.weakness and steps.immunity:
        cited.append("DS-DMG-10")
    if absorbed:
        cited.append("DS-STAM-18")
    return tuple(dict.fromkeys(cited))


def old_resolve_damage(
    state: Encounter,
    target: str,
    amount: int,
    kind: DamageType | None,
    source: str | None,
    knock_out: bool,
    mods: tuple[Modifier, ...],
    rules: tuple[str, ...],
) -> Outcome:
    if target in state.objects:
        return _damage_object(state, state.objects[target], amount, kind, source, mods, rules)
    c = state.creature(target)
    extra_imm, extra_weak = _submerged(state, c, kind)
    steps = compute(
        amount, kind, c.immunities, c.weaknesses, mods, extra_immunities=extra_imm,
        extra_weaknesses=extra_weak,
    )  # fmt: skip
    taken = steps.after_immunity
    absorbed = min(c.temporary_stamina, taken)
    lost = taken - absorbed
    new_stamina = c.stamina - lost
    cited = old_cited(rules, steps, absorbed, mods, submerged=bool(extra_imm or extra_weak))
    dies = knock = False
    cause = ""
    death_rules: tuple[str, ...] = ()
    if is_knocked_out(c) and taken > 0:
        dies, cause, death_rules = True, "damaged while knocked out", ("DS-STAM-14", "R-STAM-4", "R-DMG-5")
    elif lost > 0 and would_die(c, new_stamina):
        if knock_out:
            knock = True
            if c.hero:
                new_stamina = max(new_stamina, death_threshold(c) + 1)
        else:
            dies = True
    new = replaced(c, stamina=new_stamina, temporary_stamina=c.temporary_stamina - absorbed, dead=dies)
    event = Damaged(
        target=target, base=amount, type=kind.value if kind else None, source=source,
        modifiers=tuple(m.label for m in mods), after_modifiers=steps.after_modifiers,
        weakness=steps.weakness, after_weakness=steps.after_weakness, immunity=steps.immunity,
        after_immunity=taken, absorbed=absorbed, stamina_lost=lost, stamina_before=c.stamina,
        stamina_after=new_stamina, rules=cited,
    )  # fmt: skip
    out = old_store_stamina(state, c, new, (event,), cause=cause, death_rules=death_rules)
    if knock:
        out = out.add(KnockedOut(creature=target, by=source, rules=("DS-STAM-13", "R-STAM-4")))
        out = out.then(
            impose_condition, target, ConditionName.UNCONSCIOUS, Duration.UNTIL_REMOVED, source=KNOCKED_OUT,
            rules=("DS-STAM-13", "DS-COND-04"),
        )  # fmt: skip
        out = out.then(release_grabs, target, reason="its grabber was knocked out")
    return out


def old_damage(
    state: Encounter,
    target: str,
    amount: int,
    type: DamageType | str | None = None,
    *,
    source: str | None = None,
    knock_out: bool = False,
    rules: Sequence[str] = (),
) -> Outcome:
    request = Damage(target, amount, type, source, knock_out, (), rules)
    kind = _verified(state, request.target, request.amount, request.type)
    return old_resolve_damage(
        state, request.target, request.amount, kind, request.source, request.knock_out, request.modifiers,
        request.rules,
    )  # fmt: skip


def old_deal_damage(
    state: Encounter,
    target: str,
    amount: int,
    type: str | None,
    *,
    source: str,
    knock_out: bool,
    rules: tuple[str, ...],
    area: bool = False,  # squads' area damage: these fights hold no minions
) -> Outcome:
    kind = _verified(state, target, amount, type)
    return old_resolve_damage(state, target, amount, kind, source, knock_out, (), rules)


def old_verify_free_strike(state: Encounter, request: FreeStrike) -> None:
    attacker, target = request.attacker, request.target
    a = living(state, attacker, "free strike")
    here = a.pos
    if target == attacker:
        raise ActionUnavailableError(
            f"free strike by {attacker!r}: it cannot target itself", rule="DS-STRIKE-06"
        )
    what = _strike_name(request)
    check_target(state, attacker, target)
    if not request.opportunity and not can_take_main_actions(state, attacker):
        raise ActionUnavailableError(f"{what} by {attacker!r}: it can't take main actions", rule="DS-COND-04")
    t = state.creature(target) if target not in state.objects else None
    if t is not None and t.dead:
        raise ActionUnavailableError(f"{what} against {target!r}: it is dead", rule="DS-STAM-09")
    tpos, tn = (t.pos, t.n) if t is not None else (state.objects[target].pos, state.objects[target].n)
    reach = RANGED_DISTANCE if request.ranged else MELEE_DISTANCE
    rule = "DS-STRIKE-07" if request.ranged else "DS-STRIKE-06"
    gap = distance(here, a.n, tpos, tn)
    if gap > reach:
        raise ActionUnavailableError(
            f"{what} by {attacker!r} against {target!r}: {gap} squares away, reach {reach}", rule=rule
        )
    if request.ranged and t is not None and not has_line_of_effect(state, attacker, target):
        raise ActionUnavailableError(
            f"{what} by {attacker!r} against {target!r}: no line of effect", rule=rule
        )
    strike_characteristic(a, request.characteristic)


def old_free_strike(state: Encounter, request: FreeStrike) -> Outcome:
    old_verify_free_strike(state, request)
    attacker, target, ranged = request.attacker, request.target, request.ranged
    char_name, char_value = strike_characteristic(state.creature(attacker), request.characteristic)
    rule = "DS-STRIKE-07" if ranged else "DS-STRIKE-06"
    cited = ["DS-STRIKE-01", rule, "R-TURN-6"]
    cited.append(
        "DS-STRIKE-03" if request.opportunity else "DS-STRIKE-02" if request.granted else "DS-ACT-21"
    )
    if request.type is not None:
        cited.append("DS-STRIKE-08")
    if request.flat_damage is not None:
        tier, amount, out = 0, request.flat_damage, Outcome(state, ())
        cited.append("RB6-FREE-STRIKE")
    else:
        keywords = RANGED_STRIKE if ranged else MELEE_STRIKE
        tier, out = old_action_roll(
            state, attacker, target, char_value, keywords, request.dice, _strike_name(request),
            request.extra, cited, uses=char_name,
        )  # fmt: skip
        table = RANGED_FREE_STRIKE_DAMAGE if ranged else MELEE_FREE_STRIKE_DAMAGE
        amount = max(0, table[tier - 1] + char_value)
    struck = Struck(
        attacker=attacker, target=target, ranged=ranged, characteristic=char_name, tier=tier,
        damage=amount, opportunity=request.opportunity, rules=tuple(cited),
    )  # fmt: skip
    out = out.add(struck)
    out = out.then(
        old_damage, target, amount, request.type, source=attacker, knock_out=request.knock_out, rules=(rule,)
    )
    rolls = [e for e in out.events if isinstance(e, PowerRolled)]
    if rolls and sum(rolls[0].dice) >= NATURAL_TIER_3:  # a critical hit (RB-CRIT-02, -05)
        off = ("RB-CRIT-05",) if request.opportunity or request.granted else ()
        rules = ("RB-CRIT-02", "RB-CRIT-03", *off, "R-ABIL-12")
        crit = CriticalHit(creature=attacker, ability="Free Strike", natural=sum(rolls[0].dice), rules=rules)
        out = out.add(crit)
    return out


def old_roll_and_resolve(out: Outcome, plan: Plan, request: UseAbility) -> Outcome:
    """The earlier ``brawl.rules.abilities.effects._roll_and_resolve``, on the earlier power roll."""
    user, ability = plan.user, plan.ability
    pr = ability.power_roll
    assert pr is not None
    value, uses = roll_characteristic(user, ability)
    keywords = frozenset(k.lower() for k in ability.keywords)
    damaging = deals_damage(ability)
    faces: tuple[int, int] | None = request.dice
    source: str | None = None
    tiers: list[tuple[str, int]] = []
    for tid in plan.targets:
        state = out.state
        extra = list(request.extra)
        if damaging and "strike" not in keywords and tid in state.creatures:
            cover = cover_rules(state, tid, user.id)
            if cover is not None:
                extra.append(bane(f"{tid} has cover from {user.id}", *cover))
        tier, rolled = old_action_roll(
            state, user.id, tid, value, keywords, faces, ability.name, extra,
            ("RB3-MULTI", "R-ABIL-2"), uses=uses,
        )  # fmt: skip
        events = list(rolled.events)
        for i, e in enumerate(events):
            if isinstance(e, PowerRolled):
                if faces is None:
                    faces, source = e.dice, e.source
                elif source is not None:
                    events[i] = attrs.evolve(e, source=source)
        out = Outcome(rolled.state, out.events + tuple(events))
        tiers.append((tid, tier))
    natural = sum(faces) if faces is not None else 0
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
            out = abilities_module._apply(out, plan, request, tid, effect)
    if natural >= NATURAL_TIER_3 and ability.action_type == "main action":  # RB-CRIT-01..04
        rules = ("RB-CRIT-02", "RB-CRIT-03", *(("RB-CRIT-01",) if downgraded else ()))
        rules = (*rules, *(("RB-CRIT-05",) if request.granted else ()), "R-ABIL-12")
        out = out.add(CriticalHit(creature=user.id, ability=ability.name, natural=natural, rules=rules))
    return out


# -- comparing ----------------------------------------------------------------------------------


def _same(run: Callable[[], Outcome], oracle: Callable[[], Outcome]) -> None:
    """Both give the same events and state, or both refuse with the same error and message."""
    try:
        expected: Outcome | BrawlError = oracle()
    except BrawlError as exc:
        expected = exc
    try:
        got: Outcome | BrawlError = run()
    except BrawlError as exc:
        got = exc
    if isinstance(expected, BrawlError):
        assert isinstance(got, BrawlError), f"expected {expected!r}, got an outcome"
        assert type(got) is type(expected)
        assert str(got) == str(expected)
        return
    assert isinstance(got, Outcome), f"refused: {got!r}"
    assert got.events == expected.events
    _same_state(got.state, expected.state)


def _same_state(got: State, expected: State) -> None:
    assert got.creatures == expected.creatures
    assert got.objects == expected.objects
    assert got.order == expected.order
    assert got.rng == expected.rng
    assert brawl.to_json(got) == brawl.to_json(expected)


_EFFECTS = st.lists(st.tuples(st.sampled_from([EffectKind.AIDED, EffectKind.DEFENDING]), st.integers(0, 5)))


@st.composite
def _strike_scenes(draw: st.DrawFn) -> tuple[Encounter, FreeStrike]:
    """An encounter, with lasting effects, hidden creatures, invisibility and darkness sprinkled
    on it, and a free strike request between two of its creatures (or at an object)."""
    enc = draw(encounters(min_creatures=2, max_creatures=6, max_size=2))
    ids = list(enc.order)
    for cid in ids:
        c = enc.creature(cid)
        effects = tuple(
            Effect(kind, ids[i % len(ids)]) for kind, i in draw(_EFFECTS) if ids[i % len(ids)] != cid
        )
        hidden = frozenset(i for i in ids if i != cid and draw(st.integers(0, 9)) == 0)
        enc = enc.with_creature(
            attrs.evolve(c, effects=effects, hidden_from=hidden, invisible=draw(st.integers(0, 7)) == 0)
        )
    if draw(st.booleans()):
        t = enc.terrain
        dark = {
            Pos(x, y, z): Cell(concealing=True)
            for x in range(t.width)
            for y in range(t.depth)
            for z in range(0, 2)
            if draw(st.integers(0, 3)) == 0 and not t.cell(Pos(x, y, z)).solid
        }
        enc = enc.with_terrain(t.with_cells(dark))
    attacker = draw(st.sampled_from(ids))
    targets = [*ids, *enc.objects] if enc.objects else ids
    target = draw(st.sampled_from(targets))
    request = FreeStrike(
        attacker,
        target,
        ranged=draw(st.booleans()),
        characteristic=draw(st.sampled_from([None, "might", "agility", "a"])),
        dice=draw(st.none() | st.tuples(st.integers(1, 10), st.integers(1, 10))),
        flat_damage=draw(st.none() | st.integers(0, 12)),
        type=draw(st.none() | st.sampled_from(["fire", "lightning", "cold"])),
        extra=draw(st.sampled_from([(), (bane("cover", "X"),), (edge("aid", "Y", double=True),)])),
        knock_out=draw(st.booleans()),
        opportunity=draw(st.booleans()),
        granted=draw(st.booleans()),
    )
    return enc, request


@st.composite
def _melee_scenes(draw: st.DrawFn) -> tuple[Encounter, FreeStrike]:
    """Heroes around a goblin among stone pillars and crates, some with conditions, some goblins
    defending or aided against, darkness here and there: flanking, cover and concealment at work."""
    enemy = Pos(3, 3, 0)
    ring = [(3 + dx, 3 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    square = st.sampled_from(ring) | st.tuples(st.integers(0, 6), st.integers(0, 6))
    spots = draw(st.lists(square, min_size=2, max_size=6, unique=True))
    spots = [xy for xy in spots if xy != (3, 3)] or [(2, 3)]
    names = [*[None] * 8, "dazed", "surprised", "unconscious", "prone", "weakened", "restrained"]
    heroes = [
        Creature(
            id=f"h{i}",
            side=brawl.HEROES,
            hero=True,
            stamina_max=20,
            pos=(x, y, 0),
            conditions=()
            if (name := draw(st.sampled_from(names))) is None
            else (Condition(name, source="gob"),),
            characteristics=brawl.Characteristics(
                might=draw(st.integers(-1, 4)), agility=draw(st.integers(-1, 4))
            ),
        )
        for i, (x, y) in enumerate(spots)
    ]
    effects = tuple(Effect(kind, "h0") for kind in draw(st.sets(st.sampled_from(list(EffectKind)))))
    gob = Creature(id="gob", pos=enemy, stamina_max=draw(st.integers(1, 15)), effects=effects)
    taken = {(3, 3), *spots}
    walls = draw(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=10)) - taken
    cells = {
        Pos(x, y, z): Cell(brawl.Material.STONE) for x, y in walls for z in range(draw(st.integers(1, 2)))
    }
    if draw(st.booleans()):
        dark = draw(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=20)) - walls
        cells.update({Pos(x, y, 0): Cell(concealing=True) for x, y in dark})
    enc = Encounter.create(
        brawl.Terrain.flat(7, 7, height=4).with_cells(cells), [*heroes, gob], seed=draw(st.integers(0, 99))
    )
    for j, (x, y) in enumerate(
        draw(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=3)) - taken - walls
    ):
        enc = enc.with_object(MapObject(id=f"o{j}", pos=(x, y, 0)))
    attacker = draw(st.sampled_from([h.id for h in heroes]))
    request = FreeStrike(
        attacker,
        "gob",
        ranged=draw(st.booleans()),
        dice=draw(st.none() | st.tuples(st.integers(1, 10), st.integers(1, 10))),
    )
    return enc, request


@settings(max_examples=300, deadline=None)
@given(_melee_scenes())
def test_a_free_strike_among_allies_and_pillars_matches_the_general_code(
    scene: tuple[Encounter, FreeStrike],
) -> None:
    enc, request = scene
    _same(lambda: settle(request.resolve(enc)), lambda: settle(old_free_strike(enc, request)))


@settings(max_examples=150, deadline=None)
@given(_strike_scenes())
def test_a_free_strike_matches_the_general_code(scene: tuple[Encounter, FreeStrike]) -> None:
    enc, request = scene
    _same(lambda: request.resolve(enc), lambda: old_free_strike(enc, request))
    _same(lambda: settle(request.resolve(enc)), lambda: settle(old_free_strike(enc, request)))


@settings(max_examples=60, deadline=None)
@given(
    _strike_scenes(),
    st.sampled_from([MELEE_STRIKE, RANGED_STRIKE, frozenset({"magic", "Ranged"}), ("Melee",)]),
)
def test_an_action_roll_matches_the_general_code(
    scene: tuple[Encounter, FreeStrike], keywords: frozenset[str]
) -> None:
    enc, request = scene
    for effects in (True, False):

        def roll(f: Callable[..., tuple[int, Outcome]], effects: bool = effects) -> Outcome:
            return f(
                enc, request.attacker, request.target, 2, keywords, request.dice, "p", request.extra, ("A",),
                effects=effects, uses="might",
            )[1]  # fmt: skip

        _same(lambda: roll(action_roll), lambda: roll(old_action_roll))


@settings(max_examples=60, deadline=None)
@given(
    _strike_scenes(),
    st.sampled_from(["ability", "test"]),
    st.sampled_from([None, "might", "agility", "reason"]),
    st.booleans(),
    st.sampled_from([None, True, False]),
)
def test_edges_and_banes_match_the_general_code(
    scene: tuple[Encounter, FreeStrike],
    kind: str,
    characteristic: str | None,
    climbing: bool,
    deals_damage: bool | None,
) -> None:
    enc, request = scene
    for keywords in (MELEE_STRIKE, RANGED_STRIKE, frozenset({"Magic", "Area"}), ["Melee", "Weapon"]):
        for target in (request.target, None):

            def run(
                f: Callable[..., EdgesAndBanes] = edges_and_banes,
                target: str | None = target,
                keywords: Iterable[str] = keywords,
            ) -> Outcome:
                eb = f(
                    enc, request.attacker, target, keywords, kind=kind, characteristic=characteristic,
                    climbing=climbing, extra=request.extra, deals_damage=deals_damage,
                )  # fmt: skip
                return Outcome(enc, (Note(text=repr(eb.reasons)), Note(text=f"{eb.edges} {eb.banes}")))

            _same(run, lambda: run(old_edges_and_banes))


@settings(max_examples=80, deadline=None)
@given(encounters(min_creatures=2, max_creatures=6, max_size=3))
def test_cover_of_two_creatures_is_cover_rules(enc: Encounter) -> None:
    for a in enc.order:
        for t in enc.order:
            assert creature_cover(enc, enc.creature(t), enc.creature(a)) == cover_rules(enc, t, a)


@settings(max_examples=100, deadline=None)
@given(encounters(min_creatures=2, max_creatures=6, max_size=3))
def test_flanking_and_its_geometry_match_the_general_code(enc: Encounter) -> None:
    for a in enc.order:
        for e in enc.order:
            assert is_flanking(enc, a, e) == old_is_flanking(enc, a, e)
            for b in enc.order:
                ca, cb, ce = enc.creature(a), enc.creature(b), enc.creature(e)
                assert crosses_opposite_sides(ca, cb, ce) == old_crosses_opposite_sides(ca, cb, ce)


@settings(max_examples=200, deadline=None)
@given(
    creatures(),
    st.integers(-(10**6), 10),
    st.integers(0, 10),
    st.booleans(),
)
def test_a_damaged_creature_is_the_one_replaced_would_make(
    c: Creature, drop: int, temporary: int, dead: bool
) -> None:
    stamina = min(c.stamina_max, c.stamina + drop)
    made = with_stamina(c, stamina, temporary, dead)
    assert made == replaced(c, stamina=stamina, temporary_stamina=temporary, dead=dead)
    assert made == attrs.evolve(c, stamina=stamina, temporary_stamina=temporary, dead=dead)
    assert type(made) is Creature


@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.integers(1, 30), st.integers(0, 6))
def test_drawing_dice_matches_the_draws_made_one_by_one(
    seed: int, counter: int, sides: int, count: int
) -> None:
    rng = Rng(seed, counter)
    faces, after = rng.draws(sides, count)
    key = _splitmix64(seed)
    assert faces == tuple(
        1 + _splitmix64(key ^ ((counter + i) & ((1 << 64) - 1))) % sides for i in range(count)
    )
    assert after == Rng(seed, (counter + count) & ((1 << 64) - 1))


@pytest.mark.parametrize(
    ("sides", "count"),
    [
        (0, 2),
        (True, 2),
        (10, -1),
        (10, True),
        (10.0, 2),
        (10, 2.0),
        (MAX_SIDES + 1, 1),
        (10, MAX_DRAWS + 1),
        (0, 0),
        ("6", 0),
    ],
)
def test_drawing_dice_refuses_what_it_refused(sides: Any, count: Any) -> None:
    def old_draws(rng: Rng) -> tuple[tuple[int, ...], Rng]:
        whole_number(count, 0, MAX_DRAWS, what="count of dice")
        if not count:
            return (), rng
        whole_number(sides, 1, MAX_SIDES, what="sides of a die")
        raise AssertionError("a valid draw")

    rng = Rng(5, 7)
    try:
        expected: Any = old_draws(rng)
    except BrawlError as exc:
        expected = exc
    try:
        got: Any = rng.draws(sides, count)
    except BrawlError as exc:
        got = exc
    assert type(got) is type(expected)
    assert str(got) == str(expected)


# -- the strikes and ability uses of seeded fights ----------------------------------------------


def _fight_states(
    path: str, seeds: range, wanted: Callable[[brawl.Action], brawl.Action | None]
) -> list[tuple[Encounter, brawl.Action]]:
    enc = brawl.load_scenario(path)
    found: list[tuple[Encounter, brawl.Action]] = []
    for seed in seeds:
        state = apply(enc.with_rng(brawl.Rng(seed)), StartCombat(first_side="heroes")).state
        while len(standing_sides(state)) > 1 and state.round <= 20:
            action = greedy(state, Options(state))
            request = wanted(action)
            if request is not None:
                found.append((state, request))
            state = apply(state, action).state
    return found


def _free_strike(action: brawl.Action) -> brawl.Action | None:
    inner = getattr(action, "action", None)
    return inner if isinstance(inner, FreeStrike) else None


def test_the_free_strikes_of_seeded_fights_match_the_general_code() -> None:
    found = _fight_states("benchmarks/four_vs_six.toml", range(4), _free_strike)
    assert len(found) > 50
    assert any(isinstance(e, Died) for st_, r in found for e in r.resolve(st_).events)
    for state, request in found:
        assert isinstance(request, FreeStrike)
        _same(lambda: settle(request.resolve(state)), lambda: settle(old_free_strike(state, request)))  # noqa: B023


@pytest.mark.parametrize("scenario", ["tavern", "bridge"])
def test_the_ability_uses_of_seeded_fights_match_the_general_code(
    scenario: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = _fight_states(
        f"examples/scenarios/{scenario}.toml",
        range(6),
        lambda a: a if isinstance(a, UseAbility) else None,
    )
    assert len(found) > 10
    now = [settle(request.resolve(state)) for state, request in found]
    monkeypatch.setattr(abilities_module, "_roll_and_resolve", old_roll_and_resolve)
    monkeypatch.setattr(abilities_module, "deal_damage", old_deal_damage)
    before = [settle(request.resolve(state)) for state, request in found]
    for got, expected in zip(now, before, strict=True):
        assert got.events == expected.events
        _same_state(got.state, expected.state)


def test_a_strike_that_kills_a_grabber_releases_its_grab_as_before() -> None:
    """A free strike kills a creature holding a grab: the grab ends, as before; one killing a
    creature that holds none changes nothing else."""
    ogre = Creature(id="ogre", pos=(2, 1, 0), stamina_max=3)
    kira = Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=30, pos=(1, 1, 0))
    tom = Creature(id="tom", side=brawl.HEROES, hero=True, stamina_max=30, pos=(3, 1, 0))
    enc = Encounter.create(brawl.Terrain.flat(6, 6), [ogre, kira, tom], seed=4)
    enc = brawl.add_condition(enc, "tom", "grabbed", source="ogre").state
    request = FreeStrike("kira", "ogre", dice=(9, 9))
    out = request.resolve(enc)
    assert any(isinstance(e, Died) for e in out.events)
    assert not out.state.creature("tom").has(ConditionName.GRABBED)
    _same(lambda: request.resolve(enc), lambda: old_free_strike(enc, request))
    alone = enc.with_creature(replaced(enc.creature("tom"), conditions=()))
    _same(lambda: request.resolve(alone), lambda: old_free_strike(alone, request))


def test_a_dying_hero_struck_and_a_knock_out_match_the_general_code() -> None:
    kira = Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=20, stamina=3, pos=(1, 1, 0))
    gob = Creature(id="gob", stamina_max=8, pos=(2, 1, 0), characteristics=brawl.Characteristics(might=2))
    enc = Encounter.create(brawl.Terrain.flat(6, 6), [kira, gob], seed=9)
    for request in (
        FreeStrike("gob", "kira", dice=(9, 9)),
        FreeStrike("gob", "kira", dice=(9, 9), knock_out=True),
        FreeStrike("kira", "gob", dice=(10, 10), knock_out=True),
        FreeStrike("gob", "kira", flat_damage=30, knock_out=True),
        FreeStrike("gob", "kira", dice=(1, 1), type="fire"),
    ):
        _same(lambda: settle(request.resolve(enc)), lambda: settle(old_free_strike(enc, request)))  # noqa: B023
    wounded = brawl.damage(enc, "kira", 5).state  # dying, bleeding
    for request in (FreeStrike("gob", "kira", dice=(5, 5)), FreeStrike("kira", "gob", dice=(5, 5))):
        _same(lambda: settle(request.resolve(wounded)), lambda: settle(old_free_strike(wounded, request)))  # noqa: B023


def test_a_free_strike_on_an_object_matches_the_general_code() -> None:
    kira = Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=20, pos=(1, 1, 0))
    crate = MapObject(id="crate", pos=(2, 1, 0))
    enc = Encounter.create(brawl.Terrain.flat(6, 6), [kira], seed=2).with_object(crate)
    for request in (
        FreeStrike("kira", "crate", dice=(9, 9)),
        FreeStrike("kira", "crate", dice=(2, 2), type="fire"),
    ):
        _same(lambda: request.resolve(enc), lambda: old_free_strike(enc, request))  # noqa: B023


@settings(max_examples=200, deadline=None)
@given(
    encounters(min_creatures=0, max_creatures=2, max_objects=20),
    st.tuples(st.integers(-2, 13), st.integers(-2, 13), st.integers(-3, 6)),
    st.tuples(st.integers(0, 8), st.integers(-1, 8), st.integers(-1, 4)),
)
def test_an_object_in_a_box_is_one_of_its_object_cells(
    enc: Encounter, lo: tuple[int, int, int], span: tuple[int, int, int]
) -> None:
    x0, y0, z0 = lo
    x1, y1, z1 = x0 + span[0], y0 + span[1], z0 + span[2]
    if x0 < x1:  # as the callers ask
        found = _object_cells_in(enc, (x0, y0, z0), (x1, y1, z1))
        assert _object_in(enc, x0, y0, z0, x1, y1, z1) == bool(found)


def old_in_reach(state: Encounter, user: Creature, ability: Any, target: Creature | MapObject) -> None:
    """The earlier ``brawl.rules.abilities.targets._in_reach``."""
    d = ability.distance
    gap = distance(user.pos, user.n, target.pos, target.n)
    who = f"{ability.name} ({d.printed()}) by {user.id!r} on {target.id!r}"
    if d.kind == "self":
        return
    if d.kind == "special":
        return
    melee = d.value if d.kind in ("melee", "melee or ranged") else -1
    ranged = d.value if d.kind == "ranged" else d.within if d.kind == "melee or ranged" else -1
    if gap > max(melee, ranged):
        raise ActionUnavailableError(f"{who}: {gap} squares away", rule="R-ABIL-9")
    if not _sees(state, user, target):
        raise ActionUnavailableError(f"{who}: no line of effect", rule="R-ABIL-9")


def _reach(
    check: Callable[..., None], state: Encounter, user: Creature, ability: Any, target: Any
) -> Outcome:
    check(state, user, ability, target)
    return Outcome(state, ())


@pytest.mark.parametrize("scenario", ["tavern", "bridge"])
def test_the_reach_of_every_ability_matches_the_general_code(scenario: str) -> None:
    """Every ability of every creature against every creature and object, on some states of a
    seeded fight: the same refusals, with the same messages."""
    found = _fight_states(f"examples/scenarios/{scenario}.toml", range(1), lambda a: a)
    for state, _ in found[::20]:
        things: list[Creature | MapObject] = [*state.creatures.values(), *state.objects.values()]
        for user in state.creatures.values():
            for ability in user.abilities:
                for target in things:
                    _same(
                        lambda: _reach(_in_reach, state, user, ability, target),  # noqa: B023
                        lambda: _reach(old_in_reach, state, user, ability, target),  # noqa: B023
                    )
