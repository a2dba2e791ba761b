"""Encounter simulation: simple policies play many seeded fights, and a summary of the results.

A policy picks one of :func:`brawl.legal_actions`; :func:`play` runs one fight under the Draw
Steel turn system until one side can no longer act or a round limit is reached;
:func:`simulate` plays many fights with different RNG seeds and summarises who won, how long
it took and who survived. Useful for balancing encounters; every fight is replayable from its
action log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

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
from brawl.geometry import Pos, distance
from brawl.outcome import Outcome
from brawl.rng import Rng
from brawl.state import Encounter
from brawl.turns.deeds import legal_moves
from brawl.turns.drawsteel_deeds import free_strikes
from brawl.turns.drawsteel_turn import DrawSteelTurn
from brawl.turns.records import verified

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
    return tuple(dict.fromkeys(c.side for c in state.creature_list() if can_fight(c)))


class Options(Sequence[Action]):
    """The legal actions of a state (:func:`brawl.legal_actions`), worked out only as far as asked.

    As a sequence it is the whole list, built the first time it is read. A policy that needs
    only some kinds asks for them: :meth:`melee_free_strikes`, :meth:`moves` and :meth:`first`
    give what filtering the whole list would, but on a Draw Steel creature's turn they check only
    those records (its moves are :func:`brawl.legal_moves`' destinations, with no path built;
    its Free Strikes are checked as :func:`brawl.legal_actions` checks them). ``Options(state,
    actions)`` wraps a list already built.
    """

    def __init__(self, state: Encounter, actions: Sequence[Action] | None = None) -> None:
        self._state = state
        self._all: list[Action] | None = None if actions is None else list(actions)
        turn = state.turn
        current = turn.current if isinstance(turn, DrawSteelTurn) else None
        self._acting = current if actions is None and current is not None else None

    def _list(self) -> list[Action]:
        if self._all is None:
            self._all = legal_actions(self._state)
        return self._all

    def __len__(self) -> int:
        return len(self._list())

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        return self._list()[i]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def melee_free_strikes(self) -> list[Action]:
        """The melee Free Strikes among the options, in their order."""
        if self._all is None and self._acting is not None:
            return free_strikes(self._state, self._acting)
        return [
            a
            for a in self._list()
            if isinstance(a, TakeAction) and isinstance(a.action, FreeStrike) and not a.action.ranged
        ]

    def moves(self) -> list[Advance | AdvanceTo]:
        """The moves among the options (:class:`AdvanceTo`, :class:`Advance`), in their order."""
        if self._all is None and self._acting is not None:
            return [AdvanceTo(self._acting, p) for p in self.destinations()]
        return [a for a in self._list() if isinstance(a, Advance | AdvanceTo)]

    def destinations(self) -> list[Pos]:
        """Where the moves among the options end, in their order, without building the moves."""
        if self._all is None and self._acting is not None:
            cid = self._acting
            return [] if self._state.creature(cid).dead else list(legal_moves(self._state, cid))
        return [a.destination for a in self.moves()]

    def move_to(self, destination: Pos) -> Advance | AdvanceTo:
        """The first move among the options that ends on ``destination`` (one of :meth:`destinations`)."""
        if self._all is None and self._acting is not None:
            return AdvanceTo(self._acting, destination)
        return next(a for a in self.moves() if a.destination == destination)

    def first(self, kind: type[Action]) -> Action | None:
        """The first option of this type (:class:`EndTurn`, :class:`StartTurn`, :class:`EndRound`...)."""
        if self._all is None and self._acting is not None and kind in _TURN_FLOW:
            # on a creature's Draw Steel turn the list is its deeds, then ending the turn
            end = EndTurn()
            return end if kind is EndTurn and verified(end, self._state) else None
        return next((a for a in self._list() if isinstance(a, kind)), None)


_TURN_FLOW = (EndTurn, StartTurn, EndRound)


def distance_to_nearest(pos: Pos, n: int, foes: Sequence[Creature]) -> int:
    """The distance (:func:`brawl.distance`) from an n-cube at ``pos`` to the nearest of ``foes``."""
    return min(distance(pos, n, f.pos, f.n) for f in foes)


def _closing_in(me: Creature, foes: Sequence[Creature]) -> Callable[[Pos], tuple[int, int]]:
    """The greedy policy's rank of a destination: the distance to the nearest foe from there, then
    the squares from where ``me`` stands. The distance from an n-cube at ``e`` to a foe's space is
    the largest of its gaps along the axes, each ``max(0, lo - e, e - hi)`` with ``lo = f - n + 1``,
    ``hi = f + f.n - 1`` (:func:`brawl.distance`); all six bounds are taken at once."""
    n = me.n
    x0, y0, z0 = me.pos
    boxes = [
        (
            f.pos.x - n + 1,
            f.pos.x + f.n - 1,
            f.pos.y - n + 1,
            f.pos.y + f.n - 1,
            f.pos.z - n + 1,
            f.pos.z + f.n - 1,
        )
        for f in foes
    ]

    def rank(p: Pos) -> tuple[int, int]:
        x, y, z = p
        near = min(max(0, lx - x, x - hx, ly - y, y - hy, lz - z, z - hz) for lx, hx, ly, hy, lz, hz in boxes)
        return near, max(abs(x - x0), abs(y - y0), abs(z - z0))

    return rank


def greedy(state: Encounter, options: Sequence[Action]) -> Action:
    """Strike an adjacent enemy if possible, else step closer to the nearest enemy, else end the turn.

    Between turns it starts the first turn offered, or ends the round. Given :class:`Options`, it
    asks only for the kinds it weighs; given a list, it picks from the list the same action.
    """
    view = options if isinstance(options, Options) else Options(state, options)
    strikes = view.melee_free_strikes()
    if strikes:
        return strikes[0]
    current = getattr(state.turn, "current", None)
    if current is not None:
        ends = view.destinations()
        me = state.creature(current)
        foes = [c for c in state.living() if c.side != me.side and can_fight(c)]
        if ends and foes:
            best = min(ends, key=_closing_in(me, foes))
            if distance_to_nearest(best, me.n, foes) < distance_to_nearest(me.pos, me.n, foes):
                return view.move_to(best)
    for kind in _TURN_FLOW:
        found = view.first(kind)
        if found is not None:
            return found
    return view[0]


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
        start = StartCombat(first_side=first_side)
        state = apply(state, start).state
        log.append(start)
    steps = 0
    while len(standing_sides(state)) > 1 and state.round <= max_rounds and steps < max_steps:
        action = policy(state, Options(state))
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
            if can_fight(c):
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
