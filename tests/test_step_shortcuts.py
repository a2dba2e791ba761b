"""The short cuts of an agent's step (``brawl.legal_actions``, then ``brawl.apply``) answer as the
general code does.

Cover and line of effect (R-COVER-1) keep their answers for the map and objects last asked
about: a change of either must be seen at once.
"""

from __future__ import annotations

import brawl
from brawl import Cell, Creature, Encounter, MapObject, Material, Pos, Terrain
from brawl.rules.cover import blocked_lines, has_map_cover, sees_space


def _behind_a_low_wall() -> Encounter:
    """Kira 4 squares east of the ogre; a stone wall 1 square high between them at x = 4."""
    wall = {Pos(4, y, 0): Cell(Material.STONE) for y in range(10)}
    kira = Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=30, pos=(6, 2, 0))
    ogre = Creature(id="ogre", stamina_max=40, pos=(2, 2, 0))
    return Encounter.create(Terrain.flat(10, 10).with_cells(wall), (kira, ogre), seed=1)


def test_cover_follows_a_change_of_the_map_at_once() -> None:
    """R-COVER-1, DS-EDGE-08: behind the low wall 4 of the 8 lines are blocked (cover); with the
    wall dug away none is, and with a wall 2 squares high all 8 are (no line of effect)."""
    enc = _behind_a_low_wall()
    assert blocked_lines(enc, "ogre", "kira") == 4
    assert has_map_cover(enc, "kira", "ogre")
    open_map = enc.with_terrain(Terrain.flat(10, 10))
    assert blocked_lines(open_map, "ogre", "kira") == 0
    assert not has_map_cover(open_map, "kira", "ogre")
    high = {Pos(4, y, z): Cell(Material.STONE) for y in range(10) for z in (0, 1)}
    walled = enc.with_terrain(Terrain.flat(10, 10).with_cells(high))
    assert blocked_lines(walled, "ogre", "kira") == 8
    assert not sees_space(walled, Pos(2, 2, 0), 1, Pos(6, 2, 0), 1)
    assert blocked_lines(enc, "ogre", "kira") == 4  # the first map's answer again


def test_cover_follows_a_change_of_the_objects_at_once() -> None:
    """R-COVER-1: an object is solid like stone: a 3-cube crate on the open map between the two
    blocks every line (no line of effect); taken away, none."""
    enc = _behind_a_low_wall().with_terrain(Terrain.flat(10, 10))
    assert sees_space(enc, Pos(2, 2, 0), 1, Pos(6, 2, 0), 1)
    crate = MapObject(id="crate", pos=(3, 1, 0), size=3)
    boxed = enc.with_object(crate)
    assert blocked_lines(boxed, "ogre", "kira") == 8
    assert not sees_space(boxed, Pos(2, 2, 0), 1, Pos(6, 2, 0), 1)
    assert blocked_lines(boxed.without_object("crate"), "ogre", "kira") == 0
