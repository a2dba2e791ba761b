"""What the rules make automatic for abilities: the Director's Malice each round (RB6-MALICE),
the Heroic Resource each turn, the refund of a resisted potency, triggered abilities' one
triggered action a round (DS-TURN-05)."""

from __future__ import annotations

import pytest

import brawl
from brawl import Creature, Encounter
from brawl.errors import InvalidArgumentError
from brawl.events.base import Note
from brawl.events.turns import MaliceGained
from brawl.turns.records import StartCombat


def of(kind: type, events: tuple[object, ...]) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def party(*others: Creature) -> Encounter:
    """Two heroes and a goblin; a third hero already dead."""
    return Encounter(
        creatures=(
            Creature(id="kira", side="heroes", hero=True, pos=(0, 0, 0)),
            Creature(id="tor", side="heroes", hero=True, pos=(2, 0, 0)),
            Creature(id="ghost", side="heroes", hero=True, pos=(4, 0, 0), dead=True, stamina=0),
            Creature(id="gob", pos=(6, 0, 0)),
            *others,
        )
    )


def run_round(enc: Encounter) -> Encounter:
    for c in ("kira", "gob", "tor"):
        enc, _ = brawl.start_turn(enc, c)
        enc, _ = brawl.end_turn(enc)
    return enc


def test_malice_at_the_start_of_combat_and_of_each_round() -> None:
    """RB6-MALICE: starting Malice 2 (average Victories), then 2 living heroes + round 1 = 3 (5 in
    all); round 2 gives 2 + 2 = 4 (9 in all). The dead hero does not count."""
    enc, events = brawl.start_combat(party(), d10=10, malice=2)
    gains = of(MaliceGained, events)
    assert [(g.amount, g.total) for g in gains] == [(2, 2), (3, 5)]
    assert all(g.rules == ("RB6-MALICE",) for g in gains)
    assert enc.turn.malice == 5
    enc = run_round(enc)
    enc, events = brawl.end_round(enc)
    assert [(g.amount, g.total) for g in of(MaliceGained, events)] == [(4, 9)]
    assert enc.turn.malice == 9


def test_malice_round_one_without_starting_malice() -> None:
    """RB6-MALICE: with no starting Malice round 1 still gives 2 heroes + 1 = 3."""
    _, events = brawl.start_combat(party(), d10=1)
    assert [(g.amount, g.total) for g in of(MaliceGained, events)] == [(3, 3)]


def test_starting_malice_is_a_whole_number_from_0() -> None:
    """RB6-MALICE: a negative starting Malice is refused, naming the rule."""
    with pytest.raises(InvalidArgumentError, match="RB6-MALICE"):
        brawl.start_combat(party(), d10=1, malice=-1)
    with pytest.raises(InvalidArgumentError, match="RB6-MALICE"):
        StartCombat(malice=-1)
    enc, _ = StartCombat(d10=1, malice=4).resolve(party())
    assert enc.turn.malice == 4 + 3


def test_unspent_malice_is_lost_when_the_encounter_ends() -> None:
    """RB6-MALICE: the Director's 3 unspent Malice is lost with a note citing the rule."""
    enc, _ = brawl.start_combat(party(), d10=1)
    _, events = brawl.end_combat(enc)
    notes = [n for n in of(Note, events) if "Malice" in n.text]
    assert [n.text for n in notes] == ["the Director loses 3 unspent Malice"]
    assert notes[0].rules == ("RB6-MALICE",)
