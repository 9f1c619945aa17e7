"""Stars Without Number's options (seed 002): formations, charges, jumps, shoves, disarms,
protecting and healing, overwatch, grenades, intimidation, items.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.hexgrid import Hex
from game.options.shared import Odds, Option


@dataclass(frozen=True, slots=True)
class FormationOption(Option):
    """A squad's formation with its head on `hex`: the shape ("line", "column", "wedge", "blob"),
    its facing (a hex direction; None for a blob), its hexes and the movement it costs (Seed 002,
    Squad Size). Refused ones say why (blocked, cut off, out of reach)."""

    hex: Hex = Hex(0, 0)
    formation: str = ""
    facing: int | None = None
    hexes: tuple[Hex, ...] = ()
    cost: int = 0


@dataclass(frozen=True, slots=True)
class ChargeOption(Option):
    """A legal charge on a target ending on `hex` along `path`, with the blow's odds.

    `expected_damage` is the exact mean damage of the charge, worked out by the charge's own
    plan: the chance to hit times the mean blow after the armor that counts (the cover between
    the end hex and the target, or the target's own, less armor piercing), on the heroic table
    where heroic rules apply; a person's blow is the higher of 1d6 and the weapon's roll.
    """

    target: int = 0
    hex: Hex = Hex(0, 0)
    path: tuple[Hex, ...] = ()
    cost: int = 0
    odds: Odds | None = None
    damage: str = ""
    pilot_chance: Fraction | None = None
    expected_damage: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class JumpOption(Option):
    """A hex the combatant can jump to, and the straight line it leaps along."""

    hex: Hex = Hex(0, 0)
    line: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class ShoveOption(Option):
    """A shove on an adjacent enemy: the odds, where a hit pushes it, and what blocks that hex."""

    target: int = 0
    odds: Odds | None = None
    to: Hex = Hex(0, 0)
    blocked: str = ""


@dataclass(frozen=True, slots=True)
class DisarmOption(Option):
    """A disarm on an adjacent enemy: the melee roll's odds and the chance of each outcome."""

    target: int = 0
    odds: Odds | None = None
    takes: Fraction = Fraction(0)
    drops: Fraction = Fraction(0)
    both_drop: Fraction = Fraction(0)
    nothing: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class TargetOption(Option):
    """An option aimed at one combatant with a plain chance of success, where there is one
    (protect an ally, the Fray Die, stabilise or heal someone)."""

    target: int = 0
    chance: Fraction | None = None


@dataclass(frozen=True, slots=True)
class OverwatchOption(Option):
    """Overwatch facing a hex direction (or `angle`), and the hexes the wedge covers."""

    facing: int = 0
    angle: float | None = None
    hexes: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a thrown grenade may come down, how likely, and the hexes its blast then covers."""

    hex: Hex
    chance: Fraction
    blast: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class GrenadeOption(Option):
    """A throw at a hex: the odds of landing there, who stands there, and every landing of the
    spread (the hex itself on a hit; 1d3 hexes in a 1d6 direction on a miss) with its blast."""

    at: Hex = Hex(0, 0)
    target: int | None = None
    odds: Odds | None = None
    damage: str = ""
    spread: tuple[Landing, ...] = ()
    caught: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SideOption(Option):
    """An option aimed at a whole side (Intimidate), with its chance."""

    side: str = ""
    chance: Fraction | None = None


@dataclass(frozen=True, slots=True)
class ItemOption(Option):
    """Readying a carried weapon or picking one up from the ground."""

    weapon: str = ""
