""" "Spend X" entries: more of the resource for more effect (RB-HR-03)."""

from __future__ import annotations

import pytest

import brawl
from brawl.abilities.model import Ability, Cost, Distance, PowerRoll, Spend, Target
from brawl.abilities.parse import parse_tier
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.abilities import EffectForTable, ResourceSpent
from brawl.io.json import structure, unstructure
from brawl.statblocks import dumps_statblocks, loads_statblocks


def _fight(resource: int = 9) -> brawl.Encounter:
    """Kira (9 Heroic Resource) with a 3-cost strike that has a "Spend 2+" entry, beside a goblin."""
    blast = Ability(
        "Test Blast", "main action", "heroic", ("Magic", "Ranged", "Strike"),
        distance=Distance("ranged", 5), target=Target("creature"), cost=Cost("heroic", 3),
        power_roll=PowerRoll(("reason",), tiers=(parse_tier("3 damage"),) * 3),
        spend=(Spend(2, "the target takes 2 more damage for each 2 spent", plus=True),),
    )  # fmt: skip
    kira = brawl.Creature(id="kira", side="heroes", hero=True, heroic_resource=resource, abilities=(blast,))
    gob = brawl.Creature(id="gob", pos=(3, 0, 0), stamina_max=20)
    return brawl.start_combat(
        brawl.Encounter.create(brawl.Terrain.flat(10, 10), [kira, gob]), first_side="heroes"
    ).state


def test_a_spend_entry_takes_more_of_the_resource_rb_hr_03() -> None:
    """RB-HR-03: 3 for the ability and "Spend 2+" paid 4 (twice 2): 9 - 3 - 4 = 2 left; the
    entry's effect goes to the table; without a spend only the cost is paid (9 - 3 = 6)."""
    enc = brawl.start_turn(_fight(), "kira").state
    start = enc.creature("kira").heroic_resource
    out = brawl.use_ability(enc, "kira", "Test Blast", targets=["gob"], dice=(9, 9), spend=4)
    assert out.state.creature("kira").heroic_resource == start - 3 - 4
    spent = [e for e in out.events if isinstance(e, ResourceSpent)]
    assert [(e.amount, "RB-HR-03" in e.rules) for e in spent] == [(3, False), (4, True)]
    table = [e for e in out.events if isinstance(e, EffectForTable) and "RB-HR-03" in e.rules]
    assert [e.text for e in table] == ["Spend 2+: the target takes 2 more damage for each 2 spent"]
    plain = brawl.use_ability(enc, "kira", "Test Blast", targets=["gob"], dice=(9, 9))
    assert plain.state.creature("kira").heroic_resource == start - 3


def test_a_spend_buys_only_its_entry_and_only_what_is_held_rb_hr_03() -> None:
    """RB-HR-03, RB-HR-02: 3 is no multiple of 2, and an entry without "+" takes exactly its
    amount: refused naming the rule; 3 + 8 with 9 held is refused as unpaid."""
    enc = brawl.start_turn(_fight(), "kira").state
    held = enc.creature("kira").heroic_resource
    with pytest.raises(InvalidArgumentError, match="RB-HR-03"):
        brawl.verify(enc, brawl.UseAbility("kira", "Test Blast", ("gob",), spend=3))
    with pytest.raises(ActionUnavailableError, match=f"costs 11 Heroic Resource, {held} left"):
        brawl.verify(enc, brawl.UseAbility("kira", "Test Blast", ("gob",), spend=held - 1))
    assert Spend(2, "more").allows(2)
    assert not Spend(2, "more").allows(4)
    assert Spend(2, "more", plus=True).allows(6)


def test_a_spend_entry_reads_back_from_json_rb_hr_03() -> None:
    """RB-HR-03: an ability's Spend entries survive a JSON round trip."""
    ability = _fight().creature("kira").abilities[0]
    assert structure(unstructure(ability), Ability) == ability
    assert ability.spend[0].printed() == "Spend 2+: the target takes 2 more damage for each 2 spent"


def test_a_stat_block_file_carries_spend_entries_rb_hr_03() -> None:
    """RB-HR-03: brawl's TOML stat block format reads an ability's "spend" entries, and writes
    them back."""
    text = """
[[monsters]]
name = "Test Mage"
level = 1
organization = "leader"
role = "controller"
ev = 12
stamina = 40
speed = 5
size = "1M"
stability = 0
free_strike = 3
characteristics = { might = 0, agility = 1, reason = 3, intuition = 1, presence = 1 }

[[monsters.abilities]]
name = "Bolt"
action_type = "main action"
category = "signature"
keywords = ["Magic", "Ranged", "Strike"]
distance = "ranged 10"
target = "one creature"
power_roll = { characteristics = ["reason"], tiers = ["3 damage", "5 damage", "7 damage"] }
spend = [{ amount = 2, text = "the target is also slowed (EoT)", plus = true }]
"""
    got = loads_statblocks(text, source="mage.toml")
    (block,) = got.blocks
    assert block.abilities[0].spend == (Spend(2, "the target is also slowed (EoT)", plus=True),)
    again = loads_statblocks(dumps_statblocks(got.blocks), source="again.toml")
    assert again.blocks[0].abilities[0].spend == block.abilities[0].spend
