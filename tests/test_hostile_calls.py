"""Hostile calls: wrong-typed values and foreign options reach the caller as brawl errors.

A caller of the public API (and so of the JSON-RPC server) who passes a value of the wrong type,
or an option of another turn system or of none, gets a :class:`brawl.BrawlError` naming the input:
:class:`brawl.ArgumentTypeError` (a ``TypeError``) for a wrong type or an option the system in play
does not take, a :class:`brawl.RulesError` subclass for a request the rules refuse. Never a bare
``TypeError``, ``KeyError``, ``AttributeError`` or ``ValueError`` from deep inside. The calls are
generated from a seeded ``random.Random``, bounded in number.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import brawl
import brawl.actions as A
import brawl.turns
from brawl import turns
from brawl.errors import ArgumentTypeError, BrawlError
from brawl.initiative.game import InitiativeGame
from brawl.requests import Action
from brawl.server.protocol import INTERNAL_ERROR, Server, error_code
from brawl.turns.drawsteel import DrawSteel
from brawl.zone.game import ZoneGame

SEED = 20261128
CALLS = 400
"""Generated calls per test (each test draws its own, from :data:`SEED`)."""


class Opaque:
    """A value of no type the API takes."""

    def __repr__(self) -> str:
        return "Opaque()"


HOSTILE: tuple[object, ...] = (
    None,
    5,
    -1,
    1.5,
    float("nan"),
    True,
    "x",
    "",
    b"ab",
    [],
    {},
    (1, 2),
    [[1]],
    [None],
    [5],
    ("a", 5),
    {"a": 1},
    {5: "a"},
    {"a": None},
    Opaque(),
)
"""Values of the wrong type for most parameters (and of the right type for a few)."""


def failure_of(call: Callable[[], object]) -> BaseException | None:
    """What ``call`` raises, or None; an exception that is no BrawlError fails the test."""
    try:
        call()
    except BrawlError as exc:
        return exc
    except Exception as exc:  # the failure this module looks for
        raise AssertionError(f"untyped {type(exc).__name__}: {exc}") from exc
    return None


# --- the states the calls are made on -------------------------------------------------------------
def tavern() -> brawl.Encounter:
    return brawl.load_scenario(brawl.bundled_scenario("tavern"))


def states() -> dict[str, brawl.Encounter]:
    """The tavern out of combat, and in combat under each system, between turns and in one."""
    enc = tavern()
    out = {"none": enc}
    for system in ("drawsteel", "zone", "initiative"):
        state = brawl.start_combat(enc, system=system).state
        out[system] = state
        actors = [c for ids in turns.next_actors(state).values() for c in ids]
        if actors:
            out[f"{system}-turn"] = brawl.start_turn(state, actors[0]).state
    return out


STATES = states()

START_COMBAT: Any = brawl.start_combat
"""``brawl.start_combat`` called with keywords it does not take."""
ZONE_MOVE: Any = Action.registry["ZoneMove"]

SYSTEMS = {"drawsteel": DrawSteel(), "zone": ZoneGame(), "initiative": InitiativeGame()}
METHODS = ("start", "start_turn", "end_turn", "end_round", "use_action", "end_combat")


def every_option() -> list[str]:
    """Every option any system takes at any verb (its methods' keyword-only parameters), and two
    that none takes."""
    names = {
        p.name
        for system in SYSTEMS.values()
        for method in METHODS
        for p in inspect.signature(getattr(system, method)).parameters.values()
        if p.kind is p.KEYWORD_ONLY
    }
    return [*sorted(names), "bogus_option", "speed"]


OPTIONS = every_option()


# --- the report's cases, one by one ----------------------------------------------------------------
def test_an_option_of_another_system_names_it_the_system_and_the_options_it_takes() -> None:
    """``opener`` is the zone game's (Z-TURN-06); Draw Steel's end_round takes other options."""
    with pytest.raises(ArgumentTypeError) as info:
        brawl.end_round(STATES["drawsteel"], opener="kira")
    message = str(info.value)
    assert "opener='kira'" in message
    assert "drawsteel turn system" in message
    assert "breathes_water, suffocation_rolls" in message
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, brawl.RulesError)


@pytest.mark.parametrize(
    ("call", "option", "system"),
    [
        (lambda: brawl.start_turn(STATES["drawsteel"], "thug-1", reserve=["thug-1"]), "reserve", "drawsteel"),
        (lambda: brawl.start_turn(STATES["initiative"], "thug-1", sprint=True), "sprint", "initiative"),
        (
            lambda: brawl.end_combat(STATES["initiative"], keep_temporary_stamina=["kira"]),
            "keep_",
            "initiative",
        ),
        (lambda: brawl.end_combat(STATES["zone"], keep={"kira": ["prone"]}), "keep", "zone"),
        (lambda: brawl.end_turn(STATES["zone-turn"], saving_throws={0: 5}), "saving_throws", "zone"),
        (lambda: brawl.use_action(STATES["drawsteel-turn"], "x", "main", fast=True), "fast", "drawsteel"),
        (lambda: START_COMBAT(tavern(), system="zone", surprised=["kira"]), "surprised", "zone"),
    ],
)
def test_foreign_and_unknown_options_are_argument_type_errors(
    call: Callable[[], object], option: str, system: str
) -> None:
    with pytest.raises(ArgumentTypeError) as info:
        call()
    assert option in str(info.value)
    assert f"the {system} turn system takes no option" in str(info.value)


def test_an_unknown_keyword_of_a_public_function_is_an_argument_type_error() -> None:
    with pytest.raises(ArgumentTypeError, match=r"end_round\(bogus=1\): no such argument"):
        brawl.end_round(STATES["drawsteel"], bogus=1)  # type: ignore[call-arg]
    with pytest.raises(ArgumentTypeError, match=r"start_combat\(bogus_option=1\): no such argument"):
        START_COMBAT(tavern(), bogus_option=1)


FOREIGN_RECORDS: list[tuple[Action, str]] = [
    (A.EndRound(opener="kira"), "zone"),
    (A.StartTurn("thug-1", sprint=True), "zone"),
    (A.UseAction("thug-1", "main", held="x"), "initiative"),
    (A.EndTurn(saving_throws=(5,)), "drawsteel"),
    (A.EndCombat(keep_temporary_stamina=("kira",)), "drawsteel"),
]
"""Turn records with an option of one system (the second item)."""


@pytest.mark.parametrize(
    ("record", "name"),
    [
        (record, name)
        for record, owner in FOREIGN_RECORDS
        for name in ("drawsteel", "zone", "initiative")
        if name != owner
    ],
)
def test_turn_records_with_a_foreign_option_are_refused_by_verify_and_apply_alike(
    record: Action, name: str
) -> None:
    """Under any system but the option's own, verify refuses what apply refuses, with one message."""
    state = STATES[name]
    applied = failure_of(lambda: brawl.apply(state, record))
    verified = failure_of(lambda: record.verify(state))
    assert isinstance(applied, ArgumentTypeError)
    assert isinstance(verified, ArgumentTypeError)
    assert str(verified) == str(applied)
    assert f"the {name} turn system takes no option" in str(applied)


def test_a_foreign_option_over_json_rpc_is_a_brawl_error_code() -> None:
    """``apply {"class": "EndRound", "opener": "kira"}`` on a Draw Steel state: not -32603."""
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "apply",
        "params": {
            "state": json.loads(brawl.to_json(STATES["drawsteel"])),
            "action": {"class": "EndRound", "opener": "kira"},
        },
    }
    reply = Server().handle(json.dumps(request))
    assert reply is not None
    err = json.loads(reply)["error"]
    assert err["code"] == error_code(ArgumentTypeError("x", rule=())) != INTERNAL_ERROR
    assert "opener" in json.dumps(err)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: A.Advance("thug-1", path=None), "path"),
        (lambda: A.Advance(5, path=[(1, 1, 0)]), "Advance.creature"),  # type: ignore[arg-type]
        (lambda: A.AdvanceTo(None, (1, 1, 0)), "AdvanceTo.creature"),  # type: ignore[arg-type]
        (lambda: A.RideTo(None, (1, 1, 0)), "RideTo.rider"),  # type: ignore[arg-type]
        (lambda: A.TakeAction("main", None), "TakeAction.action"),  # type: ignore[arg-type]
        (lambda: brawl.Creature(id="x", immunities=5), "immunities"),  # type: ignore[arg-type]
        (lambda: brawl.Creature(id="x", weaknesses=5), "weaknesses"),  # type: ignore[arg-type]
        (lambda: brawl.Creature(id="x", stability_modifiers=None), "stability_modifiers"),  # type: ignore[arg-type]
        (lambda: brawl.Encounter(creatures=5), "creatures"),  # type: ignore[arg-type]
        (lambda: brawl.Encounter(objects=None), "objects"),  # type: ignore[arg-type]
        (lambda: brawl.Encounter(rides=5), "rides"),
        (lambda: brawl.MapObject(id="o", pos=(1, 1, 0), material=None), "Material None"),  # type: ignore[arg-type]
        (lambda: brawl.Cell(material=None), "Cell.material"),  # type: ignore[arg-type]
        (lambda: brawl.Size(1, []), "Size.sub"),  # type: ignore[arg-type]
        (lambda: brawl.Pos("a", "b"), "x 'a'"),  # type: ignore[arg-type]
        (lambda: brawl.Pos(1, 2.5), "y 2.5"),  # type: ignore[arg-type]
        (lambda: brawl.Pos(1, 2, None), "z None"),  # type: ignore[arg-type]
    ],
)
def test_wrong_typed_fields_are_argument_type_errors_naming_the_field(
    call: Callable[[], object], named: str
) -> None:
    with pytest.raises(ArgumentTypeError) as info:
        call()
    assert named in str(info.value)


def test_pos_takes_whole_numbers_and_stays_a_plain_tuple() -> None:
    """R-GEO-1: a position is three whole numbers; the checked constructor changes no value."""
    assert brawl.Pos(1, 2) == (1, 2, 0)
    assert brawl.Pos(x=-3, y=4, z=5) == (-3, 4, 5)
    assert brawl.Pos(1, 2) + brawl.Pos(1, 1, 1) == brawl.Pos(2, 3, 1)
    with pytest.raises(ArgumentTypeError, match="R-GEO-1"):
        brawl.Pos(True, 0)


# --- generated calls -------------------------------------------------------------------------------
VERBS: dict[str, Callable[..., object]] = {
    "start_combat": brawl.start_combat,
    "start_turn": brawl.start_turn,
    "end_turn": brawl.end_turn,
    "end_round": brawl.end_round,
    "end_combat": brawl.end_combat,
    "use_action": brawl.use_action,
    "spend_movement": brawl.turns.spend_movement,
    "next_actors": brawl.turns.next_actors,
}


def positional(name: str, state: brawl.Encounter, rnd: random.Random) -> list[object]:
    """The verb's positional arguments after the state: a creature id, a kind, squares."""
    creature = rnd.choice([*state.order, "ghost"])
    kind = rnd.choice(["main", "maneuver", "move", "bonus", "action", "fast", "free", "hold"])
    if name == "start_turn":
        return [creature]
    if name == "use_action":
        return [creature, kind]
    if name == "spend_movement":
        return [creature, rnd.choice([1, 2, 0, 10**6])]
    return []


def verb_calls(count: int) -> Iterator[tuple[str, Callable[[], object]]]:
    """``count`` calls of the turn verbs with foreign options and wrong-typed values."""
    rnd = random.Random(SEED)
    for _ in range(count):
        name = rnd.choice(sorted(VERBS))
        label = rnd.choice(sorted(STATES))
        state = STATES[label]
        args = positional(name, state, rnd)
        if rnd.random() < 0.3 and args:  # a wrong-typed positional argument
            args[rnd.randrange(len(args))] = rnd.choice(HOSTILE)
        options = {
            o: rnd.choice([*HOSTILE, "kira", ["kira"], {"kira": 1}])
            for o in rnd.sample(OPTIONS, rnd.randint(0, 2))
        }
        if name == "start_combat" and rnd.random() < 0.5:
            options["system"] = rnd.choice(
                ["drawsteel", "drawsteel-agility", "zone", "initiative", "nope", 5]
            )
        if name in ("next_actors", "spend_movement"):
            options = {}
        verb = VERBS[name]
        yield f"{name}[{label}]({args}, {options})", functools.partial(verb, state, *args, **options)


def test_generated_turn_verb_calls_fail_only_with_brawl_errors() -> None:
    failures = 0
    for where, call in verb_calls(CALLS):
        try:
            exc = failure_of(call)
        except AssertionError as e:
            raise AssertionError(f"{where}: {e}") from e
        failures += exc is not None
    assert failures > CALLS // 2  # most of them are refused, so the test sees the refusals


REQUIRED: tuple[object, ...] = ("kira", "thug-1", 1, (1, 1, 0), [(1, 1, 0)], "prone", "push", True, ["kira"])
"""Values tried for a request's required fields, in every combination, until one builds."""


def samples() -> dict[type[Action], Action]:
    """One valid record of each registered request class (from the legal actions, else built)."""
    found: dict[type[Action], Action] = {}
    for state in STATES.values():
        for action in brawl.legal_actions(state):
            found.setdefault(type(action), action)
            if isinstance(action, A.TakeAction):
                found.setdefault(type(action.action), action.action)
    built: list[Action] = [
        A.ForcedMove(kind="push", target="thug-1", distance=1, source="kira"),
        ZONE_MOVE(creature="kira", path=("z1", "z2")),
        A.SquadManeuver("grab", ("kira",), ("thug-1",)),
        brawl.actions.Summon("thug-1", brawl.Creature(id="imp")),
    ]
    for action in built:
        found.setdefault(type(action), action)
    for cls in library_records():
        if cls in found:
            continue
        required = [f.name for f in attrs.fields(cls) if f.init and f.default is attrs.NOTHING]
        for values in itertools.product(REQUIRED, repeat=len(required)):
            try:
                found[cls] = cls(**dict(zip(required, values, strict=True)))
            except BrawlError:
                continue
            break
    return found


def library_records() -> list[type[Action]]:
    """The registered request records of brawl itself (test modules register records of their own)."""
    return [cls for cls in Action.registry.values() if cls.__module__.startswith("brawl.")]


def record_fields() -> list[tuple[type[Action], str]]:
    known = samples()
    return [
        (cls, f.name)
        for cls in sorted(library_records(), key=lambda c: c.__name__)
        if cls in known
        for f in attrs.fields(cls)
        if f.init
    ]


def test_every_registered_request_has_a_sample() -> None:
    """The generated record checks cover every request class there is."""
    known = samples()
    assert sorted(cls.__name__ for cls in library_records() if cls not in known) == []


def test_every_request_field_refuses_a_wrong_type_with_a_brawl_error() -> None:
    """Each field of each request record, given each hostile value: built, or a BrawlError;
    once built, applied to the states: applied, or a BrawlError."""
    known = samples()
    rnd = random.Random(SEED)
    for cls, name in record_fields():
        for value in HOSTILE:
            try:
                record = failure_of(functools.partial(attrs.evolve, known[cls], **{name: value}))
            except AssertionError as e:
                raise AssertionError(f"{cls.__name__}({name}={value!r}): {e}") from e
            if record is not None:
                continue
            built = attrs.evolve(known[cls], **{name: value})
            label = rnd.choice(sorted(STATES))
            try:
                failure_of(functools.partial(brawl.apply, STATES[label], built))
            except AssertionError as e:
                raise AssertionError(f"apply {built!r} on {label}: {e}") from e


def model_samples() -> list[object]:
    enc = tavern()
    return [
        enc.creature_list()[0],
        brawl.MapObject(id="o", pos=(1, 1, 0)),
        brawl.Condition("prone"),
        brawl.StabilityModifier(1),
        brawl.Size(1, "M"),
        brawl.Characteristics(),
        brawl.Cell(),
        enc,
    ]


@pytest.mark.parametrize("sample", model_samples(), ids=lambda s: type(s).__name__)
def test_every_model_field_refuses_a_wrong_type_with_a_brawl_error(sample: Any) -> None:
    for f in attrs.fields(type(sample)):
        if not f.init or f.name.startswith("_"):
            continue
        for value in HOSTILE:
            try:
                failure_of(functools.partial(attrs.evolve, sample, **{f.name: value}))
            except AssertionError as e:
                raise AssertionError(f"{type(sample).__name__}({f.name}={value!r}): {e}") from e


def public_rules() -> list[Callable[..., object]]:
    """Every exported function whose first parameter is the state."""
    out: list[Callable[..., object]] = []
    for name in sorted(brawl.__all__):
        fn = getattr(brawl, name)
        if inspect.isfunction(fn) and list(inspect.signature(fn).parameters)[:1] == ["state"]:
            out.append(fn)
    return out


@pytest.mark.parametrize("rule", public_rules(), ids=lambda f: f.__name__)
def test_every_public_rule_refuses_an_unknown_keyword_or_a_missing_argument_as_an_argument_type_error(
    rule: Callable[..., object],
) -> None:
    with pytest.raises(ArgumentTypeError, match="no_such_option"):
        rule(STATES["drawsteel-turn"], no_such_option=1)
    if not hasattr(rule, "request"):  # a verb derived from a record takes the state positionally
        with pytest.raises(ArgumentTypeError, match="'state' is missing"):
            rule()
    with pytest.raises(ArgumentTypeError, match="positional arguments"):
        rule(STATES["drawsteel-turn"], *(["kira"] * 30))


def test_the_generated_checks_can_fail() -> None:
    """The check sees a bare error: a call raising KeyError fails it."""
    with pytest.raises(AssertionError, match="untyped KeyError"):
        failure_of(lambda: {"y": 1}["x"])
    assert isinstance(failure_of(lambda: brawl.Pos("a", 1)), ArgumentTypeError)  # type: ignore[arg-type]


def turn_records() -> list[Action]:
    """Each turn record with each of its options set, under whichever system it belongs to."""
    return [
        A.EndRound(opener="kira"),
        A.EndRound(suffocation_rolls=(("kira", 3),)),
        A.EndRound(breathes_water=("kira",)),
        A.StartTurn("kira", together=("kira",)),
        A.StartTurn("kira", reserve=("kira",)),
        A.StartTurn("kira", sprint=True),
        A.EndTurn(saving_throws=(5,)),
        A.UseAction("kira", "main", name="swing"),
        A.UseAction("kira", "main", slow=True),
        A.UseAction("kira", "action", held="action"),
        A.UseAction("kira", "action", action="x"),
        A.UseAction("kira", "action", trigger="x"),
        A.UseAction("kira", "fast", fast=True),
        A.EndCombat(keep=(("kira", ("prone",)),)),
        A.EndCombat(keep_temporary_stamina=("kira",)),
        A.StartCombat(system="zone", d10=3),
    ]


def test_every_turn_option_over_json_rpc_is_answered_with_a_brawl_error_code_or_applied() -> None:
    """Each turn record with each option, on a state of each system, through the server: a result
    or a brawl error's code, never the internal error (-32603) of an exception that escaped."""
    server = Server()
    seen: set[int] = set()
    for label, state in STATES.items():
        doc = json.loads(brawl.to_json(state))
        for record in turn_records():
            action = json.loads(brawl.actions_to_json([record]))["actions"][0]
            message = {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "apply",
                "params": {"state": doc, "action": action},
            }
            reply = server.handle(json.dumps(message))
            assert reply is not None
            answer = json.loads(reply)
            code = answer.get("error", {}).get("code")
            assert code != INTERNAL_ERROR, f"{record!r} on {label}: {answer['error']}"
            seen.add(code)
    assert error_code(ArgumentTypeError("x", rule=())) in seen  # foreign options were refused
