"""The lazy options a policy is given agree with the whole list of legal actions, state by state."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl.actions import Advance, AdvanceTo, EndRound, EndTurn, FreeStrike, StartTurn, TakeAction
from brawl.conditions import Condition, ConditionName
from brawl.fields import replaced
from brawl.geometry import distance
from brawl.policy import options as policy_options
from brawl.policy.options import _may_share_space, _survey, _survey_all, can_fight
from brawl.sim import Options, greedy
from brawl.terrain import Terrain

SCENARIO = Path(__file__).resolve().parent.parent / "benchmarks" / "four_vs_six.toml"


def states_of_a_fight(seed: int, every: int) -> list[brawl.Encounter]:
    start = brawl.load_scenario(SCENARIO).with_rng(brawl.Rng(seed))
    fight = brawl.play(start)
    states, state = [], start
    for i, action in enumerate(fight.actions):
        if i % every == 0:
            states.append(state)
        state = brawl.apply(state, action).state
    return states


def test_each_part_is_the_list_filtered() -> None:
    """Free Strikes, moves and the turn flow asked of lazy options are those of the full list."""
    for state in states_of_a_fight(5, every=4):
        full = brawl.legal_actions(state)
        lazy = Options(state)
        melee = [
            a
            for a in full
            if isinstance(a, TakeAction) and isinstance(a.action, FreeStrike) and not a.action.ranged
        ]
        assert lazy.melee_free_strikes() == melee
        moves = [a for a in full if isinstance(a, Advance | AdvanceTo)]
        assert lazy.moves() == moves
        assert Options(state).destinations() == [a.destination for a in moves]
        listed = Options(state, full)
        assert listed.destinations() == [a.destination for a in moves]
        for a in moves[:3]:
            assert Options(state).move_to(a.destination) == a
            assert listed.move_to(a.destination) == a
        for kind in (EndTurn, StartTurn, EndRound):
            assert lazy.first(kind) == next((a for a in full if isinstance(a, kind)), None)
        assert list(Options(state)) == full
        assert len(Options(state)) == len(full)


def test_greedy_picks_the_same_from_lazy_options_and_from_the_list() -> None:
    """The greedy policy's choice does not depend on how its options were built."""
    for seed in (1, 2):
        for state in states_of_a_fight(seed, every=1):
            assert greedy(state, Options(state)) == greedy(state, brawl.legal_actions(state))


def test_any_policy_reads_the_options_as_a_list() -> None:
    """A policy of one's own sees the whole list: indexing, length, slicing and iteration."""
    seen: list[int] = []

    def last(state: brawl.Encounter, options: Sequence[brawl.Action]) -> brawl.Action:
        assert list(options[-2:]) == list(options)[-2:]
        seen.append(len(options))
        return options[len(options) - 1]

    start = brawl.load_scenario(SCENARIO).with_rng(brawl.Rng(3))
    fight = brawl.play(start, policy=last, max_rounds=1)
    assert seen
    assert brawl.replay(start, fight.actions).state == fight.state


def test_with_abilities_greedy_picks_the_same_lazily() -> None:
    """The bridge's stat blocks carry abilities: the lazy options offer the same ones, and greedy
    picks the same action from them as from the list, state by state."""
    start = brawl.load_scenario(brawl.bundled_scenario("bridge")).with_rng(brawl.Rng(2))
    fight = brawl.play(start, max_rounds=4)
    state, used = start, 0
    for action in fight.actions:
        full = brawl.legal_actions(state)
        lazy = Options(state)
        assert lazy.abilities() == [a for a in full if isinstance(a, brawl.UseAbility)]
        assert greedy(state, Options(state)) == greedy(state, full)
        used += isinstance(action, brawl.UseAbility)
        state = brawl.apply(state, action).state
    assert used > 0  # the fight did use abilities


@settings(max_examples=150, deadline=None)
@given(
    specs=st.lists(
        st.tuples(
            st.booleans(),  # of the Director's side
            st.integers(0, 9),  # y
            st.integers(0, 2),  # z
            st.sampled_from([1, 1, 2, 3]),  # size
            st.sampled_from(["", "", "dead", "unconscious", "dazed"]),
        ),
        min_size=1,
        max_size=7,
    ),
    who=st.integers(0, 6),
)
def test_enemy_survey_is_distance_and_can_fight_of_each_enemy(
    specs: list[tuple[bool, int, int, int, str]], who: int
) -> None:
    """R-GEO-1, DS-STAM-09, DS-COND-04: the survey of a creature's enemies is what asking
    :func:`brawl.distance` and :func:`can_fight` of each creature of another side gives: the
    living ones within melee distance, those that can fight in the encounter's order, and the
    distance to the nearest of these (0 with none), for creatures of any size at any height."""
    creatures = [
        brawl.Creature(
            id=f"c{i}",
            side="director" if director else "heroes",
            pos=(3 * i, y, z),
            size=f"{size}" if size > 1 else "1M",
            dead=state == "dead",
            conditions=(Condition(ConditionName(state)),) if state in ("unconscious", "dazed") else (),
        )
        for i, (director, y, z, size, state) in enumerate(specs)
    ]
    enc = brawl.Encounter.create(Terrain.flat(30, 12, height=6), creatures)
    me = creatures[who % len(creatures)]
    enemies = [c for c in enc.creature_list() if c.side != me.side and not c.dead]
    near = [c.id for c in enemies if distance(me.pos, me.n, c.pos, c.n) <= 1]
    foes = [c for c in enemies if can_fight(c)]
    now = min((distance(me.pos, me.n, c.pos, c.n) for c in foes), default=0)
    assert _survey(enc, me) == (near, foes, now)


SIZES = ["1T", "1S", "1M", "1L", "2", "3", "4"]


@settings(max_examples=100, deadline=None)
@given(mine=st.sampled_from(SIZES), theirs=st.lists(st.sampled_from(SIZES), max_size=5))
def test_a_move_may_end_in_a_foes_space_only_two_sizes_apart_ds_move_04(mine: str, theirs: list[str]) -> None:
    """DS-MOVE-04, R-SIZE-1: a creature may end its move in a foe's space only if some foe is 2
    or more sizes from it (1T, 1S, 1M, 1L, 2, 3... one size apart each)."""
    me = brawl.Creature(id="me", side="heroes", size=mine)
    foes = [brawl.Creature(id=f"f{i}", size=s, pos=(3 * i + 3, 0, 0)) for i, s in enumerate(theirs)]
    ladder = {s: i for i, s in enumerate(SIZES)}
    assert _may_share_space(me, foes) is any(abs(ladder[mine] - ladder[s]) >= 2 for s in theirs)


def _changed(rng: random.Random, c: brawl.Creature) -> brawl.Creature:
    """``c`` with one thing changed: what the survey reads of it or something it does not read."""
    match rng.choice(["stamina", "stamina", "step", "dead", "unconscious", "dazed", "side", "size"]):
        case "stamina":
            return replaced(c, stamina=c.stamina - 1)
        case "step":
            return replaced(c, pos=brawl.Pos(c.pos.x + rng.choice([-1, 1]), c.pos.y, c.pos.z))
        case "dead":
            return replaced(c, dead=not c.dead)
        case "unconscious" | "dazed" as name:
            held = c.has(ConditionName(name))
            return replaced(c, conditions=() if held else (Condition(ConditionName(name)),))
        case "side":
            return replaced(c, side="heroes" if c.side != "heroes" else "director")
        case _:
            return replaced(c, size=brawl.Size.parse(rng.choice(["1S", "1M", "1L", "2"])))


def test_a_kept_survey_is_the_survey_of_the_state_asked() -> None:
    """R-GEO-1, DS-STAM-09, DS-COND-04: the survey kept from the last decision and given again
    when no record it reads has changed is what surveying the state asked gives, in the states
    of greedy fights (a decision after a strike, after a turn's start) and after random changes
    to any creature or to the one surveying: Stamina, a step, death, unconsciousness, a
    condition the survey does not read, its side, its size."""
    rng = random.Random(5)
    kept = fresh = 0
    for path, seed in ((SCENARIO, 1), (SCENARIO, 2), (SCENARIO.with_name("four_vs_six_abilities.toml"), 1)):
        start = brawl.load_scenario(path).with_rng(brawl.Rng(seed))
        state = start
        for action in brawl.play(start, policy=greedy).actions:
            current = getattr(state.turn, "current", None)
            if current is not None:
                changed = state
                for changes in range(rng.choice([1, 1, 2, 3, 4])):
                    if changes:  # the state of the fight first, then changes to it
                        c = rng.choice(changed.creature_list())
                        with contextlib.suppress(brawl.StateError, brawl.RulesError):  # an overlap...
                            changed = changed.with_creature(_changed(rng, c))
                    me = changed.creature(current)
                    before = policy_options._KEPT[0]
                    found = _survey(changed, me)
                    assert found == _survey_all(changed.creature_list(), me)
                    if policy_options._KEPT[0] is before:
                        kept += 1
                    else:
                        fresh += 1
            state = brawl.apply(state, action).state
    assert kept > 100, kept  # the answer kept given again
    assert fresh > 100, fresh  # and worked out again
