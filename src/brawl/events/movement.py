"""Events of willing movement, jumps, teleports, standing and digging (DS-MOVE, DS-MTYPE, DS-TELE)."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite, maker
from brawl.geometry import Pos


def _squares(n: int) -> str:
    return f"{n} square" if n == 1 else f"{n} squares"


def _at(p: Pos) -> str:
    return f"({p[0]}, {p[1]}, {p[2]})"


@attrs.frozen(kw_only=True)
class Moved(Event):
    """A willing move along a path: every square entered and what each step cost (R-MOVE-1, R-MOVE-2)."""

    creature: str
    mode: str
    """How it moved: advance, shift, disengage, crawl, climb, swim, fly, burrow, ride."""
    start: Pos
    end: Pos
    path: tuple[Pos, ...] = ()
    """The positions entered, in order (the start excluded)."""
    step_costs: tuple[int, ...] = ()
    """Movement spent on each step, surcharges included."""
    budget: int = 0
    """Movement points the move granted: min(distance offered, current speed) (R-MOVE-2)."""
    spent: int = 0
    movement_left: int = 0
    carried: tuple[str, ...] = ()
    """Creatures that moved with it: riders (DS-MOUNT-03) and dragged grabbed creatures (RB1-GRABBED)."""
    stopped: str = ""
    """Why the move ended before the path did, or the empty string."""
    remaining: tuple[Pos, ...] = ()
    """The part of the path not yet walked when the move stopped."""

    def explain(self) -> str:
        costs = "+".join(str(c) for c in self.step_costs) or "0"
        text = (
            f"{self.creature} {self.mode}s {_at(self.start)} → {_at(self.end)}: "
            f"{_squares(len(self.path))}, cost {costs} = {self.spent} of {self.budget}"
        )
        if self.carried:
            text += f", carrying {', '.join(self.carried)}"
        if self.stopped:
            text += f"; stopped: {self.stopped} ({_squares(len(self.remaining))} left)"
        return text + cite(self.rules)


make_moved = maker(Moved)
"""``Moved(...)`` for the walk, a hot path (:func:`~brawl.events.base.maker`)."""


@attrs.frozen(kw_only=True)
class OpportunityAttackProvoked(Event):
    """An adjacent enemy may make a melee free strike: the mover leaves it without shifting (DS-STRIKE-03)."""

    creature: str
    """The mover."""
    enemy: str
    """Who may strike."""
    at: Pos
    """The mover's position when it provokes (still adjacent to the enemy)."""
    to: Pos
    """The position that is no longer adjacent."""
    remaining: tuple[Pos, ...] = ()
    """The path from ``to`` on, when the move stopped so that the strike can be resolved."""
    movement_left: int = 0
    stopped: bool = False

    def explain(self) -> str:
        text = (
            f"{self.creature} leaves {self.enemy} ({_at(self.at)} → {_at(self.to)}): "
            f"{self.enemy} may make an opportunity attack"
        )
        if self.stopped:
            text += f"; move paused with {self.movement_left} movement left"
        return text + cite(self.rules)


@attrs.frozen(kw_only=True)
class OpportunityAttackForgone(Event):
    """An adjacent enemy left behind that cannot make the opportunity attack, and why (DS-STRIKE-04)."""

    creature: str
    enemy: str
    reason: str

    def explain(self) -> str:
        return f"{self.creature} leaves {self.enemy}, who can't strike: {self.reason}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class Jumped(Event):
    """A long jump made as part of a move (DS-MTYPE-18..21, R-MOVE-6)."""

    creature: str
    start: Pos
    landing: Pos
    length: int
    """Squares jumped (horizontal distance)."""
    max_length: int
    """max(1, Might or Agility) + the test's bonus, capped by the effect's distance."""
    max_height: int
    characteristic: str
    tier: int | None = None
    """Tier of the optional Might or Agility test, or None when no test was made."""
    cost: int = 0
    movement_left: int = 0

    def explain(self) -> str:
        test = f", test tier {self.tier}" if self.tier is not None else ""
        return (
            f"{self.creature} jumps {_at(self.start)} → {_at(self.landing)}: {self.length} of "
            f"{self.max_length} squares ({self.characteristic}{test}), cost {self.cost}, "
            f"{self.movement_left} left{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class Teleported(Event):
    """An instantaneous move that provokes nothing and bypasses obstacles (DS-TELE-01..09)."""

    creature: str
    start: Pos
    end: Pos
    distance: int
    max_distance: int
    teleporter: str | None = None
    """Who teleported it, when another creature did (R-MOVE-7)."""
    stood: bool = False
    """A prone creature arrived standing (DS-TELE-07)."""

    def explain(self) -> str:
        by = f" by {self.teleporter}" if self.teleporter else ""
        stood = ", arrives standing" if self.stood else ""
        return (
            f"{self.creature} teleports{by} {_at(self.start)} → {_at(self.end)}: "
            f"{self.distance} of {self.max_distance} squares{stood}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class StoodUp(Event):
    """A prone creature stands (DS-ACT-15; a free maneuver when voluntarily prone, DS-MTYPE-23)."""

    creature: str
    helper: str | None = None
    """The adjacent creature that lifted it, if not itself."""
    free_maneuver: bool = False

    def explain(self) -> str:
        who = f"{self.helper} helps {self.creature} stand up" if self.helper else f"{self.creature} stands up"
        kind = "free maneuver" if self.free_maneuver else "maneuver"
        return f"{who} ({kind}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class DroppedProne(Event):
    """A creature falls prone on purpose, to crawl, as a free maneuver (DS-MTYPE-23)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} drops prone (free maneuver){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class RideUsed(Event):
    """The Ride move action: once per round per rider and per mount (DS-MOUNT-04, R-MOUNT-2)."""

    rider: str
    mount: str
    round: int

    def explain(self) -> str:
        return f"{self.rider} rides {self.mount} (round {self.round}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class Dug(Event):
    """The Dig maneuver: a burrower moves vertically up to its size (DS-MTYPE-03, DS-MTYPE-04)."""

    creature: str
    start: Pos
    end: Pos
    squares: int
    max_squares: int

    def explain(self) -> str:
        way = "down" if self.end[2] < self.start[2] else "up"
        return (
            f"{self.creature} digs {way} {self.squares} of {self.max_squares} squares "
            f"{_at(self.start)} → {_at(self.end)}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class PowerRollResolved(Event):
    """A power roll whose total the caller supplied, with its tier and result (RB3, DS-MTYPE-10, -15)."""

    creature: str
    purpose: str
    roll: int
    tier: int
    result: str

    def explain(self) -> str:
        return (
            f"{self.creature}: {self.purpose}: power roll {self.roll}, tier {self.tier}: {self.result}"
            f"{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class ClimbedCreature(Event):
    """A creature climbs onto a larger one and holds on to it (DS-MTYPE-14, DS-MTYPE-15)."""

    creature: str
    target: str
    at: Pos

    def explain(self) -> str:
        return f"{self.creature} climbs onto {self.target} at {_at(self.at)}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class FreeStrikeAllowed(Event):
    """A creature may make a free strike because of a failed roll (DS-MTYPE-15 tier 1)."""

    creature: str
    """Who may strike."""
    target: str

    def explain(self) -> str:
        return f"{self.creature} may make a free strike against {self.target}{cite(self.rules)}"
