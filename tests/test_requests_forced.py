"""The forced-movement requests: Push, Pull, Slide and ForcedMove saved, replayed and checked
(DS-FORCE-01..21, DS-MOUNT-06)."""

from __future__ import annotations

import inspect
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import brawl
import brawl.rules.forced as forced
from brawl import Cell, Characteristics, Creature, Encounter, Material, Pos, Terrain
from brawl.actions import can, verify
from brawl.conditions import ConditionName
from brawl.events.base import DiceRolled
from brawl.events.forced import ForceMoved, HeldByGround, RiderKnockedOff
from brawl.rules.burrowing import completely_beneath, denies_high_ground
from brawl.rules.forced import ForcedMove, ForceKind, Pull, Push, Slide
from brawl.strategies import encounters


def make(*creatures: Creature, terrain: Terrain | None = None) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(20, 20), list(creatures))


def c(cid: str, x: int, y: int, z: int = 0, **kw: object) -> Creature:
    kw.setdefault("stamina_max", 40)
    return Creature(id=cid, pos=(x, y, z), **kw)  # type: ignore[arg-type]


def round_trip(action: brawl.Action) -> brawl.Action:
    [back] = brawl.actions_from_json(brawl.actions_to_json([action]))
    return back


# --- completely beneath the ground: one definition ------------------------------------------------
def tunnel(roof: Material) -> Encounter:
    """A mole in an air tunnel at z = -2 running east, its roof at z = -1 made of ``roof``."""
    cells = {Pos(x, 5, -2): Cell() for x in range(3, 12)}
    cells.update({Pos(x, 5, -1): Cell(roof) for x in range(3, 12)})
    t = Terrain.flat(20, 20).with_cells(cells)
    return make(c("mole", 5, 5, -2, movement={"burrow"}), terrain=t)


def test_a_burrower_in_a_stone_roofed_air_tunnel_is_pushed_along_it() -> None:
    """DS-FORCE-21, DS-MTYPE-02, DS-MTYPE-07, DS-EDGE-04: under stone it is in a tunnel, not burrowing.

    No burrower passes stone, so a creature in an open tunnel roofed with stone is not completely
    beneath the ground while burrowing: line of effect, high ground and forced movement agree, and
    a push of 3 moves it 3 squares along the tunnel, without damage.
    """
    enc = tunnel(Material.STONE)
    assert not completely_beneath(enc, "mole")
    assert not denies_high_ground(enc, "mole")
    after, events = brawl.push(enc, (4, 5, -2), "mole", 3, direction=(1, 0, 0))
    assert after.creature("mole").pos == Pos(8, 5, -2)
    assert after.creature("mole").stamina == 40
    assert not [e for e in events if isinstance(e, HeldByGround)]


def test_a_burrower_under_dirt_is_held_by_the_ground() -> None:
    """DS-FORCE-21, R-FORCE-7, DS-MTYPE-07: under dirt, a push 3 deals 3 and moves nothing."""
    enc = tunnel(Material.DIRT)
    assert completely_beneath(enc, "mole")
    assert denies_high_ground(enc, "mole")
    after, events = brawl.push(enc, (4, 5, -2), "mole", 3, direction=(1, 0, 0))
    assert after.creature("mole").pos == Pos(5, 5, -2)
    assert after.creature("mole").stamina == 37
    [held] = [e for e in events if isinstance(e, HeldByGround)]
    assert (held.squares, held.damage) == (3, 3)


def test_a_burrower_inside_the_top_layer_of_dirt_is_held() -> None:
    """DS-FORCE-21, DS-MTYPE-07: its whole space in the dirt, air above: held, 1 per square."""
    enc = make(c("mole", 5, 5, -1, movement={"burrow"}))
    assert completely_beneath(enc, "mole")
    after, _ = brawl.push(enc, (4, 5, -1), "mole", 2, direction=(1, 0, 0))
    assert after.creature("mole").pos == Pos(5, 5, -1)
    assert after.creature("mole").stamina == 38


# --- the knock-off test: one home for tiers --------------------------------------------------------
def mounted(might: int, agility: int) -> Encounter:
    rider = c("rider", 5, 5, riding="horse", characteristics=Characteristics(might=might, agility=agility))
    return make(c("ogre", 2, 5), c("horse", 5, 5, size="2"), rider)


def test_knock_off_test_natural_19_is_tier_3() -> None:
    """DS-MOUNT-06, DS-MTYPE-16, RB3-EDGES (natural 19 or 20), R-MOUNT-1: dice 10 and 9 with
    Might and Agility -5 total 14, tier 2 by the total, but the natural 19 makes it tier 3: the
    rider lands in an adjacent space, standing, without damage."""
    enc = mounted(-5, -5)
    after, events = brawl.push(enc, "ogre", "rider", 3, rider_dice=(10, 9))
    [roll] = [e for e in events if isinstance(e, DiceRolled)]
    assert roll.values == (10, 9)
    assert roll.source == "caller"
    assert "= 14, tier 3" in roll.purpose
    assert "RB3-NATURAL" in roll.rules
    [off] = [e for e in events if isinstance(e, RiderKnockedOff)]
    assert off.tier == 3
    assert "R-MOUNT-1" in off.rules
    r = after.creature("rider")
    assert r.riding is None
    assert not r.has(ConditionName.PRONE)
    assert r.stamina == 40
    assert brawl.tier_of(14) == 2
    assert brawl.tier_of(14, natural=19) == 3


def test_knock_off_test_low_roll_is_tier_1() -> None:
    """DS-MTYPE-16, DS-TURN-13: dice 1 and 2 with Might and Agility -5 total -2, tier 1: the rider
    falls 2 squares from the top of its size-2 mount, takes 4 damage and lands prone."""
    after, events = brawl.push(mounted(-5, -5), "ogre", "rider", 3, rider_dice=(1, 2))
    [off] = [e for e in events if isinstance(e, RiderKnockedOff)]
    assert off.tier == 1
    r = after.creature("rider")
    assert r.has(ConditionName.PRONE)
    assert r.stamina == 36


# --- the record is the whole request ----------------------------------------------------------------
def field_names(cls: type) -> set[str]:
    """The fields a record takes (a kind fixed by the class is none of them)."""
    return {f.name for f in attrs.fields(cls) if f.init}


def parameters(fn: object) -> set[str]:
    return set(inspect.signature(fn).parameters) - {"state"}  # type: ignore[arg-type]


def test_the_verbs_take_exactly_their_records_fields() -> None:
    """DS-FORCE-01: every argument of push, pull and slide is a field of its record, and back.

    The kind is the record's class; a push or pull has a direction, a slide a path; the fields
    are ForcedMove's, which has both and a kind of its own.
    """
    assert parameters(brawl.push) == field_names(Push) == field_names(ForcedMove) - {"kind", "path"}
    assert parameters(brawl.pull) == field_names(Pull) == field_names(Push)
    assert parameters(brawl.slide) == field_names(Slide) == field_names(ForcedMove) - {"kind", "direction"}
    assert list(inspect.signature(brawl.push).parameters)[:4] == ["state", "source", "target", "distance"]


def test_push_pull_and_slide_are_one_function_each_DS_FORCE_02_to_04() -> None:
    """DS-FORCE-02..04: the verb is the only push, pull and slide: its record applied.

    The rule module keeps the records and the resolver, no second function of the same name;
    a push of 3 from the ogre moves Kira from x = 3 to x = 6 whichever way it is called.
    """
    for name, record in (("push", Push), ("pull", Pull), ("slide", Slide)):
        assert not hasattr(forced, name)
        assert getattr(brawl, name) is getattr(brawl.verbs, name)
        assert getattr(brawl, name).request is record
    enc = make(c("ogre", 2, 5), c("kira", 3, 5))
    by_verb = brawl.push(enc, "ogre", "kira", 3)
    by_record = brawl.apply(enc, Push("ogre", "kira", 3))
    assert by_verb.state.creature("kira").pos == Pos(6, 5, 0)
    assert by_verb == by_record


def test_a_push_of_fewer_squares_saves_and_replays() -> None:
    """DS-FORCE-05: a push of 1 square where 3 are allowed is saved whole and replays to the same square."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5))
    action = brawl.actions.Push("ogre", "kira", 3, squares=1, mover="ogre", object_damage=True)
    text = brawl.actions_to_json([action])
    assert '"squares": 1' in text
    assert '"class": "Push"' in text
    assert '"kind"' not in text  # the class says it
    replayed = brawl.replay(enc, brawl.actions_from_json(text))
    direct = brawl.push(enc, "ogre", "kira", 3, squares=1, mover="ogre", object_damage=True)
    assert replayed.state == direct.state
    assert replayed.state.creature("kira").pos == Pos(4, 5, 0)
    [moved] = [e for e in replayed.events if isinstance(e, ForceMoved)]
    assert (moved.distance, moved.chosen, moved.moved) == (3, 1, 1)


def test_pull_and_slide_records_resolve_as_forced_moves_of_their_kind() -> None:
    """DS-FORCE-03, DS-FORCE-04: Pull and Slide keep their positional order; each resolves as
    the ForcedMove of its kind: a pull of 2 of 3 brings Kira from x = 6 to x = 4."""
    enc = make(c("ogre", 2, 5), c("kira", 6, 5))
    pull = brawl.actions.Pull("ogre", "kira", 3, stability_used=0, squares=2)
    general = ForcedMove(
        kind=ForceKind.PULL, source="ogre", target="kira", distance=3, stability_used=0, squares=2
    )
    assert pull.kind is ForceKind.PULL
    after, events = brawl.apply(enc, round_trip(pull))
    assert after.creature("kira").pos == Pos(4, 5, 0)
    again = brawl.apply(enc, general)
    assert (again.state, again.events) == (after, events)
    slide = brawl.actions.Slide("ogre", "kira", 2, path=((6, 6), (6, 7)), rider_tier=2)
    back = round_trip(slide)
    assert back == slide
    assert back.path == (Pos(6, 6, 0), Pos(6, 7, 0))
    after, _ = brawl.apply(enc, back)
    assert after.creature("kira").pos == Pos(6, 7, 0)
    assert after == brawl.slide(enc, "ogre", "kira", 2, path=((6, 6), (6, 7)), rider_tier=2).state


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("distance", 2.5),
        ("squares", "3"),
        ("vertical", "yes"),
        ("target", 7),
        ("rider_dice", (10,)),
        ("source", 3.0),
        ("path", 5),
        ("rider_landing", (1, "a")),
    ],
)
def test_a_wrongly_typed_field_is_refused_on_construction(field: str, value: object) -> None:
    """DS-FORCE-01: a wrongly typed field raises ArgumentTypeError naming the field, and is never stored."""
    args: dict[str, object] = {
        "kind": "push",
        "source": "ogre",
        "target": "kira",
        "distance": 3,
        field: value,
    }
    with pytest.raises(
        brawl.errors.ArgumentTypeError, match=field if field != "rider_landing" else "R-GEO-1"
    ):
        ForcedMove(**args)  # type: ignore[arg-type]


# --- verify and can ----------------------------------------------------------------------------------
CASES = [
    ({}, None),
    ({"distance": -1}, brawl.InvalidArgumentError),
    ({"squares": 5}, brawl.InvalidArgumentError),
    ({"stability_used": 2}, brawl.InvalidArgumentError),
    ({"direction": (-1, 0, 0)}, brawl.IllegalForcedMoveError),
    ({"target": "nobody"}, brawl.UnknownCreatureError),
    ({"rider_tier": 4}, brawl.InvalidArgumentError),
]


@pytest.mark.parametrize(("change", "error"), CASES)
def test_can_agrees_with_verify_and_never_resolves(
    change: dict[str, object], error: type[Exception] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DS-FORCE-05, DS-FORCE-16, R-GEO-2: can answers what verify raises, by checks alone."""
    enc = make(c("ogre", 2, 5), c("kira", 3, 5, stability=1))
    move = attrs.evolve(ForcedMove(kind="push", source="ogre", target="kira", distance=3), **change)  # type: ignore[arg-type]

    def no_resolution(*_: object) -> None:
        raise AssertionError("a check ran the rule")

    for name in ("Walk", "knocked_off", "held_by_ground", "after_walk", "finish"):
        monkeypatch.setattr(forced, name, no_resolution)
    if error is None:
        verify(enc, move)
        move.verify(enc)
        assert can(enc, move)
    else:
        with pytest.raises(error):
            verify(enc, move)
        assert not can(enc, move)
    monkeypatch.undo()
    if error is None:
        assert brawl.apply(enc, move).state.creature("kira").pos == Pos(5, 5, 0)
    else:
        with pytest.raises(error):
            brawl.apply(enc, move)


# --- property: any request replays the same after a save -------------------------------------------
@st.composite
def requests(draw: st.DrawFn) -> tuple[Encounter, ForcedMove]:
    enc = draw(encounters(min_creatures=2, max_creatures=4, max_objects=2))
    ids = list(enc.order)
    assume(len(ids) >= 2)
    target = draw(st.sampled_from(ids))
    source = draw(st.sampled_from([i for i in ids if i != target]))
    kind = draw(st.sampled_from(list(ForceKind)))
    distance = draw(st.integers(0, 6))
    start = enc.creature(target).pos
    path = None
    if kind is ForceKind.SLIDE:
        steps = draw(st.lists(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1)]), max_size=4))
        cells, at = [], start
        for dx, dy in steps:
            at = Pos(at.x + dx, at.y + dy, at.z)
            cells.append(at)
        path = tuple(cells)
    direction = None
    if kind is not ForceKind.SLIDE and draw(st.booleans()):
        direction = draw(st.sampled_from([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1)]))
    where: str | Pos = source
    if draw(st.booleans()):
        where = enc.creature(source).pos
    move = ForcedMove(
        kind=kind,
        source=where,
        target=target,
        distance=distance,
        mover=draw(st.none() | st.sampled_from(ids)),
        direction=direction,
        path=path,
        squares=draw(st.none() | st.integers(0, distance)),
        stability_used=draw(st.none() | st.integers(0, 2)),
        vertical=draw(st.booleans()),
        melee_weapon=draw(st.booleans()),
        rider_tier=draw(st.none() | st.sampled_from([1, 2, 3])),
        rider_dice=draw(st.none() | st.tuples(st.integers(1, 10), st.integers(1, 10))),
        use_agility=draw(st.booleans()),
        dead_target_slams=draw(st.booleans()),
        object_damage=draw(st.booleans()),
    )
    return enc, move


def _outcome(enc: Encounter, move: brawl.Action) -> brawl.Outcome | type[Exception]:
    try:
        return brawl.apply(enc, move)
    except brawl.RulesError as exc:
        return type(exc)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(requests())
def test_property_any_request_round_trips_and_replays(case: tuple[Encounter, ForcedMove]) -> None:
    """DS-FORCE-01, DS-FORCE-05: any ForcedMove, fewer squares included, saves whole and replays the same."""
    enc, move = case
    back = round_trip(move)
    assert back == move
    assert _outcome(enc, back) == _outcome(enc, move)
    if not can(enc, move):  # what verify refuses, the rule refuses too
        assert isinstance(_outcome(enc, move), type)


# --- action logs: schema 2 names the record of each verb, schema 1 logs still load -------------------
OLD_LOG = Path(__file__).parent / "data" / "actions-schema-1.json"
"""An action log as schema 1 wrote it: every forced movement a ``ForcedMove`` with its ``kind``."""


def test_an_action_log_of_schema_1_loads_its_forced_moves_as_their_verbs_records() -> None:
    """DS-FORCE-02..05, DS-SLAM-01: a schema 1 log replays as it did, its moves now Push, Pull, Slide.

    The ogre pushes Kira 2 of 3 squares (x 3 -> 5), pulls her 3 back into itself (a slam: 1
    damage each), a slide takes her to (4, 7), and a push of 1 from (1, 5) moves the ogre to x = 3.
    Saved again, the log is schema 2 and names each record by its class.
    """
    old = OLD_LOG.read_text()
    assert '"schema": 1' in old
    assert old.count('"class": "ForcedMove"') == 4
    actions = brawl.actions_from_json(old, source=str(OLD_LOG))
    assert [type(a) for a in actions] == [Push, Pull, Slide, Push]
    assert actions[0] == Push("ogre", "kira", 3, squares=2)
    assert actions[2] == Slide(None, "kira", 2, path=((4, 6, 0), (4, 7, 0)))
    enc = make(c("ogre", 2, 5), c("kira", 3, 5))
    out = brawl.replay(enc, actions)
    assert out.state.creature("kira").pos == Pos(4, 7, 0)
    assert out.state.creature("ogre").pos == Pos(3, 5, 0)
    assert (out.state.creature("kira").stamina, out.state.creature("ogre").stamina) == (39, 39)
    general = [ForcedMove(**a.fields()) for a in actions]  # each record's fields, its kind among them
    assert brawl.replay(enc, general) == out  # ForcedMove of each kind, as schema 1 resolved them
    new = brawl.actions_to_json(actions)
    assert '"schema": 2' in new
    assert [new.count(f'"class": "{name}"') for name in ("Push", "Pull", "Slide", "ForcedMove")] == [
        2,
        1,
        1,
        0,
    ]
    assert brawl.actions_from_json(new) == actions


def test_a_schema_1_forced_move_its_verbs_record_cannot_hold_stays_a_forced_move() -> None:
    """DS-FORCE-01: a schema 1 push that names a path is no Push: it loads as the ForcedMove it was."""
    text = (
        '{"schema": 1, "actions": [{"class": "ForcedMove", "kind": "push", "target": "kira",'
        ' "distance": 1, "source": "ogre", "path": [[4, 5, 0]]}]}'
    )
    [move] = brawl.actions_from_json(text)
    assert type(move) is ForcedMove
    assert move.kind is ForceKind.PUSH
    with pytest.raises(brawl.ScenarioError, match="schema"):
        brawl.actions_from_json(text.replace('"schema": 1', '"schema": 3'))
