"""The attack roll: opposed 2d6, the defender's current DEF, surprise, advantage (Seed 001, Attacking and Defending)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from game.rules.dice import DiceSource, Roll, roll

MINOR_ADVANTAGE = 3  # Seed 001, Advantages to Consider in Combat: a +3 minor advantage
BONUS_DIE_MARGIN = 5  # Seed 001, Bonus Damage: beating the defender by 5 or more


@dataclass(frozen=True, slots=True)
class Footing:
    """Where the two stand, for terrain advantage: is each on poor footing (loose ground, underbrush)?"""

    attacker_poor: bool = False
    defender_poor: bool = False


def terrain_advantage(footing: Footing) -> tuple[int, int]:
    """(attacker bonus, defender bonus): the side on good footing against poor gets +3; both alike, nothing (Seed 001)."""
    if footing.defender_poor and not footing.attacker_poor:
        return MINOR_ADVANTAGE, 0
    if footing.attacker_poor and not footing.defender_poor:
        return 0, MINOR_ADVANTAGE
    return 0, 0


def cover_problem(cover: str) -> str | None:
    """Why a ranged attack cannot land against this cover (full cover must be bypassed), or None (Seed 001, Use Cover)."""
    if cover not in ("none", "partial", "full"):
        raise ValueError(f"cover is none, partial or full, not {cover!r}")
    if cover == "full":
        return "the defender is behind full cover: bypass or destroy it to land a hit"
    return None


def cover_advantage(cover: str, ranged: bool) -> int:
    """The defender's bonus: partial cover against a ranged attack is a +3 minor advantage (Seed 001, Cover)."""
    if cover_problem(cover) is not None:
        raise ValueError("nothing can be rolled against full cover; ask cover_problem first")
    return MINOR_ADVANTAGE if ranged and cover == "partial" else 0


@dataclass(frozen=True, slots=True)
class Contest:
    """One opposed attack: both rolls and whether the attacker won and by how much."""

    attacker: Roll
    defender: Roll
    surprise: bool

    @property
    def margin(self) -> int:
        """Attacker total minus defender total."""
        return self.attacker.total - self.defender.total

    @property
    def hit(self) -> bool:
        """The attack lands only if the attacker's total exceeds the defender's (a tie holds) (Seed 001, Steps)."""
        return self.margin > 0

    @property
    def bonus_die(self) -> bool:
        """Beating the defender by 5 or more adds a damage die (Seed 001, Bonus Damage)."""
        return self.margin >= BONUS_DIE_MARGIN


def opposed_attack(attack: int, current_defense: int, dice: DiceSource, *, attacker_mods: int = 0,
                   defender_mods: int = 0) -> Contest:
    """Attacker 2d6 + ATK + mods against defender 2d6 + current DEF + mods, rolled together (Seed 001)."""
    attacker = roll("2d6+ATK+MODS", dice, ATK=attack, MODS=attacker_mods)
    defender = roll("2d6+DEF+MODS", dice, DEF=current_defense, MODS=defender_mods)
    return Contest(attacker, defender, surprise=False)


def surprise_attack(attack: int, dice: DiceSource, *, attacker_mods: int = 0) -> Contest:
    """The attacker rolls as usual; the unready defender rolls only the 2d6 decision dice (Seed 001, Surprise Attacks)."""
    attacker = roll("2d6+ATK+MODS", dice, ATK=attack, MODS=attacker_mods)
    return Contest(attacker, roll("2d6", dice), surprise=True)


def contested(first: int, second: int, dice: DiceSource) -> tuple[Roll, Roll]:
    """A contested check (grapple, STR for disarm, STR vs AGI for trip): 2d6 + each side's score (Ruling)."""
    return roll("2d6+SCORE", dice, SCORE=first), roll("2d6+SCORE", dice, SCORE=second)


def wins_contest(acting: Roll, resisting: Roll) -> bool:
    """The one acting wins only by beating the one resisting; a tie holds, as in the attack roll (Ruling)."""
    return acting.total > resisting.total


OPPOSED_OUTCOMES = 6 ** 4
"""How many equally likely ways two 2d6 rolls fall (four dice)."""


def _difference_counts() -> dict[int, int]:
    counts: dict[int, int] = {}
    for a, b, c, d in product(range(1, 7), repeat=4):
        counts[a + b - c - d] = counts.get(a + b - c - d, 0) + 1
    return dict(sorted(counts.items()))


DIFFERENCE_COUNTS = _difference_counts()
"""In how many of the `OPPOSED_OUTCOMES` ways each (first 2d6 - second 2d6) comes up, lowest first."""
_BEATING = {least: sum(n for gap, n in DIFFERENCE_COUNTS.items() if gap > least) for least in range(-11, 11)}


def ways_beating(least: int) -> int:
    """In how many of the `OPPOSED_OUTCOMES` ways (first 2d6 - second 2d6) is above `least`."""
    return _BEATING.get(least, OPPOSED_OUTCOMES if least < -10 else 0)


@cache
def two_dice_difference() -> dict[int, Fraction]:
    """The exact chance of each (first 2d6 - second 2d6): both sides of every opposed roll in seed 001."""
    return {k: Fraction(v, OPPOSED_OUTCOMES) for k, v in DIFFERENCE_COUNTS.items()}


def contest_chance(acting: int, resisting: int) -> Fraction:
    """The exact chance that 2d6 + `acting` beats 2d6 + `resisting` (a tie holds) (Seed 001; Ruling)."""
    return Fraction(ways_beating(resisting - acting), OPPOSED_OUTCOMES)
