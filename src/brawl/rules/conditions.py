"""Imposing and ending conditions, and what conditions change (RB1-CONDITIONS, RB2-EOT, RB2-SAVE; DS-COND).

The queries here (:func:`speed`, :func:`can_shift`, :func:`can_stand_up`, ...) are what the
other rules ask; the turn systems call :func:`start_of_turn`, :func:`end_of_turn`,
:func:`end_of_round` and :func:`end_of_encounter`; the settle pass calls :func:`bleeding_loss`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence

import attrs

from brawl.checks import whole_number
from brawl.conditions import KNOCKED_OUT, ONE_SOURCE, Condition, ConditionName, Duration, NamedCondition
from brawl.creature import Creature, MovementType
from brawl.dice import MAX_BONUS, SAVE_DIE_SIDES, SAVE_THRESHOLD, saving_throw
from brawl.errors import ConditionError, InvalidArgumentError, StateError, not_one_of
from brawl.events.base import Event
from brawl.events.conditions import (
    ConditionEnded,
    ConditionGained,
    NamedConditionEnded,
    NamedConditionGained,
)
from brawl.fields import flag, ident, ids, replaced, text, whole
from brawl.geometry import Pos
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.tokens import SAVE_RULES, check_spend, saved_by_token
from brawl.state import Encounter

SLOWED_SPEED = 2  # RB1-SLOWED: speed 2 unless already lower; DS-COND-08 (5 -> 2)
NEEDS_SOURCE: frozenset[ConditionName] = frozenset(
    {ConditionName.FRIGHTENED, ConditionName.TAUNTED, ConditionName.GRABBED}
)
"""Conditions that are about their source: frightened of, taunted by, grabbed by (RB1)."""
SPEED_ZERO: frozenset[ConditionName] = frozenset(
    {ConditionName.GRABBED, ConditionName.RESTRAINED, ConditionName.UNCONSCIOUS}
)
"""Conditions that make speed 0 (RB1-GRABBED, RB1-RESTRAINED, DS-COND-05)."""
ENDS_WITH_ENCOUNTER: frozenset[Duration] = frozenset(
    {Duration.EOT, Duration.SAVE_ENDS, Duration.END_OF_ENCOUNTER, Duration.END_OF_ROUND}
)
"""Durations that end when the encounter ends (RB2-EOE, RB2-SAVE)."""


_NAMES = frozenset(n.value for n in ConditionName)
"""The name of every condition (RB1-CONDITIONS)."""
_DURATIONS = frozenset(d.value for d in Duration)
"""The name of every duration (RB2-EOT)."""


# --- imposing and ending ---------------------------------------------------------------------
def _name(value: ConditionName | Duration | str) -> str:
    return value.value if isinstance(value, enum.Enum) else value


def _rules(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "rules")


@attrs.frozen
class AddCondition(Action):
    """Impose a condition; the same condition never counts twice (RB1-STACKING).

    Frightened and taunted keep one source: a new source replaces the old (RB1-FRIGHTENED,
    RB1-TAUNTED). The same condition from the same source is replaced: the most recent use sets
    the duration. An unconscious creature is also made prone, from the same source, unless it
    already is (DS-COND-05). A grabbed creature can't be grabbed by another (RB1-GRABBED). The bleeding of
    a dying hero is never replaced (DS-STAM-07). A flyer without hover that is knocked prone or
    to speed 0 (prone, grabbed, restrained, unconscious) in midair falls at once (DS-MTYPE-25):
    the fall is a consequence, resolved by :func:`brawl.rules.settle.settle`. An unknown name or
    duration, a dead creature (DS-STAM-09) or a missing source (RB1-FRIGHTENED, RB1-TAUNTED,
    RB1-GRABBED) is refused.
    """

    creature: str = attrs.field(validator=ident("RB1-CONDITIONS"))
    """The creature that gains the condition."""
    name: str = attrs.field(converter=_name, validator=text("RB1-CONDITIONS"))
    """The condition's name (:class:`~brawl.conditions.ConditionName`)."""
    duration: str = attrs.field(
        default=Duration.UNTIL_REMOVED.value, converter=_name, validator=text("RB2-EOT")
    )
    """How long it lasts (:class:`~brawl.conditions.Duration`)."""
    source: str | None = attrs.field(default=None, validator=text("RB1-CONDITIONS", optional=True))
    """Who or what imposes it (needed for frightened, taunted and grabbed)."""
    save_threshold: int = attrs.field(default=SAVE_THRESHOLD, validator=whole("RB2-SAVE"))
    """The saving throw that ends a save-ends effect (RB2-SAVE)."""
    can_stand: bool = attrs.field(default=True, validator=flag("DS-MTYPE-22"))
    """A prone creature may stand up (DS-ACT-15)."""
    voluntary: bool = attrs.field(default=False, validator=flag("DS-MTYPE-23"))
    """Prone by its own choice (DS-MTYPE-23)."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause, cited by the event."""

    def verify(self, state: Encounter) -> None:
        """Raise the error that forbids imposing this condition (RB1-CONDITIONS)."""
        _check_add(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Impose the condition (RB1-STACKING)."""
        return _impose(state, self)


def _condition(request: AddCondition) -> Condition:
    _known_condition(request.name, request.creature)
    if isinstance(request.duration, str) and request.duration not in _DURATIONS:
        durations = [d.value for d in Duration]
        raise ConditionError(
            f"condition {request.name!r} on {request.creature!r}: duration {request.duration!r} is not "
            f"one of {', '.join(durations)}",
            rule="RB1-CONDITIONS",
        )
    try:
        return Condition(
            ConditionName(request.name),
            Duration(request.duration),
            request.source,
            request.save_threshold,
            request.can_stand,
            request.voluntary,
        )
    except (ValueError, TypeError) as exc:
        raise ConditionError(
            f"condition {request.name!r} on {request.creature!r}: {exc}", rule="RB1-CONDITIONS"
        ) from None


def _check_add(state: Encounter, request: AddCondition) -> Condition:
    """The checks of :meth:`AddCondition.verify`: an unknown name or duration, a dead creature
    (DS-STAM-09), a missing source (RB1-FRIGHTENED, RB1-TAUNTED, RB1-GRABBED), a creature already
    grabbed by another (RB1-GRABBED); the condition they found."""
    c = state.creature(request.creature)
    cond = _condition(request)
    if c.dead:
        raise ConditionError(
            f"condition {cond.name.value} on {request.creature!r}: the creature is dead", rule="DS-STAM-09"
        )
    if cond.name in NEEDS_SOURCE and not request.source:
        raise ConditionError(
            f"condition {cond.name.value} on {request.creature!r}: name its source (who or what imposes it)",
            rule=f"RB1-{cond.name.value.upper()}",
        )
    if cond.name is ConditionName.GRABBED:
        holder = grabbed_by(state, request.creature)
        if holder is not None and holder != request.source:
            raise ConditionError(
                f"grab {request.creature!r} by {request.source!r}: it is already grabbed by {holder!r}",
                rule="RB1-GRABBED",
            )
    return cond


def impose_condition(
    state: Encounter,
    creature: str,
    name: ConditionName | str,
    duration: Duration | str = Duration.UNTIL_REMOVED,
    *,
    source: str | None = None,
    save_threshold: int = SAVE_THRESHOLD,
    can_stand: bool = True,
    voluntary: bool = False,
    rules: Sequence[str] = (),
) -> Outcome:
    """The :class:`AddCondition` rule for a rule that imposes a condition itself (a fall, a slam,
    a strike): the record's checks and resolution, no consequences settled."""
    request = AddCondition(creature, name, duration, source, save_threshold, can_stand, voluntary, rules)
    return _impose(state, request)


def _impose(state: Encounter, request: AddCondition) -> Outcome:
    """Resolve a :class:`AddCondition` request after its checks (RB1-STACKING)."""
    cond = _check_add(state, request)
    new, events = gain_condition(state.creature(request.creature), cond, request.rules)
    return Outcome(state.with_creature(new), events)


def gain_condition(
    c: Creature, cond: Condition, rules: Sequence[str] = ()
) -> tuple[Creature, tuple[ConditionGained, ...]]:
    """The creature ``c`` with ``cond`` imposed, and the events, for a condition whose
    :class:`AddCondition` checks passed (RB1-STACKING): the same condition is replaced (from the
    same source, or from any for one source only), never a dying hero's bleeding; an unconscious
    creature is also made prone unless it is already (DS-COND-05). One copy of the creature."""
    replaced: Condition | None = None
    kept: list[Condition] = []
    for old in c.conditions:
        same = old.name is cond.name and (cond.name in ONE_SOURCE or old.source == cond.source)
        if same and old.duration is not Duration.WHILE_DYING:
            replaced = replaced or old
            continue
        kept.append(old)
    kept.append(cond)
    cited = [*rules, "RB1-STACKING"]
    if replaced is not None and replaced.source != cond.source:
        cited.append(f"RB1-{cond.name.value.upper()}")
    event = ConditionGained(
        creature=c.id,
        condition=cond,
        replaced=replaced if replaced and replaced.source != cond.source else None,
        rules=tuple(dict.fromkeys(cited)),
    )
    if cond.name is ConditionName.UNCONSCIOUS and not c.has(ConditionName.PRONE):
        # an unconscious creature is prone, however it became unconscious (DS-COND-05)
        prone = Condition(ConditionName.PRONE, Duration.UNTIL_REMOVED, cond.source)
        gained = ConditionGained(
            creature=c.id, condition=prone, replaced=None, rules=("DS-COND-05", "RB1-STACKING")
        )
        return _with_conditions(c, (*kept, prone)), (event, gained)
    return _with_conditions(c, tuple(kept)), (event,)


def release_grabs(state: Encounter, grabber: str, *, reason: str = "released") -> Outcome:
    """End every grab this creature holds: it lets go, dies or is knocked out (RB1-GRABBED)."""
    state.creature(grabber)
    out = Outcome(state, ())
    for c in state.creature_list():
        if any(g.name is ConditionName.GRABBED and g.source == grabber for g in c.conditions):
            out = out.then(
                clear_condition,
                c.id,
                ConditionName.GRABBED,
                source=grabber,
                reason=reason,
                rules=("RB1-GRABBED",),
            )
    return out


GROUNDING = frozenset(
    {ConditionName.PRONE, ConditionName.GRABBED, ConditionName.RESTRAINED, ConditionName.UNCONSCIOUS}
)
"""Conditions that knock a flyer prone or to speed 0, so that it falls (DS-MTYPE-25)."""


@attrs.frozen
class RemoveCondition(Action):
    """End every removable instance of a condition (only those from ``source`` if given).

    The bleeding of a dying hero can't be removed while it is dying (DS-STAM-07, DS-COND-12).
    Removing a condition the creature doesn't have changes nothing. A Director creature whose
    Stamina is 0 or lower stays unconscious: only :func:`brawl.rules.recoveries.wake` (which gives it Stamina)
    ends that (DS-STAM-10, DS-STAM-15). An unknown creature or condition is refused
    (RB1-CONDITIONS).
    """

    creature: str = attrs.field(validator=ident("RB1-CONDITIONS"))
    """The creature that loses the condition."""
    name: str = attrs.field(converter=_name, validator=text("RB1-CONDITIONS"))
    """The condition's name."""
    source: str | None = attrs.field(default=None, validator=text("RB1-CONDITIONS", optional=True))
    """Only the instances from this source; None: every removable instance."""
    reason: str = attrs.field(default="removed", validator=text("RB1-CONDITIONS"))
    """Why it ends, for the event."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause, cited by the events."""

    def verify(self, state: Encounter) -> None:
        """Raise the error for an unknown creature or condition (RB1-CONDITIONS), or a Director
        creature at Stamina 0 or lower that would lose unconscious (DS-STAM-10, DS-STAM-15)."""
        _check_remove(state, self)
        _check_stays_down(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """End the condition (RB1-CONDITIONS)."""
        return _guarded(state, self)


def _check_remove(state: Encounter, request: RemoveCondition) -> None:
    """Raise the :class:`~brawl.errors.RulesError` for an unknown creature or condition (RB1-CONDITIONS)."""
    state.creature(request.creature)
    _known_condition(request.name, request.creature)


def _check_stays_down(state: Encounter, request: RemoveCondition) -> None:
    """Raise for ending the unconsciousness of a Director creature at Stamina 0 or lower: it stays
    down until it regains Stamina (DS-STAM-10, DS-STAM-15)."""
    c = state.creature(request.creature)
    if (
        ConditionName(request.name) is ConditionName.UNCONSCIOUS
        and not c.hero
        and not c.dead
        and c.stamina <= 0
    ):
        raise ConditionError(
            f"remove unconscious from {request.creature!r}: at Stamina {c.stamina} it stays down; "
            "wake it instead",
            rule=("DS-STAM-10", "DS-STAM-15"),
        )


def _known_condition(name: str, creature: str) -> None:
    """Raise :class:`ConditionError` naming the valid conditions unless ``name`` is one."""
    if name not in _NAMES:
        names = [n.value for n in ConditionName]
        raise ConditionError(
            f"condition {name!r} on {creature!r}: {not_one_of(name, names)}", rule="RB1-CONDITIONS"
        )


def clear_condition(
    state: Encounter,
    creature: str,
    name: ConditionName | str,
    *,
    source: str | None = None,
    reason: str = "removed",
    rules: Sequence[str] = (),
) -> Outcome:
    """The :class:`RemoveCondition` rule for a rule that ends a condition itself (standing up, a
    teleport, a released grab): the record's checks and resolution, no consequences settled."""
    return _guarded(state, RemoveCondition(creature, name, source, reason, rules))


def _guarded(state: Encounter, request: RemoveCondition) -> Outcome:
    """Resolve a request to end a condition: a Director creature at Stamina 0 or lower stays down."""
    _check_remove(state, request)
    _check_stays_down(state, request)
    return _lift(state, request)


def _lift(state: Encounter, request: RemoveCondition) -> Outcome:
    """Resolve a :class:`RemoveCondition` request after its checks, with no Stamina guard (waking)."""
    _check_remove(state, request)
    key = ConditionName(request.name)
    source = request.source
    return end_where(
        state,
        state.creature(request.creature),
        lambda cond: cond.name is key and (source is None or cond.source == source),
        request.reason,
        request.rules,
    )


lift = _lift
"""Resolve a checked :class:`RemoveCondition` with no Stamina guard (how
:func:`brawl.rules.recoveries.wake` wakes)."""


def end_condition(
    state: Encounter, creature: str, index: int, *, reason: str = "removed", rules: Sequence[str] = ()
) -> Outcome:
    """End one instance, ``creature.conditions[index]`` (a dying hero's bleeding stays, DS-STAM-07)."""
    c = state.creature(creature)
    cond = instance_at(c, index, "RB1-CONDITIONS")
    if cond.duration is Duration.WHILE_DYING and c.is_dying:
        raise ConditionError(
            f"end bleeding on {creature!r}: it can't be removed while the hero is dying", rule="DS-STAM-07"
        )
    kept = c.conditions[:index] + c.conditions[index + 1 :]
    down = not c.hero and not c.dead and c.stamina <= 0
    if down and cond.name is ConditionName.UNCONSCIOUS and not any(x.name is cond.name for x in kept):
        raise ConditionError(
            f"end unconscious on {creature!r}: at Stamina {c.stamina} it stays down; wake it instead",
            rule=("DS-STAM-10", "DS-STAM-15"),
        )
    event = ConditionEnded(creature=creature, condition=cond, reason=reason, rules=tuple(rules))
    return Outcome(state.with_creature(_with_conditions(c, kept)), (event,))


def end_where(
    state: Encounter,
    c: Creature,
    predicate: Callable[[Condition], bool],
    reason: str,
    rules: tuple[str, ...],
) -> Outcome:
    kept: list[Condition] = []
    events: list[Event] = []
    for old in c.conditions:
        if predicate(old) and not (old.duration is Duration.WHILE_DYING and c.is_dying):
            events.append(ConditionEnded(creature=c.id, condition=old, reason=reason, rules=rules))
            continue
        kept.append(old)
    if not events:
        return Outcome(state, ())
    return Outcome(state.with_creature(_with_conditions(c, tuple(kept))), tuple(events))


def instance_at(c: Creature, index: int, rule: str) -> Condition:
    if not c.conditions:
        raise InvalidArgumentError(f"condition index {index!r} on {c.id!r}: it has no condition", rule=rule)
    whole_number(index, 0, len(c.conditions) - 1, what=f"condition index on {c.id!r}", rule=rule)
    return c.conditions[index]


# --- queries ---------------------------------------------------------------------------------
def grabbed_by(state: Encounter, creature: str) -> str | None:
    """Who or what has the creature grabbed, or None (RB1-GRABBED: never two at once)."""
    for cond in state.creature(creature).conditions:
        if cond.name is ConditionName.GRABBED:
            return cond.source
    return None


def grabbing(state: Encounter, creature: str) -> tuple[str, ...]:
    """The creatures this creature holds grabbed (RB1-GRABBED), in the encounter's order.

    Ruling R-COND-2: a grab holds only adjacent creatures (it ends when they are forced apart),
    so only the creature's neighbourhood is searched.
    """
    c = state.creature(creature)
    if c.dead:
        return ()
    named = state.grabbed_by_me(c.id)  # the creatures whose grabbed condition names it
    if not named:
        return ()
    near = state.creatures_in(Pos(c.pos.x - 1, c.pos.y - 1, c.pos.z - 1), c.n + 2, exclude=(c.id,))
    held = set(near).intersection(named)
    if len(held) < 2:
        return tuple(held)
    return tuple(cid for cid in state.order if cid in held)


def taunting(state: Encounter, creature: str) -> tuple[str, ...]:
    """The living creatures taunted by this creature, in the encounter's order (RB1-TAUNTED).

    Defend gives no benefit while this is not empty (DS-COND-11, DS-ACT-20).
    """
    state.creature(creature)
    return tuple(
        c.id
        for c in state.living()
        if any(x.source == creature for x in c.conditions_named(ConditionName.TAUNTED))
    )


def speed(state: Encounter, creature: str) -> int:
    """Current speed after conditions (RB1-GRABBED, RB1-RESTRAINED, RB1-SLOWED, DS-COND-05).

    Grabbed, restrained or unconscious: 0. A grabber holding a creature of its size or larger
    has its speed halved, rounded down. Slowed: 2 unless already lower (ruling R-COND-1: after
    the halving).
    """
    c = state.creature(creature)
    conditions = c.conditions
    if c.dead or (conditions and any(x.name in SPEED_ZERO for x in conditions)):
        return 0
    value = c.speed
    if state.grabbed_by_me(c.id):
        held = grabbing(state, creature)
        if any(c.size.rank <= state.creatures[h].size.rank for h in held):
            value //= 2
    if conditions and c.has(ConditionName.SLOWED):
        value = min(value, SLOWED_SPEED)
    return value


def can_shift(state: Encounter, creature: str) -> bool:
    """False while slowed (RB1-SLOWED) or with speed 0."""
    c = state.creature(creature)
    return not c.has(ConditionName.SLOWED) and speed(state, creature) > 0


def can_stand_up(state: Encounter, creature: str) -> bool:
    """Whether a prone creature may use Stand Up (DS-ACT-15, RB1-PRONE, RB1-RESTRAINED).

    Not while restrained, unconscious, or prone from an effect that says it can't stand.
    """
    c = state.creature(creature)
    prone = c.conditions_named(ConditionName.PRONE)
    if c.dead or not prone:
        return False
    if c.has(ConditionName.RESTRAINED) or c.has(ConditionName.UNCONSCIOUS):
        return False
    return all(p.can_stand for p in prone)


def can_take_triggered_actions(state: Encounter, creature: str) -> bool:
    """False while dazed, surprised or unconscious (RB1-DAZED, DS-COND-02, DS-COND-04, DS-TURN-08)."""
    c = state.creature(creature)
    return not (
        c.dead
        or c.has(ConditionName.DAZED)
        or c.has(ConditionName.SURPRISED)
        or c.has(ConditionName.UNCONSCIOUS)
    )


def can_take_free_maneuvers(state: Encounter, creature: str) -> bool:
    """False while dazed or unconscious (RB1-DAZED, DS-COND-04)."""
    c = state.creature(creature)
    return not (c.dead or c.has(ConditionName.DAZED) or c.has(ConditionName.UNCONSCIOUS))


def can_take_maneuvers(state: Encounter, creature: str) -> bool:
    """False while unconscious (DS-COND-04); a dazed creature takes one action of any kind (RB1-DAZED)."""
    c = state.creature(creature)
    return not (c.dead or c.has(ConditionName.UNCONSCIOUS))


def can_take_main_actions(state: Encounter, creature: str) -> bool:
    """False while unconscious (DS-COND-04)."""
    c = state.creature(creature)
    return not (c.dead or c.has(ConditionName.UNCONSCIOUS))


def is_dazed(state: Encounter, creature: str) -> bool:
    """Dazed: one main action, maneuver or move action per turn (RB1-DAZED); the turn system counts."""
    return state.creature(creature).has(ConditionName.DAZED)


def can_use_knockback(state: Encounter, creature: str) -> bool:
    """A grabbed creature can't use the Knockback maneuver (RB1-GRABBED)."""
    return can_take_maneuvers(state, creature) and grabbed_by(state, creature) is None


def can_be_force_moved_by(state: Encounter, target: str, mover: str | None) -> bool:
    """Restrained: never; grabbed: only by whatever has it grabbed (RB1-RESTRAINED, RB1-GRABBED)."""
    c = state.creature(target)
    if c.has(ConditionName.RESTRAINED):
        return False
    holder = grabbed_by(state, target)
    return holder is None or (mover is not None and holder == mover)


def can_move_closer_to(state: Encounter, creature: str, other: str) -> bool:
    """A frightened creature can't willingly move closer to the source of its fear (RB1-FRIGHTENED)."""
    return all(x.source != other for x in state.creature(creature).conditions_named(ConditionName.FRIGHTENED))


def is_knocked_out(c: Creature) -> bool:
    """Whether the creature is unconscious because it was knocked out (DS-STAM-13)."""
    return any(x.name is ConditionName.UNCONSCIOUS and x.source == KNOCKED_OUT for x in c.conditions)


def falls_if_aloft(state: Encounter, creature: str) -> bool:
    """A flyer without hover, unsupported, falls when prone or at speed 0 (DS-MTYPE-25, DS-MTYPE-26)."""
    c = state.creature(creature)
    return (
        not c.dead
        and c.has_movement(MovementType.FLY)
        and not c.has_movement(MovementType.HOVER)
        and not state.is_supported(c.pos, c.n)
    )


# --- saving throws ---------------------------------------------------------------------------
@attrs.frozen
class SaveAgainst(Action):
    """One saving throw against ``creature.conditions[index]``, a save-ends effect (RB2-SAVE).

    d10 (+ bonus) ≥ the effect's threshold (6) ends it. An effect that is not there or not
    save-ends, or a bad d10 or bonus, is refused.
    """

    creature: str = attrs.field(validator=ident("RB2-SAVE"))
    """The creature saving."""
    index: int = attrs.field(validator=whole("RB2-SAVE"))
    """Index in ``creature.conditions`` of the effect."""
    roll: int | None = attrs.field(default=None, validator=whole("RB2-SAVE", optional=True))
    """The d10; None: from the state's RNG."""
    bonus: int = attrs.field(default=0, validator=whole("RB2-SAVE"))
    """Added to the d10."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause (Heal, the end of a turn), cited by the events."""
    hero_token: bool = attrs.field(default=False, kw_only=True, validator=flag("RB-TOKEN-08"))
    """A hero spends a hero token if the save fails, turning it into a success (RB-TOKEN-08)."""

    def verify(self, state: Encounter) -> None:
        """Raise the error for an effect that is not there or not save-ends, or a bad d10 or bonus
        (RB2-SAVE); a hero token the creature can't spend (RB-TOKEN-08)."""
        _check_save(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Make the saving throw (RB2-SAVE)."""
        return _save(state, self)


def _check_save(state: Encounter, request: SaveAgainst) -> None:
    """Raise the error for an effect that is not there or not save-ends, or a bad d10 or bonus (RB2-SAVE)."""
    c = state.creature(request.creature)
    cond = instance_at(c, request.index, "RB2-SAVE")
    if cond.duration is not Duration.SAVE_ENDS:
        raise ConditionError(
            f"saving throw against {cond.name.value} on {request.creature!r}: it is not a save-ends effect",
            rule="RB2-SAVE",
        )
    _check_save_dice(request.roll, request.bonus)
    if request.hero_token:
        check_spend(state, request.creature, 1, SAVE_RULES)


def _check_save_dice(roll: int | None, bonus: int) -> None:
    """Raise for a d10 outside 1..10 or a bonus out of range (RB2-SAVE)."""
    if roll is not None:
        whole_number(roll, 1, SAVE_DIE_SIDES, what="saving throw d10", rule="RB2-SAVE")
    whole_number(bonus, -MAX_BONUS, MAX_BONUS, what="save bonus", rule="RB2-SAVE")


def make_save(
    state: Encounter,
    creature: str,
    index: int,
    *,
    roll: int | None = None,
    bonus: int = 0,
    rules: Sequence[str] = (),
) -> Outcome:
    """The :class:`SaveAgainst` rule for a rule that calls for the saving throw itself (the end of
    a turn, Heal): the record's checks and resolution, no consequences settled."""
    return _save(state, SaveAgainst(creature, index, roll, bonus, rules))


def _save(state: Encounter, request: SaveAgainst) -> Outcome:
    _check_save(state, request)
    creature, index, rules = request.creature, request.index, request.rules
    cond = state.creature(creature).conditions[index]
    out = saving_throw(
        state,
        roll=request.roll,
        threshold=cond.save_threshold,
        bonus=request.bonus,
        creature=creature,
        against=f"{cond.name.value} (save ends)",
        rules=rules,
    )
    done: Outcome = out
    success = out.success
    if not success and request.hero_token:
        done = out.then(saved_by_token, creature, f"{cond.name.value} (save ends)")
        success = True
    if not success:
        return out
    return done.then(end_condition, creature, index, reason="saved", rules=(*rules, "RB2-SAVE"))


# --- named conditions -------------------------------------------------------------------------
def add_named_condition(
    state: Encounter,
    creature: str,
    name: str,
    duration: Duration | str = Duration.UNTIL_REMOVED,
    *,
    source: str | None = None,
    save_threshold: int = SAVE_THRESHOLD,
    rules: Sequence[str] = (),
) -> Outcome:
    """Keep an effect the nine conditions do not cover ("burning") on the creature by name (R-ABIL-16).

    Like a condition it never counts twice: the same name from the same source is replaced, the
    most recent use setting the duration (RB1-STACKING). It changes nothing but what is shown and
    ends as its duration says (:func:`~brawl.rules.phases.end_of_turn`, RB2-EOT, RB2-SAVE, RB2-EOE).
    """
    c = state.creature(creature)
    try:
        effect = NamedCondition(name, _name(duration), source, save_threshold)
    except (StateError, ValueError, TypeError) as exc:
        raise ConditionError(f"named condition {name!r} on {creature!r}: {exc}", rule="R-ABIL-16") from None
    if c.dead:
        raise ConditionError(
            f"named condition {name!r} on {creature!r}: the creature is dead", rule="DS-STAM-09"
        )
    replaced_one: NamedCondition | None = None
    kept: list[NamedCondition] = []
    for old in c.named_conditions:
        if old.name == effect.name and old.source == effect.source:
            replaced_one = replaced_one or old
            continue
        kept.append(old)
    kept.append(effect)
    event = NamedConditionGained(
        creature=creature,
        effect=effect,
        replaced=replaced_one,
        rules=tuple(dict.fromkeys((*rules, "R-ABIL-16", "RB1-STACKING"))),
    )
    return Outcome(state.with_creature(replaced(c, named_conditions=tuple(kept))), (event,))


def remove_named_condition(
    state: Encounter,
    creature: str,
    name: str,
    *,
    source: str | None = None,
    reason: str = "removed",
    rules: Sequence[str] = (),
) -> Outcome:
    """End every instance of a named condition (only those from ``source`` if given) (R-ABIL-16).

    Removing one the creature doesn't have changes nothing.
    """
    c = state.creature(creature)
    return end_named_where(
        state,
        c,
        lambda x: x.name == name and (source is None or x.source == source),
        reason,
        (*rules, "R-ABIL-16"),
    )


def end_named_where(
    state: Encounter,
    c: Creature,
    predicate: Callable[[NamedCondition], bool],
    reason: str,
    rules: Sequence[str],
) -> Outcome:
    """End the creature's named conditions that ``predicate`` picks, one event each (R-ABIL-16)."""
    kept: list[NamedCondition] = []
    events: list[Event] = []
    for old in c.named_conditions:
        if predicate(old):
            events.append(NamedConditionEnded(creature=c.id, effect=old, reason=reason, rules=tuple(rules)))
            continue
        kept.append(old)
    if not events:
        return Outcome(state, ())
    return Outcome(state.with_creature(replaced(c, named_conditions=tuple(kept))), tuple(events))


def save_against_named(
    state: Encounter,
    creature: str,
    index: int,
    *,
    roll: int | None = None,
    bonus: int = 0,
    rules: Sequence[str] = (),
) -> Outcome:
    """One saving throw against ``creature.named_conditions[index]``, a save-ends effect (RB2-SAVE).

    d10 (+ bonus) ≥ its threshold (6) ends it, as for a condition (R-ABIL-16).
    """
    c = state.creature(creature)
    if not c.named_conditions:
        raise InvalidArgumentError(
            f"named condition index {index!r} on {creature!r}: it has no named condition", rule="RB2-SAVE"
        )
    whole_number(
        index, 0, len(c.named_conditions) - 1, what=f"named condition index on {creature!r}", rule="RB2-SAVE"
    )
    effect = c.named_conditions[index]
    if effect.duration is not Duration.SAVE_ENDS:
        raise ConditionError(
            f"saving throw against {effect.name} on {creature!r}: it is not a save-ends effect",
            rule="RB2-SAVE",
        )
    _check_save_dice(roll, bonus)
    out = saving_throw(
        state,
        roll=roll,
        threshold=effect.save_threshold,
        bonus=bonus,
        creature=creature,
        against=f"{effect.name} (save ends)",
        rules=tuple(rules),
    )
    if not out.success:
        return out
    now = out.state.creature(creature)
    ended = NamedConditionEnded(
        creature=creature, effect=effect, reason="saved", rules=(*rules, "RB2-SAVE", "R-ABIL-16")
    )
    kept = now.named_conditions[:index] + now.named_conditions[index + 1 :]
    return out.add(ended, state=out.state.with_creature(replaced(now, named_conditions=kept)))


def _with_conditions(c: Creature, conditions: tuple[Condition, ...]) -> Creature:
    return replaced(c, conditions=conditions)
