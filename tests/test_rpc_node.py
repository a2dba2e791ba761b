"""The Node example drives ``brawl serve`` over stdio and plays two rounds (run when ``node`` is present)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "node" / "play.mjs"
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_node_example_plays_two_rounds_over_stdio() -> None:
    assert NODE is not None
    env = {**os.environ, "BRAWL_PYTHON": sys.executable}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH")) if p)
    done = subprocess.run(
        [NODE, str(EXAMPLE)], capture_output=True, text=True, timeout=300, env=env, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("brawl ")
    assert "combat starts (drawsteel)" in out
    assert "refused: TurnOrderError DS-SIDE-08" in out
    assert "round 2 begins" in out
    assert "round 3 begins" in out
    assert "after round 2 (now round 3):" in out
    assert "free strike" in out
    assert "Traceback" not in done.stderr


def test_the_node_example_exists_and_uses_no_package() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    imports = [line for line in text.splitlines() if line.startswith("import ")]
    assert imports
    assert all('from "node:' in line for line in imports)
