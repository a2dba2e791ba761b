"""The request records of the standard maneuvers and main actions, stealth and table rules.

Each record, saved and loaded again as JSON, applies to the same state as its public rule with the
same arguments; each rule's parameters are its record's fields; ``can_x`` agrees with ``verify_x``
and neither rolls, moves nor pushes (DS-ACT, DS-STRIKE, RB3-HIDE, RB3-ASSIST, DS-ACT-16).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import brawl
import brawl.rules.stealth
import brawl.rules.table
import brawl.verbs
from brawl import Creature, Encounter, Terrain
from brawl.actions import (
    AidAttack,
    AssistTest,
    Charge,
    Defend,
    EscapeGrab,
    FreeStrike,
    Grab,
    Hide,
    Knockback,
    OpportunityAttack,
    PointOut,
    Reveal,
    Search,
    UseConsumable,
)
from brawl.conditions import ConditionName, Effect, EffectKind
from brawl.errors import ArgumentTypeError, InvalidArgumentError, RulesError
from brawl.events.actions import Struck
from brawl.events.stealth import TestAssisted
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules import main_actions, maneuvers, movement, stealth, strikes, table
from brawl.rules.edges import edge
from brawl.rules.settle import settle


def hero(cid: str, pos: tuple[int, int], **kw: Any) -> Creature:
    stats = kw.pop("characteristics", brawl.Characteristics(might=2, agility=1))
    return Creature(id=cid, side="heroes", hero=True, stamina_max=30, pos=pos, characteristics=stats, **kw)


def foe(cid: str, pos: tuple[int, int], **kw: Any) -> Creature:
    return Creature(id=cid, side="director", stamina_max=40, pos=pos, **kw)


def fight(*creatures: Creature) -> Encounter:
    return Encounter.create(Terrain.flat(12, 12), creatures, seed=3)


def base() -> Encounter:
    """kira (Might 2, Agility 1) at (1, 1) next to gob at (2, 1); bron, her ally, at (1, 2)."""
    return fight(hero("kira", (1, 1)), foe("gob", (2, 1)), hero("bron", (1, 2)))


def grabbed() -> Encounter:
    return brawl.grab(base(), "kira", "gob", dice=(9, 9)).state


def hidden() -> Encounter:
    return brawl.hide(base(), "kira", cover=["gob"]).state


def round_trip(record: Action) -> Action:
    (loaded,) = brawl.actions_from_json(brawl.actions_to_json([record]))
    assert loaded == record
    return loaded


def same(state: Encounter, record: Action, rule: Callable[..., Outcome], *args: Any, **kw: Any) -> Outcome:
    """``apply`` of the loaded record and the settled public rule give the same state and events."""
    applied = brawl.apply(state, round_trip(record))
    direct = settle(rule(state, *args, **kw))
    assert applied.state == direct.state
    assert applied.events == direct.events
    return applied


# -- a saved and loaded record applies like its rule --------------------------------------------


def test_free_strike_record() -> None:
    """DS-STRIKE-06, DS-ACT-21: 6 + 5 + Might 2 = 13, tier 2, 5 + 2 = 7 damage; gob 40 → 33."""
    extra = (edge("a torch's light", "DS-STRIKE-08"),)
    record = FreeStrike("kira", "gob", dice=(6, 5), type="fire", extra=extra)
    out = same(base(), record, brawl.free_strike, "kira", "gob", dice=(6, 5), type="fire", extra=extra)
    # with the edge 13 + 2 = 15, still tier 2
    assert out.state.creature("gob").stamina == 33
    plain = same(
        base(), FreeStrike("kira", "gob", dice=(6, 5)), brawl.free_strike, "kira", "gob", dice=(6, 5)
    )
    assert plain.state.creature("gob").stamina == 33


def test_free_strike_record_flat_damage_and_granted() -> None:
    """RB6-FREE-STRIKE, DS-STRIKE-02: a Director creature's flat 3 damage; kira 30 → 27."""
    record = FreeStrike("gob", "kira", flat_damage=3, granted=True, knock_out=True)
    out = same(base(), record, brawl.free_strike, "gob", "kira", flat_damage=3, granted=True, knock_out=True)
    assert out.state.creature("kira").stamina == 27


def test_opportunity_attack_record() -> None:
    """DS-STRIKE-03: 9 + 9 + 2 = 20, tier 3, 7 + 2 = 9 damage; gob 40 → 31."""
    record = OpportunityAttack("kira", "gob", (9, 9))
    out = same(base(), record, brawl.opportunity_attack, "kira", "gob", dice=(9, 9))
    assert out.state.creature("gob").stamina == 31
    assert next(e for e in out.events if isinstance(e, Struck)).opportunity


def test_grab_and_escape_grab_records() -> None:
    """DS-ACT-08: 20 is tier 3, gob grabbed; DS-ACT-06: gob's 18 + Agility 0 is tier 3, it escapes."""
    out = same(base(), Grab("kira", "gob", (9, 9)), brawl.grab, "kira", "gob", dice=(9, 9))
    assert brawl.rules.conditions.grabbed_by(out.state, "gob") == "kira"
    escaped = same(out.state, EscapeGrab("gob", (9, 9)), brawl.escape_grab, "gob", dice=(9, 9))
    assert not escaped.state.creature("gob").has(ConditionName.GRABBED)
    refused = same(base(), Grab("kira", "gob", (6, 5), take_tier_2=False), brawl.grab, "kira", "gob",
                   dice=(6, 5), take_tier_2=False)  # fmt: skip
    assert not refused.state.creature("gob").has(ConditionName.GRABBED)


def test_knockback_record() -> None:
    """DS-ACT-12: 20 is tier 3, push 3: gob from (2, 1) to (5, 1)."""
    record = Knockback("kira", "gob", (1, 0), (9, 9))
    out = same(base(), record, brawl.knockback, "kira", "gob", direction=(1, 0), dice=(9, 9))
    assert out.state.creature("gob").pos == brawl.Pos(5, 1, 0)


def test_aid_attack_and_defend_records() -> None:
    """DS-ACT-03: gob is aided against by kira; DS-ACT-19: kira defends."""
    aided = same(base(), AidAttack("kira", "gob"), brawl.aid_attack, "kira", "gob")
    assert aided.state.creature("gob").effects == (Effect(EffectKind.AIDED, "kira"),)
    defending = same(base(), Defend("kira"), brawl.defend, "kira")
    assert defending.state.creature("kira").effects == (Effect(EffectKind.DEFENDING, "kira"),)


def test_charge_record() -> None:
    """DS-ACT-17: kira charges 3 squares from (1, 1) to (4, 1), then strikes gob at (5, 1): 13, 7 damage."""
    enc = fight(hero("kira", (1, 1)), foe("gob", (5, 1)))
    path = ((2, 1, 0), (3, 1, 0), (4, 1, 0))
    out = same(enc, Charge("kira", path, "gob", (6, 5)), brawl.charge, "kira", path, "gob", dice=(6, 5))
    assert out.state.creature("kira").pos == brawl.Pos(4, 1, 0)
    assert out.state.creature("gob").stamina == 33


def test_hide_and_reveal_records() -> None:
    """DS-ACT-11, RB3-HIDE: kira hides from gob; made noise, she is revealed again."""
    out = same(base(), Hide("kira", cover=("gob",)), brawl.hide, "kira", cover=("gob",))
    assert out.state.creature("kira").hidden_from == frozenset({"gob"})
    back = same(out.state, Reveal("kira", "made noise"), brawl.verbs.reveal, "kira", reason="made noise")
    assert back.state.creature("kira").hidden_from == frozenset()


def test_search_record() -> None:
    """DS-ACT-14, RB3-OPPOSED: gob's 9 + 9 + Intuition 0 = 18 beats kira's 1 + 1 + Agility 1 = 3."""
    rolls = {"gob": (9, 9), "kira": (1, 1)}
    out = same(hidden(), Search("gob", rolls), brawl.search, "gob", rolls=rolls)
    assert out.state.creature("kira").hidden_from == frozenset()


def test_point_out_record() -> None:
    """RB3-HIDE: gob is hidden from bron but not from kira, who points it out to bron."""
    enc = fight(
        hero("kira", (1, 1)), foe("gob", (4, 1), hidden_from=frozenset({"bron"})), hero("bron", (1, 2))
    )
    out = same(enc, PointOut("kira", "gob", ("bron",)), brawl.verbs.point_out, "kira", "gob", ("bron",))
    assert out.state.creature("gob").hidden_from == frozenset()


def test_assist_test_record() -> None:
    """DS-ACT-13, RB3-ASSIST: kira's 6 + 5 + Might 2 = 13 is tier 2: an edge for the main roll."""
    record = AssistTest("kira", "might", (6, 5))
    applied = brawl.apply(base(), round_trip(record))
    direct = brawl.verbs.assist_test(base(), "kira", characteristic="might", roll=(6, 5))
    assert applied.state == direct.state
    assert applied.events == direct.events
    assisted = direct.events[-1]
    assert isinstance(assisted, TestAssisted)
    assert (assisted.total, assisted.tier, assisted.effect) == (13, 2, "edge")
    reason = brawl.rules.stealth.assist_reason(assisted)
    assert (reason.edges, reason.banes) == (1, 0)


def test_use_consumable_record() -> None:
    """DS-ACT-16: kira administers a potion to bron, adjacent and willing."""
    record = UseConsumable("kira", "healing potion", "bron")
    out = same(base(), record, brawl.use_consumable, "kira", "healing potion", recipient="bron")
    assert [type(e).__name__ for e in out.events] == ["ConsumableUsed"]


# -- the rule's parameters are the record's fields ---------------------------------------------

RULES: list[tuple[Callable[..., Any], type[Action]]] = [
    (brawl.free_strike, FreeStrike),
    (brawl.opportunity_attack, OpportunityAttack),
    (brawl.grab, Grab),
    (brawl.escape_grab, EscapeGrab),
    (brawl.knockback, Knockback),
    (brawl.aid_attack, AidAttack),
    (brawl.defend, Defend),
    (brawl.charge, Charge),
    (brawl.hide, Hide),
    (brawl.verbs.reveal, Reveal),
    (brawl.search, Search),
    (brawl.verbs.point_out, PointOut),
    (brawl.verbs.assist_test, AssistTest),
    (brawl.use_consumable, UseConsumable),
]


@pytest.mark.parametrize(("rule", "record"), RULES, ids=[r.__name__ for _, r in RULES])
def test_the_rule_takes_the_record_fields(rule: Callable[..., Any], record: type[Action]) -> None:
    """Every parameter besides the state is a field of the record, same name, order and default."""
    params = list(inspect.signature(rule).parameters.values())[1:]
    fields = attrs.fields(record)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        default = None if p.default is inspect.Parameter.empty else p.default
        field_default = None if f.default is attrs.NOTHING else f.default
        assert default == field_default, p.name


def test_brawl_actions_names_the_same_records() -> None:
    """One home per request: ``brawl.actions`` re-exports the records of the rule modules."""
    assert brawl.actions.FreeStrike is strikes.FreeStrike
    assert brawl.actions.Charge is main_actions.Charge
    assert brawl.actions.Hide is stealth.Hide
    assert brawl.actions.UseConsumable is table.UseConsumable


# -- verify and can: the same code, checks only --------------------------------------------------

CASES: list[tuple[str, Callable[[], Encounter], Action, Action]] = [
    ("free_strike", base, FreeStrike("kira", "gob"), FreeStrike("kira", "gob", characteristic="reason")),
    ("free_strike", base, FreeStrike("kira", "gob", ranged=True), FreeStrike("kira", "kira")),
    ("opportunity_attack", base, OpportunityAttack("kira", "gob"), OpportunityAttack("kira", "bron")),
    ("grab", base, Grab("kira", "gob"), Grab("kira", "kira")),
    ("escape_grab", grabbed, EscapeGrab("gob"), EscapeGrab("kira")),
    ("knockback", base, Knockback("kira", "gob"), Knockback("kira", "kira")),
    ("aid_attack", base, AidAttack("kira", "gob"), AidAttack("kira", "bron")),
    ("defend", base, Defend("kira"), Defend("nobody")),
    ("charge", base, Charge("bron", ((2, 2, 0),), "gob"), Charge("bron", ((2, 2, 0), (4, 2, 0)), "gob")),
    ("hide", base, Hide("kira", cover=("gob",)), Hide("kira")),
    ("reveal", hidden, Reveal("kira", "found"), Reveal("kira", "")),
    ("search", hidden, Search("gob"), Search("nobody")),
    ("point_out", base, PointOut("kira", "gob", ("bron",)), PointOut("kira", "gob", ("gob",))),
    ("assist_test", base, AssistTest("kira", "might"), AssistTest("kira", "luck")),
    (
        "use_consumable",
        base,
        UseConsumable("kira", "potion", "bron"),
        UseConsumable("kira", "potion", "gob", False),
    ),
]
MODULES = (strikes, maneuvers, main_actions, stealth, table)


def faces(name: str) -> tuple[Callable[..., Any], Callable[..., bool]]:
    """The generic checks every request answers to, and the verb ``name`` of the request's record."""
    assert getattr(brawl.verbs, name).request is type(next(c[2] for c in CASES if c[0] == name))
    return brawl.verify, brawl.can


def forbid_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every roll, move, push and damage fail: a verify that resolved anything would raise."""

    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("verify resolved part of the rule")

    for module, name in [
        (strikes, "rolled"),
        (stealth, "power_roll"),
        (stealth, "roll_dice"),
        (movement, "walk"),
        (maneuvers, "force_move"),
        (strikes, "deal_damage"),
        (strikes, "dealt_to"),
    ]:
        monkeypatch.setattr(module, name, refuse)


@pytest.mark.parametrize(("name", "make", "legal", "illegal"), CASES, ids=[c[0] for c in CASES])
def test_can_agrees_with_verify_without_resolving(
    name: str, make: Callable[[], Encounter], legal: Action, illegal: Action, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``can_x`` is True where ``verify_x`` passes and False where it raises a RulesError; neither
    rolls, moves, pushes nor deals damage, and the record's own ``verify`` is the same check."""
    state = make()
    forbid_resolution(monkeypatch)
    rng = state.rng
    verify, can = faces(name)
    verify(state, legal)
    legal.verify(state)
    assert can(state, legal)
    with pytest.raises(RulesError):
        verify(state, illegal)
    with pytest.raises(RulesError):
        illegal.verify(state)
    assert not can(state, illegal)
    assert state.rng == rng


# -- wrongly typed fields are refused, naming the field --------------------------------------------


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: FreeStrike("kira", "gob", ranged=None), "ranged"),  # type: ignore[arg-type]
        (lambda: FreeStrike("kira", 3), "target"),  # type: ignore[arg-type]
        (lambda: FreeStrike("kira", "gob", flat_damage=2.5), "flat_damage"),  # type: ignore[arg-type]
        (lambda: FreeStrike("kira", "gob", extra=("edge",)), "extra"),  # type: ignore[arg-type]
        (lambda: Grab("kira", "gob", take_tier_2="yes"), "take_tier_2"),  # type: ignore[arg-type]
        (lambda: Knockback("kira", "gob", stability_used=True), "stability_used"),
        (lambda: Hide("kira", from_="gob"), "creature ids"),
        (lambda: Search("gob", rolls=[("kira", (1, 1))]), "rolls"),  # type: ignore[arg-type]
        (lambda: UseConsumable("kira", "potion", willing=None), "willing"),  # type: ignore[arg-type]
        (lambda: AssistTest("kira", None), "characteristic"),  # type: ignore[arg-type]
    ],
)
def test_a_wrongly_typed_field_is_refused_on_construction(build: Callable[[], Action], field: str) -> None:
    """A value of the wrong type is never stored: ArgumentTypeError (also a TypeError) names it."""
    with pytest.raises(ArgumentTypeError, match=field) as info:
        build()
    assert isinstance(info.value, TypeError)


def test_the_public_rule_refuses_what_its_record_refuses() -> None:
    """DS-STRIKE-07: ``ranged=None`` is refused, not stored in a Struck event that would not load."""
    with pytest.raises(ArgumentTypeError, match="ranged"):
        brawl.free_strike(base(), "kira", "gob", ranged=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="RB3-EDGES"):
        brawl.grab(base(), "kira", "gob", dice=(0, 11))


# -- where two copies disagreed, the text decides --------------------------------------------------


def test_an_opportunity_attack_needs_the_mover_adjacent() -> None:
    """DS-STRIKE-03: the attack is a melee free strike against an adjacent enemy; ``can`` now says
    no where the strike itself would be refused (it used to say yes)."""
    enc = fight(hero("kira", (1, 1)), foe("gob", (4, 1)))
    assert not brawl.can(enc, OpportunityAttack("kira", "gob"))
    with pytest.raises(RulesError, match="DS-STRIKE-06"):
        brawl.verify(enc, OpportunityAttack("kira", "gob"))


def test_a_charge_must_end_within_reach_of_its_target() -> None:
    """DS-ACT-17: the free strike is made at the end of the move; a charge ending out of reach is
    refused before anything moves."""
    enc = fight(hero("kira", (1, 1)), foe("gob", (6, 1)))
    request = Charge("kira", ((2, 1, 0), (3, 1, 0)), "gob")
    assert not brawl.can(enc, request)
    with pytest.raises(RulesError, match="DS-STRIKE-06"):
        brawl.charge(enc, "kira", request.path, "gob", dice=(5, 5))


def test_wrong_types_in_the_edges_stealth_and_table_helpers_are_type_errors() -> None:
    """RB3-EDGES, DS-EDGE-08, RB3-HIDE, DS-GRID-02: a value of the wrong type is an
    ArgumentTypeError; a number out of range stays a plain InvalidArgumentError."""
    enc = base()
    with pytest.raises(ArgumentTypeError, match="RB3-EDGES"):
        brawl.rules.edges.edges_and_banes(enc, "kira", "gob", extra=["an edge"])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="DS-EDGE-08"):
        brawl.rules.edges.edges_and_banes(enc, "kira", "gob", deals_damage=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="RB3-HIDE"):
        brawl.rules.stealth.check_target(enc, "kira", "gob", area=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="RB3-HIDE"):
        brawl.rules.stealth.can_target(enc, "kira", "gob", area=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="DS-GRID-02"):
        brawl.rules.table.Scale("5")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="DS-GRID-02") as info:
        brawl.rules.table.Scale(-1)
    assert not isinstance(info.value, ArgumentTypeError)
    with pytest.raises(ArgumentTypeError, match="DS-GRID-02"):
        brawl.rules.table.Scale().length(1.5)  # type: ignore[arg-type]
