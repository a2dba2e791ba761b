"""Prone by choice and standing up: fall prone to crawl, the Stand Up maneuver (DS-MTYPE-23, DS-ACT-15)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from brawl.conditions import ConditionName
from brawl.errors import (
    ActionUnavailableError,
    InvalidArgumentError,
)
from brawl.events.movement import (
    DroppedProne,
    StoodUp,
)
from brawl.fields import flag, ident
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import (
    can_stand_up,
    can_take_free_maneuvers,
    can_take_maneuvers,
    clear_condition,
    impose_condition,
)
from brawl.rules.placing import fall_if_unsupported
from brawl.state import Encounter


@attrs.frozen
class FallProne(Action):
    """Drop prone on purpose, as a free maneuver, to crawl (DS-MTYPE-23); a flyer without hover falls."""

    cost: ClassVar[str | None] = "free maneuver"

    creature: str = attrs.field(validator=ident("DS-MTYPE-23"))
    granted: bool = attrs.field(default=False, validator=flag("DS-MTYPE-23"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the creature may drop prone now: alive, not prone, free maneuvers (DS-MTYPE-23)."""
        _check_fall_prone(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Drop prone."""
        return _fall_prone(state, self)


def _check_fall_prone(state: Encounter, request: FallProne) -> None:
    creature = request.creature
    c = state.creature(creature)
    if c.dead:
        raise ActionUnavailableError(f"fall prone {creature!r}: it is dead", rule="DS-STAM-09")
    if c.has(ConditionName.PRONE):
        raise ActionUnavailableError(f"fall prone {creature!r}: it is already prone", rule="DS-MTYPE-23")
    if not can_take_free_maneuvers(state, creature):
        raise ActionUnavailableError(
            f"fall prone {creature!r}: it can't take free maneuvers now", rule=("DS-MTYPE-23", "RB1-DAZED")
        )


def _fall_prone(state: Encounter, request: FallProne) -> Outcome:
    _check_fall_prone(state, request)
    creature = request.creature
    out = impose_condition(state, creature, ConditionName.PRONE, voluntary=True)
    out = Outcome(out.state, (*out.events, DroppedProne(creature=creature, rules=("DS-MTYPE-23",))))
    return fall_if_unsupported(out, creature)


@attrs.frozen
class StandUp(Action):
    """The Stand Up maneuver: end prone, on itself or on a willing adjacent prone creature (DS-ACT-15).

    Standing from voluntary prone is a free maneuver (DS-MTYPE-23); a restrained creature can't
    use Stand Up (RB1-RESTRAINED), nor one knocked prone by an effect that says it can't stand.
    """

    cost: ClassVar[str | None] = "maneuver"

    creature: str = attrs.field(validator=ident("DS-ACT-15"))
    helper: str | None = attrs.field(default=None, validator=ident("DS-ACT-15", optional=True))
    willing: bool = attrs.field(default=True, validator=flag("DS-ACT-15"))
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-15"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    @classmethod
    def actor_in(cls, fields: Mapping[str, Any]) -> object:
        """The helper when one lifts the creature, else the creature itself (DS-ACT-15)."""
        helper = fields.get("helper")
        return fields.get("creature") if helper is None else helper

    @classmethod
    def cost_in(cls, state: Encounter, fields: Mapping[str, Any]) -> str | None:
        """A maneuver (the helper's when helped); a free one from voluntary prone (DS-MTYPE-23)."""
        if fields.get("helper") is not None:
            return cls.cost
        prone = state.creature(fields["creature"]).conditions_named(ConditionName.PRONE)
        return "free maneuver" if prone and all(p.voluntary for p in prone) else cls.cost

    def verify(self, state: Encounter) -> None:
        """Raise unless the creature may stand up now (DS-ACT-15, DS-MTYPE-23).

        A prone creature whose prone lets it stand, conscious; alone, not restrained
        (RB1-RESTRAINED); lifted, by a willing adjacent helper able to take a maneuver.
        """
        _check_stand_up(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Stand up."""
        return _stand_up(state, self)


def _check_stand_up(state: Encounter, request: StandUp) -> bool:
    """Raise unless the creature may stand up now (:meth:`StandUp.verify`); whether it is a free
    maneuver (DS-MTYPE-23)."""
    creature, helper, willing = request.creature, request.helper, request.willing
    c = state.creature(creature)
    prone = c.conditions_named(ConditionName.PRONE)
    if not prone:
        raise ActionUnavailableError(f"stand up {creature!r}: it is not prone", rule="DS-ACT-15")
    if not all(p.can_stand for p in prone):
        raise ActionUnavailableError(
            f"stand up {creature!r}: the effect that knocked it prone says it can't stand", rule="RB1-PRONE"
        )
    if c.has(ConditionName.UNCONSCIOUS):
        raise ActionUnavailableError(
            f"stand up {creature!r}: an unconscious creature is prone and can't stand", rule="DS-COND-05"
        )
    if helper is None:
        if not can_stand_up(state, creature):
            raise ActionUnavailableError(
                f"stand up {creature!r}: a restrained creature can't use Stand Up", rule="RB1-RESTRAINED"
            )
        free = all(p.voluntary for p in prone)
    else:
        h = state.creature(helper)
        if helper == creature:
            raise InvalidArgumentError(
                f"stand up {creature!r}: the helper is the creature itself", rule="DS-ACT-15"
            )
        if h.dead or not can_take_maneuvers(state, helper):
            raise ActionUnavailableError(
                f"stand up {creature!r}: {helper!r} can't take a maneuver", rule="DS-ACT-15"
            )
        if distance(h.pos, h.n, c.pos, c.n) != 1:
            raise ActionUnavailableError(
                f"stand up {creature!r}: {helper!r} is not adjacent to it", rule="DS-ACT-15"
            )
        if not willing:
            raise ActionUnavailableError(
                f"stand up {creature!r}: it is not willing to be lifted by {helper!r}", rule="DS-ACT-15"
            )
        free = False
    return free


def _stand_up(state: Encounter, request: StandUp) -> Outcome:
    free = _check_stand_up(state, request)
    creature, helper = request.creature, request.helper
    out = clear_condition(state, creature, ConditionName.PRONE, reason="stood up", rules=("DS-ACT-15",))
    rules = ("DS-ACT-15", "DS-MTYPE-23") if free else ("DS-ACT-15",)
    return out.add(StoodUp(creature=creature, helper=helper, free_maneuver=free, rules=rules))


__all__ = ["FallProne", "StandUp"]
