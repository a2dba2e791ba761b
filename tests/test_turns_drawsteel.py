"""Draw Steel turn order: sides, surprise, alternation, groups, solos, the alternative order."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.turns
from brawl import Creature, Encounter, Terrain
from brawl.turns.drawsteel import DrawSteelTurn

AGILITY = brawl.DrawSteel(agility_order=True)
"""The Draw Steel system with the alternative order by Agility tests (DS-SIDE-14)."""


def heroes(n: int) -> list[Creature]:
    return [Creature(id=f"h{i}", side="heroes", hero=True, stamina_max=30, pos=(0, i, 0)) for i in range(n)]


def enemies(n: int, **kw: object) -> list[Creature]:
    return [Creature(id=f"e{i}", side="director", pos=(5, i, 0), **kw) for i in range(n)]  # type: ignore[arg-type]  # kw: any Creature field


def fight(creatures: list[Creature], **options: Any) -> Encounter:
    enc = Encounter.create(Terrain.flat(12, 12), creatures, seed=3)
    enc, _ = brawl.start_combat(enc, **options)
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


def play_round(enc: Encounter, pick: int = 0) -> tuple[Encounter, list[str]]:
    """Play every turn of the round, each time picking the ``pick``-th creature offered."""
    seq: list[str] = []
    while actors := brawl.turns.next_actors(enc):
        (ids,) = actors.values()
        who = ids[min(pick, len(ids) - 1)]
        enc, _ = brawl.start_turn(enc, who)
        enc, _ = brawl.end_turn(enc)
        seq.append(who)
    return enc, seq


def test_two_sides_only_ds_side_01() -> None:
    """DS-SIDE-01, DS-SIDE-02: Draw Steel has exactly two sides; a third is refused."""
    enc = Encounter.create(
        Terrain.flat(12, 12),
        [Creature(id="a", side="heroes"), Creature(id="b", side="wolves", pos=(3, 3, 0))],
    )
    with pytest.raises(brawl.InvalidArgumentError, match="DS-SIDE-01"):
        brawl.start_combat(enc)


def test_npc_ally_acts_on_heroes_side_ds_side_03() -> None:
    """DS-SIDE-03: an NPC ally on the heroes' side takes the heroes' slots."""
    ally = Creature(id="ally", side="heroes", hero=False, pos=(1, 1, 0))
    enc = fight([ally, *enemies(1)], first_side="heroes")
    assert brawl.turns.next_actors(enc) == {"heroes": ("ally",)}


def test_combat_start_is_an_input_ds_side_04() -> None:
    """DS-SIDE-04, R-TURN-2: combat starts when the caller says so: round 1, turn state set."""
    enc = Encounter.create(Terrain.flat(12, 12), heroes(1) + enemies(1))
    assert enc.turn is None
    assert enc.round == 0
    enc, events = brawl.start_combat(enc, d10=6)
    assert enc.round == 1
    assert isinstance(enc.turn, DrawSteelTurn)
    assert "combat starts" in brawl.explain(events)
    with pytest.raises(brawl.TurnOrderError, match="DS-END-01"):
        brawl.start_combat(enc)


def test_wholly_surprised_side_goes_second_without_roll_ds_side_05() -> None:
    """DS-SIDE-05: every enemy surprised: the heroes act first and no d10 is rolled."""
    enc = Encounter.create(Terrain.flat(12, 12), heroes(2) + enemies(2))
    enc, events = brawl.start_combat(enc, surprised=["e0", "e1"])
    assert not any(isinstance(e, brawl.DiceRolled) for e in events)
    assert list(brawl.turns.next_actors(enc)) == ["heroes"]
    assert enc.creature("e0").has("surprised")


def test_surprised_side_cannot_be_named_first_ds_side_05() -> None:
    """DS-SIDE-05: a wholly surprised side cannot be set to go first."""
    enc = Encounter.create(Terrain.flat(12, 12), heroes(1) + enemies(1))
    with pytest.raises(brawl.TurnOrderError, match="DS-SIDE-05"):
        brawl.start_combat(enc, surprised=["h0"], first_side="heroes")


@pytest.mark.parametrize(("roll", "first"), [(6, "heroes"), (10, "heroes"), (5, "director"), (1, "director")])
def test_d10_6_or_more_players_choose_ds_side_06(roll: int, first: str) -> None:
    """DS-SIDE-06: on 6+ the players choose (heroes by default), otherwise the Director (itself)."""
    enc = fight(heroes(1) + enemies(1), d10=roll)
    assert list(brawl.turns.next_actors(enc)) == [first]


def test_players_may_choose_the_other_side_ds_side_06() -> None:
    """DS-SIDE-06: either chooser may pick the other side."""
    assert list(brawl.turns.next_actors(fight(heroes(1) + enemies(1), d10=8, players_choice="director"))) == [
        "director"
    ]
    assert list(brawl.turns.next_actors(fight(heroes(1) + enemies(1), d10=2, director_choice="heroes"))) == [
        "heroes"
    ]


def test_d10_from_rng_is_recorded_ds_side_06() -> None:
    """DS-SIDE-06: without a caller's roll the d10 comes from the RNG and is an event."""
    enc = Encounter.create(Terrain.flat(12, 12), heroes(1) + enemies(1), seed=11)
    enc2, events = brawl.start_combat(enc)
    rolls = [e for e in events if isinstance(e, brawl.DiceRolled)]
    assert len(rolls) == 1
    assert rolls[0].source == "rng"
    assert 1 <= rolls[0].values[0] <= 10
    assert enc2.rng.counter == enc.rng.counter + 1


def test_both_sides_wholly_surprised_roll_as_usual_r_turn_2() -> None:
    """R-TURN-2, AMB-38: both sides surprised: the d10 decides as when neither is."""
    enc = Encounter.create(Terrain.flat(12, 12), heroes(1) + enemies(1))
    enc, events = brawl.start_combat(enc, surprised=["h0", "e0"], d10=3)
    assert list(brawl.turns.next_actors(enc)) == ["director"]
    assert any("R-TURN-2" in e.rules for e in events)


def test_bad_d10_is_refused_ds_side_06() -> None:
    """DS-SIDE-06: a d10 of 11 is not a d10."""
    enc = Encounter.create(Terrain.flat(12, 12), heroes(1) + enemies(1))
    with pytest.raises(brawl.InvalidArgumentError, match="DS-SIDE-06"):
        brawl.start_combat(enc, d10=11)


def test_first_side_picks_any_creature_then_other_side_ds_side_07_08() -> None:
    """DS-SIDE-07, DS-SIDE-08: the first side chooses any of its creatures; then the other side."""
    enc = fight(heroes(2) + enemies(2), d10=9)
    assert brawl.turns.next_actors(enc) == {"heroes": ("h0", "h1")}
    enc, _ = brawl.start_turn(enc, "h1")
    assert brawl.turns.next_actors(enc) == {}
    enc, _ = brawl.end_turn(enc)
    assert brawl.turns.next_actors(enc) == {"director": ("e0", "e1")}
    with pytest.raises(brawl.TurnOrderError, match="DS-SIDE-08"):
        brawl.start_turn(enc, "h0")


def test_no_second_turn_in_a_round_ds_side_09() -> None:
    """DS-SIDE-09: a creature that acted cannot act again this round."""
    enc = fight(heroes(1) + enemies(2), d10=9)
    enc, _ = brawl.start_turn(enc, "h0")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "e0")
    enc, _ = brawl.end_turn(enc)
    with pytest.raises(brawl.TurnOrderError, match="DS-SIDE-09"):
        brawl.start_turn(enc, "h0")


def test_four_heroes_six_enemies_last_two_back_to_back_ds_side_10() -> None:
    """DS-SIDE-10 worked example: 4 heroes vs 6 enemies: the last two enemies act back to back."""
    enc = fight(heroes(4) + enemies(6), d10=7)
    enc, seq = play_round(enc)
    assert seq == ["h0", "e0", "h1", "e1", "h2", "e2", "h3", "e3", "e4", "e5"]
    assert seq[-2:] == ["e4", "e5"]


def test_round_ends_when_all_acted_and_first_side_stays_first_ds_side_11_12() -> None:
    """DS-SIDE-11, DS-SIDE-12: the round ends once all acted; the heroes go first in round 2 too."""
    enc = fight(heroes(1) + enemies(2), d10=2, director_choice="director")
    with pytest.raises(brawl.TurnOrderError, match="DS-SIDE-11"):
        brawl.end_round(enc)
    enc, seq = play_round(enc)
    assert seq == ["e0", "h0", "e1"]
    enc, _events = brawl.end_round(enc)
    assert enc.round == 2
    assert list(brawl.turns.next_actors(enc)) == ["director"]
    enc, seq2 = play_round(enc, pick=1)
    assert seq2 == ["e1", "h0", "e0"]


def test_dead_creatures_skip_ds_side_11() -> None:
    """DS-SIDE-11: dead creatures take no turn and do not hold up the round."""
    dead = Creature(id="e9", side="director", pos=(9, 9, 0), dead=True, stamina=0)
    enc = fight([*heroes(1), *enemies(1), dead], d10=9)
    enc, seq = play_round(enc)
    assert seq == ["h0", "e0"]


def test_director_group_acts_back_to_back_one_slot_ds_side_17_r_turn_3() -> None:
    """DS-SIDE-17, R-TURN-3: a Director group takes one alternation slot, its members back to back."""
    goblins = enemies(3, group="goblins")
    ogre = Creature(id="ogre", side="director", pos=(8, 8, 0))
    enc = fight([*heroes(2), *goblins, ogre], d10=9)
    enc, _ = brawl.start_turn(enc, "h0")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "e1")
    enc, _ = brawl.end_turn(enc)
    assert brawl.turns.next_actors(enc) == {"director": ("e0", "e2")}
    with pytest.raises(brawl.TurnOrderError, match="R-TURN-3"):
        brawl.start_turn(enc, "h1")
    with pytest.raises(brawl.TurnOrderError, match="DS-SIDE-17"):
        brawl.start_turn(enc, "ogre")
    enc, seq = play_round(enc)
    assert seq == ["e0", "e2", "h1", "ogre"]


def test_solo_takes_two_turns_never_back_to_back_rb5_solo() -> None:
    """RB5-SOLO: a solo creature takes two turns a round, never back to back."""
    dragon = Creature(id="dragon", side="director", solo=True, pos=(6, 6, 0), size="3")
    enc = fight([*heroes(3), dragon], d10=9)
    enc, seq = play_round(enc)
    assert seq == ["h0", "dragon", "h1", "dragon", "h2"]
    enc, _ = brawl.end_round(enc)
    assert enc.round == 2


def test_solo_second_turn_lost_when_only_back_to_back_rb5_solo() -> None:
    """RB5-SOLO: with no one left to act between them, the solo's second turn is lost."""
    dragon = Creature(id="dragon", side="director", solo=True, pos=(6, 6, 0), size="3")
    enc = fight([*heroes(1), dragon], d10=9)
    enc, seq = play_round(enc)
    assert seq == ["h0", "dragon"]
    with pytest.raises(brawl.TurnOrderError, match="RB5-SOLO"):
        brawl.start_turn(enc, "dragon")
    enc, events = brawl.end_round(enc)
    lost = [e for e in events if type(e).__name__ == "TurnLost"]
    assert [e.creature for e in lost] == ["dragon"]


def test_alternative_order_by_agility_tests_ds_side_14() -> None:
    """DS-SIDE-14: the unacted hero (or enemy group) with the highest Agility test total acts next."""
    enc = fight(
        [*heroes(3), *enemies(2, group="wolves")],
        d10=9,
        system=AGILITY,
        agility_tests={"h0": 9, "h1": 17, "h2": 12, "wolves": 14},
    )
    assert brawl.turns.next_actors(enc) == {"heroes": ("h1",)}
    with pytest.raises(brawl.TurnOrderError, match="DS-SIDE-14"):
        brawl.start_turn(enc, "h0")
    enc, seq = play_round(enc)
    assert seq == ["h1", "e0", "e1", "h2", "h0"]


def test_alternative_order_ties_rerolled_within_side_ds_side_15() -> None:
    """DS-SIDE-15: tied heroes reroll: the reroll (from the caller here) orders them."""
    enc = fight(
        [*heroes(2), *enemies(1)],
        d10=9,
        system=AGILITY,
        agility_tests={"h0": 12, "h1": 12, "e0": 12},
        agility_rerolls={"h0": [5], "h1": [15]},
    )
    assert brawl.turns.next_actors(enc) == {"heroes": ("h1",)}


def test_alternative_order_rng_totals_are_2d10_plus_agility_ds_side_14() -> None:
    """DS-SIDE-14: missing Agility tests are 2d10 + Agility from the RNG, one DiceRolled each."""
    fast = Creature(id="fast", side="heroes", hero=True, characteristics=brawl.Characteristics(agility=3))
    enc = Encounter.create(Terrain.flat(12, 12), [fast, *enemies(1)], seed=5)
    enc, events = brawl.start_combat(enc, d10=9, system=AGILITY)
    rolls = [e for e in events if isinstance(e, brawl.DiceRolled) and e.dice == "2d10"]
    order = [e for e in events if type(e).__name__ == "TurnOrderSet" and e.side == "heroes"]
    assert len(rolls) == 2
    assert order[0].totals == (sum(rolls[0].values) + 3,)


def test_alternative_order_is_a_variant_of_the_system_ds_side_14() -> None:
    """DS-SIDE-14: the variant is the system object or its name; plain Draw Steel refuses Agility totals."""
    creatures = [*heroes(2), *enemies(1)]
    totals = {"h0": 15, "h1": 5, "e0": 10}
    by_object = fight(creatures, d10=9, system=AGILITY, agility_tests=totals)
    by_name = fight(creatures, d10=9, system="drawsteel-agility", agility_tests=totals)
    assert by_object == by_name
    assert isinstance(by_object.turn, DrawSteelTurn)
    assert by_object.turn.ranking == ("h0", "h1", "e0")
    plain = fight(creatures, d10=9)
    assert isinstance(plain.turn, DrawSteelTurn)
    assert plain.turn.ranking is None
    with pytest.raises(brawl.InvalidArgumentError, match="DS-SIDE-14"):
        fight(creatures, d10=9, agility_tests=totals)
    start = brawl.actions.StartCombat("drawsteel-agility", d10=9)
    applied = brawl.apply(Encounter.create(Terrain.flat(12, 12), creatures, seed=3), start).state
    assert isinstance(applied.turn, DrawSteelTurn)
    assert applied.turn.ranking is not None


def test_willing_heroes_swap_at_start_of_round_ds_side_16() -> None:
    """DS-SIDE-16: two heroes swap places in the order at the start of a round, not later."""
    enc = fight([*heroes(2), *enemies(1)], d10=9, system=AGILITY, agility_tests={"h0": 15, "h1": 5, "e0": 10})
    enc, _ = brawl.turns.swap_turn_order(enc, "h0", "h1")
    assert brawl.turns.next_actors(enc) == {"heroes": ("h1",)}
    enc, _ = brawl.start_turn(enc, "h1")
    enc, _ = brawl.end_turn(enc)
    with pytest.raises(brawl.TurnOrderError, match="DS-SIDE-16"):
        brawl.turns.swap_turn_order(enc, "h0", "h1")
    with pytest.raises(brawl.InvalidArgumentError, match="DS-SIDE-16"):
        brawl.turns.swap_turn_order(fight([*heroes(2), *enemies(1)], d10=9, system=AGILITY), "h0", "e0")


def test_surprise_ends_at_end_of_round_1_ds_cond_01() -> None:
    """DS-COND-01: surprise lasts until the end of the first round."""
    enc = fight(heroes(1) + enemies(1), surprised=["e0"])
    assert enc.creature("e0").has("surprised")
    enc, _ = play_round(enc)
    enc, _ = brawl.end_round(enc)
    assert not enc.creature("e0").has("surprised")


def test_end_of_round_order_fall_suffocation_surprise_r_turn_4() -> None:
    """R-TURN-4, AMB-61: end-of-round effects resolve falling-far, then suffocation, then surprise."""
    water = {
        brawl.Pos(x, y, z): brawl.Cell(liquid=True) for x in range(3) for y in range(3) for z in range(0, 2)
    }
    terrain = Terrain.flat(12, 12).with_cells(water)
    diver = Creature(id="diver", side="heroes", hero=True, stamina_max=30, pos=(1, 1, 0))
    enc = Encounter.create(terrain, [diver, *enemies(1)], seed=1)
    enc, _ = brawl.start_combat(enc, surprised=["e0"], d10=9)
    enc, _ = play_round(enc)
    enc, events = brawl.end_round(enc)
    names = [type(e).__name__ for e in events]
    assert names.index("BreathHeld") < names.index("ConditionEnded") < names.index("RoundStarted")


def test_end_combat_clears_turns_keeps_unconscious_ds_end_01_ds_cond_15() -> None:
    """DS-END-01, DS-COND-15, DS-STAM-22: conditions end but unconscious; no temporary Stamina."""
    enc = fight(heroes(1) + enemies(1), d10=9)
    enc, _ = brawl.add_condition(enc, "h0", "slowed", "save_ends")
    enc, _ = brawl.add_condition(enc, "h0", "unconscious")
    enc, _ = brawl.add_condition(enc, "e0", "weakened")
    enc = enc.update_creature("e0", temporary_stamina=5)
    enc, events = brawl.end_combat(enc, keep={"e0": ["weakened"]})
    assert enc.turn is None
    assert enc.round == 0
    h0 = enc.creature("h0")
    assert h0.has("unconscious")
    assert not h0.has("slowed")
    assert enc.creature("e0").has("weakened")
    assert enc.creature("e0").temporary_stamina == 0
    assert "combat ends" in brawl.explain(events)


def test_out_of_combat_calls_raise_turn_order_error() -> None:
    """DS-SIDE-04: turn functions outside combat raise TurnOrderError naming the rule."""
    enc = Encounter.create(Terrain.flat(12, 12), heroes(1))
    for call in (
        lambda: brawl.turns.next_actors(enc),
        lambda: brawl.end_turn(enc),
        lambda: brawl.end_combat(enc),
    ):
        with pytest.raises(brawl.TurnOrderError, match="DS-SIDE-04"):
            call()


def test_unknown_system_and_options_are_refused() -> None:
    """DS-SIDE-01: an unknown system name or option is an InvalidArgumentError."""
    enc = Encounter.create(Terrain.flat(12, 12), heroes(1) + enemies(1))
    with pytest.raises(brawl.InvalidArgumentError):
        brawl.start_combat(enc, system="chess")
    with pytest.raises(TypeError):
        brawl.start_combat(enc, bogus=1)  # type: ignore[call-arg]  # no such option, on purpose
    with pytest.raises(TypeError):
        brawl.start_combat(enc, system="zone", first_side="heroes")  # Draw Steel's, not the zone game's
    with pytest.raises(brawl.UnknownCreatureError):
        brawl.start_combat(enc, surprised=["nobody"])


@given(st.integers(1, 10), st.integers(1, 4), st.integers(1, 6), st.integers(0, 3))
def test_round_invariants_property(d10: int, n_heroes: int, n_enemies: int, pick: int) -> None:
    """DS-SIDE-08..12: all act once, sides alternate; old state untouched."""
    enc = Encounter.create(Terrain.flat(12, 12), heroes(n_heroes) + enemies(n_enemies), seed=d10)
    start, _ = brawl.start_combat(enc, d10=d10)
    snapshot = start
    enc2, seq = play_round(start, pick)
    assert snapshot == start
    assert sorted(seq) == sorted(c.id for c in start.living())
    sides = [start.creature(c).side for c in seq]
    switches = min(n_heroes, n_enemies)
    for i in range(2 * switches - 1):
        assert sides[i] != sides[i + 1]
    again, seq2 = play_round(start, pick)
    assert seq2 == seq
    assert again == enc2
