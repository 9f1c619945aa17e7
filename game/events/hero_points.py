"""Hero points' events (seed 004, map module `hero_points`): points spent, awarded and countered,
the dice they buy, and damage negated.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.events.shared import Event, Narrator
from game.rules.hero_points import ExtraRoll


# -- hero points (seed 004) ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HeroPointSpent(Event):
    """A hero point spent on a roll just seen, with the points left; its die is rolled unless countered."""

    actor: int
    left: int
    personal: int = 1
    from_pool: int = 0

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.actor)} spends {_hero_spend(self.personal, self.from_pool)} on the roll ({self.left} left)."


def _hero_spend(personal: int, from_pool: int) -> str:
    """A spend in words: "a hero point and 2 from the pool", "no point of their own and 1 from the pool"."""
    pool = f" and {from_pool} from the pool" if from_pool else ""
    return ("a hero point" if personal else "no point of their own") + pool


@dataclass(frozen=True, slots=True)
class HeroPoolAwarded(Event):
    """The GM added hero points to a side's pool (seed 004, outside sources)."""

    side: str
    points: int
    pool: int

    def text(self, say: Narrator) -> str:
        return f"The GM awards {say.side(self.side)} {self.points} hero point(s): the pool holds {self.pool}."


@dataclass(frozen=True, slots=True)
class HeroPointCountered(Event):
    """A hero point countered before its die was rolled: both points are spent (seed 004)."""

    actor: int
    spender: int
    left: int

    def text(self, say: Narrator) -> str:
        return (f"{say.name(self.actor)} counters {say.name(self.spender)}'s hero point ({self.left} left): "
                "the die is not rolled.")


@dataclass(frozen=True, slots=True)
class HeroDieRolled(Event):
    """The die a hero point bought: its faces and what it counts as, added to the roll (seed 004)."""

    actor: int
    extra: ExtraRoll

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.actor)}'s hero die: {self.extra.text()}, added to the roll."


@dataclass(frozen=True, slots=True)
class DamageNegated(Event):
    """Hero points spent against a hit just taken (seed 004, Negating Damage, not counterable):
    the picks bought and the damage before and after them."""

    actor: int
    picks: tuple[str, ...]
    before: int
    after: int
    left: int
    personal: int = 1
    from_pool: int = 0

    def text(self, say: Narrator) -> str:
        return (f"{say.name(self.actor)} spends {_hero_spend(self.personal, self.from_pool)} to negate damage "
                f"({', '.join(self.picks)}; {self.left} left): {self.before} -> {self.after}.")
