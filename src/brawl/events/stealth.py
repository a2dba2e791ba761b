"""Events of hiding and searching, assisting tests, consumables and the dramatic finish.

Rules: DS-ACT-11, DS-ACT-13, DS-ACT-14, DS-ACT-16, DS-COND-14, DS-EDGE-10, DS-END-02, RB3-HIDE,
RB3-ASSIST.
"""

from __future__ import annotations

import attrs

from brawl.events.base import Event, cite


@attrs.frozen(kw_only=True)
class Hid(Event):
    """The Hide maneuver: a creature is now hidden from these creatures (DS-ACT-11, RB3-HIDE)."""

    creature: str
    hidden_from: tuple[str, ...]
    """The creatures it hid from: not observing it, and it has cover or concealment from each."""

    def explain(self) -> str:
        return f"{self.creature} hides from {', '.join(self.hidden_from)}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class Revealed(Event):
    """A hidden creature is no longer hidden from these creatures (RB3-HIDE)."""

    creature: str
    revealed_to: tuple[str, ...]
    reason: str
    """Why: it used an ability, moved without sneaking, made noise, lost cover, was found, ..."""

    def explain(self) -> str:
        return (
            f"{self.creature} is no longer hidden from {', '.join(self.revealed_to)}: {self.reason}"
            f"{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class SearchContested(Event):
    """One opposed roll of a search: the searcher's Intuition test against a hider's Agility test
    (DS-ACT-14, RB3-HIDE, RB3-OPPOSED). The higher total wins; a tie changes nothing."""

    searcher: str
    hider: str
    search_total: int
    """2d10 + Intuition, +2 per net edge (+4 for a double edge), -2 per net bane."""
    hide_total: int
    """2d10 + Agility, with the same edge and bane values."""
    invisible: bool = False
    """The hider is invisible: the search test takes a bane (DS-EDGE-10)."""
    found: bool = False
    """The search total is higher: the hider is no longer hidden from the searcher."""

    def explain(self) -> str:
        bane = " (bane: invisible)" if self.invisible else ""
        tie = self.search_total == self.hide_total
        verdict = "found" if self.found else ("a tie, still hidden" if tie else "still hidden")
        return (
            f"{self.searcher} searches for {self.hider}: {self.search_total}{bane} against "
            f"{self.hide_total}, {verdict}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class TestAssisted(Event):
    """A helper's test to assist another's test and what it gives the main roll (DS-ACT-13, RB3-ASSIST)."""

    __test__ = False  # not a pytest test class

    helper: str
    total: int
    tier: int
    effect: str
    """``"bane"`` (tier 1), ``"edge"`` (tier 2) or ``"double edge"`` (tier 3) on the main roll."""

    def explain(self) -> str:
        verb = "takes" if self.effect == "bane" else "gains"
        article = "an" if self.effect[:1] in "aeiou" else "a"
        return (
            f"{self.helper} assists: total {self.total}, tier {self.tier}; the main roll {verb} {article} "
            f"{self.effect}{cite(self.rules)}"
        )


@attrs.frozen(kw_only=True)
class ConsumableUsed(Event):
    """The Use Consumable maneuver: a consumable administered to its user or a willing adjacent
    creature (DS-ACT-16); its effect is resolved by the caller."""

    creature: str
    recipient: str
    item: str
    left: tuple[str, ...] = ()
    """The consumables the user still carries (empty also when they are not tracked)."""

    def explain(self) -> str:
        to = "itself" if self.recipient == self.creature else self.recipient
        return f"{self.creature} uses {self.item} on {to}{cite(self.rules)}"


@attrs.frozen(kw_only=True)
class DramaticFinish(Event):
    """The Director ends the battle with a dramatic finish: each hero's remaining enemies (DS-END-02)."""

    assignment: tuple[tuple[str, tuple[str, ...]], ...]
    """(hero, enemies) pairs in the heroes' order."""

    def explain(self) -> str:
        parts = "; ".join(f"{h} finishes {', '.join(es)}" for h, es in self.assignment)
        return f"dramatic finish: {parts}; the battle ends{cite(self.rules)}"


__all__ = ["ConsumableUsed", "DramaticFinish", "Hid", "Revealed", "SearchContested", "TestAssisted"]
