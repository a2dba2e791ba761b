"""The class triggers that need more than one event: the null's Null Field (RB-HR-13), the
troubadour's three heroes on one turn and its return to life at 30 drama (RB-HR-17)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import brawl
from brawl import Ability, Creature, Encounter, Terrain, parse_tier
from brawl.abilities.model import Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.events.heroes import TriggeredGain
from brawl.rules.class_triggers import ReturnToLife
from brawl.statblocks import HeroSheet, dumps_statblocks, parse_statblocks
from brawl.turns import next_actors

DICE = (5, 5)


def of(kind: type, events: tuple[object, ...]) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def triggered(events: tuple[object, ...], who: str) -> list[tuple[str, int, tuple[str, ...]]]:
    return [(e.trigger, e.amount, e.rules) for e in of(TriggeredGain, events) if e.creature == who]


# --- the Null Field (RB-HR-13) ------------------------------------------------------------------
def null_fight(null_field: int = 1) -> Encounter:
    """The null at (2, 2) with an ally beside it; the goblin and the imp beside it, the orc 3
    squares away; the heroes go first."""
    creatures = [
        Creature(id="null", side="heroes", hero=True, hero_class="null", pos=(2, 2, 0), stamina_max=60,
                 null_field=null_field),
        Creature(id="ally", side="heroes", hero=True, pos=(2, 3, 0), stamina_max=30),
        Creature(id="gob", pos=(3, 2, 0), stamina_max=30),
        Creature(id="imp", pos=(1, 2, 0), stamina_max=30),
        Creature(id="orc", pos=(5, 2, 0), stamina_max=30),
    ]  # fmt: skip
    return brawl.start_combat(Encounter.create(Terrain.flat(10, 10), creatures), first_side="heroes").state


def strike(enc: Encounter, who: str, target: str, *, ranged: bool = False) -> tuple[Encounter, tuple]:  # type: ignore[type-arg]
    """``who`` takes its turn and makes a free strike, its main action, then ends its turn."""
    enc, _ = brawl.start_turn(enc, who)
    enc, events = brawl.free_strike(enc, who, target, ranged=ranged, dice=DICE)
    enc, _ = brawl.end_turn(enc)
    return enc, events


def test_an_enemy_in_the_null_field_using_a_main_action_gives_1_discipline_a_round_RB_HR_13() -> None:
    """RB-HR-13: the ally's strike beside the null gives nothing, nor the orc's 3 squares away;
    the goblin's beside it gives 1, the imp's the same round nothing; next round the goblin's
    gives 1 again."""
    enc = null_fight()
    enc, events = strike(enc, "ally", "gob")
    assert triggered(events, "null") == []
    enc, events = strike(enc, "orc", "null", ranged=True)
    assert triggered(events, "null") == []
    enc, _ = brawl.start_turn(enc, "null")
    enc, _ = brawl.end_turn(enc)
    before = enc.creature("null").heroic_resource
    enc, events = strike(enc, "gob", "null")
    assert triggered(events, "null") == [("null-field", 1, ("RB-HR-13",))]
    (gain,) = of(TriggeredGain, events)
    assert gain.explain() == (
        f"null gains 1 discipline ({before + 1} in all): gob uses a main action in its Null Field (RB-HR-13)"
    )
    enc, events = strike(enc, "imp", "null")
    assert triggered(events, "null") == []
    assert enc.creature("null").heroic_resource == before + 1
    enc, _ = brawl.end_round(enc)
    enc, _ = brawl.start_turn(enc, "ally")
    enc, _ = brawl.end_turn(enc)
    enc, events = strike(enc, "gob", "null")
    assert triggered(events, "null") == [("null-field", 1, ("RB-HR-13",))]


def test_the_field_is_judged_where_the_enemy_stood_as_it_used_the_main_action_RB_HR_13_R_HERO_8() -> None:
    """RB-HR-13, R-HERO-8: the orc charges from 4 squares away to the null's side: its main action
    was used outside the field, so nothing; its next round's strike beside the null gives 1."""
    creatures = [
        Creature(id="null", side="heroes", hero=True, hero_class="null", pos=(2, 2, 0), stamina_max=60),
        Creature(id="orc", pos=(6, 2, 0), stamina_max=30),
    ]
    enc, _ = brawl.start_combat(Encounter.create(Terrain.flat(10, 10), creatures), first_side="director")
    enc, _ = brawl.start_turn(enc, "orc")
    enc, events = brawl.charge(enc, "orc", [(5, 2, 0), (4, 2, 0), (3, 2, 0)], "null", dice=DICE)
    assert enc.creature("orc").pos == (3, 2, 0)
    assert triggered(events, "null") == []
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "null")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.end_round(enc)
    enc, events = strike(enc, "orc", "null")
    assert triggered(events, "null") == [("null-field", 1, ("RB-HR-13",))]


def test_the_null_fields_size_comes_from_the_hero_sheet_RB_HR_13_R_HERO_8() -> None:
    """RB-HR-13, R-HERO-8: a sheet with ``null_field = 3`` makes a null whose field reaches the orc
    3 squares away; the sheet's TOML reads back equal, and a field of 0 is refused."""
    sheet = HeroSheet(name="Nul", stamina=60, hero_class="null", null_field=3)
    (again,) = parse_statblocks(dumps_statblocks([sheet]))
    assert again == sheet
    assert "null_field = 3" in dumps_statblocks([sheet])
    assert "null_field" not in dumps_statblocks([HeroSheet(name="Nul", stamina=60, hero_class="null")])
    enc = null_fight(null_field=sheet.creature("null").null_field)
    enc, events = strike(enc, "ally", "gob")
    enc, events = strike(enc, "orc", "null", ranged=True)
    assert triggered(events, "null") == [("null-field", 1, ("RB-HR-13",))]
    with pytest.raises(brawl.StateError, match="null_field"):
        Creature(id="n", hero=True, hero_class="null", null_field=0)


def test_an_unconscious_null_projects_no_field_RB_HR_13_R_HERO_8() -> None:
    """RB-HR-13, R-HERO-8: knocked unconscious, the null's field is gone: the goblin's strike
    beside it gives nothing."""
    enc = null_fight()
    enc, _ = brawl.add_condition(enc, "null", "unconscious")
    enc, _ = strike(enc, "ally", "gob")
    enc, events = strike(enc, "gob", "null")
    assert triggered(events, "null") == []


# --- the troubadour's three heroes on one turn (RB-HR-17) ---------------------------------------
SLASH = Ability(
    "Slash", "main action", "signature", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("creature", 1),
    power_roll=AbilityPowerRoll(("might",), tiers=tuple(parse_tier(f"{n} damage") for n in (1, 2, 3))),
)  # fmt: skip


def troupe() -> Encounter:
    """Four heroes around a sturdy goblin: ``a``, ``b``, ``c`` and the troubadour ``t``."""
    spots = {"a": (1, 1, 0), "b": (3, 1, 0), "c": (1, 3, 0), "t": (3, 3, 0)}
    heroes = [
        Creature(id=cid, side="heroes", hero=True, pos=pos, stamina_max=30, abilities=(SLASH,),
                 hero_class="troubadour" if cid == "t" else "")
        for cid, pos in spots.items()
    ]  # fmt: skip
    gob = Creature(id="gob", pos=(2, 2, 0), stamina_max=500)
    return brawl.start_combat(Encounter.create(Terrain.flat(8, 8), [*heroes, gob]), first_side="heroes").state


def slash(enc: Encounter, who: str, *, granted: bool = True) -> tuple[Encounter, tuple]:  # type: ignore[type-arg]
    out = brawl.use_ability(enc, who, "Slash", targets=["gob"], dice=DICE, granted=granted)
    return out.state, out.events


def test_three_heroes_using_abilities_on_one_turn_give_2_drama_once_an_encounter_RB_HR_17_R_HERO_9() -> None:
    """RB-HR-17, R-HERO-9: on a's turn a and b use abilities: nothing; on the goblin's turn the
    troubadour alone: nothing (the record starts again with each turn); on b's turn b, then c's
    free strike, then the troubadour's ability: three heroes, +2 drama; a fourth that turn and
    three again next round: nothing."""
    enc = troupe()
    enc, _ = brawl.start_turn(enc, "a")
    enc, _ = slash(enc, "a", granted=False)
    enc, events = slash(enc, "b")
    assert triggered(events, "t") == []
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "gob")
    enc, events = slash(enc, "t")
    assert triggered(events, "t") == []
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "b")
    enc, _ = slash(enc, "b", granted=False)
    enc, events = brawl.free_strike(enc, "c", "gob", dice=DICE, granted=True)
    assert triggered(events, "t") == []
    before = enc.creature("t").heroic_resource
    enc, events = slash(enc, "t")
    assert triggered(events, "t") == [("three-heroes", 2, ("RB-HR-17",))]
    (gain,) = of(TriggeredGain, events)
    assert gain.explain() == (
        f"t gains 2 drama ({before + 2} in all): 3 heroes use an ability on the same turn (RB-HR-17)"
    )
    enc, events = slash(enc, "a")
    assert triggered(events, "t") == []
    enc, _ = brawl.end_turn(enc)
    while actors := [cid for ids in next_actors(enc).values() for cid in ids]:
        enc, _ = brawl.start_turn(enc, actors[0])
        enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.end_round(enc)
    enc, _ = brawl.start_turn(enc, "a")
    for who in ("a", "b", "c"):
        enc, events = slash(enc, who, granted=who != "a")
        assert triggered(events, "t") == []


# --- the troubadour's return to life (RB-HR-17) -------------------------------------------------
def fallen(drama: int, hero_class: str = "troubadour") -> Encounter:
    """A troubadour (or another class) holding ``drama``, winded by 15 damage, then killed by 30."""
    t = Creature(
        id="t", side="heroes", hero=True, hero_class=hero_class, stamina_max=20, heroic_resource=drama
    )
    gob = Creature(id="gob", pos=(1, 0, 0), stamina_max=30)
    enc = brawl.start_combat(Encounter.create(Terrain.flat(8, 8), [t, gob]), first_side="heroes").state
    enc = brawl.damage(enc, "t", 15, source="gob").state
    enc = brawl.damage(enc, "t", 30, source="gob").state
    assert enc.creature("t").dead
    return enc


def test_a_dead_troubadour_at_30_drama_returns_to_life_with_1_stamina_and_0_drama_RB_HR_17() -> None:
    """RB-HR-17, R-HERO-10: 25 drama, + 2 for the first hero winded, + 10 for a hero's death,
    its own (R-HERO-4): dead at 37, it returns to life, off any turn: 1 Stamina, 0 drama,
    winded (the first winded hero paid already)."""
    enc = fallen(25)
    assert enc.creature("t").heroic_resource == 37
    assert ReturnToLife("t") in brawl.legal_actions(enc)
    enc, events = brawl.verbs.return_to_life(enc, "t")
    t = enc.creature("t")
    assert (t.dead, t.stamina, t.heroic_resource, t.is_winded) == (False, 1, 0, True)
    assert brawl.explain(events[:1]) == "t returns to life with 1 Stamina and 0 drama (it held 37) (RB-HR-17)"
    assert ReturnToLife("t") not in brawl.legal_actions(enc)


@pytest.mark.parametrize(
    ("enc_of", "reason"),
    [
        (lambda: fallen(5), "holds 17 drama: 30 are needed"),
        (lambda: fallen(25, "fury"), "not a troubadour"),
        (lambda: troupe(), "is alive"),
        (lambda: brawl.end_combat(fallen(25)).state, "only during combat"),
    ],
)
def test_return_to_life_is_refused_below_30_alive_or_not_a_troubadour_RB_HR_17(
    enc_of: Callable[[], Encounter], reason: str
) -> None:
    """RB-HR-17: 17 drama, a dead fury, a living troubadour, outside combat: each refused,
    naming the troubadour, the reason and the rule; none offered."""
    enc = enc_of()
    with pytest.raises(brawl.ActionUnavailableError, match=f"return to life: 't': .*{reason}.*RB-HR-17"):
        brawl.verify(enc, ReturnToLife("t"))
    assert not any(isinstance(a, ReturnToLife) for a in brawl.legal_actions(enc))
