"""Forced movement: push, pull and slide, stability, slams and hurling through objects.

Rules: DS-FORCE-01..21, DS-SLAM-01..13, DS-MOUNT-06, DS-MOUNT-07; RULES-BEYOND.md §1 grabbed
and restrained. Rulings: R-FORCE-1..8, R-GEO-2, R-GEO-3, R-GEO-4, R-MOVE-4, R-MOUNT-1.

One request is a :class:`ForcedMove` record; :func:`force_move` resolves it, :func:`push`,
:func:`pull` and :func:`slide` build it. The movement goes one square at a time, and each
step stops at the map's edge at the latest, so a push of 10**9 squares costs no more than a
push across the map. The events come in this order: :class:`~brawl.events.forced.ForceMoved`
(the whole path), then what happened on the way (damaging terrain, hurls, the slam), then the
fall at the end, grabs that end, riders carried, and last the death triggers (DS-FORCE-20).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import attrs

from brawl.conditions import ConditionName
from brawl.creature import Creature, MapObject, MovementType
from brawl.enums import ReprEnum
from brawl.errors import IllegalForcedMoveError, InvalidArgumentError, RulesError
from brawl.events.base import DiceRolled, Event
from brawl.events.damage import Damaged, Died, ObjectDestroyed
from brawl.events.forced import (
    CarriedRider,
    DeathTriggersDue,
    Fell,
    ForceMoved,
    HeldByGround,
    HurledThrough,
    Slammed,
    SlammedIntoObject,
)
from brawl.geometry import DOWN, UP, Pos, adjacent, as_direction, as_pos, corner_cells, cube, distance
from brawl.outcome import Outcome
from brawl.rules.conditions import add_condition, can_be_force_moved_by, remove_condition
from brawl.rules.damage import MAX_DAMAGE, damage
from brawl.rules.falling import fall, fall_damage, resting_place, rider_force_moved, should_fall
from brawl.state import Encounter
from brawl.terrain import AIR, Material

MAX_FORCED_DISTANCE = 10**9
"""Largest forced distance accepted; larger requests are refused."""
BIG_VS_LITTLE_BONUS = 1  # DS-FORCE-14, R-FORCE-2
SLOPE_MAX_RISE = 1  # DS-FORCE-13
SLAM_DAMAGE_PER_SQUARE = 1  # DS-SLAM-01, DS-SLAM-02
OBJECT_SLAM_BASE = 2  # DS-SLAM-06, R-FORCE-5
BURROW_DAMAGE_PER_SQUARE = 1  # DS-FORCE-21, R-FORCE-7
KNOCK_OFF_DICE = (2, 10)  # the knock-off test is a power roll: 2d10 + Might or Agility (DS-MTYPE-16)
TIER_2_MIN = 12  # DS-MTYPE-16: ≤11 / 12–16 / 17+
TIER_3_MIN = 17  # DS-MTYPE-16
STURDY_OBJECT_DAMAGE_PER_SQUARE: Mapping[Material, int] = {  # DS-SLAM-08
    Material.WOOD: 3,
    Material.STONE: 6,
    Material.METAL: 9,
}
"""Damage a sturdy object withstands per square it occupies (its Stamina, DS-OBJ-03); an object
of any other material is destroyed by any damage (DS-SLAM-08)."""

HURL: Mapping[Material, tuple[int, int, str]] = {
    Material.GLASS: (1, 3, "DS-SLAM-09"),
    Material.WOOD: (3, 5, "DS-SLAM-10"),
    Material.STONE: (6, 8, "DS-SLAM-11"),
    Material.METAL: (9, 11, "DS-SLAM-12"),
}
"""Per square of material: (cost in remaining squares, damage to the moved creature, rule)."""


class ForceKind(ReprEnum):
    """The three kinds of forced movement (DS-FORCE-01)."""

    PUSH = "push"
    PULL = "pull"
    SLIDE = "slide"


DeathTriggers = Callable[[Encounter, str], Outcome]
"""A hook resolving one creature's death or 0-Stamina triggers, called after the movement (DS-FORCE-20)."""


def _opt_tuple(value: Any) -> tuple[Any, ...] | None:
    if value is None:
        return None
    try:
        return tuple(value)
    except TypeError:
        raise InvalidArgumentError(f"{value!r}: not a sequence", rule="R-GEO-2") from None


@attrs.frozen(kw_only=True)
class ForcedMove:
    """One forced movement request, complete enough to be saved and replayed (DS-FORCE-01).

    ``distance`` is the printed X; ``squares`` the distance the mover declares (default: all of
    X plus big vs little, DS-FORCE-05); ``stability_used`` the target's reduction (default: all
    of its stability, R-FORCE-1).
    """

    kind: ForceKind | str
    """``"push"``, ``"pull"`` or ``"slide"``."""
    target: str
    """The creature or object moved."""
    distance: int
    """X, the printed distance."""
    source: str | tuple[int, ...] | None = None
    """What a push or pull is measured from: a creature or object id, or a position."""
    mover: str | None = None
    """The creature doing it (default: ``source`` when that is a creature)."""
    direction: tuple[int, ...] | None = attrs.field(default=None, converter=_opt_tuple)
    """Unit vector of a push or pull (default: straight away from / toward the source)."""
    path: tuple[Any, ...] | None = attrs.field(default=None, converter=_opt_tuple)
    """The positions a slide enters, in order (R-GEO-3)."""
    vertical: bool = False
    """A vertical forced move (DS-FORCE-10); always so against a flying creature (DS-FORCE-12)."""
    melee_weapon: bool = False
    """The ability is a melee weapon ability, for big vs little (DS-FORCE-14, R-FORCE-2)."""
    squares: int | None = None
    """The distance the mover chooses, at most X (+1); None: all of it (DS-FORCE-05)."""
    stability_used: int | None = None
    """Squares of its stability the target uses; None: all of it (DS-FORCE-16, R-FORCE-1)."""
    rider_tier: int | None = None
    """Tier of a force-moved rider's knock-off test; None: rolled from the state's RNG (DS-MOUNT-06)."""
    rider_landing: tuple[int, ...] | None = attrs.field(default=None, converter=_opt_tuple)
    """Where a knocked-off rider lands (an adjacent unoccupied space of its choice)."""
    use_agility: bool = True
    """Whether the target uses its Agility if it falls at the end (R-FALL-2)."""
    dead_target_slams: bool = True
    """A creature killed by the same effect still deals slam damage (DS-SLAM-04; Director's call)."""
    object_damage: bool = False
    """Optional rule: a mundane object moved into creatures or objects takes damage as if it were a
    creature (DS-SLAM-08; the Director's discretion, off by default)."""


# --- public entry points ---------------------------------------------------------------------------
def push(
    state: Encounter,
    source: str | Iterable[int],
    target: str,
    distance: int,
    *,
    direction: Iterable[int] | None = None,
    vertical: bool = False,
    melee_weapon: bool = False,
    squares: int | None = None,
    stability_used: int | None = None,
    mover: str | None = None,
    rider_tier: int | None = None,
    rider_landing: Iterable[int] | None = None,
    use_agility: bool = True,
    dead_target_slams: bool = True,
    object_damage: bool = False,
    death_triggers: DeathTriggers | None = None,
) -> Outcome:
    """Push ``target`` up to ``distance`` squares straight away from ``source`` (DS-FORCE-02, R-GEO-2)."""
    return _straight(
        ForceKind.PUSH, state, source, target, distance, direction=direction, vertical=vertical,
        melee_weapon=melee_weapon, squares=squares, stability_used=stability_used, mover=mover,
        rider_tier=rider_tier, rider_landing=rider_landing, use_agility=use_agility,
        dead_target_slams=dead_target_slams, object_damage=object_damage, death_triggers=death_triggers,
    )  # fmt: skip


def pull(
    state: Encounter,
    source: str | Iterable[int],
    target: str,
    distance: int,
    *,
    direction: Iterable[int] | None = None,
    vertical: bool = False,
    melee_weapon: bool = False,
    squares: int | None = None,
    stability_used: int | None = None,
    mover: str | None = None,
    rider_tier: int | None = None,
    rider_landing: Iterable[int] | None = None,
    use_agility: bool = True,
    dead_target_slams: bool = True,
    object_damage: bool = False,
    death_triggers: DeathTriggers | None = None,
) -> Outcome:
    """Pull ``target`` up to ``distance`` squares straight toward ``source`` (DS-FORCE-03, R-GEO-2)."""
    return _straight(
        ForceKind.PULL, state, source, target, distance, direction=direction, vertical=vertical,
        melee_weapon=melee_weapon, squares=squares, stability_used=stability_used, mover=mover,
        rider_tier=rider_tier, rider_landing=rider_landing, use_agility=use_agility,
        dead_target_slams=dead_target_slams, object_damage=object_damage, death_triggers=death_triggers,
    )  # fmt: skip


def _straight(
    kind: ForceKind,
    state: Encounter,
    source: str | Iterable[int],
    target: str,
    distance: int,
    *,
    death_triggers: DeathTriggers | None,
    **fields: Any,
) -> Outcome:
    """A push or a pull as a :class:`ForcedMove` request."""
    request = ForcedMove(kind=kind, target=target, distance=distance, source=_source_arg(source), **fields)
    return force_move(state, request, death_triggers=death_triggers)


def slide(
    state: Encounter,
    source: str | Iterable[int] | None,
    target: str,
    distance: int,
    *,
    path: Iterable[Iterable[int]],
    vertical: bool = False,
    melee_weapon: bool = False,
    squares: int | None = None,
    stability_used: int | None = None,
    mover: str | None = None,
    rider_tier: int | None = None,
    rider_landing: Iterable[int] | None = None,
    use_agility: bool = True,
    dead_target_slams: bool = True,
    object_damage: bool = False,
    death_triggers: DeathTriggers | None = None,
) -> Outcome:
    """Slide ``target`` along ``path``, up to ``distance`` squares (DS-FORCE-04, R-GEO-3)."""
    return force_move(
        state,
        ForcedMove(
            kind=ForceKind.SLIDE,
            target=target,
            distance=distance,
            source=None if source is None else _source_arg(source),
            mover=mover,
            path=path,
            vertical=vertical,
            melee_weapon=melee_weapon,
            squares=squares,
            stability_used=stability_used,
            rider_tier=rider_tier,
            rider_landing=rider_landing,
            use_agility=use_agility,
            dead_target_slams=dead_target_slams,
            object_damage=object_damage,
        ),
        death_triggers=death_triggers,
    )


def force_move_many(
    state: Encounter, moves: Iterable[ForcedMove], *, death_triggers: DeathTriggers | None = None
) -> Outcome:
    """Resolve several forced movements in the caller's order, each one completed first (DS-FORCE-09)."""
    out = Outcome(state, ())
    for move in moves:
        out = out.then(force_move, move, death_triggers=death_triggers)
    return out


def can_force_move(state: Encounter, move: ForcedMove) -> bool:
    """Whether :func:`force_move` accepts this request."""
    try:
        force_move(state, move)
    except RulesError:
        return False
    return True


def _source_arg(source: Any) -> str | tuple[int, ...]:
    if isinstance(source, str):
        return source
    return tuple(as_pos(source, what="source"))


# --- resolution ------------------------------------------------------------------------------------
@attrs.frozen
class _Ctx:
    """What stays fixed while one forced movement resolves."""

    move: ForcedMove
    kind: ForceKind
    target: str
    creature: Creature | None
    obj: MapObject | None
    n: int
    start: Pos
    source: tuple[Pos, int] | None
    source_label: str | None
    mover: str | None
    vertical: bool
    burrower: bool
    moving: frozenset[str]
    riders: tuple[str, ...]


def force_move(state: Encounter, move: ForcedMove, *, death_triggers: DeathTriggers | None = None) -> Outcome:
    """Resolve one forced movement (DS-FORCE-01..21, DS-SLAM-01..13, R-FORCE-1..8).

    ``death_triggers`` is called for each creature that is dead once the movement is over (the
    target killed by the same effect, or a creature killed on the way), after the movement and
    after the :class:`~brawl.events.forced.DeathTriggersDue` event (DS-FORCE-20).
    """
    if not isinstance(move, ForcedMove):
        raise InvalidArgumentError(f"forced move {move!r}: not a ForcedMove", rule="DS-FORCE-01")
    try:
        kind = ForceKind(move.kind)
    except ValueError:
        raise InvalidArgumentError(
            f"forced move kind {move.kind!r}: push, pull or slide", rule="DS-FORCE-01"
        ) from None
    rule_of_kind = {
        ForceKind.PUSH: "DS-FORCE-02",
        ForceKind.PULL: "DS-FORCE-03",
        ForceKind.SLIDE: "DS-FORCE-04",
    }[kind]
    for flag in ("vertical", "melee_weapon", "use_agility", "dead_target_slams", "object_damage"):
        if not isinstance(getattr(move, flag), bool):
            raise InvalidArgumentError(f"{flag} {getattr(move, flag)!r}: True or False", rule=rule_of_kind)
    X = move.distance
    if not _whole(X) or X > MAX_FORCED_DISTANCE:
        raise InvalidArgumentError(
            f"{kind.value} {X!r} squares: a whole number from 0 to {MAX_FORCED_DISTANCE}", rule=rule_of_kind
        )
    ctx = _context(state, move, kind, rule_of_kind)
    # R-FORCE-1: d ≤ X (+1), s ≤ stability, D = max(0, d − s)
    bonus = 0
    mover_c = state.creatures.get(ctx.mover) if ctx.mover is not None else None
    if (
        move.melee_weapon
        and mover_c is not None
        and ctx.creature is not None
        and mover_c.size > ctx.creature.size
    ):
        bonus = BIG_VS_LITTLE_BONUS
    most = X + bonus
    path: list[Pos] | None = None
    if kind is ForceKind.SLIDE:
        path = _slide_path(ctx, move, rule_of_kind)
    if move.squares is None:
        chosen = most if path is None else min(most, len(path))
    else:
        chosen = move.squares
        if not _whole(chosen) or chosen > most:
            raise InvalidArgumentError(
                f"{kind.value} {move.target!r} {chosen!r} squares: the mover may choose 0 to {most}",
                rule=("DS-FORCE-05", "R-FORCE-1"),
            )
    if path is not None and len(path) > most:
        raise InvalidArgumentError(
            f"slide {move.target!r}: a path of {len(path)} squares is longer than {most}", rule="DS-FORCE-04"
        )
    stability = ctx.creature.stability if ctx.creature is not None and not ctx.creature.dead else 0
    if move.stability_used is None:
        used = min(stability, chosen)
    else:
        used = move.stability_used
        if not _whole(used) or used > stability:
            raise InvalidArgumentError(
                f"stability used {used!r} by {move.target!r}: 0 to its stability {stability}",
                rule=("DS-FORCE-16", "R-FORCE-1"),
            )
    effective = max(0, chosen - used)
    steps = _steps(state, ctx, move, kind, effective, path, rule_of_kind)
    cited = [
        "DS-FORCE-01",
        rule_of_kind,
        "DS-FORCE-06",
        "DS-FORCE-07",
        "DS-FORCE-19",
        "R-FORCE-1",
        "R-MOVE-4",
    ]
    if kind is not ForceKind.SLIDE:
        cited.append("R-GEO-2")
    else:
        cited.append("R-GEO-3")
    if ctx.vertical:
        cited.append("DS-FORCE-10")
        if not move.vertical:
            cited.append("DS-FORCE-12")
    if bonus:
        cited += ["DS-FORCE-14", "R-FORCE-2"]
    if used:
        cited += ["DS-FORCE-16"]
    if chosen < most:
        cited.append("DS-FORCE-05")
    header = ForceMoved(
        target=ctx.target,
        kind=kind.value,
        source=ctx.source_label,
        mover=ctx.mover,
        distance=X,
        bonus=bonus,
        chosen=chosen,
        stability_used=used,
        effective=effective,
        vertical=ctx.vertical,
        start=ctx.start,
        rules=tuple(dict.fromkeys(cited)),
    )
    dead_before = ctx.creature is not None and ctx.creature.dead

    # a rider is knocked off instead (DS-MOUNT-06, R-MOUNT-1)
    if ctx.creature is not None and ctx.creature.riding is not None and effective > 0 and not dead_before:
        return _rider(state, ctx, move, header, cited, death_triggers)
    # a burrower beneath the ground takes 1 per square instead (DS-FORCE-21, R-FORCE-7)
    if ctx.burrower and not ctx.vertical and effective > 0 and _beneath_ground(state, ctx.creature):
        event = attrs.evolve(
            header, moved=0, remaining=effective, stopped="beneath the ground", rules=tuple(cited)
        )
        dmg = BURROW_DAMAGE_PER_SQUARE * effective
        out = Outcome(
            state,
            (
                event,
                HeldByGround(
                    target=ctx.target, squares=effective, damage=dmg, rules=("DS-FORCE-21", "R-FORCE-7")
                ),
            ),
        )
        out = out.then(_damage, ctx.target, dmg, ctx.mover, ("DS-FORCE-21", "R-FORCE-7", "R-FORCE-8"))
        return _finish(out, ctx, dead_before, death_triggers)

    walk = _Walk(state, ctx, move, effective)
    walk.run(steps)
    event = attrs.evolve(
        header,
        moved=walk.moved,
        remaining=effective - walk.spent,
        path=tuple(walk.path),
        stopped=walk.stopped,
        rules=tuple(dict.fromkeys(cited)),
    )
    out = Outcome(walk.state, (event, *walk.events))
    out = _after(out, ctx, move, walk)
    return _finish(out, ctx, dead_before, death_triggers)


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _context(state: Encounter, move: ForcedMove, kind: ForceKind, rule: str) -> _Ctx:
    tid = move.target
    creature: Creature | None = None
    obj: MapObject | None = None
    if isinstance(tid, str) and tid in state.objects:
        obj = state.objects[tid]
        n, start = obj.size, obj.pos
    else:
        creature = state.creature(tid)
        n, start = creature.n, creature.pos
    source: tuple[Pos, int] | None = None
    label: str | None = None
    src = move.source
    if isinstance(src, str):
        if src in state.objects:
            o = state.objects[src]
            source, label = (o.pos, o.size), src
        else:
            c = state.creature(src)
            source, label = (c.pos, c.n), src
    elif src is not None:
        p = as_pos(src, what="source")
        source, label = (p, 1), str(tuple(p))
    if kind is not ForceKind.SLIDE and source is None:
        raise InvalidArgumentError(f"{kind.value} {tid!r}: a push or pull needs a source", rule=rule)
    if isinstance(src, str) and src == tid:
        raise InvalidArgumentError(f"{kind.value} {tid!r}: the source is the target itself", rule=rule)
    mover = move.mover
    if mover is not None:
        state.creature(mover)
    elif isinstance(src, str) and src in state.creatures:
        mover = src
    if creature is not None:
        if creature.has(ConditionName.RESTRAINED):
            raise IllegalForcedMoveError(
                f"{kind.value} {tid!r}: a restrained creature cannot be force moved", rule="RB1-RESTRAINED"
            )
        if not can_be_force_moved_by(state, tid, mover):
            grabbers = [g.source for g in creature.conditions_named(ConditionName.GRABBED)]
            raise IllegalForcedMoveError(
                f"{kind.value} {tid!r} by {mover!r}: it is grabbed by {', '.join(map(str, grabbers))}, "
                "only its grabber can force move it",
                rule="RB1-GRABBED",
            )
    vertical = move.vertical or (creature is not None and _is_flying(state, creature))
    burrower = creature is not None and creature.has_movement(MovementType.BURROW) and not creature.dead
    riders: tuple[str, ...] = ()
    if creature is not None and not creature.dead:
        riders = tuple(
            cid for cid in state.creatures_in(creature.pos, creature.n) if state.creatures[cid].riding == tid
        )
    return _Ctx(
        move=move,
        kind=kind,
        target=tid,
        creature=creature,
        obj=obj,
        n=n,
        start=start,
        source=source,
        source_label=label,
        mover=mover,
        vertical=vertical,
        burrower=burrower,
        moving=frozenset({tid, *riders}),
        riders=riders,
    )


def _is_flying(state: Encounter, c: Creature) -> bool:
    """Flying: able to fly or hover and in midair, not in liquid (DS-FORCE-12)."""
    if c.dead or not (c.has_movement(MovementType.FLY) or c.has_movement(MovementType.HOVER)):
        return False
    if state.terrain.is_liquid(c.pos, c.n):
        return False
    return not state.is_supported(c.pos, c.n) and resting_place(state, c.pos, c.n, ignore={c.id}).pos != c.pos


def _beneath_ground(state: Encounter, c: Creature | None) -> bool:
    """Completely beneath the ground: every cell just above the top of its space is solid (DS-FORCE-21)."""
    if c is None:
        return False
    top = c.pos.z + c.n
    return all(
        state.terrain.is_solid(Pos(x, y, top))
        for y in range(c.pos.y, c.pos.y + c.n)
        for x in range(c.pos.x, c.pos.x + c.n)
    )


def _slide_path(ctx: _Ctx, move: ForcedMove, rule: str) -> list[Pos]:
    if move.path is None:
        raise InvalidArgumentError(f"slide {ctx.target!r}: a slide needs a path", rule="DS-FORCE-04")
    out: list[Pos] = []
    seen = {_key(ctx.start, ctx.vertical)}
    prev = ctx.start
    for raw in move.path:
        p = as_pos(raw, what="slide square")
        if not ctx.vertical:
            p = Pos(p.x, p.y, prev.z)
        step = p - prev
        if max(abs(step.x), abs(step.y), abs(step.z)) != 1:
            raise IllegalForcedMoveError(
                f"slide {ctx.target!r}: {tuple(p)} is not one square from {tuple(prev)}",
                rule=("DS-FORCE-04", "R-GEO-3"),
            )
        key = _key(p, ctx.vertical)
        if key in seen:
            raise IllegalForcedMoveError(
                f"slide {ctx.target!r}: the path enters {tuple(p)} twice", rule=("DS-FORCE-04", "R-GEO-3")
            )
        seen.add(key)
        out.append(p)
        prev = p
    return out


def _key(p: Pos, vertical: bool) -> tuple[int, ...]:
    return (p.x, p.y, p.z) if vertical else (p.x, p.y)


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _away(a: Pos, an: int, b: Pos, bn: int, axis: int) -> int:
    """+1 if space a lies wholly on the positive side of b on this axis, -1 if negative, else 0."""
    if a[axis] >= b[axis] + bn:
        return 1
    if a[axis] + an <= b[axis]:
        return -1
    return 0


def _steps(
    state: Encounter,
    ctx: _Ctx,
    move: ForcedMove,
    kind: ForceKind,
    effective: int,
    path: list[Pos] | None,
    rule: str,
) -> Iterator[Pos]:
    if path is not None:
        prev = ctx.start
        steps = []
        for p in path[:effective]:
            steps.append(p - prev)
            prev = p
        return iter(steps)
    assert ctx.source is not None
    spos, sn = ctx.source
    if move.direction is not None:
        d = as_direction(move.direction, vertical=ctx.vertical)
    else:
        axes = 3 if ctx.vertical else 2
        comps = [_away(ctx.start, ctx.n, spos, sn, i) if i < axes else 0 for i in range(3)]
        if kind is ForceKind.PULL:
            comps = [-c for c in comps]
        if comps == [0, 0, 0]:
            raise InvalidArgumentError(
                f"{kind.value} {ctx.target!r}: it shares the source's space, give a direction", rule="R-GEO-2"
            )
        d = Pos(*comps)
    if effective > 0:
        before = distance(ctx.start, ctx.n, spos, sn)
        after = distance(ctx.start + d, ctx.n, spos, sn)
        if (kind is ForceKind.PUSH and after <= before) or (kind is ForceKind.PULL and after >= before):
            word = "farther from" if kind is ForceKind.PUSH else "closer to"
            raise IllegalForcedMoveError(
                f"{kind.value} {ctx.target!r} along {tuple(d)}: the first square is not {word} "
                f"{ctx.source_label} ({before} → {after})",
                rule=(rule, "R-GEO-2"),
            )
    return (d for _ in range(effective))


class _Walk:
    """The square-by-square resolution of one forced movement (mutable, private to one call)."""

    def __init__(self, state: Encounter, ctx: _Ctx, move: ForcedMove, effective: int) -> None:
        self.state = state
        self.ctx = ctx
        self.move = move
        self.effective = effective
        self.cur = ctx.start
        self.last_clear = ctx.start
        self.spent = 0
        self.moved = 0
        self.descended = 0
        self.path: list[Pos] = []
        self.events: list[Event] = []
        self.stopped = ""
        self.down_collision = False

    @property
    def remaining(self) -> int:
        return self.effective - self.spent

    # state changes ------------------------------------------------------------------------------
    def _place(self, pos: Pos) -> None:
        ctx = self.ctx
        if ctx.obj is not None:
            if ctx.target in self.state.objects:  # a moved object may be destroyed (DS-SLAM-08)
                self.state = self.state.with_object(attrs.evolve(self.state.object(ctx.target), pos=pos))
        elif self.state.creature(ctx.target).pos != pos:
            self.state = self.state.update_creature(ctx.target, pos=pos)

    def _apply(self, out: Outcome) -> None:
        self.state = out.state
        self.events.extend(out.events)

    def _alive_target(self) -> bool:
        return self.ctx.creature is not None and not self.state.creature(self.ctx.target).dead

    # the walk ----------------------------------------------------------------------------------
    def run(self, steps: Iterator[Pos]) -> None:
        for step in steps:
            if self.remaining <= 0:
                break
            if not self._step(step):
                break
        if self.last_clear != self.cur:
            self.cur = self.last_clear
        self._place(self.cur)

    def _step(self, v: Pos) -> bool:
        ctx = self.ctx
        st = self.state
        cur = self.cur
        cand = cur + v
        corner_base, corner_step = cur, v
        if not ctx.vertical and self.cur == self.last_clear and st.is_supported(cur, ctx.n):
            # follow the slope of the ground, at most 1 up or down per square (DS-FORCE-13)
            if _slope_terrain(st, cand, ctx.n):
                up = cand + UP
                if st.terrain.cube_in_bounds(up, ctx.n) and st.fits(up, ctx.n) and st.fits(cur + UP, ctx.n):
                    cand, corner_base, corner_step = up, cur + UP, v
            elif st.fits(cand, ctx.n) and not st.is_supported(cand, ctx.n):
                down = cand + DOWN
                if st.fits(down, ctx.n) and st.is_supported(down, ctx.n):
                    cand = down
        # push: farther; pull: closer, after every square (R-GEO-2)
        if ctx.source is not None and ctx.kind is not ForceKind.SLIDE:
            spos, sn = ctx.source
            before = distance(cur, ctx.n, spos, sn)
            after = distance(cand, ctx.n, spos, sn)
            if (ctx.kind is ForceKind.PUSH and after <= before) or (
                ctx.kind is ForceKind.PULL and after >= before
            ):
                word = "farther from" if ctx.kind is ForceKind.PUSH else "closer to"
                self.stopped = f"the next square is not {word} {ctx.source_label}"
                return False
        # any creature in the way stops it: a slam (R-FORCE-3, DS-SLAM-01)
        hit = st.creatures_in(cand, ctx.n, exclude=ctx.moving)
        if hit:
            self._slam_creatures(hit)
            return False
        cells = self._obstacles(cand, corner_base, corner_step)
        if cells:
            return self._hit_obstacles(cells, cand, v)
        self._enter(cand, v)
        return True

    def _obstacles(
        self, cand: Pos, corner_base: Pos, corner_step: Pos
    ) -> list[tuple[Pos, Material, str | None]]:
        """Solid terrain cells and object cells in the way, corners included (R-GEO-4)."""
        ctx = self.ctx
        st = self.state
        found: list[tuple[Pos, Material, str | None]] = []
        if not st.terrain.cube_in_bounds(cand, ctx.n):
            return [(cand, Material.UNBREAKABLE, None)]
        cells: list[Pos] = []
        full = (1 << ctx.n) - 1
        for z in range(cand.z, cand.z + ctx.n):
            for y in range(cand.y, cand.y + ctx.n):
                bits = (st.terrain.row_masks(z, y)[0] >> cand.x) & full
                x = cand.x
                while bits:
                    if bits & 1:
                        cells.append(Pos(x, y, z))
                    bits >>= 1
                    x += 1
        if st.objects:
            cells.extend(
                p for p in cube(cand, ctx.n) if st.object_at(p) is not None and st.object_at(p) != ctx.target
            )
        cells.extend(
            p
            for p in sorted(corner_cells(corner_base, ctx.n, corner_step))
            if st.is_blocked(p) and st.object_at(p) != ctx.target
        )
        for p in dict.fromkeys(cells):
            oid = st.object_at(p)
            if oid is not None:
                found.append((p, st.objects[oid].material, oid))
            else:
                cell = st.terrain.cell(p)
                if ctx.burrower and ctx.vertical and cell.material is Material.DIRT:
                    continue  # a burrower is moved through dirt as if through air (DS-FORCE-21)
                found.append((p, cell.material, None))
        return found

    def _enter(self, cand: Pos, v: Pos) -> None:
        ctx = self.ctx
        prev = self.cur
        self.cur = cand
        self.spent += 1
        self.moved += 1
        self.path.append(cand)
        if ctx.vertical and cand.z < prev.z:
            self.descended += prev.z - cand.z
        if ctx.obj is not None or self.state.fits(cand, ctx.n):
            self.last_clear = cand
        else:
            return
        # damaging terrain entered has its effect (DS-FORCE-08, DS-MOVE-13)
        if self._alive_target() and self.state.terrain.is_damaging(cand, ctx.n):
            old = set(cube(prev, ctx.n))
            worst = None
            for p in cube(cand, ctx.n):
                if p in old:
                    continue
                c = self.state.terrain.cell(p)
                if c.damaging and (worst is None or c.damaging > worst.damaging):
                    worst = c
            if worst is not None:
                self._place(cand)
                self._apply(
                    damage(
                        self.state,
                        ctx.target,
                        worst.damaging,
                        worst.damage_type,
                        rules=("DS-FORCE-08", "DS-MOVE-13"),
                    )
                )

    # collisions ---------------------------------------------------------------------------------
    def _slam_creatures(self, hit: tuple[str, ...]) -> None:
        ctx = self.ctx
        r = self.remaining
        self.stopped = f"slammed into {', '.join(hit)}"
        self._place(self.cur)
        target_now = self.state.creature(ctx.target) if ctx.creature is not None else None
        dead = target_now is not None and target_now.dead
        rules = ["DS-SLAM-01", "R-FORCE-3", "R-FORCE-8"]
        if ctx.obj is not None:
            rules = ["DS-SLAM-02", "R-FORCE-3", "R-FORCE-8"]
        target_hits = 0
        if target_now is not None and not dead:
            smaller = [h for h in hit if self.state.creatures[h].size < target_now.size]
            target_hits = (1 if smaller else 0) + (len(hit) - len(smaller))
            if len(smaller) > 1:
                rules.append("DS-SLAM-03")
        elif self._object_takes_damage():
            # as if it were a creature (DS-SLAM-08); sizes compared as numbers (R-SIZE-2, DS-SIZE-06)
            n = self.state.objects[ctx.target].size
            smaller = [h for h in hit if self.state.creatures[h].size.squares < n]
            target_hits = (1 if smaller else 0) + (len(hit) - len(smaller))
            rules.append("DS-SLAM-08")
            if len(smaller) > 1:
                rules.append("DS-SLAM-03")
        if ctx.mover is not None and ctx.mover in hit:
            rules.append("DS-SLAM-05")
        if dead:
            rules.append("DS-SLAM-04")
        others_take = not dead or self.move.dead_target_slams
        dmg = _cap(SLAM_DAMAGE_PER_SQUARE * r)
        self.events.append(
            Slammed(
                target=ctx.target,
                into=hit,
                remaining=r,
                target_damage=dmg * target_hits,
                rules=tuple(rules),
            )
        )
        cite = tuple(rules)
        for _ in range(target_hits):
            if self._alive_target():
                self._apply(damage(self.state, ctx.target, dmg, source=ctx.mover, rules=cite))
            elif ctx.obj is not None:
                self._damage_object(dmg, cite)
        if others_take:
            for h in hit:
                if not self.state.creature(h).dead:
                    self._apply(damage(self.state, h, dmg, source=ctx.target, rules=cite))

    def _hit_obstacles(self, cells: list[tuple[Pos, Material, str | None]], cand: Pos, v: Pos) -> bool:
        ctx = self.ctx
        r = self.remaining
        label = _label(cells)
        breakable = ctx.creature is not None and all(
            m in HURL and (oid is None or self.state.objects[oid].mundane) for _, m, oid in cells
        )
        cost = sum(HURL[m][0] for _, m, _ in cells) if breakable else 0
        if breakable and r >= cost:
            # hurled through: destroy, take the damage, move into the freed square (R-FORCE-4, DS-SLAM-13)
            hurl_damage = sum(HURL[m][1] for _, m, _ in cells)
            materials = sorted({m for _, m, _ in cells}, key=lambda m: HURL[m][0])
            rules = (*dict.fromkeys(HURL[m][2] for m in materials), "DS-SLAM-13", "R-FORCE-4")
            self.events.append(
                HurledThrough(
                    target=ctx.target,
                    obstacle=label,
                    material="/".join(m.value for m in materials),
                    squares=len(cells),
                    cost=cost,
                    damage=hurl_damage,
                    remaining_before=r,
                    remaining_after=r - cost,
                    rules=rules,
                )
            )
            terrain_cells = {p: AIR for p, _, oid in cells if oid is None}
            if terrain_cells:
                self.state = self.state.with_terrain(self.state.terrain.with_cells(terrain_cells))
            for oid in dict.fromkeys(oid for _, _, oid in cells if oid is not None):
                self.state = self.state.without_object(oid)
                self.events.append(ObjectDestroyed(object=oid, rules=("DS-SLAM-13", "R-FORCE-4")))
            self._place(self.cur)
            if self._alive_target():
                self._apply(
                    damage(self.state, ctx.target, hurl_damage, source=ctx.mover, rules=(*rules, "R-FORCE-8"))
                )
            self._enter(cand, v)
            self.spent += cost - 1
            return self.remaining > 0
        # not broken: a slam into the object (DS-SLAM-06, R-FORCE-5)
        self.stopped = f"stopped by {label}"
        self._place(self.cur)
        big_enough = (
            any(oid is None for _, _, oid in cells)
            or max(self.state.objects[oid].size for _, _, oid in cells if oid is not None) >= ctx.n
        )
        if ctx.creature is None:
            if self._object_takes_damage():
                # as if it were a creature: 2 + remaining against an object at least its size (DS-SLAM-08)
                dmg = _cap(OBJECT_SLAM_BASE + r) if big_enough else 0
                rules = ("DS-SLAM-08", "DS-SLAM-06", "R-FORCE-5", "R-FORCE-8")
                self.events.append(
                    SlammedIntoObject(target=ctx.target, obstacle=label, remaining=r, damage=dmg, rules=rules)
                )
                self._damage_object(dmg, rules)
            return False
        downward = ctx.vertical and v.z < 0
        if downward:
            self.down_collision = True
            self.ground_fall()
        dmg = _cap(OBJECT_SLAM_BASE + r) if big_enough else 0
        rules = ("DS-SLAM-06", "R-FORCE-5", "R-FORCE-8") + (("R-FORCE-6",) if downward else ())
        self.events.append(
            SlammedIntoObject(target=ctx.target, obstacle=label, remaining=r, damage=dmg, rules=rules)
        )
        if dmg and self._alive_target():
            self._apply(damage(self.state, ctx.target, dmg, source=ctx.mover, rules=rules))
        return False

    def _object_takes_damage(self) -> bool:
        """Whether the moved object takes slam damage: the option is on and it is mundane (DS-SLAM-08)."""
        ctx = self.ctx
        return (
            self.move.object_damage
            and ctx.obj is not None
            and ctx.target in self.state.objects
            and self.state.objects[ctx.target].mundane
        )

    def _damage_object(self, amount: int, rules: tuple[str, ...]) -> None:
        """The moved object takes damage; a fragile one is destroyed by any damage (DS-SLAM-08)."""
        oid = self.ctx.target
        if amount <= 0 or oid not in self.state.objects:
            return
        sturdy = self.state.objects[oid].material in STURDY_OBJECT_DAMAGE_PER_SQUARE
        out = damage(self.state, oid, amount, source=self.ctx.mover, rules=rules)
        self._apply(out)
        taken = sum(e.after_immunity for e in out.events if isinstance(e, Damaged))
        if not sturdy and taken > 0 and oid in self.state.objects:
            self.state = self.state.without_object(oid)
            self.events.append(ObjectDestroyed(object=oid, rules=("DS-SLAM-08",)))

    def ground_fall(self) -> None:
        """Falling damage for the squares moved down, Agility 0 (DS-SLAM-07, DS-FALL-04, R-FORCE-6)."""
        ctx = self.ctx
        if ctx.creature is None or self.descended <= 0:
            return
        nums = fall_damage(self.descended, 0, use_agility=False)
        rules = ("DS-SLAM-07", "DS-FALL-04", "DS-FALL-01", "R-FORCE-6", "R-FALL-1")
        self.events.append(
            Fell(
                creature=ctx.target,
                start=ctx.start,
                landing=self.cur,
                height=self.descended,
                effective=nums.effective,
                damage=nums.damage,
                prone=nums.lands and self._alive_target(),
                rules=rules,
            )
        )
        if nums.damage and self._alive_target():
            self._apply(damage(self.state, ctx.target, nums.damage, rules=(*rules, "R-FORCE-8")))
        if (
            nums.lands
            and self._alive_target()
            and not self.state.creature(ctx.target).has(ConditionName.PRONE)
        ):
            self._apply(add_condition(self.state, ctx.target, ConditionName.PRONE))


SLOPE_MATERIALS = frozenset({Material.DIRT, Material.STONE})
"""Terrain that forms hills and stairs (DS-FORCE-13); walls of glass, wood, metal or unbreakable never do."""


def _slope_terrain(st: Encounter, cand: Pos, n: int) -> bool:
    """Whether ``cand`` is blocked only by ground-like terrain, a step to follow up (DS-FORCE-13)."""
    if not st.terrain.cube_in_bounds(cand, n) or st.terrain.is_clear(cand, n) or st.objects_in(cand, n):
        return False
    ground = {*SLOPE_MATERIALS, st.terrain.ground}
    return all(st.terrain.cell(p).material in ground for p in cube(cand, n) if st.terrain.is_solid(p))


def _cap(amount: int) -> int:
    return min(amount, MAX_DAMAGE)


def _label(cells: list[tuple[Pos, Material, str | None]]) -> str:
    parts: dict[str, None] = {}
    for p, m, oid in cells:
        parts[oid if oid is not None else f"{m.value} at {tuple(p)}"] = None
    return ", ".join(parts)


def _damage(
    state: Encounter, target: str, amount: int, source: str | None, rules: tuple[str, ...]
) -> Outcome:
    if state.creature(target).dead or amount <= 0:
        return Outcome(state, ())
    return damage(state, target, _cap(amount), source=source, rules=rules)


def _after(out: Outcome, ctx: _Ctx, move: ForcedMove, walk: _Walk) -> Outcome:
    """The end of the movement: falls, the ground, grabs, riders (DS-FORCE-11, -15, DS-MOUNT-07)."""
    c = ctx.creature
    if c is not None and not out.state.creature(ctx.target).dead:
        now = out.state.creature(ctx.target)
        if should_fall(out.state, ctx.target):
            rest = resting_place(out.state, now.pos, now.n, ignore={ctx.target, *ctx.riders})
            height = now.pos.z - rest.pos.z + (walk.descended if ctx.vertical else 0)
            why: tuple[str, ...] = ("DS-FORCE-11",) if ctx.vertical else ("DS-FORCE-15",)
            if ctx.vertical and walk.descended:
                why += ("DS-FALL-04",)
            out = out.then(fall, ctx.target, height=height, use_agility=move.use_agility, rules=why)
    if c is None and ctx.target not in out.state.objects:
        return out  # the moved object was destroyed (DS-SLAM-08)
    final = out.state.creature(ctx.target).pos if c is not None else out.state.object(ctx.target).pos
    if c is not None and final != ctx.start:
        out = _end_grabs(out, ctx)
    if ctx.riders and final != ctx.start:
        delta = final - ctx.start
        for rid in ctx.riders:
            r = out.state.creature(rid)
            to = r.pos + delta
            out = out.add(
                CarriedRider(rider=rid, mount=ctx.target, to=to, rules=("DS-MOUNT-07",)),
                state=out.state.update_creature(rid, pos=to),
            )
    return out


def _end_grabs(out: Outcome, ctx: _Ctx) -> Outcome:
    """A grab ends when either creature is force moved out of adjacency (RULES-BEYOND.md §1 grabbed)."""
    st = out.state
    me = st.creature(ctx.target)
    for g in me.conditions_named(ConditionName.GRABBED):
        other = st.creatures.get(g.source) if g.source is not None else None
        if other is None or not adjacent(me.pos, me.n, other.pos, other.n):
            out = out.then(
                remove_condition,
                ctx.target,
                ConditionName.GRABBED,
                source=g.source,
                reason="forced apart",
                rules=("RB1-GRABBED",),
            )
    around = Pos(ctx.start.x - 1, ctx.start.y - 1, ctx.start.z - 1)
    for cid in out.state.creatures_in(around, ctx.n + 2, exclude={ctx.target}):
        other = out.state.creatures[cid]
        if any(g.source == ctx.target for g in other.conditions_named(ConditionName.GRABBED)):
            me = out.state.creature(ctx.target)
            if not adjacent(me.pos, me.n, other.pos, other.n):
                out = out.then(
                    remove_condition,
                    cid,
                    ConditionName.GRABBED,
                    source=ctx.target,
                    reason="forced apart",
                    rules=("RB1-GRABBED",),
                )
    return out


def _rider(
    state: Encounter,
    ctx: _Ctx,
    move: ForcedMove,
    header: ForceMoved,
    cited: list[str],
    death_triggers: DeathTriggers | None,
) -> Outcome:
    c = ctx.creature
    assert c is not None
    events: list[Event] = [
        attrs.evolve(
            header,
            moved=0,
            remaining=header.effective,
            stopped="knocked off its mount",
            rules=(*dict.fromkeys(cited), "DS-MOUNT-06"),
        )
    ]
    tier = move.rider_tier
    if tier is None:
        values, state = state.roll(*reversed(KNOCK_OFF_DICE))
        bonus = max(c.characteristics.might, c.characteristics.agility)
        total = sum(values) + bonus
        tier = 1 if total < TIER_2_MIN else 2 if total < TIER_3_MIN else 3
        events.append(
            DiceRolled(
                purpose=f"knock-off test, + {bonus} (Might or Agility) = {total}, tier {tier}",
                dice="2d10",
                values=values,
                creature=c.id,
                rules=("DS-MOUNT-06", "DS-MTYPE-16"),
            )
        )
    out = Outcome(state, tuple(events))
    out = out.then(rider_force_moved, c.id, tier, landing=move.rider_landing, use_agility=move.use_agility)
    if out.state.creature(c.id).pos != ctx.start:
        out = _end_grabs(out, ctx)
    return _finish(out, ctx, False, death_triggers)


def _finish(out: Outcome, ctx: _Ctx, dead_before: bool, death_triggers: DeathTriggers | None) -> Outcome:
    """Death triggers resolve after the forced movement (DS-FORCE-20)."""
    dead: dict[str, None] = {}
    if dead_before:
        dead[ctx.target] = None
    for e in out.events:
        if isinstance(e, Died):
            dead[e.creature] = None
    if not dead:
        return out
    out = out.add(DeathTriggersDue(creatures=tuple(dead), rules=("DS-FORCE-20",)))
    if death_triggers is not None:
        for cid in dead:
            out = out.then(death_triggers, cid)
    return out
