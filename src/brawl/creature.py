"""Creatures and objects on the map.

Derived values (winded value, recovery value, winded, dying) are computed from Stamina, never
stored (DS-STAM-02, DS-STAM-04, DS-STAM-06, R-STAM-1, R-STAM-2).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import attrs
import immutables

from brawl.abilities.model import EFFECT_TYPES, Ability
from brawl.abilities.model import Effect as AbilityEffect
from brawl.cells import OBJECT_STAMINA_PER_SQUARE, Cell, Material
from brawl.checks import check_flag, check_text, whole_number
from brawl.conditions import Condition, ConditionName, Effect, NamedCondition, StabilityModifier
from brawl.damagetypes import (
    DamageType,
    Immunities,
    ImmunityValue,
    Weaknesses,
    immunities,
    weaknesses,
)
from brawl.enums import ReprEnum
from brawl.errors import ArgumentTypeError, StateError
from brawl.fields import record_repr
from brawl.geometry import Pos, as_pos, cube
from brawl.size import MAX_SIZE, Size

HEROES = "heroes"
"""The players' side (DS-SIDE-01)."""
DIRECTOR = "director"
"""The Director's side: every creature opposing the heroes (DS-SIDE-02)."""

CHARACTERISTIC_RANGE = range(-5, 6)
"""Characteristic scores run from -5 to +5 (RB4-CHARACTERISTICS)."""

MAX_SPEED = 1_000
"""The largest speed (and stability) a creature may have, in squares."""
MAX_STAMINA = 1_000_000
"""The largest Stamina maximum."""
MAX_LEVEL = 100
"""The highest level."""
MAX_COUNT = 1_000_000
"""The largest count a record keeps (Recoveries, squares still to fall, rounds of held breath)."""
HERO_CLASSES = (
    "censor", "conduit", "elementalist", "fury", "null", "shadow", "tactician", "talent", "troubadour",
)  # fmt: skip
"""The nine classes, each with its own Heroic Resource (RB-HR-01)."""


def check_hero_class(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    """Field validator: ``""`` or one of :data:`HERO_CLASSES` (RB-HR-01)."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"hero_class {value!r:.60}: a class name", rule="RB-HR-01")
    if value and value not in HERO_CLASSES:
        raise StateError(f"hero_class {value!r:.60}: not one of {', '.join(HERO_CLASSES)} (RB-HR-01)")


class MovementType(ReprEnum):
    """Movement a creature has in its speed entry (DS-MTYPE-01; hover and teleport as flags, AMB-57).

    Jump and crawl need no entry: every creature can jump and crawl (DS-MTYPE-18, DS-MTYPE-22).
    """

    WALK = "walk"
    CLIMB = "climb"
    SWIM = "swim"
    FLY = "fly"
    HOVER = "hover"
    BURROW = "burrow"
    TELEPORT = "teleport"


_GAIN = re.compile(r"([0-9]{1,3})(?:d([0-9]{1,3}))?")
MAX_GAIN_DICE = 100
"""Most dice, and most sides, of a Heroic Resource gain."""


def gain_dice(text: str) -> tuple[int, int]:
    """A Heroic Resource gain as ``(count, sides)``: ``"2"`` is ``(2, 0)`` (no die), ``"1d3"``
    ``(1, 3)``, ``""`` ``(0, 0)``; anything else raises (R-ABIL-13)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"resource_gain {text!r}: a text such as '2' or '1d3'", rule="R-ABIL-13")
    if not text:
        return 0, 0
    found = _GAIN.fullmatch(text)
    if found is None:
        raise StateError(f"resource_gain {text!r}: a whole number or dice such as '1d3' (R-ABIL-13)")
    count, sides = int(found[1]), int(found[2] or 0)
    if found[2] is not None and not (1 <= count <= MAX_GAIN_DICE and 1 <= sides <= MAX_GAIN_DICE):
        raise StateError(f"resource_gain {text!r}: 1 to {MAX_GAIN_DICE} dice of 1 to {MAX_GAIN_DICE} sides")
    return count, sides


def _whole(minimum: int, maximum: int | None = None) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        whole_number(value, minimum, maximum, what=attribute.name, error=StateError)

    return check


def _characteristic(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    whole_number(
        value,
        CHARACTERISTIC_RANGE.start,
        CHARACTERISTIC_RANGE.stop - 1,
        what=attribute.name,
        error=StateError,
    )


@attrs.frozen
class Characteristics:
    """The five characteristics, each from -5 to +5 (RB4-CHARACTERISTICS)."""

    might: int = attrs.field(default=0, validator=_characteristic)
    agility: int = attrs.field(default=0, validator=_characteristic)
    reason: int = attrs.field(default=0, validator=_characteristic)
    intuition: int = attrs.field(default=0, validator=_characteristic)
    presence: int = attrs.field(default=0, validator=_characteristic)

    def get(self, name: str) -> int:
        """A characteristic by name (``"might"``) or initial (``"M"``)."""
        full = {"m": "might", "a": "agility", "r": "reason", "i": "intuition", "p": "presence"}
        key = full.get(name.lower(), name.lower())
        if key not in full.values():
            raise StateError(
                f"characteristic {name!r}: not one of might, agility, reason, intuition, presence"
            )
        value: int = getattr(self, key)
        return value


def as_movement(value: Iterable[MovementType | str]) -> frozenset[MovementType]:
    """Movement types from names; a string or a non-collection is a ``TypeError`` (DS-MTYPE-01)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"movement {value!r}: a set of movement types is needed", rule=())
    try:
        return frozenset(MovementType(v) for v in value)
    except ValueError as exc:
        raise StateError(f"movement {value!r}: {exc}") from None


def as_size(value: Size | str | int) -> Size:
    """A size from ``Size``, text (``"1M"``) or a number; a bad one is a :class:`StateError` (DS-SIZE-01)."""
    try:
        return Size.parse(value)
    except ValueError as exc:
        raise StateError(str(exc)) from None


def _conditions(value: object) -> tuple[Condition, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"conditions {value!r}: a sequence of Conditions is needed", rule=())
    items = tuple(value)
    if not all(isinstance(c, Condition) for c in items):
        raise StateError(f"conditions {value!r}: each must be a Condition")
    return items


def _named_conditions(value: object) -> tuple[NamedCondition, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"named_conditions {value!r}: a sequence of NamedConditions is needed", rule=()
        )
    items = tuple(value)
    if not all(isinstance(c, NamedCondition) for c in items):
        raise StateError(f"named_conditions {value!r}: each must be a NamedCondition")
    return items


def _effects(value: object) -> tuple[Effect, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"effects {value!r}: a sequence of Effects is needed", rule=())
    items = tuple(value)
    if not all(isinstance(e, Effect) for e in items):
        raise StateError(f"effects {value!r}: each must be an Effect")
    return items


def _modifiers(value: Iterable[StabilityModifier]) -> tuple[StabilityModifier, ...]:
    given: object = value  # a caller may pass anything
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise ArgumentTypeError(
            f"stability_modifiers {value!r:.60}: a sequence of StabilityModifiers is needed, "
            f"not {type(value).__name__}",
            rule="DS-FORCE-18",
        )
    items = tuple(value)
    if not all(isinstance(m, StabilityModifier) for m in items):
        raise StateError(f"stability modifiers {value!r}: each must be a StabilityModifier")
    return items


def _table(value: object, field: str, rule: str) -> None:
    """Refuse a damage table that is no mapping (``immunities=5``) with an ArgumentTypeError."""
    if value is not None and not isinstance(value, Mapping):
        raise ArgumentTypeError(
            f"{field} {value!r:.60}: a mapping of damage type to value is needed, not {type(value).__name__}",
            rule=rule,
        )


def as_immunities(
    value: Mapping[str, ImmunityValue] | Mapping[DamageType, ImmunityValue] | None,
) -> Immunities:
    """Immunities from a mapping of damage types; a bad entry is a :class:`StateError` (DS-DMG-04)."""
    _table(value, "immunities", "DS-DMG-04")
    try:
        return immunities(value)
    except ValueError as exc:
        raise StateError(str(exc)) from None


def as_weaknesses(value: Mapping[str, int] | Mapping[DamageType, int] | None) -> Weaknesses:
    """Weaknesses from a mapping of damage types; a bad entry is a :class:`StateError` (DS-DMG-08)."""
    _table(value, "weaknesses", "DS-DMG-08")
    try:
        return weaknesses(value)
    except ValueError as exc:
        raise StateError(str(exc)) from None


def _names(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise StateError(f"consumables {value!r}: a list of item names, not one string")
    try:
        items = tuple(value)
    except TypeError:
        raise StateError(f"consumables {value!r}: a list of item names") from None
    for i in items:
        check_text(i, "consumable name")
    return items


def _ids(value: Iterable[str]) -> frozenset[str]:
    if isinstance(value, str):
        raise StateError(f"hidden_from {value!r}: a set of creature ids, not one string")
    try:
        items = frozenset(value)
    except TypeError:
        raise StateError(f"hidden_from {value!r}: a set of creature ids") from None
    for i in items:
        check_text(i, "hidden_from id")
    return items


def _ability_names(value: Iterable[str]) -> frozenset[str]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"heroic_used_outside {value!r:.60}: a set of ability names", rule="RB-HR-08")
    try:
        items = frozenset(value)
    except TypeError:
        raise ArgumentTypeError(
            f"heroic_used_outside {value!r:.60}: a set of ability names", rule="RB-HR-08"
        ) from None
    for i in items:
        check_text(i, "heroic_used_outside ability name")
    return items


def _abilities(value: object) -> tuple[Ability, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"abilities {value!r}: a sequence of Abilities is needed", rule=())
    items = tuple(value)
    for a in items:
        if not isinstance(a, Ability):
            raise ArgumentTypeError(f"abilities: {a!r} is not an Ability", rule=())
    if len({a.name for a in items}) != len(items):
        raise StateError(f"abilities {[a.name for a in items]!r}: two abilities share a name")
    return items


@attrs.frozen
class CaptainBenefit:
    """What each minion of a squad gains while the squad has a captain: its stat block's "With
    Captain" entry as numbers (RB-CAPT-05). Each field is one form the stat blocks print."""

    damage: int = attrs.field(default=0, validator=_whole(0, MAX_SPEED))
    """"+1 damage bonus to strikes": damage added to each of its strikes."""
    edge: bool = False
    """"Gain an edge on strikes": an edge on each of its strikes."""
    speed: int = attrs.field(default=0, validator=_whole(0, MAX_SPEED))
    """"+2 bonus to speed": squares added to its speed."""
    ranged_distance: int = attrs.field(default=0, validator=_whole(0, MAX_SPEED))
    """"+5 bonus to ranged distance": squares added to the distance of its ranged abilities."""
    stamina: int = attrs.field(default=0, validator=_whole(0, MAX_SPEED))
    """"+2 bonus to Stamina": Stamina added to each minion's (R-SQUAD-4)."""

    def __attrs_post_init__(self) -> None:
        check_flag(self.edge, "with captain edge")

    def __bool__(self) -> bool:
        return bool(self.damage or self.edge or self.speed or self.ranged_distance or self.stamina)


def _benefit(value: object) -> CaptainBenefit | None:
    if value is not None and not isinstance(value, CaptainBenefit):
        raise ArgumentTypeError(f"with_captain {value!r:.60}: a CaptainBenefit or None", rule="RB-CAPT-05")
    return value


def _pos(value: Iterable[int]) -> Pos:
    try:
        return as_pos(value)
    except ValueError as exc:
        raise StateError(str(exc)) from None


def _lasting_areas(value: object) -> tuple[LastingArea, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"areas {value!r:.60}: a sequence of LastingAreas is needed", rule="R-AREA-8")
    items = tuple(value)
    if len(items) > MAX_AREA_ITEMS:
        raise StateError(f"areas: at most {MAX_AREA_ITEMS:,} lasting areas")
    if not all(isinstance(a, LastingArea) for a in items):
        raise StateError(f"areas {value!r:.60}: each must be a LastingArea")
    return items


@attrs.frozen
class Creature:
    """A creature: a hero or a Director-controlled creature.

    Build one with keywords; everything has a sensible default but ``id``::

        Creature(id="kira", name="Kira", side="heroes", hero=True, stamina=30, stamina_max=30)
    """

    __field_checks_alone__: ClassVar[bool] = True
    """Each field's converter and validator reads its own value; the checks across fields are in
    ``__attrs_post_init__`` (:func:`brawl.fields.replaced` relies on it)."""
    __repr__ = record_repr  # its sets and maps shown sorted, whatever the hash seed

    id: str = attrs.field()
    """Unique id within the encounter."""
    name: str = attrs.field(default="")
    """Display name; defaults to the id."""
    side: str = attrs.field(default=DIRECTOR)
    """``"heroes"`` or ``"director"`` in Draw Steel; a faction name in other turn systems."""
    hero: bool = False
    """A hero (dying and death below 0, Recoveries) rather than Director-controlled."""
    size: Size = attrs.field(default=Size(1, "M"), converter=as_size)
    """Size (DS-SIZE-01..08)."""
    speed: int = attrs.field(default=5, validator=_whole(0, MAX_SPEED))
    """Speed in squares before conditions (DS-MOVE-01)."""
    movement: frozenset[MovementType] = attrs.field(
        default=frozenset({MovementType.WALK}), converter=as_movement
    )
    """Movement types in the speed entry (DS-MTYPE-01)."""
    stability: int = attrs.field(default=0, validator=_whole(0, MAX_SPEED))
    """Base squares by which forced movement can be reduced, never below 0 (DS-FORCE-16..18);
    :attr:`effective_stability` adds the modifiers."""
    stability_modifiers: tuple[StabilityModifier, ...] = attrs.field(default=(), converter=_modifiers)
    """Temporary stability penalties and bonuses, each with a duration (DS-FORCE-18)."""
    characteristics: Characteristics = attrs.field(factory=Characteristics)
    """Might, Agility, Reason, Intuition, Presence."""
    stamina_max: int = attrs.field(default=10, validator=_whole(1, MAX_STAMINA))
    """Stamina maximum (current, after any reduction, DS-DMG-13)."""
    stamina: int = attrs.field(default=attrs.Factory(lambda self: self.stamina_max, takes_self=True))
    """Current Stamina; may be negative for a dying hero (DS-STAM-06)."""
    temporary_stamina: int = attrs.field(default=0, validator=_whole(0))
    """Temporary Stamina (DS-STAM-17..22)."""
    recoveries: int = attrs.field(default=0, validator=_whole(0))
    """Recoveries left (DS-STAM-01)."""
    recoveries_max: int = attrs.field(
        default=attrs.Factory(lambda self: self.recoveries, takes_self=True), validator=_whole(0)
    )
    """Recoveries at full (set by the class)."""
    immunities: Immunities = attrs.field(factory=immutables.Map, converter=as_immunities)
    """Damage immunities by type, ``"damage"`` for untyped (DS-DMG-04, R-DMG-2)."""
    weaknesses: Weaknesses = attrs.field(factory=immutables.Map, converter=as_weaknesses)
    """Damage weaknesses by type, ``"damage"`` for untyped (DS-DMG-08, DS-DMG-09)."""
    conditions: tuple[Condition, ...] = attrs.field(default=(), converter=_conditions)
    """Conditions with their durations and sources."""
    effects: tuple[Effect, ...] = attrs.field(default=(), converter=_effects)
    """Lasting effects of standard actions on this creature (Aid Attack, Defend)."""
    pos: Pos = attrs.field(default=Pos(0, 0, 0), converter=_pos)
    """Lowest corner of the creature's cube (R-GEO-1)."""
    level: int = attrs.field(default=1, validator=_whole(1, MAX_LEVEL))
    """Level (heroes; also used by bleeding, 1d6 + level)."""
    group: str | None = None
    """Director group that shares one slot in the turn order (R-TURN-3)."""
    solo: bool = False
    """A solo creature: two turns a round, never back to back (RB5-SOLO)."""
    riding: str | None = None
    """Id of the mount this creature rides (DS-MOUNT-01..10)."""
    falling: int = attrs.field(default=0, validator=_whole(0))
    """Squares still to fall, for a creature falling far (R-FALL-5)."""
    fall_started: bool = False
    """Began falling far this round: its next 100 squares come at the end of the next round,
    not this one (DS-FALL-09, R-FALL-5)."""
    breath_held: int = attrs.field(default=0, validator=_whole(0))
    """Combat rounds this creature has held its breath (DS-ENV-03)."""
    squeezed: bool = False
    """Forced into the space of a creature within 1 size of its own (DS-MOVE-05, DS-MOVE-06)."""
    dead: bool = False
    """Dead (heroes, DS-STAM-08) or dead or destroyed (Director creatures, DS-STAM-10)."""
    hidden_from: frozenset[str] = attrs.field(default=frozenset(), converter=_ids)
    """Ids of the creatures this creature is hidden from (DS-ACT-11, DS-COND-14, RB3-HIDE)."""
    invisible: bool = False
    """Invisible: it always has concealment (DS-EDGE-10)."""
    consumables: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """The consumables it carries, one entry each (DS-ACT-16): Use Consumable spends one. Empty:
    the encounter does not track its items, and any named item may be used."""
    abilities: tuple[Ability, ...] = attrs.field(default=(), converter=_abilities)
    """The abilities it can use (:func:`brawl.use_ability`), names unique."""
    heroic_resource: int = attrs.field(default=0, validator=_whole(-MAX_COUNT, MAX_COUNT))
    """A hero's Heroic Resource (Focus, Wrath...), spent by abilities that cost it; below 0 only a
    talent's clarity, down to -(1 + Reason) (RB-HR-16)."""
    victories: int = attrs.field(default=0, validator=_whole(0, MAX_COUNT))
    """The Victories a hero holds (RB-EV-01): its Heroic Resource at the start of combat
    (RB-HR-04), the Director's starting Malice (their average, RB-MALICE-01) and the party's
    encounter strength (RB-EV-07)."""
    resource_gain: str = attrs.field(default="", validator=lambda _i, _a, v: gain_dice(v))
    """Heroic Resource gained at the start of each of its turns in combat: ``"2"`` or ``"1d3"``;
    ``""`` none (R-ABIL-13)."""
    named_conditions: tuple[NamedCondition, ...] = attrs.field(default=(), converter=_named_conditions)
    """Effects the nine conditions do not cover ("burning"), by name with their durations and
    sources; shown and ended like conditions, with no other consequence (R-ABIL-16)."""
    areas: tuple[LastingArea, ...] = attrs.field(default=(), converter=_lasting_areas)
    """The walls and auras it made that still last, each with its duration and timed effects
    (R-AREA-8..12)."""
    minion: bool = False
    """A minion: never winded, never regains Stamina or gains temporary Stamina (RB-SQUAD-05);
    with a :attr:`squad`, its Stamina is part of the squad's pool (RB-SQUAD-03)."""
    squad: str | None = None
    """The name of the minion squad it belongs to: minions of one name form squads of up to 8
    that share one Stamina pool and one turn (RB-SQUAD-01..04)."""
    captain_of: str | None = None
    """The squad this creature captains, at most one (RB-CAPT-01, RB-CAPT-02); named by
    :func:`brawl.name_captain`, which also gives the minions the speed and Stamina of their
    "With Captain" benefit (a value set here directly gives them nothing, R-SQUAD-4)."""
    with_captain: CaptainBenefit | None = attrs.field(default=None, converter=_benefit)
    """A minion's "With Captain" benefit, while its squad has a captain (RB-CAPT-05)."""
    end_effect: int = attrs.field(default=0, validator=_whole(0, MAX_STAMINA))
    """A solo's End Effect: the damage it takes at the end of each of its turns to end one
    save-ends effect (RB-SOLO-02); 0: none."""
    free_strike: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(_whole(0, MAX_STAMINA))
    )
    """A Director creature's Free Strike value, dealt with no roll (RB-MFS-01); None: its free
    strike rolls as a hero's does."""
    hero_class: str = attrs.field(default="", validator=check_hero_class)
    """A hero's class (``"censor"``...; ``""`` none): the name of its Heroic Resource (RB-HR-01) and
    its gain at the start of each of its turns by level (RB-HR-05, RB-HR-06), unless
    ``resource_gain`` says otherwise."""
    heroic_used_outside: frozenset[str] = attrs.field(default=frozenset(), converter=_ability_names)
    """The heroic abilities it used outside combat without spending its Heroic Resource: not again
    that way until it earns a Victory or finishes a respite (RB-HR-08)."""
    surges: int = attrs.field(default=0, validator=_whole(0, MAX_COUNT))
    """Surges held, spent for extra damage or potency and lost at the end of combat (RB-SURGE-01..04)."""
    null_field: int = attrs.field(default=1, validator=_whole(1, MAX_SPEED))
    """A null's Null Field: the radius of the aura it projects around its space while alive and
    conscious, where an enemy's main action gives it discipline (RB-HR-13, ruling R-HERO-8)."""

    def __attrs_post_init__(self) -> None:
        _check_creature_fields(self)
        if not self.name:
            object.__setattr__(self, "name", self.id)
        if self.stamina > self.stamina_max:
            raise StateError(
                f"creature {self.id!r}: stamina {self.stamina} above its maximum {self.stamina_max}"
            )
        if self.recoveries > self.recoveries_max:
            raise StateError(
                f"creature {self.id!r}: recoveries {self.recoveries} above {self.recoveries_max}"
            )

    # derived values (never stored) ---------------------------------------------------------
    @property
    def n(self) -> int:
        """Edge of the cube the creature occupies."""
        return self.size.squares

    @property
    def effective_stability(self) -> int:
        """Base stability plus every modifier, never below 0 (DS-FORCE-18)."""
        return max(0, self.stability + sum(m.amount for m in self.stability_modifiers))

    @property
    def winded_value(self) -> int:
        """Half the Stamina maximum, rounded down (DS-STAM-04, R-STAM-1)."""
        return self.stamina_max // 2

    @property
    def recovery_value(self) -> int:
        """A third of the Stamina maximum, rounded down (DS-STAM-02, R-STAM-2)."""
        return self.stamina_max // 3

    @property
    def is_winded(self) -> bool:
        """Stamina at or below the winded value, temporary Stamina ignored (DS-STAM-04, DS-STAM-17);
        a minion never is (RB-SQUAD-05)."""
        return not self.dead and not self.minion and self.stamina <= self.winded_value

    @property
    def is_dying(self) -> bool:
        """A living hero at Stamina 0 or lower (DS-STAM-06)."""
        return self.hero and not self.dead and self.stamina <= 0

    @property
    def is_alive(self) -> bool:
        """Not dead."""
        return not self.dead

    def __str__(self) -> str:
        """One line: id, name, position, Stamina and what is on it (``kira (Kira) at (2, 2, 0):
        Stamina 12/30, winded, prone``)."""
        name = f" ({self.name})" if self.name and self.name != self.id else ""
        stamina = f"Stamina {self.stamina}/{self.stamina_max}"
        if self.temporary_stamina:
            stamina += f" +{self.temporary_stamina} temporary"
        states = ["dead" if self.dead else "dying" if self.is_dying else "winded" if self.is_winded else ""]
        states = [s for s in states if s]
        states += [str(c.name.value) for c in self.conditions]
        states += [c.name for c in self.named_conditions]
        return f"{self.id}{name} at {tuple(self.pos)}: {', '.join([stamina, *states])}"

    def has(self, name: ConditionName | str) -> bool:
        """Whether any instance of the condition is on the creature; it never counts twice."""
        key = name if type(name) is ConditionName else ConditionName(name)
        conditions = self.conditions  # most creatures carry none: no generator for them
        return bool(conditions) and any(c.name is key for c in conditions)

    def conditions_named(self, name: ConditionName | str) -> tuple[Condition, ...]:
        """Every instance of one condition."""
        key = name if type(name) is ConditionName else ConditionName(name)
        return tuple(c for c in self.conditions if c.name is key)

    def has_movement(self, kind: MovementType | str) -> bool:
        """Whether the speed entry lists this movement type."""
        return (kind if type(kind) is MovementType else MovementType(kind)) in self.movement

    def cells(self) -> list[Pos]:
        """Every cell of the creature's cube (DS-SIZE-02)."""
        return list(cube(self.pos, self.n))

    def ability(self, name: str) -> Ability | None:
        """The ability of this name, or None."""
        return next((a for a in self.abilities if a.name == name), None)


def resource_floor(c: Creature) -> int:
    """The lowest Heroic Resource ``c`` may hold: -(1 + Reason) for a talent's clarity, else 0 (RB-HR-16)."""
    return -(1 + c.characteristics.reason) if c.hero and c.hero_class == "talent" else 0


def _check_creature_fields(c: Creature) -> None:
    """The checks of a creature's fields that no single field validator can make."""
    check_text(c.id, "creature id")
    who = f"creature {c.id!r}:"
    check_text(c.name, f"{who} name", empty=True)
    check_text(c.side, f"{who} side")
    for flag in ("hero", "solo", "fall_started", "squeezed", "dead", "invisible", "minion"):
        check_flag(getattr(c, flag), f"{who} {flag}")
    if c.group is not None:
        check_text(c.group, f"{who} group")
    if c.squad is not None or c.captain_of is not None:
        _check_squad_fields(c, who)
    if c.minion and c.temporary_stamina:
        raise StateError(f"{who} a minion has no temporary Stamina (RB-SQUAD-05)")
    if c.heroic_resource < 0 and c.heroic_resource < resource_floor(c):
        raise StateError(
            f"{who} heroic_resource {c.heroic_resource}: below {resource_floor(c)} (only a talent's "
            "clarity goes below 0, down to -(1 + Reason), RB-HR-16)"
        )
    if c.riding is not None:
        check_text(c.riding, f"{who} riding")
        if c.riding == c.id:
            raise StateError(f"{who} cannot ride itself")
    whole_number(c.stamina, None, None, what=f"{who} stamina", error=StateError)
    for cond in c.conditions:
        if cond.name is ConditionName.GRABBED and cond.source is not None:
            check_text(cond.source, f"{who} grabbed source")
    for effect in c.effects:
        check_text(effect.source, f"{who} effect source")


def _check_squad_fields(c: Creature, who: str) -> None:
    """A squad is a minion's; a captain is no minion and no hero's mount (RB-SQUAD-01, RB-CAPT-01)."""
    if c.squad is not None:
        check_text(c.squad, f"{who} squad")
        if not c.minion:
            raise StateError(f"{who} squad {c.squad!r}: only a minion belongs to a squad (RB-SQUAD-01)")
    if c.captain_of is not None:
        check_text(c.captain_of, f"{who} captain_of")
        if c.minion:
            raise StateError(f"{who} a minion cannot captain a squad (RB-CAPT-01)")


@attrs.frozen
class MapObject:
    """An object on the map: a crate, a door, a statue (DS-SIZE-06, DS-OBJ-01..04).

    Objects have poison and psychic immunity all by default (DS-OBJ-02) and Stamina by material,
    per square of their footprint (DS-OBJ-03).
    """

    __repr__ = record_repr  # its immunities shown sorted, whatever the hash seed

    id: str
    """Unique id within the encounter (shared with creature ids)."""
    pos: Pos = attrs.field(converter=_pos)
    """Lowest corner of the object's cube."""
    material: Material = attrs.field(default=Material.WOOD, converter=Material)
    """What it is made of."""
    size: int = attrs.field(default=1, validator=_whole(1, MAX_SIZE))
    """Edge of the cube it occupies, 1 to 100 (DS-SIZE-06)."""
    name: str = ""
    """Display name."""
    stamina_max: int = attrs.field(
        default=attrs.Factory(
            lambda self: OBJECT_STAMINA_PER_SQUARE.get(self.material, 1) * self.size * self.size,
            takes_self=True,
        ),
        validator=_whole(1, MAX_STAMINA),
    )
    """Stamina maximum: per-square Stamina by material x squares of footprint (DS-OBJ-03)."""
    stamina: int = attrs.field(default=attrs.Factory(lambda self: self.stamina_max, takes_self=True))
    """Current Stamina; destroyed at 0 (DS-OBJ-01)."""
    immunities: Immunities = attrs.field(
        default=immutables.Map({"poison": "all", "psychic": "all"}), converter=as_immunities
    )
    """Poison and psychic immunity all unless the Director removes them (DS-OBJ-02)."""
    weaknesses: Weaknesses = attrs.field(factory=immutables.Map, converter=as_weaknesses)
    """Damage weaknesses."""
    mundane: bool = True
    """A mundane object can be hurled through (R-FORCE-4) and damaged (DS-OBJ-01)."""

    def __attrs_post_init__(self) -> None:
        check_text(self.id, "object id")
        check_text(self.name, f"object {self.id!r}: name", empty=True)
        check_flag(self.mundane, f"object {self.id!r}: mundane")
        if not self.name:
            object.__setattr__(self, "name", self.id)
        # an object at 0 is destroyed and removed (DS-OBJ-01)
        whole_number(self.stamina, 0, None, what=f"object {self.id!r}: stamina", error=StateError)
        if self.stamina > self.stamina_max:
            raise StateError(
                f"object {self.id!r}: stamina {self.stamina} above its maximum {self.stamina_max}"
            )
        if self.material is Material.AIR:
            raise StateError(f"object {self.id!r}: an object cannot be made of air")

    @property
    def n(self) -> int:
        """Edge of the cube the object occupies."""
        return self.size

    def cells(self) -> list[Pos]:
        """Every cell of the object's cube."""
        return list(cube(self.pos, self.size))


# --- walls and auras that last (R-AREA-8..12) ------------------------------------------------------
AREA_DURATIONS = ("end_of_turn", "start_of_turn", "end_of_round", "end_of_encounter")
"""How long a wall or an aura lasts: to the end of its maker's turn (EoT, or its next turn's end,
RB2-EOT), to the start of its maker's next turn, to the end of the round, or of the encounter
(RB2-EOE) (R-AREA-8)."""
AREA_TIMES = ("start_of_turn", "end_of_turn", "enter")
"""When a timed effect of a wall or an aura lands on a creature in it: at the start or end of its
turn there (R-AREA-12), or as it enters (R-AREA-10)."""
AREA_WHO = ("creature", "enemy", "ally")
"""Whom a timed effect lands on: any creature, or the maker's enemies or allies (R-AREA-12)."""
LASTING_SHAPES = ("wall", "aura")
"""The areas that last (R-AREA-8)."""
MAX_AREA_ITEMS = 1_000
"""Most squares, cells or timed effects a lasting area keeps, and most lasting areas a creature keeps."""


def _one_of(choices: tuple[str, ...], what: str) -> Any:
    def check(_: object, __: attrs.Attribute[str], value: object) -> None:
        if not isinstance(value, str) or value not in choices:
            raise StateError(f"{what} {value!r}: one of {', '.join(choices)}")

    return check


def _sequence(kind: type | tuple[type, ...], what: str) -> Any:
    """A converter to a tuple of ``kind`` from a list or tuple; anything else is a StateError."""

    def convert(value: object) -> tuple[Any, ...]:
        items = tuple(value) if isinstance(value, (list, tuple)) else None
        if items is None or not all(isinstance(x, kind) for x in items):
            raise StateError(f"{what} {value!r:.60}: a sequence of {what} items is needed")
        if len(items) > MAX_AREA_ITEMS:
            raise StateError(f"{what}: at most {MAX_AREA_ITEMS:,}")
        return items

    return convert


def _effects_of(value: object) -> tuple[AbilityEffect, ...]:
    items: tuple[AbilityEffect, ...] = _sequence(EFFECT_TYPES, "timed effect")(value)
    return items


def _cells_of(value: object) -> tuple[Cell, ...]:
    items: tuple[Cell, ...] = _sequence(Cell, "lasting area cells")(value)
    return items


def _timed(value: object) -> tuple[TimedEffect, ...]:
    items: tuple[TimedEffect, ...] = _sequence(TimedEffect, "lasting area timed")(value)
    return items


@attrs.frozen
class TimedEffect:
    """What a lasting wall or aura does to a creature in it at a time: "each enemy who starts
    their turn in the aura takes 2 fire damage" (R-AREA-12)."""

    when: str = attrs.field(validator=_one_of(AREA_TIMES, "timed effect when"))
    """``"start_of_turn"`` or ``"end_of_turn"``: of the creature in the area; ``"enter"``: as it
    enters the area (R-AREA-10)."""
    who: str = attrs.field(validator=_one_of(AREA_WHO, "timed effect who"))
    """``"creature"``, ``"enemy"`` or ``"ally"``, of the area's maker."""
    effects: tuple[AbilityEffect, ...] = attrs.field(converter=_effects_of)
    """The effects read from the words, in printed order (a text effect: for the table)."""
    text: str = attrs.field(default="", validator=lambda _i, _a, v: check_text(v, "timed effect", empty=True))
    """The printed words."""


def _squares(value: object) -> tuple[Pos, ...]:
    if not isinstance(value, (list, tuple)):
        raise StateError(f"lasting area squares {value!r:.60}: a sequence of positions is needed")
    if len(value) > MAX_AREA_ITEMS:
        raise StateError(f"lasting area squares: at most {MAX_AREA_ITEMS:,}")
    return tuple(_pos(p) for p in value)


@attrs.frozen
class LastingArea:
    """A wall or an aura its maker's ability made, kept on the maker while it lasts (R-AREA-8).

    A wall keeps its squares, the cell each held before and the cell it holds while the wall
    stands (solid stone, or passable: open, damaging or concealing, R-AREA-9, R-AREA-10). An aura
    keeps its radius: its squares are found around its maker wherever it is (R-AREA-11).
    """

    ability: str = attrs.field(validator=lambda _i, _a, v: check_text(v, "lasting area ability"))
    """The ability that made it."""
    shape: str = attrs.field(validator=_one_of(LASTING_SHAPES, "lasting area shape"))
    """``"wall"`` or ``"aura"``."""
    duration: str = attrs.field(validator=_one_of(AREA_DURATIONS, "lasting area duration"))
    """One of :data:`AREA_DURATIONS`."""
    turn_ends: int = attrs.field(default=0, validator=_whole(0, 1))
    """Ends of its maker's turn to pass before an ``end_of_turn`` one ends: 1 for "until the end
    of your next turn" made on the maker's own turn."""
    radius: int = attrs.field(default=0, validator=_whole(0, MAX_SPEED))
    """An aura's radius."""
    squares: tuple[Pos, ...] = attrs.field(default=(), converter=_squares)
    """A wall's squares."""
    was: tuple[Cell, ...] = attrs.field(default=(), converter=_cells_of)
    """The cell each of a wall's squares held before it."""
    cell: Cell = attrs.field(factory=Cell, validator=lambda _i, _a, v: _cells_of((v,)))
    """The cell a wall's squares hold while it stands."""
    timed: tuple[TimedEffect, ...] = attrs.field(default=(), converter=_timed)
    """Its timed effects (R-AREA-12)."""

    def __attrs_post_init__(self) -> None:
        if len(self.was) != len(self.squares):
            raise StateError(
                f"lasting area {self.ability!r}: {len(self.squares)} squares and {len(self.was)} cells before"
            )
        if (self.shape == "aura") != (self.radius > 0) or (self.shape == "aura" and self.squares):
            raise StateError(f"lasting area {self.ability!r}: an aura has a radius, a wall its squares")
        if any(c.solid for c in self.was):
            raise StateError(f"lasting area {self.ability!r}: a wall stands on open squares (R-AREA-9)")
