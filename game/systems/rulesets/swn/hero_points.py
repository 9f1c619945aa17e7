"""Hero points under Stars Without Number (seed 004 with the SWN attack): the attacker who missed
may spend a point on the d20 roll just seen; the bought dice are added to its total. So may whoever
lost any other roll an action stops at (a save, a skill check, a disarm's opposed roll: `STEPS`).
A character an attack's damage is about to land on may spend points to negate some of it
(`swn_negation`).

The shared hero point answers (`hero_points.rows`) go on with `go_on` here; the decision's
options (`prompt_options`) show the exact chance the bought dice turn the miss into a hit.
The SWN decisions (overwatch, protect, a squad's footprint) keep their own `Hold`.
"""

from __future__ import annotations

from game.actions import Action, Charge, Disarm, Hold, NegateDamage, Shove, ThrowGrenade
from game.events import Attacked, CheckRolled
from game.options import AT_ONCE, Option, Options
from game.prompts import CounterChance, HeroPointChance, NegationChance, Prompt
from game.rules.swn.attack import AttackResult, Modifier, with_part
from game.rules.hero_points import DIE_ROLL, ExtraRoll
from game.systems.rulesets.swn import charge, choices, combat, disarm, grenades, medicine, morale_actions, shove
from game.systems.rulesets.swn import table
from game.systems.dispatch import Row
from game.systems.rulesets import hero_points
from game.systems.rulesets.swn.negation import NEGATING, forget_if_down, replan
from game.systems.scene import Scene

HERO_PROMPTS = (HeroPointChance, CounterChance)


def _bought(chance: HeroPointChance, extras: tuple[ExtraRoll, ...]):
    """The attack roll with the bought dice added as a named part, judged again (a natural 20 or 1
    still decides); the roll as it stood without them (Seed 004 with SWN core)."""
    if not extras:
        return chance.result
    return with_part(chance.result, Modifier("hero points", sum(extra.counted for extra in extras), DIE_ROLL))


def go_on(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...]) -> None:
    """After the decision: the roll with the bought dice, then the attack lands as any other of
    its kind: a shot, a charge's blow or a grenade's throw."""
    if chance.waiting is not None:
        hero_points.resume(scene, chance, extras, STEPS)
        return
    follow = {Charge: _charge_goes_on, ThrowGrenade: _throw_goes_on, Shove: _shove_goes_on,
              Disarm: _disarm_goes_on}.get(type(chance.attack), _shot_goes_on)
    follow(scene, chance, _bought(chance, extras), bool(extras))


def _checked(purpose: str, lands) -> hero_points.Resume:
    """How a skill check goes on after the decision: told again with the bought dice a named part
    of its total (seed 004), then the action goes on from it."""
    def goes_on(scene: Scene, chance: HeroPointChance, waiting, bought: bool) -> None:
        action = chance.attack
        if bought:
            scene.emit(CheckRolled(action.actor, purpose, waiting.roll, getattr(action, "target", 0),
                                   getattr(action, "side", "")))
        lands(scene, action, waiting.roll)
    return goes_on


STEPS: dict[str, hero_points.Resume] = {
    grenades.BLAST_SAVE: grenades.save_lands,
    charge.CHARGER_SAVE: charge.save_lands, charge.PILOT_CHECK: charge.pilot_lands,
    disarm.OPPOSED_ROLLS: disarm.rolls_land,
    medicine.STABILISE: _checked(medicine.STABILISE, medicine.stabilise_lands),  # SWN core
    "intimidate": _checked("intimidate", morale_actions.intimidate_lands),  # seed 002
    "read morale": _checked("read morale", morale_actions.read_lands)}
"""The rolls beyond an attack roll that an action stops at for a decision (`RollWaiting.step`),
and how each goes on."""


def _still(plan, what: str):
    """The plan of an action waiting on a decision, made again (nothing it reads has changed)."""
    if isinstance(plan, str):
        raise AssertionError(f"{what} waiting on a hero point decision became impossible: {plan}")
    return plan


def _shot_goes_on(scene: Scene, chance: HeroPointChance, result: AttackResult, bought: bool) -> None:
    shot = chance.attack
    plan = replan(scene, shot)
    if bought:
        scene.emit(Attacked(shot.actor, shot.target, result, plan.weapon.id))
    combat.finish_shot(scene, plan, result)
    forget_if_down(scene, shot.target)


def _charge_goes_on(scene: Scene, chance: HeroPointChance, result: AttackResult, bought: bool) -> None:
    """A charger's blow or a vehicle's ram after the decision (seed 002, Charge (Person), (Vehicle/Mech))."""
    plan = charge.blow_plan(scene, chance.attack)
    if bought and plan.ram:
        scene.emit(Attacked(plan.charger, plan.target, result, how="ram", hexes=plan.hexes))
    elif bought:
        scene.emit(Attacked(plan.charger, plan.target, result, plan.weapon.id if plan.weapon else "", "charge"))
    (charge.ram_lands if plan.ram else charge.crash_lands)(scene, chance.attack, plan, result)


def _shove_goes_on(scene: Scene, chance: HeroPointChance, result: AttackResult, bought: bool) -> None:
    """A shove after the decision: a hit pushes (seed 002, Shove)."""
    push = chance.attack
    plan = _still(shove.plan_shove(scene, push.actor, push.target), "a shove")
    if bought:
        scene.emit(Attacked(push.actor, push.target, result, how="shove"))
    shove.shove_lands(scene, plan, result)


def _disarm_goes_on(scene: Scene, chance: HeroPointChance, result: AttackResult, bought: bool) -> None:
    """A disarm's melee attack after the decision: a hit leads to the opposed rolls (seed 002, Disarm)."""
    action = chance.attack
    plan = _still(disarm.disarm_plan(scene, action.actor, action.target), "a disarm")
    if bought:
        scene.emit(Attacked(action.actor, action.target, result, plan.weapon.id, "disarm"))
    disarm.disarm_lands(scene, action, plan, result)


def _throw_goes_on(scene: Scene, chance: HeroPointChance, result: AttackResult, bought: bool) -> None:
    """A grenade's throw after the decision: on target, or scattering (seed 002, Grenades & Cover)."""
    throw = chance.attack
    preview = _still(grenades.grenade_preview(scene, throw.actor, throw.at), "a throw")
    if bought:
        scene.emit(Attacked(throw.actor, preview.target or 0, result, preview.weapon.id, "throw", at=throw.at))
    grenades.throw_lands(scene, throw, preview, result)


def _check_hold(scene: Scene, action: Hold) -> object:
    """Hold answers a hero point decision here, any other decision as the SWN table does."""
    if scene.pending and isinstance(scene.pending[0], (*HERO_PROMPTS, NegationChance)):
        return action
    return table.check_hold(scene, action)


def _hold(scene: Scene, action: Hold, plan: object) -> None:
    if isinstance(scene.pending[0], HERO_PROMPTS):
        hero_points.hold(scene, action, go_on)
    elif isinstance(scene.pending[0], NegationChance):
        NEGATING.hold(scene, action)
    else:
        table.hold(scene, action, plan)


def rows() -> dict[type[Action], Row]:
    """The hero point rows of the SWN table (spend, counter, negate), with a Hold that answers
    every SWN decision."""
    found = hero_points.rows(go_on)
    found[NegateDamage] = NEGATING.row()
    found[Hold] = Row(_check_hold, _hold, instant=True, answers=True, only_answers=True)
    return found


def _short_by(prompt: HeroPointChance) -> int:
    """What the roll the decision is about fell short by: as the action waiting at it says, or an attack's."""
    if prompt.waiting is not None:
        return prompt.waiting.short_by
    return prompt.result.target - prompt.result.total


def prompt_options(scene: Scene, prompt: Prompt) -> Options:
    """The answers to an open decision: a hero point's (spend, with the exact chance the bought dice
    reach the number the roll missed, or let it stand; counter or not; negate, with the damage
    then dealt, or take the hit), else the SWN ones."""
    if isinstance(prompt, CounterChance):
        return hero_points.counter_options(scene, prompt)
    if isinstance(prompt, NegationChance):
        return Options(prompt.decider, NEGATING.options(scene, prompt))
    if not isinstance(prompt, HeroPointChance):
        return choices.prompt_options(scene, prompt)
    needed = _short_by(prompt)
    stand = Option("hold", Hold(prompt.decider), aim=AT_ONCE)
    return Options(prompt.decider, (*hero_points.spend_options(scene, prompt, needed), stand))
