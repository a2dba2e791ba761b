"""The rule index (docs/rule-index.md) lists every rule ID the code can cite, each linked to a
documentation page that exists and is in the site's navigation."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INDEX = ROOT / "docs" / "rule-index.md"
RULE_ID = re.compile(r"\b(?:(?:DS|Z|I|R)-[A-Z]+(?:-[A-Z]+)?-\d+|RB\d-[A-Z]+(?:-[A-Z]+)*)\b")
ROW = re.compile(r"^\| ([A-Z0-9-]+) \| (.+) \| \[[^\]]+\]\(([\w-]+\.md)\) \|$")


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (of modules, classes, functions, fields)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for stmt in body:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                found.add(id(stmt.value))
    return found


def cited_in_code() -> dict[str, str]:
    """Rule ID → a module that cites it in a string of its code (events, errors), docstrings left out."""
    cited: dict[str, str] = {}
    for path in sorted((ROOT / "src" / "brawl").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                for rule in RULE_ID.findall(node.value):
                    cited.setdefault(rule, path.relative_to(ROOT).as_posix())
    return cited


def index_rows() -> dict[str, tuple[str, str]]:
    rows: dict[str, tuple[str, str]] = {}
    for line in INDEX.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            assert m.group(1) not in rows, f"{m.group(1)} is listed twice"
            rows[m.group(1)] = (m.group(2), m.group(3))
    return rows


def test_the_code_cites_rules_at_all() -> None:
    cited = cited_in_code()
    assert len(cited) > 200
    assert {"DS-FALL-01", "R-FALL-1", "RB3-EDGES", "Z-TURN-02", "I-INIT-02"} <= set(cited)


def test_every_rule_id_the_code_cites_is_in_the_index() -> None:
    missing = {rule: where for rule, where in cited_in_code().items() if rule not in index_rows()}
    assert not missing, f"add these rule IDs to docs/rule-index.md: {sorted(missing.items())}"


def test_each_entry_says_what_it_covers_and_links_a_page_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    rows = index_rows()
    assert len(rows) >= len(cited_in_code())
    for rule, (title, page) in rows.items():
        assert title.strip(), rule
        assert (ROOT / "docs" / page).is_file(), (rule, page)
        assert page in nav, (rule, page)


def test_rulings_point_to_the_rulings_page_where_each_has_its_reason() -> None:
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    for rule, (_, page) in index_rows().items():
        if rule.startswith("R-"):
            assert page == "rulings.md", rule
            assert rule in rulings, rule
