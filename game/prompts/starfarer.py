"""Starfarer's decisions (seed 003): a defensive reaction, a declaration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.actions import Attack
from game.prompts.shared import Prompt


@dataclass(frozen=True, slots=True)
class DefenceChance(Prompt):
    """Seed 003: the decider is being attacked and may react, giving up its next action phase, with
    an evasion task (or a parry, against a melee attack with a melee weapon in hand) whose success
    takes EF off the attack. `attack` is the Attack waiting; `reactions` those the decider may take."""

    kind: ClassVar[str] = "defence"
    attack: Attack | None = None
    reactions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DeclarationChance(Prompt):
    """Seed 003, 3.2.1 (with the map's `declare_actions`): before the first round's action points
    are rolled, the decider may declare its first phase's actions (`Declare`), or declare nothing
    (`Hold`). The points are rolled once everyone has answered."""

    kind: ClassVar[str] = "declare_first"
