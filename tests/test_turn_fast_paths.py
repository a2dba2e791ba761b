"""The turn flow's and the walk's shortcuts give what the general code gives.

Turn bookkeeping built by the Draw Steel system from checked values is put into the encounter
without a second check (``Encounter.with_turn_built``): replaying fights with the checked
``with_turn`` in its place gives the same fights, so every such state passes the checks; the
values the shortcut can't vouch for still go through ``with_turn`` and its refusals. A walk looks
for opportunity attackers among the enemies near its whole path, a mover is placed with
``moved_to``, ``with_creature`` skips the checks of what it kept: each against the long way.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import immutables
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import strategies
from brawl.actions import EndRound, EndTurn, StartTurn, TakeAction, UseAction, apply
from brawl.creature import MAX_COUNT
from brawl.errors import ActionUnavailableError, StateError
from brawl.fields import replaced
from brawl.geometry import Pos, distance
from brawl.rules.damage import dealt_to as damage_dealt_to
from brawl.rules.movement import OPPORTUNITY_REACH, _enemies_near, _leaving, opportunity_attackers
from brawl.rules.placing import moved_to
from brawl.rules.reachable import reachable, searched_model
from brawl.rules.settle import settle
from brawl.state import Encounter
from brawl.turns.deeds import AdvanceTo, _destinations, legal_reach, movement_left, rule_name, spend_for
from brawl.turns.drawsteel import DRAW_STEEL
from brawl.turns.drawsteel_turn import DrawSteelTurn, with_economy
from brawl.turns.economy import TurnEconomy

Replayed = Callable[..., tuple[str, list[Encounter]]]
"""The ``replayed`` fixture (tests/conftest.py): a seeded greedy fight's digest and states."""
BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
SCENARIOS = {
    "four_vs_six": (BENCH / "four_vs_six.toml", (0, 3, 7)),
    "abilities": (BENCH / "four_vs_six_abilities.toml", (1, 4)),
}


def _checked_instead(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make ``with_turn_built`` the checked ``with_turn``; the list counts its calls."""
    calls: list[int] = []

    def checked(self: Encounter, turn: brawl.TurnState, *, round: int | None = None) -> Encounter:
        calls.append(1)
        return self.with_turn(turn, round=round)

    monkeypatch.setattr(Encounter, "with_turn_built", checked)
    return calls


@pytest.mark.parametrize(
    ("name", "seed"), [(name, seed) for name, (_, seeds) in SCENARIOS.items() for seed in seeds]
)
def test_fights_are_the_same_with_every_built_turn_checked(
    replayed: Replayed, name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DS-TURN-01..03, DS-SIDE-08..12: the turn bookkeeping the system puts unchecked passes
    ``with_turn``'s checks, and the fight, event for event and state for state, is the same."""
    path = SCENARIOS[name][0]
    fast = replayed(path, seed)[0]
    calls = _checked_instead(monkeypatch)
    assert replayed(path, seed)[0] == fast
    assert len(calls) > 100


def test_the_alternative_order_is_the_same_with_every_built_turn_checked(
    replayed: Replayed,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DS-SIDE-14: the same under the alternative order by Agility tests."""
    path = SCENARIOS["four_vs_six"][0]
    fast = replayed(path, 5, "drawsteel-agility")[0]
    _checked_instead(monkeypatch)
    assert replayed(path, 5, "drawsteel-agility")[0] == fast


@pytest.mark.parametrize(("name", "seed"), [("four_vs_six", 3), ("abilities", 1)])
def test_fights_are_the_same_with_each_moves_step_rules_built_again(
    replayed: Replayed, name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-MOVE-1, DS-ACT-01: a move that reuses the step rules of the search that found its path
    (``searched_model``) walks as one that builds them again, event for event and state for state."""
    path = SCENARIOS[name][0]
    fast = replayed(path, seed)[0]
    calls: list[int] = []

    def never(*args: Any) -> None:
        calls.append(1)

    monkeypatch.setattr(brawl.rules.movement, "searched_model", never)
    assert replayed(path, seed)[0] == fast
    assert len(calls) > 5


def _same_without(
    module: object,
    name: str,
    scenario: str,
    seed: int,
    monkeypatch: pytest.MonkeyPatch,
    replayed: Replayed,
) -> None:
    """The fight is the same with the shortcut ``module.name`` (None: the long way) made to give
    None every time as it is with the shortcut, which answered more than 5 times."""
    path = SCENARIOS[scenario][0]
    taken: list[bool] = []
    shortcut = getattr(module, name)

    def counted(*args: Any) -> Any:
        done = shortcut(*args)
        taken.append(done is not None)
        return done

    monkeypatch.setattr(module, name, counted)
    fast = replayed(path, seed)[0]
    assert sum(taken) > 5

    def never(*args: Any) -> None:
        return None

    monkeypatch.setattr(module, name, never)
    assert replayed(path, seed)[0] == fast


@pytest.mark.parametrize(("name", "seed"), [("four_vs_six", 0), ("four_vs_six", 7), ("abilities", 4)])
def test_fights_are_the_same_with_each_advance_on_a_move_action_taken_the_long_way(
    replayed: Replayed, name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DS-TURN-01, DS-TURN-02, DS-ACT-01: an advance that takes the move action, walks and spends
    its squares with the bookkeeping and the encounter copied once gives what the move action
    taken (``use_action``), the walk and ``spend_movement`` give one after another."""
    _same_without(brawl.turns.deeds, "_on_move_action", name, seed, monkeypatch, replayed)


@pytest.mark.parametrize(("name", "seed"), [("four_vs_six", 0), ("four_vs_six", 7), ("abilities", 4)])
def test_fights_are_the_same_with_each_clear_walk_taken_the_long_way(
    replayed: Replayed, name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DS-ACT-01, DS-STRIKE-03, R-MOVE-3, DS-MOVE-13: a searched advance past no enemy on a map
    with no damaging terrain, placed at once with its one Moved (``walk_clear``, the enemies
    around its squares read from the search's marks), gives what the plan and the walk give."""
    _same_without(brawl.rules.movement, "_clear", name, seed, monkeypatch, replayed)


@pytest.mark.parametrize(("name", "seed"), [("four_vs_six", 3), ("abilities", 1)])
def test_fights_are_the_same_with_a_strikes_rng_stored_before_its_damage(
    replayed: Replayed, name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RB3-EDGES, DS-STRIKE-06, R-DMG-1: a free strike whose RNG, advanced by its power roll, is
    stored with the target's change gives what storing it first, then dealing the damage, gives."""
    path = SCENARIOS[name][0]
    fast = replayed(path, seed)[0]
    stored: list[int] = []

    def long_way(state: Encounter, *args: Any) -> Any:
        *rest, rng = args
        if rng is not None:
            stored.append(1)
            state = state.with_rng(rng)
        return damage_dealt_to(state, *rest)

    monkeypatch.setattr(brawl.rules.strikes, "dealt_to", long_way)
    assert replayed(path, seed)[0] == fast
    assert len(stored) > 5


def test_a_creature_stored_with_an_rng_is_the_rng_stored_then_the_creature() -> None:
    """R-DICE-1: ``with_creature(c, rng)`` is ``with_rng(rng).with_creature(c)``; an RNG that is
    not one is refused as ``with_rng`` refuses it."""
    state = _turn_state()
    c = state.creature(state.order[0])
    hurt = replaced(c, stamina=c.stamina - 1)
    rng = brawl.Rng(99)
    both = state.with_creature(hurt, rng)
    assert both.rng is rng
    assert brawl.to_json(both) == brawl.to_json(state.with_rng(rng).with_creature(hurt))
    assert state.with_creature(hurt).rng is state.rng
    with pytest.raises(brawl.ArgumentTypeError, match="with_rng: 5 is not an Rng"):
        state.with_creature(hurt, 5)  # type: ignore[arg-type]


def test_the_searched_step_rules_answer_only_for_the_same_map_objects_and_creatures() -> None:
    """R-MOVE-1: the step rules of a search are offered again for the same mover and mode in a
    state whose turn alone changed, never once a creature or the mover's mode differs."""
    state = _turn_state()
    cid = state.turn.current  # type: ignore[union-attr]  # a Draw Steel turn under way
    assert isinstance(cid, str)
    brawl.reachable(state, cid)  # the search, of a mover carrying no one
    model = searched_model(state, cid, "advance", False)
    assert model is not None
    assert model.creature is state.creature(cid)
    turn = state.turn
    assert isinstance(turn, DrawSteelTurn)
    turned = state.with_turn_built(with_economy(turn, TurnEconomy(main=1, moves=0, movement_left=5)))
    assert searched_model(turned, cid, "advance", False) is model
    assert searched_model(state, cid, "shift", False) is None
    assert searched_model(state, cid, "advance", True) is None
    other = next(c for c in state.order if c != cid)
    assert searched_model(state, other, "advance", False) is None
    c = state.creature(cid)
    moved = state.with_creature(replaced(c, stamina=c.stamina - 1))
    assert searched_model(moved, cid, "advance", False) is None


def _turn_state() -> Encounter:
    """A state of a fight during a hero's turn."""
    start = brawl.load_scenario(SCENARIOS["four_vs_six"][0]).with_rng(brawl.Rng(1))
    state = start
    for action in brawl.play(start).actions[:3]:
        state = apply(state, action).state
    assert isinstance(state.turn, DrawSteelTurn)
    assert state.turn.current is not None
    return state


def _between_turns(state: Encounter) -> Encounter:
    """Play on (ending turns, starting the first offered) until only EndRound is left."""
    while isinstance(state.turn, DrawSteelTurn) and (
        state.turn.current is not None or DRAW_STEEL.next_actors(state)
    ):
        action = next(a for a in brawl.legal_actions(state) if isinstance(a, EndTurn | StartTurn))
        state = apply(state, action).state
    return state


def test_counts_out_of_range_are_still_refused_by_with_turn() -> None:
    """A turn state whose counts the system raises past their range is refused as ``with_turn``
    refuses it: the shortcut checks the ranges and leaves such a state to the checked way."""
    state = _turn_state()
    t = state.turn
    assert isinstance(t, DrawSteelTurn)
    assert t.current is not None
    cur = t.current
    cases = [
        (state.with_turn(attrs.evolve(t, turns_taken=t.turns_taken.set(cur, 2))), EndTurn(), "turns_taken 3"),
        (state.with_turn(attrs.evolve(t, turn_count=MAX_COUNT)), EndTurn(), "turn_count 1000001"),
        (
            state.with_turn(attrs.evolve(t, economy=TurnEconomy(free_maneuvers=MAX_COUNT))),
            UseAction(cur, "free maneuver"),
            "free_maneuvers 1000001",
        ),
        (
            state.with_turn(attrs.evolve(t, economy=TurnEconomy(movement_left=MAX_COUNT - 1))),
            UseAction(cur, "move"),
            "movement_left",
        ),
    ]
    ended = _between_turns(state)
    assert isinstance(ended.turn, DrawSteelTurn)
    cases.append((ended.with_turn(attrs.evolve(ended.turn, malice=MAX_COUNT - 3)), EndRound(), "malice"))
    cases.append((ended.with_turn(ended.turn, round=1_000_000), EndRound(), "round 1000001"))
    for before, action, message in cases:
        with pytest.raises(StateError, match=message):
            apply(before, action)


def test_a_group_name_too_long_with_its_prefix_is_refused_at_the_start_of_its_turn() -> None:
    """R-TURN-3: a Director group's slot is its name with a prefix; a name at the longest a
    creature may have makes a slot too long for the turn state, refused as before."""
    long = "g" * 200
    enc = brawl.Encounter.create(
        brawl.Terrain.flat(8, 8),
        [
            brawl.Creature(id="hero", side="heroes", hero=True, pos=(0, 0, 0)),
            brawl.Creature(id="gob", side="director", group=long, pos=(5, 5, 0)),
        ],
    )
    state = apply(enc, brawl.actions.StartCombat(first_side="director")).state
    with pytest.raises(StateError, match="turn group"):
        apply(state, StartTurn("gob"))


def test_an_advance_with_no_move_action_left_is_refused_as_verify_refuses_it() -> None:
    """DS-TURN-01, DS-TURN-03: with its move and main actions spent, an advance that needs the
    move action is refused with the very error ``verify`` gives, the move action tried once."""
    state = _turn_state()
    t = state.turn
    assert isinstance(t, DrawSteelTurn)
    assert t.current is not None
    cur = t.current
    spent = state.with_turn(attrs.evolve(t, economy=TurnEconomy(main=1, moves=1, movement_left=0)))
    here = spent.creature(cur).pos
    advance = AdvanceTo(cur, Pos(here.x + 1, here.y, here.z))
    with pytest.raises(ActionUnavailableError) as by_verify:
        advance.verify(spent)
    with pytest.raises(ActionUnavailableError) as by_apply:
        apply(spent, advance)
    assert str(by_apply.value) == str(by_verify.value)
    assert by_apply.value.rules == by_verify.value.rules


def test_a_move_action_found_free_is_asked_again_in_another_state() -> None:
    """DS-TURN-01, DS-TURN-03: ``legal_reach`` finding the move action free in one state spares
    the advance applied to that very state the question, not one applied to another state (its
    move and main actions spent), which is refused with the error ``verify`` gives."""
    state = _turn_state()
    t = state.turn
    assert isinstance(t, DrawSteelTurn)
    assert t.current is not None
    cur = t.current
    assert movement_left(state, cur) == 0
    reach = legal_reach(state, cur)
    assert reach is not None
    assert brawl.turns.deeds._MOVE_FREE[0] == (state, cur)
    dest = next(iter(_destinations(reach)))
    moved = apply(state, AdvanceTo(cur, dest))
    assert [type(e).__name__ for e in moved.events][:2] == ["ActionUsed", "Moved"]
    spent = state.with_turn(attrs.evolve(t, economy=TurnEconomy(main=1, moves=1, movement_left=0)))
    legal_reach(state, cur)
    with pytest.raises(ActionUnavailableError) as by_verify:
        AdvanceTo(cur, dest).verify(spent)
    with pytest.raises(ActionUnavailableError) as by_apply:
        apply(spent, AdvanceTo(cur, dest))
    assert str(by_apply.value) == str(by_verify.value)
    assert legal_reach(spent, cur) is None
    # nor another creature's advance in the very state
    legal_reach(state, cur)
    other = next(c for c in state.order if c != cur and not state.creature(c).dead)
    there = state.creature(other).pos
    with pytest.raises(brawl.RulesError) as other_verify:
        AdvanceTo(other, Pos(there.x + 1, there.y, there.z)).verify(state)
    with pytest.raises(brawl.RulesError) as other_apply:
        apply(state, AdvanceTo(other, Pos(there.x + 1, there.y, there.z)))
    assert type(other_apply.value) is type(other_verify.value)
    assert str(other_apply.value) == str(other_verify.value)


def test_apply_of_requests_that_cost_nothing_is_the_spending_path() -> None:
    """DS-TURN-01: a request whose class costs nothing is applied as ``spend_for`` would: the
    same events and state, for every such request of a fight."""
    start = brawl.load_scenario(SCENARIOS["four_vs_six"][0]).with_rng(brawl.Rng(2))
    state, compared = start, 0
    for action in brawl.play(start).actions:
        out = apply(state, action)
        kind = type(action)
        if kind.cost is None and compared < 60:
            long = settle(spend_for(state, kind, action.fields(), rule_name(kind), action.resolve))
            assert repr(long.events) == repr(out.events)
            assert brawl.to_json(long.state) == brawl.to_json(out.state)
            compared += isinstance(action, TakeAction)
        state = out.state
    assert compared > 10


@given(strategies.creatures(), st.builds(Pos, st.integers(-3, 30), st.integers(-3, 30), st.integers(-3, 5)))
def test_moved_to_is_replaced_with_the_position(creature: brawl.Creature, pos: Pos) -> None:
    """A creature moved with ``moved_to`` equals ``replaced(creature, pos=...)`` field by field."""
    moved = moved_to(creature, pos)
    assert moved == replaced(creature, pos=pos)
    assert moved.pos is pos
    assert attrs.asdict(moved, recurse=False) == attrs.asdict(replaced(creature, pos=pos), recurse=False)


def test_with_economy_is_replaced_with_the_economy() -> None:
    """The turn state with a new economy, copied by hand, equals ``replaced``'s, field by field."""
    state = _turn_state()
    t = state.turn
    assert isinstance(t, DrawSteelTurn)
    economy = TurnEconomy(main=1, moves=1, movement_left=3)
    copied = with_economy(t, economy)
    assert copied == replaced(t, economy=economy)
    assert copied.economy is economy
    for f in attrs.fields(DrawSteelTurn):
        if f.name != "economy":
            assert getattr(copied, f.name) is getattr(t, f.name)


def _attackers_step_by_step(
    state: Encounter, mover: brawl.Creature, p: Pos, q: Pos, ignore: frozenset[str]
) -> list[str]:
    """The opportunity attackers of one step as the engine first found them (DS-STRIKE-03)."""
    n = mover.n
    out = []
    for cid in sorted(state.creatures_in(p - (1, 1, 1), n + 2, exclude=ignore)):
        e = state.creatures[cid]
        if e.side == mover.side or e.dead:
            continue
        if distance(p, n, e.pos, e.n) <= OPPORTUNITY_REACH < distance(q, n, e.pos, e.n):
            out.append(cid)
    return out


_STEPS = st.lists(st.tuples(st.integers(-1, 1), st.integers(-1, 1), st.integers(-1, 1)), max_size=12)


@settings(max_examples=150)
@given(strategies.encounters(min_creatures=1, max_creatures=8, max_size=3), _STEPS, st.data())
def test_the_enemies_near_a_path_give_each_steps_opportunity_attackers(
    enc: Encounter, steps: list[tuple[int, int, int]], data: st.DataObject
) -> None:
    """DS-STRIKE-03, R-MOVE-3: the enemies gathered once around a whole path give, at each step,
    the attackers a look around that step alone gives (or the walk looks step by step)."""
    mover = enc.creature(data.draw(st.sampled_from(enc.order)))
    ignore = frozenset(data.draw(st.lists(st.sampled_from(enc.order), max_size=2))) | {mover.id}
    path = [mover.pos]
    for dx, dy, dz in steps:
        path.append(path[-1] + (dx, dy, dz))
    near = _enemies_near(enc, mover, tuple(path), ignore)
    for p, q in itertools.pairwise(path):
        expected = _attackers_step_by_step(enc, mover, p, q, ignore)
        assert opportunity_attackers(enc, mover, p, q, ignore) == expected
        if near is not None:
            assert _leaving(near, mover.n, p, q) == expected


def _enemy_beside(enc: Encounter, mover: brawl.Creature, squares: tuple[Pos, ...]) -> bool:
    """A living creature of another side within 1 of one of the squares (the oracle, R-GEO-1)."""
    return any(
        distance(p, mover.n, e.pos, e.n) <= OPPORTUNITY_REACH
        for e in enc.living()
        if e.side != mover.side
        for p in squares
    )


def _marks_checked(enc: Encounter, cid: str) -> int:
    """Every route of the creature's search: the search's marks say whether an enemy is beside
    the squares it leaves as the oracle does, when it marked, with the route ``route_to`` gives;
    the count of routes checked."""
    reach = reachable(enc, cid)
    mover = enc.creature(cid)
    checked = 0
    for pos in reach:
        if pos == reach.origin:
            continue
        path, costs, found = reach.marked_route(pos)
        assert (path, costs) == reach.route_to(pos)
        left = (reach.origin, *path[:-1])
        if found is not None:
            assert found is _enemy_beside(enc, mover, left)
            checked += 1
    return checked


@settings(max_examples=150)
@given(strategies.encounters(min_creatures=2, max_creatures=8, max_size=3), st.data())
def test_the_searchs_marks_tell_an_enemy_beside_a_routes_squares(enc: Encounter, data: st.DataObject) -> None:
    """DS-STRIKE-03, R-GEO-1: the walking search of a size-1 mover marks the living enemies'
    cells when no creature stands above or below its level; a cell marked within 1 of a square a
    route leaves is exactly an enemy within 1 of it (the map's edges included)."""
    cid = data.draw(st.sampled_from(enc.order))
    mover = enc.creature(cid)
    if mover.n != 1 or mover.dead:
        return
    try:
        _marks_checked(enc, cid)
    except brawl.RulesError:
        return  # no walk for it (in no state to move)


def test_the_searchs_marks_tell_an_enemy_beside_in_fights() -> None:
    """DS-STRIKE-03, R-GEO-1: in the states of a fight, every route of the creature whose turn it
    is: the search's marks say what the oracle says, and they are there to ask."""
    start = brawl.load_scenario(SCENARIOS["four_vs_six"][0]).with_rng(brawl.Rng(2))
    state, checked, beside = start, 0, 0
    for action in brawl.play(start).actions:
        turn = state.turn
        if (
            isinstance(turn, DrawSteelTurn)
            and turn.current is not None
            and not state.creature(turn.current).dead
        ):
            checked += _marks_checked(state, turn.current)
            beside += _enemy_beside(state, state.creature(turn.current), (state.creature(turn.current).pos,))
        state = apply(state, action).state
    assert checked > 300
    assert beside > 5


@given(strategies.encounters(min_creatures=1, max_creatures=8, max_size=3), st.data())
def test_creatures_over_columns_is_every_living_creature_with_a_cell_there(
    enc: Encounter, data: st.DataObject
) -> None:
    """``creatures_over`` finds exactly the living creatures with a cell in the columns."""
    x0, y0 = data.draw(st.integers(-2, 12)), data.draw(st.integers(-2, 12))
    x1, y1 = x0 + data.draw(st.integers(0, 6)), y0 + data.draw(st.integers(0, 6))
    expected = {
        c.id for c in enc.living() if any(x0 <= cell.x <= x1 and y0 <= cell.y <= y1 for cell in c.cells())
    }
    found = enc.creatures_over(x0, y0, x1, y1)
    assert len(found) == len(set(found))
    assert set(found) == expected


def _refusal(make: object) -> object:
    try:
        return make()  # type: ignore[operator]  # any call, typed object to take lambdas alike
    except brawl.BrawlError as e:
        return type(e)


_CHANGES = st.fixed_dictionaries(
    {},
    optional={
        "pos": st.builds(Pos, st.integers(0, 11), st.integers(0, 11), st.integers(0, 2)),
        "dead": st.booleans(),
        "side": st.sampled_from(["heroes", "director", "wolves"]),
        "stamina": st.integers(1, 5),
        "hidden_from": st.sets(st.sampled_from(["c0", "c1", "ghost"]), max_size=2).map(frozenset),
        "riding": st.none() | st.sampled_from(["c0", "c1", "ghost"]),
        "conditions": st.lists(strategies.conditions(("c0", "c1")), max_size=2).map(tuple),
    },
)


@settings(max_examples=200)
@given(strategies.encounters(min_creatures=2, max_creatures=6), _CHANGES, st.data())
def test_with_creature_is_a_rebuild_or_the_same_refusal(
    enc: Encounter, changes: dict[str, Any], data: st.DataObject
) -> None:
    """A creature replaced with ``with_creature`` (its kept fields not checked again) gives the
    encounter a full rebuild gives, every index included, or the refusal a rebuild makes."""
    cid = data.draw(st.sampled_from(enc.order))
    try:
        changed = attrs.evolve(enc.creature(cid), **changes)
    except brawl.BrawlError:
        return
    fast = _refusal(lambda: enc.with_creature(changed))
    slow = _refusal(
        lambda: Encounter(
            enc.terrain,
            immutables.Map(enc.creatures).set(cid, changed),
            enc.objects,
            order=enc.order,
            turn=enc.turn,
            round=enc.round,
            rng=enc.rng,
            rides=enc.rides,
            games=enc.games,
        )
    )
    if isinstance(fast, Encounter):
        assert isinstance(slow, Encounter)
        assert fast == slow
        assert fast.side_tiles() == slow.side_tiles()
        for other in enc.order:
            assert sorted(fast.grabbed_by_me(other)) == sorted(slow.grabbed_by_me(other))
            assert sorted(fast.riding_me(other)) == sorted(slow.riding_me(other))
        for c in fast.living():
            assert set(fast.creatures_in(c.pos, c.n)) == set(slow.creatures_in(c.pos, c.n))
    else:
        assert fast == slow
