"""A shot from overwatch at someone an ally may protect (Seed 002, Protect (Person) with Overwatch).

The watcher's shot is an attack, so an ally next to its target may step into it as into any
attack: the watch ends when the shot is fired, and the shot waits for the protectors' answers,
put before the watcher's own decision, which stays open behind them. Once the shot is taken (at
the ally or at the protector) that decision closes as a shot fired, so the move it paused may go
on (`overwatch.after_protect`).
"""

from __future__ import annotations

from dataclasses import replace

from game.actions import Hold, OverwatchFire, Redirect
from game.ecs import EntityId
from game.prompts import ProtectChance
from game.systems import overwatch, protect
from game.systems.scene import Scene


def fire(scene: Scene, action: OverwatchFire, target: EntityId) -> None:
    """Fire from overwatch; when someone next to the target may step in, the watch ends and the
    shot waits for them, first in line."""
    if not protect.protectors(scene, action.actor, target, overwatch=True):
        overwatch.overwatch_fire(scene, action, target)
        return
    overwatch.end_watch(scene, action.actor)
    protect.pause_for_protectors(scene, replace(action, target=target), target, at=0)  # the mover, named


def _shot_taken(scene: Scene, prompt: ProtectChance) -> bool:
    """Whether the paused attack was made: nobody is left to ask about it."""
    return not any(isinstance(p, ProtectChance) and p.attack == prompt.attack for p in scene.pending)


def redirect(scene: Scene, action: Redirect, plan: tuple[ProtectChance, str]) -> None:
    """Step into the attack; a shot from overwatch then closes its watcher's decision."""
    prompt = plan[0]
    protect.redirect(scene, action, plan)
    if isinstance(prompt.attack, OverwatchFire):
        overwatch.after_protect(scene, prompt.attack, prompt.ally)


def decline(scene: Scene, action: Hold, prompt: ProtectChance) -> None:
    """Let the attack through; once the last protector has passed, a shot from overwatch closes
    its watcher's decision."""
    protect.decline(scene, action, prompt)
    if isinstance(prompt.attack, OverwatchFire) and _shot_taken(scene, prompt):
        overwatch.after_protect(scene, prompt.attack, prompt.ally)
