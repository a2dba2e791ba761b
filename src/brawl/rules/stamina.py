"""Stamina: winded, dying, death, Recoveries, healing, temporary Stamina (DS-STAM, R-STAM-1..6).

Derived values (winded value, recovery value, winded, dying) come from the current Stamina and
the current maximum (R-STAM-1, R-STAM-2). Every change of state is an event: winded, no longer
winded, dying (with the bleeding it brings), no longer dying, dead, knocked out, woke.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from brawl.conditions import KNOCKED_OUT, ConditionName, Duration
from brawl.creature import Creature
from brawl.dice import roll_dice
from brawl.errors import ActionUnavailableError, ConditionError, InvalidArgumentError
from brawl.events.base import Event
from brawl.events.damage import (
    BecameDying,
    BecameWinded,
    Died,
    NoLongerDying,
    NoLongerWinded,
    RecoverySpent,
    StaminaChanged,
    StaminaMaximumChanged,
    TemporaryStaminaChanged,
    Woke,
)
from brawl.geometry import adjacent
from brawl.outcome import Outcome
from brawl.rules.conditions import (
    add_condition,
    is_knocked_out,
    release_grabs,
    remove_condition,
    save_against,
)
from brawl.state import Encounter

BLEEDING_DIE = 6  # RB1-BLEEDING: 1d6 + level Stamina loss

DYING = "dying"
"""Source of the bleeding condition a dying hero has (DS-STAM-07)."""
DIRECTOR_DEATH_AT = 0  # DS-STAM-10, R-STAM-3: a Director creature dies at Stamina 0 or lower
KNOCKED_OUT_WAKE_STAMINA = 1  # DS-STAM-15: a knocked-out Director creature wakes with 1 Stamina
MAX_AMOUNT = 10**9
"""Largest amount of Stamina accepted in one call."""


def _check_amount(amount: int, what: str, rule: str) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= MAX_AMOUNT:
        raise InvalidArgumentError(f"{what} {amount!r}: a whole number from 0 to {MAX_AMOUNT}", rule=rule)


def _living(state: Encounter, creature: str, what: str) -> Creature:
    c = state.creature(creature)
    if c.dead:
        raise InvalidArgumentError(f"{what} {creature!r}: the creature is dead", rule="DS-STAM-09")
    return c


# --- thresholds ------------------------------------------------------------------------------
def death_threshold(c: Creature) -> int:
    """The Stamina at or below which the creature dies: −winded value for a hero, 0 otherwise.

    DS-STAM-08, R-STAM-1 (heroes); DS-STAM-10, R-STAM-3 (Director creatures).
    """
    return -c.winded_value if c.hero else DIRECTOR_DEATH_AT


def would_die(c: Creature, stamina: int) -> bool:
    """Whether Stamina ``stamina`` kills this creature (DS-STAM-08: a hero below 0; DS-STAM-10)."""
    if c.hero and stamina >= 0:
        return False
    return stamina <= death_threshold(c)


def _death(c: Creature) -> tuple[str, tuple[str, ...]]:
    if c.hero:
        return (
            f"Stamina {c.stamina} reached the negative of its winded value, {-c.winded_value}",
            ("DS-STAM-08", "R-STAM-1"),
        )
    return f"Stamina {c.stamina}, 0 or lower", ("DS-STAM-10", "R-STAM-3")


def store_stamina(
    state: Encounter,
    old: Creature,
    new: Creature,
    events: Sequence[Event] = (),
    *,
    cause: str = "",
    death_rules: Sequence[str] = (),
) -> Outcome:
    """Store ``new`` in place of ``old`` and add the events of the states that changed.

    Died (when ``new.dead``), then winded / no longer winded (DS-STAM-04), dying / no longer
    dying (DS-STAM-06) with the dying hero's bleeding imposed or ended (DS-STAM-07).
    """
    out = Outcome(state.with_creature(new), tuple(events))
    if new.dead and not old.dead:
        if not cause:
            cause, rules = _death(new)
            death_rules = (*death_rules, *rules)
        out = out.add(Died(creature=new.id, cause=cause, rules=tuple(dict.fromkeys(death_rules))))
        return out.then(release_grabs, new.id, reason="its grabber died")
    if not old.is_winded and new.is_winded:
        out = out.add(BecameWinded(creature=new.id, rules=("DS-STAM-04", "R-STAM-1")))
    elif old.is_winded and not new.is_winded:
        out = out.add(NoLongerWinded(creature=new.id, rules=("DS-STAM-04", "R-STAM-1")))
    if not old.is_dying and new.is_dying:
        out = out.add(BecameDying(creature=new.id, rules=("DS-STAM-06", "R-STAM-1")))
        out = out.then(
            add_condition,
            new.id,
            ConditionName.BLEEDING,
            Duration.WHILE_DYING,
            source=DYING,
            rules=("DS-STAM-07",),
        )
    elif old.is_dying and not new.is_dying:
        out = out.add(NoLongerDying(creature=new.id, rules=("DS-STAM-06", "DS-STAM-07")))
        out = out.then(
            remove_condition,
            new.id,
            ConditionName.BLEEDING,
            source=DYING,
            reason="no longer dying",
            rules=("DS-STAM-07",),
        )
    return out


# --- losing and regaining --------------------------------------------------------------------
def lose_stamina(
    state: Encounter,
    creature: str,
    amount: int,
    *,
    reason: str = "",
    rules: Sequence[str] = (),
) -> Outcome:
    """Lose Stamina that is not damage (bleeding): no immunity, no temporary Stamina (R-STAM-6).

    It can make the creature winded, dying or dead like damage (DS-STAM-04..10).
    """
    c = _living(state, creature, "lose Stamina:")
    _check_amount(amount, f"Stamina loss of {creature!r}", "R-STAM-6")
    after = c.stamina - amount
    dies = amount > 0 and would_die(c, after)
    new = attrs.evolve(c, stamina=after, dead=dies)
    event = StaminaChanged(
        creature=creature,
        before=c.stamina,
        after=after,
        reason=reason,
        rules=tuple(dict.fromkeys((*rules, "R-STAM-6"))),
    )
    return store_stamina(state, c, new, (event,))


def regain_stamina(
    state: Encounter,
    creature: str,
    amount: int,
    *,
    reason: str = "",
    rules: Sequence[str] = (),
) -> Outcome:
    """Regain Stamina: from the current value (even below 0), capped at the current maximum.

    Never restores temporary Stamina (R-STAM-5, DS-STAM-20, DS-DMG-13).
    """
    c = _living(state, creature, "regain Stamina:")
    _check_amount(amount, f"Stamina regained by {creature!r}", "R-STAM-5")
    after = min(c.stamina_max, c.stamina + amount)
    new = attrs.evolve(c, stamina=after)
    cited = [*rules, "R-STAM-5"]
    if c.stamina + amount > c.stamina_max:
        cited.append("DS-DMG-13")
    event = StaminaChanged(
        creature=creature, before=c.stamina, after=after, reason=reason, rules=tuple(dict.fromkeys(cited))
    )
    return store_stamina(state, c, new, (event,))


# --- Recoveries ------------------------------------------------------------------------------
def spend_recovery(
    state: Encounter,
    creature: str,
    *,
    hero_effect: bool = True,
    reason: str = "",
    rules: Sequence[str] = (),
) -> Outcome:
    """Spend a Recovery: regain the recovery value, a third of the maximum (DS-STAM-02, R-STAM-2).

    A Director creature has no Recoveries (DS-STAM-11): when a hero's effect (``hero_effect``)
    spends one on it, it regains a third of its Stamina maximum, rounded down (DS-STAM-12).
    """
    c = _living(state, creature, "spend a Recovery:")
    value = c.recovery_value
    if c.hero:
        if c.recoveries < 1:
            raise ActionUnavailableError(
                f"spend a Recovery: {creature!r} has no Recoveries left", rule="DS-STAM-01"
            )
        spent = attrs.evolve(c, recoveries=c.recoveries - 1)
        cited: tuple[str, ...] = (*rules, "DS-STAM-02", "R-STAM-2")
    else:
        if not hero_effect:
            raise ActionUnavailableError(
                f"spend a Recovery: {creature!r} is Director-controlled and has no Recoveries",
                rule="DS-STAM-11",
            )
        spent = c
        cited = (*rules, "DS-STAM-11", "DS-STAM-12", "R-STAM-2")
    event = RecoverySpent(
        creature=creature,
        recoveries_before=c.recoveries,
        recoveries_after=spent.recoveries,
        value=value,
        reason=reason,
        rules=tuple(dict.fromkeys(cited)),
    )
    state = state.with_creature(spent)
    return Outcome(state, (event,)).then(
        regain_stamina, creature, value, reason="Recovery", rules=tuple(dict.fromkeys(cited))
    )


def verify_catch_breath(state: Encounter, creature: str) -> None:
    """Raise :class:`ActionUnavailableError` if the creature can't Catch Breath now (DS-ACT-04, DS-ACT-05)."""
    c = _living(state, creature, "Catch Breath:")
    if c.is_dying:
        raise ActionUnavailableError(
            f"Catch Breath: {creature!r} is dying", rule=("DS-ACT-05", "DS-STAM-07", "R-TURN-7")
        )
    if c.has(ConditionName.UNCONSCIOUS):
        raise ActionUnavailableError(f"Catch Breath: {creature!r} is unconscious", rule="DS-COND-04")
    if not c.hero:
        raise ActionUnavailableError(
            f"Catch Breath: {creature!r} is Director-controlled and has no Recoveries", rule="DS-STAM-11"
        )
    if c.recoveries < 1:
        raise ActionUnavailableError(
            f"Catch Breath: {creature!r} has no Recoveries left", rule=("DS-ACT-04", "DS-STAM-01")
        )


def can_catch_breath(state: Encounter, creature: str) -> bool:
    """Whether :func:`catch_breath` is allowed now."""
    try:
        verify_catch_breath(state, creature)
    except ActionUnavailableError:
        return False
    return True


def catch_breath(state: Encounter, creature: str) -> Outcome:
    """The Catch Breath maneuver: spend a Recovery, regain the recovery value (DS-ACT-04, DS-STAM-03).

    Forbidden while dying (DS-ACT-05, R-TURN-7). The turn system counts the maneuver.
    """
    verify_catch_breath(state, creature)
    return spend_recovery(state, creature, reason="Catch Breath", rules=("DS-ACT-04", "DS-STAM-03"))


def heal(
    state: Encounter,
    healer: str,
    target: str,
    *,
    choice: str = "recovery",
    effect: int | None = None,
    roll: int | None = None,
) -> Outcome:
    """The Heal main action: the adjacent target spends a Recovery, or makes one saving throw
    against one save-ends effect (DS-ACT-22).

    ``choice`` is the target's: ``"recovery"`` or ``"saving_throw"``; ``effect`` is the index in
    ``target.conditions`` of the effect (default: its first save-ends effect); ``roll`` the d10.
    A Director creature healed by a hero regains a third of its maximum (DS-STAM-12).
    """
    h = _living(state, healer, "Heal by")
    t = _living(state, target, "Heal on")
    if h.has(ConditionName.UNCONSCIOUS):
        raise ActionUnavailableError(f"Heal by {healer!r}: it is unconscious", rule="DS-COND-04")
    if healer == target or not adjacent(h.pos, h.n, t.pos, t.n):
        raise ActionUnavailableError(
            f"Heal by {healer!r} on {target!r}: the target must be another, adjacent creature",
            rule="DS-ACT-22",
        )
    if choice == "recovery":
        if t.hero and t.recoveries < 1:
            raise ActionUnavailableError(f"Heal on {target!r}: it has no Recoveries left", rule="DS-STAM-01")
        return spend_recovery(
            state, target, hero_effect=h.hero, reason=f"Heal by {healer}", rules=("DS-ACT-22",)
        )
    if choice == "saving_throw":
        if effect is None:
            found = [i for i, x in enumerate(t.conditions) if x.duration is Duration.SAVE_ENDS]
            if not found:
                raise ConditionError(
                    f"Heal on {target!r}: it suffers no effect ended by a saving throw", rule="DS-ACT-22"
                )
            effect = found[0]
        return save_against(state, target, effect, roll=roll, rules=("DS-ACT-22",))
    raise InvalidArgumentError(f"Heal choice {choice!r}: 'recovery' or 'saving_throw'", rule="DS-ACT-22")


# --- temporary Stamina -----------------------------------------------------------------------
def gain_temporary_stamina(
    state: Encounter,
    creature: str,
    amount: int,
    *,
    source: str | None = None,
    rules: Sequence[str] = (),
) -> Outcome:
    """Gain temporary Stamina: keep the greater of the old and new amounts, never the sum (DS-STAM-21).

    No maximum (DS-STAM-19); it doesn't change winded, dying or dead (DS-STAM-17).
    """
    c = _living(state, creature, "gain temporary Stamina:")
    _check_amount(amount, f"temporary Stamina for {creature!r}", "DS-STAM-21")
    after = max(c.temporary_stamina, amount)
    src = f" from {source}" if source else ""
    event = TemporaryStaminaChanged(
        creature=creature,
        before=c.temporary_stamina,
        after=after,
        reason=f"gains {amount}{src}, keeps the greater",
        rules=(*rules, "DS-STAM-21", "DS-STAM-19"),
    )
    return Outcome(state.with_creature(attrs.evolve(c, temporary_stamina=after)), (event,))


def end_of_encounter_stamina(state: Encounter, *, keep: Sequence[str] = ()) -> Outcome:
    """Temporary Stamina disappears at the end of the encounter, except for ``keep`` (DS-STAM-22)."""
    kept = set(keep)
    for cid in kept:
        state.creature(cid)
    out = Outcome(state, ())
    for c in state.creature_list():
        if c.temporary_stamina and c.id not in kept:
            event = TemporaryStaminaChanged(
                creature=c.id,
                before=c.temporary_stamina,
                after=0,
                reason="end of encounter",
                rules=("DS-STAM-22",),
            )
            out = out.add(event, state=out.state.with_creature(attrs.evolve(c, temporary_stamina=0)))
    return out


# --- Stamina maximum -------------------------------------------------------------------------
def reduce_stamina_maximum(
    state: Encounter,
    creature: str,
    amount: int,
    *,
    reason: str = "",
    rules: Sequence[str] = (),
) -> Outcome:
    """Reduce the Stamina maximum; Stamina is capped by it and derived values follow it (DS-DMG-13, R-STAM-2).

    The maximum stays at least 1 (ruling R-STAM-8). A dying hero whose Stamina now reaches the
    negative of its new winded value dies (DS-STAM-08).
    """
    c = _living(state, creature, "reduce the Stamina maximum of")
    _check_amount(amount, f"Stamina maximum reduction of {creature!r}", "DS-DMG-13")
    new_max = c.stamina_max - amount
    if new_max < 1:
        raise InvalidArgumentError(
            f"reduce the Stamina maximum of {creature!r} by {amount}: it is {c.stamina_max} "
            "and stays at least 1",
            rule=("DS-DMG-13", "R-STAM-8"),
        )
    after = min(c.stamina, new_max)
    new = attrs.evolve(c, stamina_max=new_max, stamina=after)
    new = attrs.evolve(new, dead=c.hero and would_die(new, after))
    events: list[Event] = [
        StaminaMaximumChanged(
            creature=creature,
            before=c.stamina_max,
            after=new_max,
            reason=reason,
            rules=(*rules, "DS-DMG-13", "R-STAM-2"),
        )
    ]
    if after != c.stamina:
        events.append(
            StaminaChanged(
                creature=creature,
                before=c.stamina,
                after=after,
                reason="capped at the new maximum",
                rules=("DS-DMG-13",),
            )
        )
    return store_stamina(state, c, new, events)


def restore_stamina_maximum(
    state: Encounter,
    creature: str,
    amount: int,
    *,
    reason: str = "",
    rules: Sequence[str] = (),
) -> Outcome:
    """Raise a reduced Stamina maximum again; Stamina itself is unchanged (DS-DMG-13)."""
    c = _living(state, creature, "restore the Stamina maximum of")
    _check_amount(amount, f"Stamina maximum increase of {creature!r}", "DS-DMG-13")
    new = attrs.evolve(c, stamina_max=c.stamina_max + amount)
    event = StaminaMaximumChanged(
        creature=creature,
        before=c.stamina_max,
        after=new.stamina_max,
        reason=reason,
        rules=(*rules, "DS-DMG-13", "R-STAM-2"),
    )
    return store_stamina(state, c, new, (event,))


# --- knocked out ----------------------------------------------------------------------------
def wake(state: Encounter, creature: str) -> Outcome:
    """A knocked-out creature wakes (after an hour, or when someone wakes it) (DS-STAM-15, DS-STAM-16).

    A hero spends a Recovery (none left: it can't wake until a respite). A Director creature
    gains Stamina up to 1 (ruling R-STAM-7: 1 if at 0 or lower, else +1). It stays prone and can
    stand up as a free maneuver (DS-COND-07): its prone condition becomes voluntary.
    """
    c = _living(state, creature, "wake")
    if not is_knocked_out(c):
        raise ConditionError(f"wake {creature!r}: it is not knocked out", rule="DS-STAM-13")
    if c.hero and c.recoveries < 1:
        raise ConditionError(
            f"wake {creature!r}: no Recoveries left, it can't wake until it finishes a respite",
            rule="DS-STAM-16",
        )
    out = remove_condition(
        state,
        creature,
        ConditionName.UNCONSCIOUS,
        source=KNOCKED_OUT,
        reason="woke",
        rules=("DS-STAM-15", "DS-STAM-16"),
    )
    prone = [x for x in c.conditions if x.name is ConditionName.PRONE and x.source == KNOCKED_OUT]
    if prone:
        now = out.state.creature(creature)
        conds = tuple(attrs.evolve(x, voluntary=True) if x in prone else x for x in now.conditions)
        out = out.add(state=out.state.with_creature(attrs.evolve(now, conditions=conds)))
    if c.hero:
        out = out.then(spend_recovery, creature, reason="wakes up", rules=("DS-STAM-16",))
        cited: tuple[str, ...] = ("DS-STAM-16", "DS-COND-07")
    else:
        now = out.state.creature(creature)
        after = min(now.stamina_max, max(now.stamina, 0) + KNOCKED_OUT_WAKE_STAMINA)
        out = out.add(state=out.state.with_creature(attrs.evolve(now, stamina=after)))
        cited = ("DS-STAM-15", "R-STAM-7", "DS-COND-07")
        out = store_stamina(out.state, now, out.state.creature(creature), out.events)
    woke = Woke(
        creature=creature,
        stamina_before=c.stamina,
        stamina_after=out.state.creature(creature).stamina,
        rules=cited,
    )
    return out.add(woke)


# --- bleeding --------------------------------------------------------------------------------
def bleeding_loss(state: Encounter, creature: str, *, roll: int | None = None) -> Outcome:
    """Bleeding: lose 1d6 + level Stamina after a main action, a triggered action or a Might or
    Agility roll; once per action (RB1-BLEEDING, R-STAM-6). Not bleeding: nothing happens.

    The action rules call it once per action. The loss is not damage: no immunity, no
    temporary Stamina.
    """
    c = state.creature(creature)
    if c.dead or not c.has(ConditionName.BLEEDING):
        if roll is not None:
            _check_d6(roll)
        return Outcome(state, ())
    faces, out = roll_dice(
        state,
        BLEEDING_DIE,
        1,
        values=None if roll is None else (roll,),
        purpose="bleeding 1d6",
        creature=creature,
        rules=("RB1-BLEEDING",),
    )
    amount = faces[0] + c.level
    return out.then(
        lose_stamina,
        creature,
        amount,
        reason=f"bleeding: 1d6 {faces[0]} + level {c.level}",
        rules=("RB1-BLEEDING", "R-STAM-6"),
    )


def _check_d6(roll: int) -> None:
    if not isinstance(roll, int) or isinstance(roll, bool) or not 1 <= roll <= BLEEDING_DIE:
        raise InvalidArgumentError(f"bleeding roll {roll!r}: a d6, 1 to 6", rule="RB1-BLEEDING")
