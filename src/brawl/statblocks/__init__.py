"""Stat blocks and hero sheets: brawl's own TOML files and importers of the common exports.

:class:`StatBlock` (Director creatures) and :class:`HeroSheet` (heroes) hold what a fight needs
of a creature and build its :class:`~brawl.Creature`; :func:`load_statblocks` reads them from
brawl's TOML, SteelCompendium JSON or YAML, Foundry VTT and Forge Steel exports, and
:func:`dumps_statblocks` writes brawl's TOML.
"""

from brawl.statblocks.load import (
    FORMATS,
    bundled_statblock_files,
    bundled_statblocks,
    load_statblocks,
    loads_statblocks,
)
from brawl.statblocks.model import HeroSheet, StatBlock, Trait
from brawl.statblocks.report import AbilityReport, LoadProblem, StatBlockFile, StatBlockReport
from brawl.statblocks.tomlformat import dumps_statblocks, parse_statblocks

__all__ = [
    "FORMATS",
    "AbilityReport",
    "HeroSheet",
    "LoadProblem",
    "StatBlock",
    "StatBlockFile",
    "StatBlockReport",
    "Trait",
    "bundled_statblock_files",
    "bundled_statblocks",
    "dumps_statblocks",
    "load_statblocks",
    "loads_statblocks",
    "parse_statblocks",
]
