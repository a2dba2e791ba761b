"""Walls and auras that last: raised by their ability, kept on their maker, ended by their duration
(R-AREA-8..12).

A wall or an aura an ability makes lasts for the duration its words print (R-AREA-8): "until the
end of the encounter" (RB2-EOE), "(EoT)" or "until the end of your turn" (RB2-EOT), "until the
end of your next turn", "until the start of your next turn", "until the end of the round". The
lasting area is a :class:`~brawl.creature.LastingArea` on the creature that made it
(:attr:`~brawl.creature.Creature.areas`), so it is saved with the encounter.

* **A wall** changes the map while it stands (R-AREA-9, R-AREA-10): solid (stone, or the wood,
  metal or glass its words name) unless its words let creatures into it; a solid wall's squares
  are solid terrain, blocking movement and line of effect as any solid square does. A passable
  wall whose words deal plain damage to each creature that enters it is damaging terrain
  (DS-MOVE-13); one of fog, mist, smoke or darkness conceals (DS-EDGE-09). When it ends, each
  square still as the wall left it is as it was before.
* **An aura** moves with its maker: its squares are found around the maker's space wherever it is
  now (R-AREA-1, R-AREA-7, R-AREA-11).
* **Timed effects** (R-AREA-12): "each enemy who starts their turn in the aura takes 2 fire
  damage", "each creature who ends its turn in the wall is slowed (EoT)": the printed effects land
  on the creature through the rules that own them (damage, conditions, named effects, their
  potency checked first); words not read go to the table.

The turn hooks (:mod:`brawl.rules.phases`) call :func:`areas_at_start`, :func:`areas_at_end`,
:func:`areas_at_round_end` and :func:`areas_at_encounter_end`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from operator import attrgetter

import attrs

from brawl.abilities.model import Ability, ApplyCondition, Damage, Healing, NamedEffect, TextEffect
from brawl.abilities.model import Effect as AbilityEffect
from brawl.abilities.parse import parse_effects
from brawl.cells import AIR, Cell, Material
from brawl.conditions import Duration
from brawl.creature import Creature, LastingArea, TimedEffect
from brawl.damagetypes import DamageType
from brawl.errors import ActionUnavailableError, RulesError
from brawl.events.abilities import EffectForTable
from brawl.events.areas import AreaEnded, AreaRaised, AreaReached
from brawl.events.base import Event, Note
from brawl.events.forced import ForceMoved
from brawl.events.movement import Jumped, Moved, Teleported
from brawl.geometry import Pos, cube, distance
from brawl.outcome import Outcome
from brawl.rules.areas import Area, burst_area, reached
from brawl.rules.conditions import add_named_condition, impose_condition
from brawl.rules.damage import deal_damage
from brawl.rules.falling import Fall, should_fall
from brawl.rules.potency import check_potency
from brawl.rules.stamina import regained
from brawl.state import Encounter

_WHO = r"(?:each|any|every|an?)\s+(?P<who>other\s+creature|creature|enemy|foe|ally)"
_PLACE = r"(?:the\s+)?(?:aura|wall|area)"
_TIMED = re.compile(
    _WHO + r"\s+(?:who|that)\s+(?P<moment>starts|begins|ends)\s+(?:their|its|his|her|a)\s+turn\s+"
    r"(?:in|within|inside)\s+" + _PLACE + r"(?P<rest>[^.;]*)",
    re.IGNORECASE,
)
_ENTER = re.compile(
    _WHO + r"\s+(?:who|that)\s+enters\s+" + _PLACE + r"(?:\s+for\s+the\s+first\s+time\s+in\s+a\s+"
    r"(?:combat\s+)?round)?(?:\s+or\s+(?P<moment>starts|begins|ends)\s+"
    r"(?:their|its)\s+turn\s+(?:there|in\s+it|in\s+" + _PLACE + r"))?(?P<rest>[^.;]*)",
    re.IGNORECASE,
)
_DURATIONS: tuple[tuple[str, int, re.Pattern[str]], ...] = tuple(
    (kind, skip, re.compile(pattern, re.IGNORECASE))
    for kind, skip, pattern in (
        ("start_of_turn", 0, r"until the start of (?:your|its|their|the [\w' -]+?'s) next turn"),
        ("end_of_turn", 1, r"until the end of (?:your|its|their|the [\w' -]+?'s) next turn"),
        ("end_of_turn", 0, r"until the end of (?:your|its|their|this|the|the [\w' -]+?'s) turn|\(EoT\)"),
        ("end_of_round", 0, r"until the end of (?:the|this) round"),
        ("end_of_encounter", 0, r"until the end of (?:the|this) (?:encounter|combat|battle)|\(EoE\)"),
    )
)
"""Each printed duration, the ends of the maker's turn a "next turn" one lets pass, its words."""
_EQUAL = re.compile(
    r"\b(?:(?P<type>"
    + "|".join(t.value for t in DamageType)
    + r")\s+)?damage\s+equal\s+to\s+(?:your|its|their|the\s+[\w' -]+?'s)\s+"
    r"(?P<score>might|agility|reason|intuition|presence)(?:\s+score)?",
    re.IGNORECASE,
)
"""Damage "equal to your Reason score": the score alone (R-ABIL-2)."""
_ABOUT = re.compile(r"\b(?:wall|aura|lasts|remains|persists|area)\b", re.IGNORECASE)
_PASSABLE = re.compile(
    r"\b(?:enters?|entering|pass(?:es)?\s+through|moves?\s+through|(?:starts?|ends?)\s+(?:their|its)\s+"
    r"turn\s+(?:in|within))\b",
    re.IGNORECASE,
)
_CONCEALING = re.compile(r"\b(?:fog|mist|smoke|darkness|shadows?)\b", re.IGNORECASE)
_MATERIALS = (
    (re.compile(r"\b(?:wood|wooden|thorns?|vines?|brambles?|trees?|roots?)\b", re.IGNORECASE), Material.WOOD),
    (re.compile(r"\b(?:metal|iron|steel|bronze)\b", re.IGNORECASE), Material.METAL),
    (re.compile(r"\b(?:glass|crystal)\b", re.IGNORECASE), Material.GLASS),
)
_CONDITION_DURATIONS = {
    "end of turn": Duration.EOT,
    "save ends": Duration.SAVE_ENDS,
    "end of encounter": Duration.END_OF_ENCOUNTER,
    "": Duration.UNTIL_REMOVED,
}
"""A printed condition's duration as kept, as the use of the ability reads it (R-ABIL-5)."""


# --- reading the words ------------------------------------------------------------------------------
def _words(ability: Ability) -> str:
    return " ".join(w.strip() for w in (ability.effect_before, ability.effect_after) if w.strip())


def _who(word: str) -> str:
    word = " ".join(word.lower().split())
    return {"foe": "enemy", "other creature": "creature"}.get(word, word)


def _effects(rest: str) -> tuple[AbilityEffect, ...]:
    """The effects of the words after "... in the aura": "takes 2 fire damage and is slowed (EoT)"."""
    words = re.sub(r"^[\s,]*(?:(?:they|it|that creature)\s+)?", "", rest)
    words = re.sub(r"^(?:takes?|is|are|becomes?|gains?)\s+", "", words, flags=re.IGNORECASE)
    words = re.sub(r"\s+and\s+(?:is|are|takes?|becomes?)\s+", "; ", words, flags=re.IGNORECASE)
    words = _EQUAL.sub(lambda m: f"0 + {m['score'][0].upper()} {m['type'] or ''}".rstrip() + " damage", words)
    words = re.sub(r"^regains\b", "the target regains", words.strip(), flags=re.IGNORECASE)
    return parse_effects(words)


def timed_effects(ability: Ability) -> tuple[TimedEffect, ...]:
    """The timed effects an ability's words print (R-AREA-12): "each enemy who starts their turn
    in the aura takes 2 fire damage", "... ends its turn in the wall ...", "... enters the wall or
    starts their turn there ..." (its start of turn); and on entering (R-AREA-10): "each enemy who
    enters the aura takes 3 cold damage"."""
    words = _words(ability)
    found: list[TimedEffect] = []
    for m in (*_TIMED.finditer(words), *_ENTER.finditer(words)):
        if m["moment"] is None:
            if "first time" in m[0].lower():
                continue  # once a round: left to the table
            when = "enter"  # "each enemy who enters the aura takes 3 cold damage" (R-AREA-10)
        else:
            when = "end_of_turn" if m["moment"].lower() == "ends" else "start_of_turn"
        effects = _effects(m["rest"])
        if effects:
            found.append(TimedEffect(when, _who(m["who"]), effects, " ".join(m[0].split())))
    return tuple(found)


def area_duration(ability: Ability) -> tuple[str, int] | None:
    """The printed duration of a wall or aura (R-AREA-8): its kind and the ends of its maker's turn
    a "next turn" lets pass if made on the maker's turn; None: none printed. Only sentences about
    the area count, never the words of a timed effect ("is slowed (EoT)")."""
    for sentence in re.split(r"(?<=[.;])\s+", _words(ability)):
        if not _ABOUT.search(sentence):
            continue
        own = _ENTER.sub(" ", _TIMED.sub(" ", sentence))
        for kind, skip, pattern in _DURATIONS:
            if pattern.search(own):
                return kind, skip
    return None


def _enter_damage(ability: Ability, maker: Creature) -> tuple[int, str | None] | None:
    """Plain damage to each creature that enters the wall: (amount, type) (R-AREA-10)."""
    for m in _ENTER.finditer(_words(ability)):
        effects = _effects(m["rest"])
        if _who(m["who"]) != "creature" or len(effects) != 1:
            continue
        hit = effects[0]
        if isinstance(hit, Damage) and hit.potency is None:
            amount = _amount(maker, hit)
            return (amount, hit.types[0] if hit.types else None) if amount > 0 else None
    return None


def wall_cell(ability: Ability, maker: Creature) -> tuple[Cell, str]:
    """The cell a wall's squares hold while it stands, and its kind: ``"solid"``, ``"damaging"``,
    ``"concealing"`` or ``"open"`` (R-AREA-9, R-AREA-10)."""
    words = _words(ability)
    named = f"{ability.name} {words}"
    hurts = _enter_damage(ability, maker)
    if hurts is not None:
        return Cell(damaging=hurts[0], damage_type=hurts[1]), "damaging"
    if _CONCEALING.search(named):
        return Cell(concealing=True), "concealing"
    if _PASSABLE.search(words):
        return Cell(), "open"
    material = next((m for pattern, m in _MATERIALS if pattern.search(named)), Material.STONE)
    return Cell(material), "solid"


def _amount(maker: Creature, effect: Damage) -> int:
    """The printed number plus the maker's highest named characteristic (R-ABIL-2)."""
    added = max((maker.characteristics.get(c) for c in effect.characteristics), default=0)
    return max(0, effect.amount + added)


# --- raising ------------------------------------------------------------------------------------------
def _lasts(ability: Ability, area: Area | None) -> bool:
    return area is not None and area.shape in ("wall", "aura")


def check_lasting(state: Encounter, user: str, ability: Ability, area: Area | None) -> None:
    """Raise the :class:`~brawl.errors.RulesError` that forbids raising a wall here: each square
    open (not solid), and empty of creatures (living or dead) and objects for a solid wall (R-AREA-9)."""
    if area is None or area.shape != "wall":
        return
    solid = wall_cell(ability, state.creature(user))[0].solid
    bodies = {q for c in state.creatures.values() if c.dead for q in cube(c.pos, c.n)} if solid else set()
    for p in area.squares:
        if state.terrain.is_solid(p):
            raise ActionUnavailableError(
                f"{ability.name} by {user!r}: square {tuple(p)} is solid; a wall stands on open squares",
                rule=("R-AREA-4", "R-AREA-9"),
            )
        if solid and (state.creatures_in(p) or state.objects_in(p) or p in bodies):
            raise ActionUnavailableError(
                f"{ability.name} by {user!r}: square {tuple(p)} is occupied; a solid wall needs it empty",
                rule=("R-AREA-4", "R-AREA-9"),
            )


def _on_turn(state: Encounter, cid: str) -> bool:
    current = getattr(state.turn, "current", None)
    return cid == current or (isinstance(current, tuple) and cid in current)


def raise_lasting(out: Outcome, user: str, ability: Ability, area: Area | None) -> Outcome:
    """After a use of an ability: its wall or aura lasts for its printed duration, kept on its user,
    a wall's squares changed (R-AREA-8..12). An aura that prints neither a duration nor a timed
    effect lasts no longer than its use."""
    state = out.state
    maker = state.creatures.get(user)
    if area is None or not _lasts(ability, area) or maker is None or maker.dead:
        return out
    timed = timed_effects(ability)
    printed = area_duration(ability)
    if printed is None and area.shape == "aura" and not timed:
        return out
    kind, skip = printed if printed is not None else ("end_of_encounter", 0)
    skip = skip if _on_turn(state, user) else 0
    rules = ("R-AREA-8", "R-AREA-11", "R-AREA-12") if area.shape == "aura" else ("R-AREA-8", "R-AREA-9")
    if area.shape == "aura":
        radius = max(ability.distance.value, 1)
        lasting = LastingArea(ability.name, "aura", kind, skip, radius=radius, timed=timed)
        event = AreaRaised(
            creature=user, ability=ability.name, shape="aura", duration=kind, radius=radius, turn_ends=skip,
            rules=rules,
        )  # fmt: skip
        return out.add(event, state=state.with_creature(attrs.evolve(maker, areas=(*maker.areas, lasting))))
    cell, what = wall_cell(ability, maker)
    if what == "damaging":  # the damage on entering is the terrain's (R-AREA-10)
        timed = tuple(t for t in timed if not _is_terrain(t))
    squares = area.squares
    was = tuple(state.terrain.cell(p) for p in squares)
    # a solid wall fills each open square; a passable one marks only plain air (water stays water)
    changed = {
        p: cell
        for p, old in zip(squares, was, strict=True)
        if old != cell and (what == "solid" or (what != "open" and old == AIR))
    }
    if changed:
        state = state.with_terrain(state.terrain.with_cells(changed))
    if what == "damaging":
        rules = (*rules, "R-AREA-10", "DS-MOVE-13")
    elif what == "concealing":
        rules = (*rules, "R-AREA-10", "DS-EDGE-09")
    lasting = LastingArea(ability.name, "wall", kind, skip, squares=squares, was=was, cell=cell, timed=timed)
    event = AreaRaised(
        creature=user,
        ability=ability.name,
        shape="wall",
        duration=kind,
        kind=what,
        squares=squares,
        turn_ends=skip,
        rules=rules,
    )
    return out.add(event, state=state.with_creature(attrs.evolve(maker, areas=(*maker.areas, lasting))))


def _is_terrain(timed: TimedEffect) -> bool:
    """Whether an effect on entering is the plain damage to each creature a damaging wall's squares
    deal as terrain (R-AREA-10)."""
    hits = timed.effects
    return (
        timed.when == "enter"
        and timed.who == "creature"
        and len(hits) == 1
        and isinstance(hits[0], Damage)
        and hits[0].potency is None
    )


# --- where an area is ----------------------------------------------------------------------------------
def aura_cells(state: Encounter, maker: Creature, area: LastingArea) -> frozenset[Pos]:
    """The squares of a lasting aura now: R-AREA-1's and R-AREA-7's around its maker's space where
    it is (R-AREA-11)."""
    return burst_area(state, maker.pos, maker.n, area.radius)


def lasting_cells(state: Encounter, maker: Creature, area: LastingArea) -> frozenset[Pos]:
    """The squares a lasting wall or aura holds now (R-AREA-9, R-AREA-11)."""
    return frozenset(area.squares) if area.shape == "wall" else aura_cells(state, maker, area)


def is_in(state: Encounter, maker: Creature, area: LastingArea, creature: Creature) -> bool:
    """Whether any square of the creature's space is in the lasting area (R-AREA-5, R-AREA-11);
    a maker is never in its own aura (R-AREA-1)."""
    return _covers(state, maker, area, creature.id, creature.pos, creature.n)


def _covers(state: Encounter, maker: Creature, area: LastingArea, cid: str, pos: Pos, n: int) -> bool:
    """:func:`is_in` for the creature ``cid`` of size ``n`` standing at ``pos``."""
    if area.shape == "wall":
        return any(q in area.squares for q in cube(pos, n))
    if cid == maker.id or distance(maker.pos, maker.n, pos, n) > area.radius:
        return False
    own = set(cube(maker.pos, maker.n))
    near = [
        q for q in cube(pos, n) if q not in own and distance(maker.pos, maker.n, q, 1) <= area.radius
    ]  # the creature's squares of the aura's shape: those the aura holds are R-AREA-7's
    return bool(reached(state, near, maker.pos, maker.n))


# --- ending -------------------------------------------------------------------------------------------
def _end(state: Encounter, maker: str, index: int, reason: str, rules: tuple[str, ...]) -> Outcome:
    """End the maker's lasting area at ``index``: a wall's squares it still holds as they were, and
    who stood on them falls."""
    c = state.creature(maker)
    area = c.areas[index]
    back = {
        p: old
        for p, old in zip(area.squares, area.was, strict=True)
        if old != area.cell and state.terrain.in_bounds(p) and state.terrain.cell(p) == area.cell
    }  # a saved wall's square off this map is left alone
    if back:
        state = state.with_terrain(state.terrain.with_cells(back))
    state = state.with_creature(attrs.evolve(c, areas=c.areas[:index] + c.areas[index + 1 :]))
    squares = tuple(p for p in area.squares if p in back)
    event = AreaEnded(
        creature=maker, ability=area.ability, shape=area.shape, reason=reason, squares=squares, rules=rules
    )
    return _falls(Outcome(state, (event,)), [p for p in squares if area.cell.solid])


def _falls(out: Outcome, gone: list[Pos]) -> Outcome:
    """Each creature that stood on a solid square gone falls if nothing else holds it up
    (DS-FALL-01, R-AREA-9)."""
    if not gone:
        return out
    below = set(gone)
    for c in out.state.creature_list():
        if c.dead or not any(Pos(q.x, q.y, q.z - 1) in below for q in cube(c.pos, c.n)):
            continue
        if c.id in out.state.creatures and should_fall(out.state, c.id):
            out = out.then(Fall(c.id, rules=("R-AREA-9",)).resolve)
    return out


def end_areas_where(
    state: Encounter, maker: str, ends: Callable[[LastingArea], bool], reason: str, rules: tuple[str, ...]
) -> Outcome:
    """End every lasting area of ``maker`` for which ``ends`` holds, last first, each with its event
    (R-AREA-8)."""
    out = Outcome(state, ())
    c = state.creature(maker)
    found = [i for i, a in enumerate(c.areas) if ends(a)]
    ended: list[Event] = []
    for i in reversed(found):
        step = _end(out.state, maker, i, reason, rules)
        out = Outcome(step.state, out.events)
        ended = [*step.events, *ended]
    return Outcome(out.state, (*out.events, *ended))


def _ends_with_maker(area: LastingArea) -> bool:
    """Whether a dead maker's area ends: an aura, or one lasting to a turn it no longer takes
    (R-AREA-11)."""
    return area.shape == "aura" or area.duration in ("start_of_turn", "end_of_turn")


_areas = attrgetter("areas")


def _makers(state: Encounter) -> list[Creature]:
    """The creatures with lasting areas, in the encounter's order; none asked one by one when no
    creature has one (the common case)."""
    creatures = state.creatures
    if not any(map(_areas, creatures.values())):
        return []
    return [c for cid in state.order if (c := creatures[cid]).areas]


# --- the turn hooks -----------------------------------------------------------------------------------
def areas_at_start(state: Encounter, creature: str) -> Outcome:
    """At the start of ``creature``'s turn: its areas lasting "until the start of its next turn" end;
    a dead maker's auras, and its areas lasting to a turn of its own, end (R-AREA-8, R-AREA-11);
    then the start-of-turn effects of every area it is in land on it (R-AREA-12)."""
    makers = _makers(state)
    if not makers:
        return Outcome(state, ())
    out = Outcome(state, ())
    if state.creature(creature).areas:
        out = out.then(
            end_areas_where, creature, lambda a: a.duration == "start_of_turn", "start of its maker's turn",
            ("R-AREA-8",),
        )  # fmt: skip
    for m in makers:
        if m.dead and any(_ends_with_maker(a) for a in m.areas):
            out = out.then(end_areas_where, m.id, _ends_with_maker, "its maker is dead", ("R-AREA-11",))
    return _timed(out, creature, "start_of_turn")


def areas_at_end(state: Encounter, creature: str) -> Outcome:
    """At the end of ``creature``'s turn, after its own effects ended and its saves: the
    end-of-turn effects of every area it is in land on it (R-AREA-12); then its areas lasting to
    the end of its turn end, those lasting to the end of its next turn wait one more (RB2-EOT,
    R-AREA-8)."""
    if not _makers(state):
        return Outcome(state, ())
    out = _timed(Outcome(state, ()), creature, "end_of_turn")
    c = out.state.creatures.get(creature)
    if c is None or not c.areas:
        return out
    out = out.then(
        end_areas_where, creature, lambda a: a.duration == "end_of_turn" and a.turn_ends == 0,
        "end of its maker's turn", ("R-AREA-8", "RB2-EOT"),
    )  # fmt: skip
    c = out.state.creature(creature)
    if any(a.turn_ends for a in c.areas):
        waited = tuple(attrs.evolve(a, turn_ends=0) if a.duration == "end_of_turn" else a for a in c.areas)
        out = Outcome(out.state.with_creature(attrs.evolve(c, areas=waited)), out.events)
    return out


def areas_at_round_end(state: Encounter) -> Outcome:
    """At the end of the round, areas lasting to it end (R-AREA-8)."""
    out = Outcome(state, ())
    for m in _makers(state):
        if any(a.duration == "end_of_round" for a in m.areas):
            out = out.then(
                end_areas_where,
                m.id,
                lambda a: a.duration == "end_of_round",
                "end of the round",
                ("R-AREA-8",),
            )
    return out


def areas_at_encounter_end(state: Encounter) -> Outcome:
    """When the encounter ends, every lasting area ends (RB2-EOE, R-AREA-8)."""
    out = Outcome(state, ())
    for m in _makers(state):
        out = out.then(end_areas_where, m.id, lambda a: True, "end of the encounter", ("R-AREA-8", "RB2-EOE"))
    return out


# --- timed effects ------------------------------------------------------------------------------------
def _timed(out: Outcome, creature: str, when: str) -> Outcome:
    """The ``when`` effects of every lasting area ``creature`` is in, maker by maker in the
    encounter's order, each area in the order it was made (R-AREA-12)."""
    for m in _makers(out.state):
        for area in m.areas:
            for timed in area.timed:
                if timed.when != when:
                    continue
                state = out.state
                maker, c = state.creatures.get(m.id), state.creatures.get(creature)
                if maker is None or c is None or c.dead or maker.dead:
                    continue
                if area not in maker.areas or not _whom(state, maker, c, timed.who):
                    continue
                if not is_in(state, maker, area, c):
                    continue
                out = out.add(
                    AreaReached(
                        creature=creature, maker=maker.id, ability=area.ability, shape=area.shape, when=when,
                        text=timed.text, rules=("R-AREA-12",),
                    )
                )  # fmt: skip
                out = _land(out, maker.id, area.ability, creature, timed.effects)
    return out


# --- entering -----------------------------------------------------------------------------------------
def _steps(e: Event) -> tuple[str, tuple[Pos, ...]]:
    """The mover of a movement event and the positions it stood on, the first the one it left."""
    if isinstance(e, Moved):
        return e.creature, (e.start, *e.path)
    if isinstance(e, ForceMoved):
        return e.target, (e.start, *e.path)
    if isinstance(e, Teleported):
        return e.creature, (e.start, e.end)
    assert isinstance(e, Jumped)  # the movement events the settle pass hands over
    return e.creature, (e.start, e.landing)


MOVEMENT_EVENTS: tuple[type[Event], ...] = (Moved, ForceMoved, Teleported, Jumped)
"""The events of a creature moving, by which it may enter a wall or an aura (R-AREA-10)."""


def areas_entered(out: Outcome, moves: Sequence[Event]) -> Outcome:
    """The effects on entering of each lasting wall and aura a creature entered by ``moves``, the
    movement events of ``out`` in order (R-AREA-10, R-AREA-11): "each enemy who enters the aura
    takes 3 cold damage" lands on each such creature, once for each move that took it from outside
    the area to inside, the area where it is now. An entry already landed in ``out`` (an
    ``AreaReached`` on entering, from a rule settled before) is not landed again."""
    watched = [
        (m.id, area)
        for m in _makers(out.state)
        for area in m.areas
        if any(t.when == "enter" for t in area.timed)
    ]
    if not watched:
        return out
    landed: dict[tuple[str, str, str], int] = {}
    for e in out.events:
        if isinstance(e, AreaReached) and e.when == "enter":
            key = (e.creature, e.maker, e.ability)
            landed[key] = landed.get(key, 0) + 1
    for e in moves:
        who, steps = _steps(e)
        for maker_id, area in watched:
            state = out.state
            maker, c = state.creatures.get(maker_id), state.creatures.get(who)
            if maker is None or c is None or c.dead or maker.dead or area not in maker.areas:
                continue
            ins = [_covers(state, maker, area, who, p, c.n) for p in steps]
            if not any(now and not before for before, now in pairwise(ins)):
                continue
            key = (who, maker_id, area.ability)
            if landed.get(key, 0):
                landed[key] -= 1  # landed by a rule settled before
                continue
            for timed in area.timed:
                if timed.when != "enter" or not _whom(state, maker, c, timed.who):
                    continue
                out = out.add(
                    AreaReached(
                        creature=who, maker=maker_id, ability=area.ability, shape=area.shape, when="enter",
                        text=timed.text, rules=("R-AREA-10",),
                    )
                )  # fmt: skip
                out = _land(out, maker_id, area.ability, who, timed.effects)
    return out


def _whom(state: Encounter, maker: Creature, c: Creature, who: str) -> bool:
    if who == "creature":
        return True
    enemies = state.are_enemies(maker.id, c.id)
    return enemies if who == "enemy" else not enemies and c.id != maker.id


def _land(out: Outcome, maker: str, ability: str, target: str, effects: Iterable[AbilityEffect]) -> Outcome:
    """Each effect on the target through the rule that owns it, its potency checked first
    (RB2-POTENCY, R-ABIL-2, R-ABIL-5, R-ABIL-16, R-AREA-12); the rest goes to the table (R-ABIL-4)."""
    for effect in effects:
        state = out.state
        user, c = state.creatures.get(maker), state.creatures.get(target)
        if user is None or c is None or c.dead:
            break
        if effect.potency is not None:
            check = check_potency(effect.potency, user, c, effect=effect.printed())
            out = out.add(check)
            if not check.applies:
                continue
        try:
            out = _one(out, user, ability, target, effect)
        except RulesError as exc:
            out = out.add(
                Note(text=f"{effect.printed()} on {target}: not possible ({exc})", rules=("R-AREA-12",))
            )
    return out


def _one(out: Outcome, user: Creature, ability: str, target: str, effect: AbilityEffect) -> Outcome:
    rules = ("R-AREA-12",)
    if isinstance(effect, Damage):
        kind = effect.types[0] if effect.types else None
        return out.then(
            deal_damage, target, _amount(user, effect), kind, source=user.id, rules=(*rules, "R-ABIL-2")
        )
    if isinstance(effect, ApplyCondition):
        return out.then(
            impose_condition, target, effect.condition, _CONDITION_DURATIONS[effect.duration], source=user.id,
            can_stand=effect.can_stand, rules=(*rules, "R-ABIL-5"),
        )  # fmt: skip
    if isinstance(effect, NamedEffect) and not effect.name.lower().startswith(("the ", "target")):
        return out.then(
            add_named_condition, target, effect.name, _CONDITION_DURATIONS[effect.duration], source=user.id,
            rules=(*rules, "R-ABIL-16"),
        )  # fmt: skip
    if isinstance(effect, Healing):
        who = target if effect.who == "target" else user.id
        return out.then(regained, who, effect.amount, reason=ability, rules=(*rules, "R-ABIL-14"))
    words = effect.text if isinstance(effect, TextEffect) else effect.printed()
    return out.add(
        EffectForTable(user=user.id, ability=ability, text=words, target=target, rules=("R-ABIL-4", *rules))
    )


__all__ = [
    "MOVEMENT_EVENTS",
    "area_duration",
    "areas_at_encounter_end",
    "areas_at_end",
    "areas_at_round_end",
    "areas_at_start",
    "areas_entered",
    "aura_cells",
    "check_lasting",
    "end_areas_where",
    "is_in",
    "lasting_cells",
    "raise_lasting",
    "timed_effects",
    "wall_cell",
]
