"""The request to use an ability: its fields, their checks and what each kind of ability costs.

:class:`AbilityRequest` declares the fields of :class:`~brawl.rules.abilities.UseAbility` once,
with the checks of their values (R-ABIL-1, R-ABIL-9, R-AREA-1..5, RB3-DOWNGRADE); the rules that
check a use (:mod:`brawl.rules.abilities.targets`) and resolve it
(:mod:`brawl.rules.abilities.effects`) read them from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import attrs
import immutables

from brawl.abilities.model import MAX_OPTIONS
from brawl.conditions import Duration
from brawl.dice import power_dice
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.fields import flag, ident, ids, position, positions, text, whole
from brawl.geometry import Pos
from brawl.requests import Action
from brawl.rules.edges import Reason, reasons
from brawl.rules.recoveries import token_stamina_field
from brawl.state import Encounter

COSTS = {
    "main action": "main",
    "maneuver": "maneuver",
    "move action": "move",
    "free maneuver": "free maneuver",
    "triggered action": "triggered",
    "free triggered action": "free triggered",
}
"""What each action type spends: a part of its user's turn, or its one triggered action of the
round (DS-TURN-05; a free triggered action spends nothing, DS-TURN-06); a villain action spends
nothing (R-ABIL-1)."""
DURATIONS = {
    "end of turn": Duration.EOT,
    "save ends": Duration.SAVE_ENDS,
    "end of encounter": Duration.END_OF_ENCOUNTER,
    "": Duration.UNTIL_REMOVED,
}
"""The condition durations an ability prints, as the engine keeps them (RB2-EOT, RB2-SAVE, RB2-EOE,
R-ABIL-5)."""
RESOURCE_RULES = {"heroic": ("DS-SIDE-04", "R-ABIL-8"), "malice": ("RB6-MALICE", "R-ABIL-8")}
"""The rules behind each resource an ability may cost."""
MAX_TARGETS = 1_000
"""Most targets one use names."""


def _targets(value: Iterable[str]) -> tuple[str, ...]:
    items = ids(value, "targets", "R-ABIL-9")
    if len(set(items)) != len(items):
        raise InvalidArgumentError(f"targets {list(items)!r}: a target is named twice", rule="R-ABIL-9")
    if len(items) > MAX_TARGETS:
        raise InvalidArgumentError(f"targets: at most {MAX_TARGETS}", rule="R-ABIL-9")
    return items


def _raised(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "potency_surges", "RB-SURGE-03", unique=True)


def _optional_pos(value: Iterable[int] | None) -> Pos | None:
    return None if value is None else position(value, "position", "R-AREA-2")


def _wall(value: Iterable[Iterable[int]]) -> tuple[Pos, ...]:
    return positions(value, "wall", "R-AREA-4", limit=MAX_TARGETS)


def _tiers(value: Mapping[str, int] | None) -> immutables.Map[str, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"tiers {value!r}: a mapping of target id to tier", rule="RB3-DOWNGRADE")
    for k, v in value.items():
        if not isinstance(k, str) or isinstance(v, bool) or not isinstance(v, int):
            raise ArgumentTypeError(f"tiers {value!r}: target ids to tiers 1 to 3", rule="RB3-DOWNGRADE")
        if not 1 <= v <= 3:
            raise InvalidArgumentError(f"tiers {value!r}: tier {v} is not 1, 2 or 3", rule="RB3-DOWNGRADE")
    return immutables.Map(value)


def _paths(
    value: Mapping[str, Iterable[Iterable[int]]] | None, what: str, rule: str
) -> immutables.Map[str, tuple[Pos, ...]] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"{what}s {value!r}: a mapping of target id to a path", rule=rule)
    out: dict[str, tuple[Pos, ...]] = {}
    for k, v in value.items():
        if not isinstance(k, str):
            raise ArgumentTypeError(f"{what}s {value!r}: {k!r} is not a target id", rule=rule)
        out[k] = positions(v, f"{what} path", rule, limit=MAX_TARGETS)
    return immutables.Map(out)


def _slides(
    value: Mapping[str, Iterable[Iterable[int]]] | None,
) -> immutables.Map[str, tuple[Pos, ...]] | None:
    return _paths(value, "slide", "DS-FORCE-04")


def _choices(value: Mapping[str, int] | None) -> immutables.Map[str, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(f"choices {value!r}: a mapping of target id to an option", rule="R-ABIL-18")
    for k, v in value.items():
        if not isinstance(k, str) or isinstance(v, bool) or not isinstance(v, int):
            raise ArgumentTypeError(f"choices {value!r}: target ids to option numbers", rule="R-ABIL-18")
        if not 0 <= v < MAX_OPTIONS:
            raise InvalidArgumentError(
                f"choices {value!r}: option {v} is not from 0 to {MAX_OPTIONS - 1}", rule="R-ABIL-18"
            )
    return immutables.Map(value)


def _shifts(
    value: Mapping[str, Iterable[Iterable[int]]] | None,
) -> immutables.Map[str, tuple[Pos, ...]] | None:
    return _paths(value, "shift", "DS-MOVE-09")


@attrs.frozen
class AbilityRequest(Action):
    """The fields of a use of an ability, shared by :class:`~brawl.rules.abilities.UseAbility` (its
    record) and the rules that check and resolve it."""

    base: ClassVar[bool] = True

    cost: ClassVar[str | None] = "main"
    actor: ClassVar[str] = "user"

    user: str = attrs.field(validator=ident("R-ABIL-1"))
    """The creature using the ability."""
    ability: str = attrs.field(validator=text("R-ABIL-1"))
    """The ability's name on the user's block."""
    targets: tuple[str, ...] = attrs.field(default=(), converter=_targets)
    """The creatures and objects chosen, in the order they are resolved; an area's when empty."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The two d10 faces of the one power roll; None: drawn from the state's RNG."""
    origin: Pos | None = attrs.field(default=None, converter=_optional_pos)
    """Where a cube (its lowest corner) or a line (its first square) is placed (R-AREA-2, R-AREA-3)."""
    direction: Pos | None = attrs.field(default=None, converter=_optional_pos)
    """The way a line runs: (1, 0, 0), (0, 1, 0), (-1, 0, 0) or (0, -1, 0) (R-AREA-3)."""
    wall: tuple[Pos, ...] = attrs.field(default=(), converter=_wall)
    """The squares of a wall (R-AREA-4)."""
    tiers: immutables.Map[str, int] | None = attrs.field(default=None, converter=_tiers)
    """A lower tier the roller takes against a target (RB3-DOWNGRADE); a higher one is not taken."""
    damage_type: str | None = attrs.field(default=None, validator=text("R-ABIL-3", optional=True))
    """Which of several printed damage types is dealt (default: the first printed, R-ABIL-3)."""
    slides: immutables.Map[str, tuple[Pos, ...]] | None = attrs.field(default=None, converter=_slides)
    """The path of each target's slide (R-GEO-3); a target slid without one moves 0 squares."""
    extra: tuple[Reason, ...] = attrs.field(default=(), converter=reasons)
    """Edge and bane reasons the caller found, for every target."""
    knock_out: bool = attrs.field(default=False, validator=flag("DS-STAM-13"))
    """Knock out instead of killing a creature the damage would kill."""
    granted: bool = attrs.field(default=False, validator=flag("R-TURN-8"))
    """Used as an effect grants it (a heroic ability granted off-turn): no part of the turn is
    spent (R-TURN-8)."""
    shifts: immutables.Map[str, tuple[Pos, ...]] | None = attrs.field(
        default=None, kw_only=True, converter=_shifts
    )
    """By target id, the path of the shift that target's tier prints ("the target shifts up to 2
    squares", or the user's); a shift without one is left to the table (R-ABIL-14)."""
    choices: immutables.Map[str, int] | None = attrs.field(default=None, kw_only=True, converter=_choices)
    """By target id, the option the user takes where that target's tier prints a choice ("push 2
    or prone"): 0 for the first printed, 1 for the second...; without one, the first (R-ABIL-18)."""
    surges: int = attrs.field(default=0, kw_only=True, validator=whole("RB-SURGE-02", lo=0, hi=3))
    """Surges spent for extra damage to one target of the rolled damage, each adding the user's
    highest characteristic (RB-SURGE-02)."""
    surge_target: str | None = attrs.field(
        default=None, kw_only=True, validator=text("RB-SURGE-02", optional=True)
    )
    """The target the surges' extra damage goes to (default: the first target dealt rolled damage)."""
    potency_surges: tuple[str, ...] = attrs.field(default=(), kw_only=True, converter=_raised)
    """Targets whose potency goes up by 1, for 2 surges each (RB-SURGE-03)."""
    automatic_tier: int | None = attrs.field(
        default=None, kw_only=True, validator=whole("RB3-AUTOMATIC", lo=1, hi=3, optional=True)
    )
    """An automatic tier outcome an effect gives the roll, overriding edges, banes and bonuses
    (RB3-AUTOMATIC); the dice are still rolled, for a critical hit (RB-CRIT-06)."""
    spend: int = attrs.field(default=0, kw_only=True, validator=whole("RB-HR-03", lo=0, hi=100))
    """More of the cost's resource spent on the ability's "Spend X" entry that amount buys (its
    amount, or a multiple of it for "Spend X+"); 0: none (RB-HR-03)."""
    token_stamina: tuple[str, ...] = token_stamina_field()
    """The heroes that spend 2 hero tokens each for Stamina as its damage comes (RB-TOKEN-03)."""

    @classmethod
    def cost_in(cls, state: Encounter, fields: Mapping[str, Any]) -> str | None:
        """What the ability's action type spends: a part of the turn, or the triggered action of
        the round (R-ABIL-1, DS-TURN-05)."""
        user, name = fields.get("user"), fields.get("ability")
        c = state.creatures.get(user) if isinstance(user, str) else None
        found = c.ability(name) if c is not None and isinstance(name, str) else None
        return COSTS.get(found.action_type) if found is not None else cls.cost


__all__ = ["COSTS", "DURATIONS", "MAX_TARGETS", "RESOURCE_RULES", "AbilityRequest"]
