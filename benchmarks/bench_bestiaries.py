"""How much of real bestiary exports brawl's importers load, and how fast.

Run ``python benchmarks/bench_bestiaries.py --foundry DIR --forgesteel DIR --steelcompendium DIR``
(any of the three) on folders of exports you keep locally: the Foundry VTT Draw Steel system's
monster pack (its actor files and ``Folder_*.json`` documents, in sub-folders), Forge Steel's
monster group exports (JSON) and SteelCompendium stat blocks (YAML or JSON). brawl ships no
published monster, so the folders are yours to give. For each source it prints:

- **loaded / total**: the stat blocks loaded, of those the files hold (Foundry: the actors of
  type ``npc`` and ``retainer``; Forge Steel: the monsters of each group; SteelCompendium: one a
  file), loading each file on its own with the default (lenient) loader, and in the same run
  with ``strict=True`` (today's all-or-nothing reading);
- **crashes**: exceptions that are not brawl's typed errors (a bug, always);
- **dropped**: parts of stat blocks left out by the lenient loader, and files it skipped;
- **tiers structured**: the power roll tiers whose every clause was read into records;
- the 20 most common clauses kept as text (numbers written ``N``), with ``--clauses``.

With ``--foundry`` it also times loading the whole pack (``brawl.load_statblocks(folder)``)
against a plain ``json.load`` of the same files, side by side, best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import brawl
from brawl.abilities.model import TextEffect
from brawl.errors import BrawlError

SUFFIXES = (".json", ".yaml", ".yml", ".toml")


def files(folder: Path) -> list[Path]:
    """Every export file under a folder, sub-folders included, in name order."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)


def total_of(source: str, path: Path) -> int:
    """How many stat blocks a file holds, counted from its raw data."""
    if source == "steelcompendium":
        return 1
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError):
        return 0
    if source == "foundry":
        return int(isinstance(data, dict) and data.get("type") in ("npc", "retainer"))
    monsters = data.get("monsters") if isinstance(data, dict) else None
    return len(monsters) if isinstance(monsters, list) else int(isinstance(data, dict) and "stamina" in data)


def load(path: Path, *, strict: bool) -> Any:
    """The file loaded with the lenient loader, or strictly when asked."""
    try:
        return brawl.load_statblocks(path, strict=strict)
    except TypeError as exc:  # a loader without the strict keyword: every load is strict
        if "strict" not in str(exc):
            raise
        return brawl.load_statblocks(path)


def measure(source: str, folder: Path, *, strict: bool) -> dict[str, Any]:
    """Loaded, total, crashes, dropped parts and tiers of one source's folder."""
    out: dict[str, Any] = {
        "loaded": 0,
        "total": 0,
        "crashes": [],
        "refused": collections.Counter(),
        "dropped": 0,
        "skipped": 0,
        "tiers": 0,
        "structured": 0,
        "clauses": collections.Counter(),
    }
    for path in files(folder):
        out["total"] += total_of(source, path)
        try:
            loaded = load(path, strict=strict)
        except BrawlError as exc:
            out["refused"][_shape(getattr(exc, "reason", str(exc)))] += 1
            continue
        except Exception as exc:  # a crash: counted and shown, never hidden
            out["crashes"].append(f"{path.name}: {type(exc).__name__}: {exc}")
            continue
        blocks = [b for b in loaded.blocks if isinstance(b, brawl.StatBlock | brawl.HeroSheet)]
        out["loaded"] += len(blocks)
        out["dropped"] += len(getattr(loaded, "dropped", ()))
        out["skipped"] += len(getattr(loaded, "skipped", ()))
        for failure in getattr(loaded, "failed", ()):
            out["refused"][_shape(failure.reason)] += 1
        for block in blocks:
            for ability in block.abilities:
                roll = ability.power_roll
                for tier in roll.tiers if roll is not None else ():
                    out["tiers"] += 1
                    texts = [e for e in tier.effects if isinstance(e, TextEffect)]
                    out["structured"] += not texts
                    out["clauses"].update(_shape(e.text) for e in texts)
    return out


def _shape(text: str) -> str:
    """A clause with its numbers written ``N``, so that clauses differing only there count as one."""
    return re.sub(r"\d+", "N", text.strip().lower())[:90]


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def plain_json(paths: Iterable[Path]) -> None:
    """What a plain ``json.load`` of the files costs."""
    for path in paths:
        with path.open(encoding="utf-8-sig") as handle:
            json.load(handle)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for source in ("foundry", "forgesteel", "steelcompendium"):
        parser.add_argument(f"--{source}", type=Path, help=f"a folder of {source} exports")
    parser.add_argument("--clauses", action="store_true", help="list the 20 most common text clauses")
    parser.add_argument("--refusals", action="store_true", help="list the 10 most common refusals")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the timing (best of)")
    args = parser.parse_args(argv)
    sources = [(s, getattr(args, s)) for s in ("foundry", "forgesteel", "steelcompendium")]
    sources = [(s, f) for s, f in sources if f is not None]
    if not sources:
        parser.error("give at least one folder")
    columns = (
        "loaded / total",
        "strict",
        "crashes",
        "dropped parts",
        "skipped documents",
        "tiers structured",
    )
    print(f"| source | {' | '.join(columns)} |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    results = {}
    for source, folder in sources:
        lenient = measure(source, folder, strict=False)
        strict = measure(source, folder, strict=True)
        results[source] = lenient
        share = lenient["structured"] / lenient["tiers"] if lenient["tiers"] else 0.0
        print(
            f"| {source} | {lenient['loaded']} / {lenient['total']} | {strict['loaded']} / {strict['total']} "
            f"| {len(lenient['crashes'])} | {lenient['dropped']} | {lenient['skipped']} "
            f"| {lenient['structured']} / {lenient['tiers']} ({share:.0%}) |"
        )
    for source, result in results.items():
        for crash in result["crashes"][:10]:
            print(f"{source} crash: {crash}")
        if args.refusals:
            for reason, count in result["refused"].most_common(10):
                print(f"{source} refused {count}x: {reason}")
        if args.clauses:
            print(f"\n{source}: the 20 most common clauses kept as text")
            for clause, count in result["clauses"].most_common(20):
                print(f"{count:6}  {clause}")
    if args.foundry is not None:
        paths = files(args.foundry)
        plain = best_of(args.repeat, lambda: plain_json(paths))
        try:
            loaded = best_of(args.repeat, lambda: brawl.load_statblocks(args.foundry))
        except BrawlError as exc:
            print(f"\nFoundry pack: load_statblocks(folder) refused it: {exc}")
            return 0
        print(
            f"\nFoundry pack, {len(paths)} files: json.load {plain * 1000:.0f} ms, "
            f"load_statblocks {loaded * 1000:.0f} ms, {loaded / plain:.1f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
