"""SteelCompendium's structured stat blocks (JSON and YAML): one stat block a document, or a list.

A stat block is a table with ``name``, ``level``, ``roles`` or ``role`` (``["Horde Ambusher"]``,
``["Minion", "Brute"]``), ``organization``, ``ancestry`` or ``keywords``, ``ev`` (``3``, ``"3"``,
``"3 for four minions"``), ``stamina`` (a number or a string), ``speed``, ``movement``, ``size``,
``stability``, ``free_strike``, the five characteristics (each at the top level or under
``characteristics``), ``immunities`` and ``weaknesses`` (``"Fire 5, poison 3"`` or a list),
``traits``, ``abilities`` (or ``features`` holding both, told apart by ``feature_type``) and
``with_captain``. An ability has ``name``, ``usage`` or ``type`` (``"Main action"``),
``ability_type`` or ``category``, ``keywords``, ``distance``, ``target``, ``trigger``, ``cost``,
a power roll (``roll`` and ``tier1``..``tier3``, or ``t1``..``t3``, or ``"11 or lower"``,
``"12-16"``, ``"17+"``; at the top of the ability, under ``power_roll``, or as one item of its
``effects`` list), "Spend X" entries (items of ``effects`` with a ``cost``: ``{cost: "2+ Malice",
effect}``; RB-HR-03) and effect texts (``effect``, or the other items of ``effects``).

Each reader turns a table into brawl's own stat block layout (see
:mod:`brawl.statblocks.tomlformat`) and records in ``notes`` what it left out.
"""

from __future__ import annotations

import re
from typing import Any

import brawl.statblocks.text as notation
from brawl.io.scenariofields import Where, kind

MONSTER_KEYS = frozenset(
    {
        "name",
        "level",
        "roles",
        "role",
        "organization",
        "ancestry",
        "keywords",
        "ev",
        "stamina",
        "speed",
        "movement",
        "size",
        "stability",
        "free_strike",
        "freeStrike",
        "characteristics",
        *notation.CHARACTERISTICS,
        "immunities",
        "immunity",
        "weaknesses",
        "weakness",
        "traits",
        "abilities",
        "features",
        "with_captain",
        "withCaptain",
        "captain",
    }
)
"""The keys read from a stat block; any other is listed in the notes and left out."""
IGNORED_KEYS = frozenset(
    {"type", "source", "id", "icon", "file_basename", "file_dpath", "item_id", "item_name"}
)
"""Book-keeping keys of the exports, left out without a note."""
ROLL_KEYS = ("roll", "power_roll", "powerRoll")
NOT_PRINTED = "\u2014"
"""The text of a distance or target an export leaves out: a dash, as a stat block prints nothing."""


def looks_like(raw: Any) -> bool:
    """Whether a table reads as a SteelCompendium stat block."""
    return (
        isinstance(raw, dict)
        and "name" in raw
        and any(k in raw for k in ("roles", "role", "ev", "free_strike", "stamina", "might", "ancestry"))
    )


def monster(raw: Any, where: Where, field: str, notes: list[str]) -> dict[str, Any]:
    """A stat block table in brawl's layout from a SteelCompendium stat block."""
    if not isinstance(raw, dict):
        raise where.fail(f"expected a stat block table, got {kind(raw)}", field or None)
    at = (field + ".") if field else ""
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise where.fail(f"expected the stat block's name, got {kind(name)}", f"{at}name")
    name = name.strip()
    out: dict[str, Any] = {"name": name}
    if "level" in raw:
        out["level"] = notation.leading_number(raw["level"], f"{at}level", where, what="level")
    roles = raw.get("roles", raw.get("role"))
    words = notation.names(roles, f"{at}{'roles' if 'roles' in raw else 'role'}", where)
    if "organization" in raw:
        words = [*notation.names(raw["organization"], f"{at}organization", where), *words]
    words = [w for text in words for w in text.split()]
    retired = [w for w in words if w.lower() in RETIRED_ROLES]
    if retired:
        notes.append(f"{name}: role {retired[0]} read as {RETIRED_ROLES[retired[0].lower()]}")
        words = [RETIRED_ROLES.get(w.lower(), w) for w in words]
    organization, role = notation.organization_and_role(words, f"{at}roles", where)
    if organization:
        out["organization"] = organization
    if role:
        out["role"] = role
    keywords = raw.get("keywords", raw.get("ancestry"))
    if keywords is not None:
        out["keywords"] = notation.names(
            keywords, f"{at}{'keywords' if 'keywords' in raw else 'ancestry'}", where
        )
    out["ev"], out["ev_for"] = notation.ev(raw.get("ev"), f"{at}ev", where)
    if "stamina" not in raw:
        raise where.fail("required field missing", f"{at}stamina")
    out["stamina"] = notation.leading_number(raw["stamina"], f"{at}stamina", where, what="Stamina")
    if "speed" in raw:
        out["speed"] = notation.leading_number(raw["speed"], f"{at}speed", where, what="speed")
    if "movement" in raw:
        out["movement"] = notation.movement(raw["movement"], f"{at}movement", where)
    if "size" in raw:
        out["size"] = _size(raw["size"], f"{at}size", where, notes, name)
    if "stability" in raw:
        out["stability"] = notation.leading_number(
            raw["stability"], f"{at}stability", where, what="stability"
        )
    for key in ("free_strike", "freeStrike"):
        if key in raw:
            out["free_strike"] = notation.leading_number(raw[key], f"{at}{key}", where, what="free strike")
    scores = raw.get("characteristics", {})
    if not isinstance(scores, dict):
        raise where.fail(f"expected a table of characteristics, got {kind(scores)}", f"{at}characteristics")
    chars: dict[str, int] = {}
    for key, value in scores.items():
        chars[notation.characteristic(key, f"{at}characteristics", where)] = notation.signed(
            value, f"{at}characteristics.{key}", where
        )
    for key in notation.CHARACTERISTICS:
        if key in raw:
            chars[key] = notation.signed(raw[key], f"{at}{key}", where)
    if chars:
        out["characteristics"] = chars
    for key, target, immunity in (
        ("immunities", "immunities", True),
        ("immunity", "immunities", True),
        ("weaknesses", "weaknesses", False),
        ("weakness", "weaknesses", False),
    ):
        if key in raw:
            table = notation.damage_table(raw[key], f"{at}{key}", where, immunity=immunity)
            if table:
                out[target] = {**out.get(target, {}), **table}
    for key in ("with_captain", "withCaptain", "captain"):
        if raw.get(key):
            out["with_captain"] = _text(raw[key], f"{at}{key}", where)
    traits: list[dict[str, Any]] = []
    abilities: list[dict[str, Any]] = []
    for key in ("traits", "abilities", "features"):
        items = raw.get(key, [])
        if not isinstance(items, list):
            raise where.fail(f"expected a list, got {kind(items)}", f"{at}{key}")
        for i, item in enumerate(items):
            here = f"{at}{key}[{i}]"
            if not isinstance(item, dict):
                raise where.fail(f"expected a table, got {kind(item)}", here)
            if _is_trait(item, key):
                traits.append(trait(item, where, here))
            else:
                abilities.append(ability(item, where, here, notes, owner=name))
    if traits:
        out["traits"] = traits
    if abilities:
        out["abilities"] = abilities
    left = sorted(set(raw) - MONSTER_KEYS - IGNORED_KEYS)
    if left:
        notes.append(f"{name}: left out {', '.join(left)}")
    return out


def _is_trait(item: dict[str, Any], key: str) -> bool:
    feature = str(item.get("feature_type", "")).lower()
    if feature:
        return feature == "trait"
    if key == "traits":
        return True
    has_roll = any(k in item for k in ROLL_KEYS) or any(notation.tier_key(k) for k in item)
    has_roll = has_roll or any(
        isinstance(e, dict) and any(notation.tier_key(k) for k in e) for e in _list(item.get("effects"))
    )
    return not has_roll and not any(
        k in item for k in ("usage", "distance", "target", "keywords", "action_type", "trigger")
    )


def _dash(value: Any) -> bool:
    """Whether a value is the dash an export prints for "none" (``"-"``, ``"—"``) or empty."""
    return isinstance(value, str) and value.strip() in ("", "-", "\u2013", "\u2014")


RETIRED_ROLES = {"skirmisher": "harrier"}
"""Roles of earlier printings and the role that replaced them."""
_SIZE = re.compile(r"\s*(\d+[TSML]?)\b", re.I)


def _size(value: Any, field: str, where: Where, notes: list[str], owner: str) -> str | int:
    """A size; of several (``"1S, 1M, 1L, OR 2"``, ``"1S-2"``, ``"2 or 3"``) the first, noted."""
    if isinstance(value, str) and re.search(r"(?i)[,-]|\bor\b", value):
        found = _SIZE.match(value)
        if found:
            notes.append(f"{owner}: size {value.strip()!r} read as its first, {found.group(1).upper()}")
            return found.group(1).upper()
    return notation.size(value, field, where)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _text(value: Any, field: str, where: Where) -> str:
    if isinstance(value, str):
        return notation.plain(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "\n".join(notation.plain(v) for v in value)
    raise where.fail(f"expected text, got {kind(value)}", field)


def trait(raw: dict[str, Any], where: Where, field: str) -> dict[str, Any]:
    """A trait table from ``{name, effect}``, ``{name, effects: [{effect}]}`` or ``{name, description}``."""
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise where.fail(f"expected the trait's name, got {kind(name)}", f"{field}.name")
    parts: list[str] = []
    for key in ("effect", "description", "text"):
        if raw.get(key):
            parts.append(_text(raw[key], f"{field}.{key}", where))
    for i, item in enumerate(_list(raw.get("effects"))):
        if isinstance(item, dict):
            parts.extend(_effect_text(item, f"{field}.effects[{i}]", where))
        elif isinstance(item, str):
            parts.append(notation.plain(item))
    return {"name": name.strip(), "text": "\n".join(p for p in parts if p)}


def _effect_text(item: dict[str, Any], field: str, where: Where) -> list[str]:
    body = item.get("effect", item.get("text", ""))
    words = _text(body, f"{field}.effect", where) if body else ""
    label = item.get("name") or item.get("cost")
    if isinstance(label, str) and label.strip() and label.strip().lower() != "effect":
        return [f"{label.strip()}: {words}" if words else label.strip()]
    return [words] if words else []


def ability(raw: dict[str, Any], where: Where, field: str, notes: list[str], *, owner: str) -> dict[str, Any]:
    """An ability table in brawl's layout from a SteelCompendium ability."""
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise where.fail(f"expected the ability's name, got {kind(name)}", f"{field}.name")
    out: dict[str, Any] = {"name": name.strip()}
    category = _category(raw)
    usage_key = next((k for k in ("usage", "action_type", "action") if k in raw and not _dash(raw[k])), None)
    if usage_key is not None:
        out["action_type"] = notation.action_type(raw[usage_key], f"{field}.{usage_key}", where)
    elif isinstance(raw.get("type"), str) and _is_action(raw["type"]):
        out["action_type"] = notation.action_type(raw["type"], f"{field}.type", where)
    elif category == "villain":
        out["action_type"] = "villain action"
    else:
        out["action_type"] = "none"
        notes.append(f"{owner}: {name.strip()}: no action type given, read as none")
    if category is None and out["action_type"] == "villain action":
        category = "villain"
    if category:
        out["category"] = category
    if "keywords" in raw:
        out["keywords"] = notation.names(raw["keywords"], f"{field}.keywords", where)
    for key in ("distance", "target"):
        value = raw.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            out[key] = {"kind": "special", "text": NOT_PRINTED}
        elif isinstance(value, str):
            out[key] = value
        else:
            raise where.fail(f"expected the printed {key}, got {kind(value)}", f"{field}.{key}")
    if raw.get("trigger"):
        out["trigger"] = _text(raw["trigger"], f"{field}.trigger", where)
    cost = raw.get("cost")
    malice = re.match(r"\s*(\d{1,3})\+?\s+malice\b", cost, re.I) if isinstance(cost, str) else None
    if isinstance(cost, str) and "signature" in cost.lower():
        out.setdefault("category", "signature")
    elif isinstance(cost, str) and re.match(r"(?i)\s*villain action\b", cost):
        out["category"] = "villain"  # "Villain Action 1": which of the three, not a price
        out["action_type"] = "villain action"
    elif malice is not None:  # "3 Malice", "1 Malice per target": the amount, the words kept
        out["cost"] = {"resource": "malice", "amount": int(malice.group(1)), "text": malice.string.strip()}
    elif cost is not None:
        found = notation.cost(cost, f"{field}.cost", where, default="malice")
        if found is not None:
            out["cost"] = found
    before: list[str] = []
    after: list[str] = []
    spend: list[dict[str, Any]] = []
    roll = _roll(raw, raw, where, field)
    if roll is None and isinstance(raw.get("power_roll"), dict):
        roll = _roll(raw["power_roll"], raw["power_roll"], where, f"{field}.power_roll")
    for key in ("effect_before",):
        if raw.get(key):
            before.append(_text(raw[key], f"{field}.{key}", where))
    for i, item in enumerate(_list(raw.get("effects"))):
        here = f"{field}.effects[{i}]"
        if isinstance(item, dict) and roll is None and (_roll(item, item, where, here) is not None):
            roll = _roll(item, item, where, here)
        elif is_spend_item(item):
            spend.append(_spend(item, where, here))
        elif isinstance(item, dict):
            (before if roll is None else after).extend(_effect_text(item, here, where))
        elif isinstance(item, str):
            (before if roll is None else after).append(notation.plain(item))
        else:
            raise where.fail(f"expected a table or text, got {kind(item)}", here)
    for key in ("effect", "effect_after"):
        if raw.get(key):
            after.append(_text(raw[key], f"{field}.{key}", where))
    notation.put_effects(out, before, roll, after)
    if spend:
        out["spend"] = spend
    for key in ("flavor", "description"):
        if raw.get(key):
            out["text"] = _text(raw[key], f"{field}.{key}", where)
    return out


def is_spend_item(item: Any) -> bool:
    """Whether an item of an ability's ``effects`` is a "Spend X" entry (RB-HR-03): one with a
    ``cost`` (``{cost: "2+ Malice", effect}``) or named by one (``{name: "3 Malice", effect}``)."""
    return isinstance(item, dict) and (
        "cost" in item
        or (not any(notation.tier_key(str(k)) for k in item) and bool(notation.spend_label(item.get("name"))))
    )


def _spend(item: dict[str, Any], where: Where, field: str) -> dict[str, Any]:
    key = "cost" if "cost" in item else "name"
    text_key = "effect" if "effect" in item or "text" not in item else "text"
    body = item.get(text_key)
    words = _text(body, f"{field}.{text_key}", where) if isinstance(body, str | list) else body
    return notation.spend(
        item[key], words, where, value_field=f"{field}.{key}", text_field=f"{field}.{text_key}"
    )


_CATEGORY_WORDS = {
    "signature": "signature",
    "heroic": "heroic",
    "villain": "villain",
    "free strike": "free strike",
}


def _category(raw: dict[str, Any]) -> str | None:
    for key in ("ability_type", "category", "type", "cost"):
        value = raw.get(key)
        if isinstance(value, str):
            low = value.lower()
            for word, category in _CATEGORY_WORDS.items():
                if word in low:
                    return category
    return None


def _is_action(text: str) -> bool:
    try:
        notation.action_type(text, "type", Where(None, None))
    except ValueError:
        return False
    return True


def _roll(raw: dict[str, Any], tiers: dict[str, Any], where: Where, field: str) -> dict[str, Any] | None:
    """The power roll of a table holding ``roll`` and tier keys, or None if it has no tiers."""
    found: dict[int, Any] = {}
    for key, value in tiers.items():
        tier = notation.tier_key(key) if isinstance(key, str) else None
        if tier is not None:
            if not isinstance(value, str):
                raise where.fail(f"expected the tier's printed text, got {kind(value)}", f"{field}.{key}")
            found[tier] = notation.plain(value)
    if not found:
        return None
    missing = [n for n in (1, 2, 3) if n not in found]
    if missing:
        raise where.fail(f"a power roll has three tiers: tier {missing[0]} is missing", field)
    out: dict[str, Any] = {"tiers": [found[1], found[2], found[3]]}
    for key in ROLL_KEYS:
        if isinstance(raw.get(key), str):
            chars, bonus = notation.roll_characteristics(raw[key], f"{field}.{key}", where)
            if chars:
                out["characteristics"] = chars
            if bonus is not None:
                out["bonus"] = bonus
            break
    return out


__all__ = ["IGNORED_KEYS", "MONSTER_KEYS", "ability", "looks_like", "monster", "trait"]
