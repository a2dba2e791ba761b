"""The encounter: the map, the creatures and objects, the turn state, the round and the RNG.

An :class:`Encounter` is immutable. Building one validates everything (overlaps, walls, bounds,
Stamina, ids). The ``with_*`` methods change one thing and validate only that thing, so
replacing one creature costs about the same with 10 or 1,000 creatures: cost follows the change,
not the world.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import filterfalse
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

import attrs
import immutables

from brawl.checks import whole_number
from brawl.conditions import ConditionName
from brawl.creature import MAX_COUNT, Creature, MapObject
from brawl.errors import ArgumentTypeError, StateError, UnknownCreatureError, did_you_mean, id_hint, shown
from brawl.fields import DRAFT_OF, copier, generated_repr, record_repr, replaced
from brawl.games import RULESETS as RULESETS
from brawl.games import Ruleset as Ruleset
from brawl.games import check_game, games_field
from brawl.games import register_ruleset as register_ruleset
from brawl.geometry import Pos, as_pos, cube
from brawl.rng import Rng
from brawl.statecheck import (
    MAX_CREATURES,
    MAX_OBJECTS,
    burrowed,
    check_round,
    creature_map,
    edge,
    forget,
    names,
    object_map,
    order_ids,
    rides_map,
    too_many,
)
from brawl.stateindex import (
    GRAB,
    RIDE,
    Column,
    Link,
    SideMasks,
    cells_of,
    covers_z,
    grab_links,
    index,
    relink,
    retile,
    ride_links,
)
from brawl.terrain import TILE, TILE_STRIDE, Terrain, Tile

T = TypeVar("T", bound="TurnState")
_DEAD = attrgetter("dead")


@attrs.frozen
class TurnState:
    """Base class of the bookkeeping a turn system keeps in the encounter.

    Turn systems (:mod:`brawl.turns`) subclass it; subclasses register themselves by name so
    that JSON can save and load them.
    """

    registry: ClassVar[dict[str, type[TurnState]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if DRAFT_OF not in vars(cls):  # a draft copy (brawl.fields.copier) is no turn system
            TurnState.registry[cls.__name__] = cls
        if generated_repr(cls):  # its sets and maps shown sorted, whatever the hash seed
            cls.__repr__ = record_repr  # type: ignore[method-assign]  # in place of attrs' own

    provokes_opportunity_attacks: ClassVar[bool] = True
    """Whether, under this turn system, a willing walk that leaves an adjacent enemy without
    shifting provokes Draw Steel's opportunity attack (DS-STRIKE-03, R-MOVE-3). A system with its
    own rule for leaving enemies sets it False and enforces its rule in :meth:`verify_walk`."""

    def verify_walk(
        self, encounter: Encounter, creature: str, path: tuple[Pos, ...], *, shifting: bool
    ) -> None:
        """Raise a :class:`~brawl.errors.RulesError` if this turn system forbids ``creature`` the
        willing walk along ``path`` (the squares entered, the steps already checked); ``shifting``:
        the walk is a shift (Disengage). By default a system adds nothing to the step rules."""

    def check(self, encounter: Encounter) -> None:
        """Raise :class:`StateError` if this bookkeeping does not fit ``encounter``.

        Each turn system's state overrides it: the ids it names are creatures of the encounter,
        its counters are whole numbers in range. The encounter calls it when it is built and
        whenever its turn state is replaced; the check costs in proportion to this turn state.
        """

    def check_change(self, old: TurnState | None, encounter: Encounter) -> None:
        """:meth:`check` after a change from ``old``, the turn state of an encounter with the
        same creatures or fewer: a system may check only what changed (by default, everything)."""
        self.check(encounter)

    @staticmethod
    def known(encounter: Encounter, ids: Iterable[object], field: str) -> None:
        """Raise :class:`StateError` unless each of ``ids`` is a creature of ``encounter``."""
        for cid in ids:
            if not isinstance(cid, str) or cid not in encounter.creatures:
                raise StateError(f"turn {field}: {cid!r} is not a creature of the encounter")

    @staticmethod
    def count(value: object, field: str, hi: int | None = MAX_COUNT) -> None:
        """Raise :class:`StateError` unless ``value`` is a whole number from 0 to ``hi``."""
        whole_number(value, 0, hi, what=f"turn {field}", error=StateError)


def _check_turn(enc: Encounter, old: TurnState | None = None) -> None:
    """The turn state against the encounter: a TurnState that fits, and combat from round 1.

    ``old``: the turn state it replaces in an encounter with the same creatures, if any
    (:meth:`TurnState.check_change`)."""
    turn = enc.turn
    if turn is None:
        return
    if not isinstance(turn, TurnState):
        raise ArgumentTypeError(f"turn {turn!r}: a TurnState or None is needed", rule=())
    if enc.round < 1:
        raise StateError(f"round {enc.round}: combat (a turn state) runs from round 1")
    if old is None:
        turn.check(enc)
    else:
        turn.check_change(old, enc)


def _default_terrain() -> Terrain:
    return Terrain.flat(20, 20)


_SVG_DRAWER: list[Callable[[Encounter], str] | None] = [None]
"""The picture :meth:`Encounter._repr_svg_` draws: the model draws nothing itself, and the
rendering module (an edge, above the model) installs its drawer with :func:`install_svg_drawer`."""


def install_svg_drawer(drawer: Callable[[Encounter], str] | None) -> None:
    """Make ``drawer`` the picture notebooks show for an :class:`Encounter` (None: no picture).

    :mod:`brawl.render` installs its SVG drawing when it is imported, so ``import brawl`` is
    enough for a notebook to draw encounters.
    """
    if drawer is not None and not callable(drawer):
        raise ArgumentTypeError(f"drawer {drawer!r}: a function of an Encounter is needed", rule=())
    _SVG_DRAWER[0] = drawer


def _acting(turn: TurnState | None) -> tuple[str, ...]:
    """The creatures taking a turn now, from a turn state's ``current`` (one id, several or none)."""
    current = getattr(turn, "current", None)
    if isinstance(current, str):
        return (current,)
    if isinstance(current, tuple):
        return tuple(c for c in current if isinstance(c, str))
    return ()


@attrs.frozen
class Encounter:
    """An immutable combat encounter.

    ``Encounter(terrain, creatures=[...], objects=[...], rng=Rng(seed))`` validates the whole
    state and builds the occupancy index; rules return new encounters through ``with_*``.
    """

    terrain: Terrain = attrs.field(factory=_default_terrain)
    """The map."""
    creatures: immutables.Map[str, Creature] = attrs.field(factory=immutables.Map, converter=creature_map)
    """Creatures by id: a map for looking them up. Iterating it gives the order of the ids' string
    hashes, which changes with ``PYTHONHASHSEED``; :meth:`creature_list` (or :attr:`order`) gives
    them in a set order."""
    objects: immutables.Map[str, MapObject] = attrs.field(factory=immutables.Map, converter=object_map)
    """Objects by id, like :attr:`creatures` a map for looking them up; :meth:`object_list` gives
    them in a set order."""
    order: tuple[str, ...] = attrs.field(default=(), converter=order_ids)
    """Creature ids in the order they were added, for display."""
    turn: TurnState | None = None
    """The turn system's bookkeeping, None out of combat."""
    round: int = 0
    """Combat round number, 0 before combat."""
    rng: Rng = attrs.field(factory=Rng)
    """The seeded counter-based RNG (dice are inputs: the RNG lives in the state)."""
    rides: immutables.Map[str, str] = attrs.field(factory=immutables.Map, converter=rides_map)
    """Who used Ride this round, and which mount it rode (DS-MOUNT-04, R-MOUNT-2); a new round
    or the end of combat empties it."""
    games: immutables.Map[str, Any] = attrs.field(factory=immutables.Map, converter=games_field)
    """The state of each other game played on this encounter, by its registered name
    (:func:`register_ruleset`), empty when only Draw Steel's rules are in play."""
    _occupancy: immutables.Map[Column, tuple[str, ...]] = attrs.field(init=False, repr=False, eq=False)
    _object_cells: immutables.Map[Pos, str] = attrs.field(init=False, repr=False, eq=False)
    _links: immutables.Map[Link, tuple[str, ...]] = attrs.field(init=False, repr=False, eq=False)
    _side_tiles: immutables.Map[Tile, SideMasks] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.terrain, Terrain):
            raise StateError(f"terrain {self.terrain!r}: not a Terrain")
        if not isinstance(self.rng, Rng):
            raise ArgumentTypeError(f"rng {self.rng!r}: an Rng is needed", rule=())
        check_round(self.round)
        for key, c in self.creatures.items():
            if key != c.id:
                raise StateError(f"creatures: key {key!r} holds creature {c.id!r}")
        for key, o in self.objects.items():
            if key != o.id:
                raise StateError(f"objects: key {key!r} holds object {o.id!r}")
            if key in self.creatures:
                raise StateError(f"objects: id {key!r} is also a creature id")
        if not self.order and self.creatures:
            # immutables.Map iterates in hash order, which varies between processes: sort instead
            object.__setattr__(self, "order", tuple(sorted(self.creatures.keys())))
        else:
            order = tuple(self.order)
            if len(order) != len(self.creatures) or set(order) != set(self.creatures.keys()):
                raise StateError(f"order {order!r}: must list every creature id once")
            object.__setattr__(self, "order", order)
        object.__setattr__(self, "_object_cells", immutables.Map())
        object.__setattr__(self, "_occupancy", immutables.Map())
        cells = self._object_cells.mutate()
        for o in self.objects.values():
            self._check_object(o, cells)
            for p in o.cells():
                cells[p] = o.id
        object.__setattr__(self, "_object_cells", cells.finish())
        occ = self._occupancy.mutate()
        for cid in self.order:
            c = self.creatures[cid]
            self._check_creature(c, occ)
            if not c.dead:
                index(occ, c, add=True)
        object.__setattr__(self, "_occupancy", occ.finish())
        links: dict[Link, tuple[str, ...]] = {}
        for cid in self.order:
            c = self.creatures[cid]
            for link in (*grab_links(c), *ride_links(c)):
                links[link] = (*links.get(link, ()), cid)
        object.__setattr__(self, "_links", immutables.Map(links))
        tiles: dict[Tile, dict[str, int]] = {}
        for cid in self.order:
            c = self.creatures[cid]
            if not c.dead:
                for x, y, zz in cube(c.pos, c.n):
                    entry = tiles.setdefault((zz, y // TILE, x // TILE), {})
                    entry[c.side] = entry.get(c.side, 0) | 1 << ((y % TILE) * TILE_STRIDE + x % TILE)
        object.__setattr__(
            self, "_side_tiles", immutables.Map({k: tuple(sorted(v.items())) for k, v in tiles.items()})
        )
        for c in self.creatures.values():
            self._check_references(c)
            # checked here, not in with_creature: a rule may pass through such a state (knocking out)
            if not c.hero and not c.dead and c.stamina <= 0 and not c.has(ConditionName.UNCONSCIOUS):
                raise StateError(
                    f"creature {c.id!r}: a Director creature at Stamina {c.stamina} is dead or unconscious "
                    "(DS-STAM-10, DS-STAM-13)"
                )
        for name, game in self.games.items():
            check_game(name, game, self.creatures.keys())
        _check_turn(self)

    # pictures -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        """Short: the round, whose turn it is and the creature count, never the whole map."""
        parts = [f"round {self.round}" if self.round else "out of combat"]
        acting = _acting(self.turn)
        if acting:
            parts.append(f"{' and '.join(acting)}'s turn")
        count = len(self.creatures)
        parts.append(f"{count} creature{'' if count == 1 else 's'}")
        if self.objects:
            parts.append(f"{len(self.objects)} object{'' if len(self.objects) == 1 else 's'}")
        return f"<Encounter {self.terrain.width} x {self.terrain.depth}, {', '.join(parts)}>"

    def _repr_svg_(self) -> str | None:
        """The ground level as SVG, for notebooks (Jupyter calls it); None before ``brawl.render``
        is imported, which ``import brawl`` does."""
        drawer = _SVG_DRAWER[0]
        return None if drawer is None else drawer(self)

    # named constructors ---------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        terrain: Terrain | None = None,
        creatures: Iterable[Creature] = (),
        objects: Iterable[MapObject] = (),
        *,
        seed: int = 0,
    ) -> Encounter:
        """A new encounter on ``terrain`` (default: 20 x 20 flat ground) with an RNG seed."""
        listed = list(creatures)
        return cls(
            terrain or _default_terrain(),
            listed,
            objects,
            order=tuple(c.id for c in listed if isinstance(c, Creature)),
            rng=Rng(seed),
        )

    # lookups --------------------------------------------------------------------------------
    def creature(self, cid: str) -> Creature:
        """The creature with this id, or :class:`UnknownCreatureError`."""
        try:
            return self.creatures[cid]  # only str ids are stored: any other key finds nothing
        except (KeyError, TypeError):  # an unknown or an unhashable id: refused below, unchained
            pass
        raise UnknownCreatureError(
            f"creature {shown(cid)}: no such creature in this encounter"
            + (id_hint(cid) or did_you_mean(cid, self.creatures.keys())),
            rule=(),
        )

    def object(self, oid: str) -> MapObject:
        """The object with this id, or :class:`UnknownCreatureError`."""
        found = self.objects.get(oid) if isinstance(oid, str) else None
        if found is None:
            raise UnknownCreatureError(
                f"object {shown(oid)}: no such object in this encounter"
                + (id_hint(oid) or did_you_mean(oid, self.objects.keys())),
                rule=(),
            )
        return found

    def grabbed_by_me(self, cid: str) -> tuple[str, ...]:
        """Ids of the creatures whose grabbed condition names ``cid`` as its source (RB1-GRABBED).

        A derived index, kept up to date by every change: O(1), no neighbourhood scan. It lists
        dead and distant creatures too and follows no set order; :func:`brawl.rules.conditions.grabbing`
        gives the creatures a grab really holds.
        """
        return self._links.get((GRAB, cid), ())

    def riding_me(self, cid: str) -> tuple[str, ...]:
        """Ids of the creatures whose ``riding`` names ``cid`` (DS-MOUNT-03), dead ones included.

        A derived index like :meth:`grabbed_by_me`, in no set order.
        """
        return self._links.get((RIDE, cid), ())

    def creature_list(self) -> list[Creature]:
        """Every creature, in the order they were added."""
        return list(map(self.creatures.__getitem__, self.order))

    def object_list(self) -> list[MapObject]:
        """Every object, in the order of their ids."""
        return [self.objects[oid] for oid in sorted(self.objects.keys())]

    def living(self) -> Iterator[Creature]:
        """Every creature that is not dead, in the order they were added."""
        return filterfalse(_DEAD, map(self.creatures.__getitem__, self.order))

    def occupants(self, pos: Iterable[int]) -> tuple[str, ...]:
        """Ids of the living creatures whose cube contains this cell."""
        x, y, z = as_pos(pos)
        ids = self._occupancy.get((x, y), ())
        return tuple(cid for cid in ids if covers_z(self.creatures[cid], z))

    def creatures_in(
        self, pos: Pos | Iterable[int], n: int = 1, *, exclude: Iterable[str] = ()
    ) -> tuple[str, ...]:
        """Ids of the living creatures whose cube overlaps an n-cube at ``pos``."""
        pos, n = as_pos(pos), edge(n)
        skip = set(exclude)
        found: dict[str, None] = {}
        for y in range(pos.y, pos.y + n):
            for x in range(pos.x, pos.x + n):
                for cid in self._occupancy.get((x, y), ()):
                    if cid in skip or cid in found:
                        continue
                    c = self.creatures[cid]
                    if c.pos.z < pos.z + n and pos.z < c.pos.z + c.n:
                        found[cid] = None
        return tuple(found)

    def creatures_in_columns(self, pos: Pos | Iterable[int], n: int = 1) -> tuple[str, ...]:
        """Ids of the living creatures whose space overlaps the n x n columns at ``pos``, at any height."""
        pos, n = as_pos(pos), edge(n)
        found: dict[str, None] = {}
        for y in range(pos.y, pos.y + n):
            for x in range(pos.x, pos.x + n):
                for cid in self._occupancy.get((x, y), ()):
                    found[cid] = None
        return tuple(found)

    def creatures_over(self, x0: int, y0: int, x1: int, y1: int) -> tuple[str, ...]:
        """Ids of the living creatures with a cell in the columns x0..x1, y0..y1 (both ends
        included), at any height: one look-up per column."""
        occ = self._occupancy
        found: dict[str, None] = {}
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                ids = occ.get((x, y))
                if ids:
                    for cid in ids:
                        found[cid] = None
        return tuple(found)

    def object_at(self, pos: Iterable[int]) -> str | None:
        """Id of the object filling this cell, if any."""
        return self._object_cells.get(as_pos(pos))

    def objects_in(self, pos: Pos | Iterable[int], n: int = 1) -> tuple[str, ...]:
        """Ids of the objects overlapping an n-cube at ``pos``."""
        pos, n = as_pos(pos), edge(n)
        found: dict[str, None] = {}
        for p in cube(pos, n):
            oid = self._object_cells.get(p)
            if oid is not None:
                found[oid] = None
        return tuple(found)

    def is_blocked(self, pos: Iterable[int]) -> bool:
        """Whether the cell is solid terrain or filled by an object (creatures never block)."""
        p = as_pos(pos)
        return self.terrain.is_solid(p) or p in self._object_cells

    def fits(self, pos: Pos | Iterable[int], n: int) -> bool:
        """Whether an n-cube at ``pos`` is on the map and free of solid terrain and objects (R-GEO-5)."""
        pos, n = as_pos(pos), edge(n)
        if not self.terrain.is_clear(pos, n):
            return False
        if self._object_cells:
            return not any(p in self._object_cells for p in cube(pos, n))
        return True

    def is_supported(self, pos: Pos | Iterable[int], n: int) -> bool:
        """Whether solid terrain or an object lies directly under the n-cube's bottom layer."""
        pos, n = as_pos(pos), edge(n)
        if self.terrain.supports(pos, n):
            return True
        if self._object_cells:
            z = pos.z - 1
            return any(
                Pos(x, y, z) in self._object_cells
                for y in range(pos.y, pos.y + n)
                for x in range(pos.x, pos.x + n)
            )
        return False

    def are_enemies(self, a: str, b: str) -> bool:
        """Whether two creatures are on different sides (DS-SIDE-01, DS-SIDE-02)."""
        return self.creature(a).side != self.creature(b).side

    def enemies_of(self, cid: str) -> list[Creature]:
        """The living creatures on other sides."""
        side = self.creature(cid).side
        return [c for c in self.living() if c.side != side]

    def allies_of(self, cid: str) -> list[Creature]:
        """The other living creatures on the same side."""
        side = self.creature(cid).side
        return [c for c in self.living() if c.side == side and c.id != cid]

    def side_tiles(self) -> immutables.Map[Tile, SideMasks]:
        """Living creatures' cells by side, per level and TILE x TILE tile of the map.

        Keys are (z, y // TILE, x // TILE); values pair each side with the bit mask of the cells
        that side's creatures cover in that tile (bit (y % TILE) * TILE_STRIDE + x % TILE, the
        layout of :meth:`Terrain.tile_masks`), so a search reads enemies' spaces a tile at a time.
        """
        return self._side_tiles

    # changes ----------------------------------------------------------------------------------
    def with_creature(
        self, creature: Creature, rng: Rng | None = None, turn: TurnState | None = None
    ) -> Encounter:
        """This encounter with one creature added or replaced; validates only that creature.
        ``rng``: an advanced RNG stored in the same change (:meth:`with_rng`); ``turn``:
        bookkeeping a turn system built, stored in the same change (:meth:`with_turn_built`)."""
        if not isinstance(creature, Creature):
            raise ArgumentTypeError(f"with_creature: {creature!r} is not a Creature", rule=())
        if rng is not None and not isinstance(rng, Rng):
            raise ArgumentTypeError(f"with_rng: {rng!r} is not an Rng", rule=())
        if turn is not None and not isinstance(turn, TurnState):
            raise ArgumentTypeError(f"turn {turn!r}: a TurnState is needed", rule=())
        cid = creature.id
        old = self.creatures.get(cid)
        if cid in self.objects:
            raise StateError(f"creature {cid!r}: the id is taken by an object")
        if old is None and (refused := too_many(len(self.creatures) + 1, MAX_CREATURES, "creatures")):
            raise StateError(refused)
        creatures = self.creatures.set(cid, creature)
        occ = self._occupancy
        side_tiles = self._side_tiles
        if (
            old is not None
            and old.pos == creature.pos
            and (old.size is creature.size or old.size == creature.size)
            and old.dead == creature.dead
            and old.riding == creature.riding
            and old.squeezed == creature.squeezed
            and old.side == creature.side
        ):
            if creature.riding is not None:  # the one stat checked across creatures
                self._check_stats(creature)
        else:
            m = occ.mutate()
            if old is not None and not old.dead:
                index(m, old, add=False)
            self._check_creature_against(creature, m, creatures)
            if not creature.dead:
                index(m, creature, add=True)
            occ = m.finish()
            touched = set() if old is None or old.dead else cells_of(old)
            if not creature.dead:
                touched |= cells_of(creature)
            side_tiles = retile(side_tiles, touched, occ, creatures)
        if old is None or old.effects is not creature.effects or old.hidden_from is not creature.hidden_from:
            # the same objects as the old creature's name creatures that are still here: removing
            # one (without_creature) makes the others forget it
            self._check_references(creature)
        links = self._links
        if old is None:
            if creature.conditions:
                links = relink(links, cid, (), grab_links(creature))
            if creature.riding is not None:
                links = relink(links, cid, (), ride_links(creature))
        else:
            if old.conditions != creature.conditions:
                links = relink(links, cid, grab_links(old), grab_links(creature))
            if old.riding != creature.riding:
                links = relink(links, cid, ride_links(old), ride_links(creature))
        out = _draft(self)
        out.creatures = creatures
        if old is None:
            out.order = (*self.order, cid)
        out._occupancy = occ
        out._links = links
        out._side_tiles = side_tiles
        if rng is not None:
            out.rng = rng
        if turn is not None:
            out.turn = turn
        out.__class__ = Encounter  # the draft's fields are set (_draft)
        return out  # type: ignore[no-any-return]  # the draft, now an Encounter; no cast on a hot path

    def with_creatures(self, creatures: Iterable[Creature]) -> Encounter:
        """This encounter with several creatures added or replaced, one after another."""
        enc = self
        for c in creatures:
            enc = enc.with_creature(c)
        return enc

    def update_creature(self, cid: str, **changes: Any) -> Encounter:
        """This encounter with fields of one creature changed (``pos=...``, ``stamina=...``)."""
        return self.with_creature(replaced(self.creature(cid), **changes))

    def without_creature(self, cid: str) -> Encounter:
        """This encounter with a creature removed from play.

        What named it goes with it: its riders dismount where they are (their ``riding`` is
        cleared), the grabs it held end, the effects it made end, and no one is hidden from it any
        more. A turn state that still names it (its turn, its place in an initiative order) makes
        the removal a :class:`StateError`: end combat first.
        """
        old = self.creature(cid)
        enc = self._without(old)
        for other in self.creature_list():
            if other.id != cid and names(other, cid):
                enc = enc.with_creature(forget(other, cid))
        if enc.turn is not None:
            enc.turn.check(enc)
        return enc

    def _without(self, old: Creature) -> Encounter:
        cid = old.id
        occ = self._occupancy
        if not old.dead:
            m = occ.mutate()
            index(m, old, add=False)
            occ = m.finish()
        creatures = self.creatures.delete(cid)
        side_tiles = self._side_tiles
        if not old.dead:
            side_tiles = retile(side_tiles, set(cube(old.pos, old.n)), occ, creatures)
        return self._replace(
            creatures=creatures,
            order=tuple(i for i in self.order if i != cid),
            _occupancy=occ,
            _links=relink(self._links, cid, (*grab_links(old), *ride_links(old)), ()),
            _side_tiles=side_tiles,
        )

    def with_object(self, obj: MapObject) -> Encounter:
        """This encounter with one object added or replaced (destroyed objects are removed)."""
        if not isinstance(obj, MapObject):
            raise ArgumentTypeError(f"with_object: {obj!r} is not a MapObject", rule=())
        if obj.id in self.creatures:
            raise StateError(f"object {obj.id!r}: the id is taken by a creature")
        old = self.objects.get(obj.id)
        if old is None and (refused := too_many(len(self.objects) + 1, MAX_OBJECTS, "objects")):
            raise StateError(refused)
        cells = self._object_cells.mutate()
        if old is not None:
            for p in old.cells():
                cells.pop(p, None)
        self._check_object(obj, cells)
        for p in obj.cells():
            cells[p] = obj.id
        return self._replace(objects=self.objects.set(obj.id, obj), _object_cells=cells.finish())

    def without_object(self, oid: str) -> Encounter:
        """This encounter with an object removed (destroyed, DS-OBJ-01)."""
        old = self.object(oid)
        cells = self._object_cells.mutate()
        for p in old.cells():
            cells.pop(p, None)
        return self._replace(objects=self.objects.delete(oid), _object_cells=cells.finish())

    def with_terrain(self, terrain: Terrain) -> Encounter:
        """This encounter on another map; every creature and object is validated again."""
        return Encounter(
            terrain,
            self.creatures,
            self.objects,
            order=self.order,
            turn=self.turn,
            round=self.round,
            rng=self.rng,
            games=self.games,
        )

    def with_turn(self, turn: TurnState | None, *, round: int | None = None) -> Encounter:
        """This encounter with new turn bookkeeping (and round number), checked against it."""
        if round is not None:
            check_round(round)
        new_round = self.round if round is None else round
        changes: dict[str, Any] = {"turn": turn, "round": new_round}
        if self.rides and (turn is None or new_round != self.round):
            changes["rides"] = immutables.Map()  # DS-MOUNT-04: once per round
        out = self._replace(**changes)
        _check_turn(out, self.turn)
        return out

    def with_turn_built(self, turn: TurnState, *, round: int | None = None) -> Encounter:
        """:meth:`with_turn` for bookkeeping a turn system built itself, from this encounter's
        checked bookkeeping and from values it has just checked (a creature it looked up, a count
        it raised by one): not checked a second time. The system's tests replay fights with
        :meth:`with_turn` in its place, which checks every such change.
        """
        if not isinstance(turn, TurnState):  # ending combat is with_turn's
            raise ArgumentTypeError(f"turn {turn!r}: a TurnState is needed", rule=())
        out = _draft(self)
        out.turn = turn
        if round is not None and round != self.round:
            out.round = round
            if self.rides:
                out.rides = immutables.Map()  # DS-MOUNT-04: once per round
        out.__class__ = Encounter  # the draft's fields are set (_draft)
        return out  # type: ignore[no-any-return]  # the draft, now an Encounter; no cast on a hot path

    def with_ride(self, rider: str, mount: str) -> Encounter:
        """This encounter with ``rider`` recorded as having ridden ``mount`` this round (DS-MOUNT-04)."""
        return self._replace(rides=self.rides.set(rider, mount))

    def with_game(self, name: str, game: Any) -> Encounter:
        """This encounter with the state of the registered game ``name`` replaced (None: removed),
        checked against its creatures."""
        if game is None:
            return self._replace(games=self.games.delete(name)) if name in self.games else self
        check_game(name, game, self.creatures.keys())
        return self._replace(games=self.games.set(name, game))

    def with_rng(self, rng: Rng) -> Encounter:
        """This encounter with an advanced RNG."""
        if not isinstance(rng, Rng):
            raise ArgumentTypeError(f"with_rng: {rng!r} is not an Rng", rule=())
        out = _draft(self)
        out.rng = rng
        out.__class__ = Encounter  # the draft's fields are set (_draft)
        return out  # type: ignore[no-any-return]  # the draft, now an Encounter; no cast on a hot path

    def roll(self, sides: int, count: int = 1) -> tuple[tuple[int, ...], Encounter]:
        """``count`` rolls of a die from the state's RNG, and the encounter with the RNG advanced."""
        values, rng = self.rng.draws(sides, count)
        return values, self._replace(rng=rng)

    # internals --------------------------------------------------------------------------------
    def _replace(self, **changes: Any) -> Encounter:
        out = _draft(self)
        for name, value in changes.items():
            setattr(out, name, value)
        out.__class__ = Encounter  # the draft's fields are set (_draft)
        return out  # type: ignore[no-any-return]  # the draft, now an Encounter; no cast on a hot path

    def _check_stats(self, c: Creature, creatures: immutables.Map[str, Creature] | None = None) -> None:
        if c.riding is not None:
            mount = (self.creatures if creatures is None else creatures).get(c.riding)
            if mount is None:
                raise StateError(f"creature {c.id!r}: rides {c.riding!r}, which is not in the encounter")
            if mount.id == c.id:
                raise StateError(f"creature {c.id!r}: cannot ride itself")

    def _check_references(self, c: Creature) -> None:
        """The creatures that ``c`` names (effect sources, hidden from) exist.

        A grab's source may name an effect rather than a creature (vines, a trap), so it is not checked.
        """
        for effect in c.effects:
            if effect.source not in self.creatures:
                raise StateError(
                    f"creature {c.id!r}: effect from {effect.source!r}, which is not in the encounter"
                )
        for other in c.hidden_from:
            if other not in self.creatures:
                raise StateError(f"creature {c.id!r}: hidden from {other!r}, which is not in the encounter")

    def _check_object(self, o: MapObject, cells: Any) -> None:
        if not self.terrain.cube_in_bounds(o.pos, o.size):
            raise StateError(f"object {o.id!r}: its space at {tuple(o.pos)} (size {o.size}) is off the map")
        for p in o.cells():
            if not self.terrain.in_bounds(p):
                raise StateError(f"object {o.id!r}: cell {tuple(p)} is off the map")
            if self.terrain.is_solid(p):
                raise StateError(f"object {o.id!r}: cell {tuple(p)} is inside solid terrain")
            other = cells.get(p)
            if other is not None and other != o.id:
                raise StateError(f"object {o.id!r}: cell {tuple(p)} is taken by object {other!r}")

    def _check_creature(self, c: Creature, occ: Any) -> None:
        self._check_stats(c)
        self._check_creature_against(c, occ)

    def _check_creature_against(
        self, c: Creature, occ: Any, creatures: immutables.Map[str, Creature] | None = None
    ) -> None:
        """``c`` in its space, ``creatures`` (default: this encounter's) holding it, with the others
        of the occupancy index ``occ`` (R-GEO-5, DS-MOVE-04)."""
        if creatures is None:
            creatures = self.creatures
        if c.riding is not None:
            self._check_stats(c, creatures)
        pos, n, terrain = c.pos, c.size.squares, self.terrain
        if not terrain.is_clear(pos, n):  # off the map, or solid terrain in its space
            if not terrain.cube_in_bounds(pos, n):
                raise StateError(
                    f"creature {c.id!r}: its space at {tuple(pos)} (size {c.size}) is off the map"
                )
            if not burrowed(terrain, c):
                raise StateError(
                    f"creature {c.id!r}: its space at {tuple(pos)} is inside solid terrain (R-GEO-5)"
                )
        if c.dead:
            return
        if self._object_cells:
            for p in c.cells():
                oid = self._object_cells.get(p)
                if oid is not None:
                    raise StateError(f"creature {c.id!r}: cell {tuple(p)} is inside object {oid!r} (R-GEO-5)")
        seen: set[str] = set()
        x0, y0, z = pos
        for y in range(y0, y0 + n):
            for x in range(x0, x0 + n):
                for other_id in occ.get((x, y), ()):
                    if other_id == c.id or other_id in seen:
                        continue
                    seen.add(other_id)
                    other = creatures.get(other_id)
                    if other is None or other.dead:
                        continue
                    if not (other.pos.z < z + n and z < other.pos.z + other.n):
                        continue
                    if c.riding == other.id or other.riding == c.id or c.squeezed or other.squeezed:
                        continue
                    if c.size.ranks_apart(other.size) < 2:
                        raise StateError(
                            f"creature {c.id!r} (size {c.size}) shares a cell with {other.id!r} "
                            f"(size {other.size}); sizes within 1 of each other cannot (DS-MOVE-04, R-SIZE-1)"
                        )


_FIELDS = (  # every field of Encounter (a test checks it)
    "terrain",
    "creatures",
    "objects",
    "order",
    "turn",
    "round",
    "rng",
    "rides",
    "games",
    "_occupancy",
    "_object_cells",
    "_links",
    "_side_tiles",
)
_draft = copier(Encounter)
"""A copy of an encounter whose fields are set by plain assignment, to become an :class:`Encounter`
(``out.__class__ = Encounter``) once they are: how every ``with_*`` builds its new encounter
(:func:`brawl.fields.copier`)."""
