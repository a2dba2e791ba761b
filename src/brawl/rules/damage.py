"""Damage: modifiers, weakness, immunity, temporary Stamina, Stamina (R-DMG-1).

The pipeline, in order: the caller's modifiers (halving rounds down, R-DMG-3) → the single
highest applicable weakness (DS-DMG-08, DS-DMG-11) → the single highest applicable immunity,
floor 0, "all" → 0 (DS-DMG-04..07, DS-DMG-10) → temporary Stamina first (DS-STAM-18) → Stamina
(DS-DMG-12). Untyped "damage" immunity and weakness apply to all damage (R-DMG-2).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from brawl.conditions import KNOCKED_OUT, ConditionName, Duration
from brawl.creature import Creature, MapObject
from brawl.damagetypes import ALL, UNTYPED_KEY, DamageType, ImmunityValue, damage_type
from brawl.errors import InvalidArgumentError
from brawl.events.base import Event
from brawl.events.damage import (
    BecameDying,
    BecameWinded,
    Damaged,
    Died,
    KnockedOut,
    ObjectDestroyed,
)
from brawl.outcome import Outcome
from brawl.state import Encounter

MAX_DAMAGE = 10**9
"""Largest damage accepted in one call; larger requests are refused."""

SUBMERGED_FIRE_IMMUNITY = 5  # DS-ENV-01
SUBMERGED_LIGHTNING_WEAKNESS = 5  # DS-ENV-01


@attrs.frozen
class Modifier:
    """A caller's modifier applied before weakness and immunity (R-DMG-1).

    ``factor`` multiplies (0.5 halves, rounding down, R-DMG-3); ``add`` is added afterwards.
    """

    label: str
    factor_num: int = 1
    factor_den: int = 1
    add: int = 0

    def apply(self, amount: int) -> int:
        """The amount after this modifier, never below 0."""
        return max(0, amount * self.factor_num // self.factor_den + self.add)


HALVE = Modifier("halved", 1, 2)
"""Halve the damage, rounding down (DS-DMG-06, R-DMG-3)."""
DOUBLE = Modifier("doubled", 2, 1)
"""Double the damage."""


def bonus(n: int) -> Modifier:
    """Add ``n`` damage (or subtract, for negative ``n``) before weakness and immunity."""
    return Modifier(f"{n:+d}", add=n)


@attrs.frozen
class DamageSteps:
    """The numbers of the pipeline for one target, before Stamina is touched."""

    base: int
    after_modifiers: int
    weakness: int
    after_weakness: int
    immunity: ImmunityValue
    after_immunity: int


def _applicable(table: object, kind: DamageType | None) -> list[ImmunityValue]:
    assert hasattr(table, "get")
    values: list[ImmunityValue] = []
    untyped = table.get(UNTYPED_KEY)
    if untyped is not None:
        values.append(untyped)
    if kind is not None:
        typed = table.get(kind.value)
        if typed is not None:
            values.append(typed)
    return values


def _highest(values: Sequence[ImmunityValue]) -> ImmunityValue:
    if not values:
        return 0
    if ALL in values:
        return ALL
    return max(v for v in values if isinstance(v, int))


def compute(
    amount: int,
    kind: DamageType | None,
    immunities: object,
    weaknesses: object,
    modifiers: Sequence[Modifier] = (),
    *,
    extra_immunities: Sequence[ImmunityValue] = (),
    extra_weaknesses: Sequence[int] = (),
) -> DamageSteps:
    """Run the pipeline up to the damage taken (R-DMG-1); pure arithmetic, no state."""
    after_mod = amount
    for m in modifiers:
        after_mod = m.apply(after_mod)
    weak = _highest([*_applicable(weaknesses, kind), *extra_weaknesses])  # DS-DMG-11
    weak_value = weak if isinstance(weak, int) and after_mod > 0 else 0  # no damage, no extra
    after_weak = after_mod + weak_value
    imm = _highest([*_applicable(immunities, kind), *extra_immunities])  # DS-DMG-07
    after_imm = 0 if imm == ALL else max(0, after_weak - int(imm))  # DS-DMG-04, DS-DMG-05
    return DamageSteps(amount, after_mod, weak_value, after_weak, imm, after_imm)


def _check_amount(amount: int, target: str) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= MAX_DAMAGE:
        raise InvalidArgumentError(
            f"damage {amount!r} to {target!r}: a whole number from 0 to {MAX_DAMAGE}", rule="DS-DMG-01"
        )


def damage(
    state: Encounter,
    target: str,
    amount: int,
    type: DamageType | str | None = None,
    *,
    source: str | None = None,
    modifiers: Sequence[Modifier] = (),
    knock_out: bool = False,
    rules: Sequence[str] = (),
) -> Outcome:
    """Deal ``amount`` damage of ``type`` (None: untyped) to a creature or an object.

    ``knock_out`` chooses to knock the creature unconscious if this damage would kill it
    (DS-STAM-13, R-STAM-4). ``rules`` adds the rule IDs of the cause (a slam, a fall) to the
    events. Returns the new state and the events: :class:`Damaged`, then state changes.
    """
    kind = damage_type(type)
    _check_amount(amount, target)
    if isinstance(target, str) and target in state.objects:
        return _damage_object(state, state.objects[target], amount, kind, source, modifiers, rules)
    c = state.creature(target)
    if c.dead:
        raise InvalidArgumentError(f"damage to {target!r}: the creature is dead", rule="DS-STAM-09")
    extra_imm: list[ImmunityValue] = []
    extra_weak: list[int] = []
    cited = list(rules)
    if state.terrain.is_submerged(c.pos, c.n) and kind in (DamageType.FIRE, DamageType.LIGHTNING):
        if kind is DamageType.FIRE:
            extra_imm.append(SUBMERGED_FIRE_IMMUNITY)
        else:
            extra_weak.append(SUBMERGED_LIGHTNING_WEAKNESS)
        cited.append("DS-ENV-01")
    steps = compute(
        amount,
        kind,
        c.immunities,
        c.weaknesses,
        modifiers,
        extra_immunities=extra_imm,
        extra_weaknesses=extra_weak,
    )
    taken = steps.after_immunity
    absorbed = min(c.temporary_stamina, taken)
    lost = taken - absorbed
    before = c.stamina
    new_stamina = before - lost
    cited += ["DS-DMG-01", "DS-DMG-12"]
    if steps.weakness:
        cited.append("DS-DMG-08")
    if steps.immunity:
        cited.append("DS-DMG-04" if steps.immunity != ALL else "DS-DMG-05")
    if steps.weakness and steps.immunity:
        cited.append("DS-DMG-10")
    if absorbed:
        cited.append("DS-STAM-18")
    if modifiers:
        cited.append("R-DMG-1")
    events: list[Event] = []
    knocked_out_already = any(
        x.name is ConditionName.UNCONSCIOUS and x.source == KNOCKED_OUT for x in c.conditions
    )
    dies = False
    knock = False
    cause = ""
    death_rules: tuple[str, ...] = ()
    if knocked_out_already and taken > 0:
        dies, cause, death_rules = True, "damaged while knocked out", ("DS-STAM-14", "R-STAM-4")
    elif c.hero and new_stamina <= -c.winded_value:
        if knock_out:
            knock = True
            new_stamina = max(new_stamina, -c.winded_value + 1)
        else:
            dies, cause, death_rules = (
                True,
                "Stamina reached the negative of its winded value",
                ("DS-STAM-08", "R-STAM-1"),
            )
    elif not c.hero and new_stamina <= 0 and lost > 0:
        if knock_out:
            knock = True
        else:
            dies, cause, death_rules = True, "Stamina 0 or lower", ("DS-STAM-10", "R-STAM-3")
    new = attrs.evolve(c, stamina=new_stamina, temporary_stamina=c.temporary_stamina - absorbed, dead=dies)
    events.append(
        Damaged(
            target=target,
            base=amount,
            type=kind.value if kind else None,
            source=source,
            modifiers=tuple(m.label for m in modifiers),
            after_modifiers=steps.after_modifiers,
            weakness=steps.weakness,
            after_weakness=steps.after_weakness,
            immunity=steps.immunity,
            after_immunity=taken,
            absorbed=absorbed,
            stamina_lost=lost,
            stamina_before=before,
            stamina_after=new_stamina,
            rules=tuple(dict.fromkeys(cited)),
        )
    )
    state = state.with_creature(new)
    out = Outcome(state, tuple(events))
    if dies:
        return out.add(Died(creature=target, cause=cause, rules=death_rules))
    if not c.is_winded and new.is_winded:
        out = out.add(BecameWinded(creature=target, rules=("DS-STAM-04", "R-STAM-1")))
    if c.hero and not c.is_dying and new.is_dying:
        from brawl.rules.conditions import add_condition

        out = out.add(BecameDying(creature=target, rules=("DS-STAM-06",)))
        out = out.then(add_condition, target, ConditionName.BLEEDING, Duration.WHILE_DYING, source="dying")
    if knock:
        from brawl.rules.conditions import add_condition

        out = out.add(KnockedOut(creature=target, by=source, rules=("DS-STAM-13", "R-STAM-4")))
        out = out.then(
            add_condition, target, ConditionName.UNCONSCIOUS, Duration.UNTIL_REMOVED, source=KNOCKED_OUT
        )
        out = out.then(add_condition, target, ConditionName.PRONE, Duration.UNTIL_REMOVED, source=KNOCKED_OUT)
    return out


def _damage_object(
    state: Encounter,
    obj: MapObject,
    amount: int,
    kind: DamageType | None,
    source: str | None,
    modifiers: Sequence[Modifier],
    rules: Sequence[str],
) -> Outcome:
    steps = compute(amount, kind, obj.immunities, obj.weaknesses, modifiers)
    taken = steps.after_immunity
    before = obj.stamina
    after = max(0, before - taken)
    cited = [*rules, "DS-DMG-01", "DS-OBJ-01"]
    if steps.immunity:
        cited.append("DS-OBJ-02" if steps.immunity == ALL else "DS-DMG-04")
    event = Damaged(
        target=obj.id,
        base=amount,
        type=kind.value if kind else None,
        source=source,
        modifiers=tuple(m.label for m in modifiers),
        after_modifiers=steps.after_modifiers,
        weakness=steps.weakness,
        after_weakness=steps.after_weakness,
        immunity=steps.immunity,
        after_immunity=taken,
        absorbed=0,
        stamina_lost=before - after,
        stamina_before=before,
        stamina_after=after,
        rules=tuple(dict.fromkeys(cited)),
    )
    if after <= 0:
        return Outcome(
            state.without_object(obj.id), (event, ObjectDestroyed(object=obj.id, rules=("DS-OBJ-01",)))
        )
    return Outcome(state.with_object(attrs.evolve(obj, stamina=after)), (event,))


def is_knocked_out(c: Creature) -> bool:
    """Whether the creature is unconscious because it was knocked out (DS-STAM-13)."""
    return any(x.name is ConditionName.UNCONSCIOUS and x.source == KNOCKED_OUT for x in c.conditions)
