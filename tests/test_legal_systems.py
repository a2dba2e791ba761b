"""The zone and initiative games offer their own turn's deeds; every offered action applies."""

from __future__ import annotations

import random

import pytest

import brawl
import brawl.initiative.move
from brawl import Creature, Encounter, Terrain
from brawl.actions import Action, Advance, AdvanceTo, Disengage, FreeStrike, TakeAction


def fight() -> Encounter:
    cs = [
        Creature(id="ana", side="players", stamina_max=40, speed=5, pos=(2, 2, 0)),
        Creature(id="bo", side="players", stamina_max=40, speed=4, pos=(0, 5, 0)),
        Creature(id="orc", side="monsters", stamina_max=40, speed=5, pos=(3, 3, 0)),
    ]
    return Encounter.create(Terrain.flat(8, 8), cs, seed=7)


def drive(system: str, seed: int, rounds: int = 3) -> list[Action]:
    """Play from legal_actions alone; apply every offered action at each step."""
    enc = fight()
    pick = random.Random(seed)
    log: list[Action] = []
    for _ in range(400):
        if enc.round > rounds:
            break
        options = brawl.legal_actions(enc, system=system)
        assert options
        for a in options:
            brawl.apply(enc, a)  # raises if an offered action is refused
        action = pick.choice(options)
        enc = brawl.apply(enc, action).state
        log.append(action)
    assert enc.round > rounds
    return log


@pytest.mark.parametrize("seed", [1, 2])
def test_initiative_game_driven_by_legal_actions_i_turn_01_04(seed: int) -> None:
    """I-TURN-01..05, I-DIS-01: moves, strikes and the turn flow all come from legal_actions."""
    log = drive("initiative", seed)
    inner = {type(a.action).__name__ for a in log if isinstance(a, TakeAction)}
    assert {type(a) for a in log} & {Advance, AdvanceTo}
    assert inner


@pytest.mark.parametrize("seed", [1, 2])
def test_zone_game_driven_by_legal_actions_z_turn_09_12(seed: int) -> None:
    """Z-TURN-02..12: turns, passes, surrenders and attacks as main actions come from legal_actions."""
    log = drive("zone", seed)
    assert any(isinstance(a, TakeAction) and isinstance(a.action, FreeStrike) for a in log)


def test_initiative_strafing_and_disengage_i_dis_01_02() -> None:
    """I-DIS-01, I-DIS-02, R-I-4, R-I-5: next to an enemy, single steps staying adjacent; Disengage
    (a shift of 1) takes the Action."""
    enc, _ = brawl.start_combat(fight(), system="initiative", rolls={"ana": 9, "bo": 5, "orc": 1})
    enc, _ = brawl.start_turn(enc, "ana")
    offered = brawl.legal_actions(enc)
    steps = [a for a in offered if isinstance(a, Advance)]
    assert steps
    assert not any(isinstance(a, AdvanceTo) for a in offered)
    orc = enc.creature("orc")
    for a in steps:
        assert brawl.distance(a.destination, 1, orc.pos, orc.n) == 1
        assert brawl.actions.can(enc, brawl.initiative.move.InitiativeMove("ana", a.path))
    assert TakeAction("action", Disengage("ana", ((1, 1, 0),))) in offered
    assert TakeAction("action", FreeStrike("ana", "orc")) in offered
    assert brawl.legal_actions(enc, creature="orc") == []
