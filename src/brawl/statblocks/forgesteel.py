"""Forge Steel's monster, monster group and encounter exports (JSON).

A monster is ``{name, level, role: {type, organization}, keywords, encounterValue, size: {value,
mod}, speed: {value, modes}, stamina, stability, freeStrikeDamage, characteristics:
[{characteristic, value}], withCaptain, features}``. Its ``features`` of type ``Ability`` hold an
ability under ``data.ability``; ``Text`` features are traits; ``Damage Modifier`` features list
immunities and weaknesses (``data.modifiers: [{damageType, modifierType, value}]``); other features
are noted and left out.

An ability is ``{name, type: {usage, free, trigger}, keywords, distance: [{type, value, value2,
within, special}], target, cost, powerRoll: {characteristic, bonus, tier1, tier2, tier3},
preEffect, effect}``; newer exports list ``sections`` (``text`` and ``roll``) instead of
``powerRoll`` and ``effect``, and those are read too; a ``field`` section named ``Spend`` is a
"Spend X" entry (RB-HR-03): ``value`` its amount, ``repeatable`` its ``+``.

A monster group (``{name, monsters}``), a sourcebook (``{monsterGroups}``) and an encounter
(``{groups: [{slots: [{monsterID, count}]}]}``) are read when the file holds the monsters: in the
slots (``monster``) or beside them (``monsters``, ``monsterGroups``, ``sourcebooks``). A slot naming a
monster the file does not hold is refused.
"""

from __future__ import annotations

from typing import Any

import brawl.statblocks.text as notation
from brawl.io.scenariofields import Where, kind
from brawl.statblocks.steelcompendium import NOT_PRINTED

USAGES = {
    "main action": "main action",
    "maneuver": "maneuver",
    "move action": "move action",
    "triggered action": "triggered action",
    "no action": "none",
    "villain action": "villain action",
    "champion action": "none",
    "free strike": "none",
    "other": "none",
}
"""Forge Steel usages (``type.usage``) and brawl's action types; ``type.free`` makes them free. A
champion action, a free strike and "Other" are read as no action, their words kept (noted)."""
NO_ROLE = ("no role", "no organization")
"""Forge Steel's words for a role or organization not given."""
OTHER_ORGANIZATIONS = ("champion", "companion")
"""Forge Steel organizations brawl's stat blocks do not have: read as none, and noted."""
SPEED_MODES = {
    "flying": "fly",
    "hovering": "hover",
    "swimming": "swim",
    "climbing": "climb",
    "burrowing": "burrow",
}
"""Forge Steel's other spellings of a movement mode."""


def looks_like_monster(raw: Any) -> bool:
    """Whether a table reads as a Forge Steel monster."""
    return (
        isinstance(raw, dict)
        and "name" in raw
        and ("encounterValue" in raw or isinstance(raw.get("role"), dict))
    )


def looks_like_collection(raw: Any) -> bool:
    """Whether a table reads as a Forge Steel encounter, monster group or sourcebook."""
    if not isinstance(raw, dict):
        return False
    if isinstance(raw.get("groups"), list) and all(
        isinstance(g, dict) and "slots" in g for g in raw["groups"]
    ):
        return True
    monsters = raw.get("monsters")
    return isinstance(raw.get("monsterGroups"), list) or (
        isinstance(monsters, list) and bool(monsters) and all(looks_like_monster(m) for m in monsters)
    )


def collection(
    raw: dict[str, Any], where: Where, notes: list[str]
) -> tuple[list[dict[str, Any]], list[tuple[str, int]]]:
    """The monsters of an encounter, group or sourcebook, and an encounter's roster (name, count)."""
    found, roster = members(raw, where)
    return [monster(m, where, field, notes) for field, m in found], roster


def members(
    raw: dict[str, Any], where: Where
) -> tuple[list[tuple[str, dict[str, Any]]], list[tuple[str, int]]]:
    """The monsters (field and raw table) of an encounter, group or sourcebook, and its roster."""
    found: dict[str, tuple[str, dict[str, Any]]] = {}  # id or name -> (field, monster)
    order: list[str] = []

    def add(monster: Any, field: str) -> str:
        if not isinstance(monster, dict):
            raise where.fail(f"expected a monster table, got {kind(monster)}", field)
        key = str(monster.get("id") or monster.get("name"))
        if key not in found:
            found[key] = (field, monster)
            order.append(key)
        return key

    for i, m in enumerate(_list(raw.get("monsters"), "monsters", where)):
        add(m, f"monsters[{i}]")
    for g, group in enumerate(_list(raw.get("monsterGroups"), "monsterGroups", where)):
        if not isinstance(group, dict):
            raise where.fail(f"expected a table, got {kind(group)}", f"monsterGroups[{g}]")
        for i, m in enumerate(_list(group.get("monsters"), f"monsterGroups[{g}].monsters", where)):
            add(m, f"monsterGroups[{g}].monsters[{i}]")
    for b, book in enumerate(_list(raw.get("sourcebooks"), "sourcebooks", where)):
        if not isinstance(book, dict):
            raise where.fail(f"expected a table, got {kind(book)}", f"sourcebooks[{b}]")
        for g, group in enumerate(_list(book.get("monsterGroups"), f"sourcebooks[{b}].monsterGroups", where)):
            here = f"sourcebooks[{b}].monsterGroups[{g}]"
            if not isinstance(group, dict):
                raise where.fail(f"expected a table, got {kind(group)}", here)
            for i, m in enumerate(_list(group.get("monsters"), f"{here}.monsters", where)):
                add(m, f"{here}.monsters[{i}]")
    roster: list[tuple[str, int]] = []
    for g, group in enumerate(_list(raw.get("groups"), "groups", where)):
        if not isinstance(group, dict):
            raise where.fail(f"expected a table, got {kind(group)}", f"groups[{g}]")
        for s, slot in enumerate(_list(group.get("slots"), f"groups[{g}].slots", where)):
            here = f"groups[{g}].slots[{s}]"
            if not isinstance(slot, dict):
                raise where.fail(f"expected a table, got {kind(slot)}", here)
            inline = slot.get("monster", slot.get("monsterData"))
            if inline is not None:
                key = add(inline, f"{here}.monster")
            else:
                key = str(slot.get("monsterID", ""))
                if key not in found:
                    raise where.fail(
                        f"monster {key!r} is not in the file: export the encounter with its monsters "
                        "(or the monsters' group) to read it",
                        f"{here}.monsterID",
                    )
            count = notation.leading_number(slot.get("count", 1), f"{here}.count", where, what="count")
            name = found[key][1].get("name")
            roster.append((str(name), count))
    if not order:
        raise where.fail("no monsters in the file", None)
    return [found[key] for key in order], roster


def malice(raw: dict[str, Any], where: Where) -> list[tuple[str, dict[str, Any]]]:
    """The Malice features of a monster group (``malice``: features of type ``Malice`` with
    ``data.sections``, or ``Malice Ability`` with ``data.ability``), each with its field, in the
    groups of a sourcebook too."""
    out: list[tuple[str, dict[str, Any]]] = []
    groups: list[tuple[str, Any]] = [("", raw)]
    groups += [
        (f"monsterGroups[{g}].", group)
        for g, group in enumerate(_list(raw.get("monsterGroups"), "monsterGroups", where))
    ]
    for at, group in groups:
        if not isinstance(group, dict):
            continue
        for i, feature in enumerate(_list(group.get("malice"), f"{at}malice", where)):
            if isinstance(feature, dict):
                out.append((f"{at}malice[{i}]", feature))
    return out


def malice_ability(raw: dict[str, Any], where: Where, field: str) -> dict[str, Any]:
    """An ability table from a Malice feature: its ability, or its cost and text sections."""
    data = raw.get("data") if isinstance(raw.get("data"), dict) else {}
    assert isinstance(data, dict)
    if isinstance(data.get("ability"), dict):
        table = ability(data["ability"], where, f"{field}.data.ability")
    else:
        name = raw.get("name")
        if (not isinstance(name, str) or not name.strip()) and isinstance(raw.get("id"), str):
            name = raw["id"]  # a Malice feature printed without a name: known by its id
        if not isinstance(name, str) or not name.strip():
            raise where.fail(f"expected the feature's name, got {kind(name)}", f"{field}.name")
        sections = [
            {"type": "text", "text": part} if isinstance(part, str) else part
            for part in _list(data.get("sections"), f"{field}.data.sections", where)
        ]
        table = ability(
            {"name": name, "type": {"usage": "No Action"}, "sections": sections},
            where,
            f"{field}.data",
        )
        if not table.get("effect_after") and isinstance(raw.get("description"), str):
            table["effect_after"] = raw["description"].strip()
    cost = data.get("cost")
    if isinstance(cost, int) and not isinstance(cost, bool) and cost > 0:
        table["cost"] = {
            "resource": "malice",
            "amount": cost,
            **({"text": f"{cost}+ Malice"} if data.get("repeatable") else {}),
        }
    return table


def _list(value: Any, field: str, where: Where) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise where.fail(f"expected a list, got {kind(value)}", field)
    return value


def monster(raw: dict[str, Any], where: Where, field: str, notes: list[str]) -> dict[str, Any]:
    """A stat block table in brawl's layout from a Forge Steel monster."""
    at = f"{field}." if field else ""
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise where.fail(f"expected the monster's name, got {kind(name)}", f"{at}name")
    name = name.strip()
    out: dict[str, Any] = {"name": name}
    if "level" in raw:
        out["level"] = notation.leading_number(raw["level"], f"{at}level", where, what="level")
    retainer = raw.get("retainer")
    if isinstance(retainer, dict):  # a retainer's level is its own (Forge Steel's getMonsterLevel)
        if retainer.get("level"):
            level = notation.leading_number(retainer["level"], f"{at}retainer.level", where, what="level")
            out["level"] = level
        if retainer.get("featuresByLevel") or any(retainer.get(f"level{n}") for n in (4, 7, 10)):
            notes.append(f"{name}: left out the retainer's advancement features (by level)")
    role = raw.get("role")
    if isinstance(role, dict):
        words = [str(role[k]) for k in ("organization", "type") if role.get(k)]
        words = [w for w in words if w.strip().lower() not in NO_ROLE]
        other = [w for w in words if w.strip().lower() in OTHER_ORGANIZATIONS]
        if other:
            notes.append(f"{name}: organization {other[0]} read as none")
            words = [w for w in words if w not in other]
        organization, kind_of = notation.organization_and_role(words, f"{at}role", where)
        if organization:
            out["organization"] = organization
        if kind_of:
            out["role"] = kind_of
    elif role is not None:
        raise where.fail(f"expected {{type, organization}}, got {kind(role)}", f"{at}role")
    if "keywords" in raw:
        out["keywords"] = notation.names(raw["keywords"], f"{at}keywords", where)
    out["ev"], out["ev_for"] = notation.ev(raw.get("encounterValue"), f"{at}encounterValue", where)
    if "stamina" not in raw:
        raise where.fail("required field missing", f"{at}stamina")
    out["stamina"] = notation.leading_number(raw["stamina"], f"{at}stamina", where, what="Stamina")
    speed = raw.get("speed")
    if isinstance(speed, dict):
        if "value" in speed:
            out["speed"] = notation.leading_number(speed["value"], f"{at}speed.value", where, what="speed")
        modes = speed.get("modes")
        if isinstance(modes, list):
            modes = [SPEED_MODES.get(m.strip().lower(), m) if isinstance(m, str) else m for m in modes]
        if modes:
            out["movement"] = notation.movement(modes, f"{at}speed.modes", where)
    elif speed is not None:
        out["speed"] = notation.leading_number(speed, f"{at}speed", where, what="speed")
    size = raw.get("size")
    if isinstance(size, dict):
        value = notation.leading_number(size.get("value"), f"{at}size.value", where, what="size")
        mod = str(size.get("mod") or "")
        out["size"] = f"1{mod.upper()}" if value == 1 else value
    elif size is not None:
        out["size"] = notation.size(size, f"{at}size", where)
    if "stability" in raw:
        out["stability"] = notation.leading_number(
            raw["stability"], f"{at}stability", where, what="stability"
        )
    if "freeStrikeDamage" in raw:
        out["free_strike"] = notation.leading_number(
            raw["freeStrikeDamage"], f"{at}freeStrikeDamage", where, what="free strike"
        )
    chars: dict[str, int] = {}
    for i, item in enumerate(_list(raw.get("characteristics"), f"{at}characteristics", where)):
        here = f"{at}characteristics[{i}]"
        if not isinstance(item, dict):
            raise where.fail(f"expected {{characteristic, value}}, got {kind(item)}", here)
        key = notation.characteristic(item.get("characteristic"), f"{here}.characteristic", where)
        chars[key] = notation.signed(item.get("value"), f"{here}.value", where)
    if chars:
        out["characteristics"] = chars
    if isinstance(raw.get("withCaptain"), str) and raw["withCaptain"].strip():
        out["with_captain"] = raw["withCaptain"].strip()
    traits: list[dict[str, Any]] = []
    abilities: list[dict[str, Any]] = []
    skipped: list[str] = []
    for i, feature in enumerate(_list(raw.get("features"), f"{at}features", where)):
        here = f"{at}features[{i}]"
        if not isinstance(feature, dict):
            raise where.fail(f"expected a feature table, got {kind(feature)}", here)
        feature_type = feature.get("type")
        data: dict[str, Any] = feature["data"] if isinstance(feature.get("data"), dict) else {}
        if feature_type == "Ability" and isinstance(data.get("ability"), dict):
            abilities.append(ability(data["ability"], where, f"{here}.data.ability"))
        elif feature_type == "Text":
            traits.append(
                {"name": str(feature.get("name") or "Trait"), "text": str(feature.get("description") or "")}
            )
        elif feature_type == "Damage Modifier":
            _modifiers(data.get("modifiers"), out, where, f"{here}.data.modifiers")
        else:
            skipped.append(f"{feature.get('name', '?')} ({feature_type})")
    if traits:
        out["traits"] = traits
    if abilities:
        out["abilities"] = abilities
    if skipped:
        notes.append(f"{name}: left out the features {', '.join(skipped)}")
    return out


def _modifiers(raw: Any, out: dict[str, Any], where: Where, field: str) -> None:
    for i, item in enumerate(_list(raw, field, where)):
        here = f"{field}[{i}]"
        if not isinstance(item, dict):
            raise where.fail(f"expected {{damageType, type, value}}, got {kind(item)}", here)
        key_of = "type" if "type" in item else "modifierType"  # "type" in every current export
        mod = str(item.get(key_of, "")).lower()
        if mod not in ("immunity", "weakness"):
            raise where.fail(f"{kind(item.get(key_of))}: expected Immunity or Weakness", f"{here}.{key_of}")
        damage_type = str(item.get("damageType", "")).lower()
        if damage_type in ("all", "untyped", ""):
            damage_type = "damage"
        value = item.get("value")
        if isinstance(value, int) and not isinstance(value, bool):
            value = _scaled(value, item, out, where, here)
        key = "immunities" if mod == "immunity" else "weaknesses"
        table = notation.damage_table([f"{damage_type} {value}"], here, where, immunity=mod == "immunity")
        out[key] = {**out.get(key, {}), **table}


def _scaled(value: int, item: dict[str, Any], out: dict[str, Any], where: Where, field: str) -> int:
    """A modifier's value as Forge Steel counts it for a monster: its ``value`` (none when it
    comes ``valueFromController``, a hero's), plus its highest ``valueCharacteristics`` times
    ``valueCharacteristicMultiplier`` (1 if none), ``valuePerLevel`` for each level past the
    first and ``valuePerEchelon`` for each echelon (levels 1-3, 4-6, 7-9, 10)."""
    if item.get("valueFromController"):
        value = 0
    level = int(out.get("level", 1))
    named = item.get("valueCharacteristics") or []
    if named:
        chars = notation.characteristics(named, f"{field}.valueCharacteristics", where)
        scores = out.get("characteristics", {})
        multiplier = _whole(item, "valueCharacteristicMultiplier", where, field) or 1
        value += max(int(scores.get(c, 0)) for c in chars) * multiplier
    value += _whole(item, "valuePerLevel", where, field) * (level - 1)
    echelon = (level + 2) // 3 if 1 <= level <= 10 else 1  # as Forge Steel counts it, 1 outside 1-10
    value += _whole(item, "valuePerEchelon", where, field) * echelon
    return value


def _whole(item: dict[str, Any], key: str, where: Where, field: str) -> int:
    value = item.get(key)
    return 0 if value in (None, "") else notation.leading_number(value, f"{field}.{key}", where, what=key)


def ability(raw: dict[str, Any], where: Where, field: str) -> dict[str, Any]:
    """An ability table in brawl's layout from a Forge Steel ability."""
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise where.fail(f"expected the ability's name, got {kind(name)}", f"{field}.name")
    out: dict[str, Any] = {"name": name.strip()}
    kind_of = raw.get("type")
    if not isinstance(kind_of, dict):
        raise where.fail(f"expected {{usage, free, trigger}}, got {kind(kind_of)}", f"{field}.type")
    usage = str(kind_of.get("usage", "")).strip().lower()
    action = USAGES.get(usage)
    if action is None:
        known = ", ".join(USAGES)
        raise where.fail(f"{kind(kind_of.get('usage'))} is not a usage ({known})", f"{field}.type.usage")
    if kind_of.get("free") is True and action in ("maneuver", "triggered action"):
        action = f"free {action}"
    out["action_type"] = action
    if isinstance(kind_of.get("trigger"), str) and kind_of["trigger"].strip():
        out["trigger"] = kind_of["trigger"].strip()
    cost = raw.get("cost")
    if cost == "signature":
        out["category"] = "signature"
    elif action == "villain action":
        out["category"] = "villain"
    if isinstance(cost, int) and not isinstance(cost, bool) and cost > 0:
        out["cost"] = {"resource": "malice", "amount": cost}
    elif cost not in (None, 0, "signature", ""):
        raise where.fail(f'expected a number or "signature", got {kind(cost)}', f"{field}.cost")
    if raw.get("keywords"):
        out["keywords"] = notation.names(raw["keywords"], f"{field}.keywords", where)
    out["distance"] = _distance(raw.get("distance"), where, f"{field}.distance")
    target = raw.get("target")
    out["target"] = (
        target if isinstance(target, str) and target.strip() else {"kind": "special", "text": "\u2014"}
    )
    before: list[str] = []
    after: list[str] = []
    roll: dict[str, Any] | None = None
    spend: list[dict[str, Any]] = []
    if isinstance(raw.get("preEffect"), str) and raw["preEffect"].strip():
        before.append(raw["preEffect"].strip())
    if isinstance(raw.get("powerRoll"), dict):
        roll = _roll(raw["powerRoll"], where, f"{field}.powerRoll")
    if isinstance(raw.get("effect"), str) and raw["effect"].strip():
        after.append(raw["effect"].strip())
    for i, section in enumerate(_list(raw.get("sections"), f"{field}.sections", where)):
        here = f"{field}.sections[{i}]"
        if not isinstance(section, dict):
            raise where.fail(f"expected a section table, got {kind(section)}", here)
        if section.get("type") == "roll" and isinstance(section.get("roll"), dict) and roll is None:
            roll = _roll(section["roll"], where, f"{here}.roll")
        elif (
            section.get("type") == "text" and isinstance(section.get("text"), str) and section["text"].strip()
        ):
            (before if roll is None else after).append(section["text"].strip())
        elif is_spend_section(section):  # "Spend 2+: ...", a Malice spend named "Malice:" too
            spend.append(
                notation.spend(
                    section.get("value"),
                    section.get("effect"),
                    where,
                    value_field=f"{here}.value",
                    text_field=f"{here}.effect",
                    plus=section.get("repeatable") is True,
                )
            )
        elif section.get("type") == "field" and isinstance(section.get("effect"), str):
            label = str(section.get("name") or "").strip()
            words = section["effect"].strip()
            after.append(f"{label}: {words}" if label else words)
    notation.put_effects(out, before, roll, after)
    if spend:
        out["spend"] = spend
    if isinstance(raw.get("description"), str) and raw["description"].strip():
        out["text"] = raw["description"].strip()
    return out


def is_spend_section(section: Any) -> bool:
    """Whether an ability's section is a "Spend X" entry (RB-HR-03): a ``field`` named ``Spend``,
    or named for Malice (``"Malice:"``), as Forge Steel's spend sections are; its ``value`` is the
    amount, ``repeatable`` the ``+``."""
    if not isinstance(section, dict) or section.get("type") != "field":
        return False
    name = str(section.get("name") or "").strip().lower()
    return name == "spend" or "malice" in name


def _distance(raw: Any, where: Where, field: str) -> dict[str, Any]:
    items = _list(raw, field, where)
    if not items:
        return {"kind": "special", "text": NOT_PRINTED}
    shapes: list[dict[str, Any]] = []
    for i, item in enumerate(items):
        here = f"{field}[{i}]"
        if not isinstance(item, dict):
            raise where.fail(f"expected {{type, value}}, got {kind(item)}", here)
        shape = str(item.get("type", "")).strip().lower()

        def number(key: str, here: str = here, item: dict[str, Any] = item) -> int:
            value = item.get(key)
            return (
                0 if value in (None, "") else notation.leading_number(value, f"{here}.{key}", where, what=key)
            )

        if shape in ("melee", "ranged", "aura", "burst"):
            shapes.append({"kind": shape, "value": number("value")})
        elif shape in ("cube", "wall"):
            shapes.append({"kind": shape, "size": number("value"), "within": number("within")})
        elif shape == "line":
            shapes.append(
                {
                    "kind": "line",
                    "size": number("value"),
                    "width": number("value2"),
                    "within": number("within"),
                }
            )
        elif shape == "self":
            shapes.append({"kind": "self"})
        else:
            words = str(item.get("special") or item.get("type") or "Special").strip()
            shapes.append({"kind": "special", "text": words})
    kinds = [s["kind"] for s in shapes]
    if kinds == ["melee", "ranged"]:
        return {"kind": "melee or ranged", "value": shapes[0]["value"], "within": shapes[1]["value"]}
    if len(shapes) > 1:  # "Self or 2 burst": the engine has no such distance, kept as printed
        return {"kind": "special", "text": " or ".join(_printed(s) for s in shapes)}
    return shapes[0]


def _printed(shape: dict[str, Any]) -> str:
    """A distance table as the game prints it (``"Melee 1"``, ``"2 burst"``, ``"3 cube within 10"``)."""
    kind_of = shape["kind"]
    if kind_of in ("melee", "ranged"):
        return f"{kind_of.title()} {shape['value']}"
    if kind_of in ("aura", "burst"):
        return f"{shape['value']} {kind_of}"
    if kind_of in ("cube", "wall"):
        return f"{shape['size']} {kind_of} within {shape['within']}"
    if kind_of == "line":
        return f"{shape['size']} x {shape['width']} line within {shape['within']}"
    return "Self" if kind_of == "self" else str(shape.get("text", kind_of))


def _roll(raw: dict[str, Any], where: Where, field: str) -> dict[str, Any]:
    tiers = []
    for n in (1, 2, 3):
        value = raw.get(f"tier{n}")
        if not isinstance(value, str):
            raise where.fail(f"expected the tier's printed text, got {kind(value)}", f"{field}.tier{n}")
        tiers.append(value.strip())
    out: dict[str, Any] = {"tiers": tiers}
    found = notation.characteristics(raw.get("characteristic"), f"{field}.characteristic", where)
    if found:
        out["characteristics"] = found
    bonus = raw.get("bonus")
    if bonus not in (None, 0) and not found:
        out["bonus"] = notation.signed(bonus, f"{field}.bonus", where)
    return out


__all__ = ["USAGES", "ability", "collection", "looks_like_collection", "looks_like_monster", "monster"]
