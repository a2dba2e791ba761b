"""Hostile JSON-RPC requests: every method, each param replaced by values of every JSON type and
by out-of-range numbers, and every action of the bundled scenarios with each field replaced, are
answered with a JSON-RPC error of brawl's own (invalid params, a rules or document error), never
the internal error (-32603) that marks a bug of the engine. The requests are generated from a
seeded ``random.Random``, bounded in number."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import brawl
from brawl.server.methods import METHODS
from brawl.server.protocol import INTERNAL_ERROR, Server

SEED = 20261128

HOSTILE: tuple[Any, ...] = (
    None,
    0,
    -1,
    10**30,
    -(10**30),
    1.5,
    1e308,
    True,
    "",
    "x" * 300,
    "kira",
    [],
    [None],
    [[1, 2, 3]],
    {},
    {"class": "Nope"},
    {"class": "EndRound", "opener": "kira"},
    {"a": [1, {"b": None}]},
)
"""JSON values of every type, ids, huge and negative numbers, unknown and foreign records."""


def bridge_states() -> list[brawl.Encounter]:
    """The bridge out of combat, at the start of combat and during kira's turn."""
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    started, _ = brawl.start_combat(enc, first_side="heroes")
    turn, _ = brawl.start_turn(started, "kira")
    return [enc, started, turn]


def valid_params(state: Any) -> dict[str, dict[str, Any]]:
    """A valid value of every required param of each method (and of some optional ones)."""
    action = {"class": "StartTurn", "creature": "kira"}
    return {
        "version": {},
        "bundled_scenarios": {},
        "load_scenario": {"name": "bridge"},
        "encounter": {"name": "tavern", "victories": 2},
        "from_json": {"text": json.dumps(state)},
        "to_json": {"state": state},
        "legal_actions": {"state": state, "creature": "kira", "max_moves": 2},
        "is_legal": {"state": state, "action": action},
        "apply": {"state": state, "action": action},
        "replay": {"state": state, "actions": [action]},
        "reachable": {"state": state, "creature": "kira", "budget": 3},
        "explain": {"events": []},
        "render_text": {"state": state, "z": 0},
        "render_svg": {"state": state, "z": 0},
        "simulate": {"state": state, "runs": 1, "max_rounds": 1},
    }


def answer(server: Server, method: str, params: dict[str, Any]) -> dict[str, Any]:
    request = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    reply = server.handle(json.dumps(request))
    assert reply is not None
    data: dict[str, Any] = json.loads(reply)
    assert data["id"] == 1
    return data


def untyped(data: dict[str, Any]) -> bool:
    return "error" in data and data["error"]["code"] == INTERNAL_ERROR


def test_every_param_of_every_method_replaced_by_hostile_values() -> None:
    logged: list[str] = []
    server = Server(log=logged.append)
    state = json.loads(brawl.to_json(bridge_states()[2]))
    params = valid_params(state)
    assert set(params) == set(METHODS)
    seen_errors = seen_results = 0
    for name, method in sorted(METHODS.items()):
        for p in method.params:
            for value in HOSTILE:
                data = answer(server, name, {**params[name], p.name: value})
                assert not untyped(data), f"{name}({p.name}={value!r:.60}): {data['error']}"
                seen_errors += "error" in data
                seen_results += "result" in data
    assert logged == []
    assert seen_errors > 10 * seen_results > 0  # most are refused; a few are values of the right type


def action_samples() -> list[dict[str, Any]]:
    """One action of each class the bridge offers in three phases of a fight, as JSON data."""
    out: dict[str, dict[str, Any]] = {}
    for state in bridge_states():
        for action in json.loads(brawl.actions_to_json(brawl.legal_actions(state, max_moves=3)))["actions"]:
            out.setdefault(action["class"], action)
    return list(out.values())


@pytest.mark.parametrize("phase", [0, 1, 2])
def test_every_field_of_the_offered_actions_replaced_by_hostile_values(phase: int) -> None:
    logged: list[str] = []
    server = Server(log=logged.append)
    state = json.loads(brawl.to_json(bridge_states()[phase]))
    rng = random.Random(SEED + phase)
    samples = action_samples()
    assert len({a["class"] for a in samples}) >= 6
    calls = refused = 0
    for action in samples:
        for key in [k for k in action if k != "class"]:
            for value in rng.sample(HOSTILE, 4):
                for method in ("is_legal", "apply"):
                    data = answer(server, method, {"state": state, "action": {**action, key: value}})
                    assert not untyped(data), f"{method} {action} with {key}={value!r:.60}: {data['error']}"
                    calls += 1
                    refused += "error" in data
    assert logged == []
    assert calls >= 60
    assert refused > calls // 2
