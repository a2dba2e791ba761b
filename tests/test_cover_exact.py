"""Cover's integer line walk against the walk with exact fractions it replaced (R-COVER-1).

The oracle below is the earlier implementation, kept here unchanged: it cuts each
corner-to-corner line at the grid planes with :class:`fractions.Fraction` parameters and tests
the midpoint of every piece. The engine now does the same with whole numbers scaled by a common
multiple of the line's extents, and gathers the blocking cells near the two creatures once; the
answers must be the same for every line and every pair of creatures.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import pairwise, product

from hypothesis import given
from hypothesis import strategies as st

from brawl import Cell, Creature, Encounter, MapObject, Material, Pos, Terrain
from brawl.geometry import cube
from brawl.rules.cover import (
    CORNERS,
    HALF,
    _fewest_lines,
    _open_line,
    blocked_lines,
    blocks,
    corners,
    has_map_cover,
    line_blocked,
)


def _candidates(v: Fraction) -> tuple[int, ...]:
    whole = v.numerator // v.denominator
    return (whole - 1, whole) if v.denominator == 1 else (whole,)


def _pieces(a: Pos, b: Pos) -> Iterator[tuple[Fraction, Fraction, Fraction]]:
    ts = {Fraction(0), Fraction(1)}
    for i in range(3):
        lo, hi = sorted((a[i], b[i]))
        if lo != hi:
            ts.update(Fraction(k - a[i], b[i] - a[i]) for k in range(lo + 1, hi))
    cuts = sorted(ts)
    for t0, t1 in pairwise(cuts):
        t = (t0 + t1) / 2
        yield tuple(a[i] + (b[i] - a[i]) * t for i in range(3))  # type: ignore[misc]


def old_line_blocked(state: Encounter, a: Pos, b: Pos, open_cells: frozenset[Pos] = frozenset()) -> bool:
    for x, y, z in _pieces(a, b):
        cells = [Pos(i, j, k) for i in _candidates(x) for j in _candidates(y) for k in _candidates(z)]
        if all(blocks(state, c, open_cells) for c in cells):
            return True
    return False


def old_blocked_lines(state: Encounter, attacker: str, target: str) -> int:
    a, t = state.creature(attacker), state.creature(target)
    own = frozenset(cube(a.pos, a.n)) | frozenset(cube(t.pos, t.n))
    ends = corners(t.pos, t.n)
    return min(sum(old_line_blocked(state, s, e, own) for e in ends) for s in corners(a.pos, a.n))


def _stone(cells: set[Pos]) -> dict[Pos, Cell]:
    return {p: Cell(Material.STONE) for p in cells}


cells3 = st.tuples(st.integers(-1, 8), st.integers(-1, 6), st.integers(-2, 3))


@given(
    st.sets(cells3.map(lambda c: Pos(*c)), max_size=30),
    st.tuples(st.integers(0, 8), st.integers(0, 6), st.integers(-1, 3)),
    st.tuples(st.integers(0, 8), st.integers(0, 6), st.integers(-1, 3)),
)
def test_line_blocked_matches_the_fraction_walk(
    walls: set[Pos], a: tuple[int, ...], b: tuple[int, ...]
) -> None:
    """Every segment between lattice points, through any walls (off the map too), gets the same answer."""
    on_map = {p for p in walls if 0 <= p.x < 8 and 0 <= p.y < 6 and -1 <= p.z < 3}
    enc = Encounter.create(Terrain.flat(8, 6, height=3, below=1).with_cells(_stone(on_map)), [])
    pa, pb = Pos(*a), Pos(*b)
    opened = frozenset(list(walls)[:3])
    assert line_blocked(enc, pa, pb) == old_line_blocked(enc, pa, pb)
    assert line_blocked(enc, pa, pb, opened) == old_line_blocked(enc, pa, pb, opened)


@given(
    st.sets(
        st.tuples(st.integers(0, 7), st.integers(0, 6), st.integers(0, 2)).map(lambda c: Pos(*c)), max_size=25
    ),
    st.tuples(st.integers(0, 6), st.integers(0, 5), st.integers(0, 1), st.sampled_from(["1M", "2"])),
    st.tuples(st.integers(0, 6), st.integers(0, 5), st.integers(0, 1), st.sampled_from(["1S", "1M", "2"])),
)
def test_blocked_lines_matches_the_fraction_walk(
    walls: set[Pos], at: tuple[int, int, int, str], to: tuple[int, int, int, str]
) -> None:
    """Whole cover counts between two creatures of size 1 or 2, on a ground of stone, are unchanged;
    the first few walls are objects on the map instead of stone."""
    a = Creature(id="a", side="heroes", pos=at[:3], size=at[3])
    t = Creature(id="t", pos=to[:3], size=to[3])
    space_a, space_t = set(cube(a.pos, a.n)), set(cube(t.pos, t.n))
    if space_a & space_t or any(p.x >= 8 or p.y >= 7 or p.z >= 3 for p in space_a | space_t):
        return
    free = sorted(walls - space_a - space_t)
    statues = [MapObject(id=f"o{i}", pos=p, material=Material.STONE) for i, p in enumerate(free[:4])]
    terrain = Terrain.flat(8, 7, height=3, below=1).with_cells(_stone(set(free[4:])))
    enc = Encounter.create(terrain, [a, t], objects=statues)
    found = blocked_lines(enc, "a", "t")
    assert found is not None
    assert 0 <= found <= CORNERS
    assert found == old_blocked_lines(enc, "a", "t")
    assert blocked_lines(enc, "t", "a") == old_blocked_lines(enc, "t", "a")
    assert has_map_cover(enc, "t", "a") == (HALF <= found < CORNERS)
    back = old_blocked_lines(enc, "t", "a")
    assert has_map_cover(enc, "a", "t") == (HALF <= back < CORNERS)


def test_a_pillar_wall_and_floor_case() -> None:
    """Worked cases along the floor: lines on the seam over solid ground, through a wall, past a corner."""
    walls = {Pos(3, y, 0) for y in range(1, 4)}
    enc = Encounter.create(Terrain.flat(8, 6, height=3, below=1).with_cells(_stone(walls)), [])
    for a, b in product(
        [Pos(0, 0, 0), Pos(1, 2, 0), Pos(0, 2, 1)], [Pos(6, 2, 0), Pos(6, 5, 1), Pos(4, 4, 0)]
    ):
        assert line_blocked(enc, a, b) == old_line_blocked(enc, a, b)
    assert line_blocked(enc, Pos(1, 2, 0), Pos(6, 2, 0))  # through the wall, along the floor
    assert not line_blocked(enc, Pos(0, 0, 1), Pos(6, 0, 1))  # in the open row, above the floor


@given(
    st.sets(
        st.tuples(st.integers(0, 7), st.integers(0, 6), st.integers(0, 2)).map(lambda c: Pos(*c)), max_size=25
    ),
    st.tuples(st.integers(0, 6), st.integers(0, 5), st.integers(0, 1), st.integers(1, 2)),
    st.tuples(st.integers(0, 6), st.integers(0, 5), st.integers(0, 1), st.integers(1, 2)),
)
def test_an_open_line_is_found_where_the_fraction_walk_finds_one(
    walls: set[Pos], at: tuple[int, int, int, int], to: tuple[int, int, int, int]
) -> None:
    """R-COVER-1: ``_open_line`` (what ``sees_space`` asks) is "fewer than all the lines blocked",
    from the corners of the space of size 1 or 2 at ``at`` to those at ``to``, as the walk of
    each line finds it, the first walls objects, the others stone."""
    a, an, t, tn = Pos(*at[:3]), at[3], Pos(*to[:3]), to[3]
    space_a, space_t = set(cube(a, an)), set(cube(t, tn))
    if space_a & space_t or any(p.x >= 8 or p.y >= 7 or p.z >= 3 for p in space_a | space_t):
        return
    free = sorted(walls - space_a - space_t)
    statues = [MapObject(id=f"o{i}", pos=p, material=Material.STONE) for i, p in enumerate(free[:4])]
    terrain = Terrain.flat(8, 7, height=3, below=1).with_cells(_stone(set(free[4:])))
    enc = Encounter.create(terrain, [], objects=statues)
    blocked = sum(1 for p in corners(a, an) for q in corners(t, tn) if old_line_blocked(enc, p, q))
    lines = CORNERS * CORNERS
    assert _open_line(enc, a, an, t, tn) == (blocked < lines)
    assert _open_line(enc, a, an, t, tn) == (_fewest_lines(enc, a, an, t, tn, 1) < CORNERS)
