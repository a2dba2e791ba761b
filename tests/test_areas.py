"""Area geometry: each shape's squares against a brute-force reference, who is in an area, line of
effect from the user or the area's origin (R-AREA-1..5, R-GEO-1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brawl import strategies
from brawl.abilities.model import Distance
from brawl.creature import Creature, MapObject
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.geometry import Pos, cube, distance
from brawl.rules.areas import (
    AXES,
    Area,
    area_line_of_effect,
    burst_cells,
    cube_cells,
    cube_placements,
    line_cells,
    line_placements,
    occupants,
    place_area,
)
from brawl.rules.cover import corners, line_blocked
from brawl.state import Encounter
from brawl.terrain import Cell, Material, Terrain

small = st.integers(-3, 3)


def box(lo: Pos, hi: Pos) -> list[Pos]:
    return [
        Pos(x, y, z)
        for x in range(lo.x, hi.x + 1)
        for y in range(lo.y, hi.y + 1)
        for z in range(lo.z, hi.z + 1)
    ]


@given(st.builds(Pos, small, small, small), st.integers(1, 3), st.integers(1, 4))
def test_a_burst_is_every_square_within_its_distance_but_the_users_own(pos: Pos, n: int, r: int) -> None:
    """R-AREA-1, R-GEO-1: a brute-force scan of a wide box by distance."""
    wide = box(pos - Pos(9, 9, 9), pos + Pos(12, 12, 12))
    reference = {p for p in wide if 1 <= distance(pos, n, p, 1) <= r}
    assert burst_cells(pos, n, r) == reference
    assert len(reference) == (n + 2 * r) ** 3 - n**3


def test_a_1_burst_of_a_medium_creature_is_its_26_neighbours() -> None:
    """R-AREA-1: 3 x 3 x 3 less the user's square."""
    assert len(burst_cells(Pos(5, 5, 0), 1, 1)) == 26
    assert len(burst_cells(Pos(5, 5, 0), 1, 2)) == 124


@given(st.builds(Pos, small, small, small), st.integers(1, 5))
def test_a_cube_is_size_cubed_squares_from_its_lowest_corner(corner: Pos, size: int) -> None:
    """R-AREA-2."""
    wide = box(corner - Pos(2, 2, 2), corner + Pos(7, 7, 7))
    reference = {p for p in wide if all(0 <= p[i] - corner[i] < size for i in range(3))}
    assert cube_cells(corner, size) == reference
    assert len(reference) == size**3


@given(st.builds(Pos, small, small, small), st.sampled_from(AXES), st.integers(1, 8), st.integers(1, 3))
def test_a_line_runs_along_a_row_or_column(start: Pos, way: Pos, length: int, width: int) -> None:
    """R-AREA-3: length along the direction, width a quarter turn from it (+x toward +y) and width
    high, by projection."""
    left = Pos(-way.y, way.x, 0)
    wide = box(start - Pos(12, 12, 12), start + Pos(12, 12, 12))

    def dot(a: Pos, b: Pos) -> int:
        return a.x * b.x + a.y * b.y + a.z * b.z

    reference = {
        p
        for p in wide
        if 0 <= dot(p - start, way) < length
        and 0 <= dot(p - start, left) < width
        and 0 <= (p - start).z < width
    }
    assert line_cells(start, way, length, width) == reference
    assert len(reference) == length * width * width


def test_a_line_refuses_a_diagonal() -> None:
    with pytest.raises(InvalidArgumentError, match="R-AREA-3"):
        line_cells(Pos(0, 0, 0), Pos(1, 1, 0), 3, 1)


def arena(
    *extra: Creature, cells: dict[Pos, Cell] | None = None, objects: tuple[MapObject, ...] = ()
) -> Encounter:
    kira = Creature(id="kira", side="heroes", pos=(5, 5, 0))
    terrain = Terrain.flat(12, 12).with_cells(cells or {})
    return Encounter.create(terrain, [kira, *extra], objects=objects)


def test_placing_a_cube_in_and_out_of_range() -> None:
    """R-AREA-2: "3 cube within 2": its nearest square within 2 of the user."""
    enc = arena()
    d = Distance("cube", size=3, within=2)
    area = place_area(enc, "kira", d, origin=Pos(7, 4, 0))
    assert len(area.cells) == 27
    assert area.origin == Pos(7, 5, 0)
    with pytest.raises(ActionUnavailableError, match="R-AREA-2"):
        place_area(enc, "kira", d, origin=Pos(8, 5, 0))
    with pytest.raises(InvalidArgumentError, match="R-AREA-2"):
        place_area(enc, "kira", d)
    corners = cube_placements(enc, "kira", d)
    assert Pos(7, 4, 0) in corners
    assert Pos(8, 5, 0) not in corners
    assert all(distance(Pos(5, 5, 0), 1, c, 3) <= 2 for c in corners)


def test_placing_a_line_and_a_wall() -> None:
    """R-AREA-3: a line starts within its distance, outside its user; R-AREA-4: a wall is one piece."""
    enc = arena()
    line = Distance("line", size=5, width=1, within=1)
    area = place_area(enc, "kira", line, origin=Pos(6, 5, 0), direction=Pos(1, 0, 0))
    assert sorted(area.cells) == [Pos(x, 5, 0) for x in range(6, 11)]
    with pytest.raises(ActionUnavailableError, match="R-AREA-3"):
        place_area(enc, "kira", line, origin=Pos(7, 5, 0), direction=Pos(1, 0, 0))
    with pytest.raises(ActionUnavailableError, match="R-AREA-3"):
        place_area(enc, "kira", line, origin=Pos(5, 5, 0), direction=Pos(1, 0, 0))
    assert len(line_placements(enc, "kira", line)) == 8 * 4
    wall = Distance("wall", size=3, within=2)
    assert len(place_area(enc, "kira", wall, wall=[Pos(7, 5, 0), Pos(7, 6, 0), Pos(7, 7, 0)]).cells) == 3
    with pytest.raises(ActionUnavailableError, match="R-AREA-4"):
        place_area(enc, "kira", wall, wall=[Pos(7, 5, 0), Pos(7, 7, 0)])
    with pytest.raises(ActionUnavailableError, match="R-AREA-4"):
        place_area(enc, "kira", wall, wall=[Pos(7, y, 0) for y in range(4)])


def test_the_user_needs_line_of_effect_to_the_origin() -> None:
    """R-AREA-5: a stone wall between the user and the cube."""
    wall = {Pos(6, y, z): Cell(Material.STONE) for y in range(12) for z in range(20)}
    enc = arena(cells=wall)
    with pytest.raises(ActionUnavailableError, match="R-AREA-5"):
        place_area(enc, "kira", Distance("cube", size=1, within=5), origin=Pos(8, 5, 0))


def test_line_of_effect_runs_from_the_origin_square() -> None:
    """R-AREA-5, R-COVER-1: in a cube, a creature behind a stone pillar three squares wide from the
    origin square is out of it."""
    pillar = {Pos(8, y, z): Cell(Material.STONE) for y in range(4, 7) for z in range(20)}
    gob = Creature(id="gob", pos=(9, 5, 0))
    enc = arena(gob, cells=pillar)
    area = Area("cube", cube_cells(Pos(7, 4, 0), 3), Pos(7, 5, 0))
    assert occupants(enc, area) == ("gob",)
    assert not area_line_of_effect(enc, area, "kira", "gob")
    assert area_line_of_effect(enc, Area("cube", area.cells, Pos(9, 4, 0)), "kira", "gob")


def test_who_is_in_an_area_creatures_then_objects() -> None:
    """R-AREA-5: any square of a space in the area; the dead are not; objects after creatures."""
    big = Creature(id="ogre", pos=(7, 6, 0), size="2")
    dead = Creature(id="corpse", pos=(4, 4, 0), dead=True)
    crate = MapObject(id="crate", pos=Pos(6, 6, 0))
    enc = arena(big, dead, objects=(crate,))
    area = Area("burst", burst_cells(Pos(5, 5, 0), 1, 2))
    assert occupants(enc, area) == ("ogre", "crate")
    assert occupants(enc, area, exclude=("ogre",)) == ("crate",)
    assert occupants(enc, Area("wall", frozenset({Pos(6, 6, 0)}))) == ()


@settings(max_examples=40, deadline=None)
@given(strategies.encounters(), st.integers(1, 3), st.data())
def test_occupants_match_a_brute_force_reference(enc: Encounter, r: int, data: st.DataObject) -> None:
    """R-AREA-5: every living creature with a square among the area's, in the encounter's order."""
    living = [c for c in enc.creature_list() if not c.dead]
    if not living:
        return
    user = data.draw(st.sampled_from(living))
    area = Area("burst", burst_cells(user.pos, user.n, r))
    found = occupants(enc, area)
    reference = [c.id for c in enc.creature_list() if not c.dead and set(c.cells()) & area.cells]
    reference += [o for o in sorted(enc.objects) if set(enc.objects[o].cells()) & area.cells]
    assert list(found) == reference


def test_a_wide_line_spreads_a_quarter_turn_from_its_direction() -> None:
    """R-AREA-3: a 2 x 2 line running +x covers y and y + 1, z and z + 1; running +y, x and x - 1."""
    east = line_cells(Pos(0, 0, 0), Pos(1, 0, 0), 2, 2)
    assert east == {Pos(x, y, z) for x in (0, 1) for y in (0, 1) for z in (0, 1)}
    south = line_cells(Pos(0, 0, 0), Pos(0, 1, 0), 2, 2)
    assert south == {Pos(x, y, z) for x in (0, -1) for y in (0, 1) for z in (0, 1)}


def reached(enc: Encounter, source: Pos, n: int, shape: frozenset[Pos]) -> set[Pos]:
    """R-AREA-7, brute force: the shape's squares on the map that are not solid terrain (or that a
    creature occupies) and that a corner line from the source's space reaches unblocked (R-COVER-1)."""
    found = set()
    for p in shape:
        if not enc.terrain.in_bounds(p):
            continue
        if enc.terrain.is_solid(p) and not enc.creatures_in(p, 1):
            continue
        own = frozenset(cube(source, n)) | {p}
        if any(not line_blocked(enc, a, b, own) for a in corners(source, n) for b in corners(p, 1)):
            found.add(p)
    return found


def test_a_1_burst_on_flat_ground_holds_17_squares_and_a_2_burst_74() -> None:
    """R-AREA-1, R-AREA-7: on flat ground the squares below the user's level are solid ground; a
    1 burst holds the 8 around the user and the 9 above (17, not the shape's 26), a 2 burst
    24 + 25 + 25 = 74 (not 124)."""
    enc = arena()
    one = place_area(enc, "kira", Distance("burst", 1))
    assert len(one.cells) == 17
    assert one.cells == reached(enc, Pos(5, 5, 0), 1, burst_cells(Pos(5, 5, 0), 1, 1))
    assert {p.z for p in one.cells} == {0, 1}
    two = place_area(enc, "kira", Distance("burst", 2))
    assert len(two.cells) == 74
    assert two.squares == tuple(sorted(two.cells, key=lambda p: (p.z, p.y, p.x)))


def test_a_2_burst_in_a_corridor_holds_the_corridor_only() -> None:
    """R-AREA-1, R-AREA-7, R-COVER-1: in a corridor one square wide between stone walls three
    squares high, a 2 burst reaches the 5 squares of the corridor within 2 on each of 3 levels,
    the user's own left out: 14; nothing behind the walls, nothing in the ground."""
    walls = {Pos(x, y, z): Cell(Material.STONE) for x in range(12) for y in (4, 6) for z in range(3)}
    enc = arena(cells=walls)
    area = place_area(enc, "kira", Distance("burst", 2))
    assert len(area.cells) == 14
    assert area.cells == {Pos(x, 5, z) for x in range(3, 8) for z in range(3)} - {Pos(5, 5, 0)}
    assert area.cells == reached(enc, Pos(5, 5, 0), 1, burst_cells(Pos(5, 5, 0), 1, 2))


@settings(max_examples=60, deadline=None)
@given(strategies.encounters(min_creatures=1, max_creatures=3, max_size=2), st.integers(1, 3), st.data())
def test_an_areas_squares_match_a_brute_force_count(enc: Encounter, r: int, data: st.DataObject) -> None:
    """R-AREA-1, R-AREA-2, R-AREA-7: on random maps (raised ground, walls, pits, objects) a burst's
    squares are those within its distance that are not solid and that line of effect reaches from
    the user's space; a cube's, from its origin square; each creature with a square among them
    is in the area."""
    user = enc.creature(enc.order[0])
    burst = place_area(enc, user.id, Distance("burst", r))
    assert burst.cells == reached(enc, user.pos, user.n, burst_cells(user.pos, user.n, r))
    assert len(burst.squares) == len(burst.cells)
    corner = data.draw(st.sampled_from(cube_placements(enc, user.id, Distance("cube", size=r, within=2))))
    try:
        cubed = place_area(enc, user.id, Distance("cube", size=r, within=2), origin=corner)
    except ActionUnavailableError:
        return  # no line of effect to its origin
    assert cubed.origin is not None
    assert cubed.cells == reached(enc, cubed.origin, 1, cube_cells(corner, r))
    for c in enc.living():
        if c.id != user.id and any(p in cubed.cells for p in cube(c.pos, c.n)):
            assert c.id in occupants(enc, cubed)
