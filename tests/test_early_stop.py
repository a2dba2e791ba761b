"""A move cut short ends where the mover and what it carries may stand (DS-MOVE-04, R-GEO-5).

A failed Might test stops a climb before the climbing step (DS-MTYPE-13); when the square it
stops on is one it may not end on (an ally's space, or a space where a dragged creature would
land on another), it stops on the last square along its path it may end on. A mover that dies
on damaging terrain (DS-MOVE-13) lies where it died; what it carried stays where it stood.
"""

from __future__ import annotations

import attrs

import brawl
from brawl import Cell, Characteristics, Creature, Encounter, Material, Pos, Terrain
from brawl.events.movement import Moved
from brawl.turns.deeds import Advance


def moved(events: tuple[brawl.Event, ...]) -> Moved:
    found = [e for e in events if isinstance(e, Moved)]
    assert len(found) == 1
    return found[0]


def test_a_failed_climb_test_backs_off_an_allys_space_ds_mtype_13_ds_move_04() -> None:
    """DS-MTYPE-13, DS-MOVE-04: kira passes through sage's square, fails the climb there, and
    stops on her starting square, wasting nothing: 8 movement left, both squares still to go."""
    tower = Terrain.flat(8, 4).with_cells({Pos(2, 2, z): Cell(Material.STONE) for z in range(3)})
    kira = Creature(id="kira", side="heroes", hero=True, speed=8, pos=(1, 1, 0), movement={"walk", "climb"})
    sage = Creature(id="sage", side="heroes", hero=True, pos=(1, 2, 0))
    enc = Encounter.create(tower, [kira, sage])
    out = brawl.move(enc, "kira", [(1, 2, 0), (1, 2, 1)], mode="climb", test_passed=False)
    m = moved(out.events)
    assert out.state.creature("kira").pos == Pos(1, 1, 0)
    assert (m.end, m.spent, m.movement_left) == (Pos(1, 1, 0), 0, 8)
    assert m.remaining == (Pos(1, 2, 0), Pos(1, 2, 1))
    assert m.path == ()
    assert "Might test" in m.stopped


def test_a_mover_dying_mid_move_drops_what_it_dragged_ds_move_13_rb1_grabbed() -> None:
    """DS-MOVE-13, RB1-GRABBED: the raider (Stamina 1) drags kira east-south into fire (5) and
    dies at (4, 4); kira would land on sage at (5, 4), so she stays at (4, 3), no longer grabbed."""
    fire = Terrain.flat(9, 9).with_cells({Pos(4, 4, 0): Cell(damaging=5, damage_type="fire")})
    raider = Creature(
        id="raider",
        stamina_max=10,
        stamina=1,
        speed=5,
        pos=(3, 3, 0),
        characteristics=Characteristics(might=2),
    )
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, pos=(4, 3, 0))
    sage = Creature(id="sage", side="heroes", hero=True, stamina_max=30, pos=(5, 4, 0))
    enc = Encounter.create(fire, [raider, kira, sage])
    enc, _ = brawl.grab(enc, "raider", "kira", dice=(10, 10))
    assert brawl.actions.can(enc, brawl.actions.Move("raider", [(4, 4, 0), (5, 5, 0)]))
    out = brawl.move(enc, "raider", [(4, 4, 0), (5, 5, 0)])
    m = moved(out.events)
    assert out.state.creature("raider").dead
    assert out.state.creature("raider").pos == m.end == Pos(4, 4, 0)
    assert out.state.creature("kira").pos == Pos(4, 3, 0)
    assert not out.state.creature("kira").has("grabbed")
    assert m.carried == ()
    # with room to land, the dragged creature comes along to the square where the raider died
    roomy = enc.with_creature(attrs.evolve(enc.creature("sage"), pos=Pos(0, 8, 0)))
    out = brawl.move(roomy, "raider", [(4, 4, 0), (5, 5, 0)])
    assert out.state.creature("kira").pos == Pos(5, 4, 0)
    assert moved(out.events).carried == ("kira",)


def test_an_advance_cut_short_spends_only_the_squares_walked_ds_turn_02() -> None:
    """DS-TURN-02, DS-MOVE-13: the raider (speed 5, Stamina 1) advances 3 squares on its turn and
    dies in the fire on the first: its turn's movement loses 1 square, not the path's 3."""
    fire = Terrain.flat(9, 9).with_cells({Pos(2, 1, 0): Cell(damaging=5, damage_type="fire")})
    raider = Creature(id="raider", stamina_max=10, stamina=1, speed=5, pos=(1, 1, 0))
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, pos=(8, 8, 0))
    enc, _ = brawl.start_combat(Encounter.create(fire, [raider, kira]), d10=1)
    enc, _ = brawl.start_turn(enc, "raider")
    advance = Advance("raider", [(2, 1, 0), (3, 1, 0), (4, 1, 0)])
    assert brawl.is_legal(enc, advance)
    enc, events = brawl.apply(enc, advance)
    assert enc.creature("raider").dead
    assert moved(events).spent == 1
    economy = enc.turn.economy
    assert economy is not None
    assert economy.movement_left == 4
