"""Falling, falling onto creatures and falling far (DS-FALL-01..09).

Rulings: R-FALL-1 (effective height, the threshold of 2 for damage and prone), R-FALL-2 (the
Agility reduction may be declined), R-FALL-3 (no prone in liquid), R-FALL-4 (landing on a
creature), R-FALL-5 (falling far across rounds). Falling off a creature is in
:mod:`brawl.rules.riders`.

A fall is computed from the map's columns: the landing level is the highest of the terrain
support (walked level by level, at most the map's height), the tops of objects and the tops of
creatures below; nothing loops over the squares of a fall given as ``height=``.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from brawl.checks import whole_number
from brawl.conditions import ConditionName
from brawl.creature import Creature, MovementType
from brawl.errors import InvalidArgumentError
from brawl.events.base import Event, Note
from brawl.events.forced import FallingFar, Fell
from brawl.fields import flag, ident, ids, position, whole
from brawl.geometry import Pos, cell_distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import impose_condition, speed
from brawl.rules.damage import deal_damage
from brawl.state import Encounter

FALL_DAMAGE_PER_SQUARE = 2  # DS-FALL-01
FALL_DAMAGE_MAX = 50  # DS-FALL-01
FALL_MIN_HEIGHT = 2  # DS-FALL-01, on the effective height (R-FALL-1)
LIQUID_REDUCTION = 4  # DS-FALL-03
LIQUID_MIN_DEPTH = 1  # DS-FALL-03
FALL_PER_ROUND = 100  # DS-FALL-09, R-FALL-5
MAX_FALL_HEIGHT = 10**9
"""Largest ``height=`` accepted; larger requests are refused."""


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
    whole_number(agility, None, None, what="fall_damage(agility)", rule="DS-FALL-02")
    agi = max(0, agility) if use_agility else 0
    liq = LIQUID_REDUCTION if liquid else 0
    effective = max(0, height - agi - liq)
    lands = effective >= FALL_MIN_HEIGHT
    dmg = min(FALL_DAMAGE_MAX, FALL_DAMAGE_PER_SQUARE * effective) if lands else 0
    return FallNumbers(height, agi, liq, effective, dmg, lands)


def _check_height(height: object) -> None:
    whole_number(height, 0, MAX_FALL_HEIGHT, what="fall height in squares", rule="DS-FALL-01")


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
        if top <= start.z and top > object_top and columns_overlap(o.pos, o.size, start, n):
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
            return Rest(here, None, liquid_depth(state, here, n))
        if terrain.supports(here, n):
            return Rest(here, None, 0)
        z -= 1
    here = Pos(start.x, start.y, z)
    if _liquid_bottom(state, here, n):
        return Rest(here, onto, liquid_depth(state, here, n))
    return Rest(here, onto, 0)


def drop_height(start_z: int, rest: Rest) -> int:
    """Squares fallen from level ``start_z`` to ``rest`` (DS-FALL-01, DS-FALL-03).

    A creature that lands in liquid sinks into its top square; it falls as far as onto ground at
    the liquid's surface, so that square does not count.
    """
    sunk = 1 if rest.liquid >= LIQUID_MIN_DEPTH and rest.pos.z < start_z else 0
    return max(0, start_z - rest.pos.z - sunk)


def liquid_depth(state: Encounter, pos: Pos, n: int) -> int:
    return max(
        state.terrain.liquid_depth(Pos(x, y, pos.z))
        for y in range(pos.y, pos.y + n)
        for x in range(pos.x, pos.x + n)
    )


def columns_overlap(a: Pos, an: int, b: Pos, bn: int) -> bool:
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
    rest = resting_place(state, c.pos, c.n, ignore=riders_and_self(state, c))
    return rest.pos != c.pos


def riders_and_self(state: Encounter, c: Creature) -> set[str]:
    ids = {c.id}
    for cid in state.creatures_in(c.pos, c.n):
        if state.creatures[cid].riding == c.id:
            ids.add(cid)
    return ids


# --- falling ------------------------------------------------------------------------------------
def _landing(value: Iterable[int] | None) -> Pos | None:
    return None if value is None else position(value, "Fall.landing", "R-FALL-4")


def _rules(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "rules")


@attrs.frozen
class Fall(Action):
    """Make a creature fall from where it is to what is below it (DS-FALL-01..09).

    ``height`` overrides the squares fallen used for the deal_damage (a fall that starts off the
    map); the creature still comes to rest on what is below it. ``use_agility=False`` declines
    the Agility reduction (R-FALL-2). ``landing`` picks among the equally near unoccupied
    positions after landing on a creature (R-FALL-4). ``rules`` adds the rule IDs of the cause.
    A fall of more than 100 squares leaves the creature falling (R-FALL-5): see
    :func:`continue_fall`. Falling never provokes opportunity attacks (DS-FALL-05).
    """

    creature: str = attrs.field(validator=ident("DS-FALL-01"))
    """The creature that falls."""
    height: int | None = attrs.field(default=None, validator=whole("DS-FALL-01", optional=True))
    """The squares fallen, for the damage; None: the drop to what is below it."""
    use_agility: bool = attrs.field(default=True, validator=flag("R-FALL-2"))
    """Whether the creature uses its Agility to reduce the height (R-FALL-2)."""
    landing: Pos | None = attrs.field(default=None, converter=_landing)
    """Where it lands after falling onto a creature, among the nearest free spaces (R-FALL-4)."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause, cited by the event."""

    def verify(self, state: Encounter) -> None:
        """Raise the :class:`~brawl.errors.RulesError` for an unknown creature or a bad height
        (DS-FALL-01)."""
        state.creature(self.creature)
        if self.height is not None:
            _check_height(self.height)

    def resolve(self, state: Encounter) -> Outcome:
        """Fall."""
        return _fall(state, self)


def _fall(state: Encounter, request: Fall) -> Outcome:
    request.verify(state)
    c = state.creature(request.creature)
    rest = resting_place(state, c.pos, c.n, ignore=riders_and_self(state, c))
    drop = c.pos.z - rest.pos.z
    h = drop_height(c.pos.z, rest) if request.height is None else request.height
    if h == 0 and drop == 0:
        return Outcome(state, ())
    if h > FALL_PER_ROUND:
        return _fall_far_stretch(state, c, h, drop, request.rules, first=True)
    return land(
        state, c, h, rest, use_agility=request.use_agility, landing=request.landing, rules=request.rules
    )


def continue_fall(state: Encounter, creature: str) -> Outcome:
    """Fall 100 more squares at the end of a round, landing when the fall ends (DS-FALL-09, R-FALL-5).

    At the end of the round the fall started in, nothing more is fallen: the first 100 squares
    were that round's; the next 100 come at the end of each subsequent round.

    The turn systems call it at each end of round for every creature with ``falling > 0``;
    for any other creature it changes nothing.
    """
    c = state.creature(creature)
    if c.falling <= 0:
        return Outcome(state, ())
    if c.fall_started:
        # the round the fall started: its first 100 squares are already fallen (DS-FALL-09)
        note = Note(
            text=f"{c.id} started falling this round: it falls on at the end of the next round",
            rules=("DS-FALL-09", "R-FALL-5"),
        )
        return Outcome(state.with_creature(attrs.evolve(c, fall_started=False)), (note,))
    rest = resting_place(state, c.pos, c.n, ignore=riders_and_self(state, c))
    drop = c.pos.z - rest.pos.z
    return _fall_far_stretch(state, c, c.falling, drop, (), first=False)


def _fall_far_stretch(
    state: Encounter, c: Creature, to_fall: int, drop: int, rules: tuple[str, ...], *, first: bool
) -> Outcome:
    stretch = min(FALL_PER_ROUND, to_fall)
    after = to_fall - stretch
    cited = (*rules, "DS-FALL-09", "R-FALL-5")
    if after == 0:
        # the whole fall is more than 100 squares: count it as such for the deal_damage (capped at 50)
        rest = resting_place(state, c.pos, c.n, ignore=riders_and_self(state, c))
        height = stretch + (0 if first else FALL_PER_ROUND)
        landed = attrs.evolve(c, falling=0, fall_started=False)
        state = state.with_creature(landed)
        return land(state, landed, height, rest, use_agility=True, landing=None, rules=cited)
    down = max(0, drop - after)
    moved = attrs.evolve(c, pos=Pos(c.pos.x, c.pos.y, c.pos.z - down), falling=after, fall_started=first)
    event = FallingFar(creature=c.id, fallen=stretch, still_to_fall=after, rules=cited)
    return Outcome(state.with_creature(moved), (event,))


def land(
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
        if options[0].z > rest.pos.z:
            cited.append("R-FALL-6")
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
        damage=0 if c.dead else nums.damage,  # the dead take no damage
        prone=prone,
        onto=onto,
        rules=tuple(dict.fromkeys(cited)),
    )
    out = Outcome(
        state.with_creature(attrs.evolve(c, pos=target_pos, falling=0, fall_started=False)), (event,)
    )
    fall_rules = ("DS-FALL-01", "R-FORCE-8")
    if nums.damage and not c.dead:
        out = out.then(deal_damage, c.id, nums.damage, source=onto, rules=fall_rules)
    if onto is not None and nums.damage:
        out = out.then(
            deal_damage, onto, nums.damage, source=c.id, rules=("DS-FALL-06", "R-FALL-4", "R-FORCE-8")
        )
    if prone and not out.state.creature(c.id).dead:
        out = make_prone(out, c.id, "DS-FALL-07" if onto else "DS-FALL-01")
    if onto is not None and nums.lands:
        below = out.state.creature(onto)
        if c.size.value > below.characteristics.might and not below.dead:
            out = make_prone(out, onto, "DS-FALL-08")
    return out


def make_prone(out: Outcome, cid: str, rule: str) -> Outcome:
    if out.state.creature(cid).has(ConditionName.PRONE):
        return out
    nxt = impose_condition(out.state, cid, ConditionName.PRONE)
    events: list[Event] = [attrs.evolve(e, rules=(*e.rules, rule)) for e in nxt.events]
    return Outcome(nxt.state, out.events + tuple(events))


def nearest_free(state: Encounter, c: Creature, around: Pos) -> list[Pos]:
    """The unoccupied positions nearest ``around`` where ``c`` can come to rest (DS-FALL-07, R-FALL-4).

    Distance is the Chebyshev distance between lowest corners (R-GEO-1). Equally near positions
    come in a fixed order: highest first, then north to south (y), then west to east (x). Where
    no space at the creature's level is free (a shaft it fills), the levels above are searched in
    turn, nearest first (R-FALL-6).
    """
    n = c.n
    ignore = riders_and_self(state, c)
    limit = max(state.terrain.width, state.terrain.depth)
    for z in range(around.z, state.terrain.height):
        best: list[tuple[int, int, int, int, Pos]] = []
        best_d: int | None = None
        for r in range(1, limit + 1):
            if best_d is not None and r > best_d:
                break
            for x, y in _ring(around.x, around.y, r):
                cand = free_rest(state, Pos(x, y, z), n, ignore)
                if cand is None:
                    continue
                d = cell_distance(around, cand)
                if best_d is None or d < best_d:
                    best_d, best = d, []
                if d == best_d:
                    best.append((d, -cand.z, cand.y, cand.x, cand))
        if best:
            return [item[4] for item in sorted(best)]
    return []


def free_rest(state: Encounter, start: Pos, n: int, ignore: set[str]) -> Pos | None:
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
