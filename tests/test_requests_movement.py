"""Movement requests: each rule's record saves, replays and resolves like the rule (R-MOVE-1, DS-TELE-01)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import brawl
import brawl.actions
import brawl.verbs
from brawl import Cell, Condition, Creature, Encounter, Material, Pos, Terrain
from brawl.requests import Action
from brawl.rules.digging import ClawDirt, Dig, PullUp
from brawl.rules.jumping import Jump
from brawl.rules.movement import Disengage, Move, Shift
from brawl.rules.prone import FallProne, StandUp
from brawl.rules.riding import ClimbCreature, Ride
from brawl.rules.teleport import Teleport


def field(*creatures: Creature, terrain: Terrain | None = None) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(12, 12), list(creatures))


def hero(cid: str = "kira", pos: tuple[int, int, int] = (1, 1, 0), **kw: object) -> Creature:
    return Creature(id=cid, side="heroes", pos=pos, **kw)  # type: ignore[arg-type]


def mole(pos: tuple[int, int, int] = (1, 1, 0)) -> Creature:
    return hero("mole", pos, movement={"walk", "burrow"})


def round_trip(record: Action) -> Action:
    (back,) = brawl.actions_from_json(brawl.actions_to_json([record]))
    assert back == record
    return back


RULES: list[tuple[type[Action], Callable[..., brawl.Outcome]]] = [
    (Move, brawl.move),
    (Shift, brawl.shift),
    (Disengage, brawl.disengage),
    (Jump, brawl.jump),
    (Ride, brawl.ride),
    (ClimbCreature, brawl.verbs.climb_creature),
    (FallProne, brawl.fall_prone),
    (StandUp, brawl.stand_up),
    (Dig, brawl.verbs.dig),
    (ClawDirt, brawl.verbs.claw_dirt),
    (PullUp, brawl.verbs.pull_up),
    (Teleport, brawl.teleport),
]


@pytest.mark.parametrize(("record", "rule"), RULES, ids=[r.__name__ for r, _ in RULES])
def test_a_record_has_the_fields_of_its_rule(record: type[Action], rule: Callable[..., Any]) -> None:
    """Every parameter of the public rule but the state is a field of the record, in order."""
    params = list(inspect.signature(rule).parameters)[1:]
    assert params == [f.name for f in attrs.fields(record)]


def test_brawl_actions_keeps_the_movement_names() -> None:
    """The action log's names are the rules' records."""
    assert brawl.actions.Move is Move
    assert brawl.actions.Shift is Shift
    assert brawl.actions.Teleport is Teleport
    assert brawl.actions.StandUp is StandUp
    assert brawl.actions.FallProne is FallProne


def test_move_record_replays_like_move() -> None:
    """R-MOVE-1, DS-MOVE-12: 3 squares, the middle one difficult: cost 4, Kira ends at (4, 1, 0)."""
    mud = Terrain.flat(12, 12).with_cell((3, 1, 0), Cell(difficult=True))
    enc = field(hero(), terrain=mud)
    path = [(2, 1, 0), (3, 1, 0), (4, 1, 0)]
    record = Move("kira", path, budget=4, stop_at_provocation=True, resolved=("ogre",))
    direct = brawl.move(enc, "kira", path, budget=4, stop_at_provocation=True, resolved=("ogre",))
    replayed = brawl.apply(enc, round_trip(record))
    assert replayed.state == direct.state
    assert replayed.state.creature("kira").pos == (4, 1, 0)
    brawl.actions.verify(enc, record)  # checks only, raising nothing: the cost is path_cost's
    assert brawl.path_cost(enc, "kira", path) == 4
    assert brawl.Move("kira", path) == Move("kira", path)


def test_shift_and_disengage_records_replay_like_the_rules() -> None:
    """DS-MOVE-09, DS-ACT-02: a shift of 2 and a Disengage of 1 square."""
    enc = field(hero(), Creature(id="ogre", side="director", pos=(3, 3, 0)))
    shifted = brawl.apply(enc, round_trip(Shift("kira", [(2, 1, 0), (3, 1, 0)], squares=2)))
    assert shifted.state == brawl.shift(enc, "kira", [(2, 1, 0), (3, 1, 0)], squares=2).state
    assert shifted.state.creature("kira").pos == (3, 1, 0)
    away = brawl.apply(enc, round_trip(Disengage("kira", [(1, 2, 0)])))
    assert away.state == brawl.disengage(enc, "kira", [(1, 2, 0)]).state
    assert away.state.creature("kira").pos == (1, 2, 0)
    with pytest.raises(brawl.IllegalMoveError, match="DS-MOVE-07"):
        brawl.apply(enc, Disengage("kira", [(1, 2, 0), (1, 3, 0)]))


def test_jump_and_teleport_records_replay_like_the_rules() -> None:
    """DS-MTYPE-18: Might 2 jumps 2 squares; DS-TELE-05: a teleport of 5 covers 5 squares."""
    enc = field(hero(characteristics=brawl.Characteristics(might=2)))
    jumped = brawl.apply(enc, round_trip(Jump("kira", (3, 1, 0), characteristic="might")))
    assert jumped.state == brawl.jump(enc, "kira", (3, 1, 0), characteristic="might").state
    assert jumped.state.creature("kira").pos == (3, 1, 0)
    record = Teleport("kira", (6, 1, 0), distance=5)
    gone = brawl.apply(enc, round_trip(record))
    assert gone.state == brawl.teleport(enc, "kira", (6, 1, 0), distance=5).state
    assert gone.state.creature("kira").pos == (6, 1, 0)
    assert brawl.actions.can(enc, record)


def test_ride_and_climb_records_replay_like_the_rules() -> None:
    """DS-MOUNT-03: the horse carries Kira 3 squares; DS-MTYPE-14: a willing giant is climbed."""
    horse = hero("horse", (2, 2, 0), size="2", speed=8)
    enc = field(horse, hero("kira", (2, 2, 1), riding="horse"))
    path = [(3, 2, 0), (4, 2, 0), (5, 2, 0)]
    rode = brawl.apply(enc, round_trip(Ride("kira", path)))
    assert rode.state == brawl.ride(enc, "kira", path).state
    assert rode.state.creature("kira").pos == (5, 2, 1)
    giant = Creature(id="giant", pos=(2, 1, 0), size="3")
    enc = field(hero(), giant)
    up = brawl.apply(enc, round_trip(ClimbCreature("kira", "giant", willing=True, at=(2, 1, 2))))
    assert up.state == brawl.verbs.climb_creature(enc, "kira", "giant", willing=True, at=(2, 1, 2)).state
    assert up.state.creature("kira").pos == (2, 1, 2)
    assert up.state.creature("kira").riding == "giant"


def test_prone_records_replay_like_the_rules() -> None:
    """DS-MTYPE-23, DS-ACT-15: drop prone, stand up again."""
    enc = field(hero())
    down = brawl.apply(enc, round_trip(FallProne("kira")))
    assert down.state == brawl.fall_prone(enc, "kira").state
    assert down.state.creature("kira").has("prone")
    up = brawl.apply(down.state, round_trip(StandUp("kira")))
    assert up.state == brawl.stand_up(down.state, "kira").state
    assert not up.state.creature("kira").has("prone")


def test_digging_records_replay_like_the_rules() -> None:
    """DS-MTYPE-03: dig 1 down; DS-MTYPE-10: Claw Dirt 17+ moves 1; DS-MTYPE-09: pulled up 1."""
    enc = field(mole())
    dug = brawl.apply(enc, round_trip(Dig("mole", 1)))
    assert dug.state == brawl.verbs.dig(enc, "mole", 1).state
    assert dug.state.creature("mole").pos == (1, 1, -1)
    enc = field(hero())
    clawed = brawl.apply(enc, round_trip(ClawDirt("kira", (1, 1, -1), 17)))
    assert clawed.state == brawl.verbs.claw_dirt(enc, "kira", (1, 1, -1), roll=17).state
    assert clawed.state.creature("kira").pos == (1, 1, -1)
    enc = field(mole((1, 1, -1)), hero("kira", (2, 1, 0)))
    pulled = brawl.apply(enc, round_trip(PullUp("kira", "mole")))
    assert pulled.state == brawl.verbs.pull_up(enc, "kira", "mole").state
    assert pulled.state.creature("mole").pos == (1, 1, 0)


def test_records_refuse_wrongly_typed_fields_naming_them() -> None:
    """A record is checked on construction: a wrong type is an ArgumentTypeError naming the field."""
    with pytest.raises(brawl.errors.ArgumentTypeError, match="squeeze"):
        Move("kira", [(2, 1, 0)], squeeze="yes")  # type: ignore[arg-type]
    with pytest.raises(brawl.errors.ArgumentTypeError, match="budget"):
        Move("kira", [(2, 1, 0)], budget=2.5)  # type: ignore[arg-type]
    with pytest.raises(brawl.InvalidArgumentError, match="DS-MTYPE-01"):
        Move("kira", [(2, 1, 0)], mode="teleport")
    with pytest.raises(brawl.errors.ArgumentTypeError, match="tier"):
        Jump("kira", (3, 1, 0), tier="3")  # type: ignore[arg-type]
    with pytest.raises(brawl.errors.ArgumentTypeError, match="roll"):
        ClawDirt("kira", (1, 1, -1), "high")  # type: ignore[arg-type]
    with pytest.raises(brawl.errors.ArgumentTypeError, match="helper"):
        StandUp("kira", helper=3)  # type: ignore[arg-type]
    with pytest.raises(brawl.errors.ArgumentTypeError, match="stand"):
        Teleport("kira", (3, 1, 0), distance=2, stand="no")  # type: ignore[arg-type]


def test_can_agrees_with_verify_and_resolves_nothing() -> None:
    """R-MOVE-1, DS-TELE-03: can_x is verify_x as a boolean; neither touches the state or its dice."""
    # two squares high: a wall as high as kira only grazes the corner lines over it (R-COVER-1)
    cells = {Pos(3, y, z): Cell(Material.STONE) for y in range(12) for z in range(2)}
    wall = Terrain.flat(12, 12).with_cells(cells)
    enc = field(hero(), terrain=wall)
    legal = Move("kira", [(2, 1, 0)])
    illegal = Move("kira", [(2, 1, 0), (3, 1, 0)])
    assert brawl.actions.can(enc, legal)
    assert brawl.path_cost(enc, "kira", legal.path) == 1
    assert not brawl.actions.can(enc, illegal)
    with pytest.raises(brawl.IllegalMoveError, match="R-GEO-5"):
        brawl.actions.verify(enc, illegal)
    assert brawl.actions.can(enc, brawl.Move("kira", [(2, 1, 0)])) is True
    near, far = Teleport("kira", (2, 2, 0), distance=3), Teleport("kira", (5, 1, 0), distance=5)
    assert brawl.actions.can(enc, near)
    brawl.actions.verify(enc, near)  # raises nothing: 1 square of 3
    assert not brawl.actions.can(enc, far)
    with pytest.raises(brawl.IllegalMoveError, match="DS-TELE"):
        far.verify(enc)
    assert brawl.actions.can(enc, brawl.actions.Teleport("kira", (2, 2, 0), distance=3)) is True
    assert enc.rng == field(hero(), terrain=wall).rng


def test_a_prone_creature_asks_with_conditions() -> None:
    """RB1-PRONE: a prone creature can't jump; the record says so when resolved."""
    enc = field(hero(conditions=[Condition("prone")]))
    with pytest.raises(brawl.IllegalMoveError, match="RB1-PRONE"):
        brawl.apply(enc, Jump("kira", (2, 1, 0)))


def test_can_never_runs_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """can_move and can_teleport answer from the checks alone: the rule bodies are never called."""

    def boom(*args: object, **kwargs: object) -> brawl.Outcome:
        raise AssertionError("the rule ran")

    monkeypatch.setattr(brawl.rules.movement, "walk", boom)
    monkeypatch.setattr(brawl.rules.teleport, "_teleport", boom)
    enc = field(hero())
    assert brawl.actions.can(enc, Move("kira", [(2, 1, 0), (3, 1, 0)]))
    assert not brawl.actions.can(enc, Move("kira", [(2, 1, 0)] * 2))
    assert brawl.actions.can(enc, Teleport("kira", (4, 1, 0), distance=3))
    assert not brawl.actions.can(enc, Teleport("kira", (5, 1, 0), distance=3))
    with pytest.raises(AssertionError, match="the rule ran"):
        brawl.apply(enc, Move("kira", [(2, 1, 0)]))
