"""The verbs derived from request records: one declaration of a rule's inputs (brawl.actions.verb)."""

from __future__ import annotations

import inspect

import pytest

import brawl
from brawl.actions import can, verb, verify
from brawl.rules.movement import Move

MOVE = verb(Move)


def _duel() -> brawl.Encounter:
    kira = brawl.Creature(id="kira", side="heroes", hero=True, pos=(1, 1, 0), speed=5)
    gob = brawl.Creature(id="gob", side="director", pos=(6, 6, 0))
    return brawl.Encounter.create(brawl.Terrain.flat(8, 8), [kira, gob])


def test_a_verb_takes_the_records_fields_after_the_state() -> None:
    """The signature is the record's, read from it: nothing is written twice."""
    params = list(inspect.signature(MOVE).parameters)
    assert params[0] == "state"
    assert params[1:] == [f.name for f in Move.__attrs_attrs__]
    assert MOVE.__name__ == "move"
    assert MOVE.__doc__ == Move.__doc__


def test_a_verb_is_apply_of_its_record_R_MOVE_1() -> None:
    """R-MOVE-1: the verb's outcome is apply's, with the same events and the same state."""
    enc = _duel()
    path = [(2, 1, 0), (3, 1, 0)]
    by_verb = MOVE(enc, "kira", path)
    by_apply = brawl.apply(enc, Move("kira", path))
    assert by_verb.state.creature("kira").pos == (3, 1, 0)
    assert by_verb.events == by_apply.events
    assert by_verb.state.creature("kira") == by_apply.state.creature("kira")
    assert enc.creature("kira").pos == (1, 1, 0)  # the old state is untouched


def test_a_call_of_the_wrong_shape_names_the_verb() -> None:
    enc = _duel()
    with pytest.raises(brawl.ArgumentTypeError, match=r"move\(mood="):
        MOVE(enc, "kira", [(2, 1, 0)], mood="calm")  # type: ignore[call-arg]
    with pytest.raises(brawl.ArgumentTypeError, match="'path' is missing"):
        MOVE(enc, "kira")  # type: ignore[call-arg]
    with pytest.raises(brawl.ArgumentTypeError, match=r"move\(state="):
        MOVE("not a state", "kira", [(2, 1, 0)])  # type: ignore[arg-type]
    with pytest.raises(brawl.ArgumentTypeError):
        MOVE(enc, 5, [(2, 1, 0)])  # type: ignore[arg-type]  # the record checks its fields' types


def test_can_and_verify_read_the_records_own_checks_DS_MOVE_07() -> None:
    """DS-MOVE-07: 6 squares are more than a speed of 5; verify raises, can says False."""
    enc = _duel()
    far = Move("kira", [(x, 1, 0) for x in range(2, 8)])
    near = Move("kira", [(2, 1, 0)])
    assert can(enc, near) is True
    assert can(enc, far) is False
    with pytest.raises(brawl.IllegalMoveError, match="more than its 5 movement"):
        verify(enc, far)
    with pytest.raises(brawl.ArgumentTypeError):
        verify(enc, "move")  # type: ignore[arg-type]
