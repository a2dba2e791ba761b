"""The resources of a Draw Steel combat as it starts, as rounds start and as it ends.

The Director's Malice: the heroes' average Victories at the start of combat (RB-MALICE-01), the
living heroes plus the round number at the start of each round (RB-MALICE-02), unspent Malice
lost at the end (RB-MALICE-03); the heroes' Victories as Heroic Resource at the start (RB-HR-04),
and their unspent Heroic Resource lost at the end (RB-HR-07).
"""

from __future__ import annotations

from collections.abc import Iterable

from brawl.checks import whole_number
from brawl.creature import Creature
from brawl.events.base import Note
from brawl.events.turns import MaliceGained
from brawl.fields import replaced
from brawl.outcome import Outcome
from brawl.rules.resources import gain_resource, named
from brawl.rules.surges import lose_surges
from brawl.state import Encounter
from brawl.turns.drawsteel_turn import DrawSteelTurn
from brawl.turns.drawsteel_turn import turn_of as _turn

MAX_MALICE = 10**6
"""Most Malice the Director may start a combat with."""


def check_starting_malice(malice: int, *, what: str = "starting malice", rule: str = "RB6-MALICE") -> None:
    """Check the Director's starting Malice (or the party's hero tokens): a whole number, 0 or
    more (RB6-MALICE, RB-TOKEN-05)."""
    whole_number(malice, 0, MAX_MALICE, what=what, rule=rule)


def round_malice(state: Encounter) -> Outcome:
    """The Director gains the number of living heroes plus the round number (RB6-MALICE)."""
    t = _turn(state)
    heroes = sum(1 for c in state.living() if c.hero)
    amount = heroes + state.round
    total = t.malice + amount
    return Outcome(
        state.with_turn(replaced(t, malice=total)), (malice_gained(heroes, state.round, amount, total),)
    )


def malice_gained(heroes: int, round: int, amount: int, total: int) -> MaliceGained:
    """The event of the Director's Malice gained at the start of a round (RB6-MALICE, RB-MALICE-02)."""
    return MaliceGained(
        amount=amount,
        total=total,
        reason=f"{heroes} living heroes + round {round}",
        rules=("RB6-MALICE", "RB-MALICE-02"),
    )


def starting_malice(state: Encounter) -> int:
    """The Director's Malice at the start of combat: the living heroes' average Victories, rounded
    down (RB-MALICE-01, R-EV-2); 0 without heroes. Five heroes with 3 Victories each: 3."""
    heroes = [c for c in state.living() if c.hero]
    return sum(c.victories for c in heroes) // len(heroes) if heroes else 0


def victories_to_resource(state: Encounter) -> Outcome:
    """Each living hero gains its Victories in Heroic Resource as combat starts (RB-HR-04)."""
    out = Outcome(state, ())
    for c in state.creature_list():
        if c.hero and not c.dead and c.victories:
            out = gain_resource(out, c.id, c.victories, ("RB-HR-04",))
    return out


def lose_resources(state: Encounter) -> Outcome:
    """At the end of combat the Director loses its unspent Malice (RB-MALICE-03) and each hero its
    unspent Heroic Resource (RB-HR-07)."""
    out = Outcome(state, ())
    t = state.turn
    if isinstance(t, DrawSteelTurn) and t.malice:
        out = out.add(
            Note(text=f"the Director loses {t.malice} unspent Malice", rules=("RB6-MALICE", "RB-MALICE-03")),
            state=state.with_turn(replaced(t, malice=0)),
        )
    out = out.then(lose_surges)
    for c in out.state.creature_list():
        if c.hero and c.heroic_resource:
            out = out.add(
                Note(text=_lost(c.id, c.heroic_resource, named(c) or "Heroic Resource"), rules=("RB-HR-07",)),
                state=out.state.update_creature(c.id, heroic_resource=0),
            )
    return out


def _lost(cid: str, held: int, name: str) -> str:
    """The note of a hero's Heroic Resource lost at the end of combat, or its negative clarity
    reset (RB-HR-07, RB-HR-16)."""
    if held > 0:
        return f"{cid} loses {held} unspent {name}"
    return f"{cid}'s negative {name} ({held}) resets to 0"


def heroes_pools(turn: DrawSteelTurn, living: Iterable[Creature], hero_tokens: int | None) -> DrawSteelTurn:
    """The new combat's bookkeeping with the party's hero tokens (None: one per hero, RB-TOKEN-05)
    and, when a living hero has a class, the class triggers looked for (RB-HR-09..17)."""
    classed = frozenset[str]() if any(c.hero and c.hero_class for c in living) else None
    return replaced(turn, hero_tokens=hero_tokens, resource_triggers=classed)
