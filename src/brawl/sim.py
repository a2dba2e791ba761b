"""Encounter simulation: simple policies play many seeded fights, and a summary of the results.

A policy picks one of :func:`brawl.legal_actions`; :func:`play` runs one fight under the Draw
Steel turn system until one side can no longer act or a round limit is reached;
:func:`simulate` plays many fights with different RNG seeds and summarises who won, how long
it took and who survived. Useful for balancing encounters; every fight is replayable from its
action log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import immutables

from brawl.actions import (
    Action,
    Advance,
    AdvanceTo,
    EndRound,
    EndTurn,
    FreeStrike,
    StartCombat,
    StartTurn,
    TakeAction,
    apply,
    legal_actions,
    replay,
)
from brawl.checks import whole_number
from brawl.conditions import ConditionName
from brawl.creature import Creature
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.rng import Rng
from brawl.state import Encounter
from brawl.turns.ability_deeds import pick_ability
from brawl.zone.policy import fighting, standing_factions, zone_greedy, zone_start

Policy = Callable[[Encounter, Sequence[Action]], Action]
"""Chooses one of the legal actions for the state."""

MAX_RUNS = 10_000
MAX_ROUNDS = 1_000
MAX_SEED = 2**63


def can_fight(c: Creature) -> bool:
    """Alive and not unconscious: still able to act in the fight."""
    return not c.dead and not c.has(ConditionName.UNCONSCIOUS)


def standing_sides(state: Encounter) -> tuple[str, ...]:
    """The sides that still have a creature able to act, in the encounter's order."""
    if state.zone is not None:
        return standing_factions(state)  # the zone game: its own health and surrender
    return tuple(dict.fromkeys(c.side for c in state.creature_list() if can_fight(c)))


def greedy(state: Encounter, options: Sequence[Action]) -> Action:
    """Strike an adjacent enemy if possible, else step closer to the nearest enemy, else end the turn.

    Between turns it starts the first turn offered, or ends the round. A zone fight is played by
    :func:`brawl.zone.legal.zone_greedy`. An ability with a power roll that reaches enemies (and no
    ally) comes before any strike (:func:`pick_ability`).
    """
    if state.zone is not None:
        return zone_greedy(state, options)
    ability = pick_ability(state, list(options))
    if ability is not None:
        return ability
    strikes = [
        a
        for a in options
        if isinstance(a, TakeAction) and isinstance(a.action, FreeStrike) and not a.action.ranged
    ]
    if strikes:
        return strikes[0]
    current = getattr(state.turn, "current", None)
    moves = [a for a in options if isinstance(a, Advance | AdvanceTo)]
    if current is not None and moves:
        me = state.creature(current)
        foes = [c for c in state.living() if c.side != me.side and can_fight(c)]
        if foes:

            def gap(a: Advance | AdvanceTo) -> tuple[int, int]:
                end = a.destination
                return (min(distance(end, me.n, f.pos, f.n) for f in foes), distance(me.pos, 1, end, 1))

            best = min(moves, key=gap)
            if gap(best)[0] < min(distance(me.pos, me.n, f.pos, f.n) for f in foes):
                return best
    for kind in (EndTurn, StartTurn, EndRound):
        for a in options:
            if isinstance(a, kind):
                return a
    return options[0]


@attrs.frozen
class Fight:
    """One simulated fight: the final state, its action log and the winning side (None: no winner)."""

    state: Encounter
    actions: tuple[Action, ...]
    winner: str | None
    rounds: int
    """Rounds completed: each round that ended, and the round in which one side was left standing
    (the fight ends with it). A round that has begun but not ended when the round or step limit
    stops the fight is not counted."""


def play(
    state: Encounter,
    *,
    policy: Policy = greedy,
    max_rounds: int = 20,
    first_side: str = "heroes",
    max_steps: int = 10_000,
) -> Fight:
    """Play one fight with ``policy`` until one side stands alone or ``max_rounds`` rounds pass."""
    whole_number(max_rounds, 1, MAX_ROUNDS, what="max_rounds")
    log: list[Action] = []
    if state.turn is None:
        start = StartCombat(first_side=first_side) if state.zone is None else zone_start(state, first_side)
        state = apply(state, start).state
        log.append(start)
    steps = 0
    while len(standing_sides(state)) > 1 and state.round <= max_rounds and steps < max_steps:
        action = policy(state, legal_actions(state))
        state = apply(state, action).state
        log.append(action)
        steps += 1
    sides = standing_sides(state)
    winner = sides[0] if len(sides) == 1 else None
    return Fight(state, tuple(log), winner, rounds_completed(log, decided=winner is not None))


def rounds_completed(log: Sequence[Action], *, decided: bool) -> int:
    """Rounds a fight's action log completed: each ended round, plus the deciding round if a side won."""
    ended = sum(isinstance(a, EndRound) for a in log)
    unfinished = bool(log) and not isinstance(log[-1], EndRound)
    return ended + (1 if decided and unfinished else 0)


@attrs.frozen
class Summary:
    """What many seeded fights came to."""

    runs: int
    """Fights played."""
    wins: immutables.Map[str, int]
    """Fights won by each side (standing alone at the end)."""
    undecided: int
    """Fights still undecided after the round limit."""
    mean_rounds: float
    """Average number of rounds completed per fight (:attr:`Fight.rounds`)."""
    survival: tuple[tuple[str, float], ...]
    """For each creature, in the encounter's order, the share of fights it ended alive and conscious."""

    def explain(self) -> str:
        """A few readable lines."""
        wins = ", ".join(f"{side} {n}" for side, n in sorted(self.wins.items()))
        head = f"{self.runs} fights: wins {wins}; undecided {self.undecided}"
        lines = [f"{head}; {self.mean_rounds:.1f} rounds on average"]
        lines += [f"  {cid}: survives {share:.0%}" for cid, share in self.survival]
        return "\n".join(lines)


def simulate(
    state: Encounter,
    *,
    runs: int = 100,
    seed: int = 0,
    policy: Policy = greedy,
    max_rounds: int = 20,
) -> Summary:
    """Play ``runs`` fights from ``state``, each with its own RNG seed (``seed``, ``seed + 1``, ...)."""
    whole_number(runs, 1, MAX_RUNS, what="runs")
    whole_number(seed, 0, MAX_SEED, what="seed")
    wins: dict[str, int] = {}
    alive = dict.fromkeys(state.order, 0)
    undecided = 0
    rounds = 0
    for i in range(runs):
        fight = play(state.with_rng(Rng(seed + i)), policy=policy, max_rounds=max_rounds)
        rounds += fight.rounds
        if fight.winner is None:
            undecided += 1
        else:
            wins[fight.winner] = wins.get(fight.winner, 0) + 1
        for c in fight.state.creature_list():
            if fighting(fight.state, c.id) if fight.state.zone is not None else can_fight(c):
                alive[c.id] += 1
    return Summary(
        runs=runs,
        wins=immutables.Map(wins),
        undecided=undecided,
        mean_rounds=rounds / runs,
        survival=tuple((cid, n / runs) for cid, n in alive.items()),
    )


def replay_fight(start: Encounter, fight: Fight) -> Outcome:
    """Replay a fight's action log from its start; ends in ``fight.state``."""
    return replay(start, fight.actions)
