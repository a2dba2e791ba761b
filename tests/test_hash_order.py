"""Every public order is the same under any ``PYTHONHASHSEED``.

Python hashes strings with a seed that changes from one process to the next, and sets and
``immutables.Map``\\s iterate in the order of their keys' hashes. A short fight under each turn
system and its ``legal_actions`` listings, run in two processes with different seeds, give the
same text: the actions offered, the events (as JSON and explained), the saved state, the map
drawn, the reprs of the creatures, objects and turn bookkeeping, whose sets and maps are shown
sorted, and the creatures and objects through :meth:`Encounter.creature_list` and
:meth:`Encounter.object_list` (the maps themselves are for looking up by id).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

FIGHT = """
import random
import brawl
import brawl.turns
import brawl.actions as A

out = []
for name in ("tavern", "bridge"):
    for system in ("drawsteel", "zone", "initiative"):
        enc = brawl.load_scenario(brawl.bundled_scenario(name))
        rnd = random.Random(7)
        out.append(repr(brawl.legal_actions(enc, system=system)))
        state, events = brawl.apply(enc, A.StartCombat(system=system))
        log = [A.StartCombat(system=system)]
        events = list(events)
        for _ in range(25):
            legal = brawl.legal_actions(state)
            out.append(repr(legal))
            out.append(repr(state.turn))
            if not legal:
                break
            action = rnd.choice(legal)
            state, new = brawl.apply(state, action)
            log.append(action)
            events.extend(new)
        out.append(brawl.events_to_json(events))
        out.append(brawl.explain(events))
        out.append(brawl.actions_to_json(log))
        out.append(brawl.to_json(state))
        out.append(brawl.render_text(state))
        out.append(repr(state.creature_list()))
        out.append(repr(state.object_list()))
        out.append(repr(brawl.turns.next_actors(state)))
print("\\n".join(out))
"""


def run(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", FIGHT], env=env, capture_output=True, text=True, check=True, timeout=300
    )
    return done.stdout


def test_a_fight_and_its_listings_read_the_same_under_two_hash_seeds() -> None:
    first, second = run("1"), run("2")
    assert first.count("\n") > 300  # the fights ran: many listings, states and events
    for turn in ("DrawSteelTurn(", "ZoneTurn(", "InitiativeTurn("):
        assert turn in first
    for line, (a, b) in enumerate(zip(first.splitlines(), second.splitlines(), strict=True)):
        assert a == b, f"line {line} differs between PYTHONHASHSEED 1 and 2:\n{a[:300]}\n{b[:300]}"


def test_the_seeds_do_change_the_order_of_a_map_of_ids() -> None:
    """The comparison can fail: the same ids put in a map iterate differently under the two seeds."""
    code = "import immutables; print(list(immutables.Map({f'c{i}': i for i in range(12)})))"
    orders = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(orders) == 2


ITERATIONS = {
    "brawl/rules/step_windows.py": "objects' cells OR-ed into a bit mask",
    "brawl/rules/step_masks3.py": "objects' cells OR-ed into bit masks, their levels into a set",
    "brawl/rules/cover.py": "any object in a box, the set of cells objects fill",
    "brawl/io/json.py": "the games' slots, sorted by name",
    "brawl/rules/persistent.py": "the set of squares dead creatures fill",
    "brawl/rules/phases.py": "whether any creature has an effect, a lasting area (any)",
    "brawl/turns/drawsteel.py": "heroes counted, any creature with something to end (sum, any)",
}
"""The modules outside ``state.py`` that iterate an encounter's maps, and why the order is moot."""


def test_no_rule_depends_on_the_order_of_a_hashed_map() -> None:
    """Rules iterate creatures and objects through ``creature_list``/``object_list`` (a stable
    order); the few loops over the maps themselves are each order-free, listed with the reason."""
    pattern = re.compile(
        r"\.(creatures|objects|games)\.(values|items|keys)\(\)"
        r"|for \w+(, \w+)* in \w+\.(creatures|objects|games)\b"
    )
    found = {
        path.relative_to(SRC).as_posix()
        for path in (SRC / "brawl").rglob("*.py")
        if path.name != "state.py" and pattern.search(path.read_text(encoding="utf-8"))
    }
    assert found == set(ITERATIONS)
