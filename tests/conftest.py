"""Shared test set-up: Hypothesis profiles ``dev`` (fast, the default) and ``ci`` (thorough).

``.ci/run`` runs the property tests again under ``HYPOTHESIS_PROFILE=ci``, with the long runs
marked ``slow`` (the random-play run at ``STEPS_CI`` steps among them).

The ``same_route`` fixture checks a route rebuilt from a bit-set search's own steps against the
step rules.
"""

import os
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, settings

import brawl
from brawl.rules.steps import MoveModel

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
