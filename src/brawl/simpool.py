"""The worker processes of ``brawl.simulate(workers=N)``: started afresh, given the fight by value.

A process started by ``fork`` is a copy of one whose other threads may hold locks (Python 3.12
warns of it; 3.14 no longer forks by default), so the pool starts its processes with
``forkserver`` where the platform offers it, else ``spawn`` (:func:`default_start_method`), or the
start method asked for. Such a process imports brawl and nothing of what the running program
registered since, so each worker gets, once, by its pool's initializer: a snapshot of the run-time
registrations a fight may look up (policies, games, turn systems and their trigger rules; an entry
the worker already holds as it is stays), then the encounter and the policy (by its registered
name when it has one). What the fight needs and cannot be pickled is refused before any process
starts, naming it; what a worker cannot unpickle is refused when its first batch runs.
"""

from __future__ import annotations

import io
import multiprocessing
import multiprocessing.context
import pickle
import sys
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from types import FunctionType
from typing import Any, TypeVar

import attrs

from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.games import RULESETS, register_ruleset
from brawl.policy import POLICIES, Policy, policy_named, register_policy
from brawl.state import Encounter
from brawl.turns.base import register_system, system_named, system_names, system_of
from brawl.turns.triggers import register_triggers, registered_triggers

T = TypeVar("T")

START_METHODS = ("forkserver", "spawn")
"""The start methods of ``simulate(workers=N)``'s processes unless told, in order of preference:
the first one the platform offers (:func:`default_start_method`)."""


def default_start_method() -> str:
    """The start method of ``simulate(workers=N)``'s processes unless told: ``forkserver`` where
    the platform offers it, else ``spawn``. Never ``fork``: a fork copies a process whose other
    threads may hold locks (Python 3.12 warns of it, and 3.14 no longer forks by default)."""
    offered = multiprocessing.get_all_start_methods()
    return next(m for m in START_METHODS if m in offered)


@attrs.frozen
class Job:
    """What each worker process plays its batches with: ``play(state, batch, policy, max_rounds)``
    (:func:`brawl.sim.play_batch`) for each batch of seeds."""

    play: Callable[[Encounter, Sequence[int], Policy, int], list[Any]]
    state: Encounter
    policy: Policy
    max_rounds: int


def in_processes(
    job: Job,
    batches: Sequence[tuple[int, ...]],
    *,
    workers: int,
    start_method: str,
    policy_name: str | None,
    gather: Callable[[list[Future[list[T]]]], list[T]],
) -> list[T]:
    """``job`` played batch by batch in ``workers`` processes started by ``start_method``, each
    process given the job once; ``gather`` collects the batches' futures. ``policy_name``: the
    policy's registered name (the workers look it up), or None (it is pickled)."""
    sent = job if start_method == "fork" else _sent(job, policy_name, workers)
    context = multiprocessing.get_context(start_method)
    if isinstance(context, multiprocessing.context.ForkServerContext):
        _preload(context)
    with ProcessPoolExecutor(workers, context, initializer=_start_worker, initargs=(sent,)) as pool:
        try:
            return gather([pool.submit(_pool_batch, b) for b in batches])
        except _NotTaken as exc:
            raise InvalidArgumentError(
                f"simulate(workers={workers}): a worker process (start method {start_method!r}) could "
                f"not take the fight: {exc}. {_FIX}",
                rule=(),
            ) from None


def _preload(context: multiprocessing.context.ForkServerContext) -> None:
    """Ask the fork server to import brawl once, beside the modules already asked for (``__main__``
    by default), so that each worker forked from it starts at once rather than importing brawl.
    Too late, and harmless, when the fork server already runs."""
    server = getattr(sys.modules.get("multiprocessing.forkserver"), "_forkserver", None)
    asked = list(getattr(server, "_preload_modules", None) or ["__main__"])
    if __name__ not in asked:
        context.set_forkserver_preload([*asked, __name__])


def checked_start_method(start_method: object, executor: Executor | None) -> str:
    """``simulate``'s ``start_method`` checked (one the platform offers, given with ``workers``
    rather than an ``executor``), or :func:`default_start_method`."""
    if start_method is None:
        return default_start_method()
    offered = multiprocessing.get_all_start_methods()
    if not isinstance(start_method, str):
        raise ArgumentTypeError(
            f"simulate(start_method={start_method!r:.60}): one of {', '.join(offered)}, a string", rule=()
        )
    if start_method not in offered:
        raise InvalidArgumentError(
            f"simulate(start_method={start_method!r:.60}): this platform offers {', '.join(offered)}",
            rule=(),
        )
    if executor is not None:
        raise InvalidArgumentError(
            f"simulate(start_method={start_method!r}): an executor starts its own processes; "
            "start_method goes with workers",
            rule=(),
        )
    return start_method


# --- the worker processes ----------------------------------------------------------------------------

_FIX = (
    "Define it at the top level of a module the workers can import (and register it there, "
    "brawl.policy.register_policy for a policy), or run with workers=1"
)
"""How to mend what cannot reach the worker processes."""


@attrs.frozen
class _Entry:
    """One run-time registration, pickled: the registry, its key as shown, whether the fight needs
    it, and the pickled ``(key, value)``."""

    registry: str
    name: str
    needed: bool
    data: bytes


@attrs.frozen
class _Sent:
    """A :class:`Job` as sent to a process started afresh: its ``play`` (a module-level function),
    the run-time registrations, then the encounter and the policy (its registered name, or
    pickled)."""

    play: Callable[[Encounter, Sequence[int], Policy, int], list[Any]]
    entries: tuple[_Entry, ...]
    state: bytes
    policy: str | bytes
    max_rounds: int


def _registries() -> dict[str, tuple[Mapping[Any, Any], Callable[[Any, Any], object]]]:
    """Each run-time registry a fight may look up: its entries now, and how to add one."""
    systems = {n: system_named(n) for n in sorted(system_names())}
    return {
        "policy": (POLICIES, register_policy),
        "game": (RULESETS, lambda name, r: register_ruleset(name, r.kind, check=r.check)),
        "turn system": (systems, lambda _name, system: register_system(system)),
        "trigger rules": (registered_triggers(), lambda kind, rules: register_triggers(kind, *rules)),
    }


def _needs(state: Encounter, policy: str | None) -> Callable[[str, Any, Any], bool]:
    """Whether the fights from ``state`` look up a registry's entry: the policy by its name, the
    games the encounter holds, the turn system running it and that system's trigger rules."""
    running = type(state.turn) if state.turn is not None else None
    system = system_of(state) if state.turn is not None else None

    def needed(registry: str, key: Any, value: Any) -> bool:
        if registry == "policy":
            return bool(key == policy)
        if registry == "game":
            return key in state.games
        if registry == "turn system":
            return value is system
        return key is running

    return needed


def _sent(job: Job, policy: str | None, workers: int) -> _Sent:
    """The job pickled for processes started afresh; what the fight needs and cannot be pickled is
    an :class:`InvalidArgumentError` naming it. A registration the fight does not need and that
    cannot be pickled stays behind."""
    needed = _needs(job.state, policy)
    entries: list[_Entry] = []
    for registry, (found, _add) in _registries().items():
        for key, value in found.items():
            shown = key if isinstance(key, str) else getattr(key, "__qualname__", repr(key))
            need = needed(registry, key, value)
            try:
                entries.append(_Entry(registry, shown, need, _pickled((key, value))))
            except _UNPICKLABLE as exc:
                if need:
                    what = f"the {registry} {shown!r}"
                    if isinstance(value, type | FunctionType):
                        what += f" ({_named(value)})"
                    raise _refused(what, exc, workers) from None
    try:
        state = _pickled(job.state)
    except _UNPICKLABLE as exc:
        raise _refused("the encounter", exc, workers) from None
    if policy is not None:
        return _Sent(job.play, tuple(entries), state, policy, job.max_rounds)
    try:
        return _Sent(job.play, tuple(entries), state, _pickled(job.policy), job.max_rounds)
    except _UNPICKLABLE as exc:
        raise _refused(f"the policy {_named(job.policy)}", exc, workers) from None


_UNPICKLABLE = (pickle.PicklingError, AttributeError, TypeError)
"""What pickling raises for a lambda, a function defined inside another, or an open file or lock."""


def _named(value: object) -> str:
    """A function or class by its module and qualified name; anything else by its short repr."""
    name = getattr(value, "__qualname__", None)
    if isinstance(value, type | FunctionType) and isinstance(name, str):
        return f"{value.__module__}.{name}"
    return f"{value!r:.60}"


def _refused(what: str, exc: Exception, workers: int) -> InvalidArgumentError:
    return InvalidArgumentError(
        f"simulate(workers={workers}): {what} cannot be sent to the worker processes, which start "
        f"afresh ({exc}). {_FIX}",
        rule=(),
    )


class _Sender(pickle.Pickler):
    """A pickler that also refuses a function or class of a ``__main__`` that the worker processes
    do not import again (an interactive session's, or that of ``python -m package``)."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, type | FunctionType) and obj.__module__ == "__main__" and not _main_reloaded():
            raise pickle.PicklingError(
                f"{obj.__qualname__} is defined in __main__, which the worker processes do not import"
            )
        return NotImplemented


def _main_reloaded() -> bool:
    """Whether a process started afresh imports this program's ``__main__`` again (a script run by
    its path, or ``python -m module``), as :mod:`multiprocessing` prepares its children."""
    main = sys.modules.get("__main__")
    name = getattr(getattr(main, "__spec__", None), "name", None)
    if name is not None:
        return not (name == "__main__" or name.endswith(".__main__"))
    return getattr(main, "__file__", None) is not None


def _pickled(value: object) -> bytes:
    out = io.BytesIO()
    _Sender(out, pickle.HIGHEST_PROTOCOL).dump(value)
    return out.getvalue()


class _NotTaken(Exception):
    """A worker process could not unpickle or install what it was sent (raised by its batches)."""


_job: Job | str | None = None
"""In a worker process: what its batches play with, or why it could not take them."""


def _start_worker(sent: _Sent | Job) -> None:
    """A worker process's initializer: the run-time registrations installed, the job kept."""
    global _job
    _job = sent if isinstance(sent, Job) else _opened(sent)


def _opened(sent: _Sent) -> Job | str:
    """The job of a process started afresh, its registrations installed where this process's own
    differ (a registration the fight does not need and that does not unpickle is left out); or
    what could not be unpickled."""
    registries = _registries()
    for entry in sent.entries:
        try:
            key, value = pickle.loads(entry.data)
        except _NOT_FOUND as exc:
            if entry.needed:
                return f"the {entry.registry} {entry.name!r}: {exc}"
            continue
        found, add = registries[entry.registry]
        if key not in found or found[key] != value:
            add(key, value)
            registries = _registries()
    try:
        state = pickle.loads(sent.state)
    except _NOT_FOUND as exc:
        return f"the encounter: {exc}"
    if isinstance(sent.policy, str):
        try:
            return Job(sent.play, state, policy_named(sent.policy), sent.max_rounds)
        except InvalidArgumentError as exc:
            return str(exc)
    try:
        return Job(sent.play, state, pickle.loads(sent.policy), sent.max_rounds)
    except _NOT_FOUND as exc:
        return f"the policy: {exc}"


_NOT_FOUND = (ImportError, AttributeError, pickle.UnpicklingError)
"""What unpickling raises for a module or a name this process cannot import."""


def _pool_batch(batch: Sequence[int]) -> list[Any]:
    """One batch in a worker process: its job's ``play``."""
    job = _job
    if not isinstance(job, Job):
        raise _NotTaken(job or "the worker process was not started by simulate")
    return job.play(job.state, batch, job.policy, job.max_rounds)


__all__ = ["START_METHODS", "Job", "checked_start_method", "default_start_method", "in_processes"]
