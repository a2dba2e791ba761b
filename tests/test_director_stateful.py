"""Stateful test of the Director's resources: random legal and attempted steps through a Draw
Steel fight on the bundled warband, invariants after every step.

RB-VILLAIN-02, RB-VILLAIN-03: a villain action never twice an encounter, never two in a round;
RB-MALICE-04..07: the Director's Malice never below 0, Malicious Strike never two rounds in a row.
"""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

import brawl
from brawl import UseAbility
from brawl.actions import Advance, AdvanceTo, TakeAction
from brawl.errors import RulesError
from brawl.events.director import MaliceFeatureUsed, VillainActionUsed
from brawl.rules.director import DirectorBook
from brawl.turns.drawsteel_turn import DrawSteelTurn

VILLAINY = ("Drums of the Deep", "Everybody Stab!", "Last Stand")
MALICE = ("brutal", "malicious", "feature")


class DirectorMachine(RuleBasedStateMachine):
    """RB-VILLAIN-02, RB-VILLAIN-03, RB-MALICE-04, RB-MALICE-07: the capped counts, after any steps."""

    def __init__(self) -> None:
        super().__init__()
        enc = brawl.load_scenario(brawl.bundled_scenario("warband"))
        self.enc = brawl.start_combat(enc, first_side="heroes", malice=8).state
        self.villain_rounds: Counter[int] = Counter()
        self.villain_used: Counter[tuple[str, str]] = Counter()
        self.malicious_rounds: list[int] = []

    def _take(self, action: brawl.Action) -> None:
        self.enc, events = brawl.apply(self.enc, action)
        for e in events:
            if isinstance(e, VillainActionUsed):
                self.villain_rounds[e.round] += 1
                self.villain_used[(e.creature, e.ability)] += 1
            if isinstance(e, MaliceFeatureUsed) and e.feature == "Malicious Strike":
                self.malicious_rounds.append(self.enc.round)

    @rule(pick=st.integers(min_value=0, max_value=10_000))
    def legal(self, pick: int) -> None:
        """Any offered step but moves: turns, abilities, villain actions, Malice features."""
        options = [
            a for a in brawl.legal_actions(self.enc) if not isinstance(a, Advance | AdvanceTo | TakeAction)
        ]
        if options:
            self._take(options[pick % len(options)])

    @rule(name=st.sampled_from(VILLAINY), dice=st.tuples(st.integers(1, 10), st.integers(1, 10)))
    def villain(self, name: str, dice: tuple[int, int]) -> None:
        """A villain action attempted at any moment: taken when allowed, else refused by its rule."""
        request = UseAbility("warlord", name, dice=dice)
        try:
            brawl.verify(self.enc, request)
        except RulesError:
            return
        self._take(request)

    @rule(kind=st.sampled_from(MALICE), malice=st.integers(5, 12))
    def malice(self, kind: str, malice: int) -> None:
        """A Malice feature attempted for whoever acts: taken when allowed, else refused."""
        t = self.enc.turn
        assert isinstance(t, DrawSteelTurn)
        if t.current is None:
            return
        request: brawl.Action
        if kind == "brutal":
            request = brawl.actions.BrutalEffectiveness(t.current)
        elif kind == "malicious":
            request = brawl.actions.MaliciousStrike(t.current, malice)
        else:
            request = UseAbility(t.current, "Call the Horde", dice=(5, 5))
        if brawl.can(self.enc, request):
            self._take(request)

    @invariant()
    def malice_is_never_negative(self) -> None:
        t = self.enc.turn
        assert isinstance(t, DrawSteelTurn)
        assert t.malice >= 0

    @invariant()
    def villain_actions_once_an_encounter_one_a_round(self) -> None:
        assert all(n == 1 for n in self.villain_used.values())
        assert all(n == 1 for n in self.villain_rounds.values())
        t = self.enc.turn
        assert isinstance(t, DrawSteelTurn)
        book = t.director
        assert isinstance(book, DirectorBook)
        assert sum(len(v) for v in book.villain_used.values()) == sum(self.villain_used.values())

    @invariant()
    def malicious_strike_never_two_rounds_in_a_row(self) -> None:
        rounds = sorted(set(self.malicious_rounds))
        assert all(b - a > 1 for a, b in itertools.pairwise(rounds))


DirectorMachine.TestCase.settings = settings(DirectorMachine.TestCase.settings, stateful_step_count=30)
TestDirectorMachine = DirectorMachine.TestCase
