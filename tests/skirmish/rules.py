"""Skirmish's pure rules (the tiny ruleset of docs/adding-a-ruleset.md): a d6 rolled high.

Copied into a copy of the engine as `game/rules/skirmish/__init__.py` by
tests/test_adding_a_ruleset.py: an attack hits on a 4 or more on one d6 and deals 1d6; a
combatant shoots as far as it sees, up to `REACH` hexes.
"""

from __future__ import annotations

from fractions import Fraction

HIT_ON = 4
"""The least face of the d6 that hits."""
DAMAGE = "1d6"
"""What a hit deals."""
REACH = 12
"""How far a combatant shoots, in hexes (as far as it sees)."""
SOURCE = "Skirmish, attacks"
"""The rule an attack is rolled and read by."""


def hits(face: int) -> bool:
    """Whether the d6 rolled hits."""
    return face >= HIT_ON


def hit_chance() -> Fraction:
    """The exact chance that one d6 hits."""
    return Fraction(7 - HIT_ON, 6)


def expected_damage() -> Fraction:
    """The mean damage of one attack: the chance to hit times a d6's mean."""
    return hit_chance() * Fraction(7, 2)
