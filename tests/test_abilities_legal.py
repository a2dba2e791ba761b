"""legal_actions offers each usable ability with its legal targets or placements; the simulator's
policy uses abilities, so simulated fights are real fights (R-ABIL-1, R-AREA-6)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import brawl
from brawl import Ability, Characteristics, Creature, Encounter, Pos, Terrain, UseAbility, parse_tier
from brawl.abilities.model import Cost, Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.rules.abilities import ability_targets
from brawl.rules.areas import cube_placements, place_area
from brawl.sim import play, replay_fight
from brawl.terrain import Cell, Material
from brawl.turns.ability_deeds import MAX_PLACEMENTS, MAX_WALLS, ability_deeds, best_use, pick_ability
from brawl.turns.hero_deeds import surge_variants


def roll(*tiers: str, chars: tuple[str, ...] = ("might",)) -> AbilityPowerRoll:
    return AbilityPowerRoll(chars, tiers=tuple(parse_tier(t) for t in tiers))


STAB = Ability(
    "Stab", "main action", "signature", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("enemy"),
    power_roll=roll("3 damage", "5 damage", "7 damage"),
)  # fmt: skip
BURST = Ability(
    "Shockwave", "main action", "heroic", ("Area", "Magic"),
    distance=Distance("burst", 1), target=Target("each enemy", None), cost=Cost("heroic", 3),
    power_roll=roll("2 damage; push 1", "4 damage; push 2", "6 damage; push 3"),
)  # fmt: skip
CUBE = Ability(
    "Fireball", "main action", "heroic", ("Area", "Magic", "Ranged"),
    distance=Distance("cube", size=2, within=5), target=Target("each enemy", None), cost=Cost("heroic", 5),
    power_roll=roll("2 fire damage", "4 fire damage", "6 fire damage"),
)  # fmt: skip
LINE = Ability(
    "Lance", "maneuver", None, ("Area", "Magic"),
    distance=Distance("line", size=4, width=1, within=1), target=Target("each enemy", None),
    power_roll=roll("1 damage", "2 damage", "3 damage"),
)  # fmt: skip
TRAIT = Ability(
    "Tough", "none", "trait", distance=Distance("self"), target=Target("self"), effect_after="+5 Stamina"
)


def start(heroic: int = 9) -> Encounter:
    kira = Creature(
        id="kira", side="heroes", hero=True, pos=(2, 2, 0), stamina_max=40, heroic_resource=heroic,
        characteristics=Characteristics(might=2), abilities=(STAB, BURST, CUBE, LINE, TRAIT),
    )  # fmt: skip
    near = Creature(id="near", pos=(3, 2, 0), stamina_max=10, abilities=(STAB,))
    far = Creature(id="far", pos=(7, 6, 0), stamina_max=10, abilities=(STAB,))
    enc = Encounter.create(Terrain.flat(12, 12), [kira, near, far])
    enc, _ = brawl.start_combat(enc, d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    return enc  # type: ignore[no-any-return]


def uses(actions: list[brawl.Action] | tuple[brawl.Action, ...]) -> list[UseAbility]:
    return [a for a in actions if isinstance(a, UseAbility)]


def test_legal_actions_offer_each_ability_with_its_targets_and_placements() -> None:
    """R-ABIL-1, R-ABIL-9, R-AREA-6: Stab on the adjacent enemy only; the burst (it catches one);
    fireballs within 5 that catch an enemy, nearest first, at most MAX_PLACEMENTS; lines
    from the squares around Kira; no trait; each offered use is legal and the list is stable."""
    enc = start()
    offered = uses(brawl.legal_actions(enc))
    assert offered == uses(brawl.legal_actions(enc))
    names = [a.ability for a in offered]
    assert "Tough" not in names
    assert [a.targets for a in offered if a.ability == "Stab"] == [("near",)]
    assert names.count("Shockwave") == 1
    cubes = [a for a in offered if a.ability == "Fireball"]
    assert 0 < len(cubes) <= MAX_PLACEMENTS
    for a in cubes:
        assert a.origin is not None
        assert brawl.distance(Pos(2, 2, 0), 1, a.origin, 2) <= 5
        assert brawl.rules.abilities.ability_targets(enc, a)
    lines = [a for a in offered if a.ability == "Lance"]
    assert lines
    assert all(brawl.can(enc, a) for a in offered)


def test_spent_actions_and_resources_close_the_offer() -> None:
    """DS-TURN-01, DS-SIDE-04: after a main action no main-action ability is offered; without
    Heroic Resource no heroic ability is."""
    enc = start(heroic=0)
    assert {a.ability for a in uses(brawl.legal_actions(enc))} == {"Stab", "Lance"}
    enc, _ = brawl.use_ability(enc, "kira", "Stab", targets=["near"], dice=(1, 1))
    assert {a.ability for a in uses(brawl.legal_actions(enc))} == {"Lance"}
    assert uses(ability_deeds(enc, "near")) == []  # not its turn (DS-TURN-01, R-TURN-11)


def test_the_policy_picks_the_costliest_ability_on_enemies() -> None:
    """The greedy policy: a heroic ability on enemies first, the fireball (cost 5) before the burst."""
    enc = start()
    choice = pick_ability(enc, list(brawl.legal_actions(enc)))
    assert choice is not None
    assert choice.ability == "Fireball"


def test_simulated_fights_use_abilities_and_replay() -> None:
    """R-ABIL-1: the simulator's fights are made of ability uses and replay exactly from their log."""
    kira = Creature(
        id="kira", side="heroes", hero=True, pos=(2, 2, 0), stamina_max=40, heroic_resource=9,
        characteristics=Characteristics(might=2), abilities=(STAB, BURST, CUBE),
    )  # fmt: skip
    gobs = [Creature(id=f"g{i}", pos=(5 + i, 2, 0), stamina_max=8, abilities=(STAB,)) for i in range(2)]
    enc = Encounter.create(Terrain.flat(12, 12), [kira, *gobs])
    fight = play(enc, max_rounds=10)
    used = {a.ability for a in uses(fight.actions)}
    assert "Stab" in used
    assert used & {"Shockwave", "Fireball"}
    assert replay_fight(enc, fight).state == fight.state
    summary = brawl.simulate(enc, runs=3, max_rounds=10)
    assert sum(summary.wins.values()) + summary.undecided == 3


def test_an_area_holding_more_targets_than_allowed_is_offered_with_the_first_chosen() -> None:
    """R-ABIL-9, R-ABIL-11: "two creatures in a 1 burst" with three goblins around Kira: offered
    with the first two in the encounter's order; without a choice it is refused."""
    pick = Ability(
        "Twin Shock", "main action", None, ("Area", "Magic"),
        distance=Distance("burst", 1), target=Target("enemy", 2),
        power_roll=roll("1 damage", "2 damage", "3 damage"),
    )  # fmt: skip
    kira = Creature(id="kira", side="heroes", pos=(2, 2, 0), abilities=(pick,))
    gobs = [Creature(id=f"g{i}", pos=p) for i, p in enumerate([(3, 2, 0), (1, 1, 0), (2, 3, 0)])]
    enc = Encounter.create(Terrain.flat(6, 6), [kira, *gobs])
    assert brawl.rules.abilities.area_candidates(enc, UseAbility("kira", "Twin Shock")) == ("g0", "g1", "g2")
    assert not brawl.can(enc, UseAbility("kira", "Twin Shock"))
    (offer,) = uses(ability_deeds(enc, "kira"))
    assert offer.targets == ("g0", "g1")
    out = brawl.apply(enc, attrs.evolve(offer, dice=(1, 1)))
    assert [out.state.creature(g).stamina for g in ("g0", "g1", "g2")] == [9, 9, 10]


HURL = Ability(
    "Hurl", "main action", "signature", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("enemy"),
    power_roll=roll("2 damage; push 1", "4 damage; push 2", "6 damage; push 3"),
)  # fmt: skip


def test_a_push_with_no_straight_direction_is_not_offered() -> None:
    """R-GEO-2, R-ABIL-10: the size-1 hero inside the size-2 brute's space has no "straight away"
    from the brute, so Hurl is offered on the hero beside it only; Stab (no push) on both."""
    brute = Creature(id="brute", size="2", pos=(0, 0, 0), stamina_max=40, abilities=(HURL, STAB))
    inside = Creature(id="inside", side="heroes", hero=True, size="1S", pos=(1, 1, 0))
    beside = Creature(id="beside", side="heroes", hero=True, pos=(2, 0, 0))
    enc = Encounter.create(Terrain.flat(6, 6), [brute, inside, beside])
    offered = [(a.ability, a.targets) for a in ability_deeds(enc, "brute") if isinstance(a, UseAbility)]
    assert offered == [("Hurl", ("beside",)), ("Stab", ("inside",)), ("Stab", ("beside",))]


WALL = Ability(
    "Stone Wall", "maneuver", None, ("Area", "Magic"),
    distance=Distance("wall", size=3, within=2), target=Target("special", text="none"),
    effect_after="The wall blocks movement and line of effect.",
)  # fmt: skip


def test_a_wall_is_offered_as_straight_walls_nearest_first() -> None:
    """R-AREA-4, R-AREA-6: at most MAX_WALLS (8) straight walls of 3 squares, each accepted, the
    nearest first (one square adjacent to Kira: 1 square away), the same list every time."""
    kira = Creature(id="kira", side="heroes", hero=True, pos=(4, 4, 0), abilities=(WALL,))
    enc = Encounter.create(Terrain.flat(10, 10), [kira, Creature(id="gob", pos=(8, 8, 0))])
    offered = [a for a in ability_deeds(enc, "kira") if isinstance(a, UseAbility)]
    assert len(offered) == MAX_WALLS == 8
    assert offered == [a for a in ability_deeds(enc, "kira") if isinstance(a, UseAbility)]
    for a in offered:
        assert len(a.wall) == 3
        xs, ys = {p.x for p in a.wall}, {p.y for p in a.wall}
        assert len(xs) == 1 or len(ys) == 1  # straight
        assert min(brawl.distance(kira.pos, 1, p, 1) for p in a.wall) == 1
        brawl.verify(enc, a)
    assert len({a.wall for a in offered}) == 8


QUAKE = Ability(
    "Quake", "main action", "signature", ("Area", "Magic"),
    distance=Distance("cube", size=2, within=3), target=Target("each enemy", None),
    power_roll=roll("1 damage; push 1", "2 damage; push 1", "3 damage; push 2"),
)  # fmt: skip


def test_a_cube_that_pushes_is_not_offered_with_a_target_on_its_origin_square() -> None:
    """R-GEO-2, R-ABIL-10: the cube's push comes from its origin square (the one nearest Kira);
    a placement with the goblin on that square has no straight direction and is not offered, the
    others are (the goblin caught elsewhere in the cube)."""
    kira = Creature(id="kira", side="heroes", hero=True, pos=(0, 0, 0), abilities=(QUAKE,))
    enc = Encounter.create(Terrain.flat(10, 10), [kira, Creature(id="gob", pos=(3, 0, 0))])
    offered = [a for a in ability_deeds(enc, "kira") if isinstance(a, UseAbility)]
    assert offered
    origins = [place_area(enc, "kira", QUAKE.distance, origin=a.origin).origin for a in offered]
    assert Pos(3, 0, 0) not in origins
    every = [
        p for p in cube_placements(enc, "kira", QUAKE.distance) if p.x <= 3 < p.x + 2 and p.y <= 0 < p.y + 2
    ]
    on_origin = [p for p in every if place_area(enc, "kira", QUAKE.distance, origin=p).origin == Pos(3, 0, 0)]
    assert on_origin  # such placements exist, and none of them is offered
    assert not {a.origin for a in offered} & set(on_origin)


BLAST = Ability(
    "Blast", "main action", "signature", ("Area", "Magic"),
    distance=Distance("cube", size=3, within=3), target=Target("each enemy", None),
    power_roll=roll("1 damage", "2 damage", "3 damage"),
)  # fmt: skip


def test_a_cube_touching_a_target_behind_stone_is_not_offered() -> None:
    """R-AREA-5, R-AREA-6, R-AREA-7: a stone wall at x = 3; the 3-cube at (2, 0) spans the goblin at
    (4, 1) but its origin square (2, 1) has no line of effect past the wall, so the area holds none
    of the squares behind it and catches nobody: not offered (an offer must catch a target); every
    cube offered catches the goblin."""
    kira = Creature(id="kira", side="heroes", hero=True, pos=(0, 1, 0), abilities=(BLAST,))
    stone = {Pos(3, y, z): Cell(Material.STONE) for y in range(10) for z in range(10)}
    enc = Encounter.create(Terrain.flat(10, 10).with_cells(stone), [kira, Creature(id="gob", pos=(4, 1, 0))])
    offered = [a for a in ability_deeds(enc, "kira") if isinstance(a, UseAbility)]
    assert all(ability_targets(enc, a) == ("gob",) for a in offered)
    behind = UseAbility("kira", "Blast", origin=(2, 0, 0))
    area = place_area(enc, "kira", BLAST.distance, origin=behind.origin)
    assert Pos(2, 1, 0) in area.cells
    assert not any(p.x >= 3 for p in area.cells)
    assert ability_targets(enc, behind) == ()
    assert behind not in offered


_FIGHTS = [
    (Path(__file__).resolve().parent.parent / "benchmarks" / "four_vs_six_abilities.toml", seed)
    for seed in (1, 2, 3)
] + [
    (Path(__file__).resolve().parent.parent / "examples" / "scenarios" / f"{name}.toml", 1)
    for name in ("bridge", "cliff", "tavern", "warband")
]


@pytest.mark.parametrize(("path", "seed"), _FIGHTS, ids=lambda x: getattr(x, "stem", str(x)))
def test_best_use_is_pick_ability_of_every_use_listed(path: Path, seed: int) -> None:
    """R-ABIL-1: at every state of greedy fights where a creature acts, best_use (checking only
    the uses pick_ability might pick) is pick_ability of every use the listing offers with their
    surge variants."""
    start = brawl.load_scenario(path).with_rng(brawl.Rng(seed))
    state, compared, picked = start, 0, 0
    for action in play(start).actions:
        cid = getattr(state.turn, "current", None)
        if cid is not None:
            uses = ability_deeds(state, cid)
            expected = pick_ability(state, [*uses, *surge_variants(state, cid, uses)])
            assert best_use(state, cid) == expected
            compared += 1
            picked += expected is not None
        state = brawl.apply(state, action).state
    assert compared > 10
    assert picked > 0 or "abilities" not in path.stem
