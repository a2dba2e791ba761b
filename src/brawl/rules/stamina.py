"""Stamina: winded, dying, death, losing and regaining, temporary Stamina, the maximum (DS-STAM).

Rulings R-STAM-1..8. Derived values (winded value, recovery value, winded, dying) come from the
current Stamina and the current maximum (R-STAM-1, R-STAM-2). Every change of state is an event:
winded, no longer winded, dying (with the bleeding it brings), no longer dying, dead. Recoveries,
Catch Breath, Heal and waking up are in :mod:`brawl.rules.recoveries`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from brawl.checks import whole_number
from brawl.conditions import Condition, ConditionName, Duration
from brawl.creature import Creature
from brawl.dice import SAVE_THRESHOLD, roll_dice
from brawl.errors import InvalidArgumentError
from brawl.events.base import Event, Note
from brawl.events.damage import (
    BecameDying,
    BecameWinded,
    Died,
    NoLongerDying,
    NoLongerWinded,
    StaminaChanged,
    StaminaMaximumChanged,
    TemporaryStaminaChanged,
)
from brawl.fields import copier, ident, ids, replaced, text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rng import Rng
from brawl.rules.conditions import (
    clear_condition,
    gain_condition,
    release_grabs,
)
from brawl.rules.squads import captain_lost, refuse_regaining
from brawl.state import Encounter, TurnState

BLEEDING_DIE = 6  # RB1-BLEEDING: 1d6 + level Stamina loss
BLEEDING_PURPOSE = "bleeding 1d6"
"""The purpose of the bleeding die's ``DiceRolled`` event: the settle pass looks for it."""

DYING = "dying"
"""Source of the bleeding condition a dying hero has (DS-STAM-07)."""
DIRECTOR_DEATH_AT = 0  # DS-STAM-10, R-STAM-3: a Director creature dies at Stamina 0 or lower
KNOCKED_OUT_WAKE_STAMINA = 1  # DS-STAM-15: a knocked-out Director creature wakes with 1 Stamina
MAX_AMOUNT = 10**9
"""Largest amount of Stamina accepted in one call."""


def _check_amount(amount: int, what: str, rule: str) -> None:
    whole_number(amount, 0, MAX_AMOUNT, what=what, rule=rule)


def _rules(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "rules")


def living_creature(state: Encounter, creature: str, what: str) -> Creature:
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
    rng: Rng | None = None,
    turn: TurnState | None = None,
) -> Outcome:
    """Store ``new`` in place of ``old`` and add the events of the states that changed.

    Died (when ``new.dead``), then winded / no longer winded (DS-STAM-04), dying / no longer
    dying (DS-STAM-06) with the dying hero's bleeding imposed or ended (DS-STAM-07). ``rng``: the
    RNG a roll before the change advanced, ``turn``: the bookkeeping of the action that made it,
    stored with the creature (one change of the encounter, :meth:`Encounter.with_creature`).
    """
    cid = new.id
    if new.dead and not old.dead:
        state = state.with_creature(new, rng, turn)
        if not cause:
            cause, rules = _death(new)
            death_rules = (*death_rules, *rules)
        out = Outcome(
            state, (*events, Died(creature=cid, cause=cause, rules=tuple(dict.fromkeys(death_rules))))
        )
        if new.captain_of is not None:  # RB-CAPT-06
            out = out.then(captain_lost, new)
        if not state.grabbed_by_me(cid):  # it holds no grab: release_grabs would change nothing
            return out
        return out.then(release_grabs, cid, reason="its grabber died")
    was, now = old.is_winded, new.is_winded
    if was != now:
        changed: Event = (
            BecameWinded(creature=cid, rules=("DS-STAM-04", "R-STAM-1"))
            if now
            else NoLongerWinded(creature=cid, rules=("DS-STAM-04", "R-STAM-1"))
        )
        events = (*events, changed)
    was, now = old.is_dying, new.is_dying
    if was == now:
        return Outcome(state.with_creature(new, rng, turn), tuple(events))
    if now:
        # impose_condition's checks cannot refuse it: a dying hero is alive, and bleeding needs no
        # source and is no grab; the Stamina and the condition are stored in one change
        bleeding, gained = gain_condition(new, _DYING_BLEEDING, ("DS-STAM-07",))
        dying = BecameDying(creature=cid, rules=("DS-STAM-06", "R-STAM-1"))
        return Outcome(state.with_creature(bleeding, rng, turn), (*events, dying, *gained))
    state = state.with_creature(new, rng, turn)
    out = Outcome(state, (*events, NoLongerDying(creature=cid, rules=("DS-STAM-06", "DS-STAM-07"))))
    return out.then(
        clear_condition,
        cid,
        ConditionName.BLEEDING,
        source=DYING,
        reason="no longer dying",
        rules=("DS-STAM-07",),
    )


_DRAFT = copier(Creature)
_DYING_BLEEDING = Condition(ConditionName.BLEEDING, Duration.WHILE_DYING, DYING, SAVE_THRESHOLD, True, False)
"""The bleeding a dying hero has while it is dying (DS-STAM-07), as ``impose_condition`` makes it."""


def with_stamina(c: Creature, stamina: int, temporary: int, dead: bool) -> Creature:
    """``replaced(c, stamina=..., temporary_stamina=..., dead=...)`` for values a rule worked out
    from ``c``'s own checked ones: a whole Stamina no higher than the maximum, temporary Stamina
    of 0 or more, a flag. Such a creature passes every check a new one makes, so none is made:
    a draft copy gets the three values (:func:`brawl.fields.copier`)."""
    out = _DRAFT(c)
    out.stamina, out.temporary_stamina, out.dead = stamina, temporary, dead
    out.__class__ = Creature
    return out  # type: ignore[no-any-return]  # the draft, now a Creature; no cast on a hot path


# --- losing and regaining --------------------------------------------------------------------
@attrs.frozen
class LoseStamina(Action):
    """Lose Stamina that is not damage (bleeding): no immunity, no temporary Stamina (R-STAM-6).

    It can make the creature winded, dying or dead like damage (DS-STAM-04..10). An unknown or
    dead creature or a bad amount is refused.
    """

    creature: str = attrs.field(validator=ident("R-STAM-6"))
    """The creature that loses it."""
    amount: int = attrs.field(validator=whole("R-STAM-6"))
    """The Stamina lost."""
    reason: str = attrs.field(default="", validator=text("R-STAM-6"))
    """Why, for the event."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause, cited by the events."""

    def verify(self, state: Encounter) -> None:
        """Raise the error for an unknown or dead creature or a bad amount (R-STAM-6)."""
        _check_change(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Lose the Stamina (R-STAM-6)."""
        return _lose(state, self)


@attrs.frozen
class RegainStamina(Action):
    """Regain Stamina: from the current value (even below 0), capped at the current maximum.

    Never restores temporary Stamina (R-STAM-5, DS-STAM-20, DS-DMG-13). An unknown or dead
    creature or a bad amount is refused.
    """

    creature: str = attrs.field(validator=ident("R-STAM-5"))
    """The creature that regains it."""
    amount: int = attrs.field(validator=whole("R-STAM-5"))
    """The Stamina regained."""
    reason: str = attrs.field(default="", validator=text("R-STAM-5"))
    """Why, for the event."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause, cited by the events."""

    def verify(self, state: Encounter) -> None:
        """Raise the error for an unknown or dead creature or a bad amount (R-STAM-5)."""
        _check_change(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Regain the Stamina (R-STAM-5)."""
        return _regain(state, self)


def _check_change(state: Encounter, request: LoseStamina | RegainStamina) -> None:
    """Raise the error for an unknown or dead creature or a bad amount (R-STAM-5, R-STAM-6)."""
    losing = isinstance(request, LoseStamina)
    c = living_creature(state, request.creature, "lose Stamina:" if losing else "regain Stamina:")
    if not losing:
        refuse_regaining(c, "regain Stamina:")
    what = f"Stamina {'loss of' if losing else 'regained by'} {request.creature!r}"
    _check_amount(request.amount, what, "R-STAM-6" if losing else "R-STAM-5")


def _lose(state: Encounter, request: LoseStamina) -> Outcome:
    _check_change(state, request)
    return _lost(state, state.creature(request.creature), request.amount, request.reason, request.rules)


def _lost(state: Encounter, c: Creature, amount: int, reason: str, rules: tuple[str, ...]) -> Outcome:
    """The loss of :class:`LoseStamina` of the living creature ``c``, the amount checked."""
    after = c.stamina - amount
    dies = amount > 0 and would_die(c, after)
    new = with_stamina(c, after, c.temporary_stamina, dies)  # a checked amount lowers the Stamina
    event = StaminaChanged(
        creature=c.id,
        before=c.stamina,
        after=after,
        reason=reason,
        rules=tuple(dict.fromkeys((*rules, "R-STAM-6"))),
    )
    return store_stamina(state, c, new, (event,))


def regained(
    state: Encounter,
    creature: str,
    amount: int,
    *,
    reason: str = "",
    rules: Sequence[str] = (),
) -> Outcome:
    """The :class:`RegainStamina` rule for a rule that restores Stamina itself (a Recovery, an
    ability): the record's checks and resolution, no consequences settled. A minion regains
    nothing, which a note says (RB-SQUAD-05)."""
    c = state.creatures.get(creature)
    if c is not None and c.minion and not c.dead:
        return Outcome(
            state, (Note(text=f"{creature} is a minion: it can't regain Stamina", rules=("RB-SQUAD-05",)),)
        )
    return _regain(state, RegainStamina(creature, amount, reason, rules))


def _regain(state: Encounter, request: RegainStamina) -> Outcome:
    _check_change(state, request)
    c = state.creature(request.creature)
    after = min(c.stamina_max, c.stamina + request.amount)
    new = replaced(c, stamina=after)
    cited = [*request.rules, "R-STAM-5"]
    if c.stamina + request.amount > c.stamina_max:
        cited.append("DS-DMG-13")
    event = StaminaChanged(
        creature=c.id, before=c.stamina, after=after, reason=request.reason, rules=tuple(dict.fromkeys(cited))
    )
    return store_stamina(state, c, new, (event,))


# --- temporary Stamina -----------------------------------------------------------------------
@attrs.frozen
class GainTemporaryStamina(Action):
    """Gain temporary Stamina: keep the greater of the old and new amounts, never the sum (DS-STAM-21).

    No maximum (DS-STAM-19); it doesn't change winded, dying or dead (DS-STAM-17). A missing or
    dead creature or a bad amount is refused.
    """

    creature: str = attrs.field(validator=ident("DS-STAM-21"))
    """The creature that gains it."""
    amount: int = attrs.field(validator=whole("DS-STAM-21"))
    """The temporary Stamina gained (the greater of the old and new amounts is kept)."""
    source: str | None = attrs.field(default=None, validator=text("DS-STAM-21", optional=True))
    """Who or what grants it, for the event."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause, cited by the event."""

    def verify(self, state: Encounter) -> None:
        """Raise the error for a missing or dead creature, or a bad amount (DS-STAM-21)."""
        refuse_regaining(
            living_creature(state, self.creature, "gain temporary Stamina:"), "gain temporary Stamina:"
        )
        _check_amount(self.amount, f"temporary Stamina for {self.creature!r}", "DS-STAM-21")

    def resolve(self, state: Encounter) -> Outcome:
        """Gain the temporary Stamina (DS-STAM-21)."""
        return _gain_temporary(state, self)


def _gain_temporary(state: Encounter, request: GainTemporaryStamina) -> Outcome:
    request.verify(state)
    c = state.creature(request.creature)
    after = max(c.temporary_stamina, request.amount)
    src = f" from {request.source}" if request.source else ""
    event = TemporaryStaminaChanged(
        creature=request.creature,
        before=c.temporary_stamina,
        after=after,
        reason=f"gains {request.amount}{src}, keeps the greater",
        rules=(*request.rules, "DS-STAM-21", "DS-STAM-19"),
    )
    return Outcome(state.with_creature(replaced(c, temporary_stamina=after)), (event,))


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
            out = out.add(event, state=out.state.with_creature(replaced(c, temporary_stamina=0)))
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
    c = living_creature(state, creature, "reduce the Stamina maximum of")
    _check_amount(amount, f"Stamina maximum reduction of {creature!r}", "DS-DMG-13")
    new_max = c.stamina_max - amount
    if new_max < 1:
        raise InvalidArgumentError(
            f"reduce the Stamina maximum of {creature!r} by {amount}: it is {c.stamina_max} "
            "and stays at least 1",
            rule=("DS-DMG-13", "R-STAM-8"),
        )
    after = min(c.stamina, new_max)
    new = replaced(c, stamina_max=new_max, stamina=after)
    new = replaced(new, dead=c.hero and would_die(new, after))
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
    c = living_creature(state, creature, "restore the Stamina maximum of")
    _check_amount(amount, f"Stamina maximum increase of {creature!r}", "DS-DMG-13")
    new = replaced(c, stamina_max=c.stamina_max + amount)
    event = StaminaMaximumChanged(
        creature=creature,
        before=c.stamina_max,
        after=new.stamina_max,
        reason=reason,
        rules=(*rules, "DS-DMG-13", "R-STAM-2"),
    )
    return store_stamina(state, c, new, (event,))


# --- bleeding --------------------------------------------------------------------------------
def bleeding_loss(state: Encounter, creature: str, *, roll: int | None = None) -> Outcome:
    """Bleeding: lose 1d6 + level Stamina after a main action, a triggered action or a Might or
    Agility roll; once per action (RB1-BLEEDING, R-STAM-6). Not bleeding: nothing happens.

    Automatic: the settle pass (:mod:`brawl.rules.settle`) calls it after every public rule whose
    events show the creature used a main or triggered action or rolled Might or Agility, the d6
    from the state's RNG. A caller rolling a real d6 runs the unsettled rule (``Action.resolve``
    or the function in :mod:`brawl.rules`), chains this with ``roll=`` and then settles: the
    pass sees the loss and rolls nothing more. The loss is not damage: no immunity, no temporary
    Stamina.
    """
    c = state.creature(creature)
    if not bleeds(c):
        if roll is not None:
            _check_d6(roll)
        return Outcome(state, ())
    faces, out = roll_dice(
        state,
        BLEEDING_DIE,
        1,
        values=None if roll is None else (roll,),
        purpose=BLEEDING_PURPOSE,
        creature=creature,
        rules=("RB1-BLEEDING",),
    )
    amount = faces[0] + c.level  # a d6 and a checked level: a whole number from 2 up
    lost = _lost(
        out.state, c, amount, f"bleeding: 1d6 {faces[0]} + level {c.level}", ("RB1-BLEEDING", "R-STAM-6")
    )
    return Outcome(lost.state, out.events + lost.events)


def bleeds(c: Creature) -> bool:
    """Whether the creature loses Stamina to bleeding when it acts: alive and bleeding (RB1-BLEEDING)."""
    return not c.dead and bool(c.conditions) and c.has(ConditionName.BLEEDING)


def _check_d6(roll: int) -> None:
    whole_number(roll, 1, BLEEDING_DIE, what="bleeding roll (a d6)", rule="RB1-BLEEDING")
