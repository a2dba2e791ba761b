"""What may be asked now under the zone ruleset, and a simple policy that plays it.

:func:`zone_deeds` lists, for the characters taking a turn, one-zone moves, attacks with each
weapon (and unarmed) on each target it may reach, non-lethal attacks, death blows, freeing an
ally and breaking free; while an attack is pending, the stunt answers, the reactions open to
each character and resolving the attack (Z-REACT-01). Each is checked by its own ``verify``.
:func:`grid_deeds` lists the free strikes of characters fighting on the grid under the zone
game's round, without zones. :func:`zone_greedy` is the policy :func:`brawl.simulate` uses for
zone fights.
"""

from __future__ import annotations

from collections.abc import Sequence

from brawl.errors import InvalidArgumentError
from brawl.requests import Action
from brawl.rules.strikes import FreeStrike
from brawl.state import Encounter
from brawl.turns.deeds import TakeAction
from brawl.turns.records import EndRound, EndTurn, StartTurn, UseAction, verified
from brawl.zone.attack import ZoneAttack, ZoneDeathBlow
from brawl.zone.model import ZoneWorld
from brawl.zone.model import world as zone_world
from brawl.zone.move import ZoneMove
from brawl.zone.procedures import ZoneBreakFree, ZoneFreeAlly, ZonePickUp
from brawl.zone.react import ZoneAnswerStunt, ZoneCounter, ZoneDodge, ZoneGuard, ZoneHideBehind
from brawl.zone.resolve import ZoneResolve
from brawl.zone.space import barrier_between, zone_distance

NON_LETHAL = ("disarm", "shove", "grapple")  # Z-NL-03..05


def grid_deeds(state: Encounter, members: Sequence[str]) -> list[Action]:
    """The free strikes, melee then ranged, that each character taking the turn may make on the
    grid at each enemy, as a main action (Z-TURN-09, Z-TURN-12), each checked."""
    found: list[Action] = []
    for cid in sorted(members):
        if state.creature(cid).dead:
            continue
        enemies = sorted(state.enemies_of(cid), key=lambda o: o.id)
        strikes: list[Action] = [TakeAction("main", FreeStrike(cid, e.id)) for e in enemies]
        strikes += [TakeAction("main", FreeStrike(cid, e.id, ranged=True)) for e in enemies]
        found += [a for a in strikes if verified(a, state)]
    return found


def actor(action: Action) -> str | None:
    """The character a zone request is about: its attacker, creature or target."""
    for name in ("attacker", "creature", "target"):
        value = getattr(action, name, None)
        if isinstance(value, str):
            return value
    return None


def pending_deeds(state: Encounter, world: ZoneWorld) -> list[Action]:
    """While an attack is pending: the stunt answer, every reaction open, then resolving it."""
    p = world.pending
    assert p is not None
    found: list[Action] = []
    if p.stunt is not None and not p.stunt_refused:
        return [ZoneAnswerStunt(p.targets[0], True), ZoneAnswerStunt(p.targets[0], False)]
    for cid in sorted(world.sheets.keys()):
        if cid in p.targets:
            found.append(ZoneDodge(cid))
            sheet = world.sheets[cid]
            found += [ZoneCounter(cid, w.name) for w in sheet.weapons]
            found.append(ZoneCounter(cid))
            found += [ZoneHideBehind(cid, o) for o in sorted(world.sheets.keys()) if o != cid]
        else:
            found += [ZoneGuard(cid, t) for t in p.targets]
    found = [a for a in found if verified(a, state)]
    found.append(ZoneResolve())
    return found


def zone_deeds(state: Encounter, members: Sequence[str]) -> list[Action]:
    """What the characters taking the turn may do now under the zone ruleset, each checked."""
    world = zone_world(state)
    if world is None:
        return []
    if world.pending is not None:
        return pending_deeds(state, world)
    found: list[Action] = []
    others = sorted(world.sheets.keys())
    for cid in sorted(members):
        if cid not in world.sheets:
            continue
        sheet = world.sheets[cid]
        place = world.place(cid)
        found += [
            ZoneMove(cid, (z,))
            for z in sorted(world.map.neighbours(place.zone) | place.touches() - {place.zone})
        ]
        for weapon in (*(w.name for w in sheet.weapons), None):
            w = sheet.weapon(weapon) if weapon is not None else None
            if w is not None and w.blast:
                if not w.ranged:
                    found.append(ZoneAttack(cid, weapon=weapon))
                else:
                    found += [
                        ZoneAttack(cid, weapon=weapon, zone=z.id)
                        for z in world.map.zones
                        if (zone_distance(state, cid, z.id) or 0) <= w.range
                    ]
                continue
            for o in others:
                if o != cid and state.are_enemies(cid, o):
                    walled = barrier_between(world, place, world.place(o))
                    found.append(ZoneAttack(cid, (o,), weapon, peeking=walled))  # Z-COVER-02
        for kind in NON_LETHAL:
            found += [
                ZoneAttack(cid, (o,), kind=kind) for o in others if o != cid and state.are_enemies(cid, o)
            ]
        found += [ZoneDeathBlow(cid, o) for o in others if o != cid and state.are_enemies(cid, o)]
        found += [ZoneFreeAlly(cid, o) for o in others if o != cid]
        found.append(ZoneBreakFree(cid))
        found += [ZonePickUp(cid, w.name) for z, w in world.dropped if z in place.touches()]
    return [a for a in found if verified(a, state)]


def fighting(state: Encounter, cid: str) -> bool:
    """Alive, conscious, and neither surrendered nor retreated: still in the fight."""
    c = state.creature(cid)
    world = zone_world(state)
    sheet = world.sheets.get(cid) if world is not None else None
    gone = set(getattr(state.turn, "surrendered", ())) | set(getattr(state.turn, "retreated", ()))
    return not c.dead and cid not in gone and (sheet is None or not sheet.incapacitated)


def standing_factions(state: Encounter) -> tuple[str, ...]:
    """The factions with a character still in the fight, in the encounter's order."""
    return tuple(dict.fromkeys(c.side for c in state.creature_list() if fighting(state, c.id)))


def zone_greedy(state: Encounter, options: Sequence[Action]) -> Action:
    """Attack with the first damaging attack offered; else close in; else react by dodging.

    While an attack is pending it dodges if it can, else resolves; between turns it takes the
    first turn offered, or ends the round.
    """
    if not options:
        raise InvalidArgumentError("zone_greedy(options=()): there is nothing to choose", rule=())
    world = zone_world(state)
    if world is not None and world.pending is not None:
        for a in options:
            if isinstance(a, ZoneDodge | ZoneResolve):
                return a
    for a in options:
        if isinstance(a, ZoneDeathBlow | ZoneBreakFree):
            return a
    attacks = [a for a in options if isinstance(a, ZoneAttack) and a.kind == "attack"]
    if attacks:
        return attacks[0]
    moves = [a for a in options if isinstance(a, ZoneMove)]
    current = getattr(state.turn, "current", ())
    if moves and world is not None and current:
        me = current[0]
        foes = [o for o in world.sheets if state.are_enemies(me, o) and fighting(state, o)]
        dists = {o: world.map.distances(world.place(o).zone) for o in foes}

        def gap(a: ZoneMove) -> int:
            return min((d.get(a.path[-1], 10**6) for d in dists.values()), default=10**6)

        best = min(moves, key=gap)
        here = min((d.get(world.place(me).zone, 10**6) for d in dists.values()), default=10**6)
        if gap(best) < here:
            return best
    for kind in (EndTurn, StartTurn, EndRound):
        for a in options:
            if isinstance(a, kind):
                return a
    skip = [a for a in options if not isinstance(a, UseAction)]
    return skip[0] if skip else options[0]


__all__ = [
    "actor",
    "fighting",
    "grid_deeds",
    "pending_deeds",
    "standing_factions",
    "zone_deeds",
    "zone_greedy",
]
