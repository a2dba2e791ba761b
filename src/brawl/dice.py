"""Power rolls, saving throws and plain dice (RB2-SAVE, RB3-EDGES; DS-TURN-13).

Every roll comes from the caller (``dice=`` / ``roll=``, recorded with ``source="caller"``) or
from the encounter's seeded RNG (``source="rng"``), and is recorded as an event, so a replay is
exact. Each function returns its typed result and the :class:`~brawl.outcome.Outcome` holding
the state (its RNG advanced when it drew) and the events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs
import immutables

from brawl.checks import is_whole_number, whole_number
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.events.base import DiceRolled, Event, maker
from brawl.events.dice import PowerRolled, SavingThrowMade
from brawl.fields import dice_pair
from brawl.outcome import Outcome
from brawl.rng import Rng
from brawl.state import Encounter

POWER_DICE = 2  # RB3-EDGES: a power roll is 2d10 + a characteristic
POWER_DIE_SIDES = 10  # RB3-EDGES
TIER_2_MIN = 12  # DS-TURN-13: tier 1 is 11 or lower, tier 2 is 12 to 16
TIER_3_MIN = 17  # DS-TURN-13: tier 3 is 17 or higher
NATURAL_TIER_3 = 19  # RB3-EDGES: a natural 19 or 20 is always tier 3
EDGE_BONUS = 2  # RB3-EDGES: one edge is +2, one bane is -2
MAX_EDGES = 2  # RB3-EDGES: edges and banes count up to two each
SAVE_DIE_SIDES = 10  # RB2-SAVE: a saving throw is a d10
SAVE_THRESHOLD = 6  # RB2-SAVE: 6 or higher ends the effect
MAX_BONUS = 1000
"""Largest bonus or penalty accepted on a roll (a sanity bound, not a rule)."""
MAX_DICE = 1000
"""Most dice rolled at once by :func:`roll_dice`."""
MAX_COUNTED = 1000
"""Most edges or banes accepted in one count (a sanity bound; only two count, RB3-EDGES)."""


def tier_of(total: int, *, natural: int | None = None) -> int:
    """The tier of a power-roll total: ≤11 → 1, 12–16 → 2, 17+ → 3 (DS-TURN-13).

    Given the ``natural`` 2d10, a natural 19 or 20 is tier 3 whatever the total (RB3-EDGES).
    """
    whole_number(total, None, None, what="total", rule="DS-TURN-13")
    if natural is not None:
        whole_number(natural, 2, 20, what="natural", rule="RB3-EDGES")
    return _tier(total, natural)


def _tier(total: int, natural: int | None = None) -> int:
    """:func:`tier_of` of numbers already checked."""
    if total >= TIER_3_MIN or (natural is not None and natural >= NATURAL_TIER_3):
        return 3
    if total >= TIER_2_MIN:
        return 2
    return 1


@attrs.frozen
class PowerRoll:
    """The result of a power roll (RB3-EDGES, RB3-AUTOMATIC, RB3-NATURAL)."""

    dice: tuple[int, int]
    """The two d10 faces."""
    characteristic: int
    """The characteristic added."""
    bonus: int
    """Bonuses and penalties, added before edges and banes."""
    edges: int
    """Edges counted, 0..2 (more than two count as two)."""
    banes: int
    """Banes counted, 0..2."""
    total: int
    """The total after the characteristic, bonuses and a single edge or bane."""
    tier: int
    """The outcome tier, 1..3."""
    automatic_tier: int | None = None
    """The automatic tier that decided the outcome, if one applied."""

    @property
    def natural(self) -> int:
        """The 2d10 before any modifier."""
        return self.dice[0] + self.dice[1]

    @property
    def is_natural_19_or_20(self) -> bool:
        """A natural 19 or 20: always tier 3, a critical hit on a main-action ability roll."""
        return self.natural >= NATURAL_TIER_3

    @property
    def net(self) -> int:
        """Edges minus banes, from -2 (double bane) to 2 (double edge)."""
        return self.edges - self.banes


def net_edges(edges: int, banes: int) -> int:
    """Edges minus banes after counting each up to two (RB3-EDGES): -2..2."""
    _check_count(edges, "edges")
    _check_count(banes, "banes")
    return min(edges, MAX_EDGES) - min(banes, MAX_EDGES)


def power_dice(value: Iterable[int] | None) -> tuple[int, int] | None:
    """A ``dice`` field's converter: two d10 faces from 1 to 10, or None (from the RNG) (RB3-EDGES)."""
    return None if value is None else dice_pair(value, "dice", "RB3-EDGES", sides=POWER_DIE_SIDES)


def power_rolls(value: Mapping[str, Iterable[int]] | None) -> immutables.Map[str, tuple[int, int]] | None:
    """A ``rolls`` field's converter: two d10 faces by creature id, or None (RB3-OPPOSED)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(
            f"rolls {value!r}: a mapping of creature id to two d10 is needed, not {type(value).__name__}",
            rule="RB3-OPPOSED",
        )
    out: dict[str, tuple[int, int]] = {}
    for cid, faces in value.items():
        if not isinstance(cid, str):
            raise ArgumentTypeError(f"rolls {value!r}: {cid!r} is not a creature id", rule="RB3-OPPOSED")
        if faces is not None:
            out[cid] = dice_pair(faces, "rolls", "RB3-OPPOSED", sides=POWER_DIE_SIDES)
    return immutables.Map(out)


def _check_count(value: int, what: str) -> None:
    whole_number(value, 0, MAX_COUNTED, what=what, rule="RB3-EDGES")


def _check_int(value: int, what: str, low: int, high: int, rule: str) -> None:
    whole_number(value, low, high, what=what, rule=rule)


def _automatic(value: int | Iterable[int] | None) -> int | None:
    if value is None:
        return None
    tiers = (value,) if isinstance(value, int) else tuple(value)
    for t in tiers:
        whole_number(t, 1, 3, what="automatic tier", rule="RB3-AUTOMATIC")
    distinct = set(tiers)
    return tiers[0] if len(distinct) == 1 else None  # conflicting automatic tiers cancel


def roll_dice(
    state: Encounter,
    sides: int,
    count: int = 1,
    *,
    values: Sequence[int] | None = None,
    purpose: str = "roll",
    creature: str | None = None,
    rules: Sequence[str] = (),
) -> tuple[tuple[int, ...], Outcome]:
    """Roll ``count`` dice of ``sides`` faces, or take the caller's ``values``; a DiceRolled event."""
    _check_int(sides, "die sides", 1, 1000, "RB3-EDGES")
    _check_int(count, "number of dice", 1, MAX_DICE, "RB3-EDGES")
    faces, state, source = _faces(state, sides, count, values, purpose, rules)
    dice = f"{count}d{sides}" if count > 1 else f"d{sides}"
    event = DiceRolled(
        purpose=purpose, dice=dice, values=faces, source=source, creature=creature, rules=tuple(rules)
    )
    return faces, Outcome(state, (event,))


def roll_die(
    state: Encounter,
    sides: int,
    given: int | None,
    *,
    purpose: str,
    creature: str | None = None,
    rules: Iterable[str] = (),
) -> tuple[int, Encounter, DiceRolled]:
    """One die: the caller's value (checked) or a draw from the state's RNG, with its event (the
    turn systems' and the zone game's single dice: initiative, morale, saves)."""
    cited = tuple(rules)
    if given is not None:
        whole_number(given, 1, sides, what=f"{purpose} (a d{sides})", rule=cited)
    faces, out = roll_dice(
        state,
        sides,
        1,
        values=None if given is None else (given,),
        purpose=purpose,
        creature=creature,
        rules=cited,
    )
    first = out.events[0]
    assert isinstance(first, DiceRolled)
    return faces[0], out.state, first


def _faces(
    state: Encounter, sides: int, count: int, values: Sequence[int] | None, purpose: str, rules: Sequence[str]
) -> tuple[tuple[int, ...], Encounter, str]:
    """The faces of :func:`roll_dice` (its ``sides`` and ``count`` checked), the state after
    them and where they came from, ``"rng"`` or ``"caller"``; the caller's ``values`` are checked."""
    if values is None:
        faces, state = state.roll(sides, count)
        return faces, state, "rng"
    try:
        faces = tuple(values)
    except TypeError:
        raise InvalidArgumentError(
            f"{purpose}: dice {values!r} are not a sequence of whole numbers",
            rule=tuple(rules) or "RB3-EDGES",
        ) from None
    if len(faces) != count or not all(is_whole_number(v) and 1 <= v <= sides for v in faces):
        raise InvalidArgumentError(
            f"{purpose}: dice {values!r} must be {count} whole number(s) from 1 to {sides}",
            rule=tuple(rules) or "RB3-EDGES",
        )
    return faces, state, "caller"


def d10(
    state: Encounter,
    *,
    roll: int | None = None,
    purpose: str = "d10",
    creature: str | None = None,
    rules: Sequence[str] = (),
) -> tuple[int, Outcome]:
    """One d10, from the caller (``roll``) or the RNG; e.g. who goes first (DS-SIDE-06)."""
    faces, out = roll_dice(
        state,
        10,
        1,
        values=None if roll is None else (roll,),
        purpose=purpose,
        creature=creature,
        rules=rules,
    )
    return faces[0], out


@attrs.frozen
class PowerRollOutcome(Outcome):
    """A power roll's :class:`~brawl.outcome.Outcome`: it unpacks as ``state, events = outcome``
    like every rule's, and ``roll`` holds the result (RB3-EDGES)."""

    roll: PowerRoll = attrs.field(kw_only=True)
    """The result: the dice, the total and the tier."""


@attrs.frozen
class SavingThrowOutcome(Outcome):
    """A saving throw's :class:`~brawl.outcome.Outcome`: it unpacks as ``state, events = outcome``
    like every rule's, and ``success`` says whether it succeeded (RB2-SAVE)."""

    success: bool = attrs.field(kw_only=True)
    """Whether the saving throw succeeded."""


def power_roll(
    state: Encounter,
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    bonus: int = 0,
    automatic_tier: int | Iterable[int] | None = None,
    dice: tuple[int, int] | None = None,
    creature: str | None = None,
    purpose: str = "power roll",
    rules: Sequence[str] = (),
    uses: str | None = None,
) -> PowerRollOutcome:
    """A power roll: 2d10 + characteristic + bonus, then edges and banes, then the tier (RB3-EDGES).

    ``state, events = power_roll(...)`` as for every rule; ``power_roll(...).roll`` is the result.

    Edges and banes count up to two each and cancel: net ±1 adds ±2 to the total, net ±2 moves
    the tier one step (1..3). A natural 19 or 20 is always tier 3. An automatic tier overrides
    edges, banes and bonuses; conflicting automatic tiers cancel (RB3-AUTOMATIC). Ruling R-DICE-1:
    a natural 19 or 20 is tier 3 even against an automatic tier ("always ... regardless").
    """
    _check_int(characteristic, "characteristic", -100, 100, "RB4-CHARACTERISTICS")
    _check_int(bonus, "bonus", -MAX_BONUS, MAX_BONUS, "RB3-BONUS")
    _check_count(edges, "edges")
    _check_count(banes, "banes")
    auto = _automatic(automatic_tier)
    after, event = rolled(
        state, characteristic, min(edges, MAX_EDGES), min(banes, MAX_EDGES), dice, creature, purpose,
        rules, uses, bonus=bonus, auto=auto,
    )  # fmt: skip
    result = PowerRoll(
        dice=event.dice,
        characteristic=characteristic,
        bonus=bonus,
        edges=event.edges,
        banes=event.banes,
        total=event.total,
        tier=event.tier,
        automatic_tier=auto,
    )
    return PowerRollOutcome(after, (event,), roll=result)


def rolled(
    state: Encounter,
    characteristic: int,
    edges: int,
    banes: int,
    dice: tuple[int, int] | None,
    creature: str | None,
    purpose: str,
    rules: Sequence[str],
    uses: str | None,
    *,
    bonus: int = 0,
    auto: int | None = None,
) -> tuple[Encounter, PowerRolled]:
    """:func:`power_roll` of numbers already checked (edges and banes counted, 0..2 each, the
    automatic tier resolved): the state after the dice and the :class:`PowerRolled` event. The
    caller's ``dice`` are still checked."""
    rng, event = rolled_rng(
        state, characteristic, edges, banes, dice, creature, purpose, rules, uses, bonus=bonus, auto=auto
    )
    return (state if rng is None else state.with_rng(rng)), event


def rolled_rng(
    state: Encounter,
    characteristic: int,
    edges: int,
    banes: int,
    dice: tuple[int, int] | None,
    creature: str | None,
    purpose: str,
    rules: Sequence[str],
    uses: str | None,
    *,
    bonus: int = 0,
    auto: int | None = None,
) -> tuple[Rng | None, PowerRolled]:
    """:func:`rolled`, the state's RNG after the dice given in its place (None: the caller's dice,
    the RNG unchanged), for a caller that stores it with its next change of the encounter."""
    # the dice as roll_dice draws them, with no DiceRolled event: the fuller PowerRolled records them
    rng: Rng | None = None
    if dice is None:
        first, second, rng = state.rng.pair(POWER_DIE_SIDES)  # state.roll(POWER_DIE_SIDES, POWER_DICE)
        faces: tuple[int, ...] = (first, second)
        source = "rng"
    else:  # the caller's dice, checked: the state is not changed
        faces, _, source = _faces(state, POWER_DIE_SIDES, POWER_DICE, dice, purpose, (*rules, "RB3-EDGES"))
    natural = faces[0] + faces[1]
    total = natural + characteristic + bonus  # bonuses and penalties come before edges and banes
    net = edges - banes
    if net == 1 or net == -1:
        total += EDGE_BONUS * net
    tier = _tier(total)
    if net == 2 or net == -2:
        tier = max(1, min(3, tier + net // 2))
    if auto is None and natural < NATURAL_TIER_3 and type(rules) is tuple:  # the usual roll
        cited = _CITED.get(rules)
        if cited is None:
            if len(_CITED) >= _MAX_CITED:
                _CITED.clear()
            cited = _CITED[rules] = tuple(dict.fromkeys((*rules, "DS-TURN-13", "RB3-EDGES")))
    else:
        cited = _cited(rules, auto, natural)
        if auto is not None:
            tier = auto
        if natural >= NATURAL_TIER_3:
            tier = 3
    event = _POWER_ROLLED(
        purpose=purpose,
        dice=(faces[0], faces[1]),
        characteristic=characteristic,
        bonus=bonus,
        edges=edges,
        banes=banes,
        total=total,
        tier=tier,
        automatic_tier=auto,
        source=source,
        creature=creature,
        uses=uses,
        rules=cited,
    )
    return rng, event


_POWER_ROLLED = maker(PowerRolled)
"""``PowerRolled(...)`` for :func:`rolled` (:func:`brawl.events.base.maker`)."""
_CITED: dict[tuple[str, ...], tuple[str, ...]] = {}
"""The rules a power roll with no automatic tier and no natural 19 or 20 cites, by its caller's."""
_MAX_CITED = 256


def _cited(rules: Sequence[str], auto: int | None, natural: int) -> tuple[str, ...]:
    """The rules a power roll cites: its caller's, the tiers', and those of an automatic tier and a
    natural 19 or 20 (RB3-AUTOMATIC, RB3-NATURAL, R-DICE-1), each once."""
    cited = [*rules, "DS-TURN-13", "RB3-EDGES"]
    if auto is not None:
        cited.append("RB3-AUTOMATIC")
    if natural >= NATURAL_TIER_3:
        cited.append("RB3-NATURAL")
        if auto is not None and auto != 3:
            cited.append("R-DICE-1")
    return tuple(dict.fromkeys(cited))


def saving_throw(
    state: Encounter,
    *,
    roll: int | None = None,
    threshold: int = SAVE_THRESHOLD,
    bonus: int = 0,
    creature: str | None = None,
    against: str = "an effect",
    rules: Sequence[str] = (),
) -> SavingThrowOutcome:
    """A saving throw: a d10 (+ ``bonus``) that succeeds on ``threshold`` (6) or higher (RB2-SAVE).

    It is not a power roll: no characteristic, no edges or banes. ``state, events =
    saving_throw(...)`` as for every rule; ``saving_throw(...).success`` says whether it succeeded.
    """
    _check_int(threshold, "save threshold", 1, 11, "RB2-SAVE")
    _check_int(bonus, "save bonus", -MAX_BONUS, MAX_BONUS, "RB2-SAVE")
    value, out = d10(
        state,
        roll=roll,
        purpose=f"saving throw against {against}",
        creature=creature,
        rules=(*rules, "RB2-SAVE"),
    )
    success = value + bonus >= threshold
    events: list[Event] = list(out.events)
    events.append(
        SavingThrowMade(
            creature=creature or "",
            against=against,
            roll=value,
            bonus=bonus,
            threshold=threshold,
            success=success,
            rules=(*rules, "RB2-SAVE"),
        )
    )
    return SavingThrowOutcome(out.state, tuple(events), success=success)
