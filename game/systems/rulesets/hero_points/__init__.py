"""Hero points in a battle (seed 004, map module `hero_points`): after seeing a roll, the one who
lost it may spend a point for an extra d20; an enemy with a point may counter it before the die is
rolled. Both are decisions like the protect and overwatch ones.

Any ruleset's attack can offer the spend (`offer_after`). Its table answers the decisions with
`SpendHeroPoint`, `CounterHeroPoint` and `Hold`, passing its own `GoOn`: how its attack goes on
from the roll, with the bought die or without it. See docs/rules/hero-points.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import cache, partial
from typing import Any

from game.actions import Action, CounterHeroPoint, GmAwardHeroPoints, Hold, SpendHeroPoint
from game.components import Allegiance, HeroPoints
from game.ecs import EntityId
from game.events import HeroDieRolled, HeroPointCountered, HeroPointSpent, HeroPoolAwarded
from game.options import AT_ONCE, ChanceOption, Option, Options
from game.prompts import CounterChance, HeroPointChance, RollWaiting
from game.rules.dice import Roll
from game.rules.hero_points import (EXTRA_DIE, EXTRA_ROLL_FLOOR, REROLL_FACES, ExtraRoll, Spend, bought_onto, roll_extra,
                                    spend_problem)
from game.systems.dispatch import Row
from game.systems.hero_chances import MODULE, enabled, offer_after, points, pool  # noqa: F401 (re-exported)
from game.systems.scene import Scene, hostile, in_the_fight

GoOn = Callable[[Scene, HeroPointChance, "tuple[ExtraRoll, ...]"], None]
"""How a ruleset's attack goes on after the decision: with the bought dice (none: the roll as it stood)."""


@cache
def _rolling_on(dice: int, needed: int) -> Fraction:
    """The chance that a die already past its first face (rolling again on 10s and 20s, no floor)
    plus `dice` - 1 more bought dice reach `needed`."""
    if needed <= 0:
        return Fraction(1)
    chance = Fraction(0)
    for face in range(1, EXTRA_DIE + 1):
        rest = _rolling_on(dice, needed - face) if face in REROLL_FACES else extra_at_least(needed - face, dice - 1)
        chance += rest / EXTRA_DIE
    return chance


@cache
def extra_at_least(needed: int, dice: int = 1) -> Fraction:
    """The chance `dice` bought dice together count `needed` or more: each a d20 rolling again on
    10s and 20s, counting at least 10 (Seed 004)."""
    if needed <= 0:
        return Fraction(1)
    if dice == 0:
        return Fraction(0)
    chance = Fraction(0)
    for face in range(1, EXTRA_DIE + 1):
        if face in REROLL_FACES:
            chance += _rolling_on(dice, needed - face) / EXTRA_DIE
        else:
            chance += extra_at_least(needed - max(face, EXTRA_ROLL_FLOOR), dice - 1) / EXTRA_DIE
    return chance


def with_extra(roll: Roll, extras: tuple[ExtraRoll, ...]) -> Roll:
    """The roll with the bought dice added as a named part (Seed 004: added to the final roll)."""
    bought = sum(extra.counted for extra in extras)
    return Roll(roll.expression + "+HERO", roll.dice, roll.modifiers + (("hero points", bought),), roll.total + bought)


Resume = Callable[[Scene, HeroPointChance, RollWaiting, bool], None]
"""How an action goes on from a roll it stopped at (`RollWaiting.step`), given the decision: the
roll as it now stands, and whether hero point dice were added to it."""


def resume(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...], steps: Mapping[str, Resume]) -> None:
    """After a decision on a waiting roll: the dice nobody countered added to the decider's roll as
    a named part (Seed 004), then the action goes on from that step (`steps`, the ruleset's table)."""
    waiting = chance.waiting
    if extras:
        rolls = list(waiting.rolls)
        rolls[waiting.mine] = bought_onto(waiting.roll, sum(extra.counted for extra in extras))
        waiting = replace(waiting, rolls=tuple(rolls))
    steps[waiting.step](scene, chance, waiting, bool(extras))


def _pay(scene: Scene, entity: EntityId) -> int:
    left = points(scene, entity) - 1
    scene.world.set(entity, HeroPoints(left))
    return left


def _next_counterer(scene: Scene, spender: EntityId, asked: tuple[int, ...]) -> EntityId | None:
    """An enemy of the spender still in the fight with a point, not asked yet, lowest id first (Ruling: all enemies are aware)."""
    side = scene.side_of(spender)
    for entity, allegiance in scene.world.query(Allegiance):
        if (entity not in asked and hostile(side, allegiance.side) and in_the_fight(scene.world, entity)
                and points(scene, entity) >= 1):
            return entity
    return None


def _roll_or_ask(scene: Scene, chance: HeroPointChance, asked: tuple[int, ...], dice: int, go_on: GoOn) -> None:
    """Ask the next enemy who could counter; when nobody is left to ask (or no die is left),
    roll the dice not countered and go on."""
    counterer = _next_counterer(scene, chance.decider, asked) if dice else None
    if counterer is not None:
        question = f"{scene.name(chance.decider)} spends hero points ({dice} dice): counter one with a point of yours?"
        scene.pending.append(CounterChance(counterer, question, chance.decider, chance, asked + (counterer,), dice))
        return
    extras = tuple(roll_extra(scene.dice) for _ in range(dice))
    for extra in extras:
        scene.emit(HeroDieRolled(chance.decider, extra))
    go_on(scene, chance, extras)


def _paying_answer(scene: Scene, action: Action, asks: type, none_open: str) -> Action | str:
    """An answer that costs a point: the decision it answers must be open and a point left."""
    if not (scene.pending and isinstance(scene.pending[0], asks)):
        return none_open
    return action if points(scene, action.actor) >= 1 else "no hero point left"


def check_spend(scene: Scene, action: SpendHeroPoint) -> SpendHeroPoint | str:
    """Spending answers an open hero point decision: at most one personal point, any from the pool (Seed 004)."""
    if not (scene.pending and isinstance(scene.pending[0], HeroPointChance)):
        return "there is no roll to spend a hero point on"
    problem = spend_problem(Spend(int(action.personal), action.from_pool), points(scene, action.actor),
                            pool(scene, action.actor))
    return problem or action


def spend(scene: Scene, action: SpendHeroPoint, go_on: GoOn) -> None:
    """Pay the points; enemies who could counter are asked before the dice are rolled (Seed 004)."""
    chance = scene.pending.pop(0)
    left = _pay(scene, action.actor) if action.personal else points(scene, action.actor)
    side = scene.side_of(action.actor)
    scene.update_side(side, hero_pool=scene.sides[side].hero_pool - action.from_pool)
    scene.emit(HeroPointSpent(action.actor, left, int(action.personal), action.from_pool))
    _roll_or_ask(scene, chance, (), int(action.personal) + action.from_pool, go_on)


def check_counter(scene: Scene, action: CounterHeroPoint) -> CounterHeroPoint | str:
    """Countering answers an open counter decision, with a point left (Seed 004, Countering)."""
    return _paying_answer(scene, action, CounterChance, "there is no hero point to counter")


def counter(scene: Scene, action: CounterHeroPoint, go_on: GoOn) -> None:
    """Both points are spent and one bought die is not rolled; the others may still be countered (Seed 004, Countering)."""
    prompt = scene.pending.pop(0)
    scene.emit(HeroPointCountered(action.actor, prompt.spender, _pay(scene, action.actor)))
    _roll_or_ask(scene, prompt.chance, prompt.asked, prompt.dice - 1, go_on)


def check_hold(scene: Scene, action: Hold) -> Hold | str:
    """Letting it be answers either decision."""
    open_ = scene.pending[0] if scene.pending else None
    return action if isinstance(open_, (HeroPointChance, CounterChance)) else "there is no decision to answer"


def hold(scene: Scene, action: Hold, go_on: GoOn) -> None:
    """Not spending: the roll stands. Not countering: ask the next enemy, or roll the die."""
    prompt = scene.pending.pop(0)
    if isinstance(prompt, CounterChance):
        _roll_or_ask(scene, prompt.chance, prompt.asked, prompt.dice, go_on)
    else:
        go_on(scene, prompt, ())


def _answered(step: Callable[[Scene, Any, GoOn], None], go_on: GoOn, scene: Scene, action: Any, plan: Any) -> None:
    step(scene, action, go_on)


def check_award(scene: Scene, action: GmAwardHeroPoints) -> GmAwardHeroPoints | str:
    """The GM awards 1 or more points to a side of this battle, with hero points on."""
    if not enabled(scene):
        return "hero points are off on this map (map property modules: hero_points)"
    if action.side not in scene.sides:
        return f"there is no side '{action.side}' in this battle (sides: {', '.join(sorted(scene.sides))})"
    return action if action.points >= 1 else "award 1 hero point or more"


def award(scene: Scene, action: GmAwardHeroPoints, plan: GmAwardHeroPoints) -> None:
    """Add the points to the side's pool (Seed 004, outside sources)."""
    pool_now = scene.sides[action.side].hero_pool + action.points
    scene.update_side(action.side, hero_pool=pool_now)
    scene.emit(HeroPoolAwarded(action.side, action.points, pool_now))


def rows(go_on: GoOn) -> dict[type[Action], Row]:
    """The table rows answering hero point decisions, for a ruleset whose attack goes on with
    `go_on`, and the GM's award to a side's pool."""
    answer = {"instant": True, "answers": True, "only_answers": True}
    return {SpendHeroPoint: Row(check_spend, partial(_answered, spend, go_on), **answer),
            CounterHeroPoint: Row(check_counter, partial(_answered, counter, go_on), **answer),
            Hold: Row(check_hold, partial(_answered, hold, go_on), **answer),
            GmAwardHeroPoints: Row(check_award, award, gm=True)}


def counter_options(scene: Scene, prompt: CounterChance) -> Options:
    """Counter the enemy's hero point (both points spent, its die not rolled) or let it be."""
    decider = prompt.decider
    return Options(decider, (Option("counter_hero_point", CounterHeroPoint(decider), aim=AT_ONCE),
                              Option("hold", Hold(decider), aim=AT_ONCE)))


POOL_DICE_OFFERED = 3  # the most pool points one option puts on a roll (the action takes any number)


def spend_options(scene: Scene, chance: HeroPointChance, needed: int) -> list[Option]:
    """Each way to spend on the roll, cheapest first (a personal point, then pool points added),
    with the exact chance the bought dice reach `needed` (Seed 004)."""
    found: list[Option] = []
    for from_pool in range(min(pool(scene, chance.decider), POOL_DICE_OFFERED) + 1):
        for personal in (True, False):
            action = SpendHeroPoint(chance.decider, personal=personal, from_pool=from_pool)
            if isinstance(check_spend(scene, action), str):
                continue
            dice = int(personal) + from_pool
            found.append(ChanceOption("spend_hero_point", action, aim=AT_ONCE, chance=extra_at_least(needed, dice)))
    return found
