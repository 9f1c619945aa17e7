"""Answering an attack in Starfarer: react with evasion or parry, or let it come (Seed 003, Tables 3.1-3.2).

The attack waits as a `DefenceChance` prompt (plain data, so it undoes and replays). Answering
`React` pays the defender's next phase, rolls the reaction and then the attack with the EF it
took off; `Hold` lets the attack be rolled as it stands. A `Hold` while a hero point decision is
open goes to the hero point rows.
"""

from __future__ import annotations

from game.actions import Attack, Hold, React
from game.systems.rulesets.starfarer.components import ActionPoints
from game.events import Reacted, TaskChecked
from game.prompts import DefenceChance, HeroPointChance, RollWaiting
from game.rules.starfarer.initiative import PHASE_COST
from game.rules.starfarer.tasks import roll_task
from game.systems.dispatch import Row
from game.systems.hero_chances import offer_on_roll
from game.systems.rulesets.starfarer import attack as attacks
from game.systems.rulesets.starfarer import defence
from game.systems.rulesets.starfarer import state
from game.systems.scene import Scene

ANSWER = {"instant": True, "answers": True, "only_answers": True}


def _open(scene: Scene) -> DefenceChance | None:
    prompt = scene.pending[0] if scene.pending else None
    return prompt if isinstance(prompt, DefenceChance) else None


def check_react(scene: Scene, action: React) -> DefenceChance | str:
    """A reaction the open attack allows its target (Ruling: evasion against any attack, parry against melee)."""
    prompt = _open(scene)
    if prompt is None:
        return "there is no attack to react to"
    if action.how not in prompt.reactions:
        return f"cannot {action.how} this attack (can: {', '.join(prompt.reactions)})"
    return prompt


def _go_on(scene: Scene, attack: Attack, evaded: int) -> None:
    """Roll the attack that waited, with the EF the reaction took off."""
    plan = attacks.plan_shot(scene, attack.actor, attack.target, evaded=evaded)
    if not isinstance(plan, str):
        attacks.strike(scene, attack, plan)


REACTION = "reaction"
CHECK_NAMES = {"evade": "evasion", "parry": "parry"}


def reaction_lands(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """A failed reaction after a hero point decision: with the bought dice off its d100 it may now
    take EF off the attack; then the attack is rolled (Seeds 004 and 003)."""
    task = waiting.roll
    if bought:
        scene.emit(TaskChecked(chance.decider, CHECK_NAMES[waiting.detail], task))
    _go_on(scene, chance.attack, defence.ef_off(task))


def react(scene: Scene, action: React, prompt: DefenceChance) -> None:
    """Give up the next phase (10 action points), roll the reaction, then the attack (Ruling: an abort)."""
    scene.pending.pop(0)
    before = state.points(scene, action.actor)
    scene.world.set(action.actor, ActionPoints(before - PHASE_COST))
    task = roll_task(defence.profile(scene, action.actor, action.how), scene.dice)
    off = defence.ef_off(task)
    scene.emit(Reacted(action.actor, prompt.attack.actor, action.how, task, off, (before, before - PHASE_COST)))
    waiting = RollWaiting(REACTION, (task,), task.roll - task.mcs, other=prompt.attack.actor, detail=action.how)
    if not task.success and offer_on_roll(scene, action.actor, f"failed to {action.how}", prompt.attack, waiting):
        return  # seed 004: the answer then goes on (`reaction_lands`)
    _go_on(scene, prompt.attack, off)


def rows(hold_row: Row) -> dict:
    """The React row and a Hold row answering the attack, or else whatever `hold_row` answers."""
    def check_hold(scene: Scene, action: Hold):
        return _open(scene) or hold_row.check(scene, action)

    def hold(scene: Scene, action: Hold, plan) -> None:
        if isinstance(plan, DefenceChance):
            scene.pending.pop(0)
            _go_on(scene, plan.attack, 0)
        else:
            hold_row.apply(scene, action, plan)
    return {React: Row(check_react, react, **ANSWER), Hold: Row(check_hold, hold, **ANSWER)}
