"""Hostile saved states: what the rules cannot produce is refused on load, naming the field.

The saved states are the final states of the golden fights (a turn in progress under each turn
system). Each targeted test changes one field to a value no rule reaches; the mutation run changes
every number of the creatures and of the turn to extreme values, adds the counters a file may
leave out, and drops the turn or its economy: each changed file is refused with a
:class:`brawl.ScenarioError`, or loads into a state that keeps the invariants written here and
saves back to the same state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import brawl
import brawl.io.json
from brawl.creature import MAX_COUNT
from brawl.io.json import MAX_LISTED_CELLS
from brawl.rules.stamina import MAX_AMOUNT
from brawl.zone.turnstate import ZoneTurn

GOLDEN = Path(__file__).parent / "golden"
SYSTEMS = ("drawsteel", "initiative", "zone")
EXTREMES = (-1, -(10**18), 10**18, 2**63 - 1)
ADDED = ("stamina", "temporary_stamina", "recoveries", "recoveries_max", "heroic_resource")
MAX_MUTATIONS = 400
"""The mutation run changes at most this many fields per saved state."""


def saved(system: str) -> dict[str, Any]:
    """The final state of the tavern fight (bridge for the zone game), a turn in progress."""
    name = "bridge-zone" if system == "zone" else f"tavern-{system}"
    data: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text())["final_state"]
    return data


def light(system: str) -> dict[str, Any]:
    """:func:`saved` with only the map's cells in and around the columns of its creatures and
    objects (what holds them up), so that each of the many loads of the mutation run is quick."""
    data = saved(system)
    near = {
        (thing["pos"][0] + dx, thing["pos"][1] + dy)
        for thing in data["creatures"] + data["objects"]
        for dx in range(-1, 3)
        for dy in range(-1, 3)
    }
    data["terrain"]["cells"] = [cell for cell in data["terrain"]["cells"] if (cell[0], cell[1]) in near]
    return data


def hero_index(data: dict[str, Any]) -> int:
    return next(i for i, c in enumerate(data["creatures"]) if c.get("hero") and not c.get("dead"))


def refused(data: dict[str, Any]) -> brawl.ScenarioError:
    with pytest.raises(brawl.ScenarioError) as caught:
        brawl.from_json(json.dumps(data))
    return caught.value


def test_saved_states_load_and_round_trip() -> None:
    """The states the engine saved load, and save back unchanged: nothing here refuses them."""
    for system in SYSTEMS:
        for data in (saved(system), light(system)):
            enc = brawl.from_json(json.dumps(data))
            assert brawl.from_json(brawl.to_json(enc)) == enc
            assert enc.turn is not None
            assert enc.round >= 1


def test_a_living_hero_below_its_death_threshold_is_refused_ds_stam_08_r_stam_1() -> None:
    """DS-STAM-08, R-STAM-1: a hero dies at the negative of its winded value (half its maximum,
    rounded down): alive, its Stamina is above that. -W + 1 loads; -W and -10^18 are refused."""
    data = saved("drawsteel")
    i = hero_index(data)
    hero = brawl.from_json(json.dumps(data)).creature(data["creatures"][i]["id"])
    lowest = -(hero.stamina_max // 2) + 1
    data["creatures"][i]["stamina"] = lowest
    assert brawl.from_json(json.dumps(data)).creature(hero.id).stamina == lowest
    for stamina in (lowest - 1, -(10**18)):
        data["creatures"][i]["stamina"] = stamina
        error = refused(data)
        assert error.field == f"creatures[{i}].stamina"
        assert "DS-STAM-08" in str(error)
    data["creatures"][i]["dead"] = True  # a dead hero may lie that low
    assert brawl.from_json(json.dumps(data)).creature(hero.id).dead


@pytest.mark.parametrize(
    ("field", "bound"), [("temporary_stamina", MAX_AMOUNT), ("recoveries_max", MAX_COUNT)]
)
def test_counters_beyond_their_bounds_are_refused_ds_stam_21(field: str, bound: int) -> None:
    """DS-STAM-21 and the documented bounds: temporary Stamina up to 10^9 (the largest gain, the
    greater kept), the recoveries' maximum (so the recoveries) up to 10^6; one more, or 2^63 - 1,
    is refused."""
    assert (MAX_AMOUNT, MAX_COUNT) == (10**9, 10**6)
    data = saved("initiative")
    i = hero_index(data)
    creature = data["creatures"][i]
    creature[field] = bound
    assert getattr(brawl.from_json(json.dumps(data)).creature(creature["id"]), field) == bound
    for value in (bound + 1, 2**63 - 1):
        creature[field] = value
        assert refused(data).field == f"creatures[{i}].{field}"


def test_a_round_with_no_combat_is_refused_ds_end_01() -> None:
    """DS-END-01: out of combat the round is 0; round 4 with no turn state is refused."""
    data = saved("drawsteel")
    data["turn"] = None
    error = refused(data)
    assert error.field == "round"
    data["round"] = 0
    assert brawl.from_json(json.dumps(data)).turn is None


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_current_turn_with_no_economy_is_refused(system: str) -> None:
    """DS-TURN-01, I-TURN-01, Z-TURN-09: a turn in progress has what it has spent; a current
    creature with no economy is refused, naming the turn."""
    data = saved(system)
    if system == "zone":
        data["turn"]["economies"] = {}
    else:
        data["turn"]["economy"] = None
    error = refused(data)
    assert error.field == "turn"
    assert "economy" in str(error) or "economies" in str(error)


# --- the mutation run ------------------------------------------------------------------------------
def numbers(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], int]]:
    """Every whole number of the creatures, the turn and the round (the map and the abilities'
    printed numbers left out)."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            if (not path and key not in ("creatures", "turn", "round")) or key == "abilities":
                continue
            yield from numbers(value, (*path, key))
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            yield from numbers(value, (*path, index))
    elif isinstance(obj, int) and not isinstance(obj, bool):
        yield path, obj


_MISSING = object()


def changed(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> str:
    """The document with the field at ``path`` set to ``value`` (``data`` is left as it was)."""
    at: Any = data
    for key in path[:-1]:
        at = at[key]
    old = at.get(path[-1], _MISSING) if isinstance(at, dict) else at[path[-1]]
    at[path[-1]] = value
    try:
        return json.dumps(data)
    finally:
        if old is _MISSING:
            del at[path[-1]]
        else:
            at[path[-1]] = old


def mutations(data: dict[str, Any]) -> Iterator[str]:
    for path, _ in list(numbers(data)):
        for value in EXTREMES:
            yield changed(data, path, value)
    for index in range(len(data["creatures"])):
        for field in ADDED:
            for value in EXTREMES:
                yield changed(data, ("creatures", index, field), value)
    yield changed(data, ("turn",), None)
    yield changed(data, ("turn", "economies" if "economies" in data["turn"] else "economy"), None)


def keeps_the_invariants(enc: brawl.Encounter) -> None:
    """What every state the rules produce keeps (the oracle of the mutation run)."""
    assert (enc.round == 0) == (enc.turn is None)
    for c in enc.creature_list():
        if c.hero and not c.dead:
            assert c.stamina > -(c.stamina_max // 2) or c.stamina >= 0, c
        assert c.temporary_stamina <= 10**9, c
        assert c.recoveries <= c.recoveries_max <= 10**6, c
    t = enc.turn
    if isinstance(t, ZoneTurn):
        assert set(t.current) == set(t.economies), t
        assert all(0 <= n <= 5000 for n in (*t.original.values(), *t.round_start_numbers.values())), t
        assert all(abs(h) <= 10**6 for h in t.round_start_health.values()), t
    elif t is not None:
        assert (getattr(t, "current", None) is None) == (getattr(t, "economy", None) is None), t


@pytest.mark.parametrize("system", SYSTEMS)
def test_mutated_saved_states_are_refused_or_keep_the_invariants(system: str) -> None:
    """Every mutation is refused with a ScenarioError naming where, or loads into a state that
    keeps the invariants and saves back to itself."""
    data = light(system)
    seen = refusals = 0
    problems: list[str] = []
    for mutated in mutations(data):
        seen += 1
        assert seen <= MAX_MUTATIONS
        try:
            enc = brawl.from_json(mutated)
        except brawl.ScenarioError as error:
            refusals += 1
            where = error.field or next(
                (c["id"] for c in data["creatures"] if repr(c["id"]) in str(error)), None
            )
            problems += [] if where else [str(error)]  # the field, or the creature whose record it is
            continue
        keeps_the_invariants(enc)
        assert brawl.from_json(brawl.to_json(enc)) == enc
    assert refusals > 0
    assert problems == []


# --- big states ------------------------------------------------------------------------------------
def listed(count: int, *, packed: bool) -> str:
    """A document of a 2,048 x 2,048 map listing ``count`` stone cells one by one: each as a
    cell object (schema 1) or as a kind of the palette (schema 2, with no packed tile)."""
    cells = [[i % 2048, i // 2048, 0, 1 if packed else {"material": "stone"}] for i in range(count)]
    terrain: dict[str, Any] = {"width": 2048, "depth": 2048, "height": 4, "below": 2, "cells": cells}
    if packed:
        terrain.update(palette=[{"material": "stone"}], tiles=[])
    doc: dict[str, Any] = {"schema": 2 if packed else 1, "terrain": terrain, "creatures": [], "objects": []}
    return json.dumps(doc)


@pytest.mark.parametrize("packed", [False, True])
def test_a_document_listing_too_many_cells_is_refused_before_building_any(packed: bool) -> None:
    """A document lists at most MAX_LISTED_CELLS (262,144) cells one by one, so that it loads in
    seconds (1.5 million listed cells took 19 s): one more is refused, naming terrain.cells and
    the limit; a bigger map is saved in packed tiles."""
    assert MAX_LISTED_CELLS == 262_144
    with pytest.raises(brawl.ScenarioError, match="MAX_LISTED_CELLS") as caught:
        brawl.from_json(listed(MAX_LISTED_CELLS + 1, packed=packed))
    assert caught.value.field == "terrain.cells"
    assert "262,145" in str(caught.value)
    assert len(brawl.from_json(listed(1000, packed=packed)).terrain.cells) == 1000


def test_the_writer_never_lists_more_cells_than_the_loader_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A map of many sparse tiles (8 cells in each of 64 tiles, past a limit of 100 listed cells)
    is saved with tiles packed until at most the limit is listed, and loads back equal."""
    monkeypatch.setattr(brawl.io.json, "MAX_LISTED_CELLS", 100)
    monkeypatch.setattr(brawl.io.json, "PACK_FROM", 50)
    cells = {
        brawl.Pos(tx * 32 + i, ty * 32, 0): brawl.Cell(brawl.Material.STONE)
        for tx in range(8)
        for ty in range(8)
        for i in range(8)
    }
    enc = brawl.Encounter.create(brawl.Terrain.flat(256, 256).with_cells(cells), [])
    data = json.loads(brawl.to_json(enc))
    assert 0 < len(data["terrain"]["cells"]) <= 100
    assert len(data["terrain"]["tiles"]) >= (512 - 100) // 8
    assert brawl.from_json(json.dumps(data)) == enc


def test_a_cell_object_like_one_read_before_is_still_checked() -> None:
    """Cell objects read once are known again by their fields, types and values: a flag given
    as 1 after the same flag given as true is still refused, naming its entry."""
    doc = json.loads(listed(0, packed=False))
    doc["terrain"]["cells"] = [[0, 0, 0, {"difficult": True}], [1, 0, 0, {"difficult": 1}]]
    with pytest.raises(brawl.ScenarioError) as caught:
        brawl.from_json(json.dumps(doc))
    assert caught.value.field is not None
    assert caught.value.field.startswith("terrain.cells[1]")
    doc["terrain"]["cells"][1][3] = {"difficult": True}
    cells = brawl.from_json(json.dumps(doc)).terrain.cells
    assert cells[brawl.Pos(0, 0, 0)] == cells[brawl.Pos(1, 0, 0)] == brawl.Cell(difficult=True)
