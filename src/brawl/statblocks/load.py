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

import copy
import functools
import importlib.resources
import json
import os
import re
import string
from collections.abc import Callable, Iterable, Iterator
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
class LoadProblem:
    """A part of a stat block the loader left out, a stat block or file it could not read, or a
    document it skipped (not a stat block), and why."""

    source: str
    """The file."""
    statblock: str
    """The stat block's name (empty when the whole document or file is meant)."""
    field: str
    """The field, as the file writes it (empty if none)."""
    reason: str
    """Why."""

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.statblock, f"field {self.field!r}" if self.field else "") if p]
        return f"{', '.join(parts)}: {self.reason}"


@attrs.frozen
class StatBlockReport:
    """What the loader made of one stat block: what it kept, what it dropped and why."""

    id: str
    """The stat block's id (``namespace:key``, see :meth:`StatBlockFile.get`)."""
    source: str
    """The file it came from."""
    statblock: str
    """Its name."""
    kept: tuple[str, ...]
    """What it holds: ``"12 abilities"``, ``"3 villain actions"``, ``"End Effect 10"``..."""
    dropped: tuple[LoadProblem, ...]
    """The parts left out, each with the field and the reason."""

    def __str__(self) -> str:
        line = f"{self.id} ({self.source}): kept {', '.join(self.kept) or 'its statistics'}"
        if self.dropped:
            line += "; dropped " + "; ".join(f"{d.field or 'a part'} ({d.reason})" for d in self.dropped)
        return line


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
    malice_features: tuple[Ability, ...] = ()
    """The Director's Malice features the file holds (a Forge Steel group's ``malice``, the
    Malice features a Foundry pack repeats on each actor of a group), each once: two groups'
    features of one name that differ are both kept."""
    dropped: tuple[LoadProblem, ...] = ()
    """Parts of stat blocks left out because they could not be read and a fight does not need
    them (a malformed keyword, a trait's lore); the stat block loaded without them."""
    failed: tuple[LoadProblem, ...] = ()
    """Stat blocks, and in a folder files, that could not be read, with the field and the reason."""
    skipped: tuple[LoadProblem, ...] = ()
    """Documents of the export that are not stat blocks (Foundry folders, journals, objects)."""
    origins: tuple[str, ...] = ()
    """The file each stat block came from, in the order of ``blocks`` (empty: all from ``source``)."""

    def __attrs_post_init__(self) -> None:
        if self.origins and len(self.origins) != len(self.blocks):
            raise ArgumentTypeError("StatBlockFile.origins: one per stat block is needed", rule=())

    def origin(self, index: int) -> str:
        """The file the ``index``-th stat block came from."""
        return self.origins[index] if self.origins else self.source

    def ids(self) -> tuple[str, ...]:
        """Each stat block's id, ``namespace:key``: the namespace is the file's name without its
        folder and extension, normalised like a key (``bundled`` for brawl's own); a key met again
        in the same file gets ``-2``, ``-3``... (``rivals:rival-talent-2``)."""
        out: list[str] = []
        seen: set[str] = set()
        for i, block in enumerate(self.blocks):
            base = f"{namespace(self.origin(i))}:{block.key}"
            found, n = base, 2
            while found in seen:
                found, n = f"{base}-{n}", n + 1
            seen.add(found)
            out.append(found)
        return tuple(out)

    def load_report(self) -> tuple[StatBlockReport, ...]:
        """For each stat block: its id, its file, what it kept and what was dropped, and why."""
        out = []
        for i, (block, id_) in enumerate(zip(self.blocks, self.ids(), strict=True)):
            source = self.origin(i)
            dropped = tuple(d for d in self.dropped if d.source == source and d.statblock == block.name)
            out.append(StatBlockReport(id_, source, block.name, kept_parts(block), dropped))
        return tuple(out)

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
        """The stat block or hero sheet of this name or id, or None.

        A name is found case and spaces aside (``"MARA"``, ``"mara"``); an id (``heroes:mara``)
        names one stat block of one file. A name that several stat blocks of different files or
        of one file answer to is an error naming them and their files: name one by its id.
        """
        found = self.find_all(name)
        if len(found) > 1:
            raise ambiguous(name, found)
        return found[0][2] if found else None

    def find_all(self, name: object) -> list[tuple[str, str, StatBlock | HeroSheet]]:
        """The (id, file, stat block) of every stat block a name or id answers to."""
        if not isinstance(name, str):
            return []
        ids = self.ids()
        if ":" in name:
            space, _, rest = name.partition(":")
            wanted = f"{slug(space)}:{slug(rest)}"
            hits = [(ids[i], self.origin(i), b) for i, b in enumerate(self.blocks) if ids[i] == wanted]
            if hits:
                return hits  # else a name holding a colon ("Ajax: the Invincible")
        key = slug(name)
        return [(ids[i], self.origin(i), b) for i, b in enumerate(self.blocks) if b.key == key]

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


def kept_parts(block: StatBlock | HeroSheet) -> tuple[str, ...]:
    """What a stat block holds, counted for its report."""
    villain = len(block.villain_actions) if isinstance(block, StatBlock) else 0
    parts = [_count(len(block.abilities) - villain, "ability", "abilities")]
    if villain:
        parts.append(_count(villain, "villain action", "villain actions"))
    parts.append(_count(len(block.traits), "trait", "traits"))
    if isinstance(block, StatBlock) and block.is_solo:
        parts.append("Solo Turns")
    if isinstance(block, StatBlock) and block.end_effect is not None:
        parts.append(f"End Effect {block.end_effect}")
    return tuple(parts)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def namespace(source: str) -> str:
    """The namespace of a file's stat blocks: its name without folder and extension, as a key."""
    name = source.replace("\\", "/").rsplit("/", 1)[-1]
    stem = name.split(".", 1)[0] if not name.startswith(".") else name
    return slug(stem) or "file"


def ambiguous(name: str, found: list[tuple[str, str, Any]]) -> ScenarioError:
    """The error for a name several stat blocks answer to, naming each with its id and file."""
    listed = "; ".join(f"{id_} from {source}" for id_, source, _ in found)
    return ScenarioError(f"the name {name!r} is ambiguous: it names {listed}; name one by its id")


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
    out = _Reading(where, fmt, strict)
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


MAX_DROPS = 50
"""Most parts left out of one stat block before it counts as unreadable."""
DROPPABLE_KEYS = frozenset(
    {
        "keywords",
        "ancestry",
        "ev",
        "ev_for",
        "encounterValue",
        "with_captain",
        "withCaptain",
        "captain",
        "category",
        "description",
        "flavor",
        "biography",
        "text",
    }
)
"""Fields a fight does not need: keywords (tags), the encounter value, the "With Captain" words,
an ability's category and lore. A value of one that cannot be read is left out (and reported)."""
NEEDED_PARENTS = frozenset(
    {"distance", "target", "cost", "power", "power_roll", "powerRoll", "roll", "tiers", "effects", "sections"}
)
"""Parts of an ability a fight needs: what lies in them is never left out."""
_TOKEN = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def _path(field: str | None, prefix: str) -> list[str | int] | None:
    """The steps of an error's field below a stat block's own field, or None if it is not below."""
    if field is None:
        return None
    if prefix:
        if not field.startswith(prefix):
            return None
        field = field[len(prefix) :]
    return [int(m.group(1)) if m.group(1) is not None else m.group(2) for m in _TOKEN.finditer(field)]


def _is_trait_item(container: str, item: Any) -> bool:
    """Whether an item of a stat block's list is a trait (lore a fight can do without)."""
    if container == "traits":
        return True
    if not isinstance(item, dict):
        return False
    if container == "items":  # Foundry
        return item.get("type") == "feature"
    if container == "features":  # Forge Steel, SteelCompendium
        return item.get("type") == "Text" or str(item.get("feature_type", "")).lower() == "trait"
    return False


def _droppable(raw: Any, steps: list[str | int]) -> list[str | int] | None:
    """The steps of the part to leave out for an error at ``steps``, or None if a fight needs it."""
    if len(steps) >= 2 and isinstance(steps[0], str) and isinstance(steps[1], int):
        items = raw.get(steps[0]) if isinstance(raw, dict) else None
        if isinstance(items, list) and steps[1] < len(items) and _is_trait_item(steps[0], items[steps[1]]):
            return steps[:2]
    names = [i for i, step in enumerate(steps) if isinstance(step, str)]
    if not names or steps[names[-1]] not in DROPPABLE_KEYS:
        return None
    part = steps[: names[-1] + 1]
    if any(step in NEEDED_PARENTS for step in part[:-1]):
        return None  # the words of a distance, target, cost or power roll: needed
    node = raw
    for step in part[:-1]:
        inside = (isinstance(step, int) and isinstance(node, list) and step < len(node)) or (
            isinstance(step, str) and isinstance(node, dict) and step in node
        )
        if not inside:
            return None
        node = node[step]
    return part if isinstance(node, dict) and part[-1] in node else None


def _without(raw: Any, steps: list[str | int]) -> Any:
    """A copy of ``raw`` with the part at ``steps`` removed (an item of a list popped)."""
    out = copy.deepcopy(raw)
    node = out
    for step in steps[:-1]:
        node = node[step]
    del node[steps[-1]]
    return out


class _Reading:
    """The stat blocks of one document as they are read, with what was dropped, failed or skipped."""

    def __init__(self, where: Where, fmt: str, strict: bool) -> None:
        self.where = where
        self.source = where.source or ""
        self.fmt = fmt
        self.strict = strict
        self.notes: list[str] = []
        self.blocks: list[StatBlock | HeroSheet] = []
        self.abilities: list[Ability] = []
        self.roster: list[tuple[str, int]] = []
        self.malice: dict[str, Ability] = {}
        self.dropped: list[LoadProblem] = []
        self.failed: list[LoadProblem] = []
        self.skipped: list[LoadProblem] = []
        self.first_error: ScenarioError | None = None

    def fail(self, raw: Any, exc: ScenarioError) -> None:
        """A stat block that cannot be read: refused when strict, else listed."""
        if self.strict:
            raise exc
        self.first_error = self.first_error or exc
        name = raw.get("name") if isinstance(raw, dict) else None
        self.failed.append(LoadProblem(self.source, str(name or ""), exc.field or "", exc.reason))

    def _attempt(self, raw: Any, field: str, convert: Callable[[Any], Any]) -> tuple[Any, list[LoadProblem]]:
        """``convert(raw)``, leaving out the parts a fight does not need that it cannot read."""
        dropped: list[LoadProblem] = []
        removed: list[tuple[list[str | int], int]] = []
        prefix = f"{field}." if field else ""
        for _ in range(MAX_DROPS):
            try:
                return convert(raw), dropped
            except ScenarioError as exc:
                steps = None if self.strict else _path(exc.field, prefix)
                part = _droppable(raw, steps) if steps is not None else None
                if part is None:
                    raise
                name = raw.get("name") if isinstance(raw, dict) else None
                printed = prefix + _printed(_original(part, removed))
                dropped.append(LoadProblem(self.source, str(name or ""), printed.rstrip("."), exc.reason))
                if isinstance(part[-1], int):
                    removed.append((part[:-1], part[-1]))
                raw = _without(raw, part)
        raise self.where.fail(f"more than {MAX_DROPS} parts could not be read", field or None)

    def block(self, raw: Any, field: str, convert: Callable[[Any], tuple[type[Any], dict[str, Any]]]) -> None:
        """Read one stat block or hero sheet, leaving out what a fight does not need and cannot be read."""
        try:
            (cls, table), dropped = self._attempt(raw, field, convert)
            table = unique_abilities(self._malice_of(_readable_name(table), cls), self.notes)
            built, more = self._attempt(table, field, lambda t: build_block(t, cls, field, self.where))
        except ScenarioError as exc:
            self.fail(raw, exc)
            return
        name = built.name
        self.dropped.extend(attrs.evolve(d, statblock=name) for d in (*dropped, *more))
        self.blocks.append(built)

    def _malice_of(self, table: dict[str, Any], cls: type[Any]) -> dict[str, Any]:
        """The table without the Director's Malice features a Foundry actor repeats (an ability of
        no action with a Malice cost), which go to the file's list, each once."""
        if self.fmt != "foundry" or cls is not StatBlock:
            return table
        own: list[Any] = []
        for item in table.get("abilities", []):
            cost = item.get("cost") if isinstance(item, dict) else None
            if (
                isinstance(cost, dict)
                and cost.get("resource") == "malice"
                and item.get("action_type") == "none"
            ):
                key = json.dumps(item, sort_keys=True, default=str)
                if key not in self.malice:
                    try:
                        self.malice[key] = build_ability(item, "malice", self.where)
                    except ScenarioError:
                        own.append(item)  # read with the stat block, where its error is reported
                continue
            own.append(item)
        return {**table, "abilities": own}

    def malice_feature(self, raw: Any, field: str, convert: Callable[[Any], dict[str, Any]]) -> None:
        """A Malice feature of the Director's, read on its own (a Forge Steel group's)."""
        try:
            ability = build_ability(convert(raw), field, self.where)
        except ScenarioError as exc:
            if self.strict:
                raise
            name = raw.get("name") if isinstance(raw, dict) else None
            self.failed.append(LoadProblem(self.source, str(name or ""), exc.field or "", exc.reason))
            return
        self.malice.setdefault(repr(ability), ability)

    def file(self) -> StatBlockFile:
        if not self.blocks and not self.abilities:
            if self.first_error is not None and not self.skipped:
                raise self.first_error
            if not self.skipped and not self.failed:
                raise self.where.fail("no stat block in the file", None)
        return StatBlockFile(
            self.source,
            self.fmt,
            tuple(self.blocks),
            tuple(self.abilities),
            tuple(self.roster),
            tuple(self.notes),
            tuple(self.malice.values()),
            tuple(self.dropped),
            tuple(self.failed),
            tuple(self.skipped),
        )


def _readable_name(table: dict[str, Any]) -> dict[str, Any]:
    """The table with a name printed all in capitals (``"GOBLIN WARRIOR"``) in title case."""
    name = table.get("name")
    if isinstance(name, str) and name.isupper():
        return {**table, "name": string.capwords(name.lower())}
    return table


def _original(steps: list[str | int], removed: list[tuple[list[str | int], int]]) -> list[str | int]:
    """Steps into the document as written, given the items already removed from its lists."""
    out = list(steps)
    for where, index in reversed(removed):
        n = len(where)
        step = out[n] if len(out) > n else None
        if out[:n] == where and isinstance(step, int) and step >= index:
            out[n] = step + 1
    return out


def _printed(steps: list[str | int]) -> str:
    text = ""
    for step in steps:
        text += f"[{step}]" if isinstance(step, int) else f".{step}" if text else step
    return text


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
