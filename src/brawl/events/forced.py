"""Events of forced movement, slams, hurls and falls (DS-FORCE, DS-SLAM, DS-FALL, DS-MOUNT)."""

from __future__ import annotations

import re

import attrs

from brawl.events.base import Event, cite
from brawl.geometry import Pos

_CELLS = re.compile(r"(\w+) at \(-?\d+, -?\d+, -?\d+\)(?:, \1 at \(-?\d+, -?\d+, -?\d+\))+")


def _xyz(p: Pos | None) -> str:
    return "nowhere" if p is None else f"({p[0]}, {p[1]}, {p[2]})"


def fewer_cells(text: str) -> str:
    """``text`` with each run of two or more cells of one material (``stone at (15, 5, 0), stone at
    (15, 6, 0)``) said once, with their number (``stone (2 squares)``): for the plain form."""
    return _CELLS.sub(lambda m: f"{m.group(1)} ({m.group(0).count(' at (')} squares)", text)


@attrs.frozen(kw_only=True)
class ForceMoved(Event):
    """A push, pull or slide: the numbers of R-FORCE-1 and every square entered, in order.

    ``path`` lists the positions entered (DS-FORCE-19: area triggers fire on them);
    ``stopped`` says why the movement ended early, empty when it used all of ``effective``.
    """

    target: str
    kind: str
    """``"push"``, ``"pull"`` or ``"slide"``."""
    source: str | None = None
    """The creature or object the movement is measured from, or a position as text."""
    mover: str | None = None
    """The creature doing the forced movement, if any."""
    distance: int = 0
    """The printed distance X."""
    bonus: int = 0
    """Big vs little (DS-FORCE-14, R-FORCE-2): 0 or 1."""
    chosen: int = 0
    """The distance the mover declared, at most X + bonus (DS-FORCE-05)."""
    stability_used: int = 0
    """Squares the target took off with its stability (DS-FORCE-16)."""
    effective: int = 0
    """D = max(0, chosen - stability used) (R-FORCE-1)."""
    moved: int = 0
    """Squares actually entered (a hurl counts its freed square)."""
    remaining: int = 0
    """Squares of D left when the movement ended (R-FORCE-1)."""
    vertical: bool = False
    """A vertical forced move (DS-FORCE-10, DS-FORCE-12)."""
    start: Pos = attrs.field(factory=lambda: Pos(0, 0, 0))
    path: tuple[Pos, ...] = ()
    stopped: str = ""

    def plain(self) -> str:
        return fewer_cells(super().plain()).replace("; stopped: stopped by ", "; stopped by ")

    def explain(self) -> str:
        kind = f"vertical {self.kind}" if self.vertical else self.kind
        by = f" by {self.mover}" if self.mover else ""
        nums = f"{kind} {self.distance}"
        if self.bonus:
            nums += f" + {self.bonus}"
        if self.chosen != self.distance + self.bonus:
            nums += f", {self.chosen} chosen"
        if self.stability_used:
            nums += f", stability {self.stability_used}"
        end = self.path[-1] if self.path else self.start
        why = f"; stopped: {self.stopped}" if self.stopped else ""
        return (
            f"{self.target} {nums}{by}: {self.effective} effective, moved {self.moved} "
            f"from {_xyz(self.start)} to {_xyz(end)}, {self.remaining} remaining{why}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class Slammed(Event):
    """A force-moved creature or object was moved into creatures (DS-SLAM-01..05)."""

    target: str
    into: tuple[str, ...]
    """The creatures it was moved into."""
    remaining: int
    """Squares remaining: each party's damage (DS-SLAM-01)."""
    target_damage: int
    """Damage the moved creature takes: ``remaining``, once per collision it is not larger in;
    0 for a dead creature, and for a moved object unless the optional object damage applies
    (DS-SLAM-02, DS-SLAM-03, DS-SLAM-08)."""

    def explain(self) -> str:
        into = ", ".join(self.into)
        return (
            f"{self.target} slams into {into} with {self.remaining} remaining: each of {into} takes "
            f"{self.remaining}, {self.target} takes {self.target_damage}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class SlammedIntoObject(Event):
    """A force-moved creature (or, with the optional object damage, object) was stopped by terrain
    or an object that did not break (DS-SLAM-06, DS-SLAM-08)."""

    target: str
    obstacle: str
    """What stopped it: an object id or ``"stone at (x, y, z)"``."""
    remaining: int
    damage: int
    """2 + remaining when the object is at least the target's size, else 0 (R-FORCE-5)."""

    def plain(self) -> str:
        return fewer_cells(super().plain())

    def explain(self) -> str:
        if self.damage:
            what = f"takes 2 + {self.remaining} = {self.damage}"
        else:
            what = "stops without damage (the object is smaller than it)"
        return (
            f"{self.target} is slammed into {self.obstacle} with {self.remaining} remaining: {what}"
            + cite(self.rules)
        )


@attrs.frozen(kw_only=True)
class HurledThrough(Event):
    """A force-moved creature broke through squares of an object (DS-SLAM-09..13, R-FORCE-4)."""

    target: str
    obstacle: str
    """What broke: object ids and terrain cells."""
    material: str
    squares: int
    """Squares of the obstacle destroyed."""
    cost: int
    """Squares of forced movement spent, the freed square included (R-FORCE-4)."""
    damage: int
    remaining_before: int
    remaining_after: int

    def plain(self) -> str:
        return fewer_cells(super().plain())

    def explain(self) -> str:
        return (
            f"{self.target} is hurled through {self.obstacle} ({self.material}, {self.squares} square(s)): "
            f"costs {self.cost} of {self.remaining_before} remaining, takes {self.damage}, "
            f"{self.remaining_after} remaining{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class HeldByGround(Event):
    """A creature burrowed beneath the ground is not moved and takes 1 per square (DS-FORCE-21)."""

    target: str
    squares: int
    damage: int

    def explain(self) -> str:
        return (
            f"{self.target} is beneath the ground: not moved, takes {self.damage} "
            f"for {self.squares} square(s){cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class RiderKnockedOff(Event):
    """A rider was knocked off or slid down its mount, or held on (DS-MTYPE-16, DS-MOUNT-06)."""

    rider: str
    mount: str
    tier: int
    """Tier of the knock-off test: 1 (≤11), 2 (12–16), 3 (17+)."""
    landing: Pos | None
    """Where it lands; None when it holds on."""
    falls: bool
    """Whether it falls (falling damage and prone)."""

    def explain(self) -> str:
        if self.landing is None:
            return f"{self.rider} holds on to {self.mount} (tier {self.tier}){cite(self.rules)}"
        how = "falls off" if self.falls else "lands"
        return f"{self.rider} {how} {self.mount} at {_xyz(self.landing)} (tier {self.tier}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class CarriedRider(Event):
    """A rider moved with its force-moved mount (DS-MOUNT-07)."""

    rider: str
    mount: str
    to: Pos

    def explain(self) -> str:
        return f"{self.rider} is carried by {self.mount} to {_xyz(self.to)}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class DeathTriggersDue(Event):
    """Creatures whose death or 0-Stamina triggers resolve now, after the forced movement (DS-FORCE-20)."""

    creatures: tuple[str, ...]

    def explain(self) -> str:
        return f"death triggers of {', '.join(self.creatures)} resolve after the forced movement" + cite(
            self.rules
        )


@attrs.frozen(kw_only=True)
class Fell(Event):
    """A creature fell and landed, with the numbers of R-FALL-1 (DS-FALL-01..08)."""

    creature: str
    start: Pos
    landing: Pos
    height: int
    """Squares fallen (for a far fall, at least this many)."""
    agility: int = 0
    """Squares taken off by Agility (DS-FALL-02, R-FALL-2)."""
    liquid: int = 0
    """Squares taken off by liquid (DS-FALL-03): 4 or 0."""
    effective: int = 0
    damage: int = 0
    """2 per effective square, at most 50, only when the effective height is at least 2."""
    prone: bool = False
    onto: str | None = None
    """The creature it landed on (DS-FALL-06)."""

    def explain(self) -> str:
        parts = [f"{self.height} squares"]
        if self.agility:
            parts.append(f"- {self.agility} Agility")
        if self.liquid:
            parts.append(f"- {self.liquid} liquid")
        onto = f" onto {self.onto}" if self.onto else ""
        prone = ", prone" if self.prone else ""
        return (
            f"{self.creature} falls{onto} from {_xyz(self.start)} to {_xyz(self.landing)}: "
            f"{' '.join(parts)} = {self.effective} effective, {self.damage} damage{prone}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class FallingFar(Event):
    """A creature falls 100 squares this stretch and is still falling (DS-FALL-09, R-FALL-5)."""

    creature: str
    fallen: int
    still_to_fall: int

    def explain(self) -> str:
        return (
            f"{self.creature} falls {self.fallen} squares and is still falling "
            f"({self.still_to_fall} to go){cite(self.rules)}"
        )
