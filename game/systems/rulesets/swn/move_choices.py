"""The ways an SWN combatant can move that it is offered on its turn: walking (a squad walks in
formation), jumping and charging, with the hexes an enemy's overwatch watches along the way.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.actions import Charge, Jump, MoveSquad
from game.components import Overwatch, Position, Prone
from game.ecs import EntityId
from game.hexgrid import Hex
from game.memo import recall
from game.options import AT_CHARGE, AT_HEX, ChargeOption, FormationOption, JumpOption, MoveOption, Option, WatchedHex
from game.rules.swn.damage import reads_on_table
from game.systems import footprint, movement
from game.systems.budget import move_points_available, needs
from game.systems.rulesets.swn import charge, formations, jump, overwatch, table
from game.systems.rulesets.swn.attackers import is_vehicle
from game.systems.rulesets.swn.checked import odds
from game.systems.scene import Scene
from game.systems.targets import enemies_in_the_fight


# -- moving ---------------------------------------------------------------------------------
def moves(scene: Scene, actor: EntityId) -> list[Option]:
    refusal = "stand up first (it takes the Move action)" if scene.world.has(actor, Prone) else needs(scene, actor, "move")
    if refusal:
        return [Option("move", None, refusal, aim=AT_HEX)]
    if footprint.is_spread(scene.world, actor):
        return _squad_moves(scene, actor)
    reach = movement.walking_moves(scene, actor)  # each MoveOption("move", Move(actor, path=...), ...)
    if not reach:
        return [Option("move", None, "every neighbouring hex is blocked or costs more movement than is left",
                       aim=AT_HEX)]
    return list(reach)


SQUAD_MOVES_KEPT = 256
"""How many squads' move listings the terrain remembers (the oldest going first)."""


def _squad_moves(scene: Scene, actor: EntityId) -> list[Option]:
    """A squad over several hexes: each hex its head can move to, with its shape carried there
    (or a blob around it); the other formations are asked for hex by hex (`formation_options`).
    The listing reads only what `formations.moves_key` names, so it is remembered on the
    terrain under it (frozen values, the same whichever battle on the map asks)."""
    points = move_points_available(scene, actor)
    memory = scene.setup.field.memo("squad moves", lambda field: recall("squad moves", SQUAD_MOVES_KEPT, second_asking=True))
    found = memory.get(formations.moves_key(scene, actor, points), lambda: tuple(_squad_moves_now(scene, actor, points)))
    return list(found) or [Option("move", None, "no formation of the squad fits within its movement", aim=AT_HEX)]


def _squad_moves_now(scene: Scene, actor: EntityId, points: int) -> list[MoveOption]:
    reach = formations.squad_reach(scene, actor, points)
    here = set(footprint.footprint(scene.world, actor))
    found: list[MoveOption] = []
    for anchor in sorted({h for walk in reach.walks.values() for h in walk}):
        picked = formations.default_formation(scene, actor, anchor, reach)
        if picked is None or set(picked[1]) == here:
            continue
        plan = formations.squad_move(picked[1], reach)  # the default formation is checked already
        action = MoveSquad(actor, hexes=plan.hexes, formation=picked[0])
        found.append(MoveOption("move", action, aim=AT_HEX, hex=anchor, cost=plan.cost, path=plan.path,
                                hexes=plan.hexes))
    return found


def formation_options(scene: Scene, actor: EntityId, anchor: Hex) -> tuple[FormationOption, ...]:
    """Every formation of a squad with its head on `anchor` (Seed 002, Squad Size): each shape
    and facing, checked as the move would be, refused ones with the reason."""
    found = []
    for name, facing, hexes in formations.formations_at(scene, actor, anchor):
        action = MoveSquad(actor, hexes=hexes, formation=name)
        plan = table.check(scene, action)
        if isinstance(plan, str):
            found.append(FormationOption("formation", None, plan, aim=AT_HEX, hex=anchor, formation=name,
                                         facing=facing, hexes=hexes))
        else:
            found.append(FormationOption("formation", MoveSquad(actor, hexes=plan.hexes, formation=name),
                                         aim=AT_HEX, hex=anchor, formation=name, facing=facing, hexes=plan.hexes, cost=plan.cost))
    return tuple(found)


def jumps(scene: Scene, actor: EntityId) -> list[Option]:
    landings = jump.jump_landings(scene, actor)
    if not landings:
        problem = needs(scene, actor, "move") or jump.jump_problem(scene, actor, scene.world.get(actor, Position).hex)
        return [Option("jump", None, problem or "no hex in a straight line can be landed on", aim=AT_HEX)]
    here = scene.world.get(actor, Position).hex
    return [JumpOption("jump", Jump(actor, to=h), aim=AT_HEX, hex=h, line=tuple(jump.jump_line(here, h))) for h in landings]


def charges(scene: Scene, actor: EntityId) -> list[Option]:
    refusal = charge.ready_problem(scene, actor)
    if refusal:
        return [Option("charge", None, refusal, aim=AT_CHARGE)]
    found: list[Option] = []
    for target in enemies_in_the_fight(scene, actor):
        routes = charge.charge_paths(scene, actor, target)
        if not routes:
            found.append(ChargeOption("charge", None, f"no charge path reaches {scene.name(target)}", aim=AT_CHARGE,
                                      target=target))
        for end, route in routes.items():
            action = Charge(actor, target=target, path=route.path)
            plan = table.check(scene, action)
            if isinstance(plan, str):
                found.append(ChargeOption("charge", None, plan, aim=AT_CHARGE, target=target, hex=end, path=route.path))
                continue
            found.append(ChargeOption("charge", action, aim=AT_CHARGE, target=target, hex=end, path=route.path, cost=route.cost,
                                      odds=odds(plan.setup), damage=plan.damage, pilot_chance=plan.pilot_chance,
                                      expected_damage=plan.expected_damage(
                                          reads_on_table(scene.setup.heroic, is_vehicle(scene, target)))))
    return found


def watched_hexes(scene: Scene, actor: EntityId, hexes: Iterable[Hex]) -> tuple[WatchedHex, ...]:
    """The hexes (of those given) where an enemy on overwatch could fire at the actor."""
    if not any(True for _ in scene.world.query(Overwatch)):
        return ()
    found = []
    for hex_ in sorted(set(hexes)):
        trial = scene.world.snapshot()
        if trial.at(hex_) not in (None, actor):
            continue
        trial.set(actor, Position(hex_))
        watchers = overwatch.watchers_of(Scene(scene.setup, trial, scene.dice, scene.round, scene.sides), actor, hex_)
        if watchers:
            found.append(WatchedHex(hex_, tuple(watchers)))
    return tuple(found)


