"""The initiative game's turn system, importable here under its former name.

The game lives in its own package, :mod:`brawl.initiative` (its system is
:class:`brawl.initiative.game.InitiativeGame`); this module only keeps the name that
:mod:`brawl.turns.dispatch` imports for the types of ``start_combat``.
"""

from brawl.initiative.game import InitiativeGame

__all__ = ["InitiativeGame"]
