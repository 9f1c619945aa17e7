"""Range brackets by range rating and the to-hit task profiles (Seed 003, 3.4 and 3.4.1, Tables 3.1-3.3)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from game.rules.starfarer.tasks import TaskProfile

BRACKETS = ("point_blank", "short", "medium", "long", "extreme")

# Seed 003, Table 3.3: the far edge of each bracket in metres, by range rating 1..8.
RANGE_TABLE: Mapping[int, tuple[int, int, int, int]] = MappingProxyType({
    1: (1, 5, 10, 30), 2: (2, 10, 20, 100), 3: (3, 15, 45, 300), 4: (4, 20, 80, 1000),
    5: (5, 25, 125, 3000), 6: (6, 30, 180, 10_000), 7: (7, 35, 250, 30_000), 8: (8, 40, 320, 100_000),
})
EXTREME_FACTOR = 1.5  # Seed 003, 3.4.1: extreme range runs out to 1.5 x long range

# Seed 003, Table 3.1: the ranged to-hit ease factor by bracket (close: the target could melee the firer).
RANGED_EF: Mapping[str, int] = MappingProxyType({
    "close": 5, "point_blank": 7, "short": 6, "medium": 5, "long": 4, "extreme": 2})
MELEE_EF = 5  # Seed 003, Table 3.2


def bracket_edges(rating: int, extreme: bool) -> tuple[tuple[str, float], ...]:
    """Each bracket with its far edge in metres for this range rating (Seed 003, Table 3.3)."""
    if rating not in RANGE_TABLE:
        raise ValueError(f"a range rating is 1 to 8, not {rating}")
    edges = tuple(zip(BRACKETS, RANGE_TABLE[rating]))
    if extreme:
        edges += (("extreme", RANGE_TABLE[rating][3] * EXTREME_FACTOR),)
    return edges


def range_bracket(distance_m: float, rating: int, extreme: bool = False, close: bool = False) -> str | None:
    """The bracket a target is in: "close" if it could melee the firer, else PB..E, None if out of range (Seed 003, 3.4.1)."""
    if close:
        return "close"
    for bracket, edge in bracket_edges(rating, extreme):
        if distance_m <= edge:
            return bracket
    return None


def ranged_to_hit(dexterity: int, weapon_skill: int, bracket: str, modifiers: int = 0,
                  extra_actions: int = 0) -> TaskProfile:
    """Ranged attack: (Dexterity, Weapon) x the bracket's EF, plus EF modifiers (Seed 003, Table 3.1; 3.2.3)."""
    if bracket not in RANGED_EF:
        raise ValueError(f"bracket must be one of {', '.join(RANGED_EF)}, not {bracket!r}")
    return TaskProfile(dexterity + weapon_skill, RANGED_EF[bracket] + modifiers - extra_actions)


def melee_to_hit(weapon_skill: int, agility: int, modifiers: int = 0, extra_actions: int = 0) -> TaskProfile:
    """Melee attack: (Weapon or Unarmed, Agility) x 5, less the target's evasion or parry (Seed 003, Table 3.2)."""
    return TaskProfile(weapon_skill + agility, MELEE_EF + modifiers - extra_actions)
