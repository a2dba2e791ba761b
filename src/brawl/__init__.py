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
    add_condition,
    can_add_condition,
    can_be_force_moved_by,
    can_remove_condition,
    can_save_against,
    can_shift,
    can_stand_up,
    can_take_main_actions,
    can_take_maneuvers,
    can_take_triggered_actions,
    end_condition,
    grabbed_by,
    grabbing,
    remove_condition,
    save_against,
    speed,
    verify_add_condition,
    verify_remove_condition,
    verify_save_against,
)
from brawl.rules.damage import DOUBLE, HALVE, Modifier, bonus, can_damage, damage, damage_many, verify_damage
from brawl.rules.edges import EdgesAndBanes, Reason, edges_and_banes
from brawl.rules.phases import end_of_encounter
from brawl.rules.recoveries import (
    can_catch_breath,
    can_heal,
    can_spend_recovery,
    catch_breath,
    heal,
    spend_recovery,
    verify_catch_breath,
    verify_heal,
    verify_spend_recovery,
    wake,
)
from brawl.rules.stability import (
    can_modify_stability,
    can_remove_stability_modifier,
    modify_stability,
    remove_stability_modifier,
    verify_modify_stability,
    verify_remove_stability_modifier,
)
from brawl.rules.stamina import (
    bleeding_loss,
    can_change_stamina,
    can_gain_temporary_stamina,
    end_of_encounter_stamina,
    gain_temporary_stamina,
    lose_stamina,
    reduce_stamina_maximum,
    regain_stamina,
    restore_stamina_maximum,
    verify_gain_temporary_stamina,
    verify_stamina_change,
)

__all__ += ["DOUBLE", "HALVE", "Modifier", "add_condition", "bonus", "damage", "remove_condition"]
__all__ += ["EdgesAndBanes", "PowerRoll", "Reason", "d10", "damage_many", "edges_and_banes", "power_roll"]
__all__ += ["bleeding_loss", "can_be_force_moved_by", "can_shift", "roll_dice", "saving_throw", "tier_of"]
__all__ += ["can_stand_up", "can_take_main_actions", "can_take_maneuvers", "can_take_triggered_actions"]
__all__ += ["end_condition", "end_of_encounter", "grabbed_by", "grabbing", "save_against", "speed"]
__all__ += ["catch_breath", "end_of_encounter_stamina", "gain_temporary_stamina", "heal", "lose_stamina"]
__all__ += ["reduce_stamina_maximum", "regain_stamina", "restore_stamina_maximum", "spend_recovery", "wake"]
__all__ += ["can_add_condition", "can_catch_breath", "can_damage", "can_gain_temporary_stamina", "can_heal"]
__all__ += ["can_remove_condition", "verify_add_condition", "verify_catch_breath", "verify_damage"]
__all__ += ["verify_gain_temporary_stamina", "verify_heal", "verify_remove_condition"]
__all__ += ["can_modify_stability", "can_remove_stability_modifier", "modify_stability"]
__all__ += ["remove_stability_modifier", "verify_modify_stability", "verify_remove_stability_modifier"]
__all__ += ["can_change_stamina", "can_save_against", "can_spend_recovery", "verify_save_against"]
__all__ += ["verify_spend_recovery", "verify_stamina_change"]

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
    InitiativeGame,
    InitiativeTurn,
    TurnSystem,
    ZoneGame,
    ZoneTurn,
    can_initiative_move,
    can_start_turn,
    can_use_action,
    end_combat,
    end_round,
    end_turn,
    hold_action,
    morale_check,
    next_actors,
    pass_turn,
    react,
    register_system,
    report_trigger,
    resume_fighting,
    spend_movement,
    start_combat,
    start_turn,
    suffocation,
    surrender,
    swap_turn_order,
    use_action,
    use_held_action,
    verify_action,
    verify_held_action,
    verify_initiative_move,
    verify_start_turn,
)

__all__ += [
    "ActionKind",
    "DrawSteel",
    "DrawSteelTurn",
    "InitiativeGame",
    "InitiativeTurn",
    "TurnSystem",
    "ZoneGame",
    "ZoneTurn",
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
    "use_action",
    "use_held_action",
    "verify_action",
    "verify_held_action",
    "verify_initiative_move",
    "verify_start_turn",
]


# --- standard maneuvers and main actions ---------------------------------------------------
from brawl.rules.main_actions import can_charge, can_defend, charge, defend, verify_charge, verify_defend
from brawl.rules.maneuvers import (
    aid_attack,
    can_aid_attack,
    can_escape_grab,
    can_grab,
    can_knockback,
    can_target_with_grab,
    escape_grab,
    grab,
    knockback,
    verify_aid_attack,
    verify_escape_grab,
    verify_grab,
    verify_knockback,
)
from brawl.rules.strikes import (
    can_free_strike,
    can_make_opportunity_attack,
    free_strike,
    is_flanking,
    opportunity_attack,
    order_triggered_actions,
    verify_free_strike,
    verify_opportunity_attack,
)

__all__ += [
    "aid_attack",
    "can_aid_attack",
    "can_charge",
    "can_defend",
    "can_escape_grab",
    "can_free_strike",
    "can_grab",
    "can_knockback",
    "can_make_opportunity_attack",
    "can_target_with_grab",
    "charge",
    "defend",
    "escape_grab",
    "free_strike",
    "grab",
    "is_flanking",
    "knockback",
    "opportunity_attack",
    "order_triggered_actions",
    "verify_aid_attack",
    "verify_charge",
    "verify_defend",
    "verify_escape_grab",
    "verify_free_strike",
    "verify_grab",
    "verify_knockback",
    "verify_opportunity_attack",
]

# --- stealth, burrowing and table rules ---
from brawl.rules.burrowing import completely_beneath, is_burrowing
from brawl.rules.cover import has_cover, has_cover_from, line_of_effect_to
from brawl.rules.stealth import (
    assist_reason,
    assist_test,
    can_assist_test,
    can_hide,
    can_point_out,
    can_reveal,
    can_search,
    can_target,
    hide,
    is_hidden_from,
    point_out,
    reveal,
    revealed_edge,
    search,
    verify_assist_test,
    verify_can_target,
    verify_hide,
    verify_point_out,
    verify_reveal,
    verify_search,
)
from brawl.rules.table import (
    SQUARE_FEET,
    Scale,
    can_use_consumable,
    squares_to_feet,
    use_consumable,
    verify_use_consumable,
)
from brawl.turns.finish import dramatic_finish

__all__ += ["completely_beneath", "has_cover", "has_cover_from", "is_burrowing", "line_of_effect_to"]
__all__ += ["assist_test", "can_hide", "hide", "is_hidden_from", "point_out", "reveal", "revealed_edge"]
__all__ += ["can_target", "search", "verify_can_target", "verify_hide"]
__all__ += ["assist_reason", "can_assist_test", "can_point_out", "can_reveal", "can_search"]
__all__ += ["verify_assist_test", "verify_point_out", "verify_reveal", "verify_search"]
__all__ += ["SQUARE_FEET", "Scale", "dramatic_finish", "squares_to_feet", "use_consumable"]
__all__ += ["can_use_consumable", "verify_use_consumable"]

# --- actions as data ----------------------------------------------------------------------
from brawl import actions
from brawl.actions import apply, is_legal, legal_actions, replay
from brawl.requests import Action
from brawl.sim import Summary, play, simulate

__all__ += [
    "Action",
    "Summary",
    "actions",
    "apply",
    "is_legal",
    "legal_actions",
    "play",
    "replay",
    "simulate",
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
from brawl.io.scenario import (
    Scenario,
    bundled_scenario,
    bundled_scenarios,
    from_ascii,
    load_scenario,
    loads_scenario,
    read_scenario,
)
from brawl.render import render_svg, render_text

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
from brawl.io.scenario import bundled_zone_scenarios
from brawl.zone.attack import (
    ZoneAttack,
    ZoneDeathBlow,
    can_zone_attack,
    can_zone_death_blow,
    verify_zone_attack,
    verify_zone_death_blow,
    zone_attack,
    zone_death_blow,
)
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
from brawl.zone.move import ZoneMove, can_zone_move, verify_zone_move, zone_move
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
    can_zone_break_free,
    can_zone_chase,
    can_zone_conceal,
    can_zone_dismount,
    can_zone_durability,
    can_zone_free_ally,
    can_zone_mount,
    can_zone_pick_up,
    can_zone_reveal,
    zone_break_free,
    zone_chase,
    zone_conceal,
    zone_dismount,
    zone_durability,
    zone_free_ally,
    zone_mount,
    zone_pick_up,
    zone_reveal,
)
from brawl.zone.react import (
    ZoneAnswerStunt,
    ZoneCounter,
    ZoneDodge,
    ZoneGuard,
    ZoneHideBehind,
    ZoneProposeStunt,
    can_zone_answer_stunt,
    can_zone_counter,
    can_zone_dodge,
    can_zone_guard,
    can_zone_hide_behind,
    can_zone_propose_stunt,
    zone_answer_stunt,
    zone_counter,
    zone_dodge,
    zone_guard,
    zone_hide_behind,
    zone_propose_stunt,
)
from brawl.zone.render import render_zone_svg, render_zone_text
from brawl.zone.resolve import ZoneResolve, can_zone_resolve, zone_resolve

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
    "can_zone_answer_stunt",
    "can_zone_attack",
    "can_zone_break_free",
    "can_zone_chase",
    "can_zone_conceal",
    "can_zone_counter",
    "can_zone_death_blow",
    "can_zone_dismount",
    "can_zone_dodge",
    "can_zone_durability",
    "can_zone_free_ally",
    "can_zone_guard",
    "can_zone_hide_behind",
    "can_zone_mount",
    "can_zone_move",
    "can_zone_pick_up",
    "can_zone_propose_stunt",
    "can_zone_resolve",
    "can_zone_reveal",
    "render_zone_svg",
    "render_zone_text",
    "verify_zone_attack",
    "verify_zone_death_blow",
    "verify_zone_move",
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
from brawl.rules.abilities import UseAbility, can_use_ability, use_ability, verify_use_ability

__all__ += ["UseAbility", "can_use_ability", "use_ability", "verify_use_ability"]

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
