"""The reachable-squares engine: a bit-set flood over masks and a Dijkstra over a step callback.

It knows no rule: the step rules of a move (:mod:`brawl.rules.steps`) give it the masks of a
window or a step function, and :func:`brawl.rules.reachable.reachable` puts the two together
(R-MOVE-1, R-MOVE-2). Both searches give identical answers for the same rules:

* :func:`flood`, for one level and 8 directions: the window is one Python int per mask with a row
  stride, each of the 8 step directions is a shift, and the positions first reached at cost k are
  the positions of the steps that cost c next to layer k-c. A size-1 mover's layer expands in
  about 15 int operations: a diagonal step is a horizontal step onto an open corner whose other
  corner is open, then a vertical one (R-GEO-4). Its cost depends on the budget, not on the map;
* :func:`dijkstra`, over any step function (26 directions, companions, fear...).

:class:`Reachable` is the lazy result of either.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterable, Iterator

import attrs

from brawl.errors import IllegalMoveError, InvalidArgumentError
from brawl.geometry import HORIZONTAL_DIRECTIONS, Pos, as_pos

MAX_SEARCH_POSITIONS = 250_000
"""Largest number of positions a search may reach before it is refused as too large."""


class Backend:
    """Costs of the positions a search reached (pass-through positions included)."""

    def cost_of(self, p: Pos) -> int | None:  # pragma: no cover - interface
        raise NotImplementedError

    def endpoints(self) -> Iterator[tuple[Pos, int]]:  # pragma: no cover - interface
        raise NotImplementedError

    def is_endpoint(self, p: Pos) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def count(self) -> int:  # pragma: no cover - interface
        raise NotImplementedError


class DictBackend(Backend):
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


class BitsetBackend(Backend):
    """The layers of a bit-set search; the positions the mover may end on are found on first use."""

    __slots__ = (
        "_ends",
        "_no_stop",
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
        no_stop: Callable[[], int] | None,
    ):
        self.layers = layers
        self.visited = visited
        self.x0 = x0
        self.y0 = y0
        self.stride = stride
        self.z = z
        self._no_stop = no_stop
        self._ends: int | None = None

    @property
    def ends(self) -> int:
        """The visited positions the mover may stop on (``no_stop`` gives the others, found on first use)."""
        ends = self._ends
        if ends is None:
            no_stop = self._no_stop
            ends = self.visited if no_stop is None else (self.visited & ~no_stop()) | self.layers[0]
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
    _step: Callable[[Pos, Pos], int | None] = attrs.field(repr=False)
    _directions: tuple[Pos, ...] = attrs.field(repr=False)
    _backend: Backend = attrs.field(repr=False)

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
        step = self._step
        cost_of = self._backend.cost_of
        cq = cost_of(q)
        assert cq is not None
        while q != self.origin:
            for d in self._directions:
                p = q - d
                cp = cost_of(p)
                if cp is None or cp >= cq:
                    continue
                c = step(p, q)
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


def shl(value: int, by: int) -> int:
    return value << by if by >= 0 else value >> -by


@functools.lru_cache(maxsize=64)
def rect(stride: int, c0: int, c1: int, r0: int, r1: int) -> int:
    """Bits of columns c0..c1 in rows r0..r1 of a flat grid."""
    row = ((1 << (c1 - c0 + 1)) - 1) << c0
    out = 0
    for r in range(r0, r1 + 1):
        out |= row << (r * stride)
    return out


def foot(mask: int, n: int, s: int) -> int:
    """Positions whose n x n footprint has a set cell (row stride ``s``)."""
    if n == 1 or not mask:
        return mask
    out = 0
    for j in range(n):
        for i in range(n):
            out |= mask >> (i + j * s)
    return out


def strip(mask: int, n: int, s: int, dx: int, dy: int) -> int:
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


def flood(
    start: int,
    standable: int,
    swim: int,
    surcharge: int,
    base: int,
    blk: int,
    n: int,
    s: int,
    cw: int,
    ch: int,
    budget: int,
) -> tuple[list[int], int]:
    """The cost layers of a window search and the positions visited (one bit per position).

    ``start`` is the origin's bit, ``standable`` the positions the mover may occupy, ``blk`` the
    cells that are not open (row stride ``s``, ``cw`` x ``ch`` cells, an n x n mover). A step
    costs ``base``, plus 1 into a position of ``swim`` and 1 more when its newly entered cells
    meet ``surcharge``. Layer k holds the positions first reached at cost k.
    """
    layers = [start]
    unvisited = first = standable & ~start
    # a step into a position of e0, e1, e2 costs base + 0, 1, 2: swimming without a swim speed
    # and entering difficult terrain or an enemy's space each add 1 (``surcharge``)
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
        o = rect(s, 0, cw - 1, 0, ch - 1) & ~blk
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
                shl(blk, -((n - 1 if dx > 0 else 0) + (-1 if dy > 0 else n) * s))
                | shl(blk, -((-1 if dx > 0 else n) + (n - 1 if dy > 0 else 0) * s))
            )
            for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1))
        )
    longest = base + 2  # the dearest step: after that many empty layers nothing more is reached
    empty_run = 0
    if n == 1 and base == 1 and not e2:
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
            ent = strip(surcharge, n, s, dx, dy)
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
    return layers, visited


__all__ = [
    "MAX_SEARCH_POSITIONS",
    "BitsetBackend",
    "DictBackend",
    "Reachable",
    "dijkstra",
    "flood",
    "foot",
    "rect",
    "shl",
    "strip",
]
