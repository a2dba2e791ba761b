"""Bad input at the public boundary: every exported rule raises a BrawlError, never anything else.

Each exported function whose first parameter is the state is called with arguments of random
values and types (ids that exist and do not, huge and negative numbers, floats, NaN, tuples of
the wrong length, dicts, bytes); it must either succeed or raise a ``brawl.BrawlError``
(``RulesError`` and ``InvalidArgumentError`` are subclasses), quickly.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl

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
    if message.startswith(f"{name}("):
        shown = [type(a).__name__ for a in args] + [f"{k}={type(v).__name__}" for k, v in kwargs.items()]
        assert message.startswith(f"{name}({', '.join(shown)}): "), message
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
        ("force_move_many", (3,), {}, ["force_move_many(int)", "not iterable"]),
        ("force_move_many", (), {"moves": 3}, ["force_move_many(moves=int)"]),
        ("damage_many", (), {"targets": 5, "amount": 2}, ["targets 5", "DS-DMG-01"]),
        ("move", ("kira",), {"path": 3.5}, ["path 3.5", "R-GEO-1"]),
        ("move", ("kira", [(3, 2, 0)]), {"budget": "x"}, ["budget 'x'", "DS-MOVE-07"]),
        ("reachable", ("kira",), {"budget": 2.5}, ["budget 2.5", "DS-MOVE-07"]),
        ("damage", ("gob", 2.5), {}, ["damage 2.5 to 'gob'", "DS-DMG-01"]),
        ("push", ("kira", "gob", 2.5), {}, ["push 2.5 squares", "DS-FORCE-02"]),
        ("push", ("kira", "gob", 2), {"direction": {"a": 1}}, ["direction ('a',)", "R-GEO-1"]),
        ("fall", ("kira",), {"height": (1, 2)}, ["fall height (1, 2)", "DS-FALL-01"]),
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
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    check_message(name, info.value, list(args), kwargs)
