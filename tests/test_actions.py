"""Standard maneuvers and main actions: free strikes, opportunity attacks, Grab, Escape Grab,
Knockback, Aid Attack, Defend, Charge, and flanking (DS-ACT, DS-STRIKE, DS-EDGE-05..07)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.actions
from brawl import ActionUnavailableError, Cell, Characteristics, Creature, Encounter, Material, Pos, Terrain
from brawl.events.actions import EffectEnded, FreeStrikeOffered, ManeuverResolved, Struck
from brawl.events.damage import Damaged
from brawl.rules.main_actions import defend_reasons
from brawl.rules.maneuvers import can_target_with_grab
from brawl.rules.strikes import expire_effects, is_flanking, order_triggered_actions
from brawl.verbs import (
    aid_attack,
    charge,
    defend,
    escape_grab,
    free_strike,
    grab,
    knockback,
    opportunity_attack,
)


def hero(cid: str, pos: tuple[int, int], **kw: object) -> Creature:
    stats = kw.pop("characteristics", Characteristics(might=2, agility=1))
    return Creature(id=cid, side="heroes", hero=True, stamina_max=30, pos=pos, characteristics=stats, **kw)  # type: ignore[arg-type]


def foe(cid: str, pos: tuple[int, int], **kw: object) -> Creature:
    return Creature(id=cid, side="director", stamina_max=40, pos=pos, **kw)  # type: ignore[arg-type]


def fight(*creatures: Creature, terrain: Terrain | None = None) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(12, 12), creatures, seed=3)


def struck(events: tuple[brawl.Event, ...]) -> Struck:
    return next(e for e in events if isinstance(e, Struck))


@pytest.mark.parametrize(("dice", "tier", "dealt"), [((3, 4), 1, 4), ((6, 5), 2, 7), ((9, 8), 3, 9)])
def test_melee_free_strike_deals_2_5_7_plus_might(dice: tuple[int, int], tier: int, dealt: int) -> None:
    """DS-STRIKE-06, DS-ACT-21, DS-STRIKE-01: Might 2; 7+2=9 tier 1 → 4; 13 tier 2 → 7; 19 tier 3 → 9."""
    enc = fight(hero("kira", (2, 2)), foe("gob", (3, 2)))
    enc2, events = free_strike(enc, "kira", "gob", dice=dice)
    assert (struck(events).tier, struck(events).damage) == (tier, dealt)
    assert enc2.creature("gob").stamina == 40 - dealt
    assert enc.creature("gob").stamina == 40


@pytest.mark.parametrize(("dice", "dealt"), [((3, 4), 3), ((6, 5), 5), ((9, 8), 7)])
def test_ranged_free_strike_deals_2_4_6_plus_the_characteristic(dice: tuple[int, int], dealt: int) -> None:
    """DS-STRIKE-07: ranged 5; Agility 1 chosen for roll and damage alike (R-TURN-6): 3 / 5 / 7."""
    enc = fight(hero("kira", (2, 2)), foe("gob", (7, 2)))
    _, events = free_strike(enc, "kira", "gob", ranged=True, characteristic="agility", dice=dice)
    assert struck(events).damage == dealt
    assert struck(events).characteristic == "agility"


def test_free_strike_reach_melee_1_and_ranged_5() -> None:
    """DS-STRIKE-06, DS-STRIKE-07: melee needs adjacency; ranged reaches 5 squares, not 6."""
    enc = fight(hero("kira", (2, 2)), foe("gob", (4, 2)), foe("far", (8, 2)))
    with pytest.raises(ActionUnavailableError, match="DS-STRIKE-06"):
        free_strike(enc, "kira", "gob")
    with pytest.raises(ActionUnavailableError, match="DS-STRIKE-07"):
        free_strike(enc, "kira", "far", ranged=True)
    free_strike(enc, "kira", "gob", ranged=True, dice=(1, 1))


def test_ranged_free_strike_needs_line_of_effect() -> None:
    """DS-STRIKE-07: a wall between attacker and target blocks a ranged strike."""
    wall = Terrain.flat(12, 12).with_cells(
        {Pos(4, y, z): Cell(Material.STONE) for y in range(12) for z in range(3)}
    )
    enc = fight(hero("kira", (2, 2)), foe("gob", (6, 2)), terrain=wall)
    with pytest.raises(ActionUnavailableError, match="no line of effect"):
        free_strike(enc, "kira", "gob", ranged=True)


def test_director_free_strike_is_a_flat_value_without_a_roll() -> None:
    """RB6-FREE-STRIKE: a monster's free strike deals its free strike value; no dice are rolled."""
    enc = fight(hero("kira", (2, 2)), foe("gob", (3, 2)))
    enc2, events = free_strike(enc, "gob", "kira", flat_damage=3)
    assert enc2.creature("kira").stamina == 27
    assert enc2.rng == enc.rng
    assert struck(events).damage == 3


def test_prone_attacker_strikes_with_a_bane() -> None:
    """RB1-PRONE: a prone creature's strikes take a bane: 13 - 2 = 11, tier 1."""
    enc = fight(hero("kira", (2, 2), conditions=(brawl.Condition("prone"),)), foe("gob", (3, 2)))
    _, events = free_strike(enc, "kira", "gob", dice=(6, 5))
    assert struck(events).tier == 1


def test_opportunity_attack_is_refused_with_a_bane_on_the_roll() -> None:
    """DS-STRIKE-04: a weakened creature (bane) can't make an opportunity attack."""
    weak = (brawl.Condition("weakened"),)
    enc = fight(hero("kira", (2, 2)), foe("gob", (3, 2), conditions=weak))
    with pytest.raises(ActionUnavailableError, match="DS-STRIKE-04"):
        opportunity_attack(enc, "gob", "kira")
    assert brawl.can(enc, brawl.actions.OpportunityAttack("kira", "gob"))


def test_opportunity_attack_needs_triggered_actions() -> None:
    """DS-STRIKE-03, DS-TURN-08: a dazed creature can't make the free triggered strike."""
    enc = fight(hero("kira", (2, 2)), foe("gob", (3, 2), conditions=(brawl.Condition("dazed"),)))
    with pytest.raises(ActionUnavailableError, match="DS-TURN-08"):
        opportunity_attack(enc, "gob", "kira", flat_damage=2)
    enc2, events = opportunity_attack(enc, "kira", "gob", dice=(6, 5))
    assert struck(events).opportunity
    assert enc2.creature("gob").stamina == 33


@pytest.mark.parametrize(
    ("dice", "grabbed", "offered"), [((5, 6), False, False), ((6, 6), True, True), ((9, 9), True, False)]
)
def test_grab_by_tier(dice: tuple[int, int], grabbed: bool, offered: bool) -> None:
    """DS-ACT-08: ≤11 no effect; 12–16 grabbed after the target's free strike; 17+ grabbed.

    Might 0: 11 → tier 1; 12 → tier 2; 18 → tier 3.
    """
    enc = fight(hero("kira", (2, 2), characteristics=Characteristics()), foe("gob", (3, 2)))
    enc2, events = grab(enc, "kira", "gob", dice=dice)
    assert enc2.creature("gob").has("grabbed") is grabbed
    assert any(isinstance(e, FreeStrikeOffered) for e in events) is offered
    if grabbed:
        assert brawl.grabbed_by(enc2, "gob") == "kira"


def test_grab_targets_your_size_or_smaller_unless_might_2() -> None:
    """DS-ACT-09, R-SIZE-3: a 1M with Might 0 can't grab a size-2 ogre; with Might 2 it can; a 1S
    with Might 1 can't grab a 1M (ranks compared)."""
    weak = Characteristics(might=0)
    enc = fight(
        hero("kira", (2, 2), characteristics=weak),
        hero("bron", (5, 5), characteristics=Characteristics(might=2)),
        hero("pip", (8, 8), size="1S", characteristics=Characteristics(might=1)),
        foe("ogre", (3, 2), size="2"),
        foe("ogre2", (6, 5), size="2"),
        foe("man", (9, 8)),
    )
    with pytest.raises(ActionUnavailableError, match="R-SIZE-3"):
        grab(enc, "kira", "ogre", dice=(9, 9))
    assert can_target_with_grab(enc, "bron", "ogre2")
    enc2, _ = grab(enc, "bron", "ogre2", dice=(9, 9))
    assert enc2.creature("ogre2").has("grabbed")
    with pytest.raises(ActionUnavailableError, match="DS-ACT-09"):
        grab(enc, "pip", "man", dice=(9, 9))


def test_a_creature_grabs_only_one_creature_at_a_time() -> None:
    """DS-ACT-10: a second grab while holding one is refused."""
    enc = fight(hero("kira", (2, 2)), foe("a", (3, 2)), foe("b", (1, 2)))
    enc, _ = grab(enc, "kira", "a", dice=(9, 9))
    with pytest.raises(ActionUnavailableError, match="DS-ACT-10"):
        grab(enc, "kira", "b", dice=(9, 9))


def test_escape_grab_takes_a_bane_when_smaller_than_the_grabber() -> None:
    """DS-ACT-06, DS-ACT-07: 12 with a bane is 10 (tier 1, still grabbed); 18 escapes."""
    enc = fight(hero("kira", (2, 2), characteristics=Characteristics()), foe("ogre", (3, 2), size="2"))
    enc = brawl.add_condition(enc, "kira", "grabbed", source="ogre").state
    held, events = escape_grab(enc, "kira", dice=(6, 6))
    assert held.creature("kira").has("grabbed")
    assert next(e for e in events if isinstance(e, ManeuverResolved)).tier == 1
    free, _ = escape_grab(enc, "kira", dice=(9, 9))
    assert not free.creature("kira").has("grabbed")


def test_escape_grab_tier_2_offers_the_grabber_a_free_strike() -> None:
    """DS-ACT-06: 12–16 escapes, but the grabber may first make a melee free strike."""
    enc = fight(hero("kira", (2, 2), characteristics=Characteristics()), foe("gob", (3, 2)))
    enc = brawl.add_condition(enc, "kira", "grabbed", source="gob").state
    free, events = escape_grab(enc, "kira", dice=(6, 7))
    assert not free.creature("kira").has("grabbed")
    offer = next(e for e in events if isinstance(e, FreeStrikeOffered))
    assert (offer.attacker, offer.target) == ("gob", "kira")


@pytest.mark.parametrize(("dice", "pushed"), [((3, 4), 1), ((6, 6), 2), ((9, 8), 3)])
def test_knockback_pushes_1_2_3(dice: tuple[int, int], pushed: int) -> None:
    """DS-ACT-12: push 1 / 2 / 3 by tier (Might 0: 7 tier 1, 12 tier 2, 17 tier 3)."""
    enc = fight(hero("kira", (2, 2), characteristics=Characteristics()), foe("gob", (3, 2)))
    enc2, _ = knockback(enc, "kira", "gob", direction=(1, 0, 0), dice=dice)
    assert enc2.creature("gob").pos == Pos(3 + pushed, 2, 0)


def test_knockback_by_a_larger_creature_pushes_1_farther() -> None:
    """DS-ACT-12, DS-FORCE-14, R-FORCE-2: an ogre's tier-1 Knockback on a 1M hero pushes 2."""
    enc = fight(hero("kira", (4, 2)), foe("ogre", (2, 2), size="2"))
    enc2, _ = knockback(enc, "ogre", "kira", direction=(1, 0, 0), dice=(2, 2))
    assert enc2.creature("kira").pos == Pos(6, 2, 0)


def test_a_grabbed_creature_cannot_use_knockback() -> None:
    """RB1-GRABBED: a grabbed creature can't use the Knockback maneuver."""
    enc = fight(hero("kira", (2, 2)), foe("gob", (3, 2)))
    enc = brawl.add_condition(enc, "kira", "grabbed", source="gob").state
    with pytest.raises(ActionUnavailableError, match="RB1-GRABBED"):
        knockback(enc, "kira", "gob", direction=(1, 0, 0), dice=(9, 9))


def test_aid_attack_gives_the_next_ally_roll_an_edge_once() -> None:
    """DS-ACT-03: 10 + 0 + edge 2 = 12, tier 2; the second roll has no edge (11, tier 1)."""
    plain = Characteristics()
    enc = fight(
        hero("kira", (2, 2), characteristics=plain),
        hero("tal", (4, 2), characteristics=plain),
        foe("gob", (3, 3)),
    )
    enc, events = aid_attack(enc, "tal", "gob")
    enc, events = free_strike(enc, "kira", "gob", dice=(5, 5))
    assert struck(events).tier == 2
    assert any(isinstance(e, EffectEnded) and e.reason == "used" for e in events)
    _, events = free_strike(enc, "kira", "gob", dice=(5, 6))
    assert struck(events).tier == 1


def test_aid_attack_ends_at_the_start_of_the_aiders_next_turn() -> None:
    """DS-ACT-03: before the start of the aiding creature's next turn."""
    enc = fight(hero("kira", (2, 2)), hero("tal", (4, 2)), foe("gob", (3, 3)))
    enc, _ = aid_attack(enc, "tal", "gob")
    assert enc.creature("gob").effects
    enc, events = expire_effects(enc, "tal")
    assert not enc.creature("gob").effects
    assert isinstance(events[0], EffectEnded)


def test_defend_gives_a_double_bane_to_rolls_against_the_defender() -> None:
    """DS-ACT-19, R-TURN-5: a natural 17 (tier 3) against a defender drops to tier 2."""
    plain = Characteristics()
    enc = fight(hero("kira", (2, 2), characteristics=plain), foe("gob", (3, 2)))
    enc, _ = defend(enc, "gob")
    _, events = free_strike(enc, "kira", "gob", dice=(9, 8))
    assert struck(events).tier == 2
    assert defend_reasons(enc, "gob")


def test_defend_gives_no_benefit_while_the_defender_taunts() -> None:
    """DS-ACT-20, DS-COND-11: no benefit while another creature is taunted by the defender."""
    plain = Characteristics()
    enc = fight(hero("kira", (2, 2), characteristics=plain), foe("gob", (3, 2)))
    enc = brawl.add_condition(enc, "kira", "taunted", source="gob").state
    enc, _ = defend(enc, "gob")
    _, events = free_strike(enc, "kira", "gob", dice=(9, 8))
    assert struck(events).tier == 3
    assert defend_reasons(enc, "gob") == []


def test_flanking_on_opposite_sides_gives_an_edge_on_melee_strikes() -> None:
    """DS-EDGE-05, DS-EDGE-06: opposite sides flank (10 + 2 = 12, tier 2); adjacent sides don't."""
    plain = Characteristics()
    enc = fight(hero("kira", (1, 2), characteristics=plain), hero("tal", (3, 2)), foe("gob", (2, 2)))
    assert is_flanking(enc, "kira", "gob") == "tal"
    _, events = free_strike(enc, "kira", "gob", dice=(5, 5))
    assert struck(events).tier == 2
    side = fight(hero("kira", (1, 2)), hero("tal", (3, 3)), foe("gob", (2, 2)))
    assert is_flanking(side, "kira", "gob") is None


def test_flanking_through_opposite_corners() -> None:
    """DS-EDGE-06: a line through opposite corners of the enemy's space flanks."""
    enc = fight(hero("kira", (1, 1)), hero("tal", (3, 3)), foe("gob", (2, 2)))
    assert is_flanking(enc, "kira", "gob") == "tal"
    enc = fight(hero("kira", (1, 1)), hero("tal", (3, 2)), foe("gob", (2, 2)))
    assert is_flanking(enc, "kira", "gob") is None


def test_flanking_needs_an_ally_able_to_take_triggered_actions() -> None:
    """DS-EDGE-07: a dazed ally grants no flanking."""
    enc = fight(
        hero("kira", (1, 2)), hero("tal", (3, 2), conditions=(brawl.Condition("dazed"),)), foe("gob", (2, 2))
    )
    assert is_flanking(enc, "kira", "gob") is None


def test_flanking_around_a_size_2_enemy() -> None:
    """DS-EDGE-06: opposite sides of a 2 x 2 space."""
    enc = fight(hero("kira", (1, 2)), hero("tal", (4, 3)), foe("ogre", (2, 2), size="2"))
    assert is_flanking(enc, "kira", "ogre") == "tal"


def test_charge_moves_in_a_straight_line_then_strikes() -> None:
    """DS-ACT-17: move up to speed in a straight line, then a melee free strike."""
    enc = fight(hero("kira", (1, 2)), foe("gob", (5, 2)))
    enc2, events = charge(enc, "kira", [(2, 2), (3, 2), (4, 2)], "gob", dice=(9, 8))
    assert enc2.creature("kira").pos == Pos(4, 2, 0)
    assert enc2.creature("gob").stamina == 40 - 9
    assert any(isinstance(e, Damaged) for e in events)


def test_charge_refuses_bends_and_difficult_terrain() -> None:
    """DS-ACT-17, DS-ACT-18: not a straight line, or through difficult terrain, is refused."""
    t = Terrain.flat(12, 12).with_cell(Pos(3, 2, 0), Cell(difficult=True))
    enc = fight(hero("kira", (1, 2)), foe("gob", (5, 3)), terrain=t)
    with pytest.raises(ActionUnavailableError, match="DS-ACT-17"):
        charge(enc, "kira", [(2, 2), (3, 3), (4, 3)], "gob")
    with pytest.raises(ActionUnavailableError, match="DS-ACT-18"):
        charge(enc, "kira", [(2, 2), (3, 2), (4, 2)], "gob")


@given(st.tuples(st.integers(1, 10), st.integers(1, 10)), st.integers(-5, 5))
def test_free_strike_damage_follows_the_tier_table(dice: tuple[int, int], might: int) -> None:
    """DS-STRIKE-06: damage = (2 | 5 | 7)[tier] + Might, never below 0; the old state is untouched."""
    enc = fight(
        hero("kira", (2, 2), characteristics=Characteristics(might=might, agility=-5)), foe("gob", (3, 2))
    )
    enc2, events = free_strike(enc, "kira", "gob", dice=dice)
    s = struck(events)
    total = sum(dice) + might
    natural_tier = 3 if sum(dice) >= 19 else (3 if total >= 17 else 2 if total >= 12 else 1)
    assert s.tier == natural_tier
    assert s.damage == max(0, (2, 5, 7)[s.tier - 1] + might)
    assert enc2.creature("gob").stamina == 40 - s.damage
    assert enc.creature("gob").stamina == 40
    assert tuple(free_strike(enc, "kira", "gob", dice=dice)) == (enc2, events)


def test_defend_ends_at_the_start_of_the_defenders_next_turn_in_play() -> None:
    """DS-ACT-19, R-TURN-5: the turn system's start of turn ends Defend."""
    enc = fight(hero("kira", (2, 2)), foe("gob", (3, 2)))
    enc, _ = brawl.start_combat(enc, first_side="heroes", d10=3)
    enc, _ = brawl.start_turn(enc, "kira")
    enc, _ = defend(enc, "kira")
    assert enc.creature("kira").effects
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "gob")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.end_round(enc)
    enc, events = brawl.start_turn(enc, "kira")
    assert not enc.creature("kira").effects
    assert any(isinstance(e, EffectEnded) for e in events)


def test_triggered_actions_resolve_players_first_then_the_director() -> None:
    """DS-TURN-07, R-TURN-1: the players' side orders and resolves first, then the Director's."""
    enc = fight(foe("gob", (5, 5)), hero("kira", (2, 2)), foe("ogre", (7, 7)), hero("tal", (3, 3)))
    order = order_triggered_actions
    assert order(enc, ["ogre", "tal", "gob", "kira"]) == ("kira", "tal", "gob", "ogre")
    assert order(enc, ["ogre", "tal", "kira"], heroes_order=["tal", "kira"]) == ("tal", "kira", "ogre")
    with pytest.raises(brawl.InvalidArgumentError, match="DS-TURN-07"):
        order(enc, ["ogre", "tal"], heroes_order=["kira"])


def test_a_creature_in_a_bigger_creatures_space_is_within_melee_reach() -> None:
    """DS-MOVE-04, DS-STRIKE-06: a 1M hero inside a size-2 ogre's space (2 sizes apart) can strike it."""
    enc = fight(hero("kira", (3, 3)), foe("ogre", (3, 3), size="2"))
    _, events = free_strike(enc, "kira", "ogre", dice=(9, 8))
    assert struck(events).damage == 9
    with pytest.raises(ActionUnavailableError, match="itself"):
        free_strike(enc, "kira", "kira")
    with pytest.raises(ActionUnavailableError, match="itself"):
        grab(enc, "kira", "kira")
