"""Starfarer rounds and phases: 1d10 + Initiative action points, a phase for each 10 counting down, the rest carried (Seed 003, 3.2).

The order of phases changes every round, so the ruleset picks who acts (`next_turn`,
`first_turn`) rather than a fixed turn order. A phase is one action: a move (the shared hex
movement) or an attack. Each round the bleeding wounds add their shock first.
"""

from __future__ import annotations

from game.actions import Move
from game.components import Initiative, Stats, TurnBudget
from game.systems.rulesets.starfarer.components import ActionPoints
from game.ecs import EntityId
from game.events import RoundBegan, TurnBegan
from game.prompts import HeroPointChance, RollWaiting
from game.rules.starfarer.hit import Body
from game.rules.starfarer.initiative import PHASE_COST, next_phase
from game.systems import movement
from game.systems.budget import spend
from game.systems.rulesets.starfarer import body
from game.systems.rulesets.starfarer import limbs
from game.systems.rulesets.starfarer import phase
from game.systems.rulesets.starfarer import state
from game.systems.scene import Scene, in_the_fight

MAX_EMPTY_ROUNDS = 20  # a guard: every round adds at least 1 point to everyone, so someone soon reaches 10


def prepare(scene: Scene) -> None:
    """Every combatant starts unhurt with no action points."""
    for entity, _ in list(scene.world.query(Stats)):
        scene.world.set(entity, Body())
        scene.world.set(entity, ActionPoints(0))


def roll_initiative(scene: Scene, combatants: list[EntityId]) -> tuple[EntityId, ...]:
    """The listed order: highest Initiative trait first, then id; phases are picked each round (Seed 003, 3.2)."""
    for entity in combatants:
        score = state.trait(scene, entity, "initiative")
        scene.world.set(entity, Initiative(score, f"Initiative {score}"))
    return tuple(sorted(combatants, key=lambda e: (-state.trait(scene, e, "initiative"), e)))


def _fighters(scene: Scene) -> list[EntityId]:
    """Everyone still in the fight (a unit the GM added too: it has no points until the next round's roll)."""
    return [e for e, _ in scene.world.query(Stats) if in_the_fight(scene.world, e)]


def _roll_points(scene: Scene) -> None:
    for entity in _fighters(scene):
        rolled = scene.roll("1d10+INITIATIVE+CARRIED", entity, "action points",
                            INITIATIVE=state.trait(scene, entity, "initiative"), CARRIED=state.points(scene, entity))
        scene.world.set(entity, ActionPoints(rolled.total))


def begin_round(scene: Scene) -> None:
    """Bleeding, the checks the body calls for, then everyone's action points; a round in which nobody
    reaches 10 passes at once (Seed 003, 3.2, 3.6.6-3.6.7). A hero point decision on a failed check
    stops it before the points are rolled (seed 004: `round_start_lands` goes on). With declared actions the first round
    asks everyone to declare before its points are rolled (`phase.ask_before_the_roll`)."""
    if scene.round == 1 and phase.declaring(scene):
        scene.emit(RoundBegan(scene.round))
        phase.ask_before_the_roll(scene, _fighters(scene))
        return
    _roll_round(scene)


def roll_after_declarations(scene: Scene) -> None:
    """Everyone has answered before the first roll: roll the points, and the first phase begins
    (the turn the battle opened on passes to whoever has the most points)."""
    _roll_points(scene)
    scene.turn_over = True  # nobody at 10: the round passes on, as any other would


def round_start_lands(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """A check at the round's start after a hero point decision (seed 004): the round's start goes on
    from it, then the points are rolled and the first phase begins, as after the declarations."""
    if not body.resume(scene, chance, waiting, bought):
        roll_after_declarations(scene)


def _roll_round(scene: Scene) -> None:
    for _ in range(MAX_EMPTY_ROUNDS):
        scene.emit(RoundBegan(scene.round))
        if body.start_of_round(scene):
            return  # a hero point decision on one of its checks: the points wait (`round_start_lands`)
        _roll_points(scene)
        if _next(scene) is not None or not _fighters(scene):
            return
        scene.round += 1


def _next(scene: Scene) -> EntityId | None:
    fighters = _fighters(scene)
    return next_phase({e: state.points(scene, e) for e in fighters},
                      {e: state.trait(scene, e, "initiative") for e in fighters})


def next_turn(scene: Scene, order: tuple[EntityId, ...], turn: int) -> tuple[int, bool]:
    """The next phase: the most action points, if 10 or more; else the round is over (Seed 003, 3.2)."""
    who = _next(scene)
    return (turn, True) if who is None else (order.index(who), False)


def first_turn(scene: Scene, order: tuple[EntityId, ...], turn: int) -> int:
    """Who takes the round's first phase."""
    who = _next(scene)
    return turn if who is None else order.index(who)


def begin_turn(scene: Scene, entity: EntityId) -> None:
    """The phase starts: it costs 10 action points and allows one action (Seed 003, 3.2). While
    declarations before the first roll are open, or a hero point decision on a check at the round's
    start, no phase has begun yet."""
    if phase.before_the_roll(scene) or body.deciding(scene):
        return
    scene.world.set(entity, ActionPoints(state.points(scene, entity) - PHASE_COST))
    scene.world.set(entity, TurnBudget(main=True, move=False))
    phase.start(scene, entity)
    scene.emit(TurnBegan(entity, scene.round))


def check_move(scene: Scene, action: Move) -> Move | str:
    """A move as the phase's action, up to 10 m (Ruling: the seed's movement section is empty)."""
    refusal = phase.refusal(scene, action.actor, "move")
    if refusal:
        return refusal
    lame = limbs.refusal(scene, action.actor, state.LEG_LIMBS)
    if lame:
        return lame
    problem = movement.path_problem(scene.setup.field, scene.world, action.actor, action.path,
                                    scene.world.get(action.actor, Stats).move_hexes,
                                    scene.setup.setting("allies_block_movement", False), scene.place)
    return f"cannot move there: {problem}" if problem else action


def move(scene: Scene, action: Move, plan: Move) -> None:
    """Spend the phase's action; legs wounded medium or worse must pass their disability checks
    (Seed 003, 3.6.6); then walk the path (the shared walk)."""
    spend(scene, action.actor, "main")
    phase.take(scene, action.actor, "move")
    legs_usable(scene, action)


def legs_usable(scene: Scene, action: Move) -> None:
    """Walk the path once the legs pass their checks (seed 004: also after one bought back)."""
    if limbs.passed(scene, action.actor, limbs.due(scene, action.actor, state.LEG_LIMBS), action):
        movement.walk(scene, action.actor, action.path)
