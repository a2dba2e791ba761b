"""Ability text the importers meet in real bestiaries, read into records and resolved (RB3-TIERS,
RB2-POTENCY, R-ABIL-16..20), and Heal's saving throw against named effects (DS-ACT-22, R-ABIL-16).

The tier texts are made up in the grammar the exports print, never a published block's words."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import attrs
import pytest

import brawl
from brawl.abilities.model import (
    Ability,
    ApplyCondition,
    Choice,
    Cost,
    Damage,
    Distance,
    EdgeOrBane,
    ForcedMovement,
    Instead,
    NamedEffect,
    OneTarget,
    Potency,
    PowerRoll,
    Shift,
    Target,
    TextEffect,
    Tier,
)
from brawl.abilities.parse import parse_tier
from brawl.conditions import Duration
from brawl.events.abilities import EffectForTable, PotencyChecked, ResourceRefunded
from brawl.events.base import Note
from brawl.events.conditions import NamedConditionEnded
from brawl.events.damage import Damaged
from brawl.events.dice import PowerRolled
from brawl.io.json import EFFECT_KEY, structure, unstructure
from brawl.rules.conditions import add_named_condition
from brawl.statblocks import loads_statblocks
from brawl.statblocks import text as notation
from brawl.verbs import assist_test


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


# --- the clauses, in the exporters' shapes ------------------------------------------------------
DATA = Path(__file__).parent / "data" / "statblocks"


def _tiers(block: brawl.StatBlock, name: str) -> tuple[Tier, ...]:
    found = next(a for a in block.abilities if a.name == name).power_roll
    assert found is not None
    return found.tiers


def _forge_steel(tiers: tuple[str, str, str]) -> tuple[Tier, ...]:
    """The Forge Steel sample monster, its Maul Sweep printing ``tiers``."""
    data = json.loads((DATA / "fs-monster.json").read_text(encoding="utf-8"))
    roll = data["features"][2]["data"]["ability"]["powerRoll"]
    roll["tier1"], roll["tier2"], roll["tier3"] = tiers
    (block,) = loads_statblocks(json.dumps(data), source="monster.json").blocks
    assert isinstance(block, brawl.StatBlock)
    return _tiers(block, "Maul Sweep")


def _steel_compendium(tiers: tuple[str, str, str]) -> tuple[Tier, ...]:
    """The SteelCompendium sample swarmling, its Sting Dart printing ``tiers``."""
    text = (DATA / "sc-squad.yaml").read_text(encoding="utf-8")
    for n, tier in enumerate(tiers, 1):
        text = text.replace(f"tier{n}: {n} poison damage", f"tier{n}: {json.dumps(tier)}")
    file = loads_statblocks(text, source="squad.yaml")
    block = file.blocks[0]
    assert isinstance(block, brawl.StatBlock)
    return _tiers(block, "Sting Dart")


M1, M2, I1, R2 = Potency("might", 1), Potency("might", 2), Potency("intuition", 1), Potency("reason", 2)


def test_forge_steel_choices_lasting_banes_and_alternatives_are_records_r_abil_17_18() -> None:
    """RB3-TIERS, RB2-POTENCY, R-ABIL-17, R-ABIL-18: a choice, a choice behind a potency, a lasting
    bane, a choice of three sharing its duration and an alternative behind a potency, written as
    Forge Steel writes a monster's power roll, are read into records with their numbers."""
    tiers = _forge_steel(
        (
            "4 damage; grabbed or prone",
            "7 damage; M<1 slide 3 or prone; the target takes a bane on their next strike",
            "10 damage; M<2 dazed, slowed, or weakened (save ends); "
            "burning (save ends) or R<2 hexed (see Hex)",
        )
    )
    grabbed, prone = ApplyCondition("grabbed", ""), ApplyCondition("prone", "")
    assert tiers[0].effects == (Damage(4), Choice(((grabbed,), (prone,))))
    assert tiers[1].effects == (
        Damage(7),
        Choice(((ForcedMovement("slide", 3),), (prone,)), M1),
        EdgeOrBane("bane", "next strike"),
    )
    three = tuple((ApplyCondition(c, "save ends"),) for c in ("dazed", "slowed", "weakened"))
    assert tiers[2].effects == (
        Damage(10),
        Choice(three, M2),
        Instead((NamedEffect("burning", "save ends"),), (NamedEffect("hexed"),), R2),
    )
    for tier in tiers:
        assert tier.unresolved == ()
        assert parse_tier(tier.printed()).effects == tier.effects


def test_steel_compendium_one_target_instead_and_lasting_modifiers_r_abil_17_19_20() -> None:
    """RB3-TIERS, R-ABIL-17..20: "or if" and "instead" after a clause, one target and the other,
    pushed up to 2 squares, the user's double edge on its next power roll and a lasting weakness,
    written as SteelCompendium writes a stat block, are read into records."""
    tiers = _steel_compendium(
        (
            "Dazed (EoT); or if I < 1 frightened (save ends)",
            "3 damage; one target is grabbed; the other target is pushed up to 2 squares",
            "5 damage; the swarmling has a double edge on its next power roll; "
            "if the target has R < 2 they are instead fire weakness 4 (save ends)",
        )
    )
    dazed, scared = ApplyCondition("dazed", "end of turn"), ApplyCondition("frightened", "save ends")
    assert tiers[0].effects == (Instead((dazed,), (scared,), I1),)
    assert tiers[1].effects == (
        Damage(3),
        OneTarget((ApplyCondition("grabbed", ""),)),
        OneTarget((ForcedMovement("push", 2),), other=True),
    )
    edge = EdgeOrBane("edge", "next power roll", double=True, who="user")
    assert tiers[2].effects == (
        Damage(5),
        Instead((edge,), (NamedEffect("fire weakness 4", "save ends"),), R2),
    )
    for tier in tiers:
        assert tier.unresolved == ()
        assert parse_tier(tier.printed()).effects == tier.effects


def test_foundry_other_text_reads_a_shift_away_from_the_target_r_abil_18() -> None:
    """R-ABIL-18: a Foundry "other" effect printing "push 2, or the hulk shifts up to 2 squares
    away from the target" is a choice of a push and the user's shift bound to go away."""
    data = json.loads((DATA / "foundry-npc.json").read_text(encoding="utf-8"))
    other = data["items"][1]["system"]["power"]["effects"]["d4"]["other"]
    other["tier3"]["display"] = "<p>push 2, or the hulk shifts up to 2 squares away from the target</p>"
    (block,) = loads_statblocks(json.dumps(data), source="npc.json").blocks
    assert isinstance(block, brawl.StatBlock)
    *_, last = _tiers(block, "Slag Fist")[2].effects
    away = Shift(2, "user", direction="away from the target")
    assert last == Choice(((ForcedMovement("push", 2),), (away,)))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("the target is slowed until it rests or prone", "the target is slowed until it rests or prone"),
        ("push 2 or the target sings", "push 2 or the target sings"),
        ("taunted (EoT) or frightened of all goblins (save ends)", None),
        ("one target swaps places with an ally", "one target swaps places with an ally"),
    ],
)
def test_what_is_not_read_stays_text_r_abil_4(text: str, kept: str | None) -> None:
    """R-ABIL-4: an option, a one-target clause or a condition of someone other than the user that
    is not read leaves the whole clause as text."""
    (effect,) = parse_tier(text).effects
    assert isinstance(effect, TextEffect)
    assert effect.text == (kept or text)


# --- their resolution ---------------------------------------------------------------------------
def _fight(*tiers: str, targets: int = 1) -> brawl.Encounter:
    """The ogre (Might 0) at (2, 2) with a melee strike printing ``tiers`` (one for all three, or
    three), and goblins at (3, 2) (Might 3) and (3, 3) (Might 0)."""
    printed = tiers * 3 if len(tiers) == 1 else tiers
    blow = Ability(
        "Test Blow", "main action", None, ("Melee", "Strike", "Weapon"),
        distance=Distance("melee", 1), target=Target("creature", targets),
        power_roll=PowerRoll(("might",), tiers=tuple(parse_tier(t) for t in printed)),
    )  # fmt: skip
    ogre = brawl.Creature(id="ogre", pos=(2, 2, 0), stamina_max=40, abilities=(blow,))
    strong = brawl.Characteristics(might=3)
    gob = brawl.Creature(id="gob", side="heroes", pos=(3, 2, 0), stamina_max=30, characteristics=strong)
    tot = brawl.Creature(id="tot", side="heroes", pos=(3, 3, 0), stamina_max=30)
    return brawl.Encounter.create(brawl.Terrain.flat(10, 10), [ogre, gob, tot])


def _notes(events: Iterable[object], rule: str) -> list[str]:
    return [e.text for e in events if isinstance(e, Note) and rule in e.rules]


def test_a_choice_takes_the_users_option_default_the_first_r_abil_18() -> None:
    """R-ABIL-18: "push 2 or prone": by default gob is pushed 2 squares (to x 5); with
    ``choices={"gob": 1}`` it is knocked prone instead and not moved; an option the ability does
    not print, or a choice for someone who is not a target, is refused naming the rule."""
    enc = _fight("push 2 or prone")
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["gob"], dice=(9, 9))
    assert out.state.creature("gob").pos.x == 5
    assert _notes(out.events, "R-ABIL-18") == ["ogre chooses push 2 for gob (of: push 2 or prone)"]
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["gob"], dice=(9, 9), choices={"gob": 1})
    assert out.state.creature("gob").pos.x == 3
    assert out.state.creature("gob").has("prone")
    with pytest.raises(brawl.InvalidArgumentError, match="R-ABIL-18"):
        brawl.use_ability(enc, "ogre", "Test Blow", targets=["gob"], dice=(9, 9), choices={"gob": 2})
    with pytest.raises(brawl.InvalidArgumentError, match="R-ABIL-9"):
        brawl.use_ability(enc, "ogre", "Test Blow", targets=["gob"], dice=(9, 9), choices={"tot": 1})


def test_an_alternative_behind_a_potency_replaces_the_effect_rb2_potency_r_abil_18() -> None:
    """RB2-POTENCY, R-ABIL-18: "slowed (save ends) or M < 2 restrained (save ends)": gob (Might 3)
    resists and is slowed; tot (Might 0) fails and is restrained, not slowed."""
    enc = _fight("slowed (save ends) or M < 2 restrained (save ends)", targets=2)
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["gob", "tot"], dice=(9, 9))
    gob, tot = out.state.creature("gob"), out.state.creature("tot")
    assert (gob.has("slowed"), gob.has("restrained")) == (True, False)
    assert (tot.has("slowed"), tot.has("restrained")) == (False, True)
    checks = [(e.target, e.applies) for e in out.events if isinstance(e, PotencyChecked)]
    assert checks == [("gob", False), ("tot", True)]


def test_one_target_and_the_other_follow_the_order_of_the_targets_r_abil_19() -> None:
    """R-ABIL-19: "one target is grabbed; the other target is prone": the first target named is
    grabbed, the second knocked prone; named the other way round, the other way round."""
    enc = _fight("one target is grabbed; the other target is prone", targets=2)
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["gob", "tot"], dice=(9, 9))
    assert [out.state.creature(c).has("grabbed") for c in ("gob", "tot")] == [True, False]
    assert [out.state.creature(c).has("prone") for c in ("gob", "tot")] == [False, True]
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["tot", "gob"], dice=(9, 9))
    assert [out.state.creature(c).has("grabbed") for c in ("gob", "tot")] == [False, True]
    assert [out.state.creature(c).has("prone") for c in ("gob", "tot")] == [True, False]
    assert len(_notes(out.events, "R-ABIL-19")) == 2


def _striker(enc: brawl.Encounter, keywords: tuple[str, ...]) -> brawl.Encounter:
    """Gob with one ability of ``keywords`` (Power Roll + 0, no effects)."""
    jab = Ability(
        "Jab", "main action", None, keywords, distance=Distance("melee", 1), target=Target("creature"),
        power_roll=PowerRoll((), 0, tiers=(parse_tier("1 damage"),) * 3),
    )  # fmt: skip
    return enc.with_creature(attrs.evolve(enc.creature("gob"), abilities=(jab,)))


def test_a_bane_on_the_next_strike_lasts_until_that_strike_r_abil_17() -> None:
    """R-ABIL-17, RB3-EDGES: "the target takes a bane on their next strike" keeps "taking a bane on its next
    strike" on gob; gob's next ability that is not a strike keeps it; its strike rolls with the
    bane (5 + 5 = 10, -2: total 8) and ends it."""
    out = brawl.use_ability(
        _fight("the target takes a bane on their next strike"), "ogre", "Test Blow", targets=["gob"],
        dice=(9, 9),
    )  # fmt: skip
    (kept,) = out.state.creature("gob").named_conditions
    assert (kept.name, kept.source, kept.duration) == (
        "taking a bane on its next strike",
        "ogre",
        Duration.UNTIL_REMOVED,
    )
    spell = brawl.use_ability(
        _striker(out.state, ("Magic", "Ranged")), "gob", "Jab", targets=["ogre"], dice=(5, 5)
    )
    (roll,) = [e for e in spell.events if isinstance(e, PowerRolled)]
    assert (roll.banes, roll.total) == (0, 10)
    assert [x.name for x in spell.state.creature("gob").named_conditions] == [
        "taking a bane on its next strike"
    ]
    strike = brawl.use_ability(
        _striker(out.state, ("Melee", "Strike")), "gob", "Jab", targets=["ogre"], dice=(5, 5)
    )
    (roll,) = [e for e in strike.events if isinstance(e, PowerRolled)]
    assert (roll.banes, roll.total) == (1, 8)
    assert strike.state.creature("gob").named_conditions == ()
    (ended,) = [e for e in strike.events if isinstance(e, NamedConditionEnded)]
    assert (ended.reason, ended.rules) == ("used", ("R-ABIL-17",))


def test_a_bane_on_power_rolls_lasts_for_its_duration_r_abil_17() -> None:
    """R-ABIL-17, RB2-SAVE: "the target is slowed and takes a bane on power rolls (save ends)":
    gob is slowed and keeps "taking a bane on power rolls" (save ends), which stays after a roll."""
    out = brawl.use_ability(
        _fight("the target is slowed and takes a bane on power rolls (save ends)"), "ogre", "Test Blow",
        targets=["gob"], dice=(9, 9),
    )  # fmt: skip
    gob = out.state.creature("gob")
    assert gob.has("slowed")
    assert [(x.name, x.duration) for x in gob.named_conditions] == [
        ("taking a bane on power rolls", Duration.SAVE_ENDS)
    ]
    again = brawl.use_ability(_striker(out.state, ("Magic",)), "gob", "Jab", targets=["ogre"], dice=(5, 5))
    (roll,) = [e for e in again.events if isinstance(e, PowerRolled)]
    assert (roll.banes, roll.total) == (1, 8)
    assert len(again.state.creature("gob").named_conditions) == 1


def test_a_shift_away_from_the_target_must_end_farther_r_abil_18() -> None:
    """R-ABIL-14, R-ABIL-18: the ogre takes "the ogre shifts up to 2 squares away from the target":
    a path ending nearer to gob is not made (a note), one ending 3 squares from it is."""
    enc = _fight("push 2 or the ogre shifts up to 2 squares away from the target")
    toward = brawl.use_ability(
        enc,
        "ogre",
        "Test Blow",
        targets=["gob"],
        dice=(9, 9),
        choices={"gob": 1},
        shifts={"gob": [(2, 3, 0)]},
    )
    assert toward.state.creature("ogre").pos == (2, 2, 0)
    assert _notes(toward.events, "R-ABIL-18")[-1].endswith("(the path ends 1 squares from gob, 1 before)")
    away = brawl.use_ability(
        enc, "ogre", "Test Blow", targets=["gob"], dice=(9, 9), choices={"gob": 1},
        shifts={"gob": [(1, 2, 0), (0, 2, 0)]},
    )  # fmt: skip
    assert away.state.creature("ogre").pos == (0, 2, 0)
    assert away.state.creature("gob").pos == (3, 2, 0)


def test_a_named_effect_naming_the_target_last_is_shown_as_its_r_abil_14() -> None:
    """R-ABIL-14, R-ABIL-16: "the ogre has concealment from the target (save ends)" is shown with
    gob in the target's place and kept on gob until it saves."""
    out = brawl.use_ability(
        _fight("the ogre has concealment from the target (save ends)"), "ogre", "Test Blow",
        targets=["gob"], dice=(9, 9),
    )  # fmt: skip
    (shown,) = [e for e in out.events if isinstance(e, EffectForTable)]
    assert shown.text.startswith("the ogre has concealment from gob until it saves")
    (kept,) = out.state.creature("gob").named_conditions
    assert (kept.name, kept.duration) == ("the ogre has concealment from gob", Duration.SAVE_ENDS)


def test_the_new_effects_go_to_json_and_back_rb3_tiers() -> None:
    """RB3-TIERS: a tier of each new kind of effect is written tagged by kind and read back."""
    tier = parse_tier(
        "grabbed or prone; slowed (EoT) or M < 1 restrained (EoT); one target is push 1; "
        "the target takes a double bane on strikes (EoT)"
    )
    data = unstructure(tier, Tier)
    assert [e[EFFECT_KEY] for e in data["effects"]] == ["choice", "instead", "one_target", "edge"]
    assert structure(json.loads(json.dumps(data)), Tier) == tier


# --- targets counted per minion -------------------------------------------------------------------
def test_a_target_per_minion_is_a_count_per_minion_of_the_squad() -> None:
    """R-ABIL-9: "One creature or object per minion" is one creature or object for each minion
    attacking, the squad's size a parameter (``Target.most``): 1 for a lone minion, 3 for three;
    it prints back as written, and Forge Steel's "Two creatures per minion" loads as 2 each."""
    words = "One creature or object per minion"
    read = notation.target(words)
    assert read == {"kind": "creature or object", "count": 1, "per_minion": True, "text": words}
    target = Target("creature or object", 1, per_minion=True)
    assert (target.most(), target.most(3), Target("enemy", 2).most(3)) == (1, 3, 2)
    assert target.printed() == "One creature or object per minion"
    data = json.loads((DATA / "fs-monster.json").read_text(encoding="utf-8"))
    data["features"][2]["data"]["ability"]["target"] = "Two creatures per minion"
    (block,) = loads_statblocks(json.dumps(data), source="monster.json").blocks
    assert isinstance(block, brawl.StatBlock)
    sweep = next(a for a in block.abilities if a.name == "Maul Sweep")
    assert (sweep.target.kind, sweep.target.count, sweep.target.per_minion) == ("creature", 2, True)
    assert sweep.target.most(4) == 8
    with pytest.raises(brawl.StateError, match="per_minion"):
        Target("each enemy", per_minion=True)
    with pytest.raises(brawl.InvalidArgumentError, match="R-ABIL-9"):
        target.most(0)
    with pytest.raises(brawl.ArgumentTypeError, match="R-ABIL-9"):
        target.most("3")  # type: ignore[arg-type]


def test_no_refund_when_an_alternative_leaves_its_first_effect_r_abil_8_r_abil_18() -> None:
    """R-ABIL-8, R-ABIL-18: a heroic ability costing 2 whose every tier is "slowed (EoT) or M < 2
    restrained (EoT)": gob (Might 3) resists the potency but is slowed, so the ability did
    something and nothing is refunded (3 - 2 = 1 left)."""
    blow = Ability(
        "Test Glare", "main action", "heroic", ("Magic", "Ranged"),
        distance=Distance("ranged", 5), target=Target("creature"), cost=Cost("heroic", 2),
        power_roll=PowerRoll(("might",), tiers=(parse_tier("slowed (EoT) or M < 2 restrained (EoT)"),) * 3),
    )  # fmt: skip
    hero = brawl.Creature(id="kira", side="heroes", hero=True, heroic_resource=3, abilities=(blow,))
    gob = brawl.Creature(id="gob", pos=(3, 0, 0), characteristics=brawl.Characteristics(might=3))
    out = brawl.use_ability(
        brawl.Encounter(creatures=(hero, gob)), "kira", "Test Glare", targets=["gob"], dice=(9, 9)
    )
    assert [e.applies for e in out.events if isinstance(e, PotencyChecked)] == [False]
    assert out.state.creature("gob").has("slowed")
    assert not [e for e in out.events if isinstance(e, ResourceRefunded)]
    assert out.state.creature("kira").heroic_resource == 1


def test_the_target_cant_is_a_named_effect_on_the_target_r_abil_14_r_abil_16() -> None:
    """R-ABIL-14, R-ABIL-16, R-ABIL-17: "the target is dazed, takes a bane on power rolls, and can't
    regain Stamina (save ends)" is dazed, the lasting bane and "can't regain Stamina", all until the
    target saves; on gob the last is shown and kept as "gob can't regain Stamina"."""
    text = "The target is dazed, takes a bane on power rolls, and can't regain Stamina (save ends)."
    assert parse_tier(text).effects == (
        ApplyCondition("dazed", "save ends"),
        EdgeOrBane("bane", "power rolls", duration="save ends"),
        NamedEffect("can't regain Stamina", "save ends"),
    )
    assert parse_tier("the target can't use triggered actions").effects == (
        NamedEffect("can't use triggered actions"),
    )
    assert parse_tier("R < weak the target can't tell friend from foe for long (EoT)").effects == (
        NamedEffect("can't tell friend from foe for long", "end of turn", Potency("reason", "weak")),
    )
    out = brawl.use_ability(_fight(text), "ogre", "Test Blow", targets=["gob"], dice=(9, 9))
    gob = out.state.creature("gob")
    assert gob.has("dazed")
    kept = [(x.name, x.duration) for x in gob.named_conditions]
    assert kept == [
        ("taking a bane on power rolls", Duration.SAVE_ENDS),
        ("gob can't regain Stamina", Duration.SAVE_ENDS),
    ]
    (shown,) = [e for e in out.events if isinstance(e, EffectForTable)]
    assert shown.text.startswith("gob can't regain Stamina until it saves")


def test_a_vertical_slide_joined_to_an_effect_behind_one_potency_rb2_potency() -> None:
    """RB2-POTENCY, DS-FORCE-10: "slide 2; A < 1 the slide is vertical, and the target is slowed
    (EoT)": the slide is vertical against a target failing A < 1, and that target is slowed."""
    a1 = Potency("agility", 1)
    assert parse_tier("Slide 2; A < 1 the slide is vertical, and the target is slowed (EoT)").effects == (
        ForcedMovement("slide", 2, vertical_potency=a1),
        ApplyCondition("slowed", "end of turn", a1),
    )


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        ("push or pull 3", (Choice(((ForcedMovement("push", 3),), (ForcedMovement("pull", 3),))),)),
        (
            "prone A<1 can't stand (EoT)",
            (
                Instead(
                    (ApplyCondition("prone", ""),),
                    (ApplyCondition("prone", "end of turn", can_stand=False),),
                    Potency("agility", 1),
                ),
            ),
        ),
        ("5 + R, I, or P damage", (Damage(5, ("reason", "intuition", "presence")),)),
        ("2 + M, A or R cold damage", (Damage(2, ("might", "agility", "reason"), ("cold",)),)),
        (
            "the target has damage weakness 2 (EoT)",
            (NamedEffect("the target has damage weakness 2", "end of turn"),),
        ),
    ],
)
def test_hero_sheet_phrasings_r_abil_2_r_abil_18_r_abil_20(text: str, effects: tuple[object, ...]) -> None:
    """R-ABIL-2, R-ABIL-18, R-ABIL-20: "push or pull 3" is a choice of two kinds over one distance;
    "prone A<1 can't stand (EoT)" prone, and against a target failing A < 1 prone and unable to
    stand to the end of its turn;
    "5 + R, I, or P" adds the highest of three; "the target has damage weakness 2" is a named
    lasting weakness."""
    tier = parse_tier(text)
    assert tier.effects == effects
    assert parse_tier(tier.printed()).effects == effects


def test_an_option_another_tier_prints_falls_back_to_the_first_r_abil_18() -> None:
    """R-ABIL-18: tier 1 prints three options, tier 3 two; ``choices={"gob": 2}`` passes the
    checks, and on tier 3 (9 + 9 = 18) the first option, grabbed, is taken, the note saying so."""
    enc = _fight("push 1, slide 1, or prone", "push 1, slide 1, or prone", "grabbed or prone")
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["gob"], dice=(9, 9), choices={"gob": 2})
    assert out.state.creature("gob").has("grabbed")
    assert not out.state.creature("gob").has("prone")
    (note,) = _notes(out.events, "R-ABIL-18")
    assert note.endswith("option 2 is not printed here, the first is taken")


def test_a_choice_of_more_than_ten_options_stays_text_rb3_tiers() -> None:
    """RB3-TIERS, R-ABIL-4: ten printed options are a choice; eleven, or a long run of "or", stay
    text (never an error from the record's own check of 2 to 10 options)."""
    ten = "bleeding, " * 9 + "or slowed"
    (choice,) = parse_tier(ten).effects
    assert isinstance(choice, Choice)
    assert len(choice.options) == 10
    for text in ("bleeding, " * 10 + "or slowed", "prone or " * 400 + "prone"):
        (kept,) = parse_tier(text).effects
        assert isinstance(kept, TextEffect)
        assert kept.text == text.strip()


def test_a_lasting_damage_weakness_counts_in_the_damage_r_abil_20_ds_dmg_08() -> None:
    """R-ABIL-20, DS-DMG-08, R-DMG-2: after "the target has damage weakness 2 (save ends)", gob
    (30 Stamina) takes 3 untyped damage as 5 (to 25), the event citing R-ABIL-20; tot, without it,
    takes 3 (to 27)."""
    out = brawl.use_ability(
        _fight("the target has damage weakness 2 (save ends)"), "ogre", "Test Blow", targets=["gob"],
        dice=(9, 9),
    )  # fmt: skip
    (kept,) = out.state.creature("gob").named_conditions
    assert (kept.name, kept.duration) == ("gob has damage weakness 2", Duration.SAVE_ENDS)
    hit = brawl.damage(out.state, "gob", 3)
    (dealt,) = [e for e in hit.events if isinstance(e, Damaged)]
    assert (dealt.weakness, dealt.after_weakness, dealt.stamina_after) == (2, 5, 25)
    assert {"DS-DMG-08", "R-ABIL-20"} <= set(dealt.rules)
    plain = brawl.damage(out.state, "tot", 3)
    (dealt,) = [e for e in plain.events if isinstance(e, Damaged)]
    assert (dealt.weakness, dealt.stamina_after, "R-ABIL-20" in dealt.rules) == (0, 27, False)


def test_a_lasting_typed_weakness_takes_the_highest_r_abil_20_ds_dmg_11() -> None:
    """R-ABIL-20, DS-DMG-08, DS-DMG-11: gob, printed fire weakness 2, gets "fire weakness 4 (save
    ends)": 3 fire takes the highest, 4 (7 taken, 30 to 23); 3 cold takes no weakness (to 27)."""
    enc = _fight("fire weakness 4 (save ends)")
    enc = enc.with_creature(attrs.evolve(enc.creature("gob"), weaknesses={"fire": 2}))
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["gob"], dice=(9, 9))
    assert [x.name for x in out.state.creature("gob").named_conditions] == ["fire weakness 4"]
    fire = brawl.damage(out.state, "gob", 3, "fire")
    (dealt,) = [e for e in fire.events if isinstance(e, Damaged)]
    assert (dealt.weakness, dealt.after_weakness, dealt.stamina_after) == (4, 7, 23)
    assert "R-ABIL-20" in dealt.rules
    cold = brawl.damage(out.state, "gob", 3, "cold")
    (dealt,) = [e for e in cold.events if isinstance(e, Damaged)]
    assert (dealt.weakness, dealt.stamina_after, "R-ABIL-20" in dealt.rules) == (0, 27, False)
    assert brawl.rules.damage.creature_steps(out.state, "gob", 3, "fire").after_weakness == 7


def test_a_lasting_bane_on_the_next_strike_falls_on_a_free_strike_r_abil_17() -> None:
    """R-ABIL-17, RB3-EDGES, DS-STRIKE-06: gob (Might 3), "taking a bane on its next strike", makes
    a melee free strike with 5 + 5: 13 - 2 = 11 (one bane, its reason citing R-ABIL-17), and the
    bane ends, used; its next free strike rolls 13."""
    out = brawl.use_ability(
        _fight("the target takes a bane on their next strike"), "ogre", "Test Blow", targets=["gob"],
        dice=(9, 9),
    )  # fmt: skip
    struck = brawl.free_strike(out.state, "gob", "ogre", dice=(5, 5))
    (roll,) = [e for e in struck.events if isinstance(e, PowerRolled)]
    assert (roll.banes, roll.total) == (1, 11)
    assert struck.state.creature("gob").named_conditions == ()
    (ended,) = [e for e in struck.events if isinstance(e, NamedConditionEnded)]
    assert (ended.effect.name, ended.reason) == ("taking a bane on its next strike", "used")
    again = brawl.free_strike(struck.state, "gob", "ogre", dice=(5, 5))
    (roll,) = [e for e in again.events if isinstance(e, PowerRolled)]
    assert (roll.banes, roll.total) == (0, 13)


def test_a_lasting_bane_on_power_rolls_falls_on_tests_r_abil_17() -> None:
    """R-ABIL-17, RB3-EDGES: "taking a bane on power rolls (save ends)" counts on gob's tests (a
    test is a power roll) as one bane citing R-ABIL-17, and stays; one on strikes does not."""
    out = brawl.use_ability(
        _fight("the target takes a bane on power rolls (save ends)"), "ogre", "Test Blow",
        targets=["gob"], dice=(9, 9),
    )  # fmt: skip
    found = brawl.edges_and_banes(out.state, "gob", kind="test", characteristic="presence")
    assert (found.edges, found.banes) == (0, 1)
    assert [r.rules for r in found.reasons] == [("R-ABIL-17",)]
    strikes = brawl.use_ability(
        _fight("the target takes a bane on strikes (save ends)"), "ogre", "Test Blow",
        targets=["gob"], dice=(9, 9),
    )  # fmt: skip
    assert brawl.edges_and_banes(strikes.state, "gob", kind="test").banes == 0


def test_a_lasting_bane_on_escape_grab_falls_on_that_maneuver_r_abil_17_ds_act_06() -> None:
    """R-ABIL-17, DS-ACT-06: gob (Might 3), grabbed and "taking a bane on the Escape Grab
    maneuver", rolls 5 + 5 to escape: 13 - 2 = 11, tier 1, still grabbed; the bane stays (it has
    no next roll to end with); its strikes don't count it."""
    out = brawl.use_ability(
        _fight("grabbed; the target takes a bane on the Escape Grab maneuver"), "ogre", "Test Blow",
        targets=["gob"], dice=(9, 9),
    )  # fmt: skip
    gob = out.state.creature("gob")
    assert gob.has("grabbed")
    assert [x.name for x in gob.named_conditions] == ["taking a bane on the Escape Grab maneuver"]
    tried = brawl.escape_grab(out.state, "gob", dice=(5, 5))
    (roll,) = [e for e in tried.events if isinstance(e, PowerRolled)]
    assert (roll.banes, roll.total, roll.tier) == (1, 11, 1)
    assert tried.state.creature("gob").has("grabbed")
    assert len(tried.state.creature("gob").named_conditions) == 1
    assert brawl.edges_and_banes(out.state, "gob", "ogre", ("Melee", "Strike")).banes == 0


def test_a_lasting_edge_on_the_next_power_roll_ends_with_a_test_r_abil_17_ds_act_13() -> None:
    """R-ABIL-17, DS-ACT-13, RB3-EDGES: gob (Might 3), "gaining an edge on its next power roll",
    assists a Might test with 4 + 4: 11 + 2 = 13 (one edge), and the edge ends, used."""
    out = brawl.use_ability(
        _fight("the target gains an edge on their next power roll"), "ogre", "Test Blow",
        targets=["gob"], dice=(9, 9),
    )  # fmt: skip
    assert [x.name for x in out.state.creature("gob").named_conditions] == [
        "gaining an edge on its next power roll"
    ]
    helped = assist_test(out.state, "gob", "might", roll=(4, 4))
    (roll,) = [e for e in helped.events if isinstance(e, PowerRolled)]
    assert (roll.edges, roll.total) == (1, 13)
    assert helped.state.creature("gob").named_conditions == ()
    (ended,) = [e for e in helped.events if isinstance(e, NamedConditionEnded)]
    assert (ended.reason, ended.rules) == ("used", ("R-ABIL-17",))
