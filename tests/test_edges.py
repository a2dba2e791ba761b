"""Edges and banes the state implies: conditions, squeezing, water, high ground (RB1, RB3-EDGES)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl.dice import power_roll
from brawl.rules.edges import bane, concealment, edge, edges_and_banes, has_high_ground
from brawl.terrain import Cell

MELEE_STRIKE = frozenset({"melee", "strike", "weapon"})
RANGED_STRIKE = frozenset({"ranged", "strike"})


def encounter(*creatures: brawl.Creature, terrain: brawl.Terrain | None = None) -> brawl.Encounter:
    return brawl.Encounter.create(terrain or brawl.Terrain.flat(10, 10), creatures)


def kira(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"hero": True, "stamina_max": 30, "pos": (2, 2, 0)}
    base.update(kw)
    return brawl.Creature(id="kira", side=brawl.HEROES, **base)  # type: ignore[arg-type]


def ogre(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"stamina_max": 40, "pos": (3, 2, 0)}
    base.update(kw)
    return brawl.Creature(id="ogre", **base)  # type: ignore[arg-type]


def gob(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"stamina_max": 10, "pos": (6, 6, 0)}
    base.update(kw)
    return brawl.Creature(id="gob", **base)  # type: ignore[arg-type]


def with_cond(enc: brawl.Encounter, who: str, name: str, source: str | None = None) -> brawl.Encounter:
    return brawl.add_condition(enc, who, name, source=source).state


def test_nothing_applies_on_open_ground() -> None:
    """RB3-EDGES: no condition, same level: nothing."""
    r = edges_and_banes(encounter(kira(), ogre()), "kira", "ogre", MELEE_STRIKE)
    assert (r.edges, r.banes, r.verdict) == (0, 0, "nothing")


def test_prone_roller_strikes_with_a_bane_and_melee_against_prone_gains_an_edge() -> None:
    """RB1-PRONE: kira prone striking: bane; ogre's melee vs prone kira: edge; ranged: nothing."""
    enc = with_cond(encounter(kira(), ogre()), "kira", "prone")
    assert edges_and_banes(enc, "kira", "ogre", MELEE_STRIKE).net == -1
    assert edges_and_banes(enc, "kira", "ogre", {"magic"}).net == 0  # not a strike
    assert edges_and_banes(enc, "ogre", "kira", MELEE_STRIKE).net == 1
    assert edges_and_banes(enc, "ogre", "kira", RANGED_STRIKE).net == 0


def test_restrained_bane_on_ability_rolls_and_might_agility_tests_edge_against() -> None:
    """RB1-RESTRAINED: bane on abilities and Might/Agility tests, not Reason tests; edge against it."""
    enc = with_cond(encounter(kira(), ogre()), "kira", "restrained")
    assert edges_and_banes(enc, "kira", "ogre").net == -1
    assert edges_and_banes(enc, "kira", kind="test", characteristic="Might").net == -1
    assert edges_and_banes(enc, "kira", kind="test", characteristic="reason").net == 0
    assert edges_and_banes(enc, "ogre", "kira", RANGED_STRIKE).net == 1


def test_frightened_bane_against_the_source_and_edge_for_the_source() -> None:
    """RB1-FRIGHTENED: kira frightened of the ogre: bane vs ogre, none vs gob; ogre gains an edge."""
    enc = with_cond(encounter(kira(), ogre(), gob()), "kira", "frightened", "ogre")
    assert edges_and_banes(enc, "kira", "ogre").net == -1
    assert edges_and_banes(enc, "kira", "gob").net == 0
    assert edges_and_banes(enc, "ogre", "kira").net == 1
    assert edges_and_banes(enc, "gob", "kira").net == 0


def test_taunted_double_bane_unless_targeting_the_taunter_with_line_of_effect() -> None:
    """RB1-TAUNTED: double bane vs gob; nothing vs the ogre; nothing once a wall blocks the ogre."""
    enc = with_cond(encounter(kira(), ogre(pos=(2, 6, 0)), gob()), "kira", "taunted", "ogre")
    r = edges_and_banes(enc, "kira", "gob")
    assert (r.banes, r.verdict) == (2, "double bane")
    assert "taunted by ogre" in r.explain()
    assert edges_and_banes(enc, "kira", "ogre").net == 0
    wall = {brawl.Pos(x, 4, z): Cell(brawl.Material.STONE) for x in range(10) for z in range(3)}
    walled = enc.with_terrain(enc.terrain.with_cells(wall))
    assert edges_and_banes(walled, "kira", "gob").net == 0


def test_weakened_bane_on_every_power_roll_once() -> None:
    """RB1-WEAKENED, RB1-STACKING: bane on abilities and tests; two sources still one bane."""
    enc = with_cond(encounter(kira(), ogre(), gob()), "kira", "weakened", "ogre")
    enc = with_cond(enc, "kira", "weakened", "gob")
    assert edges_and_banes(enc, "kira", "ogre").banes == 1
    assert edges_and_banes(enc, "kira", kind="test", characteristic="presence").banes == 1


def test_grabbed_bane_on_abilities_not_targeting_the_grabber() -> None:
    """RB1-GRABBED: grabbed by the ogre: bane vs gob, nothing vs the ogre."""
    enc = with_cond(encounter(kira(), ogre(), gob()), "kira", "grabbed", "ogre")
    assert edges_and_banes(enc, "kira", "gob").net == -1
    assert edges_and_banes(enc, "kira", "ogre").net == 0


def test_surprised_target_gives_an_edge() -> None:
    """DS-COND-03: ability rolls against a surprised creature gain an edge."""
    enc = with_cond(encounter(kira(), ogre()), "ogre", "surprised")
    assert edges_and_banes(enc, "kira", "ogre", RANGED_STRIKE).net == 1


def test_unconscious_target_gives_a_double_edge() -> None:
    """DS-COND-06: ability rolls against an unconscious creature have a double edge."""
    enc = brawl.damage(encounter(kira(), ogre()), "ogre", 40, knock_out=True).state
    r = edges_and_banes(enc, "kira", "ogre", RANGED_STRIKE)
    assert r.verdict == "double edge"
    # melee: the prone edge too, still capped at two (RB3-EDGES)
    assert edges_and_banes(enc, "kira", "ogre", MELEE_STRIKE).edges == 2


def test_squeezed_bane_on_ability_rolls_and_tests() -> None:
    """DS-MOVE-06: a squeezed creature's rolls and tests take a bane."""
    enc = encounter(kira(squeezed=True), ogre())
    assert edges_and_banes(enc, "kira", "ogre").net == -1
    assert edges_and_banes(enc, "kira", kind="test").net == -1


def test_fully_submerged_without_swim_takes_a_bane() -> None:
    """DS-ENV-02: underwater without swim: bane; with swim: nothing."""
    water = {brawl.Pos(x, y, 0): Cell(liquid=True) for x in range(10) for y in range(10)}
    t = brawl.Terrain.flat(10, 10).with_cells(water)
    assert edges_and_banes(encounter(kira(), ogre(), terrain=t), "kira", "ogre").net == -1
    fish = kira(movement={"walk", "swim"})
    assert edges_and_banes(encounter(fish, ogre(), terrain=t), "kira", "ogre").net == 0


def _ledge() -> brawl.Terrain:
    return brawl.Terrain.flat(10, 10).with_cells({brawl.Pos(2, 2, 0): Cell(brawl.Material.STONE)})


def test_high_ground_standing_fully_above_gains_an_edge() -> None:
    """DS-EDGE-01, DS-EDGE-02: kira on a ledge (bottom z 1) over a 1M ogre (top z 1): edge."""
    enc = encounter(kira(pos=(2, 2, 1)), ogre(pos=(3, 2, 0)), terrain=_ledge())
    assert has_high_ground(enc, "kira", "ogre")
    r = edges_and_banes(enc, "kira", "ogre", MELEE_STRIKE)
    assert r.net == 1
    assert "DS-EDGE-02" in r.reasons[0].rules
    assert not has_high_ground(enc, "ogre", "kira")


def test_no_high_ground_over_a_taller_target_or_while_flying() -> None:
    """DS-EDGE-02, DS-EDGE-01, R-EDGE-1: a size-2 ogre's top is z 2 > 1; a flyer in midair isn't standing."""
    enc = encounter(kira(pos=(2, 2, 1)), ogre(pos=(3, 2, 0), size="2"), terrain=_ledge())
    assert not has_high_ground(enc, "kira", "ogre")
    flyer = kira(pos=(5, 5, 3), movement={"fly"})
    enc2 = encounter(flyer, ogre(pos=(5, 7, 0)))
    assert not has_high_ground(enc2, "kira", "ogre")


def test_climbing_gets_high_ground_only_with_climb() -> None:
    """DS-EDGE-03: a climber at z 2 over a 1M target: edge with climb, none without."""
    climber = kira(pos=(5, 5, 2), movement={"walk", "climb"})
    enc = encounter(climber, ogre(pos=(5, 7, 0)))
    assert has_high_ground(enc, "kira", "ogre", climbing=True)
    plain = encounter(kira(pos=(5, 5, 2)), ogre(pos=(5, 7, 0)))
    assert not has_high_ground(plain, "kira", "ogre", climbing=True)
    r = edges_and_banes(enc, "kira", "ogre", climbing=True)
    assert "DS-EDGE-03" in r.reasons[0].rules


def test_high_ground_against_an_object() -> None:
    """DS-EDGE-01: an ability targeting a crate below gains an edge."""
    crate = brawl.MapObject(id="crate", pos=(3, 2, 0))
    enc = brawl.Encounter.create(_ledge(), [kira(pos=(2, 2, 1))], [crate])
    assert edges_and_banes(enc, "kira", "crate").net == 1


def test_extra_reasons_and_cancelling() -> None:
    """RB3-EDGES: flanking edge + cover bane cancel; double edge + bane → edge."""
    enc = encounter(kira(), ogre())
    r = edges_and_banes(
        enc, "kira", "ogre", extra=[edge("flanking", "DS-EDGE-05"), bane("cover", "DS-EDGE-08")]
    )
    assert r.verdict == "nothing"
    enc = brawl.damage(enc, "ogre", 40, knock_out=True).state
    r2 = edges_and_banes(enc, "kira", "ogre", RANGED_STRIKE, extra=[bane("cover", "DS-EDGE-08")])
    assert (r2.edges, r2.banes, r2.verdict) == (2, 1, "edge")
    roll = power_roll(enc, 2, edges=r2.edges, banes=r2.banes, dice=(5, 5)).roll
    assert roll.total == 14


def test_bad_requests_are_refused() -> None:
    """RB3-EDGES: unknown kind, non-Reason extras, tests against objects; unknown ids."""
    crate = brawl.MapObject(id="crate", pos=(5, 5, 0))
    enc = brawl.Encounter.create(brawl.Terrain.flat(10, 10), [kira(), ogre()], [crate])
    with pytest.raises(brawl.InvalidArgumentError, match="RB3-EDGES"):
        edges_and_banes(enc, "kira", "ogre", kind="attack")
    with pytest.raises(brawl.InvalidArgumentError, match="RB3-EDGES"):
        edges_and_banes(enc, "kira", "ogre", extra=["flanking"])  # type: ignore[list-item]
    with pytest.raises(brawl.InvalidArgumentError, match="RB3-EDGES"):
        edges_and_banes(enc, "kira", "crate", kind="test")
    with pytest.raises(brawl.InvalidArgumentError, match="RB3-EDGES"):
        edges_and_banes(enc, "kira", "ogre", 5)  # type: ignore[arg-type]
    with pytest.raises(brawl.UnknownCreatureError):
        edges_and_banes(enc, "kira", "nobody")


@given(
    st.lists(
        st.sampled_from(["prone", "restrained", "weakened", "surprised", "slowed", "dazed"]), max_size=6
    ),
    st.lists(st.sampled_from(["prone", "restrained", "weakened", "surprised"]), max_size=4),
)
def test_counts_stay_within_two_and_the_state_is_untouched(mine: list[str], theirs: list[str]) -> None:
    """RB3-EDGES, RB1-STACKING: edges and banes are 0..2, net −2..2; the query changes nothing."""
    enc = encounter(kira(), ogre())
    for name in mine:
        enc = with_cond(enc, "kira", name)
    for name in theirs:
        enc = with_cond(enc, "ogre", name)
    snapshot = enc
    r = edges_and_banes(enc, "kira", "ogre", MELEE_STRIKE)
    assert 0 <= r.edges <= 2
    assert 0 <= r.banes <= 2
    assert -2 <= r.net <= 2
    assert enc == snapshot
    assert r == edges_and_banes(enc, "kira", "ogre", MELEE_STRIKE)


def test_concealed_targets_take_a_strike_bane_and_hidden_ones_cannot_be_struck() -> None:
    """DS-COND-14, DS-EDGE-09: concealed and not hidden: a bane on strikes; hidden: refused."""
    reason = concealment("ogre", hidden=False)
    assert reason is not None
    r = edges_and_banes(encounter(kira(), ogre()), "kira", "ogre", MELEE_STRIKE, extra=[reason])
    assert r.net == -1
    assert concealment("ogre", hidden=True, strike=False) is None
    with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-14"):
        concealment("ogre", hidden=True)
