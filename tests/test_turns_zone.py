"""The zone game's round (Z-TURN): faction alternation, passing, reactions, morale, mounts."""

from __future__ import annotations

import pytest

import brawl
import brawl.turns
import brawl.zone.game
import brawl.zone.model
import brawl.zone.verbs
from brawl import Creature, Encounter, Terrain
from brawl.zone.game import ZoneTurn
from test_zone_helpers import build, sheet


def bandits_fight() -> Encounter:
    """Three players against three bandits and their leader; the bandits have the initiative."""
    players = [
        Creature(id=n, side="players", stamina_max=12, pos=(0, i, 0))
        for i, n in enumerate(("balthasar", "sybilla", "theobald"))
    ]
    bandits = [
        Creature(id=n, side="gm", group="bandits", stamina_max=8, pos=(6, i, 0))
        for i, n in enumerate(("leader", "bandit1", "bandit2", "bandit3"))
    ]
    enc = Encounter.create(Terrain.flat(10, 10), players + bandits)
    enc, _ = brawl.start_combat(enc, system="zone", initiative="gm")
    return enc  # type: ignore[no-any-return]  # an unpacked Outcome is Any


def turn(enc: Encounter, who: str) -> Encounter:
    enc, _ = brawl.start_turn(enc, who)
    enc, _ = brawl.end_turn(enc)
    return enc


def test_bandits_example_turn_by_turn_z_turn_02_04_06_08() -> None:
    """Z-TURN-01..08 (the bandits example of the text): Z-TURN-01, Z-TURN-02, Z-TURN-03, Z-TURN-04,
    Z-TURN-06, Z-TURN-07, Z-TURN-08, played turn by turn; round 2 follows.
    """
    enc = bandits_fight()
    assert list(brawl.turns.next_actors(enc)) == ["gm"]  # the initiative holder opens (Z-TURN-06/07)
    enc = turn(enc, "leader")  # the GM takes turn with the bandit leader first
    enc = turn(enc, "sybilla")  # the players take turn with Sybilla
    enc = turn(enc, "bandit1")  # the GM takes turn with a bandit
    enc, ev = brawl.zone.verbs.pass_turn(enc)  # the players pass rather than activating
    assert not ev[0].forced
    enc = turn(enc, "bandit2")  # he didn't pass, so play goes back to the players
    assert list(brawl.turns.next_actors(enc)) == ["players"]
    enc = turn(enc, "balthasar")
    enc = turn(enc, "bandit3")  # the last bandit
    enc = turn(enc, "theobald")
    assert brawl.turns.next_actors(enc) == {"gm": ()}
    with pytest.raises(brawl.TurnOrderError, match="Z-TURN-03"):
        brawl.start_turn(enc, "leader")
    enc, ev = brawl.zone.verbs.pass_turn(enc)  # the GM must pass: all bandits have taken their turn
    assert ev[0].forced
    assert "Z-TURN-08" in ev[0].rules
    assert isinstance(enc.turn, ZoneTurn)
    assert not enc.turn.round_over
    enc, ev = brawl.zone.verbs.pass_turn(enc)  # the players must pass as well: the round ends
    assert ev[0].forced
    assert "Z-TURN-04" in ev[0].rules
    assert brawl.turns.next_actors(enc) == {}
    enc, ev = brawl.end_round(enc)
    assert enc.round == 2
    assert list(brawl.turns.next_actors(enc)) == ["gm"]


def test_wrong_faction_or_round_over_is_refused_z_turn_02_04() -> None:
    """Z-TURN-02: only the faction whose go it is acts or passes; Z-TURN-04: no early end."""
    enc = bandits_fight()
    with pytest.raises(brawl.TurnOrderError, match="Z-TURN-02"):
        brawl.start_turn(enc, "sybilla")
    with pytest.raises(brawl.TurnOrderError, match="Z-TURN-02"):
        brawl.zone.verbs.pass_turn(enc, "players")
    with pytest.raises(brawl.TurnOrderError, match="Z-TURN-04"):
        brawl.end_round(enc)


def test_all_factions_pass_ends_round_even_with_unacted_r_z_2() -> None:
    """R-Z-2, Z-AMB-02, Z-TURN-04: two consecutive passes end the round; the unacted lose their turn."""
    enc = bandits_fight()
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, events = brawl.end_round(enc)
    lost = sorted(e.creature for e in events if type(e).__name__ == "TurnLost")
    assert len(lost) == 7


def test_initiative_holder_picks_opener_each_round_z_turn_06() -> None:
    """Z-TURN-06: the initiative holder may let the other faction open the next round."""
    enc = bandits_fight()
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, _events = brawl.end_round(enc, opener="players")
    assert list(brawl.turns.next_actors(enc)) == ["players"]


def test_initiative_assigned_randomly_when_unclear_z_turn_07() -> None:
    """Z-TURN-07: no initiative given: one die face per faction assigns it (2: the second)."""
    a = Creature(id="a", side="red", pos=(0, 0, 0))
    b = Creature(id="b", side="blue", pos=(3, 3, 0))
    enc, events = brawl.start_combat(
        Encounter.create(Terrain.flat(8, 8), [a, b]), system="zone", initiative_roll=2
    )
    assert isinstance(enc.turn, ZoneTurn)
    assert enc.turn.initiative == "blue"
    assert any(isinstance(e, brawl.DiceRolled) and e.dice == "d2" for e in events)


def test_three_factions_cycle_in_fixed_order_r_z_1() -> None:
    """R-Z-1, Z-AMB-01: three factions take goes in a fixed cycle starting with the opener."""
    cs = [Creature(id=f, side=f, pos=(i * 2, 0, 0)) for i, f in enumerate(("red", "blue", "green"))]
    enc, _ = brawl.start_combat(
        Encounter.create(Terrain.flat(8, 8), cs), system="zone", initiative="red", opener="blue"
    )
    order = []
    for _ in range(3):
        (faction,) = brawl.turns.next_actors(enc)
        order.append(faction)
        enc, _ = brawl.zone.verbs.pass_turn(enc)
    assert order == ["blue", "green", "red"]
    assert brawl.turns.next_actors(enc) == {}


def test_full_speed_or_half_with_actions_z_turn_09_10() -> None:
    """Z-TURN-09, Z-TURN-10: 2 zones and no action, or 1 zone plus a bonus and a main (or two bonus)."""
    enc = bandits_fight()
    enc, _ = brawl.start_turn(enc, "leader")
    enc, _ = brawl.use_action(enc, "leader", "bonus")
    enc, _ = brawl.turns.spend_movement(enc, "leader", 1)
    enc, _ = brawl.use_action(enc, "leader", "main")
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.turns.spend_movement(enc, "leader", 1)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.use_action(enc, "leader", "bonus")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.start_turn(enc, "sybilla", sprint=True)
    enc, _ = brawl.turns.spend_movement(enc, "sybilla", 3)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.use_action(enc, "sybilla", "main")
    enc, _ = brawl.turns.spend_movement(enc, "sybilla", 1)  # 4 zones sprinting
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-10"):
        brawl.turns.spend_movement(enc, "sybilla", 1)


def test_two_bonus_actions_but_not_two_mains_z_turn_09_12() -> None:
    """Z-TURN-09, Z-TURN-12: a second bonus action instead of the main; never two main actions."""
    enc = bandits_fight()
    enc, _ = brawl.start_turn(enc, "leader")
    enc, _ = brawl.use_action(enc, "leader", "bonus", name="open a door")
    enc, _ = brawl.use_action(enc, "leader", "bonus", name="pull a lever")
    assert not brawl.actions.can(enc, brawl.UseAction("leader", "main"))
    enc2 = bandits_fight()
    enc2, _ = brawl.start_turn(enc2, "leader")
    enc2, _ = brawl.use_action(enc2, "leader", "main", name="attack")
    with pytest.raises(brawl.ActionUnavailableError, match="Z-TURN-09"):
        brawl.use_action(enc2, "leader", "main")
    with pytest.raises(brawl.InvalidArgumentError, match="Z-TURN-12"):
        brawl.use_action(enc2, "leader", "maneuver")


def test_reaction_uses_the_turn_z_turn_11_z_react_11_r_z_3() -> None:
    """Z-TURN-11, Z-REACT-11, R-Z-3: a reaction takes the character's turn for the round."""
    enc = bandits_fight()
    enc, _ = brawl.start_turn(enc, "leader")
    enc, ev = brawl.zone.verbs.react(enc, "sybilla", attack="leader-1")
    assert "using its turn" in brawl.explain(ev)
    enc, _ = brawl.end_turn(enc)
    assert "sybilla" not in brawl.turns.next_actors(enc)["players"]
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-11"):
        brawl.zone.verbs.react(enc, "sybilla", attack="bandit1-1")
    enc = turn(enc, "theobald")
    with pytest.raises(brawl.ActionUnavailableError, match="R-Z-3"):
        brawl.zone.verbs.react(enc, "theobald", attack="bandit1-1")


def test_unaware_cannot_react_z_react_02() -> None:
    """Z-REACT-02: a target unaware of its attacker cannot react."""
    enc = bandits_fight()
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-02"):
        brawl.zone.verbs.react(enc, "sybilla", attack="a1", aware=False)


def test_never_two_reactions_to_one_attack_z_react_03() -> None:
    """Z-REACT-03: even a skill granting more reactions allows one per attack."""
    enc = bandits_fight()
    enc, _ = brawl.zone.verbs.react(enc, "sybilla", attack="a1", uses_turn=False)
    with pytest.raises(brawl.ActionUnavailableError, match="Z-REACT-03"):
        brawl.zone.verbs.react(enc, "sybilla", attack="a1", uses_turn=False)
    enc, _ = brawl.zone.verbs.react(enc, "sybilla", attack="a2")


def test_surrender_spends_the_turn_z_surr_01() -> None:
    """Z-SURR-01: surrendering spends the character's turn; harmed, it may fight again."""
    enc = bandits_fight()
    enc, ev = brawl.zone.verbs.surrender(enc, "leader")
    assert "surrenders" in brawl.explain(ev)
    assert list(brawl.turns.next_actors(enc)) == ["players"]
    with pytest.raises(brawl.TurnOrderError, match="Z-TURN-03"):
        brawl.zone.verbs.surrender(enc, "leader")
    enc, ev = brawl.zone.verbs.resume_fighting(enc, "leader")
    with pytest.raises(brawl.InvalidArgumentError, match="Z-SURR-01"):
        brawl.zone.verbs.resume_fighting(enc, "leader")


def test_group_at_half_numbers_checks_morale_z_morale_01_r_z_5() -> None:
    """Z-TURN-05, Z-MORALE-01, R-Z-5: 4 bandits fall to 2 during a round: a morale check is due."""
    enc = bandits_fight()
    enc, _ = brawl.damage(enc, "bandit1", 8)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, ev = brawl.end_round(enc)
    assert not any(type(e).__name__ == "MoraleCheckDue" for e in ev)  # 3 of 4 left: more than half
    enc, _ = brawl.damage(enc, "bandit2", 8)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, ev = brawl.end_round(enc)
    due = [e for e in ev if type(e).__name__ == "MoraleCheckDue"]
    assert len(due) == 1
    assert (due[0].group, due[0].original, due[0].before, due[0].now) == ("bandits", 4, 3, 2)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, ev = brawl.end_round(enc)
    assert not any(type(e).__name__ == "MoraleCheckDue" for e in ev)  # not again: it fell in an earlier round


def test_lone_character_at_half_health_checks_morale_z_morale_01() -> None:
    """Z-MORALE-01: a character fighting alone at 12 max health down to 6 in the round checks morale."""
    enc = bandits_fight()
    enc, _ = brawl.damage(enc, "theobald", 5)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, ev = brawl.end_round(enc)
    assert not any(type(e).__name__ == "MoraleCheckDue" for e in ev)
    # the players are one faction group of 3; give Theobald his own group to fight alone
    solo = Creature(id="hermit", side="hermits", stamina_max=12, pos=(9, 9, 0))
    enc2, _ = brawl.start_combat(
        Encounter.create(Terrain.flat(10, 10), [solo, Creature(id="wolf", side="wolves", pos=(0, 0, 0))]),
        system="zone",
        initiative="wolves",
    )
    enc2, _ = brawl.damage(enc2, "hermit", 6)
    enc2, _ = brawl.zone.verbs.pass_turn(enc2)
    enc2, _ = brawl.zone.verbs.pass_turn(enc2)
    enc2, ev2 = brawl.end_round(enc2)
    due = [e for e in ev2 if type(e).__name__ == "MoraleCheckDue"]
    assert [(d.kind, d.before, d.now) for d in due] == [("lone", 12, 6)]


def test_morale_check_pass_and_fail_z_morale_02_03() -> None:
    """Z-MORALE-02, Z-MORALE-03: WIT roll-under d20; passers are steady; the fearless are exempt."""
    players = [Creature(id="p", side="players", pos=(0, 0, 0))]
    bandits = [
        Creature(id=f"b{i}", side="gm", group="bandits", stamina_max=8, pos=(6, i, 0)) for i in range(4)
    ]
    enc, _ = brawl.start_combat(
        Encounter.create(Terrain.flat(10, 10), players + bandits),
        system="zone",
        initiative="gm",
        fearless=["b3"],
    )
    enc, _ = brawl.damage(enc, "b0", 8)
    enc, _ = brawl.damage(enc, "b1", 8)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, _ = brawl.zone.verbs.pass_turn(enc)
    enc, ev = brawl.end_round(enc)
    due = [e for e in ev if type(e).__name__ == "MoraleCheckDue"]
    assert due[0].members == ("b2",)
    with pytest.raises(brawl.InvalidArgumentError, match="Z-MORALE-02"):
        brawl.zone.game.morale_check(enc, "bandits")
    enc2, ev = brawl.zone.game.morale_check(enc, "bandits", wits={"b2": 10}, rolls={"b2": 10})
    assert ev[-1].passed == ("b2",)
    enc3, ev = brawl.zone.game.morale_check(enc, "bandits", wits={"b2": 10}, rolls={"b2": 11})
    assert ev[-2].failed == ("b2",)
    assert type(ev[-1]).__name__ == "Surrendered"  # Z-MORALE-02: who fails surrenders...
    assert isinstance(enc3.turn, ZoneTurn)
    assert enc3.turn.surrendered == {"b2"}
    enc4, ev = brawl.zone.game.morale_check(enc, "bandits", wits={"b2": 10}, rolls={"b2": 11}, retreat=["b2"])
    assert type(ev[-1]).__name__ == "ZoneRetreated"  # ... or retreats
    assert isinstance(enc4.turn, ZoneTurn)
    assert enc4.turn.retreated == {"b2"}
    assert "b2" not in brawl.turns.next_actors(enc4).get("gm", ())
    with pytest.raises(brawl.TurnOrderError, match="Z-MORALE-01"):
        brawl.zone.game.morale_check(enc2, "bandits", passed={"b2": True})


def test_mount_and_rider_take_turn_together_z_mount_01() -> None:
    """Z-MOUNT-01: a mount and its rider act together; one may keep its turn to react."""
    horse = Creature(id="horse", side="players", size="2", pos=(0, 0, 0))
    knight = Creature(id="knight", side="players", riding="horse", pos=(0, 0, 1))
    foe = Creature(id="foe", side="gm", pos=(6, 6, 0))
    enc, _ = brawl.start_combat(
        Encounter.create(Terrain.flat(10, 10), [horse, knight, foe]), system="zone", initiative="players"
    )
    enc, ev = brawl.start_turn(enc, "knight", reserve=["horse"])
    assert ev[0].together == ("horse",)
    with pytest.raises(brawl.TurnOrderError):
        brawl.use_action(enc, "horse", "main")
    enc, _ = brawl.end_turn(enc)
    enc, _ = brawl.zone.verbs.react(enc, "horse", attack="foe-1")
    assert "horse" not in brawl.turns.next_actors(enc).get("players", ())
    with pytest.raises(brawl.InvalidArgumentError, match="Z-MOUNT-01"):
        brawl.start_turn(enc, "foe", together=["knight"])


def test_lone_character_worn_to_half_health_checks_morale_under_default_rulings_z_morale_01_r_z_7() -> None:
    """Z-MORALE-01, R-Z-7, R-Z-5: under the default rulings a lone hermit (8 health) cut by two
    sword hits of 3 in one round is at 2, half or less, still standing (no hit was half its health),
    and checks morale at the end of the round; a single hit of 4 (half) incapacitates it instead."""
    sword = brawl.zone.model.Weapon("sword", die=6)
    chars = [
        ("hermit", "hermits", "a", {"health_max": 8}),
        ("wolf1", "wolves", "a", {"weapons": [sword]}),
        ("wolf2", "wolves", "a", {"weapons": [sword]}),
    ]
    enc, _ = brawl.start_combat(build(chars), system="zone", initiative="wolves")
    for wolf in ("wolf1", "wolf2"):
        enc, _ = brawl.start_turn(enc, wolf)
        enc, _ = brawl.zone.verbs.zone_attack(enc, wolf, ["hermit"], "sword")
        enc, _ = brawl.zone.verbs.zone_resolve(enc, rolls=[3])
        enc, _ = brawl.end_turn(enc)
        if wolf == "wolf1":
            enc, _ = brawl.zone.verbs.pass_turn(enc)  # the hermit waits
    assert (sheet(enc, "hermit").health, sheet(enc, "hermit").incapacitated) == (2, False)
    enc, _ = brawl.zone.verbs.pass_turn(enc)  # the hermit
    enc, _ = brawl.zone.verbs.pass_turn(enc)  # the wolves, all of whom have acted
    enc, ev = brawl.end_round(enc)
    due = [e for e in ev if type(e).__name__ == "MoraleCheckDue"]
    assert [(d.group, d.kind, d.original, d.before, d.now) for d in due] == [("hermits", "lone", 8, 8, 2)]
    enc, ev = brawl.zone.game.morale_check(enc, "hermits", wits={"hermit": 10}, rolls={"hermit": 15})
    assert type(ev[-1]).__name__ == "Surrendered"  # Z-MORALE-02
    # one hit of half its health is critical damage: incapacitated, out of the fight, no check
    one, _ = brawl.start_combat(build(chars), system="zone", initiative="wolves")
    one, _ = brawl.start_turn(one, "wolf1")
    one, _ = brawl.zone.verbs.zone_attack(one, "wolf1", ["hermit"], "sword")
    one, _ = brawl.zone.verbs.zone_resolve(one, rolls=[4])
    assert (sheet(one, "hermit").health, sheet(one, "hermit").incapacitated) == (4, True)


def test_a_walk_away_from_an_enemy_provokes_nothing_under_the_zone_game_z_react_01() -> None:
    """Z-REACT-01, Z-TURN-11: the zone game's reactions answer attacks, never a walk; the same
    walk under Draw Steel provokes its opportunity attack (DS-STRIKE-03, R-MOVE-3)."""

    def walk_away(system: str) -> list[str]:
        enc = Encounter.create(
            Terrain.flat(8, 8),
            [
                Creature(id="kira", side="heroes", stamina_max=12, pos=(2, 2, 0)),
                Creature(id="gob", side="director", stamina_max=8, pos=(3, 2, 0)),
            ],
        )
        if system == "zone":
            enc, _ = brawl.start_combat(enc, system="zone", initiative="heroes")
        else:
            enc, _ = brawl.start_combat(enc, first_side="heroes")
        enc, _ = brawl.start_turn(enc, "kira")
        after, events = brawl.move(enc, "kira", [(1, 2, 0), (0, 2, 0)])
        assert after.creature("kira").pos == (0, 2, 0)
        return [e.enemy for e in events if type(e).__name__ == "OpportunityAttackProvoked"]

    assert walk_away("zone") == []
    assert walk_away("drawsteel") == ["gob"]
