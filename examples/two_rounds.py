"""Two rounds of a small fight under the Draw Steel turn system, printed as the event log.

Run: ``python examples/two_rounds.py``
"""

from __future__ import annotations

import brawl
import brawl.turns
from brawl import Creature, Encounter, Terrain


def main() -> None:
    """Kira and Tor against two goblins (one Director group) and an ogre; the goblins are surprised."""
    creatures = [
        Creature(id="kira", side="heroes", hero=True, stamina_max=30, pos=(1, 1, 0)),
        Creature(id="tor", side="heroes", hero=True, stamina_max=28, pos=(1, 3, 0)),
        Creature(id="gob1", side="director", group="goblins", stamina_max=8, pos=(6, 1, 0)),
        Creature(id="gob2", side="director", group="goblins", stamina_max=8, pos=(6, 3, 0)),
        Creature(id="ogre", side="director", stamina_max=40, size="2", pos=(8, 6, 0)),
    ]
    enc = Encounter.create(Terrain.flat(12, 12), creatures, seed=42)
    enc, log = brawl.start_combat(enc, surprised=["gob1", "gob2"], d10=7)
    print(brawl.explain(log))
    for _ in range(2):
        while actors := brawl.turns.next_actors(enc):
            (ids,) = actors.values()
            who = ids[0]
            enc, log = brawl.start_turn(enc, who)
            print(brawl.explain(log))
            enc, log = brawl.use_action(enc, who, "move", name="Advance")
            print(brawl.explain(log))
            enc, log = brawl.turns.spend_movement(enc, who, 2)
            print(brawl.explain(log))
            enc, log = brawl.use_action(enc, who, "main", name="Strike")
            print(brawl.explain(log))
            target = "ogre" if enc.creature(who).side == "heroes" else "kira"
            enc, log = brawl.damage(enc, target, 3, source=who)
            print(brawl.explain(log))
            enc, log = brawl.end_turn(enc)
            print(brawl.explain(log))
        enc, log = brawl.end_round(enc)
        print(brawl.explain(log))
    enc, log = brawl.end_combat(enc)
    print(brawl.explain(log))


if __name__ == "__main__":
    main()
