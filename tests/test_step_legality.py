"""One home for a step's legality: the bit-set searches agree with ``MoveModel.check_step`` step by step.

``MoveModel.check_step`` (R-MOVE-1, R-GEO-4, R-GEO-5) is where a step's legality and cost live;
the Dijkstra search calls it. The two bit-set searches (one level: ``bitset_search``; every level,
26 directions: ``bitset_search3``) restate the same rules as masks, for speed. This differential
test holds them to ``check_step`` on random small maps with walls, pits, difficult, damaging and
liquid terrain, objects, creatures of both sides, movers of size 1 to 3 walking, shifting,
crawling, flying, climbing, swimming and burrowing, prone or frightened: for every position the
fast search reached and every step out of it,

* a step ``check_step`` allows within the budget reaches its end at that cost or less;
* every position reached costs exactly the cheapest allowed step into it (so no refused step was
  taken, and no surcharge was skipped or added);
* the positions a move may end on are those ``can_end`` allows (DS-MOVE-04).

The share of examples where a refused step and a surcharged step were on offer is measured and
must be large, so the agreement is not the agreement of empty maps.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import brawl
from brawl import Cell, Creature, Encounter, MapObject, Material, Pos, Terrain
from brawl.conditions import Condition, ConditionName
from brawl.geometry import HORIZONTAL_DIRECTIONS
from brawl.reach_backend import Backend
from brawl.rules.reachable import bitset_kind, movement_model
from brawl.rules.step_masks import bitset_search
from brawl.rules.step_masks3 import bitset_search3
from brawl.rules.steps import MODES, MoveModel, Refusal

WALL = Cell(Material.STONE)
DIFFICULT = Cell(difficult=True)
KINDS = [WALL, WALL, DIFFICULT, DIFFICULT, DIFFICULT, Cell(damaging=2), Cell(liquid=True), Cell()]
"""Cells the maps are drawn from at and above the ground: walls and difficult terrain most often."""


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Encounter, str, int]:
    """A small map, a mover of size 1 to 3 in some mode, and a budget."""
    w, d = draw(st.integers(4, 7)), draw(st.integers(4, 7))
    cells = draw(
        st.dictionaries(
            st.tuples(st.integers(0, w - 1), st.integers(0, d - 1), st.sampled_from([0, 0, 0, 1, 2])),
            st.sampled_from(KINDS),
            min_size=10,
            max_size=30,
        )
    )
    for x, y in draw(st.lists(st.tuples(st.integers(0, w - 1), st.integers(0, d - 1)), max_size=2)):
        cells[x, y, -1] = Cell()  # a pit: nothing holds a walker up over it
    n = draw(st.sampled_from([1, 1, 2, 3]))
    size = {1: draw(st.sampled_from(["1M", "1S"])), 2: "2", 3: "3"}[n]
    start = Pos(
        draw(st.integers(0, w - n)), draw(st.integers(0, d - n)), draw(st.sampled_from([0, 0, 1, -1]))
    )
    for dx, dy, _ in draw(st.lists(st.sampled_from(HORIZONTAL_DIRECTIONS), min_size=2, max_size=4)):
        # difficult squares beside the mover's space: steps with a surcharge on offer
        cells[start.x + (n if dx > 0 else dx), start.y + (n if dy > 0 else dy), start.z] = DIFFICULT
    terrain = Terrain.flat(w, d, height=4, below=2)
    terrain = terrain.with_cells({Pos(*k): v for k, v in cells.items() if terrain.in_bounds(Pos(*k))})
    mode = draw(st.sampled_from([*MODES, "fly", "climb", "burrow"]))
    moves = {"walk", *draw(st.sets(st.sampled_from(["climb", "swim", "fly", "burrow"])))}
    moves |= {mode} & {"fly", "burrow"}  # the mode's movement type, most of the time
    conditions = [Condition(ConditionName.PRONE)] if mode == "crawl" or draw(st.integers(0, 5)) == 0 else []
    mover = Creature(
        id="mover", side="heroes", size=size, pos=start, speed=6, movement=moves, conditions=conditions
    )
    try:
        enc = Encounter.create(terrain, [mover])
    except brawl.StateError:
        assume(False)
        raise
    others = draw(
        st.lists(
            st.tuples(
                st.integers(0, w - 1),
                st.integers(0, d - 1),
                st.sampled_from([0, 0, 1]),
                st.sampled_from(["1T", "1M", "1L", "2", "object"]),
                st.sampled_from(["heroes", "director"]),
            ),
            max_size=5,
        )
    )
    for i, (x, y, z, kind, side) in enumerate(others):
        try:
            if kind == "object":
                enc = enc.with_object(MapObject(id=f"o{i}", pos=(x, y, z)))
            else:
                enc = enc.with_creature(Creature(id=f"c{i}", pos=(x, y, z), size=kind, side=side))
        except brawl.StateError:
            continue
    if len(enc.order) > 1 and draw(st.integers(0, 4)) == 0:
        fear = Condition(ConditionName.FRIGHTENED, source=enc.order[1])
        enc = enc.update_creature("mover", conditions=(*enc.creature("mover").conditions, fear))
    return enc, mode, draw(st.integers(3, 8))


def positions(terrain: Terrain) -> list[Pos]:
    """Every position of the map."""
    return [
        Pos(x, y, z)
        for z in range(-terrain.below, terrain.height)
        for y in range(terrain.depth)
        for x in range(terrain.width)
    ]


def agree(model: MoveModel, backend: Backend, budget: int) -> tuple[set[str], bool]:
    """Assert the fast search's costs are check_step's, step by step; the rules of the refused
    steps out of reached positions (onto the map), and whether a surcharged step was on offer
    within the budget."""
    origin = model.creature.pos
    reached = {p: c for p in positions(model.state.terrain) if (c := backend.cost_of(p)) is not None}
    assert reached.get(origin) == 0
    refused: set[str] = set()
    surcharged = False
    cheapest: dict[Pos, int] = {}
    for p, cp in reached.items():
        for d in model.directions:
            q = p + d
            verdict = model.check_step(p, q)
            if isinstance(verdict, Refusal):
                if model.state.terrain.in_bounds(q):
                    refused.add(verdict.rules[0])
                continue
            if cp + verdict > budget:
                continue
            if verdict > model.base:
                surcharged = True
            cheapest[q] = min(cheapest.get(q, budget + 1), cp + verdict)
            cq = reached.get(q)
            assert cq is not None, (
                f"check_step allows {tuple(p)} -> {tuple(q)}; the fast search never gets there"
            )
            assert cq <= cp + verdict, (
                f"check_step allows {tuple(p)} -> {tuple(q)} at {verdict} from cost {cp}; "
                f"the fast search has {cq}"
            )
    for q, cq in reached.items():
        if q != origin:
            assert cheapest.get(q) == cq, (
                f"{tuple(q)}: the fast search says {cq}, check_step {cheapest.get(q)}"
            )
    ends = {q for q in reached if q == origin or model.can_end(q)}
    assert {q for q in reached if backend.is_endpoint(q)} == ends
    return refused, surcharged


def fast_search(enc: Encounter, mode: str, budget: int) -> tuple[MoveModel, Backend] | None:
    """The step rules of the mover and the bit-set search's answer, or None (a mode it can't use,
    or a search only the general one makes)."""
    try:
        model = movement_model(enc, "mover", mode)
    except brawl.IllegalMoveError:
        return None
    kind = bitset_kind(model, model.creature.pos)
    if kind is None:
        return None
    search = bitset_search if kind == "walk" else bitset_search3
    return model, search(model, model.creature.pos, budget)


def test_the_bit_set_searches_agree_with_check_step_step_by_step() -> None:
    """R-MOVE-1, R-GEO-4, R-GEO-5, DS-MOVE-03, DS-MOVE-04, DS-MOVE-10, DS-MOVE-12, DS-MTYPE-12,
    DS-MTYPE-22: every step either bit-set search takes or leaves is check_step's verdict, and the
    examples offer refused and surcharged steps in large shares (at least 70% and 50%)."""
    seen: Counter[str] = Counter()

    @settings(
        max_examples=250,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
    )
    @given(scenes())
    def run(scene: tuple[Encounter, str, int]) -> None:
        enc, mode, budget = scene
        found = fast_search(enc, mode, budget)
        assume(found is not None)
        assert found is not None
        model, backend = found
        refused, surcharged = agree(model, backend, budget)
        seen["examples"] += 1
        seen["walk" if model.bitset_ok else "space"] += 1
        seen["refused"] += bool(refused)
        for rule in sorted(refused):
            event(f"refused: {rule}")
        event("surcharged" if surcharged else "no surcharge")
        seen["surcharged"] += surcharged
        seen[f"size {model.n}"] += 1

    run()
    total = seen["examples"]
    share = {k: round(seen[k] / total, 2) for k in ("refused", "surcharged", "walk", "space")}
    assert total >= 100, seen
    assert share["refused"] >= 0.7, share
    assert share["surcharged"] >= 0.5, share
    assert share["walk"] >= 0.2, share
    assert share["space"] >= 0.2, share
    assert all(seen[f"size {n}"] > 0 for n in (1, 2, 3)), seen


def test_a_fast_search_that_took_a_refused_step_is_caught() -> None:
    """The oracle itself (R-GEO-4, DS-MOVE-12): the true answer agrees; an answer that cuts a
    wall's corner (a diagonal at cost 1 past it) fails the agreement."""
    cells = {Pos(1, 0, 0): WALL, Pos(0, 2, 0): DIFFICULT}
    terrain = Terrain.flat(5, 5, height=3, below=1).with_cells(cells)
    enc = Encounter.create(terrain, [Creature(id="mover", side="heroes", pos=(0, 0, 0), speed=6)])
    found = fast_search(enc, "advance", 3)
    assert found is not None
    model, backend = found
    assert agree(model, backend, 3) == ({"DS-MOVE-08", "R-GEO-5"}, True)  # a corner cut, a wall
    assert isinstance(model.check_step(Pos(0, 0, 0), Pos(1, 1, 0)), Refusal)  # the wall's corner
    assert backend.cost_of(Pos(1, 1, 0)) == 2

    class CutsTheCorner(Backend):
        def cost_of(self, p: Pos) -> int | None:
            return 1 if p == Pos(1, 1, 0) else backend.cost_of(p)

        def is_endpoint(self, p: Pos) -> bool:
            return backend.is_endpoint(p)

    with pytest.raises(AssertionError, match=r"\(1, 1, 0\)"):
        agree(model, CutsTheCorner(), 3)
