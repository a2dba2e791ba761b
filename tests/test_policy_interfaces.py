"""The policy as ``brawl simulate --policy`` and the server's ``simulate`` method take it: a
registered name (both), ``module:function`` (the command line only: the server never imports
what a client names)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import brawl
from brawl.__main__ import main
from brawl.cli import EXIT_ERROR, EXIT_OK
from brawl.server.protocol import INVALID_PARAMS, RULES_ERROR, Server

CLIFF = str(brawl.bundled_scenario("cliff"))

MY_POLICY = """
from brawl.policy import greedy

CALLS = []


def cautious(state, options):
    CALLS.append(len(options))
    return greedy(state, options)
"""


def run_json(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    code = main(["simulate", CLIFF, "--runs", "2", "--quiet", "--json", *extra])
    assert code == EXIT_OK
    printed: dict[str, Any] = json.loads(capsys.readouterr().out)
    return printed


def test_the_cli_plays_the_policy_named(capsys: pytest.CaptureFixture[str]) -> None:
    """``--policy greedy`` is simulate's summary under greedy; the default is tactical."""
    start = brawl.load_scenario(CLIFF)
    printed = run_json(capsys, "--policy", "greedy")
    assert printed["policy"] == "greedy"
    want = json.loads(json.dumps(brawl.simulate(start, runs=2, policy="greedy").to_dict()))
    assert {k: printed[k] for k in want} == want
    printed = run_json(capsys)
    assert printed["policy"] == "tactical"
    assert printed["endings"] == dict(brawl.simulate(start, runs=2).endings)


def test_the_cli_imports_a_users_policy(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--policy module:function`` imports the user's own policy and plays it."""
    (tmp_path / "mypolicies_cli.py").write_text(MY_POLICY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    printed = run_json(capsys, "--policy", "mypolicies_cli:cautious")
    assert printed["policy"] == "mypolicies_cli:cautious"
    assert sys.modules["mypolicies_cli"].CALLS
    want = brawl.simulate(brawl.load_scenario(CLIFF), runs=2, policy="greedy")
    assert printed["wins"] == {side: want.wins.get(side, 0) for side in want.every_side()}


def test_the_cli_refuses_an_unknown_policy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", CLIFF, "--runs", "1", "--quiet", "--policy", "clever"]) == EXIT_ERROR
    assert "one of tactical, greedy, random" in capsys.readouterr().err
    assert main(["simulate", CLIFF, "--runs", "1", "--quiet", "--policy", "nowhere_at_all:p"]) == EXIT_ERROR
    assert "cannot load" in capsys.readouterr().err


def rpc(params: dict[str, Any]) -> dict[str, Any]:
    reply = Server().handle(json.dumps({"jsonrpc": "2.0", "method": "simulate", "id": 1, "params": params}))
    assert reply is not None
    response: dict[str, Any] = json.loads(reply)
    return response


def test_the_server_plays_a_registered_policy_by_name() -> None:
    """``policy``: a registered name; the result counts how the fights ended."""
    start = brawl.load_scenario(CLIFF)
    state = json.loads(brawl.to_json(start))
    for name in ("greedy", "tactical", None):
        params = {"state": state, "runs": 2, "seed": 1} | ({"policy": name} if name else {})
        got = rpc(params)["result"]
        want = brawl.simulate(start, runs=2, seed=1, policy=name or "tactical")
        assert got["wins"] == dict(sorted(want.wins.items()))
        assert got["endings"] == dict(want.endings)


def test_the_server_never_imports_what_a_client_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``module:function`` is refused by name, and nothing is imported."""
    state = json.loads(brawl.to_json(brawl.load_scenario(CLIFF)))
    before = set(sys.modules)
    err = rpc({"state": state, "runs": 1, "policy": "antigravity:fly"})["error"]
    assert err["code"] == RULES_ERROR
    assert "one of tactical, greedy, random" in err["data"]["message"]
    assert "antigravity" not in sys.modules
    assert set(sys.modules) - before == set()
    assert rpc({"state": state, "runs": 1, "policy": 3})["error"]["code"] == INVALID_PARAMS
