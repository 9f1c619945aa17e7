"""Hero points' actions (seed 004, map module `hero_points`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.actions.shared import Action, action_type


@action_type
@dataclass(frozen=True, slots=True)
class SpendHeroPoint(Action):
    """Seed 004: answer a hero point decision by spending on the roll just seen: one personal point
    (`personal`) and `from_pool` points of the side's pool, a die each."""

    kind: ClassVar[str] = "spend_hero_point"
    personal: bool = True
    from_pool: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class GmAwardHeroPoints(Action):
    """Seed 004: the GM adds hero points from outside sources to a side's pool (`actor` is 0)."""

    kind: ClassVar[str] = "gm_award_hero_points"
    side: str = ""
    points: int = 1


@action_type
@dataclass(frozen=True, slots=True)
class CounterHeroPoint(Action):
    """Seed 004: cancel an enemy's hero point before its die is rolled, spending one's own."""

    kind: ClassVar[str] = "counter_hero_point"


@action_type
@dataclass(frozen=True, slots=True)
class NegateDamage(Action):
    """Seed 004, Negating Damage: answer a negation decision by spending one personal point
    (`personal`) and `from_pool` points of the side's pool on the hit just taken; each point buys
    three `picks` ("shock", "condition", "knockdown", "wound") the ruleset can undo."""

    kind: ClassVar[str] = "negate_damage"
    personal: bool = True
    from_pool: int = 0
    picks: tuple[str, ...] = ()
