"""``brawl simulate``: the summary as text or JSON, the progress bar, the chart, and errors."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import brawl
from brawl.__main__ import main
from brawl.cli import EXIT_ERROR, EXIT_OK
from brawl.simcli import report

ROOT = Path(__file__).resolve().parents[1]
HALL = str(ROOT / "benchmarks" / "four_vs_six.toml")
BRIDGE = str(ROOT / "examples" / "scenarios" / "bridge.toml")


def test_json_is_the_summary_of_the_same_fights(capsys: pytest.CaptureFixture[str]) -> None:
    """``--json``: the settings and :meth:`Summary.to_dict` of ``brawl.simulate`` with the same seed."""
    assert main(["simulate", BRIDGE, "--runs", "3", "--seed", "4", "--max-rounds", "6", "--json"]) == EXIT_OK
    captured = capsys.readouterr()
    printed = json.loads(captured.out)
    expected = brawl.simulate(brawl.load_scenario(BRIDGE), runs=3, seed=4, max_rounds=6).to_dict()
    assert {k: printed[k] for k in expected} == json.loads(json.dumps(expected))
    assert (printed["seed"], printed["max_rounds"]) == (4, 6)
    assert "fights/s" in captured.err  # the bar and the rate go to stderr


def test_text_has_win_rates_rounds_and_survival(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", HALL, "--runs", "4", "--workers", "2", "--quiet"]) == EXIT_OK
    out = capsys.readouterr().out
    summary = brawl.simulate(brawl.load_scenario(HALL), runs=4)
    assert out.strip() == report(summary, "Four against six")
    assert "Win rate (95% Wilson interval):" in out
    assert f"Rounds: mean {summary.mean_rounds:.2f}" in out
    for cid, _ in summary.survival:
        assert f"  {cid} " in out


def test_report_lines() -> None:
    """The text of a known summary: each side's rate and interval, the histogram bars, survival."""
    start = brawl.load_scenario(BRIDGE)
    sides = tuple(dict.fromkeys(c.side for c in start.creature_list()))
    results = [brawl.sim.FightResult(i, sides[0] if i < 3 else None, 2 + i % 2, ()) for i in range(4)]
    text = report(brawl.sim.Summary.of(start, results), "Bridge")
    assert text.splitlines()[0] == "Bridge: 4 fights"
    assert f"  {sides[0]}" in text
    assert " 75.0%  [ 30.1% ..  95.4%]  3 of 4" in text  # Wilson 3/4: 0.3006, 0.9544
    assert "     2 | " + "#" * 40 + " 2" in text
    assert "undecided   25.0%  1" in text


def test_plot_writes_an_svg_chart(tmp_path: Path) -> None:
    out = tmp_path / "results.svg"
    assert (
        main(["simulate", BRIDGE, "--runs", "2", "--max-rounds", "3", "--quiet", "--plot", str(out)])
        == EXIT_OK
    )
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")
    assert "Win rate" in out.read_text(encoding="utf-8")


def test_errors_exit_2_without_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nope.toml")
    assert main(["simulate", missing, "--quiet"]) == EXIT_ERROR
    assert capsys.readouterr().err.startswith("error: ")
    assert main(["simulate", BRIDGE, "--runs", "0", "--quiet"]) == EXIT_ERROR
    assert "runs" in capsys.readouterr().err
    assert main(["simulate", BRIDGE, "--workers", "0", "--quiet"]) == EXIT_ERROR
    assert "workers" in capsys.readouterr().err
    assert main(["simulate", BRIDGE, "--runs", "0", "--json"]) == EXIT_ERROR
    assert '"error"' in capsys.readouterr().err  # with --json, the error is JSON too


def test_a_bundled_scenario_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    """Like every command, ``simulate`` reads a bundled scenario by its name."""
    assert main(["simulate", "bridge", "--runs", "2", "--max-rounds", "3", "--quiet", "--json"]) == EXIT_OK
    printed = json.loads(capsys.readouterr().out)
    expected = brawl.simulate(brawl.load_scenario(BRIDGE), runs=2, max_rounds=3).to_dict()
    assert printed["scenario"] == "bridge"
    assert printed["wins"] == expected["wins"]
    assert printed["rounds"] == json.loads(json.dumps(expected["rounds"]))


def test_plot_of_one_sided_results(tmp_path: Path) -> None:
    """Every fight won by one side (a rate of 100%): the chart's interval bars stay drawable."""
    start = brawl.load_scenario(BRIDGE)
    results = [brawl.sim.FightResult(i, "heroes", 2, ()) for i in range(7)]
    out = tmp_path / "one-sided.png"
    brawl.simcli.plot(brawl.sim.Summary.of(start, results), "Bridge", str(out))
    assert out.read_bytes().startswith(b"\x89PNG")


def test_a_bad_plot_target_is_refused_before_any_fight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[int] = []
    monkeypatch.setattr(brawl.simcli, "simulate", lambda *a, **k: played.append(1))
    for target, words in (
        (tmp_path / "no" / "such" / "chart.svg", "no folder"),
        (tmp_path / "chart.pdf", "written as .svg or .png"),
    ):
        assert main(["simulate", BRIDGE, "--runs", "5", "--plot", str(target)]) == EXIT_ERROR
        err = capsys.readouterr().err
        assert err.startswith("error: --plot ")
        assert words in err
    assert played == []


def test_runs_0_is_refused_before_the_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", BRIDGE, "--runs", "0"]) == EXIT_ERROR
    assert capsys.readouterr().err == "error: --runs 0: a whole number from 1 to 10000 is needed\n"


def test_json_wins_list_every_side_and_the_undecided_fights_apart(capsys: pytest.CaptureFixture[str]) -> None:
    """One round of the bridge decides nothing: every side at 0 wins, every fight undecided at 1."""
    assert main(["simulate", "bridge", "--runs", "3", "--max-rounds", "1", "--quiet", "--json"]) == EXIT_OK
    printed = json.loads(capsys.readouterr().out)
    assert printed["wins"] == {"heroes": 0, "director": 0}
    assert printed["undecided"] == 3
    assert printed["rounds"]["histogram"] == printed["rounds"]["undecided_histogram"] == {"1": 3}


def test_the_chart_and_the_report_show_the_undecided_share_and_the_capped_fights(tmp_path: Path) -> None:
    start = brawl.load_scenario(BRIDGE)
    results = [brawl.sim.FightResult(i, "heroes" if i < 2 else None, 2 if i < 3 else 4, ()) for i in range(5)]
    summary = brawl.sim.Summary.of(start, results)
    assert summary.rounds == ((2, 3), (4, 2))
    assert summary.undecided_rounds == ((2, 1), (4, 2))
    text = report(summary, "Bridge")
    assert "     2 | " + "#" * 40 + " 3 (1 undecided)" in text
    assert "     4 | " + "#" * 27 + " 2 (2 undecided)" in text
    out = tmp_path / "chart.svg"
    brawl.simcli.plot(summary, "Bridge", str(out))
    drawn = out.read_text(encoding="utf-8")
    assert drawn.count(">undecided<") == 2  # in the rounds' legend too
