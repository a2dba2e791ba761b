"""The stat blocks a scenario's creatures may name, and the creature fields a stat block gives.

A scenario's ``statblocks`` key lists stat block files; a creature's ``statblock`` key names one
of their stat blocks, or one shipped with brawl. The creature's table is the stat block's fields
with the table's own keys set on top.

Where the ``statblocks`` names are found is the caller's to say. By default (a local user
loading their own files) a name is a path relative to the scenario's folder, as the file system
finds it. A caller that reads scenarios on someone else's behalf, such as ``brawl serve``, passes
:class:`StatBlockSources`: texts given inline by name, then files strictly inside the folders it
chose, and nothing else; an absolute path, a ``..`` or a symbolic link leading out of those
folders is never followed, and the error for a name not served says nothing of the files that do
or do not exist.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path, PureWindowsPath
from typing import Any

import attrs
import immutables

from brawl.creature import Creature
from brawl.errors import ArgumentTypeError, ScenarioError
from brawl.io.files import read_text_bounded
from brawl.io.json import unstructure
from brawl.io.scenariofields import Where, kind
from brawl.statblocks.load import MAX_FILE_BYTES, bundled_statblocks, load_statblocks, loads_statblocks
from brawl.statblocks.model import HeroSheet, StatBlock, slug
from brawl.statblocks.report import StatBlockFile, ambiguous

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
    "minion",
    "with_captain",
    "end_effect",
    "hero_class",
    "null_field",
)
"""The creature fields a stat block or hero sheet sets; a creature's table may set any of them again."""


def _texts(value: Any) -> immutables.Map[str, str]:
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise ArgumentTypeError(f"StatBlockSources(texts={value!r:.60}): a mapping of name to text", rule=())
    return immutables.Map(value)


def _folders(value: Any) -> tuple[str, ...]:
    if isinstance(value, str | bytes | os.PathLike) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"StatBlockSources(folders={value!r:.60}): a sequence of folders", rule=())
    folders = tuple(value)
    if not all(isinstance(f, str | os.PathLike) for f in folders):
        raise ArgumentTypeError(f"StatBlockSources(folders={value!r:.60}): each a path", rule=())
    return tuple(os.path.realpath(f) for f in folders)


def _refused_name(name: str) -> str | None:
    """Why a name is never looked up in a folder, from the name alone (no file is touched)."""
    if not name or "\0" in name:
        return "an empty name, or one holding a NUL character, names no file"
    if name.startswith(("/", "\\")) or PureWindowsPath(name).drive:
        return "an absolute path is never looked up: name a file inside the stat block folders served"
    if ".." in name.replace("\\", "/").split("/"):
        return "a name holding '..' is never looked up: name a file inside the stat block folders served"
    return None


@attrs.frozen
class StatBlockSources:
    """Where a scenario's ``statblocks = [...]`` names are found, when the caller decides it.

    A name is first looked up in ``texts`` (file text by name, its format told from the name's
    extension and the text, as :func:`~brawl.statblocks.load.loads_statblocks` does), then as a
    regular file strictly inside each of ``folders`` in turn (its real path, symbolic links
    resolved, must lie inside the folder's). Nothing else is ever opened. A name found nowhere
    is refused without saying whether any file of that name exists.
    """

    texts: immutables.Map[str, str] = attrs.field(factory=immutables.Map, converter=_texts)
    """Stat block file texts given inline, by the name the scenario uses."""
    folders: tuple[str, ...] = attrs.field(default=(), converter=_folders)
    """Folders whose files may be named (relative to the folder), as real paths."""

    def load(self, name: str) -> StatBlockFile:
        """The stat blocks a name stands for: its inline text, or its file inside a folder."""
        if name in self.texts:
            return loads_statblocks(self.texts[name], source=name)
        refused = _refused_name(name)
        if refused is not None:
            raise ScenarioError(refused, source=name)
        for folder in self.folders:
            path = self._inside(folder, name)
            if path is not None:
                text = read_text_bounded(path, MAX_FILE_BYTES, source=name, encoding="utf-8-sig")
                return loads_statblocks(text, source=name)
        inline = ", ".join(repr(n) for n in sorted(self.texts)) or "none"
        raise ScenarioError(
            "not a stat block file served here: give its text inline (the inline stat blocks are: "
            f"{inline}), or name a file inside the stat block folders the operator gave, "
            "which are the only ones searched",
            source=name,
        )

    @staticmethod
    def _inside(folder: str, name: str) -> str | None:
        """The real path of a regular file ``name`` inside ``folder``, or None."""
        try:
            path = os.path.realpath(os.path.join(folder, name))
            if os.path.commonpath([folder, path]) != folder:  # a link led out, or another drive
                return None
            return path if stat.S_ISREG(os.stat(path).st_mode) else None
        except (OSError, ValueError):
            return None


class StatBlockLibrary:
    """The stat blocks a scenario's creatures may name: its ``statblocks`` files, then brawl's own.

    The names are found by ``sources`` when given (see :class:`StatBlockSources`), else as paths
    relative to ``base`` (default: the current folder).
    """

    def __init__(
        self,
        paths: Any,
        where: Where,
        base: str | os.PathLike[str] | None,
        sources: StatBlockSources | None = None,
    ) -> None:
        if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
            raise where.fail(f"expected an array of file names, got {kind(paths)}", "statblocks")
        self.where = where
        self.files: list[StatBlockFile] = []
        folder = Path(base) if base is not None else Path()
        for i, name in enumerate(paths):
            try:
                self.files.append(load_statblocks(folder / name) if sources is None else sources.load(name))
            except ScenarioError as exc:
                raise where.fail(str(exc), f"statblocks[{i}]") from None
        self.bundled: StatBlockFile | None = None

    def find(self, name: str) -> StatBlock | HeroSheet | None:
        """The stat block a name or id stands for, in the scenario's files or brawl's own.

        A name that stat blocks of two sources answer to (an imported ``"MARA"`` and the bundled
        hero ``mara``) is an error naming both: the scenario names one by its id
        (``heroes:mara``, ``bundled:mara``). An imported stat block never replaces a bundled one.
        """
        if self.bundled is None:
            self.bundled = bundled_statblocks()
        found = [hit for file in (*self.files, self.bundled) for hit in file.find_all(name)]
        if len(found) > 1:
            raise ambiguous(name, found)
        return found[0][2] if found else None

    def fill(self, row: dict[str, Any], field: str) -> dict[str, Any]:
        """The row with the fields of the stat block it names; the row's own keys win."""
        if "statblock" not in row:
            return row
        body = dict(row)
        name = body.pop("statblock")
        if not isinstance(name, str):
            raise self.where.fail(f"expected a stat block's name, got {kind(name)}", f"{field}.statblock")
        try:
            block = self.find(name)
        except ScenarioError as exc:
            raise self.where.fail(exc.reason, f"{field}.statblock") from None
        if block is None:
            known = sorted({b.key for f in self.files for b in f.blocks})
            if self.bundled is not None:
                known += sorted(b.key for b in self.bundled.blocks)
            unread = [
                p for f in self.files for p in f.failed if p.statblock and slug(p.statblock) == slug(name)
            ]
            why = f"; {unread[0]}" if unread else ""
            raise self.where.fail(
                f"no stat block named {name!r} (known: {', '.join(known)}){why}", f"{field}.statblock"
            )
        return {**statblock_fields(block), **body}


def statblock_fields(block: StatBlock | HeroSheet) -> dict[str, Any]:
    """The fields a stat block gives a creature, as a scenario's creature table would write them."""
    made = block.creature("statblock")
    names = STATBLOCK_FIELDS
    fields_of = {a.name: a for a in attrs.fields(Creature)}
    return {n: unstructure(getattr(made, n), fields_of[n].type) for n in names}


__all__ = ["STATBLOCK_FIELDS", "StatBlockLibrary", "StatBlockSources", "statblock_fields"]
