"""The public Hypothesis strategies build only valid values, and importing brawl never imports Hypothesis."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import attrs
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl import strategies as bs
from brawl.geometry import Pos


def test_import_brawl_does_not_import_hypothesis() -> None:
    code = "import sys, brawl; print('hypothesis' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@given(bs.sizes(max_squares=4))
def test_sizes_are_1t_to_1l_or_2_to_the_maximum(size: brawl.Size) -> None:
    """DS-SIZE-03, R-SIZE-1: size 1 has a category; ranks run 0..3 then N + 2."""
    assert size.rank in range(0, 7)
    assert (size.squares == 1) == (size.sub != "")


@given(bs.positions(7, 5, z=(0, 2)))
def test_positions_lie_in_the_given_box(p: Pos) -> None:
    assert 0 <= p.x < 7
    assert 0 <= p.y < 5
    assert p.z in (0, 2)


@given(bs.creatures(id="kira"))
def test_creatures_are_alive_and_within_their_maximums(c: brawl.Creature) -> None:
    """DS-STAM-01: a drawn creature is alive, within its Stamina and Recovery maximums, and loads back."""
    assert c.id == "kira"
    assert 1 <= c.stamina <= c.stamina_max
    assert c.recoveries <= c.recoveries_max
    assert c.movement
    assert not c.dead
    assert c.temporary_stamina >= 0
    enc = brawl.Encounter.create(brawl.Terrain.flat(8, 8), [attrs.evolve(c, pos=Pos(1, 1, 0))])
    loaded = brawl.from_json(brawl.to_json(enc))
    assert loaded == enc
    assert loaded.creature("kira") == enc.creature("kira")


@given(bs.terrains(min_side=4, max_side=6))
def test_terrains_have_the_asked_dimensions(t: brawl.Terrain) -> None:
    assert 4 <= t.width <= 6
    assert 4 <= t.depth <= 6
    assert t.ground.solid


def cube_of(p: Pos, n: int) -> set[tuple[int, int, int]]:
    """The cells of an n-cube, worked out here."""
    return {(p.x + i, p.y + j, p.z + k) for i, j, k in itertools.product(range(n), repeat=3)}


@given(bs.encounters(min_creatures=1, max_creatures=5))
def test_encounters_are_valid_nothing_overlaps_nothing_in_walls_all_supported(enc: brawl.Encounter) -> None:
    """R-GEO-5 and DS-MOVE-04: every cube on the map, clear of walls and objects, sharing no cell.

    The cells, the bounds and the support are worked out here from the map's cells and the
    pieces' positions and sizes, not with the encounter's own queries; the encounter also
    round-trips through JSON, and its creatures are alive and within their maximums.
    """
    t = enc.terrain
    object_cells: dict[tuple[int, int, int], str] = {}
    for o in enc.objects.values():
        for cell in cube_of(o.pos, o.size):
            assert cell not in object_cells
            object_cells[cell] = o.id
    seen: dict[tuple[int, int, int], str] = {}
    for c in enc.creature_list():
        assert not c.dead
        assert 1 <= c.stamina <= c.stamina_max
        assert 0 <= c.recoveries <= c.recoveries_max
        cells = cube_of(c.pos, c.n)
        assert cells == {tuple(p) for p in c.cells()}
        for x, y, z in cells:
            assert 0 <= x < t.width
            assert 0 <= y < t.depth
            assert -t.below <= z < t.height
            assert not t.cell((x, y, z)).material.solid, (c.id, (x, y, z))
            assert (x, y, z) not in object_cells, (c.id, object_cells.get((x, y, z)))
            assert (x, y, z) not in seen, (c.id, seen.get((x, y, z)))
            seen[(x, y, z)] = c.id
        under = [
            (x, y, c.pos.z - 1) for x in range(c.pos.x, c.pos.x + c.n) for y in range(c.pos.y, c.pos.y + c.n)
        ]
        assert any(t.cell(p).material.solid or p in object_cells for p in under), c.id
        assert enc.fits(c.pos, c.n)
        assert enc.is_supported(c.pos, c.n)
    rebuilt = brawl.Encounter(
        enc.terrain, enc.creatures, enc.objects, order=enc.order, turn=enc.turn, round=enc.round, rng=enc.rng
    )
    assert rebuilt == enc
    text = brawl.to_json(enc)
    assert brawl.from_json(text) == enc
    assert brawl.to_json(brawl.from_json(text)) == text


@given(bs.encounters(max_creatures=3), st.data())
def test_rules_leave_a_generated_state_untouched_and_repeat_exactly(
    enc: brawl.Encounter, data: st.DataObject
) -> None:
    """Pure rules: the old state is unchanged and the same inputs give the same outcome."""
    living = list(enc.living())
    if not living:
        return
    target = data.draw(st.sampled_from([c.id for c in living]))
    amount = data.draw(st.integers(0, 30))
    before = brawl.to_json(enc)
    first = brawl.damage(enc, target, amount, "fire")
    second = brawl.damage(enc, target, amount, "fire")
    assert brawl.to_json(enc) == before
    assert first == second
    # nobody else is hurt or moved (a grab held by a creature that dies may end), the map stays
    old, new = json.loads(before), json.loads(brawl.to_json(first.state))
    assert (old["terrain"], old["objects"]) == (new["terrain"], new["objects"])
    for c in enc.creature_list():
        if c.id != target:
            after = first.state.creature(c.id)
            assert (after.pos, after.stamina, after.temporary_stamina) == (
                c.pos,
                c.stamina,
                c.temporary_stamina,
            )
    was, now = enc.creature(target), first.state.creature(target)
    assert now.stamina <= was.stamina
    assert now.temporary_stamina <= was.temporary_stamina
    lost = (was.stamina - now.stamina) + (was.temporary_stamina - now.temporary_stamina)
    if amount == 0:
        assert lost == 0
