"""A These Lucky Stars Move and the attacks of opportunity it opens (Seed 001, Aggressive Actions).

The seed lists Move among the aggressive actions and Step among the defensive ones, and an
attack of opportunity answers an aggressive action taken within the attacker's melee reach. A
Move is in reach wherever the mover stands during it, so (our reading) the move is walked hex
by hex, the hex it sets off from included: where it is first within the reach of an enemy who
may make an attack of opportunity, it pauses and each such enemy is asked (`ReactionChance`).
Once every decision is made it goes on from there if the mover is still in the fight; an enemy
asked once is not asked again on the same move. A readied attack is sprung where the move ends.
A hidden mover (moving silently) is seen by nobody, so nothing stops it on the way.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.actions import Move
from game.components import PausedMove, Position
from game.ecs import EntityId
from game.events import Moved
from game.hexgrid import Hex
from game.systems import movement
from game.systems.targets import enemies_in_the_fight
from game.systems.rulesets.lucky_stars import grapple
from game.systems.rulesets.lucky_stars import reactions
from game.systems.rulesets.lucky_stars import state
from game.systems.rulesets.lucky_stars.turns import leave_cover
from game.systems.scene import Scene, in_the_fight


def move(scene: Scene, action: Move, plan: Move) -> None:
    """Pay 2 AP and set off along the path (Seed 001, Move), pausing where an enemy may strike."""
    state.pay(scene, action.actor, "move")
    leave_cover(scene, action.actor)
    grapple.release(scene, action.actor, "moved away")
    walk_on(scene, action.actor, tuple(action.path), ())


def openers(scene: Scene, mover: EntityId, asked: Sequence[EntityId]) -> list[EntityId]:
    """The enemies, not asked yet on this move, who may make an attack of opportunity on the mover
    where it stands now, lowest id first."""
    return [e for e in enemies_in_the_fight(scene, mover)
            if e not in asked and not isinstance(reactions.opportunity_problem(scene, e, mover), str)]


def walk_on(scene: Scene, mover: EntityId, path: tuple[Hex, ...], asked: tuple[EntityId, ...]) -> None:
    """Walk from where the mover stands; stop where the move opens it to enemies not asked yet
    (the rest waits as a `PausedMove`), or to the end of the path."""
    walked = [scene.world.get(mover, Position).hex]
    for index in range(-1, len(path)):
        if index >= 0:
            walked.append(path[index])
            if scene.world.at(path[index]) not in (None, mover):
                continue  # passing through an ally: the mover cannot stop (or be struck at) there
            scene.world.set(mover, Position(path[index]))
        found = openers(scene, mover, asked)
        if found:
            _emit_walk(scene, mover, walked)
            scene.world.set(mover, PausedMove(path[index + 1:], asked + tuple(found)))
            for watcher in found:
                reactions.offer_opening(scene, watcher, mover)
            return
    _emit_walk(scene, mover, walked)


def _emit_walk(scene: Scene, mover: EntityId, walked: list[Hex]) -> None:
    if len(walked) > 1:
        scene.emit(Moved(mover, tuple(walked), "move", movement.path_cost(scene.setup.field, walked[1:])))


def resume(scene: Scene) -> None:
    """Once no decision is open, a move attacks of opportunity paused goes on (a mover who went
    down stops where it fell); where it ends, readied attacks may be sprung."""
    if scene.pending or not scene.world.count(PausedMove):
        return
    for mover, paused in list(scene.world.query(PausedMove)):
        scene.world.remove(mover, PausedMove)
        if not in_the_fight(scene.world, mover):
            continue
        walk_on(scene, mover, paused.remaining, paused.silenced)
        reactions.open_after(scene, Move(mover, path=paused.remaining))  # nothing while paused again
        reactions.prune(scene)
        if scene.pending:
            return
