"""Events of minion squads and their captains (RB-SQUAD, RB-CAPT)."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite


@attrs.frozen(kw_only=True)
class SquadPoolChanged(Event):
    """A squad's shared Stamina pool lost Stamina; each minion's worth lost killed one minion
    (RB-SQUAD-03, RB-SQUAD-04, RB-SQUAD-06)."""

    squad: str
    before: int
    """The pool before: the sum of the living members' Stamina."""
    after: int
    """The pool after."""
    minion_stamina: int
    """One minion's Stamina: the pool loses a minion for each such amount."""
    hit: tuple[str, ...] = ()
    """The minions the damage reached."""
    died: tuple[str, ...] = ()
    """The minions removed, in the order chosen (RB-SQUAD-07, RB-SQUAD-09)."""

    def explain(self) -> str:
        died = f", {', '.join(self.died)} removed" if self.died else ""
        return (
            f"squad {self.squad}'s Stamina pool {self.before} → {self.after} "
            f"({self.minion_stamina} a minion){died}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class CaptainNamed(Event):
    """A creature became a squad's captain (RB-CAPT-01, RB-CAPT-02, RB-CAPT-06)."""

    captain: str
    squad: str

    def explain(self) -> str:
        return f"{self.captain} captains squad {self.squad}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class CaptainLost(Event):
    """A squad lost its captain; its minions lose their "With Captain" benefit (RB-CAPT-05, RB-CAPT-06)."""

    captain: str
    squad: str

    def explain(self) -> str:
        return f"squad {self.squad} loses its captain {self.captain}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class SquadAttacked(Event):
    """A squad's signature ability: one roll, one instance on each target, each extra minion
    attacking a target adding its free strike value, up to three on one target (RB-SQUAD-15..17)."""

    squad: str
    ability: str
    attackers: tuple[str, ...]
    """Every minion that took part."""
    extra: tuple[tuple[str, int], ...] = ()
    """Each target and the damage the extra minions on it added."""

    def explain(self) -> str:
        extra = "".join(f", +{n} on {t}" for t, n in self.extra if n)
        who = ", ".join(self.attackers)
        return f"squad {self.squad} uses {self.ability} with {who}{extra}{cite(self.rules)}"


__all__ = ["CaptainLost", "CaptainNamed", "SquadAttacked", "SquadPoolChanged"]
