"""Resolving a pending attack: damage by weapon and size, armour and cover, gear, incapacitation.

Damage (per hit): the weapon's die (d4 unarmed, Z-ATK-02), its number doubled per size step the
attacker is larger (Z-SIZE-02) or the total halved per step it is smaller, rounding up each step
(Z-SIZE-01, R-Z-4), never for a blast (Z-SIZE-03); impaired when unarmed, held back or made by a
rider (Z-ATK-02, Z-ATK-03, Z-MOUNT-03, R-Z-8); less the armour value with cover, at most 3, cover
not counting against a penetrating attack (Z-COVER-01, Z-COVER-02); critical damage
incapacitates (R-Z-7). A counter's two hits are rolled together and land in order of the damage
they deal (Z-REACT-05, Z-REACT-06, R-Z-11), non-lethal ones last (Z-NL-02). Worn gear breaks
(Z-GEAR-02, Z-GEAR-03). A surrendered character harmed by an enemy fights again (Z-SURR-01).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from brawl.dice import roll_dice
from brawl.errors import ActionUnavailableError, ArgumentTypeError, InvalidArgumentError
from brawl.events.base import Event, Note
from brawl.fields import flag, text
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter
from brawl.zone.attack import weapon_of
from brawl.zone.events import (
    ZoneAttackMissed,
    ZoneDamaged,
    ZoneDisarmed,
    ZoneGear,
    ZoneGrab,
    ZoneIncapacitated,
    ZoneMoved,
)
from brawl.zone.model import ARMOUR_CAP, Counter, PendingAttack, Place, Weapon, ZoneCharacter, with_world
from brawl.zone.move import continue_move
from brawl.zone.react import pending_of
from brawl.zone.reactions import ResumeFighting
from brawl.zone.space import (
    able,
    barrier_between,
    save,
    sheet_of,
    steps,
    update_sheet,
    with_sheet,
    world_of,
)
from brawl.zone.turnstate import ZoneTurn

SHOVE_DIE = 4  # Z-SIZE-08: a larger character's shove inflicts d4 direct damage


class Dice:
    """Damage dice: the caller's values in order, then the state's RNG."""

    def __init__(self, given: Iterable[int]) -> None:
        self.given = list(given)

    def roll(
        self, state: Encounter, sides: int, count: int, purpose: str, who: str, rules: tuple[str, ...]
    ) -> tuple[tuple[int, ...], Outcome]:
        """``count`` dice of ``sides`` faces, an event of the roll, the state with the RNG advanced."""
        take = self.given[:count]
        self.given = self.given[count:]
        values: tuple[int, ...] | None = tuple(take) if take else None
        if take and len(take) < count:
            more, state = state.roll(sides, count - len(take))
            values = (*take, *more)
        return roll_dice(state, sides, count, values=values, purpose=purpose, creature=who, rules=rules)


def halve(value: int, times: int) -> int:
    """``value`` halved ``times`` times, rounding up at each step (R-Z-4)."""
    for _ in range(times):
        value = (value + 1) // 2
    return value


def dice_count(pending: PendingAttack, me: ZoneCharacter, them: ZoneCharacter, blast: bool) -> int:
    """Damage dice against one target: doubled per step the attacker is larger (Z-SIZE-02, -03)."""
    if blast:
        return 1
    given = dict(pending.dice)
    if them.id in given:
        return given[them.id]
    count: int = 2 ** max(0, steps(me, them))
    return count


def impaired(state: Encounter, attacker: str, weapon: str | None, mode: str) -> bool:
    """Unarmed, held back, or a rider's attack (Z-ATK-02, Z-ATK-03, Z-MOUNT-03)."""
    return weapon is None or mode == "hold_back" or state.creature(attacker).riding is not None


def cover_of(state: Encounter, attacker: str, target: str, weapon: Weapon, peeking: bool) -> int:
    """Cover sources protecting ``target`` from ``attacker`` (Z-COVER-01, Z-COVER-02).

    Its zone's cover against an attack from another zone, and a barrier peeked past; none against
    a penetrating weapon (Z-AMB-13, R-Z-13).
    """
    if weapon.penetrating:
        return 0
    world = world_of(state)
    a, b = world.place(attacker), world.place(target)
    out = 0
    if not (a.touches() & b.touches()):
        out += world.map.zone(b.zone).cover
    if peeking and barrier_between(world, a, b):
        out += 1
    return out


@attrs.frozen
class Hit:
    """One damaging hit, rolled and reduced, not yet applied."""

    attacker: str
    target: str
    weapon: str | None
    dice: str
    rolls: tuple[int, ...]
    after_size: int
    impaired: bool
    after_impaired: int
    armour: int
    taken: int
    broke_weapon: bool


def roll_hit(
    out: Outcome,
    dice: Dice,
    attacker: str,
    target: str,
    weapon: str | None,
    mode: str,
    count: int | None,
    *,
    blast: bool,
    peeking: bool,
    pending: PendingAttack,
) -> tuple[Hit, Outcome]:
    """Roll and reduce one hit of ``attacker`` on ``target``."""
    state = out.state
    me, them = sheet_of(state, attacker), sheet_of(state, target)
    w = weapon_of(me, weapon)
    n = dice_count(pending, me, them, blast) if count is None else count
    faces, rolled = dice.roll(state, w.die, n, f"damage of {attacker} on {target}", attacker, ("Z-ATK-02",))
    out = Outcome(rolled.state, out.events + rolled.events)
    total = sum(faces)
    after_size = total if blast else halve(total, max(0, -steps(me, them)))
    weak = impaired(state, attacker, weapon, mode)
    after = after_size
    if weak:
        if world_of(state).rulings.impaired == "lower":
            again, rolled = dice.roll(
                out.state, w.die, n, f"impaired damage of {attacker}", attacker, ("R-Z-8",)
            )
            out = Outcome(rolled.state, out.events + rolled.events)
            other = sum(again) if blast else halve(sum(again), max(0, -steps(me, them)))
            after = min(after_size, other)
        else:
            after = halve(after_size, 1)
    armour = min(ARMOUR_CAP, them.armour_value + cover_of(state, attacker, target, w, peeking))
    taken = max(0, after - armour)
    broke = weapon is not None and w.worn and 1 in faces
    return (
        Hit(attacker, target, weapon, f"{n}d{w.die}", faces, after_size, weak, after, armour, taken, broke),
        out,
    )


def apply_hit(out: Outcome, hit: Hit) -> Outcome:
    """Apply a rolled hit: gear, health, incapacitation, surrender ended (Z-GEAR, R-Z-7, Z-SURR-01)."""
    state = out.state
    events: list[Event] = []
    rulings = world_of(state).rulings
    them = sheet_of(state, hit.target)
    if hit.broke_weapon:
        me = sheet_of(state, hit.attacker)
        if hit.weapon is not None and any(w.name == hit.weapon for w in me.weapons):
            kept = tuple(w for w in me.weapons if w.name != hit.weapon)
            state = update_sheet(state, hit.attacker, weapons=kept)
            events.append(
                ZoneGear(
                    creature=hit.attacker,
                    item=hit.weapon,
                    result="destroyed",
                    rules=("Z-GEAR-02", "Z-GEAR-04"),
                )
            )
        them = sheet_of(state, hit.target)
    if hit.after_impaired >= rulings.wear_threshold:
        worn = [a for a in them.armour if a.damaged]
        worn.sort(key=lambda a: not a.shield)  # Z-GEAR-03: shields are destroyed first
        if worn:
            lost = worn[0]
            them = attrs.evolve(them, armour=tuple(a for a in them.armour if a.name != lost.name))
            events.append(
                ZoneGear(creature=hit.target, item=lost.name, result="destroyed", rules=("Z-GEAR-03",))
            )
    used = tuple(dict.fromkeys((*them.used, *(a.name for a in them.armour))))
    after = max(0, them.health - hit.taken)
    num, den = rulings.critical_numerator, rulings.critical_denominator
    critical = (
        hit.taken > 0
        and not them.incapacitated
        and (after == 0 or critical_hit(hit.taken, them.health_max, num, den))
    )
    state = with_sheet(
        state, attrs.evolve(them, health=after, incapacitated=them.incapacitated or critical, used=used)
    )
    events.append(
        ZoneDamaged(
            attacker=hit.attacker,
            target=hit.target,
            dice=hit.dice,
            rolls=hit.rolls,
            rolled=sum(hit.rolls),
            after_size=hit.after_size,
            impaired=hit.impaired,
            after_impaired=hit.after_impaired,
            armour=hit.armour,
            taken=hit.taken,
            health_before=them.health,
            health_after=after,
            rules=("Z-ATK-02", "Z-SIZE-01", "Z-SIZE-02", "Z-COVER-01", "R-Z-4"),
        )
    )
    if critical:
        events.append(ZoneIncapacitated(creature=hit.target, rules=("R-Z-7",)))
    out = Outcome(state, out.events + tuple(events))
    if hit.taken > 0:
        out = harmed(out, hit.target, hit.attacker)
    return out


def critical_hit(taken: int, health_max: int, num: int, den: int) -> bool:
    """Whether one hit is critical damage: at least ``num / den`` of the maximum health (R-Z-7).

    The hit, not the health left, is critical: the text's bandit is incapacitated by a hit of 4
    of his 8 health, and its counter example's 4 damage "is enough"; a bandit worn down to 3 of 8
    by smaller hits still fights (the stunt example). A numerator of 0 makes no hit critical.
    """
    return num > 0 and taken * den >= health_max * num


def harmed(out: Outcome, target: str, by: str) -> Outcome:
    """A surrendered character harmed by an enemy resumes fighting, automatically (Z-SURR-01)."""
    t = out.state.turn
    if isinstance(t, ZoneTurn) and target in t.surrendered and out.state.are_enemies(target, by):
        return out.then(ResumeFighting(target).resolve)
    return out


def shove_path(state: Encounter, target: str, toward: str | None, zones: int) -> list[Place]:
    """Where a shoved target goes: half a zone toward ``toward``, or whole zones (Z-NL-04, Z-SIZE-08)."""
    world = world_of(state)
    place = world.place(target)
    options = (
        sorted(place.touches() - {place.zone}) if place.border else sorted(world.map.neighbours(place.zone))
    )
    if place.border is not None:
        options = sorted(place.touches())
    goal = toward if toward is not None else (options[0] if options else None)
    if goal is None:
        return []
    if zones == 0:
        if place.border is not None:
            if goal not in place.touches():
                raise InvalidArgumentError(
                    f"shove toward {goal!r}: from {place} only into {options}", rule="Z-NL-04"
                )
            return [Place(goal)]
        if goal not in world.map.neighbours(place.zone):
            raise InvalidArgumentError(
                f"shove toward {goal!r}: not a zone bordering {place.zone!r}", rule="Z-NL-04"
            )
        return [Place(place.zone, goal)]
    if goal not in world.map:
        raise InvalidArgumentError(f"shove toward {goal!r}: no such zone", rule="Z-SIZE-08")
    dist = world.map.distances(goal)
    here = place.zone
    path: list[Place] = []
    for _ in range(zones):
        nxt = [n for n in sorted(world.map.neighbours(here)) if dist.get(n, 10**9) < dist.get(here, 10**9)]
        if not nxt:
            break
        here = nxt[0]
        path.append(Place(here))
    return path


def apply_nonlethal(
    out: Outcome,
    dice: Dice,
    saves: list[int],
    attacker: str,
    target: str,
    kind: str,
    *,
    disarm: str | None,
    take: bool,
    toward: str | None,
    attack: str,
) -> Outcome:
    """A disarm, shove or grapple that landed: the target's STR save or its effect (Z-NL-03..05)."""
    state = out.state
    me, them = sheet_of(state, attacker), sheet_of(state, target)
    k = steps(me, them)
    roll = saves.pop(0) if saves else None
    passed, state, events = save(
        state,
        target,
        "STR",
        roll,
        purpose=f"resisting a {kind}",
        rules=({"disarm": "Z-NL-03", "shove": "Z-NL-04", "grapple": "Z-NL-05"}[kind], "Z-SIZE-06"),
        possible=k <= 0,  # Z-SIZE-06: no STR save against a larger character
    )
    out = Outcome(state, out.events + tuple(events))
    if passed:
        return out
    them = sheet_of(state, target)
    if kind == "disarm":
        if not them.weapons:
            return out.add(Note(text=f"{target} holds no weapon to drop", rules=("Z-NL-03",)))
        names = [w.name for w in them.weapons]
        name = disarm if disarm is not None else names[0]
        if name not in names:
            raise InvalidArgumentError(f"disarm {name!r}: {target} holds {names!r}", rule="Z-NL-03")
        dropped = them.weapon(name)
        state = update_sheet(state, target, weapons=tuple(w for w in them.weapons if w.name != name))
        me = sheet_of(state, attacker)
        taker = attacker if take and me.free_hands >= dropped.hands else None
        world = world_of(state)
        if taker is not None:
            state = update_sheet(
                state, attacker, weapons=(*me.weapons, attrs.evolve(dropped, name=_fresh(me, name)))
            )
        else:
            state = with_world(
                state, attrs.evolve(world, dropped=(*world.dropped, (world.place(target).zone, dropped)))
            )
        out = Outcome(
            state,
            (*out.events, ZoneDisarmed(creature=target, weapon=name, taken_by=taker, rules=("Z-NL-03",))),
        )
    elif kind == "shove":
        zones = 2 ** (k - 1) if k > 0 else 0  # Z-SIZE-08: 1, 2, 4 or 8 zones; else half a zone
        path = shove_path(state, target, toward, zones)
        start = world_of(state).place(target)
        if path:
            state = with_world(state, world_of(state).with_place(target, path[-1]))
            halves = 1 if zones == 0 else 2 * len(path)
            out = Outcome(
                state,
                (
                    *out.events,
                    ZoneMoved(
                        creature=target,
                        start=str(start),
                        end=str(path[-1]),
                        halves=halves,
                        forced=True,
                        rules=("Z-NL-04", "Z-SIZE-08"),
                    ),
                ),
            )
            hazard = world_of(state).map.zone(path[-1].zone).hazard
            if hazard:
                out = out.add(Note(text=f"{target} is pushed into {hazard}", rules=("Z-NL-04",)))
        if k > 0:
            faces, rolled = dice.roll(
                out.state, SHOVE_DIE, 1, f"shove by {attacker}", attacker, ("Z-SIZE-08",)
            )
            out = Outcome(rolled.state, out.events + rolled.events)
            hit = Hit(attacker, target, None, "1d4", faces, faces[0], False, faces[0], 0, faces[0], False)
            out = apply_hit(out, hit)
    else:
        state = update_sheet(state, target, grabbed_by=attacker)
        out = Outcome(
            state,
            (
                *out.events,
                ZoneGrab(creature=target, by=attacker, held=True, reason="grapple", rules=("Z-NL-05",)),
            ),
        )
    return harmed(out, target, attacker)


def _fresh(sheet: ZoneCharacter, name: str) -> str:
    names = {w.name for w in sheet.weapons}
    out, i = name, 2
    while out in names:
        out, i = f"{name} {i}", i + 1
    return out


def _land(
    out: Outcome,
    dice: Dice,
    saves: list[int],
    p: PendingAttack,
    target: str,
    hit: Hit | None,
    extra: Mapping[str, Any],
) -> Outcome:
    if p.kind == "attack":
        assert hit is not None
        return apply_hit(out, hit)
    return apply_nonlethal(out, dice, saves, p.attacker, target, p.kind, **extra)


def _exchange(
    out: Outcome,
    dice: Dice,
    saves: list[int],
    p: PendingAttack,
    counter: Counter,
    hit: Hit | None,
    back: Hit | None,
    extra: Mapping[str, Any],
) -> Outcome:
    """An attack and its counter: the larger damage first, non-lethal ones last (Z-REACT-05, -06, Z-NL-02)."""
    target = counter.creature
    cancels = world_of(out.state).rulings.counter_cancels
    forward_lethal, back_lethal = p.kind == "attack", counter.kind == "attack"
    if forward_lethal and back_lethal and p.targets.count(target):
        assert hit is not None
        assert back is not None
        if hit.taken == back.taken:  # Z-REACT-05: a tie, both are hit at the same time
            out = out.add(Note(text="counter: equal damage, both hit at once", rules=("Z-REACT-05",)))
            return apply_hit(apply_hit(out, hit), back)
        first, second = (hit, back) if hit.taken > back.taken else (back, hit)
        out = out.add(
            Note(text=f"counter: {first.target} suffers more and is hit first", rules=("Z-REACT-05",))
        )
        out = apply_hit(out, first)
        if cancels and not able_to_hit(out.state, second.attacker):
            return out.add(
                Note(
                    text=f"{second.attacker} is incapacitated first: its hit is cancelled",
                    rules=("Z-REACT-06", "R-Z-11"),
                )
            )
        return apply_hit(out, second)
    # Z-NL-02: a non-lethal attack resolves last; between two, the counter resolves last
    steps_: list[tuple[str, str, str, Hit | None]] = [
        (p.attacker, target, p.kind, hit),
        (target, p.attacker, counter.kind, back),
    ]
    if forward_lethal != back_lethal:
        steps_.sort(key=lambda s: s[2] != "attack")
    out = out.add(
        Note(text="counter with a non-lethal attack: the non-lethal one resolves last", rules=("Z-NL-02",))
    )
    for who, whom, kind, h in steps_:
        if not able_to_hit(out.state, who):
            out = out.add(Note(text=f"{who} cannot complete its attack", rules=("Z-NL-02", "R-Z-11")))
            continue
        if kind == "attack":
            assert h is not None
            out = apply_hit(out, h)
        else:
            out = apply_nonlethal(out, dice, saves, who, whom, kind, **extra)
    return out


def able_to_hit(state: Encounter, cid: str) -> bool:
    """Whether a character can still land its part of an exchange (not incapacitated, dead or held)."""
    return able(state, cid)


def _after(out: Outcome, p: PendingAttack) -> Outcome:
    """After an attack: an interrupted move goes on (Z-REACT-10)."""
    world = world_of(out.state)
    if world.interrupted is None:
        return out
    return out.then(continue_move)


def faces(value: Iterable[int]) -> tuple[int, ...]:
    """Field converter: die faces as a tuple of whole numbers."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"dice {value!r}: a list of die faces", rule=())
    items = tuple(value)
    for v in items:
        if not isinstance(v, int) or isinstance(v, bool):
            raise ArgumentTypeError(f"dice {value!r}: {v!r} is no die face", rule=())
    return items


@attrs.frozen
class ZoneResolve(Action):
    """Roll the pending attack's damage (and any counter's, at the same time) and apply it.

    ``rolls``: damage dice faces in order (the attack's per target, then the counter's), the rest
    from the RNG; ``saves``: STR saves against non-lethal attacks, in order; ``disarm``: the weapon
    a disarm makes drop (default its first), ``take``: the attacker grabs it with a free hand;
    ``toward``: the zone a shove pushes toward (Z-NL-03, Z-NL-04). A move interrupted by
    opportunity attacks goes on after them (Z-REACT-10).
    """

    rolls: tuple[int, ...] = attrs.field(default=(), converter=faces)
    saves: tuple[int, ...] = attrs.field(default=(), converter=faces)
    disarm: str | None = attrs.field(default=None, validator=text("Z-NL-03", optional=True))
    take: bool = attrs.field(default=False, validator=flag("Z-NL-03"))
    toward: str | None = attrs.field(default=None, validator=text("Z-NL-04", optional=True))

    def verify(self, state: Encounter) -> None:
        """Raise unless an attack is pending and no stunt waits for its answer (Z-REACT-01, Z-STUNT-01)."""
        world_of(state, "zone_resolve")
        p = pending_of(state)
        if p.stunt is not None and not p.stunt_refused:
            raise ActionUnavailableError(
                f"resolve {p.id}: the target answers the stunt first", rule="Z-STUNT-01"
            )

    def resolve(self, state: Encounter) -> Outcome:
        rolls, saves, disarm, take, toward = self.rolls, self.saves, self.disarm, self.take, self.toward
        self.verify(state)
        p = pending_of(state)
        out = Outcome(with_world(state, attrs.evolve(world_of(state), pending=None)), ())
        dice = Dice(rolls)
        save_values = list(saves)
        blast = p.blast is not None
        counter = p.counters[0] if p.counters else None
        extra = {"disarm": disarm, "take": take, "toward": toward, "attack": p.id}
        hits: dict[str, Hit] = {}
        for target in p.targets:
            if target in p.dodged:
                out = out.add(
                    ZoneAttackMissed(attack=p.id, target=target, reason="dodged", rules=("Z-REACT-04",))
                )
                continue
            if p.kind == "attack":
                hit, out = roll_hit(
                    out,
                    dice,
                    p.attacker,
                    target,
                    p.weapon,
                    p.mode,
                    None,
                    blast=blast,
                    peeking=p.peeking,
                    pending=p,
                )
                hits[target] = hit
        back: Hit | None = None
        if counter is not None and counter.kind == "attack":
            back, out = roll_hit(
                out,
                dice,
                counter.creature,
                p.attacker,
                counter.weapon,
                "normal",
                None,
                blast=False,
                peeking=p.peeking,
                pending=PendingAttack(id=p.id, attacker=counter.creature, targets=(p.attacker,)),
            )
        for target in p.targets:
            if target in p.dodged or (counter is not None and target == counter.creature):
                continue
            out = _land(out, dice, save_values, p, target, hits.get(target), extra)
        if counter is not None:
            out = _exchange(out, dice, save_values, p, counter, hits.get(counter.creature), back, extra)
        return _after(out, p)


__all__ = [
    "Dice",
    "Hit",
    "ZoneResolve",
    "apply_hit",
    "cover_of",
    "dice_count",
    "halve",
    "harmed",
    "roll_hit",
]
