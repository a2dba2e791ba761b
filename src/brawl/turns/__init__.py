"""Pluggable turn systems: Draw Steel sides, the zone game, the initiative game.

Choose one with :func:`start_combat` (``system="drawsteel"``, ``"drawsteel-agility"``,
``"zone"``, ``"initiative"`` or a system object such as ``DrawSteel(agility_order=True)``); the
other functions find the system from ``Encounter.turn``. Each system lists the requests open now
(:func:`turn_actions`). The zone game's system lives with the rest of that game, in
:mod:`brawl.zone.game`.
"""

from brawl.turns.dispatch import (
    TurnSystem,
    can_start_turn,
    can_use_action,
    end_combat,
    end_round,
    end_turn,
    next_actors,
    register_system,
    spend_movement,
    start_combat,
    start_turn,
    system_of,
    turn_actions,
    use_action,
    verify_action,
    verify_start_turn,
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
from brawl.turns.triggers import TRIGGER_KINDS, ReportTrigger, report_trigger

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
    "ReportTrigger",
    "StartCombat",
    "StartInitiativeCombat",
    "StartTurn",
    "TurnEconomy",
    "TurnSystem",
    "UseAction",
    "UseHeldAction",
    "breath_limit",
    "can_initiative_move",
    "can_start_turn",
    "can_use_action",
    "end_combat",
    "end_round",
    "end_turn",
    "hold_action",
    "next_actors",
    "register_system",
    "report_trigger",
    "spend_movement",
    "start_combat",
    "start_turn",
    "suffocation",
    "swap_turn_order",
    "system_of",
    "turn_actions",
    "use_action",
    "use_held_action",
    "verify_action",
    "verify_held_action",
    "verify_initiative_move",
    "verify_start_turn",
]
