"""Attack rolls: named modifiers, exact odds and resolution from the same code (SWN core, Seed 002).

The window's hit chance and the engine's result both go through `_lands`, so they cannot
disagree (the Battle for Wesnoth habit). Callers hand in plain numbers: distances in hexes,
the target's AC, its concealment bonus; cover armor belongs to damage, not to the hit roll.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.memo import remembered
from game.hexgrid import range_in_hexes
from game.rules.dice import DiceSource, Roll, roll
from game.rules.modifier import Modifier
from game.rules.swn.morale import morale_band

D20_FACES = tuple(range(1, 21))

# SWN core situational modifiers (defaults) and Seed 002 additions, by name.
BURST_FIRE = 2
LONG_RANGE = -2
LONG_GUN_ENEMY_ADJACENT = -4
OVERWATCH = -2  # Seed 002, Overwatch
AIMED_SHOT = -4  # Seed 002, Aimed Shot
MELEE_VS_PRONE = 2
RANGED_VS_PRONE = -2
UNTRAINED = -2
TOTAL_DEFENSE_AC = 2
PRONE_CONCEALMENT = 2  # Seed 002: "lying prone from a distance" is Partly Obscured

RANGE_BANDS = ("normal", "long", "out_of_range")

# SWN core: Warrior attack bonus = level, Expert and Psychic = level // 2.
PC_ATTACK_PROGRESSION = {"warrior": 1, "expert": 2, "psychic": 2}


ATTACK_ROLL = "SWN core, attack rolls"
"""The d20 roll itself, and the attribute and skill added to it."""
ARMOR_CLASS = "SWN core, armor class"
ARMOR = "SWN core, armor"
"""Armor taken off a hit's damage."""
DAMAGE = "SWN core, damage"
COVER_AND_CONCEALMENT = "Seed 002, Cover and Concealment"
MORALE_THRESHOLD = "Seed 002, Morale Threshold"
TOTAL_DEFENSE = "SWN core, Total Defense"


@dataclass(frozen=True, slots=True)
class AttackSetup:
    """Everything that decides a hit: attack parts, situational parts, AC parts, concealment."""

    bonus: tuple[Modifier, ...]
    target_ac: int
    concealment: int = 0
    situational: tuple[Modifier, ...] = ()
    defence: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True)
class Situation:
    """The circumstances of one attack, as flags a system reads off the world.

    `prone_as_concealment` (default, Ruling: Cover and concealment) counts a prone target
    more than one hex away as Partly Obscured instead of the SWN core -2 penalty, so the
    two never stack; set it False to use the core penalty instead.
    """

    melee: bool = False
    range_band: str = "normal"
    burst: bool = False
    long_gun_enemy_adjacent: bool = False
    overwatch: bool = False
    aimed: bool = False
    target_prone: bool = False
    distance_hexes: int = 1
    untrained: bool = False
    attacker_morale: int | None = None
    target_morale: int | None = None
    total_defense: bool = False
    prone_as_concealment: bool = True

    def __post_init__(self) -> None:
        """A setup out of range is a caller bug: the system refuses the attack before this."""
        if self.range_band not in ("normal", "long"):
            raise ValueError(f"cannot attack with range band {self.range_band!r}")


@dataclass(frozen=True, slots=True)
class AttackResult:
    """A resolved attack: the d20 roll, every modifier, the total and whether it hit."""

    setup: AttackSetup
    roll: Roll
    face: int
    total: int
    target: int
    hit: bool

    @property
    def natural(self) -> bool:
        """True when the die showed 1 or 20, which decide the attack on their own."""
        return self.face in (1, 20)

    def text(self) -> str:
        """For the log, e.g. `d20 14 +3 attack bonus -2 long range = 15 vs 15 (AC 13 +2 concealment): hit`."""
        return f"{self.roll_text()}: {'hit' if self.hit else 'miss'}"

    def roll_text(self) -> str:
        """The roll without a verdict, for rules that read the total their own way (squads)."""
        parts = "".join(f" {m.text()}" for m in modifier_breakdown(self.setup))
        note = f", natural {self.face}" if self.natural else ""
        return f"d20 {self.face}{parts} = {self.total} vs {self.target}{_target_text(self.setup)}{note}"


def _target_text(setup: AttackSetup) -> str:
    """How the target number is made up, when it is more than the bare AC."""
    extra = target_breakdown(setup)[1:]
    if not extra:
        return ""
    return f" (AC {setup.target_ac}{''.join(f' {m.text()}' for m in extra)})"


@remembered("range bands", 1024)
def range_band(distance_hexes: int, normal_m: int, max_m: int) -> str:
    """'normal', 'long' or 'out_of_range' for a ranged weapon (SWN core, Ruling: Grid). Asked for
    every target of every attack option, with few distinct answers: each is worked out once."""
    if distance_hexes <= range_in_hexes(normal_m):
        return "normal"
    if distance_hexes <= range_in_hexes(max_m):
        return "long"
    return "out_of_range"


def pc_attack_bonus(pc_class: str, level: int) -> int:
    """PC attack bonus: Warrior = level, Expert/Psychic = level // 2 (SWN core)."""
    divisor = PC_ATTACK_PROGRESSION.get(pc_class.lower())
    if divisor is None:
        known = ", ".join(sorted(PC_ATTACK_PROGRESSION))
        raise ValueError(f"unknown class {pc_class!r}; known classes: {known}")
    return level // divisor


def _morale_attack(score: int | None) -> list[Modifier]:
    """The attacking side's morale band attack modifier, if any (Seed 002, Morale Threshold)."""
    if score is None:
        return []
    band = morale_band(score)
    return [Modifier(f"{band.name.lower()} morale", band.attack, MORALE_THRESHOLD)] if band.attack else []


def _prone_modifiers(s: Situation) -> list[Modifier]:
    """Melee vs prone +2; ranged vs prone beyond 1 hex -2 unless read as concealment (SWN core)."""
    if not s.target_prone:
        return []
    if s.melee:
        return [Modifier("melee vs prone", MELEE_VS_PRONE, "SWN core, prone")]
    if s.distance_hexes > 1 and not s.prone_as_concealment:
        return [Modifier("ranged vs prone beyond 1 hex", RANGED_VS_PRONE, "SWN core, prone")]
    return []


_BURST_FIRE = Modifier("burst fire", BURST_FIRE, "SWN core, burst fire")
_LONG_RANGE = Modifier("long range", LONG_RANGE, "SWN core, ranged attacks")
_LONG_GUN_ENEMY_ADJACENT = Modifier("long gun with enemy adjacent", LONG_GUN_ENEMY_ADJACENT, "SWN core, ranged attacks")
_OVERWATCH = Modifier("overwatch", OVERWATCH, "Seed 002, Overwatch")
_AIMED_SHOT = Modifier("aimed shot", AIMED_SHOT, "Seed 002, Aimed Shot")
_UNTRAINED = Modifier("untrained", UNTRAINED, "SWN core, skills")


def situational_modifiers(s: Situation) -> tuple[Modifier, ...]:
    """The to-hit modifiers the situation gives, in a fixed order (SWN core, Seed 002)."""
    flagged = (
        (s.burst, _BURST_FIRE),
        (not s.melee and s.range_band == "long", _LONG_RANGE),
        (s.long_gun_enemy_adjacent, _LONG_GUN_ENEMY_ADJACENT),
        (s.overwatch, _OVERWATCH),
        (s.aimed, _AIMED_SHOT),
        (s.untrained, _UNTRAINED),
    )
    parts = [modifier for on, modifier in flagged if on]
    return tuple(parts + _prone_modifiers(s) + _morale_attack(s.attacker_morale))


def defence_modifiers(s: Situation) -> tuple[Modifier, ...]:
    """AC modifiers from the target's side: Total Defense, its morale band (SWN core, Seed 002)."""
    parts = [Modifier("total defense", TOTAL_DEFENSE_AC, TOTAL_DEFENSE)] if s.total_defense else []
    if s.target_morale is not None:
        band = morale_band(s.target_morale)
        if band.ac:
            parts.append(Modifier(f"{band.name.lower()} morale", band.ac, MORALE_THRESHOLD))
    return tuple(parts)


def situation_concealment(s: Situation, terrain_concealment: int = 0) -> int:
    """The concealment that applies: the largest of terrain and prone-at-range (Ruling: Cover)."""
    prone_far = s.target_prone and not s.melee and s.distance_hexes > 1 and s.prone_as_concealment
    return max(terrain_concealment, PRONE_CONCEALMENT if prone_far else 0)


def make_setup(
    bonus: tuple[Modifier, ...], target_ac: int, situation: Situation, terrain_concealment: int = 0
) -> AttackSetup:
    """Build the setup for one attack from its parts and the situation."""
    return AttackSetup(
        bonus=bonus,
        target_ac=target_ac,
        concealment=situation_concealment(situation, terrain_concealment),
        situational=situational_modifiers(situation),
        defence=defence_modifiers(situation),
    )


def modifier_breakdown(setup: AttackSetup) -> tuple[Modifier, ...]:
    """Every named part added to the d20, attack parts first, zero parts left out."""
    return tuple(m for m in setup.bonus + setup.situational if m.value)


def target_breakdown(setup: AttackSetup) -> tuple[Modifier, ...]:
    """Every named part of the number to reach: AC, concealment, defence modifiers."""
    parts = [Modifier("AC", setup.target_ac, ARMOR_CLASS)]
    if setup.concealment:
        parts.append(Modifier("concealment", setup.concealment, COVER_AND_CONCEALMENT))
    return tuple(parts + [m for m in setup.defence if m.value])


def attack_modifier(setup: AttackSetup) -> int:
    """The sum of everything added to the d20."""
    return sum(m.value for m in modifier_breakdown(setup))


def target_number(setup: AttackSetup) -> int:
    """The total the attack must reach: AC + concealment + defence modifiers."""
    return sum(m.value for m in target_breakdown(setup))


def _lands(face: int, total: int, target: int) -> bool:
    """Natural 1 misses, natural 20 hits, otherwise total >= target (SWN core)."""
    if face == 1:
        return False
    return face == 20 or total >= target


def hit_chance(setup: AttackSetup) -> Fraction:
    """The exact chance to hit, counted over the 20 faces of the d20."""
    return chance_for(attack_modifier(setup), target_number(setup))


@remembered("hit chances", 1024)
def chance_for(bonus: int, target: int) -> Fraction:
    """The faces of the d20 that hit with this bonus against this target, as a chance; a
    handful of (bonus, target) pairs come up, so each is counted once (bounded memory)."""
    hits = sum(1 for face in D20_FACES if _lands(face, face + bonus, target))
    return Fraction(hits, len(D20_FACES))


def resolve_attack(setup: AttackSetup, dice: DiceSource) -> AttackResult:
    """Roll the d20 and decide the attack with the same test `hit_chance` counts."""
    d20 = roll("1d20", dice)
    face = d20.faces[0]
    total = face + attack_modifier(setup)
    target = target_number(setup)
    return AttackResult(setup, d20, face, total, target, _lands(face, total, target))


def with_part(result: AttackResult, part: Modifier) -> AttackResult:
    """The same roll with one more named part added to it, judged again (a hero point's die, seed 004)."""
    setup = replace(result.setup, situational=result.setup.situational + (part,))
    total = result.face + attack_modifier(setup)
    return replace(result, setup=setup, total=total, hit=_lands(result.face, total, result.target))


def needed_face(setup: AttackSetup) -> int:
    """The lowest d20 face that hits (2..20): what the window shows as "needs N"."""
    return face_needed_for(attack_modifier(setup), target_number(setup))


@remembered("faces needed", 1024)
def face_needed_for(bonus: int, target: int) -> int:
    """`needed_face` from the totals: the lowest face that hits with this bonus against this
    target (a handful of pairs come up, each worked out once)."""
    return next(face for face in D20_FACES if _lands(face, face + bonus, target))
