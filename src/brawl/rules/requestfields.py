"""Field checks of the request records: a wrongly typed value is refused on construction.

Each helper returns an attrs validator or converter that raises
:class:`~brawl.errors.ArgumentTypeError` (both an ``InvalidArgumentError`` and a ``TypeError``)
naming the field, so a bad value is never stored and a saved request always loads again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs
import immutables

from brawl.checks import whole_number
from brawl.dice import POWER_DIE_SIDES
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.geometry import Pos, as_pos
from brawl.rules.edges import Reason

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def _refuse(inst: Any, attribute: attrs.Attribute[Any], value: object, expected: str, rule: str) -> None:
    raise ArgumentTypeError(
        f"{type(inst).__name__}.{attribute.name} {value!r}: {expected} is needed, not {type(value).__name__}",
        rule=rule,
    )


def text(rule: str) -> Validator:
    """A string (a creature id, a name)."""

    def check(inst: Any, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, str):
            _refuse(inst, attribute, value, "a string", rule)

    return check


def optional_text(rule: str) -> Validator:
    """A string or None."""

    def check(inst: Any, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and not isinstance(value, str):
            _refuse(inst, attribute, value, "a string or None", rule)

    return check


def flag(rule: str) -> Validator:
    """True or False (not 0, 1 or None)."""

    def check(inst: Any, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, bool):
            _refuse(inst, attribute, value, "True or False", rule)

    return check


def optional_whole(rule: str, lo: int | None = None) -> Validator:
    """A whole number (at least ``lo``) or None."""

    def check(inst: Any, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            whole_number(value, lo, what=f"{type(inst).__name__}.{attribute.name}", rule=rule)

    return check


def _pair(value: Iterable[int] | None, rule: str) -> tuple[int, int] | None:
    if value is None:
        return None
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"dice {value!r}: two d10 faces are needed, not {type(value).__name__}", rule=rule
        )
    items = tuple(value)
    if len(items) != 2:
        raise InvalidArgumentError(f"dice {value!r}: two d10 faces from 1 to 10", rule=rule)
    a, b = (whole_number(v, 1, POWER_DIE_SIDES, what="d10 face", rule=rule) for v in items)
    return (a, b)


def dice(value: Iterable[int] | None) -> tuple[int, int] | None:
    """Two d10 faces from 1 to 10, or None (draw them from the state's RNG) (RB3-EDGES)."""
    return _pair(value, "RB3-EDGES")


def optional_pos(value: Iterable[int] | None) -> Pos | None:
    """A position or direction ``(x, y)`` or ``(x, y, z)``, or None."""
    return None if value is None else as_pos(value)


def path(value: Iterable[Iterable[int]]) -> tuple[Pos, ...]:
    """The positions entered, in order."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):  # type: ignore[unreachable]
        raise ArgumentTypeError(
            f"path {value!r}: a list of positions is needed, not {type(value).__name__}", rule="R-GEO-1"
        )
    return tuple(as_pos(p) for p in value)


def ids(value: Iterable[str], rule: str | tuple[str, ...] = ()) -> tuple[str, ...]:
    """Creature ids, in order, each once."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"creature ids {value!r}: a list of ids is needed, not {type(value).__name__}", rule=rule
        )
    items = tuple(dict.fromkeys(value))
    for i in items:
        if not isinstance(i, str):
            raise ArgumentTypeError(f"creature ids {value!r}: {i!r} is not an id (a string)", rule=rule)
    return items


def optional_ids(value: Iterable[str] | None, rule: str | tuple[str, ...] = ()) -> tuple[str, ...] | None:
    """Creature ids, or None (the rule's default)."""
    return None if value is None else ids(value, rule)


def reasons(value: Iterable[Reason]) -> tuple[Reason, ...]:
    """Edge and bane reasons (:func:`brawl.rules.edges.edge`, :func:`~brawl.rules.edges.bane`)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):  # type: ignore[unreachable]
        raise ArgumentTypeError(
            f"extra {value!r}: a list of edge or bane reasons is needed, not {type(value).__name__}",
            rule="RB3-EDGES",
        )
    items = tuple(value)
    for r in items:
        if not isinstance(r, Reason):
            raise ArgumentTypeError(f"extra {value!r}: {r!r} is not an edge or bane reason", rule="RB3-EDGES")
    return items


def rolls(value: Mapping[str, Iterable[int]] | None) -> immutables.Map[str, tuple[int, int]] | None:
    """Two d10 faces by creature id, or None (every roll drawn from the state's RNG)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(
            f"rolls {value!r}: a mapping of creature id to two d10 is needed, not {type(value).__name__}",
            rule="RB3-OPPOSED",
        )
    out: dict[str, tuple[int, int]] = {}
    for cid, faces in value.items():
        if not isinstance(cid, str):
            raise ArgumentTypeError(f"rolls {value!r}: {cid!r} is not a creature id", rule="RB3-OPPOSED")
        pair = _pair(faces, "RB3-OPPOSED")
        if pair is not None:
            out[cid] = pair
    return immutables.Map(out)


__all__ = [
    "dice",
    "flag",
    "ids",
    "optional_ids",
    "optional_pos",
    "optional_text",
    "optional_whole",
    "path",
    "reasons",
    "rolls",
    "text",
]
