"""Flanking between one-square creatures asks only the column across the enemy from the attacker.

DS-EDGE-05..07: the line between the centres of the attacker's and an ally's spaces must cross
opposite sides or corners of the enemy's space. When attacker and enemy fill one square each,
that line crosses the enemy's square from the attacker's side to the far one, so an ally of any
size that flanks has a cell in the column across the enemy from the attacker: only the creatures
of that column (the encounter's index by column) are asked, in the encounter's order.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import Creature, Encounter, Pos, Terrain
from brawl.conditions import Condition
from brawl.rules.edges import crosses_opposite_sides
from brawl.rules.strikes import is_flanking
from brawl.size import MAX_SIZE
from test_strike_shortcuts import old_is_flanking

_NEIGHBOURS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]


def _size(n: int) -> str:
    return str(n) if n > 1 else "1M"


def _flanks_outside_the_column(adx: int, ady: int, bn: int) -> list[tuple[int, int]]:
    """The corners of the size-``bn`` allies next to a one-square enemy at (0, 0) that flank
    with a one-square attacker at (adx, ady) but have no cell in the column (-adx, -ady)."""
    a = Creature(id="a", pos=Pos(adx + 200, ady + 200, 0))
    e = Creature(id="e", pos=Pos(200, 200, 0))
    found = []
    for bx, by in itertools.product(range(-bn, 2), repeat=2):  # every space touching the 3 x 3 box
        b = Creature(id="b", pos=Pos(bx + 200, by + 200, 0), size=_size(bn))
        if crosses_opposite_sides(a, b, e) and not (bx <= -adx < bx + bn and by <= -ady < by + bn):
            found.append((bx, by))
    return found


def test_a_flanking_ally_of_a_small_size_has_a_cell_across_the_enemy_from_the_attacker() -> None:
    """DS-EDGE-05..07: every size from 1 to 12, every side and corner the attacker stands at."""
    for (adx, ady), bn in itertools.product(_NEIGHBOURS, range(1, 13)):
        assert _flanks_outside_the_column(adx, ady, bn) == [], (adx, ady, bn)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(_NEIGHBOURS), st.integers(13, MAX_SIZE))
def test_a_flanking_ally_of_any_size_has_a_cell_across_the_enemy_from_the_attacker(
    side: tuple[int, int], bn: int
) -> None:
    """DS-EDGE-05..07: the same for sizes up to the largest a creature may have."""
    assert _flanks_outside_the_column(*side, bn) == []


_SPOT = st.tuples(st.integers(2, 6), st.integers(2, 6), st.integers(0, 2), st.integers(1, 2))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(_SPOT, min_size=2, max_size=7),
    st.lists(st.sampled_from([None, "dazed", "unconscious"]), min_size=7, max_size=7),
    st.sets(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=6),
)
def test_flanking_around_a_one_square_enemy_matches_the_general_code(
    spots: list[tuple[int, int, int, int]], held: list[str | None], walls: set[tuple[int, int]]
) -> None:
    """DS-EDGE-05..07: heroes of sizes 1 and 2 around and above a goblin, several of them in a
    flanking position at once, stacked in one column, some unable to take triggered actions, stone
    here and there: the ally found is the general code's, the first in the encounter's order."""
    enemy = Pos(4, 4, 1)
    taken: set[Pos] = {enemy}
    heroes = []
    for i, (x, y, z, n) in enumerate(spots):
        cells = {Pos(x + dx, y + dy, z + dz) for dx in range(n) for dy in range(n) for dz in range(n)}
        if cells & taken:
            continue
        taken |= cells
        cond = held[i]
        conditions = () if cond is None else (Condition(cond, source="gob"),)
        heroes.append(
            Creature(id=f"h{i}", side=brawl.HEROES, pos=Pos(x, y, z), size=_size(n), conditions=conditions)
        )
    columns = {(p.x, p.y) for p in taken}
    stone = {Pos(x, y, 0): brawl.Cell(brawl.Material.STONE) for x, y in walls if (x, y) not in columns}
    terrain = Terrain.flat(9, 9, height=4).with_cells(stone)
    enc = Encounter.create(terrain, [*reversed(heroes), Creature(id="gob", pos=enemy)])
    for h in heroes:
        assert is_flanking(enc, h.id, "gob") == old_is_flanking(enc, h.id, "gob")


def test_allies_stacked_across_the_enemy_are_tried_in_the_encounters_order() -> None:
    """DS-EDGE-05, DS-EDGE-06: two allies fly one above the other across the goblin from Kira,
    both next to it: the first in the encounter's order flanks with her, the other once the first
    can't take triggered actions (DS-EDGE-05, RB1-DAZED)."""
    kira = Creature(id="kira", side=brawl.HEROES, pos=Pos(3, 4, 1))
    gob = Creature(id="gob", pos=Pos(4, 4, 1))
    low = Creature(id="low", side=brawl.HEROES, pos=Pos(5, 4, 0))
    high = Creature(id="high", side=brawl.HEROES, pos=Pos(5, 4, 2))
    terrain = Terrain.flat(9, 9, height=4)
    for first, second in ((high, low), (low, high)):
        enc = Encounter.create(terrain, [kira, gob, first, second])
        assert is_flanking(enc, "kira", "gob") == first.id
        dazed = enc.with_creature(
            brawl.fields.replaced(first, conditions=(Condition("dazed", source="gob"),))
        )
        assert is_flanking(dazed, "kira", "gob") == second.id
