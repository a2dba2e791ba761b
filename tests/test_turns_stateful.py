"""Stateful tests: random legal and illegal steps through each turn system, invariants after every step.

DS-SIDE-09, DS-SIDE-11, DS-SIDE-12, RB5-SOLO (Draw Steel); Z-TURN-03, Z-TURN-04, R-Z-2 (zone game);
I-ENC-02, I-INIT-04, I-HOLD-04, R-I-1 (initiative game).
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

import brawl
import brawl.initiative.hold
import brawl.initiative.verbs
import brawl.turns
import brawl.verbs
import brawl.zone.verbs
from brawl import Creature, Encounter, Terrain
from brawl.initiative.state import InitiativeTurn
from brawl.turns.drawsteel import DrawSteelTurn, allowance
from brawl.zone.game import ZoneTurn


def cast() -> list[Creature]:
    return [
        Creature(id="h0", side="heroes", hero=True, pos=(0, 0, 0)),
        Creature(id="h1", side="heroes", hero=True, pos=(0, 2, 0)),
        Creature(id="h2", side="heroes", hero=True, pos=(0, 4, 0)),
        Creature(id="g0", side="director", group="g", pos=(6, 0, 0)),
        Creature(id="g1", side="director", group="g", pos=(6, 2, 0)),
        Creature(id="boss", side="director", solo=True, pos=(8, 8, 0)),
    ]


IDS = [c.id for c in cast()]


class DrawSteelMachine(RuleBasedStateMachine):
    """DS-SIDE-09, DS-SIDE-11, DS-SIDE-12, RB5-SOLO: nobody exceeds its turns; all act; first side first."""

    def __init__(self) -> None:
        super().__init__()
        enc = Encounter.create(Terrain.flat(10, 10), cast(), seed=7)
        self.enc, _ = brawl.start_combat(enc)
        t = self.enc.turn
        assert isinstance(t, DrawSteelTurn)
        self.first = t.sides[0]
        self.round_sides: list[str] = []
        self.turns: dict[str, int] = {}

    @rule(who=st.sampled_from(IDS))
    def start(self, who: str) -> None:
        allowed = brawl.actions.can(self.enc, brawl.StartTurn(who))
        offered = any(who in ids for ids in brawl.turns.next_actors(self.enc).values())
        assert allowed == offered
        if allowed:
            self.enc, _ = brawl.start_turn(self.enc, who)
            self.turns[who] = self.turns.get(who, 0) + 1
            self.round_sides.append(self.enc.creature(who).side)

    @rule()
    def end(self) -> None:
        t = self.enc.turn
        assert isinstance(t, DrawSteelTurn)
        if t.current is not None:
            self.enc, _ = brawl.end_turn(self.enc)

    @rule(kill=st.sampled_from(IDS))
    def die(self, kill: str) -> None:
        t = self.enc.turn
        assert isinstance(t, DrawSteelTurn)
        living = list(self.enc.living())
        if t.current is None and len(living) > 2 and not self.enc.creature(kill).dead:
            self.enc = self.enc.update_creature(kill, dead=True)

    @rule()
    def round_end(self) -> None:
        if brawl.turns.next_actors(self.enc) or self.enc.turn.current is not None:
            return
        for c in self.enc.living():
            lost = c.solo and self.turns.get(c.id, 0) == 1
            assert self.turns.get(c.id, 0) == allowance(c) or lost
        if self.round_sides and self.first in self.round_sides:
            # DS-SIDE-12: the first side goes first every round, while it has anyone left to act
            assert self.round_sides[0] == self.first
        self.enc, _ = brawl.end_round(self.enc)
        self.turns = {}
        self.round_sides = []

    @invariant()
    def nobody_acts_too_often(self) -> None:
        for cid, n in self.turns.items():
            assert n <= allowance(self.enc.creature(cid))


class ZoneMachine(RuleBasedStateMachine):
    """Z-TURN-03, Z-TURN-04, R-Z-2: one turn each a round; rounds end only after consecutive passes."""

    def __init__(self) -> None:
        super().__init__()
        cs = [
            Creature(id="p0", side="players", pos=(0, 0, 0)),
            Creature(id="p1", side="players", pos=(0, 2, 0)),
            Creature(id="b0", side="gm", pos=(6, 0, 0)),
            Creature(id="b1", side="gm", pos=(6, 2, 0)),
            Creature(id="w0", side="wolves", pos=(8, 8, 0)),
        ]
        self.enc, _ = brawl.start_combat(
            Encounter.create(Terrain.flat(10, 10), cs), system="zone", initiative="gm"
        )
        self.turns: dict[str, int] = {}

    @rule(who=st.sampled_from(["p0", "p1", "b0", "b1", "w0"]))
    def act(self, who: str) -> None:
        if brawl.actions.can(self.enc, brawl.StartTurn(who)):
            self.enc, _ = brawl.start_turn(self.enc, who)
            self.enc, _ = brawl.end_turn(self.enc)
            self.turns[who] = self.turns.get(who, 0) + 1

    @rule()
    def pass_go(self) -> None:
        t = self.enc.turn
        assert isinstance(t, ZoneTurn)
        if not t.round_over:
            self.enc, _ = brawl.zone.verbs.pass_turn(self.enc)

    @rule()
    def round_end(self) -> None:
        t = self.enc.turn
        assert isinstance(t, ZoneTurn)
        if t.round_over:
            assert t.passes == len(t.factions)
            self.enc, _ = brawl.end_round(self.enc)
            self.turns = {}

    @invariant()
    def one_turn_each(self) -> None:
        assert all(n == 1 for n in self.turns.values())


class InitiativeMachine(RuleBasedStateMachine):
    """I-ENC-02, I-INIT-04, I-HOLD-04, R-I-1: order kept, each once a round, no hold outlives its window."""

    def __init__(self) -> None:
        super().__init__()
        cs = [Creature(id=f"c{i}", side="a" if i % 2 else "b", pos=(i * 2, 0, 0)) for i in range(4)]
        self.enc, _ = brawl.start_combat(
            Encounter.create(Terrain.flat(10, 10), cs, seed=2), system="initiative"
        )
        self.acted_this_round: list[str] = []

    @rule()
    def next_turn(self) -> None:
        t = self.enc.turn
        assert isinstance(t, InitiativeTurn)
        if t.current is not None:
            self.enc, _ = brawl.end_turn(self.enc)
            return
        actors = brawl.turns.next_actors(self.enc)
        if not actors:
            assert self.acted_this_round == list(t.order)
            self.enc, _ = brawl.end_round(self.enc)
            self.acted_this_round = []
            return
        ((_, (who,)),) = actors.items()
        self.enc, _ = brawl.start_turn(self.enc, who)
        self.acted_this_round.append(who)

    @rule(held=st.sampled_from(["action", "fast"]))
    def hold(self, held: str) -> None:
        t = self.enc.turn
        assert isinstance(t, InitiativeTurn)
        fast = held == "fast"  # the Fast Action holds only a fast action (I-TURN-03)
        if t.current is not None and brawl.actions.can(
            self.enc, brawl.UseAction(t.current, "hold", held=held, action="x", trigger="go", fast=fast)
        ):
            self.enc, _ = brawl.initiative.verbs.hold_action(
                self.enc, t.current, held=held, action="x", trigger="go", fast=fast
            )

    @rule()
    def trigger(self) -> None:
        self.enc, _ = brawl.verbs.report_trigger(self.enc, "go")

    @rule(who=st.sampled_from(["c0", "c1", "c2", "c3"]))
    def use_hold(self, who: str) -> None:
        if not brawl.actions.can(self.enc, brawl.initiative.hold.UseHeldAction(who)):
            return
        self.enc, _ = brawl.initiative.verbs.use_held_action(self.enc, who)

    @invariant()
    def holds_within_window(self) -> None:
        t = self.enc.turn
        assert isinstance(t, InitiativeTurn)
        for who, h in t.holds.items():
            same_round = h.round == self.enc.round
            next_round_before_turn = h.round == self.enc.round - 1 and who not in self.acted_this_round
            assert same_round or next_round_before_turn
        assert len(set(self.acted_this_round)) == len(self.acted_this_round)


TestDrawSteelMachine = DrawSteelMachine.TestCase
TestZoneMachine = ZoneMachine.TestCase
TestInitiativeMachine = InitiativeMachine.TestCase
