"""The games other than Draw Steel ride in the encounter by name: a registry of their slots.

A game (the zone game, say) registers its state's type and its consistency check when its model
is imported (:func:`register_ruleset`); :attr:`brawl.state.Encounter.games` then holds that state
under the game's name, and a saved encounter writes it under the same name. The core model knows
no game by name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

import attrs
import immutables

from brawl.errors import ArgumentTypeError, StateError


@attrs.frozen
class Ruleset:
    """A game whose state rides in :attr:`Encounter.games` under its name (its own map and
    character sheets, say): the type of that state and its consistency check."""

    name: str
    """The key of the game's state in :attr:`Encounter.games` and in a saved encounter."""
    kind: type
    """The type of the game's state; JSON writes and reads it field by field under :attr:`name`."""
    check: Callable[[Any, Collection[str]], None]
    """``check(game_state, creature_ids)`` raises :class:`StateError` unless the game's state fits
    the encounter's creatures."""


RULESETS: dict[str, Ruleset] = {}
"""The registered games by name (:func:`register_ruleset`)."""


def register_ruleset(name: str, kind: type, *, check: Callable[[Any, Collection[str]], None]) -> Ruleset:
    """Give the game ``name`` its slot in :attr:`Encounter.games`: a state of type ``kind``, checked
    against the encounter's creature ids by ``check``. A game registers itself when its model is
    imported; registering the same name again replaces the entry."""
    if not isinstance(name, str) or not name:
        raise ArgumentTypeError(f"register_ruleset: name {name!r} is not a non-empty string", rule=())
    if not isinstance(kind, type) or not callable(check):
        raise ArgumentTypeError(
            f"register_ruleset({name!r}): a type and a check function are needed", rule=()
        )
    found = RULESETS[name] = Ruleset(name, kind, check)
    return found


def check_game(name: object, value: object, creatures: Collection[str]) -> None:
    """``value`` is the state of the registered game ``name`` and fits the creature ids."""
    ruleset = RULESETS.get(name) if isinstance(name, str) else None
    if ruleset is None:
        raise StateError(f"games: {name!r} is no registered game (known: {sorted(RULESETS)})")
    if not isinstance(value, ruleset.kind):
        raise StateError(f"games[{name!r}] {value!r:.60}: a {ruleset.kind.__name__} is needed")
    ruleset.check(value, creatures)


def games_field(value: Any) -> immutables.Map[str, Any]:
    """The ``games`` converter: game name to that game's state (None entries dropped)."""
    if isinstance(value, immutables.Map):
        return value
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(
            f"games {value!r:.60}: a mapping of game name to its state is needed, not {type(value).__name__}",
            rule=(),
        )
    return immutables.Map({k: v for k, v in value.items() if v is not None})


__all__ = ["RULESETS", "Ruleset", "check_game", "games_field", "register_ruleset"]
