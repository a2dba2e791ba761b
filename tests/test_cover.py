"""Cover from the map: corner-to-corner lines through solid terrain and objects (DS-EDGE-08, R-COVER-1)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import Cell, Creature, Encounter, MapObject, Material, Pos, Terrain
from brawl.events.actions import Struck
from brawl.rules.cover import CORNERS, HALF, blocked_lines, corners, cover_rules, has_map_cover
from brawl.rules.edges import edges_and_banes
from brawl.rules.strikes import MELEE_STRIKE, RANGED_STRIKE


def stone(*cells: tuple[int, int, int]) -> dict[Pos, Cell]:
    return {Pos(*p): Cell(Material.STONE) for p in cells}


def duel(cells: dict[Pos, Cell], target: tuple[int, int, int] = (2, 2, 0), **kw: object) -> Encounter:
    a = Creature(id="kira", side="heroes", pos=(0, 2, 0), stamina_max=20)
    t = Creature(id="gob", pos=target, stamina_max=10)
    return Encounter.create(Terrain.flat(6, 6).with_cells(cells), [a, t], **kw)  # type: ignore[arg-type]


PILLAR = stone(*((1, 2, z) for z in range(4)))


def test_worked_examples() -> None:
    """R-COVER-1: fewest blocked lines of 8 from Kira's best corner to the goblin's corners.

    A stone pillar between them blocks 4 of 8 (half: cover); a single waist-high block 2 (no
    cover); a low wall across the map 4 (cover); a full wall 8 (no line of effect, not cover);
    moving the goblin one square aside from the pillar leaves 0.
    """
    assert (CORNERS, HALF) == (8, 4)
    assert blocked_lines(duel({}), "kira", "gob") == 0
    assert blocked_lines(duel(PILLAR), "kira", "gob") == 4
    assert has_map_cover(duel(PILLAR), "gob", "kira")
    assert blocked_lines(duel(stone((1, 2, 0))), "kira", "gob") == 2
    assert not has_map_cover(duel(stone((1, 2, 0))), "gob", "kira")
    assert blocked_lines(duel(stone((1, 2, 0), (1, 3, 0))), "kira", "gob") == 2  # grazing the top and side
    low_wall = stone(*((1, y, 0) for y in range(6)))
    assert blocked_lines(duel(low_wall), "kira", "gob") == 4
    full_wall = stone(*((1, y, z) for y in range(6) for z in range(4)))
    assert blocked_lines(duel(full_wall), "kira", "gob") == 8
    assert not has_map_cover(duel(full_wall), "gob", "kira")
    assert blocked_lines(duel(PILLAR, target=(2, 3, 0)), "kira", "gob") == 0


def test_objects_give_cover_creatures_do_not() -> None:
    """DS-EDGE-08, R-COVER-1: a stone statue (object) in the way counts as the pillar; a creature doesn't."""
    statue = MapObject(id="statue", pos=(1, 2, 0), material=Material.STONE)
    enc = duel({}, objects=[statue])
    assert blocked_lines(enc, "kira", "gob") == 2  # a 1-square object: as the waist-high block
    tall = [MapObject(id=f"s{z}", pos=(1, 2, z), material=Material.STONE) for z in range(4)]
    assert cover_rules(duel({}, objects=tall), "gob", "kira") == ("DS-EDGE-08", "R-COVER-1")
    ogre = Creature(id="ogre", side="heroes", pos=(1, 2, 0), size="2")
    crowd = duel({}).with_creatures([ogre])
    assert blocked_lines(crowd, "kira", "gob") == 0


def test_cover_gives_damaging_abilities_a_bane() -> None:
    """DS-EDGE-08: behind the pillar, Kira's ranged free strike takes a bane (net -1, reason cited);
    a non-damaging ability (Grab, Knockback) takes none; out in the open neither does."""
    enc = duel(PILLAR, target=(4, 2, 0))
    assert has_map_cover(enc, "gob", "kira")
    r = edges_and_banes(enc, "kira", "gob", RANGED_STRIKE)
    assert (r.banes, r.net) == (1, -1)
    assert ("DS-EDGE-08", "R-COVER-1") in [x.rules for x in r.reasons]
    assert edges_and_banes(enc, "kira", "gob", {"melee"}, deals_damage=False).banes == 0
    assert edges_and_banes(duel({}, target=(4, 2, 0)), "kira", "gob", RANGED_STRIKE).banes == 0
    out = brawl.free_strike(enc, "kira", "gob", ranged=True, dice=(6, 6))
    (struck,) = [e for e in out.events if isinstance(e, Struck)]
    assert struck.tier == 1  # 12 with a bane: 12 - 2 + 0 = 10, tier 1
    assert edges_and_banes(enc, "kira", "gob", MELEE_STRIKE).banes == 1


def test_a_burrowers_cover_goes_through_the_same_rule() -> None:
    """DS-MTYPE-06: a burrower in the top layer of dirt, seen from the surface, has cover."""
    t = Terrain.flat(6, 6)
    mole = Creature(id="mole", pos=(3, 2, -1), movement={"walk", "burrow"}, stamina_max=10)
    kira = Creature(id="kira", side="heroes", pos=(0, 2, 0))
    enc = Encounter.create(t, [kira, mole])
    assert cover_rules(enc, "mole", "kira") == ("DS-MTYPE-06", "DS-EDGE-08")


# -- a brute-force reference -----------------------------------------------------------------------

SAMPLES = 211  # prime: never lands on a grid crossing of these short lines; finer than any piece


def inside(blocked: set[Pos], p: tuple[Fraction, Fraction, Fraction]) -> bool:
    """Inside the solid: nudged a little along each of the 8 diagonals, it stays in a blocking cell."""
    eps = Fraction(1, 10_000)
    for sx, sy, sz in product((-1, 1), repeat=3):
        q = (p[0] + sx * eps, p[1] + sy * eps, p[2] + sz * eps)
        if Pos(*(int(c // 1) for c in q)) not in blocked:
            return False
    return True


def reference(enc: Encounter, a: Creature, t: Creature) -> int:
    own = {p for c in (a, t) for p in brawl.geometry.cube(c.pos, c.n)}
    terrain = enc.terrain
    blocked = {
        Pos(x, y, z)
        for x in range(terrain.width)
        for y in range(terrain.depth)
        for z in range(-1, 4)
        if enc.is_blocked(Pos(x, y, z)) and Pos(x, y, z) not in own
    }
    best = 8
    for s in corners(a.pos, a.n):
        n = 0
        for e in corners(t.pos, t.n):
            pts = (
                tuple(s[i] + (e[i] - s[i]) * Fraction(k, SAMPLES) for i in range(3))
                for k in range(1, SAMPLES)
            )
            n += any(inside(blocked, p) for p in pts)  # type: ignore[arg-type]
        best = min(best, n)
    return best


@settings(max_examples=40, deadline=None)
@given(
    st.sets(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 1)), max_size=10),
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 1), st.integers(1, 2)),
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 1), st.integers(1, 2)),
)
def test_cover_matches_a_brute_force_reference(
    walls: set[tuple[int, int, int]], at: tuple[int, int, int, int], to: tuple[int, int, int, int]
) -> None:
    """R-COVER-1: the exact line walk agrees with dense sampling along every corner-to-corner line."""
    a = Creature(id="a", side="heroes", pos=at[:3], size="1M" if at[3] == 1 else "2")
    t = Creature(id="t", pos=to[:3], size="1M" if to[3] == 1 else "2")
    cells_a, cells_t = set(brawl.geometry.cube(a.pos, a.n)), set(brawl.geometry.cube(t.pos, t.n))
    if cells_a & cells_t:
        return
    free = {Pos(*w) for w in walls} - cells_a - cells_t
    enc = Encounter.create(Terrain.flat(5, 5, height=4).with_cells(stone(*free)), [a, t])
    found = blocked_lines(enc, "a", "t")
    assert found == reference(enc, a, t)
    assert has_map_cover(enc, "t", "a") == (HALF <= found < CORNERS)
