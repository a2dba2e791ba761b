"""The initiative game's turn: one Action, one Fast Action and one Move, any order (I-TURN-01..03).

Which of them a character may use now: on its own turn, alive, each once (I-TURN-01); the Fast
Action only for an action that says it is fast (I-TURN-03); no slow action in danger
(I-SLOW-01); free actions at any time, uncounted (I-FREE-01). The turn system
(:class:`~brawl.initiative.game.InitiativeGame`) and the hold (:class:`~brawl.initiative.hold.HoldAction`)
both ask these checks.
"""

from __future__ import annotations

from brawl.errors import ActionUnavailableError, InvalidArgumentError, TurnOrderError, whose_turn
from brawl.initiative.state import KINDS, InitiativeEconomy, turn_of
from brawl.state import Encounter

__all__ = ["verify_slot", "verify_turn"]


def verify_turn(
    state: Encounter, creature: str, kind: str, *, slow: bool = False
) -> InitiativeEconomy | None:
    """Raise unless ``creature`` may use an activity of ``kind`` now: the economy of its turn, or
    None for a free action, which needs no turn (I-TURN-01, I-SLOW-01, I-FREE-01)."""
    t = turn_of(state)
    c = state.creature(creature)
    if kind not in KINDS:
        raise InvalidArgumentError(f"action kind {kind!r}: not one of {KINDS}", rule="I-TURN-01")
    if c.dead:
        raise ActionUnavailableError(f"{creature} {kind}: the character is dead", rule="I-TURN-01")
    if slow:
        raise ActionUnavailableError(
            f"{creature} {kind}: slow actions cannot be taken in danger", rule="I-SLOW-01"
        )
    if kind == "free":
        return None
    if t.current != creature or t.economy is None:
        raise TurnOrderError(f"{creature} {kind}: {whose_turn(creature, t.current)}", rule="I-TURN-01")
    return t.economy


def verify_slot(
    economy: InitiativeEconomy, creature: str, kind: str, *, name: str | None = None, fast: bool = False
) -> None:
    """Raise unless the Action, Fast Action or Move ``kind`` is still unused this turn; the Fast
    Action takes only an action that says it is fast, ``fast`` (I-TURN-01, I-TURN-03)."""
    if kind == "fast" and not fast:
        raise ActionUnavailableError(
            f"{creature} fast action{f' {name!r}' if name else ''}: only an action that says it is "
            "fast takes the Fast Action (say fast=True)",
            rule="I-TURN-03",
        )
    spent = {"action": economy.action, "fast": economy.fast, "move": economy.move}[kind]
    if spent:
        raise ActionUnavailableError(f"{creature} {kind}: already used this turn", rule="I-TURN-01")
