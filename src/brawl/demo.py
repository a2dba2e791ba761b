"""The demo behind ``python -m brawl demo``: a bundled scenario, shown section by section.

Each section is a small function ``section(enc) -> (enc, lines)`` that may change the encounter
(through the rules) and returns the lines it prints. :data:`SECTIONS` lists them in order; a new
area of the engine adds its section there.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

import attrs

from brawl.abilities.model import Ability, Distance, PowerRoll, Target
from brawl.abilities.parse import parse_tier
from brawl.actions import EndRound, EndTurn, StartCombat, StartTurn, apply, legal_actions
from brawl.events.base import Event, explain
from brawl.outcome import Outcome
from brawl.render import render_text
from brawl.rules.forced import Push, force_move
from brawl.rules.movement import Move
from brawl.rules.reachable import reachable
from brawl.scenario import bundled_scenario, read_scenario
from brawl.sim import greedy
from brawl.state import Encounter
from brawl.turns import next_actors
from brawl.verbs import add_condition, damage, use_ability

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


def section_reachable(enc: Encounter) -> tuple[Encounter, list[str]]:
    """The squares a hero can reach with its move action, each with its cost (R-MOVE-1)."""
    hero = next((c for c in enc.creature_list() if c.hero), None)
    if hero is None:
        return enc, []
    reach = reachable(enc, hero.id)
    lines = [
        f"Where {hero.name} can move this turn (speed {hero.speed}; difficult terrain and enemies cost 2):"
    ]
    width = enc.terrain.width
    for y in range(enc.terrain.depth):
        row = ""
        for x in range(width):
            p = (x, y, hero.pos.z)
            if p == tuple(hero.pos):
                row += "@"
            elif p in reach:
                row += str(reach.cost(p))
            else:
                row += "#" if enc.terrain.is_solid((x, y, hero.pos.z)) else "."
        lines.append("  " + row)
    lines.append(f"  {len(reach)} squares; @ is {hero.name}, digits are the movement each one costs")
    return enc, lines


def section_push(enc: Encounter) -> tuple[Encounter, list[str]]:
    """A push off the bridge into the chasm: forced movement, then the fall (DS-FORCE-15)."""
    if "talia" not in enc.creatures or "ogre" not in enc.creatures:
        return enc, []
    lines = ["Talia runs onto the bridge; the ogre shoves her two squares off it:"]
    reach = reachable(enc, "talia")
    enc, events = Move("talia", reach.path_to((9, 4, 0))).resolve(enc)
    lines += ["  " + line for line in explain(events).splitlines()]
    enc, events = force_move(enc, Push("ogre", "talia", 2, direction=(-1, -1, 0)))
    lines += ["  " + line for line in explain(events).splitlines()]
    return enc, lines


GALE_BLAST = Ability(
    "Gale Blast",
    "main action",
    "signature",
    ("Magic", "Ranged", "Strike"),
    distance=Distance("ranged", 12),
    target=Target("creature"),
    power_roll=PowerRoll(
        ("might", "agility"),
        tiers=(
            parse_tier("3 damage; push 2"),
            parse_tier("5 damage; push 3; A < 1 prone"),
            parse_tier("7 damage; push 4; A < 2 prone and can't stand (EoT)"),
        ),
    ),
)
"""The ability the demo defines in code: a push and a potency condition (R-ABIL-1, RB2-POTENCY)."""


def section_ability(enc: Encounter) -> tuple[Encounter, list[str]]:
    """An ability with a push and a potency condition: Kira's Gale Blast against the ogre.

    Shown on a copy of the encounter: the sections after it start from the same scene.
    """
    if "kira" not in enc.creatures or "ogre" not in enc.creatures:
        return enc, []
    kira = enc.creature("kira")
    armed = enc.with_creature(attrs.evolve(kira, abilities=(*kira.abilities, GALE_BLAST)))
    tiers = " | ".join(t.text for t in GALE_BLAST.power_roll.tiers) if GALE_BLAST.power_roll else ""
    lines = [
        "Kira uses an ability defined in code, Gale Blast (ranged 12, one creature, power roll + Might",
        f"or Agility: {tiers}), on the ogre; the dice are 6 and 5:",
    ]
    _, events = use_ability(armed, "kira", "Gale Blast", targets=("ogre",), dice=(6, 5))
    lines += ["  " + line for line in explain(events).splitlines()]
    return enc, lines


def greedy_turn(enc: Encounter) -> tuple[Encounter, tuple[Event, ...]]:
    """Play the current creature's turn with the greedy policy of :mod:`brawl.sim`."""
    out = Outcome(enc, ())
    for _ in range(10):
        action = greedy(out.state, legal_actions(out.state))
        out = out.then(apply, action)
        if isinstance(action, EndTurn):
            break
    return out.state, out.events


def idle_line(enc: Encounter, cid: str) -> str:
    """Why a creature's turn under the greedy policy did nothing: the policy found no enemy it can
    strike and no move that brings it nearer to one."""
    c = enc.creature(cid)
    where = f"at {tuple(c.pos)}" + (", prone" if c.has("prone") else "")
    return (
        f"{cid} does nothing: the greedy policy finds no enemy to strike and no move nearer to one ({where})"
    )


def section_two_rounds(enc: Encounter) -> tuple[Encounter, list[str]]:
    """Two rounds of Draw Steel turns: sides alternate, each creature closes in and strikes."""
    lines = ["Two rounds of combat (the heroes go first; dice from the state's seeded RNG):"]
    enc, events = apply(enc, StartCombat(first_side="heroes"))
    lines += ["  " + line for line in explain(events).splitlines()]
    for _ in range(2):
        while True:
            actors = next_actors(enc)
            if not actors:
                break
            side = sorted(actors)[0]
            actor = actors[side][0]
            enc, events = apply(enc, StartTurn(actor))
            lines += ["  " + line for line in explain(events).splitlines()]
            enc, events = greedy_turn(enc)
            shown = [
                e for e in events if type(e).__name__ not in ("ActionUsed", "MovementSpent", "TurnEnded")
            ]
            lines += ["    " + line for line in explain(shown).splitlines()]
            if not shown:
                lines.append("    " + idle_line(enc, actor))
        enc, events = apply(enc, EndRound())
        lines += ["  " + line for line in explain(events).splitlines()]
    lines.append("")
    lines.append(render_text(enc))
    return enc, lines


SECTIONS: list[Section] = [
    section_map,
    section_creatures,
    section_damage,
    section_reachable,
    section_ability,
    section_push,
    section_two_rounds,
]
"""The demo's sections, in the order they run."""


def run_demo(name: str = DEMO_SCENARIO, out: TextIO | None = None) -> Encounter:
    """Load a bundled scenario and print every section; returns the final encounter."""
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
