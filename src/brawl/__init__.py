"""brawl: a pure rules engine for grid-based tactical combat.

It implements the Draw Steel Combat chapter exactly, and the turn structures of two other
games. Every rule is a pure function ``rule(state, ...) -> Outcome`` over an immutable
:class:`Encounter`; every event cites the rule behind it.
"""
# The names a newcomer uses in the first hour; the rest lives in the submodules: every verb in
# brawl.verbs, every request record in brawl.actions, each rule's helpers in its module under
# brawl.rules, the zone game in brawl.zone and the initiative game in brawl.initiative.

from brawl import actions as actions
from brawl.abilities.model import Ability
from brawl.abilities.parse import parse_tier
from brawl.actions import apply, can, is_legal, legal_actions, replay, verify
from brawl.conditions import Condition, ConditionName, Duration, StabilityModifier
from brawl.creature import DIRECTOR, HEROES, Characteristics, Creature, MapObject, MovementType
from brawl.damagetypes import DamageType
from brawl.dice import PowerRoll, d10, power_roll, roll_dice, saving_throw, tier_of
from brawl.errors import (
    ActionUnavailableError,
    ArgumentTypeError,
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
from brawl.geometry import Pos, adjacent, distance

# the games brawl ships register their turn systems and their slots in the encounter when imported,
# and their verbs are there after import brawl (brawl.zone.verbs, brawl.initiative.verbs)
from brawl.initiative import game as _initiative_game  # noqa: F401
from brawl.initiative import verbs as _initiative_verbs  # noqa: F401
from brawl.io.json import (
    action_from_json,
    actions_from_json,
    actions_to_json,
    events_from_json,
    events_to_json,
    from_json,
    to_json,
)
from brawl.outcome import Outcome
from brawl.reach import Reachable
from brawl.render import render_svg, render_text
from brawl.requests import Action
from brawl.rng import Rng
from brawl.rules.abilities import UseAbility
from brawl.rules.conditions import grabbed_by, speed
from brawl.rules.cover import has_cover, line_of_effect_to
from brawl.rules.edges import edges_and_banes
from brawl.rules.forced import Pull, Push, Slide
from brawl.rules.movement import Move, path_cost
from brawl.rules.reachable import reachable
from brawl.rules.stealth import is_hidden_from
from brawl.rules.strikes import FreeStrike
from brawl.scenario import (
    Scenario,
    bundled_scenario,
    bundled_scenarios,
    from_ascii,
    load_scenario,
    loads_scenario,
    read_scenario,
)
from brawl.sim import Summary, play, simulate
from brawl.size import Size
from brawl.statblocks import (
    HeroSheet,
    StatBlock,
    StatBlockFile,
    bundled_statblocks,
    load_statblocks,
    loads_statblocks,
)
from brawl.state import Encounter, TurnState
from brawl.terrain import Cell, Material, Terrain
from brawl.turns import DrawSteel
from brawl.turns.records import EndCombat, EndRound, EndTurn, StartCombat, StartTurn, UseAction
from brawl.verbs import (
    add_condition,
    advance,
    aid_attack,
    award_hero_tokens,
    catch_breath,
    charge,
    damage,
    defend,
    disengage,
    earn_victories,
    end_combat,
    end_round,
    end_turn,
    escape_grab,
    fall,
    fall_prone,
    finish_respite,
    free_strike,
    gain_temporary_stamina,
    grab,
    heal,
    hero_token_stamina,
    hero_token_surges,
    hide,
    jump,
    knockback,
    lose_stamina,
    move,
    opportunity_attack,
    pull,
    push,
    regain_stamina,
    remove_condition,
    ride,
    save_against,
    search,
    shift,
    slide,
    spend_recovery,
    stand_up,
    start_combat,
    start_turn,
    teleport,
    use_ability,
    use_action,
    use_consumable,
)
from brawl.zone import game as _zone_game  # noqa: F401
from brawl.zone import verbs as _zone_verbs  # noqa: F401

__version__ = "0.1.0"

__all__ = [
    "DIRECTOR",
    "HEROES",
    "Ability",
    "Action",
    "ActionUnavailableError",
    "ArgumentTypeError",
    "BrawlError",
    "Cell",
    "Characteristics",
    "Condition",
    "ConditionError",
    "ConditionName",
    "Creature",
    "DamageType",
    "DiceRolled",
    "DrawSteel",
    "Duration",
    "Encounter",
    "EndCombat",
    "EndRound",
    "EndTurn",
    "Event",
    "FreeStrike",
    "HeroSheet",
    "IllegalForcedMoveError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "MapObject",
    "Material",
    "Move",
    "MovementType",
    "Note",
    "Outcome",
    "Pos",
    "PowerRoll",
    "Pull",
    "Push",
    "Reachable",
    "Rng",
    "RulesError",
    "Scenario",
    "ScenarioError",
    "Size",
    "Slide",
    "StabilityModifier",
    "StartCombat",
    "StartTurn",
    "StatBlock",
    "StatBlockFile",
    "StateError",
    "Summary",
    "Terrain",
    "TurnOrderError",
    "TurnState",
    "UnknownCreatureError",
    "UseAbility",
    "UseAction",
    "action_from_json",
    "actions_from_json",
    "actions_to_json",
    "add_condition",
    "adjacent",
    "advance",
    "aid_attack",
    "apply",
    "award_hero_tokens",
    "bundled_scenario",
    "bundled_scenarios",
    "bundled_statblocks",
    "can",
    "catch_breath",
    "charge",
    "d10",
    "damage",
    "defend",
    "disengage",
    "distance",
    "earn_victories",
    "edges_and_banes",
    "end_combat",
    "end_round",
    "end_turn",
    "escape_grab",
    "events_from_json",
    "events_to_json",
    "explain",
    "fall",
    "fall_prone",
    "finish_respite",
    "free_strike",
    "from_ascii",
    "from_json",
    "gain_temporary_stamina",
    "grab",
    "grabbed_by",
    "has_cover",
    "heal",
    "hero_token_stamina",
    "hero_token_surges",
    "hide",
    "is_hidden_from",
    "is_legal",
    "jump",
    "knockback",
    "legal_actions",
    "line_of_effect_to",
    "load_scenario",
    "load_statblocks",
    "loads_scenario",
    "loads_statblocks",
    "lose_stamina",
    "move",
    "opportunity_attack",
    "parse_tier",
    "path_cost",
    "play",
    "power_roll",
    "pull",
    "push",
    "reachable",
    "read_scenario",
    "regain_stamina",
    "remove_condition",
    "render_svg",
    "render_text",
    "replay",
    "ride",
    "roll_dice",
    "save_against",
    "saving_throw",
    "search",
    "shift",
    "simulate",
    "slide",
    "speed",
    "spend_recovery",
    "stand_up",
    "start_combat",
    "start_turn",
    "teleport",
    "tier_of",
    "to_json",
    "use_ability",
    "use_action",
    "use_consumable",
    "verify",
]

# --- the public boundary: arguments of the wrong type raise ArgumentTypeError ---------------
from brawl._public import check_namespace

check_namespace(globals(), __all__)
del check_namespace
