"""Stamina: winded, dying, death, Recoveries, healing, temporary Stamina, the maximum, waking."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.actions
import brawl.rules.conditions
import brawl.rules.recoveries
import brawl.rules.stamina
from brawl.events.damage import (
    BecameDying,
    BecameWinded,
    Damaged,
    Died,
    NoLongerDying,
    NoLongerWinded,
    RecoverySpent,
    StaminaChanged,
    TemporaryStaminaChanged,
    Woke,
)
from brawl.rules.damage import deal_damage


def encounter(*creatures: brawl.Creature) -> brawl.Encounter:
    return brawl.Encounter.create(brawl.Terrain.flat(10, 10), creatures)


def kira(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"hero": True, "stamina_max": 30, "recoveries": 8, "pos": (2, 2, 0)}
    base.update(kw)
    return brawl.Creature(id="kira", side=brawl.HEROES, **base)  # type: ignore[arg-type]


def ogre(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"stamina_max": 40, "pos": (3, 2, 0)}
    base.update(kw)
    return brawl.Creature(id="ogre", **base)  # type: ignore[arg-type]


# --- derived values --------------------------------------------------------------------------
def test_recovery_value_is_a_third_rounded_down_and_recoveries_come_from_the_class() -> None:
    """DS-STAM-01, DS-STAM-02, R-STAM-2: max 31 → recovery value 10; 8 Recoveries as given."""
    k = kira(stamina_max=31)
    assert k.recovery_value == 10
    assert k.recoveries == 8


def test_winded_at_half_rounded_down_and_visible() -> None:
    """DS-STAM-04, DS-STAM-05, R-STAM-1: max 31 → winded value 15; 16 not winded, 15 winded."""
    assert kira(stamina_max=31, stamina=16).is_winded is False
    assert kira(stamina_max=31, stamina=15).is_winded is True
    _enc, events = deal_damage(encounter(kira(stamina_max=31)), "kira", 16)
    assert any(isinstance(e, BecameWinded) for e in events)
    assert "kira is winded" in brawl.explain(events)  # anyone can tell (DS-STAM-05)


def test_hero_dying_at_0_with_bleeding_that_cannot_be_removed() -> None:
    """DS-STAM-06, DS-STAM-07, DS-COND-12: at 0 kira is dying and bleeding; the bleeding stays."""
    enc, events = deal_damage(encounter(kira()), "kira", 30)
    k = enc.creature("kira")
    assert k.stamina == 0
    assert k.is_dying
    assert k.has("bleeding")
    assert [type(e) for e in events][:3] == [Damaged, BecameWinded, BecameDying]
    enc2, removed = brawl.remove_condition(enc, "kira", "bleeding")
    assert removed == ()
    assert enc2.creature("kira").has("bleeding")
    with pytest.raises(brawl.ConditionError, match="DS-STAM-07"):
        brawl.rules.conditions.end_condition(enc, "kira", 0)


def test_hero_dies_at_the_negative_of_its_winded_value() -> None:
    """DS-STAM-08, R-STAM-1: max 30 (winded 15): −14 is dying, −15 is dead."""
    enc, _ = deal_damage(encounter(kira()), "kira", 44)
    assert enc.creature("kira").stamina == -14
    assert not enc.creature("kira").dead
    enc, events = deal_damage(enc, "kira", 1)
    assert enc.creature("kira").dead
    assert isinstance(events[-1], Died)
    assert "DS-STAM-08" in events[-1].rules


def test_the_dead_cannot_be_healed_or_damaged() -> None:
    """DS-STAM-09: no regaining Stamina, no Recoveries, no damage after death."""
    enc, _ = deal_damage(encounter(kira()), "kira", 45)
    calls: list[Callable[[], object]] = [
        lambda: brawl.regain_stamina(enc, "kira", 5),
        lambda: brawl.spend_recovery(enc, "kira"),
        lambda: deal_damage(enc, "kira", 1),
        lambda: brawl.gain_temporary_stamina(enc, "kira", 5),
    ]
    for call in calls:
        with pytest.raises(brawl.InvalidArgumentError, match="DS-STAM-09"):
            call()


def test_director_creature_dies_at_0_and_has_no_dying() -> None:
    """DS-STAM-10, R-STAM-3: an ogre at 1 taking 1 dies; it is never dying."""
    enc, _ = deal_damage(encounter(ogre(stamina=1)), "ogre", 1)
    assert enc.creature("ogre").dead
    assert not ogre(stamina=0).is_dying


def test_temporary_stamina_does_not_change_winded_or_dying() -> None:
    """DS-STAM-17: 20 temporary Stamina at Stamina 10 of 30 is still winded."""
    k = kira(stamina=10, temporary_stamina=20)
    assert k.is_winded
    assert k.recovery_value == 10


# --- temporary Stamina -----------------------------------------------------------------------
def test_temporary_stamina_keeps_the_greater_5_then_10_gives_10_then_3_keeps_10() -> None:
    """DS-STAM-21, DS-STAM-19: 5 then 10 → 10; 10 then 3 → 10; no maximum (1000 is fine)."""
    enc, _ = brawl.gain_temporary_stamina(encounter(kira()), "kira", 5)
    enc, events = brawl.gain_temporary_stamina(enc, "kira", 10)
    assert enc.creature("kira").temporary_stamina == 10
    assert isinstance(events[0], TemporaryStaminaChanged)
    enc, _ = brawl.gain_temporary_stamina(enc, "kira", 3)
    assert enc.creature("kira").temporary_stamina == 10
    enc, _ = brawl.gain_temporary_stamina(enc, "kira", 1000)
    assert enc.creature("kira").temporary_stamina == 1000


def test_regaining_stamina_never_restores_temporary_stamina() -> None:
    """DS-STAM-20, R-STAM-5: temp 5 used up by 8 damage; regaining 20 restores Stamina only."""
    enc, _ = deal_damage(encounter(kira(temporary_stamina=5)), "kira", 8)
    enc, _ = brawl.regain_stamina(enc, "kira", 20)
    k = enc.creature("kira")
    assert (k.stamina, k.temporary_stamina) == (30, 0)


def test_temporary_stamina_disappears_at_the_end_of_the_encounter_unless_kept() -> None:
    """DS-STAM-22: kira's 7 and ogre's 4 go at the end of the encounter; ``keep`` spares kira's."""
    enc = encounter(kira(temporary_stamina=7), ogre(temporary_stamina=4))
    after, events = brawl.rules.stamina.end_of_encounter_stamina(enc)
    assert after.creature("kira").temporary_stamina == 0
    assert after.creature("ogre").temporary_stamina == 0
    assert [e.creature for e in events if isinstance(e, TemporaryStaminaChanged)] == ["kira", "ogre"]
    kept, _ = brawl.rules.stamina.end_of_encounter_stamina(enc, keep=["kira"])
    assert kept.creature("kira").temporary_stamina == 7


# --- regaining and losing --------------------------------------------------------------------
def test_regain_starts_from_a_negative_value_and_ends_dying() -> None:
    """R-STAM-5, DS-STAM-06, DS-STAM-07: −5 + 10 → 5; no longer dying; the bleeding ends."""
    enc, _ = deal_damage(encounter(kira()), "kira", 35)
    enc, events = brawl.regain_stamina(enc, "kira", 10)
    k = enc.creature("kira")
    assert k.stamina == 5
    assert not k.is_dying
    assert not k.has("bleeding")
    assert any(isinstance(e, NoLongerDying) for e in events)
    assert "kira is no longer bleeding" in brawl.explain(events)


def test_regain_is_capped_at_the_maximum() -> None:
    """R-STAM-5, DS-DMG-13: 25 of 30 regaining 10 → 30, no longer winded events only when crossing."""
    enc, _ = deal_damage(encounter(kira()), "kira", 16)
    enc, events = brawl.regain_stamina(enc, "kira", 100)
    assert enc.creature("kira").stamina == 30
    assert any(isinstance(e, NoLongerWinded) for e in events)


def test_stamina_loss_ignores_immunity_and_temporary_stamina() -> None:
    """R-STAM-6: losing 6 Stamina with damage immunity 10 and temp 10: Stamina 30 → 24, temp 10."""
    enc = encounter(kira(immunities={"damage": 10}, temporary_stamina=10))
    enc, events = brawl.lose_stamina(enc, "kira", 6, reason="bleeding")
    k = enc.creature("kira")
    assert (k.stamina, k.temporary_stamina) == (24, 10)
    assert isinstance(events[0], StaminaChanged)
    assert "R-STAM-6" in events[0].rules


def test_stamina_loss_can_kill_a_dying_hero() -> None:
    """R-STAM-6, DS-STAM-08: at −12 (threshold −15), losing 3 kills."""
    enc, _ = deal_damage(encounter(kira()), "kira", 42)
    enc, events = brawl.lose_stamina(enc, "kira", 3)
    assert enc.creature("kira").dead
    assert isinstance(events[-1], Died)


# --- Recoveries ------------------------------------------------------------------------------
def test_catch_breath_spends_a_recovery_for_the_recovery_value() -> None:
    """DS-ACT-04, DS-STAM-03: kira at 5 of 30 with 8 Recoveries → 15 Stamina, 7 Recoveries."""
    enc, events = brawl.catch_breath(encounter(kira(stamina=5)), "kira")
    k = enc.creature("kira")
    assert (k.stamina, k.recoveries) == (15, 7)
    assert isinstance(events[0], RecoverySpent)
    assert events[0].value == 10


def test_catch_breath_is_forbidden_while_dying() -> None:
    """DS-ACT-05, DS-STAM-07, R-TURN-7: a dying hero can't Catch Breath."""
    enc, _ = deal_damage(encounter(kira()), "kira", 31)
    assert not brawl.can(enc, brawl.actions.CatchBreath("kira"))
    with pytest.raises(brawl.ActionUnavailableError, match="DS-ACT-05"):
        brawl.catch_breath(enc, "kira")


def test_catch_breath_needs_a_recovery_and_a_hero() -> None:
    """DS-STAM-01, DS-STAM-11: no Recoveries left, or a Director creature: refused."""
    with pytest.raises(brawl.ActionUnavailableError, match="DS-STAM-01"):
        brawl.catch_breath(encounter(kira(stamina=5, recoveries=0, recoveries_max=8)), "kira")
    with pytest.raises(brawl.ActionUnavailableError, match="DS-STAM-11"):
        brawl.catch_breath(encounter(ogre(stamina=5)), "ogre")
    assert brawl.can(encounter(kira(stamina=5)), brawl.actions.CatchBreath("kira"))


def test_hero_effect_on_a_director_creature_restores_a_third_of_its_maximum() -> None:
    """DS-STAM-12, DS-STAM-11, R-STAM-2: an ogre (max 40) at 5 regains 13 → 18; no Recovery counted."""
    enc, events = brawl.spend_recovery(encounter(ogre(stamina=5)), "ogre")
    assert enc.creature("ogre").stamina == 18
    assert isinstance(events[0], RecoverySpent)
    assert events[0].recoveries_before == events[0].recoveries_after == 0
    with pytest.raises(brawl.ActionUnavailableError, match="DS-STAM-11"):
        brawl.spend_recovery(encounter(ogre(stamina=5)), "ogre", hero_effect=False)


def test_heal_lets_the_adjacent_target_spend_a_recovery() -> None:
    """DS-ACT-22, DS-STAM-07: the ogre can't; an adjacent ally helps dying kira spend a Recovery."""
    ally = brawl.Creature(id="ally", side=brawl.HEROES, hero=True, pos=(2, 3, 0))
    enc, _ = deal_damage(encounter(kira(), ally), "kira", 35)
    assert not brawl.can(enc, brawl.actions.CatchBreath("kira"))
    enc, events = brawl.heal(enc, "ally", "kira")
    k = enc.creature("kira")
    assert (k.stamina, k.recoveries) == (5, 7)
    assert not k.is_dying
    assert any(isinstance(e, NoLongerDying) for e in events)


def test_heal_saving_throw_ends_one_save_ends_effect() -> None:
    """DS-ACT-22, RB2-SAVE: a save of 6 ends kira's slowed (save ends); 5 leaves it."""
    ally = brawl.Creature(id="ally", side=brawl.HEROES, hero=True, pos=(2, 3, 0))
    enc, _ = brawl.add_condition(encounter(kira(), ally), "kira", "slowed", "save_ends", source="ogre")
    failed, _ = brawl.heal(enc, "ally", "kira", choice="saving_throw", roll=5)
    assert failed.creature("kira").has("slowed")
    saved, events = brawl.heal(enc, "ally", "kira", choice="saving_throw", roll=6)
    assert not saved.creature("kira").has("slowed")
    assert "saving throw against slowed (save ends): 6 vs 6+ succeeds" in brawl.explain(events)


def test_heal_needs_an_adjacent_other_creature() -> None:
    """DS-ACT-22: a target 3 squares away, or the healer itself, is refused."""
    far = brawl.Creature(id="far", side=brawl.HEROES, hero=True, pos=(6, 6, 0))
    enc = encounter(kira(stamina=5), far)
    with pytest.raises(brawl.ActionUnavailableError, match="DS-ACT-22"):
        brawl.heal(enc, "far", "kira")
    with pytest.raises(brawl.ActionUnavailableError, match="DS-ACT-22"):
        brawl.heal(enc, "kira", "kira")
    near = brawl.Creature(id="near", side=brawl.HEROES, hero=True, pos=(3, 3, 0))
    with pytest.raises(brawl.InvalidArgumentError, match="DS-ACT-22"):
        brawl.heal(enc.with_creature(near), "near", "kira", choice="nap")


# --- Stamina maximum -------------------------------------------------------------------------
def test_reduced_maximum_caps_stamina_and_moves_derived_values() -> None:
    """DS-DMG-13, R-STAM-2, AMB-51: max 30 → 21 caps Stamina 30 → 21; winded value 10, recovery 7."""
    enc, events = brawl.rules.stamina.reduce_stamina_maximum(encounter(kira()), "kira", 9)
    k = enc.creature("kira")
    assert (k.stamina_max, k.stamina, k.winded_value, k.recovery_value) == (21, 21, 10, 7)
    assert "Stamina maximum 30 → 21" in brawl.explain(events)


def test_reduced_maximum_can_kill_a_dying_hero() -> None:
    """DS-DMG-13, DS-STAM-08, R-STAM-2: at −12 with max 30, max → 20 (threshold −10): dead."""
    enc, _ = deal_damage(encounter(kira()), "kira", 42)
    enc, events = brawl.rules.stamina.reduce_stamina_maximum(enc, "kira", 10)
    assert enc.creature("kira").dead
    assert isinstance(events[-1], Died)


def test_maximum_stays_at_least_1_and_can_be_restored() -> None:
    """R-STAM-8, DS-DMG-13: reducing 30 by 30 is refused; restoring adds to the maximum only."""
    with pytest.raises(brawl.InvalidArgumentError, match="R-STAM-8"):
        brawl.rules.stamina.reduce_stamina_maximum(encounter(kira()), "kira", 30)
    enc, _ = brawl.rules.stamina.reduce_stamina_maximum(encounter(kira()), "kira", 10)
    enc, _ = brawl.rules.stamina.restore_stamina_maximum(enc, "kira", 10)
    k = enc.creature("kira")
    assert (k.stamina_max, k.stamina) == (30, 20)


# --- knocked out and waking ------------------------------------------------------------------
def test_knocked_out_director_creature_wakes_with_1_stamina() -> None:
    """DS-STAM-15, R-STAM-7, DS-COND-07: the knocked-out ogre at −5 wakes at 1, prone but free to stand."""
    enc, _ = deal_damage(encounter(ogre()), "ogre", 45, knock_out=True)
    enc, events = brawl.rules.recoveries.wake(enc, "ogre")
    o = enc.creature("ogre")
    assert o.stamina == 1
    assert not o.has("unconscious")
    assert o.has("prone")
    assert o.conditions_named("prone")[0].voluntary
    assert isinstance(events[-1], Woke)
    assert "wakes up with 1 Stamina" in brawl.explain(events)


def test_knocked_out_hero_wakes_by_spending_a_recovery_or_not_at_all() -> None:
    """DS-STAM-16: kira knocked out at −14 wakes with −14 + 10 = −4 and 7 Recoveries; none left: no."""
    enc, _ = deal_damage(encounter(kira(stamina=10)), "kira", 40, knock_out=True)
    woke, _ = brawl.rules.recoveries.wake(enc, "kira")
    k = woke.creature("kira")
    assert (k.stamina, k.recoveries) == (-4, 7)
    assert not k.has("unconscious")
    enc0, _ = deal_damage(
        encounter(kira(stamina=10, recoveries=0, recoveries_max=8)), "kira", 40, knock_out=True
    )
    with pytest.raises(brawl.ConditionError, match="DS-STAM-16"):
        brawl.rules.recoveries.wake(enc0, "kira")


def test_wake_needs_a_knocked_out_creature() -> None:
    """DS-STAM-13: an awake ogre can't wake."""
    with pytest.raises(brawl.ConditionError, match="DS-STAM-13"):
        brawl.rules.recoveries.wake(encounter(ogre()), "ogre")


# --- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize("amount", [-1, 2.5, "5", None, True])
def test_bad_amounts_are_refused(amount: object) -> None:
    """R-STAM-5, R-STAM-6, DS-STAM-21, DS-DMG-13: amounts are whole numbers ≥ 0."""
    enc = encounter(kira())
    for call, rule in (
        (brawl.regain_stamina, "R-STAM-5"),
        (brawl.lose_stamina, "R-STAM-6"),
        (brawl.gain_temporary_stamina, "DS-STAM-21"),
        (brawl.rules.stamina.reduce_stamina_maximum, "DS-DMG-13"),
    ):
        expected = (
            rule if isinstance(amount, int) and not isinstance(amount, bool) else r"amount[ =]|of 'kira'"
        )
        with pytest.raises(brawl.InvalidArgumentError, match=expected):
            call(enc, "kira", amount)  # type: ignore[arg-type]


def test_unknown_creature_is_refused() -> None:
    """DS-STAM-01: unknown ids raise UnknownCreatureError."""
    with pytest.raises(brawl.UnknownCreatureError):
        brawl.spend_recovery(encounter(kira()), "nobody")


# --- properties ------------------------------------------------------------------------------
@given(st.lists(st.integers(0, 500), min_size=1, max_size=6))
def test_temporary_stamina_is_the_maximum_of_the_grants(grants: list[int]) -> None:
    """DS-STAM-21: after any grants, temporary Stamina is the largest grant."""
    enc = encounter(kira())
    for g in grants:
        enc, _ = brawl.gain_temporary_stamina(enc, "kira", g)
    assert enc.creature("kira").temporary_stamina == max(grants)


@given(
    st.lists(
        st.tuples(st.sampled_from(["damage", "regain", "recovery", "lose", "max"]), st.integers(0, 25)),
        max_size=12,
    )
)
def test_stamina_never_exceeds_the_maximum_and_old_states_stay_untouched(ops: list[tuple[str, int]]) -> None:
    """R-STAM-5, DS-DMG-13, DS-STAM-08: any sequence keeps Stamina ≤ maximum; old states unchanged."""
    enc = encounter(kira())
    for op, n in ops:
        c = enc.creature("kira")
        if c.dead:
            break
        before = enc
        snapshot = before.creature("kira")
        try:
            if op == "damage":
                enc, _ = deal_damage(enc, "kira", n)
            elif op == "regain":
                enc, _ = brawl.regain_stamina(enc, "kira", n)
            elif op == "recovery":
                enc, _ = brawl.spend_recovery(enc, "kira")
            elif op == "lose":
                enc, _ = brawl.lose_stamina(enc, "kira", n)
            else:
                enc, _ = brawl.rules.stamina.reduce_stamina_maximum(enc, "kira", min(n, c.stamina_max - 1))
        except brawl.RulesError:
            pass
        assert before.creature("kira") == snapshot
        k = enc.creature("kira")
        assert k.stamina <= k.stamina_max
        if not k.dead:
            assert k.stamina >= 0 or k.stamina > -k.winded_value
            assert k.has("bleeding") == k.is_dying
