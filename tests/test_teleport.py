"""Teleporting (DS-TELE-01..09, R-MOVE-7, DS-MOUNT-08)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.actions
from brawl import Cell, Condition, Creature, Encounter, Material, Pos, Terrain
from brawl.events.movement import OpportunityAttackProvoked, StoodUp, Teleported


def field(
    *creatures: Creature, terrain: Terrain | None = None, objects: tuple[brawl.MapObject, ...] = ()
) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(12, 12), list(creatures), objects)


def hero(cid: str = "kira", pos: tuple[int, int, int] = (1, 1, 0), **kw: object) -> Creature:
    return Creature(id=cid, side="heroes", pos=pos, **kw)  # type: ignore[arg-type]


def test_teleport_provokes_nothing_and_passes_every_obstacle() -> None:
    """DS-TELE-01, DS-TELE-02, DS-STRIKE-05: past a wall of enemies, no opportunity attack."""
    wall = Terrain.flat(12, 12).with_cells({Pos(4, y, 0): Cell(Material.STONE) for y in range(0, 12)})
    goblin = Creature(id="goblin", pos=(2, 1, 0))
    enc = field(hero(), goblin, terrain=wall)
    assert (6, 1, 0) not in brawl.reachable(enc, "kira", budget=20, ignore_speed=True)
    enc2 = field(hero(), goblin)  # line of effect needs a clear line; the wall is tested below
    out = brawl.teleport(enc2, "kira", (8, 1, 0), distance=7)
    assert out.state.creature("kira").pos == (8, 1, 0)
    assert not [e for e in out.events if isinstance(e, OpportunityAttackProvoked)]
    event = out.events[0]
    assert isinstance(event, Teleported)
    assert (event.distance, event.max_distance) == (7, 7)
    assert "DS-TELE-01" in event.rules


def test_teleport_needs_line_of_effect_to_the_destination() -> None:
    """DS-TELE-03, R-COVER-1: a creature teleporting itself needs line of effect to the destination."""
    wall = Terrain.flat(12, 12).with_cells(
        {Pos(4, y, z): Cell(Material.STONE) for y in range(12) for z in range(3)}
    )
    enc = field(hero(), terrain=wall)
    with pytest.raises(brawl.IllegalMoveError, match="DS-TELE-03"):
        brawl.teleport(enc, "kira", (6, 1, 0), distance=10)
    crate = brawl.MapObject(id="crate", pos=(2, 0, 0), material="metal", size=3)
    blocked = field(hero(), objects=(crate,))
    # objects block the lines
    assert brawl.actions.can(blocked, brawl.actions.Teleport("kira", (5, 1, 0), distance=4)) is False
    assert brawl.actions.can(blocked, brawl.actions.Teleport("kira", (1, 5, 0), distance=4)) is True
    # R-COVER-1: a one-square crate only grazes the lines that run along its faces: cover, not a wall
    small = field(hero(), objects=(brawl.MapObject(id="crate", pos=(2, 1, 0), material="metal", size=1),))
    assert brawl.actions.can(small, brawl.actions.Teleport("kira", (3, 1, 0), distance=2)) is True


def test_teleporting_another_needs_line_of_effect_to_origin_and_destination() -> None:
    """DS-TELE-03, R-MOVE-7: the teleporter needs line of effect to where the target leaves and arrives."""
    wall = Terrain.flat(12, 12).with_cells(
        {Pos(5, y, z): Cell(Material.STONE) for y in range(12) for z in range(3)}
    )
    mage = hero("mage", (3, 3, 0))
    enc = field(mage, hero("kira", (1, 1, 0)), hero("bob", (8, 8, 0)), terrain=wall)
    out = brawl.teleport(enc, "kira", (4, 8, 0), teleporter="mage", distance=8)
    assert out.state.creature("kira").pos == (4, 8, 0)
    assert "R-MOVE-7" in out.events[0].rules
    with pytest.raises(brawl.IllegalMoveError, match="R-MOVE-7"):
        brawl.teleport(enc, "kira", (7, 1, 0), teleporter="mage", distance=8)  # destination behind the wall
    with pytest.raises(brawl.IllegalMoveError, match="R-MOVE-7"):
        brawl.teleport(enc, "bob", (4, 8, 0), teleporter="mage", distance=8)  # origin behind the wall


def test_destination_must_be_free_of_creatures_and_objects() -> None:
    """DS-TELE-04, R-GEO-5: no creature of any size and no object at the destination."""
    enc = field(
        hero(), hero("ogre", (5, 5, 0), size="2"), objects=(brawl.MapObject(id="crate", pos=(3, 1, 0)),)
    )
    with pytest.raises(brawl.IllegalMoveError, match="DS-TELE-04"):
        brawl.teleport(enc, "kira", (6, 6, 0), distance=10)
    with pytest.raises(brawl.IllegalMoveError, match="DS-TELE-04"):
        brawl.teleport(enc, "kira", (3, 1, 0), distance=10)
    tiny = field(hero(size="1T"), hero("ogre", (5, 5, 0), size="2"))
    with pytest.raises(brawl.IllegalMoveError, match="occupied by 'ogre'"):
        brawl.teleport(tiny, "kira", (5, 5, 0), distance=10)


def test_teleport_distance_may_exceed_speed_but_not_the_effect() -> None:
    """DS-TELE-05: a slowed speed-2 creature teleports 8 with an effect of 8, not 9."""
    enc = field(hero(pos=(0, 0, 0), conditions=[Condition("slowed")]))
    out = brawl.teleport(enc, "kira", (8, 3, 0), distance=8)
    assert out.state.creature("kira").pos == (8, 3, 0)
    with pytest.raises(brawl.IllegalMoveError, match="DS-TELE-05"):
        brawl.teleport(enc, "kira", (9, 0, 0), distance=8)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-TELE-05"):
        brawl.teleport(enc, "kira", (9, 0, 0))
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MOVE-07"):
        brawl.teleport(enc, "kira", (9, 0, 0), distance=-3)


def test_advance_by_teleport_uses_the_usual_unmodified_speed() -> None:
    """DS-TELE-06, DS-ACT-01: a slowed speed-6 teleporter still Advances 6 by teleport."""
    blinker = hero(pos=(0, 0, 0), speed=6, movement={"walk", "teleport"}, conditions=[Condition("slowed")])
    enc = field(blinker)
    out = brawl.teleport(enc, "kira", (6, 0, 0), advance=True)
    assert out.state.creature("kira").pos == (6, 0, 0)
    assert "DS-TELE-06" in out.events[0].rules
    with pytest.raises(brawl.IllegalMoveError, match="DS-TELE-06"):
        brawl.teleport(enc, "kira", (7, 0, 0), advance=True)
    walker = field(hero(pos=(0, 0, 0)))
    with pytest.raises(brawl.IllegalMoveError, match="DS-TELE-06"):
        brawl.teleport(walker, "kira", (2, 0, 0), advance=True)


def test_prone_teleporter_may_arrive_standing_the_teleporter_decides_for_others() -> None:
    """DS-TELE-07: itself: stands by default; by another: stays prone unless the teleporter chooses."""
    enc = field(hero(conditions=[Condition("prone")]), hero("mage", (2, 2, 0)))
    itself = brawl.teleport(enc, "kira", (4, 1, 0), distance=3)
    assert not itself.state.creature("kira").has("prone")
    assert [e for e in itself.events if isinstance(e, StoodUp)]
    stays = brawl.teleport(enc, "kira", (4, 1, 0), distance=3, stand=False)
    assert stays.state.creature("kira").has("prone")
    other = brawl.teleport(enc, "kira", (4, 1, 0), teleporter="mage", distance=3)
    assert other.state.creature("kira").has("prone")
    lifted = brawl.teleport(enc, "kira", (4, 1, 0), teleporter="mage", distance=3, stand=True)
    assert not lifted.state.creature("kira").has("prone")
    pinned = field(hero(conditions=[Condition("prone", can_stand=False)]))
    assert brawl.teleport(pinned, "kira", (4, 1, 0), distance=3).state.creature("kira").has("prone")


def test_teleport_ends_grabbed_and_restrained() -> None:
    """DS-TELE-08, DS-COND-10, DS-COND-13: grabbed and restrained end for the creature that teleports."""
    ogre = Creature(id="ogre", pos=(2, 1, 0))
    kira = hero(conditions=[Condition("grabbed", source="ogre"), Condition("restrained")])
    enc = field(ogre, kira)
    out = brawl.teleport(enc, "kira", (6, 1, 0), distance=5)
    k = out.state.creature("kira")
    assert not k.has("grabbed")
    assert not k.has("restrained")


def test_grabber_teleporting_away_releases_its_grab() -> None:
    """RB1-GRABBED: a grab needs the two adjacent; the grabbed creature is not teleported along."""
    enc = field(Creature(id="ogre", pos=(2, 1, 0)), hero(conditions=[Condition("grabbed", source="ogre")]))
    out = brawl.teleport(enc, "ogre", (8, 8, 0), distance=8)
    assert not out.state.creature("kira").has("grabbed")
    assert out.state.creature("kira").pos == (1, 1, 0)


def test_cannot_teleport_to_the_same_space() -> None:
    """DS-TELE-09: a teleport must leave its space."""
    enc = field(hero())
    with pytest.raises(brawl.IllegalMoveError, match="DS-TELE-09"):
        brawl.teleport(enc, "kira", (1, 1, 0), distance=5)


def test_rider_and_mount_teleport_separately() -> None:
    """DS-MOUNT-08: the mount teleports alone; its rider is left and falls."""
    horse = hero("horse", (2, 2, 0), size="2")
    rider = hero("kira", (2, 2, 1), riding="horse", stamina_max=20)
    enc = field(horse, rider)
    out = brawl.teleport(enc, "horse", (8, 2, 0), distance=6)
    assert out.state.creature("horse").pos == (8, 2, 0)
    k = out.state.creature("kira")
    assert k.riding is None
    assert k.pos == (2, 2, 0)  # a 1-square fall: no damage, not prone (DS-FALL-01)
    assert k.stamina == 20


def test_teleport_into_the_air_falls() -> None:
    """DS-TELE-02, DS-FALL-01: arriving 4 squares up with nothing below falls 4: 8 damage, prone."""
    enc = field(hero(stamina_max=20))
    out = brawl.teleport(enc, "kira", (3, 1, 4), distance=5)
    k = out.state.creature("kira")
    assert k.pos == (3, 1, 0)
    assert k.stamina == 12
    assert k.has("prone")


@given(st.integers(0, 11), st.integers(0, 11), st.integers(0, 3), st.integers(0, 15))
def test_teleport_is_pure_and_checked(x: int, y: int, z: int, reach: int) -> None:
    """DS-TELE-01..09: any request either succeeds within reach or raises a RulesError; state untouched."""
    terrain = Terrain.flat(12, 12).with_cells(
        {Pos(5, 5, 0): Cell(Material.STONE), Pos(6, 2, 0): Cell(Material.STONE)}
    )
    enc = field(hero(pos=(3, 3, 0)), Creature(id="orc", pos=(7, 7, 0)), terrain=terrain)
    before = enc.creature_list()
    if brawl.actions.can(enc, brawl.actions.Teleport("kira", (x, y, z), distance=reach)):
        a = brawl.teleport(enc, "kira", (x, y, z), distance=reach)
        b = brawl.teleport(enc, "kira", (x, y, z), distance=reach)
        assert a.events == b.events
        assert max(abs(x - 3), abs(y - 3), abs(z)) <= reach
        first = a.events[0]
        assert isinstance(first, Teleported)
        assert first.end == (x, y, z)
        if z == 0:
            assert a.state.creature("kira").pos == (x, y, 0)
    else:
        with pytest.raises(brawl.RulesError) as info:
            brawl.teleport(enc, "kira", (x, y, z), distance=reach)
        assert info.value.rules
    assert enc.creature_list() == before
