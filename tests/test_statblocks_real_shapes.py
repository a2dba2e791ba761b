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
