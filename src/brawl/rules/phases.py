"""The start and end of turns, rounds and the encounter: what ends and what is rolled then.

The turn systems call these hooks; each is a pure rule over the encounter (RB2-EOT, RB2-SAVE,
RB2-EOE, DS-COND-01, DS-COND-15, DS-STAM-22, DS-ACT-03, DS-ACT-19).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter

from brawl.conditions import Condition, ConditionName, Duration
from brawl.errors import InvalidArgumentError
from brawl.outcome import Outcome
from brawl.rules.conditions import (
    ENDS_WITH_ENCOUNTER,
    end_named_where,
    end_where,
    instance_at,
    make_save,
    save_against_named,
)
from brawl.rules.persistent import (
    areas_at_encounter_end,
    areas_at_end,
    areas_at_round_end,
    areas_at_start,
)
from brawl.rules.stability import end_stability_modifiers
from brawl.rules.stamina import end_of_encounter_stamina
from brawl.rules.strikes import expire_effects
from brawl.state import Encounter


def start_of_turn(state: Encounter, creature: str) -> Outcome:
    """What happens at the start of a creature's turn: no condition ends then (RB2-EOT), but the
    Aid Attack and Defend effects it made end (DS-ACT-03, DS-ACT-19), then its walls and auras
    lasting to the start of its turn, and the start-of-turn effects of the areas it is in land
    (R-AREA-8, R-AREA-12).
    """
    creatures = state.creatures
    if creature in creatures and not any(map(_effects, creatures.values())):
        return areas_at_start(state, creature)  # expire_effects: no creature has an effect to end
    return expire_effects(state, creature).then(areas_at_start, creature)


_effects = attrgetter("effects")
_areas = attrgetter("areas")


def quiet_start(state: Encounter, creature: str) -> bool:
    """Whether :func:`start_of_turn` changes nothing and tells nothing: ``creature`` is one of the
    encounter's and no creature has an effect to end or a lasting area to end or land."""
    creatures = state.creatures
    if creature not in creatures:
        return False
    found = creatures.values()
    return not any(map(_effects, found)) and not any(map(_areas, found))  # no lasting area (R-AREA-8)


def quiet_end(state: Encounter, creature: str) -> bool:
    """Whether :func:`end_of_turn` with no saving throws given changes nothing and tells nothing:
    ``creature`` is one of the encounter's with no condition, stability modifier or named
    condition to end or save against, and no creature has a lasting area to land or end."""
    c = state.creatures.get(creature)
    return (
        c is not None
        and not (c.conditions or c.stability_modifiers or c.named_conditions)
        and not any(map(_areas, state.creatures.values()))  # no lasting area (R-AREA-8)
    )


def end_of_turn(
    state: Encounter,
    creature: str,
    *,
    saving_throws: Mapping[int, int] | None = None,
    save_bonus: int = 0,
    named_saving_throws: Mapping[int, int] | None = None,
) -> Outcome:
    """At the end of a creature's turn: its EoT effects end (RB2-EOT), then one saving throw per
    save-ends effect (RB2-SAVE); its named conditions end the same way, after its conditions
    (R-ABIL-16); then the end-of-turn effects of the areas it is in land and its walls and auras
    lasting to the end of its turn end (R-AREA-8, R-AREA-12).

    ``saving_throws`` maps an index into ``creature.conditions`` (as it is when this is called)
    to the d10 the player rolled; every other save-ends effect is rolled with the RNG, in order.
    ``named_saving_throws`` does the same for ``creature.named_conditions``.
    """
    c = state.creature(creature)
    if not (
        c.conditions or c.stability_modifiers or saving_throws or c.named_conditions or named_saving_throws
    ):
        return areas_at_end(state, creature)  # nothing else ends and nothing is saved against
    rolls = dict(saving_throws or {})
    for key in rolls:
        cond = instance_at(c, key, "RB2-SAVE")
        if cond.duration is not Duration.SAVE_ENDS:
            raise InvalidArgumentError(
                f"saving throw for condition {key} ({cond.name.value}) of {creature!r}: "
                "not a save-ends effect",
                rule="RB2-SAVE",
            )
    out = end_where(state, c, lambda x: x.duration is Duration.EOT, "end of turn (EoT)", ("RB2-EOT",))
    out = out.then(end_stability_modifiers, creature, {Duration.EOT}, "end of turn (EoT)", ("RB2-EOT",))
    saves = [(i, x) for i, x in enumerate(c.conditions) if x.duration is Duration.SAVE_ENDS]
    for original, cond in saves:
        current = out.state.creature(creature).conditions
        index = _find(current, cond)
        if index is None:
            continue
        out = out.then(make_save, creature, index, roll=rolls.get(original), bonus=save_bonus)
    if c.named_conditions or named_saving_throws:
        out = _end_named_of_turn(out, creature, save_bonus, dict(named_saving_throws or {}))
    return out.then(areas_at_end, creature)


def _end_named_of_turn(out: Outcome, creature: str, save_bonus: int, rolls: dict[int, int]) -> Outcome:
    """The creature's EoT named conditions end, then one saving throw per save-ends one
    (RB2-EOT, RB2-SAVE, R-ABIL-16); ``rolls`` maps an index into its named conditions (as they
    were before) to the d10 rolled, the others from the RNG."""
    c = out.state.creature(creature)
    original = c.named_conditions
    for key in rolls:
        if not isinstance(key, int) or isinstance(key, bool) or not 0 <= key < len(original):
            raise InvalidArgumentError(
                f"saving throw for named condition {key!r} of {creature!r}: no such named condition",
                rule="RB2-SAVE",
            )
        if original[key].duration is not Duration.SAVE_ENDS:
            raise InvalidArgumentError(
                f"saving throw for named condition {key} ({original[key].name}) of {creature!r}: "
                "not a save-ends effect",
                rule="RB2-SAVE",
            )
    eot = ("RB2-EOT", "R-ABIL-16")
    out = out.then(end_named_where, c, lambda x: x.duration is Duration.EOT, "end of turn (EoT)", eot)
    for was, effect in enumerate(original):
        if effect.duration is not Duration.SAVE_ENDS:
            continue
        now = out.state.creature(creature).named_conditions
        index = next((i for i, x in enumerate(now) if x is effect), None)
        if index is not None:
            out = out.then(save_against_named, creature, index, roll=rolls.get(was), bonus=save_bonus)
    return out


def _find(conditions: tuple[Condition, ...], cond: Condition) -> int | None:
    for i, x in enumerate(conditions):
        if x is cond:
            return i
    return None


def end_of_round(state: Encounter) -> Outcome:
    """Effects lasting to the end of the round end; surprise ends after round 1 (DS-COND-01); walls
    and auras lasting to it end (R-AREA-8)."""
    out = Outcome(state, ())
    for c in state.creature_list():
        if any(x.duration is Duration.END_OF_ROUND for x in c.conditions):
            step = end_where(
                out.state,
                out.state.creature(c.id),
                lambda x: x.duration is Duration.END_OF_ROUND,
                "end of round",
                ("DS-COND-01",),
            )
            out = Outcome(step.state, out.events + step.events)
        if any(x.duration is Duration.END_OF_ROUND for x in c.named_conditions):
            now = out.state.creature(c.id)
            rules = ("DS-COND-01", "R-ABIL-16")
            out = out.then(
                end_named_where, now, lambda x: x.duration is Duration.END_OF_ROUND, "end of round", rules
            )
        if c.stability_modifiers:
            out = out.then(end_stability_modifiers, c.id, {Duration.END_OF_ROUND}, "end of round", ())
    return out.then(areas_at_round_end)


def end_of_encounter(state: Encounter, *, keep_temporary_stamina: Sequence[str] = ()) -> Outcome:
    """When the encounter ends: EoT, save-ends, end-of-round and end-of-encounter effects end
    (RB2-EOE, RB2-SAVE), every lasting wall and aura ends (R-AREA-8) and temporary Stamina
    disappears (DS-STAM-22).

    Unconscious and the bleeding of dying stay (DS-COND-15); other conditions end only if the
    creature wants them to: call :func:`~brawl.rules.conditions.clear_condition`.
    """
    out = Outcome(state, ())
    for c in state.creature_list():
        step = end_where(
            out.state,
            out.state.creature(c.id),
            lambda x: x.duration in ENDS_WITH_ENCOUNTER and x.name is not ConditionName.UNCONSCIOUS,
            "end of encounter",
            ("RB2-EOE", "DS-COND-15"),
        )
        out = Outcome(step.state, out.events + step.events)
        if c.named_conditions:
            now = out.state.creature(c.id)
            rules = ("RB2-EOE", "R-ABIL-16")
            out = out.then(
                end_named_where, now, lambda x: x.duration in ENDS_WITH_ENCOUNTER, "end of encounter", rules
            )
        if c.stability_modifiers:
            ends = ENDS_WITH_ENCOUNTER
            out = out.then(end_stability_modifiers, c.id, ends, "end of encounter", ("RB2-EOE",))
    return out.then(areas_at_encounter_end).then(end_of_encounter_stamina, keep=keep_temporary_stamina)
