"""Cheap checks agree with their rules: off-map squares, Recoveries (DS-GRID-01, R-GEO-5, DS-STAM-11)."""

from __future__ import annotations

import pytest

import brawl
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
        brawl.verify_charge(enc, charge)
    assert "R-GEO-5" in info.value.rules
    assert not brawl.can_charge(enc, charge)


def test_heal_is_refused_when_the_target_can_spend_no_recovery() -> None:
    """DS-ACT-22, DS-STAM-11: a Director creature healing another has no Recovery to give; a hero does."""
    gob = brawl.Creature(id="gob", side="director", pos=(0, 0, 0), stamina_max=10)
    orc = brawl.Creature(id="orc", side="director", pos=(1, 0, 0), stamina_max=12)
    kira = brawl.Creature(id="kira", hero=True, pos=(0, 1, 0))
    enc = brawl.Encounter.create(brawl.Terrain.flat(4, 4), [gob, orc, kira])
    enc = brawl.damage(enc, "orc", 8).state
    refused = brawl.actions.Heal("gob", "orc")
    with pytest.raises(brawl.ActionUnavailableError) as info:
        brawl.verify_heal(enc, refused)
    assert "DS-STAM-11" in info.value.rules
    assert not brawl.is_legal(enc, refused)
    healed = brawl.apply(enc, brawl.actions.Heal("kira", "orc")).state
    assert healed.creature("orc").stamina == 4 + 12 // 3  # DS-STAM-12: a third of its maximum
