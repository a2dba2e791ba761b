"""Helpful error messages: the closest id or name, the valid names, whose turn it is, the
bundled-scenario hint, and records named by their id rather than dumped."""

from __future__ import annotations

import pytest

import brawl
from brawl.errors import did_you_mean, id_hint, not_one_of, shown, whose_turn


def bridge() -> brawl.Encounter:
    return brawl.load_scenario(brawl.bundled_scenario("bridge"))


def test_an_unknown_creature_id_suggests_the_closest_one() -> None:
    with pytest.raises(brawl.UnknownCreatureError, match=r"creature 'kria': .*; did you mean 'kira'\?"):
        brawl.damage(bridge(), "kria", 3)
    with pytest.raises(brawl.UnknownCreatureError, match=r"did you mean 'ogre'\?"):
        brawl.reachable(bridge(), "ogr")


def test_an_id_like_nothing_gets_no_suggestion() -> None:
    with pytest.raises(brawl.UnknownCreatureError) as info:
        bridge().creature("zzzzzz")
    assert "did you mean" not in str(info.value)


def test_an_unknown_object_id_suggests_the_closest_one() -> None:
    with pytest.raises(brawl.UnknownCreatureError, match=r"object 'boulder': .*did you mean 'boulder-1'\?"):
        bridge().object("boulder")


def test_an_unknown_condition_lists_the_valid_names_and_the_closest() -> None:
    with pytest.raises(brawl.ConditionError) as info:
        brawl.add_condition(bridge(), "kira", "pron")
    message = str(info.value)
    assert "not one of bleeding, dazed, frightened, grabbed, prone, restrained, slowed" in message
    assert "did you mean 'prone'?" in message
    assert message.endswith("(RB1-CONDITIONS)")
    with pytest.raises(brawl.ConditionError, match=r"did you mean 'slowed'\?"):
        brawl.remove_condition(bridge(), "kira", "Slowed")


def test_an_unknown_damage_type_lists_the_valid_names_and_the_closest() -> None:
    with pytest.raises(brawl.InvalidArgumentError) as info:
        brawl.damage(bridge(), "kira", 3, type="fier")
    message = str(info.value)
    assert (
        "not one of acid, cold, corruption, fire, holy, lightning, poison, psychic, sonic, untyped" in message
    )
    assert "did you mean 'fire'?" in message


def test_acting_out_of_turn_says_whose_turn_it_is() -> None:
    enc, _ = brawl.start_combat(bridge(), first_side="heroes")
    enc, _ = brawl.start_turn(enc, "kira")
    with pytest.raises(brawl.TurnOrderError, match=r"talia main: it is 'kira''s turn, not 'talia''s"):
        brawl.use_action(enc, "talia", "main")


def test_acting_between_turns_says_nobody_is_taking_one() -> None:
    enc, _ = brawl.start_combat(bridge(), first_side="heroes")
    with pytest.raises(brawl.TurnOrderError, match="no creature is taking a turn"):
        brawl.use_action(enc, "talia", "main")


def test_a_bundled_name_passed_as_a_path_points_to_bundled_scenario() -> None:
    with pytest.raises(brawl.ScenarioError, match=r"load_scenario\(bundled_scenario\('bridge'\)\)"):
        brawl.load_scenario("bridge")
    with pytest.raises(brawl.ScenarioError) as info:
        brawl.load_scenario("no-such-file.toml")
    assert "bundled_scenario" not in str(info.value)


def test_a_creature_passed_for_an_id_is_named_by_its_id_not_dumped() -> None:
    enc = bridge()
    kira = enc.creature("kira")
    with pytest.raises(brawl.ArgumentTypeError) as info:
        brawl.damage(enc, kira, 3)  # type: ignore[arg-type]
    message = str(info.value)
    assert "Damage.target Creature 'kira'" in message
    assert "pass its id, 'kira'" in message
    assert "stamina_max" not in message  # not the whole record
    with pytest.raises(brawl.UnknownCreatureError, match=r"creature Creature 'kira': .*pass its id, 'kira'"):
        enc.creature(kira)  # type: ignore[arg-type]


def test_the_message_pieces() -> None:
    assert did_you_mean("kria", ["kira", "ogre"]) == "; did you mean 'kira'?"
    assert did_you_mean("KIRA", ["kira"]) == "; did you mean 'kira'?"
    assert did_you_mean(3, ["kira"]) == ""
    assert not_one_of("x", ["a", "b"]) == "not one of a, b"
    assert shown("kira") == "'kira'"
    assert shown(list(range(100))).endswith("...")
    assert len(shown(list(range(100)))) == 60
    assert id_hint("kira") == ""
    assert whose_turn("talia", ("kira", "mara")) == "it is 'kira' and 'mara''s turn, not 'talia''s"
    assert whose_turn("kira", None) == "it is not 'kira''s turn: no creature is taking a turn"


def test_an_unknown_duration_lists_the_durations() -> None:
    with pytest.raises(
        brawl.ConditionError, match=r"duration 'forever' is not one of eot, save_ends, .*until_removed"
    ):
        brawl.add_condition(bridge(), "kira", "prone", duration="forever")


def test_a_tuple_of_the_wrong_length_says_its_length() -> None:
    with pytest.raises(brawl.ArgumentTypeError, match=r"expected tuple\[int, int\] \| None, got tuple of 3$"):
        brawl.power_roll(bridge(), 2, dice=(1, 2, 3))  # type: ignore[arg-type]  # three dice on purpose


def test_an_action_given_as_its_json_data_points_to_action_from_json() -> None:
    data = {"class": "StartCombat", "first_side": "heroes"}
    with pytest.raises(brawl.ArgumentTypeError, match=r"got dict; .* brawl\.action_from_json"):
        brawl.apply(bridge(), data)  # type: ignore[arg-type]  # the slip the hint is for
    action = brawl.action_from_json(data)
    assert action == brawl.action_from_json('{"class": "StartCombat", "first_side": "heroes"}')
    assert brawl.apply(bridge(), action).state.round == 1
    with pytest.raises(brawl.ArgumentTypeError, match="action_from_json"):
        brawl.action_from_json([data])  # type: ignore[arg-type]  # a list is no action
    with pytest.raises(brawl.ScenarioError, match="first_sid"):
        brawl.action_from_json({"class": "StartCombat", "first_sid": "heroes"})


def test_one_position_given_as_a_path_suggests_a_list() -> None:
    with pytest.raises(
        brawl.ArgumentTypeError, match=r"one position, not a path; a path is a list of positions: \[\(3, 2, 0"
    ):
        brawl.move(bridge(), "kira", (3, 2, 0))  # the slip the hint is for


def test_a_move_mode_takes_its_article() -> None:
    reach = brawl.reachable(bridge(), "kira")
    with pytest.raises(brawl.IllegalMoveError, match="can't end an advance move at"):
        reach.cost((15, 8, 0))
    with pytest.raises(brawl.IllegalMoveError, match="can't end a shift move at"):
        brawl.reachable(bridge(), "kira", mode="shift").cost((15, 8, 0))
