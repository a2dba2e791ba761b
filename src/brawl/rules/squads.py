"""Minion squads: the shared Stamina pool, its deaths, and the squad's captain (RB-SQUAD, RB-CAPT).

A squad is the living minions that carry one :attr:`~brawl.creature.Creature.squad` name, up to
8 of one stat block (RB-SQUAD-01). The pool is kept in the members' own Stamina and needs no
field of its own (ruling R-SQUAD-1): it is the sum of the living members' Stamina, every member
at its full Stamina but at most one that carries the remainder, so that the living members are
always ``ceil(pool / one minion's Stamina)`` (RB-SQUAD-03, RB-SQUAD-06). Damage to any member
comes off the pool (RB-SQUAD-04); a minion removed dies at 0 Stamina, which is what triggers
read (RB-SQUAD-08). A captain is a creature whose :attr:`~brawl.creature.Creature.captain_of`
names the squad; while it stands, each member gets its "With Captain" benefit (RB-CAPT-05).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from brawl.creature import CaptainBenefit, Creature
from brawl.errors import InvalidArgumentError, StateError
from brawl.events.squads import CaptainLost
from brawl.geometry import distance
from brawl.outcome import Outcome
from brawl.state import Encounter

SQUAD_SIZE = 8
"""The most minions in one squad (RB-SQUAD-01)."""
FORMED = ("RB-SQUAD-03", "RB-SQUAD-04", "RB-SQUAD-06", "R-SQUAD-1")
"""The rules behind every change of a pool."""


def in_squad(c: Creature) -> bool:
    """Whether the creature is a minion of a squad, whose Stamina is the squad's (RB-SQUAD-03)."""
    return c.minion and c.squad is not None


def members(state: Encounter, squad: str) -> list[Creature]:
    """The living minions of the squad, in the encounter's order (RB-SQUAD-01)."""
    creatures = state.creatures
    found = []
    for cid in state.order:
        c = creatures[cid]
        if c.squad == squad and c.minion and not c.dead:
            found.append(c)
    return found


def squads(state: Encounter) -> list[str]:
    """The names of the squads with a living member, sorted."""
    return sorted({c.squad for c in state.living() if c.squad is not None and c.minion})


def pool(state: Encounter, squad: str) -> int:
    """The squad's Stamina pool: the sum of its living members' Stamina (RB-SQUAD-03, R-SQUAD-1)."""
    return sum(c.stamina for c in members(state, squad))


def captain(state: Encounter, squad: str) -> Creature | None:
    """The squad's captain while it stands (alive), or None (RB-CAPT-02, RB-CAPT-05)."""
    return next((c for c in state.living() if c.captain_of == squad and not c.minion), None)


def check_squads(state: Encounter) -> None:
    """Raise :class:`StateError` unless every squad is up to 8 minions of one name and one side,
    its living ones of one Stamina maximum, with at most one captain of its side (RB-SQUAD-01,
    RB-SQUAD-03, RB-CAPT-01, RB-CAPT-02). The scenario loader, the JSON loader and the start of
    combat call it. A dead minion keeps the maximum it had: a captain's Stamina bonus given or
    taken back changes the living ones only (R-SQUAD-4)."""
    seen: dict[str, list[Creature]] = {}
    for c in state.creature_list():
        if c.squad is not None:
            seen.setdefault(c.squad, []).append(c)
    for name, group in sorted(seen.items()):
        if len(group) > SQUAD_SIZE:
            raise StateError(f"squad {name!r}: {len(group)} minions, at most {SQUAD_SIZE} (RB-SQUAD-01)")
        first = group[0]
        alive = next((c for c in group if not c.dead), first)
        for c in group[1:]:
            if (c.name, c.side) != (first.name, first.side) or (
                not c.dead and c.stamina_max != alive.stamina_max
            ):
                raise StateError(
                    f"squad {name!r}: {c.id!r} and {first.id!r} differ in name, side or Stamina; "
                    "a squad is minions of one stat block (RB-SQUAD-01, RB-SQUAD-03)"
                )
        captains = [c for c in state.living() if c.captain_of == name]
        if len(captains) > 1:
            ids = ", ".join(c.id for c in captains)
            raise StateError(f"squad {name!r}: captained by {ids}; a squad has one captain (RB-CAPT-02)")
        if captains and captains[0].side != first.side:
            raise StateError(
                f"squad {name!r}: its captain {captains[0].id!r} is of another side (RB-CAPT-01)"
            )


def squads_in_area(state: Encounter, reached: Sequence[tuple[str, int]]) -> dict[str, tuple[str, ...]]:
    """The minions of one squad that one area reaches at the same tier, to take its damage
    together (RB-SQUAD-10..12): from the targets and their tiers, in order, the first of each such
    group of two or more maps to the whole group, the others to nothing; every other target is
    left out. Minions reached at different tiers take different damage, each tier's apart."""
    groups: dict[tuple[str, int], list[str]] = {}
    creatures = state.creatures
    for tid, tier in reached:
        c = creatures.get(tid)
        if c is not None and c.squad is not None and in_squad(c) and not c.dead:
            groups.setdefault((c.squad, tier), []).append(tid)
    found: dict[str, tuple[str, ...]] = {}
    for group in groups.values():
        if len(group) > 1:
            found.update(dict.fromkeys(group[1:], ()))
            found[group[0]] = tuple(group)
    return found


def form_squads(creatures: Iterable[Creature]) -> tuple[Creature, ...]:
    """The creatures with every minion that has no squad put in one: minions of one name, in
    order, eight to a squad named after them (``"Goblin Spinecleaver"``, then ``"Goblin
    Spinecleaver 2"``) (RB-SQUAD-01). Other creatures are returned as they are."""
    items = tuple(creatures)
    counts: dict[str, int] = {}
    named: dict[tuple[str, int], str] = {}
    taken = {c.squad for c in items if c.squad is not None}
    out = []
    for c in items:
        if not c.minion or c.squad is not None:
            out.append(c)
            continue
        n = counts.get(c.name, 0)
        counts[c.name] = n + 1
        key = (c.name, n // SQUAD_SIZE)
        name = named.get(key)
        if name is None:
            index = key[1]
            name = c.name if index == 0 else f"{c.name} {index + 1}"
            while name in taken:  # a name given already: the next free one
                index += 1
                name = f"{c.name} {index + 1}"
            taken.add(name)
            named[key] = name
        out.append(attrs.evolve(c, squad=name))
    return tuple(out)


# --- the pool losing Stamina -----------------------------------------------------------------
@attrs.frozen
class PoolLoss:
    """What a loss does to a squad's pool: every living member's new Stamina and the deaths."""

    squad: str
    before: int
    after: int
    minion_stamina: int
    hit: tuple[str, ...]
    died: tuple[str, ...]
    stamina: dict[str, int]
    """Each living member's Stamina after the loss (0 for the dead)."""
    rules: tuple[str, ...]


def pool_loss(
    state: Encounter,
    hit: Sequence[Creature],
    loss: int,
    *,
    area: bool = False,
    chosen: Sequence[str] = (),
) -> PoolLoss:
    """The pool of the squad of the minions ``hit`` after losing ``loss`` (RB-SQUAD-03..11).

    One minion dies for each minion's worth the pool no longer holds (RB-SQUAD-06): the hit ones
    first, those named in ``chosen`` (the attacker's choice, RB-SQUAD-07) before the others, and
    for damage that is not area damage the rest nearest the hit ones (RB-SQUAD-09; ties: the
    attacker's choice, then the encounter's order, ruling R-SQUAD-3). Area damage kills only the
    minions it hit (RB-SQUAD-10): the caller caps each hit minion's share at its own Stamina
    (RB-SQUAD-11). The pool never rises; the member that carried the remainder keeps carrying it
    while it lives, else a hit survivor does (R-SQUAD-1).
    """
    squad = hit[0].squad
    assert squad is not None  # the caller's hit minions are of a squad
    living = members(state, squad)
    each = hit[0].stamina_max
    before = sum(c.stamina for c in living)
    after = max(0, before - loss)
    alive_after = -(-after // each)
    deaths = max(0, len(living) - alive_after)
    hit_ids = [c.id for c in hit]
    rank = {cid: i for i, cid in enumerate(chosen)}
    first = sorted(hit_ids, key=lambda cid: (rank.get(cid, len(rank)), hit_ids.index(cid)))
    hit_set = set(hit_ids)
    rest = [c for c in living if c.id not in hit_set]
    order_index = {cid: i for i, cid in enumerate(state.order)}

    def nearness(c: Creature) -> tuple[int, int, int]:
        near = min(distance(h.pos, h.n, c.pos, c.n) for h in hit)
        return (near, rank.get(c.id, len(rank)), order_index[c.id])

    candidates = first + [c.id for c in sorted(rest, key=nearness)]
    died = tuple(candidates[:deaths])
    survivors = [c for c in living if c.id not in died]
    new: dict[str, int] = dict.fromkeys(died, 0)
    if survivors:
        remainder = after - (len(survivors) - 1) * each
        carrier = next(
            (c for c in survivors if c.stamina < each),  # the one that carried it
            next((c for c in survivors if c.id in hit_set), survivors[0]),
        )
        for c in survivors:
            new[c.id] = remainder if c is carrier else each
    rules = list(FORMED)
    if died:
        rules.append("RB-SQUAD-08")
        if len(hit) > 1:
            rules.append("RB-SQUAD-07")
        if any(cid not in hit_set for cid in died):
            rules.append("RB-SQUAD-09")
    if area:
        rules += ["RB-SQUAD-10", "RB-SQUAD-11", "R-SQUAD-2"]
    return PoolLoss(squad, before, after, each, tuple(hit_ids), died, new, tuple(rules))


def refuse_regaining(c: Creature, what: str) -> None:
    """Raise for a minion about to regain Stamina or gain temporary Stamina (RB-SQUAD-05)."""
    if c.minion:
        raise InvalidArgumentError(
            f"{what} {c.id!r}: a minion can't regain Stamina or gain temporary Stamina", rule="RB-SQUAD-05"
        )


def benefit(state: Encounter, minion: Creature) -> CaptainBenefit | None:
    """The minion's "With Captain" benefit while its squad's captain stands, else None (RB-CAPT-05)."""
    if minion.with_captain is None or minion.squad is None or not minion.minion:
        return None
    return minion.with_captain if captain(state, minion.squad) is not None else None


def strike_edge(state: Encounter, c: Creature) -> bool:
    """Whether the creature's strikes have an edge from its squad's standing captain: "Gain an
    edge on strikes" under "With Captain" (RB-CAPT-05). Found with the other edges
    (:func:`brawl.rules.edges.state_reasons`), in every strike: free strikes, abilities with the
    Strike keyword, the squad's signature attack."""
    b = benefit(state, c) if c.with_captain is not None else None
    return b is not None and b.edge


def strike_damage(state: Encounter, c: Creature) -> int:
    """The damage the creature adds to each strike while its squad's captain stands: "+1 damage
    bonus to strikes" under "With Captain" (RB-CAPT-05); 0 otherwise. Added to a free strike's
    damage and to each damage of an ability with the Strike keyword, once per target."""
    b = benefit(state, c) if c.with_captain is not None else None
    return b.damage if b is not None else 0


def ranged_bonus(state: Encounter, c: Creature) -> int:
    """The squares the creature adds to the distance of its ranged abilities while its squad's
    captain stands: "+5 bonus to ranged distance" under "With Captain" (RB-CAPT-05); 0 otherwise."""
    b = benefit(state, c) if c.with_captain is not None else None
    return b.ranged_distance if b is not None else 0


def with_benefits(state: Encounter, squad: str, sign: int) -> Encounter:
    """``state`` with the squad's living members given (``sign`` 1) or losing (-1) the speed and
    Stamina of their "With Captain" benefit: the Stamina bonus raises each member's maximum and
    Stamina alike, and going it lowers both, the Stamina to the maximum at most, so the pool keeps
    ruling R-SQUAD-1's shape (RB-CAPT-05, R-SQUAD-4)."""
    for c in members(state, squad):
        b = c.with_captain
        if b is None or not (b.speed or b.stamina):
            continue
        top = c.stamina_max + sign * b.stamina
        stamina = c.stamina + b.stamina if sign > 0 else min(c.stamina, top)
        state = state.with_creature(
            attrs.evolve(c, speed=max(0, c.speed + sign * b.speed), stamina_max=top, stamina=stamina)
        )
    return state


def captain_lost(state: Encounter, dead: Creature) -> Outcome:
    """A squad losing its captain ``dead``, if it captained one: its members lose their benefit
    (RB-CAPT-05); a new captain may be named at the start of the next round (RB-CAPT-06)."""
    squad = dead.captain_of
    if squad is None or captain(state, squad) is not None:
        return Outcome(state, ())
    event = CaptainLost(captain=dead.id, squad=squad, rules=("RB-CAPT-05", "RB-CAPT-06", "R-SQUAD-4"))
    return Outcome(with_benefits(state, squad, -1), (event,))
