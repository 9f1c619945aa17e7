"""Seed 002's extra combat actions: shove, charges, disarm, intimidate, read morale.

Each is a pure function over an `AttackSetup` (odds come from `attack.hit_chance` on the
same setup) and a dice source, returning a value that keeps every roll for the log. Where
things land on the map is the world's business: results carry direction indices 0..5.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.swn.attack import AttackResult, AttackSetup, Modifier, resolve_attack
from game.rules.swn.damage import DamageRoll, roll_damage
from game.rules.dice import DiceSource, Roll, roll
from game.rules.swn.morale import MoraleChange, apply_factor
from game.rules.swn.saves import CheckResult, SaveResult, SkillRoll, roll_skill, saving_throw, skill_check

SHOVE_BASE_AC = 9  # Seed 002, Shove: AC 9 + the target's HD
SIGNIFICANTLY_STRONGER = 3
DISARM_DEFENDER_BONUS = 3  # Seed 002, Disarm
DISARM_DECIDES_MARGIN = 3
PILOT_BASE_DIFFICULTY = 6  # Seed 002, Charge (Vehicle/Mech): 6 + hexes moved
READ_MORALE_DIFFICULTY = 6  # Seed 002, Read Morale

# Seed 002, Charge (Vehicle/Mech): d6 per hex moved, by size class.
CHARGE_DICE_PER_HEX: dict[str, int] = {
    "suit_mech": 1,
    "ordinary_vehicle": 1,
    "light_mech": 2,
    "gravtank": 2,
    "heavy_mech": 4,
}


@dataclass(frozen=True, slots=True)
class DirectionRoll:
    """A random hex direction: 1d6, read as index 0..5 in the hexgrid's direction order."""

    roll: Roll

    @property
    def index(self) -> int:
        """The direction index, the roll minus one."""
        return self.roll.total - 1


def roll_direction(dice: DiceSource) -> DirectionRoll:
    """Roll 1d6 for a random one of the six hex directions (Ruling: Grenades)."""
    return DirectionRoll(roll("1d6", dice))


# --- Shove -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShoveResult:
    """A shove: the Punch attack; a hit pushes the target one hex (Seed 002, Shove)."""

    attack: AttackResult

    @property
    def pushed(self) -> bool:
        """A hit moves the target one hex away from the shover (Ruling: Shove)."""
        return self.attack.hit

    def text(self) -> str:
        """The attack, then whether the target was pushed."""
        return f"shove: {self.attack.text()}" + ("; pushed 1 hex" if self.pushed else "")


def shove_setup(
    punch: tuple[Modifier, ...], target_hd: int, significantly_stronger: bool = False
) -> AttackSetup:
    """A Punch attack against AC 9 + the target's HD, +3 if much stronger (Seed 002, Shove)."""
    stronger = Modifier("significantly stronger", SIGNIFICANTLY_STRONGER, "Seed 002, Shove")
    situational = (stronger,) if significantly_stronger else ()
    return AttackSetup(punch, SHOVE_BASE_AC + target_hd, situational=situational)


def shove(setup: AttackSetup, dice: DiceSource) -> ShoveResult:
    """Resolve a shove built with `shove_setup` (Seed 002, Shove)."""
    return ShoveResult(resolve_attack(setup, dice))


# --- Charge (Person) ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PersonChargeResult:
    """A person's charge: attack, 1d6 and weapon damage (the higher counts), the charger's save."""

    attack: AttackResult
    d6: Roll | None = None
    weapon: DamageRoll | None = None
    save: SaveResult | None = None

    @property
    def damage_roll(self) -> Roll | None:
        """The roll that counts: the weapon's if it is at least the 1d6, else the 1d6."""
        if self.d6 is None:
            return None
        if self.weapon is not None and self.weapon.total >= self.d6.total:
            return self.weapon.roll
        return self.d6

    @property
    def damage(self) -> int:
        """Damage to the target before armor; 0 on a miss."""
        chosen = self.damage_roll
        return 0 if chosen is None else max(0, chosen.total)

    @property
    def target_prone(self) -> bool:
        """A hit knocks the target prone."""
        return self.attack.hit

    @property
    def charger_prone(self) -> bool:
        """An unarmed charger who fails the Evasion save falls prone next to the target."""
        return self.save is not None and not self.save.success

    def text(self) -> str:
        """The attack, the damage and who ends up prone."""
        parts = [f"charge: {self.attack.text()}"]
        if self.attack.hit:
            parts.append(f"{self.damage} damage, target knocked prone")
        if self.save is not None:
            parts.append(self.save.text() + ("; charger falls prone" if self.charger_prone else ""))
        return "; ".join(parts)


def charge_person(
    setup: AttackSetup,
    dice: DiceSource,
    weapon: str | None = None,
    attribute_mod: int = 0,
    evasion_target: int | None = None,
) -> PersonChargeResult:
    """Charge a person: on a hit, max(1d6, weapon damage) and the target falls prone (Seed 002).

    `weapon` None is an unarmed charge; then `evasion_target` is required, and a failed
    Evasion save (made on a hit, our reading) leaves the charger prone too.
    """
    if weapon is None and evasion_target is None:
        raise ValueError("an unarmed charge needs the charger's Evasion save target")
    return charge_lands(resolve_attack(setup, dice), dice, weapon, attribute_mod, evasion_target)


def charge_lands(attack: AttackResult, dice: DiceSource, weapon: str | None = None, attribute_mod: int = 0,
                 evasion_target: int | None = None) -> PersonChargeResult:
    """The charge's attack roll as it stands (hero points may have added to it): on a hit, the
    damage dice and an unarmed charger's Evasion save (Seed 002, Charge (Person))."""
    if not attack.hit:
        return PersonChargeResult(attack)
    d6 = roll("1d6", dice)
    weapon_roll = roll_damage(weapon, dice, attribute_mod) if weapon is not None else None
    save = saving_throw(evasion_target, dice) if weapon is None else None
    return PersonChargeResult(attack, d6, weapon_roll, save)


# --- Charge (Vehicle/Mech) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VehicleChargeResult:
    """A vehicle or mech ramming: attack, per-hex damage, the Pilot check and its effects."""

    attack: AttackResult
    hexes_moved: int
    damage_roll: Roll | None = None
    pilot: CheckResult | None = None
    target_can_fall: bool = False

    @property
    def damage(self) -> int:
        """Damage to the target before its armor; 0 on a miss."""
        return 0 if self.damage_roll is None else self.damage_roll.total

    @property
    def charger_damage(self) -> int:
        """Pilot success: half the target's damage (rounded down); failure: the same."""
        if self.pilot is None:
            return 0
        return ram_recoil(self.damage, self.pilot.success)

    @property
    def target_prone(self) -> bool:
        """On a Pilot success, a target the charger's size or smaller (and able) falls prone."""
        return self.pilot is not None and self.pilot.success and self.target_can_fall

    @property
    def charger_prone(self) -> bool:
        """On a Pilot failure the charger is knocked prone."""
        return self.pilot is not None and not self.pilot.success

    def text(self) -> str:
        """The attack, the damage both ways and who falls."""
        parts = [f"ram after {self.hexes_moved} hexes: {self.attack.text()}"]
        if self.damage_roll is not None and self.pilot is not None:
            parts.append(f"{self.damage_roll.text()} to the target")
            parts.append(f"{self.pilot.text()}; charger takes {self.charger_damage}")
        return "; ".join(parts)


def charge_dice(size_class: str, hexes_moved: int) -> str:
    """The ram's damage dice: 1d6, 2d6 or 4d6 per hex moved by size class (Seed 002)."""
    if size_class not in CHARGE_DICE_PER_HEX:
        known = ", ".join(CHARGE_DICE_PER_HEX)
        raise ValueError(f"unknown charge size class {size_class!r}; known: {known}")
    if hexes_moved < 1:
        raise ValueError(f"a charge moves at least 1 hex, not {hexes_moved}")
    return f"{CHARGE_DICE_PER_HEX[size_class] * hexes_moved}d6"


def ram_recoil(damage: int, pilot_success: bool) -> int:
    """What a ram does to the charger: half the target's damage (rounded down) on a Pilot
    success, all of it on a failure (Seed 002, Charge (Vehicle/Mech))."""
    return damage // 2 if pilot_success else damage


def pilot_difficulty(hexes_moved: int) -> int:
    """The Pilot check after a ram: 6 + hexes moved (Seed 002)."""
    return PILOT_BASE_DIFFICULTY + hexes_moved


def charge_vehicle(
    setup: AttackSetup,
    dice: DiceSource,
    size_class: str,
    hexes_moved: int,
    pilot_parts: tuple[Modifier, ...],
    target_can_fall: bool,
) -> VehicleChargeResult:
    """Ram with a vehicle or mech (Seed 002, Charge (Vehicle/Mech)).

    `target_can_fall`: the target is the charger's size or smaller and able to go prone.
    """
    return ram_lands(resolve_attack(setup, dice), dice, size_class, hexes_moved, pilot_parts, target_can_fall)


def ram_lands(attack: AttackResult, dice: DiceSource, size_class: str, hexes_moved: int,
              pilot_parts: tuple[Modifier, ...], target_can_fall: bool) -> VehicleChargeResult:
    """The ram's attack roll as it stands (hero points may have added to it): on a hit, the
    damage dice and the Pilot check (Seed 002, Charge (Vehicle/Mech))."""
    expression = charge_dice(size_class, hexes_moved)
    if not attack.hit:
        return VehicleChargeResult(attack, hexes_moved)
    damage = roll(expression, dice)
    pilot = skill_check("Pilot", pilot_parts, pilot_difficulty(hexes_moved), dice)
    return VehicleChargeResult(attack, hexes_moved, damage, pilot, target_can_fall)


# --- Disarm ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DisarmResult:
    """A disarm: the melee attack, the opposed skill rolls, the outcome, any drop directions."""

    attack: AttackResult
    attacker: SkillRoll | None = None
    defender: SkillRoll | None = None
    drops: tuple[DirectionRoll, ...] = ()

    @property
    def margin(self) -> int:
        """Attacker's total minus the defender's (with its +3)."""
        if self.attacker is None or self.defender is None:
            return 0
        return self.attacker.total - self.defender.total

    @property
    def outcome(self) -> str:
        """'missed', 'attacker decides', 'weapon drops', 'both drop' or 'nothing'."""
        if not self.attack.hit:
            return "missed"
        return disarm_outcome(self.margin)

    def text(self) -> str:
        """The attack, both rolls and the outcome."""
        parts = [f"disarm: {self.attack.text()}"]
        if self.attacker is not None and self.defender is not None:
            parts += [self.attacker.text(), self.defender.text()]
        directions = ", ".join(f"direction {d.index}" for d in self.drops)
        return "; ".join(parts + [self.outcome + (f" ({directions})" if directions else "")])


def disarm_outcome(margin: int) -> str:
    """Win by 3+: attacker decides; by 1-2: the weapon drops; tie: both drop (Seed 002)."""
    if margin >= DISARM_DECIDES_MARGIN:
        return "attacker decides"
    if margin >= 1:
        return "weapon drops"
    return "both drop" if margin == 0 else "nothing"


def disarm(
    setup: AttackSetup,
    dice: DiceSource,
    attacker_parts: tuple[Modifier, ...],
    defender_parts: tuple[Modifier, ...],
) -> DisarmResult:
    """Melee attack, then opposed 2d6 skill rolls with the defender at +3 (Seed 002, Disarm).

    Drop directions are rolled 1d6 each: the defender's weapon first, then on a tie the
    attacker's.
    """
    attack = resolve_attack(setup, dice)
    if not attack.hit:
        return DisarmResult(attack)
    attacker, defender = disarm_rolls(attacker_parts, defender_parts, dice)
    return DisarmResult(attack, attacker, defender, drop_rolls(attacker.total - defender.total, dice))


def disarm_rolls(attacker_parts: tuple[Modifier, ...], defender_parts: tuple[Modifier, ...],
                 dice: DiceSource) -> tuple[SkillRoll, SkillRoll]:
    """The opposed 2d6 skill rolls after a disarm's hit, the defender at +3 (Seed 002, Disarm)."""
    attacker = roll_skill("disarm", attacker_parts, dice)
    defending = defender_parts + (Modifier("defending", DISARM_DEFENDER_BONUS, "Seed 002, Disarm"),)
    return attacker, roll_skill("resist", defending, dice)


def drop_rolls(margin: int, dice: DiceSource) -> tuple[DirectionRoll, ...]:
    """The directions the weapons drop in for this margin: the defender's weapon first, then on
    a tie the attacker's (Seed 002, Disarm)."""
    count = {"weapon drops": 1, "both drop": 2}.get(disarm_outcome(margin), 0)
    return tuple(roll_direction(dice) for _ in range(count))


def disarm_short_by(margin: int, attacker_lost: bool) -> int:
    """What hero point dice (seed 004) must add to turn the opposed rolls for whoever lost them:
    the attacker needs to win by 1 (its weapon then stays in hand); the defender, whom a tie
    disarms too, must come out above the attacker (Seed 002, Disarm; our reading)."""
    return 1 - margin if attacker_lost else margin + 1


# --- Intimidate and Read Morale ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IntimidateResult:
    """An Intimidate: the check (none if refused), and the morale change on a success."""

    check: CheckResult | None
    change: MoraleChange | None = None
    refused: str = ""

    @property
    def success(self) -> bool:
        """The enemy side lost 1 morale."""
        return self.change is not None

    def text(self) -> str:
        """The check and the morale change, or why no check was made."""
        if self.check is None:
            return f"intimidate: {self.refused}"
        change = f"; {self.change.text()}" if self.change else ""
        return f"intimidate: {self.check.text()}{change}"


def intimidate(
    parts: tuple[Modifier, ...], enemy_morale: int, dice: DiceSource, enemy_immune: bool = False
) -> IntimidateResult:
    """Lead/Cha check vs the enemy side's morale; success costs it 1 (Seed 002, Intimidate).

    `enemy_immune`: the side was already intimidated this round (or ignores morale).
    """
    if enemy_immune:
        return IntimidateResult(None, refused="that side cannot be intimidated again this round")
    check = skill_check("Intimidate", parts, enemy_morale, dice)
    change = apply_factor(enemy_morale, "intimidated") if check.success else None
    return IntimidateResult(check, change)


def read_morale(parts: tuple[Modifier, ...], dice: DiceSource) -> CheckResult:
    """Notice/Wis (or Cha) check vs 6; success reveals every visible side's morale (Seed 002)."""
    return skill_check("Read Morale", parts, READ_MORALE_DIFFICULTY, dice)
