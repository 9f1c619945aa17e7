"""Hero points against a These Lucky Stars hit (seed 004, Negating Damage, read for seed 001).

The one hit is asked after the damage roll and before it drains DEF and VIT
(`lucky_stars_attack.land` opens the decision). Each point buys three picks from what the
ruleset can undo (`game/rules/lucky_stars/negation.py`): 3 points off the damage, one VIT the
hit took given back, or the wound or condition it inflicts. An attack here knocks nobody down,
so the knockdown pick is never worth buying and is not offered. The options buy the picks that
leave the least of the hit: first not incapacitated, then the fewest VIT lost, then no wound or
condition, then the most DEF left. The hit then drains DEF and VIT as any other.
"""

from __future__ import annotations

from game.rules.ruleset_names import LUCKY_STARS
from game.actions import Hold, NegateDamage
from game.events import DamageNegated
from game.prompts import NegationChance
from game.rules.hero_points import shock_removed
from game.rules.lucky_stars.negation import NEGATION, NegatedHit, negate_hit
from game.rules.lucky_stars.strike import StrikeReport
from game.systems.hero_chances import points
from game.systems.rulesets.lucky_stars import attack as attacks
from game.systems.rulesets.lucky_stars import state
from game.systems.rulesets.hero_points.negation import Negating, best_picks
from game.systems.scene import Scene

OFFERED = ("shock", "wound", "condition")
"""The picks in order of preference among equals (no knockdown: an attack here knocks nobody down)."""


def _hit(scene: Scene, prompt: NegationChance, picks: tuple[str, ...]) -> NegatedHit:
    """What the hit does to the character's DEF and VIT as they stand, with these picks bought."""
    return negate_hit(state.health(scene, prompt.decider), prompt.amount, picks)


def _damage(prompt: NegationChance, picks: tuple[str, ...]) -> int:
    return max(0, prompt.amount - shock_removed(picks))


def _harm(scene: Scene, prompt: NegationChance, picks: tuple[str, ...]) -> tuple[bool, int, bool, int]:
    """What is left of the hit, worst first: incapacitated, VIT lost, a wound or condition, then
    the DEF it leaves (more is better)."""
    outcome = _hit(scene, prompt, picks).outcome
    return outcome.health.incapacitated, outcome.vitality_lost, outcome.wound, -outcome.health.defense


def outcome(scene: Scene, prompt: NegationChance, picks: tuple[str, ...]) -> tuple[int, bool]:
    """The damage the hit deals with these picks, and whether it takes the character out (0 VIT)."""
    return _damage(prompt, picks), _hit(scene, prompt, picks).outcome.health.incapacitated


def picks(scene: Scene, prompt: NegationChance, points_spent: int) -> tuple[str, ...]:
    """The picks these points buy that leave the least of the hit."""
    return best_picks(OFFERED, points_spent, lambda bought: _harm(scene, prompt, bought))


def land(scene: Scene, prompt: NegationChance, action: NegateDamage | None) -> None:
    """The hit drains DEF and VIT, less what the hero points negated (Seed 004 with Seed 001, Applying Damage)."""
    plan = attacks.replan(scene, prompt.attack)
    if isinstance(plan, str):
        raise AssertionError(f"an attack waiting on a negation decision became impossible: {plan}")
    bought = action.picks if action is not None else ()
    if action is not None:
        scene.emit(DamageNegated(action.actor, bought, prompt.amount, _damage(prompt, bought),
                                 points(scene, action.actor), int(action.personal), action.from_pool))
    attacks.drain(scene, plan, StrikeReport(prompt.contest, prompt.blow, _hit(scene, prompt, bought).outcome), bought)


NEGATING = Negating(LUCKY_STARS, NEGATION, land, outcome, picks)


def check_hold(scene: Scene, action: Hold) -> Hold:
    """Hold takes the hit as it was rolled (the ruleset's Hold row asks only while this decision is open)."""
    return action


def hold(scene: Scene, action: Hold, plan: Hold) -> None:
    """Take the hit as it was rolled."""
    NEGATING.hold(scene, action)
