"""Policies: the interface (a callable, a name, ``module:function``), the seeds, and what the
tactical policy weighs: tier chances (DS-TURN-13, RB3-EDGES), finishing blows, area placement."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

import brawl
from brawl import Ability, Characteristics, Creature, Encounter, Pos, Terrain, parse_tier
from brawl.abilities.model import Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.actions import Action, AdvanceTo, Disengage, EndTurn, FreeStrike, StartTurn, TakeAction
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.policy import (
    POLICIES,
    BySide,
    Options,
    RandomPolicy,
    Seedable,
    load_policy,
    policy_named,
    seeded,
    tactical,
    tactics,
)
from brawl.policy.tactics import _at_an_edge, tier_chances
from brawl.rules.abilities import UseAbility, area_candidates
from brawl.sim import play, simulate
from brawl.terrain import AIR
from brawl.turns.drawsteel_turn import DrawSteelTurn, actors


def roll(*tiers: str, chars: tuple[str, ...] = ("reason",)) -> AbilityPowerRoll:
    return AbilityPowerRoll(chars, tiers=tuple(parse_tier(t) for t in tiers))


FIREBALL = Ability(
    "Fireball", "main action", "signature", ("Area", "Magic", "Ranged"),
    distance=Distance("cube", size=2, within=6), target=Target("each creature", None),
    power_roll=roll("4 fire damage", "7 fire damage", "10 fire damage"),
)  # fmt: skip


def duel(seed: int = 4) -> Encounter:
    kira = Creature(
        id="kira", side="heroes", hero=True, stamina_max=30, pos=(1, 1),
        characteristics=Characteristics(might=2),
    )  # fmt: skip
    gob = Creature(id="gob", stamina_max=10, pos=(5, 4))
    return Encounter.create(Terrain.flat(8, 8), [kira, gob], seed=seed)


def on_turn(enc: Encounter, cid: str) -> Encounter:
    enc, _ = brawl.start_combat(enc, d10=9)
    enc, _ = brawl.start_turn(enc, cid)
    return enc


def count_totals(bonus: int) -> tuple[int, int, int]:
    """Of the 100 faces of 2d10, how many give tiers 1, 2 and 3: 11 or lower, 12 to 16, 17 or
    higher, a natural 19 or 20 always tier 3 (counted here face by face)."""
    t1 = t2 = t3 = 0
    for a in range(1, 11):
        for b in range(1, 11):
            total = a + b + bonus
            if a + b >= 19 or total >= 17:
                t3 += 1
            elif total >= 12:
                t2 += 1
            else:
                t1 += 1
    return t1, t2, t3


@pytest.mark.parametrize(
    ("bonus", "expected"),
    [(0, (55, 35, 10)), (2, (36, 43, 21)), (-5, (90, 7, 3)), (10, (0, 15, 85))],
)
def test_tier_chances_ds_turn_13_rb3_edges(bonus: int, expected: tuple[int, int, int]) -> None:
    """DS-TURN-13: tier 1 is 11 or lower, tier 2 12 to 16, tier 3 17 or higher; RB3-EDGES: a
    natural 19 or 20 is tier 3 whatever the total. 2d10 + 0: 55, 35 and 10 faces of 100."""
    assert count_totals(bonus) == expected
    assert tier_chances(bonus) == pytest.approx(tuple(n / 100 for n in expected))


def test_every_registered_policy_plays_the_same_fight_from_the_same_seed() -> None:
    """``play(..., seed=)`` replaces the state's RNG and seeds a policy that draws: the same seed,
    the same fight, for every registered policy; the random policy's fights differ by seed."""
    start = duel()
    for name, policy in POLICIES.items():
        a = play(start, policy=policy, seed=7, max_rounds=6, max_steps=120)
        b = play(start, policy=policy, seed=7, max_rounds=6, max_steps=120)
        assert a.actions == b.actions, name
        assert a.state == b.state, name
        assert brawl.replay(start.with_rng(brawl.Rng(7)), a.actions).state == a.state, name
    logs = {play(start, policy=RandomPolicy(), seed=s, max_rounds=3, max_steps=40).actions for s in range(4)}
    assert len(logs) > 1


def test_a_seedable_policy_is_seeded_by_play() -> None:
    """:func:`brawl.policy.seeded` gives a Seedable policy's copy for the seed, and any other as it is."""
    assert isinstance(RandomPolicy(), Seedable)
    assert seeded(RandomPolicy(3), 9) == RandomPolicy(9)
    assert seeded(tactical, 9) is tactical


def test_a_users_policy_is_a_few_lines() -> None:
    """A plain function taking (state, options) is a policy for play and simulate."""
    seen: list[int] = []

    def cautious(state: Encounter, options: Sequence[Action]) -> Action:
        seen.append(len(options))
        for a in options:
            if isinstance(a, TakeAction) and isinstance(a.action, FreeStrike) and not a.action.ranged:
                return a
        return tactical(state, options)

    summary = simulate(duel(), runs=3, policy=cautious)
    assert summary.runs == 3
    assert sum(summary.wins.values()) == 3
    assert seen


def test_policies_by_name_and_by_module_path() -> None:
    """A registered name gives its policy; ``module:function`` imports one; anything else is refused."""
    assert policy_named("greedy") is POLICIES["greedy"]
    assert load_policy("tactical") is tactical
    assert load_policy("brawl.policy.options:greedy") is POLICIES["greedy"]
    with pytest.raises(InvalidArgumentError, match="one of tactical, greedy, random"):
        policy_named("clever")
    with pytest.raises(InvalidArgumentError, match="cannot load"):
        load_policy("brawl.nowhere:policy")
    with pytest.raises(InvalidArgumentError, match="not callable"):
        load_policy("brawl.policy:DEFAULT_POLICY")
    with pytest.raises(ArgumentTypeError):
        policy_named(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="one of"):
        simulate(duel(), runs=1, policy="clever")
    with pytest.raises(ArgumentTypeError, match="a policy"):
        simulate(duel(), runs=1, policy=3)  # type: ignore[arg-type]


def test_simulate_takes_a_registered_name() -> None:
    """``simulate(policy="greedy")`` is the greedy policy's summary."""
    enc = duel()
    assert simulate(enc, runs=3, policy="greedy") == simulate(enc, runs=3, policy=POLICIES["greedy"])


def test_tactical_finishes_the_foe_it_can() -> None:
    """Beside two foes, the blow goes on the one a hit can finish, not the first in order."""
    kira = Creature(
        id="kira", side="heroes", hero=True, stamina_max=30, pos=(3, 3),
        characteristics=Characteristics(might=2),
    )  # fmt: skip
    tough = Creature(id="a-tough", stamina_max=40, pos=(4, 3))
    weak = Creature(id="b-weak", stamina_max=10, stamina=3, pos=(2, 3))
    enc = on_turn(Encounter.create(Terrain.flat(8, 8), [kira, tough, weak], seed=1), "kira")
    action = tactical(enc, Options(enc))
    assert isinstance(action, TakeAction)
    assert isinstance(action.action, FreeStrike)
    assert action.action.target == "b-weak"


def test_tactical_places_an_area_on_the_enemies_and_off_its_allies() -> None:
    """A cube is placed where it catches both clustered enemies and not the ally beside one of
    them (R-AREA-2): the placement is chosen, and the rules agree on whom it holds."""
    mage = Creature(
        id="mage", side="heroes", hero=True, stamina_max=30, pos=(1, 1),
        characteristics=Characteristics(reason=2), abilities=(FIREBALL,),
    )  # fmt: skip
    ally = Creature(id="ally", side="heroes", hero=True, stamina_max=30, pos=(5, 6))
    g1 = Creature(id="g1", stamina_max=30, pos=(5, 4))
    g2 = Creature(id="g2", stamina_max=30, pos=(6, 5))
    enc = on_turn(Encounter.create(Terrain.flat(10, 10), [mage, ally, g1, g2], seed=1), "mage")
    first = tactical(enc, Options(enc))  # a hero token for 2 surges first (RB-TOKEN-07)
    assert first == brawl.actions.HeroTokenSurges("mage")
    enc = brawl.apply(enc, first).state
    action = tactical(enc, Options(enc))
    assert isinstance(action, UseAbility)
    assert action.ability == "Fireball"
    assert action.surges == 2  # spent on its rolled damage (RB-SURGE-02)
    assert set(area_candidates(enc, action)) == {"g1", "g2"}
    assert brawl.can(enc, action)


def test_tactical_draws_back_when_dying() -> None:
    """A dying hero (Stamina 0 or below, DS-STAM-06) beside a foe disengages (DS-ACT-02) to a
    square farther from it: 2 squares away, not 1."""
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=40, stamina=-3, pos=(3, 3), recoveries=0)
    gob = Creature(id="gob", stamina_max=40, pos=(4, 3))
    enc = on_turn(Encounter.create(Terrain.flat(8, 8), [kira, gob], seed=1), "kira")
    action = tactical(enc, Options(enc))
    assert isinstance(action, TakeAction)
    assert isinstance(action.action, Disengage)
    (end,) = action.action.path
    assert brawl.distance(end, 1, Pos(4, 3, 0), 1) == 2


def test_tactical_ends_its_turn_when_nothing_is_left() -> None:
    """After its main action and move, with no foe in reach and nowhere better to be, the turn ends."""
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, pos=(3, 3))
    gob = Creature(id="gob", stamina_max=30, pos=(4, 3))
    enc = on_turn(Encounter.create(Terrain.flat(8, 8), [kira, gob], seed=1), "kira")
    steps = []
    for _ in range(6):
        action = tactical(enc, Options(enc))
        steps.append(action)
        if isinstance(action, EndTurn):
            break
        enc = brawl.apply(enc, action).state
    assert isinstance(steps[-1], EndTurn)
    assert any(isinstance(a, TakeAction) and isinstance(a.action, FreeStrike) for a in steps)


def test_tactical_starts_the_turn_of_the_creature_nearest_a_foe() -> None:
    """Between turns the side picks who acts next (DS-SIDE-08..12): the creature nearest a foe,
    where greedy takes the first by id; with one creature each they agree."""
    far = Creature(id="a-far", side="heroes", hero=True, stamina_max=30, pos=(0, 0))
    near = Creature(id="b-near", side="heroes", hero=True, stamina_max=30, pos=(5, 5))
    gob = Creature(id="gob", stamina_max=10, pos=(6, 6))
    enc, _ = brawl.start_combat(Encounter.create(Terrain.flat(8, 8), [far, near, gob], seed=1), d10=9)
    assert tactical(enc, Options(enc)) == StartTurn("b-near")
    assert POLICIES["greedy"](enc, Options(enc)) == StartTurn("a-far")
    one, _ = brawl.start_combat(duel(), d10=9)
    assert tactical(one, Options(one)) == POLICIES["greedy"](one, Options(one))


def test_random_policy_picks_among_the_options() -> None:
    enc = on_turn(duel(), "kira")
    options = list(Options(enc))
    picks = {RandomPolicy(s)(enc, options) for s in range(12)}
    assert picks <= set(options)
    assert len(picks) > 1
    assert list(itertools.islice(picks, 1))


def test_each_side_plays_its_own_policy() -> None:
    """``BySide``: the creature whose turn it is chooses by its side's policy, and between turns
    the side that acts next (DS-SIDE-08..12); the others by the default; seeded per side."""
    calls: list[str] = []

    def marker(name: str) -> brawl.policy.Policy:
        def choose(state: Encounter, options: Sequence[Action]) -> Action:
            calls.append(name)
            return POLICIES["greedy"](state, options)

        return choose

    both = BySide({"heroes": marker("heroes")}, marker("between"))
    fight = play(duel(), policy=both, seed=2, max_rounds=3)
    start = duel().with_rng(brawl.Rng(2))
    state = brawl.apply(start, fight.actions[0]).state
    expected = []
    for action in fight.actions[1:]:
        turn = state.turn
        assert isinstance(turn, DrawSteelTurn)
        side = state.creature(turn.current).side if turn.current else actors(state, turn)[0]
        expected.append("heroes" if side == "heroes" else "between")
        state = brawl.apply(state, action).state
    assert calls == expected
    assert {"heroes", "between"} <= set(calls)
    assert BySide({"heroes": RandomPolicy()}).seeded(5) == BySide({"heroes": RandomPolicy(5)})


def test_tactical_keeps_off_the_edge_of_a_drop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Of the squares beside its foe, the tactical policy moves to one with no drop beside it (a
    push from the edge of a 4-level hole would be a fall, DS-FALL-01, DS-FALL-04); without the
    edge's discount it takes the first cheapest, the one at the edge."""
    hole = {Pos(x, y, z): AIR for x in (6, 7) for y in (0, 1) for z in range(-4, 0)}
    terrain = Terrain.flat(10, 8, height=4, below=4).with_cells(hole)
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, pos=(7, 3))
    gob = Creature(id="gob", stamina_max=30, pos=(4, 3))
    enc = on_turn(Encounter.create(terrain, [kira, gob], seed=1), "kira")
    # the ranged Free Strike first (worth more than waiting), then the move to melee reach
    shot = tactical(enc, Options(enc))
    assert isinstance(shot, TakeAction)
    assert isinstance(shot.action, FreeStrike)
    enc = brawl.apply(enc, shot).state
    move = tactical(enc, Options(enc))
    assert isinstance(move, AdvanceTo)
    assert brawl.distance(move.destination, 1, gob.pos, 1) == 1
    assert not _at_an_edge(enc, move.destination, 1)
    monkeypatch.setattr(tactics, "EDGE_SHARE", 1.0)
    careless = tactical(enc, Options(enc))
    assert isinstance(careless, AdvanceTo)
    assert _at_an_edge(enc, careless.destination, 1)
