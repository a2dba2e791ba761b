"""Loading stat blocks from any format brawl reads, and the report of what each ability became.

:func:`load_statblocks` reads a file and tells its format from its name and content: brawl's own
TOML (``.toml``), SteelCompendium stat blocks (``.yaml``/``.yml``, or JSON with ``stamina`` and
``roles``/``ev``/``free_strike``), Foundry VTT actors and ability items (JSON with ``type`` and
``system``), and Forge Steel monsters, monster groups and encounters (JSON with ``encounterValue``,
``role: {type, organization}``, ``monsters`` or ``groups`` of ``slots``). It returns a
:class:`StatBlockFile`; :meth:`StatBlockFile.report` says, ability by ability, what was read into
the engine's records and what was kept as text for the table.
"""

from __future__ import annotations

import importlib.resources
import os
from collections.abc import Iterable, Iterator
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import attrs

import brawl.statblocks.forgesteel as forgesteel
import brawl.statblocks.foundry as foundry
import brawl.statblocks.steelcompendium as steelcompendium
from brawl.abilities.model import Ability, TextEffect
from brawl.errors import ArgumentTypeError, ScenarioError
from brawl.io.files import read_text_bounded
from brawl.io.jsontext import loads as json_loads
from brawl.io.scenariofields import Where, kind
from brawl.statblocks.model import HeroSheet, StatBlock, slug
from brawl.statblocks.text import MAX_DIGITS
from brawl.statblocks.tomlformat import (
    MAX_FILE,
    build_ability,
    build_block,
    parse_statblocks,
    read_document,
    refuse_long_numbers,
)

try:
    import yaml
except ImportError:  # pragma: no cover - the yaml extra is not installed
    yaml = None  # type: ignore[assignment]

FORMATS = ("brawl", "steelcompendium", "foundry", "forgesteel")
"""The formats :func:`load_statblocks` reads."""
YAML_MISSING = (
    "reading YAML needs PyYAML, which is not installed: "
    'install brawl with the yaml extra (pip install "brawl[yaml]") or pip install pyyaml'
)


@attrs.frozen
class AbilityReport:
    """What one ability of an imported stat block became: read into records, or kept as text."""

    statblock: str
    """The stat block's name (empty for an ability read on its own)."""
    ability: str
    """The ability's name."""
    parsed: tuple[str, ...]
    """The parts read into the engine's records (``"distance Melee 1"``, ``"tier 2: 5 damage"``)."""
    text: tuple[str, ...]
    """The parts kept as text for the table (``"tier 3: the target is pinned"``, ``"effect: ..."``)."""

    def __str__(self) -> str:
        who = f"{self.statblock}: {self.ability}" if self.statblock else self.ability
        kept = "; ".join(self.text) if self.text else "nothing"
        return f"{who}: read {', '.join(self.parsed) or 'nothing'}; kept as text: {kept}"


@attrs.frozen
class StatBlockFile:
    """The stat blocks of one file, found by name: ``file["goblin-sniper"]``."""

    source: str
    """The file's name."""
    format: str
    """``"brawl"``, ``"steelcompendium"``, ``"foundry"`` or ``"forgesteel"``; ``"mixed"`` for a folder."""
    blocks: tuple[StatBlock | HeroSheet, ...]
    """The stat blocks and hero sheets, in file order."""
    abilities: tuple[Ability, ...] = ()
    """Abilities the file holds on their own (Foundry ability items)."""
    roster: tuple[tuple[str, int], ...] = ()
    """An encounter's creatures: stat block name and how many."""
    notes: tuple[str, ...] = ()
    """What the importer left out (fields and items brawl does not read)."""

    def __iter__(self) -> Iterator[StatBlock | HeroSheet]:
        return iter(self.blocks)

    def __len__(self) -> int:
        return len(self.blocks)

    def __getitem__(self, name: str) -> StatBlock | HeroSheet:
        found = self.get(name)
        if found is None:
            known = ", ".join(b.key for b in self.blocks)
            raise KeyError(f"no stat block named {name!r} in {self.source} (known: {known})")
        return found

    def get(self, name: str) -> StatBlock | HeroSheet | None:
        """The stat block or hero sheet of this name (case and spaces aside), or None."""
        key = slug(name) if isinstance(name, str) else None
        return next((b for b in self.blocks if b.key == key), None)

    def report(self) -> tuple[AbilityReport, ...]:
        """For each ability, what was read into records and what was kept as text."""
        out = [ability_report(b.name, a) for b in self.blocks for a in b.abilities]
        out.extend(ability_report("", a) for a in self.abilities)
        return tuple(out)


def ability_report(statblock: str, ability: Ability) -> AbilityReport:
    """What an ability holds as records and what as text."""
    parsed: list[str] = []
    text: list[str] = []
    if ability.distance.kind == "special":
        text.append(f"distance: {ability.distance.text}")
    else:
        parsed.append(f"distance {ability.distance.printed()}")
    target = ability.target
    if target.kind == "special":
        text.append(f"target: {target.text}")
    else:
        if target.kind == "self" or target.kind.startswith("each"):
            parsed.append(f"target {target.kind}")
        else:
            parsed.append(f"target {'each' if target.count is None else target.count} {target.kind}")
    if ability.cost is not None:
        parsed.append(f"cost {ability.cost.amount} {ability.cost.resource}")
    if ability.trigger:
        text.append(f"trigger: {ability.trigger}")
    if ability.effect_before:
        text.append(f"effect: {ability.effect_before}")
    roll = ability.power_roll
    if roll is not None:
        adds = " or ".join(c[0].upper() for c in roll.characteristics)
        if roll.bonus is not None:
            adds = f"{adds} + {roll.bonus}" if adds else str(roll.bonus)
        parsed.append(f"power roll + {adds}" if adds else "power roll")
        for n, tier in enumerate(roll.tiers, start=1):
            for effect in tier.effects:
                (text if isinstance(effect, TextEffect) else parsed).append(f"tier {n}: {effect.printed()}")
    if ability.effect_after:
        text.append(f"effect: {ability.effect_after}")
    return AbilityReport(statblock, ability.name, tuple(parsed), tuple(text))


# --- loading ------------------------------------------------------------------------------------
def load_statblocks(
    path: str | os.PathLike[str] | Traversable, *, format: str | None = None
) -> StatBlockFile:
    """The stat blocks of a file, its format told from its name and content (or given).

    A folder gives the stat blocks of its ``.toml``, ``.json``, ``.yaml`` and ``.yml`` files, in
    the order of their names, as one :class:`StatBlockFile` (its format is ``"mixed"`` when the
    files' formats differ).
    """
    if isinstance(path, str | os.PathLike):
        source = os.fspath(path)
        if Path(source).is_dir():
            return _folder(Path(source), format)
        target: Path | Traversable = Path(source)
    elif isinstance(path, Traversable):
        source = path.name
        target = path
    else:
        raise ArgumentTypeError(f"load_statblocks(path={path!r}): a path is needed", rule=())
    text = read_text_bounded(target, MAX_FILE_BYTES, source=source, encoding="utf-8-sig")
    return loads_statblocks(text, format=format, source=source)


MAX_FILE_BYTES = 4 * MAX_FILE + 3
"""Largest stat block file read, in bytes: :data:`MAX_FILE` characters of UTF-8 and a byte order mark."""


SUFFIXES = (".toml", ".json", ".yaml", ".yml")
"""The files of a folder :func:`load_statblocks` reads."""


def _folder(folder: Path, format: str | None) -> StatBlockFile:
    paths = [p for p in sorted(folder.iterdir()) if p.suffix.lower() in SUFFIXES]
    files = [load_statblocks(p, format=format) for p in paths]
    if not files:
        raise ScenarioError(f"no stat block file ({', '.join(SUFFIXES)}) in the folder", source=str(folder))
    formats = {f.format for f in files}
    return StatBlockFile(
        str(folder),
        formats.pop() if len(formats) == 1 else "mixed",
        tuple(b for f in files for b in f.blocks),
        tuple(a for f in files for a in f.abilities),
        tuple(r for f in files for r in f.roster),
        tuple(n for f in files for n in f.notes),
    )


def loads_statblocks(text: str, *, format: str | None = None, source: str | None = None) -> StatBlockFile:
    """The stat blocks of a text; ``format`` is told from ``source``'s extension and the content if None.

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
    data = _read_yaml(text, source) if suffix in (".yaml", ".yml") else json_loads(text, source)
    return read_data(data, where, format=format)


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


def read_data(data: Any, where: Where, *, format: str | None = None) -> StatBlockFile:
    """The stat blocks of a document already read into plain tables (from JSON or YAML)."""
    refuse_long_numbers(data, where)
    notes: list[str] = []
    items = data if isinstance(data, list) else [data]
    fmt = format or _detect(items, where)
    blocks: list[StatBlock | HeroSheet] = []
    abilities: list[Ability] = []
    roster: list[tuple[str, int]] = []
    for i, item in enumerate(items):
        field = f"[{i}]" if isinstance(data, list) else ""
        at = f"{field}." if field else ""
        if fmt == "steelcompendium":
            table = steelcompendium.monster(item, where, field, notes)
            blocks.append(build_block(unique_abilities(table, notes), StatBlock, field, where))
        elif fmt == "foundry" and foundry.looks_like_item(item):
            table = foundry.ability(item, where, field, malice=False)
            abilities.append(build_ability(table, field, where))
        elif fmt == "foundry":
            if not foundry.looks_like_actor(item):
                types = ", ".join(foundry.ACTOR_TYPES)
                got = kind(item.get("type")) if isinstance(item, dict) else kind(item)
                message = f"expected a Foundry actor (type {types}) or ability item, got {got}"
                raise where.fail(message, f"{at}type" if isinstance(item, dict) else field or None)
            role, table = foundry.actor(item, where, field, notes)
            blocks.append(
                build_block(
                    unique_abilities(table, notes),
                    StatBlock if role == "monster" else HeroSheet,
                    field,
                    where,
                )
            )
        elif fmt == "forgesteel" and forgesteel.looks_like_collection(item):
            tables, slots = forgesteel.collection(item, where, notes)
            blocks.extend(
                build_block(unique_abilities(t, notes), StatBlock, f"{at}monsters", where) for t in tables
            )
            roster.extend(slots)
        elif fmt == "forgesteel":
            if not isinstance(item, dict):
                raise where.fail(f"expected a Forge Steel monster, got {kind(item)}", field or None)
            table = forgesteel.monster(item, where, field, notes)
            blocks.append(build_block(unique_abilities(table, notes), StatBlock, field, where))
        elif fmt == "brawl":
            blocks.extend(read_document(item, where))  # brawl's tables, written as JSON or YAML
        else:  # pragma: no cover - the format is checked above
            raise where.fail(f"format {fmt!r}: not one of {', '.join(FORMATS)}", None)
    if not blocks and not abilities:
        raise where.fail("no stat block in the file", None)
    return StatBlockFile(
        where.source or "", fmt, tuple(blocks), tuple(abilities), tuple(roster), tuple(notes)
    )


def unique_abilities(table: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """The table with each ability name once: a repeat equal to the first is left out, another
    is renamed ``"Name (2)"``; both noted. Exporters write both (a Malice feature beside the
    signature ability of the same name; the same feature twice)."""
    abilities = table.get("abilities")
    if not isinstance(abilities, list):
        return table
    seen: dict[str, Any] = {}
    kept: list[Any] = []
    for item in abilities:
        name = item.get("name") if isinstance(item, dict) else None
        if not isinstance(name, str) or name not in seen:
            if isinstance(name, str):
                seen[name] = item
            kept.append(item)
            continue
        if item == seen[name]:
            notes.append(f"{table.get('name')}: {name}: printed twice, read once")
            continue
        n = 2
        while f"{name} ({n})" in seen:
            n += 1
        renamed = f"{name} ({n})"
        notes.append(f"{table.get('name')}: a second ability named {name!r} read as {renamed!r}")
        seen[renamed] = item
        kept.append({**item, "name": renamed})
    return {**table, "abilities": kept}


def _detect(items: list[Any], where: Where) -> str:
    """The format of a JSON or YAML document, told from its first table."""
    first = items[0] if items else None
    if isinstance(first, dict) and ("monsters" in first or "heroes" in first) and "schema" in first:
        return "brawl"
    if foundry.looks_like_actor(first) or foundry.looks_like_item(first):
        return "foundry"
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
    "StatBlockFile",
    "ability_report",
    "bundled_statblock_files",
    "bundled_statblocks",
    "find_statblock",
    "load_statblocks",
    "loads_statblocks",
    "read_data",
]
