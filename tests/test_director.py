"""The Director's resources: villain actions, Malice features, solos, monster free strikes,
Director Stamina, defending monsters and summons (RB-VILLAIN, RB-MALICE, RB-SOLO, RB-MFS,
RB-DSTAM, RB-MDEF, RB-SUMMON)."""

from __future__ import annotations

import pytest

import brawl
from brawl import Ability, Characteristics, Creature, Encounter, Terrain, UseAbility, parse_tier
from brawl.abilities.model import Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.errors import ActionUnavailableError, TurnOrderError
from brawl.events.director import VillainActionUsed


def roll(*tiers: str, chars: tuple[str, ...] = ("might",)) -> AbilityPowerRoll:
    return AbilityPowerRoll(chars, tiers=tuple(parse_tier(t) for t in tiers))


def villain(name: str) -> Ability:
    return Ability(
        name, "villain action", "villain", ("Area",), distance=Distance("burst", 3),
        target=Target("each enemy", None), power_roll=roll("1 damage", "2 damage", "3 damage"),
    )  # fmt: skip


CLEAVE = Ability(
    "Cleave", "main action", "signature", ("Melee", "Strike", "Weapon"), distance=Distance("melee", 1),
    target=Target("creature"), power_roll=roll("3 damage", "5 damage", "7 damage"),
)  # fmt: skip
VILLAINY = (villain("Opener"), villain("Middle"), villain("Closer"))


def boss(cid: str = "boss", **kw: object) -> Creature:
    fields: dict[str, object] = {
        "id": cid, "pos": (3, 2, 0), "stamina_max": 60, "characteristics": Characteristics(might=3),
        "abilities": (CLEAVE, *VILLAINY),
    }  # fmt: skip
    return Creature(**{**fields, **kw})  # type: ignore[arg-type]


def hero(cid: str = "kira", pos: tuple[int, int, int] = (2, 2, 0)) -> Creature:
    return Creature(id=cid, side="heroes", hero=True, stamina_max=40, pos=pos, victories=3)


def combat(*others: Creature, malice: int | None = None) -> Encounter:
    enc = Encounter.create(Terrain.flat(12, 12), [hero(), hero("ash", (2, 4, 0)), boss(), *others])
    started: Encounter = brawl.start_combat(enc, first_side="heroes", malice=malice).state
    return started


def turn(enc: Encounter, cid: str) -> Encounter:
    enc, _ = brawl.start_turn(enc, cid)
    enc, _ = brawl.end_turn(enc)
    return enc


def use(enc: Encounter, name: str, user: str = "boss") -> UseAbility:
    return UseAbility(user, name, dice=(5, 5))


# -- villain actions ------------------------------------------------------------------------------


def test_a_villain_action_only_at_the_end_of_another_creatures_turn_rb_villain_04() -> None:
    """RB-VILLAIN-04: not before any turn ended, not during a turn, not after its own turn."""
    enc = combat()
    with pytest.raises(TurnOrderError, match="RB-VILLAIN-04"):
        brawl.verify(enc, use(enc, "Opener"))  # no turn has ended this round
    during, _ = brawl.start_turn(enc, "kira")
    with pytest.raises(TurnOrderError, match="RB-VILLAIN-04"):
        brawl.verify(during, use(during, "Opener"))  # kira is taking its turn
    after_kira = turn(enc, "kira")
    assert brawl.can(after_kira, use(after_kira, "Opener"))
    after_own = turn(after_kira, "boss")
    with pytest.raises(TurnOrderError, match="its own"):
        brawl.verify(after_own, use(after_own, "Opener"))


def test_one_villain_action_a_round_each_once_an_encounter_rb_villain_02_03() -> None:
    """RB-VILLAIN-03: a second villain action in the round is refused, even another one;
    RB-VILLAIN-02: the same one is refused in a later round."""
    enc = turn(combat(), "kira")
    enc, events = brawl.apply(enc, use(enc, "Opener"))
    used = [e for e in events if isinstance(e, VillainActionUsed)]
    assert [(e.creature, e.ability, e.round, e.after) for e in used] == [("boss", "Opener", 1, "kira")]
    with pytest.raises(ActionUnavailableError, match="RB-VILLAIN-02"):
        brawl.verify(enc, use(enc, "Opener"))
    with pytest.raises(ActionUnavailableError, match="RB-VILLAIN-03"):
        brawl.verify(enc, use(enc, "Middle"))
    enc = turn(turn(enc, "boss"), "ash")
    enc, _ = brawl.end_round(enc)
    enc = turn(enc, "kira")
    with pytest.raises(ActionUnavailableError, match="RB-VILLAIN-02"):
        brawl.verify(enc, use(enc, "Opener"))
    assert brawl.can(enc, use(enc, "Middle"))


def names(enc: Encounter) -> list[str]:
    return sorted({a.ability for a in brawl.legal_actions(enc) if isinstance(a, UseAbility)})


def test_legal_actions_offer_villain_actions_between_turns_only_rb_villain_04() -> None:
    """RB-VILLAIN-04: offered after another creature's turn ends, gone once one is used (RB-VILLAIN-03)."""
    enc = combat()
    assert names(enc) == []
    after = turn(enc, "kira")
    assert names(after) == ["Closer", "Middle", "Opener"]
    during, _ = brawl.start_turn(after, "boss")
    assert not [a for a in brawl.legal_actions(during) if getattr(a, "ability", "") in ("Opener", "Middle")]
    used, _ = brawl.apply(after, use(after, "Middle"))
    assert names(used) == []
