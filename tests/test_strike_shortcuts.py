"""The short cuts of the free strike's hot path against the general code they stand for.

A free strike (and an ability's power roll, which shares the code) answers the usual case
early: line of effect answered at once for spaces that touch or an open box between them, the
attacker's own line of effect looked at only once an ally stands in a flanking position, no
cover work on open ground, no concealment work on a map without darkness or fog, several dice
drawn at once, the damage pipeline with nothing to apply, the settle pass reading only the events
that can owe something.
Each oracle below is the earlier, general code, kept here unchanged; the answers must be the
same for every encounter Hypothesis draws.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brawl
from brawl import Cell, Encounter, Pos, Terrain
from brawl.actions import StartCombat, apply
from brawl.conditions import Condition, ConditionName
from brawl.creature import Characteristics, Creature, MapObject, MovementType
from brawl.damagetypes import DamageType
from brawl.dice import power_roll, roll_dice
from brawl.errors import ActionUnavailableError
from brawl.events.actions import Charged, EffectStarted, HealGiven, Struck
from brawl.events.base import DiceRolled, Event
from brawl.events.conditions import ConditionGained
from brawl.events.damage import Died, KnockedOut
from brawl.events.dice import PowerRolled
from brawl.geometry import cube, distance
from brawl.outcome import Outcome
from brawl.rng import _MASK, Rng
from brawl.rules.burrowing import denies_high_ground
from brawl.rules.concealment import in_darkness
from brawl.rules.conditions import GROUNDING, can_take_triggered_actions, falls_if_aloft
from brawl.rules.cover import CORNERS, _object_cells_in, _open_box, _solid_in, blocked_lines, clear_between
from brawl.rules.damage import Modifier, compute
from brawl.rules.edges import _names, crosses_opposite_sides, has_high_ground, has_line_of_effect
from brawl.rules.falling import Fall, should_fall
from brawl.rules.riders import mount_died, riders_of
from brawl.rules.settle import BLEEDING_CHARACTERISTICS, _scan, settle
from brawl.rules.stamina import BLEEDING_PURPOSE, bleeding_loss
from brawl.rules.strikes import FreeStrike, is_flanking
from brawl.sim import Options, greedy, standing_sides
from brawl.strategies import encounters, terrains
from brawl.terrain import MAX_EDGE, Material
from brawl.verbs import free_strike

# -- the earlier, general code ------------------------------------------------------------------


def old_line_of_effect(state: Encounter, a: str, b: str) -> bool:
    """Line of effect as R-COVER-1 words it: not every line from every corner blocked."""
    found = blocked_lines(state, a, b)
    return found is not None and found < CORNERS


def old_crosses_opposite_sides(a: Creature, b: Creature, e: Creature) -> bool:
    """The line between the centres of a and b crosses opposite sides or corners of e, worked
    out on the map's own coordinates."""
    an, bn, en = a.size.squares, b.size.squares, e.size.squares
    ax, ay = a.pos.x + an / 2, a.pos.y + an / 2
    bx, by = b.pos.x + bn / 2, b.pos.y + bn / 2
    x0, y0, x1, y1 = float(e.pos.x), float(e.pos.y), float(e.pos.x + en), float(e.pos.y + en)
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return False
    in_x, in_y = ax + dx * t0, ay + dy * t0
    out_x, out_y = ax + dx * t1, ay + dy * t1
    mid_x, mid_y = (in_x + out_x) / 2, (in_y + out_y) / 2
    if not (x0 < mid_x < x1 and y0 < mid_y < y1):
        return False
    eps = 1e-9
    return (
        (abs(in_x - x0) < eps and abs(out_x - x1) < eps)
        or (abs(in_x - x1) < eps and abs(out_x - x0) < eps)
        or (abs(in_y - y0) < eps and abs(out_y - y1) < eps)
        or (abs(in_y - y1) < eps and abs(out_y - y0) < eps)
    )


def old_is_flanking(state: Encounter, attacker: str, enemy: str) -> str | None:
    a, e = state.creature(attacker), state.creature(enemy)
    if a.side == e.side or a.dead or e.dead:
        return None

    def adjacent(c: Creature) -> bool:
        return distance(c.pos, c.n, e.pos, e.n) == 1

    def able(c: Creature) -> bool:
        return can_take_triggered_actions(state, c.id) and old_line_of_effect(state, c.id, e.id)

    if not adjacent(a) or not able(a):
        return None
    for ally in state.allies_of(attacker):
        if adjacent(ally) and old_crosses_opposite_sides(a, ally, e) and able(ally):
            return ally.id
    return None


def old_high_ground(state: Encounter, roller: str, target: str, *, climbing: bool = False) -> bool:
    r = state.creature(roller)
    t: Creature | MapObject = state.objects[target] if target in state.objects else state.creature(target)
    if denies_high_ground(state, target):
        return False
    if climbing:
        if not r.has_movement(MovementType.CLIMB):
            return False
    elif not state.is_supported(r.pos, r.n):
        return False
    return r.pos.z >= t.pos.z + t.n


def _bleeding_trigger(e: Event) -> str | None:
    """The creature this event says used a main or triggered action or rolled Might or Agility."""
    if isinstance(e, PowerRolled):
        return e.creature if e.uses in BLEEDING_CHARACTERISTICS else None
    if isinstance(e, Struck):
        return e.attacker
    if isinstance(e, Charged) or (isinstance(e, EffectStarted) and e.effect == "defending"):
        return e.creature
    if isinstance(e, HealGiven):
        return e.healer
    return None


def old_settle(out: Outcome) -> Outcome:
    owed: dict[str, None] = {}
    for e in out.events:
        if isinstance(e, DiceRolled) and e.purpose == BLEEDING_PURPOSE and e.creature is not None:
            owed.pop(e.creature, None)
            continue
        if isinstance(e, ConditionGained) and e.condition.name is ConditionName.BLEEDING:
            owed.pop(e.creature, None)
            continue
        cid = _bleeding_trigger(e)
        if cid is not None:
            owed[cid] = None
    for cid in owed:
        if cid in out.state.creatures:
            out = out.then(bleeding_loss, cid)
    i = 0
    while i < len(out.events):
        e = out.events[i]
        i += 1
        if isinstance(e, Died) and e.creature in out.state.creatures and riders_of(out.state, e.creature):
            out = out.then(mount_died, e.creature)
    grounded: dict[str, None] = {}
    for e in out.events:
        if isinstance(e, KnockedOut) or (isinstance(e, ConditionGained) and e.condition.name in GROUNDING):
            grounded[e.creature] = None
    for cid in grounded:
        state = out.state
        if cid not in state.creatures or not falls_if_aloft(state, cid) or not should_fall(state, cid):
            continue
        knocked_out = state.creature(cid).has(ConditionName.UNCONSCIOUS)
        why = ("DS-MTYPE-25", "R-TURN-7") if knocked_out else ("DS-MTYPE-25",)
        out = out.then(Fall(cid, rules=why).resolve)
    return out


# -- line of effect, flanking, high ground --------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(encounters(min_creatures=2, max_creatures=6, max_size=3))
def test_line_of_effect_flanking_and_high_ground_match_the_general_code(enc: Encounter) -> None:
    """Every ordered pair of creatures of a random map (walls, raised ground, water, objects,
    sizes up to 3, random conditions) gets the answers of the earlier code."""
    ids = list(enc.order)
    for a in ids:
        for b in ids:
            if a == b:
                continue
            assert has_line_of_effect(enc, a, b) == old_line_of_effect(enc, a, b)
            assert is_flanking(enc, a, b) == old_is_flanking(enc, a, b)
            for climbing in (False, True):
                assert has_high_ground(enc, a, b, climbing=climbing) == old_high_ground(
                    enc, a, b, climbing=climbing
                )


@settings(max_examples=400, deadline=None)
@given(
    st.tuples(st.integers(0, MAX_EDGE - 8), st.integers(0, MAX_EDGE - 8)),
    st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.integers(1, 4)), min_size=3, max_size=3),
)
def test_flanking_lines_worked_out_from_the_enemys_corner_are_those_on_the_map(
    corner: tuple[int, int], spaces: list[tuple[int, int, int]]
) -> None:
    """DS-EDGE-05..07: whether the line between two creatures' centres crosses opposite sides
    or corners of an enemy's space is worked out from the enemy's corner and kept by sizes and
    offsets; anywhere on the largest map it is the answer on the map's own coordinates."""
    x, y = corner
    a, b, e = (
        Creature(id=name, pos=Pos(x + 3 + dx, y + 3 + dy, 0), size=str(n) if n > 1 else "1M")
        for name, (dx, dy, n) in zip("abe", spaces, strict=True)
    )
    assert crosses_opposite_sides(a, b, e) == old_crosses_opposite_sides(a, b, e)


def _ring(enemy: Pos) -> list[Pos]:
    return [Pos(enemy.x + dx, enemy.y + dy, 0) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


@settings(max_examples=150, deadline=None)
@given(
    st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=12),
    st.lists(st.integers(0, 7), min_size=2, max_size=5, unique=True),
    st.lists(st.sampled_from([None, "dazed", "surprised", "unconscious", "prone"]), min_size=5, max_size=5),
)
def test_flanking_around_one_enemy_matches_the_general_code(
    walls: set[tuple[int, int]], spots: list[int], conditions: list[str | None]
) -> None:
    """Heroes on the squares around a goblin, stone pillars here and there, some heroes unable
    to take triggered actions: who flanks with whom is unchanged. The pillars never stand on the
    creatures; they decide the lines of effect at the corners."""
    enemy = Pos(3, 3, 0)
    ring = _ring(enemy)
    heroes = []
    for i, spot in enumerate(spots):
        name = conditions[i]
        held = () if name is None else (Condition(name, source="gob"),)
        heroes.append(Creature(id=f"h{i}", side=brawl.HEROES, pos=ring[spot], conditions=held))
    taken = {(p.x, p.y) for p in (enemy, *(h.pos for h in heroes))}
    pillars = {Pos(x, y, 0): Cell(Material.STONE) for x, y in walls if (x, y) not in taken}
    terrain = Terrain.flat(7, 7).with_cells(pillars)
    enc = Encounter.create(terrain, [*heroes, Creature(id="gob", pos=enemy)])
    for h in heroes:
        assert is_flanking(enc, h.id, "gob") == old_is_flanking(enc, h.id, "gob")


@given(
    st.lists(
        st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 3), st.integers(1, 3)), max_size=12
    ),
    st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 3)),
    st.tuples(st.integers(1, 10), st.integers(1, 10), st.integers(1, 4)),
)
def test_the_object_cells_in_a_box_are_those_the_encounter_indexes(
    spots: list[tuple[int, int, int, int]], lo: tuple[int, int, int], size: tuple[int, int, int]
) -> None:
    """Looked up cell by cell (small boxes) or gathered object by object (large ones): the cells
    of the box that ``object_at`` names, with objects of sizes 1 to 3 here and there."""
    enc = Encounter.create(Terrain.flat(12, 12, height=6), [])
    for i, (x, y, z, n) in enumerate(spots):
        try:
            enc = enc.with_object(MapObject(id=f"o{i}", pos=(x, y, z), size=n, material=Material.STONE))
        except brawl.BrawlError:
            continue  # overlapping or off the map
    hi = (min(lo[0] + size[0], 12), min(lo[1] + size[1], 12), min(lo[2] + size[2], 6))
    expected = {
        Pos(x, y, z)
        for x in range(lo[0], hi[0])
        for y in range(lo[1], hi[1])
        for z in range(lo[2], hi[2])
        if enc.object_at(Pos(x, y, z)) is not None
    }
    assert _object_cells_in(enc, lo, hi) == expected


@settings(max_examples=100, deadline=None)
@given(
    encounters(min_creatures=0, max_creatures=2),
    st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11), st.integers(-2, 4)), min_size=2, max_size=8),
)
def test_an_open_box_between_two_cells_means_an_open_line(
    enc: Encounter, spots: list[tuple[int, ...]]
) -> None:
    """The short cut of line of effect: when the box two cells span holds no solid cell and no
    object, the terrain's own line between them is open too; and an open box is exactly one in
    which the cover code finds no blocking cell."""
    cells = [Pos(*p) for p in spots if enc.terrain.in_bounds(Pos(*p))]
    for a in cells:
        for b in cells:
            lo = (min(a.x, b.x), min(a.y, b.y), min(a.z, b.z))
            hi = (max(a.x, b.x) + 1, max(a.y, b.y) + 1, max(a.z, b.z) + 1)
            assert _open_box(enc, lo, hi) == (not _solid_in(enc, lo, hi))
            if clear_between(enc, a, b):
                assert enc.terrain.line_of_effect(a, b)


# -- concealment, conditions ------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(
    terrains(max_side=8),
    st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 2)), max_size=20),
    st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 1), st.sampled_from(["1M", "2"])),
)
def test_darkness_matches_the_cells_under_the_creature(
    terrain: Terrain, fog: set[tuple[int, int, int]], at: tuple[int, int, int, str]
) -> None:
    """A creature is in darkness when every cell of its space conceals, on maps with and without fog."""
    cells = {
        Pos(*p): Cell(concealing=True)
        for p in fog
        if terrain.in_bounds(Pos(*p)) and not terrain.is_solid(Pos(*p))
    }
    terrain = terrain.with_cells(cells)
    c = Creature(id="c", pos=at[:3], size=at[3])
    if not terrain.is_clear(c.pos, c.n):
        return
    enc = Encounter.create(terrain, [c])
    expected = all(terrain.in_bounds(p) and terrain.cell(p).concealing for p in cube(c.pos, c.n))
    assert in_darkness(enc, "c") == expected


@given(st.lists(st.sampled_from(list(ConditionName)), max_size=6))
def test_the_names_of_a_creatures_conditions_agree_with_has(names: list[ConditionName]) -> None:
    c = Creature(id="c", conditions=[Condition(n, source="x") for n in names])
    held = _names(c)
    for name in ConditionName:
        assert (name in held) == c.has(name)


# -- dice and damage --------------------------------------------------------------------------------


@given(
    st.integers(0, _MASK),
    st.integers(_MASK - 30, _MASK) | st.integers(0, 1000),
    st.integers(1, 100),
    st.integers(0, 20),
)
def test_drawing_several_dice_at_once_is_drawing_them_one_by_one(
    seed: int, counter: int, sides: int, count: int
) -> None:
    rng = Rng(seed, counter)
    one_by_one = []
    step = rng
    for _ in range(count):
        value, step = step.draw(sides)
        one_by_one.append(value)
    values, after = rng.draws(sides, count)
    assert values == tuple(one_by_one)
    assert after == step
    assert (after.seed, after.counter) == (seed, (counter + count) & _MASK)
    if count == 2:  # a power roll's pair (RB3-EDGES)
        assert rng.pair(sides) == (*values, after)


@given(
    st.integers(0, _MASK),
    st.integers(_MASK - 3, _MASK) | st.integers(0, 1000) | st.integers(0, _MASK),
    st.integers(1, 100),
)
def test_a_pair_of_dice_written_out_is_two_draws_one_by_one(seed: int, counter: int, sides: int) -> None:
    """RB3-EDGES: a power roll's two d10s, drawn with the generator's steps written out, are the
    two faces draw gives one after the other and the generator after them, the counter wrapping
    at 2**64."""
    rng = Rng(seed, counter)
    first, step = rng.draw(sides)
    second, step = step.draw(sides)
    a, b, after = rng.pair(sides)
    assert (a, b) == (first, second)
    assert after == step
    assert (after.seed, after.counter) == (seed, (counter + 2) & _MASK)


@given(st.integers(0, 2**64 - 1), st.integers(-5, 5), st.integers(0, 3), st.integers(0, 3))
def test_a_power_roll_draws_what_roll_dice_draws(seed: int, value: int, edges: int, banes: int) -> None:
    """The power roll no longer makes a DiceRolled event to throw away: the same faces, the same RNG."""
    enc = Encounter.create(Terrain.flat(3, 3), [Creature(id="c")], seed=seed)
    faces, out = roll_dice(enc, 10, 2)
    rolled = power_roll(enc, value, edges=edges, banes=banes, creature="c")
    assert rolled.roll.dice == faces
    assert rolled.state.rng == out.state.rng
    assert rolled.events[0].source == "rng"  # type: ignore[attr-defined]


@given(st.integers(-20, 10**6), st.sampled_from([None, *(t for t in DamageType if t is not DamageType.FIRE)]))
def test_the_pipeline_with_nothing_to_apply_takes_it_all(amount: int, kind: DamageType | None) -> None:
    """With no modifier, immunity or weakness the answer is that of the full pipeline run with a
    table that does not apply to the damage (fire weakness and immunity against other damage)."""
    quick = compute(amount, kind, {}, {})
    full = compute(amount, kind, {"fire": 5}, {"fire": 3})
    assert quick == full
    if amount >= 0:
        assert compute(amount, kind, {}, {}, (Modifier("unchanged"),)) == quick


# -- the settle pass --------------------------------------------------------------------------------


def _strike_outcomes() -> list[Outcome]:
    """The unsettled outcomes of the free strikes of a few seeded fights, some with bleeding heroes."""
    enc = brawl.load_scenario("benchmarks/four_vs_six.toml")
    found: list[Outcome] = []
    for seed in range(3):
        state = apply(enc.with_rng(brawl.Rng(seed)), StartCombat(first_side="heroes")).state
        while len(standing_sides(state)) > 1 and state.round <= 20:
            action = greedy(state, Options(state))
            inner = getattr(action, "action", None)
            if inner is not None and type(inner).__name__ == "FreeStrike":
                found.append(inner.resolve(state))
            state = apply(state, action).state
    return found


TRIGGER_EVENTS: list[Event] = [
    PowerRolled(purpose="test", dice=(4, 5), characteristic=2, creature="kira", uses="might"),
    PowerRolled(purpose="test", dice=(4, 5), characteristic=2, creature="kira", uses="agility"),
    PowerRolled(purpose="test", dice=(4, 5), characteristic=2, creature="kira", uses="reason"),
    PowerRolled(purpose="test", dice=(4, 5), characteristic=2, creature=None, uses="might"),
    Struck(attacker="kira", target="ogre"),
    Charged(creature="kira", squares=3, target="ogre"),
    EffectStarted(creature="kira", effect="defending", source="defend"),
    EffectStarted(creature="kira", effect="hasted", source="spell"),
    HealGiven(healer="kira", target="ogre"),
    KnockedOut(creature="kira"),
    Died(creature="kira"),
]
"""One event of each kind the settle pass reads, and some it must pass over."""


def test_the_settle_pass_owes_bleeding_for_the_triggers_the_general_code_names() -> None:
    """RB1-BLEEDING, R-STAM-6: ``_scan``, the pass that runs, owes a bleeding loss to exactly the
    creature the general code's trigger names (a main or triggered action, a Might or Agility
    roll), event by event."""
    owing = 0
    for e in TRIGGER_EVENTS:
        owed: dict[str, None] = {}
        _scan([e], owed, {})
        expected = _bleeding_trigger(e)
        assert list(owed) == ([] if expected is None else [expected]), e
        owing += expected is not None
    assert owing == 6


def test_settling_free_strikes_matches_the_general_pass() -> None:
    outcomes = _strike_outcomes()
    assert any(isinstance(e, Died) for out in outcomes for e in out.events)
    for out in outcomes:
        mine, theirs = settle(out), old_settle(out)
        assert mine.events == theirs.events
        assert mine.state.creatures == theirs.state.creatures
        assert mine.state.rng == theirs.state.rng


def test_settling_a_bleeding_strikers_outcome_matches_the_general_pass() -> None:
    """A bleeding hero's free strike owes its loss; a second settle owes nothing more."""
    kira = Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=30, pos=(1, 1, 0))
    gob = Creature(id="gob", stamina_max=5, pos=(2, 1, 0))
    enc = Encounter.create(Terrain.flat(5, 5), [kira, gob], seed=3)
    enc = brawl.add_condition(enc, "kira", "bleeding").state
    out = free_strike(enc, "kira", "gob", dice=(9, 9))
    mine, theirs = settle(out), old_settle(out)
    assert mine.events == theirs.events
    assert any(getattr(e, "purpose", None) == BLEEDING_PURPOSE for e in mine.events)
    assert settle(mine).events == mine.events == old_settle(mine).events


def test_settling_a_strike_that_kills_a_mount_matches_the_general_pass() -> None:
    """A free strike kills a horse: the settle pass throws its rider (DS-MOUNT-09), as before."""
    horse = Creature(id="horse", size="2", pos=(5, 5, 0), stamina_max=5)
    rider = Creature(id="rider", pos=(5, 5, 0), riding="horse", stamina_max=30)
    gob = Creature(id="gob", side=brawl.HEROES, pos=(7, 5, 0), characteristics=Characteristics(might=2))
    enc = Encounter.create(Terrain.flat(20, 20, height=40), [horse, rider, gob])
    out = free_strike(enc, "gob", "horse", dice=(9, 9))
    mine, theirs = settle(out), old_settle(out)
    assert mine.events == theirs.events
    assert mine.state.creatures == theirs.state.creatures
    assert mine.state.creature("rider").riding is None


# -- the checks of a request just verified ----------------------------------------------------------


def test_a_free_strike_verified_on_one_state_is_checked_again_on_another() -> None:
    """DS-COND-04, DS-STRIKE-06: a free strike whose checks passed is refused when it resolves on
    a state where its attacker fell unconscious or its target moved out of reach since, and
    resolves as an unverified one does on the state it was verified on."""
    kira = Creature(id="kira", side=brawl.HEROES, hero=True, stamina_max=30, pos=(1, 1, 0))
    gob = Creature(id="gob", stamina_max=20, pos=(2, 1, 0))
    enc = Encounter.create(Terrain.flat(6, 6), [kira, gob], seed=3)
    down = brawl.add_condition(enc, "kira", "unconscious").state
    away = enc.update_creature("gob", pos=Pos(4, 1, 0))
    strike = FreeStrike("kira", "gob", dice=(6, 6))
    strike.verify(enc)
    with pytest.raises(ActionUnavailableError, match="DS-COND-04"):
        strike.resolve(down)
    strike.verify(enc)
    with pytest.raises(ActionUnavailableError, match="3 squares away, reach 1"):
        strike.resolve(away)
    strike.verify(enc)
    verified = strike.resolve(enc)
    fresh = FreeStrike("kira", "gob", dice=(6, 6)).resolve(enc)
    assert verified.events == fresh.events
    assert [e.damage for e in verified.events if isinstance(e, Struck)] == [5 + 0]  # tier 2, might 0
