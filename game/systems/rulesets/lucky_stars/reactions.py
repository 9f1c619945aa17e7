"""Attacks out of turn in a These Lucky Stars battle: the attack of opportunity and the readied
attack, each a decision put to the one who may make it (Seed 001, Aggressive and Defensive Actions).

After an action is carried out, `open_after` asks every enemy of its actor who may answer it:
an aggressive action (every one the seed lists: an attack, unarmed or not, an attack of
opportunity, trip, disarm, shatter, the grapple and each of its options, or standing from prone,
which the seed says may provoke) gives an opening to each enemy in melee reach that it was not
aimed at; a move or step that ends within reach of an enemy's readied attack springs that attack.
Our reading: the action itself goes through; the answer comes right after it. A Move is
aggressive too, and is answered on the way, hex by hex (`moves`); the defensive
actions (Step, Ready, Stealth, Use Cover) give no opening.
"""

from __future__ import annotations

from dataclasses import replace

from game.actions import (
    Action,
    Attack,
    Disarm,
    EndGrapple,
    Grapple,
    GrappleAttack,
    GrappleMove,
    GrappleToss,
    Hold,
    Move,
    NonlethalAttack,
    OpportunityAttack,
    ReadiedAttack,
    ReadyAttack,
    RegainControl,
    Shatter,
    StandUp,
    Step,
    Trip,
)
from game.components import PausedMove, Position
from game.ecs import EntityId
from game.events import ConditionChanged
from game.hexgrid import distance
from game.prompts import ReactionChance
from game.rules.lucky_stars.actions import (
    READYABLE,
    Situation,
    TurnState,
    action_problem,
    ready as withhold,
    ready_problem,
)
from game.systems.targets import enemies_in_the_fight
from game.systems.rulesets.lucky_stars import attack as attacks
from game.systems.rulesets.lucky_stars import grapple
from game.systems.rulesets.lucky_stars import maneuvers
from game.systems.rulesets.lucky_stars import state
from game.systems.rulesets.lucky_stars.components import Grappling
from game.systems.scene import Scene, in_the_fight

PROVOKING = (Attack, NonlethalAttack, OpportunityAttack, ReadiedAttack, Trip, Disarm, Shatter, Grapple, GrappleAttack,
             GrappleMove, GrappleToss, EndGrapple, RegainControl, StandUp)
"""The aggressive actions an attack of opportunity answers once they are done (and standing, which
may provoke); a Move is answered on its way (`moves`)."""
MOVING = (Move, Step)
READIED = "standard_attack"


def _off_turn(scene: Scene, entity: EntityId, name: str) -> str | None:
    """Why `entity` cannot take this out-of-turn attack now (AP, once a round, weapon, cover, acted)."""
    situation = replace(state.situation(scene, entity), own_turn=False, target_acting_aggressively=True)
    return action_problem(name, state.turn_state(scene, entity), situation)


def _gone(scene: Scene, watcher: EntityId, provoker: EntityId) -> str | None:
    """Either of them went down since the opening came (another answer felled them)."""
    for one in (watcher, provoker):
        if not in_the_fight(scene.world, one):
            return f"{scene.name(one)} is out of the fight"
    return None


def prune(scene: Scene) -> None:
    """Drop the openings at the head of the queue that another answer made moot (someone fell)."""
    while (scene.pending and isinstance(scene.pending[0], ReactionChance)
           and _gone(scene, scene.pending[0].decider, scene.pending[0].provoker)):
        scene.pending.pop(0)


def opportunity_problem(scene: Scene, watcher: EntityId, provoker: EntityId) -> attacks.StrikePlan | str:
    """The plan of an attack of opportunity on the provoker, or why there is none: in melee reach,
    once a round, 1 AP, a melee weapon, having acted already (Seed 001, Attack of Opportunity)."""
    gone = _gone(scene, watcher, provoker)
    if gone:
        return gone
    here, there = (scene.world.get(e, Position).hex for e in (watcher, provoker))
    if distance(here, there) != 1:
        return "the provoker is not within melee reach"
    return _off_turn(scene, watcher, "attack_of_opportunity") or attacks.plan_strike(scene, watcher, provoker)


MANEUVERS = {"trip": Trip, "disarm": lambda actor, target: Disarm(actor, target=target, take=False),
             "shatter": Shatter, "grapple": Grapple}
"""The maneuvers that may be readied, as the action each becomes when it is sprung on a target."""


def sprung(readied: str, watcher: EntityId, mover: EntityId) -> Action:
    """The action a readied one becomes when sprung on the mover."""
    make = MANEUVERS.get(readied)
    return make(watcher, target=mover) if make else ReadiedAttack(watcher, target=mover)


def readied_problem(scene: Scene, watcher: EntityId, mover: EntityId):
    """The plan of the readied attack or maneuver on an enemy that came within reach, or why not
    (Seed 001, Ready Action)."""
    gone = _gone(scene, watcher, mover)
    if gone:
        return gone
    readied = state.turn_state(scene, watcher).readied
    if readied not in READYABLE:
        return "no attack is readied"
    refusal = _off_turn(scene, watcher, READYABLE[readied])
    if refusal:
        return refusal
    action = sprung(readied, watcher, mover)
    if isinstance(action, Grapple):
        return grapple.plan_grapple(scene, action)
    if isinstance(action, (Trip, Disarm, Shatter)):
        return maneuvers.plan_maneuver(scene, action)
    return attacks.plan_strike(scene, watcher, mover)


def offer_opening(scene: Scene, watcher: EntityId, provoker: EntityId) -> None:
    """Ask the watcher whether to make an attack of opportunity on the provoker."""
    _ask(scene, watcher, provoker, readied=False)


def _ask(scene: Scene, watcher: EntityId, provoker: EntityId, readied: bool) -> None:
    kind = state.turn_state(scene, watcher).readied
    what = (f"spring the readied {'attack' if kind == READIED else kind}" if readied
            else "make an attack of opportunity")
    question = f"{scene.name(provoker)} is open to {scene.name(watcher)}: {what}?"
    scene.pending.append(ReactionChance(watcher, question, provoker, readied))


def aimed_at(scene: Scene, action: Action) -> EntityId | None:
    """Who defends against the action (and so gets no opening from it): its target, or for an
    option of a grapple, which names none, the one held or holding (asked before it is taken)."""
    target = getattr(action, "target", None)
    if target is not None:
        return target
    held = scene.world.try_get(action.actor, Grappling)
    return held.partner if held is not None else None


def open_after(scene: Scene, action: Action, aimed: EntityId | None = None) -> None:
    """Ask each enemy of the actor who may answer the action just taken, lowest id first (`aimed`:
    the one defending against it, its target unless given)."""
    actor = action.actor
    if not in_the_fight(scene.world, actor) or not isinstance(action, PROVOKING + MOVING):
        return
    if scene.world.has(actor, PausedMove):  # a move an opening paused: its end is answered when it ends
        return
    aimed = getattr(action, "target", None) if aimed is None else aimed
    for watcher in enemies_in_the_fight(scene, actor):
        if isinstance(action, PROVOKING) and watcher != aimed:
            if not isinstance(opportunity_problem(scene, watcher, actor), str):
                _ask(scene, watcher, actor, readied=False)
        elif isinstance(action, MOVING) and not isinstance(readied_problem(scene, watcher, actor), str):
            _ask(scene, watcher, actor, readied=True)


def reacting(apply):
    """A table row's apply followed by the enemies' chances to answer it."""
    def apply_then_ask(scene: Scene, action: Action, plan) -> None:
        """Carry the action out, then open the enemies' answers to it."""
        aimed = aimed_at(scene, action)
        apply(scene, action, plan)
        open_after(scene, action, aimed)
        prune(scene)
    return apply_then_ask


def _open(scene: Scene, action: Action, readied: bool) -> ReactionChance | str:
    prompt = scene.pending[0] if scene.pending else None
    if not isinstance(prompt, ReactionChance) or prompt.readied != readied or prompt.decider != action.actor:
        return "there is no such attack to make now"
    if getattr(action, "target", prompt.provoker) != prompt.provoker:
        return f"the opening is {scene.name(prompt.provoker)}'s"
    return prompt


def check_opportunity(scene: Scene, action: OpportunityAttack) -> attacks.StrikePlan | str:
    """Answer an opening with the attack of opportunity (1 AP)."""
    prompt = _open(scene, action, readied=False)
    return prompt if isinstance(prompt, str) else opportunity_problem(scene, action.actor, prompt.provoker)


def opportunity(scene: Scene, action: OpportunityAttack, plan: attacks.StrikePlan) -> None:
    """Pay 1 AP, count the once-a-round use, and attack."""
    scene.pending.pop(0)
    state.pay(scene, action.actor, "attack_of_opportunity")
    attacks.strike(scene, action, plan)
    prune(scene)


def check_readied(scene: Scene, action: ReadiedAttack) -> attacks.StrikePlan | str:
    """Spring the readied attack on the enemy that came within reach (2 AP, withheld for it)."""
    prompt = _open(scene, action, readied=True)
    return prompt if isinstance(prompt, str) else readied_problem(scene, action.actor, prompt.provoker)


def readied_attack(scene: Scene, action: ReadiedAttack, plan) -> None:
    """Pay the readied action's AP (withheld for it), it is used up, and it is made: the attack, or
    the maneuver's roll or the grapple's check (whoever loses may spend a hero point on it)."""
    scene.pending.pop(0)
    readied = state.turn_state(scene, action.actor).readied
    state.pay(scene, action.actor, READYABLE[readied])
    scene.world.set(action.actor, replace(state.turn_state(scene, action.actor), readied=""))
    made = sprung(readied, action.actor, action.target)
    if isinstance(made, Grapple):
        grapple.grapple_now(scene, made, plan)
    elif isinstance(made, (Trip, Disarm, Shatter)):
        maneuvers.maneuver_now(scene, made, plan)
    else:
        attacks.strike(scene, action, plan)
    prune(scene)


def check_hold(scene: Scene, action: Hold) -> Hold | str:
    """Let the opening pass (a readied attack stays ready for a later trigger)."""
    prompt = scene.pending[0] if scene.pending else None
    return action if isinstance(prompt, ReactionChance) and prompt.decider == action.actor else "no opening to let pass"


def hold(scene: Scene, action: Hold, plan: Hold) -> None:
    """Close the decision."""
    scene.pending.pop(0)
    prune(scene)


def readying(action: ReadyAttack) -> str:
    """The action a ReadyAttack readies: its maneuver, else the standard attack."""
    return action.maneuver or READIED


def check_ready(scene: Scene, action: ReadyAttack) -> ReadyAttack | str:
    """Ready a standard attack or a maneuver: the AP left are withheld for it, and the turn ends
    (Seed 001, Ready Action; our reading: the trigger is an enemy ending a move or step within reach)."""
    if action.maneuver and action.maneuver not in MANEUVERS:
        return f"'{action.maneuver}' cannot be readied (ready an attack, or: {', '.join(MANEUVERS)})"
    return ready_refusal(action, state.turn_state(scene, action.actor), state.situation(scene, action.actor)) or action


def ready_refusal(action: ReadyAttack, turn: TurnState, situation: Situation) -> str | None:
    """Why the readied attack or maneuver cannot be readied with this turn's AP and what is in hand."""
    name = readying(action)
    return ready_problem(turn, name, situation) or action_problem(name, turn, situation)


def ready(scene: Scene, action: ReadyAttack, plan: ReadyAttack) -> None:
    """Withhold every AP left for the readied action; the lapse comes with the next turn's AP."""
    scene.world.set(action.actor, withhold(state.turn_state(scene, action.actor), readying(action)))
    scene.emit(ConditionChanged(action.actor, "readied", True))
