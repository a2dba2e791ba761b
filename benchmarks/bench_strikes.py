"""Resolving a free strike and an ability's power roll: microseconds per use, and where they go.

Run: ``python benchmarks/bench_strikes.py`` (about half a minute; a minute with ``--before``).
Options: ``--fights N`` (default 20) seeded fights per workload, ``--repeat R`` (default 5),
``--before SRC`` to measure another copy of brawl's sources (for instance an older checkout's
``src``, next to its ``examples``) side by side in the same run, in a subprocess whose timed
passes alternate with this one's, ``--profile`` to print where the free strikes spend their time.

Two workloads, each replayed on the states the fights actually reached:

- free strikes: every ``TakeAction(FreeStrike)`` the greedy policy applies in the fights of
  ``four_vs_six.toml`` (next to this script);
- abilities: every ``UseAbility`` the greedy policy applies in the fights of the tavern and bridge
  scenarios of ``examples/scenarios`` (power rolls, damage, forced movement, conditions).

For each, two timings: ``brawl.apply`` of the whole action (the turn system spending the main
action included) and the rule alone (the request's ``resolve`` and the settle pass, on the same
state). Times are CPU time (``time.process_time``), the best of ``--repeat`` passes over all the
states, the two sources' passes taken in turn, so a busy machine slows every column alike. A
digest of the events and states the timed calls produce is printed: a run with ``--before`` says
whether the two sources gave the same.
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
from typing import IO

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
TARGET = 1.5
"""How many times cheaper than before (the ``--before`` sources) a free strike's ``apply`` should be."""

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


def one_pass(found: list[Case], run: Callable[[Case], brawl.Outcome]) -> float:
    """Microseconds of CPU time per case, one pass over all of them."""
    t = time.process_time()
    for case in found:
        run(case)
    return (time.process_time() - t) / len(found) * 1e6


def timed(found: list[Case], run: Callable[[Case], brawl.Outcome], repeat: int) -> float:
    """Microseconds of CPU time per case, best of ``repeat`` passes."""
    return min(one_pass(found, run) for _ in range(repeat))


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


WORKLOADS = (("strikes", STRIKES, free_strike), ("abilities", ABILITIES, ability_use))
TIMINGS: dict[str, Callable[[Case], brawl.Outcome]] = {"apply": whole, "rule": rule_alone}


def workloads(fights: int) -> dict[str, list[Case]]:
    """The cases of both workloads."""
    return {name: cases(paths, fights, wanted) for name, paths, wanted in WORKLOADS}


def figures(found: dict[str, list[Case]]) -> dict[str, dict[str, float | str]]:
    """What does not depend on the timing: counts, calls per ``apply`` and digests."""
    return {
        name: {"count": len(items), "calls": calls(items), "digest": digest(items)}
        for name, items in found.items()
    }


class Before:
    """Another copy of brawl's sources measuring the same workloads in a subprocess (:func:`serve`),
    one timed pass per request."""

    def __init__(self, src: str, fights: int) -> None:
        env = dict(os.environ, PYTHONPATH=src)
        cmd = [sys.executable, __file__, "--child", "--fights", str(fights)]
        self.process = subprocess.Popen(
            cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.requests: IO[str] = self.process.stdin  # type: ignore[assignment]
        self.answers: IO[str] = self.process.stdout  # type: ignore[assignment]
        self.figures: dict[str, dict[str, float | str]] = json.loads(self.answers.readline())

    def one_pass(self, name: str, key: str) -> float:
        """Microseconds per case of one pass of ``key`` over the workload ``name``."""
        self.requests.write(f"{name} {key}\n")
        self.requests.flush()
        return float(self.answers.readline())

    def close(self) -> None:
        self.requests.close()
        self.process.wait()


def measure(fights: int, repeat: int, before: str | None) -> tuple[dict[str, dict[str, float | str]], ...]:
    """Every figure of both workloads, for these sources and (``before``) another copy's: the
    timed passes of the two alternate, one pass each in turn, so that a change in the machine's
    load falls on both alike; each figure is the best of ``repeat`` passes."""
    found = workloads(fights)
    now = figures(found)
    old = Before(before, fights) if before is not None else None
    best: dict[tuple[str, str, str], float] = {}

    def keep(which: str, name: str, key: str, took: float) -> None:
        best[(which, name, key)] = min(best.get((which, name, key), took), took)

    for _ in range(repeat):
        for name, items in found.items():
            for key, run in TIMINGS.items():
                if old is not None:
                    keep("before", name, key, old.one_pass(name, key))
                keep("now", name, key, one_pass(items, run))
    for name in found:
        for key in TIMINGS:
            now[name][key] = best[("now", name, key)]
            if old is not None:
                old.figures[name][key] = best[("before", name, key)]
    if old is None:
        return (now,)
    old.close()
    return now, old.figures


def serve(fights: int) -> None:
    """The child's side of :func:`measure`: the figures, then one timed pass per request line."""
    found = workloads(fights)
    print(json.dumps(figures(found)), flush=True)
    for line in sys.stdin:
        name, key = line.split()
        print(one_pass(found[name], TIMINGS[key]), flush=True)


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
        serve(args.fights)
        return
    measured = measure(args.fights, args.repeat, args.before)
    now = measured[0]
    before = measured[1] if len(measured) > 1 else None
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
        print(f"\nTarget: a free strike's `apply` {TARGET:.1f}x cheaper than before: {met} ({gain:.2f}x).")
    if args.profile:
        profile(args.fights)


if __name__ == "__main__":
    main()
