"""Resolving a free strike and an ability's power roll: microseconds per use, and where they go.

Run: ``python benchmarks/bench_strikes.py`` (about half a minute; a minute with ``--before``).
Options: ``--fights N`` (default 20) seeded fights per workload, ``--repeat R`` (default 5),
``--before SRC`` to measure another copy of brawl's sources (for instance an older checkout's
``src``, next to its ``examples``) side by side in the same run, in a subprocess, ``--profile``
to print where the free strikes spend their time.

Two workloads, each replayed on the states the fights actually reached:

- free strikes: every ``TakeAction(FreeStrike)`` the greedy policy applies in the fights of
  ``four_vs_six.toml`` (next to this script);
- abilities: every ``UseAbility`` the greedy policy applies in the fights of the tavern and bridge
  scenarios of ``examples/scenarios`` (power rolls, damage, forced movement, conditions).

For each, two timings: ``brawl.apply`` of the whole action (the turn system spending the main
action included) and the rule alone (the request's ``resolve`` and the settle pass, on the same
state). Times are CPU time (``time.process_time``), the best of ``--repeat`` passes over all the
states, so a busy machine slows every column alike. A digest of the events and states the timed
calls produce is printed: a run with ``--before`` says whether the two sources gave the same.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import brawl
from brawl.actions import StartCombat, apply
from brawl.io.json import events_to_json, to_json
from brawl.rules.settle import settle
from brawl.sim import Options, greedy, standing_sides

HERE = Path(__file__).resolve().parent
STRIKES = (HERE / "four_vs_six.toml",)
ABILITIES = (
    HERE.parent / "examples" / "scenarios" / "tavern.toml",
    HERE.parent / "examples" / "scenarios" / "bridge.toml",
)
TARGET = 3.0
"""How many times cheaper than before a free strike's ``apply`` should be."""

Case = tuple[brawl.Encounter, brawl.Action, brawl.Action]
"""A state, the action applied to it and the request it resolves (the action itself or the one inside)."""


def cases(
    paths: tuple[Path, ...], fights: int, wanted: Callable[[brawl.Action], brawl.Action | None]
) -> list[Case]:
    """The states where the greedy policy applied an action ``wanted`` picks, with the action."""
    found: list[Case] = []
    for path in paths:
        enc = brawl.load_scenario(path)
        for seed in range(fights):
            state = apply(enc.with_rng(brawl.Rng(seed)), StartCombat(first_side="heroes")).state
            while len(standing_sides(state)) > 1 and state.round <= 20:
                action = greedy(state, Options(state))
                request = wanted(action)
                if request is not None:
                    found.append((state, action, request))
                state = apply(state, action).state
    return found


def free_strike(action: brawl.Action) -> brawl.Action | None:
    """The free strike a ``TakeAction`` makes, or None."""
    inner = getattr(action, "action", None)
    return inner if type(action).__name__ == "TakeAction" and type(inner).__name__ == "FreeStrike" else None


def ability_use(action: brawl.Action) -> brawl.Action | None:
    """The action itself when it is a ``UseAbility``, or None."""
    return action if type(action).__name__ == "UseAbility" else None


def whole(case: Case) -> brawl.Outcome:
    """``brawl.apply`` of the action."""
    return apply(case[0], case[1])


def rule_alone(case: Case) -> brawl.Outcome:
    """The request's own resolution and the settle pass, without the turn system."""
    return settle(case[2].resolve(case[0]))


def timed(found: list[Case], run: Callable[[Case], brawl.Outcome], repeat: int) -> float:
    """Microseconds of CPU time per case, best of ``repeat`` passes."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        for case in found:
            run(case)
        best = min(best, time.process_time() - t)
    return best / len(found) * 1e6


def digest(found: list[Case]) -> str:
    """A digest of the events and the state ``apply`` and the rule alone produce on each case, in
    order, in their JSON form (which does not depend on the process's hash seed)."""
    h = hashlib.sha256()
    for case in found:
        for run in (whole, rule_alone):
            out = run(case)
            h.update(events_to_json(out.events).encode())
            h.update(to_json(out.state).encode())
    return h.hexdigest()[:16]


def calls(found: list[Case]) -> float:
    """Python function calls per ``apply``, counted by cProfile."""
    prof = cProfile.Profile()
    prof.enable()
    for case in found:
        whole(case)
    prof.disable()
    total: int = pstats.Stats(prof).total_calls  # type: ignore[attr-defined]
    return total / len(found)


def measure(fights: int, repeat: int) -> dict[str, dict[str, float | str]]:
    """Every figure of both workloads."""
    out: dict[str, dict[str, float | str]] = {}
    for name, paths, wanted in (("strikes", STRIKES, free_strike), ("abilities", ABILITIES, ability_use)):
        found = cases(paths, fights, wanted)
        whole_us = timed(found, whole, repeat)
        alone_us = timed(found, rule_alone, repeat)
        out[name] = {
            "count": len(found),
            "apply": whole_us,
            "rule": alone_us,
            "calls": calls(found),
            "digest": digest(found),
        }
    return out


def measure_before(src: str, fights: int, repeat: int) -> dict[str, dict[str, float | str]]:
    """The same figures from another copy of brawl's sources, in a subprocess."""
    env = dict(os.environ, PYTHONPATH=src)
    cmd = [sys.executable, __file__, "--child", "--fights", str(fights), "--repeat", str(repeat)]
    found = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, dict[str, float | str]] = json.loads(found.stdout)
    return result


def profile(fights: int) -> None:
    """Where ``apply`` of the free strikes spends its time, by cumulative time."""
    found = cases(STRIKES, fights, free_strike)
    prof = cProfile.Profile()
    prof.enable()
    for case in found:
        whole(case)
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--before", metavar="SRC", default=None, help="another copy of brawl's src directory")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.fights, args.repeat)))
        return
    before = measure_before(args.before, args.fights, args.repeat) if args.before else None
    now = measure(args.fights, args.repeat)
    print(
        f"Free strikes and ability uses: {args.fights} fights a scenario, best of {args.repeat} (CPU time)\n"
    )
    print("| workload | uses | timing | before µs | now µs | ratio |")
    print("| --- | ---: | --- | ---: | ---: | ---: |")
    for name in ("strikes", "abilities"):
        fig = now[name]
        old = before[name] if before else None
        for key, label in (("apply", "`apply` (whole action)"), ("rule", "the rule alone, settled")):
            was = f"{float(old[key]):.1f}" if old else "-"
            ratio = f"{float(old[key]) / float(fig[key]):.2f}x" if old else "-"
            print(f"| {name} | {fig['count']} | {label} | {was} | {float(fig[key]):.1f} | {ratio} |")
    print("\nPython function calls per `apply` (cProfile):\n")
    print("| workload | before | now |\n| --- | ---: | ---: |")
    for name in ("strikes", "abilities"):
        was = f"{float(before[name]['calls']):.0f}" if before else "-"
        print(f"| {name} | {was} | {float(now[name]['calls']):.0f} |")
    print()
    for name in ("strikes", "abilities"):
        same = ""
        if before is not None:
            same = (
                " (same as before)"
                if before[name]["digest"] == now[name]["digest"]
                else " (DIFFERENT from before)"
            )
        print(f"Events digest, {name}: {now[name]['digest']}{same}")
    if before:
        gain = float(before["strikes"]["apply"]) / float(now["strikes"]["apply"])
        met = "met" if gain >= TARGET else "not met"
        print(f"\nTarget: a free strike's `apply` {TARGET:.0f}x cheaper than before: {met} ({gain:.2f}x).")
    if args.profile:
        profile(args.fights)


if __name__ == "__main__":
    main()
