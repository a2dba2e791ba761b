"""The class triggers that read more than one event, or the turn's record: the null's Null Field
(RB-HR-13) and the troubadour's three heroes using abilities on one turn (RB-HR-17); and the
troubadour's return to life at 30 drama (RB-HR-17).

:func:`brawl.rules.resources.class_triggers` finds these with the others (:func:`turn_triggers`)
and pays each the first time each round or in the encounter, as it pays every class trigger.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import attrs

from brawl.conditions import ConditionName
from brawl.creature import Creature, LastingArea
from brawl.errors import ActionUnavailableError
from brawl.events.abilities import AbilityUsed
from brawl.events.actions import Struck
from brawl.events.base import Event
from brawl.events.forced import ForceMoved
from brawl.events.heroes import ReturnedToLife
from brawl.events.movement import Jumped, Moved, Teleported
from brawl.events.turns import ActionUsed
from brawl.fields import ident
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import clear_condition
from brawl.rules.persistent import is_in
from brawl.rules.stamina import DYING, store_stamina
from brawl.state import Encounter

ROUND, ENCOUNTER, EACH = "round", "encounter", "each"
"""How often a trigger pays: the first time each round, the first time in the encounter, every time."""


@attrs.frozen
class Owed:
    """A class trigger set off: ``amount`` of the hero's resource (``amount`` d``sides`` when
    ``sides``), paid ``once`` a round, an encounter, or each time."""

    hero: str
    trigger: str
    why: str
    amount: int
    once: str
    rules: tuple[str, ...]
    sides: int = 0


WATCHED: tuple[type[Event], ...] = (ActionUsed, AbilityUsed, Struck)
"""The events these triggers read besides the others' (no subclasses): a main action used, an
ability used, a strike made."""

# --- the null's Null Field (RB-HR-13) -------------------------------------------------------------
NULL_RULES = ("RB-HR-13",)
MAIN = "main"
"""The kind an ``ActionUsed`` names for a main action (DS-TURN-01)."""


@functools.cache
def null_field(radius: int) -> LastingArea:
    """The Null Field of ``radius`` as an aura: its squares are found around the null's space
    wherever it stands, as a lasting aura's are (R-AREA-11)."""
    return LastingArea(ability="Null Field", shape="aura", duration="end_of_encounter", radius=radius)


def projects_field(c: Creature) -> bool:
    """Whether the null ``c`` projects its Null Field: alive and conscious (RB-HR-13, R-HERO-8)."""
    return c.hero and c.hero_class == "null" and not c.dead and not c.has(ConditionName.UNCONSCIOUS)


def in_field(state: Encounter, null: Creature, other: Creature) -> bool:
    """Whether any square of ``other``'s space is in ``null``'s Null Field (RB-HR-13, R-AREA-5)."""
    return is_in(state, null, null_field(null.null_field), other)


def _then(events: Sequence[Event], i: int, c: Creature) -> Creature:
    """``c`` where it stood as the ``i``-th event happened: at the start of the first later move,
    push, teleport or jump that moved it, else where it stands now."""
    for e in events[i + 1 :]:
        if type(e) is ForceMoved:
            mover, start = e.target, e.start
        elif type(e) is Moved or type(e) is Teleported or type(e) is Jumped:
            mover, start = e.creature, e.start
        else:
            continue
        if mover == c.id:
            return c if start == c.pos else attrs.evolve(c, pos=start)
    return c


def _field_owed(state: Encounter, events: Sequence[Event], nulls: list[Creature]) -> list[Owed]:
    """A null's discipline for each main action an enemy used in its Null Field, where both
    stood as it was used (RB-HR-13, R-HERO-8)."""
    found: list[Owed] = []
    creatures = state.creatures
    for i, e in enumerate(events):
        if type(e) is not ActionUsed or e.kind != MAIN:
            continue
        user = creatures.get(e.creature)
        if user is None:
            continue
        for h in nulls:
            if user.side != h.side and in_field(state, _then(events, i, h), _then(events, i, user)):
                why = f"{user.id} uses a main action in its Null Field"
                found.append(Owed(h.id, "null-field", why, 1, ROUND, NULL_RULES))
    return found


# --- the troubadour's three heroes on one turn (RB-HR-17) -----------------------------------------
TROUBADOUR_RULES = ("RB-HR-17",)
ENSEMBLE = 3
"""Heroes using an ability on one turn that give a troubadour drama (RB-HR-17)."""


def ability_users(state: Encounter, events: Iterable[Event]) -> frozenset[str]:
    """The heroes the events show using an ability: through ``use_ability`` or a strike (R-HERO-9)."""
    creatures = state.creatures
    found: set[str] = set()
    for e in events:
        if type(e) is AbilityUsed:
            who = e.user
        elif type(e) is Struck:
            who = e.attacker
        else:
            continue
        c = creatures.get(who)
        if c is not None and c.hero:
            found.add(who)
    return frozenset(found)


def note_ability_users(out: Outcome, heroes: Sequence[Creature]) -> Outcome:
    """``out`` with the heroes its events show using an ability added to the turn's record
    (``ability_users``), when a troubadour is in the fight (RB-HR-17, R-HERO-9)."""
    t = out.state.turn
    seen: frozenset[str] | None = getattr(t, "ability_users", None)
    if seen is None or not any(h.hero_class == "troubadour" for h in heroes):
        return out
    new = ability_users(out.state, out.events)
    if new <= seen:
        return out
    return attrs.evolve(out, state=out.state.with_turn(attrs.evolve(t, ability_users=seen | new)))  # type: ignore[misc]


def _ensemble_owed(state: Encounter, heroes: Sequence[Creature]) -> list[Owed]:
    seen: frozenset[str] = getattr(state.turn, "ability_users", frozenset())
    if len(seen) < ENSEMBLE:
        return []
    why = f"{len(seen)} heroes use an ability on the same turn"
    return [
        Owed(h.id, "three-heroes", why, 2, ENCOUNTER, TROUBADOUR_RULES)
        for h in heroes
        if h.hero_class == "troubadour"
    ]


def turn_triggers(state: Encounter, events: Sequence[Event], heroes: Sequence[Creature]) -> list[Owed]:
    """The triggers here the events set off: the Null Field's (RB-HR-13) and the troubadour's
    three heroes on one turn (RB-HR-17, read from the turn's record, already updated by
    :func:`note_ability_users`)."""
    nulls = [h for h in heroes if projects_field(h)]
    found = _field_owed(state, events, nulls) if nulls else []
    if any(type(e) is AbilityUsed or type(e) is Struck for e in events):
        found += _ensemble_owed(state, heroes)
    return found


# --- the troubadour's return to life (RB-HR-17) ---------------------------------------------------
RETURN_DRAMA = 30
"""The drama a dead troubadour needs to return to life (RB-HR-17)."""
RETURN_STAMINA = 1
"""The Stamina it returns with (RB-HR-17)."""


@attrs.frozen
class ReturnToLife(Action):
    """A dead troubadour whose body is intact, holding 30 drama or more, returns to life with 1
    Stamina and 0 drama (RB-HR-17). It may at any moment of the combat, on anyone's turn or
    between turns, and spends no action: a dead creature has no turn (R-HERO-10). Refused outside
    combat, for a creature that is not a troubadour, one alive, or one holding less than 30."""

    creature: str = attrs.field(validator=ident("RB-HR-17"))
    """The troubadour."""

    def verify(self, state: Encounter) -> None:
        _check_return(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        old = _check_return(state, self)
        new = attrs.evolve(old, dead=False, stamina=RETURN_STAMINA, heroic_resource=0)
        back = ReturnedToLife(
            creature=old.id, stamina=RETURN_STAMINA, held=old.heroic_resource, rules=TROUBADOUR_RULES
        )
        out = store_stamina(state, old, new, (back,))  # winded at 1 Stamina (DS-STAM-04)
        if any(c.name is ConditionName.BLEEDING and c.source == DYING for c in new.conditions):
            out = out.then(
                clear_condition, old.id, ConditionName.BLEEDING, source=DYING, reason="no longer dying",
                rules=("DS-STAM-07",),
            )  # fmt: skip
        return out


def _check_return(state: Encounter, request: ReturnToLife) -> Creature:
    """The troubadour of ``request``, once it may return to life now (RB-HR-17, R-HERO-10)."""
    c = state.creature(request.creature)
    who = f"return to life: {c.id!r}"
    if state.turn is None:
        raise ActionUnavailableError(f"{who}: only during combat, where drama is held", rule=TROUBADOUR_RULES)
    if not (c.hero and c.hero_class == "troubadour"):
        raise ActionUnavailableError(f"{who}: it is not a troubadour", rule=TROUBADOUR_RULES)
    if not c.dead:
        raise ActionUnavailableError(f"{who}: it is alive", rule=TROUBADOUR_RULES)
    if c.heroic_resource < RETURN_DRAMA:
        raise ActionUnavailableError(
            f"{who}: it holds {c.heroic_resource} drama: {RETURN_DRAMA} are needed", rule=TROUBADOUR_RULES
        )
    return c


__all__ = [
    "EACH",
    "ENCOUNTER",
    "ROUND",
    "WATCHED",
    "Owed",
    "ReturnToLife",
    "ability_users",
    "in_field",
    "note_ability_users",
    "null_field",
    "projects_field",
    "turn_triggers",
]
