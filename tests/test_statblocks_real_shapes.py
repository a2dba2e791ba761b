"""The shapes the exporters really write: Foundry VTT's Draw Steel system, Forge Steel, SteelCompendium.

Each sample here is home-made (invented creatures and numbers) in the shape the exporter's own
data models and code write: Foundry's actor and item data models, Forge Steel's monster, monster
group and enum types, SteelCompendium's stat block YAML. No published stat block is copied.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import brawl
from brawl.abilities import model as ab
from brawl.creature import MovementType
from brawl.statblocks import StatBlock, load_statblocks, loads_statblocks

DATA = Path(__file__).parent / "data" / "statblocks"


def sample(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def only(file: brawl.StatBlockFile) -> StatBlock:
    (block,) = file.blocks
    assert isinstance(block, StatBlock)
    return block


def ability(block: StatBlock, name: str) -> ab.Ability:
    return next(a for a in block.abilities if a.name == name)


# --- Foundry VTT Draw Steel ---------------------------------------------------------------------
def foundry_npc() -> dict[str, Any]:
    data: dict[str, Any] = sample("foundry-npc.json")
    return data


def _slag_fist(data: dict[str, Any]) -> dict[str, Any]:
    item: dict[str, Any] = data["items"][1]
    return item


def test_foundry_potency_characteristic_none_is_no_potency() -> None:
    """Foundry writes ``characteristic: "none"`` on every effect slot with no potency."""
    data = foundry_npc()
    effects = _slag_fist(data)["system"]["power"]["effects"]
    effects["a1"]["damage"]["tier1"]["potency"] = {"value": "@potency.weak", "characteristic": "none"}
    block = only(loads_statblocks(json.dumps(data), source="npc.json"))
    roll = ability(block, "Slag Fist").power_roll
    assert roll is not None
    assert roll.tiers[0].effects == (ab.Damage(6, types=("fire",)),)


def test_foundry_potency_with_a_bonus_counts_from_the_highest_characteristic() -> None:
    """``@potency.weak+1``: weak is the highest characteristic - 2 (RB2-POTENCY), + 1; might 3 gives 2."""
    data = foundry_npc()
    applied = _slag_fist(data)["system"]["power"]["effects"]["c3"]["applied"]["tier3"]
    applied["potency"] = {"value": "@potency.weak+1", "characteristic": "might"}
    block = only(loads_statblocks(json.dumps(data), source="npc.json"))
    roll = ability(block, "Slag Fist").power_roll
    assert roll is not None
    assert ab.ApplyCondition("dazed", "save ends", ab.Potency("might", 2)) in roll.tiers[2].effects


@pytest.mark.parametrize(
    ("organization", "role"), [("solo", "solo"), ("leader", "leader"), ("minion", "minion")]
)
def test_foundry_organization_repeated_as_role(organization: str, role: str) -> None:
    data = foundry_npc()
    data["system"]["monster"].update(organization=organization, role=role)
    block = only(loads_statblocks(json.dumps(data), source="npc.json"))
    assert (block.organization, block.role) == (organization, "")


def test_foundry_enemy_or_object_target_is_kept_as_printed() -> None:
    data = foundry_npc()
    _slag_fist(data)["system"]["target"] = {"type": "enemyObject", "value": 2, "custom": ""}
    block = only(loads_statblocks(json.dumps(data), source="npc.json"))
    assert ability(block, "Slag Fist").target == ab.Target("special", 1, "2 enemy or object")


def test_foundry_level_0_noncombatant() -> None:
    data = foundry_npc()
    data["system"]["monster"]["level"] = 0
    block = only(loads_statblocks(json.dumps(data), source="npc.json"))
    assert block.level == 0
    assert block.creature("c").level == 1  # the engine's levels start at 1


def test_foundry_forced_effect_with_no_body_is_nothing() -> None:
    data = foundry_npc()
    effects = _slag_fist(data)["system"]["power"]["effects"]
    effects["e5"] = {"name": "Push", "img": None, "type": "forced", "_id": "e5"}
    block = only(loads_statblocks(json.dumps(data), source="npc.json"))
    roll = ability(block, "Slag Fist").power_roll
    assert roll is not None
    assert roll.tiers[1].effects == (ab.Damage(9, types=("fire",)), ab.ForcedMovement("push", 2))


def test_foundry_line_without_a_length_is_a_special_distance() -> None:
    data = foundry_npc()
    data["items"][2]["system"]["distance"] = {"type": "line", "primary": None, "secondary": 3, "tertiary": 1}
    block = only(loads_statblocks(json.dumps(data), source="npc.json"))
    assert ability(block, "Cinder Wave").distance == ab.Distance("special", text="line 3 wide within 1")


def test_foundry_two_abilities_of_one_name() -> None:
    """The same item twice is read once; a different one of the same name is renamed; both noted."""
    data = foundry_npc()
    twin = copy.deepcopy(data["items"][2])
    other = copy.deepcopy(data["items"][2])
    other["system"]["resource"] = 5
    data["items"] += [twin, other]
    file = loads_statblocks(json.dumps(data), source="npc.json")
    block = only(file)
    assert [a.name for a in block.abilities] == ["Slag Fist", "Cinder Wave", "Cinder Wave (2)"]
    assert ability(block, "Cinder Wave (2)").cost == ab.Cost("malice", 5)
    assert "Cinderback Hulk: Cinder Wave: printed twice, read once" in file.notes


def test_foundry_retainer_actor() -> None:
    """A ``retainer`` actor keeps its role, keywords and free strike under ``system.retainer``."""
    data = foundry_npc()
    data["type"] = "retainer"
    del data["system"]["monster"]
    data["system"]["retainer"] = {"freeStrike": 2, "keywords": ["humanoid"], "role": "defender"}
    block = only(loads_statblocks(json.dumps(data), source="retainer.json"))
    assert (block.organization, block.role, block.free_strike, block.keywords) == (
        "retainer",
        "defender",
        2,
        ("Humanoid",),
    )


# --- Forge Steel ---------------------------------------------------------------------------------
def forge_monster() -> dict[str, Any]:
    data: dict[str, Any] = sample("fs-monster.json")
    return data


def test_forgesteel_damage_modifiers_keyed_type() -> None:
    """Forge Steel's ``DamageModifier`` names its kind ``type`` (``modifierType`` in older files)."""
    data = forge_monster()
    for modifier in data["features"][1]["data"]["modifiers"]:
        modifier["type"] = modifier.pop("modifierType")
    block = only(loads_statblocks(json.dumps(data), source="fs.json"))
    assert (dict(block.immunities), dict(block.weaknesses)) == ({"poison": 5}, {"lightning": 2})


def test_forgesteel_no_role_and_no_organization() -> None:
    data = forge_monster()
    data["role"] = {"type": "No Role", "organization": "No Organization"}
    block = only(loads_statblocks(json.dumps(data), source="fs.json"))
    assert (block.organization, block.role) == ("", "")


def test_forgesteel_more_than_one_distance_is_kept_as_printed() -> None:
    data = forge_monster()
    data["features"][2]["data"]["ability"]["distance"] = [
        {"type": "Self", "value": 0, "value2": 0, "within": 0, "special": "", "qualifier": ""},
        {"type": "Burst", "value": 2, "value2": 0, "within": 0, "special": "", "qualifier": ""},
    ]
    block = only(loads_statblocks(json.dumps(data), source="fs.json"))
    assert block.abilities[0].distance == ab.Distance("special", text="Self or 2 burst")


def test_forgesteel_speed_mode_flying_and_level_0() -> None:
    data = forge_monster()
    data["speed"] = {"value": 5, "modes": ["flying", "Hover"]}
    data["level"] = 0
    block = only(loads_statblocks(json.dumps(data), source="fs.json"))
    assert block.movement == {MovementType.WALK, MovementType.FLY, MovementType.HOVER}
    assert block.level == 0


# --- SteelCompendium -----------------------------------------------------------------------------
SC_LEADER = """\
type: statblock
name: BRIAR QUEEN
level: 2
roles:
  - Leader
ancestry:
  - Fey
ev: "20"
stamina: "90"
speed: 6
size: 1S, 1M, 1L, OR 2
stability: 1
free_strike: 3
might: 1
agility: 3
reason: 0
intuition: 1
presence: 2
features:
  - type: feature
    feature_type: ability
    name: Thorn Lash
    ability_type: Signature Ability
    keywords: [Melee, Strike, Weapon]
    usage: Main action
    distance: Melee 2
    target: One creature
    effects:
      - roll: Power Roll + 3
        tier1: 4 damage
        tier2: 6 damage
        tier3: 8 damage
  - type: feature
    feature_type: ability
    name: Barbed Volley
    cost: 1 Malice per target
    keywords: [Ranged]
    usage: Maneuver
    distance: Ranged 5
    target: Three creatures
    effects:
      - name: Effect
        effect: Each target takes 2 damage.
  - type: feature
    feature_type: trait
    name: Bramble Court
    usage: "-"
    effects:
      - effect: The queen's allies ignore difficult terrain.
  - type: feature
    feature_type: ability
    name: Rise, Thorns
    ability_type: Villain Action 1
    keywords: [Area]
    usage: "-"
    distance: 3 burst
    target: Each enemy in the area
    effects:
      - name: Effect
        effect: Each target is slowed (save ends).
  - type: feature
    feature_type: ability
    name: Crown of Briars
    cost: Villain Action 2
    keywords: [Magic]
    usage: "-"
    distance: Self
    target: Self
    effects:
      - name: Effect
        effect: The queen shifts up to her speed.
"""


def test_steelcompendium_villain_actions_with_a_dash_usage() -> None:
    """``usage: "-"`` beside ``ability_type: Villain Action 1`` (or ``cost: Villain Action 2``)."""
    block = only(loads_statblocks(SC_LEADER, source="queen.yaml"))
    rise, crown = ability(block, "Rise, Thorns"), ability(block, "Crown of Briars")
    assert (rise.action_type, rise.category, rise.cost) == ("villain action", "villain", None)
    assert (crown.action_type, crown.category, crown.cost) == ("villain action", "villain", None)
    assert [t.name for t in block.traits] == ["Bramble Court"]


def test_steelcompendium_several_sizes_read_as_the_first() -> None:
    file = loads_statblocks(SC_LEADER, source="queen.yaml")
    assert only(file).size == brawl.Size(1, "S")
    assert any("size '1S, 1M, 1L, OR 2' read as its first, 1S" in n for n in file.notes)


def test_steelcompendium_malice_cost_with_words() -> None:
    block = only(loads_statblocks(SC_LEADER, source="queen.yaml"))
    assert ability(block, "Barbed Volley").cost == ab.Cost("malice", 1, "1 Malice per target")


def test_steelcompendium_retired_role_skirmisher() -> None:
    text = SC_LEADER.replace("  - Leader", "  - Platoon Skirmisher")
    file = loads_statblocks(text, source="queen.yaml")
    assert (only(file).organization, only(file).role) == ("platoon", "harrier")
    assert any("role Skirmisher read as harrier" in n for n in file.notes)


def test_forgesteel_sample_group_file_still_reads() -> None:
    assert len(load_statblocks(DATA / "fs-encounter.json").blocks) >= 1


# --- lenient loading, the report, strict --------------------------------------------------------
FOLDER_DOCUMENT: dict[str, Any] = {
    "type": "Actor",
    "folder": None,
    "name": "Cinderbacks",
    "color": None,
    "sorting": "a",
    "_id": "f0",
    "description": "",
    "sort": 0,
    "flags": {},
    "_key": "!folders!f0",
}


def _pack(tmp_path: Path) -> Path:
    """A Foundry pack as the system's repository keeps it: a folder a group, folder documents,
    an object actor beside the monsters, and one actor that cannot be read."""
    group = tmp_path / "pack" / "Cinderbacks_f0"
    group.mkdir(parents=True)
    (tmp_path / "pack" / "Folder_Cinderbacks_f0.json").write_text(json.dumps(FOLDER_DOCUMENT))
    (group / "npc_Cinderback_Hulk_a1.json").write_text(json.dumps(foundry_npc()))
    broken = foundry_npc()
    broken["name"] = "Cinderback Whelp"
    broken["system"]["stamina"]["max"] = "lots"
    (group / "npc_Cinderback_Whelp_a2.json").write_text(json.dumps(broken))
    brazier = {"name": "Brazier", "type": "object", "system": {"stamina": {"max": 10}}, "items": []}
    (group / "object_Brazier_a3.json").write_text(json.dumps(brazier))
    return tmp_path / "pack"


def test_a_pack_folder_loads_what_it_can_and_lists_the_rest(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    file = load_statblocks(pack)
    assert [b.name for b in file] == ["Cinderback Hulk"]
    assert sorted(p.reason for p in file.skipped) == [
        "a Foundry folder document (Actor folder), not a stat block",
        "a Foundry object actor, not a stat block",
    ]
    (failure,) = file.failed
    assert failure.source.endswith("npc_Cinderback_Whelp_a2.json")
    assert failure.field == "system.stamina.max"
    with pytest.raises(brawl.ScenarioError, match=r"npc_Cinderback_Whelp_a2\.json"):
        load_statblocks(pack, strict=True)


def test_a_malformed_keyword_or_trait_is_dropped_and_reported() -> None:
    """What a fight does not need (keywords, a trait's lore) is left out when it cannot be read."""
    data = foundry_npc()
    data["system"]["monster"]["keywords"] = [3]
    data["items"][0]["system"]["description"]["value"] = ["not", "text"]
    text = json.dumps(data)
    file = loads_statblocks(text, source="npc.json")
    block = only(file)
    assert (block.keywords, block.traits) == ((), ())
    assert [a.name for a in block.abilities] == ["Slag Fist", "Cinder Wave"]
    assert [(d.statblock, d.field) for d in file.dropped] == [
        ("Cinderback Hulk", "system.monster.keywords"),
        ("Cinderback Hulk", "items[0]"),
    ]
    (report,) = file.load_report()
    assert str(report) == (
        "npc:cinderback-hulk (npc.json): kept 2 abilities, 0 traits; dropped system.monster.keywords "
        "(expected a list of names or a comma-separated string, got an array); items[0] (expected text, "
        "got an array)"
    )
    with pytest.raises(brawl.ScenarioError) as info:
        loads_statblocks(text, source="npc.json", strict=True)
    assert info.value.field == "system.monster.keywords"


def test_a_dropped_item_is_reported_at_its_place_in_the_file() -> None:
    """Two traits dropped: the second is named by its index in the file, not in what was left."""
    data = foundry_npc()
    data["items"][0]["system"]["description"]["value"] = 1
    data["items"].insert(1, copy.deepcopy(data["items"][0]))
    file = loads_statblocks(json.dumps(data), source="npc.json")
    assert [d.field for d in file.dropped] == ["items[0]", "items[1]"]


def test_a_stat_block_a_fight_cannot_do_without_fails_alone() -> None:
    """In a Forge Steel group, a monster whose Stamina cannot be read fails; the others load."""
    warden, runt = forge_monster(), forge_monster()
    runt.update(name="Sledge Runt", id="monster-sledge-runt")
    warden["stamina"] = "many"
    group = {"id": "g", "name": "Sledges", "malice": [], "monsters": [warden, runt]}
    file = loads_statblocks(json.dumps(group), source="group.json")
    assert [b.name for b in file] == ["Sledge Runt"]
    assert [(f.statblock, f.field) for f in file.failed] == [("Sledge Warden", "monsters[0].stamina")]


# --- names ---------------------------------------------------------------------------------------
def test_names_are_normalised_and_ids_namespaced_by_file() -> None:
    text = SC_LEADER + "---\n" + SC_LEADER.replace("level: 2", "level: 5")
    file = loads_statblocks(text, source="courts/briar.yaml")
    assert [b.name for b in file] == ["Briar Queen", "Briar Queen"]  # "BRIAR QUEEN", title case
    assert file.ids() == ("briar:briar-queen", "briar:briar-queen-2")
    assert file.get("briar:briar-queen-2") is file.blocks[1]
    with pytest.raises(brawl.ScenarioError) as info:
        file.get("Briar Queen")
    assert "briar:briar-queen from courts/briar.yaml; briar:briar-queen-2 from courts/briar.yaml" in str(
        info.value
    )


def test_an_imported_name_never_replaces_a_bundled_one(tmp_path: Path) -> None:
    """An imported "MARA" and the bundled hero mara: naming "mara" is an error naming both."""
    data = forge_monster()
    data["name"] = "MARA"
    (tmp_path / "imports.json").write_text(json.dumps(data))
    scenario = 'statblocks = ["imports.json"]\n[[levels]]\nmap = "K."\n[[creatures]]\nid = "m"\nmark = "K"\n'
    (tmp_path / "s.toml").write_text(scenario + 'statblock = "mara"\n')
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.load_scenario(tmp_path / "s.toml")
    assert info.value.field == "creatures[0].statblock"
    assert "imports:mara from" in str(info.value)
    assert "bundled:mara from bundled" in str(info.value)
    (tmp_path / "s.toml").write_text(scenario + 'statblock = "bundled:mara"\n')
    assert brawl.load_scenario(tmp_path / "s.toml").creature("m").hero
    (tmp_path / "s.toml").write_text(scenario + 'statblock = "imports:mara"\n')
    assert brawl.load_scenario(tmp_path / "s.toml").creature("m").name == "Mara"


# --- villain actions, Malice features, solo traits -----------------------------------------------
def test_steelcompendium_leader_villain_actions_are_typed() -> None:
    """A leader's villain actions (RB-VILLAIN-01..04) are its ``villain_actions``, in printed order."""
    file = loads_statblocks(SC_LEADER, source="queen.yaml")
    block = only(file)
    assert [a.name for a in block.villain_actions] == ["Rise, Thorns", "Crown of Briars"]
    (report,) = file.load_report()
    assert report.kept == ("2 abilities", "2 villain actions", "1 trait")


def test_a_solo_reports_solo_turns_and_its_end_effect() -> None:
    """RB-SOLO-01/02: a solo takes two turns; End Effect takes 10 damage to end a save-ends effect."""
    court = (
        'name: Bramble Court\n    usage: "-"\n    effects:\n'
        "      - effect: The queen's allies ignore difficult terrain."
    )
    end_effect = (
        "name: End Effect\n    effects:\n"
        "      - effect: At the end of each of her turns, the queen can take 10"
        " damage to end one effect on her that a save can end."
    )
    assert court in SC_LEADER
    text = SC_LEADER.replace("  - Leader", "  - Solo").replace(court, end_effect)
    block = only(loads_statblocks(text, source="queen.yaml"))
    assert (block.is_solo, block.end_effect) == (True, 10)
    assert block.creature("q").solo
    assert loads_statblocks(text, source="queen.yaml").load_report()[0].kept[-2:] == (
        "Solo Turns",
        "End Effect 10",
    )


def test_foundry_malice_features_are_the_directors_once() -> None:
    """Foundry repeats a group's Malice features (no action, a Malice cost) on each actor: they go
    to the file's ``malice_features``, once, and no actor keeps them as an ability."""
    hulk = foundry_npc()
    frenzy = {
        "name": "Cinder Frenzy",
        "type": "ability",
        "system": {
            "type": "none",
            "category": "heroic",
            "distance": {"type": "special"},
            "target": {"type": "special"},
            "power": {"effects": {}},
            "effect": {"before": "", "after": "<p>Each cinderback gains 2 temporary Stamina.</p>"},
            "resource": 3,
        },
    }
    hulk["items"].append(frenzy)
    whelp = copy.deepcopy(hulk)
    whelp["name"] = "Cinderback Whelp"
    file = loads_statblocks(json.dumps([hulk, whelp]), source="pack.json")
    assert [a.name for b in file for a in b.abilities] == ["Slag Fist", "Cinder Wave"] * 2
    (feature,) = file.malice_features
    assert (feature.name, feature.cost, feature.effect_after) == (
        "Cinder Frenzy",
        ab.Cost("malice", 3),
        "Each cinderback gains 2 temporary Stamina.",
    )


def test_forgesteel_group_malice_features_are_the_directors() -> None:
    group = {
        "id": "g",
        "name": "Sledges",
        "monsters": [forge_monster()],
        "malice": [
            {
                "id": "sledge-malice-1",
                "name": "Rumble",
                "description": "",
                "type": "Malice",
                "data": {
                    "cost": 3,
                    "repeatable": False,
                    "sections": ["Each sledge shifts 1 square."],
                    "echelon": 1,
                },
            },
            {
                "id": "sledge-malice-2",
                "name": "",
                "description": "",
                "type": "Malice",
                "data": {"cost": 5, "repeatable": True, "sections": ["The ground shakes."], "echelon": 1},
            },
        ],
    }
    file = loads_statblocks(json.dumps(group), source="group.json")
    assert [(f.name, f.cost, f.effect_after) for f in file.malice_features] == [
        ("Rumble", ab.Cost("malice", 3), "Each sledge shifts 1 square."),
        ("sledge-malice-2", ab.Cost("malice", 5, "5+ Malice"), "The ground shakes."),
    ]
    assert [a.name for a in only(file).abilities] == ["Maul Sweep", "Bulwark"]


def test_a_scenario_naming_a_stat_block_that_failed_is_told_why(tmp_path: Path) -> None:
    warden, runt = forge_monster(), forge_monster()
    runt.update(name="Sledge Runt", id="monster-sledge-runt", stamina="many")
    (tmp_path / "sledges.json").write_text(
        json.dumps({"id": "g", "name": "Sledges", "monsters": [warden, runt]})
    )
    scenario = 'statblocks = ["sledges.json"]\n[[levels]]\nmap = "K."\n[[creatures]]\nid = "r"\nmark = "K"\n'
    (tmp_path / "s.toml").write_text(scenario + 'statblock = "Sledge Runt"\n')
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.load_scenario(tmp_path / "s.toml")
    assert "no stat block named 'Sledge Runt'" in str(info.value)
    assert "Sledge Runt, field 'monsters[1].stamina': Stamina: expected a whole number" in str(info.value)


def test_a_name_holding_a_colon_is_still_a_name() -> None:
    data = forge_monster()
    data["name"] = "Warden: the Sledge"
    file = loads_statblocks(json.dumps(data), source="fs.json")
    assert file.get("Warden: the Sledge") is file.blocks[0]
    assert file.ids() == ("fs:warden-the-sledge",)


def test_forgesteel_damage_modifiers_scaled_by_level_echelon_and_characteristic() -> None:
    """Forge Steel's ``Modifier``: value + highest named characteristic x multiplier + per level
    past the first + per echelon. The warden is level 2 (echelon 1), Might 2."""
    data = forge_monster()
    poison, lightning = data["features"][1]["data"]["modifiers"]
    poison.update(value=1, valuePerLevel=2, valuePerEchelon=3)  # 1 + 2 x 1 + 3 x 1
    lightning.update(value=0, valueCharacteristics=["Might"], valueCharacteristicMultiplier=2)  # 2 x 2
    block = only(loads_statblocks(json.dumps(data), source="fs.json"))
    assert (dict(block.immunities), dict(block.weaknesses)) == ({"poison": 6}, {"lightning": 4})


def test_forgesteel_retainer_level_is_its_own() -> None:
    data = forge_monster()
    data["role"] = {"type": "Harrier", "organization": "Retainer"}
    data["retainer"] = {"level": 4, "featuresByLevel": [{"level": 5, "feature": {"type": "Choice"}}]}
    file = loads_statblocks(json.dumps(data), source="fs.json")
    assert (only(file).organization, only(file).level) == ("retainer", 4)
    assert "Sledge Warden: left out the retainer's advancement features (by level)" in file.notes


def test_a_pack_keeps_each_malice_feature_once_and_different_ones_of_one_name(tmp_path: Path) -> None:
    frenzy: dict[str, Any] = {
        "name": "Cinder Frenzy",
        "type": "ability",
        "system": {
            "type": "none",
            "distance": {"type": "special"},
            "target": {"type": "special"},
            "effect": {"after": "<p>Each cinderback gains 2 temporary Stamina.</p>"},
            "resource": 3,
        },
    }
    for n, resource in ((1, 3), (2, 3), (3, 5)):  # the third group's feature of that name costs 5
        actor = foundry_npc()
        actor["name"] = f"Cinderback {n}"
        actor["items"].append({**frenzy, "system": {**frenzy["system"], "resource": resource}})
        (tmp_path / f"npc_{n}.json").write_text(json.dumps(actor))
    file = load_statblocks(tmp_path)
    assert [(f.name, f.cost) for f in file.malice_features] == [
        ("Cinder Frenzy", ab.Cost("malice", 3)),
        ("Cinder Frenzy", ab.Cost("malice", 5)),
    ]


def test_foundry_solo_monster_trait_with_an_inline_roll() -> None:
    """Foundry writes the End Effect damage as an inline roll: ``[[/damage 10]]``, or with its
    label, ``[[/damage 20]]{20 damage}``; the trait is "Solo Monster" (RB-SOLO-02)."""
    for words, damage in (("[[/damage 10]] damage", 10), ("[[/damage 20]]{20 damage}", 20)):
        data = foundry_npc()
        data["system"]["monster"].update(organization="solo", role="")
        data["items"][0] = {
            "name": "Solo Monster",
            "type": "feature",
            "system": {
                "description": {
                    "value": f"<p>At the end of each of their turns, the hulk can take {words}"
                    " to end one effect on them that can be ended by a saving throw.</p>"
                }
            },
        }
        block = only(loads_statblocks(json.dumps(data), source="npc.json"))
        assert block.end_effect == damage
        assert f"can take {damage} damage to end" in block.traits[0].text
