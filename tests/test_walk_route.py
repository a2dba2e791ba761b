"""The bit-set result's own route: positions of one cost and paths read from the flood's layers.

R-MOVE-1, R-GEO-4: :meth:`BitsetBackend.walk_route` rebuilds a cheapest path from the positions
reached at each cost; those come from the search's layers while it keeps them whole, else from
the bit planes its large windows fold them into. Both give the same positions and routes.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given

import brawl
from brawl import Encounter, Pos, Terrain
from brawl.geometry import HORIZONTAL_DIRECTIONS
from brawl.reach_backend import BitsetBackend, _back_steps, _first_back
from brawl.rules.reachable import movement_model
from test_reachable import _try, scenes


def _twins(enc: Encounter, mode: str) -> tuple[brawl.Reachable, brawl.Reachable] | None:
    """Two searches of the same move, the second made to read its costs from its bit planes."""
    twin = enc.with_creature(enc.creature("mover"))  # an equal state: a search of its own
    first, second = _try(enc, mode), _try(twin, mode)
    if first is None or second is None:
        return None
    backend = second._backend
    if not isinstance(backend, BitsetBackend):
        return None
    backend._by_cost = None  # as after a large window folded its layers into the planes
    return first, second


@given(scenes())
def test_positions_at_a_cost_from_the_layers_are_those_the_planes_spell(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-1: the positions reached at cost k are the same read from the search's layers as
    from its bit planes, for every cost up to past the budget, and each has that cost."""
    enc, mode = scene
    found = _twins(enc, mode)
    if found is None:
        return
    first, second = found
    layers, planes = first._backend, second._backend
    assert isinstance(layers, BitsetBackend)
    assert isinstance(planes, BitsetBackend)
    for k in range(-1, first.budget + 4):
        assert layers.at_cost(k) == planes.at_cost(k)
    for pos, cost in first.items():
        i = layers._bit(pos)
        assert (layers.at_cost(cost) >> i) & 1


@given(scenes())
def test_routes_read_from_the_planes_are_those_read_from_the_layers(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-1, R-GEO-4: a route rebuilt with the costs read from the bit planes is the one
    rebuilt from the layers, step costs included."""
    enc, mode = scene
    found = _twins(enc, mode)
    if found is None:
        return
    first, second = found
    for pos in first:
        assert first.route_to(pos) == second.route_to(pos)


def test_a_large_window_routes_over_its_folded_layers(
    same_route: Callable[..., tuple[brawl.Pos, ...]],
) -> None:
    """R-MOVE-1: a search whose window folds its old layers into the bit planes as it goes
    rebuilds its routes from the planes; they are the routes the step rules give, each step at
    the cost the rules say."""
    terrain = Terrain.flat(300, 300, height=2, below=1).with_cells(
        {Pos(x, y, 0): brawl.Cell(difficult=True) for x in range(100, 200, 3) for y in range(100, 200, 2)}
    )
    mover = brawl.Creature(id="mover", side="heroes", pos=(150, 150, 0), speed=200)
    enc = Encounter.create(terrain, [mover])
    fast = brawl.reachable(enc, "mover", budget=140)
    backend = fast._backend
    assert isinstance(backend, BitsetBackend)
    assert backend.walk is not None
    assert backend._by_cost is None  # its layers were folded into the planes
    slow = brawl.reachable(enc.with_creature(enc.creature("mover")), "mover", budget=140)
    assert isinstance(slow._backend, BitsetBackend)
    slow._backend.walk = None  # this result asks the step rules
    model = movement_model(enc, "mover", "advance")
    ends = list(fast)  # cheapest first
    for pos in (*ends[-4:], *ends[:: len(ends) // 7]):
        same_route(fast, slow, model, pos)


@pytest.mark.parametrize("s", [4, 12, 33])
def test_the_first_step_back_packed_is_the_first_of_the_steps_in_order(s: int) -> None:
    """R-MOVE-1, R-GEO-4: with no corner shut, the step back found by packing the 3 x 3 patch of
    positions reached at the previous cost into 9 bits is the first of the directions, in their
    order, whose previous position is among them, for every set of them."""
    back = _back_steps(HORIZONTAL_DIRECTIONS, s)
    first = _first_back(HORIZONTAL_DIRECTIONS, s)
    assert len(first) == 512
    cells = [r * s + c for r in range(3) for c in range(3)]
    for cand in range(512):
        near = sum(1 << cells[j] for j in range(9) if cand >> j & 1)
        expected = next((step for step in back if near & step[0]), None)
        assert first[cand] == expected
    assert first[0] is None
    assert first[1 << 4] is None  # q itself is no step back


@given(scenes())
def test_a_route_to_a_square_no_move_ends_on_is_refused(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-1, R-MOVE-2: the route to a square the search did not reach, or may not end on, is
    refused with the search's reason, whichever way it is asked (a Pos or a tuple)."""
    enc, mode = scene
    reach = _try(enc, mode)
    if reach is None:
        return
    mover = enc.creature("mover")
    ends = set(reach)
    for dx in (-2, 0, 3, reach.budget + 1):
        for dy in (-1, 0, 2):
            pos = Pos(mover.pos.x + dx, mover.pos.y + dy, mover.pos.z)
            if pos in ends:
                continue
            for asked in (pos, tuple(pos)):
                with pytest.raises(brawl.IllegalMoveError, match=f"can't end an? {mode} move at"):
                    reach.route_to(asked)
