"""Field checks of request records: a wrongly typed value is refused on construction, never stored.

The validators (:func:`whole`, :func:`flag`, :func:`text`, :func:`ident`) and the conversions the records'
converters call (:func:`position`, :func:`positions`, :func:`dice_pair`, :func:`texts`) raise
:class:`~brawl.errors.ArgumentTypeError` naming the record and the field
(``ForcedMove.squares '3': a whole number is needed``) and citing the rule the field serves.
Ranges that depend on the state (a distance the target can be moved, a Stamina amount) are
checked by the rule's ``verify_x``, not here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from brawl.checks import is_whole_number
from brawl.errors import ArgumentTypeError, UnknownCreatureError
from brawl.geometry import Pos

Rule = str | tuple[str, ...] | Callable[[Any], str | tuple[str, ...]]
"""The rule a field serves: IDs, or a function of the record giving them (e.g. by its kind)."""

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def _rule(rule: Rule, instance: Any) -> str | tuple[str, ...]:
    return rule(instance) if callable(rule) else rule


def _refuse(instance: Any, name: str, value: Any, expected: str, rule: Rule) -> ArgumentTypeError:
    return ArgumentTypeError(
        f"{type(instance).__name__}.{name} {value!r}: {expected} is needed, not {type(value).__name__}",
        rule=_rule(rule, instance),
    )


def whole(rule: Rule = (), *, optional: bool = False) -> Validator:
    """A whole number (an ``int``, not a ``bool``); ``None`` too when ``optional``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if (value is None and optional) or is_whole_number(value):
            return
        raise _refuse(instance, attribute.name, value, "a whole number", rule)

    return check


def flag(rule: Rule = ()) -> Validator:
    """``True`` or ``False``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, bool):
            raise _refuse(instance, attribute.name, value, "True or False", rule)

    return check


def text(rule: Rule = (), *, optional: bool = False) -> Validator:
    """A string (an id, a name); ``None`` too when ``optional``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if (value is None and optional) or isinstance(value, str):
            return
        raise _refuse(instance, attribute.name, value, "a string", rule)

    return check


class IdTypeError(ArgumentTypeError, UnknownCreatureError):
    """An id that is not a string: wrongly typed, and no creature or object has it."""


def ident(rule: Rule = (), *, optional: bool = False) -> Validator:
    """A creature or object id (a string); ``None`` too when ``optional``. Else :class:`IdTypeError`."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if (value is None and optional) or isinstance(value, str):
            return
        raise IdTypeError(
            f"{type(instance).__name__}.{attribute.name} {value!r}: an id (a string) is needed, "
            f"not {type(value).__name__}",
            rule=_rule(rule, instance),
        )

    return check


def texts(value: Any, what: str, rule: str | tuple[str, ...] = ()) -> tuple[str, ...]:
    """A tuple of strings (rule IDs, ids) from any iterable of strings but a single string."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{what} {value!r}: a sequence of strings is needed", rule=rule)
    items = tuple(value)
    if not all(isinstance(v, str) for v in items):
        raise ArgumentTypeError(f"{what} {value!r}: a sequence of strings is needed", rule=rule)
    return items


def position(value: Any, what: str, rule: str | tuple[str, ...] = "R-GEO-1") -> Pos:
    """A :class:`Pos` from ``(x, y)`` or ``(x, y, z)``; ``rule`` is cited for a value that is no sequence."""
    if isinstance(value, Pos):
        return value
    if not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"{what} {value!r}: a position (x, y) or (x, y, z) is needed, not {type(value).__name__}",
            rule=rule,
        )
    items = tuple(value)
    if len(items) not in (2, 3) or not all(is_whole_number(i) for i in items):
        raise ArgumentTypeError(f"{what} {value!r}: not 2 or 3 whole numbers", rule="R-GEO-1")
    return Pos(*items)


def positions(value: Any, what: str, rule: str | tuple[str, ...] = "R-GEO-1") -> tuple[Pos, ...]:
    """A tuple of :class:`Pos` from a sequence of positions."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{what} {value!r}: a sequence of positions is needed", rule=rule)
    return tuple(position(p, what) for p in value)


def dice_pair(value: Any, what: str, rule: str | tuple[str, ...] = "RB3-EDGES") -> tuple[int, int]:
    """Two die faces as a tuple of two whole numbers."""
    items = tuple(value) if isinstance(value, Iterable) and not isinstance(value, str) else ()
    if len(items) != 2 or not all(is_whole_number(i) for i in items):
        raise ArgumentTypeError(f"{what} {value!r}: two whole numbers (die faces) are needed", rule=rule)
    return (items[0], items[1])


__all__ = ["IdTypeError", "dice_pair", "flag", "ident", "position", "positions", "text", "texts", "whole"]
