"""How much of the tier text real stat block exports hold brawl reads into effects.

Run ``python benchmarks/bench_tier_text.py --foundry DIR --forgesteel DIR`` with either or both:

- ``--foundry``: a folder of Foundry VTT actor files (``*.json``, searched recursively). A tier
  keeps damage, forced movement and conditions as data; the words of its other effects (their
  ``display``, the potency stored apart) are read by :func:`brawl.abilities.parse.parse_effects`.
- ``--forgesteel``: a folder of Forge Steel's monster sources (``*.ts``): every ``tier1``,
  ``tier2`` and ``tier3`` string, read by :func:`brawl.parse_tier`.

For each source it prints the share of tiers fully read (no clause left as text) and the most
common clauses left as text, numbers written ``N`` (``--top``, default 30). Nothing of the
sources is stored here: they are read from the folders given.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import brawl.statblocks.text as notation
from brawl.abilities.model import TextEffect
from brawl.abilities.parse import parse_effects
from brawl.conditions import ConditionName

_CONDITIONS = {c.value for c in ConditionName}
_ENDS = {"turn", "save", "encounter", ""}
_TS_TIER = re.compile(r"tier[123]\s*:\s*(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"|`((?:[^`\\]|\\.)*)`)")


def _foundry_words(tier: dict[str, Any], kind: str) -> str | None:
    """The words of one Foundry effect's tier that are not stored as data, or None."""
    display = notation.plain(str(tier.get("display") or ""))
    display = re.sub(r"\s*\{\{\s*potency\s*\}\}\s*", " ", display).strip()
    if kind in ("damage", "forced"):
        return None
    if kind == "applied":
        found = tier.get("effects")
        if (
            isinstance(found, dict)
            and found
            and all(
                name in _CONDITIONS and str((how or {}).get("end", "")) in _ENDS
                for name, how in found.items()
            )
        ):
            return None
    return display or None


def foundry_tiers(folder: Path) -> Iterator[list[str]]:
    """Each power roll tier of each ability of each actor: the words it keeps beside its data."""
    for path in sorted(folder.rglob("*.json")):
        actor = json.loads(path.read_text(encoding="utf-8"))
        for item in actor.get("items", []) if isinstance(actor, dict) else []:
            effects = ((item.get("system") or {}).get("power") or {}).get("effects")
            if not effects:
                continue
            tiers: list[list[str]] = [[], [], []]
            for effect in effects.values() if isinstance(effects, dict) else effects:
                kind = effect.get("type")
                data = effect.get(kind) or {}
                for n in (1, 2, 3):
                    tier = data.get(f"tier{n}")
                    words = _foundry_words(tier, kind) if isinstance(tier, dict) else None
                    if words:
                        tiers[n - 1].append(words)
            yield from tiers


def forgesteel_tiers(folder: Path) -> Iterator[list[str]]:
    """Each ``tierN`` string of each monster source."""
    for path in sorted(folder.rglob("*.ts")):
        for found in _TS_TIER.finditer(path.read_text(encoding="utf-8")):
            text = found.group(1) or found.group(2) or found.group(3) or ""
            yield [text.replace("\\'", "'").replace('\\"', '"')]


def measure(name: str, tiers: Iterator[list[str]], top: int) -> None:
    """Print the share of tiers fully read and the clauses most often left as text."""
    total = full = 0
    left: collections.Counter[str] = collections.Counter()
    for words in tiers:
        total += 1
        texts = [e.text for w in words for e in parse_effects(w) if isinstance(e, TextEffect)]
        full += not texts
        left.update(re.sub(r"\d+", "N", t.lower()) for t in texts)
    share = 100 * full / total if total else 0.0
    print(f"{name}: {full} of {total} tiers fully read ({share:.1f}%)")
    for clause, count in left.most_common(top):
        print(f"  {count:5d}  {clause}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--foundry", type=Path, help="a folder of Foundry VTT actor files")
    parser.add_argument("--forgesteel", type=Path, help="a folder of Forge Steel monster sources")
    parser.add_argument("--top", type=int, default=30, help="clauses left as text to list")
    args = parser.parse_args()
    if args.foundry is None and args.forgesteel is None:
        parser.error("give --foundry or --forgesteel (or both)")
    if args.foundry is not None:
        measure("Foundry", foundry_tiers(args.foundry), args.top)
    if args.forgesteel is not None:
        measure("Forge Steel", forgesteel_tiers(args.forgesteel), args.top)


if __name__ == "__main__":
    main()
