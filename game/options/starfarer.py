"""Starfarer's options (seed 003): a declaration, a defensive reaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.options.shared import Option


@dataclass(frozen=True, slots=True)
class DeclareOption(Option):
    """Seed 003: the actions of one's next phase declared ahead. `ef_penalty` comes off every task
    of that phase, `points_now` is added to the action points at once (the lowest initiative
    modifier), `points_after` when that phase ends (-1 per action when several, the other
    modifiers); `expected_damage` is the exact mean damage of its attacks on the best target
    as things stand now."""

    attacks: int = 1
    move: bool = False
    ef_penalty: int = 0
    points_now: int = 0
    points_after: int = 0
    expected_damage: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class ReactionOption(Option):
    """Seed 003: a defensive reaction to the attack waiting: the exact `chance` its task succeeds,
    and the exact chance the attack then hits (`hit_chance`) against not reacting (`hit_chance_unopposed`)."""

    chance: Fraction = Fraction(0)
    hit_chance: Fraction = Fraction(0)
    hit_chance_unopposed: Fraction = Fraction(0)
