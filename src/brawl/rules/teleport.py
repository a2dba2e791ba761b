"""Teleporting: instantaneous, past every obstacle, never provoking (DS-TELE-01..09, R-MOVE-7).

A creature teleports itself with line of effect to the destination; a creature that teleports
another needs line of effect to the space the target leaves and to its destination (R-MOVE-7).
The destination must be a different space, free of creatures and objects. Teleporting ends the
grabbed and restrained conditions of the one who teleports; riders and mounts teleport
separately (DS-MOUNT-08).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from brawl.conditions import ConditionName
from brawl.creature import Creature, MovementType
from brawl.errors import IllegalMoveError, InvalidArgumentError, StateError
from brawl.events.base import Event
from brawl.events.movement import StoodUp, Teleported
from brawl.fields import flag, ident, position
from brawl.geometry import Pos, cell_distance
from brawl.geometry import distance as space_distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import clear_condition, grabbing
from brawl.rules.cover import sees_space
from brawl.rules.falling import Fall, should_fall
from brawl.rules.reachable import riders_of
from brawl.rules.steps import budget_field, check_budget
from brawl.state import Encounter

MAX_TELEPORT = 1_000_000
"""Largest teleport distance accepted."""


line_of_effect = sees_space
"""Whether one space sees another (DS-TELE-03): :func:`brawl.rules.cover.sees_space`, the rule's home."""


def _check(state: Encounter, request: Teleport) -> int:
    """Raise :class:`IllegalMoveError` if the teleport is illegal; the squares it covers."""
    creature, dest, teleporter = request.creature, request.destination, request.teleporter
    distance, advance = request.distance, request.advance
    c = state.creature(creature)
    what = f"teleport {creature!r} to {tuple(dest)}"
    if c.dead:
        raise IllegalMoveError(f"{what}: it is dead", rule="DS-STAM-09")
    if not isinstance(advance, bool):
        raise InvalidArgumentError(f"advance {advance!r}: True or False", rule="DS-TELE-06")
    if advance:
        if teleporter is not None and teleporter != creature:
            raise InvalidArgumentError(f"{what}: Advance by teleport moves only itself", rule="DS-TELE-06")
        if not c.has_movement(MovementType.TELEPORT):
            raise IllegalMoveError(
                f"{what}: teleport is not part of its usual movement", rule=("DS-TELE-06", "DS-ACT-01")
            )
        reach = c.speed if distance is None else min(check_budget(distance, what="distance"), c.speed)
    else:
        if distance is None:
            raise InvalidArgumentError(
                f"{what}: the effect's teleport distance is required", rule="DS-TELE-05"
            )
        reach = check_budget(distance, what="teleport distance")
    if dest == c.pos:
        raise IllegalMoveError(f"{what}: it can't teleport to and from the same space", rule="DS-TELE-09")
    squares = cell_distance(c.pos, dest)
    if squares > reach:
        raise IllegalMoveError(
            f"{what}: {squares} squares, farther than the {reach} the effect allows",
            rule=("DS-TELE-05", "DS-TELE-06") if advance else ("DS-TELE-05",),
        )
    if not state.fits(dest, c.n):
        raise IllegalMoveError(
            f"{what}: the destination is a wall, an object or off the map", rule=("DS-TELE-04", "R-GEO-5")
        )
    others = state.creatures_in(dest, c.n, exclude=(creature,))
    if others:
        raise IllegalMoveError(f"{what}: the destination is occupied by {others[0]!r}", rule="DS-TELE-04")
    if teleporter is None or teleporter == creature:
        if not line_of_effect(state, c.pos, c.n, dest, c.n):
            raise IllegalMoveError(f"{what}: no line of effect to the destination", rule="DS-TELE-03")
    else:
        t = state.creature(teleporter)
        if t.dead:
            raise IllegalMoveError(f"{what}: the teleporter {teleporter!r} is dead", rule="DS-STAM-09")
        if not line_of_effect(state, t.pos, t.n, c.pos, c.n):
            raise IllegalMoveError(
                f"{what}: {teleporter!r} has no line of effect to the space {creature!r} leaves",
                rule=("DS-TELE-03", "R-MOVE-7"),
            )
        if not line_of_effect(state, t.pos, t.n, dest, c.n):
            raise IllegalMoveError(
                f"{what}: {teleporter!r} has no line of effect to the destination",
                rule=("DS-TELE-03", "R-MOVE-7"),
            )
    return squares


def _destination(value: Iterable[int]) -> Pos:
    """A ``destination`` field as a :class:`Pos`; errors name the field."""
    return position(value, "destination")


@attrs.frozen
class Teleport(Action):
    """Teleport a creature to ``destination`` (DS-TELE-01..09).

    ``distance`` is the effect's teleport distance, which may exceed speed (DS-TELE-05);
    ``advance=True`` is the Advance move action of a creature that teleports as its usual
    movement: up to its usual speed, unmodified by conditions (DS-TELE-06). ``teleporter`` is
    the creature teleporting another (R-MOVE-7). ``stand`` chooses whether a prone creature
    arrives standing, if it can stand (DS-TELE-07); None stands when it teleports itself and
    stays prone when another teleports it. Grabbed and restrained end (DS-TELE-08); a grab the
    teleported creature held ends when the two are no longer adjacent. Nothing is provoked
    (DS-TELE-01).
    """

    creature: str = attrs.field(validator=ident("DS-TELE-01"))
    destination: Pos = attrs.field(converter=_destination)
    teleporter: str | None = attrs.field(default=None, validator=ident("R-MOVE-7", optional=True))
    distance: int | None = attrs.field(default=None, validator=budget_field)
    stand: bool | None = attrs.field(default=None, validator=flag("DS-TELE-07", optional=True))
    advance: bool = attrs.field(default=False, validator=flag("DS-TELE-06"))

    def verify(self, state: Encounter) -> None:
        """Raise :class:`IllegalMoveError` if the teleport is illegal: distance, destination,
        line of effect (DS-TELE-03..06, DS-TELE-09, R-MOVE-7). Only checks: nothing is resolved."""
        _check(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Teleport."""
        return _teleport(state, self)


def _teleport(state: Encounter, request: Teleport) -> Outcome:
    squares = _check(state, request)
    creature, dest, teleporter = request.creature, request.destination, request.teleporter
    distance, stand, advance = request.distance, request.stand, request.advance
    if stand is not None and not isinstance(stand, bool):
        raise InvalidArgumentError(f"stand {stand!r}: True, False or None", rule="DS-TELE-07")

    c = state.creature(creature)
    start = c.pos
    by_other = teleporter is not None and teleporter != creature
    events: list[Event] = []
    enc = state
    # riders and mounts teleport separately (DS-MOUNT-08)
    riders = list(riders_of(enc, creature))
    for rid in riders:
        enc = enc.with_creature(attrs.evolve(enc.creature(rid), riding=None))
    try:
        enc = enc.with_creature(attrs.evolve(enc.creature(creature), pos=dest, riding=None, squeezed=False))
    except StateError as exc:  # pragma: no cover - Teleport.verify checked the destination
        raise IllegalMoveError(f"teleport {creature!r}: {exc}", rule="DS-TELE-04") from None
    for name in (ConditionName.GRABBED, ConditionName.RESTRAINED):
        out = clear_condition(enc, creature, name, reason="teleported", rules=("DS-TELE-08",))
        enc = out.state
        events.extend(out.events)
    # a grab needs the two creatures adjacent (RB1-GRABBED): one left behind is released
    moved = enc.creature(creature)
    for held in grabbing(state, creature):
        h = enc.creature(held)

        if space_distance(moved.pos, moved.n, h.pos, h.n) > 1:
            out = clear_condition(
                enc,
                held,
                ConditionName.GRABBED,
                source=creature,
                reason="grabber teleported away",
                rules=("RB1-GRABBED",),
            )
            enc = out.state
            events.extend(out.events)
    stood = False
    now = enc.creature(creature)
    if now.has(ConditionName.PRONE):
        wants = (not by_other) if stand is None else stand
        if wants and _able_to_stand(now):
            out = clear_condition(
                enc, creature, ConditionName.PRONE, reason="arrived standing", rules=("DS-TELE-07",)
            )
            enc = out.state
            events.extend(out.events)
            events.append(
                StoodUp(creature=creature, helper=teleporter if by_other else None, rules=("DS-TELE-07",))
            )
            stood = True
    rules = ["DS-TELE-01", "DS-TELE-02", "DS-TELE-03", "DS-TELE-04", "DS-TELE-09"]
    rules.append("DS-TELE-06" if advance else "DS-TELE-05")
    if by_other:
        rules.append("R-MOVE-7")
    reach = (c.speed if distance is None else min(distance, c.speed)) if advance else distance
    assert reach is not None
    events.insert(
        0,
        Teleported(
            creature=creature,
            start=start,
            end=dest,
            distance=squares,
            max_distance=reach,
            teleporter=teleporter if by_other else None,
            stood=stood,
            rules=tuple(rules),
        ),
    )
    out = Outcome(enc, tuple(events))

    for cid in (creature, *riders):
        if should_fall(out.state, cid):
            out = out.then(Fall(cid, rules=("DS-TELE-01",)).resolve)
    return out


def _able_to_stand(c: Creature) -> bool:
    prone = c.conditions_named(ConditionName.PRONE)
    return all(p.can_stand for p in prone) and not c.has(ConditionName.UNCONSCIOUS)


__all__ = ["Teleport", "line_of_effect"]
