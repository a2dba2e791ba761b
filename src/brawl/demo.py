"""The demo behind ``python -m brawl demo``: a bundled scenario, shown section by section.

Each section is a small function ``section(enc) -> (enc, lines)`` that may change the encounter
(through the rules) and returns the lines it prints. :data:`SECTIONS` lists them in order; a new
area of the engine adds its section there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from brawl.events.base import explain
from brawl.io.scenario import bundled_scenario, read_scenario
from brawl.render import render_text
from brawl.rules.conditions import add_condition
from brawl.rules.damage import damage
from brawl.state import Encounter

Section = Callable[[Encounter], tuple[Encounter, list[str]]]

DEMO_SCENARIO = "bridge"
"""The bundled scenario the demo loads."""


def section_map(enc: Encounter) -> tuple[Encounter, list[str]]:
    """The ground level of the map with its legend."""
    return enc, ["The map (level 0): # wall, : difficult, space a drop into the chasm", "", render_text(enc)]


def section_creatures(enc: Encounter) -> tuple[Encounter, list[str]]:
    """Each creature's size, speed, stability, Stamina and characteristics."""
    lines = ["The creatures:"]
    for c in enc.creature_list():
        ch = c.characteristics
        scores = f"M{ch.might:+d} A{ch.agility:+d} R{ch.reason:+d} I{ch.intuition:+d} P{ch.presence:+d}"
        kind = "hero" if c.hero else "Director"
        lines.append(
            f"  {c.name} ({c.id}, {kind}, {c.side}): size {c.size}, speed {c.speed}, "
            f"stability {c.stability}, Stamina {c.stamina}/{c.stamina_max}, {scores}"
        )
    return enc, lines


def section_damage(enc: Encounter) -> tuple[Encounter, list[str]]:
    """Fire damage through a weakness, then a condition, each explained with the rules it cites."""
    target = next((c for c in enc.creature_list() if c.weaknesses), None)
    if target is None:
        return enc, []
    lines = [f"{target.name} takes 3 fire damage, then is knocked prone:"]
    enc, events = damage(enc, target.id, 3, "fire")
    lines += ["  " + line for line in explain(events).splitlines()]
    enc, events = add_condition(enc, target.id, "prone")
    lines += ["  " + line for line in explain(events).splitlines()]
    return enc, lines


SECTIONS: list[Section] = [section_map, section_creatures, section_damage]
"""The demo's sections, in the order they run."""


def run_demo(name: str = DEMO_SCENARIO, out: TextIO | None = None) -> Encounter:
    """Load a bundled scenario and print every section; returns the final encounter."""
    import sys

    stream = out if out is not None else sys.stdout
    scenario = read_scenario(bundled_scenario(name))
    enc = scenario.encounter
    print(f"brawl demo: {scenario.name}", file=stream)
    print(scenario.description, file=stream)
    for section in SECTIONS:
        enc, lines = section(enc)
        if lines:
            print(file=stream)
            print("\n".join(lines), file=stream)
    return enc
