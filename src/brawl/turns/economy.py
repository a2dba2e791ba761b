"""The Draw Steel action economy: what a creature may still do this turn and this round.

A turn holds one main action, one maneuver and one move action, in any order, the movement
split around them (DS-TURN-01, DS-TURN-02); the main action may become a second move action or
a second maneuver (DS-TURN-03). Free maneuvers are unlimited (DS-TURN-09). One triggered action
per round, free triggered actions beyond it (DS-TURN-05, DS-TURN-06). Dazed allows only one of
main, maneuver and move, and no triggered, free triggered or free maneuvers (RB1-DAZED);
surprised forbids triggered actions (DS-COND-02); unconscious forbids everything, including the
move action since its speed is 0 (DS-COND-04, R-TURN-7). A critical hit's extra main action is
taken at once, even off the creature's turn and even dazed (RB-CRIT-03, R-TURN-10).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from brawl.checks import whole_number
from brawl.conditions import ConditionName
from brawl.creature import Creature
from brawl.enums import ReprEnum
from brawl.errors import ActionUnavailableError, InvalidArgumentError, RulesError, StateError
from brawl.fields import copier
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


@attrs.frozen
class Refusal:
    """Why a creature may not take a kind of action now: the reason and the rules that forbid it.

    The checks return one, or None when the action is allowed, so that asking "may it?" builds no
    message and raises nothing; :meth:`error` is what refusing the request raises.
    """

    reason: str
    """What stands in the way; the message reads "<creature> <kind>: <reason> (<rules>)"."""
    rules: tuple[str, ...]
    """The rule IDs that forbid it."""
    error_type: type[RulesError] = ActionUnavailableError
    """The class of the error raised."""

    def error(self, creature: str, kind: ActionKind) -> RulesError:
        """The error refusing ``creature`` its ``kind`` of action."""
        return self.error_type(f"{creature} {kind.value}: {self.reason}", rule=self.rules)


DEAD = Refusal("the creature is dead", ("DS-STAM-09", "DS-STAM-10"))
UNCONSCIOUS_MOVE = Refusal(
    "an unconscious creature's speed is 0, so it takes no move action", ("R-TURN-7", "DS-COND-05")
)
UNCONSCIOUS = Refusal("the creature is unconscious", ("DS-COND-04",))
DAZED_TRIGGERED = Refusal("the creature is dazed", ("RB1-DAZED", "DS-TURN-08"))
SURPRISED_TRIGGERED = Refusal("the creature is surprised", ("DS-COND-02", "DS-TURN-08"))
TRIGGERED_USED = Refusal("it already used its triggered action this round", ("DS-TURN-05",))
NOT_OWN_TURN = Refusal("only on its own turn", ("DS-TURN-01",))
OFF_TURN = (
    "off its turn a creature takes only triggered actions, opportunity attacks and granted actions "
    "(a critical hit's extra main action; granted=True: the table grants this action)"
)
"""What a creature may do off its own turn, said when anything else is refused (DS-TURN-01, R-TURN-11)."""
DAZED_FREE_MANEUVER = Refusal("a dazed creature takes no free maneuvers", ("RB1-DAZED",))
DAZED_ONE_ACTION = Refusal(
    "a dazed creature takes only one of main action, maneuver or move action per turn", ("RB1-DAZED",)
)
MAIN_SPENT = Refusal("its main action is already spent this turn", ("DS-TURN-01", "DS-TURN-03"))
SECOND_SPENT = {
    k: Refusal(f"it already took its {k.value} and its main action is spent", ("DS-TURN-01", "DS-TURN-03"))
    for k in (ActionKind.MANEUVER, ActionKind.MOVE)
}
"""A second maneuver or move action once the main action is spent (DS-TURN-03), by kind."""
TRIGGERED_KINDS = frozenset({ActionKind.TRIGGERED, ActionKind.FREE_TRIGGERED})
"""Kinds taken on anyone's turn, once a round or freely (DS-TURN-05, DS-TURN-06)."""


def refusal(
    state: Encounter,
    c: Creature,
    kind: ActionKind,
    economy: TurnEconomy | None,
    triggered_used: bool,
    extra_main: bool = False,
) -> Refusal | None:
    """Why ``c`` may not take ``kind`` now, or None if the economy allows it (DS-TURN-01..09,
    RB1-DAZED, DS-COND-02, DS-COND-04, RB-CRIT-03).

    ``economy`` is the creature's spending this turn (None outside its turn); the caller checks
    whose turn it is. ``triggered_used``: whether it used its triggered action this round.
    ``extra_main``: whether it holds a critical hit's extra main action, taken even off its turn
    and even dazed (RB-CRIT-03).
    """
    if c.dead:
        return DEAD
    conditions = c.conditions
    if conditions and c.has(ConditionName.UNCONSCIOUS):
        return UNCONSCIOUS_MOVE if kind is ActionKind.MOVE else UNCONSCIOUS
    dazed = bool(conditions) and c.has(ConditionName.DAZED)
    if kind in TRIGGERED_KINDS:
        if not cond_rules.can_take_triggered_actions(state, c.id):
            return DAZED_TRIGGERED if dazed else SURPRISED_TRIGGERED
        if kind is ActionKind.TRIGGERED and triggered_used:
            return TRIGGERED_USED
        return None
    if extra_main and kind is ActionKind.MAIN:
        return None
    if economy is None:
        return NOT_OWN_TURN
    if kind is ActionKind.FREE_MANEUVER:
        return DAZED_FREE_MANEUVER if dazed else None
    if economy is FRESH:  # nothing spent: none counted, the main action free, nothing to convert
        return None
    if dazed and economy.counted >= DAZED_ACTIONS_PER_TURN:
        return DAZED_ONE_ACTION
    if c.minion and c.squad is not None and economy.counted:
        found = _squad_refusal(economy, kind)
        if found is not None:
            return found
    if kind is ActionKind.MAIN:
        return MAIN_SPENT if economy.main_slot_used else None
    if converts(economy, kind) and economy.main_slot_used:
        return SECOND_SPENT[kind]
    return None


SQUAD_MINION = Refusal(
    "a minion of a squad takes a move action and a main action, a move action and a maneuver, "
    "or two move actions",
    ("RB-SQUAD-13",),
)


def _squad_refusal(economy: TurnEconomy, kind: ActionKind) -> Refusal | None:
    """Why a minion of a squad may not take ``kind`` on the shared turn: it takes a move action
    and one of a main action, a maneuver or a second move action (RB-SQUAD-13)."""
    if economy.counted >= 2 or (kind is not ActionKind.MOVE and economy.main + economy.maneuvers):
        return SQUAD_MINION
    return None


def converts(economy: TurnEconomy | None, kind: ActionKind) -> bool:
    """Whether taking ``kind`` now uses the main action: a second maneuver or a second move
    action (DS-TURN-03). ``economy``: the creature's spending this turn (None outside its turn)."""
    if economy is None:
        return False
    if kind is ActionKind.MANEUVER:
        return economy.maneuvers >= MANEUVERS_PER_TURN
    if kind is ActionKind.MOVE:
        return economy.moves >= MOVE_ACTIONS_PER_TURN
    return False


def spend(economy: TurnEconomy, kind: ActionKind, speed: int) -> TurnEconomy:
    """The economy after spending ``kind``; a move action grants ``speed`` squares (DS-ACT-01)."""
    draft = _copy_economy(economy)  # its counts are plain numbers, raised here and never checked
    if kind is ActionKind.MAIN:
        draft.main = economy.main + 1
    elif kind is ActionKind.MANEUVER:
        draft.maneuvers = economy.maneuvers + 1
    elif kind is ActionKind.MOVE:
        draft.moves = economy.moves + 1
        draft.movement_left = economy.movement_left + speed
    elif kind is ActionKind.FREE_MANEUVER:
        draft.free_maneuvers = economy.free_maneuvers + 1
    else:
        return economy
    draft.__class__ = TurnEconomy
    spent: TurnEconomy = draft
    return spent


def movement_spent(economy: TurnEconomy, squares: int) -> TurnEconomy:
    """The economy with ``squares`` of its movement left spent (DS-TURN-02)."""
    draft = _copy_economy(economy)
    draft.movement_left = economy.movement_left - squares
    draft.__class__ = TurnEconomy
    spent: TurnEconomy = draft
    return spent


_copy_economy: Callable[[TurnEconomy], Any] = copier(TurnEconomy)
"""A draft of an economy (:func:`~brawl.fields.copier`): a counter changed, then made a
:class:`TurnEconomy` (a record of plain numbers, nothing to convert or validate)."""

KIND_NAMES = {k: k.value for k in ActionKind}
"""Each kind's name, read without the enum's ``value`` property."""


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
