"""Rule calls spend the turn of the initiative game and of the zone game too (R-TURN-9).

In the initiative game a main action, a maneuver or a Disengage takes the Action, a move the
Move's spaces (I-TURN-01..04, I-DIS-01); in the zone game a main action takes a main action and
a maneuver a bonus action (Z-TURN-09). Granted calls and other characters' calls spend nothing.
"""

from __future__ import annotations

import pytest

import brawl
from brawl import Creature, Encounter, Terrain
from brawl.initiative.state import InitiativeTurn
from brawl.zone.game import ZoneTurn


def initiative_fight() -> Encounter:
    """Bo (speed 4) acts first; the orc stands next to him, east."""
    cs = [
        Creature(id="bo", side="players", speed=4, stamina_max=20, pos=(1, 0, 0)),
        Creature(id="orc", side="monsters", speed=6, stamina_max=20, pos=(2, 0, 0)),
    ]
    enc, _ = brawl.start_combat(
        Encounter.create(Terrain.flat(10, 10), cs),
        system="initiative",
        stats={"bo": 1, "orc": 0},
        rolls={"bo": 9, "orc": 2},
    )
    enc, _ = brawl.start_turn(enc, "bo")
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


def initiative_economy(enc: Encounter) -> tuple[bool, bool, int]:
    t = enc.turn
    assert isinstance(t, InitiativeTurn)
    assert t.economy is not None
    return t.economy.action, t.economy.move, t.economy.movement_left


def test_a_free_strike_takes_the_action_i_turn_01_02_r_turn_9() -> None:
    """I-TURN-01, I-TURN-02: the strike uses bo's Action; a second attack is refused."""
    enc = initiative_fight()
    assert initiative_economy(enc) == (False, False, 0)
    enc, _ = brawl.free_strike(enc, "bo", "orc", dice=(3, 3))
    assert initiative_economy(enc) == (True, False, 0)
    with pytest.raises(brawl.ActionUnavailableError, match="I-TURN"):
        brawl.grab(enc, "bo", "orc", dice=(9, 9))
    # granted: spends nothing, so it is allowed
    out, _ = brawl.grab(enc, "bo", "orc", dice=(9, 9), granted=True)
    assert out.creature("orc").has("grabbed")


def test_a_move_spends_the_moves_spaces_i_turn_04_05_r_turn_9() -> None:
    """I-TURN-04, I-TURN-05: a 3-space move leaves 1 of bo's 4; a 2-space move is then refused."""
    enc = initiative_fight()
    enc, _ = brawl.disengage(enc, "bo", [(0, 0, 0)])  # the Action, away from the orc (I-DIS-01)
    assert initiative_economy(enc) == (True, False, 0)
    assert enc.creature("bo").pos == brawl.Pos(0, 0, 0)
    enc, _ = brawl.move(enc, "bo", [(0, 1, 0), (0, 2, 0), (0, 3, 0)])
    assert initiative_economy(enc) == (True, True, 1)
    with pytest.raises(brawl.ActionUnavailableError, match="1 movement is left"):
        brawl.move(enc, "bo", [(0, 4, 0), (0, 5, 0)])
    enc, _ = brawl.move(enc, "bo", [(0, 4, 0)])
    assert initiative_economy(enc) == (True, True, 0)
    assert enc.creature("bo").pos == brawl.Pos(0, 4, 0)


def test_another_characters_call_spends_nothing_r_turn_9() -> None:
    """R-TURN-9: only the character whose turn it is spends; the orc's free strike is its own."""
    enc = initiative_fight()
    out, _ = brawl.free_strike(enc, "orc", "bo", dice=(3, 3))
    assert initiative_economy(out) == (False, False, 0)


def zone_fight() -> Encounter:
    cs = [
        Creature(id="sybilla", side="players", stamina_max=12, pos=(0, 0, 0)),
        Creature(id="bandit", side="gm", stamina_max=12, pos=(1, 0, 0)),
    ]
    enc = Encounter.create(Terrain.flat(10, 10), cs)
    enc, _ = brawl.start_combat(enc, system="zone", initiative="players")
    enc, _ = brawl.start_turn(enc, "sybilla")
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


def zone_economy(enc: Encounter, who: str) -> tuple[int, int]:
    t = enc.turn
    assert isinstance(t, ZoneTurn)
    eco = t.economies[who]
    return eco.main, eco.bonus


def test_zone_strike_takes_the_main_action_maneuver_a_bonus_z_turn_09_r_turn_9() -> None:
    """Z-TURN-09: a bonus action and a main action; a second main action is refused."""
    enc = zone_fight()
    enc, _ = brawl.free_strike(enc, "sybilla", "bandit", dice=(3, 3))
    assert zone_economy(enc, "sybilla") == (1, 0)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.free_strike(enc, "sybilla", "bandit", dice=(3, 3))
    enc, _ = brawl.aid_attack(enc, "sybilla", "bandit")
    assert zone_economy(enc, "sybilla") == (1, 1)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.aid_attack(enc, "sybilla", "bandit")


def test_outside_combat_nothing_is_spent_r_turn_9() -> None:
    """R-TURN-9: with no turn running the engine is a calculator; four moves all succeed."""
    c = Creature(id="bo", speed=4, pos=(0, 0, 0))
    enc = Encounter.create(Terrain.flat(10, 10), [c])
    for y in range(1, 5):
        enc, _ = brawl.move(enc, "bo", [(0, y, 0)])
    assert enc.creature("bo").pos == brawl.Pos(0, 4, 0)
    assert enc.turn is None
