"""The zone game's other procedures: breaking free, freeing an ally, sneaking, mounts, gear, chases.

Breaking free takes the grabbed character's whole turn and a STR save (Z-NL-06), impossible
against a larger grabber (Z-SIZE-06); an ally frees it with a main action and a STR save
(Z-NL-07). Concealment ends when a character is revealed and starts again only out of sight or
by a major distraction, which the caller judges (Z-SNEAK-03). Mounting and dismounting count as
half a zone of movement; from a moving mount an AGI save avoids a fall of d4 direct damage. After
the fight each used weapon and armour takes a durability roll (Z-GEAR-01, R-Z-10). A long chase is
a group AGI save of the fleeing (Z-CHASE-01).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from brawl.dice import roll_die
from brawl.errors import ActionUnavailableError, InvalidArgumentError, TurnOrderError
from brawl.events.base import Event, Note
from brawl.fields import choice, flag, ident, ids, text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter
from brawl.zone.attack import spend_main
from brawl.zone.events import ZoneChased, ZoneGear, ZoneGrab, ZoneMounted, ZoneMoved, ZoneSneak
from brawl.zone.model import Armour, Weapon, with_world
from brawl.zone.move import check_budget, spend
from brawl.zone.resolve import Dice, Hit, apply_hit, faces
from brawl.zone.space import (
    nearby,
    require_able,
    save,
    sheet_of,
    steps,
    update_sheet,
    world_of,
)
from brawl.zone.turnstate import ZoneTurn

FALL_DIE = 4  # mounting or dismounting a moving mount: a fall inflicts d4 direct damage
MOUNTING_HALVES = 1  # mounting or dismounting counts as moving half a zone
FASTER = ("fleeing", "pursuers")  # Z-CHASE-01


def _whole_turn(state: Encounter, creature: str, what: str) -> None:
    """Raise unless ``creature`` takes its turn and has spent nothing of it (Z-NL-06)."""
    t = state.turn
    if not isinstance(t, ZoneTurn):
        return
    eco = t.economies.get(creature)
    if eco is None or eco.moved_halves or eco.actions:
        raise ActionUnavailableError(f"{what} by {creature}: it takes its whole turn", rule="Z-NL-06")


def _spent(state: Encounter, creature: str) -> Encounter:
    """The turn of ``creature`` used up."""
    t = state.turn
    if not isinstance(t, ZoneTurn) or creature not in t.economies:
        return state
    eco = t.economies[creature]
    eco = attrs.evolve(eco, main=1, bonus=1, zones=eco.speed, halves=0)
    return state.with_turn(attrs.evolve(t, economies=t.economies.set(creature, eco)))


def _fall(
    state: Encounter, creature: str, moving: bool, roll: int | None, dice: Iterable[int], what: str
) -> tuple[bool, Outcome]:
    """From a moving mount an AGI save, or a fall of d4 direct damage."""
    if not moving:
        return False, Outcome(state, ())
    passed, st, events = save(
        state, creature, "AGI", roll, purpose=f"{what} a moving mount", rules=("Z-MOUNT-01",)
    )
    out = Outcome(st, tuple(events))
    if passed:
        return False, out
    faces, rolled = Dice(dice).roll(out.state, FALL_DIE, 1, "fall from a mount", creature, ("Z-MOUNT-01",))
    out = Outcome(rolled.state, out.events + rolled.events)
    hit = Hit(creature, creature, None, "1d4", faces, faces[0], False, faces[0], 0, faces[0], False)
    return True, apply_hit(out, hit)


def _ids(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "ZoneChase.fleeing", "Z-CHASE-01")


@attrs.frozen
class ZoneBreakFree(Action):
    """Spend the whole turn on a STR save to break free (Z-NL-06)."""

    creature: str = attrs.field(validator=ident("Z-NL-06"))
    roll: int | None = attrs.field(default=None, validator=whole("Z-NL-06", optional=True))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` is grabbed and may spend its turn to break free (Z-NL-06, Z-SIZE-06)."""
        creature = self.creature
        world_of(state, "zone_break_free")
        sheet = sheet_of(state, creature)
        if sheet.grabbed_by is None:
            raise ActionUnavailableError(f"{creature} breaks free: it is not grabbed", rule="Z-NL-06")
        if state.creature(creature).dead or sheet.incapacitated:
            raise ActionUnavailableError(f"{creature} breaks free: it is down", rule="R-Z-7")
        if steps(sheet_of(state, sheet.grabbed_by), sheet) > 0:
            raise ActionUnavailableError(
                f"{creature} breaks free: {sheet.grabbed_by} is larger; no STR save frees it",
                rule="Z-SIZE-06",
            )
        t = state.turn
        if isinstance(t, ZoneTurn) and creature not in t.current:
            raise TurnOrderError(f"{creature} breaks free: only on its turn", rule="Z-NL-06")
        _whole_turn(state, creature, "breaking free")

    def resolve(self, state: Encounter) -> Outcome:
        creature, roll = self.creature, self.roll
        self.verify(state)
        grabber = sheet_of(state, creature).grabbed_by
        assert grabber is not None
        passed, st, events = save(state, creature, "STR", roll, purpose="breaking free", rules=("Z-NL-06",))
        st = _spent(st, creature)
        if passed:
            st = update_sheet(st, creature, grabbed_by=None)
            events.append(
                ZoneGrab(creature=creature, by=grabber, held=False, reason="broke free", rules=("Z-NL-06",))
            )
        return Outcome(st, tuple(events))


@attrs.frozen
class ZoneFreeAlly(Action):
    """A main action and a STR save to free a grabbed ally (Z-NL-07)."""

    creature: str = attrs.field(validator=ident("Z-NL-07"))
    ally: str = attrs.field(validator=ident("Z-NL-07"))
    roll: int | None = attrs.field(default=None, validator=whole("Z-NL-07", optional=True))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` may spend a main action to free its nearby grabbed ally (Z-NL-07)."""
        creature, ally = self.creature, self.ally
        world_of(state, "zone_free_ally")
        spend_main(state, creature, "freeing an ally", check_only=True)
        require_able(state, creature, "freeing an ally")
        them = sheet_of(state, ally)
        if them.grabbed_by is None or them.grabbed_by == creature:
            raise ActionUnavailableError(
                f"{creature} frees {ally}: it is not held by another", rule="Z-NL-07"
            )
        if state.are_enemies(creature, ally) or ally == creature:
            raise ActionUnavailableError(f"{creature} frees {ally}: not an ally", rule="Z-NL-07")
        if not nearby(state, creature, ally):
            raise ActionUnavailableError(f"{creature} frees {ally}: it is not nearby", rule="Z-NL-07")

    def resolve(self, state: Encounter) -> Outcome:
        creature, ally, roll = self.creature, self.ally, self.roll
        self.verify(state)
        out = spend_main(state, creature, "freeing an ally", check_only=False)
        grabber = sheet_of(state, ally).grabbed_by
        assert grabber is not None
        passed, st, events = save(
            out.state, creature, "STR", roll, purpose=f"freeing {ally}", rules=("Z-NL-07",)
        )
        if passed:
            st = update_sheet(st, ally, grabbed_by=None)
            events.append(
                ZoneGrab(
                    creature=ally, by=grabber, held=False, reason=f"freed by {creature}", rules=("Z-NL-07",)
                )
            )
        return out.add(*events, state=st)


@attrs.frozen
class ZonePickUp(Action):
    """Pick up a weapon lying in the zone, a bonus action (Z-TURN-12; a disarm drops one, Z-NL-03)."""

    creature: str = attrs.field(validator=ident("Z-TURN-12"))
    weapon: str = attrs.field(validator=text("Z-TURN-12"))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``weapon`` lies in ``creature``'s zone and it may spend a bonus action (Z-TURN-12)."""
        creature, weapon = self.creature, self.weapon
        world_of(state, "zone_pick_up")
        spend_main(state, creature, "picking up", check_only=True, kind="bonus")
        require_able(state, creature, "picking up")
        world = world_of(state)
        here = world.place(creature).touches()
        if not any(z in here and w.name == weapon for z, w in world.dropped):
            lying = sorted(w.name for z, w in world.dropped if z in here)
            raise ActionUnavailableError(
                f"{creature} picks up {weapon!r}: here lie {lying!r}", rule="Z-TURN-12"
            )
        if weapon in {w.name for w in sheet_of(state, creature).weapons}:
            raise ActionUnavailableError(
                f"{creature} picks up {weapon!r}: it carries one so named", rule="Z-TURN-12"
            )

    def resolve(self, state: Encounter) -> Outcome:
        creature, weapon = self.creature, self.weapon
        self.verify(state)
        out = spend_main(state, creature, "picking up", check_only=False, kind="bonus")
        world = world_of(out.state)
        here = world.place(creature).touches()
        i = next(i for i, (z, w) in enumerate(world.dropped) if z in here and w.name == weapon)
        item = world.dropped[i][1]
        world = attrs.evolve(world, dropped=world.dropped[:i] + world.dropped[i + 1 :])
        st = with_world(out.state, world)
        st = update_sheet(st, creature, weapons=(*sheet_of(st, creature).weapons, item))
        return out.add(Note(text=f"{creature} picks up {weapon}", rules=("Z-TURN-12", "Z-NL-03")), state=st)


@attrs.frozen
class ZoneReveal(Action):
    """A concealed character makes noise or becomes visible: revealed (Z-SNEAK-03)."""

    creature: str = attrs.field(validator=ident("Z-SNEAK-03"))
    reason: str = attrs.field(default="seen", validator=text("Z-SNEAK-03"))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` is concealed (Z-SNEAK-03)."""
        creature = self.creature
        world_of(state, "zone_reveal")
        if not sheet_of(state, creature).concealed:
            raise ActionUnavailableError(f"{creature} revealed: it is not concealed", rule="Z-SNEAK-03")

    def resolve(self, state: Encounter) -> Outcome:
        creature, reason = self.creature, self.reason
        self.verify(state)
        st = update_sheet(state, creature, concealed=False)
        return Outcome(
            st, (ZoneSneak(creature=creature, concealed=False, reason=reason, rules=("Z-SNEAK-03",)),)
        )


@attrs.frozen
class ZoneConceal(Action):
    """Hide again, after a while out of sight or a major distraction, as the GM judges (Z-SNEAK-03)."""

    creature: str = attrs.field(validator=ident("Z-SNEAK-03"))
    reason: str = attrs.field(default="out of sight", validator=text("Z-SNEAK-03"))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` may hide: not concealed and able (Z-SNEAK-03)."""
        creature = self.creature
        world_of(state, "zone_conceal")
        require_able(state, creature, "hiding")
        if sheet_of(state, creature).concealed:
            raise ActionUnavailableError(f"{creature} hides: it is concealed already", rule="Z-SNEAK-03")

    def resolve(self, state: Encounter) -> Outcome:
        creature, reason = self.creature, self.reason
        self.verify(state)
        st = update_sheet(state, creature, concealed=True)
        return Outcome(
            st, (ZoneSneak(creature=creature, concealed=True, reason=reason, rules=("Z-SNEAK-03",)),)
        )


@attrs.frozen
class ZoneMount(Action):
    """Get on a mount (half a zone); a moving mount asks an AGI save or the rider falls (d4 direct)."""

    creature: str = attrs.field(validator=ident("Z-MOUNT-01"))
    mount: str = attrs.field(validator=ident("Z-MOUNT-01"))
    moving: bool = attrs.field(default=False, validator=flag("Z-MOUNT-01"))
    roll: int | None = attrs.field(default=None, validator=whole("Z-MOUNT-01", optional=True))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` may get on ``mount`` nearby, half a zone of movement (Z-MOUNT-01)."""
        creature, mount = self.creature, self.mount
        world_of(state, "zone_mount")
        require_able(state, creature, "mounting")
        if (
            creature == mount
            or state.creature(creature).riding is not None
            or state.creature(mount).riding is not None
        ):
            raise ActionUnavailableError(
                f"{creature} mounts {mount}: one of them rides already", rule="Z-MOUNT-01"
            )
        sheet_of(state, mount)
        if state.creature(mount).dead or not nearby(state, creature, mount):
            raise ActionUnavailableError(
                f"{creature} mounts {mount}: the mount is not nearby", rule="Z-MOUNT-01"
            )
        check_budget(state, creature, MOUNTING_HALVES, "mounting")

    def resolve(self, state: Encounter) -> Outcome:
        creature, mount, moving, roll = self.creature, self.mount, self.moving, self.roll
        self.verify(state)
        st = spend(state, creature, MOUNTING_HALVES)
        fell, out = _fall(st, creature, moving, roll, (), "getting on")
        if fell:
            return out.add(
                ZoneMounted(creature=creature, mount=mount, on=False, fell=True, rules=("Z-MOUNT-01",))
            )
        world = world_of(out.state)
        start, end = world.place(creature), world.place(mount)
        st = with_world(out.state.update_creature(creature, riding=mount), world.with_place(creature, end))
        return out.add(
            ZoneMoved(
                creature=creature,
                start=str(start),
                end=str(end),
                halves=MOUNTING_HALVES,
                rules=("Z-MOUNT-01",),
            ),
            ZoneMounted(creature=creature, mount=mount, on=True, rules=("Z-MOUNT-01",)),
            state=st,
        )


@attrs.frozen
class ZoneDismount(Action):
    """Get off a mount (half a zone); off a moving mount an AGI save or a fall (d4 direct)."""

    creature: str = attrs.field(validator=ident("Z-MOUNT-01"))
    moving: bool = attrs.field(default=False, validator=flag("Z-MOUNT-01"))
    roll: int | None = attrs.field(default=None, validator=whole("Z-MOUNT-01", optional=True))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` rides and may get off, half a zone of movement."""
        creature = self.creature
        world_of(state, "zone_dismount")
        if state.creature(creature).riding is None:
            raise ActionUnavailableError(f"{creature} dismounts: it rides nothing", rule="Z-MOUNT-01")
        sheet = sheet_of(state, creature)
        if sheet.incapacitated:
            raise ActionUnavailableError(f"{creature} dismounts: it is incapacitated", rule="R-Z-7")
        check_budget(state, creature, MOUNTING_HALVES, "dismounting")

    def resolve(self, state: Encounter) -> Outcome:
        creature, moving, roll = self.creature, self.moving, self.roll
        self.verify(state)
        mount = state.creature(creature).riding
        assert mount is not None
        st = spend(state, creature, MOUNTING_HALVES).update_creature(creature, riding=None)
        fell, out = _fall(st, creature, moving, roll, (), "getting off")
        return out.add(
            ZoneMounted(creature=creature, mount=mount, on=False, fell=fell, rules=("Z-MOUNT-01",))
        )


@attrs.frozen
class ZoneDurability(Action):
    """After a fight, a durability roll for each weapon and armour used (Z-GEAR-01, R-Z-10).

    A roll at most the ruling's failure damages the item; a damaged item is destroyed. ``rolls``
    are the caller's dice in order (characters by id, then weapons, then armour).
    """

    rolls: tuple[int, ...] = attrs.field(default=(), converter=faces)

    def verify(self, state: Encounter) -> None:
        """Raise unless the fight is over (Z-GEAR-01)."""
        world_of(state, "zone_durability")
        world_of(state)
        if state.turn is not None:
            raise TurnOrderError("durability rolls: they are made after the fight", rule="Z-GEAR-01")

    def resolve(self, state: Encounter) -> Outcome:
        rolls = self.rolls
        self.verify(state)
        given = list(rolls)
        rulings = world_of(state).rulings
        events: list[Event] = []
        for cid in sorted(world_of(state).sheets.keys()):
            sheet = sheet_of(state, cid)
            weapons: list[Weapon] = []
            armour: list[Armour] = []
            items: list[Weapon | Armour] = [*sheet.weapons, *sheet.armour]
            for item in items:
                kept: Weapon | Armour | None = item
                if item.name in sheet.used:
                    value, state, die = roll_die(
                        state,
                        rulings.durability_die,
                        given.pop(0) if given else None,
                        purpose=f"durability of {item.name}",
                        creature=cid,
                        rules=("Z-GEAR-01", "R-Z-10"),
                    )
                    events.append(die)
                    result = "intact"
                    if value <= rulings.durability_fail:
                        result = "destroyed" if item.damaged else "damaged"
                        kept = None if item.damaged else attrs.evolve(item, damaged=True)
                    events.append(
                        ZoneGear(
                            creature=cid,
                            item=item.name,
                            result=result,
                            roll=value,
                            rules=("Z-GEAR-01", "R-Z-10"),
                        )
                    )
                if isinstance(kept, Weapon):
                    weapons.append(kept)
                elif isinstance(kept, Armour):
                    armour.append(kept)
            state = update_sheet(state, cid, weapons=tuple(weapons), armour=tuple(armour), used=())
        return Outcome(state, tuple(events))


@attrs.frozen
class ZoneChase(Action):
    """A long chase: the fleeing make a group AGI save, pass to escape (Z-CHASE-01).

    ``faster="fleeing"``: the fleeing are faster or last longer, all escape without a save;
    ``"pursuers"``: escape is impossible.
    """

    fleeing: tuple[str, ...] = attrs.field(converter=_ids)
    faster: str | None = attrs.field(default=None, validator=choice(FASTER, "Z-CHASE-01", optional=True))
    rolls: tuple[int, ...] = attrs.field(default=(), converter=faces)

    def verify(self, state: Encounter) -> None:
        """Raise unless ``fleeing`` names characters with sheets and ``faster`` is a side or None."""
        fleeing, faster = self.fleeing, self.faster
        world_of(state, "zone_chase")
        ids = tuple(fleeing)
        if not ids:
            raise InvalidArgumentError("chase: name the fleeing characters", rule="Z-CHASE-01")
        for cid in ids:
            sheet_of(state, cid)
        if faster is not None and faster not in FASTER:
            raise InvalidArgumentError(f"chase faster {faster!r}: one of {FASTER} or None", rule="Z-CHASE-01")

    def resolve(self, state: Encounter) -> Outcome:
        fleeing, faster, rolls = self.fleeing, self.faster, self.rolls
        ids = tuple(fleeing)
        self.verify(state)
        if faster == "fleeing":
            return Outcome(
                state,
                (ZoneChased(escaped=ids, caught=(), reason="the fleeing are faster", rules=("Z-CHASE-01",)),),
            )
        if faster == "pursuers":
            return Outcome(
                state,
                (
                    ZoneChased(
                        escaped=(), caught=ids, reason="the pursuers are faster", rules=("Z-CHASE-01",)
                    ),
                ),
            )
        given = list(rolls)
        events: list[Event] = []
        ok: list[str] = []
        bad: list[str] = []
        for cid in ids:
            passed, state, rolled = save(
                state, cid, "AGI", given.pop(0) if given else None, purpose="fleeing", rules=("Z-CHASE-01",)
            )
            events.extend(rolled)
            (ok if passed else bad).append(cid)
        events.append(
            ZoneChased(escaped=tuple(ok), caught=tuple(bad), reason="group AGI save", rules=("Z-CHASE-01",))
        )
        return Outcome(state, tuple(events))


__all__ = [
    "ZoneBreakFree",
    "ZoneChase",
    "ZoneConceal",
    "ZoneDismount",
    "ZoneDurability",
    "ZoneFreeAlly",
    "ZoneMount",
    "ZonePickUp",
    "ZoneReveal",
]
