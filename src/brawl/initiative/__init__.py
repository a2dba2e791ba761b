"""The d10 initiative game: d10 + a stat, highest first, one Action, one Fast Action and one Move.

Its bookkeeping lives in :mod:`brawl.initiative.state` and its events in
:mod:`brawl.initiative.events` (the model); its rules in :mod:`brawl.initiative.activities` (the
turn's three activities), :mod:`brawl.initiative.hold` (held actions) and
:mod:`brawl.initiative.move` (walking away from enemies); its turn system in
:mod:`brawl.initiative.game`, with the report of a held action's trigger in
:mod:`brawl.initiative.triggers` and what may be done on a turn in :mod:`brawl.initiative.deeds`;
its verbs, one per request record, in :mod:`brawl.initiative.verbs`. This package file imports
nothing, so that the bookkeeping can be loaded without the rules.
"""
