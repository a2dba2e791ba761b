"""Events of power rolls and saving throws (RB2-SAVE, RB3-EDGES; DS-TURN-13)."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite


@attrs.frozen(kw_only=True)
class PowerRolled(Event):
    """A power roll: 2d10 + characteristic + bonuses, edges and banes, and its tier (RB3-EDGES)."""

    purpose: str
    """What the roll was for ("Grab", "Might test")."""
    dice: tuple[int, int]
    """The two d10 faces."""
    characteristic: int
    bonus: int = 0
    """Bonuses and penalties, added before edges and banes."""
    edges: int = 0
    """Edges counted (0..2)."""
    banes: int = 0
    """Banes counted (0..2)."""
    total: int = 0
    tier: int = 1
    automatic_tier: int | None = None
    """The automatic tier that applied, if any."""
    source: str = "rng"
    """Who rolled: "rng" or "caller"."""
    creature: str | None = None
    uses: str | None = None
    """The characteristic's name ("might", "agility", ...), when the roll uses one: a Might or
    Agility roll of a bleeding creature costs it Stamina (RB1-BLEEDING)."""

    @property
    def natural(self) -> int:
        """The two dice before any modifier."""
        return self.dice[0] + self.dice[1]

    def explain(self) -> str:
        who = f"{self.creature}: " if self.creature else ""
        parts = [f"{self.dice[0]} + {self.dice[1]} = {self.natural}", f"{self.characteristic:+d}"]
        if self.bonus:
            parts.append(f"{self.bonus:+d} bonus")
        net = self.edges - self.banes
        if net == 1:
            parts.append("edge +2")
        elif net == -1:
            parts.append("bane -2")
        elif net == 2:
            parts.append("double edge: tier +1")
        elif net == -2:
            parts.append("double bane: tier -1")
        how = ", ".join(parts)
        extra = ""
        if self.natural >= 19:
            extra = ", natural 19 or 20"
        if self.automatic_tier is not None:
            extra += f", automatic tier {self.automatic_tier}"
        return (
            f"{who}{self.purpose}: 2d10 {how} → total {self.total}, tier {self.tier}"
            f"{extra} ({self.source}){cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class SavingThrowMade(Event):
    """A saving throw: d10, the effect ends on the threshold (6) or higher (RB2-SAVE)."""

    creature: str
    against: str
    """The effect saved against ("slowed (save ends)")."""
    roll: int
    bonus: int = 0
    threshold: int = 6
    success: bool = False

    def explain(self) -> str:
        bonus = f" {self.bonus:+d}" if self.bonus else ""
        verdict = "succeeds" if self.success else "fails"
        return (
            f"{self.creature} saving throw against {self.against}: {self.roll}{bonus} "
            f"vs {self.threshold}+ {verdict}{cite(self.rules)}"
        )
