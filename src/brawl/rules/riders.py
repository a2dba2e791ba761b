"""Falling off a creature: the knock-off test, force-moved riders, riders knocked prone, dead mounts.

Rules: DS-MTYPE-16, DS-MTYPE-17, DS-MOUNT-06, DS-MOUNT-09; rulings R-MOUNT-1, R-MOUNT-3.
The landing itself is a fall (:func:`brawl.rules.falling.land`).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from brawl.checks import whole_number
from brawl.conditions import ConditionName
from brawl.creature import Creature
from brawl.errors import InvalidArgumentError
from brawl.events.base import Note
from brawl.events.forced import RiderKnockedOff
from brawl.fields import flag, ident, position, whole
from brawl.geometry import Pos, as_pos, distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.falling import (
    Rest,
    columns_overlap,
    drop_height,
    free_rest,
    land,
    liquid_depth,
    make_prone,
    nearest_free,
    resting_place,
)
from brawl.state import Encounter

KNOCK_OFF_TIERS = (1, 2, 3)  # DS-MTYPE-16: ≤11, 12–16, 17+


def adjacent_landings(state: Encounter, rider: str) -> list[Pos]:
    """The unoccupied spaces adjacent to a rider's mount where it can land (DS-MTYPE-16, DS-MOUNT-09).

    In a fixed order: highest first, then north to south, then west to east.
    """
    c = state.creature(rider)
    if c.riding is None:
        raise InvalidArgumentError(f"{rider!r}: rides no creature", rule="DS-MTYPE-16")
    mount = state.creature(c.riding)
    n, m = c.n, mount.n
    top = mount.pos.z + m
    ignore = {c.id}
    out: list[tuple[int, int, int, Pos]] = []
    for y in range(mount.pos.y - n, mount.pos.y + m + 1):
        for x in range(mount.pos.x - n, mount.pos.x + m + 1):
            if columns_overlap(Pos(x, y, 0), n, mount.pos, m):
                continue
            start = Pos(x, y, top)
            if not state.terrain.cube_in_bounds(start, n):
                start = Pos(x, y, mount.pos.z)
            cand = free_rest(state, start, n, ignore)
            if cand is None or distance(cand, n, mount.pos, m) != 1:
                continue
            out.append((-cand.z, cand.y, cand.x, cand))
    return [item[3] for item in sorted(out)]


def _off_mount(
    state: Encounter,
    rider: str,
    *,
    landing: Iterable[int] | None,
    falls: bool,
    tier: int,
    use_agility: bool,
    rules: tuple[str, ...],
    nearest: bool = False,
) -> Outcome:
    c = state.creature(rider)
    if c.riding is None:
        raise InvalidArgumentError(f"{rider!r}: rides no creature", rule=rules[0])
    mount = state.creature(c.riding)
    options = adjacent_landings(state, rider)
    if nearest and not options:
        options = nearest_free(state, attrs.evolve(c, riding=None), mount.pos)
    if not options:
        raise InvalidArgumentError(
            f"{rider!r}: no unoccupied space next to {mount.id!r} to land in", rule=rules
        )
    if landing is None:
        where = options[0]
    else:
        where = as_pos(landing, what="landing")
        if where not in options:
            raise InvalidArgumentError(
                f"landing {tuple(where)!r} for {rider!r}: not an unoccupied space adjacent to {mount.id!r} "
                f"({[tuple(p) for p in options]})",
                rule=rules,
            )
    event = RiderKnockedOff(rider=rider, mount=mount.id, tier=tier, landing=where, falls=falls, rules=rules)
    out = Outcome(state.with_creature(attrs.evolve(c, riding=None, pos=where)), (event,))
    if not falls:
        return out
    height = max(0, mount.pos.z + mount.n - where.z)
    rest = Rest(where, None, liquid_depth(out.state, where, c.n) if out.state.terrain.in_bounds(where) else 0)
    return out.then(
        lambda s: land(
            s,
            s.creature(rider),
            height,
            rest,
            use_agility=use_agility,
            landing=None,
            rules=rules,
            always_prone=True,
        )
    )


def _landing(value: Iterable[int] | None) -> Pos | None:
    return None if value is None else position(value, "landing", "DS-MTYPE-16")


@attrs.frozen
class KnockOff(Action):
    """Resolve the knock-off test of a rider by its tier (DS-MTYPE-16, R-MOUNT-3).

    Tier 1 (≤11): falls into an adjacent unoccupied space of its choice (``landing``), taking
    falling damage from the top of the mount and landing prone. Tier 2 (12–16): slides down
    into such a space, no damage, not prone. Tier 3 (17+): holds on.
    """

    rider: str = attrs.field(validator=ident("DS-MTYPE-16"))
    """The creature riding or climbing."""
    tier: int = attrs.field(validator=whole("DS-MTYPE-16"))
    """The tier of its test: 1 (≤11), 2 (12–16) or 3 (17+)."""
    landing: Pos | None = attrs.field(default=None, converter=_landing)
    """The adjacent unoccupied space of its choice; None: the first in a fixed order."""
    use_agility: bool = attrs.field(default=True, validator=flag("R-FALL-2"))
    """Whether it uses its Agility against the fall (R-FALL-2)."""

    def verify(self, state: Encounter) -> None:
        """Raise the error for a bad tier or a creature that rides nothing (DS-MTYPE-16)."""
        _check_tier(self.tier, "DS-MTYPE-16")
        if state.creature(self.rider).riding is None:
            raise InvalidArgumentError(f"knock off {self.rider!r}: it rides no creature", rule="DS-MTYPE-16")

    def resolve(self, state: Encounter) -> Outcome:
        """Resolve the test."""
        return _knock_off(state, self)


def _knock_off(state: Encounter, request: KnockOff) -> Outcome:
    request.verify(state)
    rider, tier = request.rider, request.tier
    mount = state.creature(rider).riding
    assert mount is not None
    if tier == 3:
        held = RiderKnockedOff(
            rider=rider, mount=mount, tier=3, landing=None, falls=False, rules=("DS-MTYPE-16",)
        )
        return Outcome(state, (held,))
    rules = ("DS-MTYPE-16",) if tier == 1 else ("DS-MTYPE-16", "R-MOUNT-3")
    return _off_mount(
        state,
        rider,
        landing=request.landing,
        falls=tier == 1,
        tier=tier,
        use_agility=request.use_agility,
        rules=rules,
    )


def rider_force_moved(
    state: Encounter,
    rider: str,
    tier: int,
    *,
    landing: Iterable[int] | None = None,
    use_agility: bool = True,
) -> Outcome:
    """A force-moved rider is knocked off and lands by its test tier (DS-MOUNT-06, R-MOUNT-1).

    Tier 1: falls (damage, prone); tier 2: slides down (R-MOUNT-3); tier 3: lands in an adjacent
    unoccupied space of its choice, not prone and without damage (R-MOUNT-1).
    """
    _check_tier(tier, "DS-MOUNT-06")
    rules = {
        1: ("DS-MOUNT-06", "DS-MTYPE-16"),
        2: ("DS-MOUNT-06", "R-MOUNT-3"),
        3: ("DS-MOUNT-06", "R-MOUNT-1"),
    }
    return _off_mount(
        state, rider, landing=landing, falls=tier == 1, tier=tier, use_agility=use_agility, rules=rules[tier]
    )


@attrs.frozen
class FallOff(Action):
    """A rider knocked prone falls into an adjacent space: damage as usual, prone (DS-MTYPE-17)."""

    rider: str = attrs.field(validator=ident("DS-MTYPE-17"))
    """The creature riding or climbing."""
    landing: Pos | None = attrs.field(default=None, converter=_landing)
    """The adjacent unoccupied space of its choice; None: the first in a fixed order."""
    use_agility: bool = attrs.field(default=True, validator=flag("R-FALL-2"))
    """Whether it uses its Agility against the fall (R-FALL-2)."""

    def verify(self, state: Encounter) -> None:
        """Raise the :class:`~brawl.errors.RulesError` for a creature that rides nothing (DS-MTYPE-17)."""
        if state.creature(self.rider).riding is None:
            raise InvalidArgumentError(f"{self.rider!r}: rides no creature", rule="DS-MTYPE-17")

    def resolve(self, state: Encounter) -> Outcome:
        """Fall off."""
        return _fall_off(state, self)


def _fall_off(state: Encounter, request: FallOff) -> Outcome:
    request.verify(state)
    return _off_mount(
        state,
        request.rider,
        landing=request.landing,
        falls=True,
        tier=1,
        use_agility=request.use_agility,
        rules=("DS-MTYPE-17",),
    )


def mount_died(state: Encounter, mount: str, *, landings: dict[str, Iterable[int]] | None = None) -> Outcome:
    """A dead mount falls prone; each rider falls off and lands prone nearby (DS-MOUNT-09).

    The settle pass (:mod:`brawl.rules.settle`) calls it for every mount that dies, whatever
    killed it; a caller needs it only to choose the riders' ``landings``. A dead mount gets no
    prone condition (the dead take no conditions, R-MOUNT-4): its body drops to what is below it.

    The mount's body drops to what is below it; each rider lands in the nearest unoccupied
    space of its choice (``landings`` by rider id), with the usual falling damage.
    """
    m = state.creature(mount)
    out = Outcome(state, (Note(text=f"{mount} falls prone: its riders fall off", rules=("DS-MOUNT-09",)),))
    riders = riders_of(state, mount)
    if m.dead:
        rest = resting_place(state, m.pos, m.n, ignore={mount, *riders})
        if rest.pos != m.pos:
            # the body drops to what is below it, reported as a fall (no damage: it is dead)
            height = drop_height(m.pos.z, rest)
            out = out.then(
                lambda s: land(
                    s,
                    s.creature(mount),
                    height,
                    rest,
                    use_agility=False,
                    landing=None,
                    rules=("DS-MOUNT-09",),
                )
            )
    elif not m.has(ConditionName.PRONE):
        out = make_prone(out, mount, "DS-MOUNT-09")
    chosen = landings or {}
    for rid in riders:
        out = out.then(
            lambda s, r=rid: _off_mount_after_death(s, r, m, chosen.get(r)),
        )
    return out


def riders_of(state: Encounter, mount: str) -> list[str]:
    """The creatures riding ``mount``: they share its space (DS-MOUNT-01); only that space is looked at."""
    m = state.creature(mount)
    return sorted(
        cid for cid in state.creatures_in_columns(m.pos, m.n) if state.creatures[cid].riding == mount
    )


def _off_mount_after_death(
    state: Encounter, rider: str, mount: Creature, landing: Iterable[int] | None
) -> Outcome:
    c = state.creature(rider)
    free = attrs.evolve(c, riding=None)
    options = nearest_free(state, free, Pos(mount.pos.x, mount.pos.y, c.pos.z))
    if not options:
        raise InvalidArgumentError(f"{rider!r}: no unoccupied space to land in", rule="DS-MOUNT-09")
    where = options[0] if landing is None else as_pos(landing, what="landing")
    if where not in options:
        raise InvalidArgumentError(
            f"landing {tuple(where)!r} for {rider!r}: not one of the nearest unoccupied spaces "
            f"{[tuple(p) for p in options]}",
            rule="DS-MOUNT-09",
        )
    event = RiderKnockedOff(
        rider=rider, mount=mount.id, tier=1, landing=where, falls=True, rules=("DS-MOUNT-09",)
    )
    out = Outcome(state.with_creature(attrs.evolve(free, pos=where)), (event,))
    height = max(0, mount.pos.z + mount.n - where.z)
    rest = Rest(where, None, liquid_depth(out.state, where, c.n))
    return out.then(
        lambda s: land(
            s,
            s.creature(rider),
            height,
            rest,
            use_agility=True,
            landing=None,
            rules=("DS-MOUNT-09",),
            always_prone=True,
        )
    )


def _check_tier(tier: object, rule: str) -> None:
    whole_number(
        tier, KNOCK_OFF_TIERS[0], KNOCK_OFF_TIERS[-1], what="test tier (1: ≤11, 2: 12–16, 3: 17+)", rule=rule
    )


__all__ = [
    "KNOCK_OFF_TIERS",
    "FallOff",
    "KnockOff",
    "adjacent_landings",
    "mount_died",
    "rider_force_moved",
    "riders_of",
]
