"""Asking whether a creature may take an action agrees with verifying it (DS-TURN-01..09).

``may_act`` asks Draw Steel's :func:`~brawl.turns.drawsteel_turn.action_refusal`, which returns
the refusal without building a message or raising; ``verify_action`` raises that refusal's
error. Both are checked to agree on every state of replayed fights, for every creature and
every kind of action, the states varied with the conditions and economies that refuse
(dazed, surprised, unconscious, dead, the triggered action used, each part of the turn spent);
the refusals' messages and rule IDs are pinned.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

import brawl
from brawl import Creature, Encounter, Terrain
from brawl.actions import UseAction, apply
from brawl.errors import ActionUnavailableError, RulesError, TurnOrderError
from brawl.fields import replaced
from brawl.turns.deeds import legal_reach, may_act
from brawl.turns.drawsteel import DRAW_STEEL
from brawl.turns.drawsteel_deeds import first_free_strike, free_strikes
from brawl.turns.drawsteel_turn import DrawSteelTurn, with_economy
from brawl.turns.economy import ActionKind, TurnEconomy
from brawl.turns.records import verified

ROOT = Path(__file__).resolve().parent.parent
FIGHTS = (
    (ROOT / "benchmarks" / "four_vs_six.toml", (0, 1)),
    (ROOT / "benchmarks" / "four_vs_six_abilities.toml", (2,)),
    (ROOT / "examples" / "scenarios" / "bridge.toml", (0,)),
    (ROOT / "examples" / "scenarios" / "tavern.toml", (1,)),
)
KINDS = [k.value for k in ActionKind]
ECONOMIES = (
    TurnEconomy(),
    TurnEconomy(main=1),
    TurnEconomy(maneuvers=1),
    TurnEconomy(moves=1, movement_left=2),
    TurnEconomy(maneuvers=2),
    TurnEconomy(moves=2),
    TurnEconomy(main=1, maneuvers=1, moves=1),
    TurnEconomy(free_maneuvers=3),
)
"""Spending that refuses some kinds and converts others (DS-TURN-01, DS-TURN-03, RB1-DAZED)."""


def _fight_states(path: Path, seed: int) -> Iterator[Encounter]:
    """Every state of a seeded greedy fight, from the start of combat on."""
    state = brawl.load_scenario(path).with_rng(brawl.Rng(seed))
    for action in brawl.play(state).actions:
        state = apply(state, action).state
        yield state


def _variants(state: Encounter) -> Iterator[Encounter]:
    """The state, then (during a turn) the acting creature dazed, surprised, unconscious, killed,
    its triggered action used, and each economy of :data:`ECONOMIES`."""
    yield state
    t = state.turn
    if not isinstance(t, DrawSteelTurn) or t.current is None or state.creature(t.current).dead:
        return
    cid = t.current
    for name in ("dazed", "surprised", "unconscious"):
        yield brawl.add_condition(state, cid, name).state
    yield state.update_creature(cid, dead=True)
    yield state.with_turn(replaced(t, triggered_used=t.triggered_used | {cid}))
    dazed = brawl.add_condition(state, cid, "dazed").state
    for spent, base in itertools.product(ECONOMIES, (state, dazed)):
        turn = base.turn
        assert isinstance(turn, DrawSteelTurn)
        yield base.with_turn(with_economy(turn, spent))


def _verify(state: Encounter, cid: str, kind: str) -> RulesError | None:
    try:
        DRAW_STEEL.verify_action(state, cid, kind)
    except RulesError as e:
        return e
    return None


def _all_states() -> Iterator[Encounter]:
    for path, seeds in FIGHTS:
        for seed in seeds:
            for i, state in enumerate(_fight_states(path, seed)):
                yield from _variants(state) if i % 3 == 0 else (state,)


def test_may_act_agrees_with_verify_action_on_replayed_fights_ds_turn_01() -> None:
    """DS-TURN-01..09, RB1-DAZED, DS-COND-02, DS-COND-04: ``may_act`` is ``verify_action``
    raising nothing, for every creature and kind on every state of several fights."""
    checked = refused = 0
    for state in _all_states():
        for cid, kind in itertools.product(state.order, KINDS):
            error = _verify(state, cid, kind)
            assert may_act(state, cid, kind) == (error is None), (cid, kind, error)
            assert verified(UseAction(cid, kind), state) == (error is None)
            checked += 1
            refused += error is not None
    # both answers well covered
    assert refused > 1000
    assert checked - refused > 1000


def test_the_greedy_policy_shortcuts_agree_with_verify_ds_turn_01() -> None:
    """DS-TURN-01, DS-ACT-19: the Free Strikes and the reach the policy asks for without raising
    are those that verifying the main action and the move action allows."""
    for state in _all_states():
        t = state.turn
        if not isinstance(t, DrawSteelTurn) or t.current is None:
            continue
        cid = t.current
        main = _verify(state, cid, "main") is None
        strikes = free_strikes(state, cid)
        assert main or not strikes
        assert first_free_strike(state, cid) == next(iter(strikes), None)
        reach = legal_reach(state, cid)
        left = getattr(t.economy, "movement_left", 0)
        if not state.creature(cid).dead and left == 0 and _verify(state, cid, "move") is not None:
            assert reach is None


def _turn_of_kira(**conditions: str) -> Encounter:
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, speed=5, pos=(0, 0, 0))
    ogre = Creature(id="ogre", side="director", stamina_max=60, pos=(1, 0, 0))
    enc, _ = brawl.start_combat(Encounter.create(Terrain.flat(10, 10), [kira, ogre]), d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    for cid, name in conditions.items():
        enc, _ = brawl.add_condition(enc, cid, name)
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


def _spent(enc: Encounter, **counts: int) -> Encounter:
    t = enc.turn
    assert isinstance(t, DrawSteelTurn)
    return enc.with_turn(with_economy(t, TurnEconomy(**counts)))


REFUSALS = [
    (
        _turn_of_kira(),
        "ogre",
        "main",
        TurnOrderError,
        "ogre main: it is 'kira''s turn, not 'ogre''s (DS-TURN-01)",
    ),
    (
        _turn_of_kira(),
        "ogre",
        "free maneuver",
        TurnOrderError,
        "ogre free maneuver: it is 'kira''s turn, not 'ogre''s (DS-TURN-09)",
    ),
    (
        _turn_of_kira().update_creature("kira", dead=True),
        "kira",
        "main",
        ActionUnavailableError,
        "kira main: the creature is dead (DS-STAM-09, DS-STAM-10)",
    ),
    (
        _turn_of_kira(kira="unconscious"),
        "kira",
        "move",
        ActionUnavailableError,
        "kira move: an unconscious creature's speed is 0, so it takes no move action (R-TURN-7, DS-COND-05)",
    ),
    (
        _turn_of_kira(kira="unconscious"),
        "kira",
        "maneuver",
        ActionUnavailableError,
        "kira maneuver: the creature is unconscious (DS-COND-04)",
    ),
    (
        _turn_of_kira(ogre="dazed"),
        "ogre",
        "triggered",
        ActionUnavailableError,
        "ogre triggered: the creature is dazed (RB1-DAZED, DS-TURN-08)",
    ),
    (
        _turn_of_kira(ogre="surprised"),
        "ogre",
        "free triggered",
        ActionUnavailableError,
        "ogre free triggered: the creature is surprised (DS-COND-02, DS-TURN-08)",
    ),
    (
        brawl.use_action(_turn_of_kira(), "ogre", "triggered").state,
        "ogre",
        "triggered",
        ActionUnavailableError,
        "ogre triggered: it already used its triggered action this round (DS-TURN-05)",
    ),
    (
        _turn_of_kira(kira="dazed"),
        "kira",
        "free maneuver",
        ActionUnavailableError,
        "kira free maneuver: a dazed creature takes no free maneuvers (RB1-DAZED)",
    ),
    (
        _spent(_turn_of_kira(kira="dazed"), moves=1),
        "kira",
        "main",
        ActionUnavailableError,
        "kira main: a dazed creature takes only one of main action, maneuver or move action per turn "
        "(RB1-DAZED)",
    ),
    (
        _spent(_turn_of_kira(), maneuvers=2),
        "kira",
        "main",
        ActionUnavailableError,
        "kira main: its main action is already spent this turn (DS-TURN-01, DS-TURN-03)",
    ),
    (
        _spent(_turn_of_kira(), main=1, maneuvers=1),
        "kira",
        "maneuver",
        ActionUnavailableError,
        "kira maneuver: it already took its maneuver and its main action is spent (DS-TURN-01, DS-TURN-03)",
    ),
    (
        _spent(_turn_of_kira(), moves=2),
        "kira",
        "move",
        ActionUnavailableError,
        "kira move: it already took its move and its main action is spent (DS-TURN-01, DS-TURN-03)",
    ),
]


@pytest.mark.parametrize(("state", "cid", "kind", "error", "message"), REFUSALS)
def test_refusals_keep_their_messages_and_rules_ds_turn_01(
    state: Encounter, cid: str, kind: str, error: type[RulesError], message: str
) -> None:
    """DS-TURN-01..09, RB1-DAZED, DS-COND-02, DS-COND-04, DS-STAM-09: each refusal raises its
    error class with its message and rule IDs, and ``may_act`` answers no."""
    with pytest.raises(error) as refused:
        brawl.actions.verify(state, brawl.UseAction(cid, kind))
    assert type(refused.value) is error
    assert str(refused.value) == message
    assert not may_act(state, cid, kind)


def test_a_second_maneuver_converts_the_main_action_ds_turn_03() -> None:
    """DS-TURN-03: a second maneuver or move action is allowed and uses the main action."""
    for kind, counts in (("maneuver", {"maneuvers": 1}), ("move", {"moves": 1, "movement_left": 0})):
        enc = _spent(_turn_of_kira(), **counts)
        assert may_act(enc, "kira", kind)
        (used,) = brawl.use_action(enc, "kira", kind).events
        assert used.converted  # type: ignore[attr-defined]  # an Event; this one is ActionUsed
        assert used.rules == ("DS-TURN-03",)
    (first,) = brawl.use_action(_turn_of_kira(), "kira", "maneuver").events
    assert not first.converted  # type: ignore[attr-defined]  # an Event; this one is ActionUsed


def test_unknown_creatures_and_kinds_still_raise() -> None:
    """A bad id or kind is an input error, raised by ``may_act`` as by ``verify_action``."""
    enc = _turn_of_kira()
    with pytest.raises(brawl.errors.UnknownCreatureError):
        may_act(enc, "nobody", "main")
    with pytest.raises(brawl.errors.InvalidArgumentError, match="action kind"):
        may_act(enc, "kira", "dance")


class _Unrun(brawl.TurnState):
    """Bookkeeping no turn system runs."""


def test_a_state_out_of_combat_or_run_by_no_system_is_refused_ds_side_04() -> None:
    """DS-SIDE-04: asking for the turn system of an encounter out of combat, or of one whose
    bookkeeping no system runs, is a TurnOrderError with no look-up error behind it."""
    enc = Encounter(Terrain.flat(4, 4), [Creature("a", pos=(0, 0, 0))])
    with pytest.raises(TurnOrderError, match="no combat is running") as out:
        brawl.turns.system_of(enc)
    assert out.value.rules == ("DS-SIDE-04",)
    assert out.value.__context__ is None
    unrun = enc.with_turn(_Unrun(), round=1)
    with pytest.raises(TurnOrderError, match="turn state _Unrun: no turn system runs it") as out:
        brawl.turns.system_of(unrun)
    assert out.value.__context__ is None
