"""The kinds of cell a map holds: solid materials, liquid, difficult and damaging terrain.

A :class:`Cell` is one square of a map (:class:`brawl.terrain.Terrain`); :class:`Material` names
what a solid cell is made of and how much stamina a square of it has (DS-OBJ-03).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from brawl.checks import whole_number
from brawl.damagetypes import DamageType, damage_type
from brawl.enums import ReprEnum
from brawl.errors import ArgumentTypeError, InvalidArgumentError

MAX_TERRAIN_DAMAGE = 1_000_000_000
"""Largest damage of a damaging-terrain cell."""


class Material(ReprEnum):
    """What a cell is made of. Everything but air is solid."""

    AIR = "air"
    DIRT = "dirt"
    STONE = "stone"
    WOOD = "wood"
    METAL = "metal"
    GLASS = "glass"
    UNBREAKABLE = "unbreakable"

    @property
    def solid(self) -> bool:
        """Whether the material fills the cell."""
        return self is not Material.AIR

    @property
    def burrowable(self) -> bool:
        """Whether a burrower can tunnel through it: dirt, not stone or anything harder (DS-MTYPE-02)."""
        return self is Material.DIRT


OBJECT_STAMINA_PER_SQUARE: Mapping[Material, int] = {  # DS-OBJ-03
    Material.GLASS: 1,
    Material.WOOD: 3,
    Material.STONE: 6,
    Material.METAL: 9,
}
"""Stamina of a size-1 object, or of each square of a larger one, by material (DS-OBJ-03)."""


def _check_damaging(instance: Cell, attribute: attrs.Attribute[int], value: int) -> None:
    whole_number(value, 0, MAX_TERRAIN_DAMAGE, what="damaging terrain", rule="DS-MOVE-13")


@attrs.frozen
class Cell:
    """One cell of the map."""

    material: Material = Material.AIR
    """Solid material filling the cell, or air."""
    liquid: bool = False
    """Filled with liquid (water); a liquid cell is not solid."""
    difficult: bool = False
    """Difficult terrain: +1 to enter (DS-MOVE-12)."""
    damaging: int = attrs.field(default=0, validator=_check_damaging)
    """Damage dealt on entering, 0 for none (DS-MOVE-13)."""
    damage_type: DamageType | None = attrs.field(default=None, converter=damage_type)
    """Type of the damaging terrain's damage; None is untyped."""
    concealing: bool = False
    """Darkness or fog: a creature whose space lies wholly in such cells has concealment (DS-EDGE-09)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.material, Material):
            raise ArgumentTypeError(
                f"Cell.material {self.material!r:.60}: a Material is needed, "
                f"not {type(self.material).__name__}",
                rule="R-GEO-5",
            )
        if self.material.solid and (self.liquid or self.difficult or self.damaging or self.concealing):
            raise InvalidArgumentError(
                f"cell of {self.material}: a solid cell cannot also be liquid, difficult, damaging "
                "or concealing",
                rule="R-GEO-5",
            )

    @property
    def solid(self) -> bool:
        """Whether nothing can stand inside this cell (R-GEO-5)."""
        return self.material.solid


AIR = Cell()


GROUND = Cell(Material.DIRT)
