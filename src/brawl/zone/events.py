"""Events of the zone game's ruleset (:mod:`brawl.zone`): moves, saves, attacks and their results."""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite


@attrs.frozen(kw_only=True)
class ZoneMoved(Event):
    """A character moved between zones, or onto or off a border (Z-TURN-09)."""

    creature: str
    start: str
    """Where it stood (``a|b`` on a border)."""
    end: str
    """Where it stands now."""
    halves: int
    """Half zones it moved."""
    forced: bool = False
    """Moved by another's shove or mount (not its own movement)."""

    def explain(self) -> str:
        how = " (carried or pushed)" if self.forced else ""
        zones = f"{self.halves / 2:g} zones"
        return f"{self.creature} moves {self.start} -> {self.end}, {zones}{how}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneSave(Event):
    """A STR, AGI or WIT save: a d20 that passes at most the score (R-Z-6)."""

    creature: str
    stat: str
    score: int
    roll: int | None
    """None when the save is impossible or not needed."""
    passed: bool
    purpose: str

    def explain(self) -> str:
        shown = "no roll" if self.roll is None else f"rolled {self.roll} against {self.score}"
        verdict = "passed" if self.passed else "failed"
        return f"{self.creature}: {self.stat} save for {self.purpose}: {shown}, {verdict}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneAttackDeclared(Event):
    """An attack declared against its targets (Z-ATK-01)."""

    attack: str
    attacker: str
    targets: tuple[str, ...]
    weapon: str | None
    kind: str = "attack"
    blast: str | None = None
    surprise: bool = False

    def explain(self) -> str:
        what = self.weapon or ("bare hands" if self.kind == "attack" else self.kind)
        at = f"zone {self.blast}" if self.blast else ", ".join(self.targets)
        hidden = ", by surprise" if self.surprise else ""
        return f"{self.attacker} attacks {at} with {what} ({self.attack}{hidden}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneAttackMissed(Event):
    """An attack missed a target or all of them (Z-ATK-05, Z-REACT-04)."""

    attack: str
    target: str | None
    reason: str

    def explain(self) -> str:
        who = f" {self.target}" if self.target else ""
        return f"attack {self.attack} misses{who}: {self.reason}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneBlastDeviated(Event):
    """A missed ranged blast hits a random neighbouring zone instead (Z-BLAST-03)."""

    attack: str
    aimed: str
    hit: str
    roll: int

    def explain(self) -> str:
        return (
            f"the blast {self.attack} misses {self.aimed} and deviates to {self.hit} (rolled {self.roll})"
            + cite(self.rules)
        )


@attrs.frozen(kw_only=True)
class ZoneStunt(Event):
    """An attack stunt proposed, accepted or refused (Z-STUNT-01)."""

    attack: str
    effect: str
    answer: str
    """"proposed", "accepted" or "refused"."""

    def explain(self) -> str:
        return f"stunt on {self.attack} {self.answer}: {self.effect}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneReacted(Event):
    """A character reacted to an attack (Z-REACT-01, Z-TURN-12)."""

    attack: str
    creature: str
    reaction: str
    """"dodge", "counter", "hide behind", "guard" or "opportunity attack"."""
    detail: str | None = None

    def explain(self) -> str:
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.creature} reacts to {self.attack}: {self.reaction}{detail}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneRetargeted(Event):
    """Guarding or hiding behind made another character the target (Z-REACT-08, Z-REACT-09)."""

    attack: str
    old: str
    new: str
    swapped: bool

    def explain(self) -> str:
        swap = ", and they swap places" if self.swapped else ""
        return f"{self.new} becomes the target of {self.attack} instead of {self.old}{swap}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneDamaged(Event):
    """Damage of an attack: the roll, size, impairment, armour and the health it took."""

    attacker: str | None
    target: str
    dice: str
    """The dice rolled, as ``2d8``."""
    rolls: tuple[int, ...]
    rolled: int
    """The dice's total."""
    after_size: int
    """After halving for a smaller attacker (Z-SIZE-01, R-Z-4)."""
    impaired: bool
    after_impaired: int
    armour: int
    """Armour value with cover, at most 3, subtracted (Z-COVER-01); 0 for direct damage."""
    taken: int
    health_before: int
    health_after: int

    def explain(self) -> str:
        by = f" from {self.attacker}" if self.attacker else ""
        return (
            f"{self.target} takes {self.taken}{by}: {self.dice} rolled {self.rolled}, "
            f"{self.after_impaired} after size and impairment, armour {self.armour}; "
            f"health {self.health_before} -> {self.health_after}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class ZoneIncapacitated(Event):
    """Critical damage incapacitated a character (R-Z-7)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} is incapacitated{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneKilled(Event):
    """A death blow killed an incapacitated character (Z-ATK-04)."""

    creature: str
    by: str

    def explain(self) -> str:
        return f"{self.by} kills {self.creature} with a death blow{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneGear(Event):
    """A weapon, shield or armour was damaged or destroyed (Z-GEAR)."""

    creature: str
    item: str
    result: str
    """"damaged", "destroyed" or "intact"."""
    roll: int | None = None

    def explain(self) -> str:
        roll = f" (rolled {self.roll})" if self.roll is not None else ""
        return f"{self.creature}'s {self.item}: {self.result}{roll}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneDisarmed(Event):
    """A disarm made a character drop a weapon (Z-NL-03)."""

    creature: str
    weapon: str
    taken_by: str | None

    def explain(self) -> str:
        where = f", taken by {self.taken_by}" if self.taken_by else ", dropped"
        return f"{self.creature} is disarmed of {self.weapon}{where}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneGrab(Event):
    """A character grabbed, or freed from a grab (Z-NL-05..08)."""

    creature: str
    by: str
    held: bool
    reason: str

    def explain(self) -> str:
        if self.held:
            return f"{self.by} grabs {self.creature}{cite(self.rules)}"
        return f"{self.creature} is free of {self.by} ({self.reason}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneSneak(Event):
    """A character revealed, concealed, or a bonus round of the concealed (Z-SNEAK)."""

    creature: str
    concealed: bool
    reason: str

    def explain(self) -> str:
        state = "conceals itself" if self.concealed else "is revealed"
        return f"{self.creature} {state} ({self.reason}){cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneMounted(Event):
    """A rider got on or off a mount, perhaps falling (Z-MOUNT-03, mounting rules)."""

    creature: str
    mount: str
    on: bool
    fell: bool = False

    def explain(self) -> str:
        if self.on:
            return f"{self.creature} gets on {self.mount}{cite(self.rules)}"
        fell = " and falls" if self.fell else ""
        return f"{self.creature} gets off {self.mount}{fell}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneRetreated(Event):
    """A character that failed morale retreats from the fight (Z-MORALE-02)."""

    creature: str

    def explain(self) -> str:
        return f"{self.creature} retreats from the fight{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class ZoneChased(Event):
    """A long chase resolved (Z-CHASE-01)."""

    escaped: tuple[str, ...]
    caught: tuple[str, ...]
    reason: str

    def explain(self) -> str:
        away, caught = ", ".join(self.escaped) or "no one", ", ".join(self.caught) or "no one"
        return f"chase ({self.reason}): escaped {away}; caught {caught}{cite(self.rules)}"


__all__ = [
    "ZoneAttackDeclared",
    "ZoneAttackMissed",
    "ZoneBlastDeviated",
    "ZoneChased",
    "ZoneDamaged",
    "ZoneDisarmed",
    "ZoneGear",
    "ZoneGrab",
    "ZoneIncapacitated",
    "ZoneKilled",
    "ZoneMounted",
    "ZoneMoved",
    "ZoneReacted",
    "ZoneRetargeted",
    "ZoneRetreated",
    "ZoneSave",
    "ZoneSneak",
    "ZoneStunt",
]
