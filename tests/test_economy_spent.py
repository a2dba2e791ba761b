"""Rule calls spend the Draw Steel turn of the creature that makes them (DS-TURN-01..03).

On its own turn a creature's ``brawl.move``, ``brawl.free_strike``, ``brawl.aid_attack``...
(and the same records through ``brawl.apply``) spend the move action and its movement, the main
action or the maneuver; granted calls and calls outside combat spend nothing; another
creature's own-turn calls are refused (tests/test_off_turn.py).
"""

from __future__ import annotations

import attrs
import pytest

import brawl
import brawl.turns.deeds
from brawl import Creature, Encounter, Terrain
from brawl.events.movement import OpportunityAttackProvoked
from brawl.turns.economy import TurnEconomy


def fighters() -> Encounter:
    """Kira (speed 5) at the west edge, an ogre adjacent to her east."""
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, speed=5, pos=(0, 0, 0))
    ogre = Creature(id="ogre", side="director", stamina_max=60, pos=(1, 0, 0))
    return Encounter.create(Terrain.flat(10, 10), [kira, ogre])


def kiras_turn() -> Encounter:
    enc, _ = brawl.start_combat(fighters(), d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


def economy(enc: Encounter) -> TurnEconomy:
    spent = getattr(enc.turn, "economy", None)
    assert isinstance(spent, TurnEconomy)
    return spent


def line(x0: int, x1: int, y: int = 0) -> list[tuple[int, int, int]]:
    step = 1 if x1 > x0 else -1
    return [(x, y, 0) for x in range(x0 + step, x1 + step, step)]


def test_moves_spend_the_move_action_then_what_is_left_ds_turn_01_02() -> None:
    """DS-TURN-01, DS-TURN-02: the first move takes the move action; later moves spend the rest."""
    enc = kiras_turn()
    enc, _ = brawl.free_strike(enc, "kira", "ogre", dice=(3, 3))  # the main action, so no conversion
    enc, _ = brawl.move(enc, "kira", [(0, 1, 0), (0, 2, 0)])
    assert (economy(enc).moves, economy(enc).movement_left) == (1, 3)
    enc, _ = brawl.move(enc, "kira", [(0, 3, 0), (0, 4, 0)])
    assert economy(enc).movement_left == 1
    enc, _ = brawl.move(enc, "kira", [(0, 5, 0)])
    assert (economy(enc).moves, economy(enc).movement_left) == (1, 0)
    assert enc.creature("kira").pos == brawl.Pos(0, 5, 0)
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-03") as refused:
        brawl.move(enc, "kira", [(0, 6, 0)])
    assert "move" in str(refused.value)


def test_a_path_longer_than_the_movement_left_is_refused_ds_turn_02() -> None:
    """DS-TURN-02: the movement of the move action never grows by splitting it."""
    enc, _ = brawl.move(kiras_turn(), "kira", [(0, 1, 0), (0, 2, 0), (0, 3, 0)])
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-02"):
        brawl.move(enc, "kira", [(0, 4, 0), (0, 5, 0), (0, 6, 0)])


def test_the_same_record_through_apply_spends_too_ds_turn_02() -> None:
    """DS-TURN-02: ``brawl.apply(Move(...))`` spends exactly as ``brawl.move``."""
    by_call, _ = brawl.move(kiras_turn(), "kira", [(0, 1, 0), (0, 2, 0)])
    by_record, _ = brawl.apply(kiras_turn(), brawl.actions.Move("kira", [(0, 1, 0), (0, 2, 0)]))
    assert economy(by_call) == economy(by_record) == TurnEconomy(moves=1, movement_left=3)
    enc, _ = brawl.apply(kiras_turn(), brawl.actions.FreeStrike("kira", "ogre", dice=(3, 3)))
    assert not brawl.is_legal(enc, brawl.actions.FreeStrike("kira", "ogre", dice=(3, 3)))


def test_a_second_free_strike_is_refused_ds_turn_01() -> None:
    """DS-TURN-01: one main action a turn; the second free strike finds it spent."""
    enc, _ = brawl.free_strike(kiras_turn(), "kira", "ogre", dice=(3, 3))
    assert economy(enc).main == 1
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-01") as refused:
        brawl.free_strike(enc, "kira", "ogre", dice=(3, 3))
    assert "free_strike" in str(refused.value)


def test_a_second_maneuver_is_refused_once_the_main_action_is_spent_ds_turn_01_03() -> None:
    """DS-TURN-01, DS-TURN-03: one maneuver; a second one needs the main action, already spent."""
    enc, _ = brawl.free_strike(kiras_turn(), "kira", "ogre", dice=(3, 3))
    enc, _ = brawl.aid_attack(enc, "kira", "ogre")
    assert economy(enc).maneuvers == 1
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-03"):
        brawl.aid_attack(enc, "kira", "ogre")


def test_a_second_maneuver_converts_the_main_action_ds_turn_03() -> None:
    """DS-TURN-03: with the main action unspent a second maneuver uses it; no free strike after."""
    enc, _ = brawl.aid_attack(kiras_turn(), "kira", "ogre")
    enc, _ = brawl.aid_attack(enc, "kira", "ogre")
    assert economy(enc).maneuvers == 2
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-03"):
        brawl.free_strike(enc, "kira", "ogre", dice=(3, 3))


def test_granted_movement_and_strikes_spend_nothing_ds_turn_01() -> None:
    """DS-TURN-01, DS-STRIKE-02: what an effect grants is no part of the turn's economy."""
    enc = kiras_turn()
    enc, _ = brawl.shift(enc, "kira", [(0, 1, 0)], squares=1, granted=True)
    enc, _ = brawl.move(enc, "kira", [(1, 1, 0)], granted=True)
    enc, _ = brawl.apply(enc, brawl.actions.Move("kira", [(2, 1, 0)], granted=True))
    enc, _ = brawl.free_strike(enc, "kira", "ogre", dice=(3, 3), granted=True)
    enc, _ = brawl.free_strike(enc, "kira", "ogre", dice=(3, 3), granted=True)
    assert economy(enc) == TurnEconomy()


def test_outside_combat_nothing_is_spent_ds_turn_01() -> None:
    """DS-TURN-01: the economy is a turn's; out of combat the same calls all succeed."""
    enc = fighters()
    for _ in range(2):
        enc, _ = brawl.free_strike(enc, "kira", "ogre", dice=(3, 3))
        enc, _ = brawl.aid_attack(enc, "kira", "ogre")
    for path in ([(0, 1, 0), (0, 2, 0)], [(0, 3, 0), (0, 4, 0)], [(0, 5, 0), (0, 6, 0)], [(0, 7, 0)]):
        enc, _ = brawl.move(enc, "kira", path)
    assert enc.turn is None
    assert enc.creature("kira").pos == brawl.Pos(0, 7, 0)


def test_another_creatures_opportunity_attack_spends_nothing_of_the_turn_ds_turn_05() -> None:
    """DS-TURN-05, DS-STRIKE-03: the ogre's opportunity attack on Kira's turn leaves her economy be."""
    enc, _ = brawl.move(kiras_turn(), "kira", [(0, 1, 0)])
    before = economy(enc)
    enc, _ = brawl.free_strike(enc, "ogre", "kira", dice=(3, 3), opportunity=True)
    enc, _ = brawl.free_strike(enc, "ogre", "kira", dice=(3, 3), granted=True)  # the table grants it
    assert economy(enc) == before
    with pytest.raises(brawl.TurnOrderError, match="DS-TURN-01"):  # not its turn (R-TURN-11)
        brawl.free_strike(enc, "ogre", "kira", dice=(3, 3))


def test_take_action_and_advance_spend_once_ds_turn_01_02() -> None:
    """DS-TURN-01, DS-TURN-02: the turn deeds spend their part; their inner request spends no more."""
    enc, _ = brawl.apply(
        kiras_turn(), brawl.actions.TakeAction("main", brawl.actions.FreeStrike("kira", "ogre"))
    )
    enc, _ = brawl.apply(enc, brawl.actions.AdvanceTo("kira", (0, 2, 0)))
    assert economy(enc) == TurnEconomy(main=1, moves=1, movement_left=3)


def test_disengage_takes_the_move_action_and_its_movement_ds_turn_01() -> None:
    """DS-TURN-01, DS-ACT-02: Disengage is the move action; nothing of its movement is left after."""
    enc, _ = brawl.disengage(kiras_turn(), "kira", [(0, 1, 0)])
    assert (economy(enc).moves, economy(enc).movement_left) == (1, 0)


def test_a_jump_spends_movement_ds_turn_02() -> None:
    """DS-TURN-02, DS-MTYPE-18: a jump is part of a move: its cost comes from the movement left."""
    enc, _ = brawl.jump(kiras_turn(), "kira", (0, 1, 0))
    assert (economy(enc).moves, economy(enc).movement_left) == (1, 4)
    enc, _ = brawl.jump(enc, "kira", (0, 2, 0), granted=True)
    assert (economy(enc).moves, economy(enc).movement_left) == (1, 4)


def test_a_paused_move_spends_only_the_squares_walked_ds_turn_02() -> None:
    """DS-TURN-02, DS-STRIKE-03: a move paused for an opportunity attack spends what it walked;
    its continuation spends the rest, so the whole path costs what it costs once."""
    enc = kiras_turn()
    enc, events = brawl.move(enc, "kira", [(0, 1, 0), (0, 2, 0), (0, 3, 0)], stop_at_provocation=True)
    assert enc.creature("kira").pos == brawl.Pos(0, 1, 0)
    assert economy(enc).movement_left == 4
    rest = next(e for e in events if isinstance(e, OpportunityAttackProvoked)).remaining
    enc, _ = brawl.move(enc, "kira", rest, resolved=("ogre",))
    assert enc.creature("kira").pos == brawl.Pos(0, 3, 0)
    assert (economy(enc).moves, economy(enc).movement_left) == (1, 2)


def test_dropping_prone_and_standing_are_free_maneuvers_ds_turn_09() -> None:
    """DS-TURN-09, DS-MTYPE-23: dropping prone and standing from it are free maneuvers; no
    maneuver is spent, and a knocked-down creature's Stand Up is its maneuver (DS-ACT-15)."""
    enc, _ = brawl.fall_prone(kiras_turn(), "kira")
    enc, _ = brawl.stand_up(enc, "kira")
    assert (economy(enc).maneuvers, economy(enc).free_maneuvers) == (0, 2)
    enc, _ = brawl.add_condition(enc, "kira", "prone")
    enc, _ = brawl.stand_up(enc, "kira")
    assert (economy(enc).maneuvers, economy(enc).free_maneuvers) == (1, 2)


def test_every_costed_request_can_be_granted_r_turn_8() -> None:
    """R-TURN-8: each request that spends a part of the turn has ``granted``, for what an effect gives."""
    costed = brawl.turns.deeds.costed_requests()
    missing = sorted(n for n, k in costed.items() if "granted" not in attrs.fields_dict(k))
    assert len(costed) >= 18
    assert missing == []


def test_a_granted_maneuver_after_the_turns_maneuver_spends_nothing_r_turn_8() -> None:
    """DS-TURN-01, DS-TURN-03, R-TURN-8: main action and maneuver spent; a granted Knockback still goes."""
    enc = kiras_turn()
    enc, _ = brawl.free_strike(enc, "kira", "ogre", dice=(3, 3))
    enc, _ = brawl.aid_attack(enc, "kira", "ogre")
    assert economy(enc).maneuvers == 1
    with pytest.raises(brawl.ActionUnavailableError):
        brawl.knockback(enc, "kira", "ogre", dice=(9, 9))
    out, events = brawl.knockback(enc, "kira", "ogre", dice=(9, 9), granted=True)
    assert economy(out) == economy(enc)
    assert out.creature("ogre").pos != enc.creature("ogre").pos
    assert any(type(e).__name__ == "ForceMoved" for e in events)
