"""Hero points against a These Lucky Stars hit: what each negation pick undoes (Seed 004, Negating Damage, with Seed 001).

A "shock" pick takes 3 points off the hit's damage before it drains DEF, a "wound" pick gives
back one VIT the hit took, a "condition" pick cancels the wound or condition the hit inflicts,
and a "knockdown" pick keeps the character on their feet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from game.rules.hero_points import Negation, shock_removed
from game.rules.lucky_stars.health import DamageOutcome, Health, apply_damage, wound_due

NEGATION: Negation = MappingProxyType({
    "shock": "3 points of the hit's damage to DEF",
    "condition": "the wound or condition the attack inflicts",
    "knockdown": "being knocked prone by the attack",
    "wound": "one point of VIT lost to the attack"})
"""What each pick undoes under These Lucky Stars (the ruleset declares it as its `negation`)."""


@dataclass(frozen=True, slots=True)
class NegatedHit:
    """A hit after hero points: its damage outcome and whether it still knocks the character down."""

    outcome: DamageOutcome
    knocked_down: bool


def _give_back_vitality(before: Health, outcome: DamageOutcome, count: int) -> DamageOutcome:
    """Undo up to `count` VIT the hit took; a character brought back from 0 stands on a fresh DEF."""
    back = min(count, outcome.vitality_lost)
    if back == 0:
        return outcome
    health = outcome.health
    defense = health.defense if health.vitality > 0 else before.max_defense
    health = replace(health, vitality=health.vitality + back, defense=defense)
    lost = outcome.vitality_lost - back
    return DamageOutcome(health, lost, wound_due(lost, health.vitality), outcome.wasted)


def negate_hit(before: Health, damage: int, picks: tuple[str, ...], knocked_down: bool = False) -> NegatedHit:
    """Apply a hit with the negation picks bought for it, checked by hero_points.negation_problem (Seed 004)."""
    reduced = max(0, damage - shock_removed(picks))
    outcome = _give_back_vitality(before, apply_damage(before, reduced), picks.count("wound"))
    if "condition" in picks:
        outcome = replace(outcome, wound=False)
    return NegatedHit(outcome, knocked_down and "knockdown" not in picks)
