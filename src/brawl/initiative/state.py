"""The initiative game's bookkeeping: the fixed order, this round's progress and held actions.

The order is fixed for the encounter (I-INIT-04); a turn holds an Action, a Fast Action and a
Move (I-TURN-01); a held Action or Fast Action waits for its declared trigger (I-HOLD-01..04).
The bookkeeping carries the game's own rule for walking: a character next to enemies leaves
them only by disengaging (:func:`verify_stays_engaged`, I-DIS-01, I-DIS-02, I-AMB-04), which the
movement rules ask of the turn state in play (:meth:`InitiativeTurn.verify_walk`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs
import immutables

from brawl.checks import whole_number
from brawl.errors import IllegalMoveError, StateError, TurnOrderError
from brawl.geometry import Pos, adjacent
from brawl.state import Encounter, TurnState

__all__ = [
    "HOLDABLE",
    "INITIATIVE_DIE",
    "KINDS",
    "MAX_MOVEMENT",
    "MAX_STAT",
    "OFFERED",
    "Hold",
    "InitiativeEconomy",
    "InitiativeTurn",
    "clear_triggers",
    "next_actor",
    "turn_of",
    "verify_stays_engaged",
]

INITIATIVE_DIE = 10  # I-INIT-01: d10 + adventure
HOLDABLE = ("action", "fast")  # I-HOLD-01, R-I-3: the Action or the Fast Action, never the Move
KINDS = ("action", "fast", "move", "free", "hold")
OFFERED = ("action", "fast", "move")
"""The kinds the turn system offers (:meth:`~brawl.initiative.game.InitiativeGame.legal_actions`):
free actions are unlimited (I-FREE-01)."""
MAX_STAT = 1000
MAX_MOVEMENT = 10**9


@attrs.frozen
class Hold:
    """A held Action or Fast Action with its declared trigger (I-HOLD-01, I-HOLD-02)."""

    held: str
    """"action" or "fast"."""
    action: str
    """The specific action held."""
    trigger: str
    """The specific triggering condition."""
    round: int
    """The round it was declared in."""
    triggered: bool = False
    """Its trigger was reported and it may be used at once (I-HOLD-03)."""


@attrs.frozen
class InitiativeEconomy:
    """What the current character has spent this turn (I-TURN-01)."""

    action: bool = False
    fast: bool = False
    move: bool = False
    movement_left: int = 0
    held: str | None = None
    """Which of Action or Fast Action it held this turn."""


@attrs.frozen
class InitiativeTurn(TurnState):
    """The initiative game's bookkeeping: the fixed order and this round's progress."""

    order: tuple[str, ...]
    """Characters from highest to lowest initiative (I-INIT-02, I-INIT-04)."""
    totals: tuple[int, ...]
    """Their initiative totals."""
    acted: frozenset[str] = frozenset()
    """Characters that took their turn this round (I-ENC-02)."""
    current: str | None = None
    """The character whose turn it is."""
    economy: InitiativeEconomy | None = None
    """What it has spent this turn."""
    holds: immutables.Map[str, Hold] = attrs.field(factory=immutables.Map)
    """Held actions by holder (I-HOLD-01)."""

    provokes_opportunity_attacks: ClassVar[bool] = False
    """Leaving an adjacent enemy is refused without Disengage (I-DIS-01): the initiative game has
    no opportunity attack, Draw Steel's is never provoked."""

    def verify_walk(
        self, encounter: Encounter, creature: str, path: tuple[Pos, ...], *, shifting: bool
    ) -> None:
        """Refuse a walk that leaves every enemy it started next to, unless it shifts: a character
        next to enemies leaves them only by Disengage (I-DIS-01, R-I-4), else strafes (I-DIS-02, R-I-5)."""
        if not shifting:
            verify_stays_engaged(encounter, creature, path)

    def check(self, encounter: Encounter) -> None:
        """Raise :class:`~brawl.errors.StateError` if this bookkeeping does not fit ``encounter``."""
        if len(self.order) != len(self.totals):
            raise StateError(f"turn order and totals: {len(self.order)} ids but {len(self.totals)} totals")
        if len(set(self.order)) != len(self.order):
            raise StateError("turn order: an id is listed twice")
        self.known(encounter, self.order, "order")
        for total in self.totals:
            whole_number(total, -MAX_STAT, MAX_STAT, what="turn totals", error=StateError)
        self.known(encounter, self.acted, "acted")
        self.known(encounter, () if self.current is None else (self.current,), "current")
        self.known(encounter, self.holds.keys(), "holds")
        for hold in self.holds.values():
            self.count(hold.round, "hold round")
        if (self.economy is None) != (self.current is None):
            raise StateError(
                "turn economy: kept with no current turn"
                if self.current is None
                else f"turn economy: none for the current turn of {self.current!r} (I-TURN-01)"
            )
        if self.economy is not None:
            self.count(self.economy.movement_left, "economy movement_left", MAX_MOVEMENT)


def verify_stays_engaged(state: Encounter, creature: str, steps: Sequence[Pos]) -> None:
    """Raise :class:`IllegalMoveError` if a walk that is no Disengage leaves, at some step, every
    enemy ``creature`` started adjacent to (I-DIS-01, I-DIS-02, I-AMB-04); ``steps``: the squares
    entered, each one step from the last."""
    if not steps:
        return
    c = state.creature(creature)
    start = [e for e in state.enemies_of(creature) if adjacent(c.pos, c.n, e.pos, e.n)]
    if not start:
        return
    for p in steps:
        if not any(adjacent(p, c.n, e.pos, e.n) for e in start):
            raise IllegalMoveError(
                f"{creature} moves to {tuple(p)}: it leaves every enemy it started adjacent to "
                "without disengaging",
                rule=("I-DIS-01", "I-DIS-02", "I-AMB-04"),
            )


def turn_of(state: Encounter) -> InitiativeTurn:
    """The initiative game's bookkeeping, or :class:`TurnOrderError` out of it (I-ENC-02)."""
    t = state.turn
    if isinstance(t, InitiativeTurn):
        return t
    if t is None:
        raise TurnOrderError(
            'no combat is running: call start_combat(system="initiative") first', rule="I-ENC-02"
        )
    raise TurnOrderError("this encounter does not run the initiative game's turn system", rule="I-ENC-02")


def next_actor(state: Encounter, t: InitiativeTurn) -> str | None:
    """The first living character in initiative order yet to act this round (I-INIT-02)."""
    for cid in t.order:
        c = state.creatures.get(cid)
        if c is not None and not c.dead and cid not in t.acted:
            return cid
    return None


def clear_triggers(t: InitiativeTurn) -> InitiativeTurn:
    """The bookkeeping with every reported trigger spent (I-HOLD-03: used at once or not at all)."""
    if not any(h.triggered for h in t.holds.values()):
        return t
    holds = immutables.Map({k: attrs.evolve(h, triggered=False) for k, h in t.holds.items()})
    return attrs.evolve(t, holds=holds)
