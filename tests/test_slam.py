"""Slamming into creatures and objects, hurling through objects, downward slams (DS-SLAM)."""

from __future__ import annotations

import pytest

import brawl
from brawl import Cell, Creature, Encounter, MapObject, Material, MovementType, Pos, Terrain
from brawl.conditions import ConditionName
from brawl.events.damage import Damaged, ObjectDestroyed
from brawl.events.forced import Fell, ForceMoved, HurledThrough, Slammed, SlammedIntoObject


def make(
    *creatures: Creature, terrain: Terrain | None = None, objects: tuple[MapObject, ...] = ()
) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(20, 20), list(creatures), objects)


def c(cid: str, x: int, y: int, z: int = 0, **kw: object) -> Creature:
    kw.setdefault("stamina_max", 40)
    return Creature(id=cid, pos=(x, y, z), **kw)  # type: ignore[arg-type]


def one(events: tuple[brawl.Event, ...], kind: type[brawl.Event]) -> brawl.Event:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1
    return found[0]


def taken(events: tuple[brawl.Event, ...], target: str) -> list[int]:
    return [e.after_immunity for e in events if isinstance(e, Damaged) and e.target == target]


# --- creatures into creatures ------------------------------------------------------------------
def test_slam_with_2_remaining_both_take_2() -> None:
    """DS-SLAM-01, R-FORCE-1, R-FORCE-8: push 4, 2 squares moved first: both take 2, untyped."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5), c("goblin", 6, 5))
    after, events = brawl.push(enc, "ogre", "kira", 4)
    slam = one(events, Slammed)
    assert isinstance(slam, Slammed)
    assert slam.remaining == 2
    assert slam.into == ("goblin",)
    assert taken(events, "kira") == [2]
    assert taken(events, "goblin") == [2]
    assert {e.type for e in events if isinstance(e, Damaged)} == {None}
    assert after.creature("kira").pos == Pos(5, 5, 0)
    assert after.creature("goblin").pos == Pos(6, 5, 0)


def test_any_creature_in_the_path_stops_it_ally_or_any_size() -> None:
    """R-FORCE-3: an ally, or a creature two sizes apart, still stops the movement (a slam)."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, side="heroes"), c("pixie", 4, 5, size="1T", side="heroes"))
    after, events = brawl.push(enc, "ogre", "kira", 3)
    assert after.creature("kira").pos == Pos(3, 5, 0)
    assert taken(events, "pixie") == [3]
    assert "R-FORCE-3" in one(events, Slammed).rules


def test_larger_creature_into_several_smaller_takes_it_once() -> None:
    """DS-SLAM-03: a size-2 creature pushed into two 1M creatures takes 1 per square once; each takes it."""
    enc = make(c("hero", 0, 5), c("ogre", 1, 5, size="2"), c("a", 5, 5), c("b", 5, 6))
    after, events = brawl.push(enc, "hero", "ogre", 4)
    slam = one(events, Slammed)
    assert isinstance(slam, Slammed)
    assert slam.remaining == 2
    assert slam.target_damage == 2
    assert "DS-SLAM-03" in slam.rules
    assert taken(events, "ogre") == [2]
    assert taken(events, "a") == [2]
    assert taken(events, "b") == [2]
    assert after.creature("ogre").pos == Pos(3, 5, 0)


def test_creature_killed_by_the_effect_still_slams() -> None:
    """DS-SLAM-04: the dead target's body still hurts what it hits, unless the Director rules otherwise."""
    enc = make(c("ogre", 2, 5), c("gob", 3, 5, stamina_max=3), c("kira", 6, 5))
    enc, _ = brawl.damage(enc, "gob", 3)
    after, events = brawl.push(enc, "ogre", "gob", 5)
    slam = one(events, Slammed)
    assert isinstance(slam, Slammed)
    assert slam.remaining == 3
    assert slam.target_damage == 0
    assert "DS-SLAM-04" in slam.rules
    assert taken(events, "kira") == [3]
    assert after.creature("gob").pos == Pos(5, 5, 0)
    _, events = brawl.push(enc, "ogre", "gob", 5, dead_target_slams=False)
    assert taken(events, "kira") == []


def test_pull_into_yourself_is_a_slam() -> None:
    """DS-SLAM-05: pull 4 from 2 squares away: 1 square moved, then both take 3."""
    enc = make(c("ogre", 2, 5), c("kira", 4, 5))
    after, events = brawl.pull(enc, "ogre", "kira", 4)
    slam = one(events, Slammed)
    assert isinstance(slam, Slammed)
    assert slam.into == ("ogre",)
    assert "DS-SLAM-05" in slam.rules
    assert taken(events, "kira") == [3]
    assert taken(events, "ogre") == [3]
    assert after.creature("kira").pos == Pos(3, 5, 0)


def test_slide_into_yourself_is_a_slam() -> None:
    """DS-SLAM-05: a slide may end against its mover, who is slammed too."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 6))
    _, events = brawl.slide(enc, "ogre", "kira", 3, path=[(2, 6), (2, 5)], squares=3)
    assert taken(events, "ogre") == [2]
    assert taken(events, "kira") == [2]


def test_object_into_creature_creature_takes_remaining() -> None:
    """DS-SLAM-02: an object pushed into a creature stops; the creature takes 1 per remaining square."""
    crate = MapObject(id="crate", pos=(3, 5, 0))
    enc = make(c("ogre", 2, 5), c("kira", 5, 5), objects=(crate,))
    after, events = brawl.push(enc, "ogre", "crate", 4)
    slam = one(events, Slammed)
    assert isinstance(slam, Slammed)
    assert "DS-SLAM-02" in slam.rules
    assert taken(events, "kira") == [3]
    assert taken(events, "crate") == []
    assert after.object("crate").pos == Pos(4, 5, 0)


# --- creatures into objects ----------------------------------------------------------------------
def test_into_a_wall_takes_2_plus_remaining() -> None:
    """DS-SLAM-06, R-FORCE-5: a wall that does not break: 2 + 3 remaining = 5."""
    t = Terrain.flat(20, 20).with_cell((5, 5, 0), Cell(Material.UNBREAKABLE))
    enc = make(c("ogre", 2, 5), c("kira", 3, 5), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", 4)
    hit = one(events, SlammedIntoObject)
    assert isinstance(hit, SlammedIntoObject)
    assert hit.remaining == 3
    assert hit.damage == 5
    assert taken(events, "kira") == [5]
    assert after.creature("kira").pos == Pos(4, 5, 0)


def test_into_a_smaller_object_stops_without_damage() -> None:
    """R-FORCE-5: a size-2 creature into a size-1 object that does not break stops, no damage."""
    statue = MapObject(id="statue", pos=(6, 5, 0), material=Material.METAL)
    enc = make(c("hero", 0, 5), c("ogre", 1, 5, size="2"), objects=(statue,))
    after, events = brawl.push(enc, "hero", "ogre", 5)
    hit = one(events, SlammedIntoObject)
    assert isinstance(hit, SlammedIntoObject)
    assert hit.damage == 0
    assert taken(events, "ogre") == []
    assert after.creature("ogre").pos == Pos(4, 5, 0)


def test_hurl_through_wooden_door_with_4_remaining_continues_1_and_takes_5() -> None:
    """DS-SLAM-10, DS-SLAM-13, R-FORCE-4: the door costs 3 (its square included), 5 damage, 1 more square."""
    door = MapObject(id="door", pos=(4, 5, 0), material=Material.WOOD)
    enc = make(c("ogre", 2, 5), c("kira", 3, 5), objects=(door,))
    after, events = brawl.push(enc, "ogre", "kira", 4)
    hurl = one(events, HurledThrough)
    assert isinstance(hurl, HurledThrough)
    assert (hurl.cost, hurl.damage, hurl.remaining_before, hurl.remaining_after) == (3, 5, 4, 1)
    assert "door" not in after.objects
    assert any(isinstance(e, ObjectDestroyed) for e in events)
    assert taken(events, "kira") == [5]
    assert after.creature("kira").pos == Pos(5, 5, 0)
    moved = one(events, ForceMoved)
    assert isinstance(moved, ForceMoved)
    assert moved.path == (Pos(4, 5, 0), Pos(5, 5, 0))
    assert moved.remaining == 0


@pytest.mark.parametrize(
    ("material", "cost", "dmg", "rule"),
    [
        (Material.GLASS, 1, 3, "DS-SLAM-09"),
        (Material.WOOD, 3, 5, "DS-SLAM-10"),
        (Material.STONE, 6, 8, "DS-SLAM-11"),
        (Material.METAL, 9, 11, "DS-SLAM-12"),
    ],
)
def test_hurl_costs_and_damage_by_material(material: Material, cost: int, dmg: int, rule: str) -> None:
    """DS-SLAM-09..12, R-FORCE-4: with exactly the cost remaining, the square breaks and it ends inside."""
    t = Terrain.flat(20, 20).with_cells({Pos(4, 5, 0): Cell(material), Pos(4, 5, 1): Cell(material)})
    enc = make(c("ogre", 2, 5), c("kira", 3, 5), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", cost)
    hurl = one(events, HurledThrough)
    assert isinstance(hurl, HurledThrough)
    assert (hurl.cost, hurl.damage, hurl.remaining_after) == (cost, dmg, 0)
    assert rule in hurl.rules
    assert after.terrain.cell((4, 5, 0)) == Cell()
    assert after.creature("kira").pos == Pos(4, 5, 0)
    assert taken(events, "kira") == [dmg]
    # one square short of the cost: a slam, 2 + remaining (R-FORCE-4, R-FORCE-5)
    after, events = brawl.push(enc, "ogre", "kira", cost - 1)
    if cost - 1 == 0:
        assert taken(events, "kira") == []
    else:
        assert taken(events, "kira") == [2 + cost - 1]
        assert after.terrain.cell((4, 5, 0)).material is material


@pytest.mark.parametrize("material", [Material.DIRT, Material.UNBREAKABLE])
def test_dirt_and_unbreakable_never_break(material: Material) -> None:
    """R-FORCE-4: only glass, wood, stone and metal break; others are a slam (DS-SLAM-06)."""
    t = Terrain.flat(20, 20).with_cell((4, 5, 0), Cell(material)).with_cell((4, 5, 1), Cell(material))
    enc = make(c("ogre", 2, 5), c("kira", 3, 5), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", 12)
    assert not [e for e in events if isinstance(e, HurledThrough)]
    assert taken(events, "kira") == [14]
    assert after.terrain.cell((4, 5, 0)).material is material


def test_non_mundane_object_never_breaks() -> None:
    """R-FORCE-4: only mundane objects can be hurled through."""
    ward = MapObject(id="ward", pos=(4, 5, 0), material=Material.GLASS, mundane=False)
    enc = make(c("ogre", 2, 5), c("kira", 3, 5), objects=(ward,))
    after, events = brawl.push(enc, "ogre", "kira", 5)
    assert "ward" in after.objects
    assert taken(events, "kira") == [2 + 5]


def test_blocked_diagonal_is_a_collision_with_the_corner() -> None:
    """R-GEO-4, DS-SLAM-06: a diagonal push past a wall's corner hits the wall: 2 + remaining."""
    t = Terrain.flat(20, 20).with_cell((4, 4, 0), Cell(Material.METAL))
    enc = make(c("ogre", 2, 4), c("kira", 3, 4), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", 2, direction=(1, 1, 0))
    hit = one(events, SlammedIntoObject)
    assert isinstance(hit, SlammedIntoObject)
    assert hit.obstacle == "metal at (4, 4, 0)"
    assert taken(events, "kira") == [4]
    assert after.creature("kira").pos == Pos(3, 4, 0)


# --- downward --------------------------------------------------------------------------------------
def test_downward_push_into_the_ground_fall_damage_agility_0_plus_slam() -> None:
    """DS-SLAM-07, DS-FALL-04, R-FORCE-6: pushed down 4 to the ground with 2 left: 8 (fall) + 4 (slam)."""
    bird = c("bird", 5, 5, 4, movement={MovementType.FLY}, characteristics=brawl.Characteristics(agility=3))
    enc = make(c("giant", 5, 5, 6), bird)
    after, events = brawl.push(enc, "giant", "bird", 6, direction=(0, 0, -1))
    fell = one(events, Fell)
    assert isinstance(fell, Fell)
    assert (fell.height, fell.agility, fell.damage) == (4, 0, 8)
    assert "R-FORCE-6" in fell.rules
    hit = one(events, SlammedIntoObject)
    assert isinstance(hit, SlammedIntoObject)
    assert hit.damage == 4
    assert taken(events, "bird") == [8, 4]
    assert after.creature("bird").pos == Pos(5, 5, 0)
    assert after.creature("bird").has(ConditionName.PRONE)


def test_diagonal_down_from_standing_hits_its_own_support() -> None:
    """R-GEO-4, DS-SLAM-06: a diagonal step down passes the corner of the square below: a slam, 2 + 3."""
    t = Terrain.flat(20, 20).with_cells({Pos(5, 5, z): Cell(Material.STONE) for z in range(3)})
    enc = make(c("ogre", 4, 5, 4), c("kira", 5, 5, 3), terrain=t)
    after, events = brawl.push(enc, "ogre", "kira", 3, direction=(1, 0, -1), vertical=True)
    hit = one(events, SlammedIntoObject)
    assert isinstance(hit, SlammedIntoObject)
    assert hit.obstacle == "stone at (5, 5, 2)"
    assert taken(events, "kira") == [5]
    assert after.creature("kira").pos == Pos(5, 5, 3)
