"""What the characters taking a zone-game turn may do on the map: their attacks.

The zone game (Z-TURN-09, Z-TURN-12): attacks (melee and ranged free strikes) as main actions
of each character taking the turn. Movement between zones and reactions (which answer an attack
the state does not record) are the caller's. (This module keeps its name until the zone game's
turn system moves; the initiative game's list is in its own package.)
"""

from __future__ import annotations

from brawl.requests import Action
from brawl.rules.strikes import FreeStrike
from brawl.state import Encounter
from brawl.turns.deeds import TakeAction
from brawl.turns.records import verified

__all__ = ["zone_deeds"]


def _attacks(state: Encounter, cid: str, kind: str) -> list[Action]:
    enemies = sorted(state.enemies_of(cid), key=lambda o: o.id)
    found: list[Action] = [TakeAction(kind, FreeStrike(cid, e.id)) for e in enemies]
    found += [TakeAction(kind, FreeStrike(cid, e.id, ranged=True)) for e in enemies]
    return found


def zone_deeds(state: Encounter, members: tuple[str, ...]) -> list[Action]:
    """The attacks each character taking the zone-game turn may make as a main action, checked."""
    found: list[Action] = []
    for cid in sorted(members):
        if not state.creature(cid).dead:
            found += [a for a in _attacks(state, cid, "main") if verified(a, state)]
    return found
