"""Line of effect has one home, :func:`brawl.rules.cover.line_of_effect` (DS-EDGE-08, R-COVER-1,
with the burrowing rules DS-MTYPE-06..08): a target half behind a wall has cover, can be struck and
searched for; and every rule that asks for line of effect (targeting, strikes, areas, teleport,
hiding and searching, the public ``brawl.line_of_effect_to``) answers as the home does.

The oracle is R-COVER-1 read literally, one line at a time: two spaces are in line of effect when
some straight line from a corner of one to a corner of the other is not blocked
(:func:`brawl.rules.cover.line_blocked`, the two spaces' own cells open).
"""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import Encounter, Pos
from brawl.creature import MapObject, MovementType
from brawl.events.stealth import SearchContested
from brawl.geometry import cube, distance
from brawl.rules import edges, teleport
from brawl.rules.abilities import targets as ability_rules
from brawl.rules.areas import Area, area_line_of_effect, burst_area, burst_cells
from brawl.rules.burrowing import completely_beneath, is_burrowing
from brawl.rules.cover import (
    blocked_lines,
    corners,
    has_cover,
    line_blocked,
    line_of_effect,
    sees_space,
    sees_squares,
)
from brawl.rules.stealth import SEARCH_RANGE, hidden_in_reach
from brawl.strategies import encounters
from brawl.terrain import Cell
from brawl.verbs import free_strike, hide, search


def corner_lines_open(state: Encounter, a: Pos, an: int, b: Pos, bn: int) -> bool:
    """R-COVER-1, literally: a line from a corner of one space to a corner of the other that no
    solid cell or object blocks, the two spaces' own cells never blocking."""
    own = frozenset(cube(a, an)) | frozenset(cube(b, bn))
    return any(not line_blocked(state, p, q, own) for p in corners(a, an) for q in corners(b, bn))


def low_wall() -> Encounter:
    """Kira 4 squares from the ogre behind a wall 1 square high: her lower half is hidden."""
    wall = {Pos(4, y, 0): Cell(brawl.Material.STONE) for y in range(20)}
    kira = brawl.Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=30, pos=(6, 2, 0))
    ogre = brawl.Creature(
        id="ogre", stamina_max=40, pos=(2, 2, 0), characteristics=brawl.Characteristics(intuition=1)
    )
    return brawl.Encounter.create(brawl.Terrain.flat(20, 20).with_cells(wall), (kira, ogre), seed=7)


def test_a_target_half_behind_a_low_wall_has_cover_line_of_effect_and_can_be_searched_for() -> None:
    """DS-EDGE-08, R-COVER-1, DS-ACT-14, RB3-HIDE, R-HIDE-2: from the ogre's best corner 4 of the 8
    lines to kira's corners are blocked (her lower half): she has cover, so she is in line of effect
    too; a ranged strike reaches her, she may hide there, and a hidden kira 4 squares away is one
    the ogre's Search looks for (hidden creatures within 10 squares with line of effect)."""
    enc = low_wall()
    assert blocked_lines(enc, "ogre", "kira") == 4
    assert has_cover(enc, "kira", "ogre")
    assert brawl.line_of_effect_to(enc, "ogre", "kira")
    assert edges.has_line_of_effect(enc, "ogre", "kira")
    struck = free_strike(enc, "ogre", "kira", ranged=True, dice=(5, 5))
    assert struck.state.creature("kira").stamina < 30
    hid = hide(enc, "kira").state
    assert hid.creature("kira").hidden_from == frozenset({"ogre"})
    assert hidden_in_reach(hid, "ogre") == ("kira",)
    found = search(hid, "ogre", rolls={"ogre": (10, 10), "kira": (1, 1)})
    assert [e.hider for e in found.events if isinstance(e, SearchContested)] == ["kira"]
    assert found.state.creature("kira").hidden_from == frozenset()


def test_a_wall_as_high_as_the_target_leaves_no_line_of_effect() -> None:
    """R-COVER-1, RB3-HIDE: two squares high, the wall blocks all 8 lines from every corner: no line
    of effect, no cover (more than cover), and no Search for kira behind it."""
    wall = {Pos(4, y, z): Cell(brawl.Material.STONE) for y in range(20) for z in range(2)}
    enc = low_wall()
    enc = attrs.evolve(enc, terrain=enc.terrain.with_cells(wall))
    assert blocked_lines(enc, "ogre", "kira") == 8
    assert not has_cover(enc, "kira", "ogre")
    assert not brawl.line_of_effect_to(enc, "ogre", "kira")
    hid = hide(enc, "kira").state
    assert hid.creature("kira").hidden_from == frozenset({"ogre"})
    assert hidden_in_reach(hid, "ogre") == ()


def test_an_object_wall_blocks_line_of_effect_as_stone_does() -> None:
    """R-COVER-1: a line is blocked by solid terrain or an object on the map; a row of crates two
    squares high between the two leaves no line of effect, to a strike or to a teleport."""
    enc = attrs.evolve(low_wall(), terrain=brawl.Terrain.flat(20, 20))
    assert brawl.line_of_effect_to(enc, "ogre", "kira")
    for y in range(20):
        for z in range(2):
            crate = MapObject(id=f"crate{y}_{z}", pos=Pos(4, y, z), material=brawl.Material.WOOD)
            enc = enc.with_object(crate)
    assert not brawl.line_of_effect_to(enc, "ogre", "kira")
    assert not edges.has_line_of_effect(enc, "ogre", "kira")
    assert not teleport.line_of_effect(enc, Pos(2, 2, 0), 1, Pos(6, 2, 0), 1)


def _hidden_from(enc: Encounter, viewer: str) -> Encounter:
    for c in enc.living():
        if c.id != viewer:
            enc = enc.with_creature(attrs.evolve(c, hidden_from=frozenset({viewer})))
    return enc


@settings(max_examples=120, deadline=None)
@given(encounters(min_creatures=2, max_creatures=5, max_size=3))
def test_every_rule_that_asks_for_line_of_effect_agrees_with_the_home(enc: Encounter) -> None:
    """R-COVER-1, DS-EDGE-08, DS-ACT-14, RB3-HIDE, DS-TELE-03, R-AREA-5, R-ABIL-9: on random small maps
    (walls, raised ground, pits, objects, sizes 1 to 3) the home equals the corner-line oracle, and
    the public function, the strike's and flanking's, an area's from its user and from its origin
    square, an ability's on an object, a teleport's, and Search's all give the home's answer."""
    ids = list(enc.order)
    for a in ids:
        ca = enc.creature(a)
        for b in ids:
            cb = enc.creature(b)
            home = line_of_effect(enc, ca, cb)
            if a == b:
                assert home
                continue
            if not (completely_beneath(enc, a) or is_burrowing(enc, b)):
                assert home == corner_lines_open(enc, ca.pos, ca.n, cb.pos, cb.n)
            assert brawl.line_of_effect_to(enc, a, b) == home
            assert edges.has_line_of_effect(enc, a, b) == home
            assert edges.line_of_effect_between(enc, ca, cb) == home
            assert ability_rules._sees(enc, ca, cb) == home
            assert area_line_of_effect(enc, Area("burst", frozenset()), a, b) == home
            spaces = corner_lines_open(enc, ca.pos, ca.n, cb.pos, cb.n)
            assert teleport.line_of_effect(enc, ca.pos, ca.n, cb.pos, cb.n) == spaces
            origin = Area("cube", frozenset(), ca.pos)
            assert area_line_of_effect(enc, origin, a, b) == corner_lines_open(enc, ca.pos, 1, cb.pos, cb.n)
        for oid, o in enc.objects.items():
            seen = corner_lines_open(enc, ca.pos, ca.n, o.pos, o.n)
            assert ability_rules._sees(enc, ca, o) == seen
            assert area_line_of_effect(enc, Area("burst", frozenset()), a, oid) == seen
        searched = _hidden_from(enc, a)
        expected = tuple(
            c.id
            for c in enc.living()
            if c.id != a and distance(ca.pos, ca.n, c.pos, c.n) <= SEARCH_RANGE and line_of_effect(enc, ca, c)
        )
        assert hidden_in_reach(searched, a) == expected


@settings(max_examples=80, deadline=None)
@given(encounters(min_creatures=1, max_creatures=3, max_size=3), st.integers(1, 4))
def test_the_areas_form_of_line_of_effect_answers_as_the_home(enc: Encounter, r: int) -> None:
    """R-COVER-1, R-AREA-7: ``sees_squares``, line of effect to an area's many squares at once, gives
    :func:`sees_space`'s answer for every square on the map within ``r`` of a creature, solid, open
    or an object's, on random small maps."""
    c = enc.creature(enc.order[0])
    cells = [p for p in burst_cells(c.pos, c.n, r) if enc.terrain.in_bounds(p)]
    expected = {p for p in cells if sees_space(enc, c.pos, c.n, p, 1)}
    assert sees_squares(enc, c.pos, c.n, cells) == expected


def _burst_oracle(enc: Encounter, c: brawl.Creature, r: int) -> set[Pos]:
    """The squares within ``r`` of the creature's space, on the map, open or held by a creature,
    and seen from its space, each asked of :func:`sees_space` alone."""
    held = {q for o in enc.living() for q in cube(o.pos, o.n)}
    return {
        p
        for p in burst_cells(c.pos, c.n, r)
        if enc.terrain.in_bounds(p)
        and (enc.terrain.is_clear(p) or p in held)
        and sees_space(enc, c.pos, c.n, p, 1)
    }


@settings(max_examples=80, deadline=None)
@given(encounters(min_creatures=2, max_creatures=4, max_size=3), st.integers(1, 5))
def test_a_burst_holds_the_squares_it_sees_however_often_it_is_asked(enc: Encounter, r: int) -> None:
    """R-AREA-1, R-AREA-7: a burst of ``r`` around a creature holds each square within ``r`` of its
    space that is on the map, open (or a creature's, as a burrower's in the rock is) and in line of
    effect, asked square by square; asked again after another creature moves into the rock, it
    holds that creature's squares too: what it remembers never outlives the creatures' places."""
    c = enc.creature(enc.order[0])
    assert burst_area(enc, c.pos, c.n, r) == _burst_oracle(enc, c, r)
    assert burst_area(enc, c.pos, c.n, r) == _burst_oracle(enc, c, r)
    if len(enc.order) < 2:
        return
    other = enc.creature(enc.order[1])
    rock = next(
        (
            p
            for p in sorted(burst_cells(c.pos, c.n, r))
            if enc.terrain.in_bounds(p)
            and enc.terrain.cell(p).material.burrowable
            and sees_space(enc, c.pos, c.n, p, 1)
        ),
        None,
    )
    if rock is None:
        return
    burrower = attrs.evolve(
        other, pos=rock, size=brawl.Size(1, "M"), movement=other.movement | {MovementType.BURROW}
    )
    moved = enc.with_creature(burrower)
    assert rock in burst_area(moved, c.pos, c.n, r)
    assert burst_area(moved, c.pos, c.n, r) == _burst_oracle(moved, c, r)
