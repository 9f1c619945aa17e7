"""Options: everything a combatant can do now, as frozen values a client reads (`Battle.options`).

Each option carries the `Action` that takes it, built from the same plan the engine resolves,
so the odds a window shows and a computer player weighs are the odds the engine rolls. An
option that cannot be taken has no action and says why in `refused`. Numbers come with their
breakdown (each modifier and what it is called), so a window can explain any of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
import dataclasses
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from game.actions import Action, Move
from game.hexgrid import Hex
from game.rules.attack import Modifier
from game.rules.cover import CoverReading


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


def _setters(cls: type, names: tuple[str, ...]) -> tuple:
    """The slot setters of a frozen dataclass's fields, in this order; refuses (at import) a
    class whose fields are not exactly these, so `walking_options` can never leave one unset."""
    if tuple(sorted(f.name for f in fields(cls))) != tuple(sorted(names)):
        raise TypeError(f"{cls.__name__} has the fields {[f.name for f in fields(cls)]}, not {list(names)}")
    return tuple(next(k.__dict__[n] for k in cls.__mro__ if n in k.__dict__).__set__ for n in names)


def slot_maker(cls: type) -> Callable[..., Any]:
    """A maker of `cls` from the values of all its fields, given in the order the class declares
    them, each set through its slot: the same value as `cls(...)` at under half the cost of a
    frozen dataclass's `__init__` (which sets each field through `object.__setattr__`). For
    the views and options the engine makes by the thousand (a combatant's view, an attack
    option, an attack plan); only for classes whose `__init__` checks and derives nothing (one
    with a `__post_init__` is refused when the maker is made), and a wrong count of values is
    refused."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} checks its values in __post_init__: make it through its constructor")
    setters = _setters(cls, tuple(f.name for f in fields(cls)))
    # The maker is written out field by field (as dataclasses write their `__init__`): one
    # unpacking and a call per slot, with no loop to step through (a view has forty fields).
    count, names = len(setters), [f"v{i}" for i in range(len(setters))]
    lines = [
        "def make(*values):",
        "    if len(values) != count:",
        "        raise TypeError(f'{cls.__name__} takes {count} values, not {len(values)}')",
        f"    {', '.join(names)}, = values",
        "    made = new(cls)",
        *(f"    s{i}(made, {name})" for i, name in enumerate(names)),
        "    return made",
    ]
    scope = {"cls": cls, "count": count, "new": object.__new__, **{f"s{i}": s for i, s in enumerate(setters)}}
    exec("\n".join(lines), scope)  # noqa: S102 (text made here from field positions only)
    return scope["make"]


_MOVE_FIELDS = _setters(Move, ("actor", "faces", "reason", "path"))
_MOVE_OPTION_FIELDS = _setters(MoveOption, ("kind", "action", "refused", "aim", "hex", "cost", "path", "hexes"))


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
class FormationOption(Option):
    """A squad's formation with its head on `hex`: the shape ("line", "column", "wedge", "blob"),
    its facing (a hex direction; None for a blob), its hexes and the movement it costs (Seed 002,
    Squad Size). Refused ones say why (blocked, cut off, out of reach)."""

    hex: Hex = Hex(0, 0)
    formation: str = ""
    facing: int | None = None
    hexes: tuple[Hex, ...] = ()
    cost: int = 0


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
class ChargeOption(Option):
    """A legal charge on a target ending on `hex` along `path`, with the blow's odds.

    `expected_damage` is the exact mean damage of the charge, worked out by the charge's own
    plan: the chance to hit times the mean blow after the armor that counts (the cover between
    the end hex and the target, or the target's own, less armor piercing), on the heroic table
    where heroic rules apply; a person's blow is the higher of 1d6 and the weapon's roll.
    """

    target: int = 0
    hex: Hex = Hex(0, 0)
    path: tuple[Hex, ...] = ()
    cost: int = 0
    odds: Odds | None = None
    damage: str = ""
    pilot_chance: Fraction | None = None
    expected_damage: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class JumpOption(Option):
    """A hex the combatant can jump to, and the straight line it leaps along."""

    hex: Hex = Hex(0, 0)
    line: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class ShoveOption(Option):
    """A shove on an adjacent enemy: the odds, where a hit pushes it, and what blocks that hex."""

    target: int = 0
    odds: Odds | None = None
    to: Hex = Hex(0, 0)
    blocked: str = ""


@dataclass(frozen=True, slots=True)
class DisarmOption(Option):
    """A disarm on an adjacent enemy: the melee roll's odds and the chance of each outcome."""

    target: int = 0
    odds: Odds | None = None
    takes: Fraction = Fraction(0)
    drops: Fraction = Fraction(0)
    both_drop: Fraction = Fraction(0)
    nothing: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class TargetOption(Option):
    """An option aimed at one combatant with a plain chance of success, where there is one
    (protect an ally, the Fray Die, stabilise or heal someone)."""

    target: int = 0
    chance: Fraction | None = None


@dataclass(frozen=True, slots=True)
class OverwatchOption(Option):
    """Overwatch facing a hex direction (or `angle`), and the hexes the wedge covers."""

    facing: int = 0
    angle: float | None = None
    hexes: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a thrown grenade may come down, how likely, and the hexes its blast then covers."""

    hex: Hex
    chance: Fraction
    blast: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class GrenadeOption(Option):
    """A throw at a hex: the odds of landing there, who stands there, and every landing of the
    spread (the hex itself on a hit; 1d3 hexes in a 1d6 direction on a miss) with its blast."""

    at: Hex = Hex(0, 0)
    target: int | None = None
    odds: Odds | None = None
    damage: str = ""
    spread: tuple[Landing, ...] = ()
    caught: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SideOption(Option):
    """An option aimed at a whole side (Intimidate), with its chance."""

    side: str = ""
    chance: Fraction | None = None


@dataclass(frozen=True, slots=True)
class NegationOption(Option):
    """A way to answer a negation decision (Seed 004): the `picks` the points buy, the `damage`
    the hit then deals and whether it still takes the character out of the fight (`drops`)."""

    picks: tuple[str, ...] = ()
    damage: int = 0
    drops: bool = False


@dataclass(frozen=True, slots=True)
class ItemOption(Option):
    """Readying a carried weapon or picking one up from the ground."""

    weapon: str = ""


@dataclass(frozen=True, slots=True)
class ChanceOption(Option):
    """An option with a plain chance of success and no target (Read Morale)."""

    chance: Fraction | None = None


@dataclass(frozen=True, slots=True)
class LandingOption(Option):
    """A hex to throw someone onto, with the exact chance the throw works (seed 001 grapple toss)."""

    hex: Hex = Hex(0, 0)
    chance: Fraction | None = None


@dataclass(frozen=True, slots=True)
class DeclareOption(Option):
    """Seed 003: the actions of one's next phase declared ahead. `ef_penalty` comes off every task
    of that phase, `points_now` is added to the action points at once (the lowest initiative
    modifier), `points_after` when that phase ends (-1 per action when several, the other
    modifiers); `expected_damage` is the exact mean damage of its attacks on the best target
    as things stand now."""

    attacks: int = 1
    move: bool = False
    ef_penalty: int = 0
    points_now: int = 0
    points_after: int = 0
    expected_damage: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class ReactionOption(Option):
    """Seed 003: a defensive reaction to the attack waiting: the exact `chance` its task succeeds,
    and the exact chance the attack then hits (`hit_chance`) against not reacting (`hit_chance_unopposed`)."""

    chance: Fraction = Fraction(0)
    hit_chance: Fraction = Fraction(0)
    hit_chance_unopposed: Fraction = Fraction(0)


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
