"""Holding breath and suffocation at the end of each combat round (DS-ENV-03, DS-ENV-04, AMB-48)."""

from __future__ import annotations

from typing import Any

import pytest

import brawl
from brawl import Cell, Characteristics, Creature, Encounter, Pos, Terrain
from brawl.turns.suffocation import breath_limit, breath_minutes


def pool() -> Terrain:
    water = {Pos(x, y, z): Cell(liquid=True) for x in range(3) for y in range(3) for z in range(2)}
    return Terrain.flat(10, 10).with_cells(water)


def in_water(might: int = 2, **kw: object) -> Encounter:
    diver = Creature(
        id="diver",
        side="heroes",
        hero=True,
        stamina_max=30,
        pos=(1, 1, 0),
        characteristics=Characteristics(might=might),
        **kw,  # type: ignore[arg-type]
    )
    ogre = Creature(id="ogre", side="director", pos=(8, 8, 0))
    enc, _ = brawl.start_combat(Encounter.create(pool(), [diver, ogre], seed=4), d10=9)
    return enc  # type: ignore[no-any-return]


def round_trip(enc: Encounter, **end: Any) -> tuple[Encounter, tuple[brawl.Event, ...]]:
    for who in ("diver", "ogre"):
        enc, _ = brawl.start_turn(enc, who)
        enc, _ = brawl.end_turn(enc)
    return brawl.end_round(enc, **end)  # type: ignore[return-value]


def test_breath_limit_is_might_minimum_1_ds_env_03() -> None:
    """DS-ENV-03: Might 3 holds 3 rounds; Might 0 or -1 still holds 1 round."""
    assert breath_limit(Creature(id="a", characteristics=Characteristics(might=3))) == 3
    assert breath_limit(Creature(id="b", characteristics=Characteristics(might=0))) == 1
    assert breath_limit(Creature(id="c", characteristics=Characteristics(might=-1))) == 1


def test_might_2_holds_two_rounds_then_1d6_each_round_ds_env_03_04() -> None:
    """DS-ENV-03, DS-ENV-04, AMB-48: Might 2: rounds 1 and 2 held; end of round 3: 1d6 (4) damage."""
    enc = in_water(might=2)
    enc, _ev1 = round_trip(enc)
    assert enc.creature("diver").breath_held == 1
    assert enc.creature("diver").stamina == 30
    enc, _ev2 = round_trip(enc)
    assert enc.creature("diver").breath_held == 2
    assert enc.creature("diver").stamina == 30
    enc, ev3 = round_trip(enc, suffocation_rolls={"diver": 4})
    assert enc.creature("diver").stamina == 26
    assert "out of breath (3 rounds held, limit 2): takes 4 damage" in brawl.explain(ev3)
    enc, ev4 = round_trip(enc)
    roll = next(e for e in ev4 if isinstance(e, brawl.DiceRolled))
    assert roll.source == "rng"
    assert enc.creature("diver").stamina == 26 - roll.values[0]


def test_might_0_takes_damage_after_the_first_round_ds_env_03_04() -> None:
    """DS-ENV-03, DS-ENV-04: minimum 1 round: Might 0 takes 1d6 at the end of round 2."""
    enc = in_water(might=0)
    enc, _ = round_trip(enc)
    enc, _ev = round_trip(enc, suffocation_rolls={"diver": 6})
    assert enc.creature("diver").stamina == 24


def test_surfacing_resets_the_count_ds_env_03() -> None:
    """DS-ENV-03, AMB-48: leaving the water restarts the count from the round it starts holding again."""
    enc = in_water(might=1)
    enc, _ = round_trip(enc)
    enc = enc.update_creature("diver", pos=(5, 5, 0))
    enc, ev = round_trip(enc)
    assert enc.creature("diver").breath_held == 0
    assert "breathes again" in brawl.explain(ev)


def test_swimmers_hold_their_breath_but_water_breathers_do_not_ds_env_03() -> None:
    """DS-ENV-03: swim movement is no exception; only creatures listed as needing no air are skipped."""
    enc = in_water(might=1, movement={"walk", "swim"})
    enc, _ = round_trip(enc)
    assert enc.creature("diver").breath_held == 1
    enc = in_water(might=1)
    enc, _ = round_trip(enc, breathes_water=["diver"])
    assert enc.creature("diver").breath_held == 0


def test_bad_suffocation_roll_is_refused_ds_env_04() -> None:
    """DS-ENV-04: a d6 of 7 is refused, naming the rule."""
    enc = in_water(might=1)
    enc, _ = round_trip(enc)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-ENV-04"):
        round_trip(enc, suffocation_rolls={"diver": 7})


def test_out_of_combat_breath_lasts_might_minutes_ds_env_05() -> None:
    """DS-ENV-05, R-ENV-1: out of combat, Might 3 holds 3 minutes; Might 0 or less, no time at all."""
    assert breath_minutes(brawl.Creature(id="a", characteristics=brawl.Characteristics(might=3))) == 3
    assert breath_minutes(brawl.Creature(id="b", characteristics=brawl.Characteristics(might=-2))) == 0
