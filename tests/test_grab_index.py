"""The encounter's derived grab and mount indexes stay exact through every change (RB1-GRABBED, DS-MOUNT-03).

``Encounter.grabbed_by_me`` and ``Encounter.riding_me`` are kept up to date by ``with_creature``
and ``without_creature``; ``grabbing`` and ``speed`` read them, so they must give exactly what a
scan of the creatures gives.
"""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from brawl import Condition, ConditionName, Creature, Encounter, Pos, Terrain
from brawl.rules.conditions import SLOWED_SPEED, SPEED_ZERO, grabbing, speed

IDS = ("a", "b", "c", "d", "e")


def fresh() -> Encounter:
    """Five creatures in a row on a 12 x 12 map, each next to the next."""
    return Encounter.create(
        Terrain.flat(12, 12),
        [
            Creature(id=cid, side="heroes" if i % 2 else "director", pos=Pos(2 + i, 5, 0))
            for i, cid in enumerate(IDS)
        ],
    )


def scan_grabbed_by_me(enc: Encounter, cid: str) -> set[str]:
    return {
        c.id
        for c in enc.creatures.values()
        if any(x.name is ConditionName.GRABBED and x.source == cid for x in c.conditions)
    }


def scan_grabbing(enc: Encounter, cid: str) -> tuple[str, ...]:
    """The neighbourhood scan ``grabbing`` did before the index (RB1-GRABBED, R-COND-2)."""
    c = enc.creature(cid)
    if c.dead:
        return ()
    near = enc.creatures_in(Pos(c.pos.x - 1, c.pos.y - 1, c.pos.z - 1), c.n + 2, exclude=(c.id,))
    held = {
        o
        for o in near
        if any(x.name is ConditionName.GRABBED and x.source == c.id for x in enc.creatures[o].conditions)
    }
    return tuple(o for o in enc.order if o in held)


def scan_speed(enc: Encounter, cid: str) -> int:
    """Speed computed without the index (RB1-GRABBED, RB1-SLOWED, R-COND-1)."""
    c = enc.creature(cid)
    if c.dead or any(x.name in SPEED_ZERO for x in c.conditions):
        return 0
    value = c.speed
    if any(c.size.rank <= enc.creatures[h].size.rank for h in scan_grabbing(enc, cid)):
        value //= 2
    if c.has(ConditionName.SLOWED):
        value = min(value, SLOWED_SPEED)
    return value


def check(enc: Encounter) -> None:
    rebuilt = Encounter(enc.terrain, enc.creatures, enc.objects, order=enc.order)
    for cid in (*IDS, "nobody"):
        assert set(enc.grabbed_by_me(cid)) == scan_grabbed_by_me(enc, cid)
        assert set(enc.grabbed_by_me(cid)) == set(rebuilt.grabbed_by_me(cid))
        riders = {c.id for c in enc.creatures.values() if c.riding == cid}
        assert set(enc.riding_me(cid)) == riders == set(rebuilt.riding_me(cid))
        assert len(enc.grabbed_by_me(cid)) == len(set(enc.grabbed_by_me(cid)))
    for cid in enc.order:
        assert grabbing(enc, cid) == scan_grabbing(enc, cid)
        assert speed(enc, cid) == scan_speed(enc, cid)


op = st.one_of(
    st.tuples(st.just("grab"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("slow"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("clear"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("ride"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("dismount"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("die"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("move"), st.sampled_from(IDS), st.integers(0, 11)),
    st.tuples(st.just("remove"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("stamina"), st.sampled_from(IDS), st.integers(1, 10)),
)


def apply(enc: Encounter, step: tuple[str, str, object]) -> Encounter:
    kind, cid, arg = step
    c = enc.creatures.get(cid)
    if c is None:
        return enc
    if kind == "grab" and isinstance(arg, str) and arg != cid:
        grabbed = Condition(ConditionName.GRABBED, source=arg)
        return enc.with_creature(attrs.evolve(c, conditions=(*c.conditions, grabbed)))
    if kind == "slow" and isinstance(arg, str):
        return enc.with_creature(attrs.evolve(c, conditions=(*c.conditions, Condition("slowed", source=arg))))
    if kind == "clear":
        return enc.with_creature(attrs.evolve(c, conditions=()))
    if kind == "ride" and isinstance(arg, str) and arg != cid and arg in enc.creatures:
        return enc.with_creature(attrs.evolve(c, riding=arg))
    if kind == "dismount":
        return enc.with_creature(attrs.evolve(c, riding=None))
    if kind == "die":
        return enc.with_creature(attrs.evolve(c, dead=True))
    if kind == "move" and isinstance(arg, int):
        p = Pos(arg, c.pos.y + 1 if c.pos.y < 10 else 1, 0)
        if enc.fits(p, 1) and not enc.occupants(p):
            return enc.with_creature(attrs.evolve(c, pos=p))
        return enc
    if kind == "remove" and not any(o.riding == cid for o in enc.creatures.values() if o.id != cid):
        return enc.without_creature(cid)
    if kind == "stamina" and isinstance(arg, int):
        return enc.with_creature(attrs.evolve(c, stamina=arg))
    return enc


@given(st.lists(op, max_size=25))
def test_grab_and_mount_indexes_match_a_scan_after_any_changes(steps: list[tuple[str, str, object]]) -> None:
    """RB1-GRABBED, DS-MOUNT-03, R-COND-2: indexes equal a scan and a rebuild; grabbing, speed unchanged."""
    enc = fresh()
    check(enc)
    for step in steps:
        before = enc
        enc = apply(enc, step)
        check(enc)
        check(before)  # the old state is untouched


def test_grabber_of_same_size_has_half_speed_and_the_index_names_the_grabbed() -> None:
    """RB1-GRABBED, R-COND-2: b grabs a (both 1M, speed 5): a's index lists b; a's speed is 5 // 2 = 2."""
    enc = fresh()
    b = enc.creature("b")
    enc = enc.with_creature(attrs.evolve(b, conditions=(Condition(ConditionName.GRABBED, source="a"),)))
    assert enc.grabbed_by_me("a") == ("b",)
    assert grabbing(enc, "a") == ("b",)
    assert speed(enc, "a") == 2
    enc = enc.with_creature(attrs.evolve(enc.creature("b"), conditions=()))
    assert enc.grabbed_by_me("a") == ()
    assert speed(enc, "a") == 5
