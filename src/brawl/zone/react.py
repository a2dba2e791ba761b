"""Answering a pending attack: stunts and the reactions (Z-STUNT-01, Z-REACT-01..11).

Before its targets decide whether to react the attacker may propose a stunt, an effect instead of
damage; accepted, no one reacts and nothing is rolled (Z-STUNT-01). Then, after any WIT save and
before the damage roll (Z-REACT-01), targets may dodge (an AGI save, Z-REACT-04), counter
(Z-REACT-05..07) or hide behind a nearby character (Z-REACT-08), and a nearby character may guard
a target (Z-REACT-09). A reaction is the reactor's turn (Z-TURN-11, Z-REACT-11, R-Z-3), never twice
to one attack (Z-REACT-03), never by a target unaware of its attacker (Z-REACT-02, Z-SNEAK-02).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.base import Event
from brawl.fields import choice, flag, ident, text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter
from brawl.zone.attack import check_target, grabbing, weapon_of
from brawl.zone.events import ZoneReacted, ZoneRetargeted, ZoneStunt
from brawl.zone.model import KINDS, Counter, PendingAttack, with_world
from brawl.zone.reactions import React
from brawl.zone.space import galloping, nearby, require_able, save, sheet_of, world_of
from brawl.zone.turnstate import ZoneTurn

REACTIONS = ("dodge", "counter", "hide behind", "guard")  # Z-TURN-12


def pending_of(state: Encounter) -> PendingAttack:
    """The pending attack, or :class:`ActionUnavailableError`."""
    p = world_of(state).pending
    if p is None:
        raise ActionUnavailableError("no attack is waiting for reactions", rule="Z-REACT-01")
    return p


def _with_pending(state: Encounter, pending: PendingAttack | None) -> Encounter:
    return with_world(state, attrs.evolve(world_of(state), pending=pending))


# --- stunts ---------------------------------------------------------------------------------------


# --- reactions ------------------------------------------------------------------------------------


def _verify_reactor(state: Encounter, creature: str, p: PendingAttack, reaction: str) -> None:
    """The checks every reaction shares (Z-REACT-02, -03, -11, Z-NL-06, Z-MOUNT-02, Z-STUNT-01)."""
    if p.stunt is not None and not p.stunt_refused:
        raise ActionUnavailableError(
            f"{reaction} by {creature}: the target answers the stunt first", rule="Z-STUNT-01"
        )
    if creature == p.attacker:
        raise InvalidArgumentError(f"{reaction} by {creature}: it is the attacker", rule="Z-REACT-01")
    if creature in p.reacted:
        raise ActionUnavailableError(
            f"{reaction} by {creature}: it already reacted to attack {p.id}", rule="Z-REACT-03"
        )
    if p.surprise and creature in p.targets:
        raise ActionUnavailableError(
            f"{reaction} by {creature}: taken by surprise by a concealed attacker",
            rule=("Z-SNEAK-02", "Z-REACT-02"),
        )
    require_able(state, creature, reaction)
    if galloping(state, creature):
        raise ActionUnavailableError(
            f"{reaction} by {creature}: its mount moves at full speed", rule="Z-MOUNT-02"
        )
    if isinstance(state.turn, ZoneTurn):
        React(creature, p.id).verify(state)


def _reacting(
    state: Encounter, creature: str, p: PendingAttack, reaction: str, detail: str | None
) -> Outcome:
    """Spend ``creature``'s reaction (its turn, in a fight) on attack ``p``."""
    out = Outcome(state, ())
    if isinstance(state.turn, ZoneTurn):
        out = React(creature, p.id).resolve(state)
    p = attrs.evolve(p, reacted=(*p.reacted, creature))
    return out.add(
        ZoneReacted(
            attack=p.id,
            creature=creature,
            reaction=reaction,
            detail=detail,
            rules=("Z-REACT-01", "Z-TURN-12"),
        ),
        state=_with_pending(out.state, p),
    )


def _target(p: PendingAttack, creature: str, reaction: str) -> None:
    if creature not in p.targets:
        raise InvalidArgumentError(
            f"{reaction} by {creature}: it is not a target of attack {p.id}", rule="Z-REACT-01"
        )


def _retarget(state: Encounter, p: PendingAttack, old: str, new: str, swap: bool) -> Encounter:
    world = world_of(state)
    if swap:
        a, b = world.place(old), world.place(new)
        world = world.with_place(old, b).with_place(new, a)
    targets = tuple(new if t == old else t for t in p.targets)
    dice = tuple((new if t == old else t, n) for t, n in p.dice)
    return with_world(
        state, attrs.evolve(world, pending=attrs.evolve(pending_of(state), targets=targets, dice=dice))
    )


# --- records --------------------------------------------------------------------------------------


@attrs.frozen
class ZoneProposeStunt(Action):
    """Propose an alternative effect instead of damage, approved by the GM (Z-STUNT-01)."""

    actor: ClassVar[str] = "attacker"
    attacker: str = attrs.field(validator=ident("Z-STUNT-01"))
    effect: str = attrs.field(validator=text("Z-STUNT-01"))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``attacker`` may propose a stunt now: before any reaction (Z-STUNT-01)."""
        attacker, effect = self.attacker, self.effect
        world_of(state, "zone_propose_stunt")
        p = pending_of(state)
        if attacker != p.attacker:
            raise InvalidArgumentError(
                f"stunt by {attacker}: attack {p.id} is {p.attacker}'s", rule="Z-STUNT-01"
            )
        if not isinstance(effect, str) or not effect:
            raise InvalidArgumentError(f"stunt effect {effect!r}: describe it", rule="Z-STUNT-01")
        if p.stunt is not None or p.reacted or p.kind != "attack" or len(p.targets) != 1:
            raise ActionUnavailableError(
                f"stunt by {attacker}: only once, on a single-target attack, before the target reacts",
                rule="Z-STUNT-01",
            )

    def resolve(self, state: Encounter) -> Outcome:
        effect = self.effect
        self.verify(state)
        p = pending_of(state)
        st = _with_pending(state, attrs.evolve(p, stunt=effect))
        return Outcome(st, (ZoneStunt(attack=p.id, effect=effect, answer="proposed", rules=("Z-STUNT-01",)),))


@attrs.frozen
class ZoneAnswerStunt(Action):
    """Accept the stunt (the attack ends with its effect, no reaction) or refuse it (Z-STUNT-01)."""

    actor: ClassVar[str] = "target"
    target: str = attrs.field(validator=ident("Z-STUNT-01"))
    accept: bool = attrs.field(validator=flag("Z-STUNT-01"))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``target`` is the target of a proposed, unanswered stunt (Z-STUNT-01)."""
        target, accept = self.target, self.accept
        world_of(state, "zone_answer_stunt")
        p = pending_of(state)
        if p.stunt is None or p.stunt_refused:
            raise ActionUnavailableError(
                f"stunt answer by {target}: no stunt waits for an answer", rule="Z-STUNT-01"
            )
        if p.targets != (target,):
            raise InvalidArgumentError(f"stunt answer by {target}: it is not the target", rule="Z-STUNT-01")
        if not isinstance(accept, bool):
            raise InvalidArgumentError(f"accept {accept!r}: True or False", rule="Z-STUNT-01")

    def resolve(self, state: Encounter) -> Outcome:
        accept = self.accept
        self.verify(state)
        p = pending_of(state)
        assert p.stunt is not None
        event = ZoneStunt(
            attack=p.id, effect=p.stunt, answer="accepted" if accept else "refused", rules=("Z-STUNT-01",)
        )
        if accept:
            return Outcome(_with_pending(state, None), (event,))
        return Outcome(_with_pending(state, attrs.evolve(p, stunt_refused=True)), (event,))


@attrs.frozen
class ZoneDodge(Action):
    """Dodge: an AGI save; on a pass the attack misses it (Z-REACT-04)."""

    creature: str = attrs.field(validator=ident("Z-REACT-04"))
    roll: int | None = attrs.field(default=None, validator=whole("Z-REACT-04", optional=True))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature``, a target, may dodge the pending attack (Z-REACT-04)."""
        creature = self.creature
        world_of(state, "zone_dodge")
        p = pending_of(state)
        _target(p, creature, "dodge")
        _verify_reactor(state, creature, p, "dodge")

    def resolve(self, state: Encounter) -> Outcome:
        creature, roll = self.creature, self.roll
        self.verify(state)
        p = pending_of(state)
        out = _reacting(state, creature, p, "dodge", None)
        passed, st, events = save(
            out.state, creature, "AGI", roll, purpose=f"dodging {p.id}", rules=("Z-REACT-04",)
        )
        p = pending_of(st)
        if passed:
            st = _with_pending(st, attrs.evolve(p, dodged=(*p.dodged, creature)))
        return out.add(*events, state=st)


@attrs.frozen
class ZoneCounter(Action):
    """Counter: a suitable attack on the attacker, rolled at the same time as its own (Z-REACT-05)."""

    creature: str = attrs.field(validator=ident("Z-REACT-05"))
    weapon: str | None = attrs.field(default=None, validator=text("Z-REACT-05", optional=True))
    kind: str = attrs.field(default="attack", validator=choice(KINDS, "Z-NL-01"))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature``, a target, may counter with a fit attack (Z-REACT-05, -07, Z-NL-01)."""
        creature, weapon, kind = self.creature, self.weapon, self.kind
        world_of(state, "zone_counter")
        p = pending_of(state)
        _target(p, creature, "counter")
        _verify_reactor(state, creature, p, "counter")
        if p.counters:
            raise ActionUnavailableError(
                f"counter by {creature}: attack {p.id} has been countered; only one target counters it",
                rule="Z-REACT-07",
            )
        if kind not in KINDS:
            raise InvalidArgumentError(f"counter kind {kind!r}: one of {KINDS}", rule="Z-NL-01")
        if kind != "attack" and weapon is not None:
            raise InvalidArgumentError(f"{kind} counter by {creature}: no weapon", rule="Z-NL-01")
        w = weapon_of(sheet_of(state, creature), weapon)
        if w.blast:
            raise ActionUnavailableError(
                f"counter by {creature}: a blast is no counter to one attacker", rule="Z-REACT-05"
            )
        check_target(state, creature, p.attacker, w, kind, moving=False, peeking=True)

    def resolve(self, state: Encounter) -> Outcome:
        creature, weapon, kind = self.creature, self.weapon, self.kind
        self.verify(state)
        p = pending_of(state)
        out = _reacting(state, creature, p, "counter", weapon or kind)
        p = pending_of(out.state)
        sheet = sheet_of(out.state, creature)
        st = out.state
        if weapon is not None and weapon not in sheet.used:
            st = with_world(st, world_of(st).with_sheet(attrs.evolve(sheet, used=(*sheet.used, weapon))))
        return Outcome(
            _with_pending(st, attrs.evolve(p, counters=(Counter(creature, weapon, kind),))), out.events
        )


@attrs.frozen
class ZoneHideBehind(Action):
    """Hide behind a nearby character: it becomes the target and they swap places (Z-REACT-08)."""

    creature: str = attrs.field(validator=ident("Z-REACT-08"))
    behind: str = attrs.field(validator=ident("Z-REACT-08"))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature``, a target, may hide behind ``behind`` (Z-REACT-08).

        ``behind`` must be nearby, not a target already, and a willing ally or an enemy it grabs.
        """
        creature, behind = self.creature, self.behind
        world_of(state, "zone_hide_behind")
        p = pending_of(state)
        _target(p, creature, "hide behind")
        _verify_reactor(state, creature, p, "hide behind")
        state.creature(behind)
        sheet_of(state, behind)
        if behind in p.targets or behind == p.attacker or state.creature(behind).dead:
            raise ActionUnavailableError(
                f"hide behind {behind}: it is the attacker, dead or a target already", rule="Z-REACT-08"
            )
        if not nearby(state, creature, behind):
            raise ActionUnavailableError(f"hide behind {behind}: it is not nearby", rule="Z-REACT-08")
        ally = not state.are_enemies(creature, behind)
        if not ally and behind not in grabbing(world_of(state), creature):
            raise ActionUnavailableError(
                f"hide behind {behind}: only a willing ally or an enemy it grabs", rule="Z-REACT-08"
            )

    def resolve(self, state: Encounter) -> Outcome:
        creature, behind = self.creature, self.behind
        self.verify(state)
        p = pending_of(state)
        out = _reacting(state, creature, p, "hide behind", behind)
        st = _retarget(out.state, pending_of(out.state), creature, behind, swap=True)
        event = ZoneRetargeted(attack=p.id, old=creature, new=behind, swapped=True, rules=("Z-REACT-08",))
        return out.add(event, state=st)


@attrs.frozen
class ZoneGuard(Action):
    """Guard a nearby target: become the attack's target; its reaction is spent (Z-REACT-09)."""

    creature: str = attrs.field(validator=ident("Z-REACT-09"))
    target: str = attrs.field(validator=ident("Z-REACT-09"))

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature``, nearby ``target``, may guard it (Z-REACT-09)."""
        creature, target = self.creature, self.target
        world_of(state, "zone_guard")
        p = pending_of(state)
        _target(p, target, "guard")
        if creature in p.targets:
            raise ActionUnavailableError(f"guard by {creature}: it is a target itself", rule="Z-REACT-09")
        _verify_reactor(state, creature, p, "guard")
        if target in p.reacted:
            raise ActionUnavailableError(
                f"guard by {creature}: {target} has already reacted to attack {p.id}",
                rule=("Z-REACT-09", "R-Z-20"),
            )
        if not nearby(state, creature, target):
            raise ActionUnavailableError(f"guard by {creature}: {target} is not nearby", rule="Z-REACT-09")

    def resolve(self, state: Encounter) -> Outcome:
        creature, target = self.creature, self.target
        self.verify(state)
        p = pending_of(state)
        out = _reacting(state, creature, p, "guard", target)
        st = _retarget(out.state, pending_of(out.state), target, creature, swap=False)
        event: Event = ZoneRetargeted(
            attack=p.id, old=target, new=creature, swapped=False, rules=("Z-REACT-09",)
        )
        return out.add(event, state=st)


__all__ = [
    "REACTIONS",
    "ZoneAnswerStunt",
    "ZoneCounter",
    "ZoneDodge",
    "ZoneGuard",
    "ZoneHideBehind",
    "ZoneProposeStunt",
    "pending_of",
]
