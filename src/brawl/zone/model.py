"""The zone game's records: the zone map, where each character stands, its sheet and its gear.

A :class:`ZoneWorld` rides in the encounter's slot of the zone game (``Encounter.games["zone"]``,
registered here with :func:`~brawl.state.register_ruleset`), read by :func:`world` and replaced
by :func:`with_world`. Characters are the encounter's
creatures (their faction, morale group, mount and death); their zone-game statistics, health and
gear are a :class:`ZoneCharacter` sheet here, never Draw Steel's characteristics or Stamina.
Every table decision the text leaves open is a field of :class:`ZoneRulings`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import attrs
import immutables

from brawl.checks import whole_number
from brawl.errors import ArgumentTypeError, StateError
from brawl.state import Encounter, register_ruleset

DICE = (2, 3, 4, 6, 8, 10, 12, 20)
"""Damage dice a weapon may have."""
SIZE_LADDER = ("tiny", "small", "medium", "large", "huge", "gargantuan")  # R-Z-9 (Z-AMB-09)
ARMOUR_CAP = 3  # Z-COVER-01: armour value "as usual never above 3"
UNARMED_DIE = 4  # Z-ATK-02: unarmed attacks inflict d4 impaired damage
MAX_SCORE = 100
"""Largest statistic or health accepted."""
KINDS = ("attack", "disarm", "shove", "grapple")  # Z-NL-01: the non-lethal attacks
MODES = ("normal", "hold_back")  # Z-ATK-03


def _whole(lo: int, hi: int) -> Any:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        whole_number(value, lo, hi, what=f"{type(instance).__name__}.{attribute.name}", error=StateError)

    return check


def _text(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, str) or not value:
        raise StateError(f"{type(instance).__name__}.{attribute.name} {value!r}: a non-empty string")


def _texts(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise StateError(f"{value!r}: a list of names, not one string")
    items = tuple(value)
    for item in items:
        if not isinstance(item, str) or not item:
            raise StateError(f"{item!r}: a name (a non-empty string)")
    return items


def _pairs(value: Iterable[Iterable[str]]) -> frozenset[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for pair in value:
        a, b = tuple(pair)
        out.add((a, b) if a <= b else (b, a))
    return frozenset(out)


def _weapons(value: Iterable[Weapon]) -> tuple[Weapon, ...]:
    return tuple(value)


def _armours(value: Iterable[Armour]) -> tuple[Armour, ...]:
    return tuple(value)


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _cells(value: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(x), int(y)) for x, y in value)


def _zones(value: Iterable[Zone]) -> tuple[Zone, ...]:
    return tuple(value)


def _places(value: Any) -> immutables.Map[str, Place]:
    return immutables.Map(value)


def _sheets(value: Any) -> immutables.Map[str, ZoneCharacter]:
    return immutables.Map(value)


@attrs.frozen
class Weapon:
    """A weapon: its damage die, hands, range in zones and properties (Z-ATK-02, Z-BLAST, Z-GEAR)."""

    name: str = attrs.field(validator=_text)
    """The weapon's name, unique on its wielder."""
    die: int = attrs.field(default=6)
    """The damage die (6 for a d6)."""
    hands: int = attrs.field(default=1, validator=_whole(1, 2))
    """Hands it takes: 1 or 2 (Z-NL-08: a two-handed attack frees a grabbed character)."""
    range: int = attrs.field(default=0, validator=_whole(0, 10_000))
    """Range in zones; 0 for a melee weapon (Z-ATK-01)."""
    blast: bool = False
    """Hits a zone and its borders (Z-BLAST-01)."""
    damaged: bool = False
    """Damaged: destroyed when a 1 is rolled on its damage die (Z-GEAR-02)."""
    improvised: bool = False
    """An improvised weapon, handled as already damaged (Z-GEAR-04)."""
    penetrating: bool = False
    """Powerful enough to penetrate cover (Z-COVER-01, R-Z-13)."""
    shield: bool = False
    """A shield used as a weapon (Z-GEAR-02)."""

    @die.validator
    def _die(self, attribute: attrs.Attribute[int], value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value not in DICE:
            raise StateError(f"Weapon.die {value!r}: one of {DICE}")

    @property
    def ranged(self) -> bool:
        """A ranged weapon (Z-ATK-01)."""
        return self.range > 0

    @property
    def worn(self) -> bool:
        """Damaged, or improvised and so handled as damaged (Z-GEAR-02, Z-GEAR-04)."""
        return self.damaged or self.improvised


@attrs.frozen
class Armour:
    """Worn armour or a carried shield: its armour value (Z-COVER-01, Z-GEAR-03)."""

    name: str = attrs.field(validator=_text)
    """Its name, unique on its wearer."""
    value: int = attrs.field(default=1, validator=_whole(0, ARMOUR_CAP))
    """Armour value it gives (light armour 1, a shield 1: the text's "armour value of 2")."""
    shield: bool = False
    """A shield (destroyed before armour, Z-GEAR-03; takes a hand)."""
    damaged: bool = False
    """Damaged: destroyed by an attack of 8 or more before armour reduction (Z-GEAR-03)."""


@attrs.frozen
class ZoneCharacter:
    """A character's zone-game sheet: statistics, health, gear and state in the fight."""

    id: str = attrs.field(validator=_text)
    """The encounter creature it belongs to."""
    strength: int = attrs.field(default=10, validator=_whole(0, MAX_SCORE))
    """STR, for STR saves (Z-NL-03..07)."""
    agility: int = attrs.field(default=10, validator=_whole(0, MAX_SCORE))
    """AGI, for dodging (Z-REACT-04) and chases (Z-CHASE-01)."""
    wits: int = attrs.field(default=10, validator=_whole(0, MAX_SCORE))
    """WIT, for hitting (Z-ATK-05) and morale (Z-MORALE-02)."""
    health_max: int = attrs.field(default=6, validator=_whole(1, MAX_SCORE))
    """Maximum health."""
    health: int = attrs.field(default=attrs.Factory(lambda self: self.health_max, takes_self=True))
    """Health now, from 0 to the maximum."""
    weapons: tuple[Weapon, ...] = attrs.field(default=(), converter=_weapons)
    """Weapons carried, each ready to attack with (Z-ATK-02)."""
    armour: tuple[Armour, ...] = attrs.field(default=(), converter=_armours)
    """Armour worn and shields carried (Z-COVER-01)."""
    hands: int = attrs.field(default=2, validator=_whole(0, 8))
    """Hands (or appendages) it has (Z-NL-03, Z-SIZE-09)."""
    size: str = "medium"
    """Its step on the size ladder (Z-SIZE, R-Z-9)."""
    fearless: bool = False
    """Immune to fear, hence to morale (Z-MORALE-03)."""
    incapacitated: bool = False
    """Incapacitated by critical damage (Z-ATK-04, R-Z-7): it can neither act nor react."""
    concealed: bool = False
    """Concealed from its enemies (Z-SNEAK-01..03)."""
    grabbed_by: str | None = None
    """The character holding it (Z-NL-05..08)."""
    used: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """Names of its weapons and armour used at least once in the fight (Z-GEAR-01)."""

    def __attrs_post_init__(self) -> None:
        whole_number(self.health, 0, self.health_max, what=f"health of {self.id!r}", error=StateError)
        if self.size not in SIZE_LADDER:
            raise StateError(f"size of {self.id!r} {self.size!r}: one of {SIZE_LADDER}")
        for kind, items in (("weapon", self.weapons), ("armour", self.armour)):
            names = [i.name for i in items]
            if len(set(names)) != len(names):
                raise StateError(f"{kind}s of {self.id!r}: each name once, got {names!r}")

    @property
    def step(self) -> int:
        """Its rung on the size ladder (R-Z-9)."""
        return SIZE_LADDER.index(self.size)

    @property
    def free_hands(self) -> int:
        """Hands left free: not holding a shield or its largest weapon (Z-NL-03, R-Z-17)."""
        shields = sum(1 for a in self.armour if a.shield)
        return max(0, self.hands - shields - max((w.hands for w in self.weapons), default=0))

    @property
    def armour_value(self) -> int:
        """Armour value of its armour and shields, never above 3 (Z-COVER-01)."""
        return min(ARMOUR_CAP, sum(a.value for a in self.armour))

    def weapon(self, name: str) -> Weapon:
        """The weapon named ``name``; :class:`KeyError` if it has none."""
        for w in self.weapons:
            if w.name == name:
                return w
        raise KeyError(name)


@attrs.frozen
class Zone:
    """A named region of the map (cells of a grid map, or a node of a plain graph)."""

    id: str = attrs.field(validator=_text)
    """The zone's id."""
    neighbours: tuple[str, ...] = attrs.field(default=(), converter=_texts)
    """Zones it borders (the adjacency graph is made symmetric by :class:`ZoneMap`)."""
    name: str = ""
    """A label for pictures."""
    cells: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_cells)
    """Its cells on a grid map, if drawn over one."""
    cover: int = attrs.field(default=0, validator=_whole(0, ARMOUR_CAP))
    """Sources of cover for characters in it against attacks from other zones (Z-COVER-01)."""
    dark: bool = False
    """In complete darkness: characters in it are not visible (Z-ATK-05)."""
    hazard: str = ""
    """A hazard a shove may push a character into (Z-NL-04): pit, lava, trap..."""


@attrs.frozen
class ZoneMap:
    """Zones and the borders between them; sight lines and barriers between zones."""

    zones: tuple[Zone, ...] = attrs.field(converter=_zones)
    """The zones, in a fixed order."""
    blind: frozenset[tuple[str, str]] = attrs.field(default=frozenset(), converter=_pairs)
    """Pairs of zones without a line of effect between them (no sight, no ranged attack)."""
    barriers: frozenset[tuple[str, str]] = attrs.field(default=frozenset(), converter=_pairs)
    """Pairs of bordering zones with a barrier between them (Z-COVER-02)."""
    _graph: dict[str, frozenset[str]] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        ids = [z.id for z in self.zones]
        if not ids or len(set(ids)) != len(ids):
            raise StateError(f"zones {ids!r}: at least one, each id once")
        graph: dict[str, set[str]] = {z: set() for z in ids}
        for z in self.zones:
            for n in z.neighbours:
                if n not in graph or n == z.id:
                    raise StateError(f"zone {z.id!r}: neighbour {n!r} is not another zone of the map")
                graph[z.id].add(n)
                graph[n].add(z.id)
        for a, b in self.blind | self.barriers:
            if a not in graph or b not in graph:
                raise StateError(f"zone pair ({a!r}, {b!r}): not zones of the map")
        seen: dict[tuple[int, int], str] = {}
        for z in self.zones:
            for cell in z.cells:
                if cell in seen:
                    raise StateError(f"cell {cell}: in zones {seen[cell]!r} and {z.id!r}")
                seen[cell] = z.id
        object.__setattr__(self, "_graph", {k: frozenset(v) for k, v in graph.items()})

    def zone(self, zid: str) -> Zone:
        """The zone ``zid``; :class:`KeyError` if none."""
        for z in self.zones:
            if z.id == zid:
                return z
        raise KeyError(zid)

    def __contains__(self, zid: object) -> bool:
        return zid in self._graph

    def neighbours(self, zid: str) -> frozenset[str]:
        """The zones bordering ``zid``."""
        return self._graph[zid]

    def distances(self, start: str) -> dict[str, int]:
        """Distance in zones from ``start`` to every zone it connects to (breadth first)."""
        out = {start: 0}
        frontier = [start]
        while frontier:
            nxt: list[str] = []
            for z in frontier:
                for n in sorted(self._graph[z]):
                    if n not in out:
                        out[n] = out[z] + 1
                        nxt.append(n)
            frontier = nxt
        return out

    def zone_at(self, x: int, y: int) -> str | None:
        """The zone whose cells hold ``(x, y)``, if any."""
        for z in self.zones:
            if (x, y) in z.cells:
                return z.id
        return None


@attrs.frozen
class Place:
    """Where a character stands: in a zone, or on the border between it and ``border``."""

    zone: str = attrs.field(validator=_text)
    """Its zone."""
    border: str | None = None
    """The other zone of the border it stands on (shoves and mounting move half a zone)."""

    def touches(self) -> frozenset[str]:
        """The zones it is in or on the border of (Z-BLAST-01)."""
        return frozenset((self.zone,) if self.border is None else (self.zone, self.border))

    def __str__(self) -> str:
        return self.zone if self.border is None else f"{self.zone}|{self.border}"


@attrs.frozen
class ZoneRulings:
    """The decisions the text leaves to the table, each a parameter (R-Z-6..R-Z-16)."""

    save_die: int = 20
    """R-Z-6 (Z-AMB-05): saves are a d20 roll that passes when it is at most the score."""
    critical_numerator: int = 1
    """R-Z-7 (Z-AMB-12): a hit is critical damage, incapacitating, when it deals at least
    ``critical_numerator / critical_denominator`` of the target's maximum health (the text's
    bandit: a hit of 4 of his 8 is); a hit that leaves it at 0 health always is. 0/1 incapacitates
    at 0 health only."""
    critical_denominator: int = 2
    """See :attr:`critical_numerator`."""
    impaired: str = "halve"
    """R-Z-8 (Z-AMB-12): impaired damage is the rolled damage halved, rounded up ("halve"), or
    the lower of two rolls ("lower")."""
    massive_from: str = "huge"
    """R-Z-9 (Z-AMB-09): the first rung of the size ladder that is massive (Z-SIZE-04)."""
    durability_die: int = 6
    """R-Z-10 (Z-AMB-12): the durability roll after a fight is this die ..."""
    durability_fail: int = 1
    """... and a roll at most this damages the item; a damaged item is destroyed (Z-GEAR-01)."""
    wear_threshold: int = 8  # Z-GEAR-03: at least 8 damage before armour reduction
    """Damage before armour reduction that destroys a damaged shield or armour (Z-GEAR-03)."""
    counter_cancels: bool = True
    """R-Z-11 (Z-AMB-07): a character incapacitated by the first hit of a counter deals no damage."""

    def __attrs_post_init__(self) -> None:
        if self.impaired not in ("halve", "lower"):
            raise StateError(f"rulings impaired {self.impaired!r}: 'halve' or 'lower'")
        if self.massive_from not in SIZE_LADDER:
            raise StateError(f"rulings massive_from {self.massive_from!r}: one of {SIZE_LADDER}")
        for name in ("save_die", "critical_denominator", "durability_die", "wear_threshold"):
            whole_number(getattr(self, name), 1, 10_000, what=f"rulings {name}", error=StateError)
        for name in ("critical_numerator", "durability_fail"):
            whole_number(getattr(self, name), 0, 10_000, what=f"rulings {name}", error=StateError)


@attrs.frozen
class Counter:
    """A counter to a pending attack (Z-REACT-05)."""

    creature: str
    """Who counters."""
    weapon: str | None = None
    """With which weapon (None: unarmed)."""
    kind: str = "attack"
    """A damaging attack or a non-lethal one (Z-NL-01)."""


@attrs.frozen
class PendingAttack:
    """An attack declared and hit, waiting for reactions and its damage roll (Z-REACT-01)."""

    id: str
    """The attack's id, for the one-reaction-per-attack rule (Z-REACT-03)."""
    attacker: str
    """Who attacks."""
    targets: tuple[str, ...]
    """Its targets now (guarding and hiding behind change them, Z-REACT-08, Z-REACT-09)."""
    weapon: str | None = None
    """The weapon used (None: unarmed, Z-ATK-02)."""
    kind: str = "attack"
    """A damaging attack, or a disarm, shove or grapple (Z-NL)."""
    mode: str = "normal"
    """``"hold_back"`` for impaired damage (Z-ATK-03)."""
    blast: str | None = None
    """The zone a blast hits (Z-BLAST-01)."""
    dice: tuple[tuple[str, int], ...] = ()
    """Damage dice per target of a larger attacker's melee attack split among targets (Z-SIZE-02)."""
    surprise: bool = False
    """Made by a concealed attacker: the targets cannot react (Z-SNEAK-02)."""
    peeking: bool = False
    """Made by peeking out from behind a barrier (Z-COVER-02)."""
    opportunity: bool = False
    """An opportunity attack (Z-REACT-10)."""
    stunt: str | None = None
    """An alternative effect the attacker proposes instead of damage (Z-STUNT-01)."""
    stunt_refused: bool = False
    """The target refused the stunt: the attack resolves as normal."""
    dodged: tuple[str, ...] = ()
    """Targets whose dodge passed: the attack misses them (Z-REACT-04)."""
    counters: tuple[Counter, ...] = ()
    """Counters taken (Z-REACT-05, Z-REACT-07)."""
    reacted: tuple[str, ...] = ()
    """Characters that reacted to it (Z-REACT-03)."""


@attrs.frozen
class Interrupted:
    """A move stopped by opportunity attacks, to resume after them (Z-REACT-10)."""

    creature: str
    """Who was moving."""
    path: tuple[str, ...]
    """The zones still to move through."""
    attackers: tuple[tuple[str, str | None], ...] = ()
    """Opportunity attackers still to strike, with their weapons."""
    sneaking: bool = False
    """Whether the move is sneaking (Z-SNEAK-03)."""


@attrs.frozen
class ZoneWorld:
    """The zone game's state: the map, where characters stand, their sheets, the pending attack."""

    map: ZoneMap
    """The zones."""
    places: immutables.Map[str, Place] = attrs.field(factory=immutables.Map, converter=_places)
    """Where each character stands."""
    sheets: immutables.Map[str, ZoneCharacter] = attrs.field(factory=immutables.Map, converter=_sheets)
    """Each character's sheet."""
    rulings: ZoneRulings = attrs.field(factory=ZoneRulings)
    """The table's decisions on what the text leaves open."""
    pending: PendingAttack | None = None
    """The attack waiting for reactions and damage."""
    interrupted: Interrupted | None = None
    """A move waiting for opportunity attacks to end (Z-REACT-10)."""
    dropped: tuple[tuple[str, Weapon], ...] = ()
    """Weapons lying in zones (Z-NL-03)."""
    attacks: int = attrs.field(default=0, validator=_whole(0, 10**12))
    """Attacks declared so far (their ids)."""

    def __attrs_post_init__(self) -> None:
        for cid, place in self.places.items():
            if place.zone not in self.map or (place.border is not None and place.border not in self.map):
                raise StateError(f"place of {cid!r} {place}: not zones of the map")
            if place.border is not None and place.border not in self.map.neighbours(place.zone):
                raise StateError(f"place of {cid!r} {place}: a border lies between bordering zones")
        for cid, sheet in self.sheets.items():
            if cid != sheet.id:
                raise StateError(f"sheets: key {cid!r} holds sheet {sheet.id!r}")
            if cid not in self.places:
                raise StateError(f"sheet {cid!r}: the character has no place on the zone map")

    def check(self, creatures: Iterable[str]) -> None:
        """Raise :class:`StateError` unless every character named is a creature of the encounter."""
        known = set(creatures)
        for cid in (*self.places.keys(), *self.sheets.keys()):
            if cid not in known:
                raise StateError(f"zone world: {cid!r} is not a creature of the encounter")
        for sheet in self.sheets.values():
            if sheet.grabbed_by is not None and sheet.grabbed_by not in known:
                raise StateError(f"{sheet.id!r} is grabbed by {sheet.grabbed_by!r}, not a creature")

    def sheet(self, cid: str) -> ZoneCharacter:
        """The sheet of ``cid``; :class:`KeyError` if none."""
        return self.sheets[cid]

    def place(self, cid: str) -> Place:
        """Where ``cid`` stands; :class:`KeyError` if nowhere."""
        return self.places[cid]

    def with_sheet(self, sheet: ZoneCharacter) -> ZoneWorld:
        """This world with one sheet replaced."""
        return attrs.evolve(self, sheets=self.sheets.set(sheet.id, sheet))

    def with_place(self, cid: str, place: Place) -> ZoneWorld:
        """This world with one character moved."""
        return attrs.evolve(self, places=self.places.set(cid, place))

    def in_zone(self, zid: str) -> Iterator[str]:
        """Characters in ``zid`` or on its borders, in id order (Z-BLAST-01)."""
        return iter(sorted(c for c, p in self.places.items() if zid in p.touches()))


ZONE = "zone"
"""The zone game's name: its key in :attr:`~brawl.state.Encounter.games` and in a
saved encounter."""
register_ruleset(ZONE, ZoneWorld, check=ZoneWorld.check)


def world(state: Encounter) -> ZoneWorld | None:
    """The zone game's state of ``state``: its map, places and sheets; None if it has none."""
    if not isinstance(state, Encounter):
        raise ArgumentTypeError(f"world(state={state!r:.60}): expected Encounter", rule=())
    found: ZoneWorld | None = state.games.get(ZONE)
    return found


def with_world(state: Encounter, zone: ZoneWorld | None) -> Encounter:
    """``state`` with the zone game's state replaced (None: removed), checked against its creatures."""
    if not isinstance(state, Encounter):
        raise ArgumentTypeError(f"with_world(state={state!r:.60}): expected Encounter", rule=())
    return state.with_game(ZONE, zone)


__all__ = [
    "ARMOUR_CAP",
    "DICE",
    "KINDS",
    "MODES",
    "SIZE_LADDER",
    "UNARMED_DIE",
    "ZONE",
    "Armour",
    "Counter",
    "Interrupted",
    "PendingAttack",
    "Place",
    "Weapon",
    "Zone",
    "ZoneCharacter",
    "ZoneMap",
    "ZoneRulings",
    "ZoneWorld",
    "with_world",
    "world",
]
