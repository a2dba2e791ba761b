"""The squad maneuvers ``legal_actions`` offers on a minion's turn: Grab and Knockback with each
target once, Hide and Search, exactly when the squad may make them (RB-SQUAD-19, RB-SQUAD-13,
ruling R-SQUAD-11); the notation writes and reads them back."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import notation
from brawl.geometry import Pos
from brawl.turns.drawsteel_turn import DrawSteelTurn

SQUAD_KINDS = (brawl.actions.SquadManeuver, brawl.actions.SquadHide, brawl.actions.SquadSearch)


def minion(i: int, pos: tuple[int, int, int]) -> brawl.Creature:
    return brawl.Creature(
        id=f"gob-{i}", name="Goblin Spinecleaver", stamina_max=5, minion=True, squad="cleavers", pos=pos
    )


def hero(cid: str, pos: tuple[int, int, int], **kw: object) -> brawl.Creature:
    return brawl.Creature(id=cid, side=brawl.HEROES, hero=True, stamina_max=30, pos=pos, **kw)  # type: ignore[arg-type]


def on_gob_0(*creatures: brawl.Creature, terrain: brawl.Terrain | None = None) -> brawl.Encounter:
    """A Draw Steel combat on gob-0's turn, the Director's side first."""
    enc = brawl.Encounter.create(terrain or brawl.Terrain.flat(20, 20), creatures, seed=5)
    enc, _ = brawl.start_combat(enc, "drawsteel", first_side=brawl.DIRECTOR)
    started: brawl.Encounter = brawl.start_turn(enc, "gob-0").state
    return started


def squad_offers(enc: brawl.Encounter) -> list[brawl.Action]:
    return [a for a in brawl.legal_actions(enc) if isinstance(a, SQUAD_KINDS)]


def two_heroes() -> brawl.Encounter:
    """gob-0 at 4,5 beside Kira (5,5); gob-1 at 6,5 beside Kira and Tor (7,5); gob-2 far off."""
    return on_gob_0(
        minion(0, (4, 5, 0)),
        minion(1, (6, 5, 0)),
        minion(2, (15, 15, 0)),
        hero("kira", (5, 5, 0)),
        hero("tor", (7, 5, 0)),
    )


def test_grab_knockback_and_search_are_offered_each_target_once_RB_SQUAD_19() -> None:
    """RB-SQUAD-19, R-SQUAD-11: on gob-0's turn the squad's Grab and Knockback are offered with
    gob-0 on Kira and gob-1 on Tor (each target once, one roll), and a Search of all three
    minions; no Hide (no minion has cover in the open)."""
    enc = two_heroes()
    offers = squad_offers(enc)
    assert offers == [
        brawl.actions.SquadManeuver("grab", ("gob-0", "gob-1"), ("kira", "tor")),
        brawl.actions.SquadManeuver("knockback", ("gob-0", "gob-1"), ("kira", "tor")),
        brawl.actions.SquadSearch(("gob-0", "gob-1", "gob-2")),
    ]
    grab = offers[0]
    assert isinstance(grab, brawl.actions.SquadManeuver)
    grabbed, events = brawl.apply(enc, attrs.evolve(grab, dice=(9, 9)))
    assert [c.source for c in grabbed.creature("kira").conditions_named("grabbed")] == ["gob-0"]
    assert [c.source for c in grabbed.creature("tor").conditions_named("grabbed")] == ["gob-1"]
    assert "RB-SQUAD-19" in brawl.explain(events)
    # gob-0's maneuver is spent and gob-1's went into it: nothing more of the kind is offered
    assert squad_offers(grabbed) == []
    t = grabbed.turn
    assert isinstance(t, DrawSteelTurn)
    assert t.squad_maneuvers == {"gob-1"}


def test_no_squad_grab_when_no_other_minion_reaches_another_enemy_RB_SQUAD_19() -> None:
    """RB-SQUAD-19, R-SQUAD-11: with Tor out of reach, gob-1 could only grab Kira again, which
    affects no one twice: no squad Grab or Knockback is offered, gob-0's own Grab is."""
    enc = two_heroes()
    enc = enc.with_creature(attrs.evolve(enc.creature("tor"), pos=Pos(12, 12, 0)))
    offers = squad_offers(enc)
    assert [type(a) for a in offers] == [brawl.actions.SquadSearch]
    own = brawl.actions.TakeAction("maneuver", brawl.actions.Grab("gob-0", "kira"))
    assert own in brawl.legal_actions(enc)


def test_nothing_offered_once_the_others_took_their_turn_RB_SQUAD_13() -> None:
    """RB-SQUAD-13, RB-SQUAD-19: once gob-1 and gob-2 have taken their turns no minion may join
    gob-0's maneuver, and none is offered; a minion that has its maneuver spent offers none."""
    enc = two_heroes()
    t = enc.turn
    assert isinstance(t, DrawSteelTurn)
    done = enc.with_turn(attrs.evolve(t, turns_taken=t.turns_taken.set("gob-1", 1).set("gob-2", 1)))
    assert squad_offers(done) == []
    spent, _ = brawl.use_action(enc, "gob-0", "maneuver")
    assert squad_offers(spent) == []


def stealth() -> brawl.Encounter:
    """gob-0 at 8,12 and gob-1 at 8,14 behind a stone wall at x = 10 from y = 8 up; Kira at 15,15
    beyond it, the rogue at 5,2 in the open and hidden from gob-0."""
    wall = {Pos(10, y, z): brawl.Cell(brawl.Material.STONE) for y in range(8, 20) for z in range(4)}
    terrain = brawl.Terrain.flat(20, 20).with_cells(wall)
    return on_gob_0(
        minion(0, (8, 12, 0)),
        minion(1, (8, 14, 0)),
        hero("kira", (15, 15, 0)),
        hero("rogue", (5, 2, 0), hidden_from={"gob-0"}),
        terrain=terrain,
    )


def test_hide_is_offered_with_the_minions_that_can_hide_RB_SQUAD_19() -> None:
    """RB-SQUAD-19: behind the wall both minions can hide from Kira: the squad's Hide of gob-0 and
    gob-1 is offered, and the Search; applied, both are hidden from Kira, no roll made."""
    enc = stealth()
    offers = squad_offers(enc)
    assert brawl.actions.SquadHide(("gob-0", "gob-1")) in offers
    assert brawl.actions.SquadSearch(("gob-0", "gob-1")) in offers
    after, _ = brawl.apply(enc, brawl.actions.SquadHide(("gob-0", "gob-1")))
    assert "kira" in after.creature("gob-0").hidden_from
    assert "kira" in after.creature("gob-1").hidden_from


def test_no_hide_offered_when_the_others_cannot_hide_RB_SQUAD_19() -> None:
    """RB-SQUAD-19: with gob-1 out in the open (in line of effect of both heroes) it can't hide, so no
    squad Hide is offered; the Search still is."""
    enc = stealth()
    enc = enc.with_creature(attrs.evolve(enc.creature("gob-1"), pos=Pos(12, 3, 0)))
    offers = squad_offers(enc)
    assert not [a for a in offers if isinstance(a, brawl.actions.SquadHide)]
    assert brawl.actions.SquadSearch(("gob-0", "gob-1")) in offers


def test_the_notation_writes_and_reads_the_squad_maneuvers() -> None:
    """Each offered squad maneuver is written in the notation and read back the same."""
    for enc in (two_heroes(), stealth()):
        offers = squad_offers(enc)
        assert offers
        for a in offers:
            assert notation.parse(notation.format(a), enc) == a
    assert notation.format(brawl.actions.SquadHide(("gob-0", "gob-1"))) == "squad_hide gob-0,gob-1"


# --- every offer verifies and applies; an offer for each kind a squad of two could make ----------------
CELLS = st.tuples(st.integers(0, 7), st.integers(0, 7))


def _able(enc: brawl.Encounter, request: brawl.Action) -> bool:
    return brawl.is_legal(enc, request)


@pytest.mark.hypothesis
@settings(max_examples=40, deadline=None)
@given(
    places=st.lists(CELLS, min_size=5, max_size=5, unique=True),
    hidden=st.booleans(),
    wall=st.booleans(),
    taken=st.booleans(),
)
def test_every_offered_squad_maneuver_is_legal_and_applies(
    places: list[tuple[int, int]], hidden: bool, wall: bool, taken: bool
) -> None:
    """RB-SQUAD-19, RB-SQUAD-13, R-SQUAD-11: three minions and two heroes placed at random (a wall
    for cover, a hero hidden, gob-2's turn taken): each offered squad maneuver is legal now
    (verified, its maneuver payable), applies, and spends the joining minions' maneuvers; and
    whenever gob-0 and another minion could make one of these maneuvers together (on two targets
    for Grab and Knockback), one of that kind is offered."""
    cells = (
        {Pos(3, y, z): brawl.Cell(brawl.Material.STONE) for y in range(8) for z in range(4)} if wall else {}
    )
    terrain = brawl.Terrain.flat(8, 8).with_cells(cells)
    spots = [(x, y, 0) for x, y in places]
    if wall and any(x == 3 for x, _ in places):
        return  # a creature inside the wall
    creatures = [minion(i, spots[i]) for i in range(3)]
    creatures += [hero("kira", spots[3], hidden_from={"gob-1"} if hidden else set()), hero("tor", spots[4])]
    enc = on_gob_0(*creatures, terrain=terrain)
    if taken:
        t = enc.turn
        assert isinstance(t, DrawSteelTurn)
        enc = enc.with_turn(attrs.evolve(t, turns_taken=t.turns_taken.set("gob-2", 1)))
    offers = squad_offers(enc)
    for a in offers:
        assert brawl.is_legal(enc, a), a
        after = brawl.apply(enc, a).state
        t = after.turn
        assert isinstance(t, DrawSteelTurn)
        assert isinstance(a, SQUAD_KINDS)
        joined = a.minions[1:]
        assert set(joined) <= t.squad_maneuvers
    kinds = {(type(a).__name__, getattr(a, "kind", "")) for a in offers}
    others = [m for m in ("gob-1", "gob-2") if not (taken and m == "gob-2")]
    heroes = ("kira", "tor")
    for m in others:
        for kind in ("grab", "knockback"):
            pairs = [(h, g) for h in heroes for g in heroes if h != g]
            if any(_able(enc, brawl.actions.SquadManeuver(kind, ("gob-0", m), pair)) for pair in pairs):
                assert ("SquadManeuver", kind) in kinds
        if _able(enc, brawl.actions.SquadHide(("gob-0", m))):
            assert ("SquadHide", "") in kinds
        if _able(enc, brawl.actions.SquadSearch(("gob-0", m))):
            assert ("SquadSearch", "") in kinds
