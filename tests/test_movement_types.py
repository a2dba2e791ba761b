"""Movement types: climb, swim, jump, crawl, fly, hover, burrow, climbing creatures (DS-MTYPE-01..26)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.verbs
from brawl import Cell, Characteristics, Condition, Creature, Encounter, Material, Pos, Terrain
from brawl.events.movement import (
    ClimbedCreature,
    Dug,
    FreeStrikeAllowed,
    Jumped,
    Moved,
    PowerRollResolved,
)
from brawl.rules.steps import MODES
from brawl.rules.teleport import line_of_effect


def field(*creatures: Creature, terrain: Terrain | None = None) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(12, 12), list(creatures))


def hero(cid: str = "kira", pos: tuple[int, int, int] = (1, 1, 0), **kw: object) -> Creature:
    return Creature(id=cid, side="heroes", pos=pos, **kw)  # type: ignore[arg-type]


def of(events: tuple[brawl.Event, ...], kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def tower(height: int = 3) -> Terrain:
    """A stone column at (2, 1), levels 0 .. height-1."""
    return Terrain.flat(8, 4).with_cells({Pos(2, 1, z): Cell(Material.STONE) for z in range(height)})


def test_the_movement_modes_cover_the_eight_types() -> None:
    """DS-MTYPE-01, DS-MOVE-14: walk, burrow, climb, swim, jump, crawl, fly and teleport all exist."""
    assert {"advance", "crawl", "climb", "swim", "fly", "burrow"} <= set(MODES)
    assert callable(brawl.jump)
    assert callable(brawl.teleport)
    assert {m.value for m in brawl.MovementType} >= {
        "walk",
        "climb",
        "swim",
        "fly",
        "hover",
        "burrow",
        "teleport",
    }


# --------------------------------------------------------------------------------------------
# climb and swim


def test_climbing_costs_2_a_square_without_climb_1_with_it() -> None:
    """DS-MTYPE-11, DS-MTYPE-12: up the 3-square column, 2 each, 1 with climb; stepping onto its top walks."""
    path = [(1, 1, 1), (1, 1, 2), (1, 1, 3), (2, 1, 3)]
    walker = field(hero(speed=8), terrain=tower())
    out = brawl.move(walker, "kira", path, mode="climb")
    assert of(out.events, Moved)[0].step_costs == (2, 2, 2, 1)
    assert out.state.creature("kira").pos == (2, 1, 3)
    climber = field(hero(movement={"walk", "climb"}), terrain=tower())
    out = brawl.move(climber, "kira", path, mode="climb")
    assert of(out.events, Moved)[0].step_costs == (1, 1, 1, 1)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-07"):
        brawl.move(field(hero(), terrain=tower()), "kira", path, mode="climb")
    assert brawl.path_cost(walker, "kira", [(0, 1, 0)], mode="climb") == 1  # walking in climb mode


def test_climbing_needs_a_surface_to_hold() -> None:
    """DS-MTYPE-11, DS-MTYPE-24: without a wall to hold, only a flyer stays in the air."""
    enc = field(hero(movement={"walk", "climb"}), terrain=tower())
    with pytest.raises(brawl.IllegalMoveError, match="nothing holds"):
        brawl.move(enc, "kira", [(0, 1, 1)], mode="climb")
    r = brawl.reachable(enc, "kira", mode="climb")
    assert (1, 1, 2) in r
    assert (0, 1, 2) not in r
    assert r.algorithm == "bitset"  # a size-1 climber: the 3-D bit-set search


def test_failed_might_test_stops_the_climb_and_wastes_no_movement() -> None:
    """DS-MTYPE-13: on a failure the creature can't climb but wastes no movement."""
    enc = field(hero(speed=8), terrain=tower())
    out = brawl.move(enc, "kira", [(1, 2, 0), (1, 2, 1)], mode="climb", test_passed=False)
    moved = of(out.events, Moved)[0]
    assert out.state.creature("kira").pos == (1, 2, 0)
    assert moved.spent == 1
    assert moved.movement_left == 7
    assert moved.remaining == ((1, 2, 1),)
    assert "Might test" in moved.stopped
    passed = brawl.move(enc, "kira", [(1, 2, 0), (1, 2, 1)], mode="climb", test_passed=True)
    assert passed.state.creature("kira").pos == (1, 2, 1)


def pool(depth: int = 1) -> Terrain:
    cells = {
        Pos(x, y, z): Cell(liquid=True)
        for x in range(3, 6)
        for y in range(0, 4)
        for z in range(-depth + 1, 1)
    }
    cells |= {
        Pos(x, y, z): Cell(liquid=True)
        for x in range(3, 6)
        for y in range(0, 4)
        for z in range(-depth + 1, 0)
    }
    return Terrain.flat(8, 4).with_cells(cells)


def test_swimming_costs_2_a_square_without_swim_1_with_it() -> None:
    """DS-MTYPE-11, DS-MTYPE-12: across a 3-square pool: 2 + 2 + 2 walking in, 1 each for a swimmer."""
    path = [(3, 1, 0), (4, 1, 0), (5, 1, 0), (6, 1, 0)]
    enc = field(hero(pos=(2, 1, 0), speed=8), terrain=pool())
    assert brawl.path_cost(enc, "kira", path) == 7
    fish = field(hero(pos=(2, 1, 0), movement={"walk", "swim"}), terrain=pool())
    assert brawl.path_cost(fish, "kira", path) == 4


def test_swimming_down_in_deep_water() -> None:
    """DS-MTYPE-11, DS-MTYPE-12: a swim mode moves in three dimensions inside liquid."""
    enc = field(hero(pos=(3, 1, 0), movement={"walk", "swim"}), terrain=pool(depth=3))
    out = brawl.move(enc, "kira", [(3, 1, -1), (4, 1, -2)], mode="swim")
    assert out.state.creature("kira").pos == (4, 1, -2)
    assert of(out.events, Moved)[0].step_costs == (1, 1)
    with pytest.raises(brawl.IllegalMoveError, match="DS-GRID-03"):
        brawl.move(enc, "kira", [(3, 1, -1)])


def test_prone_creature_cannot_climb_swim_fly_or_jump() -> None:
    """RB1-PRONE: a prone creature can't climb, jump, swim or fly; it crawls."""
    enc = field(hero(conditions=[Condition("prone")], movement={"walk", "fly"}), terrain=pool())
    for mode in ("climb", "swim", "fly"):
        with pytest.raises(brawl.IllegalMoveError, match="RB1-PRONE"):
            brawl.reachable(enc, "kira", mode=mode)
    with pytest.raises(brawl.IllegalMoveError, match="RB1-PRONE"):
        brawl.jump(enc, "kira", (2, 1, 0))
    wet = field(hero(pos=(2, 1, 0), conditions=[Condition("prone")]), terrain=pool())
    with pytest.raises(brawl.IllegalMoveError, match="RB1-PRONE"):
        brawl.move(wet, "kira", [(3, 1, 0)])


# --------------------------------------------------------------------------------------------
# jumping


def pit() -> Terrain:
    """A 2-square-wide, 3-deep pit at x = 3..4."""
    cells = {Pos(x, y, z): Cell() for x in (3, 4) for y in range(4) for z in (-3, -2, -1)}
    return Terrain.flat(10, 4).with_cells(cells)


def test_long_jump_over_a_pit_up_to_agility_3() -> None:
    """DS-MTYPE-18, R-MOVE-6: Agility 3 jumps 3 squares across a gap without falling, 1 movement a square."""
    jumper = hero(pos=(2, 1, 0), characteristics=Characteristics(agility=3))
    enc = field(jumper, terrain=pit())
    out = brawl.jump(enc, "kira", (5, 1, 0))
    j = of(out.events, Jumped)[0]
    assert (j.length, j.max_length, j.cost, j.movement_left) == (3, 3, 3, 2)
    assert j.characteristic == "agility"
    assert out.state.creature("kira").pos == (5, 1, 0)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-18"):
        brawl.jump(enc, "kira", (6, 1, 0))
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-18"):
        brawl.jump(enc, "kira", (5, 1, 0), characteristic="might")  # Might 0: minimum 1 square


def test_jump_test_tier_adds_1_or_2_squares_longer_and_higher() -> None:
    """DS-MTYPE-19: tier 2 +1 and tier 3 +2 to length and height."""
    enc = field(hero(pos=(2, 1, 0), characteristics=Characteristics(might=2)), terrain=pit())
    assert of(brawl.jump(enc, "kira", (5, 1, 0), tier=2).events, Jumped)[0].max_length == 3
    assert of(brawl.jump(enc, "kira", (6, 1, 0), tier=3).events, Jumped)[0].max_length == 4
    assert of(brawl.jump(enc, "kira", (4, 1, 0), tier=1).events, Jumped)[0].max_length == 2
    ledge = Terrain.flat(10, 4).with_cells({Pos(4, 1, z): Cell(Material.STONE) for z in range(2)})
    high = field(hero(pos=(3, 1, 0)), terrain=ledge)
    with pytest.raises(brawl.IllegalMoveError, match="higher than its 1-square jump"):
        brawl.jump(high, "kira", (4, 1, 2))
    out = brawl.jump(high, "kira", (4, 1, 2), tier=2)
    assert out.state.creature("kira").pos == (4, 1, 2)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MTYPE-19"):
        brawl.jump(high, "kira", (4, 1, 2), tier=4)


def test_jump_no_longer_than_the_effect_and_not_out_of_difficult_terrain() -> None:
    """DS-MTYPE-20, DS-MTYPE-21: a 'move 2' effect caps a 3-square jump; no jumping out of mud."""
    enc = field(hero(pos=(2, 1, 0), characteristics=Characteristics(agility=3)), terrain=pit())
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-20"):
        brawl.jump(enc, "kira", (5, 1, 0), budget=2)
    mud = pit().with_cell((2, 1, 0), Cell(difficult=True))
    stuck = field(hero(pos=(2, 1, 0), characteristics=Characteristics(agility=3)), terrain=mud)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-21"):
        brawl.jump(stuck, "kira", (5, 1, 0))
    fire = field(hero(pos=(2, 1, 0)), terrain=pit().with_cell((2, 1, 0), Cell(damaging=2)))
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-21"):
        brawl.jump(fire, "kira", (1, 1, 0))


def test_jump_pays_only_the_landing_squares_surcharge() -> None:
    """R-MOVE-6: jumping over difficult terrain costs nothing extra; landing in it costs +1."""
    mud = Terrain.flat(10, 3).with_cells(
        {Pos(3, 1, 0): Cell(difficult=True), Pos(5, 1, 0): Cell(difficult=True)}
    )
    enc = field(hero(pos=(2, 1, 0), characteristics=Characteristics(agility=3)), terrain=mud)
    assert of(brawl.jump(enc, "kira", (4, 1, 0)).events, Jumped)[0].cost == 2
    assert of(brawl.jump(enc, "kira", (5, 1, 0)).events, Jumped)[0].cost == 4


def test_jump_over_a_low_wall_but_not_a_high_one() -> None:
    """DS-MTYPE-18: the jump clears obstacles up to its height of 1."""
    low = Terrain.flat(10, 3).with_cell((3, 1, 0), Cell(Material.STONE))
    enc = field(hero(pos=(2, 1, 0), characteristics=Characteristics(agility=2)), terrain=low)
    assert brawl.jump(enc, "kira", (4, 1, 0)).state.creature("kira").pos == (4, 1, 0)
    high = low.with_cell((3, 1, 1), Cell(Material.STONE))
    with pytest.raises(brawl.IllegalMoveError, match="blocked higher"):
        brawl.jump(
            field(hero(pos=(2, 1, 0), characteristics=Characteristics(agility=2)), terrain=high),
            "kira",
            (4, 1, 0),
        )


def test_jump_landing_in_a_pit_falls() -> None:
    """DS-MTYPE-18, DS-FALL-01: landing over nothing falls: 3 squares, 6 damage, prone."""
    enc = field(hero(pos=(2, 1, 0), stamina_max=20), terrain=pit())
    out = brawl.jump(enc, "kira", (3, 1, 0))
    k = out.state.creature("kira")
    assert k.pos == (3, 1, -3)
    assert k.stamina == 14
    assert k.has("prone")


# --------------------------------------------------------------------------------------------
# crawl, fly, hover


def test_crawling_costs_1_more_per_square() -> None:
    """DS-MTYPE-22: a prone creature crawls: 2 per square, so speed 5 crawls 2 squares."""
    enc = field(hero(conditions=[Condition("prone")]))
    r = brawl.reachable(enc, "kira", mode="crawl")
    assert r.cost((3, 1, 0)) == 4
    assert (4, 1, 0) not in r
    assert brawl.reachable(enc, "kira").costs() == r.costs()


def test_flying_moves_through_the_air_at_full_speed() -> None:
    """DS-MTYPE-24: a flyer moves up and across at 1 a square and stays in midair."""
    enc = field(hero(movement={"walk", "fly"}))
    out = brawl.move(enc, "kira", [(2, 1, 1), (3, 1, 2), (4, 1, 3)], mode="fly")
    assert out.state.creature("kira").pos == (4, 1, 3)
    assert of(out.events, Moved)[0].step_costs == (1, 1, 1)
    r = brawl.reachable(enc, "kira", mode="fly")
    assert r.cost((1, 1, 5)) == 5
    assert len(r) == 7 * 7 * 6  # x and y from 0 to 6, z from 0 to 5 (the ground is below z = 0)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-24"):
        brawl.move(field(hero()), "kira", [(2, 1, 1)], mode="fly")


def test_flyer_dropping_prone_falls_a_hoverer_does_not() -> None:
    """DS-MTYPE-25, DS-MTYPE-26: knocked or dropped prone, a flyer falls; a hoverer stays up."""
    flyer = field(hero(pos=(1, 1, 4), movement={"walk", "fly"}, stamina_max=20))
    out = brawl.fall_prone(flyer, "kira")
    assert out.state.creature("kira").pos == (1, 1, 0)
    assert out.state.creature("kira").stamina == 12
    hover = field(hero(pos=(1, 1, 4), movement={"walk", "fly", "hover"}))
    stays = brawl.fall_prone(hover, "kira")
    assert stays.state.creature("kira").pos == (1, 1, 4)
    assert stays.state.creature("kira").has("prone")


# --------------------------------------------------------------------------------------------
# burrowing


def mole(pos: tuple[int, int, int] = (1, 1, 0), **kw: object) -> Creature:
    return hero("mole", pos, movement={"walk", "burrow"}, **kw)


def test_burrower_tunnels_through_dirt_not_stone() -> None:
    """DS-MTYPE-02: horizontal movement through dirt; stone stops it; no tunnel is left."""
    ground = Terrain.flat(8, 3).with_cell((4, 1, -1), Cell(Material.STONE))
    enc = field(mole(pos=(1, 1, -1)), terrain=ground)
    out = brawl.move(enc, "mole", [(2, 1, -1), (3, 1, -1)], mode="burrow")
    assert out.state.creature("mole").pos == (3, 1, -1)
    assert out.state.terrain.cell((2, 1, -1)).material is Material.DIRT
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-02"):
        brawl.move(out.state, "mole", [(4, 1, -1)], mode="burrow")
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-02"):
        brawl.move(field(hero(pos=(1, 1, 0))), "kira", [(2, 1, 0)], mode="burrow")


def test_dig_moves_vertically_up_to_its_size() -> None:
    """DS-MTYPE-03, DS-MTYPE-04: a size-2 burrower digs down 2, not 3."""
    enc = field(mole(size="2"))
    out = brawl.verbs.dig(enc, "mole", 2)
    assert out.state.creature("mole").pos == (1, 1, -2)
    assert of(out.events, Dug)[0].max_squares == 2
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MTYPE-04"):
        brawl.verbs.dig(enc, "mole", 3)
    up = brawl.verbs.dig(out.state, "mole", 2, down=False)
    assert up.state.creature("mole").pos == (1, 1, 0)


def test_dig_needs_burrow_speed_at_least_size_and_dirt() -> None:
    """DS-MTYPE-03: burrow in its speed, speed ≥ size, touching ground it can burrow through."""
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MTYPE-03"):
        brawl.verbs.dig(field(hero()), "kira", 1)
    with pytest.raises(brawl.ActionUnavailableError, match="speed 2 is less than its size 3"):
        brawl.verbs.dig(field(mole(size="3", speed=2)), "mole", 1)
    stone = Terrain.flat(6, 6, ground=Material.STONE)
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MTYPE-03"):
        brawl.verbs.dig(field(mole(), terrain=stone), "mole", 1)


def test_burrower_holding_a_conscious_creature_cannot_dig_deeper() -> None:
    """DS-MTYPE-05: not deeper while it has a creature that is not unconscious grabbed."""
    victim = Creature(id="victim", pos=(2, 1, 0), conditions=[Condition("grabbed", source="mole")])
    enc = field(mole(speed=10), victim)
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MTYPE-05"):
        brawl.verbs.dig(enc, "mole", 1)
    limp = enc.update_creature(
        "victim", conditions=(Condition("grabbed", source="mole"), Condition("unconscious"))
    )
    assert brawl.verbs.dig(limp, "mole", 1).state.creature("mole").pos == (1, 1, -1)


def test_burrowed_creature_has_no_line_of_effect_to_the_surface_but_to_an_adjacent_burrower() -> None:
    """DS-MTYPE-07, DS-MTYPE-08: beneath the ground it sees nobody above, but an adjacent burrower."""
    enc = field(
        mole(pos=(1, 1, -2)),
        hero("kira", (4, 1, 0)),
        mole(pos=(2, 1, -2)).__class__(id="worm", side="heroes", pos=(2, 1, -2), movement={"walk", "burrow"}),
    )
    m, k, w = enc.creature("mole"), enc.creature("kira"), enc.creature("worm")
    assert brawl.rules.burrowing.beneath_the_ground(enc, "mole")
    assert not line_of_effect(enc, m.pos, m.n, k.pos, k.n)
    assert line_of_effect(enc, m.pos, m.n, w.pos, w.n)


def test_pull_a_willing_burrower_up_1_square() -> None:
    """DS-MTYPE-09: a creature on the ground pulls a willing adjacent burrower up 1 square."""
    enc = field(mole(pos=(1, 1, -1)), hero("kira", (2, 1, 0)))
    out = brawl.verbs.pull_up(enc, "kira", "mole")
    assert out.state.creature("mole").pos == (1, 1, 0)
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MTYPE-09"):
        brawl.verbs.pull_up(enc, "kira", "mole", willing=False)
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MTYPE-09"):
        brawl.verbs.pull_up(out.state, "kira", "mole")


def test_claw_dirt_tiers() -> None:
    """DS-MTYPE-10, DS-COND-09: ≤11 moves, slowed, weakened (EoT); 12-16 slowed, moves by main action; 17+."""
    enc = field(hero())
    low = brawl.verbs.claw_dirt(enc, "kira", (1, 1, -1), roll=9)
    k = low.state.creature("kira")
    assert k.pos == (1, 1, -1)
    assert low.state.terrain.cell((1, 1, -1)).material is Material.AIR  # the clawed square stays open
    assert k.has("slowed")
    assert k.has("weakened")
    assert of(low.events, PowerRollResolved)[0].tier == 1
    mid = brawl.verbs.claw_dirt(enc, "kira", (1, 1, -1), roll=14)
    assert mid.state.creature("kira").pos == (1, 1, 0)
    assert mid.state.creature("kira").has("slowed")
    assert not mid.state.creature("kira").has("weakened")
    spent = brawl.verbs.claw_dirt(enc, "kira", (1, 1, -1), roll=14, use_main_action=True)
    assert of(spent.events, Moved)[0].end == (1, 1, -1)
    high = brawl.verbs.claw_dirt(enc, "kira", (1, 1, -1), roll=17)
    assert of(high.events, Moved)[0].end == (1, 1, -1)
    assert not high.state.creature("kira").has("slowed")
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MTYPE-10"):
        brawl.verbs.claw_dirt(
            field(hero(conditions=[Condition("slowed")], speed=1)), "kira", (1, 1, -1), roll=17
        )
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MTYPE-10"):
        brawl.verbs.claw_dirt(field(mole()), "mole", (1, 1, -1), roll=17)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-10"):
        brawl.verbs.claw_dirt(enc, "kira", (1, 1, -2), roll=17)
    with pytest.raises(brawl.ArgumentTypeError, match=r"ClawDirt\.roll 'high'"):
        brawl.verbs.claw_dirt(enc, "kira", (1, 1, -1), roll="high")  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# climbing other creatures


def test_climb_a_larger_creature_by_test_or_freely_when_willing() -> None:
    """DS-MTYPE-14, DS-MTYPE-15: ≤11 fails and invites a free strike, 12-16 fails, 17+ climbs."""
    giant = Creature(id="giant", pos=(2, 1, 0), size="3")
    enc = field(hero(), giant)
    fail = brawl.verbs.climb_creature(enc, "kira", "giant", roll=8)
    assert of(fail.events, FreeStrikeAllowed)[0].creature == "giant"
    assert fail.state.creature("kira").riding is None
    miss = brawl.verbs.climb_creature(enc, "kira", "giant", roll=15)
    assert not of(miss.events, FreeStrikeAllowed)
    assert miss.state.creature("kira").riding is None
    up = brawl.verbs.climb_creature(enc, "kira", "giant", roll=17, at=(2, 1, 2))
    assert up.state.creature("kira").riding == "giant"
    assert of(up.events, ClimbedCreature)[0].at == (2, 1, 2)
    friend = Creature(id="friend", side="heroes", pos=(2, 1, 0), size="3")
    free = brawl.verbs.climb_creature(field(hero(), friend), "kira", "friend", willing=True)
    assert free.state.creature("kira").riding == "friend"
    assert not of(free.events, PowerRollResolved)


def test_cannot_climb_a_creature_not_larger() -> None:
    """DS-MTYPE-14, R-SIZE-1: only a creature whose size is greater than yours."""
    enc = field(hero(), Creature(id="orc", pos=(2, 1, 0)))
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-14"):
        brawl.verbs.climb_creature(enc, "kira", "orc", roll=20)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MTYPE-15"):
        brawl.verbs.climb_creature(field(hero(), Creature(id="g", pos=(2, 1, 0), size="3")), "kira", "g")


@given(st.sampled_from(MODES), st.integers(-3, 3), st.integers(-3, 3), st.integers(-1, 3))
def test_any_single_step_is_legal_or_refused_with_a_rule(mode: str, dx: int, dy: int, dz: int) -> None:
    """DS-MTYPE-01, R-MOVE-1: every request ends in an outcome or a RulesError naming its rule."""
    creature = hero(pos=(4, 1, 0), movement={"walk", "fly", "burrow", "climb", "swim"})
    enc = field(creature, terrain=tower())
    target = (4 + dx, 1 + dy, dz)
    if not brawl.actions.can(enc, brawl.Move("kira", [target], mode=mode)):
        with pytest.raises(brawl.RulesError) as info:
            brawl.move(enc, "kira", [target], mode=mode)
        assert info.value.rules
        return
    out = brawl.move(enc, "kira", [target], mode=mode)
    assert out.state.creature("kira").pos[:2] == target[:2]
