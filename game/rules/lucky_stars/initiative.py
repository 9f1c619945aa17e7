"""Initiative: 2d6 + Insight, +6 for whoever declares the first attack, and the tie rules (Seed 001, Initiative)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.rules.dice import DiceSource, Roll, roll

INITIATOR_BONUS = 6  # Seed 001, Initiative


@dataclass(frozen=True, slots=True)
class Combatant:
    """Who rolls initiative: an id, a side, Insight, and whether they declared the first attack."""

    id: int
    side: str
    insight: int
    initiator: bool = False
    tie_order: int = 0
    """Among allies who tie, lower goes first; the players set it and may change it each round."""


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """One combatant's roll: the dice with Insight, and the initiator bonus if they earned it."""

    combatant: Combatant
    roll: Roll

    @property
    def total(self) -> int:
        """The initiative score: the roll plus +6 for an initiator."""
        return self.roll.total + (INITIATOR_BONUS if self.combatant.initiator else 0)


def roll_initiative(combatant: Combatant, dice: DiceSource) -> InitiativeRoll:
    """2d6 + Insight (Ruling: the seed does not name the dice), +6 for the initiators (Seed 001, Initiative)."""
    return InitiativeRoll(combatant, roll("2d6+INS", dice, INS=combatant.insight))


def _initiating_sides(rolls: Iterable[InitiativeRoll]) -> frozenset[str]:
    """The sides with an initiator among them (allies acting in unison all count)."""
    return frozenset(r.combatant.side for r in rolls if r.combatant.initiator)


def turn_order(rolls: Iterable[InitiativeRoll]) -> tuple[int, ...]:
    """Ids from highest initiative down; opponents tied: the initiating side first; allies tied: their order (Seed 001)."""
    rolls = tuple(rolls)
    initiating = _initiating_sides(rolls)

    def key(r: InitiativeRoll) -> tuple[int, int, str, int, int]:
        """Highest total, then the initiating side, then side, the players' order and id."""
        side_first = 0 if r.combatant.side in initiating else 1
        return (-r.total, side_first, r.combatant.side, r.combatant.tie_order, r.combatant.id)

    return tuple(r.combatant.id for r in sorted(rolls, key=key))
