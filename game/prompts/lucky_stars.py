"""These Lucky Stars' decisions (seed 001): a reaction, the choice of a blow, a grapple won.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.prompts.shared import Prompt


@dataclass(frozen=True, slots=True)
class ReactionChance(Prompt):
    """Seed 001: `provoker` has just opened itself to the decider, who may answer with an attack:
    an attack of opportunity (`readied` False: an aggressive action in melee reach) or the attack
    the decider readied (`readied` True: an enemy came within reach)."""

    kind: ClassVar[str] = "reaction"
    provoker: int = 0
    readied: bool = False


@dataclass(frozen=True, slots=True)
class BlowChoice(Prompt):
    """Seed 001: the decider's attack took `target`'s last VIT; the engine took the blow as lethal
    (dying) already, and the attacker may keep it so or make it non-lethal (incapacitated)."""

    kind: ClassVar[str] = "lethal_blow"
    target: int = 0


@dataclass(frozen=True, slots=True)
class GrappleWon(Prompt):
    """Seed 001 Grapple: the decider resisted `attacker`'s grapple and won the check; the winner
    chooses to engage (in control, the attacker pinned) or end the grapple at once."""

    kind: ClassVar[str] = "grapple_won"
    attacker: int = 0
