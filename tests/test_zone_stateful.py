"""Random zone fights driven by legal_actions, with the game's invariants checked after each step.

Z-TURN-03, R-Z-3: no character takes a turn (a reaction included) twice in a round. Z-REACT-03:
no character reacts twice to one attack. Health stays from 0 to the maximum, armour values at
most 3 (Z-COVER-01), and the encounter survives a JSON round trip after every step.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import brawl
import brawl.zone.attack
from brawl.events.base import Event
from brawl.zone.model import ARMOUR_CAP, Armour, Weapon
from brawl.zone.space import world_of
from test_zone_helpers import build

ARSENAL = (
    Weapon("sword", die=6),
    Weapon("axe", die=8, hands=2),
    Weapon("bow", die=6, range=4, hands=2),
    Weapon("bomb", die=6, range=2, blast=True, improvised=True),
    Weapon("club", die=4, damaged=True),
)
SIZES = ("small", "medium", "large")


@st.composite
def characters(draw: st.DrawFn, cid: str, side: str) -> tuple[str, str, str, dict[str, Any]]:
    weapons = draw(st.lists(st.sampled_from(ARSENAL), max_size=2, unique_by=lambda w: w.name))
    armour = [Armour("mail", value=draw(st.integers(0, 2)), damaged=draw(st.booleans()))]
    fields = {
        "weapons": weapons,
        "armour": armour,
        "health_max": draw(st.integers(2, 12)),
        "strength": draw(st.integers(3, 16)),
        "agility": draw(st.integers(3, 16)),
        "wits": draw(st.integers(3, 16)),
        "size": draw(st.sampled_from(SIZES)),
        "concealed": draw(st.booleans()) and draw(st.booleans()),
    }
    return (cid, side, draw(st.sampled_from("abcd")), fields)


class ZoneFight(RuleBasedStateMachine):
    """A zone fight played by picking among the legal actions."""

    def __init__(self) -> None:
        super().__init__()
        self.enc = brawl.Encounter.create()
        self.log: list[Event] = []

    @initialize(data=st.data(), n=st.integers(2, 5), seed=st.integers(0, 2**32))
    def begin(self, data: st.DataObject, n: int, seed: int) -> None:
        chars = [data.draw(characters(f"c{i}", "p" if i % 2 == 0 else "q")) for i in range(n)]
        enc = build(chars).with_rng(brawl.Rng(seed))
        enc, events = brawl.start_combat(enc, system="zone", initiative="p")
        self.enc = enc
        self.log = list(events)

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        options = brawl.legal_actions(self.enc)
        if not options:
            return
        action = data.draw(st.sampled_from(options))
        self.enc, events = brawl.apply(self.enc, action)
        self.log.extend(events)

    @rule(data=st.data())
    def try_any_attack(self, data: st.DataObject) -> None:
        """A random attack request: applied if legal, else refused with a RulesError."""
        ids = sorted(world_of(self.enc).sheets.keys())
        attacker = data.draw(st.sampled_from(ids))
        target = data.draw(st.sampled_from(ids))
        weapon = data.draw(st.sampled_from([None, *(w.name for w in ARSENAL)]))
        request = brawl.zone.attack.ZoneAttack(attacker, (target,), weapon)
        try:
            self.enc, events = brawl.apply(self.enc, request)
        except brawl.RulesError:
            return
        self.log.extend(events)

    @invariant()
    def one_turn_a_round_and_one_reaction_an_attack(self) -> None:
        seen: dict[tuple[int, str], int] = {}
        reacted: set[tuple[str, str]] = set()
        rnd = 1
        for e in self.log:
            kind = type(e).__name__
            if kind == "RoundStarted":
                rnd = e.round  # type: ignore[attr-defined]
            elif kind == "TurnStarted":
                for cid in (e.creature, *e.together):  # type: ignore[attr-defined]
                    seen[(rnd, cid)] = seen.get((rnd, cid), 0) + 1
            elif kind == "ReactionTaken" and e.uses_turn:  # type: ignore[attr-defined]
                key = (rnd, e.creature)  # type: ignore[attr-defined]
                seen[key] = seen.get(key, 0) + 1
            elif kind == "ZoneReacted":
                pair = (e.attack, e.creature)  # type: ignore[attr-defined]
                assert pair not in reacted
                reacted.add(pair)
        assert all(n == 1 for n in seen.values()), seen

    @invariant()
    def health_and_gear_in_range(self) -> None:
        for sheet in world_of(self.enc).sheets.values():
            assert 0 <= sheet.health <= sheet.health_max
            assert 0 <= sheet.armour_value <= ARMOUR_CAP
            assert all(a.value >= 0 for a in sheet.armour)

    @invariant()
    def json_round_trip(self) -> None:
        assert brawl.from_json(brawl.to_json(self.enc)) == self.enc


ZoneFight.TestCase.settings = settings(
    max_examples=25, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestZoneFight = ZoneFight.TestCase
