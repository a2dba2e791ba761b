"""The events of the heroes' resources: Victories and respites (RB-HR-08), surges (RB-SURGE-01..04),
hero tokens (RB-TOKEN-01..10) and the class triggers (RB-HR-09..17)."""

from __future__ import annotations

import attrs

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
