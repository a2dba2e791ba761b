"""Golden playthroughs: fixed-seed fights of every bundled scenario under each turn system.

Each file under ``tests/golden/`` holds one fight: the scenario, the turn system, the seed, the
action log (:func:`brawl.actions_to_json`), the events of each step as text
(:func:`brawl.explain`) and the final state (:func:`brawl.to_json`). The tests replay the log
with :func:`brawl.apply`, step by step, and require the same text for every step and the same
final state; :func:`brawl.replay` of the whole log must end in that state too.

Any change of behaviour must update these files on purpose, by regenerating them and reviewing
the diff::

    PYTHONPATH=src python tests/test_golden.py --regenerate
    git diff tests/golden/

How the fights are chosen: a ``random.Random(seed)`` picks among the options of each step,
preferring strikes and forced movement (Knockback) when an enemy is adjacent, then the abilities
:func:`brawl.legal_actions` offers against enemies (the stat blocks of the bundled scenarios give
every creature some), and moves that close in on an enemy otherwise, for at most ``MAX_STEPS``
steps or until one side is left.
When no move of :func:`brawl.legal_actions` closes in (the heroes on the cliff top), moves in climb
mode are offered as well: :class:`Climb`, a record defined here that does what
:class:`brawl.actions.Advance` does with ``mode="climb"`` (:mod:`brawl.actions` has none).

- Draw Steel: the options are :func:`brawl.legal_actions` (and climbs), but the Director's
  Malice features and the heroes' hero tokens and surges.
- The initiative game: the options are :func:`brawl.legal_actions` (its moves with the Move,
  strikes, Grab and Knockback with the Action, the turn flow) and climbs.
- The zone game: its options are built here from the zone game's records, since its own
  :func:`brawl.legal_actions` offers no grid moves or strikes: ``StartTurn`` for a character of
  the faction whose go it is, ``PassTurn``, ``EndRound`` once every faction
  passed, ``TakeAction("main", FreeStrike)``, ``TakeAction("bonus", Knockback)``, one ``Move`` a
  turn along a path of :func:`brawl.reachable`, in climb mode when advancing can't close in
  (grid squares are not zones, so the zone economy is not charged for it) and ``EndTurn``.

The record defined here registers under their class names, so the logs that use it load
only once this module is imported.
"""

from __future__ import annotations

import difflib
import json
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import brawl
import brawl.turns
import brawl.zone.turnstate
from brawl import Encounter
from brawl.actions import (
    Action,
    Advance,
    AdvanceTo,
    EndRound,
    EndTurn,
    FreeStrike,
    Knockback,
    Move,
    StartCombat,
    StartTurn,
    TakeAction,
    UseAction,
)
from brawl.rules.abilities import UseAbility
from brawl.rules.jumping import Jump
from brawl.rules.malice import BrutalEffectiveness, MaliciousStrike
from brawl.rules.recoveries import HeroTokenStamina
from brawl.rules.tokens import HeroTokenSurges
from brawl.turns.squad_turn import SquadHide, SquadManeuver, SquadSearch
from brawl.zone.game import PassTurn

GOLDEN = Path(__file__).parent / "golden"
SYSTEMS = ("drawsteel", "zone", "initiative")
SEEDS = {"bridge": 11, "cliff": 23, "tavern": 37}
"""The seed of each scenario's fights (the RNG of the state and of the choices)."""
DEFAULT_SEED = 5
MAX_STEPS = 80
"""Actions after StartCombat at most, per fight."""
WIDTH = 100
"""Longest line of a golden file, unless one value alone is longer."""
KINDS = {
    "drawsteel": ("main", "maneuver"),
    "initiative": ("action", "fast"),
    "zone": ("main", "bonus"),
}
"""The action kinds that pay for a strike and for a Knockback in each system."""


def _positions(value: Sequence[Sequence[int]]) -> tuple[brawl.Pos, ...]:
    return tuple(brawl.Pos(*p) for p in value)


def movement_left(state: Encounter, creature: str) -> int:
    """The movement the creature's move still grants this turn (Draw Steel, the initiative game)."""
    turn = state.turn
    if getattr(turn, "current", None) != creature:
        return 0
    left: int = getattr(getattr(turn, "economy", None), "movement_left", 0)
    return left


@attrs.frozen
class Climb(Action):
    """Like :class:`brawl.actions.Advance`, in climb mode: spends the turn's movement (DS-MTYPE)."""

    creature: str
    path: tuple[brawl.Pos, ...] = attrs.field(converter=_positions)

    def verify(self, state: Encounter) -> None:
        left = movement_left(state, self.creature)
        if left == 0:
            brawl.actions.verify(state, brawl.UseAction(self.creature, "move"))
        brawl.actions.verify(state, brawl.Move(self.creature, self.path, mode="climb", budget=left or None))

    def resolve(self, state: Encounter) -> brawl.Outcome:
        out = brawl.Outcome(state, ())
        if movement_left(state, self.creature) == 0:
            out = brawl.use_action(state, self.creature, "move")
        cost = brawl.path_cost(out.state, self.creature, self.path, mode="climb")
        budget = movement_left(out.state, self.creature)
        # the movement is spent here, as Advance does, so the move itself spends nothing more
        out = out.then(brawl.move, self.creature, self.path, mode="climb", budget=budget, granted=True)
        return out.then(brawl.turns.spend_movement, self.creature, min(cost, budget))


# -- choosing a fight ------------------------------------------------------------------------------


SYSTEM_SEEDS = {("tavern", "initiative"): 41, ("bridge", "initiative"): 1, ("warband", "initiative"): 1}
"""Seeds for a scenario under one system, where the scenario's own gives no push that moves."""


def seed_of(scenario: str, system: str = "") -> int:
    return SYSTEM_SEEDS.get((scenario, system), SEEDS.get(scenario, DEFAULT_SEED))


def start_state(scenario: str, seed: int) -> Encounter:
    """The scenario's encounter with its RNG seeded."""
    return brawl.load_scenario(brawl.bundled_scenario(scenario)).with_rng(brawl.Rng(seed))


def fighting(c: brawl.Creature) -> bool:
    return not c.dead and not c.has(brawl.ConditionName.UNCONSCIOUS)


def sides_standing(state: Encounter) -> set[str]:
    return {c.side for c in state.creature_list() if fighting(c)}


def is_legal(state: Encounter, action: Action) -> bool:
    try:
        brawl.apply(state, action)
    except brawl.RulesError:
        return False
    return True


def current_creature(state: Encounter) -> str | None:
    """Who is taking the current turn, in any of the three systems."""
    current = getattr(state.turn, "current", None)
    if isinstance(current, tuple):  # the zone game: a character, or a mount and its riders
        return current[0] if current else None
    return current if isinstance(current, str) else None


def adjacent_enemies(state: Encounter, cid: str) -> list[str]:
    me = state.creature(cid)
    return [
        o.id
        for o in state.living()
        if o.side != me.side and o.id != cid and brawl.distance(me.pos, me.n, o.pos, o.n) <= 1
    ]


def combat_options(state: Encounter, cid: str, system: str) -> list[Action]:
    """Strikes and Knockbacks against adjacent enemies, paid with the system's action kinds."""
    main, maneuver = KINDS[system]
    found: list[Action] = []
    for enemy in adjacent_enemies(state, cid):
        found.append(TakeAction(main, FreeStrike(cid, enemy)))
        found.append(TakeAction(maneuver, Knockback(cid, enemy)))
    return [a for a in found if is_legal(state, a)]


def moved_this_turn(log: Sequence[Action]) -> bool:
    for a in reversed(log):
        if isinstance(a, StartTurn):
            return False
        if isinstance(a, Move):
            return True
    return False


def zone_options(state: Encounter, log: Sequence[Action]) -> list[Action]:
    """Every option of the zone game, built from its turn functions."""
    turn = state.turn
    assert isinstance(turn, brawl.zone.turnstate.ZoneTurn)
    if turn.round_over:
        return [EndRound()]
    cid = current_creature(state)
    if cid is None:
        ids = [i for ids in brawl.turns.next_actors(state).values() for i in ids]
        return [StartTurn(i) for i in ids] if ids else [PassTurn()]
    found = combat_options(state, cid, "zone")
    if not moved_this_turn(log) and not state.creature(cid).dead:
        me = state.creature(cid)
        reach = brawl.reachable(state, cid)
        found += [Move(cid, reach.path_to(p)) for p in sorted(reach) if p != me.pos]
        if not closes_in(state, cid, found):
            climb = climb_reach(state, cid)
            if climb is not None:
                found += [Move(cid, climb.path_to(p), "climb") for p in sorted(climb) if p not in reach]
    found.append(EndTurn())
    return found


def end_of(a: Action) -> brawl.Pos:
    """Where a move ends: its destination, or its path's last square."""
    if isinstance(a, AdvanceTo):
        return a.destination
    assert isinstance(a, Advance | Move | Climb)
    return a.path[-1]


def closes_in(state: Encounter, cid: str, found: Sequence[Action]) -> bool:
    """Whether one of the moves found ends nearer an enemy than the creature stands now."""
    now = gap(state, cid, state.creature(cid).pos)
    return any(isinstance(a, Advance | AdvanceTo | Move) and gap(state, cid, end_of(a)) < now for a in found)


def climb_reach(state: Encounter, cid: str, budget: int | None = None) -> brawl.Reachable | None:
    """Where the creature can climb to, or None if it can't climb now (prone, for one)."""
    try:
        return brawl.reachable(state, cid, budget=budget, mode="climb")
    except brawl.RulesError:
        return None


def climb_options(state: Encounter, cid: str) -> list[Action]:
    """Moves in climb mode to the squares an advance can't reach (down or up a cliff)."""
    me = state.creature(cid)
    left = movement_left(state, cid)
    if me.dead or (left == 0 and not brawl.actions.can(state, brawl.UseAction(cid, "move"))):
        return []
    budget = left or None
    climb = climb_reach(state, cid, budget)
    if climb is None:
        return []
    reach = brawl.reachable(state, cid, budget=budget)
    found: list[Action] = [Climb(cid, climb.path_to(p)) for p in sorted(climb) if p not in reach]
    return [a for a in found if is_legal(state, a)]


def options(state: Encounter, system: str, log: Sequence[Action]) -> list[Action]:
    if system == "zone":
        return zone_options(state, log)
    # a bare UseAction spends an action on nothing: the fights here spend them on deeds; they
    # walk rather than jump; the Director's Malice features, the heroes' tokens and surges
    # and the squads' maneuvers are pinned by their own tests (tests/test_director.py,
    # tests/test_tokens.py, tests/test_surges.py, tests/test_squad_offers.py)
    skipped = UseAction | Jump | BrutalEffectiveness | MaliciousStrike | HeroTokenSurges | HeroTokenStamina
    skipped |= SquadManeuver | SquadHide | SquadSearch
    found = [
        a
        for a in brawl.legal_actions(state)
        if not isinstance(a, skipped) and not (isinstance(a, UseAbility) and a.surges)
    ]
    cid = current_creature(state)
    if cid is not None:
        extra: list[Action] = []
        if not closes_in(state, cid, found):
            extra += climb_options(state, cid)
        found[-1:-1] = extra  # before EndTurn, which comes last
    return found


def gap(state: Encounter, cid: str, end: brawl.Pos) -> int:
    """The distance from ``end`` to the nearest enemy of ``cid`` still fighting."""
    me = state.creature(cid)
    foes = [o for o in state.living() if o.side != me.side and fighting(o)]
    return min((brawl.distance(end, me.n, o.pos, o.n) for o in foes), default=0)


def hostile(state: Encounter, use: UseAbility) -> bool:
    """Whether an ability is used on enemies only (an area's targets are found when it is used)."""
    side = state.creature(use.user).side
    return all(t not in state.creatures or state.creature(t).side != side for t in use.targets)


def choose(state: Encounter, found: list[Action], rng: random.Random) -> Action:
    """Strike or knock back an adjacent enemy, else close in, sometimes wander or end the turn."""
    strikes = [a for a in found if isinstance(a, TakeAction) and isinstance(a.action, FreeStrike)]
    knocks = [a for a in found if isinstance(a, TakeAction) and isinstance(a.action, Knockback)]
    others = [a for a in found if isinstance(a, TakeAction) and a not in strikes and a not in knocks]
    moves = [a for a in found if isinstance(a, Advance | AdvanceTo | Move | Climb)]
    ends = [a for a in found if isinstance(a, EndTurn)]
    uses = [a for a in found if isinstance(a, UseAbility) and hostile(state, a)]
    deeds = TakeAction | Advance | AdvanceTo | Move | Climb | EndTurn | UseAbility
    flow = [a for a in found if not isinstance(a, deeds)]
    if flow:
        return rng.choice(flow)
    if knocks and rng.random() < 0.45:
        return rng.choice(knocks)
    if uses and rng.random() < 0.4:
        return rng.choice(uses)
    if strikes and rng.random() < 0.8:
        return rng.choice(strikes)
    cid = current_creature(state)
    if moves and cid is not None and rng.random() < 0.85:
        now = gap(state, cid, state.creature(cid).pos)
        ends_at = {m: gap(state, cid, end_of(m)) for m in moves}
        closer = [m for m, g in ends_at.items() if g < now]
        if closer and rng.random() < 0.9:
            best = min(ends_at[m] for m in closer)
            return rng.choice([m for m in closer if ends_at[m] == best])
        return rng.choice(moves)
    if others and rng.random() < 0.3:
        return rng.choice(others)
    return rng.choice(ends or found)


def play(scenario: str, system: str, seed: int) -> tuple[list[Action], list[str], Encounter]:
    """One fixed-seed fight: its action log, the event text of each step and the final state."""
    state = start_state(scenario, seed)
    rng = random.Random(seed)
    start: Action = StartCombat(first_side="heroes") if system == "drawsteel" else StartCombat(system=system)
    log: list[Action] = []
    texts: list[str] = []
    action = start
    for _ in range(MAX_STEPS + 1):
        out = brawl.apply(state, action)
        state = out.state
        log.append(action)
        texts.append(brawl.explain(out.events))
        if len(sides_standing(state)) < 2:
            break
        action = choose(state, options(state, system, log), rng)
    return log, texts, state


def golden_path(scenario: str, system: str) -> Path:
    return GOLDEN / f"{scenario}-{system}.json"


def record(scenario: str, system: str) -> dict[str, Any]:
    seed = seed_of(scenario, system)
    log, texts, state = play(scenario, system, seed)
    return {
        "scenario": scenario,
        "system": system,
        "seed": seed,
        "actions": json.loads(brawl.actions_to_json(log)),
        "events": texts,
        "final_state": json.loads(brawl.to_json(state)),
    }


def dump(value: Any, indent: str = "") -> str:
    """JSON with one line for each value that fits in ``WIDTH`` characters: short, diffable files."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(indent) + len(flat) <= WIDTH or not isinstance(value, dict | list) or not value:
        return flat
    inner = indent + " "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {dump(v, inner).lstrip()}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    items = [inner + dump(v, inner).lstrip() for v in value]
    return "[\n" + ",\n".join(items) + f"\n{indent}]"


def regenerate() -> list[Path]:
    GOLDEN.mkdir(exist_ok=True)
    written = []
    for scenario in brawl.bundled_scenarios():
        for system in SYSTEMS:
            path = golden_path(scenario, system)
            path.write_text(dump(record(scenario, system)) + "\n", encoding="utf-8")
            written.append(path)
    return written


# -- the tests --------------------------------------------------------------------------------------


def golden_files() -> list[Path]:
    return sorted(GOLDEN.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def json_lines(value: Any) -> list[str]:
    return json.dumps(value, indent=1, sort_keys=True).splitlines()


def first_difference(expected: Any, actual: Any, *, limit: int = 60) -> str:
    """A unified diff of two JSON values, cut to ``limit`` lines."""
    diff = list(
        difflib.unified_diff(json_lines(expected), json_lines(actual), "golden", "now", lineterm="", n=2)
    )
    more = f"\n... {len(diff) - limit} more diff lines" if len(diff) > limit else ""
    return "\n".join(diff[:limit]) + more


def test_every_scenario_and_system_has_a_golden_file() -> None:
    """A bundled scenario or turn system without a golden file means the files need regenerating."""
    expected = {golden_path(s, system).name for s in brawl.bundled_scenarios() for system in SYSTEMS}
    assert {p.name for p in golden_files()} == expected


def test_golden_files_are_small() -> None:
    """The golden files stay a few hundred KB in all."""
    assert sum(p.stat().st_size for p in golden_files()) < 600_000


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
def test_golden_playthrough_replays_step_by_step(path: Path) -> None:
    """Replaying the action log gives the recorded events of every step and the final state."""
    data = load(path)
    assert path.name == golden_path(data["scenario"], data["system"]).name
    start = start_state(data["scenario"], data["seed"])
    actions = brawl.actions_from_json(json.dumps(data["actions"]))
    assert json.loads(brawl.actions_to_json(actions)) == data["actions"]
    assert len(actions) == len(data["events"])
    state = start
    for step, (action, expected) in enumerate(zip(actions, data["events"], strict=True)):
        out = brawl.apply(state, action)
        text = brawl.explain(out.events)
        if text != expected:
            diff = "\n".join(
                difflib.unified_diff(expected.splitlines(), text.splitlines(), "golden", "now", lineterm="")
            )
            pytest.fail(f"{path.name}: step {step} ({action!r}) gives other events:\n{diff}")
        state = out.state
    final = json.loads(brawl.to_json(state))
    if final != data["final_state"]:
        pytest.fail(f"{path.name}: the final state differs:\n{first_difference(data['final_state'], final)}")
    replayed = brawl.replay(start, actions)
    assert json.loads(brawl.to_json(replayed.state)) == data["final_state"]
    assert brawl.explain(replayed.events) == "\n".join(t for t in data["events"] if t)


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
def test_golden_playthrough_is_the_recorded_choice(path: Path) -> None:
    """Choosing the fight again with the same seed gives the same log: the files are up to date."""
    data = load(path)
    now = record(data["scenario"], data["system"])
    assert now["actions"] == data["actions"], first_difference(data["actions"], now["actions"])


def kinds_of_action(data: dict[str, Any]) -> set[str]:
    found = set()
    for a in data["actions"]["actions"]:
        found.add(a["class"])
        inner = a.get("action")
        if isinstance(inner, dict):
            found.add(inner["class"])
    return found


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
def test_golden_playthrough_does_more_than_end_turns(path: Path) -> None:
    """Every fight moves, strikes and force-moves: the files exercise the rules, not only the turns."""
    data = load(path)
    found = kinds_of_action(data)
    assert found & {"Advance", "AdvanceTo", "Move", "Climb"}
    assert "FreeStrike" in found
    assert "Knockback" in found
    text = "\n".join(data["events"])
    assert re.search(r"advances .* [1-9]\d* squares?, cost", text)  # somebody really moved
    assert re.search(r"takes \d+ → [1-9]\d* Stamina lost", text)  # a strike hurt somebody
    assert re.search(r"push \d+.*moved [1-9]", text)  # a push moved somebody


def _main(argv: Sequence[str], write: Callable[[str], object] = print) -> int:
    if list(argv) != ["--regenerate"]:
        write("usage: PYTHONPATH=src python tests/test_golden.py --regenerate")
        return 2
    for path in regenerate():
        write(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
