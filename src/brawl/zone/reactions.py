"""The zone game's reactions and surrendered characters fighting again (Z-TURN).

A reaction is the character's turn taken out of sequence (Z-TURN-11, Z-REACT-11, R-Z-3), never
twice to one attack (Z-REACT-03) and not when unaware of the attacker (Z-REACT-02); a
surrendered character harmed by the enemy fights again (Z-SURR-01).
"""

from __future__ import annotations

import attrs

from brawl.errors import ActionUnavailableError, InvalidArgumentError, TurnOrderError
from brawl.events.turns import ReactionTaken, ResumedFighting
from brawl.fields import flag, text
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter
from brawl.zone.turnstate import turn_of

__all__ = ["React", "ResumeFighting"]


@attrs.frozen
class React(Action):
    """React to ``attack`` out of sequence; the reaction is the character's turn (Z-TURN-11, R-Z-3).

    Never twice to one attack (Z-REACT-03); not if unaware of the attacker (Z-REACT-02); not
    after taking its turn (Z-REACT-11). ``uses_turn=False`` for a skill granting more reactions.
    """

    creature: str = attrs.field(validator=text())
    attack: str = attrs.field(validator=text())
    aware: bool = attrs.field(default=True, validator=flag())
    uses_turn: bool = attrs.field(default=True, validator=flag())

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` may react to ``attack`` now (Z-TURN-11, Z-REACT-02, -03, -11, R-Z-3)."""
        creature, attack, aware, uses_turn = self.creature, self.attack, self.aware, self.uses_turn
        t = turn_of(state)
        c = state.creature(creature)
        if not isinstance(attack, str) or not attack:
            raise InvalidArgumentError(f"attack {attack!r}: an attack id", rule="Z-REACT-03")
        if c.dead:
            raise ActionUnavailableError(f"{creature} reacts: the character is dead", rule="Z-REACT-11")
        if t.round_over:
            raise TurnOrderError(f"{creature} reacts: the round is over", rule="Z-TURN-04")
        if not aware:
            raise ActionUnavailableError(
                f"{creature} reacts: it is unaware of its attacker", rule="Z-REACT-02"
            )
        if (creature, attack) in t.reactions:
            raise ActionUnavailableError(
                f"{creature} reacts to {attack!r}: it already reacted to that attack", rule="Z-REACT-03"
            )
        if uses_turn and (creature in t.acted or creature in t.current):
            raise ActionUnavailableError(
                f"{creature} reacts: it already took its turn this round", rule=("Z-REACT-11", "R-Z-3")
            )

    def resolve(self, state: Encounter) -> Outcome:
        creature, attack, uses_turn = self.creature, self.attack, self.uses_turn
        self.verify(state)
        t = turn_of(state)
        new = attrs.evolve(
            t,
            reactions=t.reactions | {(creature, attack)},
            acted=t.acted | {creature} if uses_turn else t.acted,
            reserved=t.reserved - {creature} if uses_turn else t.reserved,
        )
        rules = ("Z-TURN-11", "Z-REACT-11", "R-Z-3", "Z-REACT-03") if uses_turn else ("Z-REACT-03",)
        return Outcome(
            state.with_turn(new),
            (ReactionTaken(creature=creature, attack=attack, uses_turn=uses_turn, rules=rules),),
        )


@attrs.frozen
class ResumeFighting(Action):
    """A surrendered character harmed by the enemy fights again (Z-SURR-01)."""

    creature: str = attrs.field(validator=text())

    def verify(self, state: Encounter) -> None:
        """Raise unless ``creature`` has surrendered (Z-SURR-01)."""
        creature = self.creature
        t = turn_of(state)
        state.creature(creature)
        if creature not in t.surrendered:
            raise InvalidArgumentError(
                f"{creature} resumes fighting: it has not surrendered", rule="Z-SURR-01"
            )

    def resolve(self, state: Encounter) -> Outcome:
        creature = self.creature
        self.verify(state)
        t = turn_of(state)
        new = attrs.evolve(t, surrendered=t.surrendered - {creature})
        return Outcome(state.with_turn(new), (ResumedFighting(creature=creature, rules=("Z-SURR-01",)),))
