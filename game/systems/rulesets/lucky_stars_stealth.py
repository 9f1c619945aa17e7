"""Stealth in a These Lucky Stars battle: hiding, moving silently, and searching (Seed 001, Stealth).

Our reading of the seed: hiding costs what taking cover costs (1 AP) and needs something to
hide behind (the hex or a neighbour holds cover or concealing terrain, as for full cover); the
stealth roll is 2d6 + AGI against target 8. A hidden combatant cannot be attacked by the
enemy, and its own attack is a surprise attack (the defender, unaware, rolls only its decision
dice); attacking gives it away. Moving while hidden is moving silently, for the cost of the
move: a new stealth roll where it stops, with shelter there. Searching is 1 AP: 2d6 + INS
against each hidden enemy's stealth roll, which holds only if it is higher.
"""

from __future__ import annotations

from game.actions import Action, Hide, Search
from game.components import Unseen
from game.ecs import EntityId
from game.events import ContestRolled, StealthChanged
from game.rules.dice import roll
from game.rules.lucky_stars.actions import stealth_holds
from game.systems.combat import enemies_in_the_fight
from game.systems.rulesets import lucky_stars_state as state
from game.systems.rulesets.lucky_stars_turns import shelter_near
from game.systems.scene import Scene

STEALTH = "agi"  # Ruling: the stealth roll is 2d6 + AGI
SEARCH = "ins"  # Seed 001, Stealth: a searcher rolls INS


def _roll_stealth(scene: Scene, entity: EntityId) -> bool:
    """Roll 2d6 + AGI against 8: holding, the combatant is hidden with this roll; else seen."""
    rolled = roll("2d6+AGI", scene.dice, AGI=state.attribute(scene, entity, STEALTH))
    holds = stealth_holds(rolled.total)
    if holds:
        scene.world.set(entity, Unseen(rolled))
    elif scene.world.has(entity, Unseen):
        scene.world.remove(entity, Unseen)
    scene.emit(StealthChanged(entity, holds, rolled))
    return holds


def check_hide(scene: Scene, action: Hide) -> Hide | str:
    """Hide (1 AP) behind something, not hidden already."""
    if scene.world.has(action.actor, Unseen):
        return "already hidden"
    if not shelter_near(scene, action.actor):
        return "nothing here to hide behind"
    return state.problem(scene, action.actor, "hide") or action


def hide(scene: Scene, action: Hide, plan: Hide) -> None:
    """Pay 1 AP and make the stealth roll."""
    state.pay(scene, action.actor, "hide")
    _roll_stealth(scene, action.actor)


def check_search(scene: Scene, action: Search) -> Search | str:
    """Search (1 AP) when some enemy is hidden."""
    if not hidden_enemies(scene, action.actor):
        return "no enemy is hidden"
    return state.problem(scene, action.actor, "search") or action


def hidden_enemies(scene: Scene, entity: EntityId) -> list[EntityId]:
    """The enemies hidden from this combatant, in id order."""
    return [e for e in enemies_in_the_fight(scene, entity) if state.unseen_by(scene, e, entity)]


def search(scene: Scene, action: Search, plan: Search) -> None:
    """Pay 1 AP; an INS roll against each hidden enemy's stealth roll finds those it is not below."""
    state.pay(scene, action.actor, "search")
    for hider in hidden_enemies(scene, action.actor):
        hidden = scene.world.get(hider, Unseen).stealth
        rolled = roll("2d6+INS", scene.dice, INS=state.attribute(scene, action.actor, SEARCH))
        scene.emit(ContestRolled(hider, action.actor, "stealth roll against the INS search", hidden, rolled))
        if not stealth_holds(hidden.total, rolled.total):
            state.reveal(scene, hider, "found", finder=action.actor)


def silently(apply):
    """A table row's move or step; a hidden mover moves silently: a new stealth roll where it stops."""
    def move_silently(scene: Scene, action: Action, plan) -> None:
        """Move, then roll stealth again where the hidden mover stops (seen at once with no shelter there)."""
        hidden = scene.world.has(action.actor, Unseen)
        apply(scene, action, plan)
        if hidden and not shelter_near(scene, action.actor):
            state.reveal(scene, action.actor, "nothing to hide behind here")
        elif hidden:
            _roll_stealth(scene, action.actor)
    return move_silently
