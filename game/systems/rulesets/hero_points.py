"""Hero points in a battle (seed 004, map module `hero_points`): after seeing a roll, the side that
lost it may spend a point for an extra d20, through a decision like the protect and overwatch ones.

Any ruleset's attack can offer the spend (`offer_after`); the ruleset's table answers it with
`SpendHeroPoint` or `Hold`, and its attack goes on from the roll as it then stands. Wired into
These Lucky Stars attacks; see docs/rules/hero-points.md for what is and is not.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from game.actions import Hold, SpendHeroPoint
from game.components import HeroPoints
from game.ecs import EntityId
from game.events import HeroPointSpent
from game.prompts import HeroPointChance
from game.rules.hero_points import EXTRA_DIE, EXTRA_ROLL_FLOOR, REROLL_FACES, ExtraRoll, roll_extra
from game.rules.dice import Roll
from game.systems.scene import Scene

MODULE = "hero_points"


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


def check_spend(scene: Scene, action: SpendHeroPoint) -> SpendHeroPoint | str:
    """Spending answers an open hero point decision, with a point left (Seed 004)."""
    prompt = scene.pending[0] if scene.pending else None
    if not isinstance(prompt, HeroPointChance):
        return "there is no roll to spend a hero point on"
    return action if points(scene, action.actor) >= 1 else "no hero point left"


def spend(scene: Scene, action: SpendHeroPoint) -> tuple[HeroPointChance, ExtraRoll]:
    """Pay one personal point and roll the bought die; the caller puts it on the roll."""
    prompt = scene.pending.pop(0)
    scene.world.set(action.actor, HeroPoints(points(scene, action.actor) - 1))
    extra = roll_extra(scene.dice)
    scene.emit(HeroPointSpent(action.actor, extra, points(scene, action.actor)))
    return prompt, extra


def check_hold(scene: Scene, action: Hold) -> Hold | str:
    """Letting the roll stand answers the decision."""
    return action if scene.pending and isinstance(scene.pending[0], HeroPointChance) else "there is no decision to answer"


def hold(scene: Scene) -> HeroPointChance:
    """Close the decision; the roll stands."""
    return scene.pending.pop(0)
