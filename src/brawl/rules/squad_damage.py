"""Damage to a minion squad's shared Stamina pool (RB-SQUAD-03..12, rulings R-SQUAD-1..3).

:func:`~brawl.rules.damage.deal_damage` sends here the damage a minion of a squad takes; the
pool's arithmetic is :func:`brawl.rules.squads.pool_loss`.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from brawl.events.base import Event
from brawl.events.squads import SquadPoolChanged
from brawl.outcome import Outcome
from brawl.rules.squads import PoolLoss
from brawl.rules.stamina import store_stamina
from brawl.state import Encounter


def lose_from_pool(state: Encounter, loss: PoolLoss, events: Sequence[Event] = ()) -> Outcome:
    """Store the members' Stamina of ``loss``; ``events`` (the damage), then the pool's change,
    then each death with what follows it, as :func:`~brawl.rules.stamina.store_stamina` tells it
    (RB-SQUAD-06, RB-SQUAD-08)."""
    out = Outcome(state, events)
    out = out.add(
        SquadPoolChanged(
            squad=loss.squad,
            before=loss.before,
            after=loss.after,
            minion_stamina=loss.minion_stamina,
            hit=loss.hit,
            died=loss.died,
            rules=loss.rules,
        )
    )
    creatures = state.creatures
    for cid, stamina in loss.stamina.items():
        old = creatures[cid]
        dies = cid in loss.died
        if stamina == old.stamina and not dies:
            continue
        new = attrs.evolve(old, stamina=stamina, dead=dies)
        cause = f"its squad's Stamina pool fell to {loss.after}" if dies else ""
        out = out.then(
            store_stamina, old, new, cause=cause, death_rules=("RB-SQUAD-06", "RB-SQUAD-08") if dies else ()
        )
    return out
