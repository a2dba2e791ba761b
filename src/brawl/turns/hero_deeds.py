"""What a hero may spend on its own Draw Steel turn, for ``legal_actions``: hero tokens for surges
or Stamina (RB-TOKEN-07, RB-TOKEN-02), and its surges on an ability's rolled damage (RB-SURGE-02);
and, on anyone's turn, a dead troubadour's return to life (RB-HR-17).

Each is offered only when it is affordable and allowed now (the request's own checks); the surge
variant of an ability use spends as many surges as the hero holds, up to three, on the first target
dealt rolled damage (the split among targets is the caller's choice, :class:`UseAbility`'s
``surge_target``).
"""

from __future__ import annotations

from collections.abc import Iterable

from brawl.fields import put
from brawl.requests import Action
from brawl.rules.abilities import UseAbility
from brawl.rules.abilities.targets import deals_damage
from brawl.rules.class_triggers import ReturnToLife
from brawl.rules.recoveries import HeroTokenStamina
from brawl.rules.surges import MOST_ON_DAMAGE
from brawl.rules.tokens import STAMINA_TOKENS, HeroTokenSurges, pool
from brawl.state import Encounter
from brawl.turns.records import verified


def hero_deeds(state: Encounter, cid: str) -> list[Action]:
    """The hero token benefits ``cid`` may take now on its turn: 1 token for 2 surges, 2 for its
    recovery value in Stamina, each verified (RB-TOKEN-07, RB-TOKEN-02, RB-TOKEN-09)."""
    c = state.creature(cid)
    if not c.hero or c.dead:
        return []
    offers: list[Action] = [HeroTokenSurges(cid), HeroTokenStamina(cid)]
    return [a for a in offers if verified(a, state)]


def returns_to_life(state: Encounter, creature: str | None) -> list[Action]:
    """The dead troubadours (``creature`` alone if given) that may return to life now, holding
    30 drama or more, on anyone's turn or between turns (RB-HR-17, R-HERO-10)."""
    if getattr(state.turn, "resource_triggers", None) is None:  # no class in the fight
        return []
    dead = [c.id for c in state.creature_list() if c.dead and c.hero and creature in (None, c.id)]
    return [a for a in (ReturnToLife(cid) for cid in sorted(dead)) if verified(a, state)]


def surge_variants(state: Encounter, cid: str, uses: Iterable[Action]) -> list[Action]:
    """For a hero holding surges, each use of an ability with rolled damage again, spending as
    many surges as it holds, up to 3, for extra damage (RB-SURGE-02); each verified."""
    c = state.creature(cid)
    if not c.hero or c.surges <= 0:
        return []
    spend = min(MOST_ON_DAMAGE, c.surges)
    found: list[Action] = []
    for use in uses:
        if not isinstance(use, UseAbility) or use.surges:
            continue
        ability = c.ability(use.ability)
        if ability is None or ability.power_roll is None or not deals_damage(ability):
            continue
        variant = put(use, surges=spend)  # 1 to 3: what the field's check asks (RB-SURGE-02)
        if verified(variant, state):
            found.append(variant)
    return found


def hero_deed(state: Encounter, cid: str | None, *, reserve: int = STAMINA_TOKENS) -> Action | None:
    """What a simple hero spends on its turn, for the policies: 2 hero tokens for Stamina when it
    is winded (RB-TOKEN-02), else 1 for 2 surges when it holds none and the party keeps
    ``reserve`` more (by default enough for Stamina) (RB-TOKEN-07); None if neither is allowed now
    (one benefit a turn, RB-TOKEN-09)."""
    if cid is None:
        return None
    c = state.creature(cid)
    if not c.hero or c.dead:
        return None
    if c.is_winded or c.is_dying:
        stamina = HeroTokenStamina(cid)
        if verified(stamina, state):
            return stamina
    held = pool(state)
    if c.surges == 0 and held is not None and held >= reserve + 1 and not c.is_winded:
        surges = HeroTokenSurges(cid)
        if verified(surges, state):
            return surges
    return None


def with_surges(state: Encounter, action: Action) -> Action:
    """``action`` spending the user's surges on its rolled damage, up to 3 (RB-SURGE-02), when it
    is a hero's ability use that may; else ``action`` itself."""
    if not isinstance(action, UseAbility) or action.surges:
        return action
    found = surge_variants(state, action.user, (action,))
    return found[0] if found else action


__all__ = ["hero_deed", "hero_deeds", "returns_to_life", "surge_variants", "with_surges"]
