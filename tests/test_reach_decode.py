"""The shortcuts of a walking search and of its decoding, each against the general code.

* Where the move may end (DS-MOVE-04, R-SIZE-1): a size-1 mover whose window is cut from the map's
  tiles reads every living creature's cells from the encounter's side tiles; when all the
  creatures are within 1 size of it, those cells are the squares it can't end on. The general
  code visits the creatures one by one (``no_stop``): on random crowds of every size, side, dead
  or alive, both give the same squares.
* Decoding (R-MOVE-1, R-MOVE-2): the dict and the columns decoded with bytes operations hold the
  cost of every end, in z, y, x order, as the window's bits read one by one from the cost layers
  say, including costs whose every bit is set (2**d - 1, the code the decoding uses for the
  squares left out).
"""

from __future__ import annotations

import functools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import Cell, Creature, Encounter, Material, Pos, Terrain
from brawl.conditions import Condition, ConditionName
from brawl.reach_backend import BitsetBackend
from brawl.rules import step_windows
from brawl.rules.reachable import movement_model
from brawl.rules.steps import Mode
from brawl.terrain import TILE_STRIDE
from test_reachable import reference_costs

SIZES = ["1T", "1S", "1M", "1L", "2", "3"]
WALKS: list[Mode] = ["advance", "advance", "shift", "disengage"]


@st.composite
def crowds(draw: st.DrawFn) -> tuple[Encounter, int, Mode, bool]:
    """A random map of walls and difficult terrain whose windows often cross the 32 x 32 tiles, a
    size-1 mover and creatures of every size and side around it, some dead; a budget, a mode and
    whether the move squeezes (DS-MOVE-05)."""
    rng = random.Random(draw(st.integers(0, 1 << 30)))
    w, d = draw(st.integers(4, 70)), draw(st.integers(4, 70))
    cells: dict[Pos, Cell] = {}
    for _ in range(rng.randint(0, w * d // 4)):
        p = Pos(rng.randrange(w), rng.randrange(d), 0)
        cells[p] = rng.choice([Cell(Material.STONE), Cell(difficult=True), Cell(damaging=2)])
    start = Pos(rng.randrange(w), rng.randrange(d), 0)
    cells[start] = Cell()
    terrain = Terrain.flat(w, d, height=3, below=1).with_cells(cells)
    prone = draw(st.booleans()) and draw(st.booleans())
    mover = Creature(
        id="mover",
        side="heroes",
        size=draw(st.sampled_from(SIZES[:4])),
        pos=start,
        speed=99,
        conditions=[Condition(ConditionName.PRONE)] if prone else [],
    )
    enc = Encounter.create(terrain, [mover])
    near = draw(st.integers(0, 12))
    for i in range(draw(st.integers(0, 25))):
        spread = 4 if i < near else max(w, d)
        p = Pos(start.x + rng.randint(-spread, spread), start.y + rng.randint(-spread, spread), 0)
        other = Creature(
            id=f"c{i}",
            side=rng.choice(["heroes", "director", "director", "wild"]),
            size=rng.choice(SIZES if draw(st.booleans()) else SIZES[1:4]),
            pos=p,
            dead=rng.random() < 0.1,
        )
        try:
            enc = enc.with_creature(other)
        except brawl.StateError:
            continue
    budget = draw(st.integers(0, 15))
    mode: Mode = "crawl" if prone else draw(st.sampled_from(WALKS))
    return enc, budget, mode, draw(st.booleans()) and draw(st.booleans())


def _general_no_stop(backend: BitsetBackend) -> tuple[int, int] | None:
    """The squares the result leaves out and those the general code leaves out, when the result
    read them from the side tiles (None otherwise)."""
    found = backend._no_stop
    if not isinstance(found, functools.partial) or found.func is not step_windows.no_stop_tiles:
        return None
    model, _, x0, y0, x1, y1, z = found.args
    assert backend.stride == TILE_STRIDE
    return found(), step_windows.no_stop(model, x0, y0, x1, y1, z, TILE_STRIDE)


@settings(max_examples=300, deadline=None)
@given(crowds())
def test_the_ends_read_from_the_side_tiles_are_the_general_codes(
    scene: tuple[Encounter, int, Mode, bool],
) -> None:
    """DS-MOVE-04, R-SIZE-1: the squares a size-1 mover can't end on, read from the side tiles when
    every creature is within 1 size of it, are those the general code finds creature by creature
    (the mover's own square aside: its start is an end all the same); the result equals the
    reference Dijkstra's."""
    enc, budget, mode, squeeze = scene
    result = brawl.reachable(enc, "mover", budget=budget, mode=mode, squeeze=squeeze)
    backend = result._backend
    assert isinstance(backend, BitsetBackend)
    compared = _general_no_stop(backend)
    if compared is not None:
        fast, general = compared
        start = backend.start
        assert fast | start == general | start
        model = movement_model(enc, "mover", mode)
        assert not model.squeeze
    if not squeeze:
        assert result.costs() == reference_costs(enc, "mover", result.budget, mode)


def test_the_side_tiles_answer_often_and_not_when_sizes_are_far_apart() -> None:
    """The shortcut is taken for a size-1 mover among creatures within 1 size of it, and not when
    one creature is 2 or more sizes apart, wherever it stands (DS-MOVE-04)."""
    terrain = Terrain.flat(60, 60, height=2, below=1)
    mover = Creature(id="mover", side="heroes", pos=(30, 30, 0), speed=10)
    crowd = [Creature(id=f"e{i}", side="director", pos=(28 + i, 27, 0)) for i in range(5)]
    enc = Encounter.create(terrain, [mover, *crowd])
    result = brawl.reachable(enc, "mover", budget=6)
    backend = result._backend
    assert isinstance(backend, BitsetBackend)
    compared = _general_no_stop(backend)
    assert compared is not None
    assert compared[0] == compared[1] | backend.start
    assert step_windows.all_near(enc, mover.size, 999)
    assert Pos(29, 27, 0) not in result
    # a size-2 creature far away (rank 4 against 2): the general code answers
    far = enc.with_creature(Creature(id="big", side="director", size="2", pos=(2, 2, 0)))
    assert not step_windows.all_near(far, mover.size, 999)
    assert brawl.reachable(far, "mover", budget=6).costs() == result.costs()
    # a tiny creature beside the mover: it may end in its space
    tiny = enc.with_creature(Creature(id="rat", side="director", size="1T", pos=(31, 31, 0)))
    assert Pos(31, 31, 0) in brawl.reachable(tiny, "mover", budget=6)
    # a 1L mover and a size-2 creature are 1 size apart: the shortcut holds
    large = far.update_creature("mover", size="1L")
    assert step_windows.all_near(large, large.creature("mover").size, 999)


def _decoded_by_bits(backend: BitsetBackend) -> dict[Pos, int]:
    """Every end and its cost, bit by bit from the cost planes: the plainest decoding."""
    planes = backend.planes
    ends = backend.ends
    found: dict[Pos, int] = {}
    for i in range(backend.levels * backend.plane):
        if (ends >> i) & 1:
            dz, r = divmod(i, backend.plane)
            dy, dx = divmod(r, backend.stride)
            found[Pos(backend.x0 + dx, backend.y0 + dy, backend.z + dz)] = sum(
                ((p >> i) & 1) << j for j, p in enumerate(planes)
            )
    return found


@settings(max_examples=150, deadline=None)
@given(crowds())
def test_the_decoded_dict_and_columns_are_the_bits_in_order(scene: tuple[Encounter, int, Mode, bool]) -> None:
    """R-MOVE-1, R-MOVE-2: the dict decoded with bytes operations holds every end with its cost,
    in z, y, x order, as the bits say; so do the columns."""
    enc, budget, mode, squeeze = scene
    result = brawl.reachable(enc, "mover", budget=budget, mode=mode, squeeze=squeeze)
    backend = result._backend
    assert isinstance(backend, BitsetBackend)
    fresh = brawl.reachable(
        enc.with_creature(enc.creature("mover")), "mover", budget=budget, mode=mode, squeeze=squeeze
    )
    expected = _decoded_by_bits(backend)
    decoded = fresh.costs()
    assert list(decoded.items()) == list(expected.items())
    columns = result.columns()
    rows = list(
        zip(columns.x.tolist(), columns.y.tolist(), columns.z.tolist(), columns.cost.tolist(), strict=True)
    )
    assert rows == [(p.x, p.y, p.z, c) for p, c in expected.items()]


def test_costs_whose_every_bit_is_set_are_decoded() -> None:
    """R-MOVE-1: in an open field the squares at distance 1, 3, 7 and 15 cost 2**d - 1, the
    largest code of d planes; the dict and the columns keep them at every budget up to 16."""
    enc = Encounter.create(
        Terrain.flat(40, 40, height=2, below=1), [Creature(id="kira", pos=(20, 20, 0), speed=99)]
    )
    for budget in range(17):
        result = brawl.reachable(enc, "kira", budget=budget)
        expected = {
            Pos(x, y, 0): max(abs(x - 20), abs(y - 20))
            for y in range(20 - budget, 21 + budget)
            for x in range(20 - budget, 21 + budget)
        }
        assert list(result.costs().items()) == list(expected.items())
        columns = result.columns()
        assert columns.cost.tolist() == list(expected.values())
