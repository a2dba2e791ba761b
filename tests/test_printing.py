"""What prints: ``str()`` of an event is its explain line, of a creature one line; the plain form of
an account (``explain(events, rules=False)``) leaves out the rule IDs and says a run of wall
squares once; a map drawn by ``render_text`` names the creatures on other levels."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import brawl
from brawl import Cell, Creature, Encounter, Material, Terrain

SVG = "{http://www.w3.org/2000/svg}"


def walled() -> Encounter:
    """A troll (size 2, stability 0) two squares from a stone wall 3 levels high, an ogre behind it."""
    terrain = Terrain.flat(10, 6)
    for y in range(6):
        for z in range(3):
            terrain = terrain.with_cell((6, y, z), Cell(Material.STONE))
    creatures = [Creature(id="ogre", pos=(1, 2)), Creature(id="troll", pos=(3, 2), size="2", stability=0)]
    return Encounter.create(terrain, creatures)


def test_str_of_an_event_is_its_explain_line_and_its_repr_the_record() -> None:
    _, events = brawl.damage(walled(), "troll", 3)
    event = events[0]
    assert str(event) == event.explain() == "troll takes 3 → 3 Stamina lost, 10 → 7 (DS-DMG-01, DS-DMG-12)"
    assert repr(event).startswith("Damaged(")


def test_the_plain_form_drops_the_rule_ids_and_says_a_wall_once_ds_slam_06() -> None:
    """Push 3 into a wall 2 squares away: 1 moved, 2 remaining, 2 + 2 = 4 damage (DS-SLAM-06)."""
    _, events = brawl.push(walled(), "ogre", "troll", 3)
    cited = brawl.explain(events)
    assert cited.count("stone at (6, 2, 0)") == 2  # the push's end and the slam both list the 4 cells
    assert "(DS-SLAM-06, R-FORCE-5, R-FORCE-8)" in cited
    assert brawl.explain(events, rules=False).splitlines() == [
        "troll push 3 by ogre: 3 effective, moved 1 from (3, 2, 0) to (4, 2, 0), 2 remaining; "
        "stopped by stone (4 squares)",
        "troll is slammed into stone (4 squares) with 2 remaining: takes 2 + 2 = 4",
        "troll takes 4 → 4 Stamina lost, 10 → 6",
    ]
    assert [e.plain() for e in events] == brawl.explain(events, rules=False).splitlines()


def test_explain_refuses_a_rules_flag_that_is_not_a_bool() -> None:
    with pytest.raises(brawl.ArgumentTypeError, match="rules"):
        brawl.explain([], rules="no")  # type: ignore[arg-type]  # the wrong type on purpose


def test_str_of_a_creature_is_one_line_with_its_stamina_and_conditions() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    assert str(enc.creature("ogre")) == "ogre (Bridge ogre) at (13, 4, 0): Stamina 60/60"
    enc, _ = brawl.damage(enc, "kira", 20)
    enc, _ = brawl.add_condition(enc, "kira", "prone")
    assert str(enc.creature("kira")) == "kira (Kira) at (2, 2, 0): Stamina 10/30, winded, prone"
    enc, _ = brawl.damage(enc, "kira", 15)
    dying = "kira (Kira) at (2, 2, 0): Stamina -5/30, dying, prone, bleeding"  # bleeding: DS-STAM-06
    assert str(enc.creature("kira")) == dying
    assert len(repr(enc.creature("kira"))) > len(str(enc.creature("kira"))) * 5


def test_a_map_names_the_creatures_on_other_levels() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    enc, _ = brawl.move(enc, "talia", brawl.reachable(enc, "talia").path_to((9, 4, 0)))
    enc, _ = brawl.push(enc, source="ogre", target="talia", distance=2, direction=(-1, -1, 0))
    drawn = brawl.render_text(enc)
    assert "talia (Talia)" not in drawn  # not in the legend of level 0
    assert drawn.endswith("\n\non other levels than 0:\n  talia at (7, 2, -12) (z -12)")
    assert "on other levels" not in brawl.render_text(enc, legend=False)
    assert "talia (Talia)" in brawl.render_text(enc, z=-12)


def test_a_reachable_result_draws_its_squares_and_costs_in_a_notebook() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    reach = brawl.reachable(enc, "talia")
    svg = reach._repr_svg_()
    assert svg is not None
    root = ET.fromstring(svg)
    tinted = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#f5d442"]
    assert len(tinted) == sum(1 for p in reach if p.z == reach.origin.z) == len(reach)
    written = [t.text or "" for t in root.iter(f"{SVG}text") if t.get("fill") == "#333"]
    assert sorted(map(int, written)) == sorted(reach.costs().values())
    assert reach.cost((9, 4, 0)) == 6
