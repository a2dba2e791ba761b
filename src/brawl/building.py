"""Building encounters: the party's encounter strength, the foes' encounter value, the difficulty.

Draw Steel prices a fight with two numbers. The heroes' **encounter strength** (ES) is
4 + 2 × level per hero, and every 2 Victories the heroes hold on average add one more hero's
worth (RB-EV-05..07). Each Director creature's stat block prints its **encounter value** (EV);
a minion's EV buys four of them (RB-EV-03, RB-EV-04). The foes' total EV against the party's ES
gives the **difficulty band** (RB-EV-08) and the Victories the fight is worth (RB-EV-02)::

    >>> from brawl.building import Party, difficulty
    >>> party = Party(levels=(1, 1, 1, 1))
    >>> party.strength, party.hero_strength
    (24, 6)
    >>> difficulty(party, 30).band
    'standard'

The guidelines of the text that are advice rather than mechanics (creature levels, how many
creatures per hero, initiative groups, the star of the show) are :func:`guidelines`: warnings
for the Director, never refusals.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from brawl.abilities.model import Ability, Distance, Target
from brawl.checks import whole_number
from brawl.creature import MAX_LEVEL
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.rules.solos import SOLO_ACTION, SOLO_ACTION_COST
from brawl.statblocks.model import StatBlock, Trait
from brawl.state import Encounter

HERO_BASE_STRENGTH = 4
"""A hero's encounter strength before its level: 4 + 2 × level (RB-EV-05)."""
STRENGTH_PER_LEVEL = 2
"""What each level adds to a hero's encounter strength (RB-EV-05)."""
VICTORIES_PER_EXTRA_HERO = 2
"""Average Victories per hero that add one more hero's encounter strength (RB-EV-07)."""
BANDS = ("trivial", "easy", "standard", "hard", "extreme")
"""The difficulty bands, easiest first (RB-EV-08)."""
HARD_HEROES = 3
"""A hard encounter's foes are worth at most the party's ES + 3 heroes' ES (RB-EV-08)."""
VICTORIES_OF_BAND = {"trivial": 0, "easy": 1, "standard": 1, "hard": 2, "extreme": 2}
"""The Victories a fight of each band is typically worth to each surviving hero (RB-EV-02); an
extreme fight may be worth more, at the Director's word."""
ORGANIZATION_MODIFIER = {
    "minion": 0.5,
    "horde": 0.5,
    "platoon": 1.0,
    "leader": 2.0,
    "elite": 2.0,
    "solo": 6.0,
}
"""The EV multiplier of each organization; a minion's EV is for four (RB-EV-15)."""
MAX_CREATURES_PER_HERO = 8
"""At most 8 creatures per hero (RB-EV-11)."""
MINION_SHARE_ABOVE = 3
"""With more than 3 creatures per hero, at least half should be minions (RB-EV-11)."""
MAX_STAT_BLOCKS = 6
"""Usually no more than 6 different stat blocks (RB-EV-11)."""
LEVELS_ABOVE = 2
"""A creature is at most 2 levels above the heroes, 3 when they have 6 or more Victories; a solo
at most 1 above their average level (RB-EV-10)."""
MAX_PARTY = 100
"""The most heroes a party may have here."""
MAX_VICTORIES = 1000
"""The most Victories a hero may hold here."""


def hero_strength(level: int) -> int:
    """One hero's encounter strength: 4 + 2 × level (RB-EV-05); level 1 is 6, level 10 is 24."""
    whole_number(level, 1, MAX_LEVEL, what="level", rule="RB-EV-05")
    return HERO_BASE_STRENGTH + STRENGTH_PER_LEVEL * level


def _levels(value: Iterable[int]) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"Party.levels {value!r:.60}: a list of hero levels", rule="RB-EV-05")
    levels = tuple(value)
    if not 1 <= len(levels) <= MAX_PARTY:
        raise InvalidArgumentError(
            f"Party.levels: 1 to {MAX_PARTY} heroes, not {len(levels)}", rule="RB-EV-05"
        )
    for level in levels:
        whole_number(level, 1, MAX_LEVEL, what="Party.levels", rule="RB-EV-05")
    return levels


def _victories(value: int) -> int:
    return whole_number(value, 0, MAX_VICTORIES * MAX_PARTY, what="Party.victories", rule="RB-EV-07")


@attrs.frozen
class Party:
    """The heroes an encounter is built for: their levels (retainers and allied NPCs count as
    heroes of their level, RB-EV-06) and the Victories they hold, all heroes together."""

    levels: tuple[int, ...] = attrs.field(converter=_levels)
    """Each hero's level."""
    victories: int = attrs.field(default=0, converter=_victories)
    """The Victories of all the heroes together (their average is this ÷ the number of heroes)."""

    @property
    def size(self) -> int:
        """The number of heroes."""
        return len(self.levels)

    @property
    def average_victories(self) -> float:
        """The Victories per hero (RB-EV-07, RB-MALICE-01)."""
        return self.victories / len(self.levels)

    @property
    def hero_strength(self) -> int:
        """The encounter strength of "one hero" of this party (*h* of RB-EV-08): the heroes' ES
        averaged, rounded down, which is 4 + 2 × level when all share a level (R-EV-1)."""
        return sum(hero_strength(level) for level in self.levels) // len(self.levels)

    @property
    def extra_heroes(self) -> int:
        """Heroes' worth of ES the Victories add: one per 2 Victories on average, rounded down
        (RB-EV-07, R-EV-2)."""
        return self.victories // (VICTORIES_PER_EXTRA_HERO * len(self.levels))

    @property
    def strength(self) -> int:
        """The party's encounter strength: its heroes' ES, plus one hero's ES per 2 average
        Victories (RB-EV-05, RB-EV-07); five 3rd-level heroes with 2 Victories each: 60."""
        base = sum(hero_strength(level) for level in self.levels)
        return base + self.extra_heroes * self.hero_strength


def ev_formula(level: int, organization: str) -> int:
    """The EV the text's formula gives a stat block: ⌈(2 × level + 4) × the organization's
    modifier⌉, a minion's for four (RB-EV-15): a level 1 minion 3, horde 3, leader 12, solo 36."""
    whole_number(level, 0, MAX_LEVEL, what="level", rule="RB-EV-15")
    if organization not in ORGANIZATION_MODIFIER:
        raise InvalidArgumentError(
            f"organization {organization!r}: one of {', '.join(ORGANIZATION_MODIFIER)}", rule="RB-EV-15"
        )
    return math.ceil((STRENGTH_PER_LEVEL * level + HERO_BASE_STRENGTH) * ORGANIZATION_MODIFIER[organization])


def cost_of(block: StatBlock, count: int = 1) -> int:
    """What ``count`` creatures of ``block`` cost the budget: its EV per creature, or, for a block
    whose EV buys several ("EV 3 for four minions"), its EV per set, a part set costing a whole
    one since minions are bought four at a time (RB-EV-03, RB-EV-04, RB-EV-09, R-EV-4)."""
    if not isinstance(block, StatBlock):
        raise ArgumentTypeError(f"cost_of(block={block!r:.60}): a StatBlock", rule=())
    whole_number(count, 0, None, what="count", rule="RB-EV-09")
    return -(-count // block.ev_for) * block.ev


INSTANT_SOLO_EV = 3
"""An Instant Solo's EV is 3 times the block's (RB-SOLO-03)."""
INSTANT_SOLO_STAMINA = 2.5
"""An Instant Solo's Stamina is 2.5 times the block's, rounded down (RB-SOLO-03, R-DIR-7)."""
INSTANT_SOLO_END_EFFECT = 10
"""An Instant Solo's End Effect damage (RB-SOLO-03)."""


def instant_solo(block: StatBlock) -> StatBlock:
    """The "Instant Solo" of a leader's or elite's block (RB-SOLO-03): EV x 3, Stamina x 2.5
    (rounded down, R-DIR-7), a solo (two turns a round, RB-SOLO-01) with the Solo Monster trait's
    End Effect of 10 damage (RB-SOLO-02) and the Solo Action Malice feature (RB-SOLO-04).
    A level 3 leader of EV 20 and 81 Stamina becomes a solo of EV 60 and 202 Stamina."""
    if not isinstance(block, StatBlock):
        raise ArgumentTypeError(f"instant_solo(block={block!r:.60}): a StatBlock", rule="RB-SOLO-03")
    if block.organization not in ("leader", "elite"):
        raise InvalidArgumentError(
            f"instant solo of {block.name}: a leader or an elite, "
            f"not {block.organization or 'no organization'}",
            rule="RB-SOLO-03",
        )
    turns = Trait(
        "Solo Monster",
        f"Solo Turns: the {block.name} takes two turns each round, never back to back. End Effect: "
        f"at the end of each of its turns, the {block.name} can take {INSTANT_SOLO_END_EFFECT} damage "
        "to end one effect on it that a saving throw can end. This damage can't be reduced in any way.",
    )
    action = Ability(
        SOLO_ACTION, "none", None, (), distance=Distance("self"), target=Target("self"),
        effect_after=f"{SOLO_ACTION_COST} Malice: the {block.name} takes an extra main action on its "
        "turn, even while dazed (brawl.solo_action).",
    )  # fmt: skip
    return attrs.evolve(
        block,
        organization="solo",
        ev=block.ev * INSTANT_SOLO_EV,
        stamina=int(block.stamina * INSTANT_SOLO_STAMINA),
        traits=(*block.traits, turns),
        abilities=(*block.abilities, action),
    )


@attrs.frozen
class Difficulty:
    """Where a budget of foes falls against a party (RB-EV-08)."""

    band: str
    """``"trivial"``, ``"easy"``, ``"standard"``, ``"hard"`` or ``"extreme"``."""
    ev: int
    """The foes' total EV."""
    strength: int
    """The party's encounter strength (ES)."""
    hero_strength: int
    """One hero's ES (*h*)."""
    victories: int
    """The Victories the fight is typically worth to each hero who survives it (RB-EV-02)."""

    @property
    def ranges(self) -> dict[str, tuple[int, int | None]]:
        """Each band's total EV, lowest and highest (None: no limit) (RB-EV-08, R-EV-3)."""
        return band_ranges(self.strength, self.hero_strength)


def band_ranges(strength: int, one_hero: int) -> dict[str, tuple[int, int | None]]:
    """The EV of each band for a party of ES ``strength`` whose one hero is worth ``one_hero``:
    trivial below ES − h, easy from there to below ES, standard ES to ES + h, hard to ES + 3h,
    extreme beyond (RB-EV-08, both ends of standard included and ES − h easy: R-EV-3).
    Four 1st-level heroes (ES 24, h 6): trivial 0-17, easy 18-23, standard 24-30, hard 31-42."""
    whole_number(strength, 0, None, what="strength", rule="RB-EV-08")
    whole_number(one_hero, 0, None, what="one_hero", rule="RB-EV-08")
    easy = max(strength - one_hero, 0)
    return {
        "trivial": (0, easy - 1) if easy else (0, -1),
        "easy": (easy, strength - 1),
        "standard": (strength, strength + one_hero),
        "hard": (strength + one_hero + 1, strength + HARD_HEROES * one_hero),
        "extreme": (strength + HARD_HEROES * one_hero + 1, None),
    }


def difficulty(party: Party, ev: int) -> Difficulty:
    """The band of foes worth ``ev`` in all against ``party`` (RB-EV-08) and the Victories it gives
    (RB-EV-02)."""
    if not isinstance(party, Party):
        raise ArgumentTypeError(f"difficulty(party={party!r:.60}): a Party", rule=())
    whole_number(ev, 0, None, what="ev", rule="RB-EV-08")
    strength, one = party.strength, party.hero_strength
    band = "extreme"
    for name, (_lo, hi) in band_ranges(strength, one).items():
        if hi is not None and ev <= hi:
            band = name
            break
    return Difficulty(band, ev, strength, one, VICTORIES_OF_BAND[band])


@attrs.frozen
class Foe:
    """Creatures of one stat block in an encounter."""

    block: StatBlock
    count: int = 1

    @property
    def cost(self) -> int:
        """What they cost the budget (:func:`cost_of`)."""
        return cost_of(self.block, self.count)


def total_ev(foes: Iterable[Foe]) -> int:
    """The foes' total EV (RB-EV-09)."""
    return sum(f.cost for f in foes)


def guidelines(party: Party, foes: Sequence[Foe], *, groups: Mapping[str, int] | None = None) -> list[str]:
    """The text's advice the foes do not follow, as sentences citing their rule (empty: none).

    Creature levels (RB-EV-10), creatures per hero, the share of minions and the number of stat
    blocks (RB-EV-11), a hard fight's star of the show (RB-EV-12) and initiative groups' EV
    (RB-EV-13, ``groups``: each group's total EV by name). Advice, never a refusal.
    """
    notes: list[str] = []
    top = max(party.levels)
    above = LEVELS_ABOVE + (1 if party.average_victories >= 6 else 0)
    average_level = sum(party.levels) // party.size
    for foe in foes:
        b = foe.block
        if b.is_solo and b.level > average_level + 1:
            notes.append(
                f"{b.name}: a solo of level {b.level}, more than 1 above the heroes' average level "
                f"{average_level} (RB-EV-10)"
            )
        elif b.level > top + above:
            notes.append(f"{b.name}: level {b.level}, more than {above} above the heroes' {top} (RB-EV-10)")
    count = sum(f.count for f in foes)
    if count > MAX_CREATURES_PER_HERO * party.size:
        notes.append(
            f"{count} creatures: more than {MAX_CREATURES_PER_HERO} per hero "
            f"for {party.size} heroes (RB-EV-11)"
        )
    minions = sum(f.count for f in foes if f.block.is_minion)
    if count > MINION_SHARE_ABOVE * party.size and 2 * minions < count:
        notes.append(
            f"{count} creatures, more than {MINION_SHARE_ABOVE} per hero, but only {minions} minions: "
            "at least half should be minions (RB-EV-11)"
        )
    blocks = {f.block.name for f in foes}
    if len(blocks) > MAX_STAT_BLOCKS:
        notes.append(
            f"{len(blocks)} different stat blocks: usually no more than {MAX_STAT_BLOCKS} (RB-EV-11)"
        )
    budget = total_ev(foes)
    if difficulty(party, budget).band == "hard":
        stars = [f for f in foes if f.block.organization in ("leader", "solo")]
        if not any(3 * cost_of(f.block) >= budget for f in stars):
            notes.append(
                "a hard encounter: its star of the show, a leader or solo, usually costs at least "
                f"a third of the budget ({-(-budget // 3)} of {budget} EV) (RB-EV-12)"
            )
    one = party.hero_strength
    for name, ev in sorted((groups or {}).items()):
        if ev > 2 * one:
            notes.append(f"initiative group {name}: {ev} EV, more than two heroes' ES ({2 * one}) (RB-EV-13)")
    return notes


SLOT_CHANGE = {"trivial": -2, "easy": -1, "standard": 0, "hard": 2, "extreme": 4}
"""Quick building: slots added to the heroes' for each band (RB-EV-14); a standard fight with no
creature above the heroes' level takes one more, a hard one with not every creature higher one
more, an extreme one 4 or more."""
SLOTS_OF = {"minion": 1 / 8, "horde": 1 / 2, "platoon": 1.0, "leader": 2.0, "elite": 2.0, "solo": 6.0}
"""Slots one creature of each organization fills (RB-EV-14): 8 minions, 2 horde creatures or 1
platoon creature to a slot, a leader or elite 2, a solo 6 plus 1 per level above the heroes."""


def hero_slots(party: Party, band: str = "standard") -> int:
    """Quick building's slots for a fight of ``band``: one per hero, plus one per 2 Victories on
    average, plus the band's change (RB-EV-14)."""
    if not isinstance(party, Party):
        raise ArgumentTypeError(f"hero_slots(party={party!r:.60}): a Party", rule=())
    if band not in SLOT_CHANGE:
        raise InvalidArgumentError(f"band {band!r}: one of {', '.join(BANDS)}", rule="RB-EV-14")
    return party.size + party.extra_heroes + SLOT_CHANGE[band]


def slots_of(block: StatBlock, party_level: int) -> float:
    """The slots one creature of ``block`` fills in quick building, against heroes of
    ``party_level`` (RB-EV-14); None of the six organizations (a retainer): 0."""
    base = SLOTS_OF.get(block.organization, 0.0)
    if block.is_solo:
        base += max(block.level - party_level, 0)
    return base


@attrs.frozen
class Assessment:
    """An encounter's budget: the party, its foes by stat block, the difficulty, the advice."""

    party: Party
    foes: tuple[Foe, ...]
    difficulty: Difficulty
    unpriced: tuple[str, ...]
    """Director creatures with no stat block to price them (their EV is not counted)."""
    notes: tuple[str, ...]
    """The guidelines the foes do not follow (:func:`guidelines`)."""

    def to_dict(self) -> dict[str, Any]:
        """The assessment as JSON data: what ``brawl encounter --json`` and the RPC method
        ``encounter`` give."""
        d = self.difficulty
        return {
            "heroes": list(self.party.levels),
            "strength": d.strength,
            "hero_strength": d.hero_strength,
            "foes": [{"statblock": f.block.name, "count": f.count, "ev": f.cost} for f in self.foes],
            "ev": d.ev,
            "band": d.band,
            "ranges": {band: [lo, hi] for band, (lo, hi) in d.ranges.items()},
            "victories": d.victories,
            "unpriced": list(self.unpriced),
            "notes": list(self.notes),
        }

    def lines(self) -> list[str]:
        """The assessment as lines of text, as ``brawl encounter`` prints it."""
        d = self.difficulty
        out = [
            f"Party: {self.party.size} heroes, levels {', '.join(map(str, self.party.levels))}, "
            f"{self.party.victories} Victories",
            f"Encounter strength: {d.strength} (one hero {d.hero_strength})",
            "Foes:",
        ]
        out += [f"  {f.count} x {f.block.name}: EV {f.cost}" for f in self.foes]
        out += [f"  {c}: no stat block, not priced" for c in self.unpriced]
        out.append(f"Total EV: {d.ev}")
        ranges = ", ".join(
            f"{band} {lo}-{'' if hi is None else hi}"
            for band, (lo, hi) in d.ranges.items()
            if hi is None or hi >= lo
        )
        out.append(f"Difficulty: {d.band} ({ranges}); worth {d.victories} Victories")
        out += [f"Note: {n}" for n in self.notes]
        return out


def assess(
    encounter: Encounter, statblocks: Mapping[str, StatBlock], *, victories: int | None = None
) -> Assessment:
    """The budget of an encounter: its heroes (creatures with ``hero``) are the party, holding
    ``victories`` in all (None: the Victories on their sheets); the other sides' creatures are
    priced by ``statblocks`` (creature id to its stat block, as
    :attr:`brawl.scenario.Scenario.statblocks` gives). Dead creatures are left out."""
    if not isinstance(encounter, Encounter):
        raise ArgumentTypeError(f"assess(encounter={encounter!r:.60}): an Encounter", rule=())
    heroes = [c for c in encounter.creature_list() if c.hero and not c.dead]
    if not heroes:
        raise InvalidArgumentError("assess: the encounter has no living hero to build for", rule="RB-EV-05")
    if victories is None:
        victories = sum(c.victories for c in heroes)
    party = Party(levels=tuple(c.level for c in heroes), victories=victories)
    counts: dict[str, int] = {}
    blocks: dict[str, StatBlock] = {}
    unpriced: list[str] = []
    for c in encounter.creature_list():
        if c.hero or c.dead:
            continue
        block = statblocks.get(c.id)
        if block is None:
            unpriced.append(c.id)
            continue
        blocks.setdefault(block.name, block)
        counts[block.name] = counts.get(block.name, 0) + 1
    foes = tuple(Foe(blocks[n], counts[n]) for n in blocks)
    return Assessment(
        party, foes, difficulty(party, total_ev(foes)), tuple(unpriced), tuple(guidelines(party, foes))
    )


__all__ = [
    "BANDS",
    "INSTANT_SOLO_END_EFFECT",
    "INSTANT_SOLO_EV",
    "INSTANT_SOLO_STAMINA",
    "Assessment",
    "Difficulty",
    "Foe",
    "Party",
    "assess",
    "band_ranges",
    "cost_of",
    "difficulty",
    "ev_formula",
    "guidelines",
    "hero_slots",
    "hero_strength",
    "instant_solo",
    "slots_of",
    "total_ev",
]
