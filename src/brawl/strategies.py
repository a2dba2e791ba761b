"""Hypothesis strategies for brawl's values, for property tests (yours and the project's).

Import this module explicitly (``from brawl import strategies``); it needs Hypothesis, which
``import brawl`` never imports. Every strategy builds only valid values: encounters have no
overlaps, nothing inside walls or objects, everything on the map, and every creature standing
on support. Importing it registers them with Hypothesis (:func:`register_types`), so
``st.from_type(Encounter)`` draws a valid encounter.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs
from hypothesis import strategies as st

from brawl.abilities import model as ab
from brawl.abilities.parse import parse_tier
from brawl.conditions import Condition, ConditionName, Duration
from brawl.creature import DIRECTOR, HEROES, Characteristics, Creature, MapObject, MovementType
from brawl.damagetypes import ALL, DamageType, ImmunityValue
from brawl.errors import BrawlError
from brawl.geometry import Pos
from brawl.rng import Rng
from brawl.size import Size
from brawl.state import Encounter
from brawl.terrain import AIR, Cell, Material, Terrain

SOLID_MATERIALS = tuple(m for m in Material if m.solid)


@functools.cache
def sizes(max_squares: int = 3) -> st.SearchStrategy[Size]:
    """Sizes 1T, 1S, 1M, 1L and 2 up to ``max_squares``."""
    small = st.sampled_from([Size(1, "T"), Size(1, "S"), Size(1, "M"), Size(1, "L")])
    if max_squares < 2:
        return small
    return st.one_of(small, st.integers(2, max_squares).map(Size))


def positions(width: int = 10, depth: int = 10, z: int | Sequence[int] = 0) -> st.SearchStrategy[Pos]:
    """Cells with x in ``[0, width)``, y in ``[0, depth)`` and z (one level or a choice)."""
    zs = st.just(z) if isinstance(z, int) else st.sampled_from(list(z))
    return st.builds(Pos, st.integers(0, width - 1), st.integers(0, depth - 1), zs)


@functools.cache
def characteristics() -> st.SearchStrategy[Characteristics]:
    """Five scores from -5 to +5 (most often small)."""
    score = st.integers(-2, 4) | st.integers(-5, 5)
    return st.builds(Characteristics, score, score, score, score, score)


def conditions(source_ids: Sequence[str] = ("someone",)) -> st.SearchStrategy[Condition]:
    """One condition with any duration; frightened, taunted and grabbed get a source."""
    return _conditions(tuple(source_ids))


@functools.cache
def _conditions(source_ids: tuple[str, ...]) -> st.SearchStrategy[Condition]:
    @st.composite
    def build(draw: st.DrawFn) -> Condition:
        name = draw(_CONDITION_NAMES)
        duration = draw(_DURATIONS)
        needs_source = name in (ConditionName.FRIGHTENED, ConditionName.TAUNTED, ConditionName.GRABBED)
        source = draw(st.sampled_from(source_ids)) if needs_source and source_ids else None
        threshold = draw(st.integers(1, 11)) if duration is Duration.SAVE_ENDS else 6
        return Condition(name, duration, source=source, save_threshold=threshold)

    return build()


@functools.cache
def damage_tables() -> st.SearchStrategy[dict[str, ImmunityValue]]:
    """An immunity table: damage types (or ``"damage"``) to a number or ``"all"``."""
    keys = st.sampled_from([t.value for t in DamageType] + ["damage"])
    values: st.SearchStrategy[ImmunityValue] = st.integers(0, 10) | st.just(ALL)
    return st.dictionaries(keys, values, max_size=3)


_CONDITION_NAMES = st.sampled_from(list(ConditionName))
_DURATIONS = st.sampled_from(list(Duration))
_MOVEMENT = st.frozensets(st.sampled_from(list(MovementType)), min_size=1, max_size=3)
_WEAKNESSES = st.dictionaries(st.sampled_from([t.value for t in DamageType]), st.integers(0, 10), max_size=2)
_GROUPS = st.none() | st.sampled_from(["goblins", "guards"])
_IDS = st.from_regex(r"[a-z]{1,6}-[0-9]{1,3}", fullmatch=True)


@st.composite
def creatures(
    draw: st.DrawFn,
    id: str | st.SearchStrategy[str] | None = None,
    size: Size | st.SearchStrategy[Size] | None = None,
    pos: Pos | None = None,
    hero: bool | None = None,
    source_ids: Sequence[str] = ("someone",),
) -> Creature:
    """A living creature with random statistics, conditions, immunities and weaknesses."""
    cid = id if isinstance(id, str) else draw(id if id is not None else _IDS)
    chosen = size if isinstance(size, Size) else draw(size if size is not None else sizes())
    return _creature(draw, cid, chosen, pos or Pos(0, 0, 0), hero, tuple(source_ids))


def _creature(
    draw: st.DrawFn, cid: str, size: Size, pos: Pos, hero: bool | None, source_ids: tuple[str, ...]
) -> Creature:
    """The body of :func:`creatures`, drawn inside another strategy without building a new one."""
    is_hero = draw(st.booleans()) if hero is None else hero
    stamina_max = draw(st.integers(1, 120))
    recoveries_max = draw(st.integers(0, 12))
    return Creature(
        id=cid,
        name=draw(st.sampled_from(["", cid.title(), "Goblin", "Ogre captain"])),
        side=HEROES if is_hero else DIRECTOR,
        hero=is_hero,
        size=size,
        speed=draw(st.integers(0, 10)),
        movement=draw(_MOVEMENT),
        stability=draw(st.integers(0, 5)),
        characteristics=draw(characteristics()),
        stamina_max=stamina_max,
        stamina=draw(st.integers(1, stamina_max)),
        temporary_stamina=draw(st.integers(0, 10)),
        recoveries=draw(st.integers(0, recoveries_max)),
        recoveries_max=recoveries_max,
        immunities=draw(damage_tables()),
        weaknesses=draw(_WEAKNESSES),
        conditions=draw(st.lists(conditions(source_ids), max_size=3)),
        pos=pos,
        level=draw(st.integers(1, 10)),
        group=draw(_GROUPS) if not is_hero else None,
        solo=draw(st.booleans()) if not is_hero else False,
    )


@st.composite
def terrains(draw: st.DrawFn, min_side: int = 3, max_side: int = 12, features: bool = True) -> Terrain:
    """A small map with random walls, raised ground, difficult and damaging squares, water and pits."""
    width = draw(st.integers(min_side, max_side))
    depth = draw(st.integers(min_side, max_side))
    height = draw(st.integers(3, 6))
    below = draw(st.integers(2, 4))
    ground = draw(st.sampled_from(SOLID_MATERIALS))
    terrain = Terrain(width, depth, height=height, below=below, ground=ground)
    if not features:
        return terrain
    cells: dict[Pos, Cell] = {}
    count = draw(st.integers(0, width * depth // 3))
    for _ in range(count):
        x = draw(st.integers(0, width - 1))
        y = draw(st.integers(0, depth - 1))
        kind = draw(st.sampled_from(["wall", "raised", "difficult", "damaging", "water", "pit"]))
        if kind == "wall":
            material = draw(st.sampled_from(SOLID_MATERIALS))
            for z in range(0, height):
                cells[Pos(x, y, z)] = Cell(material)
        elif kind == "raised":
            for z in range(0, draw(st.integers(1, height - 1))):
                cells[Pos(x, y, z)] = Cell(ground)
        elif kind == "difficult":
            cells[Pos(x, y, 0)] = Cell(difficult=True)
        elif kind == "damaging":
            amount = draw(st.integers(1, 5))
            kind_of = draw(st.none() | st.sampled_from([t.value for t in DamageType]))
            cells[Pos(x, y, 0)] = Cell(damaging=amount, damage_type=kind_of)
        elif kind == "water":
            for z in range(-draw(st.integers(1, below)), 0):
                cells[Pos(x, y, z)] = Cell(liquid=True)
        else:
            for z in range(-draw(st.integers(1, below)), 0):
                cells[Pos(x, y, z)] = AIR
    return terrain.with_cells(cells)


def _rest(enc: Encounter, x: int, y: int, n: int) -> Pos | None:
    """The lowest position at column (x, y) from level 0 up where an n-cube fits and stands."""
    t = enc.terrain
    for z in range(0, t.height - n + 1):
        p = Pos(x, y, z)
        if enc.fits(p, n):
            return Pos(x, y, z - t.drop_below(p, n))
    return None


@st.composite
def encounters(
    draw: st.DrawFn,
    min_creatures: int = 0,
    max_creatures: int = 6,
    terrain: Terrain | st.SearchStrategy[Terrain] | None = None,
    max_objects: int = 3,
    max_size: int = 2,
    advance_rng: bool = True,
) -> Encounter:
    """A valid encounter: creatures and objects placed on support, never overlapping or in walls.

    Creatures get ids ``c0``, ``c1``, ...; objects ``o0``, ... The RNG has a random seed and,
    with ``advance_rng``, a random number of draws already made.
    """
    t = terrain if isinstance(terrain, Terrain) else draw(terrain if terrain is not None else terrains())
    enc = Encounter(t, rng=Rng(draw(st.integers(0, 2**64 - 1))))
    for i in range(draw(st.integers(0, max_objects))):
        x, y = draw(st.integers(0, t.width - 1)), draw(st.integers(0, t.depth - 1))
        material = draw(st.sampled_from([m for m in SOLID_MATERIALS if m is not Material.UNBREAKABLE]))
        spot = _rest(enc, x, y, 1)
        if spot is None:
            continue
        try:
            enc = enc.with_object(MapObject(id=f"o{i}", pos=spot, material=material))
        except BrawlError:
            continue
    wanted = draw(st.integers(min_creatures, max_creatures))
    ids = tuple(f"c{j}" for j in range(max_creatures))
    placed = 0
    attempt = 0
    while placed < wanted and attempt < wanted * 8:
        attempt += 1
        c = _creature(draw, f"c{placed}", draw(sizes(max_size)), Pos(0, 0, 0), None, ids)
        x = draw(st.integers(0, max(0, t.width - c.n)))
        y = draw(st.integers(0, max(0, t.depth - c.n)))
        spot = _rest(enc, x, y, c.n)
        if spot is None or enc.creatures_in(spot, c.n):
            continue
        try:
            enc = enc.with_creature(attrs.evolve(c, pos=spot))
        except BrawlError:
            continue
        placed += 1
    if advance_rng:
        enc = enc.with_rng(Rng(enc.rng.seed, draw(st.integers(0, 1000))))
    return enc  # out of combat: round 0, as every saved state with no combat has (DS-END-01)


def register_types() -> None:
    """Register these strategies with Hypothesis for brawl's public records, so that
    ``st.from_type(Encounter)`` and ``@given(enc=...)`` with ``st.builds`` of a function annotated
    with them draw valid values. Importing this module does it."""
    st.register_type_strategy(Size, sizes())
    st.register_type_strategy(Pos, positions())
    st.register_type_strategy(Characteristics, characteristics())
    st.register_type_strategy(Condition, conditions())
    st.register_type_strategy(Creature, creatures())
    st.register_type_strategy(Terrain, terrains())
    st.register_type_strategy(Encounter, encounters())


register_types()


# --- abilities --------------------------------------------------------------------------------
def potencies() -> st.SearchStrategy[ab.Potency]:
    """A potency: a characteristic and a number from -1 to 6 or weak / average / strong."""
    values: st.SearchStrategy[int | str] = st.one_of(st.integers(-1, 6), st.sampled_from(ab.POTENCY_WORDS))
    return st.builds(ab.Potency, st.sampled_from(ab.CHARACTERISTICS), values)


def _subset(items: Sequence[str], most: int) -> st.SearchStrategy[tuple[str, ...]]:
    return st.lists(st.sampled_from(items), max_size=most, unique=True).map(tuple)


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=8)


def _unparsed(text: str) -> bool:
    """Whether ``text`` reads back as this very text and nothing else."""
    effects = parse_tier(text).effects
    return effects == (ab.TextEffect(text),)


def effects(potency: bool = True) -> st.SearchStrategy[ab.Effect]:
    """Any ability effect that prints and parses back to itself (:func:`brawl.parse_tier`)."""
    pot = st.none() | potencies() if potency else st.none()
    types = [t.value for t in DamageType]
    damage = st.builds(ab.Damage, st.integers(0, 30), _subset(ab.CHARACTERISTICS, 2), _subset(types, 2), pot)
    forced = st.builds(
        ab.ForcedMovement, st.sampled_from(ab.FORCED_KINDS), st.integers(0, 10), st.booleans(), pot
    )
    durations = (*ab.DURATIONS, ab.NO_DURATION)
    cond = st.builds(
        ab.ApplyCondition, st.sampled_from([c.value for c in ConditionName]), st.sampled_from(durations), pot
    )
    words = st.lists(_WORD, min_size=1, max_size=5).map(" ".join).filter(_unparsed)
    text = st.builds(ab.TextEffect, words, pot)
    return st.one_of(damage, forced, cond, text)


def tiers() -> st.SearchStrategy[ab.Tier]:
    """A tier whose text is its effects printed."""
    return st.lists(effects(), max_size=4).map(
        lambda es: ab.Tier(ab.Tier("", tuple(es)).printed(), tuple(es))
    )


def distances() -> st.SearchStrategy[ab.Distance]:
    """A distance of any kind but special, small enough for a small map."""
    n = st.integers(1, 4)
    return st.one_of(
        st.builds(ab.Distance, st.just("melee"), n),
        st.builds(ab.Distance, st.just("ranged"), st.integers(0, 8)),
        st.builds(lambda v, w: ab.Distance("melee or ranged", v, within=w), n, st.integers(1, 8)),
        st.just(ab.Distance("self")),
        st.builds(ab.Distance, st.sampled_from(("burst", "aura")), n),
        st.builds(lambda s, w: ab.Distance("cube", size=s, within=w), n, st.integers(0, 6)),
        st.builds(lambda s, b, w: ab.Distance("line", size=s, width=b, within=w), n, st.integers(1, 2), n),
    )


def abilities(name: str | None = None) -> st.SearchStrategy[ab.Ability]:
    """An ability with any distance, target, cost and power roll (its name ``name`` or drawn)."""
    names = st.just(name) if name is not None else _WORD.map(str.title)
    kinds = st.sampled_from(("main action", "maneuver", "free maneuver", "triggered action"))
    targets = st.builds(
        lambda kind, count: ab.Target(kind) if kind.startswith("each ") else ab.Target(kind, count),
        st.sampled_from(ab.TARGET_KINDS[:-1]),
        st.none() | st.integers(1, 3),
    )
    costs = st.none() | st.builds(ab.Cost, st.sampled_from(ab.RESOURCES), st.integers(1, 5))
    rolls = st.none() | st.builds(
        lambda c, t: ab.PowerRoll(c, tiers=t),
        _subset(ab.CHARACTERISTICS, 2),
        st.tuples(tiers(), tiers(), tiers()),
    )
    keywords = st.lists(
        st.sampled_from(("Melee", "Ranged", "Strike", "Weapon", "Magic", "Area")), unique=True
    )
    return st.builds(
        ab.Ability,
        names,
        kinds,
        st.none() | st.sampled_from(ab.CATEGORIES),
        keywords.map(tuple),
        distance=distances(),
        target=targets,
        cost=costs,
        power_roll=rolls,
        effect_after=st.sampled_from(("", "The ground shakes.")),
    )


__all__ = [
    "abilities",
    "characteristics",
    "conditions",
    "creatures",
    "damage_tables",
    "distances",
    "effects",
    "encounters",
    "positions",
    "potencies",
    "register_types",
    "sizes",
    "terrains",
    "tiers",
]
