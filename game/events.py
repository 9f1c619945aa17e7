"""Events: what happened, as frozen data with the combat-log sentence already written.

The window animates events and prints their text; the simulator counts them. Each event's
`text` is fixed when it happens, so the log never depends on the state of the world later.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in plain words for the combat log."""

    text: str


@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    """A new round starts."""

    round: int = 0


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """A combatant's turn starts."""

    actor: int = 0
    round: int = 0


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """A roll of the dice, with every face and modifier (the log shows every die)."""

    actor: int = 0
    purpose: str = ""
    faces: tuple[int, ...] = ()
    total: int = 0


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A combatant moved along a path (first hex is where it started)."""

    actor: int = 0
    path: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    """An attack roll was made."""

    actor: int = 0
    target: int = 0
    hit: bool = False


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """A combatant lost hit points (or hit dice, in heroic mode)."""

    target: int = 0
    amount: int = 0
    remaining: int = 0


@dataclass(frozen=True, slots=True)
class Healed(Event):
    """A combatant regained hit points (or hit dice, in heroic mode)."""

    target: int = 0
    amount: int = 0
    remaining: int = 0


@dataclass(frozen=True, slots=True)
class ConditionChanged(Event):
    """A condition began or ended: prone, total defense, overwatch, mortally wounded, ..."""

    target: int = 0
    condition: str = ""
    active: bool = True


@dataclass(frozen=True, slots=True)
class Fell(Event):
    """A combatant is out of the fight: dead, or a PC mortally wounded."""

    target: int = 0
    how: str = "dead"


@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    """One camp is left standing (or none)."""

    winner: str | None = None


@dataclass(frozen=True, slots=True)
class WeaponDropped(Event):
    """A weapon now lies on a hex (seed 002 Disarm)."""

    weapon: str = ""
    hex: Hex = Hex(0, 0)
    owner: int = 0


@dataclass(frozen=True, slots=True)
class WeaponTaken(Event):
    """A combatant took a weapon in hand or stowed it (`into` is "hand" or "carried")."""

    actor: int = 0
    weapon: str = ""
    into: str = "hand"


@dataclass(frozen=True, slots=True)
class Exploded(Event):
    """An area weapon went off: where, and the hexes its blast covers (for the window)."""

    actor: int = 0
    hex: Hex = Hex(0, 0)
    blast: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class MoraleChanged(Event):
    """A side's morale score moved (here: a successful Intimidate)."""

    side: str = ""
    before: int = 0
    after: int = 0


@dataclass(frozen=True, slots=True)
class MoraleRead(Event):
    """A successful Read Morale: the exact score of each side in sight, by side id."""

    actor: int = 0
    readings: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class AttackPaused(Event):
    """An attack waits while the protectors next to its target decide (seed 002 Protect)."""

    attacker: int = 0
    ally: int = 0
    protectors: tuple[int, ...] = ()
