"""Starfarer's actions (seed 003): declaring one's next phase, reacting to an attack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.actions.shared import Action, action_type


@action_type
@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Seed 003 (optional declaration, 3.2.1-3.2.3): the actions of one's next action phase, declared
    now: `attacks` with the weapon in hand and perhaps a `move`."""

    kind: ClassVar[str] = "declare"
    attacks: int = 1
    move: bool = False


@action_type
@dataclass(frozen=True, slots=True)
class React(Action):
    """Seed 003: answer an attack with a defensive reaction, `how` "evade" or "parry", giving up
    one's next action phase."""

    kind: ClassVar[str] = "react"
    how: str = "evade"
