"""How a ruleset's table names the mechanic of each action (`Row`), and the rows every ruleset
takes as they are (`SHARED`): ending the turn and the GM's overrides.

Each row names the function that checks an action and the one that applies it. A check
returns the refusal (a str saying why) or the plan the action will carry out (the odds, the
path, the target, or the action itself when there is nothing to decide); the battle hands that
same plan to apply, so nothing is planned twice. Apply may assume the check passed, and works
on the scene's copy of the world, so a refused or failed action never leaves a trace.

`instant` rows may be taken outside the actor's own turn (SWN core Instant actions);
`answers` rows answer an open prompt, and `only_answers` rows mean nothing without one.
`gm` rows are the GM's overrides: taken whatever the turn, never while a decision is open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.actions import (
    Action,
    EndTurn,
    GmAddUnit,
    GmNoteCondition,
    GmOutgunned,
    GmPlace,
    GmSetCondition,
    GmSetHealth,
    GmSetHidden,
    GmSetSideMorale,
    GmSetStat,
)
from game.systems import gm, gm_notes, morale, turns
from game.systems.scene import Scene


@dataclass(frozen=True, slots=True)
class Row:
    """How one action type is checked and applied, and when it may be taken."""

    check: Callable[[Scene, Any], Any]
    apply: Callable[[Scene, Any, Any], None]
    instant: bool = False
    answers: bool = False
    only_answers: bool = False
    gm: bool = False


SHARED: MappingProxyType[type[Action], Row] = MappingProxyType({
    EndTurn: Row(turns.check_end_turn, turns.end_turn),
    GmPlace: Row(gm.check_place, gm.place, gm=True),
    GmSetHealth: Row(gm.check_set_health, gm.set_health, gm=True),
    GmSetCondition: Row(gm.check_set_condition, gm.set_condition, gm=True),
    GmAddUnit: Row(gm.check_add_unit, gm.add_unit, gm=True),
    GmOutgunned: Row(morale.check_outgunned, morale.outgunned, gm=True),
    GmSetStat: Row(gm.check_set_stat, gm.set_stat, gm=True),
    GmSetSideMorale: Row(gm.check_set_side_morale, gm.set_side_morale, gm=True),
    GmSetHidden: Row(gm.check_set_hidden, gm.set_hidden, gm=True),
    GmNoteCondition: Row(gm_notes.check_note, gm_notes.note, gm=True),
})
"""The rows every ruleset takes as they are: ending the turn and the GM's overrides."""
