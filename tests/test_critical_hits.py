"""Critical hits: a natural 19 or 20 on a main action's ability roll grants an extra main action.

RB-CRIT-02: it happens on an ability roll made as a main action that comes up natural 19 or 20;
RB-CRIT-03: the creature may take an extra main action at once, even off its turn and even dazed;
RB-CRIT-04: never on a maneuver; RB-CRIT-01: a downgraded critical hit still grants it;
RB-CRIT-05: an opportunity attack (a free strike) off-turn can be one. R-TURN-10: the extra main
action is taken before the turn's own and lapses once anything else is spent or a turn begins or
ends.
"""

from __future__ import annotations

import pytest

import brawl
from brawl import Ability, Characteristics, Creature, Encounter, Terrain, parse_tier
from brawl.abilities.model import Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.events.base import Note
from brawl.events.turns import ActionUsed, CriticalHit
from brawl.rules.abilities import UseAbility
from brawl.turns.deeds import TakeAction
from brawl.turns.drawsteel import DrawSteelTurn
from brawl.turns.economy import TurnEconomy


def _roll(*tiers: str) -> AbilityPowerRoll:
    return AbilityPowerRoll(("might",), tiers=tuple(parse_tier(t) for t in tiers))


SLASH = Ability(
    "Slash", "main action", "signature", ("Melee", "Strike", "Weapon"),
    distance=Distance("melee", 1), target=Target("creature"),
    power_roll=_roll("1 damage", "2 damage", "3 damage"),
)  # fmt: skip
SHOVE = Ability(
    "Shove", "maneuver", None, ("Melee",),
    distance=Distance("melee", 1), target=Target("creature"),
    power_roll=_roll("1 damage", "2 damage", "3 damage"),
)  # fmt: skip


def fighters() -> Encounter:
    """Kira (Might 2, speed 5) at the west edge, an ogre with 60 Stamina adjacent to her east."""
    kira = Creature(
        id="kira", side="heroes", hero=True, stamina_max=30, speed=5, pos=(0, 0, 0),
        characteristics=Characteristics(might=2), abilities=(SLASH, SHOVE),
    )  # fmt: skip
    ogre = Creature(id="ogre", side="director", stamina_max=60, speed=5, pos=(1, 0, 0), abilities=(SLASH,))
    return Encounter.create(Terrain.flat(10, 10), [kira, ogre])


def kiras_turn(enc: Encounter | None = None) -> Encounter:
    enc, _ = brawl.start_combat(enc or fighters(), d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    return enc


def turn(enc: Encounter) -> DrawSteelTurn:
    assert isinstance(enc.turn, DrawSteelTurn)
    return enc.turn


def crits(events: tuple[object, ...]) -> list[CriticalHit]:
    return [e for e in events if isinstance(e, CriticalHit)]


@pytest.mark.parametrize(("dice", "natural"), [((9, 10), 19), ((10, 10), 20)])
def test_natural_19_and_20_on_a_main_action_grant_an_extra_main_action_rb_crit_02_03(
    dice: tuple[int, int], natural: int
) -> None:
    """RB-CRIT-02, RB-CRIT-03: natural 19 and 20 on the main action: a critical hit, one more main."""
    enc, events = brawl.use_ability(kiras_turn(), "kira", "Slash", targets=["ogre"], dice=dice)
    (crit,) = crits(events)
    assert (crit.creature, crit.ability, crit.natural) == ("kira", "Slash", natural)
    assert {"RB-CRIT-02", "RB-CRIT-03"} <= set(crit.rules)
    assert turn(enc).extra_main == frozenset({"kira"})
    assert brawl.actions.can(enc, brawl.UseAction("kira", "main"))
    enc, events = brawl.use_ability(enc, "kira", "Slash", targets=["ogre"], dice=(1, 1))
    (used,) = [e for e in events if isinstance(e, ActionUsed)]
    assert (used.kind, used.rules) == ("main", ("RB-CRIT-03", "R-TURN-10"))
    assert turn(enc).economy == TurnEconomy(main=1)  # the turn's own was spent once, by the crit
    assert not brawl.actions.can(enc, brawl.UseAction("kira", "main"))


def test_natural_18_is_no_critical_hit_rb_crit_02() -> None:
    """RB-CRIT-02: 9 + 9 = 18 is tier 3 by its total (18 + 2) but no critical hit."""
    enc, events = brawl.use_ability(kiras_turn(), "kira", "Slash", targets=["ogre"], dice=(9, 9))
    assert crits(events) == []
    assert turn(enc).extra_main == frozenset()
    assert not brawl.actions.can(enc, brawl.UseAction("kira", "main"))
    with pytest.raises(brawl.ActionUnavailableError, match="DS-TURN-01"):
        brawl.use_ability(enc, "kira", "Slash", targets=["ogre"], dice=(9, 9))


def test_a_maneuvers_natural_20_is_no_critical_hit_rb_crit_04() -> None:
    """RB-CRIT-04: a maneuver's ability roll of natural 20 grants nothing."""
    enc, events = brawl.use_ability(kiras_turn(), "kira", "Shove", targets=["ogre"], dice=(10, 10))
    assert crits(events) == []
    assert turn(enc).extra_main == frozenset()
    assert turn(enc).economy == TurnEconomy(maneuvers=1)


def test_a_dazed_creature_still_takes_the_extra_main_action_rb_crit_03() -> None:
    """RB-CRIT-03, RB1-DAZED: dazed, Kira takes one action a turn; a critical hit adds a second."""
    enc, _ = brawl.add_condition(kiras_turn(), "kira", "dazed")
    enc, _ = brawl.use_ability(enc, "kira", "Slash", targets=["ogre"], dice=(10, 9))
    assert brawl.actions.can(enc, brawl.UseAction("kira", "main"))
    assert not brawl.actions.can(
        enc, brawl.UseAction("kira", "maneuver")
    )  # RB1-DAZED: its one action is spent
    enc, _ = brawl.use_ability(enc, "kira", "Slash", targets=["ogre"], dice=(1, 1))
    assert not brawl.actions.can(enc, brawl.UseAction("kira", "main"))
    assert enc.creature("ogre").stamina == 60 - 3 - 1  # tier 3 (19 + 2), then tier 1 (2 + 2)


def test_a_downgraded_critical_hit_still_grants_the_extra_main_action_rb_crit_01() -> None:
    """RB-CRIT-01, RB3-DOWNGRADE: tier 1 taken on a natural 20 is still a critical hit."""
    enc, events = brawl.use_ability(
        kiras_turn(), "kira", "Slash", targets=["ogre"], dice=(10, 10), tiers={"ogre": 1}
    )
    (crit,) = crits(events)
    assert "RB-CRIT-01" in crit.rules
    assert enc.creature("ogre").stamina == 60 - 1
    assert brawl.actions.can(enc, brawl.UseAction("kira", "main"))


def test_an_opportunity_attacks_critical_hit_grants_a_main_action_off_turn_rb_crit_05() -> None:
    """RB-CRIT-05, RB-CRIT-03, DS-STRIKE-03: the ogre's opportunity attack on Kira's turn comes up
    natural 19; it takes an extra main action at once, on her turn, offered by legal_actions."""
    enc, _ = brawl.move(kiras_turn(), "kira", [(0, 1, 0)])
    spent = turn(enc).economy
    enc, events = brawl.free_strike(enc, "ogre", "kira", dice=(10, 9), opportunity=True)
    (crit,) = crits(events)
    assert (crit.creature, crit.ability, crit.natural) == ("ogre", "Free Strike", 19)
    assert "RB-CRIT-05" in crit.rules
    offered = brawl.legal_actions(enc, creature="ogre")
    assert UseAbility("ogre", "Slash", ("kira",)) in offered
    kinds = {a.kind if isinstance(a, TakeAction) else type(a).__name__ for a in offered}
    assert kinds == {"main", "UseAbility"}  # its main action only: no move, no maneuver
    with pytest.raises(brawl.TurnOrderError, match="DS-TURN-01"):
        brawl.grab(enc, "ogre", "kira", dice=(9, 9))  # a maneuver is no main action
    enc, _ = brawl.use_ability(enc, "ogre", "Slash", targets=["kira"], dice=(1, 1))
    assert turn(enc).extra_main == frozenset()
    assert turn(enc).economy == spent  # Kira's turn spent nothing
    assert brawl.legal_actions(enc, creature="ogre") == []
    with pytest.raises(brawl.TurnOrderError, match="DS-TURN-01"):
        brawl.free_strike(enc, "ogre", "kira", dice=(1, 1))


def test_the_extra_main_action_lapses_when_anything_else_is_spent_r_turn_10() -> None:
    """R-TURN-10, RB-CRIT-03: "immediately": once Kira moves on, the ogre's extra action is gone."""
    enc, _ = brawl.move(kiras_turn(), "kira", [(0, 1, 0)])
    enc, _ = brawl.free_strike(enc, "ogre", "kira", dice=(10, 10), opportunity=True)
    enc, events = brawl.move(enc, "kira", [(0, 2, 0)])
    (note,) = [e for e in events if isinstance(e, Note) and "lapses" in e.text]
    assert note.rules == ("RB-CRIT-03", "R-TURN-10")
    assert turn(enc).extra_main == frozenset()
    with pytest.raises(brawl.TurnOrderError, match="DS-TURN-01"):
        brawl.use_ability(enc, "ogre", "Slash", targets=["kira"], dice=(1, 1))


def test_the_extra_main_action_lapses_at_the_end_of_the_turn_r_turn_10() -> None:
    """R-TURN-10: a critical hit's extra main action not taken by the end of the turn is lost."""
    enc, _ = brawl.use_ability(kiras_turn(), "kira", "Slash", targets=["ogre"], dice=(10, 10))
    enc, events = brawl.end_turn(enc)
    assert any(isinstance(e, Note) and "lapses" in e.text for e in events)
    assert turn(enc).extra_main == frozenset()


def test_out_of_combat_the_critical_hit_is_reported_only_rb_crit_02() -> None:
    """RB-CRIT-02: with no combat under way the event tells the table; there is no turn to keep it."""
    enc, events = brawl.use_ability(fighters(), "kira", "Slash", targets=["ogre"], dice=(10, 10))
    assert [c.natural for c in crits(events)] == [20]
    assert enc.turn is None
