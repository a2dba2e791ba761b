"""Named effects the nine conditions do not cover ("burning", "hexed") kept on their target and ended
like conditions (R-ABIL-14, R-ABIL-16, RB2-EOT, RB2-SAVE, RB2-EOE, DS-COND-15)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl import Creature, Encounter, Terrain
from brawl.abilities.model import Ability, Distance, PowerRoll, Target
from brawl.abilities.parse import parse_tier
from brawl.actions import EndTurn
from brawl.conditions import NAMED_DURATIONS, Duration, NamedCondition
from brawl.errors import ConditionError, InvalidArgumentError, ScenarioError, StateError
from brawl.events.conditions import NamedConditionEnded, NamedConditionGained
from brawl.events.dice import SavingThrowMade
from brawl.fields import replaced
from brawl.render import legend_lines
from brawl.rules.conditions import add_named_condition, remove_named_condition, save_against_named
from brawl.rules.phases import end_of_encounter, end_of_round, end_of_turn


def _fight(tier: str) -> Encounter:
    """The ogre at (2, 2) with one melee strike printing ``tier`` at every tier; the hero at (3, 2)."""
    blow = Ability(
        "Test Blow", "main action", None, ("Melee", "Strike", "Weapon"),
        distance=Distance("melee", 1), target=Target("creature"),
        power_roll=PowerRoll(("might",), tiers=(parse_tier(tier), parse_tier(tier), parse_tier(tier))),
    )  # fmt: skip
    ogre = Creature(id="ogre", pos=(2, 2, 0), stamina_max=40, abilities=(blow,))
    hero = Creature(id="hero", side="heroes", hero=True, pos=(3, 2, 0), stamina_max=30)
    return Encounter.create(Terrain.flat(10, 10), [ogre, hero], seed=5)


def _burning() -> Encounter:
    """The hero burning (save ends) from the ogre's blow."""
    out = brawl.use_ability(_fight("burning (save ends)"), "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    return out.state


def test_burning_save_ends_lands_on_the_target_r_abil_16_rb2_save() -> None:
    """R-ABIL-14, R-ABIL-16, RB2-SAVE: "burning (save ends)" in a tier keeps burning on the hero, save
    ends, from the ogre, with an event citing the rules; the table is still told in words."""
    out = brawl.use_ability(_fight("burning (save ends)"), "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    assert out.state.creature("hero").named_conditions == (
        NamedCondition("burning", Duration.SAVE_ENDS, "ogre", 6),
    )
    (gained,) = [e for e in out.events if isinstance(e, NamedConditionGained)]
    assert (gained.creature, gained.effect.name, gained.replaced) == ("hero", "burning", None)
    assert gained.rules == ("RB2-SAVE", "R-ABIL-16", "RB1-STACKING")
    assert out.state.creature("ogre").named_conditions == ()
    assert "hero is burning (save_ends) from ogre" in brawl.explain(out.events)


def test_a_failed_save_keeps_burning_a_success_ends_it_rb2_save() -> None:
    """RB2-SAVE, R-ABIL-16: at the end of the hero's turn a 5 on the d10 (below 6) keeps burning; a 6
    ends it, with an event citing RB2-SAVE."""
    enc = _burning()
    failed = end_of_turn(enc, "hero", named_saving_throws={0: 5})
    (throw,) = [e for e in failed.events if isinstance(e, SavingThrowMade)]
    assert (throw.roll, throw.threshold, throw.success) == (5, 6, False)
    assert [x.name for x in failed.state.creature("hero").named_conditions] == ["burning"]
    assert not [e for e in failed.events if isinstance(e, NamedConditionEnded)]
    saved = end_of_turn(failed.state, "hero", named_saving_throws={0: 6})
    (ended,) = [e for e in saved.events if isinstance(e, NamedConditionEnded)]
    assert (ended.effect.name, ended.reason) == ("burning", "saved")
    assert ended.rules == ("RB2-SAVE", "R-ABIL-16")
    assert saved.state.creature("hero").named_conditions == ()


def test_the_rng_save_ends_burning_only_on_6_or_more_rb2_save() -> None:
    """RB2-SAVE: with no roll given the d10 comes from the RNG; burning ends exactly when it is 6+."""
    enc = _burning()
    for _ in range(10):
        out = end_of_turn(enc, "hero")
        (throw,) = [e for e in out.events if isinstance(e, SavingThrowMade)]
        assert throw.against == "burning (save ends)"
        assert bool(out.state.creature("hero").named_conditions) is (throw.roll < 6)
        enc = out.state.with_creature(enc.creature("hero"))  # the RNG moves on, the hero stays burning


def test_save_against_named_checks_its_input_rb2_save() -> None:
    """RB2-SAVE: a saving throw against a named condition that isn't there, isn't save ends, or with
    an 11 on a d10, is refused naming the rule."""
    enc = _burning()
    with pytest.raises(InvalidArgumentError, match="RB2-SAVE"):
        save_against_named(enc, "hero", 1)
    with pytest.raises(InvalidArgumentError, match="RB2-SAVE"):
        save_against_named(enc, "hero", 0, roll=11)
    hexed = add_named_condition(enc, "ogre", "hexed", Duration.EOT).state
    with pytest.raises(ConditionError, match="RB2-SAVE"):
        save_against_named(hexed, "ogre", 0, roll=9)
    with pytest.raises(InvalidArgumentError, match="RB2-SAVE"):
        end_of_turn(hexed, "ogre", named_saving_throws={0: 9})


def test_an_eot_effect_ends_at_the_end_of_the_targets_turn_rb2_eot() -> None:
    """RB2-EOT, R-ABIL-16: "charmed (EoT)" lasts until the end of the hero's turn; the end of the
    ogre's turn leaves it."""
    out = brawl.use_ability(_fight("charmed (EoT)"), "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    enc = out.state
    (charmed,) = enc.creature("hero").named_conditions
    assert (charmed.name, charmed.duration) == ("charmed", Duration.EOT)
    assert end_of_turn(enc, "ogre").events == ()
    over = end_of_turn(enc, "hero")
    assert [(type(e), e.rules) for e in over.events] == [(NamedConditionEnded, ("RB2-EOT", "R-ABIL-16"))]
    assert over.state.creature("hero").named_conditions == ()


def test_the_turn_system_ends_an_eot_effect_with_the_turn_rb2_eot() -> None:
    """RB2-EOT: under Draw Steel, ending the hero's turn ends its "hexed" (EoT) named condition."""
    enc, _ = brawl.start_combat(_fight("hexed (EoT)"))
    enc = enc.with_creature(
        replaced(enc.creature("hero"), named_conditions=(NamedCondition("hexed", "eot", "ogre"),))
    )
    enc, _ = brawl.start_turn(enc, "hero")
    enc, events = brawl.end_turn(enc)
    assert any(isinstance(e, NamedConditionEnded) and e.effect.name == "hexed" for e in events)
    assert enc.creature("hero").named_conditions == ()


def test_end_turn_takes_the_d10_for_a_named_condition_rb2_save() -> None:
    """RB2-SAVE, R-ABIL-16: ``brawl.end_turn(named_saving_throws={0: 4})`` fails the save (4 < 6) and
    burning stays; the ``EndTurn`` record with ``named_saving_throws=(9,)`` ends it, through
    :func:`brawl.apply` and a JSON round trip of the record."""
    enc, _ = brawl.start_combat(_burning())
    enc, _ = brawl.start_turn(enc, "hero")
    kept, events = brawl.end_turn(enc, named_saving_throws={0: 4})
    assert [(e.roll, e.success) for e in events if isinstance(e, SavingThrowMade)] == [(4, False)]
    assert [x.name for x in kept.creature("hero").named_conditions] == ["burning"]
    record = brawl.actions_from_json(brawl.actions_to_json([EndTurn(named_saving_throws=(9,))]))[0]
    ended, events = brawl.apply(enc, record)
    assert [(e.roll, e.success) for e in events if isinstance(e, SavingThrowMade)] == [(9, True)]
    assert ended.creature("hero").named_conditions == ()
    with pytest.raises(brawl.RulesError, match="RB2-SAVE"):
        brawl.apply(enc, EndTurn(named_saving_throws=(11,)))


def test_durations_end_of_encounter_and_until_removed_rb2_eoe_r_abil_16() -> None:
    """RB2-EOE, R-ABIL-16: "soaked until the end of the encounter" ends with the encounter; "the target
    is dragonsealed" (no duration) stays until removed, then ends with one event."""
    enc = _fight("the target is dragonsealed")
    enc = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9)).state
    enc = add_named_condition(enc, "hero", "soaked", Duration.END_OF_ENCOUNTER, source="ogre").state
    assert [(x.name, x.duration) for x in enc.creature("hero").named_conditions] == [
        ("dragonsealed", Duration.UNTIL_REMOVED),
        ("soaked", Duration.END_OF_ENCOUNTER),
    ]
    assert end_of_turn(enc, "hero").events == ()
    assert end_of_round(enc).events == ()
    over = end_of_encounter(enc)
    ended = [e for e in over.events if isinstance(e, NamedConditionEnded)]
    assert [(e.effect.name, e.rules) for e in ended] == [("soaked", ("RB2-EOE", "R-ABIL-16"))]
    assert [x.name for x in over.state.creature("hero").named_conditions] == ["dragonsealed"]
    removed = remove_named_condition(over.state, "hero", "dragonsealed")
    assert [e.effect.name for e in removed.events] == ["dragonsealed"]  # type: ignore[attr-defined]
    assert removed.state.creature("hero").named_conditions == ()


def test_end_of_combat_ends_named_effects_unless_kept_ds_cond_15() -> None:
    """DS-COND-15, R-ABIL-16: at the end of combat a named effect ends unless the creature keeps it."""
    enc, _ = brawl.start_combat(_fight("hexed"))
    for name in ("hexed", "blessed"):
        enc = add_named_condition(enc, "hero", name, source="ogre").state
    enc, events = brawl.end_combat(enc, keep={"hero": ["blessed"]})
    assert [e.effect.name for e in events if isinstance(e, NamedConditionEnded)] == ["hexed"]
    assert [x.name for x in enc.creature("hero").named_conditions] == ["blessed"]


def test_the_same_name_and_source_replaces_rb1_stacking() -> None:
    """RB1-STACKING, R-ABIL-16: burning again from the ogre replaces the first (the newer duration);
    burning from another source is a second instance."""
    enc = _burning()
    again = add_named_condition(enc, "hero", "burning", Duration.EOT, source="ogre")
    (gained,) = again.events
    assert isinstance(gained, NamedConditionGained)
    assert gained.replaced == NamedCondition("burning", Duration.SAVE_ENDS, "ogre")
    assert again.state.creature("hero").named_conditions == (NamedCondition("burning", Duration.EOT, "ogre"),)
    other = add_named_condition(again.state, "hero", "burning", Duration.EOT, source="imp")
    assert len(other.state.creature("hero").named_conditions) == 2


def test_named_condition_refuses_a_condition_name_or_a_dead_target_r_abil_16() -> None:
    """R-ABIL-16, DS-STAM-09: a named condition is never one of the conditions, nor lands on the dead."""
    with pytest.raises(StateError, match="it is a condition"):
        NamedCondition("prone")
    with pytest.raises(StateError, match="duration"):
        NamedCondition("burning", Duration.WHILE_DYING)
    enc = _fight("burning (save ends)")
    with pytest.raises(ConditionError, match="R-ABIL-16"):
        add_named_condition(enc, "hero", "slowed")
    dead = enc.with_creature(replaced(enc.creature("hero"), dead=True, stamina=-40))
    with pytest.raises(ConditionError, match="DS-STAM-09"):
        add_named_condition(dead, "hero", "burning")


def test_named_conditions_round_trip_through_json_and_show_in_text() -> None:
    """R-ABIL-16: the state's JSON keeps a named condition; str() and the legend show it like a condition."""
    enc = _burning()
    back = brawl.from_json(brawl.to_json(enc))
    assert back.creature("hero").named_conditions == (NamedCondition("burning", Duration.SAVE_ENDS, "ogre"),)
    assert '"named_conditions"' in brawl.to_json(enc)
    assert str(enc.creature("hero")).endswith("Stamina 30/30, burning")
    (line,) = [x for x in legend_lines(enc, {"hero": "H"}, {}) if x.startswith("H ")]
    assert line.endswith("burning (save ends, from ogre)")


def test_a_scenario_names_named_conditions_and_the_loader_names_a_bad_one_r_abil_16() -> None:
    """R-ABIL-16: a scenario lists named conditions as names or tables; a saved state holding a
    condition's name, or a duration a named condition can't have, is refused naming the field."""
    enc = brawl.loads_scenario(
        """
[[levels]]
map = "..A.."
[[creatures]]
id = "a"
mark = "A"
named_conditions = ["hexed", { name = "burning", duration = "save_ends", source = "b" }]
"""
    )
    assert enc.creature("a").named_conditions == (
        NamedCondition("hexed"),
        NamedCondition("burning", Duration.SAVE_ENDS, "b"),
    )
    saved = json.loads(brawl.to_json(enc))
    saved["creatures"][0]["named_conditions"][0]["name"] = "prone"
    with pytest.raises(ScenarioError, match=r"creatures\[0\]\.named_conditions\[0\].*it is a condition"):
        brawl.from_json(json.dumps(saved))
    saved["creatures"][0]["named_conditions"][0] = {"name": "hexed", "duration": "while_dying"}
    with pytest.raises(ScenarioError, match=r"named_conditions\[0\].*duration 'while_dying'"):
        brawl.from_json(json.dumps(saved))


_NAMED = st.builds(
    NamedCondition,
    st.sampled_from(["burning", "hexed", "charmed", "dragonsealed", "marked by the witch"]),
    st.sampled_from(sorted(NAMED_DURATIONS, key=lambda d: d.value)),
    st.none() | st.sampled_from(["ogre", "Flame Breath"]),
    st.integers(1, 11),
)


@given(st.lists(_NAMED, max_size=4))
def test_any_named_conditions_round_trip_through_json_r_abil_16(named: list[NamedCondition]) -> None:
    """R-ABIL-16: whatever named conditions a creature carries, the saved state loads them back
    equal and in order."""
    hero = Creature(id="hero", side="heroes", hero=True, stamina_max=30, named_conditions=named)
    enc = Encounter.create(Terrain.flat(3, 3), [hero])
    assert brawl.from_json(brawl.to_json(enc)).creature("hero").named_conditions == tuple(named)
