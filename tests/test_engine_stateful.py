"""The whole engine driven by random legal and illegal actions (Hypothesis stateful testing).

After every step: no rule raised anything but a ``RulesError`` (or a ``StateError`` naming an
inconsistency, which would be a bug and fails here), Stamina never exceeds its maximum,
temporary Stamina is never negative, the state rebuilt from its parts validates (no two
creatures within one size rank share a cell, nothing in a wall or off the map) and builds the
same derived indexes as the state kept up to date step by step, the previous
state is untouched, the state round-trips through JSON, and replaying the applied actions from
the start reproduces the state exactly.
"""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import brawl
from brawl import actions as A
from brawl import strategies as bst
from brawl.errors import RulesError

CONDITIONS = [c.value for c in brawl.ConditionName]


def _illegal_candidates(enc: brawl.Encounter, data: st.DataObject) -> A.Action:
    ids = [*enc.order, "nobody"]
    cid = data.draw(st.sampled_from(ids), label="creature")
    other = data.draw(st.sampled_from(ids), label="other")
    t = enc.terrain
    spot = (
        data.draw(st.integers(-2, t.width + 1), label="x"),
        data.draw(st.integers(-2, t.depth + 1), label="y"),
        data.draw(st.integers(-2, 3), label="z"),
    )
    distance = data.draw(st.sampled_from([-1, 0, 1, 2, 3, 7, 10**9]), label="distance")
    direction = data.draw(st.sampled_from([None, (1, 0, 0), (0, -1, 0), (1, 1, 0), (0, 0, 1), (0, 0, -1)]))
    kind = data.draw(st.integers(0, 13), label="kind")
    if kind == 0:
        return A.Damage(
            cid,
            data.draw(st.sampled_from([-5, 0, 3, 12, 10**9, 10**10])),
            data.draw(st.sampled_from([None, "fire", "poison", "ice"])),
        )
    if kind == 1:
        return A.AddCondition(cid, data.draw(st.sampled_from([*CONDITIONS, "sleepy"])), source=other)
    if kind == 2:
        return A.Move(cid, (spot,))
    if kind == 3:
        return A.Push(other, cid, distance, direction=direction)
    if kind == 4:
        return A.Pull(other, cid, distance, direction=direction)
    if kind == 5:
        return A.Teleport(cid, spot, distance=data.draw(st.sampled_from([None, 1, 5, 10**6])))
    if kind == 6:
        return A.Fall(cid, height=data.draw(st.sampled_from([None, 0, 3, 30, 10**6])))
    if kind == 7:
        return A.FreeStrike(cid, other, ranged=data.draw(st.booleans()))
    if kind == 8:
        return A.Grab(cid, other)
    if kind == 9:
        return A.StartTurn(cid)
    if kind == 10:
        return A.EndRound()
    if kind == 11:
        return A.Slide(other, cid, distance, path=(spot,))
    if kind == 12:
        return A.GainTemporaryStamina(cid, data.draw(st.sampled_from([-1, 0, 5, 10])))
    return A.CatchBreath(cid)


def derived_indexes(enc: brawl.Encounter) -> dict[str, Any]:
    """The encounter's derived indexes (private attributes), with the ids of each entry sorted.

    The order of ids within an entry depends on the order of the changes that built it, so it
    is not part of the comparison.
    """
    return {
        "occupancy": {k: sorted(v) for k, v in enc._occupancy.items()},
        "object_cells": dict(enc._object_cells.items()),
        "links": {k: sorted(v) for k, v in enc._links.items()},
        "side_tiles": dict(enc._side_tiles.items()),
    }


@settings(max_examples=25, stateful_step_count=30, deadline=None, suppress_health_check=list(HealthCheck))
class EngineMachine(RuleBasedStateMachine):
    """Random fights on random maps."""

    def __init__(self) -> None:
        super().__init__()
        self.start: brawl.Encounter | None = None
        self.state: brawl.Encounter | None = None
        self.log: list[A.Action] = []
        self.previous: tuple[brawl.Encounter, str] | None = None

    @initialize(enc=bst.encounters(min_creatures=2, max_creatures=5, max_objects=2))
    def setup(self, enc: brawl.Encounter) -> None:
        sides = [brawl.HEROES, brawl.DIRECTOR]
        creatures = [
            attrs.evolve(c, side=sides[i % 2], hero=i % 2 == 0) for i, c in enumerate(enc.creature_list())
        ]
        for c in creatures:
            enc = enc.with_creature(c)
        self.start = self.state = enc

    def _apply(self, action: A.Action, *, must_succeed: bool) -> None:
        assert self.state is not None
        before, before_json = self.state, brawl.to_json(self.state)
        try:
            out = A.apply(self.state, action)
        except RulesError:
            assert not must_succeed, f"a legal action was refused: {action!r}"
            return
        self.previous = (before, before_json)
        self.state = out.state
        self.log.append(action)
        for event in out.events:
            assert isinstance(event.explain(), str)

    @rule(data=st.data())
    def legal_step(self, data: st.DataObject) -> None:
        """Any action of ``legal_actions`` applies without a RulesError; none is offered only out of
        combat with fewer than two sides standing, where no combat can start (both creatures of a
        slam may die of it)."""
        assert self.state is not None
        options = A.legal_actions(self.state)
        if not options:
            sides = {c.side for c in self.state.living()}
            assert self.state.turn is None, "the engine offers no legal action in combat"
            assert len(sides) < 2, "the engine offers no legal action, two sides standing"
            return
        self._apply(data.draw(st.sampled_from(options), label="legal action"), must_succeed=True)

    @rule(data=st.data())
    def random_step(self, data: st.DataObject) -> None:
        """Random, mostly illegal requests raise RulesError or succeed; never anything else."""
        assert self.state is not None
        self._apply(_illegal_candidates(self.state, data), must_succeed=False)

    @invariant()
    def stamina_is_bounded(self) -> None:
        if self.state is None:
            return
        for c in self.state.creature_list():
            assert c.stamina <= c.stamina_max
            assert c.temporary_stamina >= 0
            assert c.stability >= 0

    @invariant()
    def state_validates_from_scratch(self) -> None:
        """The state rebuilt from its parts validates and has the same derived indexes.

        The indexes (occupancy, object cells, grab and mount links, each side's tiles) are kept
        up to date step by step; the constructor and ``from_json`` build them from nothing, so
        both rebuilds must agree with the evolved state's indexes, not only compare equal (the
        indexes take no part in ``==``).
        """
        s = self.state
        if s is None:
            return
        rebuilt = brawl.Encounter(
            s.terrain, s.creatures, s.objects, order=s.order, turn=s.turn, round=s.round, rng=s.rng
        )
        assert rebuilt == s
        loaded = brawl.from_json(brawl.to_json(s))
        expected = derived_indexes(s)
        assert derived_indexes(rebuilt) == expected
        assert derived_indexes(loaded) == expected
        for c in s.living():
            for cell in c.cells():
                assert not s.terrain.is_solid(cell)

    @invariant()
    def previous_state_untouched(self) -> None:
        if self.previous is not None:
            before, before_json = self.previous
            assert brawl.to_json(before) == before_json

    @invariant()
    def json_round_trips(self) -> None:
        if self.state is not None:
            assert brawl.from_json(brawl.to_json(self.state)) == self.state

    @precondition(lambda self: self.start is not None)
    @invariant()
    def replay_reproduces(self) -> None:
        assert self.start is not None
        assert A.replay(self.start, self.log).state == self.state

    def teardown(self) -> None:
        """The action log itself round-trips through JSON and still replays to the same state."""
        if self.start is not None:
            saved = brawl.actions_from_json(brawl.actions_to_json(self.log))
            assert saved == tuple(self.log)
            assert brawl.replay(self.start, saved).state == self.state


TestEngine = EngineMachine.TestCase


def test_legal_actions_start_with_combat() -> None:
    """Out of combat the only legal action is to start it (DS-SIDE-04)."""
    enc = brawl.Encounter.create(brawl.Terrain.flat(5, 5), [brawl.Creature(id="a", side="heroes", hero=True)])
    assert A.legal_actions(enc) == [A.StartCombat(first_side="heroes")]


def test_a_fight_is_a_list_of_actions_that_replays(tmp_path: Any) -> None:
    """A fight saved as actions and replayed from the start ends in the same state."""
    kira = brawl.Creature(id="kira", side="heroes", hero=True, stamina_max=20, pos=(1, 1))
    gob = brawl.Creature(id="gob", stamina_max=8, pos=(3, 1))
    start = brawl.Encounter.create(brawl.Terrain.flat(6, 6), [kira, gob], seed=11)
    fight = [
        A.StartCombat(first_side="heroes"),
        A.StartTurn("kira"),
        A.Advance("kira", [(2, 1)]),
        A.TakeAction("main", A.FreeStrike("kira", "gob", dice=(9, 9))),
        A.EndTurn(),
    ]
    end, events = A.replay(start, fight)
    assert end.creature("gob").stamina == 8 - 7
    assert end.creature("kira").pos == brawl.Pos(2, 1, 0)
    assert A.replay(start, fight).state == end
    assert len(events) > len(fight)
