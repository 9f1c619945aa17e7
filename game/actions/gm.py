"""The GM's overrides: actions like any other, taken whatever the turn (game/systems/gm.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.actions.shared import Action, action_type
from game.hexgrid import Hex


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
class GmOutgunned(Action):
    """Seed 002 outgunned: the GM counts factors (numbers, heavy weapons, open psychic power)
    against a side (`change` below 0, -1 morale each) or for it (above 0, +1 each); `actor` is 0."""

    kind: ClassVar[str] = "gm_outgunned"
    side: str = ""
    change: int = 0
