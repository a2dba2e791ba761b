"""The shape of the rules pages (the Rules section of mkdocs.yml's nav, turn order included): each
opens, right after its title and introduction, with a short console example of the plain everyday
use, and the input lines of every console example fit the project's line length, as the code does
(ruff formats both to it)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
OPENING_WITHIN = 15  # lines after the title: the title, an introduction paragraph, then the example
OPENING_INPUT_LINES = 8  # about five: build a tiny encounter, call the verb, show the result
WIDTH: int = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"][
    "line-length"
]
PROMPT = ">>> "
FENCE = re.compile(r"^```(\w*)\s*$")
SECTIONS = ("Rules", "Turns")


def _pages(entries: object) -> list[str]:
    """Every page file under a nav entry, in order."""
    if isinstance(entries, str):
        return [entries]
    if isinstance(entries, list):
        return [page for entry in entries for page in _pages(entry)]
    if isinstance(entries, dict):
        return [page for value in entries.values() for page in _pages(value)]
    return []


def rules_pages() -> list[str]:
    """The pages of the nav sections on rules and turns."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    found: list[str] = []
    for entry in config["nav"]:
        if isinstance(entry, dict):
            for title, value in entry.items():
                if title in SECTIONS:
                    found += _pages(value)
    return found


def code_blocks(text: str) -> list[tuple[int, str, list[str]]]:
    """(index of the opening fence line, language, the lines inside) of each fenced block."""
    blocks: list[tuple[int, str, list[str]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m and lines[i] != "```":
            end = lines.index("```", i + 1)
            blocks.append((i, m.group(1), lines[i + 1 : end]))
            i = end + 1
        else:
            i += 1
    return blocks


def input_lines(language: str, body: list[str]) -> list[str]:
    """The lines a reader types: the prompts of a console block, every line of any other code."""
    if language == "pycon":
        return [line for line in body if line.startswith((">>>", "..."))]
    return [line for line in body if line.strip()]


PAGES = rules_pages()


def test_the_rules_section_lists_the_rules_pages() -> None:
    assert len(PAGES) >= 12
    assert {"forced-movement.md", "movement.md", "turns.md", "zone.md", "abilities.md"} <= set(PAGES)


def test_code_blocks_are_found_with_their_language_and_input() -> None:
    text = (
        "# T\n\nIntro.\n\n```pycon\n>>> a = (\n...     1\n... )\n>>> a\n1\n\n```\n"
        + "\n```python\nx = 1\n```\n"
    )
    (first, language, body), (second, other, code) = code_blocks(text)
    assert (first, language, second, other) == (4, "pycon", 13, "python")
    assert input_lines(language, body) == [">>> a = (", "...     1", "... )", ">>> a"]
    assert input_lines(other, code) == ["x = 1"]


@pytest.mark.parametrize("page", PAGES)
def test_a_rules_page_opens_with_the_plain_use(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    lines = text.splitlines()
    title = next(i for i, line in enumerate(lines) if line.startswith("# "))
    blocks = code_blocks(text)
    assert blocks, f"{page}: no code example"
    start, language, body = blocks[0]
    assert start - title <= OPENING_WITHIN, (
        f"{page}: the first example starts {start - title} lines after the title, past {OPENING_WITHIN}"
    )
    assert language == "pycon", f"{page}: the first example is {language!r}, not a console example that runs"
    typed = input_lines(language, body)
    assert 0 < len(typed) <= OPENING_INPUT_LINES, (
        f"{page}: the first example has {len(typed)} input lines, more than {OPENING_INPUT_LINES}"
    )


@pytest.mark.parametrize("page", PAGES)
def test_console_input_lines_fit_the_column(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    long = [  # the code after its prompt (">>> ", "... "), as ruff measures it
        f"{page}:{start + 2 + k}: {len(line) - len(PROMPT)} characters"
        for start, language, body in code_blocks(text)
        if language == "pycon"
        for k, line in enumerate(body)
        if line.startswith((">>>", "...")) and len(line) - len(PROMPT) > WIDTH
    ]
    assert not long, f"input lines longer than {WIDTH}: {long}"
