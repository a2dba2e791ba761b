"""The Draw Steel action economy: main action, maneuver, move action, triggered actions, conditions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.turns
from brawl import Creature, Encounter, Terrain


def my_turn(**kw: object) -> Encounter:
    """Kira's turn has started (heroes first); an ogre waits."""
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, speed=5, pos=(0, 0, 0), **kw)  # type: ignore[arg-type]  # kw: any Creature field
    ogre = Creature(id="ogre", side="director", pos=(5, 5, 0))
    enc = Encounter.create(Terrain.flat(10, 10), [kira, ogre])
    enc, _ = brawl.start_combat(enc, d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


def use(enc: Encounter, *kinds: str, who: str = "kira") -> Encounter:
    for k in kinds:
        enc, _ = brawl.use_action(enc, who, k)
    return enc


def test_main_maneuver_move_in_any_order_ds_turn_01_02() -> None:
    """DS-TURN-01, DS-TURN-02: one main action, one maneuver, one move action, in any order."""
    enc = use(my_turn(), "maneuver", "move", "main")
    for kind in ("main",):
        with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-01"):
            brawl.use_action(enc, "kira", kind)
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-03"):
        brawl.use_action(enc, "kira", "maneuver")


def test_movement_split_around_actions_ds_turn_02() -> None:
    """DS-TURN-02, DS-ACT-01: speed 5: move 2, main action, move 3; a sixth square is refused."""
    enc = use(my_turn(), "move")
    enc, ev = brawl.turns.spend_movement(enc, "kira", 2)
    enc = use(enc, "main")
    enc, ev = brawl.turns.spend_movement(enc, "kira", 3)
    assert ev[0].left == 0
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-02"):
        brawl.turns.spend_movement(enc, "kira", 1)


@pytest.mark.parametrize(
    "shape",
    [("main", "maneuver", "move"), ("move", "move", "maneuver"), ("maneuver", "maneuver", "move")],
)
def test_three_legal_turn_shapes_ds_turn_03(shape: tuple[str, ...]) -> None:
    """DS-TURN-03: the legal shapes are main+maneuver+move, 2 moves+maneuver, 2 maneuvers+move."""
    enc = use(my_turn(), *shape)
    for kind in ("main", "maneuver", "move"):
        assert not brawl.actions.can(enc, brawl.UseAction("kira", kind))


def test_converted_main_action_is_reported_ds_turn_03() -> None:
    """DS-TURN-03: a second move action uses the main action; then no main action is left."""
    enc = use(my_turn(), "move")
    enc, events = brawl.use_action(enc, "kira", "move")
    assert events[0].converted
    assert "DS-TURN-03" in events[0].rules
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-03"):
        brawl.use_action(enc, "kira", "main")
    enc, _ = brawl.turns.spend_movement(enc, "kira", 10)  # two move actions: 2 x speed 5


def test_one_triggered_action_per_round_ds_turn_05() -> None:
    """DS-TURN-05: one triggered action per round, on any creature's turn; a new round restores it."""
    enc = my_turn()
    enc = use(enc, "triggered", who="ogre")
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-05"):
        brawl.use_action(enc, "ogre", "triggered")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "ogre")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.end_round(enc)
    assert brawl.actions.can(enc, brawl.UseAction("ogre", "triggered"))


def test_free_triggered_not_counted_ds_turn_06() -> None:
    """DS-TURN-06: free triggered actions do not count against the one triggered action."""
    enc = use(my_turn(), "triggered", "free triggered", "free triggered")
    assert not brawl.actions.can(enc, brawl.UseAction("kira", "triggered"))
    assert brawl.actions.can(enc, brawl.UseAction("kira", "free triggered"))


def test_free_maneuvers_unlimited_on_own_turn_ds_turn_09() -> None:
    """DS-TURN-09: free maneuvers are unlimited on your turn, and only on your turn."""
    enc = use(my_turn(), "free maneuver", "free maneuver", "free maneuver", "maneuver")
    assert brawl.actions.can(enc, brawl.UseAction("kira", "free maneuver"))
    with pytest.raises(brawl.TurnOrderError, match="DS-TURN-09"):
        brawl.use_action(enc, "ogre", "free maneuver")
    with pytest.raises(brawl.TurnOrderError, match="DS-TURN-01"):
        brawl.use_action(enc, "ogre", "main")


def test_dazed_one_of_main_maneuver_move_rb1_dazed() -> None:
    """RB1-DAZED: dazed: only one of main action, maneuver, move action."""
    enc = my_turn()
    enc, _ = brawl.add_condition(enc, "kira", "dazed", "save_ends")
    enc = use(enc, "maneuver")
    for kind in ("main", "move", "maneuver"):
        with pytest.raises(brawl.ActionUnavailableError, match="RB1-DAZED"):
            brawl.use_action(enc, "kira", kind)


def test_dazed_no_triggered_free_triggered_free_maneuver_ds_turn_08_11() -> None:
    """RB1-DAZED, DS-TURN-08, DS-TURN-11: dazed blocks triggered, free triggered and free maneuvers."""
    enc = my_turn()
    enc, _ = brawl.add_condition(enc, "kira", "dazed", "save_ends")
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-08"):
        brawl.use_action(enc, "kira", "free triggered")
    with pytest.raises(brawl.ActionUnavailableError, match="RB1-DAZED"):
        brawl.use_action(enc, "kira", "triggered")
    with pytest.raises(brawl.ActionUnavailableError, match="RB1-DAZED"):
        brawl.use_action(enc, "kira", "free maneuver")


def test_surprised_no_triggered_but_main_ds_cond_02() -> None:
    """DS-COND-02, DS-TURN-08: surprised: no triggered or free triggered actions; its turn is normal."""
    kira = Creature(id="kira", side="heroes", hero=True, pos=(0, 0, 0))
    ogre = Creature(id="ogre", side="director", pos=(5, 5, 0))
    enc, _ = brawl.start_combat(
        Encounter.create(Terrain.flat(10, 10), [kira, ogre]), surprised=["ogre"], d10=1
    )
    enc, _ = brawl.start_turn(enc, "kira")
    for kind in ("triggered", "free triggered"):
        with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-02"):
            brawl.use_action(enc, "ogre", kind)


def test_unconscious_takes_nothing_not_even_move_ds_cond_04_r_turn_7() -> None:
    """DS-COND-04, R-TURN-7, AMB-65: unconscious: no action of any kind; no move action (speed 0)."""
    enc = my_turn()
    enc, _ = brawl.add_condition(enc, "kira", "unconscious")
    for kind in ("main", "maneuver", "free maneuver", "triggered", "free triggered"):
        with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-04"):
            brawl.use_action(enc, "kira", kind)
    with pytest.raises(brawl.ActionUnavailableError, match="R-TURN-7"):
        brawl.use_action(enc, "kira", "move")


def test_bad_kind_and_squares_are_refused_ds_turn_01() -> None:
    """DS-TURN-01: an unknown kind or a silly number of squares is an InvalidArgumentError."""
    enc = use(my_turn(), "move")
    with pytest.raises(brawl.InvalidArgumentError, match="DS-TURN-01"):
        brawl.use_action(enc, "kira", "dance")
    for bad in (0, -3, 10**12):
        with pytest.raises(brawl.InvalidArgumentError, match="DS-ACT-01"):
            brawl.turns.spend_movement(enc, "kira", bad)
    for wrong in (True, "2"):
        with pytest.raises(brawl.ArgumentTypeError, match=r"squares .*: a whole number is needed"):
            brawl.turns.spend_movement(enc, "kira", wrong)  # type: ignore[arg-type]  # the wrong type on purpose


KINDS = ["main", "maneuver", "move", "free maneuver", "triggered", "free triggered"]


@given(st.lists(st.sampled_from(KINDS), max_size=8))
def test_economy_never_exceeds_a_legal_turn_property(kinds: list[str]) -> None:
    """DS-TURN-01, DS-TURN-03, DS-TURN-05: what is accepted is a legal turn; same inputs, same outcome."""
    enc = my_turn()
    main = maneuvers = moves = triggered = 0
    for k in kinds:
        if brawl.actions.can(enc, brawl.UseAction("kira", k)):
            first = brawl.use_action(enc, "kira", k)
            assert brawl.use_action(enc, "kira", k) == first
            enc = first.state
            main += k == "main"
            maneuvers += k == "maneuver"
            moves += k == "move"
            triggered += k == "triggered"
        else:
            with pytest.raises(brawl.RulesError):
                brawl.use_action(enc, "kira", k)
    assert main + max(0, maneuvers - 1) + max(0, moves - 1) <= 1
    assert maneuvers <= 2
    assert moves <= 2
    assert triggered <= 1
