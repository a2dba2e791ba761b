"""Pluggable turn systems: Draw Steel sides, the zone game, the initiative game."""
