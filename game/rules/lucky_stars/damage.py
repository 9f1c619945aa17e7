"""Damage: dice by relative size, the bonus die, attribute and modifiers, resistance and weakness (Seed 001, Damage).

DAMAGE = (damage dice + attribute used in the attack + modifiers) x resistance, at least 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import DiceSource, DieFace

DAMAGE_TYPES = ("physical", "mental", "toxin", "burn", "cold", "shock", "radiation", "sonic", "magic")
RESISTANCES = ("none", "partial", "full", "weakness")
UNARMED_DAMAGE = -3  # Seed 001, Damage Modifiers: unarmed deals -3 before damage reduction
# Sizes in steps, for "two or more sizes smaller/larger" (Ruling: names for the steps).
SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")


def size_step(size: str) -> int:
    """Where a size sits on the ladder, so two sizes can be compared (Seed 001, Damage Dice)."""
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    return SIZES.index(size)


def damage_die(attacker_size: str, defender_size: str) -> int:
    """The die by relative size: 2+ smaller d4, within one size d8, 2+ larger d12 (Seed 001, Damage Dice)."""
    difference = size_step(attacker_size) - size_step(defender_size)
    if difference <= -2:
        return 4
    if difference >= 2:
        return 12
    return 8


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """The damage of one hit, step by step, so the log can explain it."""

    dice: tuple[DieFace, ...]
    attribute: int
    modifiers: int
    resistance: str
    extreme: bool
    total: int

    def text(self) -> str:
        """E.g. `1d8 [5] +2 attribute -3 mods, partial resistance = 2`."""
        faces = ", ".join(str(d.face) for d in self.dice)
        sides = self.dice[0].sides
        mods = f" {self.modifiers:+d} mods" if self.modifiers else ""
        resisted = "" if self.resistance == "none" else f", {self.resistance}{' (extreme)' if self.extreme else ''}"
        return f"{len(self.dice)}d{sides} [{faces}] {self.attribute:+d} attribute{mods}{resisted} = {self.total}"


def resisted(base: int, resistance: str, extreme: bool = False) -> int:
    """Apply resistance to the damage before it: partial halves, full zeroes, weakness doubles (Seed 001, Resistance).

    Extreme damage ignores partial resistance and is only halved by full resistance. Halves
    round down; the minimum of 1 applies to everything but full resistance's zero (Ruling).
    """
    if resistance not in RESISTANCES:
        raise ValueError(f"resistance must be one of {', '.join(RESISTANCES)}, not {resistance!r}")
    if resistance == "full" and not extreme:
        return 0
    if resistance == "weakness":
        damage = base * 2
    elif resistance == "full" or (resistance == "partial" and not extreme):
        damage = base // 2
    else:
        damage = base
    return max(1, damage)


def roll_damage(die: int, dice: DiceSource, *, bonus_die: bool, attribute: int, modifiers: int = 0,
                unarmed: bool = False, resistance: str = "none", extreme: bool = False) -> DamageRoll:
    """Roll the hit's damage: one die (two at a margin of 5+), plus attribute and mods, x resistance (Seed 001)."""
    faces = tuple(DieFace(die, dice.roll_die(die)) for _ in range(2 if bonus_die else 1))
    modifiers += UNARMED_DAMAGE if unarmed else 0
    base = sum(face.face for face in faces) + attribute + modifiers
    return DamageRoll(faces, attribute, modifiers, resistance, extreme, resisted(base, resistance, extreme))
