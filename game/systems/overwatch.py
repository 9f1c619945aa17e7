"""Overwatch (seed 002): watch a 60 degree wedge, then one attack at -2 on an enemy in it.

Rulings (Overwatch): the wedge is centred on the overwatcher's hex and spans +-30 degrees
around a hex direction, edge hexes included, out to the weapon's maximum range, with line
of sight. Until the start of its next turn the overwatcher may make one attack as an
Instant action on an enemy inside it, including one moving through it: the move pauses
hex by hex and the overwatcher is asked. The attack ignores armor from cover, not
concealment.
"""

from __future__ import annotations

from game.actions import Hold, OverwatchFire, SetOverwatch
from game.components import Facing, Overwatch, Position
from game.ecs import EntityId
from game.events import ConditionChanged
from game.prompts import OverwatchChance
from game.systems.attacks import plan_attack
from game.systems.striking import resolve
from game.systems.context import Scene, in_the_fight
from game.systems.handlers import handles, needs, spend
from game.systems.protect import hold, open_protect_prompt
from game.systems.walking import walk
from game.systems.watch import covers


def _fire(scene: Scene, watcher: EntityId, target: EntityId) -> None:
    plan = plan_attack(scene, watcher, target, overwatch=True)
    scene.world.remove(watcher, Overwatch)
    scene.emit(ConditionChanged(f"{scene.name(watcher)} fires from overwatch.", watcher, "overwatch", False))
    resolve(scene, plan)


def _finish_prompt(scene: Scene, prompt: OverwatchChance, silence: bool) -> None:
    """Close the answered prompt; when none is left for this hex, the move goes on."""

    scene.pending.pop(0)
    if not in_the_fight(scene.world, prompt.mover):  # downed by this shot: nobody else need be asked
        scene.pending[:] = [p for p in scene.pending if not (isinstance(p, OverwatchChance) and p.mover == prompt.mover)]
        return
    silenced = prompt.silenced + ((prompt.decider,) if silence else ())
    others = [p for p in scene.pending if isinstance(p, OverwatchChance) and p.mover == prompt.mover]
    if others:
        scene.pending[:] = [p if p not in others else _with_silenced(p, silenced) for p in scene.pending]
        return
    if prompt.remaining and in_the_fight(scene.world, prompt.mover):
        walk(scene, prompt.mover, prompt.remaining, silenced)


def _with_silenced(prompt: OverwatchChance, silenced: tuple[int, ...]) -> OverwatchChance:
    return OverwatchChance(prompt.decider, prompt.question, prompt.mover, prompt.hex, prompt.remaining, silenced)


@handles(SetOverwatch)
class SetOverwatchHandler:
    """Take the Main action to watch a wedge around a hex direction 0..5, or any angle."""

    @staticmethod
    def check(scene: Scene, action: SetOverwatch) -> str | None:
        if action.angle is None and not 0 <= action.facing <= 5:
            return "the facing must be a hex direction from 0 to 5"
        return needs(scene, action.actor, "main")

    @staticmethod
    def apply(scene: Scene, action: SetOverwatch) -> None:
        spend(scene, action.actor, "main")
        if action.angle is None:
            facing, angle, words = action.facing, None, f"direction {action.facing}"
        else:
            angle = action.angle % 360
            facing, words = round(angle / 60) % 6, f"{angle:g} degrees"
        scene.world.set(action.actor, Overwatch(facing, angle))
        scene.world.set(action.actor, Facing(facing))
        scene.emit(ConditionChanged(f"{scene.name(action.actor)} goes on overwatch facing {words}.",
                                    action.actor, "overwatch", True))


def _open_prompt(scene: Scene, actor: EntityId) -> OverwatchChance | None:
    prompt = scene.pending[0] if scene.pending else None
    return prompt if isinstance(prompt, OverwatchChance) and prompt.decider == actor else None


@handles(OverwatchFire, response=True)
class OverwatchFireHandler:
    """Fire from overwatch: answering a prompt, or at any enemy in the wedge as an Instant action."""

    @staticmethod
    def check(scene: Scene, action: OverwatchFire) -> str | None:
        if not scene.world.has(action.actor, Overwatch):
            return "not on overwatch"
        prompt = _open_prompt(scene, action.actor)
        if prompt is not None and action.target not in (0, prompt.mover):
            return f"overwatch can only fire at {scene.name(prompt.mover)} now"
        target = prompt.mover if prompt else action.target
        if target not in scene.world.entities():
            return f"there is no combatant with id {target}"
        if not in_the_fight(scene.world, target):
            return f"{scene.name(target)} is out of the fight"
        if not covers(scene, action.actor, target, scene.world.get(target, Position).hex):
            return "that target is not inside the overwatch wedge with a clear shot in range"
        return None

    @staticmethod
    def apply(scene: Scene, action: OverwatchFire) -> None:
        prompt = _open_prompt(scene, action.actor)
        _fire(scene, action.actor, prompt.mover if prompt else action.target)
        if prompt is not None:
            _finish_prompt(scene, prompt, silence=True)


@handles(Hold, only_response=True)
class HoldHandler:
    """Decline an open overwatch prompt (the move goes on), or a protect prompt (protect.py)."""

    @staticmethod
    def check(scene: Scene, action: Hold) -> str | None:
        if open_protect_prompt(scene, action.actor):
            return None
        return None if _open_prompt(scene, action.actor) else "there is no overwatch decision for you to make"

    @staticmethod
    def apply(scene: Scene, action: Hold) -> None:
        if open_protect_prompt(scene, action.actor):
            return hold(scene, action)
        prompt = _open_prompt(scene, action.actor)
        scene.emit(ConditionChanged(f"{scene.name(action.actor)} holds fire.", action.actor, "overwatch", True))
        _finish_prompt(scene, prompt, silence=action.for_this_move)
