"""The turn verbs derived from their records: each choice of every system declared once, on the record."""

from __future__ import annotations

import inspect
import json

import attrs
import pytest

import brawl
import brawl.actions
import brawl.turns
import brawl.verbs
import brawl.zone.turnstate
from brawl.events.dice import SavingThrowMade
from brawl.initiative.game import InitiativeGame
from brawl.turns.deeds import rule_name
from brawl.turns.drawsteel import DrawSteel
from brawl.zone.game import ZoneGame

VERBS = [
    (brawl.start_combat, brawl.StartCombat),
    (brawl.start_turn, brawl.StartTurn),
    (brawl.end_turn, brawl.EndTurn),
    (brawl.end_round, brawl.EndRound),
    (brawl.use_action, brawl.UseAction),
    (brawl.end_combat, brawl.EndCombat),
    (brawl.verbs.report_trigger, brawl.actions.ReportTrigger),
]


def _duel() -> brawl.Encounter:
    kira = brawl.Creature(id="kira", side="heroes", hero=True, pos=(1, 1, 0))
    gob = brawl.Creature(id="gob", side="director", pos=(5, 5, 0))
    return brawl.Encounter.create(brawl.Terrain.flat(8, 8), [kira, gob])


@pytest.mark.parametrize(("verb", "record"), VERBS, ids=[r.__name__ for _, r in VERBS])
def test_each_turn_verb_applies_its_record_and_takes_its_fields(verb: object, record: type) -> None:
    """The verb's parameters are the record's fields after the state, in order: declared once."""
    assert getattr(verb, "request", None) is record
    assert getattr(verb, "__name__", None) == rule_name(record)
    params = list(inspect.signature(verb).parameters)  # type: ignore[arg-type]  # a verb is callable
    assert params == ["state", *(f.name for f in attrs.fields(record))]


def test_the_hand_written_checks_of_the_turn_verbs_are_gone() -> None:
    """``brawl.can``/``brawl.verify`` on a record replace them (DS-SIDE-08, DS-TURN-01)."""
    for name in ("can_start_turn", "verify_start_turn", "can_use_action", "verify_action"):
        assert not hasattr(brawl, name)
        assert not hasattr(brawl.turns, name)
    enc, _ = brawl.start_combat(_duel(), first_side="heroes")
    assert brawl.actions.can(enc, brawl.StartTurn("kira")) is True
    assert brawl.actions.can(enc, brawl.StartTurn("gob")) is False
    with pytest.raises(brawl.TurnOrderError, match=r"no creature is taking a turn.*DS-TURN-01"):
        brawl.actions.verify(enc, brawl.UseAction("kira", "main"))


@pytest.mark.parametrize("system", [DrawSteel(), ZoneGame(), InitiativeGame()], ids=lambda s: s.name)
def test_start_combat_declares_the_start_choices_of_every_system(system: object) -> None:
    """Each system's start takes keyword-only choices: every one is a field of StartCombat."""
    start = inspect.signature(system.start)  # type: ignore[attr-defined]  # each system has one
    choices = {p.name for p in start.parameters.values() if p.kind is p.KEYWORD_ONLY}
    assert choices
    assert choices <= {f.name for f in attrs.fields(brawl.StartCombat)}


def test_the_zone_games_start_by_record_is_the_verbs_and_survives_json_Z_TURN_06() -> None:
    """Z-TURN-06, Z-TURN-07: the holder of the initiative ("heroes") picks the opener
    ("director"); the record (saved and read back) and the verb start the same fight."""
    enc = _duel()
    record = brawl.StartCombat(system="zone", initiative="heroes", opener="director", fearless=["gob"])
    (loaded,) = brawl.actions_from_json(brawl.actions_to_json([record]))
    assert loaded == record
    by_record = brawl.apply(enc, loaded)
    by_verb = brawl.start_combat(enc, system="zone", initiative="heroes", opener="director", fearless=["gob"])
    assert by_record.events == by_verb.events
    assert isinstance(by_verb.state.turn, brawl.zone.turnstate.ZoneTurn)
    assert by_verb.state.turn.initiative == "heroes"
    assert by_verb.state.turn.to_go == "director"
    assert by_verb.state.turn.fearless == {"gob"}


def test_a_system_object_is_kept_by_its_registered_name_DS_SIDE_14() -> None:
    """DS-SIDE-14: ``DrawSteel(agility_order=True)`` is the system named "drawsteel-agility"."""
    record = brawl.StartCombat(system=DrawSteel(agility_order=True), d10=3)
    assert record.system == "drawsteel-agility"
    state, _ = brawl.apply(_duel(), record)
    assert isinstance(state.turn, brawl.turns.DrawSteelTurn)
    assert state.turn.ranking is not None
    with pytest.raises(brawl.ArgumentTypeError, match="system 5"):
        brawl.StartCombat(system=5)  # type: ignore[arg-type]  # the wrong type on purpose


def test_options_of_another_game_are_refused_by_the_record_naming_it_Z_TURN_06() -> None:
    """``initiative`` is the zone game's (Z-TURN-07), ``stats`` the initiative game's (I-INIT-01)."""
    with pytest.raises(
        brawl.ArgumentTypeError, match="the drawsteel turn system takes no option 'initiative'"
    ):
        brawl.apply(_duel(), brawl.StartCombat(initiative="heroes"))
    with pytest.raises(brawl.ArgumentTypeError, match="the zone turn system takes no option 'stats'"):
        brawl.actions.verify(_duel(), brawl.StartCombat(system="zone", stats={"kira": 1}))


def _in_turn_with(*durations: str) -> brawl.Encounter:
    """Kira on her turn with a condition of each duration, in order."""
    enc, _ = brawl.start_combat(_duel(), first_side="heroes")
    for name, duration in zip(("slowed", "weakened", "dazed"), durations, strict=False):
        enc, _ = brawl.add_condition(enc, "kira", name, duration)
    started: brawl.Encounter = brawl.start_turn(enc, "kira").state
    return started


def test_end_turn_takes_a_saving_throw_for_one_condition_by_its_index_RB2_SAVE() -> None:
    """RB2-SAVE: slowed (EoT) is condition 0, weakened (save ends) condition 1; the caller's 6 for
    condition 1 ends it (6 or higher), by verb and by record alike."""
    enc = _in_turn_with("eot", "save_ends")
    record = brawl.EndTurn(saving_throws={1: 6})
    assert record.saving_throws == (None, 6)
    for out in (brawl.end_turn(enc, saving_throws={1: 6}), brawl.apply(enc, record)):
        saves = [e for e in out.events if isinstance(e, SavingThrowMade)]
        assert [(s.roll, s.success) for s in saves] == [(6, True)]
        assert out.state.creature("kira").conditions == ()


def test_saving_throws_by_index_survive_json_and_old_logs_load_RB2_SAVE() -> None:
    """RB2-SAVE: a die left to the RNG is saved as null; a log of the d10s in order still loads."""
    text = brawl.actions_to_json([brawl.EndTurn(saving_throws={1: 6})])
    assert json.loads(text)["actions"][0]["saving_throws"] == [None, 6]
    assert brawl.actions_from_json(text) == (brawl.EndTurn(saving_throws=(None, 6)),)
    old = '{"schema": 1, "actions": [{"class": "EndTurn", "saving_throws": [5]}]}'
    assert brawl.actions_from_json(old) == (brawl.EndTurn(saving_throws={0: 5}),)


def test_a_saving_throw_is_a_d10_RB2_SAVE() -> None:
    """RB2-SAVE: a saving throw is a d10: 11 is refused by the record's checks, 10 is not."""
    enc = _in_turn_with("save_ends")
    assert brawl.actions.can(enc, brawl.EndTurn(saving_throws=[10])) is True
    with pytest.raises(brawl.InvalidArgumentError, match=r"from 1 to 10.*RB2-SAVE"):
        brawl.actions.verify(enc, brawl.EndTurn(saving_throws=[11]))
    with pytest.raises(brawl.InvalidArgumentError, match="RB2-SAVE"):
        brawl.EndTurn(saving_throws={-1: 5})
