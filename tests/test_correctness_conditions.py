"""Conditions that bring others with them: unconscious means prone (DS-COND-05)."""

from __future__ import annotations

import brawl
from brawl import ConditionName, Creature, Encounter, Pos, Terrain
from brawl.creature import MovementType
from brawl.events.conditions import ConditionGained


def _enc(*creatures: Creature) -> Encounter:
    return Encounter.create(Terrain.flat(12, 12, height=20), list(creatures))


def test_unconscious_by_add_condition_is_prone() -> None:
    """DS-COND-05: an unconscious creature is prone, whatever made it unconscious."""
    enc = _enc(Creature(id="kira", pos=(2, 2, 0)))
    after, events = brawl.add_condition(enc, "kira", "unconscious", source="sleep spell")
    kira = after.creature("kira")
    assert kira.has(ConditionName.UNCONSCIOUS)
    assert kira.has(ConditionName.PRONE)
    gained = [e.condition.name for e in events if isinstance(e, ConditionGained)]
    assert gained == [ConditionName.UNCONSCIOUS, ConditionName.PRONE]
    prone_event = [e for e in events if isinstance(e, ConditionGained)][1]
    assert "DS-COND-05" in prone_event.rules
    assert kira.conditions_named(ConditionName.PRONE)[0].source == "sleep spell"


def test_unconscious_on_a_prone_creature_adds_no_second_prone() -> None:
    """DS-COND-05, RB1-STACKING: already prone: the prone it has stays, no second instance."""
    enc = _enc(Creature(id="kira", pos=(2, 2, 0)))
    enc, _ = brawl.add_condition(enc, "kira", "prone", voluntary=True)
    after, events = brawl.add_condition(enc, "kira", "unconscious")
    assert len(after.creature("kira").conditions_named(ConditionName.PRONE)) == 1
    assert [type(e).__name__ for e in events].count("ConditionGained") == 1


def test_knocked_out_is_unconscious_and_prone_once() -> None:
    """DS-STAM-13, DS-COND-04, DS-COND-05: a knock-out gives unconscious and one prone."""
    enc = _enc(Creature(id="ogre", stamina_max=10, pos=(2, 2, 0)), Creature(id="kira", pos=(3, 2, 0)))
    after, events = brawl.damage(enc, "ogre", 12, source="kira", knock_out=True)
    ogre = after.creature("ogre")
    assert not ogre.dead
    assert ogre.has(ConditionName.UNCONSCIOUS)
    assert len(ogre.conditions_named(ConditionName.PRONE)) == 1
    gained = [e.condition.name for e in events if isinstance(e, ConditionGained)]
    assert gained.count(ConditionName.PRONE) == 1


def test_unconscious_flyer_falls_prone() -> None:
    """DS-COND-05, DS-MTYPE-25: a flyer made unconscious 4 squares up falls: 8 damage, prone."""
    bird = Creature(id="bird", pos=(2, 2, 4), stamina_max=30, movement={MovementType.FLY})
    after, _ = brawl.add_condition(_enc(bird), "bird", "unconscious")
    b = after.creature("bird")
    assert b.pos == Pos(2, 2, 0)
    assert b.stamina == 22
    assert b.has(ConditionName.PRONE)
