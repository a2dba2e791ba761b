"""Reading the game's notation: "3 for four minions", "Fire 5, poison 3", "Melee 1 or ranged 10".

Every importer writes what it reads into brawl's own stat block layout (plain tables, see
:mod:`brawl.statblocks.tomlformat`); the functions here turn the notation of a stat block into the
values of that layout. A value they cannot read raises :class:`~brawl.errors.ScenarioError`
through the caller's :class:`~brawl.io.scenariofields.Where`, naming the field and what it
expected.
"""

from __future__ import annotations

import html
import re
from typing import Any

from brawl.abilities.model import CHARACTERISTICS as CHARACTERISTICS
from brawl.creature import MovementType
from brawl.damagetypes import KEYS as DAMAGE_KEYS
from brawl.io.scenariofields import Where, kind
from brawl.statblocks.model import ORGANIZATIONS, ROLES

MOVEMENT_TYPES = tuple(m.value for m in MovementType)
"""The movement types of a speed entry (those of :class:`brawl.MovementType`)."""

NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
"""Counts written as words in stat blocks ("two creatures", "3 for four minions")."""

MAX_DIGITS = 100
"""Most digits of a number read from a stat block; no number of the game comes near, and a longer
one (which Python may refuse to turn into an int) is refused or kept as text."""

_INITIALS = {c[0]: c for c in CHARACTERISTICS}
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")


def _short_numbers(text: str, field: str, where: Where) -> str:
    """The text, refused if it holds a number of more than :data:`MAX_DIGITS` digits."""
    if _LONG_NUMBER.search(text):
        raise where.fail(f"a number of more than {MAX_DIGITS} digits", field)
    return text


def _count(word: str) -> int | None:
    """A count written in digits or as a word (``"2"``, ``"two"``), or None."""
    if word.isdecimal():
        return int(word)
    return NUMBER_WORDS.get(word.lower())


def plain(text: str) -> str:
    """Text without HTML tags or entities, with its runs of spaces and blank lines closed up.

    Foundry keeps descriptions as HTML; a paragraph break becomes a newline.
    """
    text = re.sub(r"(?i)<\s*br\s*/?>|</\s*p\s*>", "\n", text)
    text = re.sub(r"<[^>]*>", "", text)
    text = html.unescape(text)
    lines = [re.sub(r"[ \t\xa0]+", " ", line).strip() for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def characteristic(value: Any, field: str, where: Where) -> str:
    """A characteristic's full lower-case name from ``"Might"``, ``"might"`` or ``"M"``."""
    if isinstance(value, str):
        key = value.strip().lower()
        key = _INITIALS.get(key, key)
        if key in CHARACTERISTICS:
            return key
    raise where.fail(f"{kind(value)} is not a characteristic ({', '.join(CHARACTERISTICS)})", field)


def characteristics(value: Any, field: str, where: Where) -> list[str]:
    """The characteristics a power roll adds: a list of names (``["Might", "A"]``), or one name.

    None and an empty string are no characteristic.
    """
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [characteristic(value, field, where)]
    if isinstance(value, list):
        return [characteristic(c, f"{field}[{i}]", where) for i, c in enumerate(value)]
    raise where.fail(f"expected a characteristic or a list of them, got {kind(value)}", field)


def leading_number(value: Any, field: str, where: Where, *, what: str) -> int:
    """A whole number given as a number or as text that starts with one (``"15"``, ``"15 each"``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        found = re.match(r"\s*([+-]?\d+)\b", _short_numbers(value, field, where))
        if found:
            return int(found.group(1))
    raise where.fail(f"{what}: expected a whole number, got {kind(value)}", field)


def signed(value: Any, field: str, where: Where) -> int:
    """A characteristic score written as ``2``, ``"+2"``, ``"-1"`` or ``"−1"`` (a minus sign)."""
    if isinstance(value, str):
        value = value.strip().replace("\u2212", "-")
    return leading_number(value, field, where, what="a score")


def ev(value: Any, field: str, where: Where) -> tuple[int, int]:
    """Encounter value and how many creatures it buys: ``"3 for four minions"`` is ``(3, 4)``."""
    if value is None or (isinstance(value, str) and value.strip() in ("", "-", "\u2014")):
        return 0, 1
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value, 1
    if isinstance(value, str):
        text = _short_numbers(value, field, where)
        found = re.fullmatch(r"\s*(\d+)\s*(?:for\s+(\w+)(?:\s+\w+)?)?\s*", text, flags=re.I)
        if found:
            count = found.group(2)
            if count is None:
                return int(found.group(1)), 1
            number = _count(count)
            if number:
                return int(found.group(1)), number
    expected = 'expected an encounter value such as 3 or "3 for four minions"'
    raise where.fail(f"{expected}, got {kind(value)}", field)


def organization_and_role(words: list[str], field: str, where: Where) -> tuple[str, str]:
    """The organization and role named by ``["Horde Ambusher"]``, ``["Minion", "Brute"]`` or ``"Solo"``."""
    organization = role = ""
    for word in (w.lower() for text in words for w in re.split(r"[\s,/]+", text) if w):
        if word in ORGANIZATIONS and not organization:
            organization = word
        elif word in ROLES and not role:
            role = word
        else:
            known = ", ".join(ORGANIZATIONS + ROLES)
            raise where.fail(f"{word!r} is not an organization or a role (known: {known})", field)
    return organization, role


def names(value: Any, field: str, where: Where) -> list[str]:
    """A list of names from a list of strings or one comma-separated string."""
    if value is None:
        return []
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [v.strip() for v in value if v.strip()]
    raise where.fail(f"expected a list of names or a comma-separated string, got {kind(value)}", field)


def movement(value: Any, field: str, where: Where) -> list[str]:
    """Movement types from ``"Fly, hover"``, ``["climb"]`` or ``"—"``; walk always comes with them.

    Teleport is read as a movement type; any other word is refused.
    """
    if isinstance(value, str) and value.strip() in ("", "-", "\u2014"):
        value = []
    found = ["walk"]
    for word in names(value, field, where):
        key = word.lower()
        if key not in MOVEMENT_TYPES:
            raise where.fail(f"{word!r} is not a movement type ({', '.join(MOVEMENT_TYPES)})", field)
        if key not in found:
            found.append(key)
    return found


_DAMAGE_ITEM = r"(?:all\s+)?([a-z]+)(?:\s+(?:immunity|weakness))?\s+(\d+|all)"


def damage_table(value: Any, field: str, where: Where, *, immunity: bool) -> dict[str, Any]:
    """Immunities or weaknesses from ``"Fire 5, poison all"``, ``["Fire 5"]`` or ``{fire = 5}``.

    ``"Damage 3"`` (and ``"all damage 3"``) is untyped: it applies to every damage.
    """
    if value is None or (isinstance(value, str) and value.strip() in ("", "-", "\u2014")):
        return {}
    if isinstance(value, dict):
        items = [f"{k} {v}" for k, v in value.items()]
    else:
        items = names(value, field, where)
    out: dict[str, Any] = {}
    for item in items:
        found = re.fullmatch(_DAMAGE_ITEM, _short_numbers(item, field, where).strip(), re.I)
        key = found.group(1).lower() if found else ""
        if found is None or key not in DAMAGE_KEYS:
            types = ", ".join(sorted(DAMAGE_KEYS))
            raise where.fail(f'{item!r}: expected "<type> <value>" with a type of {types}', field)
        amount = found.group(2).lower()
        if amount == "all" and not immunity:
            raise where.fail(f"{item!r}: a weakness is a whole number", field)
        out[key] = amount if amount == "all" else int(amount)
    return out


def size(value: Any, field: str, where: Where) -> str | int:
    """A size as written: ``"1S"``, ``"2"``, ``2`` (checked when the stat block is built)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip():
        return value.strip().upper()
    raise where.fail(f'expected a size such as "1M" or 2, got {kind(value)}', field)


ACTION_TYPES = {
    "main action": "main action",
    "main": "main action",
    "action": "main action",
    "maneuver": "maneuver",
    "free maneuver": "free maneuver",
    "freemaneuver": "free maneuver",
    "move action": "move action",
    "move": "move action",
    "triggered action": "triggered action",
    "triggered": "triggered action",
    "free triggered action": "free triggered action",
    "free triggered": "free triggered action",
    "freetriggered": "free triggered action",
    "villain action": "villain action",
    "villain": "villain action",
    "no action": "none",
    "none": "none",
    "-": "none",
    "\u2014": "none",
}
"""The spellings of an action type in the exports, and the name brawl gives it."""


def action_type(value: Any, field: str, where: Where) -> str:
    """An action type from ``"Main action"``, ``"main"``, ``"Triggered Action"``, ``"freeTriggered"``...

    A villain action numbered ``"Villain Action 1"`` is a villain action.
    """
    if isinstance(value, str):
        key = re.sub(r"\s+\d+$", "", re.sub(r"[\s_-]+", " ", value.strip().lower()))
        found = ACTION_TYPES.get(key) or ACTION_TYPES.get(key.replace(" ", ""))
        if found:
            return found
    known = ", ".join(sorted(set(ACTION_TYPES.values())))
    raise where.fail(f"{kind(value)} is not an action type ({known})", field)


def distance(value: str) -> dict[str, Any]:
    """A distance table from the game's notation; what it cannot read is ``kind = "special"``.

    ``"Melee 1"``, ``"Ranged 10"``, ``"Melee 1 or ranged 10"``, ``"Self"``, ``"3 burst"``,
    ``"2 aura"``, ``"3 cube within 10"``, ``"5 x 1 line within 1"``, ``"10 wall within 10"``.
    """
    text = re.sub(r"\s+", " ", value.strip().replace("\u00d7", "x")).lower()
    if _LONG_NUMBER.search(text):
        return {"kind": "special", "text": value.strip()}
    found = re.fullmatch(r"(melee|ranged) (\d+)", text)
    if found:
        return {"kind": found.group(1), "value": int(found.group(2))}
    found = re.fullmatch(r"melee (\d+) or ranged (\d+)", text)
    if found:
        return {"kind": "melee or ranged", "value": int(found.group(1)), "within": int(found.group(2))}
    if text == "self":
        return {"kind": "self"}
    found = re.fullmatch(r"(?:self )?(\d+) (aura|burst)", text)
    if found:
        return {"kind": found.group(2), "value": int(found.group(1))}
    found = re.fullmatch(r"(\d+) (cube|wall) within (\d+)", text)
    if found:
        return {"kind": found.group(2), "size": int(found.group(1)), "within": int(found.group(3))}
    found = re.fullmatch(r"(\d+) ?x ?(\d+) line within (\d+)", text)
    if found:
        size, width, within = (int(g) for g in found.groups())
        return {"kind": "line", "size": size, "width": width, "within": within}
    return {"kind": "special", "text": value.strip()}


_SINGULAR = {"creatures": "creature", "enemies": "enemy", "allies": "ally", "objects": "object"}
_NOUN = r"(creatures? or objects?|creatures?|enem(?:y|ies)|all(?:y|ies)|objects?)"
_AREA_WORD = r"(?:area|burst|aura|cube|line)"
"""The words naming the area in "each enemy in the burst" (R-AREA-1..3)."""


def target(value: str) -> dict[str, Any]:
    """A target table from ``"One creature"``, ``"Two enemies"``, ``"Self"``, ``"Each enemy in the area"``
    (or ``in the burst``, ``aura``, ``cube``, ``line``).

    ``count = "each"``: every one in the area. ``"One creature per minion"`` is one creature for
    each minion of the squad attacking (``per_minion``). ``"The triggering creature"`` is one creature, the
    one the trigger names (the caller chooses it). What it cannot read is ``kind = "special"``. The
    printed words are kept as ``text``. A noun in the singular where the plural is meant, or the
    other way round, is read all the same: ``"Two creature or objects"`` is two creatures or objects.
    """
    words = value.strip()
    text = re.sub(r"\s+", " ", words).lower().rstrip(".")
    if text in ("self", "yourself", "you"):
        return {"kind": "self", "text": words}
    if _LONG_NUMBER.search(text):
        return {"kind": "special", "text": words}
    found = re.fullmatch(r"self or (\w+) all(?:y|ies)", text)
    count = _count(found.group(1)) if found else None
    if count:
        return {"kind": "self or ally", "count": count, "text": words}
    found = re.fullmatch(rf"(\w+) {_NOUN}( per minion)?", text)
    count = _count(found.group(1)) if found else None
    if found and count:
        each = {"per_minion": True} if found.group(3) else {}
        return {"kind": _target_kind(found.group(2)), "count": count, **each, "text": words}
    found = re.fullmatch(rf"(?:the )?triggering {_NOUN}", text)
    if found and not found.group(1).endswith("s"):
        return {"kind": _target_kind(found.group(1)), "count": 1, "text": words}
    found = re.fullmatch(rf"(?:each|all|every) {_NOUN}(?: in the {_AREA_WORD})?", text)
    if found and _target_kind(found.group(1)) in ("creature", "enemy", "ally"):
        return {"kind": "each " + _target_kind(found.group(1)), "count": "each", "text": words}
    return {"kind": "special", "text": words}


def _target_kind(noun: str) -> str:
    """The target kind a noun of :data:`_NOUN` names, each word in the singular or the plural."""
    return " or ".join(_SINGULAR.get(word, word) for word in noun.split(" or "))


def cost(value: Any, field: str, where: Where, *, default: str = "heroic") -> dict[str, Any] | None:
    """A cost from ``"3 Malice"``, ``"5 Wrath"`` (a Heroic Resource), ``3`` or ``"Signature"`` (none).

    A bare number spends ``default``: the Heroic Resource on a hero sheet, Malice on a monster's.
    """
    if value is None or value == 0:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return {"resource": default, "amount": value}
    if isinstance(value, str):
        text = _short_numbers(value, field, where).strip()
        found = re.fullmatch(r"(\d+)\+?(?:\s+(\w[\w ]*))?", text)
        if found and int(found.group(1)) > 0:
            word = (found.group(2) or "").strip().lower()
            resource = "malice" if word == "malice" else "heroic" if word else default
            return {"resource": resource, "amount": int(found.group(1)), "text": text}
        if text.lower() in ("", "0", "signature", "signature ability", "-", "\u2014"):
            return None
    raise where.fail(f'expected a cost such as "3 Malice" or "5 Wrath", got {kind(value)}', field)


_SPEND_EACH = re.compile(r"(?i)\bfor (?:each|every) (?:(\d+) )?(?:additional )?[a-z]+ spent\b")
_SPEND_AMOUNT = re.compile(r"(?i)\s*(?:spend\s+)?(\d+)(\+)?(?:\s+[a-z]+)?\s*")
_SPEND_LABEL = re.compile(r"(?i)\s*(?:spend\s+(\d+)(\+)?(?:\s+[a-z]+)?|(\d+)(\+)?\s+malice)\s*")
_SPEND_LINE = re.compile(r"\s*(?:\*\*)?([^*:\n]+?)(?:\*\*)?\s*:\s*(?:\*\*)?\s*(\S.*)", re.S)


def spend_each(text: str) -> int | None:
    """The amount a "for each 2 Malice spent" wording pays in multiples of (``"for each Malice
    spent"``: 1, ``"for every 2 malice spent"``: 2), or None."""
    found = _SPEND_EACH.search(text)
    if found is None or _LONG_NUMBER.search(found.group(0)):
        return None
    return int(found.group(1) or 1)


def spend_label(value: Any) -> tuple[int, bool] | None:
    """The amount and ``+`` of a label naming a Spend entry: ``"Spend 2"``, ``"Spend 2+ Focus"``,
    ``"3 Malice"``, ``"2+ Malice"``; None for any other label (``"Effect"``, ``"Special"``)."""
    found = _SPEND_LABEL.fullmatch(value) if isinstance(value, str) else None
    if found is None or _LONG_NUMBER.search(value):
        return None
    digits, plus = (found.group(1), found.group(2)) if found.group(1) else (found.group(3), found.group(4))
    return int(digits), plus is not None


def spend_line(line: str) -> tuple[int, bool, str] | None:
    """The amount, ``+`` and effect of a printed Spend line (``"3 Malice: The target is slowed."``,
    ``"**Spend 2+:** ..."``), or None for a line that is not one."""
    found = _SPEND_LINE.fullmatch(line)
    label = spend_label(found.group(1)) if found else None
    if found is None or label is None:
        return None
    return (*label, found.group(2).strip())


def spend(
    value: Any, text: Any, where: Where, *, value_field: str, text_field: str, plus: bool = False
) -> dict[str, Any]:
    """A "Spend X" entry's table (``amount``, ``text``, ``plus``; RB-HR-03) from its amount and
    its effect's text.

    The amount is a number or a label (``"2+ Malice"``: 2 in multiples, ``"Spend 3"``); none
    (``None``, ``""``) takes it from a "for each 2 Malice spent" wording, in multiples. ``plus``
    (the export's own flag) or that wording with the same amount makes it payable in multiples.
    An entry with no effect text, or an amount that is none of these, is refused naming the field.
    """
    if not isinstance(text, str) or not text.strip():
        raise where.fail(f"a Spend entry needs the text of its effect, got {kind(text)}", text_field)
    words = text.strip()
    each = spend_each(words)
    expected = 'expected an amount such as 2 or "2+ Malice", or a wording such as "for each 2 Malice spent"'
    if value is None or (isinstance(value, str) and not value.strip()):
        if each is None:
            raise where.fail(f"{expected}, got {kind(value)}", value_field)
        amount, plus = each, True
    elif isinstance(value, int) and not isinstance(value, bool):
        amount = value
    else:
        found = _SPEND_AMOUNT.fullmatch(value) if isinstance(value, str) else None
        if found is None:
            raise where.fail(f"{expected}, got {kind(value)}", value_field)
        amount = int(_short_numbers(found.group(1), value_field, where))
        plus = plus or found.group(2) is not None
    if amount < 1:
        raise where.fail(f"a Spend entry costs at least 1, got {amount}", value_field)
    out: dict[str, Any] = {"amount": amount, "text": words}
    if plus or each == amount:
        out["plus"] = True
    return out


def put_effects(
    out: dict[str, Any], before: list[str], roll: dict[str, Any] | None, after: list[str]
) -> None:
    """Set an ability's ``effect_before``, ``power_roll`` and ``effect_after`` in ``out``; with no
    roll, every effect is the ability's one "Effect:" text, after."""
    if roll is None:
        after, before = [*before, *after], []
    if before:
        out["effect_before"] = "\n".join(before)
    if roll is not None:
        out["power_roll"] = roll
    if after:
        out["effect_after"] = "\n".join(after)


def tier_key(key: str) -> int | None:
    """Which tier a key names: ``tier1``, ``t1``, ``"11 or lower"``, ``"12-16"``, ``"17+"``..."""
    text = key.strip().lower().replace("\u2013", "-").replace(" ", "")
    for tier, spellings in (
        (1, ("tier1", "t1", "11orlower", "11orless", "<=11", "≤11")),
        (2, ("tier2", "t2", "12-16")),
        (3, ("tier3", "t3", "17+", "17orhigher", "17ormore")),
    ):
        if text in spellings:
            return tier
    return None


def roll_characteristics(value: Any, field: str, where: Where) -> tuple[list[str], int | None]:
    """The characteristics and bonus of a power roll: ``"Power Roll + 2"``, ``"2d10 + Might or Agility"``."""
    if not isinstance(value, str):
        raise where.fail(f'expected a power roll such as "Power Roll + 2", got {kind(value)}', field)
    text = _short_numbers(value, field, where).strip()
    found = re.fullmatch(r"(?i)(?:power roll|2d10)\s*([+-])\s*(\d+)", text)
    if found:
        return [], int(found.group(2)) * (-1 if found.group(1) == "-" else 1)
    found = re.fullmatch(r"(?i)(?:power roll|2d10)\s*\+\s*(.+)", text)
    if found:
        words = re.split(r"(?i)\s*(?:,|\bor\b)\s*", found.group(1))
        chars = [characteristic(w, field, where) for w in words if w]
        return chars, None
    if re.fullmatch(r"(?i)power roll|2d10", text):
        return [], None
    raise where.fail(f'{text!r}: expected "Power Roll + 2" or "Power Roll + Might or Agility"', field)
