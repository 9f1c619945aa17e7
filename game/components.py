"""Component types of the battle world every ruleset shares (and SWN's): frozen data, replaced on
change, never mutated. A ruleset's own components live in its package (`components.py` beside its
mechanics: Lucky Stars' DEF, grapples and hiding; Starfarer's action points, wounds and phases).

A component that refers to another entity stores its id. No component holds a Surface,
a file or anything else that is not plain data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class Identity:
    """Who this is: a name for the log, the unit type and the Tiled object it came from."""

    name: str
    unit_type: str
    kind: str  # npc | pc | vehicle | mech
    object_id: int | None = None


@dataclass(frozen=True, slots=True)
class Allegiance:
    """The side this combatant fights for (a side id such as 'pcs' or 'enemies')."""

    side: str

    def group(self) -> str:
        """The world groups combatants by side (see World.group)."""
        return self.side


@dataclass(frozen=True, slots=True)
class Position:
    """The hex a combatant stands on; it blocks that hex for everyone else."""

    hex: Hex

    def occupies(self) -> tuple[Hex, ...]:
        """The hexes this component blocks (the world's hex index reads this)."""
        return (self.hex,)


@dataclass(frozen=True, slots=True)
class Fallen:
    """A combatant out of the fight lies here; the hex no longer counts as occupied."""

    hex: Hex
    round: int


def _last(pairs: tuple[tuple[str, int], ...], name: str, default: int | None) -> int | None:
    """The value of the last pair named `name` (as `dict(pairs).get(name, default)` reads it),
    found without building the dict: a stat block holds a handful of pairs, read every attack."""
    found = default
    for key, value in pairs:
        if key == name:
            found = value
    return found


@dataclass(frozen=True, slots=True)
class Stats:
    """The resolved stat block: the unit type's values with the map's overrides applied."""

    ac: int
    attack_bonus: int
    skill_bonus: int
    move_hexes: int
    hd: int = 0
    armor: int = 0
    morale: int = 8
    immune_to_morale: bool = False
    size_class: str = "person"
    might: int = 0
    pilot: int = 0
    level: int = 1
    character_class: str | None = None
    attributes: tuple[tuple[str, int], ...] = ()
    skills: tuple[tuple[str, int], ...] = ()
    save: int | None = None
    fray_die: str | None = None
    nemesis: bool = False
    authority: int = 0  # level of the Authority focus (SWN core; seed 002: it buffs one squad)

    def attribute(self, name: str) -> int:
        """An attribute modifier (0 when the stat block gives none)."""
        return _last(self.attributes, name, 0)

    def skill(self, name: str) -> int | None:
        """A PC's skill level, or None when the PC lacks the skill (untrained)."""
        return _last(self.skills, name, None)


@dataclass(frozen=True, slots=True)
class Health:
    """Hit points, or in heroic mode an ordinary NPC's hit dice (`unit` says which)."""

    current: int
    maximum: int
    unit: str = "hp"  # "hp" or "hd"


@dataclass(frozen=True, slots=True)
class Armament:
    """The weapon in hand (None: empty-handed) and rounds left in its magazine."""

    weapon: str | None
    rounds: int = 0


@dataclass(frozen=True, slots=True)
class DroppedWeapon:
    """A weapon lying on a hex, dropped by a disarm; anyone may pick it up."""

    weapon: str
    hex: Hex
    rounds: int = 0


@dataclass(frozen=True, slots=True)
class TurnBudget:
    """What the combatant may still do this turn (SWN core: one Main, one Move action)."""

    main: bool = True
    move: bool = True
    fray_used: bool = False


@dataclass(frozen=True, slots=True)
class Initiative:
    """The initiative total rolled at the start of the fight, with the roll's text."""

    score: int
    roll_text: str = ""


@dataclass(frozen=True, slots=True)
class Notes:
    """The wounds and conditions the GM wrote on a combatant, in the order written."""

    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Hidden:
    """Kept off the table view (the map marks it hidden) until the GM reveals it; the rules
    ignore it: a hidden combatant fights, and is fought, like any other."""


@dataclass(frozen=True, slots=True)
class Prone:
    """Lying prone (seed 002 charge and shove results; SWN core prone modifiers)."""


@dataclass(frozen=True, slots=True)
class TotalDefense:
    """+2 AC until the start of this combatant's next turn (SWN core)."""


@dataclass(frozen=True, slots=True)
class Overwatch:
    """Watching a 60 degree wedge (seed 002 Overwatch) until the start of the next turn: around
    the hex direction `facing`, or around `angle` degrees when one was chosen."""

    facing: int
    angle: float | None = None


@dataclass(frozen=True, slots=True)
class MortallyWounded:
    """A PC at 0 HP: dies at the end of the sixth round after `since_round` unless stabilised."""

    since_round: int


@dataclass(frozen=True, slots=True)
class Stabilised:
    """A PC at 0 HP who will not die of the wound (SWN core; heroic PCs stabilise automatically)."""


@dataclass(frozen=True, slots=True)
class Dead:
    """Killed, or out of the fight for good."""


@dataclass(frozen=True, slots=True)
class Squad:
    """Seed 002 squads: several identical NPCs acting as one unit."""

    units: int
    max_units: int
    hp_per_unit: float = field(default=0.0)


@dataclass(frozen=True, slots=True)
class Footprint:
    """The hexes a squad covers besides its Position (its anchor), in growth order: each next
    to one before it (Seed 002, Squad Size: one hex per three units, one connected group)."""

    rest: tuple[Hex, ...] = ()

    def occupies(self) -> tuple[Hex, ...]:
        """The squad blocks every hex of its footprint (the world's hex index reads this)."""
        return self.rest


@dataclass(frozen=True, slots=True)
class Carried:
    """Weapons carried but not in hand (taken in a disarm, picked up), as weapon ids."""

    weapons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PausedMove:
    """A move paused on its way (SWN's overwatch, seed 002; a Lucky Stars attack of opportunity,
    seed 001): the rest of its path, and who was already asked on it (`silenced`: not asked
    again). It goes on once every decision about it is made."""

    remaining: tuple[Hex, ...]
    silenced: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class MainSpent:
    """The round in which the combatant last spent its Main action (snap actions need it unspent)."""

    round: int


@dataclass(frozen=True, slots=True)
class Guarding:
    """Seed 002 Protect (person): guarding an adjacent ally; one redirect until the next turn."""

    ally: int


@dataclass(frozen=True, slots=True)
class Shielding:
    """Seed 002 Protect (mech): +2 AC concealment and its Armor to adjacent allies behind it,
    and one redirect, until the start of its next turn."""

    redirect_left: bool = True


@dataclass(frozen=True, slots=True)
class ProtectSince:
    """The round a Guarding or Shielding stance was taken (it lapses at its owner's next turn)."""

    round: int


@dataclass(frozen=True, slots=True)
class HeroPoints:
    """Seed 004: the combatant's own hero points (only with the map module `hero_points`)."""

    points: int


@dataclass(frozen=True, slots=True)
class Trademark:
    """Seed 004, Damage to Equipment: the one item (a weapon id, or the unit type of the vehicle
    or mech the combatant is) whose damage its hero points may negate."""

    item: str


@dataclass(frozen=True, slots=True)
class Leading:
    """The one squad a PC directly leads (seed 002, Authority Focus): it gets the focus's buff."""

    squad: int

