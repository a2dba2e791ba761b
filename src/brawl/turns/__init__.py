"""Pluggable turn systems: Draw Steel sides, the zone game, the initiative game (:mod:`brawl.initiative`).

Choose one with :class:`StartCombat` (:func:`brawl.start_combat`; ``system="drawsteel"``,
``"drawsteel-agility"``, ``"zone"``, ``"initiative"`` or a system object such as
``DrawSteel(agility_order=True)``); the other requests find the system from ``Encounter.turn``.
Each system lists the requests open now (:func:`turn_actions`).
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
from brawl.turns.zone import (
    PassTurn,
    StartZoneCombat,
    Surrender,
    ZoneEconomy,
    ZoneGame,
    ZoneTurn,
    morale_check,
    pass_turn,
    surrender,
)
from brawl.turns.zone_react import React, ResumeFighting, react, resume_fighting

__all__ = [
    "TRIGGER_KINDS",
    "ActionKind",
    "DrawSteel",
    "DrawSteelTurn",
    "EndCombat",
    "EndRound",
    "EndTurn",
    "PassTurn",
    "React",
    "ReportTrigger",
    "ResumeFighting",
    "StartCombat",
    "StartTurn",
    "StartZoneCombat",
    "Surrender",
    "TurnEconomy",
    "TurnSystem",
    "UseAction",
    "ZoneEconomy",
    "ZoneGame",
    "ZoneTurn",
    "breath_limit",
    "morale_check",
    "next_actors",
    "pass_turn",
    "react",
    "register_system",
    "resume_fighting",
    "spend_movement",
    "suffocation",
    "surrender",
    "swap_turn_order",
    "system_of",
    "turn_actions",
]
