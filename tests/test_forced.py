"""Push, pull and slide: geometry, distance, stability, conditions, riders, burrowers (DS-FORCE)."""

from __future__ import annotations

import json
import time

import attrs
import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

import brawl
import brawl.rules.forced
from brawl import Cell, Characteristics, Creature, Encounter, Material, MovementType, Pos, Terrain
from brawl.conditions import Condition, ConditionName
from brawl.events.base import DiceRolled
from brawl.events.conditions import ConditionEnded
from brawl.events.damage import Damaged, Died
from brawl.events.forced import (
    CarriedRider,
    DeathTriggersDue,
    Fell,
    ForceMoved,
    HeldByGround,
    RiderKnockedOff,
    Slammed,
)
from brawl.rules.forced import ForcedMove, ForceKind, Push, force_move, plan_force
from brawl.rules.settle import settle
from brawl.strategies import creatures, encounters, sizes


def make(
    *creatures: Creature, terrain: Terrain | None = None, objects: tuple[brawl.MapObject, ...] = ()
) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(20, 20), list(creatures), objects)


def c(cid: str, x: int, y: int, z: int = 0, **kw: object) -> Creature:
    kw.setdefault("stamina_max", 40)
    return Creature(id=cid, pos=(x, y, z), **kw)  # type: ignore[arg-type]


def moved_event(events: tuple[brawl.Event, ...]) -> ForceMoved:
    found = [e for e in events if isinstance(e, ForceMoved)]
    assert len(found) == 1
    return found[0]


# --- distance, choice and stability -------------------------------------------------------------
def test_push_3_stability_1_moves_2() -> None:
    """DS-FORCE-02, DS-FORCE-16, R-FORCE-1: push 3 against stability 1 moves the target 2 squares."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, stability=1))
    enc, events = brawl.push(enc, "ogre", "kira", 3)
    assert enc.creature("kira").pos == Pos(5, 5, 0)
    ev = moved_event(events)
    assert (ev.distance, ev.stability_used, ev.effective, ev.moved, ev.remaining) == (3, 1, 2, 2, 0)
    assert "DS-FORCE-16" in ev.rules


def test_stability_used_is_a_choice_and_never_above_stability() -> None:
    """DS-FORCE-16, R-FORCE-1: the target may use 0..stability; more is refused."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, stability=2))
    after, _ = brawl.push(enc, "ogre", "kira", 3, stability_used=0)
    assert after.creature("kira").pos == Pos(6, 5, 0)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-FORCE-16"):
        brawl.push(enc, "ogre", "kira", 3, stability_used=3)


def test_stability_0_for_a_hero_by_default() -> None:
    """DS-FORCE-17, DS-FORCE-18: heroes start with stability 0, and stability is never below 0."""
    assert Creature(id="h", hero=True).stability == 0
    with pytest.raises(brawl.StateError):
        Creature(id="h", stability=-1)
    enc = make(c("ogre", 2, 5), c("hero", 3, 5, hero=True))
    enc, events = brawl.push(enc, "ogre", "hero", 4)
    assert moved_event(events).effective == 4
    assert enc.creature("hero").pos == Pos(7, 5, 0)


def test_fewer_squares_always_allowed_including_0() -> None:
    """DS-FORCE-05: the mover may move the target fewer squares than X, even 0."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5))
    after, events = brawl.push(enc, "ogre", "kira", 5, squares=2)
    assert after.creature("kira").pos == Pos(5, 5, 0)
    assert "DS-FORCE-05" in moved_event(events).rules
    after, events = brawl.push(enc, "ogre", "kira", 5, squares=0)
    assert after.creature("kira").pos == Pos(3, 5, 0)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-FORCE-05"):
        brawl.push(enc, "ogre", "kira", 5, squares=6)


def test_big_vs_little_melee_weapon_adds_1() -> None:
    """DS-FORCE-14, R-FORCE-2: a larger mover with a melee weapon ability pushes 1 farther."""
    enc = make(c("ogre", 0, 5, size="2"), c("kira", 2, 5))
    after, events = brawl.push(enc, "ogre", "kira", 2, melee_weapon=True)
    assert after.creature("kira").pos == Pos(5, 5, 0)
    ev = moved_event(events)
    assert (ev.bonus, ev.effective) == (1, 3)
    assert "DS-FORCE-14" in ev.rules
    # without the melee weapon flag, or a smaller mover: no bonus
    after, _ = brawl.push(enc, "ogre", "kira", 2)
    assert after.creature("kira").pos == Pos(4, 5, 0)
    enc = make(c("kira", 0, 5), c("ogre", 1, 5, size="2"))
    after, events = brawl.push(enc, "kira", "ogre", 2, melee_weapon=True)
    assert moved_event(events).bonus == 0
    assert after.creature("ogre").pos == Pos(3, 5, 0)


def test_1m_mover_vs_1s_target_is_larger() -> None:
    """DS-FORCE-14, R-SIZE-1: sizes compare by rank, so 1M is larger than 1S."""
    enc = make(c("human", 2, 5, size="1M"), c("polder", 3, 5, size="1S"))
    _, events = brawl.push(enc, "human", "polder", 1, melee_weapon=True)
    assert moved_event(events).bonus == 1


# --- geometry ------------------------------------------------------------------------------------
def test_push_straight_away_diagonal_by_default() -> None:
    """DS-FORCE-02, R-GEO-2: the default direction is straight away along each separated axis."""
    enc = make(c("ogre", 2, 2), c("kira", 3, 3))
    enc, events = brawl.push(enc, "ogre", "kira", 3)
    assert enc.creature("kira").pos == Pos(6, 6, 0)
    assert moved_event(events).path == (Pos(4, 4, 0), Pos(5, 5, 0), Pos(6, 6, 0))


def test_push_each_square_farther_or_refused() -> None:
    """DS-FORCE-02, R-GEO-2: a direction whose first square is not farther is illegal."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5))
    with pytest.raises(brawl.IllegalForcedMoveError, match="R-GEO-2"):
        brawl.push(enc, "ogre", "kira", 2, direction=(0, 1, 0))
    after, _ = brawl.push(enc, "ogre", "kira", 2, direction=(1, 1, 0))
    assert after.creature("kira").pos == Pos(5, 7, 0)


def test_push_is_not_vertical_unless_said() -> None:
    """DS-FORCE-02, DS-FORCE-10: a plain push has no z component; a vertical push may go up."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5))
    with pytest.raises(brawl.InvalidArgumentError, match="R-GEO-2"):
        brawl.push(enc, "ogre", "kira", 2, direction=(1, 0, 1))
    after, events = brawl.push(enc, "ogre", "kira", 2, direction=(1, 0, 1), vertical=True)
    ev = moved_event(events)
    assert ev.path == (Pos(4, 5, 1), Pos(5, 5, 2))
    assert "DS-FORCE-10" in ev.rules
    # left in midair at the end of a vertical move, it falls (DS-FORCE-11)
    fell = [e for e in events if isinstance(e, Fell)]
    assert fell
    assert "DS-FORCE-11" in fell[0].rules
    assert after.creature("kira").pos == Pos(5, 5, 0)


def test_pull_toward_the_source_each_square_closer() -> None:
    """DS-FORCE-03, R-GEO-2: a pull brings the target closer each square; it stops beside a position."""
    enc = make(c("kira", 8, 5))
    after, events = brawl.pull(enc, (2, 5, 0), "kira", 4)
    assert after.creature("kira").pos == Pos(4, 5, 0)
    enc = make(c("kira", 4, 5))
    after, events = brawl.pull(enc, (2, 5, 0), "kira", 5)
    ev = moved_event(events)
    assert after.creature("kira").pos == Pos(2, 5, 0)
    assert ev.moved == 2
    assert "closer" in ev.stopped
    with pytest.raises(brawl.IllegalForcedMoveError, match="DS-FORCE-03"):
        brawl.pull(make(c("kira", 4, 5)), (2, 5, 0), "kira", 2, direction=(1, 0, 0))


def test_slide_any_path_without_repeats() -> None:
    """DS-FORCE-04, R-GEO-3: a slide follows any horizontal king-step path; no square twice."""
    enc = make(c("kira", 5, 5))
    after, events = brawl.slide(enc, None, "kira", 3, path=[(6, 5), (7, 6), (6, 7)])
    assert after.creature("kira").pos == Pos(6, 7, 0)
    assert moved_event(events).path == (Pos(6, 5, 0), Pos(7, 6, 0), Pos(6, 7, 0))
    with pytest.raises(brawl.IllegalForcedMoveError, match="R-GEO-3"):
        brawl.slide(enc, None, "kira", 3, path=[(6, 5), (5, 5)])
    with pytest.raises(brawl.IllegalForcedMoveError, match="R-GEO-3"):
        brawl.slide(enc, None, "kira", 3, path=[(7, 5)])
    with pytest.raises(brawl.InvalidArgumentError, match="DS-FORCE-04"):
        brawl.slide(enc, None, "kira", 1, path=[(6, 5), (7, 5)])


def test_forced_movement_ignores_difficult_terrain_and_speed() -> None:
    """DS-FORCE-06, R-MOVE-4: difficult terrain costs nothing extra; a slowed target's speed is no cap."""
    t = Terrain.flat(20, 20).with_cells({Pos(x, 5, 0): Cell(difficult=True) for x in range(4, 9)})
    slowed = Condition(ConditionName.SLOWED)
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, conditions=(slowed,)), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", 5)
    assert after.creature("kira").pos == Pos(8, 5, 0)
    assert {"DS-FORCE-06", "R-MOVE-4"} <= set(moved_event(events).rules)


def test_forced_movement_provokes_no_opportunity_attack() -> None:
    """DS-FORCE-07: moving away from adjacent enemies by force provokes nothing; the event says so."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, side="heroes"), c("goblin", 3, 6))
    _, events = brawl.push(enc, "ogre", "kira", 3)
    assert "DS-FORCE-07" in moved_event(events).rules
    assert [type(e).__name__ for e in events] == ["ForceMoved"]


def test_damaging_terrain_entered_by_force_deals_its_damage() -> None:
    """DS-FORCE-08, DS-MOVE-13: a target pushed into damaging terrain takes its damage."""
    t = Terrain.flat(20, 20).with_cell((5, 5, 0), Cell(damaging=3, damage_type="fire"))
    enc = make(c("ogre", 2, 5), c("kira", 3, 5), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", 3)
    dmg = [e for e in events if isinstance(e, Damaged)]
    assert len(dmg) == 1
    assert dmg[0].base == 3
    assert dmg[0].type == "fire"
    assert "DS-FORCE-08" in dmg[0].rules
    assert after.creature("kira").stamina == 37


def test_path_is_reported_for_area_triggers() -> None:
    """DS-FORCE-19: every square entered is in the event, so "enters an area" triggers can fire."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5))
    _, events = brawl.push(enc, "ogre", "kira", 2)
    ev = moved_event(events)
    assert ev.path == (Pos(4, 5, 0), Pos(5, 5, 0))
    assert "DS-FORCE-19" in ev.rules


def test_slope_up_and_down_one_square_per_square() -> None:
    """DS-FORCE-13: a non-vertical push follows a slope of at most 1 per square; a 2-high step stops it."""
    cells = {Pos(5, 5, 0): Cell(Material.DIRT), **{Pos(6, 5, z): Cell(Material.DIRT) for z in range(3)}}
    t = Terrain.flat(20, 20).with_cells(cells)
    enc = make(c("ogre", 2, 5), c("kira", 3, 5), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", 3)
    ev = moved_event(events)
    assert ev.path == (Pos(4, 5, 0), Pos(5, 5, 1))
    assert after.creature("kira").pos == Pos(5, 5, 1)
    assert after.creature("kira").stamina == 40 - (2 + 1)  # the 2-high rise is a wall (DS-SLAM-06)
    # stairs down: pushed off a 1-high step it follows the slope down, no fall
    t = Terrain.flat(20, 20).with_cells({Pos(x, 5, 0): Cell(Material.STONE) for x in range(0, 5)})
    enc = make(c("ogre", 2, 5, 1), c("kira", 3, 5, 1), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", 3)
    assert moved_event(events).path == (Pos(4, 5, 1), Pos(5, 5, 0), Pos(6, 5, 0))
    assert not [e for e in events if isinstance(e, Fell)]


def test_pushed_across_a_pit_completes_the_distance_then_falls() -> None:
    """DS-FORCE-15: a non-flyer moved over open space finishes the movement, then falls."""
    t = Terrain.flat(20, 20).with_cells({Pos(x, 5, z): Cell() for x in (5, 6) for z in range(-6, 0)})
    enc = make(c("ogre", 2, 5), c("kira", 3, 5), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", 3)
    assert moved_event(events).path == (Pos(4, 5, 0), Pos(5, 5, 0), Pos(6, 5, 0))
    fell = [e for e in events if isinstance(e, Fell)]
    assert fell
    assert fell[0].height == 6
    assert "DS-FORCE-15" in fell[0].rules
    assert after.creature("kira").pos == Pos(6, 5, -6)
    # pushed all the way across, it lands on the far side and does not fall
    after, events = brawl.push(enc, "ogre", "kira", 4)
    assert after.creature("kira").pos == Pos(7, 5, 0)
    assert not [e for e in events if isinstance(e, Fell)]


def test_flying_target_is_always_moved_vertically() -> None:
    """DS-FORCE-12: forced movement against a flying creature is vertical."""
    bird = c("bird", 3, 5, 3, movement={"fly"})
    enc = make(c("ogre", 2, 5, 2), bird)
    after, events = brawl.push(enc, "ogre", "bird", 2)
    ev = moved_event(events)
    assert ev.vertical
    assert "DS-FORCE-12" in ev.rules
    assert after.creature("bird").pos == Pos(5, 5, 5)
    assert not [e for e in events if isinstance(e, Fell)]


# --- conditions -------------------------------------------------------------------------------
def test_restrained_creature_cannot_be_force_moved() -> None:
    """RB1-RESTRAINED: no forced movement at all, not even by a grabber."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, conditions=(Condition(ConditionName.RESTRAINED),)))
    with pytest.raises(brawl.IllegalForcedMoveError, match="RB1-RESTRAINED"):
        brawl.push(enc, "ogre", "kira", 2)


def test_grabbed_creature_moved_only_by_its_grabber_and_grab_ends_apart() -> None:
    """RB1-GRABBED: only the grabber may force move it; the grab ends once they are not adjacent."""
    grab = Condition(ConditionName.GRABBED, source="ogre")
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, conditions=(grab,)), c("mage", 3, 8))
    with pytest.raises(brawl.IllegalForcedMoveError, match="RB1-GRABBED"):
        brawl.push(enc, "mage", "kira", 2)
    after, events = brawl.push(enc, "ogre", "kira", 2)
    assert not after.creature("kira").has(ConditionName.GRABBED)
    ended = [e for e in events if isinstance(e, ConditionEnded)]
    assert ended
    assert ended[0].reason == "forced apart"
    assert "RB1-GRABBED" in ended[0].rules
    # the grabber pushed away from what it holds: the grab ends too
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, conditions=(grab,)), c("mage", 2, 6))
    after, events = brawl.push(enc, "mage", "ogre", 2, direction=(0, -1, 0))
    assert not after.creature("kira").has(ConditionName.GRABBED)
    # pushed but still adjacent: the grab holds
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, conditions=(grab,)))
    after, _ = brawl.slide(enc, "ogre", "kira", 1, path=[(3, 6)])
    assert after.creature("kira").has(ConditionName.GRABBED)


# --- riders, mounts and burrowers -------------------------------------------------------------------
def test_force_moved_rider_is_knocked_off_and_lands_by_tier() -> None:
    """DS-MOUNT-06, R-MOUNT-1: tier 3 lands in an adjacent space of its choice, not prone, no damage."""
    horse = c("horse", 5, 5, size="2")
    rider = c("rider", 5, 5, riding="horse")
    enc = make(c("ogre", 2, 5), horse, rider)
    after, events = brawl.push(enc, "ogre", "rider", 3, rider_tier=3, rider_landing=(7, 5, 0))
    r = after.creature("rider")
    assert r.riding is None
    assert r.pos == Pos(7, 5, 0)
    assert not r.has(ConditionName.PRONE)
    assert r.stamina == 40
    off = [e for e in events if isinstance(e, RiderKnockedOff)]
    assert off
    assert "R-MOUNT-1" in off[0].rules
    # tier 1: falls 2 squares from the top of a size-2 mount: 4 damage, prone
    after, events = brawl.push(enc, "ogre", "rider", 3, rider_tier=1)
    r = after.creature("rider")
    assert r.riding is None
    assert r.has(ConditionName.PRONE)
    assert r.stamina == 36
    # tier 2: slides down, no damage, not prone (R-MOUNT-3)
    after, _ = brawl.push(enc, "ogre", "rider", 3, rider_tier=2)
    r = after.creature("rider")
    assert r.riding is None
    assert not r.has(ConditionName.PRONE)
    assert r.stamina == 40


def test_force_moved_rider_test_rolled_when_not_given() -> None:
    """DS-MOUNT-06, DS-MTYPE-16: without a tier, 2d10 + Might or Agility is rolled from the state's RNG.

    For each of many seeds the dice shown are the two d10s the state's own RNG gives
    (``Encounter.roll``), the RNG advances by exactly those two draws, the tier in the event is
    the tier of the total (≤11, 12-16, 17+), and the rider lands as that tier says.
    """
    rider = c("rider", 5, 5, riding="horse", characteristics=Characteristics(might=2, agility=0))
    base = make(c("ogre", 2, 5), c("horse", 5, 5, size="2"), rider)
    tiers = set()
    for seed in range(40):
        enc = base.with_rng(brawl.Rng(seed))
        faces, rolled = enc.roll(10, 2)
        after, events = brawl.push(enc, "ogre", "rider", 3)
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        assert len(rolls) == 1
        roll = rolls[0]
        assert (roll.dice, roll.values, roll.source, roll.creature) == ("2d10", faces, "rng", "rider")
        assert after.rng == rolled.rng
        total = sum(faces) + 2  # Might 2 is the better of Might and Agility
        tier = 1 if total <= 11 else 2 if total <= 16 else 3
        assert roll.purpose.endswith(f"= {total}, tier {tier}"), roll.purpose
        landed = after.creature("rider")
        assert landed.riding is None
        assert landed.has(ConditionName.PRONE) == (tier == 1)
        assert landed.stamina == (36 if tier == 1 else 40)  # tier 1: a 2-square fall, 4 damage
        tiers.add(tier)
    assert tiers == {1, 2, 3}


def test_mount_carries_its_rider() -> None:
    """DS-MOUNT-07: a force-moved mount carries its riders with it."""
    enc = make(c("ogre", 2, 5, size="2"), c("horse", 4, 5, size="2"), c("rider", 4, 5, riding="horse"))
    after, events = brawl.push(enc, "ogre", "horse", 3)
    assert after.creature("horse").pos == Pos(7, 5, 0)
    assert after.creature("rider").pos == Pos(7, 5, 0)
    assert after.creature("rider").riding == "horse"
    assert next(e for e in events if isinstance(e, CarriedRider)).rules == ("DS-MOUNT-07",)


def test_burrowed_creature_takes_1_per_square_instead() -> None:
    """DS-FORCE-21, R-FORCE-7: beneath the ground, a push 3 (stability 1) deals 2 and moves nothing."""
    t = Terrain.flat(20, 20).with_cell((5, 5, -2), Cell())
    worm = c("worm", 5, 5, -2, movement={"burrow"}, stability=1)
    enc = make(worm, terrain=t)
    after, events = brawl.push(enc, (4, 5, -2), "worm", 3, direction=(1, 0, 0))
    assert after.creature("worm").pos == Pos(5, 5, -2)
    held = [e for e in events if isinstance(e, HeldByGround)]
    assert held
    assert held[0].damage == 2
    assert after.creature("worm").stamina == 38
    # a vertical pull moves it up through the dirt as if through air
    after, events = brawl.pull(enc, (5, 5, 3), "worm", 4, vertical=True, stability_used=0)
    assert after.creature("worm").pos == Pos(5, 5, 0)
    assert not [e for e in events if isinstance(e, HeldByGround)]


# --- several targets, death triggers --------------------------------------------------------------
def test_force_move_many_in_the_callers_order() -> None:
    """DS-FORCE-09: each target's movement completes before the next; the order changes the result."""
    enc = make(c("ogre", 2, 5), c("a", 3, 5), c("b", 4, 5))
    first_a = [ForcedMove(kind="push", source="ogre", target=t, distance=2) for t in ("a", "b")]
    after, _events = brawl.rules.forced.force_move_many(enc, first_a)
    assert after.creature("a").pos == Pos(3, 5, 0)  # a slammed into b at once
    assert after.creature("b").pos == Pos(6, 5, 0)
    first_b = list(reversed(first_a))
    after, _ = brawl.rules.forced.force_move_many(enc, first_b)
    assert after.creature("b").pos == Pos(6, 5, 0)
    assert after.creature("a").pos == Pos(5, 5, 0)


def test_death_trigger_resolves_after_the_forced_movement() -> None:
    """DS-FORCE-20: a creature killed by the effect is moved first; its death triggers come last.

    The triggers are a hook of the caller's program, not a choice of the push: they are given
    to the resolver (``force_move``), whose outcome the settle pass then completes, as
    ``brawl.push`` does for its own.
    """
    enc = make(c("ogre", 2, 5), c("gob", 3, 5, stamina_max=5))
    enc, _ = brawl.damage(enc, "gob", 5)
    seen: list[tuple[str, Pos]] = []

    def trigger(state: Encounter, cid: str) -> brawl.Outcome:
        seen.append((cid, state.creature(cid).pos))
        return brawl.Outcome(state, ())

    _after, events = settle(force_move(enc, Push("ogre", "gob", 3), death_triggers=trigger))
    assert seen == [("gob", Pos(6, 5, 0))]
    assert isinstance(events[-1], DeathTriggersDue)
    assert events[-1].creatures == ("gob",)
    assert "DS-FORCE-20" in events[-1].rules
    # a creature killed by the slam itself is listed too
    enc = make(c("ogre", 2, 5), c("a", 3, 5, stamina_max=2), c("b", 5, 5))
    _, events = brawl.push(enc, "ogre", "a", 4)
    assert any(isinstance(e, Died) for e in events)
    assert events[-1] == DeathTriggersDue(creatures=("a",), rules=("DS-FORCE-20",))


def test_forced_move_record_replays() -> None:
    """DS-FORCE-01: the ForcedMove record is the whole request; as an action it survives JSON.

    The push's numbers and the target's square are checked, and the same push saved as a
    ``Push`` action, written to JSON, read back and applied gives the same state and events.
    """
    enc = make(c("ogre", 2, 5), c("kira", 3, 5))
    move = ForcedMove(kind=ForceKind.PUSH, source="ogre", target="kira", distance=3)
    after, events = brawl.apply(enc, move)
    assert after.creature("kira").pos == Pos(6, 5, 0)
    assert after.creature("ogre").pos == Pos(2, 5, 0)
    assert after.creature("kira").stamina == 40
    ev = moved_event(events)
    numbers = (ev.kind, ev.distance, ev.bonus, ev.chosen, ev.stability_used, ev.effective, ev.moved)
    assert numbers == ("push", 3, 0, 3, 0, 3, 3)
    assert (ev.remaining, ev.stopped, ev.start) == (0, "", Pos(3, 5, 0))
    assert ev.path == (Pos(4, 5, 0), Pos(5, 5, 0), Pos(6, 5, 0))
    assert "DS-FORCE-02" in ev.rules
    saved = brawl.actions_to_json([brawl.actions.Push("ogre", "kira", 3)])
    (loaded,) = brawl.actions_from_json(saved)
    assert loaded == brawl.actions.Push("ogre", "kira", 3)
    replayed = brawl.apply(enc, loaded)
    assert brawl.to_json(replayed.state) == brawl.to_json(after)
    assert brawl.explain(replayed.events) == brawl.explain(events)
    assert brawl.actions.can(enc, move)
    assert not brawl.actions.can(enc, attrs.evolve(move, distance=-1))


# --- bad input and huge input ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "error", "rule"),
    [
        ({"distance": -1}, brawl.InvalidArgumentError, "DS-FORCE-02"),
        ({"distance": 10**12}, brawl.InvalidArgumentError, "DS-FORCE-02"),
        ({"distance": 2.5}, brawl.InvalidArgumentError, "DS-FORCE-02"),
        ({"distance": True}, brawl.InvalidArgumentError, "DS-FORCE-02"),
        ({"direction": (2, 0, 0)}, brawl.InvalidArgumentError, "R-GEO-2"),
        ({"direction": "east"}, brawl.InvalidArgumentError, "R-GEO-1"),
        ({"direction": 5}, brawl.InvalidArgumentError, "R-GEO-2"),
        ({"stability_used": -1}, brawl.InvalidArgumentError, "DS-FORCE-16"),
        ({"squares": "3"}, brawl.InvalidArgumentError, "DS-FORCE-05"),
        ({"target": "nobody"}, brawl.UnknownCreatureError, "nobody"),
        ({"source": "nobody"}, brawl.UnknownCreatureError, "nobody"),
        ({"source": "kira"}, brawl.InvalidArgumentError, "DS-FORCE-02"),
        ({"source": (1, 2, 3, 4)}, brawl.InvalidArgumentError, "R-GEO-1"),
        ({"kind": "shove"}, brawl.InvalidArgumentError, "DS-FORCE-01"),
        ({"vertical": "yes"}, brawl.InvalidArgumentError, "DS-FORCE-02"),
    ],
)
def test_bad_requests_raise_rules_errors(
    kwargs: dict[str, object], error: type[Exception], rule: str
) -> None:
    """Bad input: each illegal request raises its RulesError subclass naming the rule."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5))
    args: dict[str, object] = {"kind": "push", "source": "ogre", "target": "kira", "distance": 3}
    args.update(kwargs)
    with pytest.raises(error, match=rule):
        brawl.apply(enc, ForcedMove(**args))  # type: ignore[arg-type]


def test_rider_tier_checked() -> None:
    """DS-MOUNT-06: a knock-off tier is 1, 2 or 3."""
    enc = make(c("ogre", 2, 5), c("horse", 5, 5, size="2"), c("rider", 5, 5, riding="horse"))
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MOUNT-06"):
        brawl.push(enc, "ogre", "rider", 2, rider_tier=4)


def test_push_of_a_billion_squares_is_answered_quickly() -> None:
    """R-MOVE-4, DS-SLAM-06: a push of 10**9 stops at the map's edge, quickly."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, stamina_max=100))
    t0 = time.perf_counter()
    after, events = brawl.push(enc, "ogre", "kira", 10**9)
    assert time.perf_counter() - t0 < 20.0  # a hang guard (unbounded work), not a speed claim
    assert after.creature("kira").pos == Pos(19, 5, 0)
    assert moved_event(events).remaining == 10**9 - 16
    assert after.creature("kira").dead


# --- properties -----------------------------------------------------------------------------------
@st.composite
def push_cases(draw: st.DrawFn) -> tuple[Encounter, ForcedMove]:
    enc = draw(encounters(min_creatures=2, max_creatures=5, max_objects=3))
    ids = list(enc.order)
    assume(len(ids) >= 2)
    target = draw(st.sampled_from(ids))
    source = draw(st.sampled_from([i for i in ids if i != target]))
    kind = draw(st.sampled_from(["push", "pull"]))
    return enc, ForcedMove(
        kind=kind,
        source=source,
        target=target,
        distance=draw(st.integers(0, 8)),
        vertical=draw(st.booleans()),
        melee_weapon=draw(st.booleans()),
        rider_tier=draw(st.sampled_from([1, 2, 3])),
    )


def _try(enc: Encounter, move: ForcedMove) -> brawl.Outcome | None:
    try:
        return brawl.apply(enc, move)
    except brawl.RulesError:
        return None


def cube_gap(a: Pos, a_n: int, b: Pos, b_n: int) -> int:
    """Chebyshev distance between two cubes, worked out here: 0 overlapping, 1 touching."""

    def axis(x: int, x_n: int, y: int, y_n: int) -> int:
        return max(0, y - (x + x_n - 1), x - (y + y_n - 1))

    return max(axis(a[i], a_n, b[i], b_n) for i in range(3))


@st.composite
def clear_push_cases(draw: st.DrawFn) -> tuple[Encounter, ForcedMove]:
    """A push or pull on open flat ground, nothing in the way: the target always has room to move.

    The target and the source are random creatures without conditions; the target stands near
    the middle of a 30 x 30 map, so even a push of 8 + 1 squares stays on the map; a pulled
    target starts 2 or more squares from its source; the stability used leaves at least 1 square.
    """
    kind = draw(st.sampled_from(["push", "pull"]))
    spot = Pos(draw(st.integers(12, 15)), draw(st.integers(12, 15)), 0)
    target = attrs.evolve(draw(creatures(id="t", size=sizes(2), pos=spot)), conditions=())
    where = Pos(draw(st.integers(spot.x - 5, spot.x + 5)), draw(st.integers(spot.y - 5, spot.y + 5)), 0)
    source = attrs.evolve(draw(creatures(id="s", size=sizes(2), pos=where)), conditions=())
    assume(cube_gap(where, source.n, spot, target.n) >= (2 if kind == "pull" else 1))
    bystander = c("far", 1, 1, stamina_max=10)
    enc = Encounter.create(Terrain.flat(30, 30), [source, target, bystander])
    distance_x = draw(st.integers(1, 8))
    return enc, ForcedMove(
        kind=kind,
        source="s",
        target="t",
        distance=distance_x,
        melee_weapon=draw(st.booleans()),
        stability_used=draw(st.integers(0, min(target.stability, distance_x - 1))),
    )


@st.composite
def forced_cases(draw: st.DrawFn) -> tuple[Encounter, ForcedMove, bool]:
    """One case in four from :func:`push_cases` (walls, crowds, conditions), three on open ground."""
    if draw(st.integers(0, 3)) == 0:
        enc, move = draw(push_cases())
        return enc, move, False
    enc, move = draw(clear_push_cases())
    return enc, move, True


@given(forced_cases())
def test_property_distance_monotone_bounded_pure_and_deterministic(
    case: tuple[Encounter, ForcedMove, bool],
) -> None:
    """R-GEO-2, R-FORCE-1, DS-FORCE-02, DS-FORCE-03: at most D squares; pushes grow, pulls shrink distance.

    The distances are worked out here (:func:`cube_gap`), not with the engine's own helper; the
    input state is compared with a JSON snapshot taken before the call. On open ground the
    numbers are exact: a push moves all D squares, a pull moves D squares unless it reaches the
    source first, and only the target moves.
    """
    enc, move, clear = case
    snapshot = brawl.to_json(enc)
    out = _try(enc, move)
    assert brawl.to_json(enc) == snapshot  # the input state is untouched
    if out is None:
        assert not clear
        event("refused")
        return
    again = brawl.apply(enc, move)
    assert brawl.to_json(again.state) == brawl.to_json(out.state)
    assert again.events == out.events
    ev = moved_event(out.events)
    event("moved > 0" if ev.moved > 0 else "moved 0")
    s = enc.creature(move.source)  # type: ignore[arg-type]
    t = enc.creature(move.target)
    bonus = 1 if move.melee_weapon and s.size > t.size else 0
    assert ev.bonus == bonus  # DS-FORCE-14, R-FORCE-2: big vs little with a melee weapon
    assert ev.chosen == move.distance + bonus
    used = t.stability if move.stability_used is None else move.stability_used
    assert ev.stability_used == min(used, ev.chosen)
    assert ev.effective == max(0, ev.chosen - ev.stability_used)
    assert 0 <= ev.moved <= ev.effective
    prev = ev.start
    assert prev == t.pos
    step = 1 if move.kind == "push" else -1
    for p in ev.path:
        assert max(abs(p[i] - prev[i]) for i in range(3)) == 1  # one square at a time
        d0, d1 = cube_gap(prev, t.n, s.pos, s.n), cube_gap(p, t.n, s.pos, s.n)
        assert d1 > d0 if move.kind == "push" else d1 < d0
        prev = p
    final = out.state  # the state validates itself: nothing ends in a wall or inside a creature
    for cr in final.living():
        assert final.fits(cr.pos, cr.n) or cr.riding is not None
    if not clear:
        return
    start_gap = cube_gap(t.pos, t.n, s.pos, s.n)
    end = final.creature("t").pos
    assert ev.moved == len(ev.path)
    assert end == (ev.path[-1] if ev.path else t.pos)
    assert cube_gap(end, t.n, s.pos, s.n) == start_gap + step * ev.moved
    assert ev.moved + ev.remaining == ev.effective
    if move.kind == "push":
        assert (ev.moved, ev.stopped) == (ev.effective, "")
        assert ev.moved >= 1
    else:
        assert ev.moved <= min(ev.effective, start_gap - 1)
        assert (ev.stopped == "") == (ev.moved == ev.effective)
    assert json.loads(brawl.to_json(final))["creatures"][2] == json.loads(snapshot)["creatures"][2]
    if not ev.stopped:  # nothing was hit: only the target's position changed
        assert final.creature("t") == attrs.evolve(t, pos=end)
        assert final.creature("s") == s


@given(forced_cases())
def test_property_planned_force_move_equals_the_checked_one(case: tuple[Encounter, ForcedMove, bool]) -> None:
    """DS-FORCE-01, R-FORCE-1: a forced move planned once (plan_force, as an ability's effect
    does) refuses what verify refuses and resolves to the same state and events as force_move
    checking it again."""
    enc, move, _ = case
    refusal: brawl.RulesError | None = None
    try:
        move.verify(enc)
    except brawl.RulesError as exc:
        refusal = exc
    if refusal is not None:
        with pytest.raises(type(refusal)) as again:
            plan_force(enc, move)
        assert str(again.value) == str(refusal)
        return
    plan = plan_force(enc, move)
    direct = force_move(enc, move)
    planned = force_move(enc, move, checked=plan)
    assert brawl.to_json(planned.state) == brawl.to_json(direct.state)
    assert planned.events == direct.events
    assert moved_event(planned.events).effective == plan.effective


@given(push_cases())
def test_property_slam_damage_equals_remaining(case: tuple[Encounter, ForcedMove]) -> None:
    """DS-SLAM-01, DS-SLAM-03: every party to a creature slam takes exactly the squares remaining."""
    enc, move = case
    out = _try(enc, move)
    if out is None:
        return
    for e in out.events:
        if isinstance(e, Slammed):
            assert e.remaining == moved_event(out.events).remaining
            assert e.target_damage % e.remaining == 0
            assert e.target_damage <= e.remaining * len(e.into)


def test_property_helpers_are_valid() -> None:
    """R-FORCE-1: a creature never moves farther than chosen − stability (worked check)."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, stability=2, characteristics=Characteristics(might=1)))
    _, events = brawl.push(enc, "ogre", "kira", 5, squares=4, stability_used=1)
    ev = moved_event(events)
    assert (ev.chosen, ev.effective, ev.moved) == (4, 3, 3)


def test_flyer_with_hover_and_movement_types() -> None:
    """DS-FORCE-12: a hovering creature in midair is flying too."""
    enc = make(c("ogre", 2, 5, 2), c("wisp", 3, 5, 2, movement={MovementType.HOVER}))
    _, events = brawl.push(enc, "ogre", "wisp", 1)
    assert moved_event(events).vertical
