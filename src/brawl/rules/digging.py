"""Digging: the Dig maneuver, Claw Dirt, pulling a burrower up (DS-MTYPE-02..05, DS-MTYPE-09, DS-MTYPE-10)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from brawl.checks import whole_number
from brawl.conditions import ConditionName, Duration
from brawl.creature import MovementType
from brawl.errors import (
    ActionUnavailableError,
    IllegalMoveError,
    InvalidArgumentError,
)
from brawl.events.base import Event
from brawl.events.movement import (
    Dug,
    Moved,
    PowerRollResolved,
)
from brawl.fields import flag, ident, position, whole
from brawl.geometry import Pos, cell_distance, cube, distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.burrowing import BURROWABLE, beneath_the_ground
from brawl.rules.conditions import (
    grabbing,
    impose_condition,
)
from brawl.rules.placing import power_roll_tier, try_place
from brawl.rules.reachable import current_speed
from brawl.rules.steps import (
    MAX_BUDGET,
    MoveModel,
)
from brawl.state import Encounter
from brawl.terrain import Cell, Material

CLAW_DIRT_MIN_SPEED = 2  # DS-MTYPE-10: speed 2 or more


def _burrowable(state: Encounter, cell: Pos) -> bool:
    return state.object_at(cell) is None and state.terrain.cell(cell).material in BURROWABLE


def _touches_dirt(state: Encounter, pos: Pos, n: int) -> bool:
    for cell in cube(pos, n):
        for d in ((0, 0, 0), (1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
            if _burrowable(state, cell + d):
                return True
    return False


def _open_or_dirt(state: Encounter, pos: Pos, n: int) -> bool:
    if not state.terrain.cube_in_bounds(pos, n):
        return False
    for cell in cube(pos, n):
        if state.object_at(cell) is not None:
            return False
        material = state.terrain.cell(cell).material
        if material is not Material.AIR and material not in BURROWABLE:
            return False
    return True


def _destination(value: Iterable[int]) -> Pos:
    """A ``destination`` field as a :class:`Pos`; errors name the field."""
    return position(value, "destination")


@attrs.frozen
class Dig(Action):
    """The Dig maneuver: a burrower moves straight down (or up) up to its size (DS-MTYPE-03, DS-MTYPE-04).

    It needs burrow in its speed, a speed at least its size and dirt it touches; it can't dig
    deeper while holding a grabbed creature that is not unconscious (DS-MTYPE-05).
    """

    creature: str = attrs.field(validator=ident("DS-MTYPE-03"))
    squares: int = attrs.field(validator=whole("DS-MTYPE-04", lo=1, hi=MAX_BUDGET))
    down: bool = attrs.field(default=True, validator=flag("DS-MTYPE-03"))

    def verify(self, state: Encounter) -> None:
        """Raise unless the creature may dig now (DS-MTYPE-03..05).

        Burrow in its speed, squares up to its size, a speed at least its size, dirt it touches,
        no conscious grabbed creature held when digging deeper; the squares entered are checked
        by the dig.
        """
        _check_dig(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Dig."""
        return _dig(state, self)


def _what_dig(request: Dig) -> str:
    return f"dig {request.creature!r} {request.squares!r} squares {'down' if request.down else 'up'}"


def _check_dig(state: Encounter, request: Dig) -> None:
    """Raise unless the creature may dig now (:meth:`Dig.verify`)."""
    creature, squares, down = request.creature, request.squares, request.down
    c = state.creature(creature)
    what = _what_dig(request)
    if not c.has_movement(MovementType.BURROW):
        raise ActionUnavailableError(f"{what}: no burrow in its speed entry", rule="DS-MTYPE-03")
    whole_number(squares, 1, c.size.value, what=f"{what}: squares (1 to its size)", rule="DS-MTYPE-04")
    now = current_speed(state, creature)
    if now < c.size.value:
        raise ActionUnavailableError(
            f"{what}: its speed {now} is less than its size {c.size.value}", rule="DS-MTYPE-03"
        )
    if not _touches_dirt(state, c.pos, c.n):
        raise ActionUnavailableError(
            f"{what}: it touches no ground it can burrow through", rule="DS-MTYPE-03"
        )
    if down:
        for g in grabbing(state, creature):
            if not state.creature(g).has(ConditionName.UNCONSCIOUS):
                raise ActionUnavailableError(
                    f"{what}: it holds {g!r} grabbed and can't willingly move deeper", rule="DS-MTYPE-05"
                )


def _dig(state: Encounter, request: Dig) -> Outcome:
    _check_dig(state, request)
    creature, squares, down = request.creature, request.squares, request.down
    c = state.creature(creature)
    what = _what_dig(request)
    step = Pos(0, 0, -1 if down else 1)
    end = c.pos
    for _ in range(squares):
        nxt = end + step
        if not _open_or_dirt(state, nxt, c.n):
            raise IllegalMoveError(
                f"{what}: {tuple(nxt)} is ground harder than dirt, an object or off the map",
                rule="DS-MTYPE-02",
            )
        end = nxt
    model = MoveModel(state, c, "burrow")
    if not model.can_end(end):
        raise IllegalMoveError(f"{what}: {model.blocker_at(end)!r} is there", rule="DS-MOVE-04")
    enc = try_place(state, creature, c.pos, end, (), final=True)
    event = Dug(
        creature=creature,
        start=c.pos,
        end=end,
        squares=squares,
        max_squares=c.size.value,
        rules=("DS-MTYPE-03", "DS-MTYPE-04"),
    )
    return Outcome(enc, (event,))


@attrs.frozen
class ClawDirt(Action):
    """Claw Dirt: a creature that can't burrow digs 1 square, power roll + Might as input (DS-MTYPE-10).

    ≤11: it moves and is slowed and weakened (EoT); 12-16: it is slowed (EoT) and moves only if
    it spends its main action this turn (``use_main_action``); 17+: it moves.
    """

    creature: str = attrs.field(validator=ident("DS-MTYPE-10"))
    destination: Pos = attrs.field(converter=_destination)
    roll: int = attrs.field(validator=whole("DS-MTYPE-10", lo=-100, hi=100))
    use_main_action: bool = attrs.field(default=False, validator=flag("DS-MTYPE-10"))

    def verify(self, state: Encounter) -> None:
        """Raise unless the creature may claw 1 square through dirt now (DS-MTYPE-10)."""
        _check_claw_dirt(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Claw through the dirt."""
        return _claw_dirt(state, self)


def _check_claw_dirt(state: Encounter, request: ClawDirt) -> int:
    """Raise unless the creature may claw 1 square through dirt now; the tier of its roll (DS-MTYPE-10)."""
    creature, dest = request.creature, request.destination
    c = state.creature(creature)
    what = f"claw dirt {creature!r} to {tuple(dest)}"
    if c.has_movement(MovementType.BURROW):
        raise ActionUnavailableError(
            f"{what}: it can burrow; Claw Dirt is for creatures that can't", rule="DS-MTYPE-10"
        )
    now = current_speed(state, creature)
    if now < CLAW_DIRT_MIN_SPEED:
        raise ActionUnavailableError(f"{what}: its speed {now} is below 2", rule="DS-MTYPE-10")
    if cell_distance(c.pos, dest) != 1:
        raise IllegalMoveError(f"{what}: Claw Dirt moves exactly 1 square", rule="DS-MTYPE-10")
    if not _open_or_dirt(state, dest, c.n):
        raise IllegalMoveError(
            f"{what}: the square is ground harder than dirt, an object or off the map", rule="DS-MTYPE-10"
        )
    dirt = any(_burrowable(state, cell) for cell in (*cube(dest, c.n), *cube(c.pos, c.n)))
    if not dirt or not _touches_dirt(state, c.pos, c.n):
        raise IllegalMoveError(
            f"{what}: the move is not into, out of or through dirt it touches", rule="DS-MTYPE-10"
        )
    return power_roll_tier(request.roll, rule="DS-MTYPE-10")


def _claw_dirt(state: Encounter, request: ClawDirt) -> Outcome:
    tier = _check_claw_dirt(state, request)
    creature, dest, roll, use_main_action = (
        request.creature,
        request.destination,
        request.roll,
        request.use_main_action,
    )
    c = state.creature(creature)
    what = f"claw dirt {creature!r} to {tuple(dest)}"
    moves = tier != 2 or use_main_action
    result = {
        1: "moves 1 square; slowed and weakened (EoT)",
        2: "slowed (EoT); " + ("moves 1 square with its main action" if use_main_action else "does not move"),
        3: "moves 1 square",
    }[tier]
    events: list[Event] = [
        PowerRollResolved(
            creature=creature,
            purpose="Claw Dirt (Might)",
            roll=roll,
            tier=tier,
            result=result,
            rules=("DS-MTYPE-10",),
        )
    ]
    enc = state
    if moves:
        model = MoveModel(state, c, "burrow")
        if not model.can_end(dest):
            raise IllegalMoveError(f"{what}: {model.blocker_at(dest)!r} is there", rule="DS-MOVE-04")
        # a creature that can't burrow can't stand inside dirt: the squares it claws open stay open
        dug = {cell: Cell() for cell in cube(dest, c.n) if _burrowable(state, cell)}
        enc = state.with_terrain(state.terrain.with_cells(dug)) if dug else state
        enc = try_place(enc, creature, c.pos, dest, (), final=True)
        events.append(
            Moved(
                creature=creature,
                mode="claw dirt",
                start=c.pos,
                end=dest,
                path=(dest,),
                step_costs=(1,),
                budget=1,
                spent=1,
                rules=("DS-MTYPE-10",),
            )
        )
    out = Outcome(enc, tuple(events))
    if tier <= 2:
        out = out.then(impose_condition, creature, ConditionName.SLOWED, Duration.EOT, source="Claw Dirt")
    if tier == 1:
        out = out.then(impose_condition, creature, ConditionName.WEAKENED, Duration.EOT, source="Claw Dirt")
    return out


@attrs.frozen
class PullUp(Action):
    """Maneuver: a creature on the ground pulls a willing adjacent burrower 1 square up (DS-MTYPE-09)."""

    helper: str = attrs.field(validator=ident("DS-MTYPE-09"))
    target: str = attrs.field(validator=ident("DS-MTYPE-09"))
    willing: bool = attrs.field(default=True, validator=flag("DS-MTYPE-09"))

    def verify(self, state: Encounter) -> None:
        """Raise unless the helper may pull the target up now (DS-MTYPE-09).

        The helper stands on the ground, adjacent to a willing target beneath the ground.
        """
        _check_pull_up(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Pull the target up."""
        return _pull_up(state, self)


def _check_pull_up(state: Encounter, request: PullUp) -> None:
    """Raise unless the helper may pull the target up now (:meth:`PullUp.verify`)."""
    helper, target, willing = request.helper, request.target, request.willing
    h = state.creature(helper)
    t = state.creature(target)
    what = f"pull {target!r} up with {helper!r}"
    if helper == target:
        raise InvalidArgumentError(f"{what}: a creature can't pull itself up", rule="DS-MTYPE-09")
    if h.dead or beneath_the_ground(state, helper) or not state.is_supported(h.pos, h.n):
        raise ActionUnavailableError(f"{what}: {helper!r} is not standing on the ground", rule="DS-MTYPE-09")
    if not beneath_the_ground(state, target):
        raise ActionUnavailableError(f"{what}: {target!r} is not beneath the ground", rule="DS-MTYPE-09")
    if distance(h.pos, h.n, t.pos, t.n) != 1:
        raise ActionUnavailableError(f"{what}: the two are not adjacent", rule="DS-MTYPE-09")
    if not willing:
        raise ActionUnavailableError(f"{what}: {target!r} is not willing", rule="DS-MTYPE-09")


def _pull_up(state: Encounter, request: PullUp) -> Outcome:
    _check_pull_up(state, request)
    helper, target = request.helper, request.target
    t = state.creature(target)
    what = f"pull {target!r} up with {helper!r}"
    end = Pos(t.pos.x, t.pos.y, t.pos.z + 1)
    if not _open_or_dirt(state, end, t.n):
        raise IllegalMoveError(
            f"{what}: {tuple(end)} is ground harder than dirt or an object", rule="DS-MTYPE-02"
        )
    enc = try_place(state, target, t.pos, end, (), final=True)
    moved = Moved(
        creature=target,
        mode="pull up",
        start=t.pos,
        end=end,
        path=(end,),
        step_costs=(0,),
        rules=("DS-MTYPE-09",),
    )
    return Outcome(enc, (moved,))


__all__ = ["ClawDirt", "Dig", "PullUp"]
