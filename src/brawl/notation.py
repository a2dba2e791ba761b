"""A short text notation for actions: ``kira go 9,4``, ``kira strike ogre (main)``, ``end_turn``.

One action is one clause; several are written one after another, separated by ``;``. A clause is

    [actor] verb [argument ...] [field=value ...] [(kind)]

- **actor**: the creature the record names as its actor (its ``actor`` field, when that field is
  a required one: ``creature``, ``attacker``, ``healer``, ``user``...). A record with no such
  field (:class:`~brawl.turns.records.EndTurn`, :class:`~brawl.rules.forced.Push`...) starts with
  its verb. In a list of clauses a clause may leave out the actor of the clause before it:
  ``kira go 9,4; strike ogre (main)``.
- **verb**: the record's rule name (``AdvanceTo`` -> ``advance_to``, ``FreeStrike`` ->
  ``free_strike``) or its short alias (:data:`ALIASES`: ``go``, ``strike``, ``use``).
- **arguments**: the record's other fields in their declared order, the required ones first by
  position; an optional field follows by position while every field before it is written, else
  as ``field=value``. Fields left at their default are not written.
- **values**: a position ``x,y`` or ``x,y,z`` (z is 0 when left out); a path ``x,y>x,y>...``; a
  whole number; ``true``/``false``; ``-`` for none; a word (a creature id, a condition, a rule
  ID) as it is, or as a JSON string (``"Gale Blast"``) when it holds a space or any other sign; a
  list of words or of numbers joined by commas (``goblin1,goblin2``, dice ``6,5``); any other
  value (a map, a list of records) as compact JSON.
- **(kind)**: a :class:`~brawl.turns.deeds.TakeAction` is the clause of the action it wraps
  followed by the part of the turn it spends: ``kira defend (main)``,
  ``kira disengage 1,1 (move)``, ``kira fall_prone (free maneuver)``.

:func:`format` writes an action, :func:`parse` reads one back against a state (the actor must be
one of its creatures); ``parse(format(a), state) == a`` for every record. A malformed or unknown
text is an :class:`~brawl.errors.InvalidArgumentError` naming the text and what is wrong with it.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from brawl.actions import legal_actions
from brawl.creature import Creature
from brawl.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    RulesError,
    ScenarioError,
    UnknownCreatureError,
    shown,
)
from brawl.geometry import Pos
from brawl.io.json import structure, unstructure
from brawl.requests import Action
from brawl.rules.abilities import UseAbility
from brawl.rules.strikes import FreeStrike
from brawl.state import Encounter
from brawl.turns.deeds import AdvanceTo, TakeAction, rule_name

ALIASES: dict[str, type[Action]] = {"go": AdvanceTo, "strike": FreeStrike, "use": UseAbility}
"""The short verbs, each standing for one record: ``go`` moves to a square by a cheapest path
(:class:`~brawl.turns.deeds.AdvanceTo`), ``strike`` is a Free Strike, ``use`` uses an ability."""

SEPARATOR = ";"
"""What separates the clauses of several actions."""

_ALIAS_OF = {kind: name for name, kind in ALIASES.items()}
_WORD = re.compile(r"[^\W\d][\w.'-]*")
_INT = re.compile(r"-?\d+")
_POS = re.compile(r"(-?\d+),(-?\d+)(?:,(-?\d+))?")
_KEY = re.compile(r"([A-Za-z_]\w*)=(.*)", re.DOTALL)
_KIND = re.compile(r"\(([^()\"]*)\)$")
_RESERVED = frozenset({"true", "false"})
_JSON_START = ('"', "[", "{")
_DECODER = json.JSONDecoder()


# --- the shape of a record ------------------------------------------------------------------------
@attrs.frozen
class _Shape:
    """How a record class is written: its verb, actor field and the fields after it."""

    verb: str
    actor: str | None
    fields: tuple[attrs.Attribute[Any], ...]
    types: dict[str, Any]


_SHAPES: dict[type[Action], _Shape] = {}


def _shape(kind: type[Action]) -> _Shape:
    found = _SHAPES.get(kind)
    if found is None:
        try:
            hints = typing.get_type_hints(kind)
        except (NameError, TypeError):  # an annotation that cannot be resolved: written as JSON
            hints = {}
        fields = tuple(f for f in attrs.fields(kind) if f.init)
        actor = next((f.name for f in fields if f.name == kind.actor and f.default is attrs.NOTHING), None)
        rest = tuple(f for f in fields if f.name != actor)
        found = _SHAPES[kind] = _Shape(_ALIAS_OF.get(kind, rule_name(kind)), actor, rest, hints)
    return found


def verbs() -> dict[str, type[Action]]:
    """Every verb the notation reads, rule names and aliases, with its record class."""
    found = {rule_name(k): k for k in Action.registry.values() if not k.__name__.startswith("_")}
    return {**found, **ALIASES}


# --- values ------------------------------------------------------------------------------------------
def _args(tp: Any) -> tuple[Any, ...]:
    return typing.get_args(tp)


def _optional(tp: Any) -> tuple[Any, bool]:
    """The type inside ``X | None`` and whether None is allowed."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        inner = tuple(a for a in _args(tp) if a is not type(None))
        allowed = len(inner) < len(_args(tp))
        return (inner[0] if len(inner) == 1 else typing.Union[inner]), allowed  # noqa: UP007
    return tp, False


def _form(tp: Any) -> str:
    """The short form of a field's type: pos, path, word, int, bool, words, ints, place; else json."""
    tp, _ = _optional(tp)
    if tp is Pos:
        return "pos"
    if tp is bool:
        return "bool"
    if tp is int:
        return "int"
    if isinstance(tp, type) and issubclass(tp, str):
        return "word"
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType) and set(_args(tp)) == {str, Pos}:
        return "place"
    if origin is tuple:
        items = _args(tp)
        item_types = {_optional(t)[0] for t in (items[:1] if items[-1:] == (...,) else items)}
        if item_types == {Pos}:
            return "path"
        if item_types == {str}:
            return "words"
        if item_types == {int}:
            return "ints"
    return "json"


def _word(value: str) -> str:
    return (
        value if _WORD.fullmatch(value) and value not in _RESERVED else json.dumps(value, ensure_ascii=False)
    )


def _pos(p: Pos) -> str:
    return f"{p.x},{p.y}" if p.z == 0 else f"{p.x},{p.y},{p.z}"


def _json(value: Any, tp: Any) -> str:
    data = unstructure(value, tp) if tp is not None else unstructure(value)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _value(value: Any, tp: Any) -> str:
    """A field's value in the notation."""
    if value is None:
        return "-"
    form = _form(tp)
    if form == "pos" and isinstance(value, Pos):
        return _pos(value)
    if form == "bool" and isinstance(value, bool):
        return "true" if value else "false"
    if form == "int" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if form == "word" and isinstance(value, str):
        return _word(value)
    if form == "place":
        return _pos(value) if isinstance(value, Pos) else _word(value)
    if value and isinstance(value, tuple):
        if form == "path" and all(isinstance(p, Pos) for p in value):
            return ">".join(_pos(p) for p in value)
        if form == "words" and all(isinstance(w, str) and _word(w) == w for w in value):
            return ",".join(value)
        if form == "ints" and all(
            v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in value
        ):
            return ",".join("-" if v is None else str(v) for v in value)
    return _json(value, tp)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pos_data(token: str) -> list[int] | None:
    m = _POS.fullmatch(token)
    if m is None:
        return None
    return [int(m[1]), int(m[2]), int(m[3] or 0)]


def _data(token: str, tp: Any, what: str) -> Any:
    """The plain data (as a JSON save holds it) of a value written in the notation."""
    if token.startswith(_JSON_START):
        try:
            return json.loads(token)
        except ValueError:
            raise InvalidArgumentError(f"{what} {token!r}: not valid JSON", rule=()) from None
    if token == "-":
        return None
    form = _form(tp)
    found: Any = None
    if form == "pos":
        found = _pos_data(token)
    elif form == "path":
        steps = [_pos_data(t) for t in token.split(">")]
        found = None if None in steps else steps
    elif form == "bool":
        found = {"true": True, "false": False}.get(token)
    elif form == "int":
        found = int(token) if _INT.fullmatch(token) else None
    elif form == "word":
        found = token if _WORD.fullmatch(token) else None
    elif form == "place":
        found = _pos_data(token) or (token if _WORD.fullmatch(token) else None)
    elif form == "words":
        words = token.split(",")
        found = words if all(_WORD.fullmatch(w) for w in words) else None
    elif form == "ints":
        items = token.split(",")
        if all(i == "-" or _INT.fullmatch(i) for i in items):
            found = [None if i == "-" else int(i) for i in items]
    if found is None:
        expected = {
            "pos": "a position x,y[,z]",
            "path": "a path x,y>x,y>...",
            "bool": "true or false",
            "int": "a whole number",
            "word": "a word or a JSON string",
            "place": "a position x,y[,z] or a word",
            "words": "words joined by commas",
            "ints": "whole numbers joined by commas",
            "json": "a JSON value",
        }[form]
        raise InvalidArgumentError(f"{what} {token!r}: {expected} is needed", rule=())
    return found


# --- clauses ---------------------------------------------------------------------------------------
def _clause(action: Action, *, actor: bool = True) -> str:
    if type(action) is TakeAction:
        return f"{_clause(action.action, actor=actor)} ({action.kind})"
    shape = _shape(type(action))
    words: list[str] = []
    if shape.actor is not None and actor:
        words.append(_word(getattr(action, shape.actor)))
    words.append(shape.verb)
    positional = True
    for f in shape.fields:
        value = getattr(action, f.name)
        if f.default is not attrs.NOTHING and value == _default(f):
            positional = False
            continue
        tp = shape.types.get(f.name)
        positional = positional and _form(tp) != "bool"  # a flag is always written by name
        text = _value(value, tp)
        words.append(text if positional else f"{f.name}={text}")
    return " ".join(words)


def _default(f: attrs.Attribute[Any]) -> Any:
    """A field's default value (a factory's made afresh)."""
    found: Any = f.default
    factory = getattr(found, "factory", None)
    if callable(factory):
        return factory(None) if getattr(found, "takes_self", False) else factory()
    return found


def actor_of(action: Action) -> str | None:
    """The creature the clause of ``action`` starts with (None: its verb comes first)."""
    if type(action) is TakeAction:
        return actor_of(action.action)
    if not isinstance(action, Action):
        raise ArgumentTypeError(f"actor_of(action={shown(action)}): a brawl action is needed", rule=())
    shape = _shape(type(action))
    return None if shape.actor is None else str(getattr(action, shape.actor))


def format(action: Action) -> str:  # the notation's own name for writing an action
    """The action in the notation: ``format(FreeStrike("kira", "ogre")) == "kira strike ogre"``."""
    if not isinstance(action, Action):
        raise ArgumentTypeError(f"format(action={shown(action)}): a brawl action is needed", rule=())
    return _clause(action)


def format_all(actions: Iterable[Action]) -> str:
    """Several actions as clauses joined by ``;``, each leaving out the actor of the one before."""
    out: list[str] = []
    last: str | None = None
    for action in actions:
        if not isinstance(action, Action):
            raise ArgumentTypeError(f"format_all: {shown(action)} is not a brawl action", rule=())
        who = actor_of(action)
        out.append(_clause(action, actor=who is None or who != last))
        last = who
    return f"{SEPARATOR} ".join(out)


def _tokens(text: str) -> list[str]:
    """The clause's words: split on white space, a JSON value (after ``field=`` too) kept whole."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        start = i
        key = _KEY.match(text, i)
        at = i + len(key[1]) + 1 if key is not None and text[i] not in _JSON_START else i
        if at < n and text[at] in _JSON_START:
            try:
                _, end = _DECODER.raw_decode(text, at)
            except ValueError:
                raise InvalidArgumentError(
                    f"action {text!r}: bad JSON at {text[at : at + 20]!r}", rule=()
                ) from None
            i = end
        while i < n and not text[i].isspace():
            i += 1
        out.append(text[start:i])
    return out


def _parse_clause(text: str, state: Encounter, last: str | None) -> Action:
    clause = text.strip()
    kind = _KIND.search(clause)
    if kind is not None and kind.end() == len(clause):
        inner = _parse_clause(clause[: kind.start()], state, last)
        try:
            return TakeAction(kind[1].strip(), inner)
        except RulesError as exc:
            raise InvalidArgumentError(f"action {text.strip()!r}: {exc}", rule=()) from None
    words = _tokens(clause)
    if not words:
        raise InvalidArgumentError(f"action {text!r}: empty", rule=())
    known = verbs()
    actor: str | None = None
    if (len(words) > 1 and words[1] in known and words[0] not in known) or (
        len(words) > 1 and words[1] in known and _actor_word(words[0], text) in state.creatures
    ):
        actor, verb, args = _actor_word(words[0], text), words[1], words[2:]
    elif words[0] in known:
        verb, args = words[0], words[1:]
    else:
        raise InvalidArgumentError(
            f"action {text.strip()!r}: {words[0]!r} is no verb"
            + (f" and {words[1]!r} is no verb either" if len(words) > 1 else "")
            + " (verbs: the rule names of the records and the aliases "
            + ", ".join(sorted(ALIASES))
            + ")",
            rule=(),
        )
    cls = known[verb]
    shape = _shape(cls)
    data: dict[str, Any] = {"class": cls.__name__}
    if shape.actor is not None:
        if actor is None:
            actor = last
        if actor is None:
            raise InvalidArgumentError(f"action {text.strip()!r}: {verb} needs its creature first", rule=())
        try:
            state.creature(actor)
        except UnknownCreatureError as exc:  # refused naming the text and the closest known id
            raise UnknownCreatureError(f"action {text.strip()!r}: {exc.reason}", rule=()) from None
        data[shape.actor] = actor
    elif actor is not None:
        raise InvalidArgumentError(
            f"action {text.strip()!r}: {verb} names no creature first; write it without {actor!r}", rule=()
        )
    by_name = {f.name: f for f in shape.fields}
    position = 0
    keyword = False
    for word in args:
        key = _KEY.fullmatch(word) if not word.startswith(_JSON_START) else None
        if key is not None:
            keyword = True
            name, value = key[1], key[2]
            if name not in by_name:
                raise InvalidArgumentError(
                    f"action {text.strip()!r}: {verb} has no field {name!r} "
                    f"(its fields: {', '.join(by_name) or 'none'})",
                    rule=(),
                )
        else:
            if keyword:
                raise InvalidArgumentError(
                    f"action {text.strip()!r}: {word!r} by position after a field=value", rule=()
                )
            if position >= len(shape.fields):
                raise InvalidArgumentError(
                    f"action {text.strip()!r}: {verb} takes {len(shape.fields)} argument(s), "
                    f"{word!r} is one too many",
                    rule=(),
                )
            name, value = shape.fields[position].name, word
            position += 1
        if name in data:
            raise InvalidArgumentError(f"action {text.strip()!r}: {name} is given twice", rule=())
        data[name] = _data(value, shape.types.get(name), f"action {text.strip()!r}: {name}")
    missing = [f.name for f in shape.fields if f.default is attrs.NOTHING and f.name not in data]
    if missing:
        raise InvalidArgumentError(f"action {text.strip()!r}: {verb} needs {', '.join(missing)}", rule=())
    try:
        found: Action = structure(data, Action)
    except ScenarioError as exc:
        raise InvalidArgumentError(f"action {text.strip()!r}: {exc}", rule=()) from None
    return found


def _actor_word(word: str, text: str) -> str:
    if word.startswith('"'):
        value = _data(word, str, f"action {text.strip()!r}: the creature")
        if not isinstance(value, str):
            raise InvalidArgumentError(f"action {text.strip()!r}: the creature {word} is no id", rule=())
        return value
    return word


def _check(text: object, state: object, name: str) -> str:
    if not isinstance(text, str):
        raise ArgumentTypeError(f"{name}(text={shown(text)}): a string is needed", rule=())
    if not isinstance(state, Encounter):
        raise ArgumentTypeError(f"{name}(state={shown(state)}): an Encounter is needed", rule=())
    return text


def parse(text: str, state: Encounter) -> Action:
    """The one action ``text`` writes (:func:`format`'s inverse), its actor one of ``state``'s
    creatures. Raises :class:`~brawl.errors.InvalidArgumentError` naming the text otherwise."""
    text = _check(text, state, "parse")
    if SEPARATOR in _outside_json(text):
        raise InvalidArgumentError(f"action {text!r}: one action is needed; parse_all reads several", rule=())
    return _parse_clause(text, state, None)


def parse_all(text: str, state: Encounter) -> list[Action]:
    """The actions of clauses joined by ``;`` (:func:`format_all`'s inverse); a clause with no
    actor takes the one before's."""
    text = _check(text, state, "parse_all")
    out: list[Action] = []
    last: str | None = None
    for clause in _clauses(text):
        if not clause.strip():
            continue
        action = _parse_clause(clause, state, last)
        out.append(action)
        last = actor_of(action)
    return out


# --- a text observation -----------------------------------------------------------------------------
def _status(c: Creature) -> str:
    """What :class:`~brawl.creature.Creature`'s own line says after its position."""
    line = str(c)
    head = f" at {tuple(c.pos)}: "
    return line.split(head, 1)[1] if head in line else line


def text_observation(
    state: Encounter,
    agent: str | None = None,
    *,
    actions: Sequence[Action] | None = None,
    numbered: bool = True,
) -> str:
    """The state in a few lines and the actions open to ``agent`` in the notation, for a language
    model: whose turn it is, who ``agent`` is (a creature id or a side), each creature's side,
    position, Stamina and conditions, then the actions, numbered from 0 when ``numbered``.

    ``actions`` defaults to :func:`brawl.legal_actions` (of ``agent`` if it is a creature).
    """
    if not isinstance(state, Encounter):
        raise ArgumentTypeError(f"text_observation(state={shown(state)}): an Encounter is needed", rule=())
    if agent is not None and not isinstance(agent, str):
        raise ArgumentTypeError(f"text_observation(agent={shown(agent)}): a creature id or a side", rule=())
    current = getattr(state.turn, "current", None)
    if state.turn is None:
        lines = ["Out of combat."]
    elif isinstance(current, str) and current in state.creatures:
        lines = [f"Round {state.round}, {current}'s turn ({state.creatures[current].side})."]
    else:
        lines = [f"Round {state.round}, between turns."]
    me = state.creatures.get(agent) if agent is not None else None
    if me is not None:
        lines.append(f"You are {me.id} ({me.side}).")
    elif agent is not None:
        lines.append(f"You play the {agent} side.")
    lines.append("Creatures:")
    lines += [f"  {_word(c.id)} [{c.side}] at {_pos(c.pos)}: {_status(c)}" for c in state.creature_list()]
    if actions is None:
        actions = legal_actions(state, creature=None if me is None else me.id)
    lines.append("Actions:" if actions else "Actions: none now.")
    lines += [f"  {i}: {format(a)}" if numbered else f"  {format(a)}" for i, a in enumerate(actions)]
    return "\n".join(lines)


def _outside_json(text: str) -> str:
    """``text`` with its JSON values blanked out, so a ``;`` inside a string is not a separator."""
    return re.sub(r'"(?:[^"\\]|\\.)*"', lambda m: " " * len(m[0]), text)


def _clauses(text: str) -> Sequence[str]:
    blanked = _outside_json(text)
    out: list[str] = []
    start = 0
    for i, ch in enumerate(blanked):
        if ch == SEPARATOR:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return out


__all__ = [
    "ALIASES",
    "SEPARATOR",
    "actor_of",
    "format",
    "format_all",
    "parse",
    "parse_all",
    "text_observation",
    "verbs",
]
