"""The rule calls of Draw Steel: one verb per request record, derived by :func:`brawl.actions.verb`.

The record is the one declaration of a rule's inputs (its fields, defaults, checks, rule IDs and
what it costs the turn). The verb takes the record's fields, builds it and applies it:
``brawl.move(state, "kira", path)`` is ``brawl.apply(state, brawl.Move("kira", path))``, with the
same turn spending and the same settling of consequences. Whether a request would be accepted is
:func:`brawl.can` (or :func:`brawl.verify`, which raises the rule's error) on the record itself.
"""

from __future__ import annotations

from brawl.actions import verb as verb
from brawl.turns.records import EndCombat, EndRound, EndTurn, StartCombat, StartTurn, UseAction
from brawl.turns.triggers import ReportTrigger

# --- damage, Stamina, conditions, recoveries, strikes, maneuvers, stealth, abilities ---------------
# (one ``name = verb(Record)`` per request, each followed by a one-line docstring)


# --- movement, forced movement, falling, riding, digging ------------------------------------------
# (one ``name = verb(Record)`` per request, each followed by a one-line docstring)


# --- turns and rounds -------------------------------------------------------------------------------
start_combat = verb(StartCombat)
"""Start combat under a turn system, with its choices (DS-SIDE-04..06, Z-TURN-06, I-INIT-01)."""
start_turn = verb(StartTurn)
"""Start a creature's turn (DS-SIDE-07..12, Z-TURN-02, I-TURN-01)."""
end_turn = verb(EndTurn)
"""End the current turn; Draw Steel's saving throws are made (DS-SIDE-08, RB2-SAVE)."""
end_round = verb(EndRound)
"""End the round once nobody is left to act and begin the next (DS-SIDE-11, R-TURN-4)."""
use_action = verb(UseAction)
"""Spend an action of a kind from the turn (DS-TURN-01..11, Z-TURN-09, I-TURN-02)."""
end_combat = verb(EndCombat)
"""End combat: the system's end-of-combat effects, then the turn state is cleared (DS-END-01)."""
report_trigger = verb(ReportTrigger)
"""Report what just happened, for the actions waiting on it (DS-TURN-05, R-TURN-12, I-HOLD-03)."""
