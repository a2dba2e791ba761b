"""Pluggable turn systems: Draw Steel sides, and what every system shares.

Choose one with :class:`StartCombat` (:func:`brawl.start_combat`; ``system="drawsteel"``,
``"drawsteel-agility"``, ``"zone"``, ``"initiative"`` or a system object such as
``DrawSteel(agility_order=True)``); the other requests find the system from ``Encounter.turn``.
Each system lists the requests open now (:func:`turn_actions`). The other games' systems live
with the rest of each game: :mod:`brawl.zone.game` and :mod:`brawl.initiative.game`.
"""

from brawl.turns.dispatch import (
    TurnSystem,
    next_actors,
    register_system,
    spend_movement,
    system_of,
    turn_actions,
)
from brawl.turns.drawsteel import DrawSteel, DrawSteelTurn, swap_turn_order
from brawl.turns.economy import ActionKind, TurnEconomy
from brawl.turns.records import EndCombat, EndRound, EndTurn, StartCombat, StartTurn, UseAction
from brawl.turns.suffocation import breath_limit, suffocation
from brawl.turns.triggers import TRIGGER_KINDS, ReportTrigger

__all__ = [
    "TRIGGER_KINDS",
    "ActionKind",
    "DrawSteel",
    "DrawSteelTurn",
    "EndCombat",
    "EndRound",
    "EndTurn",
    "ReportTrigger",
    "StartCombat",
    "StartTurn",
    "TurnEconomy",
    "TurnSystem",
    "UseAction",
    "breath_limit",
    "next_actors",
    "register_system",
    "spend_movement",
    "suffocation",
    "swap_turn_order",
    "system_of",
    "turn_actions",
]
