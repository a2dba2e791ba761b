"""Surges: gained from effects and hero tokens, spent for extra damage to one target or a potency
raised by 1, lost at the end of combat (RB-SURGE-01..04, RB-HR-14)."""

from __future__ import annotations

import pytest

import brawl
from brawl import Ability, Characteristics, Creature, Encounter, Terrain, parse_tier
from brawl.abilities.model import Distance, GainResource, Target, Tier
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.abilities import PotencyChecked
from brawl.events.damage import Damaged
from brawl.events.heroes import SurgesGained, SurgesLost, SurgesSpent, TriggeredGain


def of(kind: type, events: tuple[object, ...]) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def _power(*tiers: str) -> AbilityPowerRoll:
    return AbilityPowerRoll(("agility",), tiers=tuple(parse_tier(t) for t in tiers))


CUT = Ability(
    "Twin Cut", "main action", "signature", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("creature", 2),
    power_roll=_power("2 damage", "4 damage", "6 damage"),
)  # fmt: skip
TRIP = Ability(
    "Trip", "main action", "signature", ("Melee", "Strike"),
    distance=Distance("melee", 1), target=Target("creature", 2),
    power_roll=_power("A < 0 prone", "A < 1 prone", "A < 2 prone"),
)  # fmt: skip
GAIN = Tier("gain 2 surges", (GainResource(2, "surges", "user"),))
KEEN = Ability(
    "Keen Eye", "maneuver", None, (), distance=Distance("self"), target=Target("self"),
    power_roll=AbilityPowerRoll(("agility",), tiers=(GAIN,) * 3),
)  # fmt: skip


def scene(surges: int = 3, hero_class: str = "") -> Encounter:
    """A hero with Agility 3 (its highest characteristic), two goblins with Agility 1 beside it."""
    h = Creature(id="h", side="heroes", hero=True, hero_class=hero_class, surges=surges, stamina_max=30,
                 characteristics=Characteristics(agility=3, might=1),
                 abilities=(CUT, TRIP, KEEN))  # fmt: skip
    goblins = [
        Creature(id=g, pos=pos, stamina_max=40, characteristics=Characteristics(agility=1))
        for g, pos in (("g1", (1, 0, 0)), ("g2", (0, 1, 0)))
    ]
    return Encounter.create(Terrain.flat(8, 8), [h, *goblins])


def test_the_text_gain_2_surges_RB_SURGE_01() -> None:
    """RB-SURGE-01: "the user gains 2 surges" is a gain of surges, parsed and resolved."""
    tier = parse_tier("the target gains 2 surges")
    assert tier.effects == (GainResource(2, "surges", "target"),)
    out = brawl.use_ability(scene(0), "h", "Keen Eye", dice=(5, 5))
    assert [(e.amount, e.total) for e in of(SurgesGained, out.events)] == [(2, 2)]
    assert out.state.creature("h").surges == 2


def test_each_surge_adds_the_highest_characteristic_to_one_target_RB_SURGE_02() -> None:
    """RB-SURGE-02: tier 2 (5 + 5 + 3 = 13) deals 4 to each goblin; 3 surges on g2 add 3 x 3 = 9
    to g2 alone: 4 and 13 damage, 3 surges -> 0."""
    out = brawl.use_ability(
        scene(3), "h", "Twin Cut", targets=["g1", "g2"], dice=(5, 5), surges=3, surge_target="g2"
    )
    damage = {e.target: e.base for e in of(Damaged, out.events)}
    assert damage == {"g1": 4, "g2": 4 + 9}
    (spent,) = of(SurgesSpent, out.events)
    assert (spent.amount, spent.bonus, spent.left, spent.target) == (3, 9, 0, "g2")
    assert spent.rules == ("RB-SURGE-02",)
    assert out.state.creature("h").surges == 0


def test_one_or_two_surges_add_3_or_6_and_go_to_the_first_target_by_default_RB_SURGE_02() -> None:
    """RB-SURGE-02: highest characteristic 3: 1 surge adds 3, 2 add 6, to g1, the first target."""
    for n, extra in ((1, 3), (2, 6)):
        out = brawl.use_ability(scene(3), "h", "Twin Cut", targets=["g1", "g2"], dice=(5, 5), surges=n)
        assert {e.target: e.base for e in of(Damaged, out.events)} == {"g1": 4 + extra, "g2": 4}
        assert out.state.creature("h").surges == 3 - n


def test_surges_are_refused_beyond_3_or_what_is_held_or_off_target_RB_SURGE_02() -> None:
    """RB-SURGE-02: 4 surges, more than held, a target not chosen, or an ability with no rolled
    damage are refused naming the rule."""
    with pytest.raises(InvalidArgumentError, match="RB-SURGE-02"):
        brawl.UseAbility("h", "Twin Cut", ("g1",), surges=4)
    with pytest.raises(ActionUnavailableError, match="RB-SURGE-02"):
        brawl.use_ability(scene(1), "h", "Twin Cut", targets=["g1"], dice=(5, 5), surges=2)
    with pytest.raises(InvalidArgumentError, match="RB-SURGE-02"):
        brawl.use_ability(scene(3), "h", "Twin Cut", targets=["g1"], dice=(5, 5), surges=1, surge_target="g2")
    with pytest.raises(InvalidArgumentError, match="RB-SURGE-02"):
        brawl.use_ability(scene(3), "h", "Trip", targets=["g1"], dice=(5, 5), surges=1)
    assert not brawl.can(scene(1), brawl.UseAbility("h", "Twin Cut", ("g1",), surges=2))


def test_two_surges_raise_one_targets_potency_by_1_RB_SURGE_03() -> None:
    """RB-SURGE-03: tier 2 (5 + 5 + 3 = 13): A < 1 prone; both goblins have Agility 1: g1
    resists, g2, with 2 surges spent on it, faces A < 2 and falls prone. 4 surges buy both
    targets, each +1 at most; 3 are not enough for two."""
    out = brawl.use_ability(scene(3), "h", "Trip", targets=["g1", "g2"], dice=(5, 5), potency_surges=["g2"])
    checks = {e.target: (e.potency, e.applies) for e in of(PotencyChecked, out.events)}
    assert checks == {"g1": (1, False), "g2": (2, True)}
    assert out.state.creature("g2").has("prone")
    assert not out.state.creature("g1").has("prone")
    (spent,) = of(SurgesSpent, out.events)
    assert (spent.amount, spent.purpose, spent.bonus, spent.left) == (2, "potency", 1, 1)
    assert "RB-SURGE-03" in of(PotencyChecked, out.events)[1].rules
    both = brawl.use_ability(
        scene(4), "h", "Trip", targets=["g1", "g2"], dice=(5, 5), potency_surges=["g1", "g2"]
    )
    assert [e.applies for e in of(PotencyChecked, both.events)] == [True, True]
    assert both.state.creature("h").surges == 0
    with pytest.raises(ActionUnavailableError, match="RB-SURGE-03"):
        brawl.use_ability(
            scene(3), "h", "Trip", targets=["g1", "g2"], dice=(5, 5), potency_surges=["g1", "g2"]
        )
    with pytest.raises(InvalidArgumentError, match="RB-SURGE-03"):
        brawl.use_ability(scene(3), "h", "Twin Cut", targets=["g1"], dice=(5, 5), potency_surges=["g1"])


def test_surges_are_lost_at_the_end_of_combat_RB_SURGE_04() -> None:
    """RB-SURGE-04: 3 unspent surges are gone when combat ends, with an event."""
    enc, _ = brawl.start_combat(scene(3), first_side="heroes")
    enc, events = brawl.end_combat(enc)
    assert [(e.creature, e.amount, e.rules) for e in of(SurgesLost, events)] == [("h", 3, ("RB-SURGE-04",))]
    assert enc.creature("h").surges == 0


def test_a_shadow_gains_insight_dealing_damage_with_surges_RB_HR_14() -> None:
    """RB-HR-14: the first time each round the shadow deals damage with surges: +1 insight;
    again that round: nothing."""
    enc, _ = brawl.start_combat(scene(3, "shadow"), first_side="heroes")
    enc, events = brawl.use_ability(enc, "h", "Twin Cut", targets=["g1"], dice=(5, 5), surges=1, granted=True)
    assert [(e.trigger, e.amount, e.rules) for e in of(TriggeredGain, events)] == [
        ("surge-damage", 1, ("RB-HR-14",))
    ]
    enc, events = brawl.use_ability(enc, "h", "Twin Cut", targets=["g1"], dice=(5, 5), surges=1, granted=True)
    assert of(TriggeredGain, events) == []
