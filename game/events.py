"""Events: what happened, as frozen facts the window can animate and the log can tell.

Each event holds facts only (who by entity id, weapons by id, sides by id, hexes, the rules'
own result values with every die face and modifier). Its log sentence is written on demand by
`text(say)`, from those facts and a `Narrator` that knows the names: the battle facade and the
scene are narrators. The simulator counts events; the window animates them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.hexgrid import Hex
from game.rules.attack import AttackResult
from game.rules.dice import Roll
from game.rules.grenade import BlastHit, Scatter
from game.rules.hero_points import ExtraRoll
from game.rules.heroic import HeroicReading
from game.rules.lucky_stars.attack import Contest
from game.rules.lucky_stars.damage import DamageRoll
from game.rules.maneuvers import DirectionRoll
from game.rules.morale import MoraleChange, morale_band
from game.rules.saves import CheckResult, SaveResult, SkillRoll
from game.rules.squad import SquadDamage, band_text
from game.rules.starfarer.tasks import TaskResult
from game.rules.starfarer.wounds import level_name


class Narrator(Protocol):
    """What an event needs to be told in words: names for ids and hexes."""

    def name(self, entity: int) -> str:
        """The combatant's name."""

    def place(self, hex: Hex) -> str:
        """A hex as the GM finds it in Tiled ("col 4, row 7")."""

    def weapon(self, weapon_id: str) -> str:
        """The weapon's name, lower case as the log uses it."""

    def side(self, side_id: str) -> str:
        """The side's name."""

    def facing(self, direction: int, angle: float | None = None) -> str:
        """A facing as the map shows it on screen: "north-east", or "2 o'clock" for an angle."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened; subclasses carry the facts and tell them."""

    def text(self, say: Narrator) -> str:
        """The combat-log sentence."""
        raise NotImplementedError


def _plural_hexes(n: int) -> str:
    return f"{n} hex" + ("" if n == 1 else "es")


def _points(n: int) -> str:
    return f"{n} spare point" + ("" if n == 1 else "s")


# -- rounds and turns ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    """A new round starts."""

    round: int

    def text(self, say: Narrator) -> str:
        return f"Round {self.round} begins."


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """A combatant's turn starts."""

    actor: int
    round: int

    def text(self, say: Narrator) -> str:
        return f"Round {self.round}: {say.name(self.actor)}'s turn."


@dataclass(frozen=True, slots=True)
class TurnLost(Event):
    """A combatant of a surprised side loses its first-round turn (SWN core, Surprise)."""

    actor: int
    round: int = 1

    def text(self, say: Narrator) -> str:
        return f"Round {self.round}: {say.name(self.actor)} is surprised and loses the turn."


@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    """The fight is over: one camp won, or only sides outside the fight (`holding`) are left."""

    winner: str | None = None
    holding: tuple[str, ...] = ()

    def text(self, say: Narrator) -> str:
        if self.winner:
            return f"The battle is over: {self.winner} hold the field."
        if self.holding:
            names = " and ".join(say.side(s) for s in self.holding)
            return f"The battle is over: no fighting side is left; {names} hold the field."
        return "The battle is over: nobody is left standing."


# -- dice ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """A plain roll (initiative, hit points, healing dice), every face shown; actor 0 is the GM."""

    actor: int
    purpose: str
    roll: Roll

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces rolled."""
        return self.roll.faces

    @property
    def total(self) -> int:
        """The roll's total."""
        return self.roll.total

    def text(self, say: Narrator) -> str:
        who = say.name(self.actor) if self.actor else "The GM"
        return f"{who} rolls {self.purpose}: {self.roll.text()}"


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


# -- moving -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A combatant moved along a path (first hex is where it started): `how` is move, jump or push."""

    actor: int
    path: tuple[Hex, ...]
    how: str = "move"
    cost: int = 0

    def text(self, say: Narrator) -> str:
        who, there, steps = say.name(self.actor), say.place(self.path[-1]), len(self.path) - 1
        if self.how == "push":
            return f"{who} is pushed {_plural_hexes(steps)} to {there} (forced movement: no overwatch)."
        if self.how == "jump":
            return f"{who} jumps {_plural_hexes(steps)} to {there}."
        if self.how in ("dragged", "tossed"):  # seed 001 grapples
            return f"{who} is {self.how} {_plural_hexes(steps)} to {there}."
        return f"{who} moves {_plural_hexes(steps)} to {there} ({self.cost} movement)."


@dataclass(frozen=True, slots=True)
class FootprintChanged(Event):
    """A squad's hexes changed (Seed 002, Squad Size): `how` is "move" (a formation move costing
    `cost`, `formation` naming its shape, "" when painted), "shrink" (it closed ranks after
    losses), "grow" (it spread out as units came back) or "regroup" (its owner chose the hexes)."""

    actor: int
    before: tuple[Hex, ...]
    after: tuple[Hex, ...]
    how: str = "move"
    formation: str = ""
    cost: int = 0

    def text(self, say: Narrator) -> str:
        who = say.name(self.actor)
        gone = "; ".join(say.place(h) for h in self.before if h not in self.after)
        new = "; ".join(say.place(h) for h in self.after if h not in self.before)
        if self.how == "shrink":
            return f"{who} closes ranks, giving up {gone}."
        if self.how == "grow":
            return f"{who} spreads out to {new}."
        where = "; ".join(say.place(h) for h in self.after)
        if self.how == "regroup":
            return f"{who} regroups onto {where}."
        shape = f" in a {self.formation}" if self.formation else ""
        return f"{who} moves{shape} to {where} ({self.cost} movement)."


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


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """A combatant's hit points (or heroic hit dice) went down: `unit` HP or HD; `state` is a
    PC's new dying state or "down"; `spare` is what went beyond zero (shown for pools)."""

    target: int
    amount: int
    before: int
    after: int
    unit: str = "HP"
    state: str = ""
    spare: int = 0

    @property
    def remaining(self) -> int:
        """What is left after the hit."""
        return self.after

    def text(self, say: Narrator) -> str:
        state = f", {self.state}" if self.state else ""
        spare = f" ({self.spare} to spare)" if self.spare else ""
        return (f"{say.name(self.target)} takes {self.amount}: {self.before} -> {self.after} "
                f"{self.unit}{state}{spare}.")


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


_FATES = {
    "killed": "{name} is killed.",
    "down": "{name} is down.",
    "died of wounds": "{name} dies of their wounds.",
    "mortally wounded": "{name} falls, mortally wounded: dead in 6 rounds unless stabilised.",
    "stable": "{name} falls and stabilises (heroic).",
    "dying": "{name} is incapacitated by a lethal blow: dying.",
    "incapacitated": "{name} is incapacitated.",
    "unconscious": "{name} falls unconscious.",
    "mortal wound": "{name} falls with a mortal wound.",
    "shock": "{name} collapses from shock.",
}


@dataclass(frozen=True, slots=True)
class Fell(Event):
    """A combatant is out of the fight: `fate` is killed, down, died of wounds, mortally wounded
    or stable."""

    target: int
    fate: str

    @property
    def how(self) -> str:
        """dead, mortally wounded or stable."""
        kept = ("mortally wounded", "stable", "dying", "incapacitated", "unconscious", "mortal wound", "shock")
        return self.fate if self.fate in kept else "dead"

    def text(self, say: Narrator) -> str:
        return _FATES[self.fate].format(name=say.name(self.target))


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


# -- conditions and stances ---------------------------------------------------------------
_CONDITIONS = {
    ("prone", True, ""): "{target} drops prone.",
    ("full cover", True, ""): "{target} takes full cover.",
    ("full cover", False, ""): "{target} comes out of full cover to partial cover.",
    ("full cover", False, "moved"): "{target} leaves full cover to move.",
    ("prone", False, ""): "{target} stands up.",
    ("prone", True, "knocked"): "{target} is knocked prone.",
    ("prone", True, "crash"): "{target} is knocked prone by the crash.",
    ("prone", True, "fell charging"): "{target} falls prone next to {other}.",
    ("total defense", True, ""): "{target} takes total defense (+2 AC).",
    ("total defense", False, "lapsed"): "{target} is no longer on total defense.",
    ("reloaded", True, ""): "{target} reloads.",
    ("overwatch", False, "lapsed"): "{target} is no longer on overwatch.",
    ("overwatch", False, "fired"): "{target} fires from overwatch.",
    ("overwatch", True, "held"): "{target} holds fire.",
    ("disarmed", True, ""): "{target} is disarmed.",
    ("disarmed", False, "empty hand"): "{target} has nothing in hand to drop.",
    ("disarmed", False, "kept hold"): "{target} keeps hold of the weapon.",
    ("stabilised", True, ""): "{target} is stabilised and will live.",
    ("protecting", False, "declined"): "{target} does not step in.",
    ("protecting", True, "stepped in"): "{target} steps in front of {other} and takes the attack.",
    ("guarding", True, ""): "{target} guards {other} until the start of {target}'s next turn.",
    ("prone", True, "tripped"): "{target} is tripped and falls prone.",
    ("readied", True, ""): "{target} readies an attack on the first enemy to come within reach.",
    ("readied", False, "lapsed"): "{target}'s readied attack lapses.",
}
"""The sentence for each (condition, active, cause) a ConditionChanged can carry."""


@dataclass(frozen=True, slots=True)
class ConditionChanged(Event):
    """A simple condition began or ended (prone, total defense, reloaded, overwatch fired or
    held or lapsed, disarmed, stabilised, protecting, guarding); `other` is a second combatant
    the sentence names (the guarded ally, the charge's target)."""

    target: int
    condition: str
    active: bool = True
    cause: str = ""
    other: int = 0

    def text(self, say: Narrator) -> str:
        other = say.name(self.other) if self.other else ""
        return _CONDITIONS[(self.condition, self.active, self.cause)].format(target=say.name(self.target), other=other)


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
class WeaponDropped(Event):
    """A weapon now lies on a hex (seed 002 Disarm); `blocked` when the rolled way was shut."""

    weapon: str
    hex: Hex
    owner: int
    blocked: bool = False

    def text(self, say: Narrator) -> str:
        stays = " (the way is blocked, so it falls at their feet)" if self.blocked else ""
        return f"The {say.weapon(self.weapon)} lands at {say.place(self.hex)}{stays}."


@dataclass(frozen=True, slots=True)
class WeaponTaken(Event):
    """A combatant took a weapon in hand or stowed it (`into` is "hand" or "carried"); `how` is
    take (from a disarmed foe), pick up or ready; `stowed` the weapon put away to ready it."""

    actor: int
    weapon: str
    into: str = "hand"
    how: str = "ready"
    stowed: str = ""

    def text(self, say: Narrator) -> str:
        who, what = say.name(self.actor), say.weapon(self.weapon)
        if self.how == "take":
            return f"{who} takes the {what} and stows it."
        if self.how == "pick up":
            ending = "holds it ready" if self.into == "hand" else "stows it"
            return f"{who} picks up the {what} and {ending}."
        stowing = f", stowing the {say.weapon(self.stowed)}" if self.stowed else ""
        return f"{who} readies the {what}{stowing}."


# -- morale -------------------------------------------------------------------------------
_MORALE_CAUSES = {
    "leader present (ordinary)": "{side} have their leader {who} with them",
    "leader present (great)": "{side} have their great leader {who} with them",
    "leader incapacitated (ordinary)": "{side} have lost their leader {who}",
    "leader incapacitated (great)": "{side} have lost their great leader {who}",
    "surprised": "{side} are caught unprepared",
    "lost 20% of forces or HP": "{side} count their losses",
    "outgunned (negative factor)": "The GM judges {side} outgunned",
    "outgunned (positive factor)": "The GM judges {side} to outgun their foes",
    "home territory": "{side} fight on their home ground",
    "intimidated": "{side} are shaken",
}
"""The opening of a morale change's sentence, by its cause (Seed 002, Morale Factors)."""


@dataclass(frozen=True, slots=True)
class MoraleChanged(Event):
    """A side's morale score moved, with its cause (a Seed 002 morale factor) and, where one
    person caused it, who (the leader, the intimidator)."""

    side: str
    change: MoraleChange
    who: int | None = None

    @property
    def before(self) -> int:
        """The score before."""
        return self.change.before

    @property
    def after(self) -> int:
        """The score after."""
        return self.change.after

    @property
    def cause(self) -> str:
        """The morale factor that moved the score."""
        return self.change.factor

    def text(self, say: Narrator) -> str:
        who = say.name(self.who) if self.who is not None else "someone"
        opening = _MORALE_CAUSES.get(self.cause, "{side} feel it").format(side=say.side(self.side), who=who)
        rest = "; no more intimidation this round" if self.cause == "intimidated" else ""
        band, was = morale_band(self.after), morale_band(self.before)
        if band != was:
            rest += f"; now {band.name}: {band.limits()}"
        return f"{opening}: {self.change.text()}{rest}."


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


# -- the GM's overrides -------------------------------------------------------------------
_GM_CONDITIONS = {
    ("prone", True): "The GM puts {target} prone.",
    ("prone", False): "The GM stands {target} up.",
    ("total_defense", True): "The GM puts {target} on total defense (+2 AC).",
    ("total_defense", False): "The GM takes {target} off total defense.",
    ("overwatch", False): "The GM ends {target}'s overwatch.",
}
"""The sentence for each (condition, active) a GM override of a condition can carry."""


@dataclass(frozen=True, slots=True)
class GmOverride(Event):
    """The GM changed the table by hand (the issue "The table"): `what` is "place" (to `to`),
    "health" (from `before` to `value`, in `unit` HP or HD), "condition" (`condition` turned
    `active`), "hidden" (`target` hidden from the table when `active`, else revealed), "stat" (`stat` from `before` to `value`), "side_morale" (`side`'s morale from
    `before` to `value`) or "add" (a new `target` of `unit_type` for `side`, standing on `to`)."""

    what: str
    target: int
    to: Hex | None = None
    value: int = 0
    before: int = 0
    unit: str = ""
    condition: str = ""
    active: bool = True
    unit_type: str = ""
    side: str = ""
    stat: str = ""

    def text(self, say: Narrator) -> str:
        if self.what == "side_morale":
            return f"The GM sets the morale of {say.side(self.side)} to {self.value} (was {self.before})."
        target = say.name(self.target)
        if self.what == "hidden":
            return f"The GM hides {target} from the table." if self.active else f"The GM reveals {target} on the table."
        if self.what == "stat":
            return f"The GM sets {target}'s {self.stat} to {self.value} (was {self.before})."
        if self.what == "place":
            return f"The GM moves {target} to {say.place(self.to)}."
        if self.what == "health":
            return f"The GM sets {target}'s health to {self.value} {self.unit} (was {self.before})."
        if self.what == "condition":
            return _GM_CONDITIONS[(self.condition, self.active)].format(target=target)
        return f"The GM brings in {target} for {say.side(self.side)} at {say.place(self.to)}."


@dataclass(frozen=True, slots=True)
class ConditionNoted(Event):
    """The GM wrote a wound or condition on a combatant (`active`), or rubbed it out ("" for all)."""

    target: int
    note: str
    active: bool = True

    def text(self, say: Narrator) -> str:
        if self.active:
            return f"The GM notes on {say.name(self.target)}: {self.note}."
        return (f"The GM rubs out {say.name(self.target)}'s note: {self.note}." if self.note
                else f"The GM rubs out {say.name(self.target)}'s notes.")


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


# -- hero points (seed 004) ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HeroPointSpent(Event):
    """A hero point spent on a roll just seen, with the points left; its die is rolled unless countered."""

    actor: int
    left: int
    personal: int = 1
    from_pool: int = 0

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.actor)} spends {_hero_spend(self.personal, self.from_pool)} on the roll ({self.left} left)."


def _hero_spend(personal: int, from_pool: int) -> str:
    """A spend in words: "a hero point and 2 from the pool", "no point of their own and 1 from the pool"."""
    pool = f" and {from_pool} from the pool" if from_pool else ""
    return ("a hero point" if personal else "no point of their own") + pool


@dataclass(frozen=True, slots=True)
class HeroPoolAwarded(Event):
    """The GM added hero points to a side's pool (seed 004, outside sources)."""

    side: str
    points: int
    pool: int

    def text(self, say: Narrator) -> str:
        return f"The GM awards {say.side(self.side)} {self.points} hero point(s): the pool holds {self.pool}."


@dataclass(frozen=True, slots=True)
class HeroPointCountered(Event):
    """A hero point countered before its die was rolled: both points are spent (seed 004)."""

    actor: int
    spender: int
    left: int

    def text(self, say: Narrator) -> str:
        return (f"{say.name(self.actor)} counters {say.name(self.spender)}'s hero point ({self.left} left): "
                "the die is not rolled.")


@dataclass(frozen=True, slots=True)
class HeroDieRolled(Event):
    """The die a hero point bought: its faces and what it counts as, added to the roll (seed 004)."""

    actor: int
    extra: ExtraRoll

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.actor)}'s hero die: {self.extra.text()}, added to the roll."


@dataclass(frozen=True, slots=True)
class DamageNegated(Event):
    """Hero points spent against a hit just taken (seed 004, Negating Damage, not counterable):
    the picks bought and the damage before and after them."""

    actor: int
    picks: tuple[str, ...]
    before: int
    after: int
    left: int
    personal: int = 1
    from_pool: int = 0

    def text(self, say: Narrator) -> str:
        return (f"{say.name(self.actor)} spends {_hero_spend(self.personal, self.from_pool)} to negate damage "
                f"({', '.join(self.picks)}; {self.left} left): {self.before} -> {self.after}.")


# -- a computer player's reasons ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Explained(Event):
    """Why a computer player chose the action that follows (the action's `reason`), e.g.
    "moves to col 12, row 7: cover 4, out of the watchers' wedges"."""

    actor: int
    reason: str

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.actor)} {self.reason}."
