"""JSON save and load of encounters and event logs, exact and deterministic.

``from_json(to_json(state)) == state`` for every valid state. The output is stable: keys and
set members are sorted, creatures keep their order and the terrain lists only the cells that
differ from the default map, sorted by position. Turn states and events are tagged with their
class name and found again through ``TurnState.registry`` and ``Event.registry``.

A malformed or hostile document raises :class:`~brawl.errors.ScenarioError` with the line and
column (syntax) or the field path (``creatures[2].size``), never anything else.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.strategies import configure_tagged_union, configure_union_passthrough

from brawl.abilities.model import (
    ApplyCondition,
    Choice,
    Damage,
    Drain,
    EdgeOrBane,
    Effect,
    Fall,
    ForcedMovement,
    GainResource,
    Healing,
    Instead,
    LoseRecoveries,
    NamedEffect,
    OneTarget,
    Shift,
    Simple,
    TextEffect,
)
from brawl.conditions import Condition
from brawl.creature import MAX_COUNT, Characteristics, Creature, MapObject
from brawl.errors import ArgumentTypeError, BrawlError, ScenarioError, StateError
from brawl.events.base import Event
from brawl.geometry import Pos
from brawl.io.hooks import TYPE_KEY as TYPE_KEY
from brawl.io.hooks import (
    _collection_structure_factory,
    _collection_unstructure_factory,
    _enum_structure,
    _fixed_tuple_structure_factory,
    _Invalid,
    _is_action,
    _is_collection,
    _is_enum,
    _is_event,
    _is_fixed_tuple,
    _is_map,
    _is_turn_state,
    _map_structure_factory,
    _map_unstructure_factory,
    _note,
    _pos_structure,
    _size_structure,
    _strict_bool,
    _strict_float,
    _strict_int,
    _strict_str,
    _tagged_structure_factory,
    _tagged_unstructure_factory,
)
from brawl.io.jsontext import (
    ACTIONS_SCHEMA,
    SCHEMA,
    SCHEMA_PACKED,
    check_schema,
    checked_size,
    dumps,
    loads,
    show,
)
from brawl.requests import Action
from brawl.rng import Rng
from brawl.rules.squads import check_squads
from brawl.rules.stamina import MAX_AMOUNT, death_threshold, would_die
from brawl.size import Size
from brawl.state import RULESETS, Encounter, TurnState
from brawl.statecheck import MAX_CREATURES, MAX_OBJECTS, too_many
from brawl.terrain import MAX_CELL_KINDS, MAX_STORED_TILES, TILE, TILE_CELLS, Cell, Material, Terrain

EXPLAIN_KEY = "explain"
"""Key of an event's readable line (:meth:`Event.explain`) in an event log; read back, it is checked
to be text and otherwise ignored, so logs written before it, or by another version, still load."""


PACK_FROM = 65_536
"""A map of more stored cells than this is saved in the packed layout of schema 2 (tiles)."""
MAX_LISTED_CELLS = 262_144
"""Most cells a document lists one by one (``[x, y, z, cell]``, schema 1 or the sparse cells of
schema 2): each costs microseconds to load where a packed tile of 1,024 costs about as much, so
a document within it loads in seconds. :func:`to_json` never lists more (it packs tiles)."""
ALPHABET = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
"""The 64 symbols of a packed tile's codes; "0" is the level's default cell."""
_DECODE = bytes(ALPHABET.index(b) if b in ALPHABET else 255 for b in range(256))
_SPARSE_COST = 24  # about the characters of one [x, y, z, k] entry of a sparse cell


def code_width(kinds: int) -> int:
    """Symbols per cell of a packed tile: 1 up to 63 kinds of cell, 2 up to 4,095."""
    return 1 if kinds < len(ALPHABET) else 2


def _cell_key(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def _terrain_unstructure(t: Terrain) -> dict[str, Any]:
    head = {
        "width": t.width,
        "depth": t.depth,
        "height": t.height,
        "below": t.below,
        "ground": t.ground.value,
    }
    if len(t.cells) <= PACK_FROM:
        cells = [[p.x, p.y, p.z, _CONVERTER.unstructure(c, Cell)] for p, c in sorted(t.cells.items())]
        return {**head, "cells": cells}
    # schema 2: one palette of the map's kinds of cell; each tile packed (one or two symbols a
    # cell, or just one cell's symbols when the whole tile is alike) or, when it holds few
    # cells, listed as [x, y, z, k] with k the cell's place in the palette (from 1)
    kinds = [(_cell_key(data), data, c) for c in t.cell_kinds() for data in [_CONVERTER.unstructure(c, Cell)]]
    kinds.sort(key=lambda k: k[0])
    index = {c: k for k, (_, _, c) in enumerate(kinds, 1)}
    w = code_width(len(kinds))
    tiles: list[list[Any]] = []
    sparse: list[list[int]] = []
    room = MAX_LISTED_CELLS  # past it, tiles are packed however few their cells
    for (z, ty, tx), (palette, codes) in sorted(t.tile_cells().items()):
        g = [0, *(index[c] for c in palette[1:])]
        narrow = len(codes) == TILE_CELLS
        stored = TILE_CELLS - (codes.count(0) if narrow else list(memoryview(codes).cast("H")).count(0))
        if narrow and codes.count(codes[:1]) == TILE_CELLS:
            tiles.append([z, ty, tx, _symbols(g[codes[0]], w)])
        elif stored * _SPARSE_COST >= TILE_CELLS * w or stored > room:
            tiles.append([z, ty, tx, _pack_tile(codes, g, w)])
        else:
            x0, y0 = tx * TILE, ty * TILE
            seq = codes if narrow else memoryview(codes).cast("H")
            sparse.extend([x0 + i % TILE, y0 + i // TILE, z, g[seq[i]]] for i in range(TILE_CELLS) if seq[i])
            room -= stored
    sparse.sort(key=lambda e: (e[0], e[1], e[2]))
    return {**head, "palette": [data for _, data, _ in kinds], "tiles": tiles, "cells": sparse}


def _symbols(code: int, w: int) -> str:
    return "".join(chr(ALPHABET[(code >> (6 * (w - 1 - d))) & 63]) for d in range(w))


def _pack_tile(codes: bytes, g: list[int], w: int) -> str:
    """The symbols of a tile's cells, row by row, through one table per symbol of a code."""
    if len(codes) != TILE_CELLS:  # more than 256 kinds in the tile: two bytes a code
        seq = memoryview(codes).cast("H")
        return "".join(_symbols(g[c], w) for c in seq)
    out = bytearray(w * TILE_CELLS)
    for d in range(w):
        table = bytearray(256)
        for k, gk in enumerate(g):
            table[k] = ALPHABET[(gk >> (6 * (w - 1 - d))) & 63]
        out[d::w] = codes.translate(table)
    return out.decode("ascii")


def _unpack_tile(text: Any, w: int, kinds: int) -> list[int] | bytes:
    """The map codes (0: default, k: palette[k - 1]) of a packed tile's symbols."""
    if not isinstance(text, str) or len(text) not in (w, w * TILE_CELLS) or not text.isascii():
        raise _Invalid(f"expected {w} or {w * TILE_CELLS:,} symbols of {ALPHABET.decode()}, got {show(text)}")
    digits = text.encode("ascii").translate(_DECODE)
    if 255 in digits:
        raise _Invalid(f"a symbol that is not one of {ALPHABET.decode()}")
    if w == 1:
        codes: list[int] | bytes = digits if len(digits) == TILE_CELLS else digits * TILE_CELLS
    else:
        vals = [h * 64 + lo for h, lo in zip(digits[0::2], digits[1::2], strict=True)]
        codes = vals if len(vals) == TILE_CELLS else vals * TILE_CELLS
    if codes.translate(None, bytes(range(kinds + 1))) if isinstance(codes, bytes) else max(codes) > kinds:
        raise _Invalid(f"code {max(codes)}: the palette has {kinds} kinds of cell")
    return codes


def _terrain_structure(value: Any, _: Any) -> Terrain:
    body = _object(value, ("width", "depth"), ("height", "below", "ground", "cells", "palette", "tiles"))
    width = _field(body, "width", int, Terrain)
    depth = _field(body, "depth", int, Terrain)
    height = _field(body, "height", int, Terrain, 20)
    below = _field(body, "below", int, Terrain, 10)
    ground = _field(body, "ground", Material, Terrain, Material.DIRT)
    palette: tuple[Cell, ...] = _field(body, "palette", tuple[Cell, ...], Terrain, ())
    if len(palette) > MAX_CELL_KINDS:
        raise _Invalid(
            f"palette of {len(palette):,} kinds of cell: at most {MAX_CELL_KINDS:,} (MAX_CELL_KINDS)"
        )
    raw_tiles = body.get("tiles", [])
    raw_cells = body.get("cells", [])
    for name, raw, limit, reason in (
        ("tiles", raw_tiles, MAX_STORED_TILES, "a map holds at most {:,} (MAX_STORED_TILES)"),
        (
            "cells",
            raw_cells,
            MAX_LISTED_CELLS,
            "a document lists at most {:,} cells one by one (MAX_LISTED_CELLS); save a bigger map packed",
        ),
    ):
        if not isinstance(raw, list):
            raise ClassValidationError(
                f"invalid {name}",
                [_attr_error(_Invalid(f"expected an array, got {show(raw)}"), name)],
                Terrain,
            )
        if len(raw) > limit:
            refused = _Invalid(f"{len(raw):,} entries: " + reason.format(limit))
            raise ClassValidationError(f"invalid {name}", [_attr_error(refused, name)], Terrain)
    w = code_width(len(palette))
    tiles: dict[tuple[int, int, int], tuple[tuple[Cell, ...], bytes]] = {}
    defaults = {True: Cell(ground), False: Cell()}  # the default cell below z = 0 and from it up
    errors: list[Exception] = []
    for index, item in enumerate(raw_tiles):
        try:
            if not isinstance(item, list) or len(item) != 4:
                raise _Invalid(f'expected [z, y // 32, x // 32, "symbols"], got {show(item)}')
            z, ty, tx = _pos_structure(item[:3], Pos)
            key = (z, ty, tx)
            if key in tiles:
                raise _Invalid(f"tile {key} is listed twice")
            if not (-below <= z < height and 0 <= ty * TILE < depth and 0 <= tx * TILE < width):
                raise _Invalid(f"tile {key} is off the map")
            codes = _unpack_tile(item[3], w, len(palette))
            kinds = (defaults[z < 0], *palette)
            if len(kinds) <= 256:
                packed = bytes(codes)
            else:
                packed = b"".join(c.to_bytes(2, "little") for c in codes)
            tiles[key] = (kinds, packed)
        except Exception as exc:  # re-raised below with the path tiles[index]
            _note(exc, IterableValidationNote(f"Structuring index {index}", index, str))
            errors.append(exc)
    if errors:
        raise ClassValidationError(
            "invalid terrain", [_attr_error(IterableValidationError("tiles", errors, list), "tiles")], Terrain
        )
    cells: dict[Pos, Cell] = {}
    built: dict[tuple[tuple[Any, type, Any], ...], Cell] = {}
    for index, item in enumerate(raw_cells):
        try:
            if not isinstance(item, list) or len(item) != 4:
                raise _Invalid(f"expected [x, y, z, {{cell}}] or [x, y, z, k], got {show(item)}")
            pos = _pos_structure(item[:3], Pos)
            if pos in cells:
                raise _Invalid(f"cell {tuple(pos)} is listed twice")
            if (pos.z, pos.y // TILE, pos.x // TILE) in tiles:
                raise _Invalid(f"cell {tuple(pos)} lies in a packed tile")
            kind = item[3]
            if isinstance(kind, int) and not isinstance(kind, bool):
                if not 1 <= kind <= len(palette):
                    raise _Invalid(f"kind {kind}: the palette has {len(palette)} kinds of cell (from 1)")
                cells[pos] = palette[kind - 1]
            else:
                # a cell object like one already read (the same fields, types and values) is that cell
                fields = tuple((k, type(v), v) for k, v in kind.items()) if type(kind) is dict else ()
                plain = bool(fields) and all(t in _SCALARS for _, t, _ in fields)
                cell = built.get(fields) if plain else None
                if cell is None:
                    cell = _CONVERTER.structure(kind, Cell)
                    if plain:
                        built[fields] = cell
                cells[pos] = cell
        except Exception as exc:  # re-raised below with the path cells[index]
            _note(exc, IterableValidationNote(f"Structuring index {index}", index, Cell))
            errors.append(exc)
    if errors:
        raise ClassValidationError(
            "invalid terrain", [_attr_error(IterableValidationError("cells", errors, list), "cells")], Terrain
        )
    if tiles:
        terrain = Terrain.from_tiles(width, depth, tiles, height=height, below=below, ground=ground)
        return terrain.with_cells(cells) if cells else terrain
    return Terrain(width, depth, height=height, below=below, ground=ground, cells=cells)


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Types of the plain values of a cell object, by which a cell read once is known again."""


def _attr_error(exc: Exception, name: str) -> Exception:
    _note(exc, AttributeValidationNote(f"Structuring {name}", name, Any))
    return exc


def _field(body: dict[str, Any], name: str, t: Any, owner: type, default: Any = attrs.NOTHING) -> Any:
    if name not in body:
        if default is attrs.NOTHING:
            raise ClassValidationError(f"missing {name}", [_attr_error(KeyError(name), name)], owner)
        return default
    try:
        return _CONVERTER.structure(body[name], t)
    except Exception as exc:  # re-raised with the field name as its path
        raise ClassValidationError(f"invalid {name}", [_attr_error(exc, name)], owner) from None


def _object(value: Any, required: tuple[str, ...], optional: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Invalid(f"expected an object, got {show(value)}")
    extra = sorted(set(value) - set(required) - set(optional))
    if extra:
        raise ForbiddenExtraKeysError("", dict, set(extra))
    return value


def _encounter_unstructure(enc: Encounter) -> dict[str, Any]:
    terrain = _terrain_unstructure(enc.terrain)
    return {
        "schema": SCHEMA_PACKED if "tiles" in terrain else SCHEMA,
        "terrain": terrain,
        "creatures": [_CONVERTER.unstructure(c, Creature) for c in enc.creature_list()],
        "objects": [_CONVERTER.unstructure(enc.objects[k], MapObject) for k in sorted(enc.objects)],
        "turn": None if enc.turn is None else _CONVERTER.unstructure(enc.turn, TurnState),
        "round": enc.round,
        "rng": {"seed": enc.rng.seed, "counter": enc.rng.counter},
        **({"rides": dict(sorted(enc.rides.items()))} if enc.rides else {}),
        **{
            name: _CONVERTER.unstructure(game, RULESETS[name].kind)
            for name, game in sorted(enc.games.items())
        },
    }


def _encounter_structure(value: Any, _: Any) -> Encounter:
    body = _object(
        value, ("schema", "terrain"), ("creatures", "objects", "turn", "round", "rng", "rides", *RULESETS)
    )
    terrain = _field(body, "terrain", Terrain, Encounter)
    creatures = _field(body, "creatures", tuple[Creature, ...], Encounter, ())
    objects = _field(body, "objects", tuple[MapObject, ...], Encounter, ())
    turn = None if body.get("turn") is None else _field(body, "turn", TurnState, Encounter)
    rng = _field(body, "rng", Rng, Encounter, Rng())
    return Encounter(
        terrain,
        creatures,
        objects,
        order=tuple(c.id for c in creatures),
        turn=turn,
        round=_field(body, "round", int, Encounter, 0),
        rng=rng,
        rides=_field(body, "rides", dict[str, str], Encounter, {}),
        games={name: _field(body, name, RULESETS[name].kind | None, Encounter, None) for name in RULESETS},
    )


EFFECT_TAGS: dict[type, str] = {
    Damage: "damage",
    ForcedMovement: "forced",
    ApplyCondition: "condition",
    NamedEffect: "named",
    Shift: "shift",
    Fall: "fall",
    GainResource: "gain",
    Healing: "heal",
    LoseRecoveries: "recoveries",
    EdgeOrBane: "edge",
    TextEffect: "text",
    Choice: "choice",
    Instead: "instead",
    OneTarget: "one_target",
    Drain: "drain",
}
"""The tag of each kind of ability effect in JSON."""
EFFECT_KEY = "effect"
"""Key that tags an ability effect with its kind (``{"effect": "damage", "amount": 6}``)."""


def _make_converter() -> cattrs.Converter:
    for cls in (Cell, Creature, MapObject, Condition, Characteristics, Rng):
        attrs.resolve_types(cls)
    conv = cattrs.Converter(omit_if_default=True, forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(str, _strict_str)  # also receives the string enums
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(float, _strict_float)
    configure_union_passthrough(int | str | bool | float | None, conv)
    conv.register_structure_hook_func(_is_enum, _enum_structure)
    conv.register_unstructure_hook_factory(_is_collection, _collection_unstructure_factory)
    conv.register_structure_hook_factory(_is_collection, _collection_structure_factory)
    conv.register_structure_hook_factory(_is_fixed_tuple, _fixed_tuple_structure_factory)
    conv.register_unstructure_hook_factory(_is_map, _map_unstructure_factory)
    conv.register_structure_hook_factory(_is_map, _map_structure_factory)
    conv.register_unstructure_hook_factory(_is_turn_state, _tagged_unstructure_factory)
    conv.register_structure_hook_factory(_is_turn_state, _tagged_structure_factory)
    conv.register_unstructure_hook_factory(_is_event, _tagged_unstructure_factory)
    conv.register_structure_hook_factory(_is_event, _tagged_structure_factory)
    conv.register_unstructure_hook_factory(_is_action, _tagged_unstructure_factory)
    conv.register_structure_hook_factory(_is_action, _tagged_structure_factory)
    conv.register_unstructure_hook(Pos, lambda p: [p.x, p.y, p.z])
    conv.register_structure_hook(Pos, _pos_structure)
    conv.register_unstructure_hook(Size, str)
    conv.register_structure_hook(Size, _size_structure)
    conv.register_unstructure_hook(Terrain, _terrain_unstructure)
    conv.register_structure_hook(Terrain, _terrain_structure)
    conv.register_unstructure_hook(Encounter, _encounter_unstructure)
    conv.register_structure_hook(Encounter, _encounter_structure)
    # an ability's effects: tagged by kind ({"effect": "damage", "amount": 6, ...})
    configure_tagged_union(Effect, conv, tag_generator=EFFECT_TAGS.__getitem__, tag_name=EFFECT_KEY)
    configure_tagged_union(Simple, conv, tag_generator=EFFECT_TAGS.__getitem__, tag_name=EFFECT_KEY)
    return conv


_CONVERTER = _make_converter()


def converter() -> cattrs.Converter:
    """The cattrs converter brawl uses: strict types, sorted sets and maps, tagged turn states and events."""
    return _CONVERTER


# --- errors -----------------------------------------------------------------------------------------
def _error_path(exc: BaseException, path: str) -> list[tuple[str, BaseException]]:
    """Flatten a cattrs error tree into (field path, leaf error) pairs."""
    if isinstance(exc, ClassValidationError | IterableValidationError):
        out: list[tuple[str, BaseException]] = []
        for sub in exc.exceptions:
            out.extend(_error_path(sub, path + _step(sub)))
        return out
    return [(path, exc)]


def _step(exc: BaseException) -> str:
    for note in reversed(getattr(exc, "__notes__", [])):
        if isinstance(note, IterableValidationNote):
            return f"[{note.index}]"
        if isinstance(note, AttributeValidationNote):
            name = note.name
            return f".{name}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) else f"[{name!r}]"
    return ""


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown field(s) {', '.join(repr(k) for k in sorted(exc.extra_fields))}"
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, BrawlError | ValueError):
        return str(exc)
    if isinstance(exc, TypeError) and "not part of" in str(exc):
        return f"{str(exc).split(' (')[0]}: not a value this field allows"
    return f"invalid value ({type(exc).__name__}: {exc})"


def structure_error(exc: BaseException, *, prefix: str = "", source: str | None = None) -> ScenarioError:
    """A :class:`ScenarioError` naming the first bad field of a failed structuring."""
    leaves = _error_path(exc, "")
    path, leaf = leaves[0] if leaves else ("", exc)
    if isinstance(leaf, ForbiddenExtraKeysError) and leaf.extra_fields:
        path += "." + sorted(leaf.extra_fields)[0]
    field = (prefix + path).lstrip(".") or None
    more = f" (and {len(leaves) - 1} more problem(s))" if len(leaves) > 1 else ""
    return ScenarioError(_describe(leaf) + more, field=field, source=source)


def structure(value: Any, t: type[Any] | Any, *, prefix: str = "", source: str | None = None) -> Any:
    """Structure plain data into ``t`` with brawl's converter, or raise :class:`ScenarioError`."""
    try:
        return _CONVERTER.structure(value, t)
    except ScenarioError:
        raise
    except RecursionError:
        raise ScenarioError("nested too deeply", field=prefix or None, source=source) from None
    except Exception as exc:  # every failure inside the converter becomes a ScenarioError
        raise structure_error(exc, prefix=prefix, source=source) from None


def unstructure(value: Any, t: Any = None) -> Any:
    """Plain JSON-ready data for any brawl value (Encounter, Creature, Event, ...)."""
    return _CONVERTER.unstructure(value, t if t is not None else type(value))


# --- documents --------------------------------------------------------------------------------------
def to_json(state: Encounter) -> str:
    """The encounter as a JSON document, deterministic and exact.

    ``"schema": 1``, or 2 when the map holds more than :data:`PACK_FROM` stored cells and its
    tiles are packed (a palette of cells and one or two symbols a cell, see the scenarios page).
    """
    if not isinstance(state, Encounter):
        raise ArgumentTypeError(f"to_json(state={state!r}): expected an Encounter", rule=())
    return checked_size(dumps(_encounter_unstructure(state)))


def _check_counts(data: dict[str, Any], source: str | None) -> None:
    """Refuse too many creatures or objects before building any record of them."""
    for key, limit in (("creatures", MAX_CREATURES), ("objects", MAX_OBJECTS)):
        items = data.get(key)
        refused = too_many(len(items), limit, key) if isinstance(items, list) else None
        if refused:
            raise ScenarioError(refused, field=key, source=source)


_TOP_FIELDS = ("round", "turn")
"""Fields of a saved encounter checked as a whole when it is built, named by their checks."""


def refuse_impossible(enc: Encounter, source: str | None = None) -> None:
    """Raise :class:`ScenarioError`, naming the field, for what no rule produces though each record
    accepts it: a round with no combat (DS-END-01), a living hero at or below its death threshold
    (DS-STAM-08, R-STAM-1), temporary Stamina above the largest gain (``MAX_AMOUNT``, DS-STAM-21),
    a recoveries maximum above ``MAX_COUNT``. The turn state's own checks refuse a turn in
    progress with nothing spent recorded (its economy)."""
    if enc.turn is None and enc.round != 0:
        raise ScenarioError(
            f"round {enc.round} with no combat: out of combat the round is 0 (DS-END-01)",
            field="round",
            source=source,
        )
    for index, c in enumerate(enc.creature_list()):
        where = f"creatures[{index}]"
        if c.hero and not c.dead and would_die(c, c.stamina):
            raise ScenarioError(
                f"hero {c.id!r} alive at Stamina {c.stamina}: a hero dies at {death_threshold(c)}, "
                "the negative of its winded value (DS-STAM-08, R-STAM-1)",
                field=f"{where}.stamina",
                source=source,
            )
        if c.temporary_stamina > MAX_AMOUNT:
            raise ScenarioError(
                f"{c.id!r}: temporary Stamina {c.temporary_stamina} above {MAX_AMOUNT:,}, the largest gain "
                "(the greater is kept, DS-STAM-21)",
                field=f"{where}.temporary_stamina",
                source=source,
            )
        if c.recoveries_max > MAX_COUNT:
            raise ScenarioError(
                f"{c.id!r}: recoveries_max {c.recoveries_max} above {MAX_COUNT:,} (MAX_COUNT)",
                field=f"{where}.recoveries_max",
                source=source,
            )


def from_json(text: str, *, source: str | None = None) -> Encounter:
    """The encounter saved by :func:`to_json`; a malformed document, or one holding what no rule
    produces (:func:`refuse_impossible`), raises :class:`ScenarioError`."""
    data = check_schema(loads(text, source), source, (SCHEMA, SCHEMA_PACKED))
    _check_counts(data, source)
    try:
        enc: Encounter = structure(data, Encounter, source=source)
    except BrawlError as exc:
        reason = exc.reason if isinstance(exc, ScenarioError) else str(exc)
        # the checks run as the encounter is built speak of "round ..." or "turn <field> ..."
        field = next((k for k in _TOP_FIELDS if reason.startswith(k + " ")), None)
        if isinstance(exc, ScenarioError) and (exc.field is not None or field is None):
            raise
        raise ScenarioError(reason, field=field, source=source) from None
    refuse_impossible(enc, source)
    try:
        check_squads(enc)  # RB-SQUAD-01, RB-CAPT-02
    except StateError as exc:
        raise ScenarioError(str(exc), field="creatures", source=source) from None
    return enc


def event_data(event: Event) -> dict[str, Any]:
    """One event as plain JSON data: its class, its fields and its readable line (``"explain"``)."""
    return {**_CONVERTER.unstructure(event, Event), EXPLAIN_KEY: event.explain()}


def without_explain(items: Any, prefix: str, source: str | None) -> Any:
    """The events of a log with their ``"explain"`` text checked and dropped (it is derived)."""
    if not isinstance(items, list):
        return items
    out: list[Any] = []
    for index, item in enumerate(items):
        if isinstance(item, dict) and EXPLAIN_KEY in item:
            if not isinstance(item[EXPLAIN_KEY], str):
                got = show(item[EXPLAIN_KEY])
                where = f"{prefix}[{index}].{EXPLAIN_KEY}"
                raise ScenarioError(f"expected a string, got {got}", field=where, source=source)
            item = {k: v for k, v in item.items() if k != EXPLAIN_KEY}
        out.append(item)
    return out


def events_to_json(events: Iterable[Event]) -> str:
    """An event log as a JSON document: ``{"schema": 1, "events": [{"class": "Damaged", ...}]}``.

    Each event also carries its :meth:`~brawl.Event.explain` line under ``"explain"``.
    """
    items = _items(events, Event, "events_to_json(events)")
    return checked_size(dumps({"schema": SCHEMA, "events": [event_data(e) for e in items]}))


def events_from_json(text: str, *, source: str | None = None) -> tuple[Event, ...]:
    """The events saved by :func:`events_to_json`."""
    data = check_schema(loads(text, source), source)
    extra = sorted(set(data) - {"schema", "events"})
    if extra:
        raise ScenarioError("unknown field", field=extra[0], source=source)
    if "events" not in data:
        raise ScenarioError("required field missing", field="events", source=source)
    items = without_explain(data["events"], "events", source)
    events: tuple[Event, ...] = structure(items, tuple[Event, ...], prefix="events", source=source)
    return events


def actions_to_json(actions: Iterable[Action]) -> str:
    """A list of actions as a JSON document: ``{"schema": 2, "actions": [{"class": "Move", ...}]}``."""
    items = _items(actions, Action, "actions_to_json(actions)")
    return checked_size(
        dumps({"schema": ACTIONS_SCHEMA, "actions": [_CONVERTER.unstructure(a, Action) for a in items]})
    )


FORCED_BY_KIND = {"push": "Push", "pull": "Pull", "slide": "Slide"}
"""The record of each kind of forced movement, by the ``kind`` a schema 1 ``ForcedMove`` names."""
_NOT_OF_KIND = {"Push": "path", "Pull": "path", "Slide": "direction"}
"""The field of ``ForcedMove`` the record of each kind has not: set, the record stays ForcedMove."""


def upgraded(item: Any) -> Any:
    """An action of a schema 1 log as schema 2 saves it: a ``ForcedMove`` of one kind becomes the
    record of its verb (``Push``, ``Pull``, ``Slide``), in requests it wraps too. Anything else,
    or a ``ForcedMove`` whose fields that record lacks, is returned as it is."""
    if isinstance(item, list):
        return [upgraded(v) for v in item]
    if not isinstance(item, dict):
        return item
    body = {k: upgraded(v) for k, v in item.items()}
    if body.get(TYPE_KEY) != "ForcedMove":
        return body
    kind = body.get("kind")
    name = FORCED_BY_KIND.get(kind) if isinstance(kind, str) else None
    if name is None or body.get(_NOT_OF_KIND[name]) is not None or (name == "Slide" and "path" not in body):
        return body
    fields = {k: v for k, v in body.items() if k not in ("kind", TYPE_KEY, _NOT_OF_KIND[name])}
    return {TYPE_KEY: name, "source": None, **fields}


def _items(values: object, cls: type[Any], what: str) -> list[Any]:
    """The records of an iterable, each an instance of ``cls``, or :class:`ArgumentTypeError`."""
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise ArgumentTypeError(
            f"{what}: expected an iterable of {cls.__name__} records, got {show(values)}", rule=()
        )
    items = list(values)
    for item in items:
        if not isinstance(item, cls):
            raise ArgumentTypeError(f"{what}: {type(item).__name__} is not an {cls.__name__}", rule=())
    return items


def action_from_json(data: str | Mapping[str, Any], *, source: str | None = None) -> Action:
    """One action from its JSON text or its plain data (``{"class": "Move", "creature": "kira",
    ...}``), as :func:`actions_to_json` writes each one and JSON-RPC clients send it."""
    if isinstance(data, str):
        data = loads(data, source)
    if not isinstance(data, Mapping):
        raise ArgumentTypeError(
            f"action_from_json(data={show(data)}): expected an action's JSON text or a dict", rule=()
        )
    action: Action = structure(dict(data), Action, source=source)
    return action


def actions_from_json(text: str, *, source: str | None = None) -> tuple[Action, ...]:
    """The actions saved by :func:`actions_to_json`, ready for :func:`brawl.replay`.

    A log of schema 1 loads too: its forced movements become the records schema 2 saves
    (:func:`upgraded`)."""
    data = check_schema(loads(text, source), source, (SCHEMA, ACTIONS_SCHEMA))
    extra = sorted(set(data) - {"schema", "actions"})
    if extra:
        raise ScenarioError("unknown field", field=extra[0], source=source)
    if "actions" not in data:
        raise ScenarioError("required field missing", field="actions", source=source)
    items = data["actions"] if data["schema"] == ACTIONS_SCHEMA else upgraded(data["actions"])
    actions: tuple[Action, ...] = structure(items, tuple[Action, ...], prefix="actions", source=source)
    return actions


__all__ = [
    "ACTIONS_SCHEMA",
    "ALPHABET",
    "EFFECT_KEY",
    "EFFECT_TAGS",
    "FORCED_BY_KIND",
    "MAX_LISTED_CELLS",
    "PACK_FROM",
    "SCHEMA",
    "SCHEMA_PACKED",
    "action_from_json",
    "actions_from_json",
    "actions_to_json",
    "code_width",
    "converter",
    "event_data",
    "events_from_json",
    "events_to_json",
    "from_json",
    "structure",
    "to_json",
    "unstructure",
    "upgraded",
]
