"""The abilities a creature may use on its turn, as :class:`~brawl.rules.abilities.UseAbility`
records, each with its legal targets or area placements (R-ABIL-1, R-AREA-6).

For each ability on the creature's block, in the block's order: an ability on itself or on every
target in reach once; a burst or aura once; a cube or a line at each placement the areas module
offers (:func:`~brawl.abilities.areas.cube_placements`,
:func:`~brawl.abilities.areas.line_placements`) that catches at least one target it allows, at
most :data:`MAX_PLACEMENTS` of them; an ability with chosen targets once per target in reach
(and once with the first ones together when it allows several). An area that holds more targets
than its ability may affect is offered with the first of them chosen
(:func:`~brawl.rules.abilities.area_candidates`). Each is checked with
:func:`~brawl.turns.deeds.legal_now` (its own checks and the part of the turn it costs).

Not offered: traits, triggered actions (they answer a trigger, not the turn), villain actions
(the Director's timing) and walls (a wall's shape is a free choice); call
:func:`brawl.use_ability` for them.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from brawl.abilities.areas import cube_placements, line_placements
from brawl.abilities.model import Ability
from brawl.creature import Creature, MapObject
from brawl.errors import RulesError
from brawl.geometry import Pos, distance
from brawl.requests import Action
from brawl.rules.abilities import UseAbility, ability_targets, allows, area_candidates
from brawl.state import Encounter
from brawl.turns.deeds import legal_now

__all__ = ["MAX_PLACEMENTS", "OFFERED", "ability_deeds", "pick_ability"]

OFFERED = ("main action", "maneuver", "move action", "free maneuver")
"""The action types offered on a turn."""
MAX_PLACEMENTS = 24
"""Most placements of one cube or line ability offered, nearest first (R-AREA-6)."""


def _candidates(state: Encounter, c: Creature, ability: Ability) -> list[Creature | MapObject]:
    reach = max(ability.distance.value, ability.distance.within)
    things: list[Creature | MapObject] = [*state.living(), *(state.objects[k] for k in sorted(state.objects))]
    return [
        t
        for t in things
        if allows(ability, c, t) and distance(c.pos, c.n, t.pos, t.n) <= reach + ability.distance.size
    ]


def _touches(box_pos: Pos, size: tuple[int, int, int], things: list[Creature | MapObject]) -> bool:
    for t in things:
        if all(t.pos[i] < box_pos[i] + size[i] and box_pos[i] < t.pos[i] + t.n for i in range(3)):
            return True
    return False


def _line_box(start: Pos, way: Pos, length: int, width: int) -> tuple[Pos, tuple[int, int, int]]:
    left = Pos(-way.y, way.x, 0)
    far = start + way.scaled(length - 1) + left.scaled(width - 1)
    lo = Pos(min(start.x, far.x), min(start.y, far.y), start.z)
    return lo, (abs(far.x - start.x) + 1, abs(far.y - start.y) + 1, width)


def _requests(state: Encounter, c: Creature, ability: Ability) -> Iterator[UseAbility]:
    d, t = ability.distance, ability.target
    if d.kind == "self" or t.kind == "self":
        yield UseAbility(c.id, ability.name)
        return
    if d.kind == "wall":
        return
    things = _candidates(state, c, ability)
    if not things:
        return
    if d.kind in ("burst", "aura"):
        r = d.value
        side = c.n + 2 * r
        if _touches(c.pos - Pos(r, r, r), (side, side, side), things):
            yield UseAbility(c.id, ability.name)
        return
    if d.kind == "cube":
        size = (d.size, d.size, d.size)
        hits = [p for p in cube_placements(state, c.id, d) if _touches(p, size, things)]
        hits.sort(key=lambda p: (distance(c.pos, c.n, p, d.size), p))
        for p in hits[:MAX_PLACEMENTS]:
            yield UseAbility(c.id, ability.name, origin=p)
        return
    if d.kind == "line":
        lines = [
            (p, w)
            for p, w in line_placements(state, c.id, d)
            if _touches(*_line_box(p, w, d.size, d.width), things)
        ]
        for p, w in lines[:MAX_PLACEMENTS]:
            yield UseAbility(c.id, ability.name, origin=p, direction=w)
        return
    if t.count is None:
        yield UseAbility(c.id, ability.name)
        return
    for thing in things:
        yield UseAbility(c.id, ability.name, (thing.id,))
    if t.count > 1 and len(things) > 1:
        yield UseAbility(c.id, ability.name, tuple(x.id for x in things[: t.count]))


def _chosen_in_area(state: Encounter, request: UseAbility, count: int | None) -> UseAbility:
    """An area use, with the first targets chosen when the area holds more than it may affect."""
    if count is None:
        return request
    try:
        inside = area_candidates(state, request)
    except RulesError:
        return request  # refused by its own check next
    return attrs.evolve(request, targets=inside[:count]) if len(inside) > count else request


def ability_deeds(state: Encounter, cid: str) -> list[Action]:
    """Every use of ``cid``'s abilities legal now on its turn, in the block's order (R-ABIL-1)."""
    c = state.creature(cid)
    if c.dead or not c.abilities:
        return []
    found: list[Action] = []
    for ability in c.abilities:
        if ability.action_type not in OFFERED:
            continue
        requests = _requests(state, c, ability)
        if ability.distance.is_area:
            requests = (_chosen_in_area(state, r, ability.target.count) for r in requests)
        found += [r for r in requests if legal_now(state, r)]
    return found


def pick_ability(state: Encounter, options: list[Action]) -> UseAbility | None:
    """A simple choice for a policy: the use of a main-action or maneuver ability with a power roll
    that reaches an enemy, the costliest first (heroic and villain abilities before signature
    ones), then the one reaching most targets; None if there is none."""
    best: tuple[tuple[int, int, int], UseAbility] | None = None
    for index, a in enumerate(options):
        if not isinstance(a, UseAbility):
            continue
        user = state.creature(a.user)
        ability = user.ability(a.ability)
        if (
            ability is None
            or ability.power_roll is None
            or ability.action_type not in ("main action", "maneuver")
        ):
            continue
        targets = a.targets or ability_targets(state, a)
        enemies = sum(1 for t in targets if t in state.creatures and state.creatures[t].side != user.side)
        friends = sum(1 for t in targets if t in state.creatures and state.creatures[t].side == user.side)
        if enemies == 0 or friends > 0:
            continue
        cost = ability.cost.amount if ability.cost is not None else 0
        key = (-cost, -enemies, index)
        if best is None or key < best[0]:
            best = (key, a)
    return None if best is None else best[1]
