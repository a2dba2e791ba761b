"""Events of the Director's resources: villain actions, Malice features and their boosts, summons."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite


@attrs.frozen(kw_only=True)
class VillainActionUsed(Event):
    """A leader or solo used one of its villain actions, at the end of another creature's turn
    (RB-VILLAIN-02..04)."""

    creature: str
    ability: str
    round: int
    after: str | None = None
    """The creature whose turn just ended."""

    def explain(self) -> str:
        after = f" after {self.after}'s turn" if self.after else ""
        return (
            f"{self.creature} uses its villain action {self.ability}{after} "
            f"(its one for round {self.round}){cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class MaliceFeatureUsed(Event):
    """The Director spent Malice on a feature at the start of a creature's turn (RB-MALICE-04)."""

    creature: str
    feature: str
    cost: int
    left: int
    """The Director's Malice after paying."""
    detail: str = ""
    """What the feature does, in words (``+1 to its next potency``)."""

    def explain(self) -> str:
        detail = f": {self.detail}" if self.detail else ""
        return (
            f"the Director spends {self.cost} Malice on {self.feature} for {self.creature}{detail}, "
            f"{self.left} left{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class MaliceBoostUsed(Event):
    """A boost bought with Malice applied to the creature's ability (RB-MALICE-05, RB-MALICE-06)."""

    creature: str
    ability: str
    feature: str
    amount: int

    def explain(self) -> str:
        what = (
            f"+{self.amount} potency" if self.feature == "Brutal Effectiveness" else f"+{self.amount} damage"
        )
        return f"{self.feature} gives {self.creature}'s {self.ability} {what}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class Summoned(Event):
    """A creature summoned another onto the map (RB-SUMMON-01, RB-SUMMON-02)."""

    summoner: str
    creature: str
    right_after: bool = True
    """It takes its turn right after its summoner's (RB-SUMMON-01)."""

    def explain(self) -> str:
        after = f", to act right after {self.summoner}" if self.right_after else ""
        return f"{self.summoner} summons {self.creature}{after}{cite(self.rules)}"
