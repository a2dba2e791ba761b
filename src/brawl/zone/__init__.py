"""The zone game: zones instead of squares, its own character sheet and its own attacks,
reactions, cover, blasts, non-lethal attacks, sneaking, gear, size and mounts, its own round of
factions taking turns, and its files.

The records live in :mod:`brawl.zone.model` (with :func:`world` and :func:`with_world`, which
read and replace the zone game's state of an encounter), its events in :mod:`brawl.zone.events`,
the map queries in :mod:`brawl.zone.space`, the attack pipeline in :mod:`brawl.zone.attack` and
:mod:`brawl.zone.resolve`, the reactions in :mod:`brawl.zone.react` and
:mod:`brawl.zone.reactions`, moving in :mod:`brawl.zone.move`, the other procedures in
:mod:`brawl.zone.procedures`; the turn system in :mod:`brawl.zone.game` (its bookkeeping in
:mod:`brawl.zone.turnstate`, morale in :mod:`brawl.zone.morale`); what may be asked now in
:mod:`brawl.zone.legal`; the rule calls in :mod:`brawl.zone.verbs`; the JSON and scenario parts
in :mod:`brawl.zone.json` and :mod:`brawl.zone.scenario`. This package file imports only the
model and its JSON records, so that loading any part of the game registers its slot in the
encounter (:func:`brawl.state.register_ruleset`) and readies that slot's JSON.
"""

from brawl.zone.json import RECORDS
from brawl.zone.model import ZONE, with_world, world

__all__ = ["RECORDS", "ZONE", "with_world", "world"]
