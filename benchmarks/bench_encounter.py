"""One-creature replacement with 10 and with 1,000 creatures, side by side: cost follows the change.

Run: ``python benchmarks/bench_encounter.py``. Prints microseconds per update for
``Encounter.with_creature`` (a Stamina change and a position change), for a naive method that
copies a dict of creatures per update, and for the turn bookkeeping of a Draw Steel turn with a
move action spent (``with_turn``, which checks the changed fields, and ``with_turn_built``, which
the turn system uses for bookkeeping it built from checked values), and the ratio 1,000 : 10
(target: at most 1.3x).
"""

from __future__ import annotations

import timeit
from collections.abc import Callable

import attrs

import brawl
from brawl.geometry import Pos
from brawl.turns.drawsteel_turn import DrawSteelTurn
from brawl.turns.economy import TurnEconomy

SIDE = 100
"""The map is SIDE x SIDE squares: room for 1,000 creatures one square apart."""
TARGET_RATIO = 1.3
"""Most a one-creature update may slow down from 10 to 1,000 creatures."""


def build(count: int) -> brawl.Encounter:
    """An encounter with ``count`` creatures on a SIDE x SIDE map, every other square."""
    spots = [(x, y) for y in range(0, SIDE, 2) for x in range(0, SIDE, 2)]
    creatures = [
        brawl.Creature(id=f"c{i:04d}", pos=(x, y, 0), stamina_max=30)
        for i, (x, y) in enumerate(spots[:count])
    ]
    return brawl.Encounter.create(brawl.Terrain.flat(SIDE, SIDE), creatures)


def cases(enc: brawl.Encounter) -> dict[str, Callable[[], object]]:
    """The updates measured, each replacing creature c0000."""
    c = enc.creature("c0000")
    hurt = attrs.evolve(c, stamina=c.stamina - 5)
    moved = attrs.evolve(c, pos=Pos(1, 1, 0))
    naive = {k: enc.creatures[k] for k in enc.order}

    def naive_copy() -> object:
        copy = dict(naive)
        copy[c.id] = hurt
        return copy

    fighting = brawl.apply(enc, brawl.actions.StartCombat(first_side="director")).state
    fighting = brawl.apply(fighting, brawl.actions.StartTurn("c0000")).state
    turn = fighting.turn
    assert isinstance(turn, DrawSteelTurn)
    spent = attrs.evolve(turn, economy=TurnEconomy(moves=1, movement_left=5))
    found = {
        "with_creature, Stamina": lambda: enc.with_creature(hurt),
        "with_creature, position": lambda: enc.with_creature(moved),
        "dict copy (naive)": naive_copy,
        "with_turn, economy": lambda: fighting.with_turn(spent),
    }
    built = getattr(fighting, "with_turn_built", None)  # absent from older sources
    if built is not None:
        found["with_turn_built, economy"] = lambda: built(spent)
    return found


def measure(fn: Callable[[], object], number: int = 2000, repeat: int = 7) -> float:
    """Best time of one call, in microseconds."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def main() -> list[tuple[str, float, float, float]]:
    """Measure every case with 10 and with 1,000 creatures and print the table."""
    small, large = cases(build(10)), cases(build(1000))
    rows = []
    print(f"{'update':<26}{'10 creatures':>14}{'1,000 creatures':>17}{'ratio':>8}")
    for name in small:
        if name not in large:
            continue
        a, b = measure(small[name]), measure(large[name])
        rows.append((name, a, b, b / a))
        print(f"{name:<26}{a:>11.2f} µs{b:>14.2f} µs{b / a:>7.2f}x")
    worst = max(r[3] for r in rows if r[0].startswith("with_creature"))
    verdict = "within" if worst <= TARGET_RATIO else "ABOVE"
    print(f"worst with_creature ratio {worst:.2f}x: {verdict} the {TARGET_RATIO}x target")
    return rows


if __name__ == "__main__":
    main()
