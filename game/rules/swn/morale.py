"""Morale as a flat score per side, pushed by events, read through threshold bands (Seed 002, Morale).

Each side except the PCs has one score. Factor events move it; the band it falls in sets
attack and AC modifiers and tells the computer player whether the side is retreating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

LOSS_STEP_PERCENT = 20  # Seed 002: "loses 20% (rounded up) of its forces or HP"


@dataclass(frozen=True, slots=True)
class MoraleBand:
    """One row of the Morale Threshold table: score range and its effects (Seed 002)."""

    name: str
    low: int | None
    high: int | None
    attack: int
    ac: int
    retreating: bool
    conduct: str = "fight"
    """What the side does: "flee", "retreat" (through cover, still firing) or "fight"."""
    behaviour: str = ""
    """The band's limits in a GM's words, for the people who play the side."""

    def limits(self) -> str:
        """The behaviour and the modifiers, e.g. `flees, hardly shooting; -4 to hit, +1 AC`."""
        mods = [f"{self.attack:+d} to hit" if self.attack else "", f"{self.ac:+d} AC" if self.ac else ""]
        shown = ", ".join(m for m in mods if m)
        return f"{self.behaviour}; {shown}" if shown else self.behaviour


# Seed 002, Morale Threshold. None means open-ended.
MORALE_BANDS: tuple[MoraleBand, ...] = (
    MoraleBand("Panicked", None, 2, attack=-4, ac=1, retreating=True, conduct="flee",
               behaviour="flees from the enemy, hardly shooting at all"),
    MoraleBand("Tactical Retreat", 3, 5, attack=-2, ac=0, retreating=True, conduct="retreat",
               behaviour="falls back carefully through cover, still returning fire"),
    MoraleBand("Careful", 6, 9, attack=0, ac=0, retreating=False,
               behaviour="fights with ordinary caution"),
    MoraleBand("Bold", 10, 12, attack=2, ac=0, retreating=False,
               behaviour="fights hard, going for weak points"),
    MoraleBand("Fearless", 13, None, attack=4, ac=-1, retreating=False,
               behaviour="fights ruthlessly, careless of its own safety"),
)

# Seed 002, Morale Factors: the change each event makes to the side's score.
MORALE_FACTORS: dict[str, int] = {
    "leader present (ordinary)": 1,
    "leader present (great)": 2,
    "leader incapacitated (ordinary)": -2,
    "leader incapacitated (great)": -4,
    "surprised": -1,
    "lost 20% of forces or HP": -1,
    "outgunned (negative factor)": -1,
    "outgunned (positive factor)": 1,
    "home territory": 2,
    "intimidated": -1,
}


@dataclass(frozen=True, slots=True)
class MoraleChange:
    """A change to one side's morale: which factor, how many times, and the new score (`source`:
    the rule the factors come from)."""

    source: ClassVar[str] = "Seed 002, Morale Factors"

    factor: str
    times: int
    before: int
    after: int

    @property
    def delta(self) -> int:
        """How far the score moved."""
        return self.after - self.before

    def text(self) -> str:
        """E.g. `morale 8 -> 6 (lost 20% of forces or HP x2)`."""
        times = f" x{self.times}" if self.times != 1 else ""
        return f"morale {self.before} -> {self.after} ({self.factor}{times})"


def morale_band(score: int) -> MoraleBand:
    """The threshold band a morale score falls in (Seed 002, Morale Threshold)."""
    for band in MORALE_BANDS:
        if band.high is None or score <= band.high:
            return band
    raise AssertionError("the last band is open-ended")


def apply_factor(score: int, factor: str, times: int = 1) -> MoraleChange:
    """Apply a named factor `times` times to a score (Seed 002, Morale Factors)."""
    if factor not in MORALE_FACTORS:
        known = ", ".join(MORALE_FACTORS)
        raise ValueError(f"unknown morale factor {factor!r}; known: {known}")
    return MoraleChange(factor, times, score, score + MORALE_FACTORS[factor] * times)


def outgunned_change(score: int, factors: int) -> MoraleChange:
    """The GM's outgunned judgement: -1 per factor against the side, +1 per factor for it
    (negative `factors` count against; Seed 002, Morale Factors)."""
    factor = "outgunned (negative factor)" if factors < 0 else "outgunned (positive factor)"
    return apply_factor(score, factor, abs(factors))


def leader_factor(great: bool, present: bool) -> str:
    """The factor a leader brings: present at the start, or incapacitated (Seed 002)."""
    return f"leader {'present' if present else 'incapacitated'} ({'great' if great else 'ordinary'})"


def loss_step(starting_total: int) -> int:
    """How much must be lost for one -1: 20% of the starting total, rounded up (Seed 002)."""
    if starting_total <= 0:
        raise ValueError(f"a side starts with something to lose, not {starting_total}")
    return -(-starting_total * LOSS_STEP_PERCENT // 100)


def loss_instances(starting_total: int, lost: int) -> int:
    """How many whole 20% steps a total loss covers (Seed 002: -1 per instance)."""
    return max(0, lost) // loss_step(starting_total)


def new_loss_instances(starting_total: int, lost_before: int, lost_now: int) -> int:
    """Steps crossed by the latest loss, so each step costs morale exactly once."""
    return loss_instances(starting_total, lost_now) - loss_instances(starting_total, lost_before)


def loss_change(score: int, starting_total: int, lost_before: int, lost_now: int) -> MoraleChange | None:
    """The morale change a loss causes, or None when no new 20% step was crossed."""
    steps = new_loss_instances(starting_total, lost_before, lost_now)
    return apply_factor(score, "lost 20% of forces or HP", steps) if steps > 0 else None


def can_be_intimidated(immune_in_round: int | None, current_round: int) -> bool:
    """A side intimidated this round is immune until the next (Seed 002, Intimidate)."""
    return immune_in_round != current_round


def starting_morale(side_id: str, map_score: int | None, side_immune: bool,
                    members: list[tuple[int, bool]], leader_morale: int | None) -> int | None:
    """A side's opening morale score (Seed 002, Morale; rulings: Morale).

    The map's score for the side wins; else its leader's morale; else the average, rounded
    down, of its members' scores, counting only members not immune to morale. `members` is
    (morale, immune) per unit. None for the PCs (who have no score), for a side the map makes
    immune, and when every member is immune.
    """
    if side_id == "pcs" or side_immune:
        return None
    if map_score is not None:
        return map_score
    if leader_morale is not None:
        return leader_morale
    counted = [morale for morale, immune in members if not immune]
    return sum(counted) // len(counted) if counted else None
