"""The initiative game's turns (I-TURN): d10 + stat, the turn's activities, held actions, disengage."""

from __future__ import annotations

from typing import Any

import pytest

import brawl
import brawl.actions
import brawl.initiative.hold
import brawl.initiative.move
import brawl.initiative.verbs
import brawl.turns
import brawl.verbs
from brawl import Creature, Encounter, Terrain
from brawl.actions import Advance, AdvanceTo, TakeAction
from brawl.initiative.state import InitiativeTurn


def party() -> Encounter:
    cs = [
        Creature(id="ana", side="players", speed=5, pos=(0, 0, 0)),
        Creature(id="bo", side="players", speed=4, pos=(0, 2, 0)),
        Creature(id="orc", side="monsters", speed=6, pos=(1, 1, 0)),
    ]
    return Encounter.create(Terrain.flat(10, 10), cs)


def started(**kw: Any) -> Encounter:
    enc, _ = brawl.start_combat(
        party(),
        system="initiative",
        stats={"ana": 2, "bo": 1, "orc": 0},
        rolls={"ana": 4, "bo": 9, "orc": 8},
        **kw,
    )
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


def test_d10_plus_stat_highest_first_i_init_01_02() -> None:
    """I-INIT-01, I-INIT-02: ana 4+2=6, bo 9+1=10, orc 8+0=8: bo, orc, ana."""
    enc = started()
    assert isinstance(enc.turn, InitiativeTurn)
    assert enc.turn.order == ("bo", "orc", "ana")
    assert enc.turn.totals == (10, 8, 6)
    assert brawl.turns.next_actors(enc) == {"players": ("bo",)}
    with pytest.raises(brawl.TurnOrderError, match="I-INIT-02"):
        brawl.start_turn(enc, "ana")


def test_ties_higher_stat_then_order_added_r_i_2() -> None:
    """R-I-2, I-INIT-03, I-AMB-02: ties: higher stat first, then the order added; an explicit order wins."""
    enc, _ = brawl.start_combat(
        party(), system="initiative", stats={"ana": 1, "bo": 3, "orc": 1}, rolls={"ana": 7, "bo": 5, "orc": 7}
    )
    assert enc.turn.order == ("bo", "ana", "orc")
    enc, _ = brawl.start_combat(
        party(),
        system="initiative",
        stats={"ana": 1, "bo": 3, "orc": 1},
        rolls={"ana": 7, "bo": 5, "orc": 7},
        tie_order=["orc", "bo", "ana"],
    )
    assert enc.turn.order == ("orc", "bo", "ana")


def test_order_fixed_round_restarts_with_first_i_init_04_i_enc_02() -> None:
    """I-INIT-04, I-ENC-02, I-INIT-05: each acts once a round; the next round starts with the first again."""
    enc = started()
    seq = []
    for _ in range(3):
        ((_, (who,)),) = brawl.turns.next_actors(enc).items()
        enc, _ = brawl.start_turn(enc, who)
        enc, _ = brawl.end_turn(enc)
        seq.append(who)
    assert seq == ["bo", "orc", "ana"]
    with pytest.raises(brawl.TurnOrderError, match="I-ENC-02"):
        brawl.start_turn(enc, "bo")
    enc, _ = brawl.end_round(enc)
    assert enc.round == 2
    assert brawl.turns.next_actors(enc) == {"players": ("bo",)}


def test_action_fast_move_once_each_any_order_i_turn_01_03() -> None:
    """I-TURN-01, I-TURN-02, I-TURN-03: one Action, one Fast Action, one Move, in any order."""
    enc = started()
    enc, _ = brawl.start_turn(enc, "bo")
    for kind in ("fast", "move", "action"):
        enc, _ = brawl.use_action(enc, "bo", kind, fast=kind == "fast")
    for kind in ("fast", "move", "action"):
        with pytest.raises(brawl.ActionUnavailableError, match="I-TURN-01"):
            brawl.use_action(enc, "bo", kind, fast=kind == "fast")


def test_move_split_never_exceeds_movement_i_turn_04_05() -> None:
    """I-TURN-04, I-TURN-05: movement 4: 1 space, an Action, 3 spaces; a fifth is refused."""
    enc = started()
    enc, _ = brawl.start_turn(enc, "bo")
    enc, _ = brawl.use_action(enc, "bo", "move")
    enc, _ = brawl.turns.spend_movement(enc, "bo", 1)
    enc, _ = brawl.use_action(enc, "bo", "action")
    enc, ev = brawl.turns.spend_movement(enc, "bo", 3)
    assert "3 spaces (0 left)" in brawl.explain(ev)
    with pytest.raises(brawl.ActionUnavailableError, match="I-TURN-04"):
        brawl.turns.spend_movement(enc, "bo", 1)


def test_slow_actions_refused_in_danger_i_slow_01() -> None:
    """I-SLOW-01: a slow action cannot be taken in danger."""
    enc = started()
    enc, _ = brawl.start_turn(enc, "bo")
    with pytest.raises(brawl.ActionUnavailableError, match="I-SLOW-01"):
        brawl.use_action(enc, "bo", "action", slow=True)


def test_free_actions_out_of_sequence_not_counted_i_free_01_02() -> None:
    """I-FREE-01, I-FREE-02: a free action interrupts, is not counted, and the turn continues."""
    enc = started()
    enc, _ = brawl.start_turn(enc, "bo")
    enc, _ = brawl.use_action(enc, "bo", "action")
    enc, ev = brawl.use_action(enc, "ana", "free", name="Fulfill Prophecy")
    assert not ev[0].counted
    enc, _ = brawl.use_action(enc, "bo", "free")
    enc, _ = brawl.use_action(enc, "bo", "fast", fast=True)
    assert enc.turn.current == "bo"


def test_hold_action_or_fast_not_both_never_move_i_hold_01_r_i_3() -> None:
    """I-HOLD-01, R-I-3, I-AMB-06: hold the Action or the Fast Action, not both, never the Move."""
    enc = started()
    enc, _ = brawl.start_turn(enc, "bo")
    with pytest.raises(brawl.ActionUnavailableError, match="R-I-3"):
        brawl.initiative.verbs.hold_action(enc, "bo", held="move", action="run", trigger="orc moves")
    enc, _ = brawl.initiative.verbs.hold_action(
        enc, "bo", held="fast", action="shield", trigger="orc attacks", fast=True
    )
    with pytest.raises(brawl.ActionUnavailableError, match="I-HOLD-01"):
        brawl.initiative.verbs.hold_action(enc, "bo", held="action", action="strike", trigger="orc attacks")
    with pytest.raises(brawl.ActionUnavailableError, match="I-TURN-01"):
        brawl.use_action(enc, "bo", "fast", fast=True)
    enc, _ = brawl.use_action(enc, "bo", "action")


def test_hold_needs_action_and_trigger_i_hold_02() -> None:
    """I-HOLD-02: the held action and its trigger must be declared."""
    enc = started()
    enc, _ = brawl.start_turn(enc, "bo")
    with pytest.raises(brawl.InvalidArgumentError, match="I-HOLD-02"):
        brawl.initiative.verbs.hold_action(enc, "bo", action="strike", trigger="")


def test_held_action_used_once_when_triggered_i_hold_03() -> None:
    """I-HOLD-03: when its trigger happens the holder acts at once, once."""
    enc = started()
    enc, _ = brawl.start_turn(enc, "bo")
    enc, _ = brawl.initiative.verbs.hold_action(enc, "bo", action="shoot", trigger="a foe rounds the corner")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "orc")
    with pytest.raises(brawl.ActionUnavailableError, match="I-HOLD-03"):
        brawl.initiative.verbs.use_held_action(enc, "bo")
    enc, ev = brawl.verbs.report_trigger(enc, "a foe rounds the corner")
    assert [e.creature for e in ev] == ["bo"]
    enc, ev = brawl.initiative.verbs.use_held_action(enc, "bo")
    assert "uses its held action (shoot)" in brawl.explain(ev)
    with pytest.raises(brawl.ActionUnavailableError, match="I-HOLD-01"):
        brawl.initiative.verbs.use_held_action(enc, "bo", trigger="a foe rounds the corner")


def test_held_action_crosses_round_lost_at_next_turn_i_hold_04_r_i_1() -> None:
    """I-HOLD-04, R-I-1, I-AMB-01: usable into the next round until the holder's turn starts; then wasted."""
    enc = started()
    for who in ("bo", "orc"):
        enc, _ = brawl.start_turn(enc, who)
        enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "ana")
    enc, _ = brawl.initiative.verbs.hold_action(enc, "ana", action="strike", trigger="orc flees")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.end_round(enc)
    assert brawl.actions.can(
        enc, brawl.initiative.hold.UseHeldAction("ana", trigger="orc flees")
    )  # still usable in round 2
    for who in ("bo", "orc"):
        enc, _ = brawl.start_turn(enc, who)
        enc, _ = brawl.end_turn(enc)
    enc, ev = brawl.start_turn(enc, "ana")
    assert "wasted" in brawl.explain(ev)
    with pytest.raises(brawl.ActionUnavailableError, match="R-I-1"):
        brawl.initiative.verbs.use_held_action(enc, "ana", trigger="orc flees")


def test_adjacent_must_disengage_or_strafe_i_dis_01_02() -> None:
    """I-DIS-01, I-DIS-02, I-AMB-04, R-I-4: adjacent to the orc, ana may strafe around it but not
    walk away; disengaging, she shifts 1 square, no more."""
    enc = started()
    strafe = [(1, 0, 0), (2, 0, 0)]
    away = [(1, 0, 0), (2, 0, 0), (3, 0, 0)]
    brawl.actions.verify(enc, brawl.initiative.move.InitiativeMove("ana", strafe))
    with pytest.raises(brawl.IllegalMoveError, match="I-DIS-01"):
        brawl.actions.verify(enc, brawl.initiative.move.InitiativeMove("ana", away))
    assert brawl.actions.can(enc, brawl.initiative.move.InitiativeMove("ana", [(0, 1, 0)], disengage=True))
    assert not brawl.actions.can(
        enc, brawl.initiative.move.InitiativeMove("ana", away, disengage=True)
    )  # 3 > 1 square
    with pytest.raises(brawl.InvalidArgumentError, match="I-TURN-05"):
        brawl.initiative.move.InitiativeMove("ana", [(5, 5, 0)]).verify(enc)


def test_initiative_move_spends_the_move_or_disengage_takes_the_action_i_turn_04_i_dis_01_r_i_4() -> None:
    """I-TURN-04, I-DIS-01, I-DIS-02, R-I-4: on her turn ana (movement 5) strafes 2 squares round
    the orc, 3 spaces left; then disengages 1 square, which takes her Action and no space."""
    enc = started()
    for who in ("bo", "orc"):
        enc, _ = brawl.start_turn(enc, who)
        enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "ana")
    enc, _ = brawl.initiative.verbs.initiative_move(enc, "ana", [(1, 0, 0), (2, 0, 0)])
    assert isinstance(enc.turn, InitiativeTurn)
    assert enc.turn.economy is not None
    assert (enc.creature("ana").pos, enc.turn.economy.move, enc.turn.economy.movement_left) == (
        (2, 0, 0),
        True,
        3,
    )
    with pytest.raises(brawl.IllegalMoveError, match="I-DIS-01"):
        brawl.initiative.verbs.initiative_move(enc, "ana", [(3, 0, 0)])
    enc, _ = brawl.initiative.verbs.initiative_move(enc, "ana", [(3, 0, 0)], disengage=True)
    assert isinstance(enc.turn, InitiativeTurn)
    assert enc.turn.economy is not None
    assert (enc.creature("ana").pos, enc.turn.economy.action, enc.turn.economy.movement_left) == (
        (3, 0, 0),
        True,
        3,
    )
    with pytest.raises(brawl.ActionUnavailableError, match="I-TURN-01"):
        brawl.initiative.verbs.initiative_move(enc, "ana", [(4, 0, 0)], disengage=True)


def test_initiative_verbs_take_their_records_fields_i_init_01_i_hold_01_i_hold_03() -> None:
    """I-INIT-01, I-HOLD-01, I-HOLD-02, I-HOLD-03: each verb is its record applied, its fields in
    order; an option of no record is refused naming the verb."""
    rolled, _ = brawl.initiative.verbs.start_initiative_combat(
        party(), {"ana": 2, "bo": 1, "orc": 0}, {"ana": 4, "bo": 9, "orc": 8}
    )
    assert rolled == started()
    assert brawl.initiative.verbs.initiative_move.request is brawl.initiative.move.InitiativeMove  # type: ignore[attr-defined]
    enc, _ = brawl.start_turn(rolled, "bo")
    held, events = brawl.initiative.verbs.hold_action(enc, "bo", "shoot", "the door opens")
    assert held == brawl.apply(enc, brawl.initiative.hold.HoldAction("bo", "shoot", "the door opens")).state
    assert "bo holds its action (shoot) until: the door opens" in brawl.explain(events)
    with pytest.raises(brawl.ArgumentTypeError, match="hold_action"):
        brawl.initiative.verbs.hold_action(enc, "bo", "shoot", "the door opens", when="now")  # type: ignore[call-arg]
    with pytest.raises(brawl.InvalidArgumentError, match="I-HOLD-02"):
        brawl.verbs.report_trigger(held, "the door opens", creature="orc")
    assert not brawl.actions.can(held, brawl.initiative.hold.UseHeldAction("bo"))
    triggered, _ = brawl.verbs.report_trigger(held, "the door opens")
    assert brawl.actions.can(triggered, brawl.initiative.hold.UseHeldAction("bo"))


def test_without_danger_actions_run_freely_in_any_order_i_enc_01() -> None:
    """I-ENC-01, I-ENC-02: out of danger there is no turn order; starting combat imposes one."""
    enc = party()
    assert enc.turn is None
    with pytest.raises(brawl.TurnOrderError, match="no combat is running"):
        brawl.turns.next_actors(enc)
    moved, _ = brawl.move(enc, "orc", [(2, 2, 0)])
    moved, _ = brawl.move(moved, "ana", [(0, 1, 0)])
    moved, _ = brawl.move(moved, "orc", [(3, 3, 0)])
    assert moved.creature("orc").pos == (3, 3, 0)
    danger = started()
    with pytest.raises(brawl.TurnOrderError, match="I-INIT-02"):
        brawl.start_turn(danger, "ana")


def test_the_fast_action_takes_only_a_fast_action_i_turn_03() -> None:
    """I-TURN-03, R-I-6: the Fast Action slot refuses an action that does not say it is fast."""
    enc = started()
    enc, _ = brawl.start_turn(enc, "bo")
    with pytest.raises(brawl.ActionUnavailableError, match="I-TURN-03") as refused:
        brawl.use_action(enc, "bo", "fast", name="Strike")
    assert "Strike" in str(refused.value)
    assert not brawl.actions.can(enc, brawl.UseAction("bo", "fast"))
    assert not brawl.is_legal(enc, brawl.actions.UseAction("bo", "fast"))
    with pytest.raises(brawl.ActionUnavailableError, match="I-TURN-03"):
        brawl.initiative.verbs.hold_action(enc, "bo", held="fast", action="strike", trigger="orc attacks")
    with pytest.raises(brawl.ActionUnavailableError, match="I-TURN-03"):
        brawl.apply(enc, brawl.actions.TakeAction("fast", brawl.actions.Defend("bo")))
    enc, events = brawl.apply(enc, brawl.actions.UseAction("bo", "fast", name="Quick Draw", fast=True))
    assert "I-TURN-03" in events[0].rules
    enc, _ = brawl.use_action(enc, "bo", "action")  # the Action slot takes any action (I-TURN-02)


def engaged(system: str) -> Encounter:
    """ana at (2, 2) between the orc (3, 2) and the goblin (1, 2), on ana's own turn."""
    cs = [
        Creature(id="ana", side="heroes", speed=5, pos=(2, 2, 0)),
        Creature(id="orc", side="director", speed=5, pos=(3, 2, 0)),
        Creature(id="gob", side="director", speed=5, pos=(1, 2, 0)),
    ]
    enc = Encounter.create(Terrain.flat(10, 10), cs)
    if system == "initiative":
        enc, _ = brawl.start_combat(enc, system="initiative", rolls={"ana": 10, "orc": 1, "gob": 2})
    else:
        enc, _ = brawl.start_combat(enc, first_side="heroes")
    enc, _ = brawl.start_turn(enc, "ana")
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


AWAY = ((2, 3, 0), (2, 4, 0))
"""Two squares south: the second step leaves both the orc and the goblin."""
STRAFE = ((3, 1, 0),)
"""One step around the orc, still next to it, away from the goblin."""


def provokers(events: Any) -> list[str]:
    return [e.enemy for e in events if type(e).__name__ == "OpportunityAttackProvoked"]


@pytest.mark.parametrize(
    "walk",
    [
        lambda enc, path: brawl.move(enc, "ana", path),
        lambda enc, path: brawl.apply(enc, brawl.Move("ana", path)),
        lambda enc, path: brawl.apply(enc, Advance("ana", path)),
    ],
    ids=["move", "apply-Move", "apply-Advance"],
)
def test_initiative_walking_away_refused_never_a_draw_steel_opportunity_attack_i_dis_01_ds_strike_03(
    walk: Any,
) -> None:
    """I-DIS-01, I-DIS-02, R-I-5 against DS-STRIKE-03, R-MOVE-3: under the initiative game a walk
    that leaves every enemy next to it is refused, and a strafe that leaves one of them provokes
    nothing; the same walks under Draw Steel provoke its opportunity attacks."""
    enc = engaged("initiative")
    with pytest.raises(brawl.IllegalMoveError, match="I-DIS-01"):
        walk(enc, AWAY)
    assert not brawl.actions.can(enc, brawl.Move("ana", AWAY))
    assert enc.creature("ana").pos == (2, 2, 0)
    after, events = walk(enc, STRAFE)
    assert (after.creature("ana").pos, provokers(events)) == ((3, 1, 0), [])
    # Draw Steel's own rule is unchanged: leaving the goblin provokes, leaving both provokes twice
    ds = engaged("drawsteel")
    _, events = walk(ds, STRAFE)
    assert provokers(events) == ["gob"]
    _, events = walk(ds, AWAY)
    assert provokers(events) == ["gob", "orc"]


def test_initiative_disengage_shifts_one_square_without_any_opportunity_attack_i_dis_01_r_i_4() -> None:
    """I-DIS-01, R-I-4: Disengage in the Action slot shifts 1 square, provoking nothing; still next
    to both enemies there, walking on away from them is refused again."""
    enc = engaged("initiative")
    after, events = brawl.apply(enc, TakeAction("action", brawl.actions.Disengage("ana", ((2, 3, 0),))))
    assert (after.creature("ana").pos, provokers(events)) == ((2, 3, 0), [])
    with pytest.raises(brawl.IllegalMoveError, match="I-DIS-01"):
        brawl.move(after, "ana", ((2, 4, 0),))


def test_initiative_advance_to_a_square_away_from_the_enemies_is_refused_i_dis_01() -> None:
    """I-DIS-01: AdvanceTo, whose path is found when applied, is refused as the walk is."""
    with pytest.raises(brawl.IllegalMoveError, match="I-DIS-01"):
        brawl.apply(engaged("initiative"), AdvanceTo("ana", (2, 5, 0)))
    # its cheap check agrees: is_legal and verify refuse it too, and a strafe stays legal
    assert not brawl.is_legal(engaged("initiative"), AdvanceTo("ana", (2, 5, 0)))
    with pytest.raises(brawl.IllegalMoveError, match="I-DIS-01"):
        AdvanceTo("ana", (2, 5, 0)).verify(engaged("initiative"))
    assert brawl.is_legal(engaged("initiative"), AdvanceTo("ana", (3, 1, 0)))
    assert brawl.is_legal(engaged("drawsteel"), AdvanceTo("ana", (2, 5, 0)))
    _, events = brawl.apply(engaged("drawsteel"), AdvanceTo("ana", (2, 5, 0)))
    assert provokers(events) == ["gob", "orc"]  # DS-STRIKE-03 under Draw Steel
