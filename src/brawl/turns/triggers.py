"""Reported triggers: the caller says what happened, and what waits for it may be taken.

One record, :class:`ReportTrigger` (its verb is ``brawl.verbs.report_trigger``), for the turn systems
that have triggers. Another game answers it with rules of its own, registered for its bookkeeping
(:func:`register_triggers`): under the initiative game the trigger is a held action's declared
condition, and each holder waiting for it may act at once (I-HOLD-03).

Under Draw Steel the trigger is what just happened: one of :data:`TRIGGER_KINDS` with the
creature that did it and the creatures it was done to, or a triggered ability's own trigger text.
The bookkeeping keeps it (``DrawSteelTurn.reported``) until the moment passes (any other action
or movement spent, a turn started or ended); meanwhile ``legal_actions`` offers each creature's
triggered abilities whose trigger :func:`answers` it, each spending the creature's one triggered
action of the round, or nothing for a free triggered action (DS-TURN-05, DS-TURN-06, R-TURN-12).

How a printed trigger is matched (:func:`answers`): its text is sorted into a kind by its verb
("is targeted" / "targets": targeted; "takes damage" / "deals damage to": damaged; "moves ...
adjacent to": moves adjacent; "moves" / "shifts": moves), then its two roles are read: who acts
(the subject, or "by ...") and who it is done to. A role phrase is the ability's owner ("you",
"it", "the <name>"), "an ally" (another creature of its side), "an enemy" (a creature of the
other side), "another creature", "a creature", "the target" or "the triggering creature" (any),
narrowed by "adjacent to ..." or "within N". A role the report does not name is not checked; a
phrase read no other way matches nothing, so the caller reports that ability's own trigger text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from brawl.abilities.model import Ability
from brawl.creature import HEROES, Creature
from brawl.errors import InvalidArgumentError, TurnOrderError
from brawl.events.turns import TriggerReported
from brawl.fields import ident, text
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.state import Encounter, TurnState
from brawl.turns.drawsteel_turn import DrawSteelTurn, Reported
from brawl.turns.records import Request, creature_ids

__all__ = [
    "TRIGGERED",
    "TRIGGER_KINDS",
    "ReportTrigger",
    "answers",
    "register_triggers",
    "registered_triggers",
    "trigger_kind",
]

TRIGGER_KINDS = {
    "moves adjacent": "the creature moved to a square adjacent to each of the targets",
    "moves": "the creature moved or shifted",
    "targeted": "the creature targeted the targets with an ability or a strike",
    "damaged": "the targets took damage, from the creature if it is named",
}
"""The kinds of event a Draw Steel trigger is reported as, and what each means (R-TURN-12)."""
TRIGGERED = frozenset({"triggered action", "free triggered action"})
"""The action types of the abilities that answer a trigger (DS-TURN-05, DS-TURN-06)."""
_RULES = ("DS-TURN-05", "R-TURN-12")

_ROLES = {
    # kind: patterns naming the groups "act" (who acts) and "aff" (who it is done to)
    "targeted": (
        re.compile(r"^(?P<aff>.+?) (?:is|are) targeted(?: by (?P<act>.+?))?(?: with .*)?$"),
        re.compile(r"^(?P<act>.+?) targets (?P<aff>.+?)(?: with .*)?$"),
    ),
    "damaged": (
        re.compile(r"^(?P<aff>.+?) (?:takes|take) damage(?: from (?P<act>.+?))?$"),
        re.compile(r"^(?P<act>.+?) deals? damage to (?P<aff>.+?)$"),
    ),
    "moves adjacent": (
        re.compile(
            r"^(?P<act>.+?) (?:moves|shifts|comes|enters)\b.*?"
            r"\badjacent to (?P<aff>.+?)$"
        ),
    ),
    "moves": (re.compile(r"^(?P<act>.+?) (?:moves|shifts)\b.*$"),),
}
_KIND_ORDER = ("targeted", "damaged", "moves adjacent", "moves")
_WITHIN = re.compile(r"\bwithin (\d+)\b")
_ADJACENT = re.compile(r"\badjacent to\b")
_GENERIC = ("the target", "the triggering", "a strike", "an ability", "an attack", "a ranged", "a melee")
_OWNER = ("you", "it", "they", "them", "itself", "this creature")


def _plain(words: str) -> str:
    """Lower case, single spaces, no final full stop."""
    return " ".join(words.lower().split()).rstrip(".").strip()


def trigger_kind(words: str) -> str | None:
    """The kind of a printed trigger (a key of :data:`TRIGGER_KINDS`), or None when its verb
    names none of them (R-TURN-12)."""
    plain = _plain(words)
    for kind in _KIND_ORDER:
        if any(p.match(plain) for p in _ROLES[kind]):
            return kind
    return None


def _roles(words: str, kind: str) -> tuple[str | None, str | None]:
    """The phrases of who acts and who it is done to in a printed trigger of ``kind``."""
    plain = _plain(words)
    for pattern in _ROLES[kind]:
        m = pattern.match(plain)
        if m is not None:
            groups = m.groupdict()
            return groups.get("act"), groups.get("aff")
    return None, None


def _fits(state: Encounter, phrase: str | None, owner: Creature, who: str) -> bool:
    """Whether creature ``who`` is one the role ``phrase`` names, for the ability of ``owner``."""
    if phrase is None:
        return True
    x = state.creatures.get(who)
    if x is None:
        return False
    p = phrase.strip()
    near = _WITHIN.search(p)
    if near is not None and distance(owner.pos, owner.n, x.pos, x.n) > int(near.group(1)):
        return False
    if _ADJACENT.search(p) and distance(owner.pos, owner.n, x.pos, x.n) > 1:
        return False
    head = _ADJACENT.split(_WITHIN.split(p)[0])[0].strip()
    if head.startswith(_GENERIC):
        return True
    if "ally" in head or "allies" in head:
        return (x.side == owner.side and x.id != owner.id) or (x.id == owner.id and "you" in head)
    if "enemy" in head or "enemies" in head or "foe" in head:
        return x.side != owner.side
    if "another creature" in head:
        return x.id != owner.id
    if "creature" in head:
        return True
    if head in _OWNER or (head.startswith("the ") and len(head.split()) <= 3):
        return x.id == owner.id
    return False


def answers(state: Encounter, owner: Creature, ability: Ability, reported: Reported) -> bool:
    """Whether ``owner``'s triggered ``ability`` answers the ``reported`` trigger: reported by its
    own trigger text, or of its kind with the roles fitting (DS-TURN-05, R-TURN-12)."""
    if ability.action_type not in TRIGGERED or not ability.trigger.strip():
        return False
    if _plain(reported.trigger) == _plain(ability.trigger):
        return True
    kind = trigger_kind(ability.trigger)
    if kind is None or kind != reported.trigger:
        return False
    act, aff = _roles(ability.trigger, kind)
    if reported.creature is not None and not _fits(state, act, owner, reported.creature):
        return False
    return not reported.targets or any(_fits(state, aff, owner, t) for t in reported.targets)


def _answering(state: Encounter, reported: Reported) -> tuple[str, ...]:
    """The living creatures with a triggered ability answering ``reported``, heroes first (R-TURN-1)."""
    found = [
        c
        for c in state.living()
        if any(answers(state, c, a, reported) for a in c.abilities if a.action_type in TRIGGERED)
    ]
    return tuple(c.id for c in sorted(found, key=lambda c: (c.side != HEROES, c.id)))


def _known_text(state: Encounter, trigger: str) -> bool:
    plain = _plain(trigger)
    return any(
        a.action_type in TRIGGERED and _plain(a.trigger) == plain for c in state.living() for a in c.abilities
    )


@attrs.frozen(repr=False)
class ReportTrigger(Request):
    """A trigger happened: what a creature did, or a held action's condition (DS-TURN-05, I-HOLD-03).

    Draw Steel: ``creature`` did ``trigger`` (one of :data:`TRIGGER_KINDS`, or a triggered
    ability's own trigger text) to ``targets``; until the moment passes the triggered abilities
    answering it are offered, each spending the triggered action of the round, or nothing when
    free (DS-TURN-05, DS-TURN-06, R-TURN-12). It replaces any trigger reported before. Another
    game answers with its own rules (:func:`register_triggers`): the initiative game's trigger is
    a held action's declared condition alone, and each holder waiting for it may act at once
    (I-HOLD-02, I-HOLD-03).
    """

    trigger: str = attrs.field(validator=text())
    creature: str | None = attrs.field(default=None, validator=ident("DS-TURN-05", optional=True))
    targets: tuple[str, ...] = attrs.field(default=(), converter=creature_ids)

    def verify(self, state: Encounter) -> None:
        own = _GAMES.get(type(state.turn))
        if own is not None:
            own[0](state, self)
            return
        _check_report(state, self)

    def resolve(self, state: Encounter) -> Outcome:
        own = _GAMES.get(type(state.turn))
        if own is not None:
            return own[1](state, self)
        _check_report(state, self)
        t = state.turn
        assert isinstance(t, DrawSteelTurn)
        reported = Reported(self.trigger, self.creature, self.targets)
        event = TriggerReported(
            trigger=self.trigger,
            creature=self.creature,
            targets=reported.targets,
            answering=_answering(state, reported),
            rules=_RULES,
        )
        return Outcome(state.with_turn(attrs.evolve(t, reported=reported)), (event,))


def _check_report(state: Encounter, request: ReportTrigger) -> None:
    """Raise unless the trigger may be reported under Draw Steel now: a kind of
    :data:`TRIGGER_KINDS` or a triggered ability's trigger text, with creatures of the encounter
    (DS-TURN-05, R-TURN-12)."""
    trigger = request.trigger
    if not isinstance(state.turn, DrawSteelTurn):
        raise TurnOrderError(
            f"report trigger {trigger!r}: only a Draw Steel or initiative combat has triggers to report",
            rule=("DS-TURN-05", "I-HOLD-03"),
        )
    if not trigger.strip():
        raise InvalidArgumentError(f"trigger {trigger!r}: what happened, as text", rule=_RULES)
    if trigger not in TRIGGER_KINDS and not _known_text(state, trigger):
        raise InvalidArgumentError(
            f"trigger {trigger!r}: not one of {', '.join(TRIGGER_KINDS)}, nor the trigger of a "
            "triggered ability in the encounter",
            rule=_RULES,
        )
    for cid in (*((request.creature,) if request.creature is not None else ()), *request.targets):
        state.creature(cid)


TriggerCheck = Callable[[Encounter, ReportTrigger], None]
"""A game's own check of a reported trigger: raises what it refuses."""
TriggerRule = Callable[[Encounter, ReportTrigger], Outcome]
"""A game's own rule for a reported trigger."""

_GAMES: dict[type[TurnState] | type[None], tuple[TriggerCheck, TriggerRule]] = {}


def register_triggers(turn_type: type[TurnState], verify: TriggerCheck, resolve: TriggerRule) -> None:
    """Let the game whose bookkeeping is ``turn_type`` answer :class:`ReportTrigger` with its own
    rules: ``verify`` raises what it refuses, ``resolve`` runs it (the initiative game's held
    actions, I-HOLD-03)."""
    _GAMES[turn_type] = (verify, resolve)


def registered_triggers() -> dict[type[TurnState] | type[None], tuple[TriggerCheck, TriggerRule]]:
    """The games' own rules for a reported trigger (:func:`register_triggers`), by the type of
    their bookkeeping: a copy."""
    return dict(_GAMES)
