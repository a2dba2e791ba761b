"""What the rules make automatic for abilities: the Director's Malice each round (RB6-MALICE),
the Heroic Resource each turn, the refund of a resisted potency, triggered abilities' one
triggered action a round (DS-TURN-05)."""

from __future__ import annotations

from pathlib import Path

import pytest

import brawl
from brawl import Ability, Characteristics, Creature, Encounter, UseAbility, parse_tier
from brawl.abilities.model import Cost, Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.errors import ActionUnavailableError, InvalidArgumentError, StateError
from brawl.events.abilities import PotencyChecked, ResourceGained, ResourceRefunded, ResourceSpent
from brawl.events.base import DiceRolled, Note
from brawl.events.turns import ActionUsed, MaliceGained
from brawl.statblocks import HeroSheet, load_statblocks
from brawl.turns.records import StartCombat


def of(kind: type, events: tuple[object, ...]) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def party(*others: Creature) -> Encounter:
    """Two heroes and a goblin; a third hero already dead."""
    return Encounter(
        creatures=(
            Creature(id="kira", side="heroes", hero=True, pos=(0, 0, 0)),
            Creature(id="tor", side="heroes", hero=True, pos=(2, 0, 0)),
            Creature(id="ghost", side="heroes", hero=True, pos=(4, 0, 0), dead=True, stamina=0),
            Creature(id="gob", pos=(6, 0, 0)),
            *others,
        )
    )


def run_round(enc: Encounter) -> Encounter:
    for c in ("kira", "gob", "tor"):
        enc, _ = brawl.start_turn(enc, c)
        enc, _ = brawl.end_turn(enc)
    return enc


def test_malice_at_the_start_of_combat_and_of_each_round() -> None:
    """RB6-MALICE: starting Malice 2 (average Victories), then 2 living heroes + round 1 = 3 (5 in
    all); round 2 gives 2 + 2 = 4 (9 in all). The dead hero does not count."""
    enc, events = brawl.start_combat(party(), d10=10, malice=2)
    gains = of(MaliceGained, events)
    assert [(g.amount, g.total) for g in gains] == [(2, 2), (3, 5)]
    assert all(g.rules[0] == "RB6-MALICE" for g in gains)
    assert enc.turn.malice == 5
    enc = run_round(enc)
    enc, events = brawl.end_round(enc)
    assert [(g.amount, g.total) for g in of(MaliceGained, events)] == [(4, 9)]
    assert enc.turn.malice == 9


def test_malice_round_one_without_starting_malice() -> None:
    """RB6-MALICE: with no starting Malice round 1 still gives 2 heroes + 1 = 3."""
    _, events = brawl.start_combat(party(), d10=1)
    assert [(g.amount, g.total) for g in of(MaliceGained, events)] == [(3, 3)]


def test_starting_malice_is_a_whole_number_from_0() -> None:
    """RB6-MALICE: a negative starting Malice is refused, naming the rule."""
    with pytest.raises(InvalidArgumentError, match="RB6-MALICE"):
        brawl.start_combat(party(), d10=1, malice=-1)
    with pytest.raises(InvalidArgumentError, match="RB6-MALICE"):
        StartCombat(malice=-1)
    enc, _ = StartCombat(d10=1, malice=4).resolve(party())
    assert enc.turn.malice == 4 + 3


def test_unspent_malice_is_lost_when_the_encounter_ends() -> None:
    """RB6-MALICE, RB-MALICE-03: the Director's 3 unspent Malice is lost with a note citing the rule."""
    enc, _ = brawl.start_combat(party(), d10=1)
    _, events = brawl.end_combat(enc)
    notes = [n for n in of(Note, events) if "Malice" in n.text]
    assert [n.text for n in notes] == ["the Director loses 3 unspent Malice"]
    assert notes[0].rules == ("RB6-MALICE", "RB-MALICE-03")


def hero_with_gain(gain: str, resource: int = 0) -> Encounter:
    return Encounter(
        creatures=(
            Creature(id="kira", side="heroes", hero=True, resource_gain=gain, heroic_resource=resource),
            Creature(id="gob", pos=(6, 0, 0), resource_gain="2"),
        )
    )


def test_a_hero_gains_its_sheets_resource_at_the_start_of_each_turn() -> None:
    """R-ABIL-13: a gain of "2" takes Kira from 1 to 3 at her first turn, 5 at her second; the
    Director creature with a gain (not a hero) gains nothing."""
    enc, _ = brawl.start_combat(hero_with_gain("2", 1), first_side="heroes")
    enc, events = brawl.start_turn(enc, "kira")
    (gain,) = of(ResourceGained, events)
    assert (gain.creature, gain.amount, gain.total, gain.rules) == ("kira", 2, 3, ("R-ABIL-13",))
    assert enc.creature("kira").heroic_resource == 3
    enc, _ = brawl.end_turn(enc)
    enc, events = brawl.start_turn(enc, "gob")
    assert of(ResourceGained, events) == []
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.end_round(enc)
    enc, _ = brawl.start_turn(enc, "kira")
    assert enc.creature("kira").heroic_resource == 5


def test_a_dice_gain_is_rolled_from_the_encounters_rng_and_replays() -> None:
    """R-ABIL-13: "1d3" is one d3 from the seeded RNG: the DiceRolled face is the gain, and the
    same state gives the same roll."""
    enc, _ = brawl.start_combat(hero_with_gain("1d3"), first_side="heroes")
    after, events = brawl.start_turn(enc, "kira")
    (die,) = [e for e in of(DiceRolled, events) if e.purpose == "Heroic Resource gain"]
    assert die.dice == "d3"
    assert 1 <= die.values[0] <= 3
    assert after.creature("kira").heroic_resource == die.values[0]
    assert brawl.start_turn(enc, "kira").state == after


def test_no_gain_without_a_gain_on_the_sheet() -> None:
    """R-ABIL-13: with no gain on the sheet nothing is gained and no event is given."""
    enc, _ = brawl.start_combat(hero_with_gain(""), first_side="heroes")
    enc, events = brawl.start_turn(enc, "kira")
    assert of(ResourceGained, events) == []
    assert enc.creature("kira").heroic_resource == 0


@pytest.mark.parametrize("bad", ["d3", "1d", "two", "1d0", "0d3", " 2", "1d3+1", "1001"])
def test_a_resource_gain_is_a_number_or_dice(bad: str) -> None:
    """R-ABIL-13: only "N" or "NdM" is a gain."""
    with pytest.raises(StateError, match="resource_gain"):
        Creature(id="kira", resource_gain=bad)
    with pytest.raises(TypeError):
        Creature(id="kira", resource_gain=2)  # type: ignore[arg-type]


def test_the_shipped_hero_sheets_carry_their_gain() -> None:
    """R-ABIL-13: the example heroes' sheets give "2" or "1d3", and the hero built keeps it."""
    blocks = load_statblocks(Path(__file__).parents[1] / "examples" / "statblocks" / "heroes.toml")
    heroes = {b.name: b for b in blocks.blocks if isinstance(b, HeroSheet)}
    assert {n: h.resource_gain for n, h in heroes.items()} == {
        "Kira": "2",
        "Talia": "1d3",
        "Dain": "2",
        "Mara": "1d3",
    }
    assert heroes["Kira"].creature("kira").resource_gain == "2"


def _slow(cost: Cost, *, tier1: str = "M < 0 slowed (EoT)") -> Ability:
    return Ability(
        "Binding Glare", "main action", "heroic", ("Magic", "Ranged"),
        distance=Distance("ranged", 5), target=Target("creature", 2), cost=cost,
        power_roll=AbilityPowerRoll(("reason",), tiers=tuple(parse_tier(t) for t in (
            tier1, "M < 1 slowed (EoT)", "M < 2 slowed (save ends)"))),
    )  # fmt: skip


def glare(cost: Cost, brute_might: int = 3, **kw: str) -> Encounter:
    """Kira (Reason 2, 3 Heroic Resource) and two goblins: Might 3 and ``brute_might``."""
    return Encounter(
        creatures=(
            Creature(id="kira", side="heroes", hero=True, heroic_resource=3, abilities=(_slow(cost, **kw),),
                     characteristics=Characteristics(reason=2)),
            Creature(id="g1", pos=(3, 0, 0), characteristics=Characteristics(might=3)),
            Creature(id="g2", pos=(3, 2, 0), characteristics=Characteristics(might=brute_might)),
        )
    )  # fmt: skip


def test_a_cost_is_refunded_when_every_target_resists_the_only_effect() -> None:
    """RB2-POTENCY, R-ABIL-8: tier 3 (10 + 10 + 2 = 22): M < 2 slowed; both goblins have Might
    3, both resist; the 2 Heroic Resource spent comes back: 3 - 2 + 2 = 3."""
    out = brawl.use_ability(
        glare(Cost("heroic", 2)), "kira", "Binding Glare", targets=["g1", "g2"], dice=(10, 10)
    )
    assert [c.applies for c in of(PotencyChecked, out.events)] == [False, False]
    (spent,) = of(ResourceSpent, out.events)
    (back,) = of(ResourceRefunded, out.events)
    assert (spent.amount, spent.left) == (2, 1)
    assert (back.resource, back.amount, back.total) == ("heroic", 2, 3)
    assert back.rules == ("RB2-POTENCY", "R-ABIL-8")
    assert out.state.creature("kira").heroic_resource == 3


def test_no_refund_when_one_target_fails_to_resist() -> None:
    """RB2-POTENCY: g2's Might 1 < 2, it is slowed: the 2 spent stay spent (3 - 2 = 1)."""
    out = brawl.use_ability(
        glare(Cost("heroic", 2), brute_might=1), "kira", "Binding Glare", targets=["g1", "g2"], dice=(10, 10)
    )
    assert of(ResourceRefunded, out.events) == []
    assert out.state.creature("kira").heroic_resource == 1
    assert out.state.creature("g2").has("slowed")


def test_no_refund_when_the_ability_does_more_than_a_potency_effect() -> None:
    """RB2-POTENCY: tier 1 (3 + 3 + 2 = 8) prints 2 damage besides the potency: the ability did
    something, so the 2 spent stay spent even though both resist."""
    enc = glare(Cost("heroic", 2), tier1="2 damage; M < 0 slowed (EoT)")
    out = brawl.use_ability(enc, "kira", "Binding Glare", targets=["g1", "g2"], dice=(3, 3))
    assert of(ResourceRefunded, out.events) == []
    assert out.state.creature("kira").heroic_resource == 1


STRONG = Characteristics(might=3)


def test_malice_is_refunded_the_same_way() -> None:
    """RB2-POTENCY, RB6-MALICE: a Director creature's 3 Malice comes back when both heroes resist."""
    ogre = Creature(id="ogre", pos=(0, 0, 0), abilities=(_slow(Cost("malice", 3)),),
                    characteristics=Characteristics(reason=2))  # fmt: skip
    enc = Encounter(
        creatures=(
            ogre,
            Creature(id="h1", side="heroes", hero=True, pos=(3, 0, 0), characteristics=STRONG),
            Creature(id="h2", side="heroes", hero=True, pos=(3, 2, 0), characteristics=STRONG),
        )
    )  # fmt: skip
    enc, _ = brawl.start_combat(enc, first_side="director")
    enc, _ = brawl.start_turn(enc, "ogre")
    before = enc.turn.malice
    out = brawl.use_ability(enc, "ogre", "Binding Glare", targets=["h1", "h2"], dice=(10, 10))
    (back,) = of(ResourceRefunded, out.events)
    assert (back.resource, back.amount, back.total) == ("malice", 3, before)
    assert out.state.turn.malice == before  # type: ignore[union-attr]


def _reaction(name: str, action_type: str) -> Ability:
    return Ability(
        name, action_type, None, ("Melee", "Weapon"), distance=Distance("melee", 1),
        target=Target("creature"), trigger="An enemy moves adjacent.",
        power_roll=AbilityPowerRoll(("might",), tiers=tuple(parse_tier(f"{n} damage") for n in (1, 2, 3))),
    )  # fmt: skip


def guards() -> Encounter:
    """Kira with two triggered abilities and a free triggered one, a goblin adjacent."""
    kit = (
        _reaction("Parry", "triggered action"),
        _reaction("Riposte", "triggered action"),
        _reaction("Glare", "free triggered action"),
    )
    return Encounter(
        creatures=(
            Creature(id="kira", side="heroes", hero=True, abilities=kit, stamina_max=30),
            Creature(id="gob", pos=(1, 0, 0), stamina_max=30),
        )
    )


def test_a_triggered_ability_uses_the_one_triggered_action_of_the_round() -> None:
    """DS-TURN-05: on the goblin's turn Kira's Parry spends her triggered action; Riposte in the
    same round is refused citing DS-TURN-05; next round she may again."""
    enc, _ = brawl.start_combat(guards(), first_side="director")
    enc, _ = brawl.start_turn(enc, "gob")
    assert UseAbility.cost_in(enc, {"user": "kira", "ability": "Parry"}) == "triggered"
    enc, events = brawl.use_ability(enc, "kira", "Parry", targets=["gob"], dice=(5, 5))
    (used,) = of(ActionUsed, events)
    assert (used.creature, used.kind, used.rules) == ("kira", "triggered", ("DS-TURN-05",))
    assert "kira" in enc.turn.triggered_used
    with pytest.raises(ActionUnavailableError, match="DS-TURN-05"):
        brawl.use_ability(enc, "kira", "Riposte", targets=["gob"], dice=(5, 5))
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "kira")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.end_round(enc)
    enc, events = brawl.use_ability(enc, "kira", "Riposte", targets=["gob"], dice=(5, 5))
    assert [e.kind for e in of(ActionUsed, events)] == ["triggered"]


def test_a_free_triggered_ability_uses_nothing() -> None:
    """DS-TURN-06: after Parry, the free triggered Glare is still allowed, and it leaves the
    triggered action used, nothing more."""
    enc, _ = brawl.start_combat(guards(), first_side="director")
    enc, _ = brawl.use_ability(enc, "kira", "Parry", targets=["gob"], dice=(5, 5))
    enc, events = brawl.use_ability(enc, "kira", "Glare", targets=["gob"], dice=(5, 5))
    (used,) = of(ActionUsed, events)
    assert (used.kind, used.rules) == ("free triggered", ("DS-TURN-06",))
    assert enc.turn.triggered_used == frozenset({"kira"})


def test_out_of_combat_a_triggered_ability_spends_nothing() -> None:
    """DS-TURN-05: out of combat there is no round: Parry twice, no action spent."""
    enc, events = brawl.use_ability(guards(), "kira", "Parry", targets=["gob"], dice=(5, 5))
    enc, more = brawl.use_ability(enc, "kira", "Parry", targets=["gob"], dice=(5, 5))
    assert of(ActionUsed, events + more) == []
    assert enc.turn is None
