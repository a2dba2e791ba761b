"""The short cuts of an agent's step (``brawl.legal_actions``, then ``brawl.apply``) answer as the
general code does.

Cover and line of effect (R-COVER-1) keep their answers for the map and objects last asked
about: a change of either must be seen at once. A turn's deeds are listed with the turn asked
once per kind of action: the very list the record-by-record checks give (the earlier listing,
kept below as the oracle).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import brawl
from brawl import Cell, Creature, Encounter, MapObject, Material, Pos, Terrain
from brawl.conditions import ConditionName
from brawl.errors import RulesError
from brawl.requests import Action
from brawl.rng import Rng
from brawl.rules.cover import blocked_lines, has_map_cover, sees_space
from brawl.rules.jumping import Jump
from brawl.rules.main_actions import Charge, Defend
from brawl.rules.maneuvers import AidAttack, EscapeGrab, Grab, Knockback
from brawl.rules.movement import Disengage
from brawl.rules.prone import FallProne, StandUp
from brawl.rules.reachable import reachable
from brawl.rules.recoveries import CatchBreath, Heal
from brawl.rules.stealth import Hide, Search
from brawl.rules.table import UseConsumable
from brawl.turns.ability_deeds import ability_deeds
from brawl.turns.deeds import AdvanceTo, RideTo, TakeAction, legal_moves, legal_now, ride_destinations
from brawl.turns.drawsteel_deeds import _charge_path, deeds, free_strikes
from brawl.turns.hero_deeds import hero_deeds, surge_variants
from brawl.turns.records import UseAction, verified
from brawl.turns.squad_turn import squad_deeds

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _behind_a_low_wall() -> Encounter:
    """Kira 4 squares east of the ogre; a stone wall 1 square high between them at x = 4."""
    wall = {Pos(4, y, 0): Cell(Material.STONE) for y in range(10)}
    kira = Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=30, pos=(6, 2, 0))
    ogre = Creature(id="ogre", stamina_max=40, pos=(2, 2, 0))
    return Encounter.create(Terrain.flat(10, 10).with_cells(wall), (kira, ogre), seed=1)


def test_cover_follows_a_change_of_the_map_at_once() -> None:
    """R-COVER-1, DS-EDGE-08: behind the low wall 4 of the 8 lines are blocked (cover); with the
    wall dug away none is, and with a wall 2 squares high all 8 are (no line of effect)."""
    enc = _behind_a_low_wall()
    assert blocked_lines(enc, "ogre", "kira") == 4
    assert has_map_cover(enc, "kira", "ogre")
    open_map = enc.with_terrain(Terrain.flat(10, 10))
    assert blocked_lines(open_map, "ogre", "kira") == 0
    assert not has_map_cover(open_map, "kira", "ogre")
    high = {Pos(4, y, z): Cell(Material.STONE) for y in range(10) for z in (0, 1)}
    walled = enc.with_terrain(Terrain.flat(10, 10).with_cells(high))
    assert blocked_lines(walled, "ogre", "kira") == 8
    assert not sees_space(walled, Pos(2, 2, 0), 1, Pos(6, 2, 0), 1)
    assert blocked_lines(enc, "ogre", "kira") == 4  # the first map's answer again


def test_cover_follows_a_change_of_the_objects_at_once() -> None:
    """R-COVER-1: an object is solid like stone: a 3-cube crate on the open map between the two
    blocks every line (no line of effect); taken away, none."""
    enc = _behind_a_low_wall().with_terrain(Terrain.flat(10, 10))
    assert sees_space(enc, Pos(2, 2, 0), 1, Pos(6, 2, 0), 1)
    crate = MapObject(id="crate", pos=(3, 1, 0), size=3)
    boxed = enc.with_object(crate)
    assert blocked_lines(boxed, "ogre", "kira") == 8
    assert not sees_space(boxed, Pos(2, 2, 0), 1, Pos(6, 2, 0), 1)
    assert blocked_lines(boxed.without_object("crate"), "ogre", "kira") == 0


# The listing of a Draw Steel turn's deeds as it was before its short cuts (the turn asked for
# each record's kind of action, every Charge path and shift sought, every jump checked), kept
# here unchanged as the oracle of brawl.turns.drawsteel_deeds.deeds.


def _old_taken(state: Encounter, kind: str, records: list[Action]) -> list[Action]:
    return [a for a in (TakeAction(kind, r) for r in records) if verified(a, state)]


def _old_disengages(state: Encounter, cid: str) -> Iterator[Action]:
    try:
        reach = reachable(state, cid, mode="disengage")
    except RulesError:
        return
    here = state.creature(cid).pos
    for p in sorted(reach):
        if p != here and max(abs(p.x - here.x), abs(p.y - here.y), abs(p.z - here.z)) == 1:
            yield TakeAction("move", Disengage(cid, (p,)))


def _old_jumps(state: Encounter, cid: str) -> Iterator[Action]:
    c = state.creature(cid)
    length = max(1, c.characteristics.might, c.characteristics.agility)
    for dz in (0, 1):
        for dy in range(-length, length + 1):
            for dx in range(-length, length + 1):
                if max(abs(dx), abs(dy)) < 2:
                    continue
                landing = Pos(c.pos.x + dx, c.pos.y + dy, c.pos.z + dz)
                if not state.terrain.cube_in_bounds(landing, c.n):
                    continue
                if dz and not state.is_supported(landing, c.n):
                    continue
                yield Jump(cid, landing)


def old_deeds(state: Encounter, cid: str) -> list[Action]:
    c = state.creature(cid)
    if c.dead:
        return []
    found: list[Action] = [AdvanceTo(cid, p) for p in legal_moves(state, cid)]
    found += [a for a in _old_jumps(state, cid) if legal_now(state, a)]
    found += [a for a in _old_disengages(state, cid) if verified(a, state)]
    rides = ride_destinations(state, cid)
    if rides and verified(UseAction(cid, "move"), state):
        found += [TakeAction("move", RideTo(cid, p)) for p in rides]
    enemies = sorted(state.enemies_of(cid), key=lambda o: o.id)
    allies = sorted((o for o in state.allies_of(cid) if o.id != cid), key=lambda o: o.id)
    main: list[Action] = []
    for e in enemies:
        path = _charge_path(state, cid, e.id)
        if path is not None:
            main.append(Charge(cid, path, e.id))
    main.append(Defend(cid))
    heals: list[Action] = [Heal(cid, a.id) for a in allies]
    heals += [Heal(cid, a.id, "saving_throw") for a in allies]
    maneuvers: list[Action] = [AidAttack(cid, e.id) for e in enemies]
    maneuvers += [CatchBreath(cid), EscapeGrab(cid)]
    maneuvers += [Grab(cid, e.id) for e in enemies]
    maneuvers.append(Hide(cid))
    maneuvers += [Knockback(cid, e.id) for e in enemies]
    maneuvers.append(Search(cid))
    maneuvers += [UseConsumable(cid, item) for item in sorted(set(c.consumables))]
    prone = c.conditions_named(ConditionName.PRONE)
    voluntary = bool(prone) and all(p.voluntary for p in prone)
    free: list[Action] = [] if prone else [FallProne(cid)]
    (free if voluntary else maneuvers).append(StandUp(cid))
    found += _old_taken(state, "main", main)
    found += free_strikes(state, cid)
    found += free_strikes(state, cid, ranged=True)
    found += _old_taken(state, "main", heals)
    found += _old_taken(state, "maneuver", maneuvers)
    found += _old_taken(state, "free maneuver", free)
    uses = ability_deeds(state, cid)
    found += uses
    found += surge_variants(state, cid, uses)
    found += squad_deeds(state, cid)
    found += hero_deeds(state, cid)
    return found


def _walk_states(path: Path, seed: int, steps: int) -> Iterator[Encounter]:
    """The states of a random walk: each step applies one of the legal actions, picked at random."""
    start = brawl.load_scenario(path)
    pick = random.Random(seed)
    state = start.with_rng(Rng(seed))
    for _ in range(steps):
        found = brawl.legal_actions(state)
        if not found:
            return
        yield state
        state = brawl.apply(state, pick.choice(found)).state


@pytest.mark.parametrize(
    ("scenario", "seed"),
    [("four_vs_six.toml", 1), ("four_vs_six.toml", 2), ("four_vs_six_abilities.toml", 3)],
)
def test_a_turns_deeds_are_the_general_listings(scenario: str, seed: int) -> None:
    """DS-TURN-01..03, DS-ACT-02, DS-ACT-17, DS-MTYPE-18, RB1-PRONE: on every state of a random
    walk through the fight, the listing that asks the turn once per kind of action and skips
    the Charge paths, shifts and jumps the turn or the rules refuse gives the very list, in the
    same order, that checking each record alone gives."""
    listed = 0
    for state in _walk_states(BENCHMARKS / scenario, seed, 120):
        turn = state.turn
        current = getattr(turn, "current", None)
        if current is None:
            continue
        assert deeds(state, current) == old_deeds(state, current)
        listed += 1
    assert listed >= 60
