"""The zone game as a ruleset of its own: zones instead of squares, its own character sheet and
its own attacks, reactions, cover, blasts, non-lethal attacks, sneaking, gear, size and mounts.

The records live in :mod:`brawl.zone.model`, the map queries in :mod:`brawl.zone.space`, the
attack pipeline in :mod:`brawl.zone.attack` and :mod:`brawl.zone.resolve`, the other procedures in
:mod:`brawl.zone.procedures`, the request records in :mod:`brawl.zone.records` and what may be
asked now in :mod:`brawl.zone.legal`. This package file imports nothing, so that the model can be
loaded by the encounter without the rules.
"""
