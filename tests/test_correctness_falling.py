"""Falling into liquid and falling far across rounds, with the numbers of the text (DS-FALL)."""

from __future__ import annotations

import brawl
import brawl.turns
from brawl import Cell, Characteristics, Creature, Encounter, Pos, Terrain
from brawl.events.forced import FallingFar, Fell
from brawl.turns.drawsteel import DrawSteelTurn


def _fell(events: tuple[brawl.Event, ...]) -> Fell:
    found = [e for e in events if isinstance(e, Fell)]
    assert len(found) == 1
    return found[0]


def test_seven_square_drop_onto_water_counts_seven_squares() -> None:
    """DS-FALL-01, DS-FALL-03, R-FALL-1: 7 squares to a pool 1 deep: height 7, effective 7 - 4 = 3.

    The square of liquid the creature sinks into is not part of the fall: onto ground at the
    surface it would have fallen 7 squares too. Damage 2 x 3 = 6, not prone in liquid (R-FALL-3).
    """
    pool = {Pos(3, 3, -1): Cell(liquid=True)}
    t = Terrain.flat(20, 20, height=40).with_cells(pool)
    kira = Creature(id="kira", pos=(3, 3, 7), stamina_max=80)
    after, events = brawl.fall(Encounter.create(t, [kira]), "kira")
    f = _fell(events)
    assert (f.height, f.liquid, f.effective, f.damage, f.prone) == (7, 4, 3, 6, False)
    assert after.creature("kira").pos == Pos(3, 3, -1)
    assert after.creature("kira").stamina == 74


def test_seven_square_drop_onto_deep_water_same_height_as_onto_ground() -> None:
    """DS-FALL-01, DS-FALL-02, DS-FALL-03, R-FALL-1: Agility 1, water 3 deep: 7 - 1 - 4 = 2: 4 damage."""
    pool = {Pos(3, 3, z): Cell(liquid=True) for z in (-3, -2, -1)}
    t = Terrain.flat(20, 20, height=40).with_cells(pool)
    kira = Creature(id="kira", pos=(3, 3, 7), stamina_max=80, characteristics=Characteristics(agility=1))
    ground = Creature(id="ground", pos=(9, 9, 7), stamina_max=80, characteristics=Characteristics(agility=1))
    enc = Encounter.create(t, [kira, ground])
    _, wet = brawl.fall(enc, "kira")
    _, dry = brawl.fall(enc, "ground")
    assert (_fell(wet).height, _fell(wet).effective, _fell(wet).damage) == (7, 2, 4)
    assert (_fell(dry).height, _fell(dry).effective, _fell(dry).damage) == (7, 6, 12)


def test_falling_far_takes_no_second_hundred_at_the_end_of_the_first_round() -> None:
    """DS-FALL-09, R-FALL-5: 250 squares in round 1: 100 at once, 0 at the end of round 1,
    100 at the end of round 2, the last 50 and the landing (damage capped at 50) at the end of round 3.
    """
    hero = Creature(id="h0", side="heroes", hero=True, stamina_max=80, pos=(0, 0, 0))
    foe = Creature(id="e0", side="director", stamina_max=80, pos=(5, 0, 0))
    enc = Encounter.create(Terrain.flat(12, 12), [hero, foe], seed=3)
    enc, _ = brawl.start_combat(enc, d10=9)
    assert enc.round == 1
    enc, events = brawl.fall(enc, "e0", height=250)
    assert [e.fallen for e in events if isinstance(e, FallingFar)] == [100]
    assert enc.creature("e0").falling == 150

    def finish_round(enc: Encounter) -> tuple[Encounter, tuple[brawl.Event, ...]]:
        while actors := brawl.turns.next_actors(enc):
            (ids,) = actors.values()
            enc, _ = brawl.start_turn(enc, ids[0])
            enc, _ = brawl.end_turn(enc)
        enc, events = brawl.end_round(enc)
        return enc, events

    enc, events = finish_round(enc)
    assert not [e for e in events if isinstance(e, FallingFar | Fell)]
    assert enc.creature("e0").falling == 150
    enc, events = finish_round(enc)
    assert [e.fallen for e in events if isinstance(e, FallingFar)] == [100]
    assert enc.creature("e0").falling == 50
    enc, events = finish_round(enc)
    f = _fell(events)
    assert f.damage == 50
    assert enc.creature("e0").falling == 0
    assert enc.creature("e0").stamina == 30
    assert isinstance(enc.turn, DrawSteelTurn)
