"""The abilities a creature may use on its turn, as :class:`~brawl.rules.abilities.UseAbility`
records, each with its legal targets or area placements (R-ABIL-1, R-AREA-6).

For each ability on the creature's block, in the block's order: an ability on itself or on every
target in reach once; a burst or aura once; a cube or a line at each placement the areas module
offers (:func:`~brawl.rules.areas.cube_placements`,
:func:`~brawl.rules.areas.line_placements`) that catches at least one target it allows, at
most :data:`MAX_PLACEMENTS` of them; an ability with chosen targets once per target in reach
(and once with the first ones together when it allows several). An area that holds more targets
than its ability may affect is offered with the first of them chosen
(:func:`~brawl.rules.abilities.area_candidates`). A use whose push or pull has no straight
direction for one of its targets (the target shares the user's columns, or a cube's or line's
origin square) is not offered (R-GEO-2, R-ABIL-10). Each is checked as
:func:`~brawl.turns.deeds.legal_now` checks it (its own checks and the part of the turn it
costs): the part of the turn once per cost, and the checks of the user (alive, able to act,
paying the ability's cost) once per ability, as neither depends on the targets.

A wall is offered as straight walls of its full length, nearest first, at most
:data:`MAX_WALLS` of them (any other shape is the caller's choice). Not offered: traits,
triggered actions (they answer a trigger, not the turn) and villain actions (used at the end of
another creature's turn: :func:`villain_deeds` offers them between turns, RB-VILLAIN-04). The
triggered abilities answering a trigger reported in a Draw Steel combat are offered by
:func:`triggered_deeds` (DS-TURN-05, R-TURN-12).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Iterator

import attrs

from brawl.abilities.model import Ability, ForcedMovement
from brawl.creature import DIRECTOR, Creature, MapObject
from brawl.errors import RulesError
from brawl.fields import copier
from brawl.geometry import Pos, distance
from brawl.requests import Action
from brawl.rules.abilities import COSTS, UseAbility, ability_targets, allows, area_candidates, verified_use
from brawl.rules.abilities.targets import able
from brawl.rules.areas import cube_placements, line_placements, place_area
from brawl.rules.malice import (
    BRUTAL_COST,
    MALICIOUS_COST,
    BrutalEffectiveness,
    MaliciousStrike,
    is_malice_feature,
    malice_moment_open,
    malice_moment_refusal,
)
from brawl.rules.solos import SOLO_ACTION, SOLO_ACTION_COST, SoloAction
from brawl.rules.villain import VILLAIN_ACTION, villain_moment_closed, villain_refusal
from brawl.state import Encounter
from brawl.turns.deeds import payable, pays
from brawl.turns.drawsteel_turn import DrawSteelTurn
from brawl.turns.economy import FRESH
from brawl.turns.records import verified
from brawl.turns.triggers import TRIGGERED, answers

__all__ = [
    "MAX_PLACEMENTS",
    "MAX_WALLS",
    "OFFERED",
    "ability_deeds",
    "best_use",
    "director_deed",
    "malice_deeds",
    "pick_ability",
    "pick_director",
    "triggered_deeds",
    "villain_deeds",
]

OFFERED = ("main action", "maneuver", "move action", "free maneuver")
"""The action types offered on a turn."""
MAX_PLACEMENTS = 24
"""Most placements of one cube or line ability offered, nearest first (R-AREA-6)."""
MAX_WALLS = 8
"""Most placements of one wall ability offered: straight walls, nearest first (R-AREA-4, R-AREA-6)."""


Spaces = list[tuple[Creature | MapObject, int]]
"""Things a use may aim at, each with its distance from the user."""


def _spaces(state: Encounter, c: Creature) -> Spaces:
    """The living creatures, then the objects by id, each with its distance from ``c`` (R-GEO-1)."""
    here, n = c.pos, c.n
    found: Spaces = [(x, distance(here, n, x.pos, x.n)) for x in state.creature_list() if not x.dead]
    if state.objects:
        found += [
            (o, distance(here, n, o.pos, o.n)) for o in (state.objects[k] for k in sorted(state.objects))
        ]
    return found


def _candidates(
    state: Encounter, c: Creature, ability: Ability, spaces: Spaces | None = None
) -> list[Creature | MapObject]:
    """The things ``ability`` allows within its distance of ``c`` (its area's size added), in
    the order of :func:`_spaces` (``spaces``, when the caller has them)."""
    d = ability.distance
    reach = max(d.value, d.within) + d.size
    return [
        t
        for t, gap in (_spaces(state, c) if spaces is None else spaces)
        if gap <= reach and allows(ability, c, t)
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


_DRAFT = copier(UseAbility)
_BASE = UseAbility("user", "ability")
"""A use with no choice made, copied for each ability listed (:func:`_base`)."""


def _base(c: Creature, ability: Ability) -> UseAbility:
    """``UseAbility(c.id, ability.name)``, by a draft copy: an id and a name are strings, all
    that the two fields' checks ask."""
    return _variant(_BASE, user=c.id, ability=ability.name)


def _variant(base: UseAbility, **fields: object) -> UseAbility:
    """``base`` with ``fields`` replaced, for values read from the state that a new record would
    pass every check of: target ids of its creatures and objects, placements the area rules
    listed. No check is made again: a draft copy gets them (:func:`brawl.fields.copier`), as a
    listing builds many uses of one ability."""
    out = _DRAFT(base)
    for name, value in fields.items():
        setattr(out, name, value)
    out.__class__ = UseAbility
    return out  # type: ignore[no-any-return]  # the draft, now a UseAbility


def _aims(ability: Ability) -> bool:
    """Whether :func:`_requests` looks for the ability's targets around its user: not for an
    ability on its user alone or a wall."""
    d = ability.distance
    return d.kind != "self" and ability.target.kind != "self" and d.kind != "wall"


def _targeted(c: Creature, ability: Ability, targets: tuple[str, ...]) -> UseAbility:
    """:func:`_base` with ``targets``, ids of creatures and objects of the state, in one copy."""
    out = _DRAFT(_BASE)
    out.user = c.id
    out.ability = ability.name
    out.targets = targets
    out.__class__ = UseAbility
    return out  # type: ignore[no-any-return]  # the draft, now a UseAbility


def _requests(
    state: Encounter,
    c: Creature,
    ability: Ability,
    spaces: Spaces | None = None,
    wanted: Callable[[tuple[str, ...]], bool] | None = None,
) -> Iterator[UseAbility]:
    """The uses of ``ability`` by ``c`` worth checking now; ``spaces``: :func:`_spaces`, when
    the caller has them; ``wanted``: of the uses on chosen targets, only those whose targets it
    keeps, asked when the use would come (none is built for the others)."""
    d, t = ability.distance, ability.target
    if d.kind == "self" or t.kind == "self":
        yield _base(c, ability)
        return
    if d.kind == "wall":
        yield from _walls(state, c, ability)
        return
    things = _candidates(state, c, ability, spaces)
    if not things:
        return
    if d.kind in ("burst", "aura"):
        r = d.value
        side = c.n + 2 * r
        if _touches(c.pos - Pos(r, r, r), (side, side, side), things):
            yield _base(c, ability)
        return
    if t.count is None and not d.is_area:
        yield _base(c, ability)
        return
    if d.kind not in ("cube", "line"):
        for thing in things:
            one = (thing.id,)
            if wanted is None or wanted(one):
                yield _targeted(c, ability, one)
        if t.count is not None and t.count > 1 and len(things) > 1:
            first = tuple(x.id for x in things[: t.count])
            if wanted is None or wanted(first):
                yield _targeted(c, ability, first)
        return
    use = _base(c, ability)
    if d.kind == "cube":
        size = (d.size, d.size, d.size)
        hits = [p for p in cube_placements(state, c.id, d) if _touches(p, size, things)]
        hits.sort(key=lambda p: (distance(c.pos, c.n, p, d.size), p))
        yield from _catching(state, (_variant(use, origin=p) for p in hits))
        return
    if d.kind == "line":
        lines = (
            _variant(use, origin=p, direction=w)
            for p, w in line_placements(state, c.id, d)
            if _touches(*_line_box(p, w, d.size, d.width), things)
        )
        yield from _catching(state, lines)


def _straight(ability: Ability) -> tuple[bool, bool]:
    """Whether the ability pushes or pulls (straight away or toward), and whether vertically."""
    found = _STRAIGHT.get(id(ability))
    if found is not None and found[0] is ability:  # abilities never change: asked once each
        return found[1]
    answer = _pushes(ability)
    if len(_STRAIGHT) >= _STRAIGHT_KEPT:
        _STRAIGHT.clear()
    _STRAIGHT[id(ability)] = (ability, answer)
    return answer


_STRAIGHT: dict[int, tuple[Ability, tuple[bool, bool]]] = {}
"""What :func:`_straight` found, by the ability (kept with it, so that its id is not reused)."""
_STRAIGHT_KEPT = 1024
"""Most abilities :data:`_STRAIGHT` keeps."""


def _pushes(ability: Ability) -> tuple[bool, bool]:
    pr = ability.power_roll
    moves = [
        e
        for tier in (pr.tiers if pr is not None else ())
        for e in tier.effects
        if isinstance(e, ForcedMovement) and e.kind != "slide"
    ]
    return bool(moves), any(e.vertical for e in moves)


def _overlaps(a: Pos, an: int, b: Pos, bn: int, axes: int) -> bool:
    return all(a[i] < b[i] + bn and b[i] < a[i] + an for i in range(axes))


def _no_direction(state: Encounter, request: UseAbility, ability: Ability) -> bool:
    """Whether a push or pull of the use has no straight direction for some target: the target
    shares the source's columns (the user's space, or the placed cube's or line's origin square,
    as :func:`~brawl.rules.abilities.use_ability` measures it) (R-GEO-2, R-ABIL-10). Such a use is
    not offered: the push would need a direction the offer lacks."""
    pushes, vertical = _straight(ability)
    if not pushes:
        return False
    user = state.creature(request.user)
    source, sn = user.pos, user.n
    try:
        targets = request.targets or ability_targets(state, request)
        if request.origin is not None:
            area = place_area(
                state, user.id, ability.distance, origin=request.origin, direction=request.direction
            )
            source, sn = (area.origin, 1) if area.origin is not None else (source, sn)
    except RulesError:
        return False  # refused by its own check next
    axes = 3 if vertical else 2
    for tid in targets:
        t = state.creatures.get(tid) or state.objects.get(tid)
        if t is not None and _overlaps(t.pos, t.n, source, sn, axes):
            return True
    return False


def _catching(state: Encounter, requests: Iterator[UseAbility]) -> Iterator[UseAbility]:
    """The first :data:`MAX_PLACEMENTS` placements whose area holds a target it allows with line
    of effect from the area (R-AREA-5, R-AREA-6); touching a target is not enough."""
    left = MAX_PLACEMENTS
    for request in requests:
        if left == 0:
            return
        try:
            caught = area_candidates(state, request)
        except RulesError:
            continue
        if caught:
            left -= 1
            yield request


def _open(state: Encounter, q: Pos) -> bool:
    """A square a wall may take: on the map, not solid, holding no creature or object."""
    return (
        state.terrain.in_bounds(q)
        and not state.terrain.is_solid(q)
        and not state.creatures_in(q)
        and not state.objects_in(q)
    )


def _walls(state: Encounter, c: Creature, ability: Ability) -> Iterator[UseAbility]:
    """Straight walls of the ability's full length: from each start square a line offers, along
    each axis, its squares on the map, open and empty; each set of squares once, nearest first, then
    by squares; at most :data:`MAX_WALLS` (R-AREA-4, R-AREA-6)."""
    d = ability.distance
    seen: dict[tuple[Pos, ...], int] = {}
    for start, way in line_placements(state, c.id, d):
        cells = tuple(sorted((start + way.scaled(i) for i in range(d.size)), key=lambda q: (q.z, q.y, q.x)))
        if cells in seen or not all(_open(state, q) for q in cells):
            continue
        seen[cells] = min(distance(c.pos, c.n, q, 1) for q in cells)
    for cells in sorted(seen, key=lambda k: (seen[k], [(q.z, q.y, q.x) for q in k]))[:MAX_WALLS]:
        yield UseAbility(c.id, ability.name, wall=cells)


def _chosen_in_area(state: Encounter, request: UseAbility, count: int | None) -> UseAbility:
    """An area use, with the first targets chosen when the area holds more than it may affect."""
    if count is None:
        return request
    try:
        inside = area_candidates(state, request)
    except RulesError:
        return request  # refused by its own check next
    return attrs.evolve(request, targets=inside[:count]) if len(inside) > count else request


def _paid_for(state: Encounter, c: Creature, named: Ability, paid: dict[str | None, bool]) -> bool:
    """Whether the turn pays for a use by ``c`` of ``named``, the first ability of its name on
    its block, now (:func:`payable`); ``paid`` keeps the answers by cost, for the abilities of
    one listing."""
    cost = COSTS.get(named.action_type)
    found = paid.get(cost)
    if found is None:
        found = pays(state, c.id, cost)
        if found is None:
            found = payable(state, UseAbility(c.id, named.name))
        paid[cost] = found
    return found


def ability_deeds(state: Encounter, cid: str) -> list[Action]:
    """Every use of ``cid``'s abilities legal now on its turn, in the block's order (R-ABIL-1)."""
    c = state.creature(cid)
    if c.dead or not c.abilities:
        return []
    found: list[Action] = []
    for named, requests in _offered(state, c, None, None):
        found += [r for r in requests if verified_use(state, r, c, named)]
    return found


def _offered(
    state: Encounter,
    c: Creature,
    keep: Callable[[Ability], bool] | None,
    wanted: Callable[[Ability, tuple[str, ...]], bool] | None,
) -> Iterator[tuple[Ability, Iterator[UseAbility]]]:
    """For each ability of ``c``'s block offered on its turn, in the block's order, that the turn
    pays for and ``c`` may use now: the first ability of its name (the one a use names) and the
    uses worth checking (:func:`ability_deeds`); with ``keep``, only the abilities whose first of
    their name it keeps, asked before any check; with ``wanted``, of the uses on chosen targets
    only those it keeps for that first ability and their targets (:func:`_requests`)."""
    paid: dict[str | None, bool] = {}
    spaces: Spaces | None = None
    for ability, named in _on_turn(c.abilities):
        if keep is not None and not keep(named):
            continue
        # what a use costs the turn follows from its ability's action type alone, not from its
        # targets or placement: when the turn can't pay it, no use is legal (DS-TURN-01..03);
        # asked once per cost
        if not _paid_for(state, c, named, paid):
            continue
        try:
            able(state, c, named)  # ready's checks, c alive: those that no target changes
        except RulesError:
            continue
        if spaces is None and _aims(ability):
            spaces = _spaces(state, c)
        kept = None if wanted is None else functools.partial(wanted, named)
        requests = _requests(state, c, ability, spaces, kept)
        if ability.distance.is_area:
            requests = (_chosen_in_area(state, r, ability.target.count) for r in requests)
        if _straight(ability)[0]:  # else no use of it lacks a direction (_no_direction)
            requests = (r for r in requests if not _no_direction(state, r, ability))
        yield named, requests


def _on_turn(block: tuple[Ability, ...]) -> tuple[tuple[Ability, Ability], ...]:
    """The abilities of ``block`` offered on a turn (:data:`OFFERED`), in its order, each with
    the first of its name (the one a use names, :meth:`~brawl.creature.Creature.ability`). A
    block never changes (a changed block is another tuple): found once per block."""
    found = _ON_TURN.get(id(block))
    if found is not None and found[0] is block:
        return found[1]
    first: dict[str, Ability] = {}
    for a in block:
        first.setdefault(a.name, a)
    answer = tuple((a, first[a.name]) for a in block if a.action_type in OFFERED)
    if len(_ON_TURN) >= _ON_TURN_KEPT:
        _ON_TURN.clear()
    _ON_TURN[id(block)] = (block, answer)
    return answer


_ON_TURN: dict[int, tuple[tuple[Ability, ...], tuple[tuple[Ability, Ability], ...]]] = {}
""":func:`_on_turn`'s answers, by the block (kept with it, so that its id is not reused)."""
_ON_TURN_KEPT = 1024
"""Most blocks :data:`_ON_TURN` keeps."""


def best_use(state: Encounter, cid: str) -> UseAbility | None:
    """:func:`pick_ability` of ``cid``'s uses on its turn (:func:`ability_deeds`, with their
    surge variants, which it never picks: each comes after its own use, with its rank), checking
    only the uses it might pick: an ability that ``pick_ability`` weighs, of a cost no lower than
    the best use found, on targets that are enemies alone, more of them than the best use's of
    its cost; the first of the best rank, as ``pick_ability`` picks it."""
    c = state.creature(cid)
    if c.dead or not c.abilities:
        return None
    side, creatures = c.side, state.creatures
    best: UseAbility | None = None
    most = (-1, 0)  # the best use's cost and enemies

    def weighed(named: Ability) -> bool:  # _weighed, and a cost no lower than the best's
        return (
            named.power_roll is not None
            and named.action_type in _WEIGHED
            and (named.cost.amount if named.cost is not None else 0) >= most[0]
        )

    def enemies_alone(targets: tuple[str, ...]) -> int:
        """How many of ``targets`` are creatures of another side; 0 if one is of ``c``'s."""
        enemies = 0
        for t in targets:
            x = creatures.get(t)
            if x is not None:
                if x.side == side:
                    return 0  # a use reaching an ally is not picked
                enemies += 1
        return enemies

    def better(named: Ability, targets: tuple[str, ...]) -> bool:
        enemies = enemies_alone(targets)
        return enemies > 0 and (named.cost.amount if named.cost is not None else 0, enemies) > most

    for named, requests in _offered(state, c, weighed, better):
        for r in requests:
            targets = r.targets
            if targets:
                if better(named, targets) and verified_use(state, r, c, named):
                    best, most = (
                        r,
                        (named.cost.amount if named.cost is not None else 0, enemies_alone(targets)),
                    )
            elif verified_use(state, r, c, named):  # its targets found by its checks
                targets = ability_targets(state, r)
                if better(named, targets):
                    best, most = (
                        r,
                        (named.cost.amount if named.cost is not None else 0, enemies_alone(targets)),
                    )
    return best


_WEIGHED = ("main action", "maneuver")
"""The action types of the abilities :func:`pick_ability` weighs (:func:`_weighed`)."""


def triggered_deeds(state: Encounter, cid: str) -> list[Action]:
    """The uses of ``cid``'s triggered abilities answering the trigger reported in a Draw Steel
    combat (:func:`~brawl.turns.triggers.answers`), each legal now and paid for: the triggered
    action of the round, or nothing for a free one (DS-TURN-05, DS-TURN-06, R-TURN-12). A use that
    chooses targets is offered on the creatures the trigger names; none once ``cid`` answered it."""
    t = state.turn
    reported = t.reported if type(t) is DrawSteelTurn else None
    if reported is None or cid in reported.answered:
        return []
    c = state.creature(cid)
    if c.dead or not c.abilities:
        return []
    named = {x for x in (reported.creature, *reported.targets) if x is not None}
    found: list[Action] = []
    for ability in c.abilities:
        if ability.action_type not in TRIGGERED or not answers(state, c, ability, reported):
            continue
        if not _paid_for(
            state, c, c.ability(ability.name) or ability, {}
        ):  # the triggered action of the round
            continue
        for r in _requests(state, c, ability):
            if r.targets and named and not named.intersection(r.targets):
                continue
            if not _no_direction(state, r, ability) and verified(r, state):
                found.append(r)
    return found


def villain_deeds(state: Encounter, creature: str | None = None) -> list[Action]:
    """The uses of the villain actions legal now, ``creature``'s alone if given: in a Draw Steel
    combat, between turns, at the end of another creature's turn (RB-VILLAIN-02..04,
    :func:`~brawl.rules.villain.villain_refusal`), each villain action's uses in the block's order."""
    return _villain_uses(state, creature, on_enemies=False)


_Holders = tuple[tuple[str, tuple[Ability, ...]], ...]
"""Creatures holding villain actions, each with those villain actions (:func:`_holders`)."""


def _villain_uses(
    state: Encounter, creature: str | None, *, on_enemies: bool, holders: _Holders | None = None
) -> list[Action]:
    """:func:`villain_deeds`; with ``on_enemies``, only of the villain actions that may target an
    enemy of their user (:func:`_may_target_enemy`). ``holders``: :func:`_holders`, if asked."""
    found: list[Action] = []
    if holders is None:
        holders = _holders(state)
    if not holders or villain_moment_closed(state):
        return found  # no villain action, or villain_refusal would refuse every one
    creatures = state.creatures
    for cid, actions in holders:
        c = creatures[cid]
        if c.dead or creature not in (None, cid):
            continue
        for ability in actions:
            if on_enemies and not _may_target_enemy(ability):
                continue
            if villain_refusal(state, c, ability) is not None:
                continue
            found += [
                r
                for r in _requests(state, c, ability)
                if not _no_direction(state, r, ability) and verified(r, state)
            ]
    return found


def _holders(state: Encounter) -> _Holders:
    """The creatures whose blocks hold villain actions, in the encounter's order, with those
    villain actions in their block's order. A block's abilities never change (a changed block is
    another tuple): found once for each line-up of creatures and blocks."""
    order = state.order
    blocks = tuple(map(_ABILITIES, map(state.creatures.__getitem__, order)))
    last = _HOLDERS_LAST[0]
    if last[0] is order and blocks == last[1]:  # the blocks last asked about (each the very one, or equal)
        return last[2]
    key = (order, tuple(map(id, blocks)))
    found = _HOLDERS.get(key)
    if found is None:
        held = (
            (cid, tuple(a for a in b if a.action_type == VILLAIN_ACTION))
            for cid, b in zip(order, blocks, strict=True)
        )
        found = (blocks, tuple((cid, actions) for cid, actions in held if actions))
        if len(_HOLDERS) >= _HOLDERS_KEPT:
            _HOLDERS.clear()
        _HOLDERS[key] = found
    _HOLDERS_LAST[0] = (order, found[0], found[1])
    return found[1]


_ABILITIES = operator.attrgetter("abilities")
_HOLDERS: dict[tuple[tuple[str, ...], tuple[int, ...]], tuple[tuple[tuple[Ability, ...], ...], _Holders]] = {}
""":func:`_holders`' answers, by the creatures' ids and the ids of their blocks' tuples of
abilities (kept with the answer, so that no id is reused while it is kept)."""
_HOLDERS_KEPT = 256
"""Most line-ups kept."""
_HOLDERS_LAST: list[tuple[tuple[str, ...], tuple[tuple[Ability, ...], ...], _Holders]] = [((), (), ())]
""":func:`_holders`' last line-up and answer: the order, the blocks (kept, so that their ids are
not reused) and the holders."""

_OWN_SIDE = frozenset({"self", "ally", "each ally", "self or ally"})
"""The target kinds that admit no creature of another side (R-ABIL-9)."""


def _may_target_enemy(ability: Ability) -> bool:
    """Whether a use of ``ability`` may target a creature of another side than its user's: not
    one on itself alone, nor on its allies or itself (the targets a use resolves are those the
    target entry allows, R-ABIL-9); else :func:`_on_enemies` refuses each of its uses."""
    return ability.distance.kind != "self" and ability.target.kind not in _OWN_SIDE


def malice_deeds(state: Encounter, cid: str) -> list[Action]:
    """The Malice features the Director may activate for ``cid`` now, at the start of its turn
    (RB-MALICE-04, R-DIR-2): Brutal Effectiveness, Malicious Strike for 5 Malice, a solo's Solo
    Action (RB-SOLO-04), and the uses of its block's own Malice features; each checked, none once
    one was activated this turn."""
    if malice_moment_refusal(state, cid, "a Malice feature") is not None:
        return []
    c = state.creature(cid)
    found: list[Action] = [BrutalEffectiveness(cid), MaliciousStrike(cid), SoloAction(cid)]
    for ability in c.abilities:
        if is_malice_feature(ability):
            found += list(_requests(state, c, ability))
    return [a for a in found if verified(a, state)]


def pick_ability(state: Encounter, options: list[Action]) -> UseAbility | None:
    """A simple choice for a policy: the use of a main-action or maneuver ability with a power roll
    that reaches an enemy, the costliest first (heroic and villain abilities before signature
    ones), then the one reaching most targets; None if there is none."""
    if not options:
        return None
    best: tuple[tuple[int, int, int], UseAbility] | None = None
    weighed: dict[tuple[str, str], tuple[str, int] | None] = {}  # by user and ability: side, cost
    creatures = state.creatures
    for index, a in enumerate(options):
        if not isinstance(a, UseAbility):
            continue
        key = (a.user, a.ability)
        if key in weighed:
            found = weighed[key]
        else:
            found = weighed[key] = _weighed(state, a)
        if found is None:
            continue
        side, cost = found
        enemies = friends = 0
        for t in a.targets or ability_targets(state, a):
            x = creatures.get(t)
            if x is not None:
                if x.side != side:
                    enemies += 1
                else:
                    friends += 1
        if enemies == 0 or friends > 0:
            continue
        rank = (-cost, -enemies, index)
        if best is None or rank < best[0]:
            best = (rank, a)
    return None if best is None else best[1]


def _weighed(state: Encounter, a: UseAbility) -> tuple[str, int] | None:
    """For :func:`pick_ability`: the side of the use's user and its ability's cost, or None for an
    ability it does not pick (no power roll, neither a main action nor a maneuver)."""
    user = state.creature(a.user)
    ability = user.ability(a.ability)
    if ability is None or ability.power_roll is None or ability.action_type not in _WEIGHED:
        return None
    return user.side, ability.cost.amount if ability.cost is not None else 0


def director_deed(state: Encounter, options: Iterable[Action] | None = None) -> Action | None:
    """What a simple Director spends now in a Draw Steel combat (:func:`pick_director`): among
    ``options``, or, with None, among the villain actions offered between turns
    (:func:`villain_deeds`) or the Malice features offered at the start of a Director creature's
    turn (:func:`malice_deeds`); None if there is none."""
    t = state.turn
    if type(t) is not DrawSteelTurn:
        return None
    if options is not None:
        return pick_director(state, options)
    if t.current is None:
        # _holders(state), its last line-up asked here without a call: between turns, each time
        order = state.order
        blocks = tuple(map(_ABILITIES, map(state.creatures.__getitem__, order)))
        last = _HOLDERS_LAST[0]
        holders = last[2] if last[0] is order and blocks == last[1] else _holders(state)
        if not holders:
            return None  # no block holds a villain action: _villain_uses finds none
        # pick_director keeps only uses on enemies alone: a villain action that may target no
        # enemy (:func:`_may_target_enemy`) is not planned
        uses = _villain_uses(state, None, on_enemies=True, holders=holders)
        return pick_director(state, uses) if uses else None
    economy = t.economy
    # past_start(economy), read in place: FRESH, nothing spent, is a turn's start; any other is
    # past it once anything is counted or movement is left (R-DIR-2). What passes here is asked
    # again by the Malice pick's own check of the moment (malice_moment_open)
    if economy is not FRESH and (
        economy is None
        or economy.main + economy.maneuvers + economy.moves  # its counted actions
        or economy.free_maneuvers
        or economy.movement_left
    ):
        return None  # the moment is closed to every creature (_moment_closed): no Malice feature is offered
    if state.creatures[t.current].side == DIRECTOR:  # the turn's creature: one of the encounter
        return _malice_pick(state, t, t.current)
    return None


def _malice_pick(state: Encounter, t: DrawSteelTurn, cid: str) -> Action | None:
    """``pick_director(state, malice_deeds(state, cid))``: the features checked in the order it
    prefers them, none after the one it chooses. A feature whose cost is more than the Director's
    Malice (the bookkeeping's, ``t``'s, as :func:`short_of_malice` reads it) is not checked (its
    own check refuses it, RB-MALICE-04..06, RB-SOLO-04), nor Malicious Strike the round after one
    was used (RB-MALICE-07), nor a Malice feature of a block that may target no enemy
    (:func:`_may_target_enemy`)."""
    malice = t.malice
    if not malice_moment_open(state, cid):
        return None  # malice_moment_refusal: malice_deeds offers nothing
    c = state.creatures[cid]  # looked up by malice_moment_open
    solo_action, features = _malice_features(c.abilities)
    if solo_action and malice >= SOLO_ACTION_COST:
        solo = SoloAction(cid)
        if verified(solo, state):
            return solo
    for ability in features:
        if ability.cost is not None and malice < ability.cost.amount:
            continue
        for use in _requests(state, c, ability):
            if verified(use, state) and _on_enemies(state, use):
                return use
    used = t.director.malicious_round  # the round of the last Malicious Strike, as its check reads it
    if malice >= MALICIOUS_COST and not (used and used == state.round - 1):
        strike = _feature(MaliciousStrike, cid)
        if verified(strike, state):
            return strike
    if malice >= BRUTAL_COST:
        brutal = _feature(BrutalEffectiveness, cid)
        if verified(brutal, state):
            return brutal
    return None


def _feature(kind: Callable[[str], Action], cid: str) -> Action:
    """``kind(cid)``, a Malice feature at its least cost for a creature: kept once built
    (immutable records)."""
    key = (kind, cid)
    found = _FEATURE_RECORDS.get(key)
    if found is None:
        if len(_FEATURE_RECORDS) >= _KEPT:
            _FEATURE_RECORDS.clear()
        found = _FEATURE_RECORDS[key] = kind(cid)
    return found


_FEATURE_RECORDS: dict[tuple[Callable[[str], Action], str], Action] = {}
""":func:`_feature`'s records, by kind and creature."""
_KEPT = 4096
"""Most records kept, and most tuples of abilities."""


def _malice_features(abilities: tuple[Ability, ...]) -> tuple[bool, tuple[Ability, ...]]:
    """Whether a block holds a Solo Action (:func:`Creature.ability`'s look-up by name), and its
    Malice features that may target an enemy (:func:`is_malice_feature`, :func:`_may_target_enemy`),
    in its order: found once for each tuple of abilities."""
    found = _FEATURES.get(id(abilities))
    if found is None or found[0] is not abilities:
        if len(_FEATURES) >= _KEPT:
            _FEATURES.clear()
        solo = any(a.name == SOLO_ACTION for a in abilities)
        features = tuple(a for a in abilities if is_malice_feature(a) and _may_target_enemy(a))
        found = _FEATURES[id(abilities)] = (abilities, solo, features)
    return found[1], found[2]


_FEATURES: dict[int, tuple[tuple[Ability, ...], bool, tuple[Ability, ...]]] = {}
""":func:`_malice_features`' answers, by the id of the tuple of abilities (kept with the answer,
so that the id is not reused while it is kept)."""


def pick_director(state: Encounter, options: Iterable[Action]) -> Action | None:
    """A simple Director's choice among ``options`` of the resources it may spend: a solo's Solo
    Action, then a villain action or a stat block's Malice feature used on enemies alone, then
    Malicious Strike, then Brutal Effectiveness (RB-SOLO-04, RB-VILLAIN-04, RB-MALICE-04..06);
    None if ``options`` hold none of them."""
    solo: list[Action] = []
    uses: list[Action] = []
    strikes: list[Action] = []
    brutal: list[Action] = []
    for a in options:
        if isinstance(a, SoloAction):
            solo.append(a)
        elif isinstance(a, MaliciousStrike):
            strikes.append(a)
        elif isinstance(a, BrutalEffectiveness):
            brutal.append(a)
        elif isinstance(a, UseAbility) and _director_use(state, a) and _on_enemies(state, a):
            uses.append(a)
    return next(iter([*solo, *uses, *strikes, *brutal]), None)


def _director_use(state: Encounter, a: UseAbility) -> bool:
    """Whether ``a`` uses a villain action or a stat block's Malice feature."""
    ability = state.creature(a.user).ability(a.ability)
    return ability is not None and (ability.action_type == VILLAIN_ACTION or is_malice_feature(ability))


def _on_enemies(state: Encounter, a: UseAbility) -> bool:
    """Whether the use reaches at least one enemy of its user and no ally."""
    side = state.creature(a.user).side
    try:
        targets = a.targets or ability_targets(state, a)
    except RulesError:
        return False
    sides = [state.creatures[t].side for t in targets if t in state.creatures]
    return bool(sides) and all(s != side for s in sides)
