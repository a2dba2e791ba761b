"""Walls and auras that last: a wall changes the map for its duration, an aura moves with its maker
and lands its timed effects (R-AREA-4, R-AREA-8..12, RB2-EOT, RB2-EOE, DS-MOVE-13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import brawl
from brawl import Creature, Encounter, Terrain
from brawl.abilities.model import Ability, Distance, Target
from brawl.creature import Characteristics, LastingArea
from brawl.errors import ActionUnavailableError, StateError
from brawl.events.areas import AreaEnded, AreaRaised, AreaReached
from brawl.events.conditions import ConditionGained
from brawl.events.damage import Damaged
from brawl.events.forced import Fell
from brawl.fields import replaced
from brawl.geometry import Pos
from brawl.io.json import from_json, to_json
from brawl.rules.cover import line_of_effect_to
from brawl.rules.persistent import area_duration, aura_cells, is_in, timed_effects, wall_cell
from brawl.rules.phases import end_of_encounter
from brawl.rules.settle import settle
from brawl.statblocks.load import loads_statblocks
from brawl.terrain import Cell, Material

WALL_SQUARES = [(5, y, z) for z in (0, 1) for y in range(0, 5)]
"""A wall five squares long and two high between the mage at (2, 2) and the ogre at (8, 2)."""


def _wall(name: str, words: str, size: int = 10) -> Ability:
    return Ability(
        name, "main action", None, ("Area", "Magic"), distance=Distance("wall", size=size, within=10),
        target=Target("special", text="Special"), effect_after=words,
    )  # fmt: skip


def _aura(name: str, words: str, radius: int = 2) -> Ability:
    return Ability(
        name, "maneuver", None, ("Area", "Magic"), distance=Distance("aura", radius),
        target=Target("each enemy"), effect_after=words,
    )  # fmt: skip


STONE = _wall("Wall of Stone", "The wall lasts until the end of your next turn.")
FIRE = _wall(
    "Wall of Fire",
    "Each creature who enters the wall or starts their turn there takes 3 + R fire damage. "
    "The wall lasts until the end of the encounter.",
)
BLAZE = _aura(
    "Blazing Aura",
    "Until the start of your next turn, each enemy who starts their turn in the aura takes 2 fire "
    "damage and is slowed (EoT).",
)
CHILL = _aura("Chill Aura", "Each enemy who ends their turn in the aura takes 4 cold damage.", radius=1)


def _fight(*abilities: Ability, ogre_at: tuple[int, int, int] = (8, 2, 0)) -> Encounter:
    """The mage (Reason 2) at (2, 2), the ogre at ``ogre_at``; combat started, the mage's turn."""
    mage = Creature(
        id="mage", side="heroes", hero=True, pos=(2, 2, 0), stamina_max=30,
        characteristics=Characteristics(reason=2), abilities=abilities,
    )  # fmt: skip
    ogre = Creature(id="ogre", pos=ogre_at, stamina_max=40)
    enc, _ = brawl.start_combat(Encounter.create(Terrain.flat(12, 12), [mage, ogre], seed=5))
    started: Encounter = brawl.start_turn(enc, "mage").state
    return started


def _next(enc: Encounter, *turns: str) -> Encounter:
    """The mage's turn ends, then each creature in ``turns`` takes a turn ("round": the round ends)."""
    for who in turns:
        if who == "round":
            enc, _ = brawl.end_round(enc)
        elif who == "end":
            enc, _ = brawl.end_turn(enc)
        else:
            enc, _ = brawl.start_turn(enc, who)
    return enc


def _solid(enc: Encounter) -> list[bool]:
    return [enc.terrain.is_solid(Pos(*p)) for p in WALL_SQUARES]


# --- walls ----------------------------------------------------------------------------------------
def test_a_wall_of_stone_blocks_movement_and_line_of_effect_for_its_duration_r_area_8_r_area_9() -> None:
    """R-AREA-4, R-AREA-8, R-AREA-9, RB2-EOT: "until the end of your next turn" used on the mage's
    turn: its ten squares are solid stone through the mage's turn, the ogre's turn and the round's
    end; the ogre can't walk through, neither sees the other; at the end of the mage's next turn
    the squares are air again, with events naming them."""
    enc = _fight(STONE)
    assert line_of_effect_to(enc, "mage", "ogre")
    out = brawl.use_ability(enc, "mage", "Wall of Stone", wall=WALL_SQUARES)
    (raised,) = [e for e in out.events if isinstance(e, AreaRaised)]
    assert (raised.creature, raised.shape, raised.kind, raised.duration, raised.turn_ends) == (
        "mage", "wall", "solid", "end_of_turn", 1,
    )  # fmt: skip
    assert raised.squares == tuple(Pos(*p) for p in WALL_SQUARES)
    assert raised.rules == ("R-AREA-8", "R-AREA-9")
    enc = out.state
    assert _solid(enc) == [True] * 10
    assert enc.terrain.cell(Pos(5, 2, 0)) == Cell(Material.STONE)
    assert not line_of_effect_to(enc, "mage", "ogre")
    enc = _next(enc, "end", "ogre")
    walk = brawl.Move("ogre", [(7, 2, 0), (6, 2, 0), (5, 2, 0)])
    assert not brawl.can(enc, walk)
    enc = _next(enc, "end", "round", "mage")
    assert _solid(enc) == [True] * 10
    enc, events = brawl.end_turn(enc)
    (ended,) = [e for e in events if isinstance(e, AreaEnded)]
    assert (ended.creature, ended.ability, ended.squares) == ("mage", "Wall of Stone", raised.squares)
    assert ended.rules == ("R-AREA-8", "RB2-EOT")
    assert _solid(enc) == [False] * 10
    assert enc.creature("mage").areas == ()
    assert line_of_effect_to(enc, "mage", "ogre")


def test_a_wall_of_fire_is_passable_damaging_terrain_r_area_10_ds_move_13_r_area_12() -> None:
    """R-AREA-10, DS-MOVE-13: "each creature who enters the wall ... takes 3 + R fire damage": the
    squares are damaging terrain of 5 fire (3 + the mage's Reason 2), not solid; the ogre walking in
    takes 5; starting its turn there it takes 5 more (R-AREA-12)."""
    enc = _fight(FIRE)
    out = brawl.use_ability(enc, "mage", "Wall of Fire", wall=WALL_SQUARES)
    (raised,) = [e for e in out.events if isinstance(e, AreaRaised)]
    assert (raised.kind, raised.duration) == ("damaging", "end_of_encounter")
    assert out.state.terrain.cell(Pos(5, 2, 0)) == Cell(damaging=5, damage_type="fire")
    assert _solid(out.state) == [False] * 10
    enc = _next(out.state, "end", "ogre")
    enc, events = brawl.move(enc, "ogre", [(7, 2, 0), (6, 2, 0), (5, 2, 0)])
    hurt = [e for e in events if isinstance(e, Damaged)]
    assert [(e.target, e.base) for e in hurt] == [("ogre", 5)]
    assert enc.creature("ogre").stamina == 35
    enc = _next(enc, "end", "round", "mage", "end")
    enc, events = brawl.start_turn(enc, "ogre")
    (reached,) = [e for e in events if isinstance(e, AreaReached)]
    assert (reached.creature, reached.maker, reached.when) == ("ogre", "mage", "start_of_turn")
    assert enc.creature("ogre").stamina == 30


def test_a_passable_wall_marks_only_plain_air_and_gives_it_back_r_area_10() -> None:
    """R-AREA-10, R-AREA-9: a wall of fire over a pool leaves the water square as water, marks the
    other nine as damaging, and at the end of the encounter the map is the map before it."""
    enc = _fight(FIRE)
    enc = enc.with_terrain(enc.terrain.with_cell((5, 0, 0), Cell(liquid=True)))
    before = enc.terrain
    enc = brawl.use_ability(enc, "mage", "Wall of Fire", wall=WALL_SQUARES).state
    assert enc.terrain.cell(Pos(5, 0, 0)) == Cell(liquid=True)
    assert sum(enc.terrain.cell(Pos(*p)).damaging == 5 for p in WALL_SQUARES) == 9
    assert brawl.end_combat(enc).state.terrain == before


def test_a_solid_wall_needs_open_empty_squares_r_area_9() -> None:
    """R-AREA-9: a solid wall on the ogre's square, or on solid ground, is refused with the rule; a
    passable wall may stand on a creature's square."""
    enc = _fight(STONE, FIRE)
    on_ogre = [(8, y, 0) for y in range(0, 5)]  # the ogre at (8, 2)
    with pytest.raises(ActionUnavailableError, match="occupied") as caught:
        brawl.use_ability(enc, "mage", "Wall of Stone", wall=on_ogre)
    assert caught.value.rules == ("R-AREA-4", "R-AREA-9")
    assert not brawl.can(enc, brawl.UseAbility("mage", "Wall of Stone", wall=on_ogre))
    with pytest.raises(ActionUnavailableError, match="solid"):
        brawl.use_ability(enc, "mage", "Wall of Stone", wall=[(4, 2, -1), (4, 2, 0)])
    assert brawl.use_ability(
        enc, "mage", "Wall of Fire", wall=[(7, 2, 0), (8, 2, 0)]
    ).state.terrain.is_damaging(Pos(8, 2, 0))


def test_a_solid_wall_refuses_a_body_and_drops_who_stood_on_it_r_area_9_ds_fall_01() -> None:
    """R-AREA-9, DS-FALL-01: a dead goblin's square is occupied for a solid wall; when a wall ends
    under the ogre standing on it at z = 2, the ogre falls the two squares to the ground."""
    enc = _fight(STONE, ogre_at=(9, 9, 0))
    body = Creature(id="gob", pos=(5, 2, 0), dead=True, stamina=0)
    with pytest.raises(ActionUnavailableError, match="occupied"):
        brawl.use_ability(enc.with_creature(body), "mage", "Wall of Stone", wall=WALL_SQUARES)
    enc = brawl.use_ability(enc, "mage", "Wall of Stone", wall=WALL_SQUARES).state
    enc = enc.with_creature(replaced(enc.creature("ogre"), pos=Pos(5, 2, 2)))
    enc = _next(enc, "end", "ogre", "end", "round", "mage")
    assert enc.creature("ogre").pos == Pos(5, 2, 2)
    enc, events = brawl.end_turn(enc)
    assert enc.creature("ogre").pos == Pos(5, 2, 0)
    (fell,) = [e for e in events if isinstance(e, Fell)]
    assert (fell.creature, "R-AREA-9" in fell.rules) == ("ogre", True)
    assert events.index(fell) > min(events.index(e) for e in events if isinstance(e, AreaEnded))


def test_the_wall_reads_its_words_r_area_9_r_area_10() -> None:
    """R-AREA-9, R-AREA-10: stone by default, the material its words name, open when creatures may
    pass, concealing for fog; plain damage to each creature entering is damaging terrain."""
    mage = Creature(id="mage", characteristics=Characteristics(reason=2))
    assert wall_cell(STONE, mage) == (Cell(Material.STONE), "solid")
    assert wall_cell(_wall("Wall of Thorns", ""), mage) == (Cell(Material.WOOD), "solid")
    assert wall_cell(_wall("Iron Wall", ""), mage) == (Cell(Material.METAL), "solid")
    assert wall_cell(_wall("Wall of Fog", ""), mage) == (Cell(concealing=True), "concealing")
    assert wall_cell(_wall("Veil", "Creatures can move through the wall."), mage) == (Cell(), "open")
    assert wall_cell(FIRE, mage) == (Cell(damaging=5, damage_type="fire"), "damaging")
    enemies_only = _wall("Wall of Spite", "Each enemy who enters the wall takes 4 damage.")
    assert wall_cell(enemies_only, mage) == (Cell(), "open")


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("The wall lasts until the end of the encounter.", ("end_of_encounter", 0)),
        ("The wall lasts until the end of your turn.", ("end_of_turn", 0)),
        ("The wall lasts until the end of your next turn.", ("end_of_turn", 1)),
        ("The wall remains until the start of your next turn.", ("start_of_turn", 0)),
        ("The wall lasts until the end of the round.", ("end_of_round", 0)),
        ("Each creature who starts their turn in the wall is slowed (EoT).", None),
        ("", None),
    ],
)
def test_the_printed_duration_rb2_eot_rb2_eoe_r_area_8(words: str, expected: tuple[str, int] | None) -> None:
    """R-AREA-8, RB2-EOT, RB2-EOE: the duration is read from the sentences about the area, never
    from a timed effect's own "(EoT)"."""
    assert area_duration(_wall("Test Wall", words)) == expected


def test_a_wall_without_a_printed_duration_lasts_to_the_end_of_the_encounter_r_area_8_rb2_eoe() -> None:
    """R-AREA-8, RB2-EOE: no duration printed: the wall stands until the encounter ends, when its
    squares are as they were (end_combat and the end-of-encounter hook alike)."""
    enc = _fight(_wall("Rampart", ""))
    enc = brawl.use_ability(enc, "mage", "Rampart", wall=WALL_SQUARES).state
    assert enc.creature("mage").areas[0].duration == "end_of_encounter"
    later = _next(enc, "end", "ogre", "end", "round", "mage", "end", "ogre", "end", "round")
    assert _solid(later) == [True] * 10
    closed, events = brawl.end_combat(later)
    assert _solid(closed) == [False] * 10
    assert [e.rules for e in events if isinstance(e, AreaEnded)] == [("R-AREA-8", "RB2-EOE")]
    assert _solid(end_of_encounter(later).state) == [False] * 10


# --- auras ----------------------------------------------------------------------------------------
def test_an_aura_lands_at_the_start_of_turn_and_moves_with_its_maker_r_area_11_r_area_12() -> None:
    """R-AREA-11, R-AREA-12, RB2-EOT: the ogre 2 squares away starts its turn in the 2 aura: 2 fire
    damage and slowed (EoT); once the mage has walked off, the aura follows it and the ogre, now
    4 away, takes nothing; the aura ends at the start of the mage's next turn."""
    enc = _fight(BLAZE, ogre_at=(4, 2, 0))
    out = brawl.use_ability(enc, "mage", "Blazing Aura")
    (raised,) = [e for e in out.events if isinstance(e, AreaRaised)]
    assert (raised.shape, raised.radius, raised.duration) == ("aura", 2, "start_of_turn")
    enc, events = brawl.start_turn(_next(out.state, "end"), "ogre")
    (reached,) = [e for e in events if isinstance(e, AreaReached)]
    assert (reached.creature, reached.maker, reached.ability) == ("ogre", "mage", "Blazing Aura")
    assert [(e.target, e.base, e.type) for e in events if isinstance(e, Damaged)] == [("ogre", 2, "fire")]
    assert [e.condition.name.value for e in events if isinstance(e, ConditionGained)] == ["slowed"]
    assert enc.creature("ogre").stamina == 38
    assert events.index(reached) < min(events.index(e) for e in events if isinstance(e, Damaged))

    moved = BLAZE
    enc2 = _fight(moved, ogre_at=(4, 2, 0))
    enc2 = brawl.use_ability(enc2, "mage", "Blazing Aura").state
    enc2, _ = brawl.move(enc2, "mage", [(1, 2, 0), (0, 2, 0)])
    enc2, events = brawl.start_turn(_next(enc2, "end"), "ogre")
    assert not [e for e in events if isinstance(e, (AreaReached, Damaged))]
    assert enc2.creature("ogre").stamina == 40

    enc, events = brawl.start_turn(_next(enc, "end", "round"), "mage")
    (ended,) = [e for e in events if isinstance(e, AreaEnded)]
    assert (ended.ability, ended.reason) == ("Blazing Aura", "start of its maker's turn")
    assert enc.creature("mage").areas == ()


def test_an_aura_lands_at_the_end_of_turn_on_enemies_only_r_area_12() -> None:
    """R-AREA-12: "each enemy who ends their turn in the aura takes 4 cold damage": the ogre,
    adjacent, takes 4 at the end of its turn; an ally adjacent takes nothing."""
    enc = _fight(CHILL, ogre_at=(3, 2, 0))
    squire = Creature(id="squire", side="heroes", hero=True, pos=(2, 3, 0), stamina_max=20)
    enc = enc.with_creature(squire)
    enc = brawl.use_ability(enc, "mage", "Chill Aura").state
    enc = _next(enc, "end", "ogre")
    enc, events = brawl.end_turn(enc)
    assert [(e.target, e.base) for e in events if isinstance(e, Damaged)] == [("ogre", 4)]
    assert enc.creature("ogre").stamina == 36
    enc, events = brawl.end_turn(brawl.start_turn(enc, "squire").state)
    assert not [e for e in events if isinstance(e, Damaged)]


def test_a_dead_makers_aura_and_turn_bound_wall_end_at_the_next_turn_r_area_11() -> None:
    """R-AREA-11: the mage dies with an aura, a wall to the end of its next turn and a wall to the
    end of the encounter: at the start of the ogre's turn the aura lands nothing and ends, the
    first wall is gone, the second stands."""
    rampart = _wall("Rampart", "")
    enc = _fight(BLAZE, STONE, rampart, ogre_at=(4, 2, 0))
    enc = brawl.use_ability(enc, "mage", "Blazing Aura").state
    enc = brawl.use_ability(enc, "mage", "Rampart", wall=[(9, y, 0) for y in range(5)], granted=True).state
    enc = brawl.use_ability(enc, "mage", "Wall of Stone", wall=WALL_SQUARES, granted=True).state
    enc = brawl.damage(_next(enc, "end"), "mage", 100).state
    assert enc.creature("mage").dead
    enc, events = brawl.start_turn(enc, "ogre")
    ended = [(e.ability, e.reason, e.rules) for e in events if isinstance(e, AreaEnded)]
    assert ended == [
        ("Blazing Aura", "its maker is dead", ("R-AREA-11",)),
        ("Wall of Stone", "its maker is dead", ("R-AREA-11",)),
    ]
    assert not [e for e in events if isinstance(e, (AreaReached, Damaged))]
    assert _solid(enc) == [False] * 10
    assert enc.terrain.is_solid(Pos(9, 2, 0))
    assert [a.ability for a in enc.creature("mage").areas] == ["Rampart"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 9), st.integers(0, 9), st.integers(1, 3), st.sampled_from(["1M", "2"]))
def test_who_is_in_an_aura_is_who_has_a_square_of_its_squares_r_area_11(
    x: int, y: int, radius: int, size: str
) -> None:
    """R-AREA-5, R-AREA-7, R-AREA-11: a creature anywhere near the mage, behind a stone pillar or
    not, is in the mage's lasting aura exactly when a square of its space is one of the squares
    the aura holds around the mage (the oracle: the whole area, worked out square by square)."""
    pillar = {Pos(4, 3, z): Cell(Material.STONE) for z in (0, 1, 2)}
    mage = Creature(id="mage", side="heroes", pos=(3, 3, 0), abilities=(BLAZE,))
    other = Creature(id="other", pos=(x, y, 0), size=size)
    terrain = Terrain(10, 10, cells=pillar)
    assume(x + other.n <= 10 and y + other.n <= 10)
    assume(not any(q in pillar or q in set(mage.cells()) for q in other.cells()))
    enc = Encounter.create(terrain, [mage, other])
    area = LastingArea("Blazing Aura", "aura", "end_of_encounter", radius=radius)
    expected = any(q in aura_cells(enc, mage, area) for q in other.cells())
    assert is_in(enc, mage, area, enc.creature("other")) == expected


def test_an_aura_heals_an_ally_ending_its_turn_in_it_r_area_12_r_abil_14() -> None:
    """R-AREA-12, R-ABIL-14: "each ally who ends their turn in the aura regains 2 Stamina": the
    squire at 15 of 20 ends its turn beside the mage and has 17; the ogre, an enemy, regains none."""
    boon = _aura("Boon", "Each ally who ends their turn in the aura regains 2 Stamina.", radius=1)
    enc = _fight(boon, ogre_at=(3, 2, 0))
    squire = Creature(id="squire", side="heroes", hero=True, pos=(2, 3, 0), stamina_max=20, stamina=15)
    enc = brawl.use_ability(enc.with_creature(squire), "mage", "Boon").state
    enc, events = brawl.end_turn(_next(enc, "end", "ogre"))
    assert not [e for e in events if isinstance(e, AreaReached)]
    enc, events = brawl.end_turn(_next(enc, "squire"))
    assert [(e.creature, e.ability) for e in events if isinstance(e, AreaReached)] == [("squire", "Boon")]
    assert enc.creature("squire").stamina == 17


def test_an_aura_without_duration_or_timed_effect_does_not_last_r_area_8() -> None:
    """R-AREA-8: a plain aura used like a burst keeps nothing."""
    plain = _aura("Shove Aura", "")
    enc = brawl.use_ability(_fight(plain), "mage", "Shove Aura").state
    assert enc.creature("mage").areas == ()


def test_the_timed_effects_read_common_wordings_r_area_12() -> None:
    """R-AREA-12: start and end of turn, enemy, ally or creature, damage and conditions."""
    (start,) = timed_effects(BLAZE)
    assert (start.when, start.who, [e.printed() for e in start.effects]) == (
        "start_of_turn", "enemy", ["2 fire damage", "slowed (EoT)"],
    )  # fmt: skip
    (end,) = timed_effects(_aura("Boon", "Each ally who ends their turn in the aura regains 2 Stamina."))
    assert (end.when, end.who) == ("end_of_turn", "ally")
    ember = _wall(
        "Wall of Embers",
        "You create a wall of fire that lasts until the end of the encounter. Each enemy who enters the wall "
        "for the first time in a combat round or starts their turn there takes fire damage equal to your "
        "Reason score.",
    )
    (reason,) = timed_effects(ember)
    assert (reason.when, reason.who, [e.printed() for e in reason.effects]) == (
        "start_of_turn", "enemy", ["0 + R fire damage"],
    )  # fmt: skip
    assert area_duration(ember) == ("end_of_encounter", 0)
    assert wall_cell(ember, Creature(id="mage")) == (Cell(), "open")  # enemies only: not terrain
    (fire,) = timed_effects(FIRE)
    assert (fire.when, fire.who, [e.printed() for e in fire.effects]) == (
        "start_of_turn", "creature", ["3 + R fire damage"],
    )  # fmt: skip


# --- a bestiary's blocks ---------------------------------------------------------------------------
def test_an_imported_bestiary_wall_and_aura_last_r_area_8_r_area_9_r_area_12() -> None:
    """R-AREA-8, R-AREA-9, R-AREA-12: a SteelCompendium block whose maneuvers print "10 wall within
    5" with "the wall lasts until the start of the thornling's next turn" and "1 aura" with "each
    enemy who ends their turn in the aura takes 2 poison damage" imports, raises a wall of
    brambles (wood) and an aura whose damage lands on the ogre ending its turn beside it."""
    data = json.loads((Path(__file__).parent / "data" / "statblocks" / "sc-thornling.json").read_text())
    data["abilities"] = [
        {
            "name": "Bramble Wall", "usage": "Maneuver", "keywords": ["Area", "Magic"],
            "distance": "10 wall within 5", "target": "Special",
            "effect": "Brambles rise. The wall lasts until the start of the thornling's next turn.",
        },
        {
            "name": "Thorn Cloak", "usage": "Maneuver", "keywords": ["Area", "Magic"],
            "distance": "1 aura", "target": "Each enemy in the area",
            "effect": "Until the end of the encounter, each enemy who ends their turn in the aura takes 2 "
            "poison damage.",
        },
    ]  # fmt: skip
    block = loads_statblocks(json.dumps(data), source="thornling.json").get("Thornling Cutpurse")
    assert block is not None
    thorn = block.creature("thorn", pos=(2, 2, 0))
    ogre = Creature(id="ogre", side="heroes", pos=(3, 2, 0), stamina_max=40)
    enc, _ = brawl.start_combat(Encounter.create(Terrain.flat(12, 12), [thorn, ogre], seed=5))
    enc = brawl.start_turn(brawl.end_turn(brawl.start_turn(enc, "ogre").state).state, "thorn").state
    enc = brawl.use_ability(enc, "thorn", "Bramble Wall", wall=WALL_SQUARES).state
    enc = brawl.use_ability(enc, "thorn", "Thorn Cloak", granted=True).state
    assert enc.terrain.cell(Pos(5, 2, 1)) == Cell(Material.WOOD)
    assert [(a.ability, a.duration) for a in enc.creature("thorn").areas] == [
        ("Bramble Wall", "start_of_turn"), ("Thorn Cloak", "end_of_encounter"),
    ]  # fmt: skip
    enc = brawl.end_round(brawl.end_turn(enc).state).state
    enc, events = brawl.end_turn(brawl.start_turn(enc, "ogre").state)
    assert [(e.target, e.base, e.type) for e in events if isinstance(e, Damaged)] == [("ogre", 2, "poison")]
    enc, events = brawl.start_turn(enc, "thorn")
    assert [e.ability for e in events if isinstance(e, AreaEnded)] == ["Bramble Wall"]
    assert not enc.terrain.is_solid(Pos(5, 2, 1))


# --- saved states ---------------------------------------------------------------------------------
def test_lasting_areas_round_trip_through_json_and_old_states_load_r_area_8() -> None:
    """R-AREA-8: a wall and an aura on the mage survive a JSON round trip, and go on to end as
    before; a state saved before lasting areas existed loads with none."""
    enc = _fight(STONE, BLAZE)
    enc = brawl.use_ability(enc, "mage", "Wall of Stone", wall=WALL_SQUARES).state
    enc = brawl.use_ability(enc, "mage", "Blazing Aura").state
    again = from_json(to_json(enc))
    assert again.creature("mage").areas == enc.creature("mage").areas
    assert len(again.creature("mage").areas) == 2
    assert _solid(again) == [True] * 10
    assert _solid(_next(again, "end", "ogre", "end", "round", "mage", "end")) == [False] * 10
    golden = json.loads(
        (Path(__file__).parent / "golden" / "tavern-drawsteel.json").read_text(encoding="utf-8")
    )
    saved = golden["final_state"]
    assert all("areas" not in c for c in saved["creatures"])
    assert all(c.areas == () for c in from_json(json.dumps(saved)).creature_list())


def test_a_lasting_area_refuses_bad_fields_r_area_8() -> None:
    """R-AREA-8: an unknown duration, a wall without its cells before, an aura without a radius
    or a wall of more squares than a use may name is a StateError."""
    with pytest.raises(StateError, match="duration"):
        LastingArea("Wall", "wall", "forever")
    with pytest.raises(StateError, match="squares"):
        LastingArea("Wall", "wall", "end_of_encounter", squares=((1, 1, 0),))
    with pytest.raises(StateError, match="radius"):
        LastingArea("Aura", "aura", "end_of_encounter")
    with pytest.raises(StateError, match="open squares"):
        LastingArea("Wall", "wall", "end_of_encounter", squares=((1, 1, 0),), was=(Cell(Material.STONE),))
    many = [(x, 0, 0) for x in range(1_001)]
    with pytest.raises(StateError, match="at most 1,000"):
        LastingArea("Wall", "wall", "end_of_encounter", squares=many, was=[Cell()] * 1_001)


# --- the property: a wall blocks exactly for its duration -----------------------------------------
SCHEDULE = ("end", "ogre", "end", "round", "mage", "end", "ogre", "end", "round", "mage")
"""The moments after the mage raises a wall on its turn of round 1."""
GONE_AFTER = {
    "until the end of your turn": 1,  # the mage's turn ends (RB2-EOT)
    "until the end of your next turn": 6,  # the mage's turn of round 2 ends
    "until the start of your next turn": 5,  # the mage's turn of round 2 starts
    "until the end of the round": 4,  # round 1 ends
    "until the end of the encounter": 99,  # never within the schedule (RB2-EOE)
}
"""How many moments of :data:`SCHEDULE` pass before each duration's wall is gone: the oracle."""


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(GONE_AFTER)),
    st.integers(0, 4),
    st.integers(0, 6),
    st.integers(1, 5),
    st.booleans(),
    st.integers(0, len(SCHEDULE)),
)
def test_a_walls_squares_block_exactly_for_its_duration(
    lasts: str, x: int, y: int, length: int, along_x: bool, moments: int
) -> None:
    """R-AREA-8, R-AREA-9, RB2-EOT, RB2-EOE: whatever the wall's squares and duration, after each
    moment of the schedule its squares are solid exactly while the oracle says it stands, no
    other square of the map changes, and once gone the map is the map before it."""
    ability = _wall("Test Wall", f"The wall lasts {lasts}.")
    enc = _fight(ability, ogre_at=(10, 10, 0))
    squares = [(x + i, 4 + y % 4, 0) if along_x else (4 + x, y + i, 0) for i in range(length)]
    before = enc.terrain
    enc = brawl.use_ability(enc, "mage", "Test Wall", wall=squares).state
    for moment in SCHEDULE[:moments]:
        enc = _next(enc, moment)
    standing = moments < GONE_AFTER[lasts]
    assert [enc.terrain.is_solid(Pos(*p)) for p in squares] == [standing] * len(squares)
    if standing:
        assert enc.terrain == before.with_cells({Pos(*p): Cell(Material.STONE) for p in squares})
        assert len(enc.creature("mage").areas) == 1
    else:
        assert enc.terrain == before
        assert enc.creature("mage").areas == ()


# --- entering -------------------------------------------------------------------------------------
FROST = _aura("Frost Aura", "Each enemy who enters the aura takes 3 cold damage.", radius=2)
EMBERS = _wall("Wall of Embers", "Each enemy who enters the wall takes 4 fire damage.")


def test_an_enemy_entering_an_aura_takes_its_effect_r_area_10_r_area_11() -> None:
    """R-AREA-10, R-AREA-11: "each enemy who enters the aura takes 3 cold damage" (a 2 aura around
    the mage at (2, 2)): the ogre walking from (8, 2) to (5, 2) stays out and takes nothing; walking
    on to (4, 2) it enters and takes 3 (40 to 37), once; moving inside the aura takes nothing more;
    the squire, an ally, walking in takes nothing."""
    enc = _fight(FROST)
    squire = Creature(id="squire", side="heroes", hero=True, pos=(2, 7, 0), stamina_max=20)
    enc = brawl.use_ability(enc.with_creature(squire), "mage", "Frost Aura").state
    assert [a.ability for a in enc.creature("mage").areas] == ["Frost Aura"]
    enc = _next(enc, "end", "ogre")
    enc, events = brawl.move(enc, "ogre", [(7, 2, 0), (6, 2, 0), (5, 2, 0)])
    assert not [e for e in events if isinstance(e, (Damaged, AreaReached))]
    entered = brawl.move(enc, "ogre", [(4, 2, 0)])
    assert settle(entered).events == entered.events  # settled again, nothing lands twice
    enc, events = entered
    (reached,) = [e for e in events if isinstance(e, AreaReached)]
    assert (reached.creature, reached.maker, reached.when) == ("ogre", "mage", "enter")
    assert "R-AREA-10" in reached.rules
    assert [(e.target, e.base, e.type) for e in events if isinstance(e, Damaged)] == [("ogre", 3, "cold")]
    assert enc.creature("ogre").stamina == 37
    enc, events = brawl.move(enc, "ogre", [(4, 3, 0)])
    assert not [e for e in events if isinstance(e, Damaged)]
    enc = _next(enc, "end", "squire")
    enc, events = brawl.move(enc, "squire", [(2, 6, 0), (2, 5, 0), (2, 4, 0)])
    assert not [e for e in events if isinstance(e, (Damaged, AreaReached))]


def test_only_enemies_entering_a_wall_take_its_damage_r_area_10() -> None:
    """R-AREA-10: "each enemy who enters the wall takes 4 fire damage" is a passable wall, not
    damaging terrain (it does not hurt allies): the ogre walking into (5, 2) takes 4 (40 to 36);
    the squire, an ally, walking into (5, 3) takes nothing."""
    enc = _fight(EMBERS)
    squire = Creature(id="squire", side="heroes", hero=True, pos=(6, 3, 0), stamina_max=20)
    out = brawl.use_ability(enc.with_creature(squire), "mage", "Wall of Embers", wall=WALL_SQUARES)
    (raised,) = [e for e in out.events if isinstance(e, AreaRaised)]
    assert raised.kind == "open"
    assert out.state.terrain.cell(Pos(5, 2, 0)) == Cell()
    enc = _next(out.state, "end", "ogre")
    enc, events = brawl.move(enc, "ogre", [(7, 2, 0), (6, 2, 0), (5, 2, 0)])
    assert [(e.target, e.base, e.type) for e in events if isinstance(e, Damaged)] == [("ogre", 4, "fire")]
    (reached,) = [e for e in events if isinstance(e, AreaReached)]
    assert (reached.shape, reached.when) == ("wall", "enter")
    assert enc.creature("ogre").stamina == 36
    enc = _next(enc, "end", "squire")
    enc, events = brawl.move(enc, "squire", [(5, 3, 0)])
    assert not [e for e in events if isinstance(e, (Damaged, AreaReached))]
