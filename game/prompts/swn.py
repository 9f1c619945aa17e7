"""Stars Without Number's decisions (seed 002): an overwatch shot, a protect step-in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.actions import Attack, OverwatchFire
from game.hexgrid import Hex
from game.prompts.shared import Prompt


@dataclass(frozen=True, slots=True)
class OverwatchChance(Prompt):
    """An enemy has moved into the decider's overwatch wedge (seed 002 Overwatch).

    `remaining` is the rest of the mover's path; `silenced` are watchers who chose to hold
    for the rest of this move.
    """

    kind: ClassVar[str] = "overwatch"
    mover: int = 0
    hex: Hex = Hex(0, 0)
    remaining: tuple[Hex, ...] = ()
    silenced: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ProtectChance(Prompt):
    """An attack is about to be made on an ally next to the decider (seed 002 Protect).

    `attack` is the pending Attack action itself (frozen data), or the OverwatchFire of a watcher
    shooting at the ally; answering Redirect turns it on the decider, Hold lets it through.
    """

    kind: ClassVar[str] = "protect"
    attacker: int = 0
    ally: int = 0
    attack: Attack | OverwatchFire | None = None
