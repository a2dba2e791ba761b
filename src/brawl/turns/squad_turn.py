"""Minion squads in the Draw Steel turn: naming a captain, the shared turn's economy and the
squad's signature attack (RB-SQUAD-02, RB-SQUAD-13..18, RB-CAPT-01..06).

The pool and its deaths are :mod:`brawl.rules.squads`.
"""

from __future__ import annotations

import attrs

from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.squads import CaptainNamed
from brawl.fields import ident
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.squads import captain, members, with_benefits
from brawl.state import Encounter
from brawl.turns.drawsteel_turn import DrawSteelTurn


@attrs.frozen
class NameCaptain(Action):
    """Name a creature the captain of a minion squad (RB-CAPT-01, RB-CAPT-02, RB-CAPT-06).

    The captain is a living creature of the squad's side that is no minion and no mount (no
    creature rides it), and captains no other squad with living members; the squad has no
    standing captain. A squad whose captain was lost during combat takes a new one at the start
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
