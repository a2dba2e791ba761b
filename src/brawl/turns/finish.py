"""The dramatic finish: the Director ends a battle early and each hero takes one enemy out (DS-END-02).

It ends combat when combat is running, so it sits above the turn systems.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from brawl.creature import HEROES
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.stealth import DramaticFinish
from brawl.outcome import Outcome
from brawl.state import Encounter
from brawl.turns.base import close_combat


def default_finish(state: Encounter) -> dict[str, tuple[str, ...]]:
    """Each living hero's share of the remaining enemies: enemies dealt round the heroes in order,
    and when heroes outnumber enemies, heroes dealt round the enemies (DS-END-02)."""
    heroes = [c.id for c in state.living() if c.side == HEROES and c.hero]
    enemies = [c.id for c in state.living() if c.side != HEROES]
    if not heroes or not enemies:
        return {}
    share: dict[str, list[str]] = {h: [] for h in heroes}
    if len(heroes) > len(enemies):
        for i, h in enumerate(heroes):
            share[h].append(enemies[i % len(enemies)])
    else:
        for i, e in enumerate(enemies):
            share[heroes[i % len(heroes)]].append(e)
    return {h: tuple(es) for h, es in share.items()}


def dramatic_finish(
    state: Encounter, *, assignment: Mapping[str, Iterable[str]] | None = None, end: bool = True
) -> Outcome:
    """The dramatic finish: the Director assigns each hero one or more remaining enemies, more than
    one hero per enemy when heroes outnumber them; after the descriptions the battle ends (DS-END-02).

    ``assignment`` maps each living hero to its enemies (default :func:`default_finish`); every
    remaining enemy must be assigned (R-END-1). ``end``: also end combat (:func:`brawl.end_combat`)
    when a turn system is running.
    """
    heroes = [c.id for c in state.living() if c.side == HEROES and c.hero]
    enemies = [c.id for c in state.living() if c.side != HEROES]
    if not heroes or not enemies:
        raise ActionUnavailableError(
            f"dramatic finish: {len(heroes)} living heroes and {len(enemies)} remaining enemies",
            rule="DS-END-02",
        )
    if assignment is None:
        chosen = default_finish(state)
    else:
        if not isinstance(assignment, Mapping):
            raise InvalidArgumentError(
                f"assignment {assignment!r}: a mapping of hero to enemies", rule="DS-END-02"
            )
        chosen = {}
        for h, es in assignment.items():
            if isinstance(es, str):
                raise InvalidArgumentError(f"enemies of {h!r} {es!r}: a list of ids", rule="DS-END-02")
            try:
                chosen[h] = tuple(dict.fromkeys(es))
            except TypeError:
                raise InvalidArgumentError(
                    f"enemies of {h!r} {es!r}: a list of ids", rule="DS-END-02"
                ) from None
    if set(chosen) != set(heroes):
        raise InvalidArgumentError(
            f"dramatic finish: the assignment names {sorted(map(str, chosen))}; living heroes: {heroes}",
            rule="DS-END-02",
        )
    for h in heroes:
        es = chosen[h]
        if not es:
            raise InvalidArgumentError(f"dramatic finish: {h!r} is assigned no enemy", rule="DS-END-02")
        for e in es:
            if e not in enemies:
                raise InvalidArgumentError(
                    f"dramatic finish: {e!r} assigned to {h!r} is not a remaining enemy", rule="DS-END-02"
                )
    covered = {e for es in chosen.values() for e in es}
    if covered != set(enemies):
        left = [e for e in enemies if e not in covered]
        raise InvalidArgumentError(
            f"dramatic finish: no hero is assigned {left}", rule=("DS-END-02", "R-END-1")
        )
    event = DramaticFinish(assignment=tuple((h, chosen[h]) for h in heroes), rules=("DS-END-02", "R-END-1"))
    out = Outcome(state, (event,))
    if end and state.turn is not None:
        out = out.then(close_combat)
    return out


__all__ = ["default_finish", "dramatic_finish"]
