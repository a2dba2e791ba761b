"""Ability text the importers meet in real bestiaries, read into records and resolved (RB3-TIERS,
RB2-POTENCY, R-ABIL-16..20), and Heal's saving throw against named effects (DS-ACT-22, R-ABIL-16).

The tier texts are made up in the grammar the exports print, never a published block's words."""

from __future__ import annotations

import pytest

import brawl
from brawl.conditions import Duration
from brawl.events.conditions import NamedConditionEnded
from brawl.rules.conditions import add_named_condition


def _healing(*, slowed: bool = False) -> brawl.Encounter:
    """Kira, hexed (save ends) by the ogre, and an adjacent ally; slowed (save ends) too if asked."""
    kira = brawl.Creature(
        id="kira", side=brawl.HEROES, hero=True, stamina_max=30, recoveries=8, pos=(2, 2, 0)
    )
    ally = brawl.Creature(id="ally", side=brawl.HEROES, hero=True, pos=(2, 3, 0))
    ogre = brawl.Creature(id="ogre", pos=(3, 2, 0))
    enc = brawl.Encounter.create(brawl.Terrain.flat(10, 10), (kira, ally, ogre))
    enc, _ = add_named_condition(enc, "kira", "hexed", Duration.SAVE_ENDS, source="ogre")
    if slowed:
        enc = brawl.add_condition(enc, "kira", "slowed", brawl.Duration.SAVE_ENDS, source="ogre").state
    return enc


def test_heal_saving_throw_reaches_a_save_ends_named_effect_ds_act_22_r_abil_16() -> None:
    """DS-ACT-22, RB2-SAVE, R-ABIL-16: kira's only save-ends effect is the named "hexed": Heal's
    saving throw of 6 ends it, 5 leaves it."""
    enc = _healing()
    failed, _ = brawl.heal(enc, "ally", "kira", choice="saving_throw", roll=5)
    assert [x.name for x in failed.creature("kira").named_conditions] == ["hexed"]
    saved, events = brawl.heal(enc, "ally", "kira", choice="saving_throw", roll=6)
    assert saved.creature("kira").named_conditions == ()
    (ended,) = [e for e in events if isinstance(e, NamedConditionEnded)]
    assert (ended.effect.name, ended.reason) == ("hexed", "saved")
    assert "DS-ACT-22" in ended.rules
    assert "saving throw against hexed (save ends): 6 vs 6+ succeeds" in brawl.explain(events)


def test_heal_names_the_named_effect_it_saves_against_ds_act_22() -> None:
    """DS-ACT-22, R-ABIL-16: with slowed and hexed both save ends, the default is the condition;
    ``named_effect=0`` saves against hexed instead; both indexes at once, or one out of range, is
    refused naming the rule."""
    enc = _healing(slowed=True)
    first, _ = brawl.heal(enc, "ally", "kira", choice="saving_throw", roll=6)
    assert not first.creature("kira").has("slowed")
    assert [x.name for x in first.creature("kira").named_conditions] == ["hexed"]
    named, _ = brawl.heal(enc, "ally", "kira", choice="saving_throw", roll=6, named_effect=0)
    assert named.creature("kira").has("slowed")
    assert named.creature("kira").named_conditions == ()
    with pytest.raises(brawl.InvalidArgumentError, match="DS-ACT-22"):
        brawl.heal(enc, "ally", "kira", choice="saving_throw", effect=0, named_effect=0)
    with pytest.raises(brawl.RulesError, match="RB2-SAVE"):
        brawl.heal(enc, "ally", "kira", choice="saving_throw", named_effect=3)
