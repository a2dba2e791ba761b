"""Forced movement: events never disagree with the state they produced; burrowers in dirt (DS-FORCE-21)."""

from __future__ import annotations

from random import Random
from typing import Any, TypeVar

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import BuildContext
from hypothesis.errors import StopTest
from hypothesis.internal.conjecture.data import ConjectureData
from hypothesis.internal.conjecture.providers import HypothesisProvider

import brawl
from brawl import Creature, Encounter, Pos, Terrain
from brawl.events.forced import CarriedRider, FallingFar, Fell, ForceMoved, HeldByGround, RiderKnockedOff
from brawl.geometry import HORIZONTAL_DIRECTIONS
from brawl.rules.forced import ForcedMove
from brawl.strategies import encounters

T = TypeVar("T")


def _worm(z: int, **kw: object) -> Creature:
    return Creature(id="worm", pos=(5, 5, z), movement={"burrow"}, stamina_max=40, **kw)  # type: ignore[arg-type]


def test_burrower_pulled_up_through_dirt_stays_where_the_event_says() -> None:
    """DS-FORCE-21, DS-FORCE-10: 4 squares down, a vertical pull 2 moves it up 2 through dirt: z -4 -> -2."""
    enc = Encounter.create(Terrain.flat(20, 20), [_worm(-4)])
    after, events = brawl.pull(enc, (5, 5, 3), "worm", 2, vertical=True)
    (moved,) = [e for e in events if isinstance(e, ForceMoved)]
    assert moved.path == (Pos(5, 5, -3), Pos(5, 5, -2))
    assert (moved.moved, moved.remaining) == (2, 0)
    assert after.creature("worm").pos == Pos(5, 5, -2)
    assert not [e for e in events if isinstance(e, HeldByGround | Fell)]


def test_burrower_pushed_down_through_dirt_with_stability() -> None:
    """DS-FORCE-21, DS-FORCE-16: a vertical push 3 against stability 1 moves it 2 squares down: z -1 -> -3."""
    enc = Encounter.create(Terrain.flat(20, 20), [_worm(-1, stability=1)])
    after, events = brawl.push(enc, (5, 5, 4), "worm", 3, vertical=True)
    (moved,) = [e for e in events if isinstance(e, ForceMoved)]
    assert (moved.stability_used, moved.effective, moved.path[-1]) == (1, 2, Pos(5, 5, -3))
    assert after.creature("worm").pos == Pos(5, 5, -3)


def test_burrower_is_not_moved_through_stone_as_air() -> None:
    """DS-FORCE-21: only dirt is air to it: stone 2 above stops a vertical pull 3 after 1 square."""
    t = Terrain.flat(20, 20).with_cell((5, 5, -2), brawl.Cell(material=brawl.Material.STONE))
    enc = Encounter.create(t, [_worm(-4)])
    after, events = brawl.pull(enc, (5, 5, 3), "worm", 3, vertical=True)
    (moved,) = [e for e in events if isinstance(e, ForceMoved)]
    assert moved.path[-1] == Pos(5, 5, -3)
    assert after.creature("worm").pos == Pos(5, 5, -3)


# --- the property: the events' last word on each creature's position is the state's ----------------
def _reported(events: tuple[brawl.Event, ...]) -> tuple[dict[str, Pos], set[str]]:
    """The last position the events give each creature, and the creatures still falling far."""
    where: dict[str, Pos] = {}
    falling: set[str] = set()
    for e in events:
        if isinstance(e, ForceMoved):
            where[e.target] = e.path[-1] if e.path else e.start
        elif isinstance(e, Fell):
            where[e.creature] = e.landing
        elif isinstance(e, RiderKnockedOff) and e.landing is not None:
            where[e.rider] = e.landing
        elif isinstance(e, CarriedRider):
            where[e.rider] = e.to
        elif isinstance(e, FallingFar):
            falling.add(e.creature)
    return where, falling


@st.composite
def general_cases(draw: st.DrawFn) -> tuple[Encounter, ForcedMove]:
    """Push, pull or slide in a random encounter (walls, objects, crowds, fliers, conditions)."""
    enc = draw(encounters(min_creatures=2, max_creatures=5, max_objects=3))
    ids = list(enc.order)
    assume(len(ids) >= 2)
    target = draw(st.sampled_from(ids))
    others = [i for i in ids if i != target]
    kind = draw(st.sampled_from(["push", "pull", "slide"]))
    source: str | None = draw(st.sampled_from(others)) if kind != "slide" or draw(st.booleans()) else None
    distance = draw(st.integers(1, 6))
    path = None
    if kind == "slide":  # a straight slide, as far as the distance goes
        d = Pos(*draw(st.sampled_from(HORIZONTAL_DIRECTIONS)))
        start = enc.creature(target).pos
        path = tuple(Pos(start.x + k * d.x, start.y + k * d.y, start.z) for k in range(1, distance + 1))
    return enc, ForcedMove(
        kind=kind,
        source=source,
        target=target,
        distance=distance,
        path=path,
        stability_used=draw(st.sampled_from([0, 0, 0, None])),
        vertical=draw(st.booleans()) and kind != "slide",
        melee_weapon=draw(st.booleans()),
        mover=draw(st.sampled_from([None, *others])),
        rider_tier=draw(st.sampled_from([1, 2, 3])),
    )


@st.composite
def burrower_cases(draw: st.DrawFn) -> tuple[Encounter, ForcedMove]:
    """A burrower under (or on) the ground, moved vertically or not, sometimes under stone."""
    z = draw(st.integers(-6, 0))
    t = Terrain.flat(12, 12, height=12, below=8)
    if draw(st.booleans()):
        stone = draw(st.integers(-7, -1).filter(lambda h: h != z))
        t = t.with_cell((5, 5, stone), brawl.Cell(material=brawl.Material.STONE))
    if draw(st.booleans()):
        t = t.with_cell((5, 5, z), brawl.Cell())  # a tunnel square
    worm = _worm(z, stability=draw(st.integers(0, 2)))
    kind = draw(st.sampled_from(["push", "pull"]))
    vertical = draw(st.integers(0, 3)) > 0
    above = Pos(5, 5, 10) if vertical else Pos(draw(st.sampled_from([2, 8])), 5, z)
    return Encounter.create(t, [worm]), ForcedMove(
        kind=kind,
        source=above,
        target="worm",
        distance=draw(st.integers(1, 6)),
        vertical=vertical,
        stability_used=draw(st.sampled_from([0, 0, None])),
    )


@st.composite
def rider_cases(draw: st.DrawFn) -> tuple[Encounter, ForcedMove]:
    """A mount with its rider, or the rider alone, pushed or pulled, maybe vertically, maybe aloft."""
    z = draw(st.sampled_from([0, 0, 3]))
    movement = {"walk", "fly"} if z else {"walk"}
    horse = Creature(
        id="horse", size="2", pos=(5, 5, z), stamina_max=draw(st.integers(1, 30)), movement=movement
    )
    rider = Creature(id="rider", pos=(5, 5, z), riding="horse", stamina_max=20)
    ogre = Creature(id="ogre", pos=(2, 5, 0), stamina_max=30)
    enc = Encounter.create(Terrain.flat(14, 14, height=10), [horse, rider, ogre])
    return enc, ForcedMove(
        kind=draw(st.sampled_from(["push", "pull"])),
        source="ogre",
        target=draw(st.sampled_from(["horse", "horse", "horse", "rider"])),
        distance=draw(st.integers(1, 5)),
        vertical=draw(st.booleans()),
        rider_tier=draw(st.sampled_from([1, 2, 3])),
    )


@settings(max_examples=300)
@given(st.one_of(general_cases(), burrower_cases(), rider_cases()))
def test_property_events_agree_with_the_state(case: tuple[Encounter, ForcedMove]) -> None:
    """DS-FORCE-01, DS-FORCE-20, DS-FORCE-21, DS-FALL-01, DS-MOUNT-07: the last position the events
    report for each creature (moved, fell, knocked off, carried) is its position in the new state."""
    enc, move = case
    try:
        out = brawl.apply(enc, move)
    except brawl.RulesError:
        event("refused")
        return
    moved = [e for e in out.events if isinstance(e, ForceMoved)]
    assert moved, "a forced movement always reports itself"
    event("moved" if any(e.moved for e in moved) else "not moved")
    where, falling = _reported(out.events)
    assert move.target in where
    for cid, pos in where.items():
        if cid in falling or cid not in out.state.creatures:
            continue
        assert out.state.creature(cid).pos == pos, (cid, out.events)


class _NoConstants(HypothesisProvider):
    """Hypothesis's own draws, without the constants it gathers from the source files it finds
    local: which files those are depends on the folder the repository lies in (none under a
    folder named ``tests``) and on the modules imported so far, so the examples would too."""

    def _maybe_draw_constant(self, choice_type: Any, constraints: Any, *, p: float = 0.05) -> None:
        return None


def fixed_corpus(strategy: st.SearchStrategy[T], size: int, seed: int) -> list[T]:
    """``size`` draws of ``strategy``, each from its own seeded random source: the same list
    wherever and whenever it is built (no engine, no example database, no local constants);
    a draw the strategy rejects (``assume``, a filter) is left out."""
    seeds = Random(seed)
    found: list[T] = []
    for _ in range(size):
        data = ConjectureData(random=Random(seeds.getrandbits(64)), provider=_NoConstants)
        try:
            with BuildContext(data, wrapped_test=fixed_corpus):
                found.append(data.draw(strategy))
        except StopTest:
            continue
    return found


CORPUS_SIZE = 200
CORPUS_SEED = 20261128


def test_property_most_examples_really_move() -> None:
    """DS-FORCE-01: the property above is not vacuous: of a fixed corpus of 200 draws of its
    strategy (the same wherever the repository lies), most movements move their target."""
    corpus = fixed_corpus(
        st.one_of(general_cases(), burrower_cases(), rider_cases()), CORPUS_SIZE, CORPUS_SEED
    )
    assert len(corpus) >= CORPUS_SIZE * 9 // 10  # few draws rejected: the share is over most of it
    counts = {"moved": 0, "other": 0}
    targets: set[str] = set()
    for enc, move in corpus:
        try:
            out = brawl.apply(enc, move)
        except brawl.RulesError:
            counts["other"] += 1
            continue
        moved = any(e.moved for e in out.events if isinstance(e, ForceMoved))
        counts["moved" if moved else "other"] += 1
        if moved:
            targets.add(
                "worm"
                if move.target == "worm"
                else "mounted"
                if move.target in ("horse", "rider")
                else "general"
            )
    assert counts["moved"] > counts["other"], counts
    assert targets == {"general", "worm", "mounted"}  # each family of cases does real work
