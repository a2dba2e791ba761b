"""Forced movement: the request, its checks and its entry points (push, pull, slide, stability).

Rules: DS-FORCE-01..21, DS-SLAM-01..13, DS-MOUNT-06, DS-MOUNT-07; RB1-GRABBED
and restrained. Rulings: R-FORCE-1..8, R-GEO-2, R-GEO-3, R-GEO-4, R-MOVE-4, R-MOUNT-1.

One request is a record: :class:`Push`, :class:`Pull` or :class:`Slide` (the records of
``brawl.push``, ``brawl.pull`` and ``brawl.slide``), or :class:`ForcedMove` of any kind (an
ability's effect). Its ``verify`` checks it and :func:`force_move` resolves it. The walk itself is in
:mod:`brawl.rules.forced_walk`, its end (falls, grabs, riders, burrowers, death triggers) in
:mod:`brawl.rules.forced_end`. The events come in this order:
:class:`~brawl.events.forced.ForceMoved` (the whole path), then what happened on the way
(damaging terrain, hurls, the slam), then the fall at the end, grabs that end, riders carried,
and last the death triggers (DS-FORCE-20).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

import attrs

from brawl.checks import whole_number
from brawl.conditions import ConditionName
from brawl.creature import Creature, MapObject, MovementType
from brawl.dice import POWER_DIE_SIDES
from brawl.errors import ArgumentTypeError, IllegalForcedMoveError, InvalidArgumentError
from brawl.events.forced import ForceMoved
from brawl.fields import dice_pair, flag, ident, position, positions, replaced, whole
from brawl.geometry import Pos, as_direction, distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.burrowing import completely_beneath
from brawl.rules.conditions import can_be_force_moved_by
from brawl.rules.falling import resting_place
from brawl.rules.forced_end import BURROW_DAMAGE_PER_SQUARE, after_walk, finish, held_by_ground, knocked_off
from brawl.rules.forced_walk import (
    HURL,
    OBJECT_SLAM_BASE,
    SLAM_DAMAGE_PER_SQUARE,
    SLOPE_MATERIALS,
    SLOPE_MAX_RISE,
    STURDY_OBJECT_DAMAGE_PER_SQUARE,
    DeathTriggers,
    ForceKind,
    MoveContext,
    Walk,
)
from brawl.rules.recoveries import as_damage_comes, check_token_stamina, token_stamina_field
from brawl.rules.riders import KNOCK_OFF_TIERS
from brawl.state import Encounter

MAX_FORCED_DISTANCE = 10**9
"""Largest forced distance accepted; larger requests are refused."""
BIG_VS_LITTLE_BONUS = 1  # DS-FORCE-14, R-FORCE-2
RULE_OF_KIND = {ForceKind.PUSH: "DS-FORCE-02", ForceKind.PULL: "DS-FORCE-03", ForceKind.SLIDE: "DS-FORCE-04"}
"""The rule of each kind of forced movement (DS-FORCE-02..04)."""


def _kind(value: ForceKind | str) -> ForceKind:
    if isinstance(value, ForceKind):
        return value
    if not isinstance(value, str):
        raise ArgumentTypeError(
            f"ForcedMove.kind {value!r}: push, pull or slide is needed, not {type(value).__name__}",
            rule="DS-FORCE-01",
        )
    try:
        return ForceKind(value)
    except ValueError:
        raise InvalidArgumentError(
            f"ForcedMove.kind {value!r}: push, pull or slide", rule="DS-FORCE-01"
        ) from None


def _source(value: str | Iterable[int] | None) -> str | Pos | None:
    return value if value is None or isinstance(value, str) else position(value, "source")


def _direction_field(value: Iterable[int] | None) -> Pos | None:
    return None if value is None else position(value, "direction", "R-GEO-2")


def _path(value: Iterable[Iterable[int]] | None) -> tuple[Pos, ...] | None:
    return None if value is None else positions(value, "path", "R-GEO-2")


def _slide_path_field(value: Iterable[Iterable[int]]) -> tuple[Pos, ...]:
    return positions(value, "path", "R-GEO-2")


def _landing(value: Iterable[int] | None) -> Pos | None:
    return None if value is None else position(value, "rider_landing")


def _dice(value: Iterable[int] | None) -> tuple[int, int] | None:
    return None if value is None else dice_pair(value, "rider_dice", "DS-MTYPE-16")


def _kind_rule(move: Any) -> str:
    kind = getattr(move, "kind", None)
    return RULE_OF_KIND.get(kind, "DS-FORCE-01") if isinstance(kind, ForceKind) else "DS-FORCE-01"


@attrs.frozen
class ForceRequest(Action):
    """The fields every forced movement request has (DS-FORCE-01): who is moved, how far, from
    what, by whom, and the choices the rules leave to the mover, the target and the table.

    The shared base of :class:`Push`, :class:`Pull`, :class:`Slide` and :class:`ForcedMove`,
    itself no request.
    """

    base: ClassVar[bool] = True

    source: str | Pos | None = attrs.field(converter=_source)
    """What a push or pull is measured from: a creature or object id, or a position; a slide's
    source may be None."""
    target: str = attrs.field(validator=ident("DS-FORCE-01"))
    """The creature or object moved."""
    distance: int = attrs.field(validator=whole(_kind_rule))
    """X, the printed distance."""
    mover: str | None = attrs.field(default=None, kw_only=True, validator=ident("DS-FORCE-01", optional=True))
    """The creature doing it (default: ``source`` when that is a creature)."""
    vertical: bool = attrs.field(default=False, kw_only=True, validator=flag(_kind_rule))
    """A vertical forced move (DS-FORCE-10); always so against a flying creature (DS-FORCE-12)."""
    melee_weapon: bool = attrs.field(default=False, kw_only=True, validator=flag(_kind_rule))
    """The ability is a melee weapon ability, for big vs little (DS-FORCE-14, R-FORCE-2)."""
    squares: int | None = attrs.field(
        default=None, kw_only=True, validator=whole("DS-FORCE-05", optional=True)
    )
    """The distance the mover chooses, at most X (+1); None: all of it (DS-FORCE-05)."""
    stability_used: int | None = attrs.field(
        default=None, kw_only=True, validator=whole("DS-FORCE-16", optional=True)
    )
    """Squares of its stability the target uses; None: all of it (DS-FORCE-16, R-FORCE-1)."""
    rider_tier: int | None = attrs.field(
        default=None, kw_only=True, validator=whole("DS-MOUNT-06", optional=True)
    )
    """Tier of a force-moved rider's knock-off test; None: rolled (DS-MOUNT-06)."""
    rider_landing: Pos | None = attrs.field(default=None, kw_only=True, converter=_landing)
    """Where a knocked-off rider lands (an adjacent unoccupied space of its choice)."""
    rider_dice: tuple[int, int] | None = attrs.field(default=None, kw_only=True, converter=_dice)
    """The 2d10 of a force-moved rider's knock-off test; None: from the state's RNG (DS-MTYPE-16)."""
    use_agility: bool = attrs.field(default=True, kw_only=True, validator=flag(_kind_rule))
    """Whether the target uses its Agility if it falls at the end (R-FALL-2)."""
    dead_target_slams: bool = attrs.field(default=True, kw_only=True, validator=flag(_kind_rule))
    """A creature killed by the same effect still deals slam damage (DS-SLAM-04; Director's call)."""
    object_damage: bool = attrs.field(default=False, kw_only=True, validator=flag(_kind_rule))
    """Optional rule: a mundane object moved into creatures or objects takes damage as if it were a
    creature (DS-SLAM-08; the Director's discretion, off by default)."""
    token_stamina: tuple[str, ...] = token_stamina_field()
    """The heroes that spend 2 hero tokens each for Stamina as its damage comes (RB-TOKEN-03)."""

    def verify(self, state: Encounter) -> None:
        """Raise the :class:`~brawl.errors.RulesError` that forbids this request; checks only, nothing moves.

        Ids, the distance, the mover's choice and the stability used (DS-FORCE-05, DS-FORCE-16,
        R-FORCE-1), restrained and grabbed targets (RB1-CONDITIONS), a slide's path (R-GEO-3),
        the direction and the first square of a push or pull (R-GEO-2), a rider's tier (DS-MOUNT-06).
        """
        _plan(state, self)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)

    def resolve(self, state: Encounter) -> Outcome:
        """Resolve this request (:func:`force_move`)."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        return force_move(state, self)


@attrs.frozen
class _Straight(ForceRequest):
    """A forced movement in a straight line: its direction may be given (R-GEO-2)."""

    direction: Pos | None = attrs.field(default=None, kw_only=True, converter=_direction_field)
    """Unit vector of a push or pull (default: straight away from / toward the source)."""


@attrs.frozen
class Push(_Straight):
    """Push ``target`` up to ``distance`` squares straight away from ``source`` (DS-FORCE-02, R-GEO-2).

    ``distance`` is the printed X; ``squares`` the distance the mover declares (default: all of
    X plus big vs little, DS-FORCE-05); ``stability_used`` the target's reduction (default: all
    of its stability, R-FORCE-1). The target slams into what stops it (DS-SLAM-01..13), falls
    where nothing holds it up (DS-FORCE-15) and a rider is knocked off (DS-MOUNT-06).
    """

    kind: ForceKind = attrs.field(init=False, default=ForceKind.PUSH)
    """Always ``push``."""


@attrs.frozen
class Pull(_Straight):
    """Pull ``target`` up to ``distance`` squares straight toward ``source`` (DS-FORCE-03, R-GEO-2).

    The other fields are :class:`Push`'s.
    """

    kind: ForceKind = attrs.field(init=False, default=ForceKind.PULL)
    """Always ``pull``."""


@attrs.frozen
class Slide(ForceRequest):
    """Slide ``target`` along ``path``, up to ``distance`` squares (DS-FORCE-04, R-GEO-3).

    ``path`` is the positions it enters, in order, each one square from the last; ``source``
    may be None. The other fields are :class:`Push`'s.
    """

    path: tuple[Pos, ...] = attrs.field(kw_only=True, converter=_slide_path_field)
    """The positions the slide enters, in order (R-GEO-3)."""
    kind: ForceKind = attrs.field(init=False, default=ForceKind.SLIDE)
    """Always ``slide``."""


@attrs.frozen(kw_only=True)
class ForcedMove(_Straight):
    """One forced movement of any kind, as an ability's effect makes it (DS-FORCE-01).

    ``kind`` is ``"push"``, ``"pull"`` or ``"slide"``; the other fields are those of
    :class:`Push` (``direction``) and :class:`Slide` (``path``, optional here). Action logs of
    earlier versions name every forced movement so.
    """

    kind: ForceKind = attrs.field(converter=_kind)
    """``"push"``, ``"pull"`` or ``"slide"``."""
    source: str | Pos | None = attrs.field(default=None, converter=_source)
    """What a push or pull is measured from: a creature or object id, or a position."""
    path: tuple[Pos, ...] | None = attrs.field(default=None, converter=_path)
    """The positions a slide enters, in order (R-GEO-3)."""


FORCE_REQUESTS = (Push, Pull, Slide, ForcedMove)
"""The forced movement requests, each a :class:`ForceRequest`."""


def force_move_many(state: Encounter, moves: Iterable[ForceRequest]) -> Outcome:
    """Resolve several forced movements in the caller's order, each one completed first (DS-FORCE-09)."""
    given: object = moves
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise ArgumentTypeError(
            f"force_move_many(moves={moves!r:.60}): expected Iterable of forced movements, "
            f"got {type(moves).__name__}",
            rule="DS-FORCE-09",
        )
    items = tuple(moves)
    for move in items:
        if not isinstance(move, ForceRequest):
            raise ArgumentTypeError(
                f"force_move_many(moves=...): {move!r:.60} is no forced movement (Push, Pull, Slide)",
                rule="DS-FORCE-09",
            )
    out = Outcome(state, ())
    for move in items:
        out = out.then(force_move, move)
    return out


def force_move(
    state: Encounter,
    move: ForceRequest,
    *,
    death_triggers: DeathTriggers | None = None,
    checked: ForcePlan | None = None,
) -> Outcome:
    """Resolve one forced movement (DS-FORCE-01..21, DS-SLAM-01..13, R-FORCE-1..8).

    ``death_triggers`` is called for each creature that is dead once the movement is over (the
    target killed by the same effect, or a creature killed on the way), after the movement and
    after the :class:`~brawl.events.forced.DeathTriggersDue` event (DS-FORCE-20). ``checked``:
    what :func:`plan_force` found for ``move`` in this same ``state``, its checks not made again.
    """
    plan = _plan(state, move) if checked is None else checked
    ctx, effective, header = plan.ctx, plan.effective, plan.header
    dead_before = ctx.creature is not None and ctx.creature.dead
    # a rider is knocked off instead (DS-MOUNT-06, R-MOUNT-1)
    if ctx.creature is not None and ctx.creature.riding is not None and effective > 0 and not dead_before:
        return knocked_off(state, ctx, header, death_triggers)
    # a burrower completely beneath the ground takes 1 per square instead (DS-FORCE-21, R-FORCE-7)
    if ctx.burrower and not ctx.vertical and effective > 0 and completely_beneath(state, ctx.target):
        return held_by_ground(state, ctx, header, effective, death_triggers)
    walk = Walk(state, ctx, effective)
    walk.run(plan.steps())
    event = replaced(
        header,
        moved=walk.moved,
        remaining=effective - walk.spent,
        path=tuple(walk.path),
        stopped=walk.stopped,
    )
    out = after_walk(Outcome(walk.state, (event, *walk.events)), ctx, walk)
    return finish(out, ctx, dead_before, death_triggers)


# --- the checks -------------------------------------------------------------------------------------
@attrs.frozen
class ForcePlan:
    """A checked request: its context, the squares it moves and its header event."""

    ctx: MoveContext
    effective: int
    header: ForceMoved
    path: tuple[Pos, ...] | None
    direction: Pos | None

    def steps(self) -> Iterator[Pos]:
        """The unit steps of the walk, ``effective`` of them at most."""
        if self.path is not None:
            prev = self.ctx.start
            for p in self.path[: self.effective]:
                yield p - prev
                prev = p
            return
        assert self.direction is not None
        for _ in range(self.effective):
            yield self.direction


def plan_force(state: Encounter, move: ForceRequest) -> ForcePlan:
    """The checks of ``move``'s :meth:`~ForceRequest.verify` but for hero tokens spent for
    Stamina (raising the :class:`~brawl.errors.RulesError` of the first that fails), and what its
    resolution needs: given to :func:`force_move` in the same state, they are not made again."""
    return _plan(state, move)


def _plan(state: Encounter, move: ForceRequest) -> ForcePlan:
    """Every check of a request, and what its resolution needs (R-FORCE-1: d ≤ X (+1), s ≤ stability)."""
    if not isinstance(move, FORCE_REQUESTS):
        raise InvalidArgumentError(
            f"forced move {move!r}: not a Push, Pull, Slide or ForcedMove", rule="DS-FORCE-01"
        )
    kind = move.kind
    direction = None if isinstance(move, Slide) else move.direction
    given_path = move.path if isinstance(move, Slide | ForcedMove) else None
    rule_of_kind = RULE_OF_KIND[kind]
    X = move.distance
    whole_number(X, 0, MAX_FORCED_DISTANCE, what=f"{kind.value} distance", rule=rule_of_kind)
    if move.rider_tier is not None:
        tiers = KNOCK_OFF_TIERS
        whole_number(move.rider_tier, tiers[0], tiers[-1], what="rider test tier", rule="DS-MOUNT-06")
    for face in move.rider_dice or ():
        whole_number(face, 1, POWER_DIE_SIDES, what="knock-off test d10", rule="DS-MTYPE-16")
    ctx = _context(state, move, kind, rule_of_kind)
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
    path = _slide_path(ctx, given_path) if kind is ForceKind.SLIDE else None
    if move.squares is None:
        chosen = most if path is None else min(most, len(path))
    else:
        what = f"squares the mover chooses for {kind.value} {move.target!r}"
        chosen = whole_number(move.squares, 0, most, what=what, rule=("DS-FORCE-05", "R-FORCE-1"))
    if path is not None and len(path) > most:
        raise InvalidArgumentError(
            f"slide {move.target!r}: a path of {len(path)} squares is longer than {most}", rule="DS-FORCE-04"
        )
    stability = ctx.creature.effective_stability if ctx.creature is not None and not ctx.creature.dead else 0
    if move.stability_used is None:
        used = min(stability, chosen)
    else:
        what = f"stability used by {move.target!r} (its stability is {stability})"
        used = whole_number(move.stability_used, 0, stability, what=what, rule=("DS-FORCE-16", "R-FORCE-1"))
    effective = max(0, chosen - used)
    step = None if path is not None else _direction(ctx, direction, effective, rule_of_kind)
    cited = [
        "DS-FORCE-01",
        rule_of_kind,
        "DS-FORCE-06",
        "DS-FORCE-07",
        "DS-FORCE-19",
        "R-FORCE-1",
        "R-MOVE-4",
    ]
    cited.append("R-GEO-3" if kind is ForceKind.SLIDE else "R-GEO-2")
    if ctx.creature is not None and ctx.creature.stability_modifiers:
        cited.append("DS-FORCE-18")
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
    return ForcePlan(ctx, effective, header, None if path is None else tuple(path), step)


def _context(state: Encounter, move: ForceRequest, kind: ForceKind, rule: str) -> MoveContext:
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
        source, label = (src, 1), str(tuple(src))
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
    return MoveContext(
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
        use_agility=move.use_agility,
        dead_target_slams=move.dead_target_slams,
        object_damage=move.object_damage,
        rider_tier=move.rider_tier,
        rider_landing=move.rider_landing,
        rider_dice=move.rider_dice,
    )


def _is_flying(state: Encounter, c: Creature) -> bool:
    """Flying: able to fly or hover and in midair, not in liquid (DS-FORCE-12)."""
    if c.dead or not (c.has_movement(MovementType.FLY) or c.has_movement(MovementType.HOVER)):
        return False
    if state.terrain.is_liquid(c.pos, c.n):
        return False
    return not state.is_supported(c.pos, c.n) and resting_place(state, c.pos, c.n, ignore={c.id}).pos != c.pos


def _slide_path(ctx: MoveContext, given: tuple[Pos, ...] | None) -> list[Pos]:
    """The squares a slide enters, each one square from the last, none twice (DS-FORCE-04, R-GEO-3)."""
    if given is None:
        raise InvalidArgumentError(f"slide {ctx.target!r}: a slide needs a path", rule="DS-FORCE-04")
    out: list[Pos] = []
    seen = {_key(ctx.start, ctx.vertical)}
    prev = ctx.start
    for p in given:
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


def _away(a: Pos, an: int, b: Pos, bn: int, axis: int) -> int:
    """+1 if space a lies wholly on the positive side of b on this axis, -1 if negative, else 0."""
    if a[axis] >= b[axis] + bn:
        return 1
    if a[axis] + an <= b[axis]:
        return -1
    return 0


def _direction(ctx: MoveContext, given: Pos | None, effective: int, rule: str) -> Pos:
    """The unit step of a push or pull; its first square goes away from / toward the source (R-GEO-2)."""
    assert ctx.source is not None
    kind = ctx.kind
    spos, sn = ctx.source
    if given is not None:
        d = as_direction(given, vertical=ctx.vertical)
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
    return d


__all__ = [
    "BIG_VS_LITTLE_BONUS",
    "BURROW_DAMAGE_PER_SQUARE",
    "FORCE_REQUESTS",
    "HURL",
    "MAX_FORCED_DISTANCE",
    "OBJECT_SLAM_BASE",
    "SLAM_DAMAGE_PER_SQUARE",
    "SLOPE_MATERIALS",
    "SLOPE_MAX_RISE",
    "STURDY_OBJECT_DAMAGE_PER_SQUARE",
    "DeathTriggers",
    "ForceKind",
    "ForcePlan",
    "ForceRequest",
    "ForcedMove",
    "Pull",
    "Push",
    "Slide",
    "force_move",
    "force_move_many",
    "plan_force",
]
