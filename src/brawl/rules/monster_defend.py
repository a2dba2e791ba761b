"""Defending monsters: a Director creature takes the Defend main action only if it has not used a
main action this turn (RB-MDEF-01), and takes no other main action afterwards (RB-MDEF-02).

The main action looked at is the turn's own (its economy); an extra main action held from a
critical hit or Solo Action is refused once the creature defends, while the Defend lasts
(R-DIR-9). Heroes Defend as the Combat chapter says (DS-ACT-19).
"""

from __future__ import annotations

from brawl.conditions import EffectKind
from brawl.creature import DIRECTOR, Creature
from brawl.errors import ActionUnavailableError
from brawl.state import Encounter

__all__ = ["check_monster_defend", "defending_monster"]


def _monster(c: Creature) -> bool:
    return c.side == DIRECTOR and not c.hero


def defending_monster(c: Creature) -> bool:
    """Whether ``c`` is a Director creature whose own Defend lasts: it takes no other main action
    (RB-MDEF-02)."""
    return _monster(c) and any(e.kind is EffectKind.DEFENDING and e.source == c.id for e in c.effects)


def check_monster_defend(state: Encounter, creature: str) -> None:
    """Raise if the Director creature ``creature`` already used its turn's main action, as itself
    or converted (RB-MDEF-01, R-DIR-9); nothing for a hero or off its turn."""
    c = state.creature(creature)
    if not _monster(c) or getattr(state.turn, "current", None) != creature:
        return
    economy = getattr(state.turn, "economy", None)  # a Draw Steel turn's economy keeps the slot
    if getattr(economy, "main_slot_used", False):
        raise ActionUnavailableError(
            f"Defend by {creature!r}: a monster defends only before using a main action this turn",
            rule=("RB-MDEF-01", "R-DIR-9"),
        )
