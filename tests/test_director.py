"""The Director's resources: villain actions, Malice features, solos, monster free strikes,
Director Stamina, defending monsters and summons (RB-VILLAIN, RB-MALICE, RB-SOLO, RB-MFS,
RB-DSTAM, RB-MDEF, RB-SUMMON)."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import (
    Ability,
    Characteristics,
    Creature,
    Encounter,
    StatBlock,
    Terrain,
    UseAbility,
    parse_tier,
)
from brawl.abilities.model import Cost, Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.actions import TakeAction
from brawl.building import instant_solo
from brawl.conditions import Condition, ConditionName, Duration
from brawl.errors import ActionUnavailableError, InvalidArgumentError, TurnOrderError
from brawl.events.abilities import PotencyChecked
from brawl.events.actions import Struck
from brawl.events.damage import Damaged
from brawl.events.dice import PowerRolled
from brawl.events.director import MaliceBoostUsed, MaliceFeatureUsed, VillainActionUsed
from brawl.events.turns import CriticalHit
from brawl.rules.conditions import is_knocked_out
from brawl.rules.main_actions import Defend
from brawl.rules.malice import is_malice_feature, malice_moment_open, past_start
from brawl.rules.monster_strikes import monster_strike
from brawl.rules.recoveries import SpendRecovery, wake
from brawl.rules.strikes import FreeStrike, OpportunityAttack
from brawl.sim import greedy, play
from brawl.turns.ability_deeds import director_deed, malice_deeds, pick_director
from brawl.turns.drawsteel_turn import DrawSteelTurn, with_economy
from brawl.turns.economy import FRESH, TurnEconomy


def roll(*tiers: str, chars: tuple[str, ...] = ("might",)) -> AbilityPowerRoll:
    return AbilityPowerRoll(chars, tiers=tuple(parse_tier(t) for t in tiers))


def villain(name: str) -> Ability:
    return Ability(
        name, "villain action", "villain", ("Area",), distance=Distance("burst", 3),
        target=Target("each enemy", None), power_roll=roll("1 damage", "2 damage", "3 damage"),
    )  # fmt: skip


CLEAVE = Ability(
    "Cleave", "main action", "signature", ("Melee", "Strike", "Weapon"), distance=Distance("melee", 1),
    target=Target("creature"), power_roll=roll("3 damage", "5 damage", "7 damage"),
)  # fmt: skip
VILLAINY = (villain("Opener"), villain("Middle"), villain("Closer"))


def boss(cid: str = "boss", **kw: object) -> Creature:
    fields: dict[str, object] = {
        "id": cid, "pos": (3, 2, 0), "stamina_max": 60, "characteristics": Characteristics(might=3),
        "abilities": (CLEAVE, *VILLAINY),
    }  # fmt: skip
    return Creature(**{**fields, **kw})  # type: ignore[arg-type]


def hero(cid: str = "kira", pos: tuple[int, int, int] = (2, 2, 0)) -> Creature:
    return Creature(id=cid, side="heroes", hero=True, stamina_max=40, pos=pos, victories=3)


def combat(*others: Creature, malice: int | None = None) -> Encounter:
    enc = Encounter.create(Terrain.flat(12, 12), [hero(), hero("ash", (2, 4, 0)), boss(), *others])
    started: Encounter = brawl.start_combat(enc, first_side="heroes", malice=malice).state
    return started


def turn(enc: Encounter, cid: str) -> Encounter:
    enc, _ = brawl.start_turn(enc, cid)
    enc, _ = brawl.end_turn(enc)
    return enc


def use(enc: Encounter, name: str, user: str = "boss") -> UseAbility:
    return UseAbility(user, name, dice=(5, 5))


# -- villain actions ------------------------------------------------------------------------------


def test_a_villain_action_only_at_the_end_of_another_creatures_turn_rb_villain_04() -> None:
    """RB-VILLAIN-04, R-DIR-1: not before any turn ended, not during a turn, not after its own turn."""
    enc = combat()
    with pytest.raises(TurnOrderError, match="RB-VILLAIN-04"):
        brawl.verify(enc, use(enc, "Opener"))  # no turn has ended this round
    during, _ = brawl.start_turn(enc, "kira")
    with pytest.raises(TurnOrderError, match="RB-VILLAIN-04"):
        brawl.verify(during, use(during, "Opener"))  # kira is taking its turn
    after_kira = turn(enc, "kira")
    assert brawl.can(after_kira, use(after_kira, "Opener"))
    after_own = turn(after_kira, "boss")
    with pytest.raises(TurnOrderError, match="its own"):
        brawl.verify(after_own, use(after_own, "Opener"))


def test_one_villain_action_a_round_each_once_an_encounter_rb_villain_02_03() -> None:
    """RB-VILLAIN-03: a second villain action in the round is refused, even another one;
    RB-VILLAIN-02: the same one is refused in a later round."""
    enc = turn(combat(), "kira")
    enc, events = brawl.apply(enc, use(enc, "Opener"))
    used = [e for e in events if isinstance(e, VillainActionUsed)]
    assert [(e.creature, e.ability, e.round, e.after) for e in used] == [("boss", "Opener", 1, "kira")]
    with pytest.raises(ActionUnavailableError, match="RB-VILLAIN-02"):
        brawl.verify(enc, use(enc, "Opener"))
    with pytest.raises(ActionUnavailableError, match="RB-VILLAIN-03"):
        brawl.verify(enc, use(enc, "Middle"))
    enc = turn(turn(enc, "boss"), "ash")
    enc, _ = brawl.end_round(enc)
    enc = turn(enc, "kira")
    with pytest.raises(ActionUnavailableError, match="RB-VILLAIN-02"):
        brawl.verify(enc, use(enc, "Opener"))
    assert brawl.can(enc, use(enc, "Middle"))


def names(enc: Encounter) -> list[str]:
    return sorted({a.ability for a in brawl.legal_actions(enc) if isinstance(a, UseAbility)})


def test_legal_actions_offer_villain_actions_between_turns_only_rb_villain_04() -> None:
    """RB-VILLAIN-04: offered after another creature's turn ends, gone once one is used (RB-VILLAIN-03)."""
    enc = combat()
    assert names(enc) == []
    after = turn(enc, "kira")
    assert names(after) == ["Closer", "Middle", "Opener"]
    during, _ = brawl.start_turn(after, "boss")
    assert not [a for a in brawl.legal_actions(during) if getattr(a, "ability", "") in ("Opener", "Middle")]
    used, _ = brawl.apply(after, use(after, "Middle"))
    assert names(used) == []


# -- Malice features ------------------------------------------------------------------------------

ROAR = Ability(
    "Roar", "main action", None, ("Area", "Magic"), distance=Distance("burst", 2),
    target=Target("each enemy", None),
    power_roll=roll(
        "1 damage; M < 0 slowed (EoT)", "2 damage; M < 1 slowed (EoT)", "3 damage; M < 2 slowed (EoT)"
    ),
)  # fmt: skip


def boss_turn(malice: int | None = None, **kw: object) -> Encounter:
    """Kira's turn, then the boss's starts: 2 heroes with 3 Victories give 3 + (2 + 1) = 6 Malice."""
    enc = Encounter.create(
        Terrain.flat(12, 12),
        [hero(), hero("ash", (2, 4, 0)), boss("boss", **{"abilities": (CLEAVE, ROAR, *VILLAINY), **kw})],
    )
    enc = brawl.start_combat(enc, first_side="heroes", malice=malice).state
    enc = turn(enc, "kira")
    started: Encounter = brawl.start_turn(enc, "boss").state
    return started


def malice(enc: Encounter) -> int:
    left: int = getattr(enc.turn, "malice")  # noqa: B009
    return left


def test_brutal_effectiveness_costs_3_and_adds_1_to_the_next_potency_rb_malice_04_05() -> None:
    """RB-MALICE-05, R-DIR-3: 3 Malice, +1 to the next potency: M < 0 becomes M < 1 for Roar's tier 1."""
    enc = boss_turn()
    assert malice(enc) == 6
    enc, events = brawl.apply(enc, brawl.actions.BrutalEffectiveness("boss"))
    assert malice(enc) == 3
    assert [e.cost for e in events if isinstance(e, MaliceFeatureUsed)] == [3]
    enc, events = brawl.apply(enc, UseAbility("boss", "Roar", dice=(1, 2)))  # tier 1: M < 0
    checks = [e for e in events if isinstance(e, PotencyChecked)]
    found = [(e.target, e.potency, e.score, e.applies) for e in checks]
    assert found == [("kira", 1, 0, True), ("ash", 1, 0, True)]
    assert [e.feature for e in events if isinstance(e, MaliceBoostUsed)] == ["Brutal Effectiveness"]
    enc, events = brawl.apply(enc, UseAbility("boss", "Roar", dice=(1, 2), granted=True))
    assert {e.potency for e in events if isinstance(e, PotencyChecked)} == {0}  # used up


def test_malice_features_only_at_the_start_of_a_monsters_turn_one_a_turn_rb_malice_04() -> None:
    """RB-MALICE-04, R-DIR-2: at the start of a Director creature's turn, before it acts; one a turn."""
    enc = boss_turn()
    enc, _ = brawl.apply(enc, brawl.actions.BrutalEffectiveness("boss"))
    with pytest.raises(ActionUnavailableError, match="already activated this turn"):
        brawl.verify(enc, brawl.actions.BrutalEffectiveness("boss"))
    moved = boss_turn()
    moved, _ = brawl.apply(moved, UseAbility("boss", "Cleave", ("kira",), dice=(5, 5)))
    with pytest.raises(TurnOrderError, match="RB-MALICE-04"):
        brawl.verify(moved, brawl.actions.BrutalEffectiveness("boss"))
    heroes = turn(turn(combat(), "kira"), "boss")
    heroes, _ = brawl.start_turn(heroes, "ash")
    with pytest.raises(ActionUnavailableError, match="Director's creature"):
        brawl.verify(heroes, brawl.actions.BrutalEffectiveness("ash"))
    first = [type(a).__name__ for a in brawl.legal_actions(boss_turn())][:2]
    assert first == ["BrutalEffectiveness", "MaliciousStrike"]


def test_a_malice_feature_verified_on_one_state_is_checked_again_on_another_rb_malice_04() -> None:
    """RB-MALICE-04, R-DIR-2: a feature whose checks passed on a state is refused on another state
    where they fail (a feature already activated this turn); on the state itself it costs 3 or 5."""
    features = [(brawl.actions.BrutalEffectiveness("boss"), 3), (brawl.actions.MaliciousStrike("boss", 5), 5)]
    for feature, cost in features:
        enc = boss_turn()
        spent, _ = brawl.apply(enc, brawl.actions.BrutalEffectiveness("boss"))
        brawl.verify(enc, feature)  # passes on enc, just before it is applied to spent
        with pytest.raises(ActionUnavailableError, match="already activated this turn"):
            brawl.apply(spent, feature)
        brawl.verify(enc, feature)
        after, events = brawl.apply(enc, feature)
        assert [e.cost for e in events if isinstance(e, MaliceFeatureUsed)] == [cost]
        assert malice(after) == malice(enc) - cost


def test_malicious_strike_extra_damage_and_its_cap_rb_malice_06() -> None:
    """RB-MALICE-06: highest characteristic 3: 5 Malice give +3, 7 give 3 + 2 = 5, at most 3 x 3 = 9
    (11 Malice); 12 Malice are refused. The next strike's first target takes it (R-DIR-4)."""
    rich = boss_turn(malice=20)
    with pytest.raises(InvalidArgumentError, match="RB-MALICE-06"):
        brawl.verify(rich, brawl.actions.MaliciousStrike("boss", 12))
    assert brawl.can(rich, brawl.actions.MaliciousStrike("boss", 11))
    enc = boss_turn()
    enc, events = brawl.apply(enc, brawl.actions.MaliciousStrike("boss", 5))
    assert malice(enc) == 1
    assert [e.detail for e in events if isinstance(e, MaliceFeatureUsed)] == ["+3 damage to its next strike"]
    enc, events = brawl.apply(enc, UseAbility("boss", "Cleave", ("kira",), dice=(5, 5)))  # tier 2: 5 damage
    assert [(e.target, e.base) for e in events if isinstance(e, Damaged)] == [("kira", 5 + 3)]
    seven = boss_turn(malice=10)
    seven, events = brawl.apply(seven, brawl.actions.MaliciousStrike("boss", 7))
    assert [e.detail for e in events if isinstance(e, MaliceFeatureUsed)] == ["+5 damage to its next strike"]


def test_malicious_strike_not_two_rounds_in_a_row_even_by_another_monster_rb_malice_07() -> None:
    """RB-MALICE-07: used in round 1, refused in round 2 for another monster, open again in round 3."""
    enc = Encounter.create(
        Terrain.flat(12, 12),
        [hero(), boss(), boss("brute", pos=(5, 5, 0), abilities=(CLEAVE,))],
    )
    enc = brawl.start_combat(enc, first_side="director", malice=30).state
    enc, _ = brawl.start_turn(enc, "boss")
    enc, _ = brawl.apply(enc, brawl.actions.MaliciousStrike("boss"))
    enc = turn(turn(brawl.end_turn(enc).state, "kira"), "brute")
    enc = brawl.end_round(enc).state
    enc, _ = brawl.start_turn(enc, "brute")
    with pytest.raises(ActionUnavailableError, match="RB-MALICE-07"):
        brawl.verify(enc, brawl.actions.MaliciousStrike("brute"))
    enc = turn(turn(brawl.end_turn(enc).state, "kira"), "boss")
    enc = brawl.end_round(enc).state
    enc, _ = brawl.start_turn(enc, "brute")
    assert brawl.can(enc, brawl.actions.MaliciousStrike("brute"))


SURGE = Ability(
    "Dark Surge", "none", None, ("Area", "Magic"), distance=Distance("burst", 2),
    target=Target("each enemy", None), cost=Cost("malice", 2),
    power_roll=roll("1 damage", "2 damage", "3 damage"),
)  # fmt: skip


def test_a_stat_blocks_malice_feature_is_used_at_the_start_of_its_turn_rb_malice_04() -> None:
    """RB-MALICE-04: a Malice feature on the block (no action, a Malice cost) is offered and used at
    the start of the monster's turn, paid from the Director's Malice; refused once it acted."""
    enc = boss_turn(abilities=(CLEAVE, SURGE))
    offered = [a for a in brawl.legal_actions(enc) if isinstance(a, UseAbility) and a.ability == "Dark Surge"]
    assert offered == [UseAbility("boss", "Dark Surge")]
    used, events = brawl.apply(enc, UseAbility("boss", "Dark Surge", dice=(5, 5)))
    assert malice(used) == 6 - 2
    assert sorted(e.target for e in events if isinstance(e, Damaged)) == ["ash", "kira"]
    with pytest.raises(ActionUnavailableError, match="already activated"):
        brawl.verify(used, brawl.actions.BrutalEffectiveness("boss"))
    acted, _ = brawl.apply(enc, UseAbility("boss", "Cleave", ("kira",), dice=(5, 5)))
    with pytest.raises(TurnOrderError, match="R-DIR-2"):
        brawl.verify(acted, UseAbility("boss", "Dark Surge"))


# -- solos ----------------------------------------------------------------------------------------

CAPTAIN = StatBlock(
    name="Bandit Chief", stamina=81, level=3, organization="leader", ev=20,
    characteristics=Characteristics(might=3), abilities=(CLEAVE, *VILLAINY),
)  # fmt: skip


def test_instant_solo_triples_ev_and_gives_two_and_a_half_stamina_rb_solo_03() -> None:
    """RB-SOLO-03, R-DIR-7: EV 20 x 3 = 60, Stamina 81 x 2.5 = 202 (rounded down), a solo with End Effect
    10 and the Solo Action feature; only a leader or an elite."""
    solo = instant_solo(CAPTAIN)
    assert (solo.ev, solo.stamina, solo.organization, solo.is_solo, solo.end_effect) == (
        60,
        202,
        "solo",
        True,
        10,
    )
    assert [a.name for a in solo.abilities][-1] == "Solo Action"
    c = solo.creature("chief")
    assert (c.solo, c.end_effect, c.stamina_max) == (True, 10, 202)
    with pytest.raises(InvalidArgumentError, match="RB-SOLO-03"):
        instant_solo(StatBlock(name="Thug", stamina=10, organization="platoon"))


def solo_fight(**kw: object) -> Encounter:
    chief = instant_solo(CAPTAIN).creature("chief", pos=(3, 2, 0), **kw)
    enc = Encounter.create(Terrain.flat(12, 12), [hero(), hero("ash", (2, 4, 0)), chief])
    return brawl.start_combat(enc, first_side="director", malice=5).state


def test_solo_action_costs_5_malice_and_gives_an_extra_main_action_even_dazed_rb_solo_04() -> None:
    """RB-SOLO-04, R-DIR-6: 5 Malice; the dazed solo takes two main actions this turn."""
    dazed = (Condition(ConditionName.DAZED, Duration.EOT),)
    enc = brawl.start_turn(solo_fight(conditions=dazed), "chief").state
    assert malice(enc) == 5 + 2 + 1
    enc, events = brawl.apply(enc, brawl.actions.SoloAction("chief"))
    assert malice(enc) == 3
    assert [e.feature for e in events if isinstance(e, MaliceFeatureUsed)] == ["Solo Action"]
    enc, _ = brawl.apply(enc, UseAbility("chief", "Cleave", ("kira",), dice=(5, 5)))
    enc, _ = brawl.apply(enc, UseAbility("chief", "Cleave", ("kira",), dice=(5, 5)))
    with pytest.raises(ActionUnavailableError, match="RB1-DAZED"):
        brawl.apply(enc, UseAbility("chief", "Cleave", ("kira",), dice=(5, 5)))
    plain = brawl.start_turn(solo_fight(abilities=(CLEAVE,)), "chief").state
    with pytest.raises(ActionUnavailableError, match="RB-SOLO-03"):
        brawl.verify(plain, brawl.actions.SoloAction("chief"))


def test_end_effect_ends_a_save_ends_condition_at_the_end_of_each_turn_rb_solo_01_02() -> None:
    """RB-SOLO-02, R-DIR-5: at the end of each of its turns the solo takes 10 damage to end a save-ends
    effect the save left; its two turns a round are not back to back (RB-SOLO-01)."""
    slowed = (Condition(ConditionName.SLOWED, Duration.SAVE_ENDS),)
    enc = brawl.start_turn(solo_fight(conditions=slowed), "chief").state
    enc, events = brawl.end_turn(enc, saving_throws={0: 1})  # the save fails
    chief = enc.creature("chief")
    assert (chief.stamina, chief.conditions) == (202 - 10, ())
    assert any("RB-SOLO-02" in e.rules for e in events)
    with pytest.raises(TurnOrderError, match="RB5-SOLO"):
        brawl.start_turn(enc, "chief")
    enc = turn(enc, "kira")
    weakened = enc.update_creature(
        "chief", conditions=(Condition(ConditionName.WEAKENED, Duration.SAVE_ENDS),)
    )
    enc = brawl.start_turn(weakened, "chief").state
    enc, _ = brawl.end_turn(enc, saving_throws={0: 1})
    assert (enc.creature("chief").stamina, enc.creature("chief").conditions) == (202 - 20, ())


# -- monster free strikes -------------------------------------------------------------------------

SPEAR = Ability(
    "Spear Thrust", "main action", "signature", ("Melee", "Strike", "Weapon", "Magic"),
    distance=Distance("melee", 2), target=Target("creature"),
    power_roll=roll("3 cold damage", "5 cold damage", "7 fire damage"),
)  # fmt: skip
BOW = Ability(
    "Longbow", "main action", "signature", ("Ranged", "Strike", "Weapon"), distance=Distance("ranged", 10),
    target=Target("creature"), power_roll=roll("3 damage", "5 damage", "7 damage"),
)  # fmt: skip


def test_a_monster_free_strike_is_its_flat_value_never_a_critical_rb_mfs_01_02() -> None:
    """RB-MFS-01, RB-MFS-02: Free Strike 4 deals 4 with no roll, even on dice that would be a critical hit."""
    enc = combat(boss("spear", pos=(2, 3, 0), abilities=(SPEAR,), free_strike=4))
    enc = brawl.start_turn(turn(enc, "kira"), "spear").state
    enc, events = brawl.apply(enc, TakeAction("main", FreeStrike("spear", "kira", dice=(10, 10))))
    assert not [e for e in events if isinstance(e, PowerRolled | CriticalHit)]
    struck = [e for e in events if isinstance(e, Struck)]
    assert [(e.damage, e.tier) for e in struck] == [(4, 0)]
    assert "RB-MFS-01" in struck[0].rules


def test_a_monster_free_strike_reaches_as_far_as_its_signature_rb_mfs_03() -> None:
    """RB-MFS-03: melee max(1, 2) = 2 with a melee 2 signature; ranged max(5, 10) = 10 with a
    ranged 10 signature, 5 without one."""
    spear = boss("spear", pos=(2, 4, 0), abilities=(SPEAR,), free_strike=4)  # 2 squares from kira
    enc = Encounter.create(Terrain.flat(20, 20), [hero(pos=(2, 2, 0)), spear])
    assert brawl.can(enc, FreeStrike("spear", "kira"))
    too_far = enc.update_creature("spear", pos=(2, 5, 0))
    with pytest.raises(ActionUnavailableError, match="RB-MFS-03"):
        brawl.verify(too_far, FreeStrike("spear", "kira"))
    archer = boss("archer", pos=(2, 12, 0), abilities=(BOW,), free_strike=3)  # 10 squares away
    enc = Encounter.create(Terrain.flat(20, 20), [hero(pos=(2, 2, 0)), archer])
    assert brawl.can(enc, FreeStrike("archer", "kira", ranged=True))
    plain = enc.update_creature("archer", abilities=(), pos=(2, 8, 0))  # 6 squares, no signature
    with pytest.raises(ActionUnavailableError, match="reach 5"):
        brawl.verify(plain, FreeStrike("archer", "kira", ranged=True))


def test_a_monster_free_strike_copies_keywords_and_damage_type_rb_mfs_04_05() -> None:
    """RB-MFS-04, RB-MFS-05: Strike plus the signature's Magic and Weapon; its first damage type, cold,
    unless the Director names fire."""
    c = boss("spear", abilities=(SPEAR,), free_strike=4)
    found = monster_strike(c)
    assert found is not None
    assert (found.keywords, found.types) == (("Strike", "Weapon", "Magic"), ("cold", "fire"))
    enc = Encounter.create(
        Terrain.flat(12, 12), [hero(), boss("spear", pos=(2, 3, 0), abilities=(SPEAR,), free_strike=4)]
    )
    _, events = brawl.apply(enc, FreeStrike("spear", "kira"))
    assert [e.type for e in events if isinstance(e, Damaged)] == ["cold"]
    _, events = brawl.apply(enc, FreeStrike("spear", "kira", type="fire"))
    assert [e.type for e in events if isinstance(e, Damaged)] == ["fire"]


def test_no_opportunity_attack_against_a_target_it_has_a_bane_against_rb_mfs_06() -> None:
    """RB-MFS-06: a monster with no roll still can't make an opportunity attack when it would have
    a bane on strikes against the target (here it is weakened: a bane on its power rolls)."""
    weak = (Condition(ConditionName.WEAKENED, Duration.EOT),)
    enc = Encounter.create(
        Terrain.flat(12, 12),
        [hero(), boss("spear", pos=(2, 3, 0), abilities=(SPEAR,), free_strike=4, conditions=weak)],
    )
    with pytest.raises(ActionUnavailableError, match="bane"):
        brawl.verify(enc, OpportunityAttack("spear", "kira"))
    assert brawl.can(enc.update_creature("spear", conditions=()), OpportunityAttack("spear", "kira"))


# -- the bundled scenario -------------------------------------------------------------------------


def test_the_warband_scenario_has_a_leader_minions_of_one_name_and_veteran_heroes_rb_villain_01() -> None:
    """RB-VILLAIN-01: the warlord has exactly three villain actions and a Malice feature; four
    minions of one name form a squad with a pool of 4 x 4 Stamina (RB-SQUAD-01, RB-SQUAD-03) the
    warlord captains (RB-CAPT-01); two heroes with 3 Victories give the Director 3 Malice as
    combat starts, then 2 + 1 more (RB-MALICE-01, RB-MALICE-02)."""
    enc = brawl.load_scenario(brawl.bundled_scenario("warband"))
    warlord = enc.creature("warlord")
    assert len([a for a in warlord.abilities if a.action_type == "villain action"]) == 3
    assert [a.name for a in warlord.abilities if is_malice_feature(a)] == ["Call the Horde"]
    cutters = [c for c in enc.creature_list() if c.id.startswith("cutter")]
    assert {(c.name, c.squad, c.minion) for c in cutters} == {("Gutterling cutter", "cutters", True)}
    assert len(cutters) == 4
    assert sum(c.stamina for c in cutters) == 4 * 4
    assert warlord.captain_of == "cutters"
    assert [c.victories for c in enc.creature_list() if c.hero] == [3, 3]
    assert malice(brawl.start_combat(enc, first_side="heroes").state) == 3 + 2 + 1


def test_the_greedy_policy_spends_the_directors_resources_on_the_warband_rb_villain_04_rb_malice_04() -> None:
    """RB-VILLAIN-04, RB-MALICE-04: a greedy fight uses villain actions between turns and Malice
    features at the start of the Director's turns; each villain action at most once."""
    fight = play(brawl.load_scenario(brawl.bundled_scenario("warband")))
    villains = [a.ability for a in fight.actions if isinstance(a, UseAbility) and a.user == "warlord"]
    villains = [v for v in villains if v in ("Drums of the Deep", "Everybody Stab!", "Last Stand")]
    assert villains
    assert len(villains) == len(set(villains))
    assert any(
        isinstance(a, brawl.actions.MaliciousStrike | brawl.actions.BrutalEffectiveness)
        for a in fight.actions
    )


# -- Director Stamina ----------------------------------------------------------------------------


def lone_boss(**kw: object) -> Encounter:
    return Encounter.create(Terrain.flat(12, 12), [hero(), boss("boss", stamina_max=30, **kw)])


def test_a_director_creature_dies_at_0_unless_knocked_out_rb_dstam_01_02() -> None:
    """RB-DSTAM-01: at 0 Stamina it dies, with no dying state; RB-DSTAM-02: the creature that
    dropped it may knock it out instead (the damage's ``knock_out``; without it, it dies: R-DIR-8)."""
    dead = brawl.damage(lone_boss(), "boss", 30, source="kira").state.creature("boss")
    assert (dead.dead, dead.stamina, dead.conditions) == (True, 0, ())
    out = brawl.damage(lone_boss(), "boss", 30, source="kira", knock_out=True).state.creature("boss")
    assert (out.dead, out.stamina, is_knocked_out(out)) == (False, 0, True)


def test_a_knocked_out_director_creature_wakes_with_1_stamina_rb_dstam_03() -> None:
    """RB-DSTAM-03: after an hour (or woken) it has 1 Stamina and is no longer unconscious."""
    enc = brawl.damage(lone_boss(), "boss", 30, source="kira", knock_out=True).state
    woke = wake(enc, "boss").state.creature("boss")
    assert (woke.stamina, is_knocked_out(woke), woke.has(ConditionName.UNCONSCIOUS)) == (1, False, False)


def test_a_hero_effect_spending_a_recovery_restores_a_third_rb_dstam_04() -> None:
    """RB-DSTAM-04: no Recoveries of its own; a hero's effect that spends one on it restores a
    third of its Stamina maximum: 10 of 30."""
    enc = lone_boss(stamina=5)
    after = brawl.spend_recovery(enc, "boss").state.creature("boss")
    assert after.stamina == 5 + 10
    with pytest.raises(ActionUnavailableError, match="DS-STAM-11"):
        brawl.verify(enc, SpendRecovery("boss", hero_effect=False))


def test_a_director_creature_is_winded_at_half_its_stamina_rb_dstam_07() -> None:
    """RB-DSTAM-07: winded at half the maximum: 15 of 30 is winded, 16 is not."""
    assert lone_boss(stamina=15).creature("boss").is_winded
    assert not lone_boss(stamina=16).creature("boss").is_winded


# -- defending monsters ---------------------------------------------------------------------------


def test_a_monster_defends_only_before_its_main_action_rb_mdef_01() -> None:
    """RB-MDEF-01: after the boss used its main action, Defend is refused by its own rule."""
    enc = boss_turn()
    assert brawl.can(enc, Defend("boss"))
    struck, _ = brawl.apply(enc, UseAbility("boss", "Cleave", ("kira",), dice=(5, 5)))
    with pytest.raises(ActionUnavailableError, match="RB-MDEF-01"):
        brawl.verify(struck, Defend("boss"))


def test_a_defending_monster_takes_no_other_main_action_rb_mdef_02() -> None:
    """RB-MDEF-02, R-DIR-9: a solo holding Solo Action's extra main action defends with it, and its turn's
    own main action is then refused."""
    enc = brawl.start_turn(solo_fight(), "chief").state
    enc, _ = brawl.apply(enc, brawl.actions.SoloAction("chief"))
    enc, _ = brawl.apply(enc, Defend("chief"))
    with pytest.raises(ActionUnavailableError, match="RB-MDEF-02"):
        brawl.apply(enc, UseAbility("chief", "Cleave", ("kira",), dice=(5, 5)))
    hero_turn = brawl.start_turn(turn(combat(), "kira"), "boss").state
    assert brawl.can(hero_turn, Defend("boss"))


# -- summons --------------------------------------------------------------------------------------


def test_a_summoned_creature_acts_right_after_its_summoner_rb_summon_01() -> None:
    """RB-SUMMON-01, R-DIR-10: the imp summoned on the boss's turn starts before the heroes' next turn."""
    enc = brawl.start_turn(turn(combat(), "kira"), "boss").state
    imp = Creature(id="imp", pos=(6, 6, 0))
    enc, events = brawl.summon(enc, "boss", imp)
    assert [e.explain() for e in events] == [
        "boss summons imp, to act right after boss (RB-SUMMON-01, RB-SUMMON-02)"
    ]
    enc = brawl.end_turn(enc).state
    assert brawl.turns.next_actors(enc) == {"director": ("imp",)}
    with pytest.raises(TurnOrderError, match="RB-SUMMON-01"):
        brawl.start_turn(enc, "ash")
    enc = turn(enc, "imp")
    assert brawl.turns.next_actors(enc) == {"heroes": ("ash",)}
    free = Creature(id="free", pos=(7, 7, 0))
    other = brawl.start_turn(turn(combat(), "kira"), "boss").state
    other = brawl.end_turn(brawl.summon(other, "boss", free, right_after=False).state).state
    assert brawl.turns.next_actors(other) == {"heroes": ("ash",)}


def test_a_summoner_summons_again_only_from_the_start_of_its_next_turn_rb_summon_02() -> None:
    """RB-SUMMON-02: a second summoning is refused until the summoner's next turn starts."""
    enc = brawl.start_turn(turn(combat(), "kira"), "boss").state
    enc = brawl.summon(enc, "boss", Creature(id="imp", pos=(6, 6, 0))).state
    with pytest.raises(ActionUnavailableError, match="RB-SUMMON-02"):
        brawl.verify(enc, brawl.actions.Summon("boss", Creature(id="imp-2", pos=(7, 7, 0))))
    enc = turn(turn(brawl.end_turn(enc).state, "imp"), "ash")
    enc = brawl.start_turn(brawl.end_round(enc).state, "kira").state
    with pytest.raises(ActionUnavailableError, match="RB-SUMMON-02"):
        brawl.verify(enc, brawl.actions.Summon("boss", Creature(id="imp-2", pos=(7, 7, 0))))
    enc = brawl.start_turn(brawl.end_turn(enc).state, "boss").state
    assert brawl.can(enc, brawl.actions.Summon("boss", Creature(id="imp-2", pos=(7, 7, 0))))


def test_past_a_turns_start_no_malice_feature_for_any_creature_r_dir_2_rb_malice_04() -> None:
    """R-DIR-2, RB-MALICE-04: once the creature whose turn it is spent anything or moved, the
    moment of a Malice feature is closed for every creature (``past_start``), so the simple
    Director offers none without asking for the acting creature; checked on every state of two
    greedy fights with Malice features."""
    bench = Path(__file__).resolve().parent.parent / "benchmarks"
    past = 0
    for name, seed in (("four_vs_six_abilities.toml", 1), ("four_vs_six.toml", 2)):
        start = brawl.load_scenario(bench / name).with_rng(brawl.Rng(seed))
        state = start
        for action in play(start, policy=greedy).actions:
            t = state.turn
            if isinstance(t, DrawSteelTurn) and t.current is not None and past_start(t.economy):
                past += 1
                for cid in state.order:
                    assert not malice_moment_open(state, cid)
                assert director_deed(state) is None
                assert pick_director(state, malice_deeds(state, t.current)) is None
            state = brawl.apply(state, action).state
    assert past >= 100


@functools.cache
def _director_turn_start() -> brawl.Encounter:
    """The first state of a greedy fight of the free-strike benchmark at the start of a Director
    creature's turn, with Malice to spend."""
    bench = Path(__file__).resolve().parent.parent / "benchmarks"
    start = brawl.load_scenario(bench / "four_vs_six.toml").with_rng(brawl.Rng(2))
    state = start
    for action in play(start, policy=greedy).actions:
        t = state.turn
        if (
            isinstance(t, DrawSteelTurn)
            and t.current is not None
            and t.economy is FRESH
            and state.creatures[t.current].side == "director"
            and t.malice >= 5
        ):
            return state
        state = brawl.apply(state, action).state
    raise AssertionError("no Director creature's turn start with Malice")


@settings(max_examples=80, deadline=None)
@given(
    main=st.integers(0, 1),
    maneuvers=st.integers(0, 2),
    moves=st.integers(0, 2),
    free_maneuvers=st.integers(0, 2),
    movement_left=st.integers(0, 3),
)
def test_the_directors_deed_past_a_turns_start_is_none_as_past_start_says_r_dir_2(
    main: int, maneuvers: int, moves: int, free_maneuvers: int, movement_left: int
) -> None:
    """R-DIR-2, RB-MALICE-04: whatever the economy of a Director creature's turn, the simple
    Director's deed is none when ``past_start`` says the turn is past its start, else the Malice
    feature it picks among those offered (an economy with nothing spent, built anew, too)."""
    state = _director_turn_start()
    t = state.turn
    assert isinstance(t, DrawSteelTurn)
    economy = TurnEconomy(main, maneuvers, moves, free_maneuvers, movement_left)
    s = state.with_turn(with_economy(t, economy))
    expected = None if past_start(economy) else pick_director(s, malice_deeds(s, t.current))  # type: ignore[arg-type]
    assert director_deed(s) == expected
    if not past_start(economy):
        assert expected is not None  # 5 Malice or more: Malicious Strike or Brutal Effectiveness


@pytest.mark.parametrize("cid", ["nobody", ["raider-1"]])
def test_the_malice_moment_of_an_unknown_creature_is_refused_unchained_rb_malice_04(cid: object) -> None:
    """RB-MALICE-04: asking the moment for a Malice feature of an id that names no creature (or
    is no id at all) is the encounter's refusal of the id, with no look-up error behind it."""
    state = _director_turn_start()
    with pytest.raises(brawl.UnknownCreatureError) as out:
        malice_moment_open(state, cid)  # type: ignore[arg-type]
    assert out.value.__context__ is None
    assert out.value.__cause__ is None
