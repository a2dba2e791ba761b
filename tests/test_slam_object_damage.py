"""The optional rule of object damage in forced movement (DS-SLAM-08) and object sizes (DS-SIZE-06)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl import Cell, Creature, Encounter, MapObject, Material, Pos, Terrain
from brawl.events.damage import Damaged, ObjectDestroyed
from brawl.events.forced import Slammed, SlammedIntoObject

SOURCE = (0, 5, 0)
"""Every push here starts from this square, west of the moved thing."""


def make(
    *creatures: Creature, objects: tuple[MapObject, ...] = (), terrain: Terrain | None = None
) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(20, 20), list(creatures), objects)


def c(cid: str, x: int, y: int = 5, **kw: object) -> Creature:
    kw.setdefault("stamina_max", 40)
    return Creature(id=cid, pos=(x, y, 0), **kw)  # type: ignore[arg-type]


def taken(events: tuple[brawl.Event, ...], target: str) -> list[int]:
    return [e.after_immunity for e in events if isinstance(e, Damaged) and e.target == target]


def test_off_by_default_the_object_takes_nothing() -> None:
    """DS-SLAM-08, DS-SLAM-02: a crate pushed 4 moves 1 and hits kira with 3 remaining: she takes 3, the
    crate nothing, since the optional rule is off by default."""
    enc = make(c("kira", 3), objects=(MapObject(id="crate", pos=(1, 5, 0)),))
    after, events = brawl.push(enc, SOURCE, "crate", 4)
    assert taken(events, "kira") == [3]
    assert taken(events, "crate") == []
    assert after.objects["crate"].stamina == 3


def test_wood_crate_into_a_creature_takes_damage_as_a_creature() -> None:
    """DS-SLAM-08, DS-SLAM-01: with object damage, a wood crate (3 per square) pushed 3 moves 1 and hits
    kira with 2 remaining: both take 2; the crate has 1 Stamina left."""
    enc = make(c("kira", 3), objects=(MapObject(id="crate", pos=(1, 5, 0)),))
    after, events = brawl.push(enc, SOURCE, "crate", 3, object_damage=True)
    assert taken(events, "kira") == [2]
    assert taken(events, "crate") == [2]
    assert after.objects["crate"].stamina == 1
    slam = next(e for e in events if isinstance(e, Slammed))
    assert slam.target_damage == 2
    assert "DS-SLAM-08" in slam.rules


def test_wood_crate_with_3_remaining_is_destroyed() -> None:
    """DS-SLAM-08, DS-OBJ-01: wood withstands 3 damage per square: 3 remaining destroys a 1-square crate."""
    enc = make(c("kira", 3), objects=(MapObject(id="crate", pos=(1, 5, 0)),))
    after, events = brawl.push(enc, SOURCE, "crate", 4, object_damage=True)
    assert "crate" not in after.objects
    assert any(isinstance(e, ObjectDestroyed) and e.object == "crate" for e in events)
    assert taken(events, "kira") == [3]


def test_stone_block_into_a_wall_takes_2_plus_remaining() -> None:
    """DS-SLAM-08, DS-SLAM-06, R-SLAM-1: a stone block (6 per square) pushed 3 into the stone wall
    right behind it takes 2 + 3 = 5 and is left with 1."""
    wall = Terrain.flat(20, 20).with_cells({Pos(2, 5, z): Cell(Material.STONE) for z in range(3)})
    enc = make(objects=(MapObject(id="block", pos=(1, 5, 0), material="stone"),), terrain=wall)
    after, events = brawl.push(enc, SOURCE, "block", 3, object_damage=True)
    hit = next(e for e in events if isinstance(e, SlammedIntoObject))
    assert (hit.remaining, hit.damage) == (3, 5)
    assert after.objects["block"].stamina == 1


def test_metal_withstands_9_per_square_of_a_larger_object() -> None:
    """DS-SLAM-08, DS-OBJ-03: a size-2 metal safe occupies 4 squares: 36 Stamina; 2 + 10 = 12 leaves 24."""
    wall = Terrain.flat(20, 20).with_cells(
        {Pos(3, y, z): Cell(Material.STONE) for y in (5, 6) for z in range(3)}
    )
    enc = make(objects=(MapObject(id="safe", pos=(1, 5, 0), material="metal", size=2),), terrain=wall)
    assert enc.objects["safe"].stamina_max == 36
    after, _ = brawl.push(enc, SOURCE, "safe", 10, object_damage=True)
    assert after.objects["safe"].stamina == 24


def test_fragile_object_is_destroyed_by_any_damage() -> None:
    """DS-SLAM-08, R-SLAM-1: a glass vase, even one the Director gave 10 Stamina, breaks on 1 damage."""
    vase = MapObject(id="vase", pos=(1, 5, 0), material="glass", stamina_max=10)
    enc = make(c("kira", 3), objects=(vase,))
    after, events = brawl.push(enc, SOURCE, "vase", 2, object_damage=True)
    assert taken(events, "vase") == [1]
    assert "vase" not in after.objects
    assert any(isinstance(e, ObjectDestroyed) and e.rules == ("DS-SLAM-08",) for e in events)


def test_magic_object_takes_no_damage() -> None:
    """DS-SLAM-08: only mundane objects take this damage."""
    orb = MapObject(id="orb", pos=(1, 5, 0), material="stone", mundane=False)
    enc = make(c("kira", 3), objects=(orb,))
    _after, events = brawl.push(enc, SOURCE, "orb", 4, object_damage=True)
    assert taken(events, "orb") == []
    assert taken(events, "kira") == [3]


def test_larger_object_into_two_smaller_creatures_takes_it_once() -> None:
    """DS-SLAM-08, DS-SLAM-03, R-SIZE-2: a size-2 stone block (24 Stamina) into two 1M creatures with 3
    remaining takes 3 once; each creature takes 3."""
    block = MapObject(id="block", pos=(1, 5, 0), material="stone", size=2)
    enc = make(c("kira", 4, 5), c("vex", 4, 6), objects=(block,))
    after, events = brawl.push(enc, SOURCE, "block", 4, object_damage=True)
    assert taken(events, "block") == [3]
    assert taken(events, "kira") == [3]
    assert taken(events, "vex") == [3]
    assert after.objects["block"].stamina == 21


def test_object_size_decides_the_slam_into_an_object() -> None:
    """DS-SIZE-06, DS-SLAM-06, R-FORCE-5: a mechanic naming an object size takes the object by its size: a
    size-2 ogre pushed into a size-1 statue stops without damage, into a size-2 statue takes 2 + 2."""
    for size, expected in ((1, []), (2, [4])):
        statue = MapObject(id="statue", pos=(4, 5, 0), material="unbreakable", size=size)
        enc = make(c("ogre", 2, size="2"), objects=(statue,))
        _, events = brawl.push(enc, SOURCE, "ogre", 2)
        assert taken(events, "ogre") == expected


def test_object_damage_must_be_a_bool() -> None:
    """DS-SLAM-08, DS-FORCE-02: a non-boolean switch is refused by the record, by name."""
    enc = make(c("kira", 3), objects=(MapObject(id="crate", pos=(1, 5, 0)),))
    with pytest.raises(brawl.ArgumentTypeError, match=r"Push\.object_damage 'yes'"):
        brawl.push(enc, SOURCE, "crate", 3, object_damage="yes")  # type: ignore[arg-type]


@given(
    distance=st.integers(0, 30),
    material=st.sampled_from(["wood", "stone", "metal", "glass"]),
    gap=st.integers(0, 6),
)
def test_object_damage_is_pure_and_bounded(distance: int, material: str, gap: int) -> None:
    """DS-SLAM-08: the old state is untouched, the same push gives the same outcome, and the object either
    survives with Stamina between 1 and its maximum or is destroyed."""
    enc = make(c("kira", 2 + gap), objects=(MapObject(id="crate", pos=(1, 5, 0), material=material),))
    before = brawl.to_json(enc)
    first = brawl.push(enc, SOURCE, "crate", distance, object_damage=True)
    assert brawl.push(enc, SOURCE, "crate", distance, object_damage=True) == first
    assert brawl.to_json(enc) == before
    crate = first.state.objects.get("crate")
    destroyed = any(isinstance(e, ObjectDestroyed) for e in first.events)
    assert destroyed == (crate is None)
    if crate is not None:
        assert 1 <= crate.stamina <= crate.stamina_max
