"""``parse_tier``: a tier's printed text into its effects, leaving what it cannot read as text.

The usual printed forms, separated by semicolons (or full stops between sentences)::

    2 damage; pull 1
    6 + M fire damage; A < 2 prone
    9 damage; M < 3 slowed (save ends)
    push 3; the target is taunted (EoT)

Each clause is damage (``N [+ C [or C]] [type [, or type]] damage``), forced movement
(``[vertical] push|pull|slide N``, ``pulled N``,
``pull N toward the center of the cube``, ``push N, ignoring stability``), a condition (``[the target is] name
[(EoT)|(save ends)|(EoE)|until the end of the encounter]``, ``prone and can't stand``), a shift,
a fall, Stamina regained, Recoveries lost, a Heroic Resource or Malice gained, or a named
effect the conditions do not cover (``burning (save ends)``, ``the target is charmed``),
optionally after a potency (``C < N`` or ``C < weak|average|strong``, with or without a comma or
brackets). Effects joined by commas or "and" are read one by one, a duration printed after the
last shared by the conditions before it; "no effect" is nothing; "forced movement is vertical"
makes the tier's forced movement vertical, behind a potency if one leads it ("A < 0 the forced
movement is vertical": vertical against a target that fails it). Anything else stays a
:class:`~brawl.abilities.model.TextEffect` with the whole clause, its potency read if one leads
it: a choice ("push 2 or prone") and a clause naming a condition among other words are never
guessed, and nothing is dropped (RB3-TIERS, RB2-POTENCY, R-ABIL-14).
"""

from __future__ import annotations

import re

import attrs

from brawl.abilities.model import (
    DURATION_MARKS,
    INITIALS,
    MAX_NUMBER,
    RESOURCE_WORDS,
    ApplyCondition,
    Damage,
    Effect,
    Fall,
    ForcedMovement,
    GainResource,
    Healing,
    LoseRecoveries,
    NamedEffect,
    Potency,
    Shift,
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
    rf"(?:\s+(?P<types>(?:{_TYPES})(?:(?:\s*,\s*(?:or\s+)?|\s+or\s+)(?:{_TYPES}))*))?\s+damage",
    re.IGNORECASE,
)
_FORCED = re.compile(
    r"(?P<vertical>vertical\s+)?(?P<kind>push|pull|slide)(?:ed)?\s+(?P<n>\d+)"
    r"(?P<center>\s+towards?\s+the\s+cent(?:er|re)\s+of\s+the\s+(?:area|cube|burst|aura))?"
    r"(?P<ignoring>\s*,\s*ignoring\s+stability)?",
    re.IGNORECASE,
)
_CONDITIONS = "|".join(c.value for c in ConditionName)
_MARKS = {mark.strip().lower(): duration for duration, mark in DURATION_MARKS.items() if mark}
_MARKS["(end of encounter)"] = "end of encounter"
_MARKS["(save end)"] = "save ends"
_MARKS["until the end of the encounter"] = "end of encounter"
_MARK = (
    r"(?:\s*(?P<mark>\((?:eot|save ends?|eoe|end of encounter)\)"
    r"|until\s+the\s+end\s+of\s+the\s+encounter))?"
)
_CONDITION = re.compile(
    rf"(?:(?:the\s+target\s+)?is\s+)?(?:knocked\s+(?=prone))?(?P<name>{_CONDITIONS}|prone\s+and\s+can[’']?t\s+stand){_MARK}",
    re.IGNORECASE,
)
_NAMED = re.compile(rf"(?:(?:the\s+target\s+)?is\s+)?(?P<name>[^()]+?){_MARK}", re.IGNORECASE)
_NAMED_BARE = re.compile(r"the\s+target\s+is\s+(?P<name>[^()\d]+)", re.IGNORECASE)
_SHIFT = re.compile(
    r"(?:the\s+)?(?P<who>[\w’' -]+?)\s+(?:can\s+)?(?P<how>shift|teleport)s?\s+"
    r"(?:up\s+to\s+)?(?P<n>\d+)(?:\s+squares?)?",
    re.IGNORECASE,
)
_FALL = re.compile(
    r"(?:the\s+)?(?:target|creature)\s+falls(?:\s+(?:into|down)\s+the\s+\w+(?:\s+\w+)?)?", re.IGNORECASE
)
_SHIFT_TO = re.compile(
    r"(?:the\s+)?(?P<who>[\w’' -]+?)\s+(?:can\s+)?shifts?\s+(?:in)?to\s+"
    r"(?P<place>the\s+nearest\s+unoccupied\s+(?:space|square)(?:\s+outside\s+the\s+[\w’' -]+)?)",
    re.IGNORECASE,
)
_GAIN = re.compile(
    r"the\s+(?P<who>[\w’' -]+?)\s+gains?\s+(?P<n>\d+)\s+"
    rf"(?P<what>malice|heroic\s+resource|surges?|{'|'.join(RESOURCE_WORDS)})",
    re.IGNORECASE,
)
_REGAIN = re.compile(r"the\s+(?P<who>[\w’' -]+?)\s+regains?\s+(?P<n>\d+)\s+stamina", re.IGNORECASE)
_LOSE = re.compile(r"the\s+target\s+loses\s+(?P<n>\d+)(?:d(?P<sides>\d+))?\s+recover(?:y|ies)", re.IGNORECASE)
_NO_EFFECT = re.compile(r"no\s+effect", re.IGNORECASE)
_VERTICAL = re.compile(
    r"(?:the\s+)?(?P<kind>forced\s+movement|push|pull|slide)\s+is\s+vertical", re.IGNORECASE
)
_JOINS = re.compile(r"\s*,\s*(?:and\s+)?(?!can[’']?t\s)|\s+and\s+(?!can[’']?t\s)", re.IGNORECASE)
_NOT_A_NAME = re.compile(rf"\b(?:{_CONDITIONS}|damage|push|pull|slide|if|or|and|until)\b|,", re.IGNORECASE)
_POTENCY = re.compile(
    rf"(?P<c>{_C})\s*<\s*\[?(?P<v>-?\d+|weak|average|strong)\]?(?:\s*,)?\s+(?P<rest>.+)",
    re.IGNORECASE | re.DOTALL,
)
MAX_TIER_TEXT = 4_000
"""The longest tier text read, in characters."""


def _number(text: str) -> int | None:
    n = int(text)
    return n if n <= MAX_NUMBER else None


def _duration(mark: str | None) -> str:
    return _MARKS[re.sub(r"\s+", " ", mark.lower())] if mark else ""


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
        types = (
            tuple(t.lower() for t in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", m["types"], flags=re.I))
            if m["types"]
            else ()
        )
        if len(set(chars)) != len(chars) or len(set(types)) != len(types):
            return None
        return Damage(amount, chars, types)
    if m := _FORCED.fullmatch(clause):
        distance = _number(m["n"])
        kind = m["kind"].lower()
        if distance is None or (m["center"] and kind != "pull"):
            return None
        return ForcedMovement(
            kind,
            distance,
            vertical=bool(m["vertical"]),
            toward_center=bool(m["center"]),
            ignore_stability=bool(m["ignoring"]),
        )
    if m := _CONDITION.fullmatch(clause):
        name = m["name"].lower()
        if name.startswith("prone") and name != "prone":
            return ApplyCondition("prone", _duration(m["mark"]), can_stand=False)
        return ApplyCondition(name, _duration(m["mark"]))
    return _other(clause)


def _other(clause: str) -> Effect | None:
    """A shift, a fall or a resource gain, or None."""
    if m := _SHIFT.fullmatch(clause):
        distance = _number(m["n"])
        if distance is None or distance < 1:
            return None
        who = _who(m["who"])
        teleport = m["how"].lower() == "teleport"
        return None if who is None else Shift(distance, who, teleport=teleport)
    if (m := _SHIFT_TO.fullmatch(clause)) and (who := _who(m["who"])):
        return Shift(None, who, " ".join(m["place"].split()))
    if (m := _REGAIN.fullmatch(clause)) and (amount := _number(m["n"])) and (who := _who(m["who"])):
        return Healing(amount, who)
    if m := _LOSE.fullmatch(clause):
        count, sides = int(m["n"]), int(m["sides"] or 0)
        return (
            LoseRecoveries(count, sides) if 1 <= count <= 100 and (sides == 0 or 2 <= sides <= 100) else None
        )
    if _FALL.fullmatch(clause):
        return Fall()
    if m := _GAIN.fullmatch(clause):
        amount = _number(m["n"])
        what = " ".join(m["what"].lower().split())
        who = m["who"].lower()
        if amount is None or amount < 1 or (what == "malice") != (who == "director"):
            return None
        if what == "malice":
            return GainResource(amount, "malice", "director")
        if what.startswith("surge"):
            surger = _who(who)
            return None if surger is None else GainResource(amount, "surges", surger)
        word = "" if what == "heroic resource" else what
        gainer = _who(who)
        return None if gainer is None else GainResource(amount, "heroic", gainer, word)
    return None


_OTHERS = re.compile(
    r"\b(?:all(?:y|ies)|enem(?:y|ies)|creatures?|objects?|director|each|one|another|other|every|any|you)\b",
    re.IGNORECASE,
)
"""Words naming someone other than the target or the user ("one ally shifts"): kept as text."""


def _who(name: str) -> str | None:
    """``"target"`` for the target, ``"user"`` for a creature named by its own name ("the goblin"),
    None for anyone else."""
    words = " ".join(name.lower().split())
    if words == "target":
        return "target"
    return None if _OTHERS.search(words) or len(words.split()) > 3 else "user"


def _named(clause: str) -> NamedEffect | None:
    """A lasting effect by name: ``burning (save ends)``, ``the target is charmed``; or None."""
    m = _NAMED.fullmatch(clause)
    if m is None or not m["mark"]:
        m = _NAMED_BARE.fullmatch(clause)
        if m is None:
            return None
        name = " ".join(m["name"].split())
        return None if _NOT_A_NAME.search(name) else NamedEffect(name)
    name = " ".join(m["name"].split())
    about_target = re.match(r"(?:the\s+)?target(?:’s|'s)?\s", name, re.IGNORECASE)
    if _NOT_A_NAME.search(name) or (not about_target and len(name.split()) > 3):
        return None  # conditions, damage, choices or another creature in it: kept as text
    return NamedEffect(name, _duration(m["mark"]))


def _joined(clause: str) -> list[Effect] | None:
    """Effects joined by commas or "and" ("push 2, prone", "dazed and slowed (save ends)"): each
    part read alone, a duration printed after the last shared by the conditions before it."""
    parts = [p for p in _JOINS.split(clause) if p]
    if len(parts) < 2:
        return None
    effects: list[Effect] = []
    for part in parts:
        effect = _plain(part)
        potency, body = _potency(part)
        if effect is None and potency is not None:
            effect = _plain(body)
            effect = None if effect is None else attrs.evolve(effect, potency=potency)
        if effect is None and re.match(r"(?:the\s+target\s+)?is\s", part, re.IGNORECASE):
            effect = _named(part)
        if effect is None:
            return None
        effects.append(effect)
    last = effects[-1]
    if isinstance(last, (ApplyCondition, NamedEffect)) and last.duration:
        effects = [
            attrs.evolve(e, duration=last.duration)
            if isinstance(e, (ApplyCondition, NamedEffect)) and not e.duration
            else e
            for e in effects
        ]
    return effects


def _potency(clause: str) -> tuple[Potency | None, str]:
    """The potency leading a clause (``M < 2``, ``A < [weak]``), if any, and the words after it."""
    m = _POTENCY.fullmatch(clause)
    if m and (m["v"].isalpha() or _number(m["v"].lstrip("-")) is not None):
        value: int | str = m["v"].lower() if m["v"].isalpha() else int(m["v"])
        return Potency(INITIALS[m["c"].upper()], value), m["rest"].strip()
    return None, clause


def _clause(clause: str) -> list[Effect]:
    """One clause's effects; what is not a usual form stays text, with its potency if it has one."""
    potency, body = _potency(clause)
    one = _plain(body)
    effects = [one] if one is not None else _joined(body)
    if effects is None:
        named = _named(body)
        effects = [named] if named is not None else None
    if effects is None:
        return [TextEffect(body if potency is not None else clause, potency)]
    return effects if potency is None else [attrs.evolve(e, potency=potency) for e in effects]


def parse_tier(text: str) -> Tier:
    """A tier's printed text and its parsed effects (RB3-TIERS).

    Clauses are separated by semicolons or by full stops between sentences; a final full stop is
    dropped; "no effect" is nothing. A clause that is none of the forms read is kept whole as a
    :class:`~brawl.abilities.model.TextEffect` (see :attr:`~brawl.abilities.model.Tier.unresolved`),
    never guessed.

    >>> parse_tier("6 + M fire damage; A < 2 prone").printed()
    '6 + M fire damage; A < 2 prone'
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_tier(text={text!r}): a string is needed", rule="RB3-TIERS")
    effects: list[Effect] = []
    vertical: set[str] = set()
    for raw in text[:MAX_TIER_TEXT].split(";"):
        for sentence in re.split(r"(?<=[\w)])\.\s+(?=[A-Z])", raw):
            clause = re.sub(r"\s+", " ", sentence).strip().rstrip(".").strip()
            if not clause or _NO_EFFECT.fullmatch(clause):
                continue
            potency, body = _potency(clause)
            if (m := _VERTICAL.fullmatch(body)) and (kinds := _vertical_kinds(m["kind"], effects)):
                if potency is None:
                    vertical |= kinds
                else:
                    effects = _vertical_behind(effects, kinds, potency)
                continue
            effects.extend(_clause(clause))
    if vertical:
        effects = [
            attrs.evolve(e, vertical=True, vertical_potency=None)
            if isinstance(e, ForcedMovement) and e.kind in vertical
            else e
            for e in effects
        ]
    return Tier(text, tuple(effects))


def _vertical_behind(effects: list[Effect], kinds: set[str], potency: Potency) -> list[Effect]:
    """The forced movements of ``kinds`` made vertical against a target failing ``potency``."""
    return [
        attrs.evolve(e, vertical_potency=potency)
        if isinstance(e, ForcedMovement) and e.kind in kinds and not e.vertical and e.vertical_potency is None
        else e
        for e in effects
    ]


def _vertical_kinds(named: str, effects: list[Effect]) -> set[str]:
    """The kinds of forced movement printed before "<kind> is vertical": all for "forced movement"."""
    kind = " ".join(named.lower().split())
    printed = {e.kind for e in effects if isinstance(e, ForcedMovement)}
    return printed if kind == "forced movement" else printed & {kind}


def parse_effects(text: str, potency: Potency | None = None) -> tuple[Effect, ...]:
    """The effects of printed words, read as :func:`parse_tier` reads a tier, each behind
    ``potency`` unless its clause prints its own: for a format that keeps a tier's words beside
    a potency it stores apart (RB3-TIERS, RB2-POTENCY).

    >>> parse_effects("dazed and slowed (save ends)", Potency("might", 2))[1].printed()
    'M < 2 slowed (save ends)'
    """
    if potency is not None and not isinstance(potency, Potency):
        raise ArgumentTypeError(
            f"parse_effects(potency={potency!r}): a Potency is needed", rule="RB2-POTENCY"
        )
    effects = parse_tier(text).effects
    if potency is None:
        return effects
    return tuple(e if e.potency is not None else attrs.evolve(e, potency=potency) for e in effects)


def format_tier(tier: Tier) -> str:
    """The tier's effects printed the usual way: ``parse_tier(format_tier(t))`` has the same effects."""
    if not isinstance(tier, Tier):
        raise ArgumentTypeError(f"format_tier(tier={tier!r}): a Tier is needed", rule="RB3-TIERS")
    return tier.printed()


__all__ = ["format_tier", "parse_effects", "parse_tier"]
