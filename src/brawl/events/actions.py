"""Events of the standard maneuvers and main actions (DS-ACT, DS-STRIKE, DS-EDGE-05..07)."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite


@attrs.frozen(kw_only=True)
class Struck(Event):
    """A free strike hit its target: the tier of the power roll and the damage it deals."""

    attacker: str
    target: str
    ranged: bool = False
    characteristic: str = "might"
    tier: int = 1
    damage: int = 0
    opportunity: bool = False

    def explain(self) -> str:
        kind = "ranged" if self.ranged else "melee"
        what = "opportunity attack" if self.opportunity else f"{kind} free strike"
        return (
            f"{self.attacker} makes a {what} against {self.target} ({self.characteristic}): "
            f"tier {self.tier}, {self.damage} damage{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class FreeStrikeOffered(Event):
    """A rule lets a creature make a melee free strike now (Grab, Escape Grab tier 2, climbing)."""

    attacker: str
    target: str
    reason: str

    def explain(self) -> str:
        what = f"{self.attacker} may make a melee free strike against {self.target}"
        return f"{what} ({self.reason}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ManeuverResolved(Event):
    """A maneuver's outcome by tier (Grab, Escape Grab, Knockback)."""

    creature: str
    maneuver: str
    tier: int
    target: str | None = None
    outcome: str = ""

    def explain(self) -> str:
        on = f" on {self.target}" if self.target else ""
        return f"{self.creature} uses {self.maneuver}{on}: tier {self.tier}, {self.outcome}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class EffectStarted(Event):
    """Aid Attack or Defend took effect (DS-ACT-03, DS-ACT-19)."""

    creature: str
    effect: str
    source: str

    def explain(self) -> str:
        return f"{self.creature} is {self.effect} (by {self.source}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class EffectEnded(Event):
    """Aid Attack or Defend ended: used up, or the start of its source's next turn."""

    creature: str
    effect: str
    source: str
    reason: str = ""

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.creature} is no longer {self.effect} (by {self.source}){why}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class HealGiven(Event):
    """A creature used the Heal main action on an adjacent creature (DS-ACT-22)."""

    healer: str
    target: str
    choice: str = "recovery"

    def explain(self) -> str:
        what = "spends a Recovery" if self.choice == "recovery" else "makes a saving throw"
        return f"{self.healer} uses Heal on {self.target}, who {what}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class Charged(Event):
    """A creature charged in a straight line before its free strike (DS-ACT-17, DS-ACT-18)."""

    creature: str
    squares: int
    target: str

    def explain(self) -> str:
        return f"{self.creature} charges {self.squares} square(s) at {self.target}{cite(self.rules)}"
