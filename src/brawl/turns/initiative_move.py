"""The initiative game's disengaging: adjacent to an enemy, a character leaves only by disengaging.

A character that starts adjacent to enemies must stay adjacent, after every step, to at least
one enemy it started adjacent to, unless it disengages (I-DIS-01, I-DIS-02, I-AMB-04).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from brawl.errors import IllegalMoveError, InvalidArgumentError, RulesError
from brawl.geometry import Pos, adjacent, as_pos, distance
from brawl.state import Encounter

MAX_PATH = 10**6
"""Longest path accepted by :func:`verify_initiative_move`."""

__all__ = ["can_initiative_move", "verify_initiative_move", "verify_stays_engaged"]


def verify_initiative_move(
    state: Encounter, creature: str, path: Iterable[Iterable[int]], *, disengage: bool = False
) -> None:
    """Raise :class:`IllegalMoveError` if a move leaves adjacency without disengaging (I-DIS-01, I-DIS-02).

    ``path`` lists the squares entered, one step each. A character that starts adjacent to
    enemies must stay adjacent, after every step, to at least one enemy it started adjacent to
    (I-AMB-04), unless it disengages.
    """
    c = state.creature(creature)
    try:
        steps = []
        for i, p in enumerate(path):
            if i >= MAX_PATH:
                raise InvalidArgumentError(
                    f"path of {creature!r}: longer than {MAX_PATH} steps", rule="I-TURN-04"
                )
            steps.append(as_pos(p))
    except (TypeError, ValueError) as exc:
        if isinstance(exc, InvalidArgumentError):
            raise
        raise InvalidArgumentError(
            f"path {path!r} of {creature!r}: squares (x, y, z)", rule="I-TURN-05"
        ) from None
    here: Pos = c.pos
    for p in steps:
        if distance(here, 1, p, 1) != 1:
            raise InvalidArgumentError(
                f"path of {creature!r}: {tuple(p)} is not one step from {tuple(here)}", rule="I-TURN-05"
            )
        here = p
    if not disengage:
        verify_stays_engaged(state, creature, steps)


def verify_stays_engaged(state: Encounter, creature: str, steps: Sequence[Pos]) -> None:
    """Raise :class:`IllegalMoveError` if a walk that is no Disengage leaves, at some step, every
    enemy ``creature`` started adjacent to (I-DIS-01, I-DIS-02, I-AMB-04); ``steps``: the squares
    entered, each one step from the last."""
    if not steps:
        return
    c = state.creature(creature)
    start = [e for e in state.enemies_of(creature) if adjacent(c.pos, c.n, e.pos, e.n)]
    if not start:
        return
    for p in steps:
        if not any(adjacent(p, c.n, e.pos, e.n) for e in start):
            raise IllegalMoveError(
                f"{creature} moves to {tuple(p)}: it leaves every enemy it started adjacent to "
                "without disengaging",
                rule=("I-DIS-01", "I-DIS-02", "I-AMB-04"),
            )


def can_initiative_move(
    state: Encounter, creature: str, path: Iterable[Iterable[int]], *, disengage: bool = False
) -> bool:
    """Whether :func:`verify_initiative_move` accepts the path."""
    try:
        verify_initiative_move(state, creature, path, disengage=disengage)
    except RulesError:
        return False
    return True
