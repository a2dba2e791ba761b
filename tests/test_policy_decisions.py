"""The greedy policy's decisions ask only what could change them, and choose what they chose when
everything was asked: state by state, the lazy options give the choice the whole list gives."""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path

import attrs
import pytest

import brawl
from brawl.actions import FreeStrike, StartCombat, TakeAction
from brawl.fields import replaced
from brawl.policy.options import _main_spent
from brawl.rules import malice as malice_rules
from brawl.rules.abilities import UseAbility
from brawl.sim import Options, greedy
from brawl.turns import ability_deeds
from brawl.turns.ability_deeds import director_deed, malice_deeds, pick_director, villain_deeds
from brawl.turns.deeds import may_act
from brawl.turns.drawsteel_turn import (
    DrawSteelTurn,
    _actors,
    _actors_general,
    _sides_in_order,
    actors,
    first_to_start,
)
from brawl.turns.economy import FRESH, ActionKind, spend

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


@functools.cache
def fight_states(name: str, seed: int, rounds: int, system: str = "drawsteel") -> tuple[brawl.Encounter, ...]:
    """Every state of a greedy fight of ``rounds`` rounds, in order; ``name``: a scenario shipped
    with brawl, or a benchmark's file; ``system``: the turn system it starts with."""
    path = BENCH / name if name.endswith(".toml") else brawl.bundled_scenario(name)
    start = brawl.load_scenario(path).with_rng(brawl.Rng(seed))
    if system != "drawsteel":
        start = brawl.apply(start, StartCombat(system=system, first_side="heroes")).state
    states, state = [start], start
    for action in brawl.play(start, max_rounds=rounds).actions:
        state = brawl.apply(state, action).state
        states.append(state)
    return tuple(states)


@pytest.mark.parametrize(
    ("name", "seed"),
    [
        ("warband", 1),
        ("warband", 2),
        ("tavern", 1),
        ("four_vs_six_abilities.toml", 1),
    ],
)
def test_greedy_chooses_the_same_lazily_with_villain_actions_and_malice(name: str, seed: int) -> None:
    """RB-VILLAIN-04, RB-MALICE-04: between turns (villain actions on enemies, on allies) and as a
    Director creature's turn starts (Malice features), greedy given the lazy options chooses what
    it chooses from the whole list of legal actions."""
    states = fight_states(name, seed, 4)
    between = [s for s in states if getattr(s.turn, "current", "") is None]
    started = [s for s in states if getattr(s.turn, "economy", None) == FRESH]
    assert between
    assert started
    for state in [*between, *started]:
        assert greedy(state, Options(state)) == greedy(state, brawl.legal_actions(state))


def test_a_villain_action_on_allies_alone_is_not_planned_between_turns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RB-VILLAIN-04, R-ABIL-9: the tavern boss's Get Them! targets each ally in the area; it is
    offered between turns, but the Director spends villain actions on enemies alone, so deciding
    plans none of its uses."""
    states = fight_states("tavern", 1, 2)
    state = next(s for s in states if isinstance(s.turn, DrawSteelTurn) and villain_deeds(s))
    assert state.turn.current is None  # type: ignore[union-attr]  # Draw Steel's turn
    offered = villain_deeds(state)
    assert [a.ability for a in offered] == ["Get Them!"]  # type: ignore[attr-defined]
    planned: list[str] = []
    requests = ability_deeds._requests

    def counted(state: brawl.Encounter, c: brawl.Creature, ability: brawl.Ability, *rest: object) -> object:
        planned.append(ability.name)
        return requests(state, c, ability, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(ability_deeds, "_requests", counted)
    assert director_deed(state) is None
    assert planned == []


def test_the_creatures_to_act_found_in_one_pass_are_the_general_ones() -> None:
    """DS-SIDE-08..12, DS-SIDE-14, DS-SIDE-17, RB5-SOLO: between turns, the side to act and its
    creatures that may start a turn, found in one pass when no group acts and no summoned creature
    waits, are those the general steps find (the creatures left, by side, the side whose turn it
    is, the alternative order's best slot), state by state, and asked again of the same state."""
    seen = {"fast": 0, "ranked": 0, "group": 0, "over": 0}
    for name, system in (
        ("four_vs_six.toml", "drawsteel"),
        ("four_vs_six.toml", "drawsteel-agility"),
        ("four_vs_six_abilities.toml", "drawsteel"),
        ("warband", "drawsteel"),
    ):
        for state in fight_states(name, 3, 4, system):
            t = state.turn
            if not isinstance(t, DrawSteelTurn) or t.current is not None:
                continue
            general = _actors_general(state, t)
            assert _actors(state, t) == general
            assert actors(state, t) == general
            assert actors(state, t) == general
            seen["fast"] += t.group is None
            seen["ranked"] += t.ranking is not None
            seen["group"] += t.group is not None
            seen["over"] += general[0] is None
    assert min(seen.values()) > 3, seen


@functools.cache
def solo_fight_states(seed: int, rounds: int) -> tuple[brawl.Encounter, ...]:
    """Every state of a greedy fight of the free-strike benchmark with its first Director
    creature made solo (two turns a round, RB5-SOLO)."""
    start = brawl.load_scenario(BENCH / "four_vs_six.toml").with_rng(brawl.Rng(seed))
    boss = next(c for c in start.creature_list() if c.side == "director")
    start = start.with_creature(attrs.evolve(boss, solo=True))
    states, state = [start], start
    for action in brawl.play(start, max_rounds=rounds).actions:
        state = brawl.apply(state, action).state
        states.append(state)
    return tuple(states)


def _variants(state: brawl.Encounter, t: DrawSteelTurn) -> list[brawl.Encounter]:
    """``state``, and with a creature that took its turn this round counted at 0 turns, and made
    solo (a turn left, RB5-SOLO)."""
    found = [state]
    if t.turns_taken:
        cid = min(t.turns_taken)
        found.append(state.with_turn(replaced(t, turns_taken=t.turns_taken.set(cid, 0))))
        monster = next(
            (state.creatures[c] for c in sorted(t.turns_taken) if not state.creatures[c].hero), None
        )
        if monster is not None and not monster.solo:
            found.append(state.with_creature(attrs.evolve(monster, solo=True)))
    return found


def test_the_first_creature_to_start_is_the_least_id_the_general_steps_find() -> None:
    """DS-SIDE-08..12, DS-SIDE-14, DS-SIDE-17, RB5-SOLO, RB-SUMMON-01: between turns, the creature
    greedy starts, found by walking by id the creatures no turn was taken by, is the least id of
    the creatures the general steps find may start (None when none may: DS-SIDE-11); what it keeps
    for actors() is their answer. So too with a turn count of 0, a creature made solo after its
    turn, a solo's second turn, a group acting, the alternative order, and from fight to fight."""
    seen: Counter[str] = Counter()
    fights = [
        *(
            fight_states(name, 3, 4, system)
            for name, system in (
                ("four_vs_six.toml", "drawsteel"),
                ("four_vs_six.toml", "drawsteel-agility"),
                ("four_vs_six_abilities.toml", "drawsteel"),
                ("warband", "drawsteel"),
                ("bridge", "drawsteel"),
            )
        ),
        solo_fight_states(2, 4),
    ]
    for states in fights:
        for state in states:
            t = state.turn
            if not isinstance(t, DrawSteelTurn) or t.current is not None:
                continue
            for s in _variants(state, t):
                general = _actors_general(s, s.turn)  # type: ignore[arg-type]  # Draw Steel's
                side, members = general
                expected = min(c.id for c in members) if members else None
                assert first_to_start(s, s.turn) == expected  # type: ignore[arg-type]
                assert actors(s, s.turn) == general  # type: ignore[arg-type]
                first, second = _sides_in_order(s.turn)  # type: ignore[arg-type]
                seen["first" if side == first else "second" if side == second else "over"] += 1
                seen["solo"] += any(c.solo for c in members)
                seen["group"] += s.turn.group is not None  # type: ignore[union-attr]
                seen["ranked"] += s.turn.ranking is not None  # type: ignore[union-attr]
    assert min(seen.values()) > 3, seen


def test_the_holders_of_villain_actions_follow_the_blocks() -> None:
    """RB-VILLAIN-01: the creatures holding villain actions, kept for the last line-up asked
    about, are found again when a block changes, and as before when it changes back."""
    state = fight_states("warband", 1, 1)[0]
    holders = ability_deeds._holders(state)
    assert [cid for cid, _ in holders] == ["warlord"]
    assert len(holders[0][1]) == 3  # RB-VILLAIN-01: three villain actions
    leader = state.creatures["warlord"]
    plain = state.with_creature(attrs.evolve(leader, abilities=()))
    assert ability_deeds._holders(plain) == ()
    assert ability_deeds._holders(state) == holders
    assert ability_deeds._holders(state) == holders
    copied = state.with_creature(attrs.evolve(leader, abilities=(*leader.abilities,)))
    assert ability_deeds._holders(copied) == holders  # an equal block: the same villain actions
    # between turns the Director's deed asks the line-up kept too
    between = next(
        s
        for s in fight_states("warband", 1, 4)
        if isinstance(s.turn, DrawSteelTurn) and s.turn.current is None and director_deed(s) is not None
    )
    deed = director_deed(between)
    leader = between.creatures["warlord"]
    kept = tuple(a for a in leader.abilities if a.action_type != "villain action")
    plain = between.with_creature(attrs.evolve(leader, abilities=kept))
    assert director_deed(plain) is None
    assert director_deed(between) == deed
    assert isinstance(deed, UseAbility)
    assert deed.ability in {a.name for a in holders[0][1]}


@pytest.mark.parametrize("name", ["warband", "four_vs_six.toml", "four_vs_six_abilities.toml"])
def test_the_directors_malice_choice_checks_features_in_order_as_listing_them_all(name: str) -> None:
    """RB-MALICE-04..07, RB-SOLO-04, R-DIR-2: as a Director creature's turn starts, and with
    every amount of Malice from 0 to 12, the Director's choice made by checking the features in
    the order it prefers them is its choice among all the features offered."""
    seen = {"chosen": 0, "none": 0}
    for state in fight_states(name, 2, 4):
        t = state.turn
        if not isinstance(t, DrawSteelTurn) or t.current is None:
            continue
        for malice in range(13):
            s = state.with_turn(replaced(t, malice=malice))
            expected = pick_director(s, malice_deeds(s, t.current))
            assert director_deed(s) == expected
            seen["chosen" if expected is not None else "none"] += 1
    assert min(seen.values()) > 10, seen


def test_the_malice_moment_kept_for_the_last_state_is_the_moment_worked_out() -> None:
    """RB-MALICE-04, R-DIR-2, DS-STAM-09: the moment for a Malice feature, kept for the last state
    and creature asked about, is the one worked out, asked state by state of a fight for each
    creature in turn (the turn's creature, another, the same again), and with the turn's
    economy past its start."""
    seen: Counter[str] = Counter()
    for state in fight_states("four_vs_six.toml", 2, 3):
        t = state.turn
        if not isinstance(t, DrawSteelTurn):
            continue
        spent = (
            [state.with_turn(replaced(t, economy=spend(FRESH, ActionKind.MANEUVER, 5)))] if t.current else []
        )
        for s in [state, *spent]:
            for cid in [*(c for c in [t.current] if c), *s.order, *s.order]:
                expected = malice_rules._moment_worked_out(s, cid)
                assert malice_rules._moment_closed(s, cid) == expected
                assert malice_rules.malice_moment_open(s, cid) == (expected is None)
                seen["open" if expected is None else expected[0]] += 1
    assert len(seen) >= 5, seen
    assert seen["open"] > 3, seen


def test_a_free_strikes_draft_is_the_record_its_fields_make() -> None:
    """DS-ACT-19: the Free Strikes and their TakeAction offered to a policy, built as draft copies,
    equal and hash as the records built field by field."""
    state = next(s for s in fight_states("four_vs_six.toml", 1, 2) if Options(s).first_melee_free_strike())
    offered = Options(state).first_melee_free_strike()
    assert isinstance(offered, TakeAction)
    strike = offered.action
    assert isinstance(strike, FreeStrike)
    built = TakeAction("main", FreeStrike(strike.attacker, strike.target))
    assert offered == built
    assert hash(offered) == hash(built)
    assert repr(offered) == repr(built)
    melee = [
        a
        for a in brawl.legal_actions(state)
        if isinstance(a, TakeAction) and isinstance(a.action, FreeStrike) and not a.action.ranged
    ]
    assert Options(state).melee_free_strikes() == melee


def test_a_spent_main_action_read_from_the_economy_is_the_turns_refusal() -> None:
    """DS-TURN-01, DS-TURN-03, RB-CRIT-03: on a creature's turn, when its economy's main action is
    spent and it holds no critical hit's extra main action, the turn refuses it a main action,
    and the policy then looks for no Free Strike: state by state of fights with and without
    abilities, and of a squad's fight."""
    seen = {"spent": 0, "open": 0}
    for name in ("four_vs_six.toml", "four_vs_six_abilities.toml", "warband"):
        for state in fight_states(name, 1, 4):
            t = state.turn
            if not isinstance(t, DrawSteelTurn) or t.current is None:
                continue
            spent = _main_spent(t, t.current)
            if spent:
                assert not may_act(state, t.current, "main")
                assert Options(state).first_melee_free_strike() is None
            seen["spent" if spent else "open"] += 1
    assert min(seen.values()) > 20, seen
