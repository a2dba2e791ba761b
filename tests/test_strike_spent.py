"""A free strike taken as a main action under Draw Steel stores the action it spends with its
damage: one change of the encounter, where ``use_action`` stored the bookkeeping first and the
strike then stored its target's Stamina and the RNG its roll advanced.

The strike reads no bookkeeping, so it resolves on the state before the action is stored; fights
replayed with the long way (the spent turn checked by ``with_turn`` and stored first, the strike
resolved after it) are the same, event for event and state for state.
"""

from __future__ import annotations

from typing import Any

import pytest

import brawl
from brawl import ArgumentTypeError, Creature, Encounter, Pos, Terrain
from brawl.actions import TakeAction, apply
from brawl.events.actions import Struck
from brawl.events.turns import ActionUsed
from brawl.fields import replaced
from brawl.rules.strikes import FreeStrike
from brawl.state import TurnState
from brawl.turns.drawsteel_turn import DrawSteelTurn
from test_turn_fast_paths import SCENARIOS, Replayed


@pytest.mark.parametrize(
    ("name", "seed"), [(name, seed) for name, (_, seeds) in SCENARIOS.items() for seed in seeds]
)
def test_fights_are_the_same_with_each_free_strikes_action_stored_first_and_checked(
    replayed: Replayed, name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DS-TURN-01, DS-TURN-03, DS-ACT-21, DS-STRIKE-06: the bookkeeping stored with the strike's
    damage passes ``with_turn``'s checks, and storing it first, then resolving the strike, gives
    the same fight."""
    path = SCENARIOS[name][0]
    fast = replayed(path, seed)[0]
    calls: list[int] = []

    def long_way(state: Encounter, request: FreeStrike, turn: TurnState) -> Any:
        calls.append(1)
        return request.resolve(state.with_turn(turn))

    monkeypatch.setattr(brawl.turns.deeds, "strike_spent", long_way)
    assert replayed(path, seed)[0] == fast
    assert len(calls) > 5


def _kiras_turn() -> Encounter:
    kira = Creature(id="kira", side=brawl.HEROES, pos=Pos(1, 1, 0), stamina=20, stamina_max=20)
    gob = Creature(id="gob", side=brawl.DIRECTOR, pos=Pos(2, 1, 0), stamina=20, stamina_max=20)
    enc = Encounter.create(Terrain.flat(5, 5), [kira, gob], seed=3)
    enc = apply(enc, brawl.actions.StartCombat(first_side="heroes")).state
    return apply(enc, brawl.actions.StartTurn("kira")).state


def test_a_free_strikes_action_and_damage_are_stored_in_one_change() -> None:
    """DS-TURN-03, DS-ACT-21, DS-STRIKE-06: the main action is spent and the target damaged in
    the state the strike leaves; the events come in order, the action used first."""
    state = _kiras_turn()
    out = apply(state, TakeAction("main", FreeStrike("kira", "gob", dice=(6, 7))))
    t = out.state.turn
    assert isinstance(t, DrawSteelTurn)
    assert t.economy is not None
    assert t.economy.main == 1
    assert isinstance(out.events[0], ActionUsed)
    struck = next(e for e in out.events if isinstance(e, Struck))
    # 6 + 7 + Might 0 = 13: tier 2 (12 to 16), 5 damage (DS-STRIKE-06: 2 / 5 / 7)
    assert (struck.tier, struck.damage) == (2, 5)
    assert out.state.creature("gob").stamina == 15
    with pytest.raises(brawl.ActionUnavailableError) as refused:
        apply(out.state, TakeAction("main", FreeStrike("kira", "gob", dice=(5, 5))))
    assert "DS-TURN-03" in refused.value.rules or "DS-TURN-01" in refused.value.rules


def test_a_creature_stored_with_a_turn_is_the_turn_stored_then_the_creature() -> None:
    """DS-TURN-01: ``with_creature(c, turn=t)`` is ``with_turn_built(t).with_creature(c)``; a turn
    that is not a TurnState is refused as ``with_turn_built`` refuses it."""
    state = _kiras_turn()
    t = state.turn
    assert isinstance(t, DrawSteelTurn)
    spent = replaced(t, triggered_used=frozenset({"kira"}))
    hurt = replaced(state.creature("gob"), stamina=3)
    both = state.with_creature(hurt, turn=spent)
    assert both.turn is spent
    assert brawl.to_json(both) == brawl.to_json(state.with_turn_built(spent).with_creature(hurt))
    with pytest.raises(ArgumentTypeError):
        state.with_creature(hurt, turn="kira")  # type: ignore[arg-type]
