"""Defense and Vitality: damage drains DEF, each emptied DEF costs one VIT (Seed 001, Applying Damage)."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Health:
    """A character's two layers: `defense` now (of `max_defense`) and `vitality` left."""

    defense: int
    max_defense: int
    vitality: int
    condition: str = ""
    """"" while fighting; "incapacitated" (a non-lethal last blow) or "dying" (a lethal one)."""

    @property
    def incapacitated(self) -> bool:
        """Out of the fight: VIT is 0, whether the last blow was lethal or not (Seed 001)."""
        return self.vitality <= 0


def fresh_health(max_defense: int, vitality: int) -> Health:
    """A character at full DEF and VIT (Seed 001, Health)."""
    if max_defense < 1 or vitality < 1:
        raise ValueError(f"DEF and VIT start at 1 or more, not DEF {max_defense} / VIT {vitality}")
    return Health(max_defense, max_defense, vitality)


@dataclass(frozen=True, slots=True)
class DamageOutcome:
    """What one attack's damage did: the new health, VIT lost, and whether a wound follows."""

    health: Health
    vitality_lost: int
    wound: bool
    """An attack that cost 2+ VIT or brought VIT to 0 inflicts a wound or condition."""
    wasted: int = 0
    """Damage left over when VIT reached 0 (it has nowhere to go)."""


def _drain(health: Health, damage: int) -> tuple[int, int, int]:
    """(DEF left, VIT lost, damage wasted) after draining `damage` through DEF resets."""
    defense, vitality, lost = health.defense, health.vitality, 0
    while damage > 0 and vitality - lost > 0:
        taken = min(damage, defense)
        defense, damage = defense - taken, damage - taken
        if defense == 0:
            lost += 1
            defense = health.max_defense if vitality - lost > 0 else 0
    return defense, lost, damage


def wound_due(vitality_lost: int, vitality_left: int) -> bool:
    """An attack that cost 2+ VIT, or brought VIT to 0, inflicts a wound or condition (Seed 001, Applying Damage)."""
    return vitality_lost >= 2 or (vitality_lost > 0 and vitality_left <= 0)


def apply_damage(health: Health, damage: int) -> DamageOutcome:
    """Drain DEF; at 0 lose 1 VIT, reset DEF and go on until damage or VIT runs out (Seed 001, Applying Damage)."""
    if damage < 0:
        raise ValueError(f"damage cannot be negative, got {damage}")
    if health.incapacitated:
        return DamageOutcome(health, 0, False, damage)
    defense, lost, wasted = _drain(health, damage)
    vitality = health.vitality - lost
    after = replace(health, defense=defense, vitality=vitality)
    return DamageOutcome(after, lost, wound_due(lost, vitality), wasted)


def incapacitate(health: Health, lethal: bool) -> Health:
    """At 0 VIT the attacker picks the blow: lethal applies the dying condition (Seed 001, Applying Damage)."""
    if not health.incapacitated:
        raise ValueError(f"only a character at 0 VIT is incapacitated (VIT is {health.vitality})")
    return replace(health, condition="dying" if lethal else "incapacitated")
