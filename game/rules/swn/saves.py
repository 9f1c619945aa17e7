"""Saving throws (d20) and skill checks (2d6), each with exact odds from the same test (SWN core).

Skill checks live here rather than in morale: stabilising, charging, disarming, intimidating
and reading morale all use them, and a check is the 2d6 sibling of a save.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from game.rules.swn.attack import Modifier
from game.rules.dice import DiceSource, Roll, roll

UNTRAINED_SKILL = -1  # SWN core: no skill at all counts as level -1
SKILL_CHECK = "SWN core, skill checks"
"""The rule a check's skill and attribute parts come from."""
SAVE_NAMES = ("Physical", "Evasion", "Mental", "Luck")


@dataclass(frozen=True, slots=True)
class SaveResult:
    """A saving throw: the d20, the score to reach and whether it succeeded."""

    name: str
    roll: Roll
    target: int
    success: bool

    @property
    def face(self) -> int:
        """The d20 face."""
        return self.roll.faces[0]

    @property
    def bought(self) -> int:
        """What hero points added to the d20 (seed 004), 0 when none."""
        return sum(value for name, value in self.roll.modifiers if name == "hero points")

    def text(self) -> str:
        """E.g. `Evasion save d20 12 vs 14: failed` (`d20 3 +10 hero points` when points were spent)."""
        verdict = "saved" if self.success else "failed"
        bought = f" +{self.bought} hero points" if self.bought else ""
        return f"{self.name} save d20 {self.face}{bought} vs {self.target}: {verdict}"


def with_bought(save: SaveResult, roll: Roll) -> SaveResult:
    """The save judged again on the roll with the bought dice added (seed 004): the face still
    decides a natural 1 or 20, otherwise the total must reach the target."""
    face = save.face
    success = face != 1 and (face == 20 or roll.total >= save.target)
    return SaveResult(save.name, roll, save.target, success)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A 2d6 skill check: the roll, its named parts, the difficulty and the outcome."""

    name: str
    roll: Roll
    parts: tuple[Modifier, ...]
    difficulty: int

    @property
    def total(self) -> int:
        """2d6 plus every part."""
        return self.roll.total + sum(m.value for m in self.parts)

    @property
    def success(self) -> bool:
        """Equal to or above the difficulty succeeds (SWN core)."""
        return _passes(self.total, self.difficulty)

    @property
    def margin(self) -> int:
        """How far above (or below, negative) the difficulty the total landed."""
        return self.total - self.difficulty

    def text(self) -> str:
        """E.g. `Pilot check 2d6 [4, 3] +2 Pilot +1 Dex = 10 vs 9: success`."""
        faces = ", ".join(map(str, self.roll.faces))
        parts = "".join(f" {m.text()}" for m in self.parts if m.value)
        verdict = "success" if self.success else "failure"
        return f"{self.name} check 2d6 [{faces}]{parts} = {self.total} vs {self.difficulty}: {verdict}"


def _passes(total: int, difficulty: int) -> bool:
    """A check succeeds on a total equal to or above its difficulty (SWN core)."""
    return total >= difficulty


@dataclass(frozen=True, slots=True)
class SkillRoll:
    """A 2d6 skill roll with no fixed difficulty, for opposed rolls (Seed 002, Disarm)."""

    name: str
    roll: Roll
    parts: tuple[Modifier, ...]

    @property
    def total(self) -> int:
        """2d6 plus every part."""
        return self.roll.total + sum(m.value for m in self.parts)

    def text(self) -> str:
        """E.g. `Stab 2d6 [4, 3] +1 Stab +3 defending = 11`."""
        faces = ", ".join(map(str, self.roll.faces))
        parts = "".join(f" {m.text()}" for m in self.parts if m.value)
        return f"{self.name} 2d6 [{faces}]{parts} = {self.total}"


def npc_save_target(hit_dice: int) -> int:
    """An NPC's save score: 15 minus half its hit dice, rounded down (SWN core)."""
    return 15 - hit_dice // 2


PC_SAVE_BASE = 16
EVASION_ATTRIBUTES = ("dex", "int")


def pc_save_target(level: int, best_attribute_mod: int) -> int:
    """A PC's save score: 16 - level - the better of the save's two attribute modifiers.

    SWN Revised; the shared core notes give only the NPC rule, so this is our reading
    (docs/rules/combat.md). Evasion uses Dex or Int.
    """
    return PC_SAVE_BASE - level - best_attribute_mod


def _saved(face: int, target: int) -> bool:
    """Natural 1 fails, natural 20 succeeds, otherwise face >= target (SWN core)."""
    if face == 1:
        return False
    return face == 20 or face >= target


def save_chance(target: int) -> Fraction:
    """The exact chance a save against `target` succeeds, counted over the d20."""
    return Fraction(sum(1 for face in range(1, 21) if _saved(face, target)), 20)


def saving_throw(target: int, dice: DiceSource, name: str = "Evasion") -> SaveResult:
    """Roll a d20 save against `target` (SWN core)."""
    d20 = roll("1d20", dice)
    return SaveResult(name, d20, target, _saved(d20.faces[0], target))


def half_on_save(damage: int, saved: bool) -> int:
    """Damage after an Evasion save for half: halved, rounded down (SWN core)."""
    return damage // 2 if saved else damage


def skill_parts(skill: str, level: int | None, attribute: str, attribute_mod: int) -> tuple[Modifier, ...]:
    """The named parts of a check: skill level (untrained = -1) and attribute modifier."""
    level = UNTRAINED_SKILL if level is None else level
    return (Modifier(skill, level, SKILL_CHECK), Modifier(attribute, attribute_mod, SKILL_CHECK))


def skill_check(
    name: str, parts: tuple[Modifier, ...], difficulty: int, dice: DiceSource
) -> CheckResult:
    """Roll 2d6 + parts against a difficulty (SWN core)."""
    return CheckResult(name, roll("2d6", dice), parts, difficulty)


def roll_skill(name: str, parts: tuple[Modifier, ...], dice: DiceSource) -> SkillRoll:
    """Roll 2d6 + parts with no difficulty, to compare against another roll (SWN core)."""
    return SkillRoll(name, roll("2d6", dice), parts)


def check_chance(parts: tuple[Modifier, ...], difficulty: int) -> Fraction:
    """The exact chance a 2d6 check succeeds, counted over the 36 pairs of faces."""
    bonus = sum(m.value for m in parts)
    wins = sum(1 for a, b in product(range(1, 7), repeat=2) if _passes(a + b + bonus, difficulty))
    return Fraction(wins, 36)
