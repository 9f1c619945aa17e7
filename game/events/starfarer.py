"""Starfarer's events (seed 003): d100 tasks and attacks, wounds, bleeding, declarations, the end
of a phase, reactions and coming to.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.events.shared import Event, Narrator
from game.hexgrid import Hex
from game.rules.starfarer.tasks import TaskResult
from game.rules.starfarer.wounds import level_name


# -- Starfarer (seed 003) -----------------------------------------------------------------
def _where(location: str) -> str:
    return location.replace("_", " ")


@dataclass(frozen=True, slots=True)
class TaskAttacked(Event):
    """A seed 003 to-hit task: the d100 against BCS x EF, the range bracket and where it landed."""

    actor: int
    target: int
    task: TaskResult
    bracket: str
    location: str | None = None
    weapon: str = ""

    @property
    def hit(self) -> bool:
        """Whether the task succeeded."""
        return self.task.success

    def text(self, say: Narrator) -> str:
        landed = f", hitting the {_where(self.location)}" if self.location else ""
        return (f"{say.name(self.actor)} attacks {say.name(self.target)} with a {say.weapon(self.weapon)} "
                f"({self.bracket.replace('_', ' ')}): {self.task.text()}{landed}.")


@dataclass(frozen=True, slots=True)
class Wounded(Event):
    """A seed 003 hit on the body: damage after armour, shock and wound, the level marked (None: no
    wound), its column and whether it overflowed (/), the shock total before and after, and the
    shock a round the wound bleeds (`bleeds`, blunt weapons' halved)."""

    target: int
    location: str
    damage: int
    shock: int
    wound: int
    level: int | None
    column: int | None
    slash: bool
    shock_total: tuple[int, int]
    bleeds: int = 0

    def text(self, say: Narrator) -> str:
        if self.level is None:
            marked = "no wound"
        else:
            where = "no circle left" if self.column is None else f"column {self.column + 1}" + (" (/)" if self.slash else "")
            marked = f"a {level_name(self.level, self.location)} wound, {where}"
        return (f"{say.name(self.target)} takes {self.damage} to the {_where(self.location)}: {self.shock} shock, "
                f"{self.wound} wound, {marked}; shock {self.shock_total[0]} -> {self.shock_total[1]}"
                + (f"; bleeding {self.bleeds} a round." if self.bleeds else "."))


@dataclass(frozen=True, slots=True)
class TaskChecked(Event):
    """A seed 003 check a hit or the round called for (shock, survival, disability, bleeding,
    waking): its roll, and the body part it is for (`location`, "" for the whole body)."""

    actor: int
    check: str
    task: TaskResult
    location: str = ""

    def text(self, say: Narrator) -> str:
        part = f" ({_where(self.location)})" if self.location else ""
        article = "an" if self.check[0] in "aeiou" else "a"
        return f"{say.name(self.actor)} makes {article} {self.check} check{part}: {self.task.text()}."


@dataclass(frozen=True, slots=True)
class Bled(Event):
    """Seed 003 bleeding: a round's shock from every bleeding wound."""

    target: int
    shock: int
    shock_total: tuple[int, int]

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.target)} bleeds {self.shock} shock: {self.shock_total[0]} -> {self.shock_total[1]}."


@dataclass(frozen=True, slots=True)
class BleedingStopped(Event):
    """Seed 003 bleeding stopping by itself: the points stopped in one area and its rate before and after."""

    target: int
    location: str
    stopped: int
    rate: tuple[int, int]

    def text(self, say: Narrator) -> str:
        return (f"{say.name(self.target)}'s {_where(self.location)} bleeds less: {self.stopped} stopped, "
                f"{self.rate[0]} -> {self.rate[1]} a round.")


@dataclass(frozen=True, slots=True)
class ActionsDeclared(Event):
    """Seed 003 declaration: the next phase's actions, the initiative modifier added now and the
    action points before and after."""

    actor: int
    attacks: int
    move: bool
    modifier: int
    points: tuple[int, int]

    def text(self, say: Narrator) -> str:
        plan = ", ".join((["a move"] if self.move else []) + ([f"{self.attacks} attack(s)"] if self.attacks else []))
        return (f"{say.name(self.actor)} declares {plan} for the next phase: {self.modifier:+d} action points "
                f"({self.points[0]} -> {self.points[1]}).")


@dataclass(frozen=True, slots=True)
class PhaseEnded(Event):
    """Seed 003: a declared phase ends: the actions performed and the action points before and after
    (-1 per action when several, the initiative modifiers but the lowest)."""

    actor: int
    performed: int
    points: tuple[int, int]

    def text(self, say: Narrator) -> str:
        return (f"{say.name(self.actor)} ends the phase after {self.performed} action(s): action points "
                f"{self.points[0]} -> {self.points[1]}.")


@dataclass(frozen=True, slots=True)
class Reacted(Event):
    """Seed 003: a defensive reaction to an attack: evade or parry, its task, the EF it takes off
    the attack, and the defender's action points before and after (its next phase given up)."""

    actor: int
    attacker: int
    how: str
    task: TaskResult
    ef_off: int
    points: tuple[int, int]

    def text(self, say: Narrator) -> str:
        effect = f"-{self.ef_off} EF on the attack" if self.ef_off else "no effect"
        return (f"{say.name(self.actor)} tries to {self.how} {say.name(self.attacker)}'s attack: {self.task.text()}, "
                f"{effect}; action points {self.points[0]} -> {self.points[1]}.")


@dataclass(frozen=True, slots=True)
class CameTo(Event):
    """A seed 003 character knocked out by shock wakes and stands on `hex` again."""

    target: int
    hex: Hex

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.target)} comes to and is back in the fight."
