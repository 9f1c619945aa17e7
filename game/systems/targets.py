"""Who and what an action may be aimed at, for every ruleset: an enemy one could act against at all,
the enemies still in the fight, and the weapons lying on a hex.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from game.components import Allegiance, DroppedWeapon, Stats
from game.ecs import EntityId, World
from game.hexgrid import Hex
from game.systems.scene import FIGHTING_READS, Scene, fighting, hostile, in_the_fight


def target_problem(scene: Scene, actor: EntityId, target: EntityId) -> str | None:
    """Why `target` is not an enemy the actor could act against at all, or None: it must exist,
    be in the fight and be on a side hostile to the actor's."""
    world = scene.world
    if not world.has(target, Stats) or not world.has(target, Allegiance):  # no such combatant
        return f"there is no combatant with id {target}"
    if not in_the_fight(world, target):
        return "that target is out of the fight"
    if not hostile(scene.side_of(actor), scene.side_of(target)):
        return "that is not an enemy"
    return None


def enemies_in_the_fight(scene: Scene, actor: EntityId) -> list[EntityId]:
    """Every combatant hostile to the actor and still in the fight, in id order (read from the
    world's side groups, for every side at once, and remembered while nobody moves, falls or
    changes side: `_enemies_by_side`)."""
    return list(scene.world.derived(_ENEMIES_READS, _enemies_by_side)[scene.side_of(actor)])


_ENEMIES_READS = (Allegiance, *FIGHTING_READS)
"""What the enemies of every side read: the sides, and who is in the fight."""


def _enemies_by_side(world: World) -> Mapping[str, tuple[EntityId, ...]]:
    """Every side's enemies still in the fight, in id order, worked out for all sides at once
    (`World.derived`: most actions take nobody out and move nobody, so the next turn's listing
    finds them worked out)."""
    standing, groups = fighting(world), world.groups(Allegiance)
    return MappingProxyType({side: tuple(sorted(e for other, members in groups.items() if hostile(side, other)
                                                for e in members if e in standing)) for side in groups})


def weapons_on(scene: Scene, hex_: Hex) -> list[tuple[EntityId, DroppedWeapon]]:
    """The weapons lying on a hex, oldest first (entity id order)."""
    return [(e, d) for e, d in scene.world.query(DroppedWeapon) if d.hex == hex_]
