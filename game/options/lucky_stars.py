"""These Lucky Stars' options (seed 001): a grapple's toss.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.hexgrid import Hex
from game.options.shared import Option


@dataclass(frozen=True, slots=True)
class LandingOption(Option):
    """A hex to throw someone onto, with the exact chance the throw works (seed 001 grapple toss)."""

    hex: Hex = Hex(0, 0)
    chance: Fraction | None = None
