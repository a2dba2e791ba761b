"""The stat blocks a scenario's creatures may name, and the creature fields a stat block gives.

A scenario's ``statblocks`` key lists stat block files (relative to the scenario); a creature's
``statblock`` key names one of their stat blocks, or one shipped with brawl. The creature's table
is the stat block's fields with the table's own keys set on top.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import attrs

from brawl.creature import Creature
from brawl.errors import ScenarioError
from brawl.io.json import unstructure
from brawl.io.scenariofields import Where, kind
from brawl.statblocks.load import StatBlockFile, bundled_statblocks, find_statblock, load_statblocks
from brawl.statblocks.model import HeroSheet, StatBlock

STATBLOCK_FIELDS = (
    "name",
    "side",
    "hero",
    "size",
    "speed",
    "movement",
    "stability",
    "characteristics",
    "stamina_max",
    "recoveries",
    "immunities",
    "weaknesses",
    "level",
    "solo",
    "abilities",
)
"""The creature fields a stat block or hero sheet sets; a creature's table may set any of them again."""


class StatBlockLibrary:
    """The stat blocks a scenario's creatures may name: its ``statblocks`` files, then brawl's own."""

    def __init__(self, paths: Any, where: Where, base: str | os.PathLike[str] | None) -> None:
        if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
            raise where.fail(f"expected an array of file names, got {kind(paths)}", "statblocks")
        self.where = where
        self.files: list[StatBlockFile] = []
        folder = Path(base) if base is not None else Path()
        for i, name in enumerate(paths):
            try:
                self.files.append(load_statblocks(folder / name))
            except ScenarioError as exc:
                raise where.fail(str(exc), f"statblocks[{i}]") from None
        self.bundled: StatBlockFile | None = None

    def find(self, name: str) -> StatBlock | HeroSheet | None:
        found = find_statblock(name, self.files)
        if found is None:
            if self.bundled is None:
                self.bundled = bundled_statblocks()
            found = self.bundled.get(name)
        return found

    def fill(self, row: dict[str, Any], field: str) -> dict[str, Any]:
        """The row with the fields of the stat block it names; the row's own keys win."""
        if "statblock" not in row:
            return row
        body = dict(row)
        name = body.pop("statblock")
        if not isinstance(name, str):
            raise self.where.fail(f"expected a stat block's name, got {kind(name)}", f"{field}.statblock")
        block = self.find(name)
        if block is None:
            known = sorted({b.key for f in self.files for b in f.blocks})
            if self.bundled is not None:
                known += sorted(b.key for b in self.bundled.blocks)
            raise self.where.fail(
                f"no stat block named {name!r} (known: {', '.join(known)})", f"{field}.statblock"
            )
        return {**statblock_fields(block), **body}


def statblock_fields(block: StatBlock | HeroSheet) -> dict[str, Any]:
    """The fields a stat block gives a creature, as a scenario's creature table would write them."""
    made = block.creature("statblock")
    names = STATBLOCK_FIELDS
    fields_of = {a.name: a for a in attrs.fields(Creature)}
    return {n: unstructure(getattr(made, n), fields_of[n].type) for n in names}


__all__ = ["STATBLOCK_FIELDS", "StatBlockLibrary", "statblock_fields"]
