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
a fall, Stamina regained, Recoveries lost, a Heroic Resource or Malice gained, a lasting edge
or bane (``the target takes a bane on their next strike``), or a named effect the conditions do
not cover (``burning (save ends)``, ``the target is charmed``, ``damage weakness 3 (save ends)``),
optionally after a potency (``C < N`` or ``C < weak|average|strong``, with or without a comma or
brackets). Effects joined by commas or "and" are read one by one, a duration printed after the
last shared by the conditions before it; "no effect" is nothing; "forced movement is vertical"
makes the tier's forced movement vertical, behind a potency if one leads it ("A < 0 the forced
movement is vertical": vertical against a target that fails it). "Push 2 or prone" is a
choice, "slowed (save ends) or M < 2 restrained (save ends)" (or "...; or if M < 2 restrained")
an alternative behind a potency, "one target is grabbed" an effect for one of the targets
(R-ABIL-17..19). Anything else stays a :class:`~brawl.abilities.effects.TextEffect` with the
whole clause, its potency read if one leads it: a clause naming a condition among other words is
never guessed, and nothing is dropped (RB3-TIERS, RB2-POTENCY, R-ABIL-14).
"""

from __future__ import annotations

import re
from typing import cast

import attrs

from brawl.abilities.model import (
    DURATION_MARKS,
    INITIALS,
    MAX_NUMBER,
    MAX_OPTIONS,
    RESOURCE_WORDS,
    SIMPLE_TYPES,
    ApplyCondition,
    Choice,
    Damage,
    Drain,
    EdgeOrBane,
    Effect,
    Fall,
    ForcedMovement,
    GainResource,
    Healing,
    Instead,
    LoseRecoveries,
    NamedEffect,
    OneTarget,
    Potency,
    Shift,
    Simple,
    TextEffect,
    Tier,
)
from brawl.conditions import ConditionName
from brawl.damagetypes import DamageType
from brawl.errors import ArgumentTypeError

_C = "[MARIP]"
_TYPES = "|".join(t.value for t in DamageType)
_DAMAGE = re.compile(
    rf"(?P<n>\d+)(?:\s*\+\s*(?P<chars>{_C}(?:(?:\s*,\s*(?:or\s+)?|\s+or\s+){_C})*))?"
    rf"(?:\s+(?P<types>(?:{_TYPES})(?:(?:\s*,\s*(?:or\s+)?|\s+or\s+)(?:{_TYPES}))*))?\s+damage",
    re.IGNORECASE,
)
_FORCED = re.compile(
    r"(?P<vertical>vertical\s+)?(?P<kind>push|pull|slide)(?:ed)?\s+(?:up\s+to\s+)?(?P<n>\d+)(?:\s+squares?)?"
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
_OF_USER = re.compile(
    rf"(?P<name>frightened|taunted)\s+(?:of|by)\s+(?:the\s+)?(?P<who>[\w’' -]+?){_MARK}", re.IGNORECASE
)
_NAMED = re.compile(rf"(?:(?:the\s+target\s+)?is\s+)?(?P<name>[^()]+?){_MARK}", re.IGNORECASE)
_NAMED_BARE = re.compile(
    r"the\s+target\s+(?:is\s+(?P<name>[^()\d]+)|(?P<cannot>can[’']?t\s+[^()\d]+))", re.IGNORECASE
)
_CANNOT = re.compile(r"(?:(?:the\s+)?target\s+)?(?P<name>can[’']?t\s.+)", re.IGNORECASE | re.DOTALL)
_SHIFT = re.compile(
    r"(?:the\s+)?(?P<who>[\w’' -]+?)\s+(?:can\s+)?(?P<how>shift|teleport)s?\s+"
    r"(?:up\s+to\s+)?(?P<n>\d+)(?:\s+squares?)?(?:\s+(?P<way>toward|away\s+from)\s+the\s+target)?",
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
_DRAIN = re.compile(
    r"the\s+(?P<who>[\w’' -]+?)\s+regains?\s+stamina\s+equal\s+to\s+(?P<half>half\s+(?:of\s+)?)?the\s+"
    r"(?:total\s+)?damage\s+dealt",
    re.IGNORECASE,
)
_LOSE = re.compile(r"the\s+target\s+loses\s+(?P<n>\d+)(?:d(?P<sides>\d+))?\s+recover(?:y|ies)", re.IGNORECASE)
_EDGE = re.compile(
    r"(?:(?:the\s+)?(?P<who>[\w’' -]+?)\s+)?(?:takes?|has|have|gains?)\s+an?\s+(?P<double>double\s+)?"
    r"(?P<kind>edge|bane)\s+on\s+(?P<on>(?:their|his|her|its)\s+next\s+(?:strike|power\s+roll)s?"
    r"|the\s+strike|strikes|power\s+rolls|the\s+escape\s+grab\s+maneuver|escaping\s+the\s+grab)"
    rf"{_MARK}",
    re.IGNORECASE,
)
_SCOPES = {"strikes": "strikes", "power rolls": "power rolls", "the strike": "next strike"}
_ONE = re.compile(
    r"(?:if\s+)?(?P<which>one|the\s+other)\s+target\s+(?:is\s+|has\s+)?(?P<rest>.+)",
    re.IGNORECASE | re.DOTALL,
)
_INSTEAD = re.compile(
    rf"(?P<or>or\s+)?if\s+(?:the\s+target\s+has\s+)?(?P<potency>{_C}\s*<\s*\[?(?:-?\d+|weak|average|strong)\]?)"
    r"\s*,?\s+(?:they\s+are\s+)?(?P<instead>instead\s+)?(?P<rest>.+)",
    re.IGNORECASE | re.DOTALL,
)
_THEY = re.compile(r"(?:they|the\s+target)\s+(?:are|is)\s+(?:instead\s+)?", re.IGNORECASE)
_SEE = re.compile(r"\s*\(see\s+[^()]*\)", re.IGNORECASE)
_PRONE_THEN = re.compile(r"prone\s+(?P<rest>[MARIP]\s*<.+can[’']?t\s+stand.*)", re.IGNORECASE)
_KINDS_OR = re.compile(
    r"(?P<a>push|pull|slide)\s+or\s+(?P<b>push|pull|slide)(?P<rest>\s+\d.*)", re.IGNORECASE
)
_OR = re.compile(r"\s*,\s*or\s+|\s+or\s+", re.IGNORECASE)
_LIST = re.compile(r"\s*,\s*(?:or\s+)?", re.IGNORECASE)
_NO_EFFECT = re.compile(r"no\s+effect", re.IGNORECASE)
_VERTICAL = re.compile(
    r"(?:the\s+)?(?P<kind>forced\s+movement|push|pull|slide)\s+is\s+vertical", re.IGNORECASE
)
_JOINS = re.compile(
    r"\s*,\s*(?:and\s+)?(?!\s|can[’']?t\s+stand|or\s)|\s+and\s+(?!\s|can[’']?t\s+stand)", re.IGNORECASE
)
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
            tuple(
                INITIALS[c.upper()] for c in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", m["chars"], flags=re.I)
            )
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
    if (m := _OF_USER.fullmatch(clause)) and _who(m["who"]) == "user":
        return ApplyCondition(m["name"].lower(), _duration(m["mark"]))  # the user is its source
    return _other(clause)


def _other(clause: str) -> Effect | None:
    """A shift, a fall or a resource gain, or None."""
    if m := _SHIFT.fullmatch(clause):
        distance = _number(m["n"])
        if distance is None or distance < 1:
            return None
        who = _who(m["who"])
        teleport = m["how"].lower() == "teleport"
        way = " ".join(m["way"].lower().split()) + " the target" if m["way"] else ""
        if who is None or (way and (who != "user" or teleport)):
            return None
        return Shift(distance, who, teleport=teleport, direction=way)
    if (m := _SHIFT_TO.fullmatch(clause)) and (who := _who(m["who"])):
        return Shift(None, who, " ".join(m["place"].split()))
    if (m := _DRAIN.fullmatch(clause)) and (who := _who(m["who"])):
        return Drain(half=bool(m["half"]), who=who)
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
    if m := _EDGE.fullmatch(clause):
        return _edge(m)
    return None


def _edge(m: re.Match[str]) -> EdgeOrBane | None:
    """A lasting edge or bane from a match of ``_EDGE``; None if it falls on someone else."""
    who = "target" if m["who"] is None else _who(m["who"])
    if who is None:
        return None
    on = " ".join(m["on"].lower().split())
    if on.startswith("escap") or on.endswith("maneuver"):
        scope = "escape grab"
    elif "next" in on:
        scope = "next strike" if "strike" in on else "next power roll"
    else:
        scope = _SCOPES[on]
    return EdgeOrBane(m["kind"].lower(), scope, bool(m["double"]), who, _duration(m["mark"]))


_OTHERS = re.compile(
    r"\b(?:all|all(?:y|ies)|enem(?:y|ies)|creatures?|objects?|director|each|one|another|other|every|any|you)\b",
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
        name = " ".join((m["name"] or m["cannot"]).split())
        return None if _NOT_A_NAME.search(name) else NamedEffect(name)
    name = " ".join(m["name"].split())
    cannot = _CANNOT.fullmatch(name)  # "the target can't regain Stamina (save ends)": about the target
    if cannot:
        name = cannot["name"]
    if _WEAKNESS.fullmatch(name):
        return NamedEffect(name.lower(), _duration(m["mark"]))  # a lasting weakness (R-ABIL-20)
    about_target = (
        cannot
        or re.match(r"(?:the\s+)?target(?:’s|'s)?\s", name, re.IGNORECASE)
        or re.search(r"\s(?:from|to)\s+the\s+target$", name, re.IGNORECASE)
    )
    if _NOT_A_NAME.search(name) or (not about_target and len(name.split()) > 3):
        return None  # conditions, damage, choices or another creature in it: kept as text
    return NamedEffect(name, _duration(m["mark"]))


_WEAKNESS = re.compile(
    rf"(?:the\s+target\s+has\s+)?(?:damage|{_TYPES})\s+weakness\s+\d{{1,3}}", re.IGNORECASE
)


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
        if effect is None and re.match(r"(?:the\s+target\s+)?(?:is|can[’']?t)\s", part, re.IGNORECASE):
            effect = _named(part)
        if effect is None:
            return None
        effects.append(effect)
    return _shared(effects)


_LASTING = (ApplyCondition, NamedEffect, EdgeOrBane)


def _shared(effects: list[Effect]) -> list[Effect]:
    """A duration printed after the last effect shared by the lasting effects before it."""
    last = effects[-1]
    if isinstance(last, _LASTING) and last.duration:
        effects = [
            attrs.evolve(e, duration=last.duration) if isinstance(e, _LASTING) and not e.duration else e
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


def _read(body: str) -> list[Effect] | None:
    """The effects of words without a leading potency: one effect, several joined, a named
    effect; or None."""
    one = _plain(body)
    effects = [one] if one is not None else _joined(body)
    if effects is None:
        named = _named(body)
        effects = [named] if named is not None else None
    return effects


def _group(words: str) -> tuple[Simple, ...] | None:
    """Effects that may go in a choice, an alternative or a one-target clause, each behind its
    own potency if printed ("M < 2 bleeding (save ends)"); or None."""
    potency, body = _potency(words)
    effects = _read(body)
    if effects is None and (m := _THEY.match(body)):
        effects = _read(f"the target is {body[m.end() :]}")
    if effects is None or not all(isinstance(e, SIMPLE_TYPES) for e in effects):
        return None
    if any(isinstance(e, ForcedMovement) and e.vertical_potency is not None for e in effects):
        return None
    if potency is not None:
        effects = [attrs.evolve(e, potency=potency) for e in effects]
    return tuple(cast(Simple, e) for e in effects)


def _alternatives(body: str) -> Choice | Instead | None:
    """ "Push 2 or prone" (a choice), "bleeding, dazed, or slowed (save ends)" (a choice of three),
    "slowed (save ends) or M < 2 restrained (save ends)" (the second against a target failing the
    potency); or None."""
    if m := _PRONE_THEN.fullmatch(body):  # "prone M < 3 can't stand (save ends)"
        potency, rest = _potency(m["rest"])
        down = _group(f"prone and {rest}") if potency is not None else None
        return (
            None
            if potency is None or down is None
            else Instead((ApplyCondition("prone", ""),), down, potency)
        )
    if m := _KINDS_OR.fullmatch(body):  # "push or pull 3": each kind the same distance
        options = [_group(f"{m['a']}{m['rest']}"), _group(f"{m['b']}{m['rest']}")]
        return _choice([o for o in options if o is not None]) if all(options) else None
    splits = list(_OR.finditer(body))
    if len(splits) >= MAX_OPTIONS:
        return None
    if len(splits) == 1 and "," in body[: splits[0].start()]:
        words = [*_LIST.split(body[: splits[0].start()]), body[splits[0].end() :]]
        options = [_group(w) for w in words]
        if all(o is not None and o[0].potency is None for o in options):
            return _choice([o for o in options if o is not None])
    for at in splits:
        left, right = body[: at.start()], body[at.end() :]
        first = _group(left)
        if first is None:
            continue
        potency, rest = _potency(right)
        if potency is not None and (second := _group(rest) or _group(f"the target is {rest}")):
            return Instead(first, second, potency)
        if potency is None and (second := _group(right)) is not None:
            return _choice([first, second])
    return None


def _choice(options: list[tuple[Simple, ...]]) -> Choice | None:
    """A choice of the options, a duration printed after the last shared by the lasting effects
    of the others (``bleeding or dazed (save ends)``); None if an option has its own potency."""
    if len(options) > MAX_OPTIONS or any(e.potency is not None for o in options for e in o):
        return None
    last = options[-1][-1]
    if isinstance(last, _LASTING) and last.duration:
        options = [
            tuple(
                attrs.evolve(e, duration=last.duration) if isinstance(e, _LASTING) and not e.duration else e
                for e in o
            )
            for o in options
        ]
    return Choice(tuple(options))


def _one_target(body: str) -> OneTarget | None:
    """ "One target is grabbed", "the other target is pushed up to 2 squares", "if one target has
    M < 2 they are bleeding (save ends)"; or None."""
    m = _ONE.fullmatch(body)
    if m is None:
        return None
    effects = _group(m["rest"])
    other = m["which"].lower() != "one"
    return None if effects is None else OneTarget(effects, other)


def _clause(clause: str) -> list[Effect]:
    """One clause's effects; what is not a usual form stays text, with its potency if it has one."""
    potency, body = _potency(clause)
    effects = _read(body)
    if effects is None:
        composite = _one_target(body) or _alternatives(body)
        effects = None if composite is None else [composite]
    if effects is None:
        return [TextEffect(body if potency is not None else clause, potency)]
    return effects if potency is None else [attrs.evolve(e, potency=potency) for e in effects]


def parse_tier(text: str) -> Tier:
    """A tier's printed text and its parsed effects (RB3-TIERS).

    Clauses are separated by semicolons or by full stops between sentences; a final full stop is
    dropped; "no effect" is nothing. A clause that is none of the forms read is kept whole as a
    :class:`~brawl.abilities.effects.TextEffect` (see :attr:`~brawl.abilities.model.Tier.unresolved`),
    never guessed.

    >>> parse_tier("6 + M fire damage; A < 2 prone").printed()
    '6 + M fire damage; A < 2 prone'
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_tier(text={text!r}): a string is needed", rule="RB3-TIERS")
    effects: list[Effect] = []
    vertical: set[str] = set()
    last = 0  # how many effects the clause before gave
    for raw in text[:MAX_TIER_TEXT].split(";"):
        for sentence in re.split(r"(?<=[\w)])\.\s+(?=[A-Z])", raw):
            clause = _SEE.sub("", re.sub(r"\s+", " ", sentence)).strip().rstrip(".").strip()
            if not clause or _NO_EFFECT.fullmatch(clause):
                continue
            potency, body = _potency(clause)
            first, *others = _JOINS.split(body, maxsplit=1)  # "the slide is vertical, and prone"
            if (m := _VERTICAL.fullmatch(first)) and (kinds := _vertical_kinds(m["kind"], effects)):
                if potency is None:
                    vertical |= kinds
                else:
                    effects = _vertical_behind(effects, kinds, potency)
                if not others:
                    continue
                clause = others[0] if potency is None else f"{potency.printed()} {others[0]}"
            if (m := _INSTEAD.fullmatch(clause)) and (m["or"] or m["instead"]) and last:
                alternative = _instead_of(effects[-last:], m)
                if alternative is not None:
                    effects[-last:] = [alternative]
                    last = 1
                    continue
            read = _clause(clause)
            effects.extend(read)
            last = len(read)
    if vertical:
        effects = [
            attrs.evolve(e, vertical=True, vertical_potency=None)
            if isinstance(e, ForcedMovement) and e.kind in vertical
            else e
            for e in effects
        ]
    return Tier(text, tuple(effects))


def _instead_of(before: list[Effect], m: re.Match[str]) -> Instead | None:
    """ "Slowed (save ends); or if M < 2 restrained (save ends)", "frightened (EoT); if the target
    has I < 2 they are instead frightened (save ends)": the clause before, or against a target
    failing the potency the words after it (R-ABIL-18); None if either side is not read."""
    potency, _ = _potency(f"{m['potency']} {m['rest']}")
    instead = _group(m["rest"]) or _group(f"the target is {m['rest']}")
    if potency is None or instead is None or not all(isinstance(e, SIMPLE_TYPES) for e in before):
        return None
    if any(e.potency is not None or (isinstance(e, ForcedMovement) and e.vertical_potency) for e in before):
        return None
    return Instead(tuple(cast(Simple, e) for e in before), instead, potency)


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
