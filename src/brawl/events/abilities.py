"""Events of abilities: the use, its cost, each target's tier, each potency check and the text
the engine leaves to the table (RB3-TIERS, RB3-MULTI, RB2-POTENCY; R-ABIL, R-AREA)."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite
from brawl.geometry import Pos


@attrs.frozen(kw_only=True)
class AbilityUsed(Event):
    """A creature uses an ability: its chosen targets, or its area and the squares (R-ABIL-1, R-AREA-7)."""

    user: str
    ability: str
    action_type: str
    targets: tuple[str, ...] = ()
    """The creatures and objects the ability affects, in the order they are resolved."""
    area: str | None = None
    """The area's shape ("burst", "cube"...), None for chosen targets."""
    origin: Pos | None = None
    """The area's origin square (a cube's lowest corner, a line's first square)."""
    squares: tuple[Pos, ...] = ()
    """The squares the area holds (R-AREA-7), by z, then y, then x; empty for chosen targets."""

    def explain(self) -> str:
        where = f" ({self.area}, {len(self.squares)} squares)" if self.area else ""
        who = ", ".join(self.targets) or "no target"
        return f"{self.user} uses {self.ability} ({self.action_type}){where} on {who}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ResourceSpent(Event):
    """An ability's cost paid: Heroic Resource or Malice (DS-SIDE-04, RB6-MALICE)."""

    user: str
    ability: str
    resource: str
    amount: int
    left: int
    named: str = ""
    """The Heroic Resource's name by the user's class (``"wrath"``, RB-HR-01); empty: ``resource``."""

    def explain(self) -> str:
        return (
            f"{self.user} spends {self.amount} {self.named or self.resource} on {self.ability} "
            f"({self.left} left){cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class ResourceGained(Event):
    """A hero gains Heroic Resource: its Victories as combat starts (RB-HR-04), its gain at the start
    of each of its turns (R-ABIL-13)."""

    creature: str
    amount: int
    total: int
    """The Heroic Resource after the gain."""
    resource: str = ""
    """The resource's name by the hero's class (``"wrath"``, RB-HR-01); empty: "Heroic Resource"."""

    def explain(self) -> str:
        what = self.resource or "Heroic Resource"
        return f"{self.creature} gains {self.amount} {what} ({self.total} in all){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ResourceRefunded(Event):
    """A cost given back: the ability did nothing but a potency effect every target resisted (RB2-POTENCY)."""

    user: str
    ability: str
    resource: str
    amount: int
    total: int
    """The resource after the refund."""

    def explain(self) -> str:
        return (
            f"{self.user} keeps the {self.amount} {self.resource} spent on {self.ability}: every target "
            f"resisted its only effect ({self.total} in all){cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class TierReached(Event):
    """The tier one target gets from the one roll, after its own edges and banes (RB3-MULTI),
    and the tier the roller takes (a lower one if it chooses, RB3-DOWNGRADE)."""

    user: str
    ability: str
    target: str
    rolled: int
    """The tier the roll gives against this target."""
    tier: int
    """The tier applied (the roller may take a lower one)."""
    text: str = ""
    """The tier's printed text."""

    def explain(self) -> str:
        lower = f" (takes tier {self.tier})" if self.tier != self.rolled else ""
        head = f"{self.ability} against {self.target}: tier {self.rolled}{lower}"
        return f"{head}: {self.text!r}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class PotencyChecked(Event):
    """A potency check: the effect applies only if the target's score is below the potency (RB2-POTENCY)."""

    user: str
    target: str
    characteristic: str
    score: int
    """The target's score in the characteristic."""
    potency: int
    """The potency's number (a word worked out from the user's highest characteristic)."""
    printed: str
    """The potency as printed ("A < average")."""
    applies: bool
    effect: str = ""
    """The effect behind the potency, printed."""

    def explain(self) -> str:
        verdict = "applies" if self.applies else "resisted"
        return (
            f"{self.printed} against {self.target}: {self.characteristic} {self.score} "
            f"{'<' if self.applies else '>='} {self.potency}, {self.effect!r} {verdict}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class EffectForTable(Event):
    """Text of an ability the engine cannot resolve, reported for the table to apply (R-ABIL-4)."""

    user: str
    ability: str
    text: str
    target: str | None = None
    """The target it concerns, if it comes from a tier."""

    def explain(self) -> str:
        on = f" on {self.target}" if self.target else ""
        return f"{self.ability}{on}, for the table: {self.text!r}{cite(self.rules)}"


__all__ = ["AbilityUsed", "EffectForTable", "PotencyChecked", "ResourceSpent", "TierReached"]
