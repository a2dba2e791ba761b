"""parse_tier on the phrasings stat blocks print beyond the usual forms, and their resolution
(RB3-TIERS, RB2-POTENCY, R-ABIL-5, R-ABIL-14). The tier texts are made up in those phrasings."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl import Creature, Encounter, Terrain
from brawl.abilities.model import (
    CHARACTERISTICS,
    DURATIONS,
    NO_DURATION,
    POTENCY_WORDS,
    RESOURCE_WORDS,
    SHIFTERS,
    Ability,
    ApplyCondition,
    Damage,
    Distance,
    Fall,
    ForcedMovement,
    GainResource,
    Healing,
    LoseRecoveries,
    NamedEffect,
    Potency,
    PowerRoll,
    Shift,
    Target,
    TextEffect,
    Tier,
)
from brawl.abilities.parse import format_tier, parse_effects, parse_tier
from brawl.conditions import ConditionName, Duration
from brawl.demo import GALE_BLAST
from brawl.errors import ActionUnavailableError
from brawl.events.abilities import EffectForTable, PotencyChecked, ResourceGained
from brawl.events.base import DiceRolled, Note
from brawl.events.damage import RecoveriesLost
from brawl.events.forced import ForceMoved
from brawl.events.turns import MaliceGained
from brawl.io.json import EFFECT_KEY, structure, unstructure
from brawl.statblocks import text as notation

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        ("push 2, prone", (ForcedMovement("push", 2), ApplyCondition("prone", ""))),
        (
            "4 damage; dazed and restrained (save ends)",
            (Damage(4), ApplyCondition("dazed", "save ends"), ApplyCondition("restrained", "save ends")),
        ),
        (
            "M < 1 weakened and slowed (EoT)",
            (
                ApplyCondition("weakened", "end of turn", Potency("might", 1)),
                ApplyCondition("slowed", "end of turn", Potency("might", 1)),
            ),
        ),
        (
            "A < 2 prone and can't stand (EoT)",
            (ApplyCondition("prone", "end of turn", Potency("agility", 2), can_stand=False),),
        ),
        ("prone and can’t stand (save ends)", (ApplyCondition("prone", "save ends", can_stand=False),)),
        ("No effect.", ()),
        ("3 damage; pulled 2", (Damage(3), ForcedMovement("pull", 2))),
        ("5 cold, fire, or sonic damage", (Damage(5, (), ("cold", "fire", "sonic")),)),
        (
            "M < [strong] bleeding (save ends)",
            (ApplyCondition("bleeding", "save ends", Potency("might", "strong")),),
        ),
        ("push 3; forced movement is vertical", (ForcedMovement("push", 3, vertical=True),)),
        ("the target shifts up to 2 squares", (Shift(2),)),
        ("2 damage; the kobold can shift 1 square", (Damage(2), Shift(1, "user"))),
        (
            "the target can shift into the nearest unoccupied space outside the hole",
            (Shift(None, "target", "the nearest unoccupied space outside the hole"),),
        ),
        ("the target falls", (Fall(),)),
        ("the Director gains 2 Malice", (GainResource(2, "malice", "director"),)),
        ("6 damage; the target gains 1 rage", (Damage(6), GainResource(1, "heroic", "target", "rage"))),
        (
            "A < 2 the target is burning (save ends)",
            (NamedEffect("burning", "save ends", Potency("agility", 2)),),
        ),
        ("I < 1 charmed (EoT)", (NamedEffect("charmed", "end of turn", Potency("intuition", 1)),)),
        ("the target is hexed", (NamedEffect("hexed"),)),
        (
            "slowed and the target is marked (save ends)",
            (ApplyCondition("slowed", "save ends"), NamedEffect("marked", "save ends")),
        ),
    ],
)
def test_real_phrasings_are_read(text: str, effects: tuple[object, ...]) -> None:
    """RB3-TIERS, RB2-POTENCY, RB2-EOT, RB2-SAVE, R-ABIL-14: each phrasing into its records, no text left."""
    tier = parse_tier(text)
    assert tier == Tier(text, effects)
    assert tier.unresolved == ()
    assert parse_tier(tier.printed()).effects == effects


def _fight(tier: str, *, hero_target: bool = False) -> Encounter:
    """The ogre (Might 0) at (2, 2) with one melee strike printing ``tier`` at every tier; the
    target at (3, 2)."""
    blow = Ability(
        "Test Blow", "main action", None, ("Melee", "Strike", "Weapon"),
        distance=Distance("melee", 1), target=Target("creature"),
        power_roll=PowerRoll(("might",), tiers=(parse_tier(tier), parse_tier(tier), parse_tier(tier))),
    )  # fmt: skip
    ogre = Creature(id="ogre", pos=(2, 2, 0), stamina_max=40, abilities=(blow,))
    other = Creature(id="hero", side="heroes", hero=hero_target, pos=(3, 2, 0), stamina_max=30)
    return Encounter.create(Terrain.flat(10, 10), [ogre, other])


def test_prone_and_cant_stand_keeps_the_target_down_rb1_prone() -> None:
    """R-ABIL-5, RB1-PRONE, RB2-EOT: "prone and can't stand (EoT)" imposes prone that lasts to the
    end of the target's turn and that Stand Up can't end."""
    out = brawl.use_ability(
        _fight("prone and can't stand (EoT)"), "ogre", "Test Blow", targets=["hero"], dice=(9, 9)
    )
    (prone,) = out.state.creature("hero").conditions_named(ConditionName.PRONE)
    assert prone.can_stand is False
    assert prone.duration is Duration.EOT
    with pytest.raises(ActionUnavailableError, match="RB1-PRONE"):
        brawl.stand_up(out.state, "hero")


def test_malice_gain_goes_to_the_director_rb6_malice() -> None:
    """RB6-MALICE, R-ABIL-14: "the Director gains 2 Malice" with 5 Malice: 7."""
    enc, _ = brawl.start_combat(_fight("the Director gains 2 Malice"), d10=1)
    enc = enc.with_turn(attrs.evolve(enc.turn, malice=5))
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9), granted=True)
    (gained,) = [e for e in out.events if isinstance(e, MaliceGained)]
    assert (gained.amount, gained.total) == (2, 7)
    assert gained.rules == ("RB6-MALICE", "R-ABIL-14")
    assert out.state.turn.malice == 7  # type: ignore[union-attr]


def test_heroic_resource_gain_for_a_hero_target_r_abil_14() -> None:
    """R-ABIL-14: "the target gains 3 rage" adds 3 Heroic Resource to a hero target with 0, in
    combat (outside it nothing is gained, RB-HR-08)."""
    enc, _ = brawl.start_combat(_fight("the target gains 3 rage", hero_target=True), d10=1)
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9), granted=True)
    (gained,) = [e for e in out.events if isinstance(e, ResourceGained)]
    assert (gained.creature, gained.amount, gained.total) == ("hero", 3, 3)
    assert gained.rules == ("R-ABIL-14",)
    assert out.state.creature("hero").heroic_resource == 3


def test_named_effect_and_shift_are_shown_to_the_table_r_abil_14() -> None:
    """R-ABIL-14, RB2-SAVE, DS-MOVE-09: a named effect is shown on its target with how it ends;
    the shift is offered to its mover, the ogre."""
    enc = _fight("the target is burning (save ends); the ogre shifts up to 2 squares")
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    burning, shift = [e for e in out.events if isinstance(e, EffectForTable)]
    assert burning.text.startswith("hero is burning until it saves")
    assert burning.rules == ("R-ABIL-4", "R-ABIL-14", "RB2-SAVE")
    assert (shift.text, shift.rules) == (
        "ogre may shift up to 2 squares",
        ("R-ABIL-14", "DS-MOVE-09", "DS-MOVE-10"),
    )


def test_the_target_falls_only_with_nothing_below_it_ds_fall_01() -> None:
    """R-ABIL-14, DS-FALL-01: on the ground, "the target falls" has nothing to fall into: a note."""
    out = brawl.use_ability(_fight("the target falls"), "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    (note,) = [e for e in out.events if isinstance(e, Note)]
    assert note.rules == ("R-ABIL-14", "DS-FALL-01")
    assert out.state.creature("hero").pos == (3, 2, 0)


def test_gale_blast_tier_3_leaves_the_ogre_prone_and_unable_to_stand() -> None:
    """RB2-POTENCY, R-ABIL-5, RB1-PRONE: the demo's Gale Blast at tier 3 (9 + 9) on the bridge's
    ogre (Agility -1 < 2): prone and can't stand (EoT), so Stand Up is refused."""
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    kira = enc.creature("kira")
    armed = enc.with_creature(attrs.evolve(kira, abilities=(*kira.abilities, GALE_BLAST)))
    out = brawl.use_ability(armed, "kira", "Gale Blast", targets=["ogre"], dice=(9, 9))
    (prone,) = out.state.creature("ogre").conditions_named(ConditionName.PRONE)
    assert (prone.can_stand, prone.duration) == (False, Duration.EOT)
    with pytest.raises(ActionUnavailableError, match="RB1-PRONE"):
        brawl.stand_up(out.state, "ogre")


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        ("the target regains 6 Stamina", (Healing(6),)),
        ("the goblin regains 3 Stamina", (Healing(3, "user"),)),
        (
            "the target is bleeding until the end of the encounter",
            (ApplyCondition("bleeding", "end of encounter"),),
        ),
        ("the target is soaked until the end of the encounter", (NamedEffect("soaked", "end of encounter"),)),
        ("push 3. Forced movement is vertical.", (ForcedMovement("push", 3, vertical=True),)),
        ("the target is knocked prone", (ApplyCondition("prone", ""),)),
        (
            "push 2; slide 1; the slide is vertical",
            (ForcedMovement("push", 2), ForcedMovement("slide", 1, vertical=True)),
        ),
        ("the slide is vertical", (TextEffect("the slide is vertical"),)),
        (
            "the creature falls into the hole and is knocked prone",
            (Fall(), ApplyCondition("prone", "")),
        ),
        (
            "target can shift into the nearest unoccupied square outside the hole",
            (Shift(None, "target", "the nearest unoccupied square outside the hole"),),
        ),
        ("one ally shifts up to 2 squares", (TextEffect("one ally shifts up to 2 squares"),)),
        ("each ally regains 3 Stamina", (TextEffect("each ally regains 3 Stamina"),)),
        ("the goblin gains 2 Malice", (TextEffect("the goblin gains 2 Malice"),)),
        ("the target is knocked dazed", (TextEffect("the target is knocked dazed"),)),
    ],
)
def test_more_real_phrasings_are_read(text: str, effects: tuple[object, ...]) -> None:
    """R-STAM-5, RB2-EOE, DS-FORCE-10, R-ABIL-14: Stamina regained, "until the end of the
    encounter" as (EoE), sentences read as clauses; a shift, healing or gain by anyone but the
    target, the user (named by its own name) or the Director stays text."""
    tier = parse_tier(text)
    assert tier.effects == effects
    assert parse_tier(tier.printed()).effects == effects


def test_healing_regains_stamina_up_to_the_maximum_r_stam_5() -> None:
    """R-ABIL-14, R-STAM-5: "the target regains 6 Stamina" at 27 of 30: 30."""
    enc = _fight("the target regains 6 Stamina")
    enc = enc.with_creature(attrs.evolve(enc.creature("hero"), stamina=27))
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    assert out.state.creature("hero").stamina == 30


def test_parse_effects_puts_a_potency_stored_apart_on_each_effect_rb2_potency() -> None:
    """RB2-POTENCY: words kept beside a potency stored apart get it, unless they print their own."""
    might = Potency("might", 2)
    assert parse_effects("prone and can't stand (EoT)", might) == (
        ApplyCondition("prone", "end of turn", might, can_stand=False),
    )
    assert parse_effects("push 2, A < 1 prone", might) == (
        ForcedMovement("push", 2, potency=might),
        ApplyCondition("prone", "", Potency("agility", 1)),
    )


@pytest.mark.parametrize(
    ("printed", "kind"),
    [
        ("The triggering creature", "creature"),
        ("triggering enemy", "enemy"),
        ("the triggering creature or object", "creature or object"),
    ],
)
def test_the_triggering_creature_is_one_target(printed: str, kind: str) -> None:
    """R-ABIL-9: "the triggering creature" is one target of that kind, the words kept."""
    assert notation.target(printed) == {"kind": kind, "count": 1, "text": printed}


_POTENCIES = st.none() | st.builds(
    Potency, st.sampled_from(CHARACTERISTICS), st.integers(-1, 6) | st.sampled_from(POTENCY_WORDS)
)
_NAMES = st.lists(
    st.sampled_from(["burning", "hexed", "soul", "flensed", "wet", "marked"]), min_size=1, max_size=3
)
_NEW_EFFECTS = st.one_of(
    st.builds(NamedEffect, _NAMES.map(" ".join), st.sampled_from((*DURATIONS, NO_DURATION)), _POTENCIES),
    st.builds(
        Shift, st.integers(1, 10), st.sampled_from(SHIFTERS), potency=_POTENCIES, teleport=st.booleans()
    ),
    st.builds(Fall, _POTENCIES),
    st.builds(Healing, st.integers(1, 30), st.sampled_from(SHIFTERS), _POTENCIES),
    st.builds(LoseRecoveries, st.integers(1, 9), st.sampled_from((0, 2, 3, 6)), _POTENCIES),
    st.builds(GainResource, st.integers(1, 9), st.just("malice"), st.just("director"), potency=_POTENCIES),
    st.builds(
        GainResource, st.integers(1, 9), st.just("heroic"), st.sampled_from(("user", "target")),
        st.sampled_from(("", *RESOURCE_WORDS)), _POTENCIES,
    ),
    st.builds(
        ApplyCondition, st.just("prone"), st.sampled_from((*DURATIONS, NO_DURATION)), _POTENCIES,
        can_stand=st.just(False),
    ),
)  # fmt: skip


@given(st.lists(_NEW_EFFECTS, max_size=4))
def test_the_new_records_print_and_parse_back(effects: list[object]) -> None:
    """RB3-TIERS: parse_tier(format_tier(t)) gives t's effects for every new kind of effect."""
    tier = Tier("", tuple(effects))
    assert parse_tier(format_tier(tier)).effects == tier.effects


def test_the_tier_text_benchmark_measures_the_folders_it_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """RB3-TIERS: benchmarks/bench_tier_text.py counts a tier fully read only when no clause of
    it is left as text, in a Foundry actor folder and a Forge Steel source folder."""
    spec = importlib.util.spec_from_file_location(
        "bench_tier_text", ROOT / "benchmarks" / "bench_tier_text.py"
    )
    assert spec is not None
    assert spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    tier = {"display": "{{potency}} the target falls", "potency": {}}
    odd = {"display": "the target sings", "potency": {}}
    other = {"type": "other", "other": {"tier1": tier, "tier2": odd, "tier3": tier}}
    hit = {"type": "damage", "damage": {"tier1": {"value": "3"}}}
    actor = {"items": [{"system": {"power": {"effects": {"a": other, "b": hit}}}}]}
    (tmp_path / "f").mkdir()
    (tmp_path / "f" / "actor.json").write_text(json.dumps(actor), encoding="utf-8")
    (tmp_path / "s").mkdir()
    source = "tier1: '2 damage; push 1, prone',\ntier2: 'the target whistles',\ntier3: 'No effect.'"
    (tmp_path / "s" / "monster.ts").write_text(source, encoding="utf-8")
    bench.measure("Foundry", bench.foundry_tiers(tmp_path / "f"), 5)
    bench.measure("Forge Steel", bench.forgesteel_tiers(tmp_path / "s"), 5)
    assert capsys.readouterr().out.splitlines() == [
        "Foundry: 2 of 3 tiers fully read (66.7%)",
        "      1  the target sings",
        "Forge Steel: 2 of 3 tiers fully read (66.7%)",
        "      1  the target whistles",
    ]


def test_the_new_effects_are_saved_and_loaded_with_their_kind_tag() -> None:
    """RB3-TIERS: a tier of every new kind of effect goes to JSON tagged by kind and comes back."""
    tier = parse_tier(
        "prone and can't stand (EoT); A < 1 burning (save ends); the target shifts up to 2 squares; "
        "the target falls; the Director gains 1 Malice; the target gains 2 focus; "
        "the target regains 3 Stamina"
    )
    assert tier.unresolved == ()
    data = unstructure(tier, Tier)
    assert [e[EFFECT_KEY] for e in data["effects"]] == [
        "condition", "named", "shift", "fall", "gain", "gain", "heal",
    ]  # fmt: skip
    assert structure(json.loads(json.dumps(data)), Tier) == tier


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        ("the target loses 1 Recovery", (LoseRecoveries(1),)),
        ("the target loses 2 Recoveries", (LoseRecoveries(2),)),
        ("prone and the target loses 1d3 recoveries", (ApplyCondition("prone", ""), LoseRecoveries(1, 3))),
    ],
)
def test_recoveries_lost_are_read(text: str, effects: tuple[object, ...]) -> None:
    """DS-STAM-01, R-ABIL-14: Recoveries lost, a number or dice."""
    assert parse_tier(text).effects == effects
    assert parse_tier(format_tier(parse_tier(text))).effects == effects


def test_a_hero_loses_recoveries_down_to_0_ds_stam_01() -> None:
    """DS-STAM-01, R-ABIL-14: a hero with 3 Recoveries losing 2 has 1; then losing 1d3 of 1, the
    dice rolled from the encounter's RNG, it has 0 at the least."""
    enc = _fight("the target loses 2 Recoveries", hero_target=True)
    enc = enc.with_creature(attrs.evolve(enc.creature("hero"), recoveries=3, recoveries_max=8))
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    (lost,) = [e for e in out.events if isinstance(e, RecoveriesLost)]
    assert (lost.amount, lost.recoveries_before, lost.recoveries_after) == (2, 3, 1)
    assert lost.rules == ("DS-STAM-01", "R-ABIL-14")
    assert out.state.creature("hero").recoveries == 1
    blow = attrs.evolve(
        out.state.creature("ogre").abilities[0],
        power_roll=PowerRoll(("might",), tiers=[parse_tier("the target loses 1d3 Recoveries")] * 3),
    )
    again = out.state.with_creature(attrs.evolve(out.state.creature("ogre"), abilities=(blow,)))
    out = brawl.use_ability(again, "ogre", "Test Blow", targets=["hero"], dice=(9, 9), granted=True)
    (rolled,) = [e for e in out.events if isinstance(e, DiceRolled) and e.purpose == "Recoveries lost"]
    (lost,) = [e for e in out.events if isinstance(e, RecoveriesLost)]
    assert lost.amount == sum(rolled.values)
    assert (lost.recoveries_before, lost.recoveries_after) == (1, 0)


def test_a_director_creature_has_no_recoveries_to_lose_ds_stam_11() -> None:
    """DS-STAM-11: a creature without Recoveries loses none: a note."""
    out = brawl.use_ability(
        _fight("the target loses 2 Recoveries"), "ogre", "Test Blow", targets=["hero"], dice=(9, 9)
    )
    assert [e.rules for e in out.events if isinstance(e, Note)] == [("R-ABIL-14", "DS-STAM-11")]
    assert not [e for e in out.events if isinstance(e, RecoveriesLost)]


def test_a_named_effect_about_the_target_names_it_r_abil_14() -> None:
    """R-ABIL-14, RB2-EOT: "the target's speed is 0 (EoT)" is shown as the target's, to the end
    of its turn."""
    out = brawl.use_ability(
        _fight("the target's speed is 0 (EoT)"), "ogre", "Test Blow", targets=["hero"], dice=(9, 9)
    )
    (shown,) = [e for e in out.events if isinstance(e, EffectForTable)]
    assert shown.text == "hero's speed is 0 until the end of its turn"
    assert shown.rules == ("R-ABIL-4", "R-ABIL-14", "RB2-EOT")


def test_a_shift_with_its_path_moves_the_mover_ds_move_09() -> None:
    """DS-MOVE-09, R-ABIL-14: "the ogre shifts up to 2 squares" with a path of 2 squares for the
    hero's tier moves the ogre from (2, 2) to (2, 4); a path of 3 squares is refused: a note, the
    ogre where it was."""
    enc = _fight("the ogre shifts up to 2 squares")
    out = brawl.use_ability(
        enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9), shifts={"hero": [(2, 3, 0), (2, 4, 0)]}
    )
    assert out.state.creature("ogre").pos == (2, 4, 0)
    assert not [e for e in out.events if isinstance(e, EffectForTable)]
    far = [(2, 3, 0), (2, 4, 0), (2, 5, 0)]
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9), shifts={"hero": far})
    assert out.state.creature("ogre").pos == (2, 2, 0)
    (note,) = [e for e in out.events if isinstance(e, Note)]
    assert note.rules == ("R-ABIL-14",)
    assert "not possible" in note.text


def test_a_shift_path_for_a_creature_that_is_not_a_target_is_refused_r_abil_9() -> None:
    """R-ABIL-9: shifts are given by target id: another id is refused before anything happens."""
    with pytest.raises(brawl.InvalidArgumentError, match="R-ABIL-9"):
        brawl.use_ability(
            _fight("the target shifts up to 2 squares"), "ogre", "Test Blow", targets=["hero"],
            dice=(9, 9), shifts={"ogre": [(2, 3, 0)]},
        )  # fmt: skip


def test_a_teleport_goes_to_the_last_square_given_ds_tele_01() -> None:
    """DS-TELE-01, R-ABIL-14: "the ogre can teleport up to 3 squares" reads as a teleport; with a
    path for the hero's tier the ogre teleports to its last square, (2, 5); without one it is
    offered to the table."""
    assert parse_tier("the ogre can teleport up to 3 squares").effects == (Shift(3, "user", teleport=True),)
    enc = _fight("the ogre can teleport up to 3 squares")
    out = brawl.use_ability(
        enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9), shifts={"hero": [(2, 5, 0)]}
    )
    assert out.state.creature("ogre").pos == (2, 5, 0)
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    (offer,) = [e for e in out.events if isinstance(e, EffectForTable)]
    assert (offer.text, offer.rules) == ("ogre may teleport up to 3 squares", ("R-ABIL-14", "DS-TELE-01"))


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "Push 3; A<0 forced movement is vertical",
            (ForcedMovement("push", 3, vertical_potency=Potency("agility", 0)),),
        ),
        (
            "Push 3; A < 0 the forced movement is vertical",
            (ForcedMovement("push", 3, vertical_potency=Potency("agility", 0)),),
        ),
        (
            "2 damage; slide 2; R<1 the slide is vertical",
            (Damage(2), ForcedMovement("slide", 2, vertical_potency=Potency("reason", 1))),
        ),
        (
            "M < 2 push 4; A < 1 the push is vertical",
            (ForcedMovement("push", 4, potency=Potency("might", 2), vertical_potency=Potency("agility", 1)),),
        ),
        (
            "A < 0 the forced movement is vertical",
            (TextEffect("the forced movement is vertical", Potency("agility", 0)),),
        ),
    ],
)
def test_vertical_behind_a_potency_is_read(text: str, effects: tuple[object, ...]) -> None:
    """DS-FORCE-10, RB2-POTENCY: "A < 0 forced movement is vertical" makes the tier's forced
    movement vertical against a target that fails the potency; with no forced movement before it,
    it stays text."""
    tier = parse_tier(text)
    assert tier.effects == effects
    assert parse_tier(tier.printed()).effects == effects


@pytest.mark.parametrize(("agility", "vertical"), [(0, True), (1, False)])
def test_a_push_is_vertical_only_if_the_target_fails_the_potency(agility: int, vertical: bool) -> None:
    """DS-FORCE-10, RB2-POTENCY, R-ABIL-6: "push 2; A < 1 forced movement is vertical" against
    Agility 0 (0 < 1: vertical) and Agility 1 (not below 1: along the ground)."""
    enc = _fight("push 2; A < 1 forced movement is vertical")
    hero = enc.creature("hero")
    enc = enc.with_creature(
        attrs.evolve(hero, characteristics=attrs.evolve(hero.characteristics, agility=agility))
    )
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    (check,) = [e for e in out.events if isinstance(e, PotencyChecked)]
    assert (check.score, check.potency, check.applies) == (agility, 1, vertical)
    assert check.effect == "the push is vertical"
    assert "RB2-POTENCY" in check.rules
    (moved,) = [e for e in out.events if isinstance(e, ForceMoved)]
    assert moved.vertical is vertical
    assert moved.moved == 2


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "12 corruption damage; pull 5 toward the center of the cube",
            (Damage(12, (), ("corruption",)), ForcedMovement("pull", 5, toward_center=True)),
        ),
        ("Pull 1 towards the center of the cube", (ForcedMovement("pull", 1, toward_center=True),)),
        (
            "A < 4 pull 3 toward the center of the area",
            (ForcedMovement("pull", 3, potency=Potency("agility", 4), toward_center=True),),
        ),
        ("push 3 toward the center of the area", (TextEffect("push 3 toward the center of the area"),)),
    ],
)
def test_a_pull_toward_the_center_of_the_area_is_read(text: str, effects: tuple[object, ...]) -> None:
    """DS-FORCE-03, R-ABIL-15: "pull 5 toward the center of the cube" is a pull whose source is the
    area's center; a push "toward" a center has no one reading and stays text."""
    tier = parse_tier(text)
    assert tier.effects == effects
    assert parse_tier(tier.printed()).effects == effects


def _cube_fight(size: int) -> Encounter:
    """The ogre at (0, 2) with a ``size`` cube within 10 whose every tier prints "pull 3 toward
    the center of the cube"; the hero at (8, 2)."""
    tier = parse_tier("pull 3 toward the center of the cube")
    gather = Ability(
        "Gather", "main action", None, ("Area", "Magic"),
        distance=Distance("cube", size=size, within=10), target=Target("each creature"),
        power_roll=PowerRoll(("might",), tiers=(tier, tier, tier)),
    )  # fmt: skip
    ogre = Creature(id="ogre", pos=(0, 2, 0), stamina_max=40, abilities=(gather,))
    hero = Creature(id="hero", side="heroes", pos=(8, 2, 0), stamina_max=30)
    return Encounter.create(Terrain.flat(12, 12), [ogre, hero])


def test_a_pull_toward_the_center_of_a_cube_goes_to_its_middle_column_r_abil_15() -> None:
    """DS-FORCE-03, R-ABIL-10, R-ABIL-15: a 5 cube with its lowest corner at (4, 0, 0) has its
    middle column at x 6, y 2; the hero at (8, 2, 0) is pulled 3 toward it but stops at (6, 2, 0),
    the center, after 2 squares (not toward the ogre at (0, 2, 0), not toward the corner)."""
    out = brawl.use_ability(_cube_fight(5), "ogre", "Gather", origin=(4, 0, 0), dice=(9, 9))
    (moved,) = [e for e in out.events if isinstance(e, ForceMoved)]
    assert (moved.kind, moved.source, moved.moved) == ("pull", "(6, 2, 0)", 2)
    assert out.state.creature("hero").pos == (6, 2, 0)


def test_an_even_cube_has_no_center_square_r_abil_15() -> None:
    """R-ABIL-10, R-ABIL-15: a 4 cube has no middle square: the pull is reported, not made."""
    out = brawl.use_ability(_cube_fight(4), "ogre", "Gather", origin=(5, 0, 0), dice=(9, 9))
    assert not [e for e in out.events if isinstance(e, ForceMoved)]
    (note,) = [e for e in out.events if isinstance(e, Note) and "center" in e.text]
    assert note.rules == ("R-ABIL-10", "R-ABIL-15")
    assert out.state.creature("hero").pos == (8, 2, 0)


def test_push_ignoring_stability_is_read() -> None:
    """DS-FORCE-16, RB3-TIERS: "push 10, ignoring stability" is one push the target's stability
    does not shorten."""
    tier = parse_tier("Push 10, ignoring stability")
    assert tier.effects == (ForcedMovement("push", 10, ignore_stability=True),)
    assert parse_tier(tier.printed()).effects == tier.effects


@pytest.mark.parametrize(
    ("printed", "used", "moved"), [("push 3, ignoring stability", 0, 3), ("push 3", 2, 1)]
)
def test_a_push_ignoring_stability_moves_its_full_distance_ds_force_16(
    printed: str, used: int, moved: int
) -> None:
    """DS-FORCE-16, R-FORCE-1: against stability 2, "push 3, ignoring stability" moves 3 squares
    (none of the stability used); a plain "push 3" moves 3 - 2 = 1."""
    enc = _fight(printed)
    enc = enc.with_creature(attrs.evolve(enc.creature("hero"), stability=2))
    out = brawl.use_ability(enc, "ogre", "Test Blow", targets=["hero"], dice=(9, 9))
    (push,) = [e for e in out.events if isinstance(e, ForceMoved)]
    assert (push.stability_used, push.moved) == (used, moved)
    assert out.state.creature("hero").pos == (3 + moved, 2, 0)
