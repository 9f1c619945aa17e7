"""Stars Without Number's actions (SWN core, seeds 000 and 002).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.actions.shared import Action, action_type
from game.hexgrid import Hex


@action_type
@dataclass(frozen=True, slots=True)
class GoProne(Action):
    """Drop prone (an Instant action, SWN core)."""

    kind: ClassVar[str] = "go_prone"


@action_type
@dataclass(frozen=True, slots=True)
class DefendTotally(Action):
    """Total Defense: +2 AC until the next turn, giving up the Main action (SWN core)."""

    kind: ClassVar[str] = "total_defense"


@action_type
@dataclass(frozen=True, slots=True)
class Reload(Action):
    """Refill the weapon's magazine, spending the Main action."""

    kind: ClassVar[str] = "reload"


@action_type
@dataclass(frozen=True, slots=True)
class SetOverwatch(Action):
    """Overwatch: watch a 60 degree wedge, as the Main action (seed 002).

    The wedge faces a hex direction (`facing`, 0..5), or any `angle` in degrees when given
    (counter-clockwise, direction i at i x 60; rulings: Overwatch).
    """

    kind: ClassVar[str] = "overwatch"
    facing: int = 0
    angle: float | None = None


@action_type
@dataclass(frozen=True, slots=True)
class OverwatchFire(Action):
    """The overwatcher's single attack at -2 on an enemy inside its wedge (an Instant action).

    `aim` is set by the engine, never by a player: on a shot kept on a decision (a hero point on
    its roll, seed 004), the hex of a squad's route it was aimed at the squad on, when the squad
    has left it, so the shot goes on as it was aimed (docs/rules/squads.md); empty otherwise."""

    kind: ClassVar[str] = "overwatch_fire"
    target: int = 0
    aim: tuple[Hex, ...] = ()


@action_type
@dataclass(frozen=True, slots=True)
class Shove(Action):
    """Seed 002 Shove: a Punch attack vs AC 9 + HD; a hit pushes the target one hex directly away.

    `as_move` spends the Move action instead of the Main action (the seed allows either).
    """

    kind: ClassVar[str] = "shove"
    target: int = 0
    as_move: bool = False


@action_type
@dataclass(frozen=True, slots=True)
class Charge(Action):
    """Seed 002 Charge (person, or vehicle/mech by the actor's kind): move along `path` in soft
    turns or straight lines, ending next to `target`, then attack. Uses Move and Main."""

    kind: ClassVar[str] = "charge"
    target: int = 0
    path: tuple[Hex, ...] = ()


@action_type
@dataclass(frozen=True, slots=True)
class Jump(Action):
    """Seed 002 Jump: a straight line along a hex direction to `to`, over low obstacles."""

    kind: ClassVar[str] = "jump"
    to: Hex = Hex(0, 0)


@action_type
@dataclass(frozen=True, slots=True)
class ReadyWeapon(Action):
    """Take a carried weapon in hand, stowing the one held (a Move action)."""

    kind: ClassVar[str] = "ready_weapon"
    weapon: str = ""


@action_type
@dataclass(frozen=True, slots=True)
class Protect(Action):
    """Seed 002 Protect (person): guard an adjacent ally until the next turn, as the Main action;
    the guard may redirect one attack on that ally to itself."""

    kind: ClassVar[str] = "protect"
    ally: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class ShieldAllies(Action):
    """Seed 002 Protect (mech): Move and Main spent shielding the allies around and behind it."""

    kind: ClassVar[str] = "shield_allies"


@action_type
@dataclass(frozen=True, slots=True)
class Redirect(Action):
    """Answer a protect prompt: take the attack on the ally yourself."""

    kind: ClassVar[str] = "redirect"


@action_type
@dataclass(frozen=True, slots=True)
class ThrowGrenade(Action):
    """Seed 002 Grenades: throw an area weapon at a hex (at a combatant on it, its concealment counts)."""

    kind: ClassVar[str] = "throw_grenade"
    at: Hex = Hex(0, 0)


@action_type
@dataclass(frozen=True, slots=True)
class Intimidate(Action):
    """Seed 002 Intimidate: a Lead/Cha check against an enemy side's morale, as the Main action."""

    kind: ClassVar[str] = "intimidate"
    side: str = ""


@action_type
@dataclass(frozen=True, slots=True)
class ReadMorale(Action):
    """Seed 002 Read Morale: a Notice check at difficulty 6, as the Move action."""

    kind: ClassVar[str] = "read_morale"


@action_type
@dataclass(frozen=True, slots=True)
class FrayDie(Action):
    """Seed 000 Fray Die: once a round, On-turn, the Fray Die's damage to a lesser foe in reach."""

    kind: ClassVar[str] = "fray_die"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class FocusedFray(Action):
    """Seed 000 Focused Fray: the Main action spent to put the Fray Die on any foe."""

    kind: ClassVar[str] = "focused_fray"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Stabilise(Action):
    """SWN core: a Heal check (difficulty 8 + rounds since the fall) on a mortally wounded PC."""

    kind: ClassVar[str] = "stabilise"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Heal(Action):
    """Apply healing (a stim, a medkit, a power) given as dice; heroic mode reads it on the table."""

    kind: ClassVar[str] = "heal"
    target: int = 0
    dice: str = "1d6+2"
    tissue_integrity_field: bool = False  # seed 002: on a squad, multiplied by its max units


@action_type
@dataclass(frozen=True, slots=True)
class MoveSquad(Action):
    """A squad's Move into a new footprint (Seed 002, Squad Size): `hexes` with the anchor
    first, each reachable within its movement, one connected group; `formation` names the
    shape it was picked as ("line", "column", "wedge", "blob"; "" when painted hex by hex)."""

    kind: ClassVar[str] = "move_squad"
    hexes: tuple[Hex, ...] = ()
    formation: str = ""


@action_type
@dataclass(frozen=True, slots=True)
class Regroup(Action):
    """A squad's owner answers a footprint decision: take these hexes (one of its choices)."""

    kind: ClassVar[str] = "regroup"
    hexes: tuple[Hex, ...] = ()


@action_type
@dataclass(frozen=True, slots=True)
class LeadSquad(Action):
    """Seed 002, Authority Focus: a PC with the focus switches which one squad they directly
    lead, as a free on-turn action; that squad gets the focus's buff."""

    kind: ClassVar[str] = "lead_squad"
    target: int = 0
