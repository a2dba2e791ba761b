"""The tactical policy: how fast its fights with area abilities are, and how much more it wins.

Run: ``python benchmarks/bench_policy.py`` (a few minutes). Options: ``--fights N`` (default
20) fights per speed measurement, best of ``--repeat N`` (default 3), ``--runs N`` (default 100)
fights per head-to-head pairing, ``--only speed`` or ``--only duel``.

**Speed.** The hall of ``four_vs_six.toml`` (next to this script), 4 heroes against 6 creatures,
played twice in one run: as it is (free strikes only), and with every creature given two area
abilities (a 2-cube within 5 and a 3 x 1 line, both "each enemy in the area"). Under each policy
the fights per CPU second of each and their ratio (areas over free strikes), and the same ratio
per round (the fights with areas are shorter): the tactical policy
places an area on candidate squares on and around the enemies, scored before any rule is asked,
where the greedy policy weighs every placement :func:`brawl.legal_actions` lists. Target: the
fights with areas at least half as fast as those without, under the default policy.

**Head to head.** For each Draw Steel scenario (the bundled ones and ``four_vs_six.toml``), the
fights are played twice from the same seeds: the heroes tactical and the Director greedy, then the
reverse (:class:`brawl.policy.BySide`). For each side, the difference between its win rate when it
plays tactical and when it plays greedy, with the 95% confidence interval of a difference of two
proportions (Newcombe's hybrid score interval, from each rate's Wilson interval). The zone game's
scenario is left out: there both policies play :func:`brawl.zone.legal.zone_greedy`.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import attrs

import brawl
from brawl import Ability, Encounter, parse_tier
from brawl.abilities.model import Distance, Target
from brawl.abilities.model import PowerRoll as AbilityPowerRoll
from brawl.policy import BySide, Policy, greedy, tactical
from brawl.sim import simulate, wilson

HERE = Path(__file__).resolve().parent
HALL = HERE / "four_vs_six.toml"
TARGET_RATIO = 0.5
"""Fights per second with areas over those without, under the default policy."""


def _roll(*tiers: str) -> AbilityPowerRoll:
    return AbilityPowerRoll(("might", "agility", "reason"), tiers=tuple(parse_tier(t) for t in tiers))


CUBE = Ability(
    "Firebomb", "main action", "signature", ("Area", "Ranged"),
    distance=Distance("cube", size=2, within=5), target=Target("each enemy", None),
    power_roll=_roll("2 fire damage", "4 fire damage", "6 fire damage"),
)  # fmt: skip
LINE = Ability(
    "Sweep", "main action", "signature", ("Area", "Melee"),
    distance=Distance("line", size=3, width=1, within=1), target=Target("each enemy", None),
    power_roll=_roll("3 damage", "5 damage", "7 damage"),
)  # fmt: skip


def with_areas(enc: Encounter) -> Encounter:
    """The same hall, every creature given the two area abilities."""
    return enc.with_creatures([attrs.evolve(c, abilities=(CUBE, LINE)) for c in enc.creature_list()])


def measure(enc: Encounter, fights: int, policy: Policy, repeat: int) -> tuple[float, float]:
    """Fights per CPU second over ``fights`` seeded fights (best of ``repeat``), and the mean
    rounds of a fight."""
    best = math.inf
    rounds = 0.0
    for _ in range(repeat):
        started = time.process_time()
        summary = simulate(enc, runs=fights, policy=policy)
        best = min(best, time.process_time() - started)
        rounds = summary.mean_rounds
    return fights / best, rounds


def speed(fights: int, repeat: int) -> None:
    plain = brawl.load_scenario(HALL)
    areas = with_areas(plain)
    simulate(plain, runs=1)  # warm up
    print(f"Speed: {HALL.name}, {fights} fights each, best of {repeat} (CPU time)\n")
    print("| policy | free strikes: fights/s (rounds) | with areas: fights/s (rounds) | ratio | per round |")
    print("| --- | ---: | ---: | ---: | ---: |")
    ratios = {}
    for name, policy in (("tactical (default)", tactical), ("greedy", greedy)):
        a, ra = measure(plain, fights, policy, repeat)
        b, rb = measure(areas, fights, policy, repeat)
        ratios[name] = b / a
        per_round = (b * rb) / (a * ra)
        print(f"| {name} | {a:.2f} ({ra:.1f}) | {b:.2f} ({rb:.1f}) | {b / a:.2f}x | {per_round:.2f}x |")
    ratio = ratios["tactical (default)"]
    met = "met" if ratio >= TARGET_RATIO else "not met"
    print(f"\nTarget: fights with areas at least {TARGET_RATIO:.1f}x as fast under the default policy: {met} "
          f"({ratio:.2f}x).")  # fmt: skip


def difference(won_a: int, won_b: int, runs: int) -> tuple[float, float, float]:
    """p_a - p_b with its 95% interval (Newcombe's hybrid score method over Wilson intervals)."""
    pa, pb = won_a / runs, won_b / runs
    la, ua = wilson(won_a, runs)
    lb, ub = wilson(won_b, runs)
    d = pa - pb
    return d, d - math.hypot(pa - la, ub - pb), d + math.hypot(ua - pa, pb - lb)


def duel(runs: int) -> None:
    scenarios = [
        (name, brawl.load_scenario(brawl.bundled_scenario(name))) for name in ("cliff", "bridge", "tavern")
    ]
    scenarios.append((HALL.stem, brawl.load_scenario(HALL)))
    print(f"\nHead to head: {runs} fights a pairing, the same seeds\n")
    print("| scenario | side | wins playing tactical | wins playing greedy | difference [95% CI] |")
    print("| --- | --- | ---: | ---: | ---: |")
    for name, enc in scenarios:
        sides = list(dict.fromkeys(c.side for c in enc.creature_list()))
        for side in sides:
            other = {s: greedy for s in sides if s != side}
            mine = simulate(enc, runs=runs, policy=BySide({side: tactical, **other}))
            theirs = simulate(
                enc, runs=runs, policy=BySide({s: tactical for s in sides if s != side} | {side: greedy})
            )
            a, b = mine.wins.get(side, 0), theirs.wins.get(side, 0)
            d, low, high = difference(a, b, runs)
            print(
                f"| {name} | {side} | {a / runs:.0%} | {b / runs:.0%} | {d:+.0%} [{low:+.0%}, {high:+.0%}] |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--fights", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--only", choices=("speed", "duel"), default=None)
    args = parser.parse_args()
    if args.only in (None, "speed"):
        speed(args.fights, args.repeat)
    if args.only in (None, "duel"):
        duel(args.runs)


if __name__ == "__main__":
    main()
