"""These Lucky Stars turns and the moves of a turn: initiative, 4 AP a round, move, step, stand (Seed 001).

Movement itself is the shared hex mechanic (paths, terrain costs, who blocks); this module
only pays for it in action points. A Move, which may open the mover to attacks of opportunity
on its way, is walked by `lucky_stars_moves`.
"""

from __future__ import annotations

from game.actions import Move, StandUp, Step, UseCover
from game.components import Allegiance, Defense, FullCover, Initiative, Position, Prone, Stats
from game.ecs import EntityId
from game.events import ConditionChanged, Rolled, TurnBegan
from game.rules.lucky_stars.actions import TurnState, start_turn
from game.rules.lucky_stars.initiative import Combatant, roll_initiative as roll_one, turn_order
from game.systems import movement
from game.systems.rulesets import lucky_stars_grapple as grapple
from game.systems.rulesets import lucky_stars_state as state
from game.systems.scene import Scene, hostile


def prepare(scene: Scene) -> None:
    """Every combatant starts at full DEF, with no AP until its first turn (Seed 001, Health)."""
    for entity, stats in list(scene.world.query(Stats)):
        scene.world.set(entity, Defense(stats.ac, stats.ac))
        scene.world.set(entity, TurnState())


def _initiators(scene: Scene) -> frozenset[str]:
    """The sides that declare the first attack: those hostile to a side the map marks surprised (Ruling)."""
    sides = {allegiance.side for _, allegiance in scene.world.query(Allegiance)}
    return frozenset(side for side in sides if any(hostile(side, caught) for caught in scene.setup.surprised))


def roll_initiative(scene: Scene, combatants: list[EntityId]) -> tuple[EntityId, ...]:
    """2d6 + Insight each, +6 for the initiating side, the tie rules of the seed (Seed 001, Initiative)."""
    initiators = _initiators(scene)
    rolls = []
    for entity in combatants:
        side = scene.side_of(entity)
        rolled = roll_one(Combatant(entity, side, state.attribute(scene, entity, "ins"), side in initiators), scene.dice)
        scene.emit(Rolled(entity, "initiative", rolled.roll))
        scene.world.set(entity, Initiative(rolled.total, rolled.roll.text()))
        rolls.append(rolled)
    return turn_order(rolls)


def begin_turn(scene: Scene, entity: EntityId) -> None:
    """The AP refill to 4 and the once-a-turn and once-a-round uses reset (Seed 001, Taking Action)."""
    scene.world.set(entity, start_turn(state.turn_state(scene, entity)))
    scene.emit(TurnBegan(entity, scene.round))


def check_move(scene: Scene, action: Move) -> Move | str:
    """Move up to the combatant's speed for 2 AP, as often as AP allow (Seed 001, Move)."""
    if scene.world.has(action.actor, Prone):
        return "stand up first (1 AP)"
    refusal = state.problem(scene, action.actor, "move")
    if refusal:
        return refusal
    problem = movement.path_problem(scene.setup.field, scene.world, action.actor, action.path,
                                    scene.world.get(action.actor, Stats).move_hexes,
                                    scene.setup.setting("allies_block_movement", False), scene.place)
    return f"cannot move there: {problem}" if problem else action


def step_problem(scene: Scene, actor: EntityId, to) -> str | None:
    """Why the combatant cannot step onto this hex: one neighbouring hex it may enter, 1 AP (Seed 001, Step)."""
    if scene.world.has(actor, Prone):
        return "stand up first (1 AP)"
    refusal = state.problem(scene, actor, "step")
    if refusal:
        return refusal
    cost = scene.setup.field.move_cost(to)
    problem = movement.path_problem(scene.setup.field, scene.world, actor, (to,), cost or 0,
                                    scene.setup.setting("allies_block_movement", False), scene.place)
    return f"cannot step there: {problem}" if problem else None


def check_step(scene: Scene, action: Step) -> Step | str:
    """A step to a neighbouring hex, whatever its terrain cost (Seed 001, Step)."""
    return step_problem(scene, action.actor, action.to) or action


def step(scene: Scene, action: Step, plan: Step) -> None:
    """Pay 1 AP and step (the shared walk, one hex)."""
    state.pay(scene, action.actor, "step")
    leave_cover(scene, action.actor)
    grapple.release(scene, action.actor, "stepped away")
    movement.walk(scene, action.actor, (action.to,))


def check_stand(scene: Scene, action: StandUp) -> StandUp | str:
    """Standing from prone costs 1 AP (Seed 001, Stand)."""
    return state.problem(scene, action.actor, "stand") or action


def stand(scene: Scene, action: StandUp, plan: StandUp) -> None:
    """Pay 1 AP and stand."""
    state.pay(scene, action.actor, "stand")
    scene.world.remove(action.actor, Prone)
    scene.emit(ConditionChanged(action.actor, "prone", False))



def shelter_near(scene: Scene, entity: EntityId) -> bool:
    """Whether the hex or a neighbour holds something to hide wholly behind (a cover material or concealing terrain)."""
    field = scene.setup.field
    here = scene.world.get(entity, Position).hex
    for hex_ in (here, *field.neighbours_on_map(here)):
        terrain = field.terrain(hex_)
        if terrain is not None and (terrain.material.id != "none" or terrain.concealment.id != "none"):
            return True
    return False


def check_use_cover(scene: Scene, action: UseCover) -> UseCover | str:
    """Use Cover for 1 AP in place: take full cover where there is some, or come out to partial (Seed 001, Use Cover)."""
    behind = scene.world.has(action.actor, FullCover)
    if action.full and behind:
        return "already behind full cover"
    if not action.full and not behind:
        return "not behind full cover"
    if action.full and not shelter_near(scene, action.actor):
        return "nothing here to take full cover behind"
    return state.problem(scene, action.actor, "use_cover") or action


def use_cover(scene: Scene, action: UseCover, plan: UseCover) -> None:
    """Pay 1 AP and take full cover, or come out of it."""
    state.pay(scene, action.actor, "use_cover")
    if action.full:
        scene.world.set(action.actor, FullCover())
    else:
        scene.world.remove(action.actor, FullCover)
    scene.emit(ConditionChanged(action.actor, "full cover", action.full))


def leave_cover(scene: Scene, entity: EntityId) -> None:
    """Moving shifts the cover: whoever moves leaves full cover (Seed 001, Use Cover: as part of a move)."""
    if scene.world.has(entity, FullCover):
        scene.world.remove(entity, FullCover)
        scene.emit(ConditionChanged(entity, "full cover", False, "moved"))
