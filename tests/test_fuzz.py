"""Fuzzing the loaders and the public rules.

Every mutation of a saved state, event log, action log or scenario file either loads cleanly (and
then saves and loads back equal) or is a ScenarioError, each within a second. Every public rule and
action record, given arguments of any type, raises a BrawlError or a TypeError, or returns a state
and events whose JSON loads back equal.
"""

from __future__ import annotations

import functools
import inspect
import json
import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import brawl
import brawl.actions as A
from brawl.requests import Action
from brawl.statecheck import MAX_CREATURES, MAX_OBJECTS

FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck))

HANG_GUARD = 20.0
"""Seconds after which a load or refusal counts as hanging: a guard against unbounded work, not a
speed claim (the loaders' speed is measured in benchmarks/, on a quiet machine)."""


@functools.cache
def _fight() -> tuple[brawl.Encounter, tuple[brawl.Event, ...], tuple[Action, ...]]:
    """A bundled scenario a few actions into combat, its events and its actions."""
    enc = brawl.load_scenario(brawl.bundled_scenario("tavern"))
    actions: list[Action] = []
    events: list[brawl.Event] = []
    start = A.StartCombat()
    enc, evs = brawl.apply(enc, start)
    actions.append(start)
    events.extend(evs)
    for _ in range(6):
        legal = brawl.legal_actions(enc)
        if not legal:
            break
        action = legal[len(legal) // 2]
        enc, evs = brawl.apply(enc, action)
        actions.append(action)
        events.extend(evs)
    return enc, tuple(events), tuple(actions)


def _documents() -> list[tuple[str, Callable[[str], Any], Callable[[Any], str]]]:
    enc, events, actions = _fight()
    return [
        (brawl.to_json(enc), brawl.from_json, brawl.to_json),
        (brawl.events_to_json(events), brawl.events_from_json, brawl.events_to_json),
        (brawl.actions_to_json(actions), brawl.actions_from_json, brawl.actions_to_json),
    ]


LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.sampled_from([0, -1, 1, 2, 10**9, 10**18, 2**64]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.sampled_from(["", "ghost", "kira", "\ud800", "x" * 300, "director", "heroes", "1M", "stone"]),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a node of a JSON tree."""
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*path, i))
    return out


def _mutate(tree: Any, data: st.DataObject) -> Any:
    """The tree with a few nodes replaced, deleted or swapped for siblings."""
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(tree)
        path = data.draw(st.sampled_from(paths[1:] or paths))
        if not path:
            tree = data.draw(VALUES)
            continue
        parent = tree
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        how = data.draw(st.sampled_from(["replace", "delete", "copy"]))
        if how == "delete":
            del parent[key]
        elif how == "copy":
            node = tree
            for step in data.draw(st.sampled_from(paths), label="copied from"):
                node = node[step]
            parent[key] = json.loads(json.dumps(node))
        else:
            parent[key] = data.draw(VALUES)
    return tree


def _timed(call: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    try:
        return call()
    finally:
        assert time.perf_counter() - start < HANG_GUARD


@FUZZ
@given(st.data())
def test_mutated_json_documents_load_cleanly_or_are_refused(data: st.DataObject) -> None:
    text, load, save = data.draw(st.sampled_from(_documents()))
    mutated = json.dumps(_mutate(json.loads(text), data))
    try:
        loaded = _timed(lambda: load(mutated))
    except brawl.ScenarioError:
        return
    again = save(loaded)
    assert load(again) == loaded


TALL_KEYS = {"height", "below", "pit", "water", "fog"}
"""Scenario keys whose large values make valid maps slow to load (see ``MAX_CELLS``)."""


@FUZZ
@given(st.data())
def test_mutated_scenario_files_load_cleanly_or_are_refused(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(brawl.bundled_scenarios()))
    lines = brawl.bundled_scenario(name).read_text(encoding="utf-8").split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        how = data.draw(st.sampled_from(["value", "char", "delete", "duplicate"]))
        if how == "value" and "=" in line:
            key = line.split("=", 1)[0]
            # heights, depths and pits stay small: a valid map this tall or deep sets up to
            # MAX_CELLS cells, whose loading may take longer than the second allowed here
            big = "60" if key.strip() in TALL_KEYS or "height" in line or "pit" in line else "1000"
            value = data.draw(
                st.sampled_from(
                    [
                        big,
                        "10000000000000000000",
                        "-5",
                        "1.0",
                        "nan",
                        "inf",
                        '"x"',
                        '"\\ud7ff"',
                        "[]",
                        "{}",
                        "true",
                    ]
                )
            )
            lines[i] = f"{key}= {value}"
        elif how == "char" and line:
            j = data.draw(st.integers(0, len(line) - 1))
            lines[i] = line[:j] + data.draw(st.sampled_from(list('#.=&%^:KMabcz1 "[]{}'))) + line[j + 1 :]
        elif how == "delete":
            del lines[i]
        else:
            lines.insert(i, line)
        if not lines:
            lines = [""]
    text = "\n".join(lines)
    try:
        enc = _timed(lambda: brawl.loads_scenario(text))
    except brawl.ScenarioError:
        return
    assert brawl.from_json(brawl.to_json(enc)) == enc


# --- public rules and action records with any arguments ------------------------------------------
def _rules() -> list[Callable[..., Any]]:
    out: list[Callable[..., Any]] = []
    for name in sorted(brawl.__all__):
        fn = getattr(brawl, name)
        if inspect.isfunction(fn):
            try:
                params = list(inspect.signature(fn).parameters)
            except (TypeError, ValueError):
                continue
            if params[:1] == ["state"] and name not in {"simulate", "replay"}:
                out.append(fn)
    return out


def _records() -> list[type[Action]]:
    return [
        getattr(A, n)
        for n in sorted(dir(A))
        if inspect.isclass(getattr(A, n))
        and issubclass(getattr(A, n), Action)
        and getattr(A, n) is not Action
    ]


IDS = st.sampled_from(["kira", "mara", "thug-1", "thug-2", "boss", "barrel-1", "ghost", ""])
ARGS = st.one_of(
    IDS,
    IDS,
    st.integers(-3, 12),
    st.sampled_from([None, True, 1.5, 10**18, -(10**9), "prone", "fire", (1, 0, 0), [], {}]),
    st.tuples(st.integers(-1, 15), st.integers(-1, 10), st.integers(-1, 2)),
    st.lists(st.tuples(st.integers(0, 14), st.integers(0, 9), st.integers(0, 1)), max_size=3),
)


def _check(outcome: Any) -> None:
    state, events = outcome
    assert brawl.from_json(brawl.to_json(state)) == state
    assert brawl.events_from_json(brawl.events_to_json(events)) == tuple(events)


def _state(data: st.DataObject) -> brawl.Encounter:
    enc = brawl.load_scenario(brawl.bundled_scenario("tavern"))
    return _fight()[0] if data.draw(st.booleans(), label="in combat") else enc


@FUZZ
@given(st.data())
def test_public_rules_refuse_or_return_states_that_load_back(data: st.DataObject) -> None:
    rule = data.draw(st.sampled_from(_rules()), label="rule")
    args = [data.draw(IDS, label="first"), *data.draw(st.lists(ARGS, max_size=3), label="args")]
    try:
        outcome = rule(_state(data), *args)
    except brawl.BrawlError:  # a wrong type or a call of the wrong shape too: ArgumentTypeError
        return
    if isinstance(outcome, brawl.Outcome):
        _check(outcome)


@FUZZ
@given(st.data())
def test_action_records_refuse_or_apply_to_states_that_load_back(data: st.DataObject) -> None:
    cls = data.draw(st.sampled_from(_records()), label="record")
    args = [data.draw(IDS, label="first"), *data.draw(st.lists(ARGS, max_size=3), label="args")]
    try:
        record = cls(*args)
    except brawl.BrawlError:
        return
    except TypeError as exc:  # too few arguments: Python's refusal at the call, nothing from inside
        if exc.__traceback__ is None or exc.__traceback__.tb_next is not None:
            raise
        return
    try:
        outcome = brawl.apply(_state(data), record)
    except brawl.BrawlError:
        return
    assert brawl.actions_from_json(brawl.actions_to_json([record])) == (record,)
    _check(outcome)


@FUZZ
@given(st.data())
def test_legal_actions_with_one_field_changed_refuse_or_apply_cleanly(data: st.DataObject) -> None:
    """Records near the legal ones reach the rules, not just the records' own checks."""
    state = _fight()[0]
    legal = brawl.legal_actions(state)
    record = data.draw(st.sampled_from(legal), label="legal")
    fields = [f.name for f in attrs.fields(type(record))]
    changes: dict[str, Any] = {}
    change: bool = data.draw(st.booleans(), label="change a field")
    if fields and change:
        changes[data.draw(st.sampled_from(fields), label="field")] = data.draw(ARGS, label="value")
    try:
        record = attrs.evolve(record, **changes)
        outcome = brawl.apply(state, record)
    except brawl.BrawlError:
        return
    assert brawl.actions_from_json(brawl.actions_to_json([record])) == (record,)
    _check(outcome)


def test_fuzzing_finds_a_refusal() -> None:
    """The fuzz tests can fail: a document with a ghost current turn is refused, not loaded."""
    enc = _fight()[0]
    doc = json.loads(brawl.to_json(enc))
    doc["turn"]["current"] = "ghost"
    try:
        brawl.from_json(json.dumps(doc))
    except brawl.ScenarioError:
        pass
    else:
        raise AssertionError("a turn state naming a missing creature loaded")
    assert attrs.has(type(enc))


# --- size limits: big inputs are refused before any record is built -------------------------------
def _big_document(creatures: int, objects: int = 0) -> str:
    """A saved state with many creatures and objects on a 200 x 200 map, the last piece invalid."""
    doc = json.loads(brawl.to_json(brawl.Encounter.create(brawl.Terrain.flat(200, 200), [])))
    doc["creatures"] = [{"id": f"c{i}", "pos": [i % 200, i // 200, 0]} for i in range(creatures)]
    doc["objects"] = [{"id": f"o{i}", "pos": [i % 200, 100 + i // 200, 0]} for i in range(objects)]
    doc["objects" if objects else "creatures"][-1]["size"] = "huge"
    return json.dumps(doc)


def _refusal(load: Callable[[], Any]) -> tuple[str, float]:
    start = time.perf_counter()
    with pytest.raises(brawl.ScenarioError) as info:
        load()
    return str(info.value), time.perf_counter() - start


def test_a_document_with_too_many_creatures_is_refused_at_once() -> None:
    """12,000 creatures (about 450 KB) are refused by count, not after building 12,000 records."""
    text = _big_document(12_000)
    assert 400_000 < len(text) < 1_000_000
    message, took = _refusal(lambda: brawl.from_json(text))
    assert "12,000 creatures" in message
    assert "MAX_CREATURES" in message
    assert "'creatures'" in message
    assert took < HANG_GUARD


def test_a_document_with_too_many_objects_is_refused_at_once() -> None:
    text = _big_document(0, MAX_OBJECTS + 1)
    message, took = _refusal(lambda: brawl.from_json(text))
    assert "MAX_OBJECTS" in message
    assert "'objects'" in message
    assert took < HANG_GUARD


def test_a_document_at_the_limits_is_refused_within_a_second() -> None:
    """The worst case under the limits: every creature and object built, the last object invalid."""
    text = _big_document(MAX_CREATURES, MAX_OBJECTS)
    assert len(text) < 1_000_000
    message, took = _refusal(lambda: brawl.from_json(text))
    assert f"objects[{MAX_OBJECTS - 1}].size" in message
    assert took < HANG_GUARD


def test_a_scenario_with_too_many_creatures_is_refused_at_once() -> None:
    rows = "".join(f'[[creatures]]\nid = "c{i}"\npos = [0, 0]\n' for i in range(MAX_CREATURES + 1))
    text = f'[scenario]\nname = "crowd"\n[[levels]]\nmap = """\n...\n"""\n{rows}'
    assert len(text) < 1_000_000
    message, took = _refusal(lambda: brawl.loads_scenario(text))
    assert "MAX_CREATURES" in message
    assert took < HANG_GUARD


def test_an_encounter_holds_at_most_the_limit() -> None:
    many = [brawl.Creature(id=f"c{i}", pos=(i % 100, i // 100, 0)) for i in range(MAX_CREATURES + 1)]
    with pytest.raises(brawl.StateError, match="MAX_CREATURES"):
        brawl.Encounter.create(brawl.Terrain.flat(100, 100), many)
    enc = brawl.Encounter.create(brawl.Terrain.flat(100, 100), many[:MAX_CREATURES])
    assert len(enc.creatures) == MAX_CREATURES
    with pytest.raises(brawl.StateError, match="MAX_CREATURES"):
        enc.with_creature(many[-1])
