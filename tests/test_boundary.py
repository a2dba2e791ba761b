"""Bad input at the public boundary: every exported rule raises a BrawlError, never anything else.

Each exported function whose first parameter is the state is called with arguments of random
values and types (ids that exist and do not, huge and negative numbers, floats, NaN, tuples of
the wrong length, dicts, bytes); it must either succeed or raise a ``brawl.BrawlError``
(``RulesError`` and ``InvalidArgumentError`` are subclasses), quickly.

Then, from each parameter's annotation: a value of the wrong type raises ``ArgumentTypeError``
(a ``TypeError``) naming the function and the argument, a value of the right type passes the
check, and an exception raised inside a rule (an engine bug) reaches the caller unchanged."""

from __future__ import annotations

import enum
import inspect
import types
import typing
from collections import abc
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
import brawl.actions
import brawl.policy
import brawl.rules.damage
import brawl.rules.forced
import brawl.rules.movement
from brawl.actions import Action
from brawl.errors import ArgumentTypeError

JUNK: list[Any] = [
    None, -1, 0, 1, 3, 10**9, -(10**9), 2.5, float("nan"), "kira", "gob", "crate", "nobody", "",
    (1, 2), (1, 2, 3), (1, 0, 0), [(3, 2, 0)], [(1, 1, 0), (2, 2, 0)], {}, {"a": 1}, [], True,
    "fire", "prone", b"x", (1.5, 2), ((1, 2), (3, 4)), (10**12, 0, 0), frozenset({"kira"}),
]  # fmt: skip

RULES = sorted(
    name
    for name in brawl.__all__
    if inspect.isfunction(getattr(brawl, name))
    and list(inspect.signature(getattr(brawl, name)).parameters)[:1] == ["state"]
    and name not in {"distance", "adjacent"}
)


def encounter() -> brawl.Encounter:
    kira = brawl.Creature(id="kira", side="heroes", hero=True, stamina_max=20, pos=(2, 2), recoveries=3)
    gob = brawl.Creature(id="gob", stamina_max=10, pos=(3, 2))
    crate = brawl.MapObject(id="crate", pos=(5, 5))
    return brawl.Encounter.create(brawl.Terrain.flat(8, 8), [kira, gob], [crate], seed=3)


def test_every_exported_rule_is_checked() -> None:
    """The boundary covers the rules of every area."""
    for name in ("damage", "push", "move", "reachable", "start_combat", "free_strike", "fall", "heal"):
        assert name in RULES


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(RULES), st.data())
def test_random_arguments_raise_only_brawl_errors(name: str, data: st.DataObject) -> None:
    """Any exported rule with any arguments either works or raises a BrawlError."""
    fn = getattr(brawl, name)
    enc = encounter()
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in list(inspect.signature(fn).parameters.values())[1:]:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if p.default is not p.empty and data.draw(st.booleans(), label=f"skip {p.name}"):
            continue
        value = data.draw(st.sampled_from(JUNK), label=p.name)
        if p.kind is p.KEYWORD_ONLY:
            kwargs[p.name] = value
        else:
            args.append(value)
    try:
        fn(enc, *args, **kwargs)
    except brawl.BrawlError as exc:
        check_message(name, exc, args, kwargs)


def _shown(value: Any) -> set[str]:
    """How a value, or one of its items, may be shown in a message."""
    found = {repr(value), str(value)}
    if isinstance(value, dict):
        value = list(value)
    if isinstance(value, str | bytes | list | tuple | frozenset):
        for item in value:
            found |= {repr(item), str(item)}
    return found


def check_message(name: str, exc: Exception, args: list[Any], kwargs: dict[str, Any]) -> None:
    """A refusal names what it refuses.

    A wrongly typed argument caught at the boundary names the function and the type of each
    argument given (keyword arguments by name); a rule's own refusal names the argument, the
    value (or the item of it) it refuses, or, for a call out of turn, the turn.
    """
    message = str(exc)
    assert message, "every refusal says why"
    if isinstance(exc, brawl.ArgumentTypeError) and message.startswith(f"{name}("):
        params = list(inspect.signature(inspect.unwrap(getattr(brawl, name))).parameters)
        assert any(message.startswith(f"{name}({p}=") for p in params), message
        assert ": expected " in message, message
        assert ", got " in message, message
        return
    if isinstance(exc, brawl.TurnOrderError):
        return
    fn = getattr(brawl, name)
    names = list(inspect.signature(fn).parameters)[1:]
    values = set().union(*(_shown(v) for v in [*args, *kwargs.values()]))
    assert any(n in message for n in [name, *names]) or any(v in message for v in values), message


@pytest.mark.parametrize(
    ("name", "args", "kwargs", "fragments"),
    [
        ("move", ("kira",), {"path": 3.5}, ["path 3.5", "not float"]),
        ("move", ("kira", [(3, 2, 0)]), {"budget": "x"}, ["Move.budget 'x'", "not str"]),
        ("reachable", ("kira",), {"budget": 2.5}, ["reachable(budget=2.5)", "got float"]),
        ("damage", ("gob", 2.5), {}, ["Damage.amount 2.5", "a whole number is needed"]),
        ("push", ("kira", "gob", 2.5), {}, ["Push.distance 2.5", "not float", "DS-FORCE-02"]),
        ("push", ("kira", "gob", 2), {"direction": {"a": 1}}, ["direction {'a': 1}", "R-GEO-1"]),
        ("fall", ("kira",), {"height": (1, 2)}, ["Fall.height (1, 2)", "not tuple"]),
        ("teleport", ("kira",), {"destination": "x"}, ["destination 'x'", "R-GEO-1"]),
    ],
)
def test_a_wrongly_typed_argument_names_the_function_or_the_argument(
    name: str, args: tuple[Any, ...], kwargs: dict[str, Any], fragments: list[str]
) -> None:
    """A value of the wrong type is refused with a message naming the call or the argument and value.

    Caught at the boundary, the message names the function and the argument types (keyword
    arguments by name); caught by the rule, it names the argument, the value and the rule.
    """
    fn = getattr(brawl, name)
    with pytest.raises((TypeError, brawl.InvalidArgumentError)) as info:
        fn(encounter(), *args, **kwargs)
    assert isinstance(info.value, brawl.ArgumentTypeError)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    check_message(name, info.value, list(args), kwargs)


def test_a_wrongly_typed_argument_names_the_function() -> None:
    """An int where the moves or the targets go is an ArgumentTypeError naming the call and the
    argument: the batch functions check their own arguments (DS-FORCE-09, DS-DMG-01)."""
    with pytest.raises(brawl.ArgumentTypeError, match=r"^force_move_many\(moves=3\): expected Iterable"):
        brawl.rules.forced.force_move_many(encounter(), 3)  # type: ignore[arg-type]
    with pytest.raises(brawl.ArgumentTypeError, match=r"^force_move_many\(moves=...\): 3 is no forced"):
        brawl.rules.forced.force_move_many(encounter(), [3])  # type: ignore[list-item]
    with pytest.raises(brawl.ArgumentTypeError, match=r"^damage_many\(targets=5\)"):
        brawl.rules.damage.damage_many(encounter(), 5, 2)  # type: ignore[arg-type]


# --- the type check at the boundary, generated from the annotations ----------------------------
def _options(tp: Any) -> tuple[Any, ...]:
    """The members of a union (``X | None``), or the annotation alone."""
    origin = typing.get_origin(tp)
    return typing.get_args(tp) if origin in (typing.Union, types.UnionType) else (tp,)


def _policy(state: brawl.Encounter, legal: Sequence[Any]) -> Any:
    return legal[0]


def right_value(tp: Any, enc: brawl.Encounter) -> Any:
    """A value of the annotated type (the rule may still refuse it as a value)."""
    options = [o for o in _options(tp) if o is not type(None)]
    if not options:
        return None
    tp = options[0]
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is str:
        return "kira"
    if tp in (int, float):
        return 1
    if tp is bool:
        return False
    if tp is brawl.Encounter:
        return enc
    if tp is brawl.Pos:
        return brawl.Pos(2, 3, 0)
    if origin is typing.Literal:
        return args[0]
    if origin is tuple:
        return tuple(right_value(a, enc) for a in args if a is not Ellipsis)
    if origin in (abc.Iterable, abc.Sequence, abc.Collection):
        inner = args[0] if args else Any
        if inner is int:
            return (2, 3, 0)
        if typing.get_origin(inner) is abc.Iterable:
            return [(2, 3, 0)]
        return ()
    if origin in (abc.Mapping, dict):
        return {}
    if origin is abc.Callable or tp is brawl.policy.Policy:
        return _policy
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return next(iter(tp))
    if tp is brawl.actions.ForcedMove:
        return brawl.actions.ForcedMove(kind="push", target="gob", distance=1, source="kira")
    if tp is Action:
        return brawl.actions.Damage("gob", 1)
    if isinstance(tp, type) and attrs.has(tp):
        # a request record: built from right values of its required fields
        hints = typing.get_type_hints(tp)
        required = [f.name for f in attrs.fields(tp) if f.default is attrs.NOTHING]
        return tp(**{name: right_value(hints[name], enc) for name in required})
    return None


def wrong_values(tp: Any) -> list[Any]:
    """Values whose type does not fit the annotation: an ``object()``, and per type a near miss."""
    options = _options(tp)
    if Any in options or object in options:
        return []
    wrong: list[Any] = [object()]
    if int in options:
        wrong += [1.5, True]
    if bool in options:
        wrong += [1, "yes"]
    if str in options and int not in options:
        wrong += [3]
    if any(typing.get_args(o) == (int,) for o in options) and str not in options:
        wrong += ["ab", 2.5]
    return wrong


def annotated(name: str) -> list[tuple[str, Any]]:
    """The parameters of an exported rule after the state, with their annotations."""
    fn = inspect.unwrap(getattr(brawl, name))
    hints = typing.get_type_hints(fn)
    return [
        (p.name, hints.get(p.name, Any))
        for p in list(inspect.signature(fn).parameters.values())[1:]
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


CHECKED = [  # to_json refuses with a ScenarioError; a verb's record checks its fields
    name for name in RULES if name != "to_json" and not hasattr(getattr(brawl, name), "request")
]

CASES = [
    (name, param, value) for name in CHECKED for param, tp in annotated(name) for value in wrong_values(tp)
]


def call_with(rule: str, enc: Any, /, **override: Any) -> Any:
    """Call the rule with a right-typed value for every required parameter and ``override``."""
    fn = getattr(brawl, rule)
    kwargs: dict[str, Any] = {}
    required = {p.name for p in inspect.signature(fn).parameters.values() if p.default is p.empty}
    for param, tp in annotated(rule):
        if param in override:
            kwargs[param] = override[param]
        elif param in required:
            kwargs[param] = right_value(tp, enc)
    return fn(enc, **kwargs)


def test_the_cases_cover_the_api() -> None:
    """Every exported rule with a typed parameter has wrong-typed cases."""
    assert len({name for name, _, _ in CASES}) > 0.8 * len(CHECKED)
    assert len(CASES) > 140


@pytest.mark.parametrize(
    ("name", "param", "value"), CASES, ids=[f"{n}-{p}-{type(v).__name__}" for n, p, v in CASES]
)
def test_a_wrong_type_is_refused_naming_the_argument(name: str, param: str, value: Any) -> None:
    """A value of the wrong type raises ArgumentTypeError (a TypeError) naming function and argument;
    (a verb's fields are checked by its record: tests/test_hostile_calls.py, tests/test_verbs*.py)."""
    with pytest.raises(ArgumentTypeError, match=rf"^{name}\({param}=.*: expected .*, got ") as info:
        call_with(name, encounter(), **{param: value})
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, brawl.InvalidArgumentError)


def passes_the_boundary(name: str, /, **override: Any) -> bool:
    """Whether the call got past the type check (the rule may refuse the values with a RulesError)."""
    try:
        call_with(name, encounter(), **override)
    except ArgumentTypeError as exc:
        return not str(exc).startswith(f"{name}(")
    except brawl.RulesError:
        pass
    return True


@pytest.mark.parametrize("name", CHECKED)
def test_the_right_types_pass_the_boundary(name: str) -> None:
    """Right-typed arguments pass the type check; the rule may still refuse the values."""
    assert passes_the_boundary(name)


@pytest.mark.parametrize("name", CHECKED)
def test_every_parameter_of_the_right_type_passes_the_boundary(name: str) -> None:
    """Every parameter given a right-typed value at once: still no ArgumentTypeError at the boundary."""
    assert passes_the_boundary(name, **{p: right_value(tp, encounter()) for p, tp in annotated(name)})


@pytest.mark.parametrize("name", CHECKED)
def test_the_state_must_be_an_encounter(name: str) -> None:
    """A state that is not an Encounter is refused before the rule looks at it."""
    with pytest.raises(ArgumentTypeError, match=rf"^{name}\(state=None\): expected Encounter, got NoneType"):
        call_with(name, None)


def test_a_bug_inside_the_engine_surfaces_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception raised inside a rule is the engine's bug: it reaches the caller as itself."""
    bug = KeyError("bug")

    def broken(*args: object, **kwargs: object) -> None:
        raise bug

    monkeypatch.setattr(brawl.rules.damage, "compute", broken)
    with pytest.raises(KeyError) as info:
        brawl.damage(encounter(), "gob", 3)
    assert info.value is bug
    assert not isinstance(info.value, brawl.BrawlError)


def test_a_bug_in_a_move_is_not_a_rules_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A caller's ``except RulesError`` does not swallow an engine bug."""

    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("bug")

    monkeypatch.setattr(brawl.rules.movement, "movement_model", broken)
    caught: list[BaseException] = []
    try:
        brawl.move(encounter(), "kira", [(2, 3, 0)])
    except brawl.RulesError as exc:  # what a caller writes to catch illegal requests
        caught.append(exc)
    except KeyError as exc:
        caught.append(exc)
    assert [type(e) for e in caught] == [KeyError]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: brawl.distance(None, 1, (0, 0, 0)), r"^distance\(a=None\): expected Pos"),  # type: ignore[arg-type]
        (lambda: brawl.distance((0, 0, 0), 1.5, (0, 0, 0)), r"^distance\(a_size=1.5\)"),  # type: ignore[arg-type]
        (lambda: brawl.adjacent((0, 0, 0), 1, (0.5, 0, 0)), r"^adjacent\(b=\(0.5, 0, 0\)\)"),  # type: ignore[arg-type]
        (
            lambda: brawl.damage(encounter(), "gob", True),
            r"^Damage\.amount True: a whole number is needed, not bool",
        ),
        (lambda: brawl.damage(encounter(), "gob", 3, modifiers=[3]), r"^Damage\.modifiers \[3\]"),  # type: ignore[list-item]
        (lambda: brawl.move(encounter(), "kira", "north"), r"^path 'north': a sequence of positions"),
        (lambda: brawl.move(encounter(), "kira", [(2, 3, 0)], resolved="kira"), r"^resolved 'kira'"),
        (lambda: brawl.reachable(encounter(), "kira", mode=3), r"^reachable\(mode=3\): expected one of"),  # type: ignore[arg-type]
    ],
)
def test_examples_of_wrong_types(call: Callable[[], object], message: str) -> None:
    """The message names the function, the argument, the type expected and the type given."""
    with pytest.raises(ArgumentTypeError, match=message):
        call()


def test_a_long_value_is_cut_short_in_the_message() -> None:
    """The value is quoted up to 60 characters."""
    with pytest.raises(ArgumentTypeError) as info:
        brawl.damage(encounter(), "x" * 500, 3.5)  # type: ignore[arg-type]
    assert len(str(info.value)) < 150


def test_an_iterator_is_not_consumed_by_the_check() -> None:
    """A path given as an iterator reaches the rule whole."""
    state, _ = brawl.move(encounter(), "kira", iter([(2, 3, 0), (2, 4, 0)]))
    assert state.creature("kira").pos == (2, 4, 0)
