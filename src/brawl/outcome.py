"""``Outcome``: the new state and the events a rule produced (immutable state, pure rules)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from brawl.events.base import Event
from brawl.state import Encounter


def _events(value: Iterable[Event]) -> tuple[Event, ...]:
    return tuple(value)


_set = object.__setattr__


@attrs.frozen(init=False)
class Outcome:
    """A rule's result. Unpacks as ``state, events = outcome``."""

    state: Encounter
    """The encounter after the rule."""
    events: tuple[Event, ...] = attrs.field(default=(), converter=_events)
    """What happened, in order."""

    def __init__(self, state: Encounter, events: Iterable[Event] = ()) -> None:
        # attrs' own __init__ of a frozen record, written out: every rule makes several outcomes
        _set(self, "state", state)
        _set(self, "events", tuple(events))

    def __iter__(self) -> Iterator[Any]:
        yield self.state
        yield self.events

    def then(self, rule: Callable[..., Outcome], *args: Any, **kwargs: Any) -> Outcome:
        """Apply another rule to this state and join the events: ``out.then(brawl.fall, "kira")``."""
        nxt = rule(self.state, *args, **kwargs)
        if type(nxt) is Outcome:
            if not self.events:
                return nxt
            if not nxt.events:  # the same events: this outcome, if the state is the same too
                return self if nxt.state is self.state else Outcome(nxt.state, self.events)
        return Outcome(nxt.state, self.events + nxt.events)

    def add(self, *events: Event, state: Encounter | None = None) -> Outcome:
        """This outcome with more events (and optionally a newer state)."""
        return Outcome(self.state if state is None else state, self.events + events)


def unchanged(state: Encounter) -> Outcome:
    """An outcome that changes nothing."""
    return Outcome(state, ())
