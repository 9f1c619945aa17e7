"""Rounds and turns as every ruleset passes them: a round's start (SWN core's mortal-wound clock
runs there), who acts next, which camps still stand, and ending a turn (a ruleset rolls its own
initiative and starts its own turns).
"""

from __future__ import annotations

from game.actions import EndTurn
from game.components import Allegiance, MortallyWounded, Stabilised
from game.ecs import EntityId, World
from game.events import RoundBegan
from game.rules.swn.damage import MORTAL_WOUND_ROUNDS
from game.systems.scene import FIGHTING_READS, Scene, camp, fighting, in_the_fight
from game.systems.wounds import kill


def mortal_wound_checks(scene: Scene) -> None:
    """SWN core: a mortally wounded PC dies six rounds after falling unless stabilised.

    Checked at the start of every round, since a fallen PC takes no turns of its own.
    """
    for entity, wound in list(scene.world.query(MortallyWounded)):
        if not scene.world.has(entity, Stabilised) and scene.round - wound.since_round >= MORTAL_WOUND_ROUNDS:
            kill(scene, entity, "died of wounds")


def begin_round(scene: Scene) -> None:
    """Announce a new round and run the mortal-wound clock."""
    scene.emit(RoundBegan(scene.round))
    mortal_wound_checks(scene)


def next_turn(scene: Scene, order: tuple[EntityId, ...], turn: int) -> tuple[int, bool]:
    """The index of the next combatant in the fight after `turn`, and whether a round passed."""
    n = len(order)
    for step in range(1, 2 * n + 1):
        index = (turn + step) % n
        wrapped = turn + step >= n
        if in_the_fight(scene.world, order[index]):
            return index, wrapped
    return turn, False


def camps_standing(scene: Scene) -> frozenset[str]:
    """The camps that still have someone in the fight (worked out once while nobody's place in
    the fight or side changes: the battle asks after every action)."""
    return scene.world.derived(_CAMPS_READS, _camps_standing)


_CAMPS_READS = (Allegiance, *FIGHTING_READS)


def _camps_standing(world: World) -> frozenset[str]:
    """The camps of the sides with a member in the fight."""
    standing = fighting(world)
    return frozenset(camp(side) for side, members in world.groups(Allegiance).items()
                     if camp(side) is not None and not standing.isdisjoint(members))


def check_end_turn(scene: Scene, action: EndTurn) -> EndTurn:
    """Ending the turn always works for the combatant whose turn it is (the battle checks that)."""
    return action


def end_turn(scene: Scene, action: EndTurn, plan: EndTurn) -> None:
    """Nothing happens on the world; the battle passes the turn on."""
