"""The zone game's start-of-fight choices checked: the cyclic order of factions and the speeds (R-Z-1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from brawl.checks import whole_number
from brawl.errors import InvalidArgumentError
from brawl.state import Encounter
from brawl.zone.turnstate import MAX_ZONES


def zone_setup(
    state: Encounter,
    initiative: str | None,
    opener: str | None,
    factions: Sequence[str] | None,
    speeds: Mapping[str, int] | None,
    initiative_roll: int | None,
) -> tuple[tuple[str, ...], dict[str, int]]:
    """The cyclic order and the speeds, once the choices are checked."""
    present = list(dict.fromkeys(c.side for c in state.living()))
    if factions is None:
        order = tuple(present)
    else:
        if isinstance(factions, str):
            raise InvalidArgumentError(f"factions {factions!r}: a sequence of faction names", rule="R-Z-1")
        order = tuple(factions)
        if len(set(order)) != len(order) or not set(present) <= set(order):
            raise InvalidArgumentError(
                f"factions {order!r}: must list each faction once, including {present!r}", rule="R-Z-1"
            )
    if len(order) < 2:
        raise InvalidArgumentError(
            f"factions {order!r}: a fight needs two or more factions", rule="Z-TURN-02"
        )
    if initiative is not None and initiative not in order:
        raise InvalidArgumentError(f"initiative {initiative!r}: not one of {order!r}", rule="Z-TURN-07")
    if initiative is None and initiative_roll is not None:
        whole_number(initiative_roll, 1, len(order), what="initiative assigned randomly", rule="Z-TURN-07")
    if opener is not None and opener not in order:
        raise InvalidArgumentError(f"opener {opener!r}: not one of {order!r}", rule="Z-TURN-06")
    zone_speeds = {}
    for cid, value in (speeds or {}).items():
        state.creature(cid)
        zone_speeds[cid] = whole_number(value, 0, MAX_ZONES, what=f"speed of {cid!r}", rule="Z-TURN-09")
    return order, zone_speeds


__all__ = ["zone_setup"]
