"""The rule calls of the zone game: one verb per request record, derived by :func:`brawl.actions.verb`.

The record is the one declaration of a rule's inputs (its fields, defaults, checks and rule IDs)
and its docstring is the rule's. The verb takes the record's fields, builds it and applies it:
``brawl.zone.verbs.zone_move(state, "kira", ["road"])`` is
``brawl.apply(state, brawl.zone.move.ZoneMove("kira", ["road"]))``. Whether a request would be
accepted is :func:`brawl.can` (or :func:`brawl.verify`, which raises the rule's error) on the
record itself.
"""

from __future__ import annotations

from brawl.actions import verb
from brawl.zone.attack import ZoneAttack, ZoneDeathBlow
from brawl.zone.game import PassTurn, Surrender
from brawl.zone.move import ZoneMove
from brawl.zone.procedures import (
    ZoneBreakFree,
    ZoneChase,
    ZoneConceal,
    ZoneDismount,
    ZoneDurability,
    ZoneFreeAlly,
    ZoneMount,
    ZonePickUp,
    ZoneReveal,
)
from brawl.zone.react import (
    ZoneAnswerStunt,
    ZoneCounter,
    ZoneDodge,
    ZoneGuard,
    ZoneHideBehind,
    ZoneProposeStunt,
)
from brawl.zone.reactions import React, ResumeFighting
from brawl.zone.resolve import ZoneResolve

# --- attacks, stunts, reactions and damage ----------------------------------------------------------
zone_attack = verb(ZoneAttack)
"""Declare an attack as a main action; a hit waits for stunts and reactions (Z-ATK-01)."""
zone_death_blow = verb(ZoneDeathBlow)
"""Kill a nearby incapacitated character, as a main action (Z-ATK-04)."""
zone_propose_stunt = verb(ZoneProposeStunt)
"""Propose an effect instead of the pending attack's damage (Z-STUNT-01)."""
zone_answer_stunt = verb(ZoneAnswerStunt)
"""Accept or refuse the proposed stunt (Z-STUNT-01)."""
zone_dodge = verb(ZoneDodge)
"""Dodge the pending attack with an AGI save (Z-REACT-04)."""
zone_counter = verb(ZoneCounter)
"""Counter the pending attack with an attack on the attacker (Z-REACT-05)."""
zone_hide_behind = verb(ZoneHideBehind)
"""Make a nearby ally or a grabbed enemy the target instead, swapping places (Z-REACT-08)."""
zone_guard = verb(ZoneGuard)
"""Become the target of the pending attack instead of a nearby character (Z-REACT-09)."""
zone_resolve = verb(ZoneResolve)
"""Roll the pending attack's damage, and any counter's, and apply it (Z-ATK-02, Z-REACT-06)."""

# --- moving, mounts, chases, gear and sneaking ---------------------------------------------------------
zone_move = verb(ZoneMove)
"""Move through bordering zones (Z-TURN-09, Z-REACT-10)."""
zone_break_free = verb(ZoneBreakFree)
"""Spend the whole turn on a STR save to break free (Z-NL-06)."""
zone_free_ally = verb(ZoneFreeAlly)
"""A main action and a STR save to free a grabbed ally (Z-NL-07)."""
zone_pick_up = verb(ZonePickUp)
"""Pick up a weapon lying in the zone, a bonus action (Z-TURN-12, Z-NL-03)."""
zone_reveal = verb(ZoneReveal)
"""Reveal a concealed character (Z-SNEAK-03)."""
zone_conceal = verb(ZoneConceal)
"""Hide again after a while out of sight (Z-SNEAK-03)."""
zone_mount = verb(ZoneMount)
"""Get on a mount, half a zone of movement (Z-MOUNT-01)."""
zone_dismount = verb(ZoneDismount)
"""Get off a mount, half a zone of movement (Z-MOUNT-01)."""
zone_durability = verb(ZoneDurability)
"""After a fight, a durability roll for each weapon and armour used (Z-GEAR-01, R-Z-10)."""
zone_chase = verb(ZoneChase)
"""A long chase: the fleeing make a group AGI save, pass to escape (Z-CHASE-01)."""

# --- the round: reactions out of sequence, surrendering, passing --------------------------------------
react = verb(React)
"""React to an attack out of sequence, the character's turn for the round (Z-TURN-11, R-Z-3)."""
resume_fighting = verb(ResumeFighting)
"""A surrendered character harmed by the enemy fights again (Z-SURR-01)."""
surrender = verb(Surrender)
"""Spend a turn surrendering (Z-SURR-01)."""
pass_turn = verb(PassTurn)
"""The faction whose go it is passes (Z-TURN-02, Z-TURN-04, Z-TURN-08)."""

__all__ = [
    "pass_turn",
    "react",
    "resume_fighting",
    "surrender",
    "zone_answer_stunt",
    "zone_attack",
    "zone_break_free",
    "zone_chase",
    "zone_conceal",
    "zone_counter",
    "zone_death_blow",
    "zone_dismount",
    "zone_dodge",
    "zone_durability",
    "zone_free_ally",
    "zone_guard",
    "zone_hide_behind",
    "zone_mount",
    "zone_move",
    "zone_pick_up",
    "zone_propose_stunt",
    "zone_resolve",
    "zone_reveal",
]
