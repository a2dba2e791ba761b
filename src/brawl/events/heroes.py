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


@attrs.frozen(kw_only=True)
class SurgesGained(Event):
    """A hero gains surges: from an ability or feature, or a hero token (RB-SURGE-01, RB-TOKEN-07)."""

    creature: str
    amount: int
    total: int

    def explain(self) -> str:
        return f"{self.creature} gains {self.amount} surges ({self.total} in all){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class SurgesSpent(Event):
    """A hero spends surges on one target: extra damage (RB-SURGE-02) or a potency raised by 1
    (RB-SURGE-03)."""

    creature: str
    amount: int
    left: int
    target: str
    purpose: str
    """``"damage"`` or ``"potency"``."""
    bonus: int
    """The extra damage, or the potency's raise (1)."""

    def explain(self) -> str:
        what = f"+{self.bonus} damage" if self.purpose == "damage" else f"potency +{self.bonus}"
        return (
            f"{self.creature} spends {self.amount} surges on {self.target}: {what} ({self.left} left)"
            f"{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class SurgesLost(Event):
    """A hero's unspent surges are lost at the end of combat (RB-SURGE-04)."""

    creature: str
    amount: int

    def explain(self) -> str:
        return f"{self.creature} loses {self.amount} unspent surges{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class HeroTokensSpent(Event):
    """Hero tokens spent from the party's pool for one benefit (RB-TOKEN-01..03, RB-TOKEN-07..09)."""

    creature: str
    amount: int
    left: int
    """The party's pool after the spending."""
    benefit: str
    """What it buys, in words."""

    def explain(self) -> str:
        return (
            f"{self.creature} spends {self.amount} hero token{'s' if self.amount != 1 else ''}: "
            f"{self.benefit} ({self.left} left){cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class HeroTokensAwarded(Event):
    """The Director awards the party hero tokens (RB-TOKEN-06)."""

    amount: int
    total: int
    reason: str = ""

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"the party gains {self.amount} hero tokens{why}, {self.total} in all{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ReturnedToLife(Event):
    """A dead troubadour holding 30 drama or more returns to life with 1 Stamina and 0 drama (RB-HR-17)."""

    creature: str
    stamina: int
    held: int
    """The drama it held, all gone."""

    def explain(self) -> str:
        return (
            f"{self.creature} returns to life with {self.stamina} Stamina and 0 drama (it held {self.held})"
            f"{cite(self.rules)}"
        )
