"""Edges and banes that the state implies: conditions, squeezing, water, high ground (RB1, RB3-EDGES).

:func:`edges_and_banes` names every reason with its rule ID so a caller can show why a roll has
an edge or a bane; :class:`EdgesAndBanes` counts them up to two each (RB3-EDGES) and gives the
net effect, ready for :func:`brawl.dice.power_roll`. Cover comes from the map
(:mod:`brawl.rules.cover`); flanking, Aid Attack and Defend belong to the actions rules: pass
them in ``extra``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

import attrs

from brawl.abilities.model import ROLL_SCOPES, SCOPE_WORDS
from brawl.conditions import ConditionName
from brawl.creature import Creature, MapObject, MovementType
from brawl.dice import MAX_EDGES
from brawl.errors import ActionUnavailableError, ArgumentTypeError, InvalidArgumentError
from brawl.rules.burrowing import denies_high_ground
from brawl.rules.concealment import concealment_rules
from brawl.rules.cover import creature_cover, line_of_effect, line_of_effect_to
from brawl.rules.squads import strike_edge
from brawl.state import Encounter
from brawl.terrain import Terrain

EDGE = 1  # RB3-EDGES: an edge counts once
DOUBLE = 2  # RB3-EDGES: a double edge or double bane counts twice
KINDS = ("ability", "test")
"""What is rolled: an ability roll or a test (RB3-EDGES)."""
PHYSICAL = frozenset({"might", "agility", "m", "a"})
"""Characteristics whose tests a restrained creature makes with a bane (RB1-RESTRAINED)."""

has_line_of_effect = line_of_effect_to
"""Line of effect between two creatures by id: :func:`brawl.rules.cover.line_of_effect_to`, its one home."""
line_of_effect_between = line_of_effect
"""Line of effect between two creatures of the encounter: :func:`brawl.rules.cover.line_of_effect`."""


@attrs.frozen
class Reason:
    """One edge or bane and why (``edge`` counts 1 or 2 for a double edge; likewise ``bane``)."""

    edges: int
    banes: int
    why: str
    rules: tuple[str, ...]

    def explain(self) -> str:
        """ "double bane: kira is taunted by ogre (RB1-TAUNTED)"."""
        name = {(1, 0): "edge", (2, 0): "double edge", (0, 1): "bane", (0, 2): "double bane"}.get(
            (self.edges, self.banes), f"{self.edges} edge(s), {self.banes} bane(s)"
        )
        return f"{name}: {self.why} ({', '.join(self.rules)})"


def reasons(value: Iterable[Reason]) -> tuple[Reason, ...]:
    """An ``extra`` field's converter: edge and bane reasons (:func:`edge`, :func:`bane`) as a tuple."""
    given: object = value  # a caller may pass anything
    if type(given) is tuple and not given:
        return ()  # the default: none
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise ArgumentTypeError(
            f"extra {value!r}: a list of edge or bane reasons is needed, not {type(value).__name__}",
            rule="RB3-EDGES",
        )
    items = tuple(value)
    for r in items:
        if not isinstance(r, Reason):
            raise ArgumentTypeError(f"extra {value!r}: {r!r} is not an edge or bane reason", rule="RB3-EDGES")
    return items


def edge(why: str, *rules: str, double: bool = False) -> Reason:
    """An edge (or double edge) for a caller's own reason: flanking, Aid Attack, ..."""
    return Reason(DOUBLE if double else EDGE, 0, why, rules)


def bane(why: str, *rules: str, double: bool = False) -> Reason:
    """A bane (or double bane) for a caller's own reason: cover, concealment, Defend, ..."""
    return Reason(0, DOUBLE if double else EDGE, why, rules)


def concealment(target: str, *, hidden: bool, strike: bool = True) -> Reason | None:
    """What a target's concealment does to a roll: a strike takes a bane (DS-EDGE-09), but a
    hidden target can't be targeted by a strike at all (DS-COND-14). Feed the result to ``extra``
    only for concealment the state does not show: darkness, fog and invisibility in the state are
    found by :func:`edges_and_banes` itself (R-CONCEAL-1).
    """
    if strike and hidden:
        raise ActionUnavailableError(
            f"strike against {target!r}: it has concealment and is hidden", rule="DS-COND-14"
        )
    return bane(f"{target} has concealment", "DS-EDGE-09") if strike else None


@attrs.frozen
class EdgesAndBanes:
    """Every reason found and the net effect (RB3-EDGES)."""

    reasons: tuple[Reason, ...] = ()

    @property
    def edges(self) -> int:
        """Edges counted, up to two."""
        return min(MAX_EDGES, sum(r.edges for r in self.reasons))

    @property
    def banes(self) -> int:
        """Banes counted, up to two."""
        return min(MAX_EDGES, sum(r.banes for r in self.reasons))

    @property
    def net(self) -> int:
        """Edges minus banes: 2 double edge, 1 edge, 0 nothing, -1 bane, -2 double bane."""
        return self.edges - self.banes

    @property
    def verdict(self) -> str:
        """ "double edge", "edge", "nothing", "bane" or "double bane"."""
        return {2: "double edge", 1: "edge", 0: "nothing", -1: "bane", -2: "double bane"}[self.net]

    def explain(self) -> str:
        """The reasons, one per line, then the net effect."""
        lines = [r.explain() for r in self.reasons]
        lines.append(f"net: {self.verdict} ({self.edges} edge(s), {self.banes} bane(s); RB3-EDGES)")
        return "\n".join(lines)


def has_high_ground(state: Encounter, roller: str, target: str, *, climbing: bool = False) -> bool:
    """High ground: the roller stands on something (or climbs with climb in its speed), and the
    bottom of its space is at or above the top of the target's space (DS-EDGE-01..03).

    Ruling R-EDGE-1 (AMB-43): standing means supported by ground or an object below. There is no
    high ground against a creature completely beneath the ground while burrowing (DS-EDGE-04).
    """
    r = state.creature(roller)
    t: Creature | MapObject = state.objects[target] if target in state.objects else state.creature(target)
    if r.pos.z < t.pos.z + t.n:
        return False  # the bottom of its space is below the top of the target's: nothing else matters
    if denies_high_ground(state, target):
        return False
    if climbing:
        if not r.has_movement(MovementType.CLIMB):
            return False
    elif not state.is_supported(r.pos, r.n):
        return False
    return True


def _lowered(words: Iterable[str]) -> frozenset[str]:
    return frozenset(str(k).lower() for k in words)


_lowered_set = lru_cache(maxsize=256)(_lowered)
"""The keywords of a frozenset or a tuple, lowered once: abilities and strikes pass the same ones again."""


def _names(c: Creature) -> frozenset[ConditionName]:
    """The conditions on a creature, each once (RB1-STACKING)."""
    return frozenset(x.name for x in c.conditions) if c.conditions else _NO_CONDITIONS


_NO_CONDITIONS: frozenset[ConditionName] = frozenset()


def lowered_keywords(words: Iterable[str]) -> frozenset[str]:
    """An ability's keywords in lower case; anything but an iterable of words is refused (RB3-EDGES)."""
    if isinstance(words, frozenset | tuple):  # the sets and tuples abilities and strikes pass again and again
        try:
            return _lowered_set(words)
        except TypeError:  # a word that can't be hashed: lowered one by one below
            pass
    try:
        return _lowered(words)
    except TypeError:
        raise ArgumentTypeError(
            f"ability keywords {words!r}: an iterable of words", rule="RB3-EDGES"
        ) from None


def edges_and_banes(
    state: Encounter,
    roller: str,
    target: str | None = None,
    ability_keywords: Iterable[str] = frozenset(),
    *,
    kind: str = "ability",
    characteristic: str | None = None,
    climbing: bool = False,
    extra: Sequence[Reason] = (),
    deals_damage: bool | None = None,
) -> EdgesAndBanes:
    """Collect the edges and banes the state implies for a roll by ``roller`` against ``target``.

    ``kind`` is ``"ability"`` (an ability roll) or ``"test"``; ``ability_keywords`` such as
    ``{"melee", "strike", "weapon"}``; ``characteristic`` the test's characteristic (restrained
    gives a bane on Might and Agility tests); ``climbing`` whether the roller is climbing (for
    high ground); ``extra`` reasons the caller found (flanking, cover, Defend, ...);
    ``deals_damage`` whether the ability deals damage, for the cover bane (default: when it is a
    strike). Each condition counts once, however many sources impose it (RB1-STACKING).

    Found here too: the concealment bane on strikes (DS-EDGE-09, DS-EDGE-10, R-CONCEAL-1:
    :mod:`brawl.rules.concealment`); cover, a burrower's (DS-MTYPE-06, DS-MTYPE-08) or from walls and objects
    (DS-EDGE-08, R-COVER-1: :mod:`brawl.rules.cover`), the edge of a
    creature hidden from its target (RB3-HIDE), the edge of melee abilities against the creature
    one climbs or rides (DS-MOUNT-10). Whether a hidden creature may be targeted at all is
    :func:`brawl.rules.stealth.check_target` (DS-COND-14).
    """
    if kind not in KINDS:
        raise InvalidArgumentError(f"roll kind {kind!r}: 'ability' or 'test'", rule="RB3-EDGES")
    keywords = lowered_keywords(ability_keywords)
    if not all(isinstance(r, Reason) for r in extra):
        raise ArgumentTypeError(f"extra reasons {extra!r}: each must be a Reason", rule="RB3-EDGES")
    r = state.creature(roller)
    t: Creature | None = None
    if target is not None:
        if target not in state.objects:
            t = state.creature(target)
        elif kind != "ability":
            raise InvalidArgumentError(
                f"test against object {target!r}: tests have no target", rule="RB3-EDGES"
            )
    if deals_damage is not None and not isinstance(deals_damage, bool):
        raise ArgumentTypeError(f"deals_damage {deals_damage!r}: True, False or None", rule="DS-EDGE-08")
    found = state_reasons(
        state, r, target, t, keywords, kind == "ability", characteristic, climbing, deals_damage
    )
    found.extend(extra)
    return EdgesAndBanes(tuple(found))


def counted(found: Iterable[Reason]) -> tuple[int, int]:
    """The edges and the banes the reasons give, each counted up to two (RB3-EDGES): what
    :attr:`EdgesAndBanes.edges` and :attr:`EdgesAndBanes.banes` say of them."""
    edges = banes = 0
    for r in found:
        edges += r.edges
        banes += r.banes
    return min(MAX_EDGES, edges), min(MAX_EDGES, banes)


def _terrain_facts(terrain: Terrain) -> tuple[bool, bool]:
    """Whether the map holds any liquid cell and any darkness or fog, from its kinds of cell (the
    defaults, ground and air, are neither); kept for the last maps asked about (they never change)."""
    found = _FACTS.get(id(terrain))
    if found is not None and found[0] is terrain:
        return found[1]
    kinds = terrain.cell_kinds()
    facts = any(k.liquid for k in kinds), any(k.concealing for k in kinds)
    if len(_FACTS) >= _MAX_FACTS:
        _FACTS.clear()
    _FACTS[id(terrain)] = (terrain, facts)
    return facts


_FACTS: dict[int, tuple[Terrain, tuple[bool, bool]]] = {}
_MAX_FACTS = 64


_KEPT = re.compile(
    r"(?:gaining|taking) an? (?P<double>double )?(?P<kind>edge|bane) on (?P<on>"
    + "|".join(re.escape(SCOPE_WORDS[s].replace("their ", "its ")) for s in ROLL_SCOPES)
    + ")"
)
"""The name a lasting edge or bane is kept by on its creature (R-ABIL-17): ``taking a bane on its
next strike``, ``gaining a double edge on power rolls``."""

_FALLS_ON = {
    "strike": ("its next power roll", "power rolls", "its next strike", "strikes"),
    "power roll": ("its next power roll", "power rolls"),
    "escape grab": ("the Escape Grab maneuver",),
}
"""The scopes of lasting edges and banes each kind of roll counts (R-ABIL-17): a strike is a
power roll; a test or an ability roll that is no strike, a power roll only; the Escape Grab
maneuver, besides being a power roll, its own."""


def lasting_reasons(r: Creature, roll: str) -> list[tuple[str, Reason]]:
    """``r``'s lasting edges and banes that fall on a roll of kind ``roll`` (``"strike"``, ``"power
    roll"`` or ``"escape grab"``), each with the name it is kept by (R-ABIL-17)."""
    found: list[tuple[str, Reason]] = []
    scopes = _FALLS_ON[roll]
    for x in r.named_conditions:
        m = _KEPT.fullmatch(x.name)
        if m is None or m["on"] not in scopes:
            continue
        make = edge if m["kind"] == "edge" else bane
        found.append((x.name, make(f"{r.id} is {x.name}", "R-ABIL-17", double=bool(m["double"]))))
    return found


def is_used_by(name: str, strike: bool) -> bool:
    """Whether the lasting edge or bane kept as ``name`` ends with a power roll (a strike if
    ``strike``): one on the creature's next power roll, or next strike (R-ABIL-17)."""
    m = _KEPT.fullmatch(name)
    return m is not None and (m["on"] == "its next power roll" or (strike and m["on"] == "its next strike"))


def state_reasons(
    state: Encounter,
    r: Creature,
    target: str | None,
    t: Creature | None,
    keywords: frozenset[str],
    ability: bool,
    characteristic: str | None = None,
    climbing: bool = False,
    deals_damage: bool | None = None,
) -> list[Reason]:
    """The reasons :func:`edges_and_banes` finds in the state, in its order, for arguments already
    checked: the roller ``r``, the target's id and its creature (None for an object or no target),
    the keywords lowered, an ability roll or a test."""
    found: list[Reason] = []
    roller = r.id
    held = _names(r) if r.conditions else _NO_CONDITIONS
    # the roller's own state
    if held:
        if ConditionName.WEAKENED in held:
            found.append(bane(f"{roller} is weakened", "RB1-WEAKENED"))
        if ConditionName.RESTRAINED in held and (ability or (characteristic or "").lower() in PHYSICAL):
            found.append(bane(f"{roller} is restrained", "RB1-RESTRAINED"))
        if ability and "strike" in keywords and ConditionName.PRONE in held:
            found.append(bane(f"{roller} is prone and makes a strike", "RB1-PRONE"))
    if r.named_conditions:  # lasting edges and banes from abilities (R-ABIL-17)
        roll = "strike" if ability and "strike" in keywords else "power roll"
        found.extend(reason for _, reason in lasting_reasons(r, roll))
    if r.squeezed:
        found.append(bane(f"{roller} is squeezed into another creature's space", "DS-MOVE-06"))
    if r.with_captain is not None and ability and "strike" in keywords and strike_edge(state, r):
        found.append(edge(f"{roller}'s squad has its captain", "RB-CAPT-05"))
    terrain = state.terrain
    facts = _FACTS.get(id(terrain))  # _terrain_facts, read from its memo when it holds this map
    liquid, concealing = facts[1] if facts is not None and facts[0] is terrain else _terrain_facts(terrain)
    if liquid and terrain.is_submerged(r.pos, r.n) and not r.has_movement(MovementType.SWIM):
        found.append(bane(f"{roller} is fully submerged and can't swim at full speed", "DS-ENV-02"))
    if ability and held:
        if ConditionName.FRIGHTENED in held:
            cond = r.conditions_named(ConditionName.FRIGHTENED)[0]
            if target is not None and cond.source == target:
                found.append(bane(f"{roller} is frightened of {target}", "RB1-FRIGHTENED"))
        if ConditionName.TAUNTED in held:
            taunter = r.conditions_named(ConditionName.TAUNTED)[0].source
            if (
                taunter is not None
                and target != taunter
                and taunter in state.creatures
                and not state.creatures[taunter].dead
                and has_line_of_effect(state, roller, taunter)
            ):
                found.append(
                    bane(
                        f"{roller} is taunted by {taunter} and doesn't target it", "RB1-TAUNTED", double=True
                    )
                )
        if ConditionName.GRABBED in held:
            grabber = r.conditions_named(ConditionName.GRABBED)[0].source
            if target != grabber:
                found.append(bane(f"{roller} is grabbed and doesn't target its grabber", "RB1-GRABBED"))
    # the target's state
    if ability and t is not None:
        if t.conditions:
            on_target = _names(t)
            if ConditionName.PRONE in on_target and "melee" in keywords:
                found.append(edge(f"{t.id} is prone and the ability is melee", "RB1-PRONE"))
            if ConditionName.RESTRAINED in on_target:
                found.append(edge(f"{t.id} is restrained", "RB1-RESTRAINED"))
            if ConditionName.FRIGHTENED in on_target and any(
                x.source == roller for x in t.conditions_named(ConditionName.FRIGHTENED)
            ):
                found.append(edge(f"{t.id} is frightened of {roller}", "RB1-FRIGHTENED"))
            if ConditionName.SURPRISED in on_target:
                found.append(edge(f"{t.id} is surprised", "DS-COND-03"))
            if ConditionName.UNCONSCIOUS in on_target:
                found.append(edge(f"{t.id} is unconscious", "DS-COND-06", double=True))

        striking = "strike" in keywords
        damaging = striking if deals_damage is None else deals_damage
        cover = creature_cover(state, t, r) if damaging else None
        if cover is not None:
            how = "burrows and has" if cover[0].startswith("DS-MTYPE") else "has"
            found.append(bane(f"{t.id} {how} cover from {roller}", *cover))
        # concealment: an invisible target, or darkness or fog somewhere on the map (R-CONCEAL-1)
        concealed = (
            concealment_rules(state, t.id, roller) if striking and (t.invisible or concealing) else None
        )
        if concealed is not None:
            how = "is invisible" if "DS-EDGE-10" in concealed else "is in darkness or fog"
            found.append(bane(f"{t.id} {how} and has concealment from {roller}", *concealed))
        if r.hidden_from and t.id in r.hidden_from:
            found.append(edge(f"{roller} is hidden from {t.id}", "RB3-HIDE"))
        if r.riding == t.id and "melee" in keywords:
            found.append(edge(f"{roller} climbs or rides {t.id} and the ability is melee", "DS-MOUNT-10"))
    if ability and target is not None:
        other: Creature | MapObject = t if t is not None else state.objects[target]
        # below the top of the target's space there is no high ground: nothing else to ask
        if r.pos.z >= other.pos.z + other.n and has_high_ground(state, roller, target, climbing=climbing):
            rules = ("DS-EDGE-01", "DS-EDGE-02", "DS-EDGE-03") if climbing else ("DS-EDGE-01", "DS-EDGE-02")
            found.append(edge(f"{roller} has high ground over {target}", *rules))
    return found


# -- flanking's geometry (DS-EDGE-05..07) ---------------------------------------------------------


def crosses_opposite_sides(a: Creature, b: Creature, e: Creature) -> bool:
    """Whether the line between the centres of a and b crosses opposite sides or corners of e."""
    ex, ey = e.pos.x, e.pos.y
    an, bn, en = a.size.squares, b.size.squares, e.size.squares
    return crossing((an, en, a.pos.x - ex, a.pos.y - ey, bn, b.pos.x - ex, b.pos.y - ey))


_Spaces = tuple[int, int, int, int, int, int, int]
"""The sizes of a and e, a's corner from e's, b's size, its corner from e's (:data:`CROSSES`'s key)."""
CROSSES: dict[_Spaces, bool] = {}
""":func:`crossing` by its key: the geometry repeats from strike to strike."""
_MAX_CROSSES = 4096


def crossing(key: _Spaces) -> bool:
    """:func:`crosses_opposite_sides` of spaces given from e's corner, kept in :data:`CROSSES`:
    the answer depends only on the sizes and on where a and b stand from e."""
    found = CROSSES.get(key)
    if found is None:
        if len(CROSSES) >= _MAX_CROSSES:
            CROSSES.clear()
        found = CROSSES[key] = _crosses(*key)
    return found


def _crosses(an: int, en: int, ax0: int, ay0: int, bn: int, bx0: int, by0: int) -> bool:
    """Whether the line between the centres of a and b crosses opposite sides or corners of e,
    e's space from (0, 0) to (en, en), a's and b's corners at (ax0, ay0) and (bx0, by0)."""
    ax, ay = ax0 + an / 2, ay0 + an / 2
    bx, by = bx0 + bn / 2, by0 + bn / 2
    x0, y0, x1, y1 = 0.0, 0.0, float(en), float(en)
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            if t > t0:
                t0 = t
        elif t < t1:
            t1 = t
    if t0 >= t1:
        return False
    in_x, in_y = ax + dx * t0, ay + dy * t0  # where the line enters the box
    out_x, out_y = ax + dx * t1, ay + dy * t1  # and leaves it
    mid_x, mid_y = (in_x + out_x) / 2, (in_y + out_y) / 2
    if not (x0 < mid_x < x1 and y0 < mid_y < y1):
        return False  # the line only runs along an edge
    eps = 1e-9
    return (
        (abs(in_x - x0) < eps and abs(out_x - x1) < eps)  # west, then east
        or (abs(in_x - x1) < eps and abs(out_x - x0) < eps)  # east, then west
        or (abs(in_y - y0) < eps and abs(out_y - y1) < eps)  # north, then south
        or (abs(in_y - y1) < eps and abs(out_y - y0) < eps)  # south, then north
    )
