"""The documentation's set-up: the API pages render modules that exist, console examples are
marked so the copy button leaves their prompts out, and the Sphinx roles of docstrings become
cross-reference links (docs/hooks/sphinx_roles.py)."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import griffe
import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _extension() -> type[griffe.Extension]:
    spec = importlib.util.spec_from_file_location("sphinx_roles", DOCS / "hooks" / "sphinx_roles.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kind: type[griffe.Extension] = module.SphinxRoles
    return kind


@pytest.fixture(scope="module")
def package() -> griffe.Module:
    loaded = griffe.load("brawl", search_paths=[ROOT / "src"], extensions=griffe.Extensions(_extension()()))
    assert isinstance(loaded, griffe.Module)
    return loaded


def test_each_api_page_renders_modules_that_exist() -> None:
    pages = sorted(DOCS.glob("api*.md"))
    assert len(pages) >= 6  # an overview and a page per area
    rendered = [m for page in pages for m in re.findall(r"^::: ([\w.]+)$", page.read_text(), flags=re.M)]
    assert len(rendered) == len(set(rendered)), "a module is rendered twice"
    for name in rendered:
        importlib.import_module(name)
    assert {"brawl.state", "brawl.rules.damage", "brawl.zone.game", "brawl.io.json", "brawl.sim"} <= set(
        rendered
    )


def test_console_examples_are_marked_so_their_prompts_are_not_copied() -> None:
    for page in DOCS.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"^```python\n(.*?)^```", text, flags=re.M | re.S):
            assert not block.lstrip().startswith(">>>"), (
                f"{page.name}: a >>> example fenced as python, not pycon"
            )
    css = (DOCS / "stylesheets" / "copy.css").read_text(encoding="utf-8")
    assert "[data-md-copying] .gp" in css
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "stylesheets/copy.css" in config
    assert "content.code.copy" in config


def test_roles_become_links_to_shown_objects(package: griffe.Module) -> None:
    strike = package["rules.strikes.FreeStrike"].docstring
    assert strike is not None
    assert "[`Damage`][brawl.rules.damage.Damage]" in strike.value
    assert "[`brawl.rules.edges.edge`][brawl.rules.edges.edge]" in strike.value
    attack = package["rules.strikes.OpportunityAttack"].docstring
    assert attack is not None
    assert "[`FreeStrike`][brawl.rules.strikes.FreeStrike]" in attack.value
    assert ":func:" not in strike.value
    assert ":class:" not in strike.value


def test_a_tilde_shows_the_last_part_and_unknown_names_stay_code(package: griffe.Module) -> None:
    everything = [o for o in _objects(package) if o.docstring is not None]
    texts = [o.docstring.value for o in everything if o.docstring is not None]
    assert not [t for t in texts if re.search(r":(class|func|meth|mod|attr|data|exc):`", t)]
    assert any("[`ArgumentTypeError`][brawl.errors.ArgumentTypeError]" in t for t in texts)


def _objects(obj: griffe.Object) -> list[griffe.Object]:
    found = [obj]
    for member in obj.members.values():
        if not member.is_alias:
            found += _objects(member)  # type: ignore[arg-type]
    return found
