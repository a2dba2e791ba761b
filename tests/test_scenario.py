"""Scenario files: the three bundled scenarios, every legend feature, and every malformed file refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import brawl
from brawl.geometry import Pos
from brawl.scenario import DEFAULT_LEGEND, from_ascii

ROOT = Path(__file__).resolve().parents[1]


def load(name: str) -> brawl.Encounter:
    return brawl.load_scenario(brawl.bundled_scenario(name))


def refused(text: str) -> brawl.ScenarioError:
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.loads_scenario(text, source="test.toml")
    return info.value


# --- the bundled scenarios --------------------------------------------------------------------------------
def test_bundled_scenarios_are_listed_and_found_by_name() -> None:
    assert brawl.bundled_scenarios() == ["bridge", "cliff", "tavern", "warband"]
    assert brawl.bundled_scenario("bridge").read_text(encoding="utf-8") == (
        ROOT / "examples" / "scenarios" / "bridge.toml"
    ).read_text(encoding="utf-8")


def test_unknown_bundled_scenario_is_refused_with_the_names_known() -> None:
    with pytest.raises(brawl.ScenarioError, match="bridge, cliff, tavern"):
        brawl.bundled_scenario("castle")
    with pytest.raises(brawl.ScenarioError):
        brawl.bundled_scenario("../README")


def test_bridge_deck_is_supported_and_the_chasm_drops_to_the_bottom() -> None:
    """The deck is one square of wood at z = -1 with air under it; the chasm is open to z = -12."""
    enc = load("bridge")
    t = enc.terrain
    assert (t.width, t.depth, t.height, t.below) == (16, 9, 10, 12)
    assert t.cell((8, 4, -1)).material is brawl.Material.WOOD
    assert t.cell((8, 4, -2)) == brawl.Cell()
    assert enc.is_supported(Pos(8, 4, 0), 1)
    assert not enc.is_supported(Pos(8, 2, 0), 1)
    assert t.drop_below(Pos(8, 2, 0)) == 12
    assert t.is_difficult(Pos(4, 1, 0))
    ogre = enc.creature("ogre")
    assert (ogre.pos, ogre.size, ogre.stability) == (Pos(13, 4, 0), brawl.Size(2), 2)
    assert enc.creature("goblin-2").weaknesses["fire"] == 3
    boulder = enc.object("boulder-1")
    assert (boulder.material, boulder.stamina) == (brawl.Material.STONE, 6)


def test_tavern_counter_is_one_square_high_and_objects_take_stamina_by_material() -> None:
    """DS-OBJ-03: wood objects have 3 Stamina per square; DS-OBJ-02: poison and psychic immunity all."""
    enc = load("tavern")
    t = enc.terrain
    assert t.is_solid((2, 1, 0))
    assert not t.is_solid((2, 1, 1))
    hearth = t.cell((12, 6, 0))
    assert (hearth.damaging, hearth.damage_type) == (3, brawl.DamageType.FIRE)
    assert sorted(enc.objects) == ["barrel-1", "barrel-2", "barrel-3", "table-1", "table-2", "table-3"]
    table = enc.object("table-1")
    assert (table.stamina, table.stamina_max, table.immunities["poison"]) == (3, 3, "all")
    assert enc.creature("mara").has("slowed")
    assert enc.creature("mara").conditions[0].duration is brawl.Duration.EOT
    assert enc.rng == brawl.Rng(3, 0)


def test_cliff_top_is_four_squares_up_with_steps_and_a_river_two_deep() -> None:
    enc = load("cliff")
    t = enc.terrain
    kira = enc.creature("kira")
    assert kira.pos == Pos(3, 1, 4)
    assert enc.is_supported(kira.pos, 1)
    assert [t.drop_below(Pos(x, 3, 4)) for x in (5, 6, 7, 8, 9)] == [0, 1, 2, 3, 4]
    assert t.liquid_depth(Pos(12, 0, -1)) == 2
    assert t.is_submerged(Pos(12, 0, -2))
    assert enc.creature("raider-1").has_movement("swim")


@pytest.mark.parametrize("name", ["bridge", "cliff", "tavern"])
def test_scenario_round_trips_through_json(name: str) -> None:
    enc = load(name)
    assert brawl.from_json(brawl.to_json(enc)) == enc


def test_load_scenario_reads_a_path_and_keeps_name_and_description() -> None:
    path = ROOT / "examples" / "scenarios" / "cliff.toml"
    assert brawl.load_scenario(path) == brawl.load_scenario(str(path))
    scenario = brawl.read_scenario(path)
    assert scenario.name == "The cliff above the river"
    assert scenario.description.startswith("Heroes on a cliff top")


def test_missing_and_binary_files_are_scenario_errors(tmp_path: Path) -> None:
    with pytest.raises(brawl.ScenarioError, match="cannot read"):
        brawl.load_scenario(tmp_path / "none.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(brawl.ScenarioError, match="UTF-8"):
        brawl.load_scenario(bad)
    with pytest.raises(brawl.ScenarioError):
        brawl.load_scenario(42)  # type: ignore[arg-type]


# --- the legend ---------------------------------------------------------------------------------------
def test_default_legend_walls_difficult_water_and_raised_ground() -> None:
    enc = from_ascii("#:~3.\n", height=6, below=3)
    t = enc.terrain
    assert [t.is_solid((0, 0, z)) for z in range(6)] == [True] * 6
    assert t.is_difficult(Pos(1, 0, 0))
    assert t.liquid_depth(Pos(2, 0, -1)) == 1
    assert [t.is_solid((3, 0, z)) for z in range(5)] == [True, True, True, False, False]
    assert t.cell((4, 0, 0)) == brawl.Cell()
    assert set(DEFAULT_LEGEND) >= {".", " ", "#", ":", "~", "1", "9"}


def test_a_bridge_over_a_road_on_two_levels() -> None:
    """A stone deck at level 3 over a road; pillars two squares high hold it; the road runs under."""
    enc = brawl.loads_scenario(
        '''
[legend]
"=" = { floor = "stone", label = "the bridge deck" }
"I" = { solid = "stone", height = 2 }

[[levels]]
z = 0
map = """
.....
.I.I.
.....
"""

[[levels]]
z = 3
map = """

=====
"""

[[creatures]]
id = "cart"
pos = [2, 1, 0]

[[creatures]]
id = "guard"
pos = [2, 1, 3]
'''
    )
    t = enc.terrain
    assert [t.is_solid((1, 1, z)) for z in range(4)] == [True, True, True, False]
    assert [t.is_solid((x, 1, 2)) for x in range(5)] == [True] * 5
    assert not t.is_solid((0, 0, 2))
    assert enc.is_supported(Pos(2, 1, 3), 1)
    assert enc.is_supported(Pos(2, 1, 0), 1)
    assert enc.fits(Pos(2, 1, 1), 1)
    assert not enc.fits(Pos(2, 1, 2), 1)


def test_stairs_ledges_pits_water_and_damage() -> None:
    enc = brawl.loads_scenario(
        '''
[map]
below = 5
[legend]
"_" = { pit = 3 }
"*" = { pit = "all" }
"w" = { water = 2, difficult = true }
"^" = { damaging = 2, damage_type = "fire", difficult = true }
"o" = { object = "metal", name = "anvil" }
[[levels]]
map = """
123_*w^o
"""
'''
    )
    t = enc.terrain
    assert [t.drop_below(Pos(x, 0, 3)) for x in range(3)] == [2, 1, 0]
    assert t.drop_below(Pos(3, 0, 0)) == 3
    assert t.drop_below(Pos(4, 0, 0)) == 5
    assert t.liquid_depth(Pos(5, 0, -1)) == 2
    assert t.is_difficult(Pos(5, 0, 0))
    fire = t.cell((6, 0, 0))
    assert (fire.damaging, fire.damage_type, fire.difficult) == (2, brawl.DamageType.FIRE, True)
    assert enc.object("anvil-1").stamina == 9


def test_letters_place_creatures_and_fill_large_spaces() -> None:
    enc = brawl.from_ascii(
        """
.....
.KOO.
..OO.
""",
        creatures={"K": brawl.Creature(id="kira"), "O": brawl.Creature(id="ogre", size="2")},
    )
    assert enc.creature("kira").pos == Pos(1, 1, 0)
    assert enc.creature("ogre").pos == Pos(2, 1, 0)
    assert enc.terrain.cell((1, 1, 0)) == brawl.Cell()
    assert enc.order == ("kira", "ogre")


def test_from_ascii_takes_creatures_with_their_own_positions_and_objects() -> None:
    enc = from_ascii(
        "...\n.c.\n",
        creatures=[brawl.Creature(id="a", pos=(0, 0, 0))],
        objects={"c": brawl.MapObject("chest", (0, 0, 0), material="wood")},
        seed=9,
    )
    assert enc.object("chest").pos == Pos(1, 1, 0)
    assert enc.creature("a").pos == Pos(0, 0, 0)
    assert enc.rng.seed == 9


def test_conditions_written_as_names_and_sizes_as_numbers() -> None:
    enc = brawl.loads_scenario(
        """
[[levels]]
map = "..A.."
[[creatures]]
id = "a"
mark = "A"
size = 1
conditions = ["prone", { name = "taunted", source = "b", duration = "eot" }]
""".replace("size = 1", 'size = "1L"')
    )
    a = enc.creature("a")
    assert [c.name.value for c in a.conditions] == ["prone", "taunted"]
    assert a.size == brawl.Size(1, "L")


# --- malformed files ----------------------------------------------------------------------------------
def test_toml_syntax_error_names_line_and_column() -> None:
    err = refused('[scenario]\nname = "x"\nseed = \n')
    assert (err.line, err.column) == (3, 8)
    assert str(err).startswith("test.toml, line 3, column 8: invalid TOML")


def test_unknown_map_character_names_its_line_and_column_in_the_file() -> None:
    err = refused('# a comment\n[[levels]]\nmap = """\n....\n..?.\n"""\n')
    assert (err.line, err.column) == (5, 3)
    assert "'?'" in str(err)


def test_a_map_on_the_same_line_as_its_key_counts_columns_from_the_key() -> None:
    err = refused('[[levels]]\nmap = "..?"\n')
    assert (err.line, err.column) == (2, 10)


def test_a_map_with_escapes_names_row_and_column_of_the_map() -> None:
    err = refused('[[levels]]\nmap = "..\\n.?"\n')
    assert err.field == "levels[0].map"
    assert "row 2, column 2" in str(err)


def test_row_longer_than_the_width_is_refused_at_its_column() -> None:
    err = refused('[map]\nwidth = 3\n[[levels]]\nmap = """\n...\n....\n"""\n')
    assert (err.line, err.column) == (6, 4)


def test_from_ascii_errors_name_line_and_column() -> None:
    with pytest.raises(brawl.ScenarioError) as info:
        from_ascii("\n...\n.%.\n")
    assert (info.value.line, info.value.column) == (3, 2)


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        (
            '[[levels]]\nmap = "."\n[[creatures]]\nid="a"\npos=[0,0,0]\n[[creatures]]\nid="b"\npos=[0,0,0]\n'
            '[[creatures]]\nid="c"\nsize="big"\npos=[0,0,0]\n',
            "creatures[2].size",
            "DS-SIZE-03",
        ),
        (
            '[[levels]]\nmap = "."\n[[creatures]]\nid="a"\npos=[0,0,0]\nspeed="fast"\n',
            "creatures[0].speed",
            "whole number",
        ),
        (
            '[[levels]]\nmap = "."\n[[creatures]]\nid="a"\npos=[0,0,0]\nwings=2\n',
            "creatures[0].wings",
            "unknown",
        ),
        ('[[levels]]\nmap = "."\n[[creatures]]\nid="a"\n', "creatures[0]", "mark"),
        (
            '[[levels]]\nmap = "."\n[[creatures]]\nid="a"\nmark="A"\n',
            "creatures[0].mark",
            "appears on no map",
        ),
        ('[[levels]]\nmap = "AA"\n[[creatures]]\nid="a"\nmark="A"\n', "creatures[0].mark", "appears 2 times"),
        (
            '[[levels]]\nmap = "A"\n[[creatures]]\nid="a"\nmark="A"\npos=[0,0,0]\n',
            "creatures[0].pos",
            "not both",
        ),
        ('[[levels]]\nmap = "A"\n[[creatures]]\nid="a"\nmark="AB"\n', "creatures[0].mark", "one letter"),
        (
            '[[levels]]\nmap = "A"\n[[creatures]]\nid="a"\nmark="A"\n[[objects]]\nid="b"\nmark="A"\n',
            "objects[0].mark",
            "used twice",
        ),
        (
            '[legend]\nA = {}\n[[levels]]\nmap = "A"\n[[creatures]]\nid="a"\nmark="A"\n',
            "creatures[0].mark",
            "legend",
        ),
        ('[legend]\n"x" = { solid = "lava" }\n[[levels]]\nmap = "x"\n', "legend['x'].solid", "lava"),
        ('[legend]\n"x" = { solid = "air" }\n[[levels]]\nmap = "x"\n', "legend['x'].solid", "air"),
        ('[legend]\n"x" = { wall = true }\n[[levels]]\nmap = "x"\n', "legend['x'].wall", "unknown"),
        ('[legend]\n"xy" = {}\n[[levels]]\nmap = "x"\n', "legend['xy']", "one character"),
        ('[legend]\n"x" = { height = 2 }\n[[levels]]\nmap = "x"\n', "legend['x'].height", "needs solid"),
        (
            '[legend]\n"x" = { damage_type = "fire" }\n[[levels]]\nmap = "x"\n',
            "legend['x'].damage_type",
            "damaging",
        ),
        (
            '[legend]\n"x" = { damaging = 2, damage_type = "wet" }\n[[levels]]\nmap = "x"\n',
            "legend['x'].damage_type",
            "DS-DMG-03",
        ),
        (
            '[legend]\n"x" = { solid = "stone", difficult = true }\n[[levels]]\nmap = "x"\n',
            "legend['x']",
            "solid",
        ),
        ('[legend]\n"x" = { water = 1, pit = 2 }\n[[levels]]\nmap = "x"\n', "legend['x']", "either"),
        (
            '[legend]\n"x" = { difficult = "yes" }\n[[levels]]\nmap = "x"\n',
            "legend['x'].difficult",
            "true or false",
        ),
        ('[legend]\n"x" = "wall"\n[[levels]]\nmap = "x"\n', "legend['x']", "table"),
        ("[scenario]\nname = 3\n[[levels]]\nmap = '.'\n", "scenario.name", "string"),
        ("[map]\nwidth = 0\n[[levels]]\nmap = '.'\n", "map.width", "from 1"),
        ("[map]\nground = 'air'\n[[levels]]\nmap = '.'\n", "map.ground", "air"),
        ("[[levels]]\nz = 99\nmap = '.'\n", "levels[0].z", "a level"),
        ("[[levels]]\nz = 0\n", "levels[0].map", "missing"),
        ("[[levels]]\nmap = 5\n", "levels[0].map", "string"),
        ("title = 'x'\n[[levels]]\nmap = '.'\n", "title", "unknown"),
        ("levels = 'x'\n", "levels", "at least one"),
        ("[scenario]\nname = 'x'\n", "levels", "at least one"),
        ("creatures = 'x'\n[[levels]]\nmap = '.'\n", "creatures", "array of tables"),
        ("creatures = [1]\n[[levels]]\nmap = '.'\n", "creatures[0]", "table"),
        ("[[levels]]\nmap = '.'\n[[objects]]\nid='o'\npos=[0,0,0]\nmaterial='air'\n", "objects[0]", "air"),
    ],
)
def test_malformed_fields_are_named(text: str, field: str, words: str) -> None:
    err = refused(text)
    assert err.field == field
    assert words in str(err)


def test_a_pit_deeper_than_the_map_is_refused_at_its_square() -> None:
    err = refused('[map]\nbelow = 2\n[legend]\n"_" = { pit = 5 }\n[[levels]]\nmap = """\n._\n"""\n')
    assert (err.line, err.column) == (7, 2)
    assert "outside the map" in str(err)


def test_overlapping_creatures_and_creatures_in_walls_are_refused_with_the_rule() -> None:
    """DS-MOVE-04, R-SIZE-1 and R-GEO-5, reported from the encounter's own checks."""
    err = refused(
        '[[levels]]\nmap = ".."\n[[creatures]]\nid="a"\npos=[0,0]\n[[creatures]]\nid="b"\npos=[0,0]\n'
    )
    assert err.field == "creatures"
    assert "DS-MOVE-04" in str(err)
    err = refused('[[levels]]\nmap = "#."\n[[creatures]]\nid="a"\npos=[0,0,0]\n')
    assert "R-GEO-5" in str(err)


def test_scenario_error_is_a_value_error_with_the_source_name() -> None:
    err = refused("[[levels]]\nmap = '?'\n")
    assert isinstance(err, ValueError)
    assert err.source == "test.toml"


_LEGAL_MAP = st.text(alphabet="#.:~1 \n", max_size=30)
MAP_TEXT = st.text(alphabet="#.:~1 _AxZ\n\t", max_size=60) | st.builds(
    lambda a, b: f"{a}A{b}", _LEGAL_MAP, _LEGAL_MAP
)
"""Any text of map characters, or a map of known characters with the mark A once."""


def check_map(enc: brawl.Encounter, text: str, *, from_ascii: bool = True) -> None:
    """Each map character built what the default legend says, at its column and row, on level 0.

    ``brawl.from_ascii`` drops one leading newline; a scenario file's map is TOML text,
    where only the newline right after the opening quotes is dropped (by TOML itself).
    """
    body = text[1:] if from_ascii and text.startswith("\n") else text
    for y, line in enumerate(body.split("\n")):
        for x, ch in enumerate(line):
            cell = enc.terrain.cell((x, y, 0))
            if ch in "#1":
                assert cell.material.solid, (ch, x, y)
            elif ch in ". :A":
                assert not cell.material.solid, (ch, x, y)
            if ch == ":":
                assert cell.difficult
            if ch == "~":
                assert enc.terrain.cell((x, y, -1)).liquid
            if ch == "A":
                assert enc.creature("a").pos == Pos(x, y, 0)


def check_round_trip(enc: brawl.Encounter) -> None:
    text = brawl.to_json(enc)
    loaded = brawl.from_json(text)
    assert loaded == enc
    assert brawl.to_json(loaded) == text


@given(MAP_TEXT)
def test_any_map_text_loads_or_raises_scenario_error(text: str) -> None:
    """A map either loads, building what its characters say and round-tripping, or is refused."""
    try:
        enc = from_ascii(text, creatures={"A": brawl.Creature(id="a")})
    except brawl.ScenarioError:
        event("refused")
        return
    event("loaded")
    check_map(enc, text)
    check_round_trip(enc)


def scenario_text(level: str) -> str:
    return f'[[levels]]\nmap = """\n{level}\n"""\n[[creatures]]\nid = "a"\nmark = "A"\n'


@given(st.tuples(st.text(max_size=120), st.none()) | MAP_TEXT.map(lambda m: (scenario_text(m), m)))
def test_any_toml_text_loads_or_raises_scenario_error(case: tuple[str, str | None]) -> None:
    """Any text, or a scenario with a random map, loads (and round-trips) or raises ScenarioError."""
    text, level = case
    try:
        enc = brawl.loads_scenario(text)
    except brawl.ScenarioError:
        event("refused")
        return
    event("loaded")
    check_round_trip(enc)
    if level is not None:
        check_map(enc, level, from_ascii=False)


def test_a_map_that_sets_too_many_cells_is_refused_at_the_square(monkeypatch: pytest.MonkeyPatch) -> None:
    """Walls run to the top of the map; a tall map of walls must not fill memory."""
    monkeypatch.setattr("brawl.scenario.MAX_CELLS", 50)
    err = refused('[map]\nheight = 20\n[[levels]]\nmap = """\n..##\n##..\n"""\n')
    assert (err.line, err.column) == (6, 1)  # two walls of 20 cells fit, the third does not
    assert "more than 50 cells" in str(err)
