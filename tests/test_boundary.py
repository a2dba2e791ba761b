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
    message = "accepted"
    try:
        fn(enc, *args, **kwargs)
    except brawl.BrawlError as exc:
        message = str(exc)
    assert message, "every refusal says why"


def test_a_wrongly_typed_argument_names_the_function() -> None:
    """An int where the moves go is an ArgumentTypeError naming the call and the argument."""
    with pytest.raises(brawl.ArgumentTypeError, match=r"^force_move_many\(moves=3\): expected Iterable"):
        brawl.force_move_many(encounter(), 3)  # type: ignore[arg-type]
