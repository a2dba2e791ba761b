"""parse_tier: the usual printed forms of a tier into effects; what it cannot read stays text (RB3-TIERS)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
from brawl import strategies
from brawl.abilities.model import ApplyCondition, Damage, ForcedMovement, Potency, TextEffect, Tier
from brawl.abilities.parse import format_tier, parse_tier


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        ("2 damage; pull 1", (Damage(2), ForcedMovement("pull", 1))),
        (
            "6 + M fire damage; A < 2 prone",
            (Damage(6, ("might",), ("fire",)), ApplyCondition("prone", "", Potency("agility", 2))),
        ),
        (
            "9 damage; M < 3 slowed (save ends)",
            (Damage(9), ApplyCondition("slowed", "save ends", Potency("might", 3))),
        ),
        (
            "push 3; the target is taunted (EoT)",
            (ForcedMovement("push", 3), ApplyCondition("taunted", "end of turn")),
        ),
        ("2 + M or A damage", (Damage(2, ("might", "agility")),)),
        ("3 fire or cold damage", (Damage(3, (), ("fire", "cold")),)),
        ("5 + R psychic damage.", (Damage(5, ("reason",), ("psychic",)),)),
        ("Vertical Push 4", (ForcedMovement("push", 4, vertical=True),)),
        ("slide 2", (ForcedMovement("slide", 2),)),
        (
            "R < AVERAGE, dazed (save ends)",
            (ApplyCondition("dazed", "save ends", Potency("reason", "average")),),
        ),
        (
            "P < strong frightened (EoE)",
            (ApplyCondition("frightened", "end of encounter", Potency("presence", "strong")),),
        ),
        (
            "I<-1 weakened (end of encounter)",
            (ApplyCondition("weakened", "end of encounter", Potency("intuition", -1)),),
        ),
        ("grabbed", (ApplyCondition("grabbed", ""),)),
    ],
)
def test_the_usual_printed_forms(text: str, effects: tuple[object, ...]) -> None:
    """RB3-TIERS, RB2-POTENCY, RB2-EOT, RB2-SAVE, RB2-EOE, DS-FORCE-02..04, DS-FORCE-10."""
    tier = brawl.parse_tier(text)
    assert tier == Tier(text, effects)
    assert tier.unresolved == ()


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        ("the target swaps places with an ally", (TextEffect("the target swaps places with an ally"),)),
        (
            "A < WEAK, prone or the target sings",
            (TextEffect("prone or the target sings", Potency("agility", "weak")),),
        ),
        ("bleeding, dazed, or the target sings", (TextEffect("bleeding, dazed, or the target sings"),)),
        ("the target is slowed until it rests", (TextEffect("the target is slowed until it rests"),)),
        ("4 damage; teleport the target 3", (Damage(4), TextEffect("teleport the target 3"))),
        ("push three", (TextEffect("push three"),)),
        ("2 + M + A damage", (TextEffect("2 + M + A damage"),)),
        ("99999 damage", (TextEffect("99999 damage"),)),
    ],
)
def test_what_it_cannot_read_is_kept_as_text_and_reported(text: str, effects: tuple[object, ...]) -> None:
    """RB3-TIERS: unknown words are never guessed and never dropped; the tier reports them."""
    tier = parse_tier(text)
    assert tier.effects == effects
    assert tier.unresolved == tuple(e for e in effects if isinstance(e, TextEffect))
    assert tier.text == text


def test_wrong_types_raise_type_error() -> None:
    with pytest.raises(TypeError):
        parse_tier(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        format_tier("2 damage")  # type: ignore[arg-type]


@given(strategies.tiers())
def test_printing_a_tier_and_parsing_it_again_gives_the_same_effects(tier: Tier) -> None:
    """RB3-TIERS: parse_tier(format_tier(t)) has t's effects."""
    again = parse_tier(format_tier(tier))
    assert again.effects == tier.effects
    assert again.printed() == tier.printed()


@given(st.text(max_size=200))
def test_any_text_parses_without_error_and_keeps_every_clause(text: str) -> None:
    """RB3-TIERS: never an error, the text kept verbatim, what is left unread is the printed words."""
    tier = parse_tier(text)
    assert tier.text == text
    for effect in tier.unresolved:
        assert " ".join(effect.text.split()).lower() in " ".join(text.split()).lower()
