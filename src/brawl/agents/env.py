"""A PettingZoo AEC environment: one agent a creature (or one a side), playing a brawl fight.

``BrawlEnv(state)`` plays fights starting from ``state`` (a scenario, out of combat: ``reset``
starts combat; a state in combat goes on from where it is). Each decision belongs to one agent:
on a creature's turn the creature (or its side), between turns the creature of the first
request offered to a creature (starting its turn, say), and a request no creature makes (ending
the round, resolving a zone attack's dice) is applied by the environment itself. A decision with
one option only is applied by the environment too (``forced=False`` asks the agent anyway).

The agent's options are the legal actions (:func:`brawl.legal_actions`) it makes, in the
canonical order of :func:`canonical`: ending the turn first (index 0 when offered), then its
other actions in that function's order, then its moves (:func:`is_move`), cheapest first as
listed; the action is an index into that list. Only the first ``max_actions`` options are offered
(the farthest moves are the ones left out); the mask marks them. An index the mask refuses
changes nothing and earns ``invalid_reward`` (with ``strict=True`` it is an
:class:`~brawl.errors.InvalidArgumentError`). A creature or side that joins the fight after its
start is no agent: the environment applies its first option.

The fight ends (every agent terminated) when at most one side stands
(:func:`brawl.sim.standing_sides`): each agent of the standing side earns ``win_reward``, every
other agent ``-win_reward``; past ``max_rounds`` rounds or ``max_steps`` requests it is truncated
with no reward. ``damage_reward`` adds, to the agent acting, that much for each Stamina its action
took from creatures of other sides.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from brawl.actions import (
    Action,
    Advance,
    AdvanceTo,
    EndTurn,
    StartCombat,
    TakeAction,
    apply,
    legal_actions,
)
from brawl.agents.encode import (
    Array,
    Layout,
    action_mask,
    encode,
    flatten,
    layout,
    mask_box,
    observation_box,
)
from brawl.errors import ArgumentTypeError, InvalidArgumentError, shown
from brawl.notation import actor_of, text_observation
from brawl.render import render_text
from brawl.rng import Rng
from brawl.sim import standing_sides
from brawl.state import Encounter
from brawl.zone import world
from brawl.zone.policy import zone_start

MAX_ACTIONS = 256
"""The default size of the action space."""
AGENT_KINDS = ("creature", "side")
"""One agent a creature, or one a side."""


MOVE_COSTS = ("movement", "move")
"""The costs of the requests that count as moves in the order of the options."""


def is_move(action: Action) -> bool:
    """A request that moves its creature and does nothing else: a move to a square, a path, a
    jump, a shift, a Disengage (whose cost is the movement or the move action)."""
    inner = action.action if type(action) is TakeAction else action
    return isinstance(inner, AdvanceTo | Advance) or type(inner).cost in MOVE_COSTS


def canonical(options: Sequence[Action]) -> list[Action]:
    """The options in the order of the action indices: ending the turn first (if offered), then
    every other action but the moves, then the moves (:func:`is_move`), each group in
    :func:`brawl.legal_actions`' order."""
    ends = [a for a in options if type(a) is EndTurn]
    moves = [a for a in options if type(a) is not EndTurn and is_move(a)]
    rest = [a for a in options if type(a) is not EndTurn and not is_move(a)]
    return ends + rest + moves


class Match:
    """The fight an environment plays: the state, whose decision it is, its options, and rewards.

    Shared by :class:`BrawlEnv` and :class:`~brawl.agents.gym.BrawlGymEnv`; it needs no learning
    library itself.
    """

    def __init__(
        self,
        state: Encounter,
        *,
        agents: str = "creature",
        system: str | None = None,
        first_side: str | None = None,
        max_rounds: int = 10,
        max_steps: int = 2_000,
        max_actions: int = MAX_ACTIONS,
        win_reward: float = 1.0,
        damage_reward: float = 0.0,
        forced: bool = True,
    ) -> None:
        if not isinstance(state, Encounter):
            raise ArgumentTypeError(f"state {shown(state)}: an Encounter is needed", rule=())
        if agents not in AGENT_KINDS:
            raise InvalidArgumentError(f"agents {agents!r}: one of {', '.join(AGENT_KINDS)}", rule=())
        self.start = state
        self.kind = agents
        self.system = system
        self.first_side = first_side
        self.max_rounds = max_rounds
        self.max_steps = max_steps
        self.win_reward = float(win_reward)
        self.damage_reward = float(damage_reward)
        self.forced = forced
        self.layout: Layout = layout(state, max_actions=max_actions, max_rounds=max_rounds)
        creatures = state.creature_list()
        self.sides = tuple(dict.fromkeys(c.side for c in creatures))
        self._sides = {c.id: c.side for c in creatures}
        self.agents = tuple(c.id for c in creatures) if agents == "creature" else self.sides
        if not self.agents:
            raise InvalidArgumentError("the state holds no creature: no agent to play it", rule=())
        self.state = state
        self.steps = 0
        self.agent: str | None = None
        self.options: list[Action] = []
        """The deciding agent's options, as many as the action space holds."""
        self.every_option: list[Action] = []
        """All of them, past the action space's size too (what a brawl policy chooses from)."""
        self.winner: str | None = None
        self.terminated = False
        self.truncated = False

    # --- whose decision -------------------------------------------------------------------------------
    def side_of(self, agent: str) -> str:
        """The side an agent plays for."""
        return self._sides[agent] if self.kind == "creature" else agent

    def _start_request(self, state: Encounter) -> Action:
        if world(state) is not None:
            return zone_start(state, self.first_side or self.sides[0])
        if self.system in (None, "drawsteel"):
            first = self.first_side or next((c.side for c in state.living()), None)
            return StartCombat(first_side=first)
        return legal_actions(state, system=self.system)[0]

    def reset(self, seed: int | None) -> None:
        """Back to the starting state, its dice seeded with ``seed`` (None: the state's own), combat
        started; then to the first decision."""
        state = self.start
        if seed is not None:
            state = state.with_rng(Rng(int(seed) % 2**63))
        self.steps = 0
        self.winner = None
        self.terminated = self.truncated = False
        if state.turn is None:
            state = apply(state, self._start_request(state)).state
        self.state = state
        self._advance()

    def _owner(self, action: Action, current: str | None) -> str | None:
        who = actor_of(action)
        if who is None and type(action) is EndTurn:
            who = current
        return who

    def _advance(self) -> None:
        """Apply what no agent decides until an agent has a decision, or the fight is over."""
        while True:
            self.agent, self.options, self.every_option = None, [], []
            if self._over():
                return
            state = self.state
            found = legal_actions(state)
            if not found:
                self.truncated = True
                return
            current = getattr(state.turn, "current", None)
            owners = [self._owner(a, current) for a in found]
            who = (
                current
                if current is not None and current in owners
                else next((o for o in owners if o is not None), None)
            )
            if who is None:
                self._apply(found[0])
                continue
            agent = who if self.kind == "creature" else self._side(who)
            mine = [
                a
                for a, o in zip(found, owners, strict=True)
                if o is not None and (o == who if self.kind == "creature" else self._side(o) == agent)
            ]
            ordered = canonical(mine)
            if agent not in self.agents or (self.forced and len(ordered) == 1):
                # one option only, or a creature or side that joined after the start: no agent asked
                self._apply(ordered[0])
                continue
            self.agent, self.options, self.every_option = agent, ordered[: self.layout.max_actions], ordered
            return

    def _side(self, creature: str) -> str:
        """The side of a creature of the state (or of the starting state, if it has left)."""
        found = self.state.creatures.get(creature)
        return found.side if found is not None else self._sides.get(creature, creature)

    def _over(self) -> bool:
        if self.terminated or self.truncated:
            return True
        sides = standing_sides(self.state)
        if len(sides) <= 1:
            self.terminated = True
            self.winner = sides[0] if sides else None
        elif self.state.round > self.max_rounds or self.steps >= self.max_steps:
            self.truncated = True
        return self.terminated or self.truncated

    def _apply(self, action: Action) -> None:
        self.state = apply(self.state, action).state
        self.steps += 1

    # --- playing ----------------------------------------------------------------------------------------
    def play(self, action: Action) -> float:
        """Apply the deciding agent's ``action`` (one of its options or any request it may make),
        then go on to the next decision; the damage reward it earned."""
        side = self.side_of(self.agent) if self.agent is not None else None
        before = self._stamina(side)
        self._apply(action)
        earned = (before - self._stamina(side)) * self.damage_reward if side is not None else 0.0
        self._advance()
        return earned

    def _stamina(self, side: str | None) -> int:
        """The Stamina of the creatures of other sides (a dead one counts 0)."""
        if side is None or not self.damage_reward:
            return 0
        return sum(
            max(c.stamina, 0) + c.temporary_stamina
            for c in self.state.creature_list()
            if c.side != side and not c.dead
        )

    def outcome(self, agent: str) -> float:
        """The reward for the fight's end: won, lost, or nothing (a draw or a truncated fight)."""
        if not self.terminated or self.winner is None:
            return 0.0
        return self.win_reward if self.side_of(agent) == self.winner else -self.win_reward

    def observe(self, agent: str) -> Array:
        """The flat observation of ``agent``."""
        acting = agent == self.agent
        parts = encode(
            self.state, self.layout, agent, acting=acting, options=len(self.options) if acting else 0
        )
        return flatten(parts)

    def mask(self, agent: str) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The action mask of ``agent``: its options if it decides now, else none."""
        return action_mask(self.options if agent == self.agent else (), self.layout)

    def text(self, agent: str | None = None) -> str:
        """The state and the deciding agent's options in the notation, numbered by index."""
        agent = self.agent if agent is None else agent
        return text_observation(
            self.state, agent, actions=self.options if agent == self.agent else [], numbered=True
        )


class BrawlEnv(AECEnv[str, dict[str, Any], int | None]):
    """The PettingZoo AEC environment of a brawl fight (see the module's documentation).

    Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``;
    :attr:`layout` says what each entry of the vector is. ``render()`` draws the map as text.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "brawl_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        state: Encounter,
        *,
        render_mode: str | None = None,
        strict: bool = False,
        invalid_reward: float = -0.1,
        **options: Any,
    ) -> None:
        super().__init__()
        self.match = Match(state, **options)
        self.render_mode = render_mode
        self.strict = strict
        self.invalid_reward = float(invalid_reward)
        self.possible_agents = list(self.match.agents)
        lay = self.match.layout
        space = spaces.Dict({"observation": observation_box(lay), "action_mask": mask_box(lay)})
        self._observation_spaces = dict.fromkeys(self.possible_agents, space)
        self._action_spaces = {a: spaces.Discrete(lay.max_actions) for a in self.possible_agents}
        self.agents: list[str] = []
        self._seeds = np.random.default_rng()

    @property
    def layout(self) -> Layout:
        """The shape of the observations and of the action space."""
        return self.match.layout

    @property
    def state_now(self) -> Encounter:
        """The brawl state of the fight as it stands."""
        return self.match.state

    @property
    def options(self) -> list[Action]:
        """The deciding agent's options, in the order of the action indices."""
        return list(self.match.options)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a fight: its dice seeded by ``seed``, or with None by the next seed of the
        sequence the last seed given began (a random one before any)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.match.reset(int(seed) if seed is not None else int(self._seeds.integers(0, 2**62)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()
        self._accumulate_rewards()  # a fight over before anyone decides is won or lost already

    def _select(self) -> None:
        """The next agent: the one deciding, or, once the fight is over, each agent in turn."""
        m = self.match
        if m.terminated or m.truncated:
            for a in self.agents:
                self.terminations[a] = m.terminated
                self.truncations[a] = m.truncated and not m.terminated
                self.rewards[a] += m.outcome(a)
            self.agent_selection = self.agents[0] if self.agents else ""
        else:
            assert m.agent is not None
            self.agent_selection = m.agent

    def observe(self, agent: str) -> dict[str, Any]:
        return {"observation": self.match.observe(agent), "action_mask": self.match.mask(agent)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        options = self.match.options
        index = int(action) if isinstance(action, int | np.integer) and not isinstance(action, bool) else -1
        if not 0 <= index < len(options):
            if self.strict:
                raise InvalidArgumentError(
                    f"action {shown(action)}: {agent} has {len(options)} option(s), "
                    f"indices 0..{len(options) - 1}",
                    rule=(),
                )
            self.rewards[agent] = self.invalid_reward
        else:
            self.rewards[agent] = self.match.play(options[index])
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return render_text(self.match.state)

    def close(self) -> None:
        """Nothing to release."""

    def text_observation(self, agent: str | None = None) -> str:
        """The state in a few lines and ``agent``'s options in the notation, each with its index
        (the deciding agent's by default), for language-model agents."""
        return self.match.text(agent)


__all__ = ["AGENT_KINDS", "MAX_ACTIONS", "MOVE_COSTS", "BrawlEnv", "Match", "canonical", "is_move"]
