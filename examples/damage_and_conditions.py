"""A short fight's damage and conditions, printed as an explained event log.

Run: python examples/damage_and_conditions.py
"""

from __future__ import annotations

import brawl
import brawl.rules.phases
import brawl.rules.stamina
from brawl.rules.phases import end_of_turn


def main() -> None:
    """Build an encounter, run a few rules, print every event with its rule IDs."""
    kira = brawl.Creature(
        id="kira", side=brawl.HEROES, hero=True, stamina_max=30, recoveries=8, pos=(2, 2, 0), level=2
    )
    ally = brawl.Creature(
        id="sten", side=brawl.HEROES, hero=True, stamina_max=24, recoveries=10, pos=(2, 3, 0)
    )
    ogre = brawl.Creature(
        id="ogre", stamina_max=40, pos=(3, 2, 0), immunities={"fire": 10}, weaknesses={"fire": 5}
    )
    enc = brawl.Encounter.create(brawl.Terrain.flat(8, 8), [kira, ally, ogre], seed=7)
    log: list[brawl.Event] = []

    def run(outcome: brawl.Outcome) -> brawl.Encounter:
        log.extend(outcome.events)
        return outcome.state

    why = brawl.edges_and_banes(enc, "kira", "ogre", {"magic", "ranged"})
    out = brawl.power_roll(enc, 2, edges=why.edges, banes=why.banes, creature="kira", purpose="Fire Bolt")
    enc = run(out)
    enc = run(brawl.damage(enc, "ogre", 6 + 4 * out.roll.tier, "fire", source="kira"))
    enc = run(brawl.add_condition(enc, "kira", "slowed", "save_ends", source="ogre"))
    enc = run(brawl.damage(enc, "kira", 33, source="ogre"))
    enc = run(brawl.rules.stamina.bleeding_loss(enc, "kira", roll=2))
    enc = run(brawl.heal(enc, "sten", "kira"))
    enc = run(end_of_turn(enc, "kira"))
    enc = run(brawl.gain_temporary_stamina(enc, "kira", 5))
    enc = run(brawl.damage(enc, "ogre", 40, source="sten", knock_out=True))
    enc = run(brawl.rules.phases.end_of_encounter(enc))
    print(brawl.explain(log))


if __name__ == "__main__":
    main()
