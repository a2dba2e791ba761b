"""What a Draw Steel creature may do on its turn: every move and standard action the rules allow.

:func:`deeds` lists, in a fixed order: the destinations its movement reaches
(:class:`~brawl.turns.deeds.AdvanceTo`, cheapest first, no path built), then each standard
action wrapped in :class:`~brawl.turns.deeds.TakeAction` with the kind it costs: the move
actions Disengage (DS-ACT-02) and Ride to each square the mount reaches (DS-MOUNT-03,
:class:`~brawl.turns.deeds.RideTo`, no path built); the main actions Charge, Defend, Free
Strike (melee and ranged) and Heal (DS-ACT-17..22); the maneuvers Aid Attack, Catch Breath,
Escape Grab, Grab, Hide, Knockback, Search, Stand Up and Use Consumable for each item a creature
whose consumables are tracked carries (DS-ACT-03..16); the free maneuvers
Fall Prone and standing from a voluntary prone (DS-MTYPE-23). Each is checked with its
record's ``verify`` (the moves and rides by the one search that finds them all).

Jumps (DS-MTYPE-18): a long jump to each landing within the length the creature may jump
without a test (its Might or Agility, at least 1), level or 1 square up, each checked like the
rest; a longer jump needs the test's tier, which the caller rolls. Not listed: a bare Shift is
no standard action (a shift comes with Disengage or an ability, which grants it), and Use
Consumable on a creature whose items are not tracked (any name would do).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from brawl.conditions import ConditionName
from brawl.errors import RulesError
from brawl.fields import copier
from brawl.geometry import HORIZONTAL_DIRECTIONS, SPATIAL_DIRECTIONS, Pos, adjacent, distance
from brawl.requests import Action
from brawl.rules.jumping import Jump, may_jump, open_landings
from brawl.rules.main_actions import Charge, Defend
from brawl.rules.maneuvers import AidAttack, EscapeGrab, Grab, Knockback
from brawl.rules.movement import Disengage, verify_searched
from brawl.rules.prone import FallProne, StandUp
from brawl.rules.reachable import current_speed, reachable
from brawl.rules.recoveries import CatchBreath, Heal
from brawl.rules.stealth import Hide, Search
from brawl.rules.strikes import MELEE_DISTANCE, RANGED_DISTANCE, FreeStrike
from brawl.rules.table import UseConsumable
from brawl.state import Encounter
from brawl.turns.ability_deeds import ability_deeds
from brawl.turns.deeds import (
    AdvanceTo,
    RideTo,
    TakeAction,
    legal_moves,
    may_act,
    movement_left,
    payable,
    ride_destinations,
)
from brawl.turns.hero_deeds import hero_deeds, surge_variants
from brawl.turns.records import UseAction, verified
from brawl.turns.squad_turn import first_squad_attack, squad_deeds

__all__ = ["deeds", "first_free_strike", "first_squad_attack", "free_strikes"]


def _taken(state: Encounter, cid: str, kind: str, records: list[Action]) -> list[Action]:
    """Each record of ``cid``'s wrapped in :class:`TakeAction` of ``kind``, kept if its ``verify``
    passes.

    ``TakeAction.verify`` asks the turn for ``kind`` (the same answer for every record ``cid``
    acts in: :func:`~brawl.turns.deeds.may_act`), then the record's own ``verify``: the turn is
    asked once, and with a "no" no record is checked."""
    if not records or not may_act(state, cid, kind):
        return []
    return [TakeAction(kind, r) for r in records if verified(r, state)]


def free_strikes(state: Encounter, cid: str, *, ranged: bool = False) -> list[Action]:
    """The Free Strikes (DS-ACT-19) ``cid`` may take now as its main action, melee or ranged, by
    target id: the records :func:`deeds` lists, with the same checks (``TakeAction.verify``: the
    turn's main action once, then each strike's own). Enemies beyond the strike's distance
    (melee 1, ranged 5) are not checked: :func:`~brawl.rules.strikes.verify_free_strike` refuses
    them whatever else holds."""
    c = state.creature(cid)
    if c.dead:
        return []
    if not may_act(state, cid, "main"):  # what verifying UseAction(cid, "main") asks
        return []
    reach = RANGED_DISTANCE if ranged else MELEE_DISTANCE
    near = [e.id for e in state.enemies_of(cid) if distance(c.pos, c.n, e.pos, e.n) <= reach]
    strikes = [_strike(cid, e, ranged) for e in sorted(near)]
    return [taken for strike, taken in strikes if verified(strike, state)]


_MELEE = FreeStrike("attacker", "target")
_RANGED = FreeStrike("attacker", "target", ranged=True)
_TAKE_MAIN = TakeAction("main", _MELEE)


_COPY_STRIKE = copier(FreeStrike)
_COPY_TAKE = copier(TakeAction)


def _strike(cid: str, target: str, ranged: bool) -> tuple[FreeStrike, Action]:
    """``FreeStrike(cid, target, ranged=ranged)`` for the ids of two creatures of the encounter,
    and that strike taken as the main action, ``TakeAction("main", ...)``: kept for each attacker,
    target and reach (records are immutable), the first ones draft copies (:func:`brawl.fields.copier`)
    of built records, their fields strings, a record and "main": what their own field checks ask."""
    key = (cid, target, ranged)
    found = _STRIKES.get(key)
    if found is None:
        strike = _COPY_STRIKE(_RANGED if ranged else _MELEE)
        strike.attacker = cid
        strike.target = target
        strike.__class__ = FreeStrike
        taken = _COPY_TAKE(_TAKE_MAIN)
        taken.action = strike
        taken.__class__ = TakeAction
        if len(_STRIKES) >= _STRIKES_KEPT:
            _STRIKES.clear()
        found = _STRIKES[key] = (strike, taken)
    return found


_STRIKES: dict[tuple[str, str, bool], tuple[FreeStrike, Action]] = {}
""":func:`_strike`'s records, by attacker, target and reach."""
_STRIKES_KEPT = 4096
"""Most pairs of records kept."""


def first_free_strike(
    state: Encounter, cid: str, *, ranged: bool = False, near: Sequence[str] | None = None
) -> Action | None:
    """The first of :func:`free_strikes` (None with none), checking no target after it. ``near``:
    the ids of the living enemies within the strike's distance, when the caller has them."""
    c = state.creature(cid)
    if c.dead:
        return None
    if near is None:
        reach = RANGED_DISTANCE if ranged else MELEE_DISTANCE
        pos, n, side = c.pos, c.n, c.side
        near = [e.id for e in state.living() if e.side != side and distance(pos, n, e.pos, e.n) <= reach]
    if not near:
        return None  # none in reach: no need to ask the turn for its main action
    if not may_act(state, cid, "main"):
        return None
    for e in sorted(near):
        strike, taken = _strike(cid, e, ranged)
        if verified(strike, state):
            return taken
    return None


def _disengages(state: Encounter, cid: str) -> Iterator[Action]:
    """The Disengage shifts (DS-ACT-02) ``cid`` may take, each checked as its ``verify`` does."""
    try:
        reach = reachable(state, cid, mode="disengage")
    except RulesError:
        return
    here = state.creature(cid).pos
    # Disengage shifts 1 square: its path is the square itself (no path search needed), whose
    # step the search took through the rules Disengage.verify would check it by again
    for p, cost in sorted(reach.items()):
        if p != here and max(abs(p.x - here.x), abs(p.y - here.y), abs(p.z - here.z)) == 1:
            shift = Disengage(cid, (p,))
            try:
                verify_searched(state, shift.move_request(), (cost,))
            except RulesError:
                continue
            yield shift


def _charge_path(state: Encounter, cid: str, target: str) -> tuple[Pos, ...] | None:
    """The shortest straight-line Charge path to a square from which ``target`` can be struck."""
    c = state.creature(cid)
    t = state.creature(target)
    speed = current_speed(state, cid)
    directions = SPATIAL_DIRECTIONS if c.has_movement("fly") else HORIZONTAL_DIRECTIONS
    if distance(c.pos, c.n, t.pos, t.n) > speed + 1:
        return None
    best: tuple[Pos, ...] | None = None
    for step in sorted(directions):
        cells: list[Pos] = []
        here = c.pos
        for _ in range(speed):
            here = here + step
            if not state.terrain.cube_in_bounds(here, c.n):
                break  # the line leaves the map
            cells.append(here)
            if best is not None and len(cells) >= len(best):
                break
            if distance(here, c.n, t.pos, t.n) != 1:
                continue
            path = tuple(cells)
            # the Charge's check includes the walk's (Move.verify, in the same mode and budget)
            if verified(Charge(cid, path, target), state):
                best = path
                break
    return best


def _jumps(state: Encounter, cid: str) -> list[Action]:
    """Long jumps to the landings within the untested length, level or 1 up (DS-MTYPE-18..21),
    each checked as its ``verify`` does (:func:`~brawl.rules.jumping.open_landings`)."""
    c = state.creature(cid)
    if not may_jump(state, cid):
        return []  # prone, or in difficult or damaging terrain: Jump.verify refuses every landing
    length = max(1, c.characteristics.might, c.characteristics.agility)
    landings: list[Pos] = []
    for dz in (0, 1):
        for dy in range(-length, length + 1):
            for dx in range(-length, length + 1):
                if max(abs(dx), abs(dy)) < 2:
                    continue  # a jump of 1 square is a step
                landing = Pos(c.pos.x + dx, c.pos.y + dy, c.pos.z + dz)
                if not state.terrain.cube_in_bounds(landing, c.n):
                    continue
                if dz and not state.is_supported(landing, c.n):
                    continue  # 1 up onto nothing: it would come down where the level jump lands
                landings.append(landing)
    return [Jump(cid, p) for p in open_landings(state, cid, landings)]


def deeds(state: Encounter, cid: str) -> list[Action]:
    """Every move and standard action ``cid`` may take now on its Draw Steel turn, each checked."""
    c = state.creature(cid)
    if c.dead:
        return []
    found: list[Action] = [AdvanceTo(cid, p) for p in legal_moves(state, cid)]
    if movement_left(state, cid) or may_act(state, cid, "move"):  # else a jump can't be paid for
        found += [a for a in _jumps(state, cid) if payable(state, a)]  # legal_now: verified, then this
    if may_act(state, cid, "move"):  # else no Disengage is kept (_taken): no shift sought
        found += [TakeAction("move", d) for d in _disengages(state, cid)]
    rides = ride_destinations(state, cid)
    if rides and verified(UseAction(cid, "move"), state):
        # one search gives every destination; each RideTo's own verify would search again
        found += [TakeAction("move", RideTo(cid, p)) for p in rides]
    enemies = sorted(state.enemies_of(cid), key=lambda o: o.id)
    allies = sorted((o for o in state.allies_of(cid) if o.id != cid), key=lambda o: o.id)
    main: list[Action] = []
    if may_act(state, cid, "main"):  # else no main action is kept (_taken): no Charge path sought
        for e in enemies:
            path = _charge_path(state, cid, e.id)
            if path is not None:
                main.append(Charge(cid, path, e.id))
    main.append(Defend(cid))
    # Heal refuses a target not adjacent, and Aid Attack, Grab and Knockback an enemy beyond
    # melee 1 (whatever else holds): only the others are checked
    pos, n = c.pos, c.n
    beside = [a for a in allies if adjacent(pos, n, a.pos, a.n)]
    near = [e for e in enemies if distance(pos, n, e.pos, e.n) <= MELEE_DISTANCE]
    heals: list[Action] = [Heal(cid, a.id) for a in beside]
    heals += [Heal(cid, a.id, "saving_throw") for a in beside]
    maneuvers: list[Action] = [AidAttack(cid, e.id) for e in near]
    maneuvers += [CatchBreath(cid), EscapeGrab(cid)]
    maneuvers += [Grab(cid, e.id) for e in near]
    maneuvers.append(Hide(cid))
    maneuvers += [Knockback(cid, e.id) for e in near]
    maneuvers.append(Search(cid))
    maneuvers += [UseConsumable(cid, item) for item in sorted(set(c.consumables))]
    prone = c.conditions_named(ConditionName.PRONE)
    voluntary = bool(prone) and all(p.voluntary for p in prone)
    free: list[Action] = [] if prone else [FallProne(cid)]
    (free if voluntary else maneuvers).append(StandUp(cid))
    found += _taken(state, cid, "main", main)
    found += free_strikes(state, cid)
    found += free_strikes(state, cid, ranged=True)
    found += _taken(state, cid, "main", heals)
    found += _taken(state, cid, "maneuver", maneuvers)
    found += _taken(state, cid, "free maneuver", free)
    uses = ability_deeds(state, cid)  # each ability on the creature's block (R-ABIL-1)
    found += uses
    found += surge_variants(state, cid, uses)  # a hero's surges on rolled damage (RB-SURGE-02)
    found += squad_deeds(state, cid)  # a minion's squad attacks (RB-SQUAD-15)
    found += hero_deeds(state, cid)  # hero tokens for surges or Stamina (RB-TOKEN-07, RB-TOKEN-02)
    return found
