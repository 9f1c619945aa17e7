"""The actions every ruleset shares, and what an action is: `Action`, registered with the JSON
codec by `action_type` (the one way an action type is added).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from game.hexgrid import Hex


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
class StandUp(Action):
    """Stand up from prone, spending the Move action (SWN core)."""

    kind: ClassVar[str] = "stand_up"


@action_type
@dataclass(frozen=True, slots=True)
class Hold(Action):
    """Decline the decision the battle is waiting for; `for_this_move` stops further overwatch asks."""

    kind: ClassVar[str] = "hold"
    for_this_move: bool = False


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
