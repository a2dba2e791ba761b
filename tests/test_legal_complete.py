"""Draw Steel's legal actions: complete, each accepted by apply, no path built while listing."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import brawl
from brawl import Creature, Encounter, Terrain
from brawl.actions import (
    Action,
    Advance,
    AdvanceTo,
    AidAttack,
    CatchBreath,
    Charge,
    Defend,
    EscapeGrab,
    FallProne,
    FreeStrike,
    Grab,
    Heal,
    Hide,
    Knockback,
    RideTo,
    Search,
    StandUp,
    TakeAction,
    legal_moves,
)
from brawl.errors import RulesError
from brawl.reach import Reachable
from brawl.rules.movement import Disengage


def fight() -> Encounter:
    cs = [
        Creature(id="kira", side="heroes", hero=True, stamina_max=30, speed=5, pos=(1, 1, 0)),
        Creature(id="talia", side="heroes", hero=True, stamina_max=30, pos=(0, 1, 0)),
        Creature(id="gob", side="director", stamina_max=12, pos=(2, 2, 0)),
        Creature(id="far", side="director", stamina_max=12, pos=(1, 5, 0)),
    ]
    return Encounter.create(Terrain.flat(10, 10), cs, seed=3)


def turn_of(enc: Encounter, cid: str) -> Encounter:
    enc, _ = brawl.start_combat(enc, first_side="heroes")
    return brawl.start_turn(enc, cid).state


def random_states(seed: int, steps: int) -> Iterator[Encounter]:
    """States of the bundled scenarios after a few random legal steps each."""
    pick = random.Random(seed)
    for name in brawl.bundled_scenarios():
        enc = brawl.load_scenario(brawl.bundled_scenario(name)).with_rng(brawl.Rng(seed))
        for _ in range(pick.randrange(steps)):
            enc = brawl.apply(enc, pick.choice(brawl.legal_actions(enc))).state
        yield enc


def candidates(enc: Encounter, cid: str) -> list[Action]:
    """Every standard action record the creature might take, against every other creature."""
    me = enc.creature(cid)
    found: list[Action] = []
    for o in enc.creature_list():
        if o.id == cid:
            continue
        if o.side != me.side:
            found += [
                TakeAction("main", FreeStrike(cid, o.id)),
                TakeAction("main", FreeStrike(cid, o.id, ranged=True)),
                TakeAction("maneuver", Grab(cid, o.id)),
                TakeAction("maneuver", Knockback(cid, o.id)),
                TakeAction("maneuver", AidAttack(cid, o.id)),
            ]
        else:
            found += [TakeAction("main", Heal(cid, o.id, "saving_throw"))]
    found += [
        TakeAction("main", Defend(cid)),
        TakeAction("maneuver", CatchBreath(cid)),
        TakeAction("maneuver", EscapeGrab(cid)),
        TakeAction("maneuver", Hide(cid)),
        TakeAction("maneuver", Search(cid)),
    ]
    return found


def test_listing_builds_no_path_ds_act_01(monkeypatch: pytest.MonkeyPatch) -> None:
    """DS-ACT-01, DS-TURN-02: every reachable square is offered, cheapest first; no path is built."""
    enc = turn_of(fight(), "kira")

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("a path was built while listing")

    with monkeypatch.context() as m:
        m.setattr(Reachable, "path_to", refuse)
        offered = brawl.legal_actions(enc)
        costs = legal_moves(enc, "kira")
    moves = [a for a in offered if isinstance(a, AdvanceTo)]
    reach = brawl.reachable(enc, "kira")
    assert {a.destination for a in moves} == set(costs) == {p for p in reach if p != enc.creature("kira").pos}
    assert len(moves) > 30  # no cap: the whole speed-5 area
    assert [costs[a.destination] for a in moves] == sorted(costs.values())
    assert brawl.legal_actions(enc, max_moves=2)[:2] == moves[:2]


def test_advance_to_builds_its_path_when_applied_ds_act_01_ds_turn_02() -> None:
    """DS-ACT-01, DS-TURN-02: AdvanceTo moves by a cheapest path and spends its cost; far squares refused."""
    enc = turn_of(fight(), "kira")
    after = brawl.apply(enc, AdvanceTo("kira", (4, 1, 0))).state
    assert after.creature("kira").pos == (4, 1, 0)
    assert brawl.actions.movement_left(after, "kira") == 2
    assert not brawl.is_legal(after, AdvanceTo("kira", (9, 9, 0)))
    with pytest.raises(RulesError):
        brawl.apply(after, AdvanceTo("kira", (9, 9, 0)))


def test_every_standard_action_is_offered_with_its_kind_ds_act_02_22() -> None:
    """DS-ACT-02..22: the adjacent enemy can be struck, grabbed, knocked back; the far one struck at range."""
    enc = turn_of(fight(), "kira")
    offered = brawl.legal_actions(enc)
    for a in (
        TakeAction("main", FreeStrike("kira", "gob")),
        TakeAction("main", FreeStrike("kira", "far", ranged=True)),
        TakeAction("main", Defend("kira")),
        TakeAction("maneuver", Grab("kira", "gob")),
        TakeAction("maneuver", Knockback("kira", "gob")),
        TakeAction("maneuver", AidAttack("kira", "gob")),
        TakeAction("maneuver", Search("kira")),
        TakeAction("free maneuver", FallProne("kira")),
        TakeAction("move", Disengage("kira", ((1, 2, 0),))),
    ):
        assert a in offered, a
    assert TakeAction("main", FreeStrike("kira", "far")) not in offered  # not adjacent
    assert TakeAction("maneuver", StandUp("kira")) not in offered  # not prone
    charges = [a.action for a in offered if isinstance(a, TakeAction) and isinstance(a.action, Charge)]
    assert [c.target for c in charges] == ["far", "gob"]  # sorted by target
    assert charges[0].path == ((1, 2, 0), (1, 3, 0), (1, 4, 0))


def test_creature_filter_ds_turn_01() -> None:
    """DS-TURN-01: a creature that is not taking the turn has no deeds; the current one has them all."""
    enc = turn_of(fight(), "kira")
    assert brawl.legal_actions(enc, creature="gob") == []
    assert brawl.legal_actions(enc, creature="kira") == brawl.legal_actions(enc)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_offered_actions_all_apply_and_match_the_brute_force_set_ds_turn_01(seed: int) -> None:
    """DS-TURN-01..03, DS-ACT-01..22: what is offered applies; what is not is refused by apply."""
    for enc in random_states(seed, 30):
        offered = brawl.legal_actions(enc)
        assert offered == brawl.legal_actions(enc)
        for a in offered:
            brawl.apply(enc, a)
        cid = getattr(enc.turn, "current", None)
        if cid is None:
            continue
        brute = {a for a in candidates(enc, cid) if brawl.is_legal(enc, a)}
        listed = {a for a in offered if isinstance(a, TakeAction)}
        assert brute <= listed
        for a in candidates(enc, cid):
            if a not in brute:
                with pytest.raises(RulesError):
                    brawl.apply(enc, a)
        moves = {a.destination for a in offered if isinstance(a, AdvanceTo)}
        assert moves == set(legal_moves(enc, cid))


def test_old_logs_still_load() -> None:
    """A log with the path-carrying Advance loads and replays; the names stay in brawl.actions."""
    text = brawl.actions_to_json([Advance("kira", [(2, 1, 0)])])
    assert '"class": "Advance"' in text
    assert '"path": [[2, 1, 0]]' in text.replace("\n", "")
    (action,) = brawl.actions_from_json(text)
    assert action == Advance("kira", [(2, 1, 0)])
    assert brawl.actions.TakeAction is brawl.turns.deeds.TakeAction
    assert brawl.actions.Advance is brawl.turns.deeds.Advance
    enc = turn_of(fight(), "kira")
    assert brawl.apply(enc, action).state.creature("kira").pos == (2, 1, 0)


def test_a_rider_is_offered_every_square_its_mount_reaches_ds_mount_03(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DS-MOUNT-03: Ride is a move action to each square the mount reaches; the path comes on apply."""
    horse = Creature(id="horse", side="heroes", size="2", speed=4, pos=(2, 2, 0))
    kira = Creature(id="kira", side="heroes", hero=True, pos=(2, 2, 1), riding="horse")
    gob = Creature(id="gob", side="director", pos=(8, 8, 0))
    enc = turn_of(Encounter.create(Terrain.flat(10, 10), [horse, kira, gob], seed=2), "kira")
    with monkeypatch.context() as m:
        m.setattr(Reachable, "path_to", lambda *a, **k: pytest.fail("a path was built while listing"))
        offered = brawl.legal_actions(enc)
    rides = [a.action for a in offered if isinstance(a, TakeAction) and isinstance(a.action, RideTo)]
    reach = brawl.reachable(enc, "horse")
    assert {r.destination for r in rides} == {p for p in reach if p != (2, 2, 0)}
    after = brawl.apply(enc, TakeAction("move", RideTo("kira", (5, 2, 0)))).state
    assert after.creature("horse").pos == (5, 2, 0)
    assert after.creature("kira").pos == (5, 2, 1)
    assert brawl.actions.movement_left(after, "kira") == 0  # the move action went to the ride
    assert not brawl.is_legal(enc, TakeAction("move", RideTo("kira", (9, 9, 0))))
