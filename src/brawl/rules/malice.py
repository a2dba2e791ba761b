"""The Director's Malice features: spent at the start of a monster's turn, one a turn
(RB-MALICE-04..07).

- :class:`BrutalEffectiveness` (3 Malice): +1 to the potencies of the monster's next ability that
  has one (RB-MALICE-05).
- :class:`MaliciousStrike` (5 Malice or more): the monster's next strike deals extra damage to its
  first target, equal to the monster's highest characteristic plus 1 for each Malice spent beyond
  5, up to three times that characteristic (RB-MALICE-06); not in two rounds in a row, even by
  different monsters (RB-MALICE-07).
- A stat block's own Malice feature (an ability of no action with a Malice cost, as the importers
  mark the Director's features) is used with :class:`~brawl.rules.abilities.UseAbility` at the
  same moment (:func:`check_malice_moment`).

"The start of a monster's turn" is its Draw Steel turn before it has spent anything or moved
(R-DIR-2), and one feature is activated there (:data:`FEATURES_PER_TURN`). A boost bought and not
used lapses at the end of the monster's turn (R-DIR-3). Outside a Draw Steel combat there is no
Malice to spend.
"""

from __future__ import annotations

from typing import Any

import attrs

from brawl.abilities.model import Ability, Potency
from brawl.creature import DIRECTOR, MAX_COUNT, Creature
from brawl.errors import ActionUnavailableError, InvalidArgumentError, RulesError, TurnOrderError
from brawl.events.director import MaliceBoostUsed, MaliceFeatureUsed
from brawl.fields import ident, replaced, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.director import DirectorBook, book_of, with_book
from brawl.rules.potency import highest_characteristic, potency_value
from brawl.state import Encounter, TurnState

__all__ = [
    "BRUTAL_COST",
    "FEATURES_PER_TURN",
    "MALICIOUS_COST",
    "MALICIOUS_MULTIPLE",
    "BrutalEffectiveness",
    "MaliciousStrike",
    "check_malice_moment",
    "is_malice_feature",
    "malice_moment_open",
    "malice_moment_refusal",
    "malicious_extra",
    "pending_potency",
    "pending_strike",
    "record_feature",
    "short_of_malice",
    "spend_boosts",
]

BRUTAL_COST = 3
"""Brutal Effectiveness costs 3 Malice (RB-MALICE-05)."""
BRUTAL_BONUS = 1
"""Brutal Effectiveness: +1 to the next potency (RB-MALICE-05)."""
MALICIOUS_COST = 5
"""Malicious Strike costs at least 5 Malice (RB-MALICE-06)."""
MALICIOUS_MULTIPLE = 3
"""Malicious Strike's extra damage is at most 3 times the highest characteristic (RB-MALICE-06)."""
FEATURES_PER_TURN = 1
"""Malice features activated at the start of one monster's turn (RB-MALICE-04, R-DIR-2)."""
MAX_MALICE_SPENT = 10**6
"""Most Malice one request spends."""


def is_malice_feature(ability: Ability) -> bool:
    """Whether ``ability`` is one of the Director's Malice features printed on a stat block: no
    action of its own and a Malice cost (RB-MALICE-04)."""
    return ability.action_type == "none" and ability.cost is not None and ability.cost.resource == "malice"


def malice_moment_refusal(state: Encounter, creature: str, what: str) -> RulesError | None:
    """Why the Director may not activate a Malice feature for ``creature`` now, or None: a Draw
    Steel combat, a living monster, at the start of its turn before it spent anything or moved
    (R-DIR-2), no feature activated yet this turn (RB-MALICE-04). ``what`` names the feature."""
    why = _moment_closed(state, creature)
    if why is None:
        return None
    reason, rule, error = why
    return error(f"{what} for {creature!r}: {reason}", rule=rule)


def malice_moment_open(state: Encounter, creature: str) -> bool:
    """Whether :func:`malice_moment_refusal` finds nothing, building no error."""
    return _moment_closed(state, creature) is None


_Why = tuple[str, str | tuple[str, ...], type[RulesError]]
"""What refuses a Malice feature now: the reason, the rules, the class of the error."""
_NO_COMBAT: _Why = ("Malice is kept only in a Draw Steel combat", "RB-MALICE-04", ActionUnavailableError)
_DEAD: _Why = ("the creature is dead", "DS-STAM-09", ActionUnavailableError)
_NOT_DIRECTORS: _Why = ("only for a Director's creature", "RB-MALICE-04", ActionUnavailableError)
_NOT_ITS_TURN: _Why = ("only at the start of its own turn", ("RB-MALICE-04", "R-DIR-2"), TurnOrderError)
_NOT_AT_START: _Why = (
    "only at the start of its turn, before it acts or moves",
    ("RB-MALICE-04", "R-DIR-2"),
    TurnOrderError,
)
_ONE_A_TURN: _Why = (
    f"a Malice feature was already activated this turn ({FEATURES_PER_TURN} a turn)",
    ("RB-MALICE-04", "R-DIR-2"),
    ActionUnavailableError,
)


def _moment_closed(state: Encounter, creature: str) -> _Why | None:
    """Why no Malice feature may be activated for ``creature`` now, or None
    (:func:`malice_moment_refusal`). The answer for the last state and creature asked about is
    kept: it reads only them, both immutable (a policy's choice and the check of what it chose
    ask of the same state)."""
    last = _LAST_MOMENT[0]
    if last[0] is state and last[1] == creature:
        return last[2]
    why = _moment_worked_out(state, creature)
    _LAST_MOMENT[0] = (state, creature, why)
    return why


def _moment_worked_out(state: Encounter, creature: str) -> _Why | None:
    """:func:`_moment_closed`, worked out."""
    try:
        c: Creature | None = state.creatures[creature]
    except (KeyError, TypeError):  # an unknown or unhashable id: Encounter.creature refuses it, unchained
        c = None
    if c is None:
        c = state.creature(creature)
    book = book_of(state)
    if book is None:
        return _NO_COMBAT
    if c.dead:
        return _DEAD
    if c.side != DIRECTOR or c.hero:
        return _NOT_DIRECTORS
    t = state.turn
    if getattr(t, "current", None) != creature:
        return _NOT_ITS_TURN
    if past_start(getattr(t, "economy", None)):
        return _NOT_AT_START
    if book.malice_turn == getattr(t, "turn_count", 0) + 1:  # _this_turn(state), read in place
        return _ONE_A_TURN
    return None


_LAST_MOMENT: list[tuple[Encounter | None, str, _Why | None]] = [(None, "", None)]
"""The last state and creature :func:`_moment_closed` answered, and its answer (the state kept, so
that its identity is not reused)."""


def past_start(economy: Any) -> bool:
    """Whether the economy of a turn (None: no turn of its own) is past the turn's start: its
    creature spent an action or a free maneuver, or has movement left from a move action; no
    Malice feature may be activated for it then (R-DIR-2)."""
    return economy is None or bool(economy.counted or economy.free_maneuvers or economy.movement_left)


def check_malice_moment(state: Encounter, creature: str, what: str) -> None:
    """Raise what :func:`malice_moment_refusal` finds."""
    found = malice_moment_refusal(state, creature, what)
    if found is not None:
        raise found


def short_of_malice(state: Encounter, cost: int) -> bool:
    """Whether the Director holds less Malice than ``cost``: a feature of that cost is refused."""
    return _malice(state) < cost


def _this_turn(state: Encounter) -> int:
    """The number of the current turn in the combat, counted from 1."""
    count: int = getattr(state.turn, "turn_count", 0)
    return count + 1


def _malice(state: Encounter) -> int:
    found: int = getattr(state.turn, "malice", 0)
    return found


def _check_malice(state: Encounter, who: str, cost: int, rule: str) -> None:
    if short_of_malice(state, cost):
        raise ActionUnavailableError(f"{who}: costs {cost} Malice, {_malice(state)} left", rule=rule)


def record_feature(state: Encounter, creature: str) -> Encounter:
    """``state`` with a Malice feature noted as activated this turn (RB-MALICE-04)."""
    book = book_of(state)
    if book is None:
        return state
    return with_book(state, attrs.evolve(book, malice_turn=_this_turn(state)))


def _pay(state: Encounter, book: DirectorBook, cost: int, **changes: object) -> Encounter:
    """``state`` with ``book`` changed by ``changes`` and the feature noted as activated this
    turn, and the Director's Malice less ``cost`` (checked before).

    The bookkeeping is built from the checked one and from values just checked: the Malice left
    is 0 or more (the cost was checked against it), the book names only creatures it named or the
    one :func:`malice_moment_refusal` looked up, its counts are a boost worked out from a checked
    characteristic, the round and the turn's number. It passes ``with_turn``'s checks, so it is
    put in unchecked (``with_turn_built``), unless the turn's number runs past its range."""
    turn_number = _this_turn(state)
    book = replaced(book, malice_turn=turn_number, **changes)
    turn = replaced(state.turn, malice=_malice(state) - cost, director=book)
    if isinstance(turn, TurnState) and turn_number <= MAX_COUNT:
        return state.with_turn_built(turn)
    return state.with_turn(turn)


_VERIFIED: list[tuple[Action, Encounter] | None] = [None]
"""The last Malice feature whose checks passed, and the state they passed on (kept, so that
their ids cannot be reused)."""


def _just_verified(request: Action, state: Encounter) -> bool:
    """Whether ``request``'s checks last passed on ``state`` itself: they read only the request
    and the state, both immutable, so they would pass again (a policy verifies what it chooses)."""
    last = _VERIFIED[0]
    return last is not None and last[0] is request and last[1] is state


@attrs.frozen
class BrutalEffectiveness(Action):
    """Brutal Effectiveness: the Director spends 3 Malice at the start of ``creature``'s turn; the
    potencies of its next ability that has one get +1 (RB-MALICE-04, RB-MALICE-05, R-DIR-2, R-DIR-3)."""

    creature: str = attrs.field(validator=ident("RB-MALICE-05"))
    """The monster whose turn starts."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the feature may be activated now and the Director has 3 Malice."""
        who = f"Brutal Effectiveness for {self.creature!r}"
        check_malice_moment(state, self.creature, "Brutal Effectiveness")
        _check_malice(state, who, BRUTAL_COST, "RB-MALICE-05")
        _VERIFIED[0] = (self, state)

    def resolve(self, state: Encounter) -> Outcome:
        """Pay 3 Malice and keep +1 for the creature's next potency."""
        if not _just_verified(self, state):
            self.verify(state)
        book = book_of(state)
        assert book is not None  # verified: a Draw Steel combat
        after = _pay(state, book, BRUTAL_COST, brutal=book.brutal.set(self.creature, BRUTAL_BONUS))
        event = MaliceFeatureUsed(
            creature=self.creature,
            feature="Brutal Effectiveness",
            cost=BRUTAL_COST,
            left=_malice(after),
            detail=f"+{BRUTAL_BONUS} to its next potency",
            rules=("RB-MALICE-04", "RB-MALICE-05"),
        )
        return Outcome(after, (event,))


def malicious_extra(creature: Creature, malice: int) -> int:
    """Malicious Strike's extra damage for ``malice`` spent: the highest characteristic plus 1 for
    each Malice beyond 5, at most 3 times the highest characteristic, never below 0 (RB-MALICE-06).
    A highest characteristic of 4 and 7 Malice: 4 + 2 = 6; the cap, 12, needs 13 Malice."""
    high = highest_characteristic(creature)
    return max(0, min(high + malice - MALICIOUS_COST, MALICIOUS_MULTIPLE * high))


@attrs.frozen
class MaliciousStrike(Action):
    """Malicious Strike: the Director spends ``malice`` (5 or more) at the start of ``creature``'s
    turn; its next strike deals extra damage to its first target, equal to its highest
    characteristic plus 1 for each Malice beyond 5, up to three times that characteristic
    (RB-MALICE-06, R-DIR-3, R-DIR-4). Not in two rounds in a row, even by different monsters
    (RB-MALICE-07)."""

    creature: str = attrs.field(validator=ident("RB-MALICE-06"))
    """The monster whose turn starts."""
    malice: int = attrs.field(
        default=MALICIOUS_COST, validator=whole("RB-MALICE-06", lo=MALICIOUS_COST, hi=MAX_MALICE_SPENT)
    )
    """The Malice spent: 5, plus 1 for each point of extra damage."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the feature may be activated now, was not in the last round, the Director
        has the Malice and none of it is spent beyond the cap (RB-MALICE-06, RB-MALICE-07)."""
        who = f"Malicious Strike for {self.creature!r}"
        check_malice_moment(state, self.creature, "Malicious Strike")
        book = book_of(state)
        assert book is not None  # checked: a Draw Steel combat
        if book.malicious_round and book.malicious_round == state.round - 1:
            raise ActionUnavailableError(
                f"{who}: it was used in round {book.malicious_round}, not two rounds in a row",
                rule="RB-MALICE-07",
            )
        high = highest_characteristic(state.creature(self.creature))
        most = MALICIOUS_COST + max(0, (MALICIOUS_MULTIPLE - 1) * high)
        if self.malice > most:
            raise InvalidArgumentError(
                f"{who}: {self.malice} Malice; the extra damage stops at {MALICIOUS_MULTIPLE} x {high}, "
                f"which {most} Malice buys",
                rule="RB-MALICE-06",
            )
        _check_malice(state, who, self.malice, "RB-MALICE-06")
        _VERIFIED[0] = (self, state)

    def resolve(self, state: Encounter) -> Outcome:
        """Pay the Malice and keep the extra damage for the creature's next strike."""
        if not _just_verified(self, state):
            self.verify(state)
        book = book_of(state)
        assert book is not None  # verified: a Draw Steel combat
        extra = malicious_extra(state.creature(self.creature), self.malice)
        malicious = book.malicious.set(self.creature, extra)
        after = _pay(state, book, self.malice, malicious=malicious, malicious_round=state.round)
        event = MaliceFeatureUsed(
            creature=self.creature,
            feature="Malicious Strike",
            cost=self.malice,
            left=_malice(after),
            detail=f"+{extra} damage to its next strike",
            rules=("RB-MALICE-04", "RB-MALICE-06", "RB-MALICE-07"),
        )
        return Outcome(after, (event,))


def pending_potency(state: Encounter, user: Creature, potency: Potency) -> Potency:
    """``potency`` as ``user``'s next ability uses it: raised by a waiting Brutal Effectiveness
    (RB-MALICE-05), else itself."""
    book = book_of(state)
    bonus = 0 if book is None else book.brutal.get(user.id, 0)
    if not bonus:
        return potency
    return Potency(potency.characteristic, potency_value(potency, user) + bonus)


def pending_strike(state: Encounter, user: str, ability: Ability, first: bool) -> int:
    """The extra damage a waiting Malicious Strike adds to this damage of ``user``'s ``ability``:
    a strike's, on its first target (``first``) (RB-MALICE-06, R-DIR-4); else 0."""
    book = book_of(state)
    if book is None or not first or user not in book.malicious or not _is_strike(ability):
        return 0
    return book.malicious[user]


def _is_strike(ability: Ability) -> bool:
    return any(k.lower() == "strike" for k in ability.keywords)


def _has_potency(ability: Ability) -> bool:
    pr = ability.power_roll
    return pr is not None and any(
        e.potency is not None for tier in pr.tiers for e in tier.effects if hasattr(e, "potency")
    )


def spend_boosts(state: Encounter, user: str, ability: Ability) -> Outcome:
    """The boosts ``ability`` used up once resolved, each with its event: Brutal Effectiveness by
    an ability with a potency, Malicious Strike by a strike (RB-MALICE-05, RB-MALICE-06)."""
    book = book_of(state)
    if book is None or (user not in book.brutal and user not in book.malicious):
        return Outcome(state, ())
    events = []
    new = book
    for field, feature, used, rules in (
        ("brutal", "Brutal Effectiveness", _has_potency(ability), ("RB-MALICE-05",)),
        ("malicious", "Malicious Strike", _is_strike(ability) and ability.power_roll is not None,
         ("RB-MALICE-06", "R-DIR-4")),
    ):  # fmt: skip
        boosts = getattr(new, field)
        if user in boosts and used:
            events.append(
                MaliceBoostUsed(
                    creature=user, ability=ability.name, feature=feature, amount=boosts[user], rules=rules
                )
            )
            new = replaced(new, **{field: boosts.delete(user)})
    if new is book:
        return Outcome(state, ())
    # the checked book less some entries passes with_turn's checks: put in as built
    turn = replaced(state.turn, director=new)
    if isinstance(turn, TurnState):
        return Outcome(state.with_turn_built(turn), tuple(events))
    return Outcome(with_book(state, new), tuple(events))
