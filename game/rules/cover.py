"""Cover and concealment values (seed 002, Cover and Concealment).

Concealment makes a target harder to hit (an AC bonus); hard cover gives armor that is
subtracted from damage, but only against weapons of a low enough tech level. The geometry
(which hexes count along a line of fire) lives in the cover system; this module only knows
what a material and a concealment level are worth.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar

from game.hexgrid import Hex

WEAPON_KINDS = ("melee", "projectile", "energy", "laser", "explosive")
"""How a weapon does harm; lasers are energy weapons too (seed 002 armor rows)."""

ARMOR_AGAINST = ("all", "energy", "laser")


@dataclass(frozen=True, slots=True)
class Concealment:
    """A concealment level: partly (+2 AC), mostly (+4), totally (+6) obscured (seed 002)."""

    id: str
    name: str
    ac_bonus: int


@dataclass(frozen=True, slots=True)
class ArmorRow:
    """One "N vs TLx" line of the seed 002 material table.

    `max_tl` None means any tech level (the particulates row: 5 vs lasers of any TL).
    `against` limits the row to energy weapons (lasers included) or to lasers only.
    """

    armor: int
    max_tl: int | None
    against: str = "all"


@dataclass(frozen=True, slots=True)
class Material:
    """A hard-cover material with its armor rows (seed 002, Hard Cover)."""

    id: str
    name: str
    rows: tuple[ArmorRow, ...]
    resists_aimed_shot: bool = False
    examples: str = ""


@dataclass(frozen=True, slots=True)
class WeaponClass:
    """What cover needs to know of a weapon: its tech level, kind and whether it is heavy."""

    tl: int
    kind: str
    heavy: bool = False


def effective_tl(weapon: WeaponClass) -> int:
    """Heavy weapons count as one tech level higher against cover (seed 002, Hard Cover)."""
    return weapon.tl + 1 if weapon.heavy else weapon.tl


def row_applies(row: ArmorRow, weapon: WeaponClass) -> bool:
    """Whether one armor row stops this weapon: right kind, and TL not above the row's."""
    if row.against == "energy" and weapon.kind not in ("energy", "laser"):
        return False
    if row.against == "laser" and weapon.kind != "laser":
        return False
    return row.max_tl is None or effective_tl(weapon) <= row.max_tl


def material_armor(material: Material, weapon: WeaponClass) -> int:
    """Armor this material gives against the weapon: its best applicable row, else 0."""
    return max((row.armor for row in material.rows if row_applies(row, weapon)), default=0)


def best_cover_armor(materials: Iterable[Material], weapon: WeaponClass) -> tuple[int, Material | None]:
    """The highest armor among the materials, with the material giving it (armor never stacks)."""
    best: tuple[int, Material | None] = (0, None)
    for material in materials:
        armor = material_armor(material, weapon)
        if armor > best[0]:
            best = (armor, material)
    return best


def best_concealment(levels: Iterable[Concealment]) -> Concealment | None:
    """The largest concealment among the levels; levels do not add up (rulings: Cover)."""
    return max(levels, key=lambda level: level.ac_bonus, default=None)


@dataclass(frozen=True, slots=True)
class CoverReading:
    """What stands between an attacker and a target (`source`: the rule its concealment and armor
    come from)."""

    source: ClassVar[str] = "Seed 002, Cover and Concealment"

    visible: bool
    blocked_at: Hex | None = None
    concealment: Concealment | None = None
    concealment_hex: Hex | None = None
    armor: int = 0
    material: Material | None = None
    material_hex: Hex | None = None
    aim_proof_armor: int = 0  # the best armor from materials aimed shots cannot get past

    @property
    def concealment_bonus(self) -> int:
        """The AC bonus from terrain concealment (0 when none)."""
        return self.concealment.ac_bonus if self.concealment else 0

    def text(self, place: Callable[[Hex], str] = lambda h: f"({h.q}, {h.r})") -> str:
        """Plain words for the targeting preview and the log; `place` names a hex (Tiled col/row)."""
        if not self.visible:
            return f"no line of sight (blocked at {place(self.blocked_at)})"
        parts = []
        if self.concealment_bonus:
            parts.append(f"{self.concealment.name.lower()} (+{self.concealment_bonus} AC)")
        if self.armor:
            parts.append(f"behind {self.material.name.lower()} (armor {self.armor})")
        return ", ".join(parts) if parts else "in the open"
