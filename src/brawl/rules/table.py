"""Table rules: the grid's scale, Use Consumable and the dramatic finish (DS-GRID-02, DS-ACT-16, DS-END-02).

The table procedures that need no engine logic map to inputs: the Director's choice of kind for
an activity the rules don't cover (DS-TURN-04) or made harder by circumstances (DS-TURN-10) is
the ``kind`` passed to :func:`brawl.use_action`; a very simple activity off-turn (DS-TURN-12)
spends no action, so nothing is recorded; when the players can't agree who acts next
(DS-SIDE-13) the Director names the hero to :func:`brawl.start_turn`.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.stealth import ConsumableUsed
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.rules.conditions import can_take_maneuvers
from brawl.state import Encounter

SQUARE_FEET = 5  # DS-GRID-02: by default a square is 5 feet on all sides
FEET_TO_METRES = 0.3048
"""Metres in a foot, for display."""
SCALES: Mapping[str, tuple[float, str]] = {  # DS-GRID-02: the default and the Director's alternatives
    "5 ft": (5, "ft"),
    "2 yd": (2, "yd"),
    "2 m": (2, "m"),
    "1 m": (1, "m"),
}
"""Length of one square's edge and its unit, by scale name (DS-GRID-02)."""


@attrs.frozen
class Scale:
    """The length of a square's edge; one scale holds for the whole game (DS-GRID-02).

    Rules count squares; a scale only turns squares into lengths for display.
    """

    per_square: float = SQUARE_FEET
    """Length of a square's edge."""
    unit: str = "ft"
    """Its unit: ``"ft"``, ``"yd"`` or ``"m"``."""

    def __attrs_post_init__(self) -> None:
        if (
            isinstance(self.per_square, bool)
            or not isinstance(self.per_square, (int, float))
            or not 0 < self.per_square < 10**6
        ):
            raise InvalidArgumentError(
                f"square length {self.per_square!r}: a positive number", rule="DS-GRID-02"
            )
        if self.unit not in ("ft", "yd", "m"):
            raise InvalidArgumentError(f"unit {self.unit!r}: 'ft', 'yd' or 'm'", rule="DS-GRID-02")

    @classmethod
    def named(cls, name: str) -> Scale:
        """One of :data:`SCALES`: ``"5 ft"`` (the default), ``"2 yd"``, ``"2 m"``, ``"1 m"``."""
        if name not in SCALES:
            raise InvalidArgumentError(f"scale {name!r}: one of {', '.join(SCALES)}", rule="DS-GRID-02")
        length, unit = SCALES[name]
        return cls(length, unit)

    def length(self, squares: int) -> float:
        """The length of ``squares`` squares in this scale's unit."""
        if isinstance(squares, bool) or not isinstance(squares, int) or abs(squares) > 10**12:
            raise InvalidArgumentError(f"squares {squares!r}: a whole number", rule="DS-GRID-02")
        return squares * self.per_square

    def metres(self, squares: int) -> float:
        """The length of ``squares`` squares in metres."""
        to_m = {"ft": FEET_TO_METRES, "yd": 3 * FEET_TO_METRES, "m": 1.0}[self.unit]
        return self.length(squares) * to_m

    def describe(self, squares: int) -> str:
        """ "6 squares (30 ft)"."""
        length = self.length(squares)
        shown = int(length) if float(length).is_integer() else round(length, 2)
        word = "square" if squares == 1 else "squares"
        return f"{squares} {word} ({shown} {self.unit})"


DEFAULT_SCALE = Scale()
"""5 feet a square (DS-GRID-02)."""


def squares_to_feet(squares: int) -> int:
    """Feet in ``squares`` squares at the default scale (DS-GRID-02)."""
    return int(DEFAULT_SCALE.length(squares))


# --- Use Consumable -------------------------------------------------------------------------------
def use_consumable(
    state: Encounter, creature: str, item: str, *, recipient: str | None = None, willing: bool = True
) -> Outcome:
    """The Use Consumable maneuver: administer a consumable to yourself or to a willing adjacent
    creature (DS-ACT-16). The item's effect is the caller's; the maneuver is spent with
    :func:`brawl.use_action`."""
    c = state.creature(creature)
    to = creature if recipient is None else recipient
    what = f"Use Consumable {item!r} by {creature!r} on {to!r}"
    if not isinstance(item, str) or not item:
        raise InvalidArgumentError(f"consumable {item!r}: a non-empty name", rule="DS-ACT-16")
    if not isinstance(willing, bool):
        raise InvalidArgumentError(f"willing {willing!r}: True or False", rule="DS-ACT-16")
    if c.dead or not can_take_maneuvers(state, creature):
        raise ActionUnavailableError(f"{what}: it can't take maneuvers", rule=("DS-ACT-16", "DS-COND-04"))
    r = state.creature(to)
    if to != creature:
        if r.dead:
            raise ActionUnavailableError(f"{what}: {to!r} is dead", rule=("DS-ACT-16", "DS-STAM-09"))
        if distance(c.pos, c.n, r.pos, r.n) > 1:
            raise ActionUnavailableError(f"{what}: {to!r} is not adjacent", rule="DS-ACT-16")
        if not willing:
            raise ActionUnavailableError(f"{what}: {to!r} is not willing", rule="DS-ACT-16")
    return Outcome(state, (ConsumableUsed(creature=creature, recipient=to, item=item, rules=("DS-ACT-16",)),))


# --- the dramatic finish --------------------------------------------------------------------------
__all__ = [
    "DEFAULT_SCALE",
    "FEET_TO_METRES",
    "SCALES",
    "SQUARE_FEET",
    "Scale",
    "squares_to_feet",
    "use_consumable",
]
