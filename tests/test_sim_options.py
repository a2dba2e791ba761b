"""The lazy options a policy is given agree with the whole list of legal actions, state by state."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import brawl
from brawl.actions import Advance, AdvanceTo, EndRound, EndTurn, FreeStrike, StartTurn, TakeAction
from brawl.sim import Options, greedy

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
