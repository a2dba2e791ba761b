"""The rule calls of Draw Steel: one verb per request record, derived by :func:`brawl.actions.verb`.

The record is the one declaration of a rule's inputs (its fields, defaults, checks, rule IDs and
what it costs the turn). The verb takes the record's fields, builds it and applies it:
``brawl.move(state, "kira", path)`` is ``brawl.apply(state, brawl.Move("kira", path))``, with the
same turn spending and the same settling of consequences. Whether a request would be accepted is
:func:`brawl.can` (or :func:`brawl.verify`, which raises the rule's error) on the record itself.
"""

from __future__ import annotations

from brawl.actions import verb as verb

# --- damage, Stamina, conditions, recoveries, strikes, maneuvers, stealth, abilities ---------------
# (one ``name = verb(Record)`` per request, each followed by a one-line docstring)


# --- movement, forced movement, falling, riding, digging ------------------------------------------
# (one ``name = verb(Record)`` per request, each followed by a one-line docstring)


# --- turns and rounds -------------------------------------------------------------------------------
# (one ``name = verb(Record)`` per request, each followed by a one-line docstring)
