"""The zone game text's worked examples, played turn by turn with the text's dice."""

from __future__ import annotations

import pytest

import brawl
import brawl.turns
import brawl.zone.attack
import brawl.zone.verbs
from brawl.actions import can
from brawl.zone.model import Armour, Weapon
from brawl.zone.space import world_of
from test_zone_helpers import build, health, line_map, names, sheet, start, turn

SWORD = Weapon("sword", die=6)
DAGGER = Weapon("dagger", die=4)
SPEAR = Weapon("spear", die=6)
AXE = Weapon("battleaxe", die=8, hands=2)
BOW = Weapon("bow", die=6, range=8, hands=2)
MUSKET = Weapon("musket", die=8, range=6, hands=2)
LIGHT = Armour("light armour", value=1)
SHIELD = Armour("shield", value=1, shield=True)


def test_attacking_example_sword_then_death_blow_z_atk_02_04_r_z_7() -> None:
    """Z-ATK-02, Z-ATK-04, R-Z-7: Balthasar's sword (d6) rolls 4: the bandit goes from 8 to 4
    health and is incapacitated; Sybilla, nearby with a dagger, kills him on the spot."""
    enc = build(
        [
            ("balthasar", "players", "a", {"weapons": [SWORD]}),
            ("sybilla", "players", "a", {"weapons": [DAGGER]}),
            ("bandit", "gm", "a", {"health_max": 8}),
        ]
    )
    enc = turn(start(enc, "players"), "balthasar")
    enc, ev = brawl.zone.verbs.zone_attack(enc, "balthasar", ["bandit"], "sword")
    assert "ZoneSave" not in names(ev)  # a nearby melee attack hits automatically (Z-ATK-05)
    enc, ev = brawl.zone.verbs.zone_resolve(enc, rolls=[4])
    dmg = next(e for e in ev if type(e).__name__ == "ZoneDamaged")
    assert (dmg.dice, dmg.rolled, dmg.taken, dmg.health_before, dmg.health_after) == ("1d6", 4, 4, 8, 4)
    assert sheet(enc, "bandit").incapacitated
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.zone.verbs.pass_turn(enc)  # the bandit is incapacitated: the GM has no one to act
    enc = turn(enc, "sybilla")
    enc, ev = brawl.zone.verbs.zone_death_blow(enc, "sybilla", "bandit")
    assert names(ev)[-1] == "ZoneKilled"
    assert enc.creature("bandit").dead


def test_wit_save_examples_bow_at_five_zones_and_darkness_z_atk_05_r_z_18() -> None:
    """Z-ATK-05 (R-Z-18, R-Z-6): a bow (d6, range 8) at 5 zones needs a WIT save: 5 on the d20
    passes and Balthasar takes d6; Theobald's sword in complete darkness needs one: 20 misses."""
    enc = build(
        [
            ("bandit", "gm", "a", {"weapons": [BOW], "wits": 10}),
            ("balthasar", "players", "f", {"health_max": 10}),
            ("theobald", "players", "j", {"weapons": [SWORD], "wits": 12}),
            ("other", "gm", "j", {"health_max": 8}),
        ],
        zmap=line_map(dark=["j"]),
    )
    assert brawl.zone.verbs.zone_attack is not None
    enc2, ev = brawl.zone.verbs.zone_attack(enc, "bandit", ["balthasar"], "bow", save_roll=5)
    save = next(e for e in ev if type(e).__name__ == "ZoneSave")
    assert (save.stat, save.roll, save.passed) == ("WIT", 5, True)
    enc2, ev = brawl.zone.verbs.zone_resolve(enc2, rolls=[3])
    assert health(enc2, "balthasar") == 7
    _, ev = brawl.zone.verbs.zone_attack(enc, "theobald", ["other"], "sword", save_roll=20)
    assert names(ev)[-1] == "ZoneAttackMissed"
    # exactly half range (4 of 8) is not beyond it: no save (R-Z-18)
    near = build([("bandit", "gm", "a", {"weapons": [BOW]}), ("balthasar", "players", "e", {})])
    _, ev = brawl.zone.verbs.zone_attack(near, "bandit", ["balthasar"], "bow")
    assert "ZoneSave" not in names(ev)


def test_dodge_example_musket_misses_z_react_04() -> None:
    """Z-REACT-01, Z-REACT-04: Sybilla's musket (d8) on a bandit (AGI 8) who has not acted: he
    dodges, rolls 2 on the d20, lower than his AGI, so the attack misses."""
    enc = build(
        [
            ("sybilla", "players", "a", {"weapons": [MUSKET]}),
            ("bandit", "gm", "b", {"agility": 8, "health_max": 8}),
        ]
    )
    enc = turn(start(enc, "players"), "sybilla")
    enc, _ = brawl.zone.verbs.zone_attack(enc, "sybilla", ["bandit"], "musket")
    enc, ev = brawl.zone.verbs.zone_dodge(enc, "bandit", roll=2)
    assert names(ev)[:2] == ["ReactionTaken", "ZoneReacted"]
    enc, ev = brawl.zone.verbs.zone_resolve(enc)
    assert names(ev) == ["ZoneAttackMissed"]
    assert health(enc, "bandit") == 8
    # the dodge used the bandit's turn for the round (Z-REACT-11, R-Z-3)
    enc, _ = brawl.end_turn(enc)
    assert brawl.turns.next_actors(enc) == {"gm": ()}


def test_counter_example_spear_against_battleaxe_z_react_05_06_r_z_11() -> None:
    """Z-REACT-05, Z-REACT-06, R-Z-11, Z-COVER-01: Theobald's spear rolls 4, the leader's
    battleaxe counter rolls 5; Theobald's light armour and shield (armour 2) leave 3, so the leader
    (4 taken) is hit first, incapacitated, and Theobald suffers no damage at all."""
    enc = build(
        [
            ("theobald", "players", "a", {"weapons": [SPEAR], "armour": [LIGHT, SHIELD], "health_max": 10}),
            ("leader", "gm", "a", {"weapons": [AXE], "health_max": 8}),
        ]
    )
    assert sheet(enc, "theobald").armour_value == 2
    enc = turn(start(enc, "players"), "theobald")
    enc, _ = brawl.zone.verbs.zone_attack(enc, "theobald", ["leader"], "spear")
    enc, _ = brawl.zone.verbs.zone_counter(enc, "leader", "battleaxe")
    enc, ev = brawl.zone.verbs.zone_resolve(enc, rolls=[4, 5])
    damaged = [e for e in ev if type(e).__name__ == "ZoneDamaged"]
    assert [(d.target, d.taken) for d in damaged] == [("leader", 4)]
    assert sheet(enc, "leader").incapacitated
    assert health(enc, "theobald") == 10
    assert any("R-Z-11" in e.rules for e in ev)


def test_counter_when_the_first_hit_does_not_incapacitate_both_land_z_react_05() -> None:
    """Z-REACT-05 (R-Z-11): the larger damage lands first; if it does not incapacitate, the other
    lands too; on a tie both are hit at the same time."""
    chars = [
        ("theobald", "players", "a", {"weapons": [SPEAR], "health_max": 20}),
        ("leader", "gm", "a", {"weapons": [AXE], "health_max": 20}),
    ]
    enc = build(chars)
    enc, _ = brawl.zone.verbs.zone_attack(enc, "theobald", ["leader"], "spear")
    enc, _ = brawl.zone.verbs.zone_counter(enc, "leader", "battleaxe")
    enc, ev = brawl.zone.verbs.zone_resolve(enc, rolls=[2, 6])
    damaged = [(e.target, e.taken) for e in ev if type(e).__name__ == "ZoneDamaged"]
    assert damaged == [("theobald", 6), ("leader", 2)]
    tie = build(chars)
    tie, _ = brawl.zone.verbs.zone_attack(tie, "theobald", ["leader"], "spear")
    tie, _ = brawl.zone.verbs.zone_counter(tie, "leader", "battleaxe")
    tie, ev = brawl.zone.verbs.zone_resolve(tie, rolls=[3, 3])
    assert (health(tie, "theobald"), health(tie, "leader")) == (17, 17)


def test_stunt_example_disarmed_instead_of_damage_z_stunt_01() -> None:
    """Z-STUNT-01: Balthasar's sword against a bandit with 3 health left: he proposes a stunt
    (disarmed and incapacitated until the end of the stretch); the bandit accepts: no damage, and
    no reaction is possible."""
    enc = build(
        [
            ("balthasar", "players", "a", {"weapons": [SWORD]}),
            ("bandit", "gm", "a", {"health_max": 8, "health": 3, "weapons": [DAGGER]}),
        ]
    )
    enc, _ = brawl.zone.verbs.zone_attack(enc, "balthasar", ["bandit"], "sword")
    effect = "disarmed and incapacitated until the end of the stretch"
    enc, ev = brawl.zone.verbs.zone_propose_stunt(enc, "balthasar", effect)
    assert ev[0].answer == "proposed"
    with pytest.raises(brawl.ActionUnavailableError, match="Z-STUNT-01"):
        brawl.zone.verbs.zone_dodge(enc, "bandit")  # the answer comes first
    accepted, ev = brawl.zone.verbs.zone_answer_stunt(enc, "bandit", True)
    assert ev[0].answer == "accepted"
    assert world_of(accepted).pending is None
    assert health(accepted, "bandit") == 3
    refused, _ = brawl.zone.verbs.zone_answer_stunt(enc, "bandit", False)
    refused, _ = brawl.zone.verbs.zone_dodge(refused, "bandit", roll=20)  # refused: it may react, then damage
    refused, _ = brawl.zone.verbs.zone_resolve(refused, rolls=[2])
    assert health(refused, "bandit") == 1


def test_grapple_example_counter_then_grab_then_break_free_z_nl_02_05_06() -> None:
    """Z-NL-02, Z-NL-05, Z-NL-06, Z-NL-01: Theobald grapples a bandit, who counters with his axe
    (d6): a 1, just a scratch; Theobald still stands, so the bandit's STR save follows, and fails:
    grabbed. Next turn Theobald's dagger (d4) hits; the bandit can't react, being grabbed, and is
    still conscious. On his turn he can only try to break free: he succeeds, and his turn is spent."""
    hand_axe = Weapon("axe", die=6)
    enc = build(
        [
            ("theobald", "players", "a", {"weapons": [DAGGER], "health_max": 10}),
            ("bandit", "gm", "a", {"weapons": [hand_axe], "health_max": 10, "strength": 9}),
        ]
    )
    enc = turn(start(enc, "players"), "theobald")
    enc, _ = brawl.zone.verbs.zone_attack(enc, "theobald", ["bandit"], kind="grapple")
    enc, _ = brawl.zone.verbs.zone_counter(enc, "bandit", "axe")
    enc, ev = brawl.zone.verbs.zone_resolve(enc, rolls=[1], saves=[15])
    order = [type(e).__name__ for e in ev if type(e).__name__ in ("ZoneDamaged", "ZoneSave", "ZoneGrab")]
    assert order == ["ZoneDamaged", "ZoneSave", "ZoneGrab"]  # the non-lethal attack resolves last
    assert health(enc, "theobald") == 9
    assert sheet(enc, "bandit").grabbed_by == "theobald"
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.zone.verbs.pass_turn(enc)  # the bandit reacted: it has used its turn this round
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, _ = brawl.end_round(enc)
    enc = turn(enc, "theobald")
    enc, _ = brawl.zone.verbs.zone_attack(
        enc, "theobald", ["bandit"], "dagger"
    )  # one-handed: keeps hold (Z-NL-08)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-NL-06"):
        brawl.zone.verbs.zone_dodge(enc, "bandit")
    enc, _ = brawl.zone.verbs.zone_resolve(enc, rolls=[3])
    assert (health(enc, "bandit"), sheet(enc, "bandit").incapacitated) == (7, False)
    assert sheet(enc, "bandit").grabbed_by == "theobald"
    enc, _ = brawl.end_turn(enc)
    enc = turn(enc, "bandit")
    with pytest.raises(brawl.ActionUnavailableError, match="Z-NL-06"):
        brawl.zone.verbs.zone_attack(enc, "bandit", ["theobald"], "axe")
    enc, ev = brawl.zone.verbs.zone_break_free(enc, "bandit", roll=4)
    assert sheet(enc, "bandit").grabbed_by is None
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.zone.verbs.zone_attack(enc, "bandit", ["theobald"], "axe")  # the attempt took the whole turn


def test_wyrm_example_size_steps_z_size_01_02_03_05_10() -> None:
    """Z-SIZE-01, Z-SIZE-02, Z-SIZE-03, Z-SIZE-05, Z-SIZE-10 (R-Z-4, R-Z-16): a large wyrm's bite (d8)
    is 2d8 against a medium character and 4d8 against a small one, or split: two medium d8 each, three small
    (d8, d8, 2d8), medium d8 + small 2d8; its fire breath (d6, blast) is always d6. A human's
    sword roll of 3 deals 2 to the wyrm; a bow's range 8 becomes 16; a fire bomb deals full damage."""
    bite = Weapon("bite", die=8)
    breath = Weapon("fire breath", die=6, blast=True)
    bomb = Weapon("fire bomb", die=6, range=2, blast=True)
    enc = build(
        [
            ("wyrm", "monster", "a", {"weapons": [bite, breath], "size": "large", "health_max": 60}),
            ("m1", "players", "a", {"health_max": 40, "weapons": [SWORD, bomb]}),
            ("m2", "players", "a", {"health_max": 40}),
            ("s1", "players", "a", {"size": "small", "health_max": 40}),
            ("s2", "players", "a", {"size": "small", "health_max": 40}),
            ("s3", "players", "a", {"size": "small", "health_max": 40}),
            ("archer", "players", "j", {"weapons": [BOW]}),
        ]
    )

    def dice_on(targets: list[str], split: list[tuple[str, int]]) -> list[tuple[str, str]]:
        st, _ = brawl.zone.verbs.zone_attack(enc, "wyrm", targets, "bite", dice=split)
        st, ev = brawl.zone.verbs.zone_resolve(st)
        return [(e.target, e.dice) for e in ev if type(e).__name__ == "ZoneDamaged"]

    assert dice_on(["m1"], []) == [("m1", "2d8")]
    assert dice_on(["s1"], []) == [("s1", "4d8")]
    assert dice_on(["m1", "m2"], [("m1", 1), ("m2", 1)]) == [("m1", "1d8"), ("m2", "1d8")]
    three = dice_on(["s1", "s2", "s3"], [("s1", 1), ("s2", 1), ("s3", 2)])
    assert three == [("s1", "1d8"), ("s2", "1d8"), ("s3", "2d8")]
    assert dice_on(["m1", "s1"], [("m1", 1), ("s1", 2)]) == [("m1", "1d8"), ("s1", "2d8")]
    with pytest.raises(brawl.InvalidArgumentError, match="Z-SIZE-02"):
        brawl.zone.verbs.zone_attack(enc, "wyrm", ["m1", "m2"], "bite", dice=[("m1", 2), ("m2", 1)])
    st, _ = brawl.zone.verbs.zone_attack(enc, "wyrm", weapon="fire breath")
    attack = world_of(st).pending
    assert attack is not None
    assert "wyrm" not in attack.targets  # a melee blast spares the attacker (Z-BLAST-02)
    st, ev = brawl.zone.verbs.zone_resolve(st)
    assert {e.dice for e in ev if type(e).__name__ == "ZoneDamaged"} == {"1d6"}
    st, _ = brawl.zone.verbs.zone_attack(enc, "m1", ["wyrm"], "sword")
    st, ev = brawl.zone.verbs.zone_resolve(st, rolls=[3])
    hit = next(e for e in ev if type(e).__name__ == "ZoneDamaged")
    assert (hit.rolled, hit.after_size, hit.taken) == (3, 2, 2)
    assert can(
        enc, brawl.zone.attack.ZoneAttack("archer", targets=["wyrm"], weapon="bow", save_roll=1)
    )  # 9 zones <= 16
    st, _ = brawl.zone.verbs.zone_attack(enc, "m1", weapon="fire bomb", zone="a", save_roll=1)
    st, ev = brawl.zone.verbs.zone_resolve(st, rolls=[3] * 7)
    on_wyrm = next(e for e in ev if type(e).__name__ == "ZoneDamaged" and e.target == "wyrm")
    assert on_wyrm.taken == 3  # full damage against the wyrm, thanks to the blast property
