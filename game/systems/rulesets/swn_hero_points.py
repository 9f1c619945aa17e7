"""Hero points under Stars Without Number (seed 004 with the SWN attack): the attacker who missed
may spend a point on the d20 roll just seen; the bought dice are added to its total.

The shared hero point answers (`hero_points.rows`) go on with `go_on` here; the decision's
options (`prompt_options`) show the exact chance the bought dice turn the miss into a hit.
The SWN decisions (overwatch, protect, a squad's footprint) keep their own `Hold`.
"""

from __future__ import annotations

from game.actions import Action, CounterHeroPoint, Hold, OverwatchFire, SpendHeroPoint
from game.events import Attacked
from game.options import Option, Options
from game.prompts import CounterChance, HeroPointChance, OverwatchChance, Prompt
from game.rules.attack import Modifier, with_part
from game.rules.hero_points import ExtraRoll
from game.systems import choices, combat, dispatch
from game.systems.dispatch import Row
from game.systems.rulesets import hero_points
from game.systems.scene import Scene, in_the_fight

HERO_PROMPTS = (HeroPointChance, CounterChance)


def go_on(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...]) -> None:
    """After the decision: the bought dice added to the attack roll, which is judged again (a
    natural 20 or 1 still decides), then the shot lands as any other (Seed 004 with SWN core)."""
    shot = chance.attack
    plan = combat.plan_attack(scene, shot.actor, shot.target, getattr(shot, "burst", False),
                              getattr(shot, "aimed", False), overwatch=isinstance(shot, OverwatchFire))
    if isinstance(plan, str):
        raise AssertionError(f"an attack waiting on a hero point became impossible: {plan}")
    result = chance.result
    if extras:
        result = with_part(result, Modifier("hero points", sum(extra.counted for extra in extras)))
        scene.emit(Attacked(shot.actor, shot.target, result, plan.weapon.id))
    combat.finish_shot(scene, plan, result)
    if not in_the_fight(scene.world, shot.target):  # downed: no other watcher is asked about it
        scene.pending[:] = [p for p in scene.pending if not (isinstance(p, OverwatchChance) and p.mover == shot.target)]


def _check_hold(scene: Scene, action: Hold) -> object:
    """Hold answers a hero point decision here, any other decision as the SWN table does."""
    if scene.pending and isinstance(scene.pending[0], HERO_PROMPTS):
        return hero_points.check_hold(scene, action)
    return dispatch.check_hold(scene, action)


def _hold(scene: Scene, action: Hold, plan: object) -> None:
    if isinstance(scene.pending[0], HERO_PROMPTS):
        hero_points.hold(scene, action, go_on)
    else:
        dispatch.hold(scene, action, plan)


def rows() -> dict[type[Action], Row]:
    """The hero point rows of the SWN table, with a Hold that answers every SWN decision."""
    found = hero_points.rows(go_on)
    found[Hold] = Row(_check_hold, _hold, instant=True, answers=True, only_answers=True)
    return found


def prompt_options(scene: Scene, prompt: Prompt) -> Options:
    """The answers to an open decision: a hero point's (spend, with the exact chance the bought dice
    reach the number the roll missed, or let it stand; counter or not), else the SWN ones."""
    if isinstance(prompt, CounterChance):
        return hero_points.counter_options(scene, prompt)
    if not isinstance(prompt, HeroPointChance):
        return choices.prompt_options(scene, prompt)
    needed = prompt.result.target - prompt.result.total
    stand = Option("hold", Hold(prompt.decider))
    return Options(prompt.decider, (*hero_points.spend_options(scene, prompt, needed), stand))
