"""Heroic overflow, lesser and worthy foes, and the Fray Die (Seed 000, Heroic Combat).

Damage beyond what drops a target may spill onto other targets the same attack roll could
have hit. The caller says, per candidate, its AC, distance in hexes, whether it is in range
and line of fire, and how many points drop it (hit dice left, or a Nemesis's HP).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.hexgrid import range_in_hexes
from game.rules.dice import DiceSource, Roll, roll
from game.rules.swn.heroic import HeroicReading, heroic_points

PSYCHIC_FRAY_RANGE_M = 30  # Seed 000: psychic powers and casual magic reach 30 m


def is_lesser_foe(target_hd: int, actor_level: int, target_is_heroic_pc: bool = False) -> bool:
    """HD at most the actor's level or HD; heroic PCs never are (Seed 000, Lesser Foes)."""
    return not target_is_heroic_pc and target_hd <= actor_level


def is_worthy_foe(target_hd: int, actor_level: int, target_is_heroic_pc: bool = False) -> bool:
    """Anyone who is not a lesser foe (Seed 000, Worthy Foes)."""
    return not is_lesser_foe(target_hd, actor_level, target_is_heroic_pc)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A possible overflow target as the caller sees it from the attacker."""

    id: int | str
    ac: int
    distance: int
    points_to_drop: int
    in_range: bool = True
    line_of_fire: bool = True
    lesser: bool = True


@dataclass(frozen=True, slots=True)
class OverflowStep:
    """Points spilled onto one target, and whether they drop it."""

    target_id: int | str
    points: int
    drops: bool


@dataclass(frozen=True, slots=True)
class OverflowPlan:
    """Where the spare points go, in order, and how many find no target."""

    steps: tuple[OverflowStep, ...]
    unused: int

    def text(self) -> str:
        """E.g. `overflow: 1 to 7 (down), 1 to 9 (down)`."""
        if not self.steps:
            return "no overflow"
        parts = [f"{s.points} to {s.target_id}" + (" (down)" if s.drops else "") for s in self.steps]
        unused = f"; {self.unused} unused" if self.unused else ""
        return "overflow: " + ", ".join(parts) + unused


def can_take_overflow(candidate: Candidate, attack_total: int | None, lesser_only: bool) -> bool:
    """In range and line of fire, AC at most the roll's total, lesser if required (Ruling: Heroic)."""
    if not (candidate.in_range and candidate.line_of_fire and candidate.points_to_drop > 0):
        return False
    if attack_total is not None and candidate.ac > attack_total:
        return False
    return candidate.lesser or not lesser_only


def plan_overflow(
    points_left: int,
    candidates: Iterable[Candidate],
    attack_total: int | None,
    area: bool = False,
    lesser_only: bool = False,
) -> OverflowPlan:
    """Spill spare points nearest first, ties by id (Seed 000, Overflow Damage; Ruling: Heroic).

    `attack_total` None is the Fray Die, which has no attack roll to limit AC; pass
    `lesser_only` for an ordinary Fray Die. Area damage never overflows. The last target
    may take points without dropping.
    """
    if area or points_left <= 0:
        return OverflowPlan((), max(0, points_left))
    eligible = [c for c in candidates if can_take_overflow(c, attack_total, lesser_only)]
    steps = []
    for candidate in sorted(eligible, key=lambda c: (c.distance, c.id)):
        if points_left <= 0:
            break
        spent = min(points_left, candidate.points_to_drop)
        steps.append(OverflowStep(candidate.id, spent, spent == candidate.points_to_drop))
        points_left -= spent
    return OverflowPlan(tuple(steps), points_left)


# --- The Fray Die ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FrayCheck:
    """Whether a Fray Die may be used now, with the reason when not."""

    allowed: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class FrayRoll:
    """A Fray Die roll, never modified, read on the heroic table (Seed 000, The Fray Die)."""

    roll: Roll
    reading: HeroicReading

    @property
    def points(self) -> int:
        """Heroic points it deals."""
        return self.reading.points

    def text(self) -> str:
        """E.g. `Fray Die 1d8: [7] = 7 -> 2 points`."""
        return f"Fray Die {self.roll.text()} -> {self.reading.points} points"


def fray_reach_hexes(weapon_reach_hexes: int, supernatural: bool) -> int:
    """Weapon reach, or at least 30 m for psychic or supernatural classes (Seed 000)."""
    if supernatural:
        return max(weapon_reach_hexes, range_in_hexes(PSYCHIC_FRAY_RANGE_M))
    return weapon_reach_hexes


def _refusal(reasons: Iterable[tuple[bool, str]]) -> FrayCheck:
    """The first failing condition's reason, or allowed."""
    for failed, reason in reasons:
        if failed:
            return FrayCheck(False, reason)
    return FrayCheck(True)


def fray_die_check(
    *,
    own_turn: bool,
    used_this_round: bool,
    target_lesser: bool,
    supernatural: bool,
    distance_hexes: int,
    weapon_reach_hexes: int,
) -> FrayCheck:
    """Once a round, On-turn, at a lesser foe (any foe for psychic classes) in reach (Seed 000).

    `weapon_reach_hexes`: the weapon's maximum range in hexes (1 for fists and melee).
    """
    return _refusal((
        (not own_turn, "the Fray Die is an On-turn action"),
        (used_this_round, "the Fray Die was already used this round"),
        (not (target_lesser or supernatural), "only lesser foes can be hit by this Fray Die"),
        (distance_hexes > fray_reach_hexes(weapon_reach_hexes, supernatural), "the target is out of reach"),
    ))


def focused_fray_check(
    *, main_action_available: bool, used_this_round: bool, distance_hexes: int, reach_hexes: int
) -> FrayCheck:
    """Focused Fray: the Main Action, any foe in reach, instead of this round's Fray Die (Seed 000)."""
    return _refusal((
        (not main_action_available, "a Focused Fray takes the Main Action"),
        (used_this_round, "the Fray Die was already used this round"),
        (distance_hexes > reach_hexes, "the target is out of reach"),
    ))


def roll_fray_die(die: str, dice: DiceSource) -> FrayRoll:
    """Roll the Fray Die as written, no bonuses or penalties, read on the table (Seed 000)."""
    fray = roll(die, dice)
    if fray.modifiers:
        raise ValueError(f"a Fray Die is never modified, but {die!r} has a bonus")
    return FrayRoll(fray, heroic_points(fray))
