"""The error hierarchy: one base class, illegal requests as ``ValueError`` subclasses.

Every :class:`RulesError` message names what was asked, why it is illegal and the rule ID,
for example ``push 'kira' 3 squares: 'kira' is restrained (RB1-RESTRAINED)``.
"""

from __future__ import annotations

from collections.abc import Sequence


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
