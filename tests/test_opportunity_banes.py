"""Opportunity attacks see every edge and bane of the strike they would be (DS-STRIKE-03, DS-STRIKE-04)."""

from __future__ import annotations

import pytest

import brawl
import brawl.actions
from brawl import ActionUnavailableError, Creature, Encounter, Pos, Terrain
from brawl.events.movement import OpportunityAttackForgone, OpportunityAttackProvoked
from brawl.rules.strikes import opportunity_roll


def field(*creatures: Creature, terrain: Terrain | None = None) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(10, 10), list(creatures))


def kira(**kw: object) -> Creature:
    return Creature(id="kira", side="heroes", pos=(2, 2, 0), stamina_max=20, **kw)  # type: ignore[arg-type]


def gob(**kw: object) -> Creature:
    return Creature(id="gob", pos=(3, 2, 0), stamina_max=10, **kw)  # type: ignore[arg-type]


def forgone(events: tuple[brawl.Event, ...]) -> list[OpportunityAttackForgone]:
    return [e for e in events if isinstance(e, OpportunityAttackForgone)]


def test_a_defending_mover_provokes_no_opportunity_attack() -> None:
    """DS-STRIKE-04, DS-ACT-19: Defend gives ability rolls against Kira a double bane (net -2), so
    the goblin she walks away from can't make the opportunity attack; the event names Defend."""
    enc = field(kira(), gob())
    assert brawl.can(enc, brawl.actions.OpportunityAttack("gob", "kira"))
    moved = brawl.move(enc, "kira", [(1, 2, 0), (0, 2, 0)])
    assert [e.enemy for e in moved.events if isinstance(e, OpportunityAttackProvoked)] == ["gob"]

    defending = brawl.defend(enc, "kira").state
    assert opportunity_roll(defending, "gob", "kira").net == -2
    assert not brawl.can(defending, brawl.actions.OpportunityAttack("gob", "kira"))
    with pytest.raises(ActionUnavailableError, match="DS-STRIKE-04") as err:
        brawl.verify(defending, brawl.actions.OpportunityAttack("gob", "kira"))
    assert "defending" in str(err.value)
    out = brawl.move(defending, "kira", [(1, 2, 0), (0, 2, 0)])
    assert not [e for e in out.events if isinstance(e, OpportunityAttackProvoked)]
    (why,) = forgone(out.events)
    assert why.enemy == "gob"
    assert "double bane" in why.reason
    assert "DS-ACT-19" in why.reason
    assert out.state.creature("kira").pos == Pos(0, 2, 0)
