"""Hardening: no input hangs, no public name crashes untyped, no state saves that cannot load."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import attrs
import immutables
import pytest

import brawl
import brawl.actions as A
import brawl.initiative.game
import brawl.rules.conditions
import brawl.rules.damage
import brawl.rules.falling
import brawl.rules.recoveries
import brawl.zone.game
from brawl import Condition, Creature, Encounter, MapObject, Terrain
from brawl.creature import MAX_LEVEL, MAX_SPEED, MAX_STAMINA
from brawl.requests import Action
from brawl.rng import MAX_DRAWS, Rng
from brawl.statecheck import MAX_ROUND


def small() -> Encounter:
    return Encounter.create(
        Terrain.flat(10, 10),
        [Creature(id="a", pos=(1, 1, 0)), Creature(id="b", side="heroes", pos=(3, 3, 0))],
    )


def quickly(
    call: Callable[[], Any], error: type[BaseException] | tuple[type[BaseException], ...]
) -> BaseException:
    start = time.perf_counter()
    with pytest.raises(error) as info:
        call()
    assert time.perf_counter() - start < 20.0  # a hang guard (unbounded work), not a speed claim
    return info.value


def roundtrip(enc: Encounter) -> Encounter:
    return brawl.from_json(brawl.to_json(enc))


# --- hangs and unbounded memory ----------------------------------------------------------------
@pytest.mark.parametrize("size", [10**18, 5_000, 1_000])
def test_huge_sizes_are_refused_at_once(size: int) -> None:
    quickly(lambda: MapObject(id="o", pos=(0, 0, 0), size=size), brawl.StateError)
    quickly(lambda: Creature(id="c", size=size), brawl.StateError)


@pytest.mark.parametrize("size", [10**18, 5_000, 1_000, 50])
@pytest.mark.parametrize("kind", ["objects", "creatures"])
def test_a_scenario_piece_bigger_than_its_map_is_refused_at_once(size: int, kind: str) -> None:
    text = (
        f'[scenario]\nname = "x"\n[[levels]]\nz = 0\nmap = """\n..\n.a\n"""\n'
        f'[[{kind}]]\nid = "o"\nmark = "a"\nsize = {size}\n'
    )
    quickly(lambda: brawl.loads_scenario(text), brawl.ScenarioError)


def test_an_object_of_size_1000_in_json_is_refused_at_once() -> None:
    doc = json.loads(brawl.to_json(small()))
    doc["objects"] = [{"id": "o", "pos": [0, 0, 0], "size": 1000}]
    quickly(lambda: brawl.from_json(json.dumps(doc)), brawl.ScenarioError)
    doc["objects"] = [{"id": "o", "pos": [8, 8, 0], "size": 50}]
    quickly(lambda: brawl.from_json(json.dumps(doc)), brawl.ScenarioError)


@pytest.mark.parametrize("count", [10**9, 10**12, MAX_DRAWS + 1, -1])
def test_dice_counts_are_bounded(count: int) -> None:
    quickly(lambda: small().roll(6, count), brawl.InvalidArgumentError)
    quickly(lambda: Rng().draws(6, count), brawl.InvalidArgumentError)
    assert len(Rng().draws(6, MAX_DRAWS)[0]) == MAX_DRAWS


# --- states that save but do not load ----------------------------------------------------------
def test_removing_a_mount_dismounts_its_rider() -> None:
    enc = Encounter.create(
        Terrain.flat(10, 10),
        [
            Creature(id="horse", size="1L", pos=(1, 1, 0)),
            Creature(id="r", size="1S", pos=(1, 1, 0), riding="horse"),
        ],
    )
    after = enc.without_creature("horse")
    assert after.creature("r").riding is None
    assert after.riding_me("horse") == ()
    assert roundtrip(after) == after


def test_removing_a_creature_forgets_its_effects_grabs_and_hiding() -> None:
    enc = small().update_creature(
        "b",
        conditions=(Condition("grabbed", source="a"),),
        effects=(brawl.conditions.Effect("aided", source="a"),),
        hidden_from=frozenset({"a"}),
    )
    after = enc.without_creature("a")
    b = after.creature("b")
    assert (b.conditions, b.effects, b.hidden_from) == ((), (), frozenset())
    assert roundtrip(after) == after


@pytest.mark.parametrize(
    "change",
    [
        lambda e: e.with_turn("x"),
        lambda e: e.with_turn(None, round=-5),
        lambda e: e.with_turn(None, round=MAX_ROUND + 1),
        lambda e: e.with_rng(5),
        lambda e: e.with_object(5),
    ],
)
def test_with_methods_validate_what_they_change(change: Callable[[Encounter], Encounter]) -> None:
    with pytest.raises((brawl.StateError, TypeError)):
        change(small())


@pytest.mark.parametrize(
    "changes",
    [
        {"side": 5},
        {"name": 5},
        {"hero": "yes"},
        {"dead": "no"},
        {"id": "a\ud800"},
        {"id": "x" * 201},
        {"speed": MAX_SPEED + 1},
        {"level": MAX_LEVEL + 1},
        {"stamina_max": MAX_STAMINA + 1},
    ],
)
def test_creature_fields_are_validated(changes: dict[str, Any]) -> None:
    with pytest.raises((brawl.StateError, TypeError)):
        Creature(**{"id": "k", **changes})


def test_a_director_creature_alive_below_1_and_an_object_below_0_are_refused() -> None:
    with pytest.raises(brawl.StateError, match="Director"):
        Encounter.create(Terrain.flat(5, 5), [Creature(id="g", stamina=-5)])
    with pytest.raises(brawl.StateError, match="stamina"):
        MapObject(id="o", pos=(0, 0, 0), stamina=-5)


def test_removing_unconscious_does_not_revive_a_director_creature_at_negative_stamina() -> None:
    enc = Encounter.create(Terrain.flat(5, 5), [Creature(id="g", stamina_max=10, pos=(1, 1, 0))])
    enc, _ = brawl.damage(enc, "g", 30, knock_out=True)
    assert enc.creature("g").stamina == -20
    with pytest.raises(brawl.RulesError, match="stays down"):
        brawl.remove_condition(enc, "g", "unconscious")
    index = next(i for i, x in enumerate(enc.creature("g").conditions) if x.name.value == "unconscious")
    with pytest.raises(brawl.RulesError, match="stays down"):
        brawl.rules.conditions.end_condition(enc, "g", index)
    with pytest.raises(brawl.RulesError, match="stays down"):
        brawl.apply(enc, A.RemoveCondition("g", "unconscious"))
    woken, _ = brawl.rules.recoveries.wake(enc, "g")
    assert woken.creature("g").stamina == 1
    assert roundtrip(woken) == woken


def _doc(enc: Encounter) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(brawl.to_json(enc))
    return out


def _in_combat() -> dict[str, Any]:
    enc, _ = brawl.start_combat(small())
    return _doc(enc)


def _refused(doc: dict[str, Any]) -> brawl.ScenarioError:
    err = quickly(lambda: brawl.from_json(json.dumps(doc)), brawl.ScenarioError)
    assert isinstance(err, brawl.ScenarioError)
    return err


def test_the_turn_state_is_checked_against_the_creatures() -> None:
    doc = _in_combat()
    doc["turn"]["current"] = "ghost"
    _refused(doc)
    doc = _in_combat()
    doc["round"] = 0
    _refused(doc)
    doc = _in_combat()
    doc["turn"]["turns_taken"] = {"ghost": 1}
    _refused(doc)


def test_a_negative_economy_counter_is_refused() -> None:
    enc, _ = brawl.start_combat(small())
    first = brawl.legal_actions(enc)[0]
    enc, _ = brawl.apply(enc, first)
    doc = _doc(enc)
    if doc["turn"].get("economy"):
        doc["turn"]["economy"]["moves"] = -1
        _refused(doc)


def test_hidden_from_and_effect_sources_must_be_creatures() -> None:
    doc = _doc(small())
    doc["creatures"][0]["hidden_from"] = ["nobody"]
    _refused(doc)
    doc = _doc(small())
    doc["creatures"][0]["effects"] = [{"kind": "aided", "source": "nobody"}]
    _refused(doc)


def test_a_lone_surrogate_or_an_overlong_id_is_refused_on_load() -> None:
    doc = _doc(small())
    doc["creatures"][0]["id"] = "\ud800"
    doc["creatures"][0]["name"] = "x"
    _refused(doc)
    doc = _doc(small())
    doc["creatures"][0]["id"] = "a" * 300
    _refused(doc)


def test_schema_must_be_the_integer_1_and_constants_carry_their_place() -> None:
    doc = _doc(small())
    doc["schema"] = 1.0
    _refused(doc)
    text = brawl.to_json(small()).replace('"round": 0', '"round": NaN')
    err = _refused_text(text)
    assert err.line is not None
    assert err.column is not None


def _refused_text(text: str) -> brawl.ScenarioError:
    err = quickly(lambda: brawl.from_json(text), brawl.ScenarioError)
    assert isinstance(err, brawl.ScenarioError)
    return err


@pytest.mark.parametrize(("field", "value"), [("speed", 10**18), ("stamina_max", 10**18), ("level", 10**18)])
def test_huge_numbers_in_a_creature_are_refused_on_load(field: str, value: int) -> None:
    doc = _doc(small())
    doc["creatures"][0][field] = value
    _refused(doc)


def test_huge_round_is_refused_on_load() -> None:
    doc = _in_combat()
    doc["round"] = 10**18
    _refused(doc)


def test_a_terrain_cell_equal_to_the_default_is_not_kept() -> None:
    flat = Terrain.flat(5, 5)
    listed = Terrain(5, 5, cells=immutables.Map({brawl.Pos(1, 1, 0): flat.cell((1, 1, 0))}))
    assert listed == flat
    doc = _doc(Encounter.create(flat))
    doc["terrain"]["cells"] = [[1, 1, 0, {}]]
    assert brawl.from_json(json.dumps(doc)).terrain == flat


def test_a_dead_creature_inside_a_wall_is_refused() -> None:
    text = (
        '[scenario]\nname = "x"\n[[levels]]\nz = 0\nmap = """\n#.\n..\n"""\n'
        '[[creatures]]\nid = "g"\npos = [0, 0, 0]\ndead = true\nstamina = 0\n'
    )
    with pytest.raises(brawl.ScenarioError, match="solid"):
        brawl.loads_scenario(text)


def test_from_ascii_names_the_seed_field() -> None:
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.from_ascii("..", seed=-1)
    assert info.value.field == "seed"


# --- untyped exceptions from public names ------------------------------------------------------
def _calls() -> list[Callable[[], object]]:
    s = small()
    return [
        lambda: brawl.distance(None, 1, (0, 0, 0)),  # type: ignore[arg-type]
        lambda: brawl.tier_of("x"),  # type: ignore[arg-type]
        lambda: brawl.rules.damage.bonus(1.5),  # type: ignore[arg-type]
        lambda: brawl.rules.falling.fall_damage(3, None),  # type: ignore[arg-type]
        lambda: brawl.explain([1]),  # type: ignore[list-item]
        lambda: brawl.events_to_json(None),  # type: ignore[arg-type]
        lambda: brawl.render_text(None),  # type: ignore[arg-type]
        lambda: brawl.render_svg(s, highlight=0),  # type: ignore[arg-type]
        lambda: A.Move("kira", None),
        lambda: A.FreeStrike("a", "b", dice=0),  # type: ignore[arg-type]
        lambda: A.EndTurn(saving_throws=None),  # type: ignore[arg-type]
        lambda: brawl.from_ascii("..", legend=[1]),  # type: ignore[arg-type]
        lambda: brawl.from_ascii("..", creatures=5),  # type: ignore[arg-type]
        lambda: Creature(id="a", movement=5),  # type: ignore[arg-type]
        lambda: Condition("sleepy"),
        lambda: Encounter(order=5),  # type: ignore[arg-type]
        lambda: s.with_object(5),  # type: ignore[arg-type]
        lambda: Terrain.flat(5, 5).with_cell((1, 1, 0), "stone"),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("index", range(len(_calls())))
def test_public_names_raise_typed_errors(index: int) -> None:
    """Each refusal is a brawl error (a wrong type: ArgumentTypeError, also a TypeError)."""
    with pytest.raises(brawl.BrawlError):
        _calls()[index]()


def test_position_queries_accept_plain_tuples() -> None:
    s = small()
    assert s.creatures_in((1, 1, 0)) == ("a",)
    assert s.fits((5, 5, 0), 1)
    assert s.creatures_in_columns((3, 3, 0)) == ("b",)
    assert s.objects_in((0, 0, 0)) == ()
    assert s.is_supported((0, 0, 0), 1)


def test_saves_and_loads_keep_equal() -> None:
    enc = attrs.evolve(small())
    assert roundtrip(enc) == enc


def test_a_lone_surrogate_in_an_event_or_action_log_is_refused_both_ways() -> None:
    enc, events = brawl.damage(small(), "a", 3)
    doc = json.loads(brawl.events_to_json(events))
    doc["events"][0]["target"] = "\ud800"
    quickly(lambda: brawl.events_from_json(json.dumps(doc)), brawl.ScenarioError)
    with pytest.raises(brawl.StateError, match="surrogate"):
        brawl.actions_to_json([A.Move("\ud800", [(1, 1, 0)])])
    doc["events"][0]["target"] = "kira\u00e9\U0001f600"
    assert brawl.events_from_json(json.dumps(doc))[0].target == "kira\u00e9\U0001f600"  # type: ignore[attr-defined]
    assert enc.creature("a").stamina == 7


@pytest.mark.parametrize(
    ("start", "field", "value"),
    [
        (brawl.zone.game.StartZoneCombat(), "to_go", "nobody"),
        (brawl.zone.game.StartZoneCombat(), "current", ["ghost"]),
        (brawl.zone.game.StartZoneCombat(), "passes", -1),
        (brawl.initiative.game.StartInitiativeCombat(), "totals", [6]),
        (brawl.initiative.game.StartInitiativeCombat(), "order", ["a", "ghost"]),
        (brawl.initiative.game.StartInitiativeCombat(), "current", "ghost"),
    ],
)
def test_zone_and_initiative_turn_states_are_checked_on_load(
    start: Action, field: str, value: object
) -> None:
    enc, _ = brawl.apply(small(), start)
    assert roundtrip(enc) == enc
    doc = _doc(enc)
    doc["turn"][field] = value
    _refused(doc)
