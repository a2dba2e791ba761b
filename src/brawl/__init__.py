"""brawl: a pure rules engine for grid-based tactical combat.

It implements the Draw Steel Combat chapter exactly, and the turn structures of two other
games. Every rule is a pure function ``rule(state, ...) -> Outcome`` over an immutable
:class:`Encounter`; every event cites the rule behind it.
"""

# ruff: noqa: E402  (imports are grouped by area, each followed by its part of __all__)

# --- the model ----------------------------------------------------------------------------
from brawl.conditions import Condition, ConditionName, Duration
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
from brawl.rules.conditions import add_condition, remove_condition
from brawl.rules.damage import DOUBLE, HALVE, Modifier, bonus, damage

__all__ += ["DOUBLE", "HALVE", "Modifier", "add_condition", "bonus", "damage", "remove_condition"]

# --- movement ------------------------------------------------------------------------------

# --- forced movement and falling -----------------------------------------------------------
from brawl.rules.falling import fall

__all__ += ["fall"]

# --- turns ---------------------------------------------------------------------------------

# --- input and output and rendering --------------------------------------------------------
from brawl.io.json import events_from_json, events_to_json, from_json, to_json

__all__ += ["events_from_json", "events_to_json", "from_json", "to_json"]
