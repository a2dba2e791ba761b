"""Victories on the hero sheet: starting Malice, Heroic Resource, encounter strength.

RB-MALICE-01..03 (the Director's Malice), RB-HR-04 and RB-HR-07 (a hero's Heroic Resource at
the start and the end of combat), RB-EV-07 (Victories in the budget).
"""

from __future__ import annotations

import brawl
from brawl import Creature, Encounter, Terrain
from brawl.building import assess
from brawl.events.abilities import ResourceGained
from brawl.events.base import Note
from brawl.events.turns import MaliceGained
from brawl.turns import next_actors
from brawl.turns.drawsteel import DrawSteelTurn
from brawl.turns.drawsteel_resources import starting_malice


def five_heroes(victories: int = 3) -> Encounter:
    heroes = [
        Creature(id=f"h{i}", side="heroes", hero=True, pos=(i, 0, 0), victories=victories) for i in range(5)
    ]
    return Encounter.create(Terrain.flat(12, 12), [*heroes, Creature(id="gob", pos=(10, 10, 0))])


def malice_gains(events: tuple[brawl.Event, ...]) -> list[tuple[int, int]]:
    return [(e.amount, e.total) for e in events if isinstance(e, MaliceGained)]


def next_round(enc: Encounter) -> tuple[Encounter, tuple[brawl.Event, ...]]:
    """Every creature that may act takes an empty turn, then the round ends."""
    while actors := [cid for ids in next_actors(enc).values() for cid in ids]:
        enc, _ = brawl.start_turn(enc, actors[0])
        enc, _ = brawl.end_turn(enc)
    enc, events = brawl.end_round(enc)
    return enc, events


def test_the_books_malice_example_RB_MALICE_01_RB_MALICE_02() -> None:
    """RB-MALICE-01, RB-MALICE-02: five heroes with 3 Victories each: 3 at the start of combat and
    9 as the first round starts (3 + 5 + 1), then 7 at the start of round 2, 8 in round 3."""
    enc, events = brawl.start_combat(five_heroes(), first_side="heroes")
    assert malice_gains(events) == [(3, 3), (6, 9)]
    assert isinstance(enc.turn, DrawSteelTurn)
    assert enc.turn.malice == 9
    enc, events = next_round(enc)
    assert malice_gains(events) == [(7, 16)]
    enc, events = next_round(enc)
    assert malice_gains(events) == [(8, 24)]
    starting = [e for e in events if isinstance(e, MaliceGained)]
    assert starting[0].rules == ("RB6-MALICE", "RB-MALICE-02")


def test_a_dead_hero_stops_generating_malice_RB_MALICE_02() -> None:
    """RB-MALICE-02: a hero who dies stops generating Malice: 4 living heroes in round 2 give 6."""
    enc, _ = brawl.start_combat(five_heroes(), first_side="heroes")
    enc = enc.update_creature("h4", dead=True, stamina=0)
    _, events = next_round(enc)
    assert malice_gains(events) == [(6, 15)]


def test_starting_malice_is_the_average_rounded_down_RB_MALICE_01() -> None:
    """RB-MALICE-01 with R-EV-2: Victories 3, 3, 2, 2, 2 average 2.4: 2 Malice; a given malice wins."""
    enc = five_heroes()
    for i in (2, 3, 4):
        enc = enc.update_creature(f"h{i}", victories=2)
    assert starting_malice(enc) == 2
    _, events = brawl.start_combat(enc, first_side="heroes")
    assert malice_gains(events)[0] == (2, 2)
    _, events = brawl.start_combat(enc, first_side="heroes", malice=0)
    assert malice_gains(events) == [(6, 6)]  # no start-of-combat gain, only round 1's


def test_heroes_gain_their_victories_in_heroic_resource_and_lose_it_at_the_end_RB_HR_04_RB_HR_07() -> None:
    """RB-HR-04: each hero gains Heroic Resource equal to its Victories as combat starts;
    RB-HR-07: what is left is lost when the encounter ends."""
    enc = five_heroes(victories=2).update_creature("h0", heroic_resource=1)
    enc, events = brawl.start_combat(enc, first_side="heroes")
    gains = [(e.creature, e.amount, e.total) for e in events if isinstance(e, ResourceGained)]
    assert gains == [("h0", 2, 3), ("h1", 2, 2), ("h2", 2, 2), ("h3", 2, 2), ("h4", 2, 2)]
    assert all(e.rules == ("RB-HR-04",) for e in events if isinstance(e, ResourceGained))
    assert enc.creature("h0").heroic_resource == 3
    enc, events = brawl.end_combat(enc)
    lost = [n.text for n in events if isinstance(n, Note) and "Heroic Resource" in n.text]
    assert lost[0] == "h0 loses 3 unspent Heroic Resource"
    assert len(lost) == 5
    assert all(c.heroic_resource == 0 for c in enc.creature_list() if c.hero)


def test_the_director_loses_unspent_malice_RB_MALICE_03() -> None:
    """RB-MALICE-03: unspent Malice (9 after round 1 begins) is lost when the encounter ends."""
    enc, _ = brawl.start_combat(five_heroes(), first_side="heroes")
    enc, events = brawl.end_combat(enc)
    notes = [n for n in events if isinstance(n, Note) and "Malice" in n.text]
    assert [n.text for n in notes] == ["the Director loses 9 unspent Malice"]
    assert "RB-MALICE-03" in notes[0].rules


def test_the_budget_reads_the_heroes_victories_RB_EV_07() -> None:
    """RB-EV-07: five 1st-level heroes with 2 Victories each are worth one hero more: 36, not 30."""
    budget = assess(five_heroes(victories=2), {})
    assert budget.party.victories == 10
    assert budget.difficulty.strength == 36
    assert assess(five_heroes(victories=2), {}, victories=0).difficulty.strength == 30
