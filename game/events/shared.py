"""The events every ruleset shares: rounds and turns, dice, moving, falling, conditions, weapons
changing hands, morale and a computer player's reasons; and what an event is (`Event`, told by
a `Narrator`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.hexgrid import Hex
from game.rules.dice import Roll
from game.rules.swn.morale import MoraleChange, morale_band


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


# -- a computer player's reasons ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Explained(Event):
    """Why a computer player chose the action that follows (the action's `reason`), e.g.
    "moves to col 12, row 7: cover 4, out of the watchers' wedges"."""

    actor: int
    reason: str

    def text(self, say: Narrator) -> str:
        return f"{say.name(self.actor)} {self.reason}."
