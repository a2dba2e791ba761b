"""The error hierarchy: one base class, illegal requests as ``ValueError`` subclasses.

Every :class:`RulesError` message names what was asked, why it is illegal and the rule ID,
for example ``push 'kira' 3 squares: 'kira' is restrained (RB1-RESTRAINED)``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence


class BrawlError(Exception):
    """Base class of every error that brawl raises on purpose."""


class RulesError(BrawlError, ValueError):
    """An illegal request: the rules forbid what was asked.

    ``rules`` holds the rule IDs that forbid it; they are appended to the message.
    """

    rules: tuple[str, ...]

    def __init__(self, message: str, *, rule: str | Sequence[str]) -> None:
        self.rules = (rule,) if isinstance(rule, str) else tuple(rule)
        self.reason = message
        super().__init__(f"{message} ({', '.join(self.rules)})" if self.rules else message)


class UnknownCreatureError(RulesError):
    """A creature or object id that the encounter does not hold."""


class InvalidArgumentError(RulesError):
    """An argument outside the range the rules allow (a negative distance, a bad path)."""


class ArgumentTypeError(InvalidArgumentError, TypeError):
    """An argument of the wrong Python type (a float where a whole number goes, a dict for an id).

    It is a :class:`TypeError` as well as an :class:`InvalidArgumentError`, and its message names
    the argument and the type expected.
    """


class IllegalMoveError(RulesError):
    """A willing move, shift, jump, climb or teleport that the movement rules forbid."""


class IllegalForcedMoveError(RulesError):
    """A push, pull or slide that the forced-movement rules forbid."""


class ActionUnavailableError(RulesError):
    """An action, maneuver or triggered action the creature may not take now."""


class ConditionError(RulesError):
    """A condition that cannot be added, removed or ended as asked."""


class TurnOrderError(RulesError):
    """A turn started, ended or skipped out of the order the turn system allows."""


class StateError(BrawlError, ValueError):
    """An inconsistent state: overlapping creatures, a creature in a wall, Stamina above maximum."""


class ScenarioError(BrawlError, ValueError):
    """A malformed scenario file or JSON document, with the line and column or the field."""

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
        source: str | None = None,
    ) -> None:
        self.line = line
        self.column = column
        self.field = field
        self.source = source
        where = []
        if source:
            where.append(source)
        if line is not None:
            where.append(f"line {line}" + (f", column {column}" if column is not None else ""))
        if field:
            where.append(f"field {field!r}")
        prefix = ": ".join([", ".join(where)]) + ": " if where else ""
        self.reason = message
        super().__init__(prefix + message)


# --- pieces of messages ---------------------------------------------------------------------------
MAX_SHOWN = 60
"""Characters of a value's repr quoted in a message before it is cut."""


def shown(value: object) -> str:
    """A value as a message quotes it: a string's repr, a record with an ``id`` by its type and
    id (``Creature 'kira'``) rather than its whole repr, anything else cut to :data:`MAX_SHOWN`."""
    if isinstance(value, str):
        return repr(value)
    ident = getattr(value, "id", None)
    if isinstance(ident, str):
        return f"{type(value).__name__} {ident!r}"
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def id_hint(value: object) -> str:
    """``"; pass its id, 'kira'"`` when ``value`` is a record passed where its id is wanted, else ``""``."""
    ident = getattr(value, "id", None)
    if not isinstance(value, str) and isinstance(ident, str):
        return f"; pass its id, {ident!r}, not the {type(value).__name__}"
    return ""


def did_you_mean(value: object, known: Iterable[str]) -> str:
    """``"; did you mean 'kira'?"`` naming the closest of ``known`` (difflib), or ``""``."""
    if not isinstance(value, str):
        return ""
    close = difflib.get_close_matches(value, list(known), n=1, cutoff=0.6)
    if not close and value.lower() != value:
        close = difflib.get_close_matches(value.lower(), list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def not_one_of(value: object, known: Iterable[str]) -> str:
    """``"not one of a, b, c; did you mean 'b'?"``: the valid names and the closest one."""
    names = list(known)
    return f"not one of {', '.join(names)}{did_you_mean(value, names)}"


def whose_turn(creature: str, current: str | Sequence[str] | None) -> str:
    """Why ``creature`` can't act on its own turn now: whose turn it is instead, or nobody's."""
    acting = (current,) if isinstance(current, str) else tuple(current or ())
    if not acting:
        return f"it is not {creature!r}'s turn: no creature is taking a turn"
    if creature in acting:
        return f"{creature!r} has no turn under way to act in"
    return f"it is {' and '.join(repr(c) for c in acting)}'s turn, not {creature!r}'s"
