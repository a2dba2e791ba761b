"""Pluggable turn systems: Draw Steel sides, the zone game, the initiative game.

Choose one with :func:`start_combat` (``system="drawsteel"``, ``"zone"`` or ``"initiative"``);
the other functions find the system from ``Encounter.turn``.
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
    use_action,
    verify_action,
)
from brawl.turns.drawsteel import DrawSteel, DrawSteelTurn, swap_turn_order
from brawl.turns.economy import ActionKind, TurnEconomy
from brawl.turns.initiative import (
    Hold,
    InitiativeEconomy,
    InitiativeGame,
    InitiativeTurn,
    can_initiative_move,
    hold_action,
    report_trigger,
    use_held_action,
    verify_held_action,
    verify_initiative_move,
)
from brawl.turns.suffocation import breath_limit, suffocation
from brawl.turns.zone import (
    ZoneEconomy,
    ZoneGame,
    ZoneTurn,
    morale_check,
    pass_turn,
    react,
    resume_fighting,
    surrender,
)

__all__ = [
    "ActionKind",
    "DrawSteel",
    "DrawSteelTurn",
    "Hold",
    "InitiativeEconomy",
    "InitiativeGame",
    "InitiativeTurn",
    "TurnEconomy",
    "TurnSystem",
    "ZoneEconomy",
    "ZoneGame",
    "ZoneTurn",
    "breath_limit",
    "can_initiative_move",
    "can_start_turn",
    "can_use_action",
    "end_combat",
    "end_round",
    "end_turn",
    "hold_action",
    "morale_check",
    "next_actors",
    "pass_turn",
    "react",
    "register_system",
    "report_trigger",
    "resume_fighting",
    "spend_movement",
    "start_combat",
    "start_turn",
    "suffocation",
    "surrender",
    "swap_turn_order",
    "system_of",
    "use_action",
    "use_held_action",
    "verify_action",
    "verify_held_action",
    "verify_initiative_move",
]
