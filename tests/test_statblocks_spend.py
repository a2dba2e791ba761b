"""The importers read an ability's "Spend X" entries (RB-HR-03): Foundry's ``system.spend``,
Forge Steel's spend sections, SteelCompendium's ``{cost, effect}`` items.

The samples are home-made (invented creatures, numbers and words) in the shapes the exporters
write; no published stat block is copied. An entry that cannot be read is left out and reported
with its file and field; the rest of its stat block loads as before.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from brawl.abilities.model import Ability, Spend
from brawl.errors import ScenarioError
from brawl.statblocks import StatBlock, dumps_statblocks, loads_statblocks, parse_statblocks

DATA = Path(__file__).parent / "data" / "statblocks"


def _only(text: str, source: str) -> StatBlock:
    (block,) = loads_statblocks(text, source=source).blocks
    assert isinstance(block, StatBlock)
    return block


def _ability(block: StatBlock, name: str) -> Ability:
    return next(a for a in block.abilities if a.name == name)


# --- Foundry VTT: system.spend {text, value} ------------------------------------------------------
def _foundry() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "foundry-npc.json").read_text(encoding="utf-8"))
    return data


def _foundry_with_spend() -> dict[str, Any]:
    """Slag Fist: "2 Malice" as Foundry writes it; Cinder Wave: a null value with a "for each 2
    Malice spent" wording, and a second entry printed in its effect ("<strong>3 Malice:</strong>")."""
    data = _foundry()
    fist, wave = data["items"][1]["system"], data["items"][2]["system"]
    fist["spend"] = {"text": "The target is also slowed (save ends).", "value": 2}
    wave["spend"] = {"text": "The wave hits one more creature for each 2 Malice spent.", "value": None}
    wave["effect"]["after"] += "<p><strong>3 Malice:</strong> The line becomes a 3 burst.</p>"
    return data


def test_foundry_reads_system_spend_rb_hr_03() -> None:
    """RB-HR-03: ``{"text", "value": 2}`` is Spend 2; a null value with "for each 2 Malice spent"
    is Spend 2+; "<strong>3 Malice:</strong> ..." in the effect is a second entry, Spend 3, and
    leaves the effect text."""
    block = _only(json.dumps(_foundry_with_spend()), "npc.json")
    assert _ability(block, "Slag Fist").spend == (Spend(2, "The target is also slowed (save ends)."),)
    wave = _ability(block, "Cinder Wave")
    assert wave.spend == (
        Spend(2, "The wave hits one more creature for each 2 Malice spent.", plus=True),
        Spend(3, "The line becomes a 3 burst."),
    )
    assert wave.effect_after == "Each target takes 4 fire damage."


def test_foundry_empty_spend_is_none_and_the_rest_loads_as_before() -> None:
    """The empty ``{"text": "", "value": null}`` Foundry writes on most abilities is no entry; with
    entries, every other field of the abilities is what it was without them."""
    data = _foundry()
    for item in data["items"][1:3]:
        item["system"]["spend"] = {"text": "", "value": None}
    before = _only(json.dumps(data), "npc.json")
    assert all(a.spend == () for a in before.abilities)
    after = _only(json.dumps(_foundry_with_spend()), "npc.json")
    assert [attrs.evolve(a, spend=()) for a in after.abilities] == list(before.abilities)


# --- Forge Steel: sections of type field named Spend ----------------------------------------------
def _forge() -> dict[str, Any]:
    """Sledge Warden with Maul Sweep written in the newer ``sections`` shape, its spend sections
    as Forge Steel makes them (``{type: field, name: Spend, value, repeatable, effect}``)."""
    data: dict[str, Any] = json.loads((DATA / "fs-monster.json").read_text(encoding="utf-8"))
    sweep = data["features"][2]["data"]["ability"]
    roll = sweep.pop("powerRoll")
    sweep.pop("effect")
    sweep["sections"] = [
        {"type": "roll", "roll": roll},
        {"type": "text", "text": "The warden shifts 1 square."},
        {"type": "field", "name": "Spend", "value": 3, "repeatable": False, "effect": "Each is dazed."},
        {
            "type": "field",
            "name": "Spend",
            "value": 1,
            "repeatable": True,
            "effect": "The warden pushes one target 1 more square for each Malice spent.",
        },
        {"type": "field", "name": "Malice:", "value": 2, "repeatable": False, "effect": "Sweep again."},
        {"type": "field", "name": "Special", "value": 0, "repeatable": False, "effect": "Not underwater."},
    ]
    return data


_TIER3 = "11 damage; M < 2 prone; the warden taunts the target (EoT)"


def test_forgesteel_reads_spend_sections_rb_hr_03() -> None:
    """RB-HR-03: ``value`` 3 is Spend 3, ``repeatable`` makes Spend 1+, a spend section named
    "Malice:" is Spend 2; a field that is not a spend ("Special", value 0) stays effect text."""
    sweep = _ability(_only(json.dumps(_forge()), "fs.json"), "Maul Sweep")
    assert sweep.spend == (
        Spend(3, "Each is dazed."),
        Spend(1, "The warden pushes one target 1 more square for each Malice spent.", plus=True),
        Spend(2, "Sweep again."),
    )
    assert sweep.effect_after == "The warden shifts 1 square.\nSpecial: Not underwater."
    assert sweep.power_roll is not None
    assert [t.text for t in sweep.power_roll.tiers] == ["5 damage", "8 damage; M < 1 prone", _TIER3]


# --- SteelCompendium: {cost, effect} items of effects ---------------------------------------------
SC_SPEND = """\
type: statblock
name: Mire Hag
level: 3
roles:
  - Elite Controller
ancestry:
  - Fey
ev: "20"
stamina: "60"
speed: 5
size: 1M
stability: 0
free_strike: 3
might: 1
agility: 1
reason: 3
intuition: 2
presence: 1
features:
  - type: feature
    feature_type: ability
    name: Sucking Mud
    icon: x
    ability_type: Signature Ability
    keywords:
      - Magic
      - Ranged
    usage: Main action
    distance: Ranged 5
    target: One creature
    effects:
      - roll: Power Roll + 3
        tier1: 3 psychic damage
        tier2: 5 psychic damage
        tier3: 7 psychic damage
      - name: Effect
        effect: The ground under the target is difficult terrain.
      - cost: 2 Malice
        effect: The target is also slowed (save ends).
      - cost: 1+ Malice
        effect: The hag targets one more creature for each Malice spent.
"""


def test_steelcompendium_reads_cost_items_as_spend_rb_hr_03() -> None:
    """RB-HR-03: ``{cost: "2 Malice", effect}`` is Spend 2, ``"1+ Malice"`` Spend 1+; the named
    effect stays the ability's effect text."""
    mud = _ability(_only(SC_SPEND, "hag.yaml"), "Sucking Mud")
    assert mud.spend == (
        Spend(2, "The target is also slowed (save ends)."),
        Spend(1, "The hag targets one more creature for each Malice spent.", plus=True),
    )
    assert mud.effect_after == "The ground under the target is difficult terrain."


# --- brawl's format keeps them; the report lists them ---------------------------------------------
@pytest.mark.parametrize(
    ("text", "source"),
    [
        (json.dumps(_foundry_with_spend()), "npc.json"),
        (json.dumps(_forge()), "fs.json"),
        (SC_SPEND, "hag.yaml"),
    ],
)
def test_imported_spend_entries_survive_brawls_toml_format_rb_hr_03(text: str, source: str) -> None:
    """An imported block written as brawl's TOML and read back is the same block, entries and all."""
    blocks = loads_statblocks(text, source=source).blocks
    assert any(a.spend for b in blocks for a in b.abilities)
    written = dumps_statblocks(blocks)
    assert "spend = " in written or ".spend]]" in written
    assert parse_statblocks(written) == blocks


def test_the_report_lists_spend_entries_rb_hr_03() -> None:
    """The amount is read (the engine pays it), the effect is kept as text for the table."""
    file = loads_statblocks(SC_SPEND, source="hag.yaml")
    (line,) = [r for r in file.report() if r.ability == "Sucking Mud"]
    assert tuple(p for p in line.parsed if p.startswith("spend")) == ("spend 2", "spend 1+")
    assert "spend 1+: The hag targets one more creature for each Malice spent." in line.text


# --- an entry that cannot be read: left out, reported with its file and field ---------------------
def test_foundry_spend_without_a_value_keeps_its_words_as_effect_text() -> None:
    """A null value and no "for each" wording: the entry prints no amount, so it is no Spend
    entry; its words stay the ability's effect text, which the load report lists as kept as
    text. Nothing is dropped and a strict load reads the block too."""
    data = _foundry_with_spend()
    data["items"][1]["system"]["spend"] = {"text": "The target is also slowed.", "value": None}
    for strict in (False, True):
        file = loads_statblocks(json.dumps(data), source="npc.json", strict=strict)
        assert file.dropped == ()
        (block,) = file.blocks
        assert isinstance(block, StatBlock)
        fist = _ability(block, "Slag Fist")
        assert fist.spend == ()
        assert fist.effect_after is not None
        assert fist.effect_after.endswith("The target is also slowed.")
        assert len(_ability(block, "Cinder Wave").spend) == 2
        (line,) = [r for r in file.report() if r.ability == "Slag Fist"]
        assert any("The target is also slowed." in t for t in line.text)


def test_foundry_spend_of_an_odd_shape_is_reported_with_its_field() -> None:
    data = _foundry()
    data["items"][1]["system"]["spend"] = ["2", "more damage"]
    file = loads_statblocks(json.dumps(data), source="npc.json")
    assert [(d.source, d.field) for d in file.dropped] == [("npc.json", "items[1].system.spend")]
    assert [a.name for a in file.blocks[0].abilities] == ["Slag Fist", "Cinder Wave"]


def test_forgesteel_spend_section_without_an_amount_is_reported_with_its_field() -> None:
    """A spend section whose value is not a number, and one with no effect text: each left out
    and reported at its own field, the others read; the section indexes are the file's."""
    data = _forge()
    sections = data["features"][2]["data"]["ability"]["sections"]
    sections[2]["value"] = "lots"
    del sections[3]["effect"]
    file = loads_statblocks(json.dumps(data), source="fs.json")
    at = "features[2].data.ability.sections"
    assert [(d.source, d.statblock, d.field) for d in file.dropped] == [
        ("fs.json", "Sledge Warden", f"{at}[2].value"),
        ("fs.json", "Sledge Warden", f"{at}[3].effect"),
    ]
    sweep = _ability(file.blocks[0], "Maul Sweep")  # type: ignore[arg-type]
    assert sweep.spend == (Spend(2, "Sweep again."),)


def test_steelcompendium_spend_item_with_an_odd_cost_is_reported_with_its_field() -> None:
    text = SC_SPEND.replace("cost: 2 Malice", "cost: 2 Malice per target")
    file = loads_statblocks(text, source="hag.yaml")
    assert [(d.source, d.field) for d in file.dropped] == [("hag.yaml", "features[0].effects[2].cost")]
    mud = _ability(file.blocks[0], "Sucking Mud")  # type: ignore[arg-type]
    assert mud.spend == (Spend(1, "The hag targets one more creature for each Malice spent.", plus=True),)
    assert mud.effect_after == "The ground under the target is difficult terrain."


def test_an_unreadable_spend_never_hides_other_refusals() -> None:
    """A stat block with an unreadable spend and an unreadable Stamina still fails, naming Stamina."""
    data = copy.deepcopy(_foundry_with_spend())
    data["items"][1]["system"]["spend"] = {"text": "x", "value": None}
    data["system"]["stamina"]["max"] = "lots"
    with pytest.raises(ScenarioError, match=r"field 'system\.stamina\.max'"):
        loads_statblocks(json.dumps(data), source="npc.json")
