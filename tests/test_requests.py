"""The request records: each its own checks and rule, and the fields of the rule it records."""

import inspect
import re
from collections.abc import Callable
from typing import Any

import attrs

import brawl
import brawl.initiative.verbs
import brawl.verbs
import brawl.zone.verbs
from brawl.requests import Action


def test_every_request_defines_verify_and_resolve() -> None:
    """A request never falls back to Action's: its own cheap checks and its own rule."""
    missing = sorted(
        name
        for name, cls in Action.registry.items()
        if cls.verify is Action.verify or cls.resolve is Action.resolve
    )
    assert missing == []


def test_the_base_of_requests_is_no_request() -> None:
    """A shared base class stays out of the registry: JSON never names it."""
    assert "Request" not in Action.registry
    assert "FreeStrike" in Action.registry
    assert brawl.actions.FreeStrike is Action.registry["FreeStrike"]


def snake_case(name: str) -> str:
    """``FreeStrike`` -> ``free_strike``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


NOT_THE_RULE = {
    "StartCombat": "brawl.start_combat takes the system's choices as free keywords; the record names them",
}
"""Records whose namesake function is another thing, or takes its fields as free keywords."""


def rule_of(cls: type[Action]) -> Callable[..., Any] | None:
    """The public function of ``brawl`` named after the record, unless it takes the record itself."""
    name = snake_case(cls.__name__)
    homes = (brawl.verbs, brawl.zone.verbs, brawl.initiative.verbs, brawl)
    function: Callable[..., Any] | None = next(
        (getattr(m, name) for m in homes if getattr(m, name, None) is not None), None
    )
    if (
        function is None
        or not callable(function)
        or isinstance(function, type)
        or cls.__name__ in NOT_THE_RULE
    ):
        return None
    params = list(inspect.signature(function).parameters.values())[1:]
    if params and params[0].annotation in (cls, cls.__name__):
        return None  # brawl.force_move(state, move: ForcedMove)
    return function


def empty(default: object) -> object:
    """A function's None stands for "not given", which a record keeps as an empty tuple."""
    return () if default is None else default


def test_rules_take_what_their_records_keep() -> None:
    """A rule's parameters after the state are its record's fields, same names, same defaults.

    So nothing a rule takes is lost by saving its record and replaying it.
    """
    compared = []
    for name, cls in sorted(Action.registry.items()):
        function = rule_of(cls)
        if function is None:
            continue
        params = list(inspect.signature(function).parameters.values())[1:]
        taken = {p.name: empty(None if p.default is p.empty else p.default) for p in params}
        fields = [f for f in attrs.fields(cls) if f.init]  # a field the class fixes is none of its inputs
        kept = {f.name: empty(None if f.default is attrs.NOTHING else f.default) for f in fields}
        assert taken == kept, name
        positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
        assert positional == [f.name for f in fields][: len(positional)], name
        compared.append(name)
    assert len(compared) >= 40


def test_records_without_a_namesake_rule() -> None:
    """The records no function of ``brawl`` is named after, or whose function takes the record."""
    alone = sorted(
        name
        for name, cls in Action.registry.items()
        if cls.__module__.startswith("brawl.") and rule_of(cls) is None
    )
    assert alone == [
        "AdvanceTo",
        "ForcedMove",
        "RideTo",
        "StartCombat",
        "StartZoneCombat",
        "TakeAction",
    ]
