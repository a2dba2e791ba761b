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
    DURATION_MARKS,
    INITIALS,
    MAX_NUMBER,
    ApplyCondition,
    Damage,
    Effect,
    ForcedMovement,
    Potency,
    TextEffect,
    Tier,
)
from brawl.conditions import ConditionName
from brawl.damagetypes import DamageType
from brawl.errors import ArgumentTypeError

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
    :attr:`~brawl.abilities.model.Tier.unresolved`), never guessed.

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


__all__ = ["format_tier", "parse_tier"]
