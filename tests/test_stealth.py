"""Hiding, searching, revealing and assisting a test (DS-ACT-11, DS-ACT-13, DS-ACT-14, DS-COND-14,
DS-EDGE-10, RB3-HIDE, RB3-ASSIST, RB3-OPPOSED)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.actions
import brawl.rules.stealth
import brawl.verbs
from brawl.events.dice import PowerRolled
from brawl.events.stealth import Hid, Revealed, SearchContested, TestAssisted
from brawl.rules.edges import edges_and_banes
from brawl.rules.stealth import hidden_in_reach, revealed_edge
from brawl.terrain import Cell
from brawl.verbs import assist_test, hide, reveal, search

MELEE_STRIKE = frozenset({"melee", "strike", "weapon"})
AREA = frozenset({"area", "magic"})


def kira(pos: tuple[int, int, int] = (2, 2, 0), agility: int = 2, **kw: object) -> brawl.Creature:
    chars = brawl.Characteristics(agility=agility)
    return brawl.Creature(
        id="kira",
        side=brawl.HEROES,
        hero=True,
        stamina_max=30,
        pos=pos,
        characteristics=chars,
        **kw,  # type: ignore[arg-type]
    )


def ogre(pos: tuple[int, int, int] = (3, 2, 0), intuition: int = 1, **kw: object) -> brawl.Creature:
    chars = brawl.Characteristics(might=2, intuition=intuition)
    return brawl.Creature(id="ogre", stamina_max=40, pos=pos, characteristics=chars, **kw)  # type: ignore[arg-type]


def encounter(*creatures: brawl.Creature, terrain: brawl.Terrain | None = None) -> brawl.Encounter:
    return brawl.Encounter.create(terrain or brawl.Terrain.flat(20, 20), creatures, seed=7)


def hidden(enc: brawl.Encounter) -> brawl.Encounter:
    """Kira hides from the ogre: the Director rules she has concealment (tall grass)."""
    return hide(enc, "kira", cover=["ogre"]).state


def test_hide_behind_a_wall_needs_no_input() -> None:
    """DS-ACT-11, RB3-HIDE, R-HIDE-1: behind a stone wall the ogre has no line of effect to kira, so she
    hides from it; the Hid event cites the maneuver."""
    wall = {brawl.Pos(4, y, z): Cell(brawl.Material.STONE) for y in range(20) for z in range(4)}
    enc = encounter(kira(), ogre(pos=(7, 2, 0)), terrain=brawl.Terrain.flat(20, 20).with_cells(wall))
    state, events = hide(enc, "kira")
    assert state.creature("kira").hidden_from == frozenset({"ogre"})
    assert events == (Hid(creature="kira", hidden_from=("ogre",), rules=("DS-ACT-11", "RB3-HIDE")),)
    assert enc.creature("kira").hidden_from == frozenset()


def test_hide_needs_cover_or_concealment_and_no_observer() -> None:
    """DS-ACT-11, RB3-HIDE: in the open with line of effect there is nothing to hide behind; a creature
    observing kira can't be hidden from; she can't hide from herself."""
    enc = encounter(kira(), ogre())
    with pytest.raises(brawl.ActionUnavailableError, match="DS-ACT-11"):
        hide(enc, "kira")
    with pytest.raises(brawl.ActionUnavailableError, match="DS-ACT-11"):
        hide(enc, "kira", from_=["ogre"])
    with pytest.raises(brawl.ActionUnavailableError, match="observing"):
        hide(enc, "kira", cover=["ogre"], observing=["ogre"])
    with pytest.raises(brawl.InvalidArgumentError, match="DS-ACT-11"):
        hide(enc, "kira", from_=["kira"], cover=["kira"])
    assert brawl.can(enc, brawl.actions.Hide("kira", cover=["ogre"]))
    assert not brawl.can(enc, brawl.actions.Hide("kira"))


def test_an_unconscious_creature_cannot_hide() -> None:
    """DS-ACT-11, DS-COND-04: hiding is a maneuver; an unconscious creature takes none."""
    enc = brawl.add_condition(encounter(kira(), ogre()), "kira", "unconscious").state
    with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-04"):
        hide(enc, "kira", cover=["ogre"])


def test_hidden_creature_cannot_be_targeted_except_by_area_abilities() -> None:
    """DS-COND-14, RB3-HIDE: the ogre can't target kira with a free strike, an opportunity attack, a Grab
    or any non-area ability; an area ability can; kira can still target the ogre."""
    enc = hidden(encounter(kira(), ogre()))
    with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-14"):
        brawl.free_strike(enc, "ogre", "kira", dice=(5, 5))
    with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-14"):
        brawl.free_strike(enc, "ogre", "kira", flat_damage=4)
    with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-14"):
        brawl.grab(enc, "ogre", "kira", dice=(9, 9))
    with pytest.raises(brawl.ActionUnavailableError, match="RB3-HIDE"):
        brawl.verify(enc, brawl.actions.OpportunityAttack("ogre", "kira"))
    assert not brawl.rules.stealth.can_target(enc, "ogre", "kira")
    assert brawl.rules.stealth.can_target(enc, "ogre", "kira", area=True)
    assert brawl.rules.stealth.can_target(enc, "kira", "ogre")
    assert edges_and_banes(enc, "ogre", "kira", AREA).net == 0


def test_a_hidden_creature_can_move_away() -> None:
    """RB3-HIDE: moving is allowed while hidden (it reveals kira once the move has resolved)."""
    enc = hidden(encounter(kira(), ogre()))
    moved = brawl.move(enc, "kira", [(1, 2, 0)])
    assert moved.state.creature("kira").pos == (1, 2, 0)
    assert (
        reveal(moved.state, "kira", reason="moved without sneaking").state.creature("kira").hidden_from
        == frozenset()
    )


def test_hidden_creature_has_an_edge_against_the_one_it_hides_from() -> None:
    """RB3-HIDE: kira hidden from the ogre has an edge on ability rolls against it: 2d10 (5, 5) + Agility 2
    + 2 = 14 on her free strike; once it has resolved she is revealed."""
    enc = hidden(encounter(kira(), ogre()))
    eb = edges_and_banes(enc, "kira", "ogre", MELEE_STRIKE)
    assert eb.net == 1
    assert eb.reasons[0].rules == ("RB3-HIDE",)
    state, events = brawl.free_strike(enc, "kira", "ogre", characteristic="agility", dice=(5, 5))
    rolled = [e for e in events if isinstance(e, PowerRolled)]
    assert rolled
    assert rolled[0].total == 14
    state, events = reveal(state, "kira", reason="used an ability")
    assert state.creature("kira").hidden_from == frozenset()
    assert events == (
        Revealed(creature="kira", revealed_to=("ogre",), reason="used an ability", rules=("RB3-HIDE",)),
    )
    # the edge lasts to the end of that turn: the caller passes it (R-HIDE-2)
    extra = [revealed_edge("kira", "ogre")]
    assert edges_and_banes(state, "kira", "ogre", MELEE_STRIKE, extra=extra).net == 1


def test_reveal_when_not_hidden_changes_nothing_and_a_reason_is_needed() -> None:
    """RB3-HIDE: revealing a creature hidden from nobody has no event; an empty reason is refused."""
    enc = encounter(kira(), ogre())
    assert reveal(enc, "kira", reason="made noise").events == ()
    with pytest.raises(brawl.InvalidArgumentError, match="RB3-HIDE"):
        reveal(hidden(enc), "kira", reason="")


def test_search_higher_total_finds_the_hider() -> None:
    """DS-ACT-14, RB3-HIDE, RB3-OPPOSED: the ogre's 2d10 (8, 7) + Intuition 1 = 16 beats kira's (5, 5) +
    Agility 2 = 12: she is no longer hidden from it."""
    enc = hidden(encounter(kira(), ogre()))
    state, events = search(enc, "ogre", rolls={"ogre": (8, 7), "kira": (5, 5)})
    (contest,) = [e for e in events if isinstance(e, SearchContested)]
    assert (contest.search_total, contest.hide_total, contest.found) == (16, 12, True)
    assert "ogre" not in state.creature("kira").hidden_from
    assert any(isinstance(e, Revealed) and e.reason == "found" for e in events)


def test_search_tie_leaves_things_as_they_were() -> None:
    """RB3-OPPOSED: (5, 5) + Intuition 2 = 12 against (5, 5) + Agility 2 = 12: still hidden."""
    enc = hidden(encounter(kira(), ogre(intuition=2)))
    state, events = search(enc, "ogre", rolls={"ogre": (5, 5), "kira": (5, 5)})
    (contest,) = [e for e in events if isinstance(e, SearchContested)]
    assert (contest.search_total, contest.hide_total, contest.found) == (12, 12, False)
    assert state.creature("kira").hidden_from == frozenset({"ogre"})


def test_search_for_an_invisible_creature_takes_a_bane() -> None:
    """DS-EDGE-10, RB3-OPPOSED: (5, 5) + 0 = 10 against kira's (4, 5) + 0 = 9 finds her; invisible, the
    search takes a bane: 10 - 2 = 8 < 9, still hidden."""
    enc = hidden(encounter(kira(agility=0), ogre(intuition=0)))
    rolls = {"ogre": (5, 5), "kira": (4, 5)}
    seen = search(enc, "ogre", rolls=rolls)
    assert "ogre" not in seen.state.creature("kira").hidden_from
    unseen = search(enc, "ogre", rolls=rolls, invisible=["kira"])
    (contest,) = [e for e in unseen.events if isinstance(e, SearchContested)]
    assert (contest.search_total, contest.hide_total, contest.invisible) == (8, 9, True)
    assert "DS-EDGE-10" in contest.rules
    assert unseen.state.creature("kira").hidden_from == frozenset({"ogre"})


def test_search_reaches_10_squares_with_line_of_effect_only() -> None:
    """RB3-HIDE: a hider 10 squares away is searched for; 11 away, or behind a wall, is not."""
    near = hide(encounter(kira(pos=(13, 2, 0)), ogre()), "kira", cover=["ogre"]).state
    assert hidden_in_reach(near, "ogre") == ("kira",)
    far = hide(encounter(kira(pos=(14, 2, 0)), ogre()), "kira", cover=["ogre"]).state
    assert hidden_in_reach(far, "ogre") == ()
    out = search(far, "ogre", rolls={"ogre": (10, 10)})
    assert not any(isinstance(e, SearchContested) for e in out.events)
    wall = {brawl.Pos(6, y, z): Cell(brawl.Material.STONE) for y in range(20) for z in range(4)}
    walled = hide(
        encounter(kira(pos=(9, 2, 0)), ogre(), terrain=brawl.Terrain.flat(20, 20).with_cells(wall)), "kira"
    ).state
    assert hidden_in_reach(walled, "ogre") == ()


def test_point_out_a_found_creature_to_an_ally() -> None:
    """RB3-HIDE: the ogre points kira out to its ally within 10 squares; kira stays hidden from the ogre's
    ally until then, and can't be pointed out by one she is hidden from."""
    gob = brawl.Creature(id="gob", pos=(6, 2, 0))
    enc = hide(encounter(kira(), ogre(), gob), "kira", cover=["ogre", "gob"]).state
    with pytest.raises(brawl.ActionUnavailableError, match="RB3-HIDE"):
        brawl.verbs.point_out(enc, "ogre", "kira", ["gob"])
    found = search(enc, "ogre", rolls={"ogre": (10, 9), "kira": (1, 1)}).state
    assert found.creature("kira").hidden_from == frozenset({"gob"})
    assert (
        brawl.verbs.point_out(found, "ogre", "kira", ["gob"]).state.creature("kira").hidden_from
        == frozenset()
    )


@pytest.mark.parametrize(
    ("dice", "effect", "net"),
    [((3, 4), "bane", -1), ((5, 6), "edge", 1), ((8, 8), "double edge", 2)],
)
def test_assist_a_test_gives_bane_edge_or_double_edge(dice: tuple[int, int], effect: str, net: int) -> None:
    """DS-ACT-13, RB3-ASSIST: the helper's test + Reason 1: (3, 4) = 8 ≤ 11 bane; (5, 6) = 12 edge;
    (8, 8) = 17 double edge on the main roll."""
    helper = brawl.Creature(id="sage", side=brawl.HEROES, characteristics=brawl.Characteristics(reason=1))
    enc = encounter(kira(), helper)
    state, events = assist_test(enc, "sage", characteristic="reason", roll=dice)
    (assisted,) = [e for e in events if isinstance(e, TestAssisted)]
    reason = brawl.rules.stealth.assist_reason(assisted)
    assert (assisted.total, assisted.effect) == (sum(dice) + 1, effect)
    assert "DS-ACT-13" in assisted.rules
    assert edges_and_banes(state, "kira", kind="test", extra=[reason]).net == net


def test_bad_requests_are_refused() -> None:
    """DS-ACT-13, RB3-OPPOSED, DS-ACT-14: bad rolls, characteristics and ids raise with the rule."""
    enc = hidden(encounter(kira(), ogre()))
    with pytest.raises(brawl.InvalidArgumentError, match="RB3-OPPOSED"):
        search(enc, "ogre", rolls={"ogre": (1, 2, 3)})
    with pytest.raises(brawl.RulesError):
        search(enc, "ogre", rolls={"ogre": (0, 11)})
    with pytest.raises(brawl.InvalidArgumentError, match="DS-ACT-13"):
        assist_test(enc, "ogre", characteristic="luck")
    with pytest.raises(brawl.UnknownCreatureError):
        hide(enc, "kira", from_=["nobody"])
    with pytest.raises(brawl.InvalidArgumentError, match="DS-EDGE-10"):
        search(enc, "ogre", invisible="kira")
    with pytest.raises(brawl.InvalidArgumentError):
        brawl.hide(enc, "kira", from_=5)  # type: ignore[arg-type]


def test_hidden_from_survives_a_json_round_trip() -> None:
    """RB3-HIDE: the record of whom a creature is hidden from is saved and loaded."""
    enc = hidden(encounter(kira(), ogre()))
    back = brawl.from_json(brawl.to_json(enc))
    assert back.creature("kira").hidden_from == frozenset({"ogre"})
    assert back == enc


@given(seed=st.integers(0, 2**32 - 1), intuition=st.integers(-5, 5), agility=st.integers(-5, 5))
def test_search_is_pure_and_repeatable(seed: int, intuition: int, agility: int) -> None:
    """DS-ACT-14, RB3-OPPOSED: the old state is untouched, the same inputs give the same outcome, and the
    hider is found exactly when the search total is higher."""
    enc = brawl.Encounter.create(
        brawl.Terrain.flat(20, 20), [kira(agility=agility), ogre(intuition=intuition)], seed=seed
    )
    enc = hidden(enc)
    before = brawl.to_json(enc)
    first = search(enc, "ogre")
    assert search(enc, "ogre") == first
    assert brawl.to_json(enc) == before
    (contest,) = [e for e in first.events if isinstance(e, SearchContested)]
    assert contest.found == (contest.search_total > contest.hide_total)
    assert ("ogre" in first.state.creature("kira").hidden_from) == (not contest.found)


def test_events_survive_a_json_round_trip() -> None:
    """DS-ACT-11, DS-ACT-14, DS-ACT-13: the hide, search, reveal and assist events are saved and loaded."""
    enc = encounter(kira(), ogre())
    enc, hid = hide(enc, "kira", cover=["ogre"])
    enc, searched = search(enc, "ogre", rolls={"ogre": (9, 9), "kira": (1, 1)})
    _, assisted = assist_test(enc, "kira", characteristic="agility", roll=(6, 6))
    log = (*hid, *searched, *assisted)
    assert brawl.events_from_json(brawl.events_to_json(log)) == log
