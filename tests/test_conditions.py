"""Conditions: imposing, stacking, sources, durations and saves, the turn hooks, the queries, bleeding."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.rules.conditions
import brawl.rules.phases
import brawl.rules.recoveries
import brawl.rules.stamina
from brawl.conditions import Duration
from brawl.events.base import DiceRolled
from brawl.events.conditions import ConditionEnded, ConditionGained
from brawl.events.damage import StaminaChanged
from brawl.events.dice import SavingThrowMade
from brawl.rules import conditions as cond
from brawl.rules import phases
from brawl.rules.damage import deal_damage


def encounter(*creatures: brawl.Creature, seed: int = 0) -> brawl.Encounter:
    return brawl.Encounter.create(brawl.Terrain.flat(10, 10), creatures, seed=seed)


def kira(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"hero": True, "stamina_max": 30, "recoveries": 8, "pos": (2, 2, 0), "level": 3}
    base.update(kw)
    return brawl.Creature(id="kira", side=brawl.HEROES, **base)  # type: ignore[arg-type]


def ogre(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"stamina_max": 40, "pos": (3, 2, 0), "size": "2"}
    base.update(kw)
    return brawl.Creature(id="ogre", **base)  # type: ignore[arg-type]


def gob(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"stamina_max": 10, "pos": (1, 2, 0), "size": "1S"}
    base.update(kw)
    return brawl.Creature(id="gob", **base)  # type: ignore[arg-type]


# --- stacking and sources --------------------------------------------------------------------
def test_same_condition_from_two_sources_counts_once() -> None:
    """RB1-STACKING: weakened from two sources is one bane; speed of slowed twice still 2."""
    enc = encounter(kira(), ogre(), gob())
    enc, _ = brawl.add_condition(enc, "kira", "weakened", "eot", source="ogre")
    enc, _ = brawl.add_condition(enc, "kira", "weakened", "save_ends", source="gob")
    assert len(enc.creature("kira").conditions_named("weakened")) == 2
    assert brawl.edges_and_banes(enc, "kira", "ogre").banes == 1


def test_same_source_again_replaces_and_the_most_recent_sets_the_duration() -> None:
    """RB1-STACKING: slowed (EoT) then slowed (save ends) from the ogre leaves one, save ends."""
    enc = encounter(kira(), ogre())
    enc, _ = brawl.add_condition(enc, "kira", "slowed", "eot", source="ogre")
    enc, _ = brawl.add_condition(enc, "kira", "slowed", "save_ends", source="ogre")
    slowed = enc.creature("kira").conditions_named("slowed")
    assert [s.duration for s in slowed] == [Duration.SAVE_ENDS]


def test_frightened_and_taunted_keep_one_source_the_new_replaces_the_old() -> None:
    """RB1-FRIGHTENED, RB1-TAUNTED: frightened of ogre, then of gob → only gob."""
    enc = encounter(kira(), ogre(), gob())
    enc, _ = brawl.add_condition(enc, "kira", "frightened", "eot", source="ogre")
    enc, events = brawl.add_condition(enc, "kira", "frightened", "eot", source="gob")
    sources = [c.source for c in enc.creature("kira").conditions_named("frightened")]
    assert sources == ["gob"]
    gained = events[0]
    assert isinstance(gained, ConditionGained)
    assert gained.replaced is not None
    assert gained.replaced.source == "ogre"
    assert "replacing the one from ogre" in gained.explain()
    enc, _ = brawl.add_condition(enc, "kira", "taunted", "eot", source="ogre")
    enc, _ = brawl.add_condition(enc, "kira", "taunted", "eot", source="gob")
    assert [c.source for c in enc.creature("kira").conditions_named("taunted")] == ["gob"]


def test_frightened_taunted_grabbed_need_a_source() -> None:
    """RB1-FRIGHTENED, RB1-TAUNTED, RB1-GRABBED: no source → ConditionError naming the rule."""
    enc = encounter(kira())
    for name in ("frightened", "taunted", "grabbed"):
        with pytest.raises(brawl.ConditionError, match=f"RB1-{name.upper()}"):
            brawl.add_condition(enc, "kira", name)


def test_a_grabbed_creature_cannot_be_grabbed_by_another() -> None:
    """RB1-GRABBED: grabbed by the ogre, the goblin's grab is refused."""
    enc, _ = brawl.add_condition(encounter(kira(), ogre(), gob()), "kira", "grabbed", source="ogre")
    with pytest.raises(brawl.ConditionError, match="RB1-GRABBED"):
        brawl.add_condition(enc, "kira", "grabbed", source="gob")
    assert brawl.grabbed_by(enc, "kira") == "ogre"
    assert brawl.rules.conditions.grabbing(enc, "ogre") == ("kira",)


def test_unknown_condition_and_dead_creature_are_refused() -> None:
    """RB1-CONDITIONS, DS-STAM-09: 'stunned' is no condition; the dead gain none."""
    enc = encounter(kira(), ogre())
    with pytest.raises(brawl.ConditionError, match="RB1-CONDITIONS"):
        brawl.add_condition(enc, "kira", "stunned")
    with pytest.raises(brawl.ConditionError, match="RB1-CONDITIONS"):
        brawl.add_condition(enc, "kira", "prone", "forever")
    with pytest.raises(brawl.ConditionError, match="RB1-CONDITIONS"):
        brawl.remove_condition(enc, "kira", "stunned")
    dead, _ = deal_damage(enc, "ogre", 40)
    with pytest.raises(brawl.ConditionError, match="DS-STAM-09"):
        brawl.add_condition(dead, "ogre", "prone")
    with pytest.raises(brawl.InvalidArgumentError, match="RB1-CONDITIONS"):
        brawl.rules.conditions.end_condition(enc, "kira", 3)


# --- speed and movement ----------------------------------------------------------------------
def test_slowed_speed_5_becomes_2_and_cannot_shift() -> None:
    """DS-COND-08, RB1-SLOWED: speed 5 → 2; speed 1 stays 1; no shifting."""
    enc, _ = brawl.add_condition(encounter(kira(), gob(speed=1)), "kira", "slowed", "eot", source="ogre")
    assert brawl.speed(enc, "kira") == 2
    assert not brawl.rules.conditions.can_shift(enc, "kira")
    enc, _ = brawl.add_condition(enc, "gob", "slowed", "eot")
    assert brawl.speed(enc, "gob") == 1


def test_slowed_and_weakened_eot_from_claw_dirt_end_at_the_end_of_turn() -> None:
    """DS-COND-09, RB2-EOT: slowed and weakened (EoT) both end at kira's end of turn."""
    enc = encounter(kira())
    enc, _ = brawl.add_condition(enc, "kira", "slowed", "eot")
    enc, _ = brawl.add_condition(enc, "kira", "weakened", "eot")
    enc, events = phases.end_of_turn(enc, "kira")
    assert enc.creature("kira").conditions == ()
    assert [e.condition.name.value for e in events if isinstance(e, ConditionEnded)] == ["slowed", "weakened"]


def test_grabbed_restrained_unconscious_make_speed_0() -> None:
    """RB1-GRABBED, RB1-RESTRAINED, DS-COND-05: speed 0 while any applies."""
    for name, src in (("grabbed", "ogre"), ("restrained", None), ("unconscious", None)):
        enc, _ = brawl.add_condition(encounter(kira(), ogre()), "kira", name, source=src)
        assert brawl.speed(enc, "kira") == 0
        assert not brawl.rules.conditions.can_shift(enc, "kira")


def test_grabber_of_its_size_or_larger_has_its_speed_halved() -> None:
    """RB1-GRABBED, R-COND-2: a 1M grabber (speed 5) holding 1M kira: 2; holding a 1S goblin: 5."""
    holder = brawl.Creature(id="holder", stamina_max=20, pos=(3, 2, 0))
    enc = encounter(kira(), holder, gob())
    held, _ = brawl.add_condition(enc, "kira", "grabbed", source="holder")
    assert brawl.speed(held, "holder") == 2
    small, _ = brawl.add_condition(enc, "gob", "grabbed", source="holder")
    assert brawl.speed(small, "holder") == 5


def test_slowed_applies_after_the_grabbers_halving() -> None:
    """R-COND-1, RB1-SLOWED: speed 10 halved → 5, slowed → 2."""
    holder = brawl.Creature(id="holder", stamina_max=20, pos=(3, 2, 0), speed=10)
    enc, _ = brawl.add_condition(encounter(kira(), holder), "kira", "grabbed", source="holder")
    enc, _ = brawl.add_condition(enc, "holder", "slowed")
    assert brawl.speed(enc, "holder") == 2


def test_force_moved_only_by_the_grabber_and_never_while_restrained() -> None:
    """RB1-GRABBED, RB1-RESTRAINED, DS-COND-10, DS-COND-13."""
    enc, _ = brawl.add_condition(encounter(kira(), ogre(), gob()), "kira", "grabbed", source="ogre")
    assert brawl.rules.conditions.can_be_force_moved_by(enc, "kira", "ogre")
    assert not brawl.rules.conditions.can_be_force_moved_by(enc, "kira", "gob")
    assert not cond.can_use_knockback(enc, "kira")
    enc, _ = brawl.add_condition(enc, "gob", "restrained")
    assert not brawl.rules.conditions.can_be_force_moved_by(enc, "gob", "ogre")
    assert brawl.rules.conditions.can_be_force_moved_by(enc, "ogre", "gob")


def test_teleport_style_removal_ends_grabbed_and_restrained() -> None:
    """DS-COND-10, DS-COND-13: remove_condition ends them (the teleport rule calls it)."""
    enc, _ = brawl.add_condition(encounter(kira(), ogre()), "kira", "grabbed", source="ogre")
    enc, _ = brawl.add_condition(enc, "kira", "restrained")
    enc, _ = brawl.remove_condition(enc, "kira", "grabbed", reason="teleported")
    enc, events = brawl.remove_condition(enc, "kira", "restrained", reason="teleported")
    assert enc.creature("kira").conditions == ()
    assert "kira is no longer restrained (teleported)" in brawl.explain(events)


def test_frightened_creature_cannot_move_closer_to_its_source() -> None:
    """RB1-FRIGHTENED: frightened of the ogre, not of the goblin."""
    enc, _ = brawl.add_condition(encounter(kira(), ogre(), gob()), "kira", "frightened", source="ogre")
    assert not cond.can_move_closer_to(enc, "kira", "ogre")
    assert cond.can_move_closer_to(enc, "kira", "gob")


def test_stand_up_blocked_by_restrained_and_cant_stand() -> None:
    """DS-ACT-15, RB1-PRONE, RB1-RESTRAINED: prone can stand; restrained or "can't stand" can't."""
    enc, _ = brawl.add_condition(encounter(kira(), gob()), "kira", "prone")
    assert brawl.rules.conditions.can_stand_up(enc, "kira")
    restrained, _ = brawl.add_condition(enc, "kira", "restrained")
    assert not brawl.rules.conditions.can_stand_up(restrained, "kira")
    pinned, _ = brawl.add_condition(enc, "gob", "prone", source="net", can_stand=False)
    assert not brawl.rules.conditions.can_stand_up(pinned, "gob")
    assert not brawl.rules.conditions.can_stand_up(encounter(kira()), "kira")  # not prone


# --- actions ---------------------------------------------------------------------------------
def test_surprised_cannot_take_triggered_actions_until_the_end_of_round_1() -> None:
    """DS-COND-01, DS-COND-02, DS-TURN-08: surprised until the end of the round."""
    enc, _ = brawl.add_condition(encounter(kira()), "kira", "surprised", "end_of_round")
    assert not brawl.rules.conditions.can_take_triggered_actions(enc, "kira")
    enc, events = phases.end_of_round(enc)
    assert brawl.rules.conditions.can_take_triggered_actions(enc, "kira")
    assert "DS-COND-01" in events[0].rules


def test_dazed_forbids_triggered_actions_and_free_maneuvers() -> None:
    """RB1-DAZED, DS-TURN-08: no triggered actions or free maneuvers; main actions still."""
    enc, _ = brawl.add_condition(encounter(kira()), "kira", "dazed", "save_ends")
    assert not brawl.rules.conditions.can_take_triggered_actions(enc, "kira")
    assert not cond.can_take_free_maneuvers(enc, "kira")
    assert brawl.rules.conditions.can_take_main_actions(enc, "kira")
    assert brawl.rules.conditions.can_take_maneuvers(enc, "kira")
    assert cond.is_dazed(enc, "kira")


def test_unconscious_takes_no_actions_and_is_prone_when_knocked_out() -> None:
    """DS-COND-04, DS-COND-05: no main actions, maneuvers, triggered actions; speed 0; prone."""
    enc, _ = deal_damage(encounter(ogre()), "ogre", 40, knock_out=True)
    assert not brawl.rules.conditions.can_take_main_actions(enc, "ogre")
    assert not brawl.rules.conditions.can_take_maneuvers(enc, "ogre")
    assert not brawl.rules.conditions.can_take_triggered_actions(enc, "ogre")
    assert not cond.can_take_free_maneuvers(enc, "ogre")
    assert brawl.speed(enc, "ogre") == 0
    assert enc.creature("ogre").has("prone")
    assert not brawl.rules.conditions.can_stand_up(enc, "ogre")


def test_waking_allows_standing_as_a_free_maneuver() -> None:
    """DS-COND-07: after waking, the knocked-out prone is voluntary: standing is free."""
    enc, _ = deal_damage(encounter(ogre()), "ogre", 40, knock_out=True)
    enc, _ = brawl.rules.recoveries.wake(enc, "ogre")
    assert brawl.rules.conditions.can_stand_up(enc, "ogre")
    assert enc.creature("ogre").conditions_named("prone")[0].voluntary


def test_flyer_query_for_falling() -> None:
    """DS-MTYPE-25, DS-MTYPE-26: an unsupported flyer falls, a hoverer and a grounded flyer do not."""
    bat = brawl.Creature(id="bat", movement={"fly"}, pos=(5, 5, 3))
    hov = brawl.Creature(id="hov", movement={"fly", "hover"}, pos=(6, 6, 3))
    low = brawl.Creature(id="low", movement={"fly"}, pos=(7, 7, 0))
    enc = encounter(bat, hov, low)
    assert cond.falls_if_aloft(enc, "bat")
    assert not cond.falls_if_aloft(enc, "hov")
    assert not cond.falls_if_aloft(enc, "low")


# --- durations and saving throws -------------------------------------------------------------
def test_save_ends_rolls_6_ends_and_5_continues_each_a_dice_event() -> None:
    """RB2-SAVE: two save-ends effects, caller rolls 6 and 5: the first ends, the second stays."""
    enc = encounter(kira())
    enc, _ = brawl.add_condition(enc, "kira", "slowed", "save_ends", source="ogre")
    enc, _ = brawl.add_condition(enc, "kira", "weakened", "save_ends", source="ogre")
    enc, events = phases.end_of_turn(enc, "kira", saving_throws={0: 6, 1: 5})
    assert [c.name.value for c in enc.creature("kira").conditions] == ["weakened"]
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [r.values for r in rolls] == [(6,), (5,)]
    assert all(r.source == "caller" for r in rolls)
    assert [e.success for e in events if isinstance(e, SavingThrowMade)] == [True, False]


def test_save_threshold_lowered_by_a_feature() -> None:
    """RB2-SAVE: a 5+ save ends on 5."""
    enc, _ = brawl.add_condition(encounter(kira()), "kira", "dazed", "save_ends", save_threshold=5)
    enc, _ = phases.end_of_turn(enc, "kira", saving_throws={0: 5})
    assert not enc.creature("kira").has("dazed")


def test_save_rolls_from_the_rng_are_reproducible() -> None:
    """RB2-SAVE: without caller rolls the RNG rolls; the same seed gives the same rolls."""
    enc = encounter(kira(), seed=42)
    enc, _ = brawl.add_condition(enc, "kira", "slowed", "save_ends")
    a = phases.end_of_turn(enc, "kira")
    b = phases.end_of_turn(enc, "kira")
    assert a == b
    rolled = [e for e in a.events if isinstance(e, DiceRolled)]
    assert len(rolled) == 1
    assert rolled[0].source == "rng"
    assert a.state.rng.counter == enc.rng.counter + 1


def test_end_of_turn_ends_eot_before_saves_and_ignores_other_durations() -> None:
    """RB2-EOT, RB2-SAVE: EoT ends, save-ends rolls, end-of-encounter and until-removed stay."""
    enc = encounter(kira())
    enc, _ = brawl.add_condition(enc, "kira", "slowed", "eot")
    enc, _ = brawl.add_condition(enc, "kira", "weakened", "save_ends")
    enc, _ = brawl.add_condition(enc, "kira", "dazed", "end_of_encounter")
    enc, _ = brawl.add_condition(enc, "kira", "prone")
    enc, events = phases.end_of_turn(enc, "kira", saving_throws={1: 2})
    assert [c.name.value for c in enc.creature("kira").conditions] == ["weakened", "dazed", "prone"]
    assert isinstance(events[0], ConditionEnded)
    assert events[0].reason == "end of turn (EoT)"


def test_bad_saving_throws_are_refused() -> None:
    """RB2-SAVE: a roll of 11, or a roll for an effect that is not save-ends, is refused."""
    enc, _ = brawl.add_condition(encounter(kira()), "kira", "slowed", "save_ends")
    enc, _ = brawl.add_condition(enc, "kira", "prone")
    with pytest.raises(brawl.InvalidArgumentError, match="RB2-SAVE"):
        phases.end_of_turn(enc, "kira", saving_throws={0: 11})
    with pytest.raises(brawl.InvalidArgumentError, match="RB2-SAVE"):
        phases.end_of_turn(enc, "kira", saving_throws={1: 6})
    with pytest.raises(brawl.InvalidArgumentError, match="RB2-SAVE"):
        phases.end_of_turn(enc, "kira", saving_throws={9: 6})
    with pytest.raises(brawl.ConditionError, match="RB2-SAVE"):
        brawl.save_against(enc, "kira", 1)


def test_start_of_turn_changes_nothing() -> None:
    """RB2-EOT: conditions do nothing at the start of a turn."""
    enc, _ = brawl.add_condition(encounter(kira()), "kira", "slowed", "eot")
    assert phases.start_of_turn(enc, "kira") == brawl.Outcome(enc, ())


def test_end_of_encounter_ends_save_ends_and_encounter_effects_but_not_unconscious_or_dying() -> None:
    """RB2-EOE, DS-COND-15, DS-STAM-22: save-ends and EoE end; unconscious, dying bleeding, temp go/stay."""
    enc = encounter(kira(temporary_stamina=4), ogre())
    enc, _ = brawl.add_condition(enc, "kira", "slowed", "save_ends")
    enc, _ = brawl.add_condition(enc, "kira", "frightened", "end_of_encounter", source="ogre")
    enc, _ = deal_damage(enc, "kira", 40)  # dying: bleeding while dying
    enc, _ = deal_damage(enc, "ogre", 40, knock_out=True)
    enc, events = brawl.rules.phases.end_of_encounter(enc)
    k = enc.creature("kira")
    assert [c.name.value for c in k.conditions] == ["bleeding"]
    assert k.temporary_stamina == 0
    assert enc.creature("ogre").has("unconscious")
    assert "end of encounter" in brawl.explain(events)


# --- bleeding --------------------------------------------------------------------------------
def test_bleeding_loses_1d6_plus_level_not_damage() -> None:
    """RB1-BLEEDING, R-STAM-6: level 3, roll 4 → 7 Stamina lost through damage immunity and temp."""
    enc = encounter(kira(immunities={"damage": 10}, temporary_stamina=5))
    enc, _ = brawl.add_condition(enc, "kira", "bleeding", "save_ends", source="ogre")
    enc, events = brawl.rules.stamina.bleeding_loss(enc, "kira", roll=4)
    k = enc.creature("kira")
    assert (k.stamina, k.temporary_stamina) == (23, 5)
    assert isinstance(events[0], DiceRolled)
    assert events[0].values == (4,)
    assert isinstance(events[1], StaminaChanged)
    assert "bleeding: 1d6 4 + level 3" in events[1].explain()


def test_bleeding_while_dying_can_kill() -> None:
    """DS-STAM-07, RB1-BLEEDING, DS-STAM-08: kira at −12 (threshold −15), bleeding 1d6 1 + 3 → dead."""
    enc, _ = deal_damage(encounter(kira()), "kira", 42)
    enc, _ = brawl.rules.stamina.bleeding_loss(enc, "kira", roll=1)
    assert enc.creature("kira").dead


def test_not_bleeding_means_no_loss_and_no_roll() -> None:
    """RB1-BLEEDING: a creature that isn't bleeding loses nothing; the RNG is not advanced."""
    enc = encounter(kira())
    assert brawl.rules.stamina.bleeding_loss(enc, "kira") == brawl.Outcome(enc, ())
    with pytest.raises(brawl.InvalidArgumentError, match="RB1-BLEEDING"):
        brawl.rules.stamina.bleeding_loss(enc, "kira", roll=7)


# --- properties ------------------------------------------------------------------------------
names = st.sampled_from(["bleeding", "dazed", "prone", "restrained", "slowed", "weakened", "surprised"])
durations = st.sampled_from(["eot", "save_ends", "end_of_encounter", "end_of_round", "until_removed"])
sources = st.sampled_from([None, "ogre", "gob"])


@given(st.lists(st.tuples(names, durations, sources), max_size=8), st.integers(0, 2**32))
def test_conditions_never_duplicate_and_hooks_are_pure(
    adds: list[tuple[str, str, str | None]], seed: int
) -> None:
    """RB1-STACKING, RB2-EOT, RB2-SAVE: one instance per (name, source); hooks leave the old state."""
    enc = encounter(kira(), ogre(), gob(), seed=seed)
    for name, duration, source in adds:
        enc, _ = brawl.add_condition(enc, "kira", name, duration, source=source)
    keys = [(c.name, c.source) for c in enc.creature("kira").conditions]
    assert len(keys) == len(set(keys))
    before = enc.creature("kira")
    out = phases.end_of_turn(enc, "kira")
    assert enc.creature("kira") == before
    assert out == phases.end_of_turn(enc, "kira")
    assert not any(c.duration is Duration.EOT for c in out.state.creature("kira").conditions)
    done = brawl.rules.phases.end_of_encounter(out.state).state.creature("kira")
    assert all(c.duration in (Duration.UNTIL_REMOVED, Duration.WHILE_DYING) for c in done.conditions)


def test_taunting_lists_whom_a_defender_taunts() -> None:
    """DS-COND-11, RB1-TAUNTED: the ogre taunts kira, so Defend would give the ogre nothing."""
    enc = encounter(kira(), ogre(), gob())
    assert cond.taunting(enc, "ogre") == ()
    enc, _ = brawl.add_condition(enc, "kira", "taunted", "eot", source="ogre")
    assert cond.taunting(enc, "ogre") == ("kira",)
    assert cond.taunting(enc, "gob") == ()


def test_a_flyer_knocked_prone_in_midair_falls_unless_it_hovers() -> None:
    """DS-MTYPE-25, DS-MTYPE-26: prone 4 squares up, Agility 0: falls 4, 8 damage; a hoverer stays."""
    bird = brawl.Creature(id="bird", movement=["walk", "fly"], pos=(2, 2, 4), stamina_max=20)
    hover = brawl.Creature(id="hov", movement=["walk", "fly", "hover"], pos=(4, 4, 4), stamina_max=20)
    enc = brawl.Encounter.create(brawl.Terrain.flat(8, 8), [bird, hover])
    fell, _ = brawl.add_condition(enc, "bird", "prone")
    assert fell.creature("bird").pos == brawl.Pos(2, 2, 0)
    assert fell.creature("bird").stamina == 12
    stays, _ = brawl.add_condition(enc, "hov", "prone")
    assert stays.creature("hov").pos == brawl.Pos(4, 4, 4)
    slowed, _ = brawl.add_condition(enc, "bird", "slowed")
    assert slowed.creature("bird").pos == brawl.Pos(2, 2, 4)
    held, _ = brawl.add_condition(enc, "bird", "restrained")
    assert held.creature("bird").pos == brawl.Pos(2, 2, 0)


def test_a_flyer_knocked_out_in_midair_falls_and_the_fall_kills_it() -> None:
    """DS-MTYPE-25, R-TURN-7, DS-STAM-14: unconscious, it falls; damage while knocked out kills."""
    bird = brawl.Creature(id="bird", movement=["walk", "fly"], pos=(2, 2, 4), stamina_max=20)
    enc = brawl.Encounter.create(brawl.Terrain.flat(8, 8), [bird])
    enc, _ = brawl.damage(enc, "bird", 25, knock_out=True)
    assert enc.creature("bird").dead
    assert enc.creature("bird").pos == brawl.Pos(2, 2, 0)


def test_a_grab_ends_when_the_grabber_dies_or_is_knocked_out() -> None:
    """RB1-GRABBED: a dead or unconscious grabber holds nothing."""
    ogre = brawl.Creature(id="ogre", stamina_max=10, pos=(2, 2))
    kira = brawl.Creature(id="kira", side="heroes", hero=True, stamina_max=20, pos=(3, 2))
    enc = brawl.Encounter.create(brawl.Terrain.flat(8, 8), [ogre, kira])
    enc, _ = brawl.add_condition(enc, "kira", "grabbed", source="ogre")
    dead, events = brawl.damage(enc, "ogre", 10)
    assert not dead.creature("kira").has("grabbed")
    assert any(isinstance(e, ConditionEnded) for e in events)
    out, _ = brawl.damage(enc, "ogre", 10, knock_out=True)
    assert not out.creature("kira").has("grabbed")
