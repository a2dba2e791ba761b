"""The Foundry VTT Draw Steel system's "Export Data" JSON: actors (``npc``, ``hero``) and ability items.

An actor is ``{name, type, system, items}``. Read from ``system``: ``stamina.max``,
``characteristics.<name>.value``, ``movement.value`` and ``movement.types``, ``combat.size``
(``{value, letter}``) and ``combat.stability``, ``damage.immunities`` and ``damage.weaknesses``
(zeros are left out), for an ``npc`` ``monster.level``, ``monster.ev``, ``monster.role``,
``monster.organization``, ``monster.freeStrike`` and ``monster.keywords``, for a ``hero``
``recoveries.max`` and the level and Heroic Resource of its ``class`` item. ``items`` of type
``ability`` are abilities, of type ``feature`` traits; other items are noted and left out.

An ability item's tiers are already structured: ``system.power.effects`` maps ids to effects of
type ``damage`` (``damage.tier1 = {value, types}``), ``applied`` (conditions with a duration and a
potency such as ``@potency.weak``), ``forced`` (``movement``, ``distance``) and ``other`` (text);
each becomes an effect of the tier, and the tier's text is the effects printed. Its
``system.spend`` (``{text, value}``) is its "Spend X" entry (RB-HR-03), and an effect line
printed ``<strong>3 Malice:</strong> ...`` another.
"""

from __future__ import annotations

import re
from typing import Any

import brawl.statblocks.text as notation
from brawl.abilities.model import (
    ApplyCondition,
    Damage,
    Effect,
    ForcedMovement,
    Potency,
    Tier,
)
from brawl.abilities.parse import parse_effects
from brawl.conditions import ConditionName
from brawl.errors import ArgumentTypeError, StateError
from brawl.io.json import unstructure
from brawl.io.scenariofields import Where, kind
from brawl.statblocks.model import ORGANIZATIONS

ACTOR_TYPES = {"npc": "monster", "retainer": "monster", "hero": "hero", "character": "hero"}
"""Foundry actor types and what brawl reads them as (a retainer is a stat block of organization retainer)."""
OTHER_DOCUMENTS = ("object", "party", "Actor", "Item", "JournalEntry", "Scene", "RollTable", "Macro")
"""Foundry document types (and folder document types) an export holds beside stat blocks: skipped."""
DISTANCES = {
    "melee": "melee",
    "ranged": "ranged",
    "meleeranged": "melee or ranged",
    "self": "self",
    "aura": "aura",
    "burst": "burst",
    "cube": "cube",
    "line": "line",
    "wall": "wall",
    "special": "special",
}
"""Foundry distance types (``system.distance.type``) and brawl's distance kinds."""
TARGETS = {
    "creature": "creature",
    "object": "object",
    "creatureobject": "creature or object",
    "enemy": "enemy",
    "ally": "ally",
    "self": "self",
    "selfally": "self or ally",
    "selforally": "self or ally",
    "special": "special",
    "enemyobject": "enemy or object",
    "selforcreature": "self or creature",
}
"""Foundry target types (``system.target.type``) and brawl's target kinds; ``enemy or object`` and
``self or creature``, which the engine has no kind for, are special targets printed as Foundry shows them."""
SPECIAL_TARGETS = ("enemy or object", "self or creature")
"""Target types kept as special targets, their words printed."""
ENDS = {"turn": "end of turn", "save": "save ends", "encounter": "end of encounter", "": ""}
"""Foundry condition ends and brawl's durations."""


_ENRICHERS = (
    (re.compile(r"\[\[/\w+\s+[^\]]*\]\]\{([^}]*)\}"), r"\1"),  # [[/damage 20]]{20 damage}: its label
    (re.compile(r"\[\[/\w+\s+([^\]]*)\]\]"), r"\1"),  # [[/damage 10]]: its value
    (re.compile(r"@\w+\[[^\]]*\]\{([^}]*)\}"), r"\1"),  # @UUID[...]{Free Strike}: its label
)
"""Foundry's text enrichers (inline rolls, links) and what of them is printed."""


def plain(text: str) -> str:
    """Foundry's HTML as plain text, its inline rolls and links as the words they show."""
    if "[[" in text or "@" in text:
        for pattern, shown in _ENRICHERS:
            text = pattern.sub(shown, text)
    return notation.plain(text)


def looks_like_actor(raw: Any) -> bool:
    """Whether a table reads as a Foundry actor."""
    if not isinstance(raw, dict) or not isinstance(raw.get("system"), dict):
        return False
    type_ = raw.get("type")
    return isinstance(type_, str) and type_ in ACTOR_TYPES


def looks_like_item(raw: Any) -> bool:
    """Whether a table reads as a Foundry ability item."""
    return isinstance(raw, dict) and isinstance(raw.get("system"), dict) and raw.get("type") == "ability"


def _get(raw: Any, path: str, default: Any = None) -> Any:
    for part in path.split("."):
        if not isinstance(raw, dict) or part not in raw:
            return default
        raw = raw[part]
    return raw


def _number(raw: Any, path: str, where: Where, field: str, *, default: int | None = None) -> int | None:
    value = _get(raw, path)
    if value is None or value == "":
        return default
    return notation.leading_number(value, f"{field}.{path}", where, what=path.rsplit(".", 1)[-1])


_CAPTAIN_CHANGES = {
    "damage.bonuses.value": "+{} damage bonus to strikes",
    "system.movement.value": "+{} bonus to speed",
    "system.stamina.max": "+{} bonus to Stamina",
}
"""The "With Captain" active effect's changes, as the stat block prints them (RB-CAPT-05)."""


def _captain(raw: dict[str, Any]) -> str:
    """The "With Captain" benefit of an actor's active effect of that name: its description, else
    its changes in the printed words (an edge on strikes, a bonus to damage, speed, Stamina or
    ranged distance); ``""`` without one (RB-CAPT-05)."""
    effects = raw.get("effects")
    for effect in effects if isinstance(effects, list) else ():
        if not isinstance(effect, dict) or str(effect.get("name", "")).strip().lower() != "with captain":
            continue
        described = effect.get("description")
        if isinstance(described, str) and plain(described).strip():
            return plain(described).strip()
        words = []
        for change in effect.get("changes") or ():
            if not isinstance(change, dict):
                continue
            key, value = str(change.get("key", "")), str(change.get("value", "")).strip()
            if key == "power.roll.edges":
                words.append("Gain an edge on strikes")
            elif key == "distance" and value.isdigit():
                words.append(f"+{value} bonus to ranged distance")
            elif key in _CAPTAIN_CHANGES and value.isdigit():
                words.append(_CAPTAIN_CHANGES[key].format(value))
        return "; ".join(words)
    return ""


def actor(raw: dict[str, Any], where: Where, field: str, notes: list[str]) -> tuple[str, dict[str, Any]]:
    """``("monster" | "hero", table)``: a stat block or hero sheet in brawl's layout from an actor."""
    at = f"{field}." if field else ""
    role = ACTOR_TYPES[raw["type"]]
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise where.fail(f"expected the actor's name, got {kind(name)}", f"{at}name")
    name = name.strip()
    system = raw["system"]
    here = f"{at}system"
    out: dict[str, Any] = {"name": name}
    stamina = _number(system, "stamina.max", where, here)
    if stamina is None:
        raise where.fail("required field missing", f"{here}.stamina.max")
    out["stamina"] = stamina
    speed = _number(system, "movement.value", where, here)
    if speed is not None:
        out["speed"] = speed
    types = _get(system, "movement.types")
    if types is not None:
        out["movement"] = notation.movement(types, f"{here}.movement.types", where)
    if _get(system, "movement.hover") is True:
        out["movement"] = [*out.get("movement", ["walk"]), "hover"]
    size = _get(system, "combat.size")
    if isinstance(size, dict) and "value" in size:
        value = notation.leading_number(size["value"], f"{here}.combat.size.value", where, what="size")
        letter = size.get("letter") or ""
        out["size"] = f"{value}{letter}" if value == 1 and letter else value if value > 1 else "1M"
    elif size is not None:
        out["size"] = notation.size(size, f"{here}.combat.size", where)
    stability = _number(system, "combat.stability", where, here)
    if stability is not None:
        out["stability"] = stability
    chars: dict[str, int] = {}
    for key in notation.CHARACTERISTICS:
        value = _get(system, f"characteristics.{key}.value")
        if value is not None:
            chars[key] = notation.signed(value, f"{here}.characteristics.{key}.value", where)
    if chars:
        out["characteristics"] = chars
    for key, immunity in (("immunities", True), ("weaknesses", False)):
        table = _get(system, f"damage.{key}")
        if isinstance(table, dict):
            given = {("damage" if k == "all" else k): v for k, v in table.items() if v not in (0, None, "")}
            if given:
                out[key] = notation.damage_table(given, f"{here}.damage.{key}", where, immunity=immunity)
    if role == "monster":
        for path, key in (
            ("monster.level", "level"),
            ("monster.freeStrike", "free_strike"),
            ("retainer.freeStrike", "free_strike"),
            ("retainer.level", "level"),
        ):
            number = _number(system, path, where, here)
            if number is not None:
                out[key] = number
        ev = _get(system, "monster.ev")
        if ev is not None:
            out["ev"], out["ev_for"] = notation.ev(ev, f"{here}.monster.ev", where)
        group = "retainer" if raw["type"] == "retainer" else "monster"
        org_word = _get(system, f"{group}.organization") or ("retainer" if group == "retainer" else "")
        role_word = _get(system, f"{group}.role") or ""
        if str(role_word).lower() in ORGANIZATIONS:  # the exporter repeats the organization as the role
            org_word = org_word or role_word
            role_word = ""
        words = [w for w in (org_word, role_word) if w]
        organization, kind_of = notation.organization_and_role(
            [str(w) for w in words], f"{here}.{group}.role", where
        )
        if organization:
            out["organization"] = organization
        if kind_of:
            out["role"] = kind_of
        keywords = _get(system, f"{group}.keywords")
        if keywords:
            out["keywords"] = [k.title() for k in notation.names(keywords, f"{here}.{group}.keywords", where)]
        captain = _get(system, "monster.captain") or _get(system, "monster.withCaptain") or _captain(raw)
        if isinstance(captain, str) and captain.strip():
            out["with_captain"] = plain(captain)
    else:
        recoveries = _number(system, "recoveries.max", where, here)
        if recoveries is not None:
            out["recoveries"] = recoveries
    traits: list[dict[str, Any]] = []
    abilities: list[dict[str, Any]] = []
    items = raw.get("items", [])
    if not isinstance(items, list):
        raise where.fail(f"expected a list of items, got {kind(items)}", f"{at}items")
    skipped: list[str] = []
    for i, item in enumerate(items):
        where_item = f"{at}items[{i}]"
        if not isinstance(item, dict):
            raise where.fail(f"expected an item table, got {kind(item)}", where_item)
        item_type = item.get("type")
        if item_type == "ability":
            highest = max(chars.values()) if chars else None
            abilities.append(ability(item, where, where_item, malice=role == "monster", highest=highest))
        elif item_type == "feature":
            traits.append(feature(item, where, where_item))
        elif item_type == "class" and role == "hero":
            level = _number(item, "system.level", where, where_item)
            if level is not None:
                out["level"] = level
            resource = _get(item, "system.primary")
            if isinstance(resource, str) and resource.strip():
                out["heroic_resource_name"] = resource.strip()
        else:
            skipped.append(f"{item.get('name', '?')} ({item_type})")
    if role == "hero" and "level" not in out:
        level = _number(system, "level", where, here) or _number(system, "hero.level", where, here)
        if level is not None:
            out["level"] = level
    if traits:
        out["traits"] = traits
    if abilities:
        out["abilities"] = abilities
    if skipped:
        notes.append(f"{name}: left out the items {', '.join(skipped)}")
    return role, out


def feature(raw: dict[str, Any], where: Where, field: str) -> dict[str, Any]:
    """A trait table from a ``feature`` item: its name and plain description."""
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise where.fail(f"expected the item's name, got {kind(name)}", f"{field}.name")
    description = _get(raw, "system.description.value", "")
    if not isinstance(description, str):
        raise where.fail(f"expected text, got {kind(description)}", f"{field}.system.description.value")
    return {"name": name.strip(), "text": plain(description)}


def ability(
    raw: dict[str, Any], where: Where, field: str, *, malice: bool, highest: int | None = None
) -> dict[str, Any]:
    """An ability table in brawl's layout from an ``ability`` item.

    ``highest`` is the creature's highest characteristic, which a potency such as
    ``@potency.weak+1`` counts from (weak, average and strong are it - 2, - 1 and + 0).
    """
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise where.fail(f"expected the item's name, got {kind(name)}", f"{field}.name")
    system = raw.get("system")
    here = f"{field}.system"
    if not isinstance(system, dict):
        raise where.fail(f"expected a table, got {kind(system)}", here)
    out: dict[str, Any] = {"name": name.strip()}
    out["action_type"] = notation.action_type(system.get("type") or "none", f"{here}.type", where)
    category = system.get("category")
    if isinstance(category, str) and category:
        low = re.sub(r"(?<!^)(?=[A-Z])", " ", category).lower()
        if low not in ("signature", "heroic", "free strike", "villain", "trait"):
            raise where.fail(f"{kind(category)} is not an ability category", f"{here}.category")
        out["category"] = low
    keywords = system.get("keywords", [])
    if keywords:
        out["keywords"] = [k.title() for k in notation.names(keywords, f"{here}.keywords", where)]
    out["distance"] = _distance(system.get("distance"), where, f"{here}.distance")
    out["target"] = _target(system.get("target"), out["distance"], where, f"{here}.target")
    trigger = system.get("trigger")
    if isinstance(trigger, str) and trigger.strip():
        out["trigger"] = plain(trigger)
    resource = system.get("resource")
    if resource not in (None, 0, ""):
        amount = notation.leading_number(resource, f"{here}.resource", where, what="cost")
        if amount > 0:
            out["cost"] = {"resource": "malice" if malice else "heroic", "amount": amount}
    spend, unpriced = _spend(system.get("spend"), where, f"{here}.spend")
    for key, target in (("before", "effect_before"), ("after", "effect_after")):
        value = _get(system, f"effect.{key}")
        kept = []
        if isinstance(value, str) and plain(value):
            for line in plain(value).split("\n"):
                printed = notation.spend_line(line)  # "<strong>3 Malice:</strong> ...", a second entry
                if printed is None or printed[0] < 1:
                    kept.append(line)
                    continue
                amount, plus, words = printed
                field_of = f"{here}.effect.{key}"
                spend.append(
                    notation.spend(amount, words, where, value_field=field_of, text_field=field_of, plus=plus)
                )
        if key == "after" and unpriced:
            kept.append(unpriced)  # a Spend entry that prints no amount: its words stay the table's
        if kept:
            out[target] = "\n".join(kept)
    if spend:
        out["spend"] = spend
    roll = _power_roll(system, where, here, highest)
    if roll is not None:
        out["power_roll"] = roll
    description = _get(system, "description.value")
    if isinstance(description, str) and plain(description):
        out["text"] = plain(description)
    return out


def _spend(raw: Any, where: Where, field: str) -> tuple[list[dict[str, Any]], str]:
    """The "Spend X" entry of ``system.spend`` (``{text, value}``; RB-HR-03) as a list: none when
    both are empty; a null value taken from a "for each 2 Malice spent" wording, in multiples.
    An entry whose text prints no amount anywhere (a null value, no such wording) is no entry:
    its words come back second, to be kept as the ability's effect text, which the load report
    lists."""
    if raw is None:
        return [], ""
    if not isinstance(raw, dict):
        raise where.fail(f"expected a table {{text, value}}, got {kind(raw)}", field)
    text, value = raw.get("text"), raw.get("value")
    words = plain(text) if isinstance(text, str) else text
    if words in (None, "") and value in (None, ""):
        return [], ""
    if value is None and isinstance(words, str) and notation.spend_each(words) is None:
        return [], words
    return [notation.spend(value, words, where, value_field=f"{field}.value", text_field=f"{field}.text")], ""


def _distance(raw: Any, where: Where, field: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise where.fail(f"expected a table {{type, primary, secondary}}, got {kind(raw)}", field)
    key = str(raw.get("type", "")).replace(" ", "").lower()
    found = DISTANCES.get(key)
    if found is None:
        raise where.fail(
            f"{kind(raw.get('type'))} is not a distance type ({', '.join(DISTANCES)})", f"{field}.type"
        )
    numbers = [
        notation.leading_number(raw[k], f"{field}.{k}", where, what=k) if raw.get(k) not in (None, "") else 0
        for k in ("primary", "secondary", "tertiary")
    ]
    first, second, third = numbers
    if found in ("melee", "ranged", "aura", "burst"):
        return {"kind": found, "value": first}
    if found == "melee or ranged":
        return {"kind": found, "value": first, "within": second}
    if found in ("cube", "wall"):
        return {"kind": found, "size": first, "within": second}
    if found == "line" and first > 0:
        return {"kind": found, "size": first, "width": second, "within": third}
    if found == "line":  # a line whose length the exporter left empty: printed as given
        return {"kind": "special", "text": f"line {second} wide within {third}"}
    if found == "self":
        return {"kind": "self"}
    words = raw.get("special") or raw.get("custom") or "Special"
    return {"kind": "special", "text": plain(str(words))}


def _target(raw: Any, distance: dict[str, Any], where: Where, field: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise where.fail(f"expected a table {{type, value}}, got {kind(raw)}", field)
    key = str(raw.get("type", "")).replace(" ", "").lower()
    found = TARGETS.get(key)
    if found is None:
        raise where.fail(
            f"{kind(raw.get('type'))} is not a target type ({', '.join(TARGETS)})", f"{field}.type"
        )
    custom = raw.get("custom")
    words = plain(custom) if isinstance(custom, str) else ""
    if found == "special":
        return {"kind": "special", "text": words or "Special"}
    if found == "self":
        return {"kind": "self", **({"text": words} if words else {})}
    value = raw.get("value")
    if found in SPECIAL_TARGETS:
        count = "each" if value in (None, "", 0) else str(value)
        return {"kind": "special", "text": words or f"{count} {found}"}
    out: dict[str, Any] = {"kind": found}
    if value in (None, "", 0):
        if found in ("creature", "enemy", "ally"):
            out["kind"] = f"each {found}"
        out["count"] = "each"
    else:
        out["count"] = notation.leading_number(value, f"{field}.value", where, what="targets")
    if words:
        out["text"] = words
    return out


_POTENCY_STEP = {"weak": -2, "average": -1, "strong": 0}
"""Weak, average and strong potency: the creature's highest characteristic and these."""


def _potency(raw: Any, where: Where, field: str, highest: int | None = None) -> Potency | None:
    if not isinstance(raw, dict):
        return None
    char = raw.get("characteristic")
    value = raw.get("value")
    if not char or str(char).lower() == "none" or value in (None, ""):
        return None  # Foundry writes characteristic "none" on every effect with no potency
    characteristic = notation.characteristic(char, f"{field}.characteristic", where)
    if isinstance(value, str):
        found = re.fullmatch(r"\s*@potency\.(weak|average|strong)\s*(?:([+-])\s*(\d{1,3}))?\s*", value)
        if found and found.group(2) is None:
            return Potency(characteristic, found.group(1))
        if found and highest is not None:
            shift = int(found.group(3)) * (-1 if found.group(2) == "-" else 1)
            return Potency(characteristic, highest + _POTENCY_STEP[found.group(1)] + shift)
    number = notation.signed(value, f"{field}.value", where)
    return Potency(characteristic, number)


def _power_roll(
    system: dict[str, Any], where: Where, field: str, highest: int | None = None
) -> dict[str, Any] | None:
    effects = _get(system, "power.effects")
    if not effects:
        return None
    if isinstance(effects, list):
        effects = {str(i): e for i, e in enumerate(effects)}
    if not isinstance(effects, dict):
        raise where.fail(f"expected a table of effects, got {kind(effects)}", f"{field}.power.effects")
    chars = notation.characteristics(
        _get(system, "power.roll.characteristics"), f"{field}.power.roll.characteristics", where
    )
    tiers: list[list[Effect]] = [[], [], []]
    for key, effect in effects.items():
        here = f"{field}.power.effects.{key}"
        if not isinstance(effect, dict):
            raise where.fail(f"expected an effect table, got {kind(effect)}", here)
        kind_of = effect.get("type")
        data = effect.get(kind_of) if isinstance(kind_of, str) else None
        if isinstance(kind_of, str) and data is None:
            continue  # an effect the exporter wrote with no tiers (a "Push" with no body): nothing to do
        if not isinstance(kind_of, str) or not isinstance(data, dict):
            raise where.fail(f"expected a {kind_of!s} table of tiers", f"{here}.{kind_of}")
        for n in (1, 2, 3):
            tier = data.get(f"tier{n}")
            if isinstance(tier, dict):
                try:
                    tiers[n - 1].extend(
                        _effects(kind_of, tier, chars, where, f"{here}.{kind_of}.tier{n}", highest)
                    )
                except (StateError, ArgumentTypeError) as exc:
                    raise where.fail(str(exc), f"{here}.{kind_of}.tier{n}") from None
    out: dict[str, Any] = {
        "tiers": [unstructure(Tier(Tier("", tuple(t)).printed(), tuple(t)), Tier) for t in tiers]
    }
    if chars:
        out["characteristics"] = chars
    formula = _get(system, "power.roll.formula")
    if isinstance(formula, str):
        found = re.search(r"([+-])\s*(\d+)\s*$", formula)
        if found and "@chr" not in formula:
            out["bonus"] = notation.signed(
                found.group(1) + found.group(2), f"{field}.power.roll.formula", where
            )
    return out


def _effects(
    kind_of: str,
    tier: dict[str, Any],
    chars: list[str],
    where: Where,
    field: str,
    highest: int | None = None,
) -> list[Effect]:
    potency = _potency(tier.get("potency"), where, f"{field}.potency", highest)
    display = plain(str(tier.get("display") or ""))
    display = re.sub(r"\s*\{\{\s*potency\s*\}\}\s*", " ", display).strip()
    if kind_of == "damage":
        value = tier.get("value")
        if value in (None, ""):
            return []
        amount = notation.leading_number(value, f"{field}.value", where, what="damage")
        types = notation.names(tier.get("types", []), f"{field}.types", where)
        added = tuple(chars) if isinstance(value, str) and "@chr" in value else ()
        return [Damage(amount, added, tuple(t.lower() for t in types), potency)]
    if kind_of == "forced":
        movement = tier.get("movement", [])
        kinds = notation.names(movement, f"{field}.movement", where)
        distance = tier.get("distance")
        if not kinds or distance in (None, ""):
            return []
        squares = notation.leading_number(distance, f"{field}.distance", where, what="distance")
        vertical = "vertical" in notation.names(tier.get("properties", []), f"{field}.properties", where)
        return [ForcedMovement(k.lower(), squares, vertical, potency) for k in kinds]
    if kind_of == "applied":
        conditions = tier.get("effects", {})
        out: list[Effect] = []
        if isinstance(conditions, dict):
            for name, how in conditions.items():
                end = str(how.get("end", "")) if isinstance(how, dict) else ""
                if name in {c.value for c in ConditionName} and end in ENDS:
                    out.append(ApplyCondition(name, ENDS[end], potency))
        if out:
            return out
        return list(parse_effects(display, potency)) if display else []
    if kind_of in ("other", "resource"):  # read as printed: a resource gained, a shift, a named effect
        return list(parse_effects(display, potency)) if display else []
    raise where.fail(
        f"{kind(kind_of)} is not an effect type (damage, applied, forced, resource, other)", field
    )


__all__ = ["ACTOR_TYPES", "ability", "actor", "feature", "looks_like_actor", "looks_like_item"]
