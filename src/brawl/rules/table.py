"""Table rules: the grid's scale, Use Consumable and the dramatic finish (DS-GRID-02, DS-ACT-16, DS-END-02).

The table procedures that need no engine logic map to inputs: the Director's choice of kind for
an activity the rules don't cover (DS-TURN-04) or made harder by circumstances (DS-TURN-10) is
the ``kind`` passed to :func:`brawl.use_action`; a very simple activity off-turn (DS-TURN-12)
spends no action, so nothing is recorded; when the players can't agree who acts next
(DS-SIDE-13) the Director names the hero to :func:`brawl.start_turn`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from brawl.creature import HEROES
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.stealth import ConsumableUsed, DramaticFinish
from brawl.geometry import distance
from brawl.outcome import Outcome
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
    from brawl.rules.conditions import can_take_maneuvers

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
def default_finish(state: Encounter) -> dict[str, tuple[str, ...]]:
    """Each living hero's share of the remaining enemies: enemies dealt round the heroes in order,
    and when heroes outnumber enemies, heroes dealt round the enemies (DS-END-02)."""
    heroes = [c.id for c in state.living() if c.side == HEROES and c.hero]
    enemies = [c.id for c in state.living() if c.side != HEROES]
    if not heroes or not enemies:
        return {}
    share: dict[str, list[str]] = {h: [] for h in heroes}
    if len(heroes) > len(enemies):
        for i, h in enumerate(heroes):
            share[h].append(enemies[i % len(enemies)])
    else:
        for i, e in enumerate(enemies):
            share[heroes[i % len(heroes)]].append(e)
    return {h: tuple(es) for h, es in share.items()}


def dramatic_finish(
    state: Encounter, *, assignment: Mapping[str, Iterable[str]] | None = None, end: bool = True
) -> Outcome:
    """The dramatic finish: the Director assigns each hero one or more remaining enemies, more than
    one hero per enemy when heroes outnumber them; after the descriptions the battle ends (DS-END-02).

    ``assignment`` maps each living hero to its enemies (default :func:`default_finish`); every
    remaining enemy must be assigned (R-END-1). ``end``: also end combat (:func:`brawl.end_combat`)
    when a turn system is running.
    """
    heroes = [c.id for c in state.living() if c.side == HEROES and c.hero]
    enemies = [c.id for c in state.living() if c.side != HEROES]
    if not heroes or not enemies:
        raise ActionUnavailableError(
            f"dramatic finish: {len(heroes)} living heroes and {len(enemies)} remaining enemies",
            rule="DS-END-02",
        )
    if assignment is None:
        chosen = default_finish(state)
    else:
        if not isinstance(assignment, Mapping):
            raise InvalidArgumentError(
                f"assignment {assignment!r}: a mapping of hero to enemies", rule="DS-END-02"
            )
        chosen = {}
        for h, es in assignment.items():
            if isinstance(es, str):
                raise InvalidArgumentError(f"enemies of {h!r} {es!r}: a list of ids", rule="DS-END-02")
            try:
                chosen[h] = tuple(dict.fromkeys(es))
            except TypeError:
                raise InvalidArgumentError(
                    f"enemies of {h!r} {es!r}: a list of ids", rule="DS-END-02"
                ) from None
    if set(chosen) != set(heroes):
        raise InvalidArgumentError(
            f"dramatic finish: the assignment names {sorted(map(str, chosen))}; living heroes: {heroes}",
            rule="DS-END-02",
        )
    for h in heroes:
        es = chosen[h]
        if not es:
            raise InvalidArgumentError(f"dramatic finish: {h!r} is assigned no enemy", rule="DS-END-02")
        for e in es:
            if e not in enemies:
                raise InvalidArgumentError(
                    f"dramatic finish: {e!r} assigned to {h!r} is not a remaining enemy", rule="DS-END-02"
                )
    covered = {e for es in chosen.values() for e in es}
    if covered != set(enemies):
        left = [e for e in enemies if e not in covered]
        raise InvalidArgumentError(
            f"dramatic finish: no hero is assigned {left}", rule=("DS-END-02", "R-END-1")
        )
    event = DramaticFinish(assignment=tuple((h, chosen[h]) for h in heroes), rules=("DS-END-02", "R-END-1"))
    out = Outcome(state, (event,))
    if end and state.turn is not None:
        from brawl.turns import end_combat

        out = out.then(end_combat)
    return out


__all__ = [
    "DEFAULT_SCALE",
    "FEET_TO_METRES",
    "SCALES",
    "SQUARE_FEET",
    "Scale",
    "default_finish",
    "dramatic_finish",
    "squares_to_feet",
    "use_consumable",
]
