"""Summoned creatures in a Draw Steel combat (RB-SUMMON-01, RB-SUMMON-02).

:class:`Summon` puts the creature a summoning ability brings onto the map, on its summoner's side.
Unless its stat block says otherwise (``right_after=False``), the summoned creature takes its turn
right after its summoner's: once the summoner's turn ends, it starts before anyone else, in
that round and the next ones (RB-SUMMON-01). The summoner can't summon again until the start of
its next turn (RB-SUMMON-02). The record is the summoning's effect: it spends nothing of the turn
(the ability that summons does, R-DIR-10).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from brawl.creature import Creature
from brawl.errors import ActionUnavailableError, InvalidArgumentError, StateError
from brawl.events.director import Summoned
from brawl.fields import flag, ident, instance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.director import book_of, with_book
from brawl.rules.strikes import living
from brawl.state import Encounter

__all__ = ["Summon"]


@attrs.frozen
class Summon(Action):
    """``summoner`` summons ``creature`` (a new creature, on its side) in a Draw Steel combat; it
    acts right after its summoner unless ``right_after`` is False (RB-SUMMON-01), and the summoner
    summons again only from the start of its next turn (RB-SUMMON-02, R-DIR-10)."""

    summoner: str = attrs.field(validator=ident("RB-SUMMON-01"))
    """The creature that summons."""
    creature: Creature = attrs.field(validator=instance(Creature, "a Creature", "RB-SUMMON-01"))
    """The creature summoned, with its own id, its place and the summoner's side."""
    right_after: bool = attrs.field(default=True, validator=flag("RB-SUMMON-01"))
    """It acts right after its summoner (False: its stat block says otherwise, and it acts as any
    creature of its side does)."""

    actor: ClassVar[str] = "summoner"

    def verify(self, state: Encounter) -> None:
        """Raise unless the summoner may summon now and the creature fits where it is put."""
        _check(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Put the creature on the map and note its summoner."""
        _check(state, self)
        book = book_of(state)
        assert book is not None  # checked: a Draw Steel combat
        after = state.with_creature(self.creature)
        pairs = (
            book.summoned_by.set(self.creature.id, self.summoner) if self.right_after else book.summoned_by
        )
        new = attrs.evolve(book, summoned=book.summoned | {self.summoner}, summoned_by=pairs)
        rules = ("RB-SUMMON-01", "RB-SUMMON-02") if self.right_after else ("RB-SUMMON-02",)
        event = Summoned(
            summoner=self.summoner, creature=self.creature.id, right_after=self.right_after, rules=rules
        )
        return Outcome(with_book(after, new), (event,))


def _check(state: Encounter, request: Summon) -> None:
    who = f"summon by {request.summoner!r}"
    s = living(state, request.summoner, "summon")
    book = book_of(state)
    if book is None:
        raise ActionUnavailableError(
            f"{who}: summoned creatures join a Draw Steel combat", rule="RB-SUMMON-01"
        )
    if request.summoner in book.summoned:
        raise ActionUnavailableError(
            f"{who}: it summoned already; it summons again from the start of its next turn",
            rule="RB-SUMMON-02",
        )
    c = request.creature
    if c.id in state.creatures or c.id in state.objects:
        raise InvalidArgumentError(f"{who}: the id {c.id!r} is taken", rule="RB-SUMMON-01")
    if c.side != s.side:
        raise InvalidArgumentError(
            f"{who}: {c.id!r} is on side {c.side!r}, not its summoner's {s.side!r}", rule="R-DIR-10"
        )
    try:
        state.with_creature(c)
    except StateError as exc:
        raise InvalidArgumentError(
            f"{who}: {c.id!r} does not fit there ({exc})", rule="RB-SUMMON-01"
        ) from None
