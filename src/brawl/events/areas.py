"""Events of walls and auras that last: raised, landing their timed effects, ended (R-AREA-8..12)."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite
from brawl.geometry import Pos

LASTS = {
    "end_of_turn": "until the end of its maker's turn",
    "start_of_turn": "until the start of its maker's next turn",
    "end_of_round": "until the end of the round",
    "end_of_encounter": "until the end of the encounter",
}
"""Each duration of a lasting area in words (R-AREA-8)."""


@attrs.frozen(kw_only=True)
class AreaRaised(Event):
    """A wall or an aura an ability made now lasts; a wall's squares changed as ``kind`` says:
    ``"solid"`` (blocks movement and line of effect), ``"damaging"``, ``"concealing"`` or
    ``"open"`` (the map unchanged) (R-AREA-8..10)."""

    creature: str
    """Its maker."""
    ability: str
    shape: str
    """``"wall"`` or ``"aura"``."""
    duration: str
    """One of :data:`brawl.creature.AREA_DURATIONS`."""
    kind: str = "open"
    squares: tuple[Pos, ...] = ()
    """A wall's squares; an aura's follow its maker."""
    radius: int = 0
    turn_ends: int = 0
    """1: it lasts to the end of its maker's next turn, not this one."""

    def explain(self) -> str:
        where = (
            f" on {len(self.squares)} square{'s' if len(self.squares) != 1 else ''} ({self.kind})"
            if self.shape == "wall"
            else f" {self.radius} around {self.creature}"
        )
        lasts = LASTS.get(self.duration, self.duration)
        if self.turn_ends:
            lasts = "until the end of its maker's next turn"
        return f"{self.creature}'s {self.ability} ({self.shape}){where} lasts {lasts}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class AreaReached(Event):
    """A creature in a lasting wall or aura at the start or end of its turn (R-AREA-12), or entering
    it (R-AREA-10): the area's timed effect lands on it, its events following."""

    creature: str
    """The creature in the area."""
    maker: str
    ability: str
    shape: str
    when: str
    """``"start_of_turn"``, ``"end_of_turn"`` or ``"enter"``."""
    text: str = ""
    """The printed words of the timed effect."""

    def explain(self) -> str:
        moment = {"start_of_turn": "starts its turn in", "enter": "enters"}.get(self.when, "ends its turn in")
        return (
            f"{self.creature} {moment} {self.maker}'s {self.ability} ({self.shape}): "
            f"{self.text}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class AreaEnded(Event):
    """A lasting wall or aura ended; a wall's squares it still held (``squares``) are as they were
    before it (R-AREA-8, R-AREA-9)."""

    creature: str
    """Its maker."""
    ability: str
    shape: str
    reason: str = ""
    squares: tuple[Pos, ...] = ()

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        back = f", {len(self.squares)} squares as they were" if self.squares else ""
        return f"{self.creature}'s {self.ability} ({self.shape}) ends{why}{back}{cite(self.rules)}"


__all__ = ["LASTS", "AreaEnded", "AreaRaised", "AreaReached"]
