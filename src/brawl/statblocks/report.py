"""The report of a stat block file: what each ability became, what was left out and what failed.

A :class:`StatBlockFile` holds the stat blocks read from a file or folder with, per block, a
:class:`StatBlockReport` (what was dropped, why a block failed: :class:`LoadProblem`) and, per
ability, an :class:`AbilityReport` (read into the engine's records or kept as text for the table).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from brawl.abilities.model import Ability, TextEffect
from brawl.errors import ArgumentTypeError, ScenarioError
from brawl.statblocks.model import HeroSheet, StatBlock, slug


@attrs.frozen
class AbilityReport:
    """What one ability of an imported stat block became: read into records, or kept as text."""

    statblock: str
    """The stat block's name (empty for an ability read on its own)."""
    ability: str
    """The ability's name."""
    parsed: tuple[str, ...]
    """The parts read into the engine's records (``"distance Melee 1"``, ``"tier 2: 5 damage"``)."""
    text: tuple[str, ...]
    """The parts kept as text for the table (``"tier 3: the target is pinned"``, ``"effect: ..."``)."""

    def __str__(self) -> str:
        who = f"{self.statblock}: {self.ability}" if self.statblock else self.ability
        kept = "; ".join(self.text) if self.text else "nothing"
        return f"{who}: read {', '.join(self.parsed) or 'nothing'}; kept as text: {kept}"


@attrs.frozen
class LoadProblem:
    """A part of a stat block the loader left out, a stat block or file it could not read, or a
    document it skipped (not a stat block), and why."""

    source: str
    """The file."""
    statblock: str
    """The stat block's name (empty when the whole document or file is meant)."""
    field: str
    """The field, as the file writes it (empty if none)."""
    reason: str
    """Why."""

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.statblock, f"field {self.field!r}" if self.field else "") if p]
        return f"{', '.join(parts)}: {self.reason}"


@attrs.frozen
class StatBlockReport:
    """What the loader made of one stat block: what it kept, what it dropped and why."""

    id: str
    """The stat block's id (``namespace:key``, see :meth:`StatBlockFile.get`)."""
    source: str
    """The file it came from."""
    statblock: str
    """Its name."""
    kept: tuple[str, ...]
    """What it holds: ``"12 abilities"``, ``"3 villain actions"``, ``"End Effect 10"``..."""
    dropped: tuple[LoadProblem, ...]
    """The parts left out, each with the field and the reason."""

    def __str__(self) -> str:
        line = f"{self.id} ({self.source}): kept {', '.join(self.kept) or 'its statistics'}"
        if self.dropped:
            line += "; dropped " + "; ".join(f"{d.field or 'a part'} ({d.reason})" for d in self.dropped)
        return line


@attrs.frozen
class StatBlockFile:
    """The stat blocks of one file, found by name: ``file["goblin-sniper"]``."""

    source: str
    """The file's name."""
    format: str
    """``"brawl"``, ``"steelcompendium"``, ``"foundry"`` or ``"forgesteel"``; ``"mixed"`` for a folder."""
    blocks: tuple[StatBlock | HeroSheet, ...]
    """The stat blocks and hero sheets, in file order."""
    abilities: tuple[Ability, ...] = ()
    """Abilities the file holds on their own (Foundry ability items)."""
    roster: tuple[tuple[str, int], ...] = ()
    """An encounter's creatures: stat block name and how many."""
    notes: tuple[str, ...] = ()
    """What the importer left out (fields and items brawl does not read)."""
    malice_features: tuple[Ability, ...] = ()
    """The Director's Malice features the file holds (a Forge Steel group's ``malice``, the
    Malice features a Foundry pack repeats on each actor of a group), each once: two groups'
    features of one name that differ are both kept."""
    dropped: tuple[LoadProblem, ...] = ()
    """Parts of stat blocks left out because they could not be read and a fight does not need
    them (a malformed keyword, a trait's lore); the stat block loaded without them."""
    failed: tuple[LoadProblem, ...] = ()
    """Stat blocks, and in a folder files, that could not be read, with the field and the reason."""
    skipped: tuple[LoadProblem, ...] = ()
    """Documents of the export that are not stat blocks (Foundry folders, journals, objects)."""
    origins: tuple[str, ...] = ()
    """The file each stat block came from, in the order of ``blocks`` (empty: all from ``source``)."""

    def __attrs_post_init__(self) -> None:
        if self.origins and len(self.origins) != len(self.blocks):
            raise ArgumentTypeError("StatBlockFile.origins: one per stat block is needed", rule=())

    def origin(self, index: int) -> str:
        """The file the ``index``-th stat block came from."""
        return self.origins[index] if self.origins else self.source

    def ids(self) -> tuple[str, ...]:
        """Each stat block's id, ``namespace:key``: the namespace is the file's name without its
        folder and extension, normalised like a key (``bundled`` for brawl's own); a key met again
        in the same file gets ``-2``, ``-3``... (``rivals:rival-talent-2``)."""
        out: list[str] = []
        seen: set[str] = set()
        for i, block in enumerate(self.blocks):
            base = f"{namespace(self.origin(i))}:{block.key}"
            found, n = base, 2
            while found in seen:
                found, n = f"{base}-{n}", n + 1
            seen.add(found)
            out.append(found)
        return tuple(out)

    def load_report(self) -> tuple[StatBlockReport, ...]:
        """For each stat block: its id, its file, what it kept and what was dropped, and why."""
        out = []
        for i, (block, id_) in enumerate(zip(self.blocks, self.ids(), strict=True)):
            source = self.origin(i)
            dropped = tuple(d for d in self.dropped if d.source == source and d.statblock == block.name)
            out.append(StatBlockReport(id_, source, block.name, kept_parts(block), dropped))
        return tuple(out)

    def __iter__(self) -> Iterator[StatBlock | HeroSheet]:
        return iter(self.blocks)

    def __len__(self) -> int:
        return len(self.blocks)

    def __getitem__(self, name: str) -> StatBlock | HeroSheet:
        found = self.get(name)
        if found is None:
            known = ", ".join(b.key for b in self.blocks)
            raise KeyError(f"no stat block named {name!r} in {self.source} (known: {known})")
        return found

    def get(self, name: str) -> StatBlock | HeroSheet | None:
        """The stat block or hero sheet of this name or id, or None.

        A name is found case and spaces aside (``"MARA"``, ``"mara"``); an id (``heroes:mara``)
        names one stat block of one file. A name that several stat blocks of different files or
        of one file answer to is an error naming them and their files: name one by its id.
        """
        found = self.find_all(name)
        if len(found) > 1:
            raise ambiguous(name, found)
        return found[0][2] if found else None

    def find_all(self, name: object) -> list[tuple[str, str, StatBlock | HeroSheet]]:
        """The (id, file, stat block) of every stat block a name or id answers to."""
        if not isinstance(name, str):
            return []
        ids = self.ids()
        if ":" in name:
            space, _, rest = name.partition(":")
            wanted = f"{slug(space)}:{slug(rest)}"
            hits = [(ids[i], self.origin(i), b) for i, b in enumerate(self.blocks) if ids[i] == wanted]
            if hits:
                return hits  # else a name holding a colon ("Ajax: the Invincible")
        key = slug(name)
        return [(ids[i], self.origin(i), b) for i, b in enumerate(self.blocks) if b.key == key]

    def report(self) -> tuple[AbilityReport, ...]:
        """For each ability, what was read into records and what was kept as text."""
        out = [ability_report(b.name, a) for b in self.blocks for a in b.abilities]
        out.extend(ability_report("", a) for a in self.abilities)
        return tuple(out)


def ability_report(statblock: str, ability: Ability) -> AbilityReport:
    """What an ability holds as records and what as text."""
    parsed: list[str] = []
    text: list[str] = []
    if ability.distance.kind == "special":
        text.append(f"distance: {ability.distance.text}")
    else:
        parsed.append(f"distance {ability.distance.printed()}")
    target = ability.target
    if target.kind == "special":
        text.append(f"target: {target.text}")
    else:
        if target.kind == "self" or target.kind.startswith("each"):
            parsed.append(f"target {target.kind}")
        else:
            parsed.append(f"target {'each' if target.count is None else target.count} {target.kind}")
    if ability.cost is not None:
        parsed.append(f"cost {ability.cost.amount} {ability.cost.resource}")
    if ability.trigger:
        text.append(f"trigger: {ability.trigger}")
    if ability.effect_before:
        text.append(f"effect: {ability.effect_before}")
    roll = ability.power_roll
    if roll is not None:
        adds = " or ".join(c[0].upper() for c in roll.characteristics)
        if roll.bonus is not None:
            adds = f"{adds} + {roll.bonus}" if adds else str(roll.bonus)
        parsed.append(f"power roll + {adds}" if adds else "power roll")
        for n, tier in enumerate(roll.tiers, start=1):
            for effect in tier.effects:
                (text if isinstance(effect, TextEffect) else parsed).append(f"tier {n}: {effect.printed()}")
    if ability.effect_after:
        text.append(f"effect: {ability.effect_after}")
    for entry in ability.spend:  # the amount is paid by the engine, the effect shown to the table
        amount = f"spend {entry.amount}{'+' if entry.plus else ''}"
        parsed.append(amount)
        text.append(f"{amount}: {entry.text}")
    return AbilityReport(statblock, ability.name, tuple(parsed), tuple(text))


def kept_parts(block: StatBlock | HeroSheet) -> tuple[str, ...]:
    """What a stat block holds, counted for its report."""
    villain = len(block.villain_actions) if isinstance(block, StatBlock) else 0
    parts = [_count(len(block.abilities) - villain, "ability", "abilities")]
    if villain:
        parts.append(_count(villain, "villain action", "villain actions"))
    parts.append(_count(len(block.traits), "trait", "traits"))
    if isinstance(block, StatBlock) and block.is_solo:
        parts.append("Solo Turns")
    if isinstance(block, StatBlock) and block.end_effect is not None:
        parts.append(f"End Effect {block.end_effect}")
    return tuple(parts)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def namespace(source: str) -> str:
    """The namespace of a file's stat blocks: its name without folder and extension, as a key."""
    name = source.replace("\\", "/").rsplit("/", 1)[-1]
    stem = name.split(".", 1)[0] if not name.startswith(".") else name
    return slug(stem) or "file"


def ambiguous(name: str, found: list[tuple[str, str, Any]]) -> ScenarioError:
    """The error for a name several stat blocks answer to, naming each with its id and file."""
    listed = "; ".join(f"{id_} from {source}" for id_, source, _ in found)
    return ScenarioError(f"the name {name!r} is ambiguous: it names {listed}; name one by its id")
