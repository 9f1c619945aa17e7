"""Stars Without Number's events of one mechanic each (seed 002): charges and rams, shoves,
grenades, overwatch, protect and shields, disarms, healing and reading morale.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.events.shared import Event, Narrator
from game.hexgrid import Hex
from game.rules.dice import Roll
from game.rules.swn.grenade import BlastHit, Scatter
from game.rules.swn.heroic import HeroicReading
from game.rules.swn.maneuvers import DirectionRoll
from game.rules.swn.morale import morale_band


@dataclass(frozen=True, slots=True)
class PushBlocked(Event):
    """A shove would push its target into a hex it cannot enter; it stays put (Ruling: Shove)."""

    target: int
    hex: Hex
    reason: str

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.target)} cannot be pushed to {say.place(self.hex)} ({self.reason}) and stays put."


@dataclass(frozen=True, slots=True)
class ChargeBegan(Event):
    """A charge starts its run at a target (Seed 002, Charge)."""

    actor: int
    target: int

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.actor)} charges {say.name(self.target)}."


@dataclass(frozen=True, slots=True)
class ChargeEnded(Event):
    """A charge ends without a blow: stopped short at `stopped`, or refused for `reason`."""

    actor: int
    stopped: Hex | None = None
    reason: str = ""

    def text(self, say: Narrator) -> str:
        why = f"it was stopped at {say.place(self.stopped)}" if self.stopped is not None else self.reason
        return f"{say.name(self.actor)}'s charge ends without a blow: {why}."


@dataclass(frozen=True, slots=True)
class RamRecoiled(Event):
    """The ramming vehicle takes half its ram's damage on a made Pilot check, else all (Seed 002)."""

    actor: int
    ram_damage: int
    share: str
    taken: int
    armor: int
    amount: int

    def text(self, say: Narrator) -> str:
        note = f" - {self.armor} armor" if self.armor else ""
        return (f"{say.name(self.actor)} takes {self.share} of the {self.ram_damage}: {self.taken}{note} "
                f"= {self.amount}.")


@dataclass(frozen=True, slots=True)
class Healed(Event):
    """A combatant regained hit points (or hit dice, read on the heroic table: `reading`)."""

    target: int
    roll: Roll
    before: int
    after: int
    unit: str = "HP"
    reading: HeroicReading | None = None
    squad_rule: str = ""  # seed 002: how a squad's healing was shaped ("one unit at a time")
    units: tuple[int, int] | None = None  # a squad's units standing before and after

    @property
    def amount(self) -> int:
        """How much was restored."""
        return self.after - self.before

    def text(self, say: Narrator) -> str:
        how = f"heroic reading {self.reading.text()}" if self.reading is not None else f"{self.roll.total}"
        how += f", {self.squad_rule}" if self.squad_rule else ""
        units = f", {self.units[0]} -> {self.units[1]} units" if self.units else ""
        return f"{say.name(self.target)} is healed ({how}): {self.before} -> {self.after} {self.unit}{units}."


# -- grenades -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Scattered(Event):
    """A missed throw scatters (Seed 002, Grenades): where it comes down and why it stopped short."""

    actor: int
    scatter: Scatter
    landing: Hex
    stopped: str = ""

    def text(self, say: Narrator) -> str:
        short = f", {self.stopped}" if self.stopped else ""
        return (f"The throw misses: it scatters {self.scatter.distance_roll.text()} hexes in direction "
                f"{self.scatter.direction.roll.text()} ({say.facing(self.scatter.direction_index)}) and comes "
                f"down at {say.place(self.landing)}{short}.")


@dataclass(frozen=True, slots=True)
class Exploded(Event):
    """An area weapon went off at `centre`: its blast hexes and its one damage roll (None when
    it catches nobody)."""

    actor: int
    weapon: str
    centre: Hex
    area: tuple[Hex, ...]
    damage: Roll | None = None

    @property
    def hex(self) -> Hex:
        """Where it went off."""
        return self.centre

    @property
    def blast(self) -> tuple[Hex, ...]:
        """The hexes the blast covers."""
        return self.area

    def text(self, say: Narrator) -> str:
        what, where = say.weapon(self.weapon), say.place(self.centre)
        if self.damage is None:
            return f"The {what} explodes at {where}, catching nobody."
        return f"The {what} explodes at {where}: {self.damage.text()} damage."


@dataclass(frozen=True, slots=True)
class BlastStruck(Event):
    """One victim's share of a blast: its save, armor and damage (and heroic reading)."""

    actor: int
    target: int
    hit: BlastHit
    reading: HeroicReading | None = None
    units: int = 0
    """For a squad: the units the blast reaches, its damage multiplied by them (Seed 002)."""

    def text(self, say: Narrator) -> str:
        note = f"heroic reading {self.reading.text()}; " if self.reading is not None else ""
        units = f" ({self.units} unit{'s' if self.units != 1 else ''} reached: damage x{self.units})" if self.units else ""
        return f"{say.name(self.target)} is caught in the blast{units}: {note}{self.hit.text()}."


@dataclass(frozen=True, slots=True)
class OverwatchSet(Event):
    """A combatant goes on overwatch facing a hex direction or an exact angle (Seed 002, Overwatch)."""

    actor: int
    facing: int
    angle: float | None = None
    rule: str = "Seed 002, Overwatch"

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.actor)} goes on overwatch facing {say.facing(self.facing, self.angle)}."


@dataclass(frozen=True, slots=True)
class ShieldRaised(Event):
    """A combatant shields the allies around it with its armor until its next turn (Seed 002, Protect)."""

    actor: int
    armor: int

    def text(self, say: Narrator) -> str:
        return (f"{say.name(self.actor)} shields the allies around it (+2 AC and armor {self.armor} behind it) "
                "until its next turn.")


# -- weapons changing hands ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DisarmSettled(Event):
    """The opposed rolls of a disarm: the attacker's margin and what follows (Seed 002, Disarm)."""

    actor: int
    target: int
    margin: int
    outcome: str

    def text(self, say: Narrator) -> str:
        if self.margin > 0:
            how = f"wins by {self.margin}"
        else:
            how = "ties" if self.margin == 0 else f"loses by {-self.margin}"
        return f"{say.name(self.actor)} {how}: {self.outcome}."


@dataclass(frozen=True, slots=True)
class DropRolled(Event):
    """Where a dropped weapon falls: 1d6 for the hex direction, rolled by `actor`."""

    actor: int
    owner: int
    direction: DirectionRoll

    def text(self, say: Narrator) -> str:
        return (f"{say.name(self.actor)} rolls where {say.name(self.owner)}'s weapon falls: "
                f"{self.direction.roll.text()} ({say.facing(self.direction.index)})")


@dataclass(frozen=True, slots=True)
class MoraleRead(Event):
    """A successful Read Morale: the exact score of each side in sight, by side id."""

    actor: int
    scores: tuple[tuple[str, int], ...]

    @property
    def readings(self) -> tuple[tuple[str, int], ...]:
        """(side id, score) pairs."""
        return self.scores

    @property
    def bands(self) -> tuple[tuple[str, str], ...]:
        """(side id, band name) pairs: what the reader learnt, in the words of the bands."""
        return tuple((side, morale_band(score).name) for side, score in self.scores)

    def text(self, say: Narrator) -> str:
        listed = "; ".join(f"{say.side(s)} {score} ({morale_band(score).name})" for s, score in self.scores)
        return f"{say.name(self.actor)} reads the morale: {listed}."
