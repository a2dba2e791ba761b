"""The reachable-squares rule: where a creature can end a move, and at what cost (R-MOVE-1, R-MOVE-2).

:func:`reachable` builds the step rules of the mover (:class:`brawl.rules.steps.MoveModel`) with
what the condition rules say (current speed, grabs, riders) and runs the engine of
:mod:`brawl.reach` over them: the bit-set flood for walking, shifting, crawling and burrowing on
one level and for flying, swimming or climbing over every level (26 directions), any size,
frightened or not, carrying riders and dragging grabbed creatures or not, at any budget; the
Dijkstra search only for a mover of size 2 or more whose own space is not open. A move gets
min(distance offered, current speed) points (DS-MOVE-07).
"""

from __future__ import annotations

from typing import Literal

from brawl.creature import Creature
from brawl.errors import IllegalMoveError, InvalidArgumentError
from brawl.geometry import HORIZONTAL_DIRECTIONS, Pos
from brawl.reach import Reachable, dijkstra, made
from brawl.reach_backend import MAX_SEARCH_POSITIONS, Backend
from brawl.rules.conditions import grabbing, speed
from brawl.rules.step_masks import bitset_search
from brawl.rules.step_masks3 import bitset_search3
from brawl.rules.steps import (
    DISENGAGE_SQUARES,
    MAX_BUDGET,
    SHIFT_MODES,
    SPACE_MODES,
    Mode,
    MoveModel,
    check_budget,
    mode_refusal,
)
from brawl.state import Encounter

BITSET_SMALL = 256
"""Windows at most this many squares across are searched without the size check (they pass it)."""

Algorithm = Literal["auto", "bitset", "dijkstra"]
MAX_WINDOW_BITS = 1 << 24
"""Largest bit-set window searched (positions, guard bits included); larger searches are refused."""


def window_bits(model: MoveModel, origin: Pos, budget: int) -> int:
    """About how many bits the bit-set window of a search holds: it is clamped to the map."""
    terrain = model.state.terrain
    span = 2 * budget + model.n + 2
    bits = (min(span, terrain.width) + 1) * (min(span, terrain.depth) + 1)
    if model.mode in SPACE_MODES:
        bits *= min(span, terrain.height + terrain.below)
    return bits


def bitset_kind(model: MoveModel, origin: Pos | None = None) -> str | None:
    """ "walk" (one level, 8 directions), "space" (26 directions) or None: no bit-set search.

    A mover of size 2 or more whose cube does not fit at ``origin`` (an object put into its
    space, a walker buried in dirt) needs the general search: the bit-set search reads the
    corners of a step (R-GEO-4) as whole cubes, which holds only when the start is open.
    """
    if model.n > 1 and origin is not None and not model.fits(origin):
        return None
    if model.bitset_ok:
        return "walk"
    if model.space_bitset_ok:
        return "space"
    return None


def search(
    model: MoveModel, origin: Pos, budget: int, *, algorithm: Algorithm = "auto"
) -> tuple[Backend, str]:
    """Run the bit-set or the Dijkstra search from ``origin`` with ``budget`` movement points."""
    if algorithm not in ("auto", "bitset", "dijkstra"):
        raise InvalidArgumentError(f"algorithm {algorithm!r}: auto, bitset or dijkstra", rule="R-MOVE-1")
    kind = bitset_kind(model, origin)
    if algorithm == "bitset" and kind is None:
        raise InvalidArgumentError(
            f"algorithm 'bitset': the {model.mode} mode of {model.creature.id!r} needs the general search",
            rule="R-MOVE-1",
        )
    if algorithm != "dijkstra" and kind is not None:
        bits = window_bits(model, origin, budget)
        if bits > MAX_WINDOW_BITS:
            raise InvalidArgumentError(
                f"budget {budget}: the {model.mode} search's window of {bits:,} bits is above "
                f"MAX_WINDOW_BITS ({MAX_WINDOW_BITS:,}); ask with a smaller budget",
                rule="DS-MOVE-07",
            )
        if kind == "walk":
            return bitset_search(model, origin, budget), "bitset"
        return bitset_search3(model, origin, budget), "bitset"
    terrain = model.state.terrain
    span = 2 * budget + 1
    levels = 1 if model.directions is HORIZONTAL_DIRECTIONS else min(span, terrain.height + terrain.below)
    if min(span, terrain.width) * min(span, terrain.depth) * levels > MAX_SEARCH_POSITIONS:
        raise InvalidArgumentError(
            f"budget {budget}: the {model.mode} search could cover more than {MAX_SEARCH_POSITIONS:,} "
            "positions (MAX_SEARCH_POSITIONS); ask with a smaller budget",
            rule="DS-MOVE-07",
        )
    # a shift can't leave difficult or damaging terrain or an enemy's space (DS-MOVE-10)
    dirs = () if model.mode in SHIFT_MODES and model.forbidden_for_shift(origin) else model.directions
    return dijkstra(model.step, dirs, origin, budget, model.can_end), "dijkstra"


def current_speed(state: Encounter, creature: str) -> int:
    """Speed after conditions, the grabber's halving included (RB1-GRABBED, RB1-SLOWED, DS-MOVE-07)."""
    return speed(state, creature)


def companions(state: Encounter, creature: str) -> tuple[tuple[str, ...], list[Creature]]:
    """The riders of ``creature`` (DS-MOUNT-03) and the creatures it has grabbed (RB1-GRABBED)."""
    c = state.creature(creature)
    riders: tuple[str, ...] = ()
    if state.riding_me(c.id):  # only then look for them, on it or on top of it
        near = state.creatures_in(c.pos - (1, 1, 1), c.n + 2, exclude=(c.id,))
        riders = tuple(oid for oid in near if state.creatures[oid].riding == c.id)
    held = grabbing(state, creature)
    return riders, [state.creatures[g] for g in held] if held else []


def grabbed_by(state: Encounter, creature: str) -> list[Creature]:
    """The creatures that ``creature`` has grabbed (RB1-GRABBED)."""
    return companions(state, creature)[1]


def riders_of(state: Encounter, creature: str) -> tuple[str, ...]:
    """Ids of the creatures riding ``creature`` (DS-MOUNT-03)."""
    return companions(state, creature)[0]


def movement_model(
    state: Encounter,
    creature: str,
    mode: str,
    *,
    squeeze: bool = False,
    drag: bool = True,
    found: tuple[tuple[str, ...], list[Creature]] | None = None,
) -> MoveModel:
    """The step rules of ``creature`` in ``mode``, carrying its riders and dragging what it grabbed.

    The last rules built from the creature's own companions (``found`` None) are kept with their
    state: the state is immutable, so a listing that checks many moves of one creature (its
    jumps, their costs) builds them once."""
    if found is None:
        last = _LAST_MODEL[0]
        key = (creature, mode, squeeze, drag)
        if last is not None and last[0] is state and last[1] == key:
            return last[2]
        model = _movement_model(state, creature, mode, squeeze, drag, None)
        _LAST_MODEL[0] = (state, key, model)
        return model
    return _movement_model(state, creature, mode, squeeze, drag, found)


_LAST_MODEL: list[tuple[Encounter, tuple[object, ...], MoveModel] | None] = [None]
"""The last step rules :func:`movement_model` built from a creature's own companions, with their
state and query."""


def _movement_model(
    state: Encounter,
    creature: str,
    mode: str,
    squeeze: bool,
    drag: bool,
    found: tuple[tuple[str, ...], list[Creature]] | None,
) -> MoveModel:
    c = state.creature(creature)
    if c.dead:
        raise IllegalMoveError(f"{creature!r} is dead and can't move", rule="DS-STAM-09")
    refusal = mode_refusal(c, mode)
    if refusal is not None:
        raise IllegalMoveError(f"{mode} {creature!r}: {refusal.reason}", rule=refusal.rules)
    riders, grabbed = companions(state, creature) if found is None else found
    if not riders and not (grabbed and drag):
        return MoveModel(state, c, mode, squeeze=squeeze)
    carried = [state.creatures[r] for r in riders]
    return MoveModel(state, c, mode, squeeze=squeeze, carried=carried, dragged=grabbed if drag else ())


def reachable(
    state: Encounter,
    creature: str,
    *,
    budget: int | None = None,
    mode: Mode = "advance",
    squeeze: bool = False,
    ignore_speed: bool = False,
    algorithm: Algorithm = "auto",
) -> Reachable:
    """Every position ``creature`` can end a move on, with its cheapest cost (R-MOVE-1, R-MOVE-2).

    ``budget`` is the distance the move offers; the creature gets min(budget, current speed)
    movement points (DS-MOVE-07), or its current speed when ``budget`` is None. ``ignore_speed``
    is for effects that say they exceed speed. ``squeeze`` lets the move end in the space of a
    creature within 1 size (DS-MOVE-05). Disengage searches 1 square unless ``budget`` says more.
    """
    if not isinstance(squeeze, bool) or not isinstance(ignore_speed, bool):
        raise InvalidArgumentError("squeeze and ignore_speed: True or False", rule="DS-MOVE-05")
    key = (creature, budget, mode, squeeze, ignore_speed, algorithm)
    last = _LAST[0]
    if last is not None and last[0] is state and last[1] == key:
        return last[2]
    found = _reachable(state, creature, budget, mode, squeeze, ignore_speed, algorithm)
    _LAST[0] = (state, key, found)
    return found


_LAST: list[tuple[Encounter, tuple[object, ...], Reachable] | None] = [None]
"""The last query and its answer: the state is immutable and the result too, so a policy that
lists a creature's destinations and then moves it searches once (:func:`reachable`)."""


def _reachable(
    state: Encounter,
    creature: str,
    budget: int | None,
    mode: Mode,
    squeeze: bool,
    ignore_speed: bool,
    algorithm: Algorithm,
) -> Reachable:
    c = state.creature(creature)
    cid = c.id
    # the indexes say at once whether anyone rides it or is grabbed by it
    if state.riding_me(cid) or state.grabbed_by_me(cid):
        model = movement_model(state, cid, mode, squeeze=squeeze, found=companions(state, cid))
        points = movement_points(state, cid, budget, mode=mode, ignore_speed=ignore_speed)
    else:
        if c.dead:
            raise IllegalMoveError(f"{cid!r} is dead and can't move", rule="DS-STAM-09")
        refusal = mode_refusal(c, mode)
        if refusal is not None:
            raise IllegalMoveError(f"{mode} {cid!r}: {refusal.reason}", rule=refusal.rules)
        model = MoveModel(state, c, mode, squeeze=squeeze)
        _SEARCHED[0] = (state, cid, mode, squeeze, model)
        if c.conditions:
            points = movement_points(state, cid, budget, mode=mode, ignore_speed=ignore_speed)
        else:  # alive, no condition, grabbing no one: its speed is its own (RB1-GRABBED, RB1-SLOWED)
            points = speed_points(c.speed, budget, mode, ignore_speed)
    origin = c.pos
    n = model.n
    if (
        algorithm == "auto"
        and model.bitset_ok
        and 2 * points + n <= BITSET_SMALL
        and (n == 1 or model.fits(origin))
    ):
        # the common query: a small walking window (8 directions), searched straight away
        backend: Backend = bitset_search(model, origin, points)
        return made(cid, origin, points, mode, "bitset", model.step, HORIZONTAL_DIRECTIONS, backend, state)
    backend, used = search(model, origin, points, algorithm=algorithm)
    return made(cid, origin, points, mode, used, model.step, model.directions, backend, state)


_SEARCHED: list[tuple[Encounter, str, str, bool, MoveModel] | None] = [None]
"""The step rules of the last search of a creature that carries and drags no one, with its state."""


def searched_model(state: Encounter, creature: str, mode: str, squeeze: bool) -> MoveModel | None:
    """The step rules the last search of ``creature`` in ``mode`` used, if it carried and dragged no
    one (:func:`companions` gives nothing) and its state holds the same map, objects and creatures
    as ``state``: they answer for ``state`` as for it, since no step rule reads the turn, the round
    or the dice (a move action taken since changes none of them). Else None."""
    last = _SEARCHED[0]
    if last is None or last[1] != creature or last[2] != mode or last[3] is not squeeze:
        return None
    searched = last[0]
    if searched is state or (
        searched.creatures is state.creatures
        and searched.objects is state.objects
        and searched.terrain is state.terrain
    ):
        return last[4]
    return None


def movement_points(
    state: Encounter,
    creature: str,
    budget: int | None,
    *,
    mode: str = "advance",
    ignore_speed: bool = False,
) -> int:
    """Movement points of one move: min(distance offered, current speed) (R-MOVE-2, DS-MOVE-07)."""
    return speed_points(speed(state, creature), budget, mode, ignore_speed)


def speed_points(speed_now: int, budget: int | None, mode: str, ignore_speed: bool) -> int:
    """min(distance offered, ``speed_now``), the offer checked (R-MOVE-2, DS-MOVE-07)."""
    if budget is None:
        offered = DISENGAGE_SQUARES if mode == "disengage" else speed_now
    elif type(budget) is int and 0 <= budget <= MAX_BUDGET:  # the usual offer, as check_budget says
        offered = budget
    else:
        offered = check_budget(budget)
    return offered if ignore_speed else min(offered, speed_now)


__all__ = [
    "MAX_WINDOW_BITS",
    "Algorithm",
    "bitset_kind",
    "companions",
    "current_speed",
    "grabbed_by",
    "movement_model",
    "movement_points",
    "reachable",
    "riders_of",
    "search",
    "searched_model",
    "speed_points",
    "window_bits",
]
