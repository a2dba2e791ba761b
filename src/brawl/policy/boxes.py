"""Squares within a distance of foes, as the bits of a layout of squares: the boxes the greedy
policy grows to find the destination nearest a foe (:func:`brawl.policy.options.nearest_end`),
and the same weighed over a list of destinations (:func:`closest_end`)."""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Sequence

from brawl.creature import Creature
from brawl.geometry import Pos


def closest_end(
    me: Creature, foes: Sequence[Creature], ends: Sequence[Pos], now: int
) -> tuple[Pos | None, int]:
    """The first of ``ends`` that brings ``me`` nearest a foe, fewest squares from where it stands
    breaking ties, with that distance (``None`` with no ends); ``now`` is its distance today.

    The ends within distance k of a foe (:func:`brawl.distance`) are those whose corner lies in
    the foe's space grown by k (less the mover's size) along each axis: a box. With the ends as
    one bit each in a box around them (an int), the ends within k of any foe are the ends' bits
    AND the union of the foes' boxes, so the least distance k is found a few big-int operations
    per k, from ``now`` less the farthest end's squares (no end can be nearer: a gap shrinks by at
    most the step along its axis) up.
    """
    if not ends or not foes:
        return None, -1
    n = me.n
    x0, y0, z0 = me.pos
    xs, ys, zs = zip(*ends, strict=True)
    ax, ay, az = min(xs), min(ys), min(zs)
    bx, by, bz = max(xs), max(ys), max(zs)
    width, height, depth = bx - ax + 1, by - ay + 1, bz - az + 1
    plane = width * height
    index = {(z - az) * plane + (y - ay) * width + (x - ax): i for i, (x, y, z) in enumerate(ends)}
    mask = functools.reduce(operator.or_, map(operator.lshift, itertools.repeat(1), index))
    boxes = _boxes(foes, n, ax, ay, az)
    far = max(x0 - ax, bx - x0, y0 - ay, by - y0, z0 - az, bz - z0)  # the most squares to an end
    k = max(0, now - far)
    while True:
        found = within_boxes(boxes, k, (width, height, depth, width, plane)) & mask
        if found:
            break
        k += 1
    best: tuple[int, int] | None = None  # (squares, index in ends)
    while found:
        low = found & -found
        i = index[low.bit_length() - 1]
        found ^= low
        x, y, z = ends[i]
        key = (max(abs(x - x0), abs(y - y0), abs(z - z0)), i)
        if best is None or key < best:
            best = key
    assert best is not None
    return ends[best[1]], k


Box = tuple[int, int, int, int, int, int]
"""Low and high x, y and z of the corners within distance 0 of a foe, relative to a layout's origin."""


def _boxes(foes: Sequence[Creature], n: int, x0: int, y0: int, z0: int) -> list[Box]:
    """Each foe's box: where the corner of an n-cube lies when it is at distance 0 of the foe
    (:func:`brawl.distance`), relative to (x0, y0, z0); grown by k along each axis, distance k."""
    boxes: list[Box] = []
    lo = n - 1
    for f in foes:
        x, y, z = f.pos
        hi = f.size.squares - 1  # f.n - 1
        boxes.append((x - lo - x0, x + hi - x0, y - lo - y0, y + hi - y0, z - lo - z0, z + hi - z0))
    return boxes


def within_boxes(
    boxes: list[Box], k: int, layout: tuple[int, int, int, int, int], late: list[Box] | None = None
) -> int:
    """The bits of the squares within distance k of a box, in a layout of ``cols`` x ``rows`` x
    ``levels`` squares whose rows are ``stride`` bits and levels ``plane`` bits apart. ``late``,
    if given, gets the boxes that grown by k do not reach the layout yet."""
    cols, rows, levels, stride, plane = layout
    near = 0
    for box in boxes:
        lx, hx, ly, hy, lz, hz = box
        c0, c1, r0, r1, l0, l1 = lx - k, hx + k, ly - k, hy + k, lz - k, hz + k
        if c0 < 0:
            c0 = 0
        if c1 >= cols:
            c1 = cols - 1
        if r0 < 0:
            r0 = 0
        if r1 >= rows:
            r1 = rows - 1
        if l0 < 0:
            l0 = 0
        if l1 >= levels:
            l1 = levels - 1
        if c0 > c1 or r0 > r1 or l0 > l1:
            if late is not None:
                late.append(box)
            continue
        bits = ((1 << (c1 + 1)) - (1 << c0)) * repeated(r1 - r0 + 1, stride) << (r0 * stride)
        if l1 > l0:
            bits *= repeated(l1 - l0 + 1, plane)
        near |= bits << (l0 * plane)
    return near


@functools.lru_cache(maxsize=64)
def layout_masks(layout: tuple[int, int, int, int, int]) -> tuple[int, int, int, int, int]:
    """The bits of a layout's squares (:func:`within_boxes`), and those of them but the last column,
    the first column, the last row and the first row: the squares a step along x or y keeps on
    the layout."""
    cols, rows, levels, stride, plane = layout
    starts = repeated(rows, stride) * repeated(levels, plane)  # each row's first square
    level_rows = repeated(levels, plane)
    squares = ((1 << cols) - 1) * starts
    last_col = starts << (cols - 1)
    first_row = ((1 << cols) - 1) * level_rows
    last_row = first_row << ((rows - 1) * stride)
    return squares, squares & ~last_col, squares & ~starts, squares & ~last_row, squares & ~first_row


def grown_by_one(near: int, masks: tuple[int, int, int, int, int], stride: int, plane: int) -> int:
    """``near`` grown by one square along each axis (one step of distance, R-GEO-1), kept on the
    layout of ``masks`` (:func:`layout_masks`): a box grown by k, then by 1, is the box grown by k + 1."""
    squares, not_last_col, not_first_col, not_last_row, not_first_row = masks
    near |= ((near & not_last_col) << 1) | ((near & not_first_col) >> 1)
    near |= ((near & not_last_row) << stride) | ((near & not_first_row) >> stride)
    near |= (near << plane) | (near >> plane)
    return near & squares


@functools.lru_cache(maxsize=1024)
def repeated(count: int, step: int) -> int:
    """``count`` ones, ``step`` bits apart: times a row's bits, the same row ``count`` times."""
    out = 0
    for i in range(count):
        out |= 1 << (i * step)
    return out


__all__ = ["Box", "closest_end", "grown_by_one", "layout_masks", "repeated", "within_boxes"]
