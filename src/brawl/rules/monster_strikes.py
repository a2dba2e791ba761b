"""A Director creature's free strike: its flat Free Strike value, no roll (RB-MFS-01..05).

A creature with a ``free_strike`` value (the stat block's) deals that damage with no power roll,
so its free strike is never a critical hit (RB-MFS-01, RB-MFS-02). Its melee free strike reaches
the greater of 1 and its signature ability's melee distance, its ranged one the greater of 5 and
the signature's ranged distance (RB-MFS-03). It has the Strike keyword and the Magic, Psionic or
Weapon keyword of the signature ability (RB-MFS-04), and deals the signature's damage type, the
first printed unless the Director names another (RB-MFS-05). :class:`~brawl.rules.strikes.FreeStrike`
and :class:`~brawl.rules.strikes.OpportunityAttack` read it from here; an opportunity attack against
a target it would have a bane on strikes against is refused there, roll or not (RB-MFS-06).
"""

from __future__ import annotations

import attrs

from brawl.abilities.model import Ability, Damage
from brawl.creature import Creature

__all__ = ["COPIED_KEYWORDS", "MonsterStrike", "monster_strike", "signature"]

COPIED_KEYWORDS = ("Magic", "Psionic", "Weapon")
"""The keywords a monster's free strike copies from its signature ability (RB-MFS-04)."""
MELEE_AT_LEAST = 1
RANGED_AT_LEAST = 5


@attrs.frozen
class MonsterStrike:
    """What a Director creature's free strike is (RB-MFS-01..05)."""

    damage: int
    """The flat Free Strike value (RB-MFS-01)."""
    melee: int
    """The melee free strike's reach (RB-MFS-03)."""
    ranged: int
    """The ranged free strike's distance (RB-MFS-03)."""
    keywords: tuple[str, ...]
    """Strike, and the signature's Magic, Psionic or Weapon (RB-MFS-04)."""
    types: tuple[str, ...]
    """The signature ability's damage types, the first the default (RB-MFS-05)."""


def signature(c: Creature) -> Ability | None:
    """The creature's first signature ability, or None."""
    return next((a for a in c.abilities if a.category == "signature"), None)


def monster_strike(c: Creature) -> MonsterStrike | None:
    """The free strike of a creature with a Free Strike value; None for one without (it rolls)."""
    if c.free_strike is None:
        return None
    sig = signature(c)
    melee, ranged, keywords, types = MELEE_AT_LEAST, RANGED_AT_LEAST, ["Strike"], []
    if sig is not None:
        d = sig.distance
        if d.kind in ("melee", "melee or ranged"):
            melee = max(melee, d.value)
        if d.kind == "ranged":
            ranged = max(ranged, d.value)
        elif d.kind == "melee or ranged":
            ranged = max(ranged, d.within)
        keywords += [k for k in sig.keywords if k.capitalize() in COPIED_KEYWORDS]
        pr = sig.power_roll
        for tier in pr.tiers if pr is not None else ():
            for effect in tier.effects:
                if isinstance(effect, Damage):
                    types += [t for t in effect.types if t not in types]
    return MonsterStrike(c.free_strike, melee, ranged, tuple(keywords), tuple(types))
