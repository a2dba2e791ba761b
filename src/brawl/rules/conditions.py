"""Imposing and ending conditions, and what conditions change (RULES-BEYOND.md §1, §2).

The queries here (:func:`speed`, :func:`can_shift`, ...) are what the other rules ask; the
turn systems call :func:`start_of_turn`, :func:`end_of_turn` and :func:`end_of_round`.
"""

from __future__ import annotations

import attrs

from brawl.conditions import ONE_SOURCE, Condition, ConditionName, Duration
from brawl.creature import Creature
from brawl.errors import ConditionError
from brawl.events.base import Event
from brawl.events.conditions import ConditionEnded, ConditionGained
from brawl.outcome import Outcome
from brawl.state import Encounter

SLOWED_SPEED = 2  # RULES-BEYOND §1 slowed: speed 2 unless already lower; DS-COND-08 (5 -> 2)


def add_condition(
    state: Encounter,
    creature: str,
    name: ConditionName | str,
    duration: Duration | str = Duration.UNTIL_REMOVED,
    *,
    source: str | None = None,
    save_threshold: int = 6,
    can_stand: bool = True,
    voluntary: bool = False,
) -> Outcome:
    """Impose a condition. Frightened and taunted keep one source: a new one replaces the old.

    An instance of the same condition from the same source is replaced (the most recent use
    sets the duration); the same condition never counts twice (RULES-BEYOND.md §1 stacking).
    """
    c = state.creature(creature)
    try:
        cond = Condition(
            ConditionName(name), Duration(duration), source, save_threshold, can_stand, voluntary
        )
    except ValueError as exc:
        raise ConditionError(f"condition {name!r} on {creature!r}: {exc}", rule="DS-COND-01") from None
    if c.dead:
        raise ConditionError(
            f"condition {cond.name.value} on {creature!r}: the creature is dead", rule="DS-STAM-09"
        )
    replaced: Condition | None = None
    kept: list[Condition] = []
    for old in c.conditions:
        same = old.name is cond.name and (cond.name in ONE_SOURCE or old.source == cond.source)
        if same and old.duration is not Duration.WHILE_DYING:
            replaced = replaced or old
            continue
        kept.append(old)
    kept.append(cond)
    rules: tuple[str, ...] = ("RB1-STACKING",)
    event = ConditionGained(
        creature=creature,
        condition=cond,
        replaced=replaced if replaced and replaced.source != cond.source else None,
        rules=rules,
    )
    return Outcome(state.with_creature(_with_conditions(c, tuple(kept))), (event,))


def remove_condition(
    state: Encounter,
    creature: str,
    name: ConditionName | str,
    *,
    source: str | None = None,
    reason: str = "removed",
    rules: tuple[str, ...] = (),
) -> Outcome:
    """End every removable instance of a condition (from ``source`` if given).

    The bleeding of a dying hero cannot be removed while it is dying (DS-STAM-07).
    """
    c = state.creature(creature)
    key = ConditionName(name)
    kept: list[Condition] = []
    events: list[Event] = []
    for old in c.conditions:
        matches = old.name is key and (source is None or old.source == source)
        if matches and not (old.duration is Duration.WHILE_DYING and c.is_dying):
            events.append(ConditionEnded(creature=creature, condition=old, reason=reason, rules=rules))
            continue
        kept.append(old)
    if not events:
        return Outcome(state, ())
    return Outcome(state.with_creature(_with_conditions(c, tuple(kept))), tuple(events))


def speed(state: Encounter, creature: str) -> int:
    """Current speed after conditions: grabbed, restrained, unconscious 0; slowed at most 2."""
    c = state.creature(creature)
    if (
        c.dead
        or c.has(ConditionName.GRABBED)
        or c.has(ConditionName.RESTRAINED)
        or c.has(ConditionName.UNCONSCIOUS)
    ):
        return 0
    if c.has(ConditionName.SLOWED):
        return min(c.speed, SLOWED_SPEED)
    return c.speed


def can_take_triggered_actions(state: Encounter, creature: str) -> bool:
    """False while dazed, surprised or unconscious (DS-COND-02, DS-COND-04, DS-TURN-08)."""
    c = state.creature(creature)
    return not (
        c.dead
        or c.has(ConditionName.DAZED)
        or c.has(ConditionName.SURPRISED)
        or c.has(ConditionName.UNCONSCIOUS)
    )


def can_shift(state: Encounter, creature: str) -> bool:
    """False while slowed (RULES-BEYOND.md §1 slowed) or with speed 0."""
    c = state.creature(creature)
    return not c.has(ConditionName.SLOWED) and speed(state, creature) > 0


def can_be_force_moved_by(state: Encounter, target: str, mover: str | None) -> bool:
    """Restrained: never; grabbed: only by whatever has it grabbed (RULES-BEYOND.md §1)."""
    c = state.creature(target)
    if c.has(ConditionName.RESTRAINED):
        return False
    grabs = c.conditions_named(ConditionName.GRABBED)
    return not grabs or (mover is not None and any(g.source == mover for g in grabs))


def start_of_turn(state: Encounter, creature: str) -> Outcome:
    """What conditions do at the start of a creature's turn (called by the turn systems)."""
    state.creature(creature)
    return Outcome(state, ())


def end_of_turn(state: Encounter, creature: str, *, saving_throws: dict[int, int] | None = None) -> Outcome:
    """EoT conditions expire and save-ends saves are rolled at the end of a creature's turn."""
    c = state.creature(creature)
    out = Outcome(state, ())
    for cond in c.conditions:
        if cond.duration is Duration.EOT:
            out = out.then(
                remove_condition,
                creature,
                cond.name,
                source=cond.source,
                reason="end of turn (EoT)",
                rules=("RB2-EOT",),
            )
    return out


def end_of_round(state: Encounter) -> Outcome:
    """Conditions lasting to the end of the round (surprise after round 1) end."""
    out = Outcome(state, ())
    for c in state.creature_list():
        for cond in c.conditions:
            if cond.duration is Duration.END_OF_ROUND:
                out = out.then(
                    remove_condition,
                    c.id,
                    cond.name,
                    source=cond.source,
                    reason="end of round",
                    rules=("DS-COND-01",),
                )
    return out


def _with_conditions(c: Creature, conditions: tuple[Condition, ...]) -> Creature:
    return attrs.evolve(c, conditions=conditions)
