"""Surges: gained from effects, spent for extra damage or a higher potency against one target,
lost at the end of combat (RB-SURGE-01..04).

A use of an ability asks for them (:class:`~brawl.rules.abilities.UseAbility`'s ``surges``,
``surge_target`` and ``potency_surges``): up to 3 surges for extra damage to one target the
ability deals rolled damage to, each worth the user's highest characteristic (RB-SURGE-02), and 2
surges for each target whose potency goes up by 1 (RB-SURGE-03). They are spent when the damage
is dealt or the potency checked; a target that takes no damage or faces no potency costs nothing
(R-HERO-2).
"""

from __future__ import annotations

from collections.abc import Iterable

from brawl.creature import MAX_COUNT, Creature
from brawl.errors import ActionUnavailableError, InvalidArgumentError
from brawl.events.heroes import SurgesGained, SurgesLost, SurgesSpent
from brawl.outcome import Outcome
from brawl.rules.potency import highest_characteristic
from brawl.state import Encounter

MOST_ON_DAMAGE = 3
"""Surges one use may spend for extra damage (RB-SURGE-02)."""
PER_POTENCY = 2
"""Surges that raise one target's potency by 1 (RB-SURGE-03)."""
DAMAGE_RULES = ("RB-SURGE-02",)
POTENCY_RULES = ("RB-SURGE-03",)


def gain_surges(out: Outcome, creature: str, amount: int, rules: tuple[str, ...]) -> Outcome:
    """``out`` with ``creature`` gaining ``amount`` surges (RB-SURGE-01)."""
    c = out.state.creature(creature)
    total = min(MAX_COUNT, c.surges + amount)
    return out.add(
        SurgesGained(creature=creature, amount=amount, total=total, rules=rules),
        state=out.state.update_creature(creature, surges=total),
    )


def check_surges(
    user: Creature,
    targets: tuple[str, ...],
    surges: int,
    surge_target: str | None,
    potency_surges: Iterable[str],
    *,
    rolls_damage: bool,
    has_potency: bool,
) -> None:
    """Raise unless the surges asked for may be spent on this use: at most 3 for damage, on an
    ability that rolls damage, to one of its targets; 2 a target for potency, on an ability with
    a potency, each target once; no more than the user holds (RB-SURGE-02, RB-SURGE-03)."""
    raised = tuple(potency_surges)
    if not surges and not raised and surge_target is None:
        return
    who = f"surges by {user.id!r}"
    if surges and not rolls_damage:
        raise InvalidArgumentError(f"{who}: the ability deals no rolled damage", rule=DAMAGE_RULES)
    if surge_target is not None and not surges:
        raise InvalidArgumentError(f"{who}: surge_target {surge_target!r} with no surges", rule=DAMAGE_RULES)
    if surge_target is not None and surge_target not in targets:
        raise InvalidArgumentError(f"{who}: {surge_target!r} is not a target of this use", rule=DAMAGE_RULES)
    if raised and not has_potency:
        raise InvalidArgumentError(f"{who}: the ability has no potency to raise", rule=POTENCY_RULES)
    for tid in raised:
        if tid not in targets:
            raise InvalidArgumentError(f"{who}: {tid!r} is not a target of this use", rule=POTENCY_RULES)
    need = surges + PER_POTENCY * len(raised)
    if need > user.surges:
        raise ActionUnavailableError(
            f"{who}: {need} asked for, {user.surges} held", rule=("RB-SURGE-02", "RB-SURGE-03")
        )


def surge_damage(out: Outcome, user: str, target: str, surges: int) -> tuple[Outcome, int]:
    """Spend ``surges`` as ``user`` deals rolled damage to ``target``: the outcome with the spending
    and the extra damage, each surge the user's highest characteristic (RB-SURGE-02)."""
    bonus = surges * max(0, highest_characteristic(out.state.creature(user)))
    return _spend(out, user, target, surges, "damage", bonus, DAMAGE_RULES), bonus


def surge_potency(out: Outcome, user: str, target: str) -> Outcome:
    """Spend 2 surges to raise the potency of ``user``'s ability against ``target`` by 1 (RB-SURGE-03)."""
    return _spend(out, user, target, PER_POTENCY, "potency", 1, POTENCY_RULES)


def _spend(
    out: Outcome, user: str, target: str, amount: int, purpose: str, bonus: int, rules: tuple[str, ...]
) -> Outcome:
    """``user``'s ``amount`` surges spent on ``target`` for ``purpose``, with its event."""
    left = out.state.creature(user).surges - amount
    spent = SurgesSpent(
        creature=user, amount=amount, left=left, target=target, purpose=purpose, bonus=bonus, rules=rules
    )
    return out.add(spent, state=out.state.update_creature(user, surges=left))


def lose_surges(state: Encounter) -> Outcome:
    """Every creature's unspent surges are lost at the end of combat (RB-SURGE-04)."""
    out = Outcome(state, ())
    for c in state.creature_list():
        if c.surges:
            out = out.add(
                SurgesLost(creature=c.id, amount=c.surges, rules=("RB-SURGE-04",)),
                state=out.state.update_creature(c.id, surges=0),
            )
    return out


__all__ = [
    "MOST_ON_DAMAGE",
    "PER_POTENCY",
    "check_surges",
    "gain_surges",
    "lose_surges",
    "surge_damage",
    "surge_potency",
]
