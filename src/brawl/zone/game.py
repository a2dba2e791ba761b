"""The zone game's round (Z-TURN): factions alternate a character's turn or a pass.

Factions are ``Creature.side``. On its go a faction takes a turn with one character or passes
(Z-TURN-02); each character takes one turn a round (Z-TURN-03); a faction with no one left must
pass (Z-TURN-08); the round ends when every faction has passed consecutively (Z-TURN-04, R-Z-2);
the initiative holder picks who opens each round (Z-TURN-06, Z-TURN-07) and with three or more
factions the goes follow a fixed cyclic order (R-Z-1). A reaction is a turn taken out of
sequence (Z-TURN-11, Z-REACT-11, R-Z-3). Morale checks fall due at the end of the round
(Z-TURN-05, Z-MORALE-01, R-Z-5; :mod:`brawl.zone.morale`). Mounts and riders act together
(Z-MOUNT-01).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
import immutables

from brawl.checks import whole_number
from brawl.dice import roll_die
from brawl.errors import (
    ActionUnavailableError,
    ArgumentTypeError,
    InvalidArgumentError,
    TurnOrderError,
)
from brawl.events.base import Event, Note
from brawl.events.turns import (
    CombatStarted,
    MovementSpent,
    Passed,
    RoundEnded,
    RoundStarted,
    Surrendered,
    TurnEnded,
    TurnLost,
    TurnStarted,
)
from brawl.fields import text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter, TurnState
from brawl.turns.base import check_ids, register_system, verify_no_combat
from brawl.turns.deeds import actor_of
from brawl.turns.records import (
    EndRound,
    EndTurn,
    Request,
    StartTurn,
    UseAction,
    creature_ids,
    optional_ids,
    pairs,
    verified,
)
from brawl.zone.legal import actor as zone_actor
from brawl.zone.legal import grid_deeds, pending_deeds, zone_deeds
from brawl.zone.model import world
from brawl.zone.morale import morale_check, morale_due
from brawl.zone.setup import zone_setup
from brawl.zone.turnstate import (
    MAX_ZONES,
    SPRINT_FACTOR,
    ZONE_SPEED,
    ZoneEconomy,
    ZoneTurn,
    check_economy,
    economy,
    group_of,
    may_take_turn,
    mount_group,
    next_faction,
    snapshot,
    spend_action,
    turn_of,
    unacted,
)

ACTION_KINDS = ("bonus", "main")  # Z-TURN-09, Z-TURN-12: a bonus action and a main action

__all__ = [
    "ZONE",
    "PassTurn",
    "StartZoneCombat",
    "Surrender",
    "ZoneEconomy",
    "ZoneGame",
    "ZoneTurn",
    "group_of",
    "morale_check",
]


ZONE_COSTS: dict[str, str] = {"main": "main", "maneuver": "bonus"}
"""What a rule call's cost takes in the zone game; grid movement spends no zones (Z-TURN-09, R-TURN-9)."""


@attrs.frozen
class ZoneGame:
    """The zone game's turn system (Z-TURN)."""

    @property
    def name(self) -> str:
        """ "zone"."""
        return "zone"

    @property
    def state_type(self) -> type[TurnState]:
        """:class:`ZoneTurn`."""
        return ZoneTurn

    def verify_start(
        self,
        state: Encounter,
        *,
        initiative: str | None = None,
        opener: str | None = None,
        factions: Sequence[str] | None = None,
        speeds: Mapping[str, int] | None = None,
        fearless: Iterable[str] = (),
        initiative_roll: int | None = None,
    ) -> None:
        """Raise if the fight may not start with these choices (Z-TURN-02, Z-TURN-06, Z-TURN-07, R-Z-1)."""
        zone_setup(state, initiative, opener, factions, speeds, initiative_roll)
        check_ids(state, fearless, "fearless")

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
    ) -> Outcome:
        """Start the fight: the initiative holder (Z-TURN-07) picks the faction that opens (Z-TURN-06).

        ``initiative``: the faction that started the fight (None: assigned randomly, a die with
        one face per faction, ``initiative_roll`` or the RNG). ``opener``: the faction the holder
        picks (default: itself). ``factions``: the cyclic order (default: order of appearance,
        R-Z-1). ``speeds={id: zones}``; ``fearless``: characters immune to morale (Z-MORALE-03).
        """
        order, zone_speeds = zone_setup(state, initiative, opener, factions, speeds, initiative_roll)
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
        first = initiative if opener is None else opener
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
        hidden = (
            sorted(s.id for s in found.sheets.values() if s.concealed)
            if (found := world(state)) is not None
            else []
        )
        if hidden:
            turn = attrs.evolve(turn, bonus_round=True)
        turn = snapshot(state, turn)
        events.insert(0, CombatStarted(system=self.name, sides=order, rules=("Z-TURN-01", "Z-TURN-02")))
        if hidden:
            events.append(
                Note(
                    text=f"the concealed {', '.join(hidden)} play a bonus round, only they act",
                    rules=("Z-SNEAK-01", "R-Z-14"),
                )
            )
        events.append(RoundStarted(round=1, first=first, rules=("Z-TURN-06", "Z-TURN-07", "R-Z-1")))
        return Outcome(state.with_turn(turn, round=1), tuple(events))

    # queries -------------------------------------------------------------------------------------
    def next_actors(self, state: Encounter) -> dict[str, tuple[str, ...]]:
        """The faction whose go it is and its characters yet to act (empty: it must pass)."""
        t = turn_of(state)
        if t.round_over or t.current:
            return {}
        return {t.to_go: tuple(sorted(c.id for c in unacted(state, t, t.to_go)))}

    def verify_start_turn(
        self,
        state: Encounter,
        creature: str,
        *,
        together: Iterable[str] | None = None,
        reserve: Iterable[str] = (),
        sprint: bool = False,
    ) -> tuple[tuple[str, ...], frozenset[str]]:
        """Raise :class:`TurnOrderError` unless ``creature`` may take a turn; who acts with it, who waits."""
        members = self._members(state, creature, together)
        kept = frozenset(check_ids(state, reserve, "reserve"))
        if not kept <= set(members):
            raise InvalidArgumentError(
                f"reserve {sorted(kept)!r}: only members of this turn {members!r} "
                "can keep their turn to react",
                rule="Z-MOUNT-01",
            )
        if not isinstance(sprint, bool):
            raise ArgumentTypeError(f"sprint {sprint!r}: True or False", rule="Z-TURN-09")
        return members, kept

    def _members(self, state: Encounter, creature: str, together: Iterable[str] | None) -> tuple[str, ...]:
        t = turn_of(state)
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
        if not may_take_turn(state, t, c):
            raise TurnOrderError(
                f"turn of {creature!r}: incapacitated, retreated, "
                "or not concealed in the ambushers' bonus round",
                rule=("R-Z-7", "Z-MORALE-02", "Z-SNEAK-01"),
            )
        group = mount_group(state, c)
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
    ) -> Outcome:
        """Take a turn with a character of the faction whose go it is (Z-TURN-02, Z-TURN-03).

        A mount and its riders take the turn together (Z-MOUNT-01; default: all of them that have
        not acted; ``together`` names them). Those in ``reserve`` do nothing now and keep their
        turn to react. ``sprint`` doubles the speed (Z-TURN-09).
        """
        t = turn_of(state)
        members, kept = self.verify_start_turn(
            state, creature, together=together, reserve=reserve, sprint=sprint
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

    def verify_end_turn(self, state: Encounter) -> None:
        """Raise :class:`TurnOrderError` if no character is taking a turn (Z-TURN-02), or an attack
        waits for reactions and damage (Z-REACT-01)."""
        if not turn_of(state).current:
            raise TurnOrderError("end turn: no character is taking a turn", rule="Z-TURN-02")
        found = world(state)
        if found is not None and (found.pending is not None or found.interrupted is not None):
            raise TurnOrderError("end turn: an attack waits for reactions and damage", rule="Z-REACT-01")

    def end_turn(self, state: Encounter) -> Outcome:
        """End the current turn; the go passes to the next faction in the cycle (Z-TURN-02, Z-TURN-08)."""
        self.verify_end_turn(state)
        t = turn_of(state)
        first = t.current[0]
        new = attrs.evolve(
            t,
            acted=t.acted | set(t.current),
            current=(),
            economies=immutables.Map(),
            to_go=next_faction(t, t.to_go),
        )
        return Outcome(
            state.with_turn(new),
            (TurnEnded(creature=first, round=state.round, rules=("Z-TURN-02", "Z-TURN-08")),),
        )

    def verify_pass(self, state: Encounter, faction: str | None = None) -> str:
        """Raise :class:`TurnOrderError` unless the faction may pass now; the faction (Z-TURN-02, -04)."""
        t = turn_of(state)
        who = t.to_go if faction is None else faction
        if t.round_over:
            raise TurnOrderError(f"{who!r} passes: the round is over", rule="Z-TURN-04")
        if t.current:
            raise TurnOrderError(f"{who!r} passes: {t.current[0]!r} is taking its turn", rule="Z-TURN-02")
        if who != t.to_go:
            raise TurnOrderError(f"{who!r} passes: it is the go of faction {t.to_go!r}", rule="Z-TURN-02")
        return who

    def pass_turn(self, state: Encounter, faction: str | None = None) -> Outcome:
        """The faction whose go it is passes; all factions passing in a row end the round (Z-TURN-04)."""
        who = self.verify_pass(state, faction)
        t = turn_of(state)
        forced = not unacted(state, t, who)
        passes = t.passes + 1
        over = passes >= len(t.factions)
        rules: tuple[str, ...] = ("Z-TURN-02", "Z-TURN-08") if forced else ("Z-TURN-02",)
        if over:
            rules = (*rules, "Z-TURN-04", "R-Z-2")
        new = attrs.evolve(t, passes=passes, round_over=over, to_go=next_faction(t, who))
        return Outcome(
            state.with_turn(new), (Passed(faction=who, forced=forced, consecutive=passes, rules=rules),)
        )

    def verify_end_round(self, state: Encounter, *, opener: str | None = None) -> str:
        """Raise unless every faction passed consecutively; the faction to open the next (Z-TURN-04)."""
        t = turn_of(state)
        if not t.round_over:
            raise TurnOrderError(
                f"end round {state.round}: the factions have not all passed consecutively", rule="Z-TURN-04"
            )
        first = t.initiative if opener is None else opener
        if first not in t.factions:
            raise InvalidArgumentError(f"opener {first!r}: not one of {t.factions!r}", rule="Z-TURN-06")
        return first

    def end_round(self, state: Encounter, *, opener: str | None = None) -> Outcome:
        """End the round after every faction passed; report morale checks due; open the next round.

        ``opener``: the faction the initiative holder picks to go first next round (Z-TURN-06;
        default: itself).
        """
        first = self.verify_end_round(state, opener=opener)
        t = turn_of(state)
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
        due, morale_events = (frozenset(), []) if t.bonus_round else morale_due(state, t)  # R-Z-14
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
            galloped=frozenset(),
            bonus_round=False,
        )
        nxt = snapshot(state, nxt)
        rnd = state.round + 1
        events.append(RoundStarted(round=rnd, first=first, rules=("Z-TURN-06", "R-Z-1")))
        return Outcome(state.with_turn(nxt, round=rnd), tuple(events))

    # actions -------------------------------------------------------------------------------------
    def verify_action(self, state: Encounter, creature: str, kind: str, *, name: str | None = None) -> None:
        """Raise unless the character may take a ``"main"`` or ``"bonus"`` action now (Z-TURN-09)."""
        check_economy(state, creature, kind)

    def use_action(self, state: Encounter, creature: str, kind: str, *, name: str | None = None) -> Outcome:
        """Take a main or bonus action; moving more than half speed is then refused (Z-TURN-09)."""
        return spend_action(state, creature, kind, name=name)

    def spends(self, state: Encounter, creature: str, cost: str) -> str | None:
        """For a character taking a turn: a main action takes a main action, a maneuver a bonus
        action (Z-TURN-09, R-TURN-9); squares of the grid spend no zones, a move action nothing."""
        t = state.turn
        if not isinstance(t, ZoneTurn) or creature not in t.economies:
            return None
        return ZONE_COSTS.get(cost)

    def spend_movement(self, state: Encounter, creature: str, squares: int) -> Outcome:
        """Move zones: full speed without actions, half with them, split freely (Z-TURN-09, -10)."""
        t, eco = economy(state, creature)
        whole_number(squares, 1, MAX_ZONES, what=f"{creature} moves zones", rule="Z-TURN-09")
        limit = eco.half if eco.actions else eco.speed
        if eco.moved_halves + 2 * squares > 2 * limit:
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

    # what may be asked now ---------------------------------------------------------------------
    def legal_actions(self, state: Encounter, creature: str | None = None) -> list[Action]:
        """The requests open now, each verified, in a fixed order (Z-TURN-02..09, Z-SURR-01).

        Out of combat: starting the fight with each faction holding the initiative. On a
        faction's go: a turn of each of its characters yet to act, surrendering, or passing.
        During a turn: each character's attacks as main actions (with zones
        :func:`~brawl.zone.legal.zone_deeds`, on the grid :func:`~brawl.zone.legal.grid_deeds`),
        a bare bonus or main action of each character taking it, or ending the turn.
        After every faction passed: ending the round. With ``creature``, only its requests.
        """
        found: list[Action]
        current: tuple[str, ...] = ()
        if state.turn is None:
            found = [StartZoneCombat(initiative=f) for f in sorted({c.side for c in state.living()})]
        else:
            t = turn_of(state)
            current = t.current
            zone = world(state)
            if zone is not None and zone.pending is not None:
                found = pending_deeds(state, zone)
            elif t.round_over:
                found = [EndRound()]
            elif t.current and zone is not None:
                found = zone_deeds(state, t.current)
                found += [UseAction(m, kind) for m in sorted(t.current) for kind in ACTION_KINDS]
                found.append(EndTurn())
            elif t.current:
                found = grid_deeds(state, t.current)
                found += [UseAction(m, kind) for m in sorted(t.current) for kind in ACTION_KINDS]
                found.append(EndTurn())
            else:
                ids = sorted(c.id for c in unacted(state, t, t.to_go))
                found = [StartTurn(cid) for cid in ids]
                found += [Surrender(cid) for cid in ids]
                found.append(PassTurn())
        if creature is not None:
            found = [
                a
                for a in found
                if actor_of(a) == creature
                or zone_actor(a) == creature
                or (isinstance(a, EndTurn) and creature in current)
            ]
        return [a for a in found if verified(a, state)]

    def end_combat(self, state: Encounter) -> Outcome:
        """Nothing of the zone game lasts past the fight."""
        return Outcome(state, ())


ZONE = register_system(ZoneGame())
"""The registered zone game turn system."""


# -- requests ------------------------------------------------------------------------------------


@attrs.frozen(repr=False)
class StartZoneCombat(Request):
    """:func:`brawl.start_combat` under the zone game, with its choices (Z-TURN-06, Z-TURN-07, R-Z-1)."""

    initiative: str | None = attrs.field(default=None, validator=text(optional=True))
    opener: str | None = attrs.field(default=None, validator=text(optional=True))
    factions: tuple[str, ...] | None = attrs.field(default=None, converter=optional_ids)
    speeds: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=pairs)
    fearless: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)
    initiative_roll: int | None = attrs.field(default=None, validator=whole(optional=True))

    def _choices(self) -> dict[str, Any]:
        return {
            "initiative": self.initiative,
            "opener": self.opener,
            "factions": self.factions,
            "speeds": dict(self.speeds),
            "fearless": self.fearless,
            "initiative_roll": self.initiative_roll,
        }

    def verify(self, state: Encounter) -> None:
        verify_no_combat(state)
        ZONE.verify_start(state, **self._choices())

    def resolve(self, state: Encounter) -> Outcome:
        verify_no_combat(state)
        return ZONE.start(state, **self._choices())


@attrs.frozen(repr=False)
class PassTurn(Request):
    """The faction whose go it is passes (Z-TURN-02, Z-TURN-04, Z-TURN-08)."""

    faction: str | None = attrs.field(default=None, validator=text(optional=True))

    def verify(self, state: Encounter) -> None:
        ZONE.verify_pass(state, self.faction)

    def resolve(self, state: Encounter) -> Outcome:
        return ZONE.pass_turn(state, self.faction)


@attrs.frozen(repr=False)
class Surrender(Request):
    """Spend a turn surrendering: the turn is wasted (Z-SURR-01)."""

    creature: str = attrs.field(validator=text())

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` may spend its whole turn, alone, surrendering (Z-SURR-01)."""
        creature = self.creature
        t = turn_of(state)
        if creature not in t.current:
            ZONE.verify_start_turn(state, creature, together=())
            return
        eco = t.economies.get(creature)
        if eco is None or eco.zones or eco.actions or len(t.current) > 1:
            raise ActionUnavailableError(
                f"{creature} surrenders: surrendering takes the whole turn of that character alone",
                rule="Z-SURR-01",
            )

    def resolve(self, state: Encounter) -> Outcome:
        creature = self.creature
        self.verify(state)
        t = turn_of(state)
        out = Outcome(state, ())
        if creature not in t.current:
            out = ZONE.start_turn(state, creature, together=())
            t = turn_of(out.state)
        new = attrs.evolve(t, surrendered=t.surrendered | {creature})
        out = out.add(Surrendered(creature=creature, rules=("Z-SURR-01",)), state=out.state.with_turn(new))
        return out.then(ZONE.end_turn)
