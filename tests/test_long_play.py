"""A long seeded random-play run through all three turn systems, with invariants after every step.

Fights on the bundled scenarios and on a few generated encounters are played by a seeded
``random.Random`` choosing among ``legal_actions``; a fight that ends (one side standing, or a
round or step cap) starts over on the next encounter and turn system. After every step: the
previous state is unchanged, the state rebuilt from its parts equals it and builds the same
derived indexes, no two creatures within one size rank share a cell and nothing living is in a
wall, Stamina is within its bounds (never above the maximum, temporary Stamina never negative,
a living hero never at or below the negative of its winded value, a living Director creature
never at Stamina 0 or lower unless knocked out). On a sample of steps: the state, the fight's events
and its action log round-trip through JSON, and replaying the log from the start gives the state;
on another, everything ``legal_actions`` offers applies without a RulesError (one of each kind and a
few more), not just the action picked. A fight of riders sharing a horse is in the pool, so Ride's
once-a-round limits are met (DS-MOUNT-04, R-MOUNT-2).

The default run plays :data:`STEPS_LOCAL` steps (``BRAWL_LONG_PLAY_STEPS`` overrides it); the
run at length, :data:`STEPS_CI` steps, is marked ``slow`` (``pytest -m slow``, which ``.ci/run``
runs). The steps are shared among :data:`WORKERS` processes, each with its own seed.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import traceback
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings

import brawl
from brawl import actions as A
from brawl import strategies as bst
from brawl.requests import Action
from brawl.rules.stamina import death_threshold, would_die
from brawl.sim import standing_sides
from brawl.simpool import default_start_method

STEPS_CI = 100_000
STEPS_LOCAL = 2_000
SEED = 20261123
WORKERS = 2
"""Processes sharing the steps (fewer on a machine with fewer cores)."""
SYSTEMS = ("drawsteel", "zone", "initiative")
MAX_ROUNDS = 12
"""A fight that reaches this round starts over (random play rarely finishes a fight)."""
MAX_FIGHT_STEPS = 200
"""A fight that takes this many steps starts over, so the replay checks stay cheap."""
FULL_EVERY = 199
"""The expensive checks (JSON round trips, the replay) run on one step in this many."""
SNAPSHOT_EVERY = 23
"""The previous state's full JSON is compared on one step in this many (a fingerprint otherwise)."""
OFFERED_EVERY = 17
"""On one step in this many, the actions offered are applied, not just the one picked."""
OFFERED_MOST = 30
"""How many offered actions such a step applies at most: one of each kind, then a random few."""


def steps() -> int:
    override = os.environ.get("BRAWL_LONG_PLAY_STEPS")
    return int(override) if override else STEPS_LOCAL


def derived_indexes(enc: brawl.Encounter) -> dict[str, Any]:
    """The encounter's derived indexes, ids within an entry sorted (as in test_engine_stateful)."""
    return {
        "occupancy": {k: sorted(v) for k, v in enc._occupancy.items()},
        "object_cells": dict(enc._object_cells.items()),
        "links": {k: sorted(v) for k, v in enc._links.items()},
        "side_tiles": dict(enc._side_tiles.items()),
    }


def fingerprint(enc: brawl.Encounter) -> int:
    """A cheap fingerprint of a state's values: the hash of its creatures, objects and turn records.

    The records cache no hash, so a record changed in place after the step changes the fingerprint.
    """
    return hash(
        (tuple(enc.creatures.items()), tuple(enc.objects.items()), enc.order, enc.turn, enc.round, enc.rng)
    )


def check_state(s: brawl.Encounter) -> None:
    """The invariants that hold after every step."""
    rebuilt = brawl.Encounter(
        s.terrain,
        s.creatures,
        s.objects,
        order=s.order,
        turn=s.turn,
        round=s.round,
        rng=s.rng,
        rides=s.rides,
        games=s.games,
    )
    assert rebuilt == s
    assert derived_indexes(rebuilt) == derived_indexes(s)
    check_cells(s)
    check_stamina(s)


def check_stamina(s: brawl.Encounter) -> None:
    """Stamina bounds: the maximum, temporary Stamina, stability, the death threshold."""
    for c in s.creatures.values():
        assert c.stamina <= c.stamina_max, c.id
        assert c.temporary_stamina >= 0, c.id
        assert c.stability >= 0, c.id
        knocked_out = not c.hero and c.has("unconscious")  # DS-STAM-13: knocked out, not killed
        if not c.dead and not knocked_out:
            assert not would_die(c, c.stamina), f"{c.id} alive at Stamina {c.stamina}"


def check_cells(s: brawl.Encounter) -> None:
    """No two living creatures within one size rank share a cell (unless one rides the other or
    one squeezes); nothing living is in a wall (DS-MOVE-04, R-SIZE-1)."""
    seen: dict[Any, list[brawl.Creature]] = {}
    for c in s.creatures.values():
        if c.dead:
            continue
        for cell in c.cells():
            assert not s.terrain.is_solid(cell), f"{c.id} in a wall at {cell}"
            here = seen.setdefault(cell, [])
            for other in here:
                exempt = c.riding == other.id or other.riding == c.id or c.squeezed or other.squeezed
                if not exempt and c.size.ranks_apart(other.size) < 2:
                    raise AssertionError(f"{c.id} and {other.id} share {cell}")
            here.append(c)


def check_full(
    start: brawl.Encounter, state: brawl.Encounter, log: list[Action], events: list[brawl.Event]
) -> None:
    """The sampled checks: JSON round trips of the state, events and log, and the replay."""
    loaded = brawl.from_json(brawl.to_json(state))
    assert loaded == state
    assert derived_indexes(loaded) == derived_indexes(state)
    assert brawl.events_from_json(brawl.events_to_json(events)) == tuple(events)
    saved = brawl.actions_from_json(brawl.actions_to_json(log))
    assert saved == tuple(log)
    assert A.replay(start, saved).state == state, "the log, applied again, gives another state"
    assert brawl.replay(start, saved).state == state, "brawl.replay gives another state"


def generated(count: int) -> list[brawl.Encounter]:
    """``count`` generated encounters with both sides, drawn reproducibly from ``brawl.strategies``."""
    found: list[brawl.Encounter] = []

    @settings(
        max_examples=count + 5,
        database=None,
        derandomize=True,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.generate],
    )
    @given(enc=bst.encounters(min_creatures=3, max_creatures=6, max_objects=2))
    def draw(enc: brawl.Encounter) -> None:
        found.append(enc)

    draw()
    out: list[brawl.Encounter] = []
    for enc in found[-count:]:
        sides = [brawl.HEROES, brawl.DIRECTOR]
        for i, c in enumerate(enc.creature_list()):
            enc = enc.with_creature(attrs.evolve(c, side=sides[i % 2], hero=i % 2 == 0))
        out.append(enc)
    return out


def mounted() -> brawl.Encounter:
    """Two heroes on one horse against two ogres: Ride is offered, once per round for a rider and
    once for a mount (DS-MOUNT-03, DS-MOUNT-04, R-MOUNT-2)."""
    creatures = [
        brawl.Creature(id="horse", side=brawl.HEROES, hero=True, pos=(2, 2, 0), size="2", speed=8),
        brawl.Creature(id="kira", side=brawl.HEROES, hero=True, pos=(2, 2, 1), riding="horse"),
        brawl.Creature(id="tam", side=brawl.HEROES, hero=True, pos=(2, 3, 1), riding="horse"),
        brawl.Creature(id="ogre-1", pos=(9, 9, 0), stamina_max=12, stamina=12),
        brawl.Creature(id="ogre-2", pos=(9, 3, 0), stamina_max=12, stamina=12),
    ]
    return brawl.Encounter.create(brawl.Terrain.flat(12, 12), creatures)


def starts() -> list[tuple[str, brawl.Encounter]]:
    out = [(name, brawl.load_scenario(brawl.bundled_scenario(name))) for name in brawl.bundled_scenarios()]
    out += [(f"generated-{i}", enc) for i, enc in enumerate(generated(3))]
    out.append(("mounted", mounted()))
    return out


def kind_of(action: Action) -> tuple[str, ...]:
    """An offered action's kind: its class, and for a TakeAction the part of the turn and the inner class."""
    if isinstance(action, A.TakeAction):
        return ("TakeAction", action.kind, type(action.action).__name__)
    return (type(action).__name__,)


def check_offered(state: brawl.Encounter, options: list[Action], rnd: random.Random, where: str) -> int:
    """Everything offered applies: each of ``options`` tried (one of each kind, then a random few up
    to :data:`OFFERED_MOST`) applies to ``state`` without a RulesError. Returns how many were tried."""
    by_kind: dict[tuple[str, ...], list[int]] = {}
    for i, action in enumerate(options):
        by_kind.setdefault(kind_of(action), []).append(i)
    chosen = {rnd.choice(group) for group in by_kind.values()}
    rest = [i for i in range(len(options)) if i not in chosen]
    chosen.update(rnd.sample(rest, max(0, min(len(rest), OFFERED_MOST - len(chosen)))))
    for i in sorted(chosen):
        try:
            brawl.apply(state, options[i])
        except brawl.RulesError as e:
            raise AssertionError(f"{where}: offered {options[i]!r} refused: {e}") from e
    return len(chosen)


@attrs.define
class Run:
    """Counters of one long run."""

    steps: int = 0
    fights: int = 0
    full_checks: int = 0
    """Sampled steps where only ``brawl.replay`` (not the actions applied again) gave another state."""
    offered: int = 0
    """Offered actions applied beside the one picked (:func:`check_offered`)."""
    by_system: dict[str, int] = attrs.Factory(dict)


def long_play(
    total: int,
    *,
    seed: int = SEED,
    first: int = 0,
    check: Callable[[brawl.Encounter], None] = check_state,
    pool: list[tuple[str, brawl.Encounter]] | None = None,
    systems: tuple[str, ...] = SYSTEMS,
    offered_every: int = OFFERED_EVERY,
) -> Run:
    """Play ``total`` steps of random legal actions; raise AssertionError on a broken invariant.

    Fights go through the encounters of ``pool`` (default :func:`starts`) and the turn systems in
    turn, from fight number ``first``: each pass over the pool shifts the systems by one, so every
    encounter meets every system. On one step in ``offered_every`` the actions offered are applied
    too (:func:`check_offered`).
    """
    rnd = random.Random(seed)
    pool = starts() if pool is None else pool
    run = Run()
    while run.steps < total:
        k = run.fights + first
        name, enc = pool[k % len(pool)]
        system = systems[(k % len(pool) + k // len(pool)) % len(systems)]
        run.fights += 1
        start = A.StartCombat(system=system)
        state, events = brawl.apply(enc, start)
        log: list[Action] = [start]
        all_events = list(events)
        fight_steps = 0
        while (
            run.steps < total
            and fight_steps < MAX_FIGHT_STEPS
            and state.round <= MAX_ROUNDS
            and len(standing_sides(state)) > 1
        ):
            options = brawl.legal_actions(state)
            assert options, f"{name} ({system}): no legal action at step {fight_steps}"
            if run.steps % offered_every == 0:
                where = f"{name} ({system}) step {fight_steps}"
                run.offered += check_offered(state, options, random.Random(seed + run.steps), where)
            action = rnd.choice(options)
            before = state
            snapshot = run.steps % SNAPSHOT_EVERY == 0
            before_print = brawl.to_json(before) if snapshot else fingerprint(before)
            try:
                state, events = brawl.apply(state, action)
            except brawl.RulesError as e:
                raise AssertionError(
                    f"{name} ({system}) step {fight_steps}: legal {action!r} refused: {e}"
                ) from e
            log.append(action)
            all_events.extend(events)
            after_print = brawl.to_json(before) if snapshot else fingerprint(before)
            assert after_print == before_print, f"{name} ({system}): {action!r} changed the old state"
            check(state)
            run.steps += 1
            fight_steps += 1
            run.by_system[system] = run.by_system.get(system, 0) + 1
            if run.steps % FULL_EVERY == 0:
                run.full_checks += 1
                check_full(enc, state, log, all_events)
        run.full_checks += 1
        check_full(enc, state, log, all_events)
    return run


def _worker(share: tuple[int, int]) -> Run:
    """One worker's part of the run: its steps and its index (which sets its seed and first fight)."""
    total, i = share
    try:
        return long_play(total, seed=SEED + i, first=7 * i)
    except BaseException:  # sent back as text: some exceptions do not unpickle in the parent
        raise AssertionError(f"worker {i}:\n{traceback.format_exc()}") from None


def test_long_random_play() -> None:
    """Seeded random play through every turn system keeps every invariant (see the module doc)."""
    play_shared(steps())


@pytest.mark.slow
def test_long_random_play_at_length() -> None:
    """The same, for :data:`STEPS_CI` steps."""
    play_shared(STEPS_CI)


def play_shared(total: int) -> None:
    """Play ``total`` steps shared among up to :data:`WORKERS` processes, each with its own seed
    (the run is the same for a given number of workers), and check what they did."""
    workers = max(1, min(WORKERS, os.cpu_count() or 1, total // 1_000))
    shares = [(total // workers + (i < total % workers), i) for i in range(workers)]
    if workers == 1:
        runs = [_worker(shares[0])]
    else:
        with multiprocessing.get_context(default_start_method()).Pool(workers) as pool:
            runs = pool.map(_worker, shares)
    assert sum(r.steps for r in runs) == total
    assert {s for r in runs for s in r.by_system} == set(SYSTEMS)
    assert all(r.full_checks >= r.steps // FULL_EVERY for r in runs)
    assert all(r.offered >= r.steps // OFFERED_EVERY for r in runs)


def test_everything_offered_applies_while_riding() -> None:
    """DS-MOUNT-04, R-MOUNT-2: in Draw Steel fights of riders sharing a horse, every action
    ``legal_actions`` offers on every step applies without a RulesError, so RideTo is not offered
    to a rider who has used Ride this round, nor for a mount ridden this round."""
    run = long_play(120, pool=[("mounted", mounted())], systems=("drawsteel",), offered_every=1)
    assert run.steps == 120
    assert run.offered >= run.steps


def test_the_invariants_catch_a_planted_overlap() -> None:
    """The checks can fail: two creatures put in one cell behind the constructor's back are caught."""
    enc = brawl.load_scenario(brawl.bundled_scenario("tavern"))
    a, b = list(enc.creature_list())[:2]
    moved = attrs.evolve(b, pos=a.pos)
    bad = object.__new__(brawl.Encounter)
    for field in attrs.fields(brawl.Encounter):
        object.__setattr__(bad, field.name, getattr(enc, field.name))
    object.__setattr__(bad, "creatures", enc.creatures.set(b.id, moved))
    with pytest.raises(AssertionError, match="share"):
        check_cells(bad)


def test_the_fingerprint_sees_a_change_in_place() -> None:
    """The checks can fail: a creature changed in place behind its frozen record changes the print."""
    enc = brawl.load_scenario(brawl.bundled_scenario("tavern"))
    before = fingerprint(enc)
    c = enc.creature_list()[0]
    object.__setattr__(c, "stamina", c.stamina - 1)
    try:
        assert fingerprint(enc) != before
    finally:
        object.__setattr__(c, "stamina", c.stamina + 1)


def test_the_invariants_catch_stamina_out_of_bounds() -> None:
    """The checks can fail: a living Director creature below its death threshold is caught."""
    enc = brawl.load_scenario(brawl.bundled_scenario("tavern"))
    c = next(c for c in enc.creature_list() if not c.hero)
    bad = object.__new__(brawl.Encounter)
    for field in attrs.fields(brawl.Encounter):
        object.__setattr__(bad, field.name, getattr(enc, field.name))
    object.__setattr__(bad, "creatures", enc.creatures.set(c.id, attrs.evolve(c, stamina=death_threshold(c))))
    with pytest.raises(AssertionError, match="alive at Stamina"):
        check_stamina(bad)


def test_a_legal_charge_never_ends_over_a_drop() -> None:
    """DS-ACT-17, DS-STRIKE-06: a Charge whose charger would fall off its path's end, out of reach of
    its target, is not offered; 400 steps of play apply every action offered."""
    run = long_play(400)
    assert run.steps == 400
