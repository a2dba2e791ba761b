"""The package's import graph: a strict layering, imports only downward, all at module top.

The layers, lowest first: the model; the rules (definitions, then resolvers, then consequences and
phases); the turn systems; the edges (actions, input and output, simulation, pictures, the CLI).
A module may import from its own layer or a lower one, never from a higher one, and the
module-level imports form no cycle. Imports inside functions are refused by ruff (PLC0415).
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

import brawl
from brawl.requests import Action
from brawl.turns.deeds import rule_name

PACKAGE = Path(brawl.__file__).parent

# Ranks; a module's rank is that of the longest prefix listed.
MODEL = 0
DEFINITIONS = 1
RESOLVERS = 2
PHASES = 3
TURNS = 4
EDGES = 5

LAYERS: dict[str, int] = {
    "brawl.enums": MODEL,
    "brawl.checks": MODEL,
    "brawl.fields": MODEL,
    "brawl.requests": MODEL,
    "brawl.errors": MODEL,
    "brawl.size": MODEL,
    "brawl.geometry": MODEL,
    "brawl.damagetypes": MODEL,
    "brawl.conditions": MODEL,
    "brawl.cells": MODEL,
    "brawl.tiles": MODEL,
    "brawl.terrain": MODEL,
    "brawl.creature": MODEL,
    "brawl.rng": MODEL,
    "brawl.state": MODEL,
    "brawl.games": MODEL,
    "brawl.stateindex": MODEL,
    "brawl.statecheck": MODEL,
    "brawl.outcome": MODEL,
    "brawl.events": MODEL,
    "brawl.dice": DEFINITIONS,
    "brawl.rules.burrowing": DEFINITIONS,
    "brawl.rules.edges": DEFINITIONS,
    "brawl.rules.cover": DEFINITIONS,
    "brawl.rules.concealment": DEFINITIONS,
    "brawl.rules.squads": DEFINITIONS,  # the pool and the captain's benefit: queries the edges ask
    "brawl.rules": RESOLVERS,
    "brawl.rules.strikes": RESOLVERS,
    "brawl.rules.maneuvers": RESOLVERS,
    "brawl.rules.main_actions": RESOLVERS,
    "brawl.reach_backend": MODEL,
    "brawl.reach_flood": MODEL,
    "brawl.reach": MODEL,
    "brawl.rules.steps": DEFINITIONS,
    "brawl.rules.step_windows": DEFINITIONS,
    "brawl.rules.step_masks3": DEFINITIONS,
    "brawl.rules.step_masks": DEFINITIONS,
    "brawl.rules.forced_walk": RESOLVERS,
    "brawl.rules.forced_end": RESOLVERS,
    "brawl.rules.recoveries": RESOLVERS,
    "brawl.rules.riders": RESOLVERS,
    "brawl.rules.stability": RESOLVERS,
    "brawl.rules.phases": PHASES,
    "brawl.rules.settle": PHASES,
    "brawl.turns": TURNS,
    "brawl.actions": EDGES,
    "brawl.verbs": EDGES,
    "brawl.io": EDGES,
    "brawl.scenario": EDGES,
    "brawl.sim": EDGES,
    "brawl.policy": EDGES,
    "brawl.simcli": EDGES,
    "brawl.render": EDGES,
    "brawl.strategies": EDGES,
    "brawl.demo": EDGES,
    "brawl._public": EDGES,
    "brawl.__main__": EDGES,
    "brawl.cli": EDGES,
    "brawl.notation": EDGES,
    "brawl.agents": EDGES,
    "brawl.server": EDGES,
    "brawl": EDGES,
    "brawl.initiative": TURNS,
    "brawl.initiative.events": MODEL,
    "brawl.initiative.state": MODEL,
    "brawl.initiative.activities": RESOLVERS,
    "brawl.initiative.hold": RESOLVERS,
    "brawl.initiative.move": RESOLVERS,
    "brawl.initiative.triggers": TURNS,
    "brawl.initiative.game": TURNS,
    "brawl.initiative.deeds": TURNS,
    "brawl.initiative.verbs": EDGES,
    "brawl.zone": MODEL,
    "brawl.zone.model": MODEL,
    "brawl.zone.events": MODEL,
    "brawl.zone.turnstate": MODEL,
    "brawl.zone.json": MODEL,  # the records a saved zone world holds, readied for the converter
    "brawl.zone.space": DEFINITIONS,
    "brawl.zone.reactions": RESOLVERS,
    "brawl.zone.attack": RESOLVERS,
    "brawl.zone.react": RESOLVERS,
    "brawl.zone.move": RESOLVERS,
    "brawl.zone.resolve": RESOLVERS,
    "brawl.zone.procedures": RESOLVERS,
    "brawl.zone.morale": TURNS,
    "brawl.zone.setup": TURNS,
    "brawl.zone.game": TURNS,
    "brawl.zone.legal": TURNS,
    "brawl.zone.policy": EDGES,
    "brawl.zone.render": EDGES,
    "brawl.zone.scenario": EDGES,
    "brawl.zone.verbs": EDGES,
    "brawl.abilities": MODEL,
    "brawl.abilities.model": MODEL,
    "brawl.abilities.parse": MODEL,
    "brawl.rules.potency": DEFINITIONS,
    "brawl.rules.areas": DEFINITIONS,
    "brawl.rules.abilities": RESOLVERS,
    "brawl.rules.resources": RESOLVERS,
    "brawl.statblocks": EDGES,
    "brawl.statblocks.model": MODEL,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def rank(module: str) -> int:
    best = max((name for name in LAYERS if module == name or module.startswith(name + ".")), key=len)
    return LAYERS[best]


def top_level_imports(path: Path, known: set[str]) -> Iterator[str]:
    """The package modules a file imports at module level (``from x import y`` counts x and x.y)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        found: list[str] = []
        if isinstance(node, ast.Import):
            found = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        yield from (name for name in found if name in known)


def graph() -> dict[str, set[str]]:
    known = modules()
    return {m: set(top_level_imports(p, set(known))) - {m} for m, p in known.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, or None (an iterative depth-first search)."""
    colour = dict.fromkeys(edges, 0)
    for start in sorted(edges):
        if colour[start]:
            continue
        stack = [(start, iter(sorted(edges[start])))]
        path = [start]
        colour[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                colour[node] = 2
                stack.pop()
                path.pop()
            elif colour[child] == 1:
                return [*path[path.index(child) :], child]
            elif colour[child] == 0:
                colour[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(edges[child]))))
    return None


def test_every_module_has_a_layer() -> None:
    for m in modules():
        assert any(m == name or m.startswith(name + ".") for name in LAYERS), m


def test_module_level_imports_form_no_cycle() -> None:
    assert cycle(graph()) is None


def test_imports_only_go_down_the_layers() -> None:
    upward = [
        f"{m} (layer {rank(m)}) imports {t} (layer {rank(t)})"
        for m, targets in graph().items()
        for t in sorted(targets)
        if rank(t) > rank(m)  # a package file too: brawl.zone imports nothing above its own rank
    ]
    assert upward == []


GAMES = ("brawl.initiative", "brawl.zone")
"""The games that live in a package of their own, which the core below the edges never imports."""
FORMER_NAMES: dict[str, str] = {}
"""Modules of the core that still import a game package, each with the reason."""


def test_the_core_imports_no_game_package() -> None:
    """A game registers what the core needs (its turn system, its answer to a reported trigger);
    no module below the edges outside the game's package imports it."""
    inward = [
        f"{m} imports {t}"
        for m, targets in graph().items()
        for t in sorted(targets)
        for game in GAMES
        if t.startswith(game + ".")
        and not (m == game or m.startswith(game + "."))
        and rank(m) < EDGES
        and m not in FORMER_NAMES
    ]
    assert inward == []


# --- folders and sizes -----------------------------------------------------------------------------
MAX_MODULE_LINES = 800
"""The longest a module may be: past it, a module is split by topic."""

LONG_MODULES_BEING_SPLIT: set[str] = set()
"""Modules over the limit whose split is under way on its own branch; its merge empties this."""

TWO_WAY_FOLDERS_BEING_FIXED: set[frozenset[str]] = set()
"""Pairs of folders that still import each other while the zone game moves into its own package;
that work's merge empties this set."""


def folder(module: str) -> str | None:
    """The folder a module sits in: its package under ``brawl``, or the top-level module itself
    (``brawl.rules.forced`` -> ``rules``, ``brawl.creature`` -> ``creature``); None for ``brawl``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def folder_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Which folders import which (a folder's own modules left out; the package ``brawl`` too)."""
    out: dict[str, set[str]] = {}
    for m, targets in edges.items():
        a = folder(m)
        if a is None:
            continue
        out.setdefault(a, set())
        for t in targets:
            b = folder(t)
            if b is not None and b != a:
                out.setdefault(b, set())
                out[a].add(b)
    return out


def two_way(folders: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The pairs of folders that import each other, each once, sorted."""
    return sorted((a, b) for a, targets in folders.items() for b in targets if a < b and a in folders[b])


def without_known(folders: dict[str, set[str]]) -> dict[str, set[str]]:
    return {
        a: {b for b in targets if frozenset({a, b}) not in TWO_WAY_FOLDERS_BEING_FIXED}
        for a, targets in folders.items()
    }


def test_no_module_is_longer_than_the_limit() -> None:
    """Every module has at most MAX_MODULE_LINES lines (a longer one is split by topic)."""
    long = {
        m: n
        for m, p in modules().items()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert set(long) <= LONG_MODULES_BEING_SPLIT, long


def test_folders_import_each_other_only_one_way() -> None:
    """No two folders import each other: a model type sits in the lower one, a function that needs
    both in the higher one."""
    assert [
        p for p in two_way(folder_graph(graph())) if frozenset(p) not in TWO_WAY_FOLDERS_BEING_FIXED
    ] == []


def test_folders_import_only_downward() -> None:
    """The folders form no cycle either: there is an order of folders every import goes down."""
    assert cycle(without_known(folder_graph(graph()))) is None


def test_the_folder_checks_find_planted_faults() -> None:
    """The oracle itself: folders are named from modules, and planted two-way and circular
    imports between folders are found."""
    assert folder("brawl.rules.forced") == "rules"
    assert folder("brawl.creature") == "creature"
    assert folder("brawl") is None
    planted = folder_graph(
        {
            "brawl.abilities.areas": {"brawl.creature", "brawl.abilities.model"},
            "brawl.creature": {"brawl.abilities.model"},
            "brawl": {"brawl.creature"},
        }
    )
    assert planted == {"abilities": {"creature"}, "creature": {"abilities"}}
    assert two_way(planted) == [("abilities", "creature")]
    assert cycle({"io": {"rules"}, "rules": {"model"}, "model": {"io"}}) is not None


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The oracle itself: a planted cycle and a planted upward import are found."""
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
    assert rank("brawl.rules.forced") == RESOLVERS
    assert rank("brawl.rules.phases") == PHASES
    assert rank("brawl.events.forced") == MODEL


@pytest.mark.parametrize("module", sorted(modules()))
def test_no_module_imports_inside_functions(module: str) -> None:
    """Every import sits at module level (the same check as ruff's PLC0415)."""
    tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
    inner = [
        node.lineno
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(fn)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert inner == []


# --- the picture in the docs ----------------------------------------------------------------------
PICTURE = Path(__file__).resolve().parent.parent / "docs" / "img" / "layers.svg"
LAYER_TITLES = {
    EDGES: "edges: actions, input and output, simulation, pictures, CLI",
    TURNS: "turn systems",
    PHASES: "rules: consequences and phases",
    RESOLVERS: "rules: resolvers",
    DEFINITIONS: "rules: definitions",
    MODEL: "model",
}
LAYER_COLOURS = {
    EDGES: "#e7f0fb",
    TURNS: "#eaf6ec",
    PHASES: "#fdf3e1",
    RESOLVERS: "#fbe9e4",
    DEFINITIONS: "#f3e8f8",
    MODEL: "#eeeeee",
}


def draw_layers() -> str:
    """The layers as an SVG picture: one band a layer, the highest on top, its modules inside."""
    by_layer: dict[int, list[str]] = {rank: [] for rank in LAYER_TITLES}
    for m in sorted(modules()):
        short = m.removeprefix("brawl.") if m != "brawl" else "brawl (package)"
        by_layer[rank(m)].append(short)
    width, pad, line, per_row = 900, 12, 18, 5
    column = (width - 2 * pad) // per_row
    parts: list[str] = []
    y = pad
    for layer in sorted(LAYER_TITLES, reverse=True):
        names = by_layer[layer]
        rows = max(1, -(-len(names) // per_row))
        height = 26 + rows * line + 8
        parts.append(
            f'<rect x="{pad}" y="{y}" width="{width - 2 * pad}" height="{height}" rx="6" '
            f'fill="{LAYER_COLOURS[layer]}" stroke="#888"/>'
        )
        title = LAYER_TITLES[layer]
        parts.append(f'<text x="{pad + 10}" y="{y + 18}" font-size="14" font-weight="bold">{title}</text>')
        for i, name in enumerate(names):
            cx = pad + 10 + (i % per_row) * column
            cy = y + 26 + (i // per_row + 1) * line - 4
            parts.append(f'<text x="{cx}" y="{cy}" font-size="12" font-family="monospace">{name}</text>')
        y += height + 10
    total = y + pad
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
        f'viewBox="0 0 {width} {total}" font-family="sans-serif">\n'
        "<title>brawl's layers: each module imports only from its own layer and those below</title>\n"
    )
    return head + "\n".join(parts) + "\n</svg>\n"


def test_the_layer_picture_is_current() -> None:
    """docs/img/layers.svg shows the modules as they are.

    Redraw it with ``python tests/test_architecture.py``.
    """
    assert PICTURE.read_text(encoding="utf-8") == draw_layers()


if __name__ == "__main__":
    PICTURE.write_text(draw_layers(), encoding="utf-8")


# --- every request with its faces, and a small top level ----------------------------------------
WITHOUT_A_VERB = {
    "AdvanceTo": "an offer of legal_actions (a square the mover's movement reaches): applied as it is",
    "RideTo": "an offer of legal_actions (a square the mount's movement reaches): applied as it is",
    "TakeAction": "an offer of legal_actions wrapping a request with the part of the turn it costs",
    "ForcedMove": "the general forced movement of abilities and older logs; push, pull, slide are its verbs",
    "StartZoneCombat": "the zone game starts with start_combat(system='zone'), which builds it",
}
"""Request records that no verb applies, each with the reason."""
MAX_TOP_LEVEL = 150
"""The most names ``brawl`` exports: what a newcomer uses in the first hour."""


def test_every_request_record_has_its_faces() -> None:
    """Each request record declares its own ``verify`` and ``resolve``, and one verb applies it,
    derived from it by ``brawl.actions.verb`` (in ``brawl.verbs`` or its game's ``verbs``)."""
    import_homes = ("brawl.verbs", "brawl.zone.verbs", "brawl.initiative.verbs")
    homes = [importlib.import_module(m) for m in import_homes]
    faceless, verbless = [], []
    for name, kind in sorted(Action.registry.items()):
        if not kind.__module__.startswith("brawl."):
            continue
        if kind.verify is Action.verify or kind.resolve is Action.resolve:
            faceless.append(name)
        applied = [getattr(h, rule_name(kind), None) for h in homes]
        if not any(getattr(v, "request", None) is kind for v in applied) and name not in WITHOUT_A_VERB:
            verbless.append(name)
    assert faceless == []
    assert verbless == []
    assert len(Action.registry) > 60


def test_the_top_level_is_small() -> None:
    """``brawl`` exports at most 150 names; every verb of ``brawl.verbs`` stays reachable there."""
    assert len(brawl.__all__) <= MAX_TOP_LEVEL
    assert len(set(brawl.__all__)) == len(brawl.__all__)
    verbs = importlib.import_module("brawl.verbs")
    assert all(
        hasattr(getattr(verbs, n), "request")
        for n in dir(verbs)
        if not n.startswith("_")
        and n != "verb"
        and callable(getattr(verbs, n))
        and not isinstance(getattr(verbs, n), type)
    )
