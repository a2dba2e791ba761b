"""The Director's bookkeeping of a Draw Steel combat: what its creatures used and when.

:class:`DirectorBook` is kept in the Draw Steel turn bookkeeping (its ``director`` field): the
villain actions used this encounter and the round of the last one (RB-VILLAIN-02, RB-VILLAIN-03),
the turn in which a Malice feature was activated (RB-MALICE-04), the round of the last Malicious
Strike (RB-MALICE-07) and the boosts waiting for a creature's next ability (RB-MALICE-05,
RB-MALICE-06), the summoners who summoned since their turn started and whom each summoned
creature follows (RB-SUMMON-01, RB-SUMMON-02). The rules of :mod:`brawl.rules.villain`,
:mod:`brawl.rules.malice` and :mod:`brawl.rules.summons` read and write it through
:func:`book_of` and :func:`with_book`; outside a Draw Steel combat there is none.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import immutables

from brawl.errors import StateError
from brawl.fields import put
from brawl.state import Encounter, TurnState

__all__ = ["NO_BOOK", "DirectorBook", "book_of", "with_book"]


@attrs.frozen
class DirectorBook:
    """What the Director's creatures used in this combat, and what waits for their next ability."""

    villain_used: immutables.Map[str, tuple[str, ...]] = attrs.field(factory=immutables.Map)
    """By creature, the names of the villain actions it used this encounter (RB-VILLAIN-02)."""
    villain_round: int = 0
    """The round of the last villain action; 0: none yet (RB-VILLAIN-03)."""
    malice_turn: int = 0
    """The number of the turn (the combat's turns counted from 1) in which a Malice feature was
    last activated; 0: none yet (RB-MALICE-04, R-DIR-2)."""
    malicious_round: int = 0
    """The round in which Malicious Strike was last activated; 0: never (RB-MALICE-07)."""
    brutal: immutables.Map[str, int] = attrs.field(factory=immutables.Map)
    """By creature, the bonus waiting for the potencies of its next ability that has one
    (Brutal Effectiveness, RB-MALICE-05)."""
    malicious: immutables.Map[str, int] = attrs.field(factory=immutables.Map)
    """By creature, the extra damage waiting for its next strike (Malicious Strike, RB-MALICE-06)."""
    summoned: frozenset[str] = frozenset()
    """Creatures that summoned since the start of their last turn (RB-SUMMON-02)."""
    summoned_by: immutables.Map[str, str] = attrs.field(factory=immutables.Map)
    """Each summoned creature that acts right after its summoner, by id: its summoner (RB-SUMMON-01)."""

    def check(self, encounter: Encounter) -> None:
        """Raise :class:`~brawl.errors.StateError` unless every id is a creature of ``encounter``
        and every count a whole number."""
        TurnState.known(encounter, self.villain_used.keys(), "director villain_used")
        for names in self.villain_used.values():
            if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
                raise StateError(f"turn director villain_used: {names!r} is not a list of names")
        for name in ("villain_round", "malice_turn", "malicious_round"):
            TurnState.count(getattr(self, name), f"director {name}")
        for name in ("brutal", "malicious"):
            found: immutables.Map[str, int] = getattr(self, name)
            TurnState.known(encounter, found.keys(), f"director {name}")
            for value in found.values():
                TurnState.count(value, f"director {name}")
        TurnState.known(encounter, self.summoned, "director summoned")
        TurnState.known(
            encounter, (*self.summoned_by.keys(), *self.summoned_by.values()), "director summoned_by"
        )

    def used(self, creature: str) -> tuple[str, ...]:
        """The villain actions ``creature`` used this encounter."""
        return self.villain_used.get(creature, ())

    def turn_started(self, creature: str) -> DirectorBook:
        """The book as ``creature``'s turn starts: it may summon again (RB-SUMMON-02)."""
        if creature not in self.summoned:
            return self
        return put(self, summoned=self.summoned - {creature})  # a member taken out: nothing to refuse

    def without(self, creatures: Iterable[str]) -> DirectorBook:
        """The book with the waiting boosts of ``creatures`` gone (their turn ended, R-DIR-3)."""
        brutal, malicious = self.brutal, self.malicious
        if not (brutal or malicious):  # no boost waits: the common case
            return self
        for c in creatures:
            if c in brutal:
                brutal = brutal.delete(c)
            if c in malicious:
                malicious = malicious.delete(c)
        if brutal is self.brutal and malicious is self.malicious:
            return self
        # the book's own maps with keys taken out: nothing for a check to refuse
        return put(self, brutal=brutal, malicious=malicious)


NO_BOOK = DirectorBook()
"""The empty book of a combat just started (shared: records are immutable)."""


def book_of(state: Encounter) -> DirectorBook | None:
    """The Director's book of the combat running in ``state``, or None outside a Draw Steel combat."""
    found = getattr(state.turn, "director", None)
    return found if isinstance(found, DirectorBook) else None


def with_book(state: Encounter, book: DirectorBook) -> Encounter:
    """``state`` with the Director's book replaced, in the bookkeeping of the turn system that
    keeps it (:func:`book_of` found one)."""
    return state.with_turn(attrs.evolve(state.turn, director=book))  # type: ignore[misc]  # its class: a layer above
