"""Concealment from the state: darkness, fog and invisibility (DS-EDGE-09, DS-EDGE-10, R-CONCEAL-1)."""

from __future__ import annotations

import json

import attrs
import pytest

import brawl
import brawl.actions
from brawl import Cell, Creature, Encounter, Pos, Terrain
from brawl.events.actions import Struck
from brawl.events.movement import OpportunityAttackForgone, OpportunityAttackProvoked
from brawl.events.stealth import SearchContested
from brawl.render import render_svg, terrain_glyph
from brawl.rules.concealment import concealment_rules, has_concealment, in_darkness
from brawl.rules.edges import edges_and_banes
from brawl.rules.strikes import MELEE_STRIKE
from brawl.scenario import from_ascii


def fog(*cells: tuple[int, int, int]) -> dict[Pos, Cell]:
    return {Pos(*p): Cell(concealing=True) for p in cells}


def duel(cells: dict[Pos, Cell] | None = None, **gob: object) -> Encounter:
    kira = Creature(id="kira", side="heroes", pos=(2, 2, 0), stamina_max=20)
    g = Creature(id="gob", pos=(3, 2, 0), stamina_max=10, **gob)  # type: ignore[arg-type]
    return Encounter.create(Terrain.flat(8, 8).with_cells(cells or {}), [kira, g])


def test_a_creature_wholly_in_fog_has_concealment_partly_in_it_does_not() -> None:
    """DS-EDGE-09, R-CONCEAL-1: fully obscured means every cell of its space in darkness or fog."""
    enc = duel(fog((3, 2, 0)))
    assert in_darkness(enc, "gob")
    assert concealment_rules(enc, "gob", "kira") == ("DS-EDGE-09", "R-CONCEAL-1")
    assert not has_concealment(enc, "kira", "gob")
    big = duel(fog((3, 2, 0), (4, 2, 0), (3, 3, 0), (4, 3, 0)), size="2")
    assert not in_darkness(big, "gob")  # its upper level is clear
    upper = {(x, y, 1) for x in (3, 4) for y in (2, 3)}
    assert in_darkness(big.with_terrain(big.terrain.with_cells(fog(*upper))), "gob")
    with pytest.raises(brawl.InvalidArgumentError, match="R-GEO-5"):
        Cell(brawl.Material.STONE, concealing=True)


def test_strikes_against_a_concealed_creature_take_a_bane() -> None:
    """DS-EDGE-09: a strike takes a bane (12 on the dice drops from tier 2 to tier 1, damage 5 -> 2);
    a non-strike ability (a Grab's roll) takes none."""
    enc = duel(fog((3, 2, 0)))
    r = edges_and_banes(enc, "kira", "gob", MELEE_STRIKE)
    assert (r.banes, r.net) == (1, -1)
    assert ("DS-EDGE-09", "R-CONCEAL-1") in [x.rules for x in r.reasons]
    assert edges_and_banes(enc, "kira", "gob", {"melee"}).banes == 0
    clear = brawl.free_strike(duel(), "kira", "gob", dice=(6, 6))
    dark = brawl.free_strike(enc, "kira", "gob", dice=(6, 6))
    tiers = [[e.tier for e in o.events if isinstance(e, Struck)] for o in (clear, dark)]
    assert tiers == [[2], [1]]
    assert dark.state.creature("gob").stamina == 10 - 2
    assert clear.state.creature("gob").stamina == 10 - 5


def test_an_invisible_creature_always_has_concealment() -> None:
    """DS-EDGE-10: invisible, it has concealment anywhere; struck only while not hidden."""
    enc = duel(invisible=True)
    assert concealment_rules(enc, "gob", "kira") == ("DS-EDGE-09", "DS-EDGE-10")
    r = edges_and_banes(enc, "kira", "gob", MELEE_STRIKE)
    assert r.net == -1
    assert "gob is invisible" in r.explain()


def test_finding_a_hidden_invisible_creature_takes_a_bane() -> None:
    """DS-EDGE-10: the search test of a hidden invisible creature takes a bane, found from the state:
    Kira's 7 + 7 + Intuition 0 - 2 = 12 against the goblin's 6 + 6 + Agility 0 = 12: not found."""
    kira = Creature(id="kira", side="heroes", pos=(2, 2, 0))
    gob = Creature(id="gob", pos=(4, 2, 0), invisible=True, hidden_from=frozenset({"kira"}))
    enc = Encounter.create(Terrain.flat(8, 8), [kira, gob])
    out = brawl.search(enc, "kira", rolls={"kira": (7, 7), "gob": (6, 6)})
    (contest,) = [e for e in out.events if isinstance(e, SearchContested)]
    assert contest.invisible
    assert (contest.search_total, contest.hide_total, contest.found) == (12, 12, False)
    seen = enc.with_creature(attrs.evolve(gob, invisible=False))
    (plain,) = [e for e in brawl.search(seen, "kira", rolls={"kira": (7, 7), "gob": (6, 6)}).events
                if isinstance(e, SearchContested)]  # fmt: skip
    assert (plain.search_total, plain.found) == (14, True)


def test_a_concealed_mover_provokes_no_opportunity_attack() -> None:
    """DS-STRIKE-04, DS-EDGE-09: Kira steps out of fog away from the goblin; its free strike would
    take the concealment bane, so no opportunity attack, and the event says why."""
    kira = Creature(id="kira", side="heroes", pos=(2, 2, 0), stamina_max=20)
    gob = Creature(id="gob", pos=(3, 2, 0), stamina_max=10)
    enc = Encounter.create(Terrain.flat(8, 8).with_cells(fog((2, 2, 0))), [kira, gob])
    assert not brawl.can(enc, brawl.actions.OpportunityAttack("gob", "kira"))
    out = brawl.move(enc, "kira", [(1, 2, 0), (0, 2, 0)])
    assert not [e for e in out.events if isinstance(e, OpportunityAttackProvoked)]
    (why,) = [e for e in out.events if isinstance(e, OpportunityAttackForgone)]
    assert why.enemy == "gob"
    assert "concealment" in why.reason
    assert "DS-EDGE-09" in why.reason
    clear = Encounter.create(Terrain.flat(8, 8), [kira, gob])
    out = brawl.move(clear, "kira", [(1, 2, 0), (0, 2, 0)])
    assert [e.enemy for e in out.events if isinstance(e, OpportunityAttackProvoked)] == ["gob"]


def test_the_concealment_is_judged_where_the_mover_provokes() -> None:
    """DS-STRIKE-04: fog only on Kira's start square; she walks out, then leaves the goblin from
    open ground: the attack is allowed."""
    kira = Creature(id="kira", side="heroes", pos=(1, 1, 0), stamina_max=20)
    gob = Creature(id="gob", pos=(3, 2, 0), stamina_max=10)
    enc = Encounter.create(Terrain.flat(8, 8).with_cells(fog((1, 1, 0))), [kira, gob])
    out = brawl.move(enc, "kira", [(2, 1, 0), (1, 0, 0)])
    assert [e.enemy for e in out.events if isinstance(e, OpportunityAttackProvoked)] == ["gob"]


def test_a_creature_in_fog_can_hide() -> None:
    """DS-ACT-11, R-HIDE-1: concealment from the state is enough to hide in plain line of effect."""
    enc = duel(fog((3, 2, 0)))
    assert brawl.can(enc, brawl.actions.Hide("gob"))
    assert not brawl.can(duel(), brawl.actions.Hide("gob"))


def test_json_and_scenarios_keep_fog_and_invisibility() -> None:
    """The state saves both; the map legend's ``&`` is darkness or fog to the top of the map."""
    enc = duel(fog((3, 2, 0)), invisible=True)
    text = brawl.to_json(enc)
    data = json.loads(text)
    assert [3, 2, 0, {"concealing": True}] in data["terrain"]["cells"]
    assert brawl.from_json(text) == enc
    assert '"invisible": true' in text
    m = from_ascii(".&.\n", height=3, below=1)
    assert [m.terrain.cell((1, 0, z)).concealing for z in range(3)] == [True, True, True]
    assert not m.terrain.cell((0, 0, 0)).concealing
    two = from_ascii(".f.\n", legend={"f": {"fog": 1, "difficult": True}}, height=3, below=1)
    assert two.terrain.cell((1, 0, 0)) == Cell(difficult=True, concealing=True)
    assert not two.terrain.cell((1, 0, 1)).concealing
    assert terrain_glyph(m, Pos(1, 0, 0)) == "&"
    assert "#8a8a9e" in render_svg(m)
