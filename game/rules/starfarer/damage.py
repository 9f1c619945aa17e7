"""Damage: penetration against armour, the damage rating, LOS, blow-through, lethality (Seed 003, 3.5 and 3.6).

The steps run in the seed's order: modified armour, modified damage, (blow-through), times
LOS; then lethality against resilience and head hits decide what counts towards wounds.
"""

from __future__ import annotations

from dataclasses import dataclass


def modified_armor(armor: int, penetration: int) -> int:
    """Armour rating less the weapon's penetration, never below 0 (Seed 003, 3.5 step 1)."""
    return max(0, armor - penetration)


def modified_damage(damage_rating: int, armor: int, penetration: int) -> int:
    """Damage rating less the modified armour, never below 0 (Seed 003, 3.5 step 2; Ruling: no negative damage)."""
    return max(0, damage_rating - modified_armor(armor, penetration))


def blow_through(damage: int, mass: int) -> int:
    """Optional: a modified damage over the target's mass drops to the mass, by no more than the mass (Seed 003, 3.5.1)."""
    if damage <= mass:
        return damage
    if damage > 2 * mass:
        return damage - mass
    return mass


def applied_damage(damage: int, los: int) -> int:
    """Modified damage x LOS; a marginal LOS 0 hit does half, rounded up (Seed 003, 3.5 step 3; Ruling: rounding)."""
    if los < 0:
        raise ValueError("a missed attack does no damage; LOS is 0 or more on a hit")
    return -(-damage // 2) if los == 0 else damage * los


@dataclass(frozen=True, slots=True)
class WeaponRating:
    """A Starfarer weapon's numbers: penetration rating / damage rating, e.g. 10/9."""

    penetration: int
    damage: int

    @property
    def lethality(self) -> int:
        """Penetration plus damage rating (Seed 003, 3.6.1)."""
        return self.penetration + self.damage


def hit_damage(weapon: WeaponRating, armor: int, los: int, mass: int | None = None) -> int:
    """The applied damage of one hit; pass the target's `mass` to use the blow-through rule (Seed 003, 3.5)."""
    damage = modified_damage(weapon.damage, armor, weapon.penetration)
    if mass is not None:
        damage = blow_through(damage, mass)
    return applied_damage(damage, los)


@dataclass(frozen=True, slots=True)
class Assessed:
    """How one hit's damage counts: towards the shock total and towards the wound track."""

    shock: int
    wound: int


def assess_damage(damage: int, lethality: int, resilience: int, location: str) -> Assessed:
    """Full to shock; half (round up) to wounds if lethality < resilience; a head hit doubles both (Seed 003, 3.6.2)."""
    wound = -(-damage // 2) if lethality < resilience else damage
    factor = 2 if location == "head" else 1
    return Assessed(shock=damage * factor, wound=wound * factor)
