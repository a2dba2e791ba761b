"""The validation helpers every layer shares: one home for "a whole number in a range".

``whole_number`` refuses a ``bool`` (a ``True`` is not the number 1 here), a float and any other
type with :class:`~brawl.errors.ArgumentTypeError`, and a number out of range with the error class
the caller names (an :class:`~brawl.errors.InvalidArgumentError` by default), citing the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from brawl.errors import ArgumentTypeError, BrawlError, InvalidArgumentError, RulesError, StateError

MAX_TEXT = 200
"""The longest id, name, side or group, in characters."""


def _raise(error: type[BrawlError], message: str, rule: str | Sequence[str]) -> None:
    if issubclass(error, RulesError):
        raise error(message, rule=rule)
    raise error(message)


def whole_number(
    value: object,
    lo: int | None = None,
    hi: int | None = None,
    *,
    what: str,
    rule: str | Sequence[str] = (),
    error: type[BrawlError] = InvalidArgumentError,
) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) with ``lo <= value <= hi``; else raise.

    ``what`` names the argument in the message; ``None`` bounds are open.
    """
    if type(value) is int and (lo is None or lo <= value) and (hi is None or value <= hi):
        return value  # the usual case, answered first
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(
            f"{what} {value!r}: a whole number is needed, not {type(value).__name__}", rule=rule
        )
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            span = f"from {lo} to {hi}"
        elif lo is not None:
            span = f"of at least {lo}"
        else:
            span = f"of at most {hi}"
        _raise(error, f"{what} {value!r}: a whole number {span} is needed", rule)
    return value


def is_whole_number(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an ``int`` and not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_text(value: object, what: str, *, empty: bool = False) -> str:
    """``value`` if it is a string of at most :data:`MAX_TEXT` characters that UTF-8 can encode.

    A wrong type raises :class:`ArgumentTypeError`, an empty, overlong or unencodable string
    (a lone surrogate) :class:`StateError`; ``what`` names the field.
    """
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{what} {value!r}: a string is needed, not {type(value).__name__}", rule=())
    if not value and not empty:
        raise StateError(f"{what} {value!r}: a non-empty string is needed")
    if len(value) > MAX_TEXT:
        raise StateError(f"{what} {value[:20]!r}...: at most {MAX_TEXT} characters")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise StateError(f"{what} {value!r}: holds a lone surrogate, which no file can hold") from None
    return value


def check_flag(value: object, what: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (``"no"`` is not a flag)."""
    if not isinstance(value, bool):
        raise ArgumentTypeError(
            f"{what} {value!r}: True or False is needed, not {type(value).__name__}", rule=()
        )
    return value


__all__ = ["MAX_TEXT", "check_flag", "check_text", "is_whole_number", "whole_number"]
