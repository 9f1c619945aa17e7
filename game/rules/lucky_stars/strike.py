"""One These Lucky Stars attack end to end: the opposed roll, the damage, and what it does to DEF and VIT (Seed 001).

This is the seam a systems layer calls; the report keeps every roll so the log can explain it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import DiceSource
from game.rules.lucky_stars.attack import Contest, opposed_attack, surprise_attack
from game.rules.lucky_stars.damage import DamageRoll, damage_die, roll_damage
from game.rules.lucky_stars.health import DamageOutcome, Health, apply_damage


@dataclass(frozen=True, slots=True)
class Striker:
    """The attacker's side of one attack: ATK, the attribute added to damage, size and weapon."""

    attack: int
    attribute: int
    size: str = "medium"
    unarmed: bool = False
    damage_bonus: int = 0
    extreme: bool = False


@dataclass(frozen=True, slots=True)
class Defender:
    """The defender's side: health, size, resistance to this attack's type, and whether surprised."""

    health: Health
    size: str = "medium"
    resistance: str = "none"
    surprised: bool = False


@dataclass(frozen=True, slots=True)
class StrikeReport:
    """The opposed roll and, on a hit, the damage roll and its outcome."""

    contest: Contest
    damage: DamageRoll | None
    outcome: DamageOutcome | None


def resolve_strike(striker: Striker, defender: Defender, dice: DiceSource, *, attacker_mods: int = 0,
                   defender_mods: int = 0) -> StrikeReport:
    """Steps to an Attack: both roll, a higher attacker total hits, damage drains DEF (Seed 001)."""
    if defender.surprised:
        contest = surprise_attack(striker.attack, dice, attacker_mods=attacker_mods)
    else:
        contest = opposed_attack(striker.attack, defender.health.defense, dice,
                                 attacker_mods=attacker_mods, defender_mods=defender_mods)
    if not contest.hit:
        return StrikeReport(contest, None, None)
    damage = roll_damage(damage_die(striker.size, defender.size), dice, bonus_die=contest.bonus_die,
                         attribute=striker.attribute, modifiers=striker.damage_bonus, unarmed=striker.unarmed,
                         resistance=defender.resistance, extreme=striker.extreme)
    return StrikeReport(contest, damage, apply_damage(defender.health, damage.total))
