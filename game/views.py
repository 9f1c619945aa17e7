"""Views: what a client sees of the combatants and sides, as frozen values (`Battle.combatants`).

The window draws tokens from these and the computer player reads positions from them; neither
needs the engine's world or components. A view holds everything a GM may see: the table view
decides what to hide from the players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.hexgrid import Hex
from game.rules.swn.attack import ARMOR, ARMOR_CLASS, MORALE_THRESHOLD, TOTAL_DEFENSE


@dataclass(frozen=True, slots=True)
class CombatantView:
    """One combatant as it stands now.

    `hex` is where it stands, or lies if it fell (None when it is on no hex). `in_fight` is
    False once it is down, dead or fallen. `health` counts hit points, or hit dice (`unit`
    "hd") for heroic NPCs. `down` says how it is out of the fight: "mortally wounded",
    "stabilised", "dead" or "down". `overwatch` is the watched facing (a hex direction) and
    `overwatch_angle` any chosen angle; `facing` is the overwatch facing or the map's. The
    `..._source` class values name the rule each of those numbers comes from.
    """

    ac_source: ClassVar[str] = ARMOR_CLASS
    armor_source: ClassVar[str] = ARMOR
    total_defense_source: ClassVar[str] = TOTAL_DEFENSE

    id: int
    name: str
    side: str
    kind: str
    unit_type: str
    object_id: int | None
    hex: Hex | None
    in_fight: bool
    health: int
    health_max: int
    unit: str
    ac: int
    armor: int
    move_hexes: int
    weapon: str | None
    weapon_name: str
    rounds: int
    magazine: int
    carried: tuple[str, ...] = ()
    prone: bool = False
    total_defense: bool = False
    overwatch: int | None = None
    overwatch_angle: float | None = None
    guarding: int | None = None
    shielding: bool = False
    disarmed: bool = False
    down: str | None = None
    squad_units: int | None = None
    squad_max: int | None = None
    initiative: int | None = None
    facing: int | None = None
    morale_immune: bool = False
    hidden: bool = False  # kept off the table view until the GM reveals it
    footprint: tuple[Hex, ...] = ()
    """Every hex it stands on, `hex` first: a squad's several (Seed 002, Squad Size); none once down."""
    action_points: int | None = None
    """Action points left this round, under a ruleset that counts them (seeds 001 and 003); else None."""
    phases: tuple[int, ...] = ()
    """Seed 003: the action points at which each of its phases still to come this round begins, if
    it declares nothing that changes them (the one under way not counted)."""
    carries: int | None = None
    """Seed 003: the action points it carries into the next round after those phases."""
    defense: int | None = None
    """Current DEF under seed 001 (`health` then counts VIT, `unit` "VIT"); else None."""
    defense_max: int | None = None
    notes: tuple[str, ...] = ()
    """The wounds and conditions the GM wrote on it (`GmNoteCondition`), in the order written."""
    hero_points: int | None = None
    """Seed 004: the hero points of its own left, when the map turns the module on; else None."""
    grappling: int | None = None
    """Seed 001: the combatant it is locked in a grapple with; else None."""
    in_control: bool = False
    """Seed 001: whether it controls that grapple (holding the other); False when pinned by them."""
    stealth: int | None = None
    """Seed 001: its stealth total while it is unseen by its enemies; None while seen."""
    readied: str = ""
    """Seed 001: the action it holds ready ("standard_attack", "trip", "disarm", "shatter",
    "grapple"); "" when none."""
    states: tuple[str, ...] = ()
    """A ruleset's own states the GM tracks, in words made from the fields above: seed 001's
    "pinned by Gash", "holding Rook" (in control of a grapple), "unseen (stealth 10)", "attack
    readied", "trip readied"."""
    actions_left: tuple[str, ...] | None = None
    """The actions of its turn not spent yet, of "main" and "move" (SWN core: a Main action may
    still be spent as a second move); None when it holds no such budget."""
    dies_in: int | None = None
    """A mortally wounded PC not yet stabilised: how many round starts it has left, the last one
    killing it (SWN core: it dies at the start of the sixth round after the fall,
    docs/rules/engine.md): 6 in the round it falls, 1 when the next round's start kills it; None
    for everyone else."""


@dataclass(frozen=True, slots=True)
class SideView:
    """One side: its name, who plays it, and its morale score and band (None for the PCs), whose
    rule `morale_source` names."""

    morale_source: ClassVar[str] = MORALE_THRESHOLD

    id: str
    name: str
    controller: str
    morale: int | None
    band: str | None
    camp: str | None
    conduct: str | None = None
    """With the morale rules on: what the band makes the side do, "flee", "retreat" (through
    cover, still firing) or "fight" (Seed 002, Morale Threshold); None otherwise."""
    limits: str = ""
    """With the morale rules on: the band's behaviour and modifiers in words, for those who play it."""
    hero_pool: int = 0
