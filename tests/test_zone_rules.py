"""The zone game's rules one by one: attacks, reactions, cover, blasts, non-lethal attacks."""

from __future__ import annotations

import pytest

import brawl
import brawl.zone.attack
import brawl.zone.move
import brawl.zone.procedures
import brawl.zone.react
import brawl.zone.resolve
import brawl.zone.turnstate
import brawl.zone.verbs
from brawl.actions import can
from brawl.zone.model import Armour, Place, Weapon, ZoneMap, ZoneRulings
from brawl.zone.space import world_of
from test_zone_helpers import build, health, line_map, names, sheet, start, turn

SWORD = Weapon("sword", die=6)
GREAT = Weapon("greatsword", die=10, hands=2)
BOW = Weapon("bow", die=6, range=8, hands=2)
BOMB = Weapon("bomb", die=6, range=3, blast=True)


def pending(enc: brawl.Encounter) -> tuple[str, ...]:
    attack = world_of(enc).pending
    assert attack is not None
    return attack.targets


# --- attacking ------------------------------------------------------------------------------------


def test_melee_only_nearby_ranged_only_visible_in_range_z_atk_01_06() -> None:
    """Z-ATK-01, Z-ATK-06, R-Z-12: melee needs the target nearby (same zone or a shared border);
    a ranged attack needs it visible and within range; beyond half range while moving is refused."""
    enc = build(
        [
            ("x", "p", "a", {"weapons": [SWORD, BOW]}),
            ("near", "q", Place("b", "a"), {}),
            ("far", "q", "c", {}),
            ("dark", "q", "d", {}),
            ("beyond", "q", "j", {}),
            ("mid", "q", "f", {}),
        ],
        zmap=line_map(dark=["d"]),
    )
    assert can(enc, brawl.zone.attack.ZoneAttack("x", targets=["near"], weapon="sword"))  # on the border of a
    with pytest.raises(brawl.ActionUnavailableError, match="Z-ATK-01"):
        brawl.zone.verbs.zone_attack(enc, "x", ["far"], "sword")
    with pytest.raises(brawl.ActionUnavailableError, match="Z-ATK-06"):
        brawl.zone.verbs.zone_attack(enc, "x", ["dark"], "bow")
    with pytest.raises(brawl.ActionUnavailableError, match="range 8"):
        brawl.zone.verbs.zone_attack(enc, "x", ["beyond"], "bow")
    assert can(enc, brawl.zone.attack.ZoneAttack("x", targets=["far"], weapon="bow"))
    assert can(
        enc, brawl.zone.attack.ZoneAttack("x", targets=["far"], weapon="bow", moving=True)
    )  # within half
    with pytest.raises(brawl.ActionUnavailableError, match="Z-ATK-06"):
        brawl.zone.verbs.zone_attack(enc, "x", ["mid"], "bow", moving=True)  # 5 zones: beyond half range


def test_moving_makes_a_ranged_attack_need_a_save_z_atk_05() -> None:
    """Z-ATK-05, R-Z-15: a ranged attack made while moving needs a WIT save even within half range;
    by default an attacker that moved earlier in its turn attacks while moving."""
    enc = build([("x", "p", "a", {"weapons": [BOW], "wits": 10}), ("y", "q", "b", {})])
    _, ev = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "bow", moving=True, save_roll=11)
    assert names(ev)[-1] == "ZoneAttackMissed"
    _, ev = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "bow", moving=True, save_roll=10)
    assert "ZoneAttackMissed" not in names(ev)  # a roll equal to the score passes (R-Z-6)
    fight = start(build([("x", "p", "a", {"weapons": [BOW], "wits": 10}), ("y", "q", "c", {})]), "p")
    fight = turn(fight, "x")
    fight, _ = brawl.zone.verbs.zone_move(fight, "x", ["b"])
    _, ev = brawl.zone.verbs.zone_attack(fight, "x", ["y"], "bow", save_roll=3)
    assert "ZoneSave" in names(ev)


def test_unarmed_d4_impaired_and_hold_back_z_atk_02_03_r_z_8() -> None:
    """Z-ATK-02, Z-ATK-03, R-Z-8: unarmed is d4 impaired; holding back impairs any weapon; impaired
    damage halves the roll rounding up (or, by a table's ruling, takes the lower of two rolls)."""
    chars = [("x", "p", "a", {"weapons": [SWORD]}), ("y", "q", "a", {"health_max": 20})]
    enc = build(chars)
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"])
    st, ev = brawl.zone.verbs.zone_resolve(st, rolls=[3])
    hit = next(e for e in ev if type(e).__name__ == "ZoneDamaged")
    assert (hit.dice, hit.impaired, hit.after_impaired, hit.taken) == ("1d4", True, 2, 2)
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword", mode="hold_back")
    st, ev = brawl.zone.verbs.zone_resolve(st, rolls=[6])
    assert health(st, "y") == 17
    lower = build(chars, rulings=ZoneRulings(impaired="lower"))
    st, _ = brawl.zone.verbs.zone_attack(lower, "x", ["y"], "sword", mode="hold_back")
    st, _ = brawl.zone.verbs.zone_resolve(st, rolls=[6, 2])
    assert health(st, "y") == 18


def test_death_blow_only_nearby_and_incapacitated_z_atk_04() -> None:
    """Z-ATK-04: a death blow needs the target nearby and incapacitated."""
    enc = build([("x", "p", "a", {}), ("y", "q", "a", {}), ("z", "q", "b", {"incapacitated": True})])
    with pytest.raises(brawl.ActionUnavailableError, match="Z-ATK-04"):
        brawl.zone.verbs.zone_death_blow(enc, "x", "y")
    with pytest.raises(brawl.ActionUnavailableError, match="Z-ATK-04"):
        brawl.zone.verbs.zone_death_blow(enc, "x", "z")


def test_critical_damage_ruling_is_a_parameter_r_z_7() -> None:
    """R-Z-7: by default a hit of half the maximum health or more incapacitates; a table may set 0/1."""
    chars = [("x", "p", "a", {"weapons": [SWORD]}), ("y", "q", "a", {"health_max": 8})]
    st, _ = brawl.zone.verbs.zone_attack(build(chars), "x", ["y"], "sword")
    st, _ = brawl.zone.verbs.zone_resolve(st, rolls=[3])
    assert not sheet(st, "y").incapacitated  # 5 of 8 left
    zero = build(chars, rulings=ZoneRulings(critical_numerator=0, critical_denominator=1))
    st, _ = brawl.zone.verbs.zone_attack(zero, "x", ["y"], "sword")
    st, _ = brawl.zone.verbs.zone_resolve(st, rolls=[6])
    assert (health(st, "y"), sheet(st, "y").incapacitated) == (2, False)


# --- reactions ------------------------------------------------------------------------------------


def test_reactions_never_twice_and_only_before_its_turn_z_react_03_11() -> None:
    """Z-REACT-03, Z-REACT-11, R-Z-3: never two reactions to one attack; no reaction after acting."""
    enc = build(
        [("x", "p", "a", {"weapons": [SWORD]}), ("y", "q", "a", {}), ("w", "q", "a", {}), ("v", "p", "c", {})]
    )
    enc = turn(start(enc, "q"), "w")
    enc, _ = brawl.end_turn(enc)
    enc = turn(enc, "x")
    enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-11"):
        brawl.zone.verbs.zone_guard(enc, "w", "y")  # w took its turn already
    st, _ = brawl.zone.verbs.zone_dodge(enc, "y", roll=20)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-03"):
        brawl.zone.verbs.zone_counter(st, "y")


def test_unaware_targets_cannot_react_z_react_02_z_sneak_02() -> None:
    """Z-REACT-02, Z-SNEAK-02: a target attacked by a concealed character is taken by surprise."""
    enc = build([("x", "p", "a", {"weapons": [SWORD], "concealed": True}), ("y", "q", "a", {})])
    enc, ev = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
    assert ev[0].surprise
    with pytest.raises(brawl.ActionUnavailableError, match="Z-SNEAK-02"):
        brawl.zone.verbs.zone_dodge(enc, "y")
    assert not sheet(enc, "x").concealed  # attacking reveals (Z-SNEAK-03)


def test_hide_behind_swaps_places_and_the_new_target_may_react_z_react_08() -> None:
    """Z-REACT-08: hiding behind a nearby willing ally or a grabbed enemy; they swap places; the
    new target may react if it has not taken its turn; an ungrabbed enemy cannot be used."""
    enc = build(
        [
            ("x", "p", "a", {"weapons": [BOW]}),
            ("y", "q", "c", {}),
            ("ally", "q", Place("c", "d"), {"agility": 15}),
            ("foe", "p", "c", {}),
        ]
    )
    enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "bow")
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-08"):
        brawl.zone.verbs.zone_hide_behind(enc, "y", "foe")
    st, ev = brawl.zone.verbs.zone_hide_behind(enc, "y", "ally")
    assert pending(st) == ("ally",)
    assert (str(world_of(st).place("y")), str(world_of(st).place("ally"))) == ("c|d", "c")
    st, _ = brawl.zone.verbs.zone_dodge(st, "ally", roll=3)
    st, ev = brawl.zone.verbs.zone_resolve(st)
    assert names(ev) == ["ZoneAttackMissed"]
    grabbed = build(
        [("x", "p", "a", {"weapons": [SWORD]}), ("y", "q", "a", {}), ("foe", "p", "a", {"grabbed_by": "y"})]
    )
    grabbed, _ = brawl.zone.verbs.zone_attack(grabbed, "x", ["y"], "sword")
    grabbed, _ = brawl.zone.verbs.zone_hide_behind(grabbed, "y", "foe")  # a currently grabbed enemy
    assert pending(grabbed) == ("foe",)


def test_guard_takes_the_attack_and_spends_the_reaction_z_react_09() -> None:
    """Z-REACT-09: a nearby character guards the target, becomes the target, and cannot then
    counter or dodge."""
    enc = build([("x", "p", "a", {"weapons": [SWORD]}), ("y", "q", "a", {}), ("g", "q", "a", {})])
    enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
    enc, _ev = brawl.zone.verbs.zone_guard(enc, "g", "y")
    assert pending(enc) == ("g",)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-03"):
        brawl.zone.verbs.zone_dodge(enc, "g")
    enc, _ = brawl.zone.verbs.zone_resolve(enc, rolls=[2])
    assert (health(enc, "g"), health(enc, "y")) == (4, 6)


def test_no_guard_for_a_target_that_has_already_reacted_z_react_09_r_z_20() -> None:
    """Z-REACT-09, R-Z-20: once the target has countered (or dodged), nobody can take its place:
    the guard is refused and the counter resolves between attacker and target."""
    enc = build([("x", "p", "a", {"weapons": [SWORD]}), ("y", "q", "a", {}), ("g", "q", "a", {})])
    enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
    enc, _ = brawl.zone.verbs.zone_counter(enc, "y")
    with pytest.raises(brawl.ActionUnavailableError, match="R-Z-20"):
        brawl.zone.verbs.zone_guard(enc, "g", "y")
    assert not can(enc, brawl.zone.react.ZoneGuard("g", "y"))
    assert pending(enc) == ("y",)


def test_a_blast_is_countered_by_one_target_only_z_react_07() -> None:
    """Z-REACT-07: attacks at several targets can be countered by a single target."""
    breath = Weapon("breath", die=6, blast=True)
    enc = build([("x", "p", "a", {"weapons": [breath]}), ("y", "q", "a", {}), ("w", "q", "a", {})])
    enc, _ = brawl.zone.verbs.zone_attack(enc, "x", weapon="breath")
    enc, _ = brawl.zone.verbs.zone_counter(enc, "y")
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-07"):
        brawl.zone.verbs.zone_counter(enc, "w")
    enc, _ = brawl.zone.verbs.zone_dodge(enc, "w", roll=1)
    enc, ev = brawl.zone.verbs.zone_resolve(enc, rolls=[2, 4])
    assert ("w", "dodged") in [(e.target, e.reason) for e in ev if type(e).__name__ == "ZoneAttackMissed"]


def test_opportunity_attack_interrupts_the_move_which_resumes_z_react_10() -> None:
    """Z-REACT-10: a nearby enemy attacks a character moving away; the move resumes after the
    attack if the mover is still conscious, and stops if it is not."""
    enc = build([("runner", "p", "a", {"health_max": 10}), ("guard", "q", "a", {"weapons": [SWORD]})])
    enc = turn(start(enc, "p"), "runner")
    st, ev = brawl.zone.verbs.zone_move(enc, "runner", ["b", "c"], opportunity=["guard"])
    assert world_of(st).place("runner").zone == "a"  # interrupted
    assert pending(st) == ("runner",)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-11"):
        brawl.zone.verbs.zone_dodge(st, "runner")  # its own turn is running
    done, ev = brawl.zone.verbs.zone_resolve(st, rolls=[2])
    assert world_of(done).place("runner").zone == "c"
    assert "ZoneMoved" in names(ev)
    down, ev = brawl.zone.verbs.zone_resolve(st, rolls=[6])
    assert world_of(down).place("runner").zone == "a"
    assert sheet(down, "runner").incapacitated
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-10"):
        brawl.zone.verbs.zone_move(enc, "runner", ["b"], opportunity=["runner"])


# --- cover and barriers ---------------------------------------------------------------------------


def test_cover_adds_armour_never_above_3_unless_penetrating_z_cover_01() -> None:
    """Z-COVER-01 (R-Z-13): each cover source adds 1 to armour, never above 3; a penetrating
    attack ignores cover."""
    pierce = Weapon("arbalest", die=10, range=8, hands=2, penetrating=True)
    chars = [
        ("x", "p", "a", {"weapons": [BOW, pierce]}),
        ("y", "q", "b", {"armour": [Armour("plate", value=2)], "health_max": 20}),
    ]
    enc = build(chars, zmap=line_map(cover={"b": 2}))
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "bow")
    st, ev = brawl.zone.verbs.zone_resolve(st, rolls=[6])
    hit = next(e for e in ev if type(e).__name__ == "ZoneDamaged")
    assert (hit.armour, hit.taken) == (3, 3)
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "arbalest")
    st, ev = brawl.zone.verbs.zone_resolve(st, rolls=[6])
    hit = next(e for e in ev if type(e).__name__ == "ZoneDamaged")
    assert (hit.armour, hit.taken) == (2, 4)


def test_barriers_block_attacks_peeking_counts_as_cover_and_may_be_countered_z_cover_02() -> None:
    """Z-COVER-02: a barrier blocks attacks; one who peeks out to attack can be countered and the
    barrier counts only as cover."""
    zmap = ZoneMap(line_map().zones, barriers=[("a", "b")])
    enc = build(
        [("x", "p", "a", {"weapons": [BOW]}), ("y", "q", "b", {"weapons": [BOW], "health_max": 20})],
        zmap=zmap,
    )
    with pytest.raises(brawl.ActionUnavailableError, match="Z-COVER-02"):
        brawl.zone.verbs.zone_attack(enc, "x", ["y"], "bow")
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "bow", peeking=True)
    st, _ = brawl.zone.verbs.zone_counter(st, "y", "bow")
    st, ev = brawl.zone.verbs.zone_resolve(st, rolls=[5, 5])
    assert [(e.target, e.armour) for e in ev if type(e).__name__ == "ZoneDamaged"] == [("y", 1), ("x", 1)]


# --- blasts ---------------------------------------------------------------------------------------


def test_blast_hits_the_zone_and_its_borders_z_blast_01_03() -> None:
    """Z-BLAST-01, Z-BLAST-03: a ranged blast hits everyone in the zone and on its borders, the
    attacker too if aimed at its own zone."""
    enc = build(
        [
            ("x", "p", "a", {"weapons": [BOMB], "wits": 20}),
            ("in", "q", "c", {}),
            ("edge", "q", Place("d", "c"), {}),
            ("out", "q", "d", {}),
            ("mate", "p", "a", {}),
        ]
    )
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", weapon="bomb", zone="c")
    assert pending(st) == ("edge", "in")
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", weapon="bomb", zone="a")
    assert pending(st) == ("mate", "x")


def test_melee_blasts_cannot_miss_z_blast_02() -> None:
    """Z-BLAST-02: a melee blast hits the attacker's zone, not the attacker, and never misses, even
    in the dark."""
    sweep = Weapon("sweep", die=6, blast=True, hands=2)
    enc = build(
        [("x", "p", "a", {"weapons": [sweep], "wits": 0}), ("y", "q", "a", {})], zmap=line_map(dark=["a"])
    )
    st, ev = brawl.zone.verbs.zone_attack(enc, "x", weapon="sweep")
    assert "ZoneSave" not in names(ev)
    assert pending(st) == ("y",)


def test_a_missed_ranged_blast_deviates_to_a_random_neighbour_z_blast_03() -> None:
    """Z-BLAST-03: a ranged blast that misses hits a random neighbouring zone, numbered and rolled."""
    enc = build([("x", "p", "a", {"weapons": [BOMB], "wits": 5}), ("y", "q", "c", {}), ("z", "q", "d", {})])
    st, ev = brawl.zone.verbs.zone_attack(enc, "x", weapon="bomb", zone="c", save_roll=20, deviation_roll=2)
    dev = next(e for e in ev if type(e).__name__ == "ZoneBlastDeviated")
    assert (dev.aimed, dev.hit, dev.roll) == ("c", "d", 2)  # neighbours of c: b (1), d (2)
    assert pending(st) == ("z",)


# --- non-lethal attacks ---------------------------------------------------------------------------


def test_disarm_drops_the_chosen_weapon_and_a_free_hand_grabs_it_z_nl_03() -> None:
    """Z-NL-03, Z-NL-01, R-Z-17: the target fails its STR save and drops the weapon the attacker
    chose; an attacker with a free hand takes it."""
    enc = build([("x", "p", "a", {}), ("y", "q", "a", {"weapons": [SWORD, Weapon("knife", die=4)]})])
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], kind="disarm")
    st, _ev = brawl.zone.verbs.zone_resolve(st, saves=[15], disarm="knife", take=True)
    assert [w.name for w in sheet(st, "y").weapons] == ["sword"]
    assert [w.name for w in sheet(st, "x").weapons] == ["knife"]
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], kind="disarm")
    st, _ = brawl.zone.verbs.zone_resolve(st, saves=[5])  # STR 10: passed
    assert len(sheet(st, "y").weapons) == 2


def test_shove_moves_half_a_zone_into_a_hazard_z_nl_04() -> None:
    """Z-NL-04: a failed STR save and the target moves half a zone, onto the border, and on."""
    enc = build([("x", "p", "a", {}), ("y", "q", "a", {})])
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], kind="shove")
    st, _ = brawl.zone.verbs.zone_resolve(st, saves=[20], toward="b")
    assert str(world_of(st).place("y")) == "a|b"


def test_larger_shoves_deal_d4_and_push_further_smaller_cannot_resist_z_size_06_08() -> None:
    """Z-SIZE-06, Z-SIZE-07, Z-SIZE-08, R-Z-19: a larger shover inflicts d4 direct damage and pushes 1, 2,
    4 zones for 1, 2, 3 sizes smaller; the smaller gets no STR save; a smaller one can't shove it."""
    for size, zones in (("large", 1), ("huge", 2), ("gargantuan", 4)):
        enc = build(
            [("x", "p", "a", {"size": size}), ("y", "q", "a", {"health_max": 20, "armour": [Armour("mail")]})]
        )
        st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], kind="shove")
        st, ev = brawl.zone.verbs.zone_resolve(st, rolls=[3], toward="j")
        save = next(e for e in ev if type(e).__name__ == "ZoneSave")
        assert (save.roll, save.passed) == (None, False)
        assert world_of(st).place("y").zone == "abcdefghij"[zones]
        assert health(st, "y") == 17  # direct: armour does not reduce it
        with pytest.raises(brawl.ActionUnavailableError, match="Z-SIZE-07"):
            brawl.zone.verbs.zone_attack(enc, "y", ["x"], kind="grapple")


def test_grapple_holds_two_handed_attacks_release_allies_free_z_nl_07_08_z_size_09() -> None:
    """Z-NL-07, Z-NL-08, Z-SIZE-09: the grabber keeps hold with a one-handed attack, lets go with a
    two-handed one; an ally frees with a main action and a STR save; a larger grabber keeps hold
    whatever it does."""
    enc = build(
        [
            ("x", "p", "a", {"weapons": [GREAT]}),
            ("y", "q", "a", {"grabbed_by": "x"}),
            ("ally", "q", "a", {"strength": 12}),
        ]
    )
    st, ev = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "greatsword")
    assert sheet(st, "y").grabbed_by is None
    assert "ZoneGrab" in names(ev)
    st, ev = brawl.zone.verbs.zone_free_ally(enc, "ally", "y", roll=12)
    assert sheet(st, "y").grabbed_by is None
    big = build(
        [("x", "p", "a", {"weapons": [GREAT], "size": "large"}), ("y", "q", "a", {"grabbed_by": "x"})]
    )
    st, _ = brawl.zone.verbs.zone_attack(big, "x", ["y"], "greatsword")
    assert sheet(st, "y").grabbed_by == "x"
    with pytest.raises(brawl.ActionUnavailableError, match="Z-SIZE-06"):
        brawl.zone.verbs.zone_break_free(big, "y")


def test_massive_attackers_reach_one_zone_z_size_04_r_z_9() -> None:
    """Z-SIZE-04, R-Z-9: a massive (huge or larger) attacker's melee reaches 1 zone; a large does not."""
    chars = [("x", "p", "a", {"size": "huge", "weapons": [SWORD]}), ("y", "q", "b", {})]
    assert can(build(chars), brawl.zone.attack.ZoneAttack("x", targets=["y"], weapon="sword"))
    chars[0] = ("x", "p", "a", {"size": "large", "weapons": [SWORD]})
    assert not can(build(chars), brawl.zone.attack.ZoneAttack("x", targets=["y"], weapon="sword"))


def test_size_halving_rounds_up_each_step_r_z_4() -> None:
    """R-Z-4 (Z-SIZE-01): halving rounds up at each step: 3 -> 2 -> 1 for two sizes."""
    enc = build([("x", "p", "a", {"size": "small", "weapons": [SWORD]}), ("y", "q", "a", {"size": "large"})])
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
    st, ev = brawl.zone.verbs.zone_resolve(st, rolls=[3])
    hit = next(e for e in ev if type(e).__name__ == "ZoneDamaged")
    assert (hit.rolled, hit.after_size) == (3, 1)


def test_walls_of_the_grid_map_block_sight_between_zones_z_atk_06_r_z_12() -> None:
    """Z-ATK-06, R-Z-12: zones drawn over a grid map see each other unless solid cells block every
    straight line between them; a ranged attack needs that line, a melee attack does not."""
    text = """
[map]
height = 3

[[levels]]
z = 0
map = \"\"\"
A..#..B
..C#...
...#...
\"\"\"

[[creatures]]
id = "archer"
mark = "A"
side = "p"

[[creatures]]
id = "target"
mark = "B"
side = "q"

[[creatures]]
id = "brute"
mark = "C"
side = "q"

[zones]
map = \"\"\"
www.eee
www.eee
www.eee
\"\"\"

[[zones.zone]]
id = "west"
mark = "w"
neighbours = ["east"]

[[zones.zone]]
id = "east"
mark = "e"

[[zones.characters]]
id = "archer"
weapons = [{ name = "bow", die = 6, range = 8, hands = 2 }]
"""
    enc = brawl.loads_scenario(text)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-ATK-06"):
        brawl.zone.verbs.zone_attack(enc, "archer", ["target"], "bow")
    open_ground = enc.with_terrain(brawl.Terrain.flat(7, 3))
    assert can(open_ground, brawl.zone.attack.ZoneAttack("archer", targets=["target"], weapon="bow"))
    assert can(enc, brawl.zone.attack.ZoneAttack("archer", targets=["brute"]))  # same zone: unarmed melee


def test_every_can_answers_as_its_verify_z_react_01() -> None:
    """Z-REACT-01: each zone rule's ``can_x`` says whether its ``verify_x`` passes, without acting."""
    enc = build([("x", "p", "a", {"weapons": [SWORD]}), ("y", "q", "a", {}), ("g", "q", "a", {})])
    assert not can(enc, brawl.zone.react.ZoneDodge("y"))  # nothing pending
    assert not can(enc, brawl.zone.resolve.ZoneResolve())
    assert can(enc, brawl.zone.move.ZoneMove("x", ["b"]))
    assert not can(enc, brawl.zone.move.ZoneMove("x", ["c"]))
    st, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
    assert can(st, brawl.zone.react.ZoneDodge("y"))
    assert can(st, brawl.zone.react.ZoneCounter("y"))
    assert can(st, brawl.zone.react.ZoneGuard("g", "y"))
    assert can(st, brawl.zone.react.ZoneHideBehind("y", "g"))
    assert not can(st, brawl.zone.react.ZoneHideBehind("y", "x"))
    assert can(st, brawl.zone.react.ZoneProposeStunt("x", "a scar"))
    assert not can(st, brawl.zone.react.ZoneAnswerStunt("y", True))
    assert can(st, brawl.zone.resolve.ZoneResolve())
    assert world_of(st).pending is not None  # asking changed nothing
    assert not can(enc, brawl.zone.attack.ZoneDeathBlow("x", "y"))
    assert not can(enc, brawl.zone.procedures.ZoneBreakFree("y"))
    assert not can(enc, brawl.zone.procedures.ZoneFreeAlly("g", "y"))
    assert can(enc, brawl.zone.procedures.ZoneConceal("x"))
    assert not can(enc, brawl.zone.procedures.ZoneReveal("x"))
    assert can(enc, brawl.zone.procedures.ZoneMount("y", "g"))
    assert not can(enc, brawl.zone.procedures.ZoneDismount("y"))
    assert can(enc, brawl.zone.procedures.ZoneDurability())
    assert can(enc, brawl.zone.procedures.ZoneChase(["y"]))


def test_a_dropped_weapon_can_be_picked_up_as_a_bonus_action_z_nl_03_z_turn_12() -> None:
    """Z-NL-03, Z-TURN-12: a disarmed weapon lies in the zone; picking it up is a bonus action."""
    enc = build([("x", "p", "a", {}), ("y", "q", "a", {"weapons": [SWORD]})])
    enc = turn(start(enc, "p"), "x")
    enc, _ = brawl.zone.verbs.zone_attack(enc, "x", ["y"], kind="disarm")
    enc, _ = brawl.zone.verbs.zone_resolve(enc, saves=[20])
    assert [(z, w.name) for z, w in world_of(enc).dropped] == [("a", "sword")]
    assert brawl.zone.procedures.ZonePickUp("x", "sword") in brawl.legal_actions(enc)
    enc, _ = brawl.zone.verbs.zone_pick_up(enc, "x", "sword")
    assert [w.name for w in sheet(enc, "x").weapons] == ["sword"]
    assert isinstance(enc.turn, brawl.zone.turnstate.ZoneTurn)
    assert enc.turn.economies["x"].actions == 2  # the attack and the bonus action
    assert not can(enc, brawl.zone.procedures.ZonePickUp("x", "sword"))
