"""Which mechanic handles which action: one table, read top to bottom.

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
from typing import Any

from game.actions import (
    Action,
    Attack,
    Charge,
    DefendTotally,
    Disarm,
    EndTurn,
    FocusedFray,
    FrayDie,
    GmAddUnit,
    GmNoteCondition,
    GmOutgunned,
    GmPlace,
    GmSetCondition,
    GmSetHealth,
    GmSetHidden,
    GmSetSideMorale,
    GmSetStat,
    GoProne,
    Heal,
    Hold,
    Intimidate,
    Jump,
    LeadSquad,
    Move,
    MoveSquad,
    OverwatchFire,
    PickUp,
    Protect,
    ReadMorale,
    ReadyWeapon,
    Redirect,
    Regroup,
    Reload,
    SetOverwatch,
    ShieldAllies,
    Shove,
    Stabilise,
    StandUp,
    ThrowGrenade,
)
from game.prompts import FootprintChoice, NegationChance, OverwatchChance, ProtectChance
from game.systems import (
    authority,
    basics,
    charge,
    combat,
    disarm,
    formations,
    fray,
    gm,
    gm_notes,
    grenades,
    guarded_shots,
    jump,
    medicine,
    morale,
    morale_actions,
    movement,
    overwatch,
    protect,
    shove,
)
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


def check_hold(scene: Scene, action: Hold) -> Any:
    """Hold answers whichever decision is open: an overwatch shot or a protect step-in."""
    if isinstance(scene.pending[0] if scene.pending else None, ProtectChance):
        return protect.check_decline(scene, action)
    if isinstance(scene.pending[0] if scene.pending else None, FootprintChoice):
        return formations.check_keep(scene, action)
    return overwatch.check_hold_fire(scene, action)


def hold(scene: Scene, action: Hold, prompt: OverwatchChance | ProtectChance | FootprintChoice) -> None:
    """Decline the open decision."""
    if isinstance(prompt, ProtectChance):
        guarded_shots.decline(scene, action, prompt)
    elif isinstance(prompt, FootprintChoice):
        formations.keep(scene, action, prompt)
    else:
        overwatch.hold_fire(scene, action, prompt)


TABLE: dict[type[Action], Row] = {
    EndTurn: Row(basics.check_end_turn, basics.end_turn),
    Move: Row(movement.check_move, movement.move),
    Attack: Row(combat.check_attack, protect.attack_unless_protected),
    GoProne: Row(basics.check_go_prone, basics.go_prone, instant=True),
    StandUp: Row(basics.check_stand_up, basics.stand_up),
    DefendTotally: Row(basics.check_total_defense, basics.total_defense, instant=True),
    Reload: Row(basics.check_reload, basics.reload),
    SetOverwatch: Row(overwatch.check_set_overwatch, overwatch.set_overwatch),
    OverwatchFire: Row(overwatch.check_overwatch_fire, guarded_shots.fire, instant=True, answers=True),
    Hold: Row(check_hold, hold, instant=True, answers=True, only_answers=True),
    Shove: Row(shove.check_shove, shove.shove_at),
    Charge: Row(charge.check_charge, charge.charge),
    Jump: Row(jump.check_jump, jump.jump),
    Disarm: Row(disarm.check_disarm, disarm.disarm_target),
    PickUp: Row(disarm.check_pick_up, disarm.pick_up),
    ReadyWeapon: Row(disarm.check_ready_weapon, disarm.ready_weapon),
    Protect: Row(protect.check_protect, protect.protect),
    ShieldAllies: Row(protect.check_shield_allies, protect.shield_allies),
    Redirect: Row(protect.check_redirect, guarded_shots.redirect, instant=True, answers=True, only_answers=True),
    ThrowGrenade: Row(grenades.check_throw, grenades.throw),
    Intimidate: Row(morale_actions.check_intimidate, morale_actions.intimidate_side),
    ReadMorale: Row(morale_actions.check_read_morale, morale_actions.read_morale_of_sides),
    FrayDie: Row(fray.check_fray_die, fray.fray_die),
    FocusedFray: Row(fray.check_focused_fray, fray.focused_fray),
    Stabilise: Row(medicine.check_stabilise, medicine.stabilise),
    Heal: Row(medicine.check_heal, medicine.heal),
    MoveSquad: Row(formations.check_move_squad, formations.move_squad),
    Regroup: Row(formations.check_regroup, formations.regroup, instant=True, answers=True, only_answers=True),
    GmPlace: Row(gm.check_place, gm.place, gm=True),
    GmSetHealth: Row(gm.check_set_health, gm.set_health, gm=True),
    GmSetCondition: Row(gm.check_set_condition, gm.set_condition, gm=True),
    GmAddUnit: Row(gm.check_add_unit, gm.add_unit, gm=True),
    GmOutgunned: Row(morale.check_outgunned, morale.outgunned, gm=True),
    LeadSquad: Row(authority.check_lead, authority.lead),
    GmSetStat: Row(gm.check_set_stat, gm.set_stat, gm=True),
    GmSetSideMorale: Row(gm.check_set_side_morale, gm.set_side_morale, gm=True),
    GmSetHidden: Row(gm.check_set_hidden, gm.set_hidden, gm=True),
    GmNoteCondition: Row(gm_notes.check_note, gm_notes.note, gm=True),
}

SETTLED: tuple[Callable[[Scene], None], ...] = (movement.resume_moves, charge.finish_charges)
"""Work done once an action leaves no decision open, in order: moves that overwatch paused
walk on (which may open new decisions), then charges whose run is over land their blow."""


def row(action: Action) -> Row | None:
    """The table row for this action's type, if the battle knows it."""
    return TABLE.get(type(action))


def check(scene: Scene, action: Action) -> Any:
    """The plan for the action, or a str saying why it cannot be taken now."""
    found = row(action)
    if found is None:
        return f"'{action.kind}' is not an action this battle knows"
    return found.check(scene, action)


def apply(scene: Scene, action: Action, plan: Any) -> None:
    """Carry out a checked action with the plan its check returned."""
    TABLE[type(action)].apply(scene, action, plan)


def settle(scene: Scene) -> None:
    """Run the settled work in order, each step only while no decision is open; then, whatever
    is open, the morale the action's losses cost (Seed 002, Morale Factors), except while damage
    waits on a negation decision (seed 004): a blast or an overflow stopped at a hero counts its
    losses once it is over, as it would without hero points."""
    for step in SETTLED:
        if scene.pending:
            break
        step(scene)
    if not (scene.pending and isinstance(scene.pending[0], NegationChance)):
        morale.follow_the_fight(scene)
