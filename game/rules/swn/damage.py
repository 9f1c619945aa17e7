"""Damage: rolling it, armor, shock, and what it does to NPCs, PCs and vehicles (SWN core, Seed 000).

Normal damage is read straight; in heroic mode damage to a person is read on the conversion
table (`game.rules.swn.heroic`). Every application returns a small value with its log text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product

from game.memo import remembered
from game.rules.swn.attack import Modifier
from game.rules.dice import DiceExpression, DiceSource, Roll, roll
from game.rules.swn.heroic import HeroicReading, heroic_points, table_points
from game.rules.swn.saves import CheckResult, skill_check

BURST_DAMAGE = 2  # SWN core: burst fire adds +2 damage
HEROIC_DAMAGE = "Seed 000, Damage Conversion Table"
"""The rule a hit's damage is read by under heroic combat (the table's points, not hit points)."""
MORTAL_WOUND_ROUNDS = 6  # SWN core: a mortally wounded PC dies after 6 rounds
STABILISE_BASE = 8  # SWN core: Heal difficulty 8 + rounds since the fall

UP, MORTALLY_WOUNDED, STABLE, DEAD = "up", "mortally wounded", "stable", "dead"


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """A damage roll (weapon dice + attribute + burst) and its total, never below 0."""

    roll: Roll

    @property
    def total(self) -> int:
        """The damage done before armor; a negative attribute cannot make it heal."""
        return max(0, self.roll.total)

    def text(self) -> str:
        """E.g. `1d12+attribute+burst: [7] +1 attribute +2 burst = 10 damage`."""
        return f"{self.roll.text()} damage"


@dataclass(frozen=True, slots=True)
class Shock:
    """A melee weapon's "Shock X / AC Y": X damage on a miss against AC Y or less (SWN core)."""

    damage: int
    max_ac: int


@dataclass(frozen=True, slots=True)
class PoolHit:
    """Damage taken from a pool (NPC or vehicle HP, heroic NPC hit dice, a Nemesis's HP)."""

    pool: str
    before: int
    damage: int

    @property
    def after(self) -> int:
        """What is left; never below 0."""
        return max(0, self.before - self.damage)

    @property
    def down(self) -> bool:
        """At 0 the NPC is dead or out of the fight, the vehicle wrecked (SWN core)."""
        return self.after == 0

    @property
    def excess(self) -> int:
        """Damage beyond what dropped the target: heroic overflow (Seed 000, Overflow Damage)."""
        return max(0, self.damage - self.before)

    def text(self) -> str:
        """E.g. `takes 3: 1 -> 0 HD, down (2 to spare)`."""
        down = ", down" if self.down else ""
        spare = f" ({self.excess} to spare)" if self.excess else ""
        return f"takes {self.damage}: {self.before} -> {self.after} {self.pool}{down}{spare}"


@dataclass(frozen=True, slots=True)
class PcHealth:
    """A PC's hit points and dying state (`up`, `mortally wounded`, `stable`, `dead`)."""

    hp: int
    max_hp: int
    state: str = UP
    rounds_since_fall: int = 0


@dataclass(frozen=True, slots=True)
class PcHit:
    """Damage to a PC: health before and after."""

    before: PcHealth
    after: PcHealth
    damage: int

    def text(self) -> str:
        """E.g. `takes 5: 3 -> 0 HP, mortally wounded`."""
        state = f", {self.after.state}" if self.after.state != UP else ""
        return f"takes {self.damage}: {self.before.hp} -> {self.after.hp} HP{state}"


@dataclass(frozen=True, slots=True)
class StabiliseResult:
    """A Heal check on a mortally wounded PC and the health it leaves."""

    check: CheckResult
    after: PcHealth

    def text(self) -> str:
        """The check, then whether the PC is stable."""
        return f"{self.check.text()}; {self.after.state}"


def roll_damage(weapon: str, dice: DiceSource, attribute_mod: int = 0, burst: bool = False) -> DamageRoll:
    """Weapon dice + attribute modifier (+2 for burst fire) (SWN core)."""
    named: dict[str, int] = {}
    expression = weapon
    if attribute_mod:
        expression, named["attribute"] = f"{expression}+attribute", attribute_mod
    if burst:
        expression, named["burst"] = f"{expression}+burst", BURST_DAMAGE
    return DamageRoll(roll(expression, dice, **named))


def effective_armor(sources: Iterable[int], piercing: int = 0) -> int:
    """The single best armor (armor never stacks, Seed 002) less armor piercing, not below 0."""
    return max(0, max(sources, default=0) - piercing)


def after_armor(damage: int, armor: int) -> int:
    """Damage left once armor is subtracted, never below 0 (SWN core)."""
    return max(0, damage - armor)


def shock_damage(shock: Shock | None, target_ac: int, attribute_mod: int = 0, heroic: bool = False) -> int:
    """Damage a missed melee attack still does: X + attribute vs AC <= Y; none in heroic mode.

    `target_ac` is the number the attack was rolled against (`AttackResult.target`).
    """
    if shock is None or heroic or target_ac > shock.max_ac:
        return 0
    return max(0, shock.damage + attribute_mod)


def reads_on_table(heroic: bool, target_is_vehicle: bool) -> bool:
    """Heroic damage to a person uses the table; damage to vehicles is read straight (Seed 000)."""
    return heroic and not target_is_vehicle


def heroic_reading(damage: Roll, armor: int = 0) -> HeroicReading:
    """Read a roll on the table, cover armor counted as a penalty on the highest die (our ruling)."""
    if armor:
        armored = damage.modifiers + (("armor", -armor),)
        damage = replace(damage, modifiers=armored, total=damage.total - armor)
    return heroic_points(damage)


def damage_pool(before: int, damage: int, pool: str = "HP") -> PoolHit:
    """Take damage from an NPC's or vehicle's HP, or a heroic NPC's hit dice (SWN core, Seed 000)."""
    return PoolHit(pool, before, max(0, damage))


def damage_pc(health: PcHealth, damage: int, heroic: bool = False) -> PcHit:
    """Damage a PC: at 0 HP mortally wounded (heroic: stable); hurt again while down, dead."""
    if damage <= 0 or health.state == DEAD:
        return PcHit(health, health, max(0, damage))
    if health.hp == 0:
        return PcHit(health, replace(health, state=DEAD), damage)
    hp = max(0, health.hp - damage)
    fallen = STABLE if heroic else MORTALLY_WOUNDED
    after = replace(health, hp=hp, state=fallen if hp == 0 else UP, rounds_since_fall=0)
    return PcHit(health, after, damage)


def mortal_wound_ticks(health: PcHealth) -> PcHealth:
    """One more round bleeding out; the sixth kills (call at the start of the PC's turns)."""
    if health.state != MORTALLY_WOUNDED:
        return health
    rounds = health.rounds_since_fall + 1
    state = DEAD if rounds >= MORTAL_WOUND_ROUNDS else health.state
    return replace(health, rounds_since_fall=rounds, state=state)


def stabilise_difficulty(rounds_since_fall: int) -> int:
    """The Heal check difficulty: 8 + rounds since the fall (SWN core)."""
    return STABILISE_BASE + rounds_since_fall


def stabilise(health: PcHealth, parts: tuple[Modifier, ...], dice: DiceSource) -> StabiliseResult:
    """A Heal check to stop a mortally wounded PC dying (SWN core)."""
    if health.state != MORTALLY_WOUNDED:
        raise ValueError(f"only a mortally wounded PC can be stabilised, not one who is {health.state}")
    check = skill_check("Heal", parts, stabilise_difficulty(health.rounds_since_fall), dice)
    return StabiliseResult(check, replace(health, state=STABLE) if check.success else health)


def _sum_distribution(die_sizes: tuple[int, ...]) -> dict[int, Fraction]:
    """The exact chance of each total of these dice (a convolution, so 10d6 costs nothing)."""
    totals = {0: Fraction(1)}
    for sides in die_sizes:
        step: dict[int, Fraction] = {}
        for total, chance in totals.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, Fraction(0)) + chance / sides
        totals = step
    return totals


def _heroic_distribution(die_sizes: tuple[int, ...], bonus: int) -> dict[int, Fraction]:
    """The exact chance of each heroic reading: every die on the table, the bonus (armor
    included, as a penalty) on the highest (Seed 000). Tracked as (highest face, points of the
    others), so it never enumerates every combination of faces."""
    states = {(0, 0): Fraction(1)}
    for sides in die_sizes:
        step: dict[tuple[int, int], Fraction] = {}
        for (high, others), chance in states.items():
            for face in range(1, sides + 1):
                if face > high:  # the new die is the highest so far; the old highest counts plainly
                    key = (face, others + (table_points(high) if high else 0))
                else:
                    key = (high, others + table_points(face))
                step[key] = step.get(key, Fraction(0)) + chance / sides
        states = step
    points: dict[int, Fraction] = {}
    for (high, others), chance in states.items():
        total = others + table_points(high + bonus)
        points[total] = points.get(total, Fraction(0)) + chance
    return points


@remembered("expected damage", 4096)
def expected_damage(expression: str, attribute_mod: int = 0, burst: bool = False, armor: int = 0,
                    heroic: bool = False) -> Fraction:
    """The exact mean damage of one hit after armor: read straight (SWN core), or on the heroic
    table for a person in heroic mode (Seed 000), as `roll_damage` and `heroic_reading` apply it.
    Remembered: a fight asks the same few questions again and again."""
    parsed = DiceExpression.parse(expression)
    bonus = parsed.bonus() + attribute_mod + (BURST_DAMAGE if burst else 0)
    sizes = parsed.die_sizes
    if heroic and sizes:
        spread = _heroic_distribution(sizes, bonus - armor)
        return sum((points * chance for points, chance in spread.items()), Fraction(0))
    spread = _sum_distribution(sizes)
    return sum((after_armor(max(0, total + bonus), armor) * chance for total, chance in spread.items()), Fraction(0))


def expected_charge_blow(weapon: str | None, attribute_mod: int, armor: int, heroic: bool) -> Fraction:
    """The exact mean damage of a person's charge blow once it hits, after armor: the weapon's
    roll (its dice + the attribute) when it is at least the 1d6, else the 1d6 (Seed 002, Charge
    (Person); `charge_lands`); bare-handed, the 1d6. Read on the heroic table when `heroic`."""
    if weapon is None:
        return expected_damage("1d6", 0, False, armor, heroic)
    parsed = DiceExpression.parse(weapon)
    bonus = parsed.bonus() + attribute_mod
    combos = list(product(*(range(1, sides + 1) for sides in parsed.die_sizes)))
    points = 0  # whole points over every equally likely (d6, weapon faces) outcome: one Fraction at the end
    for d6 in range(1, 7):
        for faces in combos:
            points += (_blow_points(faces, bonus, armor, heroic) if sum(faces) + bonus >= d6
                       else _blow_points((d6,), 0, armor, heroic))
    return Fraction(points, 6 * len(combos))


def _blow_points(faces: tuple[int, ...], bonus: int, armor: int, heroic: bool) -> int:
    """One roll's damage after armor: read straight (SWN core), or on the heroic table with the
    bonus less the armor on the highest die (Seed 000, as `heroic_reading` reads it)."""
    if not heroic or not faces:
        return after_armor(max(0, sum(faces) + bonus), armor)
    highest = faces.index(max(faces))
    return sum(table_points(face + (bonus - armor if i == highest else 0)) for i, face in enumerate(faces))
