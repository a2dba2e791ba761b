"""The zone game's bookkeeping: factions, goes, who acted, morale groups (Z-TURN).

Factions are ``Creature.side``; the goes follow a fixed cyclic order (R-Z-1); mounts and riders
act together (Z-MOUNT-01); a morale group is a ``Creature.group`` or the whole faction
(Z-MORALE-01).
"""

from __future__ import annotations

from typing import ClassVar

import attrs
import immutables

from brawl.checks import whole_number
from brawl.creature import MAX_STAMINA, Creature
from brawl.errors import ActionUnavailableError, InvalidArgumentError, StateError, TurnOrderError, whose_turn
from brawl.events.turns import ActionUsed
from brawl.outcome import Outcome
from brawl.state import Encounter, TurnState
from brawl.statecheck import MAX_CREATURES
from brawl.zone.model import world

ZONE_SPEED = 2  # Z-TURN-09: full speed, typically 2 zones (4 if sprinting)
SPRINT_FACTOR = 2  # Z-TURN-09: 2 zones -> 4 zones when sprinting
MAIN_ACTIONS = 1  # Z-TURN-09: a bonus action and a main action
ACTIONS = 2  # Z-TURN-09: ... or a second bonus action
MAX_ZONES = 10**6
"""Largest number of zones accepted in one request."""


@attrs.frozen
class ZoneEconomy:
    """What one character has spent this turn (Z-TURN-09, Z-TURN-10)."""

    zones: int = 0
    """Zones moved so far."""
    bonus: int = 0
    """Bonus actions taken."""
    main: int = 0
    """Main actions taken."""
    speed: int = ZONE_SPEED
    """Full speed this turn in zones (doubled when sprinting)."""
    halves: int = 0
    """A half zone moved beyond :attr:`zones` (mounting, a step off a border), 0 or 1."""

    @property
    def moved_halves(self) -> int:
        """Half zones moved so far."""
        return 2 * self.zones + self.halves

    @property
    def limit_halves(self) -> int:
        """Half zones it may move this turn: its full speed, or half once it acted (Z-TURN-09)."""
        return 2 * (self.half if self.actions else self.speed)

    @property
    def actions(self) -> int:
        """Bonus and main actions taken."""
        return self.bonus + self.main

    @property
    def half(self) -> int:
        """Half speed, rounded down (1 zone, 2 when sprinting)."""
        return self.speed // 2


@attrs.frozen
class ZoneTurn(TurnState):
    """The zone game's bookkeeping for the round."""

    provokes_opportunity_attacks: ClassVar[bool] = False
    """The zone game has no opportunity attack: its reactions answer attacks (Z-REACT-01,
    Z-TURN-11), so a walk away from an enemy provokes nothing."""

    factions: tuple[str, ...]
    """Every faction, in the fixed cyclic order of goes (R-Z-1)."""
    initiative: str
    """The faction holding the initiative (Z-TURN-07)."""
    to_go: str
    """The faction whose go it is."""
    opener: str
    """The faction that opened this round (Z-TURN-06)."""
    acted: frozenset[str] = frozenset()
    """Characters that took their turn this round, reactions included (Z-TURN-03, R-Z-3)."""
    reserved: frozenset[str] = frozenset()
    """Mounts and riders that kept their turn to react (Z-MOUNT-01)."""
    current: tuple[str, ...] = ()
    """The characters taking the current turn: one, or a mount and its riders (Z-MOUNT-01)."""
    economies: immutables.Map[str, ZoneEconomy] = attrs.field(factory=immutables.Map)
    """What each character of the current turn has spent."""
    passes: int = 0
    """Consecutive passes (Z-TURN-04)."""
    round_over: bool = False
    """Every faction has passed consecutively: end the round (Z-TURN-04)."""
    speeds: immutables.Map[str, int] = attrs.field(factory=immutables.Map)
    """Speeds in zones that differ from the usual 2 (Z-TURN-09)."""
    original: immutables.Map[str, int] = attrs.field(factory=immutables.Map)
    """Each morale group's original number (Z-MORALE-01)."""
    round_start_numbers: immutables.Map[str, int] = attrs.field(factory=immutables.Map)
    """Each group's number in the fight at the start of this round (R-Z-5)."""
    round_start_health: immutables.Map[str, int] = attrs.field(factory=immutables.Map)
    """Each lone character's health at the start of this round (R-Z-5)."""
    morale_due: frozenset[str] = frozenset()
    """Groups whose morale check fell due at the end of the last round."""
    steady: frozenset[str] = frozenset()
    """Characters that passed a morale check: not subject to morale again (Z-MORALE-02)."""
    fearless: frozenset[str] = frozenset()
    """Characters immune to fear, hence to morale (Z-MORALE-03)."""
    surrendered: frozenset[str] = frozenset()
    """Characters that surrendered (Z-SURR-01)."""
    reactions: frozenset[tuple[str, str]] = frozenset()
    """(character, attack id) reactions taken this round (Z-REACT-03)."""
    galloped: frozenset[str] = frozenset()
    """Mounts that moved at full speed this round: their riders neither act nor react (Z-MOUNT-02)."""
    retreated: frozenset[str] = frozenset()
    """Characters that retreated from the fight after failing morale (Z-MORALE-02)."""
    bonus_round: bool = False
    """The ambushers' bonus round, in which only concealed characters act (Z-SNEAK-01, R-Z-14)."""

    def check(self, encounter: Encounter) -> None:
        """Raise :class:`~brawl.errors.StateError` if this bookkeeping does not fit ``encounter``."""
        if not self.factions or len(set(self.factions)) != len(self.factions):
            raise StateError(f"turn factions {self.factions!r}: each faction once, at least one")
        for field in ("initiative", "to_go", "opener"):
            if getattr(self, field) not in self.factions:
                raise StateError(f"turn {field} {getattr(self, field)!r}: not one of the factions")
        for field in (
            "acted",
            "reserved",
            "current",
            "steady",
            "fearless",
            "surrendered",
            "galloped",
            "retreated",
        ):
            self.known(encounter, getattr(self, field), field)
        self.known(encounter, self.economies.keys(), "economies")
        if set(self.economies) != set(self.current):
            raise StateError(
                f"turn economies {sorted(self.economies)}: one for each character of the current "
                f"turn {list(self.current)} (Z-TURN-09)"
            )
        for eco in self.economies.values():
            for name in ("zones", "bonus", "main", "speed", "halves"):
                self.count(getattr(eco, name), f"economy {name}", MAX_ZONES)
        self.count(self.passes, "passes")
        for value in self.speeds.values():
            self.count(value, "speeds", None)
        for field in ("original", "round_start_numbers"):  # numbers of characters
            for value in getattr(self, field).values():
                self.count(value, field, MAX_CREATURES)
        for value in self.round_start_health.values():  # a sheet's health, or a Stamina
            whole_number(value, -MAX_STAMINA, MAX_STAMINA, what="turn round_start_health", error=StateError)


def group_of(c: Creature) -> str:
    """A character's morale group: its ``group``, or its whole faction."""
    return c.group or c.side


def turn_of(state: Encounter) -> ZoneTurn:
    """The zone game's bookkeeping, or :class:`TurnOrderError` under another system (Z-TURN-01)."""
    t = state.turn
    if t is None:
        raise TurnOrderError("no combat is running: call start_combat first", rule="DS-SIDE-04")
    if not isinstance(t, ZoneTurn):
        raise TurnOrderError("this encounter does not run the zone game's turn system", rule="Z-TURN-01")
    return t


def health(state: Encounter, c: Creature) -> tuple[int, int]:
    """Health now and at most: the zone sheet's under the zone ruleset, else the Stamina."""
    sheet = found.sheets.get(c.id) if (found := world(state)) is not None else None
    if sheet is None:
        return c.stamina, c.stamina_max
    return sheet.health, sheet.health_max


def in_fight(c: Creature, t: ZoneTurn, state: Encounter | None = None) -> bool:
    """Alive, standing (not incapacitated), not surrendered nor retreated (Z-MORALE-01, Z-SURR-01)."""
    if c.dead or c.id in t.surrendered or c.id in t.retreated:
        return False
    sheet = found.sheets.get(c.id) if state is not None and (found := world(state)) is not None else None
    if sheet is not None:
        return not sheet.incapacitated
    return c.stamina > 0


def may_take_turn(state: Encounter, t: ZoneTurn, c: Creature) -> bool:
    """Whether a living character may still take a turn this round under the zone ruleset.

    Not incapacitated nor retreated (R-Z-7, Z-MORALE-02); in the ambushers' bonus round, only the
    concealed (Z-SNEAK-01).
    """
    if c.id in t.retreated:
        return False
    sheet = found.sheets.get(c.id) if (found := world(state)) is not None else None
    if sheet is None:
        return not t.bonus_round
    return not sheet.incapacitated and (sheet.concealed or not t.bonus_round)


def next_faction(t: ZoneTurn, faction: str) -> str:
    """The faction after ``faction`` in the fixed cyclic order (R-Z-1)."""
    i = t.factions.index(faction)
    return t.factions[(i + 1) % len(t.factions)]


def unacted(state: Encounter, t: ZoneTurn, faction: str) -> list[Creature]:
    """The faction's living characters yet to take their turn this round (Z-TURN-03, Z-TURN-08)."""
    return [
        c
        for c in state.living()
        if c.side == faction and c.id not in t.acted and c.id not in t.reserved and may_take_turn(state, t, c)
    ]


def snapshot(state: Encounter, t: ZoneTurn) -> ZoneTurn:
    """The bookkeeping with each group's numbers and lone characters' health at round start (R-Z-5)."""
    numbers: dict[str, int] = {}
    healths: dict[str, int] = {}
    for c in state.creature_list():
        g = group_of(c)
        if g not in t.original:
            continue
        numbers[g] = numbers.get(g, 0) + (1 if in_fight(c, t, state) else 0)
        if t.original[g] == 1:
            healths[c.id] = health(state, c)[0]
    return attrs.evolve(
        t, round_start_numbers=immutables.Map(numbers), round_start_health=immutables.Map(healths)
    )


def mount_group(state: Encounter, c: Creature) -> list[str]:
    """The mount and its riders that act with ``c``, the mount first (Z-MOUNT-01)."""
    mount = state.creatures.get(c.riding) if c.riding else None
    base = mount.id if mount is not None else c.id
    out = [base]
    out += [o.id for o in state.living() if o.riding == base and o.id != base]
    return out


def economy(state: Encounter, creature: str) -> tuple[ZoneTurn, ZoneEconomy]:
    """The bookkeeping and what ``creature`` has spent of the turn it is taking (Z-TURN-09)."""
    t = turn_of(state)
    state.creature(creature)
    eco = t.economies.get(creature)
    if eco is None:
        raise TurnOrderError(f"{creature}: {whose_turn(creature, t.current)}", rule="Z-TURN-09")
    return t, eco


def check_economy(state: Encounter, creature: str, kind: str) -> None:
    """Raise unless the character may take a ``"main"`` or ``"bonus"`` action now (Z-TURN-09)."""
    if kind not in ("main", "bonus"):
        raise InvalidArgumentError(
            f"action kind {kind!r}: the zone game has main and bonus", rule="Z-TURN-12"
        )
    _, eco = economy(state, creature)
    if eco.moved_halves > 2 * eco.half:
        raise ActionUnavailableError(
            f"{creature} {kind}: it moved {eco.zones} zones, more than half its speed {eco.speed}",
            rule="Z-TURN-09",
        )
    if eco.actions >= ACTIONS or (kind == "main" and eco.main >= MAIN_ACTIONS):
        raise ActionUnavailableError(
            f"{creature} {kind}: a turn holds a bonus action and a main action, or two bonus actions",
            rule="Z-TURN-09",
        )


def spend_action(state: Encounter, creature: str, kind: str, *, name: str | None = None) -> Outcome:
    """Take a main or bonus action; moving more than half speed is then refused (Z-TURN-09)."""
    check_economy(state, creature, kind)
    t, eco = economy(state, creature)
    eco = attrs.evolve(eco, main=eco.main + 1) if kind == "main" else attrs.evolve(eco, bonus=eco.bonus + 1)
    event = ActionUsed(creature=creature, kind=kind, name=name, rules=("Z-TURN-09", "Z-TURN-12"))
    return Outcome(state.with_turn(attrs.evolve(t, economies=t.economies.set(creature, eco))), (event,))
