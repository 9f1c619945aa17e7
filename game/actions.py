"""Actions: frozen data recording a decision (the path, the target, the facing), with JSON.

An action names its actor by entity id (deployment makes ids stable per scenario). `faces`
holds dice a player rolled at the table and typed in; the battle uses them before its own
seeded dice, and saves keep them so a replay is exact.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from game.hexgrid import Hex


class ActionFormatError(ValueError):
    """An action in a save file or from a script is malformed; the message says how."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: who acts, and any dice faces supplied by hand."""

    kind: ClassVar[str] = ""
    actor: int
    faces: tuple[int, ...] = dataclasses.field(default=(), kw_only=True)


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the current combatant's turn."""

    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Walk a path of adjacent hexes as a Move action (or a Main action spent as a second move)."""

    kind: ClassVar[str] = "move"
    path: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """An attack with the weapon in hand; `burst` and `aimed` are the SWN/seed 002 options."""

    kind: ClassVar[str] = "attack"
    target: int = 0
    burst: bool = False
    aimed: bool = False


@dataclass(frozen=True, slots=True)
class GoProne(Action):
    """Drop prone (an Instant action, SWN core)."""

    kind: ClassVar[str] = "go_prone"


@dataclass(frozen=True, slots=True)
class StandUp(Action):
    """Stand up from prone, spending the Move action (SWN core)."""

    kind: ClassVar[str] = "stand_up"


@dataclass(frozen=True, slots=True)
class DefendTotally(Action):
    """Total Defense: +2 AC until the next turn, giving up the Main action (SWN core)."""

    kind: ClassVar[str] = "total_defense"


@dataclass(frozen=True, slots=True)
class Reload(Action):
    """Refill the weapon's magazine, spending the Main action."""

    kind: ClassVar[str] = "reload"


@dataclass(frozen=True, slots=True)
class SetOverwatch(Action):
    """Overwatch: watch a 60 degree wedge facing a hex direction, as the Main action (seed 002)."""

    kind: ClassVar[str] = "overwatch"
    facing: int = 0


@dataclass(frozen=True, slots=True)
class OverwatchFire(Action):
    """The overwatcher's single attack at -2 on an enemy inside its wedge (an Instant action)."""

    kind: ClassVar[str] = "overwatch_fire"
    target: int = 0


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """Decline the decision the battle is waiting for; `for_this_move` stops further overwatch asks."""

    kind: ClassVar[str] = "hold"
    for_this_move: bool = False


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (EndTurn, Move, Attack, GoProne, StandUp, DefendTotally, Reload,
                              SetOverwatch, OverwatchFire, Hold)}


def register(cls: type[Action]) -> type[Action]:
    """Add an action type to the JSON codec (systems defining new actions call this)."""
    ACTION_TYPES[cls.kind] = cls
    return cls


def _encode(value: Any) -> Any:
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def to_json(action: Action) -> dict[str, Any]:
    """A plain JSON-able dict: {"type": kind, field: value, ...} (empty faces left out)."""
    data: dict[str, Any] = {"type": action.kind}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name == "faces" and not value:
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
    if "tuple[int" in annotation:
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            raise ActionFormatError(f"'{name}' must be a list of whole numbers")
        return tuple(value)
    expected = {"int": _is_int, "bool": lambda v: isinstance(v, bool), "str": lambda v: isinstance(v, str)}
    check = expected.get(annotation.split(" ")[0])
    if check and not check(value) and not (annotation.endswith("None") and value is None):
        raise ActionFormatError(f"'{name}' must be of type {annotation}, not {value!r}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)


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
