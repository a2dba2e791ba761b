"""Requests of damage, conditions, Stamina and falling: records saved, replayed and checked.

Rules: R-DMG-1, DS-DMG-01, RB1-CONDITIONS, DS-ACT-04, DS-ACT-22, DS-STAM-21, DS-FALL-01.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import brawl
import brawl.rules.conditions as conditions_rules
import brawl.rules.damage as damage_rules
import brawl.rules.falling as falling_rules
import brawl.rules.recoveries as recovery_rules
import brawl.rules.stamina as stamina_rules
import brawl.verbs
from brawl import Creature, Encounter, Pos, Terrain
from brawl.actions import (
    AddCondition,
    CatchBreath,
    Damage,
    Fall,
    GainTemporaryStamina,
    Heal,
    RemoveCondition,
)
from brawl.conditions import ConditionName, Duration
from brawl.errors import ArgumentTypeError
from brawl.fields import IdTypeError
from brawl.rules.conditions import SaveAgainst
from brawl.rules.damage import HALVE
from brawl.rules.recoveries import SpendRecovery
from brawl.rules.riders import FallOff, KnockOff
from brawl.rules.stamina import LoseStamina, RegainStamina


def fight() -> Encounter:
    kira = Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=30, recoveries=3, pos=(2, 2, 0))
    ogre = Creature(id="ogre", stamina_max=40, pos=(3, 2, 0), weaknesses={"fire": 2})
    bird = Creature(
        id="bird", stamina_max=20, pos=(6, 6, 5), characteristics=brawl.Characteristics(agility=1)
    )
    return Encounter.create(Terrain.flat(10, 10), [kira, ogre, bird])


def round_trip(action: brawl.Action) -> brawl.Action:
    [back] = brawl.actions_from_json(brawl.actions_to_json([action]))
    assert back == action
    return back


def fields_of(cls: type) -> set[str]:
    return {f.name for f in attrs.fields(cls)}


def params(fn: Callable[..., Any]) -> set[str]:
    return set(inspect.signature(fn).parameters) - {"state"}


@pytest.mark.parametrize(
    ("fn", "record"),
    [
        (brawl.damage, Damage),
        (brawl.add_condition, AddCondition),
        (brawl.remove_condition, RemoveCondition),
        (brawl.catch_breath, CatchBreath),
        (brawl.heal, Heal),
        (brawl.gain_temporary_stamina, GainTemporaryStamina),
        (brawl.fall, Fall),
    ],
)
def test_the_public_function_takes_exactly_the_records_fields(fn: Callable[..., Any], record: type) -> None:
    """R-DMG-1, RB1-CONDITIONS, DS-STAM-21, DS-FALL-01: nothing the function takes is lost in the record."""
    assert params(fn) == fields_of(record)


# --- each record replays after a save like its function ---------------------------------------------
def test_damage_replays_with_its_modifiers() -> None:
    """R-DMG-1, DS-DMG-08: 9 fire halved to 4, + weakness 2 = 6; the ogre goes from 40 to 34."""
    enc = fight()
    action = Damage("ogre", 9, "fire", "kira", False, (HALVE,), ("DS-SLAM-01",))
    after, events = brawl.apply(enc, round_trip(action))
    assert after.creature("ogre").stamina == 34
    assert (
        after
        == brawl.damage(enc, "ogre", 9, "fire", source="kira", modifiers=[HALVE], rules=["DS-SLAM-01"]).state
    )
    assert "DS-SLAM-01" in events[0].rules


def test_add_and_remove_condition_replay() -> None:
    """RB1-CONDITIONS, RB1-TAUNTED, RB2-SAVE: taunted (save ends, 7+) by the ogre, then removed."""
    enc = fight()
    action = AddCondition("kira", ConditionName.TAUNTED, Duration.SAVE_ENDS, "ogre", save_threshold=7)
    assert action.name == "taunted"
    after, _ = brawl.apply(enc, round_trip(action))
    direct = brawl.add_condition(enc, "kira", "taunted", "save_ends", source="ogre", save_threshold=7).state
    assert after == direct
    [cond] = after.creature("kira").conditions
    assert (cond.name, cond.duration, cond.source, cond.save_threshold) == (
        ConditionName.TAUNTED,
        Duration.SAVE_ENDS,
        "ogre",
        7,
    )
    removed, events = brawl.apply(after, round_trip(RemoveCondition("kira", "taunted", "ogre", "shaken off")))
    assert removed.creature("kira").conditions == ()
    assert events[0].reason == "shaken off"


def test_catch_breath_heal_and_temporary_stamina_replay() -> None:
    """DS-ACT-04, DS-ACT-22, DS-STAM-21: Recoveries of 10 each; temporary Stamina keeps the greater."""
    enc, _ = brawl.damage(fight(), "kira", 25)
    after, _ = brawl.apply(enc, round_trip(CatchBreath("kira")))
    assert (after.creature("kira").stamina, after.creature("kira").recoveries) == (15, 2)
    assert after == brawl.catch_breath(enc, "kira").state
    healed, _ = brawl.apply(after, round_trip(Heal("ogre", "kira", "recovery")))
    assert (healed.creature("kira").stamina, healed.creature("kira").recoveries) == (25, 1)
    assert healed == brawl.heal(after, "ogre", "kira").state
    temp, _ = brawl.apply(healed, round_trip(GainTemporaryStamina("kira", 5, "a potion")))
    temp, _ = brawl.apply(temp, round_trip(GainTemporaryStamina("kira", 3)))
    assert temp.creature("kira").temporary_stamina == 5


def test_heal_saving_throw_replays() -> None:
    """DS-ACT-22, RB2-SAVE: the target saves against its save-ends effect with the given d10 6."""
    enc, _ = brawl.add_condition(fight(), "kira", "slowed", "save_ends")
    action = Heal("ogre", "kira", "saving_throw", 6, effect=0)
    after, _ = brawl.apply(enc, round_trip(action))
    assert after.creature("kira").conditions == ()
    assert after == brawl.heal(enc, "ogre", "kira", choice="saving_throw", effect=0, roll=6).state


def test_fall_replays() -> None:
    """DS-FALL-01, DS-FALL-02, R-FALL-2: 5 squares, Agility 1 declined: 10 damage, prone."""
    enc = fight()
    action = Fall("bird", None, False, rules=("DS-MTYPE-25",))
    after, events = brawl.apply(enc, round_trip(action))
    bird = after.creature("bird")
    assert (bird.pos, bird.stamina, bird.has(ConditionName.PRONE)) == (Pos(6, 6, 0), 10, True)
    assert after == brawl.fall(enc, "bird", use_agility=False, rules=("DS-MTYPE-25",)).state
    assert "DS-MTYPE-25" in events[0].rules


# --- wrong types refused on construction -----------------------------------------------------------
@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: Damage("ogre", 2.5), "amount"),  # type: ignore[arg-type]
        (lambda: Damage("ogre", 1, modifiers=("halved",)), "modifiers"),  # type: ignore[arg-type]
        (lambda: AddCondition("kira", 3), "name"),  # type: ignore[arg-type]
        (lambda: AddCondition("kira", "slowed", can_stand="no"), "can_stand"),  # type: ignore[arg-type]
        (lambda: RemoveCondition("kira", "slowed", rules="RB1"), "rules"),
        (lambda: Heal("ogre", "kira", roll="6"), "roll"),  # type: ignore[arg-type]
        (lambda: GainTemporaryStamina("kira", None), "amount"),  # type: ignore[arg-type]
        (lambda: Fall("bird", height=True), "height"),
        (lambda: Fall("bird", landing=7), "landing"),  # type: ignore[arg-type]
    ],
)
def test_a_wrongly_typed_field_is_refused_on_construction(build: Callable[[], object], field: str) -> None:
    """R-DMG-1, RB1-CONDITIONS, DS-FALL-01: ArgumentTypeError, naming the field."""
    with pytest.raises(ArgumentTypeError, match=field):
        build()


def test_an_id_of_the_wrong_type_is_also_an_unknown_creature() -> None:
    """DS-DMG-01: an int id is refused as a wrongly typed field and as an unknown creature."""
    with pytest.raises(IdTypeError) as caught:
        CatchBreath(7)  # type: ignore[arg-type]
    assert isinstance(caught.value, brawl.UnknownCreatureError)
    assert isinstance(caught.value, TypeError)


# --- verify and can: the same checks, nothing resolved ------------------------------------------------
def _dead_ogre() -> Encounter:
    return brawl.damage(fight(), "ogre", 40).state


CASES: list[
    tuple[Callable[[Encounter, Any], None], Callable[[Encounter, Any], bool], Any, bool, Encounter]
] = [
    (brawl.verify, brawl.can, Damage("ogre", 3), True, fight()),
    (brawl.verify, brawl.can, Damage("ogre", -1), False, fight()),
    (brawl.verify, brawl.can, Damage("ogre", 3, "ice"), False, fight()),
    (brawl.verify, brawl.can, Damage("ogre", 3), False, _dead_ogre()),
    (brawl.verify, brawl.can, AddCondition("kira", "slowed"), True, fight()),
    (brawl.verify, brawl.can, AddCondition("kira", "sleepy"), False, fight()),
    (brawl.verify, brawl.can, AddCondition("kira", "grabbed"), False, fight()),
    (
        brawl.verify,
        brawl.can,
        RemoveCondition("kira", "dazed"),
        True,
        fight(),
    ),
    (
        brawl.verify,
        brawl.can,
        RemoveCondition("kira", "dozy"),
        False,
        fight(),
    ),
    (brawl.verify, brawl.can, CatchBreath("kira"), True, fight()),
    (brawl.verify, brawl.can, CatchBreath("ogre"), False, fight()),
    (brawl.verify, brawl.can, Heal("ogre", "kira"), True, fight()),
    (brawl.verify, brawl.can, Heal("bird", "kira"), False, fight()),
    (brawl.verify, brawl.can, Heal("ogre", "kira", "nap"), False, fight()),
    (brawl.verify, brawl.can, Heal("ogre", "kira", "saving_throw"), False, fight()),
    (
        brawl.verify,
        brawl.can,
        GainTemporaryStamina("kira", 4),
        True,
        fight(),
    ),
    (
        brawl.verify,
        brawl.can,
        GainTemporaryStamina("kira", -4),
        False,
        fight(),
    ),
    (brawl.actions.verify, brawl.actions.can, Fall("bird"), True, fight()),
    (brawl.actions.verify, brawl.actions.can, Fall("bird", height=-1), False, fight()),
    (brawl.actions.verify, brawl.actions.can, Fall("nobody"), False, fight()),
]


@pytest.mark.parametrize(("verify", "can", "request_", "legal", "enc"), CASES)
def test_can_agrees_with_verify_and_never_resolves(
    verify: Callable[[Encounter, Any], None],
    can: Callable[[Encounter, Any], bool],
    request_: Any,
    legal: bool,
    enc: Encounter,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R-DMG-1, RB1-CONDITIONS, DS-ACT-04, DS-ACT-22, DS-STAM-21, DS-FALL-01: can_x is verify_x as a bool."""

    def no_resolution(*_: object, **__: object) -> None:
        raise AssertionError("a check ran the rule")

    for module, name in [
        (damage_rules, "_resolve"),
        (conditions_rules, "_impose"),
        (conditions_rules, "_lift"),
        (recovery_rules, "_spend"),
        (conditions_rules, "_save"),
        (stamina_rules, "_gain_temporary"),
        (falling_rules, "land"),
    ]:
        monkeypatch.setattr(module, name, no_resolution)
    assert can(enc, request_) is legal
    if legal:
        verify(enc, request_)
        request_.verify(enc)
    else:
        with pytest.raises(brawl.RulesError):
            verify(enc, request_)
    monkeypatch.undo()
    if legal:
        brawl.apply(enc, request_)
    else:
        with pytest.raises(brawl.RulesError):
            brawl.apply(enc, request_)


# --- the other requests of these rules --------------------------------------------------------------
def mounted() -> Encounter:
    horse = Creature(id="horse", size="2", pos=(5, 5, 0), stamina_max=30)
    rider = Creature(id="rider", pos=(5, 5, 0), riding="horse", stamina_max=20)
    return Encounter.create(Terrain.flat(10, 10), [horse, rider])


@pytest.mark.parametrize(
    ("fn", "record"),
    [
        (brawl.verbs.knock_off, KnockOff),
        (brawl.verbs.fall_off, FallOff),
        (brawl.save_against, SaveAgainst),
        (brawl.spend_recovery, SpendRecovery),
        (brawl.lose_stamina, LoseStamina),
        (brawl.regain_stamina, RegainStamina),
    ],
)
def test_the_other_functions_take_exactly_their_records_fields(fn: Callable[..., Any], record: type) -> None:
    """DS-MTYPE-16, DS-MTYPE-17, RB2-SAVE, DS-STAM-02, R-STAM-5, R-STAM-6: nothing lost in the record."""
    assert params(fn) == fields_of(record)


def test_knock_off_and_fall_off_replay() -> None:
    """DS-MTYPE-16, DS-MTYPE-17: tier 1 falls 2 squares from the size-2 mount: 4 damage, prone at (7, 5)."""
    enc = mounted()
    action = KnockOff("rider", 1, (7, 5, 0))
    after, _ = brawl.apply(enc, round_trip(action))
    assert after == brawl.verbs.knock_off(enc, "rider", 1, landing=(7, 5, 0)).state
    rider = after.creature("rider")
    assert (rider.pos, rider.stamina, rider.has(ConditionName.PRONE)) == (Pos(7, 5, 0), 16, True)
    fell, _ = brawl.apply(enc, round_trip(FallOff("rider", (5, 7, 0))))
    assert fell.creature("rider").pos == Pos(5, 7, 0)
    assert not brawl.actions.can(enc, KnockOff("horse", 1))
    assert not brawl.actions.can(enc, KnockOff("rider", 4))
    assert not brawl.actions.can(enc, FallOff("horse"))


def test_save_spend_lose_and_regain_replay() -> None:
    """RB2-SAVE, DS-STAM-02, R-STAM-5, R-STAM-6: a 6 saves; a Recovery is 10; lose 7, regain 3."""
    enc, _ = brawl.add_condition(fight(), "kira", "dazed", "save_ends")
    saved, _ = brawl.apply(enc, round_trip(SaveAgainst("kira", 0, 6)))
    assert saved.creature("kira").conditions == ()
    assert not brawl.can(enc, SaveAgainst("kira", 0, 11))
    assert not brawl.can(fight(), SaveAgainst("kira", 0))
    lost, _ = brawl.apply(fight(), round_trip(LoseStamina("kira", 7, "bleeding")))
    assert lost.creature("kira").stamina == 23
    back, _ = brawl.apply(lost, round_trip(RegainStamina("kira", 3)))
    assert back.creature("kira").stamina == 26
    spent, _ = brawl.apply(lost, round_trip(SpendRecovery("kira", reason="a potion")))
    assert (spent.creature("kira").stamina, spent.creature("kira").recoveries) == (30, 2)
    assert spent == brawl.spend_recovery(lost, "kira", reason="a potion").state
    assert not brawl.can(fight(), SpendRecovery("ogre", hero_effect=False))
    assert not brawl.can(fight(), LoseStamina("kira", -1))
