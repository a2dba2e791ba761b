"""Stability penalties and bonuses: never below 0, used by forced movement, ended by durations."""

from __future__ import annotations

import pytest

import brawl
import brawl.turns
import brawl.verbs
from brawl import Creature, Duration, Encounter, Pos, StabilityModifier, Terrain
from brawl.events.conditions import StabilityModified, StabilityModifierEnded
from brawl.events.forced import ForceMoved
from brawl.io.json import from_json, to_json


def _enc(stability: int = 1, **kw: object) -> Encounter:
    ogre = Creature(id="ogre", pos=(5, 5, 0), stability=stability, stamina_max=40, **kw)  # type: ignore[arg-type]
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, pos=(4, 5, 0))
    return Encounter.create(Terrain.flat(20, 20), [ogre, kira], seed=3)


def _moved(events: tuple[brawl.Event, ...]) -> ForceMoved:
    (e,) = [x for x in events if isinstance(x, ForceMoved)]
    return e


def test_stability_never_below_zero_even_with_a_penalty() -> None:
    """DS-FORCE-16, DS-FORCE-18: stability 1, penalty 3: stability 0, not -2; push 3 moves 3."""
    enc, events = brawl.verbs.modify_stability(_enc(1), "ogre", -3, "eot", source="kira")
    assert enc.creature("ogre").effective_stability == 0
    assert enc.creature("ogre").stability == 1
    (mod,) = [e for e in events if isinstance(e, StabilityModified)]
    assert mod.stability == 0
    assert "DS-FORCE-18" in mod.rules
    after, events = brawl.push(enc, "kira", "ogre", 3)
    moved = _moved(events)
    assert (moved.stability_used, moved.moved) == (0, 3)
    assert after.creature("ogre").pos == Pos(8, 5, 0)
    assert "DS-FORCE-18" in moved.rules


def test_penalty_reduces_and_bonus_raises_what_stability_takes_off() -> None:
    """DS-FORCE-16, DS-FORCE-18: stability 2 - 1 = 1: push 3 moves 2; + bonus 2 = 3: push 3 moves 0."""
    enc, _ = brawl.verbs.modify_stability(_enc(2), "ogre", -1)
    after, events = brawl.push(enc, "kira", "ogre", 3)
    assert (_moved(events).stability_used, after.creature("ogre").pos) == (1, Pos(7, 5, 0))
    enc, _ = brawl.verbs.modify_stability(enc, "ogre", 2, "end_of_round")
    assert enc.creature("ogre").effective_stability == 3
    after, events = brawl.push(enc, "kira", "ogre", 3)
    assert after.creature("ogre").pos == Pos(5, 5, 0)


def test_a_base_stability_below_zero_is_still_refused() -> None:
    """DS-FORCE-18: the base is a whole number from 0; only modifiers go below it, and they stop at 0."""
    with pytest.raises(brawl.StateError):
        Creature(id="x", stability=-2)
    c = Creature(id="x", stability=0, stability_modifiers=(StabilityModifier(-2),))
    assert c.effective_stability == 0


def test_modifiers_end_with_their_duration() -> None:
    """RB2-EOT, RB2-EOE, DS-FORCE-18: an EoT penalty ends at the end of the ogre's turn, not of another's;
    an end-of-round bonus at the end of the round; an end-of-encounter one with the encounter."""
    enc, _ = brawl.start_combat(_enc(2), d10=9)
    enc, _ = brawl.verbs.modify_stability(enc, "ogre", -2, "eot")
    enc, _ = brawl.verbs.modify_stability(enc, "ogre", 3, "end_of_round")
    enc, _ = brawl.verbs.modify_stability(enc, "ogre", 1, "end_of_encounter")
    assert enc.creature("ogre").effective_stability == 4
    ended: list[StabilityModifierEnded] = []
    while actors := brawl.turns.next_actors(enc):
        (ids,) = actors.values()
        enc, _ = brawl.start_turn(enc, ids[0])
        enc, events = brawl.end_turn(enc)
        ended += [e for e in events if isinstance(e, StabilityModifierEnded)]
        if ids[0] == "kira":
            assert len(enc.creature("ogre").stability_modifiers) == 3 - len(ended)
    assert [(e.modifier.amount, e.stability) for e in ended] == [(-2, 6)]
    enc, events = brawl.end_round(enc)
    assert [(e.modifier.amount, e.stability) for e in events if isinstance(e, StabilityModifierEnded)] == [
        (3, 3)
    ]
    enc, events = brawl.end_combat(enc)
    assert [(e.modifier.amount, e.stability) for e in events if isinstance(e, StabilityModifierEnded)] == [
        (1, 2)
    ]
    assert enc.creature("ogre").effective_stability == 2


def test_remove_and_refusals() -> None:
    """DS-FORCE-18: removed by source; an amount of 0, a save-ends duration or a dead creature refused."""
    enc, _ = brawl.verbs.modify_stability(_enc(1), "ogre", -1, source="kira")
    enc, _ = brawl.verbs.modify_stability(enc, "ogre", -1, source="hex")
    enc, events = brawl.verbs.remove_stability_modifier(enc, "ogre", source="kira")
    assert [m.source for m in enc.creature("ogre").stability_modifiers] == ["hex"]
    assert [e.stability for e in events if isinstance(e, StabilityModifierEnded)] == [0]
    with pytest.raises(brawl.ConditionError, match="DS-FORCE-18"):
        brawl.verbs.modify_stability(enc, "ogre", 0)
    with pytest.raises(brawl.ConditionError, match="DS-FORCE-18"):
        brawl.verbs.modify_stability(enc, "ogre", -1, "save_ends")
    with pytest.raises(brawl.ArgumentTypeError):
        brawl.verbs.modify_stability(enc, "ogre", "2")  # type: ignore[arg-type]
    assert not brawl.can(enc, brawl.actions.ModifyStability("ogre", 0))


def test_modifiers_round_trip_through_json() -> None:
    """DS-FORCE-18: the modifiers are saved and loaded with the creature."""
    enc, _ = brawl.verbs.modify_stability(_enc(1), "ogre", -3, "eot", source="kira")
    back = from_json(to_json(enc))
    assert back.creature("ogre").stability_modifiers == (StabilityModifier(-3, Duration.EOT, "kira"),)
    assert back.creature("ogre").effective_stability == 0
