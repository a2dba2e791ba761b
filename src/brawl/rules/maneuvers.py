"""The standard maneuvers: Grab, Escape Grab, Knockback and Aid Attack (DS-ACT-03, DS-ACT-06..10,
DS-ACT-12), with their request records.

Which action of the turn is spent is the turn system's business (:func:`brawl.use_action`);
these rules check only what the creature's state allows. Tiers come from
:func:`brawl.dice.power_roll`. Each rule is its request record: ``verify`` raises (checks only,
no dice), :func:`brawl.can` answers, ``resolve`` runs the rule, and the verb (:func:`brawl.grab`)
applies it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from brawl.conditions import ConditionName, Duration, Effect, EffectKind
from brawl.creature import Creature
from brawl.dice import power_dice
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.actions import EffectStarted, FreeStrikeOffered, ManeuverResolved
from brawl.events.base import Event
from brawl.fields import flag, position, text, whole
from brawl.geometry import Pos, distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import can_take_maneuvers, clear_condition, grabbed_by, grabbing, impose_condition
from brawl.rules.edges import Reason, bane, lasting_reasons
from brawl.rules.forced import Push, force_move
from brawl.rules.recoveries import as_damage_comes, check_token_stamina, token_stamina_field
from brawl.rules.stealth import check_target
from brawl.rules.strikes import MELEE_DISTANCE, action_roll, living, strike_characteristic
from brawl.size import Size
from brawl.state import Encounter

KNOCKBACK_PUSH = (1, 2, 3)  # DS-ACT-12: push 1 / 2 / 3
GRAB_MIGHT_FOR_LARGER = 2  # DS-ACT-09: with Might 2+, any creature whose size <= Might
MELEE_WEAPON = frozenset({"melee", "weapon"})  # DS-ACT-08, DS-ACT-12: melee weapon maneuvers


# -- Grab, Escape Grab, Knockback ---------------------------------------------------------------


def can_target_with_grab(state: Encounter, creature: str, target: str) -> bool:
    """Grab and Knockback reach creatures of your size or smaller, or with Might 2+ any creature
    whose size is at most your Might (DS-ACT-09, R-SIZE-2, R-SIZE-3)."""
    c, t = state.creature(creature), state.creature(target)
    if t.size.rank <= c.size.rank:
        return True
    might = c.characteristics.might
    return might >= GRAB_MIGHT_FOR_LARGER and t.size.value <= might


def _melee_target(
    state: Encounter, creature: str, target: str, what: str, rule: str, *, size_limit: bool = True
) -> tuple[Creature, Creature]:
    """Check a melee-1 maneuver's target: alive, not itself, adjacent, targetable, and (for Grab
    and Knockback, ``size_limit``) no bigger than DS-ACT-09 allows."""
    c = living(state, creature, what)
    t = state.creature(target)
    if target == creature:
        raise ActionUnavailableError(f"{what} by {creature!r}: it cannot target itself", rule=rule)
    if t.dead:
        raise ActionUnavailableError(f"{what} on {target!r}: it is dead", rule="DS-STAM-09")
    if not can_take_maneuvers(state, creature):
        raise ActionUnavailableError(f"{what} by {creature!r}: it can't take maneuvers", rule="DS-COND-04")
    if distance(c.pos, c.n, t.pos, t.n) > MELEE_DISTANCE:
        raise ActionUnavailableError(
            f"{what} by {creature!r} on {target!r}: not adjacent (melee 1)", rule=rule
        )

    check_target(state, creature, target)  # DS-COND-14, RB3-HIDE
    if size_limit and not can_target_with_grab(state, creature, target):
        raise ActionUnavailableError(
            f"{what} by {creature!r} (size {c.size}, Might {c.characteristics.might}) on {target!r} "
            f"(size {t.size}): too big to target",
            rule=("DS-ACT-09", "R-SIZE-3"),
        )
    return c, t


def _tiers(
    out: Outcome,
    creature: str,
    maneuver: str,
    target: str,
    tier: int,
    *,
    take_tier_2: bool,
    striker: str | None,
    reason: str,
    success: str,
    failure: str,
    rule: str,
) -> tuple[bool, Outcome]:
    """The tier 1 / 2 / 3 pattern of Grab and Escape Grab (tiers from :func:`brawl.dice.tier_of`):
    nothing; success after a melee free strike by ``striker`` (if the creature takes it); success."""
    if tier == 1 or (tier == 2 and not take_tier_2):
        done = ManeuverResolved(
            creature=creature, maneuver=maneuver, tier=tier, target=target, outcome=failure, rules=(rule,)
        )
        return False, out.add(done)
    events: list[Event] = []
    if tier == 2 and striker is not None:
        events.append(FreeStrikeOffered(attacker=striker, target=creature, reason=reason, rules=(rule,)))
    events.append(
        ManeuverResolved(
            creature=creature, maneuver=maneuver, tier=tier, target=target, outcome=success, rules=(rule,)
        )
    )
    return True, out.add(*events)


def _optional_pos(value: Iterable[int] | None) -> Pos | None:
    """A position or direction ``(x, y)`` or ``(x, y, z)``, or None."""
    return None if value is None else position(value, "position")


@attrs.frozen
class Grab(Action):
    """The Grab maneuver: melee 1, power roll + Might (DS-ACT-08..10).

    ≤11 no effect; 12–16 the grab may be taken (``take_tier_2``), but the target first gets a
    melee free strike (a :class:`FreeStrikeOffered` event for the caller to resolve); 17+ the
    target is grabbed. One grabbed creature at a time (DS-ACT-10); a grabbed creature is not
    grabbed again by another (RB1-STACKING).
    """

    cost: ClassVar[str | None] = "maneuver"

    creature: str = attrs.field(validator=text("DS-ACT-08"))
    """The creature grabbing."""
    target: str = attrs.field(validator=text("DS-ACT-08"))
    """The adjacent creature it tries to grab."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The two d10 faces; None: drawn from the state's RNG."""
    take_tier_2: bool = attrs.field(default=True, validator=flag("DS-ACT-08"))
    """On tier 2, take the grab (the target first gets a melee free strike)."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-08"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the Grab is allowed now: a living creature able to take maneuvers, an
        adjacent target it may grab (DS-ACT-09), nobody grabbed already (DS-ACT-10), a target not
        grabbed by another (RB1-STACKING)."""
        _check_grab(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, roll, and grab on tier 3 (or tier 2 if taken)."""
        c = _check_grab(state, self)
        creature, target = self.creature, self.target
        tier, out = action_roll(
            state,
            creature,
            target,
            c.characteristics.might,
            MELEE_WEAPON,
            self.dice,
            "Grab",
            (),
            ("DS-ACT-08",),
            uses="might",
        )
        taken, out = _tiers(
            out, creature, "Grab", target, tier, take_tier_2=self.take_tier_2, striker=target,
            reason="before being grabbed", success="grabbed", failure="no effect", rule="DS-ACT-08",
        )  # fmt: skip
        if not taken:
            return out
        return out.then(
            impose_condition,
            target,
            ConditionName.GRABBED,
            Duration.UNTIL_REMOVED,
            source=creature,
            rules=("DS-ACT-08", "RB1-GRABBED"),
        )


def _check_grab(state: Encounter, request: Grab) -> Creature:
    """The checks of :meth:`Grab.verify`; the grabbing creature (DS-ACT-08..10, RB1-STACKING)."""
    creature, target = request.creature, request.target
    c = _melee_target(state, creature, target, "Grab", "DS-ACT-08")[0]
    held = grabbing(state, creature)
    if held:
        raise ActionUnavailableError(
            f"Grab by {creature!r}: it already has {held[0]!r} grabbed", rule="DS-ACT-10"
        )
    holder = grabbed_by(state, target)
    if holder is not None:
        raise ActionUnavailableError(
            f"Grab on {target!r}: already grabbed by {holder!r}", rule="RB1-STACKING"
        )
    return c


@attrs.frozen
class EscapeGrab(Action):
    """The Escape Grab maneuver: power roll + Might or Agility (DS-ACT-06, DS-ACT-07).

    A bane if the creature is smaller than what grabs it: a creature (by rank), an object (by
    squares) or an effect (``grabber_size``, given by the caller). The grabbed condition's own
    bane does not apply to this roll (R-ACT-1). ≤11 no effect; 12–16 it may escape, but the
    grabber first gets a melee free strike; 17+ it is no longer grabbed.
    """

    cost: ClassVar[str | None] = "maneuver"

    creature: str = attrs.field(validator=text("DS-ACT-06"))
    """The grabbed creature."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The two d10 faces; None: drawn from the state's RNG."""
    characteristic: str | None = attrs.field(default=None, validator=text("DS-ACT-06", optional=True))
    """``"might"`` or ``"agility"``; None: the better of the two."""
    take_tier_2: bool = attrs.field(default=True, validator=flag("DS-ACT-06"))
    """On tier 2, escape (the grabber first gets a melee free strike)."""
    grabber_size: str | None = attrs.field(default=None, validator=text("DS-ACT-07", optional=True))
    """The size of the effect that has it grabbed (``"1L"``, ``"3"``), for the bane of DS-ACT-07;
    only for a grab by an effect (a creature's or object's size is on the map). None: an effect
    with no size, no bane."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-06"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the escape may be tried now: a living, grabbed creature able to take
        maneuvers, rolling Might or Agility (DS-ACT-06)."""
        _check_escape(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, roll, and end the grab on tier 3 (or tier 2 if taken)."""
        holder = _check_escape(state, self)
        creature = self.creature
        c = state.creature(creature)
        extra: list[Reason] = []
        grabber = state.creatures.get(holder)
        if _smaller_than_grabber(state, c, holder, self.grabber_size):
            extra.append(bane(f"{creature} is smaller than {holder}", "DS-ACT-07"))
        if c.named_conditions:  # an edge or bane on the Escape Grab maneuver (R-ABIL-17)
            extra += (reason for _, reason in lasting_reasons(c, "escape grab"))
        uses, value = strike_characteristic(c, self.characteristic)
        # Ruling R-ACT-1: Escape Grab acts on the grab itself, so the grabbed condition's bane on
        # abilities that don't target the grabber does not apply, whether a creature, an object
        # or an effect holds it; only DS-ACT-07's bane does. The roll is made as if not grabbed.
        loose = attrs.evolve(
            c, conditions=tuple(x for x in c.conditions if x.name is not ConditionName.GRABBED)
        )
        tier, out = action_roll(
            state.with_creature(loose), creature, holder if grabber is not None else None, value,
            frozenset(), self.dice, "Escape Grab", extra, ("DS-ACT-06", "R-ACT-1"), effects=False,
            uses=uses,
        )  # fmt: skip
        held = attrs.evolve(out.state.creature(creature), conditions=c.conditions)
        out = out.add(state=out.state.with_creature(held))
        taken, out = _tiers(
            out, creature, "Escape Grab", holder, tier, take_tier_2=self.take_tier_2,
            striker=holder if grabber else None, reason="before the escape", success="escaped",
            failure="still grabbed", rule="DS-ACT-06",
        )  # fmt: skip
        if not taken:
            return out
        return out.then(
            clear_condition,
            creature,
            ConditionName.GRABBED,
            source=holder,
            reason="escaped the grab",
            rules=("DS-ACT-06",),
        )


def _smaller_than_grabber(state: Encounter, c: Creature, holder: str, effect_size: str | None) -> bool:
    """Whether the grabbed creature is smaller than what grabs it (DS-ACT-07, R-SIZE-1, R-SIZE-2).

    A creature compares by rank; an object by squares, as a size compared with a number
    (DS-SIZE-06); an effect by the size the caller gives it, if any.
    """
    if holder in state.creatures:
        return c.size < state.creatures[holder].size
    if holder in state.objects:
        return c.size.squares < state.objects[holder].size
    return effect_size is not None and c.size < Size.parse(effect_size)


def _check_escape(state: Encounter, request: EscapeGrab) -> str:
    """The checks of :meth:`EscapeGrab.verify`; what grabs the creature (DS-ACT-06)."""
    creature = request.creature
    c = living(state, creature, "Escape Grab")
    holder = grabbed_by(state, creature)
    if holder is None:
        raise ActionUnavailableError(f"Escape Grab by {creature!r}: it is not grabbed", rule="DS-ACT-06")
    if not can_take_maneuvers(state, creature):
        raise ActionUnavailableError(
            f"Escape Grab by {creature!r}: it can't take maneuvers", rule="DS-COND-04"
        )
    strike_characteristic(c, request.characteristic)
    if request.grabber_size is not None:
        if holder in state.creatures or holder in state.objects:
            raise InvalidArgumentError(
                f"Escape Grab by {creature!r}: {holder!r} is on the map, its size is known; "
                "grabber_size is for a grab by an effect",
                rule="DS-ACT-07",
            )
        Size.parse(request.grabber_size)
    return holder


@attrs.frozen
class Knockback(Action):
    """The Knockback maneuver: melee 1, power roll + Might, push 1 / 2 / 3 (DS-ACT-12).

    It is a melee weapon maneuver, so a larger creature pushes a smaller one 1 farther
    (DS-FORCE-14, R-FORCE-2). A grabbed creature can't use it (RB1-GRABBED).
    """

    cost: ClassVar[str | None] = "maneuver"

    creature: str = attrs.field(validator=text("DS-ACT-12"))
    """The creature making the maneuver."""
    target: str = attrs.field(validator=text("DS-ACT-12"))
    """The adjacent creature pushed."""
    direction: Pos | None = attrs.field(default=None, converter=_optional_pos)
    """The push's direction; None: straight away from the creature."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The two d10 faces; None: drawn from the state's RNG."""
    stability_used: int | None = attrs.field(
        default=None, validator=whole("DS-FORCE-16", lo=0, optional=True)
    )
    """How much of its stability the target uses to resist; None: all of it."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-11"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""
    token_stamina: tuple[str, ...] = token_stamina_field()
    """The heroes that spend 2 hero tokens each for Stamina as its damage comes (RB-TOKEN-03)."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the Knockback is allowed now (DS-ACT-12, RB1-GRABBED).

        The same target limits as Grab (DS-ACT-09); a grabbed creature can't use it; and the push
        of the lowest tier must be one the forced-movement rules allow (a direction when the two
        share a space, a target only its grabber may move...).
        """
        _check_knockback(state, self)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, roll, and push 1, 2 or 3 squares by tier."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        c = _check_knockback(state, self)
        creature, target = self.creature, self.target
        tier, out = action_roll(
            state, creature, target, c.characteristics.might, MELEE_WEAPON, self.dice, "Knockback", (),
            ("DS-ACT-12",), uses="might",
        )  # fmt: skip
        squares = KNOCKBACK_PUSH[tier - 1]
        out = out.add(
            ManeuverResolved(
                creature=creature,
                maneuver="Knockback",
                tier=tier,
                target=target,
                outcome=f"push {squares}",
                rules=("DS-ACT-12",),
            )
        )
        return out.then(
            force_move, Push(creature, target, squares, direction=self.direction, melee_weapon=True,
            stability_used=self.stability_used),
        )  # fmt: skip


def _check_knockback(state: Encounter, request: Knockback) -> Creature:
    """The checks of :meth:`Knockback.verify`; the creature making it (DS-ACT-12, RB1-GRABBED)."""
    c = _melee_target(state, request.creature, request.target, "Knockback", "DS-ACT-12")[0]
    if grabbed_by(state, request.creature) is not None:
        raise ActionUnavailableError(f"Knockback by {request.creature!r}: it is grabbed", rule="RB1-GRABBED")
    lowest = Push(
        request.creature,
        request.target,
        KNOCKBACK_PUSH[0],
        direction=request.direction,
        melee_weapon=True,
        stability_used=request.stability_used,
    )
    lowest.verify(state)
    return c


# -- Aid Attack -------------------------------------------------------------------------------


@attrs.frozen
class AidAttack(Action):
    """Aid Attack: the next ability roll an ally makes against an adjacent enemy before the start
    of this creature's next turn gains an edge (DS-ACT-03)."""

    cost: ClassVar[str | None] = "maneuver"

    creature: str = attrs.field(validator=text("DS-ACT-03"))
    """The aiding creature."""
    enemy: str = attrs.field(validator=text("DS-ACT-03"))
    """The adjacent enemy the next ally's roll is against."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-03"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the Aid Attack is allowed now: an adjacent enemy it may target (DS-ACT-03)."""
        creature, enemy = self.creature, self.enemy
        c, e = _melee_target(state, creature, enemy, "Aid Attack", "DS-ACT-03", size_limit=False)
        if c.side == e.side:
            raise ActionUnavailableError(
                f"Aid Attack by {creature!r}: {enemy!r} is not an enemy", rule="DS-ACT-03"
            )

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, then mark the enemy as aided against."""
        self.verify(state)
        e = state.creature(self.enemy)
        effect = Effect(EffectKind.AIDED, self.creature)
        kept = tuple(x for x in e.effects if not (x.kind is EffectKind.AIDED and x.source == self.creature))
        new = attrs.evolve(e, effects=(*kept, effect))
        return Outcome(
            state.with_creature(new),
            (EffectStarted(creature=self.enemy, effect="aided", source=self.creature, rules=("DS-ACT-03",)),),
        )


__all__ = [
    "GRAB_MIGHT_FOR_LARGER",
    "KNOCKBACK_PUSH",
    "MELEE_WEAPON",
    "AidAttack",
    "EscapeGrab",
    "Grab",
    "Knockback",
    "can_target_with_grab",
]
