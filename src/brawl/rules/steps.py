"""The step rules of a willing move: one step's legality and cost, one home (R-MOVE-1, R-GEO-4, R-GEO-5).

:class:`MoveModel` says whether one step of a willing move is legal and what it costs, for one
creature in one movement mode (:meth:`MoveModel.check_step`, the one home of a step's legality);
the bit-set searches cut their masks with the same definitions (:mod:`brawl.rules.step_masks`,
:mod:`brawl.rules.step_masks3`) and a differential test holds every step they take or leave to
``check_step``. Step costs (R-MOVE-1): 1 per square, diagonals included
(DS-GRID-03); +1 if any newly entered cell is difficult terrain or an enemy's space (DS-MOVE-03,
DS-MOVE-12); +1 while crawling (DS-MTYPE-22); +1 for a climbing or swimming step without that
movement type (DS-MTYPE-12). What the condition rules decide (current speed, grabs, riders) is
given to it by the caller.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal

import attrs

from brawl.checks import whole_number
from brawl.conditions import ConditionName
from brawl.creature import Creature, MovementType
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.geometry import HORIZONTAL_DIRECTIONS, SPATIAL_DIRECTIONS, Pos, corner_cells, cube, distance
from brawl.rules.burrowing import BURROWABLE
from brawl.state import Encounter

Mode = Literal["advance", "shift", "disengage", "crawl", "fly", "climb", "swim", "burrow"]
MODES: tuple[str, ...] = ("advance", "shift", "disengage", "crawl", "fly", "climb", "swim", "burrow")
"""The movement modes a willing move can use."""
WALK_MODES = frozenset({"advance", "shift", "disengage", "crawl"})
"""Modes that move over the ground, one level, 8 horizontal directions (DS-MOVE-14)."""
SPACE_MODES = frozenset({"fly", "swim", "climb"})
"""Modes that move in 26 directions over every level (DS-MTYPE-01)."""
_LEVEL_MODES = WALK_MODES | {"burrow"}
"""Modes that move on one level, 8 horizontal directions: the one-level bit-set search."""
SHIFT_MODES = frozenset({"shift", "disengage"})
"""Modes that shift: no opportunity attacks, no difficult or damaging terrain (DS-MOVE-09, DS-MOVE-10)."""

STEP_COST = 1  # DS-GRID-03: every adjacent square, diagonals included, costs 1
DIFFICULT_SURCHARGE = 1  # DS-MOVE-12 (and DS-MOVE-03: an enemy's space is difficult terrain)
CRAWL_SURCHARGE = 1  # DS-MTYPE-22
CLIMB_SWIM_SURCHARGE = 1  # DS-MTYPE-12: 2 per square without the movement type
STOP_SIZE_GAP = 2  # DS-MOVE-04, R-SIZE-1: may stop in a space of a creature 2+ sizes apart
DISENGAGE_SQUARES = 1  # DS-ACT-02: the Disengage move action shifts 1 square
MAX_BUDGET = 1_000_000
"""Largest movement budget accepted; the search itself never looks past the map."""


def check_budget(value: object, *, what: str = "budget") -> int:
    """A whole number of movement points from 0 to :data:`MAX_BUDGET`, or InvalidArgumentError."""
    return whole_number(value, 0, MAX_BUDGET, what=what, rule="DS-MOVE-07")


def budget_field(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A request field's check: a movement budget is None or a whole number of squares (DS-MOVE-07)."""
    if value is not None:
        check_budget(value, what=f"{type(instance).__name__}.{attribute.name}")


def mode_field(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A request field's check: one of the movement :data:`MODES` (DS-MTYPE-01)."""
    message = f"{type(instance).__name__}.{attribute.name} {value!r}: one of {', '.join(MODES)}"
    if not isinstance(value, str):
        raise ArgumentTypeError(message, rule="DS-MTYPE-01")
    if value not in MODES:
        raise InvalidArgumentError(message, rule="DS-MTYPE-01")


@functools.lru_cache(maxsize=1024)
def _corner_offsets(n: int, d: Pos) -> tuple[Pos, ...]:
    """The corner cells of a step ``d`` of an n-cube, relative to its start (R-GEO-4)."""
    return tuple(sorted(corner_cells(Pos(0, 0, 0), n, d)))


@functools.lru_cache(maxsize=128)
def _movement_kinds(movement: frozenset[MovementType]) -> tuple[bool, bool, bool]:
    """Whether a speed entry has climb, swim and fly (DS-MTYPE-01)."""
    return MovementType.CLIMB in movement, MovementType.SWIM in movement, MovementType.FLY in movement


@attrs.frozen
class Refusal:
    """Why a step is illegal: the reason and the rule IDs."""

    reason: str
    rules: tuple[str, ...]


def _bad_mode(mode: object) -> InvalidArgumentError:
    return InvalidArgumentError(f"mode {mode!r}: one of {', '.join(MODES)}", rule="DS-MTYPE-01")


class MoveModel:
    """The rules of one step of a willing move for one creature in one mode (R-MOVE-1, R-GEO-4, R-GEO-5).

    ``carried`` are its riders (DS-MOUNT-03) and ``dragged`` the creatures it has grabbed
    (RB1-GRABBED): both move by the same steps, must fit where they go and can't end in the space
    of a creature within 1 size of their own; none of them blocks the mover.
    """

    __slots__ = (
        "_memo",
        "base",
        "climber",
        "companions",
        "creature",
        "dragged",
        "flyer",
        "fright",
        "ignore",
        "mode",
        "n",
        "prone",
        "squeeze",
        "state",
        "swimmer",
    )

    def __init__(
        self,
        state: Encounter,
        creature: Creature,
        mode: str,
        *,
        squeeze: bool = False,
        carried: Iterable[Creature] = (),
        dragged: Iterable[Creature] = (),
    ) -> None:
        if mode not in MODES:
            raise _bad_mode(mode)
        self.state = state
        self.creature = creature
        self.mode = mode
        self.n = creature.size.squares
        self.squeeze = squeeze
        self.companions: tuple[tuple[Creature, tuple[str, ...]], ...] = ()
        self.dragged: tuple[Creature, ...] = ()
        riders: tuple[Creature, ...] = ()
        if carried or dragged:  # the defaults, and empty sequences, carry and drag no one
            self.dragged = tuple(dragged)
            riders = tuple(carried)
        if riders or self.dragged:
            self.companions = tuple(
                [(r, ("DS-MOUNT-03", "R-GEO-5")) for r in riders]
                + [(g, ("RB1-GRABBED", "R-GEO-5")) for g in self.dragged]
            )
            self.ignore = frozenset({creature.id, *(c.id for c, _ in self.companions)})
        else:
            self.ignore = frozenset((creature.id,))
        self.climber, self.swimmer, self.flyer = _movement_kinds(creature.movement)
        self._memo: dict[tuple[str, Pos], bool] = {}
        self.fright: Creature | None = None
        if not creature.conditions:
            self.prone = False
            self.base = STEP_COST  # DS-GRID-03
            return
        self.prone = creature.has(ConditionName.PRONE)
        self.base = STEP_COST + (CRAWL_SURCHARGE if self.prone else 0)  # DS-GRID-03, DS-MTYPE-22
        for cond in creature.conditions_named(ConditionName.FRIGHTENED):
            src = state.creatures.get(cond.source) if cond.source else None
            if src is not None and not src.dead and src.id != creature.id:
                self.fright = src

    # cells --------------------------------------------------------------------------------
    @property
    def directions(self) -> tuple[Pos, ...]:
        """The unit steps of this mode: 8 horizontal, or 26 for climbing, swimming and flying."""
        if self.mode in ("climb", "swim", "fly"):
            return SPATIAL_DIRECTIONS
        return HORIZONTAL_DIRECTIONS

    def _cached(self, kind: str, p: Pos, compute: Callable[[Pos], bool]) -> bool:
        key = (kind, p)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = compute(p)
        return found

    def _cell_open(self, p: Pos) -> bool:
        return self._cached("open", p, self._cell_open_now)

    def _cell_open_now(self, p: Pos) -> bool:
        state = self.state
        if state.object_at(p) is not None:
            return False
        cell = state.terrain.cell(p)
        if not cell.solid:
            return True
        return self.mode == "burrow" and cell.material in BURROWABLE

    def fits(self, q: Pos) -> bool:
        """Whether the mover's cube fits at ``q`` (R-GEO-5; burrowers pass through dirt, DS-MTYPE-02)."""
        return self._cached("fits", q, self._fits_now)

    def _fits_now(self, q: Pos) -> bool:
        if self.mode != "burrow":
            return self.state.fits(q, self.n)
        if not self.state.terrain.cube_in_bounds(q, self.n):
            return False
        return all(self._cell_open(c) for c in cube(q, self.n))

    def liquid(self, q: Pos) -> bool:
        """Whether any cell of the cube at ``q`` is liquid: a step there is swimming (DS-MTYPE-11)."""
        return self._cached("liquid", q, lambda p: self.state.terrain.is_liquid(p, self.n))

    def held(self, q: Pos) -> bool:
        """Whether the mover can stay at ``q``: on the ground, in liquid, clinging, dug in or flying."""
        return self._cached("held", q, self._held_now)

    def _held_now(self, q: Pos) -> bool:
        state = self.state
        if state.is_supported(q, self.n) or self.liquid(q):
            return True
        if self.mode == "fly":
            return True
        if self.mode == "burrow":
            return any(state.terrain.cell(c).material in BURROWABLE for c in cube(q, self.n))
        if self.mode == "climb":
            return self._touches_surface(q)
        return False

    def _touches_surface(self, q: Pos) -> bool:
        """Whether a wall, a ledge's edge or an object touches the cube (side, corner, above or below)."""
        n = self.n
        x0, y0, z0 = q
        blocked = self.state.is_blocked
        in_bounds = self.state.terrain.in_bounds
        for z in range(z0 - 1, z0 + n + 1):
            inside_z = z0 <= z < z0 + n
            for y in range(y0 - 1, y0 + n + 1):
                inside_y = y0 <= y < y0 + n
                for x in range(x0 - 1, x0 + n + 1):
                    if inside_z and inside_y and x0 <= x < x0 + n:
                        continue
                    cell = Pos(x, y, z)
                    if in_bounds(cell) and blocked(cell):  # the map's edge is no wall to climb
                        return True
        return False

    def _entered(self, p: Pos, q: Pos) -> Iterator[Pos]:
        if self.n == 1:
            yield q
            return
        old = set(cube(p, self.n))
        for c in cube(q, self.n):
            if c not in old:
                yield c

    def is_enemy(self, cid: str) -> bool:
        """Whether a creature is on another side than the mover (DS-SIDE-01, DS-SIDE-02)."""
        return self.state.creature(cid).side != self.creature.side

    def _enemy_cell(self, c: Pos) -> bool:
        return self._cached("enemy", c, self._enemy_cell_now)

    def _enemy_cell_now(self, c: Pos) -> bool:
        return any(oid not in self.ignore and self.is_enemy(oid) for oid in self.state.occupants(c))

    def forbidden_for_shift(self, p: Pos) -> bool:
        """Whether a shift can't enter or stay in ``p``: difficult, damaging, enemy space (DS-MOVE-10)."""
        terrain = self.state.terrain
        if terrain.is_difficult(p, self.n) or terrain.is_damaging(p, self.n):
            return True
        return any(self._enemy_cell(c) for c in cube(p, self.n))

    # steps --------------------------------------------------------------------------------
    def check_step(self, p: Pos, q: Pos, *, last: bool = False) -> int | Refusal:
        """The cost of stepping from ``p`` to ``q``, or why the step is illegal.

        ``last`` allows a final step off a ledge into a space that holds nothing up (the
        creature then falls, DS-FALL-01); :func:`reachable` never ends there.
        """
        d = q - p
        if d not in self.directions:
            kind = "8 horizontal" if self.directions is HORIZONTAL_DIRECTIONS else "26"
            return Refusal(
                f"{tuple(q)} is not one step from {tuple(p)} ({kind} directions in {self.mode} mode)",
                ("DS-GRID-03", "R-GEO-2"),
            )
        if not self.fits(q):
            if self.mode == "burrow":
                return Refusal(
                    f"{tuple(q)} is off the map, filled by an object or by ground harder than dirt",
                    ("DS-MTYPE-02", "R-GEO-5"),
                )
            return Refusal(f"{tuple(q)} is off the map or filled by a wall or an object", ("R-GEO-5",))
        px, py, pz = p
        for ox, oy, oz in _corner_offsets(self.n, d):
            c = Pos(px + ox, py + oy, pz + oz)
            if not self._cell_open(c):
                return Refusal(
                    f"the diagonal step {tuple(p)} → {tuple(q)} cuts the corner of {tuple(c)}",
                    ("DS-MOVE-08", "R-GEO-4"),
                )
        if self.prone and self.liquid(q):
            return Refusal(f"{tuple(q)} is liquid and a prone creature can't swim", ("RB1-PRONE",))
        if not self.held(q) and not (last and self.mode in WALK_MODES | {"burrow"}):
            return Refusal(
                f"nothing holds {self.creature.id!r} up at {tuple(q)} in {self.mode} mode",
                ("DS-MOVE-14", "DS-MTYPE-24"),
            )
        if self.mode in SHIFT_MODES:
            for where in (p, q):
                if self.forbidden_for_shift(where):
                    return Refusal(
                        f"{tuple(where)} is difficult or damaging terrain or an enemy's space: "
                        "no shifting into or within it",
                        ("DS-MOVE-10", "DS-MOVE-03"),
                    )
        if self.fright is not None:
            f = self.fright
            if distance(q, self.n, f.pos, f.n) < distance(p, self.n, f.pos, f.n):
                return Refusal(
                    f"{tuple(q)} is closer to {f.id!r}, the source of its fear", ("RB1-FRIGHTENED",)
                )
        if self.companions:
            shift = q - self.creature.pos
            for other, rules in self.companions:
                there = other.pos + shift
                if not self.state.fits(there, other.n):
                    return Refusal(f"{other.id!r}, moving along, does not fit at {tuple(there)}", rules)
        return self._cost(p, q)

    def _cost(self, p: Pos, q: Pos) -> int:
        cost = self.base
        terrain = self.state.terrain
        for c in self._entered(p, q):
            if terrain.cell(c).difficult or self._enemy_cell(c):
                cost += DIFFICULT_SURCHARGE
                break
        if self.liquid(q):
            if not self.swimmer:
                cost += CLIMB_SWIM_SURCHARGE
        elif not self.climber and self.climbing(p, q):
            cost += CLIMB_SWIM_SURCHARGE
        return cost

    def climbing(self, p: Pos, q: Pos) -> bool:
        """Whether a climb-mode step leaves the ground: it rises, sinks or ends unsupported (DS-MTYPE-11)."""
        return self.mode == "climb" and (q.z != p.z or not self.state.is_supported(q, self.n))

    def climbing_or_swimming(self, p: Pos, q: Pos) -> bool:
        """Whether the step climbs or swims (DS-MTYPE-11, DS-MTYPE-13)."""
        return self.liquid(q) or self.climbing(p, q)

    def cost(self, p: Pos, q: Pos) -> int:
        """The cost of the step from ``p`` to ``q``, its legality unchecked (R-MOVE-1)."""
        return self._cost(p, q)

    def step(self, p: Pos, q: Pos) -> int | None:
        """The cost of a legal step, None for an illegal one."""
        r = self.check_step(p, q)
        return r if isinstance(r, int) else None

    def can_end(self, q: Pos) -> bool:
        """Whether the move may stop at ``q``: no creature within 1 size shares it (DS-MOVE-04, R-SIZE-1)."""
        if not self.squeeze and self.blocker_at(q) is not None:
            return False
        return self.companion_blocker_at(q) is None

    def blocker_at(self, q: Pos) -> str | None:
        """Id of a creature within 1 size whose space the mover can't stop in (DS-MOVE-04)."""
        return self._blocker(q, self.creature)

    def companion_blocker_at(self, q: Pos) -> str | None:
        """Id of a creature whose space a rider or dragged creature would end in, the mover at ``q``."""
        shift = q - self.creature.pos
        for other, _ in self.companions:
            if self._blocker(other.pos + shift, other) is not None:
                return other.id
        return None

    def _blocker(self, q: Pos, who: Creature) -> str | None:
        size = who.size
        for oid in self.state.creatures_in(q, who.n, exclude=self.ignore):
            if self.state.creature(oid).size.ranks_apart(size) < STOP_SIZE_GAP:
                return oid
        return None

    @property
    def bitset_ok(self) -> bool:
        """Whether the bit-set search applies: one level, 8 directions (walking, shifting, crawling or
        burrowing), riders and dragged creatures included."""
        return self.mode in _LEVEL_MODES

    @property
    def space_bitset_ok(self) -> bool:
        """Whether the 3-D bit-set search applies: a flyer, swimmer or climber, riders and dragged
        creatures included."""
        return self.mode in SPACE_MODES


def mode_refusal(creature: Creature, mode: str) -> Refusal | None:
    """Why a creature can't move in ``mode`` at all, or None (RB1-PRONE, DS-MTYPE-02, DS-MTYPE-24)."""
    if mode not in MODES:
        raise _bad_mode(mode)
    prone = bool(creature.conditions) and creature.has(ConditionName.PRONE)
    if mode == "crawl" and not prone:
        return Refusal(
            f"{creature.id!r} is not prone: drop prone first to crawl", ("DS-MTYPE-22", "DS-MTYPE-23")
        )
    if prone and mode in ("climb", "swim", "fly"):
        return Refusal(f"{creature.id!r} is prone and can't {mode}", ("RB1-PRONE",))
    if mode == "fly" and not creature.has_movement(MovementType.FLY):
        return Refusal(f"{creature.id!r} has no fly in its speed entry", ("DS-MTYPE-24",))
    if mode == "burrow" and not creature.has_movement(MovementType.BURROW):
        return Refusal(f"{creature.id!r} has no burrow in its speed entry", ("DS-MTYPE-02",))
    return None


__all__ = [
    "CLIMB_SWIM_SURCHARGE",
    "CRAWL_SURCHARGE",
    "DIFFICULT_SURCHARGE",
    "DISENGAGE_SQUARES",
    "MAX_BUDGET",
    "MODES",
    "SHIFT_MODES",
    "SPACE_MODES",
    "STEP_COST",
    "STOP_SIZE_GAP",
    "WALK_MODES",
    "Mode",
    "MoveModel",
    "Refusal",
    "budget_field",
    "check_budget",
    "mode_field",
    "mode_refusal",
]
