"""The engine's shortcuts answer as the long way does: the last search kept, the turn state
checked field by field, the turns offered between turns without a second check."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import immutables
import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl import strategies
from brawl.errors import StateError
from brawl.fields import put, replaced
from brawl.policy.boxes import closest_end
from brawl.reach_backend import BitsetBackend
from brawl.rules.abilities import COSTS, UseAbility
from brawl.rules.abilities.targets import _plan_use, _turn_alone, _turn_blind, plan_use
from brawl.rules.reachable import movement_model, reachable
from brawl.sim import greedy
from brawl.state import _FIELDS as _ENCOUNTER_FIELDS
from brawl.turns.ability_deeds import OFFERED, _chosen_in_area, _no_direction, _requests, ability_deeds
from brawl.turns.deeds import legal_now, payable, pays
from brawl.turns.drawsteel import DrawSteel
from brawl.turns.drawsteel_turn import DrawSteelTurn
from brawl.turns.economy import TurnEconomy
from brawl.turns.records import EndRound, StartTurn, verified

SCENARIO = Path(__file__).resolve().parent.parent / "benchmarks" / "four_vs_six.toml"


def fight_states(seed: int) -> list[brawl.Encounter]:
    start = brawl.load_scenario(SCENARIO).with_rng(brawl.Rng(seed))
    states, state = [], start
    for action in brawl.play(start, policy=greedy).actions:
        states.append(state)
        state = brawl.apply(state, action).state
    return states


def test_the_last_search_is_kept_for_the_same_state_and_question_only() -> None:
    """R-MOVE-1: asking again of the same state gives the kept answer; any other question or
    state is searched anew, with the answer a fresh search gives."""
    enc = brawl.load_scenario(SCENARIO)
    cid = enc.creature_list()[0].id
    first = reachable(enc, cid, budget=3)
    assert reachable(enc, cid, budget=3) is first
    wider = reachable(enc, cid, budget=5)
    assert wider is not first
    assert len(wider) > len(first)
    moved = enc.with_creature(attrs.evolve(enc.creature(cid), speed=2))
    slower = reachable(moved, cid, budget=3)
    assert slower is not first
    assert max(slower.costs().values()) == 2  # its speed caps the move (DS-MOVE-07)
    assert max(first.costs().values()) == 3
    # a fresh search of the first state agrees with the kept one
    other = enc.creature_list()[1].id
    reachable(enc, other)
    assert reachable(enc, cid, budget=3).costs() == first.costs()


def test_a_changed_turn_field_is_still_checked() -> None:
    """A turn state whose changed field names no creature, or keeps an economy with no turn, is
    refused by ``with_turn`` even when the rest is the old, checked bookkeeping."""
    state = fight_states(1)[5]
    turn = state.turn
    assert isinstance(turn, DrawSteelTurn)
    with pytest.raises(StateError, match="ghost"):
        state.with_turn(attrs.evolve(turn, turns_taken=turn.turns_taken.set("ghost", 1)))
    with pytest.raises(StateError, match="turns_taken"):
        state.with_turn(attrs.evolve(turn, turns_taken=immutables.Map({state.order[0]: 7})))
    with pytest.raises(StateError, match="economy"):
        state.with_turn(attrs.evolve(turn, current=None, economy=turn.economy or TurnEconomy()))
    with pytest.raises(StateError, match="ghost"):
        state.with_turn(attrs.evolve(turn, triggered_used=frozenset({"ghost"})))


def test_the_turns_offered_between_turns_are_exactly_the_ones_that_verify() -> None:
    """DS-SIDE-08, DS-SIDE-09, DS-SIDE-10: between turns every creature may be offered its turn
    only if ``verify_start_turn`` accepts it, and every creature it accepts is offered."""
    checked = 0
    for seed in (1, 2):
        for state in fight_states(seed):
            turn = state.turn
            if not isinstance(turn, DrawSteelTurn) or turn.current is not None:
                continue
            offered = DrawSteel().legal_actions(state)
            starts = sorted(a.creature for a in offered if isinstance(a, StartTurn))
            accepted = sorted(c.id for c in state.creature_list() if verified(StartTurn(c.id), state))
            assert starts == accepted
            assert (offered == [EndRound()]) == (not accepted)
            for cid in state.order:
                assert DrawSteel().legal_actions(state, cid) == [a for a in offered if a == StartTurn(cid)]
            checked += bool(accepted)
    assert checked > 20


ABILITIES = SCENARIO.with_name("four_vs_six_abilities.toml")


def test_ability_uses_listed_are_those_that_verify_and_can_be_paid() -> None:
    """R-ABIL-1, DS-TURN-01: the uses offered on a turn are exactly the candidate uses that pass
    ``legal_now`` one by one (their own checks and the part of the turn they cost), although the
    turn's part is asked once per ability."""
    start = brawl.load_scenario(ABILITIES).with_rng(brawl.Rng(3))
    state, compared = start, 0
    for action in brawl.play(start, policy=greedy).actions:
        turn = state.turn
        if isinstance(turn, DrawSteelTurn) and turn.current is not None:
            cid = turn.current
            c = state.creature(cid)
            expected: list[brawl.Action] = []
            for ability in c.abilities:
                if ability.action_type not in OFFERED:
                    continue
                uses = _requests(state, c, ability)
                if ability.distance.is_area:
                    uses = (_chosen_in_area(state, r, ability.target.count) for r in uses)
                expected += [r for r in uses if not _no_direction(state, r, ability) and legal_now(state, r)]
            assert ability_deeds(state, cid) == expected
            compared += bool(expected)
        state = brawl.apply(state, action).state
    assert compared > 10


def test_replaced_is_evolve_for_plain_records_and_evolve_itself_for_checked_ones() -> None:
    """A turn state copied by hand equals ``attrs.evolve``'s; a record with checks still runs them."""
    turn = fight_states(1)[5].turn
    assert isinstance(turn, DrawSteelTurn)
    count = turn.turn_count
    changed = replaced(turn, turn_count=count + 1, current="kira", economy=TurnEconomy(main=1))
    assert changed == attrs.evolve(turn, turn_count=count + 1, current="kira", economy=TurnEconomy(main=1))
    assert (changed.turn_count, changed.current, changed.malice) == (count + 1, "kira", turn.malice)
    assert (turn.turn_count, turn.current) == (count, None)  # the old record is untouched
    assert replaced(TurnEconomy(), main=1) == TurnEconomy(main=1)
    with pytest.raises(TypeError, match="no field 'mian'"):
        replaced(TurnEconomy(), mian=1)
    kira = brawl.Creature(id="kira", stamina_max=10)
    with pytest.raises(StateError, match="speed"):
        replaced(kira, speed=-1)  # a Creature's fields are checked: attrs.evolve runs
    assert replaced(kira, speed=3).speed == 3


_CHANGES = st.fixed_dictionaries(
    {},
    optional={
        "stamina": st.integers(-30, 40),
        "stamina_max": st.integers(-2, 40),
        "recoveries": st.integers(-1, 12),
        "speed": st.integers(-1, 12),
        "pos": st.tuples(st.integers(-2, 9), st.integers(-2, 9), st.integers(-1, 3)),
        "size": st.sampled_from(["1T", "1S", "1M", "1L", "2", "3", "bad"]),
        "conditions": st.lists(strategies.conditions(), max_size=2).map(tuple),
        "name": st.sampled_from(["", "Kira", 3]),
        "riding": st.sampled_from([None, "horse", "kira", 7]),
        "dead": st.sampled_from([True, False, "yes"]),
        "movement": st.sampled_from([("walk",), ("walk", "fly"), ("teleport-ish",)]),
    },
).filter(bool)


def _outcome(make: Callable[[], brawl.Creature]) -> object:
    try:
        return make()
    except Exception as e:  # the kind of refusal is compared
        return type(e)


@given(strategies.creatures(), _CHANGES)
def test_replaced_creature_is_evolve_field_by_field(
    creature: brawl.Creature, changes: dict[str, Any]
) -> None:
    """A creature's changed fields are converted and checked, and its checks across fields made,
    exactly as ``attrs.evolve`` (a new Creature) does: the same creature, or the same refusal."""
    assert _outcome(lambda: replaced(creature, **changes)) == _outcome(
        lambda: attrs.evolve(creature, **changes)
    )


@st.composite
def _approach(draw: st.DrawFn) -> tuple[brawl.Creature, list[brawl.Creature], list[brawl.Pos]]:
    point = st.builds(brawl.Pos, st.integers(0, 14), st.integers(0, 14), st.integers(0, 2))
    me = brawl.Creature(id="me", pos=draw(point), size=draw(st.sampled_from(["1M", "2", "3"])))
    foes = [
        brawl.Creature(id=f"f{i}", pos=p, size=draw(st.sampled_from(["1S", "1M", "2"])))
        for i, p in enumerate(draw(st.lists(point, min_size=1, max_size=6)))
    ]
    ends = draw(st.lists(point, max_size=40, unique=True))
    return me, foes, ends


@given(_approach())
def test_the_greedy_destination_is_the_brute_force_one(
    scene: tuple[brawl.Creature, list[brawl.Creature], list[brawl.Pos]],
) -> None:
    """The greedy policy's destination is the first end, in the order given, with the least
    distance (:func:`brawl.distance`) to a foe and then the fewest squares from the mover,
    although most ends are never weighed."""
    me, foes, ends = scene
    now = min(brawl.distance(me.pos, me.n, f.pos, f.n) for f in foes)
    best, near = closest_end(me, foes, ends, now)
    if not ends:
        assert best is None
        return

    def key(i: int) -> tuple[int, int, int]:
        e = ends[i]
        d = min(brawl.distance(e, me.n, f.pos, f.n) for f in foes)
        return d, max(abs(e.x - me.pos.x), abs(e.y - me.pos.y), abs(e.z - me.pos.z)), i

    expected = min(range(len(ends)), key=key)
    assert (best, near) == (ends[expected], key(expected)[0])


def test_an_encounter_copy_keeps_every_field() -> None:
    """``Encounter._replace`` copies every field of the record, whatever is added to it later."""
    assert set(_ENCOUNTER_FIELDS) == {f.name for f in attrs.fields(brawl.Encounter)}
    enc = brawl.load_scenario(SCENARIO)
    copied = enc._replace(round=3)
    assert copied.round == 3
    assert enc.round != 3
    for name in _ENCOUNTER_FIELDS:
        if name != "round":
            assert getattr(copied, name) is getattr(enc, name)


def test_routes_from_the_floods_steps_are_the_step_rules_routes_in_fights(
    same_route: Callable[..., tuple[brawl.Pos, ...]],
) -> None:
    """R-MOVE-1, R-GEO-4: every destination a creature could advance to, in every state of two
    fights, has the same cheapest path and step costs rebuilt from the flood's own steps as from
    the step rules (``MoveModel.check_step``), which allow each step at that cost."""
    routes = 0
    for seed in (1, 2):
        for state in fight_states(seed)[::3]:
            turn = state.turn
            if not isinstance(turn, DrawSteelTurn) or turn.current is None:
                continue
            cid = turn.current
            if state.creature(cid).dead:
                continue  # killed on its own turn (an opportunity attack): it moves no more
            twin = state.with_creature(state.creature(cid))
            fast, slow = reachable(state, cid), reachable(twin, cid)
            backend = slow._backend
            assert isinstance(backend, BitsetBackend)
            assert backend.walk is not None
            backend.walk = None  # this result asks the step rules
            model = movement_model(state, cid, "advance")
            for pos in fast:
                path = same_route(fast, slow, model, pos)
                routes += len(path) > 2
    assert routes > 500


@given(strategies.creatures(), st.builds(brawl.Pos, st.integers(0, 9), st.integers(0, 9), st.integers(0, 3)))
def test_put_is_evolve_for_values_no_check_refuses(creature: brawl.Creature, pos: brawl.Pos) -> None:
    """``fields.put`` copies every field and sets the given ones as they are: for a position (no
    check of a creature reads it) and a turn's economy, the same record ``attrs.evolve`` builds;
    the original is untouched."""
    moved = put(creature, pos=pos)
    assert moved == attrs.evolve(creature, pos=pos)
    assert moved is not creature
    assert (creature.pos == pos) is (moved == creature)
    for name in ("id", "side", "stamina", "conditions", "size"):
        assert getattr(moved, name) is getattr(creature, name)
    turn = DrawSteelTurn()
    economy = TurnEconomy(main=1, movement_left=3)
    assert put(turn, economy=economy) == attrs.evolve(turn, economy=economy)
    assert turn.economy != economy


def test_the_turn_pays_for_an_ability_as_payable_says_for_its_use() -> None:
    """DS-TURN-01..03, R-ABIL-1: ``pays`` for the cost of an ability's action type, for every
    creature on and off its turn through a fight, is ``payable`` of a use of the ability."""
    start = brawl.load_scenario(ABILITIES).with_rng(brawl.Rng(2))
    state, compared, refused = start, 0, 0
    for action in brawl.play(start, policy=greedy).actions:
        for c in state.creature_list():
            for ability in c.abilities:
                fast = pays(state, c.id, COSTS.get(ability.action_type))
                if fast is not None:
                    assert fast == payable(state, UseAbility(c.id, ability.name))
                    compared += 1
                    refused += not fast
        state = brawl.apply(state, action).state
    assert compared > 500
    assert refused > 100


def test_a_plan_found_before_the_turn_is_spent_holds_after() -> None:
    """R-ABIL-1, R-ABIL-9, DS-TURN-01..03: for every use offered through a fight whose checks read
    nothing of the turn (``_turn_blind``), the plan found with a fresh check after its part of the
    turn is spent is the plan found before, which ``plan_use`` then keeps."""
    start = brawl.load_scenario(ABILITIES).with_rng(brawl.Rng(1))
    state, compared = start, 0
    for action in brawl.play(start, policy=greedy).actions:
        turn = state.turn
        if isinstance(turn, DrawSteelTurn) and turn.current is not None:
            for use in ability_deeds(state, turn.current):
                assert isinstance(use, UseAbility)
                before = plan_use(state, use)
                cost = UseAbility.cost_in(state, use.fields())
                assert cost is not None
                after = DrawSteel().use_action(state, use.user, cost).state
                assert _turn_alone(state, after)
                if _turn_blind(before, use):
                    assert _plan_use(after, use) == before
                    assert plan_use(after, use) is before
                    compared += 1
        state = brawl.apply(state, action).state
    assert compared > 30
