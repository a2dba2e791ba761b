"""JSON-RPC 2.0: the methods mirror the Python API, errors carry brawl's class and rules, hostile
messages get their error and the server keeps serving (in process and as ``brawl serve``)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import brawl
from brawl import actions as A
from brawl.__main__ import EXIT_ERROR, main
from brawl.server import http, methods
from brawl.server.protocol import (
    DOCUMENT_ERROR,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    RULES_ERROR,
    TIME_LIMIT,
    Limits,
    Server,
)
from brawl.server.stdio import serve_stdio

ROOT = Path(__file__).resolve().parents[1]


def rpc(method: str, params: Any = None, *, server: Server | None = None, id: Any = 1) -> dict[str, Any]:
    """One request through a server; the decoded response."""
    request: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "id": id}
    if params is not None:
        request["params"] = params
    reply = (server or Server()).handle(json.dumps(request))
    assert reply is not None
    response: dict[str, Any] = json.loads(reply)
    assert response["jsonrpc"] == "2.0"
    assert response["id"] == id
    return response


def result(method: str, params: Any = None, **kw: Any) -> Any:
    response = rpc(method, params, **kw)
    assert "error" not in response, response
    return response["result"]


def failure(method: str, params: Any = None, **kw: Any) -> dict[str, Any]:
    response = rpc(method, params, **kw)
    assert "result" not in response, response
    err: dict[str, Any] = response["error"]
    return err


def bridge() -> Any:
    return result("load_scenario", {"name": "bridge"})


def in_combat() -> Any:
    return result("apply", {"state": bridge(), "action": {"class": "StartCombat", "first_side": "heroes"}})[
        "state"
    ]


# --- the methods ------------------------------------------------------------------------------------------
def test_version_names_brawl_the_schema_and_every_method() -> None:
    got = result("version")
    assert got == {
        "brawl": brawl.__version__,
        "jsonrpc": "2.0",
        "schema": 1,
        "methods": sorted(methods.METHODS),
    }
    assert {"apply", "legal_actions", "replay", "reachable", "explain", "simulate"} <= set(got["methods"])


def test_load_scenario_by_name_or_text_gives_brawls_json() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    assert bridge() == json.loads(brawl.to_json(enc))
    text = brawl.bundled_scenario("cliff").read_text(encoding="utf-8")
    assert result("load_scenario", {"text": text}) == json.loads(brawl.to_json(brawl.loads_scenario(text)))
    assert result("bundled_scenarios") == brawl.bundled_scenarios()


@pytest.mark.parametrize("params", [{}, {"name": "bridge", "text": "x"}])
def test_load_scenario_needs_a_name_or_a_text(params: dict[str, Any]) -> None:
    assert failure("load_scenario", params)["code"] == INVALID_PARAMS


def test_an_unknown_bundled_scenario_is_a_document_error() -> None:
    err = failure("load_scenario", {"name": "moon"})
    assert err["code"] == DOCUMENT_ERROR
    assert err["data"]["class"] == "ScenarioError"
    assert "bridge" in err["data"]["message"]


def test_to_json_and_from_json_are_brawls_documents() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("tavern"))
    text = result("to_json", {"state": json.loads(brawl.to_json(enc))})
    assert text == brawl.to_json(enc)
    assert result("from_json", {"text": text}) == json.loads(text)
    assert result("to_json", {"state": text}) == text  # a state may travel as its text too


def test_apply_returns_the_new_state_and_explained_events() -> None:
    start = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    got = result(
        "apply", [json.loads(brawl.to_json(start)), {"class": "StartCombat", "first_side": "heroes"}]
    )
    want = brawl.apply(start, A.StartCombat(first_side="heroes"))
    assert brawl.from_json(json.dumps(got["state"])) == want.state
    assert [e["explain"] for e in got["events"]] == [e.explain() for e in want.events]
    assert brawl.events_from_json(json.dumps({"schema": 1, "events": got["events"]})) == want.events


def test_legal_actions_then_is_legal_and_apply_of_each() -> None:
    state = in_combat()
    found = result("legal_actions", {"state": state})
    enc = brawl.from_json(json.dumps(state))
    assert found == [json.loads(brawl.actions_to_json([a]))["actions"][0] for a in brawl.legal_actions(enc)]
    assert found
    assert all(result("is_legal", {"state": state, "action": a}) for a in found)
    after = result("apply", {"state": state, "action": found[0]})
    assert after["events"]
    assert result("legal_actions", {"state": state, "creature": "kira", "max_moves": 0}) == [
        a for a in found if a.get("creature") == "kira"
    ]


def test_replay_is_brawl_replay() -> None:
    start = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    fight = [A.StartCombat(first_side="heroes"), A.StartTurn("kira"), A.EndTurn()]
    log = json.loads(brawl.actions_to_json(fight))["actions"]
    got = result("replay", {"state": json.loads(brawl.to_json(start)), "actions": log})
    want = brawl.replay(start, fight)
    assert brawl.from_json(json.dumps(got["state"])) == want.state
    assert len(got["events"]) == len(want.events)


def test_reachable_lists_positions_and_costs_cheapest_first() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    got = result("reachable", {"state": bridge(), "creature": "talia", "budget": 3})
    assert got == [{"pos": list(p), "cost": c} for p, c in brawl.reachable(enc, "talia", budget=3).items()]
    assert got[0]["cost"] == 0
    assert [g["cost"] for g in got] == sorted(g["cost"] for g in got)


def test_explain_reads_events_with_or_without_their_explain_line() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    _, events = brawl.damage(enc, "ogre", 12, type="fire")
    data = json.loads(brawl.events_to_json(events))["events"]
    assert result("explain", {"events": data}) == brawl.explain(events)
    bare = [{k: v for k, v in e.items() if k != "explain"} for e in data]
    assert result("explain", {"events": bare}) == brawl.explain(events)
    wrong = [{**data[0], "explain": 3}]
    err = failure("explain", {"events": wrong})
    assert err["code"] == DOCUMENT_ERROR
    assert err["data"]["field"] == "events[0].explain"


def test_render_text_and_svg() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("cliff"))
    state = json.loads(brawl.to_json(enc))
    assert result("render_text", {"state": state, "z": 4}) == brawl.render_text(enc, z=4)
    assert result("render_text", {"state": state, "legend": False}) == brawl.render_text(enc, legend=False)
    assert result("render_svg", {"state": state}).startswith("<svg")


def test_simulate_summarises_seeded_fights() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    got = result("simulate", {"state": json.loads(brawl.to_json(enc)), "runs": 2, "seed": 3})
    want = brawl.simulate(enc, runs=2, seed=3)
    assert got["runs"] == 2
    assert got["wins"] == dict(want.wins)
    assert got["survival"] == dict(want.survival)
    assert got["explain"] == want.explain()


# --- errors -----------------------------------------------------------------------------------------------
def test_an_illegal_action_is_a_rules_error_with_its_class_message_and_rules() -> None:
    err = failure(
        "apply", {"state": bridge(), "action": {"class": "Move", "creature": "talia", "path": [[0, 0, 0]]}}
    )
    assert err["code"] == RULES_ERROR
    data = err["data"]
    assert data["class"] == "IllegalMoveError"
    assert data["classes"] == ["IllegalMoveError", "RulesError", "BrawlError"]
    assert data["rules"]
    assert all(r in data["message"] for r in data["rules"])
    assert "talia" in data["message"]


def test_a_malformed_action_or_state_names_its_field() -> None:
    err = failure("apply", {"state": bridge(), "action": {"class": "Nope"}})
    assert (err["code"], err["data"]["field"]) == (DOCUMENT_ERROR, "action")
    err = failure("apply", {"state": bridge(), "action": {"class": "Move", "creature": "talia", "path": 3}})
    assert err["data"]["field"] == "action.path"
    broken = {**bridge(), "round": "two"}
    err = failure("to_json", {"state": broken})
    assert (err["code"], err["data"]["field"]) == (DOCUMENT_ERROR, "round")


@pytest.mark.parametrize(
    ("method", "params", "param"),
    [
        ("to_json", {}, "state"),
        ("to_json", {"state": 3}, "state"),
        ("to_json", {"state": {}, "extra": 1}, "extra"),
        ("reachable", {"state": {}, "creature": 5}, "creature"),
        ("reachable", {"state": {}, "creature": "a", "squeeze": "yes"}, "squeeze"),
        ("simulate", {"state": {}, "runs": 1.5}, "runs"),
        ("simulate", {"state": {}, "runs": True}, "runs"),
        ("legal_actions", {"state": {}, "max_moves": "2"}, "max_moves"),
        ("replay", {"state": {}, "actions": {}}, "actions"),
        ("explain", {"events": "x"}, "events"),
        ("version", [1], None),
    ],
)
def test_wrong_params_are_invalid_params(method: str, params: Any, param: str | None) -> None:
    err = failure(method, params)
    assert err["code"] == INVALID_PARAMS
    assert err["data"]["param"] == param


def test_a_value_the_rules_refuse_is_brawls_error_with_its_class() -> None:
    err = failure("simulate", {"state": bridge(), "runs": 0})
    assert err["code"] == RULES_ERROR
    assert err["data"]["class"] == "InvalidArgumentError"


def test_rpc_discover_returns_the_openrpc_description() -> None:
    got = result("rpc.discover")
    assert got == json.loads((ROOT / "schemas" / "rpc.openrpc.json").read_text(encoding="utf-8"))
    assert [m["name"] for m in got["methods"]] == list(methods.METHODS)


def test_unknown_methods_are_method_not_found() -> None:
    err = failure("rpc.nope")
    assert err["code"] == METHOD_NOT_FOUND
    assert "apply" in err["data"]["reason"]


def test_a_bug_inside_the_engine_is_an_internal_error_naming_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> str:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(brawl, "render_text", broken)
    logged: list[str] = []
    err = failure("render_text", {"state": bridge()}, server=Server(log=logged.append))
    assert err["code"] == INTERNAL_ERROR
    assert err["data"] == {"class": "ZeroDivisionError", "message": "division by zero"}
    assert "Traceback" in logged[0]
    assert "ZeroDivisionError" in logged[0]


def test_a_result_json_cannot_hold_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(brawl, "bundled_scenarios", lambda: [float("nan")])
    logged: list[str] = []
    err = failure("bundled_scenarios", server=Server(log=logged.append), id=None)
    assert err["code"] == INTERNAL_ERROR
    assert err["data"]["class"] == "ValueError"
    assert "can't be written as JSON" in logged[0]


def test_long_methods_stop_at_the_time_limit() -> None:
    hurried = Server(Limits(time_limit=0.0))
    state = bridge()
    assert failure("simulate", {"state": state, "runs": 50}, server=hurried)["code"] == TIME_LIMIT
    log = [{"class": "StartCombat"}, {"class": "EndCombat"}]
    assert failure("replay", {"state": state, "actions": log}, server=hurried)["code"] == TIME_LIMIT
    assert result("replay", {"state": state, "actions": log})["events"]


# --- the envelope -----------------------------------------------------------------------------------------
def reply(message: str | bytes, server: Server | None = None) -> Any:
    text = (server or Server()).handle(message)
    return None if text is None else json.loads(text)


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("{", PARSE_ERROR),
        (b"\xff\xfe", PARSE_ERROR),
        ('{"jsonrpc": "2.0", "method": "version", "id": NaN}', PARSE_ERROR),
        ("[]", INVALID_REQUEST),
        ("3", INVALID_REQUEST),
        ('{"method": "version", "id": 1}', INVALID_REQUEST),
        ('{"jsonrpc": "1.0", "method": "version", "id": 1}', INVALID_REQUEST),
        ('{"jsonrpc": "2.0", "method": 5, "id": 1}', INVALID_REQUEST),
        ('{"jsonrpc": "2.0", "method": "version", "params": "x", "id": 1}', INVALID_REQUEST),
        ('{"jsonrpc": "2.0", "method": "version", "id": [1]}', INVALID_REQUEST),
        ("[" * 70 + "]" * 70, INVALID_REQUEST),
        ('{"jsonrpc": "2.0", "method": "version", "params": ' + "[" * 70 + "]" * 70 + "}", INVALID_REQUEST),
    ],
)
def test_hostile_messages_get_their_error(message: str | bytes, code: int) -> None:
    got = reply(message)
    assert got["error"]["code"] == code
    assert got["jsonrpc"] == "2.0"


def test_an_oversized_message_is_refused_before_it_is_parsed() -> None:
    small = Server(Limits(max_request=100))
    got = reply('{"jsonrpc": "2.0", "method": "version", "id": 1, "x": "' + "y" * 200 + '"}', small)
    assert got == {"jsonrpc": "2.0", "error": got["error"], "id": None}
    assert got["error"]["code"] == INVALID_REQUEST
    assert "limit is 100" in got["error"]["data"]["reason"]


def test_notifications_get_no_reply_even_when_they_fail() -> None:
    assert reply('{"jsonrpc": "2.0", "method": "version"}') is None
    assert reply('{"jsonrpc": "2.0", "method": "nope"}') is None
    assert reply('[{"jsonrpc": "2.0", "method": "version"}]') is None


def test_a_batch_answers_each_request_in_order_and_skips_notifications() -> None:
    batch = [
        {"jsonrpc": "2.0", "method": "version", "id": "a"},
        {"jsonrpc": "2.0", "method": "version"},
        {"jsonrpc": "2.0", "method": "nope", "id": 2},
        7,
        {"jsonrpc": "2.0", "method": "bundled_scenarios", "id": None},
    ]
    got = reply(json.dumps(batch))
    assert [r.get("id") for r in got] == ["a", 2, None, None]
    assert "result" in got[0]
    assert got[1]["error"]["code"] == METHOD_NOT_FOUND
    assert got[2]["error"]["code"] == INVALID_REQUEST
    assert got[3]["result"] == brawl.bundled_scenarios()


def test_a_batch_is_bounded_in_size() -> None:
    batch = [{"jsonrpc": "2.0", "method": "version", "id": i} for i in range(5)]
    got = reply(json.dumps(batch), Server(Limits(max_batch=4)))
    assert got["error"]["code"] == INVALID_REQUEST
    assert len(reply(json.dumps(batch[:4]), Server(Limits(max_batch=4)))) == 4


def test_a_lone_surrogate_in_a_request_still_gets_an_ascii_reply() -> None:
    text = Server().handle(
        '{"jsonrpc": "2.0", "method": "load_scenario", "params": {"name": "\\ud800"}, "id": 1}'
    )
    assert text is not None
    assert text.isascii()
    assert json.loads(text)["error"]["code"] == DOCUMENT_ERROR


# --- stdio ------------------------------------------------------------------------------------------------
def test_stdio_answers_line_by_line_and_keeps_serving_after_bad_lines() -> None:
    lines = [
        b'{"jsonrpc": "2.0", "method": "version", "id": 1}',
        b"",
        b"x" * 500,
        b"not json",
        b'{"jsonrpc": "2.0", "method": "version"}',
        b'{"jsonrpc": "2.0", "method": "nope", "id": 2}',
        b'[{"jsonrpc": "2.0", "method": "bundled_scenarios", "id": 3}]',
    ]
    stdout = io.BytesIO()
    status = serve_stdio(io.BytesIO(b"\n".join(lines) + b"\n"), stdout, Server(Limits(max_request=200)))
    assert status == 0
    replies = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [r["id"] if isinstance(r, dict) else r[0]["id"] for r in replies] == [1, None, None, 2, 3]
    assert replies[1]["error"]["code"] == INVALID_REQUEST
    assert "a line of 501 bytes" in replies[1]["error"]["data"]["reason"]
    assert replies[2]["error"]["code"] == PARSE_ERROR
    assert replies[3]["error"]["code"] == METHOD_NOT_FOUND


def test_a_last_line_without_its_newline_is_answered() -> None:
    stdout = io.BytesIO()
    serve_stdio(io.BytesIO(b'{"jsonrpc": "2.0", "method": "version", "id": 9}'), stdout)
    assert json.loads(stdout.getvalue())["id"] == 9


def test_brawl_serve_runs_over_stdio_as_a_program() -> None:
    requests = [
        {"jsonrpc": "2.0", "method": "load_scenario", "params": {"name": "bridge"}, "id": 1},
        {"jsonrpc": "2.0", "method": "nope", "id": 2},
    ]
    text = "\n".join(json.dumps(r) for r in requests) + "\n{bad\n" + "[" * 100 + "\n" + "x" * 90_000 + "\n"
    text += '{"jsonrpc": "2.0", "method": "version", "id": 3}\n'
    done = subprocess.run(
        [sys.executable, "-m", "brawl", "serve", "--max-request", "80000"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in replies] == [1, 2, None, None, None, 3]
    assert replies[0]["result"]["schema"] == 1
    codes = [r["error"]["code"] for r in replies[1:5]]
    assert codes == [METHOD_NOT_FOUND, PARSE_ERROR, INVALID_REQUEST, INVALID_REQUEST]
    assert "limit is 80000" in replies[4]["error"]["data"]["reason"]
    assert replies[5]["result"]["jsonrpc"] == "2.0"
    assert done.stderr == ""


def test_serve_http_without_the_server_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(http, "AVAILABLE", False)
    assert main(["serve", "--http", "8765"]) == EXIT_ERROR
    assert 'pip install "brawl[server]"' in capsys.readouterr().err


def test_serve_refuses_limits_that_are_not_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--max-request", "0"]) == EXIT_ERROR
    assert "--max-request" in capsys.readouterr().err
