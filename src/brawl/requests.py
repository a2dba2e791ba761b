"""Requests: every rule call that carries a choice, as one frozen record.

A request is what a rule takes, what :func:`brawl.apply` resolves and what an action log saves:
the same record, whole. Each rule module defines the requests of its rules next to them; a
subclass registers by class name, so JSON finds it again. ``resolve`` runs the rule alone;
:func:`brawl.apply` runs it and then settles its consequences.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any, ClassVar

import attrs

from brawl.fields import DRAFT_OF
from brawl.outcome import Outcome
from brawl.state import Encounter


@attrs.frozen
class Action:
    """Base class of the requests: a rule call as data. Subclasses register by class name."""

    registry: ClassVar[dict[str, type[Action]]] = {}
    """The request classes by name; a private name or a class that sets ``base = True`` stays out."""
    base: ClassVar[bool] = False
    """True in the class body of a shared base of requests, which is no request itself."""
    cost: ClassVar[str | None] = None
    """What the request spends from its actor's turn when called on that turn: ``"main"``,
    ``"maneuver"``, ``"free maneuver"``, ``"move"`` (the move action and all it grants) or
    ``"movement"`` (the path's cost from the movement left, the move action first if none is
    left); None: nothing (DS-TURN-01..03, DS-TURN-09)."""
    actor: ClassVar[str] = "creature"
    """The name of the field naming the creature that acts."""

    @classmethod
    def cost_in(cls, state: Encounter, fields: Mapping[str, Any]) -> str | None:
        """What the request with these fields costs in ``state`` (by default :attr:`cost`)."""
        return cls.cost

    @classmethod
    def actor_in(cls, fields: Mapping[str, Any]) -> object:
        """Who acts in the request with these fields (by default the field :attr:`actor` names)."""
        return fields.get(cls.actor)

    def fields(self) -> dict[str, Any]:
        """The record's fields by name, as the rule call's arguments (the names read once per class)."""
        kind = type(self)
        found = _FIELD_NAMES.get(kind)
        if found is None:
            names = tuple(f.name for f in attrs.fields(kind)) if attrs.has(kind) else ()
            found = _FIELD_NAMES[kind] = (names, attrgetter(*names) if len(names) > 1 else None)
        names, values = found
        if values is None:  # one field or none: attrgetter gives no tuple
            return {name: getattr(self, name) for name in names}
        return dict(zip(names, values(self), strict=True))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # a draft copy (brawl.fields.copier) is no kind of action
        if (
            not cls.__name__.startswith("_")
            and not cls.__dict__.get("base", False)
            and DRAFT_OF not in vars(cls)
        ):
            Action.registry[cls.__name__] = cls

    def resolve(self, state: Encounter) -> Outcome:
        """Run the rule on ``state`` (its consequences are settled by :func:`brawl.apply`)."""
        raise NotImplementedError

    def verify(self, state: Encounter) -> None:
        """Raise the :class:`~brawl.errors.RulesError` the rule would raise, by cheap checks alone.

        Every request defines its own: its rule's ``verify_x``, never a trial run of the rule.
        """
        raise NotImplementedError


_FIELD_NAMES: dict[type[Action], tuple[tuple[str, ...], Callable[[Action], tuple[Any, ...]] | None]] = {}
"""By request class: its field names, and a getter of their values (None for fewer than two)."""


__all__ = ["Action"]
