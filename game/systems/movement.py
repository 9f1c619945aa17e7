"""Movement as every ruleset reads it: which hexes a combatant can reach and by which path, and
walking a path hex by hex (a ruleset may stop the walk on a hex: SWN's overwatch does).

SWN core: a Move action moves a person its movement rate (10 m = 3 hexes); vehicles and
mechs move their Speed in hexes; a Main action may be spent as a second move. Rulings
(Movement): terrain sets the cost of entering a hex; impassable hexes and enemies block;
allies may be passed through but not ended on (the `allies_block_movement` setting makes
them block too). A prone combatant must stand first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from game.components import Allegiance, Position, Prone, Stats
from game.ecs import EntityId, World
from game.events import Moved
from game.hexgrid import Hex, distance
from game.hexgrid.paths import cheapest_within
from game.memo import Recall, recall
from game.options import MoveOption, walking_options
from game.systems.budget import move_points_available
from game.systems.footprint import is_spread
from game.systems.scene import Scene, friendly
from game.terrain import Battlefield


class Reach(NamedTuple):
    """A reachable hex: the movement points spent and the path there (start excluded). A named
    tuple: a move search makes one for every hex in reach, and a tuple is made fastest."""

    hex: Hex
    cost: int
    path: tuple[Hex, ...]


def passage_rule(world: World, mover: EntityId, allies_block: bool) -> Callable[[Hex], str]:
    """For each hex: 'free', 'pass' (an ally: through but not onto) or 'blocked' (anyone else).

    Allies are the mover's own side and the sides of its camp (the PCs and their allies).
    """
    rate, at = occupant_rule(world, mover, allies_block), world.at
    return lambda hex_: rate(at(hex_))


def occupant_rule(world: World, mover: EntityId, allies_block: bool) -> Callable[[EntityId | None], str]:
    """`passage_rule` read from who holds a hex (None: nobody) rather than from the hex."""
    side = world.get(mover, Allegiance).side

    def rate(occupant: EntityId | None) -> str:
        if occupant is None or occupant == mover:
            return "free"
        if not allies_block and friendly(side, world.get(occupant, Allegiance).side):
            return "pass"
        return "blocked"

    return rate


REACH_KEPT = 256
"""How many move searches the terrain remembers (the one remembered longest ago going first):
the simulator's fights of one map ask the same search again and again, a squad or a unit
that cannot close in standing where it stood round after round."""


def reachable(field: Battlefield, world: World, mover: EntityId, points: int,
              allies_block: bool = False, start: Hex | None = None) -> Mapping[Hex, Reach]:
    """Every hex the mover can end on with `points` movement points (its own hex excluded;
    `start` walks from another of its hexes, as a squad's units do), read only.

    Dijkstra over terrain costs (`hexgrid.paths`); ties broken by hex order so the chosen paths
    are stable. Only the occupied hexes are asked who holds them. The search reads nothing but
    the terrain, the start, the points and which hexes are blocked or only passable, so it is
    remembered on the terrain under those (bounded) and shared by every battle on it.
    """
    return reachable_from(field, _reach_key(field, world, mover, points, allies_block, start))


def reachable_from(field: Battlefield, key: tuple[Hex, int, frozenset[int], frozenset[int]]) -> Mapping[Hex, Reach]:
    """`reachable` for the search `_reach_key` names, remembered."""
    return field.memo("move searches", _searches).get(key, lambda: _search(field, key))


def _searches(field: Battlefield) -> Recall:
    return recall("move searches", REACH_KEPT, second_asking=True)


def _walking_moves(field: Battlefield) -> Recall:
    return recall("walking moves", REACH_KEPT, second_asking=True)


def _reach_key(field: Battlefield, world: World, mover: EntityId, points: int, allies_block: bool,
               start: Hex | None) -> tuple[Hex, int, frozenset[int], frozenset[int]]:
    """What a move search reads beside the terrain: (start, points, the cells held by someone
    who blocks, the cells held by an ally to pass through but not stop on). Only the hexes within
    `points` of the start count: every step costs at least 1, so the search never comes to a
    hex farther off, and who stands there cannot change what it finds."""
    start = world.get(mover, Position).hex if start is None else start
    rate = occupant_rule(world, mover, allies_block)
    blocked, allies = [], []
    for hex_, occupant in world.occupied().items():  # `passage_rule`, asked of the hexes near enough
        if occupant != mover and distance(start, hex_) <= points:
            (allies if rate(occupant) == "pass" else blocked).append(hex_)
    grid = field.cost_grid()
    return start, points, frozenset(grid.cells(blocked)), frozenset(grid.cells(allies))


def _search(field: Battlefield, key: tuple[Hex, int, frozenset[int], frozenset[int]]) -> Mapping[Hex, Reach]:
    return MappingProxyType({hex_: Reach(hex_, cost, path) for hex_, cost, path in _ends(field, key)})


def _ends(field: Battlefield, key: tuple[Hex, int, frozenset[int], frozenset[int]]) -> list[tuple[Hex, int, tuple[Hex, ...]]]:
    """(hex, cost, path) of each hex the search `key` names can end on, in hex order."""
    start, points, closed, passing = key
    grid = field.cost_grid()
    found = cheapest_within(grid, start, points, closed)
    paths, hexes, origin, costs = found.paths(), grid.hexes, grid.cell(start), found.cost
    return [(hexes[cell], costs[cell], paths[cell]) for cell in sorted(costs) if cell != origin and cell not in passing]


def _axial(hex_: Hex) -> str:
    return f"({hex_.q}, {hex_.r})"


def path_problem(field: Battlefield, world: World, mover: EntityId, path: Sequence[Hex],
                 points: int, allies_block: bool = False,
                 place: Callable[[Hex], str] = _axial) -> str | None:
    """Why the mover cannot walk this exact path with these points, or None if it can.

    `place` names a hex for the message (the scene's Tiled column/row).
    """
    if not path:
        return "the path is empty"
    here = world.get(mover, Position).hex
    rule = passage_rule(world, mover, allies_block)
    spent = 0
    for step in path:
        if distance(here, step) != 1:
            return f"{place(step)} is not next to {place(here)}"
        cost = field.move_cost(step)
        if cost is None:
            return f"{place(step)} cannot be entered" if step in field else f"{place(step)} is off the map"
        if rule(step) == "blocked":
            return f"{place(step)} is held by someone who is not an ally"
        spent += cost
        here = step
    if spent > points:
        return f"the path costs {spent} movement points and only {points} are left"
    if rule(path[-1]) != "free":
        return f"{place(path[-1])} is occupied by an ally; you may pass through but not stop there"
    return None


FAR = 200
"""How much movement `move_refusal` searches for a way to a hex out of reach: more than crossing
any bundled map takes (a hex farther off is "no way through")."""


def move_refusal(scene: Scene, mover: EntityId, hex_: Hex) -> str:
    """Why the mover could not end this Move on `hex_`, in a player's words ("4 movement needed,
    3 left", "Lune stands there ..."), for a window to say after a click on a hex out of reach;
    "" when nothing stops it (or for a squad spread over several hexes, which moves in formation).
    Its one Move's movement is its move rate (`Stats.move_hexes`), under every ruleset."""
    field, world = scene.setup.field, scene.world
    allies_block = scene.setup.setting("allies_block_movement", False)
    if is_spread(world, mover):
        return ""
    if hex_ not in field or field.move_cost(hex_) is None:
        return "that hex is off the map" if hex_ not in field else "nobody can enter that hex"
    occupant = world.at(hex_)
    if occupant == mover:
        return f"{scene.name(mover)} is there already"
    if occupant is not None:
        passable = occupant_rule(world, mover, allies_block)(occupant) == "pass"
        return f"{scene.name(occupant)} stands there" + (" (allies are passed, not stopped on)" if passable else "")
    start, _, closed, _ = _reach_key(field, world, mover, FAR, allies_block, None)
    grid = field.cost_grid()
    cost, points = cheapest_within(grid, start, FAR, closed).cost.get(grid.cell(hex_)), world.get(mover, Stats).move_hexes
    if cost is None:
        return "no way through to that hex"
    return f"{cost} movement needed, {points} left" if cost > points else ""


def path_cost(field: Battlefield, path: Sequence[Hex]) -> int:
    """Movement points spent walking a valid path."""
    return sum(field.move_cost(h) for h in path)


def move_options(scene: Scene, entity: EntityId, points: int | None = None) -> Mapping[Hex, Reach]:
    """Reachable hexes for the movement overlay (none while prone or out of moves)."""
    if scene.world.has(entity, Prone):
        return {}
    points = move_points_available(scene, entity) if points is None else points
    allies_block = scene.setup.setting("allies_block_movement", False)
    return reachable(scene.setup.field, scene.world, entity, points, allies_block)


def walking_moves(scene: Scene, entity: EntityId) -> tuple[MoveOption, ...]:
    """`move_options` as the move options a combatant on its turn is offered (`walking_options`:
    a `Move` along each path), remembered on the terrain for this combatant under what the search
    reads (frozen values, the same whichever battle asks); the search's own memory is left to
    the squads' walks, which read it hex by hex."""
    if scene.world.has(entity, Prone):
        return ()
    points = move_points_available(scene, entity)
    field = scene.setup.field
    key = _reach_key(field, scene.world, entity, points, scene.setup.setting("allies_block_movement", False), None)
    return field.memo("walking moves", _walking_moves).get(
        (entity, *key), lambda: tuple(walking_options(entity, _ends(field, key))))


Watch = Callable[[Scene, EntityId, Hex, tuple[Hex, ...], tuple[int, ...]], bool]
"""Asked on each hex a walk enters (the mover, the hex, the rest of the path, who has been
silenced): True stops the walk there (SWN: an enemy on overwatch could fire)."""


def walk(scene: Scene, mover: EntityId, path: Sequence[Hex], silenced: tuple[int, ...] = (),
         watch: Watch | None = None) -> None:
    """Move hex by hex; stop where `watch` says (its decision resumes the rest)."""
    start = scene.world.get(mover, Position).hex
    walked = [start]
    for index, step in enumerate(path):
        walked.append(step)
        if scene.world.at(step) not in (None, mover):
            continue  # passing through an ally: the move cannot pause (or be fired on) there
        scene.world.set(mover, Position(step))
        if watch is not None and watch(scene, mover, step, tuple(path[index + 1:]), silenced):
            break
    cost = path_cost(scene.setup.field, walked[1:])
    scene.emit(Moved(mover, tuple(walked), "move", cost))
