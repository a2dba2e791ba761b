"""Creatures and objects: fields, validation and derived values (DS-STAM, DS-OBJ, DS-FORCE-18)."""

import immutables
import pytest
from hypothesis import given
from hypothesis import strategies as st

from brawl import (
    ArgumentTypeError,
    Characteristics,
    Condition,
    ConditionName,
    Creature,
    Duration,
    MapObject,
    Material,
    MovementType,
    Pos,
    Size,
    StateError,
)


def test_winded_value_is_half_the_maximum_rounded_down() -> None:
    """DS-STAM-04, R-STAM-1: max 15 → winded value 7; winded at Stamina 7, not at 8."""
    c = Creature(id="k", hero=True, stamina_max=15, stamina=8)
    assert c.winded_value == 7
    assert not c.is_winded
    assert Creature(id="k", hero=True, stamina_max=15, stamina=7).is_winded


def test_recovery_value_is_a_third_of_the_maximum_rounded_down() -> None:
    """DS-STAM-02, R-STAM-2: max 20 → recovery value 6; max 21 → 7."""
    assert Creature(id="k", stamina_max=20).recovery_value == 6
    assert Creature(id="k", stamina_max=21).recovery_value == 7


def test_derived_values_follow_the_current_maximum() -> None:
    """R-STAM-2, DS-DMG-13: a reduced maximum changes the winded and recovery values."""
    c = Creature(id="k", stamina_max=30, stamina=10)
    reduced = Creature(id="k", stamina_max=18, stamina=10)
    assert (c.winded_value, c.recovery_value) == (15, 10)
    assert (reduced.winded_value, reduced.recovery_value) == (9, 6)


def test_temporary_stamina_does_not_change_winded() -> None:
    """DS-STAM-17: temporary Stamina is left out of the winded test."""
    c = Creature(id="k", hero=True, stamina_max=20, stamina=5, temporary_stamina=50)
    assert c.is_winded


def test_a_hero_at_0_or_lower_is_dying_a_director_creature_is_not() -> None:
    """DS-STAM-06: a hero is dying at Stamina 0 or lower; Director creatures have no dying state."""
    assert Creature(id="k", hero=True, stamina_max=20, stamina=0).is_dying
    assert Creature(id="k", hero=True, stamina_max=20, stamina=-3).is_dying
    assert not Creature(id="k", hero=True, stamina_max=20, stamina=1).is_dying
    assert not Creature(id="g", hero=False, stamina_max=20, stamina=0).is_dying


def test_stamina_above_the_maximum_is_refused() -> None:
    """DS-STAM-04: Stamina cannot exceed its maximum; the state is inconsistent."""
    with pytest.raises(StateError, match="above its maximum 10"):
        Creature(id="k", stamina_max=10, stamina=11)


def test_stability_can_never_be_less_than_0() -> None:
    """DS-FORCE-18, DS-FORCE-17: stability never below 0; heroes start with 0."""
    assert Creature(id="k", hero=True).stability == 0
    with pytest.raises(StateError, match="stability -1"):
        Creature(id="k", stability=-1)


@pytest.mark.parametrize(
    "changes",
    [
        {"id": ""},
        {"speed": -1},
        {"stamina_max": 0},
        {"temporary_stamina": -1},
        {"size": "1X"},
        {"movement": ["walk", "teleportation"]},
        {"immunities": {"fire": -1}},
        {"immunities": {"shadow": 5}},
        {"weaknesses": {"fire": "all"}},
        {"pos": (1, 2, 3, 4)},
        {"recoveries": 3, "recoveries_max": 2},
        {"level": 0},
        {"conditions": ("prone",)},
        {"id": "a" * 201},
        {"id": "a\ud800"},
        {"speed": 10**18},
        {"level": 10**18},
        {"stamina_max": 10**18},
        {"riding": "k"},
    ],
)
def test_malformed_creatures_raise_state_error(changes: dict[str, object]) -> None:
    """A malformed creature is refused at construction with the field named."""
    with pytest.raises(StateError):
        Creature(**{"id": "k", **changes})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"stamina": 2.5}, "stamina"),
        ({"side": 5}, "side"),
        ({"name": 5}, "name"),
        ({"hero": "yes"}, "hero"),
        ({"dead": "no"}, "dead"),
        ({"movement": 5}, "movement"),
        ({"group": 1}, "group"),
    ],
)
def test_creature_fields_of_the_wrong_type_are_argument_type_errors(
    changes: dict[str, object], field: str
) -> None:
    """A field of the wrong type is a TypeError naming the field; ``dead="no"`` is not a flag."""
    with pytest.raises(ArgumentTypeError, match=field):
        Creature(**{"id": "k", **changes})  # type: ignore[arg-type]


def test_characteristics_run_from_minus_5_to_5() -> None:
    """RB4-CHARACTERISTICS: scores run from -5 to +5."""
    assert Characteristics(might=5, agility=-5).get("M") == 5
    with pytest.raises(StateError, match="might 6"):
        Characteristics(might=6)
    with pytest.raises(StateError, match="not one of"):
        Characteristics().get("luck")


def test_conditions_are_held_with_source_and_never_count_twice() -> None:
    """RB1-STACKING: two weakened instances from two sources are still one condition."""
    c = Creature(
        id="k",
        conditions=(Condition(ConditionName.WEAKENED, source="a"), Condition("weakened", source="b")),
    )
    assert c.has("weakened")
    assert len(c.conditions_named(ConditionName.WEAKENED)) == 2
    assert not c.has(ConditionName.PRONE)


def test_movement_types_and_size_cube() -> None:
    """DS-MTYPE-01, AMB-57: movement types in the speed entry; hover and teleport as flags."""
    c = Creature(id="d", size="2", movement=["walk", "fly", "hover"], pos=(1, 1, 0))
    assert c.has_movement(MovementType.FLY)
    assert c.has_movement("hover")
    assert not c.has_movement("burrow")
    assert c.size == Size.parse("2")
    assert len(c.cells()) == 8


def test_objects_have_stamina_by_material_and_poison_psychic_immunity_all() -> None:
    """DS-OBJ-02, DS-OBJ-03: a wooden door has 3 Stamina; a 2-square metal cart 9 per square."""
    door = MapObject(id="door", pos=(1, 1, 0), material=Material.WOOD)
    cart = MapObject(id="cart", pos=(3, 3, 0), material="metal", size=2)
    assert door.stamina == door.stamina_max == 3
    assert cart.stamina_max == 36
    assert dict(door.immunities) == {"poison": "all", "psychic": "all"}
    materials = ("glass", "wood", "stone", "metal")
    assert [MapObject(id="o", pos=(0, 0), material=m).stamina for m in materials] == [1, 3, 6, 9]


def test_an_object_of_air_is_refused() -> None:
    """An object must be made of something."""
    with pytest.raises(StateError, match="air"):
        MapObject(id="o", pos=(0, 0), material="air")


def test_repr_pastes_back_as_code() -> None:
    """Reprs are valid Python, so Hypothesis failures replay."""
    c = Creature(
        id="k",
        size="1S",
        movement=["walk", "climb"],
        conditions=(Condition("prone"),),
        immunities={"fire": 3},
    )
    names = {
        "Creature": Creature, "Size": Size, "MovementType": MovementType, "Characteristics": Characteristics,
        "Condition": Condition, "ConditionName": ConditionName, "Duration": Duration, "Pos": Pos,
        "immutables": immutables, "frozenset": frozenset,
    }  # fmt: skip
    assert eval(repr(c), names) == c


@given(st.integers(1, 500), st.data())
def test_winded_and_recovery_values_are_floors(maximum: int, data: st.DataObject) -> None:
    """R-STAM-1, R-STAM-2: winded value = floor(max/2), recovery value = floor(max/3)."""
    stamina = data.draw(st.integers(-maximum, maximum))
    c = Creature(id="k", hero=True, stamina_max=maximum, stamina=stamina)
    assert c.winded_value == maximum // 2
    assert c.recovery_value == maximum // 3
    assert c.is_winded == (stamina <= maximum // 2)
