"""Events of damage and Stamina (DS-DMG, DS-STAM, DS-OBJ)."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite


@attrs.frozen(kw_only=True)
class Damaged(Event):
    """Damage dealt to a creature or an object, with every step of the pipeline (R-DMG-1)."""

    target: str
    base: int
    """Damage before anything (the ability's or rule's number)."""
    type: str | None = None
    """Damage type, None for untyped (DS-DMG-02)."""
    source: str | None = None
    """Who or what dealt it."""
    modifiers: tuple[str, ...] = ()
    """Labels of the caller's modifiers, in the order applied ("halved")."""
    after_modifiers: int = 0
    weakness: int = 0
    """The single highest applicable weakness (DS-DMG-11)."""
    after_weakness: int = 0
    immunity: int | str = 0
    """The single highest applicable immunity, or "all" (DS-DMG-07, DS-DMG-05)."""
    after_immunity: int = 0
    """The damage taken (DS-DMG-12)."""
    absorbed: int = 0
    """Taken by temporary Stamina first (DS-STAM-18)."""
    stamina_lost: int = 0
    stamina_before: int = 0
    stamina_after: int = 0
    is_object: bool = False
    """The target is an object (DS-OBJ-01)."""

    def explain(self) -> str:
        kind = f" {self.type}" if self.type else ""
        who = f"object {self.target}" if self.is_object else self.target
        parts = [f"{who} takes {self.base}{kind}"]
        if self.modifiers:
            parts.append(f"{', '.join(self.modifiers)} → {self.after_modifiers}")
        if self.weakness:
            parts.append(f"weakness {self.weakness} → {self.after_weakness}")
        if self.immunity:
            parts.append(f"immunity {self.immunity} → {self.after_immunity}")
        if self.absorbed:
            parts.append(f"{self.absorbed} absorbed by temporary Stamina")
        parts.append(f"{self.stamina_lost} Stamina lost, {self.stamina_before} → {self.stamina_after}")
        return " → ".join(parts) + cite(self.rules)


@attrs.frozen(kw_only=True)
class StaminaChanged(Event):
    """Stamina regained or lost other than by damage (healing, bleeding, a reduced maximum)."""

    creature: str
    before: int
    after: int
    reason: str = ""

    def explain(self) -> str:
        delta = self.after - self.before
        verb = "regains" if delta >= 0 else "loses"
        why = f" ({self.reason})" if self.reason else ""
        change = f"{self.before} → {self.after}"
        return f"{self.creature} {verb} {abs(delta)} Stamina{why}: {change}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class StaminaMaximumChanged(Event):
    """The Stamina maximum was reduced or restored (DS-DMG-13); Stamina is capped by it."""

    creature: str
    before: int
    after: int
    reason: str = ""

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.creature} Stamina maximum {self.before} → {self.after}{why}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class TemporaryStaminaChanged(Event):
    """Temporary Stamina gained, kept, used up or lost (DS-STAM-17..22)."""

    creature: str
    before: int
    after: int
    reason: str = ""

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.creature} temporary Stamina {self.before} → {self.after}{why}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class RecoverySpent(Event):
    """A Recovery was spent, or a Director creature regained a third of its maximum (DS-STAM-12)."""

    creature: str
    recoveries_before: int
    recoveries_after: int
    value: int
    """The Stamina the Recovery is worth (the recovery value, DS-STAM-02)."""
    reason: str = ""

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        if self.recoveries_before == self.recoveries_after:
            spent = "no Recovery to spend: regains a third of its Stamina maximum"
        else:
            spent = f"spends a Recovery ({self.recoveries_before} → {self.recoveries_after})"
        return f"{self.creature} {spent}, worth {self.value} Stamina{why}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class RecoveriesLost(Event):
    """An effect took Recoveries away, down to 0 at the least (DS-STAM-01, R-ABIL-14)."""

    creature: str
    amount: int
    """The Recoveries the effect takes (more than it has: it loses what it has)."""
    recoveries_before: int
    recoveries_after: int
    reason: str = ""

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return (
            f"{self.creature} loses {self.amount} Recover{'y' if self.amount == 1 else 'ies'} "
            f"({self.recoveries_before} → {self.recoveries_after}){why}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class BecameWinded(Event):
    """Stamina fell to the winded value or below (DS-STAM-04)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} is winded{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class NoLongerWinded(Event):
    """Stamina rose above the winded value (DS-STAM-04)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} is no longer winded{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class BecameDying(Event):
    """A hero's Stamina fell to 0 or below (DS-STAM-06)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} is dying{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class NoLongerDying(Event):
    """A dying hero's Stamina rose above 0 (DS-STAM-06, DS-STAM-07)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} is no longer dying{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class Died(Event):
    """A creature died (DS-STAM-08, DS-STAM-10, DS-STAM-14)."""

    creature: str
    cause: str = ""

    def explain(self) -> str:
        why = f" ({self.cause})" if self.cause else ""
        return f"{self.creature} dies{why}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class KnockedOut(Event):
    """Damage that would kill knocked the creature unconscious instead (DS-STAM-13, R-STAM-4)."""

    creature: str
    by: str | None = None

    def explain(self) -> str:
        who = f" by {self.by}" if self.by else ""
        return f"{self.creature} is knocked unconscious{who} instead of killed{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class Woke(Event):
    """A knocked-out creature is no longer unconscious (DS-STAM-15, DS-STAM-16)."""

    creature: str
    stamina_before: int
    stamina_after: int

    def explain(self) -> str:
        return (
            f"{self.creature} wakes up with {self.stamina_after} Stamina (was {self.stamina_before}); "
            f"it can stand up from prone as a free maneuver{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class ObjectDestroyed(Event):
    """An object's Stamina reached 0 (DS-OBJ-01)."""

    object: str

    def explain(self) -> str:
        return f"object {self.object} is destroyed{cite(self.rules)}"
