"""Draw Steel triggered abilities answer a reported trigger (DS-TURN-05, DS-TURN-06, R-TURN-12).

The caller reports what happened (``report_trigger``: a kind, the creature that did it, the
creatures it was done to, or an ability's own trigger text); ``legal_actions`` then offers each
creature's triggered abilities whose trigger matches, on anyone's turn. A triggered action spends
the one triggered action of the round (DS-TURN-05); a free triggered action spends nothing
(DS-TURN-06); dazed creatures take neither (DS-TURN-08); the moment passes with the next action.
"""

from __future__ import annotations

import pytest

import brawl
import brawl.verbs
from brawl import Ability, Creature, Encounter, Terrain
from brawl.abilities.model import Distance, Target
from brawl.events.turns import TriggerReported
from brawl.rules.abilities import UseAbility
from brawl.turns.drawsteel import DrawSteelTurn
from brawl.turns.triggers import trigger_kind

SNAP = Ability(
    "Snap", "triggered action", None, ("Melee", "Strike"),
    distance=Distance("melee", 1), target=Target("creature"),
    trigger="A creature moves adjacent to the guard.",
    effect_after="The target takes 2 damage.",
)  # fmt: skip
BULWARK = Ability(
    "Bulwark", "free triggered action", None, (),
    distance=Distance("self"), target=Target("self"),
    trigger="An ally adjacent to the warden is targeted by a strike.",
    effect_after="The strike targets the warden instead.",
)  # fmt: skip


def field() -> Encounter:
    """Kira at (0, 0); the guard 2 squares east; the warden and its ally side by side farther on."""
    kira = Creature(id="kira", side="heroes", hero=True, stamina_max=30, speed=5, pos=(0, 0, 0))
    guard = Creature(id="guard", side="director", stamina_max=20, pos=(2, 0, 0), abilities=(SNAP,))
    warden = Creature(id="warden", side="director", stamina_max=20, pos=(6, 0, 0), abilities=(BULWARK,))
    ally = Creature(id="ally", side="director", stamina_max=20, pos=(6, 1, 0))
    return Encounter.create(Terrain.flat(10, 10), [kira, guard, warden, ally])


def kiras_turn() -> Encounter:
    enc, _ = brawl.start_combat(field(), d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


def offered(enc: Encounter, cid: str) -> list[UseAbility]:
    return [a for a in brawl.legal_actions(enc, creature=cid) if isinstance(a, UseAbility)]


def test_the_printed_phrasings_are_sorted_into_kinds_r_turn_12() -> None:
    """R-TURN-12: the verb of a printed trigger gives its kind; a trigger of another kind has none."""
    assert trigger_kind(SNAP.trigger) == "moves adjacent"
    assert trigger_kind(BULWARK.trigger) == "targeted"
    assert trigger_kind("The warden takes damage.") == "damaged"
    assert trigger_kind("An enemy within 3 of the guard shifts.") == "moves"
    assert trigger_kind("The Director spends Malice.") is None


def test_a_creature_moving_adjacent_offers_the_guards_triggered_action_ds_turn_05() -> None:
    """DS-TURN-05: Kira moves adjacent to the guard on her turn; the guard's Snap answers, once."""
    enc, _ = brawl.move(kiras_turn(), "kira", [(1, 0, 0)])
    assert offered(enc, "guard") == []  # nothing reported yet
    enc, events = brawl.verbs.report_trigger(enc, "moves adjacent", creature="kira", targets=["guard"])
    (reported,) = [e for e in events if isinstance(e, TriggerReported)]
    assert reported.answering == ("guard",)
    assert set(reported.rules) == {"DS-TURN-05", "R-TURN-12"}
    assert offered(enc, "guard") == [UseAbility("guard", "Snap", ("kira",))]
    assert UseAbility("guard", "Snap", ("kira",)) in brawl.legal_actions(enc)
    assert offered(enc, "warden") == []  # its trigger is another kind
    enc, _ = brawl.apply(enc, UseAbility("guard", "Snap", ("kira",)))
    assert isinstance(enc.turn, DrawSteelTurn)
    assert enc.turn.triggered_used == frozenset({"guard"})  # 1 triggered action per round
    enc, _ = brawl.verbs.report_trigger(enc, "moves adjacent", creature="kira", targets=["guard"])
    assert offered(enc, "guard") == []  # DS-TURN-05: its one triggered action is spent


def test_the_roles_of_the_trigger_must_fit_r_turn_12() -> None:
    """R-TURN-12: moving adjacent to someone else, or targeting an enemy of the warden, answers
    neither trigger; the ally adjacent to the warden targeted does."""
    enc = kiras_turn()
    enc, _ = brawl.verbs.report_trigger(enc, "moves adjacent", creature="kira", targets=["ally"])
    assert offered(enc, "guard") == []
    enc, _ = brawl.verbs.report_trigger(enc, "targeted", creature="ally", targets=["kira"])
    assert offered(enc, "warden") == []
    enc, _ = brawl.verbs.report_trigger(enc, "targeted", creature="kira", targets=["ally"])
    assert offered(enc, "warden") == [UseAbility("warden", "Bulwark")]
    assert offered(enc, "guard") == []


def test_a_free_triggered_action_spends_nothing_ds_turn_06() -> None:
    """DS-TURN-06: Bulwark is a free triggered action: the warden's triggered action stays."""
    enc, _ = brawl.verbs.report_trigger(kiras_turn(), "targeted", creature="kira", targets=["ally"])
    enc, _ = brawl.apply(enc, UseAbility("warden", "Bulwark"))
    assert isinstance(enc.turn, DrawSteelTurn)
    assert enc.turn.triggered_used == frozenset()
    assert offered(enc, "warden") == []  # it answered this trigger


def test_the_ability_s_own_trigger_text_may_be_reported_r_turn_12() -> None:
    """R-TURN-12: reporting the printed trigger itself offers that ability."""
    enc, _ = brawl.move(kiras_turn(), "kira", [(1, 0, 0)])
    enc, _ = brawl.verbs.report_trigger(enc, "A creature moves adjacent to the guard.")
    assert [a.ability for a in offered(enc, "guard")] == ["Snap"]


def test_the_moment_passes_with_the_next_action_ds_turn_05() -> None:
    """DS-TURN-05 ("only when that action's trigger occurs"): once Kira moves on, no Snap."""
    enc, _ = brawl.move(kiras_turn(), "kira", [(1, 0, 0)])
    enc, _ = brawl.verbs.report_trigger(enc, "moves adjacent", creature="kira", targets=["guard"])
    enc, _ = brawl.move(enc, "kira", [(1, 1, 0)])
    assert offered(enc, "guard") == []


def test_a_dazed_creature_answers_no_trigger_ds_turn_08() -> None:
    """DS-TURN-08, RB1-DAZED: no triggered or free triggered action while dazed."""
    enc, _ = brawl.add_condition(kiras_turn(), "warden", "dazed")
    enc, _ = brawl.verbs.report_trigger(enc, "targeted", creature="kira", targets=["ally"])
    assert offered(enc, "warden") == []


def test_refused_reports_name_the_rule_ds_turn_05() -> None:
    """DS-TURN-05, R-TURN-12: an unknown trigger, an unknown creature, no combat."""
    enc = kiras_turn()
    with pytest.raises(brawl.InvalidArgumentError, match="R-TURN-12"):
        brawl.verbs.report_trigger(enc, "sneezes")
    with pytest.raises(brawl.UnknownCreatureError):
        brawl.verbs.report_trigger(enc, "moves", creature="nobody")
    with pytest.raises(brawl.TurnOrderError, match="DS-TURN-05"):
        brawl.verbs.report_trigger(field(), "moves", creature="kira")
    with pytest.raises(brawl.InvalidArgumentError, match="R-TURN-12"):
        brawl.apply(enc, brawl.actions.ReportTrigger("sneezes"))
