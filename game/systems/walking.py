"""Walking a chosen path as a Move action, pausing wherever an enemy's overwatch may fire.

SWN core: a Move action moves the combatant its movement rate; a Main action may be spent
as a second move. Rulings (Overwatch): the move pauses hex by hex for each overwatcher who
could fire, and goes on afterwards if the mover is still able.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.actions import Move
from game.components import Position, Prone
from game.ecs import EntityId
from game.events import Moved
from game.hexgrid import Hex
from game.systems.context import Scene
from game.systems.handlers import handles, move_points_available, needs, spend
from game.systems.movement import Reach, path_cost, path_problem, reachable
from game.systems.watch import ask_watchers


def move_options(scene: Scene, entity: EntityId, points: int | None = None) -> dict[Hex, Reach]:
    """Reachable hexes for the movement overlay (none while prone or out of moves)."""
    if scene.world.has(entity, Prone):
        return {}
    points = move_points_available(scene, entity) if points is None else points
    allies_block = scene.rules.setting("allies_block_movement", False)
    return reachable(scene.rules.field, scene.world, entity, points, allies_block)


def walk(scene: Scene, mover: EntityId, path: Sequence[Hex], silenced: tuple[int, ...] = ()) -> None:
    """Move hex by hex; stop where an enemy on overwatch could fire (its prompt resumes the rest)."""
    start = scene.world.get(mover, Position).hex
    walked = [start]
    for index, step in enumerate(path):
        walked.append(step)
        if scene.world.at(step) not in (None, mover):
            continue  # passing through an ally: the move cannot pause (or be fired on) there
        scene.world.set(mover, Position(step))
        if ask_watchers(scene, mover, step, tuple(path[index + 1:]), silenced):
            break
    cost = path_cost(scene.rules.field, walked[1:])
    plural = "es" if len(walked) != 2 else ""
    scene.emit(Moved(f"{scene.name(mover)} moves {len(walked) - 1} hex{plural} to {scene.place(walked[-1])} "
                     f"({cost} movement).", mover, tuple(walked)))


@handles(Move)
class MoveHandler:
    """A Move action along a chosen path (SWN core; rulings: Movement)."""

    @staticmethod
    def check(scene: Scene, action: Move) -> str | None:
        if scene.world.has(action.actor, Prone):
            return "stand up first (it takes the Move action)"
        refusal = needs(scene, action.actor, "move")
        if refusal:
            return refusal
        allies_block = scene.rules.setting("allies_block_movement", False)
        problem = path_problem(scene.rules.field, scene.world, action.actor, action.path,
                               move_points_available(scene, action.actor), allies_block, scene.place)
        return f"cannot move there: {problem}" if problem else None

    @staticmethod
    def apply(scene: Scene, action: Move) -> None:
        spend(scene, action.actor, "move")
        walk(scene, action.actor, action.path)
