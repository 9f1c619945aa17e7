"""Moving under SWN (SWN core; Rulings: Movement, Overwatch): the Move action walks a path,
pausing wherever an enemy on overwatch could fire (each watcher is asked), and walks on once
every decision about it is made (`resume_moves`).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.actions import Move
from game.components import PausedMove, Prone
from game.ecs import EntityId
from game.hexgrid import Hex
from game.systems import movement
from game.systems.budget import move_points_available, needs, spend
from game.systems.footprint import spread_problem
from game.systems.movement import path_problem
from game.systems.rulesets.swn.overwatch import ask_watchers
from game.systems.scene import Scene, in_the_fight


def check_move(scene: Scene, action: Move) -> Move | str:
    """A Move action along a chosen path (SWN core; rulings: Movement)."""
    spread = spread_problem(scene.world, action.actor, "walk a single path")
    if spread:
        return spread
    if scene.world.has(action.actor, Prone):
        return "stand up first (it takes the Move action)"
    refusal = needs(scene, action.actor, "move")
    if refusal:
        return refusal
    allies_block = scene.setup.setting("allies_block_movement", False)
    problem = path_problem(scene.setup.field, scene.world, action.actor, action.path,
                           move_points_available(scene, action.actor), allies_block, scene.place)
    return f"cannot move there: {problem}" if problem else action


def move(scene: Scene, action: Move, plan: Move) -> None:
    """Spend the Move action (or the Main action as a second move) and walk the path."""
    spend(scene, action.actor, "move")
    walk(scene, action.actor, action.path)


def resume_moves(scene: Scene) -> None:
    """Walk on the moves overwatch paused, once every decision about them is made."""
    if not scene.world.count(PausedMove):  # after almost every action: no move is paused
        return
    for mover, paused in list(scene.world.query(PausedMove)):
        scene.world.remove(mover, PausedMove)
        if in_the_fight(scene.world, mover):
            walk(scene, mover, paused.remaining, paused.silenced)


def walk(scene: Scene, mover: EntityId, path: Sequence[Hex], silenced: tuple[int, ...] = ()) -> None:
    """Walk a path hex by hex, stopping where an enemy on overwatch could fire (its prompt
    resumes the rest: `resume_moves`)."""
    movement.walk(scene, mover, path, silenced, ask_watchers)
