"""Willing movement: move, Advance, shift, Disengage, Ride, standing, opportunity attacks (DS-MOVE)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.geometry
from brawl import Cell, Condition, Creature, Encounter, Material, Pos, Terrain
from brawl.events.damage import Damaged
from brawl.events.movement import (
    Moved,
    OpportunityAttackForgone,
    OpportunityAttackProvoked,
    RideUsed,
    StoodUp,
)
from brawl.rules.edges import edges_and_banes


def field(
    *creatures: Creature, width: int = 12, depth: int = 12, terrain: Terrain | None = None
) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(width, depth), list(creatures))


def hero(cid: str = "kira", pos: tuple[int, int, int] = (1, 1, 0), **kw: object) -> Creature:
    return Creature(id=cid, side="heroes", hero=True, pos=pos, **kw)  # type: ignore[arg-type]


def foe(cid: str = "goblin", pos: tuple[int, int, int] = (2, 2, 0), **kw: object) -> Creature:
    return Creature(id=cid, side="director", pos=pos, **kw)  # type: ignore[arg-type]


def of(events: tuple[brawl.Event, ...], kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


# --------------------------------------------------------------------------------------------
# speed and cost


def test_advance_moves_up_to_speed_5_and_no_farther() -> None:
    """DS-ACT-01, DS-MOVE-01, DS-MOVE-07: a typical speed of 5 moves 5 squares with Advance."""
    enc = field(hero())
    path = [(x, 1, 0) for x in range(2, 7)]
    out = brawl.move(enc, "kira", path)  # a move's mode is Advance unless it says otherwise
    assert out.state.creature("kira").pos == (6, 1, 0)
    moved = of(out.events, Moved)[0]
    assert moved.mode == "advance"
    assert moved.step_costs == (1, 1, 1, 1, 1)
    assert moved.movement_left == 0
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-07"):
        brawl.move(enc, "kira", [*path, (7, 1, 0)])


def test_advance_on_its_own_turn_spends_the_turns_movement_DS_TURN_02() -> None:
    """DS-ACT-01, DS-TURN-02: Advance takes the move action, whose speed of 5 pays a path of 2;
    3 squares are left for the rest of the turn, and no combat means no Advance to take."""
    enc = field(hero(), foe(pos=(10, 10, 0)))
    enc, _ = brawl.start_combat(enc, d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    out = brawl.advance(enc, "kira", [(2, 1, 0), (3, 1, 0)])
    assert out.state.creature("kira").pos == (3, 1, 0)
    assert brawl.actions.movement_left(out.state, "kira") == 3
    with pytest.raises(brawl.TurnOrderError, match="DS-SIDE-04"):
        brawl.advance(field(hero()), "kira", [(2, 1, 0)])


def test_slowed_creature_offered_3_squares_moves_only_2() -> None:
    """DS-MOVE-07, DS-COND-08, RB1-SLOWED, R-MOVE-2: speed 5 slowed to 2; 'move up to 3' moves 2."""
    enc = field(hero(conditions=[Condition("slowed")]))
    out = brawl.move(enc, "kira", [(2, 1, 0), (3, 1, 0)], budget=3)
    assert of(out.events, Moved)[0].budget == 2
    with pytest.raises(brawl.IllegalMoveError, match="costs 3, more than its 2 movement"):
        brawl.move(enc, "kira", [(2, 1, 0), (3, 1, 0), (4, 1, 0)], budget=3)
    far = brawl.Move("kira", [(2, 1, 0), (3, 1, 0), (4, 1, 0)], budget=3, ignore_speed=True)
    assert brawl.actions.can(enc, far)


def test_each_step_costs_its_surcharges() -> None:
    """DS-GRID-03, DS-MOVE-02, DS-MOVE-03, DS-MOVE-12, R-MOVE-1: 1 each, +1 difficult, +1 enemy, ally free."""
    terrain = Terrain.flat(10, 3).with_cell((2, 1, 0), Cell(difficult=True))
    enc = field(hero(), hero("ally", (3, 1, 0)), foe(pos=(4, 1, 0)), terrain=terrain, width=10)
    out = brawl.move(enc, "kira", [(2, 1, 0), (3, 1, 0), (4, 1, 0), (5, 2, 0)], budget=6, ignore_speed=True)
    assert of(out.events, Moved)[0].step_costs == (2, 1, 2, 1)
    assert of(out.events, Moved)[0].spent == 6


def test_moving_creature_is_dead_or_has_no_movement() -> None:
    """DS-MOVE-07, RB1-GRABBED, DS-COND-05: speed 0 (grabbed, unconscious) can't move; the dead can't."""
    grabbed = field(hero(conditions=[Condition("grabbed", source="ogre")]))
    with pytest.raises(brawl.IllegalMoveError, match="0 movement"):
        brawl.move(grabbed, "kira", [(2, 1, 0)])
    out_cold = field(hero(conditions=[Condition("unconscious"), Condition("prone")]))
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-07"):
        brawl.move(out_cold, "kira", [(2, 1, 0)], mode="crawl")
    dead = field(hero(dead=True, stamina=-10))
    with pytest.raises(brawl.IllegalMoveError, match="DS-STAM-09"):
        brawl.move(dead, "kira", [(2, 1, 0)])


def test_move_refuses_walls_off_map_and_non_adjacent_steps() -> None:
    """R-GEO-5, DS-GRID-03, DS-MOVE-14: only adjacent, clear positions on solid ground."""
    terrain = Terrain.flat(5, 5).with_cell((2, 1, 0), Cell(Material.STONE))
    enc = field(hero(), terrain=terrain)
    with pytest.raises(brawl.IllegalMoveError, match="R-GEO-5"):
        brawl.move(enc, "kira", [(2, 1, 0)])
    with pytest.raises(brawl.IllegalMoveError, match="DS-GRID-03"):
        brawl.move(enc, "kira", [(3, 3, 0)])
    with pytest.raises(brawl.IllegalMoveError, match="DS-GRID-03"):
        brawl.move(enc, "kira", [(1, 1, 1)])
    with pytest.raises(brawl.IllegalMoveError, match="R-GEO-5"):
        brawl.move(enc, "kira", [(0, 0, 0), (-1, 0, 0)])
    with pytest.raises(brawl.ArgumentTypeError, match=r"path 'north': a sequence of positions"):
        brawl.move(enc, "kira", "north")
    with pytest.raises(brawl.ArgumentTypeError, match="R-GEO-1"):
        brawl.move(enc, "kira", [(1, "a", 0)])
    with pytest.raises(brawl.ArgumentTypeError, match=r"path 5: a sequence of positions"):
        brawl.move(enc, "kira", 5)


def test_empty_path_changes_nothing() -> None:
    """R-MOVE-2: a move of no squares spends nothing."""
    enc = field(hero())
    out = brawl.move(enc, "kira", [])
    assert out.state.creature("kira") == enc.creature("kira")
    assert of(out.events, Moved)[0].spent == 0


# --------------------------------------------------------------------------------------------
# occupied spaces


def test_no_stopping_in_a_creature_space_within_1_size_squeeze_allows_it() -> None:
    """DS-MOVE-04, DS-MOVE-05, DS-MOVE-06, R-SIZE-1: pass an ally, stop in its space only squeezed."""
    enc = field(hero(), hero("ally", (2, 1, 0)))
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-04"):
        brawl.move(enc, "kira", [(2, 1, 0)])
    out = brawl.move(enc, "kira", [(2, 1, 0), (3, 1, 0)])
    assert out.state.creature("kira").pos == (3, 1, 0)
    squeezed = brawl.move(enc, "kira", [(2, 1, 0)], squeeze=True)
    assert squeezed.state.creature("kira").squeezed

    assert edges_and_banes(squeezed.state, "kira", kind="test").banes == 1
    out = brawl.move(squeezed.state, "kira", [(3, 1, 0)])
    assert not out.state.creature("kira").squeezed


def test_tiny_creature_stops_in_a_medium_creatures_space() -> None:
    """DS-MOVE-04, R-SIZE-1: 1T and 1M are two sizes apart."""
    enc = field(hero(size="1T"), foe(pos=(2, 1, 0)))
    out = brawl.move(enc, "kira", [(2, 1, 0)])
    assert out.state.creature("kira").pos == (2, 1, 0)
    assert of(out.events, Moved)[0].step_costs == (2,)


# --------------------------------------------------------------------------------------------
# shifting


def test_shift_provokes_nothing_and_disengage_shifts_1() -> None:
    """DS-MOVE-09, DS-ACT-02, DS-STRIKE-05: shifting away from an adjacent enemy provokes nothing."""
    enc = field(hero(), foe(pos=(2, 2, 0)))
    out = brawl.disengage(enc, "kira", [(0, 0, 0)])
    assert out.state.creature("kira").pos == (0, 0, 0)
    assert not of(out.events, OpportunityAttackProvoked)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-07"):
        brawl.disengage(enc, "kira", [(0, 0, 0), (0, 1, 0)])
    out = brawl.disengage(enc, "kira", [(0, 0, 0), (0, 1, 0)], squares=2)
    assert out.state.creature("kira").pos == (0, 1, 0)
    out = brawl.shift(enc, "kira", [(1, 0, 0), (0, 0, 0)], squares=2)
    assert not of(out.events, OpportunityAttackProvoked)


def test_no_shift_into_or_within_difficult_or_damaging_terrain_move_instead() -> None:
    """DS-MOVE-10, DS-MOVE-11: shifting into difficult terrain is refused; the shift may be a move instead."""
    terrain = Terrain.flat(6, 6).with_cells(
        {Pos(2, 1, 0): Cell(difficult=True), Pos(1, 1, 0): Cell(damaging=2)}
    )
    enc = field(hero(pos=(0, 1, 0)), terrain=terrain)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-10"):
        brawl.shift(enc, "kira", [(1, 1, 0)], squares=1)
    within = field(hero(pos=(2, 1, 0)), terrain=terrain)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-10"):
        brawl.disengage(within, "kira", [(3, 1, 0)])
    out = brawl.disengage(within, "kira", [(3, 1, 0)], as_move=True)
    assert out.state.creature("kira").pos == (3, 1, 0)
    assert of(out.events, Moved)[0].mode == "advance"


def test_slowed_creature_cannot_shift_but_may_move_instead() -> None:
    """RB1-SLOWED, DS-MOVE-11: slowed blocks the Disengage shift; moving 1 instead provokes as usual."""
    enc = field(hero(conditions=[Condition("slowed")]), foe(pos=(2, 2, 0)))
    with pytest.raises(brawl.IllegalMoveError, match="RB1-SLOWED"):
        brawl.disengage(enc, "kira", [(0, 0, 0)])
    out = brawl.disengage(enc, "kira", [(0, 0, 0)], as_move=True)
    assert [e.enemy for e in of(out.events, OpportunityAttackProvoked)] == ["goblin"]


# --------------------------------------------------------------------------------------------
# opportunity attacks


def test_leaving_two_adjacent_enemies_provokes_each_once() -> None:
    """DS-STRIKE-03, R-MOVE-3: each adjacent enemy left behind may strike, at the step where it is left."""
    enc = field(hero(pos=(5, 5, 0)), foe("a", (6, 5, 0)), foe("b", (4, 5, 0)), hero("friend", (5, 6, 0)))
    out = brawl.move(enc, "kira", [(5, 4, 0), (5, 3, 0)])
    provoked = of(out.events, OpportunityAttackProvoked)
    assert [(e.enemy, e.at, e.to) for e in provoked] == [
        ("a", (5, 4, 0), (5, 3, 0)),
        ("b", (5, 4, 0), (5, 3, 0)),
    ]
    staying = brawl.move(enc, "kira", [(5, 4, 0)])
    assert not of(staying.events, OpportunityAttackProvoked)


def test_stop_at_provocation_pauses_before_the_step_and_resumes() -> None:
    """R-MOVE-3, DS-STRIKE-03: the move pauses while still adjacent; the rest of the path is returned."""
    enc = field(hero(pos=(1, 1, 0)), foe(pos=(2, 2, 0)))
    path = [(1, 2, 0), (0, 3, 0), (0, 4, 0), (0, 5, 0)]
    out = brawl.move(enc, "kira", path)
    assert out.state.creature("kira").pos == (0, 5, 0)
    paused = brawl.move(enc, "kira", path, stop_at_provocation=True)
    event = of(paused.events, OpportunityAttackProvoked)[0]
    assert event.stopped
    assert event.at == (1, 2, 0)
    assert event.remaining == ((0, 3, 0), (0, 4, 0), (0, 5, 0))
    assert event.movement_left == 4
    assert paused.state.creature("kira").pos == (1, 2, 0)
    done = brawl.move(paused.state, "kira", event.remaining, budget=event.movement_left, resolved=["goblin"])
    assert done.state.creature("kira").pos == (0, 5, 0)
    assert not of(done.events, OpportunityAttackProvoked)


def test_no_opportunity_attack_from_a_dazed_or_baned_enemy() -> None:
    """DS-STRIKE-04, DS-COND-02, RB1-DAZED: no triggered actions, or a bane on the strike, means no attack."""
    dazed = field(hero(), foe(pos=(2, 1, 0), conditions=[Condition("dazed")]))
    out = brawl.move(dazed, "kira", [(0, 1, 0), (0, 2, 0)])
    assert not of(out.events, OpportunityAttackProvoked)
    assert "triggered" in of(out.events, OpportunityAttackForgone)[0].reason
    weak = field(hero(), foe(pos=(2, 1, 0), conditions=[Condition("weakened")]))
    out = brawl.move(weak, "kira", [(0, 1, 0)])
    forgone = of(out.events, OpportunityAttackForgone)[0]
    assert "bane" in forgone.reason
    assert "DS-STRIKE-04" in forgone.rules
    surprised = field(hero(), foe(pos=(2, 1, 0), conditions=[Condition("surprised")]))
    assert not of(brawl.move(surprised, "kira", [(0, 1, 0)]).events, OpportunityAttackProvoked)


def test_weakened_enemy_against_a_prone_mover_still_strikes() -> None:
    """DS-STRIKE-04, RB3-EDGES: the bane of weakened cancels with the edge against a prone target."""
    enc = field(hero(conditions=[Condition("prone")]), foe(pos=(2, 1, 0), conditions=[Condition("weakened")]))
    out = brawl.move(enc, "kira", [(0, 1, 0)])
    assert [e.enemy for e in of(out.events, OpportunityAttackProvoked)] == ["goblin"]


def test_unwilling_movement_provokes_nothing() -> None:
    """DS-STRIKE-03: only willing movement provokes."""
    enc = field(hero(), foe(pos=(2, 1, 0)))
    out = brawl.move(enc, "kira", [(0, 1, 0)], willing=False)
    assert not of(out.events, OpportunityAttackProvoked)


# --------------------------------------------------------------------------------------------
# terrain effects


def test_entering_damaging_terrain_deals_its_damage_each_square() -> None:
    """DS-MOVE-13: each damaging square entered deals the damage of the terrain."""
    terrain = Terrain.flat(6, 3).with_cells(
        {
            Pos(2, 1, 0): Cell(damaging=3, damage_type="fire"),
            Pos(3, 1, 0): Cell(damaging=3, damage_type="fire"),
        }
    )
    enc = field(hero(stamina_max=20), terrain=terrain)
    out = brawl.move(enc, "kira", [(2, 1, 0), (3, 1, 0), (4, 1, 0)])
    hits = of(out.events, Damaged)
    assert [(h.base, h.type) for h in hits] == [(3, "fire"), (3, "fire")]
    assert all("DS-MOVE-13" in h.rules for h in hits)
    assert out.state.creature("kira").stamina == 14
    assert out.state.creature("kira").pos == (4, 1, 0)


def test_walking_off_a_ledge_ends_the_move_with_a_fall() -> None:
    """DS-MOVE-14, DS-FALL-01: a last step into the air falls: 3 squares, 6 damage and prone."""
    cells = {Pos(x, y, z): Cell(Material.STONE) for x in range(0, 3) for y in range(3) for z in range(0, 3)}
    terrain = Terrain.flat(6, 3).with_cells(cells)
    enc = field(hero(pos=(2, 1, 3), stamina_max=20), terrain=terrain)
    assert (3, 1, 3) not in brawl.reachable(enc, "kira")
    out = brawl.move(enc, "kira", [(3, 1, 3)])
    kira = out.state.creature("kira")
    assert kira.pos == (3, 1, 0)
    assert kira.stamina == 14
    assert kira.has("prone")
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-14"):
        brawl.move(enc, "kira", [(3, 1, 3), (4, 1, 3)])


# --------------------------------------------------------------------------------------------
# riders, grabs


def test_grabber_drags_the_grabbed_creature_at_half_speed() -> None:
    """RB1-GRABBED: the grabbed creature moves with its grabber; grabbing its own size halves speed 6 to 3."""
    ogre = foe("ogre", (3, 3, 0), speed=6)
    kira = hero(pos=(4, 3, 0), conditions=[Condition("grabbed", source="ogre")])
    enc = field(ogre, kira)
    r = brawl.reachable(enc, "ogre")
    assert r.budget == 3
    assert r.costs() == brawl.reachable(enc, "ogre", algorithm="dijkstra").costs()
    out = brawl.move(enc, "ogre", [(3, 4, 0), (3, 5, 0)])
    assert out.state.creature("kira").pos == (4, 5, 0)
    assert of(out.events, Moved)[0].carried == ("kira",)
    walls = Terrain.flat(8, 8).with_cell((4, 4, 0), Cell(Material.STONE))
    blocked = field(ogre, kira, terrain=walls)
    with pytest.raises(brawl.IllegalMoveError, match="RB1-GRABBED"):
        brawl.move(blocked, "ogre", [(3, 4, 0)])


def test_ride_moves_the_mount_carrying_the_rider_once_per_round() -> None:
    """DS-MOUNT-03, DS-MOUNT-04, R-MOUNT-2: the mount moves up to its speed with the rider on it."""
    horse = hero("horse", (2, 2, 0), size="2", speed=8)
    rider = hero("kira", (2, 2, 1), riding="horse")
    enc = field(horse, rider)
    path = [(x, 2, 0) for x in range(3, 11)]
    out = brawl.ride(enc, "kira", path)
    assert out.state.creature("horse").pos == (10, 2, 0)
    assert out.state.creature("kira").pos == (10, 2, 1)
    used = of(out.events, RideUsed)[0]
    assert (used.rider, used.mount) == ("kira", "horse")
    assert of(out.events, Moved)[0].carried == ("kira",)
    assert dict(out.state.rides) == {}  # out of combat: not recorded, not limited
    assert brawl.ride(out.state, "kira", [(9, 2, 0)]).state.creature("horse").pos == (9, 2, 0)
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MOUNT-03"):
        brawl.ride(enc, "horse", path)
    calm = brawl.ride(enc, "kira", [(3, 2, 0)], disengage=True)
    assert of(calm.events, Moved)[0].mode == "ride"
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-07"):
        brawl.ride(enc, "kira", [(3, 2, 0), (4, 2, 0)], disengage=True)


def test_rider_stepping_off_its_mount_is_no_longer_riding() -> None:
    """DS-MOUNT-02: a rider that moves off the mount's space dismounts."""
    horse = hero("horse", (2, 2, 0), size="2")
    enc = field(horse, hero("kira", (2, 2, 0), riding="horse"))
    out = brawl.move(enc, "kira", [(1, 2, 0)])
    assert out.state.creature("kira").riding is None


# --------------------------------------------------------------------------------------------
# standing up and dropping prone


def test_stand_up_ends_prone_and_restrained_cannot() -> None:
    """DS-ACT-15, RB1-RESTRAINED, RB1-PRONE: Stand Up ends prone; restrained or 'can't stand' can't."""
    enc = field(hero(conditions=[Condition("prone")]))
    out = brawl.stand_up(enc, "kira")
    assert not out.state.creature("kira").has("prone")
    assert of(out.events, StoodUp)[0].free_maneuver is False
    restrained = field(hero(conditions=[Condition("prone"), Condition("restrained")]))
    with pytest.raises(brawl.ActionUnavailableError, match="RB1-RESTRAINED"):
        brawl.stand_up(restrained, "kira")
    pinned = field(hero(conditions=[Condition("prone", can_stand=False)]))
    with pytest.raises(brawl.ActionUnavailableError, match="RB1-PRONE"):
        brawl.stand_up(pinned, "kira")
    with pytest.raises(brawl.ActionUnavailableError, match="DS-ACT-15"):
        brawl.stand_up(field(hero()), "kira")


def test_stand_up_a_willing_adjacent_prone_creature() -> None:
    """DS-ACT-15: an adjacent creature may lift a willing prone creature."""
    enc = field(hero(conditions=[Condition("prone")]), hero("ally", (2, 1, 0)), hero("far", (6, 6, 0)))
    out = brawl.stand_up(enc, "kira", helper="ally")
    assert not out.state.creature("kira").has("prone")
    assert of(out.events, StoodUp)[0].helper == "ally"
    with pytest.raises(brawl.ActionUnavailableError, match="DS-ACT-15"):
        brawl.stand_up(enc, "kira", helper="far")
    with pytest.raises(brawl.ActionUnavailableError, match="DS-ACT-15"):
        brawl.stand_up(enc, "kira", helper="ally", willing=False)
    knocked = field(hero(conditions=[Condition("prone"), Condition("unconscious")]), hero("ally", (2, 1, 0)))
    with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-05"):
        brawl.stand_up(knocked, "kira", helper="ally")


def test_drop_prone_to_crawl_and_stand_as_a_free_maneuver() -> None:
    """DS-MTYPE-23, DS-MTYPE-22: voluntary prone is a free maneuver both ways; crawling costs 2 a square."""
    enc = field(hero())
    out = brawl.fall_prone(enc, "kira")
    assert out.state.creature("kira").has("prone")
    crawl = brawl.move(out.state, "kira", [(2, 1, 0), (3, 1, 0)], mode="crawl")
    assert of(crawl.events, Moved)[0].step_costs == (2, 2)
    stood = brawl.stand_up(crawl.state, "kira")
    assert of(stood.events, StoodUp)[0].free_maneuver is True
    with pytest.raises(brawl.ActionUnavailableError, match="DS-MTYPE-23"):
        brawl.fall_prone(out.state, "kira")
    with pytest.raises(brawl.IllegalMoveError, match="DS-MTYPE-22"):
        brawl.move(enc, "kira", [(2, 1, 0)], mode="crawl")


# --------------------------------------------------------------------------------------------
# properties


@st.composite
def moves(draw: st.DrawFn) -> tuple[Encounter, list[Pos]]:
    terrain = Terrain.flat(8, 8)
    cells = draw(
        st.dictionaries(
            st.tuples(st.integers(0, 7), st.integers(0, 7)),
            st.sampled_from([Cell(Material.STONE), Cell(difficult=True), Cell(damaging=2)]),
            max_size=10,
        )
    )
    terrain = terrain.with_cells({Pos(x, y, 0): c for (x, y), c in cells.items()})
    start = Pos(draw(st.integers(0, 7)), draw(st.integers(0, 7)), 0)
    enc = Encounter.create(terrain.with_cell(start, Cell()), [hero(pos=tuple(start), stamina_max=30)])  # type: ignore[arg-type]
    for i, (x, y) in enumerate(draw(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=3))):
        with contextlib.suppress(brawl.StateError):
            enc = enc.with_creature(foe(f"f{i}", (x, y, 0)))
    steps = draw(st.lists(st.sampled_from(brawl.geometry.HORIZONTAL_DIRECTIONS), max_size=6))
    path, p = [], start
    for d in steps:
        p = p + d
        path.append(p)
    return enc, path


@given(moves(), st.booleans())
def test_move_is_pure_and_deterministic(case: tuple[Encounter, list[Pos]], stop: bool) -> None:
    """R-MOVE-1, R-MOVE-3: the old state is untouched; the same inputs give the same outcome."""
    enc, path = case
    before = enc.creature_list()
    if not brawl.actions.can(enc, brawl.Move("kira", path)):
        with pytest.raises((brawl.IllegalMoveError, brawl.InvalidArgumentError)) as info:
            brawl.move(enc, "kira", path, stop_at_provocation=stop)
        assert info.value.rules
        return
    a = brawl.move(enc, "kira", path, stop_at_provocation=stop)
    b = brawl.move(enc, "kira", path, stop_at_provocation=stop)
    assert enc.creature_list() == before
    assert a.events == b.events
    assert a.state.creature_list() == b.state.creature_list()
    moved = of(a.events, Moved)[0]
    assert moved.spent + moved.movement_left == moved.budget
    assert moved.spent == sum(moved.step_costs) <= brawl.reachable(enc, "kira").budget


@given(moves())
def test_a_legal_full_move_costs_exactly_what_path_cost_says(case: tuple[Encounter, list[Pos]]) -> None:
    """R-MOVE-1: move and path_cost agree step by step."""
    enc, path = case
    if not brawl.actions.can(enc, brawl.Move("kira", path)):
        return
    out = brawl.move(enc, "kira", path)
    assert of(out.events, Moved)[0].spent == brawl.path_cost(enc, "kira", path)


def test_dragged_creature_may_not_end_in_another_creatures_space() -> None:
    """RB1-GRABBED, DS-MOVE-04: what the grabber drags follows the same rules for where it stops."""
    ogre = foe("ogre", (3, 3, 0), speed=6)
    kira = hero(pos=(4, 3, 0), conditions=[Condition("grabbed", source="ogre")])
    bystander = foe("orc", (4, 5, 0))
    enc = field(ogre, kira, bystander)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-04"):
        brawl.move(enc, "ogre", [(3, 4, 0), (3, 5, 0)])
    r = brawl.reachable(enc, "ogre")
    assert (3, 5, 0) not in r
    assert (3, 4, 0) in r
    assert brawl.move(enc, "ogre", [(3, 4, 0), (3, 5, 0), (3, 6, 0)]).state.creature("kira").pos == (4, 6, 0)


def test_rider_must_fit_where_the_mount_carries_it() -> None:
    """DS-MOUNT-03, R-GEO-5: a mount can't carry its rider into a wall."""
    low = Terrain.flat(10, 6).with_cells(
        {Pos(x, y, 2): Cell(Material.STONE) for x in (5, 6) for y in range(6)}
    )
    horse = hero("horse", (2, 2, 0), size="2", speed=8)
    rider = hero("kira", (2, 2, 2), riding="horse")
    enc = field(horse, rider, terrain=low)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOUNT-03"):
        brawl.ride(enc, "kira", [(3, 2, 0), (4, 2, 0), (5, 2, 0)])
    out = brawl.ride(enc, "kira", [(3, 2, 0), (4, 2, 0)])
    assert out.state.creature("kira").pos == (4, 2, 2)


def test_a_mover_killed_by_damaging_terrain_stops_there() -> None:
    """DS-MOVE-13, DS-STAM-10: a Director creature at 0 Stamina dies and its move ends on that square."""
    terrain = Terrain.flat(8, 3).with_cell((2, 1, 0), Cell(damaging=5))
    enc = field(foe("imp", (1, 1, 0), stamina=3, stamina_max=10), foe("ally", (2, 1, 0)), terrain=terrain)
    out = brawl.move(enc, "imp", [(2, 1, 0), (3, 1, 0)])
    imp = out.state.creature("imp")
    assert imp.dead
    assert imp.pos == (2, 1, 0)
    moved = of(out.events, Moved)[0]
    assert moved.stopped == "the mover died"
    assert moved.remaining == ((3, 1, 0),)


def test_hero_phrased_movement_rules_apply_to_director_creatures() -> None:
    """R-MOVE-5, DS-MOVE-02, DS-MOVE-03: a goblin passes its ally freely and pays 2 for a hero's space."""
    enc = field(foe("goblin", (1, 1, 0)), foe("friend", (2, 1, 0)), hero("kira", (4, 1, 0)))
    assert brawl.path_cost(enc, "goblin", [(2, 1, 0), (3, 1, 0), (4, 1, 0), (5, 1, 0)]) == 5


def test_a_mover_hidden_from_an_enemy_provokes_no_opportunity_attack_from_it() -> None:
    """DS-COND-14, DS-STRIKE-03: a creature that can't be targeted can't be struck as it leaves."""
    enc = field(hero(pos=(5, 5, 0), hidden_from=frozenset({"a"})), foe("a", (6, 5, 0)), foe("b", (4, 5, 0)))
    out = brawl.move(enc, "kira", [(5, 4, 0), (5, 3, 0)])
    assert [e.enemy for e in of(out.events, OpportunityAttackProvoked)] == ["b"]
