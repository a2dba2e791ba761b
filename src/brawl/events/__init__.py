"""Typed events. Each rules area defines its events in a module of this package."""

from brawl.events.base import DiceRolled, Event, Note, cite, explain

__all__ = ["DiceRolled", "Event", "Note", "cite", "explain"]
