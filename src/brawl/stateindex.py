"""The derived indexes of an encounter: creatures by column, sides by tile, grabs and mounts.

They are worked out again only where a change touches them, so replacing one creature costs about
the same with 10 or 1,000 creatures.
"""

from __future__ import annotations

from typing import Any

import immutables

from brawl.conditions import ConditionName
from brawl.creature import Creature
from brawl.geometry import Pos, cube
from brawl.terrain import TILE, TILE_STRIDE, Tile

Column = tuple[int, int]
SideMasks = tuple[tuple[str, int], ...]
"""Per side, the bit mask of the cells that side's living creatures cover in one tile."""
Link = tuple[str, str]
"""A key of the encounter's link index: (GRAB, grabber id) or (RIDE, mount id)."""
GRAB = "grab"
RIDE = "ride"


def grab_links(c: Creature | None) -> tuple[Link, ...]:
    """The keys (GRAB, grabber) of the grabbers named by a creature's grabbed conditions, each once."""
    if c is None or not c.conditions:
        return ()
    found: dict[Link, None] = {}
    for cond in c.conditions:
        if cond.name is ConditionName.GRABBED and cond.source is not None:
            found[(GRAB, cond.source)] = None
    return tuple(found)


def ride_links(c: Creature | None) -> tuple[Link, ...]:
    """The key (RIDE, mount) of the creature a creature rides, if any."""
    return () if c is None or c.riding is None else ((RIDE, c.riding),)


def relink(
    index: immutables.Map[Link, tuple[str, ...]], cid: str, before: tuple[Link, ...], after: tuple[Link, ...]
) -> immutables.Map[Link, tuple[str, ...]]:
    """The index with ``cid`` moved from the keys ``before`` to the keys ``after``."""
    for key in before:
        if key not in after:
            rest = tuple(i for i in index.get(key, ()) if i != cid)
            if rest:
                index = index.set(key, rest)
            elif key in index:
                index = index.delete(key)
    for key in after:
        if key not in before:
            index = index.set(key, (*index.get(key, ()), cid))
    return index


def covers_z(c: Creature, z: int) -> bool:
    return c.pos.z <= z < c.pos.z + c.n


def cells_of(c: Creature) -> set[Pos]:
    """The cells of a creature's cube, as a new set."""
    n = c.size.squares
    return {c.pos} if n == 1 else set(cube(c.pos, n))


def index(m: Any, c: Creature, *, add: bool) -> None:
    """Add ``c`` to (or take it out of) the occupancy index ``m``, in each column of its space."""
    x0, y0, _ = c.pos
    n = c.size.squares
    cid = c.id
    if n == 1:
        _index_column(m, (x0, y0), cid, add)
        return
    for y in range(y0, y0 + n):
        for x in range(x0, x0 + n):
            _index_column(m, (x, y), cid, add)


def _index_column(m: Any, key: Column, cid: str, add: bool) -> None:
    ids: tuple[str, ...] = m.get(key, ())
    if add:
        m[key] = (*ids, cid)
    elif ids == (cid,):  # the column's only creature
        del m[key]
    else:
        rest = tuple(i for i in ids if i != cid)
        if rest:
            m[key] = rest
        else:
            m.pop(key, None)


def retile(
    tiles: immutables.Map[Tile, SideMasks],
    cells: set[Pos],
    occ: immutables.Map[Column, tuple[str, ...]],
    creatures: immutables.Map[str, Creature],
) -> immutables.Map[Tile, SideMasks]:
    """The side index with ``cells`` worked out again from the occupancy index."""
    m = tiles.mutate()
    for x, y, zz in cells:
        key = (zz, y // TILE, x // TILE)
        bit = 1 << ((y % TILE) * TILE_STRIDE + x % TILE)
        old: SideMasks = m.get(key, ())
        ids = occ.get((x, y))
        if not ids:
            # no creature in the column: the bit cleared for every side, the pairs without it kept
            kept: list[tuple[str, int]] = []
            for pair in old:
                mask = pair[1]
                if not mask & bit:
                    kept.append(pair)
                elif mask != bit:
                    kept.append((pair[0], mask ^ bit))
            if kept:
                m[key] = tuple(kept)  # in the order of the sides still, none added
            elif old:
                del m[key]
            continue
        # the bit cleared for every side, then set for the sides of the creatures covering the cell
        entry = {}
        for side, mask in old:
            if mask & ~bit:
                entry[side] = mask & ~bit
        for cid in ids:
            c = creatures[cid]
            cz = c.pos[2]
            if cz <= zz < cz + c.size.squares:  # covers_z
                side = c.side
                entry[side] = entry.get(side, 0) | bit
        if entry:
            m[key] = tuple(sorted(entry.items()))
        else:
            m.pop(key, None)
    return m.finish()
