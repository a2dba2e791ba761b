"""Field checks of the movement requests: paths, flags, ids and whole numbers, refused on construction.

A wrongly typed field raises :class:`~brawl.errors.ArgumentTypeError` naming the field and the
rule it serves; a value out of range raises :class:`~brawl.errors.InvalidArgumentError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from brawl.checks import whole_number
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.geometry import Pos, as_pos
from brawl.rules.steps import MODES, check_budget

MAX_PATH = 100_000
"""Longest path a move request takes (DS-MOVE-07: no move is longer than the map)."""

Check = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def as_path(value: object) -> tuple[Pos, ...]:
    """The positions a move enters, in order (R-GEO-1)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"path {value!r}: a sequence of positions", rule="R-GEO-1")
    try:
        items = list(value)
    except TypeError:  # pragma: no cover - an iterable that fails while iterating
        raise InvalidArgumentError(f"path {value!r}: a sequence of positions", rule="R-GEO-1") from None
    if len(items) > MAX_PATH:
        raise InvalidArgumentError(f"path of {len(items)} steps: at most 100,000", rule="DS-MOVE-07")
    return tuple(as_pos(p, what="path position") for p in items)


def as_ids(value: object) -> tuple[str, ...]:
    """Creature ids, as a tuple (R-MOVE-3: the enemies that already had their chance)."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"resolved {value!r}: a list of creature ids", rule="R-MOVE-3")
    items = tuple(value)
    for item in items:
        if not isinstance(item, str):
            raise ArgumentTypeError(f"resolved {value!r}: a list of creature ids", rule="R-MOVE-3")
    return items


def as_opt_pos(value: object) -> Pos | None:
    """A position, or None."""
    return None if value is None else as_pos(value)  # type: ignore[arg-type]


def flag(rule: str, *, optional: bool = False) -> Check:
    """A check that a field is True or False (or None when ``optional``)."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, bool) or (optional and value is None):
            return
        allowed = "True, False or None" if optional else "True or False"
        raise ArgumentTypeError(f"{attribute.name} {value!r}: {allowed}", rule=rule)

    return check


def ident(rule: str, *, optional: bool = False) -> Check:
    """A check that a field is a creature id (or None when ``optional``)."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, str) or (optional and value is None):
            return
        raise ArgumentTypeError(f"{attribute.name} {value!r}: a creature id", rule=rule)

    return check


def budget(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A check that a movement budget is None or a whole number of squares (DS-MOVE-07)."""
    if value is not None:
        check_budget(value, what=attribute.name)


def whole(lo: int, hi: int, rule: str, *, optional: bool = False) -> Check:
    """A check that a field is a whole number from ``lo`` to ``hi`` (or None when ``optional``)."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not (optional and value is None):
            whole_number(value, lo, hi, what=attribute.name, rule=rule)

    return check


def mode(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A check that a field is one of the movement modes (DS-MTYPE-01)."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{attribute.name} {value!r}: one of {', '.join(MODES)}", rule="DS-MTYPE-01")
    if value not in MODES:
        raise InvalidArgumentError(
            f"{attribute.name} {value!r}: one of {', '.join(MODES)}", rule="DS-MTYPE-01"
        )


def choice(values: tuple[str, ...], rule: str, *, optional: bool = False) -> Check:
    """A check that a field is one of ``values`` (or None when ``optional``)."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if optional and value is None:
            return
        message = f"{attribute.name} {value!r}: one of {', '.join(values)}"
        if not isinstance(value, str):
            raise ArgumentTypeError(message, rule=rule)
        if value not in values:
            raise InvalidArgumentError(message, rule=rule)

    return check


__all__ = ["as_ids", "as_opt_pos", "as_path", "budget", "choice", "flag", "ident", "mode", "whole"]


def as_destination(value: Iterable[int]) -> Pos:
    """A destination field as a :class:`Pos`; errors name the field."""
    return as_pos(value, what="destination")


def as_landing(value: Iterable[int]) -> Pos:
    """A landing field as a :class:`Pos`; errors name the field."""
    return as_pos(value, what="landing")
