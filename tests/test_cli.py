"""The command line: ``demo`` and ``show``, exit statuses, and errors without tracebacks."""

from __future__ import annotations

import io
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import brawl
from brawl.__main__ import EXIT_ERROR, EXIT_OK, main
from brawl.demo import SECTIONS, run_demo, section_map

ROOT = Path(__file__).resolve().parents[1]
CLIFF = str(ROOT / "examples" / "scenarios" / "cliff.toml")


def test_demo_prints_the_map_and_the_creatures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == EXIT_OK
    out = capsys.readouterr().out
    assert out.startswith("brawl demo: The bridge over the chasm\n")
    assert "#.K....    ..g.#" in out
    assert "Kira (kira, hero, heroes): size 1M, speed 5" in out


def test_demo_sections_return_the_encounter_and_their_lines() -> None:
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    same, lines = section_map(enc)
    assert same is enc
    assert lines[-1] == brawl.render_text(enc)
    assert section_map in SECTIONS


def test_demo_damage_section_changes_the_encounter_through_the_rules() -> None:
    """DS-DMG-08: 3 fire against weakness 3 takes 6 (8 → 2); the goblin is winded and prone."""
    stream = io.StringIO()
    enc = run_demo(out=stream)
    goblin = enc.creature("goblin-2")
    assert goblin.stamina == 2
    assert goblin.has("prone")
    assert "goblin-2 takes 3 fire → weakness 3 → 6" in stream.getvalue()


def test_show_a_scenario_at_a_level_and_write_an_svg(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cliff.svg"
    assert main(["show", CLIFF, "--z", "4", "--svg", str(out)]) == EXIT_OK
    assert capsys.readouterr().out.splitlines()[1] == "...K..D       "
    assert ET.parse(out).getroot().tag.endswith("svg")


def test_show_a_json_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "save.json"
    enc = brawl.load_scenario(CLIFF)
    save.write_text(brawl.to_json(enc), encoding="utf-8")
    assert main(["show", str(save)]) == EXIT_OK
    shown = capsys.readouterr().out
    assert shown == brawl.render_text(enc) + "\n"
    assert shown.endswith("\non other levels than 0:\n  kira at (3, 1, 4) (z 4)\n  dain at (6, 1, 4) (z 4)\n")


@pytest.mark.parametrize(
    ("content", "args", "words"),
    [
        (None, [], "no such file, and no bundled scenario of that name"),
        ("[[levels]]\nmap = '?'\n", [], "line 2, column 8"),
        ('{"schema": 9}', [], "schema"),
        ("[[levels]]\nmap = '.'\n", ["--z", "50"], "z 50"),
    ],
)
def test_show_errors_exit_2_with_the_message_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, args: list[str], words: str
) -> None:
    path = tmp_path / "file.toml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["show", str(path), *args]) == EXIT_ERROR
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert words in err
    assert "Traceback" not in err


def test_show_svg_to_an_unwritable_place_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", CLIFF, "--svg", str(tmp_path / "no" / "such" / "dir.svg")]) == EXIT_ERROR
    assert "cannot write" in capsys.readouterr().err


def test_usage_errors_exit_2() -> None:
    with pytest.raises(SystemExit) as info:
        main([])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["show"])
    assert info.value.code == 2


def test_python_dash_m_brawl_runs_as_a_program(tmp_path: Path) -> None:
    ok = subprocess.run([sys.executable, "-m", "brawl", "demo"], capture_output=True, text=True, check=False)
    assert ok.returncode == 0
    assert "The creatures:" in ok.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text("x = [", encoding="utf-8")
    failed = subprocess.run(
        [sys.executable, "-m", "brawl", "show", str(bad)], capture_output=True, text=True, check=False
    )
    assert failed.returncode == 2
    assert "Traceback" not in failed.stderr
    assert "invalid TOML" in failed.stderr


def test_the_demo_says_why_a_turn_does_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """Talia lies prone at the bottom of the chasm after the push (DS-FORCE-15, DS-FALL-01)."""
    assert main(["demo"]) == EXIT_OK
    out = capsys.readouterr().out
    idle = "    talia does nothing: the greedy policy finds no enemy to strike and no move nearer to one"
    assert out.count(f"{idle} (at (7, 2, -12), prone)\n") == 2


def test_version_has_a_short_flag_and_the_demo_help_says_what_it_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for flag in ("-V", "--version"):
        with pytest.raises(SystemExit):
            main([flag])
        assert capsys.readouterr().out == f"brawl {brawl.__version__}\n"
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    assert "a scripted tour of the bridge scenario" in capsys.readouterr().out


def test_show_takes_a_zone_scenarios_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "zone_ambush"]) == EXIT_OK
    zones = brawl.load_scenario(brawl.bundled_scenario("zone_ambush"))
    assert capsys.readouterr().out == brawl.render_text(zones) + "\n"
