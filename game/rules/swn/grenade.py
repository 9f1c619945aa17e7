"""Grenades and other thrown area explosives (Seed 002, Grenades & Cover; Ruling: Grenades).

The throw is an attack against AC 10 plus the target's concealment. A hit lands in the
target's hex; a miss scatters 1d3 hexes in a random direction. Every victim in the blast
rolls its own Evasion save for half. Area damage never overflows (Seed 000).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.swn.attack import AttackResult, AttackSetup, Modifier, Situation, make_setup, resolve_attack
from game.rules.swn.damage import after_armor, heroic_reading
from game.rules.dice import DiceSource, Roll, roll
from game.rules.swn.maneuvers import DirectionRoll, roll_direction
from game.rules.swn.saves import SaveResult, half_on_save, saving_throw

GRENADE_BASE_AC = 10  # Seed 002: base AC 10 + the target's concealment
BLAST_RADIUS_HEXES = 1  # Ruling: Grenades, 5 m = the landing hex and its 6 neighbours
SCATTER_DICE = "1d3"  # Seed 002: lands 1d3 hexes away on a miss
AREA_DAMAGE_OVERFLOWS = False  # Seed 000, Overflow Damage


@dataclass(frozen=True, slots=True)
class Scatter:
    """Where a missed grenade goes: 1d3 hexes in direction index 0..5 (1d6 - 1)."""

    distance_roll: Roll
    direction: DirectionRoll

    @property
    def hexes(self) -> int:
        """How many hexes from the target hex it lands."""
        return self.distance_roll.total

    @property
    def direction_index(self) -> int:
        """The hex direction, 0..5, in the hexgrid's order."""
        return self.direction.index

    def text(self) -> str:
        """E.g. `scatters 2 hexes in direction 4`."""
        return f"scatters {self.hexes} hexes in direction {self.direction_index}"


@dataclass(frozen=True, slots=True)
class GrenadeThrow:
    """A throw: the attack and, on a miss, its scatter."""

    attack: AttackResult
    scatter: Scatter | None = None

    @property
    def on_target(self) -> bool:
        """A hit lands in the target's hex."""
        return self.attack.hit

    @property
    def ignores_cover(self) -> bool:
        """On a hit the target gets no armor from cover (Seed 002)."""
        return self.attack.hit

    def text(self) -> str:
        """The attack, then where it lands."""
        where = "lands on the target" if self.scatter is None else self.scatter.text()
        return f"grenade: {self.attack.text()}; {where}"


@dataclass(frozen=True, slots=True)
class BlastHit:
    """What the blast does to one victim: its save, the armor it had, the damage it takes."""

    save: SaveResult | None
    armor: int
    damage: int

    def text(self) -> str:
        """E.g. `Evasion save d20 15 vs 14: saved; takes 3`."""
        save = f"{self.save.text()}; " if self.save else ""
        armor = f" after armor {self.armor}" if self.armor else ""
        return f"{save}takes {self.damage}{armor}"


def grenade_setup(bonus: tuple[Modifier, ...], situation: Situation, concealment: int = 0) -> AttackSetup:
    """The throw's setup: AC 10 + the target's concealment (Seed 002, Grenades & Cover)."""
    return make_setup(bonus, GRENADE_BASE_AC, situation, concealment)


def roll_scatter(dice: DiceSource) -> Scatter:
    """Roll where a missed grenade lands: 1d3 hexes, then 1d6 for the direction (Ruling)."""
    distance = roll(SCATTER_DICE, dice)
    return Scatter(distance, roll_direction(dice))


def throw_grenade(setup: AttackSetup, dice: DiceSource) -> GrenadeThrow:
    """Resolve a throw; a miss scatters (Seed 002, Grenades & Cover)."""
    attack = resolve_attack(setup, dice)
    return GrenadeThrow(attack, None if attack.hit else roll_scatter(dice))


def blast_damage(damage: int, saved: bool, armor: int = 0) -> int:
    """One victim's damage: armor first, then half on a save (rounded down), our ordering."""
    return half_on_save(after_armor(damage, armor), saved)


def blast_victim(
    damage: Roll, save_target: int, dice: DiceSource, armor: int = 0, heroic: bool = False
) -> BlastHit:
    """Roll one victim's Evasion save and work out its damage from the blast's one roll.

    `armor`: the victim's best armor against this blast (cover between the landing hex and
    the victim, 0 for the target of a hit). In heroic mode the roll is read on the table
    for each victim, then halved on a save.
    """
    return blast_outcome(damage, saving_throw(save_target, dice), armor, heroic)


def blast_outcome(damage: Roll, save: SaveResult, armor: int = 0, heroic: bool = False) -> BlastHit:
    """One victim's damage from the blast's one roll, given its Evasion save (Seed 002, Grenades)."""
    if heroic:
        return BlastHit(save, armor, half_on_save(heroic_reading(damage, armor).points, save.success))
    return BlastHit(save, armor, blast_damage(max(0, damage.total), save.success, armor))
