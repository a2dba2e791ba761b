"""Rendering: golden text pictures of the bundled scenarios, windows, limits, and well-formed SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given

import brawl
from brawl import strategies as bs
from brawl.render import MAX_CELLS, terrain_glyph

SVG = "{http://www.w3.org/2000/svg}"


def load(name: str) -> brawl.Encounter:
    return brawl.load_scenario(brawl.bundled_scenario(name))


BRIDGE = """\
################
#...:..    ..::#
#.K....    ..g.#
#......    ....#
#..T.........oo#
#............oo#
#..1...    ....#
#......    .b..#
################
K kira (Kira)  1M  Stamina 30/30  at (2, 2, 0)
T talia (Talia)  1M  Stamina 24/24  at (3, 4, 0)
o ogre (Bridge ogre)  2  Stamina 60/60  at (13, 4, 0)
g goblin-1 (Goblin sniper)  1S  Stamina 8/8  at (13, 2, 0)
b goblin-2 (Goblin stinker)  1S  Stamina 8/8  at (12, 7, 0)
1 boulder-1  stone object, size 1  Stamina 6/6  at (3, 6, 0)"""

TAVERN = """\
###############
########...4..#
#.....##......#
#.M.......:...#
#.....##..5.t.#
#..6..##...:..#
###.######..^^#
#1..2#..K..h..#
#3...#......b.#
###############
K kira (Kira)  1M  Stamina 30/30  at (8, 7, 0)
M mara (Mara)  1M  Stamina 26/26  at (2, 3, 0)  slowed (EoT)
t thug-1 (Thug)  1M  Stamina 15/15  at (12, 4, 0)
h thug-2 (Thug)  1M  Stamina 15/15  at (11, 7, 0)
b boss (Gang boss)  1M  Stamina 30/30  at (12, 8, 0)
1 barrel-1  wood object, size 1  Stamina 3/3  at (1, 7, 0)
2 barrel-2  wood object, size 1  Stamina 3/3  at (4, 7, 0)
3 barrel-3  wood object, size 1  Stamina 3/3  at (1, 8, 0)
4 table-1  wood object, size 1  Stamina 3/3  at (11, 1, 0)
5 table-2  wood object, size 1  Stamina 3/3  at (10, 4, 0)
6 table-3  wood object, size 1  Stamina 3/3  at (3, 5, 0)"""

CLIFF = """\
#######....~~~
#######....~~~
#######...r~~~
#########..~~~
#######....~~~
#######.a..~~~
r raider-1 (River raider)  1M  Stamina 12/12  at (10, 2, 0)
a raider-2 (River raider)  1M  Stamina 12/12  at (8, 5, 0)

on other levels than 0:
  kira at (3, 1, 4) (z 4)
  dain at (6, 1, 4) (z 4)"""

CLIFF_TOP = "\n".join(
    [
        ".......       ",
        "...K..D       ",
        ".......       ",
        "......        ",
        ".......       ",
        ".......       ",
    ]
)


@pytest.mark.parametrize(("name", "expected"), [("bridge", BRIDGE), ("tavern", TAVERN), ("cliff", CLIFF)])
def test_ground_level_of_each_bundled_scenario(name: str, expected: str) -> None:
    assert brawl.render_text(load(name)) == expected


def test_a_chosen_level_shows_the_cliff_top_and_drops_as_spaces() -> None:
    assert brawl.render_text(load("cliff"), z=4, legend=False) == CLIFF_TOP


def test_underwater_level_shows_water_and_rock() -> None:
    assert brawl.render_text(load("cliff"), z=-2, legend=False).splitlines()[0] == "###########~~~"


def test_window_and_coordinates() -> None:
    text = brawl.render_text(load("bridge"), x_range=(1, 5), y_range=range(1, 3), coords=True, legend=False)
    assert text == "  1234\n1 ...:\n2 .K.."


def test_legend_lists_only_what_the_window_shows() -> None:
    text = brawl.render_text(load("bridge"), x_range=(0, 4), y_range=(0, 4))
    assert text.splitlines()[4:] == ["K kira (Kira)  1M  Stamina 30/30  at (2, 2, 0)"]


def test_winded_dying_temporary_stamina_and_conditions_in_the_legend() -> None:
    enc = brawl.Encounter.create(
        brawl.Terrain.flat(3, 1),
        [
            brawl.Creature(id="kira", hero=True, side="heroes", stamina=-2, stamina_max=20),
            brawl.Creature(id="orc", pos=(2, 0, 0), stamina=4, stamina_max=10, temporary_stamina=3),
        ],
    )
    enc, _ = brawl.add_condition(enc, "orc", "frightened", duration="save_ends", source="kira")
    lines = brawl.render_text(enc).splitlines()
    assert lines == [
        "K.o",
        "K kira  1M  Stamina -2/20  at (0, 0, 0)  dying",
        "o orc  1M  Stamina 4/10 +3 temporary  at (2, 0, 0)  winded, frightened (save ends, from kira)",
    ]


def test_dead_creatures_are_not_drawn_and_letters_run_out_to_at_sign() -> None:
    enc = brawl.Encounter.create(
        brawl.Terrain.flat(30, 1),
        [brawl.Creature(id=f"g{i}", pos=(i, 0, 0)) for i in range(28)]
        + [brawl.Creature(id="x", pos=(29, 0, 0), dead=True)],
    )
    row = brawl.render_text(enc, legend=False)
    assert row == "g" + "abcdefhijklmnopqrstuvwxyz" + "@@" + ".."


def test_more_than_200_by_200_is_refused_unless_a_window_is_given() -> None:
    enc = brawl.Encounter.create(brawl.Terrain.flat(1000, 1000))
    with pytest.raises(brawl.InvalidArgumentError, match="x_range and y_range"):
        brawl.render_text(enc)
    assert len(brawl.render_text(enc, x_range=(990, 1000), y_range=(0, 3))) == 3 * 11 - 1
    assert MAX_CELLS == 40_000


@pytest.mark.parametrize(
    "kwargs",
    [
        {"z": 99},
        {"z": "0"},
        {"x_range": (5, 2)},
        {"x_range": (0, 99)},
        {"y_range": "all"},
        {"x_range": range(0, 4, 2)},
    ],
)
def test_bad_levels_and_windows_are_invalid_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(brawl.InvalidArgumentError):
        brawl.render_text(load("tavern"), **kwargs)  # type: ignore[arg-type]
    with pytest.raises(brawl.InvalidArgumentError):
        brawl.render_svg(load("tavern"), **kwargs)  # type: ignore[arg-type]


def test_terrain_glyph_of_each_kind_of_square() -> None:
    enc = brawl.from_ascii("#:~_^.\n", legend={"_": {"pit": 2}, "^": {"damaging": 1}}, below=4)
    assert [terrain_glyph(enc, brawl.Pos(x, 0, 0)) for x in range(6)] == ["#", ":", "~", " ", "^", "."]


# --- SVG ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["bridge", "tavern", "cliff"])
def test_svg_is_well_formed_with_a_square_per_cell_and_a_circle_per_creature(name: str) -> None:
    enc = load(name)
    root = ET.fromstring(brawl.render_svg(enc, key=False))
    assert root.tag == SVG + "svg"
    t = enc.terrain
    assert root.get("width") == str(t.width * 32)
    assert root.get("height") == str(t.depth * 32)
    circles = root.findall(f"{SVG}circle")
    on_ground = [c for c in enc.living() if c.pos.z == 0]
    assert len(circles) == len(on_ground)


def test_svg_circles_are_sized_to_the_creatures_space() -> None:
    root = ET.fromstring(brawl.render_svg(load("bridge")))
    radii = sorted(float(c.get("r", "0")) for c in root.findall(f"{SVG}circle"))
    assert radii == [13.0, 13.0, 13.0, 13.0, 29.0]


def test_svg_highlights_with_numbers_and_arrows() -> None:
    enc = load("bridge")
    svg = brawl.render_svg(
        enc,
        highlight={(3, 2): 1, (4, 2, 0): 2, (5, 2, 3): 9},
        arrows=[[(2, 2), (4, 2, 0), (6, 2)]],
        labels={"kira": "Kira & co"},
    )
    root = ET.fromstring(svg)
    texts = [t.text for t in root.findall(f"{SVG}text")]
    assert "1" in texts
    assert "2" in texts
    assert "9" not in texts
    assert "Kira & co" in texts
    (line,) = root.findall(f"{SVG}polyline")
    assert line.get("points") == "80,80 144,80 208,80"
    assert line.get("marker-end") == "url(#head)"


def test_svg_without_labels_and_with_a_plain_list_of_highlights() -> None:
    svg = brawl.render_svg(load("tavern"), highlight=[(1, 1), (2, 2)], labels=False, cell=10, key=False)
    root = ET.fromstring(svg)
    assert root.get("width") == "150"
    assert root.findall(f"{SVG}text") == []


@pytest.mark.parametrize(
    "kwargs",
    [
        {"arrows": [[(1, 1)]]},
        {"arrows": [[(1, "a"), (2, 2)]]},
        {"highlight": [(1,)]},
        {"cell": 1},
        {"cell": True},
    ],
)
def test_svg_bad_pictures_are_invalid_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(brawl.InvalidArgumentError):
        brawl.render_svg(load("bridge"), **kwargs)  # type: ignore[arg-type]


@given(bs.encounters(max_creatures=4))
def test_any_encounter_renders_and_the_state_is_untouched(enc: brawl.Encounter) -> None:
    before = brawl.to_json(enc)
    text = brawl.render_text(enc)
    rows = text.splitlines()[: enc.terrain.depth]
    assert all(len(r) == enc.terrain.width for r in rows)
    ET.fromstring(brawl.render_svg(enc))
    assert brawl.to_json(enc) == before


def test_letters_stay_the_same_from_one_window_to_the_next() -> None:
    enc = load("tavern")
    whole = brawl.render_text(enc, legend=False).splitlines()
    part = brawl.render_text(enc, x_range=(10, 14), y_range=(6, 9), legend=False).splitlines()
    assert part == [row[10:14] for row in whole[6:9]]
    assert part[1] == ".h.."


# --- the key, coordinates, badges, objects, marks and moves ---------------------------------------------
def key_texts(root: ET.Element) -> list[str]:
    (key,) = [g for g in root.findall(f"{SVG}g") if g.get("class") == "key"]
    return [t.text or "" for t in key.findall(f"{SVG}text")]


def test_svg_key_names_the_terrain_drawn_then_each_creature_and_object() -> None:
    enc = load("tavern")
    root = ET.fromstring(brawl.render_svg(enc))
    texts = key_texts(root)
    assert "solid (wall, rock)" in texts
    assert "damaging terrain" in texts
    assert "water" not in texts  # none in the tavern
    assert "mara (Mara)  1M  Stamina 26/26  at (2, 3, 0)  slowed (EoT)" in texts
    assert "barrel-1  wood object, size 1  Stamina 3/3  at (1, 7, 0)" in texts
    assert int(root.get("height", "0")) > enc.terrain.depth * 32  # the key sits below the map


def test_svg_coordinates_label_each_column_and_row_and_shift_the_map() -> None:
    root = ET.fromstring(
        brawl.render_svg(load("bridge"), coords=True, key=False, x_range=(2, 6), y_range=(1, 3))
    )
    (grid,) = [g for g in root.findall(f"{SVG}g") if g.get("class") == "coordinates"]
    assert [t.text for t in grid.findall(f"{SVG}text")] == ["2", "3", "4", "5", "1", "2"]
    assert root.get("width") == str(32 + 4 * 32)
    first = root.findall(f"{SVG}rect")[0]
    assert (first.get("x"), first.get("y")) == ("32", "32")


def test_svg_badges_show_stamina_and_conditions() -> None:
    enc = brawl.Encounter.create(
        brawl.Terrain.flat(3, 1), [brawl.Creature(id="orc", pos=(1, 0, 0), stamina=5, stamina_max=20)]
    )
    enc, _ = brawl.add_condition(enc, "orc", "prone")
    root = ET.fromstring(brawl.render_svg(enc, key=False))
    (badges,) = [g for g in root.findall(f"{SVG}g") if g.get("class") == "badges"]
    bars = badges.findall(f"{SVG}rect")
    assert float(bars[1].get("width", "0")) == pytest.approx(float(bars[0].get("width", "0")) / 4)
    assert [t.text for t in badges.findall(f"{SVG}text")] == ["Pr"]
    title = badges.find(f"{SVG}title")
    assert title is not None
    assert title.text == "orc: Stamina 5/20, prone"
    plain = ET.fromstring(brawl.render_svg(enc, key=False, badges=False))
    assert [g for g in plain.findall(f"{SVG}g") if g.get("class") == "badges"] == []


def test_svg_objects_carry_their_digit_unless_labels_are_off() -> None:
    enc = load("bridge")
    texts = [t.text for t in ET.fromstring(brawl.render_svg(enc, key=False)).findall(f"{SVG}text")]
    assert "1" in texts  # the boulder
    bare = ET.fromstring(brawl.render_svg(enc, key=False, labels=False))
    assert bare.findall(f"{SVG}text") == []


def test_the_scenarios_own_marks_in_text_and_svg() -> None:
    scenario = brawl.read_scenario(brawl.bundled_scenario("bridge"))
    assert dict(scenario.marks) == {
        "kira": "K", "talia": "T", "ogre": "o", "goblin-1": "g", "goblin-2": "h",
    }  # fmt: skip
    text = brawl.render_text(scenario.encounter, marks=scenario.marks)
    assert text.splitlines()[7] == "#......    .h..#"  # as the file draws it; "b" without marks
    assert "h goblin-2 (Goblin stinker)" in text
    svg = ET.fromstring(brawl.render_svg(scenario.encounter, marks=scenario.marks, key=False))
    assert "h" in [t.text for t in svg.findall(f"{SVG}text")]


@pytest.mark.parametrize("marks", [{"kira": "KK"}, {"kira": ""}, {"kira": 3}])
def test_bad_marks_are_invalid_arguments(marks: dict[str, object]) -> None:
    with pytest.raises(brawl.InvalidArgumentError, match="one printable character"):
        brawl.render_text(load("bridge"), marks=marks)  # type: ignore[arg-type]


def test_a_move_is_drawn_from_the_movers_own_square() -> None:
    enc = load("bridge")
    path = brawl.reachable(enc, "kira").path_to((4, 2, 0))
    assert tuple(path[0]) != (2, 2, 0)  # a path does not include its start
    root = ET.fromstring(brawl.render_svg(enc, key=False, moves={"kira": path}))
    (line,) = root.findall(f"{SVG}polyline")
    assert line.get("points", "").split()[0] == "80,80"  # the centre of kira's square (2, 2)
    assert line.get("points", "").split()[-1] == "144,80"


@pytest.mark.parametrize("moves", [{"nobody": [(1, 1)]}, {"kira": []}, {"kira": "north"}])
def test_bad_moves_are_invalid_arguments(moves: dict[str, object]) -> None:
    with pytest.raises(brawl.InvalidArgumentError, match="moves"):
        brawl.render_svg(load("bridge"), moves=moves)  # type: ignore[arg-type]
