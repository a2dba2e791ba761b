"""JSON save and load: exact round trips, deterministic output, and every malformed document refused."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from typing import Any, Literal

import attrs
import immutables
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import brawl
from brawl import strategies as bs
from brawl import turns
from brawl.conditions import Condition
from brawl.events.base import DiceRolled, Event, Note
from brawl.io.json import converter, structure, unstructure
from brawl.io.jsontext import MAX_DEPTH, MAX_DOCUMENT, SCHEMA, pretty
from brawl.state import TurnState
from brawl.terrain import MAX_CELL_KINDS, MAX_STORED_TILES


def small_encounter() -> brawl.Encounter:
    immunities: dict[str, int | Literal["all"]] = {"fire": 10, "poison": "all"}
    ogre = brawl.Creature(
        id="ogre",
        size="2",
        pos=(3, 3, 0),
        stamina_max=40,
        immunities=immunities,
        weaknesses={"holy": 5},
        movement=["walk", "climb", "fly"],
        conditions=[Condition("prone"), Condition("frightened", "save_ends", source="kira")],
    )
    kira = brawl.Creature(id="kira", hero=True, side="heroes", size="1S", stamina=-3, stamina_max=20)
    terrain = (
        brawl.Terrain.flat(8, 7)
        .with_cell((1, 1, 0), brawl.Cell(brawl.Material.STONE))
        .with_cell((6, 6, -1), brawl.Cell(liquid=True))
        .with_cell((5, 1, 0), brawl.Cell(damaging=3, damage_type="fire", difficult=True))
    )
    crate = brawl.MapObject("crate", (6, 1, 0), material="glass")
    enc = brawl.Encounter.create(terrain, [ogre, kira], [crate], seed=5)
    return enc.roll(6, 3)[1]


def as_dict(enc: brawl.Encounter) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(brawl.to_json(enc))
    return data


def refused(doc: Any) -> brawl.ScenarioError:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.from_json(text)
    return info.value


def edited(path: str, value: Any) -> dict[str, Any]:
    data = as_dict(small_encounter())
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node[int(key)] if key.isdigit() else node[key]
    node[int(last) if last.isdigit() else last] = value
    return data


# --- round trips ----------------------------------------------------------------------------------------
def test_round_trip_keeps_every_field_and_the_rng_counter() -> None:
    """Conditions, immunities, a dying hero's negative Stamina, objects, terrain edits, RNG draws."""
    enc = small_encounter()
    back = brawl.from_json(brawl.to_json(enc))
    assert back == enc
    assert back.rng == brawl.Rng(5, 3)
    assert back.creature("kira").stamina == -3
    assert back.creature("ogre").immunities == immutables.Map({"fire": 10, "poison": "all"})
    assert back.terrain.cell((5, 1, 0)).damage_type == brawl.DamageType.FIRE
    assert back.order == ("ogre", "kira")


def test_output_lists_schema_first_and_sorts_sets_and_maps() -> None:
    data = as_dict(small_encounter())
    assert next(iter(data)) == "schema"
    assert data["schema"] == SCHEMA == 1
    ogre = data["creatures"][0]
    assert ogre["movement"] == ["climb", "fly", "walk"]
    assert list(ogre["immunities"]) == ["fire", "poison"]
    assert [c[:3] for c in data["terrain"]["cells"]] == [[1, 1, 0], [5, 1, 0], [6, 6, -1]]


def test_output_is_the_same_in_another_process() -> None:
    """Set and map order must not follow the per-process string hash."""
    code = (
        "import brawl, sys; sys.path.insert(0, 'tests'); from test_json import small_encounter; "
        "print(brawl.to_json(small_encounter()), end='')"
    )
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert outputs == {brawl.to_json(small_encounter())}


@given(bs.encounters())
def test_every_generated_encounter_round_trips_exactly(enc: brawl.Encounter) -> None:
    text = brawl.to_json(enc)
    back = brawl.from_json(text)
    assert back == enc
    assert back.order == enc.order
    assert brawl.to_json(back) == text


@given(bs.encounters(max_creatures=3))
def test_to_json_leaves_the_state_untouched(enc: brawl.Encounter) -> None:
    before = repr(enc)
    brawl.to_json(enc)
    assert repr(enc) == before


@pytest.mark.parametrize("system", ["drawsteel", "zone", "initiative"])
def test_turn_states_of_every_turn_system_round_trip(system: str) -> None:
    """The turn state is tagged by class name and found again in TurnState.registry."""
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    enc, _ = brawl.start_combat(enc, system=system)
    first = next(iter(turns.next_actors(enc).values()))[0]
    enc, _ = brawl.start_turn(enc, first)
    data = as_dict(enc)
    assert data["turn"]["class"] == type(enc.turn).__name__
    assert brawl.from_json(brawl.to_json(enc)) == enc


@attrs.frozen
class _Inner:
    label: str
    weight: int = 1


@attrs.frozen
class _ExampleTurn(TurnState):
    """A turn state with every kind of field a turn system may hold."""

    queue: tuple[str, ...] = ()
    pair: tuple[str, int] = ("a", 1)
    counts: immutables.Map[str, int] = attrs.field(factory=immutables.Map)
    by_number: immutables.Map[int, _Inner] = attrs.field(factory=immutables.Map)
    done: frozenset[str] = frozenset()
    kind: brawl.Material = brawl.Material.WOOD
    inner: _Inner | None = None


def test_a_new_turn_state_subclass_round_trips_without_registration() -> None:
    turn = _ExampleTurn(
        queue=("b", "a"),
        pair=("x", 3),
        counts=immutables.Map({"b": 2, "a": 1}),
        by_number=immutables.Map({10: _Inner("ten"), 2: _Inner("two", 5)}),
        done=frozenset({"z", "y"}),
        kind=brawl.Material.METAL,
        inner=_Inner("in"),
    )
    enc = small_encounter().with_turn(turn, round=2)
    data = as_dict(enc)
    assert data["turn"]["done"] == ["y", "z"]
    assert data["turn"]["by_number"] == [[2, {"label": "two", "weight": 5}], [10, {"label": "ten"}]]
    assert brawl.from_json(brawl.to_json(enc)) == enc


def test_event_log_round_trips_with_class_tags() -> None:
    enc = small_encounter()
    enc, events = brawl.damage(enc, "ogre", 12, "fire")
    enc, more = brawl.add_condition(enc, "kira", "slowed", duration="eot")
    log = (
        *events,
        *more,
        DiceRolled(purpose="saving throw", dice="d10", values=(7,), creature="kira"),
        Note(text="x"),
    )
    text = brawl.events_to_json(log)
    assert [e["class"] for e in json.loads(text)["events"]][:1] == ["Damaged"]
    assert brawl.events_from_json(text) == log


def test_every_registered_event_class_can_be_loaded_by_name() -> None:
    assert {"Damaged", "ConditionGained", "DiceRolled", "Note"} <= set(Event.registry)
    text = json.dumps({"schema": 1, "events": [{"class": "Note", "text": "hello", "rules": ["R-FALL-1"]}]})
    assert brawl.events_from_json(text) == (Note(text="hello", rules=("R-FALL-1",)),)


def test_converter_and_helpers_are_public() -> None:
    c = converter()
    assert c.unstructure(brawl.Size.parse("1L")) == "1L"
    assert unstructure(brawl.Pos(1, 2, 3)) == [1, 2, 3]
    assert structure("2", brawl.Size) == brawl.Size(2)


# --- malformed and hostile documents ----------------------------------------------------------------
def test_syntax_error_names_line_and_column() -> None:
    err = refused('{"schema": 1,\n "terrain": }')
    assert (err.line, err.column) == (2, 13)
    assert "line 2, column 13" in str(err)


@pytest.mark.parametrize(
    ("path", "value", "field", "words"),
    [
        ("creatures.0.size", "huge", "creatures[0].size", "DS-SIZE-03"),
        ("creatures.0.size", True, "creatures[0].size", "expected a size"),
        ("creatures.1.speed", "5", "creatures[1].speed", "whole number"),
        ("creatures.1.speed", 5.5, "creatures[1].speed", "whole number"),
        ("creatures.1.hero", 1, "creatures[1].hero", "true or false"),
        ("creatures.0.movement", "walk", "creatures[0].movement", "array"),
        ("creatures.0.movement", ["walk", "teleportation"], "creatures[0].movement[1]", "not one of"),
        ("creatures.0.immunities", {"fire": "lots"}, "creatures[0].immunities.fire", "lots"),
        ("creatures.0.conditions", [{"name": "sleepy"}], "creatures[0].conditions[0].name", "sleepy"),
        ("creatures.0.pos", [1, 2], "creatures[0].pos", "position"),
        ("creatures.0.characteristics", {"might": 9}, "creatures[0].characteristics", "-5 to 5"),
        ("terrain.cells", [[1, 1, 0, {"material": "lava"}]], "terrain.cells[0].material", "lava"),
        ("terrain.cells", [[1, 1]], "terrain.cells[0]", "[x, y, z, {cell}]"),
        ("terrain.width", 10**50, "terrain", "DS-GRID-01"),
        ("objects.0.material", "cheese", "objects[0].material", "cheese"),
        ("rng", {"seed": -1}, "rng", "seed -1"),
        ("turn", {"class": "NoSuchTurn"}, "turn", "not a known turn state"),
        ("turn", 5, "turn", "expected an object"),
        ("creatures", {}, "creatures", "expected an array"),
        ("schema", 3, "schema", "schema 1 or 2"),
        ("schema", True, "schema", "schema 1 or 2"),
    ],
)
def test_wrong_values_name_their_field(path: str, value: Any, field: str, words: str) -> None:
    err = refused(edited(path, value))
    assert err.field == field
    assert words in str(err)


def test_unknown_and_missing_fields_are_named() -> None:
    assert refused(edited("creatures.0.colour", "red")).field == "creatures[0].colour"
    assert refused(edited("extra", 1)).field == "extra"
    data = as_dict(small_encounter())
    del data["creatures"][1]["id"]
    err = refused(data)
    assert (err.field, err.reason) == ("creatures[1].id", "required field missing")
    del data["schema"]
    assert refused(data).field == "schema"


def test_overlapping_creatures_are_refused_with_the_rule() -> None:
    """DS-MOVE-04, R-SIZE-1: sizes within 1 rank cannot share squares; 1S inside size 2 may."""
    shared = brawl.from_json(json.dumps(edited("creatures.1.pos", [3, 3, 0])))
    assert shared.occupants((3, 3, 0)) == ("ogre", "kira")
    data = as_dict(small_encounter())
    data["creatures"][1]["size"] = "2"
    data["creatures"][1]["pos"] = [4, 4, 0]
    err = refused(data)
    assert "shares a cell" in str(err)
    assert "DS-MOVE-04" in str(err)


def test_a_creature_inside_a_wall_is_refused() -> None:
    """R-GEO-5: every cell of a creature's cube must be free of solid terrain."""
    err = refused(edited("creatures.1.pos", [1, 1, 0]))
    assert "R-GEO-5" in str(err)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "null",
        '"text"',
        "[" * 100_000 + "]" * 100_000,
        '{"schema": 1, "terrain": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
        '{"schema": 1, "terrain": {"width": ' + "9" * 5000 + ', "depth": 3}}',
        '{"schema": 1, "terrain": {"width": NaN, "depth": 3}}',
        '{"schema": 1, "terrain": {"width": 1e400, "depth": 3}}',
        '{"schema": 1, "terrain": {"width": 3, "depth": 3}, "creatures": ['
        + '{"id": "a"},' * 3
        + '{"id": "a"}]}',
        '{"schema": 1, "terrain": {"width": 10000, "depth": 10000}, '
        '"creatures": [{"id": "x", "size": "100", "pos": [0, 0, -10]}]}',
        '{"schema": 1, "terrain": {"width": 3, "depth": 3}, "creatures": [{"id": "x", "stamina": 99}]}',
        '{"schema": 1, "terrain": {"width": 3, "depth": 3}, "round": -1}',
        '{"schema": 1, "terrain": {"width": 3, "depth": 3}, "creatures": [{"id": "x", "riding": "y"}]}',
    ],
)
def test_hostile_documents_raise_scenario_error_only(text: str) -> None:
    refused(text)


def test_wrong_top_level_types_are_refused() -> None:
    with pytest.raises(brawl.ScenarioError):
        brawl.from_json(42)  # type: ignore[arg-type]
    with pytest.raises(brawl.ArgumentTypeError, match="state"):
        brawl.to_json("not an encounter")  # type: ignore[arg-type]
    with pytest.raises(brawl.ArgumentTypeError, match="events"):
        brawl.events_to_json(["not an event"])  # type: ignore[list-item]
    with pytest.raises(brawl.ArgumentTypeError, match="events"):
        brawl.events_to_json(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"schema": 1}, "events"),
        ({"schema": 1, "events": [], "more": 1}, "more"),
        ({"schema": 1, "events": [{"class": "Nope"}]}, "events[0]"),
        ({"schema": 1, "events": [{"class": "Note"}]}, "events[0].text"),
        ({"schema": 1, "events": [{"class": "Note", "text": "x", "rules": "R-1"}]}, "events[0].rules"),
        ({"schema": 3, "events": []}, "schema"),
    ],
)
def test_malformed_event_logs_name_their_field(doc: dict[str, Any], field: str) -> None:
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.events_from_json(json.dumps(doc))
    assert info.value.field == field


def loads_and_round_trips(text: str) -> brawl.Encounter | None:
    """The encounter the text holds, checked to round-trip, or None if it raises ScenarioError."""
    try:
        enc = brawl.from_json(text)
    except brawl.ScenarioError:
        event("refused")
        return None
    event("loaded")
    again = brawl.to_json(enc)
    assert brawl.from_json(again) == enc
    assert brawl.to_json(brawl.from_json(again)) == again
    return enc


def one_character_changed(text: str, data: st.DataObject) -> str:
    at = data.draw(st.integers(0, len(text) - 1), label="at")
    return (
        text[:at]
        + data.draw(st.sampled_from(list('0123456789-[]{}",:. aetrnu')), label="char")
        + text[at + 1 :]
    )


@given(st.data())
def test_any_text_either_loads_or_raises_scenario_error(data: st.DataObject) -> None:
    """Any text, or a saved encounter with one character changed, loads and round-trips or is refused."""
    saved = brawl.to_json(data.draw(bs.encounters(max_creatures=2, max_objects=1), label="encounter"))
    text = data.draw(st.text(max_size=200) | st.just(saved) | st.just(one_character_changed(saved, data)))
    enc = loads_and_round_trips(text)
    if text == saved:
        assert enc is not None
        assert brawl.to_json(enc) == saved


@given(bs.encounters(max_creatures=3), st.data())
def test_any_one_field_changed_to_junk_loads_or_raises_scenario_error(
    enc: brawl.Encounter, data: st.DataObject
) -> None:
    doc = as_dict(enc)
    node: Any = doc
    for _ in range(data.draw(st.integers(1, 4))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node)))
        elif isinstance(node, list) and node:
            key = data.draw(st.integers(0, len(node) - 1))
        else:
            break
        parent, node = node, node[key]
    else:
        parent = None
    junk: Any = data.draw(st.sampled_from([None, -1, 2**70, "x", [], {}, True, 1.5, [1, 2, 3]]))
    if parent is not None:
        parent[key] = junk
    loaded = loads_and_round_trips(json.dumps(doc))
    if loaded is not None and parent is None:
        assert loaded == enc


def test_deep_copy_of_a_document_is_not_needed_to_load_it_twice() -> None:
    """Loading a document twice gives the same encounter both times: the one that was saved."""
    enc = small_encounter()
    data = as_dict(enc)
    kept = copy.deepcopy(data)
    text = json.dumps(data)
    first, second = brawl.from_json(text), brawl.from_json(text)
    assert first == enc
    assert second == enc
    assert data == kept  # loading does not change the parsed document either
    assert as_dict(first) == kept
    assert first.creature("ogre").pos == brawl.Pos(3, 3, 0)
    assert first.creature("ogre").has(brawl.ConditionName.FRIGHTENED)
    assert first.creature("kira").stamina == -3
    assert first.terrain.cell((1, 1, 0)).material is brawl.Material.STONE
    assert first.terrain.cell((6, 6, -1)).liquid
    assert brawl.from_json(brawl.to_json(first)) == first


def test_fixed_length_tuples_need_an_array_of_that_length() -> None:
    enc = small_encounter().with_turn(_ExampleTurn(pair=("x", 3)), round=1)
    data = as_dict(enc)
    data["turn"]["pair"] = "x3"
    assert refused(data).field == "turn.pair"
    data["turn"]["pair"] = ["x", "3"]
    assert refused(data).field == "turn.pair[1]"


# --------------------------------------------------------------------------------------------
# schema 2: maps saved in packed tiles

KINDS = [
    brawl.Cell(),
    brawl.Cell(brawl.Material.STONE),
    brawl.Cell(difficult=True),
    brawl.Cell(liquid=True),
    brawl.Cell(damaging=4, damage_type="fire"),
]


def dense_encounter(width: int, depth: int, seed: int, *, extra_kinds: int = 0) -> brawl.Encounter:
    """A random map on levels -1, 0 and 1: walls, difficult terrain, water and fire, some sparse tiles."""
    rng = random.Random(seed)
    levels = {
        -1: bytes(rng.choice([1, 1, 1, 0, 3]) for _ in range(width * depth)),
        0: bytes(rng.choice([0, 0, 1, 2, 4, 3]) for _ in range(width * depth)),
        1: bytes(1 if rng.random() < 0.02 else 0 for _ in range(width * depth)),  # few cells: sparse
    }
    terrain = brawl.Terrain.from_levels(width, depth, KINDS, levels, height=3, below=2)
    # more kinds of cell, all in the first tile (past 256 of them, its codes take two bytes)
    terrain = terrain.with_cells(
        {brawl.Pos(i % 32, i // 32, 0): brawl.Cell(damaging=10 + i) for i in range(extra_kinds)}
    )
    ground = [p for p in ((x, y, 0) for x in range(width) for y in range(depth)) if not terrain.is_solid(p)]
    hero = brawl.Creature(id="kira", side="heroes", pos=rng.choice(ground))
    return brawl.Encounter.create(terrain, [hero], seed=seed)


@pytest.mark.parametrize(("width", "depth", "extra"), [(70, 45, 0), (33, 97, 0), (64, 64, 70), (40, 40, 300)])
def test_a_dense_map_saves_in_packed_tiles_and_loads_back_exactly(
    monkeypatch: pytest.MonkeyPatch, width: int, depth: int, extra: int
) -> None:
    """A map past PACK_FROM cells saves as schema 2 (palette, tiles, sparse cells) and loads back equal;
    one symbol a cell up to 63 kinds, two past it; the same document again from the loaded state."""
    monkeypatch.setattr(brawl.io.json, "PACK_FROM", 100)
    enc = dense_encounter(width, depth, seed=width + extra, extra_kinds=extra)
    text = brawl.to_json(enc)
    data = json.loads(text)
    assert data["schema"] == 2
    terrain = data["terrain"]
    kinds = len(terrain["palette"])
    assert kinds == len(enc.terrain.cell_kinds())
    width_of_code = 1 if kinds < 64 else 2
    assert {len(t[3]) for t in terrain["tiles"]} <= {width_of_code, width_of_code * 1024}
    assert terrain["cells"]  # the level of few cells is listed, not packed
    assert all(isinstance(c[3], int) for c in terrain["cells"])
    back = brawl.from_json(text)
    assert back == enc
    assert dict(back.terrain.cells.items()) == dict(enc.terrain.cells.items())
    assert brawl.to_json(back) == text


def test_a_uniform_tile_is_one_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tile whose cells are all alike is saved as one cell's symbols."""
    monkeypatch.setattr(brawl.io.json, "PACK_FROM", 0)
    terrain = brawl.Terrain.from_levels(64, 64, KINDS, {0: bytes([1]) * (64 * 64)})
    enc = brawl.Encounter.create(terrain, [brawl.Creature(id="kira", pos=(0, 0, 1))])
    data = as_dict(enc)
    assert [t[3] for t in data["terrain"]["tiles"]] == ["1", "1", "1", "1"]
    assert brawl.from_json(json.dumps(data)) == enc


def test_small_maps_keep_the_schema_1_layout() -> None:
    """A map of few stored cells is saved exactly as before: schema 1, one [x, y, z, {cell}] a cell."""
    data = as_dict(small_encounter())
    assert data["schema"] == 1
    assert set(data["terrain"]) == {"width", "depth", "height", "below", "ground", "cells"}


def _packed_doc(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setattr(brawl.io.json, "PACK_FROM", 100)
    return as_dict(dense_encounter(40, 40, seed=3))


@pytest.mark.parametrize(
    ("where", "value", "field", "message"),
    [
        ("tiles", [[0, 0, 0, "1" * 1023]], "terrain.tiles[0]", "symbols"),
        ("tiles", [[0, 0, 0, "*" * 1024]], "terrain.tiles[0]", "symbol"),
        ("tiles", [[0, 0, 0, "9" * 1024]], "terrain.tiles[0]", "palette"),
        ("tiles", [[0, 9, 0, "1"]], "terrain.tiles[0]", "off the map"),
        ("tiles", [[0, 0, 0, "1"], [0, 0, 0, "1"]], "terrain.tiles[1]", "twice"),
        ("tiles", [[0, 0, 0]], "terrain.tiles[0]", "symbols"),
        ("tiles", "1", "terrain.tiles", "array"),
        ("cells", [[1, 1, 0, 99]], "terrain.cells[0]", "palette"),
        ("cells", [[1, 1, 0, True]], "terrain.cells[0]", ""),
        ("palette", [{"material": "lava"}], "terrain.palette[0].material", "lava"),
    ],
)
def test_a_bad_packed_map_names_its_field(
    monkeypatch: pytest.MonkeyPatch, where: str, value: Any, field: str, message: str
) -> None:
    doc = _packed_doc(monkeypatch)
    doc["terrain"][where] = value
    if where == "cells":
        doc["terrain"]["tiles"] = []
    err = refused(doc)
    assert err.field == field
    assert message in str(err)


def test_a_cell_listed_inside_a_packed_tile_or_off_the_map_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = _packed_doc(monkeypatch)
    z, ty, tx, _ = doc["terrain"]["tiles"][0]
    doc["terrain"]["cells"].append([tx * 32, ty * 32, z, 1])
    assert "packed tile" in str(refused(doc))
    doc = _packed_doc(monkeypatch)
    edge = next(t for t in doc["terrain"]["tiles"] if len(t[3]) == 1024 and t[2] == 1)
    edge[3] = "1" * 1024  # the tile at x 32..63 of a 40-wide map: its cells past x = 39 are off it
    assert "off the map" in str(refused(doc))


def test_the_largest_map_the_engine_holds_saves_under_the_loading_limit() -> None:
    """Everything the engine writes it can read: a map at MAX_STORED_TILES tiles of two symbols a
    cell and MAX_CELL_KINDS kinds of cell is far below MAX_DOCUMENT, as is every tile's entry."""
    tile = [[-10_000, 312, 312, "_" * 2048]]
    per_tile = len("".join(pretty(tile, 2))) - 2  # an entry of the tiles list, brackets left out
    kind = brawl.Cell(damaging=10**9, damage_type="psychic", difficult=True, liquid=True, concealing=True)
    per_kind = len(json.dumps(unstructure(kind))) + 4
    terrain = MAX_STORED_TILES * (per_tile + 2) + MAX_CELL_KINDS * per_kind
    assert terrain < MAX_DOCUMENT // 2


def test_a_2100_by_2100_map_saves_and_loads() -> None:
    """A dense 2,100 x 2,100 map, whose cell-by-cell document passed 50 million characters, loads."""
    level = random.Random(5).randbytes(2100 * 2100).translate(bytes(b % 3 for b in range(256)))
    terrain = brawl.Terrain.from_levels(2100, 2100, KINDS[:3], {0: level}, height=2, below=1)
    enc = brawl.Encounter.create(terrain, [brawl.Creature(id="kira", pos=(0, 0, 1))])
    text = brawl.to_json(enc)
    assert '"schema": 2' in text
    assert brawl.from_json(text) == enc
