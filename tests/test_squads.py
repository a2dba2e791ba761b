"""Minion squads and captains: the shared Stamina pool, its deaths, the captain's benefit, the
shared turn and the squad's signature attack (RB-SQUAD-01..21, RB-CAPT-01..06)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

import brawl
from brawl.abilities.model import Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.creature import CaptainBenefit
from brawl.events.base import DiceRolled
from brawl.events.damage import Damaged, Died
from brawl.events.dice import PowerRolled
from brawl.events.squads import SquadPoolChanged
from brawl.events.stealth import SearchContested
from brawl.events.turns import CriticalHit
from brawl.geometry import Pos
from brawl.rules import squads as squad_rules
from brawl.rules.damage import damage_many, deal_damage
from brawl.statblocks import StatBlock, load_statblocks, loads_statblocks
from brawl.statblocks.model import captain_benefit
from brawl.turns.deeds import actor_of
from brawl.turns.drawsteel_turn import DrawSteelTurn

DATA = Path(__file__).parent / "data" / "statblocks"

SPINECLEAVER = 5
"""The goblin spinecleaver's Stamina: a squad of eight holds a pool of 40 (RB-SQUAD-03)."""


def encounter(*creatures: brawl.Creature) -> brawl.Encounter:
    return brawl.Encounter.create(brawl.Terrain.flat(20, 20), creatures)


def spinecleavers(count: int = 8, squad: str = "cleavers", **kw: object) -> list[brawl.Creature]:
    """``count`` spinecleavers in a row along y = 0, ``gob-0`` at x = 0."""
    return [
        brawl.Creature(
            id=f"gob-{i}",
            name="Goblin Spinecleaver",
            stamina_max=SPINECLEAVER,
            minion=True,
            squad=squad,
            pos=(i * 2, 0, 0),
            **kw,  # type: ignore[arg-type]
        )
        for i in range(count)
    ]


def kira(**kw: object) -> brawl.Creature:
    base: dict[str, object] = {"hero": True, "stamina_max": 30, "recoveries": 8, "pos": (5, 5, 0)}
    base.update(kw)
    return brawl.Creature(id="kira", side=brawl.HEROES, **base)  # type: ignore[arg-type]


def living(enc: brawl.Encounter) -> list[str]:
    return [c.id for c in enc.creature_list() if c.minion and not c.dead]


def assert_pool_rules(enc: brawl.Encounter) -> None:
    """R-SQUAD-1's representation: the pool is the living members' Stamina, every member full but
    at most one, the living ``ceil(pool / one minion's Stamina)``; no minion is winded (RB-SQUAD-05)."""
    for name in squad_rules.squads(enc):
        members = squad_rules.members(enc, name)
        each = members[0].stamina_max
        total = squad_rules.pool(enc, name)
        assert total == sum(c.stamina for c in members)
        assert len(members) == math.ceil(total / each)
        assert sum(c.stamina < each for c in members) <= 1
        assert all(0 < c.stamina <= each for c in members)
    for c in enc.creature_list():
        if c.minion:
            assert not c.is_winded
            if c.dead:
                assert c.stamina == 0


# --- the pool (RB-SQUAD-03..08) ------------------------------------------------------------------
def test_spinecleavers_pool_of_40_loses_a_minion_at_35_30_and_0() -> None:
    """RB-SQUAD-03, RB-SQUAD-06: eight spinecleavers of Stamina 5 hold a pool of 40 and lose one
    minion at 35, 30, 25, ... 0."""
    enc = encounter(*spinecleavers())
    assert squad_rules.pool(enc, "cleavers") == 40
    alive = []
    for _ in range(40):
        enc, _events = deal_damage(enc, living(enc)[0], 1)
        alive.append(len(living(enc)))
        assert_pool_rules(enc)
    # after 5, 10, ... 40 damage one more minion is gone
    assert alive[4::5] == [7, 6, 5, 4, 3, 2, 1, 0]
    assert alive[3] == 8
    assert squad_rules.pool(enc, "cleavers") == 0


def test_nine_damage_to_a_minion_of_four_kills_one_more_nearest() -> None:
    """RB-SQUAD-04, RB-SQUAD-06, RB-SQUAD-09, R-SQUAD-3: 9 damage to one minion of a squad of four of
    Stamina 4 (pool 16) leaves 7: two minions die, the one hit and the one nearest it."""
    four = [
        brawl.Creature(id=f"m{i}", name="Rat", stamina_max=4, minion=True, squad="rats", pos=p)
        for i, p in enumerate([(0, 0, 0), (9, 9, 0), (2, 0, 0), (5, 0, 0)])
    ]
    enc, events = deal_damage(encounter(*four), "m0", 9)
    assert living(enc) == ["m1", "m3"]
    assert squad_rules.pool(enc, "rats") == 7
    pool_event = next(e for e in events if isinstance(e, SquadPoolChanged))
    assert (pool_event.before, pool_event.after, pool_event.died) == (16, 7, ("m0", "m2"))
    assert "RB-SQUAD-09" in pool_event.rules
    assert {e.creature for e in events if isinstance(e, Died)} == {"m0", "m2"}
    assert_pool_rules(enc)


def test_a_minion_at_2_of_4_is_never_winded() -> None:
    """RB-SQUAD-05: a minion whose squad's pool leaves it 2 of 4 Stamina is not winded."""
    four = [
        brawl.Creature(id=f"m{i}", stamina_max=4, minion=True, squad="rats", pos=(i, 0, 0)) for i in range(2)
    ]
    enc, events = deal_damage(encounter(*four), "m0", 2)
    assert enc.creature("m0").stamina == 2
    assert not enc.creature("m0").is_winded
    assert "winded" not in brawl.explain(events)


def test_the_attacker_chooses_which_minion_dies() -> None:
    """RB-SQUAD-07, R-SQUAD-3: of the minions the damage hit, the attacker picks which one dies; the
    default is the first hit."""
    enc = encounter(*spinecleavers(3))
    once, _ = damage_many(enc, ["gob-0", "gob-2"], 3, area=True)
    assert living(once) == ["gob-1", "gob-2"]  # 6 off 15 leaves 9: one dies, the first hit
    chose, _ = damage_many(enc, ["gob-0", "gob-2"], 3, area=True, chosen=["gob-2"])
    assert living(chose) == ["gob-0", "gob-1"]
    picked, _ = deal_damage(enc, "gob-2", 5, chosen=["gob-0"])
    assert living(picked) == ["gob-0", "gob-1"]  # only the hit one: the choice is among the hit
    enc2, _ = brawl.damage(enc, "gob-1", 10, chosen=["gob-2"])
    assert living(enc2) == ["gob-0"]  # gob-1 hit, then the attacker's pick among the nearest


def test_a_removed_minion_dies_at_0_stamina_for_triggers() -> None:
    """RB-SQUAD-08: a minion removed by the pool is reduced to 0 Stamina and dies."""
    enc, events = deal_damage(encounter(*spinecleavers(3)), "gob-0", 10)
    assert enc.creature("gob-1").dead
    assert enc.creature("gob-1").stamina == 0
    died = [e for e in events if isinstance(e, Died)]
    assert [d.creature for d in died] == ["gob-0", "gob-1"]
    assert all("RB-SQUAD-08" in d.rules for d in died)


def test_a_minion_of_a_squad_is_never_knocked_out_r_squad_6() -> None:
    """R-SQUAD-6, RB-SQUAD-08, DS-STAM-13: damage that would knock a creature out rather than kill
    it still removes the minions the pool loses: 10 to a squad of three 5-Stamina spinecleavers
    kills two, none unconscious."""
    enc, _ = deal_damage(encounter(*spinecleavers(3)), "gob-0", 10, knock_out=True)
    removed = [enc.creature(c) for c in ("gob-0", "gob-1")]
    assert [c.dead for c in removed] == [True, True]
    assert all(not c.conditions for c in removed)
    assert enc.creature("gob-2").stamina == 5


# --- area damage (RB-SQUAD-10..12) ---------------------------------------------------------------
def test_six_area_damage_to_three_spinecleavers_takes_15_off_40() -> None:
    """RB-SQUAD-10, RB-SQUAD-11: 6 damage to each of three Stamina-5 spinecleavers in the area
    takes 15 from the pool of 40, not 18; only those three die."""
    enc, events = damage_many(encounter(*spinecleavers()), ["gob-0", "gob-3", "gob-7"], 6, area=True)
    assert squad_rules.pool(enc, "cleavers") == 25
    assert living(enc) == ["gob-1", "gob-2", "gob-4", "gob-5", "gob-6"]
    assert_pool_rules(enc)
    pool_event = next(e for e in events if isinstance(e, SquadPoolChanged))
    assert {"RB-SQUAD-10", "RB-SQUAD-11"} <= set(pool_event.rules)


def test_area_damage_one_by_one_also_takes_15() -> None:
    """RB-SQUAD-10, RB-SQUAD-11: the same area dealt to each minion in turn (as an ability's
    effects do) takes the same 15."""
    enc = encounter(*spinecleavers())
    for target in ("gob-0", "gob-3", "gob-7"):
        enc, _ = deal_damage(enc, target, 6, area=True)
    assert squad_rules.pool(enc, "cleavers") == 25
    assert len(living(enc)) == 5


def test_area_damage_kills_only_minions_inside_it() -> None:
    """RB-SQUAD-10, R-SQUAD-2: 4 area damage to one minion carrying 2 of a pool of 37 kills it alone."""
    enc, _ = deal_damage(encounter(*spinecleavers()), "gob-0", 3)  # pool 37: gob-0 carries 2
    enc, _ = deal_damage(enc, "gob-5", 4, area=True)
    assert squad_rules.pool(enc, "cleavers") == 33
    assert living(enc) == [f"gob-{i}" for i in range(8) if i != 5]
    assert enc.creature("gob-0").stamina == 3
    assert_pool_rules(enc)


def test_weakness_and_immunity_apply_once_per_squad_last() -> None:
    """RB-SQUAD-12: fire weakness 3 adds 3 once to the squad's total, not 3 to each minion;
    fire immunity 5 takes 5 off the total once."""
    weak = encounter(*spinecleavers(weaknesses={"fire": 3}))
    enc, events = damage_many(weak, ["gob-0", "gob-1"], 2, "fire", area=True)
    assert squad_rules.pool(enc, "cleavers") == 40 - (2 + 2 + 3)
    assert "RB-SQUAD-12" in next(e for e in events if isinstance(e, Damaged)).rules
    strong = encounter(*spinecleavers(immunities={"fire": 5}))
    enc, _ = damage_many(strong, ["gob-0", "gob-1", "gob-2"], 4, "fire", area=True)
    assert squad_rules.pool(enc, "cleavers") == 40 - (4 * 3 - 5)


FIRE_BURST = brawl.Ability(
    "Fire Burst", "main action", "signature", ("Area", "Magic"),
    distance=Distance("burst", 3), target=Target("each enemy", None),
    power_roll=AbilityPowerRoll(bonus=0, tiers=tuple(
        brawl.parse_tier(t) for t in ("2 fire damage", "2 fire damage", "2 fire damage")
    )),
)  # fmt: skip
"""An area ability dealing 2 fire at every tier."""


def test_an_area_ability_applies_the_squads_weakness_once() -> None:
    """RB-SQUAD-10, RB-SQUAD-12, R-SQUAD-9: Kira's burst deals 2 fire to two spinecleavers with fire weakness
    3 and one minion of another squad: the squad's pool loses 2 + 2 + 3 = 7 (33 left, 7 alive),
    not 5 + 5; the other squad's minion takes 2 + 3 = 5 of its own."""
    weak = spinecleavers(2, weaknesses={"fire": 3})
    other = attrs.evolve(weak[0], id="lone", squad="others", pos=Pos(1, 2, 0))
    enc = encounter(*weak, *spinecleavers(8, weaknesses={"fire": 3})[2:], other, kira(pos=(0, 1, 0)))
    enc = enc.with_creature(attrs.evolve(enc.creature("kira"), abilities=(FIRE_BURST,)))
    after, events = brawl.use_ability(enc, "kira", "Fire Burst", dice=(5, 5))
    assert [e.target for e in events if isinstance(e, Damaged)] == ["gob-0", "gob-1", "lone"]
    assert squad_rules.pool(after, "cleavers") == 40 - 7
    assert len(squad_rules.members(after, "cleavers")) == 7
    assert after.creature("lone").dead
    assert "RB-SQUAD-12" in next(e for e in events if isinstance(e, Damaged)).rules


# --- no healing, no temporary Stamina (RB-SQUAD-05) ------------------------------------------------
def test_minions_cannot_regain_or_gain_temporary_stamina() -> None:
    """RB-SQUAD-05: a minion can't regain Stamina or gain temporary Stamina."""
    enc, _ = deal_damage(encounter(*spinecleavers(2), kira()), "gob-0", 3)
    with pytest.raises(brawl.RulesError, match="RB-SQUAD-05"):
        brawl.regain_stamina(enc, "gob-0", 2)
    with pytest.raises(brawl.RulesError, match="RB-SQUAD-05"):
        brawl.gain_temporary_stamina(enc, "gob-0", 2)
    with pytest.raises(brawl.StateError, match="RB-SQUAD-05"):
        brawl.Creature(id="m", minion=True, temporary_stamina=2)


def test_a_squad_is_of_minions_of_one_stat_block_up_to_8() -> None:
    """RB-SQUAD-01: minions of one name form squads of up to 8."""
    formed = squad_rules.form_squads(
        [brawl.Creature(id=f"g{i}", name="Goblin", minion=True) for i in range(10)]
        + [brawl.Creature(id="boss", name="Goblin")]
    )
    assert [c.squad for c in formed] == ["Goblin"] * 8 + ["Goblin 2"] * 2 + [None]
    taken = brawl.Creature(id="old", name="Goblin", minion=True, squad="Goblin")
    again = squad_rules.form_squads(
        [taken, *(brawl.Creature(id=f"g{i}", name="Goblin", minion=True) for i in range(9))]
    )
    assert [c.squad for c in again] == ["Goblin"] + ["Goblin 2"] * 8 + ["Goblin 3"]
    with pytest.raises(brawl.StateError, match="RB-SQUAD-01"):
        squad_rules.check_squads(encounter(*spinecleavers(9)))
    with pytest.raises(brawl.StateError, match="RB-SQUAD-01"):
        brawl.Creature(id="x", squad="s")


def squad_toml(count: int, *, captains: int = 0) -> str:
    """A scenario of ``count`` spinecleavers of squad "cleavers" and ``captains`` bosses leading it."""
    rows = "".join(
        f'[[creatures]]\nid = "gob-{i}"\nname = "Goblin Spinecleaver"\npos = [{i}, 0, 0]\n'
        f'stamina_max = 5\nminion = true\nsquad = "cleavers"\n\n'
        for i in range(count)
    )
    rows += "".join(
        f'[[creatures]]\nid = "boss-{i}"\npos = [{i}, 2, 0]\nstamina_max = 30\ncaptain_of = "cleavers"\n\n'
        for i in range(captains)
    )
    return f'[[levels]]\nmap = """\n{"." * 12}\n{"." * 12}\n{"." * 12}\n"""\n\n{rows}'


def test_a_loaded_or_started_squad_is_up_to_8_of_one_block_with_one_captain() -> None:
    """RB-SQUAD-01, RB-CAPT-02: the scenario loader refuses a squad of nine and a squad with two
    captains, naming the squad, the rule and the field; the JSON loader refuses a squad of two
    names; combat does not start with a squad of nine; eight with one captain load."""
    assert len(brawl.loads_scenario(squad_toml(8, captains=1)).creature_list()) == 9
    with pytest.raises(brawl.ScenarioError, match=r"squad 'cleavers': 9 minions.*RB-SQUAD-01") as nine:
        brawl.loads_scenario(squad_toml(9), source="nine.toml")
    assert nine.value.field == "creatures"
    with pytest.raises(brawl.ScenarioError, match=r"squad 'cleavers'.*boss-0, boss-1.*RB-CAPT-02"):
        brawl.loads_scenario(squad_toml(2, captains=2))
    mixed = encounter(*spinecleavers(2)).with_creature(
        attrs.evolve(spinecleavers(2)[1], name="Goblin Sniper")
    )
    with pytest.raises(brawl.ScenarioError, match=r"squad 'cleavers'.*RB-SQUAD-01") as named:
        brawl.from_json(brawl.to_json(mixed), source="mixed.json")
    assert named.value.field == "creatures"
    with pytest.raises(brawl.StateError, match=r"squad 'cleavers': 9 minions.*RB-SQUAD-01"):
        brawl.start_combat(encounter(*spinecleavers(9)), "drawsteel")


# --- the invariants ------------------------------------------------------------------------------
@pytest.mark.hypothesis
@given(
    hits=st.lists(
        st.tuples(
            st.integers(0, 7), st.integers(0, 12), st.booleans(), st.lists(st.integers(0, 7), max_size=2)
        ),
        max_size=12,
    ),
    size=st.integers(1, 8),
)
def test_the_pool_always_follows_the_rules(hits: list[tuple[int, int, bool, list[int]]], size: int) -> None:
    """RB-SQUAD-03, RB-SQUAD-06, RB-SQUAD-05, R-SQUAD-1: after any damage the pool is the sum of
    the living members' Stamina, the living are ceil(pool / Stamina), the pool lost exactly the
    damage taken (or all it had), so it never rises, and no minion is winded."""
    enc = encounter(*spinecleavers(size))
    for index, amount, area, chosen in hits:
        alive = living(enc)
        if not alive:
            break
        target = alive[index % len(alive)]
        pool_before = squad_rules.pool(enc, "cleavers")
        share = min(amount, enc.creature(target).stamina) if area else amount
        enc, _ = deal_damage(enc, target, amount, area=area, chosen=[f"gob-{i}" for i in chosen])
        assert squad_rules.pool(enc, "cleavers") == max(0, pool_before - share)
        if area:  # only the hit one may die
            assert all(c.id == target or not c.dead for c in enc.creature_list() if c.id in alive)
        assert_pool_rules(enc)


# --- captains (RB-CAPT-01..06) ---------------------------------------------------------------------
def boss(**kw: object) -> brawl.Creature:
    return brawl.Creature(id="boss", name="Goblin Underboss", stamina_max=30, pos=(0, 4, 0), **kw)  # type: ignore[arg-type]


def fast_cleavers(count: int = 3) -> list[brawl.Creature]:
    return spinecleavers(count, with_captain=CaptainBenefit(damage=1, speed=2, stamina=2))


def test_a_captain_is_no_minion_no_mount_and_captains_one_squad() -> None:
    """RB-CAPT-01, RB-CAPT-02: a minion can't captain; a squad has one captain; a creature
    captains one squad with living members."""
    enc = encounter(*spinecleavers(2), boss(), kira())
    with pytest.raises(brawl.RulesError, match="RB-CAPT-01"):
        brawl.name_captain(enc, "gob-0", "cleavers")
    with pytest.raises(brawl.RulesError, match="RB-CAPT-01"):
        brawl.name_captain(enc, "kira", "cleavers")  # another side
    enc, events = brawl.name_captain(enc, "boss", "cleavers")
    assert squad_rules.captain(enc, "cleavers") == enc.creature("boss")
    assert "RB-CAPT-01" in brawl.explain(events)
    second = enc.with_creature(brawl.Creature(id="boss2", stamina_max=30, pos=(9, 9, 0)))
    with pytest.raises(brawl.RulesError, match="RB-CAPT-02"):
        brawl.name_captain(second, "boss2", "cleavers")
    ridden = encounter(*spinecleavers(2), boss(), brawl.Creature(id="rider", riding="boss", pos=(0, 4, 1)))
    with pytest.raises(brawl.RulesError, match="RB-CAPT-01"):
        brawl.name_captain(ridden, "boss", "cleavers")


def test_one_creature_captains_at_most_one_squad() -> None:
    """RB-CAPT-02: a captain of one squad with living members can't take a second."""
    enc = encounter(*spinecleavers(2), *[attrs_moved(c, 10) for c in spinecleavers(2, squad="b")], boss())
    enc, _ = brawl.name_captain(enc, "boss", "cleavers")
    with pytest.raises(brawl.RulesError, match="RB-CAPT-02"):
        brawl.name_captain(enc, "boss", "b")


def attrs_moved(c: brawl.Creature, dy: int) -> brawl.Creature:
    return attrs.evolve(c, id=f"{c.id}-{c.squad}", pos=Pos(c.pos.x, c.pos.y + dy, 0))


def test_with_captain_speed_and_stamina_while_the_captain_stands() -> None:
    """RB-CAPT-04, RB-CAPT-05, R-SQUAD-4: the benefit's +2 speed and +2 Stamina hold while the
    captain stands (a pool of 3 x 7 = 21) and go when it dies; the captain's Stamina is its own."""
    enc = encounter(*fast_cleavers(), boss())
    enc, _ = brawl.name_captain(enc, "boss", "cleavers")
    assert [c.speed for c in squad_rules.members(enc, "cleavers")] == [7, 7, 7]
    assert squad_rules.pool(enc, "cleavers") == 21
    assert squad_rules.benefit(enc, enc.creature("gob-0")) == CaptainBenefit(1, False, 2, 0, 2)
    enc, _ = deal_damage(enc, "gob-0", 3)  # pool 18
    assert enc.creature("boss").stamina == 30  # RB-CAPT-04
    enc, events = deal_damage(enc, "boss", 30)
    assert "RB-CAPT-06" in brawl.explain(events)
    assert [c.speed for c in squad_rules.members(enc, "cleavers")] == [5, 5, 5]
    assert squad_rules.pool(enc, "cleavers") == 5 + 5 + 4  # the carrier's 4 kept under the maximum 5
    assert squad_rules.benefit(enc, enc.creature("gob-0")) is None
    assert_pool_rules(enc)


def test_a_new_captain_takes_over_at_the_start_of_the_next_round() -> None:
    """RB-CAPT-06: a lost captain's squad names a new one at the start of the next round only."""
    second = brawl.Creature(id="boss2", stamina_max=30, pos=(9, 9, 0))
    enc = encounter(*spinecleavers(2), boss(), second, kira())
    enc, _ = brawl.name_captain(enc, "boss", "cleavers")
    enc, _ = brawl.start_combat(enc, "drawsteel", first_side=brawl.HEROES)
    enc, _ = brawl.start_turn(enc, "kira")
    enc, _ = brawl.damage(enc, "boss", 30)
    enc, _ = brawl.end_turn(enc)
    with pytest.raises(brawl.RulesError, match="RB-CAPT-06"):
        brawl.name_captain(enc, "boss2", "cleavers")
    for cid in ("gob-0", "gob-1", "boss2"):
        enc, _ = brawl.start_turn(enc, cid)
        enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.end_round(enc)
    enc, _ = brawl.name_captain(enc, "boss2", "cleavers")
    assert squad_rules.captain(enc, "cleavers") == enc.creature("boss2")
    assert enc.creature("boss").captain_of is None


@pytest.mark.parametrize(
    ("text", "benefit"),
    [
        ("+1 damage bonus to strikes", {"damage": 1}),
        ("Gain an edge on strikes", {"edge": True}),
        ("+2 bonus to speed", {"speed": 2}),
        ("+5 bonus to ranged distance", {"ranged_distance": 5}),
        ("+2 bonus to Stamina", {"stamina": 2}),
        ("Strike damage +1", {"damage": 1}),
    ],
)
def test_with_captain_words_as_data(text: str, benefit: dict[str, object]) -> None:
    """RB-CAPT-05: the forms the stat blocks print read as the benefit's numbers."""
    assert captain_benefit(text) == CaptainBenefit(**benefit)  # type: ignore[arg-type]
    assert captain_benefit("Lightning Spread increases by 1 square") is None


def test_importers_read_minion_and_with_captain() -> None:
    """RB-SQUAD-01, RB-CAPT-05: a SteelCompendium minion and a Foundry minion whose "With Captain"
    is an active effect (+1 damage to strikes, as the goblin spinecleaver's) become minions with it."""
    (block, _matron) = load_statblocks(DATA / "sc-squad.yaml").blocks
    assert isinstance(block, StatBlock)
    made = block.creature("fly-1")
    assert made.minion
    assert made.with_captain == CaptainBenefit(ranged_distance=2)
    data = json.loads((DATA / "foundry-npc.json").read_text(encoding="utf-8"))
    data["system"]["monster"].update(organization="minion", role="brute")
    data["effects"] = [
        {
            "name": "With Captain",
            "type": "abilityModifier",
            "system": {"filters": {"keywords": ["strike"]}},
            "changes": [{"key": "damage.bonuses.value", "mode": 2, "value": "1"}],
        }
    ]
    (npc,) = loads_statblocks(json.dumps(data), source="npc.json").blocks
    assert isinstance(npc, StatBlock)
    assert npc.with_captain == "+1 damage bonus to strikes"
    assert npc.creature("n").with_captain == CaptainBenefit(damage=1)


SPEAR = brawl.Ability(
    "Spear Throw", "main action", "signature", ("Ranged", "Strike", "Weapon"),
    distance=Distance("ranged", 5), target=Target("creature"),
    power_roll=AbilityPowerRoll(bonus=0, tiers=tuple(
        brawl.parse_tier(t) for t in ("2 damage", "3 damage", "4 damage")
    )),
)  # fmt: skip
"""A ranged strike of 5 squares dealing 3 damage at tier 2."""


def led_throwers(*, captain: bool) -> brawl.Encounter:
    """Two spear-throwing spinecleavers with "+1 damage bonus to strikes", "Gain an edge on
    strikes" and "+2 bonus to ranged distance", Kira 7 squares from gob-0 and 1 from gob-1."""
    led = CaptainBenefit(damage=1, edge=True, ranged_distance=2)
    two = [
        attrs.evolve(c, pos=p)
        for c, p in zip(
            spinecleavers(2, with_captain=led, abilities=(SPEAR,)), [(0, 5, 0), (8, 5, 0)], strict=True
        )
    ]
    return encounter(*two, boss(captain_of="cleavers" if captain else None), kira(pos=(7, 5, 0)))


def beside_kira(enc: brawl.Encounter) -> brawl.Encounter:
    """``enc`` in combat on Kira's turn, gob-0 beside her too, so both minions may strike her."""
    enc = enc.with_creature(attrs.evolve(enc.creature("gob-0"), pos=Pos(7, 4, 0)))
    enc, _ = brawl.start_combat(enc, "drawsteel", first_side=brawl.HEROES)
    return brawl.start_turn(enc, "kira").state


def test_with_captain_strike_bonus_and_edge_count_in_free_strikes() -> None:
    """RB-CAPT-05, R-SQUAD-5: while the captain stands, a minion's free strike deals its "+1 damage
    bonus to strikes" (a flat 2 becomes 3) and its roll has the edge on strikes; two minions'
    free strikes together are one strike of 2 + 2 + 1 (RB-SQUAD-21); without the captain, 2, 4
    and no edge."""
    for captain, dealt, edges in ((True, 3, 1), (False, 2, 0)):
        enc = led_throwers(captain=captain)
        after, _ = brawl.free_strike(enc, "gob-1", "kira", flat_damage=2)
        assert after.creature("kira").stamina == 30 - dealt
        together = beside_kira(enc)
        after, _ = brawl.verbs.squad_opportunity_attack(together, ("gob-0", "gob-1"), "kira", 2)
        assert after.creature("kira").stamina == 30 - (2 + dealt)  # one strike: the bonus once
        _, events = brawl.free_strike(enc, "gob-1", "kira", dice=(3, 3))
        rolled = next(e for e in events if isinstance(e, PowerRolled))
        assert rolled.edges == edges


def test_with_captain_damage_edge_and_ranged_distance_count_in_a_strike_ability() -> None:
    """RB-CAPT-05: with its captain standing, gob-0's ranged 5 Spear Throw reaches Kira 7 squares
    away (+2 ranged distance), with an edge (10 + 2: tier 2), and deals 3 + 1 = 4; once the
    captain is dead it reaches only 5 squares, and gob-1's throw of 10 is tier 1: 2 damage."""
    enc = led_throwers(captain=True)
    after, events = brawl.use_ability(enc, "gob-0", "Spear Throw", ["kira"], dice=(5, 5))
    assert after.creature("kira").stamina == 30 - 4
    assert next(e for e in events if isinstance(e, PowerRolled)).edges == 1
    lost, _ = deal_damage(enc, "boss", 30)
    with pytest.raises(brawl.RulesError, match="R-ABIL-9"):
        brawl.use_ability(lost, "gob-0", "Spear Throw", ["kira"], dice=(5, 5))
    after, events = brawl.use_ability(lost, "gob-1", "Spear Throw", ["kira"], dice=(5, 5))
    assert after.creature("kira").stamina == 30 - 2
    assert next(e for e in events if isinstance(e, PowerRolled)).edges == 0


# --- the shared turn (RB-SQUAD-02, RB-SQUAD-13, RB-SQUAD-14, RB-CAPT-03) ----------------------------
def squad_fight() -> brawl.Encounter:
    """Kira against two spinecleavers captained by the boss, and an ogre apart; heroes first."""
    ogre = brawl.Creature(id="ogre", stamina_max=40, pos=(15, 15, 0))
    enc = encounter(*spinecleavers(2), boss(captain_of="cleavers"), ogre, kira())
    started: brawl.Encounter = brawl.start_combat(enc, "drawsteel", first_side=brawl.HEROES).state
    return started


def test_the_squad_and_its_captain_act_in_one_slot() -> None:
    """RB-SQUAD-02, RB-CAPT-03: the whole squad and its captain act on one turn of the Director's
    side, one after another; no other creature's turn comes between."""
    enc = squad_fight()
    enc, _ = brawl.start_turn(enc, "kira")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "gob-1")
    enc, _ = brawl.end_turn(enc)
    assert {k: sorted(v) for k, v in brawl.turns.next_actors(enc).items()} == {"director": ["boss", "gob-0"]}
    with pytest.raises(brawl.TurnOrderError):
        brawl.start_turn(enc, "ogre")
    enc, _ = brawl.start_turn(enc, "boss")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "gob-0")
    enc, _ = brawl.end_turn(enc)
    assert brawl.turns.next_actors(enc) == {"director": ("ogre",)}


@pytest.mark.parametrize(
    ("first", "second", "allowed"),
    [
        ("move", "main", True),
        ("main", "move", True),
        ("move", "maneuver", True),
        ("move", "move", True),
        ("main", "maneuver", False),
        ("maneuver", "main", False),
        ("maneuver", "maneuver", False),
    ],
)
def test_a_minion_takes_a_move_and_one_more_action(first: str, second: str, allowed: bool) -> None:
    """RB-SQUAD-13: on the shared turn a minion takes a move action and a main action, a move
    action and a maneuver, or two move actions; a main action and a maneuver is refused."""
    enc = squad_fight()
    enc, _ = brawl.start_turn(enc, "kira")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "gob-0")
    enc, _ = brawl.use_action(enc, "gob-0", first)
    assert brawl.can(enc, brawl.UseAction("gob-0", second)) is allowed
    if not allowed:
        with pytest.raises(brawl.RulesError, match="RB-SQUAD-13"):
            brawl.use_action(enc, "gob-0", second)
    else:
        enc, _ = brawl.use_action(enc, "gob-0", second)
        assert not brawl.can(enc, brawl.UseAction("gob-0", "move"))  # two are all it takes


def test_the_captain_acts_with_no_limit_of_the_squad() -> None:
    """RB-CAPT-03: the captain's own turn keeps the usual main action, maneuver and move."""
    enc = squad_fight()
    enc, _ = brawl.start_turn(enc, "kira")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "boss")
    for kind in ("main", "maneuver", "move"):
        enc, _ = brawl.use_action(enc, "boss", kind)
    assert enc.creature("boss").captain_of == "cleavers"


def test_minions_still_make_opportunity_attacks() -> None:
    """RB-SQUAD-14: a minion makes an opportunity attack against an enemy moving away."""
    enc = encounter(*spinecleavers(1), kira(pos=(1, 0, 0)))
    enc, _ = brawl.start_combat(enc, "drawsteel", first_side=brawl.HEROES)
    enc, _ = brawl.start_turn(enc, "kira")
    request = brawl.actions.OpportunityAttack("gob-0", "kira", flat_damage=2)
    assert brawl.can(enc, request)
    enc, _ = brawl.apply(enc, request)
    assert enc.creature("kira").stamina == 28


# --- the squad's signature attack (RB-SQUAD-15..18) --------------------------------------------------
PITLING_STING = brawl.Ability(
    "Sting", "main action", "signature", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("creature"),
    power_roll=AbilityPowerRoll(bonus=2, tiers=tuple(
        brawl.parse_tier(t) for t in ("2 poison damage", "4 poison damage", "5 poison damage")
    )),
)  # fmt: skip
"""A demon pitling's signature ability as the book's example uses it: 4 poison at tier 2."""
PITLING_FREE_STRIKE = 2


def pitling_fight() -> brawl.Encounter:
    """Three pitlings: pit-0 next to the shadow, pit-1 and pit-2 next to the conduit; heroes
    already acted."""
    pitlings = [
        brawl.Creature(
            id=f"pit-{i}", name="Demon Pitling", stamina_max=4, minion=True, squad="pitlings",
            pos=p, abilities=(PITLING_STING,),
        )
        for i, p in enumerate([(0, 0, 0), (4, 0, 0), (6, 0, 0)])
    ]  # fmt: skip
    shadow = kira(pos=(1, 0, 0))
    conduit = brawl.Creature(id="conduit", side=brawl.HEROES, hero=True, stamina_max=30, pos=(5, 0, 0))
    enc = encounter(*pitlings, attrs.evolve(shadow, id="shadow"), conduit)
    started: brawl.Encounter = brawl.start_combat(enc, "drawsteel", first_side=brawl.DIRECTOR).state
    return brawl.start_turn(started, "pit-0").state


def test_pitlings_deal_4_to_the_shadow_and_4_plus_2_to_the_conduit() -> None:
    """RB-SQUAD-15, RB-SQUAD-16, RB-SQUAD-17: three pitlings at tier 2 deal 4 poison to the
    shadow (one pitling) and 4 + 2 = 6 poison to the conduit (two pitlings), on one roll."""
    enc = pitling_fight()
    request = brawl.actions.SquadAttack(
        ("pit-0", "pit-1", "pit-2"), ("shadow", "conduit", "conduit"), PITLING_FREE_STRIKE, dice=(5, 6)
    )
    assert brawl.can(enc, request)
    enc, events = brawl.apply(enc, request)
    assert enc.creature("shadow").stamina == 30 - 4
    assert enc.creature("conduit").stamina == 30 - 6
    assert len([e for e in events if isinstance(e, PowerRolled)]) == 2  # one roll, its faces for both
    assert {e.dice for e in events if isinstance(e, PowerRolled)} == {(5, 6)}
    assert [e.target for e in events if isinstance(e, Damaged)] == ["shadow", "conduit"]  # one each
    # the others' main actions went into it: their turns start with it spent
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "pit-1")
    assert not brawl.can(enc, brawl.UseAction("pit-1", "main"))
    assert brawl.can(enc, brawl.UseAction("pit-1", "move"))


def test_at_most_three_minions_add_to_one_target() -> None:
    """RB-SQUAD-17: five pitlings on one target add only two free strikes: 4 + 2 + 2 = 8."""
    enc = pitling_fight()
    more = [
        attrs.evolve(enc.creature("pit-1"), id=f"pit-{i}", pos=p) for i, p in ((3, (4, 1, 0)), (4, (6, 1, 0)))
    ]
    near = attrs.evolve(enc.creature("pit-0"), pos=Pos(5, 1, 0))
    enc = enc.with_creature(more[0]).with_creature(more[1]).with_creature(near)
    enc, _ = brawl.squad_attack(
        enc, ("pit-0", "pit-1", "pit-2", "pit-3", "pit-4"), ("conduit",) * 5, PITLING_FREE_STRIKE, dice=(5, 6)
    )
    assert enc.creature("conduit").stamina == 30 - 8


def test_every_minion_that_took_part_gets_a_main_action_on_a_critical_hit() -> None:
    """RB-SQUAD-18, RB-CRIT-03: a natural 19 gives each minion that took part an extra main action."""
    enc = pitling_fight()
    _, events = brawl.squad_attack(
        enc, ("pit-0", "pit-1", "pit-2"), ("shadow", "conduit", "conduit"), PITLING_FREE_STRIKE, dice=(9, 10)
    )
    assert sorted(e.creature for e in events if isinstance(e, CriticalHit)) == ["pit-0", "pit-1", "pit-2"]


def test_a_squad_attack_needs_minions_with_their_main_action() -> None:
    """RB-SQUAD-15, RB-SQUAD-13: a minion that took its turn can't join; a target out of reach
    is refused."""
    enc = pitling_fight()
    with pytest.raises(brawl.RulesError):
        brawl.squad_attack(enc, ("pit-0", "pit-1"), ("shadow", "shadow"), PITLING_FREE_STRIKE)  # out of reach
    with pytest.raises(brawl.RulesError, match="RB-SQUAD-15"):
        brawl.squad_attack(enc, ("pit-0",), ("shadow", "conduit"), PITLING_FREE_STRIKE)


# --- free strikes together (RB-SQUAD-21) --------------------------------------------------------------
def test_free_strikes_of_minions_at_once_are_one_strike() -> None:
    """RB-SQUAD-21: three spinecleavers' opportunity attacks of 2 on Kira at the same moment are
    one strike of 6: her damage immunity 2 takes 2 off once (4 lost), not off each (0 lost)."""
    three = [
        attrs.evolve(c, pos=p)
        for c, p in zip(spinecleavers(3), [(4, 5, 0), (6, 5, 0), (5, 4, 0)], strict=True)
    ]
    enc = encounter(*three, kira(immunities={"damage": 2}))
    enc, _ = brawl.start_combat(enc, "drawsteel", first_side=brawl.HEROES)
    enc, _ = brawl.start_turn(enc, "kira")
    enc, events = brawl.verbs.squad_opportunity_attack(enc, ("gob-0", "gob-1", "gob-2"), "kira", 2)
    assert enc.creature("kira").stamina == 30 - 4
    assert [e.after_immunity for e in events if isinstance(e, Damaged)] == [4]
    with pytest.raises(brawl.RulesError, match="RB-SQUAD-21"):
        brawl.verbs.squad_opportunity_attack(enc, ("gob-0", "kira"), "kira", 2)


# --- squad maneuvers (RB-SQUAD-19, RB-SQUAD-20) ---------------------------------------------------------
def grab_fight() -> brawl.Encounter:
    two = [attrs.evolve(c, pos=p) for c, p in zip(spinecleavers(2), [(4, 5, 0), (6, 5, 0)], strict=True)]
    enc = encounter(*two, kira(), brawl.Creature(id="ogre", stamina_max=40, pos=(15, 15, 0)))
    started: brawl.Encounter = brawl.start_combat(enc, "drawsteel", first_side=brawl.DIRECTOR).state
    return brawl.start_turn(started, "gob-0").state


def test_a_squad_grabs_with_one_roll_and_each_target_once() -> None:
    """RB-SQUAD-19: two spinecleavers grab Kira as a squad: one roll, one Grab, Kira grabbed once;
    the second minion's maneuver is spent."""
    enc = grab_fight()
    enc, events = brawl.verbs.squad_maneuver(enc, "grab", ("gob-0", "gob-1"), ("kira", "kira"), dice=(9, 9))
    assert len([e for e in events if isinstance(e, PowerRolled)]) == 1
    assert [c.source for c in enc.creature("kira").conditions_named("grabbed")] == ["gob-0"]
    assert "RB-SQUAD-19" in brawl.explain(events)
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "gob-1")
    assert not brawl.can(enc, brawl.UseAction("gob-1", "maneuver"))
    assert not brawl.can(enc, brawl.UseAction("gob-1", "main"))  # a maneuver goes with a move only
    assert brawl.can(enc, brawl.UseAction("gob-1", "move"))


def stealth_fight() -> brawl.Encounter:
    """gob-0 and gob-1 on the Director's turn, gob-0's; Kira hidden from both and the rogue
    hidden from gob-1 only, 10 squares from gob-1 and 12 from gob-0; a stone wall at x = 10
    from y = 8 up between the minions and the ogre, far off."""
    two = [attrs.evolve(c, pos=p) for c, p in zip(spinecleavers(2), [(4, 5, 0), (6, 5, 0)], strict=True)]
    rogue = brawl.Creature(
        id="rogue", side=brawl.HEROES, hero=True, stamina_max=30, pos=(16, 5, 0), hidden_from={"gob-1"}
    )
    wall = {Pos(10, y, z): brawl.Cell(brawl.Material.STONE) for y in range(8, 20) for z in range(4)}
    terrain = brawl.Terrain.flat(20, 20).with_cells(wall)
    hero = kira(pos=(5, 2, 0), hidden_from={"gob-0", "gob-1"})
    enc = brawl.Encounter.create(terrain, (*two, hero, rogue), seed=7)
    started: brawl.Encounter = brawl.start_combat(enc, "drawsteel", first_side=brawl.DIRECTOR).state
    return brawl.start_turn(started, "gob-0").state


def test_a_squad_searches_with_one_test_and_each_hider_once() -> None:
    """RB-SQUAD-19, R-SQUAD-10: gob-0 and gob-1 search as a squad: one Intuition test (gob-0's
    9 + 9 = 18); Kira, hidden from both, contests once and is found by both; the rogue, in gob-1's
    reach only, contests once too; gob-1's maneuver is spent."""
    enc = stealth_fight()
    rolls = {"gob-0": (9, 9), "kira": (1, 1), "rogue": (1, 1)}
    enc, events = brawl.verbs.squad_search(enc, ("gob-0", "gob-1"), rolls)
    tests = [e for e in events if isinstance(e, DiceRolled) and e.purpose.startswith("search")]
    assert [(e.creature, e.values) for e in tests] == [("gob-0", (9, 9))]
    contests = [e for e in events if isinstance(e, SearchContested)]
    assert [(e.hider, e.searcher, e.search_total, e.found) for e in contests] == [
        ("kira", "gob-0", 18, True),
        ("rogue", "gob-1", 18, True),
    ]
    assert enc.creature("kira").hidden_from == frozenset()
    assert enc.creature("rogue").hidden_from == frozenset()
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "gob-1")
    assert not brawl.can(enc, brawl.UseAction("gob-1", "maneuver"))


def test_a_squad_hides_on_one_maneuver() -> None:
    """RB-SQUAD-19: two minions hide as a squad, each from the enemy it has no line of effect to:
    nothing rolled, and gob-1's maneuver is spent; a minion of another squad can't join."""
    enc = stealth_fight()
    ogre = brawl.Creature(id="ogre", side=brawl.HEROES, stamina_max=40, pos=(15, 15, 0))
    enc = enc.with_creature(ogre)
    for c in ("kira", "rogue"):
        enc = enc.with_creature(attrs.evolve(enc.creature(c), hidden_from=frozenset(), side=brawl.DIRECTOR))
    for cid, pos in (("gob-0", Pos(8, 12, 0)), ("gob-1", Pos(8, 14, 0))):
        enc = enc.with_creature(attrs.evolve(enc.creature(cid), pos=pos))
    after, events = brawl.verbs.squad_hide(enc, ("gob-0", "gob-1"))
    assert after.creature("gob-0").hidden_from == after.creature("gob-1").hidden_from == {"ogre"}
    assert not [e for e in events if isinstance(e, DiceRolled | PowerRolled)]
    after, _ = brawl.end_turn(after)
    after, _ = brawl.start_turn(after, "gob-1")
    assert not brawl.can(after, brawl.UseAction("gob-1", "maneuver"))
    lone = attrs.evolve(enc.creature("gob-1"), id="lone", squad="others", pos=Pos(8, 16, 0))
    with pytest.raises(brawl.RulesError, match="RB-SQUAD-19"):
        brawl.verbs.squad_hide(enc.with_creature(lone), ("gob-0", "lone"))


def test_a_minion_with_its_own_maneuver_sits_out_the_squad_attack() -> None:
    """RB-SQUAD-20: a minion that took a maneuver of its own takes no main action that turn, so
    no part in the squad's signature attack."""
    enc = pitling_fight()
    enc, _ = brawl.use_action(enc, "pit-0", "maneuver")
    with pytest.raises(brawl.RulesError, match="RB-SQUAD-13"):
        brawl.squad_attack(enc, ("pit-0",), ("shadow",), PITLING_FREE_STRIKE)


# --- legal actions and the greedy policy ------------------------------------------------------------------
def test_legal_actions_offer_and_greedy_takes_the_squad_attack() -> None:
    """RB-SQUAD-15, RB-SQUAD-17, R-SQUAD-7: on pit-1's turn the legal actions offer the squad's
    attack on the conduit with pit-2 (free strike value 2, the tier 1 damage), and the greedy
    policy takes it: 4 + 2 = 6 poison at tier 2."""
    enc = pitling_fight()
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "pit-1")
    offered = [a for a in brawl.legal_actions(enc) if isinstance(a, brawl.actions.SquadAttack)]
    assert offered == [brawl.actions.SquadAttack(("pit-1", "pit-2"), ("conduit", "conduit"), 2, "Sting")]
    # with no Malice to spend first (the Director's resources come first), the squad attacks
    enc = enc.with_turn(attrs.evolve(enc.turn, malice=0))
    chosen = brawl.sim.greedy(enc, brawl.sim.Options(enc))
    assert chosen == offered[0]
    assert brawl.sim.greedy(enc, brawl.legal_actions(enc)) == offered[0]
    enc, _ = brawl.apply(enc, attrs.evolve(chosen, dice=(5, 6)))
    assert enc.creature("conduit").stamina == 30 - 6


# --- stateful: random play with a squad -------------------------------------------------------------------
SQUAD_IDS = ["pit-0", "pit-1", "pit-2", "shadow", "conduit"]


class SquadMachine(RuleBasedStateMachine):
    """RB-SQUAD-03, RB-SQUAD-05, RB-SQUAD-06, RB-SQUAD-13, R-SQUAD-1: through random damage, turns
    and legal actions the pool keeps its rules, no minion is winded and a dead minion never acts."""

    def __init__(self) -> None:
        super().__init__()
        self.enc = pitling_fight()

    @rule(who=st.sampled_from(SQUAD_IDS[:3]), amount=st.integers(0, 9), area=st.booleans())
    def hurt(self, who: str, amount: int, area: bool) -> None:
        if not self.enc.creature(who).dead:
            self.enc, _ = deal_damage(self.enc, who, amount, area=area)

    @rule(pick=st.integers(0, 10_000))
    def act(self, pick: int) -> None:
        options = brawl.legal_actions(self.enc)
        for action in options:
            actor = actor_of(action)
            if actor is not None and actor in self.enc.creatures:
                assert not self.enc.creature(actor).dead, f"{action!r}: a dead creature acts"
        if options:
            self.enc, _ = brawl.apply(self.enc, options[pick % len(options)])

    @invariant()
    def pool_follows_the_rules(self) -> None:
        assert_pool_rules(self.enc)
        t = self.enc.turn
        assert isinstance(t, DrawSteelTurn)
        # a dead minion starts no turn
        assert all(
            not self.enc.creature(c).dead for ids in brawl.turns.next_actors(self.enc).values() for c in ids
        )


TestSquadMachine = pytest.mark.hypothesis(SquadMachine.TestCase)
TestSquadMachine.settings = settings(max_examples=20, stateful_step_count=15, deadline=None)


def test_the_minions_of_a_critical_hit_take_their_main_actions_in_turn() -> None:
    """RB-SQUAD-18, RB-CRIT-03, R-SQUAD-8: after the squad's critical hit pit-1 takes its extra
    main action, and pit-2's still stands; anything else done then lapses it."""
    enc = pitling_fight()
    enc, _ = brawl.squad_attack(
        enc, ("pit-0", "pit-1", "pit-2"), ("shadow", "conduit", "conduit"), PITLING_FREE_STRIKE, dice=(9, 10)
    )
    enc, _ = brawl.use_action(enc, "pit-1", "main")
    assert brawl.can(enc, brawl.UseAction("pit-2", "main"))
    enc, events = brawl.use_action(enc, "pit-0", "move")
    assert not brawl.can(enc, brawl.UseAction("pit-2", "main"))
    assert "R-TURN-10" in brawl.explain(events)


def test_the_offered_squad_attack_adds_the_minions_own_free_strike_value_r_squad_7() -> None:
    """RB-SQUAD-17, RB-MFS-01, R-SQUAD-7: a minion carrying its Free Strike value (3) adds that, not
    its signature's tier 1 damage (2), in the squad attacks legal_actions offers."""
    enc = pitling_fight()
    enc, _ = brawl.end_turn(enc)
    enc = enc.with_creatures([attrs.evolve(c, free_strike=3) for c in enc.creature_list() if c.minion])
    enc, _ = brawl.start_turn(enc, "pit-1")
    offered = [a for a in brawl.legal_actions(enc) if isinstance(a, brawl.actions.SquadAttack)]
    assert offered == [brawl.actions.SquadAttack(("pit-1", "pit-2"), ("conduit", "conduit"), 3, "Sting")]
