"""The greedy policy's short cuts give what the general code gives: the nearest destination read
from the search's bits, and the first Free Strike checked alone."""

from __future__ import annotations

import contextlib
import functools
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl.conditions import Condition, ConditionName
from brawl.fields import replaced
from brawl.policy.options import _cost, _no_nearer_left, _survey_all
from brawl.reach_backend import BitsetBackend
from brawl.sim import Options, greedy, nearest_end
from brawl.turns.deeds import AdvanceTo, legal_moves, legal_reach
from brawl.turns.drawsteel_turn import DrawSteelTurn

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
SCENARIOS = (
    BENCH / "four_vs_six.toml",
    BENCH / "four_vs_six_abilities.toml",
    brawl.bundled_scenario("bridge"),
    brawl.bundled_scenario("cliff"),
)


@functools.cache
def turn_states() -> tuple[brawl.Encounter, ...]:
    """States of short fights in which a creature takes its turn and can still move."""
    found = []
    for path in SCENARIOS:
        start = brawl.load_scenario(path).with_rng(brawl.Rng(7))
        state = start
        for action in brawl.play(start, max_rounds=3).actions:
            turn = state.turn
            acting = turn.current if isinstance(turn, DrawSteelTurn) else None
            if acting is not None and legal_moves(state, acting):
                found.append(state)
            state = brawl.apply(state, action).state
    return tuple(found[::2])


def brute_force(
    reach: brawl.Reachable, me: brawl.Creature, foes: list[brawl.Creature]
) -> tuple[brawl.Pos | None, int]:
    """The first destination, in the order :func:`brawl.legal_moves` lists them (cheapest, then by
    square), with the least distance to a foe and then the fewest squares from the mover: every
    destination weighed."""
    costs = reach.costs()
    costs.pop(reach.origin, None)
    ends = sorted(costs, key=lambda p: (costs[p], p))
    if not ends:
        return None, -1

    def key(i: int) -> tuple[int, int, int]:
        e = ends[i]
        d = min(brawl.distance(e, me.n, f.pos, f.n) for f in foes)
        return d, max(abs(e.x - me.pos.x), abs(e.y - me.pos.y), abs(e.z - me.pos.z)), i

    best = min(range(len(ends)), key=key)
    return ends[best], key(best)[0]


@st.composite
def scenes(draw: st.DrawFn) -> tuple[brawl.Reachable, brawl.Creature, list[brawl.Creature]]:
    """The search of a fight's mover, its moves this turn or a flight of up to 6 squares over
    several levels, and foes of any size anywhere around it, on the map or off it."""
    state = draw(st.sampled_from(turn_states()))
    assert isinstance(state.turn, DrawSteelTurn)
    assert state.turn.current is not None
    me = state.creature(state.turn.current)
    reach: brawl.Reachable | None
    reach = legal_reach(state, me.id)
    if draw(st.booleans()):
        flyer = replaced(me, movement=("walk", "fly"))
        with contextlib.suppress(brawl.RulesError):  # a prone creature can't fly (RB1-PRONE)
            budget = draw(st.integers(1, 6))
            reach = brawl.reachable(state.with_creature(flyer), me.id, budget=budget, mode="fly")
    assert reach is not None
    x, y, z = me.pos
    around = st.tuples(st.integers(x - 14, x + 14), st.integers(y - 14, y + 14), st.integers(z - 2, z + 4))
    foes = [
        brawl.Creature(id=f"f{i}", pos=p, size=draw(st.sampled_from(["1S", "1M", "2", "3"])))
        for i, p in enumerate(draw(st.lists(around, min_size=1, max_size=5)))
    ]
    return reach, me, foes


@settings(max_examples=300, deadline=None)
@given(scenes())
def test_the_nearest_destination_read_from_the_bits_is_the_brute_force_one(
    scene: tuple[brawl.Reachable, brawl.Creature, list[brawl.Creature]],
) -> None:
    """R-MOVE-1, DS-MOVE-04: :func:`nearest_end` answers, from the bit-set search's window, what
    weighing every destination listed answers: the same square and the same distance, ties broken
    by squares from the mover and then by the order of :func:`brawl.legal_moves` (cost, square)."""
    reach, me, foes = scene
    now = min(brawl.distance(me.pos, me.n, f.pos, f.n) for f in foes)
    found = nearest_end(reach, me, foes, now)
    if not isinstance(reach._backend, BitsetBackend):
        assert found is None  # a fallback search has no window: the caller weighs the list
        return
    assert found == brute_force(reach, me, foes)


def test_the_bit_set_path_decides_in_most_of_the_examples() -> None:
    """The property above does real work: its states keep a window, on one level for their moves
    and, for most of them, on several for a flight, with destinations to choose from."""
    states = turn_states()
    assert len(states) >= 40
    levels = 0
    for state in states:
        me = state.creature(state.turn.current)  # type: ignore[union-attr]
        walk = legal_reach(state, me.id)
        assert walk is not None
        assert isinstance(walk._backend, BitsetBackend)
        assert len(walk) > 1
        flyer = replaced(me, movement=("walk", "fly"))
        with contextlib.suppress(brawl.RulesError):
            fly = brawl.reachable(state.with_creature(flyer), me.id, budget=3, mode="fly")
            assert isinstance(fly._backend, BitsetBackend)
            levels += fly._backend.levels > 1
    assert levels > 0.8 * len(states)


def test_options_nearest_destination_is_the_same_lazily_and_from_the_list() -> None:
    """:meth:`Options.nearest_destination` gives the same square and distance whether the options
    are lazy or the whole list, in every state of the fights."""
    moved = 0
    for state in turn_states():
        assert isinstance(state.turn, DrawSteelTurn)
        assert state.turn.current is not None
        me = state.creature(state.turn.current)
        foes = [c for c in state.living() if c.side != me.side]
        if not foes:
            continue
        now = min(brawl.distance(me.pos, me.n, f.pos, f.n) for f in foes)
        lazy = Options(state).nearest_destination(foes, now)
        assert lazy == Options(state, brawl.legal_actions(state)).nearest_destination(foes, now)
        reach = legal_reach(state, me.id)
        assert reach is not None
        assert lazy == brute_force(reach, me, foes)
        moved += lazy[0] is not None and lazy[1] < now
    assert moved > 10


def test_the_first_free_strike_is_the_first_of_the_list() -> None:
    """DS-ACT-19: the first melee Free Strike checked alone is the first of those the whole list
    offers, or None when it offers none, in every state of the fights."""
    offered = 0
    for state in turn_states():
        listed = Options(state, brawl.legal_actions(state)).melee_free_strikes()
        first = Options(state).first_melee_free_strike()
        assert first == (listed[0] if listed else None)
        assert Options(state, brawl.legal_actions(state)).first_melee_free_strike() == first
        offered += first is not None
    assert offered > 5


def crowd(rng: random.Random) -> brawl.Encounter:
    """A fight's state on some creature's turn, the others moved anywhere within 4 squares of it
    (other levels too), of any size, some of them dead or unconscious."""
    state = rng.choice(turn_states())
    assert isinstance(state.turn, DrawSteelTurn)
    me = state.creature(str(state.turn.current))
    x, y, z = me.pos
    for c in state.creature_list():
        if c.id == me.id:
            continue
        fate = rng.choice(["well", "well", "dead", "unconscious"])
        moved = replaced(
            c,
            pos=brawl.Pos(x + rng.randint(-4, 4), y + rng.randint(-4, 4), z + rng.randint(-1, 2)),
            size=brawl.Size.parse(rng.choice(["1S", "1M", "1L", "2", "3"])),
            dead=fate == "dead",
            conditions=(Condition(ConditionName.UNCONSCIOUS),) if fate == "unconscious" else (),
        )
        with contextlib.suppress(brawl.StateError, brawl.RulesError):  # an overlap, a ledge...
            state = state.with_creature(moved)
    return state


def test_the_enemies_surveyed_once_a_decision_are_the_brute_force_ones() -> None:
    """DS-STRIKE-01, R-GEO-1: the policy's one pass over the acting creature's enemies gives the
    living ones within melee distance 1 (the targets of its melee Free Strikes), those still able
    to fight and the least distance to them, as :func:`brawl.distance` gives them one by one, in
    400 crowds of every size around the creature whose turn it is."""
    rng = random.Random(11)
    seen = {"near": 0, "far": 0, "large": 0, "out": 0}
    for _ in range(400):
        state = crowd(rng)
        assert isinstance(state.turn, DrawSteelTurn)
        me = state.creature(str(state.turn.current))
        enemies = [c for c in state.creature_list() if c.side != me.side]
        near = [c.id for c in enemies if not c.dead and brawl.distance(me.pos, me.n, c.pos, c.n) <= 1]
        able = [c for c in enemies if not c.dead and not c.has(ConditionName.UNCONSCIOUS)]
        now = min((brawl.distance(me.pos, me.n, c.pos, c.n) for c in able), default=0)
        options = Options(state)
        assert options.foes() == (able, now)
        listed = Options(state, brawl.legal_actions(state)).melee_free_strikes()
        assert options.first_melee_free_strike() == (listed[0] if listed else None)
        assert {a.action.target for a in listed} <= set(near)  # type: ignore[attr-defined]
        seen["near"] += bool(near)
        seen["far"] += any(brawl.distance(me.pos, me.n, c.pos, c.n) > 1 for c in able)
        seen["large"] += any(c.n > 1 for c in enemies)
        seen["out"] += len(able) < len([c for c in enemies if not c.dead])
    # most crowds do real work: foes in reach and beyond, large ones, unconscious ones left out
    assert min(seen.values()) > 100, seen


@settings(max_examples=150, deadline=None)
@given(scenes(), st.integers(0, 4))
def test_a_nearest_end_wanted_only_nearer_than_a_bound_is_the_nearest_or_none(
    scene: tuple[brawl.Reachable, brawl.Creature, list[brawl.Creature]], under: int
) -> None:
    """R-MOVE-1, DS-MOVE-04: asked for an end nearer a foe than a bound (the mover's distance
    today, or less), :func:`nearest_end` gives the nearest end when it is nearer than the bound,
    else ``(None, -1)``."""
    reach, me, foes = scene
    now = min(brawl.distance(me.pos, me.n, f.pos, f.n) for f in foes)
    bound = max(0, now - under)
    whole = nearest_end(reach, me, foes, now)
    found = nearest_end(reach, me, foes, now, nearer_than=bound)
    if whole is None:
        assert found is None
    elif whole[0] is not None and whole[1] < bound:
        assert found == whole
    else:
        assert found == (None, -1)


ALL_SCENARIOS = (*SCENARIOS, *(brawl.bundled_scenario(name) for name in ("tavern", "warband")))


def test_the_movement_left_after_a_move_reaches_no_square_its_search_did_not() -> None:
    """R-MOVE-1, R-MOVE-2, DS-TURN-02: after a creature walks or flies to a square its search
    reached, with the movement left no more than the search's points less that square's cost and
    nothing changed but where it stands, a search of the movement left reaches no square the
    first did not: what greedy's move after its nearest square (:func:`_no_nearer_left`) rests on.
    In the states of fights of every scenario, to squares of every cost, flyers too."""
    rng = random.Random(3)
    checked = 0
    for path in ALL_SCENARIOS:
        start = brawl.load_scenario(path).with_rng(brawl.Rng(1))
        state = start
        for action in brawl.play(start, max_rounds=3).actions:
            turn = state.turn
            acting = turn.current if isinstance(turn, DrawSteelTurn) else None
            if acting is not None and rng.random() < 0.5:
                mover = state
                if rng.random() < 0.3:
                    flyer = replaced(state.creature(acting), movement=("walk", "fly"))
                    with contextlib.suppress(brawl.RulesError, brawl.StateError):
                        mover = state.with_creature(flyer)
                checked += _moves_within(mover, acting, rng)
            state = brawl.apply(state, action).state
    assert checked > 200, checked


def _moves_within(state: brawl.Encounter, acting: str, rng: random.Random) -> int:
    """Moves of ``acting`` to a few squares its search reaches, each followed by a search of the
    movement left when nothing else changed, checked to reach only squares the first reached."""
    reach = legal_reach(state, acting)
    if reach is None:
        return 0
    costs = reach.costs()
    checked = 0
    for square in rng.sample(sorted(costs), min(4, len(costs))):
        assert _cost(reach, square) == costs[square]  # read from the search's layers
        if square == reach.origin:
            continue
        try:
            after = brawl.apply(state, AdvanceTo(acting, square)).state
        except brawl.RulesError:
            continue
        me, moved = state.creature(acting), after.creature(acting)
        left = after.turn.economy.movement_left  # type: ignore[union-attr]
        if (
            moved.pos != square
            or replaced(moved, pos=me.pos) != me
            or any(after.creatures[c] is not state.creatures[c] for c in state.order if c != acting)
            or not 0 < left <= reach.budget - costs[square]
        ):
            continue  # an opportunity attack, a fall...: not the case the short cut takes
        again = legal_reach(after, acting)
        assert again is not None
        assert set(again.costs()) <= set(costs), (acting, square)
        checked += 1
    return checked


def test_greedy_asks_no_search_after_its_nearest_square_only_when_none_is_nearer() -> None:
    """R-MOVE-1, DS-MOVE-04: in greedy fights of every scenario, each time greedy, back on the
    creature's turn after moving to the nearest square its search found, with movement left,
    does not search again (:func:`_no_nearer_left`), weighing every destination listed finds none
    nearer a foe than the creature stands."""
    skipped = 0
    for path in ALL_SCENARIOS:
        for seed in (1, 2):
            start = brawl.load_scenario(path).with_rng(brawl.Rng(seed))
            state = start
            for action in brawl.play(start, policy=greedy, max_rounds=4).actions:
                turn = state.turn
                if isinstance(turn, DrawSteelTurn) and turn.current is not None:
                    me = state.creature(turn.current)
                    recs = state.creature_list()
                    _, foes, now = _survey_all(recs, me)
                    if foes and _no_nearer_left(state, me, recs, now):
                        skipped += 1
                        listed = Options(state, brawl.legal_actions(state))
                        best, near = listed.nearest_destination(foes, now)
                        assert best is None or near >= now
                    assert greedy(state, Options(state)) == action  # what it keeps, as in the fight
                state = brawl.apply(state, action).state
    assert skipped > 20, skipped


def _changed_after_move(
    state: brawl.Encounter, acting: str, rng: random.Random, kind: str
) -> brawl.Encounter:
    """``state`` (the mover's turn, after its move) with one thing changed of what
    :func:`_no_nearer_left` asks: another creature brought near the mover, the mover a square
    away, flying or tiny, more movement left; or nothing."""
    me = state.creature(acting)
    x, y, z = me.pos
    changed = state
    with contextlib.suppress(brawl.StateError, brawl.RulesError):  # an overlap, a ledge...
        if kind == "other":
            other = rng.choice([c for c in state.creature_list() if c.id != acting])
            spot = brawl.Pos(x + rng.randint(-3, 3), y + rng.randint(-3, 3), z)
            changed = state.with_creature(replaced(other, pos=spot))
        elif kind == "mover":
            changed = state.with_creature(replaced(me, pos=brawl.Pos(x + rng.choice([-1, 1]), y, z)))
        elif kind == "flight":
            changed = state.with_creature(replaced(me, movement=("walk", "fly")))
        elif kind == "tiny":
            changed = state.with_creature(replaced(me, size=brawl.Size.parse("1T")))
        elif kind == "left":
            turn = state.turn
            assert isinstance(turn, DrawSteelTurn)
            assert turn.economy is not None
            economy = replaced(turn.economy, movement_left=turn.economy.movement_left + 1)
            changed = state.with_turn(replaced(turn, economy=economy))
    return changed


def test_no_search_after_the_nearest_square_only_when_nothing_else_changed() -> None:
    """R-MOVE-1, DS-MOVE-04, DS-TURN-02: after greedy's move to its nearest square, with another
    creature brought near, the mover a square away, flying or tiny, or more movement left, greedy
    leaves out the search (:func:`_no_nearer_left`) only where weighing every destination listed
    finds none nearer a foe than the mover stands."""
    rng = random.Random(9)
    skipped = 0
    for path in ALL_SCENARIOS:
        start = brawl.load_scenario(path).with_rng(brawl.Rng(2))
        state = start
        for action in brawl.play(start, policy=greedy, max_rounds=4).actions:
            chosen = greedy(state, Options(state))  # keeps the move it chooses (_MOVED)
            assert chosen == action
            after = brawl.apply(state, action).state
            if isinstance(action, AdvanceTo):
                for kind in ("other", "mover", "flight", "tiny", "left", "none"):
                    changed = _changed_after_move(after, action.creature, rng, kind)
                    me = changed.creature(action.creature)
                    recs = changed.creature_list()
                    _, foes, now = _survey_all(recs, me)
                    if not foes or not _no_nearer_left(changed, me, recs, now):
                        continue
                    skipped += 1
                    best, near = Options(changed, brawl.legal_actions(changed)).nearest_destination(foes, now)
                    assert best is None or near >= now, kind
            state = after
    assert skipped > 20, skipped
