"""Power rolls, saving throws and plain dice (RB2-SAVE, RB3-EDGES; DS-TURN-13)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl.dice import d10, net_edges, power_roll, roll_dice, saving_throw, tier_of
from brawl.events.base import DiceRolled
from brawl.events.dice import PowerRolled, SavingThrowMade


def enc(seed: int = 0) -> brawl.Encounter:
    return brawl.Encounter.create(brawl.Terrain.flat(4, 4), seed=seed)


def test_tiers_11_12_16_17() -> None:
    """DS-TURN-13: ≤11 tier 1, 12–16 tier 2, 17+ tier 3."""
    assert [tier_of(t) for t in (-3, 11, 12, 16, 17, 40)] == [1, 1, 2, 2, 3, 3]


def test_power_roll_is_2d10_plus_characteristic() -> None:
    """RB3-EDGES, DS-TURN-13: 7 + 4 + Might 2 = 13, tier 2; a PowerRolled event from the caller."""
    out = power_roll(enc(), 2, dice=(7, 4), creature="kira", purpose="Grab")
    state, events = out  # the same shape as every rule's Outcome
    result = out.roll
    assert (result.natural, result.total, result.tier) == (11, 13, 2)
    assert state == enc()  # caller's dice: the RNG is not advanced
    assert isinstance(events[0], PowerRolled)
    assert events[0].source == "caller"
    assert "kira: Grab: 2d10 7 + 4 = 11, +2 → total 13, tier 2" in brawl.explain(events)


def test_edge_adds_2_and_bane_subtracts_2() -> None:
    """RB3-EDGES: 5 + 5 + 1 = 11 (tier 1); edge → 13 (tier 2); bane → 9 (tier 1)."""
    assert power_roll(enc(), 1, dice=(5, 5)).roll.tier == 1
    up = power_roll(enc(), 1, dice=(5, 5), edges=1).roll
    assert (up.total, up.tier) == (13, 2)
    down = power_roll(enc(), 1, dice=(5, 5), banes=1).roll
    assert (down.total, down.tier) == (9, 1)


def test_double_edge_raises_the_tier_and_double_bane_lowers_it() -> None:
    """RB3-EDGES: 13 (tier 2) with a double edge is tier 3 with total 13; double bane tier 1; clamped."""
    de = power_roll(enc(), 1, dice=(6, 6), edges=2).roll
    assert (de.total, de.tier) == (13, 3)
    db = power_roll(enc(), 1, dice=(6, 6), banes=2).roll
    assert (db.total, db.tier) == (13, 1)
    top = power_roll(enc(), 5, dice=(9, 8), edges=2).roll
    assert top.tier == 3
    bottom = power_roll(enc(), 0, dice=(1, 2), banes=2).roll
    assert bottom.tier == 1


def test_edges_and_banes_cancel_and_cap_at_two() -> None:
    """RB3-EDGES: edge+bane nothing; double edge + bane = edge; double bane + edge = bane; 5 edges = 2."""
    assert net_edges(1, 1) == 0
    assert net_edges(2, 2) == 0
    assert net_edges(2, 1) == 1
    assert net_edges(3, 1) == 1
    assert net_edges(1, 2) == -1
    assert net_edges(5, 0) == 2
    r = power_roll(enc(), 0, dice=(5, 5), edges=4, banes=1).roll
    assert (r.edges, r.banes, r.total) == (2, 1, 12)


def test_natural_19_or_20_is_always_tier_3() -> None:
    """RB3-NATURAL: 10 + 9 with −5 and a double bane is still tier 3."""
    out = power_roll(enc(), -5, dice=(10, 9), banes=2, bonus=-10)
    r, events = out.roll, out.events
    assert r.tier == 3
    assert r.is_natural_19_or_20
    assert "RB3-NATURAL" in events[0].rules


def test_bonuses_come_before_edges_and_banes() -> None:
    """RB3-BONUS, RB3-EDGES: 6 + 4 + 0 + skill 2 = 12 → edge 14; tier 2; double edge → tier 3 from 12."""
    r = power_roll(enc(), 0, dice=(6, 4), bonus=2, edges=1).roll
    assert (r.total, r.tier) == (14, 2)
    r2 = power_roll(enc(), 0, dice=(6, 4), bonus=2, edges=2).roll
    assert (r2.total, r2.tier) == (12, 3)


def test_automatic_tiers_override_and_conflicting_ones_cancel() -> None:
    """RB3-AUTOMATIC: automatic tier 3 on a 5; automatic 1 and 3 cancel → the roll decides (tier 2)."""
    assert power_roll(enc(), 0, dice=(2, 3), automatic_tier=3).roll.tier == 3
    assert power_roll(enc(), 0, dice=(7, 7), automatic_tier=[1, 3]).roll.tier == 2
    assert power_roll(enc(), 0, dice=(7, 7), automatic_tier=[1, 1], edges=2).roll.tier == 1


def test_natural_20_beats_an_automatic_tier_1() -> None:
    """R-DICE-1, RB3-NATURAL: natural 20 with an automatic tier 1 is tier 3."""
    out = power_roll(enc(), 0, dice=(10, 10), automatic_tier=1)
    r, events = out.roll, out.events
    assert r.tier == 3
    assert "R-DICE-1" in events[0].rules


def test_rng_power_rolls_are_reproducible_and_advance_the_rng() -> None:
    """RB3-EDGES: the same seed gives the same dice; the RNG moves 2 draws."""
    a = power_roll(enc(7), 2)
    b = power_roll(enc(7), 2)
    assert a == b
    assert a.state.rng.counter == 2
    assert all(1 <= v <= 10 for v in a.roll.dice)


def test_saving_throw_succeeds_on_6() -> None:
    """RB2-SAVE: d10 6 succeeds, 5 fails; a +1 bonus makes 5 succeed; a threshold of 4 accepts 4."""
    assert saving_throw(enc(), roll=6).success
    assert not saving_throw(enc(), roll=5).success
    assert saving_throw(enc(), roll=5, bonus=1).success
    out = saving_throw(enc(), roll=4, threshold=4, creature="kira", against="dazed")
    _, events = out
    assert out.success
    assert isinstance(events[0], DiceRolled)
    assert isinstance(events[1], SavingThrowMade)
    assert "kira saving throw against dazed: 4 vs 4+ succeeds" in brawl.explain(events)


def test_d10_for_who_goes_first() -> None:
    """DS-SIDE-06: one d10, from the caller or the RNG, recorded."""
    value, (state, events) = d10(enc(), roll=6, purpose="who goes first")
    assert value == 6
    assert isinstance(events[0], DiceRolled)
    assert events[0].purpose == "who goes first"
    v2, (s2, _) = d10(enc(3))
    assert 1 <= v2 <= 10
    assert s2.rng.counter == 1
    assert state.rng.counter == 0


@pytest.mark.parametrize(
    ("call", "rule"),
    [
        (lambda: power_roll(enc(), 0, dice=(0, 5)), "RB3-EDGES"),
        (lambda: power_roll(enc(), 0, dice=(5,)), "RB3-EDGES"),  # type: ignore[arg-type]
        (lambda: power_roll(enc(), 0, dice=(5, 11)), "RB3-EDGES"),
        (lambda: power_roll(enc(), 0, edges=-1), "RB3-EDGES"),
        (lambda: power_roll(enc(), "2"), "RB4-CHARACTERISTICS"),  # type: ignore[arg-type]
        (lambda: power_roll(enc(), 0, automatic_tier=4), "RB3-AUTOMATIC"),
        (lambda: power_roll(enc(), 0, bonus=10**6), "RB3-BONUS"),
        (lambda: saving_throw(enc(), roll=0), "RB2-SAVE"),
        (lambda: saving_throw(enc(), threshold=12), "RB2-SAVE"),
        (lambda: roll_dice(enc(), 6, 2, values=(1, 7)), "RB3-EDGES"),
        (lambda: roll_dice(enc(), 6, 10**6), "RB3-EDGES"),
        (lambda: d10(enc(), roll=True), "RB3-EDGES"),
    ],
)
def test_bad_dice_are_refused(call: object, rule: str) -> None:
    """RB3-EDGES, RB2-SAVE: impossible faces, counts and thresholds raise InvalidArgumentError."""
    assert callable(call)
    with pytest.raises(brawl.InvalidArgumentError, match=rule):
        call()


@given(
    st.tuples(st.integers(1, 10), st.integers(1, 10)),
    st.integers(-5, 5),
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(-5, 5),
)
def test_tier_properties(dice: tuple[int, int], char: int, edges: int, banes: int, bonus: int) -> None:
    """RB3-EDGES, RB3-NATURAL, DS-TURN-13: tier in 1..3; more edges never lower it; natural 19+ is 3."""
    r = power_roll(enc(), char, dice=dice, edges=edges, banes=banes, bonus=bonus).roll
    assert 1 <= r.tier <= 3
    more = power_roll(enc(), char, dice=dice, edges=edges + 1, banes=banes, bonus=bonus).roll
    assert more.tier >= r.tier
    if sum(dice) >= 19:
        assert r.tier == 3
    if net_edges(edges, banes) == 0 and sum(dice) < 19:
        assert r.tier == tier_of(sum(dice) + char + bonus)


@given(st.integers(0, 2**63), st.integers(1, 20))
def test_dice_from_a_seed_are_reproducible(seed: int, count: int) -> None:
    """RB3-EDGES: the same seed and count give the same faces; the old state is untouched."""
    start = enc(seed)
    a, out_a = roll_dice(start, 6, count)
    b, out_b = roll_dice(start, 6, count)
    assert a == b
    assert out_a == out_b
    assert start.rng.counter == 0
    assert out_a.state.rng.counter == count


def test_power_roll_and_saving_throw_unpack_like_every_rule() -> None:
    """RB3-EDGES, RB2-SAVE: ``state, events = ...`` as for any rule; the result rides along."""
    state, events = brawl.power_roll(enc(), 1, dice=(9, 9))
    assert isinstance(events[-1], PowerRolled)
    assert events[-1].tier == 3
    assert isinstance(state, brawl.Encounter)
    saved = brawl.saving_throw(enc(), roll=3)
    assert saved.success is False
    assert isinstance(saved.events[-1], SavingThrowMade)


def test_the_roll_survives_the_consequences_a_public_rule_settles() -> None:
    """RB1-BLEEDING: a bleeding roller loses Stamina after its Might roll; the result is kept."""
    bleeder = brawl.Creature(id="kira", side="heroes", hero=True, stamina_max=30)
    start = brawl.Encounter.create(brawl.Terrain.flat(3, 3), [bleeder], seed=3)
    start, _ = brawl.add_condition(start, "kira", "bleeding")
    out = brawl.power_roll(start, 2, dice=(5, 6), creature="kira", uses="might")
    assert out.roll.total == 13
    assert len(out.events) > 1  # the roll, then what bleeding cost
    assert out.state.creature("kira").stamina < 30
