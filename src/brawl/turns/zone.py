"""The zone game's round (seeds/001): factions alternate a character's turn or a pass.

Factions are ``Creature.side``. On its go a faction takes a turn with one character or passes
(Z-TURN-02); each character takes one turn a round (Z-TURN-03); a faction with no one left must
pass (Z-TURN-08); the round ends when every faction has passed consecutively (Z-TURN-04, R-Z-2);
the initiative holder picks who opens each round (Z-TURN-06, Z-TURN-07) and with three or more
factions the goes follow a fixed cyclic order (R-Z-1). A reaction is a turn taken out of
sequence (Z-TURN-11, Z-REACT-11, R-Z-3). Morale checks fall due at the end of the round
(Z-TURN-05, Z-MORALE-01, R-Z-5). Mounts and riders act together (Z-MOUNT-01).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
import immutables

from brawl.creature import Creature
from brawl.errors import ActionUnavailableError, InvalidArgumentError, TurnOrderError
from brawl.events.base import Event
from brawl.events.turns import (
    ActionUsed,
    CombatStarted,
    MoraleCheckDue,
    MoraleChecked,
    MovementSpent,
    Passed,
    ReactionTaken,
    ResumedFighting,
    RoundEnded,
    RoundStarted,
    Surrendered,
    TurnEnded,
    TurnLost,
    TurnStarted,
)
from brawl.outcome import Outcome
from brawl.state import Encounter, TurnState
from brawl.turns.base import check_ids, register_system, roll_die, system_of

ZONE_SPEED = 2  # Z-TURN-09: full speed, typically 2 zones (4 if sprinting)
SPRINT_FACTOR = 2  # Z-TURN-09: 2 zones -> 4 zones when sprinting
MAIN_ACTIONS = 1  # Z-TURN-09: a bonus action and a main action
ACTIONS = 2  # Z-TURN-09: ... or a second bonus action
MORALE_FRACTION = 2  # Z-MORALE-01: reduced to half or less (2 x now <= original)
SAVE_DIE = 20  # Z-AMB-05: the saves of the example are rolled on a d20, roll-under
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


def group_of(c: Creature) -> str:
    """A character's morale group: its ``group``, or its whole faction."""
    return c.group or c.side


def _turn(state: Encounter) -> ZoneTurn:
    t = state.turn
    if not isinstance(t, ZoneTurn):
        system_of(state)
        raise TurnOrderError("this encounter does not run the zone game's turn system", rule="Z-TURN-01")
    return t


def _in_fight(c: Creature, t: ZoneTurn) -> bool:
    return not c.dead and c.stamina > 0 and c.id not in t.surrendered


def _next_faction(t: ZoneTurn, faction: str) -> str:
    i = t.factions.index(faction)
    return t.factions[(i + 1) % len(t.factions)]


def _unacted(state: Encounter, t: ZoneTurn, faction: str) -> list[Creature]:
    return [c for c in state.living() if c.side == faction and c.id not in t.acted and c.id not in t.reserved]


def _snapshot(state: Encounter, t: ZoneTurn) -> ZoneTurn:
    numbers: dict[str, int] = {}
    health: dict[str, int] = {}
    for c in state.creature_list():
        g = group_of(c)
        if g not in t.original:
            continue
        numbers[g] = numbers.get(g, 0) + (1 if _in_fight(c, t) else 0)
        if t.original[g] == 1:
            health[c.id] = c.stamina
    return attrs.evolve(
        t, round_start_numbers=immutables.Map(numbers), round_start_health=immutables.Map(health)
    )


def _mount_group(state: Encounter, c: Creature) -> list[str]:
    mount = state.creatures.get(c.riding) if c.riding else None
    base = mount.id if mount is not None else c.id
    out = [base]
    out += [o.id for o in state.living() if o.riding == base and o.id != base]
    return out


class ZoneGame:
    """The zone game's turn system (seeds/001)."""

    name = "zone"
    state_type: type[TurnState] = ZoneTurn

    def start(
        self,
        state: Encounter,
        *,
        initiative: str | None = None,
        opener: str | None = None,
        factions: Sequence[str] | None = None,
        speeds: Mapping[str, int] | None = None,
        fearless: Iterable[str] = (),
        initiative_roll: int | None = None,
        **unknown: Any,
    ) -> Outcome:
        """Start the fight: the initiative holder (Z-TURN-07) picks the faction that opens (Z-TURN-06).

        ``initiative``: the faction that started the fight (None: assigned randomly, a die with
        one face per faction, ``initiative_roll`` or the RNG). ``opener``: the faction the holder
        picks (default: itself). ``factions``: the cyclic order (default: order of appearance,
        R-Z-1). ``speeds={id: zones}``; ``fearless``: characters immune to morale (Z-MORALE-03).
        """
        if unknown:
            raise InvalidArgumentError(
                f"start_combat: unknown options {sorted(unknown)} for the zone game", rule=()
            )
        present = list(dict.fromkeys(c.side for c in state.living()))
        if factions is None:
            order = tuple(present)
        else:
            if isinstance(factions, str):
                raise InvalidArgumentError(
                    f"factions {factions!r}: a sequence of faction names", rule="R-Z-1"
                )
            order = tuple(factions)
            if len(set(order)) != len(order) or not set(present) <= set(order):
                raise InvalidArgumentError(
                    f"factions {order!r}: must list each faction once, including {present!r}", rule="R-Z-1"
                )
        if len(order) < 2:
            raise InvalidArgumentError(
                f"factions {order!r}: a fight needs two or more factions", rule="Z-TURN-02"
            )
        events: list[Event] = []
        if initiative is None:
            roll, state, die = roll_die(
                state,
                len(order),
                initiative_roll,
                purpose="initiative assigned randomly",
                rules=("Z-TURN-07",),
            )
            events.append(die)
            initiative = order[roll - 1]
        elif initiative not in order:
            raise InvalidArgumentError(f"initiative {initiative!r}: not one of {order!r}", rule="Z-TURN-07")
        first = initiative if opener is None else opener
        if first not in order:
            raise InvalidArgumentError(f"opener {first!r}: not one of {order!r}", rule="Z-TURN-06")
        zone_speeds = {}
        for cid, value in (speeds or {}).items():
            state.creature(cid)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ZONES:
                raise InvalidArgumentError(f"speed of {cid!r} {value!r}: zones, 0 or more", rule="Z-TURN-09")
            zone_speeds[cid] = value
        original: dict[str, int] = {}
        for c in state.living():
            original[group_of(c)] = original.get(group_of(c), 0) + 1
        turn = ZoneTurn(
            factions=order,
            initiative=initiative,
            to_go=first,
            opener=first,
            speeds=immutables.Map(zone_speeds),
            original=immutables.Map(original),
            fearless=frozenset(check_ids(state, fearless, "fearless")),
        )
        turn = _snapshot(state, turn)
        events.insert(0, CombatStarted(system=self.name, sides=order, rules=("Z-TURN-01", "Z-TURN-02")))
        events.append(RoundStarted(round=1, first=first, rules=("Z-TURN-06", "Z-TURN-07", "R-Z-1")))
        return Outcome(state.with_turn(turn, round=1), tuple(events))

    # queries -------------------------------------------------------------------------------------
    def next_actors(self, state: Encounter) -> dict[str, tuple[str, ...]]:
        """The faction whose go it is and its characters yet to act (empty: it must pass)."""
        t = _turn(state)
        if t.round_over or t.current:
            return {}
        return {t.to_go: tuple(sorted(c.id for c in _unacted(state, t, t.to_go)))}

    def verify_start_turn(
        self, state: Encounter, creature: str, together: Iterable[str] | None = None
    ) -> tuple[str, ...]:
        """Raise :class:`TurnOrderError` unless ``creature`` may take a turn; return who acts with it."""
        t = _turn(state)
        c = state.creature(creature)
        if t.round_over:
            raise TurnOrderError(
                f"turn of {creature!r}: every faction passed; the round is over", rule="Z-TURN-04"
            )
        if t.current:
            raise TurnOrderError(
                f"turn of {creature!r}: {t.current[0]!r} is taking its turn", rule="Z-TURN-02"
            )
        if c.dead:
            raise TurnOrderError(f"turn of {creature!r}: the character is dead", rule="Z-TURN-03")
        if creature in t.acted or creature in t.reserved:
            raise TurnOrderError(
                f"turn of {creature!r}: it already took its turn this round", rule="Z-TURN-03"
            )
        if c.side != t.to_go:
            raise TurnOrderError(
                f"turn of {creature!r}: it is the go of faction {t.to_go!r}", rule="Z-TURN-02"
            )
        group = _mount_group(state, c)
        if together is None:
            others = tuple(i for i in group if i != creature and i not in t.acted and i not in t.reserved)
        else:
            others = check_ids(state, together, "together")
            for other in others:
                if other == creature or other not in group:
                    raise InvalidArgumentError(
                        f"together {other!r}: only a mount and its riders act with {creature!r}",
                        rule="Z-MOUNT-01",
                    )
                if other in t.acted or other in t.reserved:
                    raise TurnOrderError(
                        f"together {other!r}: it already took its turn this round", rule="Z-TURN-03"
                    )
        return (creature, *others)

    # turns ---------------------------------------------------------------------------------------
    def start_turn(
        self,
        state: Encounter,
        creature: str,
        *,
        together: Iterable[str] | None = None,
        reserve: Iterable[str] = (),
        sprint: bool = False,
        **options: Any,
    ) -> Outcome:
        """Take a turn with a character of the faction whose go it is (Z-TURN-02, Z-TURN-03).

        A mount and its riders take the turn together (Z-MOUNT-01; default: all of them that have
        not acted; ``together`` names them). Those in ``reserve`` do nothing now and keep their
        turn to react. ``sprint`` doubles the speed (Z-TURN-09).
        """
        if options:
            raise InvalidArgumentError(f"start_turn: unknown options {sorted(options)}", rule=())
        t = _turn(state)
        members = self.verify_start_turn(state, creature, together)
        kept = set(check_ids(state, reserve, "reserve"))
        if not kept <= set(members):
            raise InvalidArgumentError(
                f"reserve {sorted(kept)!r}: only members of this turn {members!r} "
                "can keep their turn to react",
                rule="Z-MOUNT-01",
            )
        active = tuple(m for m in members if m not in kept)
        economies = {
            m: ZoneEconomy(speed=t.speeds.get(m, ZONE_SPEED) * (SPRINT_FACTOR if sprint else 1))
            for m in active
        }
        new = attrs.evolve(
            t,
            current=active,
            economies=immutables.Map(economies),
            reserved=t.reserved | kept,
            passes=0,
        )
        rules = ("Z-TURN-02", "Z-TURN-03", "Z-MOUNT-01") if len(members) > 1 else ("Z-TURN-02", "Z-TURN-03")
        event = TurnStarted(
            creature=creature,
            side=state.creature(creature).side,
            round=state.round,
            together=members[1:],
            rules=rules,
        )
        return Outcome(state.with_turn(new), (event,))

    def end_turn(self, state: Encounter, **options: Any) -> Outcome:
        """End the current turn; the go passes to the next faction in the cycle (Z-TURN-02, Z-TURN-08)."""
        if options:
            raise InvalidArgumentError(f"end_turn: unknown options {sorted(options)}", rule=())
        t = _turn(state)
        if not t.current and not t.reserved - t.acted:
            raise TurnOrderError("end turn: no character is taking a turn", rule="Z-TURN-02")
        if not t.current:
            raise TurnOrderError("end turn: no character is taking a turn", rule="Z-TURN-02")
        first = t.current[0]
        new = attrs.evolve(
            t,
            acted=t.acted | set(t.current),
            current=(),
            economies=immutables.Map(),
            to_go=_next_faction(t, t.to_go),
        )
        return Outcome(
            state.with_turn(new),
            (TurnEnded(creature=first, round=state.round, rules=("Z-TURN-02", "Z-TURN-08")),),
        )

    def pass_turn(self, state: Encounter, faction: str | None = None) -> Outcome:
        """The faction whose go it is passes; all factions passing in a row end the round (Z-TURN-04)."""
        t = _turn(state)
        who = t.to_go if faction is None else faction
        if t.round_over:
            raise TurnOrderError(f"{who!r} passes: the round is over", rule="Z-TURN-04")
        if t.current:
            raise TurnOrderError(f"{who!r} passes: {t.current[0]!r} is taking its turn", rule="Z-TURN-02")
        if who != t.to_go:
            raise TurnOrderError(f"{who!r} passes: it is the go of faction {t.to_go!r}", rule="Z-TURN-02")
        forced = not _unacted(state, t, who)
        passes = t.passes + 1
        over = passes >= len(t.factions)
        rules: tuple[str, ...] = ("Z-TURN-02", "Z-TURN-08") if forced else ("Z-TURN-02",)
        if over:
            rules = (*rules, "Z-TURN-04", "R-Z-2")
        new = attrs.evolve(t, passes=passes, round_over=over, to_go=_next_faction(t, who))
        return Outcome(
            state.with_turn(new), (Passed(faction=who, forced=forced, consecutive=passes, rules=rules),)
        )

    def end_round(self, state: Encounter, *, opener: str | None = None, **options: Any) -> Outcome:
        """End the round after every faction passed; report morale checks due; open the next round.

        ``opener``: the faction the initiative holder picks to go first next round (Z-TURN-06;
        default: itself).
        """
        if options:
            raise InvalidArgumentError(f"end_round: unknown options {sorted(options)}", rule=())
        t = _turn(state)
        if not t.round_over:
            raise TurnOrderError(
                f"end round {state.round}: the factions have not all passed consecutively", rule="Z-TURN-04"
            )
        first = t.initiative if opener is None else opener
        if first not in t.factions:
            raise InvalidArgumentError(f"opener {first!r}: not one of {t.factions!r}", rule="Z-TURN-06")
        events: list[Event] = []
        for c in state.living():
            if c.id not in t.acted:
                events.append(
                    TurnLost(
                        creature=c.id,
                        round=state.round,
                        reason="every faction passed before it acted",
                        rules=("Z-TURN-04", "R-Z-2"),
                    )
                )
        events.append(RoundEnded(round=state.round, rules=("Z-TURN-04",)))
        due, morale_events = _morale_due(state, t)
        events.extend(morale_events)
        nxt = attrs.evolve(
            t,
            to_go=first,
            opener=first,
            acted=frozenset(),
            reserved=frozenset(),
            current=(),
            economies=immutables.Map(),
            passes=0,
            round_over=False,
            morale_due=due,
            reactions=frozenset(),
        )
        nxt = _snapshot(state, nxt)
        rnd = state.round + 1
        events.append(RoundStarted(round=rnd, first=first, rules=("Z-TURN-06", "R-Z-1")))
        return Outcome(state.with_turn(nxt, round=rnd), tuple(events))

    # actions -------------------------------------------------------------------------------------
    def _economy(self, state: Encounter, creature: str) -> tuple[ZoneTurn, ZoneEconomy]:
        t = _turn(state)
        state.creature(creature)
        eco = t.economies.get(creature)
        if eco is None:
            raise TurnOrderError(f"{creature}: it is not taking a turn", rule="Z-TURN-09")
        return t, eco

    def verify_action(self, state: Encounter, creature: str, kind: str, **options: Any) -> None:
        """Raise unless the character may take a ``"main"`` or ``"bonus"`` action now (Z-TURN-09)."""
        unknown = set(options) - {"name"}
        if unknown:
            raise InvalidArgumentError(f"use_action: unknown options {sorted(unknown)}", rule=())
        if kind not in ("main", "bonus"):
            raise InvalidArgumentError(
                f"action kind {kind!r}: the zone game has main and bonus", rule="Z-TURN-12"
            )
        _, eco = self._economy(state, creature)
        if eco.zones > eco.half:
            raise ActionUnavailableError(
                f"{creature} {kind}: it moved {eco.zones} zones, more than half its speed {eco.speed}",
                rule="Z-TURN-09",
            )
        if eco.actions >= ACTIONS or (kind == "main" and eco.main >= MAIN_ACTIONS):
            raise ActionUnavailableError(
                f"{creature} {kind}: a turn holds a bonus action and a main action, or two bonus actions",
                rule="Z-TURN-09",
            )

    def use_action(self, state: Encounter, creature: str, kind: str, **options: Any) -> Outcome:
        """Take a main or bonus action; moving more than half speed is then refused (Z-TURN-09)."""
        self.verify_action(state, creature, kind, **options)
        t, eco = self._economy(state, creature)
        eco = (
            attrs.evolve(eco, main=eco.main + 1) if kind == "main" else attrs.evolve(eco, bonus=eco.bonus + 1)
        )
        event = ActionUsed(
            creature=creature, kind=kind, name=options.get("name"), rules=("Z-TURN-09", "Z-TURN-12")
        )
        return Outcome(state.with_turn(attrs.evolve(t, economies=t.economies.set(creature, eco))), (event,))

    def spend_movement(self, state: Encounter, creature: str, squares: int) -> Outcome:
        """Move zones: full speed without actions, half with them, split freely (Z-TURN-09, -10)."""
        t, eco = self._economy(state, creature)
        if isinstance(squares, bool) or not isinstance(squares, int) or not 1 <= squares <= MAX_ZONES:
            raise InvalidArgumentError(
                f"{creature} moves {squares!r} zones: 1 to {MAX_ZONES}", rule="Z-TURN-09"
            )
        limit = eco.half if eco.actions else eco.speed
        if eco.zones + squares > limit:
            raise ActionUnavailableError(
                f"{creature} moves {squares} zones: {eco.zones} moved, limit {limit} this turn",
                rule=("Z-TURN-09", "Z-TURN-10"),
            )
        eco = attrs.evolve(eco, zones=eco.zones + squares)
        left = (eco.half if eco.actions else eco.speed) - eco.zones
        return Outcome(
            state.with_turn(attrs.evolve(t, economies=t.economies.set(creature, eco))),
            (
                MovementSpent(
                    creature=creature, squares=squares, left=left, unit="zones", rules=("Z-TURN-10",)
                ),
            ),
        )

    def end_combat(self, state: Encounter) -> Outcome:
        """Nothing of the zone game lasts past the fight."""
        return Outcome(state, ())


def _morale_due(state: Encounter, t: ZoneTurn) -> tuple[frozenset[str], list[Event]]:
    """Groups reduced to half or less during this round, and lone characters likewise (R-Z-5)."""
    members: dict[str, list[Creature]] = {}
    for c in state.creature_list():
        members.setdefault(group_of(c), []).append(c)
    due: list[str] = []
    events: list[Event] = []
    for g in sorted(members):
        original = t.original.get(g)
        if original is None:
            continue
        subject = [
            c for c in members[g] if _in_fight(c, t) and c.id not in t.steady and c.id not in t.fearless
        ]
        if not subject:
            continue
        faction = members[g][0].side
        rules = ("Z-TURN-05", "Z-MORALE-01", "R-Z-5")
        if original == 1:
            c = subject[0]
            before = t.round_start_health.get(c.id, c.stamina_max)
            if MORALE_FRACTION * c.stamina <= c.stamina_max < MORALE_FRACTION * before:
                due.append(g)
                events.append(
                    MoraleCheckDue(
                        group=g,
                        faction=faction,
                        members=(c.id,),
                        kind="lone",
                        original=c.stamina_max,
                        before=before,
                        now=c.stamina,
                        rules=rules,
                    )
                )
            continue
        now = sum(1 for c in members[g] if _in_fight(c, t))
        before = t.round_start_numbers.get(g, original)
        if MORALE_FRACTION * now <= original < MORALE_FRACTION * before:
            due.append(g)
            events.append(
                MoraleCheckDue(
                    group=g,
                    faction=faction,
                    members=tuple(c.id for c in subject),
                    kind="group",
                    original=original,
                    before=before,
                    now=now,
                    rules=rules,
                )
            )
    return frozenset(due), events


def morale_check(
    state: Encounter,
    group: str,
    *,
    passed: Mapping[str, bool] | None = None,
    wits: Mapping[str, int] | None = None,
    rolls: Mapping[str, int] | None = None,
) -> Outcome:
    """Resolve a due morale check, a group WIT save (Z-MORALE-02).

    Each member's result is ``passed[id]``, or a d20 roll-under against ``wits[id]``: the
    ``rolls[id]`` (or the RNG) passes when it is at most the WIT score (the save's mechanics
    come from elsewhere, Z-AMB-05). Those who pass are not subject to morale again.
    """
    t = _turn(state)
    if group not in t.morale_due:
        raise TurnOrderError(
            f"morale check of {group!r}: no check is due for it", rule=("Z-MORALE-01", "R-Z-5")
        )
    given = dict(passed or {})
    wit = dict(wits or {})
    roll_in = dict(rolls or {})
    out = Outcome(state, ())
    ok: list[str] = []
    bad: list[str] = []
    for c in state.creature_list():
        if group_of(c) != group or not _in_fight(c, t) or c.id in t.steady or c.id in t.fearless:
            continue
        if c.id in given:
            result = bool(given[c.id])
        elif c.id in wit:
            value, st, die = roll_die(
                out.state,
                SAVE_DIE,
                roll_in.get(c.id),
                purpose="morale WIT save",
                creature=c.id,
                rules=("Z-MORALE-02",),
            )
            out = out.add(die, state=st)
            score = wit[c.id]
            if isinstance(score, bool) or not isinstance(score, int):
                raise InvalidArgumentError(f"wits[{c.id!r}] {score!r}: a whole number", rule="Z-MORALE-02")
            result = value <= score
        else:
            raise InvalidArgumentError(
                f"morale check of {group!r}: give passed[{c.id!r}] or wits[{c.id!r}]", rule="Z-MORALE-02"
            )
        (ok if result else bad).append(c.id)
    t = _turn(out.state)
    new = attrs.evolve(t, steady=t.steady | set(ok), morale_due=t.morale_due - {group})
    return out.add(
        MoraleChecked(group=group, passed=tuple(ok), failed=tuple(bad), rules=("Z-MORALE-02", "Z-MORALE-03")),
        state=out.state.with_turn(new),
    )


def react(
    state: Encounter, creature: str, *, attack: str, aware: bool = True, uses_turn: bool = True
) -> Outcome:
    """React to ``attack`` out of sequence; the reaction is the character's turn (Z-TURN-11, R-Z-3).

    Never twice to one attack (Z-REACT-03); not if unaware of the attacker (Z-REACT-02); not
    after taking its turn (Z-REACT-11). ``uses_turn=False`` for a skill granting more reactions.
    """
    t = _turn(state)
    c = state.creature(creature)
    if not isinstance(attack, str) or not attack:
        raise InvalidArgumentError(f"attack {attack!r}: an attack id", rule="Z-REACT-03")
    if c.dead:
        raise ActionUnavailableError(f"{creature} reacts: the character is dead", rule="Z-REACT-11")
    if t.round_over:
        raise TurnOrderError(f"{creature} reacts: the round is over", rule="Z-TURN-04")
    if not aware:
        raise ActionUnavailableError(f"{creature} reacts: it is unaware of its attacker", rule="Z-REACT-02")
    if (creature, attack) in t.reactions:
        raise ActionUnavailableError(
            f"{creature} reacts to {attack!r}: it already reacted to that attack", rule="Z-REACT-03"
        )
    if uses_turn and (creature in t.acted or creature in t.current):
        raise ActionUnavailableError(
            f"{creature} reacts: it already took its turn this round", rule=("Z-REACT-11", "R-Z-3")
        )
    new = attrs.evolve(
        t,
        reactions=t.reactions | {(creature, attack)},
        acted=t.acted | {creature} if uses_turn else t.acted,
        reserved=t.reserved - {creature} if uses_turn else t.reserved,
    )
    rules = ("Z-TURN-11", "Z-REACT-11", "R-Z-3", "Z-REACT-03") if uses_turn else ("Z-REACT-03",)
    return Outcome(
        state.with_turn(new),
        (ReactionTaken(creature=creature, attack=attack, uses_turn=uses_turn, rules=rules),),
    )


def surrender(state: Encounter, creature: str) -> Outcome:
    """Spend a turn surrendering: the turn is wasted (Z-SURR-01)."""
    t = _turn(state)
    out = Outcome(state, ())
    if creature not in t.current:
        out = ZONE.start_turn(state, creature, together=())
        t = _turn(out.state)
    eco = t.economies.get(creature)
    if eco is None or eco.zones or eco.actions or len(t.current) > 1:
        raise ActionUnavailableError(
            f"{creature} surrenders: surrendering takes the whole turn of that character alone",
            rule="Z-SURR-01",
        )
    new = attrs.evolve(t, surrendered=t.surrendered | {creature})
    out = out.add(Surrendered(creature=creature, rules=("Z-SURR-01",)), state=out.state.with_turn(new))
    return out.then(ZONE.end_turn)


def resume_fighting(state: Encounter, creature: str) -> Outcome:
    """A surrendered character harmed by the enemy fights again (Z-SURR-01)."""
    t = _turn(state)
    state.creature(creature)
    if creature not in t.surrendered:
        raise InvalidArgumentError(f"{creature} resumes fighting: it has not surrendered", rule="Z-SURR-01")
    new = attrs.evolve(t, surrendered=t.surrendered - {creature})
    return Outcome(state.with_turn(new), (ResumedFighting(creature=creature, rules=("Z-SURR-01",)),))


def pass_turn(state: Encounter, faction: str | None = None) -> Outcome:
    """The faction whose go it is passes (Z-TURN-02, Z-TURN-04, Z-TURN-08)."""
    return ZONE.pass_turn(state, faction)


ZONE = ZoneGame()
register_system(ZONE)
