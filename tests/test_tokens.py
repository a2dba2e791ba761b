"""Hero tokens: the party's pool in the combat's bookkeeping, what a token buys, one benefit a
turn (RB-TOKEN-02..10)."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import brawl
from brawl import Ability, Characteristics, Condition, Creature, Encounter, Terrain, parse_tier
from brawl.abilities.model import Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.creature import resource_floor
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.damage import Damaged, StaminaChanged
from brawl.events.heroes import HeroTokensAwarded, HeroTokensSpent, SurgesGained, TriggeredGain
from brawl.rules.class_triggers import ReturnToLife
from brawl.rules.tokens import pool, session_end_tokens, session_tokens
from brawl.turns import next_actors
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
    enc, events = brawl.verbs.hero_token_surges(enc, "kira")
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
    enc, _ = brawl.verbs.hero_token_surges(enc, "kira")
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-09"):
        brawl.verbs.hero_token_stamina(enc, "kira")
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
        brawl.verbs.hero_token_stamina(enc, "kira")
    enc, _ = brawl.start_turn(enc, "kira")
    enc, events = brawl.verbs.hero_token_stamina(enc, "kira")
    assert [(e.before, e.after) for e in of(StaminaChanged, events)] == [(12, 22)]
    assert pool(enc) == 1
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-02"):
        brawl.verbs.hero_token_stamina(enc, "kira")  # 1 token left, 2 needed


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
    enc, events = brawl.verbs.award_hero_tokens(fight(), 2, "a heroic leap")
    assert [(e.amount, e.total) for e in of(HeroTokensAwarded, events)] == [(2, 5)]
    assert pool(enc) == 5
    assert session_end_tokens(5) == 0
    assert session_end_tokens(5, keep=True) == 5
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-06"):
        brawl.verbs.award_hero_tokens(party(), 1)


# --- the pools never go negative, one benefit a turn, surges gone after combat (stateful) --------
SLICE = Ability(
    "Slice", "main action", "signature", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("creature"),
    power_roll=AbilityPowerRoll(("might",), tiers=tuple(parse_tier(f"{n} damage") for n in (2, 4, 6))),
)  # fmt: skip
HEROES = ("kira", "tor", "nul", "ari")
ONCE_AN_ENCOUNTER = frozenset({"winded-or-dying", "hero-winded", "three-heroes"})
"""The class triggers that pay once an encounter (RB-HR-12, RB-HR-17); those below pay every time."""
EVERY_TIME = frozenset({"natural-19-20", "hero-died"})


class HeroResourcesMachine(RuleBasedStateMachine):
    """RB-TOKEN-04, RB-TOKEN-09, RB-SURGE-02, RB-SURGE-04, RB-HR-07, RB-HR-09..17: random turns,
    damage, the goblin's strikes, token spending, surge spending, a troubadour's return to life
    and the end of combat; no pool ever negative, one token benefit a hero a turn, no class
    trigger paid twice a round (or an encounter, for those once an encounter), no surge or Heroic
    Resource left after combat."""

    def __init__(self) -> None:
        super().__init__()
        heroes = [
            Creature(id="kira", side="heroes", hero=True, hero_class="fury", stamina_max=30,
                     abilities=(SLICE,), characteristics=Characteristics(might=2)),
            Creature(id="tor", side="heroes", hero=True, hero_class="talent", pos=(0, 2, 0), stamina_max=30,
                     abilities=(SLICE,), characteristics=Characteristics(might=1)),
            Creature(id="nul", side="heroes", hero=True, hero_class="null", pos=(2, 1, 0), stamina_max=30,
                     abilities=(SLICE,)),
            Creature(id="ari", side="heroes", hero=True, hero_class="troubadour", pos=(2, 2, 0),
                     stamina_max=10, heroic_resource=20, abilities=(SLICE,)),
        ]  # fmt: skip
        gob = Creature(id="gob", pos=(1, 1, 0), stamina_max=200)
        self.enc = Encounter.create(Terrain.flat(8, 8), [*heroes, gob], seed=3)
        self.benefits: dict[str, int] = {}
        self.paid: dict[tuple[str, str], int] = {}  # class triggers paid this round (or encounter)
        self.ended = False

    def _count(self, events: tuple[object, ...]) -> None:
        for e in of(TriggeredGain, events):
            if e.trigger not in EVERY_TIME:
                self.paid[e.creature, e.trigger] = self.paid.get((e.creature, e.trigger), 0) + 1

    @initialize(tokens=st.integers(0, 4))
    def start(self, tokens: int) -> None:
        self.enc, _ = brawl.start_combat(self.enc, first_side="heroes", hero_tokens=tokens)

    def _do(self, request: brawl.Action) -> None:
        if self.ended or not brawl.can(self.enc, request):
            return
        out = brawl.apply(self.enc, request)
        self._count(out.events)
        for e in out.events:
            if isinstance(e, HeroTokensSpent):
                self.benefits[e.creature] = self.benefits.get(e.creature, 0) + 1
        self.enc = out.state

    @rule()
    def next_turn(self) -> None:
        if self.ended:
            return
        t = self.enc.turn
        assert isinstance(t, DrawSteelTurn)
        if t.current is not None:
            self.enc, events = brawl.end_turn(self.enc)
            self._count(events)
            return
        actors = [cid for ids in next_actors(self.enc).values() for cid in ids]
        self.enc, events = brawl.start_turn(self.enc, actors[0]) if actors else brawl.end_round(self.enc)
        self.benefits = {}  # a new turn (or round): a new benefit each
        if not actors:  # a new round: the triggers of a round pay again
            self.paid = {k: n for k, n in self.paid.items() if k[1] in ONCE_AN_ENCOUNTER}
        self._count(events)

    @rule(who=st.sampled_from(HEROES), amount=st.integers(0, 25), token=st.booleans())
    def damage(self, who: str, amount: int, token: bool) -> None:
        self._do(brawl.actions.Damage(who, amount, source="gob", token_stamina=token))

    @rule(who=st.sampled_from(HEROES))
    def surges(self, who: str) -> None:
        self._do(brawl.actions.HeroTokenSurges(who))

    @rule(who=st.sampled_from(HEROES))
    def stamina(self, who: str) -> None:
        self._do(brawl.actions.HeroTokenStamina(who))

    @rule(
        who=st.sampled_from(HEROES),
        n=st.integers(0, 3),
        dice=st.tuples(st.integers(1, 10), st.integers(1, 10)),
    )
    def slice(self, who: str, n: int, dice: tuple[int, int]) -> None:
        self._do(brawl.UseAbility(who, "Slice", ("gob",), dice, granted=True, surges=n))

    @rule(who=st.sampled_from(HEROES), dice=st.tuples(st.integers(1, 10), st.integers(1, 10)))
    def goblin_strikes(self, who: str, dice: tuple[int, int]) -> None:
        strike = brawl.actions.FreeStrike("gob", who, dice=dice)
        if brawl.is_legal(self.enc, strike):  # on the goblin's own turn, its main action left
            self._do(strike)

    @rule()
    def return_to_life(self) -> None:
        self._do(ReturnToLife("ari"))

    @rule(amount=st.integers(1, 3))
    def award(self, amount: int) -> None:
        self._do(brawl.actions.AwardHeroTokens(amount))

    @rule()
    def end(self) -> None:
        if not self.ended:
            self.enc, _ = brawl.end_combat(self.enc)
            self.ended = True

    @invariant()
    def nothing_negative_one_benefit_a_turn(self) -> None:
        held = pool(self.enc)
        assert held is None or held >= 0
        for cid in HEROES:
            c = self.enc.creature(cid)
            assert c.surges >= 0
            assert c.heroic_resource >= resource_floor(c)  # 0, or a talent's -(1 + Reason)
            assert self.benefits.get(cid, 0) <= 1
            if self.ended:
                assert (c.surges, c.heroic_resource) == (0, 0)
        assert all(n <= 1 for n in self.paid.values()), self.paid
        t = self.enc.turn
        assert not isinstance(t, DrawSteelTurn) or t.ability_users <= set(HEROES)


TestHeroResources = HeroResourcesMachine.TestCase


def test_a_token_rerolls_a_test_and_the_new_roll_is_kept_RB_TOKEN_01() -> None:
    """RB-TOKEN-01, RB-TOKEN-09, DS-ACT-14: the goblin hidden from Kira rolls 5 + 5 = 10 on its
    Agility test; Kira's Intuition test of 1 + 1 = 2 would not find it; a token (3 -> 2) rerolls it
    to 9 + 9 = 18, kept: the goblin is found. A second token benefit that turn, a reroll without a
    token, and a goblin's reroll are refused."""
    enc = fight()
    enc = enc.with_creature(
        brawl.Creature(id="gob", pos=(3, 3, 0), hidden_from=frozenset({"kira"}), stamina_max=10)
    )
    enc, _ = brawl.start_turn(enc, "kira")
    rolls = {"kira": (1, 1), "gob": (5, 5)}
    missed, _ = brawl.search(enc, "kira", rolls=rolls)
    assert missed.creature("gob").hidden_from == frozenset({"kira"})
    found, events = brawl.search(enc, "kira", rolls=rolls, token_reroll=True, reroll=(9, 9))
    assert found.creature("gob").hidden_from == frozenset()
    assert pool(found) == 2
    (spent,) = of(HeroTokensSpent, events)
    assert (spent.amount, spent.benefit) == (1, "reroll a test")
    assert "RB-TOKEN-01" in spent.rules
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-09"):
        brawl.verify(found, brawl.actions.Search("kira", token_reroll=True))
    with pytest.raises(InvalidArgumentError, match="RB-TOKEN-01"):
        brawl.verify(enc, brawl.actions.Search("kira", reroll=(9, 9)))
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-04"):
        brawl.verify(enc, brawl.actions.Search("gob", token_reroll=True))


def test_legal_actions_offer_a_token_or_surges_only_when_affordable_and_allowed_RB_TOKEN_09() -> None:
    """RB-TOKEN-07, RB-TOKEN-02, RB-TOKEN-09, RB-SURGE-02: on Kira's turn the legal actions offer 1
    token for 2 surges and 2 for Stamina; with an empty pool, or once a benefit was had this turn,
    neither; with surges held, each use of an ability with rolled damage again spending them."""
    strike = Ability(
        "Test Cut", "main action", "signature", ("Melee", "Strike", "Weapon"),
        distance=Distance("melee", 1), target=Target("creature"),
        power_roll=AbilityPowerRoll(("might",), tiers=(parse_tier("4 damage"),) * 3),
    )  # fmt: skip
    enc = fight()
    enc = enc.with_creature(
        Creature(id="kira", side="heroes", hero=True, stamina_max=30, recoveries=8, abilities=(strike,))
    )
    enc = enc.with_creature(Creature(id="gob", pos=(1, 0, 0)))
    enc, _ = brawl.start_turn(enc, "kira")
    offered = brawl.legal_actions(enc)
    tokens = [
        a for a in offered if isinstance(a, brawl.actions.HeroTokenSurges | brawl.actions.HeroTokenStamina)
    ]
    assert tokens == [brawl.actions.HeroTokenSurges("kira"), brawl.actions.HeroTokenStamina("kira")]
    assert not [a for a in offered if isinstance(a, brawl.UseAbility) and a.surges]
    enc, _ = brawl.apply(enc, brawl.actions.HeroTokenSurges("kira"))
    offered = brawl.legal_actions(enc)
    assert not [
        a for a in offered if isinstance(a, brawl.actions.HeroTokenSurges | brawl.actions.HeroTokenStamina)
    ]
    assert [a.surges for a in offered if isinstance(a, brawl.UseAbility) and a.ability == "Test Cut"] == [
        0,
        2,
    ]
    empty = brawl.start_turn(fight(hero_tokens=0), "kira").state
    assert not [a for a in brawl.legal_actions(empty) if isinstance(a, brawl.actions.HeroTokenSurges)]
