"""Healing through damage: "the user regains Stamina equal to (half) the damage dealt" (R-ABIL-21),
one instance only for a Director creature (RB-DSTAM-06).

The tier texts are made up in the grammar the exports print, never a published block's words."""

from __future__ import annotations

import attrs
import pytest

import brawl
from brawl.abilities.model import EFFECT_TYPES, Ability, Distance, Drain, PowerRoll, Target, TextEffect
from brawl.abilities.parse import parse_tier
from brawl.events.base import Note
from brawl.io.json import EFFECT_TAGS, structure, unstructure


def _fight(printed: str, *, hero: bool, weak: int = 0) -> brawl.Encounter:
    """A biter (a hero or a Director creature) at 10 of 40 Stamina beside two foes; ``weak``: the
    second foe's weakness to untyped damage."""
    bite = Ability(
        "Test Bite", "main action", None, ("Melee", "Strike", "Weapon"),
        distance=Distance("melee", 1), target=Target("creature", 2),
        power_roll=PowerRoll(("might",), tiers=(parse_tier(printed),) * 3),
    )  # fmt: skip
    side, foes = (brawl.HEROES, brawl.DIRECTOR) if hero else (brawl.DIRECTOR, brawl.HEROES)
    biter = brawl.Creature(
        id="biter", side=side, hero=hero, pos=(2, 2, 0), stamina_max=40, stamina=10, abilities=(bite,)
    )
    one = brawl.Creature(id="one", side=foes, pos=(3, 2, 0), stamina_max=30)
    two = brawl.Creature(
        id="two", side=foes, pos=(3, 3, 0), stamina_max=30, weaknesses={"damage": weak} if weak else {}
    )
    return brawl.Encounter.create(brawl.Terrain.flat(10, 10), [biter, one, two])


def test_the_clause_reads_as_a_drain_r_abil_21() -> None:
    """R-ABIL-21: "the X regains Stamina equal to (half) the damage dealt" is a Drain of the user,
    halved if printed so; its printed form reads back; a JSON round trip keeps it."""
    printed = "6 damage; the vampire regains Stamina equal to half the damage dealt"
    (damage, drain) = parse_tier(printed).effects
    assert drain == Drain(half=True, who="user")
    assert not isinstance(drain, TextEffect)
    assert not isinstance(damage, TextEffect)
    (whole,) = parse_tier("the target regains Stamina equal to the damage dealt").effects
    assert whole == Drain(half=False, who="target")
    assert parse_tier(drain.printed()).effects == (Drain(half=True, who="user"),)
    tier = parse_tier("6 damage; the vampire regains Stamina equal to the damage dealt")
    assert structure(unstructure(tier), type(tier)) == tier


def test_a_hero_regains_the_total_of_every_instance_r_abil_21() -> None:
    """R-ABIL-21: a hero's bite of 6 damage on two foes heals it 6 + 6 = 12 (10 -> 22)."""
    enc = _fight("6 damage; the biter regains Stamina equal to the damage dealt", hero=True)
    out = brawl.use_ability(enc, "biter", "Test Bite", targets=["one", "two"], dice=(9, 9))
    assert out.state.creature("one").stamina == 24
    assert out.state.creature("two").stamina == 24
    assert out.state.creature("biter").stamina == 10 + 12


def test_a_director_creature_regains_one_instance_only_rb_dstam_06() -> None:
    """RB-DSTAM-06, R-ABIL-21: a Director creature's bite of 6 damage on two foes heals it 6, one
    instance, not 12; with the second foe weak 3 (9 damage) it heals 9, the largest instance, not 15;
    half the damage dealt heals 4 (9 // 2)."""
    enc = _fight("6 damage; the biter regains Stamina equal to the damage dealt", hero=False)
    out = brawl.use_ability(enc, "biter", "Test Bite", targets=["one", "two"], dice=(9, 9))
    assert out.state.creature("biter").stamina == 10 + 6
    notes = [e for e in out.events if isinstance(e, Note) and "RB-DSTAM-06" in e.rules]
    assert len(notes) == 1  # the second instance adds nothing
    weak = _fight("6 damage; the biter regains Stamina equal to the damage dealt", hero=False, weak=3)
    out = brawl.use_ability(weak, "biter", "Test Bite", targets=["one", "two"], dice=(9, 9))
    assert out.state.creature("two").stamina == 30 - 9
    assert out.state.creature("biter").stamina == 10 + 9
    half = _fight("6 damage; the biter regains Stamina equal to half the damage dealt", hero=False, weak=3)
    out = brawl.use_ability(half, "biter", "Test Bite", targets=["one", "two"], dice=(9, 9))
    assert out.state.creature("biter").stamina == 10 + 9 // 2


@pytest.mark.parametrize("hero", [True, False])
def test_no_damage_dealt_heals_nothing_r_abil_21(hero: bool) -> None:
    """R-ABIL-21: a tier that dealt its target no damage (an immune one) heals nothing, and says so."""
    enc = _fight("6 damage; the biter regains Stamina equal to the damage dealt", hero=hero)
    enc = enc.with_creature(brawl.Creature(id="one", side=enc.creature("one").side, pos=(3, 2, 0),
                                           stamina_max=30, immunities={"damage": 10}))  # fmt: skip
    out = brawl.use_ability(enc, "biter", "Test Bite", targets=["one"], dice=(9, 9))
    assert out.state.creature("one").stamina == 30
    assert out.state.creature("biter").stamina == 10
    assert any(isinstance(e, Note) and "R-ABIL-21" in e.rules for e in out.events)


def test_a_heros_ability_heals_no_director_creature_rb_dstam_05() -> None:
    """RB-DSTAM-05, R-DIR-11: "the target regains 6 Stamina" from a hero's ability leaves a Director
    creature at 20 of 30, with a note; the same tier from a Director creature's ability heals its
    ally 20 -> 26."""
    enc = _fight("the target regains 6 Stamina", hero=True)
    enc = enc.with_creature(attrs.evolve(enc.creature("one"), stamina=20))
    out = brawl.use_ability(enc, "biter", "Test Bite", targets=["one"], dice=(9, 9))
    assert out.state.creature("one").stamina == 20
    assert any(isinstance(e, Note) and "RB-DSTAM-05" in e.rules for e in out.events)
    ally = brawl.Creature(id="ally", side=brawl.DIRECTOR, pos=(1, 2, 0), stamina_max=30, stamina=20)
    mine = _fight("the target regains 6 Stamina", hero=False).with_creature(ally)
    out = brawl.use_ability(mine, "biter", "Test Bite", targets=["ally"], dice=(9, 9))
    assert out.state.creature("ally").stamina == 26


def test_every_kind_of_effect_has_one_json_tag() -> None:
    """Each kind of ability effect is written with its own tag, and every tag names one kind."""
    tags = {cls: EFFECT_TAGS[cls] for cls in EFFECT_TYPES}
    assert set(EFFECT_TAGS) == set(EFFECT_TYPES)
    assert len(set(tags.values())) == len(EFFECT_TYPES) == 15
    assert tags[Drain] == "drain"
