"""The options every ruleset offers and what an option is: the odds of a roll and their parts,
how an option is aimed, moves, attacks, plain chances, the hexes enemy overwatch watches, and
one combatant's `Options`.
"""

from __future__ import annotations

from collections.abc import Iterable
import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from game.actions import Action, Move
from game.hexgrid import Hex
from game.rules.modifier import Modifier
from game.rules.cover import CoverReading
from game.slots import slot_setters


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact chance of an attack roll and how it is made up, with the rule of each part.

    `bonus` are the parts added to the die (attack bonus, skill, range, morale ...), `target`
    the parts of the number to reach (AC, concealment, total defense, morale); `face_needed`
    is the lowest face that hits (a natural 20 always does, a natural 1 never).
    """

    chance: Fraction
    face_needed: int
    bonus: tuple[Modifier, ...]
    target: tuple[Modifier, ...]
    dice: str = "1d20"
    """The roll: "1d20" (SWN), or "opposed 2d6" (seed 001), where `face_needed` is the least the
    attacker's 2d6 must beat the defender's 2d6 by (after the parts) and both totals are rolled,
    or "d100" (seed 003), rolled under `face_needed`."""
    source: str = dataclasses.field(kw_only=True)
    """The rule the roll is made and read by ("SWN core, attack rolls"); each part carries its own
    (`Modifier.source`)."""

    @property
    def total_bonus(self) -> int:
        """Everything added to the d20."""
        return sum(m.value for m in self.bonus)

    @property
    def target_number(self) -> int:
        """The total to reach."""
        return sum(m.value for m in self.target)


@dataclass(frozen=True, slots=True)
class Aim:
    """How an option is aimed, so a window knows what a click must name to take it: nothing
    (`at` "once": taken as soon as it is chosen), a "combatant", a "hex", a "side" or a
    "facing", named by the option's field `field` (a hex field may hold several hexes, any of
    which names it); `then` is a second field a further click names (a charge's end hex)."""

    at: str
    field: str = ""
    then: str = ""


AT_ONCE = Aim("once")
"""Taken as soon as it is chosen (reload, go prone, end turn, a decision's answers ...)."""


AT_TARGET = Aim("combatant", "target")
"""Aimed at the combatant its `target` names (an attack, a shove, protect, stabilise, heal ...)."""


AT_HEX = Aim("hex", "hex")
"""Aimed at the hex its `hex` names (a move, a jump, a step, a grapple's drag or toss)."""


AT_LANDING = Aim("hex", "at")
"""Aimed at the hex its `at` names (a grenade's throw)."""


AT_HEXES = Aim("hex", "hexes")
"""Aimed at any of the hexes its `hexes` names (the hexes a squad keeps when it regroups)."""


AT_SIDE = Aim("side", "side")
"""Aimed at a whole side, its `side` (intimidate): a click on any of its combatants names it."""


AT_FACING = Aim("facing", "facing")
"""Aimed at a facing (overwatch): a click on any hex turns the wedge that way."""


AT_CHARGE = Aim("combatant", "target", then="hex")
"""Aimed at the combatant its `target` names, then at the hex its `hex` names (a charge's end)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One thing a combatant can do now (`action` takes it), or cannot (`refused` says why).

    `kind` names the choice as the action bar shows it: "move", "attack", "aimed_attack",
    "burst_attack", "charge", "jump", "shove", "shove_as_move", "disarm", "protect",
    "shield_allies", "overwatch", "overwatch_fire", "grenade", "intimidate", "read_morale",
    "fray_die", "focused_fray", "reload", "ready_weapon", "pick_up", "go_prone", "stand_up",
    "total_defense", "stabilise", "heal", "end_turn", "formation" (a squad's shapes at one hex:
    `Battle.formations`), "step" (seed 001), and for an open decision "hold", "hold_for_move",
    "redirect", "regroup". Seed 001 adds the kinds listed in docs/facade.md ("trip", "grapple",
    "hide", "attack_of_opportunity", "lethal_blow", ...).

    `aim` says how it is aimed (`Aim`): its builder sets it, so a window needs no table of kinds.
    """

    kind: str
    action: Action | None
    refused: str = ""
    aim: Aim = dataclasses.field(kw_only=True)

    @property
    def allowed(self) -> bool:
        """Whether the option can be taken now."""
        return self.action is not None


@dataclass(frozen=True, slots=True)
class MoveOption(Option):
    """A hex the combatant can walk to: the movement it costs and the path (start excluded). For
    a squad over several hexes, its head's hex, with the squad's shape carried there (or a blob)
    in `hexes` (Seed 002, Squad Size); `Battle.formations` lists the other shapes."""

    hex: Hex = Hex(0, 0)
    cost: int = 0
    path: tuple[Hex, ...] = ()
    hexes: tuple[Hex, ...] = ()


_MOVE_FIELDS = slot_setters(Move, ("actor", "faces", "reason", "path"))


_MOVE_OPTION_FIELDS = slot_setters(MoveOption, ("kind", "action", "refused", "aim", "hex", "cost", "path", "hexes"))


def walking_options(actor: int, reach: Iterable[tuple[Hex, int, tuple[Hex, ...]]]) -> list[MoveOption]:
    """`MoveOption("move", Move(actor, path=path), aim=AT_HEX, hex=hex, cost=cost, path=path)` for
    each (hex, cost, path) in reach: equal values, set slot by slot rather than through the frozen
    dataclasses' `__init__` (a third of the time; a move decision makes one for every hex in
    reach, and neither class checks anything on the way in)."""
    new = object.__new__
    m_actor, m_faces, m_reason, m_path = _MOVE_FIELDS
    o_kind, o_action, o_refused, o_aim, o_hex, o_cost, o_path, o_hexes = _MOVE_OPTION_FIELDS
    found = []
    for hex_, cost, path in reach:
        move, option = new(Move), new(MoveOption)
        m_actor(move, actor), m_faces(move, ()), m_reason(move, ""), m_path(move, path)
        o_kind(option, "move"), o_action(option, move), o_refused(option, ""), o_aim(option, AT_HEX)
        o_hex(option, hex_), o_cost(option, cost), o_path(option, path), o_hexes(option, ())
        found.append(option)
    return found


@dataclass(frozen=True, slots=True)
class AttackOption(Option):
    """An attack on one target with the weapon in hand (plain, aimed or burst).

    `expected_damage` is the exact mean damage of the attempt: the chance to hit times the mean
    of a hit after the armor that counts (cover armor the attack does not get past, the
    target's own, less armor piercing), read on the heroic table where heroic rules apply,
    plus any shock a miss deals. A squad's volley also carries `bands`: the exact chance of
    each damage band ("none", "half", "full"; Seed 002, Squads), summing to 1.
    """

    target: int = 0
    weapon: str = ""
    odds: Odds | None = None
    cover: CoverReading | None = None
    armor: int = 0
    damage: str = ""
    expected_damage: Fraction = Fraction(0)
    bands: tuple[tuple[str, Fraction], ...] = ()
    damage_source: str = ""
    """The rule its damage and the armor against it are read by ("SWN core, damage"; heroic: "Seed
    000, Damage Conversion Table"); "" for a refused option."""


@dataclass(frozen=True, slots=True)
class ChanceOption(Option):
    """An option with a plain chance of success and no target (Read Morale)."""

    chance: Fraction | None = None


@dataclass(frozen=True, slots=True)
class WatchedHex:
    """A hex where enemy overwatch could fire at the combatant, and who would be asked."""

    hex: Hex
    watchers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Options:
    """Everything one combatant can do now, with the hexes enemy overwatch covers for it."""

    actor: int
    items: tuple[Option, ...] = ()
    watched: tuple[WatchedHex, ...] = ()

    def of(self, *kinds: str) -> tuple[Option, ...]:
        """The options of these kinds, allowed and refused, in order."""
        return tuple(o for o in self.items if o.kind in kinds)

    def allowed(self, *kinds: str) -> tuple[Option, ...]:
        """The options that can be taken now (of these kinds, when any are named): those with an
        action (`Option.allowed`, read here straight off the field; a player asks for every
        decision, and a move listing holds every hex in reach)."""
        if kinds:
            return tuple(o for o in self.items if o.kind in kinds and o.action is not None)
        return tuple(o for o in self.items if o.action is not None)

    def find(self, action: Action) -> Option | None:
        """The option whose action this is, if any."""
        return next((o for o in self.items if o.action == action), None)

    def kinds(self) -> tuple[str, ...]:
        """The kinds that can be taken now, in order of first appearance."""
        return tuple(dict.fromkeys(o.kind for o in self.items if o.allowed))
