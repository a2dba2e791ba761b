"""The ability model: every field checked, and a creature with abilities saved and loaded exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brawl.abilities.model import (
    Ability,
    ApplyCondition,
    Cost,
    Damage,
    Distance,
    ForcedMovement,
    Potency,
    PowerRoll,
    Target,
    TextEffect,
    Tier,
)
from brawl.creature import Creature
from brawl.errors import ScenarioError, StateError
from brawl.io.json import from_json, structure, to_json, unstructure
from brawl.state import Encounter
from brawl.terrain import Terrain


def shove() -> Ability:
    return Ability(
        "Shove",
        "main action",
        "signature",
        ("Melee", "Strike", "Weapon"),
        distance=Distance("melee", 1),
        target=Target("creature"),
        cost=Cost("heroic", 3, "3 Focus"),
        power_roll=PowerRoll(
            ("might",),
            tiers=(
                Tier("2 damage; push 1", (Damage(2, ("might",)), ForcedMovement("push", 1))),
                Tier("6 + M fire damage", (Damage(6, ("might",), ("fire",)),)),
                Tier(
                    "9 damage; A < average prone (save ends)",
                    (
                        Damage(9),
                        ApplyCondition("prone", "save ends", Potency("agility", "average")),
                        TextEffect("the ground shakes", Potency("might", 2)),
                    ),
                ),
            ),
        ),
    )


def test_a_creature_with_abilities_round_trips_through_json() -> None:
    c = Creature(id="kira", hero=True, abilities=(shove(),), heroic_resource=3)
    assert structure(unstructure(c), Creature) == c
    enc = Encounter(Terrain(5, 5), [c])
    assert from_json(to_json(enc)) == enc
    assert '"effect": "condition"' in to_json(enc)


def test_a_bad_effect_in_json_names_its_field() -> None:
    data = unstructure(Creature(id="kira", abilities=(shove(),)))
    data["abilities"][0]["power_roll"]["tiers"][0]["effects"][1]["kind"] = "yank"
    with pytest.raises(ScenarioError, match="kind"):
        structure(data, Creature)


@pytest.mark.parametrize(
    ("build", "error", "field"),
    [
        (lambda: Potency("luck", 2), StateError, "characteristic"),
        (lambda: Potency("might", "mighty"), StateError, "value"),
        (lambda: Potency("might", 2.0), TypeError, "value"),  # type: ignore[arg-type]
        (lambda: Damage(-1), StateError, "amount"),
        (lambda: Damage(2, ("might", "might")), StateError, "characteristics"),
        (lambda: Damage(2, types=("cheese",)), StateError, "types"),
        (lambda: Damage(2, "might"), TypeError, "characteristics"),
        (lambda: ForcedMovement("yank", 1), StateError, "kind"),
        (lambda: ForcedMovement("push", 1, vertical=1), TypeError, "vertical"),  # type: ignore[arg-type]
        (lambda: ApplyCondition("sleepy", "save ends"), StateError, "condition"),
        (lambda: ApplyCondition("prone", "forever"), StateError, "duration"),
        (lambda: TextEffect(""), StateError, "text"),
        (lambda: Tier("x", ("damage",)), TypeError, "effects"),
        (lambda: PowerRoll(tiers=(Tier("a"), Tier("b"))), StateError, "tiers"),
        (lambda: Distance("cone", 3), StateError, "kind"),
        (lambda: Distance("line", size=5), StateError, "width"),
        (lambda: Distance("melee", 0), StateError, "value"),
        (lambda: Target("friend"), StateError, "kind"),
        (lambda: Target("creature", 0), StateError, "count"),
        (lambda: Target("each enemy", 2), StateError, "count"),
        (lambda: Target("special"), StateError, "text"),
        (lambda: Cost("mana", 2), StateError, "resource"),
        (lambda: Cost("malice", "2"), TypeError, "amount"),  # type: ignore[arg-type]
        (
            lambda: Ability("", "main action", distance=Distance("self"), target=Target("self")),
            StateError,
            "name",
        ),
        (
            lambda: Ability("x", "bonus action", distance=Distance("self"), target=Target("self")),
            StateError,
            "action_type",
        ),
        (
            lambda: Ability("x", "maneuver", "cantrip", distance=Distance("self"), target=Target("self")),
            StateError,
            "category",
        ),
        (lambda: Ability("x", "maneuver", distance="melee 1", target=Target("self")), TypeError, "distance"),  # type: ignore[arg-type]
    ],
)
def test_each_field_is_checked_and_named(build: object, error: type[Exception], field: str) -> None:
    with pytest.raises(error, match=field):
        build()  # type: ignore[operator]


def test_creature_ability_fields_are_checked() -> None:
    with pytest.raises(StateError, match="share a name"):
        Creature(id="k", abilities=(shove(), shove()))
    with pytest.raises(TypeError, match="abilities"):
        Creature(id="k", abilities=("Shove",))
    with pytest.raises(StateError, match="heroic_resource"):
        Creature(id="k", heroic_resource=-1)
    assert Creature(id="k", abilities=(shove(),)).ability("Shove") == shove()


def test_distances_and_targets_print_as_a_block_does() -> None:
    """The printed forms of each distance and target kind."""
    assert [
        d.printed()
        for d in (
            Distance("melee", 1),
            Distance("ranged", 10),
            Distance("melee or ranged", 1, within=5),
            Distance("self"),
            Distance("aura", 2),
            Distance("burst", 3),
            Distance("cube", size=3, within=10),
            Distance("line", size=5, width=1, within=1),
            Distance("wall", size=10, within=10),
            Distance("special", text="see the effect"),
        )
    ] == [
        "Melee 1",
        "Ranged 10",
        "Melee 1 or ranged 5",
        "Self",
        "2 aura",
        "3 burst",
        "3 cube within 10",
        "5 x 1 line within 1",
        "10 wall within 10",
        "see the effect",
    ]
    assert [
        t.printed()
        for t in (
            Target("creature"),
            Target("enemy", 2),
            Target("creature or object", 3),
            Target("self"),
            Target("self or ally"),
            Target("each enemy"),
            Target("ally", None),
        )
    ] == [
        "One creature",
        "Two enemies",
        "Three creatures or objects",
        "Self",
        "Self or one ally",
        "Each enemy in the area",
        "All allies",
    ]
    assert Target("each creature").count is None


def test_the_state_schema_knows_ability_effects_by_their_tag() -> None:
    """The published state schema accepts a creature with abilities and refuses an unknown effect kind."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).resolve().parents[1] / "schemas" / "state.schema.json").read_text())
    enc = Encounter(Terrain(5, 5), [Creature(id="kira", abilities=(shove(),))])
    data = json.loads(to_json(enc))
    jsonschema.validate(data, schema)
    data["creatures"][0]["abilities"][0]["power_roll"]["tiers"][2]["effects"][1]["effect"] = "curse"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)
