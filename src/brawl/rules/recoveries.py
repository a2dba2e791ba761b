"""Recoveries: spending one, Catch Breath, Heal, waking a knocked-out creature (DS-STAM-01..03).

Rules: DS-ACT-04, DS-ACT-05, DS-ACT-22, DS-STAM-11..16; rulings R-STAM-2, R-STAM-7, R-TURN-7.
Spending a Recovery, Catch Breath and Heal are requests (:class:`SpendRecovery`,
:class:`CatchBreath`, :class:`Heal`): each record checks itself (``verify``) and resolves its rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Protocol

import attrs

from brawl.conditions import KNOCKED_OUT, ConditionName, Duration
from brawl.errors import ActionUnavailableError, ConditionError, InvalidArgumentError
from brawl.events.actions import HealGiven
from brawl.events.damage import Damaged, RecoverySpent, Woke
from brawl.fields import flag, ident, ids, text, whole
from brawl.geometry import adjacent
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import RemoveCondition, SaveAgainst, is_knocked_out, lift, save_against_named
from brawl.rules.squads import refuse_regaining
from brawl.rules.stamina import KNOCKED_OUT_WAKE_STAMINA, living_creature, regained, store_stamina
from brawl.rules.tokens import STAMINA_TOKENS, check_spend, pool, spend_tokens
from brawl.state import Encounter

HEAL_CHOICES = ("recovery", "saving_throw")
"""What the target of Heal chooses: spend a Recovery or make a saving throw (DS-ACT-22)."""


def _rules(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "rules")


@attrs.frozen
class SpendRecovery(Action):
    """Spend a Recovery: regain the recovery value, a third of the maximum (DS-STAM-02, R-STAM-2).

    A Director creature has no Recoveries (DS-STAM-11): when a hero's effect (``hero_effect``)
    spends one on it, it regains a third of its Stamina maximum, rounded down (DS-STAM-12).
    A hero with no Recoveries left can't spend one (DS-STAM-01).
    """

    creature: str = attrs.field(validator=ident("DS-STAM-02"))
    """The creature that spends it."""
    hero_effect: bool = attrs.field(default=True, validator=flag("DS-STAM-12"))
    """A hero's effect spends it, so a Director creature regains a third of its maximum (DS-STAM-12)."""
    reason: str = attrs.field(default="", validator=text("DS-STAM-02"))
    """Why, for the event."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause, cited by the events."""

    def verify(self, state: Encounter) -> None:
        """Raise :class:`ActionUnavailableError` when no Recovery can be spent (DS-STAM-01, DS-STAM-11)."""
        _check_spend(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Spend the Recovery (DS-STAM-02)."""
        return _spend(state, self)


def _check_spend(state: Encounter, request: SpendRecovery) -> None:
    """The checks of :meth:`SpendRecovery.verify` (DS-STAM-01, DS-STAM-11)."""
    creature = request.creature
    c = living_creature(state, creature, "spend a Recovery:")
    refuse_regaining(c, "spend a Recovery:")
    if c.hero and c.recoveries < 1:
        raise ActionUnavailableError(
            f"spend a Recovery: {creature!r} has no Recoveries left", rule="DS-STAM-01"
        )
    if not c.hero and not request.hero_effect:
        raise ActionUnavailableError(
            f"spend a Recovery: {creature!r} is Director-controlled and has no Recoveries", rule="DS-STAM-11"
        )


def spend_a_recovery(
    state: Encounter,
    creature: str,
    *,
    hero_effect: bool = True,
    reason: str = "",
    rules: Sequence[str] = (),
) -> Outcome:
    """The :class:`SpendRecovery` rule for a rule that spends a Recovery itself (Catch Breath,
    Heal, waking): the record's checks and resolution, no consequences settled."""
    return _spend(state, SpendRecovery(creature, hero_effect, reason, rules))


def _spend(state: Encounter, request: SpendRecovery) -> Outcome:
    _check_spend(state, request)
    c = state.creature(request.creature)
    value = c.recovery_value
    if c.hero:
        spent = attrs.evolve(c, recoveries=c.recoveries - 1)
        cited: tuple[str, ...] = (*request.rules, "DS-STAM-02", "R-STAM-2")
    else:
        spent = c
        cited = (*request.rules, "DS-STAM-11", "DS-STAM-12", "R-STAM-2")
    cited = tuple(dict.fromkeys(cited))
    event = RecoverySpent(
        creature=c.id,
        recoveries_before=c.recoveries,
        recoveries_after=spent.recoveries,
        value=value,
        reason=request.reason,
        rules=cited,
    )
    out = Outcome(state.with_creature(spent), (event,))
    return out.then(regained, c.id, value, reason="Recovery", rules=cited)


@attrs.frozen
class CatchBreath(Action):
    """The Catch Breath maneuver: spend a Recovery, regain the recovery value (DS-ACT-04, DS-STAM-03).

    Forbidden while dying (DS-ACT-05, R-TURN-7), unconscious (DS-COND-04), for a Director
    creature (DS-STAM-11) or with no Recoveries left (DS-STAM-01). On the hero's own turn it
    costs its maneuver.
    """

    cost: ClassVar[str | None] = "maneuver"

    creature: str = attrs.field(validator=ident("DS-ACT-04"))
    """The hero catching its breath."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-04"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def verify(self, state: Encounter) -> None:
        """Raise :class:`ActionUnavailableError` if it can't Catch Breath now (DS-ACT-04, DS-ACT-05)."""
        _check_catch_breath(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Catch Breath (DS-ACT-04)."""
        return _catch_breath(state, self)


def _check_catch_breath(state: Encounter, request: CatchBreath) -> None:
    """The checks of :meth:`CatchBreath.verify` (DS-ACT-04, DS-ACT-05, DS-COND-04, DS-STAM-11)."""
    creature = request.creature
    c = living_creature(state, creature, "Catch Breath:")
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


def _catch_breath(state: Encounter, request: CatchBreath) -> Outcome:
    _check_catch_breath(state, request)
    return spend_a_recovery(state, request.creature, reason="Catch Breath", rules=("DS-ACT-04", "DS-STAM-03"))


@attrs.frozen
class Heal(Action):
    """The Heal main action: the adjacent target spends a Recovery, or makes one saving throw
    against one save-ends effect (DS-ACT-22).

    ``choice`` is the target's: ``"recovery"`` or ``"saving_throw"``; ``effect`` is the index in
    ``target.conditions`` of the effect, ``named_effect`` its index in ``target.named_conditions``
    for a named effect ("hexed (save ends)", R-ABIL-16), at most one of the two (default: the
    first save-ends condition, else the first save-ends named effect); ``roll`` the d10.
    A Director creature healed by a hero regains a third of its maximum (DS-STAM-12).
    """

    cost: ClassVar[str | None] = "main"
    actor: ClassVar[str] = "healer"

    healer: str = attrs.field(validator=ident("DS-ACT-22"))
    """The creature healing."""
    target: str = attrs.field(validator=ident("DS-ACT-22"))
    """The adjacent creature healed."""
    choice: str = attrs.field(default="recovery", validator=text("DS-ACT-22"))
    """The target's choice: ``"recovery"`` or ``"saving_throw"``."""
    roll: int | None = attrs.field(default=None, validator=whole("RB2-SAVE", optional=True))
    """The d10 of the saving throw; None: from the state's RNG."""
    effect: int | None = attrs.field(default=None, validator=whole("DS-ACT-22", optional=True))
    """Index in ``target.conditions`` of the save-ends effect; None: its first one."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-22"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""
    named_effect: int | None = attrs.field(
        default=None, kw_only=True, validator=whole("DS-ACT-22", optional=True)
    )
    """Index in ``target.named_conditions`` of the save-ends named effect (R-ABIL-16); not with
    ``effect``."""

    def verify(self, state: Encounter) -> None:
        """Raise the :class:`~brawl.errors.RulesError` that forbids this Heal (DS-ACT-22, DS-STAM-01)."""
        _check_heal(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Heal (DS-ACT-22)."""
        return _heal(state, self)


def _check_heal(state: Encounter, request: Heal) -> None:
    """The checks of :meth:`Heal.verify` (DS-ACT-22, DS-STAM-01, RB2-SAVE)."""
    healer, target = request.healer, request.target
    h = living_creature(state, healer, "Heal by")
    t = living_creature(state, target, "Heal on")
    if h.has(ConditionName.UNCONSCIOUS):
        raise ActionUnavailableError(f"Heal by {healer!r}: it is unconscious", rule="DS-COND-04")
    if healer == target or not adjacent(h.pos, h.n, t.pos, t.n):
        raise ActionUnavailableError(
            f"Heal by {healer!r} on {target!r}: the target must be another, adjacent creature",
            rule="DS-ACT-22",
        )
    if request.choice not in HEAL_CHOICES:
        raise InvalidArgumentError(
            f"Heal choice {request.choice!r}: 'recovery' or 'saving_throw'", rule="DS-ACT-22"
        )
    if request.choice == "recovery":
        # the Recovery the target spends: a hero's own, or a Director creature's only by a hero's effect
        _check_spend(state, SpendRecovery(target, hero_effect=h.hero, rules=("DS-ACT-22",)))
        return
    named, index = _save_ends_effect(state, request)
    if named:
        _check_named_save(state, target, index)
        return
    SaveAgainst(target, index, request.roll, rules=("DS-ACT-22",)).verify(state)


def _save_ends_effect(state: Encounter, request: Heal) -> tuple[bool, int]:
    """The effect saved against: whether it is a named effect, and its index; the one given, or
    the first save-ends condition, else the first save-ends named effect (DS-ACT-22, R-ABIL-16)."""
    if request.effect is not None and request.named_effect is not None:
        raise InvalidArgumentError(
            f"Heal on {request.target!r}: effect {request.effect} or named_effect "
            f"{request.named_effect}, not both",
            rule="DS-ACT-22",
        )
    if request.effect is not None:
        return False, request.effect
    if request.named_effect is not None:
        return True, request.named_effect
    t = state.creature(request.target)
    found = [i for i, x in enumerate(t.conditions) if x.duration is Duration.SAVE_ENDS]
    if found:
        return False, found[0]
    named = [i for i, x in enumerate(t.named_conditions) if x.duration is Duration.SAVE_ENDS]
    if named:
        return True, named[0]
    raise ConditionError(
        f"Heal on {request.target!r}: it suffers no effect ended by a saving throw", rule="DS-ACT-22"
    )


def _check_named_save(state: Encounter, target: str, index: int) -> None:
    """Raise unless ``index`` names a save-ends named effect of the target (RB2-SAVE, R-ABIL-16)."""
    effects = state.creature(target).named_conditions
    if not 0 <= index < len(effects):
        raise InvalidArgumentError(
            f"Heal on {target!r}: named effect index {index} out of range (it has {len(effects)})",
            rule=("DS-ACT-22", "RB2-SAVE"),
        )
    if effects[index].duration is not Duration.SAVE_ENDS:
        raise ConditionError(
            f"Heal on {target!r}: {effects[index].name} is not a save-ends effect", rule="RB2-SAVE"
        )


def _heal(state: Encounter, request: Heal) -> Outcome:
    _check_heal(state, request)
    used = HealGiven(
        healer=request.healer, target=request.target, choice=request.choice, rules=("DS-ACT-22",)
    )
    out = Outcome(state, (used,))
    if request.choice == "recovery":
        hero = state.creature(request.healer).hero
        reason = f"Heal by {request.healer}"
        return out.then(
            spend_a_recovery, request.target, hero_effect=hero, reason=reason, rules=("DS-ACT-22",)
        )
    named, index = _save_ends_effect(state, request)
    if named:
        return out.then(save_against_named, request.target, index, roll=request.roll, rules=("DS-ACT-22",))
    save = SaveAgainst(request.target, index, request.roll, rules=("DS-ACT-22",))
    return out.then(save.resolve)


# --- knocked out ----------------------------------------------------------------------------
def wake(state: Encounter, creature: str) -> Outcome:
    """A knocked-out creature wakes (after an hour, or when someone wakes it) (DS-STAM-15, DS-STAM-16).

    A hero spends a Recovery (none left: it can't wake until a respite). A Director creature
    gains Stamina up to 1 (ruling R-STAM-7: 1 if at 0 or lower, else +1). It stays prone and can
    stand up as a free maneuver (DS-COND-07): its prone condition becomes voluntary.
    """
    c = living_creature(state, creature, "wake")
    if not is_knocked_out(c):
        raise ConditionError(f"wake {creature!r}: it is not knocked out", rule="DS-STAM-13")
    if c.hero and c.recoveries < 1:
        raise ConditionError(
            f"wake {creature!r}: no Recoveries left, it can't wake until it finishes a respite",
            rule="DS-STAM-16",
        )
    out = lift(
        state,
        RemoveCondition(
            creature,
            ConditionName.UNCONSCIOUS,
            KNOCKED_OUT,
            reason="woke",
            rules=("DS-STAM-15", "DS-STAM-16"),
        ),
    )
    prone = [x for x in c.conditions if x.name is ConditionName.PRONE and x.source == KNOCKED_OUT]
    if prone:
        now = out.state.creature(creature)
        conds = tuple(attrs.evolve(x, voluntary=True) if x in prone else x for x in now.conditions)
        out = out.add(state=out.state.with_creature(attrs.evolve(now, conditions=conds)))
    if c.hero:
        out = out.then(spend_a_recovery, creature, reason="wakes up", rules=("DS-STAM-16",))
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


# --- hero tokens for Stamina (RB-TOKEN-02, RB-TOKEN-03) ----------------------------------------
STAMINA_RULES = ("RB-TOKEN-02", "RB-TOKEN-03")


def token_stamina(state: Encounter, hero: str) -> Outcome:
    """``hero`` spends 2 hero tokens and regains Stamina equal to its recovery value (RB-TOKEN-02);
    the checks are :func:`~brawl.rules.tokens.check_spend`'s."""
    c = state.creature(hero)
    out = spend_tokens(
        state,
        hero,
        STAMINA_TOKENS,
        f"Stamina equal to its recovery value ({c.recovery_value})",
        STAMINA_RULES,
    )
    return out.then(regained, hero, c.recovery_value, reason="hero tokens", rules=STAMINA_RULES)


@attrs.frozen
class HeroTokenStamina(Action):
    """A hero spends 2 hero tokens on its own turn for Stamina equal to its recovery value
    (RB-TOKEN-02, RB-TOKEN-03), its one hero token benefit this turn (RB-TOKEN-09). As it takes
    damage, the ``token_stamina`` of the request dealing it names the hero, who spends them
    before the damage (:func:`as_damage_comes`)."""

    creature: str = attrs.field(validator=ident("RB-TOKEN-02"))
    """The hero."""

    def verify(self, state: Encounter) -> None:
        _check_token_stamina(state, self.creature)

    def resolve(self, state: Encounter) -> Outcome:
        _check_token_stamina(state, self.creature)
        return token_stamina(state, self.creature)


def _check_token_stamina(state: Encounter, hero: str) -> None:
    check_spend(state, hero, STAMINA_TOKENS, STAMINA_RULES)
    current = getattr(state.turn, "current", None)
    if current != hero:
        raise ActionUnavailableError(
            f"hero tokens for Stamina by {hero!r}: on its own turn, or as it takes damage", rule=STAMINA_RULES
        )


# --- hero tokens for Stamina as any damage comes (RB-TOKEN-03, ruling R-HERO-11) --------------------
def _token_heroes(value: Any) -> tuple[str, ...]:
    if value == ():  # the usual case: no hero spends
        return ()
    return ids(value, "token_stamina", STAMINA_RULES, unique=True)


def _target_or_heroes(value: Any, record: Any) -> tuple[str, ...]:
    if isinstance(value, bool):  # a flag, as Damage took it first: the target
        return (record.target,) if value else ()
    return _token_heroes(value)


def token_stamina_field(*, flag_for_target: bool = False) -> Any:
    """The ``token_stamina`` field of every request that deals damage: the ids of the heroes that
    each spend 2 hero tokens for Stamina equal to their recovery value as its damage comes,
    before the damage (RB-TOKEN-02, RB-TOKEN-03, ruling R-HERO-11); keyword-only, none by
    default. ``flag_for_target``: ``True`` stands for the request's ``target`` too
    (:class:`~brawl.rules.damage.Damage`, which took a flag first)."""
    if flag_for_target:
        return attrs.field(
            default=(), kw_only=True, converter=attrs.Converter(_target_or_heroes, takes_self=True)
        )
    return attrs.field(default=(), kw_only=True, converter=_token_heroes)


def check_token_stamina(state: Encounter, heroes: tuple[str, ...]) -> None:
    """Raise unless each of ``heroes`` may spend 2 hero tokens for Stamina now: a living hero in a
    combat that keeps the pool, with no hero token benefit yet this turn (RB-TOKEN-09, ruling
    R-HERO-5), and the pool holding 2 for each (RB-TOKEN-02, RB-TOKEN-03)."""
    for hero in heroes:
        check_spend(state, hero, STAMINA_TOKENS, STAMINA_RULES)
    held, need = pool(state), STAMINA_TOKENS * len(heroes)
    if held is not None and held < need:
        who = ", ".join(map(repr, heroes))
        raise ActionUnavailableError(
            f"hero tokens for Stamina by {who}: {need} needed, the party holds {held}", rule=STAMINA_RULES
        )


class _DealsDamage(Protocol):
    @property
    def token_stamina(self) -> tuple[str, ...] | bool: ...

    def resolve(self, state: Encounter) -> Outcome: ...


def as_damage_comes(state: Encounter, request: _DealsDamage) -> Outcome:
    """Resolve a request that deals damage with its heroes' ``token_stamina`` spent as the damage
    comes (:func:`spent_as_damage_comes`); the request's own run with no token named is its rule."""
    heroes = request.token_stamina
    assert isinstance(heroes, tuple)  # converted; an empty one the caller resolves itself
    plain = attrs.evolve(request, token_stamina=())  # type: ignore[misc]
    return spent_as_damage_comes(state, heroes, plain.resolve)


def spent_as_damage_comes(
    state: Encounter, heroes: tuple[str, ...], run: Callable[[Encounter], Outcome]
) -> Outcome:
    """``run`` of ``state`` with ``heroes``' hero tokens spent as its damage comes: each hero
    spends 2 and regains its recovery value in Stamina before anything of it happens, so before
    its damage (RB-TOKEN-02, RB-TOKEN-03); a hero it deals no damage to (none left after
    immunity, ruling R-HERO-4) spends nothing, ``run`` made again without it (ruling R-HERO-11).
    The checks are :func:`check_token_stamina`'s."""
    check_token_stamina(state, heroes)
    while heroes:
        out = Outcome(state, ())
        for hero in heroes:
            out = out.then(token_stamina, hero)
        spent = len(out.events)
        out = out.then(run)
        hurt = {e.target for e in out.events[spent:] if isinstance(e, Damaged) and e.after_immunity > 0}
        if all(hero in hurt for hero in heroes):
            return out
        heroes = tuple(hero for hero in heroes if hero in hurt)
    return run(state)


__all__ = [
    "HEAL_CHOICES",
    "STAMINA_RULES",
    "CatchBreath",
    "Heal",
    "HeroTokenStamina",
    "SpendRecovery",
    "as_damage_comes",
    "check_token_stamina",
    "spend_a_recovery",
    "spent_as_damage_comes",
    "token_stamina",
    "token_stamina_field",
    "wake",
]
