"""The nine damage types, untyped damage, and immunity and weakness tables (DS-DMG-02..11)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypeAlias

import immutables

from brawl.checks import whole_number
from brawl.enums import ReprEnum
from brawl.errors import InvalidArgumentError, not_one_of


class DamageType(ReprEnum):
    """The nine damage types (DS-DMG-03). Untyped damage is ``None`` (DS-DMG-02)."""

    ACID = "acid"
    COLD = "cold"
    CORRUPTION = "corruption"
    FIRE = "fire"
    HOLY = "holy"
    LIGHTNING = "lightning"
    POISON = "poison"
    PSYCHIC = "psychic"
    SONIC = "sonic"


UNTYPED_KEY = "damage"
"""The key of an untyped immunity or weakness, as in "damage immunity 5" (DS-DMG-04, R-DMG-2)."""

ALL: Literal["all"] = "all"
"""The immunity value that ignores all damage of its type (DS-DMG-05)."""

ImmunityValue: TypeAlias = int | Literal["all"]
Immunities: TypeAlias = immutables.Map[str, ImmunityValue]
Weaknesses: TypeAlias = immutables.Map[str, int]

KEYS: frozenset[str] = frozenset({t.value for t in DamageType} | {UNTYPED_KEY})


def damage_type(value: DamageType | str | None) -> DamageType | None:
    """Normalise a damage type name; ``None``, ``""`` and ``"untyped"`` mean untyped (DS-DMG-02)."""
    if value is None or isinstance(value, DamageType):
        return value
    if not isinstance(value, str):
        raise InvalidArgumentError(f"damage type {value!r}: not a name", rule="DS-DMG-03")
    if value in ("", "untyped"):
        return None
    try:
        return DamageType(value.lower())
    except ValueError:
        names = [t.value for t in DamageType] + ["untyped"]
        raise InvalidArgumentError(
            f"damage type {value!r}: {not_one_of(value, names)}", rule="DS-DMG-03"
        ) from None


def _key(key: object, what: str) -> str:
    if isinstance(key, DamageType):
        return key.value
    if isinstance(key, str) and key.lower() in KEYS:
        return key.lower()
    raise InvalidArgumentError(
        f"{what} key {key!r}: use a damage type or {UNTYPED_KEY!r} for all damage", rule="R-DMG-2"
    )


def immunities(
    values: Mapping[str, ImmunityValue] | Mapping[DamageType, ImmunityValue] | None = None,
) -> Immunities:
    """Build an immunity table; values are whole numbers >= 0 or ``"all"`` (DS-DMG-04, DS-DMG-05)."""
    out: dict[str, ImmunityValue] = {}
    for key, value in (values or {}).items():
        k = _key(key, "immunity")
        if value == ALL:
            out[k] = ALL
        elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            out[k] = value
        else:
            raise InvalidArgumentError(
                f"immunity {k} {value!r}: a whole number >= 0 or 'all'", rule="DS-DMG-04"
            )
    return immutables.Map(out)


def weaknesses(values: Mapping[str, int] | Mapping[DamageType, int] | None = None) -> Weaknesses:
    """Build a weakness table; values are whole numbers >= 0 (DS-DMG-08)."""
    out: dict[str, int] = {}
    for key, value in (values or {}).items():
        k = _key(key, "weakness")
        out[k] = whole_number(value, 0, None, what=f"weakness {k}", rule="DS-DMG-08")
    return immutables.Map(out)
