"""The turn flow's shortcuts on the path of every request give what the general code gives.

A ``StartTurn`` or ``EndTurn`` with no option under Draw Steel runs the system's start or end at
once (no look-up of the system, no reading of the options); the start checks accept at once a
creature of the side or group to act; the settle pass lets an outcome whose events neither it
nor the class triggers read go as it is. Each against the long way: the fights replayed with
the shortcut turned off, or the answer compared with an independent one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import brawl
from brawl.actions import EndRound, EndTurn, StartTurn, apply
from brawl.conditions import ConditionName
from brawl.events.actions import Charged, EffectStarted, HealGiven, Struck
from brawl.events.base import DiceRolled, Event
from brawl.events.conditions import ConditionGained
from brawl.events.damage import Died, KnockedOut
from brawl.events.dice import PowerRolled
from brawl.rules import settle
from brawl.rules.conditions import GROUNDING, impose_condition
from brawl.rules.persistent import MOVEMENT_EVENTS
from brawl.rules.resources import TRIGGER_EVENTS
from brawl.rules.stamina import BLEEDING_PURPOSE
from brawl.state import Encounter
from brawl.turns import records
from brawl.turns.drawsteel_turn import DrawSteelTurn, actors
from brawl.turns.economy import FRESH, ActionKind, TurnEconomy, refusal

Replayed = Callable[..., tuple[str, list[Encounter]]]
"""The ``replayed`` fixture (tests/conftest.py): a seeded greedy fight's digest and states."""
BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
FIGHTS = [
    (BENCH / "four_vs_six.toml", 1, "drawsteel"),
    (BENCH / "four_vs_six.toml", 6, "drawsteel-agility"),
    (BENCH / "four_vs_six_abilities.toml", 2, "drawsteel"),
]


class _NoTurn:
    """A class no turn state is: the requests' check of Draw Steel's bookkeeping never holds."""


@pytest.mark.parametrize(("path", "seed", "system"), FIGHTS)
def test_fights_are_the_same_with_turns_started_and_ended_through_the_system(
    replayed: Replayed, path: Path, seed: int, system: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DS-SIDE-07..12, DS-SIDE-14, RB5-SOLO, RB2-EOT: a turn started or ended through the turn
    system found for the state, with the request's options read, gives the same fights, event
    for event and state for state, as the system's start and end called at once."""
    fast, _ = replayed(path, seed, system)
    monkeypatch.setattr(records, "DrawSteelTurn", _NoTurn)
    assert replayed(path, seed, system)[0] == fast


@pytest.mark.parametrize(("path", "seed", "system"), FIGHTS)
def test_a_creature_may_start_its_turn_exactly_when_it_is_among_the_actors(
    replayed: Replayed, path: Path, seed: int, system: str
) -> None:
    """DS-SIDE-08..12, DS-SIDE-14, DS-SIDE-17, RB5-SOLO, RB-SUMMON-01: at every state of a fight
    with no turn running, each creature may start its turn (``can``, the start checks) exactly
    when it is one of the creatures the turn order says may act now (``actors``); with a turn
    running, none may."""
    _, states = replayed(path, seed, system)
    accepted = refused = 0
    for state in states:
        t = state.turn
        if not isinstance(t, DrawSteelTurn):
            continue
        side, members = actors(state, t)
        may = {m.id for m in members} if t.current is None and side is not None else set()
        for cid in state.order:
            assert brawl.actions.can(state, StartTurn(cid)) == (cid in may), (cid, may)
            accepted += cid in may
            refused += cid not in may
    assert accepted > 40
    assert refused > 200


class _NothingKnown(set[type]):
    """A set of event classes that never learns one: the settle pass reads every event."""

    def add(self, element: type) -> None:
        pass


@pytest.mark.parametrize(("path", "seed", "system"), FIGHTS)
def test_fights_are_the_same_with_every_outcome_read_by_both_settle_passes(
    replayed: Replayed, path: Path, seed: int, system: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RB1-BLEEDING, DS-MOUNT-09, DS-MTYPE-25, R-AREA-10, RB-HR-09..17: the settle pass and the
    class triggers reading every outcome give the same fights as the pass that lets an outcome
    of classes neither reads go as it is."""
    fast, _ = replayed(path, seed, system)
    monkeypatch.setattr(settle, "_QUIET", _NothingKnown())
    monkeypatch.setattr(settle, "IDLE_EVENTS", _NothingKnown())
    assert replayed(path, seed, system)[0] == fast


def test_the_idle_events_are_read_by_neither_pass(replayed: Replayed) -> None:
    """RB1-BLEEDING, RB-HR-09..17: after fights, every class the settle pass lets go as it is
    is one it does not watch and one no class trigger reads; the turn's own events are among
    them."""
    for path, seed, system in FIGHTS:
        replayed(path, seed, system)
    idle = set(settle.IDLE_EVENTS)
    assert idle <= settle._QUIET
    assert idle.isdisjoint(TRIGGER_EVENTS)
    names = {cls.__name__ for cls in idle}
    assert {"TurnStarted", "TurnEnded", "RoundStarted", "RoundEnded"} <= names
    assert not {"Struck", "Died", "PowerRolled", "Damaged", "ConditionGained"} & names


def _read_one_by_one(
    events: tuple[Event, ...],
) -> tuple[dict[str, None], dict[str, None], list[Event], list[str]]:
    """What the settle pass reads of ``events`` as first written: each event asked its class,
    in the pass's order of kinds, one after another."""
    owed: dict[str, None] = {}
    grounded: dict[str, None] = {}
    moved: list[Event] = []
    deaths: list[str] = []
    for e in events:
        if isinstance(e, MOVEMENT_EVENTS):
            moved.append(e)
        elif isinstance(e, DiceRolled):
            if e.purpose == BLEEDING_PURPOSE and e.creature is not None:
                owed.pop(e.creature, None)
        elif isinstance(e, ConditionGained):
            if e.condition.name is ConditionName.BLEEDING:
                owed.pop(e.creature, None)
            elif e.condition.name in GROUNDING:
                grounded[e.creature] = None
        elif isinstance(e, PowerRolled):
            if e.uses in ("might", "agility") and e.creature is not None:
                owed[e.creature] = None
        elif isinstance(e, Struck):
            owed[e.attacker] = None
        elif isinstance(e, Charged):
            owed[e.creature] = None
        elif isinstance(e, EffectStarted):
            if e.effect == "defending":
                owed[e.creature] = None
        elif isinstance(e, HealGiven):
            owed[e.healer] = None
        elif isinstance(e, KnockedOut):
            grounded[e.creature] = None
        elif isinstance(e, Died):
            deaths.append(e.creature)
    return owed, grounded, moved, deaths


def test_the_settle_pass_reads_each_outcome_as_one_by_one() -> None:
    """RB1-BLEEDING, DS-MOUNT-09, DS-MTYPE-25, R-AREA-10: the creatures owed a bleeding loss,
    those to ground, the moves and the deaths the pass reads of an outcome's events by their
    plan (worked out once per sequence of classes) are those of asking each event its class,
    on every outcome of fights and on runs of several outcomes' events joined."""
    outcomes: list[tuple[Event, ...]] = []
    for path, seed, system in FIGHTS:
        start = brawl.load_scenario(path).with_rng(brawl.Rng(seed))
        if system != "drawsteel":
            start = apply(start, brawl.actions.StartCombat(system=system, first_side="heroes")).state
        state = start
        for action in brawl.play(start).actions:
            out = apply(state, action)
            outcomes.append(out.events)
            state = out.state
    joined = [sum(outcomes[i : i + 7], ()) for i in range(0, len(outcomes), 5)]
    kinds: set[str] = set()
    for events in outcomes + joined:
        owed: dict[str, None] = {}
        grounded: dict[str, None] = {}
        moved: list[Event] = []
        deaths: list[str] = []
        died = settle._scan(events, owed, grounded, moved, deaths)
        expected = _read_one_by_one(events)
        assert (list(owed), list(grounded), moved, deaths) == tuple(list(x) for x in expected)
        assert died == bool(deaths)
        kinds |= {type(e).__name__ for e in events}
    assert {"PowerRolled", "Struck", "Moved", "Died", "ConditionGained", "DiceRolled"} <= kinds


@pytest.mark.parametrize(("path", "seed", "system"), FIGHTS[::2])
def test_nothing_spent_is_refused_as_a_fresh_economy_built_anew(
    replayed: Replayed, path: Path, seed: int, system: str
) -> None:
    """DS-TURN-01..09, RB1-DAZED, RB-SQUAD-13, DS-COND-04: the economy of a turn just started
    (the shared ``FRESH``) is refused each kind of action exactly as an economy built anew with
    nothing spent, for every creature of the states of a fight, dazed or not, with its triggered
    action used or not, holding an extra main action or not."""
    _, states = replayed(path, seed, system)
    asked = 0
    for state in states[::4]:
        for cid in state.order:
            c = state.creatures[cid]
            if c.dead:
                continue
            dazed = impose_condition(state, cid, "dazed").state
            for s in (state, dazed):
                for kind in ActionKind:
                    for used in (False, True):
                        for extra in (False, True):
                            fresh = refusal(s, s.creatures[cid], kind, FRESH, used, extra)
                            anew = refusal(s, s.creatures[cid], kind, TurnEconomy(), used, extra)
                            assert fresh == anew, (cid, kind, used, extra)
                            asked += 1
    assert asked > 1000


class _Called(Exception):
    """The options path of a request's ``resolve`` was taken."""


@pytest.mark.parametrize(
    "request_",
    [
        StartTurn("x"),
        StartTurn("x", pray=True),
        StartTurn("x", token_stamina=("x",)),
        StartTurn("x", sprint=True),
        StartTurn("x", reserve=("x",)),
        StartTurn("x", together=()),
        EndTurn(),
        EndTurn(saving_throws=(3,)),
        EndTurn(named_saving_throws=(None,)),
        EndTurn(token_stamina=("x",)),
        EndRound(),
        EndRound(opener="heroes"),
        EndRound(suffocation_rolls={"x": 2}),
        EndRound(breathes_water=()),
    ],
    ids=repr,
)
def test_a_request_takes_the_options_path_exactly_when_it_has_options(
    request_: StartTurn | EndTurn | EndRound, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DS-SIDE-08, DS-SIDE-11: ``resolve`` of a turn request passes its options to the system
    (the options path) exactly when ``options()`` finds some, whatever the state."""

    def spy(*args: object, **kwargs: object) -> None:
        raise _Called

    monkeypatch.setattr(records, "call", spy)
    state = brawl.load_scenario(BENCH / "four_vs_six.toml")
    state = apply(state, brawl.actions.StartCombat(first_side="heroes")).state
    took_options = False
    try:
        request_.resolve(state)
    except _Called:
        took_options = True
    except brawl.RulesError:
        pass
    assert took_options == bool(request_.options())
