"""Riding and climbing other creatures: the Ride move action, climbing a larger creature.

Ride moves the mount carrying its rider (DS-MOUNT-03, DS-MOUNT-04, R-MOUNT-2); a creature climbs
a larger one and holds on like a rider (DS-MTYPE-14, DS-MTYPE-15).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from brawl.conditions import ConditionName
from brawl.errors import (
    ActionUnavailableError,
    IllegalMoveError,
    InvalidArgumentError,
    StateError,
)
from brawl.events.base import Event
from brawl.events.movement import (
    ClimbedCreature,
    FreeStrikeAllowed,
    PowerRollResolved,
    RideUsed,
)
from brawl.fields import as_path, flag, ident, position, whole
from brawl.geometry import Pos, as_pos, cube, distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.movement import (
    plan_move,
    walk,
)
from brawl.rules.placing import power_roll_tier
from brawl.rules.steps import (
    DISENGAGE_SQUARES,
    budget_field,
)
from brawl.state import Encounter


def _optional_pos(value: Iterable[int] | None) -> Pos | None:
    """A position or direction ``(x, y)`` or ``(x, y, z)``, or None."""
    return None if value is None else position(value, "position")


@attrs.frozen
class Ride(Action):
    """The Ride move action: the mount carries its rider along ``path``, up to its speed (DS-MOUNT-03).

    ``disengage`` makes the mount use Disengage instead (it shifts 1). Ride is once per round
    for the rider and once per round for the mount (DS-MOUNT-04, R-MOUNT-2): the encounter
    records each Ride in ``rides`` and a new round empties it. Outside combat (no turn state)
    Ride is not limited and nothing is recorded (R-MOUNT-5). The mount
    moves willingly, so it provokes opportunity attacks; the carried rider does not.
    """

    cost: ClassVar[str | None] = "move"
    actor: ClassVar[str] = "rider"

    rider: str = attrs.field(validator=ident("DS-MOUNT-03"))
    path: tuple[Pos, ...] = attrs.field(converter=as_path)
    disengage: bool = attrs.field(default=False, validator=flag("DS-ACT-02"))
    budget: int | None = attrs.field(default=None, validator=budget_field)
    stop_at_provocation: bool = attrs.field(default=False, validator=flag("R-MOVE-3"))
    granted: bool = attrs.field(default=False, validator=flag("DS-MOUNT-03"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the rider may use Ride now (DS-MOUNT-03, DS-MOUNT-04, R-MOUNT-2).

        Mounted, and in combat neither rider nor mount has ridden this round (``state.rides``):
        :func:`mount_to_ride`; the path is checked by the move.
        """
        mount_to_ride(state, self.rider)

    def resolve(self, state: Encounter) -> Outcome:
        """Ride."""
        return _ride(state, self)


def mount_to_ride(state: Encounter, rider: str) -> str:
    """The mount ``rider`` may use Ride on now, whatever the path; else raise (DS-MOUNT-03,
    DS-MOUNT-04, R-MOUNT-2). The check of :meth:`Ride.verify` that needs no path, for those that
    offer rides before choosing one (:class:`~brawl.turns.deeds.RideTo`)."""
    r = state.creature(rider)
    if r.riding is None or r.riding not in state.creatures:
        raise ActionUnavailableError(f"ride: {rider!r} is not mounted", rule="DS-MOUNT-03")
    mount = r.riding
    if state.turn is None:
        return mount  # R-MOUNT-5: out of combat there are no rounds to count
    if rider in state.rides:
        raise ActionUnavailableError(
            f"ride: {rider!r} has already used Ride this round", rule=("DS-MOUNT-04",)
        )
    if mount in state.rides.values():
        raise ActionUnavailableError(
            f"ride: {mount!r} has already been ridden this round", rule=("DS-MOUNT-04", "R-MOUNT-2")
        )
    return mount


def _ride(state: Encounter, request: Ride) -> Outcome:
    mount = mount_to_ride(state, request.rider)
    rider, path, disengage, budget = request.rider, request.path, request.disengage, request.budget
    stop_at_provocation = request.stop_at_provocation
    mode = "disengage" if disengage else "advance"
    plan = plan_move(
        state,
        mount,
        path,
        mode=mode,
        budget=(DISENGAGE_SQUARES if budget is None else budget) if disengage else budget,
        squeeze=False,
        ignore_speed=False,
        verb="ride",
    )
    out = walk(
        state,
        mount,
        plan,
        willing=True,
        stop_at_provocation=stop_at_provocation,
        resolved=frozenset(),
        test_passed=None,
        label="ride",
        rules=("DS-MOUNT-03",),
    )
    used = RideUsed(
        rider=rider, mount=mount, round=state.round, rules=("DS-MOUNT-03", "DS-MOUNT-04", "R-MOUNT-2")
    )
    after = out.state if state.turn is None else out.state.with_ride(rider, mount)
    return Outcome(after, (used, *out.events))


# --------------------------------------------------------------------------------------------
# climbing other creatures


@attrs.frozen
class ClimbCreature(Action):
    """Climb onto a larger adjacent creature (DS-MTYPE-14, DS-MTYPE-15); the roll is an input.

    A willing creature is climbed without a test. Otherwise power roll + Might or Agility:
    ≤11 fail and the target may make a free strike; 12-16 fail; 17+ climb. A climber holds on
    like a rider (``riding`` names the creature it clings to), at ``at`` (default: the lowest
    corner of the target's space); it needs a space whose size-rank gap allows sharing or the
    hold (the engine's ruling on AMB-42).
    """

    creature: str = attrs.field(validator=ident("DS-MTYPE-14"))
    target: str = attrs.field(validator=ident("DS-MTYPE-14"))
    willing: bool = attrs.field(default=False, validator=flag("DS-MTYPE-15"))
    roll: int | None = attrs.field(
        default=None, validator=whole("DS-MTYPE-15", lo=-100, hi=100, optional=True)
    )
    at: Pos | None = attrs.field(default=None, converter=_optional_pos)

    def verify(self, state: Encounter) -> None:
        """Raise unless the creature may try to climb the target now.

        Not itself, not prone, a larger adjacent target, a spot inside the target's space, and the
        power roll for an unwilling target (DS-MTYPE-14, DS-MTYPE-15, DS-MOUNT-02, RB1-PRONE).
        """
        _check_climb(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Climb, or try to."""
        return _climb_creature(state, self)


def _check_climb(state: Encounter, request: ClimbCreature) -> Pos:
    """Raise unless the creature may try to climb the target now (:meth:`ClimbCreature.verify`);
    the spot it would hold."""
    creature, target, at = request.creature, request.target, request.at
    c = state.creature(creature)
    t = state.creature(target)
    what = f"climb {target!r} with {creature!r}"
    if creature == target:
        raise InvalidArgumentError(f"{what}: a creature can't climb itself", rule="DS-MTYPE-14")
    if c.has(ConditionName.PRONE):
        raise IllegalMoveError(f"{what}: a prone creature can't climb", rule="RB1-PRONE")
    if not t.size > c.size:
        raise IllegalMoveError(
            f"{what}: {target!r} (size {t.size}) is not larger than {creature!r} (size {c.size})",
            rule=("DS-MTYPE-14", "R-SIZE-1"),
        )
    if distance(c.pos, c.n, t.pos, t.n) > 1:
        raise IllegalMoveError(f"{what}: {target!r} is not adjacent", rule="DS-MTYPE-14")
    spot = t.pos if at is None else as_pos(at, what="climbing position")
    if not all(distance(cell, 1, t.pos, t.n) == 0 for cell in cube(spot, c.n)):
        raise IllegalMoveError(f"{what}: {tuple(spot)} is not inside {target!r}'s space", rule="DS-MOUNT-02")
    if not request.willing and request.roll is None:
        raise InvalidArgumentError(f"{what}: an unwilling creature needs the power roll", rule="DS-MTYPE-15")
    return spot


def _climb_creature(state: Encounter, request: ClimbCreature) -> Outcome:
    spot = _check_climb(state, request)
    creature, target, willing, roll = request.creature, request.target, request.willing, request.roll
    c = state.creature(creature)
    what = f"climb {target!r} with {creature!r}"
    events: list[Event] = []
    if not willing:
        assert roll is not None  # _check_climb: an unwilling target needs the roll
        tier = power_roll_tier(roll, rule="DS-MTYPE-15")
        result = {1: "fails; the target may make a free strike", 2: "fails", 3: "climbs the creature"}[tier]
        events.append(
            PowerRollResolved(
                creature=creature,
                purpose=f"climb {target}",
                roll=roll,
                tier=tier,
                result=result,
                rules=("DS-MTYPE-15",),
            )
        )
        if tier == 1:
            events.append(FreeStrikeAllowed(creature=target, target=creature, rules=("DS-MTYPE-15",)))
        if tier < 3:
            return Outcome(state, tuple(events))
    try:
        enc = state.with_creature(attrs.evolve(c, pos=spot, riding=target))
    except StateError as exc:
        raise IllegalMoveError(f"{what}: {exc}", rule=("DS-MTYPE-14", "DS-MOVE-04")) from None
    events.append(ClimbedCreature(creature=creature, target=target, at=spot, rules=("DS-MTYPE-14",)))
    return Outcome(enc, tuple(events))


__all__ = ["ClimbCreature", "Ride", "mount_to_ride"]
