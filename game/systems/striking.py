"""Striking: rolling an attack that has been planned, and everything its hit or miss does.

Kept apart from planning (`attacks`) because heroic overflow plans further attacks with
the planner, and the Protect, Overwatch and Attack systems all strike through here.
"""

from __future__ import annotations

from game.components import Armament
from game.events import Attacked
from game.rules.attack import resolve_attack
from game.systems.attacks import AttackPlan, deal_weapon_damage, shock
from game.systems.context import Scene
from game.systems.overflow import spill_attack_overflow


def resolve(scene: Scene, plan: AttackPlan) -> bool:
    """Roll the attack and apply its damage (and heroic overflow); returns whether it hit."""
    world = scene.world
    result = resolve_attack(plan.setup, scene.dice)
    attacker, target = scene.name(plan.attacker), scene.name(plan.target)
    scene.emit(Attacked(f"{attacker} attacks {target} with a {plan.weapon.name.lower()}: {result.text()}.",
                        plan.attacker, plan.target, result.hit))
    if result.hit:
        spill_attack_overflow(scene, plan, result.total, deal_weapon_damage(scene, plan))
    else:
        shock(scene, plan)
    # Rounds go last: overflow targets are those the shot could have hit as it was fired.
    if plan.weapon.magazine:
        armament = world.get(plan.attacker, Armament)
        world.set(plan.attacker, Armament(armament.weapon, armament.rounds - (3 if plan.burst else 1)))
    return result.hit
