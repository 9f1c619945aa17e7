"""Saving throw scores of the combatants on the field (SWN core; a `save` stat overrides).

Persons save; vehicles and mechs do not (they have armor and hit points instead).
"""

from __future__ import annotations

from game.components import Identity, Stats
from game.ecs import EntityId
from game.rules.saves import EVASION_ATTRIBUTES, npc_save_target, pc_save_target
from game.systems.context import Scene


def evasion_save(scene: Scene, entity: EntityId) -> int | None:
    """The Evasion save score, or None for a vehicle or mech."""
    stats = scene.world.get(entity, Stats)
    kind = scene.world.get(entity, Identity).kind
    if stats.save is not None:
        return stats.save
    if kind == "pc":
        return pc_save_target(stats.level, max(stats.attribute(a) for a in EVASION_ATTRIBUTES))
    return npc_save_target(stats.hd) if kind == "npc" else None
