"""The Draw Steel action economy: what a creature may still do this turn and this round.

A turn holds one main action, one maneuver and one move action, in any order, the movement
split around them (DS-TURN-01, DS-TURN-02); the main action may become a second move action or
a second maneuver (DS-TURN-03). Free maneuvers are unlimited (DS-TURN-09). One triggered action
per round, free triggered actions beyond it (DS-TURN-05, DS-TURN-06). Dazed allows only one of
main, maneuver and move, and no triggered, free triggered or free maneuvers (RB1-DAZED);
surprised forbids triggered actions (DS-COND-02); unconscious forbids everything, including the
move action since its speed is 0 (DS-COND-04, R-TURN-7).
"""

from __future__ import annotations

import attrs

from brawl.checks import whole_number
from brawl.conditions import ConditionName
from brawl.creature import Creature
from brawl.enums import ReprEnum
from brawl.errors import ActionUnavailableError, InvalidArgumentError, StateError
from brawl.rules import conditions as cond_rules
from brawl.state import Encounter

MAIN_ACTIONS_PER_TURN = 1  # DS-TURN-01
MANEUVERS_PER_TURN = 1  # DS-TURN-01
MOVE_ACTIONS_PER_TURN = 1  # DS-TURN-01
TRIGGERED_ACTIONS_PER_ROUND = 1  # DS-TURN-05
DAZED_ACTIONS_PER_TURN = 1  # RB1-DAZED: one of main action, maneuver, move action
MAX_SPENT = 1_000_000
"""The largest count an economy keeps (:meth:`TurnEconomy.check`)."""


class ActionKind(ReprEnum):
    """The kinds of action of the Draw Steel economy (DS-TURN-01..11)."""

    MAIN = "main"
    MANEUVER = "maneuver"
    MOVE = "move"
    FREE_MANEUVER = "free maneuver"
    TRIGGERED = "triggered"
    FREE_TRIGGERED = "free triggered"


ON_OWN_TURN = frozenset({ActionKind.MAIN, ActionKind.MANEUVER, ActionKind.MOVE, ActionKind.FREE_MANEUVER})
"""Kinds taken only on the creature's own turn (DS-TURN-01, DS-TURN-09)."""


@attrs.frozen
class TurnEconomy:
    """What a creature has spent during its current turn."""

    main: int = 0
    """Main actions taken (0 or 1)."""
    maneuvers: int = 0
    """Maneuvers taken (a second one uses the main action, DS-TURN-03)."""
    moves: int = 0
    """Move actions taken (a second one uses the main action, DS-TURN-03)."""
    free_maneuvers: int = 0
    """Free maneuvers taken (unlimited, DS-TURN-09)."""
    movement_left: int = 0
    """Squares still to move from the move actions taken this turn (DS-TURN-02)."""

    @property
    def main_slot_used(self) -> bool:
        """Whether the main action is spent, as itself or converted (DS-TURN-03)."""
        return (
            self.main >= MAIN_ACTIONS_PER_TURN
            or self.maneuvers > MANEUVERS_PER_TURN
            or self.moves > MOVE_ACTIONS_PER_TURN
        )

    @property
    def counted(self) -> int:
        """Main actions, maneuvers and move actions taken (a dazed creature gets one)."""
        return self.main + self.maneuvers + self.moves

    def check(self) -> None:
        """Raise :class:`~brawl.errors.StateError` unless every counter is a whole number >= 0."""
        for name in ("main", "maneuvers", "moves", "free_maneuvers", "movement_left"):
            whole_number(getattr(self, name), 0, MAX_SPENT, what=f"turn economy {name}", error=StateError)

    def fits(self) -> bool:
        """Whether the counters of an economy :func:`spend` made from a checked one are still in
        range (they are whole numbers, 0 or more, by construction): :meth:`check` would pass."""
        return (
            max(self.main, self.maneuvers, self.moves, self.free_maneuvers, self.movement_left) <= MAX_SPENT
        )


FRESH = TurnEconomy()
"""The economy of a turn just started: nothing spent (shared: records are immutable)."""


def action_kind(kind: ActionKind | str) -> ActionKind:
    """Parse a kind ("main", "maneuver", "move", "free maneuver", "triggered", "free triggered")."""
    found = _KINDS.get(kind) if isinstance(kind, str) else None
    if found is not None:
        return found
    try:
        return ActionKind(kind.replace("_", " ") if isinstance(kind, str) else kind)
    except ValueError:
        names = ", ".join(k.value for k in ActionKind)
        raise InvalidArgumentError(f"action kind {kind!r}: not one of {names}", rule="DS-TURN-01") from None


_KINDS = {k.value: k for k in ActionKind} | {k.value.replace(" ", "_"): k for k in ActionKind}
"""The kinds by their names, with spaces or underscores (:func:`action_kind`)."""


def check_economy(
    state: Encounter,
    creature: str,
    kind: ActionKind,
    economy: TurnEconomy | None,
    triggered_used: bool,
    c: Creature | None = None,
) -> bool:
    """Raise :class:`ActionUnavailableError` if ``kind`` is not available; return whether it converts.

    ``economy`` is the creature's spending this turn (None outside its turn); the caller checks
    whose turn it is. ``c``: the creature, when the caller has looked it up.
    """
    if c is None:
        c = state.creature(creature)
    what = f"{c.id} {kind.value}"
    if c.dead:
        raise ActionUnavailableError(f"{what}: the creature is dead", rule=("DS-STAM-09", "DS-STAM-10"))
    conditions = c.conditions
    if conditions and c.has(ConditionName.UNCONSCIOUS):
        if kind is ActionKind.MOVE:
            raise ActionUnavailableError(
                f"{what}: an unconscious creature's speed is 0, so it takes no move action",
                rule=("R-TURN-7", "DS-COND-05"),
            )
        raise ActionUnavailableError(f"{what}: the creature is unconscious", rule="DS-COND-04")
    dazed = bool(conditions) and c.has(ConditionName.DAZED)
    if kind in (ActionKind.TRIGGERED, ActionKind.FREE_TRIGGERED):
        if not cond_rules.can_take_triggered_actions(state, creature):
            if dazed:
                rule: tuple[str, ...] = ("RB1-DAZED", "DS-TURN-08")
                why = "dazed"
            else:
                rule = ("DS-COND-02", "DS-TURN-08")
                why = "surprised"
            raise ActionUnavailableError(f"{what}: the creature is {why}", rule=rule)
        if kind is ActionKind.TRIGGERED and triggered_used:
            raise ActionUnavailableError(
                f"{what}: it already used its triggered action this round", rule="DS-TURN-05"
            )
        return False
    if economy is None:
        raise ActionUnavailableError(f"{what}: only on its own turn", rule="DS-TURN-01")
    if kind is ActionKind.FREE_MANEUVER:
        if dazed:
            raise ActionUnavailableError(
                f"{what}: a dazed creature takes no free maneuvers", rule="RB1-DAZED"
            )
        return False
    if dazed and economy.counted >= DAZED_ACTIONS_PER_TURN:
        raise ActionUnavailableError(
            f"{what}: a dazed creature takes only one of main action, maneuver or move action per turn",
            rule="RB1-DAZED",
        )
    if kind is ActionKind.MAIN:
        if economy.main_slot_used:
            raise ActionUnavailableError(
                f"{what}: its main action is already spent this turn", rule=("DS-TURN-01", "DS-TURN-03")
            )
        return False
    taken = economy.maneuvers if kind is ActionKind.MANEUVER else economy.moves
    if taken == 0:
        return False
    if economy.main_slot_used:
        raise ActionUnavailableError(
            f"{what}: it already took its {kind.value} and its main action is spent",
            rule=("DS-TURN-01", "DS-TURN-03"),
        )
    return True


def spend(economy: TurnEconomy, kind: ActionKind, speed: int) -> TurnEconomy:
    """The economy after spending ``kind``; a move action grants ``speed`` squares (DS-ACT-01)."""
    main, maneuvers, moves, free, left = (
        economy.main,
        economy.maneuvers,
        economy.moves,
        economy.free_maneuvers,
        economy.movement_left,
    )
    if kind is ActionKind.MAIN:
        return TurnEconomy(main + 1, maneuvers, moves, free, left)
    if kind is ActionKind.MANEUVER:
        return TurnEconomy(main, maneuvers + 1, moves, free, left)
    if kind is ActionKind.MOVE:
        return TurnEconomy(main, maneuvers, moves + 1, free, left + speed)
    if kind is ActionKind.FREE_MANEUVER:
        return TurnEconomy(main, maneuvers, moves, free + 1, left)
    return economy


def rule_ids(kind: ActionKind, converted: bool) -> tuple[str, ...]:
    """The rule IDs behind spending ``kind``."""
    if converted:
        return ("DS-TURN-03",)
    return _RULE_IDS[kind]


_RULE_IDS = {
    ActionKind.MAIN: ("DS-TURN-01",),
    ActionKind.MANEUVER: ("DS-TURN-01",),
    ActionKind.MOVE: ("DS-TURN-01", "DS-TURN-02"),
    ActionKind.FREE_MANEUVER: ("DS-TURN-09",),
    ActionKind.TRIGGERED: ("DS-TURN-05",),
    ActionKind.FREE_TRIGGERED: ("DS-TURN-06",),
}
