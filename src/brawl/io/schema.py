"""JSON Schemas of brawl's documents (a save, an action log, an event log), generated from the records.

The schemas follow what :mod:`brawl.io.json` writes: every attrs record is an object of its
fields (those with a default may be left out, no others allowed); turn states, actions and
events are tagged with ``"class"``; positions are ``[x, y, z]``; maps with text keys are
objects, other maps arrays of ``[key, value]`` pairs; sets are sorted arrays. An event may carry
its ``"explain"`` line. They describe the documents' shape; the rules' ranges (a size from 2
up, a distance that is not negative) are checked when a document is loaded.

The JSON-RPC methods' description (:mod:`brawl.server.discover`) builds on these; regenerate every
file under ``schemas/`` with::

    python -m brawl.server.discover schemas

(``python -m brawl.io.schema schemas`` writes the three documents' schemas alone). A test keeps
them equal to what the generators give.
"""

from __future__ import annotations

import enum
import json
import sys
import types
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs
import immutables

from brawl.cells import Cell, Material
from brawl.creature import Creature, MapObject
from brawl.events.base import Event
from brawl.geometry import Pos
from brawl.io.hooks import TYPE_KEY
from brawl.io.json import EFFECT_KEY, EFFECT_TAGS, EXPLAIN_KEY
from brawl.io.jsontext import ACTIONS_SCHEMA, SCHEMA
from brawl.requests import Action
from brawl.rng import Rng
from brawl.size import Size
from brawl.state import Encounter, TurnState

DRAFT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of the files."""
Schema = dict[str, Any]


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().split("\n")[0].strip()


def _tagged(base: type) -> list[type]:
    """The registered subclasses of a tagged base that brawl itself defines, by name."""
    registry: Mapping[str, type]
    if base is Event:
        registry = Event.registry
    elif base is Action:
        registry = Action.registry
    else:
        registry = TurnState.registry
    return [registry[n] for n in sorted(registry) if registry[n].__module__.startswith("brawl.")]


class Generator:
    """Builds schemas, collecting every record met under ``$defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, Schema] = {}

    def of(self, t: Any) -> Schema:
        """The schema of a value of type ``t`` as brawl's JSON writes it."""
        if t is Any or t is object:
            return {}
        if t is type(None) or t is None:
            return {"type": "null"}
        if t is bool:
            return {"type": "boolean"}
        if t is int:
            return {"type": "integer"}
        if t is float:
            return {"type": "number"}
        if t is str:
            return {"type": "string"}
        origin = typing.get_origin(t)
        args = typing.get_args(t)
        if origin is typing.Literal:
            return {"enum": list(args)}
        if origin in (typing.Union, types.UnionType) and set(args) <= set(EFFECT_TAGS):
            return {"oneOf": [self._record(a, tagged=False) for a in args]}  # tagged by EFFECT_KEY
        if origin in (typing.Union, types.UnionType):
            return self._union([self.of(a) for a in args])
        if origin in (tuple, list, frozenset, set):
            if origin is tuple and args and args[-1] is not Ellipsis:
                items = [self.of(a) for a in args]
                return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}
            out: Schema = {"type": "array", "items": self.of(args[0]) if args else {}}
            if origin in (frozenset, set):
                out["uniqueItems"] = True
            return out
        if t is immutables.Map or origin in (immutables.Map, dict):
            key, value = (*args, Any, Any)[:2]
            if key is str or (isinstance(key, type) and issubclass(key, str)):
                return {"type": "object", "additionalProperties": self.of(value)}
            pair = [self.of(key), self.of(value)]
            return {
                "type": "array",
                "items": {"type": "array", "prefixItems": pair, "minItems": 2, "maxItems": 2},
            }
        if isinstance(t, type):
            return self._named(t)
        return {}

    def _union(self, parts: list[Schema]) -> Schema:
        simple = [p for p in parts if set(p) == {"type"} and isinstance(p["type"], str)]
        if len(simple) == len(parts):
            return {"type": [p["type"] for p in parts]}
        return {"anyOf": parts}

    def _named(self, t: type) -> Schema:
        name = t.__name__
        if name in self.defs:
            return _ref(name)
        if issubclass(t, enum.Enum):
            self.defs[name] = {"description": _first_line(t.__doc__), "enum": [m.value for m in t]}
        elif t is Pos:
            self.defs[name] = {
                "description": "a position [x, y, z] in squares",
                "type": "array",
                "prefixItems": [{"type": "integer"}] * 3,
                "minItems": 3,
                "maxItems": 3,
            }
        elif t is Size:
            self.defs[name] = {
                "description": 'a size: "1T", "1S", "1M", "1L", or a whole number of squares from 2 up',
                "type": ["string", "integer"],
                "pattern": "^(1[TSMLtsml]|[0-9]+)$",
            }
        elif t is Encounter:
            self.defs[name] = {}  # reserved first: its fields refer to it no more, but the order is fixed
            self.defs[name] = self._encounter()
        elif t in (TurnState, Event, Action):
            self.defs[name] = {}
            self.defs[name] = {
                "description": _first_line(t.__doc__),
                "oneOf": [self._record(c, tagged=True) for c in _tagged(t)],
            }
        elif attrs.has(t):
            tag = issubclass(t, TurnState | Event | Action)
            if tag:
                return self._named(next(b for b in (TurnState, Event, Action) if issubclass(t, b)))
            self.defs[name] = {}
            self.defs[name] = self._object(t, tagged=False)
        else:
            return {}
        return _ref(name)

    def _record(self, t: type, *, tagged: bool) -> Schema:
        if t.__name__ not in self.defs:
            self.defs[t.__name__] = {}
            self.defs[t.__name__] = self._object(t, tagged=tagged)
        return _ref(t.__name__)

    def _object(self, t: type, *, tagged: bool) -> Schema:
        attrs.resolve_types(t)
        properties: Schema = {}
        required: list[str] = []
        if tagged:
            properties[TYPE_KEY] = {"const": t.__name__}
            required.append(TYPE_KEY)
        if t in EFFECT_TAGS:  # an ability effect carries its kind (brawl.io.json.EFFECT_TAGS)
            properties[EFFECT_KEY] = {"const": EFFECT_TAGS[t]}
            required.append(EFFECT_KEY)
        for field in attrs.fields(t):
            if not field.init:  # fixed by the class (a Push's kind): never written, refused on load
                continue
            schema = self.of(field.type)
            default = field.default
            if default is attrs.NOTHING:
                required.append(field.name)
            elif default is None or isinstance(default, bool | int | float | str):
                schema = {**schema, "default": default.value if isinstance(default, enum.Enum) else default}
            properties[field.name] = schema
        if tagged and issubclass(t, Event):
            properties[EXPLAIN_KEY] = {
                "type": "string",
                "description": "the event's readable line (ignored on load)",
            }
        return {
            "description": _first_line(t.__doc__),
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }

    def _encounter(self) -> Schema:
        cell = self.of(Cell)
        terrain = {
            "description": "the map: its size and the cells that differ from the ground, sorted by position",
            "type": "object",
            "properties": {
                "width": {"type": "integer"},
                "depth": {"type": "integer"},
                "height": {"type": "integer", "default": 20},
                "below": {"type": "integer", "default": 10},
                "ground": {**self.of(Material), "default": Material.DIRT.value},
                "cells": {
                    "type": "array",
                    "items": {
                        "type": "array",
                        "prefixItems": [{"type": "integer"}] * 3 + [cell],
                        "minItems": 4,
                        "maxItems": 4,
                    },
                },
            },
            "required": ["width", "depth"],
            "additionalProperties": False,
        }
        return {
            "description": _first_line(Encounter.__doc__),
            "type": "object",
            "properties": {
                "schema": {"const": SCHEMA},
                "terrain": terrain,
                "creatures": {"type": "array", "items": self.of(Creature)},
                "objects": {"type": "array", "items": self.of(MapObject)},
                "turn": {"anyOf": [self.of(TurnState), {"type": "null"}]},
                "round": {"type": "integer", "default": 0},
                "rng": self.of(Rng),
                "rides": {"type": "object", "additionalProperties": {"type": "string"}},
            },
            "required": ["schema", "terrain"],
            "additionalProperties": False,
        }


def _document(title: str, description: str, body: Schema, gen: Generator) -> Schema:
    return {
        "$schema": DRAFT,
        "title": title,
        "description": description,
        **body,
        "$defs": dict(sorted(gen.defs.items())),
    }


def state_schema() -> Schema:
    """The schema of a state: the document :func:`brawl.to_json` writes."""
    gen = Generator()
    top = gen.of(Encounter)
    return _document("brawl state", "An encounter as brawl.to_json writes it (schema 1).", top, gen)


def _log(key: str, item: Any, version: int = SCHEMA) -> Schema:
    gen = Generator()
    items = gen.of(item)
    body = {
        "type": "object",
        "properties": {"schema": {"const": version}, key: {"type": "array", "items": items}},
        "required": ["schema", key],
        "additionalProperties": False,
    }
    writer = f"brawl.{key}_to_json"
    return _document(f"brawl {key}", f"A list of {key} as {writer} writes it (schema {version}).", body, gen)


def actions_schema() -> Schema:
    """The schema of an action log: the document :func:`brawl.actions_to_json` writes."""
    return _log("actions", Action, ACTIONS_SCHEMA)


def events_schema() -> Schema:
    """The schema of an event log: the document :func:`brawl.events_to_json` writes."""
    return _log("events", Event)


SCHEMAS: dict[str, Callable[[], Schema]] = {
    "state.schema.json": state_schema,
    "actions.schema.json": actions_schema,
    "events.schema.json": events_schema,
}
"""The document schemas under ``schemas/`` and the functions that generate them (the methods'
description is :data:`brawl.server.discover.SCHEMAS`'s)."""


def text(schema: Schema) -> str:
    """A schema as the text of its file."""
    return json.dumps(schema, indent=1, ensure_ascii=False) + "\n"


def write(folder: str | Path, schemas: Mapping[str, Callable[[], Schema]] = SCHEMAS) -> list[Path]:
    """Write each of ``schemas`` (file name: generator) into ``folder``; the paths written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in schemas.items():
        path = out / name
        path.write_text(text(make()), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write(sys.argv[1] if len(sys.argv) > 1 else "schemas"):
        print(path)
