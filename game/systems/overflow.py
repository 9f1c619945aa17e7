"""Heroic overflow in the world: points beyond what dropped a target spill onto the next ones.

Seed 000 (Overflow Damage; The Fray Die); Ruling: Heroic. The pure planning (who qualifies,
nearest first, ties by id) is `game.rules.overflow.plan_overflow`; this module finds the
candidates on the map and applies the plan. An attack's overflow goes to foes the same roll
could have hit: `plan_attack` must accept them (hostile, in the fight, in range, line of fire)
and the roll's total must reach their AC with their concealment and defences from the
attacker. Only persons give or take overflow: vehicle damage is read straight, in hit points,
not heroic points (Seed 000, Vehicle Damage). Area damage never overflows: grenades never
call this module.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.components import Allegiance, Health, Identity
from game.ecs import EntityId
from game.events import Damaged, Event
from game.rules.attack import target_number
from game.rules.overflow import Candidate, plan_overflow
from game.systems.attacks import AttackPlan, plan_attack
from game.systems.context import Scene
from game.systems.wounds import take_damage

VEHICLE_KINDS = ("vehicle", "mech")


def is_person(scene: Scene, entity: EntityId) -> bool:
    """A PC or NPC: someone whose damage is read on the heroic table (Seed 000)."""
    return scene.world.get(entity, Identity).kind not in VEHICLE_KINDS


def points_to_drop(scene: Scene, entity: EntityId) -> int:
    """Heroic points that drop this combatant: hit dice left, or a Nemesis's or PC's hit points."""
    return scene.world.get(entity, Health).current


def attack_candidates(scene: Scene, plan: AttackPlan) -> list[Candidate]:
    """Every other person the attacker could have attacked, with the number its roll had to reach."""
    candidates = []
    for other, _ in scene.world.query(Allegiance):
        if other in (plan.target, plan.attacker) or not is_person(scene, other):
            continue
        could = plan_attack(scene, plan.attacker, other, burst=plan.burst)
        if isinstance(could, str):
            continue
        candidates.append(Candidate(other, target_number(could.setup), could.distance, points_to_drop(scene, other)))
    return candidates


def spill_attack_overflow(scene: Scene, plan: AttackPlan, attack_total: int, excess: int) -> None:
    """After a hit dropped its target with points to spare, spill them (heroic persons only)."""
    if not (scene.rules.heroic and excess > 0 and is_person(scene, plan.target)):
        return
    what = f"{scene.name(plan.attacker)}'s {plan.weapon.name.lower()} shot"
    spill(scene, excess, attack_candidates(scene, plan), attack_total, what)


def spill(scene: Scene, excess: int, candidates: Iterable[Candidate], attack_total: int | None,
          what: str, lesser_only: bool = False) -> None:
    """Apply the nearest-first overflow plan, one log line per victim (Seed 000; Ruling: Heroic).

    `attack_total` None means no attack roll limits the AC (the Fray Die).
    """
    candidates = list(candidates)
    needs = {c.id: c.ac for c in candidates}
    chosen = plan_overflow(excess, candidates, attack_total, lesser_only=lesser_only)
    for step in chosen.steps:
        reach = f" (needs {needs[step.target_id]}, the roll made {attack_total})" if attack_total is not None else ""
        scene.emit(Damaged(f"Overflow: {what} carries {_points(step.points)} on to "
                           f"{scene.name(step.target_id)}{reach}.", step.target_id, 0, 0))
        take_damage(scene, step.target_id, step.points)
    if chosen.unused:
        scene.emit(Event(f"Overflow: {what} has {_points(chosen.unused)} left that no other target can take."))


def _points(n: int) -> str:
    return f"{n} spare point" + ("" if n == 1 else "s")
