"""The nine hero classes as data: each class's Heroic Resource and its gain at the start of each
of the hero's turns in combat, by level (RB-HR-01, RB-HR-05, RB-HR-06).

A hero's sheet names its class (:attr:`~brawl.creature.Creature.hero_class`); an explicit
:attr:`~brawl.creature.Creature.resource_gain` still wins over the table (R-ABIL-13).
"""

from __future__ import annotations

import attrs

from brawl.creature import Creature, gain_dice


@attrs.frozen
class Gain:
    """A gain of Heroic Resource: ``count`` (dice when ``sides``) plus ``bonus``."""

    count: int
    sides: int = 0
    bonus: int = 0

    def printed(self) -> str:
        """``2``, ``1d3``, ``1d3 + 1``."""
        dice = f"{self.count}d{self.sides}" if self.sides else str(self.count)
        return f"{dice} + {self.bonus}" if self.bonus else dice


@attrs.frozen
class HeroClass:
    """A class: its name, its Heroic Resource and the per-turn gain from each level on."""

    name: str
    resource: str
    """The Heroic Resource's name, lower case (RB-HR-01)."""
    gains: tuple[tuple[int, Gain], ...]
    """``(from level, gain)``, lowest level first (RB-HR-05, RB-HR-06)."""

    def gain_at(self, level: int) -> Gain:
        """The per-turn gain at ``level``: the last entry whose level it has reached."""
        found = self.gains[0][1]
        for start, gain in self.gains:
            if level >= start:
                found = gain
        return found


_FLAT = ((1, Gain(2)), (7, Gain(3)), (10, Gain(4)))
"""Censor, elementalist, null, tactician: 2, then 3 at 7th level, 4 at 10th (RB-HR-05, RB-HR-06)."""
_D3 = ((1, Gain(1, 3)), (7, Gain(1, 3, 1)))
"""Conduit, fury, shadow, troubadour: 1d3, then 1d3 + 1 at 7th level (RB-HR-05, RB-HR-06)."""

CLASSES: dict[str, HeroClass] = {
    c.name: c
    for c in (
        HeroClass("censor", "wrath", _FLAT),
        HeroClass("conduit", "piety", _D3),
        HeroClass("elementalist", "essence", _FLAT),
        HeroClass("fury", "ferocity", _D3),
        HeroClass("null", "discipline", _FLAT),
        HeroClass("shadow", "insight", _D3),
        HeroClass("tactician", "focus", _FLAT),
        HeroClass("talent", "clarity", ((1, Gain(1, 3)), (7, Gain(1, 3, 1)), (10, Gain(1, 3, 2)))),
        HeroClass("troubadour", "drama", _D3),
    )
}
"""The nine classes by name (RB-HR-01, RB-HR-05, RB-HR-06)."""

NO_GAIN = Gain(0)
"""The gain of a hero with neither a sheet's gain nor a class."""
GENERIC = "Heroic Resource"
"""The name of the resource of a hero with no class on its sheet."""


def class_of(c: Creature) -> HeroClass | None:
    """The class of a hero, or None (no class on its sheet, or not a hero)."""
    return CLASSES.get(c.hero_class) if c.hero and c.hero_class else None


def resource_name(c: Creature) -> str:
    """The name of ``c``'s Heroic Resource: its class's (``"wrath"``), else "Heroic Resource" (RB-HR-01)."""
    found = class_of(c)
    return found.resource if found is not None else GENERIC


def turn_gain(c: Creature) -> tuple[Gain, tuple[str, ...]]:
    """What ``c`` gains at the start of each of its turns in combat and the rules behind it: its
    sheet's ``resource_gain`` if it has one (R-ABIL-13), else its class's gain at its level
    (RB-HR-05, RB-HR-06), else nothing."""
    if c.resource_gain:
        count, sides = gain_dice(c.resource_gain)
        return Gain(count, sides), ("R-ABIL-13",)
    found = class_of(c)
    if found is None:
        return NO_GAIN, ()
    return found.gain_at(c.level), ("RB-HR-05", "RB-HR-06") if c.level >= 7 else ("RB-HR-05",)


__all__ = ["CLASSES", "GENERIC", "Gain", "HeroClass", "class_of", "resource_name", "turn_gain"]
