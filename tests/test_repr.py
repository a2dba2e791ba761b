"""Short reprs for the big records, attrs reprs that paste back for the small ones, and the
picture a notebook shows for an encounter (``_repr_svg_``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import brawl
from brawl.conditions import Condition, ConditionName
from brawl.geometry import Pos
from brawl.size import Size
from brawl.state import install_svg_drawer

SVG = "{http://www.w3.org/2000/svg}"


def bridge() -> brawl.Encounter:
    return brawl.load_scenario(brawl.bundled_scenario("bridge"))


def test_encounter_repr_is_one_short_line_before_combat() -> None:
    assert repr(bridge()) == "<Encounter 16 x 9, out of combat, 5 creatures, 1 object>"


def test_encounter_repr_names_the_round_and_whose_turn_it_is() -> None:
    enc, _ = brawl.start_combat(bridge(), first_side="heroes")
    assert repr(enc) == "<Encounter 16 x 9, round 1, 5 creatures, 1 object>"
    enc, _ = brawl.start_turn(enc, "kira")
    assert repr(enc) == "<Encounter 16 x 9, round 1, kira's turn, 5 creatures, 1 object>"


def test_a_single_creature_and_no_objects() -> None:
    enc = brawl.Encounter.create(brawl.Terrain.flat(4, 3), [brawl.Creature(id="kira")])
    assert repr(enc) == "<Encounter 4 x 3, out of combat, 1 creature>"


def test_an_outcome_shows_the_short_encounter_not_the_map() -> None:
    enc = bridge()
    text = repr(brawl.Outcome(enc, ()))
    assert text == "Outcome(state=<Encounter 16 x 9, out of combat, 5 creatures, 1 object>, events=())"


def test_terrain_repr_is_short_on_a_large_map() -> None:
    t = brawl.Terrain.flat(500, 400, height=8, below=3)
    t = t.with_cell((1, 1, 0), brawl.Cell(brawl.Material.STONE))
    assert repr(t) == "<Terrain 500 x 400, z -3..7, dirt ground, 1 cell changed>"
    assert repr(bridge().terrain).startswith("<Terrain 16 x 9, z -12..9, stone ground, ")


def test_small_records_keep_reprs_that_paste_back_as_code() -> None:
    namespace = {"Pos": Pos, "Size": Size, "Condition": Condition, "ConditionName": ConditionName}
    namespace.update({"Duration": brawl.Duration, "Cell": brawl.Cell, "Material": brawl.Material})
    for value in (
        Pos(1, 2, 3),
        Size.parse("1M"),
        Condition(ConditionName.PRONE),
        brawl.Cell(brawl.Material.STONE),
    ):
        assert eval(repr(value), namespace) == value


def test_notebooks_draw_an_encounter_as_svg() -> None:
    enc = bridge()
    svg = enc._repr_svg_()
    assert svg is not None
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert len(root.findall(f"{SVG}circle")) == 5  # one per creature; the key's swatches are squares
    assert svg == brawl.render_svg(enc)


def test_a_huge_map_draws_its_first_window_rather_than_failing() -> None:
    enc = brawl.Encounter.create(brawl.Terrain.flat(1000, 300))
    svg = enc._repr_svg_()
    assert svg is not None
    assert ET.fromstring(svg).get("width") == str(200 * 32)


def test_the_drawer_is_installed_by_the_render_module_and_can_be_replaced() -> None:
    enc = bridge()
    try:
        install_svg_drawer(None)
        assert enc._repr_svg_() is None  # the model alone draws nothing
        install_svg_drawer(lambda e: f"<svg>{len(e.creatures)}</svg>")
        assert enc._repr_svg_() == "<svg>5</svg>"
    finally:
        install_svg_drawer(brawl.render.notebook_svg)
    assert enc._repr_svg_() == brawl.render_svg(enc)


def test_event_and_action_logs_are_tuples_everywhere() -> None:
    enc = bridge()
    out = brawl.damage(enc, "kira", 3)
    assert type(out.events) is tuple
    assert type(brawl.events_from_json(brawl.events_to_json(out.events))) is tuple
    log = [brawl.actions.Move("talia", [(4, 4, 0)])]
    assert type(brawl.actions_from_json(brawl.actions_to_json(log))) is tuple
    assert type(brawl.replay(enc, log).events) is tuple
    assert type(brawl.power_roll(enc, 1, dice=(3, 4)).events) is tuple
