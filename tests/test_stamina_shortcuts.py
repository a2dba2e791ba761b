"""Stamina stored with the conditions it brings, and a condition imposed in one copy of its
creature, against the earlier, general code kept here unchanged.

A hero that becomes dying gets its bleeding in the same change as its Stamina (DS-STAM-06,
DS-STAM-07), where the general code stored the Stamina and then imposed the condition as
``impose_condition`` does; an unconscious creature is made prone in the same copy that makes it
unconscious (DS-COND-05). The events and the states must be the same for every creature and
encounter Hypothesis draws.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import Encounter
from brawl.conditions import ONE_SOURCE, Condition, ConditionName, Duration
from brawl.creature import Creature
from brawl.errors import RulesError
from brawl.events.base import Event
from brawl.events.conditions import ConditionGained
from brawl.events.damage import BecameDying, BecameWinded, Died, NoLongerDying, NoLongerWinded
from brawl.outcome import Outcome
from brawl.rules.conditions import (
    AddCondition,
    _check_add,
    _with_conditions,
    clear_condition,
    impose_condition,
    release_grabs,
)
from brawl.rules.squads import captain_lost
from brawl.rules.stamina import DYING, _death, store_stamina, with_stamina, would_die
from brawl.strategies import encounters

# -- the earlier, general code ------------------------------------------------------------------


def old_impose(state: Encounter, request: AddCondition) -> Outcome:
    _check_add(state, request)
    c = state.creature(request.creature)
    cond = Condition(
        ConditionName(request.name),
        Duration(request.duration),
        request.source,
        request.save_threshold,
        request.can_stand,
        request.voluntary,
    )
    replaced: Condition | None = None
    kept: list[Condition] = []
    for old in c.conditions:
        same = old.name is cond.name and (cond.name in ONE_SOURCE or old.source == cond.source)
        if same and old.duration is not Duration.WHILE_DYING:
            replaced = replaced or old
            continue
        kept.append(old)
    kept.append(cond)
    cited = [*request.rules, "RB1-STACKING"]
    if replaced is not None and replaced.source != cond.source:
        cited.append(f"RB1-{cond.name.value.upper()}")
    event = ConditionGained(
        creature=request.creature,
        condition=cond,
        replaced=replaced if replaced and replaced.source != cond.source else None,
        rules=tuple(dict.fromkeys(cited)),
    )
    out = Outcome(state.with_creature(_with_conditions(c, tuple(kept))), (event,))
    if cond.name is ConditionName.UNCONSCIOUS and not c.has(ConditionName.PRONE):
        prone = Condition(ConditionName.PRONE, Duration.UNTIL_REMOVED, cond.source)
        now = out.state.creature(request.creature)
        gained = ConditionGained(
            creature=request.creature, condition=prone, replaced=None, rules=("DS-COND-05", "RB1-STACKING")
        )
        out = out.add(gained, state=out.state.with_creature(_with_conditions(now, (*now.conditions, prone))))
    return out


def old_store_stamina(
    state: Encounter,
    old: Creature,
    new: Creature,
    events: Sequence[Event] = (),
    *,
    cause: str = "",
    death_rules: Sequence[str] = (),
) -> Outcome:
    state = state.with_creature(new)
    cid = new.id
    if new.dead and not old.dead:
        if not cause:
            cause, rules = _death(new)
            death_rules = (*death_rules, *rules)
        out = Outcome(
            state, (*events, Died(creature=cid, cause=cause, rules=tuple(dict.fromkeys(death_rules))))
        )
        if new.captain_of is not None:
            out = out.then(captain_lost, new)
        if not state.grabbed_by_me(cid):
            return out
        return out.then(release_grabs, cid, reason="its grabber died")
    was, now = old.is_winded, new.is_winded
    if was != now:
        changed: Event = (
            BecameWinded(creature=cid, rules=("DS-STAM-04", "R-STAM-1"))
            if now
            else NoLongerWinded(creature=cid, rules=("DS-STAM-04", "R-STAM-1"))
        )
        events = (*events, changed)
    was, now = old.is_dying, new.is_dying
    if was == now:
        return Outcome(state, tuple(events))
    if now:
        out = Outcome(state, (*events, BecameDying(creature=cid, rules=("DS-STAM-06", "R-STAM-1"))))
        bleeding = AddCondition(
            cid, ConditionName.BLEEDING, Duration.WHILE_DYING, DYING, rules=("DS-STAM-07",)
        )
        return out.then(old_impose, bleeding)
    out = Outcome(state, (*events, NoLongerDying(creature=cid, rules=("DS-STAM-06", "DS-STAM-07"))))
    return out.then(
        clear_condition,
        cid,
        ConditionName.BLEEDING,
        source=DYING,
        reason="no longer dying",
        rules=("DS-STAM-07",),
    )


def _same(mine: Outcome, theirs: Outcome) -> None:
    assert mine.events == theirs.events
    assert brawl.to_json(mine.state) == brawl.to_json(theirs.state)


# -- the tests -------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(encounters(min_creatures=1, max_creatures=3), st.data())
def test_stamina_stored_with_the_dying_heros_bleeding_matches_the_general_code(
    enc: Encounter, data: st.DataObject
) -> None:
    """DS-STAM-04, DS-STAM-06, DS-STAM-07: any creature of the encounter brought to any Stamina
    from twice below its death threshold to its maximum, with or without dying of it: the same
    events (winded, dying, the bleeding gained or ended, death) and the same state."""
    c = enc.creature(data.draw(st.sampled_from(enc.order)))
    stamina = data.draw(st.integers(-2 * c.winded_value - 2, c.stamina_max))
    dies = stamina < c.stamina and would_die(c, stamina)
    new = with_stamina(c, stamina, c.temporary_stamina, dies)
    _same(store_stamina(enc, c, new), old_store_stamina(enc, c, new))


@settings(max_examples=200, deadline=None)
@given(
    encounters(min_creatures=1, max_creatures=3),
    st.data(),
    st.sampled_from(list(ConditionName)),
    st.sampled_from(list(Duration)),
    st.sampled_from([None, "c0", "c1", "trap"]),
)
def test_a_condition_imposed_in_one_copy_matches_the_general_code(
    enc: Encounter, data: st.DataObject, name: ConditionName, duration: Duration, source: str | None
) -> None:
    """RB1-STACKING, DS-COND-05: any condition, duration and source on any creature: the same
    refusal, or the same events (the condition gained, prone with unconscious) and state."""
    cid = data.draw(st.sampled_from(enc.order))
    request = AddCondition(cid, name, duration, source)
    try:
        theirs = old_impose(enc, request)
    except RulesError as exc:
        refused = exc
    else:
        _same(impose_condition(enc, cid, name, duration, source=source), theirs)
        return
    with pytest.raises(type(refused)) as mine:
        impose_condition(enc, cid, name, duration, source=source)
    assert str(mine.value) == str(refused)
