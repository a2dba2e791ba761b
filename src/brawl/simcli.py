"""``brawl simulate SCENARIO``: many seeded fights from a scenario file, with a progress bar and a
summary; ``brawl encounter SCENARIO``: its budget (the party's strength, the foes' EV, the band).

::

    brawl simulate benchmarks/four_vs_six.toml --runs 500 --workers 2
    brawl simulate hall.toml --runs 200 --json > summary.json
    brawl simulate hall.toml --runs 200 --plot results.svg
    brawl simulate hall.toml --policy greedy
    brawl simulate hall.toml --policy mypolicies:cautious

The summary gives each side's win rate with its 95% Wilson interval, the undecided share and how
the fights ended (:data:`brawl.sim.ENDINGS`), the rounds (mean, median and a histogram) and how
often each creature survives; ``--policy`` names a registered policy (:data:`brawl.policy.POLICIES`)
or one of your own as ``module:function``; ``--json`` prints
:meth:`brawl.sim.Summary.to_dict` with the settings of the run. The progress bar (with fights per
second) needs ``tqdm`` (``pip install "brawl[cli]"``); ``--plot FILE`` draws the results as an SVG or
PNG chart with matplotlib (``pip install "brawl[plot]"``). When the scenario has heroes, the
summary ends with the difficulty band its budget gives (:mod:`brawl.building`), so the simulated
win rate and the band are read side by side.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from brawl.building import Assessment, assess
from brawl.checks import whole_number
from brawl.cli import EXIT_OK, Subcommand, load_any
from brawl.errors import BrawlError
from brawl.policy import DEFAULT_POLICY, POLICIES, load_policy
from brawl.scenario import bundled_scenario, bundled_scenarios, read_scenario
from brawl.sim import MAX_ROUNDS, MAX_RUNS, Summary, simulate
from brawl.statblocks.model import StatBlock
from brawl.state import Encounter


def _optional(module: str) -> Any:
    """An optional library's module, or None if it is not installed.

    Loaded when first needed, not when the command line starts: matplotlib alone takes about a
    second to import, which every other ``brawl`` command would pay.
    """
    try:
        return importlib.import_module(module)
    except ImportError:  # pragma: no cover - the extra is not installed
        return None


BAR_WIDTH = 40
"""Characters of the longest bar of the text histogram."""


def simulate_arguments(sim: argparse.ArgumentParser) -> None:
    """The arguments of ``brawl simulate``."""
    sim.add_argument("scenario", help="a .toml scenario, a JSON save or a bundled scenario's name")
    sim.add_argument("--runs", type=int, default=100, help=f"fights to play (1..{MAX_RUNS}, default 100)")
    sim.add_argument("--workers", type=int, default=1, help="processes to play them in (default 1)")
    sim.add_argument("--seed", type=int, default=0, help="RNG seed of the first fight (default 0)")
    sim.add_argument(
        "--max-rounds", type=int, default=20, help=f"rounds before a fight is undecided (1..{MAX_ROUNDS})"
    )
    sim.add_argument(
        "--policy",
        default=DEFAULT_POLICY,
        metavar="NAME",
        help=f"who does what: {', '.join(POLICIES)} (default {DEFAULT_POLICY}), or your module:function",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("--plot", metavar="FILE", default=None, help="also draw the results (.svg or .png)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    _victories_argument(sim)


def _victories_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--victories",
        type=int,
        default=None,
        help="the Victories the heroes hold in all (default: those on their sheets)",
    )


def _difficulty_line(budget: Assessment) -> str:
    d = budget.difficulty
    unpriced = (
        f", {len(budget.unpriced)} creatures without a stat block not priced" if budget.unpriced else ""
    )
    return f"Difficulty by the budget: {d.band} (foes' EV {d.ev}, party's ES {d.strength}{unpriced})"


def _progress(runs: int, quiet: bool, err: TextIO) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """The progress callback and a function to close the bar."""
    if quiet:
        return (lambda done, total: None), (lambda: None)
    progress_bars = _optional("tqdm")
    if progress_bars is None:  # pragma: no cover - the cli extra is not installed
        print('(pip install "brawl[cli]" for a progress bar)', file=err)
        return (lambda done, total: None), (lambda: None)
    bar = progress_bars.tqdm(total=runs, unit="fight", desc="simulate", file=err, smoothing=0.1)

    def update(done: int, total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def report(summary: Summary, title: str) -> str:
    """The summary as readable text: win rates with intervals, rounds, survival."""
    lines = [f"{title}: {summary.runs} fights"]
    lines.append("Win rate (95% Wilson interval):")
    width = max([len(w.side) for w in summary.win_rates()] + [len("undecided")])
    for w in summary.win_rates():
        lines.append(
            f"  {w.side:<{width}}  {w.rate:6.1%}  [{w.low:6.1%} .. {w.high:6.1%}]  {w.wins} of {w.runs}"
        )
    lines.append(f"  {'undecided':<{width}}  {summary.undecided_share:6.1%}  {summary.undecided}")
    if summary.endings:
        lines.append("Endings: " + ", ".join(f"{how} {n}" for how, n in summary.endings.items()))
    lines.append(f"Rounds: mean {summary.mean_rounds:.2f}, median {summary.median_rounds:g}")
    most = max((n for _, n in summary.rounds), default=1)
    capped = dict(summary.undecided_rounds)
    for rounds, n in summary.rounds:
        bar = "#" * max(1, round(n / most * BAR_WIDTH))
        note = f" ({capped[rounds]} undecided)" if rounds in capped else ""
        lines.append(f"  {rounds:>4} | {bar} {n}{note}")
    lines.append("Survival:")
    width = max((len(cid) for cid, _ in summary.survival), default=0)
    lines += [f"  {cid:<{width}}  {share:6.1%}" for cid, share in summary.survival]
    return "\n".join(lines)


PLOT_SUFFIXES = (".svg", ".png")
"""The files ``--plot`` writes."""


def check_plot(path: str) -> None:
    """Refuse a ``--plot`` target before any fight is played: matplotlib missing, another kind of
    file than :data:`PLOT_SUFFIXES`, or a folder that does not exist."""
    if _optional("matplotlib") is None:  # pragma: no cover - the plot extra is not installed
        raise BrawlError('--plot needs matplotlib: pip install "brawl[plot]"')
    target = Path(path)
    if target.suffix.lower() not in PLOT_SUFFIXES:
        raise BrawlError(f"--plot {path}: the chart is written as {' or '.join(PLOT_SUFFIXES)}")
    if not target.parent.is_dir():
        raise BrawlError(f"--plot {path}: no folder {str(target.parent)!r} to write it in")


def plot(summary: Summary, title: str, path: str) -> None:
    """Draw the win rates (with their intervals, and the undecided share), the rounds' histogram
    (the undecided fights stacked apart) and survival into ``path``."""
    check_plot(path)
    matplotlib = _optional("matplotlib")
    figure, ticker = _optional("matplotlib.figure"), _optional("matplotlib.ticker")
    fig = figure.Figure(figsize=(11, 3.8), layout="constrained")
    wins, rounds, alive = fig.subplots(1, 3, width_ratios=(1, 1.4, 1.6))
    rates = summary.win_rates()
    sides = [w.side for w in rates]
    values = [w.rate for w in rates]
    errors = [[max(0.0, w.rate - w.low) for w in rates], [max(0.0, w.high - w.rate) for w in rates]]
    colours = ["#4477aa", "#cc6677", "#999933", "#44aa99", "#882255"]
    wins.bar(
        sides, values, yerr=errors, capsize=6, color=[colours[i % len(colours)] for i in range(len(sides))]
    )
    undecided = summary.undecided / summary.runs if summary.runs else 0.0
    wins.bar(["undecided"], [undecided], color="#bbbbbb", hatch="//")
    wins.set_ylim(0, 1)
    wins.set_title("Win rate (95% Wilson)")
    wins.yaxis.set_major_formatter("{x:.0%}")
    capped = dict(summary.undecided_rounds)
    decided = [(r, n - capped.get(r, 0)) for r, n in summary.rounds]
    rounds.bar([r for r, _ in decided], [n for _, n in decided], color="#777777", label="decided")
    if capped:
        rounds.bar(
            list(capped),
            list(capped.values()),
            bottom=[dict(decided).get(r, 0) for r in capped],
            color="#bbbbbb",
            hatch="//",
            label="undecided",
        )
    rounds.axvline(summary.mean_rounds, color="#cc6677", label=f"mean {summary.mean_rounds:.1f}")
    rounds.axvline(
        summary.median_rounds, color="#4477aa", linestyle="--", label=f"median {summary.median_rounds:g}"
    )
    rounds.set_title("Rounds per fight")
    rounds.set_xlabel("rounds")
    rounds.set_ylabel("fights")
    rounds.xaxis.set_major_locator(ticker.MaxNLocator(integer=True))
    rounds.legend(frameon=False, loc="best")
    ids = [cid for cid, _ in summary.survival]
    alive.barh(ids[::-1], [share for _, share in summary.survival][::-1], color="#44aa99")
    alive.set_xlim(0, 1)
    alive.set_title("Survival")
    alive.xaxis.set_major_formatter("{x:.0%}")
    fig.suptitle(f"{title}: {summary.runs} fights")
    target = Path(path)
    try:
        if target.suffix.lower() == ".svg":
            # a fixed hash salt and no date: the same results draw the same file
            with matplotlib.rc_context({"svg.hashsalt": "brawl", "svg.fonttype": "none"}):
                fig.savefig(target, format="svg", metadata={"Date": None})
        else:
            fig.savefig(target, dpi=120)
    except (OSError, ValueError) as exc:
        raise BrawlError(f"{path}: cannot write the chart ({exc})") from None


def _load(path: str) -> tuple[str, Encounter, Mapping[str, StatBlock]]:
    """The title, the state and the stat blocks of its creatures: a scenario file's name (a
    bundled scenario's too), else the file's stem (a JSON save, ``-`` for standard input), read
    as every command reads a state. A JSON save names no stat blocks."""
    if Path(path).suffix == ".toml" and Path(path).is_file():
        scenario = read_scenario(path)
        return scenario.name, scenario.encounter, scenario.statblocks
    if not Path(path).exists() and path in bundled_scenarios():
        scenario = read_scenario(bundled_scenario(path))
        return path, scenario.encounter, scenario.statblocks
    return Path(path).stem or path, load_any(path), {}


def _assessment(
    start: Encounter, blocks: Mapping[str, StatBlock], victories: int | None
) -> Assessment | None:
    """The encounter's budget, when it has heroes to build for and foes with stat blocks to
    price; else None."""
    if not any(c.hero for c in start.creature_list()):
        return None
    budget = assess(start, blocks, victories=victories)
    return budget if budget.foes else None


def run_simulate(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``brawl simulate`` with parsed arguments; returns the exit status.

    A bad file or option raises :class:`~brawl.errors.BrawlError`, which the command line reports.
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    if args.plot:
        check_plot(args.plot)
    title, start, blocks = _load(args.scenario)
    if args.victories is not None:
        whole_number(args.victories, 0, None, what="--victories")
    budget = _assessment(start, blocks, args.victories)
    whole_number(args.runs, 1, MAX_RUNS, what="--runs")
    whole_number(args.max_rounds, 1, MAX_ROUNDS, what="--max-rounds")
    policy = load_policy(args.policy)
    update, close = _progress(args.runs, args.quiet, err)
    started = time.perf_counter()
    try:
        summary = simulate(
            start,
            runs=args.runs,
            seed=args.seed,
            max_rounds=args.max_rounds,
            workers=args.workers,
            progress=update,
            policy=policy,
        )
    finally:
        close()
    seconds = time.perf_counter() - started
    if args.json:
        settings = {
            "scenario": title,
            "seed": args.seed,
            "max_rounds": args.max_rounds,
            "policy": args.policy,
        }
        if budget is not None:
            settings["difficulty"] = budget.to_dict()
        print(json.dumps(settings | summary.to_dict(), indent=2), file=out)
    else:
        print(report(summary, title), file=out)
        if budget is not None:
            print(_difficulty_line(budget), file=out)
    if not args.quiet:
        print(f"{summary.runs} fights in {seconds:.1f} s: {summary.runs / seconds:.1f} fights/s", file=err)
    if args.plot:
        plot(summary, title, args.plot)
    return EXIT_OK


def encounter_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``brawl encounter``."""
    parser.add_argument("scenario", help="a .toml scenario or a bundled scenario's name")
    _victories_argument(parser)
    parser.add_argument("--json", action="store_true", help="print the assessment as JSON")


def run_encounter(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``brawl encounter``: the party's encounter strength, the foes' EV and the band."""
    out = sys.stdout if out is None else out
    title, start, blocks = _load(args.scenario)
    if args.victories is not None:
        whole_number(args.victories, 0, None, what="--victories")
    budget = assess(start, blocks, victories=args.victories)
    if args.json:
        print(json.dumps({"scenario": title} | budget.to_dict(), indent=2), file=out)
    else:
        print("\n".join([f"{title}:", *budget.lines()]), file=out)
    return EXIT_OK


ENCOUNTER = Subcommand(
    "encounter",
    "the party's encounter strength, the foes' encounter value and the difficulty band",
    encounter_arguments,
    run_encounter,
)
"""The ``brawl encounter`` command, for :data:`brawl.__main__.SUBCOMMANDS`."""


SIMULATE = Subcommand(
    "simulate", "play many seeded fights of a scenario and summarise them", simulate_arguments, run_simulate
)
"""The ``brawl simulate`` command, for :data:`brawl.__main__.SUBCOMMANDS`."""


__all__ = [
    "ENCOUNTER",
    "SIMULATE",
    "encounter_arguments",
    "plot",
    "report",
    "run_encounter",
    "run_simulate",
    "simulate_arguments",
]
