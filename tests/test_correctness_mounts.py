"""A mount that dies throws its riders, whatever killed it (DS-MOUNT-09, R-MOUNT-4)."""

from __future__ import annotations

import brawl
from brawl import Characteristics, ConditionName, Creature, Encounter, Pos, Terrain
from brawl.events.damage import Died
from brawl.events.forced import Fell, RiderKnockedOff


def _enc(*creatures: Creature) -> Encounter:
    return Encounter.create(Terrain.flat(20, 20, height=40), list(creatures))


def _rider(**kw: object) -> Creature:
    return Creature(id="rider", pos=(5, 5, 0), riding="horse", stamina_max=30, **kw)  # type: ignore[arg-type]


def test_damage_that_kills_the_mount_throws_the_rider() -> None:
    """DS-MOUNT-09, R-MOUNT-4: 5 damage kills a horse of Stamina 5: the rider falls off, lands prone.

    It falls from the top of the size-2 mount (2 squares): 2 x 2 = 4 damage, 30 -> 26.
    """
    horse = Creature(id="horse", size="2", pos=(5, 5, 0), stamina_max=5)
    after, events = brawl.damage(_enc(horse, _rider()), "horse", 5)
    names = [type(e).__name__ for e in events]
    assert names.index("Died") < names.index("RiderKnockedOff") < names.index("Fell")
    r = after.creature("rider")
    assert r.riding is None
    assert r.has(ConditionName.PRONE)
    assert r.stamina == 26
    assert not brawl.geometry.overlaps(r.pos, 1, Pos(5, 5, 0), 2)
    off = [e for e in events if isinstance(e, RiderKnockedOff)]
    assert off[0].mount == "horse"
    assert "DS-MOUNT-09" in off[0].rules
    fell = [e for e in events if isinstance(e, Fell) and e.creature == "rider"]
    assert (fell[0].height, fell[0].damage, fell[0].prone) == (2, 4, True)
    horse_after = after.creature("horse")
    assert horse_after.dead
    assert horse_after.pos == Pos(5, 5, 0)
    assert not horse_after.has(ConditionName.PRONE)


def test_a_fall_that_kills_the_mount_throws_the_rider() -> None:
    """DS-FALL-01, DS-MOUNT-09: a flying horse of Stamina 6 falls 4 squares: 8 damage kills it.

    Its rider then falls off from the top of the dead mount, now on the ground: 2 squares, 4 damage.
    """
    horse = Creature(id="horse", size="2", pos=(5, 5, 4), stamina_max=6)
    rider = Creature(id="rider", pos=(5, 5, 4), riding="horse", stamina_max=30)
    after, events = brawl.fall(_enc(horse, rider), "horse")
    assert [e.creature for e in events if isinstance(e, Died)] == ["horse"]
    assert after.creature("horse").dead
    assert after.creature("horse").pos == Pos(5, 5, 0)
    r = after.creature("rider")
    assert r.riding is None
    assert r.has(ConditionName.PRONE)
    assert r.pos.z == 0
    assert any(isinstance(e, RiderKnockedOff) for e in events)


def test_a_living_mount_keeps_its_rider() -> None:
    """DS-MOUNT-09: damage that does not kill the mount leaves the rider riding."""
    horse = Creature(id="horse", size="2", pos=(5, 5, 0), stamina_max=8)
    after, events = brawl.damage(_enc(horse, _rider()), "horse", 5)
    assert after.creature("rider").riding == "horse"
    assert not any(isinstance(e, RiderKnockedOff) for e in events)


def test_an_agile_rider_thrown_by_a_dead_mount_still_lands_prone() -> None:
    """DS-MOUNT-09: Agility 2 takes the 2-square fall to 0 damage, but the rider lands prone."""
    horse = Creature(id="horse", size="2", pos=(5, 5, 0), stamina_max=5)
    after, _ = brawl.damage(_enc(horse, _rider(characteristics=Characteristics(agility=2))), "horse", 9)
    r = after.creature("rider")
    assert (r.riding, r.stamina, r.has(ConditionName.PRONE)) == (None, 30, True)
