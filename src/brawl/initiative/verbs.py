"""The rule calls of the initiative game: one verb per request record, by :func:`brawl.actions.verb`.

``brawl.initiative.verbs.hold_action(state, "bo", action="shoot", trigger="the door opens")`` is
``brawl.apply(state, HoldAction("bo", "shoot", "the door opens"))``. Whether a request would be
accepted is :func:`brawl.actions.can` (or :func:`brawl.actions.verify`, which raises the rule's
error) on the record itself. A held action's trigger is reported with :func:`brawl.verbs.report_trigger`,
the verb every game with triggers shares.
"""

from __future__ import annotations

from brawl.actions import verb
from brawl.initiative.game import StartInitiativeCombat
from brawl.initiative.hold import HoldAction, UseHeldAction
from brawl.initiative.move import InitiativeMove

__all__ = ["hold_action", "initiative_move", "start_initiative_combat", "use_held_action"]

start_initiative_combat = verb(StartInitiativeCombat)
"""Roll initiative, d10 + stat, highest first, and start combat (I-INIT-01..03, R-I-2)."""
hold_action = verb(HoldAction)
"""Hold the Action or the Fast Action with a declared action and trigger (I-HOLD-01, I-HOLD-02)."""
use_held_action = verb(UseHeldAction)
"""Use the held action once its trigger happened, out of sequence, once (I-HOLD-03, R-I-1)."""
initiative_move = verb(InitiativeMove)
"""Walk, strafing next to the enemies, or disengage (I-DIS-01, I-DIS-02, I-TURN-04)."""
