"""The zone game at the edges: JSON, scenario files, pictures, legal_actions and simulate."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

import brawl
import brawl.scenario
import brawl.state as state_module
import brawl.turns
import brawl.zone.attack
import brawl.zone.model
import brawl.zone.move
import brawl.zone.react
import brawl.zone.render
import brawl.zone.resolve
import brawl.zone.verbs
from brawl.zone import with_world, world
from brawl.zone.model import Weapon
from brawl.zone.space import world_of
from test_zone_helpers import build, names

DOCS = Path(__file__).resolve().parent.parent / "docs"
PICTURE = DOCS / "img" / "zone_map.svg"


def ambush() -> brawl.Encounter:
    return brawl.load_scenario(brawl.bundled_scenario("zone_ambush"))


def test_the_bundled_zone_scenario_loads_with_its_zones_z_turn_09() -> None:
    """The bundled zone scenario: zones drawn over the grid, neighbours from touching squares,
    characters placed by their squares, sheets from its [zones] table."""
    assert brawl.scenario.bundled_zone_scenarios() == ["zone_ambush"]
    enc = ambush()
    assert sorted(world_of(enc).map.neighbours("road")) == ["ditch", "ridge", "woods"]
    assert str(world_of(enc).place("balthasar")) == "road"
    assert world_of(enc).sheet("theobald").armour_value == 2
    assert world_of(enc).map.zone("south").dark
    assert ("ridge", "road") in world_of(enc).map.barriers


def test_scenario_errors_name_the_field() -> None:
    """A malformed [zones] table raises a ScenarioError naming the field."""
    base = ambush()
    del base
    text = (Path(str(brawl.bundled_scenario("zone_ambush")))).read_text(encoding="utf-8")
    with pytest.raises(brawl.ScenarioError, match=r"zones\.characters"):
        brawl.loads_scenario(text.replace('id = "bandit-3"\nagility', 'id = "nobody"\nagility'))
    with pytest.raises(brawl.ScenarioError, match="die"):
        brawl.loads_scenario(text.replace('name = "sword", die = 6', 'name = "sword", die = 7'))
    with pytest.raises(brawl.ScenarioError, match=r"zones\.map"):
        brawl.loads_scenario(text.replace("dddddddddddd", "ddddddXddddd"))


def test_json_round_trip_keeps_the_zone_world_mid_attack() -> None:
    """The zone world travels in the encounter's JSON, a pending attack included."""
    enc = ambush()
    enc, _ = brawl.start_combat(enc, system="zone", initiative="bandits")
    assert brawl.from_json(brawl.to_json(enc)) == enc
    enc, _ = brawl.start_turn(enc, "leader")
    enc, _ = brawl.zone.verbs.zone_move(enc, "leader", ["road"], sneaking=True)
    enc, _ = brawl.zone.verbs.zone_attack(enc, "leader", ["theobald"], "battleaxe")
    again = brawl.from_json(brawl.to_json(enc))
    assert again == enc
    assert world_of(again).pending is not None


def test_an_ambush_opens_with_a_bonus_round_of_the_concealed_z_sneak_01_r_z_14() -> None:
    """Z-SNEAK-01, R-Z-14: concealed characters play a bonus round in which only they act; it
    brings no morale check."""
    enc = ambush()
    enc, ev = brawl.start_combat(enc, system="zone", initiative="players")
    assert any("Z-SNEAK-01" in e.rules for e in ev)
    assert brawl.turns.next_actors(enc) == {"players": ()}
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    assert brawl.turns.next_actors(enc) == {"bandits": ("bandit-1", "bandit-3", "leader")}


def test_render_text_and_svg_show_zones_and_characters() -> None:
    """The pictures name every zone and character; the docs' picture is current."""
    enc = ambush()
    text = brawl.zone.render.render_zone_text(enc)
    assert "road (the road): balthasar[players 10/10]" in text
    assert "ridge barrier" in text
    svg = brawl.zone.render.render_zone_svg(enc)
    assert svg.startswith("<svg")
    assert "rocky ridge" in svg
    assert PICTURE.read_text(encoding="utf-8") == svg
    graph = build([("x", "p", "a", {}), ("y", "q", "b", {})])
    assert "<rect" in brawl.zone.render.render_zone_svg(graph)


def test_legal_actions_play_a_zone_fight_and_every_listed_action_applies_z_turn_09() -> None:
    """legal_actions lists zone moves, attacks and reactions; each listed one applies."""
    enc = build(
        [("x", "p", "a", {"weapons": [Weapon("sword")]}), ("y", "q", "a", {"weapons": [Weapon("axe")]})]
    )
    enc, _ = brawl.start_combat(enc, system="zone", initiative="p")
    enc, _ = brawl.start_turn(enc, "x")
    options = brawl.legal_actions(enc)
    kinds = {type(a).__name__ for a in options}
    assert {"ZoneMove", "ZoneAttack", "EndTurn"} <= kinds
    attack = next(a for a in options if isinstance(a, brawl.zone.attack.ZoneAttack) and a.weapon == "sword")
    enc, _ = brawl.apply(enc, attack)
    during = brawl.legal_actions(enc)
    assert {type(a).__name__ for a in during} == {"ZoneDodge", "ZoneCounter", "ZoneResolve"}
    for a in during:
        brawl.apply(enc, a)


def test_the_zone_page_example_runs_z_atk_02_r_z_7() -> None:
    """Z-ATK-02, R-Z-7: the docs page's example runs: a sword's 4 takes the bandit from 8 to 4."""
    page = (DOCS / "zone.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", page, flags=re.S)[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "zone.md", "exec"), {})
    assert "health 8 -> 4" in out.getvalue()


def test_simulate_plays_the_zone_scenario() -> None:
    """brawl.simulate plays zone fights to a winner, replayably."""
    summary = brawl.simulate(ambush(), runs=3, max_rounds=12)
    assert summary.runs == 3
    fight = brawl.sim.play(ambush(), max_rounds=12)
    replayed = brawl.sim.replay_fight(ambush(), fight)
    assert replayed.state == fight.state
    assert "ZoneAttackDeclared" in names(replayed.events)


if __name__ == "__main__":
    PICTURE.write_text(brawl.zone.render.render_zone_svg(ambush()), encoding="utf-8")


def test_a_zone_fight_saved_as_actions_replays_exactly() -> None:
    """The zone requests travel in an action log and replay to the same state."""
    start = build(
        [
            ("wyrm", "m", "a", {"weapons": [Weapon("bite", die=8)], "size": "large", "health_max": 40}),
            ("m1", "p", "a", {"health_max": 20}),
            ("s1", "p", "a", {"size": "small", "health_max": 20}),
        ]
    )
    actions = [
        brawl.zone.attack.ZoneAttack("wyrm", ("m1", "s1"), "bite", dice=(("m1", 1), ("s1", 2))),
        brawl.zone.react.ZoneDodge("m1", roll=20),
        brawl.zone.resolve.ZoneResolve(rolls=(3, 4, 5)),
        brawl.zone.move.ZoneMove("m1", ("b",)),
    ]
    again = brawl.actions_from_json(brawl.actions_to_json(actions))
    assert again == tuple(actions)
    first = brawl.replay(start, actions)
    assert brawl.replay(start, again).state == first.state
    assert (world_of(first.state).sheets["s1"].health) == 11
    with pytest.raises(brawl.ArgumentTypeError):
        brawl.zone.verbs.zone_attack(start, "wyrm", "m1", "bite")


def test_the_encounter_holds_the_zone_world_in_its_registered_slot() -> None:
    """The encounter knows no game by name: the zone game registers its slot ("zone", a
    ZoneWorld checked by ZoneWorld.check), and its state rides in ``Encounter.games``."""
    assert "zone" not in Path(state_module.__file__).read_text(encoding="utf-8").lower()
    ruleset = state_module.RULESETS["zone"]
    assert (ruleset.kind, ruleset.check) == (brawl.zone.model.ZoneWorld, brawl.zone.model.ZoneWorld.check)
    enc = ambush()
    assert enc.games["zone"] is world(enc)
    bare = with_world(enc, None)
    assert world(bare) is None
    assert dict(bare.games) == {}
    assert with_world(bare, world(enc)) == enc
    with pytest.raises(brawl.StateError, match="not a creature of the encounter"):
        with_world(brawl.Encounter.create(), world(enc))  # the slot's own check
    with pytest.raises(brawl.StateError, match="no registered game"):
        brawl.Encounter(games={"chess": object()})
    with pytest.raises(brawl.StateError, match="a ZoneWorld is needed"):
        brawl.Encounter(games={"zone": "a map"})


def test_a_saved_zone_world_keeps_its_key_in_the_json() -> None:
    """The JSON of an encounter keeps the zone world under its own key "zone" (the shape of
    files saved before the slot was the game's own), and files written then load unchanged."""
    enc = ambush()
    data = json.loads(brawl.to_json(enc))
    assert data["schema"] == 1
    assert "zone" in data
    assert "games" not in data
    assert sorted(data["zone"]) == ["map", "places", "sheets"]
    assert brawl.from_json(json.dumps(data)) == enc
    data["zone"] = None  # a null zone is an encounter without zones
    assert world(brawl.from_json(json.dumps(data))) is None
