"""Actions: frozen data recording a decision (the path, the target, the facing), with JSON.

An action names its actor by entity id (deployment makes ids stable per scenario). `faces`
holds dice a player rolled at the table and typed in; the battle uses them before its own
seeded dice, and saves keep them so a replay is exact.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, ClassVar

from game.hexgrid import Hex
from game.rules.dice import MAX_SIDES


class ActionFormatError(ValueError):
    """An action in a save file or from a script is malformed; the message says how."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: who acts, any dice faces supplied by hand, and (from a computer
    player) the reason it was chosen, which the log tells first (`Explained`; not for the GM's
    actions, whose actor 0 is nobody on the map); the reason
    changes nothing in the rules and two actions differing only in it are equal."""

    kind: ClassVar[str] = ""
    actor: int
    faces: tuple[int, ...] = dataclasses.field(default=(), kw_only=True)
    reason: str = dataclasses.field(default="", kw_only=True, compare=False)


ACTION_TYPES: dict[str, type[Action]] = {}
"""Every action type by its kind: the JSON codec's table, filled by `action_type`."""


def action_type(cls: type[Action]) -> type[Action]:
    """Register an action type with the JSON codec under its `kind`: the one way an action type
    is added (each wears it as a decorator); two types of one kind are refused."""
    known = ACTION_TYPES.get(cls.kind)
    if not cls.kind or (known is not None and known is not cls):
        raise TypeError(f"{cls.__name__}: an action type needs a kind of its own, not {cls.kind!r}")
    ACTION_TYPES[cls.kind] = cls
    return cls


@action_type
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the current combatant's turn."""

    kind: ClassVar[str] = "end_turn"


@action_type
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Walk a path of adjacent hexes as a Move action (or a Main action spent as a second move)."""

    kind: ClassVar[str] = "move"
    path: tuple[Hex, ...] = ()


@action_type
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """An attack with the weapon in hand; `burst` and `aimed` are the SWN/seed 002 options."""

    kind: ClassVar[str] = "attack"
    target: int = 0
    burst: bool = False
    aimed: bool = False


@action_type
@dataclass(frozen=True, slots=True)
class GoProne(Action):
    """Drop prone (an Instant action, SWN core)."""

    kind: ClassVar[str] = "go_prone"


@action_type
@dataclass(frozen=True, slots=True)
class StandUp(Action):
    """Stand up from prone, spending the Move action (SWN core)."""

    kind: ClassVar[str] = "stand_up"


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
    """The overwatcher's single attack at -2 on an enemy inside its wedge (an Instant action)."""

    kind: ClassVar[str] = "overwatch_fire"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Hold(Action):
    """Decline the decision the battle is waiting for; `for_this_move` stops further overwatch asks."""

    kind: ClassVar[str] = "hold"
    for_this_move: bool = False


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
class Disarm(Action):
    """Seed 002 Disarm: melee attack, then opposed skill rolls; `take` keeps a won weapon
    (otherwise it is left on the target's hex)."""

    kind: ClassVar[str] = "disarm"
    target: int = 0
    take: bool = True


@action_type
@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """Pick up a weapon lying on the actor's own hex (a Move action)."""

    kind: ClassVar[str] = "pick_up"
    weapon: str = ""


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


# -- the GM's overrides (the issue "The table"): taken at any time, never from a turn's budget --
@action_type
@dataclass(frozen=True, slots=True)
class GmPlace(Action):
    """The GM puts a standing combatant on any free hex it may stand on: no cost, no overwatch."""

    kind: ClassVar[str] = "gm_place"
    to: Hex = Hex(0, 0)


@action_type
@dataclass(frozen=True, slots=True)
class GmSetHealth(Action):
    """The GM sets a standing combatant's health (HP, or hit dice for heroic NPCs), 0 to its
    maximum; at 0 it falls as damage would have felled it."""

    kind: ClassVar[str] = "gm_set_health"
    value: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class GmSetCondition(Action):
    """The GM turns a condition on or off: "prone", "total_defense", or "overwatch" (off only)."""

    kind: ClassVar[str] = "gm_set_condition"
    condition: str = ""
    active: bool = True


@action_type
@dataclass(frozen=True, slots=True)
class GmSetStat(Action):
    """The GM sets one number of a standing combatant's stat block: "ac", "attack_bonus",
    "skill_bonus", "move_hexes", "hit_dice", "max_health", "armor", "morale", "save",
    "ammunition" (rounds in the magazine) or "skill:NAME" (a skill the block lists)."""

    kind: ClassVar[str] = "gm_set_stat"
    stat: str = ""
    value: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class GmSetSideMorale(Action):
    """The GM sets a side's morale score, 2 to 12 (`actor` is 0: nobody acts)."""

    kind: ClassVar[str] = "gm_set_side_morale"
    side: str = ""
    value: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class GmNoteCondition(Action):
    """The GM writes a wound or condition on a combatant (`note`, shown with it in the tracker and
    the editor), or with `active` False rubs that note out ("" rubs out every note). It is for what
    the engine does not play itself, such as seed 001's wounds and conditions, whose list the seed
    only links to; the GM applies their effects with the other overrides."""

    kind: ClassVar[str] = "gm_note_condition"
    note: str = ""
    active: bool = True


@action_type
@dataclass(frozen=True, slots=True)
class GmSetHidden(Action):
    """The GM reveals a combatant the map hid from the table view (`hidden` False), or hides
    one again (`hidden` True)."""

    kind: ClassVar[str] = "gm_set_hidden"
    hidden: bool = False


@action_type
@dataclass(frozen=True, slots=True)
class GmAddUnit(Action):
    """The GM brings in a unit of any type of the data files for a side, on a free hex; it takes
    its turns last in the round (`actor` is 0: nobody acts)."""

    kind: ClassVar[str] = "gm_add_unit"
    unit_type: str = ""
    side: str = ""
    to: Hex = Hex(0, 0)
    name: str = ""


@action_type
@dataclass(frozen=True, slots=True)
class Step(Action):
    """Seed 001 Step: move one hex, a defensive 1 AP move."""

    kind: ClassVar[str] = "step"
    to: Hex = Hex(0, 0)


@action_type
@dataclass(frozen=True, slots=True)
class SpendHeroPoint(Action):
    """Seed 004: answer a hero point decision by spending on the roll just seen: one personal point
    (`personal`) and `from_pool` points of the side's pool, a die each."""

    kind: ClassVar[str] = "spend_hero_point"
    personal: bool = True
    from_pool: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class GmAwardHeroPoints(Action):
    """Seed 004: the GM adds hero points from outside sources to a side's pool (`actor` is 0)."""

    kind: ClassVar[str] = "gm_award_hero_points"
    side: str = ""
    points: int = 1


@action_type
@dataclass(frozen=True, slots=True)
class CounterHeroPoint(Action):
    """Seed 004: cancel an enemy's hero point before its die is rolled, spending one's own."""

    kind: ClassVar[str] = "counter_hero_point"


@action_type
@dataclass(frozen=True, slots=True)
class NegateDamage(Action):
    """Seed 004, Negating Damage: answer a negation decision by spending one personal point
    (`personal`) and `from_pool` points of the side's pool on the hit just taken; each point buys
    three `picks` ("shock", "condition", "knockdown", "wound") the ruleset can undo."""

    kind: ClassVar[str] = "negate_damage"
    personal: bool = True
    from_pool: int = 0
    picks: tuple[str, ...] = ()


@action_type
@dataclass(frozen=True, slots=True)
class UseCover(Action):
    """Seed 001 Use Cover: 1 AP to take full cover where one stands (`full`), or come out of it."""

    kind: ClassVar[str] = "use_cover"
    full: bool = True


@action_type
@dataclass(frozen=True, slots=True)
class NonlethalAttack(Action):
    """Seed 001: a standard attack whose last blow, should it take the last VIT, is not lethal."""

    kind: ClassVar[str] = "nonlethal_attack"
    target: int = 0

@action_type
@dataclass(frozen=True, slots=True)
class GmOutgunned(Action):
    """Seed 002 outgunned: the GM counts factors (numbers, heavy weapons, open psychic power)
    against a side (`change` below 0, -1 morale each) or for it (above 0, +1 each); `actor` is 0."""

    kind: ClassVar[str] = "gm_outgunned"
    side: str = ""
    change: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Seed 003 (optional declaration, 3.2.1-3.2.3): the actions of one's next action phase, declared
    now: `attacks` with the weapon in hand and perhaps a `move`."""

    kind: ClassVar[str] = "declare"
    attacks: int = 1
    move: bool = False


@action_type
@dataclass(frozen=True, slots=True)
class React(Action):
    """Seed 003: answer an attack with a defensive reaction, `how` "evade" or "parry", giving up
    one's next action phase."""

    kind: ClassVar[str] = "react"
    how: str = "evade"


def _encode(value: Any) -> Any:
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def to_json(action: Action) -> dict[str, Any]:
    """A plain JSON-able dict: {"type": kind, field: value, ...} (empty faces and reason left out)."""
    data: dict[str, Any] = {"type": action.kind}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name in ("faces", "reason") and not value:
            continue
        data[f.name] = _encode(value)
    return data


def _decode(name: str, annotation: str, value: Any) -> Any:
    if "tuple[Hex" in annotation:
        if not isinstance(value, list) or not all(_is_pair(v) for v in value):
            raise ActionFormatError(f"'{name}' must be a list of [q, r] pairs")
        return tuple(Hex(*v) for v in value)
    if annotation.startswith("Hex"):
        if not _is_pair(value):
            raise ActionFormatError(f"'{name}' must be a [q, r] pair")
        return Hex(*value)
    if "tuple[str" in annotation:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ActionFormatError(f"'{name}' must be a list of words")
        return tuple(value)
    if "tuple[int" in annotation:
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            raise ActionFormatError(f"'{name}' must be a list of whole numbers")
        return tuple(value)
    expected = {"int": _is_int, "bool": lambda v: isinstance(v, bool), "str": lambda v: isinstance(v, str),
                "float": lambda v: (_is_int(v) or isinstance(v, float)) and math.isfinite(v)}
    check = expected.get(annotation.split(" ")[0])
    if check and not check(value) and not (annotation.endswith("None") and value is None):
        raise ActionFormatError(f"'{name}' must be of type {annotation}, not {value!r}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)


def _exact_hex(value: Any) -> bool:
    return type(value) is Hex and type(value.q) is int and type(value.r) is int


_EXACT = {
    "int": lambda v: type(v) is int,
    "bool": lambda v: type(v) is bool,
    "str": lambda v: type(v) is str,
    "Hex": _exact_hex,
    "tuple[Hex, ...]": lambda v: type(v) is tuple and all(_exact_hex(h) for h in v),
    "tuple[int, ...]": lambda v: type(v) is tuple and all(type(i) is int for i in v),
    "tuple[str, ...]": lambda v: type(v) is tuple and all(type(w) is str for w in v),
}
"""For each field annotation, a test that a value is exactly what `from_json` would rebuild
from its JSON (the same type, nothing converted on the way)."""

_EXACT_TYPES = {"int": int, "bool": bool, "str": str}
"""The annotations whose test is that the value's type is exactly this one (`_EXACT`'s first three),
which `in_json_form` reads in place rather than through a call."""

_EXACT_FIELDS: dict[type, tuple[tuple[str, Any], ...] | None] = {}


def _exact_fields(cls: type) -> tuple[tuple[str, Any], ...] | None:
    """Each field of an action type with its exactness test (for a plain int, bool or str field,
    the very type its value must have); None when a field has a type the tests do not cover (its
    actions then always take the JSON round trip)."""
    if cls not in _EXACT_FIELDS:
        tests = [(f.name, _EXACT_TYPES.get(str(f.type)) or _EXACT.get(str(f.type))) for f in dataclasses.fields(cls)]
        _EXACT_FIELDS[cls] = None if any(test is None for _, test in tests) else tuple(tests)
    return _EXACT_FIELDS[cls]


def in_json_form(action: Action) -> bool:
    """Whether `from_json(to_json(action))` would give back this very action, field for field and
    type for type, told without the round trip (a sufficient test: False means "make the trip",
    not "malformed"). Every action a battle accepts is checked, so this is worth its speed."""
    cls = type(action)
    if ACTION_TYPES.get(cls.kind) is not cls:
        return False
    tests = _exact_fields(cls)
    if tests is None:
        return False
    for name, test in tests:
        value = getattr(action, name)
        if type(test) is type:  # a plain field: its type, exactly (no call)
            if type(value) is not test:
                return False
        elif not test(value):
            return False
    return True


def from_json(data: Any) -> Action:
    """The action a JSON dict describes; raises ActionFormatError saying what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ActionFormatError("an action must be an object with a \"type\"")
    cls = ACTION_TYPES.get(data["type"])
    if cls is None:
        raise ActionFormatError(f"unknown action type '{data['type']}'")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields) - {"type"})
    if unknown:
        raise ActionFormatError(f"action '{cls.kind}' has unknown fields: {', '.join(unknown)}")
    if "actor" not in data:
        raise ActionFormatError(f"action '{cls.kind}' needs an 'actor'")
    values = {name: _decode(name, str(fields[name].type), value)
              for name, value in data.items() if name != "type"}
    return cls(**values)


def canonical(action: object) -> tuple[Action | None, str | None]:
    """The action as its save file will hold it, or why it cannot be one: a value that does not
    survive the JSON round trip (wrong types, a bare tuple for a hex) would make an unreplayable
    save, so it is refused at the door."""
    if not isinstance(action, Action):
        return None, f"not an action: {action!r}"
    if in_json_form(action):  # what the round trip below would give back unchanged, told quicker
        bad = [face for face in action.faces if not 1 <= face <= MAX_SIDES]
        return (None, f"the face {bad[0]} you entered is not a face any die has") if bad else (action, None)
    try:
        again = from_json(to_json(action))
    except ActionFormatError as error:
        return None, f"malformed action: {error}"
    except (TypeError, ValueError) as error:
        return None, f"malformed action: {error}"
    if again != action:
        return None, f"malformed action: {action!r} does not describe a {action.kind} action exactly"
    bad = [face for face in again.faces if not 1 <= face <= MAX_SIDES]
    if bad:
        return None, f"the face {bad[0]} you entered is not a face any die has"
    return again, None




@action_type
@dataclass(frozen=True, slots=True)
class LeadSquad(Action):
    """Seed 002, Authority Focus: a PC with the focus switches which one squad they directly
    lead, as a free on-turn action; that squad gets the focus's buff."""

    kind: ClassVar[str] = "lead_squad"
    target: int = 0




# -- These Lucky Stars (seed 001): maneuvers, grapples, reactions, stealth --------------------
@action_type
@dataclass(frozen=True, slots=True)
class Trip(Action):
    """Seed 001 Trip (3 AP): a standard attack roll, then STR against AGI; success knocks the target prone."""

    kind: ClassVar[str] = "trip"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Shatter(Action):
    """Seed 001 Shatter (3 AP): a standard attack roll at the weapon the target holds, to break it."""

    kind: ClassVar[str] = "shatter"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Grapple(Action):
    """Seed 001 Grapple (2 AP): a contested grapple check; `engage` is what the actor does should
    it win: take control (True) or end the grapple at once (False)."""

    kind: ClassVar[str] = "grapple"
    target: int = 0
    engage: bool = True


@action_type
@dataclass(frozen=True, slots=True)
class GrappleAttack(Action):
    """Seed 001, in control of a grapple (3 AP): attack the pinned opponent with a light weapon or unarmed."""

    kind: ClassVar[str] = "grapple_attack"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class EndGrapple(Action):
    """Seed 001, in control of a grapple (1 AP): let the opponent go."""

    kind: ClassVar[str] = "end_grapple"


@action_type
@dataclass(frozen=True, slots=True)
class RegainControl(Action):
    """Seed 001, pinned (1 AP, first thing in the turn): a contested grapple check to take control."""

    kind: ClassVar[str] = "regain_control"


@action_type
@dataclass(frozen=True, slots=True)
class OpportunityAttack(Action):
    """Seed 001 Attack of Opportunity (1 AP): answer an enemy's aggressive action in melee reach."""

    kind: ClassVar[str] = "attack_of_opportunity"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class ReadyAttack(Action):
    """Seed 001 Ready Action: withhold the turn's AP for a standard attack (or, with `maneuver`,
    a "trip", "disarm", "shatter" or "grapple") on the first enemy that ends a move or step
    within the weapon's reach."""

    kind: ClassVar[str] = "ready_attack"
    maneuver: str = ""


@action_type
@dataclass(frozen=True, slots=True)
class ReadiedAttack(Action):
    """Seed 001 Ready Action: the readied attack (or maneuver), taken when its trigger occurs."""

    kind: ClassVar[str] = "readied_attack"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Seed 001 Stealth (1 AP, as taking cover): a stealth roll against target 8 to hide behind something."""

    kind: ClassVar[str] = "hide"


@action_type
@dataclass(frozen=True, slots=True)
class Search(Action):
    """Seed 001 Stealth (1 AP, our reading): actively search, an INS roll against each hidden enemy's stealth."""

    kind: ClassVar[str] = "search"




@action_type
@dataclass(frozen=True, slots=True)
class ChooseBlow(Action):
    """Seed 001: answer a blow that took the last VIT: lethal (the target is dying) or not (incapacitated)."""

    kind: ClassVar[str] = "choose_blow"
    lethal: bool = True




@action_type
@dataclass(frozen=True, slots=True)
class GrappleMove(Action):
    """Seed 001, in control of a grapple (3 AP): move up to 10 ft (2 hexes) dragging the pinned opponent."""

    kind: ClassVar[str] = "grapple_move"
    path: tuple[Hex, ...] = ()


@action_type
@dataclass(frozen=True, slots=True)
class GrappleToss(Action):
    """Seed 001, in control of a grapple (3 AP): toss the opponent to a hex up to 10 ft (2 hexes) away."""

    kind: ClassVar[str] = "grapple_toss"
    to: Hex = Hex(0, 0)


@action_type
@dataclass(frozen=True, slots=True)
class TakeHold(Action):
    """Seed 001 Grapple: the defender who won the check chooses to engage (take control) or end it."""

    kind: ClassVar[str] = "take_hold"
    engage: bool = True
