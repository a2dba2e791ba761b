"""The standard main actions besides the free strike: Defend and Charge (DS-ACT-17..20), with
their request records.

Which action of the turn is spent is the turn system's business (:func:`brawl.use_action`).
Each rule is its request record: ``verify`` raises (checks only: no move, no dice),
:func:`brawl.can` answers, ``resolve`` runs the rule, and the verb (:func:`brawl.charge`)
applies it.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from brawl.conditions import Effect, EffectKind
from brawl.creature import MovementType
from brawl.dice import power_dice
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.actions import Charged, EffectStarted
from brawl.fields import as_path, flag, text, whole
from brawl.geometry import Pos
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import can_take_main_actions, speed, taunting
from brawl.rules.edges import Reason, edge
from brawl.rules.falling import resting_place
from brawl.rules.monster_defend import check_monster_defend
from brawl.rules.movement import Move
from brawl.rules.recoveries import as_damage_comes, check_token_stamina, token_stamina_field
from brawl.rules.steps import SHIFT_MODES, Mode, mode_field, mode_refusal
from brawl.rules.strikes import FreeStrike, living, strike_checks
from brawl.state import Encounter

# -- Defend ---------------------------------------------------------------------------------------


@attrs.frozen
class Defend(Action):
    """Defend: ability rolls against the creature have a double bane, and its tests to resist
    have a double edge, until the start of its next turn (DS-ACT-19, R-TURN-5). No benefit while
    another creature is taunted by it (DS-ACT-20)."""

    cost: ClassVar[str | None] = "main"

    creature: str = attrs.field(validator=text("DS-ACT-19"))
    """The defending creature."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-20"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the creature may Defend now: alive and able to take main actions (DS-ACT-19);
        a monster before it used a main action this turn (RB-MDEF-01)."""
        _check_defend(state, self)
        check_monster_defend(state, self.creature)  # RB-MDEF-01: before the main action is spent

    def resolve(self, state: Encounter) -> Outcome:
        """Check, then start the Defend effect (the main action is spent by now: RB-MDEF-01 was
        :meth:`verify`'s)."""
        _check_defend(state, self)
        c = state.creature(self.creature)
        kept = tuple(x for x in c.effects if x.kind is not EffectKind.DEFENDING)
        new = attrs.evolve(c, effects=(*kept, Effect(EffectKind.DEFENDING, self.creature)))
        started = EffectStarted(
            creature=self.creature, effect="defending", source=self.creature, rules=("DS-ACT-19", "R-TURN-5")
        )
        return Outcome(state.with_creature(new), (started,))


def _check_defend(state: Encounter, request: Defend) -> None:
    """The checks of a Defend that do not depend on the turn's spending (DS-ACT-19, DS-COND-04)."""
    living(state, request.creature, "Defend")
    if not can_take_main_actions(state, request.creature):
        raise ActionUnavailableError(
            f"Defend by {request.creature!r}: it can't take main actions", rule="DS-COND-04"
        )


def defend_reasons(state: Encounter, creature: str) -> list[Reason]:
    """The double edge a defending creature has on tests to resist (DS-ACT-19, R-TURN-5)."""
    c = state.creature(creature)
    if any(e.kind is EffectKind.DEFENDING for e in c.effects) and not taunting(state, creature):
        return [edge(f"{creature} is defending", "DS-ACT-19", "R-TURN-5", double=True)]
    return []


# -- Charge -------------------------------------------------------------------------------------


@attrs.frozen
class Charge(Action):
    """Charge: move up to speed in a straight line, then a melee free strike (DS-ACT-17, DS-ACT-18).

    The path must use one unit step throughout, cross no difficult terrain, and end adjacent to
    the target; the creature can't shift. ``mode`` is how it moves: ``"fly"`` or ``"burrow"``
    if it can, ``"climb"`` or ``"swim"`` only with that movement type (full speed), else walking.
    """

    cost: ClassVar[str | None] = "main"

    creature: str = attrs.field(validator=text("DS-ACT-17"))
    """The charging creature."""
    path: tuple[Pos, ...] = attrs.field(converter=as_path)
    """The squares entered, in a straight line."""
    target: str = attrs.field(validator=text("DS-ACT-17"))
    """The creature or object struck at the end of the move."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The strike's two d10 faces; None: drawn from the state's RNG."""
    characteristic: str | None = attrs.field(default=None, validator=text("DS-STRIKE-06", optional=True))
    """``"might"`` or ``"agility"``; None: the better of the two."""
    flat_damage: int | None = attrs.field(
        default=None, validator=whole("RB6-FREE-STRIKE", lo=0, optional=True)
    )
    """A Director creature's flat free strike damage (RB6-FREE-STRIKE)."""
    knock_out: bool = attrs.field(default=False, validator=flag("DS-STAM-13"))
    """Knock the target out instead of killing it."""
    mode: Mode = attrs.field(default="advance", validator=mode_field)
    """How it moves: walking (``"advance"``), ``"fly"`` or ``"burrow"`` if able, ``"climb"`` or
    ``"swim"`` only with that movement type (DS-ACT-18); never a shift."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-18"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""
    token_stamina: tuple[str, ...] = token_stamina_field()
    """The heroes that spend 2 hero tokens each for Stamina as its damage comes (RB-TOKEN-03)."""

    def strike(self) -> FreeStrike:
        """The melee free strike made at the end of the move."""
        return FreeStrike(
            self.creature, self.target, characteristic=self.characteristic, dice=self.dice,
            flat_damage=self.flat_damage, knock_out=self.knock_out,
        )  # fmt: skip

    def verify(self, state: Encounter) -> None:
        """Raise unless the Charge is allowed now (DS-ACT-17, DS-ACT-18).

        A living creature able to take main actions; a path of one unit step throughout, starting
        next to it, crossing no difficult terrain, no longer than its speed; its melee free strike
        allowed from the path's end (:class:`~brawl.rules.strikes.FreeStrike`); the move itself
        legal in its mode: fly or burrow only if able, climb or swim only with that movement type,
        never a shift (DS-ACT-18).
        """
        _check_charge(state, self)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, move, then strike (unless the creature died on the way)."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        _check_charge(state, self)
        cells = self.path
        out = Move(self.creature, cells, mode=self.mode).resolve(state)
        out = out.add(
            Charged(
                creature=self.creature,
                squares=len(cells),
                target=self.target,
                rules=("DS-ACT-17", "DS-ACT-18"),
            )
        )
        if out.state.creature(self.creature).dead:
            return out
        return out.then(self.strike().resolve)


def _check_charge(state: Encounter, request: Charge) -> None:
    """The checks of :meth:`Charge.verify` (DS-ACT-17, DS-ACT-18)."""
    creature = request.creature
    c = living(state, creature, "Charge")
    if not can_take_main_actions(state, creature):
        raise ActionUnavailableError(f"Charge by {creature!r}: it can't take main actions", rule="DS-COND-04")
    mode = request.mode
    if mode in SHIFT_MODES:
        raise ActionUnavailableError(
            f"Charge by {creature!r}: it can't shift when it charges", rule="DS-ACT-18"
        )
    refusal = mode_refusal(c, mode)
    if refusal is not None:
        raise ActionUnavailableError(f"Charge by {creature!r}: {refusal.reason}", rule=refusal.rules)
    for kind in (MovementType.CLIMB, MovementType.SWIM):
        if mode == kind.value and not c.has_movement(kind):
            raise ActionUnavailableError(
                f"Charge by {creature!r}: it can't {mode} at full speed (no {mode} in its speed entry)",
                rule=("DS-ACT-18", "DS-MTYPE-12"),
            )
    cells = request.path
    if not cells:
        raise InvalidArgumentError(f"Charge by {creature!r}: the path is empty", rule="DS-ACT-17")
    step = cells[0] - c.pos
    if max(abs(step.x), abs(step.y), abs(step.z)) != 1:
        raise ActionUnavailableError(
            f"Charge by {creature!r}: the path does not start next to it", rule="DS-ACT-17"
        )
    for prev, nxt in zip([c.pos, *cells], cells, strict=False):
        if nxt - prev != step:
            raise ActionUnavailableError(
                f"Charge by {creature!r}: {tuple(nxt)} is not on a straight line",
                rule=("DS-ACT-17", "R-GEO-2"),
            )
        if state.terrain.is_difficult(nxt, c.n):
            raise ActionUnavailableError(
                f"Charge by {creature!r}: {tuple(nxt)} is difficult terrain", rule="DS-ACT-18"
            )
        if mode != "fly" and state.terrain.is_liquid(nxt, c.n) and not c.has_movement(MovementType.SWIM):
            raise ActionUnavailableError(
                f"Charge by {creature!r}: {tuple(nxt)} is liquid and it can't swim at full speed",
                rule=("DS-ACT-18", "DS-MTYPE-12"),
            )
    if len(cells) > speed(state, creature):
        raise ActionUnavailableError(
            f"Charge by {creature!r}: {len(cells)} squares is more than its speed {speed(state, creature)}",
            rule="DS-ACT-17",
        )
    Move(creature, cells, mode=mode).verify(state)
    end = cells[-1]
    if mode not in ("fly", "climb"):  # walking off a ledge, the charger falls before it strikes
        end = resting_place(state, end, c.n, ignore=(creature,)).pos
    strike_checks(state, request.strike(), at=end)


__all__ = [
    "Charge",
    "Defend",
    "defend_reasons",
]
