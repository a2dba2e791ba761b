"""The methods served over JSON-RPC: the Python API, with states, actions and events as brawl's JSON.

Each :class:`Method` lists its params (name, kind, default) and the JSON Schema of its result;
:func:`call` checks the params (by name or by position), reads them into brawl's values, runs the
method and returns plain JSON data. A state travels as the object :func:`brawl.to_json` writes
(or that document as a string), an action as the object :func:`brawl.actions_to_json` writes
for it, an event as the object :func:`brawl.events_to_json` writes for it (``"explain"`` included).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

import brawl
from brawl.building import BANDS, assess
from brawl.events.base import Event
from brawl.io.json import event_data, structure, unstructure, without_explain
from brawl.io.jsontext import SCHEMA
from brawl.outcome import Outcome
from brawl.policy import DEFAULT_POLICY, POLICIES, Policy, policy_named, seeded
from brawl.requests import Action
from brawl.scenario import Scenario, parse_scenario, read_scenario
from brawl.statblocks.library import StatBlockSources
from brawl.state import Encounter


class InvalidParams(Exception):
    """Params that do not fit the method: missing, unknown, too many or of the wrong JSON type."""

    def __init__(self, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.param = param


class TimeLimitError(BaseException):
    """The request ran past its time limit and was stopped.

    Raised by :meth:`Context.check` between two steps of a long method, or inside the method's
    thread by the server (see :mod:`brawl.server.protocol`). It is a :class:`BaseException`, as
    :class:`KeyboardInterrupt` is, so that no ``except Exception`` inside the engine swallows it.
    """


@attrs.frozen
class Context:
    """What a method call may know of its request and its server: when it must stop, what it may read."""

    deadline: float
    """``time.monotonic()`` after which a long method stops with :class:`TimeLimitError`."""
    statblock_folders: tuple[str, ...] = ()
    """The folders the operator serves stat block files from (``brawl serve --statblocks DIR``)."""

    def check(self) -> None:
        """Raise :class:`TimeLimitError` once the deadline has passed."""
        if time.monotonic() > self.deadline:
            raise TimeLimitError("the request ran past the server's time limit")


@attrs.frozen
class Kind:
    """A kind of param: its JSON Schema, the JSON types it takes and how it becomes a Python value."""

    schema: Mapping[str, Any]
    fits: Callable[[Any], bool]
    """Whether a JSON value has the right JSON type (checked for every param before any is read)."""
    what: str
    """What the param takes, for the error message."""
    read: Callable[[Any, str], Any] = lambda value, name: value


REQUIRED: Any = attrs.NOTHING
"""The default of a param that must be given."""


@attrs.frozen
class Param:
    """One param of a method."""

    name: str
    kind: Kind
    doc: str
    default: Any = REQUIRED

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


@attrs.frozen
class Method:
    """One method: its name, what it does, its params, its result's schema and its code."""

    name: str
    doc: str
    params: tuple[Param, ...]
    result: Mapping[str, Any]
    run: Callable[..., Any]


# --- kinds of params ---------------------------------------------------------------------------------
def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def _read_state(value: Any, name: str) -> Encounter:
    return brawl.from_json(json.dumps(value) if isinstance(value, dict) else value, source=name)


def _read_action(value: Any, name: str) -> Action:
    action: Action = structure(value, Action, prefix=name)
    return action


def _read_actions(value: Any, name: str) -> tuple[Action, ...]:
    actions: tuple[Action, ...] = structure(value, tuple[Action, ...], prefix=name)
    return actions


def _read_events(value: Any, name: str) -> tuple[Event, ...]:
    events: tuple[Event, ...] = structure(without_explain(value, name, None), tuple[Event, ...], prefix=name)
    return events


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


STATE_REF = {"$ref": "#/$defs/Encounter"}
ACTION_REF = {"$ref": "#/$defs/Action"}
EVENT_REF = {"$ref": "#/$defs/Event"}
POS = {"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 3}

STATE = Kind(
    {"anyOf": [STATE_REF, {"type": "string"}]},
    lambda v: isinstance(v, dict | str),
    "a state (an object, or its JSON text)",
    _read_state,
)
ACTION = Kind(ACTION_REF, lambda v: isinstance(v, dict), "an action (an object)", _read_action)
ACTIONS = Kind(
    {"type": "array", "items": ACTION_REF},
    lambda v: isinstance(v, list),
    "an array of actions",
    _read_actions,
)
EVENTS = Kind(
    {"type": "array", "items": EVENT_REF}, lambda v: isinstance(v, list), "an array of events", _read_events
)
TEXT = Kind({"type": "string"}, _is_text, "a string")
OPT_TEXT = Kind({"type": ["string", "null"]}, lambda v: v is None or _is_text(v), "a string or null")
INT = Kind({"type": "integer"}, _is_int, "a whole number")
OPT_INT = Kind({"type": ["integer", "null"]}, lambda v: v is None or _is_int(v), "a whole number or null")
BOOL = Kind({"type": "boolean"}, lambda v: isinstance(v, bool), "true or false")
POLICY = Kind(
    {"enum": list(POLICIES)},
    _is_text,
    f"a policy's name ({', '.join(POLICIES)})",
    lambda value, name: policy_named(value),
)
"""A registered policy, by name only: the server never imports what a client names."""
OPT_TEXTS = Kind(
    {"type": ["object", "null"], "additionalProperties": {"type": "string"}},
    lambda v: v is None or (isinstance(v, dict) and all(_is_text(t) for t in v.values())),
    "an object of names to texts, or null",
)


# --- results -------------------------------------------------------------------------------------------
def state_data(state: Encounter) -> Any:
    """A state as the plain data of :func:`brawl.to_json`."""
    return unstructure(state, Encounter)


def action_data(action: Action) -> Any:
    """An action as the plain data of :func:`brawl.actions_to_json`."""
    return unstructure(action, Action)


def outcome_data(outcome: Outcome) -> dict[str, Any]:
    """``{"state": ..., "events": [...]}``."""
    return {"state": state_data(outcome.state), "events": [event_data(e) for e in outcome.events]}


OUTCOME = {
    "type": "object",
    "properties": {"state": STATE_REF, "events": {"type": "array", "items": EVENT_REF}},
    "required": ["state", "events"],
    "additionalProperties": False,
}


# --- the methods -----------------------------------------------------------------------------------------
def _version(ctx: Context) -> dict[str, Any]:
    return {"brawl": brawl.__version__, "jsonrpc": "2.0", "schema": SCHEMA, "methods": sorted(METHODS)}


def _bundled_scenarios(ctx: Context) -> list[str]:
    return brawl.bundled_scenarios()


def _load_scenario(
    ctx: Context, name: str | None, text: str | None, source: str | None, statblocks: dict[str, str] | None
) -> Any:
    return state_data(_scenario(ctx, "load_scenario", name, text, source, statblocks).encounter)


def _scenario(
    ctx: Context,
    method: str,
    name: str | None,
    text: str | None,
    source: str | None,
    statblocks: dict[str, str] | None,
) -> Scenario:
    """The scenario a request names: a bundled one by name, or TOML text with its stat blocks."""
    if (name is None) == (text is None):
        raise InvalidParams(f"{method}: give either name (a bundled scenario) or text (TOML)", "name")
    if name is not None:
        if statblocks is not None:
            raise InvalidParams(f"{method}: statblocks go with text, not with a bundled name", "statblocks")
        return read_scenario(brawl.bundled_scenario(name))
    assert text is not None
    # the scenario's statblocks names: the request's own texts, then the operator's folders, no other file
    sources = StatBlockSources(texts=statblocks or {}, folders=ctx.statblock_folders)
    return parse_scenario(text, source=source or "scenario", statblocks=sources)


def _encounter(
    ctx: Context,
    name: str | None,
    text: str | None,
    source: str | None,
    statblocks: dict[str, str] | None,
    victories: int | None,
) -> dict[str, Any]:
    scenario = _scenario(ctx, "encounter", name, text, source, statblocks)
    if victories is not None and victories < 0:
        raise InvalidParams("victories: 0 or more", "victories")
    return assess(scenario.encounter, scenario.statblocks, victories=victories).to_dict()


def _from_json(ctx: Context, text: str) -> Any:
    return state_data(brawl.from_json(text, source="text"))


def _to_json(ctx: Context, state: Encounter) -> str:
    return brawl.to_json(state)


def _legal_actions(
    ctx: Context, state: Encounter, creature: str | None, system: str | None, max_moves: int | None
) -> list[Any]:
    found = brawl.legal_actions(state, creature=creature, system=system, max_moves=max_moves)
    return [action_data(a) for a in found]


def _is_legal(ctx: Context, state: Encounter, action: Action) -> bool:
    return brawl.is_legal(state, action)


def _apply(ctx: Context, state: Encounter, action: Action) -> dict[str, Any]:
    return outcome_data(brawl.apply(state, action))


def _timed(actions: Iterable[Action], ctx: Context) -> Iterator[Action]:
    for action in actions:
        ctx.check()
        yield action


def _replay(ctx: Context, state: Encounter, actions: Sequence[Action]) -> dict[str, Any]:
    return outcome_data(brawl.replay(state, _timed(actions, ctx)))


def _reachable(
    ctx: Context,
    state: Encounter,
    creature: str,
    budget: int | None,
    mode: str,
    squeeze: bool,
    ignore_speed: bool,
) -> list[dict[str, Any]]:
    found = brawl.reachable(
        state,
        creature,
        budget=budget,
        mode=mode,  # type: ignore[arg-type]  # the rule refuses an unknown mode itself
        squeeze=squeeze,
        ignore_speed=ignore_speed,
    )
    return [{"pos": list(p), "cost": cost} for p, cost in found.items()]


def _explain(ctx: Context, events: Sequence[Event]) -> str:
    return brawl.explain(list(events))


def _render_text(ctx: Context, state: Encounter, z: int | None, legend: bool, coords: bool) -> str:
    return brawl.render_text(state, z=z, legend=legend, coords=coords)


def _render_svg(ctx: Context, state: Encounter, z: int | None, labels: bool) -> str:
    return brawl.render_svg(state, z=z, labels=labels)


@attrs.frozen
class _Checked:
    """A policy that stops the method at the request's deadline before each choice."""

    ctx: Context
    policy: Policy

    def seeded(self, seed: int) -> _Checked:
        return _Checked(self.ctx, seeded(self.policy, seed))

    def __call__(self, state: Encounter, options: Sequence[Action]) -> Action:
        self.ctx.check()
        return self.policy(state, options)


def _simulate(
    ctx: Context, state: Encounter, runs: int, seed: int, max_rounds: int, policy: Policy | str
) -> dict[str, Any]:
    chosen = policy_named(policy) if isinstance(policy, str) else policy  # the default: a name
    summary = brawl.simulate(state, runs=runs, seed=seed, max_rounds=max_rounds, policy=_Checked(ctx, chosen))
    return {
        "runs": summary.runs,
        "wins": dict(sorted(summary.wins.items())),
        "undecided": summary.undecided,
        "endings": dict(summary.endings),
        "mean_rounds": summary.mean_rounds,
        "survival": dict(summary.survival),
        "explain": summary.explain(),
    }


def _p(name: str, kind: Kind, doc: str, default: Any = REQUIRED) -> Param:
    return Param(name, kind, doc, default)


_STATE = _p("state", STATE, "the encounter, as brawl.to_json writes it (an object, or that JSON text)")
_STRING = {"type": "string"}
_STATE_RESULT = STATE_REF

_ALL: tuple[Method, ...] = (
    Method(
        "version",
        "brawl's version, the JSON layout's schema number and the methods served",
        (),
        {
            "type": "object",
            "properties": {
                "brawl": _STRING,
                "jsonrpc": {"const": "2.0"},
                "schema": {"type": "integer"},
                "methods": {"type": "array", "items": _STRING},
            },
            "required": ["brawl", "jsonrpc", "schema", "methods"],
            "additionalProperties": False,
        },
        _version,
    ),
    Method(
        "bundled_scenarios",
        "the names of the scenarios shipped with brawl",
        (),
        {"type": "array", "items": _STRING},
        _bundled_scenarios,
    ),
    Method(
        "load_scenario",
        "the encounter of a scenario: a bundled one by name, or a scenario file's TOML text",
        (
            _p("name", OPT_TEXT, "a bundled scenario's name (bridge, cliff, tavern)", None),
            _p("text", OPT_TEXT, "the TOML text of a scenario file", None),
            _p("source", OPT_TEXT, "the name the text goes by in error messages", None),
            _p(
                "statblocks",
                OPT_TEXTS,
                "the text of each stat block file the scenario's statblocks list names, by that name; "
                "a name not given here is looked up only in the folders the server was started with",
                None,
            ),
        ),
        _STATE_RESULT,
        _load_scenario,
    ),
    Method(
        "encounter",
        "a scenario's budget: the heroes' encounter strength, the foes' encounter value, the difficulty band",
        (
            _p("name", OPT_TEXT, "a bundled scenario's name (bridge, cliff, tavern)", None),
            _p("text", OPT_TEXT, "the TOML text of a scenario file", None),
            _p("source", OPT_TEXT, "the name the text goes by in error messages", None),
            _p(
                "statblocks", OPT_TEXTS, "the stat block files the scenario names, as for load_scenario", None
            ),
            _p(
                "victories",
                OPT_INT,
                "the Victories the heroes hold in all (null: those on their sheets)",
                None,
            ),
        ),
        {
            "type": "object",
            "properties": {
                "heroes": {"type": "array", "items": {"type": "integer"}},
                "strength": {"type": "integer"},
                "hero_strength": {"type": "integer"},
                "foes": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "statblock": _STRING,
                            "count": {"type": "integer"},
                            "ev": {"type": "integer"},
                        },
                        "required": ["statblock", "count", "ev"],
                        "additionalProperties": False,
                    },
                },
                "ev": {"type": "integer"},
                "band": {"enum": list(BANDS)},
                "ranges": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "array",
                        "items": {"type": ["integer", "null"]},
                        "minItems": 2,
                        "maxItems": 2,
                    },
                },
                "victories": {"type": "integer"},
                "unpriced": {"type": "array", "items": _STRING},
                "notes": {"type": "array", "items": _STRING},
            },
            "required": [
                "heroes",
                "strength",
                "hero_strength",
                "foes",
                "ev",
                "band",
                "ranges",
                "victories",
                "unpriced",
                "notes",
            ],
            "additionalProperties": False,
        },
        _encounter,
    ),
    Method(
        "from_json",
        "the encounter of a JSON document written by brawl.to_json, checked",
        (_p("text", TEXT, "the document's text"),),
        _STATE_RESULT,
        _from_json,
    ),
    Method(
        "to_json",
        "the encounter as brawl.to_json's text: deterministic, keys and sets sorted",
        (_STATE,),
        _STRING,
        _to_json,
    ),
    Method(
        "legal_actions",
        "the actions open now under the turn system in play, each checked, in a fixed order",
        (
            _STATE,
            _p("creature", OPT_TEXT, "only this creature's actions", None),
            _p(
                "system",
                OPT_TEXT,
                "the turn system to start combat under: drawsteel, zone, initiative "
                "(default: zone for an encounter with zones, else drawsteel)",
                None,
            ),
            _p("max_moves", OPT_INT, "keep only the first this many moves (cheapest first)", None),
        ),
        {"type": "array", "items": ACTION_REF},
        _legal_actions,
    ),
    Method(
        "is_legal",
        "whether the action may be applied to the state now (its cheap checks, never a run)",
        (_STATE, _p("action", ACTION, "the action, as brawl.actions_to_json writes one")),
        {"type": "boolean"},
        _is_legal,
    ),
    Method(
        "apply",
        "apply one action: the new state and the events, each with its explain line",
        (_STATE, _p("action", ACTION, "the action, as brawl.actions_to_json writes one")),
        OUTCOME,
        _apply,
    ),
    Method(
        "replay",
        "apply actions one after another: the final state and the events of all of them",
        (_STATE, _p("actions", ACTIONS, "the actions, in order")),
        OUTCOME,
        _replay,
    ),
    Method(
        "reachable",
        "every position the creature can end a move on, with its cheapest cost, cheapest first",
        (
            _STATE,
            _p("creature", TEXT, "the mover's id"),
            _p("budget", OPT_INT, "the distance the move offers (default: the creature's speed)", None),
            _p("mode", TEXT, "advance, shift, disengage, crawl, fly, climb, swim or burrow", "advance"),
            _p("squeeze", BOOL, "may end in the space of a creature within 1 size", False),
            _p("ignore_speed", BOOL, "for effects that exceed speed", False),
        ),
        {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"pos": POS, "cost": {"type": "integer"}},
                "required": ["pos", "cost"],
                "additionalProperties": False,
            },
        },
        _reachable,
    ),
    Method(
        "explain",
        "a readable account of events, one line each",
        (_p("events", EVENTS, "the events, as brawl.events_to_json writes them"),),
        _STRING,
        _explain,
    ),
    Method(
        "render_text",
        "one level of the map as characters, then a legend of the creatures and objects shown",
        (
            _STATE,
            _p("z", OPT_INT, "the level drawn (default 0, the ground)", None),
            _p("legend", BOOL, "add the legend", True),
            _p("coords", BOOL, "add the x and y of each row and column", False),
        ),
        _STRING,
        _render_text,
    ),
    Method(
        "render_svg",
        "one level of the map as an SVG picture",
        (
            _STATE,
            _p("z", OPT_INT, "the level drawn (default 0, the ground)", None),
            _p("labels", BOOL, "write each creature's id under its token", True),
        ),
        _STRING,
        _render_svg,
    ),
    Method(
        "simulate",
        "play many seeded fights from the state with a registered policy; who won, how they ended, how long, "
        "who survived",
        (
            _STATE,
            _p("runs", INT, "fights to play", 100),
            _p("seed", INT, "the first fight's RNG seed; the next ones count up", 0),
            _p("max_rounds", INT, "rounds after which a fight is undecided", 20),
            _p("policy", POLICY, "the policy both sides play, by its registered name", DEFAULT_POLICY),
        ),
        {
            "type": "object",
            "properties": {
                "runs": {"type": "integer"},
                "wins": {"type": "object", "additionalProperties": {"type": "integer"}},
                "undecided": {"type": "integer"},
                "endings": {"type": "object", "additionalProperties": {"type": "integer"}},
                "mean_rounds": {"type": "number"},
                "survival": {"type": "object", "additionalProperties": {"type": "number"}},
                "explain": _STRING,
            },
            "required": ["runs", "wins", "undecided", "endings", "mean_rounds", "survival", "explain"],
            "additionalProperties": False,
        },
        _simulate,
    ),
)

METHODS: dict[str, Method] = {m.name: m for m in _ALL}
"""The methods served, by name."""


def call(method: Method, params: dict[str, Any] | list[Any], context: Context) -> Any:
    """Run ``method`` with JSON params (by name or by position): its result as plain JSON data."""
    names = [p.name for p in method.params]
    if isinstance(params, list):
        if len(params) > len(names):
            raise InvalidParams(f"{method.name} takes at most {len(names)} params, got {len(params)}")
        given = dict(zip(names, params, strict=False))
    else:
        unknown = sorted(set(params) - set(names))
        if unknown:
            allowed = ", ".join(names) or "none"
            raise InvalidParams(
                f"{method.name}: unknown param {unknown[0]!r} (params: {allowed})", unknown[0]
            )
        given = params
    for p in method.params:
        if p.name in given and not p.kind.fits(given[p.name]):
            got = _json_type(given[p.name])
            raise InvalidParams(f"{method.name}: {p.name}: expected {p.kind.what}, got {got}", p.name)
        if p.name not in given and p.required:
            raise InvalidParams(f"{method.name}: param {p.name!r} is required", p.name)
    values = {
        p.name: p.kind.read(given[p.name], p.name) if p.name in given else p.default for p in method.params
    }
    return method.run(context, **values)
