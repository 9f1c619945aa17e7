"""The basic actions of SWN core: ending the turn, dropping prone and standing up, Total Defense,
reloading.

Dropping prone and Total Defense are Instant actions, taken even outside one's own turn;
Total Defense is paid with the round's Main action.
"""

from __future__ import annotations

from game.actions import DefendTotally, GoProne, Reload, StandUp
from game.components import Armament, Prone, TotalDefense
from game.events import ConditionChanged
from game.systems.budget import main_unused_this_round, needs, spend
from game.systems.rulesets.swn.attackers import weapon_in_hand
from game.systems.scene import Scene


def check_go_prone(scene: Scene, action: GoProne) -> GoProne | str:
    """Dropping prone is an Instant action (SWN core)."""
    return "already prone" if scene.world.has(action.actor, Prone) else action


def go_prone(scene: Scene, action: GoProne, plan: GoProne) -> None:
    """Drop prone."""
    scene.world.set(action.actor, Prone())
    scene.emit(ConditionChanged(action.actor, "prone", True))


def check_stand_up(scene: Scene, action: StandUp) -> StandUp | str:
    """Standing up takes the Move action (SWN core)."""
    if not scene.world.has(action.actor, Prone):
        return "not prone"
    return needs(scene, action.actor, "move") or action


def stand_up(scene: Scene, action: StandUp, plan: StandUp) -> None:
    """Stand up, spending the Move action."""
    scene.world.remove(action.actor, Prone)
    spend(scene, action.actor, "move")
    scene.emit(ConditionChanged(action.actor, "prone", False))


def check_total_defense(scene: Scene, action: DefendTotally) -> DefendTotally | str:
    """Total Defense: an Instant action paid with this round's Main action (SWN core). Taken
    before its turn, that turn starts without a Main action and the defense ends as it starts."""
    if scene.world.has(action.actor, TotalDefense):
        return "already on total defense"
    if not main_unused_this_round(scene, action.actor):
        return "the Main action of this round is already used"
    return action


def total_defense(scene: Scene, action: DefendTotally, plan: DefendTotally) -> None:
    """+2 AC until the start of the combatant's next turn."""
    scene.world.set(action.actor, TotalDefense())
    spend(scene, action.actor, "main")
    scene.emit(ConditionChanged(action.actor, "total defense", True))


def check_reload(scene: Scene, action: Reload) -> int | str:
    """Reloading a magazine weapon takes the Main action; the plan is the full magazine."""
    armament = scene.world.get(action.actor, Armament)
    if armament.weapon is None:
        return "no weapon in hand"
    weapon = weapon_in_hand(scene, action.actor)
    if weapon.thrown:
        return f"a {weapon.name.lower()} is thrown, not reloaded"
    if not weapon.magazine:
        return "this weapon has no magazine"
    if armament.rounds >= weapon.magazine:
        return "the magazine is already full"
    return needs(scene, action.actor, "main") or weapon.magazine


def reload(scene: Scene, action: Reload, magazine: int) -> None:
    """Refill the magazine, spending the Main action."""
    armament = scene.world.get(action.actor, Armament)
    scene.world.set(action.actor, Armament(armament.weapon, magazine))
    spend(scene, action.actor, "main")
    scene.emit(ConditionChanged(action.actor, "reloaded", True))
