"""The event base class: every event is a frozen record that cites the rules behind it.

Each rules area defines its events in its own module of this package; every subclass registers
itself by class name so that JSON can save and load an event log.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from brawl.errors import ArgumentTypeError
from brawl.fields import DRAFT_OF


@attrs.frozen(kw_only=True)
class Event:
    """Something a rule did. ``rules`` holds the rule and ruling IDs that produced it."""

    registry: ClassVar[dict[str, type[Event]]] = {}

    rules: tuple[str, ...] = ()
    """Rule IDs (DS-FALL-01) and ruling IDs (R-FALL-1) behind this event."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if DRAFT_OF not in vars(cls):  # a draft copy (brawl.fields.copier) is no kind of event
            Event.registry[cls.__name__] = cls

    def explain(self) -> str:
        """One readable line: what happened, with the rule IDs."""
        fields = ", ".join(
            f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)) if a.name != "rules"
        )
        return f"{type(self).__name__}({fields}){cite(self.rules)}"

    def plain(self) -> str:
        """The line of :meth:`explain` for people at the table: without the rule IDs."""
        return uncited(self.explain(), self.rules)

    def __str__(self) -> str:
        return self.explain()


def cite(rules: tuple[str, ...]) -> str:
    """`` (DS-DMG-10, DS-DMG-12)`` or the empty string."""
    return f" ({', '.join(rules)})" if rules else ""


def uncited(line: str, rules: tuple[str, ...]) -> str:
    """``line`` without the :func:`cite` of ``rules`` it ends with, if it ends with it."""
    suffix = cite(rules)
    return line[: -len(suffix)] if suffix and line.endswith(suffix) else line


@attrs.frozen(kw_only=True)
class Note(Event):
    """A remark in the log that changes nothing (a ruling applied, a choice made)."""

    text: str

    def explain(self) -> str:
        return f"{self.text}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class DiceRolled(Event):
    """A die roll, from the caller (``source="caller"``) or the state's RNG (``"rng"``)."""

    purpose: str
    """What the roll was for: "saving throw", "d10 for who goes first", "bleeding 1d6"."""
    dice: str
    """The dice: "2d10", "d10", "1d6"."""
    values: tuple[int, ...]
    """Each die's face."""
    source: str = "rng"
    """Who rolled: "rng" or "caller"."""
    creature: str | None = None
    """The creature the roll belongs to, if any."""

    def explain(self) -> str:
        who = f"{self.creature}: " if self.creature else ""
        faces = " + ".join(str(v) for v in self.values)
        total = sum(self.values)
        shown = f"{faces} = {total}" if len(self.values) > 1 else faces
        return f"{who}{self.purpose}: {self.dice} rolled {shown} ({self.source}){cite(self.rules)}"


def explain(events: Event | tuple[Event, ...] | list[Event], *, rules: bool = True) -> str:
    """A readable account of events, one line each.

    ``rules=False`` gives the plain form for people (:meth:`Event.plain`): the same lines without
    the rule IDs, and without an event's details that the next line repeats.
    """
    if isinstance(events, Event):
        items: tuple[Event, ...] = (events,)
    elif isinstance(events, (tuple, list)) and all(isinstance(e, Event) for e in events):
        items = tuple(events)
    else:
        raise ArgumentTypeError(
            f"explain(events={events!r}): an Event or a list of Events is needed", rule=()
        )
    if not isinstance(rules, bool):
        raise ArgumentTypeError(f"explain(rules={rules!r}): True or False is needed", rule=())
    return "\n".join(e.explain() if rules else e.plain() for e in items)
