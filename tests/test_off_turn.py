"""Off its own Draw Steel turn a creature acts only as the rules allow (DS-TURN-01, DS-TURN-05).

During Kira's turn the ogre's own-turn actions (a free strike as its main action, a move, a grab)
are refused naming the rule; what the rules allow off-turn (an opportunity attack, DS-STRIKE-03)
and what the table grants (``granted=True``) are accepted, and nothing of Kira's turn is spent.
Out of combat every call is accepted as before.
"""

from __future__ import annotations

import pytest

import brawl
from brawl.turns.economy import TurnEconomy
from test_economy_spent import economy, fighters, kiras_turn


def test_direct_free_strike_off_turn_is_refused_ds_turn_01() -> None:
    """DS-TURN-01, DS-STRIKE-01: a free strike is a main action taken on one's own turn."""
    enc = kiras_turn()
    with pytest.raises(brawl.TurnOrderError, match=r"DS-TURN-01") as refused:
        brawl.free_strike(enc, "ogre", "kira", dice=(3, 3))
    message = str(refused.value)
    assert "free_strike by ogre" in message
    assert "'kira'" in message
    assert "granted=True" in message
    assert refused.value.rules == ("DS-TURN-01",)
    assert not brawl.is_legal(enc, brawl.actions.FreeStrike("ogre", "kira", dice=(3, 3)))


def test_direct_move_off_turn_is_refused_ds_turn_01() -> None:
    """DS-TURN-01: the move action is the mover's own turn's."""
    enc = kiras_turn()
    with pytest.raises(brawl.TurnOrderError, match=r"move by ogre.*DS-TURN-01"):
        brawl.move(enc, "ogre", [(2, 0, 0), (3, 0, 0)])
    with pytest.raises(brawl.TurnOrderError, match=r"DS-TURN-01"):
        brawl.apply(enc, brawl.actions.Move("ogre", [(2, 0, 0)]))
    assert enc.creature("ogre").pos == brawl.Pos(1, 0, 0)


def test_direct_grab_off_turn_is_refused_ds_turn_01() -> None:
    """DS-TURN-01, DS-ACT-08: Grab is a maneuver, taken on one's own turn."""
    enc = kiras_turn()
    with pytest.raises(brawl.TurnOrderError, match=r"grab by ogre.*DS-TURN-01"):
        brawl.grab(enc, "ogre", "kira", dice=(9, 9))


def test_between_turns_own_turn_actions_are_refused_ds_turn_01() -> None:
    """DS-TURN-01: between two turns it is nobody's turn, so no one takes a main action."""
    enc, _ = brawl.start_combat(fighters(), d10=9)
    with pytest.raises(brawl.TurnOrderError, match=r"no creature is taking a turn"):
        brawl.free_strike(enc, "kira", "ogre", dice=(3, 3))


def test_granted_calls_off_turn_are_accepted_and_spend_nothing_ds_turn_01() -> None:
    """DS-TURN-01: what the table grants (granted=True) is no part of any turn's economy."""
    enc = kiras_turn()
    enc, _ = brawl.free_strike(enc, "ogre", "kira", dice=(3, 3), granted=True)
    assert enc.creature("kira").stamina == 30 - 2  # tier 1 (3 + 3 = 6): 2 damage + Might 0
    enc, _ = brawl.grab(enc, "ogre", "kira", dice=(9, 9), granted=True)
    assert enc.creature("kira").has(brawl.ConditionName.GRABBED)
    enc, _ = brawl.move(enc, "ogre", [(2, 0, 0)], granted=True)
    assert enc.creature("ogre").pos == brawl.Pos(2, 0, 0)
    assert economy(enc) == TurnEconomy()


def test_opportunity_attack_off_turn_still_works_ds_strike_03() -> None:
    """DS-STRIKE-03, DS-TURN-05: an opportunity attack is a free triggered action, taken off-turn."""
    enc, _ = brawl.move(kiras_turn(), "kira", [(0, 1, 0)])
    before = economy(enc)
    enc, _ = brawl.free_strike(enc, "ogre", "kira", dice=(3, 3), opportunity=True)
    assert enc.creature("kira").stamina == 30 - 2
    assert economy(enc) == before


def test_before_combat_direct_calls_are_accepted_ds_turn_01() -> None:
    """DS-TURN-01: the economy is a turn's; with no combat under way every call is accepted."""
    enc, _ = brawl.move(fighters(), "ogre", [(1, 1, 0)])
    enc, _ = brawl.free_strike(enc, "ogre", "kira", dice=(3, 3))
    enc, _ = brawl.free_strike(enc, "ogre", "kira", dice=(3, 3))
    enc, _ = brawl.grab(enc, "ogre", "kira", dice=(9, 9))
    assert enc.turn is None
    assert enc.creature("ogre").pos == brawl.Pos(1, 1, 0)
    assert enc.creature("kira").stamina == 30 - 2 - 2
    assert enc.creature("kira").has(brawl.ConditionName.GRABBED)
