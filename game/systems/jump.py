"""Jump (seed 002): a straight leap along a hex direction, over low obstacles, as the Move action.

Rulings (Jump): up to ceil(movement in hexes / 2) hexes along one of the six directions.
Terrain costs and low obstacles between take-off and landing are ignored (a chasm is
impassable but not tall, so it can be jumped); a tall hex in between stops the jump, as does
a standing combatant (a prone one lies low and can be jumped over). The landing hex must be
on the map, passable and free. Prone combatants cannot jump, and neither can wheeled or
tracked vehicles. An enemy's overwatch may fire at the landing hex.
A squad over several hexes is one NPC (seed 002, Squad Size): its whole footprint leaps the same
line, each of its hexes along the same direction and distance, every line and landing checked;
overwatch may fire at it on a hex it lands on (`overwatch.ask_along`).
Interpretations: docs/rules/maneuvers.md, docs/rules/squads.md.
"""

from __future__ import annotations

from game.actions import Jump
from game.components import Identity, Position, Prone, Stats
from game.ecs import EntityId
from game.events import Moved
from game.hexgrid import DIRECTIONS, Hex, distance
from game.systems.budget import needs, spend
from game.systems.footprint import footprint, is_spread, place
from game.systems.overwatch import ask_along, ask_watchers
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


def _in_the_way(scene: Scene, hex_: Hex, jumper: EntityId = 0) -> str | None:
    """Why the jump cannot pass over this hex, or None (the jumper's own squad is no obstacle)."""
    field = scene.setup.field
    if hex_ not in field:
        return f"the jump would leave the map at {scene.place(hex_)}"
    if field.is_tall(hex_):
        return f"the {field.terrain(hex_).name} at {scene.place(hex_)} is too tall to jump over"
    occupant = scene.world.at(hex_)
    if occupant is not None and occupant != jumper and not scene.world.has(occupant, Prone):
        return (f"{scene.name(occupant)} stands in the way at {scene.place(hex_)} "
                "(only prone combatants can be jumped over)")
    return None


def _landing_problem(scene: Scene, to: Hex, jumper: EntityId = 0) -> str | None:
    field = scene.setup.field
    if to not in field:
        return f"{scene.place(to)} is off the map"
    if not field.enterable(to):
        return f"cannot land on the {field.terrain(to).name} at {scene.place(to)}"
    occupant = scene.world.at(to)
    return f"{scene.place(to)} is occupied by {scene.name(occupant)}" if occupant not in (None, jumper) else None


def jump_problem(scene: Scene, actor: EntityId, to: Hex) -> str | None:
    """Why the combatant cannot jump to `to` now (actions aside), or None if it can."""
    problem = _jumper_problem(scene, actor)
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
    if is_spread(scene.world, actor):
        return _squad_leap_problem(scene, actor, to - start)
    for hex_ in line[1:-1]:
        problem = _in_the_way(scene, hex_)
        if problem:
            return problem
    return _landing_problem(scene, to)


def _squad_leap_problem(scene: Scene, squad: EntityId, offset: Hex) -> str | None:
    """Why the squad's footprint cannot leap by `offset` (each of its hexes along the same line),
    or None: nothing tall or standing in any of the lines, every landing hex free."""
    for hex_ in footprint(scene.world, squad):
        line = jump_line(hex_, hex_ + offset)
        problem = next((p for h in line[1:-1] if (p := _in_the_way(scene, h, squad))), None)
        if problem or (problem := _landing_problem(scene, hex_ + offset, squad)):
            return problem
    return None


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
    """Leap along the line (a squad's whole footprint with it); an enemy's overwatch may fire at
    a hex landed on."""
    spend(scene, action.actor, "move")
    if is_spread(scene.world, action.actor):
        before = footprint(scene.world, action.actor)
        place(scene.world, action.actor, tuple(h + (action.to - line[0]) for h in before))
        scene.emit(Moved(action.actor, tuple(line), "jump"))
        ask_along(scene, action.actor, footprint(scene.world, action.actor), before)
        return
    scene.world.set(action.actor, Position(action.to))
    scene.emit(Moved(action.actor, tuple(line), "jump"))
    ask_watchers(scene, action.actor, action.to, ())
