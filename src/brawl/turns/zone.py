"""The zone game's turn system, where :mod:`brawl.turns.dispatch` finds it: it lives in
:mod:`brawl.zone.game`, with the rest of the zone game."""

from brawl.zone.game import ZoneGame as ZoneGame

__all__ = ["ZoneGame"]
