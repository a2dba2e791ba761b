"""The events of the heroes' resources: Victories and respites (RB-HR-08), surges (RB-SURGE-01..04),
hero tokens (RB-TOKEN-01..10) and the class triggers (RB-HR-09..17)."""

from __future__ import annotations

import attrs

from brawl.events.abilities import ResourceGained
from brawl.events.base import Event, cite


@attrs.frozen(kw_only=True)
class VictoriesEarned(Event):
    """A hero earns Victories; its heroic abilities may again be used outside combat (RB-EV-01, RB-HR-08)."""

    creature: str
    amount: int
    total: int

    def explain(self) -> str:
        return f"{self.creature} earns {self.amount} Victories ({self.total} in all){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class RespiteFinished(Event):
    """A hero finishes a respite: Stamina and Recoveries back to full, its heroic abilities again
    usable outside combat (RB-HR-08)."""

    creature: str
    stamina: int
    recoveries: int

    def explain(self) -> str:
        return (
            f"{self.creature} finishes a respite: Stamina {self.stamina}, {self.recoveries} Recoveries"
            f"{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class TriggeredGain(ResourceGained):
    """A hero gains Heroic Resource by one of its class's triggers (RB-HR-09..17)."""

    trigger: str = ""
    """Which trigger (``"damaged"``, ``"force-moved"``...): most pay once a round."""
    why: str = ""
    """What set it off, in words."""

    def explain(self) -> str:
        what = self.resource or "Heroic Resource"
        return (
            f"{self.creature} gains {self.amount} {what} ({self.total} in all): {self.why}{cite(self.rules)}"
        )
