"""Cells, spaces, distance, adjacency, directions and the corner test (R-GEO-1..5, DS-GRID)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brawl import InvalidArgumentError, Pos, adjacent, distance
from brawl.errors import ArgumentTypeError
from brawl.geometry import (
    HORIZONTAL_DIRECTIONS,
    SPATIAL_DIRECTIONS,
    as_direction,
    as_pos,
    cell_distance,
    corner_cells,
    cube,
    footprint,
    line,
    overlaps,
)

coords = st.integers(-50, 50)
positions = st.builds(Pos, coords, coords, coords)
sizes = st.integers(1, 4)


def test_diagonal_squares_are_at_distance_1() -> None:
    """DS-GRID-03, R-GEO-1: no Pythagorean theorem on the grid; a diagonal neighbour is 1 away."""
    assert distance(Pos(0, 0, 0), 1, Pos(1, 1, 0), 1) == 1
    assert distance(Pos(0, 0, 0), 1, Pos(3, 2, 0), 1) == 3


def test_distance_between_spaces_counts_king_steps_between_nearest_cells() -> None:
    """R-GEO-1: a size-2 ogre at (3,3) and a 1M hero at (1,1) are 2 squares apart."""
    assert distance(Pos(1, 1, 0), 1, Pos(3, 3, 0), 2) == 2
    assert distance(Pos(5, 3, 0), 1, Pos(3, 3, 0), 2) == 1
    assert distance(Pos(3, 3, 0), 2, Pos(3, 3, 0), 2) == 0


def test_distance_is_three_dimensional() -> None:
    """R-GEO-1: positions are 3-D cells; height counts like any other axis."""
    assert distance(Pos(0, 0, 0), 1, Pos(0, 0, 4), 1) == 4
    assert distance(Pos(0, 0, 0), 2, Pos(1, 1, 3), 1) == 2


def test_adjacent_means_touching_without_overlap() -> None:
    """R-GEO-1: adjacent = distance 1, diagonals and corners included."""
    assert adjacent(Pos(0, 0, 0), 1, Pos(1, 1, 0))
    assert adjacent(Pos(0, 0, 0), 1, Pos(1, 1, 1))
    assert not adjacent(Pos(0, 0, 0), 1, Pos(2, 0, 0))
    assert not adjacent(Pos(0, 0, 0), 2, Pos(1, 1, 0))
    assert adjacent(Pos(0, 0, 0), 2, Pos(2, 1, 0))


def test_the_8_horizontal_and_26_spatial_directions() -> None:
    """R-GEO-2: 8 horizontal unit steps; 26 in three dimensions."""
    assert len(HORIZONTAL_DIRECTIONS) == 8
    assert len(set(HORIZONTAL_DIRECTIONS)) == 8
    assert all(d.z == 0 for d in HORIZONTAL_DIRECTIONS)
    assert len(set(SPATIAL_DIRECTIONS)) == 26
    assert all(cell_distance(Pos(0, 0, 0), d) == 1 for d in SPATIAL_DIRECTIONS)


def test_a_creature_of_size_n_occupies_an_n_cube() -> None:
    """DS-SIZE-02, R-GEO-1: size 2 at (3,3,0) occupies 8 cells from (3,3,0) to (4,4,1)."""
    cells = list(cube(Pos(3, 3, 0), 2))
    assert len(cells) == 8
    assert min(cells) == Pos(3, 3, 0)
    assert max(cells) == Pos(4, 4, 1)
    assert len(list(footprint(Pos(3, 3, 0), 3))) == 9


def test_corner_cells_of_a_diagonal_step() -> None:
    """R-GEO-4: a diagonal step passes the corners of the cells differing in a proper subset."""
    assert corner_cells(Pos(0, 0, 0), 1, Pos(1, 1, 0)) == {Pos(1, 0, 0), Pos(0, 1, 0)}
    assert corner_cells(Pos(0, 0, 0), 1, Pos(1, 0, 0)) == frozenset()
    three_d = corner_cells(Pos(0, 0, 0), 1, Pos(1, 1, 1))
    assert len(three_d) == 6
    assert Pos(1, 1, 0) in three_d
    assert Pos(0, 0, 1) in three_d


def test_corner_cells_of_a_size_2_diagonal_step() -> None:
    """R-GEO-4: a 2-cube stepping (+1,+1) passes the corners (2,0) and (0,2) on each level."""
    cells = corner_cells(Pos(0, 0, 0), 2, Pos(1, 1, 0))
    assert cells == {Pos(2, 0, 0), Pos(2, 0, 1), Pos(0, 2, 0), Pos(0, 2, 1)}


def test_line_takes_equal_steps() -> None:
    """R-GEO-2: a straight line uses one unit vector for every step."""
    assert line(Pos(0, 0, 0), Pos(1, -1, 0), 3) == [Pos(1, -1, 0), Pos(2, -2, 0), Pos(3, -3, 0)]


@pytest.mark.parametrize("bad", [(0, 0, 0), (2, 0, 0), (0, 0), "ab", (1, 0, 0, 0), (True, 0, 0)])
def test_bad_directions_are_refused(bad: object) -> None:
    """R-GEO-2: a direction has components -1..1, not all 0."""
    with pytest.raises(InvalidArgumentError, match="R-GEO-"):
        as_direction(bad)  # type: ignore[arg-type]


def test_horizontal_only_direction_refuses_z() -> None:
    """R-GEO-2: a non-vertical forced move or slide is horizontal."""
    with pytest.raises(InvalidArgumentError, match="R-GEO-2"):
        as_direction((1, 0, 1), vertical=False)


@pytest.mark.parametrize("bad", [None, 3, (1,), (1, 2, 3, 4), (1.0, 2, 0), ("a", 1)])
def test_bad_positions_are_refused(bad: object) -> None:
    """R-GEO-1: a position is 2 or 3 integers."""
    with pytest.raises(InvalidArgumentError, match="R-GEO-1"):
        as_pos(bad)  # type: ignore[arg-type]


def test_two_coordinates_mean_ground_level() -> None:
    """R-GEO-1: (x, y) is (x, y, 0)."""
    assert as_pos((3, 4)) == Pos(3, 4, 0)


@given(positions, sizes, positions, sizes)
def test_distance_is_symmetric_and_overlap_is_zero(a: Pos, an: int, b: Pos, bn: int) -> None:
    """R-GEO-1: distance(a, b) == distance(b, a); 0 exactly when the cubes share a cell."""
    assert distance(a, an, b, bn) == distance(b, bn, a, an)
    shares = bool(set(cube(a, an)) & set(cube(b, bn)))
    assert (distance(a, an, b, bn) == 0) == shares == overlaps(a, an, b, bn)


@given(positions, sizes, positions, sizes)
def test_distance_equals_min_cell_distance(a: Pos, an: int, b: Pos, bn: int) -> None:
    """R-GEO-1: the distance between spaces is the least king-step distance between their cells."""
    brute = min(cell_distance(p, q) for p in cube(a, an) for q in cube(b, bn))
    assert distance(a, an, b, bn) == brute


@given(positions, positions, positions)
def test_triangle_inequality_for_cells(a: Pos, b: Pos, c: Pos) -> None:
    """R-GEO-1: the Chebyshev metric obeys the triangle inequality."""
    assert cell_distance(a, c) <= cell_distance(a, b) + cell_distance(b, c)


@given(positions, sizes, st.sampled_from(SPATIAL_DIRECTIONS))
def test_corner_cells_lie_outside_both_cubes(p: Pos, n: int, d: Pos) -> None:
    """R-GEO-4: corner cells are neither in the start nor in the end cube."""
    cells = corner_cells(p, n, d)
    assert not cells & set(cube(p, n))
    assert not cells & set(cube(p + d, n))
    changed = sum(1 for c in d if c)
    assert (len(cells) == 0) == (changed == 1)


@pytest.mark.parametrize("bad", [None, 3, "ab", (1.0, 2, 0), ("a", 1), (1, None), (True, 0, 0)])
def test_a_position_of_the_wrong_type_is_an_argument_type_error(bad: object) -> None:
    """R-GEO-1: not whole numbers is a TypeError that names the argument."""
    with pytest.raises(ArgumentTypeError, match=r"^landing .*R-GEO-1"):
        as_pos(bad, what="landing")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^direction"):
        as_direction(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [(), (1,), (1, 2, 3, 4)])
def test_a_position_of_the_wrong_length_is_a_value_error(bad: object) -> None:
    """R-GEO-1: whole numbers, but not 2 or 3 of them: an InvalidArgumentError, not a TypeError."""
    with pytest.raises(InvalidArgumentError, match="2 or 3 coordinates") as info:
        as_pos(bad)  # type: ignore[arg-type]
    assert not isinstance(info.value, TypeError)


def test_distance_checks_its_arguments_at_the_public_boundary() -> None:
    """R-GEO-1: brawl.distance refuses None by name; the model helper itself stays unchecked and fast."""
    with pytest.raises(ArgumentTypeError, match=r"^distance\(a=None\)"):
        distance(None, 1, (0, 0, 0))  # type: ignore[arg-type]
    with pytest.raises(
        ArgumentTypeError, match=r"^adjacent\(b=\(1, 0\)\): expected Pos \| tuple\[int, int, int\]"
    ):
        adjacent((0, 0, 0), 1, (1, 0))  # type: ignore[arg-type]
    assert distance([0, 0, 0], 1, (3, 1, 0)) == 3  # type: ignore[arg-type]
