"""Reading a stat block leniently: the parts a fight does not need are left out when they can't be read.

:class:`Reading` gathers the stat blocks of one document as they are read; when a part of a block
is unreadable and droppable (keywords, the encounter value, the "With Captain" words, an
ability's category and lore: :data:`DROPPABLE_KEYS`, never what lies under
:data:`NEEDED_PARENTS`; a "Spend X" entry on its own), it is left out and noted, and the block
read again, up to :data:`MAX_DROPS` parts. An ability named twice is kept once or renamed
(:func:`unique_abilities`).
"""

from __future__ import annotations

import copy
import json
import re
import string
from collections.abc import Callable
from typing import Any

import attrs

import brawl.statblocks.forgesteel as forgesteel
import brawl.statblocks.steelcompendium as steelcompendium
from brawl.abilities.model import Ability
from brawl.errors import ScenarioError
from brawl.io.scenariofields import Where
from brawl.statblocks.model import HeroSheet, StatBlock
from brawl.statblocks.report import LoadProblem, StatBlockFile
from brawl.statblocks.tomlformat import (
    build_ability,
    build_block,
)

MAX_DROPS = 50
"""Most parts left out of one stat block before it counts as unreadable."""


DROPPABLE_KEYS = frozenset(
    {
        "keywords",
        "ancestry",
        "ev",
        "ev_for",
        "encounterValue",
        "with_captain",
        "withCaptain",
        "captain",
        "category",
        "description",
        "flavor",
        "biography",
        "text",
    }
)
"""Fields a fight does not need: keywords (tags), the encounter value, the "With Captain" words,
an ability's category and lore. A value of one that cannot be read is left out (and reported)."""


NEEDED_PARENTS = frozenset(
    {"distance", "target", "cost", "power", "power_roll", "powerRoll", "roll", "tiers", "effects", "sections"}
)
"""Parts of an ability a fight needs: what lies in them is never left out."""


_TOKEN = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def _path(field: str | None, prefix: str) -> list[str | int] | None:
    """The steps of an error's field below a stat block's own field, or None if it is not below."""
    if field is None:
        return None
    if prefix:
        if not field.startswith(prefix):
            return None
        field = field[len(prefix) :]
    return [int(m.group(1)) if m.group(1) is not None else m.group(2) for m in _TOKEN.finditer(field)]


def _is_trait_item(container: str, item: Any) -> bool:
    """Whether an item of a stat block's list is a trait (lore a fight can do without)."""
    if container == "traits":
        return True
    if not isinstance(item, dict):
        return False
    if container == "items":  # Foundry
        return item.get("type") == "feature"
    if container == "features":  # Forge Steel, SteelCompendium
        return item.get("type") == "Text" or str(item.get("feature_type", "")).lower() == "trait"
    return False


def _spend_part(raw: Any, steps: list[str | int]) -> list[str | int] | None:
    """The steps of the "Spend X" entry an error at ``steps`` lies in (RB-HR-03), or None: a
    ``spend`` table (Foundry's ``system.spend``) or an item of a ``spend`` list (brawl's layout),
    an item of ``sections`` that is a Forge Steel spend section, or of ``effects`` that is a
    SteelCompendium spend item."""
    node = raw
    for i, step in enumerate(steps):
        if isinstance(step, str):
            if not isinstance(node, dict) or step not in node:
                return None
            if step == "spend":
                more = steps[i + 1] if i + 1 < len(steps) else None
                if isinstance(node[step], list) and isinstance(more, int) and more < len(node[step]):
                    return steps[: i + 2]
                return steps[: i + 1]
        else:
            if not isinstance(node, list) or not 0 <= step < len(node):
                return None
            container = steps[i - 1] if i else None
            item = node[step]
            if (container == "sections" and forgesteel.is_spend_section(item)) or (
                container == "effects" and steelcompendium.is_spend_item(item)
            ):
                return steps[: i + 1]
        node = node[step]
    return None


def _droppable(raw: Any, steps: list[str | int]) -> list[str | int] | None:
    """The steps of the part to leave out for an error at ``steps``, or None if a fight needs it.

    A "Spend X" entry that cannot be read is left out on its own (:func:`_spend_part`)."""
    if len(steps) >= 2 and isinstance(steps[0], str) and isinstance(steps[1], int):
        items = raw.get(steps[0]) if isinstance(raw, dict) else None
        if isinstance(items, list) and steps[1] < len(items) and _is_trait_item(steps[0], items[steps[1]]):
            return steps[:2]
    spend = _spend_part(raw, steps)
    if spend is not None:
        return spend
    names = [i for i, step in enumerate(steps) if isinstance(step, str)]
    if not names or steps[names[-1]] not in DROPPABLE_KEYS:
        return None
    part = steps[: names[-1] + 1]
    if any(step in NEEDED_PARENTS for step in part[:-1]):
        return None  # the words of a distance, target, cost or power roll: needed
    node = raw
    for step in part[:-1]:
        inside = (isinstance(step, int) and isinstance(node, list) and step < len(node)) or (
            isinstance(step, str) and isinstance(node, dict) and step in node
        )
        if not inside:
            return None
        node = node[step]
    return part if isinstance(node, dict) and part[-1] in node else None


def _without(raw: Any, steps: list[str | int]) -> Any:
    """A copy of ``raw`` with the part at ``steps`` removed (an item of a list popped)."""
    out = copy.deepcopy(raw)
    node = out
    for step in steps[:-1]:
        node = node[step]
    del node[steps[-1]]
    return out


class Reading:
    """The stat blocks of one document as they are read, with what was dropped, failed or skipped."""

    def __init__(self, where: Where, fmt: str, strict: bool) -> None:
        self.where = where
        self.source = where.source or ""
        self.fmt = fmt
        self.strict = strict
        self.notes: list[str] = []
        self.blocks: list[StatBlock | HeroSheet] = []
        self.abilities: list[Ability] = []
        self.roster: list[tuple[str, int]] = []
        self.malice: dict[str, Ability] = {}
        self.dropped: list[LoadProblem] = []
        self.failed: list[LoadProblem] = []
        self.skipped: list[LoadProblem] = []
        self.first_error: ScenarioError | None = None

    def fail(self, raw: Any, exc: ScenarioError) -> None:
        """A stat block that cannot be read: refused when strict, else listed."""
        if self.strict:
            raise exc
        self.first_error = self.first_error or exc
        name = raw.get("name") if isinstance(raw, dict) else None
        self.failed.append(LoadProblem(self.source, str(name or ""), exc.field or "", exc.reason))

    def _attempt(self, raw: Any, field: str, convert: Callable[[Any], Any]) -> tuple[Any, list[LoadProblem]]:
        """``convert(raw)``, leaving out the parts a fight does not need that it cannot read."""
        dropped: list[LoadProblem] = []
        removed: list[tuple[list[str | int], int]] = []
        prefix = f"{field}." if field else ""
        for _ in range(MAX_DROPS):
            try:
                return convert(raw), dropped
            except ScenarioError as exc:
                steps = None if self.strict else _path(exc.field, prefix)
                part = _droppable(raw, steps) if steps is not None else None
                if steps is None or part is None:
                    raise
                name = raw.get("name") if isinstance(raw, dict) else None
                shown = steps if _spend_part(raw, steps) == part else part  # a Spend entry: its field
                printed = prefix + _printed(_original(shown, removed))
                dropped.append(LoadProblem(self.source, str(name or ""), printed.rstrip("."), exc.reason))
                if isinstance(part[-1], int):
                    removed.append((part[:-1], part[-1]))
                raw = _without(raw, part)
        raise self.where.fail(f"more than {MAX_DROPS} parts could not be read", field or None)

    def block(self, raw: Any, field: str, convert: Callable[[Any], tuple[type[Any], dict[str, Any]]]) -> None:
        """Read one stat block or hero sheet, leaving out what a fight does not need and cannot be read."""
        try:
            (cls, table), dropped = self._attempt(raw, field, convert)
            table = unique_abilities(self._malice_of(_readable_name(table), cls), self.notes)
            built, more = self._attempt(table, field, lambda t: build_block(t, cls, field, self.where))
        except ScenarioError as exc:
            self.fail(raw, exc)
            return
        name = built.name
        self.dropped.extend(attrs.evolve(d, statblock=name) for d in (*dropped, *more))
        self.blocks.append(built)

    def _malice_of(self, table: dict[str, Any], cls: type[Any]) -> dict[str, Any]:
        """The table without the Director's Malice features a Foundry actor repeats (an ability of
        no action with a Malice cost), which go to the file's list, each once."""
        if self.fmt != "foundry" or cls is not StatBlock:
            return table
        own: list[Any] = []
        for item in table.get("abilities", []):
            cost = item.get("cost") if isinstance(item, dict) else None
            if (
                isinstance(cost, dict)
                and cost.get("resource") == "malice"
                and item.get("action_type") == "none"
            ):
                key = json.dumps(item, sort_keys=True, default=str)
                if key not in self.malice:
                    try:
                        self.malice[key] = build_ability(item, "malice", self.where)
                    except ScenarioError:
                        own.append(item)  # read with the stat block, where its error is reported
                continue
            own.append(item)
        return {**table, "abilities": own}

    def malice_feature(self, raw: Any, field: str, convert: Callable[[Any], dict[str, Any]]) -> None:
        """A Malice feature of the Director's, read on its own (a Forge Steel group's)."""
        try:
            ability = build_ability(convert(raw), field, self.where)
        except ScenarioError as exc:
            if self.strict:
                raise
            name = raw.get("name") if isinstance(raw, dict) else None
            self.failed.append(LoadProblem(self.source, str(name or ""), exc.field or "", exc.reason))
            return
        self.malice.setdefault(repr(ability), ability)

    def file(self) -> StatBlockFile:
        if not self.blocks and not self.abilities:
            if self.first_error is not None and not self.skipped:
                raise self.first_error
            if not self.skipped and not self.failed:
                raise self.where.fail("no stat block in the file", None)
        return StatBlockFile(
            self.source,
            self.fmt,
            tuple(self.blocks),
            tuple(self.abilities),
            tuple(self.roster),
            tuple(self.notes),
            tuple(self.malice.values()),
            tuple(self.dropped),
            tuple(self.failed),
            tuple(self.skipped),
        )


def _readable_name(table: dict[str, Any]) -> dict[str, Any]:
    """The table with a name printed all in capitals (``"GOBLIN WARRIOR"``) in title case."""
    name = table.get("name")
    if isinstance(name, str) and name.isupper():
        return {**table, "name": string.capwords(name.lower())}
    return table


def _original(steps: list[str | int], removed: list[tuple[list[str | int], int]]) -> list[str | int]:
    """Steps into the document as written, given the items already removed from its lists."""
    out = list(steps)
    for where, index in reversed(removed):
        n = len(where)
        step = out[n] if len(out) > n else None
        if out[:n] == where and isinstance(step, int) and step >= index:
            out[n] = step + 1
    return out


def _printed(steps: list[str | int]) -> str:
    text = ""
    for step in steps:
        text += f"[{step}]" if isinstance(step, int) else f".{step}" if text else step
    return text


def unique_abilities(table: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """The table with each ability name once: a repeat equal to the first is left out, another
    is renamed ``"Name (2)"``; both noted. Exporters write both (a Malice feature beside the
    signature ability of the same name; the same feature twice)."""
    abilities = table.get("abilities")
    if not isinstance(abilities, list):
        return table
    seen: dict[str, Any] = {}
    kept: list[Any] = []
    for item in abilities:
        name = item.get("name") if isinstance(item, dict) else None
        if not isinstance(name, str) or name not in seen:
            if isinstance(name, str):
                seen[name] = item
            kept.append(item)
            continue
        if item == seen[name]:
            notes.append(f"{table.get('name')}: {name}: printed twice, read once")
            continue
        n = 2
        while f"{name} ({n})" in seen:
            n += 1
        renamed = f"{name} ({n})"
        notes.append(f"{table.get('name')}: a second ability named {name!r} read as {renamed!r}")
        seen[renamed] = item
        kept.append({**item, "name": renamed})
    return {**table, "abilities": kept}
