"""The whole-fight benchmark is a script anyone can run: a short run of it, end to end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
