"""The benchmark scripts are scripts anyone can run: short runs of them, end to end."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # end-to-end runs of the scripts: `pytest -m slow` runs them

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "bench_fights.py"


def test_bench_fights_runs_and_measures_each_source_it_can(tmp_path: Path) -> None:
    """One fight a measurement: the tables of the fights, of the fights with abilities, of the
    pool and of the parts of a fight are printed, with a row per ``--before`` source. A source
    whose checkout has no stat blocks beside it (an older layout) is measured on the free-strike
    fights and left out of the fights with abilities, instead of failing the run."""
    bare = tmp_path / "src"
    bare.mkdir()
    (bare / "brawl").symlink_to(ROOT / "src" / "brawl", target_is_directory=True)
    run = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            *("--fights", "1", "--repeat", "1", "--workers", "1", "--before-fights", "1"),
            *("--before", f"bare={bare}", "--before", f"checkout={ROOT / 'src'}"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    fights, rest = out.split("With abilities:", 1)
    abilities, rest = rest.split("Scale:", 1)
    assert "| bare |" in fights
    assert "| checkout |" in fights
    assert "| greedy on lazy options (default) |" in fights
    assert "Target as a ratio: 60x bare:" in fights
    assert "| checkout |" in abilities
    assert "| bare |" not in abilities
    assert "| 1 worker processes |" in rest
    assert "Per fight (" in rest
    assert "By the kind of action chosen" in rest
    assert "| TakeAction(FreeStrike) |" in rest


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="counting instructions needs valgrind")
def test_bench_instructions_counts_a_fight() -> None:
    """One fight of a small scenario counted under valgrind: a table of instructions per fight,
    millions of them (a whole fight, the program's start-up taken off), the first row the base
    of the ratios."""
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_instructions.py"),
            *("--fights", "1", "--scenario", str(ROOT / "examples" / "scenarios" / "bridge.toml")),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "Instructions per fight: bridge.toml, seeds 1 to 1" in run.stdout
    rows = re.findall(r"^\| (.+) \| ([\d,.]+)M \| ([\d.]+)x \|$", run.stdout, re.MULTILINE)
    assert [(label, ratio) for label, _, ratio in rows] == [("this checkout", "1.000")]
    assert 1.0 < float(rows[0][1].replace(",", "")) < 1000.0


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="counting instructions needs valgrind")
def test_bench_step_counts_a_step() -> None:
    """Two steps of the random walk counted under valgrind: a table of thousands of instructions
    per step (the program's start-up and warm-up taken off), the first row the base of the
    ratios, and the walk's digest reported."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_step.py"), "--steps", "2"],
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "four_vs_six.toml" in run.stdout
    rows = re.findall(r"^\| (.+) \| ([\d,]+)k \| ([\d.]+)x \|$", run.stdout, re.MULTILINE)
    assert [(label, ratio) for label, _, ratio in rows] == [("this checkout", "1.000")]
    assert 10.0 < float(rows[0][1].replace(",", "")) < 1_000_000.0
    assert "Every source walked the same way" in run.stdout
