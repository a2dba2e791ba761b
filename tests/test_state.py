"""The encounter: validation, the occupancy index, fast replacement, the RNG (R-GEO-5, DS-MOVE-04)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brawl import (
    Cell,
    Creature,
    Encounter,
    MapObject,
    Material,
    Pos,
    Rng,
    StateError,
    Terrain,
    UnknownCreatureError,
)


def enc_with(
    *creatures: Creature, objects: tuple[MapObject, ...] = (), terrain: Terrain | None = None
) -> Encounter:
    return Encounter.create(terrain or Terrain.flat(10, 10), creatures, objects)


def test_two_creatures_within_one_size_rank_cannot_share_a_cell() -> None:
    """DS-MOVE-04, R-SIZE-1: a 1M and a 1L creature in one cell is an inconsistent state."""
    with pytest.raises(StateError, match="DS-MOVE-04"):
        enc_with(Creature(id="a", pos=(1, 1)), Creature(id="b", size="1L", pos=(1, 1)))


def test_a_1m_creature_may_share_a_size_2_creatures_space() -> None:
    """DS-MOVE-04, R-SIZE-1: sizes two or more ranks apart may share a space (1M in an ogre's)."""
    enc = enc_with(Creature(id="h", pos=(3, 3)), Creature(id="ogre", size="2", pos=(3, 3)))
    assert set(enc.occupants((3, 3, 0))) == {"h", "ogre"}
    assert enc.occupants((4, 4, 1)) == ("ogre",)


def test_a_size_2_creature_does_not_fit_a_1_square_corridor() -> None:
    """R-GEO-5, AMB-28: every cell of the cube must be free of solid terrain."""
    walls = {Pos(x, y, 0): Cell(Material.STONE) for x in range(10) for y in (0, 2)}
    t = Terrain.flat(10, 10).with_cells(walls)
    enc = enc_with(terrain=t)
    assert enc.fits(Pos(0, 1, 0), 1)
    assert not enc.fits(Pos(0, 1, 0), 2)
    with pytest.raises(StateError, match="R-GEO-5"):
        enc_with(Creature(id="ogre", size="2", pos=(0, 1)), terrain=t)


def test_a_creature_inside_a_wall_or_an_object_is_refused() -> None:
    """R-GEO-5: a creature cannot stand inside solid terrain or an object."""
    t = Terrain.flat(10, 10).with_cell(Pos(2, 2, 0), Cell(Material.STONE))
    with pytest.raises(StateError, match="solid terrain"):
        enc_with(Creature(id="a", pos=(2, 2)), terrain=t)
    with pytest.raises(StateError, match="inside object 'crate'"):
        enc_with(Creature(id="a", pos=(5, 5)), objects=(MapObject(id="crate", pos=(5, 5)),))


def test_positions_out_of_bounds_are_refused() -> None:
    """DS-GRID-01: every creature and object lies on the map."""
    with pytest.raises(StateError, match="off the map"):
        enc_with(Creature(id="a", pos=(10, 0)))
    with pytest.raises(StateError, match="off the map"):
        enc_with(Creature(id="ogre", size="2", pos=(9, 9)))
    with pytest.raises(StateError, match="off the map"):
        enc_with(objects=(MapObject(id="o", pos=(-1, 0)),))


def test_duplicate_ids_are_refused() -> None:
    """Ids are unique across creatures and objects."""
    with pytest.raises(StateError, match="duplicate id 'a'"):
        enc_with(Creature(id="a", pos=(1, 1)), Creature(id="a", pos=(2, 2)))
    with pytest.raises(StateError, match="also a creature id"):
        enc_with(Creature(id="a", pos=(1, 1)), objects=(MapObject(id="a", pos=(3, 3)),))


def test_a_rider_shares_its_mounts_space() -> None:
    """DS-MOUNT-01, DS-MOUNT-02: a 1L rider on a size-2 mount occupies one of its spaces."""
    enc = enc_with(
        Creature(id="horse", size="2", pos=(3, 3)), Creature(id="k", size="1L", pos=(4, 4, 1), riding="horse")
    )
    assert set(enc.occupants((4, 4, 1))) == {"horse", "k"}
    with pytest.raises(StateError, match="rides 'ghost'"):
        enc_with(Creature(id="k", riding="ghost"))


def test_dead_creatures_leave_the_occupancy_index() -> None:
    """DS-STAM-10: a dead creature stays in the log but no longer takes up space."""
    enc = enc_with(Creature(id="a", pos=(1, 1)))
    dead = enc.update_creature("a", dead=True, stamina=0)
    assert dead.occupants((1, 1, 0)) == ()
    assert [c.id for c in dead.living()] == []
    again = dead.with_creature(Creature(id="b", pos=(1, 1)))
    assert again.occupants((1, 1, 0)) == ("b",)


def test_with_creature_validates_the_changed_creature() -> None:
    """DS-MOVE-04: moving a creature into another of the same size is refused."""
    enc = enc_with(Creature(id="a", pos=(1, 1)), Creature(id="b", pos=(2, 2)))
    with pytest.raises(StateError, match="shares a cell"):
        enc.update_creature("a", pos=(2, 2))
    moved = enc.update_creature("a", pos=(5, 5))
    assert moved.occupants((5, 5, 0)) == ("a",)
    assert moved.occupants((1, 1, 0)) == ()
    assert enc.occupants((1, 1, 0)) == ("a",)


def test_the_old_state_is_untouched() -> None:
    """Immutable state: every change returns a new encounter."""
    enc = enc_with(Creature(id="a", pos=(1, 1)))
    enc.update_creature("a", stamina=1)
    enc.with_object(MapObject(id="o", pos=(4, 4)))
    assert enc.creature("a").stamina == 10
    assert len(enc.objects) == 0


def test_unknown_ids_raise_a_rules_error() -> None:
    """An unknown id is an illegal request, not a KeyError."""
    enc = enc_with()
    with pytest.raises(UnknownCreatureError, match="'nobody'"):
        enc.creature("nobody")
    with pytest.raises(UnknownCreatureError):
        enc.object("nothing")
    with pytest.raises(UnknownCreatureError):
        enc.creature(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("cid", ["nobody", 3, ["a"], None])
def test_an_unknown_or_unhashable_id_is_refused_with_no_look_up_error_behind_it(cid: object) -> None:
    """An id the encounter does not hold, unhashable ones included, is refused as no such
    creature, with no KeyError or TypeError of the look-up chained to the refusal."""
    enc = enc_with(Creature(id="a", pos=(1, 1)))
    with pytest.raises(UnknownCreatureError, match="no such creature in this encounter") as caught:
        enc.creature(cid)  # type: ignore[arg-type]
    assert caught.value.__context__ is None
    assert caught.value.__cause__ is None


def test_insertion_order_is_kept_for_display() -> None:
    """Creatures list in the order they were added, whatever the hash order of the map."""
    names = ["zed", "amy", "kol", "bea"]
    enc = enc_with(*(Creature(id=n, pos=(i, 0)) for i, n in enumerate(names)))
    assert [c.id for c in enc.creature_list()] == names
    assert enc.order == tuple(names)
    assert enc.with_creature(Creature(id="abe", pos=(8, 8))).order[-1] == "abe"
    assert enc.without_creature("amy").order == ("zed", "kol", "bea")


def test_objects_occupy_cells_and_are_removed_when_destroyed() -> None:
    """DS-OBJ-01: a destroyed object leaves the map."""
    enc = enc_with(objects=(MapObject(id="crate", pos=(2, 2), size=2),))
    assert enc.object_at((3, 3, 1)) == "crate"
    assert enc.is_blocked((3, 3, 1))
    assert enc.is_supported(Pos(2, 2, 2), 1)
    gone = enc.without_object("crate")
    assert gone.object_at((3, 3, 1)) is None


def test_rolls_come_from_the_seeded_counter_rng() -> None:
    """Dice are inputs: the same seed gives the same dice; the counter advances."""
    enc = Encounter.create(seed=42)
    a, enc2 = enc.roll(10, 5)
    b, _ = Encounter.create(seed=42).roll(10, 5)
    assert a == b
    assert all(1 <= v <= 10 for v in a)
    assert enc2.rng == Rng(42, 5)
    assert enc.rng == Rng(42, 0)
    c, _ = enc2.roll(10, 5)
    assert c != a or Rng(42, 5).draws(10, 5)[0] == a


def test_rng_is_roughly_uniform() -> None:
    """A d10 from the RNG shows every face about equally often."""
    values, _ = Rng(7).draws(10, 10_000)
    counts = [values.count(f) for f in range(1, 11)]
    assert all(850 < n < 1150 for n in counts)


@given(
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), unique=True, max_size=20), st.integers(0, 2**32)
)
def test_replacing_a_creature_keeps_the_index_consistent(cells: list[tuple[int, int]], seed: int) -> None:
    """The occupancy index after updates equals the index of a freshly built encounter."""
    creatures = [Creature(id=f"c{i}", pos=(x, y)) for i, (x, y) in enumerate(cells)]
    enc = Encounter.create(Terrain.flat(10, 10), creatures, seed=seed)
    free = [(x, y) for x in range(10) for y in range(10) if (x, y) not in cells]
    for i, c in enumerate(creatures[: len(free)]):
        enc = enc.update_creature(c.id, pos=free[i])
    rebuilt = Encounter(enc.terrain, enc.creatures, enc.objects, order=enc.order, rng=enc.rng)
    for x in range(10):
        for y in range(10):
            assert sorted(enc.occupants((x, y, 0))) == sorted(rebuilt.occupants((x, y, 0)))
    assert rebuilt == enc


@given(
    st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 40), st.sampled_from(["heroes", "director", "wolves"])),
        min_size=1,
        max_size=12,
    ),
    st.lists(
        st.tuples(st.integers(0, 11), st.integers(0, 40), st.integers(0, 40), st.integers(0, 3)), max_size=25
    ),
)
def test_the_side_tile_index_always_equals_a_rebuild(
    start: list[tuple[int, int, str]], changes: list[tuple[int, int, int, int]]
) -> None:
    """The per-side cell masks kept by the encounter equal those of a freshly built encounter."""
    cells: dict[tuple[int, int], str] = {}
    for x, y, side in start:
        cells.setdefault((x, y), side)
    creatures = [
        Creature(id=f"c{i}", pos=(x, y), side=side) for i, ((x, y), side) in enumerate(cells.items())
    ]
    enc = Encounter.create(Terrain.flat(41, 41), creatures)
    for index, x, y, what in changes:
        cid = f"c{index % len(creatures)}"
        c = enc.creature(cid)
        try:
            if what == 0:
                enc = enc.update_creature(cid, pos=(x, y))
            elif what == 1:
                enc = enc.update_creature(cid, dead=not c.dead)
            elif what == 2:
                enc = enc.update_creature(cid, side="wolves" if c.side != "wolves" else "heroes")
            else:
                enc = enc.update_creature(
                    cid, size="2" if c.size.squares == 1 else "1M", pos=(min(x, 39), min(y, 39))
                )
        except StateError:
            continue
    rebuilt = Encounter(enc.terrain, enc.creatures, enc.objects, order=enc.order, rng=enc.rng)
    assert enc.side_tiles() == rebuilt.side_tiles()
    gone = enc.without_creature(enc.order[0])
    assert gone.side_tiles() == Encounter(gone.terrain, gone.creatures, order=gone.order).side_tiles()
