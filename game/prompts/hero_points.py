"""Hero points' decisions (seed 004, map module `hero_points`): a point on a roll, a counter,
negating damage (and heroic overflow stopped at it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.actions import Action
from game.events import OverflowSource, Spilled
from game.prompts.shared import Prompt, RollWaiting
from game.rules.swn.attack import AttackResult
from game.rules.dice import Roll
from game.rules.lucky_stars.attack import Contest
from game.rules.lucky_stars.damage import DamageRoll
from game.rules.starfarer.tasks import TaskResult


@dataclass(frozen=True, slots=True)
class NegationChance(Prompt):
    """Seed 004, Negating Damage: the decider has just been hit and may spend hero points to take
    less damage (not counterable). `attack` is the attack that hit and `amount` what the hit deals
    as it stands. SWN: `result` is its roll, `damage` the damage roll and `armor` the armor it
    went through. These Lucky Stars: `contest` is the opposed roll and `blow` the damage roll.
    Starfarer: `task` is the to-hit task and `location` where it landed (`amount`: the shock).
    Damage an SWN attack deals other than a shot's hit (a blast, a charge's blow, a ram, a squad's
    volley, shock on a miss, a blocked shove, heroic overflow) is `waiting`: the step the action
    goes on from once the damage is taken (`damage` then holds its roll, a flat amount as a roll
    of no dice). Heroic overflow also holds the rest of the spill (`spilling`)."""

    kind: ClassVar[str] = "negate_damage"
    attack: Action | None = None
    result: AttackResult | None = None
    damage: Roll | None = None
    armor: int = 0
    amount: int = 0
    contest: Contest | None = None
    blow: DamageRoll | None = None
    task: TaskResult | None = None
    location: str = ""
    waiting: RollWaiting | None = None
    spilling: Spilling | None = None

    @property
    def answered_down(self) -> bool:
        """A PC lying at 0 HP whom a blast catches again (`RollWaiting.down`) answers all the same."""
        return self.waiting is not None and self.waiting.down


@dataclass(frozen=True, slots=True)
class Spilling:
    """Heroic overflow stopped at a hero's negation decision (seed 000 with seed 004): the `steps`
    still to come after the hero's, in order, the points nobody could take (`unused`), and where the
    action that spilled it goes on once the spill is over (`then`: its step, with `attack` and
    `result`; None for a shot, which has nothing left to do)."""

    source: OverflowSource | None = None
    steps: tuple[Spilled, ...] = ()
    unused: int = 0
    attack: Action | None = None
    result: AttackResult | None = None
    then: RollWaiting | None = None


@dataclass(frozen=True, slots=True)
class HeroPointChance(Prompt):
    """Seed 004: the decider lost the roll just made and may spend a hero point on it.

    `attack` is the action being resolved and its roll as it stands: `contest` (seed 001), the
    to-hit `task` (seed 003) or the d20 attack `result` (SWN); `role` says whose roll the point
    would go on: "attacker" or "defender". `check` names a seed 001 contested check the roll was
    (e.g. "grapple check (STR against STR)"; its `contest` then holds the one acting as the
    attacker); "" for an attack roll. Any other roll (a save, a skill check, an opposed skill
    roll, a stealth or search roll, a seed 003 check or reaction) is `waiting`, with the step
    its action goes on from.
    """

    kind: ClassVar[str] = "hero_point"
    attack: Action | None = None
    contest: Contest | None = None
    role: str = "attacker"
    task: TaskResult | None = None
    result: AttackResult | None = None
    check: str = ""
    waiting: RollWaiting | None = None
    """Any other roll an action stopped at (a save, a check, an opposed or a stealth roll): see `RollWaiting`."""

    @property
    def answered_down(self) -> bool:
        """A check made out of the fight (`RollWaiting.down`) is answered by its decider all the same."""
        return self.waiting is not None and self.waiting.down


@dataclass(frozen=True, slots=True)
class CounterChance(Prompt):
    """Seed 004: `spender` has spent a hero point on `chance`'s roll; the decider, an enemy with a
    point, may counter it before the die is rolled. `asked` are those already asked."""

    kind: ClassVar[str] = "counter_hero_point"
    spender: int = 0
    chance: HeroPointChance | None = None
    asked: tuple[int, ...] = ()
    dice: int = 1
    """Bought dice not countered yet."""
