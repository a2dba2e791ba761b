"""Policies: who does what in a simulated fight, as a small interface a user can fill.

A policy is any callable ``policy(state, options) -> action`` (:class:`Policy`): ``options`` are
the legal actions of ``state`` (an :class:`Options`, a sequence built only when read) and the
action returned is one of them, or any other request legal now. A policy may also offer
``seeded(seed)``, a copy of itself for one fight (:class:`Seedable`): :func:`brawl.sim.play`
with ``seed=`` calls it, so the same seed gives the same fight.

The policies shipped, by name in :data:`POLICIES` (what ``brawl simulate --policy NAME`` and the
server's ``simulate`` method accept):

* ``tactical`` (:func:`tactical`, the default): weighs each attack by its expected result,
  finishes what it can, places areas on the enemies, flanks, keeps its distance with ranged
  attacks and draws back when dying;
* ``greedy`` (:func:`greedy`): the first ability that reaches an enemy, else a melee Free Strike,
  else a step nearer the nearest enemy;
* ``random`` (:class:`RandomPolicy`): any legal action, drawn from its own seed.

:func:`load_policy` finds a policy by name or as ``module:function`` (the command line's
``--policy``).
"""

from __future__ import annotations

import importlib
import operator
from collections.abc import Mapping, Sequence
from typing import Protocol, cast, runtime_checkable

import attrs

from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.policy.options import Options, can_fight, greedy
from brawl.policy.tactics import alone_on_map, tactical, threat
from brawl.requests import Action
from brawl.rng import Rng
from brawl.state import Encounter
from brawl.turns.drawsteel_turn import DrawSteelTurn, actors


@runtime_checkable
class Policy(Protocol):
    """Chooses the next action of a fight: ``policy(state, options) -> action``.

    ``options`` are the legal actions of ``state`` (:class:`Options` in a simulation; any sequence
    will do). A plain function with this signature is a policy.
    """

    def __call__(self, state: Encounter, options: Sequence[Action], /) -> Action: ...


@runtime_checkable
class Seedable(Protocol):
    """A policy that draws at random: ``seeded(seed)`` is the copy of it that plays one fight."""

    def __call__(self, state: Encounter, options: Sequence[Action], /) -> Action: ...

    def seeded(self, seed: int, /) -> Policy: ...


def seeded(policy: Policy, seed: int) -> Policy:
    """The policy that plays the fight of RNG seed ``seed``: ``policy.seeded(seed)`` when it has
    one (:class:`Seedable`), else the policy itself (it draws nothing of its own)."""
    return policy.seeded(seed) if isinstance(policy, Seedable) else policy


@attrs.frozen
class RandomPolicy:
    """Any legal action, drawn with its own seed (:meth:`seeded`): a baseline for the others.

    A draw depends on the seed and the state (its round, its turn and the dice drawn so far), so
    the same seed plays the same fight.
    """

    seed: int = 0

    def seeded(self, seed: int) -> RandomPolicy:
        """The same policy drawing from ``seed``."""
        return RandomPolicy(seed)

    def __call__(self, state: Encounter, options: Sequence[Action]) -> Action:
        turn = state.turn
        step = (state.round, getattr(turn, "turn_count", 0), state.rng.counter, len(options))
        key = hash(step) & ((1 << 63) - 1)
        index, _ = Rng(self.seed, key).draw(len(options))
        return options[index - 1]


def _policies(value: Mapping[str, Policy]) -> dict[str, Policy]:
    return dict(value)


@attrs.frozen
class BySide:
    """Each side plays its own policy: ``BySide({"heroes": tactical, "director": greedy})``.

    The creature whose turn it is chooses by its side's policy; between two Draw Steel turns, the
    side whose creature acts next chooses which (DS-SIDE-08..12); otherwise, and for a side not
    named, ``default`` chooses. Seeded (:class:`Seedable`) by seeding each of them.
    """

    policies: Mapping[str, Policy] = attrs.field(converter=_policies)
    default: Policy = tactical

    def seeded(self, seed: int) -> BySide:
        """The same sides, each policy seeded with ``seed``."""
        return BySide(
            {side: seeded(p, seed) for side, p in self.policies.items()}, seeded(self.default, seed)
        )

    def __call__(self, state: Encounter, options: Sequence[Action]) -> Action:
        turn = state.turn
        current = getattr(turn, "current", None)
        acting = state.creatures.get(current) if isinstance(current, str) else None
        side = acting.side if acting is not None else None
        if side is None and isinstance(turn, DrawSteelTurn) and current is None:
            side = actors(state, turn)[0]
        chosen = self.policies.get(side, self.default) if side is not None else self.default
        return chosen(state, options)


_REGISTERED: dict[str, Policy] = {"tactical": tactical, "greedy": greedy, "random": RandomPolicy()}

POLICIES: Mapping[str, Policy] = _REGISTERED
"""The policies known by name: what ``brawl simulate --policy NAME`` and the server accept; your
own join them with :func:`register_policy`."""

DEFAULT_POLICY = "tactical"
"""The name of the policy :func:`brawl.simulate`, the command line and the server play by default."""


def policy_named(name: str) -> Policy:
    """The registered policy called ``name`` (:data:`POLICIES`)."""
    if not isinstance(name, str):
        raise ArgumentTypeError(f"policy {name!r:.60}: a policy's name, a string", rule=())
    found = POLICIES.get(name)
    if found is None:
        raise InvalidArgumentError(f"policy {name!r:.60}: one of {', '.join(POLICIES)}", rule=())
    return found


def register_policy(name: str, policy: Policy) -> Policy:
    """Make ``policy`` known by ``name`` (:data:`POLICIES`), for :func:`policy_named`,
    :func:`load_policy` and ``simulate(policy=name)``; registering a name again replaces its entry.

    :func:`brawl.simulate` with ``workers=`` carries the registrations made at run time to its
    worker processes, so the policy itself must pickle: a function at the top level of an
    importable module, or an instance of such a class (not a lambda, nor a function defined inside
    another).
    """
    if not isinstance(name, str) or not name:
        raise ArgumentTypeError(f"register_policy: name {name!r:.60} is not a non-empty string", rule=())
    if not callable(policy):
        raise ArgumentTypeError(f"register_policy({name!r:.60}): {policy!r:.60} is not a callable", rule=())
    _REGISTERED[name] = policy
    return policy


def load_policy(spec: str) -> Policy:
    """A policy by its registered name, or ``module:function`` for one of your own (imported here)."""
    if not isinstance(spec, str):
        raise ArgumentTypeError(f"policy {spec!r:.60}: a name or module:function", rule=())
    if ":" not in spec:
        return policy_named(spec)
    module, _, name = spec.partition(":")
    try:
        found = operator.attrgetter(name)(importlib.import_module(module))
    except (ImportError, AttributeError) as exc:
        raise InvalidArgumentError(f"policy {spec!r}: cannot load it ({exc})", rule=()) from None
    if not callable(found):
        raise InvalidArgumentError(f"policy {spec!r}: not callable", rule=())
    return cast(Policy, found)


__all__ = [
    "DEFAULT_POLICY",
    "POLICIES",
    "BySide",
    "Options",
    "Policy",
    "RandomPolicy",
    "Seedable",
    "alone_on_map",
    "can_fight",
    "greedy",
    "load_policy",
    "policy_named",
    "register_policy",
    "seeded",
    "tactical",
    "threat",
]
