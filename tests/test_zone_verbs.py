"""The zone game's rule calls are derived from its request records (brawl.actions.verb).

One declaration per rule: the record's fields are the verb's parameters, its docstring the
verb's, its ``verify`` the rule's checks (read by :func:`brawl.actions.can` and
:func:`brawl.actions.verify`), its ``resolve`` the rule. No ``can_zone_*``/``verify_zone_*``.
"""

from __future__ import annotations

import inspect

import attrs
import pytest

import brawl
import brawl.zone.attack
import brawl.zone.model
import brawl.zone.move
import brawl.zone.verbs
import brawl.zone.verbs as zone_verbs
from brawl.actions import can, verify
from brawl.zone.space import world_of
from test_zone_helpers import build, start, turn

VERBS = sorted(zone_verbs.__all__)


@pytest.mark.parametrize("name", VERBS)
def test_each_zone_verb_is_derived_from_its_record(name: str) -> None:
    fn = getattr(zone_verbs, name)
    record = fn.request
    assert not hasattr(brawl, name)  # the game's verbs live in its package
    assert fn.__doc__ == record.__doc__
    assert list(inspect.signature(fn).parameters) == ["state", *(f.name for f in attrs.fields(record))]
    assert record.__module__.startswith("brawl.zone.")  # the record lives in the game's package


def test_no_hand_written_can_or_verify_of_a_zone_rule_is_left() -> None:
    left = [n for n in dir(brawl) if n.startswith(("can_zone_", "verify_zone_"))]
    left += [n for n in ("verify_react", "verify_resume_fighting", "verify_surrender") if hasattr(brawl, n)]
    assert left == []


def duel() -> brawl.Encounter:
    chars = [
        ("x", "red", "a", {"weapons": [brawl.zone.model.Weapon("sword", die=6)], "health_max": 10}),
        ("y", "blue", "a", {"health_max": 10, "agility": 1}),
    ]
    return turn(start(build(chars), "red"), "x")


def test_a_zone_verb_is_apply_of_its_record_z_atk_01_z_atk_02() -> None:
    """Z-ATK-01, Z-ATK-02: the attack by the verb and by apply give the same events and state;
    the d6 rolled 4 takes 4 of the 10 health."""
    enc = duel()
    by_verb = brawl.zone.verbs.zone_attack(enc, "x", ["y"], "sword")
    by_apply = brawl.apply(enc, brawl.zone.attack.ZoneAttack("x", ("y",), "sword"))
    assert by_verb.events == by_apply.events
    assert by_verb.state == by_apply.state
    done = brawl.zone.verbs.zone_resolve(by_verb.state, rolls=[4])
    assert world_of(done.state).sheets["y"].health == 6


def test_can_and_verify_read_the_zone_records_own_checks_z_turn_09() -> None:
    """Z-TURN-09: a move reaches only a bordering zone; c is two zones from a."""
    enc = duel()
    assert can(enc, brawl.zone.move.ZoneMove("x", ["b"])) is True
    assert can(enc, brawl.zone.move.ZoneMove("x", ["c"])) is False
    with pytest.raises(brawl.InvalidArgumentError, match="does not border") as caught:
        verify(enc, brawl.zone.move.ZoneMove("x", ["c"]))
    assert caught.value.rules == ("Z-TURN-09",)
    with pytest.raises(brawl.ArgumentTypeError, match=r"zone_move\(speed="):
        brawl.zone.verbs.zone_move(enc, "x", ["b"], speed=3)  # type: ignore[call-arg]
