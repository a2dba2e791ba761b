"""Reachable squares: costs, paths, both searches against a plain Dijkstra reference (R-MOVE-1, R-MOVE-2)."""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import brawl
from brawl import Cell, Creature, Encounter, MapObject, Material, Pos, Terrain, reach_backend, reach_flood
from brawl.conditions import Condition, ConditionName
from brawl.geometry import HORIZONTAL_DIRECTIONS, SPATIAL_DIRECTIONS, corner_cells, cube, distance
from brawl.reach_backend import Backend, BitsetBackend
from brawl.rules.movement import move_searched, plan_move
from brawl.rules.reachable import movement_model
from brawl.rules.steps import MODES

# --------------------------------------------------------------------------------------------
# a straightforward Dijkstra reference, written from the rules alone


def _open(state: Encounter, cell: Pos, mode: str) -> bool:
    if state.object_at(cell) is not None:
        return False
    c = state.terrain.cell(cell)
    return not c.solid or (mode == "burrow" and c.material is Material.DIRT)


def _ref_fits(state: Encounter, q: Pos, n: int, mode: str) -> bool:
    return state.terrain.cube_in_bounds(q, n) and all(_open(state, c, mode) for c in cube(q, n))


def _ref_liquid(state: Encounter, q: Pos, n: int) -> bool:
    return any(state.terrain.cell(c).liquid for c in cube(q, n))


def _ref_held(state: Encounter, q: Pos, n: int, mode: str) -> bool:
    if state.is_supported(q, n) or _ref_liquid(state, q, n) or mode == "fly":
        return True
    if mode == "burrow":
        return any(state.terrain.cell(c).material is Material.DIRT for c in cube(q, n))
    if mode == "climb":
        shell = set(cube(q - (1, 1, 1), n + 2)) - set(cube(q, n))
        return any(state.terrain.in_bounds(c) and state.is_blocked(c) for c in shell)
    return False


def _ref_enemy_cell(state: Encounter, me: Creature, cell: Pos) -> bool:
    return any(o != me.id and state.creature(o).side != me.side for o in state.occupants(cell))


def reference_costs(state: Encounter, cid: str, budget: int, mode: str) -> dict[Pos, int]:
    """Plain Dijkstra over every legal step; the positions the move may end on, with their cost."""
    me = state.creature(cid)
    n = me.n
    prone = me.has(ConditionName.PRONE)
    shifting = mode in ("shift", "disengage")
    dirs = SPATIAL_DIRECTIONS if mode in ("climb", "swim", "fly") else HORIZONTAL_DIRECTIONS
    fear = [
        state.creatures[c.source]
        for c in me.conditions_named(ConditionName.FRIGHTENED)
        if c.source is not None and c.source in state.creatures
    ]

    def bad_for_shift(p: Pos) -> bool:
        return any(
            state.terrain.cell(c).difficult or state.terrain.cell(c).damaging or _ref_enemy_cell(state, me, c)
            for c in cube(p, n)
        )

    def step(p: Pos, q: Pos) -> int | None:
        d = q - p
        if not _ref_fits(state, q, n, mode):
            return None
        if any(not _open(state, c, mode) for c in corner_cells(p, n, d)):
            return None
        if prone and _ref_liquid(state, q, n):
            return None
        if not _ref_held(state, q, n, mode):
            return None
        if shifting and (bad_for_shift(p) or bad_for_shift(q)):
            return None
        for f in fear:
            if distance(q, n, f.pos, f.n) < distance(p, n, f.pos, f.n):
                return None
        new_cells = set(cube(q, n)) - set(cube(p, n))
        cost = 1
        if any(state.terrain.cell(c).difficult or _ref_enemy_cell(state, me, c) for c in new_cells):
            cost += 1
        if prone:
            cost += 1
        if _ref_liquid(state, q, n):
            cost += 0 if me.has_movement("swim") else 1
        elif (
            mode == "climb" and not me.has_movement("climb") and (q.z != p.z or not state.is_supported(q, n))
        ):
            cost += 1
        return cost

    best = {me.pos: 0}
    heap = [(0, tuple(me.pos))]
    while heap:
        c, t = heapq.heappop(heap)
        p = Pos(*t)
        if c > best[p]:
            continue
        for d in dirs:
            q = p + d
            s = step(p, q)
            if s is not None and c + s <= budget and c + s < best.get(q, budget + 1):
                best[q] = c + s
                heapq.heappush(heap, (c + s, tuple(q)))

    def can_end(q: Pos) -> bool:
        return all(
            state.creature(o).size.ranks_apart(me.size) >= 2 for o in state.creatures_in(q, n, exclude=(cid,))
        )

    return {p: c for p, c in best.items() if p == me.pos or can_end(p)}


# --------------------------------------------------------------------------------------------
# random maps


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Encounter, str]:
    w = draw(st.integers(5, 11))
    d = draw(st.integers(5, 11))
    terrain = Terrain.flat(w, d, height=4, below=2)
    kinds = [
        Cell(Material.STONE),
        Cell(difficult=True),
        Cell(damaging=3),
        Cell(liquid=True),
        Cell(Material.WOOD),
        Cell(),
    ]
    cells = draw(
        st.dictionaries(
            st.tuples(st.integers(0, w - 1), st.integers(0, d - 1), st.integers(-2, 1)),
            st.sampled_from(kinds),
            max_size=30,
        )
    )
    terrain = terrain.with_cells({Pos(*k): v for k, v in cells.items()})
    size = draw(st.sampled_from(["1M", "1S", "2", "3"]))
    n = int(size) if size in ("2", "3") else 1
    x = draw(st.integers(0, w - n))
    y = draw(st.integers(0, d - n))
    z = draw(st.sampled_from([0, 0, 0, 1, -1]))
    moves = draw(st.sets(st.sampled_from(["climb", "swim", "fly", "burrow"])))
    conditions = []
    if draw(st.booleans()) and draw(st.booleans()):
        conditions.append(Condition(ConditionName.PRONE))
    mover = Creature(
        id="mover",
        side="heroes",
        size=size,
        pos=(x, y, z),
        speed=draw(st.integers(0, 7)),
        movement={"walk", *moves},
        conditions=conditions,
    )
    assume(terrain.cube_in_bounds(mover.pos, n))
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
                st.sampled_from(["1T", "1M", "1L", "2"]),
                st.sampled_from(["heroes", "director"]),
            ),
            max_size=5,
        )
    )
    for i, (ox, oy, osize, side) in enumerate(others):
        try:
            enc = enc.with_creature(Creature(id=f"c{i}", pos=(ox, oy, 0), size=osize, side=side))
        except brawl.StateError:
            continue
    if draw(st.booleans()) and len(enc.order) > 1 and draw(st.booleans()):
        enc = enc.update_creature(
            "mover",
            conditions=(*enc.creature("mover").conditions, Condition("frightened", source=enc.order[1])),
        )
    return enc, draw(st.sampled_from(MODES))


def _try(enc: Encounter, mode: str, algorithm: str = "auto") -> brawl.Reachable | None:
    try:
        return brawl.reachable(enc, "mover", mode=mode, algorithm=algorithm)  # type: ignore[arg-type]
    except brawl.IllegalMoveError:
        return None
    except brawl.InvalidArgumentError:
        assert algorithm == "bitset"  # a dragging mover needs the general search
        return None


@given(scenes())
def test_search_equals_the_reference_dijkstra_every_mode(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-1, R-MOVE-2, R-GEO-4, R-GEO-5, DS-MOVE-04: both searches give the reference's costs."""
    enc, mode = scene
    result = _try(enc, mode)
    if result is None:
        return
    expected = reference_costs(enc, "mover", result.budget, mode)
    assert result.costs() == expected
    general = brawl.reachable(enc, "mover", mode=mode, algorithm="dijkstra")  # type: ignore[arg-type]
    assert general.costs() == expected


@given(scenes())
def test_bitset_search_equals_dijkstra_search_on_one_level(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-1: the bit-set search answers exactly like the Dijkstra search (walk, shift, crawl)."""
    enc, _ = scene
    for mode in ("advance", "shift", "disengage", "crawl"):
        fast = _try(enc, mode, "bitset")
        if fast is None:
            continue
        slow = brawl.reachable(enc, "mover", mode=mode, algorithm="dijkstra")
        assert fast.algorithm == "bitset"
        assert fast.costs() == slow.costs()
        assert list(fast) == list(slow)


@given(scenes())
def test_every_path_is_legal_and_costs_what_the_result_says(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-1, DS-MOVE-07: path_to gives a path that move accepts at exactly the reported cost."""
    enc, mode = scene
    result = _try(enc, mode)
    if result is None:
        return
    for pos in itertools.islice(result, 12):
        path = result.path_to(pos)
        if not path:
            assert pos == result.origin
            continue
        assert brawl.path_cost(enc, "mover", path, mode=mode) == result.cost(pos)  # type: ignore[arg-type]
        out = brawl.move(enc, "mover", path, mode=mode, budget=result.budget)
        assert out.state.creature("mover").pos in (pos, *[Pos(pos.x, pos.y, z) for z in range(pos.z)])


def path_cost_dijkstra(enc: Encounter, budget: int, mode: str) -> dict[Pos, int]:
    """A brute-force search that knows no movement rule: every step is priced by ``brawl.path_cost``.

    From the cheapest path found to each position it tries every one-square step and asks
    ``path_cost`` what the longer path costs (with ``squeeze`` so that a path may pass through
    the space of a creature it could not stop in); a position is kept if ``can_move`` accepts
    the move that ends there within the budget and the mode holds the creature up there
    (``_ref_held``: a step off a ledge is a legal last step, but the move ends in a fall).
    """
    origin, n = enc.creature("mover").pos, enc.creature("mover").n
    best: dict[Pos, int] = {origin: 0}
    paths: dict[Pos, tuple[Pos, ...]] = {origin: ()}
    heap: list[tuple[int, Pos]] = [(0, origin)]
    while heap:
        cost, p = heapq.heappop(heap)
        if cost > best[p]:
            continue
        for d in SPATIAL_DIRECTIONS:
            q = p + d
            if q == origin or not enc.terrain.in_bounds(q):
                continue
            longer = (*paths[p], q)
            try:
                total = brawl.path_cost(enc, "mover", longer, mode=mode, squeeze=True)  # type: ignore[arg-type]
            except brawl.IllegalMoveError:
                continue
            if total <= budget and total < best.get(q, budget + 1):
                best[q], paths[q] = total, longer
                heapq.heappush(heap, (total, q))

    def ends_there(p: Pos) -> bool:
        # path_cost accepts a last step into the air (the move then ends in a fall, elsewhere);
        # whether the mode holds the creature up there is the reference's judgement
        if not _ref_held(enc, p, n, mode):
            return False
        return brawl.actions.can(enc, brawl.Move("mover", paths[p], mode=mode, budget=budget))

    return {p: c for p, c in best.items() if p == origin or ends_there(p)}


@given(scenes())
def test_reachable_leaves_the_state_untouched_and_repeats(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-1: a query is pure and its answer is right.

    The state's JSON is unchanged and the same query gives the same answer; the answer equals a
    brute-force search priced by ``brawl.path_cost`` (:func:`path_cost_dijkstra`), and every
    ``path_to`` costs, by ``brawl.path_cost``, what the answer says.
    """
    enc, mode = scene
    before = brawl.to_json(enc)
    a = _try(enc, mode)
    b = _try(enc, mode)
    assert brawl.to_json(enc) == before
    assert (a is None) == (b is None)
    if a is None or b is None:
        return
    assert list(a.items()) == list(b.items())
    assert a.costs() == path_cost_dijkstra(enc, a.budget, mode)
    for pos, cost in a.items():
        path = a.path_to(pos)
        if pos == a.origin:
            assert path == ()
            continue
        assert path[-1] == pos
        assert brawl.path_cost(enc, "mover", path, mode=mode) == cost  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# the numbers of the text


def _open_field(*creatures: Creature, width: int = 12, depth: int = 12) -> Encounter:
    return Encounter.create(Terrain.flat(width, depth), list(creatures))


def test_speed_5_on_open_ground_reaches_the_11_by_11_square_diagonals_cost_1() -> None:
    """DS-GRID-03, DS-ACT-01: every adjacent square costs 1, diagonals too: 121 positions within 5."""
    enc = _open_field(Creature(id="kira", pos=(6, 6, 0)))
    r = brawl.reachable(enc, "kira")
    assert len(r) == 121
    assert r.cost((11, 11, 0)) == 5
    assert r.cost((6, 6, 0)) == 0
    assert (12, 6, 0) not in r
    assert len(r.path_to((11, 11, 0))) == 5


def test_slowed_speed_5_moves_only_2_even_offered_3() -> None:
    """DS-MOVE-07, DS-COND-08, R-MOVE-2: speed 5 slowed to 2; an effect 'move up to 3' moves only 2."""
    enc = _open_field(Creature(id="kira", pos=(6, 6, 0), conditions=[Condition("slowed")]))
    r = brawl.reachable(enc, "kira", budget=3)
    assert r.budget == 2
    assert (8, 6, 0) in r
    assert (9, 6, 0) not in r


def test_difficult_terrain_and_enemy_spaces_cost_2_allies_cost_1() -> None:
    """DS-MOVE-02, DS-MOVE-03, DS-MOVE-12, R-MOVE-1: difficult +1, an enemy's space +1, an ally's none."""
    terrain = Terrain.flat(12, 3).with_cell((2, 1, 0), Cell(difficult=True))
    kira = Creature(id="kira", side="heroes", pos=(1, 1, 0))
    ally = Creature(id="ally", side="heroes", pos=(5, 1, 0))
    goblin = Creature(id="goblin", side="director", pos=(8, 1, 0))
    enc = Encounter.create(terrain, [kira, ally, goblin])
    assert brawl.path_cost(enc, "kira", [(2, 1, 0)]) == 2
    assert brawl.path_cost(enc, "kira", [(2, 1, 0), (3, 1, 0), (4, 1, 0), (5, 1, 0), (6, 1, 0)]) == 6
    straight = [(x, 1, 0) for x in range(2, 10)]
    assert brawl.path_cost(enc, "kira", straight) == 10  # difficult 2 + 4 + ally 1 + 1 + enemy 2


def test_crawling_into_difficult_terrain_costs_3() -> None:
    """DS-MTYPE-22, DS-MOVE-12, R-MOVE-1 (AMB-30): surcharges add: a prone creature pays 3."""
    terrain = Terrain.flat(6, 3).with_cell((2, 1, 0), Cell(difficult=True))
    enc = Encounter.create(terrain, [Creature(id="kira", pos=(1, 1, 0), conditions=[Condition("prone")])])
    assert brawl.path_cost(enc, "kira", [(2, 1, 0)], mode="crawl") == 3
    assert brawl.path_cost(enc, "kira", [(2, 1, 0), (3, 1, 0)]) == 5
    r = brawl.reachable(enc, "kira", mode="crawl")
    assert r.cost((3, 1, 0)) == 4  # around the difficult square: 2 + 2


def test_medium_creature_may_stop_in_a_size_2_creatures_space() -> None:
    """DS-MOVE-04, R-SIZE-1: a 1M creature may end in a size-2 creature's space (rank gap 2), not a 1L's."""
    kira = Creature(id="kira", side="heroes", size="1M", pos=(1, 1, 0))
    ogre = Creature(id="ogre", side="heroes", size="2", pos=(3, 1, 0))
    hakaan = Creature(id="hakaan", side="heroes", size="1L", pos=(1, 4, 0))
    enc = _open_field(kira, ogre, hakaan)
    r = brawl.reachable(enc, "kira")
    assert (3, 1, 0) in r
    assert (4, 2, 0) in r
    assert (1, 4, 0) not in r
    assert r.cost((1, 5, 0)) == 4  # passing through the ally's space is free
    out = brawl.move(enc, "kira", [(2, 1, 0), (3, 1, 0)])
    assert out.state.creature("kira").pos == (3, 1, 0)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-04"):
        brawl.move(enc, "kira", [(1, 2, 0), (1, 3, 0), (1, 4, 0)])


def test_cut_corners_tactician_needs_3_squares_to_exit_the_building() -> None:
    """DS-MOVE-08, R-GEO-4 (figure): the tactician needs 3 squares to leave the building, not 2.

    Walls fill x = 0..3 on rows 1..3 except the tactician's square (1, 2), the square (2, 2)
    beside it and the doorway (2, 1); outside is row 0. The diagonal from (1, 2) to the doorway
    passes the corner of the wall at (1, 1), so the tactician goes (2, 2), (2, 1), (2, 0).
    """
    walls = {(0, 1), (1, 1), (3, 1), (0, 2), (3, 2), (0, 3), (1, 3), (2, 3), (3, 3)}
    terrain = Terrain.flat(6, 5).with_cells({Pos(x, y, 0): Cell(Material.STONE) for x, y in walls})
    enc = Encounter.create(terrain, [Creature(id="tactician", pos=(1, 2, 0))])
    r = brawl.reachable(enc, "tactician")
    assert r.cost((2, 1, 0)) == 2
    assert r.cost((2, 0, 0)) == 3
    assert r.path_to((2, 0, 0)) == ((2, 2, 0), (2, 1, 0), (2, 0, 0))
    assert r.cost((3, 0, 0)) == 4  # the wall at (3, 1) fills the corner of the diagonal out
    assert r.cost((1, 0, 0)) == 4
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-08"):
        brawl.move(enc, "tactician", [(2, 1, 0), (2, 0, 0)])


def test_war_dog_cannot_go_around_the_side_of_a_building_in_2() -> None:
    """DS-MOVE-08, R-GEO-4 (AMB-55): one wall square filling the corner blocks the diagonal."""
    terrain = Terrain.flat(5, 5).with_cell((2, 2, 0), Cell(Material.STONE))
    enc = Encounter.create(terrain, [Creature(id="dog", pos=(1, 2, 0))])
    assert not brawl.actions.can(enc, brawl.Move("dog", [(2, 1, 0), (3, 2, 0)]))
    assert brawl.reachable(enc, "dog").cost((3, 2, 0)) == 4
    objects_block = Encounter.create(
        Terrain.flat(5, 5), [Creature(id="dog", pos=(1, 2, 0))], [brawl.MapObject(id="crate", pos=(2, 2, 0))]
    )
    assert brawl.reachable(objects_block, "dog").cost((3, 2, 0)) == 4
    creature_does_not = _open_field(Creature(id="dog", pos=(1, 2, 0)), Creature(id="x", pos=(2, 2, 0)))
    assert brawl.reachable(creature_does_not, "dog").cost((3, 2, 0)) == 2
    assert brawl.actions.can(creature_does_not, brawl.Move("dog", [(2, 1, 0), (3, 2, 0)]))


def test_size_2_creature_does_not_fit_a_1_square_corridor() -> None:
    """R-GEO-5 (AMB-28): every cell of the cube must be clear."""
    walls = {Pos(x, 0, 0): Cell(Material.STONE) for x in range(3, 6)}
    walls |= {Pos(x, 2, 0): Cell(Material.STONE) for x in range(3, 6)}
    terrain = Terrain.flat(9, 4).with_cells(walls)
    enc = Encounter.create(terrain, [Creature(id="ogre", size="2", pos=(0, 1, 0), speed=10)])
    r = brawl.reachable(enc, "ogre")
    assert (1, 1, 0) in r
    assert not any(2 <= p.x <= 5 for p in r)
    assert (7, 1, 0) not in r
    small = Encounter.create(terrain, [Creature(id="kira", pos=(0, 1, 0), speed=10)])
    assert brawl.reachable(small, "kira").cost((6, 1, 0)) == 6


def test_shift_avoids_difficult_and_damaging_terrain_and_enemies() -> None:
    """DS-MOVE-10, DS-MOVE-03: no shifting into difficult or damaging terrain or an enemy's space."""
    terrain = Terrain.flat(6, 3).with_cells(
        {Pos(2, 1, 0): Cell(difficult=True), Pos(2, 0, 0): Cell(damaging=3), Pos(2, 2, 0): Cell()}
    )
    enc = Encounter.create(
        terrain, [Creature(id="kira", side="heroes", pos=(1, 1, 0)), Creature(id="orc", pos=(2, 2, 0))]
    )
    r = brawl.reachable(enc, "kira", mode="shift")
    assert (2, 1, 0) not in r
    assert (2, 0, 0) not in r
    assert (3, 1, 0) not in r  # the whole column x = 2 is closed to a shift
    assert brawl.reachable(enc, "kira").cost((3, 1, 0)) == 2  # a move may cross damaging terrain


def test_disengage_searches_1_square_by_default() -> None:
    """DS-ACT-02: the Disengage move action shifts 1 square."""
    enc = _open_field(Creature(id="kira", pos=(5, 5, 0)))
    r = brawl.reachable(enc, "kira", mode="disengage")
    assert len(r) == 9
    assert len(brawl.reachable(enc, "kira", mode="disengage", budget=2)) == 25


def test_frightened_creature_never_steps_closer_to_the_source() -> None:
    """RB1-FRIGHTENED: it can't willingly move closer to the source of its fear."""
    kira = Creature(
        id="kira", side="heroes", pos=(5, 5, 0), conditions=[Condition("frightened", source="lich")]
    )
    lich = Creature(id="lich", pos=(9, 5, 0))
    enc = _open_field(kira, lich)
    r = brawl.reachable(enc, "kira")
    assert r.costs() == brawl.reachable(enc, "kira", algorithm="dijkstra").costs()
    assert all(distance(p, 1, lich.pos, 1) >= 4 for p in r)
    assert (1, 5, 0) in r
    with pytest.raises(brawl.IllegalMoveError, match="RB1-FRIGHTENED"):
        brawl.move(enc, "kira", [(6, 5, 0)])


def test_reachable_result_api_and_bad_inputs() -> None:
    """R-MOVE-1: membership, cost, path and iteration; unreachable squares raise IllegalMoveError."""
    enc = _open_field(Creature(id="kira", pos=(0, 0, 0), speed=2))
    r = brawl.reachable(enc, "kira")
    assert next(iter(r)) == (0, 0, 0)
    assert r.costs()[Pos(2, 2, 0)] == 2
    assert "nonsense" not in r
    with pytest.raises(brawl.IllegalMoveError, match="R-MOVE-2"):
        r.cost((3, 0, 0))
    with pytest.raises(brawl.IllegalMoveError, match="R-MOVE-1"):
        r.path_to((5, 5, 0))
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MTYPE-01"):
        brawl.reachable(enc, "kira", mode="teleport")  # type: ignore[arg-type]
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MOVE-07"):
        brawl.reachable(enc, "kira", budget=-1)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MOVE-07"):
        brawl.reachable(enc, "kira", budget=10**12)
    with pytest.raises(brawl.InvalidArgumentError, match="R-MOVE-1"):
        brawl.reachable(enc, "kira", algorithm="fast")  # type: ignore[arg-type]
    assert brawl.reachable(enc, "kira", mode="climb", algorithm="bitset").algorithm == "bitset"
    ogre = _open_field(Creature(id="ogre", size="2", pos=(0, 0, 0)))
    assert brawl.reachable(ogre, "ogre", mode="climb", algorithm="bitset").algorithm == "bitset"  # size 2
    held = ogre.with_creature(
        Creature(id="kira", pos=(2, 0, 0), conditions=[Condition("grabbed", source="ogre")])
    )
    assert brawl.reachable(held, "ogre", mode="climb", algorithm="bitset").algorithm == "bitset"  # dragging
    crate = ogre.with_object(MapObject(id="crate", pos=(1, 1, 0)))
    with pytest.raises(brawl.InvalidArgumentError, match="R-MOVE-1"):
        brawl.reachable(crate, "ogre", mode="climb", algorithm="bitset")  # its own space is not open
    with pytest.raises(brawl.UnknownCreatureError):
        brawl.reachable(enc, "nobody")


def test_huge_budget_with_ignore_speed_is_bounded_by_the_map() -> None:
    """DS-MOVE-07: an effect that exceeds speed still searches only the map, quickly."""
    enc = Encounter.create(Terrain.flat(40, 40), [Creature(id="kira", pos=(0, 0, 0))])
    r = brawl.reachable(enc, "kira", budget=1_000_000, ignore_speed=True)
    assert len(r) == 1600
    assert r.cost((39, 39, 0)) == 39


def test_speed_0_reaches_only_its_own_square() -> None:
    """RB1-GRABBED, DS-MOVE-07: a grabbed creature has speed 0."""
    enc = _open_field(Creature(id="kira", pos=(3, 3, 0), conditions=[Condition("grabbed", source="ogre")]))
    r = brawl.reachable(enc, "kira")
    assert len(r) == 1
    assert r.budget == 0


def test_a_search_too_large_is_refused_at_once() -> None:
    """DS-MOVE-07: an effect exceeding speed on a huge map is refused, naming the limit, not searched."""
    enc = Encounter.create(
        Terrain.flat(5000, 5000), [Creature(id="kira", pos=(2500, 2500, 0), movement={"fly", "burrow"})]
    )
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MOVE-07") as refused:
        brawl.reachable(enc, "kira", budget=1_000_000, ignore_speed=True)
    assert "MAX_WINDOW_BITS" in str(refused.value)
    with pytest.raises(brawl.InvalidArgumentError, match="MAX_WINDOW_BITS"):
        brawl.reachable(enc, "kira", budget=1000, ignore_speed=True, mode="fly")
    ogre = Creature(id="ogre", size="2", pos=(2400, 2400, 0), movement={"walk", "fly"})
    crate = enc.with_creature(ogre).with_object(MapObject(id="crate", pos=(2401, 2401, 0)))
    with pytest.raises(brawl.InvalidArgumentError, match="MAX_SEARCH_POSITIONS"):
        brawl.reachable(crate, "ogre", budget=300, ignore_speed=True, mode="fly")  # the general search
    dug = brawl.reachable(enc, "kira", budget=300, ignore_speed=True, mode="burrow")
    assert dug.algorithm == "bitset"
    assert dug.cost((2800, 2500, 0)) == 300
    wide = brawl.reachable(enc, "kira", budget=100, ignore_speed=True)
    assert wide.algorithm == "bitset"
    assert len(wide) == 201 * 201
    assert wide.cost((2600, 2400, 0)) == 100
    high = brawl.reachable(enc, "kira", budget=300, ignore_speed=True, mode="fly")
    assert high.algorithm == "bitset"
    assert high.cost((2500, 2500, 19)) == 19  # the top level of the default map, 20 levels high
    assert (2500, 2500, -1) not in high  # the ground is solid


# --------------------------------------------------------------------------------------------
# decoding the bit-set result


@given(scenes())
def test_folded_bit_planes_answer_like_the_kept_layers(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-1: a search that folds every cost layer into bit planes as it goes (the large-window
    way) gives the same costs, order, membership and paths as one that keeps its layers."""
    enc, _ = scene
    for mode in ("advance", "shift", "crawl"):
        kept = _try(enc, mode, "bitset")
        if kept is None:
            continue
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(reach_flood, "FOLD_BITS", 0)
            folded = brawl.reachable(enc, "mover", mode=mode, algorithm="bitset")
        assert folded.costs() == kept.costs() == dict(kept.items())
        assert list(folded.items()) == list(kept.items())
        for pos, cost in kept.items():
            assert pos in folded
            assert folded.cost(pos) == cost
            assert len(folded.path_to(pos)) == len(kept.path_to(pos))


@given(scenes())
def test_items_are_cheapest_first_then_by_z_y_x_and_costs_agree(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-2: iteration order is (cost, z, y, x); costs(), cost() and items() give the same costs."""
    enc, mode = scene
    result = _try(enc, mode)
    if result is None:
        return
    items = list(result.items())
    assert [(c, p.z, p.y, p.x) for p, c in items] == sorted((c, p.z, p.y, p.x) for p, c in items)
    assert all(type(p) is Pos for p, _ in items)
    costs = result.costs()
    assert costs == dict(items)
    assert all(type(p) is Pos for p in costs)
    assert all(result.cost(p) == c for p, c in items)
    assert len(result) == len(items)


def test_a_wide_window_decodes_every_square_and_a_path_across_it() -> None:
    """R-MOVE-1, R-GEO-4: a window of folded planes decodes like the general search, paths included."""
    walls = {Pos(x, 50, 0): Cell(Material.STONE) for x in range(61)}
    enc = Encounter.create(
        Terrain.flat(101, 101, height=2, below=1).with_cells(walls),
        [Creature(id="kira", pos=(50, 40, 0), speed=400)],
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reach_flood, "FOLD_BITS", 1000)
        r = brawl.reachable(enc, "kira", budget=200)
    assert r.algorithm == "bitset"
    costs = r.costs()
    assert len(costs) == 101 * 101 - len(walls)
    assert costs == brawl.reachable(enc, "kira", budget=200, algorithm="dijkstra").costs()
    # around the wall's east end (61, 50): 11 squares east, 1 down the gap, 1 more, then back west
    assert costs[Pos(50, 60, 0)] == r.cost((50, 60, 0)) == 11 + 1 + 1 + 11
    path = r.path_to((0, 100, 0))
    assert len(path) == r.cost((0, 100, 0))
    assert brawl.path_cost(enc, "kira", path) == len(path)


@pytest.mark.parametrize("seed", range(12))
def test_the_3d_bitset_search_equals_the_reference_with_objects_water_and_walls(seed: int) -> None:
    """R-MOVE-1, R-GEO-4, R-GEO-5, DS-MTYPE-11, DS-MTYPE-12: flying, swimming and climbing in 26
    directions by the bit-set search give the costs of the reference Dijkstra, on a map of walls,
    pillars, water, difficult terrain, objects and creatures of both sides on several levels."""
    rng = random.Random(seed)
    w, d = rng.randint(6, 10), rng.randint(6, 10)
    kinds = [Cell(Material.STONE), Cell(difficult=True), Cell(liquid=True), Cell(), Cell(Material.WOOD)]
    cells = {
        Pos(rng.randrange(w), rng.randrange(d), rng.randint(-2, 3)): rng.choice(kinds) for _ in range(40)
    }
    terrain = Terrain.flat(w, d, height=5, below=2).with_cells(cells)
    movement = {"walk", *rng.sample(["climb", "swim", "fly"], rng.randint(1, 3))}
    start = Pos(rng.randrange(w), rng.randrange(d), rng.choice([0, 0, 1, 2]))
    mover = Creature(id="mover", side="heroes", pos=start, speed=rng.randint(2, 6), movement=movement)
    try:
        enc = Encounter.create(terrain, [mover])
    except brawl.StateError:
        pytest.skip("the mover does not fit there")
    for i in range(4):
        p = Pos(rng.randrange(w), rng.randrange(d), rng.randint(0, 2))
        try:
            if i % 2:
                enc = enc.with_object(MapObject(id=f"o{i}", pos=p))
            else:
                size = rng.choice(["1T", "1M", "2"])
                side = rng.choice(["heroes", "director"])
                enc = enc.with_creature(Creature(id=f"c{i}", pos=p, size=size, side=side))
        except brawl.StateError:
            continue
    for mode in ("fly", "swim", "climb"):
        try:
            fast = brawl.reachable(enc, "mover", mode=mode, algorithm="bitset")
        except brawl.IllegalMoveError:
            continue
        assert fast.algorithm == "bitset"
        expected = reference_costs(enc, "mover", fast.budget, mode)
        assert fast.costs() == expected
        assert list(fast.items()) == list(
            brawl.reachable(enc, "mover", mode=mode, algorithm="dijkstra").items()
        )
        for pos in itertools.islice(fast, 0, None, 7):
            path = fast.path_to(pos)
            if path:
                assert brawl.path_cost(enc, "mover", path, mode=mode) == fast.cost(pos)


def test_costs_past_255_and_a_window_decoded_row_by_row() -> None:
    """R-MOVE-1: a serpentine corridor (costs past 255: two bytes a cost) decodes like the general
    search, through the cached window positions and row by row (a window past the cache)."""
    walls = {
        Pos(x, y, 0): Cell(Material.STONE)
        for y in range(1, 40, 2)
        for x in range(40)
        if x != (39 if y % 4 == 1 else 0)
    }
    enc = Encounter.create(
        Terrain.flat(40, 40, height=2, below=1).with_cells(walls),
        [Creature(id="kira", pos=(0, 0, 0), speed=1000)],
    )
    general = brawl.reachable(enc, "kira", budget=1000, algorithm="dijkstra")
    expected = general.costs()
    assert max(expected.values()) > 255
    cached = brawl.reachable(enc, "kira", budget=1000)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reach_backend, "WINDOW_CACHE_BITS", 0)
        rows = brawl.reachable(enc, "kira", budget=1000)
        assert rows.costs() == expected
        assert list(rows.items()) == list(general.items())
    assert cached.algorithm == rows.algorithm == "bitset"
    assert cached.costs() == expected
    assert list(cached.items()) == list(general.items())
    far = max(expected, key=lambda p: expected[p])
    assert len(cached.path_to(far)) == expected[far] == cached.cost(far)


@given(scenes())
def test_a_searched_route_is_the_checked_plan_and_moves_alike(scene: tuple[Encounter, str]) -> None:
    """R-MOVE-1, DS-MOVE-07: ``route_to`` gives ``path_to``'s path with the step costs that
    checking the path step by step gives, and moving along it unchecked (``move_searched``)
    gives the same state and events as :func:`brawl.move` that checks it."""
    enc, _ = scene
    result = _try(enc, "advance")
    if result is None:
        return
    for pos in itertools.islice(result, 8):
        path, costs = result.route_to(pos)
        assert path == result.path_to(pos)
        assert sum(costs) == result.cost(pos)
        if not path:
            continue
        checked = plan_move(
            enc,
            "mover",
            path,
            mode="advance",
            budget=result.budget,
            squeeze=False,
            ignore_speed=False,
            verb="t",
        )
        assert checked.costs == costs
        assert move_searched(enc, "mover", path, costs, budget=result.budget) == brawl.move(
            enc, "mover", path, budget=result.budget
        )


@given(scenes())
def test_cheaper_neighbours_by_index_are_those_by_position(
    scene: tuple[Encounter, str],
) -> None:
    """R-MOVE-1: the bit-set result finds a square's cheaper reached neighbours (the candidates
    of a cheapest path's previous step) by index arithmetic; they are the ones its cost look-up
    by position finds, in every mode, at the window's edges too."""
    enc, mode = scene
    result = _try(enc, mode)
    if result is None:
        return
    backend = result._backend
    directions = result._directions
    for pos in itertools.islice(result, 40):
        cq = result.cost(pos)
        assert backend.cheaper_before(pos, cq, directions) == Backend.cheaper_before(
            backend, pos, cq, directions
        )


@given(scene=scenes())
def test_a_route_from_the_floods_steps_is_the_route_the_step_rules_give(
    scene: tuple[Encounter, str], same_route: Callable[..., tuple[brawl.Pos, ...]]
) -> None:
    """R-MOVE-1, R-GEO-4: on one level a size-1 mover's cheapest path is rebuilt from the bit-set
    flood's own steps; it is the path and the step costs found by asking the step rules
    (``MoveModel.check_step``) of each candidate, and every step is one the rules allow at that cost."""
    enc, _ = scene
    twin = enc.with_creature(enc.creature("mover"))  # an equal state: a search of its own
    for mode in ("advance", "shift", "crawl", "burrow"):
        fast, slow = _try(enc, mode), _try(twin, mode)
        if fast is None or slow is None:
            continue
        assert slow is not fast
        backend = slow._backend
        if not isinstance(backend, BitsetBackend) or backend.walk is None:
            continue
        backend.walk = None  # this result asks the step rules
        model = movement_model(enc, "mover", mode)
        farthest = sorted(fast.items(), key=lambda pc: -pc[1])[:8]
        for pos, _ in farthest:
            same_route(fast, slow, model, pos)
