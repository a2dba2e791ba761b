"""Encounter simulation: a policy plays many seeded fights, and a summary of the results.

A policy (:mod:`brawl.policy`: ``tactical`` by default, ``greedy``, ``random``, or your own
callable) picks one of :func:`brawl.legal_actions`; :func:`play` runs one fight under the Draw
Steel turn system until it ends (:data:`ENDINGS`: one side stands alone, no side can reach
another, or the round limit, a safety bound, is reached); :func:`simulate` plays many fights with
different RNG seeds and summarises who won, how the fights ended, how long they took and who
survived. Useful for balancing encounters; every fight is replayable from its action log.

A policy is given :class:`~brawl.policy.Options`: the legal actions as a sequence, built only when
read, with shortcuts to the kinds a policy weighs, so a fight checks only what its policy looks
at. :func:`simulate` plays serially, in processes (``workers=``) or on any
:class:`concurrent.futures.Executor` (``executor=``: a Dask cluster, an adapter over Ray); the
summary is the same for the same seed. Its processes start afresh (``forkserver`` where the
platform offers it, else ``spawn``; never a ``fork`` of a process whose threads run): the
encounter, the policy and what was registered at run time (policies, games, turn systems) go to
them by value.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any, Protocol

import attrs

from brawl.actions import Action, EndRound, StartCombat, apply, replay
from brawl.checks import whole_number
from brawl.creature import Creature, MovementType
from brawl.errors import ArgumentTypeError, InvalidArgumentError, RulesError
from brawl.geometry import Pos, cube, distance
from brawl.outcome import Outcome
from brawl.policy import (
    DEFAULT_POLICY,
    POLICIES,
    Options,
    Policy,
    alone_on_map,
    can_fight,
    greedy,
    policy_named,
    seeded,
    tactical,
    threat,
)
from brawl.policy.options import distance_to_nearest, nearest_end
from brawl.rng import Rng
from brawl.rules.reachable import reachable
from brawl.rules.steps import MAX_BUDGET
from brawl.rules.strikes import RANGED_DISTANCE
from brawl.simpool import Job, checked_start_method, in_processes
from brawl.state import Encounter
from brawl.zone import world
from brawl.zone.policy import fighting, standing_factions, zone_start

MAX_RUNS = 10_000
MAX_ROUNDS = 1_000
MAX_SEED = 2**63

DEFEATED = "defeated"
"""A fight's ending: one side stands alone, every creature of the others down."""
SURRENDERED = "surrendered or retreated"
"""A fight's ending: one side stands alone, the others' last creatures gave up (the zone game's
morale and surrender, Z-MORALE-02, Z-SURR-01)."""
STALEMATE = "stalemate: no path"
"""A fight's ending: no creature of one side can ever come within reach of a creature of another
(:func:`stalemate`). Undecided: no side won."""
ROUND_CAP = "round cap"
"""A fight's ending: the round limit, a safety bound, was reached. Undecided."""
STEP_CAP = "step cap"
"""A fight's ending: the step limit, a safety bound, was reached. Undecided."""
ALL_DOWN = "every side down"
"""A fight's ending: no side has a creature left standing. Undecided."""
ENDINGS = (DEFEATED, SURRENDERED, STALEMATE, ROUND_CAP, STEP_CAP, ALL_DOWN)
"""Every way a fight ends, in the order a summary lists them."""


def standing_sides(state: Encounter) -> tuple[str, ...]:
    """The sides that still have a creature able to act, in the encounter's order."""
    if world(state) is not None:
        return standing_factions(state)  # the zone game: its own health and surrender
    return tuple(dict.fromkeys(c.side for c in state.creature_list() if can_fight(c)))


def _contested(state: Encounter) -> bool:
    """Whether more than one side still stands (:func:`standing_sides`), stopping at the second."""
    if world(state) is not None:
        return len(standing_factions(state)) > 1
    return _rivals(state) is not None


_UNSET = object()
"""No creature: the rivals of a fight not yet looked for (:func:`play`)."""


def _below(limit: Any) -> Iterator[int]:
    """0, 1, 2, ... while less than ``limit``: :func:`play`'s steps for a limit not an int."""
    n = 0
    while n < limit:
        yield n
        n += 1


def _rivals(state: Encounter) -> tuple[Creature, Creature] | None:
    """Of a grid fight, the first creature able to act (:func:`can_fight`) and the first after it
    of another side, or None when no two sides stand (:func:`standing_sides`)."""
    first: Creature | None = None
    for c in state.creature_list():
        if (first is None or c.side != first.side) and can_fight(c):
            if first is not None:
                return first, c
            first = c
    return None


_MODES = (
    (MovementType.CLIMB, "climb"),
    (MovementType.SWIM, "swim"),
    (MovementType.FLY, "fly"),
    (MovementType.BURROW, "burrow"),
)
"""The movement types whose own searches a creature may add to walking (DS-MTYPE-01)."""


_REACHED: dict[tuple[int, int, Pos, int, frozenset[MovementType]], tuple[object, object, frozenset[Pos]]] = {}
""":func:`_ever_reached` by the terrain, the objects and the creature's space and movement (kept with
them, so that their ids are not reused)."""


def _ever_reached(state: Encounter, c: Creature) -> frozenset[Pos]:
    """Every square the creature's space could take, moving as far as it likes alone on the map:
    walking and each movement type of its speed entry; the other creatures left out, as they may
    move aside."""
    key = (id(state.terrain), id(state.objects), c.pos, c.n, c.movement)
    found = _REACHED.get(key)
    if found is not None and found[0] is state.terrain and found[1] is state.objects:
        return found[2]
    alone = alone_on_map(state, c.id)
    t = state.terrain
    budget = min(MAX_BUDGET, t.width * t.depth * (t.height + t.below))
    modes = ["advance", *(mode for kind, mode in _MODES if kind in c.movement)]
    cells: set[Pos] = set(cube(c.pos, c.n))
    for mode in modes:
        try:
            reached = reachable(alone, c.id, budget=budget, mode=mode, ignore_speed=True)  # type: ignore[arg-type]
        except RulesError:
            continue
        for p in reached:
            cells.update(cube(p, c.n))
    if len(_REACHED) >= 256:
        _REACHED.clear()
    _REACHED[key] = (state.terrain, state.objects, frozenset(cells))
    return _REACHED[key][2]


def _grown(cells: Iterable[Pos], r: int, within: tuple[Pos, Pos]) -> set[Pos]:
    """The squares within distance ``r`` of ``cells`` (a cube around each: one axis at a time),
    kept inside the box ``within`` (its low and high corners)."""
    lo, hi = within
    out = set(cells)
    for axis in range(3):
        grown: set[Pos] = set()
        for p in out:
            for d in range(-r, r + 1):
                q = list(p)
                q[axis] += d
                if lo[axis] <= q[axis] <= hi[axis]:
                    grown.add(Pos(*q))
        out = grown
    return out


def _within(standing: Sequence[Creature], reach: int) -> bool:
    """Whether two of ``standing`` of different sides are ``reach`` squares apart or nearer."""
    for i, c in enumerate(standing):
        for d in standing[i + 1 :]:
            if c.side != d.side and distance(c.pos, c.n, d.pos, d.n) <= reach:
                return True
    return False


def stalemate(state: Encounter) -> bool:
    """Whether the fight can no longer come to blows: no creature still standing can ever come
    within reach of a standing enemy, each moving as far as it likes (:func:`_ever_reached`) and
    reaching as far as its longest attack (a ranged Free Strike's 5 squares at least,
    :func:`brawl.policy.threat`); line of effect is not asked, so a wall with no way around counts
    as no wall. Not in the zone game (its own surrender and morale end its fights)."""
    if world(state) is not None:
        return False
    standing = [c for c in state.creature_list() if can_fight(c)]
    # a threat is a ranged Free Strike's 5 squares at least: two of different sides that near are
    # within reach, whatever the others' attacks (the usual case, asked before any threat)
    if _within(standing, RANGED_DISTANCE):
        return False
    reach = max((threat(c) for c in standing), default=0)
    if reach > RANGED_DISTANCE and _within(standing, reach):
        return False  # within reach already
    return _out_of_reach(state, standing, reach)


def _out_of_reach(state: Encounter, standing: Sequence[Creature], reach: int) -> bool:
    """Of :func:`stalemate`, with no two enemies within ``reach``: whether no side could ever come
    within it of another, each creature moving as far as it likes."""
    sides: dict[str, set[Pos]] = {}
    for c in standing:
        sides.setdefault(c.side, set()).update(_ever_reached(state, c))
    names = list(sides)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            theirs = sides[b]
            lo = Pos(*(min(p[k] for p in theirs) for k in range(3)))
            hi = Pos(*(max(p[k] for p in theirs) for k in range(3)))
            if not _grown(sides[a], reach, (lo, hi)).isdisjoint(theirs):
                return False
    return len(names) > 1


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
    ending: str = DEFEATED
    """How it ended: one of :data:`ENDINGS`."""


def play(
    state: Encounter,
    *,
    policy: Policy = tactical,
    max_rounds: int = 20,
    first_side: str = "heroes",
    max_steps: int = 10_000,
    seed: int | None = None,
) -> Fight:
    """Play one fight with ``policy`` until it ends (:data:`ENDINGS`): one side stands alone, no
    side can reach another (:func:`stalemate`, asked at the end of each round), or ``max_rounds``
    rounds pass (a safety bound: the fight is undecided).

    ``seed``: the fight's RNG seed (the state's RNG replaced by ``Rng(seed)``), also given to a
    policy that draws its own (:func:`brawl.policy.seeded`): the same seed, the same fight.
    The default policy is :func:`~brawl.policy.tactical`, as in :func:`simulate`, the CLI and
    the server; the project's measurements and pinned fights pass ``policy=greedy``.
    """
    whole_number(max_rounds, 1, MAX_ROUNDS, what="max_rounds")
    if not callable(policy):
        raise ArgumentTypeError(f"play(policy={policy!r:.60}): a policy, a callable", rule=())
    if seed is not None:
        whole_number(seed, 0, MAX_SEED, what="seed")
        state = state.with_rng(Rng(seed))
        policy = seeded(policy, seed)
    log: list[Action] = []
    if state.turn is None:
        start = StartCombat(first_side=first_side) if world(state) is None else zone_start(state, first_side)
        state = apply(state, start).state
        log.append(start)
    games = None  # the games map last asked for the zone game: while it stays, so does the answer
    zone = False
    counted = None  # the creatures whose sides were last counted: while they stay, so does the answer
    # two creatures of different sides that could fight: while the map keeps their records, or
    # records that still can fight, more than one side stands without a count
    one: object = _UNSET
    two: object = _UNSET
    one_id = two_id = ""
    append = log.append
    ending = ROUND_CAP
    for _ in range(max_steps) if type(max_steps) is int else _below(max_steps):
        if state.round > max_rounds:
            break
        if state.games is not games:
            games = state.games
            zone = world(state) is not None
        if zone:
            if len(standing_factions(state)) <= 1:
                break
        elif state.creatures is not counted:
            counted = state.creatures
            if counted.get(one_id) is not one or counted.get(two_id) is not two:
                c, d = counted.get(one_id), counted.get(two_id)
                # a rival kept as it was still can fight (each was found able, or kept as able)
                if not (
                    c is not None
                    and d is not None
                    and c.side != d.side
                    and (c is one or can_fight(c))
                    and (d is two or can_fight(d))
                ):
                    rivals = _rivals(state)
                    if rivals is None:
                        break
                    c, d = rivals
                    one_id, two_id = c.id, d.id
                one, two = c, d
        action = policy(state, Options(state))
        state = apply(state, action).state
        append(action)
        if isinstance(action, EndRound) and stalemate(state):
            ending = STALEMATE
            break
    else:
        if state.round <= max_rounds:  # the step limit reached
            ending = STEP_CAP
    sides = standing_sides(state)
    winner = sides[0] if len(sides) == 1 else None
    if winner is not None:
        ending = DEFEATED if not _gave_up(state, winner) else SURRENDERED
    elif not sides:
        ending = ALL_DOWN
    return Fight(state, tuple(log), winner, rounds_completed(log, decided=winner is not None), ending)


def _gave_up(state: Encounter, winner: str) -> bool:
    """Whether a losing creature surrendered or retreated in the zone game (Z-MORALE-02, Z-SURR-01)."""
    if world(state) is None:
        return False
    gone = {*getattr(state.turn, "surrendered", ()), *getattr(state.turn, "retreated", ())}
    return any(c.side != winner and c.id in gone for c in state.creature_list())


def rounds_completed(log: Sequence[Action], *, decided: bool) -> int:
    """Rounds a fight's action log completed: each ended round, plus the deciding round if a side won."""
    ended = sum(map(isinstance, log, itertools.repeat(EndRound)))  # one C pass, no generator
    unfinished = bool(log) and not isinstance(log[-1], EndRound)
    return ended + (1 if decided and unfinished else 0)


class Counts(Mapping[str, int]):
    """An immutable mapping of names to counts (a plain ``dict`` once copied: ``dict(counts)``).

    Hashable, picklable and ready for JSON through ``dict``; equal to any mapping with the same
    items.
    """

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, int] | Iterable[tuple[str, int]] = ()) -> None:
        pairs = items.items() if isinstance(items, Mapping) else items
        self._items: dict[str, int] = dict(pairs)

    def __getitem__(self, key: str) -> int:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"Counts({self._items!r})"

    def __reduce__(self) -> tuple[type[Counts], tuple[tuple[tuple[str, int], ...]]]:
        return (Counts, (tuple(self._items.items()),))


Z_95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: (low, high), 95% by default; (0, 1) with no trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    zz = z * z / trials
    centre = (p + zz / 2) / (1 + zz)
    half = z * math.sqrt(p * (1 - p) / trials + zz / (4 * trials)) / (1 + zz)
    # the interval holds p; rounding at p = 0 or 1 must not put it a hair outside
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@attrs.frozen
class WinRate:
    """One side's share of the fights won, with its 95% Wilson confidence interval."""

    side: str
    wins: int
    runs: int
    rate: float
    low: float
    high: float

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict."""
        return attrs.asdict(self)


@attrs.frozen
class FightResult:
    """What :func:`simulate` keeps of one fight: its seed, the winner, the rounds and who still stands."""

    seed: int
    winner: str | None
    rounds: int
    standing: tuple[str, ...]
    """The creatures alive and conscious at the end, in the encounter's order."""
    ending: str = ""
    """How the fight ended (:data:`ENDINGS`); empty: :data:`DEFEATED` with a winner, else
    :data:`ROUND_CAP`."""

    @property
    def how(self) -> str:
        """How the fight ended, one of :data:`ENDINGS`."""
        return self.ending or (DEFEATED if self.winner is not None else ROUND_CAP)

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict."""
        return {
            "seed": self.seed,
            "winner": self.winner,
            "rounds": self.rounds,
            "standing": list(self.standing),
            "ending": self.how,
        }

    @classmethod
    def of(cls, seed: int, fight: Fight) -> FightResult:
        """The result of a fight played with RNG seed ``seed``."""
        end = fight.state
        standing = tuple(
            c.id
            for c in end.creature_list()
            if (fighting(end, c.id) if world(end) is not None else can_fight(c))
        )
        return cls(seed, fight.winner, fight.rounds, standing, fight.ending)


@attrs.frozen
class Summary:
    """What many seeded fights came to. Immutable, and ready for JSON with :meth:`to_dict`."""

    runs: int
    """Fights played."""
    wins: Counts = attrs.field(converter=Counts)
    """Fights won by each side (standing alone at the end), by side; sides that never won are left out."""
    undecided: int
    """Fights that left no side standing alone: the round limit reached, or every side down."""
    mean_rounds: float
    """Average number of rounds completed per fight (:attr:`Fight.rounds`)."""
    survival: tuple[tuple[str, float], ...]
    """For each creature, in the encounter's order, the share of fights it ended alive and conscious."""
    rounds: tuple[tuple[int, int], ...] = ()
    """The histogram of rounds completed: (rounds, fights), fewest rounds first."""
    sides: tuple[str, ...] = ()
    """The sides of the encounter, in its order (those of :attr:`wins` and those that never won)."""
    undecided_rounds: tuple[tuple[int, int], ...] = ()
    """The part of :attr:`rounds` that ended undecided: (rounds, fights), fewest rounds first."""
    endings: Counts = attrs.field(default=Counts(), converter=Counts)
    """Fights by how they ended (:data:`ENDINGS`), in that order; endings never seen are left out."""

    @property
    def undecided_share(self) -> float:
        """The share of the fights no side won (the round cap, a stalemate, every side down)."""
        return self.undecided / self.runs if self.runs else 0.0

    @property
    def median_rounds(self) -> float:
        """The median of the rounds completed per fight (the mean of the middle two for an even count)."""
        ordered = [r for r, n in self.rounds for _ in range(n)]
        return float(statistics.median(ordered)) if ordered else 0.0

    def every_side(self) -> tuple[str, ...]:
        """The encounter's sides in its order, then any other side that won."""
        return tuple(dict.fromkeys([*self.sides, *sorted(self.wins)]))

    def win_rates(self) -> tuple[WinRate, ...]:
        """Each side's win rate with its 95% Wilson interval, in the encounter's order."""
        return tuple(self.win_rate(side) for side in self.every_side())

    def win_rate(self, side: str) -> WinRate:
        """One side's win rate with its 95% Wilson interval."""
        won = self.wins.get(side, 0)
        low, high = wilson(won, self.runs)
        return WinRate(side, won, self.runs, won / self.runs if self.runs else 0.0, low, high)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: runs, wins, win rates (with intervals), rounds and survival."""
        return {
            "runs": self.runs,
            "wins": {side: self.wins.get(side, 0) for side in self.every_side()},
            "undecided": self.undecided,
            "undecided_share": self.undecided_share,
            "endings": dict(self.endings),
            "win_rates": [w.to_dict() for w in self.win_rates()],
            "rounds": {
                "mean": self.mean_rounds,
                "median": self.median_rounds,
                "histogram": {str(r): n for r, n in self.rounds},
                "undecided_histogram": {str(r): n for r, n in self.undecided_rounds},
            },
            "survival": dict(self.survival),
        }

    def explain(self) -> str:
        """A few readable lines."""
        wins = ", ".join(f"{side} {n}" for side, n in sorted(self.wins.items()))
        head = f"{self.runs} fights: wins {wins}; undecided {self.undecided} ({self.undecided_share:.0%})"
        lines = [f"{head}; {self.mean_rounds:.1f} rounds on average"]
        lines += [f"  {cid}: survives {share:.0%}" for cid, share in self.survival]
        return "\n".join(lines)

    @classmethod
    def of(cls, state: Encounter, results: Iterable[FightResult]) -> Summary:
        """The summary of fights played from ``state``, counted in the order of their seed values."""
        ordered = sorted(results, key=lambda r: r.seed)
        runs = len(ordered)
        wins: dict[str, int] = {}
        alive = dict.fromkeys(state.order, 0)
        rounds: dict[int, int] = {}
        capped: dict[int, int] = {}
        endings = dict.fromkeys(ENDINGS, 0)
        undecided = total = 0
        for r in ordered:
            endings[r.how] = endings.get(r.how, 0) + 1
            total += r.rounds
            rounds[r.rounds] = rounds.get(r.rounds, 0) + 1
            if r.winner is None:
                undecided += 1
                capped[r.rounds] = capped.get(r.rounds, 0) + 1
            else:
                wins[r.winner] = wins.get(r.winner, 0) + 1
            for cid in r.standing:
                alive[cid] += 1
        return cls(
            runs=runs,
            wins=wins,
            undecided=undecided,
            mean_rounds=total / runs if runs else 0.0,
            survival=tuple((cid, n / runs if runs else 0.0) for cid, n in alive.items()),
            rounds=tuple(sorted(rounds.items())),
            sides=tuple(dict.fromkeys(c.side for c in state.creature_list())),
            undecided_rounds=tuple(sorted(capped.items())),
            endings={k: n for k, n in endings.items() if n},
        )


class Progress(Protocol):
    """Called as ``progress(done, runs)`` as fights finish (after each fight, or each batch of a pool)."""

    def __call__(self, done: int, runs: int, /) -> object: ...


MAX_WORKERS = 1024
BATCHES_PER_WORKER = 4
"""A pool's fights go out in about this many batches per worker (fewer, larger batches for long runs)."""
MAX_BATCH = 25
"""The most fights one batch holds: the progress callback hears at least this often."""


def play_batch(
    state: Encounter, batch: Sequence[int], policy: Policy = tactical, max_rounds: int = 20
) -> list[FightResult]:
    """Play one fight per seed from ``state`` (its RNG replaced by ``Rng(seed)``); the work of one batch.

    A module-level function, so a process pool or a cluster can run it: ``state`` and ``policy``
    must pickle (the bundled policies do; a lambda does not).
    """
    return [FightResult.of(s, play(state, policy=policy, max_rounds=max_rounds, seed=s)) for s in batch]


def simulate(
    state: Encounter,
    *,
    runs: int = 100,
    seed: int = 0,
    policy: Policy | str = DEFAULT_POLICY,
    max_rounds: int = 20,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    batch: int | None = None,
    start_method: str | None = None,
) -> Summary:
    """Play ``runs`` fights from ``state``, each with its own RNG seed (``seed``, ``seed + 1``, ...).

    Serial by default. ``workers=N`` plays them in N processes (a
    :class:`concurrent.futures.ProcessPoolExecutor` made and closed here); ``executor=`` takes any
    :class:`concurrent.futures.Executor` instead (a process pool of your own, Dask's
    ``Client.get_executor()``, an adapter over Ray), which is left open. Either way the fights
    are the same and the summary is counted in the order of their seed values: the same as the
    serial run. The fights go out in batches of ``batch`` (default: about
    ``BATCHES_PER_WORKER`` per worker, at most ``MAX_BATCH``). ``progress(done, runs)`` is called
    as fights finish. ``policy``: a policy (:class:`brawl.policy.Policy`) or a registered
    policy's name (:data:`brawl.policy.POLICIES`), by default ``"tactical"``.

    ``start_method``: how ``workers=N`` starts its processes (a :mod:`multiprocessing` start
    method; by default :func:`brawl.simpool.default_start_method`, ``forkserver`` or ``spawn``).
    A process started afresh imports brawl and gets the rest by value, once: the encounter, the
    policy (by its registered name when it has one) and what was registered at run time (policies with
    :func:`brawl.policy.register_policy`, games with :func:`brawl.games.register_ruleset`, turn
    systems and their trigger rules). Each must pickle, so its function or class must live at the
    top level of a module the workers can import; what the fight needs and cannot be sent is an
    :class:`~brawl.errors.InvalidArgumentError` naming it, before any process starts. Only
    ``"fork"`` copies the running process instead (and a lambda with it).
    """
    if isinstance(policy, str):
        name: str | None = policy
        policy = policy_named(policy)
    elif not callable(policy):
        raise ArgumentTypeError(
            f"simulate(policy={policy!r:.60}): a policy (a callable) or one of {', '.join(POLICIES)}",
            rule=(),
        )
    else:
        name = next((n for n, p in POLICIES.items() if p is policy), None)
    whole_number(runs, 1, MAX_RUNS, what="runs")
    whole_number(seed, 0, MAX_SEED, what="seed")
    whole_number(max_rounds, 1, MAX_ROUNDS, what="max_rounds")
    if workers is not None:
        whole_number(workers, 1, MAX_WORKERS, what="workers")
    if batch is not None:
        whole_number(batch, 1, MAX_RUNS, what="batch")
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(
            f"simulate(progress={progress!r:.60}): expected a callable, got {type(progress).__name__}",
            rule=(),
        )
    if workers is not None and executor is not None:
        raise InvalidArgumentError("simulate: give workers or an executor, not both", rule=())
    method = checked_start_method(start_method, executor)
    numbers = range(seed, seed + runs)
    if executor is None and (workers is None or workers == 1):
        results: list[FightResult] = []
        for s in numbers:
            results += play_batch(state, (s,), policy, max_rounds)
            if progress is not None:
                progress(len(results), runs)
        return Summary.of(state, results)
    size = batch or max(1, min(MAX_BATCH, -(-runs // (BATCHES_PER_WORKER * (workers or 8)))))
    batches = [tuple(numbers[i : i + size]) for i in range(0, runs, size)]
    if executor is None:
        results = in_processes(
            Job(play_batch, state, policy, max_rounds),
            batches,
            workers=workers or 1,
            start_method=method,
            policy_name=name,
            gather=lambda futures: _gathered(futures, progress, runs),
        )
        return Summary.of(state, results)
    futures = [executor.submit(play_batch, state, b, policy, max_rounds) for b in batches]
    return Summary.of(state, _gathered(futures, progress, runs))


def _gathered(
    futures: Sequence[Future[list[FightResult]]], progress: Progress | None, runs: int
) -> list[FightResult]:
    """The batches' results as they finish, ``progress`` told after each; the rest cancelled on an error."""
    results: list[FightResult] = []
    try:
        for done in as_completed(futures):
            results += done.result()
            if progress is not None:
                progress(len(results), runs)
    finally:
        for f in futures:
            f.cancel()
    return results


def replay_fight(start: Encounter, fight: Fight) -> Outcome:
    """Replay a fight's action log from its start; ends in ``fight.state``."""
    return replay(start, fight.actions)


__all__ = [
    "ALL_DOWN",
    "BATCHES_PER_WORKER",
    "DEFEATED",
    "ENDINGS",
    "MAX_BATCH",
    "MAX_ROUNDS",
    "MAX_RUNS",
    "MAX_SEED",
    "MAX_WORKERS",
    "ROUND_CAP",
    "STALEMATE",
    "STEP_CAP",
    "SURRENDERED",
    "Z_95",
    "Counts",
    "Fight",
    "FightResult",
    "Options",
    "Policy",
    "Progress",
    "Summary",
    "WinRate",
    "can_fight",
    "distance_to_nearest",
    "greedy",
    "nearest_end",
    "play",
    "play_batch",
    "replay_fight",
    "rounds_completed",
    "simulate",
    "stalemate",
    "standing_sides",
    "tactical",
    "wilson",
]
