"""The initiative game's walking: next to enemies, a character leaves them only by disengaging.

A character that starts adjacent to enemies must stay adjacent, after every step, to at least one
enemy it started adjacent to (strafing), unless it disengages (I-DIS-01, I-DIS-02, I-AMB-04,
:func:`~brawl.initiative.state.verify_stays_engaged`, which every walk under the game keeps).
:class:`InitiativeMove` is the walk with the game's two ways: the Move's spaces, or Disengage in
the Action slot (a shift of 1 square, R-I-4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from brawl.errors import InvalidArgumentError
from brawl.fields import as_path, flag, ident
from brawl.geometry import Pos, distance
from brawl.initiative.state import verify_stays_engaged
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.movement import Disengage, Move
from brawl.state import Encounter

__all__ = ["InitiativeMove"]


@attrs.frozen
class InitiativeMove(Action):
    """Walk along ``path`` in the initiative game: strafing, or disengaging (I-DIS-01, I-DIS-02).

    ``path`` lists the squares entered, one step each (I-TURN-05). A character that starts
    adjacent to enemies must stay adjacent, after every step, to at least one enemy it started
    adjacent to (I-AMB-04), unless ``disengage``: then the walk is the Disengage action, a shift
    of 1 square taking the Action (I-DIS-01, R-I-4). Otherwise it spends the Move's spaces
    (I-TURN-04). The walk's own movement rules apply as for :class:`~brawl.rules.movement.Move`.
    """

    cost: ClassVar[str | None] = "movement"

    creature: str = attrs.field(validator=ident("I-TURN-04"))
    path: tuple[Pos, ...] = attrs.field(converter=as_path)
    disengage: bool = attrs.field(default=False, validator=flag("I-DIS-01"))
    granted: bool = attrs.field(default=False, validator=flag("R-TURN-8"))
    """Movement an effect grants: it spends nothing of the walker's turn (R-TURN-8)."""

    @classmethod
    def cost_in(cls, state: Encounter, fields: Mapping[str, Any]) -> str | None:
        """The Move's spaces, or, disengaging, what Disengage costs (the Action, I-DIS-01)."""
        return Disengage.cost if fields.get("disengage") is True else cls.cost

    def walk(self) -> Move | Disengage:
        """The movement rule's record of this walk: :class:`Move`, or :class:`Disengage`."""
        return Disengage(self.creature, self.path) if self.disengage else Move(self.creature, self.path)

    def movement_cost(self, state: Encounter) -> int:
        """The spaces the walk with the Move costs (I-TURN-04, I-TURN-05)."""
        return Move(self.creature, self.path).movement_cost(state)

    def verify(self, state: Encounter) -> None:
        _check_steps(state, self)
        self.walk().verify(state)

    def resolve(self, state: Encounter) -> Outcome:
        _check_steps(state, self)
        return self.walk().resolve(state)


def _check_steps(state: Encounter, request: InitiativeMove) -> None:
    """Raise unless each square is one step from the last (I-TURN-05) and, without disengaging,
    the walk stays next to an enemy it started next to (I-DIS-01, I-DIS-02, I-AMB-04)."""
    here = state.creature(request.creature).pos
    for p in request.path:
        if distance(here, 1, p, 1) != 1:
            raise InvalidArgumentError(
                f"path of {request.creature!r}: {tuple(p)} is not one step from {tuple(here)}",
                rule="I-TURN-05",
            )
        here = p
    if not request.disengage:
        verify_stays_engaged(state, request.creature, request.path)
