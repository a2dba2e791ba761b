"""Events of conditions (RB1-CONDITIONS, RB2-EOT, RB2-SAVE; DS-COND)."""

from __future__ import annotations

import attrs

from brawl.conditions import Condition, NamedCondition, StabilityModifier
from brawl.events.base import Event, cite


@attrs.frozen(kw_only=True)
class ConditionGained(Event):
    """A condition was imposed; ``replaced`` holds an instance it replaced (one source at a time)."""

    creature: str
    condition: Condition
    replaced: Condition | None = None

    def explain(self) -> str:
        c = self.condition
        src = f" from {c.source}" if c.source else ""
        swap = f", replacing the one from {self.replaced.source}" if self.replaced else ""
        return f"{self.creature} is {c.name.value} ({c.duration.value}){src}{swap}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ConditionEnded(Event):
    """A condition ended; ``reason`` says how (EoT, saved, removed, teleported, ...)."""

    creature: str
    condition: Condition
    reason: str = ""

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.creature} is no longer {self.condition.name.value}{why}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class NamedConditionGained(Event):
    """An effect the nine conditions do not cover landed by name ("burning"); ``replaced`` holds the
    instance of the same name and source it replaced (R-ABIL-16)."""

    creature: str
    effect: NamedCondition
    replaced: NamedCondition | None = None

    def explain(self) -> str:
        e = self.effect
        src = f" from {e.source}" if e.source else ""
        return f"{self.creature} is {e.name} ({e.duration.value}){src}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class NamedConditionEnded(Event):
    """A named condition ended; ``reason`` says how (EoT, saved, end of encounter, removed)."""

    creature: str
    effect: NamedCondition
    reason: str = ""

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.creature} is no longer {self.effect.name}{why}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class StabilityModified(Event):
    """A stability penalty or bonus was imposed (DS-FORCE-16, DS-FORCE-18)."""

    creature: str
    modifier: StabilityModifier
    stability: int
    """The creature's stability after it, never below 0 (DS-FORCE-18)."""

    def explain(self) -> str:
        m = self.modifier
        src = f" from {m.source}" if m.source else ""
        return (
            f"{self.creature}'s stability {m.amount:+d} ({m.duration.value}){src}: "
            f"stability {self.stability}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class StabilityModifierEnded(Event):
    """A stability penalty or bonus ended; ``reason`` says how (EoT, end of round, removed, ...)."""

    creature: str
    modifier: StabilityModifier
    reason: str = ""
    stability: int = 0
    """The creature's stability after it ended."""

    def explain(self) -> str:
        return (
            f"{self.creature}'s stability {self.modifier.amount:+d} ends ({self.reason}): "
            f"stability {self.stability}{cite(self.rules)}"
        )
