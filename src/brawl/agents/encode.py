"""Observations as numpy arrays and the action mask, for learning agents.

An observation has three parts, each a float32 array with values in [-1, 1], fixed in shape for
one environment (its :class:`Layout`, made once from the starting state):

- ``terrain``: ``(len(TERRAIN_CHANNELS) * levels, depth, width)``: for each level of the
  layout's window (from the lowest a creature stands on, one level below it, up to
  :data:`LEVELS` levels) and each square, 1.0 where the cell is solid, liquid, difficult or
  damaging.
- ``creatures``: ``(creatures, len(CREATURE_FEATURES))``: one row a creature of the starting
  state, in its order: present, alive, the viewer itself, an ally of the viewer, position
  (x / width, y / depth, level in the window / levels), size, Stamina / maximum (clipped to
  [-1, 1]: dying heroes go below 0), temporary Stamina / maximum, winded, dying, whose turn it
  is, then one column a condition (:data:`CONDITIONS`).
- ``turn``: :data:`TURN_FEATURES`: the round / the round limit, in combat, the viewer acts now,
  the movement left / the mover's speed, the options offered / the action space's size.

:func:`flatten` joins them in that order into the one vector the environments observe;
:meth:`Layout.parts` gives each part's slice and shape. The action mask is 1 for each index
below the number of options offered (:func:`action_mask`).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from brawl.conditions import ConditionName
from brawl.creature import Creature
from brawl.errors import InvalidArgumentError
from brawl.state import Encounter
from brawl.terrain import Terrain
from brawl.turns.deeds import movement_left

TERRAIN_CHANNELS = ("solid", "liquid", "difficult", "damaging")
"""What each terrain plane marks, per level."""
CONDITIONS = tuple(c.value for c in ConditionName)
"""The conditions, one column each in the creature rows."""
CREATURE_FEATURES = (
    "present",
    "alive",
    "self",
    "ally",
    "x",
    "y",
    "level",
    "size",
    "stamina",
    "temporary_stamina",
    "winded",
    "dying",
    "acting",
    *CONDITIONS,
)
"""The columns of a creature row."""
TURN_FEATURES = ("round", "in_combat", "my_turn", "movement_left", "options")
"""The entries of the turn part."""
LEVELS = 4
"""How many levels the terrain window holds at most."""

Array = npt.NDArray[np.float32]


@attrs.frozen
class Layout:
    """The fixed shape of one environment's observations and actions."""

    width: int
    depth: int
    levels: tuple[int, ...]
    """The z of each level of the terrain window, lowest first."""
    creatures: tuple[str, ...]
    """The creature of each row, in the starting state's order."""
    max_actions: int
    """The size of the action space: options past it are not offered."""
    max_rounds: int

    def shapes(self) -> dict[str, tuple[int, ...]]:
        """Each part's shape, in the order :func:`flatten` joins them."""
        return {
            "terrain": (len(TERRAIN_CHANNELS) * len(self.levels), self.depth, self.width),
            "creatures": (len(self.creatures), len(CREATURE_FEATURES)),
            "turn": (len(TURN_FEATURES),),
        }

    def parts(self) -> dict[str, tuple[slice, tuple[int, ...]]]:
        """Each part's slice of the flat vector and its shape."""
        out: dict[str, tuple[slice, tuple[int, ...]]] = {}
        at = 0
        for name, shape in self.shapes().items():
            size = int(np.prod(shape))
            out[name] = (slice(at, at + size), shape)
            at += size
        return out

    @property
    def size(self) -> int:
        """The length of the flat observation."""
        return sum(int(np.prod(s)) for s in self.shapes().values())


def layout(state: Encounter, *, max_actions: int, max_rounds: int) -> Layout:
    """The layout of the observations of fights starting from ``state``."""
    if not isinstance(max_actions, int) or isinstance(max_actions, bool) or max_actions < 1:
        raise InvalidArgumentError(f"max_actions {max_actions!r}: a whole number of at least 1", rule=())
    t = state.terrain
    creatures = state.creature_list()
    low = min((c.pos.z for c in creatures), default=0) - 1
    low = max(low, -t.below)
    levels = tuple(z for z in range(low, low + LEVELS) if t.in_bounds((0, 0, z)))
    return Layout(t.width, t.depth, levels, tuple(c.id for c in creatures), max_actions, max_rounds)


_PLANES: dict[tuple[int, Layout], tuple[Terrain, Array]] = {}


def terrain_planes(terrain: Terrain, lay: Layout) -> Array:
    """The terrain part: one plane a channel and level (cached for the last terrain seen)."""
    key = (id(terrain), lay)
    found = _PLANES.get(key)
    if found is not None and found[0] is terrain:
        return found[1]
    out = np.zeros(lay.shapes()["terrain"], dtype=np.float32)
    for li, z in enumerate(lay.levels):
        base = li * len(TERRAIN_CHANNELS)
        for y in range(lay.depth):
            for x in range(lay.width):
                cell = terrain.cell((x, y, z))
                out[base, y, x] = cell.solid
                out[base + 1, y, x] = cell.liquid
                out[base + 2, y, x] = cell.difficult
                out[base + 3, y, x] = cell.damaging > 0
    if len(_PLANES) > 64:
        _PLANES.clear()
    _PLANES[key] = (terrain, out)
    return out


def _creature_row(c: Creature, lay: Layout, viewer: str, side: str | None, acting: str | None) -> list[float]:
    most = max(c.stamina_max, 1)
    low = lay.levels[0] if lay.levels else 0
    row = [
        1.0,
        float(not c.dead),
        float(c.id == viewer),
        float(side is not None and c.side == side),
        c.pos.x / max(lay.width - 1, 1),
        c.pos.y / max(lay.depth - 1, 1),
        (c.pos.z - low) / max(len(lay.levels), 1),
        c.n / 4,
        c.stamina / most,
        c.temporary_stamina / most,
        float(c.is_winded),
        float(c.is_dying),
        float(c.id == acting),
    ]
    row += [float(c.has(name)) for name in CONDITIONS] if c.conditions else [0.0] * len(CONDITIONS)
    return row


def encode(
    state: Encounter, lay: Layout, viewer: str, *, acting: bool = False, options: int = 0
) -> dict[str, Array]:
    """The parts of the observation of ``viewer`` (a creature id, or a side: then no row is its
    own): ``acting`` says the viewer decides now, ``options`` how many options it has."""
    side = state.creatures[viewer].side if viewer in state.creatures else viewer
    current = getattr(state.turn, "current", None)
    rows = np.zeros(lay.shapes()["creatures"], dtype=np.float32)
    for i, cid in enumerate(lay.creatures):
        c = state.creatures.get(cid)
        if c is not None:
            rows[i] = _creature_row(c, lay, viewer, side, current)
    moving = current if isinstance(current, str) and current in state.creatures else None
    left = movement_left(state, moving) / max(state.creatures[moving].speed, 1) if moving else 0.0
    turn = np.array(
        [
            min(state.round / max(lay.max_rounds, 1), 1.0),
            float(state.turn is not None),
            float(acting),
            min(left, 1.0),
            min(options / lay.max_actions, 1.0),
        ],
        dtype=np.float32,
    )
    return {
        "terrain": terrain_planes(state.terrain, lay),
        "creatures": np.clip(rows, -1.0, 1.0),
        "turn": turn,
    }


def flatten(parts: dict[str, Array]) -> Array:
    """The parts joined into one vector, in :meth:`Layout.shapes`' order."""
    return np.concatenate([parts["terrain"].ravel(), parts["creatures"].ravel(), parts["turn"]])


def observation_box(lay: Layout) -> spaces.Box:
    """The space of the flat observation."""
    return spaces.Box(low=-1.0, high=1.0, shape=(lay.size,), dtype=np.float32)


def mask_box(lay: Layout) -> spaces.Box:
    """The space of the action mask."""
    return spaces.Box(low=0, high=1, shape=(lay.max_actions,), dtype=np.int8)


def action_mask(options: Sequence[object], lay: Layout) -> npt.NDArray[np.int8]:
    """1 for each index below the number of options (at most the action space's size), else 0."""
    out = np.zeros(lay.max_actions, dtype=np.int8)
    out[: min(len(options), lay.max_actions)] = 1
    return out


__all__ = [
    "CONDITIONS",
    "CREATURE_FEATURES",
    "LEVELS",
    "TERRAIN_CHANNELS",
    "TURN_FEATURES",
    "Layout",
    "action_mask",
    "encode",
    "flatten",
    "layout",
    "mask_box",
    "observation_box",
    "terrain_planes",
]
