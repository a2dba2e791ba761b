"""The zone game's morale: checks fall due at the end of the round, a group WIT save resolves them.

A group reduced to half its original number or less during a round, or a lone character to half
its health or less, checks at the end of that round (Z-TURN-05, Z-MORALE-01, R-Z-5); a group WIT
save decides (Z-MORALE-02); those who pass, and the fearless, are not subject to morale again
(Z-MORALE-02, Z-MORALE-03).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from brawl.checks import whole_number
from brawl.creature import Creature
from brawl.dice import roll_die
from brawl.errors import InvalidArgumentError, TurnOrderError
from brawl.events.base import Event
from brawl.events.turns import MoraleCheckDue, MoraleChecked, Surrendered
from brawl.outcome import Outcome
from brawl.state import Encounter
from brawl.turns.base import check_ids
from brawl.zone.events import ZoneRetreated
from brawl.zone.model import world
from brawl.zone.turnstate import ZoneTurn, group_of, health, in_fight, turn_of

MORALE_FRACTION = 2  # Z-MORALE-01: reduced to half or less (2 x now <= original)
SAVE_DIE = 20  # Z-AMB-05: the saves of the example are rolled on a d20, roll-under


def fearless(state: Encounter, c: Creature) -> bool:
    """Immune to fear by its zone sheet, hence to morale (Z-MORALE-03)."""
    sheet = found.sheets.get(c.id) if (found := world(state)) is not None else None
    return sheet is not None and sheet.fearless


def morale_due(state: Encounter, t: ZoneTurn) -> tuple[frozenset[str], list[Event]]:
    """Groups reduced to half or less during this round, and lone characters likewise (R-Z-5)."""
    members: dict[str, list[Creature]] = {}
    for c in state.creature_list():
        members.setdefault(group_of(c), []).append(c)
    due: list[str] = []
    events: list[Event] = []
    for g in sorted(members):
        original = t.original.get(g)
        if original is None:
            continue
        subject = [
            c
            for c in members[g]
            if in_fight(c, t, state)
            and c.id not in t.steady
            and c.id not in t.fearless
            and not fearless(state, c)
        ]
        if not subject:
            continue
        faction = members[g][0].side
        rules = ("Z-TURN-05", "Z-MORALE-01", "R-Z-5")
        if original == 1:
            c = subject[0]
            now_health, most = health(state, c)
            before = t.round_start_health.get(c.id, most)
            if MORALE_FRACTION * now_health <= most < MORALE_FRACTION * before:
                due.append(g)
                events.append(
                    MoraleCheckDue(
                        group=g,
                        faction=faction,
                        members=(c.id,),
                        kind="lone",
                        original=most,
                        before=before,
                        now=now_health,
                        rules=rules,
                    )
                )
            continue
        now = sum(1 for c in members[g] if in_fight(c, t, state))
        before = t.round_start_numbers.get(g, original)
        if MORALE_FRACTION * now <= original < MORALE_FRACTION * before:
            due.append(g)
            events.append(
                MoraleCheckDue(
                    group=g,
                    faction=faction,
                    members=tuple(c.id for c in subject),
                    kind="group",
                    original=original,
                    before=before,
                    now=now,
                    rules=rules,
                )
            )
    return frozenset(due), events


def morale_check(
    state: Encounter,
    group: str,
    *,
    passed: Mapping[str, bool] | None = None,
    wits: Mapping[str, int] | None = None,
    rolls: Mapping[str, int] | None = None,
    retreat: Iterable[str] = (),
) -> Outcome:
    """Resolve a due morale check, a group WIT save (Z-MORALE-02).

    Each member's result is ``passed[id]``, or a d20 roll-under against ``wits[id]``: the
    ``rolls[id]`` (or the RNG) passes when it is at most the WIT score (the save's mechanics
    come from elsewhere, Z-AMB-05). Those who pass are not subject to morale again. Those who fail
    surrender, or retreat from the fight if listed in ``retreat`` (Z-MORALE-02). Under the zone
    ruleset a character's WIT and fearlessness come from its sheet (Z-MORALE-03).
    """
    t = turn_of(state)
    if group not in t.morale_due:
        raise TurnOrderError(
            f"morale check of {group!r}: no check is due for it", rule=("Z-MORALE-01", "R-Z-5")
        )
    given = dict(passed or {})
    wit = dict(wits or {})
    roll_in = dict(rolls or {})
    out = Outcome(state, ())
    ok: list[str] = []
    bad: list[str] = []
    sheets = found.sheets if (found := world(state)) is not None else {}
    for cid, sheet in sheets.items():
        if cid not in wit:
            wit[cid] = sheet.wits
    for c in state.creature_list():
        if group_of(c) != group or not in_fight(c, t, state) or c.id in t.steady or c.id in t.fearless:
            continue
        own = sheets.get(c.id)
        if own is not None and own.fearless:
            continue
        if c.id in given:
            result = bool(given[c.id])
        elif c.id in wit:
            value, st, die = roll_die(
                out.state,
                SAVE_DIE,
                roll_in.get(c.id),
                purpose="morale WIT save",
                creature=c.id,
                rules=("Z-MORALE-02",),
            )
            out = out.add(die, state=st)
            score = whole_number(wit[c.id], what=f"wits[{c.id!r}]", rule="Z-MORALE-02")
            result = value <= score
        else:
            raise InvalidArgumentError(
                f"morale check of {group!r}: give passed[{c.id!r}] or wits[{c.id!r}]", rule="Z-MORALE-02"
            )
        (ok if result else bad).append(c.id)
    t = turn_of(out.state)
    leaving = frozenset(check_ids(state, retreat, "retreat")) & set(bad)
    new = attrs.evolve(
        t,
        steady=t.steady | set(ok),
        morale_due=t.morale_due - {group},
        surrendered=t.surrendered | (set(bad) - leaving),
        retreated=t.retreated | leaving,
    )
    events: list[Event] = [
        MoraleChecked(group=group, passed=tuple(ok), failed=tuple(bad), rules=("Z-MORALE-02", "Z-MORALE-03"))
    ]
    for cid in bad:
        if cid in leaving:
            events.append(ZoneRetreated(creature=cid, rules=("Z-MORALE-02",)))
        else:
            events.append(Surrendered(creature=cid, rules=("Z-MORALE-02", "Z-SURR-01")))
    return out.add(*events, state=out.state.with_turn(new))
