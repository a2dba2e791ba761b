"""Using an ability: the checks, the one power roll for all targets, each tier's effects (R-ABIL-1..12).

:class:`UseAbility` checks that the user may use the ability now (alive, able to take its kind of
action, paying its cost), that each target is one the ability allows, within its distance and in
line of effect, or places its area (:mod:`brawl.rules.areas`); those checks are
:mod:`brawl.rules.abilities.targets`. It then makes one power roll for every target, with each
target's own edges and banes, so targets can land on different tiers (RB3-MULTI); the roller may
take a lower tier (RB3-DOWNGRADE). Each tier's effects go through the existing rules, with the
potency checked first (RB2-POTENCY): :mod:`brawl.rules.abilities.effects`. Its fields are
declared once, in :mod:`brawl.rules.abilities.request`. Which action of the turn is spent is the
turn system's business; the request says which (its ``cost_in``).
"""

from __future__ import annotations

import attrs

from brawl.abilities.model import Ability
from brawl.creature import Creature
from brawl.errors import RulesError
from brawl.outcome import Outcome
from brawl.rules.abilities.effects import resolve_use
from brawl.rules.abilities.request import COSTS as COSTS
from brawl.rules.abilities.request import AbilityRequest
from brawl.rules.abilities.targets import ability_targets as ability_targets
from brawl.rules.abilities.targets import aimed, plan_use
from brawl.rules.abilities.targets import allows as allows
from brawl.rules.abilities.targets import area_candidates as area_candidates
from brawl.rules.persistent import check_lasting, raise_lasting
from brawl.rules.recoveries import as_damage_comes, check_token_stamina
from brawl.state import Encounter


@attrs.frozen
class UseAbility(AbilityRequest):
    """``user`` uses its ability named ``ability`` (R-ABIL-1..12, R-AREA-1..5).

    ``targets``: the creatures and objects chosen (an area finds its own when empty; choose among
    them when the ability allows fewer than are in it). ``dice``: the two d10 of the one power roll
    (RB3-MULTI). ``origin`` and ``direction`` place a cube or a line, ``wall`` lists a wall's
    squares. ``tiers`` takes a lower tier against a target (RB3-DOWNGRADE). ``damage_type`` picks
    among several printed types (R-ABIL-3); ``slides`` gives each slide's path (R-GEO-3).
    ``extra`` adds edge or bane reasons for every target; ``knock_out`` knocks out instead of
    killing (DS-STAM-13); ``granted``: used as an effect grants it, spending nothing of the turn
    (R-TURN-8); ``shifts`` gives, by target, the path of a shift its tier prints (R-ABIL-14);
    ``choices`` the option taken, by target, where its tier prints a choice (R-ABIL-18).
    """

    def verify(self, state: Encounter) -> None:
        """Raise the :class:`~brawl.errors.RulesError` that forbids this use, by checks alone
        (R-ABIL-1..12).

        The user alive with the ability on its block, able to take the ability's kind of action
        (DS-COND-04, DS-TURN-08), paying its cost (DS-SIDE-04, RB6-MALICE); each target allowed,
        within distance and in line of effect, not hidden from a non-area ability (DS-COND-14), or
        the area placed in range with line of effect to its origin (R-AREA-1..5).
        """
        plan = plan_use(state, self)
        check_lasting(state, plan.user.id, plan.ability, plan.area)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)

    def resolve(self, state: Encounter) -> Outcome:
        """Check, pay, roll and resolve every target's tier; a wall or an aura then lasts for its
        duration (R-AREA-8..12); named heroes' hero tokens spent first (RB-TOKEN-03)."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        plan = plan_use(state, self)
        check_lasting(state, plan.user.id, plan.ability, plan.area)
        return raise_lasting(resolve_use(state, plan, self), plan.user.id, plan.ability, plan.area)


def verified_use(state: Encounter, request: UseAbility, user: Creature, ability: Ability) -> bool:
    """Whether ``request`` verifies (:meth:`UseAbility.verify` raises no
    :class:`~brawl.errors.RulesError`), when :func:`~brawl.rules.abilities.targets.ready` gave
    ``user`` and ``ability`` for its user, ability and spend in ``state`` (or they passed its
    checks, :func:`~brawl.rules.abilities.targets.able`): the checks of the user made once for
    the many uses a listing checks, the others as ``verify`` makes them."""
    try:
        area = aimed(state, request, user, ability).area
        if area is not None:  # else check_lasting has nothing to check
            check_lasting(state, user.id, ability, area)
        if request.token_stamina:
            check_token_stamina(state, request.token_stamina)
    except RulesError:
        return False
    return True


__all__ = ["COSTS", "UseAbility", "ability_targets", "allows", "area_candidates", "verified_use"]
