"""Falling (DS-FALL-01..09, R-FALL-1..5). Placeholder: the forced-movement area implements it."""

from __future__ import annotations

from collections.abc import Sequence

from brawl.outcome import Outcome
from brawl.state import Encounter


def fall(
    state: Encounter,
    creature: str,
    *,
    height: int | None = None,
    use_agility: bool = True,
    landing: object = None,
    rules: Sequence[str] = (),
) -> Outcome:
    """Make a creature fall from where it is to the first support below (or ``height`` squares)."""
    raise NotImplementedError("falling is not implemented yet")
