"""The tactical policy: every attack weighed by its expected result (:func:`tactical`).

Each tier of a power roll by its chance, a potency by the target's characteristic, finishing
blows first, areas placed on the enemies (candidate squares on and around them, scored before
any rule is asked) and counted against the allies they catch; moves to where the best blow lands,
flanking in melee, out of the enemies' reach at range; drawing back when dying.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Mapping, Sequence

from brawl.abilities.model import Ability, ApplyCondition, Damage, ForcedMovement
from brawl.actions import (
    Action,
    AdvanceTo,
    CatchBreath,
    Disengage,
    EndTurn,
    FreeStrike,
    StartTurn,
    TakeAction,
)
from brawl.conditions import ConditionName
from brawl.creature import Creature
from brawl.dice import NATURAL_TIER_3, POWER_DIE_SIDES, TIER_2_MIN, TIER_3_MIN
from brawl.errors import RulesError
from brawl.geometry import Pos, distance
from brawl.policy.options import Options, greedy
from brawl.rules.abilities import UseAbility, ability_targets, allows
from brawl.rules.abilities.targets import roll_characteristic
from brawl.rules.areas import line_placements
from brawl.rules.cover import sees_space
from brawl.rules.potency import potency_value, resisting_score
from brawl.rules.reachable import reachable
from brawl.rules.strikes import (
    MELEE_DISTANCE,
    MELEE_FREE_STRIKE_DAMAGE,
    RANGED_DISTANCE,
    RANGED_FREE_STRIKE_DAMAGE,
    strike_characteristic,
)
from brawl.state import Encounter
from brawl.turns.ability_deeds import OFFERED, director_deed
from brawl.turns.deeds import legal_moves, legal_now, legal_reach, payable
from brawl.turns.drawsteel_deeds import first_squad_attack
from brawl.turns.drawsteel_turn import DrawSteelTurn, actors
from brawl.turns.hero_deeds import hero_deed, with_surges
from brawl.turns.records import verified
from brawl.zone import world
from brawl.zone.policy import zone_greedy

KILL_VALUE = 8.0
"""What taking an enemy out of the fight is worth, in points of damage: finishing a foe first."""
CONDITION_VALUE = 2.0
"""What a condition imposed on an enemy is worth, in points of damage."""
FORCED_VALUE = 0.25
"""What each square an enemy is force-moved is worth, in points of damage."""
ALLY_WEIGHT = 1.5
"""How much worse harming an ally is than harming an enemy by as much."""
FLANK_VALUE = 1.0
"""What a melee square flanking its target is worth, when choosing where to move."""
EDGE_SHARE = 0.75
"""What a square at the edge of a drop is worth to attack from, as a share: the foes may push."""
EDGE_DROP = 2
"""Levels a square beside must drop for the square to count as an edge (a fall of 2 or more
squares hurts, DS-FALL-01)."""
AREA_TRIES = 4
"""Area placements checked with the rules, best first, before the policy looks elsewhere."""


@functools.cache
def tier_chances(bonus: int) -> tuple[float, float, float]:
    """The chances of tiers 1, 2 and 3 of a power roll of 2d10 + ``bonus`` (DS-TURN-13), a
    natural 19 or 20 always tier 3 (RB3-EDGES); edges and banes are left out."""
    counts = [0, 0, 0]
    for a, b in itertools.product(range(1, POWER_DIE_SIDES + 1), repeat=2):
        natural = a + b
        total = natural + bonus
        tier = 3 if total >= TIER_3_MIN or natural >= NATURAL_TIER_3 else 2 if total >= TIER_2_MIN else 1
        counts[tier - 1] += 1
    whole = POWER_DIE_SIDES**2
    return (counts[0] / whole, counts[1] / whole, counts[2] / whole)


def _left(c: Creature) -> int:
    """Stamina to take before the creature is out of the fight (0 or less: dying or dead)."""
    return max(1, c.stamina + c.temporary_stamina)


def _worth(target: Creature, damage: float, extra: float, chance: float, me: Creature) -> float:
    """One outcome against one target: ``damage`` dealt (capped at what it has left), ``extra``
    points for its other effects, weighed by ``chance``; against an ally, a cost."""
    left = _left(target)
    dealt = min(damage, left)
    value = dealt + extra + (KILL_VALUE if damage >= left else 0.0)
    # focus: the more hurt a foe already is, the more a blow on it is worth
    value += dealt * 0.25 * (1 - min(target.stamina, target.stamina_max) / max(1, target.stamina_max))
    return chance * (value if target.side != me.side else -ALLY_WEIGHT * (dealt + extra))


def _tier_value(me: Creature, ability: Ability, tier: int, target: Creature) -> tuple[float, float]:
    """The damage and the other effects' worth of one tier of an ability against a target; a
    potency counts when the target's score is below it (RB2-POTENCY)."""
    pr = ability.power_roll
    assert pr is not None
    damage = 0.0
    extra = 0.0
    for e in pr.tiers[tier - 1].effects:
        potency = getattr(e, "potency", None)
        if potency is not None and resisting_score(potency, target) >= potency_value(potency, me):
            continue
        if isinstance(e, Damage):
            added = max((me.characteristics.get(c) for c in e.characteristics), default=0)
            damage += max(0, e.amount + added)
        elif isinstance(e, ApplyCondition):
            extra += CONDITION_VALUE
        elif isinstance(e, ForcedMovement):
            extra += FORCED_VALUE * e.distance
    return damage, extra


def ability_value(me: Creature, ability: Ability, targets: Sequence[Creature]) -> float:
    """The expected worth of a use of ``ability`` on ``targets``: each tier's damage and effects
    by its chance (:func:`tier_chances`), finishing blows counted extra, allies caught counted
    against it."""
    if ability.power_roll is None:
        return 0.0
    bonus, _ = roll_characteristic(me, ability)
    chances = tier_chances(bonus)
    total = 0.0
    for t in targets:
        for tier, p in enumerate(chances, start=1):
            damage, extra = _tier_value(me, ability, tier, t)
            total += _worth(t, damage, extra, p, me)
    return total


def strike_value(me: Creature, target: Creature, *, ranged: bool) -> float:
    """The expected worth of a Free Strike on ``target`` (DS-STRIKE-06, DS-STRIKE-07)."""
    _, value = strike_characteristic(me, None)
    table = RANGED_FREE_STRIKE_DAMAGE if ranged else MELEE_FREE_STRIKE_DAMAGE
    return sum(
        _worth(target, max(0, table[tier] + value), 0.0, p, me) for tier, p in enumerate(tier_chances(value))
    )


def _reach(ability: Ability) -> int:
    """How far a use of the ability reaches a target, or the far edge of its area."""
    d = ability.distance
    return max(d.value, d.within) + d.size


def _attacks(me: Creature) -> list[Ability]:
    """The creature's abilities with a power roll used on its turn (main actions and maneuvers)."""
    return [
        a
        for a in me.abilities
        if a.power_roll is not None and a.action_type in OFFERED and a.action_type != "move action"
    ]


def _foes(state: Encounter, me: Creature) -> list[Creature]:
    return [
        c
        for c in state.creature_list()
        if c.side != me.side and not c.dead and (not c.conditions or not c.has(ConditionName.UNCONSCIOUS))
    ]


Box = tuple[int, int, int, int, int, int]
"""Low x, y, z and high x, y, z (inclusive) of an area or a creature's space."""


def _space(c: Creature) -> Box:
    x, y, z = c.pos
    k = c.n - 1
    return (x, y, z, x + k, y + k, z + k)


def _line(start: Pos, way: Pos, length: int, width: int) -> Box:
    """The squares of a line (:func:`brawl.rules.areas.line_cells`) as a box: ``length`` along
    ``way``, ``width`` a quarter turn from it and ``width`` high (R-AREA-3)."""
    far = start + way.scaled(length - 1) + Pos(-way.y, way.x, 0).scaled(width - 1)
    return (
        min(start.x, far.x), min(start.y, far.y), start.z,
        max(start.x, far.x), max(start.y, far.y), start.z + width - 1,
    )  # fmt: skip


def _overlap(a: Box, b: Box) -> bool:
    return all(a[i] <= b[i + 3] and b[i] <= a[i + 3] for i in range(3))


def _area_uses(state: Encounter, me: Creature, ability: Ability) -> Iterator[tuple[float, UseAbility]]:
    """Where to place an area ability, best first: a burst or aura as it is, a cube on or around
    each enemy's squares, a line from the squares the rules offer; each scored by the creatures it
    would catch (:func:`ability_value`, each creature's worth once), before any rule is asked; the
    best :data:`AREA_TRIES` of them. Walls are not placed."""
    d = ability.distance
    reach = _reach(ability)
    affected = [c for c in state.living() if allows(ability, me, c)]
    if not any(c.side != me.side and distance(me.pos, me.n, c.pos, c.n) <= reach for c in affected):
        return  # no enemy within the area's far edge
    if d.kind in ("burst", "aura"):
        yield 0.0, UseAbility(me.id, ability.name)
        return
    shapes: dict[tuple[Pos, Pos | None], Box] = {}
    if d.kind == "cube":
        s = d.size
        for foe in affected:
            if foe.side == me.side:
                continue
            for dx, dy in itertools.product(range(-(s - 1), foe.n), repeat=2):
                corner = Pos(foe.pos.x + dx, foe.pos.y + dy, me.pos.z)
                if distance(me.pos, me.n, corner, s) <= d.within and state.terrain.in_bounds(corner):
                    shapes[(corner, None)] = (*corner, corner.x + s - 1, corner.y + s - 1, corner.z + s - 1)
    elif d.kind == "line":
        for start, along in line_placements(state, me.id, d):
            shapes[(start, along)] = _line(start, along, d.size, d.width)
    else:
        return
    spaces = [(c, _space(c), ability_value(me, ability, [c])) for c in affected]
    count = ability.target.count
    scored: list[tuple[float, Pos, Pos | None, tuple[str, ...]]] = []
    for (origin, way), box in shapes.items():
        caught = [(c, worth) for c, space, worth in spaces if _overlap(space, box)]
        if not any(c.side != me.side for c, _ in caught):
            continue
        if count is not None and len(caught) > count:
            caught = sorted(caught, key=lambda cw: -cw[1])[:count]
        value = sum(worth for _, worth in caught)
        if value > 0:
            chosen = tuple(c.id for c, _ in caught) if count is not None else ()
            scored.append((value, origin, way, chosen))
    scored.sort(key=lambda s: (-s[0], s[1], s[2] or s[1]))
    for value, at, toward, chosen in scored[:AREA_TRIES]:
        yield value, UseAbility(me.id, ability.name, chosen, origin=at, direction=toward)


def _no_direction(state: Encounter, request: UseAbility, ability: Ability, targets: Sequence[str]) -> bool:
    """Whether a push or pull of the use would have no straight way for a target standing over its
    source (the user, or the area's first square): such a use is left aside (R-GEO-2)."""
    pr = ability.power_roll
    if pr is None or not any(
        isinstance(e, ForcedMovement) and e.kind != "slide" for t in pr.tiers for e in t.effects
    ):
        return False
    user = state.creature(request.user)
    source, sn = (request.origin, 1) if request.origin is not None else (user.pos, user.n)
    for tid in targets:
        t = state.creatures.get(tid)
        if t is not None and all(t.pos[i] < source[i] + sn and source[i] < t.pos[i] + t.n for i in range(2)):
            return True
    return False


def _checked(state: Encounter, request: UseAbility, ability: Ability) -> tuple[str, ...] | None:
    """The creatures a use would affect if it is legal now (its checks, made once: the targets its
    plan finds), else None; the part of the turn it costs was asked by the caller."""
    try:
        caught = ability_targets(state, request)
    except RulesError:
        return None
    if _no_direction(state, request, ability, caught):
        return None
    return caught


def best_attack(state: Encounter, me: Creature, *, kinds: tuple[str, ...]) -> tuple[float, Action] | None:
    """The attack of ``me`` worth most now, among its abilities of the action types ``kinds`` and,
    with ``"main action"``, its Free Strikes; checked legal now. None with none worth anything."""
    foes = _foes(state, me)
    if not foes:
        return None
    candidates: list[tuple[float, int, Action, Ability | None]] = []
    order = itertools.count()
    paid: dict[str, bool] = {}  # by action type: what a use costs the turn follows from it alone
    for ability in _attacks(me):
        if ability.action_type not in kinds:
            continue
        if ability.action_type not in paid:
            paid[ability.action_type] = payable(state, UseAbility(me.id, ability.name))
        if not paid[ability.action_type]:
            continue  # the part of the turn it costs is spent (DS-TURN-01..03): no use of it is legal
        d = ability.distance
        if d.is_area:
            for value, request in _area_uses(state, me, ability):
                candidates.append((value, next(order), request, ability))
            continue
        if d.kind in ("self", "special") or ability.target.kind in ("self", "ally", "self or ally"):
            continue
        reach = _reach(ability)
        near = [f for f in foes if allows(ability, me, f) and distance(me.pos, me.n, f.pos, f.n) <= reach]
        if ability.target.count is None:
            if near:
                candidates.append(
                    (ability_value(me, ability, near), next(order), UseAbility(me.id, ability.name), ability)
                )
            continue
        for f in near:
            candidates.append(
                (
                    ability_value(me, ability, [f]),
                    next(order),
                    UseAbility(me.id, ability.name, (f.id,)),
                    ability,
                )
            )
        if ability.target.count > 1 and len(near) > 1:
            chosen = sorted(near, key=lambda f: -ability_value(me, ability, [f]))[: ability.target.count]
            candidates.append(
                (
                    ability_value(me, ability, chosen),
                    next(order),
                    UseAbility(me.id, ability.name, tuple(f.id for f in chosen)),
                    ability,
                )
            )
    if "main action" in kinds and payable(state, TakeAction("main", FreeStrike(me.id, foes[0].id))):
        for f in foes:
            gap = distance(me.pos, me.n, f.pos, f.n)
            if gap <= MELEE_DISTANCE:
                strike = TakeAction("main", FreeStrike(me.id, f.id))
                candidates.append((strike_value(me, f, ranged=False), next(order), strike, None))
            elif gap <= RANGED_DISTANCE:
                strike = TakeAction("main", FreeStrike(me.id, f.id, ranged=True))
                candidates.append((strike_value(me, f, ranged=True), next(order), strike, None))
    candidates.sort(key=lambda c: (-c[0], c[1]))
    for value, _, action, used in candidates:
        if value <= 0:
            break
        if used is None:
            if legal_now(state, action):
                return value, action
            continue
        ability = used
        assert isinstance(action, UseAbility)
        caught = _checked(state, action, ability)
        if caught is None:
            continue
        if ability.distance.is_area and not action.targets:
            # the rules' own count of whom the area holds (line of effect, R-AREA-5)
            value = ability_value(me, ability, [state.creatures[t] for t in caught if t in state.creatures])
            if value <= 0:
                continue
        return value, action
    return None


def threat(me: Creature) -> int:
    """How far the creature's attacks reach without moving: its abilities', a Free Strike's."""
    return max([RANGED_DISTANCE, *(_reach(a) for a in _attacks(me))])


def _flanks(spot: Pos, me: Creature, foe: Creature, allies: Sequence[Creature]) -> bool:
    """Whether an ally stands beside ``foe`` across it from ``spot`` (DS-ACT-22's flanking, by the map)."""
    fx, fy = foe.pos.x * 2 + foe.n, foe.pos.y * 2 + foe.n
    sx, sy = spot.x * 2 + me.n - fx, spot.y * 2 + me.n - fy
    for a in allies:
        if a.id == me.id or distance(a.pos, a.n, foe.pos, foe.n) > MELEE_DISTANCE:
            continue
        ax, ay = a.pos.x * 2 + a.n - fx, a.pos.y * 2 + a.n - fy
        if sx * ax + sy * ay < 0:
            return True
    return False


def _spot(
    state: Encounter,
    p: Pos,
    me: Creature,
    prey: Sequence[Creature],
    allies: Sequence[Creature],
    reach: tuple[int, int],
    *,
    sight: bool = True,
    dying: bool = False,
) -> tuple[float, int]:
    """How good a square is to attack from, and its distance to the nearest foe: a foe in melee
    reach (flanked: more), else in ranged reach and line of effect (R-COVER-1) out of the foes'
    melee reach; the foe nearest its end worth most (``prey`` in that order). Without ``sight``,
    line of effect is not asked: a bound from above. A ``dying`` creature would rather strike from
    afar than in melee."""
    melee, ranged = reach
    gaps = [distance(p, me.n, f.pos, f.n) for f in prey]
    nearest = min(gaps)
    score = 0.0
    for rank, (f, gap) in enumerate(zip(prey, gaps, strict=True)):
        weight = 1.0 / (1 + rank)
        if gap <= melee:
            close = 1.0 if dying else 3.0
            score = max(score, close * weight + (FLANK_VALUE if _flanks(p, me, f, allies) else 0.0))
        elif gap <= ranged:
            value = 2.0 * weight + (0.5 if nearest > MELEE_DISTANCE + 1 else 0.0)
            if value > score and (not sight or sees_space(state, p, me.n, f.pos, f.n)):
                score = value
    return score, nearest


def alone_on_map(state: Encounter, cid: str) -> Encounter:
    """The state out of combat with only this creature left on the map (the objects stay): where
    it could go, were the others to stand aside."""
    alone = state.with_turn(None, round=0)
    for other in state.creature_list():
        if other.id != cid:
            alone = alone.without_creature(other.id)
    return alone


_PATHS: dict[tuple[int, int, Pos, int], tuple[object, object, dict[Pos, int]]] = {}
""":func:`_path_costs` by the terrain, the objects and the creature's space (kept with them, so
that their ids are not reused)."""


def _path_costs(state: Encounter, c: Creature) -> dict[Pos, int]:
    """The cost of walking from the creature's square to each square it could reach alone on the
    map (the other creatures left out): how far a square is from it along the ground."""
    key = (id(state.terrain), id(state.objects), c.pos, c.n)
    found = _PATHS.get(key)
    if found is not None and found[0] is state.terrain and found[1] is state.objects:
        return found[2]
    alone = alone_on_map(state, c.id)
    t = state.terrain
    try:
        costs = reachable(alone, c.id, budget=t.width * t.depth, ignore_speed=True).costs()
    except RulesError:
        costs = {}
    if len(_PATHS) >= 256:
        _PATHS.clear()
    _PATHS[key] = (state.terrain, state.objects, costs)
    return costs


def _closer(state: Encounter, me: Creature, foes: Sequence[Creature], ends: Mapping[Pos, int]) -> Pos | None:
    """The end nearest a foe along the ground (:func:`_path_costs` from each foe), fewest squares
    of movement breaking ties; None if none is nearer than where it stands."""
    fields = [_path_costs(state, f) for f in foes]
    unknown = 1 << 30

    def walk(p: Pos) -> int:
        return min((field.get(p, unknown) for field in fields), default=unknown)

    best = min(ends, key=lambda p: (walk(p), ends[p], p))
    return best if walk(best) < walk(me.pos) else None


def _at_an_edge(state: Encounter, p: Pos, n: int) -> bool:
    """Whether a square beside ``p`` (on its level) drops 2 or more levels: a push off it is a fall
    (DS-FALL-01, DS-FALL-04)."""
    t = state.terrain
    for dx, dy in itertools.product((-1, 0, 1), repeat=2):
        q = Pos(p.x + dx, p.y + dy, p.z)
        if (dx or dy) and t.in_bounds(q) and not t.is_solid(q) and t.drop_below(q, n) >= EDGE_DROP:
            return True
    return False


def _placement(state: Encounter, me: Creature, ends: Mapping[Pos, int], dying: bool) -> Pos | None:
    """Where to move, or None to stay: the square from which the best blow lands (:func:`_spot`;
    when ``dying``, from afar rather than in melee), cheapest first; with no foe in reach from any,
    nearer a foe along the ground (:func:`_closer`)."""
    foes = _foes(state, me)
    if not foes or not ends:
        return None
    attacks = _attacks(me)
    reach = (
        max([MELEE_DISTANCE, *(_reach(a) for a in attacks if a.distance.kind == "melee")]),
        max([RANGED_DISTANCE, *(_reach(a) for a in attacks if a.distance.kind != "melee")]),
    )
    prey = sorted(foes, key=lambda f: (_left(f), distance(me.pos, me.n, f.pos, f.n), f.id))
    allies = [c for c in state.living() if c.side == me.side]
    # the squares by their worth without line of effect (a bound from above), best first; each
    # asked in turn until no square left could beat the best found with it
    bounds = []
    for p, cost in ends.items():
        score, nearest = _spot(state, p, me, prey, allies, reach, sight=False, dying=dying)
        bounds.append(((score, -nearest, -cost), p))
    bounds.sort(key=lambda b: b[0], reverse=True)
    best_key: tuple[float, int, int] | None = None
    chosen: Pos | None = None
    for bound, p in bounds:
        if best_key is not None and bound <= best_key:
            break
        score, nearest = _spot(state, p, me, prey, allies, reach, dying=dying)
        if score > 0 and _at_an_edge(state, p, me.n):
            score *= EDGE_SHARE  # a push from there is a fall
        key = (score, -nearest, bound[2])
        if best_key is None or key > best_key:
            best_key, chosen = key, p
    if chosen is None or best_key is None:
        return None
    if best_key[0] == 0.0:
        return _closer(state, me, foes, ends)
    return chosen if best_key[0] > _spot(state, me.pos, me, prey, allies, reach, dying=dying)[0] else None


def tactical(state: Encounter, options: Sequence[Action]) -> Action:
    """Weigh every attack by its expected result and take the best; move where the best attack
    lands; draw back when dying.

    On a Draw Steel creature's turn: catch its breath when winded (a maneuver); use the maneuver
    or main action worth most (:func:`best_attack`: each ability's tiers by their chances, a
    potency by the target's characteristic, areas placed on the enemies and counted against the
    allies they catch, finishing blows first); else move (:func:`_placement`), then attack; else
    end the turn; the Director's resources (:func:`director_deed`) and a squad's attack come
    first. A dying hero (Stamina 0 or below, DS-STAM-06) draws back from the enemies beside
    it (disengaging) and would rather strike from afar. Between turns, in the zone game and in any
    state it does not know (another turn system, a trigger to answer), it plays as :func:`greedy`
    (the zone game's :func:`brawl.zone.legal.zone_greedy`).
    """
    if world(state) is not None:
        return zone_greedy(state, options)
    turn = state.turn
    current = turn.current if isinstance(turn, DrawSteelTurn) else None
    if isinstance(turn, DrawSteelTurn) and current is None and turn.reported is None:
        first = director_deed(state) or _next_up(state, turn)  # a villain action first (RB-VILLAIN-04)
        if first is not None:
            return first
    if current is None or turn.reported is not None:  # type: ignore[union-attr]
        return greedy(state, options)
    me = state.creature(current)
    if me.dead:
        return greedy(state, options)
    view = options if isinstance(options, Options) else Options(state, options)
    spend = director_deed(state) or first_squad_attack(state, options)  # RB-MALICE-04, RB-SQUAD-15
    spend = spend or hero_deed(state, me.id, reserve=1)  # hero tokens (RB-TOKEN-02, RB-TOKEN-07)
    if spend is not None:
        return spend
    dying = me.is_dying
    if me.hero and me.is_winded and me.recoveries > 0:
        breath = TakeAction("maneuver", CatchBreath(me.id))
        if legal_now(state, breath):
            return breath
    foes = _foes(state, me)
    beside = [f for f in foes if distance(me.pos, me.n, f.pos, f.n) <= MELEE_DISTANCE]
    if dying and beside:
        away = _disengage(state, me, foes)
        if away is not None:
            return away
    found = best_attack(state, me, kinds=("maneuver", "free maneuver"))
    if found is not None:
        return found[1]
    found = best_attack(state, me, kinds=("main action",))
    if found is not None and (found[0] >= 3.0 or not _can_move(state, me)):
        return with_surges(state, found[1])  # its surges on the rolled damage (RB-SURGE-02)
    if _can_move(state, me):
        ends = legal_moves(state, me.id)
        spot = _placement(state, me, ends, dying)
        if spot is not None:
            return AdvanceTo(me.id, spot)
    if found is not None:
        return with_surges(state, found[1])
    end = view.first(EndTurn)
    return end if end is not None else greedy(state, options)


def _next_up(state: Encounter, turn: DrawSteelTurn) -> Action | None:
    """Between turns, of the side's creatures that may act next (DS-SIDE-08..12), the first (by
    id) with a foe within the reach of its attacks (:func:`threat`) plus its speed, so that the
    blows that can land now land before the foes move; None when no turn may start."""
    side, members = actors(state, turn)
    if side is None or not members:
        return None

    def ready(c: Creature) -> tuple[int, str]:
        gap = min((distance(c.pos, c.n, f.pos, f.n) for f in _foes(state, c)), default=0)
        return (max(gap - MELEE_DISTANCE, 0), c.id)

    chosen = StartTurn(min(members, key=ready).id)
    return chosen if verified(chosen, state) else None


def _can_move(state: Encounter, me: Creature) -> bool:
    return bool(legal_reach(state, me.id))


def _disengage(state: Encounter, me: Creature, foes: Sequence[Creature]) -> Action | None:
    """A Disengage shift to the adjacent square farthest from the foes, if it gains any distance."""
    here = min(distance(me.pos, me.n, f.pos, f.n) for f in foes)
    best: tuple[int, Pos] | None = None
    for dx, dy in itertools.product((-1, 0, 1), repeat=2):
        if dx == dy == 0:
            continue
        p = Pos(me.pos.x + dx, me.pos.y + dy, me.pos.z)
        gap = min(distance(p, me.n, f.pos, f.n) for f in foes)
        if gap > here and (best is None or gap > best[0]):
            action = TakeAction("move", Disengage(me.id, (p,)))
            if legal_now(state, action):
                best = (gap, p)
    return None if best is None else TakeAction("move", Disengage(me.id, (best[1],)))
