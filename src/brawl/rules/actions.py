"""The standard maneuvers and main actions: free strikes, opportunity attacks, Grab, Escape Grab,
Knockback, Aid Attack, Defend and Charge (DS-ACT, DS-STRIKE), with flanking (DS-EDGE-05..07).

Which action of the turn is spent is the turn system's business (:func:`brawl.use_action`);
these rules check only what the creature's state allows. Power rolls come from the caller
(``dice=(a, b)``) or from the state's RNG.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from brawl.conditions import ConditionName, Duration, Effect, EffectKind
from brawl.creature import HEROES, Creature
from brawl.dice import power_roll
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.actions import (
    Charged,
    EffectEnded,
    EffectStarted,
    FreeStrikeOffered,
    ManeuverResolved,
    Struck,
)
from brawl.events.base import Event
from brawl.geometry import Pos, as_pos, distance
from brawl.outcome import Outcome
from brawl.rules.conditions import (
    add_condition,
    can_take_main_actions,
    can_take_maneuvers,
    can_take_triggered_actions,
    grabbed_by,
    grabbing,
    remove_condition,
    speed,
    taunting,
)
from brawl.rules.damage import damage
from brawl.rules.edges import Reason, bane, edge, edges_and_banes, has_line_of_effect
from brawl.rules.forced import push
from brawl.rules.movement import move
from brawl.rules.stealth import verify_can_target
from brawl.state import Encounter

MELEE_FREE_STRIKE_DAMAGE = (2, 5, 7)  # DS-STRIKE-06: 2 / 5 / 7 + Might or Agility
RANGED_FREE_STRIKE_DAMAGE = (2, 4, 6)  # DS-STRIKE-07: 2 / 4 / 6 + Might or Agility
MELEE_DISTANCE = 1  # DS-STRIKE-06, DS-ACT-08, DS-ACT-12: melee 1
RANGED_DISTANCE = 5  # DS-STRIKE-07: ranged 5
KNOCKBACK_PUSH = (1, 2, 3)  # DS-ACT-12: push 1 / 2 / 3
GRAB_MIGHT_FOR_LARGER = 2  # DS-ACT-09: with Might 2+, any creature whose size <= Might
MELEE_STRIKE = frozenset({"melee", "strike", "weapon"})
RANGED_STRIKE = frozenset({"ranged", "strike", "weapon"})


def _living(state: Encounter, cid: str, what: str) -> Creature:
    c = state.creature(cid)
    if c.dead:
        raise ActionUnavailableError(f"{what} by {cid!r}: the creature is dead", rule="DS-STAM-09")
    return c


def _dice(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if (
        not isinstance(value, tuple | list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10 for v in value)
    ):
        raise InvalidArgumentError(f"dice {value!r}: two d10 faces from 1 to 10", rule="RB3-EDGES")
    return (value[0], value[1])


def _characteristic(c: Creature, name: str | None) -> tuple[str, int]:
    if name is None:  # the player's choice; by default the better of the two (DS-STRIKE-06)
        m, a = c.characteristics.might, c.characteristics.agility
        return ("might", m) if m >= a else ("agility", a)
    key = {"m": "might", "a": "agility"}.get(name.lower(), name.lower())
    if key not in ("might", "agility"):
        raise InvalidArgumentError(
            f"free strike characteristic {name!r}: Might or Agility", rule="DS-STRIKE-06"
        )
    return key, c.characteristics.get(key)


# -- flanking and the lasting effects of Aid Attack and Defend ---------------------------------


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


def _crosses_opposite_sides(a: Creature, b: Creature, e: Creature) -> bool:
    """Whether the line between the centres of a and b crosses opposite sides or corners of e."""
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
        return False  # the line only runs along an edge
    s0, s1 = _sides_of(entry, box), _sides_of(exit_, box)
    opposite = {("w", "e"), ("e", "w"), ("n", "s"), ("s", "n")}
    return any((u, v) in opposite for u in s0 for v in s1)


def is_flanking(state: Encounter, attacker: str, enemy: str) -> str | None:
    """The ally with whom ``attacker`` flanks ``enemy``, or None (DS-EDGE-05..07).

    Both must be adjacent to the enemy, have line of effect to it and be able to take
    triggered actions; the line between the centres of their spaces must pass through
    opposite sides or opposite corners of the enemy's space. Allies are tried in the
    encounter's order.
    """
    a, e = state.creature(attacker), state.creature(enemy)
    if a.side == e.side or a.dead or e.dead:
        return None

    def able(c: Creature) -> bool:
        return (
            distance(c.pos, c.n, e.pos, e.n) == 1
            and can_take_triggered_actions(state, c.id)
            and has_line_of_effect(state, c.id, e.id)
        )

    if not able(a):
        return None
    for ally in state.allies_of(attacker):
        if able(ally) and _crosses_opposite_sides(a, ally, e):
            return ally.id
    return None


def effect_reasons(state: Encounter, roller: str, target: str, *, melee_strike: bool) -> list[Reason]:
    """Edges and banes from Aid Attack, Defend and flanking for a roll against ``target``."""
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
        ally = is_flanking(state, roller, target)
        if ally is not None:
            found.append(edge(f"{roller} flanks {target} with {ally}", "DS-EDGE-05", "DS-EDGE-06"))
    return found


def _use_aid(state: Encounter, roller: str, target: str) -> Outcome:
    r, t = state.creature(roller), state.creature(target)
    for eff in t.effects:
        if eff.kind is EffectKind.AIDED and eff.source != roller:
            aider = state.creatures.get(eff.source)
            if aider is not None and aider.side == r.side:
                rest = tuple(x for x in t.effects if x is not eff)
                return Outcome(
                    state.with_creature(attrs.evolve(t, effects=rest)),
                    (
                        EffectEnded(
                            creature=target,
                            effect="aided",
                            source=eff.source,
                            reason="used",
                            rules=("DS-ACT-03",),
                        ),
                    ),
                )
    return Outcome(state, ())


def expire_effects(state: Encounter, creature: str) -> Outcome:
    """At the start of ``creature``'s turn, the Aid Attack and Defend effects it made end."""
    state.creature(creature)
    events: list[Event] = []
    for cid in state.order:
        c = state.creatures[cid]
        if not c.effects:
            continue
        kept = tuple(e for e in c.effects if e.source != creature)
        if len(kept) != len(c.effects):
            for e in c.effects:
                if e.source == creature:
                    rule = "DS-ACT-03" if e.kind is EffectKind.AIDED else "DS-ACT-19"
                    events.append(
                        EffectEnded(
                            creature=cid,
                            effect=e.kind.value,
                            source=creature,
                            reason="start of its source's turn",
                            rules=(rule, "R-TURN-5") if rule == "DS-ACT-19" else (rule,),
                        )
                    )
            state = state.with_creature(attrs.evolve(c, effects=kept))
    return Outcome(state, tuple(events))


def _roll(
    state: Encounter,
    roller: str,
    target: str | None,
    value: int,
    keywords: frozenset[str],
    dice: object,
    purpose: str,
    extra: Sequence[Reason],
    rules: Sequence[str],
    *,
    effects: bool = True,
) -> tuple[int, Outcome]:
    reasons = list(extra)
    if effects and target is not None and target in state.creatures:
        melee_strike = "melee" in keywords and "strike" in keywords
        reasons += effect_reasons(state, roller, target, melee_strike=melee_strike)
    eb = edges_and_banes(state, roller, target, keywords, extra=reasons)
    result, out = power_roll(
        state,
        value,
        edges=eb.edges,
        banes=eb.banes,
        dice=_dice(dice),
        creature=roller,
        purpose=purpose,
        rules=rules,
    )
    if effects and target is not None and target in state.creatures:
        out = out.then(_use_aid, roller, target)
    return result.tier, out


# -- free strikes -------------------------------------------------------------------------------


def free_strike(
    state: Encounter,
    attacker: str,
    target: str,
    *,
    ranged: bool = False,
    characteristic: str | None = None,
    dice: tuple[int, int] | None = None,
    flat_damage: int | None = None,
    damage_type: str | None = None,
    extra: Sequence[Reason] = (),
    knock_out: bool = False,
    opportunity: bool = False,
    granted: bool = False,
) -> Outcome:
    """A free strike: power roll + Might or Agility, damage by tier (DS-ACT-21, DS-STRIKE-01, -06, -07).

    Melee reaches 1 square; ranged 5 squares with line of effect. The same characteristic is
    used for the roll and the damage (R-TURN-6). A Director creature's free strike deals its
    flat ``flat_damage`` with no roll (RB6-FREE-STRIKE). ``extra`` adds edge or bane reasons
    (:func:`brawl.rules.edges.edge`); Aid Attack, Defend and flanking are found here.
    ``damage_type`` lets an improvised weapon's damage follow the object, a burning torch dealing
    fire (DS-STRIKE-08; the Director's call). ``granted``: made instead of a signature or heroic
    ability granted off-turn, not as the Free Strike main action; it spends no action of the
    attacker's, though an unconscious creature still can't make it (DS-STRIKE-02). A creature
    hidden from the attacker can't be struck (DS-COND-14, RB3-HIDE).
    """
    a = _living(state, attacker, "free strike")
    if target == attacker:
        raise ActionUnavailableError(
            f"free strike by {attacker!r}: it cannot target itself", rule="DS-STRIKE-06"
        )
    what = "opportunity attack" if opportunity else ("ranged free strike" if ranged else "melee free strike")
    if not isinstance(granted, bool):
        raise InvalidArgumentError(f"granted {granted!r}: True or False", rule="DS-STRIKE-02")
    verify_can_target(state, attacker, target)  # DS-COND-14, RB3-HIDE
    if not opportunity and not can_take_main_actions(state, attacker):
        raise ActionUnavailableError(f"{what} by {attacker!r}: it can't take main actions", rule="DS-COND-04")
    t = state.creature(target) if target not in state.objects else None
    if t is not None and t.dead:
        raise ActionUnavailableError(f"{what} against {target!r}: it is dead", rule="DS-STAM-09")
    tpos, tn = (t.pos, t.n) if t is not None else (state.objects[target].pos, state.objects[target].n)
    reach = RANGED_DISTANCE if ranged else MELEE_DISTANCE
    rule = "DS-STRIKE-07" if ranged else "DS-STRIKE-06"
    gap = distance(a.pos, a.n, tpos, tn)
    if gap > reach:  # a creature sharing the target's space (DS-MOVE-04) is within reach
        raise ActionUnavailableError(
            f"{what} by {attacker!r} against {target!r}: {gap} squares away, reach {reach}", rule=rule
        )
    if ranged and t is not None and not has_line_of_effect(state, attacker, target):
        raise ActionUnavailableError(
            f"{what} by {attacker!r} against {target!r}: no line of effect", rule=rule
        )
    char_name, char_value = _characteristic(a, characteristic)
    cited = ["DS-STRIKE-01", rule, "R-TURN-6"]
    cited.append("DS-STRIKE-03" if opportunity else "DS-STRIKE-02" if granted else "DS-ACT-21")
    if damage_type is not None:
        cited.append("DS-STRIKE-08")
    if flat_damage is not None:
        if not isinstance(flat_damage, int) or isinstance(flat_damage, bool) or flat_damage < 0:
            raise InvalidArgumentError(
                f"free strike value {flat_damage!r}: a whole number >= 0", rule="RB6-FREE-STRIKE"
            )
        tier, amount, out = 0, flat_damage, Outcome(state, ())
        cited.append("RB6-FREE-STRIKE")
    else:
        keywords = RANGED_STRIKE if ranged else MELEE_STRIKE
        tier, out = _roll(state, attacker, target, char_value, keywords, dice, what, extra, cited)
        table = RANGED_FREE_STRIKE_DAMAGE if ranged else MELEE_FREE_STRIKE_DAMAGE
        amount = max(0, table[tier - 1] + char_value)
    struck = Struck(
        attacker=attacker, target=target, ranged=ranged, characteristic=char_name, tier=tier,
        damage=amount, opportunity=opportunity, rules=tuple(cited),
    )  # fmt: skip
    out = out.add(struck)
    return out.then(damage, target, amount, damage_type, source=attacker, knock_out=knock_out, rules=(rule,))


def can_make_opportunity_attack(state: Encounter, attacker: str, mover: str) -> bool:
    """Whether ``attacker`` may make an opportunity attack against ``mover`` now (DS-STRIKE-03, -04)."""
    try:
        verify_opportunity_attack(state, attacker, mover)
    except ActionUnavailableError:
        return False
    return True


def verify_opportunity_attack(state: Encounter, attacker: str, mover: str) -> None:
    """Raise unless ``attacker`` may make an opportunity attack against ``mover`` (DS-STRIKE-03, -04).

    The attacker must be able to take triggered actions (DS-TURN-08) and must not have a bane
    or double bane on the roll against the mover (DS-STRIKE-04).
    """
    a = _living(state, attacker, "opportunity attack")
    m = state.creature(mover)
    if a.side == m.side:
        raise ActionUnavailableError(
            f"opportunity attack by {attacker!r} on {mover!r}: not an enemy", rule="DS-STRIKE-03"
        )
    if not can_take_triggered_actions(state, attacker):
        raise ActionUnavailableError(
            f"opportunity attack by {attacker!r}: it can't take triggered actions",
            rule=("DS-STRIKE-03", "DS-TURN-08"),
        )

    verify_can_target(state, attacker, mover)  # DS-COND-14, RB3-HIDE
    eb = edges_and_banes(state, attacker, mover, MELEE_STRIKE)
    if eb.net < 0:
        raise ActionUnavailableError(
            f"opportunity attack by {attacker!r} on {mover!r}: it has a {eb.verdict} on the roll",
            rule="DS-STRIKE-04",
        )


def opportunity_attack(
    state: Encounter,
    attacker: str,
    mover: str,
    *,
    characteristic: str | None = None,
    dice: tuple[int, int] | None = None,
    flat_damage: int | None = None,
    knock_out: bool = False,
) -> Outcome:
    """A melee free strike as a free triggered action against an enemy moving away (DS-STRIKE-03)."""
    verify_opportunity_attack(state, attacker, mover)
    return free_strike(
        state, attacker, mover, characteristic=characteristic, dice=dice, flat_damage=flat_damage,
        knock_out=knock_out, opportunity=True,
    )  # fmt: skip


# -- Grab, Escape Grab, Knockback ---------------------------------------------------------------


def can_target_with_grab(state: Encounter, creature: str, target: str) -> bool:
    """Grab and Knockback reach creatures of your size or smaller, or with Might 2+ any creature
    whose size is at most your Might (DS-ACT-09, R-SIZE-2, R-SIZE-3)."""
    c, t = state.creature(creature), state.creature(target)
    if t.size.rank <= c.size.rank:
        return True
    might = c.characteristics.might
    return might >= GRAB_MIGHT_FOR_LARGER and t.size.value <= might


def _melee_target(
    state: Encounter, creature: str, target: str, what: str, rule: str, *, size_limit: bool = True
) -> tuple[Creature, Creature]:
    """Check a melee-1 maneuver's target: alive, not itself, adjacent, targetable, and (for Grab
    and Knockback, ``size_limit``) no bigger than DS-ACT-09 allows."""
    c = _living(state, creature, what)
    t = state.creature(target)
    if target == creature:
        raise ActionUnavailableError(f"{what} by {creature!r}: it cannot target itself", rule=rule)
    if t.dead:
        raise ActionUnavailableError(f"{what} on {target!r}: it is dead", rule="DS-STAM-09")
    if not can_take_maneuvers(state, creature):
        raise ActionUnavailableError(f"{what} by {creature!r}: it can't take maneuvers", rule="DS-COND-04")
    if distance(c.pos, c.n, t.pos, t.n) > MELEE_DISTANCE:
        raise ActionUnavailableError(
            f"{what} by {creature!r} on {target!r}: not adjacent (melee 1)", rule=rule
        )

    verify_can_target(state, creature, target)  # DS-COND-14, RB3-HIDE
    if size_limit and not can_target_with_grab(state, creature, target):
        raise ActionUnavailableError(
            f"{what} by {creature!r} (size {c.size}, Might {c.characteristics.might}) on {target!r} "
            f"(size {t.size}): too big to target",
            rule=("DS-ACT-09", "R-SIZE-3"),
        )
    return c, t


def _tiers(
    out: Outcome,
    creature: str,
    maneuver: str,
    target: str,
    tier: int,
    *,
    take_tier_2: bool,
    striker: str | None,
    reason: str,
    success: str,
    failure: str,
    rule: str,
) -> tuple[bool, Outcome]:
    """The ≤11 / 12–16 / 17+ pattern of Grab and Escape Grab: nothing; success after a melee free
    strike by ``striker`` (if the creature takes it); success."""
    if tier == 1 or (tier == 2 and not take_tier_2):
        done = ManeuverResolved(
            creature=creature, maneuver=maneuver, tier=tier, target=target, outcome=failure, rules=(rule,)
        )
        return False, out.add(done)
    events: list[Event] = []
    if tier == 2 and striker is not None:
        events.append(FreeStrikeOffered(attacker=striker, target=creature, reason=reason, rules=(rule,)))
    events.append(
        ManeuverResolved(
            creature=creature, maneuver=maneuver, tier=tier, target=target, outcome=success, rules=(rule,)
        )
    )
    return True, out.add(*events)


def grab(
    state: Encounter,
    creature: str,
    target: str,
    *,
    dice: tuple[int, int] | None = None,
    take_tier_2: bool = True,
) -> Outcome:
    """The Grab maneuver: melee 1, power roll + Might (DS-ACT-08..10).

    ≤11 no effect; 12–16 the grab may be taken (``take_tier_2``), but the target first gets a
    melee free strike (a :class:`FreeStrikeOffered` event for the caller to resolve); 17+ the
    target is grabbed. One grabbed creature at a time (DS-ACT-10); a grabbed creature is not
    grabbed again by another (RB1-STACKING).
    """
    c = _melee_target(state, creature, target, "Grab", "DS-ACT-08")[0]
    if grabbing(state, creature):
        raise ActionUnavailableError(
            f"Grab by {creature!r}: it already has {grabbing(state, creature)[0]!r} grabbed", rule="DS-ACT-10"
        )
    holder = grabbed_by(state, target)
    if holder is not None:
        raise ActionUnavailableError(
            f"Grab on {target!r}: already grabbed by {holder!r}", rule="RB1-STACKING"
        )
    tier, out = _roll(
        state,
        creature,
        target,
        c.characteristics.might,
        frozenset({"melee", "weapon"}),
        dice,
        "Grab",
        (),
        ("DS-ACT-08",),
    )
    taken, out = _tiers(
        out, creature, "Grab", target, tier, take_tier_2=take_tier_2, striker=target,
        reason="before being grabbed", success="grabbed", failure="no effect", rule="DS-ACT-08",
    )  # fmt: skip
    if not taken:
        return out
    return out.then(
        add_condition,
        target,
        ConditionName.GRABBED,
        Duration.UNTIL_REMOVED,
        source=creature,
        rules=("DS-ACT-08", "RB1-GRABBED"),
    )


def escape_grab(
    state: Encounter,
    creature: str,
    *,
    characteristic: str | None = None,
    dice: tuple[int, int] | None = None,
    take_tier_2: bool = True,
) -> Outcome:
    """The Escape Grab maneuver: power roll + Might or Agility (DS-ACT-06, DS-ACT-07).

    A bane if the creature is smaller than what grabs it. ≤11 no effect; 12–16 it may escape,
    but the grabber first gets a melee free strike; 17+ it is no longer grabbed.
    """
    c = _living(state, creature, "Escape Grab")
    holder = grabbed_by(state, creature)
    if holder is None:
        raise ActionUnavailableError(f"Escape Grab by {creature!r}: it is not grabbed", rule="DS-ACT-06")
    if not can_take_maneuvers(state, creature):
        raise ActionUnavailableError(
            f"Escape Grab by {creature!r}: it can't take maneuvers", rule="DS-COND-04"
        )
    extra = []
    grabber = state.creatures.get(holder)
    if grabber is not None and c.size < grabber.size:
        extra.append(bane(f"{creature} is smaller than {holder}", "DS-ACT-07"))
    _, value = _characteristic(c, characteristic)
    # Ruling R-ACT-1: Escape Grab acts on the grab itself, so the grabbed condition's bane on
    # abilities that don't target the grabber does not apply; only DS-ACT-07's bane does.
    tier, out = _roll(
        state, creature, holder if grabber is not None else None, value, frozenset(), dice, "Escape Grab",
        extra, ("DS-ACT-06", "R-ACT-1"), effects=False,
    )  # fmt: skip
    taken, out = _tiers(
        out, creature, "Escape Grab", holder, tier, take_tier_2=take_tier_2,
        striker=holder if grabber else None, reason="before the escape", success="escaped",
        failure="still grabbed", rule="DS-ACT-06",
    )  # fmt: skip
    if not taken:
        return out
    return out.then(
        remove_condition,
        creature,
        ConditionName.GRABBED,
        source=holder,
        reason="escaped the grab",
        rules=("DS-ACT-06",),
    )


def knockback(
    state: Encounter,
    creature: str,
    target: str,
    *,
    direction: Iterable[int] | None = None,
    dice: tuple[int, int] | None = None,
    stability_used: int | None = None,
) -> Outcome:
    """The Knockback maneuver: melee 1, power roll + Might, push 1 / 2 / 3 (DS-ACT-12).

    It is a melee weapon maneuver, so a larger creature pushes a smaller one 1 farther
    (DS-FORCE-14, R-FORCE-2). A grabbed creature can't use it (RB1-GRABBED).
    """
    c = _melee_target(state, creature, target, "Knockback", "DS-ACT-12")[0]
    if grabbed_by(state, creature) is not None:
        raise ActionUnavailableError(f"Knockback by {creature!r}: it is grabbed", rule="RB1-GRABBED")
    tier, out = _roll(
        state,
        creature,
        target,
        c.characteristics.might,
        frozenset({"melee", "weapon"}),
        dice,
        "Knockback",
        (),
        ("DS-ACT-12",),
    )
    squares = KNOCKBACK_PUSH[tier - 1]
    out = out.add(
        ManeuverResolved(
            creature=creature,
            maneuver="Knockback",
            tier=tier,
            target=target,
            outcome=f"push {squares}",
            rules=("DS-ACT-12",),
        )
    )
    return out.then(
        push, creature, target, squares, direction=direction, melee_weapon=True, stability_used=stability_used
    )


# -- Aid Attack, Defend, Charge -----------------------------------------------------------------


def aid_attack(state: Encounter, creature: str, enemy: str) -> Outcome:
    """Aid Attack: the next ability roll an ally makes against an adjacent enemy before the start
    of this creature's next turn gains an edge (DS-ACT-03)."""
    c, e = _melee_target(state, creature, enemy, "Aid Attack", "DS-ACT-03", size_limit=False)
    if c.side == e.side:
        raise ActionUnavailableError(
            f"Aid Attack by {creature!r}: {enemy!r} is not an enemy", rule="DS-ACT-03"
        )
    effect = Effect(EffectKind.AIDED, creature)
    kept = tuple(x for x in e.effects if not (x.kind is EffectKind.AIDED and x.source == creature))
    new = attrs.evolve(e, effects=(*kept, effect))
    return Outcome(
        state.with_creature(new),
        (EffectStarted(creature=enemy, effect="aided", source=creature, rules=("DS-ACT-03",)),),
    )


def defend(state: Encounter, creature: str) -> Outcome:
    """Defend: ability rolls against the creature have a double bane, and its tests to resist
    have a double edge, until the start of its next turn (DS-ACT-19, R-TURN-5). No benefit while
    another creature is taunted by it (DS-ACT-20)."""
    c = _living(state, creature, "Defend")
    if not can_take_main_actions(state, creature):
        raise ActionUnavailableError(f"Defend by {creature!r}: it can't take main actions", rule="DS-COND-04")
    kept = tuple(x for x in c.effects if x.kind is not EffectKind.DEFENDING)
    new = attrs.evolve(c, effects=(*kept, Effect(EffectKind.DEFENDING, creature)))
    return Outcome(
        state.with_creature(new),
        (
            EffectStarted(
                creature=creature, effect="defending", source=creature, rules=("DS-ACT-19", "R-TURN-5")
            ),
        ),
    )


def defend_reasons(state: Encounter, creature: str) -> list[Reason]:
    """The double edge a defending creature has on tests to resist (DS-ACT-19, R-TURN-5)."""
    c = state.creature(creature)
    if any(e.kind is EffectKind.DEFENDING for e in c.effects) and not taunting(state, creature):
        return [edge(f"{creature} is defending", "DS-ACT-19", "R-TURN-5", double=True)]
    return []


def charge(
    state: Encounter,
    creature: str,
    path: Sequence[Iterable[int]],
    target: str,
    *,
    ranged: bool = False,
    characteristic: str | None = None,
    dice: tuple[int, int] | None = None,
    flat_damage: int | None = None,
    knock_out: bool = False,
) -> Outcome:
    """Charge: move up to speed in a straight line, then a melee free strike (DS-ACT-17, DS-ACT-18).

    The path must use one unit step throughout, cross no difficult terrain, and end adjacent to
    the target; the creature can't shift; climbing or swimming only with that movement type.
    """
    c = _living(state, creature, "Charge")
    if not can_take_main_actions(state, creature):
        raise ActionUnavailableError(f"Charge by {creature!r}: it can't take main actions", rule="DS-COND-04")
    cells = [as_pos(p) for p in path]
    if not cells:
        raise InvalidArgumentError(f"Charge by {creature!r}: the path is empty", rule="DS-ACT-17")
    step = cells[0] - c.pos
    if max(abs(step.x), abs(step.y), abs(step.z)) != 1:
        raise ActionUnavailableError(
            f"Charge by {creature!r}: the path does not start next to it", rule="DS-ACT-17"
        )
    for prev, nxt in zip([c.pos, *cells], cells, strict=False):
        if nxt - prev != step:
            raise ActionUnavailableError(
                f"Charge by {creature!r}: {tuple(nxt)} is not on a straight line",
                rule=("DS-ACT-17", "R-GEO-2"),
            )
        if state.terrain.is_difficult(Pos(*nxt), c.n):
            raise ActionUnavailableError(
                f"Charge by {creature!r}: {tuple(nxt)} is difficult terrain", rule="DS-ACT-18"
            )
    if len(cells) > speed(state, creature):
        raise ActionUnavailableError(
            f"Charge by {creature!r}: {len(cells)} squares is more than its speed {speed(state, creature)}",
            rule="DS-ACT-17",
        )
    out = move(state, creature, cells)
    out = out.add(
        Charged(creature=creature, squares=len(cells), target=target, rules=("DS-ACT-17", "DS-ACT-18"))
    )
    if out.state.creature(creature).dead:
        return out
    return out.then(
        free_strike, creature, target, characteristic=characteristic, dice=dice, flat_damage=flat_damage,
        knock_out=knock_out,
    )  # fmt: skip


def order_triggered_actions(
    state: Encounter,
    creatures: Iterable[str],
    *,
    heroes_order: Sequence[str] | None = None,
    director_order: Sequence[str] | None = None,
) -> tuple[str, ...]:
    """The order in which triggered actions answering one trigger resolve (DS-TURN-07, R-TURN-1).

    The players' creatures resolve first, in the order the players agree (``heroes_order``;
    default: the encounter's order), then the Director's, in the Director's order.
    """
    ids = list(dict.fromkeys(creatures))
    for cid in ids:
        state.creature(cid)
    rank = {cid: i for i, cid in enumerate(state.order)}

    def ordered(group: list[str], chosen: Sequence[str] | None, who: str) -> list[str]:
        if chosen is None:
            return sorted(group, key=rank.__getitem__)
        if sorted(chosen) != sorted(group):
            raise InvalidArgumentError(
                f"{who} order {list(chosen)!r}: must list exactly {sorted(group)!r}", rule="DS-TURN-07"
            )
        return list(chosen)

    players = [c for c in ids if state.creatures[c].side == HEROES]
    director = [c for c in ids if state.creatures[c].side != HEROES]
    return (*ordered(players, heroes_order, "players'"), *ordered(director, director_order, "Director's"))
