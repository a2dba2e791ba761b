"""The fight loop of a grid fight counts the standing sides only when the creatures change, and
stops where a loop that counts them before every action stops; :func:`can_fight`'s short cut for
a creature with no condition says what asking for the condition says."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl.actions import EndRound, StartCombat, apply
from brawl.conditions import Condition, ConditionName
from brawl.sim import STEP_CAP, Options, can_fight, greedy, play, stalemate, standing_sides

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
SCENARIOS = (
    BENCH / "four_vs_six.toml",
    BENCH / "four_vs_six_abilities.toml",
    brawl.bundled_scenario("bridge"),
    brawl.bundled_scenario("cliff"),
)


def plain_play(state: brawl.Encounter, max_rounds: int) -> tuple[brawl.Action, ...]:
    """The loop without the short cuts: the sides counted before every action, a stalemate asked
    after every round (not only after a round in which nobody's Stamina changed)."""
    log: list[brawl.Action] = []
    if state.turn is None:
        start = StartCombat(first_side="heroes")
        state = apply(state, start).state
        log.append(start)
    while len(standing_sides(state)) > 1 and state.round <= max_rounds:
        action = greedy(state, Options(state))
        state = apply(state, action).state
        log.append(action)
        if isinstance(action, EndRound) and stalemate(state):
            break
    return tuple(log)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: Path(p).stem)
@pytest.mark.parametrize("seed", [1, 5])
def test_loop_stops_where_counting_every_action_stops(path: Path, seed: int) -> None:
    start = brawl.load_scenario(path).with_rng(brawl.Rng(seed))
    fight = play(start, max_rounds=6, policy=greedy)
    assert fight.actions == plain_play(start, 6)
    if fight.winner is not None:  # the last action left one side standing, and none before it did
        assert standing_sides(fight.state) == (fight.winner,)


@pytest.mark.parametrize(("max_steps", "taken"), [(0, 0), (1, 1), (7, 7), (7.5, 8), (40, 40)])
def test_the_step_limit_stops_the_loop_after_that_many_actions(max_steps: float, taken: int) -> None:
    """The step limit: actions are taken while fewer than ``max_steps`` were (a limit that is no
    whole number too); a fight it stops is undecided, ended by the step cap."""
    start = brawl.load_scenario(BENCH / "four_vs_six.toml").with_rng(brawl.Rng(1))
    fight = play(start, max_rounds=6, policy=greedy, max_steps=max_steps)  # type: ignore[arg-type]
    assert fight.actions == plain_play(start, 6)[: 1 + taken]  # StartCombat, then the steps
    assert fight.ending == STEP_CAP
    assert fight.winner is None


@settings(max_examples=60, deadline=None)
@given(
    dead=st.booleans(),
    names=st.lists(st.sampled_from(list(ConditionName)), max_size=3),
)
def test_can_fight_is_alive_and_not_unconscious(dead: bool, names: list[ConditionName]) -> None:
    c = brawl.Creature(
        id="c", side="heroes", pos=(0, 0, 0), dead=dead, conditions=tuple(Condition(n) for n in names)
    )
    expected = not dead and ConditionName.UNCONSCIOUS not in names
    assert can_fight(c) is expected
