"""Hero points in a battle (seed 004, map module `hero_points`): after seeing a roll, the one who
lost it may spend a point for an extra d20; an enemy with a point may counter it before the die is
rolled. Both are decisions like the protect and overwatch ones.

Any ruleset's attack can offer the spend (`offer_after`). Its table answers the decisions with
`SpendHeroPoint`, `CounterHeroPoint` and `Hold`, passing its own `GoOn`: how its attack goes on
from the roll, with the bought die or without it. See docs/rules/hero-points.md.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache, partial
from typing import Any

from game.actions import Action, CounterHeroPoint, Hold, SpendHeroPoint
from game.components import Allegiance, HeroPoints
from game.ecs import EntityId
from game.events import HeroDieRolled, HeroPointCountered, HeroPointSpent
from game.options import Option, Options
from game.prompts import CounterChance, HeroPointChance
from game.rules.dice import Roll
from game.rules.hero_points import EXTRA_DIE, EXTRA_ROLL_FLOOR, REROLL_FACES, ExtraRoll, roll_extra
from game.systems.dispatch import Row
from game.systems.scene import Scene, hostile, in_the_fight

MODULE = "hero_points"
GoOn = Callable[[Scene, HeroPointChance, "ExtraRoll | None"], None]
"""How a ruleset's attack goes on after the decision: with the bought die, or with the roll as it stood."""


def points(scene: Scene, entity: EntityId) -> int:
    """The combatant's own hero points left."""
    held = scene.world.try_get(entity, HeroPoints)
    return held.points if held is not None else 0


def enabled(scene: Scene) -> bool:
    """Whether the map turns hero points on (map property `modules`)."""
    return MODULE in scene.setup.modules


@cache
def _sum_at_least(needed: int) -> Fraction:
    """The chance a bought d20, rolling again on 10s and 20s, adds up to `needed` or more (Seed 004)."""
    if needed <= 1:
        return Fraction(1)
    chance = Fraction(0)
    for face in range(1, EXTRA_DIE + 1):
        if face in REROLL_FACES:
            chance += _sum_at_least(needed - face) / EXTRA_DIE
        elif face >= needed:
            chance += Fraction(1, EXTRA_DIE)
    return chance


def extra_at_least(needed: int) -> Fraction:
    """The chance one bought die counts `needed` or more (it counts at least 10) (Seed 004)."""
    return Fraction(1) if needed <= EXTRA_ROLL_FLOOR else _sum_at_least(needed)


def with_extra(roll: Roll, extra: ExtraRoll) -> Roll:
    """The roll with the bought die added as a named part (Seed 004: added to the final roll)."""
    return Roll(roll.expression + "+HERO", roll.dice, roll.modifiers + (("hero point", extra.counted),),
                roll.total + extra.counted)


def offer_after(scene: Scene, prompt: HeroPointChance) -> bool:
    """Open the decision when hero points are on and the one who lost the roll holds a point; True if opened."""
    if not enabled(scene) or points(scene, prompt.decider) < 1:
        return False
    scene.pending.append(prompt)
    return True


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


def _roll_or_ask(scene: Scene, chance: HeroPointChance, asked: tuple[int, ...], go_on: GoOn) -> None:
    """Ask the next enemy who could counter; when nobody is left to ask, roll the die and go on."""
    counterer = _next_counterer(scene, chance.decider, asked)
    if counterer is not None:
        question = f"{scene.name(chance.decider)} spends a hero point: counter it with one of yours?"
        scene.pending.append(CounterChance(counterer, question, chance.decider, chance, asked + (counterer,)))
        return
    extra = roll_extra(scene.dice)
    scene.emit(HeroDieRolled(chance.decider, extra))
    go_on(scene, chance, extra)


def _paying_answer(scene: Scene, action: Action, asks: type, none_open: str) -> Action | str:
    """An answer that costs a point: the decision it answers must be open and a point left."""
    if not (scene.pending and isinstance(scene.pending[0], asks)):
        return none_open
    return action if points(scene, action.actor) >= 1 else "no hero point left"


def check_spend(scene: Scene, action: SpendHeroPoint) -> SpendHeroPoint | str:
    """Spending answers an open hero point decision, with a point left (Seed 004)."""
    return _paying_answer(scene, action, HeroPointChance, "there is no roll to spend a hero point on")


def spend(scene: Scene, action: SpendHeroPoint, go_on: GoOn) -> None:
    """Pay one personal point; enemies who could counter are asked before the die is rolled (Seed 004)."""
    chance = scene.pending.pop(0)
    scene.emit(HeroPointSpent(action.actor, _pay(scene, action.actor)))
    _roll_or_ask(scene, chance, (), go_on)


def check_counter(scene: Scene, action: CounterHeroPoint) -> CounterHeroPoint | str:
    """Countering answers an open counter decision, with a point left (Seed 004, Countering)."""
    return _paying_answer(scene, action, CounterChance, "there is no hero point to counter")


def counter(scene: Scene, action: CounterHeroPoint, go_on: GoOn) -> None:
    """Both points are spent and the die is not rolled: the roll stands (Seed 004, Countering)."""
    prompt = scene.pending.pop(0)
    scene.emit(HeroPointCountered(action.actor, prompt.spender, _pay(scene, action.actor)))
    go_on(scene, prompt.chance, None)


def check_hold(scene: Scene, action: Hold) -> Hold | str:
    """Letting it be answers either decision."""
    open_ = scene.pending[0] if scene.pending else None
    return action if isinstance(open_, (HeroPointChance, CounterChance)) else "there is no decision to answer"


def hold(scene: Scene, action: Hold, go_on: GoOn) -> None:
    """Not spending: the roll stands. Not countering: ask the next enemy, or roll the die."""
    prompt = scene.pending.pop(0)
    if isinstance(prompt, CounterChance):
        _roll_or_ask(scene, prompt.chance, prompt.asked, go_on)
    else:
        go_on(scene, prompt, None)


def _answered(step: Callable[[Scene, Any, GoOn], None], go_on: GoOn, scene: Scene, action: Any, plan: Any) -> None:
    step(scene, action, go_on)


def rows(go_on: GoOn) -> dict[type[Action], Row]:
    """The table rows answering hero point decisions, for a ruleset whose attack goes on with `go_on`."""
    answer = {"instant": True, "answers": True, "only_answers": True}
    return {SpendHeroPoint: Row(check_spend, partial(_answered, spend, go_on), **answer),
            CounterHeroPoint: Row(check_counter, partial(_answered, counter, go_on), **answer),
            Hold: Row(check_hold, partial(_answered, hold, go_on), **answer)}


def counter_options(scene: Scene, prompt: CounterChance) -> Options:
    """Counter the enemy's hero point (both points spent, its die not rolled) or let it be."""
    decider = prompt.decider
    return Options(decider, (Option("counter_hero_point", CounterHeroPoint(decider)), Option("hold", Hold(decider))))
