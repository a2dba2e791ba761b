"""Events of the turn systems: combat, rounds, turns, actions, passing, morale, breath, triggers."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite, maker

_LABELS = {
    "main": "main action",
    "move": "move action",
    "triggered": "triggered action",
    "free triggered": "free triggered action",
    "action": "Action",
    "fast": "Fast Action",
    "free": "free action",
    "bonus": "bonus action",
}


def _ids(ids: tuple[str, ...]) -> str:
    return ", ".join(ids) if ids else "nobody"


@attrs.frozen(kw_only=True)
class CombatStarted(Event):
    """Combat began under a turn system; ``surprised`` lists the creatures not ready."""

    system: str
    sides: tuple[str, ...]
    surprised: tuple[str, ...] = ()

    def explain(self) -> str:
        sur = f"; surprised: {_ids(self.surprised)}" if self.surprised else ""
        return f"combat starts ({self.system}); sides: {', '.join(self.sides)}{sur}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class FirstSideChosen(Event):
    """The side that acts first in round 1 and every round after (DS-SIDE-05, -06, -12)."""

    side: str
    chooser: str
    """Who chose: "players", "director", "surprise" (no roll) or "caller"."""
    roll: int | None = None

    def explain(self) -> str:
        if self.chooser == "surprise":
            how = "the other side is wholly surprised"
        elif self.chooser == "caller":
            how = "set by the caller"
        else:
            how = f"d10 {self.roll}: the {self.chooser} choose"
        return f"{self.side} act first ({how}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class TurnOrderSet(Event):
    """An order within a side or for everyone: Agility tests, initiative (totals by slot)."""

    side: str | None
    order: tuple[str, ...]
    totals: tuple[int, ...]

    def explain(self) -> str:
        who = f"{self.side}: " if self.side else ""
        items = ", ".join(f"{s} {t}" for s, t in zip(self.order, self.totals, strict=True))
        return f"turn order {who}{items}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class TurnOrderSwapped(Event):
    """Two heroes swapped places in the alternative turn order (DS-SIDE-16)."""

    first: str
    second: str

    def explain(self) -> str:
        return f"{self.first} and {self.second} swap places in the turn order{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class RoundStarted(Event):
    """A combat round began; ``first`` is the side or faction that opens it."""

    round: int
    first: str | None = None

    def explain(self) -> str:
        opener = f"; {self.first} go first" if self.first else ""
        return f"round {self.round} begins{opener}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class MaliceGained(Event):
    """The Director gains Malice: at the start of combat or of a round (RB6-MALICE)."""

    amount: int
    total: int
    """The Director's Malice after the gain."""
    reason: str = ""

    def explain(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"the Director gains {self.amount} Malice{why}, {self.total} in all{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class RoundEnded(Event):
    """A combat round ended."""

    round: int

    def explain(self) -> str:
        return f"round {self.round} ends{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class TurnStarted(Event):
    """A creature's turn began (``together``: a mount or rider acting with it, Z-MOUNT-01)."""

    creature: str
    side: str
    round: int
    together: tuple[str, ...] = ()

    def explain(self) -> str:
        with_ = f" with {', '.join(self.together)}" if self.together else ""
        return f"{self.creature} ({self.side}) starts a turn{with_} in round {self.round}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class TurnEnded(Event):
    """A creature's turn ended."""

    creature: str
    round: int

    def explain(self) -> str:
        return f"{self.creature} ends its turn{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class TurnLost(Event):
    """A creature that had not acted loses its turn of this round (``reason`` says why)."""

    creature: str
    round: int
    reason: str

    def explain(self) -> str:
        return f"{self.creature} loses its turn of round {self.round}: {self.reason}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ActionUsed(Event):
    """An action was spent; ``converted`` when the main action became a move or a maneuver."""

    creature: str
    kind: str
    name: str | None = None
    converted: bool = False
    counted: bool = True
    """False for actions that do not count against the turn's limits (free actions)."""

    def explain(self) -> str:
        what = f" ({self.name})" if self.name else ""
        conv = " in place of its main action" if self.converted else ""
        free = ", not counted" if not self.counted else ""
        label = _LABELS.get(self.kind, self.kind)
        article = "an" if label[:1].lower() in "aeiou" else "a"
        return f"{self.creature} uses {article} {label}{what}{conv}{free}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class MovementSpent(Event):
    """Movement granted by a move spent in one piece; ``left`` remains for this turn."""

    creature: str
    squares: int
    left: int
    unit: str = "squares"

    def explain(self) -> str:
        return f"{self.creature} moves {self.squares} {self.unit} ({self.left} left){cite(self.rules)}"


make_action_used = maker(ActionUsed)
"""``ActionUsed(...)`` for the turn's hot paths (:func:`~brawl.events.base.maker`)."""
make_movement_spent = maker(MovementSpent)
"""``MovementSpent(...)`` for the turn's hot paths (:func:`~brawl.events.base.maker`)."""


@attrs.frozen(kw_only=True)
class Passed(Event):
    """A faction passed its go (zone game); ``forced`` when it had nobody left to act."""

    faction: str
    forced: bool
    consecutive: int

    def explain(self) -> str:
        why = "must pass" if self.forced else "passes"
        return f"{self.faction} {why} ({self.consecutive} consecutive){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ReactionTaken(Event):
    """A character reacted to an attack out of sequence (zone game)."""

    creature: str
    attack: str
    uses_turn: bool = True

    def explain(self) -> str:
        turn = ", using its turn for the round" if self.uses_turn else ""
        return f"{self.creature} reacts to attack {self.attack}{turn}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class Surrendered(Event):
    """A character spent its turn to surrender (Z-SURR-01)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} surrenders; its turn is spent{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ResumedFighting(Event):
    """A surrendered character harmed by the enemy fights again (Z-SURR-01)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} was harmed while surrendering and fights again{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class MoraleCheckDue(Event):
    """A group (or a lone character) must check morale at the end of the round (Z-MORALE-01)."""

    group: str
    faction: str
    members: tuple[str, ...]
    kind: str
    """"group": numbers fell to half or less; "lone": health fell to half or less."""
    original: int
    before: int
    now: int

    def explain(self) -> str:
        what = "numbers" if self.kind == "group" else "health"
        return (
            f"morale check due for {self.group} ({self.faction}): {what} {self.before} → {self.now} "
            f"of {self.original}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class MoraleChecked(Event):
    """The result of a group morale check: who passed and who must surrender or retreat."""

    group: str
    passed: tuple[str, ...]
    failed: tuple[str, ...]

    def explain(self) -> str:
        return (
            f"morale of {self.group}: passed {_ids(self.passed)}; must surrender or retreat "
            f"{_ids(self.failed)}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class BreathHeld(Event):
    """A submerged creature held its breath for another round (DS-ENV-03)."""

    creature: str
    rounds: int
    limit: int

    def explain(self) -> str:
        return f"{self.creature} holds its breath: round {self.rounds} of {self.limit}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class Suffocating(Event):
    """A creature out of breath takes 1d6 damage at the end of the round (DS-ENV-04)."""

    creature: str
    rounds: int
    limit: int
    roll: int

    def explain(self) -> str:
        return (
            f"{self.creature} is out of breath ({self.rounds} rounds held, limit {self.limit}): "
            f"takes {self.roll} damage{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class BreathRecovered(Event):
    """A creature no longer submerged breathes again; its count starts over (DS-ENV-03)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} breathes again{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class CombatEnded(Event):
    """Combat ended (DS-END-01); the turn state is cleared."""

    round: int

    def explain(self) -> str:
        return f"combat ends after round {self.round}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class CriticalHit(Event):
    """A natural 19 or 20 on an ability roll made with a main action: the creature may take an
    extra main action at once, even off its turn, even dazed, even with a lower tier taken
    (RB-CRIT-01..05); a Draw Steel combat keeps it for the creature until it lapses (R-TURN-10)."""

    creature: str
    ability: str
    """The ability rolled for ("Free Strike" for a free strike)."""
    natural: int
    """The two d10 faces added: 19 or 20."""

    def explain(self) -> str:
        return (
            f"{self.creature}: natural {self.natural} on {self.ability}, a critical hit: it may take an "
            f"extra main action at once{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class TriggerReported(Event):
    """Something happened that triggered actions answer (DS-TURN-05, R-TURN-12): ``creature`` did
    it to ``targets``; ``answering``: the creatures with a triggered ability whose trigger matches."""

    trigger: str
    creature: str | None = None
    targets: tuple[str, ...] = ()
    answering: tuple[str, ...] = ()

    def explain(self) -> str:
        who = f" by {self.creature}" if self.creature else ""
        to = f" to {', '.join(self.targets)}" if self.targets else ""
        may = f"{_ids(self.answering)} may answer" if self.answering else "no triggered ability answers"
        return f"{self.trigger!r}{who}{to}: {may}{cite(self.rules)}"
