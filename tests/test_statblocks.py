"""Stat blocks and hero sheets: the records, brawl's TOML files, the JSON Schema, scenarios naming them."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.statblocks.load as load_module
from brawl.abilities import model as ab
from brawl.creature import MovementType
from brawl.damagetypes import KEYS as DAMAGE_KEYS
from brawl.io.scenariofields import Where
from brawl.statblocks import (
    HeroSheet,
    StatBlock,
    Trait,
    bundled_statblock_files,
    bundled_statblocks,
    dumps_statblocks,
    load_statblocks,
    loads_statblocks,
    parse_statblocks,
)
from brawl.statblocks.model import ORGANIZATIONS, ROLES
from brawl.statblocks.tomlformat import read_document
from brawl.strategies import abilities as shared_abilities
from brawl.strategies import effects, tiers

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "statblocks"
SCHEMA = json.loads((ROOT / "schemas" / "statblocks.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def refused(text: str) -> brawl.ScenarioError:
    with pytest.raises(brawl.ScenarioError) as info:
        parse_statblocks(text, source="blocks.toml")
    return info.value


def jab() -> ab.Ability:
    return ab.Ability(
        "Jab",
        "main action",
        distance=ab.Distance("melee", 1),
        target=ab.Target("creature", 1, "One creature"),
    )


# --- the records --------------------------------------------------------------------------------
def test_a_stat_block_builds_its_creature_and_keyword_fields_override() -> None:
    block = StatBlock(
        name="Ridge Stalker",
        stamina=40,
        level=3,
        organization="solo",
        speed=7,
        movement=["walk", "climb"],
        size="1L",
        stability=2,
        characteristics={"might": 3},
        immunities={"cold": 5},
        weaknesses={"fire": 2},
        abilities=[jab()],
    )
    c = block.creature("stalker")
    assert (c.id, c.name, c.side, c.hero) == ("stalker", "Ridge Stalker", brawl.DIRECTOR, False)
    assert (c.stamina_max, c.stamina, c.speed, c.stability, c.level) == (40, 40, 7, 2, 3)
    assert c.movement == {MovementType.WALK, MovementType.CLIMB}
    assert c.size == brawl.Size(1, "L")
    assert c.characteristics.might == 3
    assert (c.immunities["cold"], c.weaknesses["fire"]) == (5, 2)
    assert c.solo  # RB5-SOLO: a solo stat block makes a solo creature
    assert c.abilities == (jab(),)
    other = block.creature("s2", name="Old Stalker", stamina=10, pos=(3, 4, 0))
    assert (other.name, other.stamina, other.stamina_max, other.pos) == (
        "Old Stalker",
        10,
        40,
        brawl.Pos(3, 4, 0),
    )
    assert block.key == "ridge-stalker"
    assert block.is_solo
    assert not block.is_minion


def test_a_hero_sheet_builds_a_hero_with_recoveries() -> None:
    sheet = HeroSheet(name="Oskar Fenn", stamina=33, recoveries=10, heroic_resource_name="Focus", level=2)
    c = sheet.creature("oskar")
    assert (c.side, c.hero, c.recoveries, c.recoveries_max, c.level) == (brawl.HEROES, True, 10, 10, 2)
    assert sheet.key == "oskar-fenn"


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"stamina": 0}, brawl.StateError),
        ({"level": -1}, brawl.StateError),
        ({"organization": "mob"}, brawl.StateError),
        ({"role": "tank"}, brawl.StateError),
        ({"ev_for": 0}, brawl.StateError),
        ({"size": "huge"}, brawl.StateError),
        ({"characteristics": {"might": 6}}, brawl.StateError),
        ({"characteristics": {"luck": 1}}, brawl.StateError),
        ({"immunities": {"fire": -1}}, brawl.StateError),
        ({"movement": ["levitate"]}, brawl.StateError),
        ({"abilities": [jab(), jab()]}, brawl.StateError),
        ({"stamina": "8"}, TypeError),
        ({"keywords": "Goblin"}, TypeError),
        ({"traits": ["Crafty"]}, TypeError),
        ({"abilities": [{"name": "Jab"}]}, TypeError),
        ({"with_captain": 3}, TypeError),
    ],
)
def test_a_stat_block_refuses_bad_fields(fields: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        StatBlock(**{"name": "Thing", "stamina": 8, **fields})


# --- brawl's TOML files -------------------------------------------------------------------------
def test_a_one_creature_file_reads_every_field() -> None:
    (block,) = load_statblocks(DATA / "brawl-one.toml")
    assert isinstance(block, StatBlock)
    assert (block.name, block.level, block.organization, block.role, block.ev, block.stamina) == (
        "Ridge Stalker",
        3,
        "solo",
        "",
        45,
        140,
    )
    assert (block.speed, block.size, block.stability, block.free_strike) == (8, brawl.Size(1, "L"), 2, 5)
    assert block.movement == {MovementType.WALK, MovementType.CLIMB}
    assert block.characteristics == brawl.Characteristics(3, 2, -2, 2, 0)
    assert dict(block.immunities) == {"cold": 5}
    assert block.traits == (
        Trait("Solo Monster", "The stalker takes two turns each round, never back to back."),
    )
    (claws,) = block.abilities
    assert (claws.action_type, claws.category, claws.keywords) == (
        "main action",
        "signature",
        ("Melee", "Strike", "Weapon"),
    )
    assert claws.distance == ab.Distance("melee", 1)
    assert claws.target == ab.Target("creature", 2, "Two creatures")
    assert claws.power_roll is not None
    assert claws.power_roll.characteristics == ("might",)
    t1, t2, t3 = claws.power_roll.tiers
    assert t1 == ab.Tier("7 damage", (ab.Damage(7),))
    assert t2.effects == (ab.Damage(10), ab.ApplyCondition("bleeding", "save ends", ab.Potency("agility", 2)))
    assert t3 == ab.Tier(
        "13 damage; the stalker climbs onto the target",
        (ab.Damage(13), ab.TextEffect("the stalker climbs onto the target")),
    )


def test_a_group_file_holds_monsters_and_heroes() -> None:
    wisp, keeper, oskar = load_statblocks(DATA / "brawl-group.toml")
    assert isinstance(wisp, StatBlock)
    assert isinstance(keeper, StatBlock)
    assert isinstance(oskar, HeroSheet)
    assert (wisp.organization, wisp.ev, wisp.ev_for, wisp.with_captain) == (
        "minion",
        3,
        4,
        "+1 bonus to speed",
    )
    assert wisp.is_minion
    assert wisp.size == brawl.Size(1, "T")
    assert wisp.movement == {MovementType.FLY, MovementType.HOVER}  # as written: no walk
    snuff = keeper.abilities[0]
    assert snuff.distance == ab.Distance("cube", size=3, within=10)
    assert snuff.target == ab.Target("each enemy", None)
    assert (oskar.level, oskar.heroic_resource_name, oskar.recoveries, oskar.stability) == (2, "Focus", 10, 1)
    pin = oskar.abilities[0]
    assert pin.cost == ab.Cost("heroic", 3, "3 Focus")
    assert pin.power_roll is not None
    assert pin.power_roll.tiers[0].effects == (
        ab.Damage(4, ("agility",)),
        ab.ApplyCondition("slowed", "save ends", ab.Potency("agility", "weak")),
    )


@pytest.mark.parametrize("name", ["brawl-one.toml", "brawl-group.toml"])
def test_a_file_written_reads_back_equal(name: str) -> None:
    blocks = load_statblocks(DATA / name).blocks
    text = dumps_statblocks(blocks)
    assert parse_statblocks(text) == blocks
    assert dumps_statblocks(parse_statblocks(text)) == text


def test_the_writer_uses_the_short_forms_that_read_back() -> None:
    text = dumps_statblocks(load_statblocks(DATA / "brawl-group.toml").blocks)
    assert 'distance = "Ranged 5"' in text
    assert 'target = "One creature"' in text
    assert 'cost = "3 Focus"' in text
    assert '"3 fire damage; I < 1 dazed (EoT)"' in text
    assert 'count = "each"' in text  # a target table without printed words keeps its count


HEAD = '[[monsters]]\nname = "A"\nstamina = 8\n[[monsters.abilities]]\nname = "J"\n'
_NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=12).filter(str.strip)
_SAFE_TEXT = st.text(
    alphabet=st.characters(exclude_categories=["Cs"], max_codepoint=0x2FFF), min_size=0, max_size=30
)


@st.composite
def distances(draw: st.DrawFn) -> ab.Distance:
    kind = draw(st.sampled_from(ab.DISTANCE_KINDS))
    n = st.integers(1, 20)
    if kind in ("melee", "ranged", "aura", "burst"):
        return ab.Distance(kind, draw(n))
    if kind == "melee or ranged":
        return ab.Distance(kind, draw(n), within=draw(n))
    if kind in ("cube", "wall"):
        return ab.Distance(kind, size=draw(n), within=draw(n))
    if kind == "line":
        return ab.Distance(kind, size=draw(n), width=draw(n), within=draw(n))
    if kind == "self":
        return ab.Distance("self", text=draw(st.sampled_from(["", "Self"])))
    return ab.Distance("special", text=draw(_SAFE_TEXT.filter(str.strip)))


@st.composite
def abilities(draw: st.DrawFn) -> ab.Ability:
    target_kind = draw(st.sampled_from(ab.TARGET_KINDS))
    count = None if target_kind.startswith("each ") else draw(st.none() | st.integers(1, 5))
    words = draw(_SAFE_TEXT.filter(str.strip) if target_kind == "special" else _SAFE_TEXT)
    target = ab.Target(target_kind, count, words)
    cost = draw(st.none() | st.builds(ab.Cost, st.sampled_from(ab.RESOURCES), st.integers(1, 9), _SAFE_TEXT))
    odd_tier = st.builds(ab.Tier, _SAFE_TEXT, st.lists(effects(), max_size=2).map(tuple))
    roll = draw(
        st.none()
        | st.builds(
            ab.PowerRoll,
            st.lists(st.sampled_from(ab.CHARACTERISTICS), max_size=2, unique=True).map(tuple),
            st.none() | st.integers(-3, 5),
            tiers=st.tuples(tiers() | odd_tier, tiers(), tiers() | odd_tier),
        )
    )
    return ab.Ability(
        draw(_NAMES),
        draw(st.sampled_from(ab.ACTION_TYPES)),
        draw(st.none() | st.sampled_from(ab.CATEGORIES)),
        tuple(draw(st.lists(_NAMES, max_size=3))),
        distance=draw(distances()),
        target=target,
        trigger=draw(_SAFE_TEXT),
        cost=cost,
        power_roll=roll,
        effect_before=draw(_SAFE_TEXT),
        effect_after=draw(_SAFE_TEXT),
        text=draw(_SAFE_TEXT),
    )


def _unique(items: list[ab.Ability]) -> list[ab.Ability]:
    seen: dict[str, ab.Ability] = {}
    for a in items:
        seen.setdefault(a.name, a)
    return list(seen.values())


_SCORES = st.builds(brawl.Characteristics, *(st.integers(-5, 5) for _ in range(5)))
_COMMON: dict[str, Any] = {
    "name": _NAMES,
    "level": st.integers(1, 10),
    "keywords": st.lists(_NAMES, max_size=3).map(tuple),
    "speed": st.integers(0, 12),
    "movement": st.sets(st.sampled_from(list(MovementType)), min_size=1),
    "size": st.sampled_from(["1T", "1S", "1M", "1L", "2", "3"]),
    "stability": st.integers(0, 5),
    "characteristics": _SCORES,
    "immunities": st.dictionaries(st.sampled_from(sorted(DAMAGE_KEYS)), st.integers(0, 9) | st.just("all")),
    "weaknesses": st.dictionaries(st.sampled_from(sorted(DAMAGE_KEYS)), st.integers(0, 9)),
    "traits": st.lists(st.builds(Trait, _NAMES, _SAFE_TEXT), max_size=2).map(tuple),
    "abilities": st.lists(abilities() | shared_abilities(), max_size=3).map(_unique),
}
stat_blocks = st.builds(
    StatBlock,
    stamina=st.integers(1, 500),
    organization=st.sampled_from(("", *ORGANIZATIONS)),
    role=st.sampled_from(("", *ROLES)),
    ev=st.integers(0, 100),
    ev_for=st.integers(1, 8),
    free_strike=st.integers(0, 10),
    with_captain=_SAFE_TEXT,
    **_COMMON,
)
hero_sheets = st.builds(
    HeroSheet,
    stamina=st.integers(1, 200),
    recoveries=st.integers(0, 16),
    heroic_resource_name=st.sampled_from(["", "Wrath", "Focus"]),
    resource_gain=st.sampled_from(["", "2", "1d3"]),
    **_COMMON,
)


@given(st.lists(stat_blocks | hero_sheets, min_size=1, max_size=3))
def test_any_stat_blocks_written_read_back_equal_and_fit_the_schema(
    blocks: list[StatBlock | HeroSheet],
) -> None:
    text = dumps_statblocks(blocks)
    back = parse_statblocks(text)
    monsters = [b for b in blocks if isinstance(b, StatBlock)]
    heroes = [b for b in blocks if isinstance(b, HeroSheet)]
    assert back == (*monsters, *heroes)
    assert list(VALIDATOR.iter_errors(tomllib.loads(text))) == []


def test_dumps_statblocks_refuses_what_is_not_a_stat_block() -> None:
    with pytest.raises(TypeError):
        dumps_statblocks("Goblin")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        dumps_statblocks([jab()])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ('[[monsters]]\nname = "A"\nstamina = "8"\n', "monsters[0].stamina", "whole number"),
        ('[[monsters]]\nname = "A"\nstamina = 8\nsped = 5\n', "monsters[0].sped", "unknown"),
        ('[[monsters]]\nname = "A"\n', "monsters[0].stamina", "required"),
        ('[[monsters]]\nname = "A"\nstamina = 8\nrole = "tank"\n', "monsters[0]", "tank"),
        ('[[monsters]]\nname = "A"\nstamina = 8\nsize = "huge"\n', "monsters[0].size", "size"),
        ('[[heroes]]\nname = "A"\nstamina = 8\nrecoveries = -1\n', "heroes[0]", "recoveries"),
        ('schema = 2\n[[heroes]]\nname = "A"\nstamina = 8\n', "schema", "schema 1"),
        ("monsters = 3\n", "monsters", "array of tables"),
        ("[scenario]\n", "scenario", "unknown"),
        (
            HEAD + 'distance = "Melee 1"\ntarget = "One creature"\n',
            "monsters[0].abilities[0].action_type",
            "required",
        ),
        (
            HEAD + 'action_type = "attack"\ndistance = "Melee 1"\ntarget = "One creature"\n',
            "monsters[0].abilities[0].action_type",
            "attack",
        ),
        (
            HEAD + 'action_type = "maneuver"\n'
            'distance = "Melee 1"\ntarget = "One creature"\n'
            'power_roll = { tiers = ["1 damage", "2 damage"] }\n',
            "monsters[0].abilities[0].power_roll",
            "three tiers",
        ),
        (
            HEAD + 'action_type = "maneuver"\ndistance = "Melee 1"\ntarget = "One creature"\ncost = "free"\n',
            "monsters[0].abilities[0].cost",
            "3 Malice",
        ),
        (
            HEAD + 'action_type = "maneuver"\n'
            'distance = { kind = "line", size = 3 }\ntarget = "One creature"\n',
            "monsters[0].abilities[0].distance",
            "width",
        ),
    ],
)
def test_a_malformed_file_is_refused_naming_the_field(text: str, field: str, words: str) -> None:
    err = refused(text)
    assert err.source == "blocks.toml"
    assert err.field is not None
    assert err.field.startswith(field), err
    assert words in str(err)


def test_a_toml_syntax_error_names_the_line() -> None:
    err = refused('[[monsters]]\nname = "A"\nstamina = = 8\n')
    assert err.line == 3
    assert "invalid TOML" in str(err)


def test_an_empty_file_is_refused() -> None:
    assert "no stat block" in str(refused("schema = 1\n"))


# --- the JSON Schema ----------------------------------------------------------------------------
def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize(
    "path",
    sorted(DATA.glob("brawl-*.toml")) + sorted((ROOT / "examples" / "statblocks").glob("*.toml")),
    ids=lambda p: p.name,
)
def test_the_sample_and_shipped_files_fit_the_schema(path: Path) -> None:
    assert list(VALIDATOR.iter_errors(tomllib.loads(path.read_text(encoding="utf-8")))) == []


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["monsters"][0].update(sped=5),
        lambda d: d["monsters"][0].update(stamina="8"),
        lambda d: d["monsters"][0].update(organization="mob"),
        lambda d: d["monsters"][0]["abilities"][0].update(action_type="attack"),
        lambda d: d["monsters"][0]["abilities"][0]["power_roll"]["tiers"].pop(),
        lambda d: d["monsters"][0].pop("name"),
        lambda d: d.update(schema=2),
    ],
)
def test_the_schema_refuses_what_the_loader_refuses(change: Any) -> None:
    data = tomllib.loads((DATA / "brawl-one.toml").read_text(encoding="utf-8"))
    change(data)
    assert list(VALIDATOR.iter_errors(data)) != []
    with pytest.raises(brawl.ScenarioError):
        read_document(data, Where(None, "x.toml"))


def _props(name: str) -> set[str]:
    return set(SCHEMA["$defs"][name]["properties"])


def test_the_schema_names_every_field_of_the_records() -> None:
    assert _props("monster") == {f.name for f in attrs.fields(StatBlock)}
    assert _props("hero") == {f.name for f in attrs.fields(HeroSheet)}
    assert _props("trait") == {f.name for f in attrs.fields(Trait)}
    assert _props("ability") == {f.name for f in attrs.fields(ab.Ability)}
    assert _props("power_roll") == {f.name for f in attrs.fields(ab.PowerRoll)}
    distance = SCHEMA["$defs"]["distance"]["oneOf"][1]["properties"]
    assert set(distance) == {f.name for f in attrs.fields(ab.Distance)}


def test_the_schema_allows_exactly_the_values_the_records_allow() -> None:
    defs = SCHEMA["$defs"]
    assert defs["ability"]["properties"]["action_type"]["enum"] == list(ab.ACTION_TYPES)
    assert defs["ability"]["properties"]["category"]["enum"] == list(ab.CATEGORIES)
    assert defs["distance"]["oneOf"][1]["properties"]["kind"]["enum"] == list(ab.DISTANCE_KINDS)
    assert defs["target"]["oneOf"][1]["properties"]["kind"]["enum"] == list(ab.TARGET_KINDS)
    assert defs["monster"]["properties"]["organization"]["enum"] == ["", *ORGANIZATIONS]
    assert defs["monster"]["properties"]["role"]["enum"] == ["", *ROLES]
    assert defs["movement"]["items"]["enum"] == [m.value for m in MovementType]
    assert set(defs["immunities"]["propertyNames"]["enum"]) == set(DAMAGE_KEYS)
    tags = {e["properties"]["effect"]["const"] for e in defs["effect"]["oneOf"]}
    assert tags == {"damage", "forced", "condition", "text"}


# --- the shipped stat blocks --------------------------------------------------------------------
def test_the_shipped_stat_blocks_load_with_abilities() -> None:
    assert bundled_statblock_files() == ["brutes", "gutterlings", "heroes"]
    shipped = bundled_statblocks()
    assert {"gutterling-sniper", "boulderback-brute", "kira", "talia"} <= {b.key for b in shipped}
    for block in shipped:
        assert block.abilities, block.name
    assert isinstance(shipped["Kira"], HeroSheet)
    assert shipped["gutterling-cutter"].organization == "minion"  # type: ignore[union-attr]
    with pytest.raises(KeyError, match="no stat block named 'nobody'"):
        shipped["nobody"]


# --- scenarios that name stat blocks --------------------------------------------------------------
def test_the_bundled_scenarios_take_their_creatures_from_stat_blocks() -> None:
    for name in brawl.bundled_scenarios():
        enc = brawl.load_scenario(brawl.bundled_scenario(name))
        for c in enc.creature_list():
            assert c.abilities, (name, c.id)
    bridge = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    ogre = bridge.creature("ogre")
    assert (ogre.name, ogre.stamina_max, ogre.size, ogre.stability) == ("Bridge ogre", 60, brawl.Size(2), 2)
    assert ogre.ability("Tree-Trunk Club") is not None
    kira = bridge.creature("kira")
    assert kira.characteristics.intuition == 1  # the scenario's own characteristics win
    assert (kira.hero, kira.side, kira.recoveries) == (True, brawl.HEROES, 8)


_MAP = '[[levels]]\nmap = "K.g"\n'


def test_a_creature_names_a_stat_block_and_its_own_keys_win() -> None:
    enc = brawl.loads_scenario(
        _MAP
        + '[[creatures]]\nid = "kira"\nmark = "K"\nstatblock = "Kira"\n'
        + '[[creatures]]\nid = "g1"\nmark = "g"\nstatblock = "gutterling-sniper"\nstamina = 3\nspeed = 4\n'
    )
    g1 = enc.creature("g1")
    assert (g1.name, g1.stamina, g1.stamina_max, g1.speed, g1.size) == (
        "Gutterling Sniper",
        3,
        8,
        4,
        brawl.Size(1, "S"),
    )
    assert [a.name for a in g1.abilities] == ["Sling Bolt", "Duck and Weave"]
    assert enc.creature("kira").hero


def test_a_scenario_reads_its_own_stat_block_files(tmp_path: Path) -> None:
    (tmp_path / "blocks").mkdir()
    (tmp_path / "blocks" / "group.toml").write_text(
        (DATA / "brawl-group.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp_path / "keep.toml").write_text(
        'statblocks = ["blocks/group.toml"]\n'
        + _MAP
        + '[[creatures]]\nid = "oskar"\nmark = "K"\nstatblock = "Oskar Fenn"\n'
        + '[[creatures]]\nid = "w"\nmark = "g"\nstatblock = "lantern-wisp"\n',
        encoding="utf-8",
    )
    enc = brawl.load_scenario(tmp_path / "keep.toml")
    assert enc.creature("oskar").recoveries == 10
    assert enc.creature("w").size == brawl.Size(1, "T")


def test_an_unknown_stat_block_is_refused_naming_the_creature() -> None:
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.loads_scenario(
            _MAP + '[[creatures]]\nid = "x"\nmark = "K"\nstatblock = "Dragon"\n', source="s.toml"
        )
    assert info.value.field == "creatures[0].statblock"
    assert "no stat block named 'Dragon'" in str(info.value)
    assert "gutterling-sniper" in str(info.value)
    with pytest.raises(brawl.ScenarioError, match="stat block's name"):
        brawl.loads_scenario(_MAP + '[[creatures]]\nid = "x"\nmark = "K"\nstatblock = 3\n')


def test_a_bad_stat_block_file_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text('[[monsters]]\nname = "A"\nstamina = "x"\n', encoding="utf-8")
    text = 'statblocks = ["bad.toml"]\n' + _MAP
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.loads_scenario(text, base=tmp_path)
    assert info.value.field == "statblocks[0]"
    assert "bad.toml" in str(info.value)
    assert "monsters[0].stamina" in str(info.value)
    with pytest.raises(brawl.ScenarioError, match="cannot read"):
        brawl.loads_scenario('statblocks = ["missing.toml"]\n' + _MAP, base=tmp_path)
    with pytest.raises(brawl.ScenarioError, match="array of file names"):
        brawl.loads_scenario('statblocks = "bad.toml"\n' + _MAP, base=tmp_path)


# --- loading any format ---------------------------------------------------------------------------
def test_the_format_is_told_from_the_name_and_content() -> None:
    formats = {p.name: load_statblocks(p).format for p in sorted(DATA.iterdir())}
    assert formats == {
        "brawl-group.toml": "brawl",
        "brawl-one.toml": "brawl",
        "foundry-ability.json": "foundry",
        "foundry-hero.json": "foundry",
        "foundry-npc.json": "foundry",
        "fs-encounter.json": "forgesteel",
        "fs-monster.json": "forgesteel",
        "sc-squad.yaml": "steelcompendium",
        "sc-thornling.json": "steelcompendium",
    }


def test_a_folder_gives_the_stat_blocks_of_its_files(tmp_path: Path) -> None:
    for name in ("sc-squad.yaml", "brawl-one.toml", "fs-encounter.json"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    (tmp_path / "notes.txt").write_text("not a stat block", encoding="utf-8")
    folder = load_statblocks(tmp_path)
    assert folder.format == "mixed"
    assert [b.name for b in folder] == [
        "Ridge Stalker",
        "Gate Imp",
        "Sledge Warden",
        "Mirefly Swarmling",
        "Mire Matron",
    ]
    assert folder.roster == (("Sledge Warden", 1), ("Gate Imp", 4))
    (tmp_path / "sc-squad.yaml").write_text("- name: Broken\n  stamina: lots\n", encoding="utf-8")
    with pytest.raises(brawl.ScenarioError, match=r"sc-squad\.yaml"):
        load_statblocks(tmp_path, strict=True)
    lenient = load_statblocks(tmp_path)  # the other files load; the broken one is listed
    assert [b.name for b in lenient] == ["Ridge Stalker", "Gate Imp", "Sledge Warden"]
    (failure,) = lenient.failed
    assert (failure.source, failure.field) == (str(tmp_path / "sc-squad.yaml"), "[0].stamina")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(brawl.ScenarioError, match="no stat block file"):
        load_statblocks(empty)


def test_a_scenario_reads_a_folder_of_stat_blocks(tmp_path: Path) -> None:
    (tmp_path / "blocks").mkdir()
    (tmp_path / "blocks" / "one.toml").write_bytes((DATA / "brawl-one.toml").read_bytes())
    text = (
        'statblocks = ["blocks"]\n[[levels]]\nmap = "K.."\n'
        + '[[creatures]]\nid = "r"\nmark = "K"\nstatblock = "ridge stalker"\n'
    )
    enc = brawl.loads_scenario(text, base=tmp_path)
    assert enc.creature("r").solo


def test_brawls_own_tables_are_read_from_json_too() -> None:
    data = tomllib.loads((DATA / "brawl-one.toml").read_text(encoding="utf-8"))
    from_json = loads_statblocks(json.dumps(data), source="one.json")
    assert from_json.format == "brawl"
    assert from_json.blocks == load_statblocks(DATA / "brawl-one.toml").blocks


def test_an_unknown_document_is_refused() -> None:
    with pytest.raises(brawl.ScenarioError, match="not a stat block format"):
        loads_statblocks('{"hello": 1}', source="x.json")
    with pytest.raises(brawl.ScenarioError, match="line 1"):
        loads_statblocks('{"name": ', source="x.json")
    with pytest.raises(brawl.ScenarioError, match="format 'pdf'"):
        loads_statblocks("{}", format="pdf")
    with pytest.raises(brawl.ScenarioError, match="cannot read"):
        load_statblocks(DATA / "nothing.json")


def test_wrong_python_types_are_type_errors() -> None:
    with pytest.raises(TypeError):
        load_statblocks(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        loads_statblocks(b"[[monsters]]")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        loads_statblocks("{}", format=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse_statblocks(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        StatBlock(name="A", stamina=True)


def test_yaml_without_pyyaml_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(load_module, "yaml", None)
    with pytest.raises(brawl.ScenarioError) as info:
        load_statblocks(DATA / "sc-squad.yaml")
    assert "PyYAML" in str(info.value)
    assert "brawl[yaml]" in str(info.value)
    assert info.value.source is not None
    assert info.value.source.endswith("sc-squad.yaml")


def test_a_yaml_syntax_error_names_the_line() -> None:
    with pytest.raises(brawl.ScenarioError) as info:
        loads_statblocks("name: A\nstamina: [1, 2\nlevel: 3\n", source="x.yaml")
    assert info.value.line is not None
    assert info.value.line >= 2
    assert "invalid YAML" in str(info.value)


def test_the_report_says_what_was_parsed_and_what_kept_as_text() -> None:
    (report,) = load_statblocks(DATA / "brawl-one.toml").report()
    assert (report.statblock, report.ability) == ("Ridge Stalker", "Raking Claws")
    assert "distance Melee 1" in report.parsed
    assert "tier 2: A < 2 bleeding (save ends)" in report.parsed
    assert report.text == ("tier 3: the stalker climbs onto the target",)
    assert str(report).startswith("Ridge Stalker: Raking Claws: read distance Melee 1")
