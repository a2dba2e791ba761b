"""Charge movement modes: fly or burrow if able, climb or swim only at full speed (DS-ACT-18)."""

from __future__ import annotations

import pytest

import brawl
from brawl import ActionUnavailableError, Cell, Creature, Encounter, Material, Pos, Terrain
from brawl.events.actions import Charged, Struck
from brawl.events.movement import Moved
from brawl.rules.main_actions import Charge
from brawl.verbs import charge


def field(*creatures: Creature, terrain: Terrain) -> Encounter:
    return Encounter.create(terrain, list(creatures))


def column(x: int, height: int) -> dict[Pos, Cell]:
    return {Pos(x, 1, z): Cell(Material.STONE) for z in range(height)}


def test_a_flyer_charges_up_a_straight_diagonal_line() -> None:
    """DS-ACT-17, DS-ACT-18: a flyer charges 3 squares up and along, then strikes the goblin on the
    column's top; walking the same line is refused, a creature without fly can't choose fly."""
    t = Terrain.flat(8, 4).with_cells(column(5, 3))
    bat = Creature(id="bat", side="heroes", movement={"walk", "fly"}, pos=(1, 1, 0), stamina_max=20)
    gob = Creature(id="gob", pos=(5, 1, 3), stamina_max=40)
    enc = field(bat, gob, terrain=t)
    path = [(2, 1, 1), (3, 1, 2), (4, 1, 3)]
    out = charge(enc, "bat", path, "gob", dice=(9, 8), mode="fly")
    assert out.state.creature("bat").pos == Pos(4, 1, 3)
    (moved,) = [e for e in out.events if isinstance(e, Moved)]
    assert moved.mode == "fly"
    assert [e.squares for e in out.events if isinstance(e, Charged)] == [3]
    (hit,) = [e for e in out.events if isinstance(e, Struck)]
    assert out.state.creature("gob").stamina == 40 - hit.damage > 40 - 20
    assert not brawl.can(enc, Charge("bat", path, "gob"))  # walking can't rise
    walker = field(Creature(id="bat", side="heroes", pos=(1, 1, 0)), gob, terrain=t)
    with pytest.raises(ActionUnavailableError, match="DS-MTYPE-24"):
        charge(walker, "bat", path, "gob", mode="fly")


def test_a_climber_charges_up_a_wall_a_walker_may_not() -> None:
    """DS-ACT-18: climbing is allowed with climb in the speed entry (full speed), refused without."""
    t = Terrain.flat(8, 4).with_cells(column(2, 3))
    gob = Creature(id="gob", pos=(2, 1, 3), stamina_max=40)
    spider = Creature(id="kira", side="heroes", movement={"walk", "climb"}, pos=(1, 1, 0), stamina_max=20)
    up = [(1, 1, 1), (1, 1, 2)]
    out = charge(field(spider, gob, terrain=t), "kira", up, "gob", dice=(9, 8), mode="climb")
    assert out.state.creature("kira").pos == Pos(1, 1, 2)
    assert out.state.creature("gob").stamina < 40
    walker = Creature(id="kira", side="heroes", pos=(1, 1, 0), stamina_max=20)
    enc = field(walker, gob, terrain=t)
    with pytest.raises(ActionUnavailableError, match="DS-ACT-18") as err:
        charge(enc, "kira", [(1, 1, 1), (1, 1, 2)], "gob", mode="climb")
    assert "full speed" in str(err.value)
    # an ordinary move may still climb
    assert brawl.actions.can(enc, brawl.Move("kira", [(1, 1, 1)], mode="climb"))


def test_a_charge_never_shifts_and_swims_only_with_swim() -> None:
    """DS-ACT-18: no shifting; a walker can't charge through water, a swimmer can."""
    water = {Pos(x, 1, 0): Cell(liquid=True) for x in (2, 3)}
    t = Terrain.flat(8, 4).with_cells(water)
    gob = Creature(id="gob", pos=(5, 1, 0), stamina_max=40)
    kira = Creature(id="kira", side="heroes", pos=(1, 1, 0), stamina_max=20)
    path = [(2, 1, 0), (3, 1, 0), (4, 1, 0)]
    enc = field(kira, gob, terrain=t)
    with pytest.raises(ActionUnavailableError, match="DS-ACT-18"):
        charge(enc, "kira", path, "gob", mode="shift")
    with pytest.raises(ActionUnavailableError, match="swim"):
        charge(enc, "kira", path, "gob")
    fish = Creature(id="kira", side="heroes", movement={"walk", "swim"}, pos=(1, 1, 0), stamina_max=20)
    out = charge(field(fish, gob, terrain=t), "kira", path, "gob", dice=(9, 8))
    assert out.state.creature("kira").pos == Pos(4, 1, 0)
