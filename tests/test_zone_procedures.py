"""The zone game's procedures: movement, sneaking, surrender, morale, gear, chases and mounts."""

from __future__ import annotations

import pytest

import brawl
import brawl.zone.game
import brawl.zone.model
import brawl.zone.verbs
from brawl.zone.game import ZoneTurn
from brawl.zone.model import Armour, Place, Weapon
from brawl.zone.space import world_of
from test_zone_helpers import build, health, names, sheet, start, turn

SWORD = Weapon("sword", die=6)


# --- movement -------------------------------------------------------------------------------------


def test_full_speed_two_zones_half_speed_with_actions_sprint_four_z_turn_09_10() -> None:
    """Z-TURN-09, Z-TURN-10: 2 zones without actions; 1 zone with a bonus and a main action, split
    before and after; sprinting doubles to 4 (2 with actions); off a border costs half a zone."""
    enc = start(build([("x", "p", "a", {}), ("y", "q", "j", {})]), "p")
    full = turn(enc, "x")
    full, ev = brawl.zone.verbs.zone_move(full, "x", ["b", "c"])
    assert ev[0].halves == 4
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.zone.verbs.zone_move(full, "x", ["d"])
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.use_action(full, "x", "bonus")  # moved beyond half speed: no actions
    half = turn(enc, "x")
    half, _ = brawl.zone.verbs.zone_move(half, "x", ["b"])
    half, _ = brawl.use_action(half, "x", "bonus")
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.zone.verbs.zone_move(half, "x", ["c"])
    sprint = turn(enc, "x", sprint=True)
    sprint, _ = brawl.zone.verbs.zone_move(sprint, "x", ["b", "c", "d", "e"])
    assert world_of(sprint).place("x").zone == "e"
    edge = start(build([("x", "p", Place("a", "b"), {}), ("y", "q", "j", {})]), "p")
    edge = turn(edge, "x")
    edge, _ = brawl.use_action(edge, "x", "main")
    edge, ev = brawl.zone.verbs.zone_move(edge, "x", ["b"])  # half a zone off the border
    assert ev[0].halves == 1
    with pytest.raises(brawl.ActionUnavailableError):
        brawl.zone.verbs.zone_move(edge, "x", ["c"])


def test_grabbed_characters_move_with_their_grabber_z_nl_08() -> None:
    """Z-NL-08: the grabber keeps hold while moving together with the grabbed character."""
    enc = build([("x", "p", "a", {}), ("y", "q", "a", {"grabbed_by": "x"})])
    enc, _ = brawl.zone.verbs.zone_move(enc, "x", ["b"])
    assert world_of(enc).place("y").zone == "b"
    assert sheet(enc, "y").grabbed_by == "x"


# --- sneaking -------------------------------------------------------------------------------------


def test_concealed_characters_are_revealed_by_moving_or_noise_z_sneak_03() -> None:
    """Z-SNEAK-03: sneaking keeps a character concealed, moving without sneaking reveals it; noise
    reveals it; hiding again is the GM's call."""
    enc = build([("x", "p", "a", {"concealed": True}), ("y", "q", "j", {})])
    st, ev = brawl.zone.verbs.zone_move(enc, "x", ["b"], sneaking=True)
    assert sheet(st, "x").concealed
    st, ev = brawl.zone.verbs.zone_move(st, "x", ["c"])
    assert not sheet(st, "x").concealed
    assert names(ev)[-1] == "ZoneSneak"
    st, _ = brawl.zone.verbs.zone_conceal(st, "x", "a major distraction")
    st, ev = brawl.zone.verbs.zone_reveal(st, "x", "talked")
    assert (sheet(st, "x").concealed, ev[0].reason) == (False, "talked")


def test_concealed_targets_are_not_visible_to_ranged_attacks_z_sneak_03_z_atk_06() -> None:
    """Z-ATK-06, Z-SNEAK-03: a concealed enemy is not visible, so no ranged attack can target it."""
    bow = Weapon("bow", die=6, range=8, hands=2)
    enc = build([("x", "p", "a", {"weapons": [bow]}), ("y", "q", "c", {"concealed": True})])
    with pytest.raises(brawl.ActionUnavailableError, match="Z-ATK-06"):
        brawl.zone.verbs.zone_attack(enc, "x", ["y"], "bow")


# --- surrender and morale -------------------------------------------------------------------------


def test_a_surrendered_character_harmed_by_the_enemy_fights_again_z_surr_01() -> None:
    """Z-SURR-01: surrendering wastes the turn; harmed by the enemy, it resumes fighting by itself."""
    enc = build([("x", "p", "a", {"weapons": [SWORD]}), ("y", "q", "a", {"health_max": 20})])
    enc = start(enc, "q")
    enc, _ = brawl.zone.verbs.surrender(enc, "y")
    assert isinstance(enc.turn, ZoneTurn)
    assert "y" in enc.turn.surrendered
    enc = turn(enc, "x")
    enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
    enc, ev = brawl.zone.verbs.zone_resolve(enc, rolls=[2])
    assert names(ev)[-1] == "ResumedFighting"
    assert isinstance(enc.turn, ZoneTurn)
    assert "y" not in enc.turn.surrendered


def test_a_lone_character_checks_morale_on_half_health_z_morale_01_03_r_z_5() -> None:
    """Z-MORALE-01, Z-MORALE-02, Z-MORALE-03, R-Z-5: a character fighting alone that fell to half
    its health or less in the round checks morale with its sheet's WIT; the fearless never do."""
    for fearless, due in ((False, True), (True, False)):
        enc = build(
            [
                ("x", "p", "a", {"weapons": [SWORD]}),
                ("y", "q", "a", {"health_max": 20, "wits": 7, "fearless": fearless}),
            ],
            rulings=brawl.zone.model.ZoneRulings(critical_numerator=0, critical_denominator=1),
        )
        enc = turn(start(enc, "p"), "x")
        enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword", mode="normal")
        enc, _ = brawl.zone.verbs.zone_dodge(enc, "y", roll=20)
        enc, _ = brawl.zone.verbs.zone_resolve(enc, rolls=[6])
        enc, _ = brawl.end_turn(enc)
        enc, _ = brawl.zone.verbs.pass_turn(enc)
        assert health(enc, "y") == 14  # 14 of 20: more than half
        enc, _ = brawl.zone.verbs.pass_turn(enc)
        enc, ev = brawl.end_round(enc)
        assert "MoraleCheckDue" not in names(ev)
        enc = turn(enc, "x")
        enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
        enc, _ = brawl.zone.verbs.zone_resolve(enc, rolls=[5])
        enc, _ = brawl.end_turn(enc)
        enc, _ = brawl.zone.verbs.pass_turn(enc)
        enc, _ = brawl.zone.verbs.pass_turn(enc)
        enc, ev = brawl.end_round(enc)
        assert ("MoraleCheckDue" in names(ev)) is (due and not fearless)
        if due and not fearless:
            enc, ev = brawl.zone.game.morale_check(enc, "q", rolls={"y": 8})  # WIT 7 from the sheet: fails
            assert ev[-2].failed == ("y",)


# --- gear -----------------------------------------------------------------------------------------


def test_damaged_and_improvised_weapons_break_on_a_1_z_gear_02_04() -> None:
    """Z-GEAR-02, Z-GEAR-04: a damaged weapon that rolls 1 on its damage die is destroyed; an
    improvised weapon is handled as damaged; an undamaged one does not break."""
    for weapon, breaks in (
        (Weapon("old sword", damaged=True), True),
        (Weapon("chair", die=6, hands=2, improvised=True), True),
        (Weapon("sword"), False),
    ):
        enc = build([("x", "p", "a", {"weapons": [weapon]}), ("y", "q", "a", {"health_max": 20})])
        enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], weapon.name)
        enc, _ev = brawl.zone.verbs.zone_resolve(enc, rolls=[1])
        assert (len(sheet(enc, "x").weapons) == 0) is breaks


def test_damaged_shields_then_armour_break_at_8_before_armour_z_gear_03() -> None:
    """Z-GEAR-03: an attack of at least 8 before armour reduction destroys a damaged shield first;
    7 does not."""
    great = Weapon("maul", die=12, hands=2)
    gear = [Armour("mail", value=1, damaged=True), Armour("shield", value=1, shield=True, damaged=True)]
    enc = build([("x", "p", "a", {"weapons": [great]}), ("y", "q", "a", {"health_max": 30, "armour": gear})])
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "maul")
    st, _ev = brawl.zone.verbs.zone_resolve(st, rolls=[8])
    assert [a.name for a in sheet(st, "y").armour] == ["mail"]
    assert health(st, "y") == 24  # the shield still counted for this hit: 8 - 2
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "maul")
    st, _ = brawl.zone.verbs.zone_resolve(st, rolls=[7])
    assert len(sheet(st, "y").armour) == 2


def test_durability_rolls_after_the_fight_for_used_gear_z_gear_01_r_z_10() -> None:
    """Z-GEAR-01, R-Z-10: after the fight each weapon and armour used gets a durability roll: a 1
    on a d6 damages it, a damaged one is destroyed; unused gear is not rolled."""
    enc = build(
        [
            ("x", "p", "a", {"weapons": [SWORD, Weapon("spare", damaged=True)], "armour": [Armour("mail")]}),
            ("y", "q", "a", {"health_max": 30, "armour": [Armour("plate", value=2, damaged=True)]}),
        ]
    )
    enc = start(enc, "p")
    with pytest.raises(brawl.TurnOrderError, match="Z-GEAR-01"):
        brawl.zone.verbs.zone_durability(enc)
    enc = turn(enc, "x")
    enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
    enc, _ = brawl.zone.verbs.zone_resolve(enc, rolls=[3])
    enc, _ = brawl.end_combat(enc)
    enc, ev = brawl.zone.verbs.zone_durability(enc, rolls=[1, 1])
    results = [(e.creature, e.item, e.result) for e in ev if type(e).__name__ == "ZoneGear"]
    assert results == [("x", "sword", "damaged"), ("y", "plate", "destroyed")]
    assert [w.name for w in sheet(enc, "x").weapons] == ["sword", "spare"]
    assert sheet(enc, "x").weapons[0].damaged


# --- chases ---------------------------------------------------------------------------------------


def test_long_chase_group_agi_save_z_chase_01() -> None:
    """Z-CHASE-01: the fleeing make a group AGI save: pass escapes, fail is caught; faster
    fleeing escape without a save; faster pursuers make escape impossible."""
    enc = build([("x", "p", "a", {"agility": 12}), ("y", "p", "a", {"agility": 8}), ("z", "q", "c", {})])
    _, ev = brawl.zone.verbs.zone_chase(enc, ["x", "y"], rolls=[10, 10])
    assert (ev[-1].escaped, ev[-1].caught) == (("x",), ("y",))
    _, ev = brawl.zone.verbs.zone_chase(enc, ["x", "y"], faster="fleeing")
    assert ev[-1].escaped == ("x", "y")
    _, ev = brawl.zone.verbs.zone_chase(enc, ["x", "y"], faster="pursuers")
    assert ev[-1].caught == ("x", "y")


# --- mounts ---------------------------------------------------------------------------------------


def test_a_galloping_mount_leaves_its_riders_unable_to_act_or_react_z_mount_02() -> None:
    """Z-MOUNT-02, Z-MOUNT-01: a mount moving at full speed carries its rider, who can neither act
    nor react that round."""
    enc = build(
        [
            ("horse", "p", "a", {"size": "large"}),
            ("knight", "p", "a", {"weapons": [SWORD]}),
            ("foe", "q", "c", {"weapons": [SWORD]}),
        ],
        riding={"knight": "horse"},
    )
    enc = turn(start(enc, "p"), "horse")
    enc, _ev = brawl.zone.verbs.zone_move(enc, "horse", ["b", "c"])
    assert world_of(enc).place("knight").zone == "c"
    with pytest.raises(brawl.ActionUnavailableError, match="Z-MOUNT-02"):
        brawl.zone.verbs.zone_attack(enc, "knight", ["foe"], "sword")
    enc, _ = brawl.end_turn(enc)
    enc = turn(enc, "foe")
    enc, _ = brawl.zone.verbs.zone_attack(enc, "foe", ["knight"], "sword")  # mount and rider targeted apart
    with pytest.raises(brawl.ActionUnavailableError, match="Z-MOUNT-02"):
        brawl.zone.verbs.zone_dodge(enc, "knight")


def test_riders_attacks_are_impaired_z_mount_03() -> None:
    """Z-MOUNT-03: attacks made by riders are impaired (halved, rounding up)."""
    enc = build(
        [
            ("horse", "p", "a", {"size": "large"}),
            ("knight", "p", "a", {"weapons": [SWORD]}),
            ("foe", "q", "a", {}),
        ],
        riding={"knight": "horse"},
    )
    enc, _ = brawl.zone.verbs.zone_attack(enc, "knight", ["foe"], "sword")
    enc, ev = brawl.zone.verbs.zone_resolve(enc, rolls=[5])
    hit = next(e for e in ev if type(e).__name__ == "ZoneDamaged")
    assert (hit.impaired, hit.taken) == (True, 3)


def test_mounting_and_dismounting_take_half_a_zone_and_a_moving_mount_asks_agi_z_mount_01() -> None:
    """Z-MOUNT-01: getting on or off counts as half a zone of movement; off a moving mount an AGI
    save, or a fall of d4 direct damage."""
    enc = build(
        [
            ("horse", "p", "a", {"size": "large"}),
            ("knight", "p", "a", {"agility": 5, "health_max": 10}),
            ("foe", "q", "j", {}),
        ]
    )
    enc = turn(start(enc, "p"), "knight", together=())
    enc, ev = brawl.zone.verbs.zone_mount(enc, "knight", "horse")
    assert enc.creature("knight").riding == "horse"
    assert isinstance(enc.turn, ZoneTurn)
    assert enc.turn.economies["knight"].moved_halves == 1
    enc, ev = brawl.zone.verbs.zone_dismount(enc, "knight", moving=True, roll=15)
    assert enc.creature("knight").riding is None
    assert ev[-1].fell
    assert health(enc, "knight") < 10
