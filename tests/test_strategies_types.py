"""brawl.strategies registers its strategies with Hypothesis for the public records."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl import strategies as _  # registers the strategies  # noqa: F401


@given(st.from_type(brawl.Encounter))
def test_from_type_draws_valid_encounters(enc: brawl.Encounter) -> None:
    assert isinstance(enc, brawl.Encounter)
    for c in enc.living():
        assert enc.is_supported(c.pos, c.n)  # as encounters() promises


@given(st.from_type(brawl.Creature), st.from_type(brawl.Size), st.from_type(brawl.Pos))
def test_from_type_draws_the_small_records(c: brawl.Creature, size: brawl.Size, pos: brawl.Pos) -> None:
    assert isinstance(c, brawl.Creature)
    assert size.squares <= 3  # sizes() by default, not any Size attrs could build
    assert pos.z == 0
    assert 0 <= pos.x < 10


def build(enc: brawl.Encounter, terrain: brawl.Terrain) -> tuple[brawl.Encounter, brawl.Terrain]:
    return enc, terrain


@given(st.builds(build))
def test_builds_fills_annotated_parameters(pair: tuple[brawl.Encounter, brawl.Terrain]) -> None:
    enc, terrain = pair
    assert isinstance(enc, brawl.Encounter)
    assert 3 <= terrain.width <= 12  # terrains() bounds
