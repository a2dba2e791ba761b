"""Cheap checks agree with their rules: off-map squares, Recoveries (DS-GRID-01, R-GEO-5, DS-STAM-11)."""

from __future__ import annotations

import pytest

import brawl
import brawl.rules.jumping
from brawl import Pos


def field() -> brawl.Encounter:
    return brawl.from_ascii(
        "K..G\n::..\n",
        creatures={
            "K": brawl.Creature(id="kira"),
            "G": brawl.Creature(id="gob", side="director"),
        },
    )


def test_terrain_queries_left_of_the_map_find_no_terrain() -> None:
    """DS-GRID-01: cells with x < 0 hold no terrain; the queries say so instead of failing."""
    terrain = field().terrain
    assert terrain.is_difficult(Pos(0, 1, 0))
    assert not terrain.is_difficult(Pos(-1, 1, 0))
    assert terrain.is_difficult(Pos(-1, 1, 0), 2)  # a 2-cube from x = -1 covers the : at x = 0
    assert not terrain.is_liquid(Pos(-3, 0, 0), 2)
    assert not terrain.is_damaging(Pos(-1, 0, 0))


def test_a_charge_off_the_map_is_refused_by_the_rules() -> None:
    """DS-ACT-17, R-GEO-5: a charge whose line leaves the map is an IllegalMoveError, not a crash."""
    enc = field()
    charge = brawl.actions.Charge("kira", [(-1, 0, 0), (-2, 0, 0)], "gob")
    with pytest.raises(brawl.IllegalMoveError, match="off the map") as info:
        brawl.verify(enc, charge)
    assert "R-GEO-5" in info.value.rules
    assert not brawl.can(enc, charge)


def test_heal_is_refused_when_the_target_can_spend_no_recovery() -> None:
    """DS-ACT-22, DS-STAM-11: a Director creature healing another has no Recovery to give; a hero does."""
    gob = brawl.Creature(id="gob", side="director", pos=(0, 0, 0), stamina_max=10)
    orc = brawl.Creature(id="orc", side="director", pos=(1, 0, 0), stamina_max=12)
    kira = brawl.Creature(id="kira", hero=True, pos=(0, 1, 0))
    enc = brawl.Encounter.create(brawl.Terrain.flat(4, 4), [gob, orc, kira])
    enc = brawl.damage(enc, "orc", 8).state
    refused = brawl.actions.Heal("gob", "orc")
    with pytest.raises(brawl.ActionUnavailableError) as info:
        brawl.verify(enc, refused)
    assert "DS-STAM-11" in info.value.rules
    assert not brawl.is_legal(enc, refused)
    healed = brawl.apply(enc, brawl.actions.Heal("kira", "orc")).state
    assert healed.creature("orc").stamina == 4 + 12 // 3  # DS-STAM-12: a third of its maximum


def test_a_charge_that_ends_over_a_drop_is_refused_before_anything_moves() -> None:
    """DS-ACT-17, DS-STRIKE-06, DS-FALL-01: the charger would fall into the pit at its path's end,
    two squares below the goblin: out of melee reach, so the Charge is refused, not half made."""
    enc = brawl.from_ascii(
        "K._G\n....\n",
        legend={"_": {"pit": 2}},
        creatures={"K": brawl.Creature(id="kira"), "G": brawl.Creature(id="gob", side="director")},
        below=4,
    )
    over_the_pit = brawl.actions.Charge("kira", [(1, 0, 0), (2, 0, 0)], "gob")
    with pytest.raises(brawl.RulesError) as info:
        brawl.verify(enc, over_the_pit)
    assert "DS-STRIKE-06" in info.value.rules or "DS-ACT-17" in info.value.rules
    assert not brawl.is_legal(enc, brawl.actions.TakeAction("main", over_the_pit))
    short = brawl.actions.Charge("kira", [(1, 0, 0)], "gob")
    with pytest.raises(brawl.RulesError):
        brawl.verify(enc, short)  # from (1, 0, 0) the goblin is 2 squares away
    enc = brawl.start_combat(enc, first_side="heroes").state
    offered = brawl.legal_actions(brawl.start_turn(enc, "kira").state)
    assert any(isinstance(a, brawl.actions.EndTurn) for a in offered)
    assert not any(isinstance(getattr(a, "action", None), brawl.actions.Charge) for a in offered)


def test_legal_jumps_are_the_untested_long_jumps_and_each_applies() -> None:
    """DS-MTYPE-18, DS-MTYPE-20, R-MOVE-6: Agility 2 jumps 2 squares without a test; every jump offered
    lands where it says; none is longer than 2, and the only one 1 up lands on the stone block."""
    kira = brawl.Creature(id="kira", pos=(3, 3, 0), speed=5, characteristics=brawl.Characteristics(agility=2))
    gob = brawl.Creature(id="gob", side="director", pos=(8, 8, 0))
    enc = brawl.Encounter.create(
        brawl.Terrain.flat(10, 10).with_cell((5, 3, 0), brawl.Cell(brawl.Material.STONE)), [kira, gob]
    )
    enc = brawl.start_combat(enc, first_side="heroes").state
    enc = brawl.start_turn(enc, "kira").state
    jumps = [a for a in brawl.legal_actions(enc) if isinstance(a, brawl.rules.jumping.Jump)]
    landings = {a.landing for a in jumps}
    assert Pos(5, 5, 0) in landings
    assert Pos(5, 3, 0) not in landings  # the wall's own square
    assert all(max(abs(p.x - 3), abs(p.y - 3)) == 2 for p in landings)  # 1 square is a step
    assert {p for p in landings if p.z == 1} == {Pos(5, 3, 1)}  # the top of the block, nothing else
    for a in jumps:
        after = brawl.apply(enc, a).state
        assert after.creature("kira").pos.x == a.landing.x
        assert after.creature("kira").pos.y == a.landing.y


def test_a_jump_that_would_drag_its_grabbed_creature_into_an_object_is_refused() -> None:
    """RB1-GRABBED, DS-MTYPE-18, R-GEO-5: the grabbed goblin is dragged along the jump; where it would
    land is a crate, so the jump is refused by its check, and not offered."""
    kira = brawl.Creature(
        id="kira", pos=(2, 2, 0), speed=5, characteristics=brawl.Characteristics(might=2, agility=2)
    )
    gob = brawl.Creature(id="gob", side="director", pos=(2, 3, 0))
    crate = brawl.MapObject(id="crate", material=brawl.Material.WOOD, pos=(4, 3, 0))
    enc = brawl.Encounter.create(brawl.Terrain.flat(10, 10), [kira, gob], [crate])
    enc = brawl.add_condition(enc, "gob", "grabbed", source="kira").state
    into_the_crate = brawl.rules.jumping.Jump("kira", (4, 2, 0))
    with pytest.raises(brawl.IllegalMoveError, match="'gob' would land") as info:
        brawl.actions.verify(enc, into_the_crate)
    assert "R-GEO-5" in info.value.rules
    clear = brawl.apply(enc, brawl.rules.jumping.Jump("kira", (2, 0, 0))).state
    assert clear.creature("gob").pos == Pos(2, 1, 0)  # dragged the same 2 squares
