"""What a character may do on its turn in the initiative game, on the map.

The initiative game (I-TURN-01..05, I-DIS-01, I-DIS-02) moves with its Move
(:class:`~brawl.turns.deeds.AdvanceTo` each square within the movement left, no path built);
a character that starts next to enemies moves one square at a time, staying next to one of
them (strafing), or disengages; Disengage (a 1-square shift) and the standard attacks (melee
and ranged free strikes, Grab, Knockback) and Defend in the Action slot. The Fast Action takes
only actions that say they are fast, and none of the standard ones does: it is offered bare.
"""

from __future__ import annotations

from typing import Literal

from brawl.errors import RulesError
from brawl.geometry import adjacent
from brawl.requests import Action
from brawl.rules.main_actions import Defend
from brawl.rules.maneuvers import Grab, Knockback
from brawl.rules.movement import Disengage
from brawl.rules.reachable import reachable
from brawl.rules.strikes import FreeStrike
from brawl.state import Encounter
from brawl.turns.deeds import Advance, AdvanceTo, TakeAction, legal_moves
from brawl.turns.records import verified

__all__ = ["initiative_deeds"]


def _steps(state: Encounter, cid: str, mode: Literal["advance", "disengage"]) -> list[Action]:
    """Squares one step away that a move of ``mode`` can end on; the path is the square itself."""
    c = state.creature(cid)
    try:
        reach = reachable(state, cid, mode=mode, budget=1)
    except RulesError:
        return []
    return [
        Disengage(cid, (p,)) if mode == "disengage" else Advance(cid, (p,))
        for p in sorted(reach)
        if p != c.pos and max(abs(p.x - c.pos.x), abs(p.y - c.pos.y), abs(p.z - c.pos.z)) == 1
    ]


def initiative_deeds(state: Encounter, cid: str) -> list[Action]:
    """The moves and actions ``cid`` may take now on its initiative-game turn, each checked."""
    c = state.creature(cid)
    if c.dead:
        return []
    start = [e for e in state.enemies_of(cid) if adjacent(c.pos, c.n, e.pos, e.n)]
    reach = legal_moves(state, cid)
    found: list[Action]
    if start:  # strafing: one square at a time, next to an enemy it started next to (I-DIS-02)
        steps = [a for a in _steps(state, cid, "advance") if isinstance(a, Advance)]
        found = [
            a
            for a in steps
            if a.destination in reach and any(adjacent(a.destination, c.n, e.pos, e.n) for e in start)
        ]
    else:
        found = [AdvanceTo(cid, p) for p in reach]
    taken: list[Action] = [TakeAction("action", a) for a in _steps(state, cid, "disengage")] if start else []
    enemies = sorted(state.enemies_of(cid), key=lambda o: o.id)
    taken += [TakeAction("action", FreeStrike(cid, e.id)) for e in enemies]
    taken += [TakeAction("action", FreeStrike(cid, e.id, ranged=True)) for e in enemies]
    taken += [TakeAction("action", Grab(cid, e.id)) for e in enemies]
    taken += [TakeAction("action", Knockback(cid, e.id)) for e in enemies]
    taken.append(TakeAction("action", Defend(cid)))
    found += [a for a in taken if verified(a, state)]
    return found
