"""Bleeding is automatic: the settle pass after each public rule (RB1-BLEEDING, R-STAM-6)."""

from __future__ import annotations

import brawl
import brawl.verbs
from brawl.dice import roll_dice
from brawl.events.base import DiceRolled
from brawl.events.damage import StaminaChanged
from brawl.rules import maneuvers, strikes
from brawl.rules.settle import settle
from brawl.rules.stamina import BLEEDING_PURPOSE, bleeding_loss


def encounter(*, bleeding: bool = True, grabbed: bool = False) -> brawl.Encounter:
    kira = brawl.Creature(
        id="kira", side=brawl.HEROES, hero=True, stamina_max=30, recoveries=8, pos=(2, 2, 0), level=2,
        characteristics=brawl.Characteristics(might=2, agility=1, reason=0),
    )  # fmt: skip
    ogre = brawl.Creature(id="ogre", stamina_max=200, pos=(3, 2, 0), size="2")
    enc = brawl.Encounter.create(brawl.Terrain.flat(10, 10), (kira, ogre), seed=7)
    if bleeding:
        enc, _ = brawl.add_condition(enc, "kira", "bleeding", "save_ends", source="ogre")
    if grabbed:
        enc, _ = brawl.add_condition(enc, "kira", "grabbed", "eot", source="ogre")
    return enc


def bleeding_rolls(events: tuple[object, ...]) -> list[DiceRolled]:
    return [e for e in events if isinstance(e, DiceRolled) and e.purpose == BLEEDING_PURPOSE]


def test_free_strike_with_might_costs_a_bleeding_level_2_creature_one_d6_plus_2() -> None:
    """RB1-BLEEDING, R-STAM-6: one d6 from the state's RNG, loss d6 + 2, once per action."""
    enc = encounter()
    unsettled = strikes.FreeStrike("kira", "ogre", characteristic="might").resolve(enc)
    (face,), _ = roll_dice(unsettled.state, 6, 1)  # the next draw of the RNG
    after, events = brawl.free_strike(enc, "kira", "ogre", characteristic="might")
    rolls = bleeding_rolls(events)
    assert [r.values for r in rolls] == [(face,)]
    assert rolls[0].source == "rng"
    assert after.creature("kira").stamina == 30 - (face + 2)
    lost = [e for e in events if isinstance(e, StaminaChanged) and e.creature == "kira"]
    assert [(e.before, e.after) for e in lost] == [(30, 30 - face - 2)]
    assert after.rng.counter == unsettled.state.rng.counter + 1


def test_replay_is_exact_and_settling_again_rolls_nothing() -> None:
    """RB1-BLEEDING: the same state gives the same loss; a settled outcome stays as it is."""
    enc = encounter()
    first = brawl.free_strike(enc, "kira", "ogre", characteristic="might")
    assert first == brawl.free_strike(enc, "kira", "ogre", characteristic="might")
    assert settle(first) == first


def test_a_creature_that_is_not_bleeding_loses_nothing() -> None:
    """RB1-BLEEDING: no bleeding, no roll and no loss."""
    enc = encounter(bleeding=False)
    after, events = brawl.free_strike(enc, "kira", "ogre", characteristic="might")
    assert bleeding_rolls(events) == []
    assert after.creature("kira").stamina == 30


def test_escape_grab_with_agility_costs_a_bleeding_creature_stamina() -> None:
    """RB1-BLEEDING: a maneuver that rolls Agility (Escape Grab, DS-ACT-06) triggers the loss."""
    enc = encounter(grabbed=True)
    after, events = brawl.escape_grab(enc, "kira", dice=(3, 4), characteristic="agility")
    rolls = bleeding_rolls(events)
    assert len(rolls) == 1
    assert after.creature("kira").stamina == 30 - (rolls[0].values[0] + 2)


def test_a_reason_test_costs_nothing() -> None:
    """RB1-BLEEDING: a test with Reason is not a Might or Agility roll, and no main action."""
    enc = encounter()
    after_out = brawl.verbs.assist_test(enc, "kira", characteristic="reason", roll=(5, 5))
    assert bleeding_rolls(after_out.events) == []
    assert after_out.state.creature("kira").stamina == 30


def test_defend_a_main_action_without_a_roll_costs_stamina() -> None:
    """RB1-BLEEDING: a main action (Defend, DS-ACT-19) triggers it without any roll."""
    after, events = brawl.defend(encounter(), "kira")
    assert len(bleeding_rolls(events)) == 1
    assert 30 - 8 <= after.creature("kira").stamina <= 30 - 3


def test_heal_a_main_action_costs_the_healer_not_the_target() -> None:
    """RB1-BLEEDING, DS-ACT-22: the bleeding healer loses 1d6 + level once; the healed hero only heals."""
    enc = encounter()
    mara = brawl.Creature(
        id="mara", side=brawl.HEROES, hero=True, stamina_max=20, recoveries=2, pos=(2, 3, 0)
    )
    enc = enc.with_creature(mara)
    enc = brawl.damage(enc, "mara", 12).state
    after, events = brawl.heal(enc, "kira", "mara")
    rolls = bleeding_rolls(events)
    assert [r.creature for r in rolls] == ["kira"]
    assert after.creature("kira").stamina == 30 - (rolls[0].values[0] + 2)
    assert after.creature("mara").stamina == 8 + 20 // 3  # a hero's recovery value: a third of 20
    assert after.creature("mara").recoveries == 1


def test_a_callers_d6_is_used_and_nothing_more_is_rolled() -> None:
    """RB1-BLEEDING: the caller's die through ``bleeding_loss(roll=...)`` before settling."""
    enc = encounter(grabbed=True)
    out = maneuvers.EscapeGrab("kira", dice=(3, 4), characteristic="might").resolve(enc)
    out = settle(out.then(bleeding_loss, "kira", roll=5))
    rolls = bleeding_rolls(out.events)
    assert [(r.values, r.source) for r in rolls] == [((5,), "caller")]
    assert out.state.creature("kira").stamina == 30 - 7
