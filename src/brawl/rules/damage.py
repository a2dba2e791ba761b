"""Damage: modifiers, weakness, immunity, temporary Stamina, Stamina (R-DMG-1).

The pipeline, in order: the caller's modifiers (halving rounds down, R-DMG-3) → the single
highest applicable weakness (DS-DMG-08, DS-DMG-11) → the single highest applicable immunity,
floor 0, "all" → 0 (DS-DMG-04..07, DS-DMG-10) → temporary Stamina first (DS-STAM-18) → Stamina
(DS-DMG-12). Untyped "damage" immunity and weakness apply to all damage (R-DMG-2). Weakness
adds nothing to damage that modifiers brought to 0 (ruling R-DMG-4).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence

import attrs

from brawl.checks import whole_number
from brawl.conditions import KNOCKED_OUT, ConditionName, Duration
from brawl.creature import Creature, MapObject
from brawl.damagetypes import ALL, UNTYPED_KEY, DamageType, ImmunityValue, damage_type
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.events.base import Event, maker
from brawl.events.damage import Damaged, KnockedOut, ObjectDestroyed
from brawl.fields import flag, ident, ids, text, whole
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rng import Rng
from brawl.rules.conditions import impose_condition, release_grabs
from brawl.rules.conditions import is_knocked_out as is_knocked_out
from brawl.rules.lasting import lasting_weaknesses
from brawl.rules.recoveries import as_damage_comes, check_token_stamina, token_stamina_field
from brawl.rules.squad_damage import lose_from_pool
from brawl.rules.squads import in_squad, pool_loss
from brawl.rules.stamina import death_threshold, store_stamina, with_stamina, would_die
from brawl.state import Encounter, TurnState

MAX_DAMAGE = 10**9
"""Largest damage accepted in one call; larger requests are refused."""
MAX_FACTOR = 1000
"""Largest numerator or denominator of a :class:`Modifier` factor."""

SUBMERGED_FIRE_IMMUNITY = 5  # DS-ENV-01
SUBMERGED_LIGHTNING_WEAKNESS = 5  # DS-ENV-01


def _check_factor(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    low = 0 if attribute.name == "factor_num" else 1
    whole_number(value, low, MAX_FACTOR, what=f"modifier {attribute.name}", rule="R-DMG-1")


def _check_add(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    whole_number(value, -MAX_DAMAGE, MAX_DAMAGE, what="modifier add", rule="R-DMG-1")


@attrs.frozen
class Modifier:
    """A caller's modifier applied before weakness and immunity (R-DMG-1).

    The amount is multiplied by ``factor_num / factor_den`` rounding down (halving: 1/2,
    R-DMG-3), then ``add`` is added; never below 0.
    """

    label: str
    factor_num: int = attrs.field(default=1, validator=_check_factor)
    factor_den: int = attrs.field(default=1, validator=_check_factor)
    add: int = attrs.field(default=0, validator=_check_add)

    def apply(self, amount: int) -> int:
        """The amount after this modifier, never below 0."""
        return max(0, amount * self.factor_num // self.factor_den + self.add)


HALVE = Modifier("halved", 1, 2)
"""Halve the damage, rounding down (DS-DMG-06, R-DMG-3)."""
DOUBLE = Modifier("doubled", 2, 1)
"""Double the damage."""


def bonus(n: int) -> Modifier:
    """Add ``n`` damage (or subtract, for negative ``n``) before weakness and immunity."""
    whole_number(n, None, None, what="bonus(n)", rule="R-DMG-1")
    return Modifier(f"{n:+d}", add=n)


@attrs.frozen
class DamageSteps:
    """The numbers of the pipeline for one target, before Stamina is touched (R-DMG-1)."""

    base: int
    after_modifiers: int
    weakness: int
    after_weakness: int
    immunity: ImmunityValue
    after_immunity: int


def _applicable(table: Mapping[str, ImmunityValue], kind: DamageType | None) -> list[ImmunityValue]:
    values: list[ImmunityValue] = []
    untyped = table.get(UNTYPED_KEY)  # R-DMG-2: "damage immunity/weakness X" applies to all damage
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
    immunities: Mapping[str, ImmunityValue],
    weaknesses: Mapping[str, int],
    modifiers: Sequence[Modifier] = (),
    *,
    extra_immunities: Sequence[ImmunityValue] = (),
    extra_weaknesses: Sequence[int] = (),
) -> DamageSteps:
    """Run the pipeline up to the damage taken (R-DMG-1); pure arithmetic, no state."""
    if not (modifiers or immunities or weaknesses or extra_immunities or extra_weaknesses):
        found = _WHOLE.get(amount)  # nothing applies: the whole amount is taken
        if found is None:
            found = DamageSteps(amount, amount, 0, amount, 0, max(0, amount))
            if type(amount) is int:  # kept by value: True is 1 to a dict
                if len(_WHOLE) >= _MAX_WHOLE:
                    _WHOLE.clear()
                _WHOLE[amount] = found
        return found
    after_mod = amount
    for m in modifiers:
        after_mod = m.apply(after_mod)
    weak = _highest([*_applicable(weaknesses, kind), *extra_weaknesses])  # DS-DMG-11
    weak_value = weak if isinstance(weak, int) and after_mod > 0 else 0  # R-DMG-4: no damage, no extra
    after_weak = after_mod + weak_value
    imm = _highest([*_applicable(immunities, kind), *extra_immunities])  # DS-DMG-07
    after_imm = 0 if imm == ALL else max(0, after_weak - int(imm))  # DS-DMG-04, DS-DMG-05
    return DamageSteps(amount, after_mod, weak_value, after_weak, imm, after_imm)


_WHOLE: dict[int, DamageSteps] = {}
"""The pipeline's numbers when nothing applies, by amount (records are immutable: shared)."""
_MAX_WHOLE = 1024


def _check_amount(amount: int, target: object) -> None:
    whole_number(amount, 0, MAX_DAMAGE, what=f"damage to {target!r}", rule="DS-DMG-01")


def _check_modifiers(modifiers: Sequence[Modifier]) -> tuple[Modifier, ...]:
    try:
        items = tuple(modifiers)
    except TypeError:
        raise InvalidArgumentError(
            f"modifiers {modifiers!r}: a sequence of Modifier", rule="R-DMG-1"
        ) from None
    if not all(isinstance(m, Modifier) for m in items):
        raise InvalidArgumentError(f"modifiers {modifiers!r}: each must be a Modifier", rule="R-DMG-1")
    return items


def creature_steps(
    state: Encounter,
    creature: str,
    amount: int,
    type: DamageType | str | None = None,
    modifiers: Sequence[Modifier] = (),
) -> DamageSteps:
    """The pipeline's numbers for a creature without dealing the damage (a preview).

    A fully submerged creature has fire immunity 5 and lightning weakness 5 (DS-ENV-01).
    """
    kind = damage_type(type)
    _check_amount(amount, creature)
    c = state.creature(creature)
    extra_imm, extra_weak = _submerged(state, c, kind)
    if c.named_conditions:  # a lasting weakness (R-ABIL-20)
        extra_weak = [*extra_weak, *lasting_weaknesses(c, kind)]
    return compute(
        amount,
        kind,
        c.immunities,
        c.weaknesses,
        _check_modifiers(modifiers),
        extra_immunities=extra_imm,
        extra_weaknesses=extra_weak,
    )


def _submerged(
    state: Encounter, c: Creature, kind: DamageType | None
) -> tuple[list[ImmunityValue], list[int]]:
    if kind not in (DamageType.FIRE, DamageType.LIGHTNING) or not state.terrain.is_submerged(c.pos, c.n):
        return [], []
    if kind is DamageType.FIRE:
        return [SUBMERGED_FIRE_IMMUNITY], []
    return [], [SUBMERGED_LIGHTNING_WEAKNESS]


def _type_name(value: DamageType | str | None) -> str | None:
    return value.value if isinstance(value, enum.Enum) else value


def _modifiers(value: Iterable[Modifier]) -> tuple[Modifier, ...]:
    items = tuple(value) if isinstance(value, Iterable) else None
    if items is None or not all(isinstance(m, Modifier) for m in items):
        raise ArgumentTypeError(
            f"Damage.modifiers {value!r}: a sequence of Modifier is needed", rule="R-DMG-1"
        )
    return items


def _rules(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "rules")


def _chosen(value: Iterable[str]) -> tuple[str, ...]:
    return ids(value, "chosen", "RB-SQUAD-07")


@attrs.frozen
class Damage(Action):
    """Deal ``amount`` damage of ``type`` (None: untyped) to a creature or an object (R-DMG-1).

    ``knock_out`` chooses to knock the creature unconscious if this damage would kill it
    (DS-STAM-13, R-STAM-4). A knocked-out creature that takes any damage dies, even damage
    its temporary Stamina absorbs (DS-STAM-14, R-STAM-4); damage its immunity brings to 0 is
    not taken (ruling R-DMG-5). ``rules`` adds the rule IDs of the cause (a slam, a fall) to
    the events. The events: :class:`Damaged`, then state changes. A bad amount or type, an
    unknown or dead target is refused (DS-DMG-01, DS-DMG-03, DS-STAM-09).
    """

    target: str = attrs.field(validator=ident("DS-DMG-01"))
    """The creature or object damaged."""
    amount: int = attrs.field(validator=whole("DS-DMG-01"))
    """The damage before modifiers, weakness and immunity."""
    type: str | None = attrs.field(
        default=None, converter=_type_name, validator=text("DS-DMG-03", optional=True)
    )
    """The damage type's name; None, ``""`` or ``"untyped"``: untyped (DS-DMG-02)."""
    source: str | None = attrs.field(default=None, validator=ident("DS-DMG-01", optional=True))
    """Who or what deals it."""
    knock_out: bool = attrs.field(default=False, validator=flag("DS-STAM-13"))
    """Knock the creature out instead of killing it (DS-STAM-13, R-STAM-4)."""
    modifiers: tuple[Modifier, ...] = attrs.field(default=(), converter=_modifiers)
    """The caller's modifiers, applied first (R-DMG-1)."""
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rules)
    """Rule IDs of the cause (a slam, a fall), cited by the events."""
    area: bool = attrs.field(default=False, validator=flag("RB-SQUAD-10"))
    """Area damage: on a minion of a squad it takes off the pool at most the minion's own Stamina
    and kills no minion outside the area (RB-SQUAD-10, RB-SQUAD-11)."""
    chosen: tuple[str, ...] = attrs.field(default=(), converter=_chosen)
    """The minions the attacker picks to die first when damage to a squad removes some
    (RB-SQUAD-07, RB-SQUAD-09); the rest by :func:`brawl.rules.squads.pool_loss`."""
    token_stamina: tuple[str, ...] | bool = token_stamina_field(flag_for_target=True)
    """The heroes that spend 2 hero tokens each for Stamina equal to their recovery value before
    the damage (RB-TOKEN-02, RB-TOKEN-03); ``True``: the target."""

    def verify(self, state: Encounter) -> None:
        """Raise the error that forbids this damage: a bad amount or type, an unknown or dead
        target (DS-DMG-01, DS-DMG-03, DS-STAM-09); hero tokens it can't spend (RB-TOKEN-03)."""
        _verified(state, self.target, self.amount, self.type)
        if self.token_stamina:
            check_token_stamina(state, self.token_stamina)  # type: ignore[arg-type]  # converted

    def resolve(self, state: Encounter) -> Outcome:
        """Deal the damage (R-DMG-1, DS-STAM-13, DS-STAM-14), after the hero tokens' Stamina."""
        if self.token_stamina:
            return as_damage_comes(state, self)
        kind = _verified(state, self.target, self.amount, self.type)
        return _resolve(
            state, self.target, self.amount, kind, self.source, self.knock_out, self.modifiers, self.rules,
            area=self.area, chosen=self.chosen,
        )  # fmt: skip


def _verified(state: Encounter, target: str, amount: int, type: DamageType | str | None) -> DamageType | None:
    """The checks of :meth:`Damage.verify`; the damage type they read."""
    kind = _KINDS.get(type) if isinstance(type, str) else None
    if kind is None:
        kind = damage_type(type)
        if isinstance(type, str) and kind is not None and len(_KINDS) < _MAX_KINDS:
            _KINDS[type] = kind
    _check_amount(amount, target)
    if target not in state.objects and state.creature(target).dead:
        raise InvalidArgumentError(f"damage to {target!r}: the creature is dead", rule="DS-STAM-09")
    return kind


_KINDS: dict[str, DamageType] = {}
"""The damage types named so far (``"fire"``, ``"Fire"``), as :func:`damage_type` reads them."""
_MAX_KINDS = 256
_NAMES = {kind: kind.value for kind in DamageType}
"""Each damage type's name, for the events."""


def deal_damage(
    state: Encounter,
    target: str,
    amount: int,
    type: DamageType | str | None = None,
    *,
    source: str | None = None,
    modifiers: Sequence[Modifier] = (),
    knock_out: bool = False,
    rules: Sequence[str] = (),
    area: bool = False,
    chosen: Sequence[str] = (),
) -> Outcome:
    """The :class:`Damage` rule for a rule that deals damage itself (a strike, a fall, a slam,
    damaging terrain): the same checks of the state and the same resolution, with no record to
    build and no consequences settled (the calling rule's own call settles them)."""
    kind = _verified(state, target, amount, type)
    mods = _check_modifiers(modifiers) if modifiers else ()
    return _resolve(
        state, target, amount, kind, source, knock_out, mods, tuple(rules), area=area, chosen=tuple(chosen)
    )


def _resolve(
    state: Encounter,
    target: str,
    amount: int,
    kind: DamageType | None,
    source: str | None,
    knock_out: bool,
    mods: tuple[Modifier, ...],
    rules: tuple[str, ...],
    *,
    area: bool = False,
    chosen: tuple[str, ...] = (),
) -> Outcome:
    """Deal checked damage: the pipeline, then Stamina (R-DMG-1, DS-STAM-13, DS-STAM-14)."""
    if target in state.objects:
        return _damage_object(state, state.objects[target], amount, kind, source, mods, rules)
    c = state.creature(target)
    if c.squad is not None and in_squad(c):
        return squad_damage(state, (c,), amount, kind, source, rules, mods, area=area, chosen=chosen)
    return dealt_to(state, c, amount, kind, source, knock_out, rules, mods)


def dealt_to(
    state: Encounter,
    c: Creature,
    amount: int,
    kind: DamageType | None,
    source: str | None,
    knock_out: bool,
    rules: tuple[str, ...],
    mods: tuple[Modifier, ...] = (),
    turn: TurnState | None = None,
    rng: Rng | None = None,
) -> Outcome:
    """Deal checked damage to the living creature ``c`` of the encounter (the checks of
    :meth:`Damage.verify` passed, or the rule worked out a whole amount for a target it checked):
    the pipeline, then Stamina (R-DMG-1, DS-STAM-13, DS-STAM-14); a minion's damage comes off
    its squad's pool (:func:`squad_damage`, RB-SQUAD-04). ``turn``: the bookkeeping of the action
    dealing it, ``rng``: the RNG a roll before the damage advanced, stored in the encounter with
    the creature's change (the damage reads neither)."""
    if c.squad is not None and c.minion:
        if rng is not None:
            state = state.with_rng(rng)
        if turn is not None:
            state = state.with_turn_built(turn)
        return squad_damage(state, (c,), amount, kind, source, rules, mods)
    extra_imm, extra_weak = _submerged(state, c, kind) if kind is not None else _NOTHING
    submerged = bool(extra_imm or extra_weak)
    lasting = lasting_weaknesses(c, kind) if c.named_conditions else ()  # R-ABIL-20
    if lasting:
        extra_weak = [*extra_weak, *lasting]
    steps = compute(
        amount,
        kind,
        c.immunities,
        c.weaknesses,
        mods,
        extra_immunities=extra_imm,
        extra_weaknesses=extra_weak,
    )
    weakness, immunity, taken = steps.weakness, steps.immunity, steps.after_immunity
    temporary = c.temporary_stamina
    absorbed = min(temporary, taken)
    lost = taken - absorbed
    new_stamina = c.stamina - lost
    cited = _cited(rules, weakness, immunity, absorbed, mods, submerged=submerged)
    if weakness and weakness in lasting:
        cited = (*cited, "R-ABIL-20")
    dies = knock = False
    cause = ""
    death_rules: tuple[str, ...] = ()
    if taken > 0 and c.conditions and is_knocked_out(c):
        dies, cause, death_rules = True, "damaged while knocked out", ("DS-STAM-14", "R-STAM-4", "R-DMG-5")
    elif lost > 0 and would_die(c, new_stamina):
        if knock_out:
            knock = True
            if c.hero:  # R-STAM-4: not below the death threshold + 1
                new_stamina = max(new_stamina, death_threshold(c) + 1)
        else:
            dies = True
    # Stamina lowered (never above the maximum), temporary Stamina spent, never below 0
    new = with_stamina(c, new_stamina, temporary - absorbed, dies)
    event = _DAMAGED(
        target=c.id,
        base=amount,
        type=_NAMES[kind] if kind else None,
        source=source,
        modifiers=tuple(m.label for m in mods) if mods else (),
        after_modifiers=steps.after_modifiers,
        weakness=weakness,
        after_weakness=steps.after_weakness,
        immunity=immunity,
        after_immunity=taken,
        absorbed=absorbed,
        stamina_lost=lost,
        stamina_before=c.stamina,
        stamina_after=new_stamina,
        rules=cited,
    )
    out = store_stamina(state, c, new, (event,), cause=cause, death_rules=death_rules, rng=rng, turn=turn)
    if knock:
        target = c.id
        out = out.add(KnockedOut(creature=target, by=source, rules=("DS-STAM-13", "R-STAM-4")))
        out = out.then(
            impose_condition,
            target,
            ConditionName.UNCONSCIOUS,
            Duration.UNTIL_REMOVED,
            source=KNOCKED_OUT,
            rules=("DS-STAM-13", "DS-COND-04"),
        )
        out = out.then(release_grabs, target, reason="its grabber was knocked out")
    return out


def squad_damage(
    state: Encounter,
    hit: Sequence[Creature],
    amount: int,
    kind: DamageType | None,
    source: str | None,
    rules: tuple[str, ...],
    mods: tuple[Modifier, ...] = (),
    *,
    area: bool = False,
    chosen: Sequence[str] = (),
) -> Outcome:
    """Deal checked damage to the living minions ``hit``, all of one squad, at the same moment
    (RB-SQUAD-04..12): each takes the caller's modifiers; area damage takes off at most each
    minion's own Stamina (RB-SQUAD-11); the squad's weakness and immunity apply once, to the
    total, as the last step (RB-SQUAD-12), and area damage never takes more than the hit
    minions hold (R-SQUAD-2); then the pool loses it (:func:`~brawl.rules.squads.pool_loss`).
    One :class:`Damaged` event for each minion hit, the weakness and immunity shown on the first."""
    first = hit[0]
    extra_imm, extra_weak = _submerged(state, first, kind) if kind is not None else _NOTHING
    shares = []
    for c in hit:
        share = compute(amount, None, {}, {}, mods).after_modifiers if mods else amount
        shares.append(min(share, c.stamina) if area else share)
    total = compute(
        sum(shares),
        kind,
        first.immunities,
        first.weaknesses,
        extra_immunities=extra_imm,
        extra_weaknesses=extra_weak,
    )
    taken = min(total.after_immunity, sum(c.stamina for c in hit)) if area else total.after_immunity
    loss = pool_loss(state, hit, taken, area=area, chosen=chosen)
    lost = min(taken, loss.before)
    cited = (
        *_cited(rules, total.weakness, total.immunity, 0, mods, submerged=bool(extra_imm or extra_weak)),
    )
    if total.weakness or total.immunity:
        cited = (*cited, "RB-SQUAD-12")
    events = []
    for i, (c, share) in enumerate(zip(hit, shares, strict=True)):
        weakness = total.weakness if i == 0 else 0
        immunity: ImmunityValue = total.immunity if i == 0 else 0
        after_weakness = share + weakness
        after = (taken - sum(shares[1:])) if i == 0 else share
        events.append(
            Damaged(
                target=c.id,
                base=amount,
                type=_NAMES[kind] if kind else None,
                source=source,
                modifiers=tuple(m.label for m in mods) if mods else (),
                after_modifiers=share,
                weakness=weakness,
                after_weakness=after_weakness,
                immunity=immunity,
                after_immunity=max(0, after) if len(hit) > 1 else taken,
                stamina_lost=lost if len(hit) == 1 else max(0, min(after, c.stamina)),
                stamina_before=c.stamina,
                stamina_after=loss.stamina[c.id],
                rules=(*cited, "RB-SQUAD-04"),
            )
        )
    return lose_from_pool(state, loss, events)


_DAMAGED = maker(Damaged)
"""``Damaged(...)`` for :func:`dealt_to` (:func:`brawl.events.base.maker`)."""
_NOTHING: tuple[list[ImmunityValue], list[int]] = ([], [])
"""No extra immunity or weakness (never changed)."""


def _cited(
    rules: Sequence[str],
    weakness: int,
    immunity: ImmunityValue,
    absorbed: int,
    mods: Sequence[Modifier],
    *,
    submerged: bool,
) -> tuple[str, ...]:
    if not (submerged or mods or weakness or immunity):  # the usual case: kept by its rules
        key = (tuple(rules), bool(absorbed))
        found = _PLAIN_CITED.get(key)
        if found is None:
            cited = [*rules, "DS-DMG-01", "DS-DMG-12"]
            if absorbed:
                cited.append("DS-STAM-18")
            if len(_PLAIN_CITED) >= 256:
                _PLAIN_CITED.clear()
            found = _PLAIN_CITED[key] = tuple(dict.fromkeys(cited))
        return found
    cited = list(rules)
    if submerged:
        cited.append("DS-ENV-01")
    cited += ["DS-DMG-01", "DS-DMG-12"]
    if mods:
        cited.append("R-DMG-1")
    if weakness:
        cited.append("DS-DMG-08")
    if immunity:
        cited.append("DS-DMG-04" if immunity != ALL else "DS-DMG-05")
    if weakness and immunity:
        cited.append("DS-DMG-10")
    if absorbed:
        cited.append("DS-STAM-18")
    return tuple(dict.fromkeys(cited))


_PLAIN_CITED: dict[tuple[tuple[str, ...], bool], tuple[str, ...]] = {}


def damage_many(
    state: Encounter,
    targets: Sequence[str],
    amount: int,
    type: DamageType | str | None = None,
    *,
    source: str | None = None,
    modifiers: Sequence[Modifier] = (),
    knock_out: bool = False,
    rules: Sequence[str] = (),
    area: bool = False,
    chosen: Sequence[str] = (),
) -> Outcome:
    """Deal the same damage to several creatures or objects, each through its own immunity and
    weakness (DS-DMG-04, DS-DMG-08), in the caller's order. A target may appear only once.

    ``area``: the damage of one area; the minions of one squad in it take it together, where the
    first of them stands in the order, their squad's weakness and immunity applied once
    (RB-SQUAD-10..12); ``chosen``: the minions the attacker picks to die first (RB-SQUAD-07).
    """
    if isinstance(targets, str):
        raise InvalidArgumentError(
            f"damage targets {targets!r}: a sequence of ids, not one id", rule="DS-DMG-01"
        )
    if not isinstance(targets, Iterable):
        raise ArgumentTypeError(
            f"damage_many(targets={targets!r:.60}): a sequence of ids is needed, "
            f"got {targets.__class__.__name__}",
            rule="DS-DMG-01",
        )
    ids = tuple(targets)
    if not all(isinstance(t, str) for t in ids) or len(set(ids)) != len(ids):
        raise InvalidArgumentError(
            f"damage targets {targets!r}: each must be an id, and appear once", rule="DS-DMG-01"
        )
    _check_amount(amount, ids)
    out = Outcome(state, ())
    together = _squads_hit(state, ids) if area else {}
    for t in ids:
        if t in together:
            if together[t]:
                kind = _verified(state, t, amount, type)
                mods = _check_modifiers(modifiers) if modifiers else ()
                hit = [out.state.creature(m) for m in together[t]]
                hit = [c for c in hit if not c.dead]
                if hit:
                    out = out.then(
                        squad_damage, hit, amount, kind, source, tuple(rules), mods, area=True, chosen=chosen
                    )
            continue
        out = out.then(
            deal_damage, t, amount, type, source=source, modifiers=modifiers, knock_out=knock_out,
            rules=rules, area=area, chosen=chosen,
        )  # fmt: skip
    return out


def _squads_hit(state: Encounter, ids: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """For the living minions of squads among ``ids``: the first of each squad maps to every one
    of its squad hit, the others to nothing."""
    found: dict[str, list[str]] = {}
    firsts: dict[str, str] = {}
    for t in ids:
        c = state.creatures.get(t)
        if c is not None and c.squad is not None and in_squad(c) and not c.dead:
            firsts.setdefault(c.squad, t)
            found.setdefault(c.squad, []).append(t)
    out: dict[str, tuple[str, ...]] = {}
    for squad, hit in found.items():
        for t in hit:
            out[t] = ()
        out[firsts[squad]] = tuple(hit)
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
    if modifiers:
        cited.append("R-DMG-1")
    if steps.weakness:
        cited.append("DS-DMG-08")
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
        is_object=True,
        rules=tuple(dict.fromkeys(cited)),
    )
    events: list[Event] = [event]
    if after <= 0:
        events.append(ObjectDestroyed(object=obj.id, rules=("DS-OBJ-01",)))
        return Outcome(state.without_object(obj.id), tuple(events))
    return Outcome(state.with_object(attrs.evolve(obj, stamina=after)), tuple(events))


__all__ = [
    "DOUBLE",
    "HALVE",
    "MAX_DAMAGE",
    "SUBMERGED_FIRE_IMMUNITY",
    "SUBMERGED_LIGHTNING_WEAKNESS",
    "Damage",
    "DamageSteps",
    "Modifier",
    "bonus",
    "compute",
    "creature_steps",
    "damage_many",
    "deal_damage",
    "is_knocked_out",
]
