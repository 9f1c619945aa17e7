"""Heroic overflow as it lands (seed 000, Overflow Damage; Ruling: Heroic; seed 004): the spill
planned nearest first, then dealt victim by victim, stopping at a hero who may negate some of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from game.ecs import EntityId
from game.events import OverflowSource, SpillLost, Spilled
from game.components import Health
from game.prompts import RollWaiting, Spilling
from game.rules.swn.overflow import Candidate, plan_overflow
from game.systems.rulesets.swn.offers import flat_roll, offer_damage_negation
from game.systems.scene import Scene
from game.systems.wounds import take_damage


OVERFLOW = "heroic overflow"


# -- heroic overflow (seed 000, Overflow Damage; Ruling: Heroic) ------------------------------
def points_to_drop(scene: Scene, entity: EntityId) -> int:
    """Heroic points that drop this combatant: hit dice left, or a Nemesis's or PC's hit points."""
    return scene.world.get(entity, Health).current


def spill(scene: Scene, excess: int, candidates: Iterable[Candidate], attack_total: int | None,
          source: OverflowSource, lesser_only: bool = False) -> bool:
    """Plan the overflow and apply it (`plan_spill`, `spill_steps`); True if it stopped at a hero."""
    return spill_steps(scene, plan_spill(candidates, excess, attack_total, Spilling(source), lesser_only))


def plan_spill(candidates: Iterable[Candidate], excess: int, attack_total: int | None, context: Spilling,
               lesser_only: bool = False) -> Spilling:
    """The nearest-first overflow plan as the lines it will log, one per victim (Seed 000; Ruling:
    Heroic), in `context` (its source, and the action that spilled it). `attack_total` None means
    no attack roll limits the AC (the Fray Die)."""
    candidates = list(candidates)
    needed = {c.id: c.ac for c in candidates}
    chosen = plan_overflow(excess, candidates, attack_total, lesser_only=lesser_only)
    steps = tuple(Spilled(context.source, step.target_id, step.points,
                          needed[step.target_id] if attack_total is not None else None, attack_total)
                  for step in chosen.steps)
    return replace(context, steps=steps, unused=chosen.unused)


def spill_steps(scene: Scene, spilling: Spilling) -> bool:
    """Apply the planned overflow victim by victim. An attack's overflow is that attack's damage:
    a hero it reaches is asked whether to negate some of it (seed 004) and the spill stops there
    until the answer (True; the rest waits in the decision's `spilling`). The Fray Die's is not."""
    for k, spilled in enumerate(spilling.steps):
        scene.emit(spilled)
        rest = replace(spilling, steps=spilling.steps[k + 1:])
        if spilled.made is not None and offer_damage_negation(
                scene, spilled.source.actor, spilled.target, spilled.points, "overflow", shot=spilling.attack,
                result=spilling.result, damage=flat_roll(spilled.points),
                waiting=RollWaiting(OVERFLOW, (), 0, other=spilled.source.actor), spilling=rest):
            return True
        take_damage(scene, spilled.target, spilled.points)
    if spilling.unused:
        scene.emit(SpillLost(spilling.source, spilling.unused))
    return False
