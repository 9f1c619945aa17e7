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
from game.systems.rulesets.lucky_stars.components import Unseen
from game.ecs import EntityId
from game.events import ContestRolled, StealthChanged
from game.prompts import HeroPointChance, RollWaiting
from game.rules.dice import Roll, roll
from game.rules.lucky_stars.actions import STEALTH_TARGET, stealth_holds
from game.systems.targets import enemies_in_the_fight
from game.systems.hero_chances import offer_on_roll
from game.systems.rulesets.lucky_stars import state
from game.systems.rulesets.lucky_stars.turns import shelter_near
from game.systems.scene import Scene

STEALTH = "agi"  # Ruling: the stealth roll is 2d6 + AGI
SEARCH = "ins"  # Seed 001, Stealth: a searcher rolls INS
SEARCHED = "stealth roll against the INS search"


STEALTH_ROLL = "stealth roll"
SEARCH_ROLL = "search roll"


def _roll_stealth(scene: Scene, entity: EntityId, action: Action) -> None:
    """Roll 2d6 + AGI against 8: holding, the combatant is hidden with this roll; else seen, and
    it may spend a hero point on the roll (seed 004: `stealth_lands` then settles it). That is
    decided first: the roll ends the move that opened any readied attack on the mover."""
    rolled = roll("2d6+AGI", scene.dice, AGI=state.attribute(scene, entity, STEALTH))
    _hidden_or_seen(scene, entity, rolled)
    if not stealth_holds(rolled.total):
        offer_on_roll(scene, entity, "failed the stealth roll", action,
                      RollWaiting(STEALTH_ROLL, (rolled,), STEALTH_TARGET - rolled.total), at=0)


def _hidden_or_seen(scene: Scene, entity: EntityId, rolled: Roll) -> None:
    holds = stealth_holds(rolled.total)
    if holds:
        scene.world.set(entity, Unseen(rolled))
    elif scene.world.has(entity, Unseen):
        scene.world.remove(entity, Unseen)
    scene.emit(StealthChanged(entity, holds, rolled))


def stealth_lands(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """A stealth roll after a hero point decision: with the bought dice it holds, and the combatant
    is hidden with it; let stand, it stays seen."""
    if bought:
        _hidden_or_seen(scene, chance.decider, waiting.roll)


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
    _roll_stealth(scene, action.actor, action)


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
    _search_for(scene, action, tuple(hidden_enemies(scene, action.actor)))


def _search_for(scene: Scene, action: Search, hiders: tuple[EntityId, ...]) -> None:
    """Roll against each of these hiders in turn; a searcher who did not find one may spend a hero
    point on that roll (seed 004): the search stops there until it is decided (`search_lands`)."""
    for k, hider in enumerate(hiders):
        hidden = scene.world.get(hider, Unseen).stealth
        rolled = roll("2d6+INS", scene.dice, INS=state.attribute(scene, action.actor, SEARCH))
        scene.emit(ContestRolled(hider, action.actor, SEARCHED, hidden, rolled))
        if not stealth_holds(hidden.total, rolled.total):
            state.reveal(scene, hider, "found", finder=action.actor)
            continue
        waiting = RollWaiting(SEARCH_ROLL, (hidden, rolled), hidden.total - rolled.total, mine=1, other=hider,
                              rest=hiders[k + 1:])
        if offer_on_roll(scene, action.actor, f"did not find {scene.name(hider)}", action, waiting):
            return


def search_lands(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """A search roll after a hero point decision: the hider is found if the roll is no longer
    below its stealth roll; then the search goes on to the hiders after it."""
    hidden, rolled = waiting.rolls
    if bought:
        scene.emit(ContestRolled(waiting.other, chance.decider, SEARCHED, hidden, rolled))
        if not stealth_holds(hidden.total, rolled.total):
            state.reveal(scene, waiting.other, "found", finder=chance.decider)
    _search_for(scene, chance.attack, waiting.rest)


def silently(apply):
    """A table row's move or step; a hidden mover moves silently: a new stealth roll where it stops."""
    def move_silently(scene: Scene, action: Action, plan) -> None:
        """Move, then roll stealth again where the hidden mover stops (seen at once with no shelter there)."""
        hidden = scene.world.has(action.actor, Unseen)
        apply(scene, action, plan)
        if hidden and not shelter_near(scene, action.actor):
            state.reveal(scene, action.actor, "nothing to hide behind here")
        elif hidden:
            _roll_stealth(scene, action.actor, action)
    return move_silently
