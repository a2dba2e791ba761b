"""Ride once per round, kept by the encounter (DS-MOUNT-04, R-MOUNT-2, R-MOUNT-5).

The rides are made between turns, granted by the table (``granted=True``): off a creature's own
Draw Steel turn a Ride is otherwise refused (R-TURN-11); the once-a-round limit holds either way.
"""

from __future__ import annotations

import pytest

import brawl
import brawl.actions as A
import brawl.rules.riding
from brawl.events.movement import RideUsed


def combat(system: str = "drawsteel") -> brawl.Encounter:
    horse = brawl.Creature(id="horse", side="heroes", hero=True, pos=(2, 2, 0), size="2", speed=8)
    kira = brawl.Creature(id="kira", side="heroes", hero=True, pos=(2, 2, 1), riding="horse")
    tam = brawl.Creature(id="tam", side="heroes", hero=True, pos=(2, 3, 1), riding="horse")
    ogre = brawl.Creature(id="ogre", pos=(10, 10, 0))
    enc = brawl.Encounter.create(brawl.Terrain.flat(12, 12), [horse, kira, tam, ogre])
    out: brawl.Outcome = brawl.start_combat(enc, system=system)
    return out.state


@pytest.mark.parametrize("system", ["drawsteel", "zone", "initiative"])
def test_riding_twice_in_one_round_is_refused_and_allowed_next_round(system: str) -> None:
    """DS-MOUNT-04: one Ride per round for the rider; a new round empties the record."""
    enc = combat(system)
    assert enc.round == 1
    enc, events = brawl.ride(enc, "kira", [(3, 2, 0), (4, 2, 0)], granted=True)
    assert [(e.rider, e.mount, e.round) for e in events if isinstance(e, RideUsed)] == [("kira", "horse", 1)]
    assert dict(enc.rides) == {"kira": "horse"}
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MOUNT-04") as info:
        brawl.ride(enc, "kira", [(5, 2, 0)], granted=True)
    assert "kira" in str(info.value)
    assert not brawl.actions.can(enc, brawl.rules.riding.Ride("kira", [(5, 2, 0)]))
    nxt = enc.with_turn(enc.turn, round=2)
    assert dict(nxt.rides) == {}
    after, _ = brawl.ride(nxt, "kira", [(5, 2, 0)], granted=True)
    assert after.creature("horse").pos == (5, 2, 0)
    assert dict(after.rides) == {"kira": "horse"}


def test_a_second_rider_on_the_same_mount_in_the_same_round_is_refused() -> None:
    """R-MOUNT-2: the limit applies to the mount too, whoever rides it."""
    enc, _ = brawl.ride(combat(), "kira", [(3, 2, 0)], granted=True)
    with pytest.raises(brawl.ActionUnavailableError, match="R-MOUNT-2") as info:
        brawl.ride(enc, "tam", [(4, 2, 0)], granted=True)
    assert "'horse' has already been ridden" in str(info.value)


def test_the_end_of_combat_empties_the_record_and_outside_combat_ride_is_not_limited() -> None:
    """R-MOUNT-5: no rounds outside combat, so Ride is not counted there."""
    enc, _ = brawl.ride(combat(), "kira", [(3, 2, 0)], granted=True)
    calm = enc.with_turn(None, round=0)
    assert dict(calm.rides) == {}
    calm, _ = brawl.ride(calm, "kira", [(4, 2, 0)])
    calm, _ = brawl.ride(calm, "tam", [(5, 2, 0)])
    assert calm.creature("horse").pos == (5, 2, 0)
    assert dict(calm.rides) == {}


def test_json_keeps_the_rides_of_the_round() -> None:
    """DS-MOUNT-04: a saved state keeps who has ridden; the loaded state refuses a second Ride."""
    enc, _ = brawl.ride(combat(), "kira", [(3, 2, 0)], granted=True)
    text = brawl.to_json(enc)
    assert '"rides": {"kira": "horse"}' in text.replace("\n", "").replace("  ", "")
    loaded = brawl.from_json(text)
    assert loaded == enc
    assert dict(loaded.rides) == {"kira": "horse"}
    with pytest.raises(brawl.ActionUnavailableError, match="R-MOUNT-2"):
        brawl.ride(loaded, "tam", [(4, 2, 0)], granted=True)
    assert '"rides"' not in brawl.to_json(combat())


def _ride_offers(enc: brawl.Encounter) -> list[A.RideTo]:
    """The RideTo moves offered now, each taken as a move action."""
    return [
        a.action
        for a in brawl.legal_actions(enc)
        if isinstance(a, A.TakeAction) and isinstance(a.action, A.RideTo)
    ]


def test_legal_actions_offer_no_second_ride_in_a_round_for_the_rider_or_the_mount() -> None:
    """DS-MOUNT-04, R-MOUNT-2: once kira has used Ride, neither she (on the move action her main
    action converts to) nor tam (the same mount) is offered RideTo until the next round; what is
    offered before applies."""
    enc = brawl.apply(combat(), A.StartTurn("kira")).state
    offered = _ride_offers(enc)
    assert len(offered) > 50  # the squares of the horse's reach
    assert {a.rider for a in offered} == {"kira"}
    enc = brawl.apply(enc, A.TakeAction("move", offered[0])).state
    assert dict(enc.rides) == {"kira": "horse"}
    assert brawl.actions.can(enc, brawl.UseAction("kira", "move"))  # a move action is still hers to take
    assert _ride_offers(enc) == []
    for step in (A.EndTurn(), A.StartTurn("ogre"), A.EndTurn(), A.StartTurn("tam")):  # sides alternate
        enc = brawl.apply(enc, step).state
    assert _ride_offers(enc) == []
    with pytest.raises(brawl.ActionUnavailableError, match="R-MOUNT-2"):
        brawl.apply(enc, A.TakeAction("move", A.RideTo("tam", (6, 6, 0))))
