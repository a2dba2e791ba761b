"""Heroic Resources by class: the nine resources, the per-turn gain by class and level, paying,
outside combat (RB-HR-01, RB-HR-02, RB-HR-05, RB-HR-06, RB-HR-08, RB-HR-18)."""

from __future__ import annotations

import attrs
import pytest

import brawl
from brawl import Ability, Characteristics, Creature, Encounter, Terrain, parse_tier
from brawl.abilities.model import Cost, Distance, GainResource, Target, Tier
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.conditions import Duration, NamedCondition
from brawl.creature import HERO_CLASSES
from brawl.errors import ActionUnavailableError, InvalidArgumentError, StateError
from brawl.events.abilities import ResourceGained, ResourceRefunded, ResourceSpent, TierReached
from brawl.events.base import DiceRolled, Note
from brawl.events.damage import Damaged
from brawl.events.dice import PowerRolled
from brawl.events.heroes import TriggeredGain
from brawl.events.turns import CriticalHit
from brawl.rules.classes import CLASSES, Gain, resource_name, turn_gain
from brawl.rules.resources import JUDGED, MARKED
from brawl.statblocks import HeroSheet
from brawl.turns import next_actors


def of(kind: type, events: tuple[object, ...]) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def hero(hero_class: str, level: int = 1, **fields: object) -> Creature:
    return Creature(id="h", side="heroes", hero=True, hero_class=hero_class, level=level, **fields)  # type: ignore[arg-type]


def test_nine_classes_nine_resources_RB_HR_01() -> None:
    """RB-HR-01: censor wrath, conduit piety, elementalist essence, fury ferocity, null
    discipline, shadow insight, tactician focus, talent clarity, troubadour drama."""
    assert {c: resource_name(hero(c)) for c in HERO_CLASSES} == {
        "censor": "wrath",
        "conduit": "piety",
        "elementalist": "essence",
        "fury": "ferocity",
        "null": "discipline",
        "shadow": "insight",
        "tactician": "focus",
        "talent": "clarity",
        "troubadour": "drama",
    }
    assert tuple(CLASSES) == HERO_CLASSES
    assert resource_name(Creature(id="x", hero=True)) == "Heroic Resource"
    with pytest.raises(StateError, match="RB-HR-01"):
        hero("wizard")


@pytest.mark.parametrize(
    ("hero_class", "at1", "at7", "at10"),
    [
        ("censor", Gain(2), Gain(3), Gain(4)),
        ("elementalist", Gain(2), Gain(3), Gain(4)),
        ("null", Gain(2), Gain(3), Gain(4)),
        ("tactician", Gain(2), Gain(3), Gain(4)),
        ("conduit", Gain(1, 3), Gain(1, 3, 1), Gain(1, 3, 1)),
        ("fury", Gain(1, 3), Gain(1, 3, 1), Gain(1, 3, 1)),
        ("shadow", Gain(1, 3), Gain(1, 3, 1), Gain(1, 3, 1)),
        ("troubadour", Gain(1, 3), Gain(1, 3, 1), Gain(1, 3, 1)),
        ("talent", Gain(1, 3), Gain(1, 3, 1), Gain(1, 3, 2)),
    ],
)
def test_the_per_turn_gain_by_class_and_level_RB_HR_05_RB_HR_06(
    hero_class: str, at1: Gain, at7: Gain, at10: Gain
) -> None:
    """RB-HR-05, RB-HR-06: 2 / 3 / 4 at 1st / 7th / 10th for censor, elementalist, null,
    tactician; 1d3, 1d3 + 1 from 7th for conduit, fury, shadow, troubadour; the talent 1d3,
    1d3 + 1, 1d3 + 2. 6th level is still the 1st-level gain, 9th the 7th's."""
    assert [turn_gain(hero(hero_class, lv))[0] for lv in (1, 6, 7, 9, 10)] == [at1, at1, at7, at7, at10]
    assert turn_gain(hero(hero_class, 7))[1] == ("RB-HR-05", "RB-HR-06")


def test_the_sheets_own_gain_still_wins_R_ABIL_13() -> None:
    """R-ABIL-13 over RB-HR-05: a censor whose sheet says "1d3" gains 1d3, not 2."""
    assert turn_gain(hero("censor", resource_gain="1d3")) == (Gain(1, 3), ("R-ABIL-13",))


def duel(h: Creature) -> Encounter:
    return Encounter(creatures=(h, Creature(id="gob", pos=(6, 0, 0))))


def test_a_censor_gains_2_wrath_and_a_7th_level_one_3_RB_HR_05_RB_HR_06() -> None:
    """RB-HR-05, RB-HR-06: the event names the class's resource: "h gains 2 wrath"."""
    enc, _ = brawl.start_combat(duel(hero("censor")), first_side="heroes")
    enc, events = brawl.start_turn(enc, "h")
    (gain,) = of(ResourceGained, events)
    assert (gain.amount, gain.total, gain.resource, gain.rules) == (2, 2, "wrath", ("RB-HR-05",))
    assert gain.explain() == "h gains 2 wrath (2 in all) (RB-HR-05)"
    enc, _ = brawl.start_combat(duel(hero("censor", 7)), first_side="heroes")
    enc, events = brawl.start_turn(enc, "h")
    assert [(g.amount, g.rules) for g in of(ResourceGained, events)] == [(3, ("RB-HR-05", "RB-HR-06"))]


def test_a_10th_level_talent_gains_1d3_plus_2_clarity_RB_HR_06() -> None:
    """RB-HR-06: the d3 comes from the RNG and 2 is added: the gain is the face + 2."""
    enc, _ = brawl.start_combat(duel(hero("talent", 10)), first_side="heroes")
    enc, events = brawl.start_turn(enc, "h")
    (die,) = [e for e in of(DiceRolled, events) if e.purpose == "Heroic Resource gain"]
    (gain,) = of(ResourceGained, events)
    assert (gain.amount, gain.resource) == (die.values[0] + 2, "clarity")
    assert enc.creature("h").heroic_resource == die.values[0] + 2


def test_victories_arrive_as_the_classs_resource_RB_HR_04_RB_HR_01() -> None:
    """RB-HR-04 with RB-HR-01: a fury with 2 Victories starts combat with 2 ferocity."""
    _, events = brawl.start_combat(duel(hero("fury", victories=2)), first_side="heroes")
    assert [(g.amount, g.resource) for g in of(ResourceGained, events)] == [(2, "ferocity")]


def test_the_hero_sheet_names_its_class() -> None:
    """RB-HR-01: a sheet's class reaches the hero it builds."""
    sheet = HeroSheet(name="Kira", stamina=30, hero_class="censor")
    assert sheet.creature("kira").hero_class == "censor"
    with pytest.raises(StateError, match="RB-HR-01"):
        HeroSheet(name="Kira", stamina=30, hero_class="paladin")


SMITE = Ability(
    "Smite", "main action", "heroic", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("creature", 1), cost=Cost("heroic", 3, "3 Wrath"),
    power_roll=AbilityPowerRoll(("might",), tiers=tuple(parse_tier(f"{n} damage") for n in (3, 6, 9))),
)  # fmt: skip


def _glare(cost: Cost) -> Ability:
    return Ability(
        "Binding Glare", "main action", "heroic", ("Magic", "Ranged"),
        distance=Distance("ranged", 5), target=Target("creature", 1), cost=cost,
        power_roll=AbilityPowerRoll(("reason",), tiers=tuple(parse_tier(t) for t in (
            "M < 0 slowed (EoT)", "M < 1 slowed (EoT)", "M < 2 slowed (save ends)"))),
    )  # fmt: skip


GLARE = _glare(Cost("malice", 3))
GLARE_HERO = _glare(Cost("heroic", 3, "3 Wrath"))


def smiter(resource: int) -> Encounter:
    h = hero("censor", heroic_resource=resource, abilities=(SMITE,), characteristics=Characteristics(might=2))
    return Encounter(creatures=(h, Creature(id="gob", pos=(1, 0, 0), stamina_max=30)))


def test_paying_a_heroic_ability_RB_HR_02() -> None:
    """RB-HR-02: with 3 wrath the 3-wrath Smite is paid first (3 -> 0), its event naming wrath;
    with 2 it can't be used at all, on or off the hero's turn."""
    enc, _ = brawl.start_combat(smiter(3), first_side="heroes")
    enc, _ = brawl.start_turn(enc, "h")  # +2 wrath: 5
    out = brawl.use_ability(enc, "h", "Smite", targets=["gob"], dice=(5, 5))
    (spent,) = of(ResourceSpent, out.events)
    assert (spent.amount, spent.left, spent.named) == (3, 2, "wrath")
    assert "h spends 3 wrath on Smite (2 left)" in spent.explain()
    assert out.events.index(spent) < 2  # paid before the ability activates
    poor, _ = brawl.start_combat(smiter(0), first_side="heroes")
    poor, _ = brawl.start_turn(poor, "h")  # 2 wrath
    with pytest.raises(ActionUnavailableError, match="costs 3 Heroic Resource, 2 left"):
        brawl.use_ability(poor, "h", "Smite", targets=["gob"], dice=(5, 5))
    with pytest.raises(ActionUnavailableError, match="costs 3"):
        brawl.use_ability(poor, "h", "Smite", targets=["gob"], dice=(5, 5), granted=True)


def test_outside_combat_a_heroic_ability_is_used_once_without_spending_RB_HR_08() -> None:
    """RB-HR-08: outside combat Smite is used with 0 wrath, nothing spent; a second use is refused
    until the hero earns a Victory or finishes a respite."""
    enc = smiter(0)
    out = brawl.use_ability(enc, "h", "Smite", targets=["gob"], dice=(5, 5))
    assert of(ResourceSpent, out.events) == []
    (note,) = [n for n in of(Note, out.events) if "RB-HR-08" in n.rules]
    assert "without spending" in note.text
    assert out.state.creature("h").heroic_resource == 0
    with pytest.raises(ActionUnavailableError, match="RB-HR-08"):
        brawl.use_ability(out.state, "h", "Smite", targets=["gob"], dice=(5, 5))
    for again in (brawl.verbs.earn_victories(out.state, "h", 1), brawl.verbs.finish_respite(out.state, "h")):
        assert again.state.creature("h").heroic_used_outside == frozenset()
        brawl.use_ability(again.state, "h", "Smite", targets=["gob"], dice=(5, 5))


GAIN = Tier("you gain 2 wrath", (GainResource(2, "heroic", "user", "wrath"),))


def test_outside_combat_no_resource_is_gained_RB_HR_08() -> None:
    """RB-HR-08: an ability's "gain 2 wrath" outside combat gives nothing, with a note."""
    rally = Ability(
        "Rally", "maneuver", None, (), distance=Distance("self"), target=Target("self"),
        power_roll=AbilityPowerRoll(("might",), tiers=(GAIN,) * 3),
    )  # fmt: skip
    enc = duel(hero("censor", abilities=(rally,)))
    out = brawl.use_ability(enc, "h", "Rally", dice=(5, 5))
    assert of(ResourceGained, out.events) == []
    assert any("RB-HR-08" in n.rules for n in of(Note, out.events))
    enc, _ = brawl.start_combat(enc, first_side="heroes")
    out = brawl.use_ability(enc, "h", "Rally", dice=(5, 5), granted=True)
    assert [(g.amount, g.resource) for g in of(ResourceGained, out.events)] == [(2, "wrath")]


# --- the class triggers (RB-HR-09..17) ----------------------------------------------------------
def triggered(events: tuple[object, ...], who: str = "h") -> list[tuple[str, int, tuple[str, ...]]]:
    return [(e.trigger, e.amount, e.rules) for e in of(TriggeredGain, events) if e.creature == who]


def in_combat(*creatures: Creature, first: str = "heroes") -> Encounter:
    out = brawl.start_combat(Encounter.create(Terrain.flat(12, 12), list(creatures)), first_side=first)
    return out.state


def next_round(enc: Encounter) -> Encounter:
    """Every creature that may act takes an empty turn, then the round ends."""
    while actors := [cid for ids in next_actors(enc).values() for cid in ids]:
        enc, _ = brawl.start_turn(enc, actors[0])
        enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.end_round(enc)
    return enc


GOB = Creature(id="gob", pos=(2, 0, 0), stamina_max=30)


def test_a_fury_gains_1_ferocity_the_first_time_each_round_it_takes_damage_RB_HR_12() -> None:
    """RB-HR-12: 3 damage then 2 more in round 1: +1 once; in round 2 +1 again."""
    enc = in_combat(hero("fury", stamina_max=30), GOB)
    enc, events = brawl.damage(enc, "h", 3, source="gob")
    assert triggered(events) == [("damaged", 1, ("RB-HR-12",))]
    (gain,) = of(TriggeredGain, events)
    assert gain.explain() == "h gains 1 ferocity (1 in all): it takes damage (RB-HR-12)"
    enc, events = brawl.damage(enc, "h", 2, source="gob")
    assert triggered(events) == []
    assert enc.creature("h").heroic_resource == 1
    enc = next_round(enc)
    before = enc.creature("h").heroic_resource
    enc, events = brawl.damage(enc, "h", 1, source="gob")
    assert triggered(events) == [("damaged", 1, ("RB-HR-12",))]
    assert enc.creature("h").heroic_resource == before + 1


def test_a_fury_gains_1d3_the_first_time_in_an_encounter_it_is_winded_or_dying_RB_HR_12() -> None:
    """RB-HR-12: 16 damage of 30 makes it winded: +1 (damage) and +1d3 (winded); winded again in
    round 2, or dying, gives no more d3."""
    enc = in_combat(hero("fury", stamina_max=30), GOB)
    enc, events = brawl.damage(enc, "h", 16, source="gob")
    (die,) = [e for e in of(DiceRolled, events) if e.purpose == "Heroic Resource gain"]
    assert triggered(events) == [
        ("damaged", 1, ("RB-HR-12",)),
        ("winded-or-dying", die.values[0], ("RB-HR-12",)),
    ]
    assert enc.creature("h").heroic_resource == 1 + die.values[0]
    enc = next_round(enc)
    enc, _ = brawl.regain_stamina(enc, "h", 30)
    enc, events = brawl.damage(enc, "h", 40, source="gob")  # winded and dying
    assert [t for t, _, _ in triggered(events)] == ["damaged"]


def test_a_censor_gains_wrath_from_the_creature_it_judged_RB_HR_09() -> None:
    """RB-HR-09: +1 the first time each round the judged goblin damages it, +1 the first time it
    damages the judged goblin; an unjudged goblin gives nothing."""
    judged = attrs.evolve(
        GOB, named_conditions=(NamedCondition(JUDGED, Duration.END_OF_ENCOUNTER, source="h"),)
    )
    other = Creature(id="orc", pos=(0, 2, 0), stamina_max=30)
    enc = in_combat(hero("censor", stamina_max=30), judged, other)
    enc, events = brawl.damage(enc, "h", 2, source="orc")
    assert triggered(events) == []
    enc, events = brawl.damage(enc, "h", 2, source="gob")
    assert triggered(events) == [("judged-damages", 1, ("RB-HR-09",))]
    enc, events = brawl.damage(enc, "gob", 2, source="h")
    assert triggered(events) == [("damages-judged", 1, ("RB-HR-09",))]
    enc, events = brawl.damage(enc, "gob", 2, source="h")
    assert triggered(events) == []
    assert enc.creature("h").heroic_resource == 2


def test_an_elementalist_gains_essence_from_typed_damage_within_10_RB_HR_11() -> None:
    """RB-HR-11: untyped and holy damage give nothing, a creature 11 squares away neither; fire
    damage to the goblin 2 squares away gives 1, once that round."""
    far = Creature(id="far", pos=(11, 0, 0), stamina_max=30)
    enc = in_combat(hero("elementalist", stamina_max=30), GOB, far)
    for target, kind in (("gob", None), ("gob", "holy"), ("far", "fire")):
        enc, events = brawl.damage(enc, target, 2, kind)
        assert triggered(events) == []
    enc, events = brawl.damage(enc, "gob", 2, "fire")
    assert triggered(events) == [("typed-damage", 1, ("RB-HR-11",))]
    enc, events = brawl.damage(enc, "h", 2, "cold")
    assert triggered(events) == []


def test_a_talent_gains_clarity_when_any_creature_is_force_moved_RB_HR_16() -> None:
    """RB-HR-16: the goblin pushed 2 squares: +1; pushed again that round: nothing."""
    enc = in_combat(hero("talent", stamina_max=30), GOB, Creature(id="orc", pos=(1, 0, 0)))
    enc, events = brawl.push(enc, "orc", "gob", 2)
    assert triggered(events) == [("force-moved", 1, ("RB-HR-16",))]
    enc, events = brawl.push(enc, "orc", "gob", 1)
    assert triggered(events) == []


def test_a_null_gains_discipline_when_the_director_spends_malice_RB_HR_13() -> None:
    """RB-HR-13: the ogre's 3-Malice Binding Glare gives the null 1 discipline."""
    ogre = Creature(id="ogre", pos=(4, 0, 0), abilities=(GLARE,), characteristics=Characteristics(reason=2))
    enc = in_combat(hero("null", stamina_max=30), ogre, first="director")
    enc = enc.with_turn(attrs.evolve(enc.turn, malice=5))  # type: ignore[misc]
    enc, _ = brawl.start_turn(enc, "ogre")
    enc, events = brawl.use_ability(enc, "ogre", "Binding Glare", targets=["h"], dice=(5, 5))
    assert triggered(events) == [("malice", 1, ("RB-HR-13",))]


def test_a_tactician_gains_focus_from_its_mark_and_an_allys_heroic_ability_RB_HR_15() -> None:
    """RB-HR-15: the ally damages the goblin the tactician marked: +1; the ally 3 squares away
    uses a heroic ability: +1; a second heroic ability that round: nothing."""
    marked = attrs.evolve(
        GOB, named_conditions=(NamedCondition(MARKED, Duration.END_OF_ENCOUNTER, source="h"),)
    )
    ally = Creature(id="ally", side="heroes", hero=True, pos=(3, 0, 0), heroic_resource=9, abilities=(SMITE,),
                    stamina_max=30)  # fmt: skip
    enc = in_combat(hero("tactician", stamina_max=30), marked, ally)
    enc, events = brawl.damage(enc, "gob", 2, source="ally")
    assert triggered(events) == [("marked-damaged", 1, ("RB-HR-15",))]
    enc, events = brawl.use_ability(enc, "ally", "Smite", targets=["gob"], dice=(5, 5), granted=True)
    assert triggered(events) == [("ally-heroic", 1, ("RB-HR-15",))]
    enc, events = brawl.use_ability(enc, "ally", "Smite", targets=["gob"], dice=(5, 5), granted=True)
    assert triggered(events) == []


def test_a_troubadour_gains_drama_RB_HR_17() -> None:
    """RB-HR-17: +2 the first time a hero is winded in the encounter (not the second), +3 for
    every natural 19 or 20 in its line of effect, +10 when a hero dies."""
    ally = Creature(id="ally", side="heroes", hero=True, pos=(1, 1, 0), stamina_max=20, abilities=(SMITE,),
                    heroic_resource=9)  # fmt: skip
    enc = in_combat(hero("troubadour", stamina_max=30), GOB, ally)
    enc, events = brawl.damage(enc, "ally", 12)
    assert triggered(events) == [("hero-winded", 2, ("RB-HR-17",))]
    enc, events = brawl.damage(enc, "h", 20)
    assert triggered(events) == []
    enc, events = brawl.use_ability(enc, "ally", "Smite", targets=["gob"], dice=(10, 9), granted=True)
    assert triggered(events) == [("natural-19-20", 3, ("RB-HR-17",))]
    enc, events = brawl.use_ability(enc, "ally", "Smite", targets=["gob"], dice=(10, 10), granted=True)
    assert triggered(events) == [("natural-19-20", 3, ("RB-HR-17",))]
    enc, events = brawl.damage(enc, "ally", 40)
    assert triggered(events) == [("hero-died", 10, ("RB-HR-17",))]
    assert enc.creature("h").heroic_resource == 2 + 3 + 3 + 10


def test_no_trigger_outside_combat_RB_HR_08() -> None:
    """RB-HR-08: outside combat a fury taking damage gains nothing."""
    _, events = brawl.damage(Encounter(creatures=(hero("fury", stamina_max=30), GOB)), "h", 3, source="gob")
    assert triggered(events) == []


def test_a_resisted_potency_refunds_the_classs_resource_RB_HR_18() -> None:
    """RB-HR-18: Binding Glare's 3 wrath buys only a slow both Might-3 goblins resist at tier 3
    (M < 2): the 3 come back, 3 -> 0 -> 3."""
    h = hero("censor", heroic_resource=3, abilities=(GLARE_HERO,), characteristics=Characteristics(reason=2))
    g1 = Creature(id="g1", pos=(3, 0, 0), characteristics=Characteristics(might=3))
    out = brawl.use_ability(Encounter(creatures=(h, g1)), "h", "Binding Glare", targets=["g1"], dice=(10, 10))
    (back,) = of(ResourceRefunded, out.events)
    assert (back.amount, back.total) == (3, 3)
    assert out.state.creature("h").heroic_resource == 3


# --- RB-CRIT-06 ---------------------------------------------------------------------------------
def test_an_automatic_tier_still_rolls_for_a_critical_hit_RB_CRIT_06() -> None:
    """RB-CRIT-06 with RB3-AUTOMATIC: an automatic tier 1 on Smite with natural 19 (10 + 9) is still a
    critical hit (and tier 3 by R-DICE-1); an automatic tier 3 on 1 + 2 is tier 3 and no critical hit."""
    enc, _ = brawl.start_combat(smiter(9), first_side="heroes")
    enc, _ = brawl.start_turn(enc, "h")
    out = brawl.use_ability(enc, "h", "Smite", targets=["gob"], dice=(10, 9), automatic_tier=1)
    (crit,) = of(CriticalHit, out.events)
    assert (crit.creature, crit.natural) == ("h", 19)
    assert "RB-CRIT-06" in crit.rules
    (roll,) = of(PowerRolled, out.events)
    assert (roll.automatic_tier, roll.tier) == (1, 3)
    out = brawl.use_ability(enc, "h", "Smite", targets=["gob"], dice=(1, 2), automatic_tier=3)
    assert of(CriticalHit, out.events) == []
    assert [e.tier for e in of(TierReached, out.events)] == [3]
    with pytest.raises(InvalidArgumentError, match="RB3-AUTOMATIC"):
        brawl.UseAbility("h", "Smite", ("gob",), automatic_tier=4)


def test_a_talent_spends_clarity_below_0_and_takes_strain_damage_RB_HR_16_RB_HR_07() -> None:
    """RB-HR-16: a talent with Reason 2 may go down to -(1 + 2) = -3: with 0 clarity a 3-cost
    ability takes it to -3, a 4-cost one is refused; at the end of its turn it takes 3 damage; a
    censor can't go below 0. RB-HR-07: at the end of combat -3 resets to 0."""
    talent = hero(
        "talent", characteristics=Characteristics(might=2, reason=2), abilities=(SMITE,), stamina_max=30
    )
    enc = in_combat(talent, attrs.evolve(GOB, pos=(1, 0, 0)))
    enc, _ = brawl.start_turn(enc, "h")
    enc = enc.update_creature("h", heroic_resource=0)  # the d3 of the turn set aside
    enc, _ = brawl.use_ability(enc, "h", "Smite", targets=["gob"], dice=(5, 5))
    assert enc.creature("h").heroic_resource == -3
    with pytest.raises(StateError, match="RB-HR-16"):
        enc.update_creature("h", heroic_resource=-4)
    with pytest.raises(StateError, match="RB-HR-16"):
        hero("censor", heroic_resource=-1)
    enc, events = brawl.end_turn(enc)
    (strain,) = [e for e in of(Damaged, events) if "RB-HR-16" in e.rules]
    assert (strain.target, strain.base) == ("h", 3)
    assert enc.creature("h").stamina == 30 - 3
    enc, events = brawl.end_combat(enc)
    assert "h's negative clarity (-3) resets to 0" in [n.text for n in of(Note, events)]
    assert enc.creature("h").heroic_resource == 0


def test_a_talent_at_its_floor_cant_pay_more_RB_HR_16() -> None:
    """RB-HR-16: at -1 with Reason 0 (floor -1), a 3-cost ability is refused."""
    talent = hero("talent", heroic_resource=-1, abilities=(SMITE,), stamina_max=30)
    enc = in_combat(talent, attrs.evolve(GOB, pos=(1, 0, 0)))
    enc = enc.update_creature("h", heroic_resource=-1)
    with pytest.raises(ActionUnavailableError, match="costs 3"):
        brawl.use_ability(enc, "h", "Smite", targets=["gob"], dice=(5, 5), granted=True)


def test_a_conduit_prays_before_its_gain_RB_HR_10() -> None:
    """RB-HR-10: the prayer's d3 comes before the 1d3 gain: on a 1, +1 piety and psychic damage
    1d6 + level (3rd level) that its psychic immunity 2 doesn't reduce; on a 2, +1; on a 3, +2
    and the domain's effect for the table. A hero not a conduit can't pray."""
    seen: dict[int, tuple[int, int]] = {}
    for seed in range(40):
        conduit = hero("conduit", 3, stamina_max=40, immunities={"psychic": 2})
        enc = Encounter.create(Terrain.flat(8, 8), [conduit, GOB], seed=seed)
        enc, _ = brawl.start_combat(enc, first_side="heroes")
        enc, events = brawl.start_turn(enc, "h", pray=True)
        prayer, *rest = [e for e in of(DiceRolled, events) if e.purpose in ("prayer", "Heroic Resource gain")]
        assert (prayer.purpose, prayer.dice) == ("prayer", "d3")
        face = prayer.values[0]
        gains = of(ResourceGained, events)
        assert gains[0].amount == (2 if face == 3 else 1)
        assert gains[0].rules == ("RB-HR-10",)
        assert gains[1].amount == rest[-1].values[0]  # then the turn's 1d3
        hurt = [e for e in of(Damaged, events) if "RB-HR-10" in e.rules]
        if face == 1:
            (d6,) = [e for e in of(DiceRolled, events) if e.purpose == "prayer's psychic damage"]
            assert hurt[0].stamina_lost == d6.values[0] + 3
        else:
            assert hurt == []
        assert (face == 3) == any("domain" in n.text for n in of(Note, events))
        seen[face] = (gains[0].amount, len(hurt))
    assert set(seen) == {1, 2, 3}
    with pytest.raises(InvalidArgumentError, match="RB-HR-10"):
        brawl.start_turn(in_combat(hero("fury"), GOB), "h", pray=True)


def test_a_shadows_heroic_ability_costs_1_less_with_an_edge_RB_HR_14() -> None:
    """RB-HR-14: the shadow's 3-insight Smite against a restrained goblin (an edge) costs 2: 5 -> 2
    -> 3; against a free goblin it costs 3; a censor gets nothing back for its edge."""
    held = attrs.evolve(GOB, pos=(1, 0, 0), conditions=(brawl.Condition("restrained", source="x"),))
    for cls, with_edge, left in (("shadow", True, 3), ("shadow", False, 2), ("censor", True, 2)):
        target = held if with_edge else attrs.evolve(GOB, pos=(1, 0, 0))
        h = hero(cls, heroic_resource=5, abilities=(SMITE,), characteristics=Characteristics(might=2))
        out = brawl.use_ability(
            in_combat(h, target), "h", "Smite", targets=["gob"], dice=(5, 5), granted=True
        )
        assert out.state.creature("h").heroic_resource == left, (cls, with_edge)
        back = [e for e in of(ResourceRefunded, out.events) if "RB-HR-14" in e.rules]
        assert [e.amount for e in back] == ([1] if left == 3 else [])
