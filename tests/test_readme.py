"""The README's example runs and prints what the README says it prints."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_example_runs_and_prints_the_quoted_lines() -> None:
    """DS-FALL-01, DS-FALL-02, R-FALL-1: the README's fall is 12 squares, Agility 2, 20 damage."""
    code = _blocks("python")[0]
    assert len(code.strip().splitlines()) <= 15
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), {})
    printed = out.getvalue()
    for line in _blocks("text")[0].strip().splitlines():
        assert line in printed


def test_readme_has_exactly_two_commands() -> None:
    """One command installs and runs the demo, one installs and runs the tests."""
    commands = _blocks("bash")
    assert len(commands) == 2
    assert "-m brawl demo" in commands[0]
    assert "-m pytest" in commands[1]
