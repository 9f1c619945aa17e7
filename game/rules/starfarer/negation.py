"""Hero points against a Starfarer hit: 3 shock off per "shock" pick, one wound level per "wound" pick (Seed 004 with Seed 003).

A "condition" pick cancels the unconsciousness the hit's shock check would cause; Starfarer
has no knockdown result, so that pick is not offered (`NEGATION` leaves it out).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from game.rules.hero_points import Negation, shock_removed
from game.rules.starfarer.damage import Assessed

NEGATION: Negation = MappingProxyType({
    "shock": "3 points of the hit's shock",
    "condition": "the unconsciousness of the shock check the hit causes",
    "wound": "one level of the hit's wound"})
"""What each pick undoes under Starfarer (the ruleset declares it as its `negation`)."""


@dataclass(frozen=True, slots=True)
class NegatedHit:
    """A hit after hero points: the shock it adds, the wound level to mark (None: none), and the shock check's fate."""

    shock: int
    wound_level: int | None
    keeps_conscious: bool


def negate_hit(assessed: Assessed, wound_level: int | None, picks: tuple[str, ...]) -> NegatedHit:
    """Lower the hit's shock and wound level by the picks bought, before they are recorded (Seed 004, Negating Damage)."""
    shock = max(0, assessed.shock - shock_removed(picks))
    level = wound_level
    if level is not None:
        level -= picks.count("wound")
        level = None if level < 0 else level
    return NegatedHit(shock, level, "condition" in picks)
