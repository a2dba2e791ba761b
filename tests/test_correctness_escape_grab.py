"""Escape Grab: the grabbed bane never applies to it; DS-ACT-07's size bane does (R-ACT-1)."""

from __future__ import annotations

import pytest

import brawl
from brawl import Characteristics, Creature, Encounter, MapObject, Terrain
from brawl.events.dice import PowerRolled


def _enc(*things: Creature | MapObject, size: str = "1M") -> Encounter:
    kira = Creature(id="kira", pos=(2, 2, 0), size=size, characteristics=Characteristics(might=2))
    creatures = [kira, *(t for t in things if isinstance(t, Creature))]
    objects = [t for t in things if isinstance(t, MapObject)]
    return Encounter.create(Terrain.flat(12, 12), creatures, objects=objects, seed=3)


def _roll(events: tuple[brawl.Event, ...]) -> PowerRolled:
    (roll,) = [e for e in events if isinstance(e, PowerRolled)]
    return roll


def test_grab_by_an_effect_takes_no_grabbed_bane() -> None:
    """R-ACT-1, RB1-GRABBED: held by a vine spell with no size: 5 + 5 + Might 2 = 12, no bane: tier 2."""
    enc = brawl.add_condition(_enc(), "kira", "grabbed", source="grasping vines").state
    after, events = brawl.escape_grab(enc, "kira", dice=(5, 5), characteristic="might")
    roll = _roll(events)
    assert (roll.banes, roll.total, roll.tier) == (0, 12, 2)
    assert not after.creature("kira").has("grabbed")


def test_grab_by_a_larger_effect_takes_the_size_bane_only() -> None:
    """DS-ACT-07, R-ACT-1: a size-3 effect holds a 1M creature: one bane (not two): 12 - 2 = 10, tier 1."""
    enc = brawl.add_condition(_enc(), "kira", "grabbed", source="stone fist").state
    held, events = brawl.escape_grab(enc, "kira", dice=(5, 5), characteristic="might", grabber_size="3")
    roll = _roll(events)
    assert (roll.banes, roll.total, roll.tier) == (1, 10, 1)
    assert held.creature("kira").has("grabbed")
    # a smaller effect gives no bane
    _, events = brawl.escape_grab(enc, "kira", dice=(5, 5), characteristic="might", grabber_size="1S")
    assert (_roll(events).banes, _roll(events).total) == (0, 12)


def test_grab_by_an_object_uses_its_size_and_no_grabbed_bane() -> None:
    """DS-ACT-07, DS-SIZE-06, R-SIZE-2, R-ACT-1: a size-2 iron maiden holds a 1M creature: one bane, 10.

    A size-1 object holding it gives no bane at all: 12, tier 2.
    """
    trap = MapObject(id="trap", pos=(3, 2, 0), size=2, material="metal")
    box = MapObject(id="box", pos=(5, 5, 0), size=1)
    enc = _enc(trap, box)
    held = brawl.add_condition(enc, "kira", "grabbed", source="trap").state
    _, events = brawl.escape_grab(held, "kira", dice=(5, 5), characteristic="might")
    assert (_roll(events).banes, _roll(events).total, _roll(events).tier) == (1, 10, 1)
    held = brawl.add_condition(enc, "kira", "grabbed", source="box").state
    _, events = brawl.escape_grab(held, "kira", dice=(5, 5), characteristic="might")
    assert (_roll(events).banes, _roll(events).total, _roll(events).tier) == (0, 12, 2)


def test_grab_by_a_creature_size_bane_and_no_grabbed_bane() -> None:
    """DS-ACT-07, R-ACT-1: a 1S creature held by a 1M one: one bane, 12 - 2 = 10; by a 1T one: none, 12."""
    gob = Creature(id="gob", pos=(3, 2, 0), size="1M")
    imp = Creature(id="imp", pos=(1, 2, 0), size="1T")
    enc = _enc(gob, imp, size="1S")
    held = brawl.add_condition(enc, "kira", "grabbed", source="gob").state
    _, events = brawl.escape_grab(held, "kira", dice=(5, 5), characteristic="might")
    assert (_roll(events).banes, _roll(events).total) == (1, 10)
    held = brawl.add_condition(enc, "kira", "grabbed", source="imp").state
    after, events = brawl.escape_grab(held, "kira", dice=(5, 5), characteristic="might")
    assert (_roll(events).banes, _roll(events).total) == (0, 12)
    assert not after.creature("kira").has("grabbed")


def test_grabber_size_is_for_effects_only() -> None:
    """DS-ACT-07: a creature's size is on the map: grabber_size is refused for it; a bad size is refused."""
    gob = Creature(id="gob", pos=(3, 2, 0))
    held = brawl.add_condition(_enc(gob), "kira", "grabbed", source="gob").state
    with pytest.raises(brawl.InvalidArgumentError, match="DS-ACT-07"):
        brawl.escape_grab(held, "kira", dice=(5, 5), grabber_size="3")
    by_effect = brawl.add_condition(_enc(), "kira", "grabbed", source="vines").state
    with pytest.raises(brawl.InvalidArgumentError, match="DS-SIZE-03"):
        brawl.escape_grab(by_effect, "kira", dice=(5, 5), grabber_size="huge")
