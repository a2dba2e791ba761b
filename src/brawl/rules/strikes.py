"""Free strikes and opportunity attacks, flanking and the order of triggered actions
(DS-ACT-21, DS-STRIKE-01..08, DS-EDGE-05..07, DS-TURN-07), with their request records.

Which action of the turn is spent is the turn system's business (:func:`brawl.use_action`);
these rules check only what the creature's state allows. Power rolls come from the caller
(``dice=(a, b)``) or from the state's RNG. Each rule is its request record: ``verify`` raises,
:func:`brawl.can` answers, ``resolve`` runs the rule, and the verb (:func:`brawl.free_strike`)
applies it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

from brawl.checks import whole_number
from brawl.conditions import EffectKind
from brawl.creature import HEROES, Creature, MapObject
from brawl.dice import NATURAL_TIER_3, power_dice, rolled, rolled_rng
from brawl.errors import ActionUnavailableError, ArgumentTypeError, InvalidArgumentError
from brawl.events.actions import EffectEnded, Struck
from brawl.events.base import Event, maker
from brawl.events.dice import PowerRolled
from brawl.events.turns import CriticalHit
from brawl.fields import flag, replaced, text, whole
from brawl.geometry import Pos, distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import can_take_main_actions, can_take_triggered_actions, taunting
from brawl.rules.damage import deal_damage, dealt_to
from brawl.rules.edges import (
    CROSSES,
    EdgesAndBanes,
    Reason,
    bane,
    counted,
    crossing,
    edge,
    edges_and_banes,
    has_line_of_effect,
    line_of_effect_between,
    lowered_keywords,
    reasons,
    state_reasons,
)
from brawl.rules.lasting import end_used
from brawl.rules.monster_strikes import monster_strike
from brawl.rules.recoveries import as_damage_comes, check_token_stamina, token_stamina_field
from brawl.rules.squads import strike_damage
from brawl.rules.stealth import check_target
from brawl.state import Encounter, TurnState

MELEE_FREE_STRIKE_DAMAGE = (2, 5, 7)  # DS-STRIKE-06: 2 / 5 / 7 + Might or Agility
RANGED_FREE_STRIKE_DAMAGE = (2, 4, 6)  # DS-STRIKE-07: 2 / 4 / 6 + Might or Agility
MELEE_DISTANCE = 1  # DS-STRIKE-06, DS-ACT-08, DS-ACT-12: melee 1
RANGED_DISTANCE = 5  # DS-STRIKE-07: ranged 5
MELEE_STRIKE = frozenset({"melee", "strike", "weapon"})
RANGED_STRIKE = frozenset({"ranged", "strike", "weapon"})


def living(state: Encounter, cid: str, what: str) -> Creature:
    """The creature ``cid``, or raise if it is dead (DS-STAM-09)."""
    c = state.creature(cid)
    if c.dead:
        raise ActionUnavailableError(f"{what} by {cid!r}: the creature is dead", rule="DS-STAM-09")
    return c


def strike_characteristic(c: Creature, name: str | None) -> tuple[str, int]:
    """The characteristic of a free strike or Escape Grab, Might or Agility, and its score.

    None is the player's choice left open: the better of the two (DS-STRIKE-06).
    """
    if name is None:
        m, a = c.characteristics.might, c.characteristics.agility
        return ("might", m) if m >= a else ("agility", a)
    key = {"m": "might", "a": "agility"}.get(name.lower(), name.lower())
    if key not in ("might", "agility"):
        raise InvalidArgumentError(
            f"free strike characteristic {name!r}: Might or Agility", rule="DS-STRIKE-06"
        )
    return key, c.characteristics.get(key)


# -- flanking and the lasting effects of Aid Attack and Defend ---------------------------------


def is_flanking(state: Encounter, attacker: str, enemy: str) -> str | None:
    """The ally with whom ``attacker`` flanks ``enemy``, or None (DS-EDGE-05..07).

    Both must be adjacent to the enemy, have line of effect to it and be able to take
    triggered actions; the line between the centres of their spaces must pass through
    opposite sides or opposite corners of the enemy's space. Allies are tried in the
    encounter's order.
    """
    return _flanking(state, state.creature(attacker), state.creature(enemy))


def _flanking(state: Encounter, a: Creature, e: Creature) -> str | None:
    """:func:`is_flanking` of two creatures of the encounter."""
    if a.side == e.side or a.dead or e.dead:
        return None
    ex, ey, ez = e.pos
    ax, ay, az = a.pos
    en, an = e.size.squares, a.size.squares
    adx, ady = ax - ex, ay - ey
    order: Sequence[str]
    if an == 1 and en == 1:
        if (adx, ady, az - ez) not in _NEXT_TO:
            return None  # not adjacent (geometry.distance 1 of two cells)
        # two one-square creatures: an ally of any size flanks only with a cell in the column
        # across the enemy from the attacker (the line between the centres crosses the enemy's
        # square from the attacker's side to the other; tests go through every size), so only
        # the living creatures of that column are asked (the encounter's index by column)
        order = state.creatures_over(ex - adx, ey - ady, ex - adx, ey - ady)
        if not order:
            return None
        if len(order) > 1:
            order = sorted(order, key=state.order.index)
    else:
        em, d = en - 1, an - 1
        if max(0, ex - ax - d, ax - ex - em, ey - ay - d, ay - ey - em, ez - az - d, az - ez - em) != 1:
            return None  # not adjacent (geometry.distance 1, written out)
        order = state.order
    attacker_able: bool | None = None  # looked at once an ally stands in a flanking position
    side, aid = a.side, a.id
    em = en - 1
    far_x, far_y, far_z = ex + em, ey + em, ez + em  # the enemy's last square on each axis
    crosses = CROSSES
    # the attacker's living allies, in the encounter's order (allies_of)
    for ally in map(state.creatures.__getitem__, order):
        if ally.side != side or ally.dead or ally.id == aid:
            continue
        # the cheap geometry first: adjacent to the enemy (geometry.distance 1, written out)
        x, y, z = ally.pos
        d = ally.size.squares - 1
        if max(0, ex - x - d, x - far_x, ey - y - d, y - far_y, ez - z - d, z - far_z) != 1:
            continue
        # the line of effect is looked at only for a flanking position (crosses_opposite_sides)
        key = (an, en, adx, ady, d + 1, x - ex, y - ey)
        flanks = crosses.get(key)
        if flanks is None:
            flanks = crossing(key)
        if flanks:
            if attacker_able is None:
                attacker_able = _able(state, a, e)
            if not attacker_able:
                return None
            if _able(state, ally, e):
                return ally.id
    return None


_NEXT_TO = frozenset((x, y, z) for x in (-1, 0, 1) for y in (-1, 0, 1) for z in (-1, 0, 1)) - {(0, 0, 0)}
"""Where a cell stands from a cell it is adjacent to (distance 1)."""


def _able(state: Encounter, c: Creature, e: Creature) -> bool:
    """Whether ``c`` can take part in flanking ``e``: it can take triggered actions and has line
    of effect to it (DS-EDGE-05)."""
    return can_take_triggered_actions(state, c.id) and line_of_effect_between(state, c, e)


def effect_reasons(state: Encounter, roller: str, target: str, *, melee_strike: bool) -> list[Reason]:
    """Edges and banes from Aid Attack, Defend and flanking for a roll against ``target``."""
    return _effect_reasons(state, state.creature(roller), state.creature(target), melee_strike)


def _effect_reasons(state: Encounter, r: Creature, t: Creature, melee_strike: bool) -> list[Reason]:
    """:func:`effect_reasons` of two creatures of the encounter."""
    found: list[Reason] = []
    if t.effects:
        roller, target = r.id, t.id
        for eff in t.effects:
            if eff.kind is EffectKind.AIDED and eff.source != roller:
                aider = state.creatures.get(eff.source)
                if aider is not None and aider.side == r.side:
                    found.append(edge(f"{eff.source} aided the attack on {target}", "DS-ACT-03"))
                    break
        if any(eff.kind is EffectKind.DEFENDING for eff in t.effects) and not taunting(state, target):
            found.append(bane(f"{target} is defending", "DS-ACT-19", double=True))
    if melee_strike:
        ally = _flanking(state, r, t)
        if ally is not None:
            found.append(edge(f"{r.id} flanks {t.id} with {ally}", "DS-EDGE-05", "DS-EDGE-06"))
    return found


def _use_aid(state: Encounter, roller: str, target: str) -> Outcome:
    r, t = state.creature(roller), state.creature(target)
    for eff in t.effects:
        if eff.kind is EffectKind.AIDED and eff.source != roller:
            aider = state.creatures.get(eff.source)
            if aider is not None and aider.side == r.side:
                rest = tuple(x for x in t.effects if x is not eff)
                return Outcome(
                    state.with_creature(replaced(t, effects=rest)),
                    (
                        EffectEnded(
                            creature=target,
                            effect="aided",
                            source=eff.source,
                            reason="used",
                            rules=("DS-ACT-03",),
                        ),
                    ),
                )
    return Outcome(state, ())


def expire_effects(state: Encounter, creature: str) -> Outcome:
    """At the start of ``creature``'s turn, the Aid Attack and Defend effects it made end."""
    state.creature(creature)
    events: list[Event] = []
    # each creature read before its own change, the only one made to it here
    for c in map(state.creatures.__getitem__, state.order):
        if not c.effects:
            continue
        cid = c.id
        kept = tuple(e for e in c.effects if e.source != creature)
        if len(kept) != len(c.effects):
            for e in c.effects:
                if e.source == creature:
                    rule = "DS-ACT-03" if e.kind is EffectKind.AIDED else "DS-ACT-19"
                    events.append(
                        EffectEnded(
                            creature=cid,
                            effect=e.kind.value,
                            source=creature,
                            reason="start of its source's turn",
                            rules=(rule, "R-TURN-5") if rule == "DS-ACT-19" else (rule,),
                        )
                    )
            state = state.with_creature(replaced(c, effects=kept))
    return Outcome(state, tuple(events))


def action_roll(
    state: Encounter,
    roller: str,
    target: str | None,
    value: int,
    keywords: frozenset[str],
    dice: tuple[int, int] | None,
    purpose: str,
    extra: Sequence[Reason],
    rules: Sequence[str],
    *,
    effects: bool = True,
    uses: str | None = None,
) -> tuple[int, Outcome]:
    """The power roll of a standard action: its tier, with the edges and banes the state, Aid
    Attack, Defend and flanking give (``effects``); an Aid Attack edge it uses ends (DS-ACT-03)."""
    lowered = lowered_keywords(keywords)
    if not all(isinstance(x, Reason) for x in extra):
        raise ArgumentTypeError(f"extra reasons {extra!r}: each must be a Reason", rule="RB3-EDGES")
    r = state.creature(roller)
    t = None if target is None else state.creatures.get(target)
    if target is not None and t is None and target not in state.objects:
        state.creature(target)  # raises: no such creature
    if not (type(value) is int and -100 <= value <= 100):
        whole_number(value, -100, 100, what="characteristic", rule="RB4-CHARACTERISTICS")
    tier, after, events = roll_against(
        state, r, target, t, value, keywords, lowered, dice, purpose, extra, rules, effects, uses
    )
    out = Outcome(after, events)
    if r.named_conditions:  # an edge or bane on the next roll ends with it (R-ABIL-17)
        out = out.then(end_used, r.id, "strike" in lowered)
    return tier, out


def roll_against(
    state: Encounter,
    r: Creature,
    target: str | None,
    t: Creature | None,
    value: int,
    keywords: frozenset[str],
    lowered: frozenset[str],
    dice: tuple[int, int] | None,
    purpose: str,
    extra: Sequence[Reason],
    rules: Sequence[str],
    effects: bool,
    uses: str | None,
    auto: int | None = None,
) -> tuple[int, Encounter, tuple[Event, ...]]:
    """:func:`action_roll` of checked arguments: the roller ``r``, the target's id and its
    creature (None for an object or no target), the keywords and the same lowered, a
    characteristic from -100 to 100, reasons that are all :class:`Reason`; ``auto``: an
    automatic tier (RB3-AUTOMATIC), the dice still rolled (RB-CRIT-06)."""
    edges, banes = _edges_and_banes(state, r, target, t, keywords, lowered, extra, effects)
    after, event = rolled(state, value, edges, banes, dice, r.id, purpose, rules, uses, auto=auto)
    if effects and t is not None and t.effects:
        aid = _use_aid(after, r.id, t.id)  # an Aid Attack edge it used ends (DS-ACT-03)
        return event.tier, aid.state, (event, *aid.events)
    return event.tier, after, (event,)


def _edges_and_banes(
    state: Encounter,
    r: Creature,
    target: str | None,
    t: Creature | None,
    keywords: frozenset[str],
    lowered: frozenset[str],
    extra: Sequence[Reason],
    effects: bool,
) -> tuple[int, int]:
    """The edges and banes of :func:`roll_against`, counted (RB3-EDGES)."""
    found = state_reasons(state, r, target, t, lowered, True)
    found.extend(extra)
    if effects and t is not None:
        melee_strike = "melee" in keywords and "strike" in keywords
        found.extend(_effect_reasons(state, r, t, melee_strike))
    return counted(found) if found else (0, 0)


# -- free strikes -------------------------------------------------------------------------------


@attrs.frozen
class FreeStrike(Action):
    """A free strike: power roll + Might or Agility, damage by tier (DS-ACT-21, DS-STRIKE-01, -06, -07).

    Melee reaches 1 square; ranged 5 squares with line of effect. The same characteristic is
    used for the roll and the damage (R-TURN-6). A Director creature's free strike deals its
    flat ``flat_damage`` with no roll (RB6-FREE-STRIKE); with none given, a creature with a Free
    Strike value deals that, with its signature's reach, keywords and damage type
    (:mod:`brawl.rules.monster_strikes`, RB-MFS-01..05). ``extra`` adds edge or bane reasons
    (:func:`brawl.rules.edges.edge`); Aid Attack, Defend and flanking are found here.
    ``type``, the damage type as in :class:`~brawl.rules.damage.Damage`, lets an improvised
    weapon's damage follow the object, a burning torch dealing fire (DS-STRIKE-08; the Director's call).
    ``granted``: made instead of a signature or heroic ability granted off-turn, not as the Free
    Strike main action; it spends no action of the attacker's, though an unconscious creature
    still can't make it (DS-STRIKE-02). A creature hidden from the attacker can't be struck
    (DS-COND-14, RB3-HIDE).
    """

    cost: ClassVar[str | None] = "main"
    actor: ClassVar[str] = "attacker"

    attacker: str = attrs.field(validator=text("DS-STRIKE-01"))
    """The striking creature."""
    target: str = attrs.field(validator=text("DS-STRIKE-01"))
    """The creature or object struck."""
    ranged: bool = attrs.field(default=False, validator=flag("DS-STRIKE-07"))
    """A ranged free strike (ranged 5) rather than a melee one (melee 1)."""
    characteristic: str | None = attrs.field(default=None, validator=text("DS-STRIKE-06", optional=True))
    """``"might"`` or ``"agility"``; None: the better of the two."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The two d10 faces; None: drawn from the state's RNG."""
    flat_damage: int | None = attrs.field(
        default=None, validator=whole("RB6-FREE-STRIKE", lo=0, optional=True)
    )
    """A Director creature's flat free strike damage, with no roll (RB6-FREE-STRIKE)."""
    type: str | None = attrs.field(default=None, validator=text("DS-STRIKE-08", optional=True))
    """An improvised weapon's damage type (DS-STRIKE-08)."""
    extra: tuple[Reason, ...] = attrs.field(default=(), converter=reasons)
    """Edge and bane reasons the caller found (cover, concealment, ...)."""
    knock_out: bool = attrs.field(default=False, validator=flag("DS-STAM-13"))
    """Knock the target out instead of killing it."""
    opportunity: bool = attrs.field(default=False, validator=flag("DS-STRIKE-03"))
    """Made as an opportunity attack (use :class:`OpportunityAttack`, which checks its trigger)."""
    granted: bool = attrs.field(default=False, validator=flag("DS-STRIKE-02"))
    """Made instead of a granted signature or heroic ability: no main action is needed."""
    token_stamina: tuple[str, ...] = token_stamina_field()
    """The heroes that spend 2 hero tokens each for Stamina as its damage comes (RB-TOKEN-03)."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the free strike is allowed now: a living attacker able to take main actions
        (unless ``opportunity`` or ``granted``), a living target other than itself, not hidden from
        it, within reach (melee 1, ranged 5 with line of effect), Might or Agility (DS-STRIKE-01..07,
        DS-COND-14). Checks only: no dice."""
        strike_checks(state, self)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, roll and deal the damage."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        return _strike(state, self, *strike_checks(state, self))


def critical_hit(
    creature: str,
    ability: str,
    natural: int,
    *,
    downgraded: bool = False,
    off_turn: bool = False,
    automatic: bool = False,
) -> CriticalHit | None:
    """The critical hit of an ability roll made with a main action whose two d10 add up to
    ``natural``, or None below 19 (RB-CRIT-02, RB-CRIT-03): ``downgraded`` when a lower tier was
    taken (RB-CRIT-01), ``off_turn`` for an opportunity attack or a granted use (RB-CRIT-05),
    ``automatic`` when an automatic tier decided the outcome, the dice rolled all the same
    (RB-CRIT-06). The caller knows the roll is a main action's (RB-CRIT-04)."""
    if natural < NATURAL_TIER_3:
        return None
    rules: tuple[str, ...] = ("RB-CRIT-02", "RB-CRIT-03")
    if downgraded:
        rules = (*rules, "RB-CRIT-01")
    if automatic:
        rules = (*rules, "RB-CRIT-06")
    if off_turn:
        rules = (*rules, "RB-CRIT-05")
    return CriticalHit(creature=creature, ability=ability, natural=natural, rules=(*rules, "R-ABIL-12"))


def _strike_name(request: FreeStrike) -> str:
    return _STRIKE_NAMES[request.opportunity, request.ranged]


_STRIKE_NAMES = {
    (False, False): "melee free strike",
    (False, True): "ranged free strike",
    (True, False): "opportunity attack",
    (True, True): "opportunity attack",
}
"""A free strike's name in its roll, by (``opportunity``, ``ranged``)."""


def strike_checks(
    state: Encounter, request: FreeStrike, at: Pos | None = None
) -> tuple[Creature, Creature | None, str, int]:
    """The checks of :meth:`FreeStrike.verify`; the attacker, the target's creature (None for an
    object) and the characteristic's name and score they found. ``at``: the attacker's square
    when it will strike from elsewhere (the end of a Charge), for the reach.

    The checks read only the creatures, the objects and the map: the answer for the last request
    checked is kept with those three (immutable) parts, so resolving a request just verified on a
    state that differs only in its turn's bookkeeping (the action spent) does not check it again."""
    if at is None:
        last = _LAST_CHECKED[0]
        if (
            last is not None
            and last[0] is request
            and last[1] is state.creatures
            and last[2] is state.objects
            and last[3] is state.terrain
        ):
            return last[4]
    attacker, target = request.attacker, request.target
    a = living(state, attacker, "free strike")
    here = a.pos if at is None else at
    if target == attacker:
        raise ActionUnavailableError(
            f"free strike by {attacker!r}: it cannot target itself", rule="DS-STRIKE-06"
        )
    check_target(state, attacker, target)  # DS-COND-14, RB3-HIDE
    if not request.opportunity and not can_take_main_actions(state, attacker):
        raise ActionUnavailableError(
            f"{_strike_name(request)} by {attacker!r}: it can't take main actions", rule="DS-COND-04"
        )
    t: Creature | None = None
    if target in state.objects:
        thing: Creature | MapObject = state.objects[target]
    else:
        thing = t = state.creature(target)
        if t.dead:
            raise ActionUnavailableError(
                f"{_strike_name(request)} against {target!r}: it is dead", rule="DS-STAM-09"
            )
    reach = RANGED_DISTANCE if request.ranged else MELEE_DISTANCE
    monster = monster_strike(a) if request.flat_damage is None else None
    if monster is not None:  # a Director creature's reach follows its signature (RB-MFS-03)
        reach = monster.ranged if request.ranged else monster.melee
    gap = distance(here, a.size.squares, thing.pos, thing.n)
    if gap > reach:  # a creature sharing the target's space (DS-MOVE-04) is within reach
        raise ActionUnavailableError(
            f"{_strike_name(request)} by {attacker!r} against {target!r}: {gap} squares away, reach {reach}",
            rule=("DS-STRIKE-07" if request.ranged else "DS-STRIKE-06", *(("RB-MFS-03",) if monster else ())),
        )
    if request.ranged and t is not None and not has_line_of_effect(state, attacker, target):
        raise ActionUnavailableError(
            f"{_strike_name(request)} by {attacker!r} against {target!r}: no line of effect",
            rule="DS-STRIKE-07",
        )
    name, value = strike_characteristic(a, request.characteristic)
    if at is None:  # the key's parts are kept with the answer: their ids cannot be reused
        _LAST_CHECKED[0] = (request, state.creatures, state.objects, state.terrain, (a, t, name, value))
    return a, t, name, value


_Checked = tuple[FreeStrike, object, object, object, tuple[Creature, Creature | None, str, int]]
_LAST_CHECKED: list[_Checked | None] = [None]
"""The last request :func:`strike_checks` passed, the creatures, objects and map it read, and its answer."""


def _resolve_free_strike(state: Encounter, request: FreeStrike) -> Outcome:
    """Roll and deal the damage of a free strike whose checks passed (:meth:`FreeStrike.verify`)."""
    c = state.creature(request.attacker)
    t = state.creatures.get(request.target) if request.target not in state.objects else None
    name, value = strike_characteristic(c, request.characteristic)
    return _strike(state, request, c, t, name, value)


def strike_spent(state: Encounter, request: FreeStrike, turn: TurnState) -> Outcome:
    """:meth:`FreeStrike.resolve` on ``state`` with its turn's bookkeeping replaced by ``turn``,
    the action the strike is made with spent (built by the turn system from ``state``'s, as
    :meth:`Encounter.with_turn_built` takes it). The checks and the roll read no bookkeeping, so a
    quiet strike stores ``turn`` with its damage: one change of the encounter."""
    if request.token_stamina:
        return as_damage_comes(state.with_turn_built(turn), request)
    return _strike(state, request, *strike_checks(state, request), turn)


_STRUCK = maker(Struck)
"""``Struck(...)`` for :func:`_strike` (:func:`brawl.events.base.maker`)."""
_MFS = ("RB-MFS-01", "RB-MFS-02", "RB-MFS-03", "RB-MFS-04", "RB-MFS-05")
"""The rules a Director creature's free strike cites (:mod:`brawl.rules.monster_strikes`)."""
_CITED: dict[tuple[bool, bool, bool, bool, bool], tuple[str, ...]] = {}
"""The rules a :class:`Struck` event cites, by the kind of strike (:func:`_struck_rules`)."""


def _struck_rules(ranged: bool, opportunity: bool, granted: bool, typed: bool, flat: bool) -> tuple[str, ...]:
    key = (ranged, opportunity, granted, typed, flat)
    found = _CITED.get(key)
    if found is None:
        cited = ["DS-STRIKE-01", "DS-STRIKE-07" if ranged else "DS-STRIKE-06", "R-TURN-6"]
        cited.append("DS-STRIKE-03" if opportunity else "DS-STRIKE-02" if granted else "DS-ACT-21")
        if typed:
            cited.append("DS-STRIKE-08")
        if flat:
            cited.append("RB6-FREE-STRIKE")
        found = _CITED[key] = tuple(cited)
    return found


def _strike(
    state: Encounter,
    request: FreeStrike,
    a: Creature,
    t: Creature | None,
    char_name: str,
    char_value: int,
    turn: TurnState | None = None,
) -> Outcome:
    """The free strike of checked arguments: the attacker ``a``, the target's creature (None for
    an object), the characteristic's name and score; the events built once, in order. ``turn``:
    the bookkeeping with the action it is made with spent (:func:`strike_spent`), not yet stored."""
    attacker, target, ranged = request.attacker, request.target, request.ranged
    rule = "DS-STRIKE-07" if ranged else "DS-STRIKE-06"
    if (
        t is not None
        and request.flat_damage is None
        and a.free_strike is None  # no Free Strike value: it rolls (monster_strike)
        and request.type is None
        and not t.effects
        and not a.named_conditions
        and a.with_captain is None
    ):
        # a rolled strike with no Aid Attack edge to end (no effect on the target: roll_against),
        # no lasting edge or bane to end and no captain's damage: nothing but the damage after the
        # roll, which reads no bookkeeping; its RNG and the turn's bookkeeping, if given, stored
        # with the target's change
        opportunity = request.opportunity
        cited = _CITED.get((ranged, opportunity, request.granted, False, False))  # _struck_rules
        if cited is None:
            cited = _struck_rules(ranged, opportunity, request.granted, False, False)
        keywords = RANGED_STRIKE if ranged else MELEE_STRIKE
        edges, banes = _edges_and_banes(state, a, target, t, keywords, keywords, request.extra, True)
        name = _STRIKE_NAMES[opportunity, ranged]  # _strike_name
        rng, roll = rolled_rng(
            state, char_value, edges, banes, request.dice, attacker, name, cited, char_name
        )
        tier = roll.tier
        amount = max(
            0, (RANGED_FREE_STRIKE_DAMAGE if ranged else MELEE_FREE_STRIKE_DAMAGE)[tier - 1] + char_value
        )
        struck = _STRUCK(
            attacker=attacker, target=target, ranged=ranged, characteristic=char_name, tier=tier,
            damage=amount, opportunity=opportunity, rules=cited,
        )  # fmt: skip
        # the target is a living creature of this state (the checks), the amount a whole number
        dealt = dealt_to(state, t, amount, None, attacker, request.knock_out, (rule,), (), turn, rng)
        return _with_critical_hit(request, dealt, (roll, struck))
    if turn is not None:  # the bookkeeping stored first, as use_action stores it
        state = state.with_turn_built(turn)
    monster = monster_strike(a) if request.flat_damage is None else None
    flat = request.flat_damage is not None or monster is not None
    events: tuple[Event, ...] = ()
    kind = request.type
    if monster is not None:  # the Free Strike value, no roll, the signature's type (RB-MFS-01..05)
        tier, amount = 0, monster.damage
        if kind is None and monster.types:
            kind = monster.types[0]
        cited = (*_struck_rules(ranged, request.opportunity, request.granted, kind is not None, True), *_MFS)
    elif request.flat_damage is not None:
        tier, amount = 0, request.flat_damage
        cited = _struck_rules(ranged, request.opportunity, request.granted, request.type is not None, True)
    else:
        cited = _struck_rules(ranged, request.opportunity, request.granted, request.type is not None, False)
        keywords = RANGED_STRIKE if ranged else MELEE_STRIKE
        tier, state, events = roll_against(
            state, a, target, t, char_value, keywords, keywords, request.dice, _strike_name(request),
            request.extra, cited, True, char_name,
        )  # fmt: skip
        if a.named_conditions:  # an edge or bane on the next strike ends with it (R-ABIL-17)
            used = end_used(state, attacker, True)
            state, events = used.state, (*events, *used.events)
        table = RANGED_FREE_STRIKE_DAMAGE if ranged else MELEE_FREE_STRIKE_DAMAGE
        amount = max(0, table[tier - 1] + char_value)
    amount += strike_damage(state, a) if a.with_captain is not None else 0  # RB-CAPT-05
    struck = _STRUCK(
        attacker=attacker, target=target, ranged=ranged, characteristic=char_name, tier=tier,
        damage=amount, opportunity=request.opportunity, rules=cited,
    )  # fmt: skip
    if kind is None and t is not None and not flat:
        # the damage of a checked strike: the target is a living creature, the amount a whole number
        c = state.creatures[target]  # after any Aid Attack edge it used ended
        dealt = dealt_to(state, c, amount, None, attacker, request.knock_out, (rule,), (), None, None)
    else:
        dealt = deal_damage(
            state, target, amount, kind, source=attacker, knock_out=request.knock_out, rules=(rule,)
        )
    return _with_critical_hit(request, dealt, (*events, struck))


def _with_critical_hit(request: FreeStrike, dealt: Outcome, before: tuple[Event, ...]) -> Outcome:
    """The strike's outcome: the events ``before`` its damage, the damage's, and the critical hit
    of its power roll (the first of ``before``, if it rolled): a free strike is a main action
    (DS-ACT-21, RB-CRIT-02)."""
    roll = before[0]
    if isinstance(roll, PowerRolled) and roll.natural >= NATURAL_TIER_3:  # else critical_hit is None
        off_turn = request.opportunity or request.granted
        crit = critical_hit(request.attacker, "Free Strike", roll.natural, off_turn=off_turn)
        if crit is not None:
            return Outcome(dealt.state, (*before, *dealt.events, crit))
    return Outcome(dealt.state, (*before, *dealt.events))


# -- opportunity attacks ------------------------------------------------------------------------


@attrs.frozen
class OpportunityAttack(Action):
    """A melee free strike as a free triggered action against an enemy moving away (DS-STRIKE-03).

    The attacker must be an enemy of the mover able to take triggered actions (DS-TURN-08), with
    no bane or double bane on the roll against it (DS-STRIKE-04), and its melee free strike must
    be allowed (:class:`FreeStrike`).
    """

    attacker: str = attrs.field(validator=text("DS-STRIKE-03"))
    """The creature making the attack."""
    mover: str = attrs.field(validator=text("DS-STRIKE-03"))
    """The enemy moving away from it."""
    dice: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """The two d10 faces; None: drawn from the state's RNG."""
    flat_damage: int | None = attrs.field(
        default=None, validator=whole("RB6-FREE-STRIKE", lo=0, optional=True)
    )
    """A Director creature's flat free strike damage (RB6-FREE-STRIKE)."""
    characteristic: str | None = attrs.field(default=None, validator=text("DS-STRIKE-06", optional=True))
    """``"might"`` or ``"agility"``; None: the better of the two."""
    knock_out: bool = attrs.field(default=False, validator=flag("DS-STAM-13"))
    """Knock the mover out instead of killing it."""
    token_stamina: tuple[str, ...] = token_stamina_field()
    """The heroes that spend 2 hero tokens each for Stamina as its damage comes (RB-TOKEN-03)."""

    def strike(self) -> FreeStrike:
        """The melee free strike it makes."""
        return FreeStrike(
            self.attacker, self.mover, characteristic=self.characteristic, dice=self.dice,
            flat_damage=self.flat_damage, knock_out=self.knock_out, opportunity=True,
        )  # fmt: skip

    def verify(self, state: Encounter) -> None:
        """Raise unless the opportunity attack is allowed now (DS-STRIKE-03, DS-STRIKE-04)."""
        _check_opportunity(state, self)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, then make the melee free strike."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        _check_opportunity(state, self)
        return _resolve_free_strike(state, self.strike())


def _check_opportunity(state: Encounter, req: OpportunityAttack) -> None:
    """The checks of :meth:`OpportunityAttack.verify` (DS-STRIKE-03, DS-STRIKE-04, DS-TURN-08)."""
    attacker, target = req.attacker, req.mover
    a = living(state, attacker, "opportunity attack")
    m = state.creature(target)
    if a.side == m.side:
        raise ActionUnavailableError(
            f"opportunity attack by {attacker!r} on {target!r}: not an enemy", rule="DS-STRIKE-03"
        )
    if not can_take_triggered_actions(state, attacker):
        raise ActionUnavailableError(
            f"opportunity attack by {attacker!r}: it can't take triggered actions",
            rule=("DS-STRIKE-03", "DS-TURN-08"),
        )
    check_target(state, attacker, target)  # DS-COND-14, RB3-HIDE
    why = opportunity_bane(state, attacker, target)
    if why is not None:
        raise ActionUnavailableError(
            f"opportunity attack by {attacker!r} on {target!r}: {why}", rule="DS-STRIKE-04"
        )
    strike_checks(state, req.strike())


def opportunity_roll(state: Encounter, attacker: str, mover: str) -> EdgesAndBanes:
    """The edges and banes of ``attacker``'s melee free strike against ``mover``: everything the
    state implies (conditions, cover, concealment, high ground, ...) plus Defend, Aid Attack and
    flanking (DS-STRIKE-04)."""
    reasons = effect_reasons(state, attacker, mover, melee_strike=True)
    return edges_and_banes(state, attacker, mover, MELEE_STRIKE, extra=reasons)


def opportunity_bane(state: Encounter, attacker: str, mover: str) -> str | None:
    """Why the roll against ``mover`` bars an opportunity attack: it nets a bane or a double bane,
    with the reasons found (DS-STRIKE-04); None when it does not."""
    eb = opportunity_roll(state, attacker, mover)
    if eb.net >= 0:
        return None
    named = "; ".join(r.explain() for r in eb.reasons if r.banes)
    return f"{attacker} has a {eb.verdict} on the free strike against {mover} ({named})"


# -- the order of triggered actions -------------------------------------------------------------


def order_triggered_actions(
    state: Encounter,
    creatures: Iterable[str],
    *,
    heroes_order: Sequence[str] | None = None,
    director_order: Sequence[str] | None = None,
) -> tuple[str, ...]:
    """The order in which triggered actions answering one trigger resolve (DS-TURN-07, R-TURN-1).

    The players' creatures resolve first, in the order the players agree (``heroes_order``;
    default: the encounter's order), then the Director's, in the Director's order.
    """
    ids = list(dict.fromkeys(creatures))
    for cid in ids:
        state.creature(cid)
    rank = {cid: i for i, cid in enumerate(state.order)}

    def ordered(group: list[str], chosen: Sequence[str] | None, who: str) -> list[str]:
        if chosen is None:
            return sorted(group, key=rank.__getitem__)
        if sorted(chosen) != sorted(group):
            raise InvalidArgumentError(
                f"{who} order {list(chosen)!r}: must list exactly {sorted(group)!r}", rule="DS-TURN-07"
            )
        return list(chosen)

    players = [c for c in ids if state.creatures[c].side == HEROES]
    director = [c for c in ids if state.creatures[c].side != HEROES]
    return (*ordered(players, heroes_order, "players'"), *ordered(director, director_order, "Director's"))


__all__ = [
    "MELEE_DISTANCE",
    "MELEE_FREE_STRIKE_DAMAGE",
    "MELEE_STRIKE",
    "RANGED_DISTANCE",
    "RANGED_FREE_STRIKE_DAMAGE",
    "RANGED_STRIKE",
    "FreeStrike",
    "OpportunityAttack",
    "action_roll",
    "effect_reasons",
    "expire_effects",
    "is_flanking",
    "living",
    "opportunity_bane",
    "opportunity_roll",
    "order_triggered_actions",
    "roll_against",
    "strike_characteristic",
    "strike_checks",
    "strike_spent",
]
