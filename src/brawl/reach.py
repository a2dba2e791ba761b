"""The reachable-squares engine: a bit-set flood over masks and a Dijkstra over a step callback.

It knows no rule: the step rules of a move (:mod:`brawl.rules.steps`) give it the masks of a
window or a step function, and :func:`brawl.rules.reachable.reachable` puts the two together
(R-MOVE-1, R-MOVE-2). Both searches give identical answers for the same rules:

* :func:`flood`, for one level and 8 directions: the window is one Python int per mask with a row
  stride, each of the 8 step directions is a shift, and the positions first reached at cost k are
  the positions of the steps that cost c next to layer k-c. A size-1 mover's layer expands in
  about 15 int operations: a diagonal step is a horizontal step onto an open corner whose other
  corner is open, then a vertical one (R-GEO-4). Its cost depends on the budget, not on the map;
* :func:`flood_groups`, the same over any number of levels and directions (26 for flying), each
  step a shift kept where its corner mask is set;
* :func:`dijkstra`, over any step function (26 directions, companions, fear...).

:class:`Reachable` is the lazy result of either. The bit-set result keeps its costs as bit planes
(plane j: the positions whose cost has bit j set; a large window folds its old layers into them
as the search goes, so memory follows the window, not the budget): one position's cost is a few
byte look-ups, and :meth:`Reachable.costs` (a dict) and :meth:`Reachable.columns` (columns of
x, y, z and cost, :class:`ReachableColumns`) decode every position at once with bytes
operations, a few per column for a window of the cache's size, whatever the number of positions.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from brawl.errors import IllegalMoveError, InvalidArgumentError
from brawl.geometry import Pos, as_pos
from brawl.reach_backend import (
    MAX_SEARCH_POSITIONS,
    Backend,
    BitsetBackend,
    DictBackend,
    ReachableColumns,
    fold,
    plane_fold,
    spread,
    window_positions,
)
from brawl.reach_flood import (
    FOLD_BITS,
    Group,
    Step,
    StepClass,
    flood,
    flood_groups,
    flood_steps,
    foot,
    rect,
    shl,
    strip,
)
from brawl.state import Encounter

_SVG_DRAWER: list[Callable[[Reachable], str] | None] = [None]
"""The picture :meth:`Reachable._repr_svg_` draws, installed by :mod:`brawl.render` (an edge, above
the model) with :func:`install_reach_drawer`."""


def install_reach_drawer(drawer: Callable[[Reachable], str] | None) -> None:
    """Make ``drawer`` the picture notebooks show for a :class:`Reachable` (None: no picture)."""
    if drawer is not None and not callable(drawer):
        raise InvalidArgumentError(f"drawer {drawer!r}: a function of a Reachable is needed", rule=())
    _SVG_DRAWER[0] = drawer


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
    _step: Callable[[Pos, Pos], int | None] = attrs.field(repr=False)
    _directions: tuple[Pos, ...] = attrs.field(repr=False)
    _backend: Backend = attrs.field(repr=False)
    state: Encounter | None = attrs.field(default=None, repr=False)
    """The encounter searched, for the picture a notebook shows (:meth:`_repr_svg_`)."""

    def _repr_svg_(self) -> str | None:
        """The mover's level with each reachable square tinted and its cost written in it, for
        notebooks (Jupyter calls it); None without the encounter or before ``brawl.render`` is
        imported, which ``import brawl`` does."""
        drawer = _SVG_DRAWER[0]
        return None if drawer is None or self.state is None else drawer(self)

    def __contains__(self, pos: object) -> bool:
        if not isinstance(pos, tuple | list):  # as_pos takes these alone
            return False
        try:
            p = as_pos(pos)
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
        """Every reachable position and its cost, as a new dict (decoded in one pass)."""
        return self._backend.cost_dict()

    def columns(self) -> ReachableColumns:
        """Every reachable position and its cost as columns of ints: x, y, z and cost.

        The positions are in z, y, x order (level by level, row by row, west to east), the start
        included; each column is a read-only ``memoryview`` of 4-byte ints (format ``"i"``). The
        bit-set search decodes a small window with a few bytes operations per column, whatever
        the number of positions; the same result returns the same columns.
        """
        return self._backend.columns()

    def cost(self, pos: Iterable[int]) -> int:
        """The cheapest cost to end at ``pos``; :class:`IllegalMoveError` if it can't be reached."""
        p = self._endpoint(pos)
        c = self._backend.cost_of(p)
        assert c is not None
        return c

    def path_to(self, pos: Iterable[int]) -> tuple[Pos, ...]:
        """A cheapest path to ``pos``: the positions entered, in order (start excluded)."""
        return self.route_to(pos)[0]

    def route_to(self, pos: Iterable[int]) -> tuple[tuple[Pos, ...], tuple[int, ...]]:
        """A cheapest path to ``pos`` (as :meth:`path_to`) and what each of its steps costs."""
        path, costs, _ = self.marked_route(pos)
        return path, costs

    def marked_route(self, pos: Iterable[int]) -> tuple[tuple[Pos, ...], tuple[int, ...], bool | None]:
        """:meth:`route_to`, and whether a cell the search's rules marked lies within 1 of a
        square the route leaves before its last step, or None when the search marked none (the
        walking search of a size-1 mover marks the living enemies' cells when no creature stands
        above or below its level, R-GEO-1: :meth:`BitsetBackend.walk_route`)."""
        backend = self._backend
        if type(backend) is BitsetBackend and backend.walk and type(pos) is Pos:
            found = backend.walk_route(self.origin, pos, self._directions)  # the flood's own steps
            if found is not None:
                return found
        q = self._endpoint(pos)  # refuses a square the move may not end on
        if isinstance(backend, BitsetBackend) and backend.walk:
            found = backend.walk_route(self.origin, q, self._directions)
            assert found is not None  # an end of the search
            return found
        return (*self._stepped_route(q), None)

    def _stepped_route(self, q: Pos) -> tuple[tuple[Pos, ...], tuple[int, ...]]:
        """:meth:`route_to` an end ``q`` over the step rules the search was cut from."""
        backend = self._backend
        path: list[Pos] = []
        costs: list[int] = []
        step = self._step  # the step rules the search was cut from
        cq = backend.cost_of(q)
        assert cq is not None
        while q != self.origin:
            for p, cp in backend.cheaper_before(q, cq, self._directions):
                c = step(p, q)
                if c is not None and cp + c == cq:
                    path.append(q)
                    costs.append(c)
                    q, cq = p, cp
                    break
            else:  # pragma: no cover - every reached position has a cheapest predecessor
                raise AssertionError(f"no predecessor for {tuple(q)}")
        path.reverse()
        costs.reverse()
        return tuple(path), tuple(costs)

    def _endpoint(self, pos: Iterable[int]) -> Pos:
        p = as_pos(pos)
        if not self._backend.is_endpoint(p):
            article = "an" if self.mode[:1] in ("a", "e", "i", "o", "u") else "a"
            raise IllegalMoveError(
                f"{self.creature!r} can't end {article} {self.mode} move at {tuple(p)} "
                f"with {self.budget} movement",
                rule=("R-MOVE-1", "R-MOVE-2"),
            )
        return p


class _ReachableDraft(Reachable):
    """A :class:`Reachable` whose fields are set by plain assignment (:func:`made`), made a
    :class:`Reachable` once they are: the layouts are the same (no slot added)."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


_new_draft = object.__new__


def made(
    creature: str,
    origin: Pos,
    budget: int,
    mode: str,
    algorithm: str,
    step: Callable[[Pos, Pos], int | None],
    directions: tuple[Pos, ...],
    backend: Backend,
    state: Encounter | None,
) -> Reachable:
    """``Reachable(creature, origin, ...)`` for the searches, a hot path: attrs checks none of its
    fields, so each is assigned to a draft (a plain assignment), not set through the frozen
    class's ``object.__setattr__`` (:func:`brawl.fields.copier` says more)."""
    out: Any = _new_draft(_ReachableDraft)  # a draft: its fields are plain attributes
    out.creature = creature
    out.origin = origin
    out.budget = budget
    out.mode = mode
    out.algorithm = algorithm
    out._step = step
    out._directions = directions
    out._backend = backend
    out.state = state
    out.__class__ = Reachable
    return out  # type: ignore[no-any-return]  # the draft, now a Reachable; no cast on a hot path


def dijkstra(
    step: Callable[[Pos, Pos], int | None],
    directions: tuple[Pos, ...],
    origin: Pos,
    budget: int,
    can_end: Callable[[Pos], bool],
) -> DictBackend:
    """The cheapest cost of every position within ``budget`` over ``step`` (None: an illegal step).

    The positions ``can_end`` accepts (and the origin) are the ones a result reports.
    """
    costs: dict[Pos, int] = {origin: 0}
    heap: list[tuple[int, int, int, int]] = [(0, origin.z, origin.y, origin.x)]
    done: set[Pos] = set()
    dirs = directions
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
            cost = step(p, q)
            if cost is None:
                continue
            nc = c + cost
            if nc <= budget and nc < costs.get(q, budget + 1):
                costs[q] = nc
                heapq.heappush(heap, (nc, q.z, q.y, q.x))
                if len(costs) > MAX_SEARCH_POSITIONS:
                    raise InvalidArgumentError(
                        f"budget {budget}: the search passed {MAX_SEARCH_POSITIONS:,} positions; "
                        "ask with a smaller budget",
                        rule="DS-MOVE-07",
                    )
    ends = frozenset(p for p in costs if p == origin or can_end(p))
    return DictBackend(costs, ends)


__all__ = [
    "FOLD_BITS",
    "MAX_SEARCH_POSITIONS",
    "BitsetBackend",
    "DictBackend",
    "Group",
    "Reachable",
    "ReachableColumns",
    "Step",
    "StepClass",
    "dijkstra",
    "flood",
    "flood_groups",
    "flood_steps",
    "fold",
    "foot",
    "made",
    "plane_fold",
    "rect",
    "shl",
    "spread",
    "strip",
    "window_positions",
]
