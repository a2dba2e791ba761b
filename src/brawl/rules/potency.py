"""Potency: an effect with a potency applies only if the target's characteristic is lower (RB2-POTENCY).

A number is used as printed. A word is worked out from the user's highest characteristic:
weak = highest - 2, average = highest - 1, strong = highest. Director creatures print numbers,
already set for the tier and for a leader or solo; the engine adds nothing to them (R-ABIL-6).
An object has no characteristics: its score counts as 0 (R-ABIL-7).
"""

from __future__ import annotations

from brawl.abilities.model import CHARACTERISTICS, Potency
from brawl.creature import Creature, MapObject
from brawl.events.abilities import PotencyChecked

POTENCY_OFFSETS = {"weak": -2, "average": -1, "strong": 0}
"""A hero's potencies from its highest characteristic (RB2-POTENCY)."""
POTENCY_RULES = ("RB2-POTENCY",)


def highest_characteristic(creature: Creature) -> int:
    """The creature's highest characteristic score."""
    scores = creature.characteristics
    found: int = max(getattr(scores, name) for name in CHARACTERISTICS)  # the five, by their full names
    return found


def potency_value(potency: Potency, user: Creature) -> int:
    """The potency's number: as printed, or the user's highest characteristic - 2 / - 1 / + 0
    (RB2-POTENCY)."""
    if isinstance(potency.value, int):
        return potency.value
    return highest_characteristic(user) + POTENCY_OFFSETS[potency.value]


def resisting_score(potency: Potency, target: Creature | MapObject) -> int:
    """The target's score against the potency; an object's is 0 (R-ABIL-7)."""
    if isinstance(target, MapObject):
        return 0
    return target.characteristics.get(potency.characteristic)


def check_potency(
    potency: Potency, user: Creature, target: Creature | MapObject, *, effect: str = "", raised: int = 0
) -> PotencyChecked:
    """The check, as an event with both numbers: ``applies`` when the score is below the potency;
    ``raised``: what surges added to the potency against this target (RB-SURGE-03)."""
    value = potency_value(potency, user) + raised
    score = resisting_score(potency, target)
    rules = (*POTENCY_RULES, "R-ABIL-7") if isinstance(target, MapObject) else POTENCY_RULES
    if raised:
        rules = (*rules, "RB-SURGE-03")
    if isinstance(potency.value, int) and not user.hero:
        rules = (*rules, "R-ABIL-6")
    return PotencyChecked(
        user=user.id,
        target=target.id,
        characteristic=potency.characteristic,
        score=score,
        potency=value,
        printed=potency.printed(),
        applies=score < value,
        effect=effect,
        rules=rules,
    )


__all__ = ["POTENCY_OFFSETS", "check_potency", "highest_characteristic", "potency_value", "resisting_score"]
