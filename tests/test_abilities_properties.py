"""Properties of abilities: the JSON round trip of any ability, and use_ability's invariants on
random encounters: its check agrees with the rule, one roll for all targets, tiers 1 to 3 and
never above the roll, the cost paid exactly (R-ABIL-1, RB3-MULTI, RB3-DOWNGRADE, R-ABIL-8)."""

from __future__ import annotations

import attrs
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import brawl
from brawl import strategies
from brawl.abilities.model import Ability
from brawl.errors import RulesError
from brawl.events.abilities import ResourceSpent, TierReached
from brawl.events.dice import PowerRolled
from brawl.io.json import structure, unstructure
from brawl.rules.abilities import UseAbility, ability_targets
from brawl.state import Encounter
from brawl.turns.ability_deeds import ability_deeds


@settings(max_examples=60, deadline=None)
@given(st.lists(strategies.abilities(), max_size=3, unique_by=lambda a: a.name), st.integers(0, 9))
def test_any_creature_with_abilities_round_trips(abilities: list[Ability], heroic: int) -> None:
    """The model is JSON-ready: a creature with any abilities is saved and loaded exactly."""
    c = brawl.Creature(id="c", abilities=tuple(abilities), heroic_resource=heroic)
    assert structure(unstructure(c), brawl.Creature) == c


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.encounters(), strategies.abilities("Zap"), st.data())
def test_use_ability_agrees_with_its_check_and_keeps_its_invariants(
    enc: Encounter, ability: Ability, data: st.DataObject
) -> None:
    living = [c for c in enc.creature_list() if not c.dead]
    if not living:
        return
    user = data.draw(st.sampled_from(living))
    if data.draw(st.booleans()):
        ability = attrs.evolve(ability, cost=None)
    enc = enc.with_creature(
        attrs.evolve(user, abilities=(ability,), heroic_resource=data.draw(st.integers(0, 6)))
    )
    ids = sorted([*enc.creatures, *enc.objects])
    near = sorted(
        ids,
        key=lambda i: brawl.distance(user.pos, user.n, (enc.objects.get(i) or enc.creature(i)).pos, 1),
    )
    targets = data.draw(
        st.sampled_from([(), tuple(near[1:2]), tuple(near[:2]), tuple(near[1:4])])
        | st.lists(st.sampled_from(ids), max_size=3, unique=True).map(tuple)
    )
    offset = st.builds(brawl.Pos, st.integers(-3, 3), st.integers(-3, 3), st.just(0))
    corner = data.draw(st.none() | offset.map(lambda o: user.pos + o))
    way = data.draw(st.none() | st.sampled_from([brawl.Pos(1, 0, 0), brawl.Pos(0, -1, 0)]))
    dice = data.draw(st.tuples(st.integers(1, 10), st.integers(1, 10)))
    request = UseAbility(user.id, "Zap", tuple(targets), dice, corner, way)
    allowed = brawl.can(enc, request)
    event(f"allowed: {allowed}")
    try:
        out = brawl.use_ability(enc, user.id, "Zap", targets=targets, dice=dice, origin=corner, direction=way)
    except RulesError:
        assert not allowed
        return
    assert allowed
    rolls = [e for e in out.events if isinstance(e, PowerRolled)]
    assert len({r.dice for r in rolls}) <= 1
    assert all(r.dice == dice for r in rolls)
    for t in (e for e in out.events if isinstance(e, TierReached)):
        assert 1 <= t.tier <= t.rolled <= 3
    spent = [e for e in out.events if isinstance(e, ResourceSpent)]
    before = enc.creature(user.id)
    free = (  # outside combat a hero short of the cost uses it once without spending (RB-HR-08)
        ability.cost is not None
        and ability.cost.resource == "heroic"
        and enc.turn is None
        and before.hero
        and before.heroic_resource < ability.cost.amount
    )
    if ability.cost is None or free:
        assert spent == []
    else:
        assert [(s.amount, s.resource) for s in spent] == [(ability.cost.amount, ability.cost.resource)]
        if ability.cost.resource == "heroic":
            assert (
                out.state.creature(user.id).heroic_resource
                == enc.creature(user.id).heroic_resource - ability.cost.amount
            )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.encounters(), strategies.abilities("Zap"), st.data())
def test_every_use_offered_is_accepted_and_finds_targets(
    enc: Encounter, ability: Ability, data: st.DataObject
) -> None:
    """R-ABIL-1, R-AREA-6: each use ability_deeds offers resolves without a refusal, and an offered
    area catches at least one target."""
    living = [c for c in enc.creature_list() if not c.dead]
    if not living:
        return
    user = data.draw(st.sampled_from(living))
    enc = enc.with_creature(attrs.evolve(user, abilities=(attrs.evolve(ability, cost=None),)))
    offered = ability_deeds(enc, user.id)
    event(f"offered: {min(len(offered), 3)}")
    for request in offered[:5]:
        assert isinstance(request, UseAbility)
        if ability.distance.kind in ("cube", "line"):
            assert ability_targets(enc, request)
        brawl.apply(enc, attrs.evolve(request, dice=(5, 5)))
