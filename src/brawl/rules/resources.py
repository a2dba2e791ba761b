"""Heroic Resource gained at the start of a hero's turn in combat (R-ABIL-13, RB-HR-05, RB-HR-06).

A hero's sheet says how much it gains: a number (``"2"``) or dice (``"1d3"``), or, without one,
its class's gain at its level (:mod:`brawl.rules.classes`); dice are rolled from the encounter's
seeded RNG, so every fight replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from brawl.abilities.model import Ability
from brawl.creature import MAX_COUNT, Creature
from brawl.damagetypes import UNTYPED_KEY
from brawl.dice import roll_dice
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.abilities import ResourceGained, ResourceRefunded, ResourceSpent
from brawl.events.base import Event, Note
from brawl.events.damage import BecameDying, BecameWinded, Damaged, Died
from brawl.events.dice import PowerRolled
from brawl.events.forced import ForceMoved
from brawl.events.heroes import RespiteFinished, SurgesSpent, TriggeredGain, VictoriesEarned
from brawl.fields import ident, whole
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.class_triggers import (
    EACH,
    ENCOUNTER,
    ROUND,
    WATCHED,
    note_ability_users,
    turn_triggers,
)
from brawl.rules.class_triggers import Owed as _Owed
from brawl.rules.classes import GENERIC, resource_name, turn_gain
from brawl.rules.cover import line_of_effect
from brawl.rules.damage import Modifier, deal_damage
from brawl.state import Encounter

GAIN_RULES = ("R-ABIL-13",)
"""The rule behind a gain the hero's sheet gives."""


def gain_heroic_resource(state: Encounter, creature: str, *, pray: bool = False) -> Outcome:
    """``creature`` gains its Heroic Resource for the start of its turn, dice rolled: its sheet's
    ``resource_gain`` (R-ABIL-13), else its class's gain at its level (RB-HR-05, RB-HR-06); a
    conduit that prays first rolls its prayer (:func:`prayer`, RB-HR-10).

    A creature that is not a hero or has no gain gains nothing (no event).
    """
    c = state.creature(creature)
    if not c.hero:
        return Outcome(state, ())
    if pray:
        check_prayer(c, pray)
        out = prayer(state, creature)
        state = out.state
        c = state.creature(creature)
    else:  # the creature as looked up
        out = Outcome(state, ())
    gain, rules = turn_gain(c)
    if c.dead or (gain.count == 0 and gain.bonus == 0):
        return out
    amount = gain.count + gain.bonus
    if gain.sides:
        faces, rolled = roll_dice(
            state, gain.sides, gain.count, purpose="Heroic Resource gain", creature=creature, rules=rules
        )
        out, amount = Outcome(rolled.state, out.events + rolled.events), sum(faces) + gain.bonus
    return gain_resource(out, creature, amount, rules)


PRAYER_RULES = ("RB-HR-10",)


def check_prayer(c: Creature, pray: bool) -> None:
    """Raise unless ``c`` may pray as its turn starts: only a conduit (RB-HR-10)."""
    if pray and not (c.hero and c.hero_class == "conduit"):
        raise InvalidArgumentError(f"pray: {c.id!r} is not a conduit", rule=PRAYER_RULES)


def prayer(state: Encounter, creature: str) -> Outcome:
    """A conduit prays before its start-of-turn gain: a d3; on 1, +1 piety and psychic damage of
    1d6 + its level that can't be reduced; on 2, +1 piety; on 3, +2 piety and its domain's effect,
    left to the table (RB-HR-10)."""
    faces, out = roll_dice(state, 3, purpose="prayer", creature=creature, rules=PRAYER_RULES)
    face = faces[0]
    out = gain_resource(out, creature, 2 if face == 3 else 1, PRAYER_RULES)
    if face == 3:
        return out.add(Note(text=f"{creature}'s prayer is answered: its domain's effect", rules=PRAYER_RULES))
    if face == 1:
        hurt, rolled = roll_dice(
            out.state, 6, purpose="prayer's psychic damage", creature=creature, rules=PRAYER_RULES
        )
        c = rolled.state.creature(creature)
        # the damage can't be reduced: a number its psychic immunity would take off is added back
        back = sum(v for k, v in c.immunities.items() if k in ("psychic", UNTYPED_KEY) and isinstance(v, int))
        keep = (Modifier("can't be reduced", add=back),) if back else ()
        out = Outcome(rolled.state, out.events + rolled.events).then(
            deal_damage, creature, hurt[0] + c.level, "psychic", modifiers=keep, rules=PRAYER_RULES
        )
    return out


def gain_resource(out: Outcome, creature: str, amount: int, rules: tuple[str, ...]) -> Outcome:
    """``out`` with ``creature`` (a hero) gaining ``amount`` of its Heroic Resource, its event
    naming the class's resource (RB-HR-01)."""
    c = out.state.creature(creature)
    total = min(MAX_COUNT, c.heroic_resource + amount)
    return out.add(
        ResourceGained(creature=creature, amount=amount, total=total, resource=named(c), rules=rules),
        state=out.state.update_creature(creature, heroic_resource=total),
    )


def named(c: Creature) -> str:
    """The name a resource event gives ``c``'s Heroic Resource: its class's, or empty (RB-HR-01)."""
    name = resource_name(c)
    return "" if name == GENERIC else name


# --- outside combat (RB-HR-08) ------------------------------------------------------------------
OUTSIDE_RULES = ("RB-HR-08",)
"""The rule of Heroic Resources outside combat."""


def waived_outside_combat(state: Encounter, user: Creature, ability: Ability) -> bool:
    """Whether ``user`` uses the heroic ``ability`` without spending: outside combat, holding
    less than its cost (RB-HR-08; a hero holding the cost pays it, R-HERO-1). Raises
    :class:`ActionUnavailableError` if it already used that ability so since its last Victory or
    respite."""
    cost = ability.cost
    if state.turn is not None or cost is None or cost.resource != "heroic" or not user.hero:
        return False
    if user.heroic_resource >= cost.amount:
        return False
    if ability.name in user.heroic_used_outside:
        raise ActionUnavailableError(
            f"{ability.name} by {user.id!r}: already used outside combat without spending; again only "
            "after it earns a Victory or finishes a respite",
            rule=OUTSIDE_RULES,
        )
    return True


def use_without_spending(state: Encounter, user: Creature, ability: Ability) -> Outcome:
    """``user`` uses ``ability`` outside combat without spending, and can't again that way until
    it earns a Victory or finishes a respite (RB-HR-08)."""
    used = user.heroic_used_outside | {ability.name}
    return Outcome(
        state.update_creature(user.id, heroic_used_outside=used),
        (
            Note(
                text=f"{user.id} uses {ability.name} outside combat without spending its "
                f"{resource_name(user)}",
                rules=OUTSIDE_RULES,
            ),
        ),
    )


def gain_outside_combat(out: Outcome, creature: str) -> Outcome | None:
    """``out`` with a note that ``creature`` gains nothing outside combat (RB-HR-08), or None in combat."""
    if out.state.turn is not None:
        return None
    c = out.state.creature(creature)
    return out.add(Note(text=f"{creature} can't gain {resource_name(c)} outside combat", rules=OUTSIDE_RULES))


def _hero(state: Encounter, creature: str, what: str) -> Creature:
    c = state.creature(creature)
    if not c.hero:
        raise ActionUnavailableError(f"{what}: {creature!r} is not a hero", rule=OUTSIDE_RULES)
    return c


@attrs.frozen
class EarnVictories(Action):
    """A hero earns Victories (RB-EV-01): its heroic abilities used outside combat without spending
    may be used that way again (RB-HR-08)."""

    creature: str = attrs.field(validator=ident("RB-HR-08"))
    """The hero."""
    victories: int = attrs.field(default=1, validator=whole("RB-EV-01", lo=1, hi=MAX_COUNT))
    """How many Victories, 1 or more."""

    def verify(self, state: Encounter) -> None:
        _hero(state, self.creature, "earn victories")

    def resolve(self, state: Encounter) -> Outcome:
        c = _hero(state, self.creature, "earn victories")
        total = min(MAX_COUNT, c.victories + self.victories)
        return Outcome(
            state.update_creature(c.id, victories=total, heroic_used_outside=frozenset()),
            (
                VictoriesEarned(
                    creature=c.id, amount=self.victories, total=total, rules=("RB-EV-01", *OUTSIDE_RULES)
                ),
            ),
        )


@attrs.frozen
class FinishRespite(Action):
    """A hero finishes a respite outside combat: all its Stamina and Recoveries come back
    (DS-STAM-16), and its heroic abilities used outside combat without spending may be used that
    way again (RB-HR-08)."""

    creature: str = attrs.field(validator=ident("RB-HR-08"))
    """The hero."""

    def verify(self, state: Encounter) -> None:
        _check_respite(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        c = _check_respite(state, self)
        return Outcome(
            state.update_creature(
                c.id, stamina=c.stamina_max, recoveries=c.recoveries_max, heroic_used_outside=frozenset()
            ),
            (
                RespiteFinished(
                    creature=c.id,
                    stamina=c.stamina_max,
                    recoveries=c.recoveries_max,
                    rules=("DS-STAM-16", *OUTSIDE_RULES),
                ),
            ),
        )


def _check_respite(state: Encounter, request: FinishRespite) -> Creature:
    c = _hero(state, request.creature, "finish respite")
    if state.turn is not None:
        raise ActionUnavailableError(
            f"finish respite: {request.creature!r} is in combat; a respite is 24 hours of rest",
            rule=OUTSIDE_RULES,
        )
    if c.dead:
        raise ActionUnavailableError(f"finish respite: {request.creature!r} is dead", rule="DS-STAM-09")
    return c


# --- the class triggers (RB-HR-09..17) ----------------------------------------------------------
JUDGED = "judged"
"""The named condition a censor's Judgment leaves on a creature, its source the censor (RB-HR-09)."""
MARKED = "marked"
"""The named condition a tactician's Mark leaves on a creature, its source the tactician (RB-HR-15)."""
NEAR = 10
"""Squares within which the elementalist and the tactician notice (RB-HR-11, RB-HR-15)."""
NO_ESSENCE = frozenset({None, "untyped", "holy"})
"""Damage that gives an elementalist no essence (RB-HR-11)."""


def _bears(c: Creature | None, name: str, source: str) -> bool:
    """Whether ``c`` carries the named condition ``name`` from ``source`` (judged, marked)."""
    return c is not None and any(n.name == name and n.source == source for n in c.named_conditions)


_WATCHED = (Damaged, ForceMoved, ResourceSpent, PowerRolled, Died, BecameWinded, BecameDying, SurgesSpent)
_WATCHED_TYPES = frozenset((*_WATCHED, *WATCHED))
"""The events a class trigger reads (none of them has subclasses): looked up by exact type."""
TRIGGER_EVENTS = _WATCHED_TYPES
"""The classes of event :func:`class_triggers` reads: an outcome with none of them earns nothing."""


def _owed(state: Encounter, events: Sequence[Event], heroes: list[Creature]) -> list[_Owed]:
    """Every class trigger the events set off, in order (RB-HR-09..17)."""
    creatures = state.creatures
    found: list[_Owed] = []
    rolled: set[tuple[str, str, tuple[int, int]]] = set()
    for e in events:
        if not isinstance(e, _WATCHED):
            continue
        for h in heroes:
            cls, hid = h.hero_class, h.id
            if h.dead and cls != "troubadour":  # a dead troubadour keeps gaining drama (RB-HR-17)
                continue
            if isinstance(e, Damaged):
                if e.is_object or e.after_immunity <= 0:
                    continue
                target, source = creatures.get(e.target), creatures.get(e.source or "")
                if cls == "fury" and e.target == hid:
                    found.append(_Owed(hid, "damaged", "it takes damage", 1, ROUND, ("RB-HR-12",)))
                elif cls == "censor" and e.target == hid and _bears(source, JUDGED, hid):
                    found.append(
                        _Owed(
                            hid,
                            "judged-damages",
                            f"{e.source}, judged by it, damages it",
                            1,
                            ROUND,
                            ("RB-HR-09",),
                        )
                    )
                elif cls == "censor" and e.source == hid and _bears(target, JUDGED, hid):
                    found.append(
                        _Owed(
                            hid,
                            "damages-judged",
                            f"it damages {e.target}, judged by it",
                            1,
                            ROUND,
                            ("RB-HR-09",),
                        )
                    )
                elif (
                    cls == "elementalist"
                    and e.type not in NO_ESSENCE
                    and target is not None
                    and distance(h.pos, h.n, target.pos, target.n) <= NEAR
                ):
                    found.append(
                        _Owed(
                            hid, "typed-damage", f"{e.target} takes {e.type} damage", 1, ROUND, ("RB-HR-11",)
                        )
                    )
                elif (
                    cls == "tactician"
                    and _bears(target, MARKED, hid)
                    and source is not None
                    and source.side == h.side
                ):
                    found.append(
                        _Owed(
                            hid,
                            "marked-damaged",
                            f"{e.source} damages {e.target}, marked by it",
                            1,
                            ROUND,
                            ("RB-HR-15",),
                        )
                    )
            elif isinstance(e, ForceMoved):
                if cls == "talent" and e.moved > 0 and e.target in creatures:
                    found.append(
                        _Owed(hid, "force-moved", f"{e.target} is force moved", 1, ROUND, ("RB-HR-16",))
                    )
            elif isinstance(e, ResourceSpent):
                user = creatures.get(e.user)
                if cls == "null" and e.resource == "malice":
                    found.append(
                        _Owed(
                            hid,
                            "malice",
                            f"the Director spends Malice on {e.ability}",
                            1,
                            ROUND,
                            ("RB-HR-13",),
                        )
                    )
                elif (
                    cls == "tactician"
                    and e.resource == "heroic"
                    and user is not None
                    and user.id != hid
                    and user.side == h.side
                    and distance(h.pos, h.n, user.pos, user.n) <= NEAR
                ):
                    found.append(
                        _Owed(
                            hid,
                            "ally-heroic",
                            f"{e.user} uses the heroic {e.ability}",
                            1,
                            ROUND,
                            ("RB-HR-15",),
                        )
                    )
            elif isinstance(e, (BecameWinded, BecameDying)):
                state_word = "winded" if isinstance(e, BecameWinded) else "dying"
                if cls == "fury" and e.creature == hid:
                    found.append(
                        _Owed(hid, "winded-or-dying", f"it is {state_word}", 1, ENCOUNTER, ("RB-HR-12",), 3)
                    )
                elif cls == "troubadour" and isinstance(e, BecameWinded) and _is_hero(creatures, e.creature):
                    found.append(
                        _Owed(
                            hid,
                            "hero-winded",
                            f"{e.creature} is the first hero winded",
                            2,
                            ENCOUNTER,
                            ("RB-HR-17",),
                        )
                    )
            elif isinstance(e, SurgesSpent):
                if cls == "shadow" and e.creature == hid and e.purpose == "damage":
                    found.append(
                        _Owed(hid, "surge-damage", "it deals damage with surges", 1, ROUND, ("RB-HR-14",))
                    )
            elif isinstance(e, Died):
                if cls == "troubadour" and _is_hero(creatures, e.creature):
                    found.append(_Owed(hid, "hero-died", f"{e.creature} dies", 10, EACH, ("RB-HR-17",)))
            elif cls == "troubadour" and e.natural >= 19 and e.creature is not None:
                roller = creatures.get(e.creature)
                key = (e.creature, e.purpose, e.dice)
                if roller is None or key in rolled:  # one roll against several targets counts once
                    continue
                if roller.id == hid or line_of_effect(state, h, roller):
                    rolled.add(key)
                    found.append(
                        _Owed(
                            hid,
                            "natural-19-20",
                            f"{e.creature} rolls a natural {e.natural}",
                            3,
                            EACH,
                            ("RB-HR-17",),
                        )
                    )
    return found


def _is_hero(creatures: Mapping[str, Creature], cid: str) -> bool:
    c = creatures.get(cid)
    return c is not None and c.hero


def class_triggers(out: Outcome) -> Outcome:
    """``out`` with the Heroic Resource its events earn the heroes by their classes' triggers
    (RB-HR-09..17), in a Draw Steel combat: each trigger pays the first time each round
    (the turn bookkeeping's ``resource_triggers``), the fury's winded or dying and the
    troubadour's first winded hero once an encounter, the troubadour's natural 19 or 20 and
    hero deaths every time. Settling the outcome again pays nothing twice."""
    if getattr(out.state.turn, "resource_triggers", None) is None:  # no combat, or no class in it
        return out
    if _WATCHED_TYPES.isdisjoint(map(type, out.events)):  # no event a trigger reads
        return out
    heroes = [c for c in out.state.creature_list() if c.hero and c.hero_class]
    if not heroes:
        return out
    out = note_ability_users(out, heroes)  # the turn's heroes using abilities (RB-HR-17)
    owed = _owed(out.state, out.events, heroes) + turn_triggers(out.state, out.events, heroes)
    if not owed:
        return out
    paid: dict[tuple[str, str], int] = {}
    for e in out.events:
        if type(e) is TriggeredGain:
            paid[e.creature, e.trigger] = paid.get((e.creature, e.trigger), 0) + 1
    for o in owed:
        key = f"{o.hero}:{o.trigger}"
        if o.once in (ROUND, ENCOUNTER):
            field = "resource_triggers" if o.once == ROUND else "encounter_triggers"
            keys: frozenset[str] = getattr(out.state.turn, field)
            if key in keys:
                continue
            out = Outcome(_noted(out.state, field, keys | {key}), out.events)
        elif paid.get((o.hero, o.trigger), 0) > 0:
            paid[o.hero, o.trigger] -= 1
            continue
        out = _pay_trigger(out, o)
    return out


def _noted(state: Encounter, field: str, keys: frozenset[str]) -> Encounter:
    """``state`` with the turn bookkeeping's ``field`` set to ``keys`` (its class: a layer above)."""
    return state.with_turn(attrs.evolve(state.turn, **{field: keys}))  # type: ignore[misc]


def _pay_trigger(out: Outcome, o: _Owed) -> Outcome:
    amount = o.amount
    if o.sides:
        faces, rolled = roll_dice(
            out.state, o.sides, o.amount, purpose="Heroic Resource gain", creature=o.hero, rules=o.rules
        )
        out, amount = Outcome(rolled.state, out.events + rolled.events), sum(faces)
    c = out.state.creature(o.hero)
    total = min(MAX_COUNT, c.heroic_resource + amount)
    return out.add(
        TriggeredGain(
            creature=o.hero, amount=amount, total=total, resource=named(c), trigger=o.trigger, why=o.why,
            rules=o.rules,
        ),
        state=out.state.update_creature(o.hero, heroic_resource=total),
    )  # fmt: skip


# --- a talent's negative clarity (RB-HR-16) -----------------------------------------------------
STRAIN_RULES = ("RB-HR-16",)


def strain(state: Encounter, creature: str) -> Outcome:
    """At the end of each of its turns a talent whose clarity is below 0 (strained) takes 1 damage
    for each negative point (RB-HR-16)."""
    c = state.creature(creature)
    if c.dead or c.heroic_resource >= 0:
        return Outcome(state, ())
    return deal_damage(state, creature, -c.heroic_resource, rules=STRAIN_RULES)


# --- the shadow's insight for an edge (RB-HR-14) --------------------------------------------------
def shadow_discount(out: Outcome, user: str, ability: Ability, events: Sequence[Event]) -> Outcome:
    """``out`` with 1 insight given back to a shadow whose heroic ability's power roll had an edge
    or a double edge against any one target (its ``events``): the ability costs 1 less (RB-HR-14,
    R-HERO-7)."""
    cost = ability.cost
    c = out.state.creatures.get(user)
    if cost is None or cost.resource != "heroic" or c is None or c.hero_class != "shadow" or not c.hero:
        return out
    if not any(type(e) is PowerRolled and e.edges > e.banes for e in events):
        return out
    total = min(MAX_COUNT, c.heroic_resource + 1)
    return out.add(
        ResourceRefunded(
            user=user,
            ability=ability.name,
            resource="heroic",
            amount=1,
            total=total,
            rules=("RB-HR-14", "R-HERO-7"),
        ),
        state=out.state.update_creature(user, heroic_resource=total),
    )
