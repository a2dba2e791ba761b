"""Table rules: scale, consumables, the dramatic finish, riding edges, granted free strikes, improvised
weapons and the table procedures that map to inputs (DS-GRID-02, DS-ACT-16, DS-END-02, DS-MOUNT-05,
DS-MOUNT-10, DS-STRIKE-02, DS-STRIKE-08, DS-SIDE-13, DS-TURN-04, DS-TURN-10, DS-TURN-12)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.rules.table
import brawl.turns
from brawl import Creature, Encounter, Terrain
from brawl.events.base import Note
from brawl.events.damage import Damaged
from brawl.events.stealth import ConsumableUsed, DramaticFinish
from brawl.events.turns import ActionUsed, CombatEnded
from brawl.rules.edges import edges_and_banes
from brawl.rules.table import SCALES, SQUARE_FEET, Scale
from brawl.turns.drawsteel import DrawSteelTurn
from brawl.turns.finish import default_finish, dramatic_finish
from brawl.verbs import use_consumable

MELEE_STRIKE = frozenset({"melee", "strike", "weapon"})


def hero(cid: str, x: int, y: int = 2, **kw: object) -> Creature:
    return Creature(id=cid, side=brawl.HEROES, hero=True, stamina_max=30, pos=(x, y, 0), **kw)  # type: ignore[arg-type]


def foe(cid: str, x: int, y: int = 2, **kw: object) -> Creature:
    kw.setdefault("stamina_max", 20)
    return Creature(id=cid, pos=(x, y, 0), **kw)  # type: ignore[arg-type]


def encounter(*creatures: Creature) -> Encounter:
    return Encounter.create(Terrain.flat(16, 16), creatures, seed=5)


def in_combat(*creatures: Creature, first: str = "heroes") -> Encounter:
    return brawl.start_combat(encounter(*creatures), first_side=first).state


# --- the grid's scale ---------------------------------------------------------------------------
def test_a_square_is_5_feet_by_default_and_the_scale_is_one_for_the_game() -> None:
    """DS-GRID-02: a square is 5 feet on all sides; 6 squares are 30 ft; the Director's alternatives are
    2 yards, 2 metres and 1 metre, each a single scale for the whole game."""
    assert SQUARE_FEET == 5
    assert brawl.rules.table.squares_to_feet(6) == 30
    assert Scale().describe(6) == "6 squares (30 ft)"
    assert set(SCALES) == {"5 ft", "2 yd", "2 m", "1 m"}
    assert Scale.named("2 m").describe(1) == "1 square (2 m)"
    assert Scale.named("2 yd").length(3) == 6
    assert Scale().metres(10) == pytest.approx(15.24)
    with pytest.raises(brawl.InvalidArgumentError, match="DS-GRID-02"):
        Scale.named("3 ft")
    with pytest.raises(brawl.InvalidArgumentError, match="DS-GRID-02"):
        Scale(0, "ft")
    with pytest.raises(brawl.InvalidArgumentError, match="DS-GRID-02"):
        Scale().length(1.5)  # type: ignore[arg-type]


# --- Use Consumable -----------------------------------------------------------------------------
def test_use_consumable_on_yourself_or_a_willing_adjacent_creature() -> None:
    """DS-ACT-16: kira drinks a potion herself, or gives it to adjacent vex if vex is willing; not to
    a creature 2 squares away."""
    enc = encounter(hero("kira", 2), hero("vex", 3), hero("ash", 4))
    _, events = use_consumable(enc, "kira", "healing potion")
    assert events == (
        ConsumableUsed(creature="kira", recipient="kira", item="healing potion", rules=("DS-ACT-16",)),
    )
    state, events = use_consumable(enc, "kira", "healing potion", recipient="vex")
    assert state == enc
    assert events[0].explain() == "kira uses healing potion on vex (DS-ACT-16)"
    with pytest.raises(brawl.ActionUnavailableError, match="DS-ACT-16"):
        use_consumable(enc, "kira", "healing potion", recipient="vex", willing=False)
    with pytest.raises(brawl.ActionUnavailableError, match="not adjacent"):
        use_consumable(enc, "kira", "healing potion", recipient="ash")
    with pytest.raises(brawl.InvalidArgumentError, match="DS-ACT-16"):
        use_consumable(enc, "kira", "")
    knocked = brawl.add_condition(enc, "kira", "unconscious").state
    with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-04"):
        use_consumable(knocked, "kira", "healing potion")


# --- the dramatic finish ------------------------------------------------------------------------
def test_dramatic_finish_assigns_each_hero_enemies_and_ends_the_battle() -> None:
    """DS-END-02, R-END-1: 2 heroes and 3 enemies: kira gets e0 and e2, vex gets e1; combat then ends."""
    enc = in_combat(hero("kira", 1), hero("vex", 1, 3), foe("e0", 8), foe("e1", 8, 3), foe("e2", 8, 4))
    state, events = dramatic_finish(enc)
    finish = next(e for e in events if isinstance(e, DramaticFinish))
    assert finish.assignment == (("kira", ("e0", "e2")), ("vex", ("e1",)))
    assert any(isinstance(e, CombatEnded) for e in events)
    assert state.turn is None


def test_more_heroes_than_enemies_share_enemies() -> None:
    """DS-END-02: 3 heroes against 1 enemy: each hero is assigned the same enemy."""
    enc = encounter(hero("kira", 1), hero("vex", 1, 3), hero("ash", 1, 4), foe("e0", 8))
    assert default_finish(enc) == {"kira": ("e0",), "vex": ("e0",), "ash": ("e0",)}
    _, events = dramatic_finish(enc)
    assert [e.assignment for e in events if isinstance(e, DramaticFinish)] == [
        (("kira", ("e0",)), ("vex", ("e0",)), ("ash", ("e0",)))
    ]


def test_dramatic_finish_assignment_is_the_directors_and_must_cover_everyone() -> None:
    """DS-END-02, R-END-1: the Director's own assignment is used; a hero without an enemy, an enemy
    left unassigned or a dead enemy is refused."""
    enc = encounter(hero("kira", 1), hero("vex", 1, 3), foe("e0", 8), foe("e1", 8, 3))
    _, events = dramatic_finish(enc, assignment={"kira": ["e0", "e1"], "vex": ["e1"]})
    assert events[0].assignment == (("kira", ("e0", "e1")), ("vex", ("e1",)))
    with pytest.raises(brawl.InvalidArgumentError, match="DS-END-02"):
        dramatic_finish(enc, assignment={"kira": ["e0", "e1"], "vex": []})
    with pytest.raises(brawl.InvalidArgumentError, match="R-END-1"):
        dramatic_finish(enc, assignment={"kira": ["e0"], "vex": ["e0"]})
    with pytest.raises(brawl.InvalidArgumentError, match="DS-END-02"):
        dramatic_finish(enc, assignment={"kira": ["e0", "e1"]})
    with pytest.raises(brawl.ActionUnavailableError, match="DS-END-02"):
        dramatic_finish(encounter(hero("kira", 1)))


@given(heroes=st.integers(1, 6), enemies=st.integers(1, 6))
def test_default_finish_gives_every_hero_an_enemy_and_every_enemy_a_hero(heroes: int, enemies: int) -> None:
    """DS-END-02: whatever the numbers, each hero has one or more enemies, every enemy is assigned,
    heroes share enemies only when they outnumber them; the state is untouched."""
    enc = encounter(
        *(hero(f"h{i}", 1, i) for i in range(heroes)), *(foe(f"e{i}", 9, i) for i in range(enemies))
    )
    before = brawl.to_json(enc)
    plan = default_finish(enc)
    assert all(len(es) >= 1 for es in plan.values())
    assert {e for es in plan.values() for e in es} == {f"e{i}" for i in range(enemies)}
    shared = sum(len(es) for es in plan.values()) > enemies
    assert shared == (heroes > enemies)
    assert dramatic_finish(enc).state == enc
    assert brawl.to_json(enc) == before


# --- riding and climbing ------------------------------------------------------------------------
def test_riding_or_climbing_a_creature_gives_an_edge_on_melee_abilities_against_it() -> None:
    """DS-MOUNT-10: kira riding (or climbing) the ogre gains an edge on melee abilities against it, not
    on ranged ones and not against another creature."""
    enc = encounter(foe("ogre", 4, size="2"), hero("kira", 4, riding="ogre"), foe("gob", 6))
    eb = edges_and_banes(enc, "kira", "ogre", MELEE_STRIKE)
    assert eb.net == 1
    assert eb.reasons[0].rules == ("DS-MOUNT-10",)
    assert edges_and_banes(enc, "kira", "ogre", {"ranged", "strike"}).net == 0
    assert edges_and_banes(enc, "kira", "gob", MELEE_STRIKE).net == 0


def test_mount_and_rider_each_take_a_turn() -> None:
    """DS-MOUNT-05: a horse and its rider on the heroes' side are offered separately and both act."""
    horse = Creature(id="horse", side=brawl.HEROES, size="2", pos=(2, 2, 0))
    enc = in_combat(horse, hero("kira", 2, riding="horse"), foe("gob", 9))
    assert set(brawl.turns.next_actors(enc)["heroes"]) == {"horse", "kira"}
    acted = []
    while actors := brawl.turns.next_actors(enc):
        (ids,) = actors.values()
        enc, _ = brawl.start_turn(enc, ids[0])
        enc, _ = brawl.end_turn(enc)
        acted.append(ids[0])
    assert sorted(acted) == ["gob", "horse", "kira"]


# --- free strikes -------------------------------------------------------------------------------
def test_improvised_weapon_damage_type_can_follow_the_object() -> None:
    """DS-STRIKE-08: a burning torch deals fire: 2d10 (5, 5) + Might 2 = 12, tier 2, 5 + 2 = 7 fire; the
    ogre's fire weakness 3 makes it 10."""
    enc = encounter(
        hero("kira", 2, characteristics=brawl.Characteristics(might=2)),
        foe("ogre", 3, weaknesses={"fire": 3}),
    )
    _, events = brawl.free_strike(enc, "kira", "ogre", dice=(5, 5), type="fire")
    hit = next(e for e in events if isinstance(e, Damaged))
    assert (hit.base, hit.type, hit.after_weakness) == (7, "fire", 10)
    struck = next(e for e in events if type(e).__name__ == "Struck")
    assert "DS-STRIKE-08" in struck.rules


def test_granted_free_strike_off_turn() -> None:
    """DS-STRIKE-02: on the goblin's turn, kira is granted an ability and makes a free strike instead; it
    spends none of her actions and cites the rule; an unconscious creature still can't make it."""
    enc = in_combat(hero("kira", 2), foe("gob", 3), first="director")
    enc, _ = brawl.start_turn(enc, "gob")
    state, events = brawl.free_strike(enc, "kira", "gob", dice=(6, 6), granted=True)
    struck = next(e for e in events if type(e).__name__ == "Struck")
    assert "DS-STRIKE-02" in struck.rules
    assert "DS-ACT-21" not in struck.rules
    assert state.turn == enc.turn
    knocked = brawl.add_condition(enc, "kira", "unconscious").state
    with pytest.raises(brawl.ActionUnavailableError, match="DS-COND-04"):
        brawl.free_strike(knocked, "kira", "gob", dice=(6, 6), granted=True)
    with pytest.raises(brawl.ArgumentTypeError, match=r"FreeStrike.granted 'yes'"):
        brawl.free_strike(enc, "kira", "gob", dice=(6, 6), granted="yes")  # type: ignore[arg-type]


# --- table procedures as inputs -----------------------------------------------------------------
def test_director_picks_a_hero_when_the_players_cannot_agree() -> None:
    """DS-SIDE-13: the heroes' side is offered kira and vex; after the 30 seconds run out the Director
    names vex, and vex's turn starts."""
    enc = in_combat(hero("kira", 1), hero("vex", 1, 3), foe("gob", 9))
    assert brawl.turns.next_actors(enc) == {"heroes": ("kira", "vex")}
    state, _ = brawl.start_turn(enc, "vex")
    assert isinstance(state.turn, DrawSteelTurn)
    assert state.turn.current == "vex"


def test_director_rules_an_uncovered_activity_a_maneuver_or_a_main_action() -> None:
    """DS-TURN-04: pulling a lever is not in the rules; the Director's kind passed to use_action decides
    what it spends: as a maneuver it leaves the main action, as a main action it spends it."""
    enc = in_combat(hero("kira", 1), foe("gob", 9))
    enc, _ = brawl.start_turn(enc, "kira")
    as_maneuver, events = brawl.use_action(enc, "kira", "maneuver", name="pull the lever")
    assert events == (
        ActionUsed(creature="kira", kind="maneuver", name="pull the lever", rules=("DS-TURN-01",)),
    )
    assert brawl.actions.can(as_maneuver, brawl.UseAction("kira", "main"))
    as_main, _ = brawl.use_action(enc, "kira", "main", name="pull the lever")
    assert not brawl.actions.can(as_main, brawl.UseAction("kira", "main"))


def test_director_makes_a_free_maneuver_cost_a_maneuver() -> None:
    """DS-TURN-10: opening an unlocked door is a free maneuver, but a stuck one may cost a maneuver: passing
    "maneuver" spends it, so a second maneuver takes the main action."""
    enc = in_combat(hero("kira", 1), foe("gob", 9))
    enc, _ = brawl.start_turn(enc, "kira")
    free, _ = brawl.use_action(enc, "kira", "free maneuver", name="open the door")
    assert isinstance(free.turn, DrawSteelTurn)
    assert free.turn.economy is not None
    assert free.turn.economy.maneuvers == 0
    stuck, _ = brawl.use_action(enc, "kira", "maneuver", name="open the stuck door")
    assert isinstance(stuck.turn, DrawSteelTurn)
    assert stuck.turn.economy is not None
    assert stuck.turn.economy.maneuvers == 1
    _again, events = brawl.use_action(stuck, "kira", "maneuver", name="Hide")
    assert events[0].converted


def test_simple_activity_off_turn_needs_no_action() -> None:
    """DS-TURN-12: on the goblin's turn kira shouts a warning: no action kind applies (a free maneuver is
    refused off-turn), so the Director's approval is only a note in the log; nothing changes."""
    enc = in_combat(hero("kira", 1), foe("gob", 9), first="director")
    enc, _ = brawl.start_turn(enc, "gob")
    assert not brawl.actions.can(enc, brawl.UseAction("kira", "free maneuver"))
    out = brawl.Outcome(enc, ()).add(Note(text="kira shouts a warning", rules=("DS-TURN-12",)))
    assert out.state == enc
    assert brawl.explain(out.events) == "kira shouts a warning (DS-TURN-12)"


def test_use_consumable_spends_a_tracked_item_and_the_maneuver_ds_act_16() -> None:
    """DS-ACT-16, R-TURN-8: two potions carried: one use leaves one, spends the maneuver, and
    legal_actions offers the potion while one is left; an item not carried is refused."""
    kira = brawl.Creature(
        id="kira", side="heroes", hero=True, pos=(0, 0, 0), consumables=("potion", "potion", "bomb")
    )
    ogre = brawl.Creature(id="ogre", side="director", pos=(5, 5, 0))
    enc = brawl.Encounter.create(brawl.Terrain.flat(8, 8), [kira, ogre])
    enc, _ = brawl.start_combat(enc, d10=9)
    enc, _ = brawl.start_turn(enc, "kira")
    offered = [a for a in brawl.legal_actions(enc) if "UseConsumable" in repr(a)]
    assert len(offered) == 2
    with pytest.raises(brawl.ActionUnavailableError, match="carries no 'elixir'"):
        brawl.use_consumable(enc, "kira", "elixir")
    enc, events = brawl.use_consumable(enc, "kira", "potion")
    assert enc.creature("kira").consumables == ("potion", "bomb")
    assert events[-1].left == ("potion", "bomb")
    assert enc.turn.economy.maneuvers == 1
    back = brawl.from_json(brawl.to_json(enc))
    assert back.creature("kira").consumables == ("potion", "bomb")
