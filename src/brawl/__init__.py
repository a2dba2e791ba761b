"""brawl: a pure rules engine for grid-based tactical combat.

It implements the Draw Steel Combat chapter exactly, and the turn structures of two other
games. Every rule is a pure function ``rule(state, ...) -> Outcome`` over an immutable
:class:`Encounter`; every event cites the rule behind it.
"""

# ruff: noqa: E402  (imports are grouped by area, each followed by its part of __all__)

# --- the model ----------------------------------------------------------------------------
from brawl.conditions import Condition, ConditionName, Duration, StabilityModifier
from brawl.creature import DIRECTOR, HEROES, Characteristics, Creature, MapObject, MovementType
from brawl.damagetypes import ALL, DamageType
from brawl.errors import (
    ActionUnavailableError,
    BrawlError,
    ConditionError,
    IllegalForcedMoveError,
    IllegalMoveError,
    InvalidArgumentError,
    RulesError,
    ScenarioError,
    StateError,
    TurnOrderError,
    UnknownCreatureError,
)
from brawl.events.base import DiceRolled, Event, Note, explain
from brawl.geometry import HORIZONTAL_DIRECTIONS, SPATIAL_DIRECTIONS, Pos, adjacent, distance
from brawl.outcome import Outcome
from brawl.rng import Rng
from brawl.size import Size
from brawl.state import Encounter, TurnState
from brawl.terrain import Cell, Material, Terrain

__version__ = "0.1.0"

__all__ = [
    "ALL",
    "DIRECTOR",
    "HEROES",
    "HORIZONTAL_DIRECTIONS",
    "SPATIAL_DIRECTIONS",
    "ActionUnavailableError",
    "BrawlError",
    "Cell",
    "Characteristics",
    "Condition",
    "ConditionError",
    "ConditionName",
    "Creature",
    "DamageType",
    "DiceRolled",
    "Duration",
    "Encounter",
    "Event",
    "IllegalForcedMoveError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "MapObject",
    "Material",
    "MovementType",
    "Note",
    "Outcome",
    "Pos",
    "Rng",
    "RulesError",
    "ScenarioError",
    "Size",
    "StabilityModifier",
    "StateError",
    "Terrain",
    "TurnOrderError",
    "TurnState",
    "UnknownCreatureError",
    "adjacent",
    "distance",
    "explain",
]

# --- damage, Stamina, conditions, dice ----------------------------------------------------
from brawl.dice import PowerRoll, d10, power_roll, roll_dice, saving_throw, tier_of
from brawl.rules.conditions import (
    AddCondition,
    RemoveCondition,
    SaveAgainst,
    can_be_force_moved_by,
    can_shift,
    can_stand_up,
    can_take_main_actions,
    can_take_maneuvers,
    can_take_triggered_actions,
    end_condition,
    grabbed_by,
    grabbing,
    speed,
)
from brawl.rules.damage import DOUBLE, HALVE, Modifier, bonus, damage_many
from brawl.rules.edges import EdgesAndBanes, Reason, edges_and_banes
from brawl.rules.phases import end_of_encounter
from brawl.rules.recoveries import CatchBreath, Heal, SpendRecovery, wake
from brawl.rules.stability import ModifyStability, RemoveStabilityModifier
from brawl.rules.stamina import (
    GainTemporaryStamina,
    LoseStamina,
    RegainStamina,
    bleeding_loss,
    end_of_encounter_stamina,
    reduce_stamina_maximum,
    restore_stamina_maximum,
)
from brawl.verbs import (
    add_condition,
    catch_breath,
    damage,
    gain_temporary_stamina,
    heal,
    lose_stamina,
    modify_stability,
    regain_stamina,
    remove_condition,
    remove_stability_modifier,
    save_against,
    spend_recovery,
)

__all__ += ["DOUBLE", "HALVE", "Modifier", "add_condition", "bonus", "damage", "remove_condition"]
__all__ += ["EdgesAndBanes", "PowerRoll", "Reason", "d10", "damage_many", "edges_and_banes", "power_roll"]
__all__ += ["bleeding_loss", "can_be_force_moved_by", "can_shift", "roll_dice", "saving_throw", "tier_of"]
__all__ += ["can_stand_up", "can_take_main_actions", "can_take_maneuvers", "can_take_triggered_actions"]
__all__ += ["end_condition", "end_of_encounter", "grabbed_by", "grabbing", "save_against", "speed"]
__all__ += ["catch_breath", "end_of_encounter_stamina", "gain_temporary_stamina", "heal", "lose_stamina"]
__all__ += ["reduce_stamina_maximum", "regain_stamina", "restore_stamina_maximum", "spend_recovery", "wake"]
__all__ += ["modify_stability", "remove_stability_modifier"]
__all__ += ["AddCondition", "CatchBreath", "GainTemporaryStamina", "Heal", "LoseStamina", "ModifyStability"]
__all__ += ["RegainStamina", "RemoveCondition", "RemoveStabilityModifier", "SaveAgainst", "SpendRecovery"]

# --- movement ------------------------------------------------------------------------------
from brawl.reach import Reachable, ReachableColumns
from brawl.rules.digging import ClawDirt, Dig, PullUp
from brawl.rules.jumping import Jump
from brawl.rules.movement import Disengage, Move, Shift, path_cost
from brawl.rules.prone import FallProne, StandUp
from brawl.rules.reachable import reachable
from brawl.rules.riding import ClimbCreature, Ride
from brawl.rules.steps import MoveModel
from brawl.rules.teleport import Teleport
from brawl.verbs import (
    advance,
    claw_dirt,
    climb_creature,
    dig,
    disengage,
    fall_prone,
    jump,
    move,
    pull_up,
    ride,
    shift,
    stand_up,
    teleport,
)

__all__ += ["ClawDirt", "ClimbCreature", "Dig", "Disengage", "FallProne", "Jump", "Move", "PullUp"]
__all__ += ["Ride", "Shift", "StandUp", "Teleport"]
__all__ += [
    "MoveModel",
    "Reachable",
    "ReachableColumns",
    "advance",
    "claw_dirt",
    "climb_creature",
    "dig",
    "disengage",
    "fall_prone",
    "jump",
    "move",
    "path_cost",
    "pull_up",
    "reachable",
    "ride",
    "shift",
    "stand_up",
    "teleport",
]

# --- forced movement and falling -----------------------------------------------------------
from brawl.rules.falling import Fall, continue_fall, fall_damage, should_fall
from brawl.rules.forced import ForcedMove, ForceKind, Pull, Push, Slide, force_move_many
from brawl.rules.riders import FallOff, KnockOff, mount_died
from brawl.verbs import fall, fall_off, knock_off, pull, push, slide

__all__ += [
    "Fall",
    "FallOff",
    "ForceKind",
    "ForcedMove",
    "KnockOff",
    "Pull",
    "Push",
    "Slide",
    "continue_fall",
    "fall",
    "fall_damage",
    "fall_off",
    "force_move_many",
    "knock_off",
    "mount_died",
    "pull",
    "push",
    "should_fall",
    "slide",
]

# --- turns ---------------------------------------------------------------------------------
from brawl.turns import (
    ActionKind,
    DrawSteel,
    DrawSteelTurn,
    TurnSystem,
    next_actors,
    register_system,
    spend_movement,
    suffocation,
    swap_turn_order,
)
from brawl.turns.records import EndCombat, EndRound, EndTurn, StartCombat, StartTurn, UseAction
from brawl.turns.triggers import ReportTrigger
from brawl.verbs import (
    end_combat,
    end_round,
    end_turn,
    report_trigger,
    start_combat,
    start_turn,
    use_action,
)

__all__ += ["EndCombat", "EndRound", "EndTurn", "ReportTrigger", "StartCombat", "StartTurn", "UseAction"]
__all__ += ["report_trigger"]
__all__ += [
    "ActionKind",
    "DrawSteel",
    "DrawSteelTurn",
    "TurnSystem",
    "end_combat",
    "end_round",
    "end_turn",
    "next_actors",
    "register_system",
    "spend_movement",
    "start_combat",
    "start_turn",
    "suffocation",
    "swap_turn_order",
    "use_action",
]

# --- the initiative game: its bookkeeping, its system, its records and verbs ----------------
from brawl.initiative.game import InitiativeGame, StartInitiativeCombat
from brawl.initiative.hold import HoldAction, UseHeldAction
from brawl.initiative.move import InitiativeMove
from brawl.initiative.state import InitiativeTurn
from brawl.initiative.verbs import hold_action, initiative_move, start_initiative_combat, use_held_action

__all__ += ["HoldAction", "InitiativeGame", "InitiativeMove", "InitiativeTurn", "StartInitiativeCombat"]
__all__ += ["UseHeldAction", "hold_action", "initiative_move", "start_initiative_combat", "use_held_action"]


# --- standard maneuvers and main actions ---------------------------------------------------
from brawl.rules.main_actions import Charge, Defend
from brawl.rules.maneuvers import AidAttack, EscapeGrab, Grab, Knockback, can_target_with_grab
from brawl.rules.strikes import FreeStrike, OpportunityAttack, is_flanking, order_triggered_actions
from brawl.verbs import (
    aid_attack,
    charge,
    defend,
    escape_grab,
    free_strike,
    grab,
    knockback,
    opportunity_attack,
)

__all__ += [
    "AidAttack",
    "Charge",
    "Defend",
    "EscapeGrab",
    "FreeStrike",
    "Grab",
    "Knockback",
    "OpportunityAttack",
]
__all__ += ["aid_attack", "can_target_with_grab", "charge", "defend", "escape_grab", "free_strike", "grab"]
__all__ += ["is_flanking", "knockback", "opportunity_attack", "order_triggered_actions"]

# --- stealth, burrowing and table rules ---
from brawl.rules.burrowing import completely_beneath, is_burrowing
from brawl.rules.cover import has_cover, has_cover_from, line_of_effect_to
from brawl.rules.stealth import (
    AssistTest,
    Hide,
    PointOut,
    Reveal,
    Search,
    assist_reason,
    can_target,
    is_hidden_from,
    revealed_edge,
)
from brawl.rules.table import SQUARE_FEET, Scale, UseConsumable, squares_to_feet
from brawl.turns.finish import dramatic_finish
from brawl.verbs import assist_test, hide, point_out, reveal, search, use_consumable

__all__ += ["completely_beneath", "has_cover", "has_cover_from", "is_burrowing", "line_of_effect_to"]
__all__ += ["assist_test", "hide", "is_hidden_from", "point_out", "reveal", "revealed_edge"]
__all__ += ["AssistTest", "Hide", "PointOut", "Reveal", "Search", "UseConsumable"]
__all__ += ["assist_reason", "can_target", "search"]
__all__ += ["SQUARE_FEET", "Scale", "dramatic_finish", "squares_to_feet", "use_consumable"]

# --- actions as data ----------------------------------------------------------------------
from brawl import actions
from brawl.actions import apply, can, is_legal, legal_actions, replay, verify
from brawl.requests import Action
from brawl.sim import Summary, play, simulate

__all__ += [
    "Action",
    "Summary",
    "actions",
    "apply",
    "can",
    "is_legal",
    "legal_actions",
    "play",
    "replay",
    "simulate",
    "verify",
]

# --- input and output and rendering --------------------------------------------------------
from brawl.io.json import (
    action_from_json,
    actions_from_json,
    actions_to_json,
    events_from_json,
    events_to_json,
    from_json,
    to_json,
)
from brawl.render import render_svg, render_text
from brawl.scenario import (
    Scenario,
    bundled_scenario,
    bundled_scenarios,
    from_ascii,
    load_scenario,
    loads_scenario,
    read_scenario,
)

__all__ += [
    "action_from_json",
    "actions_from_json",
    "actions_to_json",
    "events_from_json",
    "events_to_json",
    "from_json",
    "to_json",
]
__all__ += [
    "Scenario",
    "bundled_scenario",
    "bundled_scenarios",
    "from_ascii",
    "load_scenario",
    "loads_scenario",
]
__all__ += ["read_scenario", "render_svg", "render_text"]

# --- the zone game's ruleset ----------------------------------------------------------------
from brawl.scenario import bundled_zone_scenarios
from brawl.zone.attack import ZoneAttack, ZoneDeathBlow
from brawl.zone.game import ZoneGame, morale_check
from brawl.zone.legal import zone_greedy
from brawl.zone.model import (
    Armour,
    Place,
    Weapon,
    Zone,
    ZoneCharacter,
    ZoneMap,
    ZoneRulings,
    ZoneWorld,
)
from brawl.zone.move import ZoneMove
from brawl.zone.procedures import (
    ZoneBreakFree,
    ZoneChase,
    ZoneConceal,
    ZoneDismount,
    ZoneDurability,
    ZoneFreeAlly,
    ZoneMount,
    ZonePickUp,
    ZoneReveal,
)
from brawl.zone.react import (
    ZoneAnswerStunt,
    ZoneCounter,
    ZoneDodge,
    ZoneGuard,
    ZoneHideBehind,
    ZoneProposeStunt,
)
from brawl.zone.render import render_zone_svg, render_zone_text
from brawl.zone.resolve import ZoneResolve
from brawl.zone.turnstate import ZoneTurn
from brawl.zone.verbs import (
    pass_turn,
    react,
    resume_fighting,
    surrender,
    zone_answer_stunt,
    zone_attack,
    zone_break_free,
    zone_chase,
    zone_conceal,
    zone_counter,
    zone_death_blow,
    zone_dismount,
    zone_dodge,
    zone_durability,
    zone_free_ally,
    zone_guard,
    zone_hide_behind,
    zone_mount,
    zone_move,
    zone_pick_up,
    zone_propose_stunt,
    zone_resolve,
    zone_reveal,
)

__all__ += ["ZoneGame", "ZoneTurn", "morale_check", "pass_turn", "react", "resume_fighting", "surrender"]
__all__ += [
    "Armour",
    "Place",
    "Weapon",
    "Zone",
    "ZoneAnswerStunt",
    "ZoneAttack",
    "ZoneBreakFree",
    "ZoneCharacter",
    "ZoneChase",
    "ZoneConceal",
    "ZoneCounter",
    "ZoneDeathBlow",
    "ZoneDismount",
    "ZoneDodge",
    "ZoneDurability",
    "ZoneFreeAlly",
    "ZoneGuard",
    "ZoneHideBehind",
    "ZoneMap",
    "ZoneMount",
    "ZoneMove",
    "ZonePickUp",
    "ZoneProposeStunt",
    "ZoneResolve",
    "ZoneReveal",
    "ZoneRulings",
    "ZoneWorld",
    "bundled_zone_scenarios",
    "render_zone_svg",
    "render_zone_text",
    "zone_answer_stunt",
    "zone_attack",
    "zone_break_free",
    "zone_chase",
    "zone_conceal",
    "zone_counter",
    "zone_death_blow",
    "zone_dismount",
    "zone_dodge",
    "zone_durability",
    "zone_free_ally",
    "zone_greedy",
    "zone_guard",
    "zone_hide_behind",
    "zone_mount",
    "zone_move",
    "zone_pick_up",
    "zone_propose_stunt",
    "zone_resolve",
    "zone_reveal",
]

# --- abilities: the model of an ability block ------------------------------------------------
from brawl.abilities.model import (
    Ability,
    ApplyCondition,
    Cost,
    Damage,
    Distance,
    Effect,
    ForcedMovement,
    Potency,
    Target,
    TextEffect,
    Tier,
)
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.abilities.parse import format_tier, parse_tier

__all__ += ["Ability", "AbilityPowerRoll", "ApplyCondition", "Cost", "Damage", "Distance", "Effect"]
__all__ += ["ForcedMovement", "Potency", "Target", "TextEffect", "Tier"]
__all__ += ["format_tier", "parse_tier"]
from brawl.rules.abilities import UseAbility
from brawl.verbs import use_ability

__all__ += ["UseAbility", "use_ability"]

# --- stat blocks and hero sheets: brawl's TOML files and the importers ---------------------------
from brawl.statblocks import (
    AbilityReport,
    HeroSheet,
    StatBlock,
    StatBlockFile,
    Trait,
    bundled_statblocks,
    dumps_statblocks,
    load_statblocks,
    loads_statblocks,
    parse_statblocks,
)

__all__ += ["AbilityReport", "HeroSheet", "StatBlock", "StatBlockFile", "Trait", "bundled_statblocks"]
__all__ += ["dumps_statblocks", "load_statblocks", "loads_statblocks", "parse_statblocks"]

# --- the public boundary: arguments of the wrong type raise ArgumentTypeError ---------------
from brawl._public import check_namespace
from brawl.errors import ArgumentTypeError

__all__ += ["ArgumentTypeError"]

check_namespace(globals(), __all__)
del check_namespace
