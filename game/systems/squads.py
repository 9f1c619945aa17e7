"""Squads in the world (seed 002, Squads): the squad rules' view of a squad combatant.

The rules in `game/rules/squad.py` work on a plain `Squad` value (hit dice, size, pool);
this module reads one from the world's components.
"""

from __future__ import annotations

from game.components import Health, Squad, Stats
from game.ecs import EntityId
from game.rules.squad import Squad as SquadRules
from game.systems.scene import Scene


def squad_now(scene: Scene, entity: EntityId) -> SquadRules | None:
    """The combatant's squad as the squad rules see it (hit dice, size, pool), or None."""
    squad = scene.world.try_get(entity, Squad)
    if squad is None:
        return None
    health = scene.world.get(entity, Health)
    return SquadRules(scene.world.get(entity, Stats).hd, squad.max_units, health.current, health.unit == "hd")
