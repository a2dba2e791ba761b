"""Scenario files: TOML with an ASCII map, a legend and tables of creatures and objects."""

from __future__ import annotations

from typing import Any

from brawl.state import Encounter


def encounter_from_ascii(text: str, **kwargs: Any) -> Encounter:
    """Build an encounter from an ASCII map (see the scenario format in the docs)."""
    raise NotImplementedError("ASCII maps are not implemented yet")
