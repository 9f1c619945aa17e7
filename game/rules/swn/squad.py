"""Squads: several like NPCs fighting as one (Seed 002, Squads; Ruling: Squads).

A squad has flat HP (4.5 per hit die, rounded up for the whole squad), one attack roll
read in three bands (none / half / full), and flat damage: average weapon damage times the
units still standing, with armor and armor piercing multiplied the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil, floor

from game.memo import remembered
from game.rules.swn.attack import (
    D20_FACES,
    AttackResult,
    AttackSetup,
    attack_modifier,
    resolve_attack,
    target_number,
)
from game.rules.dice import DiceExpression, DiceSource
from game.rules.swn.heroic import fixed_heroic_damage
from game.rules.value_chart import many_on_one

HP_PER_HIT_DIE = Fraction(9, 2)  # Seed 002: squad NPCs have 4.5 HP per hit die
UNITS_PER_HEX = 3  # Seed 002, Squad Size: 1 hex per 3 units
BAND_MARGIN = 3  # Seed 002: 3+ below AC is nothing, 3+ above is full
BANDS = ("none", "half", "full")
BAND_SHARE = {"none": Fraction(0), "half": Fraction(1, 2), "full": Fraction(1)}


@dataclass(frozen=True, slots=True)
class Squad:
    """A squad: hit dice per unit, units at full strength, and its pool (HP, or HD in heroic mode)."""

    hd: int
    size: int
    pool: int
    heroic: bool = False

    @property
    def units(self) -> int:
        """Units still standing, rounded up from the pool (Ruling: Squads)."""
        if self.heroic:
            return -(-self.pool // self.hd)
        return units_left(self.pool, self.hd, self.size)

    @property
    def pool_name(self) -> str:
        """'HD' in heroic mode, else 'HP'."""
        return "HD" if self.heroic else "HP"


@dataclass(frozen=True, slots=True)
class SquadHit:
    """Damage taken by a squad: before and after, and the units lost."""

    before: Squad
    after: Squad
    damage: int

    @property
    def units_lost(self) -> int:
        """How many units dropped."""
        return self.before.units - self.after.units

    def text(self) -> str:
        """E.g. `squad takes 10: 27 -> 17 HP, 6 -> 4 units`."""
        b, a = self.before, self.after
        return f"squad takes {self.damage}: {b.pool} -> {a.pool} {a.pool_name}, {b.units} -> {a.units} units"


@dataclass(frozen=True, slots=True)
class SquadAttackResult:
    """A squad's one attack roll and the damage band it earned."""

    attack: AttackResult
    band: str

    def text(self) -> str:
        """The roll, then the band."""
        return f"squad attack: {self.attack.roll_text()}: {band_text(self.band)}"


@dataclass(frozen=True, slots=True)
class SquadDamage:
    """A squad's flat damage: per-unit average, units, armor after piercing, band."""

    average: Fraction
    units: int
    armor: int
    band: str

    @property
    def amount(self) -> int:
        """(average - armor) x units, times the band's share, rounded down, not below 0."""
        per_unit = max(Fraction(0), self.average - self.armor)
        return floor(per_unit * self.units * BAND_SHARE[self.band])

    def text(self) -> str:
        """E.g. `6.5 x 5 units, armor 0, full: 32 damage`."""
        armor = f" less armor {self.armor} each" if self.armor else ""
        return f"{float(self.average):g} x {self.units} units{armor}, {self.band}: {self.amount} damage"


def band_text(band: str) -> str:
    """'no damage', 'half damage' or 'full damage'."""
    return "no damage" if band == "none" else f"{band} damage"


def squad_hp(hd: int, units: int) -> int:
    """4.5 HP per hit die, summed over the squad, then rounded up (Seed 002, Squads)."""
    return ceil(HP_PER_HIT_DIE * hd * units)


def units_left(hp_left: int, hd: int, size: int) -> int:
    """Units standing: HP left / (4.5 x HD) rounded up, at most the squad's `size` (Ruling: Squads).

    The cap matters: a squad's HP is rounded up, so 5 units of 1 HD have 23 HP, and 23 / 4.5
    rounds up to 6.
    """
    return min(size, ceil(max(0, hp_left) / (HP_PER_HIT_DIE * hd)))


def new_squad(hd: int, units: int, heroic: bool = False) -> Squad:
    """A fresh squad: HP from 4.5 per HD, or a hit-dice pool of units x HD in heroic mode."""
    return Squad(hd, units, hd * units if heroic else squad_hp(hd, units), heroic)


def footprint_hexes(units: int) -> int:
    """Hexes a squad covers: one per 3 units, rounded up (Ruling: Squads)."""
    return -(-units // UNITS_PER_HEX)


def squad_band(face: int, total: int, ac: int, full_margin: int = BAND_MARGIN) -> str:
    """'none' at AC-3 or lower, 'half' within 2 of AC, 'full' at AC+3 or natural 20 (Seed 002);
    `full_margin` moves the full band for a group action (`group_volley`).

    A natural 1 is 'none' (our reading: the SWN core natural miss holds for squads too).
    """
    if face == 20:
        return "full"
    if face == 1 or total <= ac - BAND_MARGIN:
        return "none"
    return "full" if total >= ac + full_margin else "half"


def band_chances(setup: AttackSetup, full_margin: int = BAND_MARGIN) -> dict[str, Fraction]:
    """The exact chance of each band, counted over the d20 with the same test as resolving."""
    return dict(_bands(attack_modifier(setup), target_number(setup), full_margin))


def _bands(bonus: int, target: int, full_margin: int) -> tuple[tuple[str, Fraction], ...]:
    """(band, exact chance) of each band in `BANDS` order, for a roll of `bonus` against `target`."""
    counts = dict.fromkeys(BANDS, 0)
    for face in D20_FACES:
        counts[squad_band(face, face + bonus, target, full_margin)] += 1
    return tuple((band, Fraction(count, len(D20_FACES))) for band, count in counts.items())


@remembered("squad volleys", 1024)
def volley_mean(bonus: int, target: int, full_margin: int, weapon: str, units: int, armor: int,
                heroic: bool) -> tuple[tuple[tuple[str, Fraction], ...], Fraction]:
    """A squad volley's bands, each with its exact chance (`band_chances`), and the exact mean
    damage they make (`squad_damage` of each band; fixed heroic damage when `heroic`), for a roll
    of `bonus` against `target` (Seed 002, Squads). Pure in its numbers, so remembered: a squad
    in a standoff asks the same volley turn after turn."""
    bands = _bands(bonus, target, full_margin)
    mean = Fraction(0)
    for band, chance in bands:
        damage = squad_damage(weapon, units, band, armor=armor)
        mean += chance * (heroic_squad_damage(damage) if heroic else damage.amount)
    return bands, mean


def resolve_squad_attack(setup: AttackSetup, dice: DiceSource, full_margin: int = BAND_MARGIN) -> SquadAttackResult:
    """Roll the squad's attack and read its band (Seed 002, Squads: Attacks)."""
    attack = resolve_attack(setup, dice)
    return SquadAttackResult(attack, squad_band(attack.face, attack.total, attack.target, full_margin))


@dataclass(frozen=True, slots=True)
class GroupVolley:
    """A squad's volley read as a Many-on-One group action: the roll's bonus and the margin over
    the AC at which every unit succeeds (the full band)."""

    bonus: int
    full_margin: int


def group_volley(units: int) -> GroupVolley:
    """Seed 004's value chart on a squad acting together (Extending the Charts, with Seed 002
    Squads; our reading): the units' value is added to the one roll, and all of them succeed
    (full damage) at the AC + (value - 1) x 2, never less than seed 002's +3."""
    group = many_on_one(units)
    return GroupVolley(group.bonus, max(BAND_MARGIN, group.difficulty))


def squad_damage(weapon: str, units: int, band: str, armor: int = 0, piercing: int = 0) -> SquadDamage:
    """Average weapon damage x units, armor and piercing multiplied alike (Seed 002, Squads)."""
    average = Fraction(DiceExpression.parse(weapon).average()).limit_denominator(2)
    return SquadDamage(average, units, max(0, armor - piercing), band)


def heroic_squad_damage(damage: SquadDamage) -> int:
    """In heroic mode a squad's flat damage is fixed damage: 1 point per 4 (Seed 000, our reading)."""
    return fixed_heroic_damage(damage.amount)


def damage_squad(squad: Squad, damage: int) -> SquadHit:
    """Take damage from the squad's pool (HP, or hit dice in heroic mode)."""
    damage = max(0, damage)
    return SquadHit(squad, replace(squad, pool=max(0, squad.pool - damage)), damage)


def area_damage_vs_squad(damage: int, units_hit: int, units: int) -> int:
    """Area or suppression damage times the units it can reach (Seed 002, Squad Combat Notes)."""
    return damage * max(0, min(units_hit, units))


@dataclass(frozen=True, slots=True)
class SquadHealing:
    """Healing given to a squad: the pool before and after, and the squad rule that shaped it."""

    before: Squad
    after: Squad
    rule: str


def one_unit_cap(squad: Squad) -> int:
    """The largest pool at which one more unit stands than now (Seed 002, Squad Combat Notes)."""
    per_unit = Fraction(squad.hd) if squad.heroic else HP_PER_HIT_DIE * squad.hd
    return floor(per_unit * (squad.units + 1))


def heal_squad(squad: Squad, amount: int, maximum: int, tissue_field: bool = False) -> SquadHealing:
    """Heal a squad (Seed 002, Squad Combat Notes; docs/rules/squads.md).

    Ordinary healing brings back at most one unit: the pool stops where one more unit stands.
    Tissue Integrity Field heals every member, so its amount is multiplied by the squad's
    maximum units and no cap applies. The pool never passes `maximum`.
    """
    amount = max(0, amount)
    if tissue_field:
        pool, rule = squad.pool + amount * squad.size, f"x{squad.size} max units, Tissue Integrity Field"
    else:
        pool, rule = min(squad.pool + amount, one_unit_cap(squad)), "one unit at a time"
    return SquadHealing(squad, replace(squad, pool=min(maximum, pool)), rule)
