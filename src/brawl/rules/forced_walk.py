"""The walk of one forced movement, square by square: slopes, slams, hurls, damaging terrain.

Rules: DS-FORCE-06..08, DS-FORCE-13, DS-SLAM-01..13; rulings R-FORCE-3..6, R-FORCE-8, R-GEO-4,
R-MOVE-4. :mod:`brawl.rules.forced` checks a request and builds its :class:`MoveContext`; the
:class:`Walk` here moves the target along the steps, each step stopping at the map's edge at the
latest, and records what happened on the way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeAlias

import attrs

from brawl.conditions import ConditionName
from brawl.creature import Creature, MapObject
from brawl.enums import ReprEnum
from brawl.events.base import Event
from brawl.events.damage import Damaged, ObjectDestroyed
from brawl.events.forced import Fell, HurledThrough, Slammed, SlammedIntoObject
from brawl.geometry import DOWN, UP, Pos, corner_cells, cube, distance
from brawl.outcome import Outcome
from brawl.rules.conditions import impose_condition
from brawl.rules.damage import MAX_DAMAGE, deal_damage
from brawl.rules.falling import fall_damage
from brawl.state import Encounter
from brawl.terrain import AIR, Material

SLOPE_MAX_RISE = 1  # DS-FORCE-13
SLAM_DAMAGE_PER_SQUARE = 1  # DS-SLAM-01, DS-SLAM-02
OBJECT_SLAM_BASE = 2  # DS-SLAM-06, R-FORCE-5
STURDY_OBJECT_DAMAGE_PER_SQUARE: Mapping[Material, int] = {  # DS-SLAM-08
    Material.WOOD: 3,
    Material.STONE: 6,
    Material.METAL: 9,
}
"""Damage a sturdy object withstands per square it occupies (its Stamina, DS-OBJ-03); an object
of any other material is destroyed by any deal_damage (DS-SLAM-08)."""

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


DeathTriggers: TypeAlias = Callable[[Encounter, str], Outcome]
"""A hook resolving one creature's death or 0-Stamina triggers, called after the movement (DS-FORCE-20)."""


@attrs.frozen
class MoveContext:
    """What stays fixed while one checked forced movement resolves (built by :mod:`brawl.rules.forced`)."""

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
    use_agility: bool = True
    dead_target_slams: bool = True
    object_damage: bool = False
    rider_tier: int | None = None
    rider_landing: Pos | None = None
    rider_dice: tuple[int, int] | None = None


class Walk:
    """The square-by-square resolution of one forced movement (mutable, private to one call)."""

    def __init__(self, state: Encounter, ctx: MoveContext, effective: int) -> None:
        self.state = state
        self.ctx = ctx
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
            # it ends in the last square it can occupy; the squares after it are not entered
            self.cur = self.last_clear
            kept = self.path.index(self.cur) + 1 if self.cur in self.path else 0
            del self.path[kept:]
            self.moved = len(self.path)
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
                if ctx.burrower and ctx.vertical and cell.material.burrowable:
                    continue  # a burrower is moved through dirt as if through air (DS-FORCE-21)
                found.append((p, cell.material, None))
        return found

    def _in_dirt_as_air(self, cand: Pos) -> bool:
        """A burrower moved vertically rests in dirt as in air (DS-FORCE-21): only dirt fills the cube."""
        ctx = self.ctx
        if not (ctx.burrower and ctx.vertical) or not self.state.terrain.cube_in_bounds(cand, ctx.n):
            return False
        if self.state.objects and any(self.state.object_at(p) is not None for p in cube(cand, ctx.n)):
            return False
        terrain = self.state.terrain
        return all(terrain.cell(p).material.burrowable for p in cube(cand, ctx.n) if terrain.is_solid(p))

    def _enter(self, cand: Pos, v: Pos) -> None:
        ctx = self.ctx
        prev = self.cur
        self.cur = cand
        self.spent += 1
        self.moved += 1
        self.path.append(cand)
        if ctx.vertical and cand.z < prev.z:
            self.descended += prev.z - cand.z
        if ctx.obj is not None or self.state.fits(cand, ctx.n) or self._in_dirt_as_air(cand):
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
                    deal_damage(
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
        others_take = not dead or ctx.dead_target_slams
        dmg = cap(SLAM_DAMAGE_PER_SQUARE * r)
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
                self._apply(deal_damage(self.state, ctx.target, dmg, source=ctx.mover, rules=cite))
            elif ctx.obj is not None:
                self._damage_object(dmg, cite)
        if others_take:
            for h in hit:
                if not self.state.creature(h).dead:
                    self._apply(deal_damage(self.state, h, dmg, source=ctx.target, rules=cite))

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
                    deal_damage(
                        self.state, ctx.target, hurl_damage, source=ctx.mover, rules=(*rules, "R-FORCE-8")
                    )
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
                dmg = cap(OBJECT_SLAM_BASE + r) if big_enough else 0
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
        dmg = cap(OBJECT_SLAM_BASE + r) if big_enough else 0
        rules = ("DS-SLAM-06", "R-FORCE-5", "R-FORCE-8") + (("R-FORCE-6",) if downward else ())
        self.events.append(
            SlammedIntoObject(target=ctx.target, obstacle=label, remaining=r, damage=dmg, rules=rules)
        )
        if dmg and self._alive_target():
            self._apply(deal_damage(self.state, ctx.target, dmg, source=ctx.mover, rules=rules))
        return False

    def _object_takes_damage(self) -> bool:
        """Whether the moved object takes slam damage: the option is on and it is mundane (DS-SLAM-08)."""
        ctx = self.ctx
        return (
            ctx.object_damage
            and ctx.obj is not None
            and ctx.target in self.state.objects
            and self.state.objects[ctx.target].mundane
        )

    def _damage_object(self, amount: int, rules: tuple[str, ...]) -> None:
        """The moved object takes damage; a fragile one is destroyed by any deal_damage (DS-SLAM-08)."""
        oid = self.ctx.target
        if amount <= 0 or oid not in self.state.objects:
            return
        sturdy = self.state.objects[oid].material in STURDY_OBJECT_DAMAGE_PER_SQUARE
        out = deal_damage(self.state, oid, amount, source=self.ctx.mover, rules=rules)
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
            self._apply(deal_damage(self.state, ctx.target, nums.damage, rules=(*rules, "R-FORCE-8")))
        if (
            nums.lands
            and self._alive_target()
            and not self.state.creature(ctx.target).has(ConditionName.PRONE)
        ):
            self._apply(impose_condition(self.state, ctx.target, ConditionName.PRONE))


SLOPE_MATERIALS = frozenset({Material.DIRT, Material.STONE})
"""Terrain that forms hills and stairs (DS-FORCE-13); walls of glass, wood, metal or unbreakable never do."""


def _slope_terrain(st: Encounter, cand: Pos, n: int) -> bool:
    """Whether ``cand`` is blocked only by ground-like terrain, a step to follow up (DS-FORCE-13)."""
    if not st.terrain.cube_in_bounds(cand, n) or st.terrain.is_clear(cand, n) or st.objects_in(cand, n):
        return False
    ground = {*SLOPE_MATERIALS, st.terrain.ground}
    return all(st.terrain.cell(p).material in ground for p in cube(cand, n) if st.terrain.is_solid(p))


def cap(amount: int) -> int:
    return min(amount, MAX_DAMAGE)


def _label(cells: list[tuple[Pos, Material, str | None]]) -> str:
    parts: dict[str, None] = {}
    for p, m, oid in cells:
        parts[oid if oid is not None else f"{m.value} at {tuple(p)}"] = None
    return ", ".join(parts)
