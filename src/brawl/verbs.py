"""The rule calls of Draw Steel: one verb per request record, derived by :func:`brawl.actions.verb`.

The record is the one declaration of a rule's inputs (its fields, defaults, checks, rule IDs and
what it costs the turn). The verb takes the record's fields, builds it and applies it:
``brawl.move(state, "kira", path)`` is ``brawl.apply(state, brawl.Move("kira", path))``, with the
same turn spending and the same settling of consequences. Whether a request would be accepted is
:func:`brawl.can` (or :func:`brawl.verify`, which raises the rule's error) on the record itself.
"""

from __future__ import annotations

from brawl.actions import verb as verb
from brawl.rules.digging import ClawDirt, Dig, PullUp
from brawl.rules.falling import Fall
from brawl.rules.forced import Pull, Push, Slide
from brawl.rules.jumping import Jump
from brawl.rules.movement import Disengage, Move, Shift
from brawl.rules.prone import FallProne, StandUp
from brawl.rules.riders import FallOff, KnockOff
from brawl.rules.riding import ClimbCreature, Ride
from brawl.rules.teleport import Teleport
from brawl.turns.deeds import Advance

# --- damage, Stamina, conditions, recoveries, strikes, maneuvers, stealth, abilities ---------------
# (one ``name = verb(Record)`` per request, each followed by a one-line docstring)


# --- movement, forced movement, falling, riding, digging ------------------------------------------
move = verb(Move)
"""Move a creature willingly along a path (R-MOVE-1, DS-MOVE-07)."""
advance = verb(Advance)
"""The Advance move action on its own turn, spending the turn's movement (DS-ACT-01, DS-TURN-02)."""
shift = verb(Shift)
"""Shift: move without provoking opportunity attacks (DS-MOVE-09..11)."""
disengage = verb(Disengage)
"""The Disengage move action: shift 1 square (DS-ACT-02)."""
teleport = verb(Teleport)
"""Teleport a creature (DS-TELE-01..09)."""
jump = verb(Jump)
"""A long jump as part of a move (DS-MTYPE-18..21, R-MOVE-6)."""
dig = verb(Dig)
"""The Dig maneuver of a burrower (DS-MTYPE-03..05)."""
claw_dirt = verb(ClawDirt)
"""Claw Dirt: a creature that can't burrow digs 1 square (DS-MTYPE-10)."""
pull_up = verb(PullUp)
"""Pull a willing adjacent burrower 1 square up (DS-MTYPE-09)."""
ride = verb(Ride)
"""The Ride move action: the mount carries its rider (DS-MOUNT-03, DS-MOUNT-04)."""
climb_creature = verb(ClimbCreature)
"""Climb onto a larger adjacent creature (DS-MTYPE-14, DS-MTYPE-15)."""
fall_prone = verb(FallProne)
"""Drop prone on purpose, as a free maneuver (DS-MTYPE-23)."""
stand_up = verb(StandUp)
"""The Stand Up maneuver (DS-ACT-15)."""
fall = verb(Fall)
"""Make a creature fall to what is below it (DS-FALL-01..09)."""
fall_off = verb(FallOff)
"""A rider knocked prone falls off its mount (DS-MTYPE-17)."""
knock_off = verb(KnockOff)
"""Resolve a rider's knock-off test by its tier (DS-MTYPE-16)."""
push = verb(Push)
"""Push a creature or object straight away from a source (DS-FORCE-02)."""
pull = verb(Pull)
"""Pull a creature or object straight toward a source (DS-FORCE-03)."""
slide = verb(Slide)
"""Slide a creature or object along a path (DS-FORCE-04)."""


# --- turns and rounds -------------------------------------------------------------------------------
# (one ``name = verb(Record)`` per request, each followed by a one-line docstring)
