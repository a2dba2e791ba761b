"""Damage: the pipeline, immunity and weakness, objects, several targets, water, knock-outs."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.rules.stamina
from brawl.conditions import KNOCKED_OUT
from brawl.events.damage import Damaged, Died, KnockedOut, ObjectDestroyed
from brawl.events.forced import Fell
from brawl.rules import damage as damage_rules
from brawl.rules.damage import HALVE, Modifier, bonus, compute, creature_steps, damage_many, deal_damage
from brawl.terrain import Cell


def encounter(*creatures: brawl.Creature, objects: tuple[brawl.MapObject, ...] = ()) -> brawl.Encounter:
    return brawl.Encounter.create(brawl.Terrain.flat(10, 10), creatures, objects)


def ogre(**kw: object) -> brawl.Creature:
    return brawl.Creature(id="ogre", stamina_max=40, **kw)  # type: ignore[arg-type]


def kira(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"hero": True, "stamina_max": 30, "recoveries": 8, "pos": (2, 2, 0)}
    base.update(kw)
    return brawl.Creature(id="kira", side=brawl.HEROES, **base)  # type: ignore[arg-type]


# --- the pipeline --------------------------------------------------------------------------------
def test_damage_reduces_stamina_by_the_damage_taken() -> None:
    """DS-DMG-01, DS-DMG-12: 9 damage to Stamina 40 leaves 31."""
    enc, events = deal_damage(encounter(ogre()), "ogre", 9)
    assert enc.creature("ogre").stamina == 31
    assert isinstance(events[0], Damaged)
    assert events[0].stamina_lost == 9
    assert "DS-DMG-12" in events[0].rules


def test_damage_12_fire_weakness_5_immunity_10_takes_7() -> None:
    """DS-DMG-10: weakness first (12 + 5 = 17), then immunity (17 - 10 = 7)."""
    enc = encounter(ogre(immunities={"fire": 10}, weaknesses={"fire": 5}))
    enc, events = brawl.damage(enc, "ogre", 12, "fire")
    assert enc.creature("ogre").stamina == 33
    text = brawl.explain(events)
    assert "12 fire → weakness 5 → 17 → immunity 10 → 7 → 7 Stamina lost" in text
    assert "DS-DMG-10" in text
    assert "DS-DMG-12" in text


def test_untyped_damage_has_no_type_and_typed_immunity_does_not_apply() -> None:
    """DS-DMG-02, R-DMG-2: fire immunity 10 does nothing against 8 untyped damage."""
    enc, events = deal_damage(encounter(ogre(immunities={"fire": 10})), "ogre", 8)
    assert enc.creature("ogre").stamina == 32
    assert isinstance(events[0], Damaged)
    assert events[0].type is None


def test_the_nine_damage_types_and_nothing_else() -> None:
    """DS-DMG-03: acid, cold, corruption, fire, holy, lightning, poison, psychic, sonic."""
    names = {t.value for t in brawl.DamageType}
    assert names == {"acid", "cold", "corruption", "fire", "holy", "lightning", "poison", "psychic", "sonic"}
    with pytest.raises(brawl.InvalidArgumentError, match="DS-DMG-03"):
        deal_damage(encounter(ogre()), "ogre", 3, "necrotic")


def test_immunity_5_reduces_8_fire_to_3_and_never_below_0() -> None:
    """DS-DMG-04, DS-DMG-06: fire immunity 5: 8 fire → 3; 4 fire → 0 (minimum 0)."""
    enc, _ = deal_damage(encounter(ogre(immunities={"fire": 5})), "ogre", 8, "fire")
    assert enc.creature("ogre").stamina == 37
    enc, events = deal_damage(enc, "ogre", 4, "fire")
    assert enc.creature("ogre").stamina == 37
    assert isinstance(events[0], Damaged)
    assert events[0].after_immunity == 0


def test_immunity_all_ignores_the_damage() -> None:
    """DS-DMG-05: poison immunity all: 50 poison → 0."""
    enc, events = deal_damage(encounter(ogre(immunities={"poison": "all"})), "ogre", 50, "poison")
    assert enc.creature("ogre").stamina == 40
    assert isinstance(events[0], Damaged)
    assert events[0].immunity == "all"
    assert "DS-DMG-05" in events[0].rules


def test_immunity_applies_after_halving_8_halved_4_then_immunity_5_gives_0() -> None:
    """DS-DMG-06, R-DMG-1, R-DMG-3: fire immunity 5: 8 fire halved → 4 → 0."""
    enc, events = deal_damage(encounter(ogre(immunities={"fire": 5})), "ogre", 8, "fire", modifiers=[HALVE])
    assert enc.creature("ogre").stamina == 40
    ev = events[0]
    assert isinstance(ev, Damaged)
    assert (ev.after_modifiers, ev.after_immunity) == (4, 0)
    assert "halved → 4" in ev.explain()


def test_halving_rounds_down_7_becomes_3() -> None:
    """R-DMG-3: 7 halved is 3."""
    assert HALVE.apply(7) == 3
    enc, _ = deal_damage(encounter(ogre()), "ogre", 7, modifiers=[HALVE])
    assert enc.creature("ogre").stamina == 37


def test_only_the_highest_immunity_applies_damage_5_fire_10_vs_12_fire_gives_2() -> None:
    """DS-DMG-07, R-DMG-2: damage immunity 5 and fire immunity 10 against 12 fire → 2."""
    enc, events = deal_damage(encounter(ogre(immunities={"damage": 5, "fire": 10})), "ogre", 12, "fire")
    assert enc.creature("ogre").stamina == 38
    assert isinstance(events[0], Damaged)
    assert events[0].immunity == 10


def test_untyped_immunity_applies_to_typed_and_untyped_damage() -> None:
    """DS-DMG-04, R-DMG-2: damage immunity 5 reduces 12 cold to 7 and 12 untyped to 7."""
    enc = encounter(ogre(immunities={"damage": 5}))
    enc, _ = deal_damage(enc, "ogre", 12, "cold")
    enc, _ = deal_damage(enc, "ogre", 12)
    assert enc.creature("ogre").stamina == 40 - 7 - 7


def test_fire_weakness_5_makes_10_fire_15() -> None:
    """DS-DMG-08: fire weakness 5, 10 fire → 15."""
    enc, events = deal_damage(encounter(ogre(weaknesses={"fire": 5})), "ogre", 10, "fire")
    assert enc.creature("ogre").stamina == 25
    assert isinstance(events[0], Damaged)
    assert events[0].after_weakness == 15


def test_untyped_weakness_applies_to_any_damage() -> None:
    """DS-DMG-09, R-DMG-2: damage weakness 3: 10 acid → 13; 10 untyped → 13."""
    enc = encounter(ogre(weaknesses={"damage": 3}))
    enc, _ = deal_damage(enc, "ogre", 10, "acid")
    assert enc.creature("ogre").stamina == 27
    enc, _ = deal_damage(enc, "ogre", 10)
    assert enc.creature("ogre").stamina == 14


def test_only_the_highest_weakness_applies() -> None:
    """DS-DMG-11: damage weakness 3 and fire weakness 5 against 10 fire → 15, not 18."""
    enc, _ = deal_damage(encounter(ogre(weaknesses={"damage": 3, "fire": 5})), "ogre", 10, "fire")
    assert enc.creature("ogre").stamina == 25


def test_weakness_adds_nothing_when_modifiers_bring_the_damage_to_0() -> None:
    """R-DMG-4, R-DMG-1: 1 fire halved → 0; fire weakness 5 adds nothing, 0 taken."""
    enc, events = deal_damage(encounter(ogre(weaknesses={"fire": 5})), "ogre", 1, "fire", modifiers=[HALVE])
    assert enc.creature("ogre").stamina == 40
    assert isinstance(events[0], Damaged)
    assert events[0].weakness == 0


def test_modifiers_apply_in_order_before_weakness() -> None:
    """R-DMG-1: 9 +1 → 10, halved → 5, weakness 2 → 7."""
    enc, events = deal_damage(
        encounter(ogre(weaknesses={"cold": 2})), "ogre", 9, "cold", modifiers=[bonus(1), HALVE]
    )
    assert enc.creature("ogre").stamina == 33
    assert "+1, halved → 5" in events[0].explain()


def test_temporary_stamina_absorbs_first_temp_10_damage_16() -> None:
    """DS-STAM-18, R-DMG-1: temp 10, 16 damage → temp 0 and Stamina −6."""
    enc, events = deal_damage(encounter(kira(temporary_stamina=10)), "kira", 16)
    k = enc.creature("kira")
    assert (k.temporary_stamina, k.stamina) == (0, 24)
    assert isinstance(events[0], Damaged)
    assert events[0].absorbed == 10
    assert "10 absorbed by temporary Stamina → 6 Stamina lost" in events[0].explain()


def test_damage_stamina_reduction_limit_by_maximum() -> None:
    """DS-DMG-13: reducing the maximum limits regained Stamina (details in test_stamina)."""
    enc, _ = deal_damage(encounter(kira()), "kira", 20)
    enc, _ = brawl.rules.stamina.reduce_stamina_maximum(enc, "kira", 10)
    enc, _ = brawl.regain_stamina(enc, "kira", 100)
    assert enc.creature("kira").stamina == 20


# --- objects ---------------------------------------------------------------------------------
def test_object_stamina_by_material_glass_1_wood_3_stone_6_metal_9() -> None:
    """DS-OBJ-03: a size 1 object has Stamina glass 1, wood 3, stone 6, metal 9; per square."""
    mats = {brawl.Material.GLASS: 1, brawl.Material.WOOD: 3, brawl.Material.STONE: 6, brawl.Material.METAL: 9}
    for mat, value in mats.items():
        assert brawl.MapObject(id="o", pos=(0, 0, 0), material=mat).stamina == value
    assert brawl.MapObject(id="o", pos=(0, 0, 0), material=brawl.Material.STONE, size=2).stamina == 24


def test_object_destroyed_at_0_and_removed_from_the_map() -> None:
    """DS-OBJ-01: 3 damage to a wooden crate (3 Stamina) destroys it; the square is free."""
    crate = brawl.MapObject(id="crate", pos=(5, 5, 0), material=brawl.Material.WOOD)
    enc, events = deal_damage(encounter(ogre(), objects=(crate,)), "crate", 3, source="ogre")
    assert "crate" not in enc.objects
    assert enc.object_at((5, 5, 0)) is None
    assert isinstance(events[-1], ObjectDestroyed)
    assert "object crate is destroyed" in brawl.explain(events)


def test_object_damaged_but_not_destroyed_keeps_its_square() -> None:
    """DS-OBJ-01: 4 damage to a stone block (6) leaves 2."""
    block = brawl.MapObject(id="block", pos=(5, 5, 0), material=brawl.Material.STONE)
    enc, _ = deal_damage(encounter(objects=(block,)), "block", 4)
    assert enc.object("block").stamina == 2
    assert enc.object_at((5, 5, 0)) == "block"


def test_objects_have_poison_and_psychic_immunity_all() -> None:
    """DS-OBJ-02: 20 poison and 20 psychic leave a wooden door untouched; the Director may remove it."""
    door = brawl.MapObject(id="door", pos=(5, 5, 0))
    enc, events = deal_damage(encounter(objects=(door,)), "door", 20, "poison")
    enc, _ = deal_damage(enc, "door", 20, "psychic")
    assert enc.object("door").stamina == 3
    assert "DS-OBJ-02" in events[0].rules
    plant = brawl.MapObject(id="vine", pos=(6, 6, 0), immunities={})  # a living object
    enc2, _ = deal_damage(encounter(objects=(plant,)), "vine", 2, "poison")
    assert enc2.object("vine").stamina == 1


def test_director_may_change_object_stamina() -> None:
    """DS-OBJ-04: a well-made door with 10 Stamina survives 9 damage."""
    door = brawl.MapObject(id="door", pos=(5, 5, 0), stamina_max=10)
    enc, _ = deal_damage(encounter(objects=(door,)), "door", 9)
    assert enc.object("door").stamina == 1


# --- several targets -------------------------------------------------------------------------
def test_damage_many_applies_each_targets_own_immunity_in_the_callers_order() -> None:
    """DS-DMG-04, DS-DMG-08: 10 fire to an immune 5 ogre (→5) and a weak 5 goblin (→15)."""
    gob = brawl.Creature(id="gob", stamina_max=20, weaknesses={"fire": 5}, pos=(4, 4, 0))
    enc = encounter(ogre(immunities={"fire": 5}), gob)
    enc, events = damage_many(enc, ["gob", "ogre"], 10, "fire", source="mage")
    assert enc.creature("ogre").stamina == 35
    assert enc.creature("gob").stamina == 5
    damaged = [e for e in events if isinstance(e, Damaged)]
    assert [e.target for e in damaged] == ["gob", "ogre"]


def test_damage_many_refuses_a_repeated_target_and_a_bare_string() -> None:
    """DS-DMG-01: each target takes the damage once."""
    enc = encounter(ogre())
    with pytest.raises(brawl.InvalidArgumentError, match="DS-DMG-01"):
        damage_many(enc, ["ogre", "ogre"], 3)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-DMG-01"):
        damage_many(enc, "ogre", 3)


# --- underwater ------------------------------------------------------------------------------
def _pool() -> brawl.Terrain:
    t = brawl.Terrain.flat(10, 10)
    water = Cell(liquid=True)
    return t.with_cells({brawl.Pos(x, y, z): water for x in range(3) for y in range(3) for z in range(2)})


def test_fully_submerged_creature_has_fire_immunity_5_and_lightning_weakness_5() -> None:
    """DS-ENV-01: 8 fire → 3 and 8 lightning → 13 underwater; on land 8 and 8."""
    diver = brawl.Creature(id="diver", stamina_max=50, pos=(1, 1, 0))
    enc = brawl.Encounter.create(_pool(), [diver])
    enc, events = deal_damage(enc, "diver", 8, "fire")
    assert enc.creature("diver").stamina == 47
    assert "DS-ENV-01" in events[0].rules
    enc, _ = deal_damage(enc, "diver", 8, "lightning")
    assert enc.creature("diver").stamina == 34
    assert creature_steps(enc, "diver", 8, "cold").after_immunity == 8


def test_submerged_fire_immunity_does_not_stack_with_a_higher_one() -> None:
    """DS-ENV-01, DS-DMG-07: fire immunity 10 underwater stays 10, not 15."""
    diver = brawl.Creature(id="diver", stamina_max=50, pos=(1, 1, 0), immunities={"fire": 10})
    enc = brawl.Encounter.create(_pool(), [diver])
    assert creature_steps(enc, "diver", 12, "fire").after_immunity == 2


# --- knocked out and killed ------------------------------------------------------------------
def test_director_creature_dies_at_0() -> None:
    """DS-STAM-10, R-STAM-3: 40 damage to a 40-Stamina ogre kills it."""
    enc, events = deal_damage(encounter(ogre()), "ogre", 40)
    assert enc.creature("ogre").dead
    assert isinstance(events[-1], Died)
    assert enc.occupants((0, 0, 0)) == ()


def test_knock_out_instead_of_killing_leaves_it_unconscious_and_prone() -> None:
    """DS-STAM-13, R-STAM-4, DS-COND-05: the ogre at 0 is unconscious and prone, not dead."""
    enc, events = deal_damage(encounter(ogre()), "ogre", 45, source="kira", knock_out=True)
    o = enc.creature("ogre")
    assert not o.dead
    assert o.stamina == -5
    assert o.has("unconscious")
    assert o.has("prone")
    assert any(isinstance(e, KnockedOut) for e in events)
    assert damage_rules.is_knocked_out(o)


def test_knock_out_a_hero_keeps_stamina_above_the_death_threshold() -> None:
    """R-STAM-4, DS-STAM-08: kira (max 30, winded 15) at 10 takes 40 knocking out: Stamina −14."""
    enc, _ = deal_damage(encounter(kira(stamina=10)), "kira", 40, knock_out=True)
    k = enc.creature("kira")
    assert (k.dead, k.stamina) == (False, -14)
    assert k.is_dying
    assert k.has("unconscious")


def test_any_damage_kills_a_knocked_out_creature() -> None:
    """DS-STAM-14, R-STAM-4: 1 damage to the knocked-out ogre kills it."""
    enc, _ = deal_damage(encounter(ogre()), "ogre", 40, knock_out=True)
    enc, events = deal_damage(enc, "ogre", 1)
    assert enc.creature("ogre").dead
    assert isinstance(events[-1], Died)
    assert "DS-STAM-14" in events[-1].rules


def test_damage_absorbed_by_temporary_stamina_still_kills_a_knocked_out_creature() -> None:
    """R-STAM-4, AMB-50, DS-STAM-14: temp 10 absorbs 3 damage, and the knocked-out ogre dies."""
    enc, _ = deal_damage(encounter(ogre()), "ogre", 40, knock_out=True)
    enc, _ = brawl.gain_temporary_stamina(enc, "ogre", 10)
    enc, events = deal_damage(enc, "ogre", 3)
    o = enc.creature("ogre")
    assert o.dead
    assert o.temporary_stamina == 7
    assert isinstance(events[0], Damaged)
    assert events[0].stamina_lost == 0


def test_damage_reduced_to_0_by_immunity_does_not_kill_a_knocked_out_creature() -> None:
    """R-DMG-5, DS-DMG-04: fire immunity 5 turns 4 fire into 0 damage taken: still alive."""
    enc, _ = deal_damage(encounter(ogre(immunities={"fire": 5})), "ogre", 40, knock_out=True)
    enc, _ = deal_damage(enc, "ogre", 4, "fire")
    assert not enc.creature("ogre").dead


def test_knocked_out_flyer_without_hover_falls() -> None:
    """R-TURN-7, DS-MTYPE-25, DS-FALL-01: an unconscious flyer 4 squares up falls once, after the knock-out.

    The fall is a consequence settled after the public rule: 4 squares, Agility 0, 8 damage.
    """
    bat = brawl.Creature(id="bat", stamina_max=20, movement={"fly"}, pos=(3, 3, 4))
    enc, events = brawl.damage(encounter(bat), "bat", 25, knock_out=True)
    falls = [e for e in events if isinstance(e, Fell)]
    assert len(falls) == 1
    assert events.index(falls[0]) > next(i for i, e in enumerate(events) if isinstance(e, KnockedOut))
    assert {"DS-MTYPE-25", "R-TURN-7"} <= set(falls[0].rules)
    assert enc.creature("bat").pos == brawl.Pos(3, 3, 0)
    assert falls[0].damage == 8
    # Unsettled, the resolver alone leaves the bat where it was.
    alone, _ = deal_damage(encounter(bat), "bat", 25, knock_out=True)
    assert alone.creature("bat").pos == brawl.Pos(3, 3, 4)
    hoverer = brawl.Creature(id="hov", stamina_max=20, movement={"fly", "hover"}, pos=(3, 3, 4))
    enc, events = brawl.damage(encounter(hoverer), "hov", 25, knock_out=True)
    assert not any(isinstance(e, Fell) for e in events)  # DS-MTYPE-26: a hoverer does not fall
    assert enc.creature("hov").pos == brawl.Pos(3, 3, 4)


def test_flyer_on_the_ground_knocked_out_does_not_fall() -> None:
    """DS-MTYPE-25: a supported flyer has nowhere to fall (the fall rule is not needed)."""
    bat = brawl.Creature(id="bat", stamina_max=5, movement={"fly"}, pos=(3, 3, 0))
    enc, _ = deal_damage(encounter(bat), "bat", 9, knock_out=True)
    assert enc.creature("bat").has("unconscious")
    assert enc.creature("bat").conditions[0].source == KNOCKED_OUT


# --- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize("amount", [-1, 1.5, "3", True, None, 10**9 + 1])
def test_bad_damage_amount_is_refused(amount: object) -> None:
    """DS-DMG-01: damage is a whole number from 0 to 10**9."""
    with pytest.raises(brawl.InvalidArgumentError, match="DS-DMG-01"):
        deal_damage(encounter(ogre()), "ogre", amount)  # type: ignore[arg-type]


def test_damage_to_unknown_or_dead_target_is_refused() -> None:
    """DS-STAM-09: the dead take no more damage; unknown ids raise UnknownCreatureError."""
    enc, _ = deal_damage(encounter(ogre()), "ogre", 40)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-STAM-09"):
        deal_damage(enc, "ogre", 1)
    with pytest.raises(brawl.UnknownCreatureError):
        deal_damage(enc, "nobody", 1)
    with pytest.raises(brawl.UnknownCreatureError):
        deal_damage(enc, 7, 1)  # type: ignore[arg-type]


def test_bad_modifiers_are_refused() -> None:
    """R-DMG-1: modifiers are Modifier values with sane factors."""
    with pytest.raises(brawl.InvalidArgumentError, match="R-DMG-1"):
        deal_damage(encounter(ogre()), "ogre", 3, modifiers=["halved"])  # type: ignore[list-item]
    with pytest.raises(brawl.InvalidArgumentError, match="R-DMG-1"):
        Modifier("weird", 1, 0)
    with pytest.raises(brawl.InvalidArgumentError, match="R-DMG-1"):
        deal_damage(encounter(ogre()), "ogre", 3, modifiers=5)  # type: ignore[arg-type]


def test_huge_damage_is_answered_at_once() -> None:
    """DS-DMG-01: 10**9 damage kills without looping."""
    enc, _ = deal_damage(encounter(ogre()), "ogre", 10**9)
    assert enc.creature("ogre").stamina == 40 - 10**9


# --- properties ------------------------------------------------------------------------------
amounts = st.integers(0, 200)
values = st.integers(0, 30)
kinds = st.sampled_from([None, *brawl.DamageType])
tables = st.dictionaries(st.sampled_from(["damage", "fire", "cold", "poison"]), values, max_size=3)


@given(amounts, kinds, tables, tables, st.lists(st.sampled_from([HALVE, bonus(2), bonus(-3)]), max_size=3))
def test_immunity_never_increases_and_weakness_never_decreases_damage(
    amount: int,
    kind: brawl.DamageType | None,
    imm: dict[str, int],
    weak: dict[str, int],
    mods: list[Modifier],
) -> None:
    """R-DMG-1, DS-DMG-04, DS-DMG-08: adding immunity lowers or keeps; adding weakness raises or keeps."""
    plain = compute(amount, kind, {}, {}, mods)
    with_imm = compute(amount, kind, imm, {}, mods)
    with_weak = compute(amount, kind, {}, weak, mods)
    assert 0 <= with_imm.after_immunity <= plain.after_immunity
    assert with_weak.after_immunity >= plain.after_immunity
    both = compute(amount, kind, imm, weak, mods)
    assert both.after_immunity >= 0


@given(
    amounts, kinds, tables, tables, st.lists(st.sampled_from([HALVE, HALVE, bonus(2), bonus(2)]), max_size=4)
)
def test_order_of_tables_and_equal_modifiers_does_not_matter(
    amount: int,
    kind: brawl.DamageType | None,
    imm: dict[str, int],
    weak: dict[str, int],
    mods: list[Modifier],
) -> None:
    """DS-DMG-07, DS-DMG-11: the table's order never matters; equal modifiers commute."""
    a = compute(amount, kind, imm, weak, mods)
    b = compute(amount, kind, dict(reversed(list(imm.items()))), dict(reversed(list(weak.items()))), mods)
    assert a == b
    halves = [m for m in mods if m is HALVE]
    plus = [m for m in mods if m is not HALVE]
    for perm in itertools.permutations(range(len(halves))):
        assert compute(amount, kind, imm, weak, [*plus, *[halves[i] for i in perm]]) == compute(
            amount, kind, imm, weak, [*plus, *halves]
        )


@given(st.integers(0, 100), st.integers(0, 30), st.integers(1, 60), st.booleans())
def test_damage_leaves_the_old_state_untouched_and_is_deterministic(
    amount: int, temp: int, stamina: int, knock: bool
) -> None:
    """R-DMG-1, DS-STAM-18: the old state is unchanged; same inputs, same outcome; Stamina never rises."""
    enc = encounter(ogre(stamina=min(stamina, 40), temporary_stamina=temp))
    before = enc.creature("ogre")
    out1 = deal_damage(enc, "ogre", amount, "fire", knock_out=knock)
    out2 = deal_damage(enc, "ogre", amount, "fire", knock_out=knock)
    assert enc.creature("ogre") == before
    assert out1 == out2
    after = out1.state.creature("ogre")
    assert after.stamina <= before.stamina
    assert after.temporary_stamina == max(0, temp - amount)
    assert before.stamina - after.stamina == max(0, amount - temp)
