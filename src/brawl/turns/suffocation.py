"""Holding breath and suffocating at the end of each combat round (DS-ENV-03, DS-ENV-04, AMB-48).

A creature fully submerged at the end of a round has held its breath one more round
(``Creature.breath_held``, counted from the round it starts holding). It can hold for its Might
score in rounds, at least 1 (DS-ENV-03); at the end of each round after that it takes 1d6
deal_damage (DS-ENV-04). A creature that is no longer submerged breathes again and its count starts
over. Every creature needs air unless the caller lists it in ``breathes_water``: the text
makes no exception for swimmers (DS-ENV-03).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from brawl.creature import Creature
from brawl.dice import roll_die
from brawl.events.turns import BreathHeld, BreathRecovered, Suffocating
from brawl.outcome import Outcome
from brawl.rules.damage import deal_damage
from brawl.state import Encounter
from brawl.turns.base import check_ids

MIN_BREATH_ROUNDS = 1  # DS-ENV-03: Might score in rounds, minimum 1 round
SUFFOCATION_DIE = 6  # DS-ENV-04: 1d6 damage at the end of each round after that


def breath_limit(c: Creature) -> int:
    """Rounds a creature can hold its breath in combat: its Might, at least 1 (DS-ENV-03)."""
    return max(MIN_BREATH_ROUNDS, c.characteristics.might)


def needs_air(c: Creature, breathes_water: Collection[str] | None = None) -> bool:
    """Whether the creature must hold its breath under water: all do but those listed (DS-ENV-03)."""
    return breathes_water is None or c.id not in breathes_water


def breath_minutes(c: Creature) -> int:
    """Minutes a creature can hold its breath out of combat: its Might score (DS-ENV-05).

    The text gives no minimum here (unlike the 1 round in combat); a Might of 0 or less means
    it runs out of air at once and counts as in stressful conditions (AMB-48, R-ENV-1).
    """
    return max(0, c.characteristics.might)


def suffocation(
    state: Encounter,
    *,
    rolls: Mapping[str, int] | None = None,
    breathes_water: Collection[str] | None = None,
) -> Outcome:
    """The end-of-round breath count and 1d6 suffocation deal_damage (DS-ENV-03, DS-ENV-04, AMB-48).

    ``rolls={id: d6}`` are the caller's dice (missing ones come from the RNG);
    ``breathes_water`` lists the creatures that need no air (None: every creature needs air).
    """
    given = dict(rolls or {})
    check_ids(state, given, "suffocation rolls")
    water = None if breathes_water is None else set(check_ids(state, breathes_water, "breathes_water"))
    out = Outcome(state, ())
    for c in state.creature_list():
        if c.dead:
            continue
        current = out.state.creature(c.id)
        if current.dead:
            continue
        submerged = out.state.terrain.is_submerged(current.pos, current.n)
        if not submerged or not needs_air(current, water):
            if current.breath_held:
                out = out.add(
                    BreathRecovered(creature=c.id, rules=("DS-ENV-03",)),
                    state=out.state.update_creature(c.id, breath_held=0),
                )
            continue
        held = current.breath_held + 1
        limit = breath_limit(current)
        st = out.state.update_creature(c.id, breath_held=held)
        if held <= limit:
            out = out.add(
                BreathHeld(creature=c.id, rounds=held, limit=limit, rules=("DS-ENV-03", "AMB-48")), state=st
            )
            continue
        value, st, die = roll_die(
            st,
            SUFFOCATION_DIE,
            given.get(c.id),
            purpose="suffocation 1d6",
            creature=c.id,
            rules=("DS-ENV-04",),
        )
        out = out.add(
            die,
            Suffocating(creature=c.id, rounds=held, limit=limit, roll=value, rules=("DS-ENV-04", "AMB-48")),
            state=st,
        )
        out = out.then(deal_damage, c.id, value, rules=("DS-ENV-04",))
    return out
