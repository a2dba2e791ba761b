"""A Gymnasium environment: one learner plays a side, a brawl policy plays the others.

``BrawlGymEnv(state, side="heroes")`` observes the flat vector of
:mod:`brawl.agents.encode` (a ``Box``) and acts by an index into its side's options, as
:class:`~brawl.agents.env.BrawlEnv` does with one agent a side; ``info["action_mask"]`` and
:meth:`BrawlGymEnv.action_masks` give the mask (the method masked-action learners look for).
The other sides' decisions are made by ``opponent`` (a policy of :mod:`brawl.sim`, given the
state and its options; :func:`brawl.sim.greedy` by default) until the learner decides again.
The reward is the learner's side's: ``win_reward`` or its opposite at the end, and
``damage_reward`` for each Stamina its actions took; an index the mask refuses changes nothing
and earns ``invalid_reward``.
"""

from __future__ import annotations

from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from brawl.agents.encode import Array, observation_box
from brawl.agents.env import Match
from brawl.errors import InvalidArgumentError
from brawl.render import render_text
from brawl.sim import Policy, greedy
from brawl.state import Encounter


class BrawlGymEnv(gymnasium.Env[Array, int]):
    """A brawl fight as a single-agent Gymnasium environment (see the module's documentation)."""

    def __init__(
        self,
        state: Encounter,
        *,
        side: str | None = None,
        opponent: Policy = greedy,
        render_mode: str | None = None,
        invalid_reward: float = -0.1,
        **options: Any,
    ) -> None:
        super().__init__()
        self.metadata = {"render_modes": ["ansi"]}
        self.match = Match(state, agents="side", **options)
        chosen = side if side is not None else self.match.sides[0]
        if chosen not in self.match.sides:
            raise InvalidArgumentError(
                f"side {chosen!r}: not a side of the state ({', '.join(self.match.sides)})", rule=()
            )
        self.side = chosen
        self.opponent = opponent
        self.render_mode = render_mode
        self.invalid_reward = float(invalid_reward)
        self.observation_space = cast(gymnasium.spaces.Space[Array], observation_box(self.match.layout))
        self.action_space = cast(
            gymnasium.spaces.Space[int], gymnasium.spaces.Discrete(self.match.layout.max_actions)
        )

    def _others(self) -> None:
        """Let the opponent decide until the learner's side does or the fight is over."""
        m = self.match
        while m.agent is not None and m.agent != self.side:
            m.play(self.opponent(m.state, list(m.every_option)))

    def _observation(self) -> Array:
        return self.match.observe(self.side)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "winner": self.match.winner}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which indices are the learner's options now."""
        return self.match.mask(self.side).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        super().reset(seed=seed)
        self.match.reset(seed if seed is not None else int(self.np_random.integers(0, 2**62)))
        self._others()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Array, float, bool, bool, dict[str, Any]]:
        m = self.match
        index = int(action)
        if m.agent != self.side or not 0 <= index < len(m.options):
            reward = self.invalid_reward
        else:
            reward = m.play(m.options[index])
            self._others()
            reward += m.outcome(self.side)
        return self._observation(), reward, m.terminated, m.truncated and not m.terminated, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return render_text(self.match.state)

    def text_observation(self) -> str:
        """The state and the learner's options in the notation, numbered by index."""
        return self.match.text(self.side)


__all__ = ["BrawlGymEnv"]
