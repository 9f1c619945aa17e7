"""These Lucky Stars' events (seed 001): opposed attacks, DEF drained, contests, broken weapons,
grapples, stealth and the choice of a blow.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.events.shared import Event, Narrator
from game.rules.dice import Roll
from game.rules.lucky_stars.attack import Contest
from game.rules.lucky_stars.damage import DamageRoll


# -- These Lucky Stars (seed 001) ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OpposedAttack(Event):
    """A seed 001 attack: both 2d6 rolls (the defender's bare decision dice when surprised)."""

    actor: int
    target: int
    contest: Contest
    weapon: str = ""

    @property
    def hit(self) -> bool:
        """Whether the attacker's total beat the defender's."""
        return self.contest.hit

    def text(self, say: Narrator) -> str:
        contest = self.contest
        verdict = "hit" if contest.hit else "miss (a tie holds)" if contest.margin == 0 else "miss"
        bonus = ", beaten by 5 or more: a bonus damage die" if contest.bonus_die else ""
        surprise = " (surprised)" if contest.surprise else ""
        return (f"{say.name(self.actor)} attacks {say.name(self.target)} with a {say.weapon(self.weapon)}: "
                f"{contest.attacker.text()} against{surprise} {contest.defender.text()}: {verdict}{bonus}.")


@dataclass(frozen=True, slots=True)
class DefenseDrained(Event):
    """A seed 001 hit's damage through DEF and VIT: before and after, a wound due, damage wasted."""

    target: int
    damage: DamageRoll
    defense: tuple[int, int]
    vitality: tuple[int, int]
    wound: bool = False
    wasted: int = 0
    negated: tuple[str, ...] = ()
    """The hero points' negation picks bought against the hit (seed 004), if any."""

    def text(self, say: Narrator) -> str:
        wound = "; a wound or condition is due" if self.wound else ""
        wasted = f"; {self.wasted} had nowhere to go" if self.wasted else ""
        less = f", less the hero points' {', '.join(self.negated)}" if self.negated else ""
        return (f"{say.name(self.target)} takes {self.damage.total} ({self.damage.text()}){less}: DEF "
                f"{self.defense[0]} -> {self.defense[1]}, VIT {self.vitality[0]} -> {self.vitality[1]}{wound}{wasted}.")


@dataclass(frozen=True, slots=True)
class ContestRolled(Event):
    """A seed 001 contested check (trip, disarm, grapple, regaining control, a search): both 2d6
    rolls with their scores; the one acting wins only by beating the one resisting."""

    actor: int
    target: int
    purpose: str
    acting: Roll
    resisting: Roll

    @property
    def won(self) -> bool:
        """Whether the one acting beat the one resisting (a tie holds)."""
        return self.acting.total > self.resisting.total

    def text(self, say: Narrator) -> str:
        verdict = "succeeds" if self.won else "fails (a tie holds)" if self.acting.total == self.resisting.total else "fails"
        return (f"{say.name(self.actor)}'s {self.purpose} against {say.name(self.target)}: "
                f"{self.acting.text()} against {self.resisting.text()}: {verdict}.")


@dataclass(frozen=True, slots=True)
class WeaponBroken(Event):
    """Seed 001 Shatter: the weapon `owner` held is broken and dropped from use."""

    owner: int
    weapon: str

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.owner)}'s {say.weapon(self.weapon)} breaks."


@dataclass(frozen=True, slots=True)
class GrappleChanged(Event):
    """Seed 001 Grapple: `controller` now holds `pinned` (`engaged`), or the grapple between them ended."""

    controller: int
    pinned: int
    engaged: bool = True
    cause: str = ""

    def text(self, say: Narrator) -> str:
        if self.engaged:
            return f"{say.name(self.controller)} is in control of the grapple; {say.name(self.pinned)} is pinned."
        why = f" ({self.cause})" if self.cause else ""
        return f"The grapple between {say.name(self.controller)} and {say.name(self.pinned)} ends{why}."


@dataclass(frozen=True, slots=True)
class StealthChanged(Event):
    """Seed 001 Stealth: a combatant hid (its roll against target 8), failed to, or was revealed."""

    actor: int
    hidden: bool
    roll: Roll | None = None
    cause: str = ""
    finder: int = 0

    def text(self, say: Narrator) -> str:
        who = say.name(self.actor)
        if self.roll is not None and self.cause == "":
            verdict = "hides" if self.hidden else "finds nowhere unseen to hide"
            return f"{who} tries to hide: {self.roll.text()} against 8: {verdict}."
        if self.finder:
            return f"{say.name(self.finder)} spots {who}."
        return f"{who} is no longer hidden ({self.cause})."


@dataclass(frozen=True, slots=True)
class BlowChosen(Event):
    """Seed 001: the attacker decided whether the blow that took the target's last VIT was lethal."""

    attacker: int
    target: int
    lethal: bool

    def text(self, say: Narrator) -> str:
        if self.lethal:
            return f"{say.name(self.attacker)} lets the blow stand: {say.name(self.target)} is dying."
        return f"{say.name(self.attacker)} pulls the blow: {say.name(self.target)} is incapacitated, not dying."
