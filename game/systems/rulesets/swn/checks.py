"""Saving throw scores and skill-check parts of the combatants on the field (SWN core).

A `save` stat from the map overrides the save score.

Persons save; vehicles and mechs do not (they have armor and hit points instead).
"""

from __future__ import annotations

from game.components import Identity, Stats
from game.ecs import EntityId
from game.rules.swn.attack import Modifier
from game.rules.swn.saves import EVASION_ATTRIBUTES, npc_save_target, pc_save_target, skill_parts
from game.systems.rulesets.swn import authority
from game.systems.scene import Scene


def evasion_save(scene: Scene, entity: EntityId) -> int | None:
    """The Evasion save score, or None for a vehicle or mech."""
    stats = scene.world.get(entity, Stats)
    kind = scene.world.get(entity, Identity).kind
    if stats.save is not None:
        return stats.save
    if kind == "pc":
        return pc_save_target(stats.level, max(stats.attribute(a) for a in EVASION_ATTRIBUTES))
    return npc_save_target(stats.hd) if kind == "npc" else None


def check_parts(scene: Scene, entity: EntityId, skill: str, attributes: tuple[str, ...]) -> tuple[Modifier, ...]:
    """A skill check's parts: skill level (NPCs: their skill bonus; untrained PCs: -1) and the
    better of the attributes; a squad led with Authority adds +1 (seed 002)."""
    stats = scene.world.get(entity, Stats)
    level = stats.skill(skill) if scene.world.get(entity, Identity).kind == "pc" else stats.skill_bonus
    attribute = max(attributes, key=stats.attribute)
    parts = skill_parts(skill.title(), level, attribute.title(), stats.attribute(attribute))
    return parts + authority.check_parts(scene, entity)
