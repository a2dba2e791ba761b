"""Solo creatures: the End Effect at the end of each of its turns (RB-SOLO-02) and the Solo Action
Malice feature of an "Instant Solo" (RB-SOLO-03, RB-SOLO-04).

- :func:`end_effect`: at the end of each of its turns a solo with End Effect X (its creature's
  ``end_effect``) takes X damage that nothing reduces to end one effect a saving throw could end.
  The Director takes it, after the turn's saving throws, on the first save-ends condition still
  there, unless the damage would drop the solo to 0 Stamina or below (R-DIR-5).
- :class:`SoloAction`: at the start of its turn (a Malice feature, RB-MALICE-04) the Director
  spends 5 Malice and the solo gains an extra main action, even while dazed; it is held like a
  critical hit's, taken at once (RB-CRIT-03, R-DIR-6).
"""

from __future__ import annotations

import attrs

from brawl.conditions import Duration
from brawl.errors import ActionUnavailableError
from brawl.events.director import MaliceFeatureUsed
from brawl.fields import ident
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.conditions import clear_condition
from brawl.rules.director import book_of
from brawl.rules.malice import check_malice_moment, record_feature
from brawl.rules.stamina import LoseStamina
from brawl.state import Encounter

__all__ = ["SOLO_ACTION", "SOLO_ACTION_COST", "SoloAction", "end_effect"]

SOLO_ACTION = "Solo Action"
"""The name of the Solo Action feature on an Instant Solo's block (RB-SOLO-03): printed with no
action and no cost of its own, it is used with :class:`SoloAction`, which pays it."""
SOLO_ACTION_COST = 5
"""Solo Action costs 5 Malice (RB-SOLO-04)."""


def end_effect(state: Encounter, creature: str) -> Outcome:
    """The End Effect of ``creature``'s turn just ending (RB-SOLO-02, R-DIR-5): its End Effect
    damage, lost whatever its immunities, ends its first save-ends condition; nothing without the
    trait, without such a condition, or when the damage would drop it to 0 Stamina or below."""
    c = state.creatures.get(creature)
    if c is None or c.dead or not c.end_effect or c.stamina <= c.end_effect:
        return Outcome(state, ())
    found = next((x for x in c.conditions if x.duration is Duration.SAVE_ENDS), None)
    if found is None:
        return Outcome(state, ())
    why = f"End Effect to end {found.name.value}"
    out = LoseStamina(creature, c.end_effect, reason=why).resolve(state)
    return out.then(
        clear_condition,
        creature,
        found.name,
        source=found.source,
        reason="End Effect",
        rules=("RB-SOLO-02", "R-DIR-5"),
    )


@attrs.frozen
class SoloAction(Action):
    """Solo Action: at the start of its turn the Director spends 5 Malice and ``creature``, a solo
    with the Solo Action feature, gains an extra main action, taken at once, even while dazed
    (RB-SOLO-03, RB-SOLO-04, RB-MALICE-04, R-DIR-6)."""

    creature: str = attrs.field(validator=ident("RB-SOLO-04"))
    """The solo whose turn starts."""

    def verify(self, state: Encounter) -> None:
        """Raise unless the solo has the feature, its turn just started and the Director has 5 Malice."""
        who = f"Solo Action for {self.creature!r}"
        c = state.creature(self.creature)
        if c.ability(SOLO_ACTION) is None:
            raise ActionUnavailableError(f"{who}: its block has no Solo Action", rule="RB-SOLO-03")
        check_malice_moment(state, self.creature, SOLO_ACTION)
        have = getattr(state.turn, "malice", 0)
        if have < SOLO_ACTION_COST:
            raise ActionUnavailableError(
                f"{who}: costs {SOLO_ACTION_COST} Malice, {have} left", rule="RB-SOLO-04"
            )

    def resolve(self, state: Encounter) -> Outcome:
        """Pay 5 Malice; the solo holds an extra main action."""
        self.verify(state)
        assert book_of(state) is not None  # verified: a Draw Steel combat
        t = state.turn
        left = getattr(t, "malice") - SOLO_ACTION_COST  # noqa: B009
        extra = getattr(t, "extra_main") | {self.creature}  # noqa: B009
        after = record_feature(state.with_turn(attrs.evolve(t, malice=left, extra_main=extra)), self.creature)  # type: ignore[misc]  # its class: a layer above
        event = MaliceFeatureUsed(
            creature=self.creature,
            feature=SOLO_ACTION,
            cost=SOLO_ACTION_COST,
            left=left,
            detail="an extra main action, taken at once",
            rules=("RB-SOLO-04", "RB-MALICE-04", "R-DIR-6"),
        )
        return Outcome(after, (event,))
