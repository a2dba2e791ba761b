"""brawl's own stat block files: TOML, one creature or a whole group per file.

A file holds ``[[monsters]]`` (:class:`~brawl.statblocks.model.StatBlock`) and ``[[heroes]]``
(:class:`~brawl.statblocks.model.HeroSheet`) tables whose keys are the records' fields; the
layout is described in ``docs/statblocks.md`` and by the JSON Schema
``schemas/statblocks.schema.json``. Where the game has a notation, a string stands for a table:
``distance = "Ranged 10"``, ``target = "One creature"``, ``cost = "3 Malice"``, and each of a power
roll's ``tiers`` may be its printed text (``"5 damage; A < 1 slowed (save ends)"``), read with
:func:`brawl.parse_tier`.

:func:`dumps_statblocks` writes what :func:`parse_statblocks` reads back equal: it uses the short
form of a value only when reading it back gives the same record, and tables otherwise.
"""

from __future__ import annotations

import math
import re
import sys
import tomllib
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

import brawl.statblocks.text as notation
from brawl.abilities.model import Ability, Cost, Distance, Target, Tier
from brawl.abilities.parse import parse_tier
from brawl.errors import ArgumentTypeError, ScenarioError, StateError
from brawl.io.json import structure, unstructure
from brawl.io.scenariofields import Where, kind
from brawl.statblocks.model import HeroSheet, StatBlock, Trait

SCHEMA = 1
"""Version of the stat block file layout; a file may say ``schema = 1``."""
MAX_FILE = 5_000_000
"""Largest stat block file read, in characters."""
MAX_BLOCKS = 5_000
"""Most stat blocks one file may hold."""
EACH = "each"
"""A target's ``count`` when it is every one in the area (``None`` in the record)."""

for _cls in (Trait, StatBlock, HeroSheet):
    attrs.resolve_types(_cls)


# --- reading ------------------------------------------------------------------------------------
def parse_statblocks(text: str, *, source: str | None = None) -> tuple[StatBlock | HeroSheet, ...]:
    """The stat blocks and hero sheets of a TOML text, in file order (monsters, then heroes)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_statblocks(text={text!r:.40}): a string is needed", rule=())
    if len(text) > MAX_FILE:
        raise ScenarioError(f"file of {len(text)} characters: the limit is {MAX_FILE}", source=source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column, message = _position(exc)
        raise ScenarioError(f"invalid TOML: {message}", line=line, column=column, source=source) from None
    except RecursionError:
        raise ScenarioError("invalid TOML: nested too deeply", source=source) from None
    except ValueError:  # tomllib turns a whole number of thousands of digits into an int, which fails
        line, column = _long_number_at(text)
        message = f"invalid TOML: a number of more than {notation.MAX_DIGITS} digits"
        raise ScenarioError(message, line=line, column=column, source=source) from None
    where = Where(text, source)
    refuse_long_numbers(data, where)
    return read_document(data, where)


_HUGE = 10**notation.MAX_DIGITS


def refuse_long_numbers(data: Any, where: Where) -> None:
    """Refuse a document holding a whole number of more than :data:`~brawl.statblocks.text.MAX_DIGITS`
    digits (YAML and TOML write them in hex too), naming the field of the first one.

    A table or list met again (a YAML alias) is looked at once.
    """
    stack: list[tuple[Any, str]] = [(data, "")]
    seen: set[int] = set()
    while stack:
        node, field = stack.pop()
        if isinstance(node, dict | list):
            if id(node) in seen:
                continue
            seen.add(id(node))
        if isinstance(node, dict):
            for key in node:
                if isinstance(key, int) and not -_HUGE < key < _HUGE:
                    raise where.fail(f"a key of more than {notation.MAX_DIGITS} digits", field or None)
            stack.extend(reversed([(v, f"{field}.{k}" if field else str(k)) for k, v in node.items()]))
        elif isinstance(node, list):
            stack.extend(reversed([(v, f"{field}[{i}]") for i, v in enumerate(node)]))
        elif isinstance(node, int) and not -_HUGE < node < _HUGE:
            raise where.fail(f"a number of more than {notation.MAX_DIGITS} digits", field or None)


def _long_number_at(text: str) -> tuple[int | None, int | None]:
    """The line and column of the first number too long for Python to turn into an int."""
    digits = max(sys.get_int_max_str_digits(), notation.MAX_DIGITS)
    found = re.search(rf"\d(?:_?\d){{{digits},}}", text)
    if found is None:  # pragma: no cover - tomllib refuses no other number
        return None, None
    start = found.start()
    return text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)


def read_document(data: Any, where: Where) -> tuple[StatBlock | HeroSheet, ...]:
    """The stat blocks of a document already read into plain tables (``monsters``, ``heroes``)."""
    if not isinstance(data, dict):
        raise where.fail(f"expected a table, got {kind(data)}", None)
    extra = sorted(set(data) - {"schema", "monsters", "heroes"})
    if extra:
        raise where.fail("unknown field (known: heroes, monsters, schema)", extra[0])
    schema = data.get("schema", SCHEMA)
    if schema != SCHEMA or isinstance(schema, bool):
        raise where.fail(f"{kind(schema)}: this version of brawl reads schema {SCHEMA}", "schema")
    out: list[StatBlock | HeroSheet] = []
    for key, cls in (("monsters", StatBlock), ("heroes", HeroSheet)):
        rows = data.get(key, [])
        if not isinstance(rows, list):
            raise where.fail(f"expected an array of tables ([[{key}]]), got {kind(rows)}", key)
        if len(out) + len(rows) > MAX_BLOCKS:
            raise where.fail(f"more than {MAX_BLOCKS} stat blocks in one file", key)
        out.extend(build_block(row, cls, f"{key}[{i}]", where) for i, row in enumerate(rows))
    if not out:
        raise where.fail("no stat block: write at least one [[monsters]] or [[heroes]] table", None)
    return tuple(out)


def build_block(raw: Any, cls: type[StatBlock] | type[HeroSheet], field: str, where: Where) -> Any:
    """One stat block or hero sheet from its table (short forms allowed), checked field by field."""
    if not isinstance(raw, dict):
        raise where.fail(f"expected a table, got {kind(raw)}", field)
    body = dict(raw)
    abilities = body.get("abilities")
    if isinstance(abilities, list):
        body["abilities"] = [
            ability_table(a, f"{field}.abilities[{i}]", where) if isinstance(a, dict) else a
            for i, a in enumerate(abilities)
        ]
    try:
        return structure(body, cls, prefix=field, source=where.source)
    except (StateError, ArgumentTypeError) as exc:  # checks across fields, made after structuring
        raise where.fail(str(exc), field) from None
    except ScenarioError as exc:
        raise _pinned(exc) from None


def build_ability(raw: Any, field: str, where: Where) -> Ability:
    """One ability from its table (short forms allowed)."""
    try:
        ability: Ability = structure(
            ability_table(raw, field, where), Ability, prefix=field, source=where.source
        )
    except ScenarioError as exc:
        raise _pinned(exc) from None
    return ability


_RECORD_FIELD = re.compile(
    r"(Ability|Distance|Target|Cost|Spend|PowerRoll|Tier|Potency|Damage|ForcedMovement|"
    r"ApplyCondition|NamedEffect|Shift|Fall|GainResource|Healing|TextEffect|StatBlock|HeroSheet|Trait)\.([a-z_]+)\b"
)


def _pinned(exc: ScenarioError) -> ScenarioError:
    """The error with its field made precise when a record's check names the attribute it refused."""
    found = _RECORD_FIELD.match(exc.reason)
    if found is None or exc.field is None or exc.field.endswith(f".{found.group(2)}"):
        return exc
    field = f"{exc.field}.{found.group(2)}"
    return ScenarioError(exc.reason, line=exc.line, column=exc.column, field=field, source=exc.source)


def ability_table(raw: Any, field: str, where: Where) -> dict[str, Any]:
    """An ability's table with every short form replaced by its table, ready to structure."""
    if not isinstance(raw, dict):
        raise where.fail(f"expected a table, got {kind(raw)}", field)
    body = dict(raw)
    if isinstance(body.get("distance"), str):
        body["distance"] = notation.distance(body["distance"])
    if isinstance(body.get("target"), str):
        body["target"] = notation.target(body["target"])
    if isinstance(body.get("target"), dict) and body["target"].get("count") == EACH:
        body["target"] = {**body["target"], "count": None}
    if isinstance(body.get("cost"), str | int) and not isinstance(body.get("cost"), bool):
        body["cost"] = notation.cost(body["cost"], f"{field}.cost", where)
        if body["cost"] is None:
            raise where.fail("a cost names a resource and an amount of at least 1", f"{field}.cost")
    roll = body.get("power_roll")
    if isinstance(roll, dict) and isinstance(roll.get("tiers"), list):
        tiers = roll["tiers"]
        body["power_roll"] = {
            **roll,
            "tiers": [tier_table(t, f"{field}.power_roll.tiers[{i}]", where) for i, t in enumerate(tiers)],
        }
    return body


def tier_table(raw: Any, field: str, where: Where) -> Any:
    """A tier's table from its printed text (:func:`brawl.parse_tier`), or the table as given."""
    if isinstance(raw, str):
        try:
            return unstructure(parse_tier(raw), Tier)
        except (StateError, ArgumentTypeError) as exc:
            raise where.fail(str(exc), field) from None
    return raw


def _position(exc: tomllib.TOMLDecodeError) -> tuple[int | None, int | None, str]:
    message = str(getattr(exc, "msg", "") or exc)
    found = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    line: int | None = getattr(exc, "lineno", None)
    column: int | None = getattr(exc, "colno", None)
    if found:
        line, column = int(found.group(1)), int(found.group(2))
        message = message[: found.start()]
    return line, column, message


# --- writing ------------------------------------------------------------------------------------
def dumps_statblocks(blocks: Iterable[StatBlock | HeroSheet]) -> str:
    """Stat blocks and hero sheets as a TOML file that :func:`parse_statblocks` reads back equal."""
    if isinstance(blocks, (str, bytes, Mapping)) or not isinstance(blocks, Iterable):
        raise ArgumentTypeError(f"dumps_statblocks(blocks={blocks!r}): an iterable of stat blocks", rule=())
    monsters: list[dict[str, Any]] = []
    heroes: list[dict[str, Any]] = []
    for block in blocks:
        if isinstance(block, StatBlock):
            monsters.append(block_table(block))
        elif isinstance(block, HeroSheet):
            heroes.append(block_table(block))
        else:
            raise ArgumentTypeError(f"dumps_statblocks: {block!r} is not a StatBlock or HeroSheet", rule=())
    doc: dict[str, Any] = {"schema": SCHEMA}
    if monsters:
        doc["monsters"] = monsters
    if heroes:
        doc["heroes"] = heroes
    return "".join(_emit_table(doc, []))


def block_table(block: StatBlock | HeroSheet) -> dict[str, Any]:
    """The plain table of a stat block, short forms where they read back the same."""
    body: dict[str, Any] = unstructure(block, type(block))
    if "abilities" in body:
        body["abilities"] = [ability_short(a) for a in block.abilities]
    return _ordered(body, BLOCK_ORDER)


def ability_short(ability: Ability) -> dict[str, Any]:
    """The plain table of an ability, with the short forms that read back equal."""
    body: dict[str, Any] = unstructure(ability, Ability)
    printed = ability.distance.printed()
    if _same(lambda: Distance(**notation.distance(printed)), ability.distance):
        body["distance"] = printed
    target = ability.target
    if target.text and _same(lambda: _target(notation.target(target.text)), target):
        body["target"] = target.text
    elif target.count is None:
        body["target"] = {**body["target"], "count": EACH}
    cost = ability.cost
    if cost is not None and cost.text and _same(lambda: Cost(**_cost(cost.text)), cost):
        body["cost"] = cost.text
    if ability.power_roll is not None:
        body["power_roll"]["tiers"] = [
            t.text if _same(lambda t=t: parse_tier(t.text), t) else unstructure(t, Tier)
            for t in ability.power_roll.tiers
        ]
    if "power_roll" in body:
        body["power_roll"] = _ordered(body["power_roll"], ("characteristics", "bonus", "tiers"))
    return _ordered(_drop_none(body), ABILITY_ORDER)


BLOCK_ORDER = (
    "name",
    "level",
    "organization",
    "role",
    "keywords",
    "ev",
    "ev_for",
    "stamina",
    "recoveries",
    "heroic_resource_name",
    "resource_gain",
    "hero_class",
    "null_field",
    "speed",
    "movement",
    "size",
    "stability",
    "free_strike",
    "characteristics",
    "immunities",
    "weaknesses",
    "with_captain",
    "traits",
    "abilities",
)
"""The order the writer gives a stat block's keys: the order the game prints them."""
ABILITY_ORDER = (
    "name",
    "action_type",
    "category",
    "keywords",
    "distance",
    "target",
    "trigger",
    "cost",
    "effect_before",
    "power_roll",
    "effect_after",
    "spend",
    "text",
)
"""The order the writer gives an ability's keys: the order a stat block prints them."""


def _ordered(body: dict[str, Any], order: tuple[str, ...]) -> dict[str, Any]:
    rank = {k: i for i, k in enumerate(order)}
    return dict(sorted(body.items(), key=lambda kv: rank.get(kv[0], len(order))))


def _target(table: dict[str, Any]) -> Target:
    if table.get("count") == EACH:
        table = {**table, "count": None}
    return Target(**table)


def _cost(text: str) -> dict[str, Any]:
    found = notation.cost(text, "cost", Where(None, None))
    if found is None:
        raise StateError("no cost")
    return found


def _same(build: Any, value: object) -> bool:
    try:
        return bool(build() == value)
    except (ValueError, TypeError, ScenarioError):
        return False


def _drop_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value


_BARE = re.compile(r"[A-Za-z0-9_-]+")
WIDTH = 100
"""Longest line the writer puts a value on, if the value allows."""


def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else _string(key)


def _string(value: str) -> str:
    out = ['"']
    for ch in value:
        code = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:
            raise StateError(f"text {value[:20]!r}: holds a lone surrogate, which no file can hold")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _inline(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):  # pragma: no cover - no record holds a float
        if not math.isfinite(value):
            raise StateError(f"{value!r} cannot be written")
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")  # pragma: no cover


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _emit_table(table: dict[str, Any], path: list[str]) -> Iterable[str]:
    later: list[tuple[str, Any]] = []
    for key, value in table.items():
        line = f"{_key(key)} = {_inline(value)}"
        if _is_table_array(value) or (isinstance(value, dict) and value and len(line) > WIDTH):
            later.append((key, value))
        elif isinstance(value, list) and len(line) > WIDTH:
            yield f"{_key(key)} = [\n" + "".join(f"    {_inline(v)},\n" for v in value) + "]\n"
        else:
            yield line + "\n"
    for key, value in later:
        here = [*path, _key(key)]
        if isinstance(value, dict):
            yield f"\n[{'.'.join(here)}]\n"
            yield from _emit_table(value, here)
        else:
            for item in value:
                yield f"\n[[{'.'.join(here)}]]\n"
                yield from _emit_table(item, here)


__all__ = [
    "EACH",
    "SCHEMA",
    "ability_short",
    "block_table",
    "build_ability",
    "build_block",
    "dumps_statblocks",
    "parse_statblocks",
    "read_document",
    "refuse_long_numbers",
]
