"""Putting movers in place: groups moved together, damaging terrain entered, falls after a move.

Shared by the willing moves: riders and grabbed creatures keep their offset (DS-MOUNT-03,
RB1-GRABBED); entering damaging terrain deals its damage (DS-MOVE-13); ending unsupported falls
(DS-MOVE-14, DS-FALL-01); a caller-supplied power roll gives its tier (DS-TURN-13).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from brawl.checks import whole_number
from brawl.creature import Creature
from brawl.dice import tier_of
from brawl.errors import (
    IllegalMoveError,
    StateError,
)
from brawl.fields import copier, replaced
from brawl.geometry import Pos, cube, distance
from brawl.outcome import Outcome
from brawl.rules.falling import Fall, should_fall
from brawl.rules.steps import (
    STOP_SIZE_GAP,
    MoveModel,
)
from brawl.state import Encounter


def power_roll_tier(roll: object, *, rule: str) -> int:
    """Tier 1 (≤11), 2 (12-16) or 3 (17+) of a caller-supplied power roll total (DS-TURN-13)."""
    return tier_of(whole_number(roll, -100, 100, what="power roll (2d10 + bonuses)", rule=rule))


def place_group(state: Encounter, movers: Sequence[tuple[str, Pos]], **extra: Any) -> Encounter:
    """Put several creatures at new positions; the first also gets ``extra`` fields.

    A group moved by one shift is placed front first (the creature farthest along the shift),
    so that no one lands on a space a member of the group has not left yet.
    """
    first = movers[0][0]
    if len(movers) == 1:  # one creature: every order below is the same
        return state.with_creature(_placed(state.creature(first), movers[0][1], extra))
    last_error: StateError | None = None
    start = state.creature(first).pos
    delta = movers[0][1] - start

    def ahead(item: tuple[str, Pos]) -> int:
        p = state.creature(item[0]).pos
        return -(p.x * delta.x + p.y * delta.y + p.z * delta.z)

    front = tuple(sorted(movers, key=ahead))
    for order in (front, tuple(reversed(front)), tuple(movers)):
        try:
            enc = state
            for cid, pos in order:
                enc = enc.with_creature(_placed(enc.creature(cid), pos, extra if cid == first else {}))
            return enc
        except StateError as exc:
            last_error = exc
    assert last_error is not None
    raise last_error


def _placed(c: Creature, pos: Pos, extra: dict[str, Any]) -> Creature:
    """``replaced(c, pos=pos, **extra)``; a :class:`Pos` alone is set by :func:`moved_to`."""
    if extra or type(pos) is not Pos:
        return replaced(c, pos=pos, **extra)
    return moved_to(c, pos)


def moved_to(c: Creature, pos: Pos) -> Creature:
    """``replaced(c, pos=pos)`` for a :class:`Pos`: a Pos converts to itself and no check of a
    creature reads its position (its space is the encounter's to check), so the other fields are
    copied across as they are."""
    out = _draft_creature(
        c
    )  # put(c, pos=pos) without its loop over the values (no class derives from Creature)
    out.pos = pos
    out.__class__ = Creature
    return out  # type: ignore[no-any-return]  # the draft, now a Creature; no cast on a hot path


_draft_creature = copier(Creature)


def try_place(
    state: Encounter,
    creature: str,
    start: Pos,
    pos: Pos,
    carried: Sequence[str],
    *,
    final: bool = False,
    squeeze: bool = False,
) -> Encounter:
    """Put the mover (and what it carries) at ``pos``; mid-move, a shared space keeps the old state."""
    c = state.creature(creature)
    extra: dict[str, Any] = {}
    if final:
        if c.riding is not None:
            mount = state.creatures.get(c.riding)
            if mount is None or not all(
                distance(cell, 1, mount.pos, mount.n) == 0 for cell in cube(pos, c.n)
            ):
                extra["riding"] = None  # stepped off its mount
        squeezed = False  # sharing no one's space: squeezed in nowhere
        if squeeze:
            sharing = state.creatures_in(pos, c.n, exclude=(creature, *carried))
            squeezed = any(state.creatures[o].size.ranks_apart(c.size) < STOP_SIZE_GAP for o in sharing)
        if squeezed is not c.squeezed:  # the same value set again changes nothing
            extra["squeezed"] = squeezed
    if pos == c.pos and not extra:
        return state
    try:
        if not carried:  # the mover alone: place_group of one
            return state.with_creature(_placed(c, pos, extra))
        delta = pos - c.pos
        movers = [(creature, pos), *((cid, state.creature(cid).pos + delta) for cid in carried)]
        return place_group(state, movers, **extra)
    except StateError as exc:
        if not final:
            return state
        raise _not_placed(creature, pos, exc) from None


def place_alone(state: Encounter, c: Creature, pos: Pos) -> Encounter:
    """:func:`try_place` at the end of a move (``final``) of ``c``, the encounter's own record of
    a mover carrying no one, that rides nothing, is not squeezed and moves without squeezing (no
    field but its position changes), to a ``pos`` other than its own."""
    try:
        return state.with_creature(moved_to(c, pos))
    except StateError as exc:
        raise _not_placed(c.id, pos, exc) from None


def _not_placed(creature: str, pos: Pos, exc: StateError) -> IllegalMoveError:
    return IllegalMoveError(f"move {creature!r} to {tuple(pos)}: {exc}", rule=("DS-MOVE-04", "R-GEO-5"))


def terrain_damage(state: Encounter, model: MoveModel, p: Pos, q: Pos) -> tuple[int, str | None] | None:
    """The worst damaging terrain a step newly enters: (damage, type), or None (DS-MOVE-13)."""
    best: tuple[int, str | None] | None = None
    terrain = state.terrain
    if not terrain.is_damaging(q, model.n):
        return None
    old = set(cube(p, model.n))
    for cell_pos in cube(q, model.n):
        if cell_pos in old:
            continue
        cell = terrain.cell(cell_pos)
        if cell.damaging and (best is None or cell.damaging > best[0]):
            best = (cell.damaging, cell.damage_type.value if cell.damage_type else None)
    return best


def fall_if_unsupported(out: Outcome, creature: str) -> Outcome:
    """Add the fall of a creature that nothing holds up any more (DS-MOVE-14, DS-FALL-01)."""
    if should_fall(out.state, creature):
        return out.then(Fall(creature, rules=("DS-MOVE-14",)).resolve)
    return out


__all__ = [
    "fall_if_unsupported",
    "moved_to",
    "place_alone",
    "place_group",
    "power_roll_tier",
    "terrain_damage",
    "try_place",
]
