"""Prompts: decisions the battle waits for in the middle of an action (style habit 9).

A prompt is plain data in the battle state, so it snapshots, undoes and replays like
everything else. While a prompt is open, only an answer from its `decider` is accepted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.actions import Action, Attack, OverwatchFire
from game.events import OverflowSource, Spilled
from game.hexgrid import Hex
from game.rules.attack import AttackResult
from game.rules.dice import Roll
from game.rules.hero_points import Rolled
from game.rules.lucky_stars.attack import Contest
from game.rules.lucky_stars.damage import DamageRoll
from game.rules.starfarer.tasks import TaskResult


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

@dataclass(frozen=True, slots=True)
class FootprintChoice(Prompt):
    """A squad's footprint had to shrink or grow (Seed 002, Squad Size): the engine took the
    first of `choices` already; its owner may keep it (Hold) or take another (Regroup)."""

    kind: ClassVar[str] = "footprint"
    before: tuple[Hex, ...] = ()
    choices: tuple[tuple[Hex, ...], ...] = ()


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
