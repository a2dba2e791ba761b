"""Building encounters (brawl.building): encounter strength, encounter value, difficulty bands."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl.__main__ import main
from brawl.building import (
    VICTORIES_OF_BAND,
    Foe,
    Party,
    assess,
    band_ranges,
    cost_of,
    difficulty,
    ev_formula,
    guidelines,
    hero_slots,
    hero_strength,
    slots_of,
    total_ev,
)
from brawl.scenario import read_scenario
from brawl.statblocks.model import StatBlock


def block(name: str, organization: str, *, level: int = 1, ev: int = 0, ev_for: int = 1) -> StatBlock:
    return StatBlock(name=name, stamina=10, level=level, organization=organization, ev=ev, ev_for=ev_for)


SPINECLEAVER = block("Goblin Spinecleaver", "minion", ev=3, ev_for=4)
WARRIOR = block("Goblin Warrior", "horde", ev=3)
MONARCH = block("Goblin Monarch", "leader", ev=12)
ARIXX = block("Arixx", "solo", ev=36)


def test_a_heros_strength_is_4_plus_twice_its_level_RB_EV_05() -> None:
    """RB-EV-05: the text's table, level 1 -> 6 ... level 10 -> 24; five 3rd-level heroes -> 50."""
    assert [hero_strength(level) for level in range(1, 11)] == [6, 8, 10, 12, 14, 16, 18, 20, 22, 24]
    assert Party(levels=(3,) * 5).strength == 50
    # RB-EV-06: a retainer counts as a hero of its level
    assert Party(levels=(3, 3, 3, 3, 3, 2)).strength == 50 + 8


def test_every_two_victories_on_average_add_one_hero_RB_EV_07() -> None:
    """RB-EV-07: 3rd-level heroes with 2 or 3 Victories each -> +10; with 6 each -> +30."""
    assert Party(levels=(3,) * 5, victories=2 * 5).strength == 60
    assert Party(levels=(3,) * 5, victories=3 * 5).strength == 60
    assert Party(levels=(3,) * 5, victories=6 * 5).strength == 80
    # R-EV-2: a fractional average is rounded down: 1.8 Victories each add nothing
    assert Party(levels=(3,) * 5, victories=9).strength == 50


def test_the_books_budget_example_RB_EV_08() -> None:
    """RB-EV-08: four 1st-level heroes, no Victories: ES 24, h 6; trivial < 18, easy 18-23,
    standard 24-30, hard 31-42, extreme >= 43 (the edges 18 and 30 by R-EV-3)."""
    party = Party(levels=(1, 1, 1, 1))
    assert (party.strength, party.hero_strength) == (24, 6)
    bands = {ev: difficulty(party, ev).band for ev in (0, 17, 18, 23, 24, 30, 31, 42, 43, 500)}
    assert bands == {
        0: "trivial",
        17: "trivial",
        18: "easy",
        23: "easy",
        24: "standard",
        30: "standard",
        31: "hard",
        42: "hard",
        43: "extreme",
        500: "extreme",
    }
    assert band_ranges(24, 6) == {
        "trivial": (0, 17),
        "easy": (18, 23),
        "standard": (24, 30),
        "hard": (31, 42),
        "extreme": (43, None),
    }


def _text_band(es: int, h: int, ev: int) -> str:
    """The text's sentences of RB-EV-08 written as they read (with R-EV-3's edges)."""
    if ev < es - h:
        return "trivial"
    if ev < es:
        return "easy"
    if es <= ev <= es + h:
        return "standard"
    if ev <= es + 3 * h:
        return "hard"
    return "extreme"


@given(
    st.lists(st.integers(1, 10), min_size=1, max_size=8),
    st.integers(0, 40),
    st.integers(0, 400),
)
def test_the_band_follows_the_texts_inequalities_RB_EV_08(levels: list[int], victories: int, ev: int) -> None:
    """RB-EV-08 against an oracle written from the text's sentences, over parties and budgets."""
    party = Party(levels=tuple(levels), victories=victories)
    found = difficulty(party, ev)
    assert found.band == _text_band(party.strength, party.hero_strength, ev)
    assert found.victories == VICTORIES_OF_BAND[found.band]


def test_victories_by_band_RB_EV_01_RB_EV_02() -> None:
    """RB-EV-01, RB-EV-02: trivial 0, easy 1, standard 1, hard 2, extreme 2 (or more)."""
    assert VICTORIES_OF_BAND == {"trivial": 0, "easy": 1, "standard": 1, "hard": 2, "extreme": 2}
    assert difficulty(Party(levels=(1, 1, 1, 1)), 31).victories == 2


def test_the_ev_formula_matches_the_level_1_goblins_RB_EV_15() -> None:
    """RB-EV-15: spinecleaver (minion, for four) 3, warrior (horde) 3, monarch (leader) 12,
    the arixx (solo) 36."""
    assert [ev_formula(1, o) for o in ("minion", "horde", "leader", "solo")] == [3, 3, 12, 36]
    assert ev_formula(3, "elite") == 20
    assert ev_formula(2, "platoon") == 8
    with pytest.raises(brawl.InvalidArgumentError, match="RB-EV-15"):
        ev_formula(1, "retainer")


def test_minions_are_bought_four_at_a_time_RB_EV_03_RB_EV_04_RB_EV_09() -> None:
    """RB-EV-03, RB-EV-04: a minion block's EV 3 is for four; 8 cost 6; 5 cost a second set (R-EV-4).
    RB-EV-09: the budget is the sum of what each creature costs."""
    assert [cost_of(SPINECLEAVER, n) for n in (0, 1, 4, 5, 8)] == [0, 3, 3, 6, 6]
    assert cost_of(MONARCH, 1) == 12
    assert total_ev([Foe(SPINECLEAVER, 8), Foe(MONARCH, 1), Foe(WARRIOR, 2)]) == 6 + 12 + 6


def test_guidelines_are_advice_RB_EV_10_RB_EV_11_RB_EV_12_RB_EV_13() -> None:
    party = Party(levels=(1, 1))
    # RB-EV-10: 2 levels above (3 with 6 Victories each); a solo 1 above the average level
    assert any("RB-EV-10" in n for n in guidelines(party, [Foe(block("Ogre", "elite", level=4, ev=20))]))
    assert not guidelines(party, [Foe(block("Ogre", "elite", level=3, ev=1))])
    veterans = Party(levels=(1, 1), victories=12)
    assert not any(
        "RB-EV-10" in n for n in guidelines(veterans, [Foe(block("Ogre", "elite", level=4, ev=1))])
    )
    assert any("RB-EV-10" in n for n in guidelines(party, [Foe(block("Wyrm", "solo", level=3, ev=1))]))
    # RB-EV-11: more than 8 per hero; more than 3 per hero but fewer than half minions; 7 stat blocks
    many = guidelines(party, [Foe(block("Rat", "horde", ev=1), 17)])
    assert any("more than 8 per hero" in n for n in many)
    assert any("at least half should be minions" in n for n in many)
    assert not any("minions" in n for n in guidelines(party, [Foe(SPINECLEAVER, 8)]))
    seven = [Foe(block(f"B{i}", "platoon", ev=1)) for i in range(7)]
    assert any("7 different stat blocks" in n for n in guidelines(Party(levels=(1,) * 4), seven))
    # RB-EV-12: a hard fight's leader or solo costs a third of the budget
    hard = [Foe(block("Thug", "platoon", ev=4), 5)]  # 20 EV against ES 12: hard
    assert difficulty(party, 20).band == "hard"
    assert any("RB-EV-12" in n for n in guidelines(party, hard))
    starred = [Foe(block("Thug", "platoon", ev=4), 3), Foe(block("Boss", "leader", ev=8))]
    assert not any("RB-EV-12" in n for n in guidelines(party, starred))
    # RB-EV-13: a group worth more than two heroes' ES
    assert any("RB-EV-13" in n for n in guidelines(party, [], groups={"a": 13, "b": 12}))
    assert len([n for n in guidelines(party, [], groups={"a": 13, "b": 12}) if "RB-EV-13" in n]) == 1


def test_quick_building_slots_RB_EV_14() -> None:
    """RB-EV-14: 4 heroes with 2 Victories each: 5 slots; hard +2, trivial -2; a slot is 8 minions,
    2 horde creatures or 1 platoon creature; a leader 2; a solo 6 plus 1 per level above."""
    party = Party(levels=(1, 1, 1, 1), victories=8)
    assert [hero_slots(party, b) for b in ("trivial", "easy", "standard", "hard", "extreme")] == [
        3,
        4,
        5,
        7,
        9,
    ]
    assert [slots_of(b, 1) for b in (SPINECLEAVER, WARRIOR, MONARCH, ARIXX)] == [1 / 8, 1 / 2, 2.0, 6.0]
    assert slots_of(block("Wyrm", "solo", level=3), 1) == 8.0


def test_a_scenario_is_assessed_from_its_stat_blocks() -> None:
    """The tavern: two 1st-level heroes; two Alley Thugs (EV 6 each) and a Gang Boss (EV 12)."""
    scenario = read_scenario(brawl.bundled_scenario("tavern"))
    assert sorted(scenario.statblocks) == ["boss", "thug-1", "thug-2"]
    budget = assess(scenario.encounter, scenario.statblocks, victories=4)
    assert budget.party.levels == (1, 1)
    assert [(f.block.name, f.count, f.cost) for f in budget.foes] == [
        ("Alley Thug", 2, 12),
        ("Gang Boss", 1, 12),
    ]
    assert (budget.difficulty.strength, budget.difficulty.ev, budget.difficulty.band) == (18, 24, "standard")
    assert budget.unpriced == ()


def test_brawl_encounter_prints_the_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["encounter", "tavern", "--victories", "2"]) == 0
    text = capsys.readouterr().out
    assert "Encounter strength: 12 (one hero 6)" in text
    assert "2 x Alley Thug: EV 12" in text
    assert "Difficulty: hard" in text
    assert main(["encounter", "benchmarks/four_vs_six.toml", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["strength"] == 24
    assert data["unpriced"] == ["raider-1", "raider-2", "raider-3", "raider-4", "brute", "archer"]


def test_brawl_simulate_reports_the_band_beside_the_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "tavern", "--runs", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Win rate" in out
    assert "Difficulty by the budget: hard (foes' EV 24, party's ES 12)" in out


def test_bad_parties_are_refused() -> None:
    with pytest.raises(brawl.InvalidArgumentError, match="1 to 100 heroes"):
        Party(levels=())
    with pytest.raises(brawl.ArgumentTypeError):
        Party(levels="33")  # type: ignore[arg-type]
    with pytest.raises(brawl.ArgumentTypeError):
        Party(levels=(1,), victories=1.5)  # type: ignore[arg-type]
    with pytest.raises(brawl.InvalidArgumentError):
        hero_strength(0)


def test_one_hero_of_a_mixed_party_is_the_average_rounded_down_R_EV_1() -> None:
    """R-EV-1: a 1st- and a 4th-level hero (ES 6 and 12) make a party of ES 18 whose "one hero"
    is worth 9; a 1st and a 2nd (6 and 8) one of 7; standard is then ES to ES + h."""
    assert (Party(levels=(1, 4)).strength, Party(levels=(1, 4)).hero_strength) == (18, 9)
    assert Party(levels=(1, 2)).hero_strength == 7
    assert Party(levels=(1, 1, 2)).hero_strength == 6  # 20 // 3
    assert difficulty(Party(levels=(1, 4)), 27).band == "standard"
    assert difficulty(Party(levels=(1, 4)), 28).band == "hard"
