"""The attacker's choice at 0 VIT in a These Lucky Stars battle: a lethal blow or not (Seed 001, Applying Damage).

A plain attack that takes the last VIT is taken as lethal at once (the target is dying and out
of the fight); the attacker is then asked (`BlowChoice`) and may keep it so or pull the blow,
which leaves the target incapacitated and not dying. Hold keeps the blow as it is.
"""

from __future__ import annotations

from dataclasses import replace

from game.actions import ChooseBlow, Hold
from game.components import Dead
from game.systems.rulesets.lucky_stars.components import Defense
from game.events import BlowChosen
from game.prompts import BlowChoice
from game.systems.scene import Scene


def open_choice(scene: Scene) -> BlowChoice | None:
    """The blow decision at the head of the queue, if that is what is open."""
    prompt = scene.pending[0] if scene.pending else None
    return prompt if isinstance(prompt, BlowChoice) else None


def check_choose(scene: Scene, action: ChooseBlow | Hold) -> ChooseBlow | Hold | str:
    """Only the attacker answers, while the blow is open."""
    prompt = open_choice(scene)
    if prompt is None or prompt.decider != action.actor:
        return "there is no blow of yours to decide"
    return action


def choose(scene: Scene, action: ChooseBlow | Hold, plan: ChooseBlow | Hold) -> None:
    """Keep the lethal blow (dying), or pull it: no longer dead, the target lies incapacitated."""
    prompt = scene.pending.pop(0)
    lethal = getattr(action, "lethal", True)
    if not lethal:
        scene.world.remove(prompt.target, Dead)
        guard = scene.world.get(prompt.target, Defense)
        scene.world.set(prompt.target, replace(guard, condition="incapacitated"))
    scene.emit(BlowChosen(action.actor, prompt.target, lethal))
