"""A chain of pushes into a chasm: each push resolves before the next (DS-FORCE-09, DS-FORCE-15).

A 3-square-wide chasm, 8 squares deep, cuts across the map at x = 8..10. The ogre shoves the
first goblin, who slams into the second; the ogre's second push then sends that goblin over
the edge, and a last slide drops the knight's rival in as well. Run it to read the event log.
"""

from __future__ import annotations

import brawl
import brawl.rules.forced
from brawl import Cell, Characteristics, Creature, Encounter, Pos, Push, Slide, Terrain

CHASM_DEPTH = 8


def build() -> Encounter:
    """The map and the creatures."""
    chasm = {Pos(x, y, z): Cell() for x in range(8, 11) for y in range(0, 12) for z in range(-CHASM_DEPTH, 0)}
    terrain = Terrain.flat(16, 12, height=10, below=CHASM_DEPTH + 1).with_cells(chasm)
    return Encounter.create(
        terrain,
        [
            Creature(id="ogre", size="2", pos=(2, 4, 0), stamina_max=60),
            Creature(id="goblin1", pos=(4, 5, 0), stamina_max=12),
            Creature(id="goblin2", pos=(6, 5, 0), stamina_max=12, characteristics=Characteristics(agility=1)),
            Creature(id="rival", pos=(7, 8, 0), stamina_max=20, stability=1),
        ],
        seed=7,
    )


def main() -> None:
    enc = build()
    moves = [
        Push("ogre", "goblin1", 3, melee_weapon=True),
        Push("ogre", "goblin2", 3, melee_weapon=True),
        Slide("ogre", "rival", 3, path=((8, 8), (9, 8), (10, 8))),
    ]
    enc, events = brawl.rules.forced.force_move_many(enc, moves)
    print(brawl.explain(events))
    for c in enc.creature_list():
        print(f"{c.id}: at {tuple(c.pos)}, Stamina {c.stamina}, {'dead' if c.dead else 'alive'}")


if __name__ == "__main__":
    main()
