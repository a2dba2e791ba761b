"""``simulate(workers=N)``'s processes start afresh (never a fork of the running process) and get
the encounter, the policy and the run-time registrations by value; what cannot reach them is a
clear error."""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import types
import warnings
from collections.abc import Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs
import pytest

import brawl
import brawl.simpool
from brawl.errors import StateError
from brawl.games import RULESETS, check_game, register_ruleset
from brawl.policy import POLICIES, greedy, register_policy, tactical
from brawl.requests import Action
from brawl.simpool import default_start_method
from test_sim_parallel import duel

FORK_WARNING = "This process is multi-threaded, use of fork() may lead to deadlocks in the child."
"""What Python 3.12 and later warn when a process with other threads forks."""


def alternating(state: brawl.Encounter, options: Sequence[Action]) -> Action:
    """A policy of this module: tactical in odd rounds, greedy in even ones."""
    return tactical(state, options) if state.round % 2 else greedy(state, options)


@attrs.frozen
class Banner:
    """A game of this module riding in the encounter: who bears the banner."""

    bearer: str


def check_banner(value: Any, creatures: Collection[str]) -> None:
    if value.bearer not in creatures:
        raise StateError(f"banner: {value.bearer!r} is no creature of the encounter")


POLICY = "pool-test-alternating"
GAME = "pool-test-banner"


@pytest.fixture
def forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the test registers under the names above is removed after it."""
    for name in (POLICY, "pool-test-lambda"):
        monkeypatch.setitem(POLICIES, name, greedy)
    monkeypatch.setitem(RULESETS, GAME, RULESETS["zone"])


def test_a_pool_never_forks_the_running_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """With another thread running, ``workers=2`` gives the serial summary and no fork warning,
    under warnings as errors and with every warning recorded. Python 3.12 and later warn when a
    process with threads forks (a warning they report but never raise); ``os.fork`` here warns as
    they do on every call, so that a fork of the test process fails on any Python."""
    forked: list[int] = []
    real_fork = os.fork

    def warning_fork() -> int:
        forked.append(1)
        warnings.warn(FORK_WARNING, DeprecationWarning, stacklevel=2)
        return real_fork()

    monkeypatch.setattr(os, "fork", warning_fork)
    start = duel()
    serial = brawl.simulate(start, runs=4, seed=5)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            pooled = brawl.simulate(start, runs=4, seed=5, workers=2)
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            again = brawl.simulate(start, runs=4, seed=5, workers=2, batch=1)
    finally:
        stop.set()
        other.join()
    assert pooled == serial
    assert again == serial
    assert [str(w.message) for w in seen if "fork()" in str(w.message)] == []
    assert forked == []


def test_the_default_start_method() -> None:
    """``forkserver`` where the platform offers it, else ``spawn``."""
    offered = multiprocessing.get_all_start_methods()
    assert default_start_method() == ("forkserver" if "forkserver" in offered else "spawn")


@pytest.mark.usefixtures("forgotten")
def test_a_policy_registered_at_run_time_plays_the_same_in_processes() -> None:
    """Registered here, not when this module is imported: the workers get the registration; by
    its name or by the object, the pooled fights are the serial ones, seed for seed."""
    register_policy(POLICY, alternating)
    start = duel()
    serial = brawl.simulate(start, runs=4, seed=11, policy=POLICY, workers=1)
    assert serial == brawl.simulate(start, runs=4, seed=11, policy=alternating)
    assert brawl.simulate(start, runs=4, seed=11, policy=POLICY, workers=2, batch=1) == serial
    assert brawl.simulate(start, runs=4, seed=11, policy=alternating, workers=2) == serial
    assert serial.runs == 4


def checking(state: brawl.Encounter, options: Sequence[Action]) -> Action:
    """A policy of this module that checks the encounter's games against their registrations, as
    a new encounter does, then plays greedy."""
    for name, game in state.games.items():
        check_game(name, game, state.creatures.keys())
    return greedy(state, options)


@pytest.mark.usefixtures("forgotten")
def test_a_game_registered_at_run_time_reaches_the_workers() -> None:
    """The registration made here goes with the encounter: the workers know the game."""
    register_ruleset(GAME, Banner, check=check_banner)
    start = duel().with_game(GAME, Banner("kira"))
    serial = brawl.simulate(start, runs=3, seed=2, policy=checking)
    assert brawl.simulate(start, runs=3, seed=2, policy=checking, workers=2) == serial


def test_an_unpicklable_policy_is_refused_by_name_before_any_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lambda: an InvalidArgumentError naming it and how to mend it, not a PicklingError, and
    no pool made."""

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool was made")

    monkeypatch.setattr(brawl.simpool, "ProcessPoolExecutor", no_pool)
    with pytest.raises(brawl.InvalidArgumentError) as caught:
        brawl.simulate(duel(), runs=2, workers=2, policy=lambda s, o: greedy(s, o))
    message = str(caught.value)
    assert (
        "the policy test_sim_pool.test_an_unpicklable_policy_is_refused_by_name_before_any_process"
        ".<locals>.<lambda> cannot be sent to the worker processes" in message
    )
    assert "top level of a module the workers can import" in message
    assert "run with workers=1" in message
    assert caught.value.__suppress_context__


@pytest.mark.usefixtures("forgotten")
def test_a_registered_lambda_is_refused_only_when_played() -> None:
    """By its registered name: the error names it. Registered but not played: it stays behind."""
    register_policy("pool-test-lambda", lambda s, o: greedy(s, o))
    with pytest.raises(
        brawl.InvalidArgumentError,
        match=r"the policy 'pool-test-lambda' \(test_sim_pool\..*<lambda>\).*workers=1",
    ):
        brawl.simulate(duel(), runs=2, workers=2, policy="pool-test-lambda")
    start = duel()
    serial = brawl.simulate(start, runs=2, seed=1, policy="greedy")
    assert brawl.simulate(start, runs=2, seed=1, policy="greedy", workers=2) == serial


def test_an_unpicklable_game_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    @attrs.frozen
    class Local:
        bearer: str

    monkeypatch.setitem(RULESETS, "pool-test-local", RULESETS["zone"])
    register_ruleset("pool-test-local", Local, check=check_banner)
    start = duel().with_game("pool-test-local", Local("gob"))
    with pytest.raises(
        brawl.InvalidArgumentError,
        match=r"the game 'pool-test-local' cannot be sent .*<locals>\.Local.*workers=1",
    ):
        brawl.simulate(start, runs=2, workers=2, policy="greedy")


def test_what_a_worker_cannot_import_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A policy of a module that exists only in this process pickles here and not in a worker:
    the error says so, with no hang and no broken pool."""
    ghost = types.ModuleType("pool_test_ghost")

    def haunting(state: brawl.Encounter, options: Sequence[Action]) -> Action:
        return greedy(state, options)

    haunting.__module__ = ghost.__name__
    haunting.__qualname__ = "haunting"
    ghost.haunting = haunting  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, ghost.__name__, ghost)
    with pytest.raises(brawl.InvalidArgumentError, match="could not take the fight: the policy: No module"):
        brawl.simulate(duel(), runs=2, workers=2, policy=haunting)


def test_the_start_method_is_a_parameter() -> None:
    """``spawn`` gives the serial summary too; ``fork``, asked for, copies the process (a lambda
    with it); a method the platform lacks, a non-string or one beside an executor is refused."""
    start = duel()
    serial = brawl.simulate(start, runs=2, seed=8, policy="greedy")
    assert brawl.simulate(start, runs=2, seed=8, policy="greedy", workers=2, start_method="spawn") == serial
    if "fork" in multiprocessing.get_all_start_methods():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            forked = brawl.simulate(
                start, runs=2, seed=8, policy=lambda s, o: greedy(s, o), workers=2, start_method="fork"
            )
        assert forked == serial
    with pytest.raises(brawl.InvalidArgumentError, match="start_method='teleport'"):
        brawl.simulate(start, runs=2, workers=2, start_method="teleport")
    with pytest.raises(brawl.ArgumentTypeError, match="start_method=5"):
        brawl.simulate(start, runs=2, workers=2, start_method=5)  # type: ignore[arg-type]
    with (
        pytest.raises(brawl.InvalidArgumentError, match="goes with workers"),
        ThreadPoolExecutor(max_workers=1) as threads,
    ):
        brawl.simulate(start, runs=2, executor=threads, start_method="spawn")
