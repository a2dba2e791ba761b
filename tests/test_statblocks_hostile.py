"""Mutated stat block files: every importer fails with a brawl error naming the file, or loads records.

Each sample of an exporter's layout (``tests/data/statblocks/``, ``examples/statblocks/``) is
mutated deterministically: every value in turn is replaced with a value of each other type (a
list, a table, null, a true/false, a large and a negative number, a number of 5,000 digits written
in decimal and in hex, the largest float, an empty string, a string of 10,000 characters, the
value wrapped in a list), every key deleted, every list item removed, and each word of a short
text put in the singular or the plural ("Two creature or objects"). The mutated file is written
back in its own format (JSON, YAML or TOML) and read with :func:`brawl.statblocks.loads_statblocks`.

A file either fails with a :class:`brawl.BrawlError` whose message names the file, or loads into
records that hold their checks: each stat block makes a creature, and brawl writes it as TOML that
reads back equal.
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
import yaml

import brawl
from brawl.statblocks import HeroSheet, StatBlock, dumps_statblocks, parse_statblocks
from brawl.statblocks.load import loads_statblocks

ROOT = Path(__file__).parents[1]
SAMPLES = sorted((ROOT / "tests" / "data" / "statblocks").iterdir()) + sorted(
    (ROOT / "examples" / "statblocks").glob("*.toml")
)
DELETE = object()
"""A mutation that deletes the key or removes the list item."""
HUGE = "__huge_int__"
"""Written as a whole number of 5,000 digits, more than Python turns from text into an int."""
HUGE_HEX = "__huge_hex__"
"""Written as a hexadecimal number of 5,000 digits (YAML and TOML only)."""
DIGITS = "9" * 5_000
HEX_DIGITS = "0x" + "f" * 5_000
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _replacements(value: Any) -> list[Any]:
    out: list[Any] = [[], {}, None, -1, "", DELETE]
    if not isinstance(value, dict | list):  # a table or list is replaced by any value of another type
        out += [True, 10**30, HUGE, HUGE_HEX, 1e308, "x" * 10_000, [value]]
    if isinstance(value, str):
        out.extend(_word_slips(value))
    return [r for r in out if not (type(r) is type(value) and r == value)]


def _word_slips(text: str) -> list[str]:
    """The text with each of its words put in the singular or the plural, for texts of a few words."""
    words = text.split(" ")
    if not 2 <= len(words) <= 6:
        return []
    out = []
    for i, word in enumerate(words):
        if not word.isalpha() or len(word) < 3:
            continue
        slipped = word[:-1] if word.endswith("s") else word + "s"
        out.append(" ".join([*words[:i], slipped, *words[i + 1 :]]))
    return out


def _paths(node: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*at, key)
            yield from _paths(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield (*at, i)
            yield from _paths(value, (*at, i))


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _mutated(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """The document with ``value`` at ``path``; the tables and lists on the path are copied."""
    out = copy.copy(doc)
    parent = out
    for part in path[:-1]:
        parent[part] = copy.copy(parent[part])
        parent = parent[part]
    if value is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return out


# --- writing a mutated document in its own format -------------------------------------------------
def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and value == HUGE:
        return DIGITS
    if isinstance(value, str) and value == HUGE_HEX:
        return HEX_DIGITS
    if isinstance(value, int | float | str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    assert isinstance(value, dict), value
    items = [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items() if v is not None]
    return "{ " + ", ".join(items) + " }" if items else "{}"


def _write(doc: Any, suffix: str) -> str:
    if suffix == ".toml":
        text = "".join(f"{json.dumps(k)} = {_toml_value(v)}\n" for k, v in doc.items() if v is not None)
    elif suffix == ".json":
        text = json.dumps(doc, ensure_ascii=False)
        return text.replace(json.dumps(HUGE), DIGITS).replace(json.dumps(HUGE_HEX), json.dumps(DIGITS))
    else:
        text = yaml.dump(doc, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=1_000_000)
    return text.replace(HUGE_HEX, HEX_DIGITS).replace(HUGE, DIGITS)


def _read(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)
    if path.suffix == ".toml":
        return tomllib.loads(text)
    return yaml.safe_load(text)


def plan(path: Path) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """``(where, new value)`` for each mutation of a sample: every value of each field (list items
    taken as one field) replaced in each way once, and every short text with its words slipped."""
    doc = _read(path)
    seen_fields: set[tuple[Any, ...]] = set()
    seen_texts: set[str] = set()
    for where in _paths(doc):
        original = _get(doc, where)
        field = tuple("*" if isinstance(p, int) else p for p in where)
        first = field not in seen_fields
        seen_fields.add(field)
        values = _replacements(original) if first else []
        if isinstance(original, str) and original not in seen_texts:
            seen_texts.add(original)
            values += [] if first else _word_slips(original)
        for value in values:
            if path.suffix == ".toml" and value is None:
                continue  # TOML has no null
            yield where, value


def mutations(path: Path) -> Iterator[tuple[str, str]]:
    """``(what was changed, the file's text)`` for each mutation of a sample."""
    doc = _read(path)
    for where, value in plan(path):
        what = f"{'.'.join(map(str, where))} = {'<deleted>' if value is DELETE else repr(value)[:40]}"
        yield what, _write(_mutated(doc, where, value), path.suffix)


# --- checking what a mutated file gives ------------------------------------------------------------
def outcome(text: str, source: str, checked: set[Any]) -> str | None:
    """None when the text fails with a brawl error naming the file or loads valid records; else why not.

    ``checked`` holds the records already checked (many mutations give the same records).
    """
    try:
        file = loads_statblocks(text, source=source)
    except brawl.BrawlError as exc:
        if source not in str(exc):
            return f"{type(exc).__name__} without the file's name: {str(exc)[:120]}"
        return None
    except Exception as exc:  # any other error is what this test looks for
        return f"{type(exc).__name__}: {str(exc)[:120]}"
    if (file.blocks, file.abilities) in checked:
        return None
    checked.add((file.blocks, file.abilities))
    try:
        for block in file.blocks:
            assert isinstance(block, StatBlock | HeroSheet)
            attrs.validate(block)
            block.creature("c")
        for ability in file.abilities:
            attrs.validate(ability)
        assert all(str(r) for r in file.report())
        if file.blocks:
            assert parse_statblocks(dumps_statblocks(file.blocks)) == file.blocks
    except Exception as exc:  # a record that does not hold its checks
        return f"loaded, but the records do not hold: {type(exc).__name__}: {str(exc)[:120]}"
    return None


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_mutation_fails_typed_or_loads_valid_records(path: Path) -> None:
    source = path.name
    failures: dict[str, str] = {}
    checked: set[Any] = set()
    count = 0
    for what, text in mutations(path):
        count += 1
        why = outcome(text, source, checked)
        if why is not None:
            failures.setdefault(re.sub(r"\d+", "N", why), what)
    assert count > 100
    assert failures == {}, "\n".join(f"{why}   <- {what}" for why, what in failures.items())


def test_the_mutations_cover_every_type_and_the_word_slips() -> None:
    """The samples are mutated in each way the importers were seen to fail on."""
    path = ROOT / "tests" / "data" / "statblocks" / "sc-thornling.json"
    values = [value for _, value in plan(path)]
    assert "One creatures or object" in values
    assert "One creature or objects" in values
    for value in ([], {}, None, True, -1, 10**30, HUGE, HUGE_HEX, 1e308, "", "x" * 10_000, DELETE):
        assert value in values
    texts = dict(mutations(ROOT / "tests" / "data" / "statblocks" / "sc-squad.yaml"))
    assert any(f"stamina: {DIGITS}" in t for t in texts.values())
    assert 3_000 < sum(1 for p in SAMPLES for _ in plan(p)) < 10_000


@pytest.mark.parametrize(
    ("target", "kind", "count"),
    [
        ("Two creature or objects", "creature or object", 2),
        ("Two creatures or object", "creature or object", 2),
        ("One creatures", "creature", 1),
        ("Three enemy", "enemy", 3),
        ("Each creatures or objects in the burst", "special", 1),
    ],
)
def test_a_target_with_a_singular_or_plural_slip_is_read(target: str, kind: str, count: int | None) -> None:
    text = (
        '[[monsters]]\nname = "Slip"\nstamina = 10\n\n[[monsters.abilities]]\nname = "Hit"\n'
        f'action_type = "main action"\ndistance = "Melee 1"\ntarget = "{target}"\n'
    )
    ability = parse_statblocks(text, source="slip.toml")[0].abilities[0]
    assert (ability.target.kind, ability.target.count, ability.target.text) == (kind, count, target)


# --- what the mutations found, each pinned with its field -----------------------------------------
def _sample(name: str) -> Any:
    return _read(ROOT / "tests" / "data" / "statblocks" / name)


def _refused(text: str, source: str) -> brawl.ScenarioError:
    """The error of reading ``text`` strictly (every part read, or the whole file refused)."""
    with pytest.raises(brawl.ScenarioError) as info:
        loads_statblocks(text, source=source, strict=True)
    assert info.value.source == source
    assert source in str(info.value)
    return info.value


@pytest.mark.parametrize("value", [["npc"], {"npc": 1}, 3])
def test_a_foundry_type_that_is_not_text_is_refused_at_its_field(value: Any) -> None:
    doc = _sample("foundry-npc.json")
    doc["type"] = value
    err = _refused(json.dumps(doc), "npc.json")
    assert err.field == "type"
    assert "expected a Foundry actor" in err.reason


@pytest.mark.parametrize(
    ("name", "path", "field"),
    [
        (
            "foundry-npc.json",
            ("items", 1, "system", "power", "roll", "characteristics"),
            "items[1].system.power.roll.characteristics",
        ),
        (
            "fs-monster.json",
            ("features", 2, "data", "ability", "powerRoll", "characteristic"),
            "features[2].data.ability.powerRoll.characteristic",
        ),
        (
            "fs-encounter.json",
            ("monsters", 0, "features", 0, "data", "ability", "sections", 0, "roll", "characteristic"),
            "monsters[0].features[0].data.ability.sections[0].roll.characteristic",
        ),
    ],
)
@pytest.mark.parametrize("value", [3, True, {"might": 1}])
def test_a_power_rolls_characteristics_that_are_not_a_list_are_refused(
    name: str, path: tuple[Any, ...], field: str, value: Any
) -> None:
    """Foundry's ``characteristics`` and Forge Steel's ``characteristic`` are read by one reader."""
    doc = _sample(name)
    assert isinstance(_get(doc, path), list)
    err = _refused(json.dumps(_mutated(doc, path, value)), name)
    assert err.field == field
    assert "expected a characteristic or a list of them" in err.reason


def test_a_power_rolls_one_characteristic_given_as_text_is_read_in_both_formats() -> None:
    foundry = _sample("foundry-npc.json")
    foundry["items"][1]["system"]["power"]["roll"]["characteristics"] = "Agility"
    fs = _sample("fs-monster.json")
    fs["features"][2]["data"]["ability"]["powerRoll"]["characteristic"] = "A"
    for doc, source in ((foundry, "npc.json"), (fs, "fs.json")):
        block = loads_statblocks(json.dumps(doc), source=source).blocks[0]
        rolled = [a for a in block.abilities if a.power_roll is not None]
        assert ("agility",) in [a.power_roll.characteristics for a in rolled if a.power_roll is not None]


def test_a_yaml_number_too_long_for_python_is_refused_at_its_line() -> None:
    text = (ROOT / "tests" / "data" / "statblocks" / "sc-squad.yaml").read_text(encoding="utf-8")
    line = text.splitlines().index("  stamina: 4") + 1
    err = _refused(text.replace("  stamina: 4\n", f"  stamina: {DIGITS}\n"), "squad.yaml")
    assert (err.line, err.column) == (line, 12)
    assert "more than 100 digits" in err.reason


@pytest.mark.parametrize("number", [DIGITS, "1" * 101, HEX_DIGITS])
def test_a_yaml_or_toml_number_of_more_than_100_digits_is_refused(number: str) -> None:
    yaml_text = f"name: Big\nstamina: {number}\n"
    err = _refused(yaml_text, "big.yaml")
    assert (err.line, err.column) == (2, 10)
    toml_text = f'[[monsters]]\nname = "Big"\nstamina = {number}\n'
    err = _refused(toml_text, "big.toml")
    assert "more than 100 digits" in err.reason
    if number.startswith("0x") or len(number) < 4_300:  # read by tomllib, refused at its field
        assert err.field == "monsters[0].stamina"
    else:  # refused by tomllib: found in the text
        assert (err.line, err.column) == (3, 11)


def test_a_json_number_of_more_than_100_digits_is_refused_at_its_field() -> None:
    doc = _sample("sc-thornling.json")
    text = json.dumps(doc).replace('"stamina": "14"', f'"stamina": {"7" * 4_000}')
    err = _refused(text, "thornling.json")
    assert err.field == "stamina"
    assert "more than 100 digits" in err.reason


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("stamina", "9" * 5_000),
        ("ev", "9" * 5_000 + " for four minions"),
        ("immunities", "fire " + "9" * 5_000),
        ("abilities[2].cost", "9" * 5_000 + " Malice"),
        ("abilities[0].effects[0].roll", "Power Roll + " + "9" * 5_000),
    ],
)
def test_a_number_of_more_than_100_digits_in_a_text_is_refused(field: str, value: str) -> None:
    doc = _sample("sc-thornling.json")
    node = doc
    parts = re.findall(r"\w+|\d+", field.replace("[", ".").replace("]", ""))
    for part in parts[:-1]:
        node = node[int(part)] if part.isdigit() else node[part]
    node[parts[-1]] = value
    err = _refused(json.dumps(doc), "thornling.json")
    assert err.field == field
    assert "more than 100 digits" in err.reason


def test_a_distance_or_target_with_a_number_of_more_than_100_digits_is_kept_as_text() -> None:
    doc = _sample("sc-thornling.json")
    doc["abilities"][0]["distance"] = f"Melee {'9' * 200}"
    doc["abilities"][0]["target"] = f"{'9' * 200} creatures"
    ability = loads_statblocks(json.dumps(doc), source="thornling.json").blocks[0].abilities[0]
    assert (ability.distance.kind, ability.target.kind) == ("special", "special")


def test_a_count_in_digits_that_are_not_decimal_is_kept_as_text() -> None:
    """``"²"`` is a digit to Python but no whole number: the target is kept as printed."""
    doc = _sample("sc-thornling.json")
    doc["abilities"][0]["target"] = "\u00b2 creatures"
    ability = loads_statblocks(json.dumps(doc), source="thornling.json").blocks[0].abilities[0]
    assert (ability.target.kind, ability.target.text) == ("special", "\u00b2 creatures")


def test_yaml_tables_that_hold_themselves_or_one_another_many_times_are_read_once() -> None:
    """Aliases make a table hold itself, or one list 9**8 times: each is looked at once."""
    err = _refused("name: X\nstamina: 5\ntraits: &a [*a]\n", "cycle.yaml")
    assert err.field == "traits[0]"
    rows = ["a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    rows += [f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]" for a, b in zip("abcdefg", "bcdefgh", strict=True)]
    file = loads_statblocks(
        "\n".join([*rows, "name: X", "stamina: 5", "h2: [*h, *h]", ""]), source="laughs.yaml"
    )
    assert file.blocks[0].stamina == 5
    assert file.notes == ("X: left out a, b, c, d, e, f, g, h, h2",)
