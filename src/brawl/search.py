"""Reachable squares: the movement model of one step and a fast search over it (R-MOVE-1, R-MOVE-2).

:class:`MoveModel` says whether one step of a willing move is legal and what it costs, for one
creature in one movement mode. :func:`reachable` finds every position the creature can end a
move on and its cheapest cost. Two searches give identical answers:

* a bit-set search for the common case (walking, shifting or crawling on one level): the
  (2B+1)² window around the mover is one Python int per mask with a row stride, each of the 8
  step directions is a shift, and the squares first reached at cost k are the squares of the
  steps that cost c next to layer k-c. A size-1 mover's layer expands in about 15 int
  operations: a diagonal step is a horizontal step onto an open corner whose other corner is
  open, then a vertical one (R-GEO-4). Its cost depends on the budget B, not on the map's size;
* a Dijkstra search over :meth:`MoveModel.step` for everything else (climbing, swimming,
  flying, burrowing, frightened movers, dragged creatures).

Step costs (R-MOVE-1): 1 per square, diagonals included (DS-GRID-03); +1 if any newly entered
cell is difficult terrain or an enemy's space (DS-MOVE-03, DS-MOVE-12); +1 while crawling
(DS-MTYPE-22); +1 for a climbing or swimming step without that movement type (DS-MTYPE-12).
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterable, Iterator
from itertools import repeat
from typing import Literal, cast

import attrs

from brawl.conditions import ConditionName
from brawl.creature import Creature, MovementType
from brawl.errors import IllegalMoveError, InvalidArgumentError
from brawl.geometry import (
    HORIZONTAL_DIRECTIONS,
    SPATIAL_DIRECTIONS,
    Pos,
    as_pos,
    corner_cells,
    cube,
    distance,
)
from brawl.rules.conditions import grabbing, speed
from brawl.state import Encounter
from brawl.terrain import TILE, TILE_STRIDE, Material, Terrain

Mode = Literal["advance", "shift", "disengage", "crawl", "fly", "climb", "swim", "burrow"]
MODES: tuple[str, ...] = ("advance", "shift", "disengage", "crawl", "fly", "climb", "swim", "burrow")
"""The movement modes a willing move can use."""
WALK_MODES = frozenset({"advance", "shift", "disengage", "crawl"})
"""Modes that move over the ground, one level, 8 horizontal directions (DS-MOVE-14)."""
SHIFT_MODES = frozenset({"shift", "disengage"})
"""Modes that shift: no opportunity attacks, no difficult or damaging terrain (DS-MOVE-09, DS-MOVE-10)."""

STEP_COST = 1  # DS-GRID-03: every adjacent square, diagonals included, costs 1
DIFFICULT_SURCHARGE = 1  # DS-MOVE-12 (and DS-MOVE-03: an enemy's space is difficult terrain)
CRAWL_SURCHARGE = 1  # DS-MTYPE-22
CLIMB_SWIM_SURCHARGE = 1  # DS-MTYPE-12: 2 per square without the movement type
STOP_SIZE_GAP = 2  # DS-MOVE-04, R-SIZE-1: may stop in a space of a creature 2+ sizes apart

Algorithm = Literal["auto", "bitset", "dijkstra"]


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
        self.n = creature.n
        self.squeeze = squeeze
        self.dragged = tuple(dragged)
        riders = tuple(carried)
        self.companions: tuple[tuple[Creature, tuple[str, ...]], ...] = ()
        if riders or self.dragged:
            self.companions = tuple(
                [(r, ("DS-MOUNT-03", "R-GEO-5")) for r in riders]
                + [(g, ("RB1-GRABBED", "R-GEO-5")) for g in self.dragged]
            )
            self.ignore = frozenset({creature.id, *(c.id for c, _ in self.companions)})
        else:
            self.ignore = frozenset((creature.id,))
        conditions = creature.conditions
        self.prone = bool(conditions) and creature.has(ConditionName.PRONE)
        self.climber, self.swimmer, self.flyer = _movement_kinds(creature.movement)
        self._memo: dict[tuple[str, Pos], bool] = {}
        self.fright: Creature | None = None
        for cond in creature.conditions_named(ConditionName.FRIGHTENED) if conditions else ():
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
        return self.mode == "burrow" and cell.material is Material.DIRT

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
            return any(state.terrain.cell(c).material is Material.DIRT for c in cube(q, self.n))
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

    def _forbidden_for_shift(self, p: Pos) -> bool:
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
                if self._forbidden_for_shift(where):
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
        cost = STEP_COST
        terrain = self.state.terrain
        for c in self._entered(p, q):
            if terrain.cell(c).difficult or self._enemy_cell(c):
                cost += DIFFICULT_SURCHARGE
                break
        if self.prone:
            cost += CRAWL_SURCHARGE
        if self.liquid(q):
            if not self.swimmer:
                cost += CLIMB_SWIM_SURCHARGE
        elif (
            self.mode == "climb"
            and not self.climber
            and (q.z != p.z or not self.state.is_supported(q, self.n))
        ):
            cost += CLIMB_SWIM_SURCHARGE
        return cost

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
        """Whether the bit-set search applies: one level, 8 directions, nothing carried, not frightened."""
        return self.mode in WALK_MODES and not self.companions and self.fright is None


# --------------------------------------------------------------------------------------------
# results


class _Backend:
    """Costs of the positions a search reached (pass-through positions included)."""

    def cost_of(self, p: Pos) -> int | None:  # pragma: no cover - interface
        raise NotImplementedError

    def endpoints(self) -> Iterator[tuple[Pos, int]]:  # pragma: no cover - interface
        raise NotImplementedError

    def is_endpoint(self, p: Pos) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def count(self) -> int:  # pragma: no cover - interface
        raise NotImplementedError


class _DictBackend(_Backend):
    __slots__ = ("costs", "ends")

    def __init__(self, costs: dict[Pos, int], ends: frozenset[Pos]) -> None:
        self.costs = costs
        self.ends = ends

    def cost_of(self, p: Pos) -> int | None:
        return self.costs.get(p)

    def endpoints(self) -> Iterator[tuple[Pos, int]]:
        items = sorted((self.costs[p], p.z, p.y, p.x) for p in self.ends)
        for c, z, y, x in items:
            yield Pos(x, y, z), c

    def is_endpoint(self, p: Pos) -> bool:
        return p in self.ends

    def count(self) -> int:
        return len(self.ends)


class _BitsetBackend(_Backend):
    """The layers of a bit-set search; the positions the mover may end on are found on first use."""

    __slots__ = (
        "_ends",
        "_model",
        "_x1",
        "_y1",
        "layers",
        "stride",
        "visited",
        "x0",
        "y0",
        "z",
    )

    def __init__(
        self,
        layers: list[int],
        visited: int,
        x0: int,
        y0: int,
        stride: int,
        z: int,
        x1: int,
        y1: int,
        model: MoveModel,
    ):
        self.layers = layers
        self.visited = visited
        self.x0 = x0
        self.y0 = y0
        self.stride = stride
        self.z = z
        self._x1 = x1
        self._y1 = y1
        self._model = model
        self._ends: int | None = None

    @property
    def ends(self) -> int:
        """The visited positions the mover may stop on: none within 1 size shares them (DS-MOVE-04)."""
        ends = self._ends
        if ends is None:
            model = self._model
            if model.squeeze:
                ends = self.visited
            else:
                size = model.creature.size
                rank = size.rank
                ignore = model.ignore
                x0, y0, x1, y1, z, n, s = self.x0, self.y0, self._x1, self._y1, self.z, model.n, self.stride
                stay = 0
                for other in _window_creatures(model.state, x0, y0, x1, y1, z, z + n):
                    if other.dead or other.id in ignore:
                        continue
                    osize = other.size
                    if osize is size or abs(osize.rank - rank) < STOP_SIZE_GAP:
                        stay |= _space(other, x0, y0, x1, y1, z, z + n, s)
                ends = (self.visited & ~_foot(stay, n, s)) | self.layers[0]
            self._ends = ends
        return ends

    def _bit(self, p: Pos) -> int:
        if p.z != self.z:
            return -1
        col = p.x - self.x0
        row = p.y - self.y0
        if col < 0 or row < 0 or col >= self.stride - 1:
            return -1
        return row * self.stride + col

    def cost_of(self, p: Pos) -> int | None:
        i = self._bit(p)
        if i < 0 or not (self.visited >> i) & 1:
            return None
        for k, layer in enumerate(self.layers):
            if (layer >> i) & 1:
                return k
        return None  # pragma: no cover - visited is the union of the layers

    def endpoints(self) -> Iterator[tuple[Pos, int]]:
        s = self.stride
        for k, layer in enumerate(self.layers):
            bits = layer & self.ends
            while bits:
                low = bits & -bits
                i = low.bit_length() - 1
                bits ^= low
                yield Pos(self.x0 + i % s, self.y0 + i // s, self.z), k

    def is_endpoint(self, p: Pos) -> bool:
        i = self._bit(p)
        return i >= 0 and bool((self.ends >> i) & 1)

    def count(self) -> int:
        return self.ends.bit_count()


@attrs.frozen(eq=False)
class Reachable:
    """Where a creature can end a move this time, and the cheapest cost to each (R-MOVE-1, R-MOVE-2).

    ``pos in result``, ``result.cost(pos)``, ``result.path_to(pos)``, ``len(result)`` and
    iteration (cheapest first, then by z, y, x). The start is included at cost 0. Positions the
    mover may pass through but not stop on (another creature's space, DS-MOVE-04) are left out.
    """

    creature: str
    """The mover."""
    origin: Pos
    """Where the move starts."""
    budget: int
    """Movement points searched."""
    mode: str
    """The movement mode."""
    algorithm: str
    """"bitset" or "dijkstra": which search answered."""
    _model: MoveModel = attrs.field(repr=False)
    _backend: _Backend = attrs.field(repr=False)

    def __contains__(self, pos: object) -> bool:
        try:
            p = as_pos(pos)  # type: ignore[arg-type]
        except InvalidArgumentError:
            return False
        return self._backend.is_endpoint(p)

    def __len__(self) -> int:
        return self._backend.count()

    def __iter__(self) -> Iterator[Pos]:
        return (p for p, _ in self._backend.endpoints())

    def items(self) -> Iterator[tuple[Pos, int]]:
        """(position, cost) pairs, cheapest first."""
        return self._backend.endpoints()

    def costs(self) -> dict[Pos, int]:
        """Every reachable position and its cost, as a new dict."""
        return dict(self._backend.endpoints())

    def cost(self, pos: Iterable[int]) -> int:
        """The cheapest cost to end at ``pos``; :class:`IllegalMoveError` if it can't be reached."""
        p = self._endpoint(pos)
        c = self._backend.cost_of(p)
        assert c is not None
        return c

    def path_to(self, pos: Iterable[int]) -> tuple[Pos, ...]:
        """A cheapest path to ``pos``: the positions entered, in order (start excluded)."""
        q = self._endpoint(pos)
        path: list[Pos] = []
        model = self._model
        cost_of = self._backend.cost_of
        cq = cost_of(q)
        assert cq is not None
        while q != self.origin:
            for d in model.directions:
                p = q - d
                cp = cost_of(p)
                if cp is None or cp >= cq:
                    continue
                c = model.step(p, q)
                if c is not None and cp + c == cq:
                    path.append(q)
                    q, cq = p, cp
                    break
            else:  # pragma: no cover - every reached position has a cheapest predecessor
                raise AssertionError(f"no predecessor for {tuple(q)}")
        path.reverse()
        return tuple(path)

    def _endpoint(self, pos: Iterable[int]) -> Pos:
        p = as_pos(pos)
        if not self._backend.is_endpoint(p):
            raise IllegalMoveError(
                f"{self.creature!r} can't end a {self.mode} move at {tuple(p)} with {self.budget} movement",
                rule=("R-MOVE-1", "R-MOVE-2"),
            )
        return p


# --------------------------------------------------------------------------------------------
# the searches


def search(
    model: MoveModel, origin: Pos, budget: int, *, algorithm: Algorithm = "auto"
) -> tuple[_Backend, str]:
    """Run the bit-set or the Dijkstra search from ``origin`` with ``budget`` movement points."""
    if algorithm not in ("auto", "bitset", "dijkstra"):
        raise InvalidArgumentError(f"algorithm {algorithm!r}: auto, bitset or dijkstra", rule="R-MOVE-1")
    if algorithm == "bitset" and not model.bitset_ok:
        raise InvalidArgumentError(
            f"algorithm 'bitset': the {model.mode} mode of {model.creature.id!r} needs the general search",
            rule="R-MOVE-1",
        )
    if algorithm == "bitset" and budget > BITSET_MAX_BUDGET:
        raise InvalidArgumentError(
            f"algorithm 'bitset': budget {budget} above {BITSET_MAX_BUDGET}", rule="R-MOVE-1"
        )
    if algorithm == "bitset" or (algorithm == "auto" and model.bitset_ok and budget <= BITSET_MAX_BUDGET):
        return _bitset(model, origin, budget), "bitset"
    terrain = model.state.terrain
    span = 2 * budget + 1
    levels = 1 if model.directions is HORIZONTAL_DIRECTIONS else min(span, terrain.height + terrain.below)
    if min(span, terrain.width) * min(span, terrain.depth) * levels > MAX_SEARCH_POSITIONS:
        raise InvalidArgumentError(
            f"budget {budget}: the {model.mode} search could cover more than {MAX_SEARCH_POSITIONS:,} "
            "positions; ask with a smaller budget",
            rule="DS-MOVE-07",
        )
    return _dijkstra(model, origin, budget), "dijkstra"


BITSET_MAX_BUDGET = 256
"""Largest budget the bit-set search takes by itself: it keeps one window-sized int per cost layer."""
MAX_SEARCH_POSITIONS = 250_000
"""Largest number of positions a search may reach before it is refused as too large."""


def _dijkstra(model: MoveModel, origin: Pos, budget: int) -> _DictBackend:
    costs: dict[Pos, int] = {origin: 0}
    heap: list[tuple[int, int, int, int]] = [(0, origin.z, origin.y, origin.x)]
    done: set[Pos] = set()
    dirs = model.directions
    if model.mode in SHIFT_MODES and model._forbidden_for_shift(origin):
        dirs = ()
    while heap:
        c, z, y, x = heapq.heappop(heap)
        p = Pos(x, y, z)
        if p in done:
            continue
        done.add(p)
        for d in dirs:
            q = p + d
            if q in done:
                continue
            step = model.step(p, q)
            if step is None:
                continue
            nc = c + step
            if nc <= budget and nc < costs.get(q, budget + 1):
                costs[q] = nc
                heapq.heappush(heap, (nc, q.z, q.y, q.x))
                if len(costs) > MAX_SEARCH_POSITIONS:
                    raise InvalidArgumentError(
                        f"budget {budget}: the search passed {MAX_SEARCH_POSITIONS:,} positions; "
                        "ask with a smaller budget",
                        rule="DS-MOVE-07",
                    )
    ends = frozenset(p for p in costs if p == origin or model.can_end(p))
    return _DictBackend(costs, ends)


def _shl(value: int, by: int) -> int:
    return value << by if by >= 0 else value >> -by


@functools.lru_cache(maxsize=64)
def _rect(stride: int, c0: int, c1: int, r0: int, r1: int) -> int:
    """Bits of columns c0..c1 in rows r0..r1 of a flat grid."""
    row = ((1 << (c1 - c0 + 1)) - 1) << c0
    out = 0
    for r in range(r0, r1 + 1):
        out |= row << (r * stride)
    return out


def _foot(mask: int, n: int, s: int) -> int:
    """Positions whose n x n footprint has a set cell (row stride ``s``)."""
    if n == 1 or not mask:
        return mask
    out = 0
    for j in range(n):
        for i in range(n):
            out |= mask >> (i + j * s)
    return out


def _strip(mask: int, n: int, s: int, dx: int, dy: int) -> int:
    """Positions entered by a step (dx, dy) whose newly entered cells include a set cell."""
    if n == 1 or not mask:
        return mask
    out = 0
    if dx:
        a = n - 1 if dx > 0 else 0
        for j in range(n):
            out |= mask >> (a + j * s)
    if dy:
        b = n - 1 if dy > 0 else 0
        for i in range(n):
            out |= mask >> (i + b * s)
    return out


def _window_terrain(
    terrain: Terrain, x0: int, y0: int, cw: int, ch: int, s: int, z: int, n: int
) -> tuple[int, int, int, int, int]:
    """Solid, difficult, damaging, liquid and supporting cells of the window, one bit per cell."""
    full_row = (1 << cw) - 1
    full = _rect(s, 0, cw - 1, 0, ch - 1)
    if not (-terrain.below <= z and z + n <= terrain.height):
        return full, 0, 0, 0, 0
    blk = dif = dmg = liq = sup = 0
    stored = terrain.stored_rows().get
    ys = range(y0, y0 + ch)
    shifts = range(0, ch * s, s)
    if n == 1:
        # one look-up per row (None where the row is its level's default); each row's cells
        # x0..x1 are cut with one AND where they lie, the window is built from its last row up
        # (shift, AND, OR per row) and shifted down by x0 once at the end
        cut = full_row << x0
        rows = list(map(stored, zip(repeat(z), ys)))
        rows.reverse()
        rare = False
        if all(rows):  # no row is its level's default
            for b, d_, g, lq in cast("list[tuple[int, int, int, int]]", rows):
                blk = (blk << s) | (b & cut)
                dif = (dif << s) | (d_ & cut)
                if g or lq:
                    rare = True
        else:
            default = (cut, 0, 0, 0) if z < 0 else (0, 0, 0, 0)  # the ground levels are solid by default
            for row in rows:
                b, d_, g, lq = default if row is None else row
                blk = (blk << s) | (b & cut)
                dif = (dif << s) | (d_ & cut)
                if g or lq:
                    rare = True
        blk >>= x0
        dif >>= x0
        if rare:
            for shift, row in zip(shifts, rows[::-1], strict=True):
                if row is not None:
                    dmg |= ((row[2] >> x0) & full_row) << shift
                    liq |= ((row[3] >> x0) & full_row) << shift
    else:
        ground_row = (1 << terrain.width) - 1
        levels = range(z, z + n)
        for shift, y in zip(shifts, ys, strict=True):
            b = d_ = g = lq = 0
            for zz in levels:
                row = stored((zz, y))
                if row is None:
                    if zz < 0:
                        b = ground_row
                    continue
                b |= row[0]
                d_ |= row[1]
                g |= row[2]
                lq |= row[3]
            if b:
                blk |= ((b >> x0) & full_row) << shift
            if d_:
                dif |= ((d_ >> x0) & full_row) << shift
            if g:
                dmg |= ((g >> x0) & full_row) << shift
            if lq:
                liq |= ((lq >> x0) & full_row) << shift
    below = z - 1
    if below < -terrain.below:
        return blk, dif, dmg, liq, full  # below the lowest level everything holds (Terrain.supports)
    under = list(map(stored, zip(repeat(below), ys)))
    if below < 0:
        # the ground levels are solid by default: only their stored rows can have holes
        holes = 0
        if any(under):
            for shift, row in zip(shifts, under, strict=True):
                if row is not None:
                    holes |= ((~row[0] >> x0) & full_row) << shift
        return blk, dif, dmg, liq, full & ~holes
    for shift, row in zip(shifts, under, strict=True):
        if row is not None and row[0]:
            sup |= ((row[0] >> x0) & full_row) << shift
    return blk, dif, dmg, liq, sup


def _window_creatures(
    state: Encounter, x0: int, y0: int, x1: int, y1: int, z: int, top: int
) -> Iterable[Creature]:
    """The creatures that may have a cell in the window (a superset), the cheaper way to find them."""
    creatures = state.creatures
    if len(creatures) <= (x1 - x0 + 1) * (y1 - y0 + 1):
        return creatures.values()  # only OR-ed into masks: the order does not matter
    found: dict[str, None] = {}
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            for zz in range(z, top):
                for cid in state.occupants(Pos(x, y, zz)):
                    found[cid] = None
    return [creatures[cid] for cid in found]


def _space(other: Creature, x0: int, y0: int, x1: int, y1: int, z: int, top: int, s: int) -> int:
    """The window bits of a creature's cells on the levels z..top-1 (0 if none lie in the window)."""
    cx, cy, cz = other.pos
    cn = other.size.squares
    if cx > x1 or cy > y1 or cz >= top or cx + cn <= x0 or cy + cn <= y0 or z >= cz + cn:
        return 0
    cx0, cy0 = max(cx, x0), max(cy, y0)
    return _rect(s, cx0 - x0, min(cx + cn - 1, x1) - x0, cy0 - y0, min(cy + cn - 1, y1) - y0)


@functools.lru_cache(maxsize=4096)
def _tile_plan(x0: int, y0: int, cw: int, ch: int) -> tuple[tuple[tuple[int, int, int, int, int], ...], int]:
    """How a window at (x0, y0) (within its first tile) is cut from the tiles it overlaps.

    For each tile (dy, dx tiles from the first): the shift that brings the window's part of the
    tile to bit 0, the mask of that part and the shift that puts it in place; and the full window.
    """
    s = TILE_STRIDE
    x1, y1 = x0 + cw - 1, y0 + ch - 1
    plan = []
    for ty in range(y1 // TILE + 1):
        ya, yb = max(y0, ty * TILE), min(y1, ty * TILE + TILE - 1)
        for tx in range(x1 // TILE + 1):
            xa, xb = max(x0, tx * TILE), min(x1, tx * TILE + TILE - 1)
            shift_in = (ya - ty * TILE) * s + (xa - tx * TILE)
            plan.append((ty, tx, shift_in, _rect(s, 0, xb - xa, 0, yb - ya), (ya - y0) * s + (xa - x0)))
    return tuple(plan), _rect(s, 0, cw - 1, 0, ch - 1)


def _window_tiles(
    terrain: Terrain, x0: int, y0: int, cw: int, ch: int, z: int, n: int
) -> tuple[int, int, int, int, int]:
    """Like :func:`_window_terrain` for a window of at most TILE x TILE cells, row stride TILE_STRIDE.

    The window overlaps at most 4 tiles: one look-up, shift and mask per tile and mask.
    """
    ty0, tx0 = y0 // TILE, x0 // TILE
    plan, full = _tile_plan(x0 - tx0 * TILE, y0 - ty0 * TILE, cw, ch)
    if not (-terrain.below <= z and z + n <= terrain.height):
        return full, 0, 0, 0, 0
    get = terrain.stored_tiles().get
    levels = terrain.tile_levels()
    blk = dif = dmg = liq = 0
    for zz in range(z, z + n):
        if zz not in levels:  # all default: solid ground below z = 0, air above
            if zz < 0:
                blk = full
            continue
        for ty, tx, shift_in, m, shift_out in plan:
            tile = get((zz, ty0 + ty, tx0 + tx))
            if tile is None:
                if zz < 0:  # the ground levels are solid by default
                    blk |= m << shift_out
                continue
            b, d_, g, lq = tile
            if b:
                blk |= ((b >> shift_in) & m) << shift_out
            if d_:
                dif |= ((d_ >> shift_in) & m) << shift_out
            if g:
                dmg |= ((g >> shift_in) & m) << shift_out
            if lq:
                liq |= ((lq >> shift_in) & m) << shift_out
    below = z - 1
    if below < -terrain.below:
        return blk, dif, dmg, liq, full  # below the lowest level everything holds (Terrain.supports)
    if below not in levels:
        return blk, dif, dmg, liq, full if below < 0 else 0
    sup = 0
    for ty, tx, shift_in, m, shift_out in plan:
        tile = get((below, ty0 + ty, tx0 + tx))
        if tile is None:
            if below < 0:
                sup |= m << shift_out
        elif tile[0]:
            sup |= ((tile[0] >> shift_in) & m) << shift_out
    return blk, dif, dmg, liq, sup


def _bitset(model: MoveModel, origin: Pos, budget: int) -> _BitsetBackend:
    """The layered bit-set search over the window around ``origin`` (one level, 8 directions)."""
    state = model.state
    terrain = state.terrain
    n = model.n
    ox, oy, z = origin
    # the cell grid: the cells of every position within B steps, clamped to the map. Corner
    # cells (R-GEO-4) lie inside the footprints of the two positions of a step, so no cell off
    # the map is ever needed once positions are kept on the map.
    width, depth = terrain.width, terrain.depth
    x0 = ox - budget if ox > budget else 0
    x1 = ox + budget + n - 1 if ox + budget + n < width else width - 1
    y0 = oy - budget if oy > budget else 0
    y1 = oy + budget + n - 1 if oy + budget + n < depth else depth - 1
    cw = x1 - x0 + 1
    ch = y1 - y0 + 1
    if cw < TILE_STRIDE and ch <= TILE:
        # the window spans at most 2 x 2 of the map's tiles: cut it from them with their stride
        s = TILE_STRIDE
        blk, dif, dmg, liq, sup = _window_tiles(terrain, x0, y0, cw, ch, z, n)
    else:
        s = cw + 1  # one guard column, always clear in every position mask
        blk, dif, dmg, liq, sup = _window_terrain(terrain, x0, y0, cw, ch, s, z, n)

    # objects: walls and crates fill cells (R-GEO-5) and hold creatures up
    objects = state.objects
    if objects:
        if len(objects) <= cw * ch:
            cells: Iterable[tuple[Pos, bool]] = ((c, True) for o in objects.values() for c in o.cells())
        else:
            cells = (
                (Pos(x, y, zz), state.object_at(Pos(x, y, zz)) is not None)
                for zz in range(z - 1, z + n)
                for y in range(y0, y1 + 1)
                for x in range(x0, x1 + 1)
            )
        for c, present in cells:
            if not present or not (x0 <= c.x <= x1 and y0 <= c.y <= y1):
                continue
            bit = 1 << ((c.y - y0) * s + (c.x - x0))
            if z <= c.z < z + n:
                blk |= bit
            elif c.z == z - 1:
                sup |= bit

    # creatures: enemies' spaces cost +1 (DS-MOVE-03); nobody stops in a space within 1 size (DS-MOVE-04)
    # (allies matter only to where the move may end: the result finds that on first use)
    ene = 0
    mover = model.creature
    side = mover.side
    ignore = model.ignore
    top = z + n
    base = y0 * s + x0
    if s == TILE_STRIDE and len(ignore) == 1:  # only the mover itself, which is no enemy
        # the encounter keeps each side's cells per tile: cut the window from at most 4 tiles
        ty0, tx0 = y0 // TILE, x0 // TILE
        plan = _tile_plan(x0 - tx0 * TILE, y0 - ty0 * TILE, cw, ch)[0]
        get_side = state.side_tiles().get
        for zz in range(z, top):
            for ty, tx, shift_in, m, shift_out in plan:
                for owner, mask in get_side((zz, ty0 + ty, tx0 + tx), ()):
                    if owner != side:
                        ene |= ((mask >> shift_in) & m) << shift_out
        window_creatures: Iterable[Creature] = ()
    else:
        window_creatures = _window_creatures(state, x0, y0, x1, y1, z, top)
    for other in window_creatures:
        if other.side == side:
            continue
        cx, cy, cz = other.pos
        if cx > x1 or cy > y1 or cz >= top:
            continue
        osize = other.size
        cn = osize.squares
        if cx + cn <= x0 or cy + cn <= y0 or z >= cz + cn or other.dead or other.id in ignore:
            continue
        if cn == 1:
            bits = 1 << (cy * s + cx - base)
        else:
            cx0, cy0 = max(cx, x0), max(cy, y0)
            bits = _rect(s, cx0 - x0, min(cx + cn - 1, x1) - x0, cy0 - y0, min(cy + cn - 1, y1) - y0)
        ene |= bits

    # positions the mover may occupy, inside the (2B+1)^2 window
    if n == 1:
        liq_p = liq  # the cells are the positions: every mask already lies inside the window
        held = sup | liq
        standable = held ^ (held & blk)
    else:
        win = _rect(
            s,
            max(ox - budget, 0) - x0,
            min(ox + budget, width - n) - x0,
            max(oy - budget, 0) - y0,
            min(oy + budget, depth - n) - y0,
        )
        liq_p = _foot(liq, n, s)
        standable = win & ~_foot(blk, n, s) & (_foot(sup, n, s) | liq_p)
    if model.prone:
        standable &= ~liq_p  # RB1-PRONE: a prone creature can't swim
    start = 1 << ((oy - y0) * s + (ox - x0))
    shifting = model.mode in SHIFT_MODES
    if shifting:
        forbidden = _foot(dif | dmg | ene, n, s)
        if start & forbidden:
            standable = 0
        standable &= ~forbidden
    swim = liq_p if not model.swimmer else 0
    surcharge = (dif | ene) if not shifting else 0
    base = STEP_COST + (CRAWL_SURCHARGE if model.prone else 0)

    layers = [start]
    unvisited = first = standable & ~start
    # a step into a position of e0, e1, e2 costs base + 0, 1, 2: swimming without a swim speed
    # and entering difficult terrain or an enemy's space each add 1
    ent = swim | surcharge
    e2 = swim & surcharge
    e0 = standable & ~ent
    e1 = standable & ent & ~e2
    a = s + 1
    b = s - 1
    if n == 1:
        # a diagonal step from p to p+(dx, dy) needs its corners p+(dx, 0) and p+(0, dy) open
        # (R-GEO-4): it is a horizontal step onto an open cell whose other corner is open, then a
        # vertical one, so the whole expansion of a layer f is
        #   r | lf | ((r & m_ru | lf & m_lu | f) << s) | ((r & m_rd | lf & m_ld | f) >> s)
        # with r = f << 1 and lf = f >> 1; the masks e0..e2 keep the positions the mover may occupy
        o = _rect(s, 0, cw - 1, 0, ch - 1) & ~blk
        m_ru = o & (o >> b)
        m_lu = o & (o >> a)
        m_rd = o & (o << a)
        m_ld = o & (o << b)
        m_ne = m_nw = m_se = m_sw = 0
    elif not blk:
        m_ne = m_nw = m_se = m_sw = standable
    else:
        # the 4 diagonal steps (shift s+1, s-1, -(s-1), -(s+1)) and their n-cube corners (R-GEO-4)
        m_ne, m_nw, m_se, m_sw = (
            standable
            & ~(
                _shl(blk, -((n - 1 if dx > 0 else 0) + (-1 if dy > 0 else n) * s))
                | _shl(blk, -((-1 if dx > 0 else n) + (n - 1 if dy > 0 else 0) * s))
            )
            for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1))
        )
    longest = base + 2  # the dearest step: after that many empty layers nothing more is reached
    empty_run = 0
    if n == 1 and base == STEP_COST and not e2:
        # the common case: steps cost 1 or 2, so the positions of layer k are the cheap ones next
        # to layer k-1 and the dear ones next to layer k-2 (kept from the last round in ``late``)
        f = start
        late = 0
        for _ in range(budget):
            if f:
                r = f << 1
                lf = f >> 1
                g = r | lf | (((r & m_ru) | (lf & m_lu) | f) << s) | (((r & m_rd) | (lf & m_ld) | f) >> s)
                new = ((g & e0) | late) & unvisited
                late = g & e1
            elif late:
                new = late & unvisited
                late = 0
            else:
                break
            layers.append(new)
            unvisited ^= new
            f = new
    elif n == 1 or not surcharge:
        # the surcharge does not depend on the direction: expand each layer once; a position is
        # first reached at cost k from the expansion of layer k - base - extra
        grown: list[int] = []
        for k in range(1, budget + 1):
            j = k - base
            if j < 0:
                layers.append(0)
                continue
            f = layers[j]
            if not f:
                g = 0
            elif n == 1:
                r = f << 1
                lf = f >> 1
                g = r | lf | (((r & m_ru) | (lf & m_lu) | f) << s) | (((r & m_rd) | (lf & m_ld) | f) >> s)
            elif not blk:
                h = f | (f << 1) | (f >> 1)
                g = h | (h << s) | (h >> s)
            else:
                g = (
                    (f << 1)
                    | (f >> 1)
                    | (f << s)
                    | (f >> s)
                    | ((f << a) & m_ne)
                    | ((f << b) & m_nw)
                    | ((f >> b) & m_se)
                    | ((f >> a) & m_sw)
                )
            grown.append(g)
            cand = g & e0
            if j >= 1 and e1:
                cand |= grown[j - 1] & e1
                if j >= 2 and e2:
                    cand |= grown[j - 2] & e2
            new = cand & unvisited
            layers.append(new)
            if new:
                unvisited ^= new
                empty_run = 0
            else:
                empty_run += 1
                if empty_run >= longest:
                    break
    else:
        # a size-2+ mover: the newly entered cells depend on the direction (R-MOVE-1)
        dirs: list[tuple[int, int, int, int]] = []  # (shift, masks of extra 0, 1, 2)
        for dx, dy, _ in HORIZONTAL_DIRECTIONS:
            by = dx + dy * s
            allowed = standable if not (dx and dy) else {a: m_ne, b: m_nw, -b: m_se, -a: m_sw}[by]
            ent = _strip(surcharge, n, s, dx, dy)
            both = swim & ent
            dirs.append((by, allowed & ~(swim | ent), allowed & (swim | ent) & ~both, allowed & both))
        for k in range(1, budget + 1):
            cand = 0
            for by, m0, m1, m2 in dirs:
                for extra, mask in ((0, m0), (1, m1), (2, m2)):
                    src = k - base - extra
                    if src < 0 or not mask:
                        continue
                    f = layers[src]
                    if f:
                        cand |= (f << by if by > 0 else f >> -by) & mask
            new = cand & unvisited
            layers.append(new)
            if new:
                unvisited ^= new
                empty_run = 0
            else:
                empty_run += 1
                if empty_run >= longest:
                    break
    visited = start | (first ^ unvisited)
    return _BitsetBackend(layers, visited, x0, y0, s, z, x1, y1, model)


# --------------------------------------------------------------------------------------------
# the public query

MAX_BUDGET = 1_000_000
"""Largest movement budget accepted; the search itself never looks past the map."""


def check_budget(value: object, *, what: str = "budget") -> int:
    """A whole number of movement points from 0 to :data:`MAX_BUDGET`, or InvalidArgumentError."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_BUDGET:
        raise InvalidArgumentError(
            f"{what} {value!r}: a whole number of squares from 0 to {MAX_BUDGET}", rule="DS-MOVE-07"
        )
    return value


def current_speed(state: Encounter, creature: str) -> int:
    """Speed after conditions, the grabber's halving included (RB1-GRABBED, RB1-SLOWED, DS-MOVE-07)."""
    return speed(state, creature)


def companions(state: Encounter, creature: str) -> tuple[tuple[str, ...], list[Creature]]:
    """The riders of ``creature`` (DS-MOUNT-03) and the creatures it has grabbed (RB1-GRABBED)."""
    c = state.creature(creature)
    riders: tuple[str, ...] = ()
    if state.riding_me(c.id):  # only then look for them, on it or on top of it
        near = state.creatures_in(c.pos - (1, 1, 1), c.n + 2, exclude=(c.id,))
        riders = tuple(oid for oid in near if state.creatures[oid].riding == c.id)
    held = grabbing(state, creature)
    return riders, [state.creatures[g] for g in held] if held else []


def grabbed_by(state: Encounter, creature: str) -> list[Creature]:
    """The creatures that ``creature`` has grabbed (RB1-GRABBED)."""
    return companions(state, creature)[1]


def riders_of(state: Encounter, creature: str) -> tuple[str, ...]:
    """Ids of the creatures riding ``creature`` (DS-MOUNT-03)."""
    return companions(state, creature)[0]


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


def movement_model(
    state: Encounter,
    creature: str,
    mode: str,
    *,
    squeeze: bool = False,
    drag: bool = True,
    found: tuple[tuple[str, ...], list[Creature]] | None = None,
) -> MoveModel:
    """The step rules of ``creature`` in ``mode``, carrying its riders and dragging what it grabbed."""
    c = state.creature(creature)
    if c.dead:
        raise IllegalMoveError(f"{creature!r} is dead and can't move", rule="DS-STAM-09")
    refusal = mode_refusal(c, mode)
    if refusal is not None:
        raise IllegalMoveError(f"{mode} {creature!r}: {refusal.reason}", rule=refusal.rules)
    riders, grabbed = companions(state, creature) if found is None else found
    if not riders and not (grabbed and drag):
        return MoveModel(state, c, mode, squeeze=squeeze)
    carried = [state.creatures[r] for r in riders]
    return MoveModel(state, c, mode, squeeze=squeeze, carried=carried, dragged=grabbed if drag else ())


def reachable(
    state: Encounter,
    creature: str,
    *,
    budget: int | None = None,
    mode: Mode = "advance",
    squeeze: bool = False,
    ignore_speed: bool = False,
    algorithm: Algorithm = "auto",
) -> Reachable:
    """Every position ``creature`` can end a move on, with its cheapest cost (R-MOVE-1, R-MOVE-2).

    ``budget`` is the distance the move offers; the creature gets min(budget, current speed)
    movement points (DS-MOVE-07), or its current speed when ``budget`` is None. ``ignore_speed``
    is for effects that say they exceed speed. ``squeeze`` lets the move end in the space of a
    creature within 1 size (DS-MOVE-05). Disengage searches 1 square unless ``budget`` says more.
    """
    if not isinstance(squeeze, bool) or not isinstance(ignore_speed, bool):
        raise InvalidArgumentError("squeeze and ignore_speed: True or False", rule="DS-MOVE-05")
    c = state.creature(creature)
    cid = c.id
    # the indexes say at once whether anyone rides it or is grabbed by it
    if state.riding_me(cid) or state.grabbed_by_me(cid):
        model = movement_model(state, cid, mode, squeeze=squeeze, found=companions(state, cid))
        points = movement_points(state, cid, budget, mode=mode, ignore_speed=ignore_speed)
    else:
        if c.dead:
            raise IllegalMoveError(f"{cid!r} is dead and can't move", rule="DS-STAM-09")
        refusal = mode_refusal(c, mode)
        if refusal is not None:
            raise IllegalMoveError(f"{mode} {cid!r}: {refusal.reason}", rule=refusal.rules)
        model = MoveModel(state, c, mode, squeeze=squeeze)
        if c.conditions:
            points = movement_points(state, cid, budget, mode=mode, ignore_speed=ignore_speed)
        else:  # alive, no condition, grabbing no one: its speed is its own (RB1-GRABBED, RB1-SLOWED)
            points = _points(c.speed, budget, mode, ignore_speed)
    origin = c.pos
    if algorithm == "auto" and points <= BITSET_MAX_BUDGET and model.bitset_ok:
        return Reachable(cid, origin, points, mode, "bitset", model, _bitset(model, origin, points))
    backend, used = search(model, origin, points, algorithm=algorithm)
    return Reachable(cid, origin, points, mode, used, model, backend)


DISENGAGE_SHIFT = 1  # DS-ACT-02: shift 1 square


def movement_points(
    state: Encounter,
    creature: str,
    budget: int | None,
    *,
    mode: str = "advance",
    ignore_speed: bool = False,
) -> int:
    """Movement points of one move: min(distance offered, current speed) (R-MOVE-2, DS-MOVE-07)."""
    return _points(speed(state, creature), budget, mode, ignore_speed)


def _points(speed_now: int, budget: int | None, mode: str, ignore_speed: bool) -> int:
    """min(distance offered, ``speed_now``), the offer checked (R-MOVE-2, DS-MOVE-07)."""
    if budget is None:
        offered = DISENGAGE_SHIFT if mode == "disengage" else speed_now
    else:
        offered = check_budget(budget)
    return offered if ignore_speed else min(offered, speed_now)
