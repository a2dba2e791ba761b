"""JSON text: read with limits (size, depth, NaN refused with its place), written deterministically.

The documents of :mod:`brawl.io.json` go through here: what is refused here never reaches the
converter, and nothing is written that :func:`loads` would refuse.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from itertools import accumulate
from typing import Any

from brawl.errors import ScenarioError, StateError

SCHEMA = 1
"""Version of the JSON layout of event logs, action lists and encounters with small maps."""
SCHEMA_PACKED = 2
"""Version of an encounter whose map is saved in packed tiles; brawl reads schema 1 and 2."""
ACTIONS_SCHEMA = 2
"""Version of the JSON layout of action logs: each forced movement is saved as the record of its
verb (``Push``, ``Pull``, ``Slide``). Schema 1 saved them all as ``ForcedMove``; brawl reads both."""
MAX_DOCUMENT = 100_000_000
"""Largest JSON document accepted, in characters.

Above what the engine writes for any state it holds: a map's terrain is at most
``MAX_STORED_TILES`` packed tiles of two symbols a cell (about 34 million characters) and a
palette of ``MAX_CELL_KINDS`` cells, with room for ``MAX_CREATURES`` creatures and
``MAX_OBJECTS`` objects. A save checks it too, so nothing is written that would not load.
"""
MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted."""


def show(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, str | int | float | bool | None) else type(value).__name__
    if isinstance(value, list):
        text = "an array"
    elif isinstance(value, dict):
        text = "an object"
    return text if len(text) <= 40 else text[:37] + "..."


def dumps(data: Any) -> str:
    return "".join(pretty(data, 0)) + "\n"


def pretty(data: Any, indent: int, used: int = 0) -> Iterable[str]:
    """JSON with one line per value that fits in 100 columns, nested blocks otherwise."""
    flat = json.dumps(data, ensure_ascii=False)
    if len(flat) + indent + used <= 100 or not isinstance(data, dict | list) or not data:
        yield flat
        return
    pad = " " * (indent + 1)
    if isinstance(data, dict):
        yield "{"
        for i, (k, v) in enumerate(data.items()):
            key = json.dumps(k, ensure_ascii=False) + ": "
            yield ("\n" if i == 0 else ",\n") + pad + key
            yield from pretty(v, indent + 1, len(key))
        yield "\n" + " " * indent + "}"
    else:
        yield "["
        for i, v in enumerate(data):
            yield ("\n" if i == 0 else ",\n") + pad
            yield from pretty(v, indent + 1)
        yield "\n" + " " * indent + "]"


_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def depth_ok(text: str) -> bool:
    """Whether no array or object nests deeper than MAX_DEPTH (strings are skipped).

    The strings and everything but brackets are cut out by regular expressions, and the running
    depth is the running sum of +1 and -1 over what is left, all in C loops.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return True
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, map(ord, brackets))), default=0) <= MAX_DEPTH


def loads(text: str, source: str | None) -> Any:
    if not isinstance(text, str):
        raise ScenarioError(f"expected JSON text, got {type(text).__name__}", source=source)
    if len(text) > MAX_DOCUMENT:
        raise ScenarioError(f"document of {len(text)} characters: the limit is {MAX_DOCUMENT}", source=source)
    if not depth_ok(text):
        raise ScenarioError(f"arrays and objects nest deeper than {MAX_DEPTH} levels", source=source)
    try:
        data = json.loads(text, parse_constant=refuse_constant)
    except json.JSONDecodeError as exc:
        raise ScenarioError(
            f"invalid JSON: {exc.msg}", line=exc.lineno, column=exc.colno, source=source
        ) from None
    except _Constant as exc:
        line, column = place(text, exc.name)
        raise ScenarioError(f"invalid JSON: {exc}", line=line, column=column, source=source) from None
    except (ValueError, RecursionError) as exc:
        raise ScenarioError(f"invalid JSON: {exc}", source=source) from None
    if ("\\ud" in text or "\\uD" in text or not text.isascii()) and not _encodable(data):
        raise ScenarioError(
            "invalid JSON: a string holds a lone surrogate, which no file can hold", source=source
        )
    return data


def _encodable(node: Any) -> bool:
    """Whether every string of a parsed document can be written as UTF-8 (no lone surrogate)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


class _Constant(ValueError):
    """NaN, Infinity or -Infinity in a document: not numbers JSON allows."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name} is not a number JSON allows")
        self.name = name


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|-?Infinity|NaN')


def place(text: str, name: str) -> tuple[int | None, int | None]:
    """Line and column (from 1) of the first ``name`` outside a string in ``text``."""
    for match in _TOKENS.finditer(text):
        if match.group() == name:
            start = match.start()
            line = text.count("\n", 0, start) + 1
            return line, start - (text.rfind("\n", 0, start) + 1) + 1
    return None, None


def refuse_constant(name: str) -> Any:
    raise _Constant(name)


def checked_size(text: str) -> str:
    """``text`` if :func:`from_json` would read it: a save never writes what cannot load."""
    if len(text) > MAX_DOCUMENT:
        raise StateError(f"document of {len(text)} characters: over the loading limit of {MAX_DOCUMENT}")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise StateError("the document would hold a lone surrogate, which no file can hold") from None
    return text


def check_schema(data: Any, source: str | None, schemas: tuple[int, ...] = (SCHEMA,)) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ScenarioError(f"expected a JSON object at the top, got {show(data)}", source=source)
    schema = data.get("schema")
    if "schema" not in data:
        raise ScenarioError("required field missing", field="schema", source=source)
    if type(schema) is not int or schema not in schemas:
        raise ScenarioError(
            f"schema {show(schema)}: this version of brawl reads schema {' or '.join(map(str, schemas))}",
            field="schema",
            source=source,
        )
    return data
