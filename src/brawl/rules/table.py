"""Table rules: the grid's scale, Use Consumable and the dramatic finish (DS-GRID-02, DS-ACT-16, DS-END-02).

The table procedures that need no engine logic map to inputs: the Director's choice of kind for
an activity the rules don't cover (DS-TURN-04) or made harder by circumstances (DS-TURN-10) is
the ``kind`` passed to :func:`brawl.use_action`; a very simple activity off-turn (DS-TURN-12)
spends no action, so nothing is recorded; when the players can't agree who acts next
(DS-SIDE-13) the Director names the hero to :func:`brawl.start_turn`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from brawl.checks import whole_number
from brawl.errors import ActionUnavailableError, ArgumentTypeError, InvalidArgumentError
from brawl.events.stealth import ConsumableUsed
from brawl.fields import flag, text
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import can_take_maneuvers
from brawl.state import Encounter

SQUARE_FEET = 5  # DS-GRID-02: by default a square is 5 feet on all sides
MAX_SQUARES = 10**12
"""The longest distance measured, in squares."""
MAX_SQUARE_LENGTH = 10**6
"""A square's edge is shorter than this, in any unit."""
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
        length = self.per_square
        if isinstance(length, bool) or not isinstance(length, int | float):
            raise ArgumentTypeError(
                f"square length {length!r}: a number is needed, not {type(length).__name__}",
                rule="DS-GRID-02",
            )
        if not 0 < self.per_square < MAX_SQUARE_LENGTH:
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
        whole_number(squares, -MAX_SQUARES, MAX_SQUARES, what="squares", rule="DS-GRID-02")
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
@attrs.frozen
class UseConsumable(Action):
    """The Use Consumable maneuver: administer a consumable to yourself or to a willing adjacent
    creature (DS-ACT-16). A creature whose ``consumables`` are tracked spends the item; the
    item's effect is the caller's. On the user's own turn it spends its maneuver (R-TURN-8)."""

    cost: ClassVar[str | None] = "maneuver"

    creature: str = attrs.field(validator=text("DS-ACT-16"))
    """The creature using the consumable."""
    item: str = attrs.field(validator=text("DS-ACT-16"))
    """The consumable's name."""
    recipient: str | None = attrs.field(default=None, validator=text("DS-ACT-16", optional=True))
    """A willing adjacent creature it is administered to; None: the creature itself."""
    willing: bool = attrs.field(default=True, validator=flag("DS-ACT-16"))
    """Whether the recipient is willing."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-16"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the consumable can be used now (DS-ACT-16).

        A named item (one it carries, when its consumables are tracked), a creature able to take
        maneuvers, and a recipient that is itself or a living, willing, adjacent creature.
        """
        _recipient(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, then record the use; the item's effect is the caller's."""
        to = _recipient(state, self)
        c = state.creature(self.creature)
        left = c.consumables
        if left:  # tracked: the item is spent
            i = left.index(self.item)
            c = attrs.evolve(c, consumables=left[:i] + left[i + 1 :])
            state = state.with_creature(c)
        used = ConsumableUsed(
            creature=self.creature, recipient=to, item=self.item, left=c.consumables, rules=("DS-ACT-16",)
        )
        return Outcome(state, (used,))


def _recipient(state: Encounter, request: UseConsumable) -> str:
    """The checks of :meth:`UseConsumable.verify`; the recipient (DS-ACT-16)."""
    creature, item = request.creature, request.item
    c = state.creature(creature)
    to = creature if request.recipient is None else request.recipient
    what = f"Use Consumable {item!r} by {creature!r} on {to!r}"
    if not item:
        raise InvalidArgumentError(f"consumable {item!r}: a non-empty name", rule="DS-ACT-16")
    if c.dead or not can_take_maneuvers(state, creature):
        raise ActionUnavailableError(f"{what}: it can't take maneuvers", rule=("DS-ACT-16", "DS-COND-04"))
    if c.consumables and item not in c.consumables:
        raise ActionUnavailableError(
            f"{what}: it carries no {item!r} (it carries {', '.join(sorted(set(c.consumables)))})",
            rule="DS-ACT-16",
        )
    r = state.creature(to)
    if to != creature:
        if r.dead:
            raise ActionUnavailableError(f"{what}: {to!r} is dead", rule=("DS-ACT-16", "DS-STAM-09"))
        if distance(c.pos, c.n, r.pos, r.n) > 1:
            raise ActionUnavailableError(f"{what}: {to!r} is not adjacent", rule="DS-ACT-16")
        if not request.willing:
            raise ActionUnavailableError(f"{what}: {to!r} is not willing", rule="DS-ACT-16")
    return to


# --- the dramatic finish --------------------------------------------------------------------------
__all__ = [
    "DEFAULT_SCALE",
    "FEET_TO_METRES",
    "SCALES",
    "SQUARE_FEET",
    "Scale",
    "UseConsumable",
    "squares_to_feet",
]
