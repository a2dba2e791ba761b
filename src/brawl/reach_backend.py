"""The results of a reachable-squares search: the costs of the positions it reached, and their decoding.

:class:`DictBackend` keeps a Dijkstra's costs in a dict; :class:`BitsetBackend` keeps a bit-set
flood's cost layers as bit planes (plane j: the positions whose cost has bit j set) and decodes one
position with a few byte look-ups, or every position at once into :class:`ReachableColumns` with
bytes operations. :class:`brawl.reach.Reachable` answers through either.
"""

from __future__ import annotations

import functools
import operator
import sys
from array import array
from collections.abc import Callable, Iterator, Sequence
from itertools import compress, repeat
from typing import NamedTuple

from brawl.geometry import Pos

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

    def cost_dict(self) -> dict[Pos, int]:
        """Every position the mover may end on and its cost, as a new dict."""
        return dict(self.endpoints())

    def cheaper_before(self, q: Pos, cq: int, directions: tuple[Pos, ...]) -> list[tuple[Pos, int]]:
        """The reached positions ``q - d`` cheaper than ``cq``, with their costs (``d`` in
        ``directions``, in order)."""
        found: list[tuple[Pos, int]] = []
        for d in directions:
            p = q - d
            cp = self.cost_of(p)
            if cp is not None and cp < cq:
                found.append((p, cp))
        return found

    def columns(self) -> ReachableColumns:  # pragma: no cover - interface
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

    def columns(self) -> ReachableColumns:
        ends = sorted(self.ends, key=lambda p: (p.z, p.y, p.x))
        costs = self.costs
        return _frozen_columns(
            array("i", [p.x for p in ends]),
            array("i", [p.y for p in ends]),
            array("i", [p.z for p in ends]),
            array("i", [costs[p] for p in ends]),
        )


_T01 = bytes.maketrans(b"01", b"\x00\x01")
"""Turns the digits of ``bin()`` into bytes 0 and 1."""


WINDOW_CACHE_BITS = 1 << 14
"""Windows of at most this many bits keep their positions in a small cache for decoding."""


_new_pos = functools.partial(tuple.__new__, Pos)
"""A Pos from an (x, y, z) tuple, without a Python-level call."""


def spread(value: int) -> bytes:
    """One byte per bit of ``value``, lowest bit first: byte i is 1 when bit i is set."""
    return bin(value)[:1:-1].encode().translate(_T01)


def _spread_int(value: int) -> int:
    """An int whose byte i (little-endian) is bit i of ``value``."""
    return int.from_bytes(bin(value)[2:].encode().translate(_T01), "big")


PLANE_FOLD_TOP = 255
"""Searches whose costs go up to this fold their layers into bit planes with one compiled
function (:func:`plane_fold`); past it, a loop does."""


@functools.lru_cache(maxsize=64)
def plane_fold(top: int) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """A function of the cost layers 0..``top`` (disjoint masks) that gives the bit planes of
    their costs: plane j is the union of the layers whose cost has bit j set.

    Each plane is one expression of ORs, compiled once per ``top`` (its text holds only the layer
    indexes): a Python loop over the layers and their bits costs about three times as much.
    """
    if not 0 <= top <= PLANE_FOLD_TOP:
        raise ValueError(f"top {top}: from 0 to {PLANE_FOLD_TOP}")
    planes = [
        " | ".join(f"layers[{k}]" for k in range(1, top + 1) if (k >> j) & 1) for j in range(top.bit_length())
    ]
    fold_planes: Callable[[Sequence[int]], tuple[int, ...]] = eval(  # the text holds only ints
        f"lambda layers: ({''.join(f'{p}, ' for p in planes)})", {"__builtins__": {}}
    )
    return fold_planes


def fold(planes: list[int], k: int, layer: int) -> None:
    """Add the positions of ``layer`` at cost ``k`` to the bit planes (plane j: bit j of the cost)."""
    j = 0
    while k:
        if k & 1:
            while len(planes) <= j:
                planes.append(0)
            planes[j] |= layer
        k >>= 1
        j += 1


@functools.lru_cache(maxsize=128)
def window_positions(
    x0: int, y0: int, z0: int, cols: int, rows: int, levels: int, s: int, plane: int
) -> tuple[Pos | None, ...]:
    """The position of every bit of a window (None for guard bits), kept for the small windows."""
    out: list[Pos | None] = []
    for dz in range(levels):
        z = z0 + dz
        for dy in range(plane // s):
            y = y0 + dy
            if dy >= rows:
                out.extend([None] * s)
                continue
            out.extend(Pos(x0 + dx, y, z) for dx in range(cols))
            out.extend([None] * (s - cols))
    return tuple(out)


class ReachableColumns(NamedTuple):
    """The squares a mover may end on and their costs, as four columns of 4-byte ints.

    ``x[i], y[i], z[i]`` is the i-th position and ``cost[i]`` its cost, in z, y, x order (level by
    level, row by row, west to east), the start included. Each column is a read-only
    ``memoryview`` of format ``"i"``: ``len``, indexing, iteration, ``tolist()`` and the buffer
    protocol (``array.array("i", col)``, ``numpy.frombuffer(col, "i")``) all work on it.
    """

    x: memoryview
    """The x of each square."""
    y: memoryview
    """The y of each square."""
    z: memoryview
    """The z of each square."""
    cost: memoryview
    """The cheapest cost of each square."""


_WORD_BYTES = (0, 1, 2, 3) if sys.byteorder == "little" else (3, 2, 1, 0)
"""Where the bytes of a 4-byte int lie in memory, least significant first."""


_DELETE = b"\xff"
"""The byte that marks a window position left out of the columns."""


_MAX_DEPTH = 7
"""The most planes decoded a byte per position (costs up to 126)."""


_SKIP = tuple(bytes(((1 << j) - 1,)) for j in range(_MAX_DEPTH + 1))
"""The byte of the largest code of 1 to 7 planes (index: the count), to delete."""


_GUARD = tuple(bytes((((1 << j) - 1) | 0x80,)) for j in range(_MAX_DEPTH + 1))
"""The byte of a guard bit's code for 1 to 7 planes, to delete."""


_ENDS = tuple(bytes(0 if k == (1 << j) - 1 else 1 for k in range(256)) for j in range(_MAX_DEPTH + 1))
"""For 1 to 7 planes: the table that maps the largest code to 0 and every other byte to 1."""


def _frozen_columns(xs: array[int], ys: array[int], zs: array[int], cs: array[int]) -> ReachableColumns:
    """Read-only views of fresh copies of four arrays of 4-byte ints."""
    x, y, z, c = (memoryview(bytes(a)).cast("i") for a in (xs, ys, zs, cs))
    return ReachableColumns(x, y, z, c)


class _ColumnPlan(NamedTuple):
    """What a window needs to decode into columns with bytes operations, kept per window.

    ``ones`` has byte i set to 1 for every bit i of the window; ``dx``, ``dy``, ``dz`` have byte i
    set to the column, row and level of bit i. A column is the bytes of ``dx | drop`` (``drop``:
    0xff where the mover can't end) with the 0xff bytes deleted by ``bytes.translate``, then
    mapped through one table per byte of the 4-byte result (the table of byte k maps an offset d
    to byte k of ``x0 + d``): ``tables`` are (where the byte lies in a word, table).
    ``positions`` is the window's positions without its guard bits, for the dict.
    """

    ones: int
    positions: tuple[Pos, ...]
    dx: int
    dy: int
    dz: int
    x_tables: tuple[tuple[int, bytes], ...]
    y_tables: tuple[tuple[int, bytes], ...]
    z_tables: tuple[tuple[int, bytes], ...]
    z_word: bytes | None
    """The 4 bytes of the only level's z, or None for a window of several levels."""
    full: int
    """The window's bits and the one above them: XOR-ed with the ends, the bits to mark."""
    unspread: tuple[int, ...]
    """For ``depth`` planes (index ``depth``): what turns the sum of the planes' ``bin`` texts
    into the codes, taking off ``(2**depth - 1)`` times 0x30 a byte and the "0b1" above them."""
    marked: tuple[int, ...]
    """The same, also adding 0x80 to the byte of every guard bit (no position)."""


def _tables(origin: int, count: int) -> tuple[tuple[int, bytes], ...] | None:
    """The translate tables of offsets 0..count-1 from ``origin`` (None: not a 4-byte int).

    One table per byte of the 4-byte ints that is not 0 for every value (all 4 below 0).
    """
    top = origin + count - 1
    if origin < -(1 << 31) or top >= 1 << 31:
        return None
    found = []
    for k in range(4 if origin < 0 else max(1, (top.bit_length() + 7) // 8)):
        values = [((origin + d) >> (8 * k)) & 0xFF for d in range(min(count, 255))]
        found.append((_WORD_BYTES[k], bytes(values + [0] * (256 - len(values)))))
    return tuple(found)


@functools.lru_cache(maxsize=512)
def _column_plan(
    x0: int, y0: int, z0: int, cols: int, rows: int, levels: int, s: int, plane: int
) -> _ColumnPlan | None:
    """The decoding plan of a window, or None when its sides or coordinates do not fit one."""
    size = levels * plane
    height = plane // s
    if max(cols, height, levels) > 255:
        return None
    xt, yt, zt = _tables(x0, cols), _tables(y0, height), _tables(z0, levels)
    if xt is None or yt is None or zt is None:
        return None
    row = bytes(range(cols)) + bytes(s - cols)
    dx = row * height * levels
    dy = b"".join(bytes((dy,)) * s for dy in range(height)) * levels
    dz = b"".join(bytes((dz,)) * plane for dz in range(levels))
    z_word = None if levels > 1 else z0.to_bytes(4, sys.byteorder, signed=True)
    ones = int.from_bytes(b"\x01" * size, "little")
    where = window_positions(x0, y0, z0, cols, rows, levels, s, plane)
    guards = int.from_bytes(bytes(0x80 if p is None else 0 for p in where), "little")
    # ``bin`` of a plane OR-ed with the bit above the window starts "0b1": those 3 bytes lie above
    # the window's bytes, and are taken off with the 0x30s
    prefix = int.from_bytes(b"0b1", "big") << (8 * size)
    unspread = tuple(-((1 << depth) - 1) * (0x30 * ones + prefix) for depth in range(_MAX_DEPTH + 1))
    return _ColumnPlan(
        ones,
        tuple(p for p in where if p is not None),
        int.from_bytes(dx, "little"),
        int.from_bytes(dy, "little"),
        int.from_bytes(dz, "little"),
        xt,
        yt,
        zt,
        z_word,
        (1 << (size + 1)) - 1,
        unspread,
        tuple(guards + u for u in unspread),
    )


_PLANS: dict[tuple[int, int, int, int, int, int, int, int], _ColumnPlan | None] = {}
"""The decoding plans of the windows decoded last, by window (see :func:`_column_plan`)."""


_PLANS_KEPT = 512
"""Plans kept: enough for every window of a mover on a map of a few hundred squares (a fight's
movers come back to the same squares), each some tens of kilobytes."""


class BitsetBackend(Backend):
    """The cost layers of a bit-set search, decoded on first use into bit planes and a cost array.

    The window is ``levels`` levels of ``plane`` bits, each ``plane // stride`` rows of ``stride``
    bits of which the first ``cols`` are positions (the rest are guard bits, never set). Plane j
    holds the positions whose cost has bit j set, so the cost of one position is a few byte
    look-ups, whatever the window's size, and every cost at once is one pass of bytes operations.
    """

    __slots__ = (
        "_by_cost",
        "_bytes",
        "_columns",
        "_cost_array",
        "_cost_bytes",
        "_ends",
        "_ends_bytes",
        "_layers",
        "_no_stop",
        "_planes",
        "_top",
        "cols",
        "levels",
        "marked",
        "plane",
        "rows",
        "start",
        "stride",
        "visited",
        "walk",
        "window",
        "x0",
        "y0",
        "z",
    )

    def __init__(
        self,
        layers: list[int],
        planes: list[int],
        visited: int,
        start: int,
        window: tuple[int, int, int, int, int, int, int, int],
        no_stop: Callable[[], int] | None,
    ):
        self.walk: tuple[int, int, int, int] | None = None
        """For a one-level search of a size-1 mover (:func:`flood`): its blocked cells, the cells
        a step into costs 1 more, those it costs 2 more, and the base cost of a step."""
        self.marked: int | None = None
        """Cells of the window's one level that the search's rules marked, when they say that
        nothing of what they mark lies on the levels just above and below it (:meth:`walk_route`)."""
        self._layers: list[int] | None = layers
        # the layers whole (none folded into the planes yet): layer k is every position of cost k
        self._by_cost: list[int] | None = None if planes else layers
        self._top = len(layers) - 1  # the largest cost the search may have reached
        self._planes = planes
        self.visited = visited
        self.start = start
        self.window = window
        self.x0, self.y0, self.z, self.cols, self.rows, self.levels, self.stride, self.plane = window
        self._no_stop = no_stop
        self._ends: int | None = None
        self._bytes: tuple[bytes, list[bytes]] | None = None
        self._ends_bytes: bytes | None = None
        self._cost_bytes: list[bytes] | None = None
        self._cost_array: Sequence[int] | None = None
        self._columns: ReachableColumns | None = None

    @property
    def ends(self) -> int:
        """The visited positions the mover may stop on (``no_stop`` gives the others, found on first use)."""
        ends = self._ends
        if ends is None:
            no_stop = self._no_stop
            ends = self.visited if no_stop is None else (self.visited & ~no_stop()) | self.start
            self._ends = ends
        return ends

    @property
    def planes(self) -> list[int]:
        """Bit planes of the costs: plane j holds the visited positions whose cost has bit j set."""
        layers = self._layers
        if layers is not None:
            planes = self._planes
            top = len(layers) - 1
            while len(planes) < top.bit_length():
                planes.append(0)
            if top <= PLANE_FOLD_TOP:
                for j, found in enumerate(plane_fold(top)(layers)):
                    planes[j] |= found
            else:
                for k, layer in enumerate(layers):
                    if layer:
                        fold(planes, k, layer)
            self._layers = None
        return self._planes

    def _size(self) -> int:
        return self.levels * self.plane

    def _bit(self, p: Pos) -> int:
        dz = p.z - self.z
        col = p.x - self.x0
        row = p.y - self.y0
        if dz < 0 or dz >= self.levels or col < 0 or row < 0 or col >= self.cols or row >= self.rows:
            return -1
        return dz * self.plane + row * self.stride + col

    def _pos(self, i: int) -> Pos:
        dz, r = divmod(i, self.plane)
        dy, dx = divmod(r, self.stride)
        return Pos(self.x0 + dx, self.y0 + dy, self.z + dz)

    def _plane_bytes(self) -> tuple[bytes, list[bytes]]:
        found = self._bytes
        if found is None:
            nb = (self._size() + 7) // 8
            found = self._bytes = (
                self.visited.to_bytes(nb, "little"),
                [p.to_bytes(nb, "little") for p in self.planes],
            )
        return found

    def cost_of(self, p: Pos) -> int | None:
        i = self._bit(p)
        if i < 0:
            return None
        vis, planes = self._plane_bytes()
        byte, bit = i >> 3, i & 7
        if not (vis[byte] >> bit) & 1:
            return None
        cost = 0
        for j, plane in enumerate(planes):
            if (plane[byte] >> bit) & 1:
                cost |= 1 << j
        return cost

    def costs_bytes(self) -> list[bytes]:
        """The cost of every window position, one bytes per 8 bits of cost: bytes t holds bits 8t..8t+7."""
        found = self._cost_bytes
        if found is None:
            planes = self.planes
            size = self._size()
            found = []
            for t in range(0, max(len(planes), 1), 8):
                acc = 0
                for j, plane in enumerate(planes[t : t + 8]):
                    if plane:
                        acc |= _spread_int(plane) << j
                found.append(acc.to_bytes(size, "little"))
            self._cost_bytes = found
        return found

    def costs_array(self) -> Sequence[int]:
        """The cost of every window position, indexed by bit: bytes, or 2- or 4-byte words."""
        found = self._cost_array
        if found is None:
            parts = self.costs_bytes()
            if len(parts) == 1:
                found = parts[0]
            else:
                width = 2 if len(parts) == 2 else 4
                buf = bytearray(width * self._size())
                for t, part in enumerate(parts):
                    buf[(t if sys.byteorder == "little" else width - 1 - t) :: width] = part
                found = memoryview(buf).cast("H" if width == 2 else "I")
            self._cost_array = found
        return found

    def _positions(self) -> tuple[Pos | None, ...] | None:
        if self._size() > WINDOW_CACHE_BITS:
            return None
        return window_positions(
            self.x0, self.y0, self.z, self.cols, self.rows, self.levels, self.stride, self.plane
        )

    def endpoints(self) -> Iterator[tuple[Pos, int]]:
        sel = spread(self.ends)
        idx = list(compress(range(len(sel)), sel))
        cost_at = self.costs_array().__getitem__
        idx.sort(key=cost_at)  # stable: by cost, then z, y, x as the bits are laid out
        where = self._positions()
        pos_at = where.__getitem__ if where is not None else self._pos
        for i in idx:
            # an end is never a guard bit, whose position alone is None
            yield pos_at(i), cost_at(i)  # type: ignore[misc]  # an end's position is never None

    def _plan(self) -> _ColumnPlan | None:
        """The decoding plan of the window; None for a window past the cache (decoded row by row)."""
        if self.levels * self.plane > WINDOW_CACHE_BITS:
            return None
        window = self.window
        try:
            return _PLANS[window]
        except KeyError:
            if len(_PLANS) >= _PLANS_KEPT:
                _PLANS.clear()
            plan = _PLANS[window] = _column_plan(*window)
            return plan

    def _codes(self, plan: _ColumnPlan, marked: bool) -> tuple[int, int] | None:
        """The code of every window bit, one byte each, and the number of planes, ``depth``; None
        when a cost may not fit in 7 bits.

        Byte i of the code is the cost of position i where the mover may end, else the largest
        code of the planes, ``2**depth - 1`` (with 0x80 added for a guard bit when ``marked``).
        ``bin()`` writes one ASCII digit, 0x30 or 0x31, per bit: read as bytes, they are the bytes
        of an int, so a plane is spread to a byte per position by ``bin`` and ``int.from_bytes``
        (C loops), and the planes are summed with their weights before the 0x30s are taken off.
        Every plane is first OR-ed with the positions the mover can't end on, so their byte is
        the largest code (one more plane of zeros when an end may cost that much).
        """
        planes = self.planes
        ends = self.ends
        depth = len(planes)
        if not depth or (self._top >= (1 << depth) - 1 and functools.reduce(operator.and_, planes) & ends):
            planes = [*planes, 0]
            depth += 1
        if depth > _MAX_DEPTH:
            return None
        out = plan.full ^ ends  # the bits the mover can't end on, and one above the window
        acc = int.from_bytes(bin(planes[0] | out).encode(), "big")
        for j in range(1, depth):
            acc += int.from_bytes(bin(planes[j] | out).encode(), "big") << j
        return acc + (plan.marked if marked else plan.unspread)[depth], depth

    def columns(self) -> ReachableColumns:
        found = self._columns
        if found is None:
            plan = self._plan()
            codes = None if plan is None else self._codes(plan, False)
            if plan is None or codes is None:
                found = self._row_columns()
            else:
                found = self._plan_columns(plan, *codes)
            self._columns = found
        return found

    def _plan_columns(self, plan: _ColumnPlan, code: int, depth: int) -> ReachableColumns:
        """The columns of a small window: a few bytes operations per column, whatever the count."""
        size = self._size()
        ones = plan.ones
        flag = ((code + ones) >> depth) & ones  # byte i: 1 where the mover can't end
        costs = code.to_bytes(size, "little").translate(None, _SKIP[depth])
        n = len(costs)
        w = 4 * n
        buf = bytearray(4 * w)  # x, y, z and cost, n 4-byte ints each
        buf[3 * w + _WORD_BYTES[0] :: 4] = costs
        columns = [(0, plan.dx, plan.x_tables), (w, plan.dy, plan.y_tables)]
        if plan.z_word is None:
            columns.append((2 * w, plan.dz, plan.z_tables))
        else:
            buf[2 * w : 3 * w] = plan.z_word * n
        drop = flag * 0xFF
        for at, offsets, tables in columns:
            kept = (offsets | drop).to_bytes(size, "little").translate(None, _DELETE)
            for k, table in tables:
                buf[at + k : at + w : 4] = kept.translate(table)
        view = memoryview(bytes(buf)).cast("i")
        return ReachableColumns(view[:n], view[n : 2 * n], view[2 * n : 3 * n], view[3 * n :])

    def _row_columns(self) -> ReachableColumns:
        """The columns of a large window (or of costs past 127), row by row with C loops."""
        xs, ys, zs, cs = array("i"), array("i"), array("i"), array("i")
        for row_xs, y, z, row_costs in self._rows(spread(self.ends)):
            before = len(xs)
            xs.extend(row_xs)
            count = len(xs) - before
            ys.extend(repeat(y, count))
            zs.extend(repeat(z, count))
            cs.extend(row_costs)
        return _frozen_columns(xs, ys, zs, cs)

    def _rows(self, sel: bytes) -> Iterator[tuple[Iterator[int], int, int, Iterator[int]]]:
        """Row by row, the x of each selected position (``sel``: a byte per window bit), the
        row's y and z, and their costs, all picked by C loops; rows with none are skipped."""
        costs = self.costs_array()
        s, cols = self.stride, self.cols
        here = range(self.x0, self.x0 + cols)
        for dz in range(self.levels):
            base = dz * self.plane
            for dy in range(self.rows):
                first = base + dy * s
                row = sel[first : first + cols]
                if 1 in row:
                    yield (
                        compress(here, row),
                        self.y0 + dy,
                        self.z + dz,
                        compress(costs[first : first + cols], row),
                    )

    def cost_dict(self) -> dict[Pos, int]:
        plan = self._plan()
        codes = None if plan is None else self._codes(plan, True)
        if plan is not None and codes is not None:
            # a small window: its positions are cached; without the guard bits' bytes, the codes
            # say which positions are ends and, without the other positions' bytes, their costs
            code, depth = codes
            cells = code.to_bytes(self._size(), "little").translate(None, _GUARD[depth])
            costs = cells.translate(None, _SKIP[depth])
            return dict(zip(compress(plan.positions, cells.translate(_ENDS[depth])), costs, strict=True))
        sel = spread(self.ends)
        costs_at = self.costs_array()
        where = self._positions()
        if where is not None:
            # the ends are never guard bits, whose positions alone are None
            return dict(zip(compress(where, sel), compress(costs_at, sel), strict=True))  # type: ignore[arg-type]  # no end's position is None
        # a large window: row by row, every position made and every cost read by C loops
        out: dict[Pos, int] = {}
        for row_xs, y, z, row_costs in self._rows(sel):
            out.update(zip(map(_new_pos, zip(row_xs, repeat(y), repeat(z))), row_costs, strict=False))
        return out

    def cheaper_before(self, q: Pos, cq: int, directions: tuple[Pos, ...]) -> list[tuple[Pos, int]]:
        # one index per neighbour: the guard column and rows are never visited, so an index off
        # the window reads an unvisited bit or falls outside the window
        i = self._bit(q)
        if i < 0:
            return []
        vis = self._plane_bytes()[0]
        costs = self.costs_array()
        size = self._size()
        stride, plane = self.stride, self.plane
        found: list[tuple[Pos, int]] = []
        for d in directions:
            j = i - (d.z * plane + d.y * stride + d.x)
            if 0 <= j < size and (vis[j >> 3] >> (j & 7)) & 1:
                cp = costs[j]
                if cp < cq:
                    found.append((q - d, cp))
        return found

    def at_cost(self, k: int) -> int:
        """The visited positions whose cost is ``k``: the search's layer k, or (once old layers
        were folded into the planes) the positions whose planes spell ``k``."""
        layers = self._by_cost
        if layers is not None:
            return layers[k] if 0 <= k < len(layers) else 0
        planes = self.planes
        if k < 0 or k >> len(planes):
            return 0
        found = self.visited
        for j, plane in enumerate(planes):
            found &= plane if (k >> j) & 1 else ~plane
        return found

    def walk_route(
        self, origin: Pos, q: Pos, directions: tuple[Pos, ...]
    ) -> tuple[tuple[Pos, ...], tuple[int, ...], bool | None] | None:
        """A cheapest path from ``origin``, the search's start, to ``q`` over :func:`flood`'s own
        steps (as :meth:`Reachable.route_to`), each step's cost and whether a cell of ``marked``
        lies within 1 of a square the path leaves before its last step (None without ``marked``),
        or None if ``q`` is not an end of the search (:meth:`is_endpoint`). Only with ``walk``.

        Back from ``q``: a step into ``q`` costs the same from every side (the base and the
        surcharges of ``q``, R-MOVE-1), so its previous position is the first of ``directions``
        back from ``q`` that the search reached at exactly that much less, by a step whose
        corners are open (R-GEO-4). The neighbours are read from the 3 x 3 patch of bits around
        ``q`` (:func:`_back_steps`; with the four corners open, the first of them found at once
        by :func:`_first_back`); the guard column and rows are never reached.

        The squares left lie within the budget less 1 of the start: the 3 x 3 cells around each
        are set one row and one column late, then shifted back; those around a square on the
        map's lowest row fall off, those left of its first column land in the row before's guard
        bit, those around the window's other edges lie in the window or past the map, in guard
        bits or rows never marked.
        """
        assert self.walk is not None
        x, y, z = q
        x0, y0 = self.x0, self.y0
        col, row = x - x0, y - y0
        if z != self.z or col < 0 or row < 0 or col >= self.cols or row >= self.rows:
            return None
        s = self.stride
        i = row * s + col
        if not (self.ends >> i) & 1:
            return None
        blk, ent, e2, base = self.walk
        back = _back_steps(directions, s)
        first = _first_back(directions, s)
        stop = (origin[1] - y0) * s + origin[0] - x0
        cq = self._cost_at(i)
        layers = self._by_cost
        path: list[Pos] = []
        costs: list[int] = []
        up = s + 1  # the patch's lowest bit, (x-1, y-1), is bit 0 after ``<< up >> i``; q is bit ``up``
        blk_up = blk << up
        orth = 2 | 1 << s | 1 << (s + 2) | 1 << (2 * s + 1)  # the corners of the diagonal steps
        mid = s - 3  # the patch's rows packed as 9 bits: row 1 down by s - 3, row 2 by 2 s - 6
        top = 2 * s - 6
        marked = self.marked
        patch = 0 if marked is None else 7 | 7 << s | 7 << 2 * s
        around = 0  # the cells around the squares left, one row and one column late
        while i != stop:
            c = base + ((ent >> i) & 1) + ((e2 >> i) & 1)
            cq -= c  # the previous position's cost: at least 0, the flood reached q from it
            near = ((self.at_cost(cq) if layers is None else layers[cq]) << up) >> i
            shut = blk_up >> i
            if shut & orth:
                for step in back:
                    if near & step[0] and not shut & step[1]:
                        break
                else:  # pragma: no cover - every reached position has a cheapest predecessor
                    raise AssertionError(f"no predecessor for {(x, y, z)}")
            else:
                found = first[(near & 7) | ((near >> mid) & 0o70) | ((near >> top) & 0o700)]
                if found is None:  # pragma: no cover - every reached position has a cheapest predecessor
                    raise AssertionError(f"no predecessor for {(x, y, z)}")
                step = found
            path.append(_new_pos((x, y, z)))
            costs.append(c)
            _, _, by, dx, dy = step
            x -= dx
            y -= dy
            i -= by
            around |= patch << i
        path.reverse()
        costs.reverse()
        return tuple(path), tuple(costs), None if marked is None else bool((around >> up) & marked)

    def _cost_at(self, i: int) -> int:
        """The cost of the visited position of bit ``i``."""
        layers = self._by_cost
        if layers is not None:
            k = len(layers)
            while k:  # from the dearest: a route asked for mostly goes far
                k -= 1
                if (layers[k] >> i) & 1:
                    return k
        cost = self.cost_of(self._pos(i))
        assert cost is not None
        return cost

    def is_endpoint(self, p: Pos) -> bool:
        i = self._bit(p)
        if i < 0:
            return False
        found = self._ends_bytes
        if found is None:
            found = self._ends_bytes = self.ends.to_bytes((self._size() + 7) // 8, "little")
        return bool((found[i >> 3] >> (i & 7)) & 1)

    def count(self) -> int:
        return self.ends.bit_count()


@functools.lru_cache(maxsize=16)
def _first_back(directions: tuple[Pos, ...], s: int) -> tuple[tuple[int, int, int, int, int] | None, ...]:
    """For :meth:`BitsetBackend.walk_route`: per set of the 3 x 3 patch's bits packed as 9 (row r,
    column c at bit 3 r + c), the first of :func:`_back_steps` whose previous position is in the
    set, or None: the step taken back when no corner is shut."""
    back = _back_steps(directions, s)
    packed = [(step, 1 << (3 * (b // s) + b % s)) for step in back for b in (step[0].bit_length() - 1,)]
    return tuple(next((step for step, bit in packed if bit & cand), None) for cand in range(512))


@functools.lru_cache(maxsize=16)
def _back_steps(directions: tuple[Pos, ...], s: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """For :meth:`BitsetBackend.walk_route` in a window of row stride ``s``: per horizontal
    direction d, in order, the bit of ``q - d`` in the 3 x 3 patch around ``q`` (``q`` is bit
    s + 1), the bits of the step's two corners (R-GEO-4; none for a straight step), the index
    offset of d and d's x and y. Directions off the level are left out: the window has one level."""
    out = []
    for d in directions:
        if d.z:
            continue
        by = d.x + d.y * s
        corners = 0
        if d.x and d.y:  # from p = q - d, the corners p + (dx, 0) and p + (0, dy)
            corners = (1 << (s + 1 - d.y * s)) | (1 << (s + 1 - d.x))
        out.append((1 << (s + 1 - by), corners, by, d.x, d.y))
    return tuple(out)
