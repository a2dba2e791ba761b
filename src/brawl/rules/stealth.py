"""Hiding and searching, and assisting a test (DS-ACT-11, DS-ACT-13, DS-ACT-14, DS-COND-14, DS-EDGE-10).

The "Hide and Sneak" procedure (RB3-HIDE) and "Assisting a test"
(RB3-ASSIST); opposed rolls as in "Opposed power rolls" (RB3-OPPOSED).

A creature's :attr:`~brawl.creature.Creature.hidden_from` holds the creatures it is hidden from.
While hidden from a creature, it can't be targeted by that creature except with area abilities,
and it has an edge on ability rolls against it (both in :func:`brawl.rules.edges.edges_and_banes`;
:class:`~brawl.rules.strikes.FreeStrike` refuses the strike). Hiding, searching and assisting are
maneuvers in combat: the caller spends the action with :func:`brawl.use_action`.

Rulings: R-HIDE-1, the cover or concealment a hider needs is an input; by default it is found
from the state: cover, a burrower's (DS-MTYPE-06, DS-MTYPE-08) or from walls and objects
(R-COVER-1), concealment (darkness, fog, invisibility: R-CONCEAL-1), or no line of effect at all.
R-HIDE-2, the edge that lasts to the end of the turn in which the hider is revealed is passed by
the caller (:func:`revealed_edge`) once :class:`Reveal` has run.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import islice
from typing import ClassVar

import attrs
import immutables

from brawl.creature import Creature
from brawl.dice import EDGE_BONUS, POWER_DICE, POWER_DIE_SIDES, power_dice, power_roll, power_rolls, roll_dice
from brawl.errors import ActionUnavailableError, ArgumentTypeError, InvalidArgumentError, RulesError
from brawl.events.base import Event
from brawl.events.stealth import Hid, Revealed, SearchContested, TestAssisted
from brawl.fields import flag, ids, text
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.concealment import has_concealment
from brawl.rules.conditions import can_take_maneuvers
from brawl.rules.cover import has_cover, line_of_effect_to
from brawl.rules.edges import Reason, bane, edge, edges_and_banes
from brawl.rules.lasting import end_used
from brawl.rules.tokens import check_spend, spend_tokens
from brawl.state import Encounter

SEARCH_RANGE = 10  # RB3-HIDE: hidden creatures within 10 squares, with line of effect
ASSIST_EFFECTS = {1: "bane", 2: "edge", 3: "double edge"}  # RB3-ASSIST: ≤11 / 12–16 / 17+
REVEAL_REASONS = (
    "used an ability",
    "interacted with an enemy",
    "moved without sneaking",
    "made noise",
    "lost cover or concealment",
    "found",
    "pointed out",
)
"""What ends hiding (RB3-HIDE); any other non-empty text is accepted as the Director's reason."""


def _hide_from(value: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if value is None else ids(value, "creature ids", "DS-ACT-11", unique=True)


def _optional_ids(value: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if value is None else ids(value, "creature ids", "RB3-HIDE", unique=True)


def _ids(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "creature ids", "RB3-HIDE", unique=True)


def _invisible(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "creature ids", "DS-EDGE-10", unique=True)


def _acting(state: Encounter, creature: str, what: str, rule: str) -> Creature:
    c = state.creature(creature)
    if c.dead:
        raise ActionUnavailableError(f"{what} by {creature!r}: it is dead", rule=("DS-STAM-09", rule))
    if not can_take_maneuvers(state, creature):
        raise ActionUnavailableError(
            f"{what} by {creature!r}: it can't take maneuvers", rule=("DS-COND-04", rule)
        )
    return c


# --- hiding ---------------------------------------------------------------------------------------
def is_hidden_from(state: Encounter, creature: str, observer: str) -> bool:
    """Whether ``creature`` is hidden from ``observer`` (RB3-HIDE)."""
    state.creature(observer)
    return observer in state.creature(creature).hidden_from


def check_target(state: Encounter, attacker: str, target: str, *, area: bool = False) -> None:
    """Raise unless ``attacker`` may target ``target``: a creature hidden from it can be targeted
    only by area abilities (DS-COND-14, RB3-HIDE)."""
    state.creature(attacker)
    if not isinstance(area, bool):
        raise ArgumentTypeError(f"area {area!r}: True or False", rule="RB3-HIDE")
    if target in state.creatures and attacker in state.creatures[target].hidden_from and not area:
        raise ActionUnavailableError(
            f"{attacker!r} targets {target!r}: {target!r} is hidden from it; only area abilities can",
            rule=("DS-COND-14", "RB3-HIDE"),
        )


def can_target(state: Encounter, attacker: str, target: str, *, area: bool = False) -> bool:
    """Whether ``attacker`` may target ``target`` (DS-COND-14, RB3-HIDE)."""
    try:
        check_target(state, attacker, target, area=area)
    except ArgumentTypeError:
        raise  # a value of the wrong type is the caller's error, not a "no"
    except RulesError:
        return False
    return True


def _can_hide_from(state: Encounter, creature: str, other: str, cover: tuple[str, ...] | None) -> bool:
    if cover is not None:
        return other in cover
    if has_cover(state, creature, other) or has_concealment(state, creature, other):
        return True
    return not line_of_effect_to(state, other, creature)


@attrs.frozen
class Hide(Action):
    """The Hide maneuver: hidden from creatures not observing it while it has cover or concealment
    from them; in combat it works automatically (DS-ACT-11, RB3-HIDE).

    ``from_``: whom it hides from (default: every living enemy it can hide from); ``cover``: the
    creatures it has cover or concealment from (default: found from the state, R-HIDE-1);
    ``observing``: the creatures observing it, which it can't hide from (the Director's call).
    """

    cost: ClassVar[str | None] = "maneuver"

    creature: str = attrs.field(validator=text("DS-ACT-11"))
    """The creature hiding."""
    from_: tuple[str, ...] | None = attrs.field(default=None, converter=_hide_from)
    """Whom it hides from; None: every living enemy it can hide from."""
    cover: tuple[str, ...] | None = attrs.field(default=None, converter=_optional_ids)
    """The creatures it has cover or concealment from; None: found from the state (R-HIDE-1)."""
    observing: tuple[str, ...] = attrs.field(default=(), converter=_ids)
    """The creatures observing it, which it can't hide from (the Director's call)."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-13"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the Hide maneuver works now (DS-ACT-11, RB3-HIDE)."""
        _hidden_from(state, self, first=True)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, then hide from the creatures found."""
        targets = _hidden_from(state, self)
        c = state.creature(self.creature)
        new = c.hidden_from | frozenset(targets)
        return Outcome(
            state.with_creature(attrs.evolve(c, hidden_from=new)),
            (Hid(creature=self.creature, hidden_from=targets, rules=("DS-ACT-11", "RB3-HIDE")),),
        )


def _hidden_from(state: Encounter, req: Hide, *, first: bool = False) -> tuple[str, ...]:
    """The checks of :meth:`Hide.verify`; the creatures it hides from (DS-ACT-11, RB3-HIDE).

    ``first``: when it hides from every enemy it can, only the first one found (the checks
    need one)."""
    creature, targets, covered, watching = req.creature, req.from_, req.cover, req.observing
    c = _acting(state, creature, "Hide", "DS-ACT-11")
    for cid in (*(targets or ()), *(covered or ()), *watching):
        state.creature(cid)
    if targets is None:
        them = (
            e.id
            for e in state.enemies_of(creature)
            if e.id not in watching and _can_hide_from(state, creature, e.id, covered)
        )
        found = tuple(islice(them, 1)) if first else tuple(them)
        if not found:
            raise ActionUnavailableError(
                f"Hide by {creature!r}: no enemy it has cover or concealment from that isn't observing it",
                rule=("DS-ACT-11", "RB3-HIDE"),
            )
        return found
    for cid in targets:
        if cid == c.id:
            raise InvalidArgumentError(f"Hide by {creature!r}: it can't hide from itself", rule="DS-ACT-11")
        if cid in watching:
            raise ActionUnavailableError(
                f"Hide by {creature!r} from {cid!r}: {cid!r} is observing it", rule=("DS-ACT-11", "RB3-HIDE")
            )
        if not _can_hide_from(state, creature, cid, covered):
            raise ActionUnavailableError(
                f"Hide by {creature!r} from {cid!r}: it has neither cover nor concealment from {cid!r}",
                rule=("DS-ACT-11", "RB3-HIDE"),
            )
    return targets


@attrs.frozen
class Reveal(Action):
    """End hiding, once what revealed it has resolved: an ability used, an enemy interacted with, a
    move without sneaking, a noise, cover or concealment lost (RB3-HIDE). ``to``: only from these
    creatures (default: from everyone)."""

    creature: str = attrs.field(validator=text("RB3-HIDE"))
    """The hidden creature."""
    reason: str = attrs.field(default="used an ability", validator=text("RB3-HIDE"))
    """What revealed it (:data:`REVEAL_REASONS`, or the Director's own words)."""
    to: tuple[str, ...] | None = attrs.field(default=None, converter=_optional_ids)
    """Only from these creatures; None: from everyone."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the creatures named exist and a reason is given (RB3-HIDE)."""
        state.creature(self.creature)
        if not self.reason:
            raise InvalidArgumentError(f"reveal reason {self.reason!r}: a non-empty text", rule="RB3-HIDE")
        for cid in self.to or ():
            state.creature(cid)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, then end hiding from the creatures named."""
        self.verify(state)
        c = state.creature(self.creature)
        only = self.to
        gone = tuple(sorted(c.hidden_from if only is None else c.hidden_from & frozenset(only)))
        if not gone:
            return Outcome(state, ())
        return Outcome(
            state.with_creature(attrs.evolve(c, hidden_from=c.hidden_from - frozenset(gone))),
            (Revealed(creature=self.creature, revealed_to=gone, reason=self.reason, rules=("RB3-HIDE",)),),
        )


def revealed_edge(creature: str, target: str) -> Reason:
    """The edge that lasts until the end of the turn in which ``creature`` stopped being hidden from
    ``target``; pass it in ``extra`` (RB3-HIDE, R-HIDE-2)."""
    return edge(f"{creature} was hidden from {target} this turn", "RB3-HIDE", "R-HIDE-2")


# --- searching ------------------------------------------------------------------------------------
def _opposed_total(natural: int, characteristic: int, net: int) -> int:
    """Opposed rolls: a single edge or bane is ±2, a double one ±4 (RB3-OPPOSED)."""
    return natural + characteristic + EDGE_BONUS * net


def hidden_in_reach(state: Encounter, searcher: str) -> tuple[str, ...]:
    """The creatures hidden from ``searcher`` within 10 squares that it has line of effect to (RB3-HIDE)."""
    s = state.creature(searcher)
    return tuple(
        c.id
        for c in state.living()
        if searcher in c.hidden_from
        and distance(s.pos, s.n, c.pos, c.n) <= SEARCH_RANGE
        and line_of_effect_to(state, searcher, c.id)
    )


@attrs.frozen
class Search(Action):
    """The Search for Hidden Creatures maneuver (DS-ACT-14, RB3-HIDE).

    Each creature hidden from ``searcher`` within 10 squares and in line of effect makes an
    Agility test opposed by the searcher's one Intuition test; if the searcher's total is higher,
    that creature is no longer hidden from it; a tie changes nothing (RB3-OPPOSED). The test to
    find an ``invisible`` creature takes a bane (DS-EDGE-10). ``rolls`` maps creature ids to their
    two d10 faces; a missing roll is drawn from the state's RNG.
    """

    cost: ClassVar[str | None] = "maneuver"
    actor: ClassVar[str] = "searcher"

    searcher: str = attrs.field(validator=text("DS-ACT-14"))
    """The creature searching."""
    rolls: immutables.Map[str, tuple[int, int]] | None = attrs.field(default=None, converter=power_rolls)
    """Two d10 faces by creature id (the searcher's and the hiders'); a missing roll is drawn."""
    invisible: tuple[str, ...] = attrs.field(default=(), converter=_invisible)
    """Hidden creatures that are invisible: finding them takes a bane (DS-EDGE-10); creatures
    marked :attr:`~brawl.creature.Creature.invisible` count without being named."""
    granted: bool = attrs.field(default=False, validator=flag("DS-ACT-14"))
    """Granted by an effect (not the actor's own choice of action): spends nothing of its turn."""
    token_reroll: bool = attrs.field(default=False, kw_only=True, validator=flag("RB-TOKEN-01"))
    """A hero searcher spends a hero token to reroll its Intuition test, keeping the new roll
    (RB-TOKEN-01): its one token benefit of the turn (RB-TOKEN-09)."""
    reroll: tuple[int, int] | None = attrs.field(default=None, kw_only=True, converter=power_dice)
    """The reroll's two d10 faces; None: drawn from the RNG."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the searcher is alive and can take maneuvers (DS-ACT-14), and, rerolling,
        a hero whose party holds a token it may spend now (RB-TOKEN-01, RB-TOKEN-09)."""
        _acting(state, self.searcher, "Search for Hidden Creatures", "DS-ACT-14")
        if self.token_reroll:
            check_spend(state, self.searcher, 1, ("RB-TOKEN-01",))
        elif self.reroll is not None:
            raise InvalidArgumentError(
                f"search reroll {self.reroll!r}: dice for a reroll only with token_reroll", rule="RB-TOKEN-01"
            )

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, then contest each hider in reach."""
        self.verify(state)
        return _search(state, self)


def _search(state: Encounter, request: Search) -> Outcome:
    if not request.token_reroll:
        return search_together(state, (request.searcher,), request.rolls or {}, request.invisible)
    # the first roll is made and shown, a token spent, the test rolled again and kept (RB-TOKEN-01)
    given: dict[str, tuple[int, int]] = dict(request.rolls.items()) if request.rolls else {}
    _, out = roll_dice(
        state,
        POWER_DIE_SIDES,
        POWER_DICE,
        values=given.pop(request.searcher, None),
        purpose="search (Intuition test), to be rerolled with a hero token",
        creature=request.searcher,
        rules=("DS-ACT-14", "RB-TOKEN-01"),
    )
    out = out.then(spend_tokens, request.searcher, 1, "reroll a test", ("RB-TOKEN-01",))
    if request.reroll is not None:
        given[request.searcher] = request.reroll  # else the kept roll is drawn from the RNG
    return out.then(search_together, (request.searcher,), given, request.invisible)


def search_together(
    state: Encounter,
    searchers: tuple[str, ...],
    given: Mapping[str, tuple[int, int]],
    invisible: Iterable[str] = (),
) -> Outcome:
    """Search for hidden creatures by ``searchers`` with one Intuition test, the first's: a single
    searcher's Search maneuver (DS-ACT-14, RB3-HIDE), or a squad's made together (RB-SQUAD-19).

    Each creature hidden from any searcher within 10 squares and in its line of effect contests
    once, against the edges and banes of the first searcher that reaches it; found, it is no
    longer hidden from any of the searchers (ruling R-SQUAD-10). ``given``: two d10 faces by id.
    """
    searcher = searchers[0]
    unseen = frozenset(invisible) | {c.id for c in state.creature_list() if c.invisible}
    tester: dict[str, str] = {}
    for s_id in searchers:
        for hid in hidden_in_reach(state, s_id):
            tester.setdefault(hid, s_id)
    rules = ("DS-ACT-14", "RB3-HIDE") if len(searchers) == 1 else ("DS-ACT-14", "RB3-HIDE", "RB-SQUAD-19")
    s = state.creature(searcher)
    faces, out = roll_dice(
        state,
        POWER_DIE_SIDES,
        POWER_DICE,
        values=given.get(searcher),
        purpose="search (Intuition test)",
        creature=searcher,
        rules=rules,
    )
    natural = sum(faces)
    intuition = s.characteristics.intuition
    events: list[Event] = list(out.events)
    st = out.state
    for hid, by in tester.items():
        hider = st.creature(hid)
        extra = [bane(f"{hid} is invisible", "DS-EDGE-10")] if hid in unseen else []
        net = edges_and_banes(st, by, kind="test", characteristic="intuition", extra=extra).net
        search_total = _opposed_total(natural, intuition, net)
        hfaces, hout = roll_dice(
            st,
            POWER_DIE_SIDES,
            POWER_DICE,
            values=given.get(hid),
            purpose="hide (Agility test)",
            creature=hid,
            rules=rules,
        )
        st = hout.state
        events.extend(hout.events)
        hnet = edges_and_banes(st, hid, kind="test", characteristic="agility").net
        hide_total = _opposed_total(sum(hfaces), hider.characteristics.agility, hnet)
        found = search_total > hide_total
        cited = (*rules, "RB3-OPPOSED", *(("DS-EDGE-10",) if hid in unseen else ()))
        events.append(
            SearchContested(
                searcher=by,
                hider=hid,
                search_total=search_total,
                hide_total=hide_total,
                invisible=hid in unseen,
                found=found,
                rules=cited,
            )
        )
        if found:
            seen_by = tuple(x for x in searchers if x in st.creature(hid).hidden_from)
            found_out = Reveal(hid, "found", seen_by).resolve(st)
            st = found_out.state
            events.extend(found_out.events)
    done = Outcome(st, tuple(events))
    for who in (searcher, *tester):  # each made a test: a power roll's lasting edges end (R-ABIL-17)
        done = done.then(end_used, who, False)
    return done


@attrs.frozen
class PointOut(Action):
    """Point out a creature not hidden from you to allies within 10 squares; outside a search it
    takes a maneuver and no test (RB3-HIDE)."""

    creature: str = attrs.field(validator=text("RB3-HIDE"))
    """The creature pointing."""
    hider: str = attrs.field(validator=text("RB3-HIDE"))
    """The creature pointed out (not hidden from ``creature``)."""
    allies: tuple[str, ...] = attrs.field(converter=_ids)
    """The allies within 10 squares it is pointed out to."""

    def verify(self, state: Encounter) -> None:
        """Raise unless ``hider`` is not hidden from ``creature`` and each of ``allies`` is an ally
        within 10 squares (RB3-HIDE)."""
        _check_point_out(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, then reveal the hider to those allies."""
        _check_point_out(state, self)
        return Reveal(self.hider, "pointed out", self.allies).resolve(state)


def _check_point_out(state: Encounter, request: PointOut) -> None:
    """The checks of :meth:`PointOut.verify` (RB3-HIDE)."""
    creature, hider = request.creature, request.hider
    c = state.creature(creature)
    h = state.creature(hider)
    if creature in h.hidden_from:
        raise ActionUnavailableError(
            f"point out {hider!r} by {creature!r}: it is hidden from {creature!r}", rule="RB3-HIDE"
        )
    for aid in request.allies:
        a = state.creature(aid)
        if a.side != c.side or aid == creature:
            raise InvalidArgumentError(f"point out {hider!r} to {aid!r}: not an ally", rule="RB3-HIDE")
        if distance(c.pos, c.n, a.pos, a.n) > SEARCH_RANGE:
            raise ActionUnavailableError(
                f"point out {hider!r} to {aid!r}: more than {SEARCH_RANGE} squares away", rule="RB3-HIDE"
            )


# --- assisting a test -----------------------------------------------------------------------------
@attrs.frozen
class AssistTest(Action):
    """Assist a test, a maneuver in combat: the helper's own test gives the main roller a bane
    (≤11), an edge (12–16) or a double edge (17+) (DS-ACT-13, RB3-ASSIST).

    ``characteristic`` is the one the helper's skill uses; ``roll`` its two d10 faces (default:
    drawn from the state's RNG). The outcome ends with a
    :class:`~brawl.events.stealth.TestAssisted` event; :func:`assist_reason` turns it into the
    reason to pass in the main roll's ``extra``.
    """

    helper: str = attrs.field(validator=text("DS-ACT-13"))
    """The creature assisting."""
    characteristic: str = attrs.field(validator=text("DS-ACT-13"))
    """The characteristic its skill uses."""
    roll: tuple[int, int] | None = attrs.field(default=None, converter=power_dice)
    """Its two d10 faces; None: drawn from the state's RNG."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the helper is alive, can take maneuvers and has the characteristic (DS-ACT-13)."""
        _assist_score(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        """Verify, then roll the helper's test."""
        return _assist(state, self)


def _assist_score(state: Encounter, request: AssistTest) -> int:
    """The checks of :meth:`AssistTest.verify`; the helper's score in the characteristic (DS-ACT-13)."""
    c = _acting(state, request.helper, "Assist a test", "DS-ACT-13")
    try:
        return c.characteristics.get(request.characteristic)
    except ValueError as exc:
        raise InvalidArgumentError(str(exc), rule="DS-ACT-13") from None


def assist_reason(event: TestAssisted) -> Reason:
    """The bane, edge or double edge an assist gives the main roll (DS-ACT-13, RB3-ASSIST)."""
    rules = ("DS-ACT-13", "RB3-ASSIST")
    why = f"{event.helper} assisted (tier {event.tier})"
    if event.effect == "bane":
        return bane(why, *rules)
    return edge(why, *rules, double=event.effect == "double edge")


_FULL_NAMES = {"m": "might", "a": "agility", "r": "reason", "i": "intuition", "p": "presence"}


def _assist(state: Encounter, request: AssistTest) -> Outcome:
    value = _assist_score(state, request)
    helper, characteristic = request.helper, request.characteristic
    eb = edges_and_banes(state, helper, kind="test", characteristic=characteristic)
    rules = ("DS-ACT-13", "RB3-ASSIST")
    out = power_roll(
        state,
        value,
        edges=eb.edges,
        banes=eb.banes,
        dice=request.roll,
        creature=helper,
        purpose=f"assist a test ({characteristic})",
        rules=rules,
        uses=_FULL_NAMES.get(characteristic.lower(), characteristic.lower()),
    )
    result = out.roll
    assisted = TestAssisted(
        helper=helper, total=result.total, tier=result.tier, effect=ASSIST_EFFECTS[result.tier], rules=rules
    )
    return out.add(assisted).then(end_used, helper, False)  # the next power roll's (R-ABIL-17)


__all__ = [
    "ASSIST_EFFECTS",
    "REVEAL_REASONS",
    "SEARCH_RANGE",
    "AssistTest",
    "Hide",
    "PointOut",
    "Reveal",
    "Search",
    "assist_reason",
    "can_target",
    "check_target",
    "hidden_in_reach",
    "is_hidden_from",
    "revealed_edge",
]
