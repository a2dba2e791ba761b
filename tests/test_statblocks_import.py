"""Importers: SteelCompendium JSON and YAML, Foundry VTT actors and items, Forge Steel exports.

Every sample under ``tests/data/statblocks/`` was written for these tests in the layout of its
format; the creatures and their numbers are invented.
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import brawl
from brawl.abilities import model as ab
from brawl.creature import MovementType
from brawl.io.scenariofields import Where
from brawl.statblocks import HeroSheet, StatBlock, Trait, dumps_statblocks, load_statblocks, parse_statblocks
from brawl.statblocks import text as notation
from brawl.statblocks.load import StatBlockFile, loads_statblocks

DATA = Path(__file__).parent / "data" / "statblocks"
VALIDATOR = jsonschema.Draft202012Validator(
    json.loads((Path(__file__).parents[1] / "schemas" / "statblocks.schema.json").read_text(encoding="utf-8"))
)


def sample(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def refused(data: Any, words: str, field: str | None = None, source: str = "x.json") -> brawl.ScenarioError:
    """The error of reading ``data`` strictly (every part read, or the whole file refused)."""
    with pytest.raises(brawl.ScenarioError) as info:
        loads_statblocks(json.dumps(data), source=source, strict=True)
    assert words in str(info.value)
    if field is not None:
        assert info.value.field == field
    assert info.value.source == source
    return info.value


def monster(file: StatBlockFile, name: str) -> StatBlock:
    block = file[name]
    assert isinstance(block, StatBlock)
    return block


def written_and_read_back(file: StatBlockFile) -> None:
    """Everything an importer builds, brawl writes as TOML that fits the schema and reads back equal."""
    text = dumps_statblocks(file.blocks)
    assert parse_statblocks(text) == file.blocks
    assert list(VALIDATOR.iter_errors(tomllib.loads(text))) == []


# --- SteelCompendium ------------------------------------------------------------------------------
def test_steelcompendium_json_reads_every_field() -> None:
    file = load_statblocks(DATA / "sc-thornling.json")
    assert file.format == "steelcompendium"
    block = monster(file, "Thornling Cutpurse")
    assert (block.level, block.organization, block.role, block.keywords) == (
        2,
        "horde",
        "harrier",
        ("Thornling", "Fey"),
    )
    assert (block.ev, block.ev_for, block.stamina, block.speed) == (4, 1, 14, 6)  # Stamina and EV as strings
    assert block.movement == {MovementType.WALK, MovementType.CLIMB}
    assert (block.size, block.stability, block.free_strike) == (brawl.Size(1, "S"), 0, 2)
    assert block.characteristics == brawl.Characteristics(-1, 2, 0, 1, -1)  # "+2" and a minus sign read
    assert dict(block.immunities) == {"poison": 2}
    assert dict(block.weaknesses) == {"fire": 3, "cold": 1}
    assert block.traits == (Trait("Bramble Step", "The cutpurse ignores difficult terrain made of plants."),)
    knife, scatter, burst = block.abilities
    assert (knife.action_type, knife.category, knife.distance) == (
        "main action",
        "signature",
        ab.Distance("melee", 1),
    )
    assert knife.power_roll is not None
    assert knife.power_roll.bonus == 2
    assert knife.power_roll.tiers[2].effects == (
        ab.Damage(7),
        ab.ApplyCondition("bleeding", "save ends", ab.Potency("agility", 2)),
        ab.TextEffect("the cutpurse steals a trinket"),
    )
    assert knife.effect_after == "The cutpurse can shift 1 square."
    assert knife.spend == (ab.Spend(2, "The target is also slowed (EoT)."),)  # the item named "2 Malice"
    assert (scatter.action_type, scatter.trigger, scatter.power_roll) == (
        "triggered action",
        "A creature moves adjacent to the cutpurse.",
        None,
    )
    assert scatter.effect_after == "The cutpurse shifts up to 2 squares."
    assert burst.cost == ab.Cost("malice", 3, "3 Malice")
    assert burst.target == ab.Target("each enemy", None, "Each enemy in the area")
    assert burst.power_roll is not None
    assert burst.power_roll.characteristics == ("agility",)
    assert burst.power_roll.tiers[2].effects == (ab.ForcedMovement("push", 3, vertical=True),)
    assert file.notes == ()
    written_and_read_back(file)


def test_steelcompendium_yaml_list_with_minions_roles_and_features() -> None:
    file = load_statblocks(DATA / "sc-squad.yaml")
    swarm = monster(file, "mirefly-swarmling")
    assert (swarm.organization, swarm.role, swarm.ev, swarm.ev_for) == ("minion", "artillery", 3, 4)
    assert swarm.keywords == ("Animal", "Swarm")
    assert swarm.movement == {MovementType.WALK, MovementType.FLY, MovementType.HOVER}
    assert swarm.with_captain == "+2 bonus to ranged distance"
    assert swarm.traits == (Trait("Tiny Wings", "The swarmling can't be grabbed."),)
    (dart,) = swarm.abilities
    assert dart.power_roll is not None
    assert dart.power_roll.tiers[0].effects == (ab.Damage(1, types=("poison",)),)
    matron = monster(file, "Mire Matron")
    assert (matron.organization, matron.role, matron.size, matron.stamina) == (
        "leader",
        "",
        brawl.Size(2),
        80,
    )
    assert dict(matron.immunities) == {"damage": 2}  # "damage 2": all damage (R-DMG-2)
    (call,) = matron.abilities
    assert (call.action_type, call.category) == ("villain action", "villain")
    written_and_read_back(file)


def _thornling() -> dict[str, Any]:
    data: dict[str, Any] = sample("sc-thornling.json")
    return data


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda d: d.update(stamina="lots"), "stamina", "whole number"),
        (lambda d: d.pop("stamina"), "stamina", "required"),
        (lambda d: d.update(roles=["Horde Tank"]), "roles", "'tank' is not an organization or a role"),
        (lambda d: d.update(ev="three"), "ev", "3 for four minions"),
        (lambda d: d.update(immunities=["Fire five"]), "immunities", "<type> <value>"),
        (lambda d: d.update(weaknesses="Radiant 3"), "weaknesses", "<type> <value>"),
        (lambda d: d.update(movement="Slither"), "movement", "not a movement type"),
        (lambda d: d.update(agility="quick"), "agility", "whole number"),
        (lambda d: d.update(agility=9), "monsters", "agility"),
        (lambda d: d["abilities"][0].update(usage="Sometimes"), "abilities[0].usage", "not an action type"),
        (
            lambda d: d["abilities"][0]["effects"][0].pop("tier2"),
            "abilities[0].effects[0]",
            "tier 2 is missing",
        ),
        (
            lambda d: d["abilities"][0]["effects"][0].update(roll="Roll 2d6"),
            "abilities[0].effects[0].roll",
            "Power Roll",
        ),
        (lambda d: d["abilities"][2].update(cost="lots of Malice"), "abilities[2].cost", "3 Malice"),
        (lambda d: d["abilities"][0].update(distance=5), "abilities[0].distance", "printed distance"),
    ],
)
def test_steelcompendium_refuses_malformed_values(change: Any, field: str, words: str) -> None:
    data = _thornling()
    change(data)
    err = refused(data, words)
    assert err.field is not None
    assert err.field.startswith(field) or field == "monsters", err


def test_steelcompendium_reads_each_enemy_in_the_burst() -> None:
    """R-AREA-1: "Each enemy in the burst" is every enemy in the area, not kept as text."""
    data = _thornling()
    data["abilities"][2]["target"] = "Each enemy in the burst"
    file = loads_statblocks(json.dumps(data), source="x.json")
    burst = monster(file, "Thornling Cutpurse").abilities[2]
    assert burst.target == ab.Target("each enemy", None, "Each enemy in the burst")
    written_and_read_back(file)


def test_steelcompendium_keeps_what_it_cannot_read_as_text_and_notes_unknown_keys() -> None:
    data = _thornling()
    data["abilities"][0]["distance"] = "Melee 1 plus the length of its tail"
    data["abilities"][0]["target"] = "The creature it loathes most"
    data["lair"] = "a hollow stump"
    file = loads_statblocks(json.dumps(data), source="x.json")
    knife = monster(file, "Thornling Cutpurse").abilities[0]
    assert knife.distance == ab.Distance("special", text="Melee 1 plus the length of its tail")
    assert knife.target == ab.Target("special", text="The creature it loathes most")
    (report, *_) = file.report()
    assert "distance: Melee 1 plus the length of its tail" in report.text
    assert file.notes == ("Thornling Cutpurse: left out lair",)


# --- Foundry VTT ----------------------------------------------------------------------------------
def test_foundry_npc_reads_the_system_and_structured_tiers() -> None:
    file = load_statblocks(DATA / "foundry-npc.json")
    assert file.format == "foundry"
    hulk = monster(file, "Cinderback Hulk")
    assert (hulk.level, hulk.organization, hulk.role, hulk.ev, hulk.free_strike) == (
        2,
        "elite",
        "brute",
        12,
        5,
    )
    assert (hulk.stamina, hulk.speed, hulk.size, hulk.stability) == (50, 5, brawl.Size(2), 3)
    assert hulk.keywords == ("Giant", "Elemental")
    assert hulk.characteristics == brawl.Characteristics(3, -1, -2, 0, 1)
    assert dict(hulk.immunities) == {"fire": 5}  # the zeros of every other type are left out
    assert dict(hulk.weaknesses) == {"cold": 3}
    assert hulk.traits == (Trait("Ember Skin", "A creature that grabs the hulk takes 3 fire damage."),)
    fist, wave = hulk.abilities
    assert (fist.action_type, fist.category, fist.keywords) == (
        "main action",
        "signature",
        ("Melee", "Strike", "Weapon"),
    )
    assert fist.distance == ab.Distance("melee", 2)
    assert fist.target == ab.Target("creature or object", 1)
    assert fist.power_roll is not None
    t1, t2, t3 = fist.power_roll.tiers
    assert t1 == ab.Tier("6 fire damage", (ab.Damage(6, types=("fire",)),))
    assert t2.effects == (ab.Damage(9, types=("fire",)), ab.ForcedMovement("push", 2))
    assert t3.effects == (
        ab.Damage(12, types=("fire",)),
        ab.ForcedMovement("push", 3, vertical=True),
        ab.ApplyCondition("dazed", "save ends", ab.Potency("might", "weak")),  # @potency.weak
        ab.TextEffect("the ground under the target catches fire"),
    )
    assert t3.text.split("; ") == [
        "12 fire damage",
        "vertical push 3",
        "M < weak dazed (save ends)",
        "the ground under the target catches fire",
    ]
    assert fist.effect_after == "The hulk can take the Knockback maneuver as a free maneuver."
    assert wave.distance == ab.Distance("line", size=5, width=1, within=1)
    assert wave.target == ab.Target("each creature", None)
    assert wave.cost == ab.Cost("malice", 3)  # a monster's resource is Malice
    assert wave.power_roll is None  # no effects: no roll
    assert file.notes == ("Cinderback Hulk: left out the items Heavy Hide (equipment)",)
    written_and_read_back(file)


def test_foundry_hero_reads_its_class_item() -> None:
    file = load_statblocks(DATA / "foundry-hero.json")
    (hero,) = file.blocks
    assert isinstance(hero, HeroSheet)
    assert (hero.name, hero.level, hero.heroic_resource_name, hero.recoveries, hero.stamina) == (
        "Brannoc Vale",
        1,
        "Rage",
        10,
        21,
    )
    (drive,) = hero.abilities
    assert drive.cost == ab.Cost("heroic", 3)
    assert drive.target == ab.Target("enemy", 2)
    assert drive.power_roll is not None
    assert drive.power_roll.tiers[1].effects == (ab.Damage(5, ("might",)),)  # "5 + @chr"
    assert hero.creature("b").hero
    written_and_read_back(file)


def test_foundry_ability_item_on_its_own() -> None:
    file = load_statblocks(DATA / "foundry-ability.json")
    assert file.blocks == ()
    (shout,) = file.abilities
    assert (shout.name, shout.action_type, shout.category) == ("Rallying Shout", "maneuver", "heroic")
    assert shout.distance == ab.Distance("burst", 3)
    assert shout.target == ab.Target("each ally", None)
    assert shout.effect_after == "Each target gains 2 temporary Stamina."
    (report,) = file.report()
    assert report.statblock == ""
    assert report.text == ("effect: Each target gains 2 temporary Stamina.",)


def _fist(data: dict[str, Any]) -> dict[str, Any]:
    fist: dict[str, Any] = data["items"][1]["system"]
    return fist


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda d: d["system"]["stamina"].pop("max"), "system.stamina.max", "required"),
        (lambda d: d["system"]["monster"].update(role="tank"), "system.monster.role", "tank"),
        (lambda d: _fist(d).update(type="sometimes"), "items[1].system.type", "not an action type"),
        (
            lambda d: _fist(d)["distance"].update(type="far"),
            "items[1].system.distance.type",
            "not a distance type",
        ),
        (
            lambda d: _fist(d)["target"].update(type="everyone"),
            "items[1].system.target.type",
            "not a target type",
        ),
        (
            lambda d: _fist(d)["power"]["effects"]["a1"]["damage"]["tier1"].update(value="lots"),
            "items[1].system.power.effects.a1.damage.tier1.value",
            "whole number",
        ),
        (
            lambda d: _fist(d)["power"]["effects"]["a1"]["damage"]["tier1"].update(types=["radiant"]),
            "items[1].system.power.effects.a1.damage.tier1",
            "radiant",
        ),
        (
            lambda d: _fist(d)["power"]["effects"]["c3"]["applied"]["tier3"]["potency"].update(
                characteristic="luck"
            ),
            "items[1].system.power.effects.c3.applied.tier3.potency.characteristic",
            "not a characteristic",
        ),
        (lambda d: d.update(items={}), "items", "list of items"),
    ],
)
def test_foundry_refuses_malformed_values(change: Any, field: str, words: str) -> None:
    data = copy.deepcopy(sample("foundry-npc.json"))
    change(data)
    refused(data, words, field)


# --- Forge Steel ----------------------------------------------------------------------------------
def test_forgesteel_monster_reads_features() -> None:
    file = load_statblocks(DATA / "fs-monster.json")
    assert file.format == "forgesteel"
    warden = monster(file, "Sledge Warden")
    assert (warden.level, warden.organization, warden.role, warden.ev) == (2, "platoon", "defender", 8)
    assert (warden.size, warden.speed, warden.stamina, warden.stability, warden.free_strike) == (
        brawl.Size(1, "L"),
        4,
        40,
        2,
        3,
    )
    assert warden.movement == {MovementType.WALK}
    assert warden.characteristics == brawl.Characteristics(2, 0, -2, 1, 0)
    assert (dict(warden.immunities), dict(warden.weaknesses)) == ({"poison": 5}, {"lightning": 2})
    assert warden.traits == (Trait("Iron Frame", "The warden can't be made prone."),)
    sweep, bulwark = warden.abilities
    assert (sweep.category, sweep.target) == (
        "signature",
        ab.Target("creature or object", 2, "Two creatures or objects"),
    )
    assert sweep.power_roll is not None
    assert sweep.power_roll.characteristics == ("might",)
    assert sweep.power_roll.tiers[2].unresolved == (ab.TextEffect("the warden taunts the target (EoT)"),)
    assert (bulwark.action_type, bulwark.cost) == ("free triggered action", ab.Cost("malice", 2))
    assert bulwark.trigger == "An ally adjacent to the warden is targeted by a strike."
    assert file.notes == ("Sledge Warden: left out the features Stamina Bonus (Bonus)",)
    written_and_read_back(file)


def test_forgesteel_encounter_reads_its_monsters_and_roster() -> None:
    file = load_statblocks(DATA / "fs-encounter.json")
    assert [b.name for b in file] == ["Gate Imp", "Sledge Warden"]
    assert file.roster == (("Sledge Warden", 1), ("Gate Imp", 4))
    imp = monster(file, "Gate Imp")
    assert (imp.organization, imp.role, imp.with_captain) == ("minion", "harrier", "Edge on strikes")
    assert imp.movement == {MovementType.WALK, MovementType.FLY}
    (prod,) = imp.abilities
    assert prod.distance == ab.Distance("melee or ranged", 1, within=5)
    assert prod.power_roll is not None
    assert prod.power_roll.bonus == 2  # read from the newer "sections" layout
    assert prod.effect_after == "The imp cackles."
    written_and_read_back(file)


def test_forgesteel_encounter_without_its_monsters_is_refused() -> None:
    data = sample("fs-encounter.json")
    del data["monsters"]
    refused(data, "monster 'monster-sledge-warden' is not in the file", "groups[0].slots[0].monsterID")


def test_forgesteel_monster_group_is_read() -> None:
    warden = sample("fs-monster.json")
    group = {"name": "Wardens", "monsterGroups": [{"name": "Wardens", "monsters": [warden]}]}
    file = loads_statblocks(json.dumps(group), source="group.json")
    assert [b.name for b in file] == ["Sledge Warden"]
    assert file.roster == ()


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda d: d.update(stamina="many"), "stamina", "whole number"),
        (lambda d: d.update(role={"type": "Tank", "organization": "Platoon"}), "role", "'tank'"),
        (
            lambda d: d["characteristics"][0].update(characteristic="Luck"),
            "characteristics[0].characteristic",
            "not a characteristic",
        ),
        (
            lambda d: d["features"][1]["data"]["modifiers"][0].update(modifierType="Resistance"),
            "features[1].data.modifiers[0].modifierType",
            "Immunity or Weakness",
        ),
        (
            lambda d: d["features"][2]["data"]["ability"]["type"].update(usage="Whenever"),
            "features[2].data.ability.type.usage",
            "not a usage",
        ),
        (
            lambda d: d["features"][2]["data"]["ability"]["powerRoll"].update(tier3=None),
            "features[2].data.ability.powerRoll.tier3",
            "printed text",
        ),
        (
            lambda d: d["features"][2]["data"]["ability"].update(cost="free"),
            "features[2].data.ability.cost",
            "signature",
        ),
    ],
)
def test_forgesteel_refuses_malformed_values(change: Any, field: str, words: str) -> None:
    data = sample("fs-monster.json")
    change(data)
    refused(data, words, field)


# --- the notation the importers read -----------------------------------------------------------------

HERE = Where(None, "x.json")


@pytest.mark.parametrize(
    ("printed", "table"),
    [
        ("Melee 1", {"kind": "melee", "value": 1}),
        ("ranged 10", {"kind": "ranged", "value": 10}),
        ("Melee 2 or ranged 8", {"kind": "melee or ranged", "value": 2, "within": 8}),
        ("Self", {"kind": "self"}),
        ("3 burst", {"kind": "burst", "value": 3}),
        ("Self 2 aura", {"kind": "aura", "value": 2}),
        ("4 cube within 10", {"kind": "cube", "size": 4, "within": 10}),
        ("5 × 2 line within 1", {"kind": "line", "size": 5, "width": 2, "within": 1}),
        ("10 wall within 10", {"kind": "wall", "size": 10, "within": 10}),
        ("Special: see the map", {"kind": "special", "text": "Special: see the map"}),
    ],
)
def test_distances_in_the_games_notation(printed: str, table: dict[str, Any]) -> None:
    assert notation.distance(printed) == table
    ab.Distance(**table)  # every table builds a distance


@pytest.mark.parametrize(
    ("printed", "kind", "count"),
    [
        ("One creature", "creature", 1),
        ("Two enemies", "enemy", 2),
        ("3 creatures or objects", "creature or object", 3),
        ("Self or one ally", "self or ally", 1),
        ("Self", "self", None),
        ("Each enemy in the area", "each enemy", "each"),
        ("All allies in the area", "each ally", "each"),
        ("Each enemy in the burst", "each enemy", "each"),
        ("Each creature in the area", "each creature", "each"),
        ("each ally in the cube", "each ally", "each"),
        ("All creatures in the line", "each creature", "each"),
        ("Every enemy in the aura", "each enemy", "each"),
        ("Each enemy in the wall", "special", None),
        ("Each object in the burst", "special", None),
        ("The loudest creature", "special", None),
    ],
)
def test_targets_in_the_games_notation(printed: str, kind: str, count: Any) -> None:
    table = notation.target(printed)
    assert (table["kind"], table.get("count"), table["text"]) == (kind, count, printed)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (3, (3, 1)),
        ("12", (12, 1)),
        ("3 for four minions", (3, 4)),
        ("5 for 8 minions", (5, 8)),
        (None, (0, 1)),
    ],
)
def test_encounter_values(value: Any, expected: tuple[int, int]) -> None:
    assert notation.ev(value, "ev", HERE) == expected


@pytest.mark.parametrize("value", ["three", "3 for many minions", -1, True, [3]])
def test_malformed_encounter_values_are_refused(value: Any) -> None:
    with pytest.raises(brawl.ScenarioError, match="3 for four minions"):
        notation.ev(value, "ev", HERE)


@pytest.mark.parametrize(
    ("value", "default", "expected"),
    [
        ("3 Malice", "malice", {"resource": "malice", "amount": 3, "text": "3 Malice"}),
        ("5 Wrath", "malice", {"resource": "heroic", "amount": 5, "text": "5 Wrath"}),
        ("2", "malice", {"resource": "malice", "amount": 2, "text": "2"}),
        (4, "heroic", {"resource": "heroic", "amount": 4}),
        ("Signature Ability", "malice", None),
        (None, "malice", None),
    ],
)
def test_costs(value: Any, default: str, expected: Any) -> None:
    assert notation.cost(value, "cost", HERE, default=default) == expected


@pytest.mark.parametrize(
    ("value", "immunity", "expected"),
    [
        ("Fire 5, poison all", True, {"fire": 5, "poison": "all"}),
        (["Cold 3"], False, {"cold": 3}),
        ({"Holy": 2}, False, {"holy": 2}),
        ("Damage 2", True, {"damage": 2}),
        ("\u2014", True, {}),
    ],
)
def test_damage_tables(value: Any, immunity: bool, expected: dict[str, Any]) -> None:
    assert notation.damage_table(value, "immunities", HERE, immunity=immunity) == expected


@pytest.mark.parametrize("value", ["Fire", "Radiant 3", "fire five", "poison all"])
def test_malformed_weaknesses_are_refused(value: str) -> None:
    with pytest.raises(brawl.ScenarioError):
        notation.damage_table(value, "weaknesses", HERE, immunity=False)


@pytest.mark.parametrize(
    ("key", "tier"),
    [
        ("tier1", 1),
        ("t2", 2),
        ("11 or lower", 1),
        ("12-16", 2),
        ("12\u201316", 2),
        ("17+", 3),
        ("effect", None),
    ],
)
def test_tier_keys(key: str, tier: int | None) -> None:
    assert notation.tier_key(key) == tier


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Power Roll + 2", ([], 2)),
        ("Power Roll - 1", ([], -1)),
        ("Power Roll + Might or Agility", (["might", "agility"], None)),
        ("2d10 + R", (["reason"], None)),
    ],
)
def test_power_roll_lines(value: str, expected: tuple[list[str], int | None]) -> None:
    assert notation.roll_characteristics(value, "roll", HERE) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Main action", "main action"),
        ("freeTriggered", "free triggered action"),
        ("Villain Action 2", "villain action"),
    ],
)
def test_action_types(value: str, expected: str) -> None:
    assert notation.action_type(value, "usage", HERE) == expected
    assert expected in ab.ACTION_TYPES
