"""The wound track: wound levels, marking circles with overflow to the right, trait penalties, bleeding (Seed 003, 3.6.3-3.6.7)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rules.starfarer.tasks import LOCATIONS, VITAL_LOCATIONS

# Seed 003, Table 3.5: the wound levels, the circles in each box, and each column's modifier.
LEVELS = ("graze", "light", "medium", "heavy", "severe", "destroyed")
CIRCLES = (3, 2, 1, 1, 1, 1)
MODIFIERS = (0, -1, -2, -3, -4, -5)
HUMAN_WOUND_STEP = 3  # Seed 003, 3.6.3: levels come in groups of 3 for an average (mass 6) human
_STARTS = tuple(sum(CIRCLES[:level]) for level in range(len(LEVELS)))


def wound_level(wound_damage: int, step: int = HUMAN_WOUND_STEP) -> int | None:
    """The level (0 graze .. 5 destroyed) a hit's wound damage reaches, None for no damage (Seed 003, Table 3.6)."""
    if wound_damage <= 0:
        return None
    return min(len(LEVELS) - 1, (wound_damage - 1) // step)


def level_name(level: int, location: str) -> str:
    """The level's name; destroyed is "mortal" in the head, chest or abdomen, "maimed" in a limb (Seed 003, 3.6.3)."""
    if LEVELS[level] != "destroyed":
        return LEVELS[level]
    return "mortal" if location in VITAL_LOCATIONS else "maimed"


@dataclass(frozen=True, slots=True)
class Mark:
    """One wound written on the track: where, the level it was for, the column it landed in, X or /."""

    location: str
    level: int
    column: int | None  # None: every circle from the level rightwards was already marked
    slash: bool

    @property
    def effect_level(self) -> int:
        """The level its effects are read at: the column it landed in (X and / alike), else its own."""
        return self.level if self.column is None else self.column


@dataclass(frozen=True, slots=True)
class WoundTrack:
    """A character's wound chart: per location, its circles left to right ("", "X" or "/")."""

    rows: tuple[tuple[str, tuple[str, ...]], ...] = tuple((loc, ("",) * sum(CIRCLES)) for loc in LOCATIONS)

    def circles(self, location: str) -> tuple[str, ...]:
        """The circles of one location's row."""
        for name, circles in self.rows:
            if name == location:
                return circles
        raise ValueError(f"no hit location {location!r} (known: {', '.join(LOCATIONS)})")

    def worst_level(self, location: str) -> int | None:
        """The rightmost column with a mark in this location, None if unhurt."""
        marked = [i for i, circle in enumerate(self.circles(location)) if circle]
        return None if not marked else _column_of(marked[-1])


def _column_of(circle: int) -> int:
    """Which level's box a circle index sits in."""
    return max(level for level, start in enumerate(_STARTS) if start <= circle)


def mark_wound(track: WoundTrack, location: str, level: int, *, slash: bool = False) -> tuple[WoundTrack, Mark]:
    """Mark the level's leftmost free circle with X, or the next free one to the right with / (Seed 003, 3.6.3).

    `slash` marks even a circle of the wound's own level with /, for wounds that come from
    accumulation (a failed shock check's worse wound, 3.6.6).
    """
    circles = list(track.circles(location))
    own = range(_STARTS[level], _STARTS[level] + CIRCLES[level])
    free = [i for i in own if not circles[i]] or [i for i in range(own.stop, len(circles)) if not circles[i]]
    if not free:
        return track, Mark(location, level, None, True)
    slashed = slash or free[0] not in own
    circles[free[0]] = "/" if slashed else "X"
    rows = tuple((name, tuple(circles) if name == location else row) for name, row in track.rows)
    return replace(track, rows=rows), Mark(location, level, _column_of(free[0]), slashed)


def worsen_after_shock(track: WoundTrack, location: str) -> tuple[WoundTrack, Mark]:
    """A shock check failed by LOF over 3: one more wound in that area, a level above its worst, marked / (Seed 003, 3.6.6)."""
    worst = track.worst_level(location)
    level = 0 if worst is None else min(len(LEVELS) - 1, worst + 1)
    return mark_wound(track, location, level, slash=True)


def trait_penalty(track: WoundTrack, limbs: tuple[str, ...] = (), shock_penalty: int = 0) -> int:
    """What comes off each trait: head wounds in full, chest and abdomen at half (round up), the limbs used in full, plus shock (Seed 003, 3.6.5).

    Ruling: penalties of different locations add up; within a location the worst column counts.
    """
    total = shock_penalty
    for location in ("head", "chest", "abdomen", *limbs):
        level = track.worst_level(location)
        if level is None:
            continue
        penalty = -MODIFIERS[level]
        total += -(-penalty // 2) if location in ("chest", "abdomen") else penalty
    return total


def bleeding_rate(level: int, blunt: bool = False) -> int:
    """A wound with a negative modifier bleeds that many shock a round; blunt weapons halve it, rounded up (Seed 003, 3.6.7)."""
    rate = -MODIFIERS[level]
    return -(-rate // 2) if blunt else rate


@dataclass(frozen=True, slots=True)
class Bleeding:
    """Bleeding per location: shock points lost each round."""

    rates: tuple[tuple[str, int], ...] = ()

    @property
    def per_round(self) -> int:
        """Shock added each round by all the bleeding together (Seed 003, 3.6.7)."""
        return sum(rate for _, rate in self.rates)

    def rate(self, location: str) -> int:
        """How fast one location bleeds."""
        return dict(self.rates).get(location, 0)

    def changed(self, location: str, change: int) -> Bleeding:
        """Bleeding with one location's rate moved by `change` (never below 0), in location order."""
        rates = dict(self.rates)
        rates[location] = max(0, rates.get(location, 0) + change)
        return Bleeding(tuple((loc, rates[loc]) for loc in LOCATIONS if rates.get(loc)))


def wound_bleeds(bleeding: Bleeding, mark: Mark, blunt: bool = False) -> Bleeding:
    """Add the bleeding a newly marked wound causes, by the column it landed in (Seed 003, 3.6.7)."""
    if mark.column is None:
        return bleeding
    return bleeding.changed(mark.location, bleeding_rate(mark.column, blunt))
