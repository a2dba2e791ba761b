"""The commands ``brawl --version``, ``show`` (bundled names, levels), ``legal``, ``apply``, ``explain``,
``--json`` output, exit statuses, and a quiet end when the output pipe closes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import brawl
from brawl import actions as A
from brawl.__main__ import EXIT_ERROR, EXIT_OK, EXIT_PIPE, EXIT_REFUSED, SUBCOMMANDS, main
from brawl.cli import chosen_level

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def combat(tmp_path: Path) -> Path:
    """A JSON save of the bridge in round 1, the heroes to act."""
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    enc, _ = brawl.apply(enc, A.StartCombat(first_side="heroes"))
    path = tmp_path / "state.json"
    path.write_text(brawl.to_json(enc), encoding="utf-8")
    return path


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"brawl {brawl.__version__}\n"


def test_the_usage_line_says_brawl_even_under_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "brawl"], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert done.returncode == EXIT_ERROR
    assert done.stderr.startswith("usage: brawl ")


def test_every_command_is_listed_once() -> None:
    names = [s.name for s in SUBCOMMANDS]
    assert names == sorted(set(names), key=names.index)
    assert {"demo", "show", "legal", "apply", "explain", "serve"} <= set(names)


# --- show ------------------------------------------------------------------------------------------------
def test_show_takes_a_bundled_scenarios_name(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "bridge")
    assert status == EXIT_OK
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    assert out == brawl.render_text(enc) + "\n"


def test_show_chooses_a_level_with_creatures_and_lists_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(brawl.to_json(brawl.load_scenario(brawl.bundled_scenario("cliff"))))
    data["creatures"] = [c for c in data["creatures"] if c["id"] in ("kira", "dain", "raider-1")]
    data["creatures"][2]["pos"] = [10, 2, 0]
    path = tmp_path / "top.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    enc = brawl.from_json(json.dumps(data))
    assert chosen_level(enc) == 0
    data["creatures"] = data["creatures"][:2]  # only the heroes on the cliff top, level 4
    path.write_text(json.dumps(data), encoding="utf-8")
    enc = brawl.from_json(json.dumps(data))
    assert chosen_level(enc) == 4
    status, out, _ = run(capsys, "show", str(path))
    assert status == EXIT_OK
    assert out == brawl.render_text(enc, z=4) + "\n"
    status, out, _ = run(capsys, "show", str(path), "--z", "0")
    assert out.endswith("on other levels than 0:\n  kira at (3, 1, 4) (z 4)\n  dain at (6, 1, 4) (z 4)\n")


def test_show_json_prints_the_save(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "tavern", "--json")
    assert status == EXIT_OK
    assert out == brawl.to_json(brawl.load_scenario(brawl.bundled_scenario("tavern")))


def test_an_unknown_name_lists_the_bundled_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "show", "no-such-place")
    assert status == EXIT_ERROR
    bundled = "bridge, cliff, tavern, warband, zone_ambush"
    assert err == f"error: no-such-place: no such file, and no bundled scenario of that name ({bundled})\n"


# --- legal, apply, explain -------------------------------------------------------------------------------
def test_legal_prints_one_action_a_line_as_json(combat: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "legal", str(combat))
    assert status == EXIT_OK
    lines = out.splitlines()
    enc = brawl.from_json(combat.read_text(encoding="utf-8"))
    want = brawl.legal_actions(enc)
    assert [json.loads(line) for line in lines] == json.loads(brawl.actions_to_json(want))["actions"]
    status, out, _ = run(capsys, "legal", str(combat), "--json", "--creature", "talia")
    assert brawl.actions_from_json(out) == tuple(brawl.legal_actions(enc, creature="talia"))


def test_apply_an_inline_action_and_save_the_new_state(
    combat: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "next.json"
    status, out, _ = run(
        capsys, "apply", str(combat), '{"class": "StartTurn", "creature": "kira"}', "--out", str(saved)
    )
    assert status == EXIT_OK
    enc = brawl.from_json(combat.read_text(encoding="utf-8"))
    want = brawl.apply(enc, A.StartTurn("kira"))
    assert out == brawl.explain(want.events, rules=False) + "\n" == "kira (heroes) starts a turn in round 1\n"
    assert brawl.from_json(saved.read_text(encoding="utf-8")) == want.state


def test_apply_an_action_file_or_a_log_with_json_output(
    combat: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "log.json"
    fight = [A.StartTurn("kira"), A.EndTurn()]
    log.write_text(brawl.actions_to_json(fight), encoding="utf-8")
    status, out, _ = run(capsys, "apply", str(combat), str(log), "--json")
    assert status == EXIT_OK
    got = json.loads(out)
    enc = brawl.from_json(combat.read_text(encoding="utf-8"))
    want = brawl.replay(enc, fight)
    assert brawl.from_json(json.dumps(got["state"])) == want.state
    assert [e["explain"] for e in got["events"]] == [e.explain() for e in want.events]
    result = tmp_path / "result.json"
    result.write_text(out, encoding="utf-8")
    status, out, _ = run(capsys, "explain", str(result))
    assert out == brawl.explain(want.events, rules=False) + "\n"
    status, out, _ = run(capsys, "explain", str(result), "--rules")
    assert out == brawl.explain(want.events) + "\n"
    assert "(DS-SIDE-07)" in out


def test_apply_reads_the_action_from_standard_input(
    combat: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"class": "StartTurn", "creature": "talia"}'))
    status, out, _ = run(capsys, "apply", str(combat), "-")
    assert status == EXIT_OK
    assert "talia (heroes) starts a turn" in out


def test_an_illegal_action_exits_1_with_the_rule(combat: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "apply", str(combat), '{"class": "EndTurn"}')
    assert (status, out) == (EXIT_REFUSED, "")
    assert err.startswith("error: ")
    assert "DS-SIDE-08" in err
    status, _, err = run(capsys, "apply", str(combat), '{"class": "EndTurn"}', "--json")
    data = json.loads(err)["error"]
    assert data["class"] == "TurnOrderError"
    assert data["rules"] == ["DS-SIDE-08"]


def test_a_malformed_action_exits_2_naming_its_field(
    combat: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "apply", str(combat), '{"class": "StartTurn", "creature": 3}')
    assert status == EXIT_ERROR
    assert "creature" in err
    assert "Traceback" not in err


def test_explain_an_event_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    _, events = brawl.damage(enc, "ogre", 12, type="fire")
    path = tmp_path / "events.json"
    old = json.loads(brawl.events_to_json(events))
    for e in old["events"]:
        del e["explain"]  # a log written before events carried their line
    path.write_text(json.dumps(old), encoding="utf-8")
    status, out, _ = run(capsys, "explain", str(path), "--rules")
    assert (status, out) == (EXIT_OK, brawl.explain(events) + "\n")
    status, out, _ = run(capsys, "explain", str(path))
    assert (status, out) == (EXIT_OK, "ogre takes 12 fire → 12 Stamina lost, 60 → 48\n")
    status, out, _ = run(capsys, "explain", str(path), "--json")
    assert out == brawl.events_to_json(events)


def test_json_errors_are_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "events.json"
    path.write_text('{"schema": 1, "events": [{"class": "Nope"}]}', encoding="utf-8")
    status, _, err = run(capsys, "explain", str(path), "--json")
    assert status == EXIT_ERROR
    data = json.loads(err)["error"]
    assert (data["class"], data["field"]) == ("ScenarioError", "events[0]")


# --- pipes -----------------------------------------------------------------------------------------------
def test_a_closed_output_pipe_ends_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "brawl", "show", "cliff", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    assert proc.stderr is not None
    proc.stdout.close()  # the reader goes away before the output is written
    assert proc.wait(timeout=60) == EXIT_PIPE
    assert proc.stderr.read().decode() == ""


def test_show_piped_into_head() -> None:
    done = subprocess.run(
        f"'{sys.executable}' -m brawl show cliff --json | head -1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        timeout=60,
    )
    assert done.stdout == "{\n"
    assert done.stderr == ""


def test_legal_takes_the_turn_system_from_the_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    """A scenario with zones starts the zone game's combat; the others Draw Steel's."""
    status, out, _ = run(capsys, "legal", "zone_ambush")
    assert status == EXIT_OK
    assert [json.loads(line)["class"] for line in out.splitlines()] == ["StartZoneCombat"] * 2
    status, out, _ = run(capsys, "legal", "bridge")
    assert [json.loads(line)["class"] for line in out.splitlines()] == ["StartCombat"] * 2
    enc = brawl.load_scenario(brawl.bundled_scenario("zone_ambush"))
    assert brawl.legal_actions(enc) == brawl.legal_actions(enc, system="zone")
    assert brawl.legal_actions(enc, system="drawsteel") == []


def test_legal_for_no_such_creature_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "legal", "bridge", "--creature", "nobody")
    assert (status, out) == (EXIT_ERROR, "")
    assert err == "error: creature 'nobody': no such creature in this encounter\n"
    with pytest.raises(brawl.UnknownCreatureError, match="did you mean 'kira'"):
        brawl.legal_actions(brawl.load_scenario(brawl.bundled_scenario("bridge")), creature="kria")


def test_explain_of_a_state_says_it_is_a_state(combat: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "explain", str(combat))
    assert (status, out) == (EXIT_ERROR, "")
    assert err.startswith(f"error: {combat}: this is a state (a JSON save), not an event log: brawl show")
