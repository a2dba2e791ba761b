"""Moving between zones: speed, half speed with actions, sprinting, opportunity attacks (Z-TURN-09).

A step into a bordering zone costs a zone; a step off a border into one of its two zones half a
zone. A turn allows full speed without actions, half speed with them (Z-TURN-09), split freely
(Z-TURN-10). Grabbed characters move with their grabber (Z-NL-08), riders with their mount
(Z-MOUNT-01); a mount moving beyond half speed leaves its riders unable to act or react this
round (Z-MOUNT-02). Moving without sneaking reveals a concealed character (Z-SNEAK-03). Nearby
enemies may interrupt the move with opportunity attacks; it goes on afterwards if the mover is
still alive and conscious (Z-REACT-10).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.base import Event, Note
from brawl.fields import flag, ident, ids
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter
from brawl.zone.attack import declare, grabbing, plan_attack
from brawl.zone.events import ZoneMoved, ZoneSneak
from brawl.zone.model import Interrupted, Place, with_world
from brawl.zone.reactions import React
from brawl.zone.space import able, galloping, nearby, require_able, sheet_of, update_sheet, world_of
from brawl.zone.turnstate import ZoneTurn


def step_costs(state: Encounter, creature: str, path: tuple[str, ...]) -> list[int]:
    """Half zones each step of ``path`` costs; raise if a step is not to a bordering zone."""
    world = world_of(state)
    place = world.place(creature)
    costs: list[int] = []
    for i, zid in enumerate(path):
        if zid not in world.map:
            raise InvalidArgumentError(f"move of {creature}: {zid!r} is no zone", rule="Z-TURN-09")
        if i == 0 and place.border is not None:
            if zid not in place.touches():
                raise InvalidArgumentError(
                    f"move of {creature}: from the border {place} only into {sorted(place.touches())}",
                    rule="Z-TURN-09",
                )
            costs.append(1)
        else:
            here = place.zone if i == 0 else path[i - 1]
            if zid not in world.map.neighbours(here):
                raise InvalidArgumentError(
                    f"move of {creature}: {zid!r} does not border {here!r}", rule="Z-TURN-09"
                )
            costs.append(2)
    return costs


def check_budget(state: Encounter, creature: str, halves: int, what: str) -> None:
    """Raise unless ``creature``'s turn has ``halves`` half zones of movement left (Z-TURN-09, -10)."""
    t = state.turn
    if not isinstance(t, ZoneTurn):
        return
    eco = t.economies.get(creature)
    if eco is None:
        raise ActionUnavailableError(f"{what} by {creature}: it is not taking its turn", rule="Z-TURN-09")
    if eco.moved_halves + halves > eco.limit_halves:
        raise ActionUnavailableError(
            f"{what} by {creature}: {halves / 2:g} zones asked, {eco.moved_halves / 2:g} moved, "
            f"limit {eco.limit_halves / 2:g} this turn",
            rule=("Z-TURN-09", "Z-TURN-10"),
        )


def spend(state: Encounter, creature: str, halves: int) -> Encounter:
    """Spend ``halves`` half zones of ``creature``'s turn; a mount beyond half speed gallops (Z-MOUNT-02)."""
    t = state.turn
    if not isinstance(t, ZoneTurn) or creature not in t.economies:
        return state
    eco = t.economies[creature]
    total = eco.moved_halves + halves
    eco = attrs.evolve(eco, zones=total // 2, halves=total % 2)
    galloped = t.galloped
    if total > 2 * eco.half and state.riding_me(creature):
        galloped = galloped | {creature}
    return state.with_turn(attrs.evolve(t, economies=t.economies.set(creature, eco), galloped=galloped))


def walk(state: Encounter, creature: str, path: tuple[str, ...], sneaking: bool) -> Outcome:
    """Move ``creature`` (with whom it carries) along a checked path and spend its movement."""
    costs = step_costs(state, creature, path)
    world = world_of(state)
    start = world.place(creature)
    end = Place(path[-1])
    riders = [r for r in state.riding_me(creature) if r in world.places]
    held = list(grabbing(world, creature))
    for cid in (creature, *riders, *held):
        world = world.with_place(cid, end)
    state = spend(with_world(state, world), creature, sum(costs))
    rules: tuple[str, ...] = ("Z-TURN-09", "Z-TURN-10")
    events: list[Event] = [
        ZoneMoved(creature=creature, start=str(start), end=str(end), halves=sum(costs), rules=rules)
    ]
    for cid in riders:
        events.append(
            ZoneMoved(
                creature=cid, start=str(start), end=str(end), halves=0, forced=True, rules=("Z-MOUNT-01",)
            )
        )
    for cid in held:
        events.append(
            ZoneMoved(creature=cid, start=str(start), end=str(end), halves=0, forced=True, rules=("Z-NL-08",))
        )
    if sheet_of(state, creature).concealed and not sneaking:
        state = update_sheet(state, creature, concealed=False)
        events.append(
            ZoneSneak(
                creature=creature, concealed=False, reason="moved without sneaking", rules=("Z-SNEAK-03",)
            )
        )
    return Outcome(state, tuple(events))


def continue_move(state: Encounter) -> Outcome:
    """The next opportunity attack on an interrupted move, or the move itself (Z-REACT-10)."""
    world = world_of(state)
    stop = world.interrupted
    if stop is None or world.pending is not None:
        return Outcome(state, ())
    out = Outcome(state, ())
    attackers = list(stop.attackers)
    while attackers:
        a, weapon = attackers.pop(0)
        world = world_of(out.state)
        world = attrs.evolve(world, interrupted=attrs.evolve(stop, attackers=tuple(attackers)))
        st = with_world(out.state, world)
        if not able(st, a) or not able(st, stop.creature) or not nearby(st, a, stop.creature):
            out = Outcome(st, out.events)
            continue
        plan = plan_attack(st, a, (stop.creature,), weapon, "attack", "normal", None, False, (), False)
        nxt = Outcome(st, out.events)
        if isinstance(st.turn, ZoneTurn):
            nxt = nxt.then(React(a, f"{a}-{world.attacks + 1}").resolve)
        nxt = nxt.then(
            declare,
            a,
            plan,
            weapon=weapon,
            kind="attack",
            mode="normal",
            dice=(),
            peeking=False,
            opportunity=True,
            save_roll=None,
            deviation_roll=None,
        )
        out = nxt
        if world_of(out.state).pending is not None:
            return out
    world = world_of(out.state)
    st = with_world(out.state, attrs.evolve(world, interrupted=None))
    c = st.creature(stop.creature)
    if c.dead or sheet_of(st, stop.creature).incapacitated:
        return Outcome(st, out.events).add(
            Note(text=f"{stop.creature}'s move ends: it is down", rules=("Z-REACT-10",))
        )
    moved = walk(st, stop.creature, stop.path, stop.sneaking)
    note = Note(text=f"{stop.creature}'s move resumes", rules=("Z-REACT-10",))
    return Outcome(moved.state, (*out.events, note, *moved.events))


def _path(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "ZoneMove path (zone ids)", "Z-TURN-09")


@attrs.frozen
class ZoneMove(Action):
    """Move through the zones of ``path`` in order (Z-TURN-09).

    ``sneaking`` keeps a concealed character concealed (Z-SNEAK-03); ``opportunity`` names nearby
    enemies who interrupt the move with an opportunity attack as their reaction: each is declared
    in turn (pending, as any attack), and the move goes on after the last if the mover is still
    alive and conscious (Z-REACT-10).
    """

    creature: str = attrs.field(validator=ident("Z-TURN-09"))
    path: tuple[str, ...] = attrs.field(converter=_path)
    sneaking: bool = attrs.field(default=False, validator=flag("Z-SNEAK-03"))
    opportunity: tuple[str, ...] = attrs.field(default=(), converter=_path)

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` may move along ``path`` now (Z-TURN-09, Z-REACT-10)."""
        creature, path, opportunity = self.creature, self.path, self.opportunity
        world_of(state, "zone_move")
        world = world_of(state)
        if world.pending is not None or world.interrupted is not None:
            raise ActionUnavailableError(
                f"move of {creature}: an attack is being resolved", rule="Z-REACT-01"
            )
        require_able(state, creature, "move")
        if state.creature(creature).riding is not None:
            raise ActionUnavailableError(
                f"move of {creature}: it rides {state.creature(creature).riding}; its mount moves it",
                rule="Z-MOUNT-01",
            )
        steps = tuple(path)
        if not steps:
            raise InvalidArgumentError(f"move of {creature}: an empty path", rule="Z-TURN-09")
        check_budget(state, creature, sum(step_costs(state, creature, steps)), "move")
        ids = tuple(opportunity)
        if ids:
            after = Place(steps[0])
            for a in ids:
                if not state.are_enemies(a, creature):
                    raise ActionUnavailableError(
                        f"opportunity attack by {a}: {creature} is no enemy", rule="Z-REACT-10"
                    )
                if not nearby(state, a, creature):
                    raise ActionUnavailableError(
                        f"opportunity attack by {a}: {creature} is not nearby", rule="Z-REACT-10"
                    )
                if world.place(a).touches() & after.touches():
                    raise ActionUnavailableError(
                        f"opportunity attack by {a}: {creature} does not move away from it", rule="Z-REACT-10"
                    )
                require_able(state, a, "opportunity attack")
                if galloping(state, a):
                    raise ActionUnavailableError(
                        f"opportunity attack by {a}: its mount gallops", rule="Z-MOUNT-02"
                    )
                if isinstance(state.turn, ZoneTurn):
                    React(a, f"{a}-{world.attacks + 1}").verify(state)
            if len(set(ids)) != len(ids):
                raise InvalidArgumentError(f"opportunity {ids!r}: each attacker once", rule="Z-REACT-03")

    def resolve(self, state: Encounter) -> Outcome:
        creature, path, sneaking, opportunity = self.creature, self.path, self.sneaking, self.opportunity
        steps = tuple(path)
        self.verify(state)
        ids = tuple(opportunity)
        if ids:
            sheets = [sheet_of(state, a) for a in ids]
            chosen = tuple((s.id, next((w.name for w in s.weapons if not w.ranged), None)) for s in sheets)
            world = world_of(state)
            st = with_world(
                state, attrs.evolve(world, interrupted=Interrupted(creature, steps, chosen, sneaking))
            )
            return continue_move(st)
        return walk(state, creature, steps, sneaking)


__all__ = [
    "ZoneMove",
    "check_budget",
    "continue_move",
    "spend",
    "step_costs",
    "walk",
]
