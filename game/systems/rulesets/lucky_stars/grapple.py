"""Grapples in a These Lucky Stars battle: the contested check, control and the pinned (Seed 001, Grapple).

The contested grapple check is 2d6 + STR on each side (our reading: the seed names no score).
The winner engages (in control, the other pinned) or ends it at once; the one in control acts
normally and may attack the pinned with a light weapon or unarmed (3 AP) or let go (1 AP); the
pinned must first spend 1 AP trying to regain control, and losing ends their turn's actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.actions import (Action, EndGrapple, Grapple, GrappleAttack, GrappleMove, GrappleToss, Hold, RegainControl,
                          TakeHold)
from game.components import Position
from game.systems.rulesets.lucky_stars.components import Grappling
from game.ecs import EntityId
from game.events import GrappleChanged, Moved
from game.prompts import GrappleWon, HeroPointChance
from game.hexgrid import distance
from game.rules.hero_points import ExtraRoll
from game.rules.lucky_stars.actions import regain_control
from game.rules.lucky_stars.attack import contest_chance
from game.systems.targets import target_problem
from game.systems.rulesets.lucky_stars import attack as attacks
from game.systems.rulesets.lucky_stars import state
from game.systems import movement
from game.systems.scene import Scene, in_the_fight

REACH = 2  # Seed 001: 10 ft, two hexes, for moving with or tossing the opponent
SCORE = "str"  # Ruling: the contested grapple check is STR against STR
PURPOSE = "grapple check (STR against STR)"


@dataclass(frozen=True, slots=True)
class GrapplePlan:
    """The two scores of a contested grapple check, the one acting first."""

    actor: EntityId
    other: EntityId
    acting: int
    resisting: int

    @property
    def chance(self) -> Fraction:
        """The exact chance the one acting wins the check (a tie holds)."""
        return contest_chance(self.acting, self.resisting)


def _plan(scene: Scene, actor: EntityId, other: EntityId) -> GrapplePlan:
    return GrapplePlan(actor, other, state.attribute(scene, actor, SCORE), state.attribute(scene, other, SCORE))


def _contest(scene: Scene, action: Action, plan: GrapplePlan) -> bool | None:
    """Roll the check and tell it: whether the one acting won, or None while whoever lost decides
    on a hero point (seed 004: `go_on` then finishes the action)."""
    return attacks.contested_check(scene, action, plan.actor, plan.other, PURPOSE, plan.acting, plan.resisting)


def go_on(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...]) -> None:
    """After a hero point decision on a grapple check: the grapple, the try for control or the toss
    finishes on the check as it now stands."""
    action = chance.attack
    other = action.target if isinstance(action, Grapple) else state.grapple_of(scene, action.actor).partner
    plan = _plan(scene, action.actor, other)
    won = attacks.bought_check(scene, chance, extras, other)
    {Grapple: _grappled, RegainControl: _regained, GrappleToss: _tossed}[type(action)](scene, action, plan, won)


def _engage(scene: Scene, controller: EntityId, pinned: EntityId) -> None:
    scene.world.set(controller, Grappling(pinned, in_control=True))
    scene.world.set(pinned, Grappling(controller, in_control=False))
    scene.emit(GrappleChanged(controller, pinned))


def release(scene: Scene, entity: EntityId, cause: str) -> None:
    """End the grapple the combatant is in (if any), for both of them."""
    held = scene.world.try_get(entity, Grappling)
    if held is None:
        return
    for one in (entity, held.partner):
        if scene.world.has(one, Grappling):
            scene.world.remove(one, Grappling)
    controller, pinned = (entity, held.partner) if held.in_control else (held.partner, entity)
    scene.emit(GrappleChanged(controller, pinned, engaged=False, cause=cause))


def check_grapple(scene: Scene, action: Grapple) -> GrapplePlan | str:
    """Grapple (2 AP) an adjacent enemy not in a grapple already (Seed 001, Grapple)."""
    return state.problem(scene, action.actor, "grapple") or plan_grapple(scene, action)


def plan_grapple(scene: Scene, action: Grapple) -> GrapplePlan | str:
    """The grapple's contested check, or why it cannot be made (its AP aside)."""
    refusal = target_problem(scene, action.actor, action.target)
    if refusal:
        return refusal
    if state.unseen_by(scene, action.target, action.actor):
        return f"{scene.name(action.target)} is hidden: search to find them first"
    here, there = (scene.world.get(e, Position).hex for e in (action.actor, action.target))
    if distance(here, there) != 1:
        return "grapple needs the target within melee reach"
    if state.grapple_of(scene, action.target) is not None:
        return f"{scene.name(action.target)} is already in a grapple"
    return _plan(scene, action.actor, action.target)


def grapple(scene: Scene, action: Grapple, plan: GrapplePlan) -> None:
    """Pay 2 AP and roll the check; the winner takes control or ends it: the attacker as its action
    says, a defender who won when asked (`GrappleWon`)."""
    state.pay(scene, action.actor, "grapple")
    grapple_now(scene, action, plan)


def grapple_now(scene: Scene, action: Grapple, plan: GrapplePlan) -> None:
    """The grapple paid for (on the turn, or a readied one sprung): roll the check, and the winner decides."""
    state.reveal(scene, action.actor, "attacked")
    won = _contest(scene, action, plan)
    if won is not None:
        _grappled(scene, action, plan, won)


def _grappled(scene: Scene, action: Grapple, plan: GrapplePlan, won: bool) -> None:
    """The check decided: the winner takes control or ends it."""
    if not won:  # the defender won: theirs is the choice
        question = f"{scene.name(action.target)} won the grapple check: take control of {scene.name(action.actor)}?"
        scene.pending.append(GrappleWon(action.target, question, action.actor))
    elif action.engage:
        _engage(scene, action.actor, action.target)
    else:
        scene.emit(GrappleChanged(action.actor, action.target, engaged=False, cause="no hold is kept"))


def check_take_hold(scene: Scene, action: TakeHold | Hold) -> TakeHold | Hold | str:
    """The defender who won the check answers: engage or end it (Hold ends it)."""
    prompt = scene.pending[0] if scene.pending else None
    if not isinstance(prompt, GrappleWon) or prompt.decider != action.actor:
        return "there is no grapple of yours to decide"
    return action


def take_hold(scene: Scene, action: TakeHold | Hold, plan: TakeHold | Hold) -> None:
    """Take control of the attacker (pinned), or end the grapple at once."""
    prompt = scene.pending.pop(0)
    if getattr(action, "engage", False) and in_the_fight(scene.world, prompt.attacker):
        _engage(scene, action.actor, prompt.attacker)
    else:
        scene.emit(GrappleChanged(action.actor, prompt.attacker, engaged=False, cause="no hold is kept"))


def check_regain(scene: Scene, action: RegainControl) -> GrapplePlan | str:
    """The pinned character's first act of the turn: a contested check for control (1 AP)."""
    refusal = state.problem(scene, action.actor, "grapple_regain")
    if refusal:
        return refusal
    return _plan(scene, action.actor, state.grapple_of(scene, action.actor).partner)


def regain(scene: Scene, action: RegainControl, plan: GrapplePlan) -> None:
    """Pay 1 AP; winning takes control, losing ends the turn's actions (Seed 001, Grapple: Pinned)."""
    state.pay(scene, action.actor, "grapple_regain")
    won = _contest(scene, action, plan)
    if won is not None:
        _regained(scene, action, plan, won)


def _regained(scene: Scene, action: RegainControl, plan: GrapplePlan, won: bool) -> None:
    """Winning takes control; losing ends the turn's actions."""
    if won:
        _engage(scene, action.actor, plan.other)
    else:
        scene.world.set(action.actor, regain_control(state.turn_state(scene, action.actor), False))


def check_grapple_attack(scene: Scene, action: GrappleAttack) -> attacks.StrikePlan | str:
    """In control: attack the pinned opponent with a light weapon or unarmed (3 AP)."""
    refusal = state.problem(scene, action.actor, "grapple_attack")
    if refusal:
        return refusal
    if state.grapple_of(scene, action.actor).partner != action.target:
        return "a grappler attacks only the opponent they hold"
    return attacks.plan_strike(scene, action.actor, action.target)


def grapple_attack(scene: Scene, action: GrappleAttack, plan: attacks.StrikePlan) -> None:
    """Pay 3 AP and make the attack (hero points may follow the roll, as for any attack)."""
    state.pay(scene, action.actor, "grapple_attack")
    attacks.strike(scene, action, plan)


def check_end(scene: Scene, action: EndGrapple) -> EndGrapple | str:
    """In control: end the grapple (1 AP)."""
    return state.problem(scene, action.actor, "grapple_end") or action


def end(scene: Scene, action: EndGrapple, plan: EndGrapple) -> None:
    """Pay 1 AP and let go."""
    state.pay(scene, action.actor, "grapple_end")
    release(scene, action.actor, "let go")


def check_grapple_move(scene: Scene, action: GrappleMove) -> GrappleMove | str:
    """In control: move up to 10 ft (2 hexes of movement) with the opponent in tow (3 AP)."""
    return state.problem(scene, action.actor, "grapple_move") or drag_problem(scene, action) or action


def drag_problem(scene: Scene, action: GrappleMove) -> str | None:
    """What stops this walk with the opponent in tow, its AP aside: the path, or someone standing
    where the opponent would be dragged."""
    if not action.path:
        return "name the hexes to move through"
    problem = movement.path_problem(scene.setup.field, scene.world, action.actor, action.path, REACH,
                                    scene.setup.setting("allies_block_movement", False), scene.place)
    if problem:
        return f"cannot move there: {problem}"
    return _drag_problem(scene, action)


def _drag_problem(scene: Scene, action: GrappleMove) -> str | None:
    """The opponent is dragged into the hex the grappler leaves last: it must be free of anyone else."""
    start = scene.world.get(action.actor, Position).hex
    into = (start, *action.path)[-2]
    holder = scene.world.at(into)
    if holder is not None and holder not in (action.actor, state.grapple_of(scene, action.actor).partner):
        return f"the opponent would be dragged into {scene.place(into)}, where {scene.name(holder)} stands"
    return None


def grapple_move(scene: Scene, action: GrappleMove, plan: GrappleMove) -> None:
    """Pay 3 AP and walk; the pinned opponent is dragged into the last hex the grappler left."""
    state.pay(scene, action.actor, "grapple_move")
    pinned = state.grapple_of(scene, action.actor).partner
    was = scene.world.get(pinned, Position).hex
    start = scene.world.get(action.actor, Position).hex
    movement.walk(scene, action.actor, action.path)
    walked = (start, *action.path)
    trail = walked[:walked.index(scene.world.get(action.actor, Position).hex)]  # the pinned one follows
    into = next((h for h in reversed(trail) if scene.world.at(h) in (None, pinned)), was)  # an ally's hex is passed over
    trail = trail[:trail.index(into) + 1] if into in trail else ()
    scene.world.set(pinned, Position(into))
    scene.emit(Moved(pinned, (was, *trail), "dragged"))


def check_grapple_toss(scene: Scene, action: GrappleToss) -> GrapplePlan | str:
    """In control: toss the opponent onto an open hex up to 10 ft away (3 AP, a contested STR roll, our reading)."""
    return (state.problem(scene, action.actor, "grapple_toss") or landing_problem(scene, action)
            or toss_plan(scene, action.actor))


def landing_problem(scene: Scene, action: GrappleToss) -> str | None:
    """Why the toss cannot land there, its AP aside: too far, or not open ground."""
    here = scene.world.get(action.actor, Position).hex
    if not 0 < distance(here, action.to) <= REACH:
        return "a toss lands within 10 ft (2 hexes)"
    if not scene.setup.field.enterable(action.to) or scene.world.at(action.to) is not None:
        return f"{scene.place(action.to)} is not open ground to land on"
    return None


def toss_plan(scene: Scene, actor: EntityId) -> GrapplePlan:
    """The STR contest of a toss by the one in control, wherever it lands."""
    return _plan(scene, actor, state.grapple_of(scene, actor).partner)


def grapple_toss(scene: Scene, action: GrappleToss, plan: GrapplePlan) -> None:
    """Pay 3 AP and roll STR against STR: winning throws the opponent there and ends the grapple."""
    state.pay(scene, action.actor, "grapple_toss")
    won = _contest(scene, action, plan)
    if won is not None:
        _tossed(scene, action, plan, won)


def _tossed(scene: Scene, action: GrappleToss, plan: GrapplePlan, won: bool) -> None:
    """Winning throws the opponent onto the hex and ends the grapple."""
    if not won:
        return
    was = scene.world.get(plan.other, Position).hex
    release(scene, action.actor, "tossed clear")
    scene.world.set(plan.other, Position(action.to))
    scene.emit(Moved(plan.other, (was, action.to), "tossed"))
