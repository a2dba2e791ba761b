"""Playing the zone game in :func:`brawl.simulate`: how a fight starts, who still stands, the policy."""

from __future__ import annotations

from brawl.requests import Action
from brawl.state import Encounter
from brawl.zone.game import StartZoneCombat
from brawl.zone.legal import fighting, standing_factions, zone_greedy


def zone_start(state: Encounter, first_side: str) -> Action:
    """The request starting a zone fight: ``first_side`` holds the initiative if it is a faction,
    else the first faction in the encounter's order (Z-TURN-07)."""
    factions = list(dict.fromkeys(c.side for c in state.living()))
    return StartZoneCombat(initiative=first_side if first_side in factions else factions[0])


__all__ = ["fighting", "standing_factions", "zone_greedy", "zone_start"]
