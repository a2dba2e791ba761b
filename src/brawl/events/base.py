"""The event base class: every event is a frozen record that cites the rules behind it.

Each rules area defines its events in its own module of this package; every subclass registers
itself by class name so that JSON can save and load an event log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

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


def maker(cls: type[_E]) -> Callable[..., _E]:
    """A function building an event of class ``cls`` from the same keywords as ``cls(...)``, with
    the same defaults and the same result, for a hot path.

    An event's fields are plain values with no converter, validator or check after, so nothing is
    lost by assigning them as plain attributes to a draft of the class (an instance of a subclass
    adding no slot, whose ``__setattr__`` is Python's own), which then becomes a ``cls`` by
    ``out.__class__ = cls``: fewer steps than the frozen class's ``__init__``, which sets each
    field through ``object.__setattr__``. The function is written out once, one assignment per field.
    """
    fields = attrs.fields(cls)
    if (
        "__slots__" not in vars(cls)
        or hasattr(cls, "__attrs_post_init__")
        or any(
            f.converter is not None
            or f.validator is not None
            or not f.init
            or isinstance(f.default, _FACTORY)
            for f in fields
        )
    ):
        raise TypeError(f"{cls.__name__}: an event of plain fields is needed")
    if any(f.name.startswith("_m_") or f.alias != f.name for f in fields):
        raise TypeError(f"{cls.__name__}: a field's keyword is not its name, or starts with '_m_'")
    draft = type(
        f"{cls.__name__}Made",
        (cls,),
        {
            "__slots__": (),
            "__module__": cls.__module__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            DRAFT_OF: cls,
        },
    )
    defaults = {f.name: f.default for f in fields if f.default is not attrs.NOTHING}
    # the helpers' names start with "_m_", which no field's does: a field may be called "new"
    params = ", ".join(f"{f.name}=_m_defaults[{f.name!r}]" if f.name in defaults else f.name for f in fields)
    lines = [f"def make(*, {params}):", "    _m_out = _m_new(_m_draft)"]
    lines += [f"    _m_out.{f.name} = {f.name}" for f in fields]
    lines += ["    _m_out.__class__ = _m_cls", "    return _m_out"]
    space: dict[str, Any] = {
        "_m_new": object.__new__,
        "_m_draft": draft,
        "_m_cls": cls,
        "_m_defaults": defaults,
    }
    exec(compile("\n".join(lines), f"<maker of {cls.__qualname__}>", "exec"), space)
    return space["make"]  # type: ignore[no-any-return]  # written out above


def cite(rules: tuple[str, ...]) -> str:
    """`` (DS-DMG-10, DS-DMG-12)`` or the empty string."""
    return f" ({', '.join(rules)})" if rules else ""


def uncited(line: str, rules: tuple[str, ...]) -> str:
    """``line`` without the :func:`cite` of ``rules`` it ends with, if it ends with it."""
    suffix = cite(rules)
    return line[: -len(suffix)] if suffix and line.endswith(suffix) else line


_E = TypeVar("_E", bound=Event)
_FACTORY: type = type(attrs.Factory(list))
"""The class of an attrs default made by a factory."""


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
