"""Scenario files: TOML with an ASCII map per level, a legend and tables of creatures and objects.

The format is described in full in ``docs/scenarios.md``. In short, each ``[[levels]]`` table
draws one level ``z`` of the map seen from above, one character per square; the ``[legend]``
says what each character builds (walls, raised ground, floors, pits, water, difficult and
damaging terrain, objects); ``[[creatures]]`` and ``[[objects]]`` hold the pieces, placed by a
``mark`` letter on a map or by an explicit ``pos``.

Every malformed file raises :class:`~brawl.errors.ScenarioError` with the line and column (TOML
syntax, map characters) or the field path (``creatures[2].size``).
"""

from __future__ import annotations

import functools
import importlib.resources
import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import attrs
import immutables

from brawl.cells import AIR, Cell, Material
from brawl.creature import Creature, MapObject
from brawl.errors import ArgumentTypeError, BrawlError, ScenarioError
from brawl.geometry import Pos
from brawl.io import scenariofields as fields
from brawl.io.files import read_text_bounded
from brawl.io.json import structure
from brawl.io.scenariofields import Where
from brawl.rng import Rng
from brawl.rules.squads import check_squads
from brawl.size import Size
from brawl.statblocks.library import StatBlockLibrary, StatBlockSources
from brawl.statblocks.model import StatBlock
from brawl.state import Encounter
from brawl.statecheck import MAX_CREATURES, MAX_OBJECTS, too_many
from brawl.terrain import Terrain
from brawl.zone.scenario import with_zone_table

DEFAULT_LEGEND: Mapping[str, Mapping[str, Any]] = {
    ".": {},
    " ": {},
    "#": {"solid": "stone"},
    ":": {"difficult": True},
    "~": {"water": 1},
    "&": {"fog": "all"},
    **{str(n): {"raise": n} for n in range(1, 10)},
}
"""Characters every map understands unless its legend redefines them.

``.`` and space leave the square as it is (open ground on level 0), ``#`` is a stone wall to the
top of the map, ``:`` difficult terrain, ``~`` water one square deep, ``&`` darkness or fog to
the top of the map, ``1``-``9`` ground raised by that many squares.
"""

LEGEND_KEYS = frozenset(
    {"solid", "height", "raise", "floor", "pit", "water", "difficult", "damaging", "damage_type"}
    | {"object", "name", "label", "fog"}
)
"""Keys a legend entry may hold (see the scenario docs)."""

MAX_MAP_TEXT = 1_000_000
"""Largest scenario file accepted, in characters."""
MAX_SCENARIO_BYTES = 4 * MAX_MAP_TEXT
"""Largest scenario file read, in bytes: :data:`MAX_MAP_TEXT` characters of UTF-8."""
MAX_CELLS = 20_000
"""Most map cells a scenario may set (a wall to the top of a tall map sets one per level); it keeps
the loading of any accepted file under about a second."""


def _map_of_marks(value: Mapping[str, str]) -> immutables.Map[str, str]:
    return immutables.Map(value)


def _blocks(value: Mapping[str, StatBlock]) -> immutables.Map[str, StatBlock]:
    return immutables.Map(value)


@attrs.frozen
class Scenario:
    """A loaded scenario file: its name and description, and the encounter it sets up."""

    name: str
    """The ``[scenario] name``, or the file name."""
    description: str
    """The ``[scenario] description``, or empty."""
    encounter: Encounter
    """The encounter, before combat (round 0)."""
    marks: immutables.Map[str, str] = attrs.field(factory=immutables.Map, converter=_map_of_marks)
    """Creature id to the mark letter the file drew it with, for pictures in the file's own
    letters: ``render_text(s.encounter, marks=s.marks)``."""
    statblocks: immutables.Map[str, StatBlock] = attrs.field(factory=immutables.Map, converter=_blocks)
    """Creature id to the Director stat block its row named (``statblock = "..."``), for the
    encounter's budget (:mod:`brawl.building`)."""


@attrs.frozen
class _Entry:
    """One legend character, checked."""

    solid: Material | None = None
    height: int | None = None
    floor: Material | None = None
    pit: int | None = None
    water: int = 0
    difficult: bool = False
    damaging: int = 0
    damage_type: str | None = None
    object: Material | None = None
    name: str = ""
    fog: int = 0
    """Levels of darkness or fog from the square's level up; -1: to the top of the map."""

    @property
    def changes(self) -> bool:
        """Whether the entry changes the square at all (``.`` and space do not)."""
        return self != _Entry()


# --- public entry points ------------------------------------------------------------------------------
def load_scenario(path: str | os.PathLike[str] | Traversable) -> Encounter:
    """The encounter of a scenario file; see :func:`read_scenario` for the name and description."""
    return read_scenario(path).encounter


def read_scenario(path: str | os.PathLike[str] | Traversable) -> Scenario:
    """A scenario file with its name and description."""
    if isinstance(path, str | os.PathLike):
        source = os.fspath(path)
        target: Path | Traversable = Path(source)
    elif isinstance(path, Traversable):
        source = path.name
        target = path
    else:
        raise ScenarioError(f"load_scenario: expected a path, got {type(path).__name__}")
    try:
        text = read_text_bounded(target, MAX_SCENARIO_BYTES, source=source)
    except ScenarioError as exc:
        if isinstance(path, str) and path in bundled_scenarios() and not Path(path).exists():
            hint = f"; {path!r} is a bundled scenario: load_scenario(bundled_scenario({path!r}))"
            raise ScenarioError(f"{exc.reason}{hint}", source=source) from None
        raise
    base = target.parent if isinstance(target, Path) else None
    return parse_scenario(text, source=source, base=base)


def loads_scenario(
    text: str,
    *,
    source: str | None = None,
    base: str | os.PathLike[str] | None = None,
    statblocks: StatBlockSources | None = None,
) -> Encounter:
    """The encounter of a scenario given as TOML text; ``source`` names it in error messages.

    ``base`` is the folder the scenario's ``statblocks`` files are found from (default: the
    current folder). A caller loading text on someone else's behalf passes ``statblocks``
    instead (a :class:`~brawl.statblocks.library.StatBlockSources`): the names are then found
    only among its inline texts and inside its folders, and no other file is opened.
    """
    return parse_scenario(text, source=source, base=base, statblocks=statblocks).encounter


def parse_scenario(
    text: str,
    *,
    source: str | None = None,
    base: str | os.PathLike[str] | None = None,
    statblocks: StatBlockSources | None = None,
) -> Scenario:
    """A scenario given as TOML text, with its name and description (``base``, ``statblocks``:
    see :func:`loads_scenario`)."""
    if statblocks is not None and not isinstance(statblocks, StatBlockSources):
        raise ArgumentTypeError(f"parse_scenario(statblocks={statblocks!r:.60}): a StatBlockSources", rule=())
    if statblocks is not None and base is not None:
        raise ArgumentTypeError("parse_scenario: give base or statblocks, not both", rule=())
    if not isinstance(text, str):
        raise ScenarioError(f"expected TOML text, got {type(text).__name__}", source=source)
    if len(text) > MAX_MAP_TEXT:
        raise ScenarioError(f"file of {len(text)} characters: the limit is {MAX_MAP_TEXT}", source=source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column, message = _toml_position(exc, text)
        raise ScenarioError(f"invalid TOML: {message}", line=line, column=column, source=source) from None
    except RecursionError:
        raise ScenarioError("invalid TOML: nested too deeply", source=source) from None
    return _build(data, Where(text, source), default_name=_stem(source), base=base, sources=statblocks)


def _toml_position(exc: tomllib.TOMLDecodeError, text: str) -> tuple[int | None, int | None, str]:
    """Line, column and message of a TOML syntax error (Python 3.11 keeps them in the message)."""
    line: int | None = getattr(exc, "lineno", None)
    column: int | None = getattr(exc, "colno", None)
    message = str(getattr(exc, "msg", "") or exc)
    found = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    if found:
        line, column = int(found.group(1)), int(found.group(2))
        message = message[: found.start()]
    elif message.endswith("(at end of document)"):
        message = message[: -len("(at end of document)")].rstrip()
        line = text.count("\n") + 1
        column = len(text) - (text.rfind("\n") + 1) + 1
    return line, column, message


def from_ascii(
    text: str,
    *,
    legend: Mapping[str, Mapping[str, Any]] | None = None,
    creatures: Mapping[str, Creature] | Iterable[Creature] = (),
    objects: Mapping[str, MapObject] | Iterable[MapObject] = (),
    z: int = 0,
    height: int = 20,
    below: int = 10,
    ground: Material | str = Material.DIRT,
    seed: int = 0,
) -> Encounter:
    """An encounter from one level of ASCII map, drawn as in a scenario file.

    ``creatures`` and ``objects`` map a mark letter to a piece whose position the letter sets, or
    list pieces with their own positions. ``legend`` adds to the default legend.
    """
    if not isinstance(text, str):
        raise ScenarioError(f"from_ascii: expected the map as text, got {type(text).__name__}")
    body = text[1:] if text.startswith("\n") else text
    pieces: dict[str, list[Any]] = {"creatures": [], "objects": []}
    marked: dict[str, dict[str, Any]] = {"creatures": {}, "objects": {}}
    if legend is not None and not isinstance(legend, Mapping):
        raise ArgumentTypeError(
            f"from_ascii(legend={legend!r}): a mapping of mark to entry is needed", rule=()
        )
    for key, given, cls in (("creatures", creatures, Creature), ("objects", objects, MapObject)):
        raw: object = given
        if isinstance(raw, (str, bytes)) or not isinstance(raw, (Mapping, Iterable)):
            raise ArgumentTypeError(
                f"from_ascii({key}={given!r}): a mapping of mark to {cls.__name__} or a list of them", rule=()
            )
        items = given.items() if isinstance(given, Mapping) else ((None, c) for c in given)
        for mark, piece in items:
            if not isinstance(piece, cls):
                raise ScenarioError(f"{piece!r} is not a {cls.__name__}", field=key)
            if mark is None:
                pieces[key].append(piece)
            else:
                marked[key][mark] = piece
    data = {
        "map": {"height": height, "below": below, "ground": str(ground)},
        "legend": dict(legend or {}),
        "levels": [{"z": z, "map": body}],
    }
    where = Where(text, "map")
    where.starts[0] = 1 if text.startswith("\n") else 0
    scenario = _build(data, where, default_name="map", pieces=pieces, marked=marked, seed=seed)
    return scenario.encounter


def bundled_scenarios() -> list[str]:
    """Names of the scenarios shipped with brawl (``bridge``, ``cliff``, ``tavern``, ``warband``).

    The zone game's scenarios (``zone_*``) are listed by :func:`bundled_zone_scenarios`.
    """
    folder = _bundled_folder()
    return sorted(
        p.name[: -len(".toml")]
        for p in folder.iterdir()
        if p.name.endswith(".toml") and not p.name.startswith("zone_")
    )


def bundled_zone_scenarios() -> list[str]:
    """Names of the zone-game scenarios shipped with brawl (``zone_ambush``)."""
    folder = _bundled_folder()
    return sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.startswith("zone_"))


def bundled_scenario(name: str) -> Traversable:
    """The file of a scenario shipped with brawl, for :func:`load_scenario`."""
    known = [*bundled_scenarios(), *bundled_zone_scenarios()]
    if not isinstance(name, str) or name not in known:  # listed names only: no path is built from it
        raise ScenarioError(f"bundled scenario {name!r:.80}: no such scenario (known: {', '.join(known)})")
    return _bundled_folder() / f"{name}.toml"


def _bundled_folder() -> Traversable:
    installed = importlib.resources.files("brawl") / "data" / "scenarios"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "examples" / "scenarios"


def _stem(source: str | None) -> str:
    if not source:
        return "scenario"
    return Path(source).stem


# --- building -----------------------------------------------------------------------------------------
def _entry(raw: Any, field: str, where: Where, ground: Material) -> _Entry:
    body = fields.table(raw, field, where, LEGEND_KEYS)
    solid = fields.material(body["solid"], f"{field}.solid", where) if "solid" in body else None
    height = fields.whole(body["height"], f"{field}.height", where, minimum=1) if "height" in body else None
    if "raise" in body:
        if solid is not None:
            raise where.fail("use either solid or raise, not both", f"{field}.raise")
        solid = ground
        height = fields.whole(body["raise"], f"{field}.raise", where, minimum=1)
    if height is not None and solid is None:
        raise where.fail("height needs solid", f"{field}.height")
    floor = fields.material(body["floor"], f"{field}.floor", where) if "floor" in body else None
    pit: int | None = None
    if "pit" in body:
        pit = -1 if body["pit"] == "all" else fields.whole(body["pit"], f"{field}.pit", where, minimum=1)
    water = fields.whole(body["water"], f"{field}.water", where, minimum=1) if "water" in body else 0
    difficult = body.get("difficult", False)
    if not isinstance(difficult, bool):
        raise where.fail(f"expected true or false, got {fields.kind(difficult)}", f"{field}.difficult")
    damaging = (
        fields.whole(body["damaging"], f"{field}.damaging", where, minimum=1) if "damaging" in body else 0
    )
    damage_type = None
    if "damage_type" in body:
        damage_type = fields.text(body["damage_type"], f"{field}.damage_type", where)
        if not damaging:
            raise where.fail("damage_type needs damaging", f"{field}.damage_type")
        try:
            Cell(damaging=1, damage_type=damage_type)
        except BrawlError as exc:
            raise where.fail(str(exc), f"{field}.damage_type") from None
    obj = fields.material(body["object"], f"{field}.object", where) if "object" in body else None
    name = fields.text(body.get("name", ""), f"{field}.name", where)
    if "label" in body:
        fields.text(body["label"], f"{field}.label", where)
    if name and obj is None:
        raise where.fail("name is the id prefix of objects: it needs object", f"{field}.name")
    if solid is not None and (difficult or damaging or obj is not None):
        raise where.fail("a solid square cannot also be difficult, damaging or hold an object", field)
    if water and pit is not None:
        raise where.fail("use either water or pit, not both", field)
    if water and floor is not None:
        raise where.fail("a floor would cover the water: use one or the other", field)
    fog = 0
    if "fog" in body:
        fog = -1 if body["fog"] == "all" else fields.whole(body["fog"], f"{field}.fog", where, minimum=1)
        if solid is not None:
            raise where.fail("a solid square cannot also be dark or foggy", f"{field}.fog")
    return _Entry(solid, height, floor, pit, water, difficult, damaging, damage_type, obj, name, fog)


def _map_lines(raw: Any, field: str, where: Where) -> list[str]:
    text = fields.text(raw, field, where)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.rstrip("\r") for line in lines]


def _build(
    data: dict[str, Any],
    where: Where,
    *,
    default_name: str,
    pieces: dict[str, list[Any]] | None = None,
    marked: dict[str, dict[str, Any]] | None = None,
    seed: int | None = None,
    base: str | os.PathLike[str] | None = None,
    sources: StatBlockSources | None = None,
) -> Scenario:
    top = fields.table(
        data,
        "",
        where,
        ("scenario", "map", "legend", "levels", "creatures", "objects", "zones", "statblocks"),
    )
    meta = fields.table(top.get("scenario", {}), "scenario", where, ("name", "description", "seed"))
    name = fields.text(meta.get("name", default_name), "scenario.name", where)
    description = fields.text(meta.get("description", ""), "scenario.description", where)
    if seed is None:
        seed = fields.whole(meta.get("seed", 0), "scenario.seed", where, minimum=0, maximum=2**64 - 1)
    shape = fields.table(top.get("map", {}), "map", where, ("width", "depth", "height", "below", "ground"))
    ground = fields.material(shape.get("ground", "dirt"), "map.ground", where)
    height = fields.whole(shape.get("height", 20), "map.height", where, minimum=1)
    below = fields.whole(shape.get("below", 10), "map.below", where, minimum=1)

    legend_raw = top.get("legend", {})
    if not isinstance(legend_raw, dict):
        raise where.fail(f"expected a table, got {fields.kind(legend_raw)}", "legend")
    legend: dict[str, _Entry] = {}
    for ch, raw in {**DEFAULT_LEGEND, **legend_raw}.items():
        field = f"legend[{ch!r}]"
        if len(ch) != 1 or ch in "\t\n\r":
            raise where.fail("a legend key is one character (not a tab or newline)", field)
        legend[ch] = _entry(raw, field, where, ground)

    creature_rows = _rows(top.get("creatures", []), "creatures", where)
    blocks: dict[int, StatBlock] = {}
    if any("statblock" in row for row in creature_rows):
        library = StatBlockLibrary(top.get("statblocks", []), where, base, sources)
        named = [row.get("statblock") for row in creature_rows]
        creature_rows = [library.fill(row, f"creatures[{i}]") for i, row in enumerate(creature_rows)]
        for i, wanted in enumerate(named):
            block = library.find(wanted) if isinstance(wanted, str) else None
            if isinstance(block, StatBlock):
                blocks[i] = block
    elif "statblocks" in top:
        StatBlockLibrary(top["statblocks"], where, base, sources)  # checked though no creature names one
    object_rows = _rows(top.get("objects", []), "objects", where)
    marks: set[str] = set()
    for key, rows in (("creatures", creature_rows), ("objects", object_rows)):
        for i, row in enumerate(rows):
            if "mark" in row:
                _claim(marks, row["mark"], f"{key}[{i}].mark", where, legend_raw)
    for key in ("creatures", "objects"):
        for mark in (marked or {}).get(key, {}):
            _claim(marks, mark, key, where, legend_raw)

    levels_raw = top.get("levels", [])
    if not isinstance(levels_raw, list) or not levels_raw:
        raise where.fail("at least one [[levels]] table with a map is needed", "levels")
    levels: list[tuple[int, list[str]]] = []
    for i, raw in enumerate(levels_raw):
        body = fields.table(raw, f"levels[{i}]", where, ("z", "map"))
        z = body.get("z", 0)
        if isinstance(z, bool) or not isinstance(z, int) or not -below <= z < height:
            raise where.fail(f"z {fields.kind(z)}: a level from {-below} to {height - 1}", f"levels[{i}].z")
        if "map" not in body:
            raise where.fail("required field missing", f"levels[{i}].map")
        if i not in where.starts and isinstance(body["map"], str):
            where.find_map(i, body["map"])
        levels.append((z, _map_lines(body["map"], f"levels[{i}].map", where)))

    longest = max((len(line) for _, lines in levels for line in lines), default=0)
    rows_max = max((len(lines) for _, lines in levels), default=0)
    width = fields.whole(shape.get("width", max(longest, 1)), "map.width", where, minimum=1)
    depth = fields.whole(shape.get("depth", max(rows_max, 1)), "map.depth", where, minimum=1)

    cells: dict[Pos, Cell] = {}
    found: dict[str, list[Pos]] = {}
    object_cells: list[tuple[Pos, _Entry]] = []
    for i, (z, lines) in enumerate(levels):
        field = f"levels[{i}].map"
        if len(lines) > depth:
            raise where.error(
                f"the map has {len(lines)} rows, more than depth {depth}", i, depth, 0, field=field
            )
        for y, line in enumerate(lines):
            if len(line) > width:
                raise where.error(
                    f"the row is {len(line)} squares long, more than width {width}", i, y, width, field=field
                )
            for x, ch in enumerate(line):
                pos = Pos(x, y, z)
                if ch in marks:
                    found.setdefault(ch, []).append(pos)
                    continue
                entry = legend.get(ch)
                if entry is None:
                    raise where.error(
                        f"character {ch!r} is not in the legend and marks no creature or object",
                        i,
                        y,
                        x,
                        field=field,
                    )
                if entry.changes:
                    fail = functools.partial(where.error, level=i, row=y, col=x, field=field)
                    _apply(cells, pos, entry, height, below, fail)
                    if len(cells) > MAX_CELLS:
                        raise fail(f"the map sets more than {MAX_CELLS} cells: draw a smaller or lower map")
                    if entry.object is not None:
                        object_cells.append((pos, entry))
    try:
        terrain = Terrain(width, depth, height=height, below=below, ground=ground, cells=_trim(cells, ground))
    except BrawlError as exc:
        raise where.fail(str(exc), "map") from None

    objects: list[MapObject] = list((pieces or {}).get("objects", []))
    counters: dict[str, int] = {}
    for pos, entry in object_cells:
        assert entry.object is not None
        prefix = entry.name or entry.object.value
        counters[prefix] = counters.get(prefix, 0) + 1
        objects.append(
            MapObject(id=f"{prefix}-{counters[prefix]}", pos=pos, material=entry.object, name=entry.name)
        )
    for i, row in enumerate(object_rows):
        objects.append(_piece(row, MapObject, f"objects[{i}]", found, where))
    for mark, obj in (marked or {}).get("objects", {}).items():
        objects.append(attrs.evolve(obj, pos=_mark_pos(mark, obj.size, found, "objects", where)))

    creatures: list[Creature] = list((pieces or {}).get("creatures", []))
    creature_marks: dict[str, str] = {}
    creature_blocks: dict[str, StatBlock] = {}
    for i, row in enumerate(creature_rows):
        creatures.append(_piece(row, Creature, f"creatures[{i}]", found, where))
        if i in blocks:
            creature_blocks[creatures[-1].id] = blocks[i]
        if "mark" in row:
            creature_marks[creatures[-1].id] = row["mark"]
    for mark, c in (marked or {}).get("creatures", {}).items():
        creatures.append(attrs.evolve(c, pos=_mark_pos(mark, c.n, found, "creatures", where)))
        creature_marks[c.id] = mark

    try:
        rng = Rng(seed)
    except BrawlError as exc:
        raise where.fail(str(exc), "scenario.seed" if pieces is None else "seed") from None
    try:
        enc = Encounter(terrain, creatures, objects, order=tuple(c.id for c in creatures), rng=rng)
        check_squads(enc)  # RB-SQUAD-01, RB-CAPT-02
    except BrawlError as exc:
        field = "objects" if str(exc).startswith("object") else "creatures"
        raise where.fail(str(exc), field) from None
    enc = with_zone_table(top, enc, where)  # the zone game's [zones] table, if any
    return Scenario(
        name=name, description=description, encounter=enc, marks=creature_marks, statblocks=creature_blocks
    )


def _rows(raw: Any, field: str, where: Where) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise where.fail(f"expected an array of tables ([[{field}]]), got {fields.kind(raw)}", field)
    refused = too_many(len(raw), MAX_CREATURES if field == "creatures" else MAX_OBJECTS, field)
    if refused:
        raise where.fail(refused, field)
    for i, row in enumerate(raw):
        if not isinstance(row, dict):
            raise where.fail(f"expected a table, got {fields.kind(row)}", f"{field}[{i}]")
    return raw


def _claim(marks: set[str], mark: Any, field: str, where: Where, legend_raw: Mapping[str, Any]) -> None:
    """Reserve a mark letter for one creature or object."""
    if not isinstance(mark, str) or len(mark) != 1 or not mark.isalpha():
        raise where.fail(f"a mark is one letter, got {fields.kind(mark)}", field)
    if mark in marks:
        raise where.fail(f"mark {mark!r} is used twice", field)
    if mark in legend_raw:
        raise where.fail(f"mark {mark!r} is also a legend character", field)
    marks.add(mark)


def _mark_pos(mark: str, n: int, found: dict[str, list[Pos]], field: str, where: Where) -> Pos:
    """Position of a piece of edge n from where its mark appears: once, or filling its square."""
    cells = found.get(mark, [])
    if not cells:
        raise where.fail(f"mark {mark!r} appears on no map", field)
    corner = min(cells, key=lambda p: (p.z, p.y, p.x))
    if len(cells) == 1:
        return corner
    # the marks are counted before the n x n square is built: a huge n costs nothing
    if len(cells) != n * n or set(cells) != {
        Pos(corner.x + dx, corner.y + dy, corner.z) for dx in range(n) for dy in range(n)
    }:
        raise where.fail(
            f"mark {mark!r} appears {len(cells)} times: write it once (the top-left square) "
            f"or fill the {n}x{n} square of the piece",
            field,
        )
    return corner


def _piece(row: dict[str, Any], cls: type[Any], field: str, found: dict[str, list[Pos]], where: Where) -> Any:
    """A creature or object from its table: the mark or pos placed, then structured strictly."""
    body = dict(row)
    mark = body.pop("mark", None)
    if "pos" in body:
        if mark is not None:
            raise where.fail("give either mark or pos, not both", f"{field}.pos")
        pos = body["pos"]
        if isinstance(pos, list) and len(pos) == 2:
            body["pos"] = [*pos, 0]
    elif mark is None:
        raise where.fail("needs a mark on the map or a pos [x, y, z]", field)
    for key in ("conditions", "named_conditions"):  # a bare name: until removed, no source
        if cls is Creature and isinstance(body.get(key), list):
            body[key] = [{"name": c} if isinstance(c, str) else c for c in body[key]]
    if mark is not None:
        size = body.get("size", "1M" if cls is Creature else 1)
        n = size if isinstance(size, int) else _squares(size)
        body["pos"] = list(_mark_pos(mark, n, found, f"{field}.mark", where))
    return structure(body, cls, prefix=field, source=where.source)


def _squares(size: Any) -> int:
    """Edge of a size written in a file, or 1 if it is malformed (reported later, with its field)."""
    try:
        return Size.parse(size).squares
    except (ValueError, TypeError):
        return 1  # the structuring below reports the bad size with its field


def _apply(
    cells: dict[Pos, Cell],
    pos: Pos,
    e: _Entry,
    height: int,
    below: int,
    fail: Any,
) -> None:
    """Write one legend entry at one square of a level into ``cells``.

    Each change is a run of levels set to one cell; the runs are checked against the map's levels
    and :data:`MAX_CELLS` before anything is written, so a tall wall is refused at once.
    """
    x, y, z = pos
    runs: list[tuple[int, int, Cell]] = []  # levels lo..hi-1 set to the cell, in order
    if e.solid is not None:
        runs.append((z, height if e.height is None else z + e.height, Cell(e.solid)))
    under = z - 1
    if e.floor is not None:
        runs.append((under, under + 1, Cell(e.floor)))
        under -= 1
    if e.pit is not None:
        runs.append((-below if e.pit < 0 else under - e.pit + 1, under + 1, AIR))
    if e.water:
        runs.append((under - e.water + 1, under + 1, Cell(liquid=True)))
    if e.difficult or e.damaging or e.fog:
        dark = bool(e.fog)
        ground = Cell(difficult=e.difficult, damaging=e.damaging, damage_type=e.damage_type, concealing=dark)
        runs.append((z, z + 1, ground))
    if e.fog:
        runs.append((z + 1, height if e.fog < 0 else z + e.fog, Cell(concealing=True)))
    count = 0
    for lo, hi, _ in runs:
        if lo >= hi:
            continue
        for zz in (lo, hi - 1):
            if not -below <= zz < height:
                raise fail(
                    f"this square reaches level {zz}, outside the map (levels {-below} to {height - 1})"
                )
        count += hi - lo
    if len(cells) + count > MAX_CELLS:
        fresh = {Pos(x, y, zz) for lo, hi, _ in runs for zz in range(lo, hi)} - cells.keys()
        if len(cells) + len(fresh) > MAX_CELLS:
            raise fail(f"the map sets more than {MAX_CELLS} cells: draw a smaller or lower map")
    for lo, hi, cell in runs:
        for zz in range(lo, hi):
            cells[Pos(x, y, zz)] = cell


def _trim(cells: dict[Pos, Cell], ground: Material) -> immutables.Map[Pos, Cell]:
    """Drop the cells that equal the default map (ground below 0, air above)."""
    default_below = Cell(ground)
    return immutables.Map({p: c for p, c in cells.items() if c != (default_below if p.z < 0 else AIR)})


__all__ = [
    "DEFAULT_LEGEND",
    "Scenario",
    "bundled_scenario",
    "bundled_scenarios",
    "from_ascii",
    "load_scenario",
    "loads_scenario",
    "parse_scenario",
    "read_scenario",
]
