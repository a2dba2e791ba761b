"""The public Hypothesis strategies build only valid values, and importing brawl never imports Hypothesis."""

from __future__ import annotations

import subprocess
import sys

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
    assert c.id == "kira"
    assert 1 <= c.stamina <= c.stamina_max
    assert c.recoveries <= c.recoveries_max
    assert c.movement


@given(bs.terrains(min_side=4, max_side=6))
def test_terrains_have_the_asked_dimensions(t: brawl.Terrain) -> None:
    assert 4 <= t.width <= 6
    assert 4 <= t.depth <= 6
    assert t.ground.solid


@given(bs.encounters(min_creatures=1, max_creatures=5))
def test_encounters_are_valid_nothing_overlaps_nothing_in_walls_all_supported(enc: brawl.Encounter) -> None:
    """R-GEO-5 and DS-MOVE-04: every cube on the map, clear of walls and objects, sharing no cell."""
    seen: dict[Pos, str] = {}
    for c in enc.creature_list():
        assert enc.terrain.cube_in_bounds(c.pos, c.n)
        assert enc.fits(c.pos, c.n)
        assert enc.is_supported(c.pos, c.n)
        for cell in c.cells():
            assert cell not in seen, (c.id, seen.get(cell))
            seen[cell] = c.id
    assert brawl.Encounter(enc.terrain, enc.creatures, enc.objects, order=enc.order) is not None


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
