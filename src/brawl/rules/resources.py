"""Heroic Resource gained at the start of a hero's turn in combat (R-ABIL-13).

A hero's sheet says how much it gains: a number (``"2"``) or dice (``"1d3"``) rolled from the
encounter's seeded RNG, so every fight replays exactly.
"""

from __future__ import annotations

from brawl.creature import MAX_COUNT, gain_dice
from brawl.dice import roll_dice
from brawl.events.abilities import ResourceGained
from brawl.outcome import Outcome
from brawl.state import Encounter

GAIN_RULES = ("R-ABIL-13",)
"""The rule behind the gain at the start of each turn."""


def gain_heroic_resource(state: Encounter, creature: str) -> Outcome:
    """``creature`` gains its ``resource_gain`` of Heroic Resource, dice rolled (R-ABIL-13).

    A creature that is not a hero or has no gain gains nothing (no event).
    """
    c = state.creature(creature)
    count, sides = gain_dice(c.resource_gain)
    if not c.hero or count == 0:
        return Outcome(state, ())
    out = Outcome(state, ())
    amount = count
    if sides:
        faces, out = roll_dice(
            state, sides, count, purpose="Heroic Resource gain", creature=creature, rules=GAIN_RULES
        )
        amount = sum(faces)
    total = min(MAX_COUNT, c.heroic_resource + amount)
    return out.add(
        ResourceGained(creature=creature, amount=amount, total=total, rules=GAIN_RULES),
        state=out.state.update_creature(creature, heroic_resource=total),
    )
