"""Using an ability: checks, one roll for all targets, each tier's effects through the existing
rules, potency, costs and the action economy (R-ABIL-1..12, RB3-MULTI, RB2-POTENCY)."""

from __future__ import annotations

import attrs
import pytest

import brawl
from brawl import Ability, Characteristics, Creature, Encounter, Pos, Terrain, UseAbility, parse_tier
from brawl.abilities.model import Cost, Distance, Potency, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.conditions import ConditionName, Duration
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.abilities import AbilityUsed, EffectForTable, PotencyChecked, ResourceSpent, TierReached
from brawl.events.base import Note
from brawl.events.damage import Damaged
from brawl.events.dice import PowerRolled
from brawl.events.turns import CriticalHit
from brawl.io.json import actions_from_json, actions_to_json, events_from_json, events_to_json
from brawl.rules.potency import potency_value
from brawl.terrain import Cell, Material


def roll(*tiers: str, chars: tuple[str, ...] = ("might",)) -> AbilityPowerRoll:
    return AbilityPowerRoll(chars, tiers=tuple(parse_tier(t) for t in tiers))


BASH = Ability(
    "Shield Bash", "main action", "signature", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("creature"),
    power_roll=roll(
        "2 damage; push 1", "5 damage; push 2; A < 1 prone", "7 damage; push 3; A < 2 prone (EoT)"
    ),
)  # fmt: skip
THUNDER = Ability(
    "Thunderclap", "main action", "heroic", ("Area", "Magic"),
    distance=Distance("burst", 1), target=Target("each enemy", None), cost=Cost("heroic", 3, "3 Focus"),
    power_roll=roll(
        "2 sonic damage", "4 sonic damage", "6 sonic damage; R < 2 dazed (save ends)", chars=("reason",)
    ),
)  # fmt: skip
BOLT = Ability(
    "Fire Bolt", "main action", "signature", ("Magic", "Ranged", "Strike"),
    distance=Distance("ranged", 5), target=Target("enemy", 2),
    power_roll=roll(
        "3 + R fire damage", "5 + R fire damage", "8 + R fire damage; the target burns", chars=("reason",)
    ),
)  # fmt: skip
BREATH = Ability(
    "Frost Breath", "main action", "villain", ("Area", "Magic"),
    distance=Distance("cube", size=2, within=3), target=Target("each creature", None), cost=Cost("malice", 2),
    power_roll=roll("2 cold damage; M < 0 slowed (EoT)", "4 cold damage; M < 1 slowed (EoT)",
                    "6 cold damage; M < 2 slowed (end of encounter)"),
)  # fmt: skip
RALLY = Ability(
    "Rally", "maneuver", None, ("Magic",), distance=Distance("self"), target=Target("self"),
    effect_after="You gain 2 surges.",
)  # fmt: skip


def fight(
    *others: Creature, kira: dict[str, object] | None = None, cells: dict[Pos, Cell] | None = None
) -> Encounter:
    """Kira, a hero with Might 2 and Reason 2, at (2, 2); others as given."""
    fields: dict[str, object] = {
        "id": "kira", "side": "heroes", "hero": True, "stamina_max": 30, "pos": (2, 2, 0),
        "characteristics": Characteristics(might=2, reason=2), "abilities": (BASH, THUNDER, BOLT, RALLY),
        "heroic_resource": 3,
    }  # fmt: skip
    hero = Creature(**{**fields, **(kira or {})})  # type: ignore[arg-type]
    return Encounter.create(Terrain.flat(10, 10).with_cells(cells or {}), [hero, *others])


def gob(cid: str = "gob", pos: tuple[int, int, int] = (3, 2, 0), **kw: object) -> Creature:
    return Creature(id=cid, pos=pos, stamina_max=20, **kw)  # type: ignore[arg-type]


def of(kind: type, events: tuple[object, ...]) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def test_a_melee_ability_deals_damage_pushes_and_knocks_prone_by_tier() -> None:
    """DS-TURN-13 (17+: tier 3), R-ABIL-2, DS-FORCE-02, RB2-POTENCY, RB2-EOT: 9 + 9 + Might 2 = 20,
    tier 3: 7 damage, push 3 away from Kira, prone (EoT) since Agility 0 < 2."""
    out = brawl.use_ability(fight(gob()), "kira", "Shield Bash", targets=["gob"], dice=(9, 9))
    g = out.state.creature("gob")
    assert g.stamina == 20 - 7
    assert g.pos == Pos(6, 2, 0)
    assert g.conditions[0].name is ConditionName.PRONE
    assert g.conditions[0].duration is Duration.EOT
    (check,) = of(PotencyChecked, out.events)
    assert (check.score, check.potency, check.applies) == (0, 2, True)
    (used,) = of(AbilityUsed, out.events)
    assert used.targets == ("gob",)
    assert "R-ABIL-1" in used.rules


def test_tier_1_and_2_outcomes() -> None:
    """DS-TURN-13: 1 + 1 + 2 = 4 is tier 1 (2 damage, push 1); 5 + 6 + 2 = 13 tier 2 (5 damage, push 2)."""
    out = brawl.use_ability(fight(gob()), "kira", "Shield Bash", targets=["gob"], dice=(1, 1))
    assert out.state.creature("gob").stamina == 18
    assert out.state.creature("gob").pos == Pos(4, 2, 0)
    out = brawl.use_ability(fight(gob()), "kira", "Shield Bash", targets=["gob"], dice=(5, 6))
    assert out.state.creature("gob").stamina == 15
    assert out.state.creature("gob").pos == Pos(5, 2, 0)


def test_a_potency_resisted_applies_nothing() -> None:
    """RB2-POTENCY: Agility 2 is not below 2: no prone; the event shows both numbers."""
    tough = gob(characteristics=Characteristics(agility=2))
    out = brawl.use_ability(fight(tough), "kira", "Shield Bash", targets=["gob"], dice=(9, 9))
    assert not out.state.creature("gob").has("prone")
    (check,) = of(PotencyChecked, out.events)
    assert (check.characteristic, check.score, check.potency, check.applies) == ("agility", 2, 2, False)
    assert "2 >= 2" in check.explain() or ">= 2" in check.explain()


def test_potency_words_come_from_the_users_highest_characteristic() -> None:
    """RB2-POTENCY: weak = highest - 2, average = highest - 1, strong = highest; numbers as
    printed (R-ABIL-6)."""
    hero = Creature(id="h", characteristics=Characteristics(might=1, presence=3), hero=True)
    assert [potency_value(Potency("might", w), hero) for w in ("weak", "average", "strong")] == [1, 2, 3]
    assert potency_value(Potency("might", 4), hero) == 4


def test_one_roll_for_all_targets_different_tiers() -> None:
    """RB3-MULTI: one 2d10 (4 + 5) for both goblins: 9 + Reason 2 = 11, tier 1 (2 damage); the
    restrained one grants an edge (+2, RB1-RESTRAINED): 13, tier 2 (4 damage)."""
    held = gob("held", (1, 1, 0), conditions=(brawl.Condition("restrained", source="x"),))
    enc = fight(gob(), held)
    out = brawl.use_ability(enc, "kira", "Thunderclap", dice=(4, 5))
    rolls = of(PowerRolled, out.events)
    assert [r.dice for r in rolls] == [(4, 5), (4, 5)]
    assert all(r.source == "caller" for r in rolls)
    reached = {t.target: t.tier for t in of(TierReached, out.events)}
    assert reached == {"gob": 1, "held": 2}
    assert out.state.creature("gob").stamina == 18
    assert out.state.creature("held").stamina == 16
    assert out.state.creature("kira").heroic_resource == 0
    (spent,) = of(ResourceSpent, out.events)
    assert (spent.amount, spent.left, spent.resource) == (3, 0, "heroic")
    assert "DS-SIDE-04" in spent.rules


def test_an_area_ability_reports_its_squares_in_order() -> None:
    """R-AREA-1, R-AREA-7, R-ABIL-1: Kira's 1 burst on flat ground holds the 17 squares around and
    above her, none in the ground, listed by z, then y, then x; the explain line counts them, and
    the event survives a JSON round trip."""
    enc = fight(gob())
    out = brawl.use_ability(enc, "kira", "Thunderclap", dice=(4, 5))
    (used,) = of(AbilityUsed, out.events)
    assert used.area == "burst"
    assert len(used.squares) == 17
    assert used.squares[0] == Pos(1, 1, 0)
    assert used.squares[-1] == Pos(3, 3, 1)
    assert list(used.squares) == sorted(used.squares, key=lambda p: (p.z, p.y, p.x))
    assert Pos(2, 2, 0) not in used.squares
    assert all(p.z >= 0 for p in used.squares)
    assert "(burst, 17 squares)" in used.explain()
    assert events_from_json(events_to_json([used])) == (used,)


def test_one_roll_from_the_rng_is_shared_and_replays() -> None:
    """RB3-MULTI: drawn once from the state's RNG, the same faces against every target."""
    enc = fight(gob(), gob("g2", (1, 1, 0)))
    out = brawl.use_ability(enc, "kira", "Thunderclap")
    rolls = of(PowerRolled, out.events)
    assert len(rolls) == 2
    assert rolls[0].dice == rolls[1].dice
    assert {r.source for r in rolls} == {"rng"}
    assert out.state.rng.counter == enc.rng.counter + 2
    assert brawl.use_ability(enc, "kira", "Thunderclap") == out


def test_the_roller_may_take_a_lower_tier() -> None:
    """RB3-DOWNGRADE: tier 3 rolled, tier 1 taken: 2 damage and push 1, no potency; a higher tier
    is never taken."""
    out = brawl.use_ability(
        fight(gob()), "kira", "Shield Bash", targets=["gob"], dice=(9, 9), tiers={"gob": 1}
    )
    (tr,) = of(TierReached, out.events)
    assert (tr.rolled, tr.tier) == (3, 1)
    assert "RB3-DOWNGRADE" in tr.rules
    assert out.state.creature("gob").stamina == 18
    assert not out.state.creature("gob").has("prone")
    out = brawl.use_ability(
        fight(gob()), "kira", "Shield Bash", targets=["gob"], dice=(1, 1), tiers={"gob": 3}
    )
    assert of(TierReached, out.events)[0].tier == 1


def test_damage_goes_through_immunity_and_weakness() -> None:
    """DS-DMG-04, DS-DMG-08, R-ABIL-2: 3 + Reason 2 fire = 5; immunity 3 leaves 2; weakness 4 makes 9."""
    cold = gob(immunities={"fire": 3})
    out = brawl.use_ability(fight(cold), "kira", "Fire Bolt", targets=["gob"], dice=(1, 2))
    assert out.state.creature("gob").stamina == 18
    weak = gob(weaknesses={"fire": 4})
    out = brawl.use_ability(fight(weak), "kira", "Fire Bolt", targets=["gob"], dice=(1, 2))
    assert out.state.creature("gob").stamina == 11


def test_a_push_into_a_wall_slams() -> None:
    """DS-SLAM-06: pushed 3 with a stone wall 1 square behind: moves 1, takes 2 + 2 remaining = 4."""
    wall = {Pos(5, y, z): Cell(Material.STONE) for y in range(10) for z in range(3)}
    out = brawl.use_ability(fight(gob(), cells=wall), "kira", "Shield Bash", targets=["gob"], dice=(9, 9))
    g = out.state.creature("gob")
    assert g.pos == Pos(4, 2, 0)
    assert g.stamina == 20 - 7 - 4


def test_text_the_engine_cannot_resolve_is_reported() -> None:
    """R-ABIL-4: "the target burns" and an effect line become EffectForTable events, never dropped."""
    out = brawl.use_ability(fight(gob(pos=(5, 2, 0))), "kira", "Fire Bolt", targets=["gob"], dice=(10, 10))
    (table,) = of(EffectForTable, out.events)
    assert (table.text, table.target) == ("the target burns", "gob")
    out = brawl.use_ability(fight(), "kira", "Rally")
    assert [e.text for e in of(EffectForTable, out.events)] == ["You gain 2 surges."]
    assert of(AbilityUsed, out.events)[0].targets == ("kira",)


def test_a_natural_19_on_a_main_action_is_a_critical_hit() -> None:
    """RB-CRIT-02, RB-CRIT-03, R-ABIL-12: the extra main action is reported (tests/test_critical_hits.py)."""
    out = brawl.use_ability(fight(gob()), "kira", "Shield Bash", targets=["gob"], dice=(9, 10))
    assert [(e.creature, e.natural) for e in of(CriticalHit, out.events)] == [("kira", 19)]


def test_malice_pays_for_a_director_ability_in_a_draw_steel_combat() -> None:
    """RB6-MALICE, RB2-EOE, RB2-POTENCY: the 2 cube within 3 catches both heroes; Malice 5 - 2 = 3
    left; tier 3 (18 + 0): 6 cold damage each; M < 2 slows the ally (Might 0), not Kira (Might 2)."""
    drake = Creature(id="drake", pos=(6, 2, 0), stamina_max=40, abilities=(BREATH,))
    ally = Creature(id="ally", side="heroes", pos=(3, 3, 0), stamina_max=10)
    enc = fight(drake, ally)
    with pytest.raises(ActionUnavailableError, match="RB6-MALICE"):
        brawl.verify(enc, UseAbility("drake", "Frost Breath", origin=(2, 2, 0)))
    enc, _ = brawl.start_combat(enc, d10=1)
    enc = enc.with_turn(attrs.evolve(enc.turn, malice=5))
    enc, _ = brawl.start_turn(enc, "drake")  # the director's side goes first (d10 1)
    out = brawl.use_ability(enc, "drake", "Frost Breath", origin=Pos(2, 2, 0), dice=(10, 8))
    assert out.state.turn.malice == 3  # type: ignore[union-attr]
    k, a = out.state.creature("kira"), out.state.creature("ally")
    assert (k.stamina, a.stamina) == (30 - 6, 10 - 6)
    assert a.conditions_named("slowed")[0].duration is Duration.END_OF_ENCOUNTER
    assert not k.has("slowed")
    assert [(c.target, c.score, c.potency) for c in of(PotencyChecked, out.events)] == [
        ("kira", 2, 2),
        ("ally", 0, 2),
    ]


def test_refusals_name_the_rule() -> None:
    """R-ABIL-1, R-ABIL-9, R-AREA-*, DS-SIDE-04, DS-COND-04, DS-COND-14: out of range, wrong target,
    no line of effect, no cost, unknown ability, unconscious user, hidden target."""
    enc = fight(gob(), gob("far", (9, 9, 0)), Creature(id="pal", side="heroes", pos=(2, 3, 0)))
    cases = [
        (UseAbility("kira", "Shield Bash", ("far",)), "R-ABIL-9", "away"),
        (UseAbility("kira", "Fire Bolt", ("pal",)), "R-ABIL-9", "not a target"),
        (UseAbility("kira", "Fire Bolt", ()), "R-ABIL-9", "choose"),
        (UseAbility("kira", "Kick", ("gob",)), "R-ABIL-1", "not on its block"),
        (UseAbility("kira", "Rally", ("gob",)), "R-ABIL-9", "its user only"),
        (UseAbility("kira", "Shield Bash", ("gob",), origin=(1, 1, 0)), "R-AREA-1", "no placement"),
    ]
    for request, rule, words in cases:
        assert not brawl.can(enc, request)
        with pytest.raises(brawl.RulesError, match=rule) as refused:
            brawl.use_ability(enc, "kira", request.ability, targets=request.targets, origin=request.origin)
        assert words in str(refused.value)
    poor = fight(gob(), kira={"heroic_resource": 2})
    poor, _ = brawl.start_combat(poor, first_side="heroes")  # outside combat it is free once (RB-HR-08)
    poor, _ = brawl.start_turn(poor, "kira")
    with pytest.raises(ActionUnavailableError, match="DS-SIDE-04"):
        brawl.use_ability(poor, "kira", "Thunderclap")
    asleep = fight(gob(), kira={"conditions": (brawl.Condition("unconscious"),)})
    with pytest.raises(ActionUnavailableError, match="DS-COND-04"):
        brawl.use_ability(asleep, "kira", "Shield Bash", targets=["gob"])
    hidden = fight(gob(hidden_from=frozenset({"kira"})))
    with pytest.raises(ActionUnavailableError, match="DS-COND-14"):
        brawl.use_ability(hidden, "kira", "Shield Bash", targets=["gob"])
    wall = {Pos(4, y, z): Cell(Material.STONE) for y in range(10) for z in range(20)}
    blind = fight(gob(pos=(6, 2, 0)), cells=wall)
    with pytest.raises(ActionUnavailableError, match="line of effect"):
        brawl.use_ability(blind, "kira", "Fire Bolt", targets=["gob"])
    with pytest.raises(InvalidArgumentError, match="RB3-DOWNGRADE"):
        UseAbility("kira", "Shield Bash", ("gob",), tiers={"gob": 4})
    with pytest.raises(TypeError):
        brawl.use_ability(enc, "kira", 3)  # type: ignore[arg-type]


def test_an_area_hits_hidden_creatures_and_skips_allies() -> None:
    """DS-COND-14, R-ABIL-9: an area reaches a creature hidden from its user; "each enemy" leaves
    allies out."""
    enc = fight(gob(hidden_from=frozenset({"kira"})), Creature(id="pal", side="heroes", pos=(2, 3, 0)))
    out = brawl.use_ability(enc, "kira", "Thunderclap", dice=(3, 3))
    assert of(AbilityUsed, out.events)[0].targets == ("gob",)


def test_the_action_economy_is_spent_by_action_type() -> None:
    """DS-TURN-01, R-ABIL-1: a main-action ability takes the main action; a second is refused; a
    maneuver ability takes the maneuver."""
    enc, _ = brawl.start_combat(fight(gob()), d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    assert UseAbility.cost_in(enc, {"user": "kira", "ability": "Rally"}) == "maneuver"
    enc, _ = brawl.use_ability(enc, "kira", "Shield Bash", targets=["gob"], dice=(1, 1))
    with pytest.raises(ActionUnavailableError, match="DS-TURN"):
        brawl.use_ability(enc, "kira", "Fire Bolt", targets=["gob"], dice=(1, 1))
    enc, _ = brawl.use_ability(enc, "kira", "Rally")
    assert not brawl.is_legal(enc, UseAbility("kira", "Rally"))


def test_the_record_saves_replays_and_applies_the_same() -> None:
    """R-ABIL-1: UseAbility through JSON, and brawl.apply, give the rule's outcome."""
    enc = fight(gob(), gob("g2", (1, 1, 0)))
    request = UseAbility("kira", "Thunderclap", dice=(6, 6), tiers={"g2": 1}, extra=())
    (again,) = actions_from_json(actions_to_json([request]))
    assert again == request
    assert brawl.apply(enc, again) == brawl.use_ability(
        enc, "kira", "Thunderclap", dice=(6, 6), tiers={"g2": 1}
    )
    assert of(Damaged, brawl.apply(enc, again).events)


CRASH = Ability(
    "Crash", "main action", None, ("Area", "Magic"),
    distance=Distance("cube", size=1, within=4), target=Target("creature or object", None),
    power_roll=roll("3 damage; push 1; A < 5 prone", "3 damage; push 1", "3 damage; push 1", chars=()),
)  # fmt: skip


def test_an_object_in_an_area_takes_damage_and_resists_nothing() -> None:
    """R-ABIL-7, DS-OBJ-01: the crate takes 3 damage; its potency score is 0; no condition on an object."""
    crate = brawl.MapObject(id="crate", pos=Pos(5, 2, 0), material="stone")
    enc = fight(kira={"abilities": (CRASH,)}).with_object(crate)
    out = brawl.use_ability(enc, "kira", "Crash", origin=(5, 2, 0), dice=(1, 1))
    assert out.state.objects["crate"].stamina == crate.stamina - 3
    (check,) = of(PotencyChecked, out.events)
    assert (check.score, check.applies) == (0, True)
    assert "R-ABIL-7" in check.rules
    assert any("object" in n.text for n in of(Note, out.events))


BLAST = Ability(
    "Blast", "main action", None, ("Area", "Magic"),
    distance=Distance("cube", size=3, within=5), target=Target("each creature", None),
    power_roll=roll("2 damage; push 2", "2 damage; push 2", "2 damage; push 2", chars=()),
)  # fmt: skip


def test_an_areas_push_goes_away_from_its_origin_square() -> None:
    """R-ABIL-10, DS-FORCE-02: the cube's origin is its square nearest Kira, (4, 2); the goblin at
    (5, 3) is pushed 2 straight away from it, to (7, 5)."""
    enc = fight(gob(pos=(5, 3, 0)), kira={"abilities": (BLAST,)})
    out = brawl.use_ability(enc, "kira", "Blast", origin=(4, 1, 0), dice=(1, 1))
    assert of(AbilityUsed, out.events)[0].origin == Pos(4, 2, 0)
    assert out.state.creature("gob").pos == Pos(7, 5, 0)


SHOCK = attrs.evolve(BLAST, name="Shock", distance=Distance("burst", 4))


def test_cover_gives_a_damaging_area_ability_a_bane() -> None:
    """DS-EDGE-08, R-EDGE-2, R-AREA-5: behind a pillar from Kira the goblin has cover: 6 + 6 = 12
    with a bane is 10, tier 1, while the one in the open gets 12, tier 2; the burst reaches both,
    cover being no bar to line of effect."""
    pillar = {Pos(4, 3, z): Cell(Material.STONE) for z in range(4)}
    enc = fight(gob(pos=(6, 3, 0)), gob("open", (6, 1, 0)), kira={"abilities": (SHOCK,), "pos": (2, 3, 0)},
                cells=pillar)  # fmt: skip
    out = brawl.use_ability(enc, "kira", "Shock", dice=(6, 6))
    reached = {t.target: t.tier for t in of(TierReached, out.events)}
    assert reached == {"gob": 1, "open": 2}
    assert [r.banes for r in of(PowerRolled, out.events)] == [1, 0]


def test_a_dazed_creature_cannot_use_a_triggered_ability() -> None:
    """DS-TURN-08, RB1-DAZED: no triggered actions while dazed."""
    parry = Ability("Parry", "triggered action", None, distance=Distance("self"), target=Target("self"),
                    trigger="An enemy strikes you.", effect_after="Halve the damage.")  # fmt: skip
    enc = fight(kira={"abilities": (parry,), "conditions": (brawl.Condition("dazed"),)})
    with pytest.raises(ActionUnavailableError, match="DS-TURN-08"):
        brawl.use_ability(enc, "kira", "Parry")
    out = brawl.use_ability(fight(kira={"abilities": (parry,)}), "kira", "Parry")
    assert [e.text for e in of(EffectForTable, out.events)] == ["Halve the damage."]


def test_a_granted_use_spends_nothing_of_the_turn() -> None:
    """R-TURN-8: after the main action, a granted main-action ability still goes and spends nothing."""
    enc, _ = brawl.start_combat(fight(gob()), d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    enc, _ = brawl.use_ability(enc, "kira", "Shield Bash", targets=["gob"], dice=(1, 1))
    before = enc.turn
    out = brawl.use_ability(enc, "kira", "Fire Bolt", targets=["gob"], dice=(1, 1), granted=True)
    assert out.state.turn == before
    assert out.state.creature("gob").stamina < enc.creature("gob").stamina
