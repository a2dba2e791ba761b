"""The turn flow's shortcuts give what the general code gives.

A turn's start and end skip what ends or lands then when nothing could (``quiet_start``,
``quiet_end``); the settle pass and the class triggers skip events they never watch; a request's
options are read in one comparison when none is given; a Director's book with no boost waiting
is kept as it is; an economy is spent on a copy. Each against the long way: the fights replayed
with the shortcut turned off, or the record built field by field.
"""

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
from brawl.actions import EndRound, EndTurn, StartTurn, UseAction, apply
from brawl.conditions import Duration, NamedCondition
from brawl.rules import phases, settle
from brawl.rules.conditions import impose_condition
from brawl.rules.director import DirectorBook
from brawl.rules.persistent import areas_at_end, areas_at_start
from brawl.rules.solos import end_effect
from brawl.rules.strikes import expire_effects
from brawl.state import Encounter
from brawl.turns.economy import KIND_NAMES, ActionKind, TurnEconomy, movement_spent, spend

Replayed = Callable[..., tuple[str, list[Encounter]]]
"""The ``replayed`` fixture (tests/conftest.py): a seeded greedy fight's digest and states."""
BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
FIGHTS = [
    (BENCH / "four_vs_six.toml", 1),
    (BENCH / "four_vs_six.toml", 4),
    (BENCH / "four_vs_six_abilities.toml", 2),
]


@pytest.mark.parametrize(("path", "seed"), FIGHTS)
def test_fights_are_the_same_with_the_start_and_end_of_every_turn_run(
    replayed: Replayed, path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RB2-EOT, RB2-SAVE, DS-ACT-03, DS-ACT-19, R-AREA-8, R-AREA-12, RB-SOLO-02: with the
    start-of-turn and end-of-turn rules run at every turn, the fights are the same, event for
    event and state for state."""
    fast, _ = replayed(path, seed)
    monkeypatch.setattr(phases, "quiet_start", lambda state, creature: False)
    monkeypatch.setattr(phases, "quiet_end", lambda state, creature: False)
    assert replayed(path, seed)[0] == fast


class _NothingKnown(set[type]):
    """A set of event classes that never learns one: the settle pass reads every event."""

    def add(self, element: type) -> None:
        pass


@pytest.mark.parametrize(("path", "seed"), FIGHTS)
def test_fights_are_the_same_with_every_event_read_by_the_settle_pass(
    replayed: Replayed, path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RB1-BLEEDING, DS-MOUNT-09, DS-MTYPE-25, R-AREA-10: the settle pass reading every event
    one by one gives the same fights as the one skipping the classes it does not watch."""
    fast, _ = replayed(path, seed)
    monkeypatch.setattr(settle, "_QUIET", _NothingKnown())
    assert replayed(path, seed)[0] == fast


@pytest.mark.parametrize(("path", "seed"), FIGHTS[:2])
def test_a_quiet_start_or_end_is_one_the_rules_leave_as_it_is(
    replayed: Replayed, path: Path, seed: int
) -> None:
    """DS-ACT-03, DS-ACT-19, RB2-EOT, R-AREA-8, R-AREA-12, RB-SOLO-02: at every state of a fight,
    for every creature, a start of turn ``quiet_start`` calls quiet ends no effect and lands no
    area, and an end of turn ``quiet_end`` calls quiet ends and saves nothing and deals no End
    Effect: no event, the same state."""
    _, states = replayed(path, seed)
    quiet_starts = quiet_ends = 0
    for state in states[::3]:
        for cid in state.creatures:
            if phases.quiet_start(state, cid):
                quiet_starts += 1
                for rule in (expire_effects, areas_at_start):
                    out = rule(state, cid)
                    assert out.events == ()
                    assert brawl.to_json(out.state) == brawl.to_json(state)
            if phases.quiet_end(state, cid):
                quiet_ends += 1
                for rule in (phases.end_of_turn, areas_at_end, end_effect):
                    out = rule(state, cid)
                    assert out.events == ()
                    assert brawl.to_json(out.state) == brawl.to_json(state)
    assert quiet_starts > 50
    assert quiet_ends > 50


def test_a_start_or_end_is_not_quiet_with_an_effect_an_area_or_a_condition() -> None:
    """DS-ACT-19, R-AREA-8, RB2-EOT: an unknown creature, a Defend effect, a condition of the
    creature each make its start or end not quiet."""
    state = brawl.load_scenario(BENCH / "four_vs_six.toml")
    cid = sorted(state.creatures)[0]
    assert phases.quiet_start(state, cid)
    assert phases.quiet_end(state, cid)
    assert not phases.quiet_start(state, "nobody")
    assert not phases.quiet_end(state, "nobody")
    defended = brawl.apply(state, brawl.actions.Defend(cid, granted=True)).state
    assert defended.creatures[cid].effects
    assert not phases.quiet_start(defended, sorted(state.creatures)[1])
    slowed = impose_condition(state, cid, "slowed", duration="eot").state
    assert not phases.quiet_end(slowed, cid)
    assert phases.quiet_end(slowed, sorted(state.creatures)[1])


def _options_one_by_one(request: Any) -> dict[str, Any]:
    """A request's options as first defined: each field but its own, compared with its default."""
    found: dict[str, Any] = {}
    for f in attrs.fields(type(request)):
        if f.name in type(request).own:
            continue
        value = getattr(request, f.name)
        if value != f.default:
            as_given = f.metadata.get("brawl.as_given")
            found[f.name] = value if as_given is None else as_given(value)
    return found


@given(
    st.sampled_from(
        [
            StartTurn("kira"),
            StartTurn("kira", pray=True),
            StartTurn("kira", token_stamina=("kira",)),
            StartTurn("kira", sprint=True, reserve=("a", "b")),
            EndTurn(),
            EndTurn(saving_throws=(3, None, 7)),
            EndTurn(named_saving_throws=(5,)),
            EndRound(),
            EndRound(suffocation_rolls={"kira": 4}, breathes_water=("kira",)),
            EndRound(opener="red"),
            UseAction("kira", "main"),
            UseAction("kira", "main", name="Grab", fast=True),
        ]
    )
)
def test_options_are_the_fields_that_differ_from_their_defaults(request: Any) -> None:
    """DS-SIDE-08, DS-TURN-01: a request's options, read in one comparison when none is given,
    are those of the field-by-field reading, values and mappings alike."""
    assert request.options() == _options_one_by_one(request)


def test_a_book_without_a_creature_drops_its_boosts_and_keeps_the_others() -> None:
    """R-DIR-3, RB-MALICE-05, RB-MALICE-06: a turn's end takes its creature's waiting boosts out
    of the book; a book with none for it is the very same book."""
    book = DirectorBook(brutal=immutables.Map(a=1, b=2), malicious=immutables.Map(a=3, c=4))
    after = book.without(("a",))
    assert after == attrs.evolve(book, brutal=immutables.Map(b=2), malicious=immutables.Map(c=4))
    assert after.without(("a",)) is after
    assert book.without(("d",)) is book
    empty = DirectorBook()
    assert empty.without(("a",)) is empty
    summoned = DirectorBook(summoned=frozenset({"a", "b"}))
    assert summoned.turn_started("a") == attrs.evolve(summoned, summoned=frozenset({"b"}))
    assert summoned.turn_started("c") is summoned


@given(
    st.builds(
        TurnEconomy,
        st.integers(0, 2),
        st.integers(0, 3),
        st.integers(0, 3),
        st.integers(0, 5),
        st.integers(0, 20),
    ),
    st.sampled_from(list(ActionKind)),
    st.integers(0, 12),
)
def test_spending_is_the_economy_built_anew(economy: TurnEconomy, kind: ActionKind, speed: int) -> None:
    """DS-TURN-01, DS-TURN-02, DS-TURN-03, DS-TURN-09, DS-ACT-01: an economy spent on a copy is
    the economy built anew with the one counter raised (a move action adding the speed); a
    triggered kind spends nothing of it; movement spent takes the squares off what is left."""
    raised = {
        ActionKind.MAIN: {"main": economy.main + 1},
        ActionKind.MANEUVER: {"maneuvers": economy.maneuvers + 1},
        ActionKind.MOVE: {"moves": economy.moves + 1, "movement_left": economy.movement_left + speed},
        ActionKind.FREE_MANEUVER: {"free_maneuvers": economy.free_maneuvers + 1},
    }.get(kind, {})
    spent = spend(economy, kind, speed)
    assert type(spent) is TurnEconomy
    assert spent == TurnEconomy(**{**attrs.asdict(economy), **raised})
    if not raised:
        assert spent is economy
    if economy.movement_left:
        moved = movement_spent(economy, economy.movement_left)
        assert type(moved) is TurnEconomy
        assert moved == attrs.evolve(economy, movement_left=0)
    assert KIND_NAMES[kind] == kind.value


def test_a_named_condition_lasting_to_the_end_of_the_round_ends_with_it() -> None:
    """DS-COND-01, R-ABIL-16: a named condition lasting to the end of the round ends as the round
    ends, though nothing else happens then (no one falls, suffocates, or has another effect)."""
    state = brawl.load_scenario(BENCH / "four_vs_six.toml").with_rng(brawl.Rng(1))
    state = apply(state, brawl.actions.StartCombat(first_side="heroes")).state
    cid = sorted(state.creatures)[0]
    hexed = NamedCondition("hexed", duration=Duration.END_OF_ROUND)
    state = state.update_creature(cid, named_conditions=(hexed,))
    while True:
        offered = brawl.legal_actions(state)
        action = next((a for a in offered if isinstance(a, EndTurn | StartTurn)), None)
        if action is None:
            break
        state = apply(state, action).state
    assert state.creatures[cid].named_conditions == (hexed,)
    out = apply(state, EndRound())
    assert out.state.round == 2
    assert out.state.creatures[cid].named_conditions == ()
    assert [e.rules for e in out.events if "hexed" in repr(e)] == [("DS-COND-01", "R-ABIL-16")]
