"""These Lucky Stars' own components (seed 001): what a combatant carries in the world beside the
shared ones, replaced on change like every component.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import Roll


@dataclass(frozen=True, slots=True)
class Defense:
    """Seed 001 DEF: what hits drain before Vitality (VIT lives in `Health`, unit "VIT");
    `condition` is "dying" or "incapacitated" once VIT reached 0."""

    current: int
    maximum: int
    condition: str = ""


@dataclass(frozen=True, slots=True)
class FullCover:
    """Seed 001: crouched wholly behind the cover where it stands, until it moves or comes out."""


@dataclass(frozen=True, slots=True)
class Grappling:
    """Seed 001 Grapple: locked with `partner`, either in control of the grapple or pinned."""

    partner: int
    in_control: bool


@dataclass(frozen=True, slots=True)
class Unseen:
    """Seed 001 Stealth: hidden from the enemy behind something; `stealth` is the roll a
    searcher's INS roll must beat to find it."""

    stealth: Roll
