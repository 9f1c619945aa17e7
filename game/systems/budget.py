"""The turn budget: what a combatant may still do this turn (SWN core: one Main action, one Move
action; a Main action may be spent as a second move; Instant and On-turn actions are free).

Also when a stance paid for with a Main action (Protect, a mech's shield) is still in force.
"""

from __future__ import annotations

from game.components import MainSpent, ProtectSince, Stats, TurnBudget
from game.ecs import EntityId
from game.systems.scene import Scene, in_the_fight


def budget(scene: Scene, entity: EntityId) -> TurnBudget:
    """What the combatant has left this turn."""
    return scene.world.get(entity, TurnBudget)


def move_points_available(scene: Scene, entity: EntityId) -> int:
    """Movement for one Move action, if a Move (or a Main spent as a move) is left."""
    left = budget(scene, entity)
    return scene.world.get(entity, Stats).move_hexes if left.move or left.main else 0


def spend(scene: Scene, entity: EntityId, action: str) -> None:
    """Use up the Main or Move action; a second move takes the Main action (SWN core)."""
    left = budget(scene, entity)
    if action == "move" and not left.move:
        action = "main"
    scene.world.set(entity, TurnBudget(main=left.main and action != "main",
                                       move=left.move and action != "move", fray_used=left.fray_used))
    if action == "main":
        scene.world.set(entity, MainSpent(scene.round))


def main_unused_this_round(scene: Scene, entity: EntityId) -> bool:
    """Whether the combatant's Main action of this round is still unspent (what a snap or an
    Instant Total Defense needs), and its side was not surprised in round 1."""
    spent = scene.world.try_get(entity, MainSpent)
    return (spent is None or spent.round != scene.round) and not scene.is_surprised(entity)


def needs(scene: Scene, entity: EntityId, action: str) -> str | None:
    """A refusal if the Main (or a Move) action is not left this turn."""
    left = budget(scene, entity)
    if action == "main" and not left.main:
        return "the Main action is already used this turn"
    if action == "move" and not (left.move or left.main):
        return "no Move action is left this turn (the Main action can be spent as a move)"
    return None


def stance_in_force(scene: Scene, entity: EntityId) -> bool:
    """A stance set in round R (Protect, a mech's shield) holds until its owner's next turn gives
    it a fresh Main action: in round R, and in round R + 1 until that turn begins."""
    since = scene.world.try_get(entity, ProtectSince)
    spent = scene.world.try_get(entity, MainSpent)
    if since is None or spent is None or not in_the_fight(scene.world, entity):
        return False
    return (spent.round == since.round and not scene.world.get(entity, TurnBudget).main
            and scene.round - since.round in (0, 1))
