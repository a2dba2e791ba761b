"""Declaring an attack in the zone game: legality, the WIT save to hit, blasts and deviation.

An attack is a main action (Z-ATK-01). Melee attacks target nearby characters (a massive
attacker's up to 1 zone away, Z-SIZE-04); ranged ones visible characters within range, the range
halved or doubled per size step (Z-SIZE-05). A WIT save is needed in melee against a target not
visible, and at range beyond half range or while moving (Z-ATK-05); beyond half range while moving,
or against a target not visible, a ranged attack is impossible (Z-ATK-06). A blast hits a zone and
its borders (Z-BLAST-01..03). An attack that hits waits, pending, for stunts and reactions
(:mod:`brawl.zone.react`) and then its damage (:mod:`brawl.zone.resolve`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, cast

import attrs

from brawl.dice import roll_die
from brawl.errors import ActionUnavailableError, ArgumentTypeError, InvalidArgumentError
from brawl.events.base import Event
from brawl.fields import choice, flag, ident, ids, text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter
from brawl.zone.events import (
    ZoneAttackDeclared,
    ZoneAttackMissed,
    ZoneBlastDeviated,
    ZoneGrab,
    ZoneKilled,
    ZoneSneak,
)
from brawl.zone.model import (
    KINDS,
    MODES,
    UNARMED_DIE,
    PendingAttack,
    Weapon,
    ZoneCharacter,
    ZoneWorld,
    with_world,
)
from brawl.zone.space import (
    barrier_between,
    concealed_from,
    galloping,
    massive,
    nearby,
    place_distance,
    require_able,
    save,
    sheet_of,
    steps,
    update_sheet,
    visible,
    world_of,
    zone_distance,
)
from brawl.zone.turnstate import ZoneTurn, check_economy, spend_action

UNARMED = Weapon(name="unarmed", die=UNARMED_DIE)  # Z-ATK-02: unarmed attacks inflict d4 impaired


def weapon_of(sheet: ZoneCharacter, name: str | None) -> Weapon:
    """The weapon ``name`` of a sheet, or the bare hands for None (Z-ATK-02)."""
    if name is None:
        return UNARMED
    try:
        return sheet.weapon(name)
    except KeyError:
        names = [w.name for w in sheet.weapons]
        raise InvalidArgumentError(
            f"weapon {name!r} of {sheet.id}: it holds {names!r}", rule="Z-ATK-02"
        ) from None


def scaled_range(base: int, attacker: ZoneCharacter, target: ZoneCharacter) -> int:
    """A ranged weapon's range against a target of another size (Z-SIZE-05, R-Z-4).

    Halved per step the target is smaller (rounding up each step), doubled per step it is larger.
    """
    k = steps(attacker, target)
    out = base
    for _ in range(max(0, k)):
        out = (out + 1) // 2
    factor: int = 2 ** max(0, -k)
    return out * factor


def moving_now(state: Encounter, attacker: str, moving: bool | None) -> bool:
    """Whether the attack is made while moving: as given, else whether it moved this turn (R-Z-15)."""
    if moving is not None:
        return moving
    t = state.turn
    if isinstance(t, ZoneTurn):
        eco = t.economies.get(attacker)
        return eco is not None and eco.moved_halves > 0
    return False


def grabbing(world: ZoneWorld, cid: str) -> tuple[str, ...]:
    """The characters ``cid`` holds (Z-NL-05)."""
    return tuple(sorted(s.id for s in world.sheets.values() if s.grabbed_by == cid))


def keeps_hold(state: Encounter, grabber: str, what: str, weapon: Weapon | None, target: str | None) -> bool:
    """Whether ``what`` lets ``grabber`` keep hold (Z-NL-08; a larger grabber always does, Z-SIZE-09).

    Kept by moving, disarming the one held, hiding behind it, or attacking one-handed or unarmed.
    """
    world = world_of(state)
    held = grabbing(world, grabber)
    me = world.sheet(grabber)
    if all(steps(me, world.sheet(h)) > 0 for h in held):
        return True
    if what in ("move", "hide behind"):
        return True
    if what == "disarm":
        return target in held
    if what == "attack":
        return weapon is None or weapon.hands == 1
    return False


def release_if_needed(
    state: Encounter, grabber: str, what: str, weapon: Weapon | None, target: str | None
) -> tuple[Encounter, list[Event]]:
    """Free those ``grabber`` holds when ``what`` is an action that lets them go (Z-NL-08)."""
    world = world_of(state)
    held = grabbing(world, grabber)
    if not held or keeps_hold(state, grabber, what, weapon, target):
        return state, []
    events: list[Event] = []
    for h in held:
        state = update_sheet(state, h, grabbed_by=None)
        events.append(ZoneGrab(creature=h, by=grabber, held=False, reason=what, rules=("Z-NL-08",)))
    return state, events


def spend_main(
    state: Encounter, attacker: str, name: str, *, check_only: bool, kind: str = "main"
) -> Outcome:
    """Spend the main (or bonus) action of ``attacker``'s turn, if a fight is on (Z-ATK-01, Z-TURN-09)."""
    t = state.turn
    if not isinstance(t, ZoneTurn):
        return Outcome(state, ())
    if attacker not in t.current:
        raise ActionUnavailableError(
            f"{name} by {attacker}: only on its own turn (a reaction answers an attack)", rule="Z-ATK-01"
        )
    check_economy(state, attacker, kind)
    if check_only:
        return Outcome(state, ())
    return spend_action(state, attacker, kind)


@attrs.frozen
class Plan:
    """What a checked attack will do: its targets, blast zone and whether a WIT save is needed."""

    targets: tuple[str, ...]
    weapon: Weapon
    blast: str | None
    save_needed: bool
    ranged: bool
    surprise: bool


def check_target(
    state: Encounter,
    attacker: str,
    target: str,
    weapon: Weapon,
    kind: str,
    *,
    moving: bool,
    peeking: bool,
) -> bool:
    """Raise unless ``attacker`` may attack ``target`` with ``weapon``; whether a WIT save is needed."""
    world = world_of(state)
    me = sheet_of(state, attacker)
    them = sheet_of(state, target)
    if state.creature(target).dead:
        raise ActionUnavailableError(f"attack on {target}: it is dead", rule="Z-ATK-04")
    if target == attacker:
        raise InvalidArgumentError(f"attack by {attacker}: it cannot target itself", rule="Z-ATK-01")
    a, b = world.place(attacker), world.place(target)
    if barrier_between(world, a, b) and not peeking:
        raise ActionUnavailableError(
            f"attack by {attacker} on {target}: a barrier blocks it (peek out to attack)", rule="Z-COVER-02"
        )
    seen = visible(state, attacker, target)
    if kind != "attack":
        if not nearby(state, attacker, target):
            raise ActionUnavailableError(f"{kind} by {attacker}: {target} is not nearby", rule="Z-NL-03")
        if steps(me, them) < 0:
            raise ActionUnavailableError(
                f"{kind} by {attacker}: {target} is larger; it cannot be {kind}d by a smaller character",
                rule="Z-SIZE-07",
            )
        return not seen
    if not weapon.ranged:
        reach = 1 if massive(world, me) else 0  # Z-SIZE-04
        d = place_distance(world, a, b)
        if d is None or d > reach:
            raise ActionUnavailableError(
                f"melee attack by {attacker}: {target} is not nearby", rule=("Z-ATK-01", "Z-SIZE-04")
            )
        return not seen  # Z-ATK-05: in melee, a save against a target not visible
    if not seen:
        raise ActionUnavailableError(
            f"ranged attack by {attacker}: {target} is not visible", rule=("Z-ATK-01", "Z-ATK-06")
        )
    rng = scaled_range(weapon.range, me, them)
    d = place_distance(world, a, b)
    if d is None or d > rng:
        raise ActionUnavailableError(
            f"ranged attack by {attacker}: {target} is {d} zones away, range {rng}",
            rule=("Z-ATK-01", "Z-SIZE-05"),
        )
    beyond = 2 * d > rng  # Z-AMB-06: beyond half range is strictly more than half
    if beyond and moving:
        raise ActionUnavailableError(
            f"ranged attack by {attacker} while moving: {target} is beyond half range", rule="Z-ATK-06"
        )
    return beyond or moving


def split_ok(
    me: ZoneCharacter, sheets: list[ZoneCharacter], dice: tuple[tuple[str, int], ...]
) -> dict[str, int]:
    """Damage dice per target of a larger attacker's melee attack split among smaller targets.

    The split spends the dice it would roll against one target: a die against a target ``k`` steps
    smaller is worth ``1 / 2**k`` of the whole (Z-SIZE-02, Z-SIZE-10, R-Z-16).
    """
    given = dict(dice)
    ks = {s.id: steps(me, s) for s in sheets}
    if any(k < 1 for k in ks.values()):
        raise ActionUnavailableError(
            f"attack by {me.id} on {sorted(ks)}: only a larger attacker splits dice among smaller targets",
            rule="Z-SIZE-02",
        )
    if set(given) != set(ks) or any(n < 1 for n in given.values()):
        raise InvalidArgumentError(
            f"dice {dice!r}: give each of {sorted(ks)} a number of dice, at least 1", rule="Z-SIZE-02"
        )
    top = max(ks.values())
    spent = sum(n * 2 ** (top - ks[cid]) for cid, n in given.items())
    if spent != 2**top:
        raise InvalidArgumentError(
            f"dice {dice!r}: the split must spend exactly the dice of the attack "
            f"(2d against one target a step smaller, 4d two steps smaller, ...)",
            rule=("Z-SIZE-02", "Z-SIZE-10", "R-Z-16"),
        )
    return given


def plan_attack(
    state: Encounter,
    attacker: str,
    targets: Iterable[str],
    weapon: str | None,
    kind: str,
    mode: str,
    zone: str | None,
    moving: bool | None,
    dice: tuple[tuple[str, int], ...],
    peeking: bool,
) -> Plan:
    """Check an attack without changing anything; what it will do (Z-ATK-01, -05, -06, Z-BLAST)."""
    world = world_of(state)
    if world.pending is not None:
        raise ActionUnavailableError(
            f"attack by {attacker}: attack {world.pending.id} waits for reactions and damage",
            rule="Z-REACT-01",
        )
    if kind not in KINDS or mode not in MODES:
        raise InvalidArgumentError(f"attack kind {kind!r} / mode {mode!r}: {KINDS} / {MODES}", rule="Z-NL-01")
    require_able(state, attacker, "attack")
    if galloping(state, attacker):
        raise ActionUnavailableError(
            f"attack by {attacker}: its mount moves at full speed", rule="Z-MOUNT-02"
        )
    me = sheet_of(state, attacker)
    w = weapon_of(me, weapon)
    if kind != "attack" and weapon is not None:
        raise InvalidArgumentError(
            f"{kind} by {attacker}: a non-lethal attack uses no weapon", rule="Z-NL-01"
        )
    going = moving_now(state, attacker, moving)
    if isinstance(targets, str):
        raise ArgumentTypeError(
            f"targets {targets!r}: a list of character ids, not one string", rule="Z-ATK-01"
        )
    ids = tuple(dict.fromkeys(targets))
    if w.blast and kind == "attack":
        if ids:
            raise InvalidArgumentError(
                f"blast by {attacker}: it targets a zone, not {ids!r}", rule="Z-BLAST-01"
            )
        here = world.place(attacker).zone
        if not w.ranged:
            if zone not in (None, here):
                raise InvalidArgumentError(
                    f"melee blast by {attacker}: it hits its own zone {here!r}", rule="Z-BLAST-02"
                )
            return Plan((), w, here, False, False, me.concealed)
        if zone is None or zone not in world.map:
            raise InvalidArgumentError(
                f"ranged blast by {attacker}: zone {zone!r} is no zone", rule="Z-BLAST-03"
            )
        d = zone_distance(state, attacker, zone)
        if d is None or d > w.range:
            raise ActionUnavailableError(
                f"ranged blast by {attacker}: zone {zone!r} is {d} zones away, range {w.range}",
                rule=("Z-BLAST-03", "Z-SIZE-05"),
            )
        beyond = 2 * d > w.range
        if beyond and going:
            raise ActionUnavailableError(
                f"ranged blast by {attacker} while moving: {zone!r} is beyond half range", rule="Z-ATK-06"
            )
        return Plan((), w, zone, beyond or going, True, me.concealed)
    if zone is not None:
        raise InvalidArgumentError(f"attack by {attacker}: only a blast targets a zone", rule="Z-BLAST-01")
    if not ids:
        raise InvalidArgumentError(f"attack by {attacker}: name its target", rule="Z-ATK-01")
    needs = False
    for target in ids:
        needs = check_target(state, attacker, target, w, kind, moving=going, peeking=peeking) or needs
    if len(ids) > 1 or dice:
        if kind != "attack" or w.ranged:
            raise InvalidArgumentError(
                f"attack by {attacker}: only a larger attacker's melee attack has several targets",
                rule="Z-SIZE-02",
            )
        split_ok(me, [sheet_of(state, t) for t in ids], dice)
    surprise = any(concealed_from(state, attacker, t) for t in ids)
    return Plan(ids, w, None, needs, w.ranged, surprise)


def declare(
    state: Encounter,
    attacker: str,
    plan: Plan,
    *,
    weapon: str | None,
    kind: str,
    mode: str,
    dice: tuple[tuple[str, int], ...],
    peeking: bool,
    opportunity: bool,
    save_roll: int | None,
    deviation_roll: int | None,
) -> Outcome:
    """Declare a checked attack: the WIT save, a blast's deviation, then the pending attack."""
    world = world_of(state)
    number = world.attacks + 1
    aid = f"{attacker}-{number}"
    state = with_world(state, attrs.evolve(world, attacks=number))
    events: list[Event] = []
    me = sheet_of(state, attacker)
    if weapon is not None and weapon not in me.used:
        state = update_sheet(state, attacker, used=(*me.used, weapon))  # Z-GEAR-01
    state, freed = release_if_needed(
        state,
        attacker,
        kind if kind == "disarm" else "attack" if kind == "attack" else kind,
        None if weapon is None else plan.weapon,
        plan.targets[0] if plan.targets else None,
    )
    events.extend(freed)
    events.append(
        ZoneAttackDeclared(
            attack=aid,
            attacker=attacker,
            targets=plan.targets,
            weapon=weapon,
            kind=kind,
            blast=plan.blast,
            surprise=plan.surprise,
            rules=("Z-ATK-01", "Z-REACT-10") if opportunity else ("Z-ATK-01",),
        )
    )
    blast = plan.blast
    if plan.save_needed:
        passed, state, rolled = save(
            state, attacker, "WIT", save_roll, purpose=f"attack {aid} to hit", rules=("Z-ATK-05",)
        )
        events.extend(rolled)
        if not passed:
            if blast is None or not plan.ranged:
                events.append(
                    ZoneAttackMissed(attack=aid, target=None, reason="WIT save failed", rules=("Z-ATK-05",))
                )
                return _revealed(state, attacker, Outcome(state, tuple(events)))
            options = sorted(world_of(state).map.neighbours(blast))
            if not options:
                events.append(
                    ZoneAttackMissed(
                        attack=aid, target=None, reason="no zone to deviate into", rules=("Z-BLAST-03",)
                    )
                )
                return _revealed(state, attacker, Outcome(state, tuple(events)))
            value, state, die = roll_die(
                state, len(options), deviation_roll, purpose="blast deviation", rules=("Z-BLAST-03",)
            )
            events += [
                die,
                ZoneBlastDeviated(
                    attack=aid, aimed=blast, hit=options[value - 1], roll=value, rules=("Z-BLAST-03",)
                ),
            ]
            blast = options[value - 1]
    targets = plan.targets
    if blast is not None:
        w = world_of(state)
        targets = tuple(
            c
            for c in w.in_zone(blast)
            if not state.creature(c).dead and (plan.ranged or c != attacker)  # Z-BLAST-02, Z-BLAST-03
        )
    if not targets:
        events.append(
            ZoneAttackMissed(attack=aid, target=None, reason="no one in the zone", rules=("Z-BLAST-01",))
        )
        return _revealed(state, attacker, Outcome(state, tuple(events)))
    pending = PendingAttack(
        id=aid,
        attacker=attacker,
        targets=targets,
        weapon=weapon,
        kind=kind,
        mode=mode,
        blast=blast,
        dice=dice,
        surprise=plan.surprise,
        peeking=peeking,
        opportunity=opportunity,
    )
    state = with_world(state, attrs.evolve(world_of(state), pending=pending))
    return _revealed(state, attacker, Outcome(state, tuple(events)))


def _revealed(state: Encounter, attacker: str, out: Outcome) -> Outcome:
    """Attacking reveals a concealed attacker (Z-SNEAK-03)."""
    if not sheet_of(out.state, attacker).concealed:
        return out
    st = update_sheet(out.state, attacker, concealed=False)
    return out.add(
        ZoneSneak(creature=attacker, concealed=False, reason="attacked", rules=("Z-SNEAK-03",)), state=st
    )


def _dice_pairs(value: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    message = f"dice {value!r:.60}: (target id, number of dice) pairs"
    given: object = value  # a caller may pass anything
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise ArgumentTypeError(message, rule="Z-SIZE-02")
    items = tuple(tuple(p) if isinstance(p, tuple | list) else p for p in value)
    for p in items:
        if (
            not isinstance(p, tuple)
            or len(p) != 2
            or not isinstance(p[0], str)
            or not isinstance(p[1], int)
            or isinstance(p[1], bool)
        ):
            raise ArgumentTypeError(message, rule="Z-SIZE-02")
    return cast(tuple[tuple[str, int], ...], items)  # each pair checked above


def _ids(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "ZoneAttack.targets", "Z-ATK-01")


@attrs.frozen
class ZoneAttack(Action):
    """Declare an attack as a main action; if it hits, it waits for stunts and reactions.

    ``weapon`` names one of the attacker's weapons (None: unarmed, d4 impaired, Z-ATK-02);
    ``kind`` is ``"attack"`` or a non-lethal ``"disarm"``, ``"shove"`` or ``"grapple"`` (Z-NL);
    ``mode="hold_back"`` inflicts impaired damage (Z-ATK-03); ``zone`` is a ranged blast's zone;
    ``moving`` whether it is made while moving (default: whether the attacker moved this turn);
    ``dice`` a larger attacker's split of its melee dice among smaller targets (Z-SIZE-02);
    ``peeking`` attacks from behind a barrier (Z-COVER-02); ``save_roll`` and ``deviation_roll``
    are the caller's dice (else the RNG's).
    """

    actor: ClassVar[str] = "attacker"

    attacker: str = attrs.field(validator=ident("Z-ATK-01"))
    targets: tuple[str, ...] = attrs.field(default=(), converter=_ids)
    weapon: str | None = attrs.field(default=None, validator=text("Z-ATK-02", optional=True))
    kind: str = attrs.field(default="attack", validator=choice(KINDS, "Z-NL-01"))
    mode: str = attrs.field(default="normal", validator=choice(MODES, "Z-ATK-03"))
    zone: str | None = attrs.field(default=None, validator=text("Z-BLAST-03", optional=True))
    moving: bool | None = attrs.field(default=None, validator=flag("Z-ATK-05", optional=True))
    dice: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_dice_pairs)
    peeking: bool = attrs.field(default=False, validator=flag("Z-COVER-02"))
    save_roll: int | None = attrs.field(default=None, validator=whole("Z-ATK-05", optional=True))
    deviation_roll: int | None = attrs.field(default=None, validator=whole("Z-BLAST-03", optional=True))

    def verify(self, state: Encounter) -> None:
        """Raise unless the attack may be declared now (Z-ATK-01, Z-ATK-05, Z-ATK-06, Z-BLAST, Z-SIZE)."""
        world_of(state, "zone_attack")
        spend_main(state, self.attacker, "attack", check_only=True)
        self._plan(state)

    def _plan(self, state: Encounter) -> Plan:
        return plan_attack(
            state, self.attacker, self.targets, self.weapon, self.kind, self.mode, self.zone, self.moving,
            self.dice, self.peeking,
        )  # fmt: skip

    def resolve(self, state: Encounter) -> Outcome:
        plan = self._plan(state)
        out = spend_main(state, self.attacker, "attack", check_only=False)
        return out.then(
            declare,
            self.attacker,
            plan,
            weapon=self.weapon,
            kind=self.kind,
            mode=self.mode,
            dice=self.dice,
            peeking=self.peeking,
            opportunity=False,
            save_roll=self.save_roll,
            deviation_roll=self.deviation_roll,
        )


@attrs.frozen
class ZoneDeathBlow(Action):
    """Kill a nearby incapacitated character, as a main action (Z-ATK-04)."""

    actor: ClassVar[str] = "attacker"

    attacker: str = attrs.field(validator=ident("Z-ATK-04"))
    target: str = attrs.field(validator=ident("Z-ATK-04"))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``attacker`` may kill ``target``: nearby and incapacitated (Z-ATK-04)."""
        attacker, target = self.attacker, self.target
        world_of(state, "zone_death_blow")
        spend_main(state, attacker, "death blow", check_only=True)
        if world_of(state).pending is not None:
            raise ActionUnavailableError(f"death blow by {attacker}: an attack is pending", rule="Z-REACT-01")
        require_able(state, attacker, "death blow")
        if target == attacker or state.creature(target).dead:
            raise ActionUnavailableError(
                f"death blow by {attacker} on {target}: not a living other", rule="Z-ATK-04"
            )
        if not sheet_of(state, target).incapacitated:
            raise ActionUnavailableError(f"death blow on {target}: it is not incapacitated", rule="Z-ATK-04")
        if not nearby(state, attacker, target):
            raise ActionUnavailableError(f"death blow on {target}: it is not nearby", rule="Z-ATK-04")

    def resolve(self, state: Encounter) -> Outcome:
        attacker, target = self.attacker, self.target
        self.verify(state)
        out = spend_main(state, attacker, "death blow", check_only=False)
        st = out.state.update_creature(target, dead=True)
        return _revealed(
            st, attacker, out.add(ZoneKilled(creature=target, by=attacker, rules=("Z-ATK-04",)), state=st)
        )


__all__ = [
    "UNARMED",
    "Plan",
    "ZoneAttack",
    "ZoneDeathBlow",
    "declare",
    "grabbing",
    "keeps_hold",
    "plan_attack",
    "release_if_needed",
    "scaled_range",
    "spend_main",
    "weapon_of",
]
