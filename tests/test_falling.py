"""Falling: height, Agility, liquid, landing on creatures, falling far, falling off (DS-FALL)."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.rules.falling
import brawl.rules.riders
import brawl.verbs
from brawl import Cell, Characteristics, Creature, Encounter, MovementType, Pos, Terrain
from brawl.conditions import Condition, ConditionName
from brawl.events.damage import Damaged
from brawl.events.forced import FallingFar, Fell, RiderKnockedOff


def make(*creatures: Creature, terrain: Terrain | None = None) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(20, 20, height=40), list(creatures))


def c(cid: str, x: int, y: int, z: int = 0, *, agility: int = 0, might: int = 0, **kw: object) -> Creature:
    kw.setdefault("stamina_max", 80)
    chars = Characteristics(might=might, agility=agility)
    return Creature(id=cid, pos=(x, y, z), characteristics=chars, **kw)  # type: ignore[arg-type]


def fell(events: tuple[brawl.Event, ...]) -> Fell:
    found = [e for e in events if isinstance(e, Fell)]
    assert len(found) == 1
    return found[0]


def taken(events: tuple[brawl.Event, ...], target: str) -> list[int]:
    return [e.after_immunity for e in events if isinstance(e, Damaged) and e.target == target]


def test_fall_6_squares_agility_2_deals_8_and_prone() -> None:
    """DS-FALL-01, DS-FALL-02, R-FALL-1: 6 − 2 = 4 effective squares: 8 damage, prone."""
    enc = make(c("kira", 3, 3, 6, agility=2))
    after, events = brawl.fall(enc, "kira")
    f = fell(events)
    assert (f.height, f.agility, f.effective, f.damage, f.prone) == (6, 2, 4, 8, True)
    k = after.creature("kira")
    assert k.pos == Pos(3, 3, 0)
    assert k.stamina == 72
    assert k.has(ConditionName.PRONE)
    assert "DS-FALL-05" in f.rules  # falling provokes no opportunity attack


def test_fall_30_squares_is_capped_at_50() -> None:
    """DS-FALL-01: 2 per square, at most 50: 30 squares deal 50."""
    enc = make(c("kira", 3, 3, 30))
    after, events = brawl.fall(enc, "kira")
    assert fell(events).damage == 50
    assert after.creature("kira").stamina == 30


def test_threshold_and_prone_use_the_effective_height() -> None:
    """R-FALL-1, DS-FALL-01: 3 squares with Agility 2 is 1 effective: no damage, not prone."""
    enc = make(c("kira", 3, 3, 3, agility=2))
    after, events = brawl.fall(enc, "kira")
    f = fell(events)
    assert (f.effective, f.damage, f.prone) == (1, 0, False)
    assert after.creature("kira").pos == Pos(3, 3, 0)
    assert not after.creature("kira").has(ConditionName.PRONE)
    enc = make(c("kira", 3, 3, 2))
    assert fell(brawl.fall(enc, "kira").events).damage == 4


def test_agility_reduction_may_be_declined_and_is_never_negative() -> None:
    """R-FALL-2, R-FALL-1, DS-FALL-02: Agility may be declined; a negative one adds nothing."""
    enc = make(c("kira", 3, 3, 6, agility=2))
    _, events = brawl.fall(enc, "kira", use_agility=False)
    assert fell(events).damage == 12
    assert "R-FALL-2" in fell(events).rules
    enc = make(c("clod", 3, 3, 6, agility=-2))
    assert fell(brawl.fall(enc, "clod").events).damage == 12
    assert brawl.rules.falling.fall_damage(6, -2).effective == 6


def test_fall_into_liquid_reduces_4_and_is_not_prone() -> None:
    """DS-FALL-03, R-FALL-3: a pool 2 deep, 6 squares to its surface: 2 effective, no damage."""
    t = Terrain.flat(20, 20, height=40).with_cells({Pos(3, 3, z): Cell(liquid=True) for z in (-2, -1)})
    enc = make(c("kira", 3, 3, 6), terrain=t)
    after, events = brawl.fall(enc, "kira")
    f = fell(events)
    assert (f.height, f.liquid, f.effective, f.damage, f.prone) == (6, 4, 2, 4, False)
    assert after.creature("kira").pos == Pos(3, 3, -1)
    assert not after.creature("kira").has(ConditionName.PRONE)


def test_size_2_falling_on_might_1_creature_knocks_it_prone() -> None:
    """DS-FALL-06, DS-FALL-07, DS-FALL-08, R-FALL-4, R-SIZE-2: both take the damage; 2 > 1: prone."""
    ogre = c("ogre", 5, 5, 6, size="2")
    kira = c("kira", 5, 5, 0, might=1, immunities={"damage": 3})
    enc = make(ogre, kira)
    after, events = brawl.fall(enc, "ogre")
    f = fell(events)
    assert f.onto == "kira"
    assert (f.height, f.damage) == (5, 10)
    assert taken(events, "ogre") == [10]
    assert taken(events, "kira") == [7]  # its own immunity 3 applies (R-FALL-4)
    o = after.creature("ogre")
    assert o.has(ConditionName.PRONE)
    assert o.pos.z == 0
    assert not brawl.geometry.overlaps(o.pos, 2, Pos(5, 5, 0), 1)
    assert after.creature("kira").has(ConditionName.PRONE)


def test_falling_on_a_creature_whose_might_is_at_least_the_size_does_not_knock_it_prone() -> None:
    """DS-FALL-08, R-SIZE-2: a 1M faller (size value 1) on Might 1: not knocked prone (strictly greater)."""
    enc = make(c("gob", 5, 5, 4), c("kira", 5, 5, 0, might=1))
    after, events = brawl.fall(enc, "gob")
    assert fell(events).onto == "kira"
    assert not after.creature("kira").has(ConditionName.PRONE)
    assert after.creature("gob").has(ConditionName.PRONE)


def test_landing_after_a_creature_nearest_unoccupied_in_fixed_order_or_chosen() -> None:
    """DS-FALL-07, R-FALL-4: first nearest position in fixed order, or the choice."""
    enc = make(c("gob", 5, 5, 4), c("kira", 5, 5, 0))
    after, events = brawl.fall(enc, "gob")
    assert fell(events).landing == Pos(4, 4, 0)
    assert after.creature("gob").pos == Pos(4, 4, 0)
    after, _ = brawl.fall(enc, "gob", landing=(6, 6, 0))
    assert after.creature("gob").pos == Pos(6, 6, 0)
    with pytest.raises(brawl.InvalidArgumentError, match="R-FALL-4"):
        brawl.fall(enc, "gob", landing=(9, 9, 0))


def test_falling_far_100_squares_then_100_each_round() -> None:
    """DS-FALL-09, R-FALL-5: 250 squares: 100 now, none at the end of this round, 100 at the next."""
    enc = make(c("kira", 3, 3, 0))
    after, events = brawl.fall(enc, "kira", height=250)
    far = [e for e in events if isinstance(e, FallingFar)]
    assert far[0].fallen == 100
    assert after.creature("kira").falling == 150
    after, events = brawl.rules.falling.continue_fall(after, "kira")
    assert after.creature("kira").falling == 150
    after, events = brawl.rules.falling.continue_fall(after, "kira")
    assert after.creature("kira").falling == 50
    after, events = brawl.rules.falling.continue_fall(after, "kira")
    f = fell(events)
    assert f.damage == 50
    assert after.creature("kira").falling == 0
    assert after.creature("kira").has(ConditionName.PRONE)
    # nothing to do for a creature that is not falling
    assert brawl.rules.falling.continue_fall(after, "kira").events == ()


def test_falling_far_on_the_map_moves_down_100_a_round() -> None:
    """R-FALL-5: on a map 300 levels high, a creature at 250 is at 150 after the first stretch."""
    enc = make(c("kira", 3, 3, 250), terrain=Terrain.flat(10, 10, height=300))
    after, _ = brawl.fall(enc, "kira")
    assert after.creature("kira").pos == Pos(3, 3, 150)
    after, _ = brawl.rules.falling.continue_fall(after, "kira")
    assert after.creature("kira").pos == Pos(3, 3, 150)
    after, _ = brawl.rules.falling.continue_fall(after, "kira")
    assert after.creature("kira").pos == Pos(3, 3, 50)
    after, events = brawl.rules.falling.continue_fall(after, "kira")
    assert after.creature("kira").pos == Pos(3, 3, 0)
    assert fell(events).damage == 50


def test_a_fall_of_a_million_squares_is_answered_quickly() -> None:
    """R-FALL-5: height=10**6 is not walked square by square."""
    enc = make(c("kira", 3, 3, 0))
    t0 = time.perf_counter()
    after, _ = brawl.fall(enc, "kira", height=10**6)
    after, _ = brawl.rules.falling.continue_fall(after, "kira")
    after, _ = brawl.rules.falling.continue_fall(after, "kira")
    assert time.perf_counter() - t0 < 20.0  # a hang guard (unbounded work), not a speed claim
    assert after.creature("kira").falling == 10**6 - 200


def test_who_falls() -> None:
    """DS-FORCE-11, DS-MTYPE-25, DS-MTYPE-26: non-flyers fall; flyers when prone or speed 0; hover never."""
    prone = (Condition(ConditionName.PRONE),)
    enc = make(
        c("kira", 1, 1, 3),
        c("bird", 3, 3, 3, movement={MovementType.FLY}),
        c("hurt", 5, 5, 3, movement={MovementType.FLY}, conditions=prone),
        c("wisp", 7, 7, 3, movement={MovementType.FLY, MovementType.HOVER}, conditions=prone),
        c("dwarf", 9, 9, 0),
    )
    assert [brawl.rules.falling.should_fall(enc, i) for i in ("kira", "bird", "hurt", "wisp", "dwarf")] == [
        True,
        False,
        True,
        False,
        False,
    ]


def test_knock_off_tiers() -> None:
    """DS-MTYPE-16, R-MOUNT-3: ≤11 falls (damage, prone); 12–16 slides down; 17+ holds on."""
    enc = make(c("horse", 5, 5, size="3"), c("rider", 5, 5, riding="horse", agility=1))
    after, events = brawl.verbs.knock_off(enc, "rider", 1)
    r = after.creature("rider")
    assert r.riding is None
    assert r.has(ConditionName.PRONE)
    assert taken(events, "rider") == [4]  # 3 squares from the top of a size-3 mount, Agility 1
    after, events = brawl.verbs.knock_off(enc, "rider", 2)
    assert after.creature("rider").riding is None
    assert not after.creature("rider").has(ConditionName.PRONE)
    assert taken(events, "rider") == []
    after, events = brawl.verbs.knock_off(enc, "rider", 3)
    assert after.creature("rider").riding == "horse"
    assert isinstance(events[0], RiderKnockedOff)
    assert events[0].landing is None


def test_knocked_prone_while_riding_falls_prone_adjacent() -> None:
    """DS-MTYPE-17: knocked prone while riding: falls into an adjacent space, damage as usual, prone."""
    enc = make(c("horse", 5, 5, size="2"), c("rider", 5, 5, riding="horse"))
    after, events = brawl.verbs.fall_off(enc, "rider", landing=(7, 5, 0))
    r = after.creature("rider")
    assert r.pos == Pos(7, 5, 0)
    assert r.has(ConditionName.PRONE)
    assert taken(events, "rider") == [4]
    assert "DS-MTYPE-17" in fell(events).rules


def test_dead_mount_rider_lands_prone_nearby() -> None:
    """DS-MOUNT-09: a mount that dies falls prone; its rider falls off and lands prone nearby."""
    enc = make(c("horse", 5, 5, size="2", stamina_max=5), c("rider", 5, 5, riding="horse"))
    enc, _ = brawl.damage(enc, "horse", 5)
    after, events = brawl.rules.riders.mount_died(enc, "horse")
    r = after.creature("rider")
    assert r.riding is None
    assert r.has(ConditionName.PRONE)
    assert not brawl.geometry.overlaps(r.pos, 1, Pos(5, 5, 0), 2)
    assert any("DS-MOUNT-09" in e.rules for e in events)


@pytest.mark.parametrize("height", [-1, 10**10])
def test_bad_heights_are_refused(height: object) -> None:
    """DS-FALL-01: a height is a whole number of squares from 0 to 10**9."""
    enc = make(c("kira", 3, 3, 0))
    with pytest.raises(brawl.InvalidArgumentError, match="DS-FALL-01"):
        brawl.fall(enc, "kira", height=height)  # type: ignore[arg-type]


@pytest.mark.parametrize("height", ["3", 2.0, True])
def test_heights_of_the_wrong_type_are_refused(height: object) -> None:
    """DS-FALL-01: a height that is not a whole number is refused by the record, by name."""
    enc = make(c("kira", 3, 3, 0))
    with pytest.raises(brawl.ArgumentTypeError, match=r"Fall\.height .*DS-FALL-01"):
        brawl.fall(enc, "kira", height=height)  # type: ignore[arg-type]


def test_bad_knock_off_requests_are_refused() -> None:
    """DS-MTYPE-16: a tier is 1 to 3, and only a rider can be knocked off."""
    enc = make(c("horse", 5, 5, size="2"), c("rider", 5, 5, riding="horse"))
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MTYPE-16"):
        brawl.verbs.knock_off(enc, "rider", 0)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MTYPE-16"):
        brawl.verbs.knock_off(enc, "horse", 1)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MTYPE-17"):
        brawl.verbs.fall_off(enc, "rider", landing=(12, 12, 0))
    with pytest.raises(brawl.UnknownCreatureError):
        brawl.fall(enc, "nobody")


@given(st.integers(0, 10**9), st.integers(-5, 5), st.booleans(), st.booleans())
def test_property_fall_damage_formula(height: int, agility: int, liquid: bool, use_agility: bool) -> None:
    """R-FALL-1, DS-FALL-01..03: damage = min(50, 2 × effective) when effective ≥ 2, else 0."""
    nums = brawl.rules.falling.fall_damage(height, agility, liquid=liquid, use_agility=use_agility)
    eff = max(0, height - (max(0, agility) if use_agility else 0) - (4 if liquid else 0))
    assert nums.effective == eff
    assert nums.damage == (min(50, 2 * eff) if eff >= 2 else 0)
    assert 0 <= nums.damage <= 50


@given(st.integers(0, 30), st.integers(-5, 5), st.integers(0, 8))
def test_property_fall_is_pure_and_lands_on_support(z: int, agility: int, below_z: int) -> None:
    """DS-FALL-01, R-FALL-1: old state untouched, same outcome, ends supported."""
    enc = make(
        c("kira", 2, 2, z, agility=agility), c("other", 2, 2, 0) if below_z == 0 and z > 1 else c("x", 9, 9)
    )
    before = repr(enc)
    out = brawl.fall(enc, "kira")
    assert repr(enc) == before
    assert brawl.fall(enc, "kira") == out
    k = out.state.creature("kira")
    assert out.state.is_supported(k.pos, k.n)


def test_falling_onto_a_creature_that_fills_a_shaft_lands_at_its_rim_ds_fall_07_r_fall_6() -> None:
    """DS-FALL-06, DS-FALL-07, R-FALL-6: a 1-square shaft 2 deep holds the ogre; kira falls in
    from above and, with no unoccupied space at the bottom, comes to rest on the nearest free
    square of the levels above: the rim at ground level, 1 square from the shaft."""
    shaft = {Pos(4, 1, z): Cell(material=brawl.Material.AIR) for z in (-2, -1)}
    terrain = Terrain.flat(9, 3).with_cells(shaft)
    ogre = Creature(id="ogre", stamina_max=40, pos=(4, 1, -2))
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, pos=(4, 1, 0))
    enc = Encounter.create(terrain, [ogre, kira])
    out = brawl.fall(enc, "kira")
    landed = out.state.creature("kira").pos
    assert landed.z == 0
    assert max(abs(landed.x - 4), abs(landed.y - 1)) == 1
    assert landed == Pos(3, 0, 0)  # equally near: north first, then west (R-FALL-4's order)
    assert out.state.creature("ogre").pos == Pos(4, 1, -2)
    fell = [e for e in out.events if isinstance(e, Fell)]
    assert fell[-1].landing == landed
    assert fell[-1].height == 1  # from ground level onto the ogre's head at z = -1
    assert "R-FALL-6" in fell[-1].rules
