"""Shared test set-up: Hypothesis profiles ``dev`` (fast, the default) and ``ci`` (thorough).

``.ci/run`` runs the property tests again under ``HYPOTHESIS_PROFILE=ci``, with the long runs
marked ``slow`` (the random-play run at ``STEPS_CI`` steps among them).

The ``same_route`` fixture checks a route rebuilt from a bit-set search's own steps against the
step rules; the ``replayed`` fixture plays a seeded greedy fight and digests it, for the tests
that compare fights played with and without a shortcut.
"""

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import brawl
from brawl.rules.steps import MoveModel

Replayed = Callable[..., tuple[str, list[brawl.Encounter]]]
SameRoute = Callable[[brawl.Reachable, brawl.Reachable, MoveModel, brawl.Pos], tuple[brawl.Pos, ...]]

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def _same_route(
    fast: brawl.Reachable, slow: brawl.Reachable, model: MoveModel, pos: brawl.Pos
) -> tuple[brawl.Pos, ...]:
    """Assert that ``fast.route_to(pos)`` (from the flood's own steps) is ``slow``'s (a twin
    search that asks the step rules) and that ``model`` allows every step at its cost (R-MOVE-1,
    R-GEO-4); the path."""
    path, costs = fast.route_to(pos)
    assert (path, costs) == slow.route_to(pos)
    at = fast.origin
    for q, c in zip(path, costs, strict=True):
        assert model.check_step(at, q) == c
        at = q
    return path


@pytest.fixture(scope="session")
def same_route() -> SameRoute:
    """:func:`_same_route`, for the tests of routes rebuilt from a search's bits."""
    return _same_route


def _replayed(path: Path, seed: int, system: str = "drawsteel") -> tuple[str, list[brawl.Encounter]]:
    """The digest of one seeded greedy fight of the scenario at ``path`` (every action's record,
    its events and the state after it, as JSON) and the states it passed through; ``system``:
    the turn system started first when it is not Draw Steel's own order."""
    start = brawl.load_scenario(path).with_rng(brawl.Rng(seed))
    if system != "drawsteel":
        start = brawl.apply(start, brawl.actions.StartCombat(system=system, first_side="heroes")).state
    digest = hashlib.sha256()
    state, states = start, [start]
    for action in brawl.play(start).actions:
        out = brawl.apply(state, action)
        digest.update(repr(action).encode())
        digest.update(repr(out.events).encode())
        digest.update(brawl.to_json(out.state).encode())
        state = out.state
        states.append(state)
    return digest.hexdigest(), states


@pytest.fixture(scope="session")
def replayed() -> Replayed:
    """:func:`_replayed`, for the tests that replay fights with a shortcut turned off."""
    return _replayed
