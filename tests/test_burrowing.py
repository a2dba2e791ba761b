"""Targeting burrowing creatures: line of effect, cover and high ground (DS-MTYPE-06..08, DS-EDGE-04)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl.rules.burrowing import completely_beneath, is_burrowing, surface_squares
from brawl.rules.cover import cover_rule, has_cover_from, line_of_effect_to
from brawl.rules.edges import edges_and_banes, has_high_ground
from brawl.terrain import Cell

RANGED_STRIKE = frozenset({"ranged", "strike"})
MELEE_STRIKE = frozenset({"melee", "strike", "weapon"})
MELEE_MANEUVER = frozenset({"melee", "weapon"})


def kira(pos: tuple[int, int, int] = (1, 1, 0), **kw: object) -> brawl.Creature:
    return brawl.Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=30, pos=pos, **kw)  # type: ignore[arg-type]


def mole(pos: tuple[int, int, int], cid: str = "mole", **kw: object) -> brawl.Creature:
    return brawl.Creature(id=cid, pos=pos, movement={"walk", "burrow"}, stamina_max=20, **kw)  # type: ignore[arg-type]


def encounter(*creatures: brawl.Creature, terrain: brawl.Terrain | None = None) -> brawl.Encounter:
    return brawl.Encounter.create(terrain or brawl.Terrain.flat(12, 12), creatures)


def test_burrower_in_the_top_layer_is_seen_from_the_surface_with_cover() -> None:
    """DS-MTYPE-06, DS-EDGE-08, R-BURROW-1: a mole in the top layer of dirt occupies a square touching
    the ground; kira on the surface has line of effect to it, and it has cover: a bane on her strike."""
    enc = encounter(kira(), mole((5, 1, -1)))
    assert is_burrowing(enc, "mole")
    assert surface_squares(enc, "mole") == (brawl.Pos(5, 1, -1),)
    assert line_of_effect_to(enc, "kira", "mole")
    assert has_cover_from(enc, "mole", "kira")
    assert cover_rule(enc, "mole", "kira") == "DS-MTYPE-06"
    eb = edges_and_banes(enc, "kira", "mole", RANGED_STRIKE)
    assert eb.net == -1
    assert eb.reasons[0].rules == ("DS-MTYPE-06", "DS-EDGE-08")


def test_cover_bane_only_on_damage_dealing_abilities() -> None:
    """DS-EDGE-08, DS-MTYPE-06, R-EDGE-2: a maneuver that deals no damage takes no cover bane; the
    caller may say an ability deals damage."""
    enc = encounter(kira((4, 1, 0)), mole((5, 1, -1)))
    assert edges_and_banes(enc, "kira", "mole", MELEE_MANEUVER).net == 0
    assert edges_and_banes(enc, "kira", "mole", MELEE_MANEUVER, deals_damage=True).net == -1
    assert edges_and_banes(enc, "kira", "mole", MELEE_STRIKE, deals_damage=False).net == 0


def test_burrower_deeper_down_is_out_of_line_of_effect_from_the_surface() -> None:
    """DS-MTYPE-06: a mole 2 squares down occupies no square touching the ground: no line of effect."""
    enc = encounter(kira(), mole((5, 1, -2)))
    assert surface_squares(enc, "mole") == ()
    assert not line_of_effect_to(enc, "kira", "mole")
    assert not has_cover_from(enc, "mole", "kira")


def test_wall_between_blocks_sight_of_the_surface_square() -> None:
    """DS-MTYPE-06: kira needs line of effect to one of those squares; a stone wall 3 high blocks it."""
    wall = {brawl.Pos(3, y, z): Cell(brawl.Material.STONE) for y in range(12) for z in range(3)}
    enc = encounter(kira(), mole((5, 1, -1)), terrain=brawl.Terrain.flat(12, 12).with_cells(wall))
    assert not line_of_effect_to(enc, "kira", "mole")


def test_completely_beneath_the_ground_no_line_of_effect_to_the_surface() -> None:
    """DS-MTYPE-07, R-BURROW-1: the mole inside the ground sees nobody on the surface, even while kira
    sees it through its surface square."""
    enc = encounter(kira((4, 1, 0)), mole((5, 1, -1)))
    assert completely_beneath(enc, "mole")
    assert not line_of_effect_to(enc, "mole", "kira")
    assert line_of_effect_to(enc, "kira", "mole")


def test_adjacent_burrowers_see_each_other_with_cover() -> None:
    """DS-MTYPE-08: two adjacent burrowers deep down have line of effect to each other and each has
    cover from the other: a bane on either one's strikes."""
    enc = encounter(mole((5, 1, -3)), mole((6, 1, -3), cid="worm", side=brawl.HEROES))
    for a, b in (("mole", "worm"), ("worm", "mole")):
        assert line_of_effect_to(enc, a, b)
        assert cover_rule(enc, b, a) == "DS-MTYPE-08"
        assert edges_and_banes(enc, a, b, MELEE_STRIKE).net == -1
    far = encounter(mole((5, 1, -3)), mole((8, 1, -3), cid="worm", side=brawl.HEROES))
    assert not line_of_effect_to(far, "mole", "worm")


def test_no_high_ground_against_a_creature_completely_beneath_the_ground() -> None:
    """DS-EDGE-04, DS-EDGE-02: kira standing at z 0 is above a 1M creature at z -1: high ground over
    one in an open pit, none over the mole completely beneath the ground."""
    pit = brawl.Terrain.flat(12, 12).with_cells({brawl.Pos(5, 1, -1): Cell()})
    gob = brawl.Creature(id="gob", pos=(5, 1, -1))
    assert has_high_ground(encounter(kira((4, 1, 0)), gob, terrain=pit), "kira", "gob")
    enc = encounter(kira((4, 1, 0)), mole((5, 1, -1)))
    assert not has_high_ground(enc, "kira", "mole")
    assert all(
        "DS-EDGE-02" not in r.rules for r in edges_and_banes(enc, "kira", "mole", MELEE_STRIKE).reasons
    )


def test_a_burrower_on_the_surface_is_targeted_as_usual() -> None:
    """DS-MTYPE-06: a creature with burrow standing on the ground is not burrowing: no cover."""
    enc = encounter(kira(), mole((5, 1, 0)))
    assert not is_burrowing(enc, "mole")
    assert line_of_effect_to(enc, "kira", "mole")
    assert edges_and_banes(enc, "kira", "mole", RANGED_STRIKE).net == 0


def test_unknown_creature_is_refused() -> None:
    """DS-MTYPE-06: an unknown id raises UnknownCreatureError."""
    enc = encounter(kira(), mole((5, 1, -1)))
    with pytest.raises(brawl.UnknownCreatureError):
        line_of_effect_to(enc, "kira", "nobody")
    with pytest.raises(brawl.RulesError, match="DS-EDGE-08"):
        edges_and_banes(enc, "kira", "mole", deals_damage="yes")  # type: ignore[arg-type]


@given(
    x=st.integers(0, 11),
    y=st.integers(0, 11),
    z=st.integers(-4, 1),
    kx=st.integers(0, 11),
    ky=st.integers(0, 11),
)
def test_cover_implies_line_of_effect_and_the_state_is_untouched(
    x: int, y: int, z: int, kx: int, ky: int
) -> None:
    """DS-MTYPE-06, DS-MTYPE-08: a burrower only has cover from a creature that has line of effect to
    it; the queries change nothing and give the same answer twice."""
    if (x, y) == (kx, ky):
        return
    enc = encounter(kira((kx, ky, 0)), mole((x, y, z)))
    before = brawl.to_json(enc)
    first = (line_of_effect_to(enc, "kira", "mole"), has_cover_from(enc, "mole", "kira"))
    assert first == (line_of_effect_to(enc, "kira", "mole"), has_cover_from(enc, "mole", "kira"))
    if first[1]:
        assert first[0]
    assert brawl.to_json(enc) == before
