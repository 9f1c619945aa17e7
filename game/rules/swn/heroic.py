"""Heroic damage and healing: reading damage dice on the conversion table (Seed 000, Heroic Combat)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import Roll

# Seed 000, Damage Conversion Table: (lowest counted value, heroic points), in rising order.
# A counted value of 1 or less (a bonus below zero can push it there) does no damage.
HEROIC_TABLE: tuple[tuple[int, int], ...] = ((1, 0), (2, 1), (6, 2), (10, 4))

FIXED_DAMAGE_PER_POINT = 4  # Seed 000, Fixed Damage: one heroic point per 4, rounded down


def table_points(counted: int) -> int:
    """Heroic points for one die's counted value (Seed 000, Damage Conversion Table)."""
    points = 0
    for lowest, band_points in HEROIC_TABLE:
        if counted >= lowest:
            points = band_points
    return points


@dataclass(frozen=True, slots=True)
class HeroicDie:
    """One die read on the table: its `face`, the value it `counted` as, and its `points`."""

    face: int
    counted: int
    points: int

    def text(self) -> str:
        """E.g. `7 -> 2`: the counted value and the points it is worth."""
        return f"{self.counted} -> {self.points}"


@dataclass(frozen=True, slots=True)
class HeroicReading:
    """A damage (or healing) roll read the heroic way: per-die readings and their sum."""

    dice: tuple[HeroicDie, ...]

    @property
    def points(self) -> int:
        """Heroic points in all: the sum over the dice."""
        return sum(die.points for die in self.dice)

    def text(self) -> str:
        """For the combat log, e.g. `7 -> 2, 2 -> 1 = 3 points`."""
        unit = "point" if self.points == 1 else "points"
        return f"{', '.join(die.text() for die in self.dice)} = {self.points} {unit}"


def _highest_index(faces: tuple[int, ...]) -> int:
    """Where the highest face is; on a tie, the first of them (the points come out the same)."""
    return faces.index(max(faces))


def heroic_points(roll: Roll) -> HeroicReading:
    """Read a damage roll on the table, the roll's whole bonus on its highest die (Seed 000)."""
    if not roll.dice:
        raise ValueError(f"{roll.expression} rolled no dice; use fixed_heroic_damage for flat damage")
    faces = roll.faces
    boosted = _highest_index(faces)
    dice = []
    for index, face in enumerate(faces):
        counted = face + roll.bonus if index == boosted else face
        dice.append(HeroicDie(face, counted, table_points(counted)))
    return HeroicReading(tuple(dice))


def heroic_healing(roll: Roll) -> HeroicReading:
    """Read a healing roll (stims, biopsionics) on the same table as damage (Seed 000, Healing)."""
    return heroic_points(roll)


def fixed_heroic_damage(points: int) -> int:
    """Heroic points for fixed damage: one per 4, rounded down (Seed 000, Fixed Damage)."""
    if points < 0:
        raise ValueError(f"fixed damage cannot be negative, got {points}")
    return points // FIXED_DAMAGE_PER_POINT
