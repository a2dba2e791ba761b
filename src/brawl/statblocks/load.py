"""Loading stat blocks from any format brawl reads.

:func:`load_statblocks` reads a file and tells its format from its name and content: brawl's own
TOML (``.toml``), SteelCompendium stat blocks (``.yaml``/``.yml``, or JSON with ``stamina`` and
``roles``/``ev``/``free_strike``), Foundry VTT actors and ability items (JSON with ``type`` and
``system``), and Forge Steel monsters, monster groups and encounters (JSON with ``encounterValue``,
``role: {type, organization}``, ``monsters`` or ``groups`` of ``slots``). It returns a
:class:`StatBlockFile`; :meth:`StatBlockFile.report` says, ability by ability, what was read into
the engine's records and what was kept as text for the table (:mod:`brawl.statblocks.report`);
:mod:`brawl.statblocks.lenient` leaves out the parts a fight does not need when they can't be read.
"""

from __future__ import annotations

import functools
import importlib.resources
import os
import re
from collections.abc import Callable, Iterable
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import brawl.statblocks.forgesteel as forgesteel
import brawl.statblocks.foundry as foundry
import brawl.statblocks.steelcompendium as steelcompendium
from brawl.errors import ArgumentTypeError, ScenarioError
from brawl.io.files import read_text_bounded
from brawl.io.jsontext import loads as json_loads
from brawl.io.scenariofields import Where, kind
from brawl.statblocks.lenient import Reading
from brawl.statblocks.model import HeroSheet, StatBlock
from brawl.statblocks.report import AbilityReport, LoadProblem, StatBlockFile, StatBlockReport, ability_report
from brawl.statblocks.text import MAX_DIGITS
from brawl.statblocks.tomlformat import (
    MAX_FILE,
    build_ability,
    parse_statblocks,
    read_document,
    refuse_long_numbers,
)

try:
    import yaml
except ImportError:  # pragma: no cover - the yaml extra is not installed
    yaml = None  # type: ignore[assignment]  # PyYAML is optional: None says it is not installed

FORMATS = ("brawl", "steelcompendium", "foundry", "forgesteel")
"""The formats :func:`load_statblocks` reads."""
YAML_MISSING = (
    "reading YAML needs PyYAML, which is not installed: "
    'install brawl with the yaml extra (pip install "brawl[yaml]") or pip install pyyaml'
)


# --- loading ------------------------------------------------------------------------------------
def load_statblocks(
    path: str | os.PathLike[str] | Traversable, *, format: str | None = None, strict: bool = False
) -> StatBlockFile:
    """The stat blocks of a file, its format told from its name and content (or given).

    A folder gives the stat blocks of its ``.toml``, ``.json``, ``.yaml`` and ``.yml`` files, and
    of its sub-folders' (an exported pack keeps one folder a group), in the order of their paths,
    as one :class:`StatBlockFile` (its format is ``"mixed"`` when the files' formats differ).

    By default a stat block whose unreadable part a fight does not need (a malformed keyword,
    a trait's lore) loads without it, listed in ``dropped``; a stat block that cannot be read is
    listed in ``failed`` while the others of its file load; a folder loads every file it can and
    lists the others in ``failed``; documents that are not stat blocks (Foundry folders and
    journals) are listed in ``skipped``. A file of which nothing can be read is an error.
    ``strict=True`` refuses the whole file or folder at the first part it cannot read.
    """
    if not isinstance(strict, bool):
        raise ArgumentTypeError(f"load_statblocks(strict={strict!r}): True or False is needed", rule=())
    if isinstance(path, str | os.PathLike):
        source = os.fspath(path)
        if Path(source).is_dir():
            return _folder(Path(source), format, strict)
        target: Path | Traversable = Path(source)
    elif isinstance(path, Traversable):
        source = path.name
        target = path
    else:
        raise ArgumentTypeError(f"load_statblocks(path={path!r}): a path is needed", rule=())
    text = read_text_bounded(target, MAX_FILE_BYTES, source=source, encoding="utf-8-sig")
    return loads_statblocks(text, format=format, source=source, strict=strict)


MAX_FILE_BYTES = 4 * MAX_FILE + 3
"""Largest stat block file read, in bytes: :data:`MAX_FILE` characters of UTF-8 and a byte order mark."""


SUFFIXES = (".toml", ".json", ".yaml", ".yml")
"""The files of a folder :func:`load_statblocks` reads."""


def _folder(folder: Path, format: str | None, strict: bool) -> StatBlockFile:
    paths = sorted(
        p
        for p in folder.rglob("*")
        if p.suffix.lower() in SUFFIXES
        and p.is_file()
        and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    )
    if not paths:
        raise ScenarioError(f"no stat block file ({', '.join(SUFFIXES)}) in the folder", source=str(folder))
    files: list[StatBlockFile] = []
    failed: list[LoadProblem] = []
    for path in paths:
        try:
            files.append(load_statblocks(path, format=format, strict=strict))
        except ScenarioError as exc:
            if strict:
                raise
            failed.append(LoadProblem(str(path), "", exc.field or "", _reason(exc)))
    if not any(f.blocks or f.abilities for f in files):
        message = "no stat block could be read in the folder"
        if failed:
            message += f" ({len(failed)} files refused; the first: {failed[0]})"
        raise ScenarioError(message, source=str(folder))
    return merge(str(folder), files, failed)


def _reason(exc: ScenarioError) -> str:
    where = f"line {exc.line}: " if exc.line is not None else ""
    return where + exc.reason


def merge(source: str, files: list[StatBlockFile], failed: Iterable[LoadProblem] = ()) -> StatBlockFile:
    """Several files' stat blocks as one file, each stat block keeping the file it came from."""
    formats = {f.format for f in files}
    malice = dict.fromkeys(feature for f in files for feature in f.malice_features)  # each once
    return StatBlockFile(
        source,
        formats.pop() if len(formats) == 1 else "mixed",
        tuple(b for f in files for b in f.blocks),
        tuple(a for f in files for a in f.abilities),
        tuple(r for f in files for r in f.roster),
        tuple(n for f in files for n in f.notes),
        tuple(malice),
        tuple(d for f in files for d in f.dropped),
        (*failed, *(d for f in files for d in f.failed)),
        tuple(d for f in files for d in f.skipped),
        tuple(f.origin(i) for f in files for i in range(len(f.blocks))),
    )


def loads_statblocks(
    text: str, *, format: str | None = None, source: str | None = None, strict: bool = False
) -> StatBlockFile:
    """The stat blocks of a text; ``format`` is told from ``source``'s extension and the content if None.

    ``strict`` as for :func:`load_statblocks`.

    Text that is not brawl's TOML is read as YAML if the name ends in ``.yaml`` or ``.yml`` (it
    needs PyYAML) and as JSON otherwise.
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"loads_statblocks(text={text!r:.40}): a string is needed", rule=())
    if format is not None and not isinstance(format, str):
        raise ArgumentTypeError(f"loads_statblocks(format={format!r}): a string or None is needed", rule=())
    if source is not None and not isinstance(source, str):
        raise ArgumentTypeError(f"loads_statblocks(source={source!r}): a string or None is needed", rule=())
    if format is not None and format not in FORMATS:
        raise ScenarioError(f"format {format!r}: not one of {', '.join(FORMATS)}", source=source)
    name = source or ""
    suffix = Path(name).suffix.lower()
    if format == "brawl" or (format is None and suffix == ".toml"):
        return StatBlockFile(name, "brawl", parse_statblocks(text, source=source))
    where = Where(text, source)
    if suffix in (".yaml", ".yml"):
        return read_data(_read_yaml(text, source), where, format=format, strict=strict)
    # JSON writes whole numbers in decimal only: without a run of that many digits, none is too long
    checked = _LONG_DIGITS.search(text) is None
    return read_data(json_loads(text, source), where, format=format, strict=strict, numbers_checked=checked)


_LONG_DIGITS = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")
"""A run of more digits than a number of a stat block may have."""


def _read_yaml(text: str, source: str | None) -> Any:
    if yaml is None:
        raise ScenarioError(YAML_MISSING, source=source)
    if len(text) > MAX_FILE:
        raise ScenarioError(f"file of {len(text)} characters: the limit is {MAX_FILE}", source=source)
    try:
        docs = [d for d in yaml.load_all(text, Loader=_YamlLoader) if d is not None]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        column = mark.column + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(f"invalid YAML: {problem}", line=line, column=column, source=source) from None
    except RecursionError:
        raise ScenarioError("invalid YAML: nested too deeply", source=source) from None
    return docs[0] if len(docs) == 1 else docs


_HUGE = 10**MAX_DIGITS

if yaml is not None:

    class _YamlLoader(yaml.SafeLoader):
        """PyYAML's safe loader, refusing at its line a whole number too long for Python to read."""

        def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
            try:
                value: int = super().construct_yaml_int(node)
            except ValueError:  # more digits than Python turns from text into an int
                value = _HUGE
            if not -_HUGE < value < _HUGE:
                raise yaml.constructor.ConstructorError(
                    None, None, f"a number of more than {MAX_DIGITS} digits", node.start_mark
                )
            return value

    _YamlLoader.add_constructor("tag:yaml.org,2002:int", _YamlLoader.construct_yaml_int)


def read_data(
    data: Any, where: Where, *, format: str | None = None, strict: bool = False, numbers_checked: bool = False
) -> StatBlockFile:
    """The stat blocks of a document already read into plain tables (from JSON or YAML).

    ``strict`` as for :func:`load_statblocks`; ``numbers_checked``: the caller knows the document
    holds no whole number too long (its JSON text has no run of that many digits).
    """
    if not numbers_checked:
        refuse_long_numbers(data, where)
    items = data if isinstance(data, list) else [data]
    fmt = format or _detect(items, where)
    out = Reading(where, fmt, strict)
    for i, item in enumerate(items):
        field = f"[{i}]" if isinstance(data, list) else ""
        at = f"{field}." if field else ""
        skip = _not_a_statblock(item, fmt)
        if skip is not None:
            name = item.get("name") if isinstance(item, dict) else None
            out.skipped.append(LoadProblem(out.source, str(name or ""), field, skip))
        elif fmt == "steelcompendium":
            out.block(item, field, _reader(steelcompendium.monster, where, field, out.notes))
        elif fmt == "foundry" and foundry.looks_like_item(item):
            table = foundry.ability(item, where, field, malice=False)
            out.abilities.append(build_ability(table, field, where))
        elif fmt == "foundry":
            if not foundry.looks_like_actor(item):
                types = ", ".join(foundry.ACTOR_TYPES)
                got = kind(item.get("type")) if isinstance(item, dict) else kind(item)
                message = f"expected a Foundry actor (type {types}) or ability item, got {got}"
                out.fail(item, where.fail(message, f"{at}type" if isinstance(item, dict) else field or None))
                continue
            out.block(
                item, field, functools.partial(_foundry_actor, where=where, field=field, notes=out.notes)
            )
        elif fmt == "forgesteel" and forgesteel.looks_like_collection(item):
            members, slots = forgesteel.members(item, where)
            for here, monster in members:
                out.block(monster, here, _reader(forgesteel.monster, where, here, out.notes))
            for here, feature in forgesteel.malice(item, where):
                out.malice_feature(
                    feature, here, functools.partial(forgesteel.malice_ability, where=where, field=here)
                )
            out.roster.extend(slots)
        elif fmt == "forgesteel":
            if not isinstance(item, dict):
                out.fail(item, where.fail(f"expected a Forge Steel monster, got {kind(item)}", field or None))
                continue
            out.block(item, field, _reader(forgesteel.monster, where, field, out.notes))
        elif fmt == "brawl":
            out.blocks.extend(read_document(item, where))  # brawl's tables, written as JSON or YAML
        else:  # pragma: no cover - the format is checked above
            raise where.fail(f"format {fmt!r}: not one of {', '.join(FORMATS)}", None)
    return out.file()


def _reader(
    read: Callable[[Any, Where, str, list[str]], dict[str, Any]], where: Where, field: str, notes: list[str]
) -> Callable[[Any], tuple[type[Any], dict[str, Any]]]:
    """A stat block reader of one raw table: ``read``'s table, built as a :class:`StatBlock`."""

    def convert(raw: Any) -> tuple[type[Any], dict[str, Any]]:
        return StatBlock, read(raw, where, field, notes)

    return convert


def _foundry_actor(
    raw: Any, *, where: Where, field: str, notes: list[str]
) -> tuple[type[Any], dict[str, Any]]:
    role, table = foundry.actor(raw, where, field, notes)
    return (StatBlock if role == "monster" else HeroSheet), table


def _not_a_statblock(item: Any, fmt: str) -> str | None:
    """Why a document of an export is not a stat block (a Foundry folder, journal, object), or None."""
    if fmt != "foundry" or not isinstance(item, dict):
        return None
    key = item.get("_key")
    if (isinstance(key, str) and key.startswith("!folders!")) or ("sorting" in item and "system" not in item):
        return f"a Foundry folder document ({item.get('type', '?')} folder), not a stat block"
    if (isinstance(key, str) and key.startswith("!journal")) or "pages" in item:
        return "a Foundry journal entry, not a stat block"
    type_ = item.get("type")
    if isinstance(item.get("system"), dict) and type_ in foundry.OTHER_DOCUMENTS:
        return f"a Foundry {type_} actor, not a stat block"
    return None


def _detect(items: list[Any], where: Where) -> str:
    """The format of a JSON or YAML document, told from its first table."""
    first = items[0] if items else None
    if isinstance(first, dict) and ("monsters" in first or "heroes" in first) and "schema" in first:
        return "brawl"
    if foundry.looks_like_actor(first) or foundry.looks_like_item(first):
        return "foundry"
    if _not_a_statblock(first, "foundry") is not None:
        return "foundry"  # a folder or journal document of a Foundry export
    if forgesteel.looks_like_monster(first) or forgesteel.looks_like_collection(first):
        return "forgesteel"
    if steelcompendium.looks_like(first):
        return "steelcompendium"
    if isinstance(first, dict) and isinstance(first.get("system"), dict) and "type" in first:
        return "foundry"  # a Foundry document whose type brawl does not read: refused at its type
    raise where.fail(
        "not a stat block format brawl reads: expected brawl's tables (schema, monsters, heroes), "
        "a SteelCompendium stat block (name, stamina, roles, ev), a Foundry actor or ability item "
        "(type, system) or a Forge Steel monster or encounter (encounterValue, role, groups)",
        None,
    )


# --- the stat blocks shipped with brawl ---------------------------------------------------------
def _bundled_folder() -> Traversable:
    installed = importlib.resources.files("brawl") / "data" / "statblocks"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[3] / "examples" / "statblocks"


def bundled_statblock_files() -> list[str]:
    """Names of the stat block files shipped with brawl (``goblins``, ``heroes``, ...)."""
    folder = _bundled_folder()
    return sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))


def bundled_statblocks() -> StatBlockFile:
    """Every stat block and hero sheet shipped with brawl, as one file."""
    folder = _bundled_folder()
    blocks: list[StatBlock | HeroSheet] = []
    for name in bundled_statblock_files():
        blocks.extend(load_statblocks(folder / f"{name}.toml").blocks)
    return StatBlockFile("bundled", "brawl", tuple(blocks))


def find_statblock(name: str, files: Iterable[StatBlockFile]) -> StatBlock | HeroSheet | None:
    """The first stat block of this name in ``files``, in order, or None."""
    for file in files:
        found = file.get(name)
        if found is not None:
            return found
    return None


__all__ = [
    "FORMATS",
    "MAX_FILE_BYTES",
    "AbilityReport",
    "LoadProblem",
    "StatBlockFile",
    "StatBlockReport",
    "ability_report",
    "bundled_statblock_files",
    "bundled_statblocks",
    "find_statblock",
    "load_statblocks",
    "loads_statblocks",
    "read_data",
]
