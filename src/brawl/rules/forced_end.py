"""The end of one forced movement: falls, grabs, riders, burrowers held by the ground, death triggers.

Rules: DS-FORCE-11, DS-FORCE-15, DS-FORCE-20, DS-FORCE-21, DS-MOUNT-06, DS-MOUNT-07,
DS-MTYPE-16; RB1-GRABBED; rulings R-FORCE-7, R-FORCE-8, R-MOUNT-1.
"""

from __future__ import annotations

import attrs

from brawl.conditions import ConditionName
from brawl.dice import NATURAL_TIER_3, POWER_DICE, POWER_DIE_SIDES, roll_dice, tier_of
from brawl.events.base import DiceRolled, Event
from brawl.events.damage import Died
from brawl.events.forced import CarriedRider, DeathTriggersDue, ForceMoved, HeldByGround
from brawl.geometry import Pos, adjacent
from brawl.outcome import Outcome
from brawl.rules.conditions import clear_condition
from brawl.rules.damage import deal_damage
from brawl.rules.falling import Fall, drop_height, resting_place, should_fall
from brawl.rules.forced_walk import DeathTriggers, MoveContext, Walk, cap
from brawl.rules.riders import rider_force_moved
from brawl.state import Encounter

BURROW_DAMAGE_PER_SQUARE = 1  # DS-FORCE-21, R-FORCE-7


def _damage(
    state: Encounter, target: str, amount: int, source: str | None, rules: tuple[str, ...]
) -> Outcome:
    if state.creature(target).dead or amount <= 0:
        return Outcome(state, ())
    return deal_damage(state, target, cap(amount), source=source, rules=rules)


def held_by_ground(
    state: Encounter,
    ctx: MoveContext,
    header: ForceMoved,
    effective: int,
    death_triggers: DeathTriggers | None,
) -> Outcome:
    """A burrower completely beneath the ground is not moved: 1 damage per square (DS-FORCE-21, R-FORCE-7)."""
    event = attrs.evolve(header, moved=0, remaining=effective, stopped="beneath the ground")
    dmg = BURROW_DAMAGE_PER_SQUARE * effective
    held = HeldByGround(target=ctx.target, squares=effective, damage=dmg, rules=("DS-FORCE-21", "R-FORCE-7"))
    out = Outcome(state, (event, held))
    out = out.then(_damage, ctx.target, dmg, ctx.mover, ("DS-FORCE-21", "R-FORCE-7", "R-FORCE-8"))
    return finish(out, ctx, ctx.creature is not None and ctx.creature.dead, death_triggers)


def after_walk(out: Outcome, ctx: MoveContext, walk: Walk) -> Outcome:
    """The end of the movement: falls, the ground, grabs, riders (DS-FORCE-11, -15, DS-MOUNT-07)."""
    c = ctx.creature
    if c is not None and not out.state.creature(ctx.target).dead:
        now = out.state.creature(ctx.target)
        if should_fall(out.state, ctx.target):
            rest = resting_place(out.state, now.pos, now.n, ignore={ctx.target, *ctx.riders})
            height = drop_height(now.pos.z, rest) + (walk.descended if ctx.vertical else 0)
            why: tuple[str, ...] = ("DS-FORCE-11",) if ctx.vertical else ("DS-FORCE-15",)
            if ctx.vertical and walk.descended:
                why += ("DS-FALL-04",)
            out = out.then(Fall(ctx.target, height=height, use_agility=ctx.use_agility, rules=why).resolve)
    if c is None and ctx.target not in out.state.objects:
        return out  # the moved object was destroyed (DS-SLAM-08)
    final = out.state.creature(ctx.target).pos if c is not None else out.state.object(ctx.target).pos
    if c is not None and final != ctx.start:
        out = _end_grabs(out, ctx)
    if ctx.riders and final != ctx.start:
        delta = final - ctx.start
        for rid in ctx.riders:
            r = out.state.creature(rid)
            to = r.pos + delta
            out = out.add(
                CarriedRider(rider=rid, mount=ctx.target, to=to, rules=("DS-MOUNT-07",)),
                state=out.state.update_creature(rid, pos=to),
            )
    return out


def _end_grabs(out: Outcome, ctx: MoveContext) -> Outcome:
    """A grab ends when either creature is force moved out of adjacency (RB1-GRABBED)."""
    st = out.state
    me = st.creature(ctx.target)
    for g in me.conditions_named(ConditionName.GRABBED):
        other = st.creatures.get(g.source) if g.source is not None else None
        if other is None or not adjacent(me.pos, me.n, other.pos, other.n):
            out = out.then(
                clear_condition,
                ctx.target,
                ConditionName.GRABBED,
                source=g.source,
                reason="forced apart",
                rules=("RB1-GRABBED",),
            )
    around = Pos(ctx.start.x - 1, ctx.start.y - 1, ctx.start.z - 1)
    for cid in out.state.creatures_in(around, ctx.n + 2, exclude={ctx.target}):
        other = out.state.creatures[cid]
        if any(g.source == ctx.target for g in other.conditions_named(ConditionName.GRABBED)):
            me = out.state.creature(ctx.target)
            if not adjacent(me.pos, me.n, other.pos, other.n):
                out = out.then(
                    clear_condition,
                    cid,
                    ConditionName.GRABBED,
                    source=ctx.target,
                    reason="forced apart",
                    rules=("RB1-GRABBED",),
                )
    return out


def knocked_off(
    state: Encounter,
    ctx: MoveContext,
    header: ForceMoved,
    death_triggers: DeathTriggers | None,
) -> Outcome:
    """A force-moved rider is knocked off; its knock-off test decides how it lands (DS-MOUNT-06, R-MOUNT-1).

    The test is a power roll, 2d10 + Might or Agility (DS-MTYPE-16), tiered by :func:`brawl.dice.tier_of`:
    a natural 19 or 20 is tier 3 whatever the total (RB3-NATURAL).
    """
    c = ctx.creature
    assert c is not None
    events: list[Event] = [
        attrs.evolve(
            header,
            moved=0,
            remaining=header.effective,
            stopped="knocked off its mount",
            rules=(*header.rules, "DS-MOUNT-06"),
        )
    ]
    tier = ctx.rider_tier
    if tier is None:
        rules: tuple[str, ...] = ("DS-MOUNT-06", "DS-MTYPE-16")
        faces, rolled = roll_dice(
            state, POWER_DIE_SIDES, POWER_DICE, values=ctx.rider_dice, purpose="knock-off test", creature=c.id
        )
        state = rolled.state
        natural = sum(faces)
        bonus = max(c.characteristics.might, c.characteristics.agility)
        total = natural + bonus
        tier = tier_of(total, natural=natural)
        note = ""
        if natural >= NATURAL_TIER_3:
            note, rules = f" (natural {natural})", (*rules, "RB3-NATURAL")
        [roll] = rolled.events
        assert isinstance(roll, DiceRolled)
        purpose = f"knock-off test, + {bonus} (Might or Agility) = {total}, tier {tier}{note}"
        events.append(attrs.evolve(roll, purpose=purpose, rules=rules))
    out = Outcome(state, tuple(events))
    out = out.then(rider_force_moved, c.id, tier, landing=ctx.rider_landing, use_agility=ctx.use_agility)
    if out.state.creature(c.id).pos != ctx.start:
        out = _end_grabs(out, ctx)
    return finish(out, ctx, False, death_triggers)


def finish(
    out: Outcome, ctx: MoveContext, dead_before: bool, death_triggers: DeathTriggers | None
) -> Outcome:
    """Death triggers resolve after the forced movement (DS-FORCE-20)."""
    dead: dict[str, None] = {}
    if dead_before:
        dead[ctx.target] = None
    for e in out.events:
        if isinstance(e, Died):
            dead[e.creature] = None
    if not dead:
        return out
    out = out.add(DeathTriggersDue(creatures=tuple(dead), rules=("DS-FORCE-20",)))
    if death_triggers is not None:
        for cid in dead:
            out = out.then(death_triggers, cid)
    return out
