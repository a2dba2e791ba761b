"""Minion squads in the Draw Steel turn: naming a captain, the squad's signature attack, its
maneuvers and its free strikes together (RB-SQUAD-13..21, RB-CAPT-01..06).

The pool and its deaths are :mod:`brawl.rules.squads`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import immutables

from brawl.abilities.model import Ability
from brawl.abilities.model import Damage as DamageEffect
from brawl.creature import Creature
from brawl.dice import power_dice, power_rolls
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.actions import Struck
from brawl.events.base import Event, Note
from brawl.events.dice import PowerRolled
from brawl.events.squads import CaptainNamed, SquadAttacked
from brawl.events.turns import CriticalHit
from brawl.fields import choice, flag, ident, ids, put, text, whole
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.abilities import UseAbility
from brawl.rules.damage import deal_damage
from brawl.rules.maneuvers import Grab, Knockback
from brawl.rules.recoveries import as_damage_comes, check_token_stamina, token_stamina_field
from brawl.rules.squads import captain, members, strike_damage, with_benefits
from brawl.rules.stealth import Hide, Search, search_together
from brawl.rules.strikes import MELEE_DISTANCE, OpportunityAttack, critical_hit
from brawl.state import Encounter
from brawl.turns.deeds import may_act
from brawl.turns.drawsteel_turn import DrawSteelTurn
from brawl.turns.records import verified


@attrs.frozen
class NameCaptain(Action):
    """Name a creature the captain of a minion squad (RB-CAPT-01, RB-CAPT-02, RB-CAPT-06).

    The captain is a living creature of the squad's side that is no minion and no mount (no
    creature rides it), and captains no other squad with living members; the squad has no
    standing captain (creatures carry no languages: the one the captain shares with the squad is
    not checked). A squad whose captain was lost during combat takes a new one at the start
    of a round, before anyone's turn (RB-CAPT-06). While the captain stands each minion of the
    squad has its "With Captain" benefit (RB-CAPT-05); its speed and Stamina bonuses are given
    now and taken back when the captain is lost (ruling R-SQUAD-4).
    """

    captain: str = attrs.field(validator=ident("RB-CAPT-01"))
    """The creature that becomes the captain."""
    squad: str = attrs.field(validator=ident("RB-CAPT-01"))
    """The squad's name."""

    def verify(self, state: Encounter) -> None:
        """Raise the error that forbids this captain (RB-CAPT-01, RB-CAPT-02, RB-CAPT-06)."""
        _check_captain(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Make the creature the squad's captain and give its minions their benefit (RB-CAPT-05)."""
        _check_captain(state, self)
        for old in state.creature_list():  # a lost captain's post goes to the new one
            if old.captain_of == self.squad and old.dead:
                state = state.with_creature(attrs.evolve(old, captain_of=None))
        c = state.creature(self.captain)
        state = state.with_creature(attrs.evolve(c, captain_of=self.squad))
        event = CaptainNamed(captain=self.captain, squad=self.squad, rules=("RB-CAPT-01", "RB-CAPT-02"))
        return Outcome(with_benefits(state, self.squad, 1), (event,))


def _check_captain(state: Encounter, request: NameCaptain) -> None:
    c = state.creature(request.captain)
    who = f"captain {request.captain!r} of squad {request.squad!r}:"
    squad = members(state, request.squad)
    if not squad:
        raise InvalidArgumentError(f"{who} the squad has no living minion", rule="RB-CAPT-01")
    if c.dead:
        raise ActionUnavailableError(f"{who} the creature is dead", rule="RB-CAPT-01")
    if c.minion:
        raise ActionUnavailableError(f"{who} a minion can't be a captain", rule="RB-CAPT-01")
    if any(not state.creatures[r].dead for r in state.riding_me(c.id)):
        raise ActionUnavailableError(f"{who} a mount can't be a captain", rule="RB-CAPT-01")
    if c.side != squad[0].side:
        raise ActionUnavailableError(f"{who} it is not of the squad's side", rule="RB-CAPT-01")
    if c.captain_of is not None and c.captain_of != request.squad and members(state, c.captain_of):
        raise ActionUnavailableError(f"{who} it captains squad {c.captain_of!r}", rule="RB-CAPT-02")
    standing = captain(state, request.squad)
    if standing is not None:
        raise ActionUnavailableError(f"{who} the squad has a captain, {standing.id!r}", rule="RB-CAPT-02")
    t = state.turn
    lost = any(o.dead and o.captain_of == request.squad for o in state.creature_list())
    if lost and isinstance(t, DrawSteelTurn) and (t.current is not None or t.turns_taken):
        raise ActionUnavailableError(
            f"{who} its captain was lost; a new one takes over at the start of the next round",
            rule="RB-CAPT-06",
        )


SQUAD_ATTACKERS_PER_TARGET = 3
"""The most minions whose attacks on one target count: the first and two extra (RB-SQUAD-17)."""


def _names(value: object) -> tuple[str, ...]:
    return ids(value, "squad attack ids", "RB-SQUAD-15")


@attrs.frozen
class _Together(Action):
    """A request several minions make together: the first named acts, and its turn pays."""

    together: ClassVar[str] = "minions"
    """The field naming the minions, the acting one first."""

    @classmethod
    def actor_in(cls, fields: Mapping[str, Any]) -> object:
        """The first of the minions acts: its turn pays (RB-SQUAD-02)."""
        named = fields.get(cls.together)
        return named[0] if isinstance(named, tuple) and named else None


@attrs.frozen
class SquadAttack(_Together):
    """A squad's signature ability, used by several of its minions at once (RB-SQUAD-15..18).

    ``attackers[i]`` attacks ``targets[i]``; the first attacker is the minion whose turn it is and
    the others are minions of its squad that have not taken their turn this round: each spends
    its main action on it, the others' gone from their own turns to come. One power roll serves
    every target (RB-SQUAD-15) and each target is affected by one instance of the ability, used
    by the first minion attacking it (RB-SQUAD-16); each further minion attacking the same target,
    up to three in all, adds its ``free_strike`` value to that instance's damage (RB-SQUAD-17). A
    standing captain's "With Captain" edge and damage bonus on strikes apply once to each
    instance, as to any strike of the minion's (ruling R-SQUAD-5, RB-CAPT-05). On a critical hit
    every minion that took part gets an extra main action (RB-SQUAD-18, RB-CRIT-03).
    """

    cost: ClassVar[str | None] = "main"
    actor: ClassVar[str] = "attacker"
    together: ClassVar[str] = "attackers"

    attackers: tuple[str, ...] = attrs.field(converter=_names)
    """The minions that take part, the first the one whose turn it is."""
    targets: tuple[str, ...] = attrs.field(converter=_names)
    """The target of each attacker, in the same order."""
    free_strike: int = attrs.field(validator=whole("RB-SQUAD-17"))
    """One minion's free strike value, the damage each extra attacker adds (RB-SQUAD-17)."""
    ability: str | None = attrs.field(default=None, validator=text("RB-SQUAD-15", optional=True))
    """The signature ability's name; None: the first attacker's signature ability."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The two d10 faces of the one roll; None: drawn from the state's RNG."""
    granted: bool = attrs.field(default=False, validator=flag("R-TURN-8"))
    """Granted by an effect: it spends no minion's main action (R-TURN-8)."""
    token_stamina: tuple[str, ...] = token_stamina_field()
    """The heroes that spend 2 hero tokens each for Stamina as its damage comes (RB-TOKEN-03)."""

    def verify(self, state: Encounter) -> None:
        """Raise the error that forbids this attack (RB-SQUAD-15, RB-SQUAD-16, RB-SQUAD-13)."""
        _plan_attack(state, self)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)

    def resolve(self, state: Encounter) -> Outcome:
        """One roll, one instance on each target, the extra minions' damage (RB-SQUAD-15..18)."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        ability, groups = _plan_attack(state, self)
        first = state.creature(self.attackers[0])
        out = Outcome(state, ())
        faces = self.dice
        for target, attackers in groups:
            user = out.state.creature(attackers[0])
            extra = max(0, min(len(attackers), SQUAD_ATTACKERS_PER_TARGET) - 1) * self.free_strike
            amended = _with_damage(out.state, user, ability, extra)  # the captain's bonus: UseAbility's
            request = UseAbility(user.id, ability.name, (target,), dice=faces, granted=True)
            done = request.resolve(amended)
            kept = done.state.with_creature(
                attrs.evolve(done.state.creature(user.id), abilities=user.abilities)
            )
            out = Outcome(kept, out.events + done.events)
            if faces is None:
                faces = next(e.dice for e in done.events if isinstance(e, PowerRolled))
        assert faces is not None  # one target at least: rolled
        events: list[Event] = [
            SquadAttacked(
                squad=first.squad or "",
                ability=ability.name,
                attackers=self.attackers,
                extra=tuple(
                    (t, max(0, min(len(a), SQUAD_ATTACKERS_PER_TARGET) - 1) * self.free_strike)
                    for t, a in groups
                ),
                rules=("RB-SQUAD-15", "RB-SQUAD-16", "RB-SQUAD-17"),
            )
        ]
        critical = {e.creature for e in out.events if isinstance(e, CriticalHit)}
        if critical:
            for cid in self.attackers:
                hit = critical_hit(cid, ability.name, sum(faces))
                if cid not in critical and hit is not None:
                    events.append(attrs.evolve(hit, rules=(*hit.rules, "RB-SQUAD-18")))
        state_now = out.state
        t = state_now.turn
        others = frozenset(self.attackers[1:])
        if isinstance(t, DrawSteelTurn) and others and not self.granted:
            state_now = state_now.with_turn(put(t, squad_mains=t.squad_mains | others))
        return Outcome(state_now, (*out.events, *events))


def _plan_attack(state: Encounter, request: SquadAttack) -> tuple[Ability, list[tuple[str, tuple[str, ...]]]]:
    """The ability and each target with its attackers, in order; raises what forbids the attack."""
    attackers, targets = request.attackers, request.targets
    if not attackers or len(attackers) != len(targets) or len(set(attackers)) != len(attackers):
        raise InvalidArgumentError(
            f"squad attack by {attackers!r} on {targets!r}: one target for each attacker, each attacker once",
            rule="RB-SQUAD-15",
        )
    first = state.creature(attackers[0])
    if not first.minion or first.squad is None:
        raise ActionUnavailableError(
            f"squad attack by {first.id!r}: not a minion of a squad", rule="RB-SQUAD-15"
        )
    name = request.ability
    if name is None:
        found = next((a for a in first.abilities if a.category == "signature"), None)
        if found is None:
            raise ActionUnavailableError(
                f"squad attack by {first.id!r}: no signature ability", rule="RB-SQUAD-15"
            )
        name = found.name
    ability = first.ability(name)
    if ability is None or ability.power_roll is None or ability.action_type != "main action":
        raise ActionUnavailableError(
            f"squad attack by {first.id!r}: {name!r} is not an ability of it with a power roll used "
            "as a main action",
            rule="RB-SQUAD-15",
        )
    t = state.turn
    groups: dict[str, list[str]] = {}
    for cid, target in zip(attackers, targets, strict=True):
        c = state.creature(cid)
        if c.dead or not c.minion or c.squad != first.squad or c.ability(name) is None:
            raise ActionUnavailableError(
                f"squad attack: {cid!r} is no living minion of squad {first.squad!r} with {name!r}",
                rule="RB-SQUAD-15",
            )
        if (
            cid != first.id
            and not request.granted
            and isinstance(t, DrawSteelTurn)
            and (t.turns_taken.get(cid, 0) or t.current == cid or cid in t.squad_mains)
        ):
            raise ActionUnavailableError(
                f"squad attack: {cid!r} has no main action left this round to join it", rule="RB-SQUAD-13"
            )
        UseAbility(cid, name, (target,), granted=True).verify(state)  # the target is in its reach
        groups.setdefault(target, []).append(cid)
    return ability, [(target, tuple(cids)) for target, cids in groups.items()]


def _with_damage(state: Encounter, user: Creature, ability: Ability, bonus: int) -> Encounter:
    """``state`` with the user's ``ability`` dealing ``bonus`` more damage at every tier."""
    if not bonus:
        return state
    pr = ability.power_roll
    assert pr is not None  # checked by the plan
    tiers = tuple(
        attrs.evolve(
            tier,
            effects=tuple(
                attrs.evolve(e, amount=e.amount + bonus) if isinstance(e, DamageEffect) else e
                for e in tier.effects
            ),
        )
        for tier in pr.tiers
    )
    amended = attrs.evolve(ability, power_roll=attrs.evolve(pr, tiers=tiers))
    abilities = tuple(amended if a.name == ability.name else a for a in user.abilities)
    return state.with_creature(attrs.evolve(user, abilities=abilities))


@attrs.frozen
class SquadOpportunityAttack(_Together):
    """Several minions of one squad make their opportunity attacks on the same enemy moving away,
    at the same moment: their free strikes are added together and treated as one strike, one
    damage dealt once through the target's immunity and weakness (RB-SQUAD-21, RB-SQUAD-14).

    Each minion must be able to make its own opportunity attack (:class:`OpportunityAttack`);
    ``flat_damage`` is one minion's free strike damage (RB6-FREE-STRIKE).
    """

    actor: ClassVar[str] = "attacker"
    together: ClassVar[str] = "attackers"

    attackers: tuple[str, ...] = attrs.field(converter=_names)
    """The minions striking together."""
    mover: str = attrs.field(validator=ident("DS-STRIKE-03"))
    """The enemy moving away from them."""
    flat_damage: int = attrs.field(validator=whole("RB6-FREE-STRIKE"))
    """One minion's free strike damage."""
    token_stamina: tuple[str, ...] = token_stamina_field()
    """The heroes that spend 2 hero tokens each for Stamina as its damage comes (RB-TOKEN-03)."""

    def verify(self, state: Encounter) -> None:
        """Raise unless every minion may make its opportunity attack now (RB-SQUAD-21, DS-STRIKE-03)."""
        _check_together(state, self)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)

    def resolve(self, state: Encounter) -> Outcome:
        """One strike of the added damage (RB-SQUAD-21)."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        _check_together(state, self)
        first = self.attackers[0]
        # one strike: a standing captain's damage bonus to strikes counts once (RB-CAPT-05, R-SQUAD-5)
        total = self.flat_damage * len(self.attackers) + strike_damage(state, state.creature(first))
        rules = ("DS-STRIKE-03", "RB6-FREE-STRIKE", "RB-SQUAD-21")
        struck = Struck(
            attacker=first, target=self.mover, characteristic="", tier=0, damage=total, opportunity=True,
            rules=rules,
        )  # fmt: skip
        dealt = deal_damage(state, self.mover, total, source=first, rules=("DS-STRIKE-06", "RB-SQUAD-21"))
        return Outcome(dealt.state, (struck, *dealt.events))


def _check_together(state: Encounter, request: SquadOpportunityAttack) -> None:
    attackers = request.attackers
    if not attackers or len(set(attackers)) != len(attackers):
        raise InvalidArgumentError(
            f"free strikes together by {attackers!r}: each minion once", rule="RB-SQUAD-21"
        )
    squads = {state.creature(cid).squad if state.creature(cid).minion else None for cid in attackers}
    if len(squads) != 1 or None in squads:
        raise ActionUnavailableError(
            f"free strikes together by {attackers!r}: minions of one squad", rule="RB-SQUAD-21"
        )
    for cid in attackers:
        OpportunityAttack(cid, request.mover, flat_damage=request.flat_damage).verify(state)


SQUAD_MANEUVERS = {"grab": Grab, "knockback": Knockback}
"""The maneuvers a squad makes together with one roll that this engine resolves (RB-SQUAD-19)."""


@attrs.frozen
class SquadManeuver(_Together):
    """A Grab or Knockback made as a squad: one roll, each target affected only once (RB-SQUAD-19).

    ``minions[i]`` makes it against ``targets[i]``; the first is the minion whose turn it is and
    the others minions of its squad that have not taken their turn this round, whose maneuver it
    spends. Each target's maneuver is made by the first minion naming it, with the one roll.
    Any other maneuver is a minion's own (RB-SQUAD-20, through the shared turn's economy,
    RB-SQUAD-13).
    """

    cost: ClassVar[str | None] = "maneuver"
    actor: ClassVar[str] = "minion"

    kind: str = attrs.field(validator=choice(tuple(SQUAD_MANEUVERS), "RB-SQUAD-19"))
    """``"grab"`` or ``"knockback"``."""
    minions: tuple[str, ...] = attrs.field(converter=_names)
    """The minions that take part, the first the one whose turn it is."""
    targets: tuple[str, ...] = attrs.field(converter=_names)
    """The target of each minion, in the same order."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The two d10 faces of the one roll; None: drawn from the state's RNG."""
    granted: bool = attrs.field(default=False, validator=flag("R-TURN-8"))
    """Granted by an effect: it spends no minion's maneuver (R-TURN-8)."""
    token_stamina: tuple[str, ...] = token_stamina_field()
    """The heroes that spend 2 hero tokens each for Stamina as its damage comes (RB-TOKEN-03)."""

    def verify(self, state: Encounter) -> None:
        """Raise the error that forbids the maneuver (RB-SQUAD-19)."""
        _plan_maneuver(state, self)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)

    def resolve(self, state: Encounter) -> Outcome:
        """One roll; each target's maneuver once (RB-SQUAD-19)."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        groups = _plan_maneuver(state, self)
        out = Outcome(state, ())
        faces = self.dice
        for target, minions in groups:
            request = SQUAD_MANEUVERS[self.kind](minions[0], target, dice=faces, granted=True)
            done = request.resolve(out.state)
            out = Outcome(done.state, out.events + done.events)
            if faces is None:
                faces = next((e.dice for e in done.events if isinstance(e, PowerRolled)), None)
        note = Note(
            text=f"{', '.join(self.minions)} make one {self.kind} as a squad: one roll, each target once",
            rules=("RB-SQUAD-19",),
        )
        return Outcome(_spend_maneuvers(out.state, self.minions, self.granted), (note, *out.events))


def _plan_maneuver(state: Encounter, request: SquadManeuver) -> list[tuple[str, tuple[str, ...]]]:
    minions, targets = request.minions, request.targets
    if not minions or len(minions) != len(targets) or len(set(minions)) != len(minions):
        raise InvalidArgumentError(
            f"squad {request.kind} by {minions!r} on {targets!r}: one target for each minion, "
            "each minion once",
            rule="RB-SQUAD-19",
        )
    _check_joining(state, minions, request.kind, granted=request.granted)
    groups: dict[str, list[str]] = {}
    for cid, target in zip(minions, targets, strict=True):
        groups.setdefault(target, []).append(cid)
    for target, cids in groups.items():
        SQUAD_MANEUVERS[request.kind](cids[0], target, granted=True).verify(state)
    return [(target, tuple(cids)) for target, cids in groups.items()]


def _check_joining(state: Encounter, minions: tuple[str, ...], what: str, *, granted: bool) -> None:
    """Raise unless ``minions`` are living minions of the first's squad, each once, the others
    with their maneuver this round still theirs to give (RB-SQUAD-19, RB-SQUAD-13)."""
    if not minions or len(set(minions)) != len(minions):
        raise InvalidArgumentError(f"squad {what} by {minions!r}: each minion once", rule="RB-SQUAD-19")
    first = state.creature(minions[0])
    t = state.turn
    for cid in minions:
        c = state.creature(cid)
        if c.dead or not c.minion or c.squad is None or c.squad != first.squad:
            raise ActionUnavailableError(
                f"squad {what}: {cid!r} is no living minion of {first.id!r}'s squad", rule="RB-SQUAD-19"
            )
        if (
            cid != first.id
            and not granted
            and isinstance(t, DrawSteelTurn)
            and (t.turns_taken.get(cid, 0) or t.current == cid or cid in t.squad_maneuvers)
        ):
            raise ActionUnavailableError(
                f"squad {what}: {cid!r} has no maneuver left this round to join it", rule="RB-SQUAD-19"
            )


def _spend_maneuvers(state: Encounter, minions: tuple[str, ...], granted: bool) -> Encounter:
    """``state`` with the joining minions' maneuvers gone from their own turns (RB-SQUAD-19)."""
    t = state.turn
    others = frozenset(minions[1:])
    if isinstance(t, DrawSteelTurn) and others and not granted:
        return state.with_turn(put(t, squad_maneuvers=t.squad_maneuvers | others))
    return state


def _minions(value: object) -> tuple[str, ...]:
    return ids(value, "squad minion ids", "RB-SQUAD-19")


def _invisible(value: object) -> tuple[str, ...]:
    return ids(value, "creature ids", "DS-EDGE-10", unique=True)


@attrs.frozen
class SquadHide(_Together):
    """The Hide maneuver made as a squad (RB-SQUAD-19): each minion hides from the enemies it has
    cover or concealment from (:class:`~brawl.rules.stealth.Hide`), on one maneuver of the squad's
    turn; the first is the minion whose turn it is and the others minions of its squad that have
    not taken their turn this round, whose maneuver it spends. In combat hiding needs no roll.
    """

    cost: ClassVar[str | None] = "maneuver"
    actor: ClassVar[str] = "minion"

    minions: tuple[str, ...] = attrs.field(converter=_minions)
    """The minions that hide, the first the one whose turn it is."""
    granted: bool = attrs.field(default=False, validator=flag("R-TURN-8"))
    """Granted by an effect: it spends no minion's maneuver (R-TURN-8)."""

    def verify(self, state: Encounter) -> None:
        """Raise unless every minion may join and can hide now (RB-SQUAD-19, DS-ACT-11)."""
        _check_joining(state, self.minions, "hide", granted=self.granted)
        for cid in self.minions:
            Hide(cid, granted=True).verify(state)

    def resolve(self, state: Encounter) -> Outcome:
        """Each minion hides (RB-SQUAD-19)."""
        self.verify(state)
        out = Outcome(state, ())
        for cid in self.minions:
            out = out.then(Hide(cid, granted=True).resolve)
        note = Note(text=f"{', '.join(self.minions)} hide as a squad", rules=("RB-SQUAD-19",))
        return Outcome(_spend_maneuvers(out.state, self.minions, self.granted), (note, *out.events))


@attrs.frozen
class SquadSearch(_Together):
    """The Search for Hidden Creatures maneuver made as a squad (RB-SQUAD-19): one Intuition test,
    the first minion's, and each creature hidden from any of the minions within 10 squares and
    in line of effect contests it once; found, it is hidden from none of them (ruling
    R-SQUAD-10, :func:`~brawl.rules.stealth.search_together`). The first minion is the one whose
    turn it is, the others minions of its squad that have not taken their turn this round, whose
    maneuver it spends.
    """

    cost: ClassVar[str | None] = "maneuver"
    actor: ClassVar[str] = "minion"

    minions: tuple[str, ...] = attrs.field(converter=_minions)
    """The minions that search, the first the one whose turn it is and whose test it is."""
    rolls: immutables.Map[str, tuple[int, int]] | None = attrs.field(default=None, converter=power_rolls)
    """Two d10 faces by creature id (the first minion's and the hiders'); a missing roll is drawn."""
    invisible: tuple[str, ...] = attrs.field(default=(), converter=_invisible)
    """Hidden creatures that are invisible: finding them takes a bane (DS-EDGE-10)."""
    granted: bool = attrs.field(default=False, validator=flag("R-TURN-8"))
    """Granted by an effect: it spends no minion's maneuver (R-TURN-8)."""

    def verify(self, state: Encounter) -> None:
        """Raise unless every minion may join and can search now (RB-SQUAD-19, DS-ACT-14)."""
        _check_joining(state, self.minions, "search", granted=self.granted)
        for cid in self.minions:
            Search(cid, granted=True).verify(state)

    def resolve(self, state: Encounter) -> Outcome:
        """One test; each hidden creature contests it once (RB-SQUAD-19)."""
        self.verify(state)
        done = search_together(state, self.minions, self.rolls or {}, self.invisible)
        return Outcome(_spend_maneuvers(done.state, self.minions, self.granted), done.events)


def tier_one_damage(ability: Ability) -> int:
    """The damage the ability's tier 1 prints (its first damage effect's number), 0 with none."""
    pr = ability.power_roll
    tier = pr.tiers[0] if pr is not None else None
    found = next((e for e in tier.effects if isinstance(e, DamageEffect)), None) if tier else None
    return found.amount if found is not None else 0


def squad_deeds(state: Encounter, cid: str) -> list[Action]:
    """What ``cid`` may lead its squad in now, for ``legal_actions``: its squad attacks
    (:func:`squad_attacks`, RB-SQUAD-15..17), then its squad maneuvers (:func:`squad_maneuvers`,
    RB-SQUAD-19)."""
    return squad_attacks(state, cid) + squad_maneuvers(state, cid)


def squad_attacks(state: Encounter, cid: str) -> list[Action]:
    """The squad attacks ``cid`` may lead now (RB-SQUAD-15..17): for each
    enemy its signature ability reaches, ``cid`` and up to two more minions of its squad that
    have not acted this round and reach it too, all on that enemy. The free strike value added
    is the minion's own Free Strike value (RB-MFS-01), else the signature ability's tier 1
    damage, which the minion stat blocks print as their Free Strike value (ruling R-SQUAD-7)."""
    c = state.creature(cid)
    t = state.turn
    if c.dead or not c.minion or c.squad is None or not isinstance(t, DrawSteelTurn) or t.current != cid:
        return []
    ability = next((a for a in c.abilities if a.category == "signature" and a.power_roll is not None), None)
    if ability is None or ability.action_type != "main action" or not may_act(state, cid, "main"):
        return []
    joinable = [
        m
        for m in members(state, c.squad)
        if m.id != cid and not t.turns_taken.get(m.id, 0) and m.id not in t.squad_mains
    ]
    if not joinable:
        return []
    free = c.free_strike if c.free_strike is not None else tier_one_damage(ability)
    offers: list[Action] = []
    for e in sorted(state.enemies_of(cid), key=lambda o: o.id):
        if e.dead or not verified(UseAbility(cid, ability.name, (e.id,), granted=True), state):
            continue
        partners = [
            m.id for m in joinable if verified(UseAbility(m.id, ability.name, (e.id,), granted=True), state)
        ][: SQUAD_ATTACKERS_PER_TARGET - 1]
        if partners:
            attackers = (cid, *partners)
            offer = SquadAttack(attackers, (e.id,) * len(attackers), free, ability.name)
            if verified(offer, state):
                offers.append(offer)
    return offers


def first_squad_attack(state: Encounter, options: Sequence[Action]) -> Action | None:
    """For a policy: the first squad attack the creature whose turn it is may lead
    (:func:`squad_deeds`), if ``options`` lists it or is a lazy view of the legal actions (any
    sequence but a list or a tuple); None if there is none (RB-SQUAD-15)."""
    current = getattr(state.turn, "current", None)
    if not isinstance(current, str):
        return None
    c = state.creatures.get(current)
    if c is not None and not c.minion:
        return None  # squad_attacks offers a minion's alone
    listed = isinstance(options, list | tuple)
    return next((a for a in squad_attacks(state, current) if not listed or a in options), None)


def squad_maneuvers(state: Encounter, cid: str) -> list[Action]:
    """The maneuvers ``cid`` may lead its squad in now, each verified (RB-SQUAD-19, ruling
    R-SQUAD-11): a Grab, then a Knockback, for each enemy ``cid`` can make it against, ``cid`` on
    that enemy and each other minion that may join on the first enemy (by id) it can make it
    against that no minion before it took, so each target is affected once; a Hide of ``cid`` and
    every other minion that may join and can hide; a Search of ``cid`` and every other minion
    that may join. Each is offered only when at least one other minion joins: alone, the
    minion's own maneuver is the same."""
    c = state.creature(cid)
    t = state.turn
    if c.dead or not c.minion or c.squad is None or not isinstance(t, DrawSteelTurn) or t.current != cid:
        return []
    if not may_act(state, cid, "maneuver"):
        return []
    joinable = [
        m
        for m in members(state, c.squad)
        if m.id != cid and not t.turns_taken.get(m.id, 0) and m.id not in t.squad_maneuvers
    ]
    if not joinable:
        return []
    enemies = sorted((e for e in state.enemies_of(cid) if not e.dead), key=lambda o: o.id)
    offers: list[Action] = []
    for kind, record in SQUAD_MANEUVERS.items():
        # Grab and Knockback refuse an enemy beyond melee 1 whatever else holds: only those are checked
        able = {
            m.id: [
                e.id
                for e in enemies
                if distance(m.pos, m.n, e.pos, e.n) <= MELEE_DISTANCE
                and verified(record(m.id, e.id, granted=True), state)
            ]
            for m in (c, *joinable)
        }
        for lead in able[cid]:
            minions, targets = [cid], [lead]
            for m in joinable:
                free = next((e for e in able[m.id] if e not in targets), None)
                if free is not None:
                    minions.append(m.id)
                    targets.append(free)
            if len(minions) > 1:
                offers.append(SquadManeuver(kind, tuple(minions), tuple(targets)))
    hiders = [m.id for m in joinable if verified(Hide(m.id, granted=True), state)]
    if hiders:
        offers.append(SquadHide((cid, *hiders)))
    searchers = [m.id for m in joinable if verified(Search(m.id, granted=True), state)]
    if searchers:
        offers.append(SquadSearch((cid, *searchers)))
    return [a for a in offers if verified(a, state)]
