"""Stars Without Number's events (SWN core, seeds 000 and 002): checks and the Fray Die, attacks
and squads' volleys, damage, shock and heroic overflow.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.events.shared import Event, Narrator
from game.hexgrid import Hex
from game.rules.swn.attack import AttackResult
from game.rules.dice import Roll
from game.rules.swn.heroic import HeroicReading
from game.rules.swn.saves import CheckResult, SaveResult, SkillRoll
from game.rules.swn.squad import SquadDamage, band_text


def _points(n: int) -> str:
    return f"{n} spare point" + ("" if n == 1 else "s")


@dataclass(frozen=True, slots=True)
class FrayRolled(Event):
    """The Fray Die (or a Focused Fray) rolled on a target, never modified (Seed 000, The Fray Die)."""

    actor: int
    target: int
    roll: Roll
    focused: bool = False

    @property
    def how(self) -> str:
        """Fray Die or Focused Fray."""
        return "Focused Fray" if self.focused else "Fray Die"

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.actor)} rolls the {self.how} on {say.name(self.target)}: {self.roll.text()}"


_CHECK_PHRASES = {
    "Evasion save": "{actor} rolls an {result}.",
    "Pilot check": "{actor} rolls a {result}.",
    "disarm": "{actor} rolls to disarm: {result}",
    "keep hold": "{actor} rolls to keep hold: {result}",
    "intimidate": "{actor} tries to intimidate {side}: {result}",
    "read morale": "{actor} tries to read morale: {result}",
    "stabilise": "{actor} tends {target}: {result}.",
}


@dataclass(frozen=True, slots=True)
class CheckRolled(Event):
    """A skill check or saving throw (`purpose` is one of the phrases above), with its rolls."""

    actor: int
    purpose: str
    result: CheckResult | SkillRoll | SaveResult
    target: int = 0
    side: str = ""

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces rolled."""
        return self.result.roll.faces

    @property
    def total(self) -> int:
        """The check's total with its modifiers."""
        return getattr(self.result, "total", self.result.roll.total)

    def text(self, say: Narrator) -> str:
        return _CHECK_PHRASES[self.purpose].format(
            actor=say.name(self.actor), result=self.result.text(),
            target=say.name(self.target) if self.target else "", side=say.side(self.side) if self.side else "")


# -- attacks and damage -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Attacked(Event):
    """An attack roll: `how` is attack, charge, ram, disarm, shove or throw (at the hex `at`)."""

    actor: int
    target: int
    result: AttackResult
    weapon: str = ""
    how: str = "attack"
    hexes: int = 0
    at: Hex | None = None

    @property
    def hit(self) -> bool:
        """Whether the roll hit."""
        return self.result.hit

    def text(self, say: Narrator) -> str:
        who, roll = say.name(self.actor), self.result.text()
        whom = say.name(self.target) if self.target else ""
        if self.how == "charge":
            return f"{who} charges into {whom}: {roll}."
        if self.how == "ram":
            return f"{who} rams {whom} after {self.hexes} hexes: {roll}."
        if self.how == "disarm":
            return f"{who} tries to disarm {whom} ({say.weapon(self.weapon)}): {roll}."
        if self.how == "shove":
            return f"{who} shoves {whom}: {roll}."
        if self.how == "throw":
            on = f" ({whom} there)" if self.target else ""
            return f"{who} throws a {say.weapon(self.weapon)} at {say.place(self.at)}{on}: {roll}."
        return f"{who} attacks {whom} with a {say.weapon(self.weapon)}: {roll}."


@dataclass(frozen=True, slots=True)
class SquadVolley(Attacked):
    """A squad's one attack roll read in three bands, and its flat damage (seed 002, Squads).

    `damage` is the flat damage (average x units, armor likewise); `amount` is what the target
    takes (in heroic mode the fixed-damage reading of it)."""

    band: str = "none"
    damage: SquadDamage | None = None
    amount: int = 0

    @property
    def hit(self) -> bool:
        """Whether the volley dealt any damage band (half or full)."""
        return self.band != "none"

    def text(self, say: Narrator) -> str:
        lead = (f"{say.name(self.actor)} fire as a squad at {say.name(self.target)} with "
                f"{say.weapon(self.weapon)}s: {self.result.roll_text()}: {band_text(self.band)}")
        if self.damage is None or self.band == "none":
            return f"{lead}."
        reading = f" (heroic: {self.amount} points)" if self.amount != self.damage.amount else ""
        return f"{lead}; {self.damage.text()}{reading}."


@dataclass(frozen=True, slots=True)
class LeadershipChanged(Event):
    """A PC now directly leads a squad (seed 002, Authority Focus), and the buff it gives."""

    leader: int
    squad: int
    lead: int

    def text(self, say: Narrator) -> str:
        return (f"{say.name(self.leader)} now leads {say.name(self.squad)}: Authority gives it "
                f"{self.lead:+d} to hit and to morale and +1 to skill checks.")


@dataclass(frozen=True, slots=True)
class AttackPaused(Event):
    """An attack waits while the protectors next to its target decide (seed 002 Protect)."""

    attacker: int
    ally: int
    protectors: tuple[int, ...]

    def text(self, say: Narrator) -> str:
        names = ", ".join(say.name(p) for p in self.protectors)
        return f"{say.name(self.attacker)} attacks {say.name(self.ally)}; {names} may step in."


@dataclass(frozen=True, slots=True)
class DamageRolled(Event):
    """A damage roll against one target, through its armor (and on the heroic table, `reading`).

    `source` is attack, charge, ram, shove or fray; a charge with a weapon also shows the 1d6
    and the weapon's totals (`compared`); a blocked shove names the hex and what blocked it.
    """

    actor: int
    target: int
    roll: Roll
    armor: int
    amount: int
    reading: HeroicReading | None = None
    source: str = "attack"
    weapon: str = ""
    compared: tuple[int, int] | None = None
    against: Hex | None = None
    blocked: str = ""

    def _lead(self, say: Narrator) -> str:
        who = say.name(self.actor)
        if self.source == "charge" and self.compared is not None:
            d6, weapon = self.compared
            return (f"{who}'s charge: the 1d6 rolls {d6} and the {say.weapon(self.weapon)} {weapon}; "
                    "the higher counts:")
        if self.source == "charge":
            return f"{who}'s charge deals"
        if self.source == "ram":
            return f"{who}'s ram deals"
        if self.source == "shove":
            return f"{say.name(self.target)} is shoved against {say.place(self.against)} ({self.blocked}) and takes"
        return f"{who} rolls damage"

    def text(self, say: Narrator) -> str:
        if self.source == "fray" and self.reading is not None:
            return f"Heroic reading {self.reading.text()}."
        if self.source == "fray":
            return (f"Against a vehicle the roll is read straight: {self.roll.total} - {self.armor} armor "
                    f"= {self.amount}.")
        if self.reading is not None:
            return f"{self._lead(say)} {self.roll.text()}; heroic reading {self.reading.text()}"
        note = f" - {self.armor} armor" if self.armor else ""
        return f"{self._lead(say)} {self.roll.text()}{note} = {self.amount}."


@dataclass(frozen=True, slots=True)
class ShockDealt(Event):
    """A missed melee attack still deals its Shock (SWN core)."""

    actor: int
    target: int
    amount: int
    weapon: str = ""

    def text(self, say: Narrator) -> str:
        return f"Shock: {say.name(self.target)} still takes {self.amount} from the miss."


@dataclass(frozen=True, slots=True)
class OverflowSource:
    """Whose damage overflows: a `shot` (with its weapon), a `charge`, a `ram`, the `Fray Die`
    or a `Focused Fray`."""

    actor: int
    kind: str
    weapon: str = ""

    def text(self, say: Narrator) -> str:
        """E.g. "Ana's combat rifle shot"."""
        if self.kind == "shot":
            return f"{say.name(self.actor)}'s {say.weapon(self.weapon)} shot"
        return f"{say.name(self.actor)}'s {self.kind}"


@dataclass(frozen=True, slots=True)
class Spilled(Event):
    """Heroic overflow carries spare points on to another target (Seed 000, Overflow Damage);
    `needs` and `made` are the AC it needed and the attack roll (None for the Fray Die)."""

    source: OverflowSource
    target: int
    points: int
    needs: int | None = None
    made: int | None = None
    rule: str = "Seed 000, Overflow Damage"

    def text(self, say: Narrator) -> str:
        reach = f" (needs {self.needs}, the roll made {self.made})" if self.made is not None else ""
        return (f"Overflow: {self.source.text(say)} carries {_points(self.points)} on to "
                f"{say.name(self.target)}{reach}.")


@dataclass(frozen=True, slots=True)
class SpillLost(Event):
    """Overflow points that no other target could take are lost."""

    source: OverflowSource
    points: int
    rule: str = "Seed 000, Overflow Damage"

    def text(self, say: Narrator) -> str:
        return f"Overflow: {self.source.text(say)} has {_points(self.points)} left that no other target can take."
