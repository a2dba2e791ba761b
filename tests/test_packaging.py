"""Packaging: the licence, the extras, and (when CI points ``BRAWL_WHEEL`` at a built wheel) the
wheel's contents: every module, the type marker, the bundled scenarios and the licence."""

from __future__ import annotations

import os
import tomllib
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
WHEEL = os.environ.get("BRAWL_WHEEL")


def test_the_licence_file_is_the_mit_licence_pyproject_names() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert PROJECT["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in PROJECT["classifiers"]


def test_the_extras_split_by_use() -> None:
    extras = PROJECT["optional-dependencies"]
    assert [r for r in extras["hypothesis"] if r.startswith("hypothesis")]
    assert {r.split(">")[0] for r in extras["docs"]} == {"mkdocs-material", "mkdocstrings-python"}
    assert "brawl[test,docs,hypothesis]" in extras["dev"]
    assert {"pytest>=8", "hypothesis>=6.100", "mypy>=1.10", "ruff>=0.6"} <= set(extras["test"])


def test_no_url_points_anywhere_invented() -> None:
    """There is no published home page or index yet: no URLs rather than made-up ones."""
    assert "urls" not in PROJECT


def _wheel() -> zipfile.ZipFile:
    if not WHEEL:
        pytest.skip("set BRAWL_WHEEL to a built wheel (.ci/run does)")
    return zipfile.ZipFile(WHEEL)


def test_the_wheel_holds_every_module_the_type_marker_and_the_scenarios() -> None:
    names = set(_wheel().namelist())
    modules = {p.relative_to(ROOT / "src").as_posix() for p in (ROOT / "src" / "brawl").rglob("*.py")}
    assert modules <= names, sorted(modules - names)
    assert "brawl/py.typed" in names
    scenarios = {p.name for p in (ROOT / "examples" / "scenarios").glob("*.toml")}
    assert {f"brawl/data/scenarios/{s}" for s in scenarios} <= names
    assert not [n for n in names if n.startswith(("tests/", "docs/", "benchmarks/"))]


def test_the_wheel_carries_the_licence_extras_and_classifiers() -> None:
    wheel = _wheel()
    (meta_name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    meta = HeaderParser().parsestr(wheel.read(meta_name).decode("utf-8"))
    assert meta["Name"] == "brawl"
    assert set(meta.get_all("Provides-Extra") or []) >= {"hypothesis", "docs", "dev", "test"}
    assert "Typing :: Typed" in (meta.get_all("Classifier") or [])
    licences = [n for n in wheel.namelist() if n.endswith("LICENSE") and ".dist-info/" in n]
    assert licences
    assert wheel.read(licences[0]).decode("utf-8").startswith("MIT License")
