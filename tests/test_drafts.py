"""Draft copies (brawl.fields.copier): every field copied, the record's own class at the end, and
classes whose slots are not their fields refused."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given

import brawl
from brawl import strategies
from brawl.creature import Creature
from brawl.events.base import Event, maker
from brawl.events.damage import Damaged
from brawl.fields import DRAFT_OF, copier, put
from brawl.reach import Reachable, made
from brawl.requests import Action
from brawl.rng import Rng
from brawl.rules.stamina import with_stamina
from brawl.state import Encounter, TurnState
from brawl.turns.drawsteel_turn import DrawSteelTurn


@given(strategies.creatures())
def test_a_draft_copy_made_a_creature_again_is_the_same_creature(creature: Creature) -> None:
    out = copier(Creature)(creature)
    assert type(out) is not Creature
    assert getattr(type(out), DRAFT_OF) is Creature
    out.__class__ = Creature
    assert type(out) is Creature
    assert out == creature
    assert out is not creature
    assert hash(out) == hash(creature)
    assert pickle.loads(pickle.dumps(out)) == creature


@given(strategies.creatures())
def test_with_stamina_is_evolve(creature: Creature) -> None:
    lower = min(creature.stamina, creature.stamina_max) - 1
    got = with_stamina(creature, lower, 0, True)
    assert type(got) is Creature
    assert got == attrs.evolve(creature, stamina=lower, temporary_stamina=0, dead=True)


def test_encounter_copies_are_encounters_with_every_field() -> None:
    enc = brawl.load_scenario("benchmarks/four_vs_six.toml")
    later = enc.with_rng(Rng(3, 4))
    assert type(later) is Encounter
    assert later == attrs.evolve(enc, rng=Rng(3, 4))
    assert later.occupants(enc.creature_list()[0].pos) == enc.occupants(enc.creature_list()[0].pos)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        later.round = 3  # type: ignore[misc]


def test_a_turn_state_draft_is_no_turn_system() -> None:
    turn = DrawSteelTurn()
    assert put(turn, turn_count=2) == attrs.evolve(turn, turn_count=2)
    assert set(TurnState.registry.values()) == {
        c for c in TurnState.registry.values() if DRAFT_OF not in vars(c)
    }
    assert TurnState.registry["DrawSteelTurn"] is DrawSteelTurn


def test_a_class_without_slots_is_refused() -> None:
    @attrs.frozen(slots=False)
    class Loose:
        a: int = 0

    with pytest.raises(TypeError, match="slots are its fields"):
        copier(Loose)
    with pytest.raises(TypeError):
        put(Loose(), a=1)


def test_drafts_of_events_and_actions_are_not_registered() -> None:
    """A draft class (brawl.fields.copier) is no kind of event, action or turn state: copying a
    record of every registered class leaves the registries, and so the schemas, as they were."""
    before = (dict(Event.registry), dict(Action.registry), dict(TurnState.registry))
    made = 0
    for cls in [*before[0].values(), *before[1].values(), *before[2].values()]:
        try:
            copier(cls)
        except TypeError:
            continue
        made += 1
    assert made > 100  # most records are copied this way
    assert (Event.registry, Action.registry, TurnState.registry) == before


def _sample(field: attrs.Attribute[object]) -> object:
    """A value for an event's field other than its default, of the kind its annotation names."""
    kind = str(field.type)
    if "tuple" in kind:
        return ("DS-DMG-01",) if field.name == "rules" else ()
    if kind.startswith("bool"):
        return True
    if kind.startswith("int"):
        return 7
    return f"{field.name}-value"


def test_an_event_made_by_its_maker_is_the_event_its_class_makes() -> None:
    """maker(cls)(**kw) is cls(**kw) for every event of plain fields: the same class, fields,
    defaults, equality, hash and repr; and making them registers no new kind of event."""
    before = dict(Event.registry)
    made = 0
    for cls in before.values():
        try:
            make: Callable[..., Event] = maker(cls)
        except TypeError:
            continue
        made += 1
        given_all: dict[str, Any] = {f.name: _sample(f) for f in attrs.fields(cls)}
        required = {f.name: given_all[f.name] for f in attrs.fields(cls) if f.default is attrs.NOTHING}
        for kw in (given_all, required):
            want, got = cls(**kw), make(**kw)
            assert type(got) is cls
            assert got == want
            assert hash(got) == hash(want)
            assert repr(got) == repr(want)
            assert all(getattr(got, f.name) == getattr(want, f.name) for f in attrs.fields(cls))
    assert made > 100  # most events are made this way
    assert Event.registry == before
    with pytest.raises(TypeError, match="missing"):
        maker(Damaged)(base=3)  # a field with no default must be given, as for the class


def test_an_event_class_with_checks_or_a_factory_has_no_maker() -> None:
    @attrs.frozen(kw_only=True)
    class Checked(Event):
        amount: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen(kw_only=True)
    class Listed(Event):
        items: list[int] = attrs.field(factory=list)

    for cls in (Checked, Listed):
        with pytest.raises(TypeError, match="plain fields"):
            maker(cls)
    Event.registry.pop("Checked"), Event.registry.pop("Listed")


def test_a_search_result_made_on_a_draft_is_the_one_its_class_makes() -> None:
    """R-MOVE-1: ``brawl.reach.made`` gives a Reachable with every field the class's own
    ``__init__`` sets, the same answers, and frozen as it is."""
    enc = brawl.load_scenario("benchmarks/four_vs_six.toml")
    cid = enc.order[0]
    found = brawl.reachable(enc, cid)
    fields = [getattr(found, f.name) for f in attrs.fields(Reachable)]
    want = Reachable(*fields)
    got = made(*fields)
    assert type(got) is Reachable
    for f in attrs.fields(Reachable):
        assert getattr(got, f.name) is getattr(want, f.name)
    assert got.costs() == want.costs() == found.costs()
    assert repr(got) == repr(want)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        got.budget = 3  # type: ignore[misc]
