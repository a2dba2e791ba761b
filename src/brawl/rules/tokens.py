"""Hero tokens: the party's pool, kept in a Draw Steel combat's bookkeeping, and what a token buys
(RB-TOKEN-01..10).

The pool starts a session with one token per hero (RB-TOKEN-05, :func:`session_tokens`); a
combat starts with the pool the table gives (:class:`~brawl.turns.records.StartCombat`'s
``hero_tokens``; by default one per hero of the encounter). The Director awards more
(:class:`AwardHeroTokens`, RB-TOKEN-06). A hero spends 1 for 2 surges (:class:`HeroTokenSurges`,
RB-TOKEN-07), 1 to turn a failed saving throw into a success (``SaveAgainst(hero_token=True)``,
RB-TOKEN-08) and 2 for Stamina equal to its recovery value, on its own turn
(:class:`~brawl.rules.recoveries.HeroTokenStamina`) or as it takes damage, before the damage
(the ``token_stamina`` heroes of the request dealing it,
:func:`~brawl.rules.recoveries.as_damage_comes`) (RB-TOKEN-02, RB-TOKEN-03): one benefit a turn
(RB-TOKEN-09).
Unused tokens are gone at the end of the session (RB-TOKEN-10, :func:`session_end_tokens`).
"""

from __future__ import annotations

from typing import Any

import attrs

from brawl.creature import MAX_COUNT, Creature
from brawl.errors import ActionUnavailableError
from brawl.events.heroes import HeroTokensAwarded, HeroTokensSpent
from brawl.fields import ident, text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.surges import gain_surges
from brawl.state import Encounter

SURGES_PER_TOKEN = 2
"""Surges one hero token buys (RB-TOKEN-07)."""
STAMINA_TOKENS = 2
"""Hero tokens the Stamina benefit costs (RB-TOKEN-02)."""


def session_tokens(state: Encounter) -> int:
    """The pool at the start of a game session: one token per hero in the party (RB-TOKEN-05)."""
    return sum(1 for c in state.creature_list() if c.hero)


def session_end_tokens(pool: int, *, keep: bool = False) -> int:
    """The pool once the session ends: unused tokens are gone, unless the Director keeps them
    (RB-TOKEN-10)."""
    return pool if keep else 0


def pool(state: Encounter) -> int | None:
    """The party's hero tokens in a Draw Steel combat (by default one per hero of the encounter,
    RB-TOKEN-05), or None when no combat keeps them."""
    t = state.turn
    if t is None or not hasattr(t, "hero_tokens"):
        return None
    held: int | None = t.hero_tokens
    return session_tokens(state) if held is None else held


def _bookkeeping(state: Encounter, **values: Any) -> Encounter:
    """``state`` with fields of the Draw Steel bookkeeping set (its class: a layer above)."""
    return state.with_turn(attrs.evolve(state.turn, **values))  # type: ignore[misc]


def check_spend(state: Encounter, hero: str, amount: int, rules: tuple[str, ...]) -> Creature:
    """Raise unless the living hero ``hero`` may spend ``amount`` hero tokens for one benefit now:
    in a combat that keeps the pool, enough in it, and no benefit yet this turn (RB-TOKEN-04,
    RB-TOKEN-09). The hero."""
    c = state.creature(hero)
    who = f"hero token by {hero!r}"
    if not c.hero or c.dead:
        raise ActionUnavailableError(f"{who}: only a living hero spends hero tokens", rule="RB-TOKEN-04")
    held = pool(state)
    if held is None:
        raise ActionUnavailableError(f"{who}: the pool is kept in a Draw Steel combat", rule="RB-TOKEN-04")
    if held < amount:
        raise ActionUnavailableError(f"{who}: {amount} needed, the party holds {held}", rule=rules)
    if hero in getattr(state.turn, "token_used", frozenset()):
        raise ActionUnavailableError(
            f"{who}: it already had a hero token's benefit this turn", rule=("RB-TOKEN-09", *rules)
        )
    return c


def spend_tokens(state: Encounter, hero: str, amount: int, benefit: str, rules: tuple[str, ...]) -> Outcome:
    """``hero`` spends ``amount`` tokens of the party's pool for its one benefit this turn
    (RB-TOKEN-04, RB-TOKEN-09); the checks are the caller's (:func:`check_spend`)."""
    held = pool(state)
    assert held is not None  # checked by check_spend
    used: frozenset[str] = getattr(state.turn, "token_used", frozenset())
    left = held - amount
    return Outcome(
        _bookkeeping(state, hero_tokens=left, token_used=used | {hero}),
        (
            HeroTokensSpent(
                creature=hero, amount=amount, left=left, benefit=benefit, rules=(*rules, "RB-TOKEN-09")
            ),
        ),
    )


SAVE_RULES = ("RB-TOKEN-08",)


def saved_by_token(state: Encounter, hero: str, against: str) -> Outcome:
    """``hero`` spends a token to turn its failed saving throw against ``against`` into a success
    (RB-TOKEN-08)."""
    return spend_tokens(state, hero, 1, f"the failed saving throw against {against} succeeds", SAVE_RULES)


@attrs.frozen
class HeroTokenSurges(Action):
    """A hero spends 1 hero token from the party's pool for 2 surges (RB-TOKEN-07), its one hero
    token benefit this turn (RB-TOKEN-09)."""

    creature: str = attrs.field(validator=ident("RB-TOKEN-07"))
    """The hero."""

    def verify(self, state: Encounter) -> None:
        check_spend(state, self.creature, 1, ("RB-TOKEN-07",))

    def resolve(self, state: Encounter) -> Outcome:
        check_spend(state, self.creature, 1, ("RB-TOKEN-07",))
        out = spend_tokens(state, self.creature, 1, f"{SURGES_PER_TOKEN} surges", ("RB-TOKEN-07",))
        return gain_surges(out, self.creature, SURGES_PER_TOKEN, ("RB-TOKEN-07", "RB-SURGE-01"))


@attrs.frozen
class AwardHeroTokens(Action):
    """The Director awards the party hero tokens, for a heroic risk or a test's success with a
    reward (RB-TOKEN-06), in a Draw Steel combat that keeps the pool."""

    amount: int = attrs.field(default=1, validator=whole("RB-TOKEN-06", lo=1, hi=MAX_COUNT))
    """How many tokens."""
    reason: str = attrs.field(default="", validator=text("RB-TOKEN-06"))
    """Why, in words."""

    def verify(self, state: Encounter) -> None:
        if pool(state) is None:
            raise ActionUnavailableError(
                "award_hero_tokens: the pool is kept in a Draw Steel combat", rule="RB-TOKEN-06"
            )

    def resolve(self, state: Encounter) -> Outcome:
        self.verify(state)
        held = pool(state)
        assert held is not None  # verified
        total = min(MAX_COUNT, held + self.amount)
        return Outcome(
            _bookkeeping(state, hero_tokens=total),
            (HeroTokensAwarded(amount=self.amount, total=total, reason=self.reason, rules=("RB-TOKEN-06",)),),
        )


__all__ = [
    "STAMINA_TOKENS",
    "SURGES_PER_TOKEN",
    "AwardHeroTokens",
    "HeroTokenSurges",
    "check_spend",
    "pool",
    "saved_by_token",
    "session_end_tokens",
    "session_tokens",
    "spend_tokens",
]
