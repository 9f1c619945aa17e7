"""The Attack action: the weapon in hand as the Main action (SWN core; seed 002 Aimed Shot).

An attack on an ally someone may protect pauses for their decision first (seed 002 Protect).
"""

from __future__ import annotations

from game.actions import Attack
from game.systems.attacks import plan_attack
from game.systems.context import Scene
from game.systems.handlers import handles, needs, spend
from game.systems.protect import offer_protection
from game.systems.striking import resolve


@handles(Attack)
class AttackHandler:
    """An attack with the weapon in hand as the Main action (SWN core; seed 002 Aimed Shot)."""

    @staticmethod
    def check(scene: Scene, action: Attack) -> str | None:
        refusal = needs(scene, action.actor, "main")
        if refusal:
            return refusal
        if action.target not in scene.world.entities():
            return f"there is no combatant with id {action.target}"
        plan = plan_attack(scene, action.actor, action.target, action.burst, action.aimed)
        return plan if isinstance(plan, str) else None

    @staticmethod
    def apply(scene: Scene, action: Attack) -> None:
        if offer_protection(scene, action):
            return  # paused for seed 002 Protect: rolled (and the Main action spent) once answered
        plan = plan_attack(scene, action.actor, action.target, action.burst, action.aimed)
        spend(scene, action.actor, "main")
        resolve(scene, plan)
