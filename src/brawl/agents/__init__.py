"""Environments for learning and language-model agents: PettingZoo's AEC interface, one agent a
creature or a side (:class:`BrawlEnv`), and Gymnasium's single-agent one, the other side played
by a brawl policy (:class:`BrawlGymEnv`). They need the ``agents`` extra (PettingZoo, Gymnasium,
numpy): ``pip install "brawl[agents]"``."""

from __future__ import annotations

from brawl.agents.encode import Layout, action_mask, encode, flatten, layout
from brawl.agents.env import MAX_ACTIONS, BrawlEnv, Match
from brawl.agents.gym import BrawlGymEnv

__all__ = [
    "MAX_ACTIONS",
    "BrawlEnv",
    "BrawlGymEnv",
    "Layout",
    "Match",
    "action_mask",
    "encode",
    "flatten",
    "layout",
]
