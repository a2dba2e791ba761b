"""Hero tokens for Stamina as damage comes from any request: an ability, a free strike, a squad's
attack, forced movement (RB-TOKEN-02, RB-TOKEN-03, RB-TOKEN-09, rulings R-HERO-5, R-HERO-11)."""

from __future__ import annotations

import json

import attrs
import pytest

import brawl
from brawl import Ability, Creature, Encounter, Terrain, notation, parse_tier
from brawl.abilities.model import Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.errors import ActionUnavailableError, ArgumentTypeError
from brawl.events.damage import Damaged, Died, StaminaChanged
from brawl.events.dice import PowerRolled
from brawl.events.heroes import HeroTokensSpent
from brawl.rules.tokens import pool
from brawl.turns.drawsteel_turn import DrawSteelTurn

SMASH = Ability(
    "Smash", "main action", "signature", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("creature"),
    power_roll=AbilityPowerRoll(bonus=2, tiers=tuple(parse_tier(f"{n} damage") for n in (10, 15, 20))),
)  # fmt: skip
"""The ogre's ability: 20 damage at tier 3 (9 + 8 + 2 = 19, no critical hit)."""
TIER_3 = (9, 8)
TIER_1 = (1, 2)


def of(kind: type, events: tuple[object, ...]) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def ogre_turn(kira_stamina: int = 5, tokens: int = 3, **kira: object) -> Encounter:
    """Kira (Stamina 30, recovery value 10, dies at -15) at ``kira_stamina``, Tor and Ash beside
    her; the ogre's turn, the party holding ``tokens``."""
    heroes = [
        Creature(id="kira", side="heroes", hero=True, stamina_max=30, recoveries=8, pos=(1, 0, 0), **kira),  # type: ignore[arg-type]
        Creature(id="tor", side="heroes", hero=True, stamina_max=30, pos=(0, 1, 0)),
        Creature(id="ash", side="heroes", hero=True, stamina_max=30, pos=(6, 6, 0)),
    ]
    ogre = Creature(id="ogre", stamina_max=60, pos=(0, 0, 0), abilities=(SMASH,))
    enc = Encounter.create(Terrain.flat(10, 10), [*heroes, ogre], seed=2)
    enc, _ = brawl.start_combat(enc, first_side="director", hero_tokens=tokens)
    enc = enc.update_creature("kira", stamina=kira_stamina)
    started: Encounter = brawl.start_turn(enc, "ogre").state
    return started


def test_two_tokens_as_a_monster_ability_would_kill_RB_TOKEN_03() -> None:
    """RB-TOKEN-02, RB-TOKEN-03: the ogre's Smash at tier 3 deals 20 to Kira at 5: without tokens
    she drops to -15 and dies; with ``token_stamina=("kira",)`` she spends 2 of 3 tokens, regains
    her recovery value 10 first (5 -> 15), then takes the 20: -5, dying but alive. The tokens and
    the Stamina come before the roll's damage, in that order."""
    enc = ogre_turn()
    dead, events = brawl.use_ability(enc, "ogre", "Smash", ("kira",), TIER_3)
    assert [(e.stamina_before, e.stamina_after) for e in of(Damaged, events)] == [(5, -15)]
    assert dead.creature("kira").dead
    saved, events = brawl.use_ability(enc, "ogre", "Smash", ("kira",), TIER_3, token_stamina=("kira",))
    assert [(e.creature, e.amount, e.left) for e in of(HeroTokensSpent, events)] == [("kira", 2, 1)]
    assert [(e.before, e.after) for e in of(StaminaChanged, events)] == [(5, 15)]
    assert [(e.stamina_before, e.after_immunity, e.stamina_after) for e in of(Damaged, events)] == [
        (15, 20, -5)
    ]
    kinds = [
        type(e) for e in events if isinstance(e, HeroTokensSpent | StaminaChanged | PowerRolled | Damaged)
    ]
    assert kinds == [HeroTokensSpent, StaminaChanged, PowerRolled, Damaged]
    spent = of(HeroTokensSpent, events)[0]
    assert {"RB-TOKEN-02", "RB-TOKEN-03", "RB-TOKEN-09"} <= set(spent.rules)
    assert saved.creature("kira").stamina == -5
    assert not saved.creature("kira").dead
    assert pool(saved) == 1
    assert not of(Died, events)


def test_refused_with_fewer_than_two_tokens_RB_TOKEN_02() -> None:
    """RB-TOKEN-02: with 1 token in the pool the ability naming Kira's tokens is refused, naming
    her and the rule, and nothing happens; two heroes need 4."""
    enc = ogre_turn(tokens=1)
    request = brawl.UseAbility("ogre", "Smash", ("kira",), TIER_3, token_stamina=("kira",))
    with pytest.raises(ActionUnavailableError, match=r"'kira'.*RB-TOKEN-02"):
        brawl.verify(enc, request)
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-02"):
        brawl.apply(enc, request)
    assert not brawl.is_legal(enc, request)
    both = brawl.UseAbility("ogre", "Smash", ("kira",), TIER_3, token_stamina=("kira", "tor"))
    with pytest.raises(ActionUnavailableError, match=r"4 needed, the party holds 3.*RB-TOKEN-03"):
        brawl.verify(ogre_turn(tokens=3), both)


def test_a_hero_the_request_does_not_damage_spends_nothing_R_HERO_11() -> None:
    """RB-TOKEN-03, R-HERO-11: Ash, far off and no target, named in the ogre's Smash on Kira: the
    Smash resolves as without her, and she spends nothing: the pool stays at 3; Kira, named with
    her (the pool holding 4 for both), spends her 2 alone."""
    enc = ogre_turn()
    _, plain_events = brawl.use_ability(enc, "ogre", "Smash", ("kira",), TIER_3)
    after, events = brawl.use_ability(enc, "ogre", "Smash", ("kira",), TIER_3, token_stamina=("ash",))
    assert of(HeroTokensSpent, events) == []
    assert pool(after) == 3
    assert after.creature("ash").stamina == 30
    assert brawl.explain(events) == brawl.explain(plain_events)
    four = ogre_turn(tokens=4)
    after, events = brawl.use_ability(four, "ogre", "Smash", ("kira",), TIER_3, token_stamina=("ash", "kira"))
    assert [(e.creature, e.left) for e in of(HeroTokensSpent, events)] == [("kira", 2)]
    assert after.creature("kira").stamina == 5 + 10 - 20


def test_a_hero_whose_immunity_takes_all_spends_nothing_R_HERO_11_R_HERO_4() -> None:
    """R-HERO-11, R-HERO-4: Kira with damage immunity 20 takes nothing of the tier 1 Smash (10): no
    damage taken, no token spent."""
    enc = ogre_turn(immunities={"damage": 20})
    after, events = brawl.use_ability(enc, "ogre", "Smash", ("kira",), TIER_1, token_stamina=("kira",))
    assert [e.after_immunity for e in of(Damaged, events)] == [0]
    assert of(HeroTokensSpent, events) == []
    assert pool(after) == 3


def test_once_a_turn_RB_TOKEN_09_R_HERO_5() -> None:
    """RB-TOKEN-09, R-HERO-5: after Kira spends 2 tokens as the ogre's Smash comes, a second
    request naming her on the same turn is refused (one benefit a turn), though the pool holds 4;
    Tor, who had none, may."""
    enc = ogre_turn(kira_stamina=30, tokens=6)
    enc, _ = brawl.use_ability(enc, "ogre", "Smash", ("kira",), TIER_1, token_stamina=("kira",), granted=True)
    assert pool(enc) == 4
    again = brawl.UseAbility("ogre", "Smash", ("kira",), TIER_1, granted=True, token_stamina=("kira",))
    with pytest.raises(ActionUnavailableError, match=r"'kira'.*RB-TOKEN-09"):
        brawl.verify(enc, again)
    assert brawl.can(
        enc, brawl.UseAbility("ogre", "Smash", ("tor",), TIER_1, granted=True, token_stamina=("tor",))
    )


def test_a_free_strike_and_damage_carry_the_heroes_too_RB_TOKEN_03() -> None:
    """RB-TOKEN-03: the ogre's free strike of 4 on Kira at 5 with her tokens: 5 -> 15 -> 11;
    ``Damage(..., token_stamina=True)`` names its target: 5 -> 15 -> 12."""
    enc = ogre_turn()
    after, events = brawl.free_strike(enc, "ogre", "kira", flat_damage=4, token_stamina=("kira",))
    assert [(e.before, e.after) for e in of(StaminaChanged, events)] == [(5, 15)]
    assert after.creature("kira").stamina == 11
    after, _ = brawl.damage(enc, "kira", 3, source="ogre", token_stamina=True)
    assert after.creature("kira").stamina == 12
    assert brawl.actions.Damage("kira", 3, token_stamina=True).token_stamina == ("kira",)
    assert brawl.actions.Damage("kira", 3, token_stamina=False).token_stamina == ()


def test_a_squad_attack_carries_the_heroes_RB_TOKEN_03_RB_SQUAD_17() -> None:
    """RB-TOKEN-03, RB-SQUAD-17: two pitlings sting Kira at 5 for 4 + 2 = 6 poison at tier 2: with
    her tokens she is at 15 first, then 9."""
    sting = attrs.evolve(
        SMASH,
        name="Sting",
        power_roll=AbilityPowerRoll(
            bonus=2, tiers=tuple(parse_tier(f"{n} poison damage") for n in (2, 4, 5))
        ),
    )
    pitlings = [
        Creature(
            id=f"pit-{i}", name="Demon Pitling", stamina_max=4, minion=True, squad="pits", pos=p,
            abilities=(sting,),
        )
        for i, p in enumerate([(0, 0, 0), (2, 0, 0)])
    ]  # fmt: skip
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, recoveries=8, pos=(1, 0, 0))
    enc = Encounter.create(Terrain.flat(10, 10), [*pitlings, kira], seed=2)
    enc, _ = brawl.start_combat(enc, first_side="director", hero_tokens=2)
    enc, _ = brawl.start_turn(enc.update_creature("kira", stamina=5), "pit-0")
    after, events = brawl.squad_attack(
        enc, ("pit-0", "pit-1"), ("kira", "kira"), 2, dice=(5, 6), token_stamina=("kira",)
    )
    assert [(e.before, e.after) for e in of(StaminaChanged, events)] == [(5, 15)]
    assert after.creature("kira").stamina == 15 - 6
    assert pool(after) == 0


def test_a_push_into_a_wall_carries_the_heroes_RB_TOKEN_03() -> None:
    """RB-TOKEN-03, DS-SLAM-06: Kira at 1 pushed 3 squares into a wall 1 square away takes
    2 + 2 = 4 (2 squares left): with her tokens she is at 11 first, then 7."""
    enc = ogre_turn(kira_stamina=1)
    wall = {brawl.Pos(3, 0, z): brawl.Cell(brawl.Material.STONE) for z in range(4)}
    enc = attrs.evolve(enc, terrain=enc.terrain.with_cells(wall))
    after, events = brawl.push(enc, "ogre", "kira", 3, token_stamina=("kira",))
    assert [(e.before, e.after) for e in of(StaminaChanged, events)] == [(1, 11)]
    assert [e.after_immunity for e in of(Damaged, events)] == [4]
    assert after.creature("kira").stamina == 7


def test_the_field_takes_hero_ids_RB_TOKEN_03() -> None:
    """RB-TOKEN-03: ``token_stamina`` is a sequence of hero ids, each once, saved in a log and
    written in the notation; ``Damage`` still takes the flag it took first, for its target."""
    with pytest.raises(ArgumentTypeError, match="token_stamina"):
        brawl.UseAbility("ogre", "Smash", ("kira",), token_stamina=True)  # type: ignore[arg-type]
    assert brawl.UseAbility("ogre", "Smash", token_stamina=["kira", "kira"]).token_stamina == ("kira",)  # type: ignore[arg-type]
    request = brawl.UseAbility("ogre", "Smash", ("kira",), TIER_3, token_stamina=("kira",))
    saved = json.loads(brawl.actions_to_json([request]))["actions"][0]
    assert saved["token_stamina"] == ["kira"]
    assert brawl.action_from_json(saved) == request
    text = notation.format(request)
    assert text == "ogre use Smash kira 9,8 token_stamina=kira"
    assert notation.parse(text, ogre_turn()) == request
    # a log of Damage's flag still loads: the target
    old = {"class": "Damage", "target": "kira", "amount": 3, "token_stamina": True}
    assert brawl.action_from_json(old) == brawl.actions.Damage("kira", 3, token_stamina=("kira",))


# --- the damage a turn's start or end deals (RB-TOKEN-03, R-HERO-11) --------------------------------
def _aura(name: str, words: str, radius: int) -> Ability:
    return Ability(
        name, "maneuver", None, ("Area", "Magic"), distance=Distance("aura", radius),
        target=Target("each enemy"), effect_after=words,
    )  # fmt: skip


BLAZE = _aura(
    "Blazing Aura",
    "Until the start of your next turn, each enemy who starts their turn in the aura takes 2 fire damage.",
    2,
)
CHILL = _aura("Chill Aura", "Each enemy who ends their turn in the aura takes 4 cold damage.", 1)


def witch_aura(aura: Ability, kira_at: tuple[int, int, int], kira_stamina: int, tokens: int = 3) -> Encounter:
    """The witch raised ``aura`` on her turn and ended it; Kira (Stamina 30, recovery value 10)
    at ``kira_at`` with ``kira_stamina``, the party holding ``tokens``; Kira's turn is next."""
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, recoveries=8, pos=kira_at)
    witch = Creature(id="witch", stamina_max=40, pos=(2, 2, 0), abilities=(aura,))
    enc = Encounter.create(Terrain.flat(12, 12), [kira, witch], seed=3)
    enc, _ = brawl.start_combat(enc, first_side="director", hero_tokens=tokens)
    enc = enc.update_creature("kira", stamina=kira_stamina)
    enc = brawl.start_turn(enc, "witch").state
    enc = brawl.use_ability(enc, "witch", aura.name).state
    ended: Encounter = brawl.end_turn(enc).state
    return ended


def test_tokens_as_a_turn_begins_come_before_its_start_damage_RB_TOKEN_03() -> None:
    """RB-TOKEN-02, RB-TOKEN-03, R-HERO-11: Kira at 1 starts her turn in the witch's aura (2 fire
    damage): without tokens she drops to -1, dying; with ``token_stamina=("kira",)`` she spends 2
    of 5 tokens and regains 10 as the turn begins (1 -> 11), then takes the 2: 9. The spend is her
    benefit of the turn she began (RB-TOKEN-09): a second one that turn is refused."""
    enc = witch_aura(BLAZE, (3, 3, 0), 1, tokens=5)
    plain, events = brawl.start_turn(enc, "kira")
    assert [(e.stamina_before, e.stamina_after) for e in of(Damaged, events)] == [(1, -1)]
    assert plain.creature("kira").is_dying
    saved, events = brawl.start_turn(enc, "kira", token_stamina=("kira",))
    (spent,) = of(HeroTokensSpent, events)
    assert (spent.creature, spent.amount, spent.left) == ("kira", 2, 3)
    assert "RB-TOKEN-03" in spent.rules
    (healed,) = [e for e in of(StaminaChanged, events) if e.after > e.before]
    assert (healed.before, healed.after) == (1, 11)
    assert [(e.stamina_before, e.stamina_after) for e in of(Damaged, events)] == [(11, 9)]
    assert events.index(spent) < events.index(of(Damaged, events)[0])
    assert saved.creature("kira").stamina == 9
    assert pool(saved) == 3
    with pytest.raises(ActionUnavailableError, match="RB-TOKEN-09"):
        brawl.verbs.hero_token_stamina(saved, "kira")


def test_no_token_is_spent_as_a_turn_begins_without_damage_R_HERO_11() -> None:
    """R-HERO-11: Kira starts her turn 6 squares from the witch, out of the 2 aura: nothing comes,
    nothing is spent, and she may still spend on her turn."""
    enc = witch_aura(BLAZE, (8, 8, 0), 1)
    started, events = brawl.start_turn(enc, "kira", token_stamina=("kira",))
    assert not of(HeroTokensSpent, events)
    assert not of(Damaged, events)
    assert pool(started) == 3
    after, _ = brawl.verbs.hero_token_stamina(started, "kira")
    assert after.creature("kira").stamina == 11


def test_tokens_as_a_turn_ends_come_before_its_end_damage_RB_TOKEN_03() -> None:
    """RB-TOKEN-02, RB-TOKEN-03: Kira at 3 ends her turn beside the witch in the 1 aura that deals
    4 cold damage: with ``token_stamina`` she regains 10 first (3 -> 13), then takes 4: 9; without
    it, 3 -> -1. Too few tokens are refused before anything happens."""
    enc = brawl.start_turn(witch_aura(CHILL, (3, 2, 0), 3), "kira").state
    _, events = brawl.end_turn(enc)
    assert [(e.stamina_before, e.stamina_after) for e in of(Damaged, events)] == [(3, -1)]
    saved, events = brawl.end_turn(enc, token_stamina=("kira",))
    assert [(e.stamina_before, e.stamina_after) for e in of(Damaged, events)] == [(13, 9)]
    assert saved.creature("kira").stamina == 9
    turn = enc.turn
    assert isinstance(turn, DrawSteelTurn)
    poor = enc.with_turn(attrs.evolve(turn, hero_tokens=1))
    with pytest.raises(ActionUnavailableError, match=r"2 needed, the party holds 1 \(RB-TOKEN-02"):
        brawl.end_turn(poor, token_stamina=("kira",))


def test_only_draw_steel_turns_take_token_stamina() -> None:
    """RB-TOKEN-04: hero tokens are a Draw Steel combat's; the initiative game's start of a turn
    takes no ``token_stamina`` (an ArgumentTypeError naming the option)."""
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, pos=(1, 1, 0))
    ogre = Creature(id="ogre", stamina_max=30, pos=(5, 5, 0))
    enc = Encounter.create(Terrain.flat(8, 8), [kira, ogre], seed=1)
    enc, _ = brawl.start_combat(enc, system="initiative")
    first = enc.turn.order[0] if hasattr(enc.turn, "order") else "kira"
    with pytest.raises(ArgumentTypeError, match="token_stamina"):
        brawl.start_turn(enc, first, token_stamina=("kira",))
