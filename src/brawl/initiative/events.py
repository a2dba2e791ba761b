"""Events of the initiative game's held actions: declared, triggered, used, wasted (I-HOLD-01..04)."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite

__all__ = ["HeldActionDeclared", "HeldActionLost", "HeldActionTriggered", "HeldActionUsed"]


@attrs.frozen(kw_only=True)
class HeldActionDeclared(Event):
    """A character held its Action or Fast Action with a trigger (I-HOLD-01, I-HOLD-02)."""

    creature: str
    held: str
    action: str
    trigger: str

    def explain(self) -> str:
        return (
            f"{self.creature} holds its {self.held} ({self.action}) until: {self.trigger}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class HeldActionTriggered(Event):
    """A held action's trigger occurred: the holder may act at once (I-HOLD-03)."""

    creature: str
    trigger: str

    def explain(self) -> str:
        return f"{self.trigger!r} happened: {self.creature} may use its held action{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class HeldActionUsed(Event):
    """A held action was used out of sequence (I-HOLD-03)."""

    creature: str
    held: str
    action: str
    trigger: str

    def explain(self) -> str:
        return f"{self.creature} uses its held {self.held} ({self.action}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class HeldActionLost(Event):
    """A held action was not used before the holder's next turn and is wasted (I-HOLD-04)."""

    creature: str
    held: str
    action: str
    trigger: str

    def explain(self) -> str:
        return f"{self.creature}'s held {self.held} ({self.action}) is wasted{cite(self.rules)}"
