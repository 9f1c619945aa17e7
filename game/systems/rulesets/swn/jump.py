"""Jump (seed 002): a straight leap along a hex direction, over low obstacles, as the Move action.

Rulings (Jump): up to ceil(movement in hexes / 2) hexes along one of the six directions.
Terrain costs and low obstacles between take-off and landing are ignored (a chasm is
impassable but not tall, so it can be jumped); a tall hex in between stops the jump, as does
a standing combatant (a prone one lies low and can be jumped over). The landing hex must be
on the map, passable and free. Prone combatants cannot jump, and neither can wheeled or
tracked vehicles. An enemy's overwatch may fire at the landing hex.
Interpretations: docs/rules/maneuvers.md.
"""

from __future__ import annotations

from game.actions import Jump
from game.components import Identity, Position, Prone, Stats
from game.ecs import EntityId
from game.events import Moved
from game.hexgrid import DIRECTIONS, Hex, distance
from game.systems.budget import needs, spend
from game.systems.footprint import spread_problem
from game.systems.rulesets.swn.overwatch import ask_watchers
from game.systems.scene import Scene


def jump_reach(stats: Stats) -> int:
    """How far a jump goes: half the movement in hexes, rounded up (seed 002, Jump)."""
    return -(-stats.move_hexes // 2)


def jump_line(start: Hex, to: Hex) -> list[Hex] | None:
    """The hexes from start to `to` along one hex direction (both ends included), or None."""
    offset = to - start
    steps = distance(start, to)
    for direction in DIRECTIONS:
        if steps and direction * steps == offset:
            return [start + direction * k for k in range(steps + 1)]
    return None


def _jumper_problem(scene: Scene, actor: EntityId) -> str | None:
    if scene.world.get(actor, Identity).kind == "vehicle":
        return "vehicles cannot jump"
    if scene.world.has(actor, Prone):
        return "a prone combatant cannot jump: stand up first (it takes the Move action)"
    return None


def _in_the_way(scene: Scene, hex_: Hex) -> str | None:
    """Why the jump cannot pass over this hex, or None."""
    field = scene.setup.field
    if hex_ not in field:
        return f"the jump would leave the map at {scene.place(hex_)}"
    if field.is_tall(hex_):
        return f"the {field.terrain(hex_).name} at {scene.place(hex_)} is too tall to jump over"
    occupant = scene.world.at(hex_)
    if occupant is not None and not scene.world.has(occupant, Prone):
        return (f"{scene.name(occupant)} stands in the way at {scene.place(hex_)} "
                "(only prone combatants can be jumped over)")
    return None


def _landing_problem(scene: Scene, to: Hex) -> str | None:
    field = scene.setup.field
    if to not in field:
        return f"{scene.place(to)} is off the map"
    if not field.enterable(to):
        return f"cannot land on the {field.terrain(to).name} at {scene.place(to)}"
    occupant = scene.world.at(to)
    return f"{scene.place(to)} is occupied by {scene.name(occupant)}" if occupant is not None else None


def jump_problem(scene: Scene, actor: EntityId, to: Hex) -> str | None:
    """Why the combatant cannot jump to `to` now (actions aside), or None if it can."""
    problem = _jumper_problem(scene, actor) or spread_problem(scene.world, actor, "jump as one")
    if problem:
        return problem
    start = scene.world.get(actor, Position).hex
    reach = jump_reach(scene.world.get(actor, Stats))
    gap = distance(start, to)
    if gap > reach:  # checked before any line is built: a far hex costs nothing to refuse
        return f"a jump reaches at most {reach} hexes, and {scene.place(to)} is {gap} away"
    line = jump_line(start, to)
    if line is None:
        return f"{scene.place(to)} is not in a straight line along a hex direction from {scene.place(start)}"
    for hex_ in line[1:-1]:
        problem = _in_the_way(scene, hex_)
        if problem:
            return problem
    return _landing_problem(scene, to)


def jump_landings(scene: Scene, actor: EntityId) -> list[Hex]:
    """Every hex the combatant can jump to now, sorted (none while prone or out of moves)."""
    if needs(scene, actor, "move") or _jumper_problem(scene, actor):
        return []
    start = scene.world.get(actor, Position).hex
    reach = jump_reach(scene.world.get(actor, Stats))
    candidates = (start + direction * k for direction in DIRECTIONS for k in range(1, reach + 1))
    return sorted(h for h in candidates if jump_problem(scene, actor, h) is None)


def check_jump(scene: Scene, action: Jump) -> list[Hex] | str:
    """A jump as the Move action (or a Main action spent as a second move) (seed 002, Jump);
    the plan is the line of hexes from take-off to landing."""
    problem = jump_problem(scene, action.actor, action.to) or needs(scene, action.actor, "move")
    return problem or jump_line(scene.world.get(action.actor, Position).hex, action.to)


def jump(scene: Scene, action: Jump, line: list[Hex]) -> None:
    """Leap along the line; an enemy's overwatch may fire at the landing hex."""
    spend(scene, action.actor, "move")
    scene.world.set(action.actor, Position(action.to))
    scene.emit(Moved(action.actor, tuple(line), "jump"))
    ask_watchers(scene, action.actor, action.to, ())
