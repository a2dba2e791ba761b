"""Heroic Resource gained at the start of a hero's turn in combat (R-ABIL-13, RB-HR-05, RB-HR-06).

A hero's sheet says how much it gains: a number (``"2"``) or dice (``"1d3"``), or, without one,
its class's gain at its level (:mod:`brawl.rules.classes`); dice are rolled from the encounter's
seeded RNG, so every fight replays exactly.
"""

from __future__ import annotations

import attrs

from brawl.abilities.model import Ability
from brawl.creature import MAX_COUNT, Creature
from brawl.dice import roll_dice
from brawl.errors import ActionUnavailableError
from brawl.events.abilities import ResourceGained
from brawl.events.base import Note
from brawl.events.heroes import RespiteFinished, VictoriesEarned
from brawl.fields import ident, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.classes import GENERIC, resource_name, turn_gain
from brawl.state import Encounter

GAIN_RULES = ("R-ABIL-13",)
"""The rule behind a gain the hero's sheet gives."""


def gain_heroic_resource(state: Encounter, creature: str) -> Outcome:
    """``creature`` gains its Heroic Resource for the start of its turn, dice rolled: its sheet's
    ``resource_gain`` (R-ABIL-13), else its class's gain at its level (RB-HR-05, RB-HR-06).

    A creature that is not a hero or has no gain gains nothing (no event).
    """
    c = state.creature(creature)
    if not c.hero:
        return Outcome(state, ())
    gain, rules = turn_gain(c)
    if gain.count == 0 and gain.bonus == 0:
        return Outcome(state, ())
    out = Outcome(state, ())
    amount = gain.count + gain.bonus
    if gain.sides:
        faces, out = roll_dice(
            state, gain.sides, gain.count, purpose="Heroic Resource gain", creature=creature, rules=rules
        )
        amount = sum(faces) + gain.bonus
    return gain_resource(out, creature, amount, rules)


def gain_resource(out: Outcome, creature: str, amount: int, rules: tuple[str, ...]) -> Outcome:
    """``out`` with ``creature`` (a hero) gaining ``amount`` of its Heroic Resource, its event
    naming the class's resource (RB-HR-01)."""
    c = out.state.creature(creature)
    total = min(MAX_COUNT, c.heroic_resource + amount)
    return out.add(
        ResourceGained(creature=creature, amount=amount, total=total, resource=named(c), rules=rules),
        state=out.state.update_creature(creature, heroic_resource=total),
    )


def named(c: Creature) -> str:
    """The name a resource event gives ``c``'s Heroic Resource: its class's, or empty (RB-HR-01)."""
    name = resource_name(c)
    return "" if name == GENERIC else name


# --- outside combat (RB-HR-08) ------------------------------------------------------------------
OUTSIDE_RULES = ("RB-HR-08",)
"""The rule of Heroic Resources outside combat."""


def waived_outside_combat(state: Encounter, user: Creature, ability: Ability) -> bool:
    """Whether ``user`` uses the heroic ``ability`` without spending: outside combat, holding
    less than its cost (RB-HR-08; a hero holding the cost pays it, R-HERO-1). Raises
    :class:`ActionUnavailableError` if it already used that ability so since its last Victory or
    respite."""
    cost = ability.cost
    if state.turn is not None or cost is None or cost.resource != "heroic" or not user.hero:
        return False
    if user.heroic_resource >= cost.amount:
        return False
    if ability.name in user.heroic_used_outside:
        raise ActionUnavailableError(
            f"{ability.name} by {user.id!r}: already used outside combat without spending; again only "
            "after it earns a Victory or finishes a respite",
            rule=OUTSIDE_RULES,
        )
    return True


def use_without_spending(state: Encounter, user: Creature, ability: Ability) -> Outcome:
    """``user`` uses ``ability`` outside combat without spending, and can't again that way until
    it earns a Victory or finishes a respite (RB-HR-08)."""
    used = user.heroic_used_outside | {ability.name}
    return Outcome(
        state.update_creature(user.id, heroic_used_outside=used),
        (
            Note(
                text=f"{user.id} uses {ability.name} outside combat without spending its "
                f"{resource_name(user)}",
                rules=OUTSIDE_RULES,
            ),
        ),
    )


def gain_outside_combat(out: Outcome, creature: str) -> Outcome | None:
    """``out`` with a note that ``creature`` gains nothing outside combat (RB-HR-08), or None in combat."""
    if out.state.turn is not None:
        return None
    c = out.state.creature(creature)
    return out.add(Note(text=f"{creature} can't gain {resource_name(c)} outside combat", rules=OUTSIDE_RULES))


def _hero(state: Encounter, creature: str, what: str) -> Creature:
    c = state.creature(creature)
    if not c.hero:
        raise ActionUnavailableError(f"{what}: {creature!r} is not a hero", rule=OUTSIDE_RULES)
    return c


@attrs.frozen
class EarnVictories(Action):
    """A hero earns Victories (RB-EV-01): its heroic abilities used outside combat without spending
    may be used that way again (RB-HR-08)."""

    creature: str = attrs.field(validator=ident("RB-HR-08"))
    """The hero."""
    victories: int = attrs.field(default=1, validator=whole("RB-EV-01", lo=1, hi=MAX_COUNT))
    """How many Victories, 1 or more."""

    def verify(self, state: Encounter) -> None:
        _hero(state, self.creature, "earn victories")

    def resolve(self, state: Encounter) -> Outcome:
        c = _hero(state, self.creature, "earn victories")
        total = min(MAX_COUNT, c.victories + self.victories)
        return Outcome(
            state.update_creature(c.id, victories=total, heroic_used_outside=frozenset()),
            (
                VictoriesEarned(
                    creature=c.id, amount=self.victories, total=total, rules=("RB-EV-01", *OUTSIDE_RULES)
                ),
            ),
        )


@attrs.frozen
class FinishRespite(Action):
    """A hero finishes a respite outside combat: all its Stamina and Recoveries come back
    (DS-STAM-16), and its heroic abilities used outside combat without spending may be used that
    way again (RB-HR-08)."""

    creature: str = attrs.field(validator=ident("RB-HR-08"))
    """The hero."""

    def verify(self, state: Encounter) -> None:
        _check_respite(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        c = _check_respite(state, self)
        return Outcome(
            state.update_creature(
                c.id, stamina=c.stamina_max, recoveries=c.recoveries_max, heroic_used_outside=frozenset()
            ),
            (
                RespiteFinished(
                    creature=c.id,
                    stamina=c.stamina_max,
                    recoveries=c.recoveries_max,
                    rules=("DS-STAM-16", *OUTSIDE_RULES),
                ),
            ),
        )


def _check_respite(state: Encounter, request: FinishRespite) -> Creature:
    c = _hero(state, request.creature, "finish respite")
    if state.turn is not None:
        raise ActionUnavailableError(
            f"finish respite: {request.creature!r} is in combat; a respite is 24 hours of rest",
            rule=OUTSIDE_RULES,
        )
    if c.dead:
        raise ActionUnavailableError(f"finish respite: {request.creature!r} is dead", rule="DS-STAM-09")
    return c
