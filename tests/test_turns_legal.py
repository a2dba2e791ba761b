"""Each turn system lists its own legal requests; checks never run the rule; typed choices."""

from __future__ import annotations

import random

import pytest

import brawl
import brawl.initiative.hold
import brawl.initiative.verbs
import brawl.verbs
from brawl import Creature, Encounter, Terrain
from brawl.actions import (
    Action,
    AdvanceTo,
    EndRound,
    EndTurn,
    FreeStrike,
    StartCombat,
    StartTurn,
    TakeAction,
    UseAction,
)
from brawl.errors import ArgumentTypeError
from brawl.initiative.game import InitiativeGame, StartInitiativeCombat
from brawl.initiative.hold import UseHeldAction
from brawl.initiative.state import InitiativeTurn
from brawl.turns.drawsteel import DrawSteel
from brawl.zone.game import PassTurn, StartZoneCombat, Surrender, ZoneGame, ZoneTurn
from brawl.zone.reactions import React, ResumeFighting


def zone_fight() -> Encounter:
    cs = [
        Creature(id="ann", side="players", pos=(0, 0, 0)),
        Creature(id="bob", side="players", pos=(0, 1, 0)),
        Creature(id="orc", side="gm", pos=(5, 5, 0)),
    ]
    return Encounter.create(Terrain.flat(8, 8), cs, seed=11)


def initiative_fight() -> Encounter:
    cs = [
        Creature(id="ana", side="players", speed=5, pos=(0, 0, 0)),
        Creature(id="bo", side="players", speed=4, pos=(0, 2, 0)),
        Creature(id="orc", side="monsters", speed=6, pos=(6, 6, 0)),
    ]
    return Encounter.create(Terrain.flat(10, 10), cs, seed=12)


def draw_steel_fight() -> Encounter:
    cs = [
        Creature(id="kira", side="heroes", hero=True, stamina_max=30, pos=(0, 0, 0)),
        Creature(id="gob", side="director", pos=(6, 6, 0)),
    ]
    return Encounter.create(Terrain.flat(10, 10), cs, seed=13)


def drive(enc: Encounter, system: str, rounds: int, seed: int) -> tuple[Encounter, list[Action]]:
    """Play random legal actions until ``rounds`` rounds have passed; every one must apply."""
    pick = random.Random(seed)
    log: list[Action] = []
    for _ in range(500):
        if enc.round > rounds:
            break
        options = brawl.legal_actions(enc, system=system, max_moves=3)
        assert options, f"nothing legal in round {enc.round}"
        assert options == brawl.legal_actions(enc, system=system, max_moves=3)
        action = pick.choice(options)
        assert brawl.is_legal(enc, action)
        enc = brawl.apply(enc, action).state
        log.append(action)
    assert enc.round > rounds
    return enc, log


@pytest.mark.parametrize("seed", range(6))
def test_zone_game_legal_actions_all_apply_z_turn_02_04(seed: int) -> None:
    """Z-TURN-02, Z-TURN-04: turns, passes and round ends offered by the zone game all apply."""
    enc, log = drive(zone_fight(), "zone", 3, seed)
    assert isinstance(enc.turn, ZoneTurn)
    assert isinstance(log[0], StartZoneCombat)
    assert any(isinstance(a, PassTurn) for a in log)
    assert sum(isinstance(a, EndRound) for a in log) == 3
    assert brawl.replay(zone_fight(), log).state == enc


@pytest.mark.parametrize("seed", range(6))
def test_initiative_game_legal_actions_all_apply_i_init_02_04(seed: int) -> None:
    """I-INIT-02, I-INIT-04, I-TURN-01: the next turn, the three parts of a turn, round ends."""
    enc, log = drive(initiative_fight(), "initiative", 3, seed)
    assert isinstance(enc.turn, InitiativeTurn)
    assert isinstance(log[0], StartInitiativeCombat)
    assert sum(isinstance(a, StartTurn) for a in log) == 9
    assert brawl.replay(initiative_fight(), log).state == enc


def test_draw_steel_legal_actions_drive_rounds_ds_side_08_11() -> None:
    """DS-SIDE-08..11: the default system's offers, deeds included, all apply."""
    enc, log = drive(draw_steel_fight(), "drawsteel", 2, 3)
    assert isinstance(log[0], StartCombat)
    assert brawl.replay(draw_steel_fight(), log).state == enc


def test_zone_offers_in_order_z_turn_02_09() -> None:
    """Z-TURN-02, Z-TURN-09, Z-SURR-01: turns then surrenders then a pass; a turn's actions."""
    assert brawl.legal_actions(zone_fight(), system="zone") == [
        StartZoneCombat(initiative="gm"),
        StartZoneCombat(initiative="players"),
    ]
    enc, _ = brawl.start_combat(zone_fight(), system="zone", initiative="players")
    assert brawl.legal_actions(enc) == [
        StartTurn("ann"),
        StartTurn("bob"),
        Surrender("ann"),
        Surrender("bob"),
        PassTurn(),
    ]
    assert brawl.legal_actions(enc, creature="bob") == [StartTurn("bob"), Surrender("bob")]
    enc, _ = brawl.start_turn(enc, "ann")
    shot = TakeAction("main", FreeStrike("ann", "orc", ranged=True))  # Z-TURN-12: an attack
    assert brawl.legal_actions(enc) == [shot, UseAction("ann", "bonus"), UseAction("ann", "main"), EndTurn()]
    assert brawl.legal_actions(enc, creature="ann") == brawl.legal_actions(enc)
    enc, _ = brawl.use_action(enc, "ann", "main")
    assert brawl.legal_actions(enc) == [UseAction("ann", "bonus"), EndTurn()]
    assert brawl.legal_actions(enc, creature="bob") == []


def test_initiative_offers_held_action_once_triggered_i_hold_03() -> None:
    """I-HOLD-03: a held action is offered once its trigger is reported, out of sequence."""
    enc, _ = brawl.start_combat(initiative_fight(), system="initiative", rolls={"ana": 9, "bo": 5, "orc": 1})
    assert brawl.legal_actions(enc) == [StartTurn("ana")]
    enc, _ = brawl.start_turn(enc, "ana")
    enc, _ = brawl.initiative.verbs.hold_action(enc, "ana", action="shoot", trigger="the door opens")
    flow = [UseAction("ana", "fast", fast=True), UseAction("ana", "move"), EndTurn()]
    offered = brawl.legal_actions(enc)
    assert offered[-3:] == flow
    assert {type(a) for a in offered[:-3]} == {AdvanceTo}  # the Action is held: only moves
    assert len(offered) - 3 == len(brawl.actions.legal_moves(enc, "ana"))
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.verbs.report_trigger(enc, "the door opens")
    assert brawl.legal_actions(enc) == [StartTurn("bo"), UseHeldAction("ana")]


def test_draw_steel_start_offers_the_sides_present_ds_side_01() -> None:
    """DS-SIDE-01: the first side offered is one that exists; other side names get no offer."""
    assert brawl.legal_actions(draw_steel_fight()) == [
        StartCombat(first_side="heroes"),
        StartCombat(first_side="director"),
    ]
    lone = Encounter.create(Terrain.flat(5, 5), [Creature(id="kira", side="heroes", hero=True)])
    assert brawl.legal_actions(lone) == [StartCombat(first_side="heroes")]
    assert brawl.legal_actions(zone_fight()) == []
    assert brawl.legal_actions(zone_fight(), system="drawsteel-agility") == []


def test_legal_actions_refuses_a_negative_max_moves() -> None:
    """``max_moves`` is an explicit count: a negative one is refused; 0 lists no move (DS-ACT-01)."""
    enc, _ = brawl.start_combat(draw_steel_fight(), first_side="heroes")
    enc, _ = brawl.start_turn(enc, "kira")
    with pytest.raises(brawl.InvalidArgumentError, match="max_moves"):
        brawl.legal_actions(enc, max_moves=-1)
    with pytest.raises(ArgumentTypeError):
        brawl.legal_actions(enc, max_moves=1.5)  # type: ignore[arg-type]  # the wrong type on purpose
    assert not any(isinstance(a, brawl.actions.AdvanceTo) for a in brawl.legal_actions(enc, max_moves=0))
    assert sum(isinstance(a, brawl.actions.AdvanceTo) for a in brawl.legal_actions(enc, max_moves=4)) == 4


def test_is_legal_never_runs_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting combat draws dice from the RNG; asking whether it is legal calls no rule."""
    calls: list[str] = []

    def counting(name: str) -> object:
        def refuse(*args: object, **kwargs: object) -> None:
            calls.append(name)
            raise AssertionError(f"{name} ran")

        return refuse

    for cls in (DrawSteel, ZoneGame, InitiativeGame):
        monkeypatch.setattr(cls, "start", counting(f"{cls.__name__}.start"))
        monkeypatch.setattr(cls, "start_turn", counting(f"{cls.__name__}.start_turn"))
        monkeypatch.setattr(cls, "end_round", counting(f"{cls.__name__}.end_round"))
    enc = draw_steel_fight()
    rng = enc.rng
    assert brawl.is_legal(enc, StartCombat())
    assert brawl.is_legal(zone_fight(), StartZoneCombat())
    assert brawl.is_legal(initiative_fight(), StartInitiativeCombat())
    assert not brawl.is_legal(enc, StartCombat(first_side="goblins"))
    assert not brawl.is_legal(enc, EndRound())
    assert brawl.legal_actions(enc) == [StartCombat(first_side="heroes"), StartCombat(first_side="director")]
    assert enc.rng == rng
    assert calls == []


def test_can_start_turn_shares_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """DS-SIDE-08: can on a StartTurn asks the system's verify, never its start_turn."""
    enc, _ = brawl.start_combat(draw_steel_fight(), first_side="heroes")

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("start_turn ran")

    monkeypatch.setattr(DrawSteel, "start_turn", refuse)
    assert brawl.actions.can(enc, brawl.StartTurn("kira"))
    assert not brawl.actions.can(enc, brawl.StartTurn("gob"))
    assert brawl.is_legal(enc, StartTurn("kira"))
    assert not brawl.is_legal(enc, StartTurn("gob"))


def test_typed_choices_refuse_unknown_keywords() -> None:
    """Each system's choices are keyword parameters: an unknown one is a TypeError."""
    enc, _ = brawl.start_combat(draw_steel_fight(), first_side="heroes")
    with pytest.raises(TypeError):
        brawl.start_turn(enc, "kira", bogus=1)  # type: ignore[call-arg]  # no such option, on purpose
    with pytest.raises(TypeError):
        brawl.start_turn(enc, "kira", sprint=True)  # the zone game's, not Draw Steel's
    with pytest.raises(TypeError):
        brawl.end_turn(enc, opener="heroes")  # type: ignore[call-arg]  # end_round's, not end_turn's
    with pytest.raises(TypeError):
        brawl.start_combat(initiative_fight(), system="initiative", d10=3)  # Draw Steel's
    zone, _ = brawl.start_combat(zone_fight(), system="zone", initiative="gm")
    with pytest.raises(TypeError):
        brawl.end_round(zone, breathes_water=["orc"])


def test_requests_refuse_wrong_types_naming_the_field() -> None:
    """A request's fields are checked on construction: the error names the field."""
    with pytest.raises(ArgumentTypeError, match=r"StartTurn\.creature"):
        StartTurn(3)  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(ArgumentTypeError, match=r"UseAction\.slow"):
        UseAction("ana", "fast", slow="yes")  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(ArgumentTypeError):
        StartCombat(surprised="kira")
    with pytest.raises(ArgumentTypeError):
        EndTurn(saving_throws=(3.0,))  # type: ignore[arg-type]  # a float is no d10


def test_turn_requests_survive_json() -> None:
    """Every turn request, each system's own included, round-trips through JSON whole."""
    log: list[Action] = [
        StartCombat("drawsteel-agility", surprised=("gob",), first_side="heroes", d10=4),
        StartZoneCombat(initiative="gm", opener="players", speeds={"ann": 3}, fearless=("orc",)),
        StartInitiativeCombat(stats={"ana": 2}, rolls={"ana": 7}, tie_order=("ana",)),
        StartTurn("ann", together=("bob",), reserve=("bob",), sprint=True),
        EndTurn(saving_throws=(3, 9)),
        EndRound(opener="gm"),
        EndRound(suffocation_rolls={"kira": 4}, breathes_water=("gob",)),
        UseAction("ana", "hold", held="fast", action="shoot", trigger="door", fast=True),
        brawl.actions.EndCombat(keep={"kira": ["prone"]}, keep_temporary_stamina=("kira",)),
        PassTurn("gm"),
        Surrender("bob"),
        React("bob", attack="a1", aware=False),
        ResumeFighting("bob"),
        brawl.initiative.hold.HoldAction("ana", action="shoot", trigger="door", held="fast"),
        UseHeldAction("ana", trigger="door"),
        brawl.actions.ReportTrigger("door"),
    ]
    assert brawl.actions_from_json(brawl.actions_to_json(log)) == tuple(log)
    assert repr(StartTurn("kira")) == "StartTurn(creature='kira')"


def test_end_combat_request_keeps_what_it_names_ds_cond_15() -> None:
    """DS-COND-15: the EndCombat request carries the conditions a creature keeps."""
    enc, _ = brawl.start_combat(draw_steel_fight(), first_side="heroes")
    enc, _ = brawl.add_condition(enc, "kira", "prone")
    enc, _ = brawl.add_condition(enc, "gob", "prone")
    end = brawl.apply(enc, brawl.actions.EndCombat(keep={"kira": ["prone"]})).state
    assert end.turn is None
    assert end.creature("kira").has(brawl.ConditionName.PRONE)
    assert not end.creature("gob").has(brawl.ConditionName.PRONE)
    assert not brawl.is_legal(end, brawl.actions.EndCombat())
