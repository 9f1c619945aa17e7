"""What a prompt is, the roll an action waits at while a hero point on it is decided
(`RollWaiting`), and a squad's choice of hexes when it closes ranks or spreads out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.hexgrid import Hex
from game.rules.hero_points import Rolled


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision someone must make before the battle goes on."""

    kind: ClassVar[str] = ""
    decider: int
    question: str

    @property
    def answered_down(self) -> bool:
        """Whether its decider answers it even out of the fight (unconscious or dying): only a hero
        point decision on a check made lying down (seed 004 with seed 003's round start)."""
        return False


@dataclass(frozen=True, slots=True)
class RollWaiting:
    """An action stopped at a roll its decider lost, while a hero point on it is decided (seed 004).

    `step` names the roll (how the action's system goes on from it); `rolls` are that step's rolls
    as they stand, the decider's at `mine`; `short_by` is what bought dice must add to turn it (take
    off, for a d100 rolled low); `other` is whoever else the roll concerns, `rest` those the action
    still comes to after it, `detail` what the step needs in words (a body part, a reaction, a
    weapon) and `at` where it happens (a blast's centre). `down`: the roll is a check a character
    may make out of the fight (one of a Starfarer round's start), whose decider answers all the same.
    """

    step: str
    rolls: tuple[Rolled, ...]
    short_by: int
    mine: int = 0
    other: int = 0
    rest: tuple[int, ...] = ()
    detail: str = ""
    at: Hex | None = None
    down: bool = False

    @property
    def roll(self) -> Rolled:
        """The decider's roll."""
        return self.rolls[self.mine]


@dataclass(frozen=True, slots=True)
class FootprintChoice(Prompt):
    """A squad's footprint had to shrink or grow (Seed 002, Squad Size): the engine took the
    first of `choices` already; its owner may keep it (Hold) or take another (Regroup)."""

    kind: ClassVar[str] = "footprint"
    before: tuple[Hex, ...] = ()
    choices: tuple[tuple[Hex, ...], ...] = ()
