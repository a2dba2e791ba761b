"""Pluggable turn systems: Draw Steel sides, the zone game, the initiative game.

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
from brawl.turns.initiative import (
    Hold,
    HoldAction,
    InitiativeEconomy,
    InitiativeGame,
    InitiativeTurn,
    StartInitiativeCombat,
    UseHeldAction,
    can_initiative_move,
    hold_action,
    use_held_action,
    verify_held_action,
    verify_initiative_move,
)
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
    "Hold",
    "HoldAction",
    "InitiativeEconomy",
    "InitiativeGame",
    "InitiativeTurn",
    "PassTurn",
    "React",
    "ReportTrigger",
    "ResumeFighting",
    "StartCombat",
    "StartInitiativeCombat",
    "StartTurn",
    "StartZoneCombat",
    "Surrender",
    "TurnEconomy",
    "TurnSystem",
    "UseAction",
    "UseHeldAction",
    "ZoneEconomy",
    "ZoneGame",
    "ZoneTurn",
    "breath_limit",
    "can_initiative_move",
    "hold_action",
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
    "use_held_action",
    "verify_held_action",
    "verify_initiative_move",
]
