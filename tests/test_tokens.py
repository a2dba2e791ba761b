"""Hero tokens: the party's pool in the combat's bookkeeping, what a token buys, one benefit a
turn (RB-TOKEN-02..10)."""

from __future__ import annotations

import pytest

import brawl
from brawl import Condition, Creature, Encounter, Terrain
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.damage import Damaged, StaminaChanged
from brawl.events.heroes import HeroTokensAwarded, HeroTokensSpent, SurgesGained
from brawl.rules.tokens import pool, session_end_tokens, session_tokens
from brawl.turns.drawsteel import DrawSteelTurn


def of(kind: type, events: tuple[object, ...]) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def party(**kira: object) -> Encounter:
    """Three heroes (Kira: Stamina 30 of 30, recovery value 10) and a goblin."""
    heroes = [
        Creature(id="kira", side="heroes", hero=True, stamina_max=30, recoveries=8, **kira),  # type: ignore[arg-type]
        Creature(id="tor", side="heroes", hero=True, pos=(2, 0, 0), stamina_max=30),
        Creature(id="ash", side="heroes", hero=True, pos=(4, 0, 0), stamina_max=30),
    ]
    return Encounter.create(Terrain.flat(10, 10), [*heroes, Creature(id="gob", pos=(6, 6, 0))])


def fight(**options: object) -> Encounter:
    options.setdefault("first_side", "heroes")
    out = brawl.start_combat(party(), **options)  # type: ignore[arg-type]
    return out.state


def test_the_pool_starts_with_one_token_per_hero_RB_TOKEN_04_RB_TOKEN_05() -> None:
    """RB-TOKEN-04, RB-TOKEN-05: three heroes: a session starts with 3; a combat keeps the pool
    the table gives (5), or 3 by default; out of combat no pool is kept; a negative pool is refused."""
    assert session_tokens(party()) == 3
    assert pool(fight()) == 3
    enc = fight(hero_tokens=5)
    assert pool(enc) == 5
    assert isinstance(enc.turn, DrawSteelTurn)
    assert enc.turn.hero_tokens == 5
    assert pool(party()) is None
    with pytest.raises(InvalidArgumentError, match="RB-TOKEN-05"):
        brawl.StartCombat(hero_tokens=-1)


def test_a_token_buys_2_surges_RB_TOKEN_07() -> None:
    """RB-TOKEN-07: 1 token of 3 for 2 surges: 2 left, Kira has 2 surges."""
    enc = fight()
    enc, _ = brawl.start_turn(enc, "kira")
    enc, events = brawl.hero_token_surges(enc, "kira")
    (spent,) = of(HeroTokensSpent, events)
    assert (spent.amount, spent.left) == (1, 2)
    assert [(e.amount, e.total) for e in of(SurgesGained, events)] == [(2, 2)]
    assert enc.creature("kira").surges == 2
    assert pool(enc) == 2


def test_one_benefit_a_turn_RB_TOKEN_09() -> None:
    """RB-TOKEN-09: after the surges Kira can't take another benefit this turn (Stamina); next turn
    she can, and another hero can on her turn."""
    enc = fight(hero_tokens=6)
    enc, _ = brawl.start_turn(enc, "kira")
    enc, _ = brawl.damage(enc, "kira", 12)
    enc, _ = brawl.hero_token_surges(enc, "kira")
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-09"):
        brawl.hero_token_stamina(enc, "kira")
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-09"):
        brawl.damage(enc, "kira", 3, token_stamina=True)
    assert not brawl.can(enc, brawl.actions.HeroTokenSurges("kira"))
    assert brawl.can(enc, brawl.actions.HeroTokenSurges("tor"))
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "gob")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "tor")
    enc, events = brawl.damage(enc, "kira", 3, token_stamina=True)
    assert [e.amount for e in of(HeroTokensSpent, events)] == [2]


def test_two_tokens_restore_the_recovery_value_on_the_heros_turn_RB_TOKEN_02_RB_TOKEN_03() -> None:
    """RB-TOKEN-02, RB-TOKEN-03: Kira at 12 of 30 (recovery value 10) spends 2 of 3 tokens on her
    turn: 22; off her turn it is refused."""
    enc = fight()
    enc = enc.update_creature("kira", stamina=12)
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-03"):
        brawl.hero_token_stamina(enc, "kira")
    enc, _ = brawl.start_turn(enc, "kira")
    enc, events = brawl.hero_token_stamina(enc, "kira")
    assert [(e.before, e.after) for e in of(StaminaChanged, events)] == [(12, 22)]
    assert pool(enc) == 1
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-02"):
        brawl.hero_token_stamina(enc, "kira")  # 1 token left, 2 needed


def test_tokens_spent_as_damage_comes_heal_first_RB_TOKEN_03() -> None:
    """RB-TOKEN-03: Kira at 5 of 30 (dying at -15) takes 22: with 2 tokens she is at 15 first, and
    ends at -7, dying but alive; without them she would be at -17, dead."""
    enc = fight(first_side="director").update_creature("kira", stamina=5)
    enc, _ = brawl.start_turn(enc, "gob")
    healed, events = brawl.damage(enc, "kira", 22, source="gob", token_stamina=True)
    kinds = [type(e) for e in events if type(e) in (HeroTokensSpent, StaminaChanged, Damaged)]
    assert kinds == [HeroTokensSpent, StaminaChanged, Damaged]
    assert healed.creature("kira").stamina == 5 + 10 - 22
    assert not healed.creature("kira").dead
    dead, _ = brawl.damage(enc, "kira", 22, source="gob")
    assert dead.creature("kira").dead


def test_a_token_turns_a_failed_save_into_a_success_RB_TOKEN_08() -> None:
    """RB-TOKEN-08: a d10 of 2 fails against slowed (save ends); with a hero token it succeeds and
    slowed ends; the pool goes 3 -> 2."""
    enc = fight().update_creature("kira", conditions=(Condition("slowed", "save_ends"),))
    failed, _ = brawl.save_against(enc, "kira", 0, roll=2)
    assert failed.creature("kira").has("slowed")
    saved, events = brawl.save_against(enc, "kira", 0, roll=2, hero_token=True)
    assert not saved.creature("kira").has("slowed")
    assert [(e.amount, e.left, e.rules) for e in of(HeroTokensSpent, events)] == [
        (1, 2, ("RB-TOKEN-08", "RB-TOKEN-09"))
    ]
    kept, events = brawl.save_against(enc, "kira", 0, roll=9, hero_token=True)
    assert of(HeroTokensSpent, events) == []  # a success needs no token
    assert pool(kept) == 3


def test_the_director_awards_tokens_and_the_session_end_clears_them_RB_TOKEN_06_RB_TOKEN_10() -> None:
    """RB-TOKEN-06: an award of 2 takes 3 to 5; RB-TOKEN-10: at the end of the session the pool is
    0 unless the Director keeps it."""
    enc, events = brawl.award_hero_tokens(fight(), 2, "a heroic leap")
    assert [(e.amount, e.total) for e in of(HeroTokensAwarded, events)] == [(2, 5)]
    assert pool(enc) == 5
    assert session_end_tokens(5) == 0
    assert session_end_tokens(5, keep=True) == 5
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-06"):
        brawl.award_hero_tokens(party(), 1)
