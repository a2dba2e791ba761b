"""Draw Steel's alternative turn order: Agility tests rank each side (DS-SIDE-14..16).

Each hero and each Director group (or ungrouped creature) has an Agility test total, 2d10 +
Agility; each side acts best total first, ties rerolled within the side (DS-SIDE-15); two willing
heroes may swap places at the start of a round (DS-SIDE-16).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from brawl.checks import whole_number
from brawl.creature import HEROES, Creature
from brawl.errors import InvalidArgumentError, TurnOrderError
from brawl.events.base import DiceRolled, Event, Note
from brawl.events.turns import TurnOrderSet, TurnOrderSwapped
from brawl.outcome import Outcome
from brawl.state import Encounter
from brawl.turns.drawsteel_turn import GROUP_PREFIX, SIDES, slot_of, turn_of

AGILITY_TEST_DICE = 2  # RB3-EDGES: a test is a power roll, 2d10 + the characteristic
MAX_TIE_REROLLS = 50
"""Rerolls of tied Agility tests before the encounter order settles what is left (DS-SIDE-15)."""
MAX_TEST_TOTAL = 1000
"""Largest Agility test total accepted, either sign."""


def rank_by_agility(
    state: Encounter,
    living: list[Creature],
    totals: Mapping[str, int] | None,
    rerolls: Mapping[str, Sequence[int]] | None,
) -> tuple[tuple[str, ...], Encounter, list[Event]]:
    """Agility tests per hero and per enemy group, highest first, ties rerolled (DS-SIDE-14, DS-SIDE-15)."""
    slots: dict[str, list[Creature]] = {}
    for c in living:
        slots.setdefault(slot_of(c), []).append(c)
    names = {s[len(GROUP_PREFIX) :] if s.startswith(GROUP_PREFIX) else s: s for s in slots}
    given: dict[str, int] = {}
    for key, value in (totals or {}).items():
        slot = key if key in slots else names.get(key)
        if slot is None:
            raise InvalidArgumentError(
                f"agility_tests: {key!r} is no hero, creature or group", rule="DS-SIDE-14"
            )
        given[slot] = whole_number(
            value, -MAX_TEST_TOTAL, MAX_TEST_TOTAL, what=f"agility_tests[{key!r}]", rule="DS-SIDE-14"
        )
    extra: dict[str, list[int]] = {}
    for key, values in (rerolls or {}).items():
        slot = key if key in slots else names.get(key)
        if slot is None or isinstance(values, (str, bytes)):
            raise InvalidArgumentError(
                f"agility_rerolls: {key!r} is no slot or not a sequence", rule="DS-SIDE-15"
            )
        try:
            extra[slot] = [int(v) for v in values]
        except (TypeError, ValueError):
            raise InvalidArgumentError(
                f"agility_rerolls[{key!r}]: whole numbers", rule="DS-SIDE-15"
            ) from None
    events: list[Event] = []

    def test(st: Encounter, slot: str, purpose: str) -> tuple[int, Encounter]:
        agility = max(c.characteristics.agility for c in slots[slot])
        faces, st = st.roll(10, AGILITY_TEST_DICE)
        events.append(
            DiceRolled(
                purpose=f"{purpose} ({slot}, Agility {agility:+d})",
                dice="2d10",
                values=faces,
                creature=slots[slot][0].id,
                rules=("DS-SIDE-14",),
            )
        )
        return sum(faces) + agility, st

    keys: dict[str, list[int]] = {}
    for slot in slots:
        if slot in given:
            keys[slot] = [given[slot]]
        else:
            total, state = test(state, slot, "Agility test")
            keys[slot] = [total]
    ranking: list[str] = []
    for side in SIDES:
        members = [s for s in slots if slots[s][0].side == side]
        for _ in range(MAX_TIE_REROLLS):
            seen: dict[tuple[int, ...], list[str]] = {}
            for s in members:
                seen.setdefault(tuple(keys[s]), []).append(s)
            tied = [s for group in seen.values() if len(group) > 1 for s in group]
            if not tied:
                break
            for s in tied:
                queue = extra.get(s)
                if queue:
                    keys[s].append(queue.pop(0))
                    events.append(Note(text=f"{s} rerolls the tie: {keys[s][-1]}", rules=("DS-SIDE-15",)))
                else:
                    total, state = test(state, s, "Agility reroll for a tie")
                    keys[s].append(total)
        position = {s: i for i, s in enumerate(slots)}
        members.sort(key=lambda s: ([-v for v in keys[s]], position[s]))
        ranking.extend(members)
        if members:
            events.append(
                TurnOrderSet(
                    side=side,
                    order=tuple(members),
                    totals=tuple(keys[s][0] for s in members),
                    rules=("DS-SIDE-14", "DS-SIDE-15"),
                )
            )
    return tuple(ranking), state, events


def swap_turn_order(state: Encounter, first: str, second: str) -> Outcome:
    """Two willing heroes swap places in the alternative order at the start of a round (DS-SIDE-16)."""
    t = turn_of(state)
    a, b = state.creature(first), state.creature(second)
    if t.ranking is None:
        raise TurnOrderError(
            f"swap {first!r} and {second!r}: the alternative order is not in use", rule="DS-SIDE-16"
        )
    if t.turns_taken or t.current is not None:
        raise TurnOrderError(
            f"swap {first!r} and {second!r}: only at the start of a round, before anyone acts",
            rule="DS-SIDE-16",
        )
    if not (a.hero and b.hero) or a.side != HEROES or b.side != HEROES or first == second:
        raise InvalidArgumentError(f"swap {first!r} and {second!r}: two different heroes", rule="DS-SIDE-16")
    ranking = list(t.ranking)
    i, j = ranking.index(slot_of(a)), ranking.index(slot_of(b))
    ranking[i], ranking[j] = ranking[j], ranking[i]
    return Outcome(
        state.with_turn(attrs.evolve(t, ranking=tuple(ranking))),
        (TurnOrderSwapped(first=first, second=second, rules=("DS-SIDE-16",)),),
    )
