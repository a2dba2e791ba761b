"""``parse_tier``: a tier's printed text into its effects, leaving what it cannot read as text.

The usual printed forms, separated by semicolons::

    2 damage; pull 1
    6 + M fire damage; A < 2 prone
    9 damage; M < 3 slowed (save ends)
    push 3; the target is taunted (EoT)

Each clause is damage (``N [+ C [or C]] [type [or type]] damage``), forced movement
(``[vertical] push|pull|slide N``) or a condition (``[the target is] name [(EoT)|(save ends)|(EoE)]``),
optionally after a potency (``C < N`` or ``C < weak|average|strong``, with or without a comma).
Anything else stays a :class:`~brawl.abilities.model.TextEffect` with the whole clause, its
potency read if one leads it: nothing is guessed and nothing is dropped (RB3-TIERS, RB2-POTENCY).
"""

from __future__ import annotations

import re

from brawl.abilities.model import (
    COUNT_WORDS,
    DURATION_MARKS,
    INITIALS,
    MAX_NUMBER,
    ApplyCondition,
    Damage,
    Distance,
    Effect,
    ForcedMovement,
    Potency,
    Target,
    TextEffect,
    Tier,
)
from brawl.conditions import ConditionName
from brawl.damagetypes import DamageType
from brawl.errors import ArgumentTypeError, StateError

_C = "[MARIP]"
_TYPES = "|".join(t.value for t in DamageType)
_DAMAGE = re.compile(
    rf"(?P<n>\d+)(?:\s*\+\s*(?P<chars>{_C}(?:\s+or\s+{_C})*))?"
    rf"(?:\s+(?P<types>(?:{_TYPES})(?:\s+or\s+(?:{_TYPES}))*))?\s+damage",
    re.IGNORECASE,
)
_FORCED = re.compile(r"(?P<vertical>vertical\s+)?(?P<kind>push|pull|slide)\s+(?P<n>\d+)", re.IGNORECASE)
_CONDITIONS = "|".join(c.value for c in ConditionName)
_MARKS = {mark.strip().lower(): duration for duration, mark in DURATION_MARKS.items() if mark}
_MARKS["(end of encounter)"] = "end of encounter"
_CONDITION = re.compile(
    rf"(?:the\s+target\s+is\s+)?(?P<name>{_CONDITIONS})"
    r"(?:\s*(?P<mark>\((?:eot|save ends|eoe|end of encounter)\)))?",
    re.IGNORECASE,
)
_POTENCY = re.compile(
    rf"(?P<c>{_C})\s*<\s*(?P<v>-?\d+|weak|average|strong)(?:\s*,)?\s+(?P<rest>.+)",
    re.IGNORECASE | re.DOTALL,
)
MAX_TIER_TEXT = 4_000
"""The longest tier text read, in characters."""


def _number(text: str) -> int | None:
    n = int(text)
    return n if n <= MAX_NUMBER else None


def _plain(clause: str) -> Effect | None:
    """The effect of a clause without potency, or None if it is none of the usual forms."""
    if m := _DAMAGE.fullmatch(clause):
        amount = _number(m["n"])
        if amount is None:
            return None
        chars = (
            tuple(INITIALS[c.upper()] for c in re.split(r"\s+or\s+", m["chars"], flags=re.I))
            if m["chars"]
            else ()
        )
        types = tuple(t.lower() for t in re.split(r"\s+or\s+", m["types"], flags=re.I)) if m["types"] else ()
        if len(set(chars)) != len(chars) or len(set(types)) != len(types):
            return None
        return Damage(amount, chars, types)
    if m := _FORCED.fullmatch(clause):
        distance = _number(m["n"])
        if distance is None:
            return None
        return ForcedMovement(m["kind"].lower(), distance, vertical=bool(m["vertical"]))
    if m := _CONDITION.fullmatch(clause):
        mark = m["mark"]
        duration = _MARKS[re.sub(r"\s+", " ", mark.lower())] if mark else ""
        return ApplyCondition(m["name"].lower(), duration)
    return None


def _clause(clause: str) -> Effect:
    """One clause's effect; what is not a usual form stays text, with its potency if it has one."""
    potency = None
    body = clause
    m = _POTENCY.fullmatch(clause)
    if m and (m["v"].isalpha() or _number(m["v"].lstrip("-")) is not None):
        value: int | str = m["v"].lower() if m["v"].isalpha() else int(m["v"])
        potency = Potency(INITIALS[m["c"].upper()], value)
        body = m["rest"].strip()
    effect = _plain(body)
    if effect is None:
        return TextEffect(body if potency is not None else clause, potency)
    return effect if potency is None else _attach(effect, potency)


def _attach(effect: Effect, potency: Potency) -> Effect:
    if isinstance(effect, Damage):
        return Damage(effect.amount, effect.characteristics, effect.types, potency)
    if isinstance(effect, ForcedMovement):
        return ForcedMovement(effect.kind, effect.distance, effect.vertical, potency)
    if isinstance(effect, ApplyCondition):
        return ApplyCondition(effect.condition, effect.duration, potency)
    return TextEffect(effect.text, potency)


def parse_tier(text: str) -> Tier:
    """A tier's printed text and its parsed effects (RB3-TIERS).

    Clauses are separated by semicolons; a final full stop is dropped. A clause that is none of
    the usual forms is kept whole as a :class:`~brawl.abilities.model.TextEffect` (see
    :attr:`Tier.unresolved <brawl.abilities.model.Tier.unresolved>`), never guessed.

    >>> parse_tier("6 + M fire damage; A < 2 prone").printed()
    '6 + M fire damage; A < 2 prone'
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_tier(text={text!r}): a string is needed", rule="RB3-TIERS")
    effects: list[Effect] = []
    for raw in text[:MAX_TIER_TEXT].split(";"):
        clause = re.sub(r"\s+", " ", raw).strip().rstrip(".").strip()
        if clause:
            effects.append(_clause(clause))
    return Tier(text, tuple(effects))


def format_tier(tier: Tier) -> str:
    """The tier's effects printed the usual way: ``parse_tier(format_tier(t))`` has the same effects."""
    if not isinstance(tier, Tier):
        raise ArgumentTypeError(f"format_tier(tier={tier!r}): a Tier is needed", rule="RB3-TIERS")
    return tier.printed()


_N = r"(\d{1,3})"
_DISTANCES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), kind)
    for pattern, kind in (
        (rf"melee {_N} or ranged {_N}", "melee or ranged"),
        (rf"melee {_N}", "melee"),
        (rf"ranged {_N}", "ranged"),
        (r"self", "self"),
        (rf"{_N} aura", "aura"),
        (rf"{_N} burst", "burst"),
        (rf"{_N} cube within {_N}", "cube"),
        (rf"{_N} ?[x×] ?{_N} line within {_N}", "line"),
        (rf"{_N} wall within {_N}", "wall"),
    )
)


def parse_distance(text: str) -> Distance:
    """An ability's printed distance (``Melee 1``, ``Ranged 10``, ``Melee 1 or ranged 5``, ``Self``,
    ``3 aura``, ``2 burst``, ``3 cube within 10``, ``5 x 1 line within 1``, ``10 wall within 10``);
    anything else is a special distance keeping its words (R-AREA-1..4, R-ABIL-4)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_distance(text={text!r}): a string is needed", rule="R-ABIL-4")
    words = " ".join(text.split()).rstrip(".")
    for pattern, kind in _DISTANCES:
        m = pattern.fullmatch(words)
        if m is None:
            continue
        n = [int(g) for g in m.groups()]
        if kind == "melee or ranged":
            return _distance(text, kind, value=n[0], within=n[1])
        if kind in ("melee", "ranged", "aura", "burst"):
            return _distance(text, kind, value=n[0])
        if kind == "self":
            return Distance("self")
        if kind == "line":
            return _distance(text, kind, size=n[0], width=n[1], within=n[2])
        return _distance(text, kind, size=n[0], within=n[1])
    return Distance("special", text=text[:MAX_TIER_TEXT] if text.strip() else "special")


def _distance(
    text: str, kind: str, *, value: int = 0, size: int = 0, width: int = 0, within: int = 0
) -> Distance:
    """The distance, or a special one when its numbers are not a valid area (a 0 burst)."""
    try:
        return Distance(kind, value, size, width, within)
    except StateError:
        return Distance("special", text=text)


_COUNT = "|".join(COUNT_WORDS)
_NOUN = r"(creature|object|enemy|enemie|ally|allie)s?"
_TARGETS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), kind)
    for pattern, kind in (
        (r"self", "self"),
        (rf"self or (?P<n>{_COUNT}|\d+) (ally|allies)", "self or ally"),
        (rf"each (?P<noun>{_NOUN}(?: or {_NOUN})?)(?: in the area)?", "each"),
        (rf"all (?P<noun>{_NOUN}(?: or {_NOUN})?)(?: in the area)?", "all"),
        (rf"(?P<n>{_COUNT}|\d+) (?P<noun>{_NOUN}(?: or {_NOUN})?)", "count"),
    )
)
_SINGULAR = {"enemie": "enemy", "enemies": "enemy", "allie": "ally", "allies": "ally"}


def _noun(words: str) -> str:
    parts = []
    for part in words.lower().split(" or "):
        part = part.strip()
        part = _SINGULAR.get(part, part[:-1] if part.endswith("s") and part not in _SINGULAR else part)
        parts.append(_SINGULAR.get(part, part))
    return " or ".join(parts)


def _count_of(word: str) -> int:
    lower = word.lower()
    return COUNT_WORDS.index(lower) + 1 if lower in COUNT_WORDS else int(lower)


def parse_target(text: str) -> Target:
    """An ability's printed target (``One creature``, ``Two enemies``, ``One creature or object``,
    ``Self``, ``Self or one ally``, ``Each enemy in the area``); anything else is a special target
    keeping its words (R-ABIL-9, R-ABIL-4)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_target(text={text!r}): a string is needed", rule="R-ABIL-4")
    words = " ".join(text.split()).rstrip(".")
    for pattern, how in _TARGETS:
        m = pattern.fullmatch(words)
        if m is None:
            continue
        try:
            if how == "self":
                return Target("self")
            if how == "self or ally":
                return Target("self or ally", _count_of(m["n"]))
            noun = _noun(m["noun"])
            if how == "each":
                return Target(f"each {noun}")
            if how == "all":
                return Target(noun, None)
            return Target(noun, _count_of(m["n"]))
        except (StateError, ValueError):
            break
    return Target("special", None, text=text[:MAX_TIER_TEXT] if text.strip() else "special")


__all__ = ["format_tier", "parse_distance", "parse_target", "parse_tier"]
