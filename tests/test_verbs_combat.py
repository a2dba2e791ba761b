"""The verbs of the combat rules, each derived from its request record (brawl.verbs)."""

from __future__ import annotations

import inspect
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import brawl
import brawl.actions
import brawl.rules.recoveries
import brawl.rules.stealth
import brawl.verbs
from brawl.requests import Action
from brawl.rules import (
    abilities,
    conditions,
    damage,
    main_actions,
    maneuvers,
    recoveries,
    stability,
    stamina,
    stealth,
    strikes,
    table,
)

VERBS: dict[str, type[Action]] = {
    "damage": damage.Damage,
    "lose_stamina": stamina.LoseStamina,
    "regain_stamina": stamina.RegainStamina,
    "gain_temporary_stamina": stamina.GainTemporaryStamina,
    "add_condition": conditions.AddCondition,
    "remove_condition": conditions.RemoveCondition,
    "save_against": conditions.SaveAgainst,
    "spend_recovery": recoveries.SpendRecovery,
    "catch_breath": recoveries.CatchBreath,
    "heal": recoveries.Heal,
    "modify_stability": stability.ModifyStability,
    "remove_stability_modifier": stability.RemoveStabilityModifier,
    "free_strike": strikes.FreeStrike,
    "opportunity_attack": strikes.OpportunityAttack,
    "grab": maneuvers.Grab,
    "escape_grab": maneuvers.EscapeGrab,
    "knockback": maneuvers.Knockback,
    "aid_attack": maneuvers.AidAttack,
    "defend": main_actions.Defend,
    "charge": main_actions.Charge,
    "hide": stealth.Hide,
    "search": stealth.Search,
    "reveal": stealth.Reveal,
    "point_out": stealth.PointOut,
    "assist_test": stealth.AssistTest,
    "use_consumable": table.UseConsumable,
    "use_ability": abilities.UseAbility,
}
RULE_MODULES: tuple[ModuleType, ...] = (abilities, conditions, damage, main_actions, maneuvers)
RULE_MODULES += (recoveries, stability, stamina, stealth, strikes, table)


@pytest.mark.parametrize(("name", "record"), VERBS.items(), ids=list(VERBS))
def test_each_verb_is_derived_from_its_record(name: str, record: type[Action]) -> None:
    """The verb applies its record; its parameters after the state are the record's fields, in order,
    and its documentation is the record's."""
    verb = getattr(brawl.verbs, name)
    assert verb.request is record
    assert verb.__name__ == name
    assert verb.__doc__ == record.__doc__
    params = list(inspect.signature(verb).parameters)
    assert params == ["state", *(f.name for f in attrs.fields(record))]


def test_no_rule_module_keeps_a_hand_written_verb_can_or_verify() -> None:
    """One function, one behaviour: the records' modules define no ``x``, ``can_x`` nor ``verify_x``
    beside the record; ``brawl.can`` and ``brawl.verify`` ask any record."""
    for name in VERBS:
        public = [f"can_{name}", f"verify_{name}"]
        assert not any(hasattr(brawl, n) for n in public), name
        for module in RULE_MODULES:
            found = getattr(module, name, None)
            assert found is None or getattr(found, "request", None) is None, (module.__name__, name)
            assert not any(hasattr(module, n) for n in public), (module.__name__, name)
    for gone in ("can_make_opportunity_attack", "verify_opportunity_attack", "verify_can_target"):
        assert not hasattr(brawl, gone)
        assert not hasattr(strikes, gone)
        assert not hasattr(stealth, gone)
    assert inspect.unwrap(brawl.can) is brawl.actions.can
    assert inspect.unwrap(brawl.verify) is brawl.actions.verify


def _ogre_down() -> brawl.Encounter:
    ogre = brawl.Creature(id="ogre", stamina_max=20, pos=(1, 1))
    enc = brawl.Encounter.create(brawl.Terrain.flat(4, 4), [ogre])
    return brawl.damage(enc, "ogre", 20, knock_out=True).state


def test_can_refuses_waking_a_director_creature_at_0_stamina_DS_STAM_10_DS_STAM_15() -> None:
    """DS-STAM-10, DS-STAM-15: a knocked-out Director creature at Stamina 0 stays unconscious until it
    regains Stamina; the record's own check says so, not only its resolution."""
    enc = _ogre_down()
    assert enc.creature("ogre").stamina == 0
    request = brawl.actions.RemoveCondition("ogre", "unconscious")
    assert brawl.can(enc, request) is False
    with pytest.raises(brawl.ConditionError, match="DS-STAM-15"):
        brawl.verify(enc, request)
    with pytest.raises(brawl.ConditionError, match="DS-STAM-15"):
        brawl.remove_condition(enc, "ogre", "unconscious")
    woke = brawl.rules.recoveries.wake(enc, "ogre").state  # R-STAM-7: Stamina 1, awake
    assert woke.creature("ogre").stamina == 1
    assert brawl.can(woke, brawl.actions.RemoveCondition("ogre", "prone")) is True


def test_the_old_positional_calls_still_work_R_DMG_1_DS_DMG_08() -> None:
    """R-DMG-1, DS-DMG-08: ``damage(state, target, amount, type)`` keeps its order: 3 fire through
    fire weakness 5 is 8 damage."""
    gob = brawl.Creature(id="gob", stamina_max=20, pos=(1, 1), weaknesses={"fire": 5})
    enc = brawl.Encounter.create(brawl.Terrain.flat(4, 4), [gob])
    assert brawl.damage(enc, "gob", 3, "fire").state.creature("gob").stamina == 12
    after = brawl.add_condition(enc, "gob", "slowed", "eot", source="kira").state
    (slowed,) = after.creature("gob").conditions
    assert (slowed.name.value, slowed.duration.value, slowed.source) == ("slowed", "eot", "kira")


def test_assist_test_returns_the_outcome_whose_last_event_gives_the_reason_RB3_ASSIST() -> None:
    """DS-ACT-13, RB3-ASSIST: 5 + 6 + Reason 1 = 12 is tier 2, an edge for the main roll."""
    sage = brawl.Creature(id="sage", side="heroes", characteristics=brawl.Characteristics(reason=1))
    enc = brawl.Encounter.create(brawl.Terrain.flat(4, 4), [sage])
    out = brawl.verbs.assist_test(enc, "sage", characteristic="reason", roll=(5, 6))
    assert isinstance(out, brawl.Outcome)
    reason = brawl.rules.stealth.assist_reason(out.events[-1])  # type: ignore[arg-type]
    assert (reason.edges, reason.banes) == (1, 0)


def test_the_ability_rules_are_split_by_topic_into_modules_of_at_most_800_lines() -> None:
    """The record, its checks and its resolution each have their module, none over 800 lines."""
    package = Path(abilities.__file__).parent
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in package.glob("*.py")}
    assert set(sizes) == {"__init__.py", "request.py", "targets.py", "effects.py"}
    assert max(sizes.values()) <= 800
    for module in (damage, conditions, stamina, recoveries, stability, strikes, maneuvers, stealth, table):
        assert len(Path(str(module.__file__)).read_text(encoding="utf-8").splitlines()) <= 800
