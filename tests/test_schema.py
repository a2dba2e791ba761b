"""The JSON Schemas under schemas/: equal to the generator's output, valid, and true of real documents.

Real states (every bundled scenario, every golden fight's final state), real action logs and
real event logs (fights played under each turn system) validate; so do the params and results
of real JSON-RPC calls against the methods' description. Documents that brawl refuses are
refused by the schemas too, for the shapes the schemas describe.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import brawl
from brawl.io import schema as S
from brawl.server import discover
from brawl.server.methods import METHODS
from brawl.server.protocol import Server

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "schemas"
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.json"))


@functools.cache
def _text(name: str) -> str:
    return (FOLDER / name).read_text(encoding="utf-8")


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_text(name))
    return data


@functools.cache
def _validator(schema: str) -> Any:
    return jsonschema.Draft202012Validator(json.loads(schema))


def validator(schema: dict[str, Any]) -> Any:
    return _validator(json.dumps(schema, sort_keys=True))


def problems(schema: dict[str, Any], document: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:300]}" for e in validator(schema).iter_errors(document)]


@pytest.mark.parametrize("name", sorted(discover.SCHEMAS))
def test_the_checked_in_schemas_are_the_generators_output(name: str) -> None:
    """Regenerate with ``python -m brawl.server.discover schemas`` after changing a record."""
    stale = "stale: regenerate with python -m brawl.server.discover schemas"
    assert (FOLDER / name).read_text(encoding="utf-8") == S.text(discover.SCHEMAS[name]()), stale


@pytest.mark.parametrize("name", ["state.schema.json", "actions.schema.json", "events.schema.json"])
def test_the_schemas_are_valid_json_schemas(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(load(name))


def test_the_schemas_name_every_record_brawl_registers() -> None:
    actions = load("actions.schema.json")["$defs"]
    events = load("events.schema.json")["$defs"]
    state = load("state.schema.json")["$defs"]
    assert {n for n, c in brawl.Action.registry.items() if c.__module__.startswith("brawl.")} <= set(actions)
    assert {n for n, c in brawl.Event.registry.items() if c.__module__.startswith("brawl.")} <= set(events)
    assert {"Encounter", "Creature", "DrawSteelTurn", "ZoneTurn", "InitiativeTurn", "Pos", "Size"} <= set(
        state
    )


# --- real documents -----------------------------------------------------------------------------------------
def fight(name: str, system: str, seed: int, steps: int = 60) -> Iterator[tuple[brawl.Encounter, Any, Any]]:
    """A fight of random legal actions: each state, action and its events."""
    enc = brawl.load_scenario(brawl.bundled_scenario(name))
    rng = random.Random(seed)
    for _ in range(steps):
        options = brawl.legal_actions(enc, system=system, max_moves=4)
        if not options:
            return
        action = rng.choice(options)
        enc, events = brawl.apply(enc, action)
        yield enc, action, events


FIGHTS = [(n, s) for n in ("bridge", "cliff", "tavern") for s in ("drawsteel", "zone", "initiative")]


@pytest.mark.parametrize(("name", "system"), FIGHTS)
def test_real_states_actions_and_events_validate(name: str, system: str) -> None:
    state_schema = load("state.schema.json")
    steps = list(fight(name, system, seed=len(name)))
    assert steps
    actions = [a for _, a, _ in steps]
    events = [e for _, _, evs in steps for e in evs]
    assert problems(load("actions.schema.json"), json.loads(brawl.actions_to_json(actions))) == []
    assert problems(load("events.schema.json"), json.loads(brawl.events_to_json(events))) == []
    for enc, _, _ in steps[:: max(1, len(steps) // 6)]:
        assert problems(state_schema, json.loads(brawl.to_json(enc))) == []


@pytest.mark.parametrize("name", brawl.bundled_scenarios())
def test_bundled_scenarios_validate(name: str) -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario(name))
    assert problems(load("state.schema.json"), json.loads(brawl.to_json(enc))) == []


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_final_states_and_action_logs_validate(path: Path) -> None:
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert problems(load("state.schema.json"), golden["final_state"]) == []
    log = golden["actions"]
    own = {
        **log,
        "actions": [
            a for a in log["actions"] if a["class"] in brawl.Action.registry and a["class"] != "Climb"
        ],
    }
    assert problems(load("actions.schema.json"), own) == []


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("state.schema.json", lambda d: d.update(round="two")),
        ("state.schema.json", lambda d: d.update(extra=1)),
        ("state.schema.json", lambda d: d["creatures"][0].update(pos=[1, 2])),
        ("state.schema.json", lambda d: d["creatures"][0].update(size=True)),
        ("state.schema.json", lambda d: d.pop("terrain")),
        ("events.schema.json", lambda d: d["events"][0].update({"class": "Nope"})),
        ("events.schema.json", lambda d: d["events"][0].update(explain=3)),
        ("actions.schema.json", lambda d: d["actions"][0].pop("creature")),
    ],
)
def test_documents_brawl_refuses_are_refused_by_the_schemas(name: str, change: Any) -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    _, events = brawl.damage(enc, "ogre", 3)
    documents = {
        "state.schema.json": (brawl.to_json(enc), brawl.from_json),
        "events.schema.json": (brawl.events_to_json(events), brawl.events_from_json),
        "actions.schema.json": (
            brawl.actions_to_json([brawl.actions.StartTurn("kira")]),
            brawl.actions_from_json,
        ),
    }
    text, loader = documents[name]
    assert problems(load(name), json.loads(text)) == []
    data = json.loads(text)
    change(data)
    assert problems(load(name), data) != []
    with pytest.raises(brawl.ScenarioError):
        loader(json.dumps(data))


# --- the methods --------------------------------------------------------------------------------------------
def rpc_validator(schema: dict[str, Any]) -> Any:
    """A validator of one method's param or result schema, its references resolved in the document."""
    return validator({**schema, "components": load("rpc.openrpc.json")["components"]})


def test_the_rpc_description_lists_every_method_with_its_params() -> None:
    doc = load("rpc.openrpc.json")
    assert [m["name"] for m in doc["methods"]] == list(METHODS)
    for method in doc["methods"]:
        assert [p["name"] for p in method["params"]] == [p.name for p in METHODS[method["name"]].params]
        for p in method["params"]:
            jsonschema.Draft202012Validator.check_schema(p["schema"])


def test_real_rpc_calls_fit_the_methods_params_and_results() -> None:
    doc = {m["name"]: m for m in load("rpc.openrpc.json")["methods"]}
    server = Server()
    seen: set[str] = set()

    def call(method: str, params: dict[str, Any]) -> Any:
        for p in doc[method]["params"]:
            if p["name"] in params:
                assert list(rpc_validator(p["schema"]).iter_errors(params[p["name"]])) == [], (
                    method,
                    p["name"],
                )
        text = server.handle(json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": 1}))
        assert text is not None
        response = json.loads(text)
        assert "result" in response, response
        errors = list(rpc_validator(doc[method]["result"]["schema"]).iter_errors(response["result"]))
        assert errors == [], (method, errors[:1])
        seen.add(method)
        return response["result"]

    call("version", {})
    call("bundled_scenarios", {})
    state = call("load_scenario", {"name": "bridge"})
    call("encounter", {"name": "tavern", "victories": 2})
    text = call("to_json", {"state": state})
    state = call("from_json", {"text": text})
    out = call("apply", {"state": state, "action": {"class": "StartCombat", "first_side": "heroes"}})
    state = out["state"]
    for _ in range(6):
        options = call("legal_actions", {"state": state, "max_moves": 3})
        call("is_legal", {"state": state, "action": options[-1]})
        out = call("apply", {"state": state, "action": options[-1]})
        state = out["state"]
    call("replay", {"state": state, "actions": [{"class": "EndCombat"}]})
    call("reachable", {"state": state, "creature": "kira", "budget": 2})
    call("explain", {"events": out["events"]})
    call("render_text", {"state": state})
    call("render_svg", {"state": state, "z": 0})
    call("simulate", {"state": state, "runs": 1, "max_rounds": 2})
    assert seen == set(METHODS)


# --- the explain line of events ---------------------------------------------------------------------------
def test_events_in_json_carry_their_explain_line_and_logs_without_it_still_load() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    _, events = brawl.push(enc, source="ogre", target="talia", distance=2, direction=(-1, -1, 0))
    text = brawl.events_to_json(events)
    data = json.loads(text)
    assert [e["explain"] for e in data["events"]] == [e.explain() for e in events]
    assert brawl.events_from_json(text) == events
    old = {**data, "events": [{k: v for k, v in e.items() if k != "explain"} for e in data["events"]]}
    assert brawl.events_from_json(json.dumps(old)) == events
    stale = {**data, "events": [{**e, "explain": "written by another version"} for e in data["events"]]}
    assert brawl.events_from_json(json.dumps(stale)) == events
    assert brawl.events_to_json(brawl.events_from_json(json.dumps(stale))) == text


@pytest.mark.parametrize("value", [None, 3, ["x"], {"a": 1}])
def test_an_explain_line_that_is_not_text_is_refused_with_its_field(value: Any) -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    _, events = brawl.damage(enc, "ogre", 3)
    data = json.loads(brawl.events_to_json(events))
    data["events"][-1]["explain"] = value
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.events_from_json(json.dumps(data))
    assert info.value.field == f"events[{len(events) - 1}].explain"
