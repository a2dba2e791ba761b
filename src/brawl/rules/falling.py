"""Falling, falling onto creatures, falling far, and falling off a creature (DS-FALL-01..09).

Rulings: R-FALL-1 (effective height, the threshold of 2 for damage and prone), R-FALL-2 (the
Agility reduction may be declined), R-FALL-3 (no prone in liquid), R-FALL-4 (landing on a
creature), R-FALL-5 (falling far across rounds), R-MOUNT-1, R-MOUNT-3 (knock-off tiers).

A fall is computed from the map's columns: the landing level is the highest of the terrain
support (walked level by level, at most the map's height), the tops of objects and the tops of
creatures below; nothing loops over the squares of a fall given as ``height=``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from brawl.conditions import ConditionName
from brawl.creature import Creature, MovementType
from brawl.errors import InvalidArgumentError
from brawl.events.base import Event, Note
from brawl.events.forced import FallingFar, Fell, RiderKnockedOff
from brawl.geometry import Pos, as_pos, cell_distance, distance
from brawl.outcome import Outcome
from brawl.rules.conditions import add_condition, speed
from brawl.rules.damage import damage
from brawl.state import Encounter

FALL_DAMAGE_PER_SQUARE = 2  # DS-FALL-01
FALL_DAMAGE_MAX = 50  # DS-FALL-01
FALL_MIN_HEIGHT = 2  # DS-FALL-01, on the effective height (R-FALL-1)
LIQUID_REDUCTION = 4  # DS-FALL-03
LIQUID_MIN_DEPTH = 1  # DS-FALL-03
FALL_PER_ROUND = 100  # DS-FALL-09, R-FALL-5
MAX_FALL_HEIGHT = 10**9
"""Largest ``height=`` accepted; larger requests are refused."""
KNOCK_OFF_TIERS = (1, 2, 3)  # DS-MTYPE-16: ≤11, 12–16, 17+


@attrs.frozen
class FallNumbers:
    """The arithmetic of one fall (DS-FALL-01..03, R-FALL-1, R-FALL-2)."""

    height: int
    agility: int
    """Squares taken off by Agility: max(0, Agility), or 0 when declined."""
    liquid: int
    """Squares taken off by liquid at least 1 square deep: 4 or 0."""
    effective: int
    damage: int
    lands: bool
    """Whether the effective height reaches 2: damage and prone apply (R-FALL-1)."""


def fall_damage(
    height: int, agility: int = 0, *, liquid: bool = False, use_agility: bool = True
) -> FallNumbers:
    """Effective height and damage of a fall (DS-FALL-01, DS-FALL-02, DS-FALL-03, R-FALL-1, R-FALL-2)."""
    _check_height(height)
    agi = max(0, agility) if use_agility else 0
    liq = LIQUID_REDUCTION if liquid else 0
    effective = max(0, height - agi - liq)
    lands = effective >= FALL_MIN_HEIGHT
    dmg = min(FALL_DAMAGE_MAX, FALL_DAMAGE_PER_SQUARE * effective) if lands else 0
    return FallNumbers(height, agi, liq, effective, dmg, lands)


def _check_height(height: object) -> None:
    if not isinstance(height, int) or isinstance(height, bool) or not 0 <= height <= MAX_FALL_HEIGHT:
        raise InvalidArgumentError(
            f"fall height {height!r}: a whole number of squares from 0 to {MAX_FALL_HEIGHT}",
            rule="DS-FALL-01",
        )


# --- where a fall ends ------------------------------------------------------------------------
@attrs.frozen
class Rest:
    """Where an n-cube dropped from ``start`` comes to rest."""

    pos: Pos
    onto: str | None
    """A creature it lands on (DS-FALL-06)."""
    liquid: int
    """Depth of the liquid it lands in, in squares (DS-FALL-03)."""


def _liquid_bottom(state: Encounter, pos: Pos, n: int) -> bool:
    mask = (1 << n) - 1
    return any((state.terrain.row_masks(pos.z, y)[3] >> pos.x) & mask for y in range(pos.y, pos.y + n))


def resting_place(state: Encounter, start: Pos, n: int, *, ignore: Iterable[str] = ()) -> Rest:
    """Where an n-cube at ``start`` lands: terrain, an object's top, a creature's top or liquid.

    Cost: the terrain is walked level by level (at most the map's height); objects and creatures
    are looked up once for the columns.
    """
    skip = set(ignore)
    terrain = state.terrain
    floor = -terrain.below
    onto: str | None = None
    object_top = floor
    for oid in sorted(state.objects):
        o = state.objects[oid]
        top = o.pos.z + o.size
        if top <= start.z and top > object_top and _columns_overlap(o.pos, o.size, start, n):
            object_top = top
    creature_top = floor
    for cid in state.creatures_in_columns(start, n):
        if cid in skip:
            continue
        c = state.creatures[cid]
        top = c.pos.z + c.n
        if top <= start.z and (
            top > creature_top or (top == creature_top and onto is not None and cid < onto)
        ):
            creature_top, onto = top, cid
    if creature_top <= object_top:
        onto = None
    floor = max(object_top, creature_top)
    z = start.z
    while z > floor:
        here = Pos(start.x, start.y, z)
        if _liquid_bottom(state, here, n):
            return Rest(here, None, _liquid_depth(state, here, n))
        if terrain.supports(here, n):
            return Rest(here, None, 0)
        z -= 1
    here = Pos(start.x, start.y, z)
    if _liquid_bottom(state, here, n):
        return Rest(here, onto, _liquid_depth(state, here, n))
    return Rest(here, onto, 0)


def _liquid_depth(state: Encounter, pos: Pos, n: int) -> int:
    return max(
        state.terrain.liquid_depth(Pos(x, y, pos.z))
        for y in range(pos.y, pos.y + n)
        for x in range(pos.x, pos.x + n)
    )


def _columns_overlap(a: Pos, an: int, b: Pos, bn: int) -> bool:
    return a.x < b.x + bn and b.x < a.x + an and a.y < b.y + bn and b.y < a.y + an


def should_fall(state: Encounter, creature: str) -> bool:
    """Whether a creature left where it is must fall (DS-FORCE-11, DS-MTYPE-24..26).

    A living creature falls when nothing is under it and it is not in liquid, not riding, not
    already falling far, and either cannot fly or flies while prone or at speed 0 without hover.
    """
    c = state.creature(creature)
    if c.dead or c.riding is not None or c.falling > 0:
        return False
    if state.terrain.is_liquid(c.pos, c.n):
        return False
    if c.has_movement(MovementType.FLY) and not (c.has(ConditionName.PRONE) or speed(state, creature) == 0):
        return False
    if c.has_movement(MovementType.HOVER):
        return False
    rest = resting_place(state, c.pos, c.n, ignore=_riders_and_self(state, c))
    return rest.pos != c.pos


def _riders_and_self(state: Encounter, c: Creature) -> set[str]:
    ids = {c.id}
    for cid in state.creatures_in(c.pos, c.n):
        if state.creatures[cid].riding == c.id:
            ids.add(cid)
    return ids


# --- falling ------------------------------------------------------------------------------------
def fall(
    state: Encounter,
    creature: str,
    *,
    height: int | None = None,
    use_agility: bool = True,
    landing: Iterable[int] | None = None,
    rules: Sequence[str] = (),
) -> Outcome:
    """Make a creature fall from where it is to what is below it (DS-FALL-01..09).

    ``height`` overrides the squares fallen used for the damage (a fall that starts off the
    map); the creature still comes to rest on what is below it. ``use_agility=False`` declines
    the Agility reduction (R-FALL-2). ``landing`` picks among the equally near unoccupied
    positions after landing on a creature (R-FALL-4). ``rules`` adds the rule IDs of the cause.
    A fall of more than 100 squares leaves the creature falling (R-FALL-5): see
    :func:`continue_fall`. Falling never provokes opportunity attacks (DS-FALL-05).
    """
    c = state.creature(creature)
    if height is not None:
        _check_height(height)
    chosen = None if landing is None else as_pos(landing, what="landing")
    rest = resting_place(state, c.pos, c.n, ignore=_riders_and_self(state, c))
    drop = c.pos.z - rest.pos.z
    h = drop if height is None else height
    if h == 0 and drop == 0:
        return Outcome(state, ())
    cited = tuple(rules)
    if h > FALL_PER_ROUND:
        return _fall_far_stretch(state, c, h, drop, cited, first=True)
    return _land(state, c, h, rest, use_agility=use_agility, landing=chosen, rules=cited)


def continue_fall(state: Encounter, creature: str) -> Outcome:
    """Fall 100 more squares at the end of a round, landing when the fall ends (DS-FALL-09, R-FALL-5).

    The turn systems call it at each end of round for every creature with ``falling > 0``;
    for any other creature it changes nothing.
    """
    c = state.creature(creature)
    if c.falling <= 0:
        return Outcome(state, ())
    rest = resting_place(state, c.pos, c.n, ignore=_riders_and_self(state, c))
    drop = c.pos.z - rest.pos.z
    return _fall_far_stretch(state, c, c.falling, drop, (), first=False)


def _fall_far_stretch(
    state: Encounter, c: Creature, to_fall: int, drop: int, rules: tuple[str, ...], *, first: bool
) -> Outcome:
    stretch = min(FALL_PER_ROUND, to_fall)
    after = to_fall - stretch
    cited = (*rules, "DS-FALL-09", "R-FALL-5")
    if after == 0:
        # the whole fall is more than 100 squares: count it as such for the damage (capped at 50)
        rest = resting_place(state, c.pos, c.n, ignore=_riders_and_self(state, c))
        height = stretch + (0 if first else FALL_PER_ROUND)
        landed = attrs.evolve(c, falling=0)
        state = state.with_creature(landed)
        return _land(state, landed, height, rest, use_agility=True, landing=None, rules=cited)
    down = max(0, drop - after)
    moved = attrs.evolve(c, pos=Pos(c.pos.x, c.pos.y, c.pos.z - down), falling=after)
    event = FallingFar(creature=c.id, fallen=stretch, still_to_fall=after, rules=cited)
    return Outcome(state.with_creature(moved), (event,))


def _land(
    state: Encounter,
    c: Creature,
    height: int,
    rest: Rest,
    *,
    use_agility: bool,
    landing: Pos | None,
    rules: tuple[str, ...],
    always_prone: bool = False,
) -> Outcome:
    in_liquid = rest.liquid >= LIQUID_MIN_DEPTH
    nums = fall_damage(height, c.characteristics.agility, liquid=in_liquid, use_agility=use_agility)
    cited = ["DS-FALL-01", "DS-FALL-05", "R-FALL-1"]
    if nums.agility:
        cited.append("DS-FALL-02")
    if not use_agility:
        cited.append("R-FALL-2")
    if in_liquid:
        cited += ["DS-FALL-03", "R-FALL-3"]
    start = c.pos
    target_pos = rest.pos
    onto = rest.onto
    if onto is not None:
        cited += ["DS-FALL-06", "DS-FALL-07", "R-FALL-4"]
        options = nearest_free(state, c, rest.pos)
        if not options:
            raise InvalidArgumentError(
                f"fall of {c.id!r} onto {onto!r}: no unoccupied space to land in", rule="DS-FALL-07"
            )
        if landing is None:
            target_pos = options[0]
        elif landing in options:
            target_pos = landing
        else:
            raise InvalidArgumentError(
                f"landing {tuple(landing)!r} for {c.id!r}: not one of the nearest unoccupied positions "
                f"{[tuple(p) for p in options]}",
                rule=("DS-FALL-07", "R-FALL-4"),
            )
    elif landing is not None and landing != rest.pos:
        raise InvalidArgumentError(
            f"landing {tuple(landing)!r} for {c.id!r}: it lands at {tuple(rest.pos)}, on no creature",
            rule="R-FALL-4",
        )
    prone = (always_prone or (nums.lands and not in_liquid)) and not c.dead
    cited.extend(rules)
    event = Fell(
        creature=c.id,
        start=start,
        landing=target_pos,
        height=height,
        agility=nums.agility,
        liquid=nums.liquid,
        effective=nums.effective,
        damage=nums.damage,
        prone=prone,
        onto=onto,
        rules=tuple(dict.fromkeys(cited)),
    )
    out = Outcome(state.with_creature(attrs.evolve(c, pos=target_pos, falling=0)), (event,))
    fall_rules = ("DS-FALL-01", "R-FORCE-8")
    if nums.damage and not c.dead:
        out = out.then(damage, c.id, nums.damage, source=onto, rules=fall_rules)
    if onto is not None and nums.damage:
        out = out.then(damage, onto, nums.damage, source=c.id, rules=("DS-FALL-06", "R-FALL-4", "R-FORCE-8"))
    if prone and not out.state.creature(c.id).dead:
        out = _make_prone(out, c.id, "DS-FALL-07" if onto else "DS-FALL-01")
    if onto is not None and nums.lands:
        below = out.state.creature(onto)
        if c.size.value > below.characteristics.might and not below.dead:
            out = _make_prone(out, onto, "DS-FALL-08")
    return out


def _make_prone(out: Outcome, cid: str, rule: str) -> Outcome:
    if out.state.creature(cid).has(ConditionName.PRONE):
        return out
    nxt = add_condition(out.state, cid, ConditionName.PRONE)
    events: list[Event] = [attrs.evolve(e, rules=(*e.rules, rule)) for e in nxt.events]
    return Outcome(nxt.state, out.events + tuple(events))


def nearest_free(state: Encounter, c: Creature, around: Pos) -> list[Pos]:
    """The unoccupied positions nearest ``around`` where ``c`` can come to rest (DS-FALL-07, R-FALL-4).

    Distance is the Chebyshev distance between lowest corners (R-GEO-1). Equally near positions
    come in a fixed order: highest first, then north to south (y), then west to east (x).
    """
    n = c.n
    ignore = _riders_and_self(state, c)
    best: list[tuple[int, int, int, int, Pos]] = []
    best_d: int | None = None
    limit = max(state.terrain.width, state.terrain.depth)
    for r in range(1, limit + 1):
        if best_d is not None and r > best_d:
            break
        for x, y in _ring(around.x, around.y, r):
            start = Pos(x, y, around.z)
            cand = _free_rest(state, start, n, ignore)
            if cand is None:
                continue
            d = cell_distance(around, cand)
            if best_d is None or d < best_d:
                best_d, best = d, []
            if d == best_d:
                best.append((d, -cand.z, cand.y, cand.x, cand))
    return [item[4] for item in sorted(best)]


def _free_rest(state: Encounter, start: Pos, n: int, ignore: set[str]) -> Pos | None:
    if not state.fits(start, n) or state.creatures_in(start, n, exclude=ignore):
        return None
    rest = resting_place(state, start, n, ignore=ignore)
    if rest.onto is not None or state.creatures_in(rest.pos, n, exclude=ignore):
        return None
    return rest.pos


def _ring(cx: int, cy: int, r: int) -> list[tuple[int, int]]:
    cells = []
    for y in range(cy - r, cy + r + 1):
        for x in range(cx - r, cx + r + 1):
            if max(abs(x - cx), abs(y - cy)) == r:
                cells.append((x, y))
    return cells


# --- riders and climbers ---------------------------------------------------------------------
def adjacent_landings(state: Encounter, rider: str) -> list[Pos]:
    """The unoccupied spaces adjacent to a rider's mount where it can land (DS-MTYPE-16, DS-MOUNT-09).

    In a fixed order: highest first, then north to south, then west to east.
    """
    c = state.creature(rider)
    if c.riding is None:
        raise InvalidArgumentError(f"{rider!r}: rides no creature", rule="DS-MTYPE-16")
    mount = state.creature(c.riding)
    n, m = c.n, mount.n
    top = mount.pos.z + m
    ignore = {c.id}
    out: list[tuple[int, int, int, Pos]] = []
    for y in range(mount.pos.y - n, mount.pos.y + m + 1):
        for x in range(mount.pos.x - n, mount.pos.x + m + 1):
            if _columns_overlap(Pos(x, y, 0), n, mount.pos, m):
                continue
            start = Pos(x, y, top)
            if not state.terrain.cube_in_bounds(start, n):
                start = Pos(x, y, mount.pos.z)
            cand = _free_rest(state, start, n, ignore)
            if cand is None or distance(cand, n, mount.pos, m) != 1:
                continue
            out.append((-cand.z, cand.y, cand.x, cand))
    return [item[3] for item in sorted(out)]


def _off_mount(
    state: Encounter,
    rider: str,
    *,
    landing: Iterable[int] | None,
    falls: bool,
    tier: int,
    use_agility: bool,
    rules: tuple[str, ...],
    nearest: bool = False,
) -> Outcome:
    c = state.creature(rider)
    if c.riding is None:
        raise InvalidArgumentError(f"{rider!r}: rides no creature", rule=rules[0])
    mount = state.creature(c.riding)
    options = adjacent_landings(state, rider)
    if nearest and not options:
        options = nearest_free(state, attrs.evolve(c, riding=None), mount.pos)
    if not options:
        raise InvalidArgumentError(
            f"{rider!r}: no unoccupied space next to {mount.id!r} to land in", rule=rules
        )
    if landing is None:
        where = options[0]
    else:
        where = as_pos(landing, what="landing")
        if where not in options:
            raise InvalidArgumentError(
                f"landing {tuple(where)!r} for {rider!r}: not an unoccupied space adjacent to {mount.id!r} "
                f"({[tuple(p) for p in options]})",
                rule=rules,
            )
    event = RiderKnockedOff(rider=rider, mount=mount.id, tier=tier, landing=where, falls=falls, rules=rules)
    out = Outcome(state.with_creature(attrs.evolve(c, riding=None, pos=where)), (event,))
    if not falls:
        return out
    height = max(0, mount.pos.z + mount.n - where.z)
    rest = Rest(
        where, None, _liquid_depth(out.state, where, c.n) if out.state.terrain.in_bounds(where) else 0
    )
    return out.then(
        lambda s: _land(
            s,
            s.creature(rider),
            height,
            rest,
            use_agility=use_agility,
            landing=None,
            rules=rules,
            always_prone=True,
        )
    )


def knock_off(
    state: Encounter,
    rider: str,
    tier: int,
    *,
    landing: Iterable[int] | None = None,
    use_agility: bool = True,
) -> Outcome:
    """Resolve the knock-off test of a rider by its tier (DS-MTYPE-16, R-MOUNT-3).

    Tier 1 (≤11): falls into an adjacent unoccupied space of its choice (``landing``), taking
    falling damage from the top of the mount and landing prone. Tier 2 (12–16): slides down
    into such a space, no damage, not prone. Tier 3 (17+): holds on.
    """
    _check_tier(tier, "DS-MTYPE-16")
    c = state.creature(rider)
    if c.riding is None:
        raise InvalidArgumentError(f"knock off {rider!r}: it rides no creature", rule="DS-MTYPE-16")
    if tier == 3:
        return Outcome(
            state,
            (
                RiderKnockedOff(
                    rider=rider, mount=c.riding, tier=3, landing=None, falls=False, rules=("DS-MTYPE-16",)
                ),
            ),
        )
    rules = ("DS-MTYPE-16",) if tier == 1 else ("DS-MTYPE-16", "R-MOUNT-3")
    return _off_mount(
        state, rider, landing=landing, falls=tier == 1, tier=tier, use_agility=use_agility, rules=rules
    )


def rider_force_moved(
    state: Encounter,
    rider: str,
    tier: int,
    *,
    landing: Iterable[int] | None = None,
    use_agility: bool = True,
) -> Outcome:
    """A force-moved rider is knocked off and lands by its test tier (DS-MOUNT-06, R-MOUNT-1).

    Tier 1: falls (damage, prone); tier 2: slides down (R-MOUNT-3); tier 3: lands in an adjacent
    unoccupied space of its choice, not prone and without damage (R-MOUNT-1).
    """
    _check_tier(tier, "DS-MOUNT-06")
    rules = {
        1: ("DS-MOUNT-06", "DS-MTYPE-16"),
        2: ("DS-MOUNT-06", "R-MOUNT-3"),
        3: ("DS-MOUNT-06", "R-MOUNT-1"),
    }
    return _off_mount(
        state, rider, landing=landing, falls=tier == 1, tier=tier, use_agility=use_agility, rules=rules[tier]
    )


def fall_off(
    state: Encounter, rider: str, *, landing: Iterable[int] | None = None, use_agility: bool = True
) -> Outcome:
    """A rider knocked prone falls into an adjacent space: damage as usual, prone (DS-MTYPE-17)."""
    return _off_mount(
        state, rider, landing=landing, falls=True, tier=1, use_agility=use_agility, rules=("DS-MTYPE-17",)
    )


def mount_died(state: Encounter, mount: str, *, landings: dict[str, Iterable[int]] | None = None) -> Outcome:
    """A dead mount falls prone; each rider falls off and lands prone nearby (DS-MOUNT-09).

    The mount's body drops to what is below it; each rider lands in the nearest unoccupied
    space of its choice (``landings`` by rider id), with the usual falling damage.
    """
    m = state.creature(mount)
    out = Outcome(state, (Note(text=f"{mount} falls prone: its riders fall off", rules=("DS-MOUNT-09",)),))
    riders = [c.id for c in state.creature_list() if c.riding == mount]
    if m.dead:
        rest = resting_place(state, m.pos, m.n, ignore={mount, *riders})
        if rest.pos != m.pos:
            out = out.add(state=out.state.with_creature(attrs.evolve(m, pos=rest.pos)))
    elif not m.has(ConditionName.PRONE):
        out = _make_prone(out, mount, "DS-MOUNT-09")
    chosen = landings or {}
    for rid in riders:
        out = out.then(
            lambda s, r=rid: _off_mount_after_death(s, r, m, chosen.get(r)),
        )
    return out


def _off_mount_after_death(
    state: Encounter, rider: str, mount: Creature, landing: Iterable[int] | None
) -> Outcome:
    c = state.creature(rider)
    free = attrs.evolve(c, riding=None)
    options = nearest_free(state, free, Pos(mount.pos.x, mount.pos.y, c.pos.z))
    if not options:
        raise InvalidArgumentError(f"{rider!r}: no unoccupied space to land in", rule="DS-MOUNT-09")
    where = options[0] if landing is None else as_pos(landing, what="landing")
    if where not in options:
        raise InvalidArgumentError(
            f"landing {tuple(where)!r} for {rider!r}: not one of the nearest unoccupied spaces "
            f"{[tuple(p) for p in options]}",
            rule="DS-MOUNT-09",
        )
    event = RiderKnockedOff(
        rider=rider, mount=mount.id, tier=1, landing=where, falls=True, rules=("DS-MOUNT-09",)
    )
    out = Outcome(state.with_creature(attrs.evolve(free, pos=where)), (event,))
    height = max(0, mount.pos.z + mount.n - where.z)
    rest = Rest(where, None, _liquid_depth(out.state, where, c.n))
    return out.then(
        lambda s: _land(
            s,
            s.creature(rider),
            height,
            rest,
            use_agility=True,
            landing=None,
            rules=("DS-MOUNT-09",),
            always_prone=True,
        )
    )


def _check_tier(tier: object, rule: str) -> None:
    if tier not in KNOCK_OFF_TIERS or isinstance(tier, bool):
        raise InvalidArgumentError(f"tier {tier!r}: a test tier is 1 (≤11), 2 (12–16) or 3 (17+)", rule=rule)
