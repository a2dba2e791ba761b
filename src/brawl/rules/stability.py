"""Stability penalties and bonuses: imposing them, ending them (DS-FORCE-16, DS-FORCE-18).

A creature's stability is its base :attr:`~brawl.creature.Creature.stability` plus every
:class:`~brawl.conditions.StabilityModifier` on it, never below 0 however large the penalties
(DS-FORCE-18): :attr:`~brawl.creature.Creature.effective_stability`, what forced movement uses.
A modifier ends like a condition of the same duration: the turn and encounter hooks of
:mod:`brawl.rules.phases` call :func:`end_stability_modifiers`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

import attrs

from brawl.conditions import Duration, StabilityModifier
from brawl.errors import ConditionError, StateError
from brawl.events.base import Event
from brawl.events.conditions import StabilityModified, StabilityModifierEnded
from brawl.fields import ident, ids, replaced, text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter


def _duration(value: Duration | str) -> str:
    return value.value if isinstance(value, Duration) else value


def _rules(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "rules")


@attrs.frozen
class ModifyStability(Action):
    """Impose a stability penalty (``amount`` < 0) or bonus (``amount`` > 0) (DS-FORCE-16, DS-FORCE-18).

    Modifiers add up with the base and the result never goes below 0 (DS-FORCE-18): stability
    1 with a penalty of 3 is stability 0, not -2; a bonus of 2 on top makes it max(0, 1 - 3 + 2) = 0.
    It ends like a condition of the same ``duration`` (:mod:`brawl.rules.phases`).
    """

    creature: str = attrs.field(validator=ident("DS-FORCE-18"))
    """The creature whose stability changes."""
    amount: int = attrs.field(validator=whole("DS-FORCE-18"))
    """Squares added to its stability: negative for a penalty, positive for a bonus; not 0."""
    duration: str = attrs.field(
        default=Duration.UNTIL_REMOVED.value, converter=_duration, validator=text("RB2-EOT")
    )
    """How long it lasts: ``"eot"``, ``"end_of_round"``, ``"end_of_encounter"`` or ``"until_removed"``."""
    source: str | None = attrs.field(default=None, validator=text("DS-FORCE-18", optional=True))
    """Who or what imposes it."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause, cited by the event."""

    def verify(self, state: Encounter) -> None:
        """Raise for an unknown or dead creature, an amount of 0 or a duration it can't have (DS-FORCE-18)."""
        c = state.creature(self.creature)
        _modifier(self)
        if c.dead:
            raise ConditionError(
                f"stability modifier on {self.creature!r}: the creature is dead", rule="DS-STAM-09"
            )

    def resolve(self, state: Encounter) -> Outcome:
        """Impose the modifier (DS-FORCE-18)."""
        return _modify(state, self)


def _modifier(request: ModifyStability) -> StabilityModifier:
    try:
        return StabilityModifier(request.amount, Duration(request.duration), request.source)
    except (StateError, ValueError) as exc:
        raise ConditionError(
            f"stability modifier on {request.creature!r}: {exc}", rule=("DS-FORCE-18", "RB2-EOT")
        ) from None


def _modify(state: Encounter, request: ModifyStability) -> Outcome:
    request.verify(state)
    c = state.creature(request.creature)
    mod = _modifier(request)
    new = attrs.evolve(c, stability_modifiers=(*c.stability_modifiers, mod))
    cited = tuple(dict.fromkeys((*request.rules, "DS-FORCE-16", "DS-FORCE-18")))
    event = StabilityModified(creature=c.id, modifier=mod, stability=new.effective_stability, rules=cited)
    return Outcome(state.with_creature(new), (event,))


@attrs.frozen
class RemoveStabilityModifier(Action):
    """End the creature's stability modifiers, only those of ``source`` if given (DS-FORCE-18)."""

    creature: str = attrs.field(validator=ident("DS-FORCE-18"))
    """The creature that loses them."""
    source: str | None = attrs.field(default=None, validator=text("DS-FORCE-18", optional=True))
    """Only those from this source; None: every one."""
    reason: str = attrs.field(default="removed", validator=text("DS-FORCE-18"))
    """Why they end, for the events."""

    def verify(self, state: Encounter) -> None:
        """Raise the :class:`~brawl.errors.RulesError` for an unknown creature."""
        state.creature(self.creature)

    def resolve(self, state: Encounter) -> Outcome:
        """End them (DS-FORCE-18)."""
        self.verify(state)
        source = self.source
        return _end(state, self.creature, lambda m: source is None or m.source == source, self.reason, ())


def end_stability_modifiers(
    state: Encounter, creature: str, durations: Collection[Duration], reason: str, rules: tuple[str, ...]
) -> Outcome:
    """End the modifiers of these durations: the hook of the turn, round and encounter ends."""
    return _end(state, creature, lambda m: m.duration in durations, reason, rules)


def _end(
    state: Encounter,
    creature: str,
    ends: Callable[[StabilityModifier], bool],
    reason: str,
    rules: tuple[str, ...],
) -> Outcome:
    c = state.creature(creature)
    ended = [m for m in c.stability_modifiers if ends(m)]
    if not ended:
        return Outcome(state, ())
    new = replaced(c, stability_modifiers=tuple(m for m in c.stability_modifiers if not ends(m)))
    events: list[Event] = [
        StabilityModifierEnded(
            creature=c.id, modifier=m, reason=reason, stability=new.effective_stability, rules=rules
        )
        for m in ended
    ]
    return Outcome(state.with_creature(new), tuple(events))


__all__ = [
    "ModifyStability",
    "RemoveStabilityModifier",
    "end_stability_modifiers",
]
